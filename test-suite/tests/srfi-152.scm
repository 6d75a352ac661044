;;; srfi-152.scm -- SRFI 152, the string library (reduced): (srfi 152)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The procedures SRFI 152 adds to SRFI 13's (take-while, drop-while,
;;; span, break, segment, map-index, string-map with strings), those it
;;; shares with (srfi 130), its searches returning #f, and that it
;;; imports beside (scheme base) and (srfi 13) without conflict.

;;; Code:

(import (scheme base) (scheme char) (srfi 152) (srfi 13))

(test-begin "srfi-152")

(define wide (string #\a #\x1F600 #\b #\x1F600 #\c))
(define (all-values thunk) (call-with-values thunk list))

(test-group "imports beside (scheme base) and (srfi 13)"
  (lambda ()
    (test-assert "string-index is SRFI 13's"
                 (eq? string-index (eval 'string-index (environment '(srfi 13)))))
    (test-assert "string-map is R7RS's"
                 (eq? string-map (eval 'string-map (environment '(scheme base)))))
    (test-assert "string-split is SRFI 130's"
                 (eq? string-split (eval 'string-split (environment '(srfi 130)))))))

(test-group "searching"
  (lambda ()
    (test-equal "string-index not found: #f" #f (string-index "abc" #\z))
    (test-equal "string-index-right: the match itself" 3 (string-index-right "abcb" #\b))
    (test-equal "string-skip-right" #f (string-skip-right "   " char-whitespace?))
    (test-equal "string-contains-right" 6 (string-contains-right "ab ab ab" "ab"))
    (test-equal "string-contains-right in a range" 3 (string-contains-right "ab ab ab" "ab" 0 6))
    (test-equal "string-contains-right of the empty pattern" 3
                (string-contains-right "abc" ""))))

(test-group "take-while and friends"
  (lambda ()
    (test-equal "string-take-while" "aa" (string-take-while "aab" #\a))
    (test-equal "string-take-while of all" "aaa" (string-take-while "aaa" #\a))
    (test-equal "string-take-while of none" "" (string-take-while "baa" #\a))
    (test-equal "string-take-while with a range" "a" (string-take-while "aaab" #\a 2))
    (test-equal "string-drop-while" "b" (string-drop-while "aab" (lambda (c) (char=? c #\a))))
    (test-equal "string-take-while-right" "aa" (string-take-while-right "baa" #\a))
    (test-equal "string-drop-while-right" "b" (string-drop-while-right "baa" #\a))
    (test-equal "string-drop-while-right of all" "" (string-drop-while-right "aa" #\a))
    (test-equal "string-span" '("12" "ab") (all-values (lambda () (string-span "12ab" char-numeric?))))
    (test-equal "string-break" '("ab" "12") (all-values (lambda () (string-break "ab12" char-numeric?))))
    (test-equal "string-break with no match" '("ab" "") (all-values (lambda () (string-break "ab" char-numeric?))))
    (test-equal "string-span beyond the BMP" (list "a" (string #\x1F600 #\b #\x1F600 #\c))
                (all-values (lambda () (string-span wide #\a))))
    (test-error-contains "string-take-while: a bad predicate"
                         '("string-take-while" "position 2")
                         (lambda () (string-take-while "abc" 1)))))

(test-group "map, segment, split, replicate"
  (lambda ()
    (test-equal "string-map with strings (the SRFI's example)" "Hear-here!"
                (string-map (lambda (c0 c1 c2)
                              (case c0
                                ((#\1) c1)
                                ((#\2) (string c2))
                                ((#\-) (string #\- c1))))
                            "1222-1111-2222" "Hi There!" "Dear John"))
    (test-equal "string-map-index" "024"
                (string-map-index (lambda (i) (integer->char (+ 48 (* 2 i)))) "abc"))
    (test-equal "string-map-index with strings and a range" "1:2:"
                (string-map-index (lambda (i) (string (integer->char (+ 48 i)) #\:)) "abc" 1))
    (test-error-contains "string-map-index: not a character or string"
                         '("string-map-index")
                         (lambda () (string-map-index (lambda (i) i) "abc")))
    (test-equal "string-for-each-index" '(2 1 0)
                (let ((l '())) (string-for-each-index (lambda (i) (set! l (cons i l))) "abc") l))
    (test-equal "string-segment" '("ab" "cd" "e") (string-segment "abcde" 2))
    (test-equal "string-segment of nothing" '() (string-segment "" 3))
    (test-error-contains "string-segment: k of 0" '("string-segment" "position 2")
                         (lambda () (string-segment "abc" 0)))
    (test-equal "string-split" '("a" "b") (string-split "a, b" ", "))
    (test-equal "string-replicate" "efabcd" (string-replicate "abcdef" -2 4))
    (test-equal "string-remove" "ab" (string-remove char-numeric? "a1b2"))
    (test-equal "string-filter" "12" (string-filter char-numeric? "a1b2"))))

(test-end "srfi-152")

;;; srfi-152.scm ends here
