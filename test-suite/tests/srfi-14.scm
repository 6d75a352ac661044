;;; srfi-14.scm -- SRFI 14, character sets over all of Unicode: (srfi 14)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Every procedure and standard set of (srfi 14): construction, the
;;; algebra (and its linear-update forms, which modify their argument
;;; but not a standard set), cursors, the procedures that call
;;; procedures, printing, equal?, characters beyond the BMP, the
;;; Unicode membership of the standard sets, and the errors.

;;; Code:

(import (scheme base) (scheme char) (scheme cxr) (scheme write) (srfi 14)
        (ice-9 threads))

(test-begin "srfi-14")

(define (all-values thunk) (call-with-values thunk list))
(define (written x) (let ((p (open-output-string))) (write x p) (get-output-string p)))
(define vowels (char-set #\a #\e #\i #\o #\u))

;; ------------------------------------------------------------------
;; First, before anything else uses a standard set: threads that all
;; make the standard sets be computed at once see the same sets.
(test-group "the standard sets computed from several threads at once"
  (lambda ()
    (define threads
      (map (lambda (i)
             (call-with-new-thread
              (lambda ()
                (list (char-set-size char-set:letter)
                      (char-set-size char-set:whitespace)
                      (char-set-contains? char-set:digit #\x661)))))
           '(1 2 3 4)))
    (define results (map join-thread threads))
    (test-assert "all alike" (and (equal? (car results) (cadr results))
                                  (equal? (car results) (caddr results))
                                  (equal? (car results) (cadddr results))))
    (test-assert "and right" (equal? (list (char-set-size char-set:letter) 24 #t)
                                     (car results)))))

;; ------------------------------------------------------------------
(test-group "predicates and comparison"
  (lambda ()
    (test-assert "char-set?" (char-set? vowels))
    (test-assert "char-set? of a string" (not (char-set? "aeiou")))
    (test-assert "char-set= of none" (char-set=))
    (test-assert "char-set= of one" (char-set= vowels))
    (test-assert "char-set= ignores order and repeats"
                 (char-set= vowels (string->char-set "ioeauaiii")))
    (test-assert "char-set= false" (not (char-set= vowels (char-set #\a))))
    (test-assert "char-set<= of none" (char-set<=))
    (test-assert "char-set<=" (char-set<= (char-set #\a) vowels char-set:letter))
    (test-assert "char-set<= false" (not (char-set<= vowels (char-set #\a))))
    (test-assert "char-set<= of ranges" (char-set<= char-set:hex-digit char-set:letter+digit))
    (test-assert "equal? is char-set="
                 (equal? (char-set #\b #\a) (string->char-set "ab")))
    (test-assert "not equal?" (not (equal? (char-set #\a) (char-set #\b))))
    (test-assert "char-set-hash in its bound" (< -1 (char-set-hash char-set:graphic 100) 100))
    (test-equal "equal sets hash alike" (char-set-hash (char-set #\a #\b))
                (char-set-hash (string->char-set "ba")))
    (test-equal "equal? hash tables find a char-set by an equal one" 'found
                (let ((t (make-hash-table)))
                  (hash-set! t (char-set #\a #\b) 'found)
                  (hash-ref t (string->char-set "ba"))))
    (test-error-contains "char-set=: not a char-set" '("char-set=" "position 2" "char-set")
                         (lambda () (char-set= vowels "aeiou")))))

;; ------------------------------------------------------------------
(test-group "construction"
  (lambda ()
    (test-equal "char-set->list is ascending" '(#\a #\e #\i #\o #\u)
                (char-set->list (char-set #\u #\o #\i #\e #\a #\a)))
    (test-equal "list->char-set" 3 (char-set-size (list->char-set '(#\a #\b #\c #\a))))
    (test-equal "list->char-set with a base" "abcd"
                (char-set->string (list->char-set '(#\a #\b) (char-set #\c #\d))))
    (test-equal "string->char-set with a base" "abxy"
                (char-set->string (string->char-set "ba" (char-set #\x #\y))))
    (test-equal "ucs-range->char-set" "abc" (char-set->string (ucs-range->char-set 97 100)))
    (test-equal "ucs-range->char-set of nothing" 0 (char-set-size (ucs-range->char-set 5 5)))
    (test-equal "ucs-range->char-set leaves out the surrogates" (- #xE001 #xD7FF #x800)
                (char-set-size (ucs-range->char-set #xD7FF #xE001)))
    (test-equal "ucs-range->char-set past the last code point" 1
                (char-set-size (ucs-range->char-set #x10FFFF #x200000)))
    (test-error-contains "ucs-range->char-set: surrogates with error?" '("ucs-range->char-set" "surrogate")
                         (lambda () (ucs-range->char-set #xD700 #xE000 #t)))
    (test-error-contains "ucs-range->char-set: upper below lower" '("ucs-range->char-set" "position 2")
                         (lambda () (ucs-range->char-set 10 5)))
    (test-error-contains "ucs-range->char-set: a negative lower" '("ucs-range->char-set" "position 1")
                         (lambda () (ucs-range->char-set -1 5)))
    (test-equal "ucs-range->char-set with a base" 4
                (char-set-size (ucs-range->char-set 97 100 #f (char-set #\z))))
    (test-equal "->char-set of a string" "ab" (char-set->string (->char-set "ba")))
    (test-equal "->char-set of a character" "a" (char-set->string (->char-set #\a)))
    (test-assert "->char-set of a char-set is itself" (eq? vowels (->char-set vowels)))
    (test-error-contains "->char-set of a number" '("->char-set" "position 1")
                         (lambda () (->char-set 5)))
    (test-error-contains "char-set: not a character" '("char-set" "position 2" "character")
                         (lambda () (char-set #\a "b")))
    (test-error-contains "list->char-set: not a list of characters" '("list->char-set" "position 1")
                         (lambda () (list->char-set '(#\a 1))))
    (test-assert "char-set-copy is equal, not eq"
                 (let ((c (char-set-copy vowels)))
                   (and (char-set= c vowels) (not (eq? c vowels)))))
    (test-equal "char-set-filter" "aeu"
                (char-set->string (char-set-filter (lambda (c) (memv c '(#\a #\e #\u #\z)))
                                                   vowels)))
    (test-equal "char-set-filter with a base" "0123456789"
                (char-set->string (char-set-filter char-numeric? (string->char-set "a1")
                                                   (string->char-set "0234567891"))))
    (test-equal "char-set-unfold" "0123456789aeiou"
                (char-set->string (char-set-unfold null? car cdr '(#\a #\e #\i #\o #\u)
                                                   (string->char-set "0123456789"))))))

;; ------------------------------------------------------------------
(test-group "linear update"
  (lambda ()
    (define cs (char-set #\a))
    (test-assert "char-set-adjoin! returns its argument" (eq? cs (char-set-adjoin! cs #\b #\c)))
    (test-equal "char-set-adjoin! modified it" "abc" (char-set->string cs))
    (char-set-delete! cs #\b)
    (test-equal "char-set-delete!" "ac" (char-set->string cs))
    (list->char-set! '(#\x) cs)
    (test-equal "list->char-set!" "acx" (char-set->string cs))
    (string->char-set! "y" cs)
    (test-equal "string->char-set!" "acxy" (char-set->string cs))
    (ucs-range->char-set! 48 50 #f cs)
    (test-equal "ucs-range->char-set!" "01acxy" (char-set->string cs))
    (char-set-intersection! cs (string->char-set "0ax"))
    (test-equal "char-set-intersection!" "0ax" (char-set->string cs))
    (char-set-union! cs (char-set #\b))
    (test-equal "char-set-union!" "0abx" (char-set->string cs))
    (char-set-difference! cs (char-set #\0))
    (test-equal "char-set-difference!" "abx" (char-set->string cs))
    (char-set-xor! cs (char-set #\a #\z))
    (test-equal "char-set-xor!" "bxz" (char-set->string cs))
    (char-set-filter! (lambda (c) (char=? c #\q)) (string->char-set "pq") cs)
    (test-equal "char-set-filter!" "bqxz" (char-set->string cs))
    (char-set-unfold! null? car cdr '(#\m) cs)
    (test-equal "char-set-unfold!" "bmqxz" (char-set->string cs))
    (let ((c (char-set-copy char-set:ascii)))
      (char-set-complement! c)
      (test-assert "char-set-complement!" (not (char-set-contains? c #\a))))
    (let ((d (char-set #\a #\b #\c)) (i (char-set)))
      (char-set-diff+intersection! d i (char-set #\b))
      (test-equal "char-set-diff+intersection!" '("ac" "b")
                  (list (char-set->string d) (char-set->string i))))
    (test-error-contains "a standard set cannot be modified"
                         '("char-set-adjoin!" "standard char-set")
                         (lambda () (char-set-adjoin! char-set:letter #\1)))
    (test-assert "and it was not"
                 (not (char-set-contains? char-set:letter #\1)))
    (test-error-contains "char-set-filter! into a standard set" '("char-set-filter!" "standard")
                         (lambda () (char-set-filter! char? vowels char-set:digit)))))

;; ------------------------------------------------------------------
(test-group "iteration"
  (lambda ()
    (test-equal "char-set-fold" 4
                (char-set-fold (lambda (c i) (+ i 1)) 0 (char-set #\e #\i #\o #\u #\e #\e)))
    (test-equal "char-set-fold in ascending order" '(#\c #\b #\a)
                (char-set-fold cons '() (char-set #\b #\c #\a)))
    (test-equal "char-set-for-each" '(#\b #\a)
                (let ((l '())) (char-set-for-each (lambda (c) (set! l (cons c l))) (char-set #\a #\b)) l))
    (test-equal "char-set-map" "AEIOU" (char-set->string (char-set-map char-upcase vowels)))
    (test-equal "cursors walk the set"
                '(#\a #\e #\i #\o #\u)
                (let lp ((cur (char-set-cursor vowels)) (acc '()))
                  (if (end-of-char-set? cur)
                      (reverse acc)
                      (lp (char-set-cursor-next vowels cur)
                          (cons (char-set-ref vowels cur) acc)))))
    (test-assert "the cursor of the empty set is at its end"
                 (end-of-char-set? (char-set-cursor char-set:empty)))
    (test-equal "cursors across a range beyond the BMP" '(#\x1F600 #\x1F601)
                (let* ((cs (ucs-range->char-set #x1F600 #x1F602))
                       (c1 (char-set-cursor cs)))
                  (list (char-set-ref cs c1) (char-set-ref cs (char-set-cursor-next cs c1)))))
    (test-error-contains "char-set-ref at the end" '("char-set-ref")
                         (lambda () (char-set-ref vowels (char-set-cursor char-set:empty))))
    (test-error-contains "char-set-ref: not a cursor" '("char-set-ref" "position 2")
                         (lambda () (char-set-ref vowels 'x)))
    (test-error-contains "char-set-fold: not a procedure" '("char-set-fold" "position 1")
                         (lambda () (char-set-fold 1 0 vowels)))))

;; ------------------------------------------------------------------
(test-group "queries"
  (lambda ()
    (test-equal "char-set-size" 5 (char-set-size vowels))
    (test-equal "char-set-size of the empty set" 0 (char-set-size char-set:empty))
    (test-equal "char-set-size of the full set: every scalar value" #x10F800
                (char-set-size char-set:full))
    (test-equal "char-set-count" 2 (char-set-count (lambda (c) (char<? c #\f)) vowels))
    (test-assert "char-set-contains?" (char-set-contains? vowels #\e))
    (test-assert "char-set-contains? false" (not (char-set-contains? vowels #\b)))
    (test-assert "char-set-contains? beyond the BMP"
                 (char-set-contains? (char-set #\x1F600) #\x1F600))
    (test-error-contains "char-set-contains?: not a character" '("char-set-contains?" "position 2")
                         (lambda () (char-set-contains? vowels "a")))
    (test-error-contains "char-set-contains?: not a char-set" '("char-set-contains?" "position 1")
                         (lambda () (char-set-contains? "aeiou" #\a)))
    (test-equal "char-set-every" #t (char-set-every char-lower-case? vowels))
    (test-equal "char-set-every false" #f (char-set-every (lambda (c) (char=? c #\a)) vowels))
    (test-equal "char-set-any: the true value" 97
                (char-set-any (lambda (c) (and (char=? c #\a) (char->integer c))) vowels))
    (test-equal "char-set-any false" #f (char-set-any char-upper-case? vowels))
    (test-equal "char-set->string of nothing" "" (char-set->string char-set:empty))
    (test-equal "char-set->string beyond the BMP" (string #\a #\x1F600)
                (char-set->string (char-set #\x1F600 #\a)))))

;; ------------------------------------------------------------------
(test-group "algebra"
  (lambda ()
    (define ab (char-set #\a #\b))
    (define bc (char-set #\b #\c))
    (test-equal "char-set-adjoin" "abc" (char-set->string (char-set-adjoin ab #\c)))
    (test-equal "char-set-adjoin leaves its argument" "ab" (char-set->string ab))
    (test-equal "char-set-delete" "a" (char-set->string (char-set-delete ab #\b #\z)))
    (test-equal "char-set-union" "abc" (char-set->string (char-set-union ab bc)))
    (test-equal "char-set-union of none" 0 (char-set-size (char-set-union)))
    (test-equal "char-set-intersection" "b" (char-set->string (char-set-intersection ab bc)))
    (test-assert "char-set-intersection of none is full"
                 (char-set= char-set:full (char-set-intersection)))
    (test-equal "char-set-difference" "a" (char-set->string (char-set-difference ab bc)))
    (test-equal "char-set-difference of several" "" (char-set->string (char-set-difference ab bc (char-set #\a))))
    (test-equal "char-set-xor" "ac" (char-set->string (char-set-xor ab bc)))
    (test-equal "char-set-xor of three" "abc" (char-set->string (char-set-xor ab bc (char-set #\b))))
    (test-equal "char-set-diff+intersection" '("a" "b")
                (map char-set->string
                     (all-values (lambda () (char-set-diff+intersection ab bc)))))
    (test-equal "char-set-complement" (- #x10F800 2) (char-set-size (char-set-complement ab)))
    (test-assert "complement twice" (char-set= ab (char-set-complement (char-set-complement ab))))
    (test-assert "complement of the full set is empty"
                 (char-set= char-set:empty (char-set-complement char-set:full)))
    (test-assert "lower-case is disjoint from upper-case and title-case"
                 (char-set= char-set:empty
                            (char-set-intersection char-set:lower-case
                                                   (char-set-union char-set:upper-case
                                                                   char-set:title-case))))
    (test-assert "the Greek titlecase letters with prosgegrammeni are upper-case too"
                 (char-set-contains? char-set:upper-case #\x1F88))
    (test-error-contains "char-set-union: not a char-set" '("char-set-union" "position 2")
                         (lambda () (char-set-union ab "c")))))

;; ------------------------------------------------------------------
(test-group "the standard sets over Unicode"
  (lambda ()
    (define (in? cs . chars) (every? (lambda (c) (char-set-contains? cs c)) chars))
    (define (every? p l) (or (null? l) (and (p (car l)) (every? p (cdr l)))))
    (test-assert "letter: Latin, Greek, CJK, beyond the BMP"
                 (in? char-set:letter #\a #\Z #\x3BB #\x4E00 #\x10400))
    (test-assert "letter: not digits or marks" (not (char-set-contains? char-set:letter #\0)))
    (test-assert "lower-case" (in? char-set:lower-case #\a #\x3BB #\xDF #\xB5 #\xFF #\x10428))
    (test-assert "lower-case: not upper" (not (char-set-contains? char-set:lower-case #\A)))
    (test-assert "lower-case: not the ordinal indicators (SRFI 14, as Java)"
                 (not (or (char-set-contains? char-set:lower-case #\xAA)
                          (char-set-contains? char-set:lower-case #\xBA))))
    (test-assert "lower-case: none from U+2000 to U+2FFF"
                 (not (char-set-contains? char-set:lower-case #\x24D0)))
    (test-assert "lower-case: a small letter by its name (kra)"
                 (char-set-contains? char-set:lower-case #\x138))
    (test-equal "the sizes of lower-case and upper-case (as Guile 3)" '(1593 1403)
                (list (char-set-size char-set:lower-case)
                      (char-set-size char-set:upper-case)))
    (test-assert "upper-case" (in? char-set:upper-case #\A #\x39B #\x10400 #\xC0))
    (test-assert "upper-case: not titlecase" (not (char-set-contains? char-set:upper-case #\x1C5)))
    (test-assert "title-case" (in? char-set:title-case #\x1C5 #\x1F88))
    (test-assert "title-case: not a" (not (char-set-contains? char-set:title-case #\a)))
    (test-assert "digit: Nd in any script" (in? char-set:digit #\0 #\x660 #\x1D7CE))
    (test-assert "digit: not a Roman numeral" (not (char-set-contains? char-set:digit #\x2163)))
    (test-assert "letter+digit" (in? char-set:letter+digit #\a #\5))
    (test-assert "whitespace" (in? char-set:whitespace #\space #\tab #\newline #\xA0 #\x2028 #\x3000))
    (test-assert "whitespace is char-whitespace?"
                 (char-set-every char-whitespace? char-set:whitespace))
    (test-assert "whitespace: Z and tab to carriage return, not U+0085 (SRFI 14)"
                 (and (= 24 (char-set-size char-set:whitespace))
                      (not (char-set-contains? char-set:whitespace #\x85))))
    (test-assert "blank: space and tab, not newline"
                 (and (in? char-set:blank #\space #\tab #\x3000)
                      (not (char-set-contains? char-set:blank #\newline))))
    (test-assert "iso-control" (in? char-set:iso-control #\x0 #\x1F #\x7F #\x9F))
    (test-assert "punctuation" (in? char-set:punctuation #\! #\, #\x3001 #\xBF))
    (test-assert "symbol" (in? char-set:symbol #\+ #\$ #\x20AC #\x1F600))
    (test-assert "graphic: not space" (and (in? char-set:graphic #\a #\! #\x1F600)
                                           (not (char-set-contains? char-set:graphic #\space))))
    (test-assert "printing: graphic and whitespace"
                 (char-set= char-set:printing (char-set-union char-set:graphic char-set:whitespace)))
    (test-equal "hex-digit" "0123456789ABCDEFabcdef" (char-set->string char-set:hex-digit))
    (test-equal "ascii" 128 (char-set-size char-set:ascii))
    (test-equal "empty" 0 (char-set-size char-set:empty))
    (test-assert "unassigned code points are in no standard set but full"
                 (not (char-set-contains? char-set:graphic #\x378)))
    (test-assert "designated: assigned characters, private use included"
                 (and (char-set-contains? char-set:designated #\xE000)
                      (not (char-set-contains? char-set:designated #\x378))
                      (= 282230 (char-set-size char-set:designated))))))

;; ------------------------------------------------------------------
(test-group "printing"
  (lambda ()
    (test-equal "a set of ranges" "#<char-set #\\a..#\\c #\\x>"
                (written (string->char-set "xcab")))
    (test-equal "the empty set" "#<char-set>" (written char-set:empty))
    (test-equal "named characters" "#<char-set #\\newline #\\space>"
                (written (char-set #\space #\newline)))
    (test-assert "a large set is cut short"
                 (< (string-length (written char-set:letter)) 1000))))

(test-end "srfi-14")

;;; srfi-14.scm ends here
