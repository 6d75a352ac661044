/* tests.c -- the compiler's tests: the test of an if compiled into
   conditional branches, fused with the comparison or type check that
   makes it (on a local, a constant, two locals), membership in a
   constant list, and the chains of jumps that and, or and cond make
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "runtime/scm-internal.h"
#include "compile/codegen-internal.h"

#include <libscm/bytevectors.h>
#include <libscm/eq.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>

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

/* Whether TEST, a fused comparison BR, is (eq? (car local) K) or (eq?
   K (car local)) with eq? and car the core's (private variables: no
   guard needed), as BRLC_EQ takes it.  Sets *CAR to the car call and
   *K to the constant.  */
static int
car_and_constant (struct cg *g, enum scm_i_opcode br,
                  struct scm_i_node *test, struct scm_i_node **car,
                  struct scm_i_node **k)
{
  if (br != SCM_OP_BR_EQ
      || !scm_is_eq (test->value, scm_i_private_variable (SCM_OP_EQ)))
    return 0;
  *car = test->args[0], *k = test->args[1];
  if ((*car)->kind == SCM_I_N_CONST)
    *car = test->args[1], *k = test->args[0];
  return (*k)->kind == SCM_I_N_CONST && (*car)->kind == SCM_I_N_PRIM
    && (*car)->op == SCM_OP_CAR
    && scm_is_eq ((*car)->value, scm_i_private_variable (SCM_OP_CAR))
    && is_plain_local (g, (*car)->args[0]);
}

/* Whether TEST, a fused comparison BR, is (eq? (car local1) local2),
   (eq? (cdr local1) local2) or either with the operands the other way
   round, car, cdr and eq? the core's (private variables: no guard), as
   BRLCL_EQ and BRLDL_EQ take it.  Sets *FIELD to the car or cdr call
   and *L to the other local.  */
static int
field_and_local (struct cg *g, enum scm_i_opcode br, struct scm_i_node *test,
                 struct scm_i_node **field, struct scm_i_node **l)
{
  if (br != SCM_OP_BR_EQ
      || !scm_is_eq (test->value, scm_i_private_variable (SCM_OP_EQ)))
    return 0;
  for (int i = 0; i < 2; i++)
    {
      struct scm_i_node *f = test->args[i], *x = test->args[1 - i];
      if (f->kind == SCM_I_N_PRIM && (f->op == SCM_OP_CAR || f->op == SCM_OP_CDR)
          && f->nargs == 1
          && scm_is_eq (f->value, scm_i_private_variable (f->op))
          && is_plain_local (g, f->args[0]) && is_plain_local (g, x))
        {
          *field = f;
          *l = x;
          return 1;
        }
    }
  return 0;
}

/* Whether X may be computed after (car l) rather than before: a plain
   local, a constant, or a sum or difference by the core's + or - of
   two of those, so that nothing X does can change the pair (the order
   of a call's arguments is unspecified; errors aside, both orders give
   the same answer).  */
static int
quiet_operand (struct cg *g, struct scm_i_node *x)
{
  if (is_plain_local (g, x) || x->kind == SCM_I_N_CONST)
    return 1;
  return x->kind == SCM_I_N_PRIM && (x->op == SCM_OP_ADD || x->op == SCM_OP_SUB)
    && x->nargs == 2
    && scm_is_eq (x->value, scm_i_private_variable (x->op))
    && (is_plain_local (g, x->args[0]) || is_fixnum_const (x->args[0]))
    && (is_plain_local (g, x->args[1]) || is_fixnum_const (x->args[1]));
}

/* Whether TEST, a fused comparison BR, is (= (car local) x) with =,
   car the core's and x a quiet_operand, as BRLC_NUM_EQ_U takes it (in
   that order only: ='s error names the position of its argument).
   Sets *CAR to the car call and *X to x.  */
static int
car_and_quiet (struct cg *g, enum scm_i_opcode br, struct scm_i_node *test,
               struct scm_i_node **car, struct scm_i_node **x)
{
  if (br != SCM_OP_BR_NUM_EQ || test->nargs != 2
      || !scm_is_eq (test->value, scm_i_private_variable (SCM_OP_NUM_EQ)))
    return 0;
  *car = test->args[0], *x = test->args[1];
  return (*car)->kind == SCM_I_N_PRIM && (*car)->op == SCM_OP_CAR
    && (*car)->nargs == 1
    && scm_is_eq ((*car)->value, scm_i_private_variable (SCM_OP_CAR))
    && is_plain_local (g, (*car)->args[0]) && quiet_operand (g, *x);
}

/* If TEST, a fused comparison BR, is (OP x K) or (OP K x) of a fixnum
   K with OP the core's, x into acc and BRK_IN, its jump's operand
   last, and 1; else 0, emitting nothing.  */
static int
compile_constant_compare (struct cg *g, enum scm_i_opcode br,
                          struct scm_i_node *test)
{
  static const enum scm_i_opcode mirror[][2] = {
    { SCM_OP_NUM_EQ, SCM_OP_NUM_EQ }, { SCM_OP_LT, SCM_OP_GT },
    { SCM_OP_GT, SCM_OP_LT }, { SCM_OP_LE, SCM_OP_GE },
    { SCM_OP_GE, SCM_OP_LE },
  };
  size_t m = 0;
  if (branch_lk_op (br) == SCM_OP_COUNT || br == SCM_OP_BR_EQ
      || !scm_is_eq (test->value, scm_i_private_variable (test->op)))
    return 0;
  int swap = is_fixnum_const (test->args[0]);
  struct scm_i_node *x = test->args[swap], *k = test->args[!swap];
  if (!is_fixnum_const (k) || x->kind == SCM_I_N_CONST)
    return 0;
  while (mirror[m][0] != test->op)
    m++;
  /* (OP K x) is (mirror x K).  */
  scm_t_bits lo, span;
  if (!scm_i_fixnum_test_range (mirror[m][swap],
                                SCM_FIXNUM_VALUE (k->value), &lo, &span))
    return 0;
  scm_i_compile_node (g, x, CTX_VALUE);
  scm_i_note_position (g, test->where);
  emit_op (g, SCM_OP_BRK_IN);
  emit_scm (g, test->value);
  emit (g, (scm_t_bits) swap);
  emit_scm (g, k->value);
  emit (g, lo);
  emit (g, span);
  emit (g, 0);
  return 1;
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

/* The variable of TEST's procedure: its guard if TEST is an inline
   primitive (memq), else its operator's global.  */
static SCM
memq_test_variable (struct scm_i_node *test)
{
  return test->kind == SCM_I_N_PRIM ? test->value : test->a->value;
}

/* Whether TEST is a call, of a global holding the core's memq, memv or
   member when it is compiled (memq inline included), of a plain local
   and a constant proper list of data that the procedure's comparison
   tells apart by identity: (memv c '(#\a #\b)), (memq t '(id
   string)).  */
static int
is_global_memq_test (struct cg *g, struct scm_i_node *test)
{
  if (!((test->kind == SCM_I_N_CALL && test->a->kind == SCM_I_N_GREF)
        || (test->kind == SCM_I_N_PRIM && test->op == SCM_OP_MEMQ))
      || test->nargs != 2
      || !is_plain_local (g, test->args[0])
      || test->args[1]->kind != SCM_I_N_CONST
      || scm_c_list_length (test->args[1]->value) < 0)
    return 0;
  SCM proc = SCM_CELL_OBJECT (memq_test_variable (test), 1);
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
   chain of the false jumps of both (scm_i_compile_test).  */
static size_t compile_guarded_memq_test (struct cg *g,
                                         struct scm_i_node *test, SCM var,
                                         SCM proc, size_t slot, SCM l);

static size_t
compile_global_memq_test (struct cg *g, struct scm_i_node *test)
{
  SCM var = memq_test_variable (test);
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
   ordinary way.  The chain of the false jumps of both
   (scm_i_compile_test).  */
static size_t
compile_guarded_memq_test (struct cg *g, struct scm_i_node *test, SCM var,
                           SCM proc, size_t slot, SCM l)
{
  scm_i_note_position (g, test->where);
  emit_op (g, SCM_OP_INLINE_GUARD);
  emit_scm (g, var);
  emit_scm (g, proc);
  size_t guard = g->n;
  emit (g, 0);
  size_t fast_false = emit_memq_test (g, slot, l) + 1;
  size_t fast_true = emit_jump (g, SCM_OP_JUMP) + 1;
  patch_here (g, guard);
  size_t slow_false = compile_simple_test (g, test) + 1;
  scm_i_patch_chain (g, fast_true);
  return scm_i_join_chains (g, fast_false, slow_false);
}

enum scm_i_opcode
scm_i_local_type_op (struct cg *g, struct scm_i_node *t,
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
  return scm_i_local_type_op (g, test->args[0], SCM_OP_BRLN_NULLP,
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
      scm_i_prim_operands (g, cmp);
      scm_i_note_position (g, cmp->where);
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
      scm_i_note_position (g, type->where);
      emit_op (g, brln);
      emit_scm (g, type->value);
      emit_scm (g, test->value);
      emit (g, type->args[0]->var->slot);
      emit (g, 0);
      return g->n - 1;
    }
  size_t type_jump = scm_i_compile_type_test (g, test);
  if (type_jump != 0)
    return type_jump;
  if (is_memq_test (g, test))
    return emit_memq_test (g, test->args[0]->var->slot,
                           test->args[1]->value);
  enum scm_i_opcode br = test->kind == SCM_I_N_PRIM
    ? branch_op (test->op) : SCM_OP_COUNT;
  struct scm_i_node *l, *k;
  if (car_and_constant (g, br, test, &l, &k))
    {
      /* (eq? (car local) 'k): no CAR_L_PUSH, CONST and BR_EQ, one
         instruction, which raises car's error (its position).  */
      scm_i_note_position (g, l->where);
      emit_op (g, SCM_OP_BRLC_EQ);
      emit (g, l->args[0]->var->slot);
      emit_scm (g, k->value);
      emit (g, 0);
      return g->n - 1;
    }
  if (test->kind == SCM_I_N_PRIM && test->op == SCM_OP_CHAR_EQ
      && test->nargs == 2 && is_plain_local (g, test->args[0])
      && test->args[1]->kind == SCM_I_N_CONST
      && SCM_CHARP (test->args[1]->value))
    {
      /* (char=? local #\x): one instruction with its branch.  */
      scm_i_emit_op_on_slot (g, test, SCM_OP_BRLK_CHAR_EQ, test->args[0],
                             g->depth + SCM_I_FRAME_HEADER + 5);
      emit_scm (g, test->args[1]->value);
      emit (g, 0);
      return g->n - 1;
    }
  if (car_and_quiet (g, br, test, &l, &k))
    {
      /* (= (car local) (+ a b)): the sum into acc, then one instruction
         for the car and the comparison, with car's position at its
         opcode and ='s at the next word.  */
      scm_i_compile_node (g, k, CTX_VALUE);
      scm_i_note_position (g, l->where);
      emit_op (g, SCM_OP_BRLC_NUM_EQ_U);
      scm_i_note_position (g, test->where);
      emit (g, l->args[0]->var->slot);
      emit (g, 0);
      return g->n - 1;
    }
  if (field_and_local (g, br, test, &l, &k))
    {
      /* (eq? x (car p)) of two locals: no CAR_L and BRL_EQ, one
         instruction, which raises car's (or cdr's) error.  */
      scm_i_note_position (g, l->where);
      emit_op (g, l->op == SCM_OP_CAR ? SCM_OP_BRLCL_EQ : SCM_OP_BRLDL_EQ);
      emit (g, l->args[0]->var->slot);
      emit (g, k->var->slot);
      emit (g, 0);
      return g->n - 1;
    }
  if (br != SCM_OP_COUNT && local_and_constant (g, br, test, &l, &k))
    {
      /* (< local K), (eq? local 'k) and the like: one instruction with
         its branch.  */
      if (g->depth + SCM_I_FRAME_HEADER + 5 > g->max_depth)
        g->max_depth = g->depth + SCM_I_FRAME_HEADER + 5;
      scm_i_note_position (g, test->where);
      emit_op (g, branch_lk_op (br));
      emit_scm (g, test->value);
      emit (g, l->var->slot);
      emit_scm (g, k->value);
      emit (g, 0);
      return g->n - 1;
    }
  if (compile_constant_compare (g, br, test))
    return g->n - 1;
  if (br != SCM_OP_COUNT && branch_ll_op (br) != SCM_OP_COUNT
      && is_plain_local (g, test->args[0])
      && is_plain_local (g, test->args[1]))
    {
      /* (< local local): both read by the instruction, no LREF.  */
      if (g->depth + SCM_I_FRAME_HEADER + 5 > g->max_depth)
        g->max_depth = g->depth + SCM_I_FRAME_HEADER + 5;
      scm_i_note_position (g, test->where);
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
      scm_i_compile_node (g, test->args[1], CTX_VALUE);
      if (base + SCM_I_FRAME_HEADER + 4 > g->max_depth)
        g->max_depth = base + SCM_I_FRAME_HEADER + 4;
      scm_i_note_position (g, test->where);
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
      scm_i_compile_node (g, test->args[0], CTX_VALUE);
      scm_i_emit_op_on_slot (g, test, branch_r_op (br), test->args[1],
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
          scm_i_note_position (g, test->where);
          emit_op (g, SCM_OP_BR_VREF_FL);
          emit_scm (g, test->value);
          emit (g, free_index (g->lam, v->var));
          emit (g, test->args[1]->var->slot);
        }
      else
        {
          scm_i_compile_node (g, v, CTX_VALUE);
          scm_i_emit_op_on_slot (g, test, SCM_OP_BR_VREF_L, test->args[1],
                                 top);
        }
      emit (g, 0);
      return g->n - 1;
    }
  if ((br == SCM_OP_BR_NULLP || br == SCM_OP_BR_PAIRP
       || br == SCM_OP_BR_ZEROP)
      && is_plain_local (g, test->args[0]))
    {
      /* (null? local), (zero? local): no LREF before the test.  */
      enum scm_i_opcode op = br == SCM_OP_BR_NULLP ? SCM_OP_BRL_NULLP
        : br == SCM_OP_BR_PAIRP ? SCM_OP_BRL_PAIRP : SCM_OP_BRL_ZEROP;
      scm_i_emit_op_on_slot (g, test, op, test->args[0],
                             g->depth + SCM_I_FRAME_HEADER + 3);
      emit (g, 0);
      return g->n - 1;
    }
  if (br == SCM_OP_COUNT)
    {
      scm_i_compile_node (g, test, CTX_VALUE);
      return emit_jump (g, SCM_OP_JUMPF);
    }
  scm_i_prim_operands (g, test);
  scm_i_note_position (g, test->where);
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

int
scm_i_is_or_let (struct scm_i_node *n)
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
  unsigned nots = scm_i_fixed_nots (n->a);
  struct scm_i_node *a = scm_i_nth_operand (n->a, nots);
  struct scm_i_node *b = nots & 1 ? n->c : n->b;
  struct scm_i_node *c = nots & 1 ? n->b : n->c;
  size_t a_false = scm_i_compile_test (g, a);
  size_t b_false = scm_i_compile_test (g, b);
  if (is_false_const (c))
    return scm_i_join_chains (g, a_false, b_false);
  size_t b_true = is_false_const (b) ? 0 : emit_jump (g, SCM_OP_JUMP) + 1;
  scm_i_patch_chain (g, a_false);
  size_t c_false = scm_i_compile_test (g, c);
  scm_i_patch_chain (g, b_true);
  return scm_i_join_chains (g, b_false, c_false);
}

unsigned
scm_i_fixed_nots (struct scm_i_node *test)
{
  /* Only the private not: a binding of the user's may do anything.  */
  SCM not_var = scm_i_private_variable (SCM_OP_NOT);
  unsigned k = 0;
  for (; test->kind == SCM_I_N_PRIM && test->op == SCM_OP_NOT
         && test->nargs == 1 && scm_is_eq (test->value, not_var);
       test = test->args[0])
    k++;
  return k;
}

/* A test nested deep (a wide and, or or cond in a test position is a
   chain of ifs in the test's branches): the rest on more C stack.  */
SCM_I_DEFINE_DEEPER (compile_test_deeper, size_t, scm_i_compile_test,
                     (struct cg *, g), (struct scm_i_node *, test))

size_t
scm_i_compile_test (struct cg *g, struct scm_i_node *test)
{
  if (SCM_UNLIKELY (scm_i_check_c_stack ("expression")))
    return compile_test_deeper (g, test);
  if (test->kind == SCM_I_N_CONST)
    return scm_is_false (test->value) ? emit_jump (g, SCM_OP_JUMP) + 1 : 0;
  if (test->kind == SCM_I_N_IF)
    return compile_if_test (g, test);
  if (scm_i_is_or_let (test))
    {
      /* (or A REST) as a test: A's test, true to the end, else REST's.  */
      size_t a_false = scm_i_compile_test (g, test->args[0]);
      size_t a_true = emit_jump (g, SCM_OP_JUMP) + 1;
      scm_i_patch_chain (g, a_false);
      size_t rest_false = scm_i_compile_test (g, test->a->c);
      scm_i_patch_chain (g, a_true);
      return rest_false;
    }
  size_t flo_false;
  if (scm_i_compile_flo_test (g, test, &flo_false))
    return flo_false;
  if (is_global_memq_test (g, test))
    return compile_global_memq_test (g, test);
  size_t slot;
  SCM datum, var, proc;
  if (is_identity_compare_test (g, test, &slot, &datum, &var, &proc))
    return compile_guarded_memq_test (g, test, var, proc, slot,
                                      scm_list_1 (datum));
  size_t leaf_false;
  if (scm_i_compile_leaf_test (g, test, &leaf_false))
    return leaf_false;
  return compile_simple_test (g, test) + 1;
}
