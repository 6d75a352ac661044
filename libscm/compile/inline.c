/* inline.c -- compiled procedures read back, for calls the compiler makes inline
   SPDX-License-Identifier: LGPL-3.0-or-later

   The compiler (compile.c) makes some calls of a global inline when the
   procedure the global holds at compile time is one it can read from its
   code: a record procedure that define-record-type made, whose call
   becomes the record instruction itself (compile_record_call), or a
   small procedure whose body's instructions are copied into the
   caller, its parameters read from the arguments' slots
   (compile_inline_call).  This file reads the code; the guards that
   keep such a call right when the global changes are the compiler's.  */

#include "runtime/scm-internal.h"
#include "compile/inline-internal.h"
#include "expand/ast-internal.h"

#include <limits.h>

/* The opcode of the instruction at word *I of CODE (LEN words), its
   operand count in *NOPS; -1 past the end or on a word that is no
   instruction.  */
int
scm_i_code_op_at (const scm_t_bits *code, size_t len, size_t *i, unsigned *nops)
{
  if (*i >= len)
    return -1;
  int op = scm_i_opcode_of_label ((const void *) code[*i]);
  if (op < 0 || *i + 1 + scm_i_op_operands[op] > len)
    return -1;
  *nops = scm_i_op_operands[op];
  return op;
}

/* Match the next instruction of CODE against OP, returning its first
   operand word's index (0 if it does not match).  */
static size_t
expect_op (const scm_t_bits *code, size_t len, size_t *i, int op)
{
  unsigned nops;
  if (scm_i_code_op_at (code, len, i, &nops) != op)
    return 0;
  size_t at = *i + 1;
  *i += 1 + nops;
  return at;
}

/* The closure's free value that instruction FREF at word AT reads, or
   SCM_UNDEFINED.  */
static SCM
fref_value (SCM proc, const scm_t_bits *code, size_t at)
{
  size_t k = code[at];
  if (k >= SCM_OBJ_PAYLOAD (proc))
    return SCM_UNDEFINED;
  return SCM_I_CLOSURE_FREE (proc, k);
}

/* A free value pushed: FREF then PUSH, or FREF_PUSH (what compile.c
   emits since it fuses them).  The word of the FREE operand, or 0.  */
static size_t
expect_fref_push (const scm_t_bits *code, size_t len, size_t *i)
{
  size_t f, j = *i;
  if ((f = expect_op (code, len, &j, SCM_OP_FREF_PUSH))
      || ((f = expect_op (code, len, &j, SCM_OP_FREF))
          && expect_op (code, len, &j, SCM_OP_PUSH)))
    {
      *i = j;
      return f;
    }
  return 0;
}

/* Whether RTD is a record type with N fields.  */
static int
record_type_with (SCM rtd, size_t n)
{
  return SCM_HEAP_OBJECT_P (rtd)
    && SCM_HEADER (rtd) == SCM_MAKE_HEADER (scm_tc8_record,
                                            SCM_I_RECORD_FLAG_TYPE, n);
}

/* Nonzero if PROC, called with N arguments, is a record procedure as
   derived.c makes it, described in *RP.  The code must be exactly what
   compile_prim makes of its body; anything else (a procedure of the
   program, a later change of the compiler) is no match, and its calls
   stay calls.  */
int
scm_i_record_proc (SCM proc, size_t n, struct scm_i_record_proc *rp)
{
  if (!scm_i_is_closure (proc))
    return 0;
  SCM code = SCM_I_CLOSURE_CODE (proc);
  if (SCM_CELL_WORD (code, SCM_I_CODE_ARITY) != SCM_I_ARITY_OF (n))
    return 0;
  const scm_t_bits *c = scm_i_code_entry (code);
  size_t len = SCM_OBJ_PAYLOAD (code), i = 0, at, f;
  if (!expect_op (c, len, &i, SCM_OP_ENTER))
    return 0;
  int pushed = 0;
  if (n >= 1 && (at = expect_op (c, len, &i, SCM_OP_LREF_PUSH)) && c[at] == 0
      && ((f = expect_op (c, len, &i, SCM_OP_FREF))
          || (pushed = 1, f = expect_op (c, len, &i, SCM_OP_FREF_PUSH))))
    {
      /* (%record? obj rtd), (%record-ref obj rtd K who),
         (%record-set! obj rtd K value who).  */
      rp->rtd = fref_value (proc, c, f);
      if (!pushed && n == 1 && expect_op (c, len, &i, SCM_OP_RECORD_P))
        rp->op = SCM_OP_KREC_ACCESS, rp->kind = SCM_I_KREC_P, rp->k = SCM_BOOL_F;
      else if ((pushed || expect_op (c, len, &i, SCM_OP_PUSH))
               && (at = expect_op (c, len, &i, SCM_OP_CONST_PUSH))
               && SCM_FIXNUM_P (rp->k = SCM_PACK (c[at])))
        {
          size_t v;
          if (n == 2 && (v = expect_op (c, len, &i, SCM_OP_LREF_PUSH))
              && c[v] == 1 && expect_op (c, len, &i, SCM_OP_CONST)
              && expect_op (c, len, &i, SCM_OP_RECORD_SET))
            rp->op = SCM_OP_KREC_ACCESS, rp->kind = SCM_I_KREC_SET;
          else if (n == 1 && expect_op (c, len, &i, SCM_OP_CONST)
                   && expect_op (c, len, &i, SCM_OP_RECORD_REF))
            rp->op = SCM_OP_KREC_ACCESS, rp->kind = SCM_I_KREC_REF;
          else
            return 0;
        }
      else
        return 0;
    }
  else
    {
      /* (%make-record rtd a1 ... an), the arguments the fields in
         order.  */
      i = 0;
      expect_op (c, len, &i, SCM_OP_ENTER);
      if (n < 1 || n > SCM_I_KREC_MAKE_MAX
          || !(f = expect_fref_push (c, len, &i)))
        return 0;
      /* Parameters 0 to n - 2 pushed, two at a time by LREF_PUSH2
         (compile.c, push_value), the last alone.  */
      for (size_t j = 0; j + 1 < n;)
        if (j + 2 < n && (at = expect_op (c, len, &i, SCM_OP_LREF_PUSH2)))
          {
            if (c[at] != j || c[at + 1] != j + 1)
              return 0;
            j += 2;
          }
        else if ((at = expect_op (c, len, &i, SCM_OP_LREF_PUSH)) && c[at] == j)
          j++;
        else
          return 0;
      if (!(at = expect_op (c, len, &i, SCM_OP_LREF)) || c[at] != n - 1
          || !(at = expect_op (c, len, &i, SCM_OP_MAKE_RECORD))
          || c[at + 1] != n + 1)
        return 0;
      rp->rtd = fref_value (proc, c, f);
      if (!record_type_with (rp->rtd, n))
        return 0;
      rp->op = SCM_OP_KREC_MAKE, rp->k = SCM_BOOL_F;
    }
  return !SCM_UNBNDP (rp->rtd) && expect_op (c, len, &i, SCM_OP_RETURN)
    && i == len;
}

/* The most instructions of a body copied inline: enough for a
   constructor call on constants, an accessor or a predicate's tests,
   too few for the code to grow.  */
#define INLINE_MAX_OPS 12

/* What instruction OP (at OPS, its operands after it) does if it may
   be copied inline: the change of the stack's depth, and in *READS
   whether it reads acc, in *SETS whether it leaves a value of its own
   there; LONG_MIN if it may not be copied.  Such an instruction reads
   nothing of the frame but the SLOT operands that the copy maps to the
   caller's slots (no free value, closure or frame link), writes no
   slot, jumps nowhere and makes no call but the ordinary one of its
   slow path, which returns to the next instruction.  It may raise an
   error: the copy's record in the caller's debug data shows the
   callee's frame then (compile/calls.c).  */
static long
inline_op_effect (int op, const scm_t_bits *ops, int *reads, int *sets)
{
  *reads = 1, *sets = 1;
  switch (op)
    {
      /* Values of their own: constants, globals, the parameters.  */
    case SCM_OP_CONST: case SCM_OP_GREF: case SCM_OP_KREC_MAKE_K:
    case SCM_OP_LREF:
      *reads = 0;
      return 0;
    case SCM_OP_GREF_PUSH:
      *reads = 0;
      return 1;
      /* Pushes that leave acc as it is.  */
    case SCM_OP_CONST_PUSH: case SCM_OP_LREF_PUSH:
      *reads = 0, *sets = 0;
      return 1;
    case SCM_OP_LREF_PUSH2:
      *reads = 0, *sets = 0;
      return 2;
    case SCM_OP_PUSH:
      return 1;
      /* acc pushed, then a parameter read into acc or pushed.  */
    case SCM_OP_PUSH_LREF:
      return 1;
    case SCM_OP_PUSH_LREF_PUSH:
      *sets = 0;
      return 2;
      /* Operations on acc.  */
    case SCM_OP_NULLP: case SCM_OP_PAIRP: case SCM_OP_NULLP_U:
    case SCM_OP_PAIRP_U: case SCM_OP_NOT:
    case SCM_OP_CAR: case SCM_OP_CDR: case SCM_OP_CAR_U: case SCM_OP_CDR_U:
    case SCM_OP_CADR: case SCM_OP_CAAR: case SCM_OP_CADDR: case SCM_OP_CADAR:
    case SCM_OP_CDDR: case SCM_OP_VLEN: case SCM_OP_ZEROP: case SCM_OP_ODDP:
    case SCM_OP_EVENP: case SCM_OP_LENGTH: case SCM_OP_ADDI: case SCM_OP_SUBI:
    case SCM_OP_ADDI_U: case SCM_OP_SUBI_U: case SCM_OP_TYPEP:
    case SCM_OP_VREF_K: case SCM_OP_VREF_L: case SCM_OP_VREF_L_U:
    case SCM_OP_VREF_K_U: case SCM_OP_ADD_L: case SCM_OP_SUB_L: case SCM_OP_ADD_L_U:
    case SCM_OP_CONS_L:
    case SCM_OP_SUB_L_U:
      return 0;
    case SCM_OP_VREF_K_PUSH: case SCM_OP_VREF_L_PUSH: case SCM_OP_ADD_L_PUSH:
    case SCM_OP_SUB_L_PUSH: case SCM_OP_ADD_L_PUSH_U: case SCM_OP_SUB_L_PUSH_U:
    case SCM_OP_VREF_K_PUSH_U: case SCM_OP_VREF_L_PUSH_U:
      return 1;
      /* Operations on the parameters alone.  */
    case SCM_OP_CAR_L: case SCM_OP_CDR_L: case SCM_OP_CAR_L_U:
    case SCM_OP_CDR_L_U: case SCM_OP_ADD_LL: case SCM_OP_SUB_LL:
    case SCM_OP_ADD_LL_U: case SCM_OP_SUB_LL_U: case SCM_OP_LT_LL:
    case SCM_OP_VREF_LL: case SCM_OP_VREF_LK: case SCM_OP_ADDLK:
    case SCM_OP_SUBLK: case SCM_OP_ADDLK_U: case SCM_OP_SUBLK_U:
    case SCM_OP_VREF_LL_U: case SCM_OP_VREF_LK_U: case SCM_OP_EQ_LG:
      *reads = 0;
      return 0;
    case SCM_OP_CAR_L_PUSH: case SCM_OP_CDR_L_PUSH: case SCM_OP_CAR_L_PUSH_U:
    case SCM_OP_CDR_L_PUSH_U: case SCM_OP_VREF_LL_PUSH:
    case SCM_OP_VREF_LK_PUSH: case SCM_OP_ADDLK_PUSH: case SCM_OP_SUBLK_PUSH:
    case SCM_OP_ADDLK_PUSH_U: case SCM_OP_SUBLK_PUSH_U:
    case SCM_OP_VREF_LL_PUSH_U: case SCM_OP_VREF_LK_PUSH_U:
      *reads = 0;
      return 1;
      /* Operations on a value popped and acc.  */
    case SCM_OP_CONS: case SCM_OP_EQ: case SCM_OP_EQV: case SCM_OP_EQUALP:
    case SCM_OP_ADD: case SCM_OP_SUB: case SCM_OP_MUL: case SCM_OP_ADD_U:
    case SCM_OP_SUB_U: case SCM_OP_MUL_U: case SCM_OP_NUM_EQ: case SCM_OP_LT:
    case SCM_OP_GT: case SCM_OP_LE: case SCM_OP_GE: case SCM_OP_NUM_EQ_U:
    case SCM_OP_LT_U: case SCM_OP_GT_U: case SCM_OP_LE_U: case SCM_OP_GE_U:
    case SCM_OP_CHAR_EQ: case SCM_OP_VREF: case SCM_OP_VREF_U:
    case SCM_OP_QUOTIENT: case SCM_OP_REMAINDER: case SCM_OP_MODULO:
    case SCM_OP_ASSQ: case SCM_OP_MEMQ:
      return -1;
    case SCM_OP_KREC_MAKE:
      return 1 - (long) ops[4];
    case SCM_OP_LIST:
      return 1 - (long) ops[2];
    default:
      return LONG_MIN;
    }
}

/* Nonzero if every SLOT operand of instruction OP (at OPS, its
   operands after it) names one of the first NARGS slots: a
   parameter.  */
static int
reads_only_parameters (int op, const scm_t_bits *ops, size_t nargs)
{
  for (unsigned j = 1; j <= scm_i_op_operands[op]; j++)
    if (scm_i_op_operand_kind (op, j) == SCM_I_OPK_SLOT && ops[j] >= nargs)
      return 0;
  return 1;
}

/* What branch instruction OP does if it may be copied inline, as
   inline_op_effect: the change of the stack's depth, whether it reads
   acc in *READS; LONG_MIN if it may not be copied.  Its target is a
   label of the same body, later than itself.  */
static long
inline_branch_effect (int op, int *reads)
{
  *reads = 1;
  switch (op)
    {
    case SCM_OP_JUMP: case SCM_OP_BRL_PAIRP: case SCM_OP_BRL_NULLP:
    case SCM_OP_BRL_PAIRP_U: case SCM_OP_BRL_NULLP_U: case SCM_OP_BRL_ZEROP:
    case SCM_OP_BRL_ZEROP_U:
      *reads = 0;
      return 0;
    case SCM_OP_BRLK_NUM_EQ: case SCM_OP_BRLK_LT: case SCM_OP_BRLK_GT:
    case SCM_OP_BRLK_LE: case SCM_OP_BRLK_GE: case SCM_OP_BRLK_NUM_EQ_U:
    case SCM_OP_BRLK_LT_U: case SCM_OP_BRLK_GT_U: case SCM_OP_BRLK_LE_U:
    case SCM_OP_BRLK_GE_U: case SCM_OP_BRLK_EQ: case SCM_OP_BRLK_CHAR_EQ:
    case SCM_OP_BRLL_NUM_EQ:
    case SCM_OP_BRLL_LT: case SCM_OP_BRLL_GT: case SCM_OP_BRLL_LE:
    case SCM_OP_BRLL_GE: case SCM_OP_BRLL_NUM_EQ_U: case SCM_OP_BRLL_LT_U:
    case SCM_OP_BRLL_GT_U: case SCM_OP_BRLL_LE_U: case SCM_OP_BRLL_GE_U:
    case SCM_OP_BRLN_NULLP: case SCM_OP_BRLN_PAIRP: case SCM_OP_BRL_TYPEP:
    case SCM_OP_BRLCL_EQ: case SCM_OP_BRLDL_EQ:
      *reads = 0;
      return 0;
    case SCM_OP_BRLC_NUM_EQ_U:
      return 0;
    case SCM_OP_BRK_IN:
    case SCM_OP_JUMPF: case SCM_OP_BR_NOT: case SCM_OP_BR_NOT_U:
    case SCM_OP_BR_NULLP: case SCM_OP_BR_NULLP_U: case SCM_OP_BR_PAIRP:
    case SCM_OP_BR_PAIRP_U: case SCM_OP_BRL_EQ: case SCM_OP_BR_ZEROP:
    case SCM_OP_BR_TYPEP: case SCM_OP_BRL_NUM_EQ: case SCM_OP_BRL_LT:
    case SCM_OP_BRL_GT: case SCM_OP_BRL_LE: case SCM_OP_BRL_GE:
    case SCM_OP_BRL_NUM_EQ_U: case SCM_OP_BRL_LT_U: case SCM_OP_BRL_GT_U:
    case SCM_OP_BRL_LE_U: case SCM_OP_BRL_GE_U: case SCM_OP_BRR_NUM_EQ:
    case SCM_OP_BRR_LT: case SCM_OP_BRR_GT: case SCM_OP_BRR_LE:
    case SCM_OP_BRR_GE:
      return 0;
    case SCM_OP_BR_EQ: case SCM_OP_BR_NUM_EQ: case SCM_OP_BR_LT:
    case SCM_OP_BR_GT: case SCM_OP_BR_LE: case SCM_OP_BR_GE:
    case SCM_OP_BR_NUM_EQ_U: case SCM_OP_BR_LT_U: case SCM_OP_BR_GT_U:
    case SCM_OP_BR_LE_U: case SCM_OP_BR_GE_U:
      return -1;
    default:
      return LONG_MIN;
    }
}

/* The state of the walk of a body that scm_i_inline_body checks:
   the stack's depth and whether acc holds a value of the body's own
   on the path that falls through (LIVE), and the jumps pending, with
   the same state where they come from.  */
struct inline_walk
{
  const scm_t_bits *c;
  size_t len;
  long depth;
  int acc_set, live;
  size_t ntargets, targets[INLINE_MAX_OPS];
  int target_acc[INLINE_MAX_OPS];
  /* The return address of the call whose frame is pushed (0: none),
     and the depth below its frame.  */
  size_t ret;
  long ret_depth;
  /* The last instruction where the stack was empty, and the tail calls
     so far.  */
  size_t empty_at;
  struct scm_i_inline_tails *tails;
};

/* Enter the instruction at word I: join the jumps to it, if any.  0
   if the stack's depth differs there (the copy keeps none across a
   jump).  */
static int
walk_join (struct inline_walk *w, size_t i)
{
  int joined = 0, acc = 1;
  for (size_t k = 0; k < w->ntargets; k++)
    if (w->targets[k] == i)
      {
        joined = 1;
        acc &= w->target_acc[k];
        w->targets[k] = w->targets[--w->ntargets];
        w->target_acc[k] = w->target_acc[w->ntargets];
        k--;
      }
  if (!joined)
    return w->live;             /* no code that nothing reaches */
  if (w->live && w->depth != 0)
    return 0;
  w->acc_set = w->live ? w->acc_set & acc : acc;
  w->depth = 0;
  w->live = 1;
  return 1;
}

/* Note the jump of the instruction at word I (OP, its label operand
   at word L) to a later instruction, the stack empty.  */
static int
walk_jump (struct inline_walk *w, size_t i, size_t l)
{
  size_t t = (size_t) ((const scm_t_bits *) w->c[l] - w->c);
  if (t <= i || t >= w->len || w->depth != 0 || w->ntargets == INLINE_MAX_OPS)
    return 0;
  w->targets[w->ntargets] = t;
  w->target_acc[w->ntargets++] = w->acc_set;
  return 1;
}

/* The label operand of OP, or 0 if it has none.  */
static unsigned
label_operand (int op)
{
  for (unsigned j = 1; j <= scm_i_op_operands[op]; j++)
    if (scm_i_op_is_jump_target ((enum scm_i_opcode) op, j))
      return j;
  return 0;
}

/* Check OP at word I, if it is the frame or the call of a call in the
   body: a frame (FRAME, PUSH_FRAME, FRAME_LREF_PUSH and the other
   FRAME_ forms) whose return
   address is a later word, then the call of a global or a parameter
   (GCALL, LCALL) that pops it and returns there, no other frame in
   between (an argument that calls is no copy's).  The callee returns
   into the copy, where the backtrace shows the copied procedure's
   frame.  1 if it is one that may be copied, 0 if not, -1 if OP is
   neither.  */
static int
walk_call (struct inline_walk *w, int op, size_t i)
{
  const scm_t_bits *ops = w->c + i;
  size_t count;
  switch (op)
    {
    case SCM_OP_FRAME: case SCM_OP_PUSH_FRAME: case SCM_OP_FRAME_LREF_PUSH:
    case SCM_OP_FRAME_CAR_L_PUSH_U: case SCM_OP_FRAME_CDR_L_PUSH_U:
      {
        size_t t = (size_t) ((const scm_t_bits *) ops[1] - w->c);
        if (w->ret != 0 || t <= i || t >= w->len
            || (op == SCM_OP_PUSH_FRAME && !w->acc_set))
          return 0;
        w->ret = t;
        w->ret_depth = w->depth + (op == SCM_OP_PUSH_FRAME);
        w->depth += SCM_I_FRAME_HEADER + (op != SCM_OP_FRAME);
        return 1;
      }
    case SCM_OP_GCALL: case SCM_OP_GCALL_U:
      count = ops[3];
      break;
    case SCM_OP_LCALL:
      count = ops[2];
      break;
    case SCM_OP_LCALL_L:
      count = ops[2] - 1;       /* its last argument pushed by itself */
      break;
    default:
      return -1;
    }
  if (w->ret != i + 1 + scm_i_op_operands[op]
      || w->depth != w->ret_depth + SCM_I_FRAME_HEADER + (long) count)
    return 0;
  w->depth = w->ret_depth;
  w->ret = 0;
  w->acc_set = 1;
  return 1;
}

/* Check the instruction OP at word I of the walk W: 0 if it may not
   be copied.  */
static int
walk_op (struct inline_walk *w, int op, size_t i, size_t nargs)
{
  const scm_t_bits *ops = w->c + i;
  if (!reads_only_parameters (op, ops, nargs))
    return 0;
  int call = walk_call (w, op, i);
  if (call >= 0)
    return call;
  if (op == SCM_OP_GTAILCALL || op == SCM_OP_LTAILCALL)
    {
      /* Its arguments and nothing else pushed since EMPTY_AT: a copy
         out of a tail makes it FRAME there and GCALL or LCALL.  */
      size_t count = ops[op == SCM_OP_GTAILCALL ? 3 : 2];
      struct scm_i_inline_tails *t = w->tails;
      if (w->ret != 0 || w->depth != (long) count
          || t->n == SCM_I_INLINE_MAX_TAILS)
        return 0;
      t->call_at[t->n] = i;
      t->frame_at[t->n++] = w->empty_at;
      w->depth = 0;
      w->live = 0;
      return 1;
    }
  int reads, sets = 0, base = scm_i_return_base_of (op);
  if (op == SCM_OP_RETURN || base != 0)
    {
      /* A return, or the instruction fused with it (CONS_RETURN pops
         the car): the stack empty after it, acc set.  */
      long d = 0;
      reads = 1;
      if (base != 0)
        d = inline_op_effect (base, ops, &reads, &sets);
      if ((reads && !w->acc_set) || w->depth + d != 0)
        return 0;
      w->live = 0;
      return 1;
    }
  long d = inline_op_effect (op, ops, &reads, &sets);
  unsigned l = 0;
  if (d == LONG_MIN)
    {
      d = inline_branch_effect (op, &reads);
      if (d == LONG_MIN || !(l = label_operand (op)))
        return 0;
    }
  if ((reads && !w->acc_set) || (w->depth += d) < 0)
    return 0;
  w->acc_set |= sets;
  if (l != 0)
    {
      if (!walk_jump (w, i, i + l))
        return 0;
      if (op == SCM_OP_JUMP)
        w->live = 0;
    }
  return 1;
}

int
scm_i_inline_body (SCM proc, size_t nargs, size_t *start, size_t *end,
                   size_t *need, struct scm_i_inline_tails *tails)
{
  tails->n = 0;
  if (!scm_i_is_closure (proc) || SCM_OBJ_PAYLOAD (proc) != 0)
    return 0;
  SCM code = SCM_I_CLOSURE_CODE (proc);
  if (SCM_CELL_WORD (code, SCM_I_CODE_ARITY) != SCM_I_ARITY_OF (nargs))
    return 0;                   /* a rest list, case-lambda */
  const scm_t_bits *c = scm_i_code_entry (code);
  size_t len = SCM_OBJ_PAYLOAD (code), i = 0, at;
  if (!(at = expect_op (c, len, &i, SCM_OP_ENTER))
      || len - i > SCM_I_INLINE_MAX_WORDS)
    return 0;
  *need = c[at];
  *start = i;
  *end = len;
  /* The copy must set acc before it reads it (at the call, acc holds
     the closure; inline, whatever the caller left), read no slot below
     its own, and end each path with a return.  */
  struct inline_walk w = { c, len, 0, 0, 1, 0, { 0 }, { 0 }, 0, 0, i, tails };
  for (int k = 0; i < len; k++)
    {
      unsigned nops;
      int op = scm_i_code_op_at (c, len, &i, &nops);
      if (k == INLINE_MAX_OPS || op < 0 || !walk_join (&w, i))
        return 0;
      if (w.depth == 0)
        w.empty_at = i;
      if (!walk_op (&w, op, i, nargs))
        return 0;
      i += 1 + nops;
    }
  return !w.live && w.ntargets == 0 && w.ret == 0;
}
