;;; 144.sld -- SRFI 144, flonums
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The flonum library on IEEE doubles.  The constants are decimal
;;; literals of 25 significant digits, which the reader rounds
;;; correctly; the functions of the C math library that Scheme has no
;;; exact way to compute (expm1, log1p, cbrt, hypot, gamma, lgamma,
;;; erf, erfc, the Bessel functions jn and yn, fma, remquo, nextafter,
;;; copysign, frexp, ldexp, logb, ilogb) come from libscm/flonum.c
;;; under %-names.  Every procedure takes flonums only: an exact
;;; number is a wrong-type error naming the procedure.

;;; Code:

(define-library (srfi 144)
  (export
   ;; Constants
   fl-e fl-1/e fl-e-2 fl-e-pi/4 fl-log2-e fl-log10-e fl-log-2 fl-1/log-2
   fl-log-3 fl-log-pi fl-log-10 fl-1/log-10 fl-pi fl-1/pi fl-2pi fl-pi/2
   fl-pi/4 fl-pi-squared fl-degree fl-2/pi fl-2/sqrt-pi fl-sqrt-pi
   fl-sqrt-2 fl-sqrt-3 fl-sqrt-5 fl-sqrt-10 fl-1/sqrt-2 fl-cbrt-2
   fl-cbrt-3 fl-4thrt-2 fl-phi fl-log-phi fl-1/log-phi fl-euler
   fl-e-euler fl-sin-1 fl-cos-1 fl-gamma-1/2 fl-gamma-1/3 fl-gamma-2/3
   fl-greatest fl-least fl-epsilon fl-fast-fl+*
   fl-integer-exponent-zero fl-integer-exponent-nan
   ;; Constructors and accessors
   flonum fladjacent flcopysign make-flonum
   flinteger-fraction flexponent flinteger-exponent
   flnormalized-fraction-exponent flsign-bit
   ;; Predicates
   flonum? fl=? fl<? fl>? fl<=? fl>=? flunordered? flinteger? flzero?
   flpositive? flnegative? flodd? fleven? flfinite? flinfinite? flnan?
   flnormalized? fldenormalized?
   ;; Arithmetic
   flmax flmin fl+ fl* fl+* fl- fl/ flabs flabsdiff flposdiff flsgn
   flnumerator fldenominator flfloor flceiling flround fltruncate
   ;; Exponents and logarithms
   flexp flexp2 flexp-1 flsquare flsqrt flcbrt flhypot flexpt fllog
   fllog1+ fllog2 fllog10 make-fllog-base
   ;; Trigonometry
   flsin flcos fltan flasin flacos flatan flsinh flcosh fltanh flasinh
   flacosh flatanh
   ;; Integer division
   flquotient flremainder flremquo
   ;; Special functions
   flgamma flloggamma flfirst-bessel flsecond-bessel flerf flerfc)
  (import (libscm))
  (begin

    ;; ----------------------------------------------------------------
    ;; Constants.

    (define fl-e 2.718281828459045235360287)
    (define fl-1/e 0.3678794411714423215955238)
    (define fl-e-2 7.389056098930650227230427)
    (define fl-e-pi/4 2.193280050738015456559927)
    (define fl-log2-e 1.442695040888963407359925)
    (define fl-log10-e 0.4342944819032518276511289)
    (define fl-log-2 0.6931471805599453094172321)
    (define fl-1/log-2 1.442695040888963407359925)
    (define fl-log-3 1.098612288668109691395245)
    (define fl-log-pi 1.144729885849400174143427)
    (define fl-log-10 2.302585092994045684017991)
    (define fl-1/log-10 0.4342944819032518276511289)
    (define fl-pi 3.141592653589793238462643)
    (define fl-1/pi 0.3183098861837906715377675)
    (define fl-2pi 6.283185307179586476925287)
    (define fl-pi/2 1.570796326794896619231322)
    (define fl-pi/4 0.7853981633974483096156608)
    (define fl-pi-squared 9.869604401089358618834491)
    (define fl-degree 0.01745329251994329576923691)
    (define fl-2/pi 0.6366197723675813430755351)
    (define fl-2/sqrt-pi 1.128379167095512573896159)
    (define fl-sqrt-pi 1.772453850905516027298167)
    (define fl-sqrt-2 1.414213562373095048801689)
    (define fl-sqrt-3 1.732050807568877293527446)
    (define fl-sqrt-5 2.236067977499789696409174)
    (define fl-sqrt-10 3.162277660168379331998894)
    (define fl-1/sqrt-2 0.7071067811865475244008444)
    (define fl-cbrt-2 1.259921049894873164767211)
    (define fl-cbrt-3 1.442249570307408382321638)
    (define fl-4thrt-2 1.189207115002721066717500)
    (define fl-phi 1.618033988749894848204587)
    (define fl-log-phi 0.4812118250596034474977589)
    (define fl-1/log-phi 2.078086921235027537601322)
    (define fl-euler 0.5772156649015328606065121)
    (define fl-e-euler 1.781072417990197985236505)
    (define fl-sin-1 0.8414709848078965066525023)
    (define fl-cos-1 0.5403023058681397174009366)
    (define fl-gamma-1/2 1.772453850905516027298167)
    (define fl-gamma-1/3 2.678938534707747633655692)
    (define fl-gamma-2/3 1.354117939426400416945288)

    (define c-constants (%flconstants))
    (define fl-integer-exponent-zero (list-ref c-constants 0))
    (define fl-integer-exponent-nan (list-ref c-constants 1))
    (define fl-greatest (list-ref c-constants 2))
    (define fl-least (list-ref c-constants 3))
    (define fl-epsilon (list-ref c-constants 4))
    (define fl-fast-fl+* (list-ref c-constants 5))

    ;; ----------------------------------------------------------------
    ;; Checks.

    (define (flonum? obj)
      "#t if OBJ is a flonum (an inexact real)."
      (and (real? obj) (inexact? obj)))

    (define (not-flonum who pos obj)
      (error (string-append who ": wrong type argument in position "
                            (number->string pos) " (expected flonum)")
             obj))

    (define-syntax check
      (syntax-rules ()
        ((_ who (pos x) ...)
         (begin (if (not (flonum? x)) (not-flonum who pos x)) ...))))

    (define (check-all who xs)
      (let loop ((l xs) (pos 1))
        (if (pair? l)
            (begin (if (not (flonum? (car l))) (not-flonum who pos (car l)))
                   (loop (cdr l) (+ pos 1))))))

    ;; (define-fl1 NAME (X) EXPR DOC): a checked procedure of one flonum.
    (define-syntax define-fl1
      (syntax-rules ()
        ((_ name (x) expr doc)
         (define (name x) doc (check (symbol->string 'name) (1 x)) expr))))

    (define-syntax define-fl2
      (syntax-rules ()
        ((_ name (x y) expr doc)
         (define (name x y) doc (check (symbol->string 'name) (1 x) (2 y)) expr))))

    ;; ----------------------------------------------------------------
    ;; Constructors and accessors.

    (define (flonum n)
      "The flonum nearest the real number N."
      (if (not (real? n))
          (error "flonum: wrong type argument in position 1 (expected real number)" n))
      (inexact n))

    (define fladjacent %fladjacent)
    (define flcopysign %flcopysign)
    (define make-flonum %make-flonum)
    (define flexponent %flexponent)
    (define flinteger-exponent %flinteger-exponent)
    (define flnormalized-fraction-exponent %flnormalized-fraction-exponent)

    (define (flsign-bit x)
      "1 if the sign bit of X is set (as in -0.0), else 0."
      (%flsign-bit x))

    (define (flinteger-fraction x)
      "Two values: the integral part of X and its fraction, each with X's
sign."
      (check "flinteger-fraction" (1 x))
      (cond ((nan? x) (values x x))
            ((infinite? x) (values x (%flcopysign 0.0 x)))
            (else (let ((i (truncate x)))
                    (values i (%flcopysign (- x i) x))))))

    ;; ----------------------------------------------------------------
    ;; Predicates.

    (define-syntax define-comparison
      (syntax-rules ()
        ((_ name compare doc)
         (define (name x . ys)
           doc
           (check-all (symbol->string 'name) (cons x ys))
           (apply compare x ys)))))

    (define-comparison fl=? = "(fl=? X ...): = on flonums.")
    (define-comparison fl<? < "(fl<? X ...): < on flonums.")
    (define-comparison fl>? > "(fl>? X ...): > on flonums.")
    (define-comparison fl<=? <= "(fl<=? X ...): <= on flonums.")
    (define-comparison fl>=? >= "(fl>=? X ...): >= on flonums.")

    (define-fl2 flunordered? (x y) (or (nan? x) (nan? y))
      "#t if X or Y is a NaN.")
    (define-fl1 flinteger? (x) (and (finite? x) (= x (round x)))
      "#t if X is an integer.")
    (define-fl1 flzero? (x) (zero? x) "#t if X is 0.0 or -0.0.")
    (define-fl1 flpositive? (x) (positive? x) "#t if X is above zero.")
    (define-fl1 flnegative? (x) (negative? x) "#t if X is below zero.")
    (define-fl1 flodd? (x) (odd? x) "#t if X is an odd integer.")
    (define-fl1 fleven? (x) (even? x) "#t if X is an even integer.")
    (define-fl1 flfinite? (x) (finite? x) "#t unless X is infinite or a NaN.")
    (define-fl1 flinfinite? (x) (infinite? x) "#t if X is infinite.")
    (define-fl1 flnan? (x) (nan? x) "#t if X is a NaN.")
    (define-fl1 flnormalized? (x) (= (%flclass x) 2) "#t if X is a normal flonum.")
    (define-fl1 fldenormalized? (x) (= (%flclass x) 1) "#t if X is subnormal.")

    ;; ----------------------------------------------------------------
    ;; Arithmetic.

    (define (flmax . xs)
      "The largest of the flonums (-inf.0 for none)."
      (check-all "flmax" xs)
      (if (null? xs) -inf.0 (apply max xs)))

    (define (flmin . xs)
      "The smallest of the flonums (+inf.0 for none)."
      (check-all "flmin" xs)
      (if (null? xs) +inf.0 (apply min xs)))

    (define (fl+ . xs) "The sum of the flonums." (check-all "fl+" xs) (apply + 0.0 xs))
    (define (fl* . xs) "The product of the flonums." (check-all "fl*" xs) (apply * 1.0 xs))
    (define fl+* %fl+*)

    (define (fl- x . ys)
      "X minus the others; (fl- X) is -X."
      (check-all "fl-" (cons x ys))
      (apply - x ys))

    (define (fl/ x . ys)
      "X divided by the others; (fl/ X) is 1/X."
      (check-all "fl/" (cons x ys))
      (if (null? ys) (/ 1.0 x) (apply / x ys)))

    (define-fl1 flabs (x) (abs x) "The magnitude of X.")
    (define-fl2 flabsdiff (x y) (abs (- x y)) "|X - Y|.")
    (define-fl2 flposdiff (x y) (if (> x y) (- x y) 0.0) "X - Y if positive, else 0.0.")
    (define-fl1 flsgn (x) (%flcopysign 1.0 x) "1.0 or -1.0, the sign of X.")
    (define-fl1 flnumerator (x) (if (or (nan? x) (infinite? x)) x (numerator x))
      "The numerator of X as a fraction in lowest terms.")
    (define-fl1 fldenominator (x)
      (cond ((nan? x) x) ((infinite? x) 1.0) (else (denominator x)))
      "The denominator of X as a fraction in lowest terms.")
    (define-fl1 flfloor (x) (floor x) "X rounded down.")
    (define-fl1 flceiling (x) (ceiling x) "X rounded up.")
    (define-fl1 flround (x) (round x) "X rounded to the nearest integer, ties to even.")
    (define-fl1 fltruncate (x) (truncate x) "X rounded toward zero.")

    ;; ----------------------------------------------------------------
    ;; Exponents and logarithms.

    (define-fl1 flexp (x) (exp x) "e^X.")
    (define flexp2 %flexp2)
    (define flexp-1 %flexp-1)
    (define-fl1 flsquare (x) (* x x) "X^2.")
    (define-fl1 flsqrt (x) (if (negative? x) +nan.0 (sqrt x))
      "The square root of X (a NaN for a negative X, no complex number).")
    (define flcbrt %flcbrt)
    (define flhypot %flhypot)
    (define-fl2 flexpt (x y)
      (if (and (negative? x) (not (= y (round y)))) +nan.0 (expt x y))
      "X^Y (a NaN where the result would be complex).")
    (define-fl1 fllog (x) (if (negative? x) +nan.0 (log x))
      "The natural logarithm of X (a NaN for a negative X).")
    (define fllog1+ %fllog1+)
    (define fllog2 %fllog2)
    (define fllog10 %fllog10)

    (define (make-fllog-base base)
      "The procedure of the logarithm in base BASE, a flonum above 1."
      (check "make-fllog-base" (1 base))
      (if (not (> base 1.0))
          (error "make-fllog-base: argument out of range in position 1 (expected a base above 1)" base))
      (let ((k (log base)))
        (lambda (x) (check "fllog" (1 x)) (/ (fllog x) k))))

    ;; ----------------------------------------------------------------
    ;; Trigonometry.

    (define-fl1 flsin (x) (sin x) "The sine of X.")
    (define-fl1 flcos (x) (cos x) "The cosine of X.")
    (define-fl1 fltan (x) (tan x) "The tangent of X.")
    (define-fl1 flasin (x) (if (> (abs x) 1.0) +nan.0 (asin x))
      "The arc sine of X (a NaN outside [-1, 1]).")
    (define-fl1 flacos (x) (if (> (abs x) 1.0) +nan.0 (acos x))
      "The arc cosine of X (a NaN outside [-1, 1]).")

    (define (flatan y . x)
      "(flatan Y) the arc tangent of Y; (flatan Y X) the angle of the
point (X, Y)."
      (check-all "flatan" (cons y x))
      (if (null? x) (atan y) (atan y (car x))))

    (define flsinh %flsinh)
    (define flcosh %flcosh)
    (define fltanh %fltanh)
    (define flasinh %flasinh)
    (define flacosh %flacosh)
    (define flatanh %flatanh)

    ;; ----------------------------------------------------------------
    ;; Integer division.

    (define-fl2 flquotient (x y) (truncate (/ x y))
      "X / Y rounded toward zero.")
    (define flremainder %flremainder)
    (define flremquo %flremquo)

    ;; ----------------------------------------------------------------
    ;; Special functions.

    (define flgamma %flgamma)
    (define flloggamma %flloggamma)
    (define flfirst-bessel %flfirst-bessel)
    (define flsecond-bessel %flsecond-bessel)
    (define flerf %flerf)
    (define flerfc %flerfc)))
