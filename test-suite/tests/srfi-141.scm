;;; srfi-141.scm -- SRFI 141, Integer division
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Each division pair against its definition (q from n/d computed in
;;; floating point, exact for these small operands) over every n in
;;; -12..12 and d in -5..5 but 0; the relation n = dq + r; the three
;;; procedures of a family agreeing; exactness; the ends of the fixnum
;;; range; errors.

;;; Code:

(import (srfi 141))

(test-begin "srfi-141")

(define most-positive 2305843009213693951)   ; 2^61 - 1
(define most-negative -2305843009213693952)  ; -2^61

(define (pairs)
  (let loop ((n -12) (d -5) (acc '()))
    (cond ((> n 12) (reverse acc))
          ((> d 5) (loop (+ n 1) -5 acc))
          ((zero? d) (loop n (+ d 1) acc))
          (else (loop n (+ d 1) (cons (cons n d) acc))))))

;; The (n d) pairs where DIVIDE's quotient is not (EXPECTED-Q n d), or
;; n is not d q + r, or the -quotient and -remainder procedures
;; disagree with DIVIDE.
(define (mismatches divide quotient remainder expected-q)
  (let loop ((ps (pairs)) (bad '()))
    (if (null? ps)
        (reverse bad)
        (let ((n (caar ps)) (d (cdar ps)))
          (call-with-values (lambda () (divide n d))
            (lambda (q r)
              (loop (cdr ps)
                    (if (and (= q (expected-q n d)) (= n (+ (* d q) r))
                             (= q (quotient n d)) (= r (remainder n d))
                             (exact? q) (exact? r))
                        bad
                        (cons (list n d q r) bad)))))))))

(define (real-quotient n d) (/ (inexact n) (inexact d)))

(define (values->list thunk) (call-with-values thunk list))

;; ------------------------------------------------------------------
(test-group "against the definitions"
  (lambda ()
    (test-equal "floor" '()
                (mismatches floor/ floor-quotient floor-remainder
                            (lambda (n d) (exact (floor (real-quotient n d))))))
    (test-equal "truncate" '()
                (mismatches truncate/ truncate-quotient truncate-remainder
                            (lambda (n d) (exact (truncate (real-quotient n d))))))
    (test-equal "ceiling" '()
                (mismatches ceiling/ ceiling-quotient ceiling-remainder
                            (lambda (n d) (exact (ceiling (real-quotient n d))))))
    (test-equal "round, ties to even" '()
                (mismatches round/ round-quotient round-remainder
                            (lambda (n d) (exact (round (real-quotient n d))))))
    (test-equal "euclidean" '()
                (mismatches euclidean/ euclidean-quotient euclidean-remainder
                            (lambda (n d)
                              (exact (if (positive? d)
                                         (floor (real-quotient n d))
                                         (ceiling (real-quotient n d)))))))
    (test-equal "balanced: n = dq + r with -|d/2| <= r < |d/2|" '()
                (mismatches balanced/ balanced-quotient balanced-remainder
                            (lambda (n d)
                              (let ((r (balanced-remainder n d)))
                                (if (and (<= (- (abs d)) (* 2 r))
                                         (< (* 2 r) (abs d)))
                                    (/ (- n r) d)
                                    'remainder-out-of-range)))))))

;; ------------------------------------------------------------------
(test-group "examples"
  (lambda ()
    (test-equal "ceiling/" '((3 -2) (-2 -1) (-2 1) (4 1))
                (list (values->list (lambda () (ceiling/ 7 3)))
                      (values->list (lambda () (ceiling/ -7 3)))
                      (values->list (lambda () (ceiling/ 7 -3)))
                      (values->list (lambda () (ceiling/ -7 -2)))))
    (test-equal "ceiling-quotient counts blocks" 3 (ceiling-quotient 1025 512))
    (test-equal "round/ breaks ties to even" '((2 1) (4 -1) (-2 -1) (-4 1) (2 -1))
                (list (values->list (lambda () (round/ 5 2)))
                      (values->list (lambda () (round/ 7 2)))
                      (values->list (lambda () (round/ -5 2)))
                      (values->list (lambda () (round/ -7 2)))
                      (values->list (lambda () (round/ 7 4)))))
    (test-equal "euclidean remainders are never negative" '(2 2 1 1)
                (list (euclidean-remainder -7 3) (euclidean-remainder -7 -3)
                      (euclidean-remainder 7 3) (euclidean-remainder 7 -3)))
    (test-equal "euclidean quotients" '(-3 3 2 -2)
                (list (euclidean-quotient -7 3) (euclidean-quotient -7 -3)
                      (euclidean-quotient 7 3) (euclidean-quotient 7 -3)))
    (test-equal "balanced/ with a power of 2: two's complement range" '(-8 -1 0 7)
                (map (lambda (n) (balanced-remainder n 16)) '(8 15 16 7)))
    (test-equal "balanced/" '((2 1) (2 -1) (-2 -1))
                (list (values->list (lambda () (balanced/ 7 3)))
                      (values->list (lambda () (balanced/ 5 3)))
                      (values->list (lambda () (balanced/ 5 -3)))))))

;; ------------------------------------------------------------------
(test-group "exactness"
  (lambda ()
    (test-equal "an inexact numerator gives inexact results" '(3.0 -2.0)
                (values->list (lambda () (ceiling/ 7.0 3))))
    (test-equal "an inexact denominator too" '(4.0 -1.0)
                (values->list (lambda () (round/ 7 2.0))))
    (test-equal "euclidean of inexact integers" '(-3.0 2.0)
                (values->list (lambda () (euclidean/ -7.0 3.0))))
    (test-equal "balanced of inexact integers" '(2.0 -1.0)
                (values->list (lambda () (balanced/ 5.0 3))))
    (test-equal "exact results of exact operands" '(#t #t)
                (call-with-values (lambda () (balanced/ 100 7))
                  (lambda (q r) (list (exact? q) (exact? r)))))))

;; ------------------------------------------------------------------
(test-group "the ends of the fixnum range"
  (lambda ()
    (test-equal "ceiling of -2^61 by 2" (list (quotient most-negative 2) 0)
                (values->list (lambda () (ceiling/ most-negative 2))))
    (test-equal "round of 2^61 - 1 by 2" (list (+ (quotient most-positive 2) 1) -1)
                (values->list (lambda () (round/ most-positive 2))))
    (test-equal "balanced of 2^61 - 1 by -2^61" '(-1 -1)
                (values->list (lambda () (balanced/ most-positive most-negative))))
    (test-equal "euclidean of -2^61 by -2^61" '(1 0)
                (values->list (lambda () (euclidean/ most-negative most-negative))))
    (test-equal "round of -2^61 + 1 by -2^61" '(1 1)
                (values->list (lambda () (round/ (+ most-negative 1) most-negative))))))

;; ------------------------------------------------------------------
(test-group "errors"
  (lambda ()
    (test-error-message "division by zero names the procedure"
      "ceiling/: division by zero: 7 0"
      (lambda () (ceiling/ 7 0)))
    (test-error-message "and the -quotient procedure"
      "round-quotient: division by zero: 7 0"
      (lambda () (round-quotient 7 0)))
    (test-error-message "an inexact zero too"
      "euclidean-remainder: division by zero: 7 0.0"
      (lambda () (euclidean-remainder 7 0.0)))
    (test-error-message "balanced"
      "balanced/: division by zero: 1 0"
      (lambda () (balanced/ 1 0)))
    (test-error-message "the core floor/ names itself"
      "floor/: division by zero: 7 0"
      (lambda () (floor/ 7 0)))
    (test-error-message "a non-integer"
      "ceiling-remainder: wrong type argument in position 1 (expected integer): 1.5"
      (lambda () (ceiling-remainder 1.5 2)))
    (test-error-message "a non-number"
      "balanced-quotient: wrong type argument in position 2 (expected integer): x"
      (lambda () (balanced-quotient 4 'x)))
    (test-error-message "an infinity is not an integer"
      "round/: wrong type argument in position 2 (expected integer): +inf.0"
      (lambda () (round/ 1 +inf.0)))))

(test-end "srfi-141")
