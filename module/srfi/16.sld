;;; (srfi 16) -- case-lambda
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  R7RS took these names over from SRFI 16; the
;;; library exports libscm's own, which behave as the SRFI says.

(define-library (srfi 16)
  (import (libscm))
  (export case-lambda))
