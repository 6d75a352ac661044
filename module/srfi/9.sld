;;; (srfi 9) -- records
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  R7RS took these names over from SRFI 9; the
;;; library exports libscm's own, which behave as the SRFI says.

(define-library (srfi 9)
  (import (libscm))
  (export define-record-type))
