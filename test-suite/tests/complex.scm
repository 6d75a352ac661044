;;; complex.scm -- non-real complex numbers (libscm/complex.c)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Complex numbers have flonum parts (there are no exact ones) and a
;;; nonzero imaginary part: a zero one gives the real number.  Syntax
;;; (rectangular and polar, every radix), printing that reads back,
;;; (scheme complex), the arithmetic with every kind of real, = zero?
;;; and the predicates, the transcendental functions (principal values,
;;; R7RS's branch cuts for real arguments), expt, eqv? equal? and
;;; hashing, and the errors: ordering, exact complex numbers, non-real
;;; arguments where reals are wanted.

;;; Code:

(import (scheme complex))

(test-begin "complex")

(define (kind-of thunk)
  (let ((e (raised-object thunk)))
    (if (error-object? e) (condition-kind e) e)))

(define (text x) (number->string x))

;; Z's parts are within 1e-12 (relative) of RE and IM.
(define (close? z re im)
  (define (near a b)
    (or (= a b) (<= (abs (- a b)) (* 1e-12 (max 1 (abs a) (abs b))))))
  (and (near (real-part z) re) (near (imag-part z) im)))

(test-group "syntax and printing"
  (lambda ()
    (test-equal "1.0+2.0i" (text 1+2i))
    (test-equal "-1.0i" (text -i))
    (test-equal "+1.0i" (text +i))
    (test-equal "1.5-2.5i" (text 1.5-2.5i))
    (test-equal "+2.0i" (text +2i))
    (test-equal "1.0-1.0i" (text 1-i))
    (test-equal "+inf.0+nan.0i" (text +inf.0+nan.0i))
    (test-equal "+inf.0i" (text +inf.0i))
    (test-equal "-inf.0-inf.0i" (text -inf.0-inf.0i))
    (test-equal "-0.0+1.0i" (text -0.0+1.0i))
    (test-equal "0.5+0.25i" (text 1/2+1/4i))
    (test-equal "150.0-3.5i" (text 1.5e2-3.5I))
    (test-assert "1@2 is polar" (close? 1@2 (cos 2) (sin 2)))
    (test-assert "-2@-1" (close? -2@-1 (* -2 (cos -1)) (* -2 (sin -1))))
    (test-equal "1.0+15.0i" (text #x1+fi))
    (test-equal "1.1+10.01i" (number->string 1.5+2.25i 2))
    (test-equal "a.8-0.4i" (number->string 10.5-0.25i 16))
    (test-eqv 1.5+2.25i (string->number "1.1+10.01i" 2))
    (test-eqv 1.5+2.25i (string->number "#b1.1+10.01i"))
    ;; A zero imaginary part: exact gives the real, inexact too.
    (test-eqv 1 (string->number "1+0i"))
    (test-eqv 1.0 (string->number "1+0.0i"))
    (test-eqv 1.0 (string->number "#i1+0i"))
    (test-eqv 1 (string->number "#e1+0i"))
    (test-eqv 2 (string->number "2@0"))
    (test-eqv 2.0 (string->number "#i2@0"))
    (test-eqv #f (string->number "1+2"))
    (test-eqv #f (string->number "1+2j"))
    (test-eqv #f (string->number "i"))
    (test-eqv #f (string->number "1+i+i"))
    (test-eqv #f (string->number "1@"))
    (test-eqv #f (string->number "1/0+2i"))
    (test-eqv #f (string->number "1+2/0i"))
    (test-eqv 'implementation-restriction
              (kind-of (lambda () (string->number "#e1+2i"))))
    (test-eqv 'implementation-restriction
              (kind-of (lambda () (string->number "#e1@2"))))
    (test-equal "read and write" (list 1+2i -1.5i)
                (read (open-input-string "(1+2i -1.5i)")))
    (test-equal "write" "(1.0+2.0i +inf.0-1.0i)"
                (call-with-output-string
                 (lambda (p) (write (list 1+2i +inf.0-i) p))))
    ;; Symbols that look like complex numbers keep their bars.
    (test-equal "|1+2i|" (call-with-output-string
                          (lambda (p) (write (string->symbol "1+2i") p))))))

(test-group "round trips"
  (lambda ()
    (define seed 99)
    (define (next!)
      (set! seed (modulo (+ (* seed 1664525) 1013904223) 4294967296))
      seed)
    (define cell (make-bytevector 8 0))
    (define (random-double)
      (bytevector-u32-set! cell 0 (next!) (endianness big))
      (bytevector-u32-set! cell 4 (next!) (endianness big))
      (bytevector-ieee-double-ref cell 0 (endianness big)))
    (define (failure count)
      (let loop ((k 0))
        (if (= k count)
            #f
            (let* ((z (make-rectangular (if (= 0 (modulo k 5)) 0.0 (random-double))
                                        (random-double)))
                   (radix (vector-ref #(10 10 2 8 16) (modulo k 5)))
                   (s (number->string z radix))
                   (back (string->number s radix)))
              (if (eqv? z back) (loop (+ k 1)) (list z s back))))))
    (test-eqv "5000 random complex numbers" #f (failure 5000))
    (test-eqv "read after write" #f
              (let loop ((zs (list 1+2i -0.0-0.0i +nan.0+nan.0i +5e-324i
                                   (make-rectangular -0.0 -5e-324))))
                (cond ((null? zs) #f)
                      ((eqv? (car zs)
                             (read (open-input-string
                                    (call-with-output-string
                                     (lambda (p) (write (car zs) p))))))
                       (loop (cdr zs)))
                      (else (car zs)))))))

(test-group "(scheme complex)"
  (lambda ()
    (test-eqv 1+2i (make-rectangular 1 2))
    (test-eqv 1.5 (make-rectangular 1.5 0))
    (test-eqv 1 (make-rectangular 1 0))
    (test-eqv 1.0 (make-rectangular 1 0.0))
    (test-eqv 1.0 (make-rectangular 1 -0.0))
    (test-eqv 2 (make-polar 2 0))
    (test-assert (close? (make-polar 2 (/ 3.141592653589793 2)) 0 2))
    (test-eqv 1.0 (real-part 1+2i))
    (test-eqv 2.0 (imag-part 1+2i))
    (test-eqv 3/4 (real-part 3/4))
    (test-eqv 0 (imag-part 3/4))
    (test-eqv 0 (imag-part 1.5))
    (test-eqv 5.0 (magnitude 3+4i))
    (test-eqv 5.0 (magnitude -3-4i))
    (test-eqv 7 (magnitude -7))
    (test-eqv 1/2 (magnitude -1/2))
    (test-eqv 1.5707963267948966 (angle +i))
    (test-eqv -1.5707963267948966 (angle -i))
    (test-eqv 3.141592653589793 (angle -1))
    (test-eqv 3.141592653589793 (angle -0.0))
    (test-eqv 0 (angle 5))
    (test-eqv 0.0 (angle 5.0))
    (test-eqv 0.7853981633974483 (angle 1+i))
    (test-eqv 'wrong-type-arg (kind-of (lambda () (make-rectangular 1+i 2))))
    (test-eqv 'wrong-type-arg (kind-of (lambda () (make-polar 1 'a))))
    (test-eqv 'wrong-type-arg (kind-of (lambda () (real-part "1"))))
    (test-eqv 'wrong-type-arg (kind-of (lambda () (magnitude 'x))))
    (test-error-message "the error names the procedure"
                        "angle: wrong type argument in position 1 (expected number): #t"
                        (lambda () (angle #t)))))

(test-group "predicates"
  (lambda ()
    (test-equal '(#t #t #f #f #f #f #t)
                (map (lambda (p) (p 1+2i))
                     (list number? complex? real? rational? integer? exact?
                           inexact?)))
    (test-eqv #t (complex? 1))
    (test-eqv #t (complex? 1/2))
    (test-eqv #t (real? 1.5))
    (test-eqv #f (real? +i))
    (test-eqv #f (exact-integer? 1+i))
    (test-eqv #f (zero? +i))
    (test-eqv #t (zero? (- 1+i 1+i)))
    (test-eqv #t (nan? 1+nan.0i))
    (test-eqv #t (nan? +nan.0+i))
    (test-eqv #f (nan? 1+i))
    (test-eqv #t (infinite? 1-inf.0i))
    (test-eqv #f (infinite? +nan.0+i))
    (test-eqv #t (finite? 1+i))
    (test-eqv #f (finite? +inf.0+i))
    (test-eqv 'wrong-type-arg (kind-of (lambda () (positive? +i))))
    (test-eqv 'wrong-type-arg (kind-of (lambda () (odd? 1+i))))))

(test-group "arithmetic"
  (lambda ()
    (test-eqv 4.0+6.0i (+ 1+2i 3+4i))
    (test-eqv 2.0 (+ 1+2i 1-2i))
    (test-eqv 3.0+2.0i (+ 2 1+2i))
    (test-eqv 3.0+2.0i (+ 1+2i 2))
    (test-eqv 1.5+2.0i (+ 1+2i 1/2))
    (test-eqv 1.0+2.0i (+ 1+2i (expt 10 -400)))
    (test-eqv 1e30+2.0i (+ (expt 10 30) +2i))
    (test-eqv -2.0-2.0i (- 1+2i 3+4i))
    (test-eqv 1.0-2.0i (- 2 1+2i))
    (test-eqv -1.0-2.0i (- 1+2i))
    (test-eqv 0.0 (- 1+2i 1+2i))
    (test-eqv 11.0+2.0i (* 1+2i 3-4i))
    (test-eqv -1.0 (* +i +i))
    (test-eqv 2.0+4.0i (* 2 1+2i))
    (test-eqv 2.0+4.0i (* 1+2i 2))
    (test-eqv 1.0+inf.0i (* 1 1+inf.0i))
    (test-eqv -0.2+0.4i (/ 1+2i 3-4i))
    (test-eqv 0.5+1.0i (/ 1+2i 2))
    (test-eqv -0.5i (/ 1 +2i))
    (test-eqv 0.2-0.4i (/ 1+2i))
    (test-eqv +inf.0+inf.0i (/ 1+i 0))
    (test-eqv -3.0+4.0i (square 1+2i))
    (test-eqv 6.0+2.0i (+ 1 2 +i 3 +i))
    (test-eqv 1.0+2.0i (inexact 1+2i))
    (test-eqv 1.0+2.0i (exact->inexact 1+2i))
    (test-eqv #t (= 1+2i 1+2i))
    (test-eqv #t (= 1+2i (make-rectangular 1 2) 1.0+2.0i))
    (test-eqv #f (= 1+2i 1-2i))
    (test-eqv #f (= 1+2i 1))
    (test-eqv #f (= 1 1+2i))
    (test-eqv #f (= +nan.0i +nan.0i))
    (test-eqv 'wrong-type-arg (kind-of (lambda () (= 1+i 'a))))
    (test-eqv 'wrong-type-arg (kind-of (lambda () (+ 1+i "2"))))
    (test-error-message "(< 1+i 2) names <"
                        "<: wrong type argument in position 1 (expected real number): 1.0+1.0i"
                        (lambda () (< 1+i 2)))
    (test-error-message "(> 2 1+i) names >"
                        ">: wrong type argument in position 2 (expected real number): 1.0+1.0i"
                        (lambda () (> 2 1+i)))
    (test-eqv 'wrong-type-arg (kind-of (lambda () (max 1+i 2))))
    (test-eqv 'wrong-type-arg (kind-of (lambda () (abs 1+i))))
    (test-eqv 'wrong-type-arg (kind-of (lambda () (floor 1+i))))
    (test-eqv 'wrong-type-arg (kind-of (lambda () (quotient 1+i 2))))
    (test-eqv 'implementation-restriction (kind-of (lambda () (exact 1+2i))))
    (test-error-message "exact names itself"
                        "inexact->exact: implementation restriction: exact complex numbers are not supported: 1.0+2.0i"
                        (lambda () (inexact->exact 1+2i)))))

(test-group "transcendental functions"
  (lambda ()
    (test-eqv +2.0i (sqrt -4))
    (test-eqv +2.0i (sqrt -4.0))
    (test-eqv +1.4142135623730951i (sqrt -2))
    (test-eqv +0.5i (sqrt -1/4))
    (test-eqv +1e200i (sqrt (- (expt 10 400))))
    (test-eqv 1.0+2.0i (sqrt -3+4i))
    (test-eqv 1.0-2.0i (sqrt -3-4i))
    (test-eqv +1.0i (sqrt -1))
    (test-eqv +3.141592653589793i (log -1))
    (test-eqv +1.5707963267948966i (log +i))
    (test-assert (close? (log 1+i) 0.34657359027997264 0.7853981633974483))
    (test-assert (close? (log -8 2) 3 4.532360141827194))
    (test-assert (close? (log 8 -2) 0.1392609706362244 -0.6311808726237906))
    (test-assert "a tiny negative ratio" (close? (log (- (expt 10 -400)))
                                                 -921.0340371976183
                                                 3.141592653589793))
    (test-assert (close? (exp +3.141592653589793i) -1 1.2246467991473532e-16))
    (test-assert (close? (exp 1+i) 1.4686939399158851 2.2873552871788423))
    (test-assert (close? (sin +i) 0 1.1752011936438014))
    (test-assert (close? (cos +i) 1.5430806348152437 0))
    (test-assert (close? (tan 1+i) 0.2717525853195117 1.0839233273386946))
    (test-assert (close? (sin 1+i) 1.2984575814159773 0.6349639147847361))
    (test-assert (close? (cos 1+i) 0.8337300251311491 -0.9888977057628651))
    (test-eqv 1.5707963267948966-1.3169578969248166i (asin 2))
    (test-eqv -1.5707963267948966+1.3169578969248166i (asin -2))
    (test-eqv +1.3169578969248166i (acos 2))
    (test-eqv 3.141592653589793-1.3169578969248166i (acos -2))
    (test-assert (close? (asin 1+i) 0.6662394324925153 1.0612750619050357))
    (test-assert (close? (acos 1+i) 0.9045568943023813 -1.0612750619050357))
    (test-assert (close? (atan 1+i) 1.0172219678978514 0.4023594781085251))
    (test-assert (close? (atan +2i) 1.5707963267948966 0.5493061443340549))
    ;; asin and sin, exp and log undo each other.
    (test-assert (close? (sin (asin 0.5+2i)) 0.5 2))
    (test-assert (close? (exp (log -2-3i)) -2 -3))
    (test-eqv 0.5235987755982989 (asin 0.5))
    (test-eqv 'wrong-type-arg (kind-of (lambda () (atan +i 1))))
    (test-eqv 'wrong-type-arg (kind-of (lambda () (exp 'e))))))

(test-group "expt"
  (lambda ()
    (test-assert (close? (expt -1 0.5) 6.123233995736766e-17 1))
    (test-assert (close? (expt -8 1/3) 1 1.7320508075688772))
    (test-eqv +2.0i (expt 1+i 2))
    (test-eqv -4.0 (expt 1+i 4))
    (test-eqv -0.25 (expt 1+i -4))
    (test-eqv 1 (expt 1+i 0))
    (test-assert (close? (expt +i 3) 0 -1))
    (test-assert (close? (expt 2 1+i) 1.5384778027279442 1.2779225526272695))
    (test-assert (close? (expt +i +i) 0.20787957635076193 0))
    (test-assert (close? (expt 1+i 0.5) 1.09868411346781 0.45508986056222733))
    (test-eqv 0.0 (expt 0 1+i))
    (test-eqv 1.0 (expt 1.0 2+i))
    (test-eqv 'wrong-type-arg (kind-of (lambda () (expt 1+i 'a))))))

(test-group "eqv? equal? hashing"
  (lambda ()
    (test-eqv #t (eqv? 1+2i (make-rectangular 1 2)))
    (test-eqv #f (eqv? 1+2i 1-2i))
    (test-eqv #f (eqv? 0.0+1.0i -0.0+1.0i))
    (test-eqv #t (eqv? +nan.0+nan.0i (make-rectangular (/ 0. 0.) (- +nan.0))))
    (test-eqv #t (equal? '#(1+2i) (vector (+ 1 +2i))))
    (test-eqv #f (eqv? 1+2i 1))
    (let ((h (make-hash-table)))
      (hashv-set! h 1+2i 'a)
      (hash-set! h (list 3-4i) 'b)
      (test-eqv 'a (hashv-ref h (make-rectangular 1.0 2.0)))
      (test-eqv 'b (hash-ref h (list (- 3 +4i)))))
    (test-eqv 'c (case 1+2i ((1+2i) 'c) (else 'd)))
    (test-equal '(1+2i) (memv 1+2i (list 1 1+2i)))))

(test-end "complex")
