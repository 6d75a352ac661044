;;; mapfold.scm -- map, filter and folds with small lambdas over lists
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: higher-order

(include "common.scm")

(define (list-map f l)
  (if (null? l) '() (cons (f (car l)) (list-map f (cdr l)))))

(define (list-filter keep? l)
  (cond ((null? l) '())
        ((keep? (car l)) (cons (car l) (list-filter keep? (cdr l))))
        (else (list-filter keep? (cdr l)))))

(define (fold-left f acc l)
  (if (null? l) acc (fold-left f (f acc (car l)) (cdr l))))

(define (fold-right f acc l)
  (if (null? l) acc (f (car l) (fold-right f acc (cdr l)))))

(define (range n)
  (let loop ((i (- n 1)) (l '()))
    (if (< i 0) l (loop (- i 1) (cons i l)))))

(define (compose f g) (lambda (x) (f (g x))))
(define (adder k) (lambda (x) (+ x k)))
(define (multiple-of? k) (lambda (x) (= 0 (remainder x k))))

;; One pass of list crunching over 0..n-1; returns a checksum list.
(define (mapfold-once n)
  (let* ((l (range n))
         (squares (list-map (lambda (x) (* x x)) l))
         (shifted (list-map (compose (adder 1) (adder 2)) squares))
         (thirds (list-filter (multiple-of? 3) shifted))
         (total (fold-left + 0 thirds))
         (count (fold-right (lambda (x acc) (+ acc 1)) 0 thirds))
         (biggest (fold-left max 0 (list-map (lambda (x) (remainder x 1000)) l))))
    (list total count biggest)))

;; x^2 + 3 is a multiple of 3 exactly when x is; sum over x = 3m of
;; (9m^2 + 3) for m = 0 .. q-1, q = ceiling(n/3).
(define (mapfold-expected n)
  (let* ((q (quotient (+ n 2) 3))
         (sum-m2 (quotient (* (- q 1) q (- (* 2 q) 1)) 6)))
    (list (+ (* 9 sum-m2) (* 3 q)) q (min (- n 1) 999))))

(define mapfold-size (if bench-quick? '(200 1000) '(5000 1000)))

(run-benchmark "mapfold" (car mapfold-size)
               (lambda () (mapfold-once (cadr mapfold-size)))
               (lambda (r) (equal? r (mapfold-expected (cadr mapfold-size)))))
