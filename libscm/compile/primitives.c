/* primitives.c -- the compiler's inline primitives: guarded
   instructions in place of calls of the primitives the expander
   marked, the forms fused with their operands (a local, a constant
   word, two locals, a record of a body), and the guards dropped where
   the variable is private
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "runtime/scm-internal.h"
#include "compile/codegen-internal.h"

void
scm_i_prim_operands (struct cg *g, struct scm_i_node *n)
{
  long base = g->depth;
  scm_i_push_args (g, n->args, n->nargs - 1);
  scm_i_compile_node (g, n->args[n->nargs - 1], CTX_VALUE);
  if (base + SCM_I_FRAME_HEADER + 2 + (long) n->nargs > g->max_depth)
    g->max_depth = base + SCM_I_FRAME_HEADER + 2 + n->nargs;
}

/* Inline call N as OP whose first operand, a plain local, is an
   operand word after the guard; room for the slow path's frame and
   arguments.  */
static void
emit_prim_on_local (struct cg *g, struct scm_i_node *n, enum scm_i_opcode op)
{
  if (g->depth + SCM_I_FRAME_HEADER + 3 > g->max_depth)
    g->max_depth = g->depth + SCM_I_FRAME_HEADER + 3;
  if ((op == SCM_OP_ADDLK || op == SCM_OP_SUBLK)
      && scm_i_fuse_after_push (g, n->where, op == SCM_OP_ADDLK
                                ? SCM_OP_PUSH_ADDLK : SCM_OP_PUSH_SUBLK))
    ;
  else
    {
      scm_i_note_position (g, n->where);
      emit_op (g, op);
    }
  emit_scm (g, n->value);
  emit (g, n->args[0]->var->slot);
}

/* Binary inline call N as OP, operand IN_ACC computed into acc and
   WORD, a plain local or a constant, an operand word after the guard:
   its slow path pushes both for the ordinary call.  */
static void
compile_prim_with_word (struct cg *g, struct scm_i_node *n,
                        enum scm_i_opcode op, struct scm_i_node *in_acc,
                        struct scm_i_node *word, enum ctx ctx)
{
  long base = g->depth;
  scm_i_compile_node (g, in_acc, CTX_VALUE);
  if (base + SCM_I_FRAME_HEADER + 2 > g->max_depth)
    g->max_depth = base + SCM_I_FRAME_HEADER + 2;
  scm_i_note_position (g, n->where);
  emit_op (g, op);
  emit_scm (g, n->value);
  if (word->kind == SCM_I_N_LREF)
    emit (g, word->var->slot);
  else
    emit_scm (g, word->value);
  finish (g, ctx);
}

/* (< local local) as a value (a test of it is BRLL_LT,
   compile_simple_test): LT_LL, no LREF_PUSH and LREF before it.  Only
   <, the sort predicates' comparison: each instruction costs 24 bytes
   of static data that libgc scans (the tables indexed by opcode),
   which test-gc bounds.  Whether it compiled N.  */
static int
compile_locals_compare (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  if (n->op != SCM_OP_LT || n->nargs != 2
      || !is_plain_local (g, n->args[0]) || !is_plain_local (g, n->args[1]))
    return 0;
  emit_prim_on_local (g, n, SCM_OP_LT_LL);
  emit (g, n->args[1]->var->slot);
  finish (g, ctx);
  return 1;
}

/* A call of a body's record procedure made inline (N, a RECORD_REF,
   RECORD_SET or MAKE_RECORD with a fallback): the record, a modifier's
   value or a constructor's values pushed, then the type read into acc
   last, and REC_REF K WHO, REC_SET K WHO or REC_MAKE N.  Half the
   instructions of the primitive's form, which pushed the type, the
   field index and the name as arguments.  0 if N is none of these.  */
static int
compile_body_record (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  struct scm_i_node *type, *k = NULL, *who = NULL;
  size_t nvals;
  switch (n->op)
    {
    case SCM_OP_RECORD_REF:
      type = n->args[1], k = n->args[2], who = n->args[3], nvals = 1;
      break;
    case SCM_OP_RECORD_SET:
      type = n->args[1], k = n->args[2], who = n->args[4], nvals = 2;
      break;
    case SCM_OP_MAKE_RECORD:
      type = n->args[0], nvals = n->nargs - 1;
      break;
    default:
      return 0;
    }
  if (nvals < 1 || type->kind != SCM_I_N_LREF
      || (k != NULL && !is_fixnum_const (k)))
    return 0;
  SCM fields = n->op == SCM_OP_MAKE_RECORD
    ? scm_i_constants_vector (n->args + 1, nvals) : SCM_BOOL_F;
  if (scm_is_true (fields))
    {
      /* (make-node-raw 0 0 0 0): the values from a vector.  */
      scm_i_compile_node (g, type, CTX_VALUE);
      scm_i_note_position (g, n->where);
      emit_op (g, SCM_OP_REC_MAKE_K);
      emit (g, nvals);
      emit_scm (g, fields);
      finish (g, ctx);
      return 1;
    }
  if (n->op == SCM_OP_MAKE_RECORD)
    scm_i_push_args (g, n->args + 1, nvals);
  else
    {
      scm_i_push_value (g, n->args[0]);
      if (nvals == 2)
        scm_i_push_value (g, n->args[3]);
    }
  scm_i_compile_node (g, type, CTX_VALUE);
  scm_i_note_position (g, n->where);
  if (n->op == SCM_OP_MAKE_RECORD)
    {
      emit_op (g, SCM_OP_REC_MAKE);
      emit (g, nvals);
    }
  else
    {
      emit_op (g, n->op == SCM_OP_RECORD_REF ? SCM_OP_REC_REF
               : SCM_OP_REC_SET);
      emit_scm (g, k->value);
      emit_scm (g, who->value);
    }
  adjust_depth (g, -(long) nvals);
  finish (g, ctx);
  return 1;
}

/* Whether A, an index of (vector-ref global A), may be computed before
   the global is read: a constant, a local, a global, or an inline
   primitive of those (at most DEPTH levels of primitives), which set
   no variable the read could see.  The primitive's own errors (and a
   redefined one's call) then come before an unbound global's.  */
static int
quiet_index (struct cg *g, struct scm_i_node *a, int depth)
{
  if (a->kind == SCM_I_N_CONST || a->kind == SCM_I_N_GREF
      || is_plain_local (g, a))
    return 1;
  if (a->kind != SCM_I_N_PRIM || depth == 0)
    return 0;
  for (size_t i = 0; i < a->nargs; i++)
    if (!quiet_index (g, a->args[i], depth - 1))
      return 0;
  return 1;
}

void
scm_i_compile_prim (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  if (n->fallback != NULL)
    {
      /* A call of a body's record procedure made inline (expand.c):
         only while the program assigns neither its variable nor the
         type's, which the whole body's expansion now tells.  */
      struct scm_i_var *type = n->args[n->op == SCM_OP_MAKE_RECORD
                                       ? 0 : 1]->var;
      if (n->fallback->a->var->user_assigned || type->user_assigned)
        {
          scm_i_compile_node (g, n->fallback, ctx);
          return;
        }
      if (compile_body_record (g, n, ctx))
        return;
    }
  if (scm_i_compile_flo_tree (g, n, ctx))
    return;
  if ((n->op == SCM_OP_ADD || n->op == SCM_OP_SUB)
      && is_fixnum_const (n->args[1]) && is_plain_local (g, n->args[0]))
    {
      /* (+ local K), (- local K): one instruction.  */
      emit_prim_on_local (g, n, n->op == SCM_OP_ADD ? SCM_OP_ADDLK
                          : SCM_OP_SUBLK);
      emit_scm (g, n->args[1]->value);
      finish (g, ctx);
      return;
    }
  int add = n->op == SCM_OP_ADD;
  if ((add || n->op == SCM_OP_SUB) && is_fixnum_const (n->args[1]))
    {
      /* (+ x K), (- x K): K inline.  */
      compile_prim_with_word (g, n, add ? SCM_OP_ADDI : SCM_OP_SUBI,
                              n->args[0], n->args[1], ctx);
      return;
    }
  if ((add || n->op == SCM_OP_SUB) && is_plain_local (g, n->args[0])
      && is_plain_local (g, n->args[1]))
    {
      /* (+ local local): both read by the instruction, no LREF.  */
      emit_prim_on_local (g, n, add ? SCM_OP_ADD_LL : SCM_OP_SUB_LL);
      emit (g, n->args[1]->var->slot);
      finish (g, ctx);
      return;
    }
  if (compile_locals_compare (g, n, ctx))
    return;
  if ((add || n->op == SCM_OP_SUB) && is_plain_local (g, n->args[0]))
    {
      /* (+ local x), (- local x): the local read by the instruction.  */
      compile_prim_with_word (g, n, add ? SCM_OP_ADD_L : SCM_OP_SUB_L,
                              n->args[1], n->args[0], ctx);
      return;
    }
  if (n->op == SCM_OP_EQ && is_plain_local (g, n->args[0])
      && n->args[1]->kind == SCM_I_N_GREF)
    {
      /* (eq? local global): both read by the instruction.  */
      emit_prim_on_local (g, n, SCM_OP_EQ_LG);
      emit_scm (g, n->args[1]->value);
      emit_scm (g, n->args[1]->sym);
      finish (g, ctx);
      return;
    }
  if (n->op == SCM_OP_CONS && n->nargs == 2 && is_plain_local (g, n->args[1]))
    {
      /* (cons x local): the cdr read by the instruction (reading it
         has no effect, so after x is as good as before).  */
      compile_prim_with_word (g, n, SCM_OP_CONS_L, n->args[0], n->args[1],
                              ctx);
      return;
    }
  if (n->op == SCM_OP_VREF && is_plain_local (g, n->args[0])
      && is_fixnum_const (n->args[1]))
    {
      /* (vector-ref local K), as in (vector-ref mv 0): one
         instruction, nothing loaded or pushed before it.  */
      emit_prim_on_local (g, n, SCM_OP_VREF_LK);
      emit_scm (g, n->args[1]->value);
      finish (g, ctx);
      return;
    }
  if (n->op == SCM_OP_VREF && is_plain_local (g, n->args[0])
      && is_plain_local (g, n->args[1]))
    {
      /* (vector-ref local local), as in quicksort's (vector-ref v i):
         the same, both read by the instruction.  */
      emit_prim_on_local (g, n, SCM_OP_VREF_LL);
      emit (g, n->args[1]->var->slot);
      finish (g, ctx);
      return;
    }
  if (n->op == SCM_OP_VREF && n->args[0]->kind == SCM_I_N_GREF
      && is_plain_local (g, n->args[1]))
    {
      /* (vector-ref global local), as in triangl's (vector-ref *a* i):
         the global read by the instruction too.  */
      scm_i_emit_vref_gl (g, n, SCM_OP_VREF_GL,
                          g->depth + SCM_I_FRAME_HEADER + 3);
      finish (g, ctx);
      return;
    }
  if (n->op == SCM_OP_VREF && n->args[0]->kind == SCM_I_N_GREF
      && quiet_index (g, n->args[1], 1))
    {
      /* (vector-ref global i), as in triangl's (vector-ref *board*
         (vector-ref *a* i)): i first, then the global read by the
         instruction, not pushed.  */
      scm_i_compile_node (g, n->args[1], CTX_VALUE);
      scm_i_emit_vref_g (g, n);
      finish (g, ctx);
      return;
    }
  if (n->op == SCM_OP_VREF
      && (is_plain_local (g, n->args[1]) || is_fixnum_const (n->args[1])))
    {
      /* (vector-ref v i) with i a local or a constant: not pushed.  */
      compile_prim_with_word (g, n, n->args[1]->kind == SCM_I_N_LREF
                              ? SCM_OP_VREF_L : SCM_OP_VREF_K,
                              n->args[0], n->args[1], ctx);
      return;
    }
  if ((n->op == SCM_OP_CAR || n->op == SCM_OP_CDR)
      && is_plain_local (g, n->args[0]))
    {
      /* (car local), (cdr local): one instruction.  */
      emit_prim_on_local (g, n, n->op == SCM_OP_CAR ? SCM_OP_CAR_L
                          : SCM_OP_CDR_L);
      finish (g, ctx);
      return;
    }
  if (n->op == SCM_OP_VSET && is_plain_local (g, n->args[0])
      && is_plain_local (g, n->args[1]))
    {
      /* (vector-set! local local x): neither the vector nor the index
         pushed; x too read by the instruction when it is a local, as
         in array1's (vector-set! result i i).  */
      int x_local = is_plain_local (g, n->args[2]);
      if (!x_local)
        scm_i_compile_node (g, n->args[2], CTX_VALUE);
      emit_prim_on_local (g, n, x_local ? SCM_OP_VSET_LLL : SCM_OP_VSET_LL);
      emit (g, n->args[1]->var->slot);
      if (x_local)
        emit (g, n->args[2]->var->slot);
      finish (g, ctx);
      return;
    }
  if (n->op == SCM_OP_SET_CAR && is_plain_local (g, n->args[0]))
    {
      /* (set-car! local x), as in destruc's (set-car! a i): the pair
         not pushed, nor x read first when it is a plain local too.
         (set-cdr! is rarer in loops: no instruction.)  */
      int x_local = is_plain_local (g, n->args[1]);
      if (!x_local)
        scm_i_compile_node (g, n->args[1], CTX_VALUE);
      emit_prim_on_local (g, n, x_local ? SCM_OP_SET_CAR_LL
                          : SCM_OP_SET_CAR_L);
      if (x_local)
        emit (g, n->args[1]->var->slot);
      finish (g, ctx);
      return;
    }
  if (n->op == SCM_OP_VSET && is_plain_local (g, n->args[1]))
    {
      /* (vector-set! v local x): the index not pushed.  */
      long base = g->depth;
      scm_i_push_value (g, n->args[0]);
      scm_i_compile_node (g, n->args[2], CTX_VALUE);
      if (base + SCM_I_FRAME_HEADER + 4 > g->max_depth)
        g->max_depth = base + SCM_I_FRAME_HEADER + 4;
      scm_i_note_position (g, n->where);
      emit_op (g, SCM_OP_VSET_L);
      emit_scm (g, n->value);
      emit (g, n->args[1]->var->slot);
      adjust_depth (g, -1);
      finish (g, ctx);
      return;
    }
  scm_i_prim_operands (g, n);
  scm_i_note_position (g, n->where);
  emit_op (g, n->op);
  emit_scm (g, n->value);
  if (n->op == SCM_OP_MAKE_RECORD)
    emit (g, n->nargs);         /* the only one whose count varies */
  adjust_depth (g, -(long) (n->nargs - 1));
  finish (g, ctx);
}

/* Each guarded instruction's twin without the guard, or 0.  */
static const unsigned short twin_of[SCM_OP_COUNT] = {
#define TWIN_ENTRY(X, name, n, kinds) [SCM_OP_##name] = SCM_OP_##name##_U,
  SCM_I_FOR_EACH_TWINNED_OP (TWIN_ENTRY, _)
#undef TWIN_ENTRY
};

/* The primitives whose instructions have twins.  */
static const enum scm_i_opcode twinned_prims[] = {
  SCM_OP_ADD, SCM_OP_SUB, SCM_OP_MUL, SCM_OP_NUM_EQ, SCM_OP_LT, SCM_OP_GT,
  SCM_OP_LE, SCM_OP_GE, SCM_OP_NULLP, SCM_OP_PAIRP, SCM_OP_CAR, SCM_OP_CDR,
  SCM_OP_NOT, SCM_OP_VREF, SCM_OP_VSET, SCM_OP_ZEROP
};

/* Whether VAR, an inline instruction's guard, is a private variable:
   the expander's choice where the binding cannot change (expand.c,
   inline_op).  No program reaches it, so it always holds its
   primitive.  */
static int
private_guard_p (SCM var)
{
  for (size_t i = 0; i < sizeof twinned_prims / sizeof *twinned_prims; i++)
    if (scm_is_eq (var, scm_i_private_variable (twinned_prims[i])))
      return 1;
  return 0;
}

void
scm_i_unguard_fixed_primitives (struct cg *g)
{
  for (size_t i = 0; i < g->n; i += 1 + scm_i_op_operands[g->code[i]])
    if (twin_of[g->code[i]] != 0
        && private_guard_p (SCM_PACK (g->code[i + 1])))
      g->code[i] = twin_of[g->code[i]];
}
