;;; 151.sld -- SRFI 151, Bitwise Operations
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Exact integers as semi-infinite two's complement bit strings.  The
;;; core operations are C primitives of libscm (libscm/bitwise.c) and
;;; are re-exported: bitwise-not bitwise-and bitwise-ior bitwise-xor
;;; arithmetic-shift bit-count integer-length bit-set? any-bit-set?
;;; first-set-bit bit-field.  The rest is defined here on top of them.
;;;
;;; Every procedure checks its arguments and names itself in the error.
;;; Until libscm has bignums, a result outside the fixnum range raises
;;; an implementation-restriction error; the procedures below take care
;;; that no intermediate value overflows when the result fits (negative
;;; integers go through their complement where that is needed), so the
;;; error means the result itself is too big.  That error may name the
;;; primitive (ash, bit-field) in which the overflow was detected.

;;; Code:

(define-library (srfi 151)
  (export bitwise-not bitwise-and bitwise-ior bitwise-xor bitwise-eqv
          bitwise-nand bitwise-nor bitwise-andc1 bitwise-andc2
          bitwise-orc1 bitwise-orc2
          arithmetic-shift bit-count integer-length bitwise-if
          bit-set? copy-bit bit-swap any-bit-set? every-bit-set?
          first-set-bit
          bit-field bit-field-any? bit-field-every? bit-field-clear
          bit-field-set bit-field-replace bit-field-replace-same
          bit-field-rotate bit-field-reverse
          bits->list list->bits bits->vector vector->bits bits
          bitwise-fold bitwise-for-each bitwise-unfold
          make-bitwise-generator)
  (import (libscm))
  (begin

    ;; ----------------------------------------------------------------
    ;; Argument checks, with the messages of libscm's C primitives.

    (define (bad-argument who what pos obj)
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
          (bad-argument who "argument out of range" pos x)))

    (define (check-procedure who pos x)
      (if (not (procedure? x))
          (error (string-append (symbol->string who)
                                ": wrong type argument in position "
                                (number->string pos)
                                " (expected procedure)")
                 x)))

    (define (check-boolean who pos x)
      (if (not (boolean? x))
          (error (string-append (symbol->string who)
                                ": wrong type argument in position "
                                (number->string pos)
                                " (expected boolean)")
                 x)))

    ;; I, START and END, arguments POS, POS+1 and POS+2 of WHO: an
    ;; integer and the bounds of a field, START <= END.
    (define (check-field who pos i start end)
      (check-integer who pos i)
      (check-index who (+ pos 1) start)
      (check-index who (+ pos 2) end)
      (if (< end start)
          (bad-argument who "argument out of range" (+ pos 2) end)))

    ;; ----------------------------------------------------------------
    ;; Basic operations.

    (define (bitwise-eqv . is)
      "Return the bitwise equivalence (the complement of the exclusive
or) of the exact integers IS folded from the left: -1 for none, I
itself for one.  An error if an argument is not an exact integer."
      ;; eqv is associative: (eqv a (eqv b c)) is (xor a b c), and each
      ;; further argument flips the result once more.
      (let loop ((is is) (pos 1) (acc 0) (even #t))
        (cond ((null? is) (if even (lognot acc) acc))
              (else (check-integer 'bitwise-eqv pos (car is))
                    (loop (cdr is) (+ pos 1) (logxor acc (car is))
                          (not even))))))

    (define-syntax define-dyadic
      (syntax-rules ()
        ((_ name (i j) doc body)
         (define (name i j)
           doc
           (check-integer 'name 1 i)
           (check-integer 'name 2 j)
           body))))

    (define-dyadic bitwise-nand (i j)
      "Return the bitwise NAND of exact integers I and J: (bitwise-not
(bitwise-and I J)).  An error if I or J is not an exact integer."
      (lognot (logand i j)))
    (define-dyadic bitwise-nor (i j)
      "Return the bitwise NOR of exact integers I and J: (bitwise-not
(bitwise-ior I J)).  An error if I or J is not an exact integer."
      (lognot (logior i j)))
    (define-dyadic bitwise-andc1 (i j)
      "Return the bitwise AND of the complement of exact integer I and
exact integer J.  An error if I or J is not an exact integer."
      (logand (lognot i) j))
    (define-dyadic bitwise-andc2 (i j)
      "Return the bitwise AND of exact integer I and the complement of
exact integer J.  An error if I or J is not an exact integer."
      (logand i (lognot j)))
    (define-dyadic bitwise-orc1 (i j)
      "Return the bitwise OR of the complement of exact integer I and
exact integer J.  An error if I or J is not an exact integer."
      (logior (lognot i) j))
    (define-dyadic bitwise-orc2 (i j)
      "Return the bitwise OR of exact integer I and the complement of
exact integer J.  An error if I or J is not an exact integer."
      (logior i (lognot j)))

    (define (bitwise-if mask i j)
      "Return the exact integer whose bits are those of I where MASK
has a 1 and those of J where it has a 0.  An error if an argument is
not an exact integer."
      (check-integer 'bitwise-if 1 mask)
      (check-integer 'bitwise-if 2 i)
      (check-integer 'bitwise-if 3 j)
      (logior (logand mask i) (logand (lognot mask) j)))

    ;; ----------------------------------------------------------------
    ;; Single bits.

    ;; I with bit INDEX set to B, unchecked.
    (define (set-bit index i b)
      (cond ((eq? (logbit? index i) b) i)
            (else (logxor i (ash 1 index)))))

    (define (copy-bit index i b)
      "Return exact integer I with the bit at INDEX (0 the least
significant) set if B is #t, cleared if it is #f.  An error if INDEX
is not a non-negative exact integer or B not a boolean."
      (check-index 'copy-bit 1 index)
      (check-integer 'copy-bit 2 i)
      (check-boolean 'copy-bit 3 b)
      (set-bit index i b))

    (define (bit-swap index1 index2 i)
      "Return exact integer I with its bits at INDEX1 and INDEX2
exchanged.  An error if an index is not a non-negative exact integer."
      (check-index 'bit-swap 1 index1)
      (check-index 'bit-swap 2 index2)
      (check-integer 'bit-swap 3 i)
      (let ((b1 (logbit? index1 i)) (b2 (logbit? index2 i)))
        (if (eq? b1 b2)
            i
            (set-bit index2 (set-bit index1 i b2) b1))))

    (define (every-bit-set? test-bits i)
      "Return #t if every bit that is 1 in TEST-BITS is 1 in I, else
#f.  An error if an argument is not an exact integer."
      (check-integer 'every-bit-set? 1 test-bits)
      (check-integer 'every-bit-set? 2 i)
      (= test-bits (logand test-bits i)))

    ;; ----------------------------------------------------------------
    ;; Fields.  Bits 61 and up of a fixnum all equal its sign, which is
    ;; what lets a negative integer be handled through its complement.

    ;; #t if bits START to END of I are all 0.
    (define (field-zero? i start end)
      (cond ((= start end) #t)
            ;; A negative I has 1s from bit (integer-length I) up.
            ((negative? i) (and (<= end (integer-length i))
                                (zero? (bit-field i start end))))
            (else (zero? (bit-field i start end)))))

    (define (bit-field-any? i start end)
      "Return #t if any bit of exact integer I from index START up to
(not including) END is 1, else #f.  An error if START and END are not
non-negative exact integers with START <= END."
      (check-field 'bit-field-any? 1 i start end)
      (not (field-zero? i start end)))

    (define (bit-field-every? i start end)
      "Return #t if every bit of exact integer I from index START up
to (not including) END is 1, else #f.  An error if START and END are
not non-negative exact integers with START <= END."
      (check-field 'bit-field-every? 1 i start end)
      (field-zero? (lognot i) start end))

    ;; I with bits START to END cleared, unchecked: the part above END
    ;; plus the part below START.
    (define (clear-field i start end)
      (if (= start end)
          i
          (+ (ash (ash i (- end)) end) (bit-field i 0 start))))

    (define (bit-field-clear i start end)
      "Return exact integer I with its bits from index START up to
(not including) END cleared to 0.  An error if START and END are not
non-negative exact integers with START <= END."
      (check-field 'bit-field-clear 1 i start end)
      (clear-field i start end))

    (define (bit-field-set i start end)
      "Return exact integer I with its bits from index START up to
(not including) END set to 1.  An error if START and END are not
non-negative exact integers with START <= END."
      (check-field 'bit-field-set 1 i start end)
      (lognot (clear-field (lognot i) start end)))

    ;; DEST with bits START to END replaced by the low END - START bits
    ;; of SOURCE, unchecked.  Each bit of the result is a bit of DEST or
    ;; of SOURCE, so complementing both complements the result: that
    ;; keeps DEST non-negative, whose cleared form always fits.
    (define (replace-field dest source start end)
      (if (negative? dest)
          (lognot (replace-field (lognot dest) (lognot source) start end))
          (+ (clear-field dest start end)
             (ash (bit-field source 0 (- end start)) start))))

    (define (bit-field-replace dest source start end)
      "Return exact integer DEST with its bits from index START up to
(not including) END replaced by the low END - START bits of SOURCE.
An error if START and END are not non-negative exact integers with
START <= END."
      (check-integer 'bit-field-replace 1 dest)
      (check-field 'bit-field-replace 2 source start end)
      (replace-field dest source start end))

    (define (bit-field-replace-same dest source start end)
      "Return exact integer DEST with its bits from index START up to
(not including) END replaced by the bits of SOURCE at the same
indexes.  An error if START and END are not non-negative exact
integers with START <= END."
      (check-integer 'bit-field-replace-same 1 dest)
      (check-field 'bit-field-replace-same 2 source start end)
      (replace-field dest (ash source (- start)) start end))

    ;; The low WIDTH bits of non-negative F rotated by COUNT toward the
    ;; high end.
    (define (rotate-bits f count width)
      (let ((c (floor-remainder count width)))
        (logior (ash (bit-field f 0 (- width c)) c)
                (ash f (- c width)))))

    ;; I with bits START to END permuted by (PERMUTE FIELD WIDTH), for a
    ;; PERMUTE that moves bits around and neither adds nor drops any.
    (define (permute-field i start end permute)
      (cond ((= start end) i)
            ((negative? i)
             (lognot (permute-field (lognot i) start end permute)))
            (else
             (replace-field i (permute (bit-field i start end) (- end start))
                            start end))))

    (define (bit-field-rotate i count start end)
      "Return exact integer I with its bits from index START up to
(not including) END rotated by COUNT towards the more significant end
(a negative COUNT rotates the other way).  An error if START and END
are not non-negative exact integers with START <= END."
      (check-integer 'bit-field-rotate 1 i)
      (check-integer 'bit-field-rotate 2 count)
      (check-index 'bit-field-rotate 3 start)
      (check-index 'bit-field-rotate 4 end)
      (if (< end start)
          (bad-argument 'bit-field-rotate "argument out of range" 4 end))
      (permute-field i start end
                     (lambda (f width) (rotate-bits f count width))))

    ;; The low WIDTH bits of non-negative F in reverse order: bit K goes
    ;; to bit WIDTH - 1 - K.  Loops over F's own bits only.
    (define (reverse-bits f width)
      (let loop ((f f) (k (- width 1)) (acc 0))
        (if (zero? f)
            acc
            (loop (ash f -1) (- k 1)
                  (if (odd? f) (logior acc (ash 1 k)) acc)))))

    (define (bit-field-reverse i start end)
      "Return exact integer I with the order of its bits from index
START up to (not including) END reversed.  An error if START and END
are not non-negative exact integers with START <= END."
      (check-field 'bit-field-reverse 1 i start end)
      (permute-field i start end reverse-bits))

    ;; ----------------------------------------------------------------
    ;; Bits as booleans, bit 0 first.

    (define (bit-length who i len)
      (check-integer who 1 i)
      (cond ((null? len) (integer-length i))
            ((null? (cdr len)) (check-index who 2 (car len)) (car len))
            (else (error (string-append (symbol->string who)
                                        ": too many arguments")
                         (cons i len)))))

    (define (bits->list i . len)
      "Return a list of the bits of exact integer I as booleans, the
least significant first: LEN of them if LEN is given, else
(integer-length I)."
      (let loop ((k (- (bit-length 'bits->list i len) 1)) (acc '()))
        (if (< k 0)
            acc
            (loop (- k 1) (cons (logbit? k i) acc)))))

    (define (bits->vector i . len)
      "Return a vector of the bits of exact integer I as booleans, the
least significant first: LEN of them if LEN is given, else
(integer-length I)."
      (let* ((n (bit-length 'bits->vector i len))
             (v (make-vector n #f)))
        (do ((k 0 (+ k 1))) ((= k n) v)
          (vector-set! v k (logbit? k i)))))

    ;; The integer whose bit K is the Kth element of list BOOLS, for
    ;; WHO.  A non-boolean is an error about argument 1, OBJ (the list
    ;; or vector that BOOLS came from, EXPECTED what it should be), or
    ;; if OBJ is #f about the non-boolean itself, argument K + 1.
    (define (booleans->bits who bools obj expected)
      (let loop ((bs bools) (k 0) (acc 0))
        (cond ((null? bs) acc)
              ((boolean? (car bs))
               (loop (cdr bs) (+ k 1) (if (car bs) (logior acc (ash 1 k)) acc)))
              (obj (error (string-append (symbol->string who)
                                         ": wrong type argument in position 1"
                                         " (expected " expected ")")
                          obj))
              (else (check-boolean who (+ k 1) (car bs))))))

    (define (list->bits list)
      "Return the non-negative exact integer whose bits, the least
significant first, are the booleans of LIST (#t for 1).  An error if
LIST is not a list of booleans."
      (booleans->bits 'list->bits (if (list? list) list '(none))
                      list "list of booleans"))

    (define (vector->bits vector)
      "Return the non-negative exact integer whose bits, the least
significant first, are the booleans of VECTOR (#t for 1).  An error if
VECTOR is not a vector of booleans."
      (booleans->bits 'vector->bits
                      (if (vector? vector) (vector->list vector) '(none))
                      vector "vector of booleans"))

    (define (bits . bools)
      "Return the non-negative exact integer whose bits, the least
significant first, are the BOOLS (#t for 1).  An error if an argument
is not a boolean."
      (booleans->bits 'bits bools #f #f))

    ;; ----------------------------------------------------------------
    ;; Fold, unfold and generate.

    (define (bitwise-fold proc seed i)
      "Return the result of calling (PROC BIT ACC) on the
(integer-length I) bits of exact integer I as booleans, the least
significant first, ACC SEED at first and then the result of the call
before."
      (check-procedure 'bitwise-fold 1 proc)
      (check-integer 'bitwise-fold 3 i)
      (let ((n (integer-length i)))
        (let loop ((k 0) (acc seed))
          (if (= k n)
              acc
              (loop (+ k 1) (proc (logbit? k i) acc))))))

    (define (bitwise-for-each proc i)
      "Call (PROC BIT) on the (integer-length I) bits of exact integer
I as booleans, the least significant first."
      (check-procedure 'bitwise-for-each 1 proc)
      (check-integer 'bitwise-for-each 2 i)
      (let ((n (integer-length i)))
        (do ((k 0 (+ k 1))) ((= k n))
          (proc (logbit? k i)))))

    (define (bitwise-unfold stop? mapper successor seed)
      "Return the non-negative exact integer whose bit K is set if
(MAPPER STATE) is true, STATE SEED for K = 0 and (SUCCESSOR STATE) for
each next K, until (STOP? STATE) is true."
      (check-procedure 'bitwise-unfold 1 stop?)
      (check-procedure 'bitwise-unfold 2 mapper)
      (check-procedure 'bitwise-unfold 3 successor)
      (let loop ((state seed) (k 0) (acc 0))
        (if (stop? state)
            acc
            (loop (successor state) (+ k 1)
                  (if (mapper state) (logior acc (ash 1 k)) acc)))))

    (define (make-bitwise-generator i)
      "Return an infinite generator of the bits of exact integer I as
booleans, the least significant first (#t forever after the last 1 of
a negative I)."
      (check-integer 'make-bitwise-generator 1 i)
      (let ((k 0))
        (lambda ()
          (let ((b (logbit? k i)))
            (set! k (+ k 1))
            b))))))
