;;; (srfi 34) -- exception handling
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  R7RS took these names over from SRFI 34; the
;;; library exports libscm's own, which behave as the SRFI says.

(define-library (srfi 34)
  (import (libscm))
  (export with-exception-handler guard raise))
