;;; bytevectors.scm -- bytevectors (R7RS 6.9): syntax, procedures, UTF-8
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The #u8(...) syntax in the reader and the printer, every R7RS
;;; bytevector procedure with its ranges and errors, equal?, literal
;;; bytevectors being immutable, utf8->string / string->utf8 with
;;; ranges, multibyte characters and invalid UTF-8, and Guile's
;;; (rnrs bytevectors) integer and IEEE accessors.

;;; Code:

(test-begin "bytevectors")

(define (message-of thunk)
  (let ((e (raised-object thunk)))
    (if (eq? e test-nothing-raised) 'nothing-raised (condition-message e))))

;; ------------------------------------------------------------------
(test-group "syntax"
  (lambda ()
    (test-assert "#u8(...) reads a bytevector" (bytevector? '#u8(1 2 3)))
    (test-assert "#u8() is self-evaluating" (bytevector? #u8()))
    (test-equal "its length" 3 (bytevector-length #u8(0 128 255)))
    (test-equal "its bytes" '(0 128 255)
                (let ((b #u8(0 128 255)))
                  (list (bytevector-u8-ref b 0) (bytevector-u8-ref b 1)
                        (bytevector-u8-ref b 2))))
    (test-equal "elements in any radix, with comments between" '(16 255 7)
                (let ((b (read (open-input-string "#u8(#x10 #b11111111 #| c |# 7)"))))
                  (list (bytevector-u8-ref b 0) (bytevector-u8-ref b 1)
                        (bytevector-u8-ref b 2))))
    (test-equal "write" "#u8(1 2 255)"
                (let ((p (open-output-string)))
                  (write (bytevector 1 2 255) p)
                  (get-output-string p)))
    (test-equal "display, and the empty bytevector" "#u8() #u8(9)"
                (let ((p (open-output-string)))
                  (display #u8() p) (display " " p) (display #u8(9) p)
                  (get-output-string p)))
    (test-equal "inside a list and a vector" "(#u8(1) #(#u8(2 3)))"
                (let ((p (open-output-string)))
                  (write (list #u8(1) (vector #u8(2 3))) p)
                  (get-output-string p)))
    (test-assert "read back what write wrote"
                 (equal? #u8(0 1 127 128 254 255)
                         (read (open-input-string
                                (let ((p (open-output-string)))
                                  (write #u8(0 1 127 128 254 255) p)
                                  (get-output-string p))))))
    (test-error-contains "an element that is not a byte"
                         '("bad bytevector element 2" "0 to 255")
                         (lambda () (read (open-input-string "#u8(1 256)"))))
    (test-error-contains "a list inside #u8"
                         '("bad bytevector element 1")
                         (lambda () (read (open-input-string "#u8((1))"))))
    (test-error-contains "an unterminated bytevector"
                         '("unterminated bytevector")
                         (lambda () (read (open-input-string "#u8(1 2"))))
    (test-error "a negative element"
                (lambda () (read (open-input-string "#u8(-1)"))))))

;; ------------------------------------------------------------------
(test-group "making and accessing"
  (lambda ()
    (test-equal "make-bytevector, filled" #u8(7 7 7) (make-bytevector 3 7))
    (test-equal "make-bytevector, zero by default" #u8(0 0) (make-bytevector 2))
    (test-equal "make-bytevector of length 0" #u8() (make-bytevector 0))
    (test-equal "bytevector" #u8(1 2 3) (bytevector 1 2 3))
    (test-equal "bytevector of no argument" #u8() (bytevector))
    (test-assert "bytevector? of other things"
                 (not (or (bytevector? #(1 2)) (bytevector? "ab") (bytevector? '())
                          (bytevector? 5))))
    (test-equal "bytevector-u8-set!" #u8(1 9 3)
                (let ((b (bytevector 1 2 3)))
                  (bytevector-u8-set! b 1 9)
                  b))
    (test-equal "a large bytevector" '(1000000 42 42)
                (let ((b (make-bytevector 1000000 42)))
                  (list (bytevector-length b) (bytevector-u8-ref b 0)
                        (bytevector-u8-ref b 999999))))
    (test-error-contains "bytevector-u8-ref past the end"
                         '("bytevector-u8-ref" "out of range")
                         (lambda () (bytevector-u8-ref #u8(1 2) 2)))
    (test-error-contains "bytevector-u8-set! with a non-byte"
                         '("bytevector-u8-set!" "position 3")
                         (lambda () (bytevector-u8-set! (bytevector 1) 0 256)))
    (test-error-contains "make-bytevector with a fill below -128"
                         '("make-bytevector" "position 2")
                         (lambda () (make-bytevector 2 -129)))
    (test-error-contains "make-bytevector with a fill above 255"
                         '("make-bytevector" "position 2")
                         (lambda () (make-bytevector 2 256)))
    (test-equal "make-bytevector with an s8 fill (R6RS)" #u8(255 255)
                (make-bytevector 2 -1))
    (test-error-contains "make-bytevector of a negative length"
                         '("make-bytevector")
                         (lambda () (make-bytevector -1)))
    (test-error-contains "bytevector with a character"
                         '("bytevector" "position 2")
                         (lambda () (bytevector 1 #\a)))
    (test-error-contains "bytevector-length of a vector"
                         '("bytevector-length" "expected bytevector")
                         (lambda () (bytevector-length #(1))))
    (test-error "an impossible size raises, it does not abort"
                (lambda () (make-bytevector (* 1000000 1000000))))))

;; ------------------------------------------------------------------
(test-group "copying and appending"
  (lambda ()
    (define a #u8(1 2 3 4 5))
    (test-equal "bytevector-copy" #u8(1 2 3 4 5) (bytevector-copy a))
    (test-assert "bytevector-copy is fresh and mutable"
                 (let ((c (bytevector-copy a)))
                   (bytevector-u8-set! c 0 9)
                   (and (= (bytevector-u8-ref c 0) 9) (= (bytevector-u8-ref a 0) 1))))
    (test-equal "bytevector-copy with start" #u8(3 4 5) (bytevector-copy a 2))
    (test-equal "bytevector-copy with start and end" #u8(2 3) (bytevector-copy a 1 3))
    (test-equal "bytevector-copy of an empty range" #u8() (bytevector-copy a 5))
    (test-error "bytevector-copy with end before start"
                (lambda () (bytevector-copy a 3 2)))
    (test-error "bytevector-copy past the end" (lambda () (bytevector-copy a 0 6)))
    (test-equal "bytevector-copy! (R7RS's example)" #u8(1 2 3 4 5)
                (let ((b (bytevector 1 2 3 4 5)))
                  (bytevector-copy! b 0 b 0)
                  b))
    (test-equal "bytevector-copy! with a range" #u8(10 2 3 40 50)
                (let ((to (bytevector 10 20 30 40 50)))
                  (bytevector-copy! to 1 #u8(1 2 3 4) 1 3)
                  to))
    (test-equal "bytevector-copy! overlapping, forwards" #u8(1 1 2 3 5)
                (let ((b (bytevector 1 2 3 4 5)))
                  (bytevector-copy! b 1 b 0 3)
                  b))
    (test-equal "bytevector-copy! overlapping, backwards" #u8(2 3 4 4 5)
                (let ((b (bytevector 1 2 3 4 5)))
                  (bytevector-copy! b 0 b 1 4)
                  b))
    (test-error "bytevector-copy! that does not fit"
                (lambda () (bytevector-copy! (bytevector 1 2) 1 #u8(1 2))))
    (test-equal "bytevector-append" #u8(1 2 3 4)
                (bytevector-append #u8(1) #u8() #u8(2 3) #u8(4)))
    (test-equal "bytevector-append of nothing" #u8() (bytevector-append))
    (test-error-contains "bytevector-append of a non-bytevector"
                         '("bytevector-append" "position 2")
                         (lambda () (bytevector-append #u8(1) "2")))))

;; ------------------------------------------------------------------
(test-group "equality and literal constants"
  (lambda ()
    (test-assert "equal? compares the bytes" (equal? #u8(1 2) (bytevector 1 2)))
    (test-assert "different bytes" (not (equal? #u8(1 2) #u8(1 3))))
    (test-assert "different lengths" (not (equal? #u8(1 2) #u8(1 2 0))))
    (test-assert "equal? inside lists" (equal? (list #u8(5)) (list (bytevector 5))))
    (test-assert "eqv? is identity" (not (eqv? (bytevector 1) (bytevector 1))))
    (test-equal "a literal bytevector is immutable"
                "bytevector-u8-set!: cannot modify a literal constant: #u8(1 2)"
                (message-of (lambda () (bytevector-u8-set! #u8(1 2) 0 9))))
    (test-equal "a quoted one too, for bytevector-copy!"
                "bytevector-copy!: cannot modify a literal constant: #u8(1 2)"
                (message-of (lambda () (bytevector-copy! '#u8(1 2) 0 #u8(3)))))
    (test-equal "the literal is unchanged after the refusal" #u8(1 2)
                (let ((f (lambda () #u8(1 2))))
                  (message-of (lambda () (bytevector-u8-set! (f) 0 9)))
                  (f)))
    (test-assert "a literal is eq? to itself each time"
                 (let ((f (lambda () #u8(1 2))))
                   (eq? (f) (f))))))

;; ------------------------------------------------------------------
(test-group "UTF-8"
  (lambda ()
    (test-equal "utf8->string, ASCII" "abc" (utf8->string #u8(97 98 99)))
    (test-equal "utf8->string, two, three and four bytes" "λ€😀"
                (utf8->string #u8(206 187 226 130 172 240 159 152 128)))
    (test-equal "utf8->string with a range" "b" (utf8->string #u8(97 98 99) 1 2))
    (test-equal "utf8->string of nothing" "" (utf8->string #u8()))
    (test-equal "string->utf8" #u8(97 206 187) (string->utf8 "aλ"))
    (test-equal "string->utf8 with a range" #u8(206 187 98) (string->utf8 "aλbc" 1 3))
    (test-equal "string->utf8 of a four-byte character" #u8(240 159 152 128)
                (string->utf8 "😀"))
    (test-assert "the result of utf8->string is mutable"
                 (let ((s (utf8->string #u8(97 98))))
                   (string-set! s 0 #\z)
                   (string=? s "zb")))
    (test-equal "invalid UTF-8: the byte is named"
                "utf8->string: invalid UTF-8 at byte 1"
                (message-of (lambda () (utf8->string #u8(97 255 98)))))
    (test-equal "a truncated sequence" "utf8->string: invalid UTF-8 at byte 0"
                (message-of (lambda () (utf8->string #u8(206)))))
    (test-error "an encoded surrogate is invalid"
                (lambda () (utf8->string #u8(237 160 128))))
    (test-error "a range past the end" (lambda () (string->utf8 "abc" 2 4)))
    (test-assert "a round trip of every character class"
                 (let ((s (list->string (map integer->char
                                             '(0 65 127 128 2047 2048 55295 57344
                                               65535 65536 1114111)))))
                   (string=? s (utf8->string (string->utf8 s)))))))

;; ------------------------------------------------------------------
(test-group "Guile's (rnrs bytevectors) accessors"
  (lambda ()
    (test-equal "endianness" '(big little) (list (endianness big) (endianness little)))
    (test-error "a misspelt endianness is a syntax error"
                (lambda () (eval '(endianness middle) (interaction-environment))))
    (test-assert "native-endianness" (memq (native-endianness) '(big little)))
    (test-equal "u16 set and ref, both orders" '(#u8(18 52 52 18) 4660 4660 13330)
                (let ((b (make-bytevector 4 0)))
                  (bytevector-u16-set! b 0 #x1234 (endianness big))
                  (bytevector-u16-set! b 2 #x1234 (endianness little))
                  (list b (bytevector-u16-ref b 0 'big) (bytevector-u16-ref b 2 'little)
                        (bytevector-u16-ref b 0 'little))))
    (test-equal "s16: negative values" '(-32768 -1 32767)
                (list (bytevector-s16-ref #u8(128 0) 0 'big)
                      (bytevector-s16-ref #u8(255 255) 0 'little)
                      (bytevector-s16-ref #u8(127 255) 0 'big)))
    (test-equal "u32 and s32" '(#u8(254 255 255 255) -2 4294967294)
                (let ((b (make-bytevector 4 0)))
                  (bytevector-s32-set! b 0 -2 'little)
                  (list b (bytevector-s32-ref b 0 'little) (bytevector-u32-ref b 0 'little))))
    (test-equal "u64 and s64 within the fixnum range" '(256 -1)
                (list (bytevector-u64-ref #u8(0 0 0 0 0 0 1 0) 0 'big)
                      (bytevector-s64-ref #u8(255 255 255 255 255 255 255 255) 0 'big)))
    (test-equal "u64 and s64 past the fixnum range are bignums"
                '(18446744073709551615 -9223372036854775808 9223372036854775807)
                (list (bytevector-u64-ref (make-bytevector 8 255) 0 'big)
                      (bytevector-s64-ref #u8(128 0 0 0 0 0 0 0) 0 'big)
                      (bytevector-s64-ref #u8(127 255 255 255 255 255 255 255) 0 'big)))
    (test-equal "u64 and s64 set! take bignums"
                '(#u8(255 255 255 255 255 255 255 254) #u8(128 0 0 0 0 0 0 0))
                (let ((a (make-bytevector 8 0)) (b (make-bytevector 8 0)))
                  (bytevector-u64-set! a 0 (- (expt 2 64) 2) 'big)
                  (bytevector-s64-set! b 0 (- (expt 2 63)) 'big)
                  (list a b)))
    (test-error-message "u64 set! of 2^64 is out of range"
      "bytevector-u64-set!: argument out of range in position 3: 18446744073709551616"
      (lambda () (bytevector-u64-set! (make-bytevector 8 0) 0 (expt 2 64) 'big)))
    (test-error-message "s64 set! of 2^63 is out of range"
      "bytevector-s64-set!: argument out of range in position 3: 9223372036854775808"
      (lambda () (bytevector-s64-set! (make-bytevector 8 0) 0 (expt 2 63) 'big)))
    (test-error-message "u64 set! of a negative bignum is out of range"
      "bytevector-u64-set!: argument out of range in position 3: -9223372036854775808"
      (lambda () (bytevector-u64-set! (make-bytevector 8 0) 0 (- (expt 2 63)) 'big)))
    (test-equal "native accessors agree with native-endianness" 258
                (let ((b (make-bytevector 2 0)))
                  (bytevector-u16-native-set! b 0 258)
                  (bytevector-u16-ref b 0 (native-endianness))))
    (test-equal "s8" '(-1 127 #u8(128))
                (let ((b (make-bytevector 1 0)))
                  (bytevector-s8-set! b 0 -128)
                  (list (bytevector-s8-ref #u8(255) 0) (bytevector-s8-ref #u8(127) 0) b)))
    (test-equal "IEEE double, big-endian 1.5" '(#u8(63 248 0 0 0 0 0 0) 1.5)
                (let ((b (make-bytevector 8 0)))
                  (bytevector-ieee-double-set! b 0 1.5 'big)
                  (list b (bytevector-ieee-double-ref b 0 'big))))
    (test-equal "IEEE single, little-endian 0.25, and an exact argument" '(#u8(0 0 128 62) 0.25 3.0)
                (let ((b (make-bytevector 4 0)))
                  (bytevector-ieee-single-set! b 0 0.25 'little)
                  (let ((r (bytevector-ieee-single-ref b 0 'little)))
                    (let ((c (make-bytevector 4 0)))
                      (bytevector-ieee-single-native-set! c 0 3)
                      (list b r (bytevector-ieee-single-native-ref c 0))))))
    (test-error-contains "an integer out of the range of its size"
                         '("bytevector-u16-set!" "out of range" "position 3")
                         (lambda () (bytevector-u16-set! (make-bytevector 2) 0 65536 'big)))
    (test-error-contains "a negative value for an unsigned accessor"
                         '("bytevector-u32-set!" "out of range")
                         (lambda () (bytevector-u32-set! (make-bytevector 4) 0 -1 'big)))
    (test-error-contains "an element that does not fit before the end"
                         '("bytevector-u32-ref" "out of range" "position 2")
                         (lambda () (bytevector-u32-ref #u8(1 2 3 4 5) 2 'big)))
    (test-error-contains "a bad endianness"
                         '("bytevector-u16-ref" "endianness")
                         (lambda () (bytevector-u16-ref #u8(1 2) 0 'middle)))
    (test-error-contains "the accessors refuse literal constants"
                         '("bytevector-u16-set!" "literal constant")
                         (lambda () (bytevector-u16-set! #u8(0 0) 0 1 'big)))
    (test-equal "bytevector-fill! with a range and a negative byte" #u8(0 255 255 0)
                (let ((b (make-bytevector 4 0)))
                  (bytevector-fill! b -1 1 3)
                  b))
    (test-equal "bytevector=?" '(#t #f #f)
                (list (bytevector=? #u8(1 2) (bytevector 1 2)) (bytevector=? #u8(1) #u8(2))
                      (bytevector=? #u8(1) #u8(1 0))))
    (test-equal "bytevector->u8-list and back" '((1 2 255) #u8(1 2 255))
                (list (bytevector->u8-list #u8(1 2 255)) (u8-list->bytevector '(1 2 255))))))

(test-group "integers of any size: bytevector-uint-ref & co"
  (lambda ()
    (define bv #u8(1 2 3 4 5 6 7 8 9 10 11 12))
    (test-equal "uint-ref of 3 bytes, each order" '(#x010203 #x030201)
                (list (bytevector-uint-ref bv 0 'big 3) (bytevector-uint-ref bv 0 'little 3)))
    (test-equal "sizes 1 to 7 agree with the fixed-size accessors"
                (list (bytevector-u8-ref bv 2) (bytevector-u16-ref bv 2 'big)
                      (bytevector-u32-ref bv 2 'little))
                (list (bytevector-uint-ref bv 2 'big 1) (bytevector-uint-ref bv 2 'big 2)
                      (bytevector-uint-ref bv 2 'little 4)))
    (test-equal "sint-ref: negative values of odd sizes" '(-1 -2 -129 127)
                (list (bytevector-sint-ref #u8(255 255 255) 0 'big 3)
                      (bytevector-sint-ref #u8(254 255 255 255 255) 0 'little 5)
                      (bytevector-sint-ref #u8(255 127) 0 'big 2)
                      (bytevector-sint-ref #u8(127) 0 'big 1)))
    (test-equal "sizes past 8 with a zero or sign extension" '(5 5 -1 -3)
                (list (bytevector-uint-ref (bytevector 0 0 0 0 0 0 0 0 0 0 0 5) 0 'big 12)
                      (bytevector-uint-ref (bytevector 5 0 0 0 0 0 0 0 0 0) 0 'little 10)
                      (bytevector-sint-ref (make-bytevector 16 255) 0 'big 16)
                      (let ((b (make-bytevector 9 255)))
                        (bytevector-u8-set! b 0 253)
                        (bytevector-sint-ref b 0 'little 9))))
    (test-equal "the largest fixnum, 7 and 8 bytes"
                (list (- (expt 2 56) 1) 2305843009213693951 -2305843009213693952)
                (list (bytevector-uint-ref (make-bytevector 7 255) 0 'big 7)
                      (bytevector-uint-ref #u8(31 255 255 255 255 255 255 255) 0 'big 8)
                      (bytevector-sint-ref #u8(224 0 0 0 0 0 0 0) 0 'big 8)))
    (test-equal "past the fixnum range: a bignum" (- (expt 2 64) 1)
                (bytevector-uint-ref (make-bytevector 8 255) 0 'big 8))
    (test-equal "a significant byte past the eighth" (expt 2 64)
                (bytevector-uint-ref (bytevector 1 0 0 0 0 0 0 0 0) 0 'big 9))
    (test-equal "a signed value of 9 bytes" (- (expt 2 64) 1)
                (bytevector-sint-ref (bytevector 0 255 255 255 255 255 255 255 255) 0 'big 9))
    (test-equal "a negative one of 9 bytes, little-endian" (- (expt 2 64))
                (bytevector-sint-ref (bytevector 0 0 0 0 0 0 0 0 255) 0 'little 9))
    (test-equal "a 32-byte round trip of a bignum, both orders" '(#t #t)
                (let ((b (make-bytevector 32 0)) (n (- (expt 7 80))))
                  (bytevector-sint-set! b 0 n 'big 32)
                  (let ((x (bytevector-sint-ref b 0 'big 32)))
                    (bytevector-sint-set! b 0 n 'little 32)
                    (list (= x n) (= (bytevector-sint-ref b 0 'little 32) n)))))
    (test-error-contains "a bignum too large for its size"
                         '("bytevector-uint-set!" "out of range")
                         (lambda () (bytevector-uint-set! (make-bytevector 9 0) 0
                                                          (expt 2 72) 'big 9)))
    (test-equal "uint-set! and sint-set! round trips" '(#xabcdef #xabcdef -12345 -12345)
                (let ((b (make-bytevector 6 0)))
                  (bytevector-uint-set! b 1 #xabcdef 'big 3)
                  (let ((x (bytevector-uint-ref b 1 'big 3)))
                    (bytevector-uint-set! b 0 #xabcdef 'little 5)
                    (let ((y (bytevector-uint-ref b 0 'little 5)))
                      (bytevector-sint-set! b 2 -12345 'big 3)
                      (let ((z (bytevector-sint-ref b 2 'big 3)))
                        (bytevector-sint-set! b 0 -12345 'little 6)
                        (list x y z (bytevector-sint-ref b 0 'little 6)))))))
    (test-equal "uint-set! places the bytes" #u8(0 1 2 3 0)
                (let ((b (make-bytevector 5 0))) (bytevector-uint-set! b 1 #x010203 'big 3) b))
    (test-equal "a set past 8 bytes extends the sign" (list #u8(255 255 255 255 255 255 255 255 255 254)
                                                           #u8(7 0 0 0 0 0 0 0 0 0))
                (let ((b (make-bytevector 10 9)) (c (make-bytevector 10 9)))
                  (bytevector-sint-set! b 0 -2 'big 10)
                  (bytevector-uint-set! c 0 7 'little 10)
                  (list b c)))
    (test-error-contains "a value too large for the size" '("bytevector-uint-set!" "out of range" "position 3")
                         (lambda () (bytevector-uint-set! (make-bytevector 2) 0 65536 'big 2)))
    (test-error-contains "a negative unsigned value" '("bytevector-uint-set!" "out of range")
                         (lambda () (bytevector-uint-set! (make-bytevector 9) 0 -1 'big 9)))
    (test-error-contains "a signed value out of range" '("bytevector-sint-set!" "out of range")
                         (lambda () (bytevector-sint-set! (make-bytevector 1) 0 128 'big 1)))
    (test-error-contains "size 0" '("bytevector-uint-ref" "out of range" "position 4")
                         (lambda () (bytevector-uint-ref bv 0 'big 0)))
    (test-error-contains "size past the end" '("bytevector-sint-ref" "out of range" "position 2")
                         (lambda () (bytevector-sint-ref bv 10 'big 3)))
    (test-error-contains "a bad endianness" '("bytevector-uint-ref" "position 3" "endianness")
                         (lambda () (bytevector-uint-ref bv 0 'middle 2)))
    (test-error-contains "a literal is immutable" '("bytevector-uint-set!" "literal")
                         (lambda () (bytevector-uint-set! bv 0 1 'big 1)))
    (test-error-contains "a non-integer value" '("bytevector-sint-set!" "position 3" "exact integer")
                         (lambda () (bytevector-sint-set! (make-bytevector 2) 0 1.5 'big 2)))))

;; ------------------------------------------------------------------
;; 10^5 pseudo-random strings (every range of code points, surrogates
;; excepted) through string->utf8 and utf8->string, and through a file.
(test-group "random strings round trip"
  (lambda ()
    (define seed 2463534242)
    (define (next! m)                   ; xorshift-like, deterministic
      (set! seed (modulo (+ (* seed 1664525) 1013904223) 4294967296))
      (modulo (quotient seed 256) m))
    (define (random-char)
      (let ((range (next! 4)))
        (integer->char
         (case range
           ((0) (next! 128))                          ; ASCII
           ((1) (+ 128 (next! 1920)))                 ; two bytes
           ((2) (let ((c (+ 2048 (next! 63488))))     ; three, no surrogate
                  (if (and (>= c #xD800) (<= c #xDFFF)) (- c #x800) c)))
           (else (+ 65536 (next! 1048576)))))))       ; four bytes
    (define (random-string)
      (let ((n (next! 21)))
        (let loop ((i 0) (chars '()))
          (if (= i n) (list->string chars) (loop (+ i 1) (cons (random-char) chars))))))
    (define strings
      (let loop ((i 0) (acc '()))
        (if (= i 100000) acc (loop (+ i 1) (cons (random-string) acc)))))
    (test-assert "10^5 strings: utf8->string of string->utf8 gives each back"
                 (let loop ((l strings))
                   (or (null? l)
                       (and (string=? (car l) (utf8->string (string->utf8 (car l))))
                            (loop (cdr l))))))
    (test-assert "and the byte counts are UTF-8's"
                 (let loop ((l strings))
                   (or (null? l)
                       (and (= (bytevector-length (string->utf8 (car l)))
                               (apply + (map (lambda (c)
                                               (let ((n (char->integer c)))
                                                 (cond ((< n 128) 1) ((< n 2048) 2)
                                                       ((< n 65536) 3) (else 4))))
                                             (string->list (car l)))))
                            (loop (cdr l))))))
    (let ((file (string-append test-temp-directory "strings.txt")))
      (call-with-output-file file
        (lambda (port) (for-each (lambda (s) (write-string s port)) strings)))
      (test-assert "10^5 strings written to a file read back, each whole"
                   (call-with-input-file file
                     (lambda (port)
                       (let loop ((l strings))
                         (cond ((null? l) (eof-object? (read-char port)))
                               ((= 0 (string-length (car l))) (loop (cdr l)))
                               ((string=? (car l) (read-string (string-length (car l)) port))
                                (loop (cdr l)))
                               (else #f)))))))))

(test-end "bytevectors")

;;; bytevectors.scm ends here
