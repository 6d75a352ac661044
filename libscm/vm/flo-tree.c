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
      int op = *p & 15, on = *p & SCM_I_FT_ON_MASK, high = *p & 0x80;
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
      int holds;
      switch (op)
        {
        case SCM_I_FT_ADD: st[n - 1] = x + y; continue;
        case SCM_I_FT_SUB: st[n - 1] = x - y; continue;
        case SCM_I_FT_MUL: st[n - 1] = x * y; continue;
        case SCM_I_FT_DIV: st[n - 1] = x / y; continue;
        case SCM_I_FT_NUM_EQ: holds = x == y; break;
        case SCM_I_FT_LT: holds = x < y; break;
        case SCM_I_FT_GT: holds = x > y; break;
        case SCM_I_FT_LE: holds = x <= y; break;
        default: holds = x >= y; break;
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

/* FLO_TREE at IP (flo-tree-internal.h): while every leaf is a flonum,
   its program run here over doubles with no other check, as the
   generic operations of flonums would compute it; a leaf of another
   kind, or exact constants, go to flo_tree_exact.  Threaded through a
   table of offsets from the first label (read-only data: no address
   for libgc to scan).  Out of the loop, for the registers of
   scm_i_vm_run; its labels not aligned as the loop's are (VM_CFLAGS),
   whose padding each operation would run through.  */
struct scm_i_flo_tree_result
__attribute__ ((noinline, optimize ("align-labels=1", "align-jumps=1")))
scm_i_flo_tree (SCM *fp, const scm_t_bits *ip)
{
#define FT_AT(label) ((char *) &&label - (char *) &&local)
  /* Each binary operation with its right operand on the stack, in a
     local or a constant.  */
#define FT_BINARY(code, name)						\
  [code] = FT_AT (name##_s),						\
  [code | SCM_I_FT_ON_LOCAL] = FT_AT (name##_l),			\
  [code | SCM_I_FT_ON_FLONUM] = FT_AT (name##_k),			\
  [code | SCM_I_FT_ON_REG] = FT_AT (name##_r)
  static const int offset[] = {
    [SCM_I_FT_LOCAL] = FT_AT (local), [SCM_I_FT_FLONUM] = FT_AT (flonum),
    [SCM_I_FT_VALUE] = FT_AT (value),
    [SCM_I_FT_STORE] = FT_AT (store), [SCM_I_FT_END] = FT_AT (end),
    [SCM_I_FT_REG] = FT_AT (reg_leaf),
    [SCM_I_FT_LOCAL | SCM_I_FT_SAVE] = FT_AT (local_save),
    [SCM_I_FT_STORE | SCM_I_FT_SAVE] = FT_AT (store_save),
    FT_BINARY (SCM_I_FT_ADD, add), FT_BINARY (SCM_I_FT_SUB, sub),
    FT_BINARY (SCM_I_FT_MUL, mul), FT_BINARY (SCM_I_FT_DIV, div),
    FT_BINARY (SCM_I_FT_NUM_EQ, num_eq), FT_BINARY (SCM_I_FT_LT, lt),
    FT_BINARY (SCM_I_FT_GT, gt), FT_BINARY (SCM_I_FT_LE, le),
    FT_BINARY (SCM_I_FT_GE, ge),
    /* A let's comparison, after the bindings' STOREs.  */
    FT_BINARY (SCM_I_FT_NUM_EQ | SCM_I_FT_LET, let_num_eq),
    FT_BINARY (SCM_I_FT_LT | SCM_I_FT_LET, let_lt),
    FT_BINARY (SCM_I_FT_GT | SCM_I_FT_LET, let_gt),
    FT_BINARY (SCM_I_FT_LE | SCM_I_FT_LET, let_le),
    FT_BINARY (SCM_I_FT_GE | SCM_I_FT_LET, let_ge),
    /* The same when the program goes on if it is false.  */
    FT_BINARY (SCM_I_FT_NUM_EQ | SCM_I_FT_LET | SCM_I_FT_GO_ON, go_num_eq),
    FT_BINARY (SCM_I_FT_LT | SCM_I_FT_LET | SCM_I_FT_GO_ON, go_lt),
    FT_BINARY (SCM_I_FT_GT | SCM_I_FT_LET | SCM_I_FT_GO_ON, go_gt),
    FT_BINARY (SCM_I_FT_LE | SCM_I_FT_LET | SCM_I_FT_GO_ON, go_le),
    FT_BINARY (SCM_I_FT_GE | SCM_I_FT_LET | SCM_I_FT_GO_ON, go_ge),
    [SCM_I_FT_END | SCM_I_FT_TO_ELSE] = FT_AT (end_else),
  };
#undef FT_BINARY
#define FT_NEXT() goto *((char *) &&local + offset[*p++])
  /* Y = the flonum in the local the program names, else the exact
     evaluator.  */
#define FT_LOCAL(y)							\
  do {									\
    SCM x_ = fp[p[0] | p[1] << 8];					\
    p += 2;								\
    if (SCM_LIKELY (scm_i_is_immediate_flonum (x_)))			\
      y = flo_tree_decode (x_);						\
    else if (scm_has_tc8 (x_, scm_tc8_flonum))				\
      y = SCM_FLONUM_VALUE (x_);					\
    else								\
      return flo_tree_exact (fp, ip);					\
  } while (0)
#define FT_CONST(y) (memcpy (&(y), p, sizeof (double)), p += sizeof (double))
  /* A let's comparison that goes on when false, the left operand and
     the count of bindings popped.  */
#define FT_GO_ON(holds)							\
  do {									\
    if (holds)								\
      return flo_tree_branch (ip, 1, *p);				\
    s--;								\
    p++;								\
    FT_NEXT ();								\
  } while (0)
  /* Y = the register after the SLOT the program names.  */
#define FT_REG(y) ((y) = reg[p[2]], p += 3)
  /* An operation of each form: STMT on s[-1] and y.  */
#define FT_FORMS(name, STMT)						\
 name##_s: { double y = *--s; STMT; }					\
 name##_l: { double y; FT_LOCAL (y); STMT; }				\
 name##_k: { double y; FT_CONST (y); STMT; }				\
 name##_r: { double y; FT_REG (y); STMT; }
  struct scm_i_flo_tree_result fail = { NULL, SCM_BOOL_F };
  const unsigned char *p = SCM_BYTEVECTOR_CONTENTS (OPERAND_SCM (1));
  double st[SCM_I_FT_MAX_DEPTH], *s = st, reg[SCM_I_FT_MAX_REGS];
  if (SCM_UNLIKELY (*p != 0))
    {
      if ((*p & SCM_I_FT_GUARDED) && scm_i_inline_bindings_intact != 1)
        return fail;
      if (*p & SCM_I_FT_EXACTS)
        return flo_tree_exact (fp, ip);
    }
  p++;
  FT_NEXT ();
 local:
  FT_LOCAL (*s);
  s++;
  FT_NEXT ();
 flonum:
  FT_CONST (*s);
  s++;
  FT_NEXT ();
 reg_leaf:
  FT_REG (*s);
  s++;
  FT_NEXT ();
 local_save:
  FT_LOCAL (*s);
  reg[*p++] = *s++;
  FT_NEXT ();
  FT_FORMS (add, s[-1] += y; FT_NEXT ())
  FT_FORMS (sub, s[-1] -= y; FT_NEXT ())
  FT_FORMS (mul, s[-1] *= y; FT_NEXT ())
  FT_FORMS (div, s[-1] /= y; FT_NEXT ())
  FT_FORMS (num_eq, return flo_tree_branch (ip, s[-1] == y, 0))
  FT_FORMS (let_num_eq, return flo_tree_branch (ip, s[-1] == y, *p))
  FT_FORMS (go_num_eq, FT_GO_ON (s[-1] == y))
  FT_FORMS (lt, return flo_tree_branch (ip, s[-1] < y, 0))
  FT_FORMS (let_lt, return flo_tree_branch (ip, s[-1] < y, *p))
  FT_FORMS (go_lt, FT_GO_ON (s[-1] < y))
  FT_FORMS (gt, return flo_tree_branch (ip, s[-1] > y, 0))
  FT_FORMS (let_gt, return flo_tree_branch (ip, s[-1] > y, *p))
  FT_FORMS (go_gt, FT_GO_ON (s[-1] > y))
  FT_FORMS (le, return flo_tree_branch (ip, s[-1] <= y, 0))
  FT_FORMS (let_le, return flo_tree_branch (ip, s[-1] <= y, *p))
  FT_FORMS (go_le, FT_GO_ON (s[-1] <= y))
  FT_FORMS (ge, return flo_tree_branch (ip, s[-1] >= y, 0))
  FT_FORMS (let_ge, return flo_tree_branch (ip, s[-1] >= y, *p))
  FT_FORMS (go_ge, FT_GO_ON (s[-1] >= y))
 value:
  {
    scm_t_bits w;
    if (!scm_i_immediate_flonum (st[0], &w))
      return fail;
    struct scm_i_flo_tree_result r
      = { (const scm_t_bits *) ip[2], SCM_PACK (w) };
    return r;
  }
  /* A let's binding into its slot above the stack, which op_FLO_TREE
     pushes: a value that needs a box is the ordinary code's, which
     allocates it.  */
 store:
  {
    scm_t_bits w;
    if (!scm_i_immediate_flonum (*--s, &w))
      return fail;
    fp[p[0] | p[1] << 8] = SCM_PACK (w);
    p += 2;
    FT_NEXT ();
  }
 store_save:
  {
    scm_t_bits w;
    if (!scm_i_immediate_flonum (s[-1], &w))
      return fail;
    fp[p[0] | p[1] << 8] = SCM_PACK (w);
    reg[p[2]] = *--s;
    p += 3;
    FT_NEXT ();
  }
 end_else:
  {
    struct scm_i_flo_tree_result r
      = { (const scm_t_bits *) (ip[3] + *p), SCM_UNSPECIFIED };
    return r;
  }
 end:
  {
    struct scm_i_flo_tree_result r
      = { (const scm_t_bits *) (ip[2] + *p), SCM_UNSPECIFIED };
    return r;
  }
#undef FT_FORMS
#undef FT_REG
#undef FT_GO_ON
#undef FT_CONST
#undef FT_LOCAL
#undef FT_NEXT
#undef FT_AT
}
