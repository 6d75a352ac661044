;;; bitwise.scm -- the bitwise primitives of libscm/bitwise.c
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Guile's logand logior logxor lognot logtest logbit? ash round-ash
;;; logcount integer-length bit-extract, their SRFI 151 names
;;; (bitwise-and ... bit-field) and first-set-bit: results on positive
;;; and negative integers, at the ends of the fixnum range, the errors
;;; for wrong types and bad indexes, results past the fixnum range
;;; (bignums), and the size limit.

;;; Code:

(test-begin "bitwise")

(define most-positive 2305843009213693951)   ; 2^61 - 1
(define most-negative -2305843009213693952)  ; -2^61

(define (kind-of thunk)
  (let ((e (raised-object thunk)))
    (if (error-object? e) (condition-kind e) e)))

;; ------------------------------------------------------------------
(test-group "logand logior logxor"
  (lambda ()
    (test-equal "logand" #b1000 (logand #b1100 #b1010))
    (test-equal "logior" #b1110 (logior #b1100 #b1010))
    (test-equal "logxor" #b110 (logxor #b1100 #b1010))
    (test-equal "identities with no arguments" '(-1 0 0)
                (list (logand) (logior) (logxor)))
    (test-equal "one argument is returned" '(5 -5 7)
                (list (logand 5) (logior -5) (logxor 7)))
    (test-equal "three and more arguments" '(2 15 0)
                (list (logand 14 7 3 -1) (logior 1 2 4 8) (logxor 1 2 3)))
    (test-equal "negative operands (two's complement)" '(10 -9 -1 -2)
                (list (logand -6 14) (logior -16 7) (logxor -1 0)
                      (logand -1 -2)))
    (test-equal "the ends of the fixnum range" (list 0 -1 -1)
                (list (logand most-positive most-negative)
                      (logior most-positive most-negative)
                      (logxor most-positive most-negative)))
    (test-equal "SRFI 151 names" '(10 11 9 -1 0)
                (list (bitwise-and 11 26) (bitwise-ior 3 10)
                      (bitwise-xor 3 10) (bitwise-and) (bitwise-ior)))
    (test-error-message "an inexact integer is refused"
      "logand: wrong type argument in position 2 (expected exact integer): 2.0"
      (lambda () (logand 1 2.0)))
    (test-error-message "the position counts the rest arguments"
      "logior: wrong type argument in position 4 (expected exact integer): x"
      (lambda () (logior 1 2 3 'x)))
    (test-error-message "the SRFI name is the one in the message"
      "bitwise-xor: wrong type argument in position 1 (expected exact integer): \"1\""
      (lambda () (bitwise-xor "1" 2)))
    (test-eq "a wrong type is a wrong-type-arg condition" 'wrong-type-arg
             (kind-of (lambda () (logand 'a))))))

;; ------------------------------------------------------------------
(test-group "lognot logtest"
  (lambda ()
    (test-equal "lognot" '(-11 36 -1 0) (map lognot '(10 -37 0 -1)))
    (test-equal "lognot at the ends of the range" (list most-negative most-positive)
                (list (lognot most-positive) (lognot most-negative)))
    (test-equal "bitwise-not" -129 (bitwise-not 128))
    (test-equal "logtest" '(#f #t #t #f)
                (list (logtest #b0100 #b1011) (logtest #b0100 #b0111)
                      (logtest -1 most-negative) (logtest 0 -1)))
    (test-equal "any-bit-set?" '(#t #f) (list (any-bit-set? 3 6) (any-bit-set? 3 12)))
    (test-error-message "lognot of a float"
      "lognot: wrong type argument in position 1 (expected exact integer): 1.5"
      (lambda () (lognot 1.5)))
    (test-error-message "logtest's second argument"
      "logtest: wrong type argument in position 2 (expected exact integer): #f"
      (lambda () (logtest 1 #f)))
    (test-error "lognot takes one argument" (lambda () (lognot 1 2)))))

;; ------------------------------------------------------------------
(test-group "ash arithmetic-shift round-ash"
  (lambda ()
    (test-equal "left shifts" '(8 32 -32 0) (list (ash 1 3) (ash 8 2) (ash -8 2) (ash 0 1000)))
    (test-equal "right shifts round toward negative infinity" '(5 4 -4 -1 0 -1)
                (list (ash #b1010 -1) (ash 8 -1) (ash -7 -1) (ash -1 -10)
                      (ash 5 -100) (ash -5 -1000000)))
    (test-equal "no shift" '(4 -4) (list (ash 4 0) (ash -4 0)))
    (test-equal "up to the largest fixnum" (list (ash 1 60) most-negative)
                (list (ash 1 60) (ash -1 61)))
    (test-equal "arithmetic-shift" '(32 4 4) (list (arithmetic-shift 8 2)
                                                   (arithmetic-shift 4 0)
                                                   (arithmetic-shift 8 -1)))
    (test-equal "round-ash rounds to the nearest, ties to even" '(2 4 -2 -4 3 0 0)
                (list (round-ash 5 -1) (round-ash 7 -1) (round-ash -5 -1)
                      (round-ash -7 -1) (round-ash 11 -2) (round-ash 1 -1)
                      (round-ash most-negative -62)))
    (test-equal "round-ash to the left is ash" 40 (round-ash 5 3))
    (test-equal "a left shift past the fixnum range makes a bignum"
                '(2305843009213693952 3458764513820540928 -4611686018427387904)
                (list (ash 1 61) (arithmetic-shift 3 60) (ash most-negative 1)))
    (test-eq "a left shift past the integer size limit is an implementation restriction"
             'implementation-restriction (kind-of (lambda () (ash 1 (expt 2 62)))))
    (test-error-message "and names the procedure and operands"
      "arithmetic-shift: implementation restriction: exact integer too large (see scm_c_set_max_integer_bits): 3 4611686018427387904"
      (lambda () (arithmetic-shift 3 (expt 2 62))))
    (test-error-message "a float count"
      "ash: wrong type argument in position 2 (expected exact integer): 1.0"
      (lambda () (ash 1 1.0)))))

;; ------------------------------------------------------------------
(test-group "logcount bit-count integer-length first-set-bit"
  (lambda ()
    (test-equal "logcount" '(4 0 1 3 2 4 4 0)
                (map logcount '(#b10101010 0 -2 13 -13 30 -30 -1)))
    (test-equal "bit-count" '(0 0 3) (map bit-count '(0 -1 7)))
    (test-equal "logcount at the ends" '(61 61)
                (list (logcount most-positive) (logcount most-negative)))
    (test-equal "integer-length" '(0 1 0 3 3 4 3 8 4)
                (map integer-length '(0 1 -1 7 -7 8 -8 #b10101010 #b1111)))
    (test-equal "integer-length at the ends" '(61 61)
                (list (integer-length most-positive) (integer-length most-negative)))
    (test-equal "first-set-bit" '(0 1 -1 3 2 61)
                (map first-set-bit (list 1 2 0 40 -28 most-negative)))
    (test-error-message "logcount of a string"
      "logcount: wrong type argument in position 1 (expected exact integer): \"7\""
      (lambda () (logcount "7")))
    (test-error-message "integer-length of a float"
      "integer-length: wrong type argument in position 1 (expected exact integer): 8.0"
      (lambda () (integer-length 8.0)))))

;; ------------------------------------------------------------------
(test-group "logbit? bit-set?"
  (lambda ()
    (test-equal "logbit?" '(#t #f #t #t #f)
                (map (lambda (k) (logbit? k #b1101)) '(0 1 2 3 4)))
    (test-equal "bit-set?" '(#f #t #t #t #t #f)
                (list (bit-set? 1 1) (bit-set? 0 1) (bit-set? 3 10)
                      (bit-set? 1000000 -1) (bit-set? 2 6) (bit-set? 0 6)))
    (test-equal "past the top bit: the sign" '(#f #t #t)
                (list (logbit? 61 most-positive) (logbit? 61 most-negative)
                      (logbit? 100 -5)))
    (test-error-message "a negative index"
      "logbit?: argument out of range in position 1: -1"
      (lambda () (logbit? -1 5)))
    (test-eq "is an out-of-range condition" 'out-of-range
             (kind-of (lambda () (bit-set? -3 5))))
    (test-error-message "an index that is not an integer"
      "bit-set?: wrong type argument in position 1 (expected exact integer): a"
      (lambda () (bit-set? 'a 5)))))

;; ------------------------------------------------------------------
(test-group "bit-extract bit-field"
  (lambda ()
    (test-equal "bit-extract" '(#b1010 #b101101 #b10110 #b110110)
                (list (bit-extract #b1101101010 0 4) (bit-extract #b1101101010 3 9)
                      (bit-extract #b1101101010 4 9) (bit-extract #b1101101010 4 10)))
    (test-equal "bit-field" '(0 3 1 0)
                (list (bit-field 6 0 1) (bit-field 6 1 3) (bit-field 6 2 999)
                      (bit-field 6 3 3)))
    (test-equal "of negative integers" '(#b1111 #b101 1)
                (list (bit-field -1 0 4) (bit-field -6 1 4) (bit-field -1 1000 1001)))
    (test-equal "a 61-bit field of -1 fits" most-positive (bit-field -1 0 61))
    (test-equal "a long field of a positive integer" most-positive
                (bit-field most-positive 0 1000))
    (test-equal "a 62-bit field of -1 is a bignum" (- (expt 2 62) 1)
                (bit-field -1 0 62))
    (test-error-message "end before start"
      "bit-extract: argument out of range in position 3: 2"
      (lambda () (bit-extract 5 3 2)))
    (test-error-message "a negative start"
      "bit-field: argument out of range in position 2: -1"
      (lambda () (bit-field 5 -1 2)))))

;; ------------------------------------------------------------------
(test-group "documentation"
  (lambda ()
    (test-assert "every primitive has a docstring"
                 (let loop ((ps (list logand logior logxor lognot logtest logbit?
                                      ash round-ash logcount integer-length
                                      bit-extract first-set-bit bitwise-and
                                      bitwise-ior bitwise-xor bitwise-not
                                      arithmetic-shift bit-count bit-set?
                                      any-bit-set? bit-field)))
                   (or (null? ps)
                       (and (string? (procedure-documentation (car ps)))
                            (loop (cdr ps))))))))

(test-end "bitwise")
