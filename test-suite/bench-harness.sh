#!/bin/sh
# bench-harness.sh -- run the benchmark harness (benchmarks/run) at its
# quick scale on the built tree, so that it cannot rot: every benchmark
# under every GC mode must give its right answer, the report, the CSV
# files and the probe's figures must be there; a wrong answer and an
# error must fail the run and be named (TAP).
# SPDX-License-Identifier: LGPL-3.0-or-later
: "${top_srcdir:=.}" "${top_builddir:=.}" "${PYTHON:=python3}"
n=0 fails=0
tmp=${TMPDIR:-/tmp}/scm-bench.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

check () {  # check DESCRIPTION COMMAND...
  desc=$1; shift
  n=$((n + 1))
  if "$@" >/dev/null 2>&1; then echo "ok $n - $desc"; else
    echo "not ok $n - $desc"; fails=$((fails + 1))
  fi
}

if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 7))' \
     >/dev/null 2>&1; then
  echo "1..0 # SKIP python3 (3.7 or later) is not installed"
  exit 0
fi

top_builddir=$(cd "$top_builddir" && pwd)
run () { "$PYTHON" "$top_srcdir/benchmarks/run" --srcdir "$top_srcdir" \
           --build default="$top_builddir" "$@"; }

# The harness's own TAP lines in FILE, renumbered as ours.
tap_lines () {
  while IFS= read -r line; do
    case $line in
      "ok "*|"not ok "*)
        n=$((n + 1))
        case $line in "not ok "*" # TODO"*|"ok "*) ;; *) fails=$((fails + 1)) ;; esac
        echo "$line" | sed "s/^\(not \)\{0,1\}ok [0-9]*/\1ok $n/" ;;
    esac
  done <"$1"
}

# 1. Every benchmark, every mode: the harness's own TAP lines, renumbered.
run --quick --tap --out "$tmp/quick" >"$tmp/quick.out" 2>"$tmp/quick.err"
status=$?
tap_lines "$tmp/quick.out"
check "the quick run exits with status 0" test "$status" = 0
check "report.txt has the default variant's table" \
  grep -q '^== Variant: static allocation, relro (default)' "$tmp/quick/report.txt"
check "report.txt has gcbench's baseline row" \
  grep -q '^libscm, FSD=3 ' "$tmp/quick/report.txt"
check "report.txt has gcbench against its C floor" \
  sh -c "grep -q '^== gcbench against its C floor' '$tmp/quick/report.txt' &&
         grep -q '^FSD=3  *[0-9.]*  *[0-9.]*  *[0-9.]* ([0-9.]*x)' '$tmp/quick/report.txt'"
check "report.txt has the start-up table" \
  grep -q '^libscm (default) *display' "$tmp/quick/report.txt"
check "report.txt has the import program's start-up" \
  grep -q '^libscm (default) *import  *[0-9.]*  *[0-9.]*  *[0-9.]*' \
    "$tmp/quick/report.txt"
# At least 25 benchmarks run on libscm, each under 6 modes: the 30 less
# the ones whose feature it may lack (ctak and generator need call/cc,
# exceptions needs R7RS exceptions, pidigits and harmonic bignums),
# which it skips.
check "summary.csv has a row per benchmark and mode" \
  test "$(grep -c ',libscm,default,' "$tmp/quick/summary.csv")" -ge 150
# Every libscm run: it passed, and the probe saw a heap, collections,
# allocation, a root set and a high-water mark.
check "runs.csv: every run has the probe's figures" \
  awk -F, 'NR > 1 && $2 == "libscm" { rows++; if ($6 != 1 || $9 <= 0 || $11 <= 0 || $12 < 0 \
                                 || $14 <= 0 || $15 <= 0) bad++ }
           END { exit !(rows >= 150 && bad == 0) }' "$tmp/quick/runs.csv"

if command -v gnuplot >/dev/null 2>&1; then
  check "a PNG plot of the GC modes" \
    sh -c "head -c 8 '$tmp/quick/modes-default.png' | od -c | grep -q 'P   N   G'"
else
  check "without gnuplot, the report says there are no plots" \
    grep -q '^(no plots: gnuplot is not installed' "$tmp/quick/report.txt"
fi
check "report.texi: the report as Texinfo for the manual" \
  grep -q '^@subheading Variant: static allocation, relro (default)' \
  "$tmp/quick/report.texi"

# The probe's figures are libscm's own: at exit, the heap, the number of
# collections and the root set are what (gc-stats) said just before.
probe=$tmp/quick/work/probe.so
if [ -f "$probe" ]; then
  # scm itself when it is a program, else what libtool's wrapper runs.
  scm=$top_builddir/scm
  [ "$(head -c 4 "$scm" | od -An -c | tr -d ' ')" = 177ELF ] ||
    scm=$top_builddir/.libs/scm
  SCM_BENCH_PROBE_OUT=$tmp/probe.txt LD_PRELOAD=$probe \
    LD_LIBRARY_PATH=$top_builddir/libscm/.libs "$scm" -c \
    '(define v (make-vector 100000 0)) (let ((s (gc-stats)))
       (for-each (lambda (k) (display k) (display "=")
                   (display (cdr (assq k s))) (display " "))
                 (quote (heap-size gc-count static-roots))))' \
    >"$tmp/stats.txt" 2>&1
  ours=$(cat "$tmp/stats.txt")
  probed=$(cat "$tmp/probe.txt" 2>/dev/null)
  field () { printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
  check "the probe's heap is (gc-stats)'s: $(field "$probed" heap_bytes)" \
    test "$(field "$probed" heap_bytes)" = "$(field "$ours" heap-size)"
  check "the probe's collections are (gc-stats)'s: $(field "$probed" gc_count)" \
    test "$(field "$probed" gc_count)" = "$(field "$ours" gc-count)"
  check "the probe's root set is (gc-stats)'s: $(field "$probed" static_roots)" \
    test "$(field "$probed" static_roots)" = "$(field "$ours" static-roots)"
  check "the probe reads the kernel's high-water mark" \
    test "$(field "$probed" hwm_kib)" -gt 1000
else
  check "the harness compiled the probe" false
fi

# The C floor runs by itself too, and checks its answer.
check "the C GCBench runs by itself: gcbench-c --quick" \
  sh -c "'$tmp/quick/work/gcbench-c' --quick | grep -qx 'gcbench-c: ok'"

# Each program runs by itself, as a user runs it, at the scale that
# BENCH_QUICK or --quick selects.
scm_prog=$top_builddir/scm
check "a benchmark runs by itself: BENCH_QUICK=1 scm benchmarks/fib.scm" \
  sh -c "BENCH_QUICK=1 '$scm_prog' '$top_srcdir/benchmarks/fib.scm' | grep -qx 'fib: ok'"
check "a benchmark runs by itself: scm benchmarks/tak.scm --quick" \
  sh -c "'$scm_prog' '$top_srcdir/benchmarks/tak.scm' --quick | grep -qx 'tak: ok'"

# 2. A wrong answer and an error fail the run, and the report names them.
mkdir -p "$tmp/bad"
cp "$top_srcdir/benchmarks/common.scm" "$tmp/bad/"
cat >"$tmp/bad/wrong.scm" <<'EOF'
;;; wrong.scm -- a benchmark whose check fails
(include "common.scm")
(run-benchmark "wrong" 1 (lambda () (+ 1 1)) (lambda (r) (= r 3)))
EOF
cat >"$tmp/bad/broken.scm" <<'EOF'
;;; broken.scm -- a benchmark that raises an error
(include "common.scm")
(run-benchmark "broken" 1 (lambda () (car 5)) (lambda (r) #t))
EOF
run --quick --modes fsd3 --bench-dir "$tmp/bad" --out "$tmp/bad-out" \
  >"$tmp/bad.out" 2>&1
status=$?
check "a wrong answer or an error: exit status 1" test "$status" = 1
check "the failure names the wrong answer" \
  grep -q '^wrong on static allocation, relro (default), FSD=3: exit status 1: wrong: wrong answer: 2' "$tmp/bad.out"
check "the failure names the error" \
  grep -q '^broken on .*car: wrong type argument' "$tmp/bad.out"

# 3. Options that cannot work are refused with a reason.
# Nothing is written before the options are checked.
(cd "$tmp" && run --quick no-such-benchmark) >"$tmp/nosuch.out" 2>&1
check "an unknown benchmark is refused" \
  grep -q 'no such benchmark: no-such-benchmark' "$tmp/nosuch.out"
(cd "$tmp" && run --quick --modes fsd4) >"$tmp/mode.out" 2>&1
check "an unknown GC mode is refused" \
  grep -q "unknown GC mode 'fsd4'" "$tmp/mode.out"
(cd "$tmp" && run --quick --build nodir) >"$tmp/build.out" 2>&1
check "--build without =DIR is refused" \
  grep -q "build wants NAME=DIR, not 'nodir'" "$tmp/build.out"
(cd "$tmp" && run --quick --variants fast) >"$tmp/variant.out" 2>&1
check "an unknown variant is refused" \
  grep -q "unknown variant 'fast'" "$tmp/variant.out"
check "a refused run writes nothing" test ! -e "$tmp/bench-results"

# 4. --peers: Guile's columns when it is installed, a note when it is not.
run --quick --peers --modes fsd3 fib --out "$tmp/peers" >"$tmp/peers.out" 2>&1
if command -v guile >/dev/null 2>&1; then
  check "--peers: guile's columns" \
    grep -q 'guile time (s)' "$tmp/peers/report.txt"
  check "--peers: the summary has libscm's ratio to guile" \
    grep -q '^fib  *[0-9.]*  *[0-9.]*  *[0-9.]*x$' "$tmp/peers/report.txt"
  check "--peers: the summary has the geometric mean and the worst ratio" \
    sh -c "grep -q '^geometric mean .*x\$' '$tmp/peers/report.txt' &&
           grep -q '^worst  *fib  *[0-9.]*x\$' '$tmp/peers/report.txt'"
else
  check "--peers: a note that guile is missing" \
    grep -q 'guile: guile not found on this machine, skipped' \
    "$tmp/peers/report.txt"
fi

# 5. The io mode (--io), at 1 MB instead of its 100: every task on
# libscm, the floor and Guile gives its answer, and the table is there.
run --io --io-mb 1 --runs 1 --tap --out "$tmp/io" >"$tmp/io.out" 2>"$tmp/io.err"
status=$?
tap_lines "$tmp/io.out"
check "the io mode exits with status 0" test "$status" = 0
check "io-report.txt: read-line against wc -l, with its ratio" \
  grep -q '^read-line  *wc -l  *[0-9.]*  *[0-9.]* ([0-9.]*x)' "$tmp/io/io-report.txt"
check "io-report.txt: read-char against cat" \
  grep -q '^read-char  *cat > /dev/null  *[0-9.]*  *[0-9.]* ([0-9.]*x)' "$tmp/io/io-report.txt"
check "io-report.txt: the bytevector copy against cp" \
  grep -q '^read/write-bytevector  *cp  *[0-9.]*  *[0-9.]* ([0-9.]*x)' "$tmp/io/io-report.txt"
check "the io mode leaves no files behind" \
  sh -c "! grep -o '/[^ ]*scm-io\.[^ ]*' '$tmp/io.err' | xargs -r ls -d 2>/dev/null | grep -q ."
# The io programs check their answers: a wrong count fails.
printf 'one\ntw\316\273o\n' >"$tmp/two.txt"
check "read-lines.scm: right counts pass" \
  sh -c "'$scm_prog' '$top_srcdir/benchmarks/io/read-lines.scm' '$tmp/two.txt' 2 7"
check "read-lines.scm: a wrong count fails" sh -c "! '$scm_prog' '$top_srcdir/benchmarks/io/read-lines.scm' '$tmp/two.txt' 3 7"
check "read-lines.scm: ... and says what it counted" \
  sh -c "'$scm_prog' '$top_srcdir/benchmarks/io/read-lines.scm' '$tmp/two.txt' 3 7 | grep -qx 'wrong answer: lines and characters (2 7), expected (3 7)'"
check "read-chars.scm: right counts pass" \
  sh -c "'$scm_prog' '$top_srcdir/benchmarks/io/read-chars.scm' '$tmp/two.txt' 9 2"
check "read-chars.scm: a wrong count fails, and says what it counted" \
  sh -c "'$scm_prog' '$top_srcdir/benchmarks/io/read-chars.scm' '$tmp/two.txt' 10 2 | grep -qx 'wrong answer: characters and linefeeds (9 2), expected (10 2)'"
check "copy-bytes.scm: copies, and a wrong size fails" \
  sh -c "'$scm_prog' '$top_srcdir/benchmarks/io/copy-bytes.scm' '$tmp/two.txt' '$tmp/copy' 10 && cmp '$tmp/two.txt' '$tmp/copy' &&
         ! '$scm_prog' '$top_srcdir/benchmarks/io/copy-bytes.scm' '$tmp/two.txt' '$tmp/copy' 11"

echo "1..$n"
[ "$fails" = 0 ]
