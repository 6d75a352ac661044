/* leaf-calls.c -- calls of small local procedures replaced by their bodies
   SPDX-License-Identifier: LGPL-3.0-or-later

   A procedure of a body (an internal definition, letrec, a let bound
   to a lambda) that the program never assigns is always the closure
   of one lambda, so a call of it with as many arguments as the lambda
   has parameters can be compiled as (let ((param arg) ...) body):
   no frame, no call, no return.  Only for a leaf, a body small enough
   to copy at each call: it reads no variable but its own parameters
   (so that it means the same wherever it is copied: the globals and
   primitives it uses are the same variables there, and their guards
   are copied with them), makes no closure, binds and assigns nothing,
   and calls only globals, so that a copy cannot contain a call of
   another leaf that would be copied in turn without end.

   An argument that is a constant or a variable that nothing assigns
   is read where the parameter is, without a binding: reading it has
   no effect, so it does not matter whether the copy reads it once,
   twice or not at all.  A call whose arguments are all such is then
   only the copied body, which a test compiles as a test (the branch
   of sboyer's `(symbol-record-equal? (car x) (car y))`, an `eq?`).

   What the program can observe of the difference is its backtraces:
   the inlined procedure has no frame of its own, as Guile's inliner
   leaves none.  */

#include "runtime/scm-internal.h"
#include "expand/ast-internal.h"
#include "compile/inline-internal.h"

/* Nodes at most in a body copied at its calls: sboyer's scons, an
   `and' of two `eq?' tests and a `cons', has 14.  */
#define LEAF_MAX_NODES 16

/* The index of V among L's required parameters, or -1.  */
static long
param_index (const struct scm_i_lambda *l, const struct scm_i_var *v)
{
  for (size_t i = 0; i < l->nreq; i++)
    if (l->params[i] == v)
      return (long) i;
  return -1;
}

static int leaf_nodes (const struct scm_i_lambda *l,
                       const struct scm_i_node *n, size_t *budget);

static int
leaf_args (const struct scm_i_lambda *l, struct scm_i_node **args,
           size_t n, size_t *budget)
{
  for (size_t i = 0; i < n; i++)
    if (!leaf_nodes (l, args[i], budget))
      return 0;
  return 1;
}

/* Nonzero if N, in L's body, is made only of what a leaf may contain,
   within *BUDGET nodes.  */
static int
leaf_nodes (const struct scm_i_lambda *l, const struct scm_i_node *n,
            size_t *budget)
{
  if (*budget == 0)
    return 0;
  --*budget;
  switch (n->kind)
    {
    case SCM_I_N_CONST: case SCM_I_N_GREF:
      return 1;
    case SCM_I_N_LREF:
      return param_index (l, n->var) >= 0 && !n->var->assigned
        && !n->var->user_assigned;
    case SCM_I_N_IF:
      return leaf_nodes (l, n->a, budget) && leaf_nodes (l, n->b, budget)
        && leaf_nodes (l, n->c, budget);
    case SCM_I_N_SEQ:
      return n->nargs > 0 && leaf_args (l, n->args, n->nargs, budget);
    case SCM_I_N_PRIM:
      /* A body's record procedure called inline keeps its call as the
         fallback, which reads a variable of the body.  */
      return n->fallback == NULL && leaf_args (l, n->args, n->nargs, budget);
    case SCM_I_N_CALL:
      return n->a->kind == SCM_I_N_GREF
        && leaf_args (l, n->args, n->nargs, budget);
    default:
      return 0;
    }
}

/* Nonzero if argument A may be read wherever the copy reads its
   parameter: a constant, or a variable that is never assigned nor
   read before it is set.  */
static int
trivial_arg (const struct scm_i_node *a)
{
  if (a->kind == SCM_I_N_CONST)
    return 1;
  return a->kind == SCM_I_N_LREF && !a->var->assigned
    && !a->var->user_assigned && !a->var->maybe_unset
    && !scm_i_var_boxed (a->var);
}

static struct scm_i_node *
copy_node (const struct scm_i_node *n)
{
  struct scm_i_node *c = scm_i_alloc (sizeof *c);
  *c = *n;
  return c;
}

/* A copy of N, a node of leaf L's body, in which parameter I is
   replaced by a copy of SUBST[I].  */
static struct scm_i_node *
copy_leaf (const struct scm_i_lambda *l, const struct scm_i_node *n,
           struct scm_i_node **subst)
{
  if (n->kind == SCM_I_N_LREF)
    return copy_node (subst[param_index (l, n->var)]);
  struct scm_i_node *c = copy_node (n);
  if (n->a != NULL)
    c->a = copy_leaf (l, n->a, subst);
  if (n->b != NULL)
    c->b = copy_leaf (l, n->b, subst);
  if (n->c != NULL)
    c->c = copy_leaf (l, n->c, subst);
  if (n->nargs > 0)
    {
      c->args = scm_i_node_array (n->nargs);
      for (size_t i = 0; i < n->nargs; i++)
        c->args[i] = copy_leaf (l, n->args[i], subst);
    }
  return c;
}

struct scm_i_node *
scm_i_leaf_call (struct scm_i_lambda *frame, struct scm_i_lambda *l,
                 struct scm_i_node *call, int unbound_only)
{
  size_t budget = LEAF_MAX_NODES;
  if (l->rest || l->host != NULL || l->nreq != call->nargs
      || !leaf_nodes (l, l->body, &budget))
    return NULL;
  size_t nlet = 0;
  for (size_t i = 0; i < call->nargs; i++)
    if (!trivial_arg (call->args[i]))
      nlet++;
  if (nlet > 0 && unbound_only)
    return NULL;
  struct scm_i_node **subst = scm_i_node_array (call->nargs);
  struct scm_i_node *let = nlet > 0 ? scm_i_mk_let (nlet) : NULL;
  for (size_t i = 0, k = 0; i < call->nargs; i++)
    if (trivial_arg (call->args[i]))
      subst[i] = call->args[i];
    else
      {
        /* The binding's variable is the caller frame's, named as the
           parameter for debuggers.  */
        struct scm_i_var *v = scm_i_alloc (sizeof *v);
        v->name = l->params[i]->name;
        v->owner = frame;
        let->vars[k] = v;
        let->args[k++] = call->args[i];
        subst[i] = scm_i_mk_node (SCM_I_N_LREF, call->where);
        subst[i]->var = v;
      }
  struct scm_i_node *body = copy_leaf (l, l->body, subst);
  if (let == NULL)
    return body;
  let->where = call->where;
  let->a = body;
  return let;
}
