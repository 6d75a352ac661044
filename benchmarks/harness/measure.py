# measure.py -- running one benchmark program once, under one GC mode, and
# recording what it cost: wall and CPU time from the kernel (wait4), and
# heap, collections, bytes allocated and root set from the probe.
# SPDX-License-Identifier: LGPL-3.0-or-later

import os
import re
import shutil
import subprocess
import threading
import time
from dataclasses import dataclass, field


@dataclass
class Mode:
    name: str
    label: str
    env: dict


# libgc reads these variables when it starts, in libscm and in any other
# Scheme built on libgc, so every implementation runs under the same mode.
# One marker thread always: the machines are small and the comparison is
# about the collector's policy, not its parallelism.
MODES = [
    Mode("fsd3", "FSD=3", {"GC_FREE_SPACE_DIVISOR": "3"}),
    Mode("fsd6", "FSD=6", {"GC_FREE_SPACE_DIVISOR": "6"}),
    Mode("fsd9", "FSD=9", {"GC_FREE_SPACE_DIVISOR": "9"}),
    Mode("incr", "FSD=3 incr.", {"GC_FREE_SPACE_DIVISOR": "3",
                                 "GC_ENABLE_INCREMENTAL": "1"}),
    Mode("gene", "FSD=3 gene.", {"GC_FREE_SPACE_DIVISOR": "3",
                                 "GC_ENABLE_INCREMENTAL": "1",
                                 "GC_PAUSE_TIME_TARGET": "999999"}),
    # libscm's root filter off (gc-roots.c): every library's data scanned,
    # as libgc does by default; compare with fsd3 for what the filter saves.
    Mode("roots", "FSD=3 all roots", {"GC_FREE_SPACE_DIVISOR": "3",
                                      "SCM_GC_SCAN_ALL_LIBRARIES": "1"}),
    # libscm's heap in 4 KiB pages (huge-pages.c off); compare with fsd3
    # for what the advice of huge pages saves in page faults.
    Mode("small", "FSD=3 small pages", {"GC_FREE_SPACE_DIVISOR": "3",
                                        "SCM_GC_HUGE_PAGES": "0"}),
]
for _m in MODES:
    _m.env["GC_MARKERS"] = "1"


def mode_named(name):
    for m in MODES:
        if m.name == name:
            return m
    raise SystemExit("benchmarks/run: unknown GC mode %r (known: %s)"
                     % (name, ", ".join(m.name for m in MODES)))


@dataclass
class Implementation:
    """Something that runs a Scheme file: a libscm variant or a peer."""
    name: str            # column name: "libscm", "guile"
    variant: str         # libscm variant name, or "" for a peer
    label: str
    argv: list           # the command, without the file
    env: dict = field(default_factory=dict)
    version: str = ""
    features: dict = field(default_factory=dict)
    compiles_on_first_run: bool = False
    builddir: str = ""   # a libscm variant's build directory

    @property
    def key(self):
        return self.variant if self.variant else self.name


# Programs that tell whether an implementation has what a benchmark's
# "requires:" line names; each prints "yes" when it works.
FEATURE_PROBES = {
    "call/cc": "(display (if (= 2 (+ 1 (call-with-current-continuation"
               " (lambda (k) (k 1))))) \"yes\" \"no\"))",
    "bignums": "(display (if (string=? (number->string (* 99999999999 "
               "99999999999 99999999999)) \"999999999970000000000299999"
               "999999\") \"yes\" \"no\"))",
    "rationals": "(display (if (string=? (number->string (+ (/ 1 3) "
                 "(/ 1 6))) \"1/2\") \"yes\" \"no\"))",
    # R7RS exceptions: guard and raise, and raise-continuable under
    # with-exception-handler.  Guile has them in modules, which the
    # probe loads as exceptions.scm does.
    "exceptions": "(cond-expand (guile (use-modules (srfi srfi-34) "
                  "((ice-9 exceptions) #:select (raise-continuable)))) "
                  "(else))\n"
                  "(display (if (equal? (list (guard (e ((symbol? e) e)) "
                  "(raise 'x)) (with-exception-handler (lambda (c) (* c 2)) "
                  "(lambda () (+ 1 (raise-continuable 20))))) '(x 41)) "
                  "\"yes\" \"no\"))",
}


@dataclass
class Result:
    ok: bool
    message: str = ""
    wall_s: float = 0.0
    cpu_s: float = 0.0
    maxrss_kib: int = -1
    heap_bytes: int = -1
    bytes_allocated: int = -1
    gc_count: int = -1
    gc_ms: float = -1.0
    static_roots: int = -1
    anon_kib: int = -1


class Runner:
    def __init__(self, probe_so, workdir, timeout):
        self.probe_so = probe_so
        self.workdir = workdir
        self.timeout = timeout
        self.count = 0

    def run(self, impl, mode_env, program):
        """Run PROGRAM once with IMPL under MODE_ENV; return a Result."""
        self.count += 1
        probe_out = os.path.join(self.workdir, "probe-%d.txt" % self.count)
        log = os.path.join(self.workdir, "last-run.out")
        errlog = os.path.join(self.workdir, "last-run.err")
        if os.path.exists(probe_out):
            os.unlink(probe_out)
        env = dict(os.environ)
        env.update(impl.env)
        env.update(mode_env)
        env["SCM_BENCH_PROBE_OUT"] = probe_out
        env["LD_PRELOAD"] = self.probe_so
        with open(log, "w") as out, open(errlog, "w") as err:
            t0 = time.perf_counter()
            proc = subprocess.Popen(impl.argv + [program], env=env,
                                    stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=err)
            status, usage = self._wait(proc)
            wall = time.perf_counter() - t0
        text = open(log, errors="replace").read()
        r = Result(ok=(status == 0), wall_s=wall,
                   cpu_s=usage.ru_utime + usage.ru_stime if usage else 0.0,
                   maxrss_kib=usage.ru_maxrss if usage else -1)
        if status != 0:
            r.message = _failure_message(status, text,
                                         open(errlog, errors="replace").read(),
                                         impl.variant != "")
        self._read_probe(probe_out, r)
        if os.path.exists(probe_out):
            os.unlink(probe_out)
        return r, text

    def _wait(self, proc):
        """Wait for PROC (blocking, so that the wall time is exact) and
        return (exit status or "timeout", its rusage or None)."""
        timed_out = []

        def kill():
            timed_out.append(True)
            proc.kill()
        timer = threading.Timer(self.timeout, kill)
        timer.start()
        try:
            _pid, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        if timed_out:
            return "timeout", None
        return proc.returncode, usage

    @staticmethod
    def _read_probe(path, r):
        if not os.path.exists(path):
            return
        lines = open(path).read().split("\n")
        if not lines or not lines[0]:
            return
        fields = dict(kv.split("=", 1) for kv in lines[0].split())
        for key in ("heap_bytes", "bytes_allocated", "gc_count",
                    "static_roots", "anon_kib"):
            if key in fields:
                setattr(r, key, int(fields[key]))
        # wait4's ru_maxrss counts the forked harness too, before the exec;
        # the program's own high-water mark is the probe's.
        if int(fields.get("hwm_kib", -1)) > 0:
            r.maxrss_kib = int(fields["hwm_kib"])
        if "gc_ms" in fields:
            r.gc_ms = float(fields["gc_ms"])


def _failure_message(status, out, err, first_error_line):
    """Why a run failed: the benchmark's "wrong answer" line, else the
    error the implementation printed (libscm prints the error first and
    then the backtrace; other Schemes end with the error)."""
    if status == "timeout":
        return "timed out"
    out_lines = [l.strip() for l in out.split("\n") if l.strip()]
    err_lines = [l.strip() for l in err.split("\n") if l.strip()]
    if out_lines and "wrong answer" in out_lines[-1]:
        why = out_lines[-1]
    elif err_lines:
        why = err_lines[0] if first_error_line else err_lines[-1]
    else:
        why = out_lines[-1] if out_lines else "no output"
    if isinstance(status, int) and status < 0:
        return "killed by signal %d: %s" % (-status, why[:200])
    return "exit status %s: %s" % (status, why[:200])


def probe_features(runner, impl, workdir):
    """Fill IMPL.features from FEATURE_PROBES (feature -> bool)."""
    for feature, code in FEATURE_PROBES.items():
        path = os.path.join(workdir, "feature-%s.scm"
                            % re.sub(r"[^a-z]", "", feature))
        with open(path, "w") as f:
            f.write(code + "\n")
        r, text = runner.run(impl, {}, path)
        impl.features[feature] = r.ok and text.strip().endswith("yes")


# Other Schemes the harness knows how to run: command, how to run a file,
# how to ask the version.  Only the ones on the machine are used.
PEERS = [
    ("guile", ["guile"], ["guile", "--version"], True),
    ("chibi", ["chibi-scheme"], ["chibi-scheme", "-V"], False),
    ("gauche", ["gosh"], ["gosh", "-V"], False),
]


def find_peers(outdir):
    """Return (found implementations, notes about the missing ones)."""
    found, notes = [], []
    for name, argv, version_cmd, compiles in PEERS:
        if shutil.which(argv[0]) is None:
            notes.append("%s: %s not found on this machine, skipped"
                         % (name, argv[0]))
            continue
        version = subprocess.run(version_cmd, capture_output=True, text=True)
        first = (version.stdout or version.stderr).strip().split("\n")[0]
        env = {}
        if name == "guile":
            # Guile compiles a script the first time it runs it and keeps
            # the result here; the warm-up run does the compiling.
            env["XDG_CACHE_HOME"] = os.path.join(outdir, "guile-cache")
        found.append(Implementation(name, "", first, argv, env, first,
                                    compiles_on_first_run=compiles))
    return found, notes
