/* modules.h -- variables and the top-level environment
   SPDX-License-Identifier: LGPL-3.0-or-later

   A variable is a box (header, value).  The top-level environment maps
   symbols to variables; it belongs to the current instance (reached
   from the current thread), never to a C static.  The module system
   proper comes with the evaluator.  */

#ifndef SCM_MODULES_H
#define SCM_MODULES_H

#include <libscm/scm.h>

static inline int scm_is_variable (SCM x) { return scm_has_tc8 (x, scm_tc8_variable); }

SCM_API SCM scm_make_variable (SCM init);
SCM_API SCM scm_variable_ref (SCM var);
SCM_API SCM scm_variable_set_x (SCM var, SCM val);
SCM_API SCM scm_variable_bound_p (SCM var);
/* Bind NAME to VALUE at top level; return the variable.  */
SCM_API SCM scm_define (SCM name, SCM value);
SCM_API SCM scm_c_define (const char *name, SCM value);
/* The variable bound to NAME, raising an unbound-variable error.  */
SCM_API SCM scm_lookup (SCM name);
SCM_API SCM scm_c_lookup (const char *name);
/* The variable or #f.  */
SCM_API SCM scm_lookup_variable (SCM name);
/* A fresh list of the symbols bound at top level (those whose variable
   has a value), in no particular order: for completion in a REPL.  */
SCM_API SCM scm_toplevel_names (void);

#endif /* SCM_MODULES_H */
