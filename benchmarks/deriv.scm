;;; deriv.scm -- symbolic differentiation of polynomial expressions
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: allocation

(include "common.scm")

;; Expressions are numbers, symbols, (+ e ...) and (* e ...).  The
;; derivative is built without simplification, so every call allocates
;; a fresh tree of roughly the size of its input.
(define (deriv e x)
  (cond ((number? e) 0)
        ((symbol? e) (if (eq? e x) 1 0))
        ((eq? (car e) '+)
         (cons '+ (map (lambda (term) (deriv term x)) (cdr e))))
        ((eq? (car e) '*)
         (cons '+ (deriv-product '() (cdr e) x)))
        (else (error "deriv: unknown operator" e))))

;; Product rule: one term per factor, that factor differentiated and
;; the others (DONE before it, REST after it) kept as they are.
(define (deriv-product done factors x)
  (if (null? factors)
      '()
      (cons (cons '* (append (reverse done)
                             (cons (deriv (car factors) x)
                                   (cdr factors))))
            (deriv-product (cons (car factors) done) (cdr factors) x))))

;; Evaluate an expression with the variables bound in the alist ENV.
(define (eval-expr e env)
  (cond ((number? e) e)
        ((symbol? e) (cdr (assq e env)))
        ((eq? (car e) '+) (sum-of (map (lambda (t) (eval-expr t env)) (cdr e))))
        (else (product-of (map (lambda (t) (eval-expr t env)) (cdr e))))))

(define (sum-of l) (if (null? l) 0 (+ (car l) (sum-of (cdr l)))))
(define (product-of l) (if (null? l) 1 (* (car l) (product-of (cdr l)))))

(define deriv-expr
  '(+ (* 3 x x x) (* a x x) (* b x) 5 (* (+ x 1) (+ x a) (+ b x))))

;; d/dx = 9x^2 + 2ax + b + (x+a)(b+x) + (x+1)(b+x) + (x+1)(x+a)
(define (expected-derivative x a b)
  (+ (* 9 x x) (* 2 a x) b
     (* (+ x a) (+ b x)) (* (+ x 1) (+ b x)) (* (+ x 1) (+ x a))))

(define (deriv-many n)
  (let loop ((i 0) (result #f))
    (if (= i n)
        result
        (loop (+ i 1) (deriv deriv-expr 'x)))))

(run-benchmark "deriv" (if bench-quick? 1 1)
               (lambda () (deriv-many (if bench-quick? 12000 330000)))
               (lambda (r)
                 (= (eval-expr r '((x . 2) (a . 3) (b . 5)))
                    (expected-derivative 2 3 5))))
