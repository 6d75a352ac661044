;;; interp.scm -- a small interpreter for a Lisp, on (ice-9 match) and
;;; (ice-9 format)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Usage: scm interp.scm [FILE]
;;;
;;; Evaluates the forms of FILE (or standard input) in a little
;;; lexically scoped Lisp and prints each value that is not
;;; unspecified as "=> VALUE".  The language: numbers, strings,
;;; booleans, (quote D), (if C T E), (lambda (X ...) BODY ...) with
;;; closures, (define X E) and (define (F X ...) BODY ...), (let ((X
;;; E) ...) BODY ...), (begin E ...), (set! X E), (and E ...), (or E
;;; ...), and the primitives below.  An error (an unbound variable,
;;; a wrong argument count, a bad form) is printed with the form that
;;; caused it and evaluation goes on with the next form.
;;; test-suite/day-one-examples.sh runs it on interp-sample.lisp.

;;; Code:

(import (scheme base) (scheme read) (scheme write) (scheme file)
        (scheme process-context)
        (ice-9 match) (ice-9 format))

;; Environments: a list of frames, each an association list of
;; (name . box).
(define-record-type closure
  (make-closure params body env)
  closure?
  (params closure-params)
  (body closure-body)
  (env closure-env))

(define-record-type interp-error
  (make-interp-error message irritant)
  interp-error?
  (message interp-error-message)
  (irritant interp-error-irritant))

(define (fail message irritant) (raise (make-interp-error message irritant)))

(define (lookup-box env name)
  (match env
    (() (fail "unbound variable" name))
    ((frame . outer)
     (match (assq name frame)
       ((_ . box) box)
       (#f (lookup-box outer name))))))

(define (extend env names vals)
  (unless (= (length names) (length vals))
    (fail (format #f "expected ~a argument~:p, got ~a"
                  (length names) (length vals))
          names))
  (cons (map (lambda (n v) (cons n (vector v))) names vals) env))

(define (define! env name val)
  (set-car! env (cons (cons name (vector val)) (car env))))

(define (evaluate x env)
  (match x
    ((? symbol? name) (vector-ref (lookup-box env name) 0))
    ((or (? number?) (? string?) (? boolean?)) x)
    (('quote datum) datum)
    (('if c t e) (if (evaluate c env) (evaluate t env) (evaluate e env)))
    (('if c t) (if (evaluate c env) (evaluate t env) (if #f #f)))
    (('lambda ((? symbol? params) ...) body ..1) (make-closure params body env))
    (('define ((? symbol? name) . params) body ..1)
     (define! env name (make-closure params body env)))
    (('define (? symbol? name) e) (define! env name (evaluate e env)))
    (('set! (? symbol? name) e) (vector-set! (lookup-box env name) 0 (evaluate e env)))
    (('let (((? symbol? names) inits) ...) body ..1)
     (run-body body (extend env names (map (lambda (i) (evaluate i env)) inits))))
    (('begin body ..1) (run-body body env))
    (('and) #t)
    (('and e) (evaluate e env))
    (('and e . rest) (and (evaluate e env) (evaluate `(and ,@rest) env)))
    (('or) #f)
    (('or e . rest) (or (evaluate e env) (evaluate `(or ,@rest) env)))
    (((or 'quote 'if 'lambda 'define 'set! 'let 'begin) . _)
     (fail "bad special form" x))
    ((f args ...)
     (apply-procedure (evaluate f env) (map (lambda (a) (evaluate a env)) args)))
    (_ (fail "bad form" x))))

(define (run-body body env)
  (match body
    ((last) (evaluate last env))
    ((first . rest) (evaluate first env) (run-body rest env))))

(define (apply-procedure f args)
  (match f
    (($ closure params body env) (run-body body (extend env params args)))
    ((? procedure?) (apply f args))
    (_ (fail "not a procedure" f))))

(define (global-environment)
  (list (map (lambda (p) (cons (car p) (vector (cdr p))))
             `((+ . ,+) (- . ,-) (* . ,*) (/ . ,/) (= . ,=) (< . ,<) (> . ,>)
               (<= . ,<=) (>= . ,>=) (not . ,not) (cons . ,cons) (car . ,car)
               (cdr . ,cdr) (list . ,list) (null? . ,null?) (pair? . ,pair?)
               (eq? . ,eq?) (equal? . ,equal?) (display . ,display)
               (remainder . ,remainder) (string-append . ,string-append)
               (number->string . ,number->string)))))

(define (show value)
  (match value
    (($ closure params) (format #f "#<closure (~{~a~^ ~})>" params))
    (_ (call-with-output-string (lambda (out) (write value out))))))

(define (repl port)
  (let ((env (global-environment)))
    (let loop ()
      (let ((form (read port)))
        (unless (eof-object? form)
          (guard (e ((interp-error? e)
                     (format #t "error: ~a: ~s~%   in ~s~%"
                             (interp-error-message e) (interp-error-irritant e) form))
                    ((error-object? e)
                     (format #t "error: ~a~%   in ~s~%"
                             (condition-message e) form)))
            (let ((v (evaluate form env)))
              (unless (eq? v (if #f #f))
                (format #t "=> ~a~%" (show v)))))
          (loop))))))

(match (cdr (command-line))
  (() (repl (current-input-port)))
  ((file) (call-with-input-file file repl))
  (_ (format (current-error-port) "usage: scm interp.scm [FILE]~%") (exit 2)))
