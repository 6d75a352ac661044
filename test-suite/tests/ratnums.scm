;;; ratnums.scm -- exact rationals that are not integers
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; (/ 1 3) is 1/3: ratnums in lowest terms with a positive denominator,
;;; arithmetic and comparison with fixnums, bignums and flonums,
;;; numerator and denominator, the rounding procedures, exactness
;;; conversions (correctly rounded, subnormals and huge parts
;;; included), number syntax in every radix, rationalize, hashing, and
;;; the errors: exact division by zero, integer operations given a
;;; ratio.

;;; Code:

(test-begin "ratnums")

(define two^100 1267650600228229401496703205376)

(define (kind-of thunk)
  (let ((e (raised-object thunk)))
    (if (error-object? e) (condition-kind e) e)))

(define seed 1234567)
(define (next!)
  (set! seed (modulo (+ (* seed 6364136223846793005) 1442695040888963407)
                     18446744073709551616))
  seed)
(define (random-integer limbs)
  (let loop ((k (+ 1 (modulo (next!) limbs))) (acc 0))
    (if (= k 0)
        (if (odd? (next!)) (- acc) acc)
        (loop (- k 1) (+ (* acc 18446744073709551616) (next!))))))
(define (random-ratio limbs)
  (let loop ()
    (let ((d (random-integer limbs)))
      (if (zero? d) (loop) (/ (random-integer limbs) d)))))
(define (every pred xs)
  (or (null? xs) (and (pred (car xs)) (every pred (cdr xs)))))
(define (every2 pred xs ys)
  (every (lambda (x) (every (lambda (y) (pred x y)) ys)) xs))
(define (keep pred xs)
  (cond ((null? xs) '()) ((pred (car xs)) (cons (car xs) (keep pred (cdr xs))))
        (else (keep pred (cdr xs)))))
(define (first-n xs n)
  (if (= n 0) '() (cons (car xs) (first-n (cdr xs) (- n 1)))))
(define (iota-list n f)
  (let loop ((i 0) (acc '())) (if (= i n) (reverse acc) (loop (+ i 1) (cons (f i) acc)))))

(define samples
  (append (list 1/2 -1/2 1/3 -7/3 (/ two^100 3) (/ -3 two^100) 0 1 -5 two^100
                (- two^100) 2305843009213693951)
          (iota-list 20 (lambda (i) (random-ratio 3)))))

;; ------------------------------------------------------------------
(test-group "lowest terms"
  (lambda ()
    (test-equal "printed" '("1/3" "3/2" "-3/2" "-3/2" "2" "1/15" "-1/2")
                (map number->string
                     (list (/ 1 3) (/ 6 4) (/ -6 4) (/ 6 -4) (/ 4 2) (/ 1 3 5) (/ -2))))
    (test-equal "numerator and denominator" '(3 2 -3 2 5 1 0 1)
                (list (numerator 6/4) (denominator 6/4) (numerator (/ 6 -4))
                      (denominator (/ 6 -4)) (numerator 5) (denominator 5)
                      (numerator 0) (denominator 0)))
    (test-assert "random ratios: coprime parts, positive denominator"
                 (every (lambda (q)
                          (and (positive? (denominator q))
                               (= 1 (gcd (numerator q) (denominator q)))
                               (= q (/ (numerator q) (denominator q)))))
                        samples))
    (test-assert "a ratio that is an integer is one (eq? for fixnums)"
                 (and (eq? (* 2/3 3/2) 1) (eq? (+ 1/3 2/3) 1) (eq? (- 1/2 1/2) 0)
                      (exact-integer? (* (/ two^100 3) 3))))
    (test-equal "predicates" '(#t #t #t #t #f #f #t)
                (list (exact? 1/3) (rational? 1/3) (real? 1/3) (number? 1/3)
                      (integer? 1/3) (exact-integer? 1/3) (finite? 1/3)))
    (test-equal "signs" '(#f #t #f #t #f)
                (list (zero? 1/3) (positive? 1/3) (positive? -1/3)
                      (negative? -1/3) (negative? 1/3)))))

;; ------------------------------------------------------------------
(test-group "arithmetic across kinds"
  (lambda ()
    (test-equal "known results" (list 5/6 1/6 1/6 3/2 7/2 -1/3 2/3 (/ (+ two^100 1) 2))
                (list (+ 1/2 1/3) (- 1/2 1/3) (* 1/2 1/3) (/ 1/2 1/3) (+ 3 1/2)
                      (- 1/3 2/3) (* 2 1/3) (+ (/ two^100 2) 1/2)))
    (test-assert "x + y - y = x, (x * y) / y = x"
                 (every2 (lambda (x y)
                           (and (= x (- (+ x y) y))
                                (or (zero? y) (= x (/ (* x y) y)))))
                         samples samples))
    (test-assert "distributivity, exactly"
                 (every2 (lambda (x y)
                           (= (* x (+ y 1/7)) (+ (* x y) (* x 1/7))))
                         samples samples))
    (test-equal "with a flonum the result is inexact" '(0.75 0.25 0.125 2.0)
                (list (+ 1/2 0.25) (- 0.5 1/4) (* 1/4 0.5) (/ 1/4 0.125)))
    (test-equal "negation, abs, reciprocal, square" (list -1/2 1/2 2 -3/2 1/4)
                (list (- 1/2) (abs -1/2) (/ 1/2) (/ -2/3) (square -1/2)))
    (test-equal "expt" (list 8/27 1/8 4 -1/8 (/ 1 (expt 3 50)) 1 0.5)
                (list (expt 2/3 3) (expt 2 -3) (expt 1/2 -2) (expt -2 -3)
                      (expt 1/3 50) (expt 5/7 0) (expt 1/4 1/2)))
    (test-equal "sqrt" (list 2/3 0.7071067811865476 (/ (expt 2 50) 3))
                (list (sqrt 4/9) (sqrt 1/2) (sqrt (/ two^100 9))))
    (test-equal "division by exact zero" '(divide-by-zero divide-by-zero divide-by-zero)
                (list (kind-of (lambda () (/ 1/2 0))) (kind-of (lambda () (/ 0)))
                      (kind-of (lambda () (expt 0 -1)))))
    (test-equal "division of a ratio by inexact zero" +inf.0 (/ 1/2 0.0))
    (test-error-message "integer operations refuse ratios"
      "quotient: wrong type argument in position 1 (expected integer): 1/2"
      (lambda () (quotient 1/2 1)))
    (test-equal "and so do the bitwise ones" 'wrong-type-arg
                (kind-of (lambda () (logand 1/2 1))))))

;; ------------------------------------------------------------------
(test-group "comparison"
  (lambda ()
    (test-equal "ratios, integers and flonums" '(#t #t #t #f #t #t #t #f)
                (list (< 1/3 1/2) (< -1/2 -1/3) (= 1/2 0.5) (= 1/3 0.3333333333333333)
                      (< 1/3 0.3333333333333334) (> 1/3 0.3333333333333333)
                      (< 0 1/3 1 4/3) (< 1/2 +nan.0)))
    (test-assert "< agrees with the sign of the difference"
                 (every2 (lambda (x y) (eq? (< x y) (negative? (- x y)))) samples samples))
    (test-equal "against infinities" '(#t #t)
                (list (< (/ two^100 3) +inf.0) (> -1/3 -inf.0)))
    (test-equal "max and min keep exactness rules" (list 1/2 0.3 0.5)
                (list (max 1/2 1/3) (min 1/2 0.3) (max 1/2 0.3)))))

;; ------------------------------------------------------------------
(test-group "rounding"
  (lambda ()
    (test-equal "floor ceiling truncate round of 7/2" '(3 4 3 4)
                (list (floor 7/2) (ceiling 7/2) (truncate 7/2) (round 7/2)))
    (test-equal "of -7/2" '(-4 -3 -3 -4)
                (list (floor -7/2) (ceiling -7/2) (truncate -7/2) (round -7/2)))
    (test-equal "round to even at halves, nearest otherwise" '(2 -2 0 0 1 -1 2)
                (list (round 5/2) (round -5/2) (round 1/2) (round -1/2) (round 2/3)
                      (round -2/3) (round 5/3)))
    (test-assert "floor <= x < floor + 1, for random ratios"
                 (every (lambda (q)
                          (let ((f (floor q)) (c (ceiling q)) (t (truncate q)) (r (round q)))
                            (and (exact-integer? f) (<= f q) (< q (+ f 1))
                                 (= c (+ f 1)) (<= (abs t) (abs q)) (< (abs (- q t)) 1)
                                 (<= (abs (- q r)) 1/2))))
                        (keep (lambda (q) (not (integer? q))) samples)))))

;; ------------------------------------------------------------------
(test-group "exactness"
  (lambda ()
    (test-equal "exact of flonums is their exact value"
                (list 3602879701896397/36028797018963968 3/2 -1/8 (/ 1 (expt 2 1074)))
                (list (exact 0.1) (exact 1.5) (exact -0.125) (exact 5e-324)))
    (test-equal "#e decimals" (list 3/2 617/5 -1/1000 1/10)
                (list #e1.5 #e1.234e2 #e-1e-3 (string->number "#e0.1")))
    (test-equal "inexact" (list 0.3333333333333333 -0.5 0.1)
                (list (inexact 1/3) (exact->inexact -1/2) (inexact 1/10)))
    (test-equal "huge parts: the quotient, not inf/inf" (list 10.0 1e-300 1e300)
                (list (inexact (/ (expt 10 400) (+ (expt 10 399) 7)))
                      (inexact (/ 1 (expt 10 300))) (inexact (/ (expt 10 700) (expt 10 400)))))
    (test-equal "subnormals and underflow, ties to even"
                '(5e-324 0.0 5e-324 1e-323 -0.0)
                (list (inexact (/ 1 (expt 2 1074))) (inexact (/ 1 (expt 2 1075)))
                      (inexact (/ 3 (expt 2 1076))) (inexact (/ 3 (expt 2 1075)))
                      (inexact (/ -1 (expt 10 400)))))
    (test-equal "past the largest double" +inf.0 (inexact (/ (expt 10 400) 3)))
    (test-assert "inexact rounds random ratios correctly (within half an ulp)"
                 (every (lambda (q)
                          (let* ((d (inexact q)) (e (exact d)) (a (abs e)))
                            (or (zero? q)
                                (let loop ((k (- (integer-length (numerator a))
                                                 (integer-length (denominator a)))))
                                  (cond ((> (expt 2 k) a) (loop (- k 1)))
                                        ((<= (expt 2 (+ k 1)) a) (loop (+ k 1)))
                                        (else (<= (abs (- q e)) (/ (expt 2 (- k 52)) 2))))))))
                        (iota-list 200 (lambda (i) (random-ratio 3)))))
    (test-assert "exact of inexact round-trips doubles"
                 (every (lambda (d) (= d (inexact (exact d))))
                        (list 0.1 1e-300 123.456 -2.5e-310 1.7976931348623157e308)))))

;; ------------------------------------------------------------------
(test-group "syntax"
  (lambda ()
    (test-equal "literals" (list (/ 1 3) (/ -5 2) (/ 255 7) (/ -1 2))
                (list 1/3 -10/4 #xff/7 #b-1/10))
    (test-equal "number->string in radixes" '("ff/7" "-1/11" "17/10" "-5/2")
                (list (number->string 255/7 16) (number->string -1/3 2)
                      (number->string 15/8 8) (number->string -5/2 10)))
    (test-assert "random round trips in radixes 2 8 10 16"
                 (every (lambda (q)
                          (every (lambda (radix)
                                   (= q (string->number (number->string q radix) radix)))
                                 '(2 8 10 16)))
                        (iota-list 50 (lambda (i) (random-ratio 4)))))
    (test-equal "write" "(1/3 -1267650600228229401496703205376/3)"
                (let ((p (open-output-string)))
                  (write (list 1/3 (/ (- two^100) 3)) p)
                  (get-output-string p)))
    (test-equal "read" (list 1/3 -1/2)
                (read (open-input-string "(1/3 -2/4)")))
    (test-equal "#i of a ratio with huge parts" 10.0
                (string->number (string-append "#i" (number->string (expt 10 400))
                                                "/" (number->string (expt 10 399)))))
    (test-equal "1/0 is not a number" #f (string->number "1/0"))))

;; ------------------------------------------------------------------
(test-group "rationalize"
  (lambda ()
    (test-equal "R7RS's examples" (list 1/3 #i1/3)
                (list (rationalize (exact .3) 1/10) (rationalize .3 1/10)))
    (test-equal "exact" (list 1/3 -1/3 0 1/3 3 1/2)
                (list (rationalize 3/10 1/10) (rationalize -3/10 1/10) (rationalize 1/10 1/5)
                      (rationalize 1/3 0) (rationalize 3 1/2) (rationalize 5/11 1/20)))
    (test-assert "the result is within y of x"
                 (every2 (lambda (x y)
                           (<= (abs (- (rationalize x y) x)) (abs y)))
                         (first-n samples 12) (list 1/10 1/1000 3 (/ 1 two^100))))
    (test-equal "inexact and non-finite" (list 0.5 0.0 +inf.0)
                (list (rationalize 0.5 0) (rationalize 3 +inf.0) (rationalize +inf.0 3)))))

;; ------------------------------------------------------------------
(test-group "eqv? equal? hashing"
  (lambda ()
    (test-equal "eqv? and equal?" '(#t #t #f #f)
                (list (eqv? 1/2 (/ 2 4)) (equal? (list 1/3) (list (/ 1 3)))
                      (eqv? 1/2 0.5) (eqv? 1/2 -1/2)))
    (test-equal "= numbers hash alike" '(#t #t #t)
                (list (= (equal-hash 1/2) (equal-hash (/ 3 6)))
                      (= (hashv 1/2 1000) (hashv 0.5 1000))
                      (= (equal-hash (/ two^100 3)) (equal-hash (/ (* 2 two^100) 6)))))
    (test-equal "hash tables" '(half third)
                (let ((t (make-hash-table)))
                  (hash-set! t 1/2 'half)
                  (hash-set! t (/ 1 3) 'third)
                  (list (hash-ref t (/ 2 4) #f) (hash-ref t 2/6 #f))))))

(test-end "ratnums")
