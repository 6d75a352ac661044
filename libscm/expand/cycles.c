/* cycles.c -- finding cycles in forms, so that the walks over syntax
   (templates, datum->syntax, matching a macro use) end
   SPDX-License-Identifier: LGPL-3.0-or-later

   The reader makes cyclic data from datum labels (#0=(1 . #0#)), and
   a program can build it.  Quoted, such data is fine: quote keeps it
   as it is.  But a walk that copies or counts a form (compiling a
   macro template, datum->syntax, the length of the list an ellipsis
   matches) would go round a cycle for ever, or until memory ran out.
   These walks ask here first and raise a syntax error, "cyclic form".

   Most forms are small trees, so a bounded walk (a budget of objects
   and of depth) answers first with no allocation; past the budget, a
   depth-first search with an explicit stack and a table of the objects
   on the current path and done looks for an edge back into the path.
   Shared substructure (a DAG) is no cycle.  */

#include "runtime/scm-internal.h"
#include "expand/expand-internal.h"
#include "values/hashtab-internal.h"
#include "runtime/poll-internal.h"

#include <string.h>

#include <libscm/pairs.h>
#include <libscm/vectors.h>

#define QUICK_BUDGET 4096
#define QUICK_DEPTH 64

static int
is_compound (SCM x)
{
  return scm_is_pair (x) || scm_is_vector (x);
}

/* 1 if a walk of X as a tree ends within *BUDGET objects and
   QUICK_DEPTH levels (then X has no cycle), 0 if it does not.  */
static int
quick_acyclic (SCM x, long *budget, int depth)
{
  for (;;)
    {
      if (--*budget < 0 || depth > QUICK_DEPTH)
        return 0;
      if (scm_is_vector (x))
        {
          for (size_t i = 0; i < SCM_VECTOR_LENGTH (x); i++)
            if (!quick_acyclic (SCM_VECTOR_REF (x, i), budget, depth + 1))
              return 0;
          return 1;
        }
      if (!scm_is_pair (x))
        return 1;
      if (!quick_acyclic (SCM_CAR (x), budget, depth + 1))
        return 0;
      x = SCM_CDR (x);
    }
}

/* A frame of the search: an object on the path and its next child.  */
struct frame
{
  SCM obj;
  size_t next;
};

#define ON_PATH SCM_MAKE_FIXNUM (1)
#define DONE SCM_MAKE_FIXNUM (2)

/* The NEXT-th child of compound OBJ, or SCM_UNDEFINED past the last.  */
static SCM
child (SCM obj, size_t next)
{
  if (scm_is_pair (obj))
    return next == 0 ? SCM_CAR (obj) : next == 1 ? SCM_CDR (obj)
      : SCM_UNDEFINED;
  return next < SCM_VECTOR_LENGTH (obj) ? SCM_VECTOR_REF (obj, next)
    : SCM_UNDEFINED;
}

static int
search_cycle (SCM x)
{
  struct scm_i_eqtab seen;
  scm_i_eqtab_init (&seen, 256);
  size_t cap = 256, n = 0, polls = 0;
  struct frame *stack = scm_i_alloc (cap * sizeof *stack);
  scm_i_eqtab_set (&seen, x, ON_PATH);
  stack[n++] = (struct frame) { x, 0 };
  while (n > 0)
    {
      SCM_I_POLL_EVERY (polls);
      struct frame *f = &stack[n - 1];
      SCM c = child (f->obj, f->next++);
      if (SCM_UNBNDP (c))
        {
          scm_i_eqtab_set (&seen, f->obj, DONE);
          n--;
          continue;
        }
      if (!is_compound (c))
        continue;
      SCM state = scm_i_eqtab_ref (&seen, c, SCM_BOOL_F);
      if (scm_is_eq (state, ON_PATH))
        return 1;
      if (scm_is_eq (state, DONE))
        continue;
      scm_i_eqtab_set (&seen, c, ON_PATH);
      if (n == cap)
        {
          struct frame *bigger = scm_i_alloc (2 * cap * sizeof *stack);
          memcpy (bigger, stack, cap * sizeof *stack);
          stack = bigger;
          cap *= 2;
        }
      stack[n++] = (struct frame) { c, 0 };
    }
  return 0;
}

int
scm_i_cyclic_p (SCM x)
{
  if (!is_compound (x))
    return 0;
  long budget = QUICK_BUDGET;
  return !quick_acyclic (x, &budget, 0) && search_cycle (x);
}

void
scm_i_check_acyclic (SCM x, SCM who, SCM where)
{
  if (scm_i_cyclic_p (x))
    scm_i_syntax_error (who, "cyclic form", x, where);
}

long
scm_i_spine_length (SCM x)
{
  long n = 0;
  SCM slow = x;
  size_t polls = 0;
  while (scm_is_pair (x))
    {
      x = SCM_CDR (x);
      n++;
      if (!scm_is_pair (x))
        break;
      x = SCM_CDR (x);
      n++;
      slow = SCM_CDR (slow);
      if (scm_is_eq (x, slow))
        return -1;
      SCM_I_POLL_EVERY (polls);
    }
  return n;
}
