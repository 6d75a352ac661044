/* hooks.c -- hooks: lists of procedures run together, Guile's API
   SPDX-License-Identifier: LGPL-3.0-or-later

   A hook is three words: header, arity (a fixnum) and the list of its
   procedures in the order they run.  The list is replaced, never
   mutated, so run-hook can walk the list it started with while a
   procedure adds or removes others (they take effect at the next
   run).  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"

#include <stdlib.h>
#include <libscm/conditions.h>
#include <libscm/eval.h>
#include <libscm/hooks.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/subrs.h>

#define HOOK_ARITY(h) SCM_CELL_OBJECT (h, 1)
#define HOOK_PROCS(h) SCM_CELL_OBJECT (h, 2)

static SCM
check_hook (SCM hook, int pos, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_hook (hook), hook, pos, who, "hook");
  return hook;
}

SCM_DEFINE (scm_make_hook, "make-hook", 0, 1, 0, (SCM n_args),
            "Return a new, empty hook whose procedures take @var{n-args} "
            "arguments (0 by default, at most 16).")
{
  if (SCM_UNBNDP (n_args))
    n_args = SCM_MAKE_FIXNUM (0);
  SCM_ASSERT_TYPE (SCM_FIXNUM_P (n_args), n_args, 1, "make-hook",
                   "exact integer");
  if (SCM_FIXNUM_VALUE (n_args) < 0 || SCM_FIXNUM_VALUE (n_args) > 16)
    scm_i_out_of_range ("make-hook", 1, n_args);
  SCM h = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_hook, 0, 0), 3);
  SCM_SET_CELL_OBJECT (h, 1, n_args);
  SCM_SET_CELL_OBJECT (h, 2, SCM_EOL);
  return h;
}

SCM_DEFINE (scm_hook_p, "hook?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a hook.")
{
  return scm_from_bool (scm_is_hook (obj));
}

SCM_DEFINE (scm_hook_empty_p, "hook-empty?", 1, 0, 0, (SCM hook),
            "Return @code{#t} if @var{hook} has no procedures.")
{
  return scm_from_bool (scm_is_null
                        (HOOK_PROCS (check_hook (hook, 1, "hook-empty?"))));
}

/* LIST without PROC (compared with eq?), sharing no pair with LIST
   before PROC's place.  */
static SCM
without (SCM list, SCM proc)
{
  SCM rev = SCM_EOL;
  for (SCM l = list; scm_is_pair (l); l = SCM_CDR (l))
    if (scm_is_eq (SCM_CAR (l), proc))
      {
        SCM tail = SCM_CDR (l);
        for (; scm_is_pair (rev); rev = SCM_CDR (rev))
          tail = scm_cons (SCM_CAR (rev), tail);
        return tail;
      }
    else
      rev = scm_cons (SCM_CAR (l), rev);
  return list;
}

SCM_DEFINE (scm_add_hook_x, "add-hook!", 2, 1, 0,
            (SCM hook, SCM proc, SCM append_p),
            "Add procedure @var{proc} to @var{hook}: it runs first, or "
            "last if @var{append?} is true.  A procedure that is already "
            "in the hook moves to its new place.")
{
  check_hook (hook, 1, "add-hook!");
  SCM_ASSERT_TYPE (scm_is_true (scm_procedure_p (proc)), proc, 2,
                   "add-hook!", "procedure");
  SCM procs = without (HOOK_PROCS (hook), proc);
  if (!SCM_UNBNDP (append_p) && scm_is_true (append_p))
    procs = scm_append (scm_list_2 (procs, scm_list_1 (proc)));
  else
    procs = scm_cons (proc, procs);
  SCM_SET_CELL_OBJECT (hook, 2, procs);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_remove_hook_x, "remove-hook!", 2, 0, 0, (SCM hook, SCM proc),
            "Remove procedure @var{proc} from @var{hook}, if it is there.")
{
  check_hook (hook, 1, "remove-hook!");
  SCM_SET_CELL_OBJECT (hook, 2, without (HOOK_PROCS (hook), proc));
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_reset_hook_x, "reset-hook!", 1, 0, 0, (SCM hook),
            "Remove every procedure from @var{hook}.")
{
  check_hook (hook, 1, "reset-hook!");
  SCM_SET_CELL_OBJECT (hook, 2, SCM_EOL);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_hook_to_list, "hook->list", 1, 0, 0, (SCM hook),
            "Return a new list of the procedures of @var{hook}, in the "
            "order in which @code{run-hook} calls them.")
{
  return scm_list_copy (HOOK_PROCS (check_hook (hook, 1, "hook->list")));
}

static void
run (SCM hook, SCM *argv, size_t nargs, const char *who)
{
  check_hook (hook, 1, who);
  if ((long) nargs != SCM_FIXNUM_VALUE (HOOK_ARITY (hook)))
    scm_c_raise_errorf ("wrong-number-of-args", who,
                        "the hook takes %ld arguments, given %zu",
                        (long) SCM_FIXNUM_VALUE (HOOK_ARITY (hook)), nargs);
  for (SCM l = HOOK_PROCS (hook); scm_is_pair (l); l = SCM_CDR (l))
    scm_call_n (SCM_CAR (l), argv, nargs);
}

void
scm_c_run_hookn (SCM hook, SCM *argv, size_t nargs)
{
  run (hook, argv, nargs, "run-hook");
}

void
scm_c_run_hook (SCM hook, SCM args)
{
  long n = scm_c_list_length (args);
  if (n < 0)
    scm_wrong_type_arg_msg ("run-hook", 2, args, "proper list");
  SCM argv[16];
  if (n > 16)
    scm_c_raise_errorf ("wrong-number-of-args", "run-hook",
                        "a hook takes at most 16 arguments, given %ld", n);
  for (long i = 0; i < n; i++, args = SCM_CDR (args))
    argv[i] = SCM_CAR (args);
  run (hook, argv, n, "run-hook");
}

SCM_DEFINE (scm_run_hook, "run-hook", 1, 0, 1, (SCM hook, SCM args),
            "Call every procedure of @var{hook}, in order, with the "
            "arguments @var{args}, as many as the hook's arity.  Return an "
            "unspecified value.")
{
  scm_c_run_hook (hook, args);
  return SCM_UNSPECIFIED;
}

/* ------------------------------------------------------------------ */
/* C hooks.  */

void
scm_c_hook_init (scm_t_c_hook *hook, void *hook_data, scm_t_c_hook_type type)
{
  hook->first = NULL;
  hook->type = type;
  hook->data = hook_data;
}

void
scm_c_hook_add (scm_t_c_hook *hook, scm_t_c_hook_function func,
                void *func_data, int appendp)
{
  scm_t_c_hook_entry *e = malloc (sizeof *e);
  if (e == NULL)
    scm_out_of_memory ("scm_c_hook_add", sizeof *e);
  e->func = func;
  e->data = func_data;
  scm_t_c_hook_entry **loc = &hook->first;
  if (appendp)
    while (*loc != NULL)
      loc = &(*loc)->next;
  e->next = *loc;
  *loc = e;
}

void
scm_c_hook_remove (scm_t_c_hook *hook, scm_t_c_hook_function func,
                   void *func_data)
{
  for (scm_t_c_hook_entry **loc = &hook->first; *loc != NULL;
       loc = &(*loc)->next)
    if ((*loc)->func == func && (*loc)->data == func_data)
      {
        scm_t_c_hook_entry *e = *loc;
        *loc = e->next;
        free (e);
        return;
      }
  scm_c_raise_error ("wrong-type-arg", "scm_c_hook_remove",
                     "no such function in the C hook", SCM_EOL);
}

void *
scm_c_hook_run (scm_t_c_hook *hook, void *data)
{
  void *result = NULL;
  for (scm_t_c_hook_entry *e = hook->first; e != NULL; e = e->next)
    {
      result = e->func (hook->data, e->data, data);
      if ((hook->type == SCM_C_HOOK_OR && result != NULL)
          || (hook->type == SCM_C_HOOK_AND && result == NULL))
        break;
    }
  return result;
}

void
scm_init_hooks (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "runtime/hooks.x"
#endif
}
