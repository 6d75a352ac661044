;;; flonums.scm -- writing and reading inexact reals
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Flonums print as the shortest decimal that reads back as the same
;;; double, and as their exact expansion in radixes 2, 8 and 16 (which
;;; read back too, with a point); decimal input is correctly rounded,
;;; and so is the conversion of large exact numbers.  The property test
;;; writes and reads 10^5 doubles of random bit patterns (a fixed seed;
;;; normal, subnormal, infinite) and wants the same bits back.  Every
;;; NaN is eqv? to every other one, so (eqv? (/ 0. 0.) +nan.0) holds.

;;; Code:

(test-begin "flonums")

(define (string-of x) (number->string x))

;;; Shortest decimal output.

(test-equal "0.1" (string-of 0.1))
(test-equal "0.3333333333333333" (string-of (/ 1. 3)))
(test-equal "0.30000000000000004" (string-of (+ .1 .2)))
(test-equal "1.0e+21" (string-of 1e21))
(test-equal "100000000000000000000.0" (string-of 1e20))
(test-equal "1.0e-7" (string-of 1e-7))
(test-equal "0.000001" (string-of 1e-6))
(test-equal "-0.0" (string-of -0.0))
(test-equal "0.0" (string-of 0.0))
(test-equal "+inf.0" (string-of +inf.0))
(test-equal "-inf.0" (string-of -inf.0))
(test-equal "+nan.0" (string-of +nan.0))
(test-equal "+nan.0" (string-of (/ 0. 0.)))
(test-equal "+nan.0" (string-of (- (/ 0. 0.))))
(test-equal "5.0e-324" (string-of 5e-324))
(test-equal "1.5e-323" (string-of (* 3 5e-324)))
(test-equal "1.7976931348623157e+308" (string-of 1.7976931348623157e308))
(test-equal "2.2250738585072014e-308" (string-of 2.2250738585072014e-308))
(test-equal "9007199254740992.0" (string-of 9007199254740992.))
(test-equal "123456789012345680000.0" (string-of 123456789012345678901.))
(test-equal "-1.5" (string-of -1.5))
(test-equal "1.0e+23" (string-of 1e23))
;; Both spellings of the scientific form read back exactly, so text
;; written by Schemes that leave out the point or the exponent's sign
;; reads as the same double here.
(test-equal "5e-324 and 5.0e-324 and the long form are one double"
            '(#t #t #t)
            (map (lambda (s) (eqv? 5e-324 (string->number s)))
                 '("5e-324" "5.0e-324" "4.940656458412465e-324")))
(test-equal "e308 and e+308 are one double"
            '(#t #t)
            (map (lambda (s) (eqv? (string->number "1.7976931348623157e308")
                                   (string->number s)))
                 '("1.7976931348623157e308" "1.7976931348623157e+308")))
(test-equal "the written form of the subnormals reads back as itself"
            '(#t #t #t #t)
            (map (lambda (x) (eqv? x (string->number (string-of x))))
                 (list 5e-324 1e-323 2.5e-323 2.421e-320)))
(test-equal "the forms R7RS suites accept" '("1.0e-323" "2.4e-322" "2.421e-320")
            (map string-of (list 1e-323 2.4e-322 2.421e-320)))

;;; Other radixes: the exact binary expansion.

(test-equal "0.1" (number->string 0.5 2))
(test-equal "0.4" (number->string 0.5 8))
(test-equal "0.8" (number->string 0.5 16))
(test-equal "-a.4" (number->string -10.25 16))
(test-equal "101.0" (number->string 5. 2))
(test-equal "0.0001100110011001100110011001100110011001100110011001101"
            (number->string 0.1 2))
(test-equal "0.0631463146314631464" (number->string 0.1 8))
(test-equal "-0.0" (number->string -0.0 16))
(test-equal "+inf.0" (number->string +inf.0 2))
(test-equal "+nan.0" (number->string +nan.0 8))
(test-equal (+ 256 2) (string-length (number->string 1.7976931348623157e308 16)))
(test-equal (+ 2 1074) (string-length (number->string 5e-324 2)))
(test-eqv 0.5 (string->number "0.1" 2))
(test-eqv 0.5 (string->number "#x.8"))
(test-eqv -10.5 (string->number "-a.8" 16))
(test-eqv 1.0 (string->number "#b1."))
(test-eqv 3/4 (string->number "#e#b0.11"))
(test-eqv #f (string->number "#b0.2"))
(test-eqv #f (string->number "#x." 16))
(test-eqv #f (string->number "1e2" 2))
;; Correctly rounded past 53 bits: 1 + 2^-53 is a tie, to even.
(test-eqv 1.0 (string->number
               "1.00000000000000000000000000000000000000000000000000001" 2))
(test-eqv 1.0000000000000002
          (string->number
           "1.000000000000000000000000000000000000000000000000000011" 2))

;;; Correctly rounded input.

(test-eqv 9007199254740992. (string->number "9007199254740993.0"))
(test-eqv 9007199254740996. (string->number "9007199254740995.0"))
(test-eqv 0.0 (string->number "2.4703282292062327e-324"))
(test-eqv 5e-324 (string->number "2.4703282292062328e-324"))
(test-eqv 0.1 (string->number
               "0.1000000000000000055511151231257827021181583404541015625"))
(test-eqv 2.225073858507201e-308 (string->number "2.2250738585072011e-308"))
(test-eqv +inf.0 (string->number "1e309"))
(test-eqv -0.0 (string->number "-1e-400"))

;;; Exact to inexact, rounded to nearest, ties to even.

(test-eqv 10.0 (inexact (/ (expt 10 400) (+ (expt 10 399) 1))))
(test-eqv 1.7976931348623157e308 (inexact (- (expt 2 1024) (expt 2 970) 1)))
(test-eqv +inf.0 (inexact (- (expt 2 1024) (expt 2 970))))
(test-eqv 5e-324 (exact->inexact (/ 1 (expt 2 1074))))
(test-eqv 0.0 (exact->inexact (/ 1 (expt 2 1075))))
(test-eqv 1e-323 (exact->inexact (/ 3 (expt 2 1075))))
(test-eqv 1024.0 (exact->inexact (/ (+ (expt 2 2000) 1) (expt 2 1990))))
(test-eqv 1.2338405969061735e176 (inexact (/ (expt 3 1000) (expt 2 1000))))
(test-eqv 9007199254740992. (inexact (+ (expt 2 53) 1)))
(test-eqv 9007199254740996. (inexact (+ (expt 2 53) 3)))
(test-eqv -1e300 (inexact (- (exact 1e300))))

;;; NaNs: all alike.

(test-eqv #t (eqv? (/ 0. 0.) +nan.0))
(test-eqv #t (eqv? (- +nan.0) +nan.0))
(test-eqv #t (equal? (list (/ 0. 0.)) (list +nan.0)))
(test-eqv #f (= +nan.0 +nan.0))
(test-eqv #f (eqv? 0.0 -0.0))
(let ((bv (make-bytevector 8 0)))
  ;; A NaN with the sign bit and a payload reads back eqv?.
  (bytevector-u64-set! bv 0 #xfff4000000000123 (endianness big))
  (let ((odd-nan (bytevector-ieee-double-ref bv 0 (endianness big))))
    (test-eqv #t (nan? odd-nan))
    (test-eqv #t (eqv? odd-nan (string->number (number->string odd-nan))))
    (let ((h (make-hash-table)))
      (hashv-set! h +nan.0 'nan)
      (test-eqv 'nan (hashv-ref h odd-nan #f))
      (test-eqv 'nan (hash-ref h odd-nan #f)))))

;;; Ratios with a zero denominator are not numbers.

(test-eqv #f (string->number "1/0"))
(test-eqv #f (string->number "1/0" 10))
(test-eqv #f (string->number "#e1/0"))
(test-eqv #f (string->number "#i1/0"))
(test-eqv #f (string->number "-0/0"))
(test-eqv #f (string->number "#x10/00"))
(test-eqv 1/2 (string->number "1/2"))

;;; The property: 10^5 random bit patterns, written and read back.

(define seed 20261202)
;; A 32-bit linear congruential generator (Numerical Recipes): its
;; products fit a fixnum, so the loop allocates no bignum.
(define (next32!)
  (set! seed (modulo (+ (* seed 1664525) 1013904223) 4294967296))
  seed)

(define cell (make-bytevector 8 0))

;; A double of random bits; one in eight subnormal (exponent bits 0),
;; the high word's sign and exponent otherwise random too.
(define (random-double! k)
  (let ((hi (next32!)) (lo (next32!)))
    (bytevector-u32-set! cell 0 (if (= 0 (modulo k 8))
                                    (bitwise-and hi #x800fffff)
                                    hi)
                         (endianness big))
    (bytevector-u32-set! cell 4 lo (endianness big))
    (bytevector-ieee-double-ref cell 0 (endianness big))))

(define (bits x)
  (let ((bv (make-bytevector 8 0)))
    (bytevector-ieee-double-set! bv 0 x (endianness big))
    (bytevector-u64-ref bv 0 (endianness big))))

;; The first failure as (x text back), or #f.
(define (round-trip-failure count radix-of)
  (let loop ((k 0))
    (if (= k count)
        #f
        (let* ((x (random-double! k))
               (radix (radix-of k))
               (text (number->string x radix))
               (back (string->number text radix)))
          (if (and (eqv? x back)
                   (or (nan? x) (= (bits x) (bits back))))
              (loop (+ k 1))
              (list x text back))))))

(test-eqv "10^5 random doubles round-trip in radix 10" #f
          (round-trip-failure 100000 (lambda (k) 10)))
(test-eqv "10^4 random doubles round-trip in radixes 2, 8, 16" #f
          (round-trip-failure 10000
                              (lambda (k) (vector-ref #(2 8 16) (modulo k 3)))))
(test-eqv "read after write keeps the bits" #f
          (let loop ((k 0))
            (if (= k 2000)
                #f
                (let* ((x (random-double! k))
                       (back (read (open-input-string
                                    (call-with-output-string
                                     (lambda (port) (write x port)))))))
                  (if (eqv? x back) (loop (+ k 1)) (list x back))))))

;;; Two forms, one value.  A flonum of magnitude in [2^-63, 2^64), or
;;; a zero, is an immediate; any other is boxed (numbers.h).  Results
;;; that cross the boundary, from the VM's inline arithmetic (in a
;;; procedure) and from the primitives (through apply), must come back
;;; in the right form with the right value, and equality and hashing
;;; must not see the form.

(define two^63 (exact->inexact (expt 2 63)))
(define two^64 (exact->inexact (expt 2 64)))
(define two^-63 (exact->inexact (expt 2 -63)))
(define (vm-mul a b) (* a b))
(define (vm-div a b) (/ a b))
(define (vm-add a b) (+ a b))

(test-assert "immediate flonums of one value are eq?"
  (eq? (vm-mul 1.5 2.) 3.))
(test-assert "so are those from the primitives"
  (eq? (apply * '(1.5 2.)) (apply + '(1. 2.))))
(test-assert "zeros: 0.0 and -0.0 stay apart"
  (and (eqv? (vm-mul 0. 1.) 0.) (eqv? (vm-mul -0. 1.) -0.)
       (not (eqv? 0. -0.)) (eqv? (- 0.) -0.)))
(test-eqv "2^63 times 2 leaves the immediates" (exact->inexact (expt 2 64))
  (vm-mul two^63 2.))
(test-eqv "and halving comes back" two^63 (vm-div (vm-mul two^63 2.) 2.))
(test-assert "the boxed result of 2^64 is eqv? to another one, not eq?"
  (let ((a (vm-mul two^63 2.)) (b (apply * (list two^63 2.))))
    (and (eqv? a b) (equal? a b) (= a b) (not (eq? a b)))))
(test-eqv "2^-63 halved is boxed and exact" (exact->inexact (expt 2 -64))
  (vm-div two^-63 2.))
(test-equal "2^-64 reads and prints" "5.421010862427522e-20"
  (number->string (vm-div two^-63 2.)))
(test-equal "exact values survive both forms"
  (list (expt 2 64) (expt 2 -64) (expt 2 63) (- (expt 2 64) 2048))
  (map exact (list two^64 (/ two^-63 2) two^63
                   (exact->inexact (- (expt 2 64) 2048)))))
(test-assert "the largest double below 2^64 and 2^64 itself differ"
  (let ((below (exact->inexact (- (expt 2 64) 2048))))
    (and (< below two^64) (= (vm-add below 2048.) two^64))))
(test-assert "huge, tiny, infinite and NaN results are still numbers"
  (let ((xs (list (vm-mul 1e200 1e100) (vm-div 1e-200 1e100)
                  (vm-mul 1e300 1e300) (vm-add +inf.0 -inf.0))))
    (and (real? (car xs)) (real? (cadr xs)) (real? (caddr xs))
         (real? (cadddr xs)) (inexact? (car xs)) (inexact? (cadr xs))
         (= (car xs) 1e300) (= (caddr xs) +inf.0) (nan? (cadddr xs)))))
(test-assert "a subnormal stays a subnormal"
  (let ((d (vm-div 5e-324 1.)))
    (and (> d 0.) (= (vm-mul d 2.) 1e-323))))
(test-equal "numbers across the boundary, sorted"
  (list 1e-300 two^-63 1. two^63 two^64 1e300)
  (sort (list 1e300 two^64 1. two^-63 two^63 1e-300) <))
(test-assert "hashv and hash: = values alike in either form"
  (and (= (hashv 2. 1000) (hashv 2 1000))
       (= (hash two^64 1000) (hash (expt 2 64) 1000))
       (= (hash (list 1.5 1e300) 1000) (hash (list (/ 3. 2) (+ 1e300 0.)) 1000))))
(test-assert "hash table keys in both forms"
  (let ((t (make-hash-table)))
    (hashv-set! t 1.5 'small)
    (hashv-set! t (vm-mul two^63 2.) 'big)
    (and (eq? (hashv-ref t (vm-div 3. 2.) #f) 'small)
         (eq? (hashv-ref t (apply * (list two^63 2.)) #f) 'big))))
(test-assert "a vector of flonums keeps them"
  (let ((v (make-vector 1000 0.)))
    (do ((i 1 (+ i 1))) ((= i 1000))
      (vector-set! v i (/ 1. i)))
    (gc)
    (let loop ((i 1))
      (or (= i 1000)
          (and (= (vector-ref v i) (/ 1. i)) (loop (+ i 1)))))))

;;; Comparisons of flonums, and of flonums with fixnums, inline in the
;;; VM: exact even where a fixnum has no double, false with a NaN.

(define (vm< a b) (< a b))
(define (vm= a b) (= a b))
(define (vm>= a b) (if (>= a b) 'yes 'no))
(define big-odd (+ (expt 2 53) 1))      ; a fixnum with no double

(test-equal "fixnum and flonum compared exactly past 2^53"
  '(#f #f #t yes no)
  (list (vm< big-odd 9007199254740992.) (vm= big-odd 9007199254740992.)
        (vm< 9007199254740992. big-odd) (vm>= big-odd 9007199254740992.)
        (vm>= 9007199254740992. big-odd)))
(test-equal "comparisons with a NaN are false"
  '(#f #f #f no no)
  (let ((nan (/ 0. 0.)))
    (list (vm< nan 1.) (vm< 1 nan) (vm= nan nan) (vm>= nan nan)
          (vm>= 2. nan))))
(test-equal "flonums with fixnums, both ways"
  '(#t #t #f yes yes)
  (list (vm< 1 1.5) (vm= 2 2.) (vm= -0. 1) (vm>= 2.5 2) (vm>= 0. -0.)))
(test-error-message "a comparison with a non-number still raises"
  "<: wrong type argument in position 2 (expected real number): a"
  (lambda () (vm< 1. 'a)))

(test-end "flonums")
