/* libscm.h -- the umbrella header of libscm, an embeddable Scheme
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef LIBSCM_H
#define LIBSCM_H

#include <libscm/scm.h>
#include <libscm/snarf.h>
#include <libscm/bitwise.h>
#include <libscm/booleans.h>
#include <libscm/bytevectors.h>
#include <libscm/chars.h>
#include <libscm/charsets.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/docstrings.h>
#include <libscm/environ.h>
#include <libscm/eq.h>
#include <libscm/eval.h>
#include <libscm/filesys.h>
#include <libscm/finalizers.h>
#include <libscm/foreign.h>
#include <libscm/gc.h>
#include <libscm/hashtables.h>
#include <libscm/init.h>
#include <libscm/keywords.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/posix.h>
#include <libscm/print.h>
#include <libscm/read.h>
#include <libscm/records.h>
#include <libscm/regexp.h>
#include <libscm/repl.h>
#include <libscm/stime.h>
#include <libscm/strings.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>
#include <libscm/syntax.h>
#include <libscm/throw.h>
#include <libscm/validate.h>
#include <libscm/vectors.h>
#include <libscm/weak.h>
#include <libscm/hooks.h>
#include <libscm/eval-limits.h>
#include <libscm/threads.h>
#include <libscm/random.h>
#include <libscm/alist.h>
#include <libscm/instances.h>
#include <libscm/image.h>

#endif /* LIBSCM_H */
