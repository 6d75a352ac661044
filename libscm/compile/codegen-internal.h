/* codegen-internal.h -- the code generator's state and the helpers
   that its files share (compile.c, calls.c, primitives.c, tests.c)
   SPDX-License-Identifier: LGPL-3.0-or-later

   One lambda is compiled into one `struct cg': its code, source map,
   locals' names and the stack depth tracked through the walk.  The
   emitters called at every instruction are static inline here, so
   that the split into files costs the compiler no calls.  */

#ifndef SCM_CODEGEN_INTERNAL_H
#define SCM_CODEGEN_INTERNAL_H

#include "runtime/scm-internal.h"
#include "expand/ast-internal.h"
#include "io/srcpos-internal.h"
#include "vm/vm-internal.h"

#include <string.h>
#include <libscm/throw.h>

/* Free slots that every frame keeps above its computed need: the slow
   path of an inline primitive pushes a frame header and its arguments
   (at most 3).  */
#define FRAME_SLACK 8

enum ctx { CTX_VALUE, CTX_TAIL, CTX_EFFECT };

/* The ordinary call of an inline copy made out of a tail, emitted
   after the procedure's body (calls.c, scm_i_emit_cold_calls).  */
struct scm_i_cold_call
{
  struct scm_i_node *call;
  enum ctx ctx;
  /* The label operand of the copy's INLINE_GUARD, and where the copy
     goes on: the ordinary call jumps back there.  */
  size_t guard, end;
  /* The stack's depth at the guard.  */
  long depth;
  /* The copy's record among the locals for a debugger, whose return
     address is the ordinary call's; -1 without one.  */
  long local;
  /* Where the copy's last instruction starts, if a PUSH after the
     copy may fuse with it (the copy has no other exit), else 0; once
     it has, PUSHED: the ordinary call pushes its value too.  LABELS:
     the cg's count of jump targets with the copy's own end, so that a
     PUSH where other jumps land too (an if's join) does not fuse.  */
  size_t fuse_at;
  int pushed;
  unsigned long labels;
};

struct cg
{
  scm_t_bits *code;
  size_t n, cap;
  struct scm_i_srcmap_entry *map;
  size_t nmap, mapcap;
  struct scm_i_lambda *lam;
  long depth, max_depth;
  SCM file;
  /* Where the last instruction starts, and the last jump target: a
     PUSH just before a FRAME fuses with it unless the FRAME is a
     target (scm_i_emit_frame); how many jump targets were noted.  */
  size_t last_op_at, label;
  unsigned long labels;
  /* Where the instruction before the last starts (emit_push fuses two
     FREF_PUSHes); equal to LAST_OP_AT when unknown.  */
  size_t prev_op_at;
  /* The names of the locals for a debugger, when DEBUG (not for the
     prelude, whose frames backtraces leave out).  */
  int debug;
  struct scm_i_local_entry *locals;
  size_t nlocals, loccap;
  /* Compiling the ordinary code of a FLO_TREE (flo-trees.c), which
     holds no other.  */
  int in_flo_tree;
  /* The test of the body of a let whose FLO_TREE computes it, and the
     index of that FLO_TREE's THEN operand, until the test is compiled
     (flo-trees.c).  */
  struct scm_i_node *flo_let_test;
  size_t flo_let_then;
  /* The let in the false branch of that test whose bindings the same
     program stores when the test is false, the index of the ELSE
     operand to patch at the end of its pushes, and the let whose
     program it is; while compiling those pushes, FLO_LET_GOES_ON.  */
  struct scm_i_node *flo_let_next, *flo_let_owner;
  size_t flo_let_else;
  int flo_let_goes_on;
  /* Unchecked self calls emitted (GSELFCALL_U & co): the code gets
     SCM_I_CODE_FLAG_SELF_U.  */
  int self_u;
  /* 1 + the index of the last source map entry if another noted at its
     word replaces it (scm_i_add_position), else 0.  */
  size_t weak_position;
  /* The ordinary calls of the inline copies, to emit after the body.  */
  struct scm_i_cold_call *cold;
  size_t ncold, coldcap;
};

static inline void
emit (struct cg *g, scm_t_bits w)
{
  if (g->n == g->cap)
    {
      size_t cap = g->cap ? 2 * g->cap : 16;
      scm_t_bits *c = scm_i_alloc (cap * sizeof *c);
      if (g->n)
        memcpy (c, g->code, g->n * sizeof *c);
      g->code = c;
      g->cap = cap;
    }
  g->code[g->n++] = w;
}

static inline void
emit_op (struct cg *g, enum scm_i_opcode op)
{
  g->prev_op_at = g->last_op_at;
  g->last_op_at = g->n;
  emit (g, op);
}
static inline void emit_scm (struct cg *g, SCM x) { emit (g, SCM_UNPACK (x)); }

static inline void
adjust_depth (struct cg *g, long delta)
{
  g->depth += delta;
  if (g->depth > g->max_depth)
    g->max_depth = g->depth;
}

/* Emit a jump-like instruction whose target is patched later; return
   the index of its operand.  */
static inline size_t
emit_jump (struct cg *g, enum scm_i_opcode op)
{
  emit_op (g, op);
  emit (g, 0);
  return g->n - 1;
}

/* Note that a jump lands at the next word.  */
static inline void
mark_label (struct cg *g)
{
  g->label = g->n;
  g->labels++;
}

static inline void
patch_here (struct cg *g, size_t at)
{
  g->code[at] = g->n;
  mark_label (g);
}

static inline size_t
free_index (struct scm_i_lambda *l, struct scm_i_var *v)
{
  for (size_t i = 0; i < l->nfree; i++)
    if (l->free[i] == v)
      return i;
  scm_fatal ("compiler: variable not among the free variables");
}

/* RETURN in a tail context; LREF_RETURN, CONST_RETURN, LT_LL_RETURN,
   EQ_LG_RETURN or CONS_RETURN in place of an LREF, CONST, LT_LL, EQ_LG
   or CONS just before it that no jump lands after (a procedure whose
   value is a local, a constant, a sort's (< a b), a test (eq? n none)
   or a pair it makes: one dispatch fewer; SCM_I_FOR_EACH_RETURN_FORM
   lists them).  */
static inline void
finish (struct cg *g, enum ctx ctx)
{
  if (ctx != CTX_TAIL)
    return;
  size_t at = g->last_op_at;
  int fused = g->n > 0 && g->label != g->n
    ? scm_i_return_form_of ((int) g->code[at]) : 0;
  if (fused != 0 && at + 1 + scm_i_op_operands[g->code[at]] == g->n)
    g->code[at] = fused;
  else
    emit_op (g, SCM_OP_RETURN);
}

/* Nonzero if V refers to the running closure of its lambda in the
   frame being compiled or in a lambda inside it (scm_i_note_self):
   there V is that closure, SELF_REF in the lambda's own frame, a plain
   free value inside, even if a later lambda outside boxed V.  */
static inline int
self_valued (struct cg *g, struct scm_i_var *v)
{
  return v->self_ref && scm_i_lambda_within (g->lam, v->self);
}

static inline int
is_fixnum_const (struct scm_i_node *n)
{
  return n->kind == SCM_I_N_CONST && SCM_FIXNUM_P (n->value);
}

/* A local read straight from its slot, with no box and no check.  */
static inline int
is_plain_local (struct cg *g, struct scm_i_node *n)
{
  return n->kind == SCM_I_N_LREF && scm_i_frame_of (n->var->owner) == g->lam
    && !scm_i_var_boxed (n->var) && !n->var->maybe_unset;
}

/* Nonzero if N reads a variable of an enclosing frame that is a plain
   free value of the lambda being compiled (FREF, no box).  */
static inline int
is_plain_free (struct cg *g, struct scm_i_node *n)
{
  return n->kind == SCM_I_N_LREF && scm_i_frame_of (n->var->owner) != g->lam
    && !self_valued (g, n->var) && !scm_i_var_boxed (n->var);
}

/* ---- compile.c: emission, locals' names, operands, the walk ---- */

/* Append E to G's source map.  */
/* ARRAY (of N elements of SIZE bytes, room for *CAP) with room for one
   more: a copy twice as big (or of FIRST) if it is full, pointer-free
   if ATOMIC.  */
SCM_INTERNAL void *scm_i_room_for_one (void *array, size_t n, size_t *cap,
                                       size_t size, size_t first,
                                       int atomic);
SCM_INTERNAL void scm_i_add_position (struct cg *g,
                                      struct scm_i_srcmap_entry e);

/* V's value is in slot SLOT (with FLAGS) from the next instruction on,
   until scm_i_end_local (G, the index returned).  */
SCM_INTERNAL size_t scm_i_begin_local (struct cg *g, struct scm_i_var *v,
                                       uint32_t slot, uint32_t flags);

/* Record for a debugger the copy of CALLEE's body over words START to
   END, its parameters in the caller's slots SLOTS (NARGS of them), the
   ordinary call returning at word RET (a tail call if TAIL): see
   SCM_I_LOCAL_INLINE (vm/code-internal.h).  */
SCM_INTERNAL void scm_i_note_inline_copy (struct cg *g, SCM callee,
                                          size_t start, size_t end,
                                          size_t ret, int tail,
                                          const scm_t_bits *slots,
                                          size_t nargs);

/* Local I (scm_i_begin_local's index) is dead from the next
   instruction on.  */
SCM_INTERNAL void scm_i_end_local (struct cg *g, size_t i);
/* Note that words START to END run where word AT is in the source
   (code placed apart: scm_i_emit_cold_calls), so that a debugger finds
   there the locals live at AT (SCM_I_LOCAL_COLD).  */
SCM_INTERNAL void scm_i_note_cold_code (struct cg *g, size_t at,
                                        size_t start, size_t end);

/* Map the next instruction to the position of WHERE, if it has one.  */
SCM_INTERNAL void scm_i_note_position (struct cg *g, SCM where);
/* The same for the word at OFFSET, at or after the last one noted (a
   fused instruction that takes over one already emitted).  */
SCM_INTERNAL void scm_i_note_position_at (struct cg *g, SCM where,
                                          size_t offset);
/* Rewrite the PUSH just emitted (no jump landing after it, no
   position noted for it) as OP, the push and the next instruction in
   one, with WHERE's position (none if #f); its operands follow.  1 if done; 0,
   changing nothing, when the last instruction is no such PUSH.  */
SCM_INTERNAL int scm_i_fuse_after_push (struct cg *g, SCM where,
                                        enum scm_i_opcode op);

/* inline-copy.c: emit the copy of words [START, END) of CODE, the body
   that scm_i_inline_body accepted with TAILS, its parameters in
   SLOTS, for a call in a tail (TAIL) or not; out of a tail, the label
   operands of its jumps to the end go in EXITS (their number
   returned), those of its tail calls' frames in RETS (*NRETS), for
   the caller to patch.  */
struct scm_i_inline_tails;
SCM_INTERNAL size_t scm_i_emit_body_copy (struct cg *g, SCM code, size_t start,
                                          size_t end, const scm_t_bits *slots,
                                          int tail,
                                          const struct scm_i_inline_tails *tails,
                                          size_t *exits, size_t *rets,
                                          size_t *nrets);

/* DROP COUNT, merged into a DROP just before it that no jump lands
   after: the nested lets of a let* end in one.  */
SCM_INTERNAL void scm_i_emit_drop (struct cg *g, size_t count);

/* FRAME, whose return address is patched later (its operand's index
   returned); PUSH_FRAME when it follows a PUSH that no jump lands
   between.  */
SCM_INTERNAL size_t scm_i_emit_frame (struct cg *g);

/* A chain of jump operands to patch with one target: 0 if empty, else
   the index of the last one plus 1; each operand holds the chain of
   the ones before it (an operand emitted as 0 ends it).  */
SCM_INTERNAL void scm_i_patch_chain (struct cg *g, size_t chain);

/* Chains A and B as one: the longer goes after the end of the
   shorter, found by walking both in step, so that a test made of a
   long chain of tests (a wide cond or or in a test position) joins in
   time linear in the short one, not quadratic in all.  The order of
   a chain does not matter: every jump in it goes to one place.  */
SCM_INTERNAL size_t scm_i_join_chains (struct cg *g, size_t a, size_t b);

/* OP with inline call N's variable and the slot of plain local L as
   its first operands, after keeping the stack up to TOP for its slow
   path.  */
SCM_INTERNAL void scm_i_emit_op_on_slot (struct cg *g, struct scm_i_node *n,
                                         enum scm_i_opcode op,
                                         struct scm_i_node *l, long top);
/* (vector-ref global local), call N, as OP (VREF_GL or VREF_GL_PUSH),
   TOP the depth its slow path may reach.  */
SCM_INTERNAL void scm_i_emit_vref_gl (struct cg *g, struct scm_i_node *n,
                                      enum scm_i_opcode op, long top);
/* (vector-ref global i), call N, as VREF_G: i already in acc.  */
SCM_INTERNAL void scm_i_emit_vref_g (struct cg *g, struct scm_i_node *n);

/* A's value pushed: a constant, a plain local or a fused read (of a
   sum, a car, a vector element...) in one instruction when it can be,
   else A compiled and its value pushed.  */
SCM_INTERNAL void scm_i_push_value (struct cg *g, struct scm_i_node *a);

/* The N nodes at ARGS pushed in order (scm_i_push_value).  */
SCM_INTERNAL void scm_i_push_args (struct cg *g, struct scm_i_node **args,
                                   size_t n);

/* Node N compiled in context CTX: its value in acc (CTX_VALUE),
   returned (CTX_TAIL) or dropped (CTX_EFFECT).  The walk's dispatch,
   on more C stack when the tree is deep.  */
SCM_INTERNAL void scm_i_compile_node (struct cg *g, struct scm_i_node *n,
                                      enum ctx ctx);

/* ---- calls.c: calls ---- */

/* OP, a global self call of N, or its unchecked twin when the
   lambda's closure is stored in the variable it calls as soon as it
   is made (calls.c).  */
SCM_INTERNAL enum scm_i_opcode scm_i_self_call_op (struct cg *g,
                                                   struct scm_i_node *n,
                                                   enum scm_i_opcode op);

/* ---- self-steps.c ---- */

/* Self tail call N of two arguments, (cdr local) and (+ local K) or
   (- local K) with the core's primitives, as one GSELFTAILCALL_CDR_K
   (or its twin); 0, emitting nothing, for any other call.  */
SCM_INTERNAL int scm_i_compile_self_cdr_k (struct cg *g,
                                           struct scm_i_node *n);

/* A vector of the values of the N nodes at ARGS if all are constants,
   else #f: a constructor's fields (KREC_MAKE_K, REC_MAKE_K).  */
SCM_INTERNAL SCM scm_i_constants_vector (struct scm_i_node **args, size_t n);

/* (symbol? x) & co as a test: BRL_TYPEP of a plain local, else x's
   code and BR_TYPEP; the index of the jump's operand (0 if TEST is
   no such call).  */
SCM_INTERNAL size_t scm_i_compile_type_test (struct cg *g,
                                             struct scm_i_node *test);

/* If N is the chain of ifs that a case on a local makes, with at
   least three data that eq? compares, N compiled in context CTX as
   CASE_EQ and the clauses' bodies, and 1; else 0, nothing emitted
   (case-dispatch.c).  */
SCM_INTERNAL int scm_i_compile_case_dispatch (struct cg *g,
                                              struct scm_i_node *n,
                                              enum ctx ctx);

/* The copied body of leaf call TEST when it needs no binding, compiled
   as a test, or 0 (nothing emitted) if it is no such call.  */
SCM_INTERNAL int scm_i_compile_leaf_test (struct cg *g,
                                          struct scm_i_node *test,
                                          size_t *chain);

/* Call N in context CTX: the first of the special forms of call that
   fits (type predicate, subr, record procedure, inline body, keyword
   procedure, sum, list, vector, leaf), a contified procedure's entry
   or jump, a self tail call's loop, else an ordinary call.  */
SCM_INTERNAL void scm_i_compile_call (struct cg *g, struct scm_i_node *n,
                                      enum ctx ctx);
/* Emit the ordinary calls of the inline copies made out of a tail
   (calls.c), after the body, each jumping back where its copy goes
   on.  */
SCM_INTERNAL void scm_i_emit_cold_calls (struct cg *g);
/* Fuse a PUSH to be emitted now with the last instruction of the
   inline copy that ends here, whose ordinary call then pushes too
   (calls.c); nonzero if it did, and nothing is to be emitted.  */
SCM_INTERNAL int scm_i_fuse_cold_push (struct cg *g);

/* The contified loop that call N jumps to (a jump, not its entry),
   or NULL: a loop form's (flo-trees.c).  */
SCM_INTERNAL struct scm_i_lambda *scm_i_loop_jump_target (struct cg *g,
                                                          struct scm_i_node *n);

/* ---- primitives.c: inline primitives ---- */

/* Compile the operands of inline primitive N: all but the last pushed,
   the last in acc; keep room for the slow path's frame, arguments and
   branch addresses.  */
SCM_INTERNAL void scm_i_prim_operands (struct cg *g, struct scm_i_node *n);

/* Inline primitive N in context CTX: its guarded instruction, fused
   with its operands where one form fits, or its fallback call when
   the program assigns what the inline form assumed.  */
SCM_INTERNAL void scm_i_compile_prim (struct cg *g, struct scm_i_node *n,
                                      enum ctx ctx);

/* Replace each guarded instruction of G's code whose variable is
   private by its unguarded twin: the guard could never fail (sum's
   loop, 4 instructions, 9 machine instructions fewer a turn).  */
SCM_INTERNAL void scm_i_unguard_fixed_primitives (struct cg *g);

/* loop-steps.c: loop jump N to PARAMS (in slots from BASE; the loop's
   head at HEAD) as one STEP_ADDK & co when its changed arguments are
   steps of their own parameters, and 1; else 0, emitting nothing.  */
SCM_INTERNAL int scm_i_compile_loop_step (struct cg *g, struct scm_i_node *n,
                                          struct scm_i_var **params,
                                          long base, size_t head);

/* loop-steps.c: give each fused loop step (STEP_ADDK_BR & co) the address
   of its body, the target of the test at its loop's head, once every
   label is placed.  */
SCM_INTERNAL void scm_i_finish_loop_steps (struct cg *g);

/* loop-steps.c: the fixnums x for which (OP x K) holds, OP one of = < > <=
   >=, as the word of the least, *LO, and the width in words, *SPAN
   (STEP_ADDK_BR's and BRK_IN's operands), and 1; 0 when it holds of
   no fixnum or of all.  */
SCM_INTERNAL int scm_i_fixnum_test_range (enum scm_i_opcode op,
                                          scm_t_signed_bits k,
                                          scm_t_bits *lo, scm_t_bits *span);


/* ---- flo-trees.c: nested flonum arithmetic in one instruction ---- */

/* Whether N's value is likely a flonum: a flonum constant, a local
   bound to one, arithmetic of one, a call of inexact or of a
   transcendental function, or an if of which a branch is one.  Only a
   guess, which decides what compiles to a FLO_TREE.  */
SCM_INTERNAL int scm_i_flonum_hint (struct scm_i_node *n);

/* Whether N is a tree of arithmetic that scm_i_compile_flo_tree takes.  */
SCM_INTERNAL int scm_i_flo_tree_p (struct cg *g, struct scm_i_node *n);

/* N, a tree of + - * / over plain locals and numeric constants, as a
   FLO_TREE and its ordinary code, in context CTX; 0 (nothing emitted)
   if N is no such tree or too small to gain.  */
SCM_INTERNAL int scm_i_compile_flo_tree (struct cg *g, struct scm_i_node *n,
                                         enum ctx ctx);

/* The same for TEST, a comparison of two such trees as a test: the
   chain of its false jumps in *CHAIN (scm_i_compile_test).  */
SCM_INTERNAL int scm_i_compile_flo_test (struct cg *g,
                                         struct scm_i_node *test,
                                         size_t *chain);

/* LET N's FLO_TREE, before its bindings' ordinary code (compiled
   with no trees of their own): a program that stores the bindings in
   their slots, and computes the test of the let's body when it is a
   comparison.  The index of its THEN operand, or 0 (nothing emitted)
   when the bindings are not flonum arithmetic worth it.  The bindings
   must have no box.  */
SCM_INTERNAL size_t scm_i_begin_flo_let (struct cg *g, struct scm_i_node *n);

/* After the bindings' ordinary code of the let's FLO_TREE whose THEN
   operand is at index THEN: THEN is here, or, when the program
   computes the test of the let's body, where that test's ordinary
   code ends.  */
SCM_INTERNAL void scm_i_end_flo_let (struct cg *g, size_t then);

/* After the body of LET N, whose FLO_TREE's THEN operand
   scm_i_begin_flo_let gave at index THEN: an internal error if a
   label of that FLO_TREE was never patched (its test, or the let it
   goes on into, never compiled).  */
SCM_INTERNAL void scm_i_finish_flo_let (struct cg *g, struct scm_i_node *n,
                                        size_t then);

/* ---- tests.c: tests and branches ---- */

/* The number of nots around TEST that are the private variable's (a
   binding that cannot change: an R7RS program's, a library's): an
   (if (not X) B C) is compiled as (if X C B), X's own fused test and
   branch, with no BRN_ or BRLN_ guard and no push of X's operands
   (tak's (not (< y x)): 26 machine instructions to 12).  */
SCM_INTERNAL unsigned scm_i_fixed_nots (struct scm_i_node *test);

/* The node inside K nested one-operand nodes around N.  */
static inline struct scm_i_node *
scm_i_nth_operand (struct scm_i_node *n, unsigned k)
{
  for (; k > 0; k--)
    n = n->args[0];
  return n;
}

/* IF_NULL when T is (null? local), IF_PAIR when it is (pair? local),
   the local a plain one; else SCM_OP_COUNT.  */
SCM_INTERNAL enum scm_i_opcode scm_i_local_type_op (struct cg *g,
                                                    struct scm_i_node *t,
                                                    enum scm_i_opcode if_null,
                                                    enum scm_i_opcode if_pair);

/* Nonzero if N is what `or' makes of (or A B ...): (let ((t A)) (if t
   t REST)), its temporary read nowhere else.  */
SCM_INTERNAL int scm_i_is_or_let (struct scm_i_node *n);

/* Compile TEST so that control falls through when it is true; return
   the chain of the jumps taken when it is false (scm_i_patch_chain).  */
SCM_INTERNAL size_t scm_i_compile_test (struct cg *g, struct scm_i_node *test);

#endif /* SCM_CODEGEN_INTERNAL_H */
