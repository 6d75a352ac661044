;;; c-stack.scm -- code nested 100,000 deep: the expander and compiler
;;; go on on C-stack segments (libscm/c-stack.c)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The thread's own C stack holds about 20,000 levels of nesting; every
;;; shape here is five times deeper, so its expansion and compilation
;;; run on segments.  What leaves a segment other than by returning (an
;;; error, a continuation, a limit) must land outside it with the
;;; collector and the VM intact: each such case is followed by deep code
;;; that must still work, repeated more times than the segments' budget
;;; would allow if one leaked.

;;; Code:

(import (ice-9 threads))

(test-begin "c-stack")

(define deep 100000)

(define (sym prefix i)
  (string->symbol (string-append prefix (number->string i))))

;; (let ((x0 0)) (let ((x1 (+ x0 1))) ... INNER)), INNER seeing x(n-1).
(define (nested-lets n inner)
  (let loop ((i (- n 1)) (body inner))
    (if (< i 0)
        body
        (loop (- i 1)
              (list 'let (list (list (sym "x" i)
                                     (if (= i 0) 0 (list '+ (sym "x" (- i 1)) 1))))
                    body)))))

;; (lambda (v0) (lambda (v1) ... (lambda (v(n-1)) (list v0 v(n-1))))).
(define (nested-lambdas n)
  (let loop ((i (- n 1))
             (body (list 'list 'v0 (sym "v" (- n 1)))))
    (if (< i 0)
        body
        (loop (- i 1) (list 'lambda (list (sym "v" i)) body)))))

;; Apply F to 0, its value to 1 ... until it is no procedure.
(define (apply-chain f)
  (let loop ((f f) (i 0))
    (if (procedure? f) (loop (f i) (+ i 1)) f)))

;; (if t (if t ... 'yes 'no) 'no), inside (let ((t #t)) ...).
(define (nested-ifs n)
  (let loop ((i 0) (x ''yes))
    (if (= i n)
        (list 'let '((t #t)) x)
        (loop (+ i 1) (list 'if 't x ''no)))))

;; (+ 1 (begin (+ 1 (begin ... 0)))): calls, and begin in operands.
(define (nested-calls n)
  (let loop ((i 0) (x 0))
    (if (= i n)
        x
        (loop (+ i 1) (if (even? i) (list '+ 1 x) (list 'begin x))))))

;; `(0 (1 ... (n-1 ,x))) inside (let ((x 'end)) ...).
(define (nested-quasiquote n)
  (let loop ((i (- n 1)) (x '(unquote x)))
    (if (< i 0)
        (list 'let '((x 'end)) (list 'quasiquote x))
        (loop (- i 1) (list i x)))))

;; How deep the list L nests in its last elements, and what is innermost.
(define (depth-and-end l)
  (let loop ((l l) (d 0))
    (if (pair? l) (loop (cadr l) (+ d 1)) (cons d l))))

(test-group "shapes 100,000 deep"
  (lambda ()
    (test-eqv "nested let" (- deep 1)
              (eval (nested-lets deep (sym "x" (- deep 1)))))
    (test-equal "nested lambda, the outermost variable captured innermost"
                (list 0 (- deep 1))
                (apply-chain (eval (nested-lambdas deep))))
    (test-eq "nested if" 'yes (eval (nested-ifs deep)))
    (test-eqv "nested calls and begins" (/ deep 2) (eval (nested-calls deep)))
    (test-equal "nested quasiquote" (cons deep 'end)
                (depth-and-end (eval (nested-quasiquote deep))))
    (test-equal "a quoted constant" (cons deep 'end)
                (depth-and-end
                 (eval (list 'quote
                             (let loop ((i 0) (x 'end))
                               (if (= i deep) x (loop (+ i 1) (list i x))))))))))

(define-syntax collect
  (lambda (form) (gc) 1))

(define escape #f)
(define-syntax leave
  (lambda (form) (escape 'left)))

(define-syntax boom
  (lambda (form) (raise 'boom)))

(define-syntax spin
  (lambda (form) (let loop () (loop))))

(define (limit-of thunk)
  (guard (e ((and (error-object? e) (eq? (condition-kind e) 'limit-exceeded))
             (car (error-object-irritants e))))
    (thunk)))

(define (still-works?)
  (= (eval (nested-lets deep (sym "x" (- deep 1)))) (- deep 1)))

(test-group "leaving the segments"
  (lambda ()
    (test-eqv "a collection at depth keeps the enclosing code" deep
              (eval (nested-lets deep (list '+ '(collect) (sym "x" (- deep 1))))))
    (test-assert "a syntax error at depth is caught"
                 (let loop ((i 0))
                   (or (= i 6)
                       (and (error-object?
                             (guard (e (#t e))
                               (eval (nested-lets deep '(if)))))
                            (loop (+ i 1))))))
    (test-assert "a raise from a transformer at depth reaches guard"
                 (let loop ((i 0))
                   (or (= i 6)
                       (and (eq? 'boom (guard (e (#t e))
                                         (eval (nested-lets deep '(boom)))))
                            (loop (+ i 1))))))
    (test-assert "a continuation called from a transformer at depth"
                 (let loop ((i 0))
                   (or (= i 6)
                       (and (eq? 'left
                                 (call/cc
                                  (lambda (k)
                                    (set! escape k)
                                    (eval (nested-lets deep '(leave))))))
                            (loop (+ i 1))))))
    (test-eq "a time limit in a transformer at depth" 'time
             (limit-of (lambda ()
                         (call-with-limits
                          (lambda () (eval (nested-lets deep '(spin))))
                          0.2 #f))))
    (test-assert "deep code still works afterwards" (still-works?))))

(test-group "threads"
  (lambda ()
    (let ((threads (map (lambda (k)
                          (call-with-new-thread
                           (lambda ()
                             (eval (nested-lets deep (list '+ k (sym "x" (- deep 1))))))))
                        '(1 2))))
      (test-assert "this thread meanwhile" (still-works?))
      (test-equal "two threads, each on segments of its own"
                  (list deep (+ deep 1))
                  (map join-thread threads)))))

(test-end "c-stack")
