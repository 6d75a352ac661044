/* compile.c -- the compiler: expanded trees to threaded bytecode
   SPDX-License-Identifier: LGPL-3.0-or-later

   One pass over a lambda's tree, tracking the stack depth so that every
   local variable has a fixed slot in the frame (lexical addressing).
   Closures are flat: a lambda's free variables are copied into its
   closure when it is made; a variable that is both captured and
   assigned lives in a box, which is what gets copied.  Each call site,
   global reference and inline primitive gets a source-map entry.

   This file holds the walk, the emission helpers and the forms that
   bind and make closures; calls are compiled in calls.c, inline
   primitives in primitives.c, tests and branches in tests.c.  */

#include "runtime/scm-internal.h"
#include "expand/expand-internal.h"
#include "compile/compile-internal.h"
#include "runtime/init-internal.h"
#include "compile/codegen-internal.h"

#include <libscm/pairs.h>
#include <libscm/modules.h>

void *
scm_i_room_for_one (void *array, size_t n, size_t *cap, size_t size,
                    size_t first, int atomic)
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

void
scm_i_add_position (struct cg *g, struct scm_i_srcmap_entry e)
{
  /* A position noted for the word where an inline copy goes on gives
     way to one of the instruction emitted there.  */
  if (g->weak_position != 0 && g->weak_position == g->nmap
      && g->map[g->nmap - 1].offset == e.offset)
    {
      g->map[g->nmap - 1] = e;
      g->weak_position = 0;
      return;
    }
  g->weak_position = 0;
  g->map = scm_i_room_for_one (g->map, g->nmap, &g->mapcap, sizeof *g->map,
                               4, 1);
  g->map[g->nmap++] = e;
}

/* ---- Locals' names, for debuggers ---- */

size_t
scm_i_begin_local (struct cg *g, struct scm_i_var *v, uint32_t slot,
                   uint32_t flags)
{
  if (!g->debug)
    return 0;
  /* Traced: the entries hold the names.  */
  g->locals = scm_i_room_for_one (g->locals, g->nlocals, &g->loccap,
                                  sizeof *g->locals, 8, 0);
  if (scm_i_var_boxed (v))
    flags |= SCM_I_LOCAL_BOXED;
  g->locals[g->nlocals] = (struct scm_i_local_entry) {
    v->name, (uint32_t) g->n, UINT32_MAX, slot, flags };
  return g->nlocals++;
}

void
scm_i_end_local (struct cg *g, size_t i)
{
  if (g->debug)
    g->locals[i].end = (uint32_t) g->n;
}

void
scm_i_note_cold_code (struct cg *g, size_t at, size_t start, size_t end)
{
  if (!g->debug)
    return;
  g->locals = scm_i_room_for_one (g->locals, g->nlocals, &g->loccap,
                                  sizeof *g->locals, 8, 0);
  g->locals[g->nlocals++] = (struct scm_i_local_entry) {
    SCM_BOOL_F, (uint32_t) start, (uint32_t) end, (uint32_t) at,
    SCM_I_LOCAL_COLD };
}

void
scm_i_note_inline_copy (struct cg *g, SCM callee, size_t start, size_t end,
                        size_t ret, int tail, const scm_t_bits *slots,
                        size_t nargs)
{
  if (!g->debug)
    return;
  for (size_t i = 0; i <= nargs; i++)
    {
      g->locals = scm_i_room_for_one (g->locals, g->nlocals,
                                      &g->loccap, sizeof *g->locals, 8, 0);
      g->locals[g->nlocals++] = i == 0
        ? (struct scm_i_local_entry) {
            callee, (uint32_t) start, (uint32_t) end, (uint32_t) ret,
            SCM_I_LOCAL_INLINE | (tail ? SCM_I_LOCAL_INLINE_TAIL : 0)
            | (uint32_t) nargs << SCM_I_LOCAL_INLINE_NARGS }
        : (struct scm_i_local_entry) {
            SCM_BOOL_F, (uint32_t) start, (uint32_t) end,
            (uint32_t) slots[i - 1], SCM_I_LOCAL_INLINE_ARG };
    }
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

void
scm_i_note_position (struct cg *g, SCM where)
{
  scm_i_note_position_at (g, where, g->n);
}

void
scm_i_note_position_at (struct cg *g, SCM where, size_t offset)
{
  SCM file;
  long line, col;
  uint32_t macro;
  if (!scm_i_source_position (where, &file, &line, &col, &macro))
    return;
  if (scm_is_false (g->file))
    g->file = file;
  scm_i_add_position (g, (struct scm_i_srcmap_entry) {
      (uint32_t) offset, (uint32_t) line, (uint32_t) col, macro });
}

void
scm_i_emit_drop (struct cg *g, size_t count)
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

int
scm_i_fuse_after_push (struct cg *g, SCM where, enum scm_i_opcode op)
{
  size_t at = g->n - 1;
  if (!(g->n > 0 && g->last_op_at == at && g->code[at] == SCM_OP_PUSH
        && g->label != g->n
        && (g->nmap == 0 || g->map[g->nmap - 1].offset < at)))
    return 0;
  g->code[at] = op;
  if (scm_is_true (where))
    scm_i_note_position_at (g, where, at);
  return 1;
}

size_t
scm_i_emit_frame (struct cg *g)
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

void
scm_i_patch_chain (struct cg *g, size_t chain)
{
  while (chain != 0)
    {
      size_t next = g->code[chain - 1];
      patch_here (g, chain - 1);
      chain = next;
    }
}

size_t
scm_i_join_chains (struct cg *g, size_t a, size_t b)
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
          scm_i_note_position (g, where);
          emit_op (g, scm_i_var_boxed (v) ? SCM_OP_LREF_BOX : SCM_OP_LREF_CHECK);
          emit (g, v->slot);
          emit_scm (g, v->name);
        }
      else if (g->label != g->n && v->slot == g->depth - 1
               && ((g->n >= 1 && g->last_op_at == g->n - 1
                    && g->code[g->n - 1] == SCM_OP_PUSH)
                   || (g->n >= 2 && g->last_op_at == g->n - 2
                       && g->code[g->n - 2] == SCM_OP_FREF_PUSH)
                   || (g->n >= 3 && g->last_op_at == g->n - 3
                       && g->code[g->n - 3] == SCM_OP_FREF_PUSH2)))
        /* The value just pushed into V's slot is still in acc (PUSH,
           FREF_PUSH and FREF_PUSH2 leave it): a binding tested at once,
           (let ((x (assq k l))) (if x ...)).  */
        ;
      else
        {
          /* After a PUSH (an operand, an argument): PUSH_LREF.  */
          if (!scm_i_fuse_after_push (g, SCM_BOOL_F, SCM_OP_PUSH_LREF))
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
      scm_i_note_position (g, where);
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

/* acc into V, a local's slot (or its box) or a boxed free value.  */
static void
compile_store (struct cg *g, struct scm_i_var *v)
{
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
}

/* The assignment N, (set! v (+ v K)) or (set! v (- v K)) of a boxed
   free variable with the core's + or -, as one FBOX_ADDK_U or
   FBOX_SUBK_U (the three instructions FREF_BOX, ADDI_U, FSET_BOX
   otherwise).  1 if done.  */
static int
compile_free_counter (struct cg *g, struct scm_i_node *n)
{
  struct scm_i_var *v = n->var;
  struct scm_i_node *a = n->a;
  if (scm_i_frame_of (v->owner) == g->lam || !scm_i_var_boxed (v)
      || self_valued (g, v) || a->kind != SCM_I_N_PRIM
      || (a->op != SCM_OP_ADD && a->op != SCM_OP_SUB) || a->nargs != 2
      || a->args[0]->kind != SCM_I_N_LREF || a->args[0]->var != v
      || !is_fixnum_const (a->args[1])
      || !scm_is_eq (a->value, scm_i_private_variable (a->op)))
    return 0;
  scm_i_note_position (g, a->where);
  emit_op (g, a->op == SCM_OP_ADD ? SCM_OP_FBOX_ADDK_U : SCM_OP_FBOX_SUBK_U);
  emit (g, free_index (g->lam, v));
  emit_scm (g, a->args[1]->value);
  emit_scm (g, v->name);
  return 1;
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
  if (!compile_free_counter (g, n))
    {
      scm_i_compile_node (g, n->a, CTX_VALUE);
      compile_store (g, v);
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
  if (n->kind != SCM_I_N_GREF && n->a->kind == SCM_I_N_LAMBDA)
    /* Stored at once, so that while its code runs, the variable
       holds its closure until scm_i_variable_store hears otherwise.  */
    n->a->lam->stored_in = n->value;
  if (n->kind != SCM_I_N_GREF)
    scm_i_compile_node (g, n->a, CTX_VALUE);
  else if (SCM_UNLIKELY (scm_i_compile_warnings_p ()))
    scm_i_warn_global_ref (n);
  scm_i_note_position (g, n->where);
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
  /* No address of a local taken: the else branch in a tail context
     stays a sibling call (a cond of 200,000 clauses is a chain of
     them).  */
  if (scm_i_compile_case_dispatch (g, n, ctx))
    return;
  unsigned nots = scm_i_fixed_nots (n->a);
  struct scm_i_node *a = scm_i_nth_operand (n->a, nots);
  struct scm_i_node *b = nots & 1 ? n->c : n->b;
  struct scm_i_node *c = nots & 1 ? n->b : n->c;
  size_t to_else = scm_i_compile_test (g, a);
  scm_i_compile_node (g, b, ctx);
  if (ctx == CTX_TAIL || (ctx == CTX_EFFECT && c->kind == SCM_I_N_CONST))
    {
      /* No jump over an else branch that is the end or nothing.  */
      scm_i_patch_chain (g, to_else);
      scm_i_compile_node (g, c, ctx);
      return;
    }
  size_t to_end = emit_jump (g, SCM_OP_JUMP);
  scm_i_patch_chain (g, to_else);
  scm_i_compile_node (g, c, ctx);
  patch_here (g, to_end);
}

static int made_later (struct cg *g, struct scm_i_var *d,
                       struct scm_i_var *w);

static void push_slot (struct cg *g, size_t slot);

/* Push acc: PUSH, or FREF_PUSH when acc was just read by an FREF, or
   FREF_PUSH2 when that FREF follows an FREF_PUSH and no jump lands on
   it (a closure's free values, cpstak's continuations), or DROP_PUSH
   after a DROP.  */
static void
emit_push (struct cg *g)
{
  size_t n = g->n;
  if (n >= 4 && g->last_op_at == n - 2 && g->prev_op_at == n - 4
      && g->code[n - 2] == SCM_OP_FREF && g->code[n - 4] == SCM_OP_FREF_PUSH
      && g->label < n - 2)
    {
      g->code[n - 4] = SCM_OP_FREF_PUSH2;
      g->code[n - 2] = g->code[n - 1];
      g->n = n - 1;
      g->last_op_at = g->prev_op_at = n - 4;
    }
  else if (n >= 2 && g->last_op_at == n - 2
           && g->code[n - 2] == SCM_OP_FREF && g->label != n)
    g->code[n - 2] = SCM_OP_FREF_PUSH;
  else if (n >= 2 && g->last_op_at == n - 2 && g->code[n - 2] == SCM_OP_DROP
           && g->label != n)
    /* A let's or a copy's slots given up, then its value pushed: one
       dispatch.  */
    g->code[n - 2] = SCM_OP_DROP_PUSH;
  else if (!scm_i_fuse_cold_push (g))
    emit_op (g, SCM_OP_PUSH);
}

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
          emit_op (g, SCM_OP_CONST_PUSH);
          emit_scm (g, SCM_BOOL_F);
        }
      else if (scm_i_frame_of (l->free[i]->owner) == g->lam)
        /* The slot as it is (a box, if the variable has one).  */
        push_slot (g, l->free[i]->slot);
      else
        {
          compile_raw_ref (g, l->free[i]);
          emit_push (g);
        }
      adjust_depth (g, 1);
    }
  /* One or two free values, the most common: an instruction of their
     own.  */
  emit_op (g, l->nfree == 1 || l->nfree == 2 ? SCM_OP_CLOSURE12
           : SCM_OP_CLOSURE);
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

void
scm_i_emit_op_on_slot (struct cg *g, struct scm_i_node *n,
                       enum scm_i_opcode op, struct scm_i_node *l, long top)
{
  if (top > g->max_depth)
    g->max_depth = top;
  scm_i_note_position (g, n->where);
  emit_op (g, op);
  emit_scm (g, n->value);
  emit (g, l->var->slot);
}

/* What an instruction that reads global vector-ref call N's vector
   does first: the warning of an unknown global, the depth TOP its slow
   path may reach, N's position.  */
static void
begin_global_vref (struct cg *g, struct scm_i_node *n, long top)
{
  if (SCM_UNLIKELY (scm_i_compile_warnings_p ()))
    scm_i_warn_global_ref (n->args[0]);
  if (top > g->max_depth)
    g->max_depth = top;
  scm_i_note_position (g, n->where);
}

void
scm_i_emit_vref_gl (struct cg *g, struct scm_i_node *n, enum scm_i_opcode op,
                    long top)
{
  struct scm_i_node *v = n->args[0];
  begin_global_vref (g, n, top);
  emit_op (g, op);
  emit_scm (g, v->value);
  emit_scm (g, v->sym);
  emit_scm (g, n->value);
  emit (g, n->args[1]->var->slot);
}

void
scm_i_emit_vref_g (struct cg *g, struct scm_i_node *n)
{
  struct scm_i_node *v = n->args[0];
  begin_global_vref (g, n, g->depth + SCM_I_FRAME_HEADER + 3);
  emit_op (g, SCM_OP_VREF_G);
  emit_scm (g, n->value);
  emit_scm (g, v->value);
  emit_scm (g, v->sym);
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
  if (k_local && v->kind == SCM_I_N_GREF)
    {
      /* (f (vector-ref global local)): VREF_GL_PUSH.  */
      scm_i_emit_vref_gl (g, a, SCM_OP_VREF_GL_PUSH,
                          g->depth + 1 + SCM_I_FRAME_HEADER + 2);
      return 1;
    }
  if (!k_local && !is_fixnum_const (k))
    return 0;
  /* v a plain local too: read by the instruction (VREF_LK_PUSH,
     VREF_LL_PUSH), not loaded into acc first.  */
  int v_local = is_plain_local (g, v);
  if (!v_local)
    scm_i_compile_node (g, v, CTX_VALUE);
  if (g->depth + 1 + SCM_I_FRAME_HEADER + 2 > g->max_depth)
    g->max_depth = g->depth + 1 + SCM_I_FRAME_HEADER + 2;
  scm_i_note_position (g, a->where);
  emit_op (g, v_local ? (k_local ? SCM_OP_VREF_LL_PUSH : SCM_OP_VREF_LK_PUSH)
           : k_local ? SCM_OP_VREF_L_PUSH : SCM_OP_VREF_K_PUSH);
  emit_scm (g, a->value);
  if (v_local)
    emit (g, v->var->slot);
  if (k_local)
    emit (g, k->var->slot);
  else
    emit_scm (g, k->value);
  return 1;
}

/* Push fp[SLOT]: LREF_PUSH, or one instruction with the FRAME or
   LREF_PUSH just before it.  */
static void
push_slot (struct cg *g, size_t slot)
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
  else if (g->n >= 2 && g->last_op_at == g->n - 2
           && g->code[g->n - 2] == SCM_OP_PUSH_LREF_PUSH && g->label != g->n)
    {
      /* Two locals after a PUSH: PUSH and LREF_PUSH2, whose pair the
         call after it may take back (GSELFCALL_L2), as before
         PUSH_LREF_PUSH was made.  */
      scm_t_bits first = g->code[g->n - 1];
      g->code[g->n - 2] = SCM_OP_PUSH;
      g->n--;
      emit_op (g, SCM_OP_LREF_PUSH2);
      emit (g, first);
    }
  else if (!scm_i_fuse_after_push (g, SCM_BOOL_F, SCM_OP_PUSH_LREF_PUSH))
    emit_op (g, SCM_OP_LREF_PUSH);
  emit (g, slot);
}

/* (f (car l)) with the core's car (or cdr), just after the call's
   FRAME, no jump landing between and no position noted for the FRAME:
   one FRAME_CAR_L_PUSH_U (or CDR), with car's position.  1 if done.  */
static int
push_field_after_frame (struct cg *g, struct scm_i_node *a)
{
  size_t at = g->n - 2;
  if (!(g->n >= 2 && g->last_op_at == at && g->code[at] == SCM_OP_FRAME
        && g->label != g->n
        && scm_is_eq (a->value, scm_i_private_variable (a->op))
        && (g->nmap == 0 || g->map[g->nmap - 1].offset < at)))
    return 0;
  if (g->depth + 1 > g->max_depth)
    g->max_depth = g->depth + 1;
  scm_i_note_position_at (g, a->where, at);
  g->code[at] = a->op == SCM_OP_CAR ? SCM_OP_FRAME_CAR_L_PUSH_U
    : SCM_OP_FRAME_CDR_L_PUSH_U;
  emit (g, a->args[0]->var->slot);
  return 1;
}

void
scm_i_push_value (struct cg *g, struct scm_i_node *a)
{
  if (a->kind == SCM_I_N_CONST)
    {
      emit_op (g, SCM_OP_CONST_PUSH);
      emit_scm (g, a->value);
    }
  else if (is_plain_local (g, a))
    push_slot (g, a->var->slot);
  else if (a->kind == SCM_I_N_PRIM && scm_i_flo_tree_p (g, a))
    {
      /* A tree of flonum arithmetic: its FLO_TREE, then the push.  */
      scm_i_compile_node (g, a, CTX_VALUE);
      emit_push (g);
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
      scm_i_note_position (g, a->where);
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
      scm_i_compile_node (g, a->args[1], CTX_VALUE);
      enum scm_i_opcode op = a->op == SCM_OP_ADD ? SCM_OP_ADD_L_PUSH
        : SCM_OP_SUB_L_PUSH;
      scm_i_emit_op_on_slot (g, a, op, a->args[0],
                             base + 1 + SCM_I_FRAME_HEADER + 2);
    }
  else if (a->kind == SCM_I_N_PRIM
           && (a->op == SCM_OP_CAR || a->op == SCM_OP_CDR)
           && is_plain_local (g, a->args[0]))
    {
      /* (f (cdr l)): read, checked and pushed in one instruction; its
         slow path keeps a continuation and a frame above the stack.  */
      enum scm_i_opcode op = a->op == SCM_OP_CAR ? SCM_OP_CAR_L_PUSH
        : SCM_OP_CDR_L_PUSH;
      if (!push_field_after_frame (g, a))
        scm_i_emit_op_on_slot (g, a, op, a->args[0],
                               g->depth + 1 + SCM_I_FRAME_HEADER + 1);
    }
  else if (a->kind == SCM_I_N_GREF)
    {
      /* (f global): read, checked and pushed in one instruction.  */
      if (SCM_UNLIKELY (scm_i_compile_warnings_p ()))
        scm_i_warn_global_ref (a);
      scm_i_note_position (g, a->where);
      emit_op (g, SCM_OP_GREF_PUSH);
      emit_scm (g, a->value);
      emit_scm (g, a->sym);
    }
  else if (!push_vector_ref (g, a))
    {
      scm_i_compile_node (g, a, CTX_VALUE);
      emit_push (g);
    }
  adjust_depth (g, 1);
}

void
scm_i_push_args (struct cg *g, struct scm_i_node **args, size_t n)
{
  for (size_t i = 0; i < n; i++)
    scm_i_push_value (g, args[i]);
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
  enum scm_i_opcode brlt = scm_i_local_type_op (g, a, SCM_OP_BRLT_NULLP,
                                                SCM_OP_BRLT_PAIRP);
  if (brlt != SCM_OP_COUNT)
    {
      /* (or (null? local) ...) or (or (pair? local) ...): #t or a jump
         in one instruction.  */
      scm_i_emit_op_on_slot (g, a, brlt, a->args[0],
                             g->depth + SCM_I_FRAME_HEADER + 3);
      emit (g, 0);
      to_rest = g->n - 1;
    }
  else
    {
      scm_i_compile_node (g, a, CTX_VALUE);
      to_rest = emit_jump (g, SCM_OP_JUMPF);
    }
  if (ctx == CTX_TAIL)
    {
      emit_op (g, SCM_OP_RETURN);
      patch_here (g, to_rest);
      scm_i_compile_node (g, n->a->c, ctx);
      return;
    }
  size_t to_end = emit_jump (g, SCM_OP_JUMP);
  patch_here (g, to_rest);
  scm_i_compile_node (g, n->a->c, ctx);
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
  scm_i_compile_node (g, call, CTX_EFFECT);
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

/* Whether ITEM of a fix's span sets a variable to a constant.  */
static int
is_const_definition (struct scm_i_node *item)
{
  return item->kind == SCM_I_N_LSET && item->a->kind == SCM_I_N_CONST;
}

/* The closures of the fix's definitions among ITEMS[0..END), each
   variable set as it is made, then their placeholders replaced.  */
static void
compile_fix (struct cg *g, struct scm_i_node **items, size_t end)
{
  for (size_t i = 0; i < end; i++)
    {
      struct scm_i_node *d = items[i];
      if (is_const_definition (d))
        {
          /* In order: a closure made after it may copy it (a variable
             bound once has no box).  */
          scm_i_compile_node (g, d, CTX_EFFECT);
          continue;
        }
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
    if (i >= end || !((body->args[i]->kind == SCM_I_N_LSET
                       && body->args[i]->var->fixed)
                      || is_const_definition (body->args[i])))
      scm_i_compile_node (g, body->args[i], CTX_EFFECT);
  scm_i_compile_node (g, body->args[body->nargs - 1], ctx);
}

/* Whether a binding of LET N needs a box or names a contified
   procedure: no FLO_TREE, whose program stores the values themselves.  */
static int
any_boxed_binding (struct cg *g, struct scm_i_node *n)
{
  for (size_t i = 0; i < n->nargs; i++)
    if (scm_i_var_boxed (n->vars[i]) || is_contified_var (g, n->vars[i]))
      return 1;
  return 0;
}

/* The LET of a case whose temporary, read only by the clauses' tests
   (case_temp), is bound to a plain local that nothing assigns (the key
   a variable: lattice's (case probe ...)): the temporary is that
   local's slot, nothing pushed or dropped, and 1; else 0, nothing
   emitted.  */
static int
compile_case_alias (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  struct scm_i_var *t = n->vars[0];
  struct scm_i_node *k = n->args[0];
  if (n->nargs != 1 || !t->case_temp || t->assigned || scm_i_var_boxed (t)
      || !is_plain_local (g, k) || k->var->assigned)
    return 0;
  t->slot = k->var->slot;
  size_t first = g->nlocals;
  scm_i_begin_local (g, t, (uint32_t) t->slot, 0);
  scm_i_compile_node (g, n->a, ctx);
  scm_i_end_local (g, first);
  return 1;
}

static void
compile_let (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  if (scm_i_is_or_let (n))
    {
      compile_or (g, n, ctx);
      return;
    }
  if (compile_case_alias (g, n, ctx))
    return;
  size_t flo_let = 0;
  if (!any_boxed_binding (g, n))
    flo_let = scm_i_begin_flo_let (g, n);
  for (size_t i = 0; i < n->nargs; i++)
    {
      /* A binding is pushed as an argument is: a constant, a local or
         (- local K) by one instruction.  */
      n->vars[i]->slot = g->depth;
      n->vars[i]->flonum_hint = scm_i_flonum_hint (n->args[i]);
      scm_i_push_value (g, n->args[i]);
      if (n->args[i]->kind == SCM_I_N_LAMBDA && !n->vars[i]->assigned)
        n->vars[i]->known = n->args[i]->lam;
    }
  if (flo_let != 0)
    scm_i_end_flo_let (g, flo_let);
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
        scm_i_begin_local (g, n->vars[i], (uint32_t) n->vars[i]->slot, 0);
        named++;
      }
  if (fix_end > 0)
    compile_fixed_seq (g, n, fix_end, ctx);
  else
    scm_i_compile_node (g, n->a, ctx);
  if (flo_let != 0)
    scm_i_finish_flo_let (g, n, flo_let);
  for (size_t i = 0; i < named; i++)
    scm_i_end_local (g, first + i);
  if (ctx != CTX_TAIL && n->nargs > 0)
    scm_i_emit_drop (g, n->nargs);
  adjust_depth (g, -(long) n->nargs);
}

static void
compile_apply (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  int values = n->kind == SCM_I_N_APPLY_VALUES;
  size_t ret = 0;
  if (ctx != CTX_TAIL)
    {
      ret = scm_i_emit_frame (g);
      adjust_depth (g, SCM_I_FRAME_HEADER);
    }
  scm_i_compile_node (g, n->a, CTX_VALUE);
  emit_op (g, SCM_OP_PUSH);
  adjust_depth (g, 1);
  scm_i_compile_node (g, n->b, CTX_VALUE);
  scm_i_note_position (g, n->where);
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
      ret = scm_i_emit_frame (g);
      adjust_depth (g, SCM_I_FRAME_HEADER);
    }
  scm_i_compile_node (g, n->a, CTX_VALUE);
  /* What the instruction pushes above the stack.  */
  adjust_depth (g, SCM_I_FRAME_HEADER + 1);
  adjust_depth (g, -(SCM_I_FRAME_HEADER + 1));
  scm_i_note_position (g, n->where);
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
SCM_I_DEFINE_DEEPER_VOID (compile_deeper, scm_i_compile_node, (struct cg *, g),
                          (struct scm_i_node *, n), (enum ctx, ctx))

void
scm_i_compile_node (struct cg *g, struct scm_i_node *n, enum ctx ctx)
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
        scm_i_compile_node (g, n->args[i], CTX_EFFECT);
      scm_i_compile_node (g, n->args[n->nargs - 1], ctx);
      return;
    case SCM_I_N_LAMBDA:
      compile_lambda_node (g, n, ctx);
      return;
    case SCM_I_N_CALL:
      scm_i_compile_call (g, n, ctx);
      return;
    case SCM_I_N_PRIM:
      scm_i_compile_prim (g, n, ctx);
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

/* Give the self calls of G's code (GSELFCALL, _L2, 1, _LA, SELF_CALL)
   ENTER's operand, known once the body is compiled: they check the
   frame's room themselves and land after ENTER (5 instructions a call
   fewer).  */
static void
finish_self_calls (struct cg *g)
{
  for (size_t i = 0; i < g->n; i += 1 + scm_i_op_operands[g->code[i]])
    if (g->code[i] == SCM_OP_GSELFCALL || g->code[i] == SCM_OP_GSELFCALL_L2
        || g->code[i] == SCM_OP_GSELFCALL_U
        || g->code[i] == SCM_OP_GSELFCALL_L2_U
        || g->code[i] == SCM_OP_GSELFCALL1
        || g->code[i] == SCM_OP_GSELFCALL1_U
        || g->code[i] == SCM_OP_GSELFCALL1_L2
        || g->code[i] == SCM_OP_GSELFCALL1_L2_U
        || g->code[i] == SCM_OP_GSELFCALL_LA
        || g->code[i] == SCM_OP_GSELFCALL_LA_U)
      g->code[i + 5] = g->code[1];
    else if (g->code[i] == SCM_OP_SELF_CALL)
      g->code[i + 3] = g->code[1];
}

/* List CODE's non-tail calls of globals (GCALL) (vm.c): each runs
   unchecked while its variable holds a closure of its count.  Not in
   the prelude, whose code the image keeps, maybe read-only.  (A tail
   call's twin saved conform 0.2% more, not worth its 8 bytes of static
   data that libgc scans.)  */
static void
note_known_calls (struct cg *g, SCM code)
{
  if (scm_i_prelude_mode ())
    return;
  size_t n = 0;
  for (size_t i = 0; i < g->n; i += 1 + scm_i_op_operands[g->code[i]])
    n += g->code[i] == SCM_OP_GCALL;
  if (n == 0)
    return;
  size_t *sites = scm_i_alloc_atomic (n * sizeof *sites);
  n = 0;
  for (size_t i = 0; i < g->n; i += 1 + scm_i_op_operands[g->code[i]])
    if (g->code[i] == SCM_OP_GCALL)
      sites[n++] = i;
  scm_i_note_known_calls (code, sites, n);
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

  scm_i_note_position (&g, l->where);
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
    scm_i_begin_local (&g, l->params[i], (uint32_t) i, 0);
  for (size_t i = 0; i < l->nfree; i++)
    scm_i_begin_local (&g, l->free[i], (uint32_t) i, SCM_I_LOCAL_FREE);
  size_t nouter = g.nlocals;
  scm_i_compile_node (&g, l->body, CTX_TAIL);
  scm_i_emit_cold_calls (&g);
  for (size_t i = 0; i < nouter; i++)
    scm_i_end_local (&g, i);
  g.code[1] = (size_t) g.max_depth + FRAME_SLACK;  /* ENTER's operand */
  finish_self_calls (&g);
  scm_i_finish_loop_steps (&g);
  scm_i_unguard_fixed_primitives (&g);
  SCM code = scm_i_make_code_with_debug (g.code, g.n, l->name, g.file, g.map,
                                         g.nmap, l->nreq, l->rest,
                                         make_debug (&g));
  if (g.self_u)
    SCM_SET_CELL_WORD (code, 0, SCM_HEADER (code)
                       | (scm_t_bits) SCM_I_CODE_FLAG_SELF_U << 8);
  note_known_calls (&g, code);
  return code;
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
