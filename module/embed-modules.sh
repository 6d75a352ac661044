#!/bin/sh
# embed-modules.sh -- write the C table of libscm's built-in library
# files (libraries.c includes it): one { "PATH", "TEXT" }, entry per
# file, PATH relative to the module directory.
# SPDX-License-Identifier: LGPL-3.0-or-later
#
# Usage: embed-modules.sh MODULE-DIR FILE...   (FILEs relative to MODULE-DIR)
set -e
dir=$1
shift
for f in "$@"; do
  printf '{ "%s",\n' "$f"
  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$/\\n"/' "$dir/$f"
  printf '},\n'
done
