;;; 141.sld -- SRFI 141, Integer division
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Six division operator pairs, each as OP/ (two values), OP-quotient
;;; and OP-remainder.  The floor and truncate families are libscm's
;;; R7RS procedures, re-exported; ceiling, round, euclidean and
;;; balanced are defined here from floor/.  For every pair n = dq + r:
;;; ceiling q = ceiling (n/d); round q = round (n/d), ties to even;
;;; euclidean 0 <= r < |d|; balanced -|d/2| <= r < |d/2|.
;;;
;;; Arguments are integers, exact or inexact; if either is inexact the
;;; results are.  A non-integer argument and a zero denominator are
;;; errors naming the procedure.  The adjustments below never negate or
;;; double a fixnum, so the only overflow is a quotient that does not
;;; fit (most-negative-fixnum divided by -1), reported by floor/.

;;; Code:

(define-library (srfi 141)
  (export floor/ floor-quotient floor-remainder
          truncate/ truncate-quotient truncate-remainder
          ceiling/ ceiling-quotient ceiling-remainder
          round/ round-quotient round-remainder
          euclidean/ euclidean-quotient euclidean-remainder
          balanced/ balanced-quotient balanced-remainder)
  (import (libscm))
  (begin

    (define (check-operands who n d)
      (if (not (integer? n))
          (error (string-append (symbol->string who)
                                ": wrong type argument in position 1"
                                " (expected integer)")
                 n))
      (if (not (integer? d))
          (error (string-append (symbol->string who)
                                ": wrong type argument in position 2"
                                " (expected integer)")
                 d))
      (if (zero? d)
          (error (string-append (symbol->string who) ": division by zero")
                 n d)))

    ;; The floor quotient and remainder adjusted to the quotient one
    ;; greater: n = d (q + 1) + (r - d).
    (define (one-up q r d) (values (+ q 1) (- r d)))

    ;; (n/d) - floor (n/d) is r/d, with r and d of the same sign (or r
    ;; zero).  These compare it with 1/2 without doubling anything.
    (define (above-half? r d)
      (if (positive? d) (> r (- d r)) (< r (- d r))))
    (define (half? r d) (= r (- d r)))

    (define (ceiling-divide who n d)
      (check-operands who n d)
      (call-with-values (lambda () (floor/ n d))
        (lambda (q r)
          (if (zero? r) (values q r) (one-up q r d)))))

    (define (round-divide who n d)
      (check-operands who n d)
      (call-with-values (lambda () (floor/ n d))
        (lambda (q r)
          (if (or (above-half? r d) (and (half? r d) (odd? q)))
              (one-up q r d)
              (values q r)))))

    (define (euclidean-divide who n d)
      (if (and (integer? d) (negative? d))
          (ceiling-divide who n d)
          (begin (check-operands who n d) (floor/ n d))))

    ;; From the Euclidean remainder, 0 <= r < |d|: when r >= |d| / 2,
    ;; take |d| away from it and move the quotient one step toward d's
    ;; sign.
    (define (balanced-divide who n d)
      (call-with-values (lambda () (euclidean-divide who n d))
        (lambda (q r)
          (cond ((positive? d)
                 (if (>= r (- d r)) (values (+ q 1) (- r d)) (values q r)))
                ((<= (- r) (+ d r)) (values (- q 1) (+ r d)))
                (else (values q r))))))

    (define-syntax define-division
      (syntax-rules ()
        ((_ divide (both both-doc) (quotient quotient-doc)
            (remainder remainder-doc))
         (begin
           (define (both n d) both-doc (divide 'both n d))
           (define (quotient n d)
             quotient-doc
             (call-with-values (lambda () (divide 'quotient n d))
               (lambda (q r) q)))
           (define (remainder n d)
             remainder-doc
             (call-with-values (lambda () (divide 'remainder n d))
               (lambda (q r) r)))))))

    (define-division ceiling-divide
      (ceiling/
       "Return two values, the quotient Q = ceiling(N / D) and the
remainder N - D Q, of the integers N and D.  An error if an argument is
not an integer or D is zero.")
      (ceiling-quotient
       "Return ceiling(N / D), the quotient of the integers N and D
rounded towards positive infinity.  An error if an argument is not an
integer or D is zero.")
      (ceiling-remainder
       "Return N - D ceiling(N / D), the remainder of the integers N and
D whose sign is opposite to D's (or zero).  An error if an argument is
not an integer or D is zero."))
    (define-division round-divide
      (round/
       "Return two values, the quotient Q = round(N / D), ties to even,
and the remainder N - D Q, of the integers N and D.  An error if an
argument is not an integer or D is zero.")
      (round-quotient
       "Return round(N / D), the quotient of the integers N and D
rounded to the nearest integer, ties to even.  An error if an argument
is not an integer or D is zero.")
      (round-remainder
       "Return N - D round(N / D), ties to even, the remainder of the
integers N and D.  An error if an argument is not an integer or D is
zero."))
    (define-division euclidean-divide
      (euclidean/
       "Return two values, the quotient Q and the remainder R = N - D Q
of the integers N and D with 0 <= R < |D|: floor/ for a positive D,
ceiling/ for a negative one.  An error if an argument is not an
integer or D is zero.")
      (euclidean-quotient
       "Return the quotient Q of the integers N and D whose remainder N -
D Q is at least 0 and below |D|.  An error if an argument is not an
integer or D is zero.")
      (euclidean-remainder
       "Return the remainder of the integers N and D that is at least 0
and below |D|.  An error if an argument is not an integer or D is
zero."))
    (define-division balanced-divide
      (balanced/
       "Return two values, the quotient Q and the remainder R = N - D Q
of the integers N and D with -|D|/2 <= R < |D|/2.  An error if an
argument is not an integer or D is zero.")
      (balanced-quotient
       "Return the quotient Q of the integers N and D whose remainder N -
D Q is at least -|D|/2 and below |D|/2.  An error if an argument is not
an integer or D is zero.")
      (balanced-remainder
       "Return the remainder of the integers N and D that is at least
-|D|/2 and below |D|/2.  An error if an argument is not an integer or D
is zero."))))
