#!/bin/sh
# embed-example.sh -- build and run doc/examples/embed.c as an embedder
# would, but against the built, uninstalled library: pkg-config finds
# libscm-uninstalled.pc in the build directory, the build tree's
# scm-snarf snarfs the example, the compiler links it, and its output
# must be exactly what the manual shows (TAP).
# SPDX-License-Identifier: LGPL-3.0-or-later
NAME=embed
. "${top_srcdir:-.}/test-suite/example-lib.sh"

snarf=$("$PKG_CONFIG" --variable=snarf libscm)
check "pkg-config finds libscm-uninstalled.pc: scm-snarf of the build tree" \
  "$top_builddir/snarf/scm-snarf" "$snarf"

cp "$top_srcdir/doc/examples/embed.c" "$top_srcdir/doc/examples/script.scm" \
  "$tmp/" || finish
cd "$tmp" || finish

out=$("$snarf" -o embed.x embed.c $cflags 2>&1; echo "status $?")
check "scm-snarf -o embed.x embed.c \$(pkg-config --cflags libscm)" \
  "status 0" "$out"
out=$(grep -c 'sensor_reading\|host_log' embed.x 2>&1)
check "embed.x binds the two primitives" "2" "$out"

build_example embed
./embed script.scm > stdout 2> stderr
check "./embed script.scm: status 0" "0" "$?"
check "its standard output" "[log] script loaded
average of 3 sensors: 21.25
[log] average of 2 sensors: 20.25" "$(cat stdout)"
check "its error output: each error with its location, if any" \
"report: script.scm:20:29: sensor-reading: argument out of range in position 1: 4
evaluating: host-log: wrong type argument in position 1 (expected string): 42" \
  "$(cat stderr)"

in_manual stdout stderr

./embed missing.scm > stdout 2> stderr
check "./embed missing.scm: status 1" "1" "$?"
# (The location, if any, is inside the prelude's load.)
out=$(cat stdout stderr)
case $out in
  "loading the script: "*"open-input-file: No such file or directory: \"missing.scm\"")
    check "and why" "$out" "$out" ;;
  *) check "and why" "loading the script: ...open-input-file: No such file or directory: \"missing.scm\"" "$out" ;;
esac

finish
