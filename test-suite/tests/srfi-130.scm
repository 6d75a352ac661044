;;; srfi-130.scm -- SRFI 130, the cursor-based string library: (srfi 130)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Cursors (indexes here), the searches that return a cursor instead
;;; of #f, string-split by a delimiter string with grammars and a limit,
;;; string-contains-right, string-replicate, string-for-each-cursor,
;;; and that the names shared with SRFI 13 are the same bindings.
;;; Empty strings, characters beyond the BMP and errors.

;;; Code:

(import (scheme base) (scheme char) (srfi 130))

(test-begin "srfi-130")

(define wide (string #\a #\x1F600 #\b #\x1F600 #\c))

;; ------------------------------------------------------------------
(test-group "cursors"
  (lambda ()
    (test-assert "string-cursor? of an index" (string-cursor? (string-index->cursor "" 0)))
    (test-assert "string-cursor? of #f" (not (string-cursor? #f)))
    (test-equal "start and end" '(0 5) (list (string-cursor-start wide) (string-cursor-end wide)))
    (test-equal "start and end of the empty string" '(0 0)
                (list (string-cursor-start "") (string-cursor-end "")))
    (test-equal "next and prev" '(2 0)
                (list (string-cursor-next wide 1) (string-cursor-prev wide 1)))
    (test-equal "forward and back" '(4 1)
                (list (string-cursor-forward wide 1 3) (string-cursor-back wide 4 3)))
    (test-error-contains "string-cursor-next past the end" '("string-cursor-next")
                         (lambda () (string-cursor-next "ab" 2)))
    (test-error-contains "string-cursor-prev before the start" '("string-cursor-prev")
                         (lambda () (string-cursor-prev "ab" 0)))
    (test-error-contains "string-cursor-forward: a negative count"
                         '("string-cursor-forward" "position 3")
                         (lambda () (string-cursor-forward "ab" 0 -1)))
    (test-assert "comparisons"
                 (and (string-cursor=? 1 1) (string-cursor<? 0 1) (string-cursor>? 2 1)
                      (string-cursor<=? 1 1) (string-cursor>=? 2 2)))
    (test-equal "string-cursor-diff" 3 (string-cursor-diff wide 1 4))
    (test-equal "string-cursor->index" 2 (string-cursor->index wide 2))
    (test-error-contains "string-index->cursor past the end" '("string-index->cursor" "position 2")
                         (lambda () (string-index->cursor "ab" 3)))
    (test-equal "string-ref/cursor beyond the BMP" #\x1F600 (string-ref/cursor wide 3))
    (test-equal "substring/cursors" "b" (substring/cursors "abc" 1 2))
    (test-equal "string-copy/cursors" "bc" (string-copy/cursors "abc" 1))
    (test-equal "string->list/cursors" '(#\b) (string->list/cursors "abc" 1 2))
    (test-equal "string->vector/cursors" #(#\c) (string->vector/cursors "abc" 2))
    (test-equal "string-for-each-cursor" '(101 100 99 98 97)
                (let ((s "abcde") (v '()))
                  (string-for-each-cursor
                   (lambda (cur) (set! v (cons (char->integer (string-ref/cursor s cur)) v)))
                   s)
                  v))))

;; ------------------------------------------------------------------
(test-group "searching returns cursors"
  (lambda ()
    (test-equal "string-index found" 1 (string-index "abc" #\b))
    (test-equal "string-index not found: the end" 3 (string-index "abc" #\z))
    (test-equal "string-index not found in a range: its end" 2 (string-index "abcd" #\z 1 2))
    (test-equal "string-index-right: after the match" 4 (string-index-right "abcb" #\b))
    (test-equal "string-index-right in a range" 2 (string-index-right "abcb" #\b 0 3))
    (test-equal "string-index-right not found: the start" 1 (string-index-right "abc" #\z 1))
    (test-equal "string-skip" 2 (string-skip "  x" char-whitespace?))
    (test-equal "string-skip of all: the end" 2 (string-skip "  " char-whitespace?))
    (test-equal "string-skip-right" 1 (string-skip-right "x  " char-whitespace?))
    (test-equal "string-index of the empty string" 0 (string-index "" char?))
    (test-equal "string-index beyond the BMP" 1 (string-index wide #\x1F600))
    (test-equal "string-contains" 15 (string-contains "eek -- what a geek." "ee" 12 18))
    (test-equal "string-contains not found" #f (string-contains "abc" "d"))
    (test-equal "string-contains-right" 3 (string-contains-right "abcabc" "ab"))
    (test-equal "string-contains-right of the empty pattern: end1" 6
                (string-contains-right "abcabc" ""))
    (test-equal "string-contains-right in a range" 0 (string-contains-right "abcabc" "ab" 0 4))
    (test-equal "string-contains-right not found" #f (string-contains-right "abc" "x"))
    (test-equal "string-contains-right beyond the BMP" 3
                (string-contains-right wide (string #\x1F600)))
    (test-error-contains "string-index: a bad predicate" '("string-index" "position 2")
                         (lambda () (string-index "abc" 'x)))
    (test-error-contains "string-contains-right: a bad end1"
                         '("string-contains-right" "position 4")
                         (lambda () (string-contains-right "abc" "a" 0 9)))))

;; ------------------------------------------------------------------
(test-group "string-split"
  (lambda ()
    (test-equal "infix" '("a" "b" "" "c") (string-split "a:b::c" ":"))
    (test-equal "of the empty string: nothing" '() (string-split "" ":"))
    (test-equal "a multi-character delimiter" '("a" "b" "c") (string-split "a\r\nb\r\nc" "\r\n"))
    (test-equal "an empty delimiter: the characters" '("a" "b" "c") (string-split "abc" ""))
    (test-equal "suffix drops a trailing empty word" '("a" "b") (string-split "a:b:" ":" 'suffix))
    (test-equal "prefix drops a leading empty word" '("a" "b") (string-split ":a:b" ":" 'prefix))
    (test-equal "infix keeps them" '("" "a" "") (string-split ":a:" ":"))
    (test-equal "a limit" '("a" "b:c") (string-split "a:b:c" ":" 'infix 1))
    (test-equal "a limit of 0" '("a:b") (string-split "a:b" ":" 'infix 0))
    (test-equal "a range" '("b" "c") (string-split "a:b:c:d" ":" 'infix #f 2 5))
    (test-equal "beyond the BMP" '("a" "b" "c") (string-split wide (string #\x1F600)))
    (test-error-contains "strict-infix of the empty string" '("string-split" "strict-infix")
                         (lambda () (string-split "" ":" 'strict-infix)))
    (test-error-contains "a character delimiter" '("string-split" "position 2")
                         (lambda () (string-split "a:b" #\:)))
    (test-error-contains "a bad grammar" '("string-split" "position 3")
                         (lambda () (string-split "a:b" ":" 'middle)))
    (test-error-contains "a bad limit" '("string-split" "position 4")
                         (lambda () (string-split "a:b" ":" 'infix -1)))))

;; ------------------------------------------------------------------
(test-group "the rest of the library"
  (lambda ()
    (test-equal "string-replicate rotates" "cdefab" (string-replicate "abcdef" 2 8))
    (test-equal "string-replicate replicates" "abcabca" (string-replicate "abc" 0 7))
    (test-error-contains "string-replicate: to before from" '("xsubstring" "position 3")
                         (lambda () (string-replicate "abc" 3 1)))
    (test-equal "string-remove" "bnn" (string-remove (lambda (c) (char=? c #\a)) "banana"))
    (test-equal "string-filter" "aaa" (string-filter (lambda (c) (char=? c #\a)) "banana"))
    (test-equal "string-trim-both" "x" (string-trim-both "  x  "))
    (test-equal "string-pad" "  325" (string-pad "325" 5))
    (test-equal "string-replace" "It's lots of fun to code it up in Scheme."
                (string-replace "It's easy to code it up in Scheme." "lots of fun" 5 9))
    (test-equal "string-reverse" "snoops" (string-reverse "Who stole the spoons?" 14 20))
    (test-equal "string-concatenate-reverse" "Hello, I must be going."
                (string-concatenate-reverse '(" must be" "Hello, I") " going.XXXX" 7))
    (test-equal "string-join" "foo:bar:baz:" (string-join '("foo" "bar" "baz") ":" 'suffix))
    (test-equal "string-count" 3 (string-count "banana" (lambda (c) (char=? c #\a))))
    (test-equal "string-fold" 2
                (string-fold (lambda (c n) (if (char-lower-case? c) (+ n 1) n)) 0 "aBc"))
    (test-assert "string-prefix?" (string-prefix? "ab" "abc"))
    (test-equal "string-take" "Pete S" (string-take "Pete Szilagyi" 6))
    (test-equal "string-unfold" "abc" (string-unfold null? car cdr '(#\a #\b #\c)))
    (test-equal "string-tabulate" "012"
                (string-tabulate (lambda (i) (integer->char (+ 48 i))) 3))
    (test-assert "string-null?" (string-null? ""))
    (test-equal "string-every" #t (string-every char-lower-case? "abc"))
    (test-equal "reverse-list->string" "cBa" (reverse-list->string '(#\a #\B #\c)))))

(test-end "srfi-130")

;;; srfi-130.scm ends here
