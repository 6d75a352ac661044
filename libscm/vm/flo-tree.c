/* flo-tree.c -- the VM's side of FLO_TREE: a tree of flonum arithmetic
   run as its postfix program in doubles (the compiler's side is
   compile/flo-trees.c; the program's form is flo-tree-internal.h)
   SPDX-License-Identifier: LGPL-3.0-or-later

   Out of the VM's loop (engine.c), which calls scm_i_flo_tree from
   op_FLO_TREE: the program is interpreted here, with its own dispatch
   table, and only the result is encoded as an immediate flonum (or
   the bindings of a let, each in its slot above the stack, which
   op_FLO_TREE then pushes).  */

#include "runtime/scm-internal.h"
#include "vm/vm-internal.h"
#include "vm/flo-tree-internal.h"

#include <string.h>
#include <libscm/bytevectors.h>
#include <libscm/numbers.h>
#include <libscm/vectors.h>

/* As engine.c's: SCM_FIXNUM_P in one test (of the values, only fixnums
   have bit 1 set: scm.h), and the instruction's operand I as an
   object.  */
#define IS_FIXNUM(x) ((SCM_UNPACK (x) & 2) != 0)
#define OPERAND_SCM(i) SCM_PACK (ip[i])

/* Leaf X as a double in *D, and whether it is exact, or -1 if the
   program cannot take it: neither a flonum nor a fixnum below 2^53 in
   magnitude (from there a double need not be the integer, and the
   generic procedures compare it exactly).  */
static inline int
flo_tree_leaf (SCM x, double *d)
{
  if (SCM_LIKELY (scm_i_is_immediate_flonum (x)))
    {
      *d = scm_i_immediate_flonum_value (x);
      return 0;
    }
  if (IS_FIXNUM (x))
    {
      scm_t_signed_bits v = SCM_FIXNUM_VALUE (x);
      if (v <= -((scm_t_signed_bits) 1 << 53)
          || v >= ((scm_t_signed_bits) 1 << 53))
        return -1;
      *d = (double) v;
      return 1;
    }
  if (scm_has_tc8 (x, scm_tc8_flonum))
    {
      *d = SCM_FLONUM_VALUE (x);
      return 0;
    }
  return -1;
}

/* *X = the element that the SCM_I_FT_VREF or SCM_I_FT_VREF_K leaf
   whose operands are at P names (CONSTANT for the latter), if its
   vector is one and its index a fixnum within it; else 0, for the
   ordinary code to raise vector-ref's error.  */
static inline int
flo_tree_element (SCM *fp, const unsigned char *p, int constant, SCM *x)
{
  SCM v = fp[p[0] | p[1] << 8];
  scm_t_bits i = p[2] | p[3] << 8;
  if (!constant)
    {
      /* The local plus the offset in the fifth byte: a fixnum and a
         small one, whose sum the generic + gives too.  */
      SCM k = fp[i];
      scm_t_signed_bits j;
      if (!IS_FIXNUM (k))
        return 0;
      j = SCM_FIXNUM_VALUE (k) + (signed char) p[4];
      if (j < 0)
        return 0;
      i = j;
    }
  if (!scm_is_vector (v) || i >= SCM_VECTOR_LENGTH (v))
    return 0;
  *x = SCM_VECTOR_REF (v, i);
  return 1;
}

/* FLO_TREE at IP when it has exact leaves, its program run over the
   doubles of the frame FP's locals, each marked exact or not (bit I of
   EXACT for ST[I]).  Each operation of an inexact operand rounds as
   the generic one would (a fixnum next to a flonum converted exactly,
   as real_double does), so that the result is the generic code's; an
   exact result, and a result needing a box, are left to that code,
   so that nothing here allocates or raises.  */
static struct scm_i_flo_tree_result __attribute__ ((noinline))
flo_tree_exact (SCM *fp, const scm_t_bits *ip)
{
  struct scm_i_flo_tree_result r = { NULL, SCM_BOOL_F };
  const unsigned char *p = SCM_BYTEVECTOR_CONTENTS (OPERAND_SCM (1)) + 1;
  double st[SCM_I_FT_MAX_DEPTH];
  unsigned exact = 0;
  int n = 0;
  /* The bindings stored, added to where it goes (op_FLO_TREE).  */
  uintptr_t stored = 0;
  for (;;)
    {
      /* The ordinary code makes the loop's jump.  */
      if (*p == SCM_I_FT_LOOP)
        {
          p += 2 + p[1];
          continue;
        }
      /* Its reads of the local take it from the frame.  */
      if (*p == SCM_I_FT_LOAD)
        {
          p += 4;
          continue;
        }
      if ((*p | 0x10) == SCM_I_FT_VREF_K)
        {
          SCM x;
          if (!flo_tree_element (fp, p + 1, *p == SCM_I_FT_VREF_K, &x))
            return r;
          int e = flo_tree_leaf (x, &st[n]);
          if (e < 0)
            return r;
          exact |= (unsigned) e << n++;
          p += 6;
          continue;
        }
      int op = *p & 15, on = *p & SCM_I_FT_ON_MASK, high = *p & 0x80;
      if (*p & SCM_I_FT_LEFT_REG && op >= SCM_I_FT_ADD
          && op <= SCM_I_FT_DIV)
        {
          /* Its left operand, a local, pushed as SCM_I_FT_REG's.  */
          int e = flo_tree_leaf (fp[p[1] | p[2] << 8], &st[n]);
          if (e < 0)
            return r;
          exact |= (unsigned) e << n++;
          p += 3;
        }
      /* A register's byte after SLOT, which this program reads: it
         keeps none.  */
      int reg = (high && (op == SCM_I_FT_LOCAL || op == SCM_I_FT_STORE))
        || on == SCM_I_FT_ON_REG;
      p++;
      if (op <= SCM_I_FT_LOCAL || on == SCM_I_FT_ON_LOCAL
          || on == SCM_I_FT_ON_REG)
        {
          int e = flo_tree_leaf (fp[p[0] | p[1] << 8], &st[n]);
          if (e < 0)
            return r;
          exact |= (unsigned) e << n++;
          p += 2 + (reg || op == SCM_I_FT_REG);
        }
      else if (op == SCM_I_FT_FLONUM || op == SCM_I_FT_EXACT
               || on == SCM_I_FT_ON_FLONUM)
        {
          memcpy (&st[n], p, sizeof (double));
          exact |= (unsigned) (op == SCM_I_FT_EXACT) << n++;
          p += sizeof (double);
        }
      if (op <= SCM_I_FT_EXACT)
        continue;
      if (op == SCM_I_FT_VALUE)
        {
          scm_t_bits w;
          if (!scm_i_immediate_flonum (st[0], &w))
            return r;
          r.ip = (const scm_t_bits *) ip[2];
          r.acc = SCM_PACK (w);
          return r;
        }
      if (op == SCM_I_FT_STORE)
        {
          /* An exact binding is the generic code's.  */
          scm_t_bits w;
          n--;
          if (((exact >> n) & 1) || !scm_i_immediate_flonum (st[n], &w))
            return r;
          fp[p[0] | p[1] << 8] = SCM_PACK (w);
          p += 2 + reg;
          stored++;
          continue;
        }
      if (op == SCM_I_FT_END)
        {
          r.ip = (const scm_t_bits *) (ip[high ? 3 : 2] + stored);
          r.acc = SCM_UNSPECIFIED;
          return r;
        }
      /* Two operands: an exact pair is the generic code's.  */
      n--;
      if ((exact >> (n - 1)) & (exact >> n) & 1)
        return r;
      exact &= ~(3u << (n - 1));
      double x = st[n - 1], y = st[n];
      int holds = 0;
      switch (op)
        {
        case SCM_I_FT_ADD: st[n - 1] = x + y; break;
        case SCM_I_FT_SUB: st[n - 1] = x - y; break;
        case SCM_I_FT_MUL: st[n - 1] = x * y; break;
        case SCM_I_FT_DIV: st[n - 1] = x / y; break;
        case SCM_I_FT_NUM_EQ: holds = x == y; break;
        case SCM_I_FT_LT: holds = x < y; break;
        case SCM_I_FT_GT: holds = x > y; break;
        case SCM_I_FT_LE: holds = x <= y; break;
        default: holds = x >= y; break;
        }
      if (op <= SCM_I_FT_DIV)
        {
          /* SCM_I_FT_TO_REG: its binding stored here, as STORE's.  */
          scm_t_bits w;
          if (!high)
            continue;
          n--;
          if (!scm_i_immediate_flonum (st[n], &w))
            return r;
          fp[p[0] | p[1] << 8] = SCM_PACK (w);
          p += 3;
          stored++;
          continue;
        }
      if (high && !holds)
        {
          /* SCM_I_FT_GO_ON: on into the next let's bindings.  */
          n--;
          p++;
          continue;
        }
      r.ip = (const scm_t_bits *) (ip[holds ? 2 : 3] + stored);
      r.acc = scm_from_bool (holds);
      return r;
    }
}

/* Where a comparison's FLO_TREE goes, with the count of the bindings
   its program STORED (a let's).  */
static inline struct scm_i_flo_tree_result
flo_tree_branch (const scm_t_bits *ip, int holds, uintptr_t stored)
{
  struct scm_i_flo_tree_result r;
  r.ip = (const scm_t_bits *) (ip[holds ? 2 : 3] + stored);
  r.acc = scm_from_bool (holds);
  return r;
}

/* Immediate flonum X's value, as scm_i_immediate_flonum_value
   computes it, with the zeros (no bias) as the unlikely case: the
   common one then runs straight through.  */
static inline double
flo_tree_decode (SCM x)
{
  double d;
  uint64_t r = SCM_UNPACK (x) >> 4;
  uint64_t rot = SCM_LIKELY ((r >> 53) != 0) ? r + SCM_I_FLONUM_BIAS : r;
  uint64_t bits = (rot >> 1) | (rot << 63);
  memcpy (&d, &bits, sizeof d);
  return d;
}

/* The jump of SCM_I_FT_LOOP whose operands start at P (past its count
   of bytes, flo-tree-internal.h) made, with the moves of the program's
   registers REG, and the address of where the program goes on, when
   its step is a fixnum and its head test, of fixnums, goes on into the
   program's let; else NULL, nothing changed.  */
static inline __attribute__ ((always_inline)) const unsigned char *
flo_tree_loop (SCM *fp, const unsigned char *p, double *reg)
{
  SCM x = fp[p[2] | p[3] << 8];
  int64_t d;
  scm_t_bits other;
  scm_t_signed_bits w;
  memcpy (&d, p + 4, sizeof d);
  memcpy (&other, p + 14, sizeof other);
  /* The fixnum's word plus the constant's difference of words: an
     overflow of the word is one of the fixnum, which the ordinary code
     makes a bignum.  */
  if (!IS_FIXNUM (x)
      || __builtin_add_overflow ((scm_t_signed_bits) SCM_UNPACK (x),
                                 (scm_t_signed_bits) d, &w))
    return NULL;
  if (p[13] == SCM_I_FT_COPY)
    other = SCM_UNPACK (fp[other]);
  if (!IS_FIXNUM (SCM_PACK (other)))
    return NULL;
  /* Fixnums' words compare as their values: the outcome's bit.  */
  int outcome = (w > (scm_t_signed_bits) other)
    - (w < (scm_t_signed_bits) other) + 1;
  if (((p[12] >> outcome) & 1) == 0)
    return NULL;
  /* The values of bindings kept in registers, each with an immediate
     form, else nothing changed.  */
  const unsigned char *k = p + 23 + 6 * p[22];
  scm_t_bits words[SCM_I_FT_MAX_LOOP_PARAMS];
  for (int i = 0; i < k[0]; i++)
    if (!scm_i_immediate_flonum (reg[k[4 + 4 * i]], &words[i]))
      return NULL;
  fp[p[0] | p[1] << 8] = SCM_PACK ((scm_t_bits) w);
  p += 22;
  for (int n = *p++; n > 0; n--, p += 6)
    {
      fp[p[0] | p[1] << 8] = fp[p[2] | p[3] << 8];
      reg[p[4]] = reg[p[5]];
    }
  for (int i = 0, n = *p++; i < n; i++, p += 4)
    {
      fp[p[0] | p[1] << 8] = SCM_PACK (words[i]);
      reg[p[2]] = reg[p[3]];
    }
  return p;
}

/* The first COUNT bindings of the loop's program of the FLO_TREE at
   IP that it kept in registers REG (SCM_I_FT_TO_REG) written to their
   slots, as it leaves; 0 if one has no immediate form (the ordinary
   code then computes the let again, and boxes it).  */
static int
flo_tree_flush (SCM *fp, const scm_t_bits *ip, const double *reg,
                unsigned count)
{
  SCM prog = OPERAND_SCM (1);
  const unsigned char *end
    = SCM_BYTEVECTOR_CONTENTS (prog) + SCM_BYTEVECTOR_LENGTH (prog);
  size_t base = end[-2] | end[-1] << 8;
  const unsigned char *regs = end - 3 - end[-3];
  for (unsigned i = 0; i < count; i++)
    if (regs[i] != SCM_I_FT_IN_FRAME)
      {
        scm_t_bits w;
        if (!scm_i_immediate_flonum (reg[regs[i]], &w))
          return 0;
        fp[base + i] = SCM_PACK (w);
      }
  return 1;
}

/* The program's interpreter with vectors' elements (SCM_I_FT_ELEMENTS),
   with a loop's jump (SCM_I_FT_LOOPS), then with neither: the
   registers the former two need would cost every program of the
   last.  */
static struct scm_i_flo_tree_result
flo_tree_elements (SCM *fp, const scm_t_bits *ip, struct scm_i_vm *vm);
static struct scm_i_flo_tree_result
flo_tree_loops (SCM *fp, const scm_t_bits *ip, struct scm_i_vm *vm);
#define FT_FUNCTION flo_tree_elements
#define FT_LINKAGE static
#define FT_WITH_ELEMENTS 1
#define FT_WITH_LOOPS 0
#include "vm/flo-tree-run.inc"
#undef FT_WITH_LOOPS
#undef FT_WITH_ELEMENTS
#undef FT_LINKAGE
#undef FT_FUNCTION

/* A program that makes its loop's jump (SCM_I_FT_LOOPS), the only one
   that keeps the VM (for its enter_limit) and its start.  */
#define FT_FUNCTION flo_tree_loops
#define FT_LINKAGE static
#define FT_WITH_ELEMENTS 0
#define FT_WITH_LOOPS 1
#include "vm/flo-tree-run.inc"
#undef FT_WITH_LOOPS
#undef FT_WITH_ELEMENTS
#undef FT_LINKAGE
#undef FT_FUNCTION

#define FT_FUNCTION scm_i_flo_tree
#define FT_LINKAGE
#define FT_WITH_ELEMENTS 0
#define FT_WITH_LOOPS 0
#include "vm/flo-tree-run.inc"
#undef FT_WITH_LOOPS
#undef FT_WITH_ELEMENTS
#undef FT_LINKAGE
#undef FT_FUNCTION
