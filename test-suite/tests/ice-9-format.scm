;;; ice-9-format.scm -- tests of (ice-9 format)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Every directive of Guile's manual with its parameters and
;;; modifiers, the manual's own examples, ~f ~e ~g ~$ rounding from the
;;; exact value (flonums, exact rationals, bignums), destinations and
;;; columns, and the errors: each names the directive as written and
;;; its position in the control string.

;;; Code:

(import (ice-9 format))

(test-begin "ice-9-format")

(define (fmt . args) (apply format #f args))

;; What a string port holds after TEXT, then format to it.
(define (format-after text . args)
  (let ((out (open-output-string)))
    (write-string text out)
    (apply format out args)
    (get-output-string out)))

(test-group "destinations"
  (lambda ()
    (test-equal "#f returns a string" "x=1" (format #f "x=~a" 1))
    (test-equal "a string first is the control string" "x=1" (format "x=~a" 1))
    (test-equal "#t writes to the current output port, returns #t" '(#t "a 1")
                (let ((out (open-output-string)))
                  (let ((r (parameterize ((current-output-port out))
                             (format #t "a ~a" 1))))
                    (list r (get-output-string out)))))
    (test-equal "a port, returning #t" '(#t "one\ntwo")
                (let ((out (open-output-string)))
                  (format out "one~%")
                  (list (format out "~a" 'two) (get-output-string out))))
    (test-equal "an error writes nothing to the port" ""
                (let ((out (open-output-string)))
                  (raised-object (lambda () (format out "text ~a ~a" 1)))
                  (get-output-string out)))
    (test-equal "the empty control string" "" (format #f ""))
    (test-equal "text without directives" "plain" (format #f "plain"))
    (test-equal "arguments left over are ignored" "1" (format #f "~a" 1 2 3))
    (test-error-contains "a number is no destination"
                         '("format: wrong type argument in position 1")
                         (lambda () (format 5 "x")))
    (test-error-contains "no control string after #f"
                         '("format: no format string after the destination")
                         (lambda () (format #f)))
    (test-error-contains "a control string that is no string"
                         '("format: wrong type argument in position 2")
                         (lambda () (format #f 'x)))))

(test-group "~a and ~s"
  (lambda ()
    (test-equal "display and write" "foo \"foo\" #\\a a"
                (fmt "~a ~s ~s ~a" "foo" "foo" #\a #\a))
    (test-equal "padding on the right" "abc  |" (fmt "~5a|" 'abc))
    (test-equal "~@a pads on the left" "--abc" (fmt "~5,,,'-@a" 'abc))
    (test-equal "minpad and padinc" "abc    |" (fmt "~5,1,4a|" 'abc))
    (test-equal "padinc in steps" "abc   |" (fmt "~4,3a|" 'abc))
    (test-equal "wider than mincol: no padding" "abcdef" (fmt "~3a" 'abcdef))
    (test-equal "minpad, then colinc steps to mincol" "ab********|********ab"
                (fmt "~10,3,2,'*a|~10,3,2,'*@a" "ab" "ab"))
    ;; The fuzz target found padding counted one step at a time: a v
    ;; mincol of 10^10 took minutes before the error, 10^30 for ever.
    (test-error "a mincol too wide to be made raises at once"
                (fmt "~v@s" (expt 10 30) 1))
    (test-equal "~s padded" "\"ab\" |" (fmt "~5s|" "ab"))
    (test-equal "width counts characters beyond the BMP" "\x1F600;\x1F600;xxx|"
                (fmt "~5,,,'xa|" "\x1F600;\x1F600;"))
    (test-equal "~@a beyond the BMP" "   a\x1F600;" (fmt "~5@a" "a\x1F600;"))
    (test-equal "~:a quotes what has no external representation" #t
                (let ((s (fmt "~:a" car)))
                  (and (char=? (string-ref s 0) #\")
                       (char=? (string-ref s 1) #\#))))
    (test-equal "~:a of an ordinary datum" "(1 2)" (fmt "~:a" '(1 2)))
    (test-equal "~:a of a string that looks like #<" "#<x" (fmt "~:a" "#<x"))
    (test-equal "upper-case letters" "x \"y\"" (fmt "~A ~S" 'x "y"))
    (test-equal "a v parameter" "ab   |" (fmt "~va|" 5 "ab"))
    (test-equal "a v parameter of #f is the default" "ab|" (fmt "~va|" #f "ab"))
    (test-equal "a # parameter: the arguments left" "a |b" (fmt "~#a|~a" 'a 'b))))

(test-group "~c"
  (lambda ()
    (test-equal "plain" "z" (fmt "~c" #\z))
    (test-equal "~@c writes" "#\\z #\\space" (fmt "~@c ~@c" #\z #\space))
    (test-equal "~:c control characters" "^J^A^?b" (fmt "~:c~:c~:c~:c" #\newline
                                                         (integer->char 1)
                                                         (integer->char 127) #\b))
    (test-equal "a character code takes no argument" "A-x" (fmt "~65c-~a" 'x))
    (test-equal "beyond the BMP" "\x1F600;" (fmt "~c" #\x1F600))
    (test-error-contains "not a character" '("~c: the argument is not a character")
                         (lambda () (fmt "~c" "a")))))

(test-group "integers"
  (lambda ()
    (test-equal "~d ~x ~o ~b" "123 feed 17 101" (fmt "~d ~x ~o ~b" 123 65261 15 5))
    (test-equal "~X is ~x" "ff" (fmt "~X" 255))
    (test-equal "negative" "-42 -ff" (fmt "~d ~x" -42 -255))
    (test-equal "~@ always shows the sign" "+1100 +0 -3" (fmt "~@b ~@d ~@d" 12 0 -3))
    (test-equal "width and pad" "***12 00012 1234" (fmt "~5,'*d ~5,'0d ~3d" 12 12 1234))
    (test-equal "~8,'0d" "00000042" (fmt "~8,'0d" 42))
    (test-equal "~8,'0d of a negative pads before the sign, as in Guile and CL"
                "00000-42" (fmt "~8,'0d" -42))
    (test-equal "~:d groups by three" "1,234,567 -1,234 123" (fmt "~:d ~:d ~:d" 1234567 -1234 123))
    (test-equal "comma character and width" "***1/23/45" (fmt "~10,'*,'/,2:d" 12345))
    (test-equal "groups of four" "12,3456,7890" (fmt "~,,',,4:d" 1234567890))
    (test-equal "grouping and sign" "+1.000.000" (fmt "~,,'.:@d" 1000000))
    (test-equal "a bignum" "1,180,591,620,717,411,303,424" (fmt "~:d" (expt 2 70)))
    (test-equal "a bignum in hex" "100000000000000000" (fmt "~x" (expt 2 68)))
    (test-equal "~x in upper case through ~:@(" "FEED" (fmt "~:@(~x~)" 65261))
    (test-error-contains "~d of a flonum" '("~5d: the argument is not an exact integer" "2.5")
                         (lambda () (fmt "~5d" 2.5)))
    (test-error-contains "~x of a symbol" '("~x: the argument is not an exact integer")
                         (lambda () (fmt "~x" 'a)))))

(test-group "~r"
  (lambda ()
    (test-equal "a radix" "1000 377 z" (fmt "~3r ~8r ~36r" 27 255 35))
    (test-equal "radix, width" "  222" (fmt "~3,5r" 26))
    (test-equal "radix with grouping" "1 0000 0000" (fmt "~2,,,' ,4:r" 256))
    (test-equal "cardinals" "nine|minus nine|zero|twenty-one|one hundred"
                (fmt "~r|~r|~r|~r|~r" 9 -9 0 21 100))
    (test-equal "large cardinals" "one thousand, two hundred thirty-four"
                (fmt "~r" 1234))
    (test-equal "a million and one" "one million, one" (fmt "~r" 1000001))
    (test-equal "a bignum in words" "one sextillion" (fmt "~r" (expt 10 21)))
    (test-equal "ordinals" "ninth first second third twelfth twentieth one hundred first zeroth"
                (fmt "~:r ~:r ~:r ~:r ~:r ~:r ~:r ~:r" 9 1 2 3 12 20 101 0))
    (test-equal "an ordinal with a hyphen" "forty-second" (fmt "~:r" 42))
    (test-equal "Roman numerals" "LXXXIX MCMXCIV IV" (fmt "~@r ~@r ~@r" 89 1994 4))
    (test-equal "old Roman numerals" "LXXXVIIII IIII" (fmt "~:@r ~:@r" 89 4))
    (test-error-contains "Roman numerals of 0" '("~@r: Roman numerals need")
                         (lambda () (fmt "~@r" 0)))
    (test-error-contains "a bad radix" '("~37r: the radix must be between 2 and 36")
                         (lambda () (fmt "~37r" 5)))
    (test-error-contains "too large for words" '("too large to say in words")
                         (lambda () (fmt "~r" (expt 10 70))))))

(test-group "~f"
  (lambda ()
    (test-equal "the manual's examples" "5.0|123.0|0.1|+0.0"
                (fmt "~f|~f|~f|~@f" 5 "123" "1e-1" 0))
    (test-equal "width pads on the left" "  -1.5|**23.0|1234567.0"
                (fmt "~6f|~6,,,,'*f|~6f" -1.5 23 1234567.0))
    (test-equal "decimals" "3.13|1.50" (fmt "~1,2f|~1,2f" 3.125 1.5))
    (test-equal "2.675 is below 2.675 in binary" "2.67" (fmt "~,2f" 2.675))
    (test-equal "0.125 is exact: halfway goes up" "0.13" (fmt "~,2f" 0.125))
    (test-equal "1.005 in binary is below the half" "1.00" (fmt "~,2f" 1.005))
    (test-equal "negative halfway goes away from zero" "-0.13" (fmt "~,2f" -0.125))
    (test-equal "an exact rational, rounded" "0.33 0.67 2.68" (fmt "~,2f ~,2f ~,2f" 1/3 2/3 2675/1000))
    (test-equal "an exact rational without decimals" "0.125 0.33333333333333333"
                (fmt "~f ~f" 1/8 1/3))
    (test-equal "a bignum" "100000000000000000000000000000.00" (fmt "~,2f" (expt 10 29)))
    (test-equal "a bignum without decimals" "12345678901234567890123.0"
                (fmt "~f" 12345678901234567890123))
    (test-equal "a large flonum" "1000000000000000000000.0" (fmt "~f" 1e21))
    (test-equal "a small flonum" "0.0000001" (fmt "~f" 1e-7))
    (test-equal "no decimals: a point and no digit" "4." (fmt "~,0f" 3.7))
    (test-equal "scale" "123400.0|12.34" (fmt "~,,2f|~,,-2f" 1234 1234))
    (test-equal "overflow characters" "12345.|xxxxx" (fmt "~6,,,'xf|~5,,,'xf" 12345 12345))
    (test-equal "fewer decimals to fit the width" "3.14" (fmt "~4f" 3.14159))
    (test-equal "a leading zero goes when space is short" ".50|0.50" (fmt "~3,2f|~4,2f" 0.5 0.5))
    (test-equal "negative zero" "-0.0" (fmt "~f" -0.0))
    (test-equal "infinities and NaN" "+inf.0|  -inf.0|+nan.0" (fmt "~f|~8f|~f" +inf.0 -inf.0 +nan.0))
    (test-equal "v parameters" "    3.14" (fmt "~v,vf" 8 2 3.14159))
    (test-error-contains "not a number" '("~f: the argument is not a real number" "abc")
                         (lambda () (fmt "~f" 'abc)))
    (test-error-contains "a negative width" '("~-5,2f: parameter 1 must not be negative")
                         (lambda () (fmt "~-5,2f" 1.0)))))

(test-group "~e ~g ~$ ~i"
  (lambda ()
    (test-equal "~e" "5.00025E+3|1.234E+2|1.0E+4" (fmt "~e|~e|~e" 5000.25 "123.4" "1e4"))
    (test-equal "~@e" "+5.0E+3" (fmt "~@e" 5000.0))
    (test-equal "width" "  1.234E+3|****5.0E-1" (fmt "~10e|~10,,,,,'*e" 1234.0 0.5))
    (test-equal "mantissa digits" "1.111E+4|1.23000000E+2" (fmt "~,3e|~,8e" 11111.0 123.0))
    (test-equal "exponent digits" "1.0E+99|1.0E+000099" (fmt "~,,1e|~,,6e" 1.0e99 1.0e99))
    (test-equal "intdigits" "123.45E+2|0.12345E+5|0.00012345E+8"
                (fmt "~,,,3e|~,,,0e|~,,,-3e" 12345.0 12345.0 12345.0))
    (test-equal "overflow" "1.0E+2|xxx" (fmt "~6,,,,'xe|~3,,,,'xe" 100.0 100.0))
    (test-equal "exponent character" "1.0e+2" (fmt "~,,,,,,'ee" 100.0))
    (test-equal "zero" "0.0E+0|0.00E+0" (fmt "~e|~,2e" 0.0 0))
    (test-equal "rounding to 10.0 moves the exponent" "1.0E+1" (fmt "~,1e" 9.96))
    (test-equal "a bignum, exact" "1.00E+30" (fmt "~,2e" (expt 10 30)))
    (test-equal "~g fixed" "   999.0    " (fmt "~12,4,2g" 999.0))
    (test-equal "~g exponential" "  1.0000E+05" (fmt "~12,4,2g" "100000"))
    (test-equal "~g of small values" "1.0E-2|0.5    " (fmt "~g|~g" 0.01 0.5))
    (test-equal "~$" "5.00|2.2500|0.0100|+0.00" (fmt "~$|~4$|~4$|~@$" 5 "2.25" "1e-2" 0))
    (test-equal "~$ intdigits" "009.50|.13" (fmt "~,3$|~,0$" 9.5 0.125))
    (test-equal "~$ padding" "   -1.50|-   1.50|+...3.00"
                (fmt "~,,8$|~,,8:$|~,,8,'.:@$" -1.5 -1.5 3))
    (test-equal "~$ rounds the exact value" "2.67" (fmt "~$" 2.675))
    (test-equal "~i" "1.0+2.0i|1.50-2.00i" (fmt "~i|~,2i" 1+2i 1.5-2i))))

(test-group "~% ~& ~~ ~_ ~/ ~| ~t and continuation lines"
  (lambda ()
    (test-equal "~% and ~n%" "a\nb\n\n\n" (fmt "a~%b~3%"))
    (test-equal "~~" "~ ~~~" (fmt "~~ ~3~"))
    (test-equal "~& at the start of a line" "x\ny\n\n\nz" (fmt "~&x~&~&y~3&z"))
    (test-equal "~& follows the destination's column" "ab\nx" (format-after "ab" "~&x"))
    (test-equal "~& after a newline on the port" "ab\nx" (format-after "ab\n" "~&x"))
    (test-equal "~_ ~/ ~|" "  \t\t\x0C;" (fmt "~2_~2/~|"))
    (test-equal "~v_" "    foo" (fmt "~v_foo" 4))
    (test-equal "~t" '(" X" "   X") (list (fmt "~tX") (fmt "~3tX")))
    (test-equal "~t past the column, with colinc" "abcd...x" (fmt "abcd~2,5,'.tx"))
    (test-equal "~@t relative" "a****x" (fmt "a~3,5'*@tx"))
    (test-equal "~t counts from the port's column" "abcde   x" (format-after "abcde" "~8tx"))
    (test-equal "~t after a newline" "ab\n  x" (fmt "ab~%~2tx"))
    (test-equal "~newline skips the whitespace after it" "abc1 def2"
                (fmt "abc~\n            ~d def~\n            ~d" 1 2))
    (test-equal "~:newline keeps the whitespace" "a  b" (fmt "a~:\n  b"))
    (test-equal "~@newline keeps the newline" "a\nb" (fmt "a~@\n   b"))))

(test-group "~* ~? ~p ~y"
  (lambda ()
    (test-equal "~n*" "1 4" (fmt "~d ~2*~d" 1 2 3 4))
    (test-equal "~:*" "6 6" (fmt "~d ~:*~d" 6))
    (test-equal "~@*" "12 again 12" (fmt "~d~d again ~@*~d~d" 1 2))
    (test-equal "~n@*" "123 23" (fmt "~d~d~d ~1@*~d~d" 1 2 3))
    (test-equal "~#* then back" "c" (fmt "~#*~2:*~a" 'a 'b 'c 'd))
    (test-equal "~?" "1 2 | foo" (fmt "~? | ~a" "~d ~d" '(1 2) 'foo))
    (test-equal "~k is ~?" "1 2" (fmt "~k" "~d ~d" '(1 2)))
    (test-equal "~@?" "1 2 \"foo\"" (fmt "~@? ~s" "~d ~d" 1 2 "foo"))
    (test-equal "~^ in ~? ends the sub-format only" "1 items|1 2 items"
                (fmt "~? items|~? items" "~d~^ ~d" '(1) "~d~^ ~d" '(1 2)))
    (test-equal "~p" "name|names|puppy|puppies" (fmt "name~p|name~p|pupp~@p|pupp~@p" 1 2 1 2))
    (test-equal "~:p reuses the argument" "9 cats|1 cat|5 puppies"
                (fmt "~d cat~:p|~d cat~:p|~d pupp~:@p" 9 1 5))
    (test-equal "~y pretty-prints" "(define (f x)\n  (+ x 1))\n"
                (fmt "~16y" '(define (f x) (+ x 1))))
    (test-equal "~@y truncates" "(1 2 3 4 \x2026;)" (fmt "~12@y" '(1 2 3 4 5 6 7 8)))
    (test-error-contains "~:* before the first" '("~:*: moves before the first argument")
                         (lambda () (fmt "~:*~a" 1)))
    (test-error-contains "~@* past the last" '("~5@*: moves past the last argument")
                         (lambda () (fmt "~5@*" 1)))
    (test-error-contains "~? of a non-string" '("~?: the argument is not a format string")
                         (lambda () (fmt "~?" 1 '())))
    (test-error-contains "an error inside ~? names the sub-format"
                         '("~q: unknown directive at position 2 of: \"ab~q\"")
                         (lambda () (fmt "x ~?" "ab~q" '())))))

(test-group "~( ~)"
  (lambda ()
    (test-equal "lower case" "hello" (fmt "~(Hello~)"))
    (test-equal "upper case" "HELLO 1" (fmt "~:@(Hello ~a~)" 1))
    (test-equal "capitalize every word" "Hello World Foo-Bar" (fmt "~:(hello wORLD foo-bar~)"))
    (test-equal "capitalize the first word" "Hello world" (fmt "~@(hello WORLD~)"))
    (test-equal "arguments inside" "abc DEF" (fmt "~(~a~) ~:@(~a~)" "ABC" "def"))
    (test-equal "beyond the BMP" "\x1F600;abc" (fmt "~(\x1F600;ABC~)"))
    (test-error-contains "unclosed" '("~(: ~( without a matching ~)")
                         (lambda () (fmt "~(abc")))))

(test-group "~[ ~; ~]"
  (lambda ()
    (test-equal "numeric selection" "banana" (fmt "~[peach~;banana~;mango~]" 1))
    (test-equal "a parameter selects" "mango" (fmt "~2[peach~;banana~;mango~]"))
    (test-equal "out of range: nothing" "" (fmt "~[banana~;mango~]" 99))
    (test-equal "~:; default" "fruit|banana" (fmt "~[banana~;mango~:;fruit~]|~[banana~;mango~:;fruit~]" 99 0))
    (test-equal "~:[ false/true" "false|not false" (fmt "~:[false~;not false~]|~:[false~;not false~]" #f 'abc))
    (test-equal "~:[ in a sentence" "3 gnus are here" (fmt "~d gnu~:[s are~; is~] here" 3 #f))
    (test-equal "~@[ uses its argument" "temperature=27|" (fmt "~@[temperature=~d~]|~@[temperature=~d~]" 27 #f))
    (test-equal "nested" "a-y" (fmt "~[~;a-~:[x~;y~]~]" 1 #t))
    (test-equal "~^ in a conditional ends the format" "abc" (fmt "~[abc~^def~;ghi~] blah" 0))
    (test-error-contains "a non-integer selector" '("~[: the argument is not an exact integer")
                         (lambda () (fmt "~[a~;b~]" 'x)))
    (test-error-contains "~:[ with three clauses" '("~:[: ~:[ needs two clauses")
                         (lambda () (fmt "~:[a~;b~;c~]" #t)))
    (test-error-contains "a clause after the default" '("a clause after the ~:; default")
                         (lambda () (fmt "~[a~:;b~;c~]" 1)))
    (test-error-contains "unclosed" '("~[: ~[ without a matching ~]" "at position 2")
                         (lambda () (fmt "ab~[x~;y" 0)))))

(test-group "~{ ~} and ~^"
  (lambda ()
    (test-equal "over a list" "123" (fmt "~{~d~}" '(1 2 3)))
    (test-equal "several per step" "\"x\"=1 \"y\"=2 " (fmt "~{~s=~d ~}" '("x" 1 "y" 2)))
    (test-equal "~:{ sublists" "1x2 3x4 5x6 " (fmt "~:{~dx~d ~}" '((1 2) (3 4) (5 6))))
    (test-equal "~@{ the arguments" "123" (fmt "~@{~d~}" 1 2 3))
    (test-equal "~:@{ arguments as sublists" "1x2 3x4 " (fmt "~:@{~dx~d ~}" '(1 2) '(3 4)))
    (test-equal "maxreps" "12" (fmt "~2{~d~}" '(1 2 3 4)))
    (test-equal "an empty list" "[]" (fmt "[~{~a~}]" '()))
    (test-equal "~:} runs once even for an empty list" "[x]" (fmt "[~{x~:}]" '()))
    (test-equal "an empty body takes a format string" "123" (fmt "~{~}" "~d" '(1 2 3)))
    (test-equal "nested" "12x345x" (fmt "~{~{~d~}x~}" '((1 2) (3 4 5))))
    (test-equal "~^ drops the last separator" "1/2/3 go" (fmt "~{~d~^/~} go" '(1 2 3)))
    (test-equal "~^ ends a ~:{ step" " 1 23 go" (fmt "~:{ ~d~^~d~} go" '((1) (2 3))))
    (test-equal "~:^ ends the whole ~:{ at its last step" "12|34|56"
                (fmt "~:{~a~a~:^|~}" '((1 2) (3 4) (5 6))))
    (test-equal "~^ at the top level" "1|1 2" (string-append (fmt "~d~^ ~d" 1) "|" (fmt "~d~^ ~d" 1 2)))
    (test-equal "~^ with one parameter" "ab" (fmt "a~v^b~v^c" 1 0))
    (test-equal "~^ with two parameters" "a" (fmt "a~3,3^b"))
    (test-equal "~^ with three parameters" "ab" (fmt "a~1,2,1^b~1,2,3^c"))
    (test-equal "a body that takes no argument runs once" "x|xxx"
                (string-append (fmt "~{x~}" '(1 2)) "|" (fmt "~3{x~}" '(1))))
    (test-equal "a list of separators" "a, b and c"
                (fmt "~{~a~#[~; and ~:;, ~]~}" '(a b c)))
    (test-error-contains "not a list" '("~{: the argument is not a list")
                         (lambda () (fmt "~{~a~}" 5)))
    (test-error-contains "~:{ element not a list" '("~:{: an element is not a list")
                         (lambda () (fmt "~:{~a~}" '(1))))
    (test-error-contains "unclosed" '("~{: ~{ without a matching ~}")
                         (lambda () (fmt "~{~a" '(1))))
    (test-error-contains "a stray closer" '("~}: no opening directive for ~}" "at position 1")
                         (lambda () (fmt "a~}")))
    (test-error-contains "a closer of the wrong kind" '("~]: unexpected in ~{")
                         (lambda () (fmt "~{a~]" '())))))

(test-group "errors name the directive and its position"
  (lambda ()
    (test-error-message "an unknown directive"
                        "format: ~q: unknown directive at position 4 of: \"abc ~q\""
                        (lambda () (fmt "abc ~q" 1)))
    (test-error-message "a missing argument"
                        "format: ~8,'0d: too few arguments: none left at position 3 of: \"~a ~8,'0d\""
                        (lambda () (fmt "~a ~8,'0d" 1)))
    (test-error-message "a missing argument for a v parameter"
                        "format: ~va: too few arguments: none left at position 0 of: \"~va\""
                        (lambda () (fmt "~va")))
    (test-error-contains "a lone ~ at the end" '("the string ends inside a directive" "at position 2")
                         (lambda () (fmt "ab~")))
    (test-error-contains "a directive cut short" '("the string ends inside a directive")
                         (lambda () (fmt "~5,'")))
    (test-error-contains "too many parameters" '("~1,2c: too many parameters (at most 1)")
                         (lambda () (fmt "~1,2c" #\a)))
    (test-error-contains "a character where a number goes" '("~'xd: parameter 1 must be an integer")
                         (lambda () (fmt "~'xd" 1)))
    (test-error-contains "a number where a character goes" '("~5,3d: parameter 2 must be a character")
                         (lambda () (fmt "~5,3d" 1)))
    (test-error-contains "a bad v argument" '("a v parameter must be an integer or a character")
                         (lambda () (fmt "~va" "x" 1)))
    (test-error-contains "justification is not supported" '("~<" "not supported")
                         (lambda () (fmt "~<a~>")))
    (test-eq "the errors are error objects" #t
             (error-object? (raised-object (lambda () (fmt "~q")))))))

(test-group "the control string, parsed once"
  (lambda ()
    (test-equal "a string changed after use is parsed again" '("1|" "1,")
                (let ((s (string-copy "~a|")))
                  (let ((first (fmt s 1)))
                    (string-set! s 2 #\,)
                    (list first (fmt s 1)))))
    (test-equal "many calls with one literal" 1000
                (let loop ((i 0) (n 0))
                  (if (= i 1000)
                      n
                      (loop (+ i 1) (if (string=? (fmt "~5,'0d" i)
                                                  (string-append (make-string (- 5 (string-length (number->string i))) #\0)
                                                                 (number->string i)))
                                        (+ n 1) n)))))))

(test-group "(srfi 28) beside (ice-9 format)"
  (lambda ()
    (test-equal "srfi 28's format is its own, refusing extra arguments" '(#t "1")
                (let ((srfi-format (eval 'format (environment '(srfi 28)))))
                  (list (error-object? (raised-object (lambda () (srfi-format "~a" 1 2))))
                        (fmt "~a" 1 2))))
    (test-equal "one program may use both through renaming" "07|7"
                (eval '(string-append (ice9:format #f "~2,'0d" 7) "|" (srfi:format "~a" 7))
                      (environment '(scheme base)
                                   '(prefix (ice-9 format) ice9:)
                                   '(prefix (srfi 28) srfi:))))))

(test-end "ice-9-format")
