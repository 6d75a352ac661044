/* warnings.c -- compile-time warnings: calls of known procedures with a
   wrong number of arguments; possibly unbound variables (the expander
   warns of bindings that shadow core syntax: expand/scope.c)
   SPDX-License-Identifier: LGPL-3.0-or-later

   Off unless asked for (set-compile-warnings!, scm -W): then each call
   whose operator is a global variable bound, when the call is
   compiled, to a procedure of one arity that the call's argument count
   does not fit is reported on the current error port with its
   position, as Guile's compiler warns.  A variable that the form being
   compiled defines again is left alone: the call may mean the new
   definition.  Warnings never change what the code does.

   A reference to a global variable that is unbound when it is compiled
   is only noted: a later form of the same file, or the rest of the
   same REPL input, may define it (a forward reference, a recursive
   procedure).  At the end of the top-level evaluation (the REPL's
   input, a script, -c, a file loaded from C) the references whose
   variables are still unbound are reported as possibly unbound, as
   Guile's compiler reports them.  */

#include "runtime/scm-internal.h"
#include "expand/ast-internal.h"
#include "expand/expand-internal.h" /* the flag, shared */
#include "compile/compile-internal.h"
#include "io/ports-internal.h"
#include "io/srcpos-internal.h"
#include "runtime/init-internal.h"

#include <pthread.h>
#include <libscm/eq.h>
#include <libscm/eval.h>
#include <libscm/gc.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/print.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/subrs.h>

int
scm_c_set_compile_warnings (int on)
{
  int old = scm_i_compile_warnings_on;
  scm_i_compile_warnings_on = on != 0;
  return old;
}

SCM_DEFINE (scm_set_compile_warnings_x, "set-compile-warnings!", 1, 0, 0,
            (SCM on),
            "Make the compiler warn, on the current error port, of the "
            "calls of known procedures with a wrong number of arguments, "
            "of possibly unbound variables and of bindings that shadow "
            "core syntax if @var{on} is true, or not; return the previous "
            "setting.  "
            "@command{scm -W} turns it on.")
{
  return scm_from_bool (scm_c_set_compile_warnings (scm_is_true (on)));
}

int
scm_i_compile_warnings_p (void)
{
  return scm_i_compile_warnings_on;
}

/* Whether tree N defines (or assigns) global VAR.  Only run while
   warnings are on, on the form being compiled.  */
static int
sets_global (struct scm_i_node *n, SCM var)
{
  if (n == NULL)
    return 0;
  if ((n->kind == SCM_I_N_GDEF || n->kind == SCM_I_N_GSET)
      && scm_is_eq (n->value, var))
    return 1;
  if (sets_global (n->a, var) || sets_global (n->b, var)
      || sets_global (n->c, var) || sets_global (n->fallback, var))
    return 1;
  for (size_t i = 0; n->args != NULL && i < n->nargs; i++)
    if (sets_global (n->args[i], var))
      return 1;
  return n->kind == SCM_I_N_LAMBDA && sets_global (n->lam->body, var);
}

/* "2", "1 or 2", "at least 1", "1 to 3".  */
static void
put_arity (SCM port, long req, long opt, int rest)
{
  if (rest)
    scm_c_printf (port, "at least %ld", req);
  else if (opt == 0)
    scm_c_printf (port, "%ld", req);
  else if (opt == 1)
    scm_c_printf (port, "%ld or %ld", req, req + 1);
  else
    scm_c_printf (port, "%ld to %ld", req, req + opt);
}

void
scm_i_warn_call (struct scm_i_lambda *top, struct scm_i_node *n)
{
  while (top->parent != NULL)
    top = top->parent;
  /* The operator may be compiled into the call, not as a reference.  */
  if (n->a != NULL && n->a->kind == SCM_I_N_GREF)
    scm_i_warn_global_ref (n->a);
  if (n->a == NULL || n->a->kind != SCM_I_N_GREF
      || !scm_is_variable (n->a->value)
      || scm_is_false (scm_variable_bound_p (n->a->value)))
    return;
  SCM proc = scm_variable_ref (n->a->value);
  if (scm_is_false (scm_procedure_p (proc)))
    return;
  SCM arity = scm_procedure_minimum_arity (proc);
  if (!scm_is_pair (arity))
    return;
  long req = scm_to_long (SCM_CAR (arity));
  long opt = scm_to_long (SCM_CAR (SCM_CDR (arity)));
  int rest = scm_is_true (SCM_CAR (SCM_CDR (SCM_CDR (arity))));
  long given = (long) n->nargs;
  if ((given >= req && (rest || given <= req + opt))
      || sets_global (top->body, n->a->value))
    return;
  SCM port = scm_current_error_port (), file;
  long line, col;
  uint32_t macro;
  if (scm_i_source_position (n->where, &file, &line, &col, &macro))
    {
      scm_display (file, port);
      scm_c_printf (port, ":%ld:%ld: ", line, col);
    }
  scm_c_puts (port, "warning: ");
  scm_display (n->a->sym, port);
  scm_c_printf (port, " called with %ld argument%s; it takes ", given,
              given == 1 ? "" : "s");
  put_arity (port, req, opt, rest);
  scm_c_puts (port, "\n");
}

/* ------------------------------------------------------------------ */
/* Possibly unbound variables.  */

/* The references noted and not yet reported, newest first, in the cdr
   of a permanent pair: lists (VARIABLE NAME FILE LINE COLUMN).  Any
   thread compiles, so a lock guards them.  */
static SCM pending;
static pthread_mutex_t pending_lock = PTHREAD_MUTEX_INITIALIZER;

void
scm_i_warn_global_ref (struct scm_i_node *n)
{
  if (!scm_is_variable (n->value)
      || scm_is_true (scm_variable_bound_p (n->value)))
    return;
  SCM file = SCM_BOOL_F;
  long line = 0, col = 0;
  uint32_t macro;
  /* Code without a position was made by the program and given to
     eval, which compiles it (Guile's interprets it, without warnings):
     a deliberate test of an unbound name, most often.  */
  if (!scm_i_source_position (n->where, &file, &line, &col, &macro))
    return;
  SCM entry = scm_list_5 (n->value, n->sym, file, scm_from_long (line),
                          scm_from_long (col));
  pthread_mutex_lock (&pending_lock);
  SCM_SETCDR (pending, scm_cons (entry, SCM_CDR (pending)));
  pthread_mutex_unlock (&pending_lock);
}

/* Whether ENTRY's variable and position are those of an entry of
   DONE: a reference compiled twice (an operator) is reported once.  */
static int
reported (SCM entry, SCM done)
{
  for (; scm_is_pair (done); done = SCM_CDR (done))
    if (scm_is_true (scm_equal_p (SCM_CDR (entry), SCM_CDR (SCM_CAR (done))))
        && scm_is_eq (SCM_CAR (entry), SCM_CAR (SCM_CAR (done))))
      return 1;
  return 0;
}

static SCM
report_unbound_body (void *data)
{
  SCM port = scm_current_error_port (), done = SCM_EOL;
  for (SCM l = *(SCM *) data; scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM e = SCM_CAR (l);
      if (scm_is_true (scm_variable_bound_p (SCM_CAR (e))) || reported (e, done))
        continue;
      done = scm_cons (e, done);
      SCM where = SCM_CDR (SCM_CDR (e));
      scm_display (SCM_CAR (where), port);
      scm_c_printf (port, ":%ld:%ld: ",
                    scm_to_long (SCM_CAR (SCM_CDR (where))),
                    scm_to_long (SCM_CAR (SCM_CDR (SCM_CDR (where)))));
      scm_c_puts (port, "warning: possibly unbound variable `");
      scm_display (SCM_CAR (SCM_CDR (e)), port);
      scm_c_puts (port, "'\n");
    }
  scm_force_output (port);
  return SCM_UNSPECIFIED;
}

/* The end of a top-level evaluation: report what is still unbound.  */
static void
report_unbound (void)
{
  if (scm_is_null (SCM_CDR (pending)))
    return;
  pthread_mutex_lock (&pending_lock);
  SCM noted = scm_reverse (SCM_CDR (pending));
  SCM_SETCDR (pending, SCM_EOL);
  pthread_mutex_unlock (&pending_lock);
  SCM ignored;
  scm_c_protect (report_unbound_body, &noted, &ignored);
}

void
scm_init_warnings (void)
{
  pending = scm_permanent_object (scm_cons (SCM_BOOL_F, SCM_EOL));
  scm_i_toplevel_end_hook = report_unbound;
#ifndef SCM_MAGIC_SNARFER
#include "compile/warnings.x"
#endif
}
