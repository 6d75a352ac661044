;;; srfi-115.scm -- SRFI 115, Scheme Regular Expressions
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The SRFI document's examples, every SRE form, the match accessors,
;;; iteration, Unicode (beyond the BMP, case folding), the linear-time
;;; guarantee on a pattern that is exponential for a backtracking
;;; matcher, and the errors.

;;; Code:

(import (srfi 115))

(test-begin "srfi-115")

(define (m->l md) (and md (regexp-match->list md)))
(define (matches sre str) (m->l (regexp-matches sre str)))
(define (search sre str) (m->l (regexp-search sre str)))

(test-group "the SRFI's examples"
  (lambda ()
    (test-assert (regexp-match? (regexp-search "needle" "hayneedlehay")))
    (test-equal '("needle") (search "needle" "hayneedlehay"))
    (test-equal #f (regexp-search "needle" "haystack"))
    (test-equal '("one two three")
                (search '(: "one" space "two" space "three") "one two three"))
    (test-assert (regexp-matches? '(* any) "abc"))
    (test-assert (regexp-matches? '(or "a" "b") "b"))
    (test-assert (not (regexp-matches? '(or "a" "b") "ab")))
    (test-equal '("192" "168" "0" "1")
                (regexp-extract '(+ numeric) "192.168.0.1"))
    (test-equal '("" "fee" "fi" "fo" "fum" "")
                (regexp-split '(+ space) " fee fi  fo\tfum\n"))
    (test-equal '("a" "" "b" "") (regexp-split '(",;") "a,,b,"))
    (test-equal '("abc" "def" "ghi" "")
                (regexp-split '(* digit) "abc123def456ghi789"))
    (test-equal '("Hello" ", " "world" "!\n")
                (regexp-partition '(+ (or space punct)) "Hello, world!\n"))
    (test-equal '("" "¿" "Dónde" " " "Estás" "?")
                (regexp-partition '(+ (or space punct)) "¿Dónde Estás?"))
    (test-equal '("abc" "123" "def" "456" "ghi")
                (regexp-partition '(* digit) "abc123def456ghi"))
    (test-equal "one_two three" (regexp-replace '(+ space) "one two three" "_"))
    (test-equal "one_two_three"
                (regexp-replace-all '(+ space) "one two three" "_"))
    (test-equal '(("not" . 1) ("or" . 1) ("be" . 2) ("to" . 2))
                (regexp-fold 'word
                             (lambda (i m str acc)
                               (let ((s (regexp-match-submatch m 0)))
                                 (cond ((assoc s acc)
                                        => (lambda (x) (set-cdr! x (+ 1 (cdr x))) acc))
                                       (else `((,s . 1) ,@acc)))))
                             '()
                             "to be or not to be"))
    (test-equal '("cats & dogs" "cats" "dogs")
                (search '(: ($ word) (+ (or space punct)) ($ word)) "cats & dogs"))
    (test-equal "2" (regexp-match-submatch
                     (regexp-search '(: ($ (+ digit)) "-" (-> day (+ digit)))
                                    "on 1-2")
                     'day))))

(test-group "sequences, alternatives, repetition"
  (lambda ()
    (test-equal '("abc") (matches '(: "a" "b" "c") "abc"))
    (test-equal '("abc") (matches '(seq #\a "bc") "abc"))
    (test-equal #f (matches "abc" "abcd"))
    (test-equal '("ab") (search '(or "ab" "a") "xab"))
    (test-equal '("a") (search '(or "a" "ab") "xab"))
    (test-equal '("ab") (matches '(or "a" "ab") "ab"))
    (test-equal '("aaa") (matches '(* "a") "aaa"))
    (test-equal '("") (matches '(* "a") ""))
    (test-equal #f (matches '(+ "a") ""))
    (test-equal '("a") (matches '(? "a") "a"))
    (test-equal '("aaa") (matches '(= 3 "a") "aaa"))
    (test-equal #f (matches '(= 3 "a") "aa"))
    (test-equal '("aaaa") (matches '(>= 2 "a") "aaaa"))
    (test-equal #f (matches '(>= 2 "a") "a"))
    (test-equal '("aa") (matches '(** 1 2 "a") "aa"))
    (test-equal #f (matches '(** 1 2 "a") "aaa"))
    (test-equal '("aaa") (search '(** 1 #f "a") "aaa"))
    (test-equal '("a") (search '(**? 1 3 "a") "aaa"))
    (test-equal '("aaa") (search '(** 1 3 "a") "aaa"))
    (test-equal '("<b>") (search '(: "<" (*? any) ">") "<b><i>"))
    (test-equal '("<b><i>") (search '(: "<" (* any) ">") "<b><i>"))
    (test-equal '("") (search '(?? "a") "a"))
    (test-equal '("ab") (matches '(zero-or-more (or "a" "b")) "ab"))
    (test-equal '("aa") (matches '(one-or-more "a") "aa"))
    (test-equal '("aa") (matches '(exactly 2 "a") "aa"))
    (test-equal '("aaa") (matches '(at-least 2 "a") "aaa"))
    (test-equal '("aa") (matches '(repeated 2 2 "a") "aa"))))

(test-group "submatches"
  (lambda ()
    (let ((md (regexp-search '(: ($ (+ alpha)) (? ($ (+ digit)))) "  ab ")))
      (test-equal 2 (regexp-match-count md))
      (test-equal '("ab" "ab" #f) (regexp-match->list md))
      (test-equal 2 (regexp-match-submatch-start md 1))
      (test-equal 4 (regexp-match-submatch-end md 1))
      (test-equal #f (regexp-match-submatch-start md 2))
      (test-error (regexp-match-submatch md 3))
      (test-error (regexp-match-submatch md 'nope)))
    (let ((md (regexp-matches '(: (-> year (= 4 digit)) "-" (-> month (= 2 digit)))
                              "2026-12")))
      (test-equal "2026" (regexp-match-submatch md 'year))
      (test-equal "12" (regexp-match-submatch md 'month))
      (test-equal 5 (regexp-match-submatch-start md 'month)))
    (test-equal "cd" (regexp-match-submatch
                      (regexp-matches '(or (-> x "ab") (-> x "cd")) "cd") 'x))
    (test-equal '("555-867-5309" "555" "5309")
                (search '(: ($ (+ digit)) "-" (w/nocapture ($ (+ digit))) "-"
                            ($ (+ digit)))
                        "555-867-5309"))
    (test-equal '("abab" "ab") (matches '(* ($ "ab")) "abab"))
    (test-assert (not (regexp-match? "abc")))
    (test-error (regexp-match-count "abc"))))

(test-group "anchors"
  (lambda ()
    (test-equal #f (search '(: bos "b") "ab"))
    (test-equal '("a") (search '(: bos "a") "ab"))
    (test-equal '("b") (search '(: "b" eos) "ab"))
    (test-equal '("b") (search '(: bol "b") "a\nb"))
    (test-equal '("a") (search '(: "a" eol) "a\nb"))
    (test-equal '("foo") (search '(: bow "foo" eow) "a foo b"))
    (test-equal #f (search '(: bow "foo" eow) "afoob"))
    (test-equal '("foo") (search '(: nwb "foo" nwb) "xfoox"))
    (test-equal #f (search '(: nwb "foo" nwb) " foo "))
    (test-equal '("bar") (search 'word "  bar baz"))
    (test-equal '("b_1") (search '(word+ alnum "_") "  b_1 "))
    (test-equal '("xyz") (search '(word "xyz") "a xyz b"))))

(test-group "character sets"
  (lambda ()
    (test-equal '("beef") (matches '(* (/ "af")) "beef"))
    (test-equal '("a9") (matches '(* (/ #\a #\z "09")) "a9"))
    (test-equal '("cab") (matches '(* ("abc")) "cab"))
    (test-equal '("cab") (matches '(* (char-set "abc")) "cab"))
    (test-equal #f (matches '(* ("abc")) "cad"))
    (test-equal '("xyz") (matches '(* (~ ("abc"))) "xyz"))
    (test-equal '("de") (matches '(* (- alpha ("abc"))) "de"))
    (test-equal #f (matches '(* (- alpha ("abc"))) "da"))
    (test-equal '("b") (matches '(and ("abc") ("bcd") (~ ("c"))) "b"))
    (test-equal '("1a") (matches '(* (or digit ("a"))) "1a"))
    (test-equal '("q") (matches (char-set #\q) "q"))
    (test-equal '("q") (matches #\q "q"))
    (test-equal '("δ") (matches 'lower "δ"))
    (test-equal '("Σ") (matches 'upper "Σ"))
    (test-equal '("ǅ") (matches 'title "ǅ"))
    (test-equal '("кириллица") (matches '(* alpha) "кириллица"))
    (test-equal #f (matches '(w/ascii (* alpha)) "кириллица"))
    (test-equal '("１２３") (matches '(* digit) "１２３"))
    (test-equal #f (matches '(w/ascii (* digit)) "１２３"))
    (test-equal '("a\tb") (matches '(: alpha whitespace alpha) "a\tb"))
    (test-equal '("$") (matches 'symbol "$"))
    (test-equal '("!") (matches 'punct "!"))
    (test-equal '("F") (matches 'xdigit "F"))
    (test-equal '("\x1;") (matches 'cntrl "\x1;"))
    (test-equal #f (matches 'nonl "\n"))
    (test-equal '("\n") (matches 'any "\n"))
    (test-equal '("abc") (matches '(* ascii) "abc"))
    (test-equal '("a") (matches (list (char-set->string (char-set #\a #\b #\c))) "a"))))

(test-group "case"
  (lambda ()
    (test-equal '("ABC") (matches '(w/nocase "abc") "ABC"))
    (test-equal #f (matches "abc" "ABC"))
    (test-equal '("aBc") (matches '(w/nocase "a" (w/case "B") "c") "aBc"))
    (test-equal #f (matches '(w/nocase "a" (w/case "B") "c") "abc"))
    (test-equal '("12345BeeF" "BeeF")
                (matches '(: (* digit) (w/nocase ($ (* (/ "af"))))) "12345BeeF"))
    (test-equal '("abcD") (matches '(w/nocase (* lower)) "abcD"))
    (test-equal '("кириллица") (matches '(w/nocase "КИРИЛЛИЦА") "кириллица"))
    (test-equal '("ΣΑΣ") (matches '(w/nocase "σας") "ΣΑΣ"))
    (test-equal '("\x10428;") (matches '(w/nocase "\x10400;") "\x10428;"))
    (test-equal '("STRASSE") (matches '(w/nocase (* ("strae"))) "STRASSE"))))

(test-group "beyond the BMP and graphemes"
  (lambda ()
    (test-equal '("𝔸𝔹") (matches '(* alpha) "𝔸𝔹"))
    (test-equal '("x😀y" "😀") (search '(: "x" ($ any) "y") "ax😀y"))
    (test-equal 3 (regexp-match-submatch-end (regexp-search "😀" "ab😀") 0))
    (test-equal '("e\x301;") (matches 'grapheme "e\x301;"))
    (test-equal '("e\x301;" "x") (regexp-extract 'grapheme "e\x301;x"))
    (test-equal '("한") (matches '(: bog grapheme eog) "한"))))

(test-group "ranges of the string"
  (lambda ()
    (test-equal '("ababc" "abab") (m->l (regexp-matches '(: ($ (* "ab")) "c") "xababc" 1)))
    (test-equal '("b") (m->l (regexp-search "b" "abcb" 0 2)))
    (test-equal #f (regexp-search "c" "abcb" 0 2))
    (test-equal '("a") (m->l (regexp-search '(: bos "a") "xab" 1)))
    (test-equal '("b" "d") (regexp-extract '(+ ("bd")) "abcdb" 1 4))
    (test-error (regexp-search "a" "abc" 2 1))
    (test-error (regexp-search "a" "abc" 0 9))))

(test-group "replacement and iteration"
  (lambda ()
    (test-equal "abc def" (regexp-replace '(+ space) "abc \t\n def" " "))
    (test-equal "  abc-abc"
                (regexp-replace '(: ($ (+ alpha)) ":" (* space)) "  abc: " '(1 "-" 1)))
    (test-equal "  abc-  abc"
                (regexp-replace '(: ($ (+ alpha)) ":" (* space)) "  abc: " '(1 "-" pre 1)))
    (test-equal "x=[y] post" (regexp-replace '(: ($ "y")) "x=y post" '("[" 1 "]")))
    (test-equal "2026/12"
                (regexp-replace '(: (-> y (+ digit)) "-" (-> m (+ digit))) "12-2026"
                                '(m "/" y)))
    (test-equal "  abc d-ef  "
                (regexp-replace '(+ space) "  abc d ef  " "-" 0 #f 2))
    (test-equal "  abc d ef  "
                (regexp-replace '(+ space) "  abc d ef  " "-" 0 #f 9))
    (test-equal " abc d ef " (regexp-replace-all '(+ space) "  abc \t\n d ef  " " "))
    (test-equal "<a><b>" (regexp-replace-all 'alpha "ab" '("<" 0 ">")))
    (test-equal "same" (regexp-replace-all "x" "same" "y"))
    (test-equal '() (regexp-extract "x" ""))
    (test-equal '("") (regexp-split "x" ""))
    (test-equal '("") (regexp-partition "x" ""))
    (test-equal '("a" "b" "c") (regexp-extract 'alpha "a1b2c"))
    (test-equal 3 (regexp-fold 'alpha (lambda (i m s acc) (+ acc 1)) 0 "a1b2c"))
    (test-equal '(5 . 3)
                (regexp-fold 'alpha (lambda (i m s acc) (+ acc 1)) 0 "a1b2c"
                             (lambda (i m s acc) (cons i acc))))))

(test-group "regexp objects"
  (lambda ()
    (let ((re (regexp '(+ digit))))
      (test-assert (regexp? re))
      (test-eq re (regexp re))
      (test-equal '(+ digit) (regexp->sre re))
      (test-equal '("12") (search re "ab12")))
    (test-assert (regexp? (rx (+ "a") "b")))
    (test-equal '("aab") (search (rx (+ "a") "b") "xaab"))
    (let ((d '(+ digit)))
      (test-equal '("1-2") (search (rx ,d "-" ,d) "a1-2")))
    (test-assert (not (regexp? '(+ digit))))
    (test-assert (valid-sre? '(: "a" (* digit))))
    (test-assert (not (valid-sre? '(: "a" (frob digit)))))
    (test-assert (not (valid-sre? '(** 3 2 "a"))))
    (test-equal '("b") (matches (char-set->sre (char-set #\a #\b #\c)) "b"))
    (test-error (regexp '(frob)))
    (test-error (regexp '(look-ahead "a")))
    (test-error (regexp '(backref 1)))
    (test-error (regexp '(= -1 "a")))
    (test-error (regexp 42))
    (test-error (regexp-search '(+ digit) 'not-a-string))))

(test-group "linear time"
  (lambda ()
    ;; (a?){n}a{n} against a^n: 2^n paths for a backtracking matcher.
    (let* ((n 40)
           (sre `(: (= ,n (? "a")) (= ,n "a")))
           (s (make-string n #\a)))
      (test-equal (list s) (matches sre s)))
    ;; (a*)*b against 10^5 a's: no match, found without blowing up.
    (test-equal #f (regexp-search '(: (* (* "a")) "b") (make-string 100000 #\a)))
    (test-equal 100000
                (regexp-match-submatch-end
                 (regexp-matches '(* (or "a" "aa")) (make-string 100000 #\a)) 0))))

(test-end "srfi-115")
