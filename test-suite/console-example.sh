#!/bin/sh
# console-example.sh -- build and run doc/examples/console.c as an
# embedder would, against the built, uninstalled library (as
# capture-example.sh does), on doc/examples/console-snippets.txt: each
# snippet's output is captured, every limit stops its snippet and not
# the host, each user's instance is their own, and the output is what the manual shows (TAP).
# SPDX-License-Identifier: LGPL-3.0-or-later
NAME=console
. "${top_srcdir:-.}/test-suite/example-lib.sh"

cp "$top_srcdir/doc/examples/console.c" \
   "$top_srcdir/doc/examples/console-snippets.txt" "$tmp/" || finish
cd "$tmp" || finish

build_example console
./console < console-snippets.txt > stdout 2> stderr
check "./console: status 0" "0" "$?"
check "nothing reaches the real standard error" "" "$(cat stderr)"
check "each snippet's output, value or reason to stop" \
"[1] alice: (define (twice x) (* 2 x)) (display \"defined\") (newline)
| defined
[2] alice: (map twice '(1 2 3))
=> (2 4 6)
[3] bob: (twice 3)
!! snippet-3:1:1: unbound variable: twice
[4] bob: (define if 5) (define (car p) 'mine) (list if (car '(1 2)))
=> (5 mine)
[5] alice: (if (pair? '(1)) (car '(1 2)) 'no)
=> 1
[6] alice: (guard (e (#t 'caught)) (let loop ((i 0)) (loop (+ i 1))))
!! stopped: it ran too long
[7] bob: (let grow ((l '())) (grow (cons (make-vector 100) l)))
!! stopped: it allocated too much
[8] alice: (let down ((n 0)) (+ 1 (down (+ n 1))))
!! stopped: it recursed too deeply
[9] alice: (display \"still here: \") (display (twice 21))
| still here: 42
[10] alice: (car '())
!! snippet-10:1:1: car: wrong type argument in position 1 (expected pair): ()
[11] bob: (values 1 \"two\")
=> 1
=> \"two\"
[12] bob: (exit 7)
bye, bob (7)
[13] bob: (car '(back again))
=> back
[14] alice: (close-port (current-input-port)) (input-port-open? (current-input-port))
=> #f
[15] bob: (input-port-open? (current-input-port))
=> #t
[16] bob: (open-input-file \"/etc/passwd\")
!! snippet-16:1:1: unbound variable: open-input-file
[17] alice: (%set-winders! 5) (display 1)
!! snippet-17:1:1: unbound variable: %set-winders!" \
  "$(cat stdout)"

in_manual stdout

finish
