#!/bin/sh
# include-edges.sh -- each source file includes only what its folder may
# (HACKING.md, "Include edges"); TAP, one case per file.
# SPDX-License-Identifier: LGPL-3.0-or-later
#
# An internal include names its folder ("vm/vm-internal.h"), so the
# folder a file depends on is on the line.  A folder may include the
# internal headers of the folders its rule names below, and its own;
# every file may include public headers (<libscm.h>, <libscm/*.h>) and
# system headers.  The exceptions name one file and one header each,
# with the reason: a new dependency across folders is a decision to
# write down here, not an accident.
#
# Usage: include-edges.sh [FILE...]   (default: every source file)
: "${top_srcdir:=.}"

# FOLDER: the other folders whose internal headers it may include.
rules='
runtime: gc values vm
gc: runtime
values: runtime gc numbers
numbers: runtime values
io: runtime gc values
expand: runtime values io modules
compile: runtime values io expand vm
vm: runtime gc values io compile
modules: runtime values io expand compile vm image
image: runtime gc values expand compile modules vm
repl:
posix:
'

# FILE HEADER: allowed beyond its folder's rule, and why.
exceptions='
libscm/runtime/init.c expand/ast-internal.h       init calls every subsystem
libscm/runtime/init.c image/image-internal.h      init installs the prelude image
libscm/runtime/init.c modules/modules-internal.h  init makes the first modules
libscm/runtime/init.c posix/posix-internal.h      init calls every subsystem
libscm/runtime/init.c repl/repl-internal.h        init calls every subsystem
libscm/runtime/control.c image/image-internal.h   the prelude procedures the VM calls
libscm/runtime/subrs.c image/image-internal.h     static subrs are bound from the image
libscm/runtime/subrs.c modules/modules-internal.h subrs are bound in modules
libscm/gc/gc.c vm/vm-internal.h                   the stop function and the VM free lists
libscm/numbers/random.c modules/modules-internal.h *random-state* is a variable of each instance
libscm/io/print.c modules/modules-internal.h      variables and modules print by name
libscm/io/print.c vm/code-internal.h              procedures print by name
libscm/expand/expand.c vm/vm-internal.h           the C-stack check; inline opcodes
libscm/expand/macros.c vm/vm-internal.h           the C-stack check
libscm/expand/quasiquote.c vm/vm-internal.h       the C-stack check
libscm/expand/syntax.c vm/vm-internal.h           the C-stack check
libscm/expand/unexpand.c vm/vm-internal.h         the C-stack check; closure names
libscm/expand/expand.c compile/compile-internal.h the expander compiles macro transformers
libscm/expand/macros.c compile/compile-internal.h  macro transformers are compiled
libscm/expand/expand.c image/image-internal.h     the core scope comes from the image
libscm/expand/scope.c image/image-internal.h      the core scope comes from the image
libscm/expand/ast-internal.h vm/vm-internal.h     inline primitives are keyed by opcode
libscm/expand/syntax.c image/image-internal.h     the core scope comes from the image
libscm/repl/repl.c runtime/scm-internal.h         the end of a top-level evaluation; deferred warnings before an error; waiting for an input
libscm/repl/repl.c runtime/conditions-internal.h  the unbound-variable hint
libscm/repl/repl.c io/ports-internal.h            print-length and print-depth
libscm/repl/repl-debug.c runtime/conditions-internal.h a backtrace, frame by frame
'

srcdir=$top_srcdir
if [ $# -eq 0 ]; then
  set -- $(cd "$srcdir" && ls libscm/*.h libscm/*/*.[ch] program/*.c 2>/dev/null)
fi

n=0 fails=0
for f in "$@"; do
  n=$((n + 1))
  case $f in
    libscm/*/*) folder=${f#libscm/}; folder=${folder%%/*}
                allowed=$(printf '%s\n' "$rules" | sed -n "s/^$folder: //p") ;;
    # Installed headers and the program: the public API only.
    libscm/*.h | program/*) folder= allowed= ;;
    *) folder= allowed= ;;
  esac
  bad=
  for h in $(sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$srcdir/$f"); do
    case $h in
      */*) hfolder=${h%%/*} ;;
      *) # Even a generated file (.x, .inc) names its folder: in a build
         # outside the source tree it is not beside its includer.
         bad="$bad $h(no-folder)"; continue ;;
    esac
    [ -n "$folder" ] && [ "$hfolder" = "$folder" ] && continue
    ok=
    for a in $allowed; do [ "$a" = "$hfolder" ] && ok=1; done
    if [ -z "$ok" ] && printf '%s\n' "$exceptions" | grep -q "^$f $h "; then
      ok=1
    fi
    # Generated .x files name their own folder.
    case $h in *.x) [ "$hfolder" = "$folder" ] && ok=1 ;; esac
    [ -n "$ok" ] || bad="$bad $h"
  done
  # Internal headers live in a subsystem folder and say so in their name.
  case $f in
    libscm/*/*.h) case $f in *-internal.h) ;; *) bad="$bad (name-lacks--internal.h)" ;; esac ;;
  esac
  if [ -z "$bad" ]; then
    echo "ok $n - $f"
  else
    echo "not ok $n - $f includes across the allowed edges:$bad"
    fails=$((fails + 1))
  fi
done
echo "1..$n"
[ "$fails" -eq 0 ]
