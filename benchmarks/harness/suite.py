# benchmarks/harness/suite.py -- the cross-Scheme r7rs-benchmarks suite
# (57 programs that other implementations publish results for), run as
# shipped beside Guile 3 and Chez Scheme when they are installed.
# SPDX-License-Identifier: LGPL-3.0-or-later
#
# The suite itself stays outside the tree: R7RS_BENCHMARKS (or
# --suite-dir) names a checkout, with its src/ and inputs/.  Each program
# is the suite's src/NAME.scm, then src/common.scm, then what each
# system needs around it (the suite's own preludes for Guile and Chez;
# for libscm only the implementation's name), then the call of
# run-benchmark, and reads inputs/NAME.input on standard input, as the
# suite's `bench` script does.  Only the first datum of the input, the
# iteration count, is scaled: by the factor benchmarks/r7rs-scale.txt
# gives the program (so that each takes 0.5-5 s on Guile), or 1.

import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# The suite's programs, in its own groups and order.
PROGRAMS = """
browse deriv destruc diviter divrec puzzle triangl tak takl ntakl cpstak ctak
fib fibc fibfp sum sumfp fft mbrot mbrotZ nucleic pi pnpoly ray simplex
ack array1 string sum1 cat tail wc read1
compiler conform dynamic earley graphs lattice matrix maze mazefun nqueens
paraffins parsing peval primes quicksort scheme slatex chudnovsky
nboyer sboyer gcbench mperm equal bv2string
""".split()

LIBSCM_POSTLUDE = '(define (this-scheme-implementation-name) "libscm")\n'


def read_scales(path):
    """NAME -> factor from PATH (lines 'NAME FACTOR', # comments)."""
    scales = {}
    if path and os.path.exists(path):
        for line in open(path):
            line = line.split("#", 1)[0].split()
            if len(line) == 2:
                scales[line[0]] = float(line[1])
    return scales


def scaled_input(text, factor):
    """The input TEXT with its first datum (the count) times FACTOR."""
    m = re.search(r"-?\d+", text)
    if factor == 1 or m is None:
        return text
    count = max(1, int(round(int(m.group(0)) * factor)))
    return text[:m.start()] + str(count) + text[m.end():]


class System:
    """One Scheme: how to make a program of a benchmark and run it."""

    def __init__(self, name, prepare, command):
        self.name = name
        self.prepare = prepare      # (suite, bench, workdir) -> program path
        self.command = command      # program path -> argv


def _cat(paths, extra_before="", extra_after=""):
    out = [extra_before]
    for p in paths:
        out.append(open(p).read())
        out.append("\n")
    out.append(extra_after)
    return "".join(out)


def libscm_system(scm):
    def prepare(suite, bench, work):
        src = os.path.join(suite, "src")
        path = os.path.join(work, bench + "-libscm.scm")
        with open(path, "w") as f:
            f.write(_cat([os.path.join(src, bench + ".scm"),
                          os.path.join(src, "common.scm")],
                         extra_after=LIBSCM_POSTLUDE
                         + open(os.path.join(src, "common-postlude.scm")).read()))
        return path
    return System("libscm", prepare, lambda p: [scm, p])


def guile_system(guile):
    def prepare(suite, bench, work):
        src = os.path.join(suite, "src")
        path = os.path.join(work, bench + "-guile.scm")
        with open(path, "w") as f:
            f.write(_cat([os.path.join(src, "Guile3-prelude.scm"),
                          os.path.join(src, bench + ".scm"),
                          os.path.join(src, "common.scm"),
                          os.path.join(src, "common-postlude.scm")]))
        go = path[:-4] + ".go"
        # As the suite's script does: compiled ahead with -O3 (by Guile
        # itself where guild, in guile-3.0-dev, is missing).
        subprocess.run([guile, "-c", "(use-modules (system base compile)) "
                        '(compile-file "%s" #:output-file "%s" '
                        "#:optimization-level 3)" % (path, go)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return go
    return System("guile", prepare,
                  lambda go: [guile, "-c", '(load-compiled "%s")' % go])


def chez_system(chez):
    def prepare(suite, bench, work):
        src = os.path.join(suite, "src")
        path = os.path.join(work, bench + "-chez.scm")
        parts = [os.path.join(src, bench + ".scm"),
                 os.path.join(src, "common.scm")]
        pre = os.path.join(src, "Chez-prelude.scm")
        post = os.path.join(src, "Chez-postlude.scm")
        with open(path, "w") as f:
            f.write(_cat(([pre] if os.path.exists(pre) else []) + parts
                         + ([post] if os.path.exists(post) else [])
                         + [os.path.join(src, "common-postlude.scm")]))
        return path
    return System("chez", prepare,
                  lambda p: [chez, "--optimize-level", "2", "--program", p])


def find_systems(scm, peers):
    systems = [libscm_system(scm)]
    if peers:
        guile = shutil.which("guile")
        if guile:
            systems.append(guile_system(guile))
        chez = shutil.which("chezscheme") or shutil.which("scheme")
        if chez:
            systems.append(chez_system(chez))
    return systems


def run_one(system, program, input_text, timeout, pin, cwd=None):
    """Seconds the benchmark reports, or a string saying what failed.
    CWD is the suite's directory: parsing, dynamic, cat, wc and the
    others open inputs/NAME.data by that relative name."""
    argv = system.command(program)
    if pin and shutil.which("taskset"):
        argv = ["taskset", "-c", "0"] + argv
    try:
        r = subprocess.run(argv, input=input_text, capture_output=True,
                           text=True, timeout=timeout, cwd=cwd)
    except subprocess.TimeoutExpired:
        return "timeout"
    m = re.search(r"^\+!CSVLINE!\+[^,\n]*,[^,\n]*,(\S+)$", r.stdout, re.M)
    if m is None:
        return "crashed" if r.returncode else "no-result"
    try:
        return float(m.group(1))
    except ValueError:
        return m.group(1).lower()          # INCORRECT


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def main(args):
    suite = args.suite_dir or os.environ.get("R7RS_BENCHMARKS")
    if not suite or not os.path.isdir(os.path.join(suite, "src")):
        print("benchmarks/run --suite r7rs: set R7RS_BENCHMARKS (or "
              "--suite-dir) to a checkout of the r7rs-benchmarks suite",
              file=sys.stderr)
        return 2
    scm = os.path.abspath(args.scm or os.path.join(args.srcdir, "scm"))
    systems = find_systems(scm, args.peers)
    names = args.benchmarks or PROGRAMS
    unknown = [n for n in names if n not in PROGRAMS]
    if unknown:
        print("benchmarks/run --suite r7rs: no program %s" % " ".join(unknown),
              file=sys.stderr)
        return 2
    if args.calibrate:
        return calibrate(args, suite, names)
    scales = read_scales(args.scale_file)
    runs = args.runs or 3
    timeout = args.timeout or 300
    work = tempfile.mkdtemp(prefix="r7rs-suite-")
    results = {}                       # (bench, system) -> [seconds...]
    try:
        for bench in names:
            text = open(os.path.join(suite, "inputs", bench + ".input")).read()
            text = scaled_input(text, scales.get(bench, 1.0))
            programs = {s.name: s.prepare(suite, bench, work) for s in systems}
            for _ in range(runs):                 # interleaved runs
                for s in systems:
                    t = run_one(s, programs[s.name], text, timeout, args.pin,
                                cwd=suite)
                    results.setdefault((bench, s.name), []).append(t)
            print_row(bench, systems, results, file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    report(names, systems, results)
    return 0


def best(values):
    """The fastest run, or the failure if no run gave a time."""
    times = [v for v in values if isinstance(v, float)]
    return min(times) if times else values[0]


def print_row(bench, systems, results, file=sys.stdout):
    cells = []
    for s in systems:
        v = best(results[(bench, s.name)])
        cells.append("%10.3f" % v if isinstance(v, float) else "%10s" % v)
    print("%-12s %s" % (bench, " ".join(cells)), file=file)


def report(names, systems, results):
    """Each program's best time per system and its ratio to each peer;
    the geometric mean of the ratios over the programs both ran, and
    the worst."""
    head = "%-12s %s" % ("program", " ".join("%10s" % s.name for s in systems))
    peers = [s.name for s in systems[1:]]
    print(head + "".join("  libscm/%-6s" % p for p in peers))
    ratios = {p: [] for p in peers}
    for bench in names:
        mine = best(results[(bench, "libscm")])
        line = "%-12s " % bench + " ".join(
            ("%10.3f" % v if isinstance(v, float) else "%10s" % v)
            for v in (best(results[(bench, s.name)]) for s in systems))
        for p in peers:
            theirs = best(results[(bench, p)])
            if isinstance(mine, float) and isinstance(theirs, float) and theirs > 0:
                r = mine / theirs
                ratios[p].append((r, bench))
                line += "  %13.3f" % r
            else:
                line += "  %13s" % "-"
        print(line)
    for p in peers:
        rs = ratios[p]
        if rs:
            worst = max(rs)
            print("libscm/%s: geometric mean %.3f over %d programs, worst %s "
                  "%.3f" % (p, geomean([r for r, _ in rs]), len(rs),
                            worst[1], worst[0]))
    failed = [b for b in names
              if not isinstance(best(results[(b, "libscm")]), float)]
    print("libscm: %d of %d programs gave the right answer%s"
          % (len(names) - len(failed), len(names),
             "" if not failed else " (not: %s)" % " ".join(failed)))


def calibrate(args, suite, names):
    """Write the scale file: for each program, the factor that makes one
    run on Guile take about ARGS.calibrate seconds (from one run at the
    shipped count), rounded to two significant digits."""
    guile = shutil.which("guile")
    if guile is None:
        print("benchmarks/run --suite r7rs --calibrate: needs guile",
              file=sys.stderr)
        return 2
    system = guile_system(guile)
    work = tempfile.mkdtemp(prefix="r7rs-calibrate-")
    lines = ["# r7rs-scale.txt -- factors for the iteration counts of the",
             "# r7rs-benchmarks suite, so that each program takes about %g s"
             % args.calibrate,
             "# on Guile 3 (benchmarks/run --suite r7rs --calibrate %g)."
             % args.calibrate]
    try:
        for bench in names:
            text = open(os.path.join(suite, "inputs", bench + ".input")).read()
            t = run_one(system, system.prepare(suite, bench, work), text,
                        args.timeout or 300, args.pin, cwd=suite)
            if isinstance(t, float) and t > 0:
                f = float("%.2g" % (args.calibrate / t))
                lines.append("%s %g" % (bench, f))
                print("%-12s %8.3f s  x%g" % (bench, t, f), file=sys.stderr)
            else:
                print("%-12s %s: left at 1" % (bench, t), file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    with open(args.scale_file, "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0
