;;; (srfi 11) -- let-values
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  R7RS took these names over from SRFI 11; the
;;; library exports libscm's own, which behave as the SRFI says.

(define-library (srfi 11)
  (import (libscm))
  (export let-values let*-values))
