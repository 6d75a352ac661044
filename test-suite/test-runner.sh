#!/bin/sh
# test-runner.sh -- test-suite/run, the runner of the Scheme test files:
# its exit status for a file that passes, one that fails a case, and
# one that never finishes, which SCM_TEST_TIMEOUT stops; TAP.
# SPDX-License-Identifier: LGPL-3.0-or-later
: "${top_srcdir:=.}"
: "${top_builddir:=.}"
export top_srcdir top_builddir
run=$top_srcdir/test-suite/run
dir=$(mktemp -d "${TMPDIR:-/tmp}/test-runner.XXXXXX") || exit 99
trap 'rm -rf "$dir"' EXIT

cat > "$dir/passes.scm" <<'SCM'
(test-begin "passes")
(test-equal "one and one" 2 (+ 1 1))
(test-end "passes")
SCM
cat > "$dir/fails.scm" <<'SCM'
(test-begin "fails")
(test-equal "one and one" 3 (+ 1 1))
(test-end "fails")
SCM
cat > "$dir/hangs.scm" <<'SCM'
(test-begin "hangs")
(test-assert "before the loop" #t)
(let loop () (loop))
(test-end "hangs")
SCM

echo "1..4"
n=0
check () {
  n=$((n + 1))
  if [ "$1" = yes ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}

sh "$run" "$dir/passes.scm" > "$dir/out" 2>&1
status=$?
check "$([ $status -eq 0 ] && grep -q '^ok 1' "$dir/out" && echo yes)" \
  "a file whose cases pass: status 0 (it was $status)"

sh "$run" "$dir/fails.scm" > "$dir/out" 2>&1
status=$?
check "$([ $status -eq 1 ] && grep -q '^not ok 1' "$dir/out" && echo yes)" \
  "a file with a failing case: status 1 (it was $status)"

start=$(date +%s)
# Killed from here after a minute if the runner has no limit (status
# 137, not the runner's 124).
SCM_TEST_TIMEOUT=2 timeout -s KILL 60 sh "$run" "$dir/hangs.scm" \
  > "$dir/out" 2>&1
status=$?
took=$(( $(date +%s) - start ))
check "$([ $status -eq 124 ] && [ $took -lt 60 ] && echo yes)" \
  "a file that never finishes is stopped at SCM_TEST_TIMEOUT: status 124 after $took s (it was $status)"
check "$(grep -q '^Bail out! .*hangs.scm did not finish in 2 s' "$dir/out" && echo yes)" \
  "... and reported with a Bail out! line that names the file and the limit"
