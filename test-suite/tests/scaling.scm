;;; scaling.scm -- expanding and compiling stay linear in the size of code
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Each case builds one shape of code at two sizes, 20 times apart,
;;; evaluates each (the best of five runs, in processor time, which a
;;; loaded machine disturbs less than elapsed time) and checks how the
;;; time grows: linear growth is about 20 times, quadratic 400 times; a
;;; case fails above 200 times.  No absolute time is asserted: the ratio
;;; is taken within one run, on whatever machine runs it.  Each also checks
;;; the result, so a wrong expansion fails as well.

;;; Code:

(test-begin "scaling")

(define (seconds-of thunk)
  (let loop ((i 0) (best #f))
    (if (= i 5)
        best
        (let* ((start (get-internal-run-time))
               (value (thunk))
               (t (/ (- (get-internal-run-time) start)
                     (inexact internal-time-units-per-second))))
          (loop (+ i 1) (if (and best (< best t)) best t))))))

;; The growth of the time of (eval (MAKE n)) from n = SMALL to 20 SMALL,
;; and whether each gave EXPECTED of its n.
(define (growth make expected small)
  (let* ((big (* 20 small))
         (ok-small (equal? (eval (make small)) (expected small)))
         (ok-big (equal? (eval (make big)) (expected big)))
         (t-small (seconds-of (lambda () (eval (make small)))))
         (t-big (seconds-of (lambda () (eval (make big))))))
    (list (and ok-small ok-big)
          ;; A floor for the small time: clock resolution, not the code.
          (/ t-big (max t-small 0.002)))))

(define (linear? name make expected small)
  (let ((g (growth make expected small)))
    (test-assert (string-append name ": right result at both sizes") (car g))
    (test-assert (string-append name ": time grows linearly (ratio "
                                (number->string (round (cadr g))) " for 20x)")
                 (< (cadr g) 200))))

(define (sym prefix i)
  (string->symbol (string-append prefix (number->string i))))

;; (let ((x0 0)) (let ((x1 x0)) ... (+ x(n-1) 1)))
(define (nested-lets n)
  (let loop ((i (- n 1)) (body (list '+ (sym "x" (- n 1)) 1)))
    (if (< i 0)
        body
        (loop (- i 1)
              (list 'let (list (list (sym "x" i) (if (= i 0) 0 (sym "x" (- i 1)))))
                    body)))))

;; ((lambda (a0 ... a(n-1)) a(n-1)) 0 ... n-1)
(define (many-parameters n)
  (let loop ((i (- n 1)) (params '()) (args '()))
    (if (< i 0)
        (cons (list 'lambda params (sym "a" (- n 1))) args)
        (loop (- i 1) (cons (sym "a" i) params) (cons i args)))))

;; (let () (define d0 0) ... (define d(n-1) n-1) d(n-1))
(define (many-definitions n)
  (let loop ((i (- n 1)) (body (list (sym "d" (- n 1)))))
    (if (< i 0)
        (cons 'let (cons '() body))
        (loop (- i 1) (cons (list 'define (sym "d" i) i) body)))))

;; (let ((b0 0) ... (b(n-1) n-1)) b(n-1))
(define (many-bindings n)
  (let loop ((i (- n 1)) (bindings '()))
    (if (< i 0)
        (list 'let bindings (sym "b" (- n 1)))
        (loop (- i 1) (cons (list (sym "b" i) i) bindings)))))

;; (let ((v 0)) (set! v (+ v 1)) ... v): a long body.
(define (long-body n)
  (let loop ((i 0) (body '(v)))
    (if (= i n)
        (cons 'let (cons '((v 0)) body))
        (loop (+ i 1) (cons '(set! v (+ v 1)) body)))))

(test-group "expansion and compilation"
  (lambda ()
    ;; 5,000 to 100,000: past what the thread's C stack holds, so the
    ;; big size runs on C-stack segments (c-stack.c).
    (linear? "nested let" nested-lets (lambda (n) 1) 5000)
    (linear? "parameters of one lambda" many-parameters (lambda (n) (- n 1)) 2000)
    (linear? "definitions in one body" many-definitions (lambda (n) (- n 1)) 2000)
    (linear? "bindings of one let" many-bindings (lambda (n) (- n 1)) 2000)
    (linear? "expressions in one body" long-body (lambda (n) n) 2000)))

(test-group "deeper than the stack limit allows"
  (lambda ()
    ;; The C-stack segments together take at most a quarter of the
    ;; stack limit: under 64 MiB, 300,000 nested lets are too many.
    (let ((e (guard (e (#t e))
               (call-with-limits
                (lambda () (eval (nested-lets 300000)))
                #f #f (* 64 1024 1024)))))
      (test-assert "a catchable error"
                   (and (error-object? e)
                        (let ((m (condition-message e))
                              (tail "nested too deeply (the C stack is nearly exhausted)"))
                          (and (> (string-length m) (string-length tail))
                               (string=? tail (substring m (- (string-length m)
                                                              (string-length tail))
                                                         (string-length m))))))))
    (test-eqv "then 100,000 deep works again" 1 (eval (nested-lets 100000)))))

(test-end "scaling")
