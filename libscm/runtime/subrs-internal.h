/* subrs-internal.h -- calling primitives from the VM: argument checks,
   rest lists and the direct entries (subrs.c, lists.c)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_SUBRS_INTERNAL_H
#define SCM_SUBRS_INTERNAL_H

#include "runtime/scm-internal.h"

/* Call subr PROC with the N arguments at ARGS, checking the count
   (subrs.c).  */
SCM_INTERNAL SCM scm_i_subr_call (SCM proc, const SCM *args, size_t n);
/* A new list of the N values at ARGS, its pairs from the calling
   thread's VM's free list (no call of libgc per pair): rest lists.  */
SCM_INTERNAL SCM scm_i_rest_list (const SCM *args, size_t n);
/* The subr whose C function a call of SUBR with N arguments may call
   directly (SUBR_CALL), or #f (subrs.c); *REST says whether that
   function takes a rest list after the N, to be passed '().  */
SCM_INTERNAL SCM scm_i_subr_direct (SCM subr, size_t n, int *rest);
/* A fixed-arity entry for a call of rest-list SUBR with N arguments,
   or #f (lists.c: append with two).  */
SCM_INTERNAL SCM scm_i_subr_fixed_entry (SCM subr, size_t n);
#endif /* SCM_SUBRS_INTERNAL_H */
