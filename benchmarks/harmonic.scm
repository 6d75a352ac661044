;;; harmonic.scm -- exact rational arithmetic: harmonic sums and continued fractions
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: rational
;;; requires: bignums rationals

(include "common.scm")

;; H(n) = 1 + 1/2 + ... + 1/n, summed exactly: every step adds a ratio
;; and reduces it by a gcd of growing bignums.
(define (harmonic n)
  (let loop ((k 1) (sum 0))
    (if (> k n) sum (loop (+ k 1) (+ sum (/ 1 k))))))

;; The continued fraction of an exact rational, and the rational it
;; stands for: floor, subtract, reciprocal, on ratios with big parts.
(define (continued-fraction q)
  (let loop ((q q) (terms '()))
    (let ((a (floor q)))
      (if (= q a)
          (reverse (cons a terms))
          (loop (/ 1 (- q a)) (cons a terms))))))

(define (from-continued-fraction terms)
  (if (null? (cdr terms))
      (car terms)
      (+ (car terms) (/ 1 (from-continued-fraction (cdr terms))))))

(define harmonic-n (if bench-quick? 300 8000))

;; The check is independent of the sum's order and of the fraction
;; code: H(n) summed from the other end, as one fraction over n!, is the
;; same number; H(10) is 7381/2520; the continued fraction gives the
;; number back.
(define (harmonic-by-factorial n)
  (let loop ((k 1) (f 1))
    (if (> k n)
        (let sum ((k 1) (acc 0))
          (if (> k n) (/ acc f) (sum (+ k 1) (+ acc (quotient f k)))))
        (loop (+ k 1) (* f k)))))

(run-benchmark "harmonic" 2
               (lambda ()
                 (let ((h (harmonic harmonic-n)))
                   (list h (continued-fraction h))))
               (lambda (r)
                 (and (equal? (harmonic 10) 7381/2520)
                      (= (car r) (harmonic-by-factorial harmonic-n))
                      (= (car r) (from-continued-fraction (cadr r))))))
