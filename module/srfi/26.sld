;;; 26.sld -- SRFI 26, cut and cute: specializing parameters
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; (cut SLOT-OR-EXPR ...) is a procedure with one parameter per slot
;;; <> (in order), and a rest parameter if the last argument is <...>,
;;; that calls its first element with the others, the slots replaced by
;;; the parameters.  cut evaluates the other expressions (the operator
;;; too) each time the procedure is called; cute evaluates them once,
;;; when the procedure is made.  <> and <...> are literals of cut and
;;; cute, bound neither here nor in what imports them, as the SRFI and
;;; other Schemes have them: they match an identifier of the same name
;;; that is unbound where cut is used, as R7RS matches literals, so a
;;; program that imports only cut gets its slots, and a local variable
;;; named <> is an ordinary expression.  <...> anywhere but last is a
;;; syntax error.

;;; Code:

(define-library (srfi 26)
  (export cut cute)
  (import (libscm))
  (begin
    ;; (cut-build (PARAM ...) (CALL ...) SLOT-OR-EXPR ...): the
    ;; parameters and the call built so far, then what is left.
    (define-syntax cut-build
      (syntax-rules (<> <...>)
        ((_ (param ...) (call ...))
         (lambda (param ...) (call ...)))
        ((_ (param ...) (call ...) <...>)
         (lambda (param ... . rest) (apply call ... rest)))
        ((_ params calls <...> more ...)
         (syntax-error "cut: <...> must be the last argument"))
        ((_ (param ...) (call ...) <> more ...)
         (cut-build (param ... x) (call ... x) more ...))
        ((_ (param ...) (call ...) expr more ...)
         (cut-build (param ...) (call ... expr) more ...))))

    (define-syntax cut
      (syntax-rules ()
        ((_ slot-or-expr more ...)
         (cut-build () () slot-or-expr more ...))))

    ;; (cute-build (BINDING ...) (PARAM ...) (CALL ...) SLOT-OR-EXPR ...)
    (define-syntax cute-build
      (syntax-rules (<> <...>)
        ((_ (binding ...) (param ...) (call ...))
         (let (binding ...) (lambda (param ...) (call ...))))
        ((_ (binding ...) (param ...) (call ...) <...>)
         (let (binding ...) (lambda (param ... . rest) (apply call ... rest))))
        ((_ bindings params calls <...> more ...)
         (syntax-error "cute: <...> must be the last argument"))
        ((_ bindings (param ...) (call ...) <> more ...)
         (cute-build bindings (param ... x) (call ... x) more ...))
        ((_ (binding ...) params (call ...) expr more ...)
         (cute-build (binding ... (t expr)) params (call ... t) more ...))))

    (define-syntax cute
      (syntax-rules ()
        ((_ slot-or-expr more ...)
         (cute-build () () () slot-or-expr more ...))))))

;;; 26.sld ends here
