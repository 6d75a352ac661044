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
    """NAME -> (FACTOR, INPUTS) from PATH: lines 'NAME FACTOR' for the
    shipped inputs or 'NAME FACTOR INPUTS' for the input file's old or
    older ones (see input_variants), # comments."""
    scales = {}
    if path and os.path.exists(path):
        for line in open(path):
            line = line.split("#", 1)[0].split()
            if len(line) in (2, 3) and line[2:] in ([], ["old"], ["older"]):
                scales[line[0]] = (float(line[1]), "".join(line[2:]))
    return scales


def input_variants(text):
    """The inputs an input file TEXT gives, as [(NAME, TEXT)]: first
    the shipped ones (NAME ""), then the old and older ones that some
    files keep after a comment line '; The old inputs ... were:' (ctak's
    old ones are 18 12 6 where the shipped ones are 32 16 8)."""
    out = [("", text)]
    for m in re.finditer(r"^; The (old|older) inputs[^\n]*\n", text, re.M):
        out.append((m.group(1), text[m.end():]))
    return out


def program_input(suite, bench, scales):
    """The input text of BENCH as SCALES says: the shipped inputs or
    old ones, the count scaled."""
    text = open(os.path.join(suite, "inputs", bench + ".input")).read()
    factor, inputs = scales.get(bench, (1.0, ""))
    variants = dict(input_variants(text))
    if inputs not in variants:
        sys.exit("benchmarks/run --suite r7rs: %s.input has no %s inputs"
                 % (bench, inputs))
    return scaled_input(variants[inputs], factor)


# Programs whose time the first datum of the input does not scale:
# equal's count is fixed at 1 and its inputs are tree depths (one more
# doubles the time), so it always runs as shipped.
UNSCALED = {"equal"}


def first_datum(text):
    """(start, end) of the first datum of TEXT when it is an integer,
    past the comments before it (mperm's input opens with a paragraph
    of ; comments that contain numbers), else None."""
    i, n = 0, len(text)
    while i < n:
        if text[i].isspace():
            i += 1
        elif text[i] == ";":
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
        elif text.startswith("#|", i):
            j = text.find("|#", i + 2)
            i = n if j < 0 else j + 2
        else:
            break
    m = re.compile(r"[-+]?\d+(?=[\s;()]|$)").match(text, i)
    return (m.start(), m.end()) if m else None


def input_count(text):
    """The first datum of the input TEXT, the count, or None."""
    span = first_datum(text)
    return int(text[span[0]:span[1]]) if span else None


def scaled_input(text, factor):
    """The input TEXT with its first datum (the count) times FACTOR,
    at least 1."""
    span = first_datum(text)
    if factor == 1 or span is None:
        return text
    count = max(1, int(round(int(text[span[0]:span[1]]) * factor)))
    return text[:span[0]] + str(count) + text[span[1]:]


class System:
    """One Scheme: how to make a program of a benchmark and run it."""

    def __init__(self, name, prepare, command, env=None):
        self.name = name
        self.prepare = prepare      # (suite, bench, workdir) -> program path
        self.command = command      # program path -> argv
        self.env = env or {}        # what the suite's script sets


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


def pinned(argv, pin):
    """ARGV on one core (the first) when PIN and taskset is there."""
    return ["taskset", "-c", "0"] + argv if pin and shutil.which("taskset") \
        else argv


def find_guile():
    """Guile 3: guile when it is version 3, else guile3 or guile-3.0."""
    for name in ("guile", "guile3", "guile-3.0"):
        path = shutil.which(name)
        if path is None:
            continue
        r = subprocess.run([path, "-c", "(display (major-version))"],
                           capture_output=True, text=True)
        if r.stdout.strip() == "3":
            return path
    return None


def guile_system(guile, pin=False):
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
        subprocess.run(pinned([guile, "-c", "(use-modules (system base "
                               "compile)) "
                               '(compile-file "%s" #:output-file "%s" '
                               "#:optimization-level 3)" % (path, go)], pin),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return go
    # The suite's script starts Guile with a 100 MB heap.
    return System("guile", prepare,
                  lambda go: [guile, "-c", '(load-compiled "%s")' % go],
                  {"GC_INITIAL_HEAP_SIZE": "100000000"})


# R7RS's (scheme ...) libraries for Chez 9.5, which has R6RS's only
# (the suite's script points Chez at such a directory of its author's).
CHEZ_LIBS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "chez")


def chez_system(chez):
    def prepare(suite, bench, work):
        libs = os.path.join(work, "chez")
        if not os.path.isdir(libs):         # a copy: Chez compiles into it
            shutil.copytree(CHEZ_LIBS, libs)
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
                  lambda p: [chez, "--optimize-level", "2",
                             "--compile-imported-libraries", "--libdirs",
                             os.path.join(os.path.dirname(p), "chez"),
                             "--program", p])


def find_systems(scm, peers, pin=False):
    systems = [libscm_system(scm)]
    if peers:
        guile = find_guile()
        if guile:
            systems.append(guile_system(guile, pin))
        chez = shutil.which("chezscheme") or shutil.which("scheme")
        if chez:
            systems.append(chez_system(chez))
    return systems


def run_one(system, program, input_text, timeout, pin, cwd=None):
    """Seconds the benchmark reports, or a string saying what failed.
    CWD is the suite's directory: parsing, dynamic, cat, wc and the
    others open inputs/NAME.data by that relative name."""
    argv = pinned(system.command(program), pin)
    try:
        r = subprocess.run(argv, input=input_text, capture_output=True,
                           text=True, timeout=timeout, cwd=cwd,
                           env=dict(os.environ, **system.env))
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


def has_program(suite, name):
    return os.path.exists(os.path.join(suite, "src", name + ".scm")) and \
        os.path.exists(os.path.join(suite, "inputs", name + ".input"))


def suite_programs(suite):
    """The suite's 57 programs, those SUITE has; in another suite (the
    harness's test makes one), every src/NAME.scm with its input."""
    names = [n for n in PROGRAMS if has_program(suite, n)]
    return names or sorted(f[:-4] for f in os.listdir(os.path.join(suite, "src"))
                           if f.endswith(".scm") and has_program(suite, f[:-4]))


def check_layout(suite, names):
    """What a copy of the suite may lack: outputs/, where ray, cat, tail
    and slatex write (made here, as a checkout has it), and inputs/bib,
    which cat, tail and wc read (said)."""
    out = os.path.join(suite, "outputs")
    if not os.path.isdir(out):
        try:
            os.makedirs(out)
        except OSError as e:
            print("benchmarks/run --suite r7rs: no %s (%s): ray, cat, tail "
                  "and slatex will fail" % (out, e.strerror), file=sys.stderr)
    readers = [n for n in ("cat", "tail", "wc") if n in names]
    if readers and not os.path.exists(os.path.join(suite, "inputs", "bib")):
        print("benchmarks/run --suite r7rs: %s/inputs/bib is missing: %s "
              "will fail" % (suite, ", ".join(readers)), file=sys.stderr)


def main(args):
    suite = args.suite_dir or os.environ.get("R7RS_BENCHMARKS")
    if not suite or not os.path.isdir(os.path.join(suite, "src")):
        print("benchmarks/run --suite r7rs: set R7RS_BENCHMARKS (or "
              "--suite-dir) to a checkout of the r7rs-benchmarks suite",
              file=sys.stderr)
        return 2
    scm = os.path.abspath(args.scm or os.path.join(args.srcdir, "scm"))
    systems = find_systems(scm, not args.no_peers, args.pin)
    names = args.benchmarks or suite_programs(suite)
    unknown = [n for n in names if not has_program(suite, n)]
    if unknown:
        print("benchmarks/run --suite r7rs: no program %s" % " ".join(unknown),
              file=sys.stderr)
        return 2
    check_layout(suite, names)
    if args.calibrate:
        return calibrate(args, suite, names)
    scales = read_scales(args.scale_file)
    runs = args.runs or 3
    timeout = args.timeout or 300
    work = tempfile.mkdtemp(prefix="r7rs-suite-")
    results = {}                       # (bench, system) -> [seconds...]
    try:
        for bench in names:
            text = program_input(suite, bench, scales)
            programs = {s.name: s.prepare(suite, bench, work) for s in systems}
            for run in range(runs):
                # Interleaved, each run starting with the next system, so
                # that none is always the one after a cold cache.
                k = run % len(systems)
                for s in systems[k:] + systems[:k]:
                    t = run_one(s, programs[s.name], text, timeout, args.pin,
                                cwd=suite)
                    results.setdefault((bench, s.name), []).append(t)
            print_row(bench, systems, results, file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("r7rs-benchmarks suite, %s: best of %d run%s%s, scaled by %s"
          % (time.strftime("%Y-%m-%d %H:%M"), runs, "" if runs == 1 else "s",
             ", pinned to one core" if args.pin else "",
             os.path.basename(args.scale_file)
             if os.path.exists(args.scale_file) else "nothing"))
    text, libscm_ok = report(names, systems, results)
    sys.stdout.write(text)
    return 0 if libscm_ok else 1


def best(values):
    """The fastest run, or the failure if no run gave a time."""
    times = [v for v in values if isinstance(v, float)]
    return min(times) if times else values[0]


def cell(v):
    return "%10.3f" % v if isinstance(v, float) else "%10s" % v


def print_row(bench, systems, results, file=sys.stdout):
    print("%-12s %s" % (bench, " ".join(cell(best(results[(bench, s.name)]))
                                        for s in systems)), file=file)


def ratios_of(names, results, a, b):
    """[(time of A / time of B, program)] over the programs both ran."""
    out = []
    for bench in names:
        x, y = best(results[(bench, a)]), best(results[(bench, b)])
        if isinstance(x, float) and isinstance(y, float) and x > 0 and y > 0:
            out.append((x / y, bench))
    return out


def report(names, systems, results):
    """The table (each program's best time per system and libscm's
    ratio to each peer), then for each pair the geometric mean of the
    ratios over the programs both ran and the worst program, then what
    each system ran right.  Returns (text, whether libscm gave the right
    answer on every program)."""
    peers = [s.name for s in systems[1:]]
    out = ["%-12s %s%s\n" % ("program", " ".join("%10s" % s.name
                                                 for s in systems),
                             "".join("  %13s" % ("libscm/" + p)
                                     for p in peers))]
    ratios = {p: dict((b, r) for r, b in
                      ratios_of(names, results, "libscm", p)) for p in peers}
    for bench in names:
        out.append("%-12s %s%s\n" % (
            bench, " ".join(cell(best(results[(bench, s.name)]))
                            for s in systems),
            "".join("  %13s" % ("%.3f" % ratios[p][bench]
                                if bench in ratios[p] else "-")
                    for p in peers)))
    out.append("\n")
    # libscm against each peer, and each other peer against Guile.
    pairs = [("libscm", p) for p in peers] + \
        [(p, "guile") for p in peers if p != "guile" and "guile" in peers]
    for a, b in pairs:
        rs = ratios_of(names, results, a, b)
        if not rs:
            continue
        worst = max(rs)
        above = sorted((r for r in rs if r[0] > 1), reverse=True)
        out.append("%s/%s: geometric mean %.3f over %d programs, worst %s "
                   "%.3f; %d above 1%s\n"
                   % (a, b, geomean([r for r, _ in rs]), len(rs), worst[1],
                      worst[0], len(above),
                      (" (%s)" % ", ".join("%s %.2f" % (n, r)
                                           for r, n in above))
                      if above and a == "libscm" else ""))
    libscm_ok = True
    for s in systems:
        failed = [(b, best(results[(b, s.name)])) for b in names
                  if not isinstance(best(results[(b, s.name)]), float)]
        out.append("%s: %d of %d programs ran and gave the right answer%s\n"
                   % (s.name, len(names) - len(failed), len(names),
                      "" if not failed else " (not: %s)" % ", ".join(
                          "%s %s" % f for f in failed)))
        if s.name == "libscm":
            libscm_ok = not failed
    return "".join(out), libscm_ok


def two_digits(x):
    return float("%.2g" % x)


def calibrate_one(run, text, target, scalable=True):
    """The factor that makes RUN(input text) -> seconds (or a string
    saying what failed) take about TARGET seconds, as (factor, inputs,
    note): INPUTS "" for the shipped inputs, else the name of the old
    ones the factor applies to; factor None when no trial gave a time.

    The first trial is at the shipped count.  A trial that times out is
    followed by one at a tenth of the count, down to a count of 1; the
    factor is extrapolated from the first trial that gives a time.
    Where even a count of 1 is too long (ctak at count 1 outlasts any
    sensible timeout on Guile), the trials go on with the input file's
    old inputs, then its older ones.  A trial shorter than a quarter of
    TARGET is repeated once at the extrapolated factor, so that
    programs of a few milliseconds are not scaled from noise."""
    notes = []
    variants = input_variants(text) if scalable else [("", text)]
    for k, (inputs, base) in enumerate(variants):
        count = input_count(base)
        if count is None:
            continue
        factor, refined, more = 1.0, None, k + 1 < len(variants)
        while True:
            t = run(scaled_input(base, factor))
            n = max(1, int(round(count * factor)))
            label = ", ".join(([inputs + " inputs"] if inputs else [])
                              + ([] if n == count else
                                 ["x%g" % (n / count)])
                              + ["count %d" % n])
            notes.append("%s: %s" % (label, "%.3f s" % t
                                     if isinstance(t, float) else t))
            if isinstance(t, float) and t > 0:
                est = n / count * target / t
                if not scalable:
                    notes.append("count not scalable")
                    return 1.0, inputs, "; ".join(notes)
                if count * est < 0.5 and more:
                    break                   # count 1 is too long: older
                if t < target / 4 and refined is None:
                    refined = factor = est
                    continue
                if count * est < 0.5:
                    notes.append("count stays 1")
                return two_digits(est), inputs, "; ".join(notes)
            if refined is not None:         # the refining trial failed
                return two_digits(refined), inputs, "; ".join(notes)
            if t != "timeout" or not scalable:
                return None, "", "; ".join(notes)
            if n < 2:
                break                       # count 1 timed out: older
            factor = max(n / count / 10, 1.0 / count)
    return None, "", "; ".join(notes)


def scale_lines(path):
    """NAME -> its line (a factor, or '# NAME left at 1: ...') in the
    scale file PATH, for the programs of the suite it names."""
    lines = {}
    if os.path.exists(path):
        for line in open(path):
            words = line.split()
            name = words[1] if words[:1] == ["#"] and len(words) > 1 \
                else words[0] if words else ""
            if name in PROGRAMS and (words[0] != "#" or "left at" in line):
                lines[name] = line.rstrip("\n")
    return lines


def calibrate(args, suite, names):
    """Write the scale file: for each program, the factor that makes one
    run on Guile take about ARGS.calibrate seconds (calibrate_one),
    rounded to two significant digits, with what each trial gave.  With
    program names, the others keep their lines."""
    guile = find_guile()
    if guile is None:
        print("benchmarks/run --suite r7rs --calibrate: needs Guile 3",
              file=sys.stderr)
        return 2
    system = guile_system(guile, args.pin)
    timeout = args.timeout or 30
    work = tempfile.mkdtemp(prefix="r7rs-calibrate-")
    version = subprocess.run([guile, "-c", "(display (version))"],
                             capture_output=True, text=True).stdout.strip()
    head = ["# r7rs-scale.txt -- factors for the iteration counts of the",
            "# r7rs-benchmarks suite (benchmarks/run --suite r7rs), one "
            "program a",
            "# line: NAME FACTOR, or NAME FACTOR old (or older) for "
            "the input file's",
            "# old inputs.  A program not named runs at the suite's count.",
            "# Made on %s with" % time.strftime("%Y-%m-%d"),
            "#   R7RS_BENCHMARKS=DIR benchmarks/run --suite r7rs "
            "--calibrate %g%s%s" % (args.calibrate,
                                    " --pin" if args.pin else "",
                                    "".join(" " + n for n in args.benchmarks)),
            "# so that each program takes about %g s on Guile %s; "
            "trials time out" % (args.calibrate, version),
            "# after %g s.  After each line, what the trials gave."
            % timeout]
    lines = scale_lines(args.scale_file) if args.benchmarks else {}
    if set(lines) - set(names):
        head.append("# The programs not named keep their lines of an "
                    "earlier run.")
    try:
        for bench in names:
            text = open(os.path.join(suite, "inputs", bench + ".input")).read()
            program = system.prepare(suite, bench, work)
            factor, inputs, note = calibrate_one(
                lambda t: run_one(system, program, t, timeout, args.pin,
                                  cwd=suite),
                text, args.calibrate, bench not in UNSCALED)
            if factor is None:
                line = "# %s left at 1: %s" % (bench, note)
            else:
                line = "%s %g%s  # %s" % (bench, factor,
                                          inputs and " " + inputs, note)
            lines[bench] = line
            print(line, file=sys.stderr)
            sys.stderr.flush()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    with open(args.scale_file, "w") as f:
        f.write("\n".join(head + [lines[n] for n in PROGRAMS if n in lines])
                + "\n")
    return 0
