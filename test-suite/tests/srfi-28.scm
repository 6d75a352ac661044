;;; srfi-28.scm -- tests of SRFI 28, format, with Guile's destinations
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(import (srfi 28))

(test-begin "srfi-28")

(test-group "SRFI 28's directives"
  (lambda ()
    (test-equal "the SRFI's example with ~a"
                "Hello, World!" (format "Hello, ~a" "World!"))
    (test-equal "the SRFI's example with ~s and ~%"
                "Error, list is too short: (one \"two\" 3)\n"
                (format "Error, list is too short: ~s~%" '(one "two" 3)))
    (test-equal "no directive" "plain text" (format "plain text"))
    (test-equal "the empty string" "" (format ""))
    (test-equal "~a displays" "a string #\\c? no: c" (format "~a #\\c? no: ~a" "a string" #\c))
    (test-equal "~s writes" "\"a string\" #\\c" (format "~s ~s" "a string" #\c))
    (test-equal "~~ is a tilde" "~ and ~~" (format "~~ and ~~~~"))
    (test-equal "~% is a newline" "a\nb\n" (format "a~%b~%"))
    (test-equal "directives next to each other" "12(3)" (format "~a~s~a" 1 2 '(3)))
    (test-equal "~a of a list with strings" "(a b c)" (format "~a" '(a "b" #\c)))
    (test-equal "upper-case letters" "x \"y\"" (format "~A ~S" 'x "y"))
    (test-assert "a fresh string each time"
                 (not (eq? (format "same") (format "same"))))))

(test-group "Guile's number directives"
  (lambda ()
    (test-equal "~d" "42 -7 2.5" (format "~d ~d ~d" 42 -7 2.5))
    (test-equal "~d of a large fixnum" "-2305843009213693952"
                (format "~d" -2305843009213693952))
    (test-equal "~x" "ff -10" (format "~x ~x" 255 -16))
    (test-equal "~X is ~x" "ff" (format "~X" 255))
    (test-equal "~o" "17" (format "~o" 15))
    (test-equal "~b" "101 0" (format "~b ~b" 5 0))
    (test-error-message "~d of a string"
                        "format: ~d needs a number at position 3 of: \"n: ~d\" \"7\""
                        (lambda () (format "n: ~d" "7")))
    (test-error-message "~x of an inexact number"
                        "format: ~x needs an exact integer at position 0 of: \"~x\" 1.5"
                        (lambda () (format "~x" 1.5)))
    (test-error-contains "~b of a symbol" '("format: ~b" "exact integer" "sym")
                         (lambda () (format "~b" 'sym)))))

(test-group "destinations"
  (lambda ()
    (test-equal "#f returns the string" "x = 1" (format #f "x = ~a" 1))
    (test-equal "#t writes to the current output port" "x = 1\n"
                (let ((out (open-output-string)))
                  (parameterize ((current-output-port out))
                    (format #t "x = ~a~%" 1))
                  (get-output-string out)))
    (test-equal "a port" "one \"two\""
                (let ((out (open-output-string)))
                  (format out "one ~s" "two")
                  (get-output-string out)))
    (test-equal "writing twice to a port appends" "ab"
                (let ((out (open-output-string)))
                  (format out "a")
                  (format out "~a" 'b)
                  (get-output-string out)))
    (test-equal "an error writes nothing to the port" ""
                (let ((out (open-output-string)))
                  (raised-object (lambda () (format out "text ~a ~a" 1)))
                  (get-output-string out)))
    (test-error-contains "an input port is no destination"
                         '("format: wrong type argument in position 1 (expected string, boolean or output port): #<input-port")
                         (lambda () (format (open-input-string "") "x")))
    (test-error-contains "a number is no destination"
                         '("format: wrong type argument in position 1" "5")
                         (lambda () (format 5 "x")))
    (test-error-message "a destination without a format string"
                        "format: no format string after the destination: #f"
                        (lambda () (format #f)))
    (test-error-message "a destination and a non-string"
                        "format: wrong type argument in position 2 (expected format string): x"
                        (lambda () (format #t 'x)))
    (test-error "no argument at all" (lambda () (format)))))

(test-group "errors name format and the position"
  (lambda ()
    (test-error-message "an unknown directive"
                        "format: unknown directive ~q at position 4 of: \"abc ~q\""
                        (lambda () (format "abc ~q" 1)))
    (test-error-message "~ followed by a space"
                        "format: unknown directive ~  at position 0 of: \"~ \""
                        (lambda () (format "~ ")))
    (test-error-message "too few arguments"
                        "format: too few arguments: none left for ~s at position 7 of: \"~a and ~s\""
                        (lambda () (format "~a and ~s" 1)))
    (test-error-message "too few arguments for ~d, after a destination"
                        "format: too few arguments: none left for ~d at position 0 of: \"~d\""
                        (lambda () (format #f "~d")))
    (test-error-message "too many arguments"
                        "format: too many arguments (2 left over) at position 2 of: \"~a\" y z"
                        (lambda () (format "~a" 'x 'y 'z)))
    (test-error-message "an argument for a format string without directives"
                        "format: too many arguments (1 left over) at position 2 of: \"hi\" 1"
                        (lambda () (format "hi" 1)))
    (test-error-message "a lone ~ at the end"
                        "format: a lone ~ ends the string at position 3 of: \"ab ~\""
                        (lambda () (format "ab ~")))
    (test-eq "the errors are error objects" #t
             (error-object? (raised-object (lambda () (format "~q")))))))

(test-end "srfi-28")
