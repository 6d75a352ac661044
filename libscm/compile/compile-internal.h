/* compile-internal.h -- the compiler's entry points for the rest of
   the library (compile.c, eval.c)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_COMPILE_INTERNAL_H
#define SCM_COMPILE_INTERNAL_H

#include "runtime/scm-internal.h"

/* Compile datum EXP for the top level of the current instance into a
   thunk (a closure of no arguments).  */
SCM_INTERNAL SCM scm_i_compile_toplevel (SCM exp);

/* Nonzero if FILE is the prelude's (eval.c): its frames are left out
   of backtraces.  */
SCM_INTERNAL int scm_i_is_prelude_file (SCM file);

/* warnings.c: nonzero while compile-time warnings are on; warn of call
   N, compiled inside L, if it is one of a known procedure with a wrong
   number of arguments.  */
struct scm_i_lambda;
struct scm_i_node;
SCM_INTERNAL int scm_i_compile_warnings_p (void);
SCM_INTERNAL void scm_i_warn_call (struct scm_i_lambda *l,
                                   struct scm_i_node *n);
/* While warnings are on: note global reference N (a GREF) if its
   variable is unbound, to be reported at the end of the top-level
   evaluation if it is still unbound then.  */
SCM_INTERNAL void scm_i_warn_global_ref (struct scm_i_node *n);
#endif /* SCM_COMPILE_INTERNAL_H */
