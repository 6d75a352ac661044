#!/bin/sh
# headers.sh -- every installed header compiles alone, with the strict
# warnings, in C and (for the umbrella) C++ (TAP).
# SPDX-License-Identifier: LGPL-3.0-or-later
: "${top_srcdir:=.}" "${top_builddir:=.}" "${CC:=cc}"
n=0 fails=0
tmp=${TMPDIR:-/tmp}/scm-headers.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
for h in "$top_srcdir"/libscm.h "$top_srcdir"/libscm/*.h; do
  case $h in *-internal.h) continue ;; esac
  name=${h#"$top_srcdir"/}
  case $name in libscm.h) inc="<libscm.h>" ;; *) inc="<$name>" ;; esac
  printf '#include %s\n#include %s\nint scm_headers_test_dummy;\n' "$inc" "$inc" > "$tmp/t.c"
  n=$((n + 1))
  if $CC -fsyntax-only -Wall -Wextra -Werror -Wstrict-prototypes \
       -Wmissing-prototypes -I"$top_builddir" -I"$top_srcdir" "$tmp/t.c" \
       2> "$tmp/err"; then
    echo "ok $n - $name compiles alone (and twice)"
  else
    echo "not ok $n - $name compiles alone (and twice)"
    sed 's/^/# /' "$tmp/err" | head -10
    fails=$((fails + 1))
  fi
done
echo "1..$n"
[ "$fails" = 0 ]
