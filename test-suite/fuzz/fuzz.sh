#!/bin/sh
# fuzz.sh -- build the fuzz targets with libFuzzer, ASan and UBSan, and
# fuzz them (make fuzz runs this).
# Usage: fuzz.sh SRCDIR BUILDDIR SECONDS [TARGET...]
# SPDX-License-Identifier: LGPL-3.0-or-later
#
# The library is built out of tree, from a clone of the committed
# source (HEAD, as check-variants does), with clang and
# -fsanitize=fuzzer-no-link,address,undefined, as a static archive;
# each target links it with -fsanitize=fuzzer.  Each target then fuzzes
# for SECONDS, one after the other, at the lowest priority (nice 19).
# New inputs that grow coverage go to BUILDDIR/corpus-TARGET (seeded
# from the committed corpus); crashes, sanitizer reports and broken
# oracles to BUILDDIR/crashes-TARGET/ and the log to
# BUILDDIR/fuzz-TARGET.log.  CC (default clang), LIBS (the libraries to
# link, from configure) and FUZZ_FLAGS (more libFuzzer options) come from
# the environment.
set -e
srcdir=$1 build=$2 seconds=$3
shift 3
all="read number eval ports format utf8 macros libraries primitives"
targets=${*:-$all}
: "${CC:=clang}" "${LIBS:=-lgc -lgmp -lunistring -lm -lpthread}"
if ! command -v "$CC" >/dev/null 2>&1; then
  echo "fuzz.sh: $CC not found; libFuzzer comes with clang (apt-get install clang)" >&2
  exit 1
fi
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
mkdir -p "$build"
src=$build/src
head=$(git -C "$srcdir" rev-parse HEAD)
# A clone from an earlier run moves to HEAD in place, so that make
# rebuilds only what changed (a new target is not a new library).
if [ ! -x "$src/configure" ]; then
  rm -rf "$src" "$build/lib"
  git clone -q "$srcdir" "$src"
  (cd "$src" && autoreconf -fi >/dev/null 2>&1)
elif [ "$(git -C "$src" rev-parse HEAD)" != "$head" ]; then
  git -C "$src" fetch -q "$srcdir" "$head"
  git -C "$src" checkout -q --detach "$head"
fi
if [ ! -f "$build/lib/config.status" ]; then
  mkdir -p "$build/lib"
  (cd "$build/lib" && "$src/configure" -q --disable-shared CC="$CC" \
     CFLAGS="-O1 -g -fno-omit-frame-pointer $san -fsanitize=fuzzer-no-link")
fi
# Leaks are not what the fuzzers look for, and the build runs
# sanitized programs too (snarf/scm-image, whose tables live until it
# exits): set before the build.
export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS-}"
# all, not only libscm.la: the snarfed .x files are BUILT_SOURCES.
make -s -C "$build/lib" -j2 all
fuzzdir=$src/test-suite/fuzz
export UBSAN_OPTIONS="print_stacktrace=1:${UBSAN_OPTIONS-}"
for t in $targets; do
  # A target is fuzz-TARGET.c, or fuzz-TARGET.scm run by fuzz-scheme.c.
  if [ -f "$fuzzdir/fuzz-$t.c" ]; then
    main=$fuzzdir/fuzz-$t.c
  elif [ -f "$fuzzdir/fuzz-$t.scm" ]; then
    main=$fuzzdir/fuzz-scheme.c
  else
    echo "fuzz.sh: no target '$t' (there are: $all)" >&2
    exit 2
  fi
  # shellcheck disable=SC2086
  "$CC" -O1 -g -fno-omit-frame-pointer $san -fsanitize=fuzzer \
    -I"$build/lib" -I"$src" -I"$build/lib/libscm" -I"$src/libscm" \
    -DFUZZ_TARGET_NAME="\"$t\"" -DFUZZ_SCHEME_DIR="\"$fuzzdir\"" \
    "$main" "$fuzzdir/fuzz-common.c" \
    "$build/lib/libscm/.libs/libscm.a" $LIBS -o "$build/fuzz-$t"
  mkdir -p "$build/corpus-$t" "$build/crashes-$t"
  # libFuzzer stops at a folder that does not exist: a target with no
  # past crash has none.
  regressions=$srcdir/test-suite/fuzz/regressions/$t
  [ -d "$regressions" ] || regressions=
  echo "== fuzzing $t for $seconds s (log: $build/fuzz-$t.log)"
  # The seed corpus and the past crashes are read; new inputs are
  # written to the first directory only.  -timeout is far above the
  # eval target's own budget: hitting it means the budget did not work.
  # shellcheck disable=SC2086
  nice -n 19 "$build/fuzz-$t" -max_total_time="$seconds" -timeout=20 \
    -rss_limit_mb=3072 -print_final_stats=1 \
    -artifact_prefix="$build/crashes-$t/" ${FUZZ_FLAGS-} \
    "$build/corpus-$t" "$srcdir/test-suite/fuzz/corpus/$t" $regressions \
    > "$build/fuzz-$t.log" 2>&1 \
    || { echo "fuzz.sh: $t found something: see $build/fuzz-$t.log and $build/crashes-$t/" >&2; status=1; }
  grep -E '^#[0-9]+.*(DONE|cov:)' "$build/fuzz-$t.log" | tail -1
  grep -E '^stat::' "$build/fuzz-$t.log" | head -3
done
exit ${status-0}
