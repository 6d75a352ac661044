;;; (srfi 6) -- basic string ports
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  R7RS took these names over from SRFI 6; the
;;; library exports libscm's own, which behave as the SRFI says.

(define-library (srfi 6)
  (import (libscm))
  (export open-input-string open-output-string get-output-string))
