# build.py -- the libscm build variants the harness compares, built out of
# tree from the same source, and the probe library it preloads.
# SPDX-License-Identifier: LGPL-3.0-or-later

import os
import shutil
import subprocess
from dataclasses import dataclass, field


@dataclass
class Variant:
    name: str            # short name used in file names and CSV
    label: str           # what the tables print
    configure_args: list


# The order is the order of the tables; the first is the baseline.
VARIANTS = [
    Variant("default", "static allocation, relro (default)", []),
    Variant("norelro", "static allocation, no relro", ["--disable-relro"]),
    Variant("heap", "heap allocation, relro", ["--disable-static-alloc"]),
    Variant("heap-norelro", "heap allocation, no relro",
            ["--disable-static-alloc", "--disable-relro"]),
]


def variant_named(name, given_dir=None):
    """The variant NAME; with GIVEN_DIR (--build NAME=DIR), any other name
    stands for that build as it is, to compare two builds (before and
    after a change) in one run."""
    for v in VARIANTS:
        if v.name == name:
            return v
    if given_dir is not None:
        return Variant(name, "build %s (%s)" % (name, given_dir), [])
    raise SystemExit("benchmarks/run: unknown variant %r (known: %s; "
                     "--build NAME=DIR takes any name)"
                     % (name, ", ".join(v.name for v in VARIANTS)))


@dataclass
class Built:
    """A built libscm: how to run its scm program."""
    variant: Variant
    builddir: str
    program: str                     # the real binary, not libtool's wrapper
    env: dict = field(default_factory=dict)


def built_tree(variant, builddir):
    """Describe an existing build directory of libscm."""
    builddir = os.path.abspath(builddir)
    # scm itself when it is a program (linked with libscm's archive, the
    # default), else the program behind libtool's wrapper script.
    program = os.path.join(builddir, "scm")
    if not _is_elf(program):
        program = os.path.join(builddir, ".libs", "scm")
    if not os.path.exists(program):
        raise SystemExit("benchmarks/run: no scm program in %s (run make there)"
                         % builddir)
    libdir = os.path.join(builddir, "libscm", ".libs")
    return Built(variant, builddir, program, {"LD_LIBRARY_PATH": libdir})


def _is_elf(path):
    try:
        with open(path, "rb") as f:
            return f.read(4) == b"\x7fELF"
    except OSError:
        return False


def _run(cmd, cwd, log):
    with open(log, "a") as out:
        out.write("$ %s\n" % " ".join(cmd))
        out.flush()
        r = subprocess.run(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT)
    if r.returncode != 0:
        raise SystemExit("benchmarks/run: '%s' failed in %s; see %s"
                         % (" ".join(cmd), cwd, log))


def _source_files(srcdir):
    """The working tree's files as git sees them (tracked, or untracked and
    not ignored), so that uncommitted changes are measured too."""
    r = subprocess.run(["git", "-C", srcdir, "ls-files", "-z", "-c", "-o",
                        "--exclude-standard"], capture_output=True)
    if r.returncode != 0:
        return None
    return [f for f in r.stdout.decode().split("\0") if f]


def copy_source(srcdir, dest, log):
    """Copy the source to DEST for out-of-tree builds (configure refuses a
    source directory that is configured in place) and autoreconf it when
    the build files changed.  Unchanged files keep their times, so a
    second run rebuilds only what changed."""
    files = _source_files(srcdir)
    if files is None:
        raise SystemExit("benchmarks/run: %s is not a git work tree; "
                         "build the variants by hand and pass --build" % srcdir)
    regen = not os.path.exists(os.path.join(dest, "configure"))
    for f in files:
        src, dst = os.path.join(srcdir, f), os.path.join(dest, f)
        if not os.path.isfile(src):
            continue
        if os.path.exists(dst) and _same_file(src, dst):
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst)
        if f in ("configure.ac", "Makefile.am") or f.startswith("m4/"):
            regen = True
    if regen:
        _run(["autoreconf", "-fi"], dest, log)


def _same_file(a, b):
    sa, sb = os.stat(a), os.stat(b)
    if sa.st_size != sb.st_size:
        return False
    with open(a, "rb") as fa, open(b, "rb") as fb:
        return fa.read() == fb.read()


def build_variant(variant, srcdir, root, log, jobs):
    """Configure (once) and make VARIANT under ROOT/VARIANT from the copy
    of the source in ROOT/src."""
    builddir = os.path.join(root, variant.name)
    os.makedirs(builddir, exist_ok=True)
    stamp = os.path.join(builddir, ".configure-args")
    wanted = " ".join(variant.configure_args)
    old = open(stamp).read() if os.path.exists(stamp) else None
    if old != wanted or not os.path.exists(os.path.join(builddir, "Makefile")):
        _run([os.path.join(root, "src", "configure"), "-q"]
             + variant.configure_args, builddir, log)
        with open(stamp, "w") as f:
            f.write(wanted)
    _run(["make", "-s", "-j%d" % jobs], builddir, log)
    return built_tree(variant, builddir)


def build_probe(srcdir, outdir, log):
    """Compile benchmarks/probe.c (with libscm/static-roots.c and
    gc-pauses.c, so that it measures as libscm does) into a
    preloadable library."""
    so = os.path.join(outdir, "probe.so")
    cc = os.environ.get("CC", "cc")
    _run([cc, "-O2", "-shared", "-fPIC",
          "-iquote", os.path.join(srcdir, "libscm"),
          os.path.join(srcdir, "benchmarks", "probe.c"),
          os.path.join(srcdir, "libscm", "gc", "static-roots.c"),
          os.path.join(srcdir, "libscm", "gc", "gc-pauses.c"),
          "-o", so, "-ldl"], outdir, log)
    return so


def _compile(cmd, exe, outdir, log):
    """Run the compiler command CMD in OUTDIR, logged in LOG: EXE if it
    succeeded, else None."""
    with open(log, "a") as out:
        out.write("$ %s\n" % " ".join(cmd))
        out.flush()
        r = subprocess.run(cmd, cwd=outdir, stdout=out,
                           stderr=subprocess.STDOUT)
    return exe if r.returncode == 0 else None


def build_host(srcdir, outdir, log, builddir):
    """Compile benchmarks/startup-host.c, an embedder linking the shared
    libscm built in BUILDDIR (through its libscm-uninstalled.pc); None
    (the reason in LOG) without a C compiler or pkg-config."""
    exe = os.path.join(outdir, "startup-host")
    cc = os.environ.get("CC", "cc")
    env = dict(os.environ, PKG_CONFIG_PATH=os.path.abspath(builddir))
    flags = subprocess.run(["pkg-config", "--cflags", "--libs",
                            "libscm-uninstalled"], capture_output=True,
                           text=True, env=env)
    if flags.returncode != 0:
        with open(log, "a") as out:
            out.write("no startup-host: %s\n" % flags.stderr.strip())
        return None
    cmd = [cc, "-O2", os.path.join(srcdir, "benchmarks", "startup-host.c"),
           "-o", exe] + flags.stdout.split()
    return _compile(cmd, exe, outdir, log)


def build_c_floor(srcdir, outdir, log, source="gcbench.c", name="gcbench-c",
                  libs=()):
    """Compile benchmarks/gcbench.c, GCBench in C on libgc, the floor
    gcbench.scm is measured against (or SOURCE, linked with LIBS too, as
    NAME); None (with the reason in LOG) when there is no C compiler or
    no libgc to link with."""
    exe = os.path.join(outdir, name)
    cc = os.environ.get("CC", "cc")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "bdw-gc"],
                           capture_output=True, text=True)
    gc_flags = flags.stdout.split() if flags.returncode == 0 else ["-lgc"]
    cmd = [cc, "-O2", os.path.join(srcdir, "benchmarks", source),
           "-o", exe] + gc_flags + list(libs)
    return _compile(cmd, exe, outdir, log)
