#!/bin/sh
# image-reproducible.sh -- the image generator (snarf/scm-image) writes
# the same prelude-image.c at every run: nothing in it depends on heap
# addresses, on memory libgc left uncleared or on the environment of the
# build (TMPDIR, the process id, the working directory), so that two
# builds of one tree give byte-identical images (TAP).
# Environment from make check: top_builddir.
# SPDX-License-Identifier: LGPL-3.0-or-later

: "${top_builddir:=.}"
gen="$(cd "$top_builddir" && pwd)/snarf/scm-image"
tmp=${TMPDIR:-/tmp}/scm-repro.$$
mkdir -p "$tmp/a" "$tmp/b"
trap 'rm -rf "$tmp"' EXIT
n=0
fails=0
ok () { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fails=$((fails + 1)); fi; }

# Two runs from two directories, with two temporary directories: the
# process ids, and so where libgc's heap and the program are mapped,
# differ too.
(cd "$tmp/a" && TMPDIR="$tmp/a" "$gen" "$tmp/one.c" 2>"$tmp/one.log")
ok $? "the generator runs"
(cd "$tmp/b" && TMPDIR="$tmp/b" "$gen" "$tmp/two.c" 2>"$tmp/two.log")
ok $? "and runs again"
[ -s "$tmp/one.c" ] && cmp "$tmp/one.c" "$tmp/two.c" >/dev/null
ok $? "both runs write the same image, byte for byte ($(wc -c <"$tmp/one.c") bytes)"
if ! cmp -s "$tmp/one.c" "$tmp/two.c"; then
  diff "$tmp/one.c" "$tmp/two.c" | head -10 | sed 's/^/# /'
fi
echo "1..$n"
[ "$fails" = 0 ]
