;;; pidigits.scm -- digits of pi from an unbounded spigot on exact integers
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: bignum
;;; requires: bignums

(include "common.scm")

;; Gibbons' streaming spigot: pi is the limit of a composition of the
;; linear fractional maps x -> (k x + 4k + 2) / (2k + 1), k = 1, 2, ...
;; The composition so far is x -> (q x + r) / t.  When it sends both 3
;; and 4 to numbers with the same integer part, that part is the next
;; digit; otherwise one more map is composed in.
(define (pi-digits count)
  (let loop ((q 1) (r 0) (t 1) (k 1) (n 0) (digits '()))
    (if (= n count)
        (reverse digits)
        (let ((d (quotient (+ (* 3 q) r) t)))
          (if (= d (quotient (+ (* 4 q) r) t))
              (loop (* 10 q) (* 10 (- r (* d t))) t k (+ n 1) (cons d digits))
              (let ((l (+ (* 2 k) 1)))
                (loop (* q k) (+ (* q (+ (* 4 k) 2)) (* r l)) (* t l) (+ k 1)
                      n digits)))))))

;; The expected digits, by Machin's formula pi = 16 atan(1/5) - 4
;; atan(1/239) in fixed point with ten guard digits.
(define (atan-inverse x scale)
  (let loop ((term (quotient scale x)) (k 0) (sum 0))
    (if (= term 0)
        sum
        (loop (quotient term (* x x))
              (+ k 1)
              (let ((part (quotient term (+ (* 2 k) 1))))
                (if (even? k) (+ sum part) (- sum part)))))))

(define (machin-digits count)
  (let* ((guard (expt 10 10))
         (scale (* guard (expt 10 (- count 1))))
         (pi-scaled (- (* 16 (atan-inverse 5 scale))
                       (* 4 (atan-inverse 239 scale)))))
    (map (lambda (c) (- (char->integer c) (char->integer #\0)))
         (string->list (number->string (quotient pi-scaled guard))))))

(define (first-digits l n)
  (if (= n 0) '() (cons (car l) (first-digits (cdr l) (- n 1)))))

(define pidigits-count (if bench-quick? 500 4000))

(run-benchmark "pidigits" 1
               (lambda () (pi-digits pidigits-count))
               (lambda (r)
                 (and (equal? (first-digits r 10) '(3 1 4 1 5 9 2 6 5 3))
                      (equal? r (machin-digits pidigits-count)))))
