;;; (srfi 23) -- error
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  R7RS took these names over from SRFI 23; the
;;; library exports libscm's own, which behave as the SRFI says.

(define-library (srfi 23)
  (import (libscm))
  (export error))
