/* flo-tree-internal.h -- the program of a FLO_TREE instruction, shared
   by the compiler that writes it (compile/flo-trees.c) and the VM that
   runs it (engine.c)
   SPDX-License-Identifier: LGPL-3.0-or-later

   A tree of + - * / over plain locals and numeric constants, written
   as a postfix program in the bytes of a bytevector: its first byte
   holds flags (SCM_I_FT_GUARDED when a primitive of the tree is a
   binding a program may change: then the VM computes it only while
   every inline binding is intact); then the operations, each a byte and its
   operand bytes; the last is SCM_I_FT_VALUE or a comparison, or for a
   let, SCM_I_FT_END or a comparison after the bindings' STOREs, with
   the count of bindings stored after it (a comparison that goes on,
   SCM_I_FT_GO_ON, is followed by the next let's STOREs and END).  The
   VM keeps the operands on a stack of doubles of at most
   SCM_I_FT_MAX_DEPTH entries, each marked exact or inexact: an
   operation of two exact operands has an exact result, which the
   program does not compute (the tree's ordinary code does); and up to
   SCM_I_FT_MAX_REGS registers, the values of locals read more than
   once and of bindings stored, decoded once.  */

#ifndef SCM_FLO_TREE_INTERNAL_H
#define SCM_FLO_TREE_INTERNAL_H

enum scm_i_flo_tree_op
{
  /* push register REG: SLOT, REG in the next 3 bytes (SLOT for the
     program of exact leaves, which has no registers) */
  SCM_I_FT_REG,
  SCM_I_FT_LOCAL,       /* push fp[SLOT]; SLOT in the next 2 bytes, LE */
  SCM_I_FT_FLONUM,      /* push the double in the next 8 bytes */
  SCM_I_FT_EXACT,       /* the same, an exact integer below 2^53 */
  SCM_I_FT_ADD, SCM_I_FT_SUB, SCM_I_FT_MUL, SCM_I_FT_DIV,
  /* The last operation: the value, or a comparison of the two on top.  */
  SCM_I_FT_VALUE,
  SCM_I_FT_NUM_EQ, SCM_I_FT_LT, SCM_I_FT_GT, SCM_I_FT_LE, SCM_I_FT_GE,
  /* A let's: pop into fp[SLOT] as an immediate flonum (SLOT in the
     next 2 bytes, the next slot above the stack; a result with no
     immediate form, or an exact one, leaves the let to its ordinary
     code); the last operation of a let whose body is no test, followed
     by the count of the bindings stored (which op_FLO_TREE pushes).  */
  SCM_I_FT_STORE, SCM_I_FT_END
};

/* The right operand of a binary operation or comparison, in the high
   bits of its byte: on the stack (ON_STACK), or fused into it, a local
   (ON_LOCAL, 2 bytes of slot) or a flonum constant (ON_FLONUM, 8
   bytes): one dispatch fewer.  */
#define SCM_I_FT_ON_STACK 0
#define SCM_I_FT_ON_LOCAL 0x10
#define SCM_I_FT_ON_FLONUM 0x20
#define SCM_I_FT_ON_REG 0x30     /* SLOT and REG, as SCM_I_FT_REG's */
#define SCM_I_FT_ON_MASK 0x30
/* On + - * / whose right operand is ON_REG: the left one is a register
   too (its SLOT and REG before the right's), not the stack's top: a
   push fewer (x*x, x-y of a loop's registers).  */
#define SCM_I_FT_LEFT_REG 0x40
/* On + - * / of a loop's program (SCM_I_FT_LOOPS): the result is a
   let's binding, kept in register REG only, not pushed (its SLOT and
   REG after the operands, as SCM_I_FT_STORE's).  Its slot is written
   only when the program leaves (each let's comparison that does, and
   END), from the program's tail: the register of each binding of the
   program (SCM_I_FT_IN_FRAME for one that a STORE keeps in its slot),
   their count, and the first one's slot (2 bytes), the last bytes of
   the program.  A value with no immediate form gives up there, the
   ordinary code computing the let again; the loop's jump checks the
   values it moves into the parameters' slots as it encodes them.  */
#define SCM_I_FT_TO_REG 0x80
#define SCM_I_FT_IN_FRAME 0xff

/* A leaf that is an element of a vector: SCM_I_FT_VREF pushes
   (vector-ref fp[SLOT1] (+ fp[SLOT2] OFFSET)), SCM_I_FT_VREF_K
   (vector-ref fp[SLOT] K): the two slots or SLOT and K in the next 4
   bytes (each 2, LE), then OFFSET, a signed byte (0 for VREF_K).  A non-vector or an index out of range leaves the tree to
   its ordinary code, which raises vector-ref's error; an element of
   another kind than a flonum, as a local's would.  */
#define SCM_I_FT_VREF (SCM_I_FT_LOCAL | 0x40)
#define SCM_I_FT_VREF_K (SCM_I_FT_LOCAL | 0x50)

/* SCM_I_FT_LOCAL or SCM_I_FT_STORE that also keeps the value in the
   register of the byte after SLOT, for the program's later reads.  */
#define SCM_I_FT_SAVE 0x80
/* The same bit on a let's comparison: when false, the program goes on
   (past the count) to store the bindings of the let in the test's
   false branch; and on SCM_I_FT_END: to ELSE, where that let's pushes
   end, not THEN.  */
#define SCM_I_FT_GO_ON 0x80
#define SCM_I_FT_TO_ELSE 0x80
#define SCM_I_FT_MAX_REGS 16

/* A comparison that ends a let's program (after its STOREs), followed
   by the count of the bindings stored, as SCM_I_FT_END is.  */
#define SCM_I_FT_LET 0x40

/* The flags of the first byte: a guarded program; one with exact
   constants (the VM tracks exactness only then, or when a leaf is
   exact); one with vectors' elements.  */
#define SCM_I_FT_GUARDED 1
#define SCM_I_FT_EXACTS 2
/* A program with SCM_I_FT_VREF or SCM_I_FT_VREF_K leaves.  */
#define SCM_I_FT_ELEMENTS 4
/* A program with SCM_I_FT_LOOP and SCM_I_FT_LOADs (none with
   elements).  */
#define SCM_I_FT_LOOPS 8

/* The most operands on the program's stack at once.  */
#define SCM_I_FT_MAX_DEPTH 8

/* A let's program stores at most this many bindings, whose count is
   added to the address it goes to (a word's, whose low bits are 0):
   the instruction pushes that many slots.  */
#define SCM_I_FT_STORED_MASK 7
#define SCM_I_FT_MAX_STORES SCM_I_FT_STORED_MASK

/* A loop's jump back, before the END of a let whose body is the jump
   of a contified loop to its head (mbrot's count): when the VM has no
   poll pending (enter_limit), the program makes the jump itself, the
   new values of the loop's parameters moved into their slots, and the
   loop's head test made; when that test goes on into this program's
   let, the program runs again from its start without leaving to the
   VM.  Anything else (a poll, a step that is no fixnum or overflows, a
   test of other than fixnums, a test that leaves the loop) goes on to
   the END, nothing changed, the ordinary code then making the jump.
   One parameter is a step, a fixnum constant added to a local; the
   others are kept or copied from locals that the jump does not change
   (no parallel moves); the head test, if any, compares the step's new
   value with a local or a fixnum constant.  Its bytes: the count of
   the bytes after that count; the slot of the step's parameter and of
   its local (2 bytes each), the difference of the words (8 bytes,
   host order); the outcomes of the test that go on into the let, as
   bits (SCM_I_FT_IF_LESS & co, all three when the let is the loop's
   body); SCM_I_FT_COPY and the slot the step is compared with, or
   SCM_I_FT_FIXNUM and the constant's word (8 bytes, host order); the
   count of the parameters copied, then for each the slot it goes to
   and the slot it is copied from (2 bytes each), the register it goes
   to and the one it is copied from (a byte each; the spare register
   SCM_I_FT_MAX_REGS when the program loads none for it); the count of
   the parameters given a binding kept in a register (SCM_I_FT_TO_REG),
   then for each the slot it goes to (2 bytes), the register it goes
   to (or the spare one) and the binding's (a byte each); then where
   the program runs again, the offset of its first operation after its
   SCM_I_FT_LOADs (2 bytes), or 0 for its start.  */
#define SCM_I_FT_LOOP (SCM_I_FT_END | 0x10)
/* The first operations of a program that loops: the local fp[SLOT]
   decoded into register REG (SLOT, REG in the next 3 bytes), which the
   program's later reads take; a loop's jump that moves each changed
   parameter's register goes on past them.  */
#define SCM_I_FT_LOAD (SCM_I_FT_LOCAL | 0x20)
#define SCM_I_FT_MAX_LOOP_PARAMS 8
#define SCM_I_FT_COPY 1
#define SCM_I_FT_FIXNUM 2
#define SCM_I_FT_IF_LESS 1
#define SCM_I_FT_IF_EQUAL 2
#define SCM_I_FT_IF_GREATER 4

/* Where a FLO_TREE goes and the value it leaves in acc; IP NULL when
   its program does not compute the tree (the ordinary code does).  */
struct scm_i_flo_tree_result
{
  const scm_t_bits *ip;
  SCM acc;
};

struct scm_i_vm;

/* Run the FLO_TREE at IP over the frame FP of VM (vm/flo-tree.c).  */
SCM_INTERNAL struct scm_i_flo_tree_result
scm_i_flo_tree (SCM *fp, const scm_t_bits *ip, struct scm_i_vm *vm);

#endif /* SCM_FLO_TREE_INTERNAL_H */
