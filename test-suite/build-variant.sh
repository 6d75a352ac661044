#!/bin/sh
# build-variant.sh -- build and test one configure variant out of tree,
# from a clean clone of the committed source (configure refuses a source
# tree that is configured in place).
# Usage: build-variant.sh SRCDIR BUILDROOT NAME [CONFIGURE-ARGS...]
# SPDX-License-Identifier: LGPL-3.0-or-later
set -e
srcdir=$1 root=$2 name=$3
shift 3
src=$root/src
if [ ! -x "$src/configure" ] || [ "$(git -C "$src" rev-parse HEAD 2>/dev/null)" != "$(git -C "$srcdir" rev-parse HEAD)" ]; then
  rm -rf "$src"
  git clone -q "$srcdir" "$src"
  (cd "$src" && autoreconf -fi >/dev/null 2>&1)
fi
dir=$root/$name
rm -rf "$dir"
mkdir -p "$dir"
echo "== variant $name: $*"
cd "$dir"
"$src/configure" -q "$@"
make -s -j2
make -s check
