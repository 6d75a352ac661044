#!/bin/sh
# plugin-example.sh -- build and run doc/examples/plugin.c, the plugin
# host with a foreign type, as an embedder would but against the built,
# uninstalled library (pkg-config finds libscm-uninstalled.pc); its
# output must be exactly what the manual shows (TAP).
# SPDX-License-Identifier: LGPL-3.0-or-later
: "${top_srcdir:=.}" "${top_builddir:=.}" "${CC:=cc}" "${PKG_CONFIG:=pkg-config}"
n=0 fails=0
tmp=${TMPDIR:-/tmp}/scm-plugin.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

check () {  # check DESCRIPTION EXPECTED ACTUAL
  n=$((n + 1))
  if [ "$2" = "$3" ]; then echo "ok $n - $1"; else
    echo "not ok $n - $1"; fails=$((fails + 1))
    printf '%s\n' "# expected:" "$2" "# got:" "$3" | sed 's/^/#   /'
  fi
}

finish () {
  echo "1..$n"
  [ "$fails" = 0 ]
  exit
}

if ! "$PKG_CONFIG" --version >/dev/null 2>&1; then
  echo "1..0 # SKIP pkg-config is not installed"
  exit 0
fi

top_builddir=$(cd "$top_builddir" && pwd)
PKG_CONFIG_PATH=$top_builddir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
unset PKG_CONFIG_DISABLE_UNINSTALLED
export PKG_CONFIG_PATH

cp "$top_srcdir/doc/examples/plugin.c" "$top_srcdir/doc/examples/plugin.scm" \
  "$tmp/" || finish
cd "$tmp" || finish

cflags=$("$PKG_CONFIG" --cflags libscm)
if [ -e "$top_builddir/libscm/.libs/libscm.so" ]; then
  libs=$("$PKG_CONFIG" --libs libscm)
else
  libs=$("$PKG_CONFIG" --libs --static libscm)
fi

# pkg-config's flags alone: the example uses no libgc call of its own.
out=$($CC $CFLAGS -Wall -Wextra -o plugin plugin.c $cflags $libs $LDFLAGS 2>&1;
      echo "status $?")
check "cc -o plugin plugin.c \$(pkg-config --cflags --libs libscm): no warning" \
  "status 0" "$out"
[ -x plugin ] || finish

LD_LIBRARY_PATH=$top_builddir/libscm/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH
./plugin plugin.scm > stdout 2> stderr
check "./plugin plugin.scm: status 0" "0" "$?"
check "its standard output" '#<buffer 12 "hello, world">
(#t #f 12)
(#t #f #f)
buffer-length: wrong type argument in position 1 (expected buffer): "nope"
buffers made: 1007
all but at most 10 freed: yes' "$(cat stdout)"
check "nothing on standard error" "" "$(cat stderr)"

missing=
while IFS= read -r line; do
  grep -F -x -q -e "$line" "$top_srcdir/doc/libscm.texi" || missing="$missing$line;"
done < stdout
check "doc/libscm.texi shows this output" "" "$missing"

./plugin missing.scm > stdout 2> stderr
check "./plugin missing.scm: status 1" "1" "$?"

finish
