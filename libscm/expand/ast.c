/* ast.c -- building the expanded tree of ast-internal.h
   SPDX-License-Identifier: LGPL-3.0-or-later

   The expander's node constructors.  A reference to a lexical variable
   from an inner lambda marks the variable captured and adds it to the
   free variables of every lambda in between; an assignment marks it
   assigned (compile.c boxes a variable that is both).  */

#include "runtime/scm-internal.h"
#include "expand/ast-internal.h"
#include "expand/expand-internal.h"

#include <string.h>
#include <libscm/symbols.h>

struct scm_i_node *
scm_i_mk_node (enum scm_i_node_kind kind, SCM where)
{
  struct scm_i_node *n = scm_i_alloc (sizeof *n);
  n->kind = kind;
  n->where = where;
  n->value = SCM_BOOL_F;
  n->sym = SCM_BOOL_F;
  return n;
}

struct scm_i_node *
scm_i_mk_const (SCM value)
{
  struct scm_i_node *n = scm_i_mk_node (SCM_I_N_CONST, SCM_BOOL_F);
  n->value = value;
  return n;
}

struct scm_i_node **
scm_i_node_array (size_t n)
{
  return scm_i_alloc ((n ? n : 1) * sizeof (struct scm_i_node *));
}

struct scm_i_node *
scm_i_mk_if (struct scm_i_node *a, struct scm_i_node *b, struct scm_i_node *c)
{
  struct scm_i_node *n = scm_i_mk_node (SCM_I_N_IF, SCM_BOOL_F);
  n->a = a;
  n->b = b;
  n->c = c;
  return n;
}

struct scm_i_node *
scm_i_mk_call (SCM where, struct scm_i_node *op, size_t nargs)
{
  struct scm_i_node *n = scm_i_mk_node (SCM_I_N_CALL, where);
  n->a = op;
  n->nargs = nargs;
  n->args = scm_i_node_array (nargs);
  return n;
}

struct scm_i_node *
scm_i_mk_seq (size_t n)
{
  struct scm_i_node *s = scm_i_mk_node (SCM_I_N_SEQ, SCM_BOOL_F);
  s->nargs = n;
  s->args = scm_i_node_array (n);
  return s;
}

struct scm_i_var *
scm_i_mk_var (SCM name, struct scm_i_lambda *owner)
{
  struct scm_i_var *v = scm_i_alloc (sizeof *v);
  v->name = name;
  v->owner = owner;
  scm_i_note_lexical_name (name);
  return v;
}

struct scm_i_lambda *
scm_i_mk_lambda (struct scm_i_lambda *parent, SCM where)
{
  struct scm_i_lambda *l = scm_i_alloc (sizeof *l);
  l->parent = parent;
  l->nesting = parent != NULL ? parent->nesting + 1 : 0;
  l->name = SCM_BOOL_F;
  l->where = where;
  return l;
}

struct scm_i_node *
scm_i_lambda_node (struct scm_i_lambda *l, SCM where)
{
  struct scm_i_node *n = scm_i_mk_node (SCM_I_N_LAMBDA, where);
  n->lam = l;
  return n;
}

/* A LET of N variables; the caller fills vars, args and a.  */
struct scm_i_node *
scm_i_mk_let (size_t n)
{
  struct scm_i_node *l = scm_i_mk_node (SCM_I_N_LET, SCM_BOOL_F);
  l->nargs = n;
  l->args = scm_i_node_array (n);
  l->vars = scm_i_alloc ((n ? n : 1) * sizeof (struct scm_i_var *));
  return l;
}

/* Whether V is among L's free variables: the last one added is the
   one a run of uses from the same lambda finds.  */
static int
has_free (const struct scm_i_lambda *l, const struct scm_i_var *v)
{
  for (size_t i = l->nfree; i-- > 0;)
    if (l->free[i] == v)
      return 1;
  return 0;
}

/* Add V, not among them yet, to L's free variables.  */
static void
add_free (struct scm_i_lambda *l, struct scm_i_var *v)
{
  if (l->nfree == l->free_cap)
    {
      size_t cap = l->free_cap ? 2 * l->free_cap : 4;
      struct scm_i_var **f = scm_i_alloc (cap * sizeof *f);
      if (l->nfree)
        memcpy (f, l->free, l->nfree * sizeof *f);
      l->free = f;
      l->free_cap = cap;
    }
  l->free[l->nfree++] = v;
}

/* The innermost lambda that is or holds both A and B.  */
static struct scm_i_lambda *
common_ancestor (struct scm_i_lambda *a, struct scm_i_lambda *b)
{
  while (a->nesting > b->nesting)
    a = a->parent;
  while (b->nesting > a->nesting)
    b = b->parent;
  while (a != b)
    a = a->parent, b = b->parent;
  return a;
}

/* Note that V is used from lambda L.  A lambda that has V among its
   free variables got it from a use below it, which added V to every
   lambda from there up to V's owner: the walk up stops there, so that
   N uses from N nested lambdas cost N steps, not N^2.  */
static void
use_var (struct scm_i_lambda *l, struct scm_i_var *v)
{
  v->used = 1;
  if (v->owner == l)
    return;
  struct scm_i_lambda *a = l;
  while (a != NULL && a != v->owner && !has_free (a, v))
    a = a->parent;
  if (a == NULL)
    scm_i_syntax_error (v->name, "a local variable used where it has no value "
                  "(by a macro's transformer, at expansion time)", v->name,
                  SCM_BOOL_F);
  v->captured = 1;
  /* A stop below the owner is at a lambda that holds an earlier use,
     as the captor does: one of the two holds the other, and if the
     captor holds A it holds L.  */
  if (v->captor == NULL)
    v->captor = l;
  else if (a == v->owner || v->captor->nesting > a->nesting)
    v->captor = common_ancestor (v->captor, l);
  for (; l != a; l = l->parent)
    add_free (l, v);
}

void
scm_i_note_self (struct scm_i_var *v, struct scm_i_lambda *l)
{
  v->self = l;
  /* Only L's body (lambdas inside it included) may use V, and L must
     be an immediate child of V's owner, so that of the lambdas outside
     L, none has V among its free variables.  */
  if (v->user_assigned || !v->captured || l->parent != v->owner
      || !scm_i_lambda_within (v->captor, l))
    return;
  size_t j = 0;
  for (size_t i = 0; i < l->nfree; i++)
    if (l->free[i] != v)
      l->free[j++] = l->free[i];
  l->nfree = j;
  v->captured = 0;
  v->self_ref = 1;
}

struct scm_i_node *
scm_i_mk_lref (struct scm_i_scope *s, struct scm_i_var *v, SCM where)
{
  struct scm_i_node *n = scm_i_mk_node (SCM_I_N_LREF, where);
  use_var (s->lam, v);
  n->var = v;
  return n;
}

struct scm_i_node *
scm_i_mk_lset (struct scm_i_scope *s, struct scm_i_var *v,
               struct scm_i_node *value,
         SCM where)
{
  struct scm_i_node *n = scm_i_mk_node (SCM_I_N_LSET, where);
  use_var (s->lam, v);
  v->assigned = 1;
  n->var = v;
  n->a = value;
  return n;
}

struct scm_i_node *
scm_i_mk_inline_prim (SCM where, enum scm_i_opcode op, size_t nargs)
{
  struct scm_i_node *n = scm_i_mk_node (SCM_I_N_PRIM, where);
  n->op = op;
  n->value = scm_i_private_variable (op);
  n->nargs = nargs;
  n->args = scm_i_node_array (nargs);
  return n;
}

/* A call of a primitive that the user cannot rebind (a private
   variable holds it).  */
struct scm_i_node *
scm_i_mk_private_call (SCM where, enum scm_i_private_proc which, size_t nargs)
{
  return scm_i_mk_call (where,
                        scm_i_mk_const (scm_i_private_procedure (which)), nargs);
}

struct scm_i_node *
scm_i_mk_global (enum scm_i_node_kind kind, SCM sym, SCM var, SCM where)
{
  struct scm_i_node *n = scm_i_mk_node (kind, where);
  n->sym = scm_i_identifier_symbol (sym);
  n->value = var;
  return n;
}

void
scm_i_name_lambda (struct scm_i_node *value, SCM name)
{
  /* (define f (let (...) (lambda ...))) names the lambda too.  */
  while (value->kind == SCM_I_N_LET)
    value = value->a;
  if (value->kind == SCM_I_N_LAMBDA && scm_is_false (value->lam->name))
    value->lam->name = scm_i_identifier_symbol (name);
  /* A case-lambda: each of its clauses.  */
  if (value->kind == SCM_I_N_CALL && value->a->kind == SCM_I_N_CONST
      && scm_is_eq (value->a->value,
                    scm_i_private_procedure (SCM_I_PRIVATE_CASE_LAMBDA)))
    for (size_t i = 0; i < value->nargs; i++)
      scm_i_name_lambda (value->args[i], name);
}
