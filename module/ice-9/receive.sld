;;; (ice-9 receive) -- Guile's name for SRFI 8's receive
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; (receive FORMALS EXPRESSION BODY ...) binds the values of
;;; EXPRESSION to FORMALS, as a lambda list does, and evaluates BODY.
;;; receive is a core form of libscm; this library re-exports it, as
;;; (srfi 8) does, so the two can be imported together without a
;;; conflict: they are one binding.

;;; Code:

(define-library (ice-9 receive)
  (export receive)
  (import (libscm)))

;;; receive.sld ends here
