# harness -- the benchmark harness modules (benchmarks/run).
# SPDX-License-Identifier: LGPL-3.0-or-later
