/* modules.h -- variables, modules and libraries
   SPDX-License-Identifier: LGPL-3.0-or-later

   A variable is a box (header, value).  A module maps symbols to
   variables and syntax; modules belong to the current instance
   (reached from the current thread), never to a C static.  The
   functions without a module argument work in the current module: the
   REPL's, (libscm user), unless a module is being defined.  Module
   names in the scm_c_ functions are written as Guile writes them,
   "srfi srfi-1" for (srfi srfi-1).  */

#ifndef SCM_MODULES_H
#define SCM_MODULES_H

#include <libscm/scm.h>

static inline int scm_is_variable (SCM x) { return scm_has_tc8 (x, scm_tc8_variable); }

SCM_API SCM scm_make_variable (SCM init);
SCM_API SCM scm_variable_p (SCM obj);
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

/* Modules, with Guile's meanings.  */
SCM_API SCM scm_current_module (void);
SCM_API SCM scm_set_current_module (SCM module);
/* The module or library named NAME (a list), loaded from the load path
   if need be; an empty module if no file defines it.  */
SCM_API SCM scm_resolve_module (SCM name);
SCM_API SCM scm_c_resolve_module (const char *name);
/* The module NAME, made if it does not exist, with INIT (if not NULL)
   called with DATA while it is the current module.  */
SCM_API SCM scm_c_define_module (const char *name, void (*init) (void *),
                                 void *data);
/* Share MODULE, a named module the host made (scm_c_define_module),
   with every instance: from now on it is immutable (no definition,
   export or assignment in it, from any instance; its variables keep
   their values) and an import of its name finds it in any instance,
   before the load path.  For the host's own libraries, made before
   the instances that use them run.  Raises wrong-type-arg for an
   anonymous module or a non-module.  */
SCM_API void scm_share_module (SCM module);
/* Import every export of module NAME into the current module.  */
SCM_API void scm_c_use_module (const char *name);
/* Export the names (a NULL-terminated list) from the current module.  */
SCM_API void scm_c_export (const char *name, ...);
SCM_API SCM scm_module_define (SCM module, SCM name, SCM value);
SCM_API SCM scm_c_module_define (SCM module, const char *name, SCM value);
/* The variable of NAME in MODULE, raising unbound-variable.  */
SCM_API SCM scm_c_module_lookup (SCM module, const char *name);
SCM_API SCM scm_module_variable (SCM module, SCM name);
SCM_API SCM scm_module_ref (SCM module, SCM name, SCM dflt);
SCM_API SCM scm_module_p (SCM obj);
SCM_API SCM scm_module_name (SCM module);
SCM_API SCM scm_module_bound_p (SCM module, SCM name);
SCM_API SCM scm_module_define_x (SCM module, SCM name, SCM value);
SCM_API SCM scm_module_export_x (SCM module, SCM names);
SCM_API SCM scm_module_exports (SCM module);
/* What (@ (MODULE) NAME) and (@@ (MODULE) NAME) name: the variable or
   its value, loading the module if need be.  */
SCM_API SCM scm_c_public_variable (const char *module_name, const char *name);
SCM_API SCM scm_c_private_variable (const char *module_name, const char *name);
SCM_API SCM scm_c_public_ref (const char *module_name, const char *name);
SCM_API SCM scm_c_private_ref (const char *module_name, const char *name);

#endif /* SCM_MODULES_H */
