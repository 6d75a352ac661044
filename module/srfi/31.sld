;;; 31.sld -- SRFI 31, rec: a special form for recursive evaluation
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; (rec NAME EXPRESSION) is the value of EXPRESSION evaluated where
;;; NAME is bound to that value (as letrec binds it); (rec (NAME .
;;; FORMALS) BODY ...) is (rec NAME (lambda FORMALS BODY ...)).

;;; Code:

(define-library (srfi 31)
  (export rec)
  (import (libscm))
  (begin
    (define-syntax rec
      (syntax-rules ()
        ((_ (name . formals) body1 body ...)
         (letrec ((name (lambda formals body1 body ...))) name))
        ((_ name expr)
         (letrec ((name expr)) name))))))

;;; 31.sld ends here
