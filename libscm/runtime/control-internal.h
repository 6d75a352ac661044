/* control-internal.h -- the dynamic state as the C code outside the
   VM sees it: parameters, and the prelude procedures control.c calls
   SPDX-License-Identifier: LGPL-3.0-or-later

   What continuations and the VM's own dynamic state need is with the
   VM (vm/vm-internal.h); this is what a port or the expander needs of
   control.c without the VM.  */

#ifndef SCM_CONTROL_INTERNAL_H
#define SCM_CONTROL_INTERNAL_H

#include "runtime/scm-internal.h"

/* The value of parameter FLUID in this thread, or SCM_UNDEFINED if it
   is not parameterized.  */
SCM_INTERNAL SCM scm_i_fluid_ref (SCM fluid);
/* The innermost binding (FLUID . value) of FLUID in this thread's
   parameterization, or #f.  */
SCM_INTERNAL SCM scm_i_fluid_binding (SCM fluid);
/* Look up the prelude procedures the VM calls, scm_i_continue_procedure
   and scm_i_raise_procedure (eval.c, once the prelude is loaded).  */
SCM_INTERNAL void scm_i_init_control_procedures (void);
/* A dynwind context of one unwind handler, for the C boundaries, at
   half the cost (one wind entry, not two): FN (DATA) runs when control
   leaves by a raise or a continuation, and at scm_i_pop_c_unwinder,
   which the caller reaches with the wind list as it left it.  */
SCM_INTERNAL void scm_i_push_c_unwinder (void (*fn) (void *), void *data);
SCM_INTERNAL void scm_i_pop_c_unwinder (void);
/* What an expanded guard's handler returns when no clause applies, and
   the argument that asks a parameter for its fluid and converter.  */
SCM_INTERNAL extern SCM scm_i_guard_no_match_marker;
SCM_INTERNAL extern SCM scm_i_parameter_key;

#endif /* SCM_CONTROL_INTERNAL_H */
