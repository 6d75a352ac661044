/* calls.c -- the compiler's calls: ordinary, self and known calls,
   contified loops, and the calls it makes inline or direct (record
   procedures, small procedures, keyword procedures, type predicates,
   subrs, leaves)
   SPDX-License-Identifier: LGPL-3.0-or-later

   Each call site is compiled by scm_i_compile_call, which tries the
   special forms of call in turn and falls back to an ordinary call
   (FRAME, the operator and arguments pushed, CALL).  */

#include "runtime/scm-internal.h"
#include "compile/compile-internal.h"
#include "compile/inline-internal.h"
#include "compile/codegen-internal.h"
#include "expand/expand-internal.h"

#include <libscm/bytevectors.h>
#include <libscm/eq.h>
#include <libscm/keywords.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>

/* Where a self tail call jumps: just after ENTER and its operand.  */
#define ENTRY_LOOP_OFFSET SCM_I_ENTER_WORDS

/* The lambda whose closure V always holds when it is read, unless the
   program assigns V: V's if V is a variable of a fix or a body's
   definition bound once (each set before it can be read), the one a
   LET binds V to, or NULL.  */
static struct scm_i_lambda *
defined_lambda (struct scm_i_var *v)
{
  return v->fixed || v->bound_once ? v->self : v->known;
}

/* Nonzero if call N's operator is always a closure of a lambda of
   N->nargs parameters and no rest: a variable of a fix or a definition
   bound once, never assigned, a lambda's own variable read inside it
   (the running closure), or a variable that a LET binds to a lambda
   and the program never assigns.  */
static int
known_callee (struct cg *g, struct scm_i_node *n)
{
  struct scm_i_node *op = n->a;
  if (op->kind != SCM_I_N_LREF)
    return 0;
  struct scm_i_var *v = op->var;
  struct scm_i_lambda *l = self_valued (g, v) ? v->self : defined_lambda (v);
  return l != NULL && !v->user_assigned && !l->rest && l->nreq == n->nargs;
}

/* Nonzero if call N, of a global, calls the procedure's own name (a
   recursive top-level definition) with its arity: the instruction
   checks that the global holds the running closure.  */
static int
is_global_self_call (struct cg *g, struct scm_i_node *n)
{
  return n->a->kind == SCM_I_N_GREF && scm_is_eq (g->lam->name, n->a->sym)
    && !g->lam->rest && g->lam->nreq == n->nargs;
}

/* OP, a global self call of N (is_global_self_call), or its unchecked
   twin when the lambda's closure is stored in the variable it calls as
   soon as it is made (compile_global): then the variable holds the
   running closure whenever the code runs, until something stores
   another value, and scm_i_variable_store turns the twins back into OP
   (vm-internal.h).  Not in the prelude, whose code the image keeps.  */
enum scm_i_opcode
scm_i_self_call_op (struct cg *g, struct scm_i_node *n, enum scm_i_opcode op)
{
  if (g->lam->stored_in == 0 || !scm_is_eq (g->lam->stored_in, n->a->value)
      || scm_i_prelude_mode ())
    return op;
  g->self_u = 1;
  switch (op)
    {
    case SCM_OP_GSELFCALL: return SCM_OP_GSELFCALL_U;
    case SCM_OP_GSELFCALL_L2: return SCM_OP_GSELFCALL_L2_U;
    case SCM_OP_GSELFCALL1: return SCM_OP_GSELFCALL1_U;
    case SCM_OP_GSELFCALL1_L2: return SCM_OP_GSELFCALL1_L2_U;
    case SCM_OP_GSELFCALL_LA: return SCM_OP_GSELFCALL_LA_U;
    case SCM_OP_GSELFTAILCALL1: return SCM_OP_GSELFTAILCALL1_U;
    case SCM_OP_GSELFTAILCALL2: return SCM_OP_GSELFTAILCALL2_U;
    case SCM_OP_GSELFTAILCALL3: return SCM_OP_GSELFTAILCALL3_U;
    case SCM_OP_GSELFTAILCALL_CDR2: return SCM_OP_GSELFTAILCALL_CDR2_U;
    case SCM_OP_GSELFTAILCALL_WALK2: return SCM_OP_GSELFTAILCALL_WALK2_U;
    case SCM_OP_GSELFTAILCALL_CDR_K: return SCM_OP_GSELFTAILCALL_CDR_K_U;
    case SCM_OP_GSELFTAILCALL_CDR_K_LOOP:
      return SCM_OP_GSELFTAILCALL_CDR_K_LOOP_U;
    default: return op;
    }
}

/* Whether the last instruction emitted is OP with K slot operands (an
   LREF_PUSH or LREF_PUSH2) that no jump lands after: taken back, its
   slots in SLOTS, for the call that follows to read them itself.  */
static int
take_back_push (struct cg *g, scm_t_bits op, size_t k, scm_t_bits *slots)
{
  if (g->n < k + 1 || g->last_op_at != g->n - k - 1
      || g->code[g->n - k - 1] != op || g->label == g->n)
    return 0;
  for (size_t i = 0; i < k; i++)
    slots[i] = g->code[g->n - k + i];
  g->n -= k + 1;
  return 1;
}

/* Emit the call of the procedure in acc, or of global OP directly.  */
static void
emit_call (struct cg *g, struct scm_i_node *n, int tail)
{
  if (n->a->kind == SCM_I_N_GREF)
    {
      int self = is_global_self_call (g, n);
      scm_t_bits slots[2];
      int l2 = self && !tail
               && take_back_push (g, SCM_OP_LREF_PUSH2, 2, slots);
      scm_i_note_position (g, n->where);
      emit_op (g, tail ? (self ? SCM_OP_GSELFTAILCALL : SCM_OP_GTAILCALL)
               : l2 ? scm_i_self_call_op (g, n, SCM_OP_GSELFCALL_L2)
               : self ? scm_i_self_call_op (g, n, SCM_OP_GSELFCALL)
               : SCM_OP_GCALL);
      emit_scm (g, n->a->value);
      emit_scm (g, n->a->sym);
      emit (g, n->nargs);
      if (self && tail)
        emit (g, ENTRY_LOOP_OFFSET);    /* after ENTER */
      else if (self)
        {
          emit (g, ENTRY_LOOP_OFFSET);  /* after ENTER */
          emit (g, 0);          /* ENTER's operand: finish_self_calls */
        }
      if (l2)
        {
          emit (g, slots[0]);
          emit (g, slots[1]);
        }
      return;
    }
  int known = known_callee (g, n);
  if (known && (is_plain_free (g, n->a)
                || (n->a->kind == SCM_I_N_LREF && self_valued (g, n->a->var)
                    && n->a->var->self != g->lam)))
    {
      /* The operator read by the call itself: a free value, or the
         closure of an enclosing lambda that refers to itself, which
         compile_self_valued reads as a free value too (cpstak's
         continuations calling tak).  */
      scm_i_note_position (g, n->where);
      emit_op (g, tail ? SCM_OP_FKTAILCALL : SCM_OP_FKCALL);
      emit (g, free_index (g->lam, n->a->var));
      emit (g, n->nargs);
      return;
    }
  if (!known && is_plain_local (g, n->a))
    {
      /* A procedure in a local (an argument): read by the call.  */
      scm_t_bits arg;
      if ((tail ? n->nargs == 1 : n->nargs >= 1)
          && take_back_push (g, SCM_OP_LREF_PUSH, 1, &arg))
        {
          /* (k x), or not in a tail (less? y x), of a plain local x:
             the call reads it too.  */
          scm_i_note_position (g, n->where);
          emit_op (g, tail ? SCM_OP_LTAILCALL1_L : SCM_OP_LCALL_L);
          emit (g, n->a->var->slot);
          if (!tail)
            emit (g, n->nargs);
          emit (g, arg);
          return;
        }
      scm_i_note_position (g, n->where);
      emit_op (g, tail ? SCM_OP_LTAILCALL : SCM_OP_LCALL);
      emit (g, n->a->var->slot);
      emit (g, n->nargs);
      return;
    }
  if (!known && is_plain_free (g, n->a))
    {
      /* A procedure in a free value (one the enclosing procedure was
         passed): read by the call.  */
      scm_i_note_position (g, n->where);
      emit_op (g, tail ? SCM_OP_FTAILCALL : SCM_OP_FCALL);
      emit (g, free_index (g->lam, n->a->var));
      emit (g, n->nargs);
      return;
    }
  scm_i_compile_node (g, n->a, CTX_VALUE);
  scm_i_note_position (g, n->where);
  if (known)
    emit_op (g, tail ? SCM_OP_KTAILCALL : SCM_OP_KCALL);
  else
    emit_op (g, tail ? SCM_OP_TAILCALL : SCM_OP_CALL);
  emit (g, n->nargs);
}

/* Nonzero if call N calls the lambda being compiled, through a
   variable bound to it that the program never assigns, with as many
   arguments as it has parameters.  */
static int
is_self_call (struct cg *g, struct scm_i_node *n)
{
  struct scm_i_node *op = n->a;
  return op->kind == SCM_I_N_LREF && op->var->self == g->lam
    && !op->var->user_assigned && !g->lam->rest
    && g->lam->nreq == n->nargs;
}

/* The contified lambda that call N enters or jumps to, or NULL.  */
static struct scm_i_lambda *
contified_callee (struct cg *g, struct scm_i_node *n)
{
  struct scm_i_node *op = n->a;
  struct scm_i_lambda *l = NULL;
  if (op->kind == SCM_I_N_LREF)
    l = op->var->self;
  else if (op->kind == SCM_I_N_LET && op->nargs == 1)
    l = op->vars[0]->self;      /* a named let's operator */
  if (l == NULL || l->host != g->lam
      || (op->kind == SCM_I_N_LET && l->c_entry != n))
    return NULL;
  return l;
}

struct scm_i_lambda *
scm_i_loop_jump_target (struct cg *g, struct scm_i_node *n)
{
  struct scm_i_lambda *l = n->kind == SCM_I_N_CALL
    ? contified_callee (g, n) : NULL;
  /* As scm_i_compile_call tells an entry from a jump.  */
  if (l == NULL || (l->c_shared ? !l->c_placed : l->c_entry == n)
      || l->rest || l->nreq != n->nargs)
    return NULL;
  return l;
}

/* The entry of contified L: its arguments pushed become its
   parameters, and its body follows, in context CTX.  */
static void
compile_contified_entry (struct cg *g, struct scm_i_node *n,
                         struct scm_i_lambda *l, enum ctx ctx)
{
  long base = g->depth;
  scm_i_push_args (g, n->args, n->nargs);
  for (size_t i = 0; i < n->nargs; i++)
    l->params[i]->slot = (int) (base + (long) i);
  l->c_base = base;
  l->c_head = g->n;
  l->c_placed = 1;
  mark_label (g);               /* the loop's jumps land here */
  for (size_t i = 0; i < n->nargs; i++)
    if (scm_i_var_boxed (l->params[i]))
      {
        emit_op (g, SCM_OP_BOX);
        emit (g, l->params[i]->slot);
      }
  size_t first = g->nlocals;
  for (size_t i = 0; i < n->nargs; i++)
    scm_i_begin_local (g, l->params[i], (uint32_t) l->params[i]->slot, 0);
  scm_i_compile_node (g, l->body, ctx);
  for (size_t i = 0; i < n->nargs; i++)
    scm_i_end_local (g, first + i);
  if (ctx != CTX_TAIL && n->nargs > 0)
    scm_i_emit_drop (g, n->nargs);
  adjust_depth (g, -(long) n->nargs);
}

/* The last COUNT arguments of call N (at least one), the last in acc,
   as args_last_in_acc pushes them all.  */
static void
last_args_in_acc (struct cg *g, struct scm_i_node *n, size_t count)
{
  scm_i_push_args (g, n->args + (n->nargs - count), count - 1);
  scm_i_compile_node (g, n->args[n->nargs - 1], CTX_VALUE);
  adjust_depth (g, 1);
  scm_i_note_position (g, n->where);
}

/* The arguments of call N (at least one) before a self tail call that
   takes the last in acc: no PUSH, and its _PUSH forms (ADDLK_PUSH,
   VREF_L_PUSH) need not be.  The depth counts it as pushed.  */
static void
args_last_in_acc (struct cg *g, struct scm_i_node *n)
{
  last_args_in_acc (g, n, n->nargs);
}

/* How many of the first arguments of loop jump N pass PARAMS (in slots
   from BASE) their own values: plain, unboxed locals, which the jump
   need neither push nor move (nqueens' (ok? row (+ dist 1) (cdr
   placed)) moved row onto itself each turn).  */
static size_t
unchanged_prefix (struct cg *g, struct scm_i_node *n,
                  struct scm_i_var **params, long base)
{
  size_t i = 0;
  while (i < n->nargs && is_plain_local (g, n->args[i])
         && n->args[i]->var == params[i]
         && params[i]->slot == base + (long) i)
    i++;
  return i;
}

/* Whether the last two arguments of loop jump N, whose COUNT changed
   ones they must be, are each (cdr p) of their own parameter p of
   PARAMS (in slots from BASE), with the core's cdr: SELF_TAILCALL_CDR2
   makes them in place.  (One such cdr stays CDR_L and SELF_TAILCALL1,
   fewer machine instructions than a jump that tests its count.)  */
static int
own_cdrs (struct cg *g, struct scm_i_node *n, struct scm_i_var **params,
          long base, size_t count)
{
  if (count != 2)
    return 0;
  for (size_t i = n->nargs - count; i < n->nargs; i++)
    {
      struct scm_i_node *a = n->args[i];
      if (a->kind != SCM_I_N_PRIM || a->op != SCM_OP_CDR || a->nargs != 1
          || !scm_is_eq (a->value, scm_i_private_variable (SCM_OP_CDR))
          || !is_plain_local (g, a->args[0]) || a->args[0]->var != params[i]
          || params[i]->slot != base + (long) i)
        return 0;
    }
  return 1;
}

/* A jump of the arguments to PARAMS, the parameters of contified L (or
   of the lambda being compiled, from BASE 0), with an interrupt
   check.  The arguments after an unchanged prefix are the only ones
   pushed and moved, to their parameters' slots from the prefix's
   end.  */
static void
compile_loop_jump (struct cg *g, struct scm_i_node *n,
                   struct scm_i_var **params, long base, size_t head)
{
  if (n->nargs > 0 && scm_i_compile_loop_step (g, n, params, base, head))
    return;
  size_t skip = unchanged_prefix (g, n, params, base);
  size_t count = n->nargs - skip;
  int cdrs = own_cdrs (g, n, params, base, count);
  int local = count == 1 && is_plain_local (g, n->args[n->nargs - 1]);
  if (count == 0 || cdrs || local)
    {
      /* Nothing pushed: the two cdrs made in place, or the one changed
         argument, a plain local, read by the jump.  */
      scm_i_note_position (g, n->where);
      emit_op (g, count == 0 ? SCM_OP_SELF_TAILCALL
               : cdrs ? SCM_OP_SELF_TAILCALL_CDR2 : SCM_OP_SELF_TAILCALL1_L);
      emit (g, count);
      emit (g, (scm_t_bits) base + skip);
      emit (g, head);
      if (local)
        emit (g, (scm_t_bits) n->args[n->nargs - 1]->var->slot);
      return;
    }
  last_args_in_acc (g, n, count);
  emit_op (g, count == 1 ? SCM_OP_SELF_TAILCALL1
           : count == 2 ? SCM_OP_SELF_TAILCALL2
           : SCM_OP_SELF_TAILCALL_ACC);
  emit (g, count);
  emit (g, (scm_t_bits) base + skip);
  emit (g, head);
  adjust_depth (g, -(long) count);
}

/* ------------------------------------------------------------------ */
/* Calls of record procedures.  A procedure that define-record-type
   made (derived.c) is a closure over the record type whose body is
   one record instruction on its parameters; read from its code, it
   lets a call of a global that holds it run that instruction inline
   (KREC_ACCESS, KREC_MAKE), with the type as a constant.  */

SCM
scm_i_constants_vector (struct scm_i_node **args, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (args[i]->kind != SCM_I_N_CONST)
      return SCM_BOOL_F;
  SCM fields = scm_c_make_vector (n, SCM_BOOL_F);
  for (size_t i = 0; i < n; i++)
    SCM_VECTOR_SET (fields, i, args[i]->value);
  return fields;
}

/* Constructor call N (described in RP) as KREC_MAKE_K when all its
   arguments are constants: make_known_record copies them from the
   instruction's vector ((make-node #f #f 0 0): four pushes fewer).
   0 if one is not.  */
static int
compile_constant_make (struct cg *g, struct scm_i_node *n,
                       const struct scm_i_record_proc *rp)
{
  SCM fields = scm_i_constants_vector (n->args, n->nargs);
  if (scm_is_false (fields))
    return 0;
  /* The slow path places the N, then a frame and the N again.  */
  if (g->depth + (long) (SCM_I_FRAME_HEADER + 2 * n->nargs) > g->max_depth)
    g->max_depth = g->depth + SCM_I_FRAME_HEADER + 2 * n->nargs;
  scm_i_note_position (g, n->where);
  emit_op (g, SCM_OP_KREC_MAKE_K);
  emit_scm (g, n->a->value);
  emit_scm (g, SCM_CELL_OBJECT (n->a->value, 1));
  emit_scm (g, rp->rtd);
  emit (g, n->nargs);
  emit_scm (g, fields);
  return 1;
}

/* A call of a global holding a record procedure: its instruction
   inline, guarded by the variable (its slow path calls whatever the
   variable holds, the procedure itself when the check of the record
   fails, so that it raises its own error).  0 if N is no such call.  */
static int
compile_record_call (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  struct scm_i_record_proc rp = { SCM_OP_COUNT, 0, SCM_BOOL_F, SCM_BOOL_F };
  if (n->a->kind != SCM_I_N_GREF
      || !scm_i_record_proc (SCM_CELL_OBJECT (n->a->value, 1), n->nargs, &rp))
    return 0;
  if (rp.op == SCM_OP_KREC_MAKE && compile_constant_make (g, n, &rp))
    {
      finish (g, ctx);
      return 1;
    }
  scm_i_prim_operands (g, n);
  scm_i_note_position (g, n->where);
  emit_op (g, rp.op != SCM_OP_KREC_ACCESS ? rp.op
           : rp.kind == SCM_I_KREC_SET ? SCM_OP_KREC_SET
           : rp.kind == SCM_I_KREC_REF ? SCM_OP_KREC_REF : rp.op);
  emit_scm (g, n->a->value);
  emit_scm (g, SCM_CELL_OBJECT (n->a->value, 1));
  emit_scm (g, rp.rtd);
  if (rp.op == SCM_OP_KREC_MAKE)
    emit (g, n->nargs);
  else
    {
      emit_scm (g, rp.k);
      emit (g, (scm_t_bits) rp.kind);
    }
  adjust_depth (g, -(long) (n->nargs - 1));
  finish (g, ctx);
  return 1;
}

/* ------------------------------------------------------------------ */
/* Calls of small procedures, inline.  A call of a global that holds
   a closure of as many parameters (at most INLINE_MAX_ARGS, no rest)
   and no free values, whose body is a few instructions that use no
   frame of their own but to read the parameters (new-leaf's
   (make-node #f #f 0 0): constants pushed and KREC_MAKE; a test's
   (eq? node any-node); an accessor's (vector-ref node 1)), runs a
   copy of those instructions in
   the caller's frame: no frame, no call, no return.  A parameter is
   read from the argument's own slot when the argument is a plain
   local, else from a slot the value is pushed to.  INLINE_GUARD
   before the copy jumps to an ordinary call when the variable holds
   anything else, so a redefinition or an assignment takes effect as
   for any call.  The copy is the callee's own code, guards and all: it
   does what the call would, less the frame.  The code's debug data
   records the copy (scm_i_note_inline_copy), from which a backtrace
   and the debugger show the callee's frame where an error raised in
   the copy found it (vm.c, scm_i_vm_annotate); a thread that steps
   takes the ordinary call, whose entry the stepper sees
   (INLINE_GUARD).  */

/* The call of N (of a global, no arguments) as any call makes it: a
   tail call, or a frame and a call.  */
static void
compile_plain_call (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  if (ctx == CTX_TAIL)
    {
      emit_call (g, n, 1);
      return;
    }
  size_t ret = scm_i_emit_frame (g);
  adjust_depth (g, SCM_I_FRAME_HEADER);
  emit_call (g, n, 0);
  patch_here (g, ret);
  adjust_depth (g, -(long) SCM_I_FRAME_HEADER);
}

/* Nonzero if the positions of CODE's instructions may be copied into
   G's source map: CODE has none, or they are in G's file; positions
   of no file only into code of none (in G's file they would be shown
   as its, where the call showed no file).  */
static int
same_file (struct cg *g, SCM code)
{
  SCM file = SCM_CELL_OBJECT (code, SCM_I_CODE_FILE);
  if (SCM_CELL_WORD (code, SCM_I_CODE_SRCMAP) == 0)
    return 1;
  if (scm_is_false (file))
    return scm_is_false (g->file);
  if (scm_is_false (g->file))
    g->file = file;
  return scm_is_equal (g->file, file);
}

/* INLINE_GUARD on the global that call N's operator reads, for the
   procedure it holds now; the index of its label operand, to patch
   where the ordinary call is.  */
static size_t
emit_global_guard (struct cg *g, struct scm_i_node *n)
{
  scm_i_note_position (g, n->where);
  emit_op (g, SCM_OP_INLINE_GUARD);
  emit_scm (g, n->a->value);
  emit_scm (g, SCM_CELL_OBJECT (n->a->value, 1));
  size_t guard = g->n;
  emit (g, 0);
  return guard;
}

/* The most arguments of a call made inline.  */
#define INLINE_MAX_ARGS 3

static void compile_ordinary_call (struct cg *g, struct scm_i_node *n,
                                   enum ctx ctx);
static size_t last_op_reached (struct cg *g, size_t start, size_t end);
static void defer_cold_call (struct cg *g, struct scm_i_node *n,
                             enum ctx ctx, size_t guard, long local,
                             size_t fuse_at);

/* Nonzero if P holds of every argument of N.  */
static int
every_arg (struct scm_i_node *n, int (*p) (struct scm_i_node *))
{
  for (size_t i = 0; i < n->nargs; i++)
    if (!p (n->args[i]))
      return 0;
  return 1;
}

/* Nonzero if argument A of a call made inline may be computed after
   the guard, which reads the global before the arguments are: A runs
   no code of the program that could assign the global (a constant, a
   variable, or a primitive that no program can rebind, of such
   arguments).  A is compiled twice, once on each path.  */
static int
inline_arg_p (struct scm_i_node *a)
{
  switch (a->kind)
    {
    case SCM_I_N_CONST: case SCM_I_N_LREF: case SCM_I_N_GREF:
      return 1;
    case SCM_I_N_PRIM:
      return a->fallback == NULL
        && scm_is_eq (a->value, scm_i_private_variable (a->op))
        && every_arg (a, inline_arg_p);
    default:
      return 0;
    }
}

/* The slots of call N's arguments for the copy of the callee's body,
   in SLOTS: a plain local's own slot, anything else pushed above the
   stack.  The number of values pushed.  */
static size_t
place_inline_args (struct cg *g, struct scm_i_node *n, scm_t_bits *slots)
{
  size_t pushed = 0;
  for (size_t i = 0; i < n->nargs; i++)
    if (is_plain_local (g, n->args[i]))
      slots[i] = n->args[i]->var->slot;
    else
      {
        slots[i] = g->depth;
        scm_i_push_value (g, n->args[i]);
        pushed++;
      }
  return pushed;
}

/* The bodies of one instruction and RETURN whose copy is one
   instruction with the guard: BODY, the body's instruction (of one
   SLOT, its parameter), and FUSED, the two in one.  */
static const struct { enum scm_i_opcode body, fused; } one_op_copies[] = {
  { SCM_OP_VREF_LK, SCM_OP_INLINE_VREF_LK },
  { SCM_OP_VREF_LK_U, SCM_OP_INLINE_VREF_LK },
  { SCM_OP_EQ_LG, SCM_OP_INLINE_EQ_LG },
  { SCM_OP_ADDLK, SCM_OP_INLINE_ADDLK },
  { SCM_OP_ADDLK_U, SCM_OP_INLINE_ADDLK },
  { SCM_OP_SUBLK, SCM_OP_INLINE_SUBLK },
  { SCM_OP_SUBLK_U, SCM_OP_INLINE_SUBLK },
};

/* Where the instruction of the body of PROC (words START to END of
   its code) starts, if that body is one of one_op_copies' of its one
   parameter, then RETURN; its opcode in *BODY, its fused form in
   *FUSED.  Else 0.  */
static size_t
one_op_body_at (SCM proc, size_t start, size_t end, int *body,
                enum scm_i_opcode *fused)
{
  const scm_t_bits *c = scm_i_code_entry (SCM_I_CLOSURE_CODE (proc));
  size_t i = start;
  unsigned nops;
  int op = scm_i_code_op_at (c, end, &i, &nops);
  /* A body (eq? p G) returns in its own instruction.  */
  int returns = scm_i_return_base_of (op) != 0;
  if (returns)
    op = scm_i_return_base_of (op);
  size_t k = 0, n = sizeof one_op_copies / sizeof one_op_copies[0];
  while (k < n && (int) one_op_copies[k].body != op)
    k++;
  if (k == n)
    return 0;
  for (unsigned j = 2; j <= nops; j++)
    if (scm_i_op_operand_kind (op, j) == SCM_I_OPK_SLOT && c[i + j] != 0)
      return 0;
  size_t at = i;
  i += 1 + nops;
  if (returns ? i != end
      : scm_i_code_op_at (c, end, &i, &nops) != SCM_OP_RETURN
        || i + 1 != end)
    return 0;
  *body = op;
  *fused = one_op_copies[k].fused;
  return at;
}

/* A call of a procedure of one parameter whose body is one
   instruction, called with a plain local: an accessor, (define (pt-x
   p) (vector-ref p 1)), a test, (define (any? n) (eq? n any)), a step,
   (define (succ n) (+ n 1)).
   The guard and the copy are one instruction (nucleic and ray of the
   r7rs suite: 85% of their INLINE_GUARDs were followed by an
   accessor's copy; conform: a third by such a test's): FUSED V VAR
   PROC ADDR and the body's other operands, V being the body's first
   (the variable of its primitive, whose guard comes first; vector-ref's
   is a twinned instruction, whose _U form scm_i_unguard_fixed_primitives
   takes where that variable cannot change), its SLOT the local's.  It
   never raises: whatever fails (VAR holds another procedure, the
   thread steps, the primitive would raise) takes the ordinary call,
   and the callee raises the error in its own frame.  So it has no
   copy to note in the debug data, and the callee's file does not
   matter (no position of its is copied).  0 if N is no such call.  */
static int
compile_one_op_copy (struct cg *g, struct scm_i_node *n, enum ctx ctx,
                     SCM proc, size_t start, size_t end)
{
  enum scm_i_opcode fused;
  int op;
  size_t at;
  if (n->nargs != 1 || !is_plain_local (g, n->args[0])
      || (at = one_op_body_at (proc, start, end, &op, &fused)) == 0)
    return 0;
  const scm_t_bits *c = scm_i_code_entry (SCM_I_CLOSURE_CODE (proc));
  size_t base = g->n;
  scm_i_note_position (g, n->where);
  emit_op (g, fused);
  emit (g, c[at + 1]);
  emit_scm (g, n->a->value);
  emit_scm (g, proc);
  size_t guard = g->n;
  emit (g, 0);
  for (unsigned j = 2; j <= scm_i_op_operands[op]; j++)
    emit (g, scm_i_op_operand_kind (op, j) == SCM_I_OPK_SLOT
          ? (scm_t_bits) n->args[0]->var->slot : c[at + j]);
  if (ctx == CTX_TAIL)
    emit_op (g, SCM_OP_RETURN);
  else if (!g->in_flo_tree)
    {
      /* The ordinary call after the body, as for the copies below; a
         PUSH that follows may fuse (INLINE_VREF_LK_PUSH).  */
      defer_cold_call (g, n, ctx, guard, -1, base);
      return 1;
    }
  size_t past = ctx == CTX_TAIL ? 0 : emit_jump (g, SCM_OP_JUMP);
  patch_here (g, guard);
  compile_ordinary_call (g, n, ctx);
  if (past != 0)
    patch_here (g, past);
  return 1;
}

/* Call N inline as above: the guard, the arguments placed, the copy
   of the body, the values pushed dropped, then past the ordinary
   call.  0 if N is no such call.  */
static int
compile_inline_call (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  size_t start, end, need;
  struct scm_i_inline_tails tails;
  if (n->a->kind != SCM_I_N_GREF || n->nargs > INLINE_MAX_ARGS
      || !every_arg (n, inline_arg_p))
    return 0;
  SCM proc = SCM_CELL_OBJECT (n->a->value, 1);
  if (!scm_i_inline_body (proc, n->nargs, &start, &end, &need, &tails))
    return 0;
  if (compile_one_op_copy (g, n, ctx, proc, start, end))
    return 1;
  if (!same_file (g, SCM_I_CLOSURE_CODE (proc)))
    return 0;
  /* Out of a tail, a tail call's frame too.  */
  if (ctx != CTX_TAIL && tails.n > 0)
    need += SCM_I_FRAME_HEADER;
  SCM code = SCM_I_CLOSURE_CODE (proc);
  size_t guard = emit_global_guard (g, n);
  /* The callee's need (its parameters and its stack), less the slack
     every frame keeps anyway.  */
  if (g->depth + (long) need - FRAME_SLACK > g->max_depth)
    g->max_depth = g->depth + (long) need - FRAME_SLACK;
  scm_t_bits slots[INLINE_MAX_ARGS] = { 0 };
  size_t pushed = place_inline_args (g, n, slots);
  /* The returns jump to the drop of the values pushed, or past the
     ordinary call with the copy's end.  */
  size_t exits[SCM_I_INLINE_MAX_WORDS + 1];
  size_t base = g->n;
  size_t rets[SCM_I_INLINE_MAX_TAILS], nrets;
  size_t nexits = scm_i_emit_body_copy (g, code, start, end, slots,
                                        ctx == CTX_TAIL, &tails, exits,
                                        rets, &nrets);
  size_t copy_end = g->n;
  /* Out of a tail, the ordinary call goes after the body, and the copy
     falls through to what follows the call.  It stays in place in a
     FLO_TREE's ordinary code, which holds no other, and after a copy
     with tail calls: their frames return past the copy, which must not
     be the word that follows it (a backtrace would show the copied
     procedure's frame, which the tail call replaced).  */
  int cold = ctx != CTX_TAIL && !g->in_flo_tree && nrets == 0;
  if (ctx != CTX_TAIL)
    {
      if (pushed > 0)
        {
          /* The call's position from here: the tail calls' frames
             return below (past a word of it), as the ordinary call's
             does, so that their backtrace shows the caller at the call
             and no frame of the callee, which the tail call replaced.  */
          if (nrets > 0)
            scm_i_note_position (g, n->where);
          for (size_t k = 0; k < nexits; k++)
            patch_here (g, exits[k]);
          nexits = 0;
          scm_i_emit_drop (g, pushed);
        }
      if (!cold || (pushed > 0 && nrets > 0))
        exits[nexits++] = emit_jump (g, SCM_OP_JUMP);
      if (pushed > 0 && nrets > 0)
        {
          for (size_t k = 0; k < nrets; k++)
            patch_here (g, rets[k]);
          scm_i_emit_drop (g, pushed);
          if (!cold)
            exits[nexits++] = emit_jump (g, SCM_OP_JUMP);
        }
      else
        /* With nothing to drop, where the ordinary call returns.  */
        for (size_t k = 0; k < nrets; k++)
          exits[nexits++] = rets[k];
    }
  adjust_depth (g, -(long) pushed);
  if (cold)
    {
      long local = g->debug ? (long) g->nlocals : -1;
      scm_i_note_inline_copy (g, proc, base, copy_end, 0, 0, slots,
                              n->nargs);
      /* With no exit but its end, the copy's last instruction may take
         a PUSH that follows (scm_i_fuse_cold_push).  */
      size_t fuse_at = nexits == 0 && pushed == 0
        ? last_op_reached (g, base, copy_end) : 0;
      for (size_t k = 0; k < nexits; k++)
        patch_here (g, exits[k]);
      defer_cold_call (g, n, ctx, guard, local, fuse_at);
      return 1;
    }
  patch_here (g, guard);
  if (n->nargs == 0)
    compile_plain_call (g, n, ctx);
  else
    compile_ordinary_call (g, n, ctx);
  /* The ordinary call returns here (in a tail, nowhere).  */
  scm_i_note_inline_copy (g, proc, base, copy_end, g->n, ctx == CTX_TAIL,
                          slots, n->nargs);
  for (size_t k = 0; k < nexits; k++)
    patch_here (g, exits[k]);
  return 1;
}

/* Where the last instruction of words START to END of G's code
   starts, if every path through them runs it (no jump lands at END,
   as a test's branch to the callee's final RETURN did), else 0.  */
static size_t
last_op_reached (struct cg *g, size_t start, size_t end)
{
  size_t last = 0;
  for (size_t i = start; i < end; i += 1 + scm_i_op_operands[g->code[i]])
    {
      enum scm_i_opcode op = (enum scm_i_opcode) g->code[i];
      for (unsigned j = 1; j <= scm_i_op_operands[op]; j++)
        if (scm_i_op_is_jump_target (op, j) && g->code[i + j] >= end)
          return 0;
      last = i;
    }
  return last;
}

/* Note the ordinary call of inline call N (in context CTX, out of a
   tail), whose INLINE_GUARD's label operand is at GUARD, to emit after
   the body; the copy goes on here.  The copy's JUMP over the ordinary
   call was a dispatch each time the copy ran: compiler's VREF_LK_U and
   JUMP, an accessor's copy and the jump, were 2.3% of its pairs.  */
static void
defer_cold_call (struct cg *g, struct scm_i_node *n, enum ctx ctx,
                 size_t guard, long local, size_t fuse_at)
{
  /* The copy goes on here, where the cold call jumps back.  */
  mark_label (g);
  g->cold = scm_i_room_for_one (g->cold, g->ncold, &g->coldcap,
                                sizeof *g->cold, 8, 0);
  g->cold[g->ncold++] = (struct scm_i_cold_call) {
    n, ctx, guard, g->n, g->depth, local, fuse_at, 0, g->labels };
  /* The caller's position again, where the copy's were, unless the
     instruction emitted next notes its own.  */
  size_t before = g->nmap;
  scm_i_note_position (g, n->where);
  if (g->nmap > before)
    g->weak_position = g->nmap;
}

/* The form of OP that pushes its value too, with the same operands,
   or SCM_OP_COUNT.  */
static enum scm_i_opcode
push_form (enum scm_i_opcode op)
{
  switch (op)
    {
    case SCM_OP_LREF: return SCM_OP_LREF_PUSH;
    case SCM_OP_CONST: return SCM_OP_CONST_PUSH;
    case SCM_OP_GREF: return SCM_OP_GREF_PUSH;
    case SCM_OP_CAR_L: return SCM_OP_CAR_L_PUSH;
    case SCM_OP_CAR_L_U: return SCM_OP_CAR_L_PUSH_U;
    case SCM_OP_CDR_L: return SCM_OP_CDR_L_PUSH;
    case SCM_OP_CDR_L_U: return SCM_OP_CDR_L_PUSH_U;
    case SCM_OP_VREF_LK: return SCM_OP_VREF_LK_PUSH;
    case SCM_OP_VREF_LK_U: return SCM_OP_VREF_LK_PUSH_U;
    case SCM_OP_VREF_LL: return SCM_OP_VREF_LL_PUSH;
    case SCM_OP_VREF_LL_U: return SCM_OP_VREF_LL_PUSH_U;
    case SCM_OP_ADDLK: return SCM_OP_ADDLK_PUSH;
    case SCM_OP_ADDLK_U: return SCM_OP_ADDLK_PUSH_U;
    case SCM_OP_SUBLK: return SCM_OP_SUBLK_PUSH;
    case SCM_OP_SUBLK_U: return SCM_OP_SUBLK_PUSH_U;
    case SCM_OP_INLINE_VREF_LK: return SCM_OP_INLINE_VREF_LK_PUSH;
    case SCM_OP_INLINE_VREF_LK_U: return SCM_OP_INLINE_VREF_LK_PUSH_U;
    case SCM_OP_INLINE_ADDLK: return SCM_OP_INLINE_ADDLK_PUSH;
    case SCM_OP_INLINE_ADDLK_U: return SCM_OP_INLINE_ADDLK_PUSH_U;
    case SCM_OP_INLINE_SUBLK: return SCM_OP_INLINE_SUBLK_PUSH;
    case SCM_OP_INLINE_SUBLK_U: return SCM_OP_INLINE_SUBLK_PUSH_U;
    default: return SCM_OP_COUNT;
    }
}

int
scm_i_fuse_cold_push (struct cg *g)
{
  if (g->ncold == 0)
    return 0;
  struct scm_i_cold_call *c = &g->cold[g->ncold - 1];
  if (c->end != g->n || c->fuse_at == 0 || c->pushed
      || c->labels != g->labels)
    return 0;
  enum scm_i_opcode op = (enum scm_i_opcode) g->code[c->fuse_at];
  enum scm_i_opcode with_push = push_form (op);
  if (with_push == SCM_OP_COUNT
      || scm_i_op_operands[with_push] != scm_i_op_operands[op]
      || scm_i_op_kinds[with_push] != scm_i_op_kinds[op]
      || c->fuse_at + 1 + scm_i_op_operands[op] != g->n)
    return 0;
  g->code[c->fuse_at] = with_push;
  c->pushed = 1;
  /* The pushing forms' slow paths keep the value, a frame and two
     arguments above the stack.  */
  if (g->depth + 1 + SCM_I_FRAME_HEADER + 2 > g->max_depth)
    g->max_depth = g->depth + 1 + SCM_I_FRAME_HEADER + 2;
  return 1;
}

void
scm_i_emit_cold_calls (struct cg *g)
{
  for (size_t i = 0; i < g->ncold; i++)
    {
      struct scm_i_cold_call c = g->cold[i];
      g->depth = c.depth;
      size_t from = g->n;
      patch_here (g, c.guard);
      if (c.call->nargs == 0)
        compile_plain_call (g, c.call, c.ctx);
      else
        compile_ordinary_call (g, c.call, c.ctx);
      /* The ordinary call returns here, where the backtrace shows the
         caller's frame while the callee runs.  */
      if (c.local >= 0)
        g->locals[c.local].slot = (uint32_t) g->n;
      if (c.pushed)
        emit_op (g, SCM_OP_PUSH);
      emit_op (g, SCM_OP_JUMP);
      emit (g, c.end);
      /* The caller's locals, for a debugger and a backtrace there.  */
      scm_i_note_cold_code (g, c.guard, from, g->n);
    }
}

/* ------------------------------------------------------------------ */
/* Calls of define*'s keyword procedures, direct.  A call of a global
   holding a procedure that define* registered (keyword-calls.c), with
   its required arguments and then literal keywords of its own, each
   with a value, calls the body with the values in place and the
   marker for the keys not given: no keyword is read at run time.
   INLINE_GUARD sends the call the ordinary way when the global holds
   anything else, which then raises whatever error it raises.  The
   arguments are compiled twice (one copy runs), so they are limited
   to expressions that place no lambda and no contified loop.  */

/* Nonzero if N may be compiled twice: no lambda, no let, no call of a
   local (a contified lambda's entry) inside.  */
static int
twice_compilable (struct scm_i_node *n)
{
  switch (n->kind)
    {
    case SCM_I_N_CONST: case SCM_I_N_LREF: case SCM_I_N_GREF:
      return 1;
    case SCM_I_N_IF:
      return twice_compilable (n->a) && twice_compilable (n->b)
        && twice_compilable (n->c);
    case SCM_I_N_CALL:
      if (n->a->kind != SCM_I_N_GREF)
        return 0;
      /* fall through */
    case SCM_I_N_PRIM:
      return every_arg (n, twice_compilable)
        && (n->kind != SCM_I_N_PRIM || n->fallback == NULL);
    default:
      return 0;
    }
}

/* The index in KEYS of keyword KEY, or -1.  */
static long
key_index (SCM keys, SCM key)
{
  for (size_t i = 0; i < SCM_VECTOR_LENGTH (keys); i++)
    if (scm_is_eq (SCM_VECTOR_REF (keys, i), key))
      return (long) i;
  return -1;
}

/* Nonzero if call N fits signature KS: its required arguments, then
   pairs of one of KS's keywords (a constant) and a value, everything
   compilable twice.  */
static int
keyword_call_fits (struct scm_i_node *n, const struct scm_i_keyword_signature *ks)
{
  if (n->nargs < ks->nreq || (n->nargs - ks->nreq) % 2 != 0)
    return 0;
  for (size_t i = 0; i < n->nargs; i++)
    {
      struct scm_i_node *a = n->args[i];
      if (i >= ks->nreq && (i - ks->nreq) % 2 == 0
          && (a->kind != SCM_I_N_CONST || key_index (ks->keys, a->value) < 0))
        return 0;
      if (!twice_compilable (a))
        return 0;
    }
  return 1;
}

/* The value given to key KEY in call N (KS's), if it is given once and
   its value, a constant or a local that nothing assigns, may be read
   out of the call's order; else NULL.  */
static struct scm_i_node *
key_value_in_place (struct cg *g, struct scm_i_node *n,
                    const struct scm_i_keyword_signature *ks, SCM key)
{
  struct scm_i_node *v = NULL;
  for (size_t i = ks->nreq; i < n->nargs; i += 2)
    if (scm_is_eq (n->args[i]->value, key))
      {
        if (v != NULL)
          return NULL;
        v = n->args[i + 1];
      }
  return v != NULL && (v->kind == SCM_I_N_CONST || is_plain_local (g, v)
                       || is_plain_free (g, v)) ? v : NULL;
}

/* The direct call of N's body: the required arguments pushed, then
   for each key its value if key_value_in_place, else the marker; then
   the other keys' values evaluated in the order of the call, each
   stored in its key's slot (a key given twice: the last one wins, as
   in the procedure).  */
static void
emit_keyword_direct (struct cg *g, struct scm_i_node *n,
                     const struct scm_i_keyword_signature *ks, int tail)
{
  long base = g->depth;
  size_t nkeys = SCM_VECTOR_LENGTH (ks->keys);
  scm_i_push_args (g, n->args, ks->nreq);
  for (size_t i = 0; i < nkeys; i++)
    {
      struct scm_i_node *v
        = key_value_in_place (g, n, ks, SCM_VECTOR_REF (ks->keys, i));
      if (v != NULL)
        scm_i_push_value (g, v);
      else
        {
          emit_op (g, SCM_OP_CONST_PUSH);
          emit_scm (g, ks->none);
          adjust_depth (g, 1);
        }
    }
  for (size_t i = ks->nreq; i < n->nargs; i += 2)
    if (key_value_in_place (g, n, ks, n->args[i]->value) == NULL)
      {
        scm_i_compile_node (g, n->args[i + 1], CTX_VALUE);
        emit_op (g, SCM_OP_LSET);
        emit (g, (scm_t_bits) (base + (long) ks->nreq
                               + key_index (ks->keys, n->args[i]->value)));
      }
  emit_op (g, SCM_OP_CONST);
  emit_scm (g, ks->body);
  scm_i_note_position (g, n->where);
  emit_op (g, tail ? SCM_OP_TAILCALL : SCM_OP_CALL);
  emit (g, ks->nreq + nkeys);
  adjust_depth (g, -(long) (ks->nreq + nkeys));
}

/* Whether argument A is (cdr X) of a plain local X with the core's
   cdr (no guard).  */
static int
is_cdr_of_local (struct cg *g, struct scm_i_node *a)
{
  return a->kind == SCM_I_N_PRIM && a->op == SCM_OP_CDR && a->nargs == 1
    && scm_is_eq (a->value, scm_i_private_variable (SCM_OP_CDR))
    && is_plain_local (g, a->args[0]);
}

/* The test of a local by null? or pair? at AT in G's code, one of
   those walk_tests follows: 1 for pair?, 0 for null?, or -1, the local's slot in *SLOT, where it goes
   when the test holds and when not in *YES and *NO, whether it checks
   its primitive in *GUARDED.  */
static int
walk_test_at (struct cg *g, size_t at, scm_t_bits *slot, size_t *yes,
              size_t *no, int *guarded)
{
  scm_t_bits op = g->code[at];
  int pairp = op == SCM_OP_BRL_PAIRP || op == SCM_OP_BRL_PAIRP_U
    || op == SCM_OP_BRLT_PAIRP || op == SCM_OP_BRLN_PAIRP;
  *guarded = op != SCM_OP_BRL_NULLP_U && op != SCM_OP_BRL_PAIRP_U
    && op != SCM_OP_BRLT_NULLP_U;
  switch (op)
    {
    case SCM_OP_BRL_NULLP: case SCM_OP_BRL_NULLP_U:
    case SCM_OP_BRL_PAIRP: case SCM_OP_BRL_PAIRP_U:
    case SCM_OP_BRLT_NULLP: case SCM_OP_BRLT_NULLP_U:
    case SCM_OP_BRLT_PAIRP:
      /* Falls through when the test holds (BRLT_: acc = #t, which
         nothing on the loop's way reads), else jumps.  */
      *slot = g->code[at + 2];
      *yes = at + 4;
      *no = g->code[at + 3];
      break;
    case SCM_OP_BRLN_NULLP: case SCM_OP_BRLN_PAIRP:
      *slot = g->code[at + 3];
      *yes = g->code[at + 4];
      *no = at + 5;
      break;
    default:
      return -1;
    }
  return pairp;
}

/* GSELFTAILCALL_WALK2's TESTS for a self tail call about to be
   emitted at the end of G's code: the chain of tests of the two
   parameters from the loop's head to here, each going on to the next
   one way (the other way leaving the loop: the VM then runs the head
   again), as SCM_I_WALK_NULL & co; 0 when the way from the head is
   anything else.  */
static scm_t_bits
walk_tests (struct cg *g)
{
  size_t at = ENTRY_LOOP_OFFSET, here = g->n;
  scm_t_bits tests = 0;
  unsigned k = 0;
  while (at != here)
    {
      scm_t_bits slot;
      size_t yes, no;
      int guarded;
      int bits = walk_test_at (g, at, &slot, &yes, &no, &guarded);
      if (bits < 0 || slot > 1 || k == SCM_I_WALK_MAX_TESTS)
        return 0;
      size_t y2, n2;
      scm_t_bits s2;
      int g2;
      /* The way on: forward, to the call or to another test.  */
      int yes_on = yes > at && yes <= here
        && (yes == here || walk_test_at (g, yes, &s2, &y2, &n2, &g2) >= 0);
      int no_on = no > at && no <= here
        && (no == here || walk_test_at (g, no, &s2, &y2, &n2, &g2) >= 0);
      if (!yes_on && !no_on)
        return 0;
      scm_t_bits need = bits ? (yes_on ? SCM_I_WALK_PAIR : SCM_I_WALK_NON_PAIR)
        : (yes_on ? SCM_I_WALK_NULL : SCM_I_WALK_NON_NULL);
      tests |= need << (slot * SCM_I_WALK_SECOND_SHIFT);
      if (guarded)
        tests |= SCM_I_WALK_GUARDED;
      k++;
      at = yes_on ? yes : no;
    }
  return tests;
}

/* Self tail call N of two arguments, each the cdr of a local, as one
   GSELFTAILCALL_CDR2 (or its twin); 0, emitting nothing, for any
   other call.  When the two are the parameters, in order, and the
   loop's head only tests them (walk_tests), GSELFTAILCALL_WALK2.  */
static int
compile_self_cdr2 (struct cg *g, struct scm_i_node *n)
{
  if (n->nargs != 2 || !is_cdr_of_local (g, n->args[0])
      || !is_cdr_of_local (g, n->args[1]))
    return 0;
  /* The slow path pushes the two cdrs.  */
  if (g->depth + 2 > g->max_depth)
    g->max_depth = g->depth + 2;
  scm_t_bits slot1 = (scm_t_bits) n->args[0]->args[0]->var->slot;
  scm_t_bits slot2 = (scm_t_bits) n->args[1]->args[0]->var->slot;
  scm_t_bits tests = slot1 == 0 && slot2 == 1 ? walk_tests (g) : 0;
  scm_i_note_position (g, n->where);
  emit_op (g, scm_i_self_call_op (g, n, tests ? SCM_OP_GSELFTAILCALL_WALK2
                                  : SCM_OP_GSELFTAILCALL_CDR2));
  emit_scm (g, n->a->value);
  emit_scm (g, n->a->sym);
  emit (g, n->nargs);
  emit (g, ENTRY_LOOP_OFFSET);  /* after ENTER */
  emit (g, slot1);
  emit (g, slot2);
  if (tests)
    emit (g, tests);
  return 1;
}

/* Non-tail self call N of one argument, of three whose last two are
   plain locals, or of two whose first is a plain local and the second
   not, as one GSELFCALL1, GSELFCALL1_L2 or GSELFCALL_LA (or its twin):
   the argument that is no local into acc before the frame exists, then
   the frame, the arguments' pushes and the call in one instruction,
   which returns to the next instruction (a point where jumps land).
   The locals are read after acc's argument, which cannot change them.
   0, emitting nothing, for any other call.  */
static int
compile_self_call_acc (struct cg *g, struct scm_i_node *n)
{
  int l2 = n->nargs == 3 && is_plain_local (g, n->args[1])
    && is_plain_local (g, n->args[2]);
  int la = n->nargs == 2 && is_plain_local (g, n->args[0])
    && !is_plain_local (g, n->args[1]);
  if ((n->nargs != 1 && !l2 && !la) || !is_global_self_call (g, n))
    return 0;
  scm_i_compile_node (g, n->args[la ? 1 : 0], CTX_VALUE);
  long pushed = SCM_I_FRAME_HEADER + (long) n->nargs;
  if (g->depth + pushed > g->max_depth)
    g->max_depth = g->depth + pushed;
  scm_i_note_position (g, n->where);
  emit_op (g, scm_i_self_call_op (g, n, l2 ? SCM_OP_GSELFCALL1_L2
                                  : la ? SCM_OP_GSELFCALL_LA
                                  : SCM_OP_GSELFCALL1));
  emit_scm (g, n->a->value);
  emit_scm (g, n->a->sym);
  emit (g, n->nargs);
  emit (g, ENTRY_LOOP_OFFSET);  /* after ENTER */
  emit (g, 0);                  /* ENTER's operand: finish_self_calls */
  if (l2)
    {
      emit (g, (scm_t_bits) n->args[1]->var->slot);
      emit (g, (scm_t_bits) n->args[2]->var->slot);
    }
  if (la)
    emit (g, (scm_t_bits) n->args[0]->var->slot);
  mark_label (g);
  return 1;
}

/* The call of N as any call makes it: its arguments pushed, then a
   tail call, or a frame and a call (of its own code if it calls the
   lambda being compiled).  */
static void
compile_ordinary_call (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  if (ctx == CTX_TAIL && is_global_self_call (g, n)
      && (compile_self_cdr2 (g, n) || scm_i_compile_self_cdr_k (g, n)))
    return;
  if (ctx == CTX_TAIL && is_global_self_call (g, n)
      && n->nargs >= 1 && n->nargs <= 3)
    {
      /* The slow path pushes the last argument.  */
      args_last_in_acc (g, n);
      emit_op (g, scm_i_self_call_op (g, n,
                                      n->nargs == 1 ? SCM_OP_GSELFTAILCALL1
                                      : n->nargs == 2 ? SCM_OP_GSELFTAILCALL2
                                      : SCM_OP_GSELFTAILCALL3));
      emit_scm (g, n->a->value);
      emit_scm (g, n->a->sym);
      emit (g, n->nargs);
      emit (g, ENTRY_LOOP_OFFSET);      /* after ENTER */
      adjust_depth (g, -(long) n->nargs);
      return;
    }
  if (ctx == CTX_TAIL)
    {
      scm_i_push_args (g, n->args, n->nargs);
      emit_call (g, n, 1);
      adjust_depth (g, -(long) n->nargs);
      return;
    }
  if (compile_self_call_acc (g, n))
    return;
  size_t ret = scm_i_emit_frame (g);
  adjust_depth (g, SCM_I_FRAME_HEADER);
  scm_i_push_args (g, n->args, n->nargs);
  if (is_self_call (g, n))
    {
      /* Its own code, from the top: no closure to load and check.  */
      scm_i_note_position (g, n->where);
      emit_op (g, SCM_OP_SELF_CALL);
      emit (g, n->nargs);
      emit (g, ENTRY_LOOP_OFFSET);
      emit (g, 0);              /* ENTER's operand: finish_self_calls */
    }
  else
    emit_call (g, n, 0);
  patch_here (g, ret);
  adjust_depth (g, -(long) (n->nargs + SCM_I_FRAME_HEADER));
}

/* Call N directly as above, then past the ordinary call.  0 if N is
   no such call.  */
static int
compile_keyword_call (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  struct scm_i_keyword_signature ks;
  if (n->a->kind != SCM_I_N_GREF
      || !scm_i_keyword_signature (SCM_CELL_OBJECT (n->a->value, 1), &ks)
      || !keyword_call_fits (n, &ks))
    return 0;
  size_t guard = emit_global_guard (g, n);
  size_t past = 0;
  if (ctx == CTX_TAIL)
    emit_keyword_direct (g, n, &ks, 1);
  else
    {
      size_t ret = scm_i_emit_frame (g);
      adjust_depth (g, SCM_I_FRAME_HEADER);
      emit_keyword_direct (g, n, &ks, 0);
      patch_here (g, ret);
      adjust_depth (g, -(long) SCM_I_FRAME_HEADER);
      past = emit_jump (g, SCM_OP_JUMP);
    }
  patch_here (g, guard);
  compile_ordinary_call (g, n, ctx);
  if (past)
    patch_here (g, past);
  return 1;
}

/* The type code of call N if it is a call with one argument of a
   global holding such a predicate when it is compiled; else -1.  */
static int
type_test_call (struct scm_i_node *n)
{
  if (n->kind != SCM_I_N_CALL || n->a->kind != SCM_I_N_GREF
      || n->nargs != 1)
    return -1;
  return scm_i_type_predicate_tc8 (SCM_CELL_OBJECT (n->a->value, 1));
}

/* OP VAR PRED for type-test call N, whose variable must still hold
   PRED when it runs.  */
static void
emit_type_op (struct cg *g, struct scm_i_node *n, enum scm_i_opcode op)
{
  scm_i_note_position (g, n->where);
  emit_op (g, op);
  emit_scm (g, n->a->value);
  emit_scm (g, SCM_CELL_OBJECT (n->a->value, 1));
}

/* (symbol? x) & co for their value: TYPEP, no subr call.  */
static int
compile_type_call (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  int tc8 = type_test_call (n);
  if (tc8 < 0)
    return 0;
  scm_i_prim_operands (g, n);
  emit_type_op (g, n, SCM_OP_TYPEP);
  emit (g, tc8);
  finish (g, ctx);
  return 1;
}

size_t
scm_i_compile_type_test (struct cg *g, struct scm_i_node *test)
{
  int tc8 = type_test_call (test);
  if (tc8 < 0)
    return 0;
  if (is_plain_local (g, test->args[0]))
    {
      /* The slow path's frame, argument and branch addresses.  */
      if (g->depth + SCM_I_FRAME_HEADER + 3 > g->max_depth)
        g->max_depth = g->depth + SCM_I_FRAME_HEADER + 3;
      emit_type_op (g, test, SCM_OP_BRL_TYPEP);
      emit (g, test->args[0]->var->slot);
    }
  else
    {
      scm_i_prim_operands (g, test);
      emit_type_op (g, test, SCM_OP_BR_TYPEP);
    }
  emit (g, tc8);
  emit (g, 0);
  return g->n - 1;
}

/* A call of a global (or a constant) holding string-ref, read-char
   and the others of enum scm_i_text_op: TEXT_OP VAR PROC KIND, its
   arguments placed as SUBR_CALL's.  0 if call N is no such call.  */
static int
compile_text_call (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  int constant = n->a->kind == SCM_I_N_CONST;
  if (!constant && n->a->kind != SCM_I_N_GREF)
    return 0;
  SCM subr = constant ? n->a->value : SCM_CELL_OBJECT (n->a->value, 1);
  int kind = scm_i_text_op_kind (subr, n->nargs);
  if (kind < 0)
    return 0;
  /* A constant's guard: a variable of its own, as compile_subr_call
     makes.  */
  SCM var = constant ? scm_make_variable (subr) : n->a->value;
  scm_i_prim_operands (g, n);
  scm_i_note_position (g, n->where);
  emit_op (g, SCM_OP_TEXT_OP);
  emit_scm (g, var);
  emit_scm (g, subr);
  emit_scm (g, SCM_MAKE_FIXNUM (kind));
  adjust_depth (g, -(long) (n->nargs - 1));
  finish (g, ctx);
  return 1;
}

/* A call of a global that holds a subr of fixed arity, with one to
   three arguments, calls its C function from the instruction
   (SUBR_CALL): no frame, no arity decoding.  The operands are the
   variable, the subr it held when the call was compiled (the guard: if
   the variable holds anything else, the slow path makes an ordinary
   call of that) and the subr to run, the same one or a fixed-arity
   entry of a subr with a rest list (scm_i_subr_direct).  Returns 0 if
   call N is no such call.  */
static int
compile_subr_call (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  if (n->nargs < 1 || n->nargs > 3)
    return 0;
  int constant = n->a->kind == SCM_I_N_CONST;
  if (!constant && n->a->kind != SCM_I_N_GREF)
    return 0;
  SCM subr = constant ? n->a->value : SCM_CELL_OBJECT (n->a->value, 1);
  int rest;
  SCM impl = scm_i_subr_direct (subr, n->nargs, &rest);
  if (scm_is_false (impl))
    return 0;
  /* A constant operator (the prelude's references, the private
     procedures of expansions) gets a variable of its own that no
     program can reach: a guard that always holds.  */
  SCM var = constant ? scm_make_variable (subr) : n->a->value;
  scm_i_prim_operands (g, n);
  scm_i_note_position (g, n->where);
  emit_op (g, rest ? SCM_OP_SUBR_CALL_REST : SCM_OP_SUBR_CALL);
  emit_scm (g, var);
  emit_scm (g, subr);
  emit_scm (g, impl);
  emit (g, n->nargs);
  adjust_depth (g, -(long) (n->nargs - 1));
  finish (g, ctx);
  return 1;
}

/* A call of N->nargs arguments (MIN to SCM_I_ADDN_MAX) of a global
   holding the inline primitive of PRIM when the call is compiled: OP
   VAR N, whose guard is the variable (0 if N is no such call).  */
static int
compile_counted_call (struct cg *g, struct scm_i_node *n, enum ctx ctx,
                      enum scm_i_opcode op, enum scm_i_opcode prim,
                      size_t min)
{
  if (n->a->kind != SCM_I_N_GREF || n->nargs < min
      || n->nargs > SCM_I_ADDN_MAX
      || !scm_is_eq (SCM_CELL_OBJECT (n->a->value, 1),
                     scm_i_inline_primitive (prim)))
    return 0;
  scm_i_prim_operands (g, n);
  scm_i_note_position (g, n->where);
  emit_op (g, op);
  emit_scm (g, n->a->value);
  emit (g, n->nargs);
  adjust_depth (g, -(long) (n->nargs - 1));
  finish (g, ctx);
  return 1;
}

/* (+ a b c ...): ADDN; (list a b ...): LIST, whose subr call went
   through the generic path (a rest list, call_filled) for every list
   made.  */
static int
compile_sum_call (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  return compile_counted_call (g, n, ctx, SCM_OP_ADDN, SCM_OP_ADD, 3);
}

static int
compile_list_call (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  return compile_counted_call (g, n, ctx, SCM_OP_LIST, SCM_OP_LIST, 1);
}

/* (vector a b ...): VECTOR, which makes no rest list either.  */
static int
compile_vector_call (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  return compile_counted_call (g, n, ctx, SCM_OP_VECTOR, SCM_OP_VECTOR, 1);
}

/* The lambda of call N's operator when leaf-calls.c may copy its body
   in place of the call: a known callee (not the running closure, whose
   body calls itself).  */
static struct scm_i_lambda *
leaf_callee (struct cg *g, struct scm_i_node *n)
{
  if (!known_callee (g, n))
    return NULL;
  return defined_lambda (n->a->var);
}

/* Call N of a leaf (leaf-calls.c) compiled as its body: no frame, no
   call, no return.  */
static int
compile_leaf_call (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  struct scm_i_lambda *l = leaf_callee (g, n);
  struct scm_i_node *body = l ? scm_i_leaf_call (g->lam, l, n, 0) : NULL;
  if (body == NULL)
    return 0;
  scm_i_compile_node (g, body, ctx);
  return 1;
}

int
scm_i_compile_leaf_test (struct cg *g, struct scm_i_node *test, size_t *chain)
{
  struct scm_i_lambda *l = test->kind == SCM_I_N_CALL
    ? leaf_callee (g, test) : NULL;
  struct scm_i_node *body = l ? scm_i_leaf_call (g->lam, l, test, 1) : NULL;
  if (body == NULL)
    return 0;
  *chain = scm_i_compile_test (g, body);
  return 1;
}

void
scm_i_compile_call (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  if (SCM_UNLIKELY (scm_i_compile_warnings_p ()))
    scm_i_warn_call (g->lam, n);
  if (compile_type_call (g, n, ctx)
      || compile_text_call (g, n, ctx)
      || compile_subr_call (g, n, ctx) || compile_record_call (g, n, ctx)
      || compile_inline_call (g, n, ctx) || compile_keyword_call (g, n, ctx)
      || compile_sum_call (g, n, ctx) || compile_list_call (g, n, ctx)
      || compile_vector_call (g, n, ctx))
    return;
  if (compile_leaf_call (g, n, ctx))
    return;
  struct scm_i_lambda *cl = contified_callee (g, n);
  if (cl != NULL)
    {
      if (cl->c_shared ? !cl->c_placed : cl->c_entry == n)
        compile_contified_entry (g, n, cl, ctx);
      else
        compile_loop_jump (g, n, cl->params, cl->c_base, cl->c_head);
      return;
    }
  if (ctx == CTX_TAIL && is_self_call (g, n))
    {
      /* A loop: the arguments replace the parameters, then a jump past
         ENTER (the frame is already big enough).  */
      compile_loop_jump (g, n, g->lam->params, 0, ENTRY_LOOP_OFFSET);
      return;
    }
  compile_ordinary_call (g, n, ctx);
}
