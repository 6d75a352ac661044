/* modules.c -- variables and the top-level environment
   SPDX-License-Identifier: LGPL-3.0-or-later

   The environment belongs to the current instance, reached through a
   thread-local pointer (DESIGN.md, "State and instances").  scm_init
   makes the first instance and attaches the calling thread to it.  */

#include "scm-internal.h"
#include "hashtab-internal.h"
#include "instance-internal.h"
#include "init-internal.h"
#include "ast-internal.h"

#include <stdlib.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/pairs.h>
#include <libscm/symbols.h>
#include <libscm/throw.h>

static __thread struct scm_i_instance *current_instance;

struct scm_i_instance *
scm_i_current_instance (void)
{
  if (SCM_UNLIKELY (current_instance == NULL))
    scm_fatal ("this thread has no libscm instance: call scm_init first");
  return current_instance;
}

void
scm_i_set_current_instance (struct scm_i_instance *instance)
{
  current_instance = instance;
}

struct scm_i_instance *
scm_i_make_instance (void)
{
  /* Uncollectable: the thread-local pointer is not a GC root (libgc
     does not scan TLS), so the instance is a root itself until it is
     destroyed explicitly.  */
  struct scm_i_instance *inst = GC_MALLOC_UNCOLLECTABLE (sizeof *inst);
  if (inst == NULL)
    scm_out_of_memory ("scm_init", sizeof *inst);
  pthread_mutex_init (&inst->lock, NULL);
  scm_i_eqtab_init (&inst->toplevel, 1024);
  scm_i_eqtab_init (&inst->introduced_globals, 16);
  return inst;
}

SCM_DEFINE (scm_make_variable, "make-variable", 1, 0, 0, (SCM init),
            "Return a new variable holding @var{init}.")
{
  SCM var = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_variable, 0, 0), 2);
  SCM_SET_CELL_OBJECT (var, 1, init);
  return var;
}

SCM_DEFINE (scm_variable_ref, "variable-ref", 1, 0, 0, (SCM var),
            "Return the value of variable @var{var}; an error if unbound.")
{
  SCM_ASSERT_TYPE (scm_is_variable (var), var, 1, "variable-ref", "variable");
  SCM val = SCM_CELL_OBJECT (var, 1);
  if (SCM_UNBNDP (val))
    scm_c_raise_error ("unbound-variable", "variable-ref",
                       "variable is unbound", scm_list_1 (var));
  return val;
}

SCM_DEFINE (scm_variable_set_x, "variable-set!", 2, 0, 0, (SCM var, SCM val),
            "Store @var{val} in variable @var{var}.")
{
  SCM_ASSERT_TYPE (scm_is_variable (var), var, 1, "variable-set!", "variable");
  SCM_SET_CELL_OBJECT (var, 1, val);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_variable_bound_p, "variable-bound?", 1, 0, 0, (SCM var),
            "Return @code{#t} if variable @var{var} has a value.")
{
  SCM_ASSERT_TYPE (scm_is_variable (var), var, 1, "variable-bound?",
                   "variable");
  return scm_from_bool (!SCM_UNBNDP (SCM_CELL_OBJECT (var, 1)));
}

SCM
scm_lookup_variable (SCM name)
{
  struct scm_i_instance *inst = scm_i_current_instance ();
  pthread_mutex_lock (&inst->lock);
  SCM var = scm_i_eqtab_ref (&inst->toplevel, name, SCM_BOOL_F);
  pthread_mutex_unlock (&inst->lock);
  return var;
}

/* The variable of NAME, made with value INIT if there is none.  The
   new variable is allocated outside the lock; another thread may have
   added NAME meanwhile, and then its variable wins.  */
static SCM
intern_variable (SCM name, SCM init, int *made)
{
  struct scm_i_instance *inst = scm_i_current_instance ();
  SCM var = scm_lookup_variable (name);
  *made = 0;
  if (scm_is_true (var))
    return var;
  SCM fresh = scm_make_variable (init);
  int failed = 0;
  pthread_mutex_lock (&inst->lock);
  var = scm_i_eqtab_ref (&inst->toplevel, name, SCM_BOOL_F);
  if (scm_is_false (var))
    {
      failed = scm_i_eqtab_try_set (&inst->toplevel, name, fresh) != 0;
      var = fresh;
      *made = !failed;
    }
  pthread_mutex_unlock (&inst->lock);
  if (failed)
    scm_out_of_memory ("define", 0);
  return var;
}

SCM
scm_i_toplevel_variable (SCM name)
{
  int made;
  return intern_variable (name, SCM_UNDEFINED, &made);
}

SCM
scm_define (SCM name, SCM value)
{
  SCM_ASSERT_TYPE (scm_is_symbol (name), name, 1, "define", "symbol");
  int made;
  SCM var = intern_variable (name, value, &made);
  if (!made)
    SCM_SET_CELL_OBJECT (var, 1, value);
  return var;
}

SCM
scm_c_define (const char *name, SCM value)
{
  return scm_define (scm_from_utf8_symbol (name), value);
}

SCM
scm_lookup (SCM name)
{
  SCM var = scm_lookup_variable (name);
  if (scm_is_false (var) || SCM_UNBNDP (SCM_CELL_OBJECT (var, 1)))
    scm_c_raise_error ("unbound-variable", NULL, "unbound variable",
                       scm_list_1 (name));
  return var;
}

SCM
scm_c_lookup (const char *name)
{
  return scm_lookup (scm_from_utf8_symbol (name));
}

SCM
scm_toplevel_names (void)
{
  struct scm_i_instance *inst = scm_i_current_instance ();
  /* Copy the bound names under the lock (into malloc'd memory, which
     the GC does not scan: the symbols stay reachable from the table),
     then make the list without it.  */
  pthread_mutex_lock (&inst->lock);
  struct scm_i_eqtab *t = &inst->toplevel;
  scm_t_bits *keys = malloc ((t->count + 1) * sizeof *keys);
  size_t n = 0;
  for (size_t i = 0; keys != NULL && i < t->capacity; i++)
    {
      scm_t_bits key = t->slots[2 * i];
      if (key != 0
          && !SCM_UNBNDP (SCM_CELL_OBJECT (SCM_PACK (t->slots[2 * i + 1]), 1)))
        keys[n++] = key;
    }
  pthread_mutex_unlock (&inst->lock);
  if (keys == NULL)
    scm_out_of_memory ("scm_toplevel_names", 0);
  SCM names = SCM_EOL;
  for (size_t i = 0; i < n; i++)
    names = scm_cons (SCM_PACK (keys[i]), names);
  free (keys);
  return names;
}

void
scm_init_modules (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "modules.x"
#endif
}
