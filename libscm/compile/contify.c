/* contify.c -- which local procedures become part of their enclosing frame
   SPDX-License-Identifier: LGPL-3.0-or-later

   A procedure bound by letrec, named let, do or an internal definition
   whose every call has the same continuation need not be a closure: its
   body can be compiled once, inline, at the one call made from outside
   it (the entry), with its parameters in slots of the enclosing frame,
   and every other call -- which is then in tail position in its own
   body, or in the body of a loop nested in the same way -- becomes a
   move of the arguments into those slots and a jump back
   (contification).  A named let or a do loop then allocates nothing at
   all when it starts: no closure, no box for its name.

   The conditions, checked over the code of one frame (a lambda that is
   made into closures, together with the bodies already found
   contifiable in it):
   - the variable is not assigned by the program and the lambda has no
     rest parameter;
   - the variable is used only as the operator of calls with as many
     arguments as the lambda has parameters: never as a value, never
     from another lambda that is made into closures;
   - one call comes from outside the lambda's body, after the variable
     was set (letrec* order), and every call inside its body has the
     continuation of that entry.  More calls from outside are allowed
     when they have that continuation too (the failure continuation of
     a pattern match, called wherever a test fails): the body is
     inlined at the first of them that the compiler meets, and the
     others jump to it as the loop's own tail calls do.

   Continuations are compared as tokens: each position that is not a
   tail position has its own (the node itself), tail positions inherit
   their parent's, and a contified body inherits its entry's.  The
   decision for an inner loop can depend on an outer one (its calls of
   the outer loop are jumps only if the outer loop is inlined too), so
   the analysis runs again after any rejection, until a pass rejects
   nothing; a rejection is never undone.  */

#include "runtime/scm-internal.h"
#include "expand/ast-internal.h"

/* Analysis passes before giving up on what is left (each pass after
   the first follows a rejection; a long chain of them is rare).  */
#define MAX_PASSES 8

struct cstate
{
  struct scm_i_lambda *frame;
  struct scm_i_lambda **cands;  /* every lambda considered, in order */
  size_t ncands, cap;
  int rejected;                 /* something was rejected in this pass */
};

static void
reject (struct cstate *st, struct scm_i_lambda *l)
{
  if (l->c_no)
    return;
  l->c_no = 1;
  if (l->c_frame == st->frame)
    st->rejected = 1;
}

/* Note that lambda L is a candidate of this frame.  */
static void
consider (struct cstate *st, struct scm_i_lambda *l)
{
  if (l->c_frame == st->frame)
    return;
  if (st->ncands == st->cap)
    {
      size_t cap = st->cap ? 2 * st->cap : 8;
      struct scm_i_lambda **c = scm_i_alloc (cap * sizeof *c);
      for (size_t i = 0; i < st->ncands; i++)
        c[i] = st->cands[i];
      st->cands = c;
      st->cap = cap;
    }
  st->cands[st->ncands++] = l;
  l->c_frame = st->frame;
}

/* Whether N, an LSET, is the initialisation of a letrec-style variable
   to its own lambda, which may still be contified.  */
static int
is_candidate_def (struct scm_i_node *n)
{
  struct scm_i_var *v = n->var;
  return n->a->kind == SCM_I_N_LAMBDA && v->self == n->a->lam
    && !v->user_assigned && !n->a->lam->rest && !n->a->lam->c_no;
}

/* The LSET of a named let's operator: ((letrec ((v L)) v) args...), a
   LET of V whose body sets V to L and returns V; or NULL.  */
static struct scm_i_node *
named_let_def (struct scm_i_node *op)
{
  if (op->kind != SCM_I_N_LET || op->nargs != 1 || op->a->kind != SCM_I_N_SEQ
      || op->a->nargs != 2)
    return NULL;
  struct scm_i_node *set = op->a->args[0], *ref = op->a->args[1];
  if (set->kind != SCM_I_N_LSET || set->var != op->vars[0]
      || ref->kind != SCM_I_N_LREF || ref->var != op->vars[0]
      || !is_candidate_def (set))
    return NULL;
  return set;
}

static void walk (struct cstate *st, struct scm_i_node *n, const void *k);

static void
walk_value (struct cstate *st, struct scm_i_node *n)
{
  walk (st, n, n);
}

/* A call N of letrec-style variable V, whose continuation is K.  */
static void
walk_call_of (struct cstate *st, struct scm_i_var *v, struct scm_i_node *n,
              const void *k)
{
  struct scm_i_lambda *l = v->self;
  if (l->c_frame != st->frame || l->c_no || n->nargs != l->nreq)
    {
      reject (st, l);
      return;
    }
  if (l->c_active)
    {
      /* From inside its own body: a jump only in tail position.  */
      if (k != l->c_k)
        reject (st, l);
      return;
    }
  if (l->c_entry != NULL && l->c_defined && k == l->c_k)
    {
      l->c_shared = 1;
      return;
    }
  if (l->c_entry != NULL || !l->c_defined)
    {
      reject (st, l);
      return;
    }
  l->c_entry = n;
  l->c_k = k;
  l->c_active = 1;
  walk (st, l->body, k);
  l->c_active = 0;
}

static void
walk_call (struct cstate *st, struct scm_i_node *n, const void *k)
{
  for (size_t i = 0; i < n->nargs; i++)
    walk_value (st, n->args[i]);
  struct scm_i_node *op = n->a, *def;
  if (op->kind == SCM_I_N_LREF && op->var->self != NULL)
    walk_call_of (st, op->var, n, k);
  else if ((def = named_let_def (op)) != NULL)
    {
      consider (st, def->a->lam);
      def->a->lam->c_defined = 1;
      walk_call_of (st, def->var, n, k);
    }
  else
    walk_value (st, op);
}

/* Deep code: the rest of the walk on more C stack.  */
SCM_I_DEFINE_DEEPER_VOID (walk_deeper, walk, (struct cstate *, st),
                          (struct scm_i_node *, n), (const void *, k))

/* The tail positions (an if's alternative, a sequence's last
   expression, a let's body) are a loop rather than a recursion, so
   that a long chain of them takes no C stack: nested lets are deep
   that way, and an unoptimized build does not turn the calls into
   jumps.  */
static void
walk (struct cstate *st, struct scm_i_node *n, const void *k)
{
  if (SCM_UNLIKELY (scm_i_check_c_stack ("expression")))
    {
      walk_deeper (st, n, k);
      return;
    }
  for (;;)
    switch (n->kind)
      {
      case SCM_I_N_CONST: case SCM_I_N_GREF:
        return;
      case SCM_I_N_LREF:
        /* Used as a value: it must stay a procedure.  */
        if (n->var->self != NULL)
          reject (st, n->var->self);
        return;
      case SCM_I_N_LSET:
        if (is_candidate_def (n))
          {
            /* Its body is looked at from its entry, if it has one.  */
            consider (st, n->a->lam);
            n->a->lam->c_defined = 1;
            return;
          }
        if (n->var->self != NULL)
          reject (st, n->var->self);
        n = n->a;
        k = n;
        continue;
      case SCM_I_N_GSET: case SCM_I_N_GDEF:
        n = n->a;
        k = n;
        continue;
      case SCM_I_N_IF:
        walk_value (st, n->a);
        walk (st, n->b, k);
        n = n->c;
        continue;
      case SCM_I_N_SEQ:
        for (size_t i = 0; i + 1 < n->nargs; i++)
          walk_value (st, n->args[i]);
        n = n->args[n->nargs - 1];
        continue;
      case SCM_I_N_LAMBDA:
        /* A lambda made into closures: whatever it uses, it uses as a
           value (its free variables cover the lambdas inside it).  */
        for (size_t i = 0; i < n->lam->nfree; i++)
          if (n->lam->free[i]->self != NULL)
            reject (st, n->lam->free[i]->self);
        return;
      case SCM_I_N_CALL:
        walk_call (st, n, k);
        return;
      case SCM_I_N_PRIM:
        for (size_t i = 0; i < n->nargs; i++)
          walk_value (st, n->args[i]);
        return;
      case SCM_I_N_LET:
        for (size_t i = 0; i < n->nargs; i++)
          walk_value (st, n->args[i]);
        n = n->a;
        continue;
      case SCM_I_N_APPLY: case SCM_I_N_APPLY_VALUES:
        walk_value (st, n->a);
        n = n->b;
        k = n;
        continue;
      case SCM_I_N_CALLCC: case SCM_I_N_CALLEC:
        n = n->a;
        k = n;
        continue;
      default:
        return;
      }
}

void
scm_i_contify (struct scm_i_lambda *frame)
{
  struct cstate st = { frame, NULL, 0, 0, 0 };
  for (int pass = 0;; pass++)
    {
      for (size_t i = 0; i < st.ncands; i++)
        {
          struct scm_i_lambda *l = st.cands[i];
          l->c_entry = NULL;
          l->c_k = NULL;
          l->c_defined = l->c_active = l->c_shared = 0;
        }
      st.rejected = 0;
      walk (&st, frame->body, frame);
      for (size_t i = 0; i < st.ncands; i++)
        {
          struct scm_i_lambda *l = st.cands[i];
          if (l->c_entry != NULL || l->c_frame != frame)
            continue;
          if (l->c_defined)
            reject (&st, l);    /* set but never called: a closure */
          else
            /* Not reached: it was inside a body that this pass found
               is a closure after all, whose own frame will decide.  */
            l->c_frame = NULL;
        }
      if (!st.rejected)
        break;
      if (pass + 1 == MAX_PASSES)
        {
          for (size_t i = 0; i < st.ncands; i++)
            if (st.cands[i]->c_frame == frame)
              st.cands[i]->c_no = 1;
          break;
        }
    }
  for (size_t i = 0; i < st.ncands; i++)
    {
      struct scm_i_lambda *l = st.cands[i];
      l->c_placed = 0;
      if (!l->c_no && l->c_frame == frame && l->c_entry != NULL)
        l->host = frame;
    }
}
