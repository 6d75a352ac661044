/* subrs.h -- primitives implemented in C
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_SUBRS_H
#define SCM_SUBRS_H

#include <libscm/scm.h>
#include <libscm/snarf.h>

static inline int scm_is_subr (SCM x) { return scm_has_tc8 (x, scm_tc8_subr); }

SCM_API SCM scm_procedure_p (SCM obj);
/* The subr's name, an interned symbol.  */
SCM_API SCM scm_subr_name (SCM subr);
/* Apply subr PROC to the list ARGS, checking the count.  */
SCM_API SCM scm_subr_apply (SCM proc, SCM args);
SCM_API SCM scm_call_0 (SCM proc);
SCM_API SCM scm_call_1 (SCM proc, SCM a1);
SCM_API SCM scm_call_2 (SCM proc, SCM a1, SCM a2);
SCM_API SCM scm_call_3 (SCM proc, SCM a1, SCM a2, SCM a3);

#endif /* SCM_SUBRS_H */
