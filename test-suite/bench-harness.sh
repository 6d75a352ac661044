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
# At least 25 benchmarks run on libscm, each under 7 modes: the 30 less
# the ones whose feature it may lack (ctak and generator need call/cc,
# exceptions needs R7RS exceptions, pidigits and harmonic bignums),
# which it skips.
check "summary.csv has a row per benchmark and mode" \
  test "$(grep -c ',libscm,default,' "$tmp/quick/summary.csv")" -ge 175
# Every libscm run: it passed, and the probe saw a heap, collections,
# allocation, a root set and a high-water mark.
check "runs.csv: every run has the probe's figures" \
  awk -F, 'NR > 1 && $2 == "libscm" { rows++; if ($6 != 1 || $9 <= 0 || $11 <= 0 || $12 < 0 \
                                 || $14 <= 0 || $15 <= 0) bad++ }
           END { exit !(rows >= 175 && bad == 0) }' "$tmp/quick/runs.csv"

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

# 6. --suite r7rs, on a suite of our own in the r7rs-benchmarks layout
# (the real one stays outside the tree): the count, the first datum of
# each input, scaled by the scale file; a wrong answer is named and
# fails the run; with Guile 3 and Chez installed, their columns, the
# geometric means and the worst program.
suite=$tmp/suite
mkdir -p "$suite/src" "$suite/inputs"
cat >"$suite/src/common.scm" <<'END_COMMON'
(define (run-r7rs-benchmark name count thunk ok?)
  (let ((j0 (current-jiffy)))
    (let loop ((i 0) (result #f))
      (if (< i count)
          (loop (+ i 1) (thunk))
          (begin
            (display "+!CSVLINE!+")
            (display (this-scheme-implementation-name))
            (display ",")
            (display name)
            (display ",")
            (if (ok? result)
                (write (inexact (/ (- (current-jiffy) j0)
                                   (jiffies-per-second))))
                (display "INCORRECT"))
            (newline))))))
END_COMMON
echo '(run-benchmark)' >"$suite/src/common-postlude.scm"
# Guile needs the R7RS names the real suite's prelude gives it.
cat >"$suite/src/Guile3-prelude.scm" <<'END_GUILE'
(define-syntax import (syntax-rules () ((_ x ...) (begin))))
(define (this-scheme-implementation-name) "guile")
(define current-jiffy get-internal-real-time)
(define (jiffies-per-second) internal-time-units-per-second)
(define inexact exact->inexact)
END_GUILE
echo '(define (this-scheme-implementation-name) "chez")' \
  >"$suite/src/Chez-postlude.scm"
# Each program's answer is its input's third datum.
for prog in count wrong; do
  sed "s/NAME/$prog/" >"$suite/src/$prog.scm" <<'END_PROGRAM'
(import (scheme base) (scheme read) (scheme write) (scheme time))
(define (run-benchmark)
  (let* ((count (read)) (input (read)) (output (read)))
    (run-r7rs-benchmark "NAME" count (lambda () (* input 2))
                        (lambda (r) (= r output)))))
END_PROGRAM
done
printf '; a comment: 99\n10 21 42\n' >"$suite/inputs/count.input"
printf '3 21 43\n; The old inputs were:\n1 21 43\n' >"$suite/inputs/wrong.input"
printf 'count 0.5  # five runs\nwrong 2 old\n' >"$tmp/scale.txt"
run_suite () { R7RS_BENCHMARKS=$suite run --suite r7rs --runs 1 \
                 --scale-file "$tmp/scale.txt" --scm "$top_builddir/scm" "$@"; }
check "--suite r7rs: a right answer exits with status 0" \
  sh -c "cd '$tmp' && R7RS_BENCHMARKS='$suite' '$PYTHON' '$top_srcdir/benchmarks/run' \
           --suite r7rs --runs 1 --scale-file '$tmp/scale.txt' \
           --scm '$top_builddir/scm' --no-peers count >'$tmp/suite.out'"
check "--suite r7rs: makes the outputs/ a checkout of the suite has" \
  test -d "$suite/outputs"
check "--suite r7rs: the row of count, with its time" \
  grep -q '^count  *[0-9][0-9.]*$' "$tmp/suite.out"
check "--suite r7rs: libscm ran 1 of 1 right" \
  grep -q '^libscm: 1 of 1 programs ran and gave the right answer$' "$tmp/suite.out"
(cd "$tmp" && run_suite --no-peers) >"$tmp/suite2.out" 2>"$tmp/suite2.err"
status=$?
check "--suite r7rs: a wrong answer exits with status 1" test "$status" = 1
check "--suite r7rs: the wrong answer is named" \
  grep -q '^libscm: 1 of 2 programs ran and gave the right answer (not: wrong incorrect)$' \
  "$tmp/suite2.out"

# The parts of harness/suite.py, on made-up figures.
"$PYTHON" - "$top_srcdir/benchmarks" "$suite" "$tmp/scale.txt" \
  >"$tmp/unit.out" 2>&1 <<'END_UNIT'
import sys
sys.path.insert(0, sys.argv[1])
sys.dont_write_bytecode = True
from harness import suite as s
text = open(sys.argv[2] + "/inputs/count.input").read()
scales = s.read_scales(sys.argv[3])
assert scales == {"count": (0.5, ""), "wrong": (2.0, "old")}, scales
# The count is the first datum past the comments; never below 1.
assert s.input_count(text) == 10
assert s.scaled_input(text, 0.5) == "; a comment: 99\n5 21 42\n"
assert s.scaled_input("2 #|9|# x", 0.01) == "1 #|9|# x"
assert s.input_count("(1 2)") is None and s.scaled_input("(1 2)", 3) == "(1 2)"
assert s.program_input(sys.argv[2], "count", scales) == s.scaled_input(text, 0.5)
old = "1\n32\n; The old inputs and output for ctak were:\n\n160\n18\n" \
    "; The older inputs were:\n1700 3\n"
assert [n for n, t in s.input_variants(old)] == ["", "old", "older"]
assert s.input_variants(old)[2][1] == "1700 3\n"
assert s.input_variants(text) == [("", text)]
# 10 ms an iteration, and no end above 100 iterations: from 1000, the
# trial at 100 gives 1 s, so 2 s is a factor of 0.2.
def slow(t):
    n = s.input_count(t)
    return n * 0.01 if n <= 100 else "timeout"
f, o, note = s.calibrate_one(slow, "1000 5", 2.0)
assert (f, o) == (0.2, ""), (f, o, note)
assert note == "count 1000: timeout; x0.1, count 100: 1.000 s", note
# Count 1 that times out: the old inputs, scaled from there.
def ctak(t):
    return "timeout" if t.startswith("1\n") else s.input_count(t) * 0.5
f, o, note = s.calibrate_one(ctak, old, 2.0)
assert (f, o) == (0.025, "old"), (f, o, note)
# Old inputs too long even at count 1 (and 3 s > 2 * 1 s): the older.
def cpstak(t):
    n = s.input_count(t)
    return n * 0.01 if t.startswith("1700") else 3.0 if n == 1 \
        else "timeout"
f, o, note = s.calibrate_one(cpstak, old, 1.0)
assert (f, o) == (0.059, "older"), (f, o, note)
assert note.endswith("older inputs, count 1700: 17.000 s"), note
# A short trial is repeated at the extrapolated count.
f, o, note = s.calibrate_one(lambda t: s.input_count(t) * 0.001, "10", 2.0)
assert f == 200 and note == "count 10: 0.010 s; x200, count 2000: 2.000 s", \
    (f, note)
# Failing everywhere gives no factor; an unscalable program stays at 1.
assert s.calibrate_one(lambda t: "incorrect", "10", 2.0)[0] is None
assert s.calibrate_one(lambda t: "timeout", "1 x", 2.0)[0] is None
assert s.calibrate_one(lambda t: 9.0, "100", 2.0, scalable=False)[0] == 1.0
# The report: ratios over what both ran, the geometric mean, the
# worst, what is above 1, and what each system ran right.
class Sys:
    def __init__(self, name):
        self.name = name
res = {("a", "libscm"): [2.0], ("a", "guile"): [1.0],
       ("b", "libscm"): [1.0], ("b", "guile"): [2.0, 4.0],
       ("c", "libscm"): ["timeout"], ("c", "guile"): [1.0]}
out, ok = s.report(["a", "b", "c"], [Sys("libscm"), Sys("guile")], res)
assert not ok
assert "libscm/guile: geometric mean 1.000 over 2 programs, worst a " \
    "2.000; 1 above 1 (a 2.00)\n" in out, out
assert "libscm: 2 of 3 programs ran and gave the right answer " \
    "(not: c timeout)\n" in out, out
assert "guile: 3 of 3 programs ran and gave the right answer\n" in out, out
print("unit tests passed")
END_UNIT
check "suite.py: inputs, scales, calibration and report (unit tests)" \
  grep -qx 'unit tests passed' "$tmp/unit.out"

if command -v guile >/dev/null 2>&1 && command -v chezscheme >/dev/null 2>&1
then
  (cd "$tmp" && run_suite count) >"$tmp/suite3.out" 2>"$tmp/suite3.err"
  check "--suite r7rs: Guile's and Chez's columns" \
    grep -q '^program  *libscm  *guile  *chez  *libscm/guile  *libscm/chez$' \
    "$tmp/suite3.out"
  check "--suite r7rs: geometric means against Guile and Chez, Chez's to Guile" \
    sh -c "grep -q '^libscm/guile: geometric mean [0-9.]* over 1 programs, worst count' '$tmp/suite3.out' &&
           grep -q '^libscm/chez: geometric mean [0-9.]* over 1 programs, worst count' '$tmp/suite3.out' &&
           grep -q '^chez/guile: geometric mean [0-9.]* over 1 programs' '$tmp/suite3.out'"
  check "--suite r7rs: Guile and Chez (through harness/chez) ran count right" \
    sh -c "grep -q '^guile: 1 of 1 programs ran and gave the right answer$' '$tmp/suite3.out' &&
           grep -q '^chez: 1 of 1 programs ran and gave the right answer$' '$tmp/suite3.out'"
  # The R7RS libraries the harness gives Chez mean what R7RS says.
  cp -r "$top_srcdir/benchmarks/harness/chez" "$tmp/chez"
  cat >"$tmp/chez.scm" <<'END_CHEZ'
(import (scheme base) (scheme char) (scheme write) (scheme time))
(define-record-type point (make-point y x) point?
  (x point-x set-point-x!) (y point-y) (z point-z))
(define p (make-point 1 2))
(set-point-x! p 9)
(write (list (point-x p) (point-y p) (point-z p) (point? p) (point? 3)
             (assoc 2.0 '((1 . a) (2 . b)) =) (member 2.0 '(1 2 3) =)
             (string-copy "hello" 1 3) (vector-copy '#(1 2 3 4) 1)
             (string->list "abc" 1) (vector->list '#(1 2 3) 1 2)
             (exact-integer? 5) (exact-integer? 5.0) (square 3)
             (call-with-values (lambda () (floor/ -7 2)) list)
             (call-with-values (lambda () (truncate/ -7 2)) list)
             (utf8->string (bytevector 104 105 106) 1)
             (string->utf8 "abc" 1 2) (string-map char-upcase "abc")
             (digit-value #\7) (digit-value #\x0669) (digit-value #\a)
             (let ((v (vector 1 2 3 4 5))) (vector-copy! v 1 v 0 3) v)
             (read-line (open-input-string "ab\ncd"))
             (guard (e ((error-object? e)
                        (list (error-object-message e)
                              (error-object-irritants e))))
               (error "boom" 1 2))
             (let ((port (open-output-bytevector)))
               (write-u8 7 port)
               (write-bytevector (bytevector 1 2 3) port 1)
               (get-output-bytevector port))
             (exact-integer? (current-jiffy))))
END_CHEZ
  chezscheme --libdirs "$tmp/chez" --program "$tmp/chez.scm" \
    >"$tmp/chez.out" 2>&1
  check "harness/chez: R7RS's records, ranges, errors and ports on Chez" \
    test "$(cat "$tmp/chez.out")" = '(9 1 #f #t #f (2 . b) (2 3) "el" #(2 3 4) (#\b #\c) (2) #t #f 9 (-4 1) (-3 -1) "ij" #vu8(98) "ABC" 7 9 #f #(1 1 2 3 5) "ab" ("boom" (1 2)) #vu8(7 2 3) #t)'
fi
(cd "$tmp" && R7RS_BENCHMARKS= run --suite r7rs) >"$tmp/nosuite.out" 2>&1
check "--suite r7rs without the suite says where to point it" \
  grep -q 'set R7RS_BENCHMARKS (or --suite-dir)' "$tmp/nosuite.out"

echo "1..$n"
[ "$fails" = 0 ]
