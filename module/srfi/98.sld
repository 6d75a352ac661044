;;; (srfi 98) -- environment variables
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  R7RS took these names over from SRFI 98; the
;;; library exports libscm's own, which behave as the SRFI says.

(define-library (srfi 98)
  (import (libscm))
  (export get-environment-variable get-environment-variables))
