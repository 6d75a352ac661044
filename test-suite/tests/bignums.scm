;;; bignums.scm -- exact integers past the fixnum range
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Exact integers overflow from fixnums into bignums (GMP limbs in GC
;;; memory, libscm/bignums.c) and shrink back when a result fits.  Every
;;; operation is tried on fixnum, bignum and flonum operands of both
;;; signs, at the fixnum boundary, against known values and against
;;; identities that random operands must satisfy (n = qd + r, ...);
;;; and the size limit turns an impossible result into a catchable
;;; implementation-restriction error.

;;; Code:

(test-begin "bignums")

(define most-positive 2305843009213693951)   ; 2^61 - 1
(define most-negative -2305843009213693952)  ; -2^61
(define two^61 2305843009213693952)
(define two^100 1267650600228229401496703205376)

(define (kind-of thunk)
  (let ((e (raised-object thunk)))
    (if (error-object? e) (condition-kind e) e)))

;; A 64-bit linear congruential generator, on exact integers (so itself
;; a test of bignum products and remainders).
(define seed 88172645463325252)
(define (next!)
  (set! seed (modulo (+ (* seed 6364136223846793005) 1442695040888963407)
                     18446744073709551616))
  seed)
;; A random exact integer of up to LIMBS 64-bit limbs, of either sign.
(define (random-integer limbs)
  (let loop ((k (+ 1 (modulo (next!) limbs))) (acc 0))
    (if (= k 0)
        (if (odd? (next!)) (- acc) acc)
        (loop (- k 1) (+ (* acc 18446744073709551616) (next!))))))
(define (random-list n limbs)
  (let loop ((i 0) (acc '()))
    (if (= i n) acc (loop (+ i 1) (cons (random-integer limbs) acc)))))
;; Operands of every kind: small and large, both signs, the boundary.
(define samples
  (append (list 0 1 -1 7 -7 most-positive most-negative (+ most-positive 1)
                (- most-negative 1) two^100 (- two^100) (expt 3 77)
                (- (expt 3 77)) (- (expt 2 64) 1) (expt 2 64) (- (expt 2 64)))
          (random-list 30 5)))
(define (every2 pred xs ys)
  (let outer ((xs xs))
    (or (null? xs)
        (and (let inner ((ys ys))
               (or (null? ys)
                   (and (pred (car xs) (car ys)) (inner (cdr ys)))))
             (outer (cdr xs))))))
(define (every pred xs)
  (or (null? xs) (and (pred (car xs)) (every pred (cdr xs)))))

;; ------------------------------------------------------------------
(test-group "the fixnum boundary"
  (lambda ()
    (test-equal "most-positive + 1" "2305843009213693952"
                (number->string (+ most-positive 1)))
    (test-equal "most-negative - 1" "-2305843009213693953"
                (number->string (- most-negative 1)))
    (test-equal "most-negative negated" two^61 (- most-negative))
    (test-equal "abs, * -1 and quotient by -1 of most-negative"
                (list two^61 two^61 two^61 0)
                (list (abs most-negative) (* most-negative -1)
                      (quotient most-negative -1) (remainder most-negative -1)))
    (test-assert "results shrink back to fixnums (eq?)"
                 (and (eq? (- (+ most-positive 1) 1) most-positive)
                      (eq? (+ (- most-negative 1) 1) most-negative)
                      (eq? (- (- most-negative)) most-negative)
                      (eq? (quotient (* two^100 5) two^100) 5)
                      (eq? (- two^100 two^100) 0)))
    (test-assert "bignums are exact integers"
                 (and (exact? two^100) (integer? two^100) (exact-integer? two^100)
                      (rational? two^100) (real? two^100) (number? two^100)
                      (not (inexact? two^100)) (finite? two^100)
                      (not (infinite? two^100)) (not (nan? two^100))))
    (test-equal "a doubling loop in compiled code overflows and keeps going"
                two^100
                (let loop ((i 0) (x 1)) (if (= i 100) x (loop (+ i 1) (* x 2)))))
    (test-equal "compiled + and - across the boundary"
                (list two^61 most-positive (- most-negative 1))
                (let ((a most-positive) (b most-negative))
                  (list (+ a 1) (- (+ a 1) 1) (- b 1))))
    (test-equal "compiled comparisons with bignums" '(yes no yes)
                (let ((big two^100) (small 5))
                  (list (if (< small big) 'yes 'no) (if (< big small) 'yes 'no)
                        (if (= big (* 2 (/ big 2))) 'yes 'no))))))

;; ------------------------------------------------------------------
(test-group "known values"
  (lambda ()
    (test-equal "2^100" "1267650600228229401496703205376"
                (number->string (expt 2 100)))
    (test-equal "3^100" 515377520732011331036461129765621272702107522001
                (expt 3 100))
    (test-equal "30!" 265252859812191058636308480000000
                (let loop ((i 1) (acc 1)) (if (> i 30) acc (loop (+ i 1) (* acc i)))))
    (test-equal "10^20 * 10^20" (expt 10 40) (* (expt 10 20) (expt 10 20)))
    (test-equal "quotient, modulo and floor-quotient of 10^30 by 7"
                '(142857142857142857142857142857 6 -142857142857142857142857142858)
                (list (quotient (expt 10 30) 7) (modulo (- (expt 10 30)) 7)
                      (floor-quotient (- (expt 10 30)) 7)))
    (test-equal "a bignum remainder" 10376293541461635129
                (remainder (+ (expt 2 200) 12345) (+ (expt 2 70) 3)))
    (test-equal "negative exponents of -1, odd powers of a negative bignum"
                (list -1 (- (expt 2 300)))
                (list (expt -1 (+ (expt 2 100) 1)) (expt (- two^100) 3)))
    (test-equal "square" (expt 2 200) (square two^100))))

;; ------------------------------------------------------------------
(test-group "+ - * on every combination"
  (lambda ()
    (test-assert "x + y - y = x"
                 (every2 (lambda (x y) (= x (- (+ x y) y))) samples samples))
    (test-assert "x + y = y + x and x - y = -(y - x)"
                 (every2 (lambda (x y) (and (= (+ x y) (+ y x))
                                            (= (- x y) (- (- y x)))))
                         samples samples))
    (test-assert "(x * y) / y = x and x * y = y * x"
                 (every2 (lambda (x y)
                           (and (= (* x y) (* y x))
                                (or (zero? y) (= x (quotient (* x y) y)))))
                         samples samples))
    (test-assert "(x + y)^2 = x^2 + 2xy + y^2"
                 (every2 (lambda (x y)
                           (= (square (+ x y)) (+ (* x x) (* 2 x y) (* y y))))
                         samples samples))
    (test-assert "exact results of exact operands"
                 (every2 (lambda (x y) (and (exact? (+ x y)) (exact? (* x y))))
                         samples samples))
    (test-equal "with a flonum the result is inexact" '(#t #t #t)
                (list (inexact? (+ two^100 1.0)) (inexact? (* 0.5 two^100))
                      (inexact? (- two^100 0.0))))
    (test-equal "bignum + flonum" (exact->inexact two^100) (+ two^100 0.0))
    (test-equal "flonum * bignum" 6.338253001141147e29 (* 0.5 two^100))
    (test-equal "variadic forms" (list (* 3 two^100) 0 (expt two^100 3))
                (list (+ two^100 two^100 two^100) (- two^100 two^100 0)
                      (* two^100 two^100 two^100)))
    (test-equal "exact / that divides" (list two^61 (- (expt 2 50)) 1)
                (list (/ two^100 (expt 2 39)) (/ (- two^100) (expt 2 50))
                      (/ two^100 two^100)))
    (test-equal "inexact / of a bignum" 1.0 (/ two^100 (exact->inexact two^100)))))

;; ------------------------------------------------------------------
(test-group "integer division"
  (lambda ()
    (define (floor-ok? n d)
      (or (zero? d)
          (call-with-values (lambda () (floor/ n d))
            (lambda (q r)
              (and (= n (+ (* q d) r))
                   (< (abs r) (abs d))
                   (or (zero? r) (eq? (negative? r) (negative? d)))
                   (= q (floor-quotient n d)) (= r (floor-remainder n d))
                   (= r (modulo n d)))))))
    (define (truncate-ok? n d)
      (or (zero? d)
          (call-with-values (lambda () (truncate/ n d))
            (lambda (q r)
              (and (= n (+ (* q d) r))
                   (< (abs r) (abs d))
                   (or (zero? r) (eq? (negative? r) (negative? n)))
                   (= q (truncate-quotient n d) (quotient n d))
                   (= r (truncate-remainder n d) (remainder n d)))))))
    (test-assert "floor/: n = qd + r, |r| < |d|, r has d's sign"
                 (every2 floor-ok? samples samples))
    (test-assert "truncate/: n = qd + r, |r| < |d|, r has n's sign"
                 (every2 truncate-ok? samples samples))
    (test-assert "large by small and small by large"
                 (and (every2 floor-ok? (random-list 20 8) (random-list 20 2))
                      (every2 truncate-ok? (random-list 20 2) (random-list 20 8))))
    (test-equal "inexact when either operand is" '(4.0 0.0)
                (list (quotient (* 4 two^100) (exact->inexact two^100))
                      (remainder (exact->inexact two^100) 2)))
    (test-equal "division of a bignum by exact zero" '(divide-by-zero divide-by-zero
                                                      divide-by-zero divide-by-zero)
                (list (kind-of (lambda () (quotient two^100 0)))
                      (kind-of (lambda () (modulo (- two^100) 0)))
                      (kind-of (lambda () (/ two^100 0)))
                      (kind-of (lambda () (floor/ two^100 0)))))
    (test-error-message "names the operands"
      "remainder: division by zero: 1267650600228229401496703205376 0"
      (lambda () (remainder two^100 0)))
    (test-equal "a quotient that is not an integer is a ratio" (list 1 3)
                (let ((q (/ two^100 3))) (list (numerator (* q 3/1267650600228229401496703205376)) (denominator q))))))

;; ------------------------------------------------------------------
(test-group "gcd lcm expt exact-integer-sqrt sqrt"
  (lambda ()
    (test-equal "gcd" (list (expt 2 50) two^100 5 1)
                (list (gcd two^100 (expt 6 50)) (gcd 0 (- two^100))
                      (gcd (* 5 two^100) (* 5 (expt 3 70))) (gcd (expt 3 70) two^100)))
    (test-equal "gcd of three, lcm of three" (list (expt 2 20) (* (expt 2 80) (expt 3 60)))
                (list (gcd two^100 (expt 2 20) (- (expt 2 90)))
                      (lcm (expt 2 80) (expt 3 60) (expt 6 30))))
    (test-assert "gcd divides both, gcd * lcm = |xy|"
                 (every2 (lambda (x y)
                           (let ((g (gcd x y)) (l (lcm x y)))
                             (and (not (negative? g)) (not (negative? l))
                                  (or (zero? g)
                                      (and (zero? (remainder x g)) (zero? (remainder y g))))
                                  (= (* g l) (abs (* x y))))))
                         samples samples))
    ;; Past 8,192 limbs a gcd is computed in polled steps (half-gcds,
    ;; bignum-gcd.c) before GMP finishes it: the answers are known.
    (define (fib2 n)                    ; (F(n) . F(n+1)), by doubling
      (if (= n 0)
          (cons 0 1)
          (let* ((p (fib2 (quotient n 2))) (a (car p)) (b (cdr p))
                 (c (* a (- (* 2 b) a))) (d (+ (* a a) (* b b))))
            (if (even? n) (cons c d) (cons d (+ c d))))))
    (test-equal "gcd (F(m), F(n)) = F(gcd (m, n)), 10,000 limbs"
                (list (car (fib2 100000)) 1 (car (fib2 20000)))
                (let ((f1000000 (fib2 1000000)))
                  (list (gcd (car f1000000) (car (fib2 900000)))
                        (gcd (car f1000000) (cdr f1000000))
                        (gcd (car (fib2 980000)) (car f1000000)))))
    (test-assert "a long common factor times coprime parts"
                 (let* ((g (+ (expt 3 400000) 2))
                        (c1 (+ (expt 5 200000) 1)) (c2 (+ (expt 7 150000) 4))
                        (x (* g c1)) (y (* g c2)) (d (gcd x y)))
                   (and (= d (* g (gcd c1 c2)))
                        (= d (gcd (- y) x))
                        (= (lcm x y) (/ (* x y) d))
                        (= (/ x y) (/ c1 c2)))))
    (test-equal "gcd and lcm with an inexact integer" (list 4.0 (exact->inexact (* 3 two^100)))
                (list (gcd 4.0 (* 4 two^100)) (lcm 3.0 two^100)))
    (test-equal "expt" (list (* (expt 7 40) (expt 7 41)) (expt 2 200) 1 0)
                (list (expt 7 81) (expt two^100 2) (expt two^100 0) (expt 0 two^100)))
    (test-equal "expt with inexact operands" (list 1.2676506002282294e30 1e40)
                (list (expt 2.0 100) (expt (expt 10 20) 2.0)))
    (test-equal "a negative exponent gives the reciprocal" (list 1 two^100)
                (let ((r (expt two^100 -1))) (list (numerator r) (denominator r))))
    (test-assert "exact-integer-sqrt: s^2 + r = k, k < (s+1)^2"
                 (every (lambda (k)
                          (call-with-values (lambda () (exact-integer-sqrt (abs k)))
                            (lambda (s r)
                              (and (= (abs k) (+ (* s s) r)) (< (abs k) (square (+ s 1)))))))
                        samples))
    (test-equal "exact-integer-sqrt of 10^41" '(316227766016837933199 562477137586013626399)
                (call-with-values (lambda () (exact-integer-sqrt (expt 10 41))) list))
    (test-equal "exact-integer-sqrt of a negative bignum" 'out-of-range
                (kind-of (lambda () (exact-integer-sqrt (- two^100)))))
    (test-equal "sqrt of an exact square is exact" (list (expt 10 20) (expt 2 50))
                (list (sqrt (expt 10 40)) (sqrt two^100)))
    (test-equal "sqrt of a non-square is inexact" (list 1e20 3.1622776601683794e20)
                (list (sqrt (+ (expt 10 40) 1)) (sqrt (expt 10 41))))
    (test-equal "sqrt past the double range" 1e200 (sqrt (+ (expt 10 400) 1)))
    (test-assert "log past the double range"
                 (let ((l (log (expt 10 400))) (l2 (log (expt 2 5000) 2)))
                   (and (< (abs (- l (* 400 (log 10)))) 1e-9)
                        (< (abs (- l2 5000)) 1e-9))))
    (test-equal "exp and sin of a bignum are flonums" '(+inf.0 #t)
                (list (exp two^100) (real? (sin two^100))))))

;; ------------------------------------------------------------------
(test-group "comparison and predicates"
  (lambda ()
    (test-assert "< and > are consistent with -"
                 (every2 (lambda (x y)
                           (let ((d (- x y)))
                             (and (eq? (< x y) (negative? d)) (eq? (> x y) (positive? d))
                                  (eq? (= x y) (zero? d)) (eq? (<= x y) (not (positive? d)))
                                  (eq? (>= x y) (not (negative? d))))))
                         samples samples))
    (test-equal "bignums against flonums compare exactly"
                '(#t #f #t #t #f #t)
                (let ((f (exact->inexact two^100)))
                  (list (= two^100 f) (= (+ two^100 1) f) (> (+ two^100 1) f)
                        (< (- two^100 1) f) (< two^100 1e30) (> two^100 1e30))))
    (test-equal "against infinities and NaN" '(#t #t #f #f #f)
                (list (< (- two^100) two^100 +inf.0) (> two^100 -inf.0)
                      (< two^100 +nan.0) (> two^100 +nan.0) (= two^100 +nan.0)))
    (test-equal "a chain across kinds" #t
                (< most-negative (- two^100 1e15) two^100 (+ two^100 0.5e15) (expt 2 101)))
    (test-equal "max and min" (list two^100 -inf.0 (exact->inexact two^100) (- two^100))
                (list (max 1 two^100 -5) (min (- two^100) -inf.0)
                      (max 1.0 two^100) (min 0 (- two^100) (- two^61))))
    (test-equal "zero? positive? negative? odd? even?" '(#f #t #f #f #t #t #f)
                (list (zero? two^100) (positive? two^100) (negative? two^100)
                      (odd? two^100) (even? two^100) (odd? (+ two^100 1))
                      (even? (- (- two^100) 1))))
    (test-equal "abs" (list two^100 two^100) (list (abs (- two^100)) (abs two^100)))))

;; ------------------------------------------------------------------
(test-group "exact and inexact"
  (lambda ()
    (test-equal "exact of large flonums" (list two^100 99999999999999991611392
                                               (- (expt 2 1023)))
                (list (exact (expt 2. 100)) (exact 1e23) (exact (- (expt 2. 1023)))))
    (test-equal "exact 1e300, its last digits" 96386865459400540160
                (modulo (exact 1e300) (expt 10 20)))
    (test-assert "inexact of a bignum round-trips when it has 53 bits"
                 (let ((x (* (- (expt 2 53) 1) (expt 2 70))))
                   (= x (exact (inexact x)))))
    (test-equal "rounding: ties to even, else to nearest"
                (list (expt 2. 80) (+ (expt 2. 80) (expt 2. 28)) (+ (expt 2. 80) (expt 2. 29))
                      (- (expt 2. 80)))
                (list (inexact (+ (expt 2 80) (expt 2 27)))
                      (inexact (+ (expt 2 80) (expt 2 27) 1))
                      (inexact (+ (expt 2 80) (* 3 (expt 2 27))))
                      (inexact (- (+ (expt 2 80) (expt 2 27))))))
    (test-equal "the last bits below 64 decide too (sticky bits)"
                (+ (expt 2. 200) (expt 2. 148))
                (exact->inexact (+ (expt 2 200) (expt 2 147) 1)))
    (test-equal "the largest double, and past it" (list 1.7976931348623157e308 +inf.0 -inf.0 +inf.0)
                (list (inexact (- (expt 2 1024) (expt 2 970) 1))
                      (inexact (- (expt 2 1024) (expt 2 970)))
                      (inexact (- (expt 10 400)))
                      (exact->inexact (expt 10 400))))
    (test-equal "exact of a non-integer is a ratio" 3/2 (exact 1.5))
    (test-equal "rounding procedures return a bignum unchanged" (list two^100 two^100 two^100 two^100)
                (list (floor two^100) (ceiling two^100) (round two^100) (truncate two^100)))
    (test-equal "numerator, denominator" (list two^100 1)
                (list (numerator two^100) (denominator two^100)))
    (test-equal "rationalize of exact integers" (list (- two^100 10) 0)
                (list (rationalize two^100 10) (rationalize two^100 (* 2 two^100))))))

;; ------------------------------------------------------------------
(test-group "number syntax"
  (lambda ()
    (test-equal "literals" (list (+ (* 1234567890 (expt 10 20)) 12345678901234567890)
                                 (- two^100) (- (expt 2 64) 1) (expt 8 30) (- (expt 2 70)))
                (list 123456789012345678901234567890 -1267650600228229401496703205376
                      #xffffffffffffffff #o1000000000000000000000000000000
                      #b-10000000000000000000000000000000000000000000000000000000000000000000000))
    (test-equal "number->string in radixes 2 8 10 16"
                '("10000000000000000000000000000000000000000000000000000000000000000"
                  "230012517606662772047361711" "1267650600228229401496703205376"
                  "fffffffffffffffffffffffff"
                  "-1010100010111000101101000101001000101001000111111110100000100001")
                (list (number->string (expt 2 64) 2) (number->string (expt 3 50) 8)
                      (number->string two^100 10) (number->string (- two^100 1) 16)
                      (number->string (- (expt 3 40)) 2)))
    (test-equal "string->number in radixes" (list (- two^100 1) (- (expt 3 40)) (expt 2 64))
                (list (string->number "FFFFFFFFFFFFFFFFFFFFFFFFF" 16)
                      (string->number "-1010100010111000101101000101001000101001000111111110100000100001" 2)
                      (string->number "#x10000000000000000")))
    (test-assert "random round trips in every radix"
                 (every (lambda (x)
                          (every (lambda (radix)
                                   (= x (string->number (number->string x radix) radix)))
                                 '(2 8 10 16)))
                        (append samples (random-list 50 20))))
    (test-equal "leading zeros" two^100
                (string->number "000000000000000000000000001267650600228229401496703205376"))
    (test-equal "#e decimals" (list (expt 10 30) (* 15 (expt 10 29)) (- (expt 10 40)))
                (list #e1e30 #e1.5e30 (string->number "#e-1e40")))
    (test-equal "#i of a long integer" 1e30 (string->number "#i1000000000000000000000000000000"))
    (test-equal "write" "(1267650600228229401496703205376 -18446744073709551616)"
                (let ((p (open-output-string)))
                  (write (list two^100 (- (expt 2 64))) p)
                  (get-output-string p)))))

;; ------------------------------------------------------------------
(test-group "eqv? equal? and hashing"
  (lambda ()
    (define a (expt 7 60))
    (define b (* (expt 7 30) (expt 7 30)))
    (test-equal "eqv? and equal? of equal bignums" '(#t #t #f #f #f)
                (list (eqv? a b) (equal? (list a) (list b)) (eqv? a (+ b 1))
                      (eqv? a (- b)) (eqv? two^100 (exact->inexact two^100))))
    (test-equal "equal bignums hash alike" '(#t #t)
                (list (= (equal-hash a) (equal-hash b)) (= (hashv a 1000) (hashv b 1000))))
    (test-equal "hash tables find a bignum key by value" '(found found #f)
                (let ((t (make-hash-table)))
                  (hash-set! t a 'found)
                  (hashv-set! t two^100 'found)
                  (list (hash-ref t b #f) (hashv-ref t (expt 2 100) #f)
                        (hash-ref t (+ b 1) #f))))))

;; ------------------------------------------------------------------
(test-group "bitwise operations"
  (lambda ()
    (test-assert "and + ior = x + y, xor = ior - and"
                 (every2 (lambda (x y)
                           (and (= (+ (logand x y) (logior x y)) (+ x y))
                                (= (logxor x y) (- (logior x y) (logand x y)))))
                         samples samples))
    (test-assert "lognot x = -x - 1"
                 (every (lambda (x) (= (lognot x) (- -1 x))) samples))
    (test-assert "ash is multiplication and floor division by 2^k"
                 (every2 (lambda (x k)
                           (let ((k (modulo k 200)))
                             (and (= (ash x k) (* x (expt 2 k)))
                                  (= (ash x (- k)) (floor-quotient x (expt 2 k))))))
                         samples (random-list 10 1)))
    (test-equal "bitwise on bignums" (list 0 -1 (- -1 two^100) (expt 2 99) -2 (expt 2 80))
                (list (logand (- two^100) (- (expt 2 80) 1)) (logior two^100 -1)
                      (lognot two^100) (ash two^100 -1) (ash (- 1 two^100) -99)
                      (logand (- (expt 2 81) 1) (expt 2 80))))
    (test-equal "logcount integer-length first-set-bit"
                '(100 1 100 101 100 100)
                (list (logcount (- two^100 1)) (logcount two^100) (integer-length (- two^100))
                      (integer-length two^100) (first-set-bit two^100)
                      (first-set-bit (- two^100))))
    (test-equal "logcount of a negative bignum counts its 0 bits" 99
                (logcount (- 1 two^100)))
    (test-equal "logbit? and bit-extract" '(#t #f #t #t #f 2 #b11111)
                (list (logbit? 100 two^100) (logbit? 99 two^100)
                      (logbit? 1000 (- two^100)) (logbit? 100 (- 1 two^100))
                      (logbit? 99 (- two^100))
                      (bit-extract two^100 99 102) (bit-extract (- two^100) 100 105)))
    (test-equal "bit-extract through the sign of a negative bignum"
                (- (expt 2 80) 1) (bit-extract -1 0 80))
    (test-equal "a right shift by a huge count" '(0 -1)
                (list (ash two^100 (- (expt 2 70))) (ash (- two^100) (- (expt 2 70)))))
    (test-equal "round-ash on bignums" (list (expt 2 50) (+ (expt 2 50) 1) (expt 2 50))
                (list (round-ash (+ two^100 (expt 2 49)) -50)
                      (round-ash (+ two^100 (expt 2 49) 1) -50)
                      (round-ash (+ two^100 (expt 2 49) -1) -50)))
    (test-equal "round-ash, a tie to even going up" (+ (expt 2 50) 2)
                (round-ash (+ two^100 (* 3 (expt 2 49))) -50))))

;; ------------------------------------------------------------------
(test-group "the size limit"
  (lambda ()
    (test-equal "impossible sizes are implementation restrictions"
                '(implementation-restriction implementation-restriction
                  implementation-restriction implementation-restriction
                  implementation-restriction)
                (list (kind-of (lambda () (expt 2 (expt 10 12))))
                      (kind-of (lambda () (ash 1 (expt 2 62))))
                      (kind-of (lambda () (expt 10 two^100)))
                      (kind-of (lambda () (string->number "#e1e99999999")))
                      (kind-of (lambda () (let ((x (ash 1 40000000))) (* x x))))))
    (test-error-message "the error names the procedure and operands"
      "expt: implementation restriction: exact integer too large (see scm_c_set_max_integer_bits): 3 1000000000000"
      (lambda () (expt 3 1000000000000)))
    (test-equal "after the error, arithmetic goes on" (expt 2 200)
                (begin (raised-object (lambda () (expt 2 (expt 10 12))))
                       (* two^100 two^100)))
    (test-equal "an inexact string with a huge exponent is an infinity" +inf.0
                (string->number "1e99999999999"))
    (test-equal "a million-bit number is fine" 1000001
                (integer-length (expt 2 1000000)))))

(test-group "decimal text of huge numbers, converted in pieces"
  (lambda ()
    ;; Past 2048 limbs, radix 10 goes through pieces of 39456 * 2^j
    ;; digits: zeros inside a piece, at its edges and all-nines pieces
    ;; must come out whole.
    (define (zeros n) (make-string n #\0))
    (define ten^100000+1 (+ (expt 10 100000) 1))
    (test-equal "10^100000 + 1" (string-append "1" (zeros 99999) "1")
                (number->string ten^100000+1))
    (test-equal "and negated" (string-append "-1" (zeros 99999) "1")
                (number->string (- ten^100000+1)))
    (test-equal "10^(39456 * 4) - 1, all nines" (make-string (* 39456 4) #\9)
                (number->string (- (expt 10 (* 39456 4)) 1)))
    (test-equal "10^(39456 * 4)" (string-append "1" (zeros (* 39456 4)))
                (number->string (expt 10 (* 39456 4))))
    (test-equal "a digit at each piece's edge"
                (+ (expt 10 (* 39456 3)) (expt 10 39456) (expt 10 39455) 1)
                (string->number
                 (string-append "1" (zeros (- (* 39456 2) 1)) "1"
                                "1" (zeros 39454) "1")))
    (test-equal "read back" ten^100000+1
                (string->number (number->string ten^100000+1)))
    (test-equal "read back, negative, with leading zeros" (- ten^100000+1)
                (string->number (string-append "-000" (number->string ten^100000+1))))
    (let ((x (* (expt 3 400000) (+ (expt 7 3000) 12345))))
      (test-equal "a random-looking one reads back" x
                  (string->number (number->string x)))
      (test-equal "and agrees with radix 16" x
                  (string->number (number->string x 16) 16)))))

(test-group "exact-integer-sqrt past 2^18 bits, in steps"
  (lambda ()
    ;; Past 2^18 bits the root is computed by Karatsuba steps that poll
    ;; for interrupts; each case checks the defining property.
    (define (root-ok? n)
      (call-with-values (lambda () (exact-integer-sqrt n))
        (lambda (s r)
          (and (= n (+ (* s s) r)) (<= 0 r (* 2 s))))))
    (define s0 (+ (expt 7 100000) 12345))       ; 280737 bits
    (test-assert "a perfect square" (root-ok? (* s0 s0)))
    (test-equal "its root exactly" (list s0 0)
                (call-with-values (lambda () (exact-integer-sqrt (* s0 s0)))
                  list))
    (test-equal "one less" (list (- s0 1) (* 2 (- s0 1)))
                (call-with-values (lambda () (exact-integer-sqrt (- (* s0 s0) 1)))
                  list))
    (test-assert "one more" (root-ok? (+ (* s0 s0) 1)))
    ;; Bit counts of every residue mod 4 (the shift before the steps).
    (for-each (lambda (k)
                (test-assert (string-append "2^" (number->string k) " - 1")
                             (root-ok? (- (expt 2 k) 1)))
                (test-assert (string-append "2^" (number->string k))
                             (root-ok? (expt 2 k))))
              '(262145 262146 262147 262148 600001 600002))
    (test-assert "a big random-looking one" (root-ok? (* (expt 3 700000) 11)))
    (test-equal "sqrt of a huge perfect square is exact" s0 (sqrt (* s0 s0)))))

;; Products past 2^17 limbs and quotients past 2^16 limbs are computed
;; in pieces that poll for interrupts (libscm/bignum-pieces.c; the
;; white-box test-bignum-pieces checks them against GMP on small
;; pieces).  Here the library's own sizes, against shifts, which take
;; another path.
(test-group "products and quotients in pieces"
  (lambda ()
    (define x (+ (expt 3 5500000) 12345))       ; 8717352 bits, 136209 limbs
    (define k 9000000)
    (define x<<k (ash x k))
    (define y (+ (expt 7 1000000) 1))           ; 43866 limbs
    (define xy (* x y))
    (test-equal "x * 2^k is a shift" x<<k (* x (expt 2 k)))
    (test-equal "x * (2^k - 1), all ones" (- x<<k x) (* x (- (expt 2 k) 1)))
    (test-equal "x * x, a square, and x * a copy of x" (* x x)
                (* x (- (+ x 1) 1)))
    (test-equal "(x + 1) x - x x" x (- (* (+ x 1) x) (* x x)))
    (define m (- (expt 2 521) 1))
    (define (mod-m z) (modulo z m))
    (test-equal "x * y mod 2^521 - 1, a long by a short"
                (mod-m (* (mod-m x) (mod-m y))) (mod-m xy))
    (test-equal "y * x, the other way" xy (* y x))
    (test-equal "x * x mod 2^521 - 1"
                (mod-m (* (mod-m x) (mod-m x))) (mod-m (* x x)))
    (test-equal "x 2^k / x, a long quotient" (list (expt 2 k) 0)
                (call-with-values (lambda () (floor/ x<<k x)) list))
    (test-equal "(x 2^k - 1) / x" (list (- (expt 2 k) 1) (- x 1))
                (call-with-values (lambda () (truncate/ (- x<<k 1) x)) list))
    (test-equal "-(x 2^k + 5) / x, floored" (list (- -1 (expt 2 k)) (- x 5))
                (call-with-values (lambda () (floor/ (- (+ x<<k 5)) x)) list))
    (test-equal "(x y - 1) / x, a divisor longer than the quotient"
                (list (- y 1) (- x 1))
                (call-with-values (lambda () (truncate/ (- xy 1) x)) list))
    (test-equal "(x y + 7) / y" (list x 7)
                (call-with-values (lambda () (truncate/ (+ xy 7) y)) list))
    (test-equal "x 1000003 / x" 1000003 (quotient (* x 1000003) x))
    (test-equal "remainder of x 2^k + 3 by x" 3 (remainder (+ x<<k 3) x))))

(test-group "fixnum division: every sign, and the edges"
  (lambda ()
    (test-equal "quotient, remainder, modulo of 7 and 2 in each sign"
                '((3 1 1) (-3 -1 1) (-3 1 -1) (3 -1 -1))
                (map (lambda (ab)
                       (let ((a (car ab)) (b (cdr ab)))
                         (list (quotient a b) (remainder a b) (modulo a b))))
                     '((7 . 2) (-7 . 2) (7 . -2) (-7 . -2))))
    (test-equal "floor and truncate quotients of -7 and 2" '(-4 -3 1 -1)
                (list (floor-quotient -7 2) (truncate-quotient -7 2)
                      (floor-remainder -7 2) (truncate-remainder -7 2)))
    (test-equal "exact multiples leave 0" '(0 0 0) (list (remainder -8 2) (modulo -8 2) (modulo 8 -2)))
    (test-equal "the most negative fixnum by -1 is a bignum" two^61
                (quotient most-negative -1))
    (test-equal "its modulo by -1 is 0" 0 (modulo most-negative -1))
    (test-equal "division by zero names the procedure"
                "modulo: division by zero: 5 0"
                (condition-message (raised-object (lambda () (modulo 5 0)))))
    (test-equal "a non-integer names the argument"
                "remainder: wrong type argument in position 2 (expected integer): 1/2"
                (condition-message (raised-object (lambda () (remainder 5 1/2)))))))

;; expt of two fixnums whose result is a fixnum takes a fast path
;; (transcendental.c, expt_fixnum); past the fixnums, the general one.
(test-group "expt of fixnums against repeated products"
  (lambda ()
    (define (power b e) (let loop ((e e) (r 1)) (if (= e 0) r (loop (- e 1) (* r b)))))
    (test-equal "bases -3 to 10, exponents 0 to 70" '()
                (let loop ((b -3) (e 0) (wrong '()))
                  (cond ((> b 10) wrong)
                        ((> e 70) (loop (+ b 1) 0 wrong))
                        (else (loop b (+ e 1)
                                    (if (= (expt b e) (power b e))
                                        wrong
                                        (cons (list b e) wrong)))))))
    (test-equal "at the edges of the fixnums"
                (list (power 2 61) (power -2 61) (power -2 62) (power 2 62))
                (list (expt 2 61) (expt -2 61) (expt -2 62) (expt 2 62)))
    (test-equal "a negative exponent" 1/8 (expt 2 -3))))

(test-end "bignums")
