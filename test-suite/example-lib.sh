# example-lib.sh -- what the example scripts (embed-example.sh,
# plugin-example.sh, capture-example.sh, console-example.sh) share,
# sourced by each after it sets NAME: the TAP helpers check and finish,
# a temporary directory $tmp removed on exit, pkg-config pointed at the
# build tree only, so that the uninstalled .pc wins over any installed
# one (or a skip when pkg-config is missing), the embedder's flags
# $cflags and $libs from it, build_example and in_manual.
# SPDX-License-Identifier: LGPL-3.0-or-later
: "${top_srcdir:=.}" "${top_builddir:=.}" "${CC:=cc}" "${PKG_CONFIG:=pkg-config}"
n=0 fails=0
tmp=${TMPDIR:-/tmp}/scm-$NAME.$$
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

# The flags an embedder takes from pkg-config.  A static-only build has
# no libscm.so: link its dependencies too.
cflags=$("$PKG_CONFIG" --cflags libscm)
if [ -e "$top_builddir/libscm/.libs/libscm.so" ]; then
  libs=$("$PKG_CONFIG" --libs libscm)
else
  libs=$("$PKG_CONFIG" --libs --static libscm)
fi

# build_example PROG: cc -o PROG PROG.c in the current directory, as an
# embedder would (with this build's CFLAGS and LDFLAGS, so that the
# sanitizer variant links, and the warnings a careful one uses), then
# run PROG against the built library.
build_example () {
  out=$($CC $CFLAGS -Wall -Wextra -o "$1" "$1.c" $cflags $libs $LDFLAGS 2>&1;
        echo "status $?")
  check "cc -o $1 $1.c \$(pkg-config --cflags --libs libscm): no warning" \
    "status 0" "$out"
  [ -x "$1" ] || finish
  LD_LIBRARY_PATH=$top_builddir/libscm/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export LD_LIBRARY_PATH
}

# in_manual FILE...: the manual shows the same run, every line of the
# FILEs is in doc/libscm.texi.
in_manual () {
  missing=
  for f; do
    while IFS= read -r line; do
      grep -F -x -q -e "$line" "$top_srcdir/doc/libscm.texi" || missing="$missing$line;"
    done < "$f"
  done
  check "doc/libscm.texi shows this output" "" "$missing"
}
