;;; 2.sld -- SRFI 2, and-let*: and with local bindings
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; (and-let* (CLAUSE ...) BODY ...) evaluates its clauses from left to
;;; right, like and, and stops with #f at the first false one.  A
;;; clause is (VARIABLE EXPRESSION), whose value is bound to VARIABLE
;;; for the clauses after it and the body; (EXPRESSION); or a bare
;;; VARIABLE.  When every clause is true, the value is the body's, or,
;;; with no body, the last clause's (#t with no clause either).  A
;;; clause of another shape is a syntax error at expansion.

;;; Code:

(define-library (srfi 2)
  (export and-let*)
  (import (libscm))
  (begin
    (define-syntax and-let*
      (lambda (form)
        (syntax-case form ()
          ((_ ()) #'#t)
          ((_ () body ...) #'(let () body ...))
          ;; The last clause with no body gives its value.
          ((_ ((var expr))) (identifier? #'var) #'expr)
          ((_ ((expr))) #'expr)
          ((_ (var)) (identifier? #'var) #'var)
          ((_ ((var expr) clause ...) body ...) (identifier? #'var)
           #'(let ((var expr))
               (if var (and-let* (clause ...) body ...) #f)))
          ((_ ((expr) clause ...) body ...)
           #'(if expr (and-let* (clause ...) body ...) #f))
          ((_ (var clause ...) body ...) (identifier? #'var)
           #'(if var (and-let* (clause ...) body ...) #f))
          ((_ (bad clause ...) body ...)
           #'(syntax-error "and-let*: bad clause" bad))
          ((_ . rest)
           #'(syntax-error "and-let*: bad syntax, expected (and-let* (clause ...) body ...)"
                           (and-let* . rest))))))))

;;; 2.sld ends here
