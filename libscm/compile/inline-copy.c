/* inline-copy.c -- the copy of a procedure's body in a caller
   SPDX-License-Identifier: LGPL-3.0-or-later

   What compile_inline_call (calls.c) emits for the body that
   scm_i_inline_body (inline.c) accepted: the callee's instructions
   read back from its code, its parameters' slots mapped to the
   caller's, its jumps and source positions relocated, its returns and
   tail calls made to fit a call out of a tail.  */

#include "runtime/scm-internal.h"
#include "compile/compile-internal.h"
#include "compile/inline-internal.h"
#include "compile/codegen-internal.h"

/* Map the copy of words [START, END) of CODE, which begins at word
   BASE of G's code, the instruction at word I at BASE + AT[I - START],
   to the positions that CODE gave them.  */
static void
copy_positions (struct cg *g, SCM code, size_t start, size_t end,
                const size_t *at, size_t base)
{
  const struct scm_i_srcmap *m
    = (const struct scm_i_srcmap *) SCM_CELL_WORD (code, SCM_I_CODE_SRCMAP);
  /* The position in force at START (the lambda's, before the body has
     one of its own) from the copy's first word: an error there names
     what the callee's frame named.  */
  size_t before = 0;
  while (before < scm_i_srcmap_count (m) && m->entries[before].offset < start)
    before++;
  if (before > 0 && (before == scm_i_srcmap_count (m)
                     || m->entries[before].offset > start))
    {
      struct scm_i_srcmap_entry e = m->entries[before - 1];
      e.offset = (uint32_t) base;
      scm_i_add_position (g, e);
    }
  for (size_t i = 0; i < scm_i_srcmap_count (m); i++)
    if (m->entries[i].offset >= start && m->entries[i].offset < end)
      {
        struct scm_i_srcmap_entry e = m->entries[i];
        e.offset = (uint32_t) (base + at[e.offset - start]);
        scm_i_add_position (g, e);
      }
}

/* Whether instruction OP returns from the body.  */
static int
is_return (int op)
{
  return op == SCM_OP_RETURN || scm_i_return_base_of (op) != 0;
}

/* Whether instruction OP is a tail call that a copy out of a tail
   makes an ordinary call (scm_i_inline_body lists them).  */
static int
is_tail_call (int op)
{
  return op == SCM_OP_GTAILCALL || op == SCM_OP_LTAILCALL;
}

/* How many words of the caller's code the copy of instruction OP takes
   (AT_END: it ends the body in code order, where the copy falls
   through to the end).  Out of a tail, a return becomes a jump to the
   end: RETURN alone, CONST_RETURN K and LREF_RETURN SLOT after a CONST
   or LREF, LT_LL_RETURN after an LT_LL, EQ_LG_RETURN after an EQ_LG,
   CONS_RETURN after a CONS; a tail call the ordinary call
   of as many words (its frame returns past the copy).  */
static size_t
copied_size (int op, unsigned nops, int tail, int at_end)
{
  if (tail || !is_return (op))
    return 1 + nops;
  return (op == SCM_OP_RETURN ? 0 : 1 + nops) + (at_end ? 0 : 2);
}

/* The index in TAILS of the tail call whose arguments start at word I
   (its FRAME goes there out of a tail), or -1.  */
static long
tail_frame_at (const struct scm_i_inline_tails *tails, size_t i)
{
  for (size_t k = 0; k < tails->n; k++)
    if (tails->frame_at[k] == i)
      return (long) k;
  return -1;
}

/* Emit the copy of words [START, END) of CODE: its opcodes back from
   their labels, the parameters' slots mapped to SLOTS, its jumps to
   their copies, its source positions to the copies' (an error raised
   in the copy names the callee's source, as it did from the call); out
   of a tail (TAIL 0), each return but the last in code order a jump,
   whose label operand's index goes in EXITS (the caller patches it).
   Out of a tail, each of TAILS' tail calls is an ordinary call in a
   FRAME put before its arguments (a join there goes to the FRAME:
   every path to the call makes it; FRAME_LREF_PUSH if the first is
   LREF_PUSH), the index of whose label operand goes in RETS (*NRETS
   of them; the caller patches it).  The number of those jumps.  */
size_t
scm_i_emit_body_copy (struct cg *g, SCM code, size_t start, size_t end,
                const scm_t_bits *slots, int tail,
                const struct scm_i_inline_tails *tails, size_t *exits,
                size_t *rets, size_t *nrets)
{
  const scm_t_bits *c = scm_i_code_entry (code);
  size_t at[SCM_I_INLINE_MAX_WORDS + 1];
  size_t nexits = 0, base = g->n;
  *nrets = 0;
  for (size_t i = start, n = 0; i < end;)
    {
      unsigned nops = 0;
      int op = scm_i_code_op_at (c, end, &i, &nops);
      at[i - start] = n;
      if (!tail && tail_frame_at (tails, i) >= 0)
        n += op == SCM_OP_LREF_PUSH ? 1 : 2;
      n += copied_size (op, nops, tail, i + 1 + nops == end);
      i += 1 + nops;
    }
  copy_positions (g, code, start, end, at, base);
  for (size_t i = start; i < end;)
    {
      unsigned nops = 0;
      int op = scm_i_code_op_at (c, end, &i, &nops);
      if (!tail && tail_frame_at (tails, i) >= 0)
        {
          int fuse = op == SCM_OP_LREF_PUSH;
          rets[(*nrets)++] = emit_jump (g, fuse ? SCM_OP_FRAME_LREF_PUSH
                                        : SCM_OP_FRAME);
          if (fuse)
            {
              emit (g, slots[c[i + 1]]);
              i += 1 + nops;
              continue;
            }
        }
      if (!tail && is_tail_call (op))
        {
          emit_op (g, op == SCM_OP_GTAILCALL ? SCM_OP_GCALL : SCM_OP_LCALL);
          for (unsigned j = 1; j <= nops; j++)
            emit (g, scm_i_op_operand_kind (op, j) == SCM_I_OPK_SLOT
                  ? slots[c[i + j]] : c[i + j]);
          i += 1 + nops;
          continue;
        }
      if (!tail && is_return (op))
        {
          if (op != SCM_OP_RETURN)
            {
              /* The instruction the return was fused with, alone.  */
              emit_op (g, scm_i_return_base_of (op));
              for (unsigned j = 1; j <= nops; j++)
                emit (g, scm_i_op_operand_kind (op, j) == SCM_I_OPK_SLOT
                      ? slots[c[i + j]] : c[i + j]);
            }
          if (i + 1 + nops != end)
            exits[nexits++] = emit_jump (g, SCM_OP_JUMP);
          i += 1 + nops;
          continue;
        }
      /* A call of a global checked again: note_known_calls lists the
         copy's as the caller's own.  */
      emit_op (g, op == SCM_OP_GCALL_U ? SCM_OP_GCALL : op);
      for (unsigned j = 1; j <= nops; j++)
        {
          enum scm_i_operand_kind k = scm_i_op_operand_kind (op, j);
          scm_t_bits w = c[i + j];
          if (k == SCM_I_OPK_SLOT)
            w = slots[w];
          else if (k == SCM_I_OPK_LABEL)
            w = base + at[(const scm_t_bits *) w - c - start];
          emit (g, w);
        }
      i += 1 + nops;
    }
  return nexits;
}
