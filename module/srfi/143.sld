;;; 143.sld -- SRFI 143, fixnums
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; libscm's fixnums are 62 bits wide (fx-width 62): the exact integers
;;; from -2^61 to 2^61 - 1, the ones that live in a word without
;;; allocation.  The SRFI leaves a violation of the fixnum rule (an
;;; argument that is no fixnum, a result out of range) unspecified;
;;; here every one is an error naming the procedure, so no operation
;;; silently returns a wrong number.  The bitwise operations are those
;;; of SRFI 151, the carries those of SRFI 141's balanced/.

;;; Code:

(define-library (srfi 143)
  (export fx-width fx-greatest fx-least fixnum?
          fx=? fx<? fx>? fx<=? fx>=? fxzero? fxpositive? fxnegative?
          fxodd? fxeven? fxmax fxmin
          fx+ fx- fxneg fx* fxquotient fxremainder fxabs fxsquare fxsqrt
          fx+/carry fx-/carry fx*/carry
          fxnot fxand fxior fxxor fxarithmetic-shift
          fxarithmetic-shift-left fxarithmetic-shift-right
          fxbit-count fxlength fxif fxbit-set? fxcopy-bit fxfirst-set-bit
          fxbit-field fxbit-field-rotate fxbit-field-reverse)
  (import (libscm)
          (only (srfi 141) balanced/)
          (only (srfi 151) bit-count bit-set? copy-bit first-set-bit
                bit-field bit-field-rotate bit-field-reverse))
  (begin

    (define fx-width 62)
    (define fx-greatest (- (expt 2 (- fx-width 1)) 1))
    (define fx-least (- (expt 2 (- fx-width 1))))

    (define (fixnum? obj)
      "#t if OBJ is an exact integer from fx-least to fx-greatest."
      (and (exact-integer? obj) (<= fx-least obj fx-greatest)))

    (define (not-fixnum who pos obj)
      (error (string-append who ": wrong type argument in position "
                            (number->string pos) " (expected fixnum)")
             obj))

    (define-syntax check
      (syntax-rules ()
        ((_ who (pos x) ...)
         (begin (if (not (fixnum? x)) (not-fixnum who pos x)) ...))))

    (define (check-all who xs)
      (let loop ((l xs) (pos 1))
        (if (pair? l)
            (begin (if (not (fixnum? (car l))) (not-fixnum who pos (car l)))
                   (loop (cdr l) (+ pos 1))))))

    ;; R, the result of WHO, if it is a fixnum.
    (define (result who r . args)
      (if (fixnum? r)
          r
          (apply error (string-append who ": result out of the fixnum range") r args)))

    ;; INDEX must be a bit index below fx-width.
    (define (check-index who pos index)
      (if (not (and (exact-integer? index) (<= 0 index (- fx-width 1))))
          (error (string-append who ": argument out of range in position "
                                (number->string pos)
                                " (expected a bit index from 0 to 61)")
                 index)))

    ;; ----------------------------------------------------------------
    ;; Predicates.

    (define-syntax define-comparison
      (syntax-rules ()
        ((_ name compare text)
         (define (name . is)
           text
           (check-all (symbol->string 'name) is)
           (apply compare is)))))

    (define-comparison fx=? = "(fx=? I ...): = on fixnums.")
    (define-comparison fx<? < "(fx<? I ...): < on fixnums.")
    (define-comparison fx>? > "(fx>? I ...): > on fixnums.")
    (define-comparison fx<=? <= "(fx<=? I ...): <= on fixnums.")
    (define-comparison fx>=? >= "(fx>=? I ...): >= on fixnums.")

    (define (fxzero? i)
      "Return #t if fixnum I is zero, else #f.  An error if I is not a
fixnum."
      (check "fxzero?" (1 i)) (zero? i))
    (define (fxpositive? i)
      "Return #t if fixnum I is greater than zero, else #f.  An error
if I is not a fixnum."
      (check "fxpositive?" (1 i)) (positive? i))
    (define (fxnegative? i)
      "Return #t if fixnum I is less than zero, else #f.  An error if
I is not a fixnum."
      (check "fxnegative?" (1 i)) (negative? i))
    (define (fxodd? i)
      "Return #t if fixnum I is odd, else #f.  An error if I is not a
fixnum."
      (check "fxodd?" (1 i)) (odd? i))
    (define (fxeven? i)
      "Return #t if fixnum I is even, else #f.  An error if I is not a
fixnum."
      (check "fxeven?" (1 i)) (even? i))

    (define (fxmax i . js)
      "The largest of the fixnums."
      (check-all "fxmax" (cons i js))
      (apply max i js))

    (define (fxmin i . js)
      "The smallest of the fixnums."
      (check-all "fxmin" (cons i js))
      (apply min i js))

    ;; ----------------------------------------------------------------
    ;; Arithmetic.

    (define (fx+ i j)
      "Return the sum of fixnums I and J.  An error if an argument is
not a fixnum or the sum is out of the fixnum range."
      (check "fx+" (1 i) (2 j)) (result "fx+" (+ i j) i j))
    (define (fx- i j)
      "Return the difference I - J of fixnums I and J.  An error if an
argument is not a fixnum or the result is out of the fixnum range."
      (check "fx-" (1 i) (2 j)) (result "fx-" (- i j) i j))
    (define (fx* i j)
      "Return the product of fixnums I and J.  An error if an argument
is not a fixnum or the product is out of the fixnum range."
      (check "fx*" (1 i) (2 j)) (result "fx*" (* i j) i j))
    (define (fxneg i)
      "Return the negation of fixnum I.  An error if I is not a fixnum
or is fx-least, whose negation is out of the range."
      (check "fxneg" (1 i)) (result "fxneg" (- i) i))
    (define (fxabs i)
      "Return the absolute value of fixnum I.  An error if I is not a
fixnum or is fx-least, whose absolute value is out of the range."
      (check "fxabs" (1 i)) (result "fxabs" (abs i) i))
    (define (fxsquare i)
      "Return the square of fixnum I.  An error if I is not a fixnum
or the square is out of the fixnum range."
      (check "fxsquare" (1 i)) (result "fxsquare" (* i i) i))

    (define (fxquotient i j)
      "Return the quotient of fixnums I and J, truncated towards zero.
An error if an argument is not a fixnum, J is zero, or the quotient is
out of the range (fx-least by -1)."
      (check "fxquotient" (1 i) (2 j))
      (if (zero? j) (error "fxquotient: division by zero" i j))
      (result "fxquotient" (quotient i j) i j))

    (define (fxremainder i j)
      "Return the remainder of fixnums I and J, with the sign of I (as
remainder).  An error if an argument is not a fixnum or J is zero."
      (check "fxremainder" (1 i) (2 j))
      (if (zero? j) (error "fxremainder: division by zero" i j))
      (remainder i j))

    (define (fxsqrt i)
      "Two values: the largest s with s*s <= I, and I - s*s."
      (check "fxsqrt" (1 i))
      (if (negative? i) (error "fxsqrt: a negative argument" i))
      (exact-integer-sqrt i))

    (define word (expt 2 fx-width))

    ;; S split as the SRFI says: (values remainder quotient) of
    ;; balanced/ by 2^fx-width.
    (define (carry s)
      (call-with-values (lambda () (balanced/ s word))
        (lambda (q r) (values r q))))

    (define (fx+/carry i j k)
      "The low and high fixnums of I + J + K."
      (check "fx+/carry" (1 i) (2 j) (3 k))
      (carry (+ i j k)))

    (define (fx-/carry i j k)
      "The low and high fixnums of I - J - K."
      (check "fx-/carry" (1 i) (2 j) (3 k))
      (carry (- i j k)))

    (define (fx*/carry i j k)
      "The low and high fixnums of I * J + K."
      (check "fx*/carry" (1 i) (2 j) (3 k))
      (carry (+ (* i j) k)))

    ;; ----------------------------------------------------------------
    ;; Bitwise operations.

    (define (fxnot i)
      "Return the bitwise complement of fixnum I, -1 - I.  An error if
I is not a fixnum."
      (check "fxnot" (1 i)) (bitwise-not i))

    (define-syntax define-bitwise
      (syntax-rules ()
        ((_ name op text)
         (define (name . is)
           text
           (check-all (symbol->string 'name) is)
           (apply op is)))))

    (define-bitwise fxand bitwise-and "(fxand I ...): bitwise and.")
    (define-bitwise fxior bitwise-ior "(fxior I ...): bitwise inclusive or.")
    (define-bitwise fxxor bitwise-xor "(fxxor I ...): bitwise exclusive or.")

    (define (check-count who count)
      (if (not (and (exact-integer? count) (< (abs count) fx-width)))
          (error (string-append who ": argument out of range in position 2 (expected a shift count of magnitude below 62)")
                 count)))

    (define (fxarithmetic-shift i count)
      "I shifted left by COUNT bits (right if COUNT is negative)."
      (check "fxarithmetic-shift" (1 i))
      (check-count "fxarithmetic-shift" count)
      (result "fxarithmetic-shift" (arithmetic-shift i count) i count))

    (define (fxarithmetic-shift-left i count)
      "I shifted left by the nonnegative COUNT."
      (check "fxarithmetic-shift-left" (1 i))
      (check-count "fxarithmetic-shift-left" count)
      (if (negative? count)
          (error "fxarithmetic-shift-left: a negative count" count))
      (result "fxarithmetic-shift-left" (arithmetic-shift i count) i count))

    (define (fxarithmetic-shift-right i count)
      "I shifted right by the nonnegative COUNT."
      (check "fxarithmetic-shift-right" (1 i))
      (check-count "fxarithmetic-shift-right" count)
      (if (negative? count)
          (error "fxarithmetic-shift-right: a negative count" count))
      (arithmetic-shift i (- count)))

    (define (fxbit-count i)
      "Return the number of 1 bits of fixnum I if it is non-negative,
of 0 bits if it is negative (as bit-count).  An error if I is not a
fixnum."
      (check "fxbit-count" (1 i)) (bit-count i))
    (define (fxlength i)
      "Return the number of bits needed to represent fixnum I in two's
complement, not counting the sign bit (as integer-length).  An error
if I is not a fixnum."
      (check "fxlength" (1 i)) (integer-length i))
    (define (fxfirst-set-bit i)
      "Return the index of the least significant 1 bit of fixnum I, or
-1 if I is zero.  An error if I is not a fixnum."
      (check "fxfirst-set-bit" (1 i)) (first-set-bit i))

    (define (fxif mask i j)
      "The bits of I where MASK has ones, of J elsewhere."
      (check "fxif" (1 mask) (2 i) (3 j))
      (bitwise-ior (bitwise-and mask i) (bitwise-and (bitwise-not mask) j)))

    (define (fxbit-set? index i)
      "#t if bit INDEX of I is set.  An INDEX past the width is allowed
(it reads the sign), as the SRFI's tests expect."
      (if (not (and (exact-integer? index) (>= index 0)))
          (error "fxbit-set?: wrong type argument in position 1 (expected nonnegative exact integer)"
                 index))
      (check "fxbit-set?" (2 i))
      (bit-set? index i))

    (define (fxcopy-bit index i boolean)
      "I with bit INDEX set if BOOLEAN is true, cleared otherwise."
      (check-index "fxcopy-bit" 1 index)
      (check "fxcopy-bit" (2 i))
      (result "fxcopy-bit" (copy-bit index i boolean) index i))

    ;; START and END must make a bit field of a fixnum.
    (define (check-field who start end)
      (check-index who 2 start)
      (if (not (and (exact-integer? end) (<= start end fx-width)))
          (error (string-append who ": argument out of range in position 3") end)))

    (define (fxbit-field i start end)
      "The bits of I from START (inclusive) to END (exclusive), shifted
down."
      (check "fxbit-field" (1 i))
      (check-field "fxbit-field" start end)
      (bit-field i start end))

    (define (fxbit-field-rotate i count start end)
      "I with its bits from START to END rotated left by COUNT."
      (check "fxbit-field-rotate" (1 i))
      (if (not (exact-integer? count))
          (error "fxbit-field-rotate: wrong type argument in position 2 (expected exact integer)" count))
      (check-index "fxbit-field-rotate" 3 start)
      (if (not (and (exact-integer? end) (<= start end fx-width)))
          (error "fxbit-field-rotate: argument out of range in position 4" end))
      (result "fxbit-field-rotate" (bit-field-rotate i count start end) i))

    (define (fxbit-field-reverse i start end)
      "I with the order of its bits from START to END reversed."
      (check "fxbit-field-reverse" (1 i))
      (check-field "fxbit-field-reverse" start end)
      (result "fxbit-field-reverse" (bit-field-reverse i start end) i))))
