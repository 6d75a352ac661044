;;; srfi-180.scm -- tests of SRFI 180, JSON
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(import (srfi 180) (srfi 158))

(test-begin "srfi-180")

(define (read-json s) (json-read (open-input-string s)))
(define (write-json obj)
  (let ((o (open-output-string))) (json-write obj o) (get-output-string o)))
(define (events s) (generator->list (json-generator (open-input-string s))))
;; The reason of the json-error that THUNK raises, or #f.
(define (reason thunk)
  (guard (e ((json-error? e) (json-error-reason e)))
    (thunk)
    #f))

(test-group "json-read: values"
  (lambda ()
    (test-equal "null, true, false" '(null #t #f)
                (list (read-json "null") (read-json " true ") (read-json "false")))
    (test-equal "integers are exact, of any size"
                (list 0 -7 123456789012345678901234567890)
                (list (read-json "0") (read-json "-7")
                      (read-json "123456789012345678901234567890")))
    (test-equal "fractions and exponents are inexact" '(2.5 -0.125 100.0 0.015)
                (map read-json '("2.5" "-0.125" "1E2" "1.5e-2")))
    (test-equal "a string with every escape"
                "\"\\/\b\x0C;\n\r\t\x41;é"
                (read-json "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\u00E9\""))
    (test-equal "a surrogate pair escape is one character" "𝄞"
                (read-json "\"\\uD834\\uDD1E\""))
    (test-equal "UTF-8 text beyond the BMP passes through" "λ𝄞"
                (read-json "\"λ𝄞\""))
    (test-equal "arrays are vectors" #(1 #(2 #()) "x")
                (read-json "[1, [2, []], \"x\"]"))
    (test-equal "objects are alists with symbol keys, in order"
                '((b . 1) (a . #(null)) (|key with space| . ()))
                (read-json "{\"b\":1, \"a\":[null], \"key with space\": {}}"))
    (test-equal "duplicate keys are kept" '((a . 1) (a . 2))
                (read-json "{\"a\":1,\"a\":2}"))
    (test-equal "white space everywhere" '((a . #(1 2)))
                (read-json " \t\r\n{ \"a\" :\n[ 1 ,2 ] }\n"))
    (test-assert "empty input is the end of file" (eof-object? (read-json "  \n")))
    (test-equal "a leading byte-order mark is ignored" '()
                (read-json "\xFEFF;{}"))
    (test-equal "json-read reads one value, leaving the rest" '(#(1) 2 #t)
                (let ((p (open-input-string "[1] 2 true")))
                  (let* ((a (json-read p)) (b (json-read p)) (c (json-read p)))
                    (list a b c))))
    (test-equal "from a generator of characters" #(1 2)
                (json-read (string->generator "[1,2]")))
    (test-equal "from the current input port" 42
                (parameterize ((current-input-port (open-input-string "42")))
                  (json-read)))))

(test-group "json-read: errors name the position"
  (lambda ()
    (test-equal "a stray closing brace"
                "json-read: unexpected character at line 2, column 4: #\\}"
                (reason (lambda () (read-json "[1, 2,\n 3 }"))))
    (test-equal "an unterminated array"
                "json-read: unexpected end of input at line 1, column 4"
                (reason (lambda () (read-json "[1,"))))
    (test-equal "a trailing comma"
                "json-read: unexpected character at line 1, column 4: #\\]"
                (reason (lambda () (read-json "[1,]"))))
    (test-assert "a number with a leading zero"
                 (reason (lambda () (read-json "[01]"))))
    (test-assert "a number without digits after the point"
                 (reason (lambda () (read-json "1."))))
    (test-assert "a plus sign" (reason (lambda () (read-json "+1"))))
    (test-assert "a hexadecimal number" (reason (lambda () (read-json "0x10"))))
    (test-assert "NaN and Infinity" (and (reason (lambda () (read-json "NaN")))
                                         (reason (lambda () (read-json "-Infinity")))))
    (test-equal "a number out of the flonum range"
                "json-read: number out of range at line 1, column 2: \"1e400\""
                (reason (lambda () (read-json "[1e400]"))))
    (test-assert "a misspelt literal" (reason (lambda () (read-json "[tru]"))))
    (test-assert "a literal with letters after it" (reason (lambda () (read-json "nullx"))))
    (test-equal "an unterminated string"
                "json-read: unterminated string at line 1, column 5"
                (reason (lambda () (read-json "\"abc"))))
    (test-assert "a raw control character in a string"
                 (reason (lambda () (read-json "\"a\tb\""))))
    (test-assert "a bad escape" (reason (lambda () (read-json "\"\\x\""))))
    (test-assert "a short \\u escape" (reason (lambda () (read-json "\"\\u12\""))))
    (test-assert "a lone high surrogate" (reason (lambda () (read-json "\"\\uD834x\""))))
    (test-assert "a lone low surrogate" (reason (lambda () (read-json "\"\\uDD1E\""))))
    (test-assert "a non-string key" (reason (lambda () (read-json "{1:2}"))))
    (test-assert "a missing colon" (reason (lambda () (read-json "{\"a\" 2}"))))
    (test-assert "single quotes" (reason (lambda () (read-json "['a']"))))
    (test-assert "a comment" (reason (lambda () (read-json "[1 /* c */]"))))
    (test-assert "the error is an error object too"
                 (guard (e (#t (and (error-object? e) (json-error? e))))
                   (read-json "]")))
    (test-assert "json-error? of other errors is #f"
                 (guard (e (#t (not (json-error? e)))) (car '())))
    (test-assert "bytes that are not UTF-8 are a json-error"
                 (let ((file (string-append "/tmp/srfi-180-test-"
                                            (number->string (random 1000000000))
                                            ".json")))
                   (let ((o (open-binary-output-file file)))
                     (write-bytevector (bytevector 91 34 255 34 93) o)
                     (close-port o))
                   (let* ((p (open-input-file file))
                          (r (reason (lambda () (json-read p)))))
                     (close-port p)
                     (delete-file file)
                     r)))))

(test-group "limits"
  (lambda ()
    (test-equal "json-nesting-depth-limit defaults to +inf.0" +inf.0
                (json-nesting-depth-limit))
    (test-equal "depth 2 within a limit of 2" #(#(1))
                (parameterize ((json-nesting-depth-limit 2)) (read-json "[[1]]")))
    (test-equal "depth 3 past a limit of 2"
                "json-read: nesting deeper than json-nesting-depth-limit at line 1, column 4"
                (reason (lambda ()
                          (parameterize ((json-nesting-depth-limit 2))
                            (read-json "[[[1]]]")))))
    (test-assert "the limit holds for the generator"
                 (reason (lambda ()
                           (parameterize ((json-nesting-depth-limit 1))
                             (events "{\"a\":[]}")))))
    (test-equal "10^4 nested arrays read without a limit" 10000
                (let loop ((v (read-json (string-append (make-string 10000 #\[)
                                                        (make-string 10000 #\]))))
                           (n 1))
                  (if (= (vector-length v) 0) n (loop (vector-ref v 0) (+ n 1)))))
    (test-equal "5 characters within a limit of 5" #(1 2)
                (parameterize ((json-number-of-character-limit 5)) (read-json "[1,2]")))
    (test-assert "6 characters past a limit of 5"
                 (reason (lambda ()
                           (parameterize ((json-number-of-character-limit 5))
                             (read-json "[1,22]")))))))

(test-group "json-generator and json-fold"
  (lambda ()
    (test-equal "a scalar, then the end" '(42) (events "42 101 1337"))
    (test-equal "one structure, then the end" '(array-start 42 array-end)
                (events "[42] 101 1337"))
    (test-equal "objects alternate keys and values"
                '(object-start "a" 1 "b" array-start null array-end object-end)
                (events "{\"a\":1,\"b\":[null]}"))
    (test-equal "empty input gives the end at once" '() (events ""))
    (test-assert "an error in the middle is raised by the call that meets it"
                 (let ((g (json-generator (open-input-string "[1 2]"))))
                   (and (eq? (g) 'array-start) (eqv? (g) 1)
                        (guard (e ((json-error? e) #t)) (g) #f))))
    (test-equal "json-fold as json-read with lists"
                '(1 (2 3) ("k" 4))
                (json-fold (lambda (obj seed) (if (eq? seed 'root) obj (cons obj seed)))
                           (lambda (seed) '()) reverse
                           (lambda (seed) '()) reverse
                           'root
                           (open-input-string "[1,[2,3],{\"k\":4}]")))
    (test-equal "json-fold of a scalar" '(7)
                (json-fold cons (lambda (s) '()) reverse (lambda (s) '()) reverse '()
                           (open-input-string "7")))
    (test-equal "json-fold of empty input returns the seed" 'seed
                (json-fold cons values values values values 'seed (open-input-string "")))))

(test-group "json-lines-read and json-sequence-read"
  (lambda ()
    (test-equal "JSON Lines" '(1 #(2) ((x . 3)) "four")
                (generator->list (json-lines-read
                                  (open-input-string "1\n[2]\r\n{\"x\":3}\n\"four\"\n"))))
    (test-equal "no newline at the end" '(1 2)
                (generator->list (json-lines-read (open-input-string "1\n2"))))
    (test-equal "a text sequence" '(1 #(2) "x")
                (generator->list (json-sequence-read
                                  (open-input-string "\x1E;1\n\x1E;[2]\n\x1E;\"x\"\n"))))
    (test-equal "a broken text in a sequence is skipped" '(1 "x")
                (generator->list (json-sequence-read
                                  (open-input-string "\x1E;1\n\x1E;[2,\n\x1E;\"x\"\n"))))))

(test-group "json-write"
  (lambda ()
    (test-equal "scalars" "null true false 0 -12 2.5 \"s\""
                (string-append (write-json 'null) " " (write-json #t) " " (write-json #f) " "
                               (write-json 0) " " (write-json -12) " " (write-json 2.5) " "
                               (write-json "s")))
    (test-equal "a bignum" "123456789012345678901234567890"
                (write-json 123456789012345678901234567890))
    (test-equal "an inexact integer" "1.0" (write-json 1.0))
    (test-equal "string escapes" "\"q\\\"b\\\\n\\nt\\tc\\u0001\""
                (write-json "q\"b\\n\nt\tc\x1;"))
    (test-equal "characters beyond ASCII are written as they are" "\"λ𝄞\""
                (write-json "λ𝄞"))
    (test-equal "vectors and alists" "{\"a\":[1,{}],\"b c\":\"d\"}"
                (write-json '((a . #(1 ())) (|b c| . "d"))))
    (test-equal "the empty array and object" "[]{}"
                (string-append (write-json #()) (write-json '())))
    (test-equal "a round trip" '((x . #(1 2.5 "é" null #t)) (y . ((z . -3))))
                (read-json (write-json '((x . #(1 2.5 "é" null #t)) (y . ((z . -3)))))))
    (test-equal "to the current output port" "[1]"
                (let ((o (open-output-string)))
                  (parameterize ((current-output-port o)) (json-write #(1)))
                  (get-output-string o)))
    (test-equal "to an accumulator of strings" "[1,2]"
                (let ((parts '()))
                  (json-write #(1 2) (lambda (s) (set! parts (cons s parts))))
                  (apply string-append (reverse parts))))
    (for-each
     (lambda (bad)
       (test-assert (string-append "refused: " (let ((o (open-output-string))) (write bad o) (get-output-string o)))
                    (reason (lambda () (write-json bad)))))
     (list +inf.0 -inf.0 +nan.0 1/2 1+2i 'symbol #\c (list (cons "a" 1)) '(1 2) '((a . 1) . 2)))
    (test-equal "nothing is written when a part is refused" ""
                (let ((o (open-output-string)))
                  (guard (e (#t #f)) (json-write (vector 1 2 +nan.0) o))
                  (get-output-string o)))
    (test-equal "the error names the value"
                "json-write: not a JSON value: 1/2"
                (reason (lambda () (write-json (vector 1/2)))))))

(test-group "json-accumulator"
  (lambda ()
    (define (accumulate events)
      (let* ((o (open-output-string)) (acc (json-accumulator o)))
        (for-each acc events)
        (get-output-string o)))
    (test-equal "events back to text" "{\"a\":[1,null],\"b\":{}}"
                (accumulate '(object-start "a" array-start 1 null array-end
                                           "b" object-start object-end object-end)))
    (test-equal "a scalar" "\"s\"" (accumulate '("s")))
    (test-equal "the generator's events round trip" "[{\"k\":[true,false]},2.5]"
                (accumulate (events "[ {\"k\" : [true, false]}, 2.5 ]")))
    (test-assert "a non-string key is refused"
                 (reason (lambda () (accumulate '(object-start 1 2 object-end)))))
    (test-assert "a mismatched end is refused"
                 (reason (lambda () (accumulate '(array-start object-end)))))
    (test-assert "an end with nothing open is refused"
                 (reason (lambda () (accumulate '(array-end)))))
    (test-assert "a second text is refused"
                 (reason (lambda () (accumulate '(1 2)))))
    (test-assert "a value that is not JSON is refused"
                 (reason (lambda () (accumulate '(array-start +inf.0)))))))

(test-group "json-null?"
  (lambda ()
    (test-assert "null" (json-null? 'null))
    (test-assert "not others" (not (or (json-null? '()) (json-null? #f) (json-null? "null"))))))

(test-end "srfi-180")
