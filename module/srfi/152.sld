;;; 152.sld -- SRFI 152, the string library (reduced)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; SRFI 152 keeps SRFI 13's meanings for the names the two share, so
;;; they are the core's bindings (the prelude), the same that (srfi 13)
;;; and (scheme base) export: the libraries can be imported together.
;;; string-split (by a delimiter string), string-contains-right and
;;; string-replicate are (srfi 130)'s.  string-map, like the core's,
;;; accepts a procedure that returns strings as well as characters.
;;; A character or char-set works where a predicate is asked for.

;;; Code:

(define-library (srfi 152)
  (export
   string? string-null? string-every string-any
   make-string string string-tabulate string-unfold string-unfold-right
   string->vector string->list vector->string list->string
   reverse-list->string
   string-length string-ref substring string-copy
   string-take string-take-right string-drop string-drop-right
   string-pad string-pad-right string-trim string-trim-right
   string-trim-both
   string-replace
   string=? string-ci=? string<? string-ci<? string>? string-ci>?
   string<=? string-ci<=? string>=? string-ci>=?
   string-prefix-length string-suffix-length string-prefix? string-suffix?
   string-index string-index-right string-skip string-skip-right
   string-contains string-contains-right
   string-take-while string-take-while-right
   string-drop-while string-drop-while-right string-break string-span
   string-append string-concatenate string-concatenate-reverse string-join
   string-fold string-fold-right string-map string-for-each
   string-map-index string-for-each-index string-count
   string-filter string-remove
   string-replicate string-segment string-split
   read-string write-string
   string-set! string-fill! string-copy!)
  (import (except (libscm) string-split)
          (only (srfi 130) string-contains-right string-replicate
                string-split string-remove))
  (begin
    ;; The index of the first character from the left (or right) of the
    ;; range that PRED does not accept, or the end (or start).
    (define (%span-end s pred range who)
      (or (%string-search s pred range 2 who) (%substring-end s range)))

    (define (%span-start s pred range who)
      (let ((i (%string-search s pred range 3 who)))
        (if i (+ i 1) (%substring-start s range who 1 3))))

    (define (string-take-while s pred . range)
      "Return the longest prefix of the range START END (default all)
of string S whose characters PRED accepts (a predicate, a character or
a char-set)."
      (substring s (%substring-start s range 'string-take-while 1 3)
                 (%span-end s pred range 'string-take-while)))

    (define (string-drop-while s pred . range)
      "Return the range START END (default all) of string S without
its longest prefix whose characters PRED accepts (a predicate, a
character or a char-set)."
      (substring s (%span-end s pred range 'string-drop-while)
                 (%substring-end s range)))

    (define (string-take-while-right s pred . range)
      "Return the longest suffix of the range START END (default all)
of string S whose characters PRED accepts (a predicate, a character or
a char-set)."
      (substring s (%span-start s pred range 'string-take-while-right)
                 (%substring-end s range)))

    (define (string-drop-while-right s pred . range)
      "Return the range START END (default all) of string S without
its longest suffix whose characters PRED accepts (a predicate, a
character or a char-set)."
      (substring s (%substring-start s range 'string-drop-while-right 1 3)
                 (%span-start s pred range 'string-drop-while-right)))

    (define (string-span s pred . range)
      "Return two values: the longest prefix of the range START END
(default all) of string S whose characters PRED accepts (a predicate,
a character or a char-set), and the rest of the range."
      (let ((start (%substring-start s range 'string-span 1 3))
            (end (%substring-end s range))
            (i (%span-end s pred range 'string-span)))
        (values (substring s start i) (substring s i end))))

    (define (string-break s pred . range)
      "Return two values: the longest prefix of the range START END
(default all) of string S whose characters PRED does not accept (a
predicate, a character or a char-set), and the rest of the range."
      (let ((start (%substring-start s range 'string-break 1 3))
            (end (%substring-end s range))
            (i (or (%string-search s pred range 0 'string-break)
                   (%substring-end s range))))
        (values (substring s start i) (substring s i end))))

    ;; (string-map-index proc s [start end]): the concatenation of the
    ;; characters or strings PROC returns for the indexes of the range.
    (define (string-map-index proc s . range)
      "Return the concatenation of the characters or strings that
(PROC I) returns for each index I of the range START END (default all)
of string S, in order.  An error if PROC returns anything else."
      (%check-procedure 'string-map-index 1 proc)
      (let ((start (%substring-start s range 'string-map-index 2 3))
            (end (%substring-end s range)))
        (let loop ((i (- end 1)) (acc '()))
          (if (< i start)
              (string-concatenate acc)
              (let ((x (proc i)))
                (loop (- i 1)
                      (cons (cond ((char? x) (string x))
                                  ((string? x) x)
                                  (else (%hash-error 'string-map-index 1 proc
                                                     "procedure returning characters or strings")))
                            acc)))))))

    ;; (string-segment s k): the consecutive substrings of length K.
    (define (string-segment s k)
      "Return the list of the consecutive substrings of length K of
string S, the last shorter if K does not divide its length; () for an
empty S.  An error if K is not an exact positive integer."
      (if (not (string? s)) (%hash-error 'string-segment 1 s "string"))
      (if (not (and (exact-integer? k) (> k 0)))
          (%hash-error 'string-segment 2 k "exact positive integer"))
      (let ((len (string-length s)))
        (let loop ((i 0) (acc '()))
          (if (>= i len)
              (reverse! acc)
              (loop (+ i k) (cons (substring s i (min len (+ i k))) acc))))))))
