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

/* The data of the clauses, as clause_data finds them: each datum
   (the first clause's only, when two name one, as the tests in order
   would take it) and the word where its clause's body starts.  */
struct case_data
{
  SCM k[CASE_MAX_DATA];
  size_t body[CASE_MAX_DATA];
  size_t n;                     /* data kept */
  size_t here;                  /* the body of the clause at hand */
};

static void
add_datum (void *arg, SCM k)
{
  struct case_data *d = arg;
  for (size_t i = 0; i < d->n; i++)
    if (scm_is_eq (d->k[i], k))
      return;                   /* an earlier clause has it */
  d->k[d->n] = k;
  d->body[d->n++] = d->here;
}

/* After the instruction and the else branch: the bodies of the
   CLAUSES of chain N on V, each a label (no instruction fused across
   it), each but the last jumping to the end out of a tail; their data
   into *D.  */
static void
compile_clauses (struct cg *g, struct scm_i_node *n, struct scm_i_var *v,
                 size_t clauses, enum ctx ctx, struct case_data *d)
{
  size_t to_end = 0;
  struct scm_i_node *x = n;
  for (size_t i = 0; i < clauses; i++, x = x->c)
    {
      if (ctx != CTX_TAIL)
        to_end = scm_i_join_chains (g, to_end, emit_jump (g, SCM_OP_JUMP) + 1);
      mark_label (g);
      d->here = g->n;
      struct scm_i_var *w = v;
      clause_data (g, x->a, &w, add_datum, d);
      scm_i_compile_node (g, x->b, ctx);
    }
  scm_i_patch_chain (g, to_end);
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
  struct case_data d;
  d.n = 0;
  size_t at = g->n;
  if (data == 2)
    {
      /* CASE_EQ2 SLOT K1 ADDR1 K2 ADDR2: K1 compared first.  A datum
         both clauses name is kept once: K2 repeats it, never met.  */
      emit_op (g, SCM_OP_CASE_EQ2);
      emit (g, v->slot);
      for (int i = 0; i < 4; i++)
        emit (g, 0);
      scm_i_compile_node (g, otherwise, ctx);
      compile_clauses (g, n, v, clauses, ctx, &d);
      for (size_t i = 0; i < 2; i++)
        {
          size_t j = i < d.n ? i : 0;
          g->code[at + 2 + 2 * i] = SCM_UNPACK (d.k[j]);
          g->code[at + 3 + 2 * i] = d.body[j];
        }
      return 1;
    }

  emit_op (g, SCM_OP_CASE_EQ);
  emit (g, v->slot);
  emit_scm (g, SCM_BOOL_F);     /* the table, once its size is known */
  scm_i_compile_node (g, otherwise, ctx);
  compile_clauses (g, n, v, clauses, ctx, &d);

  /* The table of each datum and its body's offset from the
     instruction, immutable as a literal of the code is: an image puts
     it with the code's other constants, in read-only data.  */
  size_t len = 2 * d.n;
  SCM table = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_vector,
                                                  SCM_VECTOR_FLAG_IMMUTABLE,
                                                  len), len + 1);
  for (size_t i = 0; i < d.n; i++)
    {
      SCM_VECTOR_SET (table, 2 * i, d.k[i]);
      SCM_VECTOR_SET (table, 2 * i + 1, SCM_MAKE_FIXNUM (d.body[i] - at));
    }
  g->code[at + 2] = SCM_UNPACK (table);
  return 1;
}
