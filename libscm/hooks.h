/* hooks.h -- hooks: lists of procedures run together, Guile's API
   SPDX-License-Identifier: LGPL-3.0-or-later

   A Scheme hook holds procedures of N arguments (N fixed when it is
   made); run-hook calls each with the same arguments, in order.  A C
   hook (scm_t_c_hook) is the same for C functions, for a host's own
   events; it is plain C memory, neither collected nor locked.  */

#ifndef SCM_HOOKS_H
#define SCM_HOOKS_H

#include <libscm/scm.h>

static inline int
scm_is_hook (SCM x)
{
  return scm_has_tc8 (x, scm_tc8_hook);
}

/* (make-hook [N-ARGS]): a new empty hook whose procedures take N-ARGS
   arguments (default 0).  */
SCM_API SCM scm_make_hook (SCM n_args);
SCM_API SCM scm_hook_p (SCM obj);
SCM_API SCM scm_hook_empty_p (SCM hook);
/* (add-hook! HOOK PROC [APPEND?]): PROC first (last if APPEND? is
   true); a procedure already in HOOK is moved, not doubled.  */
SCM_API SCM scm_add_hook_x (SCM hook, SCM proc, SCM append_p);
SCM_API SCM scm_remove_hook_x (SCM hook, SCM proc);
SCM_API SCM scm_reset_hook_x (SCM hook);
/* (run-hook HOOK ARG ...), ARGS a list as long as HOOK's arity.  What
   a procedure raises passes through; the later ones do not run.  */
SCM_API SCM scm_run_hook (SCM hook, SCM args);
SCM_API void scm_c_run_hook (SCM hook, SCM args);
SCM_API void scm_c_run_hookn (SCM hook, SCM *argv, size_t nargs);
/* A new list of HOOK's procedures, in the order they run.  */
SCM_API SCM scm_hook_to_list (SCM hook);

/* C hooks.  scm_c_hook_run calls each function as
   FUNC (HOOK_DATA, FUNC_DATA, DATA), in order, and returns the last
   result; an OR hook stops at the first non-NULL result and returns
   it, an AND hook at the first NULL.  */
typedef enum
{
  SCM_C_HOOK_NORMAL,
  SCM_C_HOOK_OR,
  SCM_C_HOOK_AND
} scm_t_c_hook_type;

typedef void *(*scm_t_c_hook_function) (void *hook_data, void *func_data,
                                        void *data);

typedef struct scm_t_c_hook_entry
{
  struct scm_t_c_hook_entry *next;
  scm_t_c_hook_function func;
  void *data;
} scm_t_c_hook_entry;

typedef struct scm_t_c_hook
{
  scm_t_c_hook_entry *first;
  scm_t_c_hook_type type;
  void *data;
} scm_t_c_hook;

SCM_API void scm_c_hook_init (scm_t_c_hook *hook, void *hook_data,
                              scm_t_c_hook_type type);
/* Add FUNC with FUNC_DATA first (last if APPENDP is nonzero).  Raises
   out-of-memory if malloc fails.  */
SCM_API void scm_c_hook_add (scm_t_c_hook *hook, scm_t_c_hook_function func,
                             void *func_data, int appendp);
/* Remove the first entry of FUNC with FUNC_DATA; raises a
   wrong-type-arg error if there is none (Guile's behaviour).  */
SCM_API void scm_c_hook_remove (scm_t_c_hook *hook,
                                scm_t_c_hook_function func, void *func_data);
SCM_API void *scm_c_hook_run (scm_t_c_hook *hook, void *data);

#endif /* SCM_HOOKS_H */
