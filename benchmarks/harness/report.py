# report.py -- the harness's output: text tables, CSV files and gnuplot
# plots, all from the same medians.
# SPDX-License-Identifier: LGPL-3.0-or-later

import csv
import math
import os
import shutil
import statistics
import subprocess

MIB = 1024.0 * 1024.0

RUN_FIELDS = ["benchmark", "implementation", "variant", "mode", "run", "ok",
              "wall_s", "cpu_s", "heap_bytes", "anon_kib", "maxrss_kib",
              "gc_count", "gc_ms", "bytes_allocated", "static_roots",
              "message"]


class Stats:
    """The runs of one configuration: one benchmark, implementation, mode."""

    def __init__(self, results):
        self.results = results
        self.ok = bool(results) and all(r.ok for r in results)
        self.message = next((r.message for r in results if not r.ok), "")

    def median(self, attr):
        values = [getattr(r, attr) for r in self.results
                  if getattr(r, attr) is not None and getattr(r, attr) >= 0]
        return statistics.median(values) if values else None

    def spread(self, attr):
        """Half the range, as a fraction of the median."""
        values = [getattr(r, attr) for r in self.results]
        m = self.median(attr)
        if len(values) < 2 or not m:
            return None
        return (max(values) - min(values)) / 2.0 / m


def ratio(value, base):
    if value is None or not base:
        return None
    return value / base


def geomean(values):
    values = [v for v in values if v]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def fmt_ratio(value, base, digits):
    if value is None:
        return "-"
    r = ratio(value, base)
    text = "%.*f" % (digits, value)
    return text + (" (%.2fx)" % r if r is not None else "")


def fmt_time(stats, base):
    t = stats.median("wall_s")
    s = stats.spread("wall_s")
    text = fmt_ratio(t, base, 3)
    if s is not None:
        text += " ±%.1f%%" % (100 * s)
    return text


def mib(value):
    return None if value is None else value / MIB


class Table:
    def __init__(self, header):
        self.header = header
        self.rows = []

    def add(self, row):
        self.rows.append(row)

    def render(self):
        widths = [max(len(str(r[i])) for r in [self.header] + self.rows)
                  for i in range(len(self.header))]
        lines = []
        for row in [self.header] + self.rows:
            cells = [str(row[0]).ljust(widths[0])]
            cells += [str(c).rjust(w) for c, w in zip(row[1:], widths[1:])]
            lines.append("  ".join(cells).rstrip())
        return "\n".join(lines)


def benchmark_table(bench, variant_impl, modes, data, base, peers):
    """One benchmark under every mode, for one libscm variant (and, for
    the default variant, the peers' columns).  BASE is the baseline
    Stats (default variant, first mode)."""
    base_heap = mib(base.median("heap_bytes")) if base else None
    base_time = base.median("wall_s") if base else None
    header = ["", "heap size (MiB)", "execution time (s)", "CPU (s)",
              "GCs", "GC time (s)", "RSS (MiB)"]
    for p in peers:
        header += ["%s heap (MiB)" % p.name, "%s time (s)" % p.name]
    table = Table(header)
    for mode in modes:
        st = data.get((variant_impl.key, bench, mode.name))
        row = ["%s, %s" % (variant_impl.name, mode.label)]
        row += _cells(st, base_heap, base_time)
        for p in peers:
            ps = data.get((p.key, bench, mode.name))
            if ps is None or not ps.ok:
                row += [_why(ps), ""]
            else:
                row += [fmt_ratio(mib(ps.median("heap_bytes")), base_heap, 2),
                        fmt_time(ps, base_time)]
        table.add(row)
    return table.render()


def _why(st):
    if st is None:
        return "not run"
    return "FAILED"


def _cells(st, base_heap, base_time):
    if st is None:
        return ["-", "-", "-", "-", "-", "-"]
    if not st.ok:
        return ["FAILED: " + st.message, "", "", "", "", ""]
    gc_ms = st.median("gc_ms")
    rss = st.median("maxrss_kib")
    return [fmt_ratio(mib(st.median("heap_bytes")), base_heap, 2),
            fmt_time(st, base_time),
            "%.3f" % st.median("cpu_s"),
            "%d" % st.median("gc_count") if st.median("gc_count") is not None
            else "-",
            "%.3f" % (gc_ms / 1000.0) if gc_ms is not None else "-",
            "%.1f" % (rss / 1024.0) if rss is not None else "-"]


def startup_table(impls, startup):
    header = ["", "program", "time (ms)", "heap (KiB)", "allocated (KiB)",
              "static roots (KiB)", "RSS (KiB)"]
    table = Table(header)
    for impl in impls:
        for prog in ("empty", "display", "import"):
            st = startup.get((impl.key, prog))
            if prog == "import" and st is None:
                continue        # the C floor has no import program
            label = "%s (%s)" % (impl.name, impl.variant) if impl.variant \
                else impl.name
            if st is None or not st.ok:
                table.add([label, prog, "FAILED" if st else "not run",
                           "", "", "", ""])
                continue
            table.add([label, prog,
                       "%.2f" % (1000 * st.median("wall_s")),
                       _kib(st.median("heap_bytes")),
                       _kib(st.median("bytes_allocated")),
                       _kib(st.median("static_roots")),
                       "%d" % st.median("maxrss_kib")])
    return table.render()


def _kib(value):
    return "-" if value is None else "%.1f" % (value / 1024.0)


def variants_summary(variant_impls, benches, base_mode, data, startup):
    """What static allocation and relro change, at the baseline mode:
    start-up heap and time, root set, and the geometric means over the
    benchmarks of peak heap and time, as ratios to the first variant."""
    header = ["", "start-up heap (KiB)", "start-up alloc. (KiB)",
              "start-up time (ms)", "static roots (KiB)",
              "peak heap (geo. mean)", "time (geo. mean)"]
    table = Table(header)
    first = variant_impls[0]
    base_start = startup.get((first.key, "empty"))
    for impl in variant_impls:
        st = startup.get((impl.key, "empty"))
        heap_ratios, time_ratios = [], []
        for b in benches:
            s = data.get((impl.key, b, base_mode.name))
            s0 = data.get((first.key, b, base_mode.name))
            if s and s0 and s.ok and s0.ok:
                heap_ratios.append(ratio(s.median("heap_bytes"),
                                         s0.median("heap_bytes")))
                time_ratios.append(ratio(s.median("wall_s"),
                                         s0.median("wall_s")))
        row = [impl.label]
        if st and st.ok and base_start and base_start.ok:
            row += [fmt_ratio(_k(st.median("heap_bytes")),
                              _k(base_start.median("heap_bytes")), 1),
                    fmt_ratio(_k(st.median("bytes_allocated")),
                              _k(base_start.median("bytes_allocated")), 1),
                    fmt_ratio(1000 * st.median("wall_s"),
                              1000 * base_start.median("wall_s"), 2),
                    fmt_ratio(_k(st.median("static_roots")),
                              _k(base_start.median("static_roots")), 1)]
        else:
            row += ["-", "-", "-", "-"]
        gh, gt = geomean(heap_ratios), geomean(time_ratios)
        row += ["%.3fx" % gh if gh else "-", "%.3fx" % gt if gt else "-"]
        table.add(row)
    return table.render()


def _k(value):
    return None if value is None else value / 1024.0


def _per_gc_ms(st):
    if st is None or not st.ok:
        return None
    ms, n = st.median("gc_ms"), st.median("gc_count")
    if ms is None or n is None or n <= 0:
        return None
    return ms / n


# The columns of "What static allocation buys": (title, function of the
# start-up Stats, the gcbench Stats (baseline and all roots) and the
# import program's Stats, format).
STATIC_COLUMNS = [
    ("start-up heap (KiB)", lambda st, gb, gr, im: _k(_med(st, "heap_bytes")),
     "%.0f"),
    ("start-up alloc. (KiB)",
     lambda st, gb, gr, im: _k(_med(st, "bytes_allocated")), "%.1f"),
    ("static roots (KiB)",
     lambda st, gb, gr, im: _k(_med(st, "static_roots")), "%.1f"),
    ("start-up (ms)", lambda st, gb, gr, im: _ms(_med(st, "wall_s")), "%.2f"),
    ("import heap (KiB)", lambda st, gb, gr, im: _k(_med(im, "heap_bytes")),
     "%.0f"),
    ("import alloc. (KiB)",
     lambda st, gb, gr, im: _k(_med(im, "bytes_allocated")), "%.1f"),
    ("import (ms)", lambda st, gb, gr, im: _ms(_med(im, "wall_s")), "%.2f"),
    ("GC ms/collection (gcbench)", lambda st, gb, gr, im: _per_gc_ms(gb),
     "%.3f"),
    ("same, all roots", lambda st, gb, gr, im: _per_gc_ms(gr), "%.3f"),
    ("gcbench heap (MiB)",
     lambda st, gb, gr, im: _mb(_med(gb, "heap_bytes")), "%.1f"),
    ("gcbench time (s)", lambda st, gb, gr, im: _med(gb, "wall_s"), "%.3f"),
]


def _med(st, attr):
    return st.median(attr) if st is not None and st.ok else None


def _ms(v):
    return None if v is None else 1000.0 * v


def _mb(v):
    return None if v is None else v / (1024.0 * 1024.0)


def static_alloc_rows(impls, startup, data, base_mode, roots_mode):
    """Each of IMPLS (the variants, then Guile, then the C floor) with
    the values of STATIC_COLUMNS, None where not measured."""
    rows = []
    for impl in impls:
        st = startup.get((impl.key, "display"))
        im = startup.get((impl.key, "import"))
        gb = data.get((impl.key, "gcbench", base_mode.name))
        gr = data.get((impl.key, "gcbench", roots_mode.name)) \
            if roots_mode is not None and impl.variant else None
        rows.append(static_alloc_row(impl, st, gb, gr, im))
    return rows


def static_alloc_row(impl, st, gb, gr, im=None):
    """A row of the table: IMPL, its start-up Stats ST, its gcbench Stats
    at the baseline mode GB and with every library's data scanned GR,
    and the Stats of its import program IM (any of them None)."""
    return (impl, [f(st, gb, gr, im) for _t, f, _fmt in STATIC_COLUMNS])


def static_alloc_table(rows):
    """What static allocation buys, in one table: start-up (of
    (display 1)) and gcbench for each variant, Guile and the C floors;
    each cell the value and its ratio to the first row."""
    header = [""] + [t for t, _f, _fmt in STATIC_COLUMNS]
    table = Table(header)
    base = rows[0][1]
    for impl, values in rows:
        cells = [impl.label if impl.variant else impl.name]
        for (title, _f, fmt), v, b in zip(STATIC_COLUMNS, values, base):
            if v is None:
                cells.append("-")
            elif impl is rows[0][0] or b is None or b == 0:
                cells.append(fmt % v)
            else:
                cells.append("%s (%.2fx)" % (fmt % v, v / b))
        table.add(cells)
    return table.render()


def static_alloc_plot(outdir, rows):
    """OUTDIR/static-alloc.png: each quantity of the table, a cluster of
    bars, one per row, as ratios to the first row.  None without
    gnuplot or data."""
    if shutil.which("gnuplot") is None or len(rows) < 2:
        return None
    dat = os.path.join(outdir, "static-alloc.dat")
    base = rows[0][1]
    with open(dat, "w") as f:
        f.write("quantity " + " ".join(
            '"%s"' % (impl.variant or impl.name) for impl, _v in rows) + "\n")
        for k, (title, _f, _fmt) in enumerate(STATIC_COLUMNS):
            cells = []
            for _impl, values in rows:
                r = ratio(values[k], base[k])
                cells.append("%.4f" % r if r is not None else "NaN")
            f.write('"%s" %s\n' % (title, " ".join(cells)))
    png = os.path.join(outdir, "static-alloc.png")
    script = os.path.join(outdir, "static-alloc.gp")
    return _gnuplot(script, png, _STATIC_GNUPLOT % {
        "png": png, "dat": dat, "last": len(rows) + 1,
        "base": rows[0][0].label, "style": _HISTOGRAM_STYLE})


# Clustered bars, as every plot of the report has them.
_HISTOGRAM_STYLE = """\
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set grid ytics
"""


_STATIC_GNUPLOT = """\
set terminal pngcairo size 1100,560 noenhanced font ",10"
set output "%(png)s"
set title "What static allocation buys: ratios to %(base)s (lower is better)"
%(style)sset logscale y 2
set xtics rotate by -25
set ylabel "ratio (log scale)"
plot for [i=2:%(last)d] "%(dat)s" using i:xtic(1) title columnheader(i)
"""


def write_runs_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(RUN_FIELDS)
        for row in rows:
            w.writerow(row)


def write_summary_csv(path, data, impls, benches, modes, base):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["benchmark", "implementation", "variant", "mode", "runs",
                    "ok", "wall_s_median", "wall_s_min", "wall_s_max",
                    "cpu_s_median", "heap_mib_median", "anon_kib_median",
                    "maxrss_kib_median", "gc_count_median", "gc_s_median",
                    "bytes_allocated_median", "static_roots_median",
                    "time_ratio", "heap_ratio"])
        for b in benches:
            b0 = base.get(b)
            for impl in impls:
                for m in modes:
                    st = data.get((impl.key, b, m.name))
                    if st is None:
                        continue
                    walls = [r.wall_s for r in st.results]
                    t, h = st.median("wall_s"), mib(st.median("heap_bytes"))
                    gc_ms = st.median("gc_ms")
                    w.writerow([
                        b, impl.name, impl.variant, m.name, len(st.results),
                        int(st.ok), _num(t), _num(min(walls)),
                        _num(max(walls)), _num(st.median("cpu_s")), _num(h),
                        _num(st.median("anon_kib")),
                        _num(st.median("maxrss_kib")),
                        _num(st.median("gc_count")),
                        _num(gc_ms / 1000.0 if gc_ms is not None else None),
                        _num(st.median("bytes_allocated")),
                        _num(st.median("static_roots")),
                        _num(ratio(t, b0.median("wall_s")) if b0 else None),
                        _num(ratio(h, mib(b0.median("heap_bytes")))
                             if b0 else None)])


def _num(v):
    if v is None:
        return ""
    if isinstance(v, float):
        return "%.6g" % v
    return str(v)


# ---------------------------------------------------------------------
# Plots: clustered bar charts of ratios to the baseline, through gnuplot.

def plot(outdir, name, title, benches, series, data_of):
    """Write OUTDIR/NAME.png: for each benchmark a cluster of bars, one per
    series, in two panels (time, heap).  DATA_OF(bench, series) returns a
    Stats or None.  Return the PNG's path, or None without gnuplot."""
    if shutil.which("gnuplot") is None:
        return None
    dat = os.path.join(outdir, name + ".dat")
    with open(dat, "w") as f:
        for quantity in ("wall_s", "heap_bytes"):
            f.write("benchmark " + " ".join('"%s"' % s[1] for s in series)
                    + "\n")
            for b in benches:
                base = data_of(b, series[0][0])
                base_v = base.median(quantity) if base and base.ok else None
                cells = []
                for key, _label in series:
                    st = data_of(b, key)
                    v = st.median(quantity) if st and st.ok else None
                    r = ratio(v, base_v)
                    cells.append("%.4f" % r if r is not None else "NaN")
                f.write("%s %s\n" % (b, " ".join(cells)))
            f.write("\n\n")
    png = os.path.join(outdir, name + ".png")
    n = len(series)
    script = os.path.join(outdir, name + ".gp")
    return _gnuplot(script, png, _GNUPLOT % {
        "png": png, "dat": dat, "title": title, "last": n + 1,
        "base": series[0][1], "style": _HISTOGRAM_STYLE,
        "width": max(900, 60 * len(benches) * max(1, n) // 3 + 200)})


def _gnuplot(script, png, text):
    """Write TEXT to SCRIPT and run gnuplot on it: PNG, or None if it
    failed (said on standard output)."""
    with open(script, "w") as f:
        f.write(text)
    r = subprocess.run(["gnuplot", script], capture_output=True, text=True)
    if r.returncode != 0:
        print("benchmarks/run: gnuplot failed on %s: %s"
              % (script, r.stderr.strip()[:300]))
        return None
    return png


_GNUPLOT = """\
set terminal pngcairo size %(width)d,800 noenhanced font ",10"
set output "%(png)s"
set multiplot layout 2,1 title "%(title)s"
%(style)sset xtics rotate by -35
set yrange [0:*]
set ylabel "time, ratio to %(base)s"
plot for [i=2:%(last)d] "%(dat)s" index 0 using i:xtic(1) title columnheader(i)
set ylabel "peak heap, ratio to %(base)s"
plot for [i=2:%(last)d] "%(dat)s" index 1 using i:xtic(1) title columnheader(i)
unset multiplot
"""


# ---------------------------------------------------------------------
# The report as Texinfo, for the manual's Results section
# (make bench-doc copies it to doc/benchmarks-results.texi and the plots
# to doc/bench/).

def _texi_escape(text):
    return text.replace("@", "@@").replace("{", "@{").replace("}", "@}")


def texinfo(text, pngs, captions):
    """TEXT is the plain report; each "== Title" line starts a section.
    The plots (PNG paths) follow the summary, referred to as bench/NAME."""
    out = ["@c Written by benchmarks/run from one run; make bench-doc "
           "copies it here.\n"]
    blocks, title, lines = [], None, []
    for line in text.split("\n"):
        if line.startswith("== "):
            blocks.append((title, lines))
            title, lines = line[3:].strip(), []
        elif not line.startswith("Files in ") and \
                not line.startswith("(no plots"):
            lines.append(line)
    blocks.append((title, lines))
    # The summary first, then start-up and the plots, then the tables.
    order = {None: 0, "Summary": 1, "Start-up": 2, "What": 2, "Variant": 3}
    blocks.sort(key=lambda b: order.get((b[0] or "").split(" ")[0]
                                        if b[0] else None, 4))
    for title, lines in blocks:
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        if title:
            out.append("\n@subheading %s\n" % _texi_escape(title))
        if lines:
            out.append("\n@smallexample\n%s\n@end smallexample\n"
                       % _texi_escape("\n".join(lines)))
        if title and title.startswith("Start-up") and pngs:
            out.append("\n@subheading Plots\n")
            for png in pngs:
                name = os.path.splitext(os.path.basename(png))[0]
                caption = captions.get(name, name)
                out.append("\n@float Figure,bench-%s\n"
                           "@image{bench/%s,,,%s,png}\n"
                           "@caption{%s}\n@end float\n"
                           % (name, name, _texi_escape(caption),
                              _texi_escape(caption)))
    return "".join(out)



def floor_table(base_impl, peers, floor, modes, data):
    """gcbench.scm on libscm (and the peers) against gcbench.c on the
    same libgc, under every mode: times, heaps, and the ratio of each
    to the C program's."""
    header = ["", "C time (s)", "C heap (MiB)",
              "%s time (s)" % base_impl.name, "%s heap (MiB)" % base_impl.name]
    for p in peers:
        header += ["%s time (s)" % p.name, "%s heap (MiB)" % p.name]
    table = Table(header)
    for mode in modes:
        fl = data.get((floor.key, "gcbench", mode.name))
        row = [mode.label]
        if fl is None or not fl.ok:
            table.add(row + [_why(fl)] + [""] * (len(header) - 2))
            continue
        ft, fh = fl.median("wall_s"), mib(fl.median("heap_bytes"))
        row += ["%.3f" % ft, "%.2f" % fh if fh is not None else "-"]
        for impl in [base_impl] + peers:
            st = data.get((impl.key, "gcbench", mode.name))
            if st is None or not st.ok:
                row += [_why(st), ""]
            else:
                row += [fmt_ratio(st.median("wall_s"), ft, 3),
                        fmt_ratio(mib(st.median("heap_bytes")), fh, 2)]
        table.add(row)
    return table.render()

# ---------------------------------------------------------------------
# libscm against each other Scheme: the figures the speed targets are
# read from (issue 15): per program, libscm's time as a multiple of the
# peer's, then the geometric mean and the worst of those ratios.

def peers_summary(base_impl, peers, benches, mode, data):
    """A table with a row per benchmark both ran successfully, giving
    libscm's median time, each peer's and libscm's time as a ratio to
    the peer's, then rows for the geometric mean and the worst ratio
    (with the program it belongs to).  A ratio above 1 means libscm is
    slower."""
    header = ["", "libscm time (s)"]
    for p in peers:
        header += ["%s time (s)" % p.name, "libscm / %s" % p.name]
    table = Table(header)
    ratios = {p.key: [] for p in peers}
    for b in benches:
        st = data.get((base_impl.key, b, mode.name))
        if st is None or not st.ok:
            continue
        t = st.median("wall_s")
        row = [b, "%.3f" % t]
        for p in peers:
            ps = data.get((p.key, b, mode.name))
            if ps is None or not ps.ok or not ps.median("wall_s"):
                row += [_why(ps), "-"]
                continue
            r = ratio(t, ps.median("wall_s"))
            ratios[p.key].append((r, b))
            row += ["%.3f" % ps.median("wall_s"), "%.2fx" % r]
        table.add(row)
    gm_row, worst_row = ["geometric mean", ""], ["worst", ""]
    for p in peers:
        rs = ratios[p.key]
        gm = geomean([r for r, _b in rs])
        gm_row += ["(%d programs)" % len(rs), "%.2fx" % gm if gm else "-"]
        if rs:
            r, b = max(rs)
            worst_row += [b, "%.2fx" % r]
        else:
            worst_row += ["-", "-"]
    table.add(gm_row)
    table.add(worst_row)
    return table.render()
