/* loop-steps.c -- a loop jump whose changed arguments are steps of its
   own parameters, compiled as one instruction (STEP_ADDK & co)
   SPDX-License-Identifier: LGPL-3.0-or-later

   A self tail call of a loop whose arguments are the parameters
   themselves but for a step (+ p K) or (- p K) of its own parameter
   and at most one more of a few shapes ((+ x q) of its own q, (cdr q)
   of its own q) makes the new values in place, with no push and no
   move, and makes the test at the loop's head when it is one of the
   stepped parameter (or of the list, for a cdr): sum's, array1's and
   nqueens' loops.  Out of calls.c, whose loop jumps
   (compile_loop_jump) call scm_i_compile_loop_step first.  */

#include "runtime/scm-internal.h"
#include "compile/compile-internal.h"
#include "compile/codegen-internal.h"
#include "expand/expand-internal.h"

#include <libscm/numbers.h>

/* Whether argument A is (+ P K) of its own parameter P and a fixnum K
   other than 0, or (- P K) with K above 0, with the core's + or - (no
   guard).  A step of 0 would keep STEP_ADDK_ADD on the one value where
   it skips its check for interrupts; STEP_SUBK's fast path is right
   for a K above 0 only (engine.c, step_subk).  */
static int
is_own_step (struct cg *g, struct scm_i_node *a, struct scm_i_var *p)
{
  return a->kind == SCM_I_N_PRIM && a->nargs == 2
    && (a->op == SCM_OP_ADD || a->op == SCM_OP_SUB)
    && scm_is_eq (a->value, scm_i_private_variable (a->op))
    && is_plain_local (g, a->args[0]) && a->args[0]->var == p
    && is_fixnum_const (a->args[1])
    && (a->op == SCM_OP_ADD
        ? !scm_is_eq (a->args[1]->value, SCM_MAKE_FIXNUM (0))
        : SCM_FIXNUM_VALUE (a->args[1]->value) > 0);
}

/* Whether argument A is (+ X P) of a plain local X and its own
   parameter P, with the core's +: P's new value is made in its slot.  */
static int
is_own_sum (struct cg *g, struct scm_i_node *a, struct scm_i_var *p)
{
  return a->kind == SCM_I_N_PRIM && a->nargs == 2 && a->op == SCM_OP_ADD
    && scm_is_eq (a->value, scm_i_private_variable (SCM_OP_ADD))
    && is_plain_local (g, a->args[0]) && is_plain_local (g, a->args[1])
    && a->args[1]->var == p;
}

/* Whether argument A is (cdr P) of its own parameter P, with the
   core's cdr.  */
static int
is_own_cdr (struct cg *g, struct scm_i_node *a, struct scm_i_var *p)
{
  return a->kind == SCM_I_N_PRIM && a->nargs == 1 && a->op == SCM_OP_CDR
    && scm_is_eq (a->value, scm_i_private_variable (SCM_OP_CDR))
    && is_plain_local (g, a->args[0]) && a->args[0]->var == p;
}

/* Whether the instruction at HEAD is a BRL_NULLP test of fp[SLOT]
   whose null? cannot change.  */
static int
head_null_test (struct cg *g, size_t head, long slot)
{
  const scm_t_bits *c = g->code + head;
  return head + 4 <= g->n && (long) c[2] == slot
    && (c[0] == SCM_OP_BRL_NULLP_U
        || (c[0] == SCM_OP_BRL_NULLP
            && scm_is_eq (SCM_PACK (c[1]),
                          scm_i_private_variable (SCM_OP_NULLP))));
}

/* If the instruction at HEAD is a BRLK_ test of fp[SLOT] against a
   constant whose primitive cannot change, the range of fixnums for
   which it holds as STEP_ADDK_BR's operands (isa-internal.h): *LO the
   least one's word, *SPAN the width in words, and 1; else 0.  A test
   that holds of no fixnum or of all is left to itself.  */
static int
head_test_range (struct cg *g, size_t head, long slot, scm_t_bits *lo,
                 scm_t_bits *span)
{
  static const struct { enum scm_i_opcode br, br_u, prim; } tests[] = {
    { SCM_OP_BRLK_NUM_EQ, SCM_OP_BRLK_NUM_EQ_U, SCM_OP_NUM_EQ },
    { SCM_OP_BRLK_LT, SCM_OP_BRLK_LT_U, SCM_OP_LT },
    { SCM_OP_BRLK_GT, SCM_OP_BRLK_GT_U, SCM_OP_GT },
    { SCM_OP_BRLK_LE, SCM_OP_BRLK_LE_U, SCM_OP_LE },
    { SCM_OP_BRLK_GE, SCM_OP_BRLK_GE_U, SCM_OP_GE },
  };
  const scm_t_bits *c = g->code + head;
  size_t t = 0;
  if (head + 5 > g->n)
    return 0;                   /* the step is the loop's first word */
  while (t < sizeof tests / sizeof *tests
         && c[0] != tests[t].br && c[0] != tests[t].br_u)
    t++;
  if (t == sizeof tests / sizeof *tests || (long) c[2] != slot
      || (c[0] == tests[t].br
          && !scm_is_eq (SCM_PACK (c[1]),
                         scm_i_private_variable (tests[t].prim))))
    return 0;
  return scm_i_fixnum_test_range (tests[t].prim,
                                  SCM_FIXNUM_VALUE (SCM_PACK (c[3])),
                                  lo, span);
}

int
scm_i_fixnum_test_range (enum scm_i_opcode op, scm_t_signed_bits k,
                         scm_t_bits *lo, scm_t_bits *span)
{
  scm_t_signed_bits l = SCM_MOST_NEGATIVE_FIXNUM, h = SCM_MOST_POSITIVE_FIXNUM;
  switch (op)
    {
    case SCM_OP_NUM_EQ: l = h = k; break;
    case SCM_OP_LT: h = k - 1; break;
    case SCM_OP_LE: h = k; break;
    case SCM_OP_GT: l = k + 1; break;
    default: l = k; break;
    }
  if (l > h || (l == SCM_MOST_NEGATIVE_FIXNUM
                && h == SCM_MOST_POSITIVE_FIXNUM))
    return 0;
  /* The width as a fixnum's word, 4 (h - l) + 2, even where h - l is
     past the fixnum range: the value's distance from l, 4 (x - l), is
     at most that exactly when x is within.  */
  *lo = SCM_UNPACK (SCM_MAKE_FIXNUM (l));
  *span = 4 * ((scm_t_bits) h - (scm_t_bits) l) + 2;
  return 1;
}

/* If the instruction at HEAD is a BRLL_ test of fp[SLOT] against
   another local whose primitive cannot change, that local's slot in
   *OTHER and the range of differences (fp[SLOT] - *OTHER) for which it
   holds as STEP_BRLL's operands (isa-internal.h) in *LO and *SPAN, and
   1; else 0.  */
static int
head_test_local (struct cg *g, size_t head, long slot, long *other,
                 scm_t_bits *lo, scm_t_bits *span)
{
  static const struct { enum scm_i_opcode br, br_u, prim, mirror; } tests[] = {
    { SCM_OP_BRLL_NUM_EQ, SCM_OP_BRLL_NUM_EQ_U, SCM_OP_NUM_EQ, SCM_OP_NUM_EQ },
    { SCM_OP_BRLL_LT, SCM_OP_BRLL_LT_U, SCM_OP_LT, SCM_OP_GT },
    { SCM_OP_BRLL_GT, SCM_OP_BRLL_GT_U, SCM_OP_GT, SCM_OP_LT },
    { SCM_OP_BRLL_LE, SCM_OP_BRLL_LE_U, SCM_OP_LE, SCM_OP_GE },
    { SCM_OP_BRLL_GE, SCM_OP_BRLL_GE_U, SCM_OP_GE, SCM_OP_LE },
  };
  /* The differences of two fixnums whose words' difference, 4 (x - y),
     does not overflow.  */
  const scm_t_signed_bits min = -((scm_t_signed_bits) 1 << 61);
  const scm_t_signed_bits max = ((scm_t_signed_bits) 1 << 61) - 1;
  const scm_t_bits *c = g->code + head;
  size_t t = 0;
  if (head + 5 > g->n)
    return 0;
  while (t < sizeof tests / sizeof *tests
         && c[0] != tests[t].br && c[0] != tests[t].br_u)
    t++;
  if (t == sizeof tests / sizeof *tests || c[2] == c[3]
      || ((long) c[2] != slot && (long) c[3] != slot)
      || (c[0] == tests[t].br
          && !scm_is_eq (SCM_PACK (c[1]),
                         scm_i_private_variable (tests[t].prim))))
    return 0;
  /* (op y x) is (mirror x y).  */
  enum scm_i_opcode op = (long) c[2] == slot ? tests[t].prim : tests[t].mirror;
  scm_t_signed_bits l = min, h = max;
  switch (op)
    {
    case SCM_OP_NUM_EQ: l = h = 0; break;
    case SCM_OP_LT: h = -1; break;
    case SCM_OP_LE: h = 0; break;
    case SCM_OP_GT: l = 1; break;
    default: l = 0; break;
    }
  *other = (long) ((long) c[2] == slot ? c[3] : c[2]);
  /* Modulo 2^64: the difference's word d is 4 (x - y), and d - LO is
     4 (x - y - l) + 2, at most SPAN exactly when x - y is at most h.  */
  *lo = 4 * (scm_t_bits) l - 2;
  *span = 4 * ((scm_t_bits) h - (scm_t_bits) l) + 2;
  return 1;
}

/* A loop jump N to PARAMS (in slots from BASE) whose arguments are the
   parameters themselves but for one (+ p K) or (- p K) of its own
   parameter p, and at most one (+ x q) of its own parameter q, as one
   STEP_ADDK & co: the new values made in place, no push and no move,
   and the test at the loop's head HEAD made by the same instruction
   when it is one of p against a constant.  Only when nothing lies on
   the stack above the parameters (no let of the loop's body is open),
   as SELF_TAILCALL would leave it.  Returns 0, emitting nothing, for
   any other jump.  */
int
scm_i_compile_loop_step (struct cg *g, struct scm_i_node *n,
                         struct scm_i_var **params, long base, size_t head)
{
  long k = -1, sum = -1, cdr = -1; /* the changed arguments */
  if (g->depth != base + (long) n->nargs)
    return 0;
  for (size_t i = 0; i < n->nargs; i++)
    {
      struct scm_i_node *a = n->args[i];
      struct scm_i_var *p = params[i];
      if (scm_i_var_boxed (p) || p->slot != base + (long) i)
        return 0;
      if (is_plain_local (g, a) && a->var == p)
        continue;               /* passed as it is */
      if (k < 0 && is_own_step (g, a, p))
        k = (long) i;
      else if (sum < 0 && is_own_sum (g, a, p))
        sum = (long) i;
      else if (cdr < 0 && is_own_cdr (g, a, p))
        cdr = (long) i;
      else
        return 0;
    }
  if (k < 0)
    return 0;
  struct scm_i_node *a = n->args[k];
  int add = a->op == SCM_OP_ADD;
  if (cdr >= 0)
    {
      /* STEP_CDR: the step's argument first, as its errors are.  */
      scm_t_signed_bits v = SCM_FIXNUM_VALUE (a->args[1]->value);
      if (sum >= 0 || cdr < k || v <= 0)
        return 0;
      scm_i_note_position (g, a->where);
      emit_op (g, SCM_OP_STEP_CDR);
      emit (g, (scm_t_bits) params[k]->slot);
      emit_scm (g, SCM_MAKE_FIXNUM (add ? v : -v));
      emit (g, head);
      emit (g, (scm_t_bits) params[cdr]->slot);
      /* The body, the head test's target (patched as below).  */
      emit (g, head_null_test (g, head, params[cdr]->slot) ? 0 : head);
      return 1;
    }
  scm_t_bits lo = 0, span = 0;
  int br = head_test_range (g, head, params[k]->slot, &lo, &span);
  long other;
  scm_i_note_position (g, a->where);
  if (sum < 0 && !br
      && SCM_FIXNUM_VALUE (a->args[1]->value) > 0
      && head_test_local (g, head, params[k]->slot, &other, &lo, &span))
    {
      scm_t_signed_bits v = SCM_FIXNUM_VALUE (a->args[1]->value);
      emit_op (g, SCM_OP_STEP_BRLL);
      emit (g, (scm_t_bits) params[k]->slot);
      emit_scm (g, SCM_MAKE_FIXNUM (add ? v : -v));
      emit (g, head);
      emit (g, (scm_t_bits) other);
      emit (g, lo);
      emit (g, span);
      emit (g, 0);              /* the body, as below */
      return 1;
    }
  if (sum >= 0)
    emit_op (g, add ? SCM_OP_STEP_ADDK_ADD : SCM_OP_STEP_SUBK_ADD);
  else if (br)
    emit_op (g, add ? SCM_OP_STEP_ADDK_BR : SCM_OP_STEP_SUBK_BR);
  else
    emit_op (g, add ? SCM_OP_STEP_ADDK : SCM_OP_STEP_SUBK);
  emit (g, (scm_t_bits) params[k]->slot);
  emit_scm (g, a->args[1]->value);
  emit (g, head);
  if (sum >= 0)
    {
      emit (g, (scm_t_bits) n->args[sum]->args[0]->var->slot);
      emit (g, (scm_t_bits) params[sum]->slot);
    }
  if (sum >= 0 || br)
    {
      /* The body's address is the head test's target, patched only
         when its label is placed: scm_i_finish_loop_steps copies it
         over the 0.  With no test, the range of 0 alone, and the head
         as the body: on that one value the jump skips its check.  */
      emit (g, br ? lo : SCM_UNPACK (SCM_MAKE_FIXNUM (0)));
      emit (g, br ? span : SCM_UNPACK (SCM_MAKE_FIXNUM (0)));
      emit (g, br ? 0 : head);
    }
  return 1;
}

void
scm_i_finish_loop_steps (struct cg *g)
{
  for (size_t i = 0; i < g->n; i += 1 + scm_i_op_operands[g->code[i]])
    {
      scm_t_bits *c = g->code + i;
      if ((c[0] == SCM_OP_STEP_ADDK_BR || c[0] == SCM_OP_STEP_SUBK_BR)
          && c[6] == 0)
        c[6] = g->code[c[3] + 4];
      else if ((c[0] == SCM_OP_STEP_ADDK_ADD || c[0] == SCM_OP_STEP_SUBK_ADD)
               && c[8] == 0)
        c[8] = g->code[c[3] + 4];
      else if (c[0] == SCM_OP_STEP_BRLL && c[7] == 0)
        c[7] = g->code[c[3] + 4];
      else if (c[0] == SCM_OP_STEP_CDR && c[5] == 0)
        c[5] = g->code[c[3] + 3];
    }
}
