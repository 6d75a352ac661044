/* self-steps.c -- a top-level procedure's tail call of itself that
   steps down a list and a count in one instruction
   SPDX-License-Identifier: LGPL-3.0-or-later

   (define (list-read lst i)
     (if (= i 0) (car lst) (list-read (cdr lst) (- i 1))))

   The step (list-read (cdr lst) (- i 1)) was CDR_L_PUSH, SUBLK and
   GSELFTAILCALL2: three dispatches, a push and two moves.  When the
   first argument is the cdr of a plain local and the second the sum or
   difference of a plain local and a fixnum, with the core's cdr, + and
   - (their private variables: nothing can rebind them, so no guard),
   it is one GSELFTAILCALL_CDR_K, which computes both values, the cdr
   first, and stores them as the arguments (vm/ops-super.inc).  */

#include "runtime/scm-internal.h"
#include "compile/compile-internal.h"
#include "compile/codegen-internal.h"
#include "expand/expand-internal.h"

/* Whether A is (OP x K) of a plain local x and a fixnum K, OP the
   core's + or - (its private variable).  */
static int
is_local_plus_k (struct cg *g, struct scm_i_node *a)
{
  return a->kind == SCM_I_N_PRIM && a->nargs == 2
    && (a->op == SCM_OP_ADD || a->op == SCM_OP_SUB)
    && scm_is_eq (a->value, scm_i_private_variable (a->op))
    && is_plain_local (g, a->args[0]) && is_fixnum_const (a->args[1]);
}

/* Whether the loop's head in G's code, from its entry to HERE, where
   the self tail call is about to be emitted, is only (= fp[1] K0) of
   the core's = and a fixnum K0, which leaves the loop when it holds
   and else jumps to HERE: K0 in *K0 if so.  */
static int
count_test_head (struct cg *g, size_t here, SCM *k0)
{
  size_t at = SCM_I_ENTER_WORDS;
  if (here < at + 5)
    return 0;
  scm_t_bits op = g->code[at];
  if ((op != SCM_OP_BRLK_NUM_EQ && op != SCM_OP_BRLK_NUM_EQ_U)
      || !scm_is_eq (SCM_PACK (g->code[at + 1]),
                     scm_i_private_variable (SCM_OP_NUM_EQ))
      || g->code[at + 2] != 1 || g->code[at + 4] != here)
    return 0;
  *k0 = SCM_PACK (g->code[at + 3]);
  return SCM_FIXNUM_P (*k0);
}

int
scm_i_compile_self_cdr_k (struct cg *g, struct scm_i_node *n)
{
  if (n->nargs != 2)
    return 0;
  struct scm_i_node *l = n->args[0], *k = n->args[1];
  if (!(l->kind == SCM_I_N_PRIM && l->op == SCM_OP_CDR && l->nargs == 1
        && scm_is_eq (l->value, scm_i_private_variable (SCM_OP_CDR))
        && is_plain_local (g, l->args[0]))
      || !is_local_plus_k (g, k))
    return 0;
  /* The slow path pushes the two values.  */
  if (g->depth + 2 > g->max_depth)
    g->max_depth = g->depth + 2;
  scm_t_bits slot1 = (scm_t_bits) l->args[0]->var->slot;
  scm_t_bits slot2 = (scm_t_bits) k->args[0]->var->slot;
  SCM k0;
  scm_i_note_position (g, n->where);
  if (slot1 == 0 && slot2 == 1 && count_test_head (g, g->n, &k0))
    {
      emit_op (g, scm_i_self_call_op (g, n, SCM_OP_GSELFTAILCALL_CDR_K_LOOP));
      emit_scm (g, n->a->value);
      emit_scm (g, n->a->sym);
      emit (g, n->nargs);
      emit (g, SCM_I_ENTER_WORDS);      /* after ENTER */
      emit (g, k->op == SCM_OP_SUB);
      emit_scm (g, k->args[1]->value);
      emit_scm (g, k0);
      return 1;
    }
  emit_op (g, scm_i_self_call_op (g, n, SCM_OP_GSELFTAILCALL_CDR_K));
  emit_scm (g, n->a->value);
  emit_scm (g, n->a->sym);
  emit (g, n->nargs);
  emit (g, SCM_I_ENTER_WORDS);          /* after ENTER */
  emit (g, slot1);
  emit (g, slot2);
  emit (g, k->op == SCM_OP_SUB);
  emit_scm (g, k->args[1]->value);
  return 1;
}
