;;; 130.sld -- SRFI 130, the cursor-based string library
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; libscm's strings are arrays of characters (string-ref is O(1)), so
;;; a cursor is its index, as SRFI 130 allows: string-cursor? is true
;;; of every exact nonnegative integer and the conversions between
;;; cursors and indexes return their argument.  The procedures whose
;;; meaning is SRFI 13's are the core's bindings (the prelude), so
;;; that importing this library with (srfi 13) or (scheme base) binds
;;; them once; the search procedures string-index, string-index-right,
;;; string-skip and string-skip-right differ (they return the end, or
;;; for the right-to-left ones the start, instead of #f, and the
;;; right-to-left ones the cursor after the match) and are this
;;; library's own.  string-split (by a delimiter string, with a
;;; grammar and a limit), string-contains-right and string-replicate
;;; are shared with (srfi 152).  A character or char-set works where a
;;; predicate is asked for.

;;; Code:

(define-library (srfi 130)
  (export
   string-cursor? string-cursor-start string-cursor-end
   string-cursor-next string-cursor-prev
   string-cursor-forward string-cursor-back
   string-cursor=? string-cursor<? string-cursor>?
   string-cursor<=? string-cursor>=? string-cursor-diff
   string-cursor->index string-index->cursor
   string-null? string-every string-any
   string-tabulate string-unfold string-unfold-right
   string->list/cursors string->vector/cursors
   reverse-list->string string-join
   string-ref/cursor substring/cursors string-copy/cursors
   string-take string-take-right string-drop string-drop-right
   string-pad string-pad-right
   string-trim string-trim-right string-trim-both
   string-prefix-length string-suffix-length string-prefix? string-suffix?
   string-index string-index-right string-skip string-skip-right
   string-contains string-contains-right
   string-reverse string-concatenate string-concatenate-reverse
   string-fold string-fold-right string-for-each-cursor
   string-replicate string-count string-replace string-split
   string-filter string-remove)
  (import (except (libscm) string-index string-index-right string-skip
                  string-skip-right string-split))
  (begin
    (define (string-cursor? obj)
      "Return #t if OBJ is a string cursor, which in libscm is an
exact non-negative integer (an index), else #f."
      (and (exact-integer? obj) (>= obj 0)))

    (define (%check-string s who)
      (if (not (string? s)) (%hash-error who 1 s "string")))

    ;; CURSOR (argument POS of WHO), checked against S.
    (define (%cursor s cursor who pos)
      (%check-string s who)
      (if (not (and (exact-integer? cursor) (<= 0 cursor (string-length s))))
          (%hash-error who pos cursor "cursor of the string"))
      cursor)

    (define (string-cursor-start s)
      "Return the cursor of the start of string S, 0.  An error if S
is not a string."
      (%check-string s 'string-cursor-start) 0)
    (define (string-cursor-end s)
      "Return the cursor of the end of string S, its length.  An error
if S is not a string."
      (%check-string s 'string-cursor-end)
      (string-length s))

    (define (%cursor-move s cursor n who)
      (%cursor s cursor who 2)
      (if (not (exact-integer? n)) (%hash-error who 3 n "exact integer"))
      (let ((c (+ cursor n)))
        (if (not (<= 0 c (string-length s)))
            (error (string-append (symbol->string who)
                                  ": moves the cursor out of the string")
                   cursor n))
        c))

    (define (string-cursor-next s cursor)
      "Return the cursor after CURSOR in string S.  An error if CURSOR
is not a cursor of S or is its end."
      (%cursor-move s cursor 1 'string-cursor-next))
    (define (string-cursor-prev s cursor)
      "Return the cursor before CURSOR in string S.  An error if
CURSOR is not a cursor of S or is its start."
      (%cursor-move s cursor -1 'string-cursor-prev))
    (define (string-cursor-forward s cursor n)
      "Return the cursor N characters after CURSOR in string S.  An
error if N is not a non-negative exact integer or the result is past
the end of S."
      (%check-count n 'string-cursor-forward 3)
      (%cursor-move s cursor n 'string-cursor-forward))
    (define (string-cursor-back s cursor n)
      "Return the cursor N characters before CURSOR in string S.  An
error if N is not a non-negative exact integer or the result is before
the start of S."
      (%check-count n 'string-cursor-back 3)
      (%cursor-move s cursor (- n) 'string-cursor-back))

    (define string-cursor=? =)
    (define string-cursor<? <)
    (define string-cursor>? >)
    (define string-cursor<=? <=)
    (define string-cursor>=? >=)

    (define (string-cursor-diff s start end)
      "Return the number of characters of string S from cursor START
to cursor END (negative if END is before START).  An error if they are
not cursors of S."
      (- (%cursor s end 'string-cursor-diff 3)
         (%cursor s start 'string-cursor-diff 2)))

    (define (string-cursor->index s cursor)
      "Return the index of CURSOR in string S, CURSOR itself.  An
error if it is not a cursor of S."
      (%cursor s cursor 'string-cursor->index 2))
    (define (string-index->cursor s index)
      "Return the cursor of INDEX in string S, INDEX itself.  An error
if it is not an index of S or its length."
      (%cursor s index 'string-index->cursor 2))

    (define string->list/cursors string->list)
    (define string->vector/cursors string->vector)
    (define string-ref/cursor string-ref)
    (define substring/cursors substring)
    (define string-copy/cursors string-copy)
    (define string-for-each-cursor string-for-each-index)
    (define string-remove string-delete)

    ;; The SRFI 130 searches: the end (left to right) or start (right to
    ;; left) of the range when nothing is found; right to left, the
    ;; cursor after the character found.
    (define (string-index s pred . range)
      "Return the cursor of the first character of string S, from
START (default 0) up to END (default its length), that PRED accepts (a
predicate, a character or a char-set), or END if there is none."
      (or (%string-search s pred range 0 'string-index)
          (%substring-end s range)))

    (define (string-skip s pred . range)
      "Return the cursor of the first character of string S, from
START (default 0) up to END (default its length), that PRED does not
accept (a predicate, a character or a char-set), or END if there is
none."
      (or (%string-search s pred range 2 'string-skip)
          (%substring-end s range)))

    (define (string-index-right s pred . range)
      "Return the cursor after the last character of string S, from
START (default 0) up to END (default its length), that PRED accepts (a
predicate, a character or a char-set), or START if there is none."
      (let ((i (%string-search s pred range 1 'string-index-right)))
        (if i (+ i 1) (%substring-start s range 'string-index-right 1 3))))

    (define (string-skip-right s pred . range)
      "Return the cursor after the last character of string S, from
START (default 0) up to END (default its length), that PRED does not
accept (a predicate, a character or a char-set), or START if there is
none."
      (let ((i (%string-search s pred range 3 'string-skip-right)))
        (if i (+ i 1) (%substring-start s range 'string-skip-right 1 3))))

    ;; The index of the last occurrence of the range of S2 in that of
    ;; S1, or #f; end1 if S2's range is empty.
    (define (string-contains-right s1 s2 . range)
      "Return the index in string S1 of the last occurrence of string
S2, within the optional ranges START1 END1 of S1 and START2 END2 of
S2, or #f if there is none; END1 if S2's range is empty."
      (let* ((r1 (if (and (pair? range) (pair? (cdr range)))
                     (list (car range) (cadr range))
                     range))
             (r2 (if (and (pair? range) (pair? (cdr range))) (cddr range) '()))
             (start1 (%substring-start s1 r1 'string-contains-right 1 3))
             (end1 (%substring-end s1 r1))
             (start2 (%substring-start s2 r2 'string-contains-right 2 5))
             (end2 (%substring-end s2 r2))
             (n (- end2 start2)))
        (let loop ((i (- end1 n)))
          (cond ((< i start1) #f)
                ((string=? (substring s1 i (+ i n)) (substring s2 start2 end2))
                 i)
                (else
                 ;; Move to the previous place where the last character
                 ;; of the pattern occurs: a scan in C.
                 (if (= n 0)
                     i
                     (let ((j (%string-find s1 (string-ref s2 (- end2 1))
                                            (list start1 (+ i n -1)) 1
                                            'string-contains-right)))
                       (if j (loop (- j (- n 1))) #f))))))))

    ;; (string-replicate s from to [start end]): xsubstring with TO
    ;; required.
    (define (string-replicate s from to . range)
      "Return the characters from index FROM up to TO of the string
made by repeating the range START END (default all) of string S
forever in both directions, as SRFI 13's xsubstring."
      (apply xsubstring s from to range))

    ;; (string-split s delimiter [grammar limit start end])
    (define (string-split s delimiter . opts)
      "Return the list of the substrings of string S, from START to
END (default all of it), that the occurrences of the string DELIMITER
separate; an empty DELIMITER splits it into characters.  GRAMMAR
(default infix) may be prefix or suffix, which drop an empty first or
last substring, or strict-infix, which makes an empty range an error
where the others give (); LIMIT (default #f, none) is the most splits
made, the last substring holding the rest."
      (let* ((grammar (if (pair? opts) (car opts) 'infix))
             (opts (if (pair? opts) (cdr opts) '()))
             (limit (if (pair? opts) (car opts) #f))
             (range (if (pair? opts) (cdr opts) '()))
             (start (%substring-start s range 'string-split 1 5))
             (end (%substring-end s range)))
        (if (not (string? delimiter))
            (%hash-error 'string-split 2 delimiter "string"))
        (if (not (memq grammar '(infix strict-infix prefix suffix)))
            (%hash-error 'string-split 3 grammar
                         "grammar infix, strict-infix, prefix or suffix"))
        (if (not (or (not limit) (and (exact-integer? limit) (>= limit 0))))
            (%hash-error 'string-split 4 limit
                         "#f or exact nonnegative integer"))
        (cond ((< start end)
               (let ((words (%split-words s delimiter limit start end)))
                 (%drop-empty-ends words grammar)))
              ((eq? grammar 'strict-infix)
               (error "string-split: empty string with grammar strict-infix"))
              (else '()))))

    ;; The words of S from START to END between the occurrences of
    ;; DELIMITER, at most LIMIT + 1 of them unless LIMIT is #f.
    (define (%split-words s delimiter limit start end)
      (let ((dlen (string-length delimiter)))
        (let loop ((i start) (splits 0) (acc '()))
          (let ((j (and (or (not limit) (< splits limit))
                        (if (= dlen 0)
                            (and (< (+ i 1) end) (+ i 1))
                            (string-contains s delimiter i end)))))
            (if j
                (loop (+ j dlen) (+ splits 1) (cons (substring s i j) acc))
                (reverse! (cons (substring s i end) acc)))))))

    (define (%drop-empty-ends words grammar)
      (let* ((words (if (and (eq? grammar 'prefix) (pair? words)
                             (string=? (car words) ""))
                        (cdr words)
                        words)))
        (let ((backwards (reverse words)))
          (if (and (eq? grammar 'suffix) (pair? backwards)
                   (string=? (car backwards) ""))
              (reverse! (cdr backwards))
              words))))))
