#!/bin/sh
# capture-example.sh -- build and run doc/examples/capture.c as an
# embedder would, against the built, uninstalled library (found by
# pkg-config through libscm-uninstalled.pc, as embed-example.sh does):
# what the Scheme code prints must arrive in the host's buffers, and
# the output must be what the manual shows (TAP).
# SPDX-License-Identifier: LGPL-3.0-or-later
NAME=capture
. "${top_srcdir:-.}/test-suite/example-lib.sh"

cp "$top_srcdir/doc/examples/capture.c" "$tmp/" || finish
cd "$tmp" || finish

build_example capture
./capture > stdout 2> stderr
check "./capture: status 0" "0" "$?"
check "nothing reaches the real standard error" "" "$(cat stderr)"
check "the captured output and errors, as the host shows them" \
"captured output (42 bytes):
| Hello, world
| (1 4 9)
| λ is UTF-8 here too
captured errors (76 bytes):
| a warning
| error: car: wrong type argument in position 1 (expected pair): ()" \
  "$(cat stdout)"

in_manual stdout

finish
