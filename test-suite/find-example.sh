#!/bin/sh
# find-example.sh -- run doc/examples/find.scm, the find/grep-like
# program of the POSIX chapter, on a tree made here, and compare its
# output with find(1) and grep(1) on the same tree (TAP).
# SPDX-License-Identifier: LGPL-3.0-or-later
: "${top_srcdir:=.}" "${top_builddir:=.}"
n=0 fails=0
tmp=${TMPDIR:-/tmp}/scm-find.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

check () {  # check DESCRIPTION EXPECTED ACTUAL
  n=$((n + 1))
  if [ "$2" = "$3" ]; then echo "ok $n - $1"; else
    echo "not ok $n - $1"; fails=$((fails + 1))
    printf '%s\n' "# expected:" "$2" "# got:" "$3" | sed 's/^/#   /'
  fi
}

scm=$top_builddir/scm
find_scm=$top_srcdir/doc/examples/find.scm
t=$tmp/tree
mkdir -p "$t/src/lib" "$t/doc" "$t/empty"
printf 'hello world\nsecond line\n' > "$t/src/a.txt"
printf 'no match here\nsay hello\n' > "$t/src/lib/b.txt"
printf '(display "hello")\n' > "$t/src/lib/c.scm"
printf 'caf\303\251 \360\237\230\200 hello\n' > "$t/doc/notes.txt"
ln -s ../src "$t/doc/link"
touch -d '2000-01-01' "$t/old"

run () { LC_ALL=C "$scm" "$find_scm" "$@" 2>&1; echo "status $?"; }

check "every file, sorted, links not followed" \
  "$(LC_ALL=C find "$t" | LC_ALL=C sort; echo "status 0")" "$(run "$t")"
check "-name '*.txt'" \
  "$(LC_ALL=C find "$t" -name '*.txt' | LC_ALL=C sort; echo "status 0")" \
  "$(run "$t" -name '*.txt')"
check "-type d" \
  "$(LC_ALL=C find "$t" -type d | LC_ALL=C sort; echo "status 0")" \
  "$(run "$t" -type d)"
check "-type l" \
  "$(LC_ALL=C find "$t" -type l | LC_ALL=C sort; echo "status 0")" \
  "$(run "$t" -type l)"
check "-newer" \
  "$(LC_ALL=C find "$t" -newer "$t/old" -type f | LC_ALL=C sort; echo "status 0")" \
  "$(run "$t" -newer "$t/old" -type f)"
check "-grep, beyond the BMP too" \
  "$(LC_ALL=C find "$t" -type f | LC_ALL=C sort | xargs grep -n hello; echo "status 0")" \
  "$(run "$t" -grep hello)"
check "-name with ? and -grep" \
  "$(grep -n hello "$t/src/lib/b.txt" | sed "s|^|$t/src/lib/b.txt:|"; echo "status 0")" \
  "$(run "$t" -name '?.txt' -grep say)"
check "nothing found: status 1" "status 1" "$(run "$t" -name '*.none')"
check "a missing directory: status 2" \
  "find.scm: not a directory: $tmp/none
status 2" "$(run "$tmp/none")"
check "a usage error: status 2" \
  "usage: scm find.scm DIRECTORY [-name GLOB] [-type f|d|l] [-newer FILE] [-grep TEXT]
status 2" "$(run "$t" -bogus)"

echo "1..$n"
[ "$fails" = 0 ]
