;;; srfi-13.scm -- SRFI 13, the string library: (srfi 13) and Guile's core names
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Every procedure of (srfi 13) with the SRFI's examples, the three
;;; kinds of char/char-set/pred argument, optional ranges, empty
;;; strings, characters beyond the BMP and the errors (naming the
;;; procedure and the argument's position).  Also Guile's string-split,
;;; and that (srfi 13) imports beside (scheme base) and (srfi 69),
;;; sharing their bindings.

;;; Code:

(import (scheme base) (scheme char) (srfi 13) (srfi 14) (srfi 69))

(test-begin "srfi-13")

(define smile (string #\x1F600))          ; beyond the BMP
(define wide (string #\a #\x1F600 #\b #\x1F600 #\c))

(define (all-values thunk) (call-with-values thunk list))

;; ------------------------------------------------------------------
(test-group "the bindings are the core's"
  (lambda ()
    (test-assert "string-index is the default environment's"
                 (eq? string-index
                      (eval 'string-index (interaction-environment))))
    (test-assert "string-hash is (srfi 69)'s"
                 (eq? string-hash (eval 'string-hash (environment '(srfi 69)))))
    (test-assert "string-copy is (scheme base)'s"
                 (eq? string-copy (eval 'string-copy (environment '(scheme base)))))
    (test-assert "string-map is (scheme base)'s"
                 (eq? string-map (eval 'string-map (environment '(scheme base)))))))

;; ------------------------------------------------------------------
(test-group "predicates"
  (lambda ()
    (test-assert "string-null? of the empty string" (string-null? ""))
    (test-assert "string-null? of a string" (not (string-null? "a")))
    (test-error-contains "string-null? of a non-string" '("string-null?" "position 1")
                         (lambda () (string-null? 'a)))
    (test-equal "string-every with a predicate: the last value" 3
                (string-every (lambda (c) (and (char-numeric? c) (digit-value c))) "123"))
    (test-equal "string-every false" #f (string-every char-numeric? "12a"))
    (test-equal "string-every of an empty range" #t (string-every char-numeric? "abc" 1 1))
    (test-equal "string-every with a character" #t (string-every #\a "aaa"))
    (test-equal "string-every with a char-set" #t (string-every char-set:digit "0123"))
    (test-equal "string-any: the first true value" 2
                (string-any (lambda (c) (digit-value c)) "ab23"))
    (test-equal "string-any none" #f (string-any #\z "abc"))
    (test-equal "string-any with a range" #f (string-any #\a "abca" 1 3))
    (test-equal "string-any beyond the BMP" #t (string-any #\x1F600 wide))
    (test-error-contains "string-any: a bad predicate"
                         '("string-any" "position 1" "character, char-set or predicate")
                         (lambda () (string-any 5 "abc")))))

;; ------------------------------------------------------------------
(test-group "constructors and conversion"
  (lambda ()
    (test-equal "string-tabulate" "ABC"
                (string-tabulate (lambda (i) (integer->char (+ 65 i))) 3))
    (test-equal "string-tabulate of 0" "" (string-tabulate integer->char 0))
    (test-error-contains "string-tabulate: a non-character"
                         '("string-tabulate" "character")
                         (lambda () (string-tabulate (lambda (i) i) 2)))
    (test-error-contains "string-tabulate: a negative length"
                         '("string-tabulate" "position 2")
                         (lambda () (string-tabulate integer->char -1)))
    (test-equal "reverse-list->string" "cBa" (reverse-list->string '(#\a #\B #\c)))
    (test-equal "string->list with a range" '(#\b #\c) (string->list "abcd" 1 3))
    (test-equal "string-join: infix by default" "foo bar baz"
                (string-join '("foo" "bar" "baz")))
    (test-equal "string-join with a delimiter" "foo:bar:baz"
                (string-join '("foo" "bar" "baz") ":"))
    (test-equal "string-join of a wide string now all Latin-1" "ab:x"
                (let ((s (string #\a (integer->char 300))))
                  (string-set! s 1 #\b)        ; stored wide, fits a byte
                  (string-join (list s "x") ":")))
    (test-equal "string-join suffix" "foo:bar:baz:"
                (string-join '("foo" "bar" "baz") ":" 'suffix))
    (test-equal "string-join prefix" ":foo:bar"
                (string-join '("foo" "bar") ":" 'prefix))
    (test-equal "string-join of nothing, infix" "" (string-join '() ":"))
    (test-equal "string-join of one empty string" "" (string-join '("") ":"))
    (test-equal "string-join of one empty string, suffix" ":"
                (string-join '("") ":" 'suffix))
    (test-equal "string-join of nothing, suffix" "" (string-join '() ":" 'suffix))
    (test-equal "string-join beyond the BMP" (string #\a #\x1F600 #\b)
                (string-join '("a" "b") smile))
    (test-error-contains "string-join strict-infix of nothing"
                         '("string-join" "strict-infix")
                         (lambda () (string-join '() ":" 'strict-infix)))
    (test-error-contains "string-join: a bad grammar" '("string-join" "position 3" "grammar")
                         (lambda () (string-join '("a") ":" 'middle)))
    (test-error-contains "string-join: a non-string element"
                         '("string-join" "position 1" "list of strings")
                         (lambda () (string-join '("a" 1))))
    (test-error-contains "string-join: an improper list" '("string-join" "position 1")
                         (lambda () (string-join '("a" . "b"))))))

;; ------------------------------------------------------------------
(test-group "selection"
  (lambda ()
    (test-equal "substring/shared" "cd" (substring/shared "abcd" 2))
    (test-equal "substring/shared with an end" "b" (substring/shared "abcd" 1 2))
    (test-assert "substring/shared of the whole string is the string"
                 (let ((s (string-copy "abc"))) (eq? s (substring/shared s 0))))
    (test-assert "substring/shared of a part is a copy"
                 (let ((s (string-copy "abc")))
                   (string-set! (substring/shared s 1) 0 #\x)
                   (string=? s "abc")))
    (test-error-contains "substring/shared: start past the end"
                         '("substring/shared" "position 2")
                         (lambda () (substring/shared "abc" 4)))
    (test-equal "string-copy!" "aXYd"
                (let ((s (string-copy "abcd"))) (string-copy! s 1 "XYZ" 0 2) s))
    (test-equal "string-take" "Pete S" (string-take "Pete Szilagyi" 6))
    (test-equal "string-drop" "zilagyi" (string-drop "Pete Szilagyi" 6))
    (test-equal "string-take-right" "rules" (string-take-right "Beta rules" 5))
    (test-equal "string-drop-right" "Beta " (string-drop-right "Beta rules" 5))
    (test-equal "string-take of everything" "abc" (string-take "abc" 3))
    (test-equal "string-drop of everything" "" (string-drop "abc" 3))
    (test-equal "string-take beyond the BMP" (string #\a #\x1F600) (string-take wide 2))
    (test-error-contains "string-take: too many" '("string-take" "position 2")
                         (lambda () (string-take "foo" 37)))
    (test-error-contains "string-drop-right: negative" '("string-drop-right" "position 2")
                         (lambda () (string-drop-right "foo" -1)))
    (test-equal "string-pad" "  325" (string-pad "325" 5))
    (test-equal "string-pad exact" "71325" (string-pad "71325" 5))
    (test-equal "string-pad truncates on the left" "71325" (string-pad "8871325" 5))
    (test-equal "string-pad with a character and a range" "**bc"
                (string-pad "abcd" 4 #\* 1 3))
    (test-equal "string-pad-right" "325  " (string-pad-right "325" 5))
    (test-equal "string-pad-right truncates on the right" "88713"
                (string-pad-right "8871325" 5))
    (test-equal "string-pad of the empty string" "xx" (string-pad "" 2 #\x))
    (test-equal "string-pad to 0" "" (string-pad "abc" 0))
    (test-equal "string-pad beyond the BMP" (string #\x1F600 #\x1F600 #\a)
                (string-pad "a" 3 #\x1F600))
    (test-error-contains "string-pad: not a character" '("string-pad" "position 3")
                         (lambda () (string-pad "a" 3 "x")))
    (test-error-contains "string-pad: a bad length" '("string-pad" "position 2")
                         (lambda () (string-pad "a" 'x)))
    (test-equal "string-trim: whitespace by default" "hi  " (string-trim "  hi  "))
    (test-equal "string-trim-right" "  hi" (string-trim-right "  hi  "))
    (test-equal "string-trim-both" "The outlook wasn't brilliant,"
                (string-trim-both "  The outlook wasn't brilliant,  \n\r"))
    (test-equal "string-trim with a character" "hixx" (string-trim "xxhixx" #\x))
    (test-equal "string-trim-both with a char-set" "ab"
                (string-trim-both "12ab34" char-set:digit))
    (test-equal "string-trim-both with a predicate" "ab"
                (string-trim-both "12ab34" char-numeric?))
    (test-equal "string-trim-right with a range" "bc"
                (string-trim-right "abc  d" char-whitespace? 1 5))
    (test-equal "string-trim of all" "" (string-trim-both "   "))
    (test-equal "string-trim of the empty string" "" (string-trim ""))
    (test-equal "string-trim beyond the BMP" "b" (string-trim-both (string #\x1F600 #\b #\x1F600) #\x1F600))
    (test-error-contains "string-trim: a bad range" '("string-trim" "position 4")
                         (lambda () (string-trim "abc" #\a 0 9)))))

;; ------------------------------------------------------------------
(test-group "comparison"
  (lambda ()
    (define (order s1 s2 . range)
      (apply string-compare s1 s2 (lambda (i) (list '< i)) (lambda (i) (list '= i))
             (lambda (i) (list '> i)) range))
    (test-equal "string-compare less" '(< 2) (order "abc" "abd"))
    (test-equal "string-compare equal" '(= 3) (order "abc" "abc"))
    (test-equal "string-compare greater" '(> 1) (order "ab" "a"))
    (test-equal "string-compare a prefix is less" '(< 2) (order "ab" "abc"))
    (test-equal "string-compare with ranges: an index in s1" '(= 4)
                (order "xabc" "abcy" 1 4 0 3))
    (test-equal "string-compare-ci" 'eq
                (string-compare-ci "ABC" "abc" (lambda (i) 'lt) (lambda (i) 'eq)
                                   (lambda (i) 'gt)))
    (test-error-contains "string-compare: not a procedure"
                         '("string-compare" "position 4")
                         (lambda () (string-compare "a" "b" values 1 values)))
    (test-assert "string=" (string= "abc" "abc"))
    (test-assert "string= with ranges" (string= "xabc" "abcy" 1 4 0 3))
    (test-assert "string<>" (string<> "abc" "abd"))
    (test-assert "string<" (string< "abc" "abd"))
    (test-assert "string< of a prefix" (string< "ab" "abc"))
    (test-assert "string> false" (not (string> "abc" "abd")))
    (test-assert "string<=" (string<= "abc" "abc"))
    (test-assert "string>=" (string>= "b" "abc"))
    (test-assert "string-ci=" (string-ci= "Straße" "STRAßE"))
    (test-assert "string-ci<" (string-ci< "abc" "ABD"))
    (test-assert "string-ci<>" (string-ci<> "abc" "ABD"))
    (test-assert "string-ci>" (string-ci> "b" "A"))
    (test-assert "string-ci<=" (string-ci<= "A" "a"))
    (test-assert "string-ci>=" (string-ci>= "a" "A"))
    (test-assert "string< beyond the BMP" (string< "a" wide))
    (test-error-contains "string=: a bad end" '("string=" "position 4")
                         (lambda () (string= "abc" "abc" 0 4)))
    (test-assert "string-hash in its bound" (< (string-hash "abc" 10) 10))
    (test-equal "string-hash of a range" (string-hash "bc" 1000) (string-hash "abcd" 1000 1 3))
    (test-equal "string-hash-ci ignores case" (string-hash-ci "ABC") (string-hash-ci "abc"))))

;; ------------------------------------------------------------------
(test-group "prefixes and suffixes"
  (lambda ()
    (test-equal "string-prefix-length" 3 (string-prefix-length "hello" "help"))
    (test-equal "string-prefix-length of nothing" 0 (string-prefix-length "" "abc"))
    (test-equal "string-suffix-length" 6 (string-suffix-length "walking" "talking!" 0 7 0 7))
    (test-equal "string-prefix-length-ci" 2 (string-prefix-length-ci "ABc" "abd"))
    (test-equal "string-suffix-length-ci" 3 (string-suffix-length-ci "xABC" "yabc"))
    (test-assert "string-prefix?" (string-prefix? "he" "hello"))
    (test-assert "string-prefix? of the empty string" (string-prefix? "" "hello"))
    (test-assert "string-prefix? longer" (not (string-prefix? "hello!" "hello")))
    (test-assert "string-suffix?" (string-suffix? "lo" "hello"))
    (test-assert "string-suffix? false" (not (string-suffix? "he" "hello")))
    (test-assert "string-prefix-ci?" (string-prefix-ci? "HE" "hello"))
    (test-assert "string-suffix-ci?" (string-suffix-ci? "LO" "hello"))
    (test-assert "string-prefix? with ranges" (string-prefix? "xel" "hello" 1 3 1))
    (test-assert "string-suffix? beyond the BMP" (string-suffix? (string #\x1F600 #\c) wide))
    (test-error-contains "string-prefix?: not a string" '("string-prefix?" "position 2")
                         (lambda () (string-prefix? "a" 'b)))))

;; ------------------------------------------------------------------
(test-group "searching"
  (lambda ()
    (test-equal "string-index with a character" 2 (string-index "hello" #\l))
    (test-equal "string-index with a char-set" 1 (string-index "a1b" char-set:digit))
    (test-equal "string-index with a predicate" 1 (string-index "a1b" char-numeric?))
    (test-equal "string-index not found" #f (string-index "hello" #\z))
    (test-equal "string-index with a start" 3 (string-index "hello" #\l 3))
    (test-equal "string-index with a range, not found" #f (string-index "hello" #\o 0 4))
    (test-equal "string-index of the empty string" #f (string-index "" #\a))
    (test-equal "string-index beyond the BMP" 1 (string-index wide #\x1F600))
    (test-equal "string-index with a wide char-set" 3
                (string-index wide (char-set #\c #\x1F600) 2))
    (test-equal "string-index-right" 3 (string-index-right "hello" #\l))
    (test-equal "string-rindex is string-index-right" 3 (string-rindex "hello" #\l))
    (test-equal "string-index-right with a predicate and range" 2
                (string-index-right "hello" (lambda (c) (char=? c #\l)) 0 3))
    (test-equal "string-skip" 2 (string-skip "  x " #\space))
    (test-equal "string-skip all" #f (string-skip "   " char-whitespace?))
    (test-equal "string-skip-right" 2 (string-skip-right "  x " char-set:whitespace))
    (test-equal "string-count" 3 (string-count "banana" #\a))
    (test-equal "string-count with a predicate and a range" 2
                (string-count "banana" (lambda (c) (char=? c #\a)) 2))
    (test-equal "string-count with a char-set" 3 (string-count "a1b2c3" char-set:digit))
    (test-equal "string-contains" 15 (string-contains "eek -- what a geek." "ee" 12 18))
    (test-equal "string-contains not found" #f (string-contains "hello" "lol"))
    (test-equal "string-contains of the empty string" 0 (string-contains "abc" ""))
    (test-equal "string-contains in the empty string" #f (string-contains "" "a"))
    (test-equal "string-contains with a start2" 2 (string-contains "hello" "xll" 0 5 1))
    (test-equal "string-contains beyond the BMP" 2
                (string-contains wide (string #\b #\x1F600)))
    (test-equal "string-contains: a repetitive pattern" 6
                (string-contains "aaaaaaaaab" "aaab"))
    (test-equal "string-contains-ci" 2 (string-contains-ci "HELLO" "ll"))
    (test-equal "string-contains-ci beyond Latin-1" 1
                (string-contains-ci "xΣΑΣ" "σασ"))
    (test-error-contains "string-index: a bad predicate"
                         '("string-index" "position 2" "character, char-set or predicate")
                         (lambda () (string-index "abc" 5)))
    (test-error-contains "string-index: not a string" '("string-index" "position 1" "string")
                         (lambda () (string-index 'abc #\a)))
    (test-error-contains "string-index: end past the string" '("string-index" "position 4")
                         (lambda () (string-index "abc" #\a 0 4)))
    (test-error-contains "string-index: start after end" '("string-index" "position 3")
                         (lambda () (string-index "abc" #\a 2 1)))
    (test-error-contains "string-index: too many arguments" '("string-index" "too many")
                         (lambda () (string-index "abc" #\a 0 1 2)))
    (test-error-contains "string-contains: a bad start2" '("string-contains" "position 5")
                         (lambda () (string-contains "abc" "b" 0 3 9)))
    (test-error-contains "string-index: a non-integer start" '("string-index" "position 3")
                         (lambda () (string-index "abc" #\a 'x)))))

;; ------------------------------------------------------------------
(test-group "case mapping"
  (lambda ()
    (test-equal "string-upcase" "HELLO" (string-upcase "hello"))
    (test-equal "string-upcase with a range: the mapped part" "EL"
                (string-upcase "hello" 1 3))
    (test-equal "string-downcase with a range" "ll" (string-downcase "HELLO" 2 4))
    (test-equal "string-titlecase" "--Capitalize This Sentence."
                (string-titlecase "--capitalize tHIS sentence."))
    (test-equal "string-titlecase with digits" "3Com Makes Routers."
                (string-titlecase "3com makes routers."))
    (test-equal "string-titlecase: the titlecase of a digraph" (string #\x1C5 #\a)
                (string-titlecase (string #\x1C6 #\A)))
    (test-equal "string-titlecase with a range" "Ll" (string-titlecase "hello" 2 4))
    (test-equal "string-titlecase with a start (the SRFI's example)" "Easy Fried Chicken"
                (string-titlecase "greasy fried chicken" 2))
    (test-equal "string-upcase!" "hELLo"
                (let ((s (string-copy "hello"))) (string-upcase! s 1 4) s))
    (test-equal "string-downcase!" "hello"
                (let ((s (string-copy "HELLO"))) (string-downcase! s) s))
    (test-equal "string-titlecase!" "Hello World"
                (let ((s (string-copy "hELLO wORLD"))) (string-titlecase! s) s))
    (test-error-contains "string-upcase!: a literal" '("string-set!")
                         (lambda () (string-upcase! "abc")))))

;; ------------------------------------------------------------------
(test-group "reverse and append"
  (lambda ()
    (test-equal "string-reverse" ".able was I ere I saw elbA"
                (string-reverse "Able was I ere I saw elba."))
    (test-equal "string-reverse with a range" "snoops"
                (string-reverse "Who stole the spoons?" 14 20))
    (test-equal "string-reverse of nothing" "" (string-reverse ""))
    (test-equal "string-reverse beyond the BMP" (string #\c #\x1F600 #\b #\x1F600 #\a)
                (string-reverse wide))
    (test-equal "string-reverse!" "adcb"
                (let ((s (string-copy "abcd"))) (string-reverse! s 1) s))
    (test-equal "string-append/shared" "abc" (string-append/shared "a" "bc"))
    (test-equal "string-concatenate" "abc" (string-concatenate '("a" "" "bc")))
    (test-equal "string-concatenate of nothing" "" (string-concatenate '()))
    (test-equal "string-concatenate mixed widths" (string #\a #\x1F600)
                (string-concatenate (list "a" smile)))
    (test-equal "string-concatenate/shared" "ab" (string-concatenate/shared '("a" "b")))
    (test-equal "string-concatenate-reverse" "Hello, I must be going."
                (string-concatenate-reverse '(" must be" "Hello, I") " going.XXXX" 7))
    (test-error-contains "string-concatenate-reverse: end past final"
                         '("string-concatenate-reverse" "position 3")
                         (lambda () (string-concatenate-reverse '("a") "bc" 3)))
    (test-equal "string-concatenate-reverse without final" "ab"
                (string-concatenate-reverse '("b" "a")))
    (test-equal "string-concatenate-reverse/shared" "ab"
                (string-concatenate-reverse/shared '("b" "a")))
    (test-error-contains "string-concatenate: a non-string"
                         '("string-concatenate" "list of strings")
                         (lambda () (string-concatenate '("a" #\b))))))

;; ------------------------------------------------------------------
(test-group "fold, unfold and map"
  (lambda ()
    (test-equal "string-map (SRFI 13 form)" "EL" (string-map char-upcase "hello" 1 3))
    (test-equal "string-map (R7RS form)" "bd"
                (string-map (lambda (a b) (if (char<? a b) b a)) "ab" "bd"))
    (test-equal "string-map!" "hELlo"
                (let ((s (string-copy "hello"))) (string-map! char-upcase s 1 3) s))
    (test-equal "string-fold" '(#\c #\b #\a) (string-fold cons '() "abc"))
    (test-equal "string-fold with a range" '(#\c #\b) (string-fold cons '() "abc" 1))
    (test-equal "string-fold-right" '(#\a #\b #\c) (string-fold-right cons '() "abc"))
    (test-equal "string-fold counts" 2
                (string-fold (lambda (c n) (if (char-lower-case? c) (+ n 1) n)) 0 "aBc"))
    (test-equal "string-unfold" "abc" (string-unfold null? car cdr '(#\a #\b #\c)))
    (test-equal "string-unfold with base and final" "<ab>"
                (string-unfold null? car cdr '(#\a #\b) "<" (lambda (x) ">")))
    (test-equal "string-unfold-right" "cba" (string-unfold-right null? car cdr '(#\a #\b #\c)))
    (test-equal "string-unfold-right with base and final" "<ba>"
                (string-unfold-right null? car cdr '(#\a #\b) ">" (lambda (x) "<")))
    (test-equal "string-for-each (SRFI 13 form)" '(#\c #\b)
                (let ((l '())) (string-for-each (lambda (c) (set! l (cons c l))) "abc" 1) l))
    (test-equal "string-for-each-index" '(2 1)
                (let ((l '())) (string-for-each-index (lambda (i) (set! l (cons i l))) "abc" 1) l))
    (test-error-contains "string-fold: not a procedure" '("string-fold" "position 1")
                         (lambda () (string-fold 1 '() "abc")))
    (test-error-contains "string-map: a bad range" '("string-map" "position 3")
                         (lambda () (string-map char-upcase "abc" 5)))))

;; ------------------------------------------------------------------
(test-group "replicate, replace, tokenize, filter"
  (lambda ()
    (test-equal "xsubstring rotates left" "cdefab" (xsubstring "abcdef" 2 8))
    (test-equal "xsubstring rotates right" "efabcd" (xsubstring "abcdef" -2 4))
    (test-equal "xsubstring replicates" "abcabca" (xsubstring "abc" 0 7))
    (test-equal "xsubstring without to" "bca" (xsubstring "abc" 1))
    (test-equal "xsubstring of a range" "defdef" (xsubstring "abcdefg" 0 6 3 6))
    (test-equal "xsubstring of a range, shifted" "efdefd" (xsubstring "abcdefg" 1 7 3 6))
    (test-equal "xsubstring of nothing" "" (xsubstring "" 0 0))
    (test-error-contains "xsubstring of an empty string" '("xsubstring")
                         (lambda () (xsubstring "" 0 1)))
    (test-equal "string-xcopy!" "xcabx"
                (let ((s (make-string 5 #\x))) (string-xcopy! s 1 "abc" 2 5) s))
    (test-equal "string-replace" "The miserable perl programmer endured daily ridicule."
                (string-replace "The TCL programmer endured daily ridicule."
                                "another miserable perl drone" 4 7 8 22))
    (test-equal "string-replace inserts" "It's really easy"
                (string-replace "It's easy" "really " 5 5))
    (test-equal "string-tokenize" '("Help" "make" "programs" "run," "run," "RUN!")
                (string-tokenize "Help make programs run, run, RUN!"))
    (test-equal "string-tokenize with a char-set" '("a" "b" "c")
                (string-tokenize "a1b22c" char-set:letter))
    (test-equal "string-tokenize with a range" '("b")
                (string-tokenize "a b c" char-set:letter 1 4))
    (test-equal "string-tokenize of nothing" '() (string-tokenize "   "))
    (test-equal "string-filter (Guile's order)" "12" (string-filter char-numeric? "a1b2"))
    (test-equal "string-filter (SRFI 13's order)" "12" (string-filter "a1b2" char-numeric?))
    (test-equal "string-filter with a char-set and range" "2"
                (string-filter char-set:digit "a1b2" 2))
    (test-equal "string-delete" "ab" (string-delete char-numeric? "a1b2"))
    (test-equal "string-delete with a character" "bnn" (string-delete #\a "banana"))
    (test-equal "string-delete beyond the BMP" "abc" (string-delete #\x1F600 wide))))

;; ------------------------------------------------------------------
(test-group "Guile's string-split"
  (lambda ()
    (test-equal "by a character" '("a" "b" "" "c") (string-split "a:b::c" #\:))
    (test-equal "by a char-set" '("a" "b" "c") (string-split "a:b,c" (char-set #\: #\,)))
    (test-equal "by a predicate" '("a" "b" "c") (string-split "a1b2c" char-numeric?))
    (test-equal "of the empty string" '("") (string-split "" #\:))
    (test-equal "leading and trailing separators" '("" "a" "") (string-split ":a:" #\:))
    (test-equal "beyond the BMP" '("x" "y" "") (string-split (string #\x #\x1F600 #\y #\x1F600) #\x1F600))
    (test-error-contains "a bad separator" '("string-split" "position 2")
                         (lambda () (string-split "a b" "b")))))

;; ------------------------------------------------------------------
(test-group "the low-level procedures"
  (lambda ()
    (test-equal "string-parse-start+end" '((x) 1 2)
                (all-values (lambda () (string-parse-start+end 'p "abc" '(1 2 x)))))
    (test-equal "string-parse-final-start+end" '(0 3)
                (all-values (lambda () (string-parse-final-start+end 'p "abc" '()))))
    (test-error-contains "string-parse-final-start+end: too many" '("too many")
                         (lambda () (string-parse-final-start+end 'p "abc" '(1 2 3))))
    (test-equal "let-string-start+end" '(1 3)
                (let-string-start+end (start end) 'p "abc" '(1) (list start end)))
    (test-assert "substring-spec-ok?" (substring-spec-ok? "abc" 1 3))
    (test-assert "substring-spec-ok? not" (not (substring-spec-ok? "abc" 2 4)))
    (test-error-contains "check-substring-spec" '("substring")
                         (lambda () (check-substring-spec 'p "abc" 2 1)))
    (test-equal "make-kmp-restart-vector (the SRFI's example)" #(-1 0 0 -1 1 2)
                (make-kmp-restart-vector "abdabx"))
    (test-equal "string-kmp-partial-search finds a match" -6
                (let ((pat "abab"))
                  (string-kmp-partial-search pat (make-kmp-restart-vector pat) "xxabab" 0)))
    (test-equal "string-kmp-partial-search across two chunks" -1
                (let* ((pat "abab") (rv (make-kmp-restart-vector pat))
                       (i (string-kmp-partial-search pat rv "xaba" 0)))
                  (string-kmp-partial-search pat rv "bx" i)))
    (test-equal "kmp-step" 1 (kmp-step "abc" (make-kmp-restart-vector "abc") #\a 0 char=? 0))))

;; ------------------------------------------------------------------
(test-group "long strings"
  (lambda ()
    (define big (string-append (make-string 100000 #\a) "b"))
    (test-equal "string-contains in linear time on a bad case" 99990
                (string-contains big (string-append (make-string 10 #\a) "b")))
    (test-equal "string-contains-ci on a bad case" 99990
                (string-contains-ci big (string-append (make-string 10 #\A) "B")))
    (test-equal "split and join are inverse" big
                (string-join (string-split big #\a) "a"))))

(test-end "srfi-13")

;;; srfi-13.scm ends here
