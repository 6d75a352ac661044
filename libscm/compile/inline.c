/* inline.c -- compiled procedures read back, for calls the compiler makes inline
   SPDX-License-Identifier: LGPL-3.0-or-later

   The compiler (compile.c) makes some calls of a global inline when the
   procedure the global holds at compile time is one it can read from its
   code: a record procedure that define-record-type made, whose call
   becomes the record instruction itself (compile_record_call), or a
   small procedure of no arguments whose body's instructions are copied
   into the caller (compile_inline_call).  This file reads the code; the
   guards that keep such a call right when the global changes are the
   compiler's.  */

#include "runtime/scm-internal.h"
#include "compile/inline-internal.h"

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
   constructor call on constants, too few for the code to grow.  */
#define INLINE_MAX_OPS 6

/* The change of the stack's depth made by instruction OP (at OPS,
   its operands after it), if OP may be copied inline: it reads nothing
   of the frame (no local, free value, closure or frame link), jumps
   nowhere, and makes no call but the ordinary one of its slow path,
   which returns to the next instruction.  Otherwise LONG_MIN.  */
static long
inline_op_depth (int op, const scm_t_bits *ops)
{
  switch (op)
    {
    case SCM_OP_CONST: case SCM_OP_GREF:
      return 0;
    case SCM_OP_CONST_PUSH: case SCM_OP_PUSH: case SCM_OP_GREF_PUSH:
      return 1;
    case SCM_OP_CONS:
      return -1;
    case SCM_OP_KREC_MAKE:
      return 1 - (long) ops[4];
    case SCM_OP_KREC_MAKE_K:
      return 0;
    case SCM_OP_LIST:
      return 1 - (long) ops[2];
    default:
      return LONG_MIN;
    }
}

/* Nonzero if closure PROC's body may be copied inline: words [*START,
   *END) of its code, after ENTER (whose operand, the frame's need,
   goes in *NEED) and before the RETURN that ends it, or through the
   CONST_RETURN that ends it (whose copy is a CONST).  */
int
scm_i_inline_body (SCM proc, size_t *start, size_t *end, size_t *need)
{
  if (!scm_i_is_closure (proc) || SCM_OBJ_PAYLOAD (proc) != 0)
    return 0;
  SCM code = SCM_I_CLOSURE_CODE (proc);
  if (SCM_CELL_WORD (code, SCM_I_CODE_ARITY) != 0)
    return 0;                   /* arguments, a rest list, case-lambda */
  const scm_t_bits *c = scm_i_code_entry (code);
  size_t len = SCM_OBJ_PAYLOAD (code), i = 0, at;
  if (!(at = expect_op (c, len, &i, SCM_OP_ENTER)))
    return 0;
  *need = c[at];
  *start = i;
  /* The copy must set acc before it reads it (at the call, acc holds
     the closure; inline, whatever the caller left) and read no slot
     below its own.  */
  long depth = 0;
  int acc_set = 0;
  for (int k = 0; k <= INLINE_MAX_OPS; k++)
    {
      unsigned nops;
      int op = scm_i_code_op_at (c, len, &i, &nops);
      if (op == SCM_OP_RETURN)
        {
          *end = i;
          return acc_set && depth == 0 && i + 1 == len;
        }
      if (op == SCM_OP_CONST_RETURN)
        {
          *end = i + 2;
          return depth == 0 && i + 2 == len;
        }
      long d = op < 0 ? LONG_MIN : inline_op_depth (op, c + i);
      if (d == LONG_MIN || (depth += d) < 0)
        return 0;
      int reads_acc = op != SCM_OP_CONST && op != SCM_OP_GREF
        && op != SCM_OP_GREF_PUSH && op != SCM_OP_CONST_PUSH
        && op != SCM_OP_KREC_MAKE_K;
      if (reads_acc && !acc_set)
        return 0;
      acc_set |= op != SCM_OP_CONST_PUSH;
      i += 1 + nops;
    }
  return 0;
}
