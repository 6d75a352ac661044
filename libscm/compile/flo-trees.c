/* flo-trees.c -- nested flonum arithmetic compiled as one FLO_TREE:
   the tree computed in doubles, its intermediate results never boxed,
   with the tree's ordinary code after it for every other case
   SPDX-License-Identifier: LGPL-3.0-or-later

   A tree is a call of + - * or / of two operands, or a comparison (=
   < > <= >=) of two as a test, whose operands are such calls, plain
   locals or numeric constants (flonums, fixnums below 2^53).  Its
   FLO_TREE holds the tree as a postfix program (vm/flo-tree-internal.h)
   and two labels; the tree's ordinary code follows it, compiled as
   before, and ends at the first label.  The VM runs the program when
   every leaf is a flonum or a fixnum that meets a flonum, and jumps
   past the ordinary code; anything else (an exact result, a bignum, a
   rational, a non-number, a rebound primitive) runs the ordinary code,
   which gives the generic results and the errors of the procedure
   concerned.  The leaves are read twice at most and have no effects:
   the ordinary code evaluates each once, as before.

   A let whose bindings are such trees is one FLO_TREE before its
   bindings' ordinary code: the program stores the bindings in their
   slots and the VM pushes them; it computes the test of the let's
   body too, and goes on into a let in that test's false branch
   (scm_i_begin_flo_let).  Giving up there runs the let's ordinary
   code from its first binding, which computes each again: bindings
   are trees, with no effects.  */

#include "runtime/scm-internal.h"
#include "compile/codegen-internal.h"
#include "vm/flo-tree-internal.h"

#include <libscm/bytevectors.h>
#include <libscm/conditions.h>
#include <libscm/numbers.h>
#include <libscm/symbols.h>

/* The nesting beyond which a tree is not taken (its walk recurses).  */
#define MAX_NESTING 32

/* What the walk of a tree counts.  */
struct tree
{
  int ops;                      /* operations, the comparison included */
  int flonums, exacts;          /* constant leaves of each kind */
  int hinted;                   /* locals likely to hold flonums */
  int guarded;                  /* a primitive that a program may rebind */
  int elements;                 /* leaves that are vectors' elements */
  int products;                 /* multiplications and divisions */
  size_t bytes;                 /* the program's length */
};

/* Whether N is a call of + - * or / of two operands.  */
static int
is_arith (struct scm_i_node *n)
{
  return n->kind == SCM_I_N_PRIM && n->nargs == 2 && n->fallback == NULL
    && (n->op == SCM_OP_ADD || n->op == SCM_OP_SUB || n->op == SCM_OP_MUL
        || n->op == SCM_OP_DIV);
}

/* The program's code of comparison N as a test, or 0.  */
static int
compare_code (struct scm_i_node *n)
{
  if (n->kind != SCM_I_N_PRIM || n->nargs != 2 || n->fallback != NULL)
    return 0;
  switch (n->op)
    {
    case SCM_OP_NUM_EQ: return SCM_I_FT_NUM_EQ;
    case SCM_OP_LT: return SCM_I_FT_LT;
    case SCM_OP_GT: return SCM_I_FT_GT;
    case SCM_OP_LE: return SCM_I_FT_LE;
    case SCM_OP_GE: return SCM_I_FT_GE;
    default: return 0;
    }
}

/* Whether fixnum constant X converts to a double exactly.  */
static int
small_fixnum (SCM x)
{
  scm_t_signed_bits v = SCM_FIXNUM_VALUE (x);
  return v > -((scm_t_signed_bits) 1 << 53) && v < ((scm_t_signed_bits) 1 << 53);
}

/* Whether primitive call N is of a binding a program may change.  */
static int
rebindable (struct scm_i_node *n)
{
  return !scm_is_eq (n->value, scm_i_private_variable (n->op));
}

/* Operation N (a call of an inline primitive) counted in T.  */
static void
count_op (struct scm_i_node *n, struct tree *t)
{
  t->ops++;
  t->bytes++;
  t->products += n->op == SCM_OP_MUL || n->op == SCM_OP_DIV;
  t->guarded |= rebindable (n);
}

/* Whether N is a local in a slot that a program can name.  */
static int
leaf_local (struct cg *g, struct scm_i_node *n)
{
  return is_plain_local (g, n) && n->var->slot <= 0xffff;
}

/* The offset of index N of a vector's element, (+ local K) or (-
   local K) with K a fixnum constant, as in fft's (vector-ref data (+
   j 1)), in *OFFSET, and its local; or NULL.  */
static struct scm_i_node *
offset_index (struct cg *g, struct scm_i_node *n, int *offset)
{
  if (n->kind != SCM_I_N_PRIM || n->nargs != 2 || n->fallback != NULL
      || (n->op != SCM_OP_ADD && n->op != SCM_OP_SUB)
      || !leaf_local (g, n->args[0]) || !is_fixnum_const (n->args[1]))
    return NULL;
  scm_t_signed_bits k = SCM_FIXNUM_VALUE (n->args[1]->value);
  if (n->op == SCM_OP_SUB)
    k = -k;
  if (k < -128 || k > 127)
    return NULL;
  *offset = (int) k;
  return n->args[0];
}

/* Whether N is (vector-ref v i), V a local and I a local, a local
   plus or minus a small fixnum constant (offset_index) or a fixnum
   constant, that a program can name: a leaf (SCM_I_FT_VREF), as in
   fft's (* wr (vector-ref data j)); counted in T if not NULL.  */
static int
is_vref_leaf (struct cg *g, struct scm_i_node *n, struct tree *t)
{
  if (n->kind != SCM_I_N_PRIM || n->op != SCM_OP_VREF || n->nargs != 2
      || n->fallback != NULL || !leaf_local (g, n->args[0]))
    return 0;
  struct scm_i_node *k = n->args[1];
  int offset;
  int guarded = rebindable (n);
  if (offset_index (g, k, &offset) != NULL)
    guarded |= rebindable (k);
  else if (!leaf_local (g, k)
           && !(is_fixnum_const (k) && SCM_FIXNUM_VALUE (k->value) >= 0
                && SCM_FIXNUM_VALUE (k->value) <= 0xffff))
    return 0;
  if (t != NULL)
    {
      t->guarded |= guarded;
      t->elements++;
      t->bytes += 6;
    }
  return 1;
}

/* The depth of the program's stack that N needs, N counted in T; 0 if
   N is no tree.  */
static int
walk (struct cg *g, struct scm_i_node *n, struct tree *t, int nesting)
{
  if (n->kind == SCM_I_N_CONST)
    {
      if (scm_is_flonum (n->value))
        t->flonums++;
      else if (SCM_FIXNUM_P (n->value) && small_fixnum (n->value))
        t->exacts++;
      else
        return 0;
      t->bytes += 1 + sizeof (double);
      return 1;
    }
  if (is_plain_local (g, n))
    {
      if (n->var->slot > 0xffff)
        return 0;
      t->hinted += n->var->flonum_hint;
      t->bytes += 3;
      return 1;
    }
  if (is_vref_leaf (g, n, t))
    return 1;
  if (!is_arith (n) || nesting >= MAX_NESTING)
    return 0;
  int a = walk (g, n->args[0], t, nesting + 1);
  int b = a ? walk (g, n->args[1], t, nesting + 1) : 0;
  if (b == 0)
    return 0;
  count_op (n, t);
  int depth = a > b + 1 ? a : b + 1;
  return depth <= SCM_I_FT_MAX_DEPTH ? depth : 0;
}

/* Whether tree T is worth a FLO_TREE: two operations or more (one is
   as fast in its own instruction), and a sign of flonums, a flonum
   constant or a local bound to a likely flonum: in integer arithmetic
   ((< (- m l) (- r m)) of quicksort) the program would only give up
   before the ordinary code, at a cost of some 40 instructions.  Or
   products of vectors' elements, as fft's (- (* wr (vector-ref data
   j)) (* wi (vector-ref data (+ j 1)))), whose WR and WI are a loop's
   parameters, which have no hint.  */
static int
worth_it (const struct tree *t)
{
  return t->ops >= 2 && (t->flonums > 0 || t->hinted > 0
                         || (t->elements >= 2 && t->products > 0));
}

/* The global procedures whose value is a flonum whenever it is real and
   inexact: a call of one is a likely flonum.  */
static const char *const flonum_procedures[] = {
  "inexact", "exact->inexact", "sqrt", "exp", "log", "sin", "cos", "tan",
  "asin", "acos", "atan"
};

/* scm_i_flonum_hint of N, giving up (0) once *BUDGET nodes are seen.  */
static int
hint (struct scm_i_node *n, int *budget)
{
  for (; (*budget)-- > 0;)
    switch (n->kind)
      {
      case SCM_I_N_CONST:
        return scm_is_flonum (n->value);
      case SCM_I_N_LREF:
        return n->var->flonum_hint;
      case SCM_I_N_IF:
        if (hint (n->b, budget))
          return 1;
        n = n->c;
        continue;
      case SCM_I_N_PRIM:
        if (!is_arith (n))
          return 0;
        if (hint (n->args[0], budget))
          return 1;
        n = n->args[1];
        continue;
      case SCM_I_N_CALL:
        if (n->a->kind != SCM_I_N_GREF || !scm_is_symbol (n->a->sym))
          return 0;
        for (size_t i = 0; i < sizeof flonum_procedures
               / sizeof *flonum_procedures; i++)
          if (scm_is_eq (n->a->sym,
                         scm_from_utf8_symbol (flonum_procedures[i])))
            return 1;
        return 0;
      default:
        return 0;
      }
  return 0;
}

int
scm_i_flonum_hint (struct scm_i_node *n)
{
  int budget = MAX_NESTING;
  return hint (n, &budget);
}

/* The operand bits (flo-tree-internal.h) for N as the right operand
   fused into an operation: a local or a flonum constant; else 0 (its
   own push: a tree, an exact constant).  */
static int
fusible (struct scm_i_node *n)
{
  if (n->kind == SCM_I_N_LREF)
    return SCM_I_FT_ON_LOCAL;
  if (n->kind == SCM_I_N_CONST && scm_is_flonum (n->value))
    return SCM_I_FT_ON_FLONUM;
  return 0;
}

/* The most locals whose reads a program counts (others get no
   register).  */
#define MAX_COUNTED 32

/* A program being written at P, with the locals it reads: each read
   more than once decoded at its first read into a register of the
   program (SCM_I_FT_SAVE), which the later reads take (a binding the
   program stores, the same).  */
struct writer
{
  struct cg *g;
  unsigned char *p;
  int nlocals, nregs;
  /* LOADED: its register loaded before the program's first operation
     (SCM_I_FT_LOAD).  */
  struct { size_t slot; int reads, reg, loaded; } locals[MAX_COUNTED];
  /* The byte of the last operation of + - * / written.  */
  unsigned char *last_op;
  /* A loop's program (DEFER): its bindings, from slot BASE on, kept
     in registers only (SCM_I_FT_TO_REG), the register of each in
     KEPT_REG (SCM_I_FT_IN_FRAME for one stored in its slot); but the
     one in slot STEP, which the jump reads from the frame.  */
  int defer, nkept;
  size_t base, step;
  unsigned char kept_reg[SCM_I_FT_MAX_STORES];
};

/* The entry of SLOT in W, added if new, or NULL when W is full.  */
static int
local_entry (struct writer *w, size_t slot)
{
  for (int i = 0; i < w->nlocals; i++)
    if (w->locals[i].slot == slot)
      return i;
  if (w->nlocals == MAX_COUNTED)
    return -1;
  w->locals[w->nlocals].slot = slot;
  w->locals[w->nlocals].reads = 0;
  w->locals[w->nlocals].reg = -1;
  w->locals[w->nlocals].loaded = 0;
  return w->nlocals++;
}

/* The entry of SLOT in W, or -1.  */
static int
find_local (struct writer *w, size_t slot)
{
  for (int i = 0; i < w->nlocals; i++)
    if (w->locals[i].slot == slot)
      return i;
  return -1;
}

/* The reads of locals in tree N counted in W.  */
static void
count_reads (struct writer *w, struct scm_i_node *n)
{
  if (n->kind == SCM_I_N_LREF)
    {
      int i = local_entry (w, n->var->slot);
      if (i >= 0)
        w->locals[i].reads++;
    }
  else if (n->kind == SCM_I_N_PRIM && n->op != SCM_OP_VREF)
    {
      /* A vector's element reads its locals as objects: none in a
         register.  */
      count_reads (w, n->args[0]);
      count_reads (w, n->args[1]);
    }
}

static void
write_slot (struct writer *w, size_t slot)
{
  *w->p++ = slot & 0xff;
  *w->p++ = (slot >> 8) & 0xff;
}

/* A read of the local in SLOT, CODE's right operand (or a push when
   CODE is SCM_I_FT_LOCAL): from its register if it has one, else
   decoded, and kept in a new register when it is read again.  */
static void
write_local (struct writer *w, int code, size_t slot)
{
  int i = local_entry (w, slot), reg = -1;
  int push = code == SCM_I_FT_LOCAL;
  if (i >= 0)
    {
      reg = w->locals[i].reg;
      if (reg < 0 && push && w->locals[i].reads > 1
          && w->nregs < SCM_I_FT_MAX_REGS)
        {
          reg = w->locals[i].reg = w->nregs++;
          code |= SCM_I_FT_SAVE;
        }
      else if (reg >= 0)
        code = push ? SCM_I_FT_REG : code | SCM_I_FT_ON_REG;
      w->locals[i].reads--;
    }
  if (!push)
    w->last_op = w->p;
  *w->p++ = reg < 0 && !push ? code | SCM_I_FT_ON_LOCAL : code;
  write_slot (w, slot);
  if (reg >= 0)
    *w->p++ = reg;
}

/* The store of a let's binding in SLOT, kept in a register when the
   program reads it; in a loop's program, fused into the operation
   that computes it when that is the last written (ARITH), its value
   kept in a register only.  */
static void
write_store (struct writer *w, size_t slot, int arith)
{
  int i = local_entry (w, slot);
  if (w->defer && arith && i >= 0 && slot != w->step
      && w->nregs < SCM_I_FT_MAX_REGS)
    {
      *w->last_op |= SCM_I_FT_TO_REG;
      write_slot (w, slot);
      *w->p++ = w->kept_reg[slot - w->base] = w->locals[i].reg = w->nregs++;
      return;
    }
  int save = i >= 0 && w->locals[i].reads > 0
    && w->nregs < SCM_I_FT_MAX_REGS;
  *w->p++ = SCM_I_FT_STORE | (save ? SCM_I_FT_SAVE : 0);
  write_slot (w, slot);
  if (save)
    *w->p++ = w->locals[i].reg = w->nregs++;
}

/* Constant leaf N's double appended in W.  */
static void
write_constant (struct writer *w, struct scm_i_node *n)
{
  double d = scm_is_flonum (n->value) ? SCM_FLONUM_VALUE (n->value)
    : (double) SCM_FIXNUM_VALUE (n->value);
  memcpy (w->p, &d, sizeof d);
  w->p += sizeof d;
}

static void write_program (struct writer *w, struct scm_i_node *n);

/* Operation CODE of A and B appended in W: B fused into it when it
   is a leaf, or A when CODE commutes (+ and * of doubles give the
   same double either way).  */
static void
write_binary (struct writer *w, int code, struct scm_i_node *a,
              struct scm_i_node *b)
{
  int commutes = code == SCM_I_FT_ADD || code == SCM_I_FT_MUL;
  if (fusible (b) == 0 && commutes && fusible (a) != 0)
    {
      struct scm_i_node *t = a;
      a = b, b = t;
    }
  unsigned char *left = w->p;
  write_program (w, a);
  if (fusible (b) == SCM_I_FT_ON_LOCAL)
    {
      write_local (w, code, b->var->slot);
      if (code >= SCM_I_FT_ADD && code <= SCM_I_FT_DIV
          && left[0] == SCM_I_FT_REG && left + 4 + 4 == w->p
          && left[4] == (code | SCM_I_FT_ON_REG))
        {
          /* Both registers: one operation, the left's push dropped
             (SLOT, REG of each after it).  */
          left[0] = code | SCM_I_FT_ON_REG | SCM_I_FT_LEFT_REG;
          memmove (left + 4, left + 5, 3);
          w->p--;
          w->last_op = left;
        }
    }
  else if (fusible (b) != 0)
    {
      w->last_op = w->p;
      *w->p++ = code | fusible (b);
      write_constant (w, b);
    }
  else
    {
      write_program (w, b);
      w->last_op = w->p;
      *w->p++ = code;
    }
}

/* N's program appended in W.  */
static void
write_program (struct writer *w, struct scm_i_node *n)
{
  if (n->kind == SCM_I_N_PRIM && n->op == SCM_OP_VREF)
    {
      struct scm_i_node *k = n->args[1], *local = k;
      int constant = k->kind == SCM_I_N_CONST, offset = 0;
      if (k->kind == SCM_I_N_PRIM)
        local = offset_index (w->g, k, &offset);
      *w->p++ = constant ? SCM_I_FT_VREF_K : SCM_I_FT_VREF;
      write_slot (w, n->args[0]->var->slot);
      if (constant)
        write_slot (w, SCM_FIXNUM_VALUE (k->value));
      else
        write_slot (w, local->var->slot);
      *w->p++ = (unsigned char) (signed char) offset;
    }
  else if (n->kind == SCM_I_N_LREF)
    write_local (w, SCM_I_FT_LOCAL, n->var->slot);
  else if (n->kind == SCM_I_N_CONST)
    {
      *w->p++ = scm_is_flonum (n->value) ? SCM_I_FT_FLONUM : SCM_I_FT_EXACT;
      write_constant (w, n);
    }
  else
    write_binary (w, n->op == SCM_OP_ADD ? SCM_I_FT_ADD : n->op == SCM_OP_SUB
                  ? SCM_I_FT_SUB : n->op == SCM_OP_MUL ? SCM_I_FT_MUL
                  : SCM_I_FT_DIV, n->args[0], n->args[1]);
}

/* A writer of a program of at most BYTES bytes (its flags, operations
   and leaves unfused, one register byte for each), its flags written
   from T.  */
static struct writer *
new_writer (struct cg *g, const struct tree *t)
{
  struct writer *w = scm_i_alloc (sizeof *w);
  w->g = g;
  w->defer = 0;
  w->p = scm_i_alloc (2 * t->bytes + 4);
  *w->p++ = (t->guarded ? SCM_I_FT_GUARDED : 0)
    | (t->exacts > 0 ? SCM_I_FT_EXACTS : 0)
    | (t->elements > 0 ? SCM_I_FT_ELEMENTS : 0);
  return w;
}

/* The FLO_TREE of N whose program is BUF up to END, its labels to be
   patched: the index of its THEN operand (its ELSE follows).  */
static size_t
emit_program (struct cg *g, struct scm_i_node *n, const unsigned char *buf,
              const unsigned char *end)
{
  SCM prog = scm_c_make_bytevector (end - buf);
  memcpy (SCM_BYTEVECTOR_CONTENTS (prog), buf, end - buf);
  scm_i_note_position (g, n->where);
  emit_op (g, SCM_OP_FLO_TREE);
  emit_scm (g, prog);
  emit (g, 0);
  emit (g, 0);
  return g->n - 2;
}

/* FLO_TREE of N, whose program ends in LAST (SCM_I_FT_VALUE or a
   comparison of N's two operands); the index of its THEN operand (its
   ELSE follows).  */
static size_t
emit_flo_tree (struct cg *g, struct scm_i_node *n, const struct tree *t,
               int last)
{
  struct writer *w = new_writer (g, t);
  unsigned char *buf = w->p - 1;
  count_reads (w, n);
  if (last == SCM_I_FT_VALUE)
    {
      write_program (w, n);
      *w->p++ = last;
    }
  else
    write_binary (w, last, n->args[0], n->args[1]);
  return emit_program (g, n, buf, w->p);
}

int
scm_i_flo_tree_p (struct cg *g, struct scm_i_node *n)
{
  struct tree t = { 0 };
  return !g->in_flo_tree && walk (g, n, &t, 0) != 0 && worth_it (&t);
}

int
scm_i_compile_flo_tree (struct cg *g, struct scm_i_node *n, enum ctx ctx)
{
  struct tree t = { 0 };
  if (g->in_flo_tree || walk (g, n, &t, 0) == 0 || !worth_it (&t))
    return 0;
  size_t then = emit_flo_tree (g, n, &t, SCM_I_FT_VALUE);
  g->in_flo_tree = 1;
  scm_i_compile_node (g, n, CTX_VALUE);
  g->in_flo_tree = 0;
  patch_here (g, then);
  g->code[then + 1] = g->n;
  finish (g, ctx);
  return 1;
}

/* TEST's ordinary code after the FLO_TREE (a tree's or a let's) whose THEN
   operand is at index THEN, which joins it: THEN after the ordinary
   test, and ELSE, when JOIN_ELSE, the last of its false chain, in
   *CHAIN.  */
static void
ordinary_test (struct cg *g, struct scm_i_node *test, size_t then,
               size_t *chain, int join_else)
{
  g->in_flo_tree = 1;
  size_t generic_false = scm_i_compile_test (g, test);
  g->in_flo_tree = 0;
  patch_here (g, then);
  /* ELSE, the last of its chain (0), joins the ordinary test's.  */
  *chain = join_else ? scm_i_join_chains (g, then + 2, generic_false)
    : generic_false;
}

int
scm_i_compile_flo_test (struct cg *g, struct scm_i_node *test, size_t *chain)
{
  struct tree t = { 0 };
  int last = compare_code (test);
  if (g->flo_let_test == test && test != NULL)
    {
      /* The test of the body of a let (scm_i_begin_flo_let), whose
         program computes it already.  */
      g->flo_let_test = NULL;
      /* When the program goes on into the let of the false branch,
         its ELSE is the end of that let's pushes (scm_i_end_flo_let),
         not the branch.  */
      ordinary_test (g, test, g->flo_let_then, chain,
                     g->flo_let_then + 1 != g->flo_let_else);
      return 1;
    }
  if (g->in_flo_tree || last == 0)
    return 0;
  int a = walk (g, test->args[0], &t, 1);
  int b = a ? walk (g, test->args[1], &t, 1) : 0;
  if (b == 0 || (a > b + 1 ? a : b + 1) > SCM_I_FT_MAX_DEPTH)
    return 0;
  count_op (test, &t);
  if (!worth_it (&t))
    return 0;
  size_t then = emit_flo_tree (g, test, &t, last);
  ordinary_test (g, test, then, chain, 1);
  return 1;
}

/* The comparison that tests the if that is LET N's body, or NULL; the
   branch it takes when false in *ELSE.  */
static struct scm_i_node *
flo_let_test (struct scm_i_node *n, struct scm_i_node **otherwise)
{
  if (n->a->kind != SCM_I_N_IF)
    return NULL;
  /* As compile_if reads it.  */
  unsigned nots = scm_i_fixed_nots (n->a->a);
  struct scm_i_node *test = scm_i_nth_operand (n->a->a, nots);
  *otherwise = nots & 1 ? n->a->b : n->a->c;
  return compare_code (test) != 0 ? test : NULL;
}

/* Whether the bindings of LET N can be stored by a program, counted in T: each a tree of arithmetic or a flonum
   constant (a local or an exact constant would only be copied), none
   boxed.  */
static int
storable_bindings (struct cg *g, struct scm_i_node *n, struct tree *t)
{
  for (size_t i = 0; i < n->nargs; i++)
    {
      struct scm_i_node *a = n->args[i];
      if (scm_i_var_boxed (n->vars[i]))
        return 0;
      if (!is_arith (a) && !(a->kind == SCM_I_N_CONST
                             && scm_is_flonum (a->value)))
        return 0;
      if (walk (g, a, t, 0) == 0)
        return 0;
      /* STORE, its slot and register.  */
      t->bytes += 4;
    }
  return 1;
}

/* The let NEXT that the program of the let before it, which ends in
   the test whose false branch is NEXT, goes on to compute when the
   test is false: bindings stored as its own (no test of its own), at
   most SCM_I_FT_MAX_STORES in all with the N1 before; or NULL.  Its
   bindings counted in T, their slots and hints given as compile_let
   gives them.  */
static struct scm_i_node *
next_let (struct cg *g, struct scm_i_node *next, size_t n1, struct tree *t)
{
  struct scm_i_node *otherwise;
  if (next->kind != SCM_I_N_LET || next->nargs == 0 || scm_i_is_or_let (next)
      || n1 + next->nargs > SCM_I_FT_MAX_STORES
      || flo_let_test (next, &otherwise) != NULL)
    return NULL;
  for (size_t i = 0; i < next->nargs; i++)
    {
      next->vars[i]->slot = g->depth + n1 + i;
      next->vars[i]->flonum_hint = scm_i_flonum_hint (next->args[i]);
    }
  struct tree t2 = *t;
  if (!storable_bindings (g, next, &t2))
    return NULL;
  *t = t2;
  return next;
}

/* Whether the bindings of LET N, its test TEST (or NULL) included,
   make a FLO_TREE worth it, counted in T: each binding a tree of
   arithmetic or a flonum constant (a local or an exact constant would
   only be copied), stored as it is computed.  */
static int
flo_let_walk (struct cg *g, struct scm_i_node *n, struct scm_i_node *test,
              struct tree *t)
{
  if (!storable_bindings (g, n, t))
    return 0;
  /* END or the comparison, with the count of bindings.  */
  t->bytes += 3;
  if (test != NULL)
    {
      int a = walk (g, test->args[0], t, 1);
      int b = a ? walk (g, test->args[1], t, 1) : 0;
      if (b == 0 || (a > b + 1 ? a : b + 1) > SCM_I_FT_MAX_DEPTH)
        return 0;
      count_op (test, t);
    }
  return 1;
}

/* The bindings of LET N stored in W.  */
static void
write_stores (struct writer *w, struct scm_i_node *n)
{
  for (size_t i = 0; i < n->nargs; i++)
    {
      write_program (w, n->args[i]);
      write_store (w, n->vars[i]->slot, is_arith (n->args[i]));
    }
}

/* The loop form of a let's program (SCM_I_FT_LOOP): the jump JUMP,
   the body of the let whose END ends the program, to contified loop
   L, whose head test TEST (NULL when the program's first let is the
   loop's body) goes on into that let when it holds if GO_WHEN_TRUE,
   else when it does not.  */
struct loop_form
{
  struct scm_i_lambda *l;
  struct scm_i_node *jump, *test;
  int go_when_true;
  size_t step;                  /* the argument that is a step */
  /* Where the program runs again after the jump: the offset of its
     first operation after its loads, or 0 for its start.  */
  size_t body;
};

/* Whether N is a local that a loop form can name.  */
static int
loop_local (struct cg *g, struct scm_i_node *n)
{
  return is_plain_local (g, n) && n->var->slot <= 0xffff;
}

/* Whether argument A is (+ x K) or (- x K) of a local x and a fixnum
   K whose words' difference the program holds: a step, made in
   fixnums by the loop's jump (SCM_I_FT_STEP).  */
static int
loop_step (struct cg *g, struct scm_i_node *a)
{
  return a->kind == SCM_I_N_PRIM && a->nargs == 2 && a->fallback == NULL
    && (a->op == SCM_OP_ADD || a->op == SCM_OP_SUB)
    && loop_local (g, a->args[0]) && is_fixnum_const (a->args[1])
    && SCM_FIXNUM_VALUE (a->args[1]->value) > -((scm_t_signed_bits) 1 << 31)
    && SCM_FIXNUM_VALUE (a->args[1]->value) < ((scm_t_signed_bits) 1 << 31);
}

/* Whether the head of loop L leads straight into FIRST, the program's
   first let: FIRST is L's body, or a branch of the if that is, whose
   test compares two locals or fixnum constants; the test and the
   branch in F, its rebinding counted in T.  */
static int
loop_head (struct cg *g, struct scm_i_lambda *l, struct scm_i_node *first,
           struct loop_form *f, struct tree *t)
{
  struct scm_i_node *body = l->body;
  f->test = NULL;
  if (body == first)
    return 1;
  if (body->kind != SCM_I_N_IF)
    return 0;
  /* As compile_if reads it.  */
  unsigned nots = scm_i_fixed_nots (body->a);
  struct scm_i_node *test = scm_i_nth_operand (body->a, nots);
  struct scm_i_node *when_true = nots & 1 ? body->c : body->b;
  struct scm_i_node *when_false = nots & 1 ? body->b : body->c;
  if (compare_code (test) == 0 || (when_true != first && when_false != first))
    return 0;
  for (int i = 0; i < 2; i++)
    if (!loop_local (g, test->args[i]) && !is_fixnum_const (test->args[i]))
      return 0;
  f->test = test;
  f->go_when_true = when_true == first;
  t->guarded |= rebindable (test);
  return 1;
}

/* The index of the parameter of loop L that local N is, or -1.  */
static int
param_index (struct scm_i_lambda *l, struct scm_i_node *n, size_t np)
{
  for (size_t i = 0; i < np; i++)
    if (n->kind == SCM_I_N_LREF && n->var == l->params[i])
      return (int) i;
  return -1;
}

/* Whether argument I of loop form F's jump passes its parameter as it
   is.  */
static int
kept (const struct loop_form *f, size_t i)
{
  struct scm_i_node *a = f->jump->args[i];
  return a->kind == SCM_I_N_LREF && a->var == f->l->params[i];
}

/* Whether operand N of loop form F's head test is one that the
   program reads (flo-tree-internal.h): a fixnum constant or a local
   that is no parameter the jump changes.  */
static int
loop_test_operand (const struct loop_form *f, struct scm_i_node *n)
{
  int i = param_index (f->l, n, f->jump->nargs);
  return is_fixnum_const (n) || i < 0 || kept (f, (size_t) i);
}

/* The bits of the outcomes of comparison CODE (of the step's value
   with the other operand) for which it holds.  */
static int
holding (int code)
{
  switch (code)
    {
    case SCM_I_FT_NUM_EQ: return SCM_I_FT_IF_EQUAL;
    case SCM_I_FT_LT: return SCM_I_FT_IF_LESS;
    case SCM_I_FT_GT: return SCM_I_FT_IF_GREATER;
    case SCM_I_FT_LE: return SCM_I_FT_IF_LESS | SCM_I_FT_IF_EQUAL;
    default: return SCM_I_FT_IF_GREATER | SCM_I_FT_IF_EQUAL;
    }
}

/* The outcomes of loop form F's head test that go on into its let
   (flo-tree-internal.h), and its operand other than the step in
   *OTHER; or -1 when neither operand is the step's parameter or the
   other is not one the program reads.  */
static int
loop_outcomes (const struct loop_form *f, struct scm_i_node **other)
{
  const int all = SCM_I_FT_IF_LESS | SCM_I_FT_IF_EQUAL | SCM_I_FT_IF_GREATER;
  if (f->test == NULL)
    {
      *other = NULL;
      return all;
    }
  struct scm_i_node *a = f->test->args[0], *b = f->test->args[1];
  int bits = holding (compare_code (f->test));
  int i = param_index (f->l, b, f->jump->nargs);
  if (i >= 0 && (size_t) i == f->step)
    {
      /* The step on the right: the mirrored outcomes.  */
      struct scm_i_node *t = a;
      a = b, b = t;
      bits = (bits & SCM_I_FT_IF_EQUAL) | (bits & SCM_I_FT_IF_LESS) << 2
        | (bits & SCM_I_FT_IF_GREATER) >> 2;
    }
  i = param_index (f->l, a, f->jump->nargs);
  if (i < 0 || (size_t) i != f->step || !loop_test_operand (f, b))
    return -1;
  *other = b;
  return f->go_when_true ? bits : all & ~bits;
}

/* Whether the program of the let FIRST, ending with the END of LAST
   (FIRST or the let it goes on into), can make the loop's jump that
   is LAST's body (SCM_I_FT_LOOP): the jump's form in F, its bytes and
   rebinding counted in T.  One argument is a step of a local, the
   others locals, none a parameter that the jump changes (no parallel
   moves); the loop's parameters are the top of the stack (as
   SELF_TAILCALL leaves them) and its head leads into FIRST.  */
static int
loop_form (struct cg *g, struct scm_i_node *first, struct scm_i_node *last,
           struct loop_form *f, struct tree *t)
{
  struct scm_i_node *jump = last->a;
  struct scm_i_lambda *l = scm_i_loop_jump_target (g, jump);
  if (l == NULL || jump->nargs == 0
      || jump->nargs > SCM_I_FT_MAX_LOOP_PARAMS
      || g->depth != l->c_base + (long) jump->nargs
      || g->depth > 0xffff)
    return 0;
  f->l = l;
  f->jump = jump;
  int guarded = 0, steps = 0;
  for (size_t i = 0; i < jump->nargs; i++)
    {
      struct scm_i_node *a = jump->args[i];
      if (scm_i_var_boxed (l->params[i])
          || l->params[i]->slot != l->c_base + (long) i)
        return 0;
      if (loop_step (g, a) && steps++ == 0)
        {
          guarded |= rebindable (a);
          f->step = i;
        }
      else if (!loop_local (g, a))
        return 0;
    }
  /* No copy from a parameter that the jump changes.  */
  for (size_t i = 0; i < jump->nargs; i++)
    {
      int j = param_index (l, jump->args[i], jump->nargs);
      if (!kept (f, i) && j >= 0 && !kept (f, (size_t) j))
        return 0;
    }
  struct tree t2 = *t;
  struct scm_i_node *other;
  if (steps != 1 || !loop_head (g, l, first, f, &t2)
      || loop_outcomes (f, &other) < 0)
    return 0;
  t2.guarded |= guarded;
  /* LOOP, its count, the step, the test, the copies and moves of
     registers, where it goes; the loads.  */
  t2.bytes += 2 + 22 + 2 + 6 * jump->nargs + 2 + 4 * MAX_COUNTED
    + SCM_I_FT_MAX_STORES + 3;
  *t = t2;
  return 1;
}

/* How the jump of loop form F passes argument I: 0 as it is (or a
   step), 1 copied from a slot, 2 from the register of a binding the
   program keeps in one only (W's KEPT_REG).  */
static int
copied (const struct writer *w, const struct loop_form *f, size_t i)
{
  struct scm_i_node *a = f->jump->args[i];
  if (a->kind != SCM_I_N_LREF || kept (f, i))
    return 0;
  size_t slot = a->var->slot;
  return w->defer && slot >= w->base && slot < w->base + w->nkept
    && w->kept_reg[slot - w->base] != SCM_I_FT_IN_FRAME ? 2 : 1;
}

/* Loop form F's SCM_I_FT_LOOP appended in W (flo-tree-internal.h).  */
static void
write_loop (struct writer *w, const struct loop_form *f)
{
  size_t np = f->jump->nargs, copies = 0;
  struct scm_i_node *step = f->jump->args[f->step], *other;
  *w->p++ = SCM_I_FT_LOOP;
  unsigned char *count = w->p++;
  /* The word of x + K is x's plus 4K (scm.h's fixnums).  */
  int64_t k = SCM_FIXNUM_VALUE (step->args[1]->value);
  int64_t d = (step->op == SCM_OP_ADD ? k : -k) * 4;
  write_slot (w, f->l->params[f->step]->slot);
  write_slot (w, step->args[0]->var->slot);
  memcpy (w->p, &d, sizeof d);
  w->p += sizeof d;
  *w->p++ = (unsigned char) loop_outcomes (f, &other);
  scm_t_bits word = other == NULL ? SCM_UNPACK (SCM_MAKE_FIXNUM (0))
    : other->kind == SCM_I_N_CONST ? SCM_UNPACK (other->value)
    : (scm_t_bits) other->var->slot;
  *w->p++ = other != NULL && other->kind == SCM_I_N_LREF
    ? SCM_I_FT_COPY : SCM_I_FT_FIXNUM;
  memcpy (w->p, &word, sizeof word);
  w->p += sizeof word;
  for (size_t i = 0; i < np; i++)
    copies += copied (w, f, i) == 1;
  *w->p++ = (unsigned char) copies;
  /* Each copy with the move of its parameter's register when the
     program loaded it, from the register of the value it is given
     (else the spare register to itself); a loaded parameter whose
     value has none makes the jump go to the program's loads again.  */
  size_t body = f->body;
  for (size_t i = 0; i < np; i++)
    if (copied (w, f, i) == 1)
      {
        int to = find_local (w, f->l->params[i]->slot);
        int from = find_local (w, f->jump->args[i]->var->slot);
        int move = to >= 0 && w->locals[to].loaded;
        if (move && (from < 0 || w->locals[from].reg < 0))
          body = 0, move = 0;
        write_slot (w, f->l->params[i]->slot);
        write_slot (w, f->jump->args[i]->var->slot);
        *w->p++ = move ? w->locals[to].reg : SCM_I_FT_MAX_REGS;
        *w->p++ = move ? w->locals[from].reg : SCM_I_FT_MAX_REGS;
      }
  /* Then each parameter given a binding kept in a register: encoded
     from it, and its register moved (else the spare one).  */
  unsigned char *kept_copies = w->p++;
  *kept_copies = 0;
  for (size_t i = 0; i < np; i++)
    if (copied (w, f, i) == 2)
      {
        int to = find_local (w, f->l->params[i]->slot);
        int move = to >= 0 && w->locals[to].loaded;
        (*kept_copies)++;
        write_slot (w, f->l->params[i]->slot);
        *w->p++ = move ? w->locals[to].reg : SCM_I_FT_MAX_REGS;
        *w->p++ = w->kept_reg[f->jump->args[i]->var->slot - w->base];
      }
  write_slot (w, body);
  *count = (unsigned char) (w->p - count - 1);
}

/* The loads of the program of loop form F (SCM_I_FT_LOAD), appended in
   W: each local below the lets (DEPTH) that the program reads, but the
   step's parameter, in a register of its own; and a register kept for
   each binding that a changed parameter is copied from (one read
   more).  F's body is where they end in the program that starts at
   BUF, or 0 when that program has other flags than SCM_I_FT_LOOPS (a
   guard, exact constants), which its start tests on every turn.  */
static void
write_loads (struct writer *w, struct loop_form *f, long depth,
             const unsigned char *buf)
{
  for (size_t i = 0; i < f->jump->nargs; i++)
    {
      struct scm_i_node *a = f->jump->args[i];
      if (a->kind == SCM_I_N_LREF && !kept (f, i) && a->var->slot >= depth)
        {
          int e = local_entry (w, a->var->slot);
          if (e >= 0)
            w->locals[e].reads++;
        }
    }
  size_t step = f->l->params[f->step]->slot;
  for (int e = 0; e < w->nlocals; e++)
    if (w->locals[e].slot < (size_t) depth && w->locals[e].reads > 0
        && w->locals[e].slot != step && w->nregs < SCM_I_FT_MAX_REGS)
      {
        *w->p++ = SCM_I_FT_LOAD;
        write_slot (w, w->locals[e].slot);
        *w->p++ = w->locals[e].reg = w->nregs++;
        w->locals[e].loaded = 1;
      }
  f->body = (buf[0] & ~SCM_I_FT_LOOPS) != 0 ? 0 : (size_t) (w->p - buf);
}

size_t
scm_i_begin_flo_let (struct cg *g, struct scm_i_node *n)
{
  if (n == g->flo_let_next)
    {
      /* The let that the program of the let before goes on into: its
         bindings stored there, in the slots given then.  */
      g->flo_let_next = NULL;
      for (size_t i = 0; i < n->nargs; i++)
        if ((long) n->vars[i]->slot != g->depth + (long) i)
          scm_c_raise_errorf ("misc-error", "compile",
                              "internal error: a let's slots moved");
      g->in_flo_tree = 1;
      g->flo_let_goes_on = 1;
      return g->flo_let_else;
    }
  if (g->in_flo_tree || n->nargs == 0 || n->nargs > SCM_I_FT_MAX_STORES
      || g->depth + 2 * SCM_I_FT_MAX_STORES > 0xffff)
    return 0;
  /* The slots and hints compile_let gives the bindings, which the test
     reads.  */
  for (size_t i = 0; i < n->nargs; i++)
    {
      n->vars[i]->slot = g->depth + i;
      n->vars[i]->flonum_hint = scm_i_flonum_hint (n->args[i]);
    }
  struct scm_i_node *otherwise = NULL;
  struct scm_i_node *test = flo_let_test (n, &otherwise);
  struct tree t = { 0 };
  if (!flo_let_walk (g, n, test, &t))
    return 0;
  /* One let that goes on into another at a time.  */
  struct scm_i_node *next = test != NULL && g->flo_let_next == NULL
    ? next_let (g, otherwise, n->nargs, &t) : NULL;
  if (!worth_it (&t))
    return 0;
  /* The let whose END ends the program, and the loop's jump it may
     make.  */
  struct scm_i_node *last = next != NULL ? next : test == NULL ? n : NULL;
  struct loop_form loop;
  int looping = last != NULL && t.elements == 0
    && loop_form (g, n, last, &loop, &t);
  struct writer *w = new_writer (g, &t);
  unsigned char *buf = w->p - 1;
  if (looping)
    {
      *buf |= SCM_I_FT_LOOPS;
      w->defer = 1;
      w->base = g->depth;
      w->nkept = n->nargs + (next != NULL ? next->nargs : 0);
      w->step = loop.jump->args[loop.step]->args[0]->var->slot;
      memset (w->kept_reg, SCM_I_FT_IN_FRAME, sizeof w->kept_reg);
    }
  for (size_t i = 0; i < n->nargs; i++)
    count_reads (w, n->args[i]);
  if (test != NULL)
    count_reads (w, test);
  for (size_t i = 0; next != NULL && i < next->nargs; i++)
    count_reads (w, next->args[i]);
  if (looping)
    write_loads (w, &loop, g->depth, buf);
  write_stores (w, n);
  if (test == NULL && looping)
    write_loop (w, &loop);
  if (test == NULL)
    *w->p++ = SCM_I_FT_END;
  else
    write_binary (w, compare_code (test) | SCM_I_FT_LET
                  | (next != NULL ? SCM_I_FT_GO_ON : 0),
                  test->args[0], test->args[1]);
  *w->p++ = n->nargs;
  if (next != NULL)
    {
      write_stores (w, next);
      if (looping)
        write_loop (w, &loop);
      *w->p++ = SCM_I_FT_END | SCM_I_FT_TO_ELSE;
      *w->p++ = n->nargs + next->nargs;
    }
  if (looping)
    {
      /* Its tail: the register of each binding, their count and the
         first one's slot.  */
      memcpy (w->p, w->kept_reg, w->nkept);
      w->p += w->nkept;
      *w->p++ = (unsigned char) w->nkept;
      write_slot (w, w->base);
    }
  size_t then = emit_program (g, n, buf, w->p);
  g->in_flo_tree = 1;
  g->flo_let_test = test;
  if (next != NULL)
    {
      g->flo_let_next = next;
      g->flo_let_else = then + 1;
      g->flo_let_owner = n;
    }
  return then;
}

void
scm_i_finish_flo_let (struct cg *g, struct scm_i_node *n, size_t then)
{
  /* THEN's instruction is this let's own, not one it went on from
     (whose ELSE is THEN): both its labels patched by now (0 is the
     entry, never theirs).  */
  int own = g->code[then - 2] == SCM_OP_FLO_TREE;
  if ((g->flo_let_owner == n && g->flo_let_next != NULL)
      || (own && (g->code[then] == 0 || g->code[then + 1] == 0)))
    scm_c_raise_errorf ("misc-error", "compile",
                        "internal error: a let's FLO_TREE goes to code "
                        "never compiled");
}

void
scm_i_end_flo_let (struct cg *g, size_t then)
{
  g->in_flo_tree = 0;
  if (g->flo_let_goes_on)
    {
      /* THEN is the ELSE of the let's before, where its program
         ends.  */
      g->flo_let_goes_on = 0;
      patch_here (g, then);
      return;
    }
  if (g->flo_let_test != NULL)
    {
      /* The body's test joins it (scm_i_compile_flo_test).  */
      g->flo_let_then = then;
      return;
    }
  patch_here (g, then);
  g->code[then + 1] = g->n;
}
