;;; srfi-151.scm -- SRFI 151, Bitwise Operations
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The examples of the SRFI document that fit in a fixnum, negative
;;; integers and fields that reach past the top bit, the errors (naming
;;; the procedure) and the implementation restriction for results that
;;; need bignums.

;;; Code:

(import (srfi 151))

(test-begin "srfi-151")

(define most-positive 2305843009213693951)   ; 2^61 - 1
(define most-negative -2305843009213693952)  ; -2^61

(define (kind-of thunk)
  (let ((e (raised-object thunk)))
    (if (error-object? e) (condition-kind e) e)))

;; ------------------------------------------------------------------
(test-group "basic operations"
  (lambda ()
    (test-equal "bitwise-not" '(-11 36) (list (bitwise-not 10) (bitwise-not -37)))
    (test-equal "and ior xor eqv" '(11 10 9 -42 4)
                (list (bitwise-ior 3 10) (bitwise-and 11 26) (bitwise-xor 3 10)
                      (bitwise-eqv 37 12) (bitwise-and 37 12)))
    (test-equal "identities" '(-1 0 0 -1)
                (list (bitwise-and) (bitwise-ior) (bitwise-xor) (bitwise-eqv)))
    (test-equal "bitwise-eqv of one argument" 37 (bitwise-eqv 37))
    (test-equal "bitwise-eqv is associative, not all-agree" 
                (bitwise-eqv 5 (bitwise-eqv 9 12))
                (bitwise-eqv 5 9 12))
    (test-equal "bitwise-eqv of three" (bitwise-eqv (bitwise-eqv 5 9) 12)
                (bitwise-eqv 5 9 12))
    (test-equal "bitwise-eqv of four" (bitwise-eqv (bitwise-eqv 1 2) (bitwise-eqv 4 8))
                (bitwise-eqv 1 2 4 8))
    (test-equal "nand nor andc1 andc2 orc1 orc2" '(-11 -28 16 1 -2 -17)
                (list (bitwise-nand 11 26) (bitwise-nor 11 26)
                      (bitwise-andc1 11 26) (bitwise-andc2 11 26)
                      (bitwise-orc1 11 26) (bitwise-orc2 11 26)))
    (test-error-message "bitwise-nand is dyadic: a wrong type"
      "bitwise-nand: wrong type argument in position 2 (expected exact integer): 1.0"
      (lambda () (bitwise-nand 1 1.0)))
    (test-error "bitwise-nor takes two arguments" (lambda () (bitwise-nor 1 2 3)))
    (test-error-message "bitwise-eqv names its bad argument"
      "bitwise-eqv: wrong type argument in position 3 (expected exact integer): x"
      (lambda () (bitwise-eqv 1 2 'x)))))

;; ------------------------------------------------------------------
(test-group "integer operations"
  (lambda ()
    (test-equal "arithmetic-shift" '(32 4 4)
                (list (arithmetic-shift 8 2) (arithmetic-shift 4 0)
                      (arithmetic-shift 8 -1)))
    (test-equal "bit-count" '(0 0 3 3 2 4 4)
                (map bit-count '(0 -1 7 13 -13 30 -30)))
    (test-equal "integer-length" '(0 1 0 3 3 4 3)
                (map integer-length '(0 1 -1 7 -7 8 -8)))
    (test-equal "bitwise-if" '(9 0 3 #b00110011)
                (list (bitwise-if 3 1 8) (bitwise-if 3 8 1) (bitwise-if 1 1 2)
                      (bitwise-if #b00111100 #b11110000 #b00001111)))
    (test-equal "bitwise-if with a negative mask" -6 (bitwise-if -4 -8 2))
    (test-error-message "bitwise-if checks its mask"
      "bitwise-if: wrong type argument in position 1 (expected exact integer): #t"
      (lambda () (bitwise-if #t 1 2)))))

;; ------------------------------------------------------------------
(test-group "single bits"
  (lambda ()
    (test-equal "bit-set?" '(#f #t #t #t #t #f)
                (list (bit-set? 1 1) (bit-set? 0 1) (bit-set? 3 10)
                      (bit-set? 1000000 -1) (bit-set? 2 6) (bit-set? 0 6)))
    (test-equal "copy-bit" '(#b1 #b100 #b1011)
                (list (copy-bit 0 0 #t) (copy-bit 2 0 #t) (copy-bit 2 #b1111 #f)))
    (test-equal "copy-bit that changes nothing" '(5 -1 0)
                (list (copy-bit 0 5 #t) (copy-bit 100 -1 #t) (copy-bit 100 0 #f)))
    (test-equal "copy-bit on a negative integer" -5 (copy-bit 2 -1 #f))
    (test-error-message "copy-bit wants a boolean"
      "copy-bit: wrong type argument in position 3 (expected boolean): 1"
      (lambda () (copy-bit 0 0 1)))
    (test-error-message "copy-bit's index is first"
      "copy-bit: argument out of range in position 1: -1"
      (lambda () (copy-bit -1 0 #t)))
    (test-equal "setting bit 61 of a positive integer makes a bignum"
                (expt 2 61) (copy-bit 61 0 #t))
    (test-equal "setting and clearing bit 100" (list (+ 5 (expt 2 100)) 5)
                (list (copy-bit 100 5 #t) (copy-bit 100 (+ 5 (expt 2 100)) #f)))
    (test-equal "bit-swap" '(#b1 #b110 -2)
                (list (bit-swap 0 2 4) (bit-swap 0 1 5) (bit-swap 0 1 -3)))
    (test-equal "bit-swap of equal bits" 5 (bit-swap 1 3 5))
    (test-equal "any-bit-set? every-bit-set?" '(#t #f #t #f)
                (list (any-bit-set? 3 6) (any-bit-set? 3 12)
                      (every-bit-set? 4 6) (every-bit-set? 7 6)))
    (test-equal "every-bit-set? with negative integers" '(#t #f)
                (list (every-bit-set? -8 -1) (every-bit-set? -1 -8)))
    (test-equal "first-set-bit" '(0 1 -1 3 2)
                (map first-set-bit '(1 2 0 40 -28)))
    (test-error-message "every-bit-set? checks its arguments"
      "every-bit-set?: wrong type argument in position 2 (expected exact integer): ()"
      (lambda () (every-bit-set? 1 '())))))

;; ------------------------------------------------------------------
(test-group "bit fields"
  (lambda ()
    (test-equal "bit-field" '(#b1010 #b101101 #b10110 #b110110 0 3 1)
                (list (bit-field #b1101101010 0 4) (bit-field #b1101101010 3 9)
                      (bit-field #b1101101010 4 9) (bit-field #b1101101010 4 10)
                      (bit-field 6 0 1) (bit-field 6 1 3) (bit-field 6 2 999)))
    (test-equal "bit-field-any?" '(#t #f #f)
                (list (bit-field-any? #b1001001 1 6) (bit-field-any? #b1000001 1 6)
                      (bit-field-any? -1 3 3)))
    (test-equal "bit-field-every?" '(#t #f #t)
                (list (bit-field-every? #b1011110 1 5) (bit-field-every? #b1011010 1 5)
                      (bit-field-every? 0 7 7)))
    (test-equal "any? and every? far past the top bit" '(#t #t #f #f #t)
                (list (bit-field-any? -8 0 1000) (bit-field-every? -8 3 1000)
                      (bit-field-every? -8 2 1000) (bit-field-any? 5 3 1000)
                      (bit-field-every? most-negative 61 100)))
    (test-equal "bit-field-clear bit-field-set" '(#b100000 #b101110)
                (list (bit-field-clear #b101010 1 4) (bit-field-set #b101010 1 4)))
    (test-equal "clear and set on negative integers, long fields" '(-16 0 0 15)
                (list (bit-field-clear -1 0 4) (bit-field-clear 255 0 100)
                      (bit-field-set 0 0 0) (bit-field-set 0 0 4)))
    (test-equal "setting every bit from 2 up of a negative integer" -3
                (bit-field-set -3 2 500))
    (test-equal "clearing bits 3 to 100 of -1" (- 7 (expt 2 100))
                (bit-field-clear -1 3 100))
    (test-equal "bit-field-replace" '(#b100100 #b111 #b110)
                (list (bit-field-replace #b101010 #b010 1 4)
                      (bit-field-replace #b110 1 0 1)
                      (bit-field-replace #b110 1 1 2)))
    (test-equal "bit-field-replace of -1 by -1 over 100 bits" -1
                (bit-field-replace -1 -1 0 100))
    (test-equal "bit-field-replace keeps a negative destination's sign" -1
                (bit-field-replace -1 (- (expt 2 55) 1) 10 65))
    (test-equal "bit-field-replace-same" #b1001 (bit-field-replace-same #b1111 #b0000 1 3))
    (test-equal "bit-field-replace-same with a negative source" #b1110
                (bit-field-replace-same #b1000 -1 1 3))
    (test-equal "bit-field-rotate" '(#b110 #b110 #b110 #b1010 #b1011)
                (list (bit-field-rotate #b110 0 0 10) (bit-field-rotate #b110 0 0 256)
                      (bit-field-rotate #b110 1 1 2) (bit-field-rotate #b110 1 2 4)
                      (bit-field-rotate #b0111 -1 1 4)))
    (test-equal "bit-field-rotate, SRFI 60's examples" '(#b10 #b10)
                (list (bit-field-rotate #b0100 3 0 4) (bit-field-rotate #b0100 -1 0 4)))
    (test-equal "bit-field-rotate of a negative integer" (bitwise-not #b1010)
                (bit-field-rotate (bitwise-not #b110) 1 2 4))
    (test-equal "bit-field-rotate of an empty field" 77 (bit-field-rotate 77 5 3 3))
    (test-equal "bit-field-reverse" '(6 12 #x80000000 #x40000000 #x20000000)
                (list (bit-field-reverse 6 1 3) (bit-field-reverse 6 1 4)
                      (bit-field-reverse 1 0 32) (bit-field-reverse 1 0 31)
                      (bit-field-reverse 1 0 30)))
    (test-equal "bit-field-reverse of #xa7" #xe5 (bit-field-reverse #xa7 0 8))
    (test-equal "bit-field-reverse of -1 over 200 bits" -1 (bit-field-reverse -1 0 200))
    (test-error-message "end before start"
      "bit-field-clear: argument out of range in position 3: 1"
      (lambda () (bit-field-clear 5 2 1)))
    (test-error-message "a negative start"
      "bit-field-rotate: argument out of range in position 3: -2"
      (lambda () (bit-field-rotate 5 1 -2 1)))
    (test-error-message "bit-field-replace names its source"
      "bit-field-replace: wrong type argument in position 2 (expected exact integer): \"x\""
      (lambda () (bit-field-replace 5 "x" 0 1)))))

;; ------------------------------------------------------------------
(test-group "bits conversion"
  (lambda ()
    (test-equal "bits->list" '((#t #f #t #f #t #t #t) (#t #t #f #f #f) (#f #t #t #f) ())
                (list (bits->list #b1110101) (bits->list 3 5) (bits->list 6 4)
                      (bits->list 0)))
    (test-equal "bits->vector" '#(#t #f #t #f #t #t #t) (bits->vector #b1110101))
    (test-equal "bits->vector with a length" '#(#f #t #t #f) (bits->vector 6 4))
    (test-equal "list->bits" '(#b1110101 #b111010100 6 6 12 0)
                (map list->bits '((#t #f #t #f #t #t #t) (#f #f #t #f #t #f #t #t #t)
                                  (#f #t #t) (#f #t #t #f) (#f #f #t #t) ())))
    (test-equal "vector->bits" '(#b1110101 #b111010100 6 6 12)
                (map vector->bits '(#(#t #f #t #f #t #t #t) #(#f #f #t #f #t #f #t #t #t)
                                    #(#f #t #t) #(#f #t #t #f) #(#f #f #t #t))))
    (test-equal "bits" '(#b1110101 #b111010100 0)
                (list (bits #t #f #t #f #t #t #t) (bits #f #f #t #f #t #f #t #t #t) (bits)))
    (test-equal "list->bits inverts bits->list" 1234567 (list->bits (bits->list 1234567)))
    (test-equal "a long list of #f is fine" 1 (list->bits (cons #t (make-list 100 #f))))
    (test-error-message "list->bits of a non-boolean"
      "list->bits: wrong type argument in position 1 (expected list of booleans): (#t 1)"
      (lambda () (list->bits '(#t 1))))
    (test-error-message "list->bits of an improper list"
      "list->bits: wrong type argument in position 1 (expected list of booleans): (#t . #f)"
      (lambda () (list->bits '(#t . #f))))
    (test-error-message "vector->bits of a list"
      "vector->bits: wrong type argument in position 1 (expected vector of booleans): (#t)"
      (lambda () (vector->bits '(#t))))
    (test-error-message "bits of a non-boolean"
      "bits: wrong type argument in position 2 (expected boolean): 0"
      (lambda () (bits #t 0)))
    (test-error-message "bits->list of a negative length"
      "bits->list: argument out of range in position 2: -1"
      (lambda () (bits->list 5 -1)))))

;; ------------------------------------------------------------------
(test-group "fold, unfold and generate"
  (lambda ()
    (test-equal "bitwise-fold" '(#t #f #t #f #t #t #t) (bitwise-fold cons '() #b1010111))
    (test-equal "bitwise-fold of 0" 'seed (bitwise-fold cons 'seed 0))
    (test-equal "bitwise-for-each" 5
                (let ((count 0))
                  (bitwise-for-each (lambda (b) (if b (set! count (+ count 1))))
                                    #b1010111)
                  count))
    (test-equal "bitwise-unfold" #b101010101
                (bitwise-unfold (lambda (i) (= i 10)) even? (lambda (i) (+ i 1)) 0))
    (test-equal "make-bitwise-generator" '(#f #t #t #f #f)
                (let ((g (make-bitwise-generator #b110)))
                  (let* ((a (g)) (b (g)) (c (g)) (d (g)) (e (g)))
                    (list a b c d e))))
    (test-equal "a generator of a negative integer goes on with #t" '(#f #t #t #t)
                (let ((g (make-bitwise-generator -2)))
                  (let* ((a (g)) (b (g)) (c (g)) (d (g))) (list a b c d))))
    (test-error-message "bitwise-fold wants a procedure"
      "bitwise-fold: wrong type argument in position 1 (expected procedure): 5"
      (lambda () (bitwise-fold 5 '() 3)))
    (test-error-message "bitwise-unfold checks successor"
      "bitwise-unfold: wrong type argument in position 3 (expected procedure): #f"
      (lambda () (bitwise-unfold odd? odd? #f 0)))))

(test-end "srfi-151")
