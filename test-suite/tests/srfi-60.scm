;;; srfi-60.scm -- SRFI 60, Integers as Bits
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The examples of the SRFI 60 document, the argument orders it shares
;;; with SRFI 151 (index first for logbit?/bit-set?/copy-bit) and the
;;; ones it does not share (integer->list and list->integer put the most
;;; significant bit first), and the errors, which name the SRFI 60
;;; procedure.

;;; Code:

(import (srfi 60))

(test-begin "srfi-60")

(define (binary n) (number->string n 2))

;; ------------------------------------------------------------------
(test-group "bitwise operations"
  (lambda ()
    (test-equal "logand" "1000" (binary (logand #b1100 #b1010)))
    (test-equal "logior" "1110" (binary (logior #b1100 #b1010)))
    (test-equal "logxor" "110" (binary (logxor #b1100 #b1010)))
    (test-equal "lognot" '("-10000001" "-1")
                (list (binary (lognot #b10000000)) (binary (lognot #b0))))
    (test-equal "the SRFI 33 aliases" '(8 14 6 -129)
                (list (bitwise-and #b1100 #b1010) (bitwise-ior #b1100 #b1010)
                      (bitwise-xor #b1100 #b1010) (bitwise-not #b10000000)))
    (test-equal "bitwise-if takes from n0 where mask is 1" 9 (bitwise-if 3 #b0101 #b1010))
    (test-equal "bitwise-merge" '(9 3) (list (bitwise-merge 3 #b0101 #b1010)
                                             (bitwise-merge 1 1 2)))
    (test-equal "logtest" '(#f #t) (list (logtest #b0100 #b1011) (logtest #b0100 #b0111)))
    (test-equal "any-bits-set?" '(#f #t) (list (any-bits-set? #b0100 #b1011)
                                               (any-bits-set? #b0100 #b0111)))
    (test-error-message "bitwise-merge names itself"
      "bitwise-merge: wrong type argument in position 2 (expected exact integer): a"
      (lambda () (bitwise-merge 1 'a 2)))
    (test-error-message "any-bits-set? names itself"
      "any-bits-set?: wrong type argument in position 1 (expected exact integer): 1.0"
      (lambda () (any-bits-set? 1.0 2)))))

;; ------------------------------------------------------------------
(test-group "integer properties"
  (lambda ()
    (test-equal "logcount" '(4 0 1) (map logcount '(#b10101010 0 -2)))
    (test-equal "bit-count" '(4 0 1) (map bit-count '(#b10101010 0 -2)))
    (test-equal "integer-length" '(8 0 4) (map integer-length '(#b10101010 0 #b1111)))
    (test-equal "log2-binary-factors, the document's table"
                '(-1 0 1 0 2 0 1 0 3 0 1 0 2 0 1 0 4)
                (map log2-binary-factors
                     '(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16)))
    (test-equal "log2-binary-factors of negative integers"
                '(-1 0 1 0 2 0 1 0 3 0 1 0 2 0 1 0 4)
                (map (lambda (n) (log2-binary-factors (- n)))
                     '(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16)))
    (test-equal "first-set-bit is the same" 3 (first-set-bit 40))
    (test-error-message "log2-binary-factors names itself"
      "log2-binary-factors: wrong type argument in position 1 (expected exact integer): \"8\""
      (lambda () (log2-binary-factors "8")))))

;; ------------------------------------------------------------------
(test-group "bit within word"
  (lambda ()
    (test-equal "logbit? takes the index first" '(#t #f #t #t #f)
                (map (lambda (i) (logbit? i #b1101)) '(0 1 2 3 4)))
    (test-equal "bit-set?" '(#t #f #t #t #f)
                (map (lambda (i) (bit-set? i #b1101)) '(0 1 2 3 4)))
    (test-equal "copy-bit index from bit" '("1" "100" "1011")
                (list (binary (copy-bit 0 0 #t)) (binary (copy-bit 2 0 #t))
                      (binary (copy-bit 2 #b1111 #f))))
    (test-error "copy-bit's bit is a boolean" (lambda () (copy-bit 0 0 1)))))

;; ------------------------------------------------------------------
(test-group "field of bits"
  (lambda ()
    (test-equal "bit-field" '("1010" "10110")
                (list (binary (bit-field #b1101101010 0 4))
                      (binary (bit-field #b1101101010 4 9))))
    (test-equal "copy-bit-field" '("1101100000" "1101101111" "110100111110000")
                (list (binary (copy-bit-field #b1101101010 0 0 4))
                      (binary (copy-bit-field #b1101101010 -1 0 4))
                      (binary (copy-bit-field #b110100100010000 -1 5 9))))
    (test-equal "copy-bit-field puts bit 0 of from at start" #b10110
                (copy-bit-field #b10000 #b11 1 3))
    (test-equal "ash" '("1000" "101")
                (list (binary (ash #b1 3)) (binary (ash #b1010 -1))))
    (test-equal "arithmetic-shift" 8 (arithmetic-shift 1 3))
    (test-equal "rotate-bit-field" '("10" "10" "110100010010000" "110100000110000")
                (list (binary (rotate-bit-field #b0100 3 0 4))
                      (binary (rotate-bit-field #b0100 -1 0 4))
                      (binary (rotate-bit-field #b110100100010000 -1 5 9))
                      (binary (rotate-bit-field #b110100100010000 1 5 9))))
    (test-equal "reverse-bit-field" "e5"
                (number->string (reverse-bit-field #xa7 0 8) 16))
    (test-error-message "copy-bit-field names itself"
      "copy-bit-field: argument out of range in position 4: 0"
      (lambda () (copy-bit-field 1 2 3 0)))
    (test-error-message "rotate-bit-field's count is an integer"
      "rotate-bit-field: wrong type argument in position 2 (expected exact integer): 0.5"
      (lambda () (rotate-bit-field 1 0.5 0 3)))
    (test-error-message "reverse-bit-field's start"
      "reverse-bit-field: argument out of range in position 2: -1"
      (lambda () (reverse-bit-field 1 -1 3)))))

;; ------------------------------------------------------------------
(test-group "bits as booleans"
  (lambda ()
    (test-equal "integer->list, most significant bit first" '(#t #t #f) (integer->list 6))
    (test-equal "integer->list with a length" '(#f #t #t #f) (integer->list 6 4))
    (test-equal "integer->list of 0" '() (integer->list 0))
    (test-equal "list->integer" '(6 6 12 0)
                (map list->integer '((#t #t #f) (#f #t #t #f) (#t #t #f #f) ())))
    (test-equal "list->integer inverts integer->list" 1234567
                (list->integer (integer->list 1234567)))
    (test-equal "booleans->integer" '(4 1 0) (list (booleans->integer #t #f #f)
                                                   (booleans->integer #f #f #t)
                                                   (booleans->integer)))
    (test-error-message "list->integer of a non-boolean"
      "list->integer: wrong type argument in position 1 (expected list of booleans): (#t 0)"
      (lambda () (list->integer '(#t 0))))
    (test-error-message "list->integer of a non-list"
      "list->integer: wrong type argument in position 1 (expected list of booleans): 5"
      (lambda () (list->integer 5)))
    (test-error-message "booleans->integer names the bad argument"
      "booleans->integer: wrong type argument in position 3 (expected boolean): x"
      (lambda () (booleans->integer #t #f 'x)))
    (test-error-message "integer->list's length"
      "integer->list: argument out of range in position 2: -3"
      (lambda () (integer->list 5 -3)))))

(test-end "srfi-60")
