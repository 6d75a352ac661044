#!/bin/sh
# day-one-examples.sh -- run the three day-one programs of
# doc/examples (wordfreq.scm, json-pp.scm, interp.scm) on their
# sample inputs and compare with the expected outputs beside them;
# then their errors (TAP).
# SPDX-License-Identifier: LGPL-3.0-or-later
: "${top_srcdir:=.}" "${top_builddir:=.}"
n=0 fails=0
ex=$top_srcdir/doc/examples
scm=$top_builddir/scm

check () {  # check DESCRIPTION EXPECTED ACTUAL
  n=$((n + 1))
  if [ "$2" = "$3" ]; then echo "ok $n - $1"; else
    echo "not ok $n - $1"; fails=$((fails + 1))
    printf '%s\n' "# expected:" "$2" "# got:" "$3" | sed 's/^/#   /'
  fi
}

run () { "$scm" "$@" 2>&1; echo "status $?"; }

check "wordfreq.scm on its sample" \
  "$(cat "$ex/wordfreq-sample.out"; echo "status 0")" \
  "$(run "$ex/wordfreq.scm" -n 8 "$ex/wordfreq-sample.txt")"
check "wordfreq.scm reads standard input" \
  "$(cat "$ex/wordfreq-sample.out"; echo "status 0")" \
  "$(run "$ex/wordfreq.scm" -n 8 < "$ex/wordfreq-sample.txt")"
check "wordfreq.scm on an empty text" \
  "$(printf '0 words, 0 distinct\nrank  word             count   share\nstatus 0')" \
  "$(printf '' | run "$ex/wordfreq.scm")"
check "wordfreq.scm usage error" \
  "$(printf 'usage: scm wordfreq.scm [-n COUNT] [FILE]\nstatus 2')" \
  "$(run "$ex/wordfreq.scm" -n zero)"
check "json-pp.scm on its sample" \
  "$(cat "$ex/json-sample.out"; echo "status 0")" \
  "$(run "$ex/json-pp.scm" "$ex/json-sample.json")"
check "json-pp.scm reads its own output back" \
  "$(cat "$ex/json-sample.out"; echo "status 0")" \
  "$(run "$ex/json-pp.scm" < "$ex/json-sample.out")"
check "json-pp.scm on a trailing comma" \
  "$(printf 'json-pp: line 2, column 4: unexpected character #\\]\nstatus 1')" \
  "$(printf '[1,\n 2,]' | run "$ex/json-pp.scm")"
check "json-pp.scm on an unterminated string" \
  "$(printf 'json-pp: line 1, column 9: unterminated string\nstatus 1')" \
  "$(printf '{"a": "x' | run "$ex/json-pp.scm")"
check "interp.scm on its sample" \
  "$(cat "$ex/interp-sample.out"; echo "status 0")" \
  "$(run "$ex/interp.scm" "$ex/interp-sample.lisp")"

echo "1..$n"
[ "$fails" -eq 0 ]
