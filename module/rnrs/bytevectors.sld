;;; bytevectors.sld -- (rnrs bytevectors), R6RS bytevectors as Guile has them
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The R6RS library (R6RS Standard Libraries, chapter 2) over the
;;; core's bytevector primitives (bytevectors.c), which already give the
;;; endianness syntax, native-endianness, the u8/s8, 16-, 32- and 64-bit
;;; and IEEE accessors with their -native- forms, and
;;; bytevector-uint-ref & co.  What is defined here:
;;;
;;; - bytevector-copy! with R6RS's argument order (SOURCE SOURCE-START
;;;   TARGET TARGET-START COUNT), which Guile's core uses too; R7RS's
;;;   (scheme base) has (bytevector-copy! TO AT FROM [START END]).  A
;;;   library that imports both must choose one, with (except ...) or
;;;   (prefix ...): importing the two is an error naming the name.
;;;   Every other name is the core's binding, which (scheme base) shares
;;;   (make-bytevector and bytevector-fill! take an s8 fill, -128 to
;;;   255, as R6RS says);
;;; - bytevector->uint-list, bytevector->sint-list, uint-list->bytevector,
;;;   sint-list->bytevector;
;;; - string->utf16, string->utf32, utf16->string, utf32->string: the
;;;   endianness is optional and big by default, as in Guile; the
;;;   decoders take R6RS's optional ENDIANNESS-MANDATORY: unless it is
;;;   true, a byte-order mark first decides the endianness and is
;;;   dropped.  Invalid code units decode to U+FFFD, as R6RS says.

;;; Code:

(define-library (rnrs bytevectors)
  (export endianness native-endianness
          bytevector? make-bytevector bytevector-length bytevector=?
          bytevector-fill! bytevector-copy! bytevector-copy
          bytevector-u8-ref bytevector-s8-ref bytevector-u8-set!
          bytevector-s8-set! bytevector->u8-list u8-list->bytevector
          bytevector-uint-ref bytevector-sint-ref bytevector-uint-set!
          bytevector-sint-set! bytevector->uint-list bytevector->sint-list
          uint-list->bytevector sint-list->bytevector
          bytevector-u16-ref bytevector-s16-ref bytevector-u16-set!
          bytevector-s16-set! bytevector-u16-native-ref
          bytevector-s16-native-ref bytevector-u16-native-set!
          bytevector-s16-native-set!
          bytevector-u32-ref bytevector-s32-ref bytevector-u32-set!
          bytevector-s32-set! bytevector-u32-native-ref
          bytevector-s32-native-ref bytevector-u32-native-set!
          bytevector-s32-native-set!
          bytevector-u64-ref bytevector-s64-ref bytevector-u64-set!
          bytevector-s64-set! bytevector-u64-native-ref
          bytevector-s64-native-ref bytevector-u64-native-set!
          bytevector-s64-native-set!
          bytevector-ieee-single-native-ref bytevector-ieee-single-ref
          bytevector-ieee-double-native-ref bytevector-ieee-double-ref
          bytevector-ieee-single-native-set! bytevector-ieee-single-set!
          bytevector-ieee-double-native-set! bytevector-ieee-double-set!
          string->utf8 string->utf16 string->utf32
          utf8->string utf16->string utf32->string)
  (import (rename (libscm) (bytevector-copy! r7rs-bytevector-copy!)))
  (begin

    (define (wrong-type who pos expected obj)
      (error (string-append who ": wrong type argument in position "
                            (number->string pos) " (expected " expected ")")
             obj))

    (define (out-of-range who pos obj)
      (error (string-append who ": argument out of range in position "
                            (number->string pos))
             obj))

    (define (bytevector-copy! source source-start target target-start count)
      "Copy COUNT bytes of SOURCE from SOURCE-START into TARGET at
TARGET-START (R6RS's order; the two may overlap)."
      (if (not (and (exact-integer? count) (>= count 0)))
          (wrong-type "bytevector-copy!" 5 "nonnegative exact integer" count))
      (if (not (exact-integer? source-start))
          (wrong-type "bytevector-copy!" 2 "exact integer" source-start))
      (r7rs-bytevector-copy! target target-start source source-start
                             (+ source-start count)))

    ;; The integers of SIZE bytes that fill BV, in endianness E, read
    ;; with REF.
    (define (bytevector->int-list who ref bv e size)
      (if (not (bytevector? bv)) (wrong-type who 1 "bytevector" bv))
      (if (not (and (exact-integer? size) (> size 0)))
          (wrong-type who 3 "positive exact integer" size))
      (let ((n (bytevector-length bv)))
        (if (not (zero? (remainder n size)))
            (error (string-append who ": the length is not a multiple of the size")
                   n size))
        (let loop ((k (- n size)) (acc '()))
          (if (< k 0)
              acc
              (loop (- k size) (cons (ref bv k e size) acc))))))

    (define (bytevector->uint-list bv e size)
      "The unsigned integers of SIZE bytes, in endianness E, that make
up BV (whose length must be a multiple of SIZE)."
      (bytevector->int-list "bytevector->uint-list" bytevector-uint-ref
                            bv e size))

    (define (bytevector->sint-list bv e size)
      "The signed integers of SIZE bytes, in endianness E, that make up
BV (whose length must be a multiple of SIZE)."
      (bytevector->int-list "bytevector->sint-list" bytevector-sint-ref
                            bv e size))

    (define (int-list->bytevector who set list e size)
      (if (not (list? list)) (wrong-type who 1 "proper list" list))
      (if (not (and (exact-integer? size) (> size 0)))
          (wrong-type who 3 "positive exact integer" size))
      (let ((bv (make-bytevector (* size (length list)) 0)))
        (let loop ((l list) (k 0))
          (if (pair? l)
              (begin (set bv k (car l) e size)
                     (loop (cdr l) (+ k size)))
              bv))))

    (define (uint-list->bytevector list e size)
      "A bytevector of the unsigned integers of LIST, each SIZE bytes in
endianness E."
      (int-list->bytevector "uint-list->bytevector" bytevector-uint-set!
                            list e size))

    (define (sint-list->bytevector list e size)
      "A bytevector of the signed integers of LIST, each SIZE bytes in
endianness E."
      (int-list->bytevector "sint-list->bytevector" bytevector-sint-set!
                            list e size))

    ;; ----------------------------------------------------------------
    ;; UTF-16 and UTF-32.

    (define (check-endianness who pos e)
      (if (not (memq e '(big little)))
          (wrong-type who pos "endianness (big or little)" e)))

    ;; The endianness argument of an encoder: optional, big by default.
    (define (encoder-endianness who opt)
      (if (null? opt)
          'big
          (begin (check-endianness who 2 (car opt)) (car opt))))

    (define (string->utf16 s . e)
      "(string->utf16 S [E]): the UTF-16 encoding of string S in
endianness E (big by default), without a byte-order mark."
      (if (not (string? s)) (wrong-type "string->utf16" 1 "string" s))
      (let* ((e (encoder-endianness "string->utf16" e))
             (units (string-fold-units s))
             (bv (make-bytevector (* 2 (length units)) 0)))
        (let loop ((l units) (k 0))
          (if (pair? l)
              (begin (bytevector-u16-set! bv k (car l) e)
                     (loop (cdr l) (+ k 2)))
              bv))))

    ;; The UTF-16 code units of S, in order.
    (define (string-fold-units s)
      (let loop ((i (- (string-length s) 1)) (acc '()))
        (if (< i 0)
            acc
            (let ((c (char->integer (string-ref s i))))
              (loop (- i 1)
                    (if (< c #x10000)
                        (cons c acc)
                        (let ((v (- c #x10000)))
                          (cons (+ #xD800 (quotient v 1024))
                                (cons (+ #xDC00 (remainder v 1024)) acc)))))))))

    (define (string->utf32 s . e)
      "(string->utf32 S [E]): the UTF-32 encoding of string S in
endianness E (big by default), without a byte-order mark."
      (if (not (string? s)) (wrong-type "string->utf32" 1 "string" s))
      (let* ((e (encoder-endianness "string->utf32" e))
             (n (string-length s))
             (bv (make-bytevector (* 4 n) 0)))
        (do ((i 0 (+ i 1))) ((= i n) bv)
          (bytevector-u32-set! bv (* 4 i) (char->integer (string-ref s i)) e))))

    ;; The decoders' endianness and where the text starts: a byte-order
    ;; mark (the code unit BOM read big-endian, or its swap) decides
    ;; unless MANDATORY.
    (define (decoder-start who bv opt width bom-big bom-little ref)
      (if (not (bytevector? bv)) (wrong-type who 1 "bytevector" bv))
      (let* ((e (if (pair? opt) (car opt) 'big))
             (mandatory (and (pair? opt) (pair? (cdr opt)) (cadr opt))))
        (check-endianness who 2 e)
        (if (or mandatory (< (bytevector-length bv) width))
            (values e 0)
            (let ((first (ref bv 0 'big)))
              (cond ((= first bom-big) (values 'big width))
                    ((= first bom-little) (values 'little width))
                    (else (values e 0)))))))

    (define (utf16->string bv . opt)
      "(utf16->string BV [E [ENDIANNESS-MANDATORY]]): the string that
BV holds in UTF-16, endianness E (big by default) unless a byte-order
mark says otherwise and ENDIANNESS-MANDATORY is false.  Unpaired
surrogates and an odd last byte decode to U+FFFD."
      (call-with-values
          (lambda () (decoder-start "utf16->string" bv opt 2 #xFEFF #xFFFE
                                    bytevector-u16-ref))
        (lambda (e start)
          (let ((n (bytevector-length bv))
                (out (open-output-string)))
            (let loop ((k start))
              (cond
               ((>= k n) (get-output-string out))
               ((= k (- n 1))
                (write-char #\xFFFD out)
                (get-output-string out))
               (else
                (let ((u (bytevector-u16-ref bv k e)))
                  (cond
                   ((and (<= #xD800 u #xDBFF) (<= (+ k 4) n)
                         (<= #xDC00 (bytevector-u16-ref bv (+ k 2) e) #xDFFF))
                    (let ((low (bytevector-u16-ref bv (+ k 2) e)))
                      (write-char (integer->char
                                   (+ #x10000 (* (- u #xD800) 1024)
                                      (- low #xDC00)))
                                  out)
                      (loop (+ k 4))))
                   ((<= #xD800 u #xDFFF)
                    (write-char #\xFFFD out)
                    (loop (+ k 2)))
                   (else
                    (write-char (integer->char u) out)
                    (loop (+ k 2))))))))))))

    (define (utf32->string bv . opt)
      "(utf32->string BV [E [ENDIANNESS-MANDATORY]]): the string that
BV holds in UTF-32, endianness E (big by default) unless a byte-order
mark says otherwise and ENDIANNESS-MANDATORY is false.  Values that are
no scalar value, and a partial last unit, decode to U+FFFD."
      (call-with-values
          (lambda () (decoder-start "utf32->string" bv opt 4 #xFEFF #xFFFE0000
                                    bytevector-u32-ref))
        (lambda (e start)
          (let ((n (bytevector-length bv))
                (out (open-output-string)))
            (let loop ((k start))
              (cond
               ((>= k n) (get-output-string out))
               ((> (+ k 4) n)
                (write-char #\xFFFD out)
                (get-output-string out))
               (else
                (let ((u (bytevector-u32-ref bv k e)))
                  (write-char (if (or (<= #xD800 u #xDFFF) (> u #x10FFFF))
                                  #\xFFFD
                                  (integer->char u))
                              out)
                  (loop (+ k 4))))))))))))
