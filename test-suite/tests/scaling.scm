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

;; (let* ((s0 0) (s1 (+ s0 1)) ...) s(n-1))
(define (let-star n)
  (let loop ((i (- n 1)) (bindings '()))
    (if (< i 0)
        (list 'let* bindings (sym "s" (- n 1)))
        (loop (- i 1)
              (cons (list (sym "s" i) (if (= i 0) 0 (list '+ (sym "s" (- i 1)) 1)))
                    bindings)))))

;; (let-values (((p0 q0) (values 0 1)) ...) (+ p0 q(n-1))), or the
;; same with let*-values.
(define (values-bindings n)
  (let loop ((i (- n 1)) (bindings '()))
    (if (< i 0)
        bindings
        (loop (- i 1)
              (cons (list (list (sym "p" i) (sym "q" i)) (list 'values i (+ i 1)))
                    bindings)))))

(define (many-let-values n)
  (list 'let-values (values-bindings n) (list '+ 'p0 (sym "q" (- n 1)))))

(define (many-let*-values n)
  (list 'let*-values (values-bindings n) (list '+ 'p0 (sym "q" (- n 1)))))

;; (0 1 ... n-1)
(define (upto n)
  (let loop ((i (- n 1)) (acc '()))
    (if (< i 0) acc (loop (- i 1) (cons i acc)))))

(define (names prefix n)
  (let loop ((i (- n 1)) (acc '()))
    (if (< i 0) acc (loop (- i 1) (cons (sym prefix i) acc)))))

;; (begin (define-values (w0 ... w(n-1)) (values 0 ... n-1)) w(n-1)),
;; at top level.
(define (many-define-values n)
  (list 'begin
        (list 'define-values (names "w" n)
              (list 'apply 'values (list 'quote (upto n))))
        (sym "w" (- n 1))))

;; (begin (define-record-type rec (make-rec f0 ...) rec? (f0 rec-f0) ...)
;;        (rec-f(n-1) (make-rec 0 ...)))
(define (many-fields n)
  (let ((fields (names "f" n)))
    (list 'begin
          (append (list 'define-record-type 'rec (cons 'make-rec fields) 'rec?)
                  (map (lambda (f)
                         (list f (string->symbol
                                  (string-append "rec-" (symbol->string f)))))
                       fields))
          (list (sym "rec-f" (- n 1)) (cons 'make-rec (upto n))))))

;; (let-syntax ((m0 (syntax-rules () ((_) 0))) ...) (m(n-1)))
(define (many-keywords n)
  (let loop ((i (- n 1)) (bindings '()))
    (if (< i 0)
        (list 'let-syntax bindings (list (sym "m" (- n 1))))
        (loop (- i 1)
              (cons (list (sym "m" i) (list 'syntax-rules '() (list '(_) i)))
                    bindings)))))

;; A library that exports e0 ... e(n-1), then e(n-1) imported from it.
(define (many-exports n)
  (let ((exports (names "e" n)))
    (list 'begin
          (list 'define-library '(scaling exports)
                (cons 'export exports)
                '(import (scheme base))
                (cons 'begin (map (lambda (e i) (list 'define e i))
                                  exports (upto n))))
          '(import (scaling exports))
          (sym "e" (- n 1)))))

(test-group "expansion and compilation"
  (lambda ()
    ;; 5,000 to 100,000: past what the thread's C stack holds, so the
    ;; big size runs on C-stack segments (c-stack.c).
    (linear? "nested let" nested-lets (lambda (n) 1) 5000)
    (linear? "parameters of one lambda" many-parameters (lambda (n) (- n 1)) 2000)
    (linear? "definitions in one body" many-definitions (lambda (n) (- n 1)) 2000)
    (linear? "bindings of one let" many-bindings (lambda (n) (- n 1)) 2000)
    (linear? "expressions in one body" long-body (lambda (n) n) 2000)
    ;; These were quadratic or cubic (issue 40): at 5,000 bindings
    ;; let-values took 67 s.
    (linear? "bindings of one let*" let-star (lambda (n) (- n 1)) 2000)
    (linear? "bindings of one let-values" many-let-values (lambda (n) n) 500)
    (linear? "bindings of one let*-values" many-let*-values (lambda (n) n) 500)
    (linear? "names of one define-values" many-define-values
             (lambda (n) (- n 1)) 1000)
    (linear? "fields of one record type" many-fields (lambda (n) (- n 1)) 500)
    (linear? "exports of one library" many-exports (lambda (n) (- n 1)) 1000)
    (linear? "keywords of one let-syntax" many-keywords (lambda (n) (- n 1)) 500)))

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
