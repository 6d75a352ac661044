/* subrs.h -- primitives implemented in C
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_SUBRS_H
#define SCM_SUBRS_H

#include <libscm/scm.h>
#include <libscm/snarf.h>

static inline int scm_is_subr (SCM x) { return scm_has_tc8 (x, scm_tc8_subr); }

SCM_API SCM scm_procedure_p (SCM obj);
/* Guile's: the name of PROC or #f; its arity (REQUIRED OPTIONAL REST?)
   or #f for a case-lambda.  */
SCM_API SCM scm_procedure_name (SCM proc);
SCM_API SCM scm_procedure_minimum_arity (SCM proc);
/* The subr's name, an interned symbol.  */
SCM_API SCM scm_subr_name (SCM subr);
/* Apply subr PROC to the list ARGS, checking the count.  */
SCM_API SCM scm_subr_apply (SCM proc, SCM args);
SCM_API SCM scm_call_0 (SCM proc);
SCM_API SCM scm_call_1 (SCM proc, SCM a1);
SCM_API SCM scm_call_2 (SCM proc, SCM a1, SCM a2);
SCM_API SCM scm_call_3 (SCM proc, SCM a1, SCM a2, SCM a3);
SCM_API SCM scm_call_4 (SCM proc, SCM a1, SCM a2, SCM a3, SCM a4);
SCM_API SCM scm_call_5 (SCM proc, SCM a1, SCM a2, SCM a3, SCM a4, SCM a5);
SCM_API SCM scm_call_6 (SCM proc, SCM a1, SCM a2, SCM a3, SCM a4, SCM a5,
                        SCM a6);
SCM_API SCM scm_call_7 (SCM proc, SCM a1, SCM a2, SCM a3, SCM a4, SCM a5,
                        SCM a6, SCM a7);
SCM_API SCM scm_call_8 (SCM proc, SCM a1, SCM a2, SCM a3, SCM a4, SCM a5,
                        SCM a6, SCM a7, SCM a8);
SCM_API SCM scm_call_9 (SCM proc, SCM a1, SCM a2, SCM a3, SCM a4, SCM a5,
                        SCM a6, SCM a7, SCM a8, SCM a9);
/* Guile's: call PROC with A1 ... and then the elements of the list
   ARGS.  Raise wrong-type-arg if ARGS is not a proper list.  */
SCM_API SCM scm_apply_1 (SCM proc, SCM a1, SCM args);
SCM_API SCM scm_apply_2 (SCM proc, SCM a1, SCM a2, SCM args);
SCM_API SCM scm_apply_3 (SCM proc, SCM a1, SCM a2, SCM a3, SCM args);

/* A new primitive named NAME (for printing and errors) that calls FN,
   as scm_c_define_gsubr makes, but bound to nothing (Guile's
   scm_c_make_gsubr).  Raises out-of-range past SCM_SUBR_MAX_ARGS.  */
SCM_API SCM scm_c_make_gsubr (const char *name, int req, int opt, int rest,
                              scm_t_subr fn);

/* A C closure: a primitive named NAME whose function FN receives DATA
   before its REQ required, OPT optional and (REST nonzero) rest
   arguments, all SCM; FN is cast to scm_t_subr_closure.  DATA is
   scanned by the collector, so a pointer to GC memory keeps it alive.
   At most SCM_SUBR_MAX_ARGS - 1 arguments; raises out-of-range past
   that.  */
typedef void *scm_t_subr_closure;
SCM_API SCM scm_c_make_closure (const char *name, int req, int opt, int rest,
                                scm_t_subr_closure fn, void *data);
/* The data of C closure PROC.  Raises wrong-type-arg for anything
   else.  */
SCM_API void *scm_c_closure_data (SCM proc);

#endif /* SCM_SUBRS_H */
