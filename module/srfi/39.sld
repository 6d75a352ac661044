;;; (srfi 39) -- parameter objects
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  R7RS took these names over from SRFI 39; the
;;; library exports libscm's own, which behave as the SRFI says.

(define-library (srfi 39)
  (import (libscm))
  (export make-parameter parameterize))
