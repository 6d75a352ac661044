;;; 8.sld -- SRFI 8, receive: binding multiple values
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; (receive FORMALS EXPRESSION BODY ...) binds the values of
;;; EXPRESSION to FORMALS, as a lambda list does, and evaluates BODY.
;;; receive is a core form of libscm (the expander makes it a lambda
;;; applied to the values); this library re-exports it.

;;; Code:

(define-library (srfi 8)
  (export receive)
  (import (libscm)))

;;; 8.sld ends here
