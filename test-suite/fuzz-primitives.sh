#!/bin/sh
# fuzz-primitives.sh -- every procedure of the core with hostile
# arguments (TAP, one case per chunk of names): an error is fine, a
# crash, a hang or a broken interpreter afterwards fails.  Runs under
# ASan and UBSan with make check-asan.
# SPDX-License-Identifier: LGPL-3.0-or-later
: "${top_builddir:=.}" "${top_srcdir:=.}"
absolute () {
  case $1 in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$(pwd)/$1" ;; esac
}
scm=$(absolute "$top_builddir/scm")
driver=$(absolute "$top_srcdir/test-suite/fuzz-primitives.scm")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/scm-fuzzp.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
# The operating system's procedures (libscm/posix/: files, processes,
# signals, sockets...) are left out: called with 0, -1 and 5 they would
# signal every process (kill -1), exit, or fork; what a hostile script
# can do with them is what restricted instances withhold.
sed -n 's/^name: //p' "$top_builddir"/libscm/posix/*.doc > "$tmp/skip" || exit 99
SCM_FUZZ_SKIP=$tmp/skip
export SCM_FUZZ_SKIP
chunk=50
fails=0
total=0
i=0
# Chunk after chunk until one finds no procedure left; the plan comes
# last, as TAP allows.
while :; do
  first=$((i * chunk))
  # In the temporary directory: the file procedures make files named "s".
  (cd "$tmp" && timeout 300 "$scm" "$driver" $first $chunk < /dev/null \
     > "$tmp/out" 2> "$tmp/err")
  status=$?
  last=$(grep -a '^fuzz-end' "$tmp/out" | tail -1)
  n=${last#fuzz-end }
  if [ $status -eq 0 ] && [ -n "$last" ] && [ "$n" -eq 0 ]; then
    break
  fi
  i=$((i + 1))
  if [ $status -eq 0 ] && [ -n "$last" ]; then
    total=$((total + n))
    echo "ok $i - procedures $first to $((first + chunk - 1)): $n calls, no crash"
  else
    echo "not ok $i - procedures $first to $((first + chunk - 1)): exit status $status"
    tail -5 "$tmp/err" | sed 's/^/#   /'
    fails=$((fails + 1))
    [ $i -lt 40 ] || break
  fi
done
echo "# $total calls in all"
echo "1..$i"
[ $fails -eq 0 ]
