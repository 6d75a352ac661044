#!/bin/sh
# capability-names.sh -- the capability each operating-system primitive
# needs, from the docstring files of libscm/posix/ (modules.c includes
# the output in its table for restricted instances).
# SPDX-License-Identifier: LGPL-3.0-or-later
#
# Usage: capability-names.sh FILE.doc...
# One line per file: { SCM_CAP_X, " name name ... " },  by the file's
# name: time and stime need SCM_CAP_TIME, environ and host SCM_CAP_ENV,
# regex (,apropos) and posix (the system-error accessors) nothing, every
# other file (files, descriptors, processes, pipes, signals, sockets)
# SCM_CAP_FILES.
set -e
for f in "$@"; do
  case $(basename "$f" .doc) in
    time | stime) cap=SCM_CAP_TIME ;;
    environ | host) cap=SCM_CAP_ENV ;;
    regex | posix) continue ;;
    *) cap=SCM_CAP_FILES ;;
  esac
  names=$(sed -n 's/^name: //p' "$f" | sed 's/\\/\\\\/g; s/"/\\"/g' | tr '\n' ' ')
  [ -n "$names" ] && printf '  { %s, " %s" },\n' "$cap" "$names"
done
