/* compile.c -- the compiler: expanded trees to threaded bytecode
   SPDX-License-Identifier: LGPL-3.0-or-later

   One pass over a lambda's tree, tracking the stack depth so that every
   local variable has a fixed slot in the frame (lexical addressing).
   Closures are flat: a lambda's free variables are copied into its
   closure when it is made; a variable that is both captured and
   assigned lives in a box, which is what gets copied.  Each call site,
   global reference and inline primitive gets a source-map entry.  */

#include "runtime/scm-internal.h"
#include "expand/ast-internal.h"
#include "expand/expand-internal.h"
#include "compile/compile-internal.h"
#include "runtime/init-internal.h"
#include "compile/inline-internal.h"
#include "io/srcpos-internal.h"

#include <string.h>
#include <libscm/bytevectors.h>
#include <libscm/pairs.h>
#include <libscm/eq.h>
#include <libscm/keywords.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/read.h>
#include <libscm/strings.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>
#include <libscm/throw.h>

/* Free slots that every frame keeps above its computed need: the slow
   path of an inline primitive pushes a frame header and its arguments
   (at most 3).  */
#define FRAME_SLACK 8

enum ctx { CTX_VALUE, CTX_TAIL, CTX_EFFECT };

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
     target (emit_frame).  */
  size_t last_op_at, label;
  /* The names of the locals for a debugger, when DEBUG (not for the
     prelude, whose frames backtraces leave out).  */
  int debug;
  struct scm_i_local_entry *locals;
  size_t nlocals, loccap;
};

static void
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

static void
emit_op (struct cg *g, enum scm_i_opcode op)
{
  g->last_op_at = g->n;
  emit (g, op);
}
static void emit_scm (struct cg *g, SCM x) { emit (g, SCM_UNPACK (x)); }

static void
adjust_depth (struct cg *g, long delta)
{
  g->depth += delta;
  if (g->depth > g->max_depth)
    g->max_depth = g->depth;
}

/* ARRAY (of N elements of SIZE bytes, room for *CAP) with room for one
   more: a copy twice as big (or of FIRST) if it is full, pointer-free
   if ATOMIC.  */
static void *
room_for_one (void *array, size_t n, size_t *cap, size_t size, size_t first,
              int atomic)
{
  if (n < *cap)
    return array;
  size_t bigger = *cap ? 2 * *cap : first;
  void *copy = atomic ? scm_i_alloc_atomic (bigger * size)
    : scm_i_alloc (bigger * size);
  if (n)
    memcpy (copy, array, n * size);
  *cap = bigger;
  return copy;
}

/* Append E to G's source map.  */
static void
add_position (struct cg *g, struct scm_i_srcmap_entry e)
{
  g->map = room_for_one (g->map, g->nmap, &g->mapcap, sizeof *g->map, 4, 1);
  g->map[g->nmap++] = e;
}

/* ---- Locals' names, for debuggers ---- */

/* V's value is in slot SLOT (with FLAGS) from the next instruction on,
   until end_local (G, the index returned).  */
static size_t
begin_local (struct cg *g, struct scm_i_var *v, uint32_t slot, uint32_t flags)
{
  if (!g->debug)
    return 0;
  /* Traced: the entries hold the names.  */
  g->locals = room_for_one (g->locals, g->nlocals, &g->loccap,
                            sizeof *g->locals, 8, 0);
  if (scm_i_var_boxed (v))
    flags |= SCM_I_LOCAL_BOXED;
  g->locals[g->nlocals] = (struct scm_i_local_entry) {
    v->name, (uint32_t) g->n, UINT32_MAX, slot, flags };
  return g->nlocals++;
}

static void
end_local (struct cg *g, size_t i)
{
  if (g->debug)
    g->locals[i].end = (uint32_t) g->n;
}

/* The formals of L as a list of names, improper for a rest one.  */
static SCM
formals_list (struct scm_i_lambda *l)
{
  SCM acc = l->rest ? l->params[l->nreq]->name : SCM_EOL;
  for (size_t i = l->nreq; i-- > 0;)
    acc = scm_cons (l->params[i]->name, acc);
  return acc;
}

/* G's debug data, or NULL.  */
static const struct scm_i_code_debug *
make_debug (struct cg *g)
{
  if (!g->debug)
    return NULL;
  struct scm_i_lambda *l = g->lam;
  struct scm_i_code_debug *d
    = scm_i_alloc (sizeof *d + g->nlocals * sizeof d->locals[0]);
  d->module = scm_current_module ();
  d->docstring = SCM_UNPACK (l->doc) != 0 && scm_is_string (l->doc)
    ? l->doc : SCM_BOOL_F;
  d->formals = formals_list (l);
  d->count = g->nlocals;
  if (g->nlocals)
    memcpy (d->locals, g->locals, g->nlocals * sizeof d->locals[0]);
  return d;
}

/* Map the next instruction to the position of WHERE, if it has one.  */
static void
note_position (struct cg *g, SCM where)
{
  SCM file;
  long line, col;
  uint32_t macro;
  if (!scm_i_source_position (where, &file, &line, &col, &macro))
    return;
  if (scm_is_false (g->file))
    g->file = file;
  add_position (g, (struct scm_i_srcmap_entry) {
      (uint32_t) g->n, (uint32_t) line, (uint32_t) col, macro });
}

/* Emit a jump-like instruction whose target is patched later; return
   the index of its operand.  */
static size_t
emit_jump (struct cg *g, enum scm_i_opcode op)
{
  emit_op (g, op);
  emit (g, 0);
  return g->n - 1;
}

static void
patch_here (struct cg *g, size_t at)
{
  g->code[at] = g->n;
  g->label = g->n;
}

/* DROP COUNT, merged into a DROP just before it that no jump lands
   after: the nested lets of a let* end in one.  */
static void
emit_drop (struct cg *g, size_t count)
{
  if (g->n >= 2 && g->last_op_at == g->n - 2
      && g->code[g->n - 2] == SCM_OP_DROP && g->label != g->n)
    g->code[g->n - 1] += count;
  else
    {
      emit_op (g, SCM_OP_DROP);
      emit (g, count);
    }
}

/* FRAME, whose return address is patched later (its operand's index
   returned); PUSH_FRAME when it follows a PUSH that no jump lands
   between.  */
static size_t
emit_frame (struct cg *g)
{
  if (g->n > 0 && g->last_op_at == g->n - 1 && g->code[g->n - 1] == SCM_OP_PUSH
      && g->label != g->n)
    {
      g->code[g->n - 1] = SCM_OP_PUSH_FRAME;
      emit (g, 0);
      return g->n - 1;
    }
  return emit_jump (g, SCM_OP_FRAME);
}

/* A chain of jump operands to patch with one target: 0 if empty, else
   the index of the last one plus 1; each operand holds the chain of
   the ones before it (an operand emitted as 0 ends it).  */
static void
patch_chain (struct cg *g, size_t chain)
{
  while (chain != 0)
    {
      size_t next = g->code[chain - 1];
      patch_here (g, chain - 1);
      chain = next;
    }
}

/* Chains A and B as one: the longer goes after the end of the
   shorter, found by walking both in step, so that a test made of a
   long chain of tests (a wide cond or or in a test position) joins in
   time linear in the short one, not quadratic in all.  The order of
   a chain does not matter: every jump in it goes to one place.  */
static size_t
join_chains (struct cg *g, size_t a, size_t b)
{
  if (a == 0)
    return b;
  if (b == 0)
    return a;
  size_t x = a, y = b;
  for (;;)
    {
      if (g->code[x - 1] == 0)
        {
          g->code[x - 1] = b;
          return a;
        }
      if (g->code[y - 1] == 0)
        {
          g->code[y - 1] = a;
          return b;
        }
      x = g->code[x - 1];
      y = g->code[y - 1];
    }
}

static size_t
free_index (struct scm_i_lambda *l, struct scm_i_var *v)
{
  for (size_t i = 0; i < l->nfree; i++)
    if (l->free[i] == v)
      return i;
  scm_fatal ("compiler: variable not among the free variables");
}

static void compile (struct cg *g, struct scm_i_node *n, enum ctx ctx);
static size_t compile_test (struct cg *g, struct scm_i_node *test);

/* RETURN in a tail context; LREF_RETURN in place of an LREF just
   before it that no jump lands after (a procedure whose value is a
   local: one dispatch fewer).  */
static void
finish (struct cg *g, enum ctx ctx)
{
  if (ctx != CTX_TAIL)
    return;
  if (g->n >= 2 && g->last_op_at == g->n - 2
      && g->code[g->n - 2] == SCM_OP_LREF && g->label != g->n)
    g->code[g->n - 2] = SCM_OP_LREF_RETURN;
  else
    emit_op (g, SCM_OP_RETURN);
}

/* Nonzero if V refers to the running closure of its lambda in the
   frame being compiled or in a lambda inside it (scm_i_note_self):
   there V is that closure, SELF_REF in the lambda's own frame, a plain
   free value inside, even if a later lambda outside boxed V.  */
static int
self_valued (struct cg *g, struct scm_i_var *v)
{
  return v->self_ref && scm_i_lambda_within (g->lam, v->self);
}

/* What a closure made in the frame being compiled copies of V.  */
static void
compile_self_valued (struct cg *g, struct scm_i_var *v)
{
  if (v->self == g->lam)
    emit_op (g, SCM_OP_SELF_REF);
  else
    {
      emit_op (g, SCM_OP_FREF);
      emit (g, free_index (g->lam, v));
    }
}

/* acc = the value of V, through its box if it has one.  */
static void
compile_lref (struct cg *g, struct scm_i_var *v, SCM where)
{
  if (scm_i_frame_of (v->owner) == g->lam)
    {
      if (scm_i_var_boxed (v) || v->maybe_unset)
        {
          note_position (g, where);
          emit_op (g, scm_i_var_boxed (v) ? SCM_OP_LREF_BOX : SCM_OP_LREF_CHECK);
          emit (g, v->slot);
          emit_scm (g, v->name);
        }
      else
        {
          emit_op (g, SCM_OP_LREF);
          emit (g, v->slot);
        }
      return;
    }
  if (self_valued (g, v))
    {
      compile_self_valued (g, v);
      return;
    }
  size_t i = free_index (g->lam, v);
  if (scm_i_var_boxed (v))
    {
      note_position (g, where);
      emit_op (g, SCM_OP_FREF_BOX);
      emit (g, i);
      emit_scm (g, v->name);
    }
  else
    {
      emit_op (g, SCM_OP_FREF);
      emit (g, i);
    }
}

/* acc = what V's slot holds (its box, if boxed): closures copy this.  */
static void
compile_raw_ref (struct cg *g, struct scm_i_var *v)
{
  if (scm_i_frame_of (v->owner) == g->lam)
    {
      emit_op (g, SCM_OP_LREF);
      emit (g, v->slot);
    }
  else if (self_valued (g, v))
    compile_self_valued (g, v);
  else
    {
      emit_op (g, SCM_OP_FREF);
      emit (g, free_index (g->lam, v));
    }
}

static void
compile_lset (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  struct scm_i_var *v = n->var;
  if (n->a->kind == SCM_I_N_LAMBDA && n->a->lam->host == g->lam
      && v->self == n->a->lam)
    {
      /* A contified procedure's definition: no closure, and the
         variable is never read.  */
      if (ctx != CTX_EFFECT)
        {
          emit_op (g, SCM_OP_CONST);
          emit_scm (g, SCM_UNSPECIFIED);
        }
      return;
    }
  compile (g, n->a, CTX_VALUE);
  if (scm_i_frame_of (v->owner) == g->lam)
    {
      emit_op (g, scm_i_var_boxed (v) ? SCM_OP_LSET_BOX : SCM_OP_LSET);
      emit (g, v->slot);
    }
  else
    {
      emit_op (g, SCM_OP_FSET_BOX);
      emit (g, free_index (g->lam, v));
    }
  if (ctx != CTX_EFFECT)
    {
      emit_op (g, SCM_OP_CONST);
      emit_scm (g, SCM_UNSPECIFIED);
    }
}

static void
compile_global (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  enum scm_i_opcode op = n->kind == SCM_I_N_GREF ? SCM_OP_GREF
    : n->kind == SCM_I_N_GSET ? SCM_OP_GSET : SCM_OP_GDEF;
  if (n->kind != SCM_I_N_GREF)
    compile (g, n->a, CTX_VALUE);
  else if (SCM_UNLIKELY (scm_i_compile_warnings_p ()))
    scm_i_warn_global_ref (n);
  note_position (g, n->where);
  emit_op (g, op);
  emit_scm (g, n->value);
  emit_scm (g, n->sym);
  if (op == SCM_OP_GSET && ctx != CTX_EFFECT)
    {
      emit_op (g, SCM_OP_CONST);
      emit_scm (g, SCM_UNSPECIFIED);
    }
}

static void
compile_if (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  size_t to_else = compile_test (g, n->a);
  compile (g, n->b, ctx);
  if (ctx == CTX_TAIL || (ctx == CTX_EFFECT && n->c->kind == SCM_I_N_CONST))
    {
      /* No jump over an else branch that is the end or nothing.  */
      patch_chain (g, to_else);
      compile (g, n->c, ctx);
      return;
    }
  size_t to_end = emit_jump (g, SCM_OP_JUMP);
  patch_chain (g, to_else);
  compile (g, n->c, ctx);
  patch_here (g, to_end);
}

static int made_later (struct cg *g, struct scm_i_var *d,
                       struct scm_i_var *w);

/* acc = a closure of L's CODE, its free values pushed first: #f for
   those of the fix of D (when not NULL) made at D or after it.  */
static void
emit_closure (struct cg *g, struct scm_i_lambda *l, SCM code,
              struct scm_i_var *d)
{
  for (size_t i = 0; i < l->nfree; i++)
    {
      if (d != NULL && made_later (g, d, l->free[i]))
        {
          emit_op (g, SCM_OP_CONST);
          emit_scm (g, SCM_BOOL_F);
        }
      else
        compile_raw_ref (g, l->free[i]);
      emit_op (g, SCM_OP_PUSH);
      adjust_depth (g, 1);
    }
  emit_op (g, SCM_OP_CLOSURE);
  emit_scm (g, code);
  emit (g, l->nfree);
  adjust_depth (g, -(long) l->nfree);
}

static void
compile_lambda_node (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  struct scm_i_lambda *l = n->lam;
  SCM code = scm_i_compile_lambda (l);
  if (l->nfree == 0)
    {
      /* A closure with no free values is the same object whichever
         time the lambda is evaluated (R7RS leaves eqv? of such
         procedures open): made once here, it costs its evaluations no
         allocation -- the handlers of a guard or a
         with-exception-handler at every level of a recursion.  */
      emit_op (g, SCM_OP_CONST);
      emit_scm (g, scm_i_make_closure (code, 0));
      finish (g, ctx);
      return;
    }
  emit_closure (g, l, code, NULL);
  finish (g, ctx);
}

static int
is_fixnum_const (struct scm_i_node *n)
{
  return n->kind == SCM_I_N_CONST && SCM_FIXNUM_P (n->value);
}

/* A local read straight from its slot, with no box and no check.  */
static int
is_plain_local (struct cg *g, struct scm_i_node *n)
{
  return n->kind == SCM_I_N_LREF && scm_i_frame_of (n->var->owner) == g->lam
    && !scm_i_var_boxed (n->var) && !n->var->maybe_unset;
}

/* Nonzero if N reads a variable of an enclosing frame that is a plain
   free value of the lambda being compiled (FREF, no box).  */
static int
is_plain_free (struct cg *g, struct scm_i_node *n)
{
  return n->kind == SCM_I_N_LREF && scm_i_frame_of (n->var->owner) != g->lam
    && !self_valued (g, n->var) && !scm_i_var_boxed (n->var);
}

/* OP with inline call N's variable and the slot of plain local L as
   its first operands, after keeping the stack up to TOP for its slow
   path.  */
static void
emit_op_on_slot (struct cg *g, struct scm_i_node *n, enum scm_i_opcode op,
                 struct scm_i_node *l, long top)
{
  if (top > g->max_depth)
    g->max_depth = top;
  note_position (g, n->where);
  emit_op (g, op);
  emit_scm (g, n->value);
  emit (g, l->var->slot);
}

/* If A is (vector-ref v i) with i a plain local or a fixnum constant,
   compute and push it by a VREF_*_PUSH instruction and return 1; its
   slow path keeps a continuation, a frame and two arguments above the
   stack.  */
static int
push_vector_ref (struct cg *g, struct scm_i_node *a)
{
  if (a->kind != SCM_I_N_PRIM || a->op != SCM_OP_VREF)
    return 0;
  struct scm_i_node *v = a->args[0], *k = a->args[1];
  int k_local = is_plain_local (g, k);
  if (!k_local && !is_fixnum_const (k))
    return 0;
  int lk = !k_local && is_plain_local (g, v);
  if (!lk)
    compile (g, v, CTX_VALUE);
  if (g->depth + 1 + SCM_I_FRAME_HEADER + 2 > g->max_depth)
    g->max_depth = g->depth + 1 + SCM_I_FRAME_HEADER + 2;
  note_position (g, a->where);
  emit_op (g, lk ? SCM_OP_VREF_LK_PUSH
           : k_local ? SCM_OP_VREF_L_PUSH : SCM_OP_VREF_K_PUSH);
  emit_scm (g, a->value);
  if (lk)
    emit (g, v->var->slot);
  if (k_local)
    emit (g, k->var->slot);
  else
    emit_scm (g, k->value);
  return 1;
}

static void
push_value (struct cg *g, struct scm_i_node *a)
{
  if (a->kind == SCM_I_N_CONST)
    {
      emit_op (g, SCM_OP_CONST_PUSH);
      emit_scm (g, a->value);
    }
  else if (is_plain_local (g, a))
    {
      if (g->n >= 2 && g->last_op_at == g->n - 2
          && g->code[g->n - 2] == SCM_OP_FRAME && g->label != g->n)
        /* A call's first argument: one instruction with the FRAME
           before it, whose return address stays its operand 1.  */
        g->code[g->n - 2] = SCM_OP_FRAME_LREF_PUSH;
      else if (g->n >= 2 && g->last_op_at == g->n - 2
               && g->code[g->n - 2] == SCM_OP_LREF_PUSH && g->label != g->n)
        /* The second of two: one instruction (a third starts anew:
           the last one starts before g->n - 2 then).  */
        g->code[g->n - 2] = SCM_OP_LREF_PUSH2;
      else
        emit_op (g, SCM_OP_LREF_PUSH);
      emit (g, a->var->slot);
    }
  else if (a->kind == SCM_I_N_PRIM
           && (a->op == SCM_OP_ADD || a->op == SCM_OP_SUB)
           && is_plain_local (g, a->args[0]) && is_fixnum_const (a->args[1]))
    {
      /* (f (- n 1)): the sum computed and pushed in one instruction;
         its slow path keeps a continuation, a frame and two
         arguments above the stack.  */
      if (g->depth + 1 + SCM_I_FRAME_HEADER + 2 > g->max_depth)
        g->max_depth = g->depth + 1 + SCM_I_FRAME_HEADER + 2;
      note_position (g, a->where);
      emit_op (g, a->op == SCM_OP_ADD ? SCM_OP_ADDLK_PUSH : SCM_OP_SUBLK_PUSH);
      emit_scm (g, a->value);
      emit (g, a->args[0]->var->slot);
      emit_scm (g, a->args[1]->value);
    }
  else if (a->kind == SCM_I_N_PRIM
           && (a->op == SCM_OP_ADD || a->op == SCM_OP_SUB)
           && is_plain_local (g, a->args[0]))
    {
      /* (f (+ local x)): x into acc, then the sum computed and pushed
         in one instruction; its slow path keeps a continuation, a
         frame and two arguments above the stack.  */
      long base = g->depth;
      compile (g, a->args[1], CTX_VALUE);
      emit_op_on_slot (g, a, a->op == SCM_OP_ADD ? SCM_OP_ADD_L_PUSH
                       : SCM_OP_SUB_L_PUSH, a->args[0],
                       base + 1 + SCM_I_FRAME_HEADER + 2);
    }
  else if (a->kind == SCM_I_N_PRIM
           && (a->op == SCM_OP_CAR || a->op == SCM_OP_CDR)
           && is_plain_local (g, a->args[0]))
    {
      /* (f (cdr l)): read, checked and pushed in one instruction; its
         slow path keeps a continuation and a frame above the stack.  */
      emit_op_on_slot (g, a, a->op == SCM_OP_CAR ? SCM_OP_CAR_L_PUSH
                       : SCM_OP_CDR_L_PUSH, a->args[0],
                       g->depth + 1 + SCM_I_FRAME_HEADER + 1);
    }
  else if (!push_vector_ref (g, a))
    {
      compile (g, a, CTX_VALUE);
      emit_op (g, SCM_OP_PUSH);
    }
  adjust_depth (g, 1);
}

static void
push_args (struct cg *g, struct scm_i_node **args, size_t n)
{
  for (size_t i = 0; i < n; i++)
    push_value (g, args[i]);
}

/* Where a self tail call jumps: just after ENTER and its operand.  */
#define ENTRY_LOOP_OFFSET SCM_I_ENTER_WORDS

/* Nonzero if call N's operator is always a closure of a lambda of
   N->nargs parameters and no rest: a variable of a fix (set before it
   can be read, never assigned), a lambda's own variable read inside
   it (the running closure), or a variable that a LET binds to a lambda
   and the program never assigns.  */
static int
known_callee (struct cg *g, struct scm_i_node *n)
{
  struct scm_i_node *op = n->a;
  if (op->kind != SCM_I_N_LREF)
    return 0;
  struct scm_i_var *v = op->var;
  struct scm_i_lambda *l = v->fixed || self_valued (g, v) ? v->self
    : v->known;
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

/* Emit the call of the procedure in acc, or of global OP directly.  */
static void
emit_call (struct cg *g, struct scm_i_node *n, int tail)
{
  if (n->a->kind == SCM_I_N_GREF)
    {
      note_position (g, n->where);
      int self = is_global_self_call (g, n);
      emit_op (g, tail ? (self ? SCM_OP_GSELFTAILCALL : SCM_OP_GTAILCALL)
               : (self ? SCM_OP_GSELFCALL : SCM_OP_GCALL));
      emit_scm (g, n->a->value);
      emit_scm (g, n->a->sym);
      emit (g, n->nargs);
      if (self && tail)
        emit (g, 0);            /* the entry, a jump target */
      else if (self)
        {
          emit (g, ENTRY_LOOP_OFFSET);  /* after ENTER */
          emit (g, 0);          /* ENTER's operand: finish_self_calls */
        }
      return;
    }
  int known = known_callee (g, n);
  if (known && is_plain_free (g, n->a))
    {
      /* The operator read by the call itself.  */
      note_position (g, n->where);
      emit_op (g, tail ? SCM_OP_FKTAILCALL : SCM_OP_FKCALL);
      emit (g, free_index (g->lam, n->a->var));
      emit (g, n->nargs);
      return;
    }
  compile (g, n->a, CTX_VALUE);
  note_position (g, n->where);
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

/* The entry of contified L: its arguments pushed become its
   parameters, and its body follows, in context CTX.  */
static void
compile_contified_entry (struct cg *g, struct scm_i_node *n,
                         struct scm_i_lambda *l, enum ctx ctx)
{
  long base = g->depth;
  push_args (g, n->args, n->nargs);
  for (size_t i = 0; i < n->nargs; i++)
    l->params[i]->slot = (int) (base + (long) i);
  l->c_base = base;
  l->c_head = g->n;
  l->c_placed = 1;
  g->label = g->n;              /* the loop's jumps land here */
  for (size_t i = 0; i < n->nargs; i++)
    if (scm_i_var_boxed (l->params[i]))
      {
        emit_op (g, SCM_OP_BOX);
        emit (g, l->params[i]->slot);
      }
  size_t first = g->nlocals;
  for (size_t i = 0; i < n->nargs; i++)
    begin_local (g, l->params[i], (uint32_t) l->params[i]->slot, 0);
  compile (g, l->body, ctx);
  for (size_t i = 0; i < n->nargs; i++)
    end_local (g, first + i);
  if (ctx != CTX_TAIL && n->nargs > 0)
    emit_drop (g, n->nargs);
  adjust_depth (g, -(long) n->nargs);
}

/* The arguments of call N (at least one) before a self tail call that
   takes the last in acc: no PUSH, and its _PUSH forms (ADDLK_PUSH,
   VREF_L_PUSH) need not be.  The depth counts it as pushed.  */
static void
args_last_in_acc (struct cg *g, struct scm_i_node *n)
{
  push_args (g, n->args, n->nargs - 1);
  compile (g, n->args[n->nargs - 1], CTX_VALUE);
  adjust_depth (g, 1);
  note_position (g, n->where);
}

/* A jump of the arguments to the parameters of contified L (or of the
   lambda being compiled, from BASE 0), with an interrupt check.  */
static void
compile_loop_jump (struct cg *g, struct scm_i_node *n, long base, size_t head)
{
  if (n->nargs == 0)
    {
      note_position (g, n->where);
      emit_op (g, SCM_OP_SELF_TAILCALL);
    }
  else
    {
      args_last_in_acc (g, n);
      emit_op (g, n->nargs == 1 ? SCM_OP_SELF_TAILCALL1
               : n->nargs == 2 ? SCM_OP_SELF_TAILCALL2
               : SCM_OP_SELF_TAILCALL_ACC);
    }
  emit (g, n->nargs);
  emit (g, (scm_t_bits) base);
  emit (g, head);
  adjust_depth (g, -(long) n->nargs);
}

/* A call of a global that holds a subr of fixed arity, with one to
   three arguments, calls its C function from the instruction
   (SUBR_CALL): no frame, no arity decoding.  The operands are the
   variable, the subr it held when the call was compiled (the guard: if
   the variable holds anything else, the slow path makes an ordinary
   call of that) and the subr to run, the same one or a fixed-arity
   entry of a subr with a rest list (scm_i_subr_direct).  Returns 0 if
   call N is no such call.  */
static void prim_operands (struct cg *g, struct scm_i_node *n);

/* ------------------------------------------------------------------ */
/* Calls of record procedures.  A procedure that define-record-type
   made (derived.c) is a closure over the record type whose body is
   one record instruction on its parameters; read from its code, it
   lets a call of a global that holds it run that instruction inline
   (KREC_ACCESS, KREC_MAKE), with the type as a constant.  */

/* A vector of the values of the N nodes at ARGS if all are constants,
   else #f: a constructor's fields (KREC_MAKE_K, REC_MAKE_K).  */
static SCM
constants_vector (struct scm_i_node **args, size_t n)
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
  SCM fields = constants_vector (n->args, n->nargs);
  if (scm_is_false (fields))
    return 0;
  /* The slow path places the N, then a frame and the N again.  */
  if (g->depth + (long) (SCM_I_FRAME_HEADER + 2 * n->nargs) > g->max_depth)
    g->max_depth = g->depth + SCM_I_FRAME_HEADER + 2 * n->nargs;
  note_position (g, n->where);
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
  prim_operands (g, n);
  note_position (g, n->where);
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
/* Calls of small procedures, inline.  A call with no arguments of a
   global that holds a closure of no arguments and no free values,
   whose body is a few instructions that use no frame of their own
   (new-leaf's (make-node #f #f 0 0): constants pushed and KREC_MAKE),
   runs a copy of those instructions in the caller's frame: no frame,
   no call, no return.  INLINE_GUARD before the copy jumps to an
   ordinary call when the variable holds anything else, so a
   redefinition or an assignment takes effect as for any call.  The
   copy is the callee's own code, guards and all: it does what the
   call would, less the frame (which a backtrace no longer shows).  */

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
  size_t ret = emit_frame (g);
  adjust_depth (g, SCM_I_FRAME_HEADER);
  emit_call (g, n, 0);
  patch_here (g, ret);
  adjust_depth (g, -(long) SCM_I_FRAME_HEADER);
}

/* Nonzero if the positions of CODE's instructions may be copied into
   G's source map: CODE has none, or they are in G's file.  */
static int
same_file (struct cg *g, SCM code)
{
  SCM file = SCM_CELL_OBJECT (code, SCM_I_CODE_FILE);
  if (SCM_CELL_WORD (code, SCM_I_CODE_SRCMAP) == 0 || scm_is_false (file))
    return 1;
  if (scm_is_false (g->file))
    g->file = file;
  return scm_is_equal (g->file, file);
}

/* Map the copy of words [START, END) of CODE, which begins at word AT
   of G's code, to the positions that CODE gave them: an error raised
   in the copy names the callee's source, as it did from the call.  */
static void
copy_positions (struct cg *g, SCM code, size_t start, size_t end, size_t at)
{
  const struct scm_i_srcmap *m
    = (const struct scm_i_srcmap *) SCM_CELL_WORD (code, SCM_I_CODE_SRCMAP);
  for (size_t i = 0; i < scm_i_srcmap_count (m); i++)
    if (m->entries[i].offset >= start && m->entries[i].offset < end)
      {
        struct scm_i_srcmap_entry e = m->entries[i];
        e.offset = (uint32_t) (at + e.offset - start);
        add_position (g, e);
      }
}

/* INLINE_GUARD on the global that call N's operator reads, for the
   procedure it holds now; the index of its label operand, to patch
   where the ordinary call is.  */
static size_t
emit_global_guard (struct cg *g, struct scm_i_node *n)
{
  note_position (g, n->where);
  emit_op (g, SCM_OP_INLINE_GUARD);
  emit_scm (g, n->a->value);
  emit_scm (g, SCM_CELL_OBJECT (n->a->value, 1));
  size_t guard = g->n;
  emit (g, 0);
  return guard;
}

/* Call N inline as above: the guard, the copy (its opcodes back from
   their labels, its operands as they are: none is a jump target),
   then past the ordinary call.  0 if N is no such call.  */
static int
compile_inline_call (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  size_t start, end, need;
  if (n->a->kind != SCM_I_N_GREF || n->nargs != 0)
    return 0;
  SCM proc = SCM_CELL_OBJECT (n->a->value, 1);
  if (!scm_i_inline_body (proc, &start, &end, &need)
      || !same_file (g, SCM_I_CLOSURE_CODE (proc)))
    return 0;
  SCM code = SCM_I_CLOSURE_CODE (proc);
  const scm_t_bits *c = scm_i_code_entry (code);
  size_t guard = emit_global_guard (g, n);
  /* The callee's need, less the slack every frame keeps anyway.  */
  if (g->depth + (long) need - FRAME_SLACK > g->max_depth)
    g->max_depth = g->depth + (long) need - FRAME_SLACK;
  copy_positions (g, code, start, end, g->n);
  for (size_t i = start; i < end;)
    {
      unsigned nops = 0;
      int op = scm_i_code_op_at (c, end, &i, &nops);
      emit_op (g, op);
      for (unsigned j = 1; j <= nops; j++)
        emit (g, c[i + j]);
      i += 1 + nops;
    }
  size_t past = 0;
  if (ctx == CTX_TAIL)
    emit_op (g, SCM_OP_RETURN);
  else
    past = emit_jump (g, SCM_OP_JUMP);
  patch_here (g, guard);
  compile_plain_call (g, n, ctx);
  if (past)
    patch_here (g, past);
  return 1;
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
      for (size_t i = 0; i < n->nargs; i++)
        if (!twice_compilable (n->args[i]))
          return 0;
      return n->kind != SCM_I_N_PRIM || n->fallback == NULL;
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
  push_args (g, n->args, ks->nreq);
  for (size_t i = 0; i < nkeys; i++)
    {
      struct scm_i_node *v
        = key_value_in_place (g, n, ks, SCM_VECTOR_REF (ks->keys, i));
      if (v != NULL)
        push_value (g, v);
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
        compile (g, n->args[i + 1], CTX_VALUE);
        emit_op (g, SCM_OP_LSET);
        emit (g, (scm_t_bits) (base + (long) ks->nreq
                               + key_index (ks->keys, n->args[i]->value)));
      }
  emit_op (g, SCM_OP_CONST);
  emit_scm (g, ks->body);
  note_position (g, n->where);
  emit_op (g, tail ? SCM_OP_TAILCALL : SCM_OP_CALL);
  emit (g, ks->nreq + nkeys);
  adjust_depth (g, -(long) (ks->nreq + nkeys));
}

/* The call of N as any call makes it: its arguments pushed, then a
   tail call, or a frame and a call (of its own code if it calls the
   lambda being compiled).  */
static void
compile_ordinary_call (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  if (ctx == CTX_TAIL && is_global_self_call (g, n)
      && n->nargs >= 1 && n->nargs <= 3)
    {
      /* The slow path pushes the last argument.  */
      args_last_in_acc (g, n);
      emit_op (g, n->nargs == 1 ? SCM_OP_GSELFTAILCALL1
               : n->nargs == 2 ? SCM_OP_GSELFTAILCALL2
               : SCM_OP_GSELFTAILCALL3);
      emit_scm (g, n->a->value);
      emit_scm (g, n->a->sym);
      emit (g, n->nargs);
      emit (g, 0);              /* the entry, a jump target */
      adjust_depth (g, -(long) n->nargs);
      return;
    }
  if (ctx == CTX_TAIL)
    {
      push_args (g, n->args, n->nargs);
      emit_call (g, n, 1);
      adjust_depth (g, -(long) n->nargs);
      return;
    }
  size_t ret = emit_frame (g);
  adjust_depth (g, SCM_I_FRAME_HEADER);
  push_args (g, n->args, n->nargs);
  if (is_self_call (g, n))
    {
      /* Its own code, from the top: no closure to load and check.  */
      note_position (g, n->where);
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
      size_t ret = emit_frame (g);
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

/* The header type code that PRED tests, if it is one of the type
   predicates whose whole test is scm_has_tc8 (known by their C
   function, so a renamed import counts), or SCM_I_TC8_EXACT_INTEGER
   for exact-integer?; else -1.  */
static int
predicate_tc8 (SCM pred)
{
  static const struct { SCM (*fn) (SCM); enum scm_tc8 tc8; } preds[] = {
    { scm_symbol_p, scm_tc8_symbol }, { scm_string_p, scm_tc8_string },
    { scm_vector_p, scm_tc8_vector }, { scm_keyword_p, scm_tc8_keyword },
    { scm_bytevector_p, scm_tc8_bytevector },
  };
  if (!scm_is_subr (pred))
    return -1;
  /* Not a header's type code: the VM tests fixnum or bignum.  */
  if (SCM_CELL_WORD (pred, 1) == (scm_t_bits) scm_exact_integer_p)
    return SCM_I_TC8_EXACT_INTEGER;
  for (size_t i = 0; i < sizeof preds / sizeof preds[0]; i++)
    if (SCM_CELL_WORD (pred, 1) == (scm_t_bits) preds[i].fn)
      return preds[i].tc8;
  return -1;
}

/* The type code of call N if it is a call with one argument of a
   global holding such a predicate when it is compiled; else -1.  */
static int
type_test_call (struct scm_i_node *n)
{
  if (n->kind != SCM_I_N_CALL || n->a->kind != SCM_I_N_GREF
      || n->nargs != 1)
    return -1;
  return predicate_tc8 (SCM_CELL_OBJECT (n->a->value, 1));
}

/* OP VAR PRED for type-test call N, whose variable must still hold
   PRED when it runs.  */
static void
emit_type_op (struct cg *g, struct scm_i_node *n, enum scm_i_opcode op)
{
  note_position (g, n->where);
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
  prim_operands (g, n);
  emit_type_op (g, n, SCM_OP_TYPEP);
  emit (g, tc8);
  finish (g, ctx);
  return 1;
}

/* (symbol? x) & co as a test: BRL_TYPEP of a plain local, else x's
   code and BR_TYPEP; the index of the jump's operand (0 if TEST is
   no such call).  */
static size_t
compile_type_test (struct cg *g, struct scm_i_node *test)
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
      prim_operands (g, test);
      emit_type_op (g, test, SCM_OP_BR_TYPEP);
    }
  emit (g, tc8);
  emit (g, 0);
  return g->n - 1;
}

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
  prim_operands (g, n);
  note_position (g, n->where);
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
  prim_operands (g, n);
  note_position (g, n->where);
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
  struct scm_i_var *v = n->a->var;
  return v->fixed ? v->self : v->known;
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
  compile (g, body, ctx);
  return 1;
}

/* The copied body of leaf call TEST when it needs no binding, compiled
   as a test, or 0 (nothing emitted) if it is no such call.  */
static int
compile_leaf_test (struct cg *g, struct scm_i_node *test, size_t *chain)
{
  struct scm_i_lambda *l = test->kind == SCM_I_N_CALL
    ? leaf_callee (g, test) : NULL;
  struct scm_i_node *body = l ? scm_i_leaf_call (g->lam, l, test, 1) : NULL;
  if (body == NULL)
    return 0;
  *chain = compile_test (g, body);
  return 1;
}

static void
compile_call (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  if (SCM_UNLIKELY (scm_i_compile_warnings_p ()))
    scm_i_warn_call (g->lam, n);
  if (compile_type_call (g, n, ctx)
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
        compile_loop_jump (g, n, cl->c_base, cl->c_head);
      return;
    }
  if (ctx == CTX_TAIL && is_self_call (g, n))
    {
      /* A loop: the arguments replace the parameters, then a jump past
         ENTER (the frame is already big enough).  */
      compile_loop_jump (g, n, 0, ENTRY_LOOP_OFFSET);
      return;
    }
  compile_ordinary_call (g, n, ctx);
}

/* Compile the operands of inline primitive N: all but the last pushed,
   the last in acc; keep room for the slow path's frame, arguments and
   branch addresses.  */
static void
prim_operands (struct cg *g, struct scm_i_node *n)
{
  long base = g->depth;
  push_args (g, n->args, n->nargs - 1);
  compile (g, n->args[n->nargs - 1], CTX_VALUE);
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
  note_position (g, n->where);
  emit_op (g, op);
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
  compile (g, in_acc, CTX_VALUE);
  if (base + SCM_I_FRAME_HEADER + 2 > g->max_depth)
    g->max_depth = base + SCM_I_FRAME_HEADER + 2;
  note_position (g, n->where);
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
    ? constants_vector (n->args + 1, nvals) : SCM_BOOL_F;
  if (scm_is_true (fields))
    {
      /* (make-node-raw 0 0 0 0): the values from a vector.  */
      compile (g, type, CTX_VALUE);
      note_position (g, n->where);
      emit_op (g, SCM_OP_REC_MAKE_K);
      emit (g, nvals);
      emit_scm (g, fields);
      finish (g, ctx);
      return 1;
    }
  if (n->op == SCM_OP_MAKE_RECORD)
    push_args (g, n->args + 1, nvals);
  else
    {
      push_value (g, n->args[0]);
      if (nvals == 2)
        push_value (g, n->args[3]);
    }
  compile (g, type, CTX_VALUE);
  note_position (g, n->where);
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

static void
compile_prim (struct cg *g, struct scm_i_node *n, enum ctx ctx)
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
          compile (g, n->fallback, ctx);
          return;
        }
      if (compile_body_record (g, n, ctx))
        return;
    }
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
  if (n->op == SCM_OP_VSET && is_plain_local (g, n->args[1]))
    {
      /* (vector-set! v local x): the index not pushed.  */
      long base = g->depth;
      push_value (g, n->args[0]);
      compile (g, n->args[2], CTX_VALUE);
      if (base + SCM_I_FRAME_HEADER + 4 > g->max_depth)
        g->max_depth = base + SCM_I_FRAME_HEADER + 4;
      note_position (g, n->where);
      emit_op (g, SCM_OP_VSET_L);
      emit_scm (g, n->value);
      emit (g, n->args[1]->var->slot);
      adjust_depth (g, -1);
      finish (g, ctx);
      return;
    }
  prim_operands (g, n);
  note_position (g, n->where);
  emit_op (g, n->op);
  emit_scm (g, n->value);
  if (n->op == SCM_OP_MAKE_RECORD)
    emit (g, n->nargs);         /* the only one whose count varies */
  adjust_depth (g, -(long) (n->nargs - 1));
  finish (g, ctx);
}

/* The fused test-and-branch opcode for a test by inline OP, or
   SCM_OP_COUNT.  */
static enum scm_i_opcode
branch_op (enum scm_i_opcode op)
{
  switch (op)
    {
    case SCM_OP_NUM_EQ: return SCM_OP_BR_NUM_EQ;
    case SCM_OP_LT: return SCM_OP_BR_LT;
    case SCM_OP_GT: return SCM_OP_BR_GT;
    case SCM_OP_LE: return SCM_OP_BR_LE;
    case SCM_OP_GE: return SCM_OP_BR_GE;
    case SCM_OP_EQ: return SCM_OP_BR_EQ;
    case SCM_OP_ZEROP: return SCM_OP_BR_ZEROP;
    case SCM_OP_NOT: return SCM_OP_BR_NOT;
    case SCM_OP_NULLP: return SCM_OP_BR_NULLP;
    case SCM_OP_PAIRP: return SCM_OP_BR_PAIRP;
    default: return SCM_OP_COUNT;
    }
}

/* The local-and-constant form of fused comparison BR, or SCM_OP_COUNT.  */
static enum scm_i_opcode
branch_lk_op (enum scm_i_opcode br)
{
  switch (br)
    {
    case SCM_OP_BR_NUM_EQ: return SCM_OP_BRLK_NUM_EQ;
    case SCM_OP_BR_LT: return SCM_OP_BRLK_LT;
    case SCM_OP_BR_GT: return SCM_OP_BRLK_GT;
    case SCM_OP_BR_LE: return SCM_OP_BRLK_LE;
    case SCM_OP_BR_GE: return SCM_OP_BRLK_GE;
    case SCM_OP_BR_EQ: return SCM_OP_BRLK_EQ;
    default: return SCM_OP_COUNT;
    }
}

/* Whether TEST, a fused comparison BR, is of a plain local and a
   constant that BR's local-and-constant form takes: a fixnum for the
   numeric ones, anything for eq?, whose operands may come in either
   order (a case clause's (eq? t 'datum), and (eq? 'datum t)).  Sets
   *L and *K to the two.  */
static int
local_and_constant (struct cg *g, enum scm_i_opcode br,
                    struct scm_i_node *test, struct scm_i_node **l,
                    struct scm_i_node **k)
{
  if (branch_lk_op (br) == SCM_OP_COUNT)
    return 0;
  *l = test->args[0], *k = test->args[1];
  if (br == SCM_OP_BR_EQ && (*l)->kind == SCM_I_N_CONST)
    *l = test->args[1], *k = test->args[0];
  return is_plain_local (g, *l)
    && (br == SCM_OP_BR_EQ ? (*k)->kind == SCM_I_N_CONST
        : is_fixnum_const (*k));
}

/* The local-and-value form of fused comparison BR, or SCM_OP_COUNT.  */
static enum scm_i_opcode
branch_l_op (enum scm_i_opcode br)
{
  switch (br)
    {
    case SCM_OP_BR_NUM_EQ: return SCM_OP_BRL_NUM_EQ;
    case SCM_OP_BR_EQ: return SCM_OP_BRL_EQ;
    case SCM_OP_BR_LT: return SCM_OP_BRL_LT;
    case SCM_OP_BR_GT: return SCM_OP_BRL_GT;
    case SCM_OP_BR_LE: return SCM_OP_BRL_LE;
    case SCM_OP_BR_GE: return SCM_OP_BRL_GE;
    default: return SCM_OP_COUNT;
    }
}

/* The two-locals form of fused comparison BR, or SCM_OP_COUNT.  */
static enum scm_i_opcode
branch_ll_op (enum scm_i_opcode br)
{
  switch (br)
    {
    case SCM_OP_BR_NUM_EQ: return SCM_OP_BRLL_NUM_EQ;
    case SCM_OP_BR_LT: return SCM_OP_BRLL_LT;
    case SCM_OP_BR_GT: return SCM_OP_BRLL_GT;
    case SCM_OP_BR_LE: return SCM_OP_BRLL_LE;
    case SCM_OP_BR_GE: return SCM_OP_BRLL_GE;
    default: return SCM_OP_COUNT;
    }
}

/* The value-and-local form of fused comparison BR, or SCM_OP_COUNT.  */
static enum scm_i_opcode
branch_r_op (enum scm_i_opcode br)
{
  switch (br)
    {
    case SCM_OP_BR_NUM_EQ: return SCM_OP_BRR_NUM_EQ;
    case SCM_OP_BR_LT: return SCM_OP_BRR_LT;
    case SCM_OP_BR_GT: return SCM_OP_BRR_GT;
    case SCM_OP_BR_LE: return SCM_OP_BRR_LE;
    case SCM_OP_BR_GE: return SCM_OP_BRR_GE;
    default: return SCM_OP_COUNT;
    }
}

/* The negated fused comparison for (not (OP a b)), or SCM_OP_COUNT.  */
static enum scm_i_opcode
branch_not_op (struct scm_i_node *test)
{
  if (test->kind != SCM_I_N_PRIM || test->op != SCM_OP_NOT
      || test->args[0]->kind != SCM_I_N_PRIM)
    return SCM_OP_COUNT;
  switch (test->args[0]->op)
    {
    case SCM_OP_NUM_EQ: return SCM_OP_BRN_NUM_EQ;
    case SCM_OP_LT: return SCM_OP_BRN_LT;
    case SCM_OP_GT: return SCM_OP_BRN_GT;
    case SCM_OP_LE: return SCM_OP_BRN_LE;
    case SCM_OP_GE: return SCM_OP_BRN_GE;
    default: return SCM_OP_COUNT;
    }
}

/* Whether TEST is what a case clause of more than a few data makes
   (expand.c, case_test): the private memv of a plain local and a
   constant proper list of data that eqv? compares by identity.  As a
   test it is BRL_MEMQ, the list searched in the VM with no call (the
   private memv is a constant, so it needs no guard; its result, a tail
   or #f, is true exactly when BRL_MEMQ falls through).  */
static int
is_memq_test (struct cg *g, struct scm_i_node *test)
{
  if (test->kind != SCM_I_N_CALL || test->nargs != 2
      || test->a->kind != SCM_I_N_CONST
      || !scm_is_eq (test->a->value,
                     scm_i_private_procedure (SCM_I_PRIVATE_MEMV))
      || !is_plain_local (g, test->args[0])
      || test->args[1]->kind != SCM_I_N_CONST
      || scm_c_list_length (test->args[1]->value) < 0)
    return 0;
  for (SCM l = test->args[1]->value; scm_is_pair (l); l = SCM_CDR (l))
    if (SCM_HEAP_OBJECT_P (SCM_CAR (l)) && scm_is_number (SCM_CAR (l)))
      return 0;
  return 1;
}

/* Whether every element of proper list L is a datum that PRED's
   comparison tells apart by identity (eqv_is_identity or
   equal_is_identity).  */
static int
all_elements (SCM l, int (*pred) (SCM))
{
  for (; scm_is_pair (l); l = SCM_CDR (l))
    if (!pred (SCM_CAR (l)))
      return 0;
  return 1;
}

/* eqv? with X is eq?: X is no number on the heap (a bignum, a flonum
   ...), which eqv? compares by value.  */
static int
eqv_is_identity (SCM x)
{
  return !(SCM_HEAP_OBJECT_P (x) && scm_is_number (x));
}

/* equal? with X is eq?: X is an immediate (a character, a fixnum, a
   boolean, the empty list...) or a symbol.  */
static int
equal_is_identity (SCM x)
{
  return !SCM_HEAP_OBJECT_P (x) || scm_is_symbol (x);
}

/* Whether TEST is a call, of a global holding the core's memq, memv or
   member when it is compiled, of a plain local and a constant proper
   list of data that the procedure's comparison tells apart by
   identity: (memv c '(#\a #\b)), (memq t '(id string)).  */
static int
is_global_memq_test (struct cg *g, struct scm_i_node *test)
{
  if (test->kind != SCM_I_N_CALL || test->nargs != 2
      || test->a->kind != SCM_I_N_GREF
      || !is_plain_local (g, test->args[0])
      || test->args[1]->kind != SCM_I_N_CONST
      || scm_c_list_length (test->args[1]->value) < 0)
    return 0;
  SCM proc = SCM_CELL_OBJECT (test->a->value, 1);
  if (!scm_is_subr (proc))
    return 0;
  scm_t_bits fn = SCM_CELL_WORD (proc, 1);
  SCM l = test->args[1]->value;
  if (fn == (scm_t_bits) scm_memq)
    return 1;
  if (fn == (scm_t_bits) scm_memv)
    return all_elements (l, eqv_is_identity);
  if (fn == (scm_t_bits) scm_member)
    return all_elements (l, equal_is_identity);
  return 0;
}

static size_t compile_simple_test (struct cg *g, struct scm_i_node *test);

/* The search of constant list L (of data that eqv? compares by
   identity) for fp[SLOT] as a test: BRL_CHARSET with a bitmap when L
   holds only characters below 256 (a lexer's clause of letters: one
   test, not a walk of the list), else BRL_MEMQ.  The index of the
   false jump's operand.  */
static size_t
emit_memq_test (struct cg *g, size_t slot, SCM l)
{
  int chars = 1;
  for (SCM x = l; scm_is_pair (x) && chars; x = SCM_CDR (x))
    chars = SCM_CHARP (SCM_CAR (x)) && SCM_CHAR (SCM_CAR (x)) < 256;
  if (chars)
    {
      SCM bits = scm_c_make_bytevector (32);
      uint8_t *b = SCM_BYTEVECTOR_CONTENTS (bits);
      memset (b, 0, 32);
      for (SCM x = l; scm_is_pair (x); x = SCM_CDR (x))
        b[SCM_CHAR (SCM_CAR (x)) >> 3] |= 1u << (SCM_CHAR (SCM_CAR (x)) & 7);
      emit_op (g, SCM_OP_BRL_CHARSET);
      emit (g, slot);
      emit_scm (g, bits);
    }
  else
    {
      emit_op (g, SCM_OP_BRL_MEMQ);
      emit (g, slot);
      emit_scm (g, l);
    }
  emit (g, 0);
  return g->n - 1;
}

/* TEST as is_global_memq_test takes it: INLINE_GUARD on the global,
   then BRL_MEMQ, the list searched in the VM with no call; when the
   global holds anything else, the ordinary call and its test.  The
   chain of the false jumps of both (compile_test).  */
static size_t compile_guarded_memq_test (struct cg *g,
                                         struct scm_i_node *test, SCM var,
                                         SCM proc, size_t slot, SCM l);

static size_t
compile_global_memq_test (struct cg *g, struct scm_i_node *test)
{
  SCM var = test->a->value;
  return compile_guarded_memq_test (g, test, var, SCM_CELL_OBJECT (var, 1),
                                    test->args[0]->var->slot,
                                    test->args[1]->value);
}

/* ---- (eqv? local 'datum) and (equal? local 'datum) as tests ----
   When the datum is one the procedure compares by identity (a symbol,
   a fixnum, a character...: eqv_is_identity, equal_is_identity), the
   test is BRL_MEMQ of the one-element list, after INLINE_GUARD on the
   procedure's variable: no EQV and JUMPF (whose miss called
   scm_is_eqv), no subr call of equal?.  When the variable holds
   another procedure, the ordinary test runs.  */

/* The variable guarding TEST and the procedure it must hold, when TEST
   is (eqv? A B) inline or (equal? A B) of the core's equal?, in *VAR
   and *PROC; the predicate of the data it compares by identity, or
   NULL.  */
static int (*identity_compare (struct scm_i_node *test, SCM *var,
                               SCM *proc)) (SCM)
{
  if (test->nargs != 2)
    return NULL;
  if (test->kind == SCM_I_N_PRIM && test->op == SCM_OP_EQV)
    {
      *var = test->value;
      *proc = SCM_CELL_OBJECT (*var, 1);
      return scm_is_eq (*proc, scm_i_inline_primitive (SCM_OP_EQV))
        ? eqv_is_identity : NULL;
    }
  if (test->kind != SCM_I_N_CALL || test->a->kind != SCM_I_N_GREF)
    return NULL;
  *var = test->a->value;
  *proc = SCM_CELL_OBJECT (*var, 1);
  return scm_is_subr (*proc)
    && SCM_CELL_WORD (*proc, 1) == (scm_t_bits) scm_equal_p
    ? equal_is_identity : NULL;
}

/* Whether TEST is such a compare of a plain local and a constant, in
   either order: the local's slot in *SLOT, the constant in *DATUM.  */
static int
is_identity_compare_test (struct cg *g, struct scm_i_node *test,
                          size_t *slot, SCM *datum, SCM *var, SCM *proc)
{
  int (*identity) (SCM) = identity_compare (test, var, proc);
  if (identity == NULL)
    return 0;
  for (int k = 0; k < 2; k++)
    {
      struct scm_i_node *l = test->args[k], *c = test->args[1 - k];
      if (is_plain_local (g, l) && c->kind == SCM_I_N_CONST
          && identity (c->value))
        {
          *slot = l->var->slot;
          *datum = c->value;
          return 1;
        }
    }
  return 0;
}

/* The search of constant list L for fp[SLOT] as TEST's test, after
   INLINE_GUARD on VAR for PROC; when VAR holds anything else, TEST the
   ordinary way.  The chain of the false jumps of both (compile_test).  */
static size_t
compile_guarded_memq_test (struct cg *g, struct scm_i_node *test, SCM var,
                           SCM proc, size_t slot, SCM l)
{
  note_position (g, test->where);
  emit_op (g, SCM_OP_INLINE_GUARD);
  emit_scm (g, var);
  emit_scm (g, proc);
  size_t guard = g->n;
  emit (g, 0);
  size_t fast_false = emit_memq_test (g, slot, l) + 1;
  size_t fast_true = emit_jump (g, SCM_OP_JUMP) + 1;
  patch_here (g, guard);
  size_t slow_false = compile_simple_test (g, test) + 1;
  patch_chain (g, fast_true);
  return join_chains (g, fast_false, slow_false);
}

/* IF_NULL when T is (null? local), IF_PAIR when it is (pair? local),
   the local a plain one; else SCM_OP_COUNT.  */
static enum scm_i_opcode
local_type_op (struct cg *g, struct scm_i_node *t,
               enum scm_i_opcode if_null, enum scm_i_opcode if_pair)
{
  if (t->kind != SCM_I_N_PRIM
      || (t->op != SCM_OP_NULLP && t->op != SCM_OP_PAIRP)
      || !is_plain_local (g, t->args[0]))
    return SCM_OP_COUNT;
  return t->op == SCM_OP_NULLP ? if_null : if_pair;
}

/* BRLN_NULLP or BRLN_PAIRP when TEST is (not (null? local)) or (not
   (pair? local)), else SCM_OP_COUNT.  */
static enum scm_i_opcode
not_local_type_op (struct cg *g, struct scm_i_node *test)
{
  if (test->kind != SCM_I_N_PRIM || test->op != SCM_OP_NOT)
    return SCM_OP_COUNT;
  return local_type_op (g, test->args[0], SCM_OP_BRLN_NULLP,
                        SCM_OP_BRLN_PAIRP);
}

/* Compile TEST, not an IF or a constant, so that control falls
   through when it is true and goes to the returned operand's target
   when it is false.  */
static size_t
compile_simple_test (struct cg *g, struct scm_i_node *test)
{
  enum scm_i_opcode brn = branch_not_op (test);
  if (brn != SCM_OP_COUNT)
    {
      /* (not (< a b)): one instruction tests and branches, with the
         variables of both primitives as guards.  */
      struct scm_i_node *cmp = test->args[0];
      prim_operands (g, cmp);
      note_position (g, cmp->where);
      emit_op (g, brn);
      emit_scm (g, cmp->value);
      emit_scm (g, test->value);
      emit (g, 0);
      adjust_depth (g, -1);
      return g->n - 1;
    }
  enum scm_i_opcode brln = not_local_type_op (g, test);
  if (brln != SCM_OP_COUNT)
    {
      /* (not (null? local)) or (not (pair? local)): no LREF, type test
         nor BR_NOT, with the variables of both primitives as guards.  */
      struct scm_i_node *type = test->args[0];
      note_position (g, type->where);
      emit_op (g, brln);
      emit_scm (g, type->value);
      emit_scm (g, test->value);
      emit (g, type->args[0]->var->slot);
      emit (g, 0);
      return g->n - 1;
    }
  size_t type_jump = compile_type_test (g, test);
  if (type_jump != 0)
    return type_jump;
  if (is_memq_test (g, test))
    return emit_memq_test (g, test->args[0]->var->slot,
                           test->args[1]->value);
  enum scm_i_opcode br = test->kind == SCM_I_N_PRIM
    ? branch_op (test->op) : SCM_OP_COUNT;
  struct scm_i_node *l, *k;
  if (br != SCM_OP_COUNT && local_and_constant (g, br, test, &l, &k))
    {
      /* (< local K), (eq? local 'k) and the like: one instruction with
         its branch.  */
      if (g->depth + SCM_I_FRAME_HEADER + 5 > g->max_depth)
        g->max_depth = g->depth + SCM_I_FRAME_HEADER + 5;
      note_position (g, test->where);
      emit_op (g, branch_lk_op (br));
      emit_scm (g, test->value);
      emit (g, l->var->slot);
      emit_scm (g, k->value);
      emit (g, 0);
      return g->n - 1;
    }
  if (br != SCM_OP_COUNT && branch_ll_op (br) != SCM_OP_COUNT
      && is_plain_local (g, test->args[0])
      && is_plain_local (g, test->args[1]))
    {
      /* (< local local): both read by the instruction, no LREF.  */
      if (g->depth + SCM_I_FRAME_HEADER + 5 > g->max_depth)
        g->max_depth = g->depth + SCM_I_FRAME_HEADER + 5;
      note_position (g, test->where);
      emit_op (g, branch_ll_op (br));
      emit_scm (g, test->value);
      emit (g, test->args[0]->var->slot);
      emit (g, test->args[1]->var->slot);
      emit (g, 0);
      return g->n - 1;
    }
  if (br != SCM_OP_COUNT && branch_l_op (br) != SCM_OP_COUNT
      && is_plain_local (g, test->args[0]))
    {
      /* (< local x) and the like: the local read by the instruction.  */
      long base = g->depth;
      compile (g, test->args[1], CTX_VALUE);
      if (base + SCM_I_FRAME_HEADER + 4 > g->max_depth)
        g->max_depth = base + SCM_I_FRAME_HEADER + 4;
      note_position (g, test->where);
      emit_op (g, branch_l_op (br));
      emit_scm (g, test->value);
      emit (g, test->args[0]->var->slot);
      emit (g, 0);
      return g->n - 1;
    }
  if (br != SCM_OP_COUNT && branch_r_op (br) != SCM_OP_COUNT
      && is_plain_local (g, test->args[1]))
    {
      /* (< x local) and the like: x into acc, the local read by the
         instruction.  */
      long base = g->depth;
      compile (g, test->args[0], CTX_VALUE);
      emit_op_on_slot (g, test, branch_r_op (br), test->args[1],
                       base + SCM_I_FRAME_HEADER + 4);
      emit (g, 0);
      return g->n - 1;
    }
  if (test->kind == SCM_I_N_PRIM && test->op == SCM_OP_VREF
      && is_plain_local (g, test->args[1]))
    {
      /* (if (vector-ref v local) ...): the element tested where it is
         read, no JUMPF after it.  */
      struct scm_i_node *v = test->args[0];
      long top = g->depth + SCM_I_FRAME_HEADER + 4;
      if (is_plain_free (g, v))
        {
          /* The vector a free value: no FREF either.  */
          if (top > g->max_depth)
            g->max_depth = top;
          note_position (g, test->where);
          emit_op (g, SCM_OP_BR_VREF_FL);
          emit_scm (g, test->value);
          emit (g, free_index (g->lam, v->var));
          emit (g, test->args[1]->var->slot);
        }
      else
        {
          compile (g, v, CTX_VALUE);
          emit_op_on_slot (g, test, SCM_OP_BR_VREF_L, test->args[1], top);
        }
      emit (g, 0);
      return g->n - 1;
    }
  if ((br == SCM_OP_BR_NULLP || br == SCM_OP_BR_PAIRP)
      && is_plain_local (g, test->args[0]))
    {
      /* (null? local): no LREF before the test.  */
      emit_op_on_slot (g, test, br == SCM_OP_BR_NULLP ? SCM_OP_BRL_NULLP
                       : SCM_OP_BRL_PAIRP, test->args[0],
                       g->depth + SCM_I_FRAME_HEADER + 3);
      emit (g, 0);
      return g->n - 1;
    }
  if (br == SCM_OP_COUNT)
    {
      compile (g, test, CTX_VALUE);
      return emit_jump (g, SCM_OP_JUMPF);
    }
  prim_operands (g, test);
  note_position (g, test->where);
  emit_op (g, br);
  emit_scm (g, test->value);
  emit (g, 0);
  adjust_depth (g, -(long) (test->nargs - 1));
  return g->n - 1;
}

static int
is_false_const (struct scm_i_node *n)
{
  return n->kind == SCM_I_N_CONST && scm_is_false (n->value);
}

/* Nonzero if N is what `or' makes of (or A B ...): (let ((t A)) (if t
   t REST)), its temporary read nowhere else.  */
static int
is_or_let (struct scm_i_node *n)
{
  return n->kind == SCM_I_N_LET && n->nargs == 1 && n->vars[0]->or_temp
    && n->a->kind == SCM_I_N_IF;
}

/* A test (if A B C): A's test, then B's or C's, each branching to
   the false exit itself, so that `and', `or', `when' and `cond' in a
   test make no value to test again.  */
static size_t
compile_if_test (struct cg *g, struct scm_i_node *n)
{
  size_t a_false = compile_test (g, n->a);
  size_t b_false = compile_test (g, n->b);
  if (is_false_const (n->c))
    return join_chains (g, a_false, b_false);
  size_t b_true = is_false_const (n->b) ? 0 : emit_jump (g, SCM_OP_JUMP) + 1;
  patch_chain (g, a_false);
  size_t c_false = compile_test (g, n->c);
  patch_chain (g, b_true);
  return join_chains (g, b_false, c_false);
}

/* A test nested deep (a wide and, or or cond in a test position is a
   chain of ifs in the test's branches): the rest on more C stack.  */
SCM_I_DEFINE_DEEPER (compile_test_deeper, size_t, compile_test,
                     (struct cg *, g), (struct scm_i_node *, test))

/* Compile TEST so that control falls through when it is true; return
   the chain of the jumps taken when it is false (patch_chain).  */
static size_t
compile_test (struct cg *g, struct scm_i_node *test)
{
  if (SCM_UNLIKELY (scm_i_check_c_stack ("expression")))
    return compile_test_deeper (g, test);
  if (test->kind == SCM_I_N_CONST)
    return scm_is_false (test->value) ? emit_jump (g, SCM_OP_JUMP) + 1 : 0;
  if (test->kind == SCM_I_N_IF)
    return compile_if_test (g, test);
  if (is_or_let (test))
    {
      /* (or A REST) as a test: A's test, true to the end, else REST's.  */
      size_t a_false = compile_test (g, test->args[0]);
      size_t a_true = emit_jump (g, SCM_OP_JUMP) + 1;
      patch_chain (g, a_false);
      size_t rest_false = compile_test (g, test->a->c);
      patch_chain (g, a_true);
      return rest_false;
    }
  if (is_global_memq_test (g, test))
    return compile_global_memq_test (g, test);
  size_t slot;
  SCM datum, var, proc;
  if (is_identity_compare_test (g, test, &slot, &datum, &var, &proc))
    return compile_guarded_memq_test (g, test, var, proc, slot,
                                      scm_list_1 (datum));
  size_t leaf_false;
  if (compile_leaf_test (g, test, &leaf_false))
    return leaf_false;
  return compile_simple_test (g, test) + 1;
}

/* Whether V names a procedure contified into this frame: never read
   (its calls are jumps), so its slot needs no box.  */
static int
is_contified_var (struct cg *g, struct scm_i_var *v)
{
  return v->self != NULL && v->self->host == g->lam;
}

/* (or A REST) for its value: A's value stays in acc when it is true,
   so the temporary needs no slot.  */
static void
compile_or (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  struct scm_i_node *a = n->args[0];
  size_t to_rest;
  enum scm_i_opcode brlt = local_type_op (g, a, SCM_OP_BRLT_NULLP,
                                          SCM_OP_BRLT_PAIRP);
  if (brlt != SCM_OP_COUNT)
    {
      /* (or (null? local) ...) or (or (pair? local) ...): #t or a jump
         in one instruction.  */
      emit_op_on_slot (g, a, brlt, a->args[0],
                       g->depth + SCM_I_FRAME_HEADER + 3);
      emit (g, 0);
      to_rest = g->n - 1;
    }
  else
    {
      compile (g, a, CTX_VALUE);
      to_rest = emit_jump (g, SCM_OP_JUMPF);
    }
  if (ctx == CTX_TAIL)
    {
      emit_op (g, SCM_OP_RETURN);
      patch_here (g, to_rest);
      compile (g, n->a->c, ctx);
      return;
    }
  size_t to_end = emit_jump (g, SCM_OP_JUMP);
  patch_here (g, to_rest);
  compile (g, n->a->c, ctx);
  patch_here (g, to_end);
}

/* ---- Procedures made together (fixes) ----

   A body's definitions, a letrec and a named let set their variables
   in order, so a variable set to a lambda that other closures capture
   needed a box: a closure made before the variable is set copies it.
   At the start of such a LET's sequence, the definitions of lambdas
   that the program never assigns, with nothing between them that runs
   code (constants, definitions of constants), are made together
   instead (a fix): each closure in turn, with the values of those made
   before it and #f for itself and those after, each variable set at
   once, then each #f replaced by %closure-fix!.  No code of the
   program runs from the first of these definitions to the last, and
   nothing before them can mention their variables, so nothing can
   tell; the variables are plain slots, read by LREF and FREF with no
   box and no check (sboyer's and lattice's procedures).  */

/* Whether ITEM of a LET's sequence defines one of the LET's variables
   (FIX_LET) as a lambda made into closures, never assigned.  */
static int
is_fix_definition (struct cg *g, struct scm_i_node *item)
{
  return item->kind == SCM_I_N_LSET && item->a->kind == SCM_I_N_LAMBDA
    && item->var->fix_let && !item->var->user_assigned
    && item->var->self == item->a->lam && !is_contified_var (g, item->var);
}

/* Whether ITEM runs no code of the program and makes no closure.  */
static int
is_inert_item (struct cg *g, struct scm_i_node *item)
{
  return item->kind == SCM_I_N_CONST
    || (item->kind == SCM_I_N_LSET && item->a->kind == SCM_I_N_CONST)
    || (item->kind == SCM_I_N_LSET && is_contified_var (g, item->var)
        && item->a->kind == SCM_I_N_LAMBDA
        && item->var->self == item->a->lam);
}

/* The number of leading items of LET N's sequence that the fix spans
   (0 if none), its definitions' variables marked FIXED.  */
static size_t
find_fix (struct cg *g, struct scm_i_node *n)
{
  struct scm_i_node *body = n->a;
  if (body->kind != SCM_I_N_SEQ)
    return 0;
  for (size_t i = 0; i < n->nargs; i++)
    n->vars[i]->fix_let = 1;
  size_t end = 0, ndefs = 0;
  /* The last item is the body's value, never a definition.  */
  for (; end + 1 < body->nargs; end++)
    {
      struct scm_i_node *item = body->args[end];
      if (is_fix_definition (g, item))
        ndefs++;
      else if (!is_inert_item (g, item))
        break;
    }
  for (size_t i = 0; i < n->nargs; i++)
    n->vars[i]->fix_let = 0;
  if (ndefs == 0)
    return 0;
  for (size_t i = 0; i < end; i++)
    if (body->args[i]->kind == SCM_I_N_LSET
        && body->args[i]->a->kind == SCM_I_N_LAMBDA
        && !is_contified_var (g, body->args[i]->var))
      {
        body->args[i]->var->fixed = 1;
        body->args[i]->var->maybe_unset = 0;
      }
  return end;
}

/* (%closure-fix! closure k value) for free value K of the closure in
   V's slot, the value in W's.  */
static void
emit_closure_fix (struct cg *g, struct scm_i_var *v, size_t k,
                  struct scm_i_var *w, SCM where)
{
  struct scm_i_node *call = scm_i_mk_call
    (where, scm_i_mk_const (scm_i_private_procedure (SCM_I_PRIVATE_CLOSURE_FIX)),
     3);
  call->args[0] = scm_i_mk_node (SCM_I_N_LREF, where);
  call->args[0]->var = v;
  call->args[1] = scm_i_mk_const (SCM_MAKE_FIXNUM (k));
  call->args[2] = scm_i_mk_node (SCM_I_N_LREF, where);
  call->args[2]->var = w;
  compile (g, call, CTX_EFFECT);
}

/* Whether free variable W of the closure of fixed variable D is made
   with it, at D or after: a placeholder until the fix replaces it.
   The fix's variables take slots in their definitions' order.  */
static int
made_later (struct cg *g, struct scm_i_var *d, struct scm_i_var *w)
{
  return w->fixed && scm_i_frame_of (w->owner) == g->lam
    && w->slot >= d->slot;
}

/* The closures of the fix's definitions among ITEMS[0..END), each
   variable set as it is made, then their placeholders replaced.  */
static void
compile_fix (struct cg *g, struct scm_i_node **items, size_t end)
{
  for (size_t i = 0; i < end; i++)
    {
      struct scm_i_node *d = items[i];
      if (d->kind != SCM_I_N_LSET || !d->var->fixed)
        continue;
      struct scm_i_lambda *l = d->a->lam;
      if (l->nfree == 0)
        compile_lambda_node (g, d->a, CTX_VALUE);
      else
        emit_closure (g, l, scm_i_compile_lambda (l), d->var);
      emit_op (g, SCM_OP_LSET);
      emit (g, d->var->slot);
    }
  for (size_t i = 0; i < end; i++)
    {
      struct scm_i_node *d = items[i];
      if (d->kind != SCM_I_N_LSET || !d->var->fixed)
        continue;
      for (size_t j = 0; j < d->a->lam->nfree; j++)
        if (made_later (g, d->var, d->a->lam->free[j]))
          emit_closure_fix (g, d->var, j, d->a->lam->free[j], d->where);
    }
}

/* LET N's sequence, whose first END items the fix spans.  */
static void
compile_fixed_seq (struct cg *g, struct scm_i_node *n, size_t end,
                   enum ctx ctx)
{
  struct scm_i_node *body = n->a;
  compile_fix (g, body->args, end);
  for (size_t i = 0; i + 1 < body->nargs; i++)
    if (i >= end || !(body->args[i]->kind == SCM_I_N_LSET
                      && body->args[i]->var->fixed))
      compile (g, body->args[i], CTX_EFFECT);
  compile (g, body->args[body->nargs - 1], ctx);
}

static void
compile_let (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  if (is_or_let (n))
    {
      compile_or (g, n, ctx);
      return;
    }
  for (size_t i = 0; i < n->nargs; i++)
    {
      /* A binding is pushed as an argument is: a constant, a local or
         (- local K) by one instruction.  */
      n->vars[i]->slot = g->depth;
      push_value (g, n->args[i]);
      if (n->args[i]->kind == SCM_I_N_LAMBDA && !n->vars[i]->assigned)
        n->vars[i]->known = n->args[i]->lam;
    }
  size_t fix_end = find_fix (g, n);
  for (size_t i = 0; i < n->nargs; i++)
    if (scm_i_var_boxed (n->vars[i]) && !is_contified_var (g, n->vars[i]))
      {
        emit_op (g, SCM_OP_BOX);
        emit (g, n->vars[i]->slot);
      }
  size_t first = g->nlocals, named = 0;
  for (size_t i = 0; i < n->nargs; i++)
    if (!is_contified_var (g, n->vars[i]))
      {
        begin_local (g, n->vars[i], (uint32_t) n->vars[i]->slot, 0);
        named++;
      }
  if (fix_end > 0)
    compile_fixed_seq (g, n, fix_end, ctx);
  else
    compile (g, n->a, ctx);
  for (size_t i = 0; i < named; i++)
    end_local (g, first + i);
  if (ctx != CTX_TAIL && n->nargs > 0)
    emit_drop (g, n->nargs);
  adjust_depth (g, -(long) n->nargs);
}

static void
compile_apply (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  int values = n->kind == SCM_I_N_APPLY_VALUES;
  size_t ret = 0;
  if (ctx != CTX_TAIL)
    {
      ret = emit_frame (g);
      adjust_depth (g, SCM_I_FRAME_HEADER);
    }
  compile (g, n->a, CTX_VALUE);
  emit_op (g, SCM_OP_PUSH);
  adjust_depth (g, 1);
  compile (g, n->b, CTX_VALUE);
  note_position (g, n->where);
  if (ctx == CTX_TAIL)
    emit_op (g, values ? SCM_OP_TAILAPPLY_VALUES : SCM_OP_TAILAPPLY);
  else
    {
      emit_op (g, values ? SCM_OP_APPLY_VALUES : SCM_OP_APPLY);
      patch_here (g, ret);
      adjust_depth (g, -SCM_I_FRAME_HEADER);
    }
  adjust_depth (g, -1);
}

/* (%call/cc f), (%call/ec f): F into acc, then the capturing
   instruction, which pushes the continuation (and, for an escape one,
   a tagged frame header) and calls F.  */
static void
compile_capture (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  int escape = n->kind == SCM_I_N_CALLEC;
  size_t ret = 0;
  if (ctx != CTX_TAIL)
    {
      ret = emit_frame (g);
      adjust_depth (g, SCM_I_FRAME_HEADER);
    }
  compile (g, n->a, CTX_VALUE);
  /* What the instruction pushes above the stack.  */
  adjust_depth (g, SCM_I_FRAME_HEADER + 1);
  adjust_depth (g, -(SCM_I_FRAME_HEADER + 1));
  note_position (g, n->where);
  if (ctx == CTX_TAIL)
    emit_op (g, escape ? SCM_OP_TAILCALLEC : SCM_OP_TAILCALLCC);
  else
    {
      emit_op (g, escape ? SCM_OP_CALLEC : SCM_OP_CALLCC);
      patch_here (g, ret);
      adjust_depth (g, -SCM_I_FRAME_HEADER);
    }
}

/* Deep code: the rest of the walk on more C stack.  */
SCM_I_DEFINE_DEEPER_VOID (compile_deeper, compile, (struct cg *, g),
                          (struct scm_i_node *, n), (enum ctx, ctx))

static void
compile (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  if (SCM_UNLIKELY (scm_i_check_c_stack ("expression")))
    {
      compile_deeper (g, n, ctx);
      return;
    }
  scm_i_walk_tick ();
  switch (n->kind)
    {
    case SCM_I_N_CONST:
      if (ctx == CTX_EFFECT)
        return;
      emit_op (g, SCM_OP_CONST);
      emit_scm (g, n->value);
      break;
    case SCM_I_N_LREF:
      compile_lref (g, n->var, n->where);
      break;
    case SCM_I_N_LSET:
      compile_lset (g, n, ctx);
      break;
    case SCM_I_N_GREF: case SCM_I_N_GSET: case SCM_I_N_GDEF:
      compile_global (g, n, ctx);
      break;
    case SCM_I_N_IF:
      compile_if (g, n, ctx);
      return;
    case SCM_I_N_SEQ:
      for (size_t i = 0; i + 1 < n->nargs; i++)
        compile (g, n->args[i], CTX_EFFECT);
      compile (g, n->args[n->nargs - 1], ctx);
      return;
    case SCM_I_N_LAMBDA:
      compile_lambda_node (g, n, ctx);
      return;
    case SCM_I_N_CALL:
      compile_call (g, n, ctx);
      return;
    case SCM_I_N_PRIM:
      compile_prim (g, n, ctx);
      return;
    case SCM_I_N_LET:
      compile_let (g, n, ctx);
      return;
    case SCM_I_N_APPLY: case SCM_I_N_APPLY_VALUES:
      compile_apply (g, n, ctx);
      return;
    case SCM_I_N_CALLCC: case SCM_I_N_CALLEC:
      compile_capture (g, n, ctx);
      return;
    }
  finish (g, ctx);
}

/* Give the self calls of G's code (GSELFCALL, SELF_CALL) ENTER's
   operand, known once the body is compiled: they check the frame's room
   themselves and land after ENTER (5 instructions a call fewer).  */
static void
finish_self_calls (struct cg *g)
{
  for (size_t i = 0; i < g->n; i += 1 + scm_i_op_operands[g->code[i]])
    if (g->code[i] == SCM_OP_GSELFCALL)
      g->code[i + 5] = g->code[1];
    else if (g->code[i] == SCM_OP_SELF_CALL)
      g->code[i + 3] = g->code[1];
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
  SCM_OP_NOT
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

/* Replace each guarded instruction of G's code whose variable is
   private by its unguarded twin: the guard could never fail (sum's
   loop, 4 instructions, 9 machine instructions fewer a turn).  */
static void
unguard_fixed_primitives (struct cg *g)
{
  for (size_t i = 0; i < g->n; i += 1 + scm_i_op_operands[g->code[i]])
    if (twin_of[g->code[i]] != 0
        && private_guard_p (SCM_PACK (g->code[i + 1])))
      g->code[i] = twin_of[g->code[i]];
}

SCM
scm_i_compile_lambda (struct scm_i_lambda *l)
{
  struct cg g = { 0 };
  g.lam = l;
  g.file = SCM_BOOL_F;
  size_t nparams = l->nreq + (l->rest ? 1 : 0);
  for (size_t i = 0; i < nparams; i++)
    l->params[i]->slot = (int) i;
  g.depth = g.max_depth = (long) nparams;
  scm_i_contify (l);

  note_position (&g, l->where);
  emit_op (&g, SCM_OP_ENTER);
  emit (&g, 0);
  for (size_t i = 0; i < nparams; i++)
    if (scm_i_var_boxed (l->params[i]))
      {
        emit_op (&g, SCM_OP_BOX);
        emit (&g, i);
      }
  g.debug = !scm_i_prelude_mode ();
  for (size_t i = 0; i < nparams; i++)
    begin_local (&g, l->params[i], (uint32_t) i, 0);
  for (size_t i = 0; i < l->nfree; i++)
    begin_local (&g, l->free[i], (uint32_t) i, SCM_I_LOCAL_FREE);
  size_t nouter = g.nlocals;
  compile (&g, l->body, CTX_TAIL);
  for (size_t i = 0; i < nouter; i++)
    end_local (&g, i);
  g.code[1] = (size_t) g.max_depth + FRAME_SLACK;  /* ENTER's operand */
  finish_self_calls (&g);
  unguard_fixed_primitives (&g);
  return scm_i_make_code_with_debug (g.code, g.n, l->name, g.file, g.map,
                                     g.nmap, l->nreq, l->rest,
                                     make_debug (&g));
}

SCM
scm_i_compile_toplevel (SCM exp)
{
  struct scm_i_lambda *l = scm_i_expand_toplevel (exp);
  SCM code = scm_i_compile_lambda (l);
  return scm_i_make_closure (code, 0);
}

void
scm_init_compile (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "compile/compile.x"
#endif
}
