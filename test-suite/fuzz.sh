#!/bin/sh
# fuzz.sh -- random forms, well and badly shaped, through the evaluator
# (TAP): every error must be reported and evaluation must go on to the
# end; a signal (a crash) or a hang fails.  The forms come from
# fuzz-gen.scm with fixed seeds, so a run is repeatable.
# SPDX-License-Identifier: LGPL-3.0-or-later
: "${top_builddir:=.}" "${top_srcdir:=.}"
scm="$top_builddir/scm"
tmp=${TMPDIR:-/tmp}/scm-fuzz.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
seeds=48 forms=300
echo "1..$seeds"
fails=0
for seed in $(seq 1 $seeds); do
  "$scm" "$top_srcdir/test-suite/fuzz-gen.scm" "$seed" "$forms" > "$tmp/forms.scm"
  timeout 60 "$scm" < "$tmp/forms.scm" > "$tmp/out" 2>&1
  status=$?
  last=$(tail -c 8 "$tmp/out")
  if { [ $status -eq 0 ] || [ $status -eq 1 ]; } && [ "$last" = "fuzz-end" ]; then
    echo "ok $seed - seed $seed: $forms random forms, every error reported, no crash"
  else
    echo "not ok $seed - seed $seed: exit status $status, output ends with '$last'"
    tail -5 "$tmp/out" | sed 's/^/#   /'
    fails=$((fails + 1))
  fi
done
[ $fails -eq 0 ]
