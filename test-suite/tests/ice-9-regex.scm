;;; ice-9-regex.scm -- Guile's regular expressions, (ice-9 regex)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; make-regexp and its flags, regexp-exec, the match accessors,
;;; list-matches, fold-matches, the substitutions and regexp-quote,
;;; with the answers Guile 3 gives (checked against it), POSIX's
;;; leftmost-longest rule, basic syntax, Unicode beyond the BMP, the
;;; linear-time guarantee, and the syntax errors (which name the
;;; position).

;;; Code:

(import (ice-9 regex))

(test-begin "ice-9-regex")

(define (sub pat str . n)
  (let ((m (string-match pat str)))
    (and m (apply match:substring m n))))

(test-group "make-regexp and regexp-exec"
  (lambda ()
    (let ((rx (make-regexp "a(b*)c")))
      (test-assert (regexp? rx))
      (test-assert (not (regexp? "a(b*)c")))
      (test-equal '#("xxabbbcd" (2 . 7) (3 . 6)) (regexp-exec rx "xxabbbcd"))
      (test-equal #f (regexp-exec rx "xxabbbd"))
      (test-equal '#("acac" (2 . 4) (3 . 3)) (regexp-exec rx "acac" 1))
      (test-error (regexp-exec rx "ac" 3))
      (test-error (regexp-exec rx 'ac))
      (test-error (regexp-exec "a" "a")))
    (test-equal '#("ab" (0 . 2) (-1 . -1) (1 . 2))
                (regexp-exec (make-regexp "a(x)?(b)") "ab"))
    (test-equal "ABC" (sub "ABC" "xABCx" 0))
    (test-equal #f (string-match "abc" "xABCx"))
    (test-equal "ABC" (match:substring
                       (regexp-exec (make-regexp "abc" regexp/icase) "xABCx")))
    (test-equal "HéLLo" (match:substring
                         (regexp-exec (make-regexp "hÉllO" regexp/icase) "HéLLo")))
    (test-assert (regexp-exec (make-regexp "[^a]" regexp/icase) "aAb"))
    (test-equal 2 (match:start (regexp-exec (make-regexp "[^a]" regexp/icase) "aAb")))
    (test-equal #f (regexp-exec (make-regexp "^b") "a\nb"))
    (test-equal 2 (match:start (regexp-exec (make-regexp "^b" regexp/newline) "a\nb")))
    (test-equal 0 (match:start (regexp-exec (make-regexp "a$" regexp/newline) "a\nb")))
    (test-equal #f (regexp-exec (make-regexp "a.b" regexp/newline) "a\nb"))
    (test-assert (regexp-exec (make-regexp "a.b") "a\nb"))
    (test-equal #f (regexp-exec (make-regexp "a[^x]b" regexp/newline) "a\nb"))
    (test-equal #f (regexp-exec (make-regexp "^a") "a" 0 regexp/notbol))
    (test-equal #f (regexp-exec (make-regexp "a$") "a" 0 regexp/noteol))
    (test-error (make-regexp 'abc))
    (test-error (make-regexp "a" 'icase))))

(test-group "POSIX extended syntax"
  (lambda ()
    (test-equal "abcd" (sub "(a|ab)(c|bcd)(d*)" "abcd"))
    (test-equal "xyz" (sub "x*y+z?" "xyz"))
    (test-equal "aaa" (sub "a{2,3}" "aaaa"))
    (test-equal "aa" (sub "a{2}" "aaaa"))
    (test-equal "aaaa" (sub "a{2,}" "aaaa"))
    (test-equal "a{" (sub "a{" "a{"))
    (test-equal "a{x" (sub "a{x" "a{x"))
    (test-equal "]a" (sub "[]a]+" "xb]a"))
    (test-equal "a-" (sub "[a-]+" "xa-"))
    (test-equal "é" (sub "[[:alpha:]]" "1é"))
    (test-equal "123" (sub "[[:digit:]]+" "ab123"))
    (test-equal "  " (sub "[[:space:]]+" "a  b"))
    (test-equal "$+" (sub "[[:punct:]]+" "a$+b"))
    (test-equal "ABC" (sub "[[:upper:]]+" "abABCd"))
    (test-equal "-" (sub "[^[:alnum:]_]" "a_1-x"))
    (test-equal "." (sub "[.]" "a.b"))
    (test-equal "." (sub "\\." "a.b"))
    (test-equal "a.b" (sub "a\\.b" "a.b"))
    (test-equal "foo" (sub "\\<foo\\>" "afoo foo"))
    (test-equal 5 (match:start (string-match "\\bfoo\\b" "afoo foo")))
    (test-equal "w_1" (sub "\\w+" "  w_1 "))
    (test-equal " " (sub "\\W" "ab cd"))
    (test-equal "\t" (sub "\\s" "ab\tcd"))
    (test-equal "" (sub "x*" "aaa"))
    (test-equal "" (sub "()" "a" 1))
    (test-equal "a" (sub "(a|b)*c" "abac" 1))))

(test-group "POSIX basic syntax"
  (lambda ()
    (let ((rx (make-regexp "\\(ab\\)*c" regexp/basic)))
      (test-equal '#("ababc" (0 . 5) (2 . 4)) (regexp-exec rx "ababc")))
    (test-equal "a+b" (match:substring
                       (regexp-exec (make-regexp "a+b" regexp/basic) "aa+b")))
    (test-equal "aab" (match:substring
                       (regexp-exec (make-regexp "a\\{2\\}b" regexp/basic) "aaab")))
    (test-equal "*a" (match:substring
                      (regexp-exec (make-regexp "*a" regexp/basic) "x*a")))
    (test-equal "a|b" (match:substring
                       (regexp-exec (make-regexp "a|b" regexp/basic) "a|b")))
    (test-equal "b" (match:substring
                     (regexp-exec (make-regexp "a\\|b" regexp/basic) "b")))))

(test-group "Unicode"
  (lambda ()
    (test-equal "𝔸𝔹" (sub "[[:alpha:]]+" "12𝔸𝔹3"))
    (test-equal 3 (match:end (string-match "😀" "ab😀")))
    (test-equal "x😀y" (sub "x.y" "ax😀y"))
    (test-equal "😁" (sub "[😀-😂]" "a😁b"))
    (test-equal "кот" (match:substring
                       (regexp-exec (make-regexp "КОТ" regexp/icase) "мой кот")))
    (test-equal "\x10428;" (match:substring
                            (regexp-exec (make-regexp "\x10400;" regexp/icase)
                                         "a\x10428;")))
    (test-equal "bbb" (sub "b+" "αβγ😀bbb"))
    (test-equal 4 (match:start (string-match "[a-c]" "αβγ😀b")))
    (test-equal "\x10428;\x10429;"
                (match:substring
                 (regexp-exec (make-regexp "[\x10400;-\x1040F;]+" regexp/icase)
                              "x\x10428;\x10429;")))
    (test-equal #f (regexp-exec (make-regexp "[^\x10400;]" regexp/icase) "\x10428;"))
    (test-equal "\x212A;" (match:substring
                           (regexp-exec (make-regexp "k" regexp/icase) "\x212A;")))))

(test-group "match accessors"
  (lambda ()
    (let ((m (string-match "([a-z]+)@([a-z.]+)(x)?" "mail bob@example.org now")))
      (test-assert (regexp-match? m))
      (test-equal "bob@example.org" (match:substring m))
      (test-equal "bob" (match:substring m 1))
      (test-equal #f (match:substring m 3))
      (test-equal 9 (match:start m 2))
      (test-equal 20 (match:end m))
      (test-equal #f (match:start m 3))
      (test-equal #f (match:end m 3))
      (test-equal 4 (match:count m))
      (test-equal "mail " (match:prefix m))
      (test-equal " now" (match:suffix m))
      (test-equal "mail bob@example.org now" (match:string m))
      (test-error (match:substring m 4))
      (test-error (match:start m -1)))
    (test-assert (not (regexp-match? "abc")))
    (test-assert (not (regexp-match? #(1 2))))
    (test-error (match:substring "abc"))))

(test-group "list-matches and fold-matches"
  (lambda ()
    (test-equal '("1" "22" "333")
                (map match:substring (list-matches "[0-9]+" "a1b22c333")))
    (test-equal '("" "xx" "") (map match:substring (list-matches "x*" "axxb")))
    (test-equal '("" "" "") (map match:substring (list-matches "" "ab")))
    (test-equal '() (list-matches "z" "abc"))
    (test-equal '("a" "b") (map match:substring
                                (list-matches (make-regexp "^a|b") "ab a")))
    (test-equal 3 (fold-matches "a" "banana" 0 (lambda (m n) (+ n 1))))
    (test-equal '(5 3 1)
                (fold-matches "a" "banana" '() (lambda (m acc) (cons (match:start m) acc))))
    (test-error (list-matches 42 "abc"))))

(test-group "substitution"
  (lambda ()
    (let ((m (string-match "([a-z]+)@([a-z.]+)" "mail bob@example.org now")))
      (test-equal "mail [example.org] now"
                  (regexp-substitute #f m 'pre "[" 2 "]" 'post))
      (test-equal "bob at example.org"
                  (regexp-substitute #f m 1 " at " 2))
      (test-equal "<bob>"
                  (call-with-output-string
                    (lambda (port) (regexp-substitute port m "<" 1 ">"))))
      (test-error (regexp-substitute #f m 'frob)))
    (test-equal "a<1>b<22>c<333>d"
                (regexp-substitute/global #f "[0-9]+" "a1b22c333d" 'pre "<" 0 ">" 'post))
    (test-equal "a<1>"
                (regexp-substitute/global #f "[0-9]+" "a1b22c333d" 'pre "<" 0 ">"))
    (test-equal "-a-b-c-" (regexp-substitute/global #f "x*" "abc" 'pre "-" 'post))
    (test-equal "2026-12-06"
                (regexp-substitute/global #f "([0-9]+)/([0-9]+)/([0-9]+)" "06/12/2026"
                                          3 "-" 2 "-" 1))
    (test-equal "A-B"
                (regexp-substitute/global #f "[a-z]" "a-b"
                                          'pre (lambda (m) (string-upcase (match:substring m)))
                                          'post))
    (test-equal "no match" (regexp-substitute/global #f "z" "no match" 'pre "!" 'post))))

(test-group "regexp-quote"
  (lambda ()
    (test-equal "a\\.b\\*c" (regexp-quote "a.b*c"))
    (test-equal "" (regexp-quote ""))
    (let ((s "^(a|b)[x]{2}+?.$\\"))
      (test-equal s (match:substring (string-match (regexp-quote s) (string-append "zz" s)))))))

(test-group "linear time"
  (lambda ()
    (let* ((n 40)
           (pat (string-append (apply string-append (make-list n "a?"))
                               (make-string n #\a)))
           (s (make-string n #\a)))
      (test-equal s (sub pat s)))
    (test-equal #f (string-match "(a*)*b" (make-string 100000 #\a)))
    (test-equal 100000 (match:end (string-match "(a|aa)*$" (make-string 100000 #\a))))
    ;; A long match polls: a step limit stops it.
    (test-equal 'limit-exceeded
                (let ((s (make-string 3000000 #\a))
                      (rx (make-regexp "(a|aa|aaa)*b")))
                  (guard (e (#t (condition-kind e)))
                    (call-with-limits (lambda () (regexp-exec rx s)) #f #f #f 100000))))))

(test-group "syntax errors"
  (lambda ()
    ;; The message names the procedure, the position, the reason and
    ;; the pattern.
    (define (error-text pat . flags)
      (guard (e (#t (condition-message e)))
        (apply make-regexp pat flags)
        #f))
    (define (says? pat why)
      (let ((msg (error-text pat)))
        (and msg (string-prefix? "make-regexp: invalid regular expression at position "
                                 msg)
             (string-contains msg why)
             #t)))
    (test-assert (says? "a(b" "position 1: unmatched ("))
    (test-assert (says? "a)b" "position 1: unmatched )"))
    (test-assert (says? "[abc" "position 0: unmatched ["))
    (test-assert (says? "*a" "position 0: nothing to repeat"))
    (test-assert (says? "a{3,2}" "position 1: repetition bounds out of order"))
    (test-assert (says? "[[:foo:]]" "position 1: unknown character class"))
    (test-assert (says? "a\\" "position 1: trailing backslash"))
    (test-assert (says? "[z-a]" "position 1: range out of order"))
    (test-assert (says? "x{99999}" "repetition count too large"))
    (test-assert (says? (apply string-append (make-list 10001 "()"))
                        "too many groups (at most 10000)"))
    (test-assert (string-contains (error-text (apply string-append (make-list 3000 "(a)")))
                                  "pattern too large for its number of submatches"))
    (test-equal 501 (match:count (string-match (apply string-append (make-list 500 "(a)"))
                                               (make-string 500 #\a))))
    (test-assert (string-contains (error-text "(a)\\1") "back-references"))
    (test-assert (string-contains (error-text "a\\{1" regexp/basic) "unmatched"))
    (test-equal 'regular-expression-syntax
                (guard (e (#t (condition-kind e))) (make-regexp "(")))
    (test-equal '("(")
                (guard (e (#t (error-object-irritants e))) (make-regexp "(")))))

(test-end "ice-9-regex")
