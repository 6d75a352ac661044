;;; 60.sld -- SRFI 60, Integers as Bits
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; SLIB's names for bitwise operations.  Most are libscm primitives
;;; (logand ... ash and their SRFI 33 aliases bitwise-and ...
;;; arithmetic-shift, bit-count, bit-set?, bit-field, first-set-bit) or
;;; SRFI 151 procedures with the same arguments (bitwise-if, copy-bit),
;;; re-exported.  The others are defined here, each naming itself in its
;;; errors:
;;;
;;; - bitwise-merge and any-bits-set?: aliases of bitwise-if and logtest;
;;; - log2-binary-factors: first-set-bit;
;;; - copy-bit-field TO FROM START END: SRFI 151's bit-field-replace
;;;   (the low bits of FROM go to bit START, as the SRFI 60 document
;;;   says);
;;; - rotate-bit-field and reverse-bit-field: bit-field-rotate and
;;;   bit-field-reverse, same arguments;
;;; - integer->list, list->integer, booleans->integer: the MOST
;;;   significant bit first, as SLIB and the SRFI 60 sample
;;;   implementation do ((integer->list 6) is (#t #t #f)).  SRFI 151's
;;;   bits->list, list->bits and bits take bit 0 first.
;;;
;;; Until libscm has bignums, a result past the fixnum range raises an
;;; implementation-restriction error.

;;; Code:

(define-library (srfi 60)
  (export logand bitwise-and logior bitwise-ior logxor bitwise-xor
          lognot bitwise-not bitwise-if bitwise-merge logtest any-bits-set?
          logcount bit-count integer-length log2-binary-factors
          first-set-bit logbit? bit-set? copy-bit bit-field copy-bit-field
          ash arithmetic-shift rotate-bit-field reverse-bit-field
          integer->list list->integer booleans->integer)
  (import (libscm) (srfi 151))
  (begin

    (define (argument-error who what pos obj)
      (error (string-append (symbol->string who) ": " what " in position "
                            (number->string pos))
             obj))

    (define (check-integer who pos x)
      (if (not (exact-integer? x))
          (error (string-append (symbol->string who)
                                ": wrong type argument in position "
                                (number->string pos)
                                " (expected exact integer)")
                 x)))

    (define (check-index who pos x)
      (check-integer who pos x)
      (if (negative? x)
          (argument-error who "argument out of range" pos x)))

    (define (check-bounds who pos start end)
      (check-index who pos start)
      (check-index who (+ pos 1) end)
      (if (< end start)
          (argument-error who "argument out of range" (+ pos 1) end)))

    (define (bitwise-merge mask n0 n1)
      "Return the integer whose bits are those of N0 where MASK has a 1 bit
and those of N1 where it has a 0 bit (SRFI 151's bitwise-if).  An
error if an argument is not an exact integer."
      (check-integer 'bitwise-merge 1 mask)
      (check-integer 'bitwise-merge 2 n0)
      (check-integer 'bitwise-merge 3 n1)
      (bitwise-if mask n0 n1))

    (define (any-bits-set? j k)
      "Return #t if the exact integers J and K have a 1 bit in common, that is
(logand J K) is not zero, else #f.  An error if J or K is not an exact
integer."
      (check-integer 'any-bits-set? 1 j)
      (check-integer 'any-bits-set? 2 k)
      (logtest j k))

    (define (log2-binary-factors n)
      "Return the index of the lowest 1 bit of N, the number of times 2
divides N, or -1 if N is 0.  An error if N is not an exact integer."
      (check-integer 'log2-binary-factors 1 n)
      (first-set-bit n))

    (define (copy-bit-field to from start end)
      "Return TO with its bits from START (inclusive) to END (exclusive)
replaced by the low END - START bits of FROM.  An error if TO or FROM
is not an exact integer, or START and END not indices with START <=
END."
      (check-integer 'copy-bit-field 1 to)
      (check-integer 'copy-bit-field 2 from)
      (check-bounds 'copy-bit-field 3 start end)
      (bit-field-replace to from start end))

    (define (rotate-bit-field n count start end)
      "Return N with its bits from START (inclusive) to END (exclusive)
rotated COUNT places towards the high end within that field (a negative
COUNT rotates the other way); the other bits are kept.  An error if N or
COUNT is not an exact integer, or START and END not indices with START
<= END."
      (check-integer 'rotate-bit-field 1 n)
      (check-integer 'rotate-bit-field 2 count)
      (check-bounds 'rotate-bit-field 3 start end)
      (bit-field-rotate n count start end))

    (define (reverse-bit-field n start end)
      "Return N with the order of its bits from START (inclusive) to END
(exclusive) reversed; the other bits are kept.  An error if N is not an
exact integer, or START and END not indices with START <= END."
      (check-integer 'reverse-bit-field 1 n)
      (check-bounds 'reverse-bit-field 2 start end)
      (bit-field-reverse n start end))

    (define (integer->list k . len)
      "Return the bits of K as a list of booleans, the most significant first:
LEN of them (default (integer-length K)), so (integer->list 6) is (#t
#t #f).  An error if K is not an exact integer or LEN not a
non-negative one."
      (check-integer 'integer->list 1 k)
      (let ((n (cond ((null? len) (integer-length k))
                     ((null? (cdr len))
                      (check-index 'integer->list 2 (car len))
                      (car len))
                     (else (error "integer->list: too many arguments"
                                  (cons k len))))))
        ;; Bit 0 is consed first, so it ends up last.
        (let loop ((i 0) (acc '()))
          (if (= i n)
              acc
              (loop (+ i 1) (cons (logbit? i k) acc))))))

    ;; The integer of BOOLS, most significant bit first, for WHO; a
    ;; non-boolean is an error about OBJ (argument 1) or, if OBJ is #f,
    ;; about the element itself.
    (define (booleans->number who bools obj)
      (let loop ((bs bools) (pos 1) (acc 0))
        (cond ((null? bs) acc)
              ((boolean? (car bs))
               (loop (cdr bs) (+ pos 1) (+ (ash acc 1) (if (car bs) 1 0))))
              (obj (error (string-append (symbol->string who)
                                         ": wrong type argument in position 1"
                                         " (expected list of booleans)")
                          obj))
              (else (error (string-append (symbol->string who)
                                          ": wrong type argument in position "
                                          (number->string pos)
                                          " (expected boolean)")
                           (car bs))))))

    (define (list->integer list)
      "Return the non-negative integer whose bits are the booleans of LIST,
the most significant first: (list->integer '(#t #t #f)) is 6.  An error
if LIST is not a proper list of booleans."
      (booleans->number 'list->integer (if (list? list) list '(none)) list))

    (define (booleans->integer . bools)
      "Return the non-negative integer whose bits are the boolean arguments
BOOLS, the most significant first: (booleans->integer #t #f) is 2.  An
error naming the position of an argument that is not a boolean."
      (booleans->number 'booleans->integer bools #f))))
