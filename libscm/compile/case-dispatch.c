/* case-dispatch.c -- a case on a local compiled as one instruction that
   finds the clause
   SPDX-License-Identifier: LGPL-3.0-or-later

   The expander makes (case t ((a b) x) ((c) y) (else z)) a chain of
   ifs on the case's temporary (expand.c, case_test): each clause's
   test an eq? of t and a datum through the private eq? (no program can
   rebind it), a chain of those for a few data, or the private memv
   and the list for many (which stays a test of its own, below).  Compiled one test at a time, the last clause
   is reached after a branch instruction per datum before it (lattice's
   (case probe ((less more) ...) ((equal) ...) ((uncomparable) ...))
   ran four).  CASE_EQ SLOT TABLE takes them all in one instruction: a
   vector of each datum and the word offset of its clause's body, read
   in order; the else branch (what follows the last clause that such a
   test begins, which may be any expression) comes right after the
   instruction, then the bodies.  The offsets are relative to the
   instruction, so the code may lie anywhere (an image, a copy).  A
   datum that two clauses name goes to the first, as the tests in
   order would.  */

#include "runtime/scm-internal.h"
#include "compile/codegen-internal.h"
#include "expand/ast-internal.h"

#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/vectors.h>

/* Below this many data the chain of tests is as quick: one branch
   instruction.  Two data are CASE_EQ2, which compares them in the
   instruction: a table's walk for two cost more than the second
   branch instruction it saved (lattice +4.5% of its instructions).  */
#define CASE_MIN_DATA 2

/* The most data of one table: a longer chain of clauses goes on in the
   else branch, another CASE_EQ.  The table is read in order, and
   built with a check of each datum against those before it: both
   stay linear in the clauses of a case of many thousands (a
   generated one).  */
#define CASE_MAX_DATA 64

/* Whether TEST is (eq? t K) or (eq? K t) of the private eq? and a
   plain local t, *V if *V is set: sets *V and *K.  */
static int
datum_test (struct cg *g, struct scm_i_node *test, struct scm_i_var **v,
            SCM *k)
{
  if (test->kind != SCM_I_N_PRIM || test->op != SCM_OP_EQ
      || test->nargs != 2
      || !scm_is_eq (test->value, scm_i_private_variable (SCM_OP_EQ)))
    return 0;
  struct scm_i_node *l = test->args[0], *c = test->args[1];
  if (l->kind == SCM_I_N_CONST)
    l = test->args[1], c = test->args[0];
  if (c->kind != SCM_I_N_CONST || !is_plain_local (g, l)
      || (*v != NULL && l->var != *v))
    return 0;
  *v = l->var;
  *k = c->value;
  return 1;
}

/* The number of data of clause test TEST on *V (setting *V), each
   passed to ADD with ARG when ADD is not NULL (on a test already
   counted: nothing is left to check); 0 if TEST is neither of the two
   forms: a datum test, or (if DATUM-TEST #t REST) with REST one of
   the two.  A clause of more data (the private memv and
   its list) ends the clauses found at once: its one test is
   BRL_MEMQ, or BRL_CHARSET's bitmap for characters, whose one bit
   test CASE_EQ's walk of the data would not match.  */
static size_t
clause_data (struct cg *g, struct scm_i_node *test, struct scm_i_var **v,
             void (*add) (void *, SCM), void *arg)
{
  SCM k;
  if (datum_test (g, test, v, &k))
    {
      if (add)
        add (arg, k);
      return 1;
    }
  if (test->kind == SCM_I_N_IF && test->b->kind == SCM_I_N_CONST
      && scm_is_eq (test->b->value, SCM_BOOL_T)
      && datum_test (g, test->a, v, &k))
    {
      if (add)
        add (arg, k);
      size_t rest = clause_data (g, test->c, v, add, arg);
      return rest == 0 ? 0 : 1 + rest;
    }
  return 0;
}

/* The table being filled: data and the offset of the clause at hand.  */
struct table
{
  SCM vector;
  size_t n;                     /* entries filled */
  SCM offset;                   /* a fixnum */
};

static void
add_datum (void *arg, SCM k)
{
  struct table *t = arg;
  for (size_t i = 0; i < t->n; i++)
    if (scm_is_eq (SCM_VECTOR_REF (t->vector, 2 * i), k))
      return;                   /* an earlier clause has it */
  SCM_VECTOR_SET (t->vector, 2 * t->n, k);
  SCM_VECTOR_SET (t->vector, 2 * t->n + 1, t->offset);
  t->n++;
}

/* The data of a case of two, as clause_data finds them: each datum
   and the word where its clause's body starts.  */
struct pair_of_data
{
  SCM k[2];
  size_t body[2];
  size_t n;
  size_t here;                  /* the body of the clause at hand */
};

static void
add_pair_datum (void *arg, SCM k)
{
  struct pair_of_data *p = arg;
  p->k[p->n] = k;
  p->body[p->n++] = p->here;
}

/* CASE_EQ2 SLOT K1 ADDR1 K2 ADDR2 for the CLAUSES (of two data in
   all) of the chain N on V, then OTHERWISE, then each clause's body.
   A datum that both clauses name goes to the first, as the tests in
   order would: the instruction compares K1 first.  */
static void
compile_case_pair (struct cg *g, struct scm_i_node *n, struct scm_i_var *v,
                   size_t clauses, struct scm_i_node *otherwise,
                   enum ctx ctx)
{
  emit_op (g, SCM_OP_CASE_EQ2);
  emit (g, v->slot);
  size_t operands = g->n;
  for (int i = 0; i < 4; i++)
    emit (g, 0);
  scm_i_compile_node (g, otherwise, ctx);
  struct pair_of_data p = { { SCM_BOOL_F, SCM_BOOL_F }, { 0, 0 }, 0, 0 };
  size_t to_end = 0;
  struct scm_i_node *x = n;
  for (size_t i = 0; i < clauses; i++, x = x->c)
    {
      if (ctx != CTX_TAIL)
        to_end = scm_i_join_chains (g, to_end, emit_jump (g, SCM_OP_JUMP) + 1);
      mark_label (g);           /* no instruction fused across it */
      p.here = g->n;
      struct scm_i_var *w = v;
      clause_data (g, x->a, &w, add_pair_datum, &p);
      scm_i_compile_node (g, x->b, ctx);
    }
  scm_i_patch_chain (g, to_end);
  for (int i = 0; i < 2; i++)
    {
      g->code[operands + 2 * i] = SCM_UNPACK (p.k[i]);
      g->code[operands + 2 * i + 1] = p.body[i];
    }
}

int
scm_i_compile_case_dispatch (struct cg *g, struct scm_i_node *n,
                             enum ctx ctx)
{
  /* The clauses: the ifs of the chain whose tests are of one local,
     CASE_MAX_DATA data at most.  */
  struct scm_i_var *v = NULL;
  size_t data = 0, clauses = 0;
  struct scm_i_node *x = n;
  for (; x->kind == SCM_I_N_IF; x = x->c, clauses++)
    {
      size_t d = clause_data (g, x->a, &v, NULL, NULL);
      if (d == 0 || data + d > CASE_MAX_DATA)
        break;
      data += d;
    }
  if (data < CASE_MIN_DATA)
    return 0;
  struct scm_i_node *otherwise = x;
  if (data == 2)
    {
      compile_case_pair (g, n, v, clauses, otherwise, ctx);
      return 1;
    }

  size_t at = g->n;
  struct table t = { scm_c_make_vector (2 * data, SCM_BOOL_F), 0,
                     SCM_BOOL_F };
  emit_op (g, SCM_OP_CASE_EQ);
  emit (g, v->slot);
  emit_scm (g, SCM_BOOL_F);     /* the table, once its size is known */
  size_t table_at = g->n - 1;
  scm_i_compile_node (g, otherwise, ctx);
  size_t to_end = 0;
  x = n;
  for (size_t i = 0; i < clauses; i++, x = x->c)
    {
      if (ctx != CTX_TAIL)
        to_end = scm_i_join_chains (g, to_end, emit_jump (g, SCM_OP_JUMP) + 1);
      mark_label (g);           /* no instruction fused across it */
      t.offset = SCM_MAKE_FIXNUM (g->n - at);
      struct scm_i_var *w = v;
      clause_data (g, x->a, &w, add_datum, &t);
      scm_i_compile_node (g, x->b, ctx);
    }
  scm_i_patch_chain (g, to_end);

  /* The table of the entries filled (a datum repeated leaves one
     unused), immutable as a literal of the code is: an image puts it
     with the code's other constants, in read-only data.  */
  size_t len = 2 * t.n;
  SCM table = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_vector,
                                                  SCM_VECTOR_FLAG_IMMUTABLE,
                                                  len), len + 1);
  for (size_t i = 0; i < len; i++)
    SCM_VECTOR_SET (table, i, SCM_VECTOR_REF (t.vector, i));
  g->code[table_at] = SCM_UNPACK (table);
  return 1;
}
