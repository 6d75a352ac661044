#!/bin/sh
# plugin-example.sh -- build and run doc/examples/plugin.c, the plugin
# host with a foreign type, as an embedder would but against the built,
# uninstalled library (pkg-config finds libscm-uninstalled.pc); its
# output must be exactly what the manual shows (TAP).
# SPDX-License-Identifier: LGPL-3.0-or-later
NAME=plugin
. "${top_srcdir:-.}/test-suite/example-lib.sh"

cp "$top_srcdir/doc/examples/plugin.c" "$top_srcdir/doc/examples/plugin.scm" \
  "$tmp/" || finish
cd "$tmp" || finish

# pkg-config's flags alone: the example uses no libgc call of its own.
build_example plugin
./plugin plugin.scm > stdout 2> stderr
check "./plugin plugin.scm: status 0" "0" "$?"
check "its standard output" '#<buffer 12 "hello, world">
(#t #f 12)
(#t #f #f)
buffer-length: wrong type argument in position 1 (expected buffer): "nope"
buffers made: 1007
all but at most 10 freed: yes' "$(cat stdout)"
check "nothing on standard error" "" "$(cat stderr)"

in_manual stdout

./plugin missing.scm > stdout 2> stderr
check "./plugin missing.scm: status 1" "1" "$?"

finish
