#!/bin/sh
# guile-diff.sh -- (ice-9 format) and utf8->string against Guile 3
# Usage: guile-diff.sh SCM [SEED [COUNT]]   (SCM: the built ./scm)
# SPDX-License-Identifier: LGPL-3.0-or-later
#
# gen.scm writes COUNT random cases (default 2000, seed 1); both
# implementations run them (Guile restarted after the cases it
# crashes on); the counts of equal results, of differences by kind
# and of Guile crashes are printed, and the differing cases written
# to guile-diff.out.  Not part of make check: Guile is optional, and
# the two differ by design where Guile is lax (it formats what libscm
# refuses: ~[ without ~], a character where a number belongs).
scm=$1 seed=${2:-1} count=${3:-2000}
dir=$(dirname "$0")
guile=${GUILE:-guile}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/guile-diff.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
"$scm" "$dir/gen.scm" "$seed" "$count" > "$tmp/cases" || exit 99
timeout 600 "$scm" "$dir/run-scm.scm" < "$tmp/cases" > "$tmp/scm" || exit 99
: > "$tmp/guile"
crashes=0
while [ "$(wc -l < "$tmp/guile")" -lt "$count" ]; do
  done_=$(wc -l < "$tmp/guile")
  tail -n +$((done_ + 1)) "$tmp/cases" |
    timeout 20 "$guile" --no-auto-compile "$dir/run-guile.scm" >> "$tmp/guile" 2>/dev/null
  if [ "$(wc -l < "$tmp/guile")" -lt "$count" ]; then
    echo guile-crash >> "$tmp/guile"   # or a hang past 20 s
    crashes=$((crashes + 1))
  fi
done
paste -d '\t' "$tmp/cases" "$tmp/scm" "$tmp/guile" | awk -F '\t' '
  { kind = substr($1, 2, index($1, " ") - 2) }
  $3 == "guile-crash" { crash[kind]++; next }
  $2 == $3 { same[kind]++; next }
  { how = $2 == "error" ? "libscm-error" : $3 == "error" ? "guile-error" : "text"
    diff[kind " " how]++; print > "guile-diff.out" }
  END { for (k in same) printf "%s: %d the same\n", k, same[k]
        for (k in diff) printf "%s: %d differ\n", k, diff[k]
        for (k in crash) printf "%s: Guile crashed on %d\n", k, crash[k] }' | sort
