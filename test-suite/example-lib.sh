# example-lib.sh -- what the example scripts (embed-example.sh,
# plugin-example.sh, capture-example.sh) share, sourced by each after
# it sets NAME: the TAP helpers check and finish, a temporary directory
# $tmp removed on exit, and pkg-config pointed at the build tree only,
# so that the uninstalled .pc wins over any installed one (or a skip
# when pkg-config is missing).
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
