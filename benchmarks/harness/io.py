# io.py -- the harness's io mode (benchmarks/run --io): reading a big text
# file line by line and character by character, and copying a big binary
# file, on libscm, on Guile when it is installed, and with the shell's
# tools (wc -l, cat, cp) as the floor, all in the same run.
# SPDX-License-Identifier: LGPL-3.0-or-later

import filecmp
import os
import random
import shutil
import subprocess
import tempfile
import time

from . import report

# Characters the text is made of: mostly ASCII words, with two- and
# three-byte UTF-8 (Latin, Greek, the euro sign) and one four-byte one,
# so that the decoder's slow path is exercised too.
WORDS = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog",
         "port", "buffer", "scheme", "λόγος", "café", "naïve", "€10",
         "straße", "ΧΑΟΣ", "𝄞", "x", "", "0123456789"]


def make_text(path, size, seed=13):
    """Write about SIZE bytes of deterministic text to PATH: lines of 0 to
    about 200 characters.  Return (lines, characters of the lines
    without their linefeeds, all characters, linefeeds)."""
    rng = random.Random(seed)
    # A pool of lines, then lines drawn from it: fast to write 100 MB and
    # still varied in length and content.
    pool = []
    for _ in range(4096):
        n = rng.choice((0, 1, 3, 8, 12, 20, 35))
        pool.append(" ".join(rng.choice(WORDS) for _ in range(n)))
    lines = chars = written = 0
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        chunk = []
        while written < size:
            line = pool[rng.randrange(len(pool))]
            chunk.append(line)
            lines += 1
            chars += len(line)
            written += len(line.encode("utf-8")) + 1
            if len(chunk) == 4096:
                f.write("\n".join(chunk) + "\n")
                chunk = []
        if chunk:
            f.write("\n".join(chunk) + "\n")
    return lines, chars, chars + lines, lines


def make_binary(path, size, seed=17):
    """Write SIZE deterministic pseudo-random bytes to PATH."""
    rng = random.Random(seed)
    with open(path, "wb") as f:
        left = size
        while left > 0:
            n = min(left, 1 << 20)
            f.write(rng.randbytes(n))
            left -= n


class Run:
    """One timed run: a Result-like object for report.Stats."""

    def __init__(self, ok, wall_s, message=""):
        self.ok = ok
        self.wall_s = wall_s
        self.message = message


def timed(argv, env, stdout=subprocess.DEVNULL, timeout=None):
    """Run ARGV, return a Run (wall time of the whole process)."""
    full = dict(os.environ)
    full.update(env)
    t0 = time.perf_counter()
    try:
        p = subprocess.run(argv, env=full, stdin=subprocess.DEVNULL,
                           stdout=stdout, stderr=subprocess.PIPE,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return Run(False, time.perf_counter() - t0, "timed out")
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        err = [l for l in p.stderr.decode(errors="replace").split("\n")
               if l.strip() and not l.startswith(("WARNING", ";;;"))]
        return Run(False, wall, "exit status %d: %s"
                   % (p.returncode, (err[0] if err else "")[:200]))
    return Run(True, wall)


class Task:
    def __init__(self, name, label, program, args, floor_label, floor,
                 check=None):
        self.name = name
        self.label = label
        self.program = program      # benchmarks/io/NAME.scm
        self.args = args            # its arguments after the file
        self.floor_label = floor_label
        self.floor = floor          # argv, output to /dev/null
        self.check = check          # called after a run: None or why not


def tasks(bench_dir, text, binary, copy_to, t):
    lines, line_chars, all_chars, newlines = t
    io = os.path.join(bench_dir, "io")
    size = os.path.getsize(binary)

    def same():
        ok = (os.path.getsize(copy_to) == size
              and filecmp.cmp(binary, copy_to, shallow=False))
        return None if ok else "the copy differs from the original"

    return [
        Task("read-lines", "read-line, line by line",
             os.path.join(io, "read-lines.scm"),
             [text, str(lines), str(line_chars)], "wc -l",
             ["wc", "-l", text]),
        Task("read-chars", "read-char, char by char",
             os.path.join(io, "read-chars.scm"),
             [text, str(all_chars), str(newlines)], "cat > /dev/null",
             ["cat", text]),
        Task("copy-bytes", "read-bytevector/write-bytevector copy",
             os.path.join(io, "copy-bytes.scm"),
             [binary, copy_to, str(size)], "cp",
             ["cp", binary, copy_to], same),
    ]


def find_guile():
    """Guile 3 (/usr/bin/guile, else guile on PATH), or None."""
    for g in ("/usr/bin/guile", shutil.which("guile")):
        if g and os.path.exists(g):
            v = subprocess.run([g, "--version"], capture_output=True,
                               text=True).stdout.split("\n")[0]
            if " 3." in v:
                return g, v
    return None, None


def run_io(args, scm_program, scm_env, progress):
    """The io mode: make the files, run every task on every
    implementation ARGS.RUNS times (after a warm-up), and return (report
    text, TAP lines as (ok, description, directive))."""
    size = int(args.io_mb * 1024 * 1024)
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="scm-io.")
    try:
        text = os.path.join(work, "text.txt")
        binary = os.path.join(work, "binary.bin")
        copy_to = os.path.join(work, "copy.bin")
        progress("io: writing %s MB of text and %s MB of bytes in %s"
                 % (args.io_mb, args.io_mb, work))
        counts = make_text(text, size)
        make_binary(binary, size)
        guile, guile_version = find_guile()
        impls = [("libscm", [scm_program], scm_env)]
        if guile:
            impls.append(("guile", [guile], {
                "XDG_CACHE_HOME": os.path.join(out, "guile-cache"),
                "LC_ALL": "C.UTF-8", "GUILE_AUTO_COMPILE": "1"}))
        data, tap = {}, []
        for task in tasks(args.bench_dir, text, binary, copy_to, counts):
            progress("io: %s" % task.label)
            columns = [("floor", task.floor, {})] + [
                (name, argv + [task.program] + task.args, env)
                for name, argv, env in impls]
            for name, argv, env in columns:
                timed(argv, env, timeout=args.timeout)          # warm-up
            runs = {name: [] for name, _, _ in columns}
            for _ in range(args.runs):
                for name, argv, env in columns:
                    r = timed(argv, env, timeout=args.timeout)
                    if r.ok and task.check is not None:
                        why = task.check()
                        if why:
                            r = Run(False, r.wall_s, why)
                    runs[name].append(r)
            for name in runs:
                data[(task.name, name)] = report.Stats(runs[name])
                st = data[(task.name, name)]
                desc = "io %s on %s" % (task.name, name)
                if not st.ok:
                    desc += ": " + st.message
                tap.append((st.ok, desc, "" if name != "guile" or st.ok
                            else " # TODO peer failed"))
        text_out = io_report(args, counts, size, data, guile_version,
                             [n for n, _, _ in impls])
        with open(os.path.join(out, "io-report.txt"), "w") as f:
            f.write(text_out)
        return text_out, tap
    finally:
        shutil.rmtree(work, ignore_errors=True)


def io_report(args, counts, size, data, guile_version, names):
    lines, _, all_chars, _ = counts
    out = ["libscm I/O: %s MB of text (%d lines, %d characters) and %s MB "
           "of bytes, %d run%s each, medians (± half the range)\n"
           % (args.io_mb, lines, all_chars, args.io_mb, args.runs,
              "" if args.runs == 1 else "s"),
           "machine: %s, %d processors; %s\n"
           % (os.uname().machine, os.cpu_count() or 0,
              time.strftime("%Y-%m-%d %H:%M"))]
    if guile_version:
        out.append("peer: %s\n" % guile_version)
    else:
        out.append("peer note: guile 3 not found on this machine, skipped\n")
    out.append("times in seconds, ratios to the floor; MB/s of libscm\n\n")
    header = ["", "floor", "floor (s)"] + ["%s (s)" % n for n in names]
    if "guile" in names:
        header.append("libscm / guile")
    header.append("libscm MB/s")
    table = report.Table(header)
    labels = {"read-lines": ("read-line", "wc -l"),
              "read-chars": ("read-char", "cat > /dev/null"),
              "copy-bytes": ("read/write-bytevector", "cp")}
    for task, (label, floor_label) in labels.items():
        fl = data.get((task, "floor"))
        base = fl.median("wall_s") if fl is not None and fl.ok else None
        row = [label, floor_label,
               report.fmt_time(fl, None) if base is not None
               else report._why(fl)]
        for n in names:
            st = data.get((task, n))
            row.append(report.fmt_time(st, base) if st is not None and st.ok
                       else report._why(st))
        mine = data.get((task, "libscm"))
        t = mine.median("wall_s") if mine is not None and mine.ok else None
        if "guile" in names:
            g = data.get((task, "guile"))
            gt = g.median("wall_s") if g is not None and g.ok else None
            row.append("%.2fx" % (t / gt) if t and gt else "-")
        row.append("%.1f" % (size / 1e6 / t) if t else "-")
        table.add(row)
    out.append(table.render() + "\n")
    return "".join(out)
