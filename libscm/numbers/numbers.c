/* numbers.c -- numbers: conversions, predicates, comparison, arithmetic
   SPDX-License-Identifier: LGPL-3.0-or-later

   Five representations: fixnums (exact integers of 62 bits,
   immediate), bignums (larger exact integers, bignums.c), ratnums
   (exact non-integer rationals, ratnums.c) and flonums (IEEE doubles,
   boxed and atomic), and non-real complex numbers with flonum parts
   (complex.c).  Each operation has a fixnum fast path, then goes
   to bignums.c when both operands are exact integers, to ratnums.c
   when both are exact, to complex.c when one is a non-real complex
   number, and to doubles otherwise.  Number syntax (reading and writing) is
   in number-syntax.c.

   Sections: errors; representation and C conversions; predicates;
   comparison; arithmetic; integer division; rounding; exactness.  The
   C conversions of exact integers of every width are in
   integer-conversions.c, the transcendental functions, square roots
   and powers in transcendental.c.  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"
#include "runtime/subrs-internal.h"
#include "numbers/numbers-internal.h"

#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <sys/types.h>
#include <math.h>
#include <libscm/conditions.h>
#include <libscm/eval.h>
#include <libscm/lists.h>
#include <libscm/pairs.h>

/* ------------------------------------------------------------------ */
/* Errors.  */

#define RESTRICTION "implementation-restriction"

void
scm_i_divide_by_zero (const char *who, SCM irritants)
{
  scm_c_raise_error ("divide-by-zero", who, "division by zero", irritants);
}

void
scm_i_no_exact_value (const char *who, SCM irritants)
{
  scm_c_raise_error ("out-of-range", who,
                     "no exact representation", irritants);
}

/* The operands of a failed operation: (X Y), or (X) when Y is not
   given.  */
SCM
scm_i_operands (SCM x, SCM y)
{
  return SCM_UNBNDP (y) ? scm_list_1 (x) : scm_list_2 (x, y);
}

static inline int
is_exact_integer (SCM x)
{
  return SCM_FIXNUM_P (x) || scm_i_is_bignum (x);
}

/* An exact rational: an exact integer or a ratnum.  */
static inline int
is_exact (SCM x)
{
  return is_exact_integer (x) || scm_i_is_ratnum (x);
}

/* ------------------------------------------------------------------ */
/* Representation and C conversions.  */

SCM
scm_i_box_flonum (double d)
{
  scm_t_bits *p = scm_i_alloc_atomic (sizeof (scm_t_bits) + sizeof (double));
  p[0] = SCM_MAKE_HEADER (scm_tc8_flonum, 0, 0);
  memcpy (p + 1, &d, sizeof d);
  return SCM_PACK_POINTER (p);
}

SCM
scm_from_double (double d)
{
  return scm_i_from_double (d);
}

/* Whether X is a real number, or with COMPLEX_TOO any number: the
   header read once, not by a test of each type (number? of a symbol
   took 39 instructions).  A pair's first word, its car, has an even
   low byte, no type code.  */
static inline int
is_number_of (SCM x, int complex_too)
{
  if (SCM_FIXNUM_P (x))
    return 1;
  if (!SCM_HEAP_OBJECT_P (x))
    return scm_i_is_immediate_flonum (x);
  scm_t_bits tc8 = SCM_HEADER_TC8 (SCM_HEADER (x));
  return tc8 == scm_tc8_flonum || tc8 == scm_tc8_bignum
    || tc8 == scm_tc8_ratnum || (complex_too && tc8 == scm_tc8_complex);
}

int
scm_is_real (SCM x)
{
  return is_number_of (x, 0);
}

int
scm_is_number (SCM x)
{
  return is_number_of (x, 1);
}

int
scm_is_exact_integer (SCM x)
{
  return is_exact_integer (x);
}

int
scm_is_integer (SCM x)
{
  if (is_exact_integer (x))
    return 1;
  if (!scm_is_flonum (x))
    return 0;
  double d = SCM_FLONUM_VALUE (x);
  return isfinite (d) && d == floor (d);
}

int
scm_is_exact (SCM x)
{
  return is_exact (x) || scm_i_is_exact_complex (x);
}

int
scm_is_inexact (SCM x)
{
  return scm_is_flonum (x) || scm_i_is_inexact_complex (x);
}

double
scm_to_double (SCM x)
{
  SCM_ASSERT_TYPE (scm_is_real (x), x, 1, "scm_to_double", "real number");
  return scm_i_real_to_double (x);
}

/* ------------------------------------------------------------------ */
/* Predicates.  */

void
scm_i_check_number_1 (const char *who, int pos, SCM x)
{
  SCM_ASSERT_TYPE (scm_is_number (x), x, pos, who, "number");
}

void
scm_i_check_real_1 (const char *who, int pos, SCM x)
{
  SCM_ASSERT_TYPE (scm_is_real (x), x, pos, who, "real number");
}

static void
check_integer (const char *who, int pos, SCM x)
{
  SCM_ASSERT_TYPE (scm_is_integer (x), x, pos, who, "integer");
}

static int
is_nan (SCM x)
{
  return scm_is_flonum (x) && isnan (SCM_FLONUM_VALUE (x));
}

SCM_DEFINE (scm_number_p, "number?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a number, else @code{#f}.")
{
  return scm_from_bool (scm_is_number (obj));
}

SCM_DEFINE (scm_complex_p, "complex?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a complex number, that is "
            "any number, else @code{#f}.")
{
  return scm_from_bool (scm_is_number (obj));
}

SCM_DEFINE (scm_real_p, "real?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a real number, else "
            "@code{#f}: @code{#f} for a complex number, which has a "
            "nonzero or an inexact imaginary part (@code{(real? "
            "-2.5+0.0i)} is @code{#f}, @code{(real? -2.5+0i)} @code{#t}).")
{
  return scm_from_bool (scm_is_real (obj));
}

SCM_DEFINE (scm_rational_p, "rational?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a rational number: an exact "
            "number or a finite flonum.")
{
  if (is_exact (obj))
    return SCM_BOOL_T;
  return scm_from_bool (scm_is_flonum (obj)
                        && isfinite (SCM_FLONUM_VALUE (obj)));
}

SCM_DEFINE (scm_integer_p, "integer?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is an integer, exact or inexact "
            "(@code{(integer? 2.0)} is @code{#t}).")
{
  return scm_from_bool (scm_is_integer (obj));
}

SCM_DEFINE (scm_exact_p, "exact?", 1, 0, 0, (SCM z),
            "Return @code{#t} if number @var{z} is exact.")
{
  scm_i_check_number ("exact?", 1, z);
  return scm_from_bool (scm_is_exact (z));
}

SCM_DEFINE (scm_inexact_p, "inexact?", 1, 0, 0, (SCM z),
            "Return @code{#t} if number @var{z} is inexact.")
{
  scm_i_check_number ("inexact?", 1, z);
  return scm_from_bool (scm_is_inexact (z));
}

SCM_DEFINE (scm_exact_integer_p, "exact-integer?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is an exact integer.")
{
  return scm_from_bool (scm_is_exact_integer (obj));
}

/* How many of the parts of number Z (one for a real) PRED holds of;
   none of an exact number's.  */
static int
parts_satisfying (int (*pred) (double), SCM z)
{
  if (scm_i_is_exact_complex (z))
    return 0;
  if (scm_i_is_complex (z))
    return (pred (SCM_I_COMPLEX_REAL (z)) + pred (SCM_I_COMPLEX_IMAG (z)));
  return scm_is_flonum (z) && pred (SCM_FLONUM_VALUE (z));
}

static int double_is_nan (double d) { return isnan (d) != 0; }
static int double_is_inf (double d) { return isinf (d) != 0; }
static int double_is_not_finite (double d) { return !isfinite (d); }

SCM_DEFINE (scm_nan_p, "nan?", 1, 0, 0, (SCM z),
            "Return @code{#t} if number @var{z} is a NaN, or a complex "
            "number with a NaN part.")
{
  scm_i_check_number ("nan?", 1, z);
  return scm_from_bool (parts_satisfying (double_is_nan, z) > 0);
}

SCM_DEFINE (scm_infinite_p, "infinite?", 1, 0, 0, (SCM z),
            "Return @code{#t} if number @var{z} is @code{+inf.0} or "
            "@code{-inf.0}, or a complex number with an infinite part.")
{
  scm_i_check_number ("infinite?", 1, z);
  return scm_from_bool (parts_satisfying (double_is_inf, z) > 0);
}

SCM_DEFINE (scm_finite_p, "finite?", 1, 0, 0, (SCM z),
            "Return @code{#t} if number @var{z} has no infinite or NaN "
            "part.")
{
  scm_i_check_number ("finite?", 1, z);
  return scm_from_bool (parts_satisfying (double_is_not_finite, z) == 0);
}

/* -1, 0 or 1 as X is negative, zero or positive; 2 for a NaN.  */
static int
sign_of (SCM x)
{
  if (is_exact (x))
    return scm_i_q_sign (x);
  double d = SCM_FLONUM_VALUE (x);
  return d > 0 ? 1 : d < 0 ? -1 : d == 0 ? 0 : 2;
}

SCM_DEFINE (scm_zero_p, "zero?", 1, 0, 0, (SCM z),
            "Return @code{#t} if number @var{z} is zero (@code{0}, "
            "@code{0.0} or @code{-0.0}).")
{
  scm_i_check_number ("zero?", 1, z);
  /* An exact complex number's imaginary part is not zero; an inexact
     one's may be, 0.0+0.0i.  */
  if (scm_i_is_complex (z))
    return scm_from_bool (scm_i_is_inexact_complex (z)
                          && SCM_I_COMPLEX_REAL (z) == 0
                          && SCM_I_COMPLEX_IMAG (z) == 0);
  return scm_from_bool (sign_of (z) == 0);
}

SCM_DEFINE (scm_positive_p, "positive?", 1, 0, 0, (SCM x),
            "Return @code{#t} if real number @var{x} is greater than zero.")
{
  scm_i_check_real ("positive?", 1, x);
  return scm_from_bool (sign_of (x) == 1);
}

SCM_DEFINE (scm_negative_p, "negative?", 1, 0, 0, (SCM x),
            "Return @code{#t} if real number @var{x} is less than zero.")
{
  scm_i_check_real ("negative?", 1, x);
  return scm_from_bool (sign_of (x) == -1);
}

/* Nonzero if integer N (exact or inexact) is odd.  */
static int
is_odd (SCM n)
{
  if (is_exact_integer (n))
    return scm_i_int_odd_p (n);
  return fmod (SCM_FLONUM_VALUE (n), 2.0) != 0;
}

SCM_DEFINE (scm_odd_p, "odd?", 1, 0, 0, (SCM n),
            "Return @code{#t} if integer @var{n} is odd.")
{
  check_integer ("odd?", 1, n);
  return scm_from_bool (is_odd (n));
}

SCM_DEFINE (scm_even_p, "even?", 1, 0, 0, (SCM n),
            "Return @code{#t} if integer @var{n} is even.")
{
  check_integer ("even?", 1, n);
  return scm_from_bool (!is_odd (n));
}

/* ------------------------------------------------------------------ */
/* Comparison.  Exact and inexact numbers compare by their exact values
   (no rounding of a fixnum to a double), so that = < > <= >= are
   transitive.  */

#define UNORDERED 2

/* -1, 0 or 1 as I is less than, equal to or greater than D; UNORDERED
   if D is a NaN.  */
static int
compare_fixnum_double (int64_t i, double d)
{
  if (isnan (d))
    return UNORDERED;
  if (d >= 0x1p63)
    return -1;
  if (d < -0x1p63)
    return 1;
  double t = trunc (d);         /* now -2^63 <= t < 2^63: exact in int64 */
  int64_t ti = (int64_t) t;
  if (i != ti)
    return i < ti ? -1 : 1;
  double frac = d - t;
  return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}

/* Compare real numbers X and Y: -1, 0, 1 or UNORDERED.  */
static int
compare_reals (SCM x, SCM y)
{
  if (SCM_FIXNUM_P (x) && SCM_FIXNUM_P (y))
    {
      /* Tagged words are in the order of the integers.  */
      scm_t_signed_bits a = SCM_UNPACK (x), b = SCM_UNPACK (y);
      return (a > b) - (a < b);
    }
  if (scm_is_flonum (y))
    {
      if (SCM_FIXNUM_P (x))
        return compare_fixnum_double (SCM_FIXNUM_VALUE (x),
                                      SCM_FLONUM_VALUE (y));
      if (scm_i_is_bignum (x))
        return scm_i_int_cmp_double (x, SCM_FLONUM_VALUE (y));
      if (scm_i_is_ratnum (x))
        {
          double d = SCM_FLONUM_VALUE (y);
          if (isnan (d))
            return UNORDERED;
          if (isinf (d))
            return d > 0 ? -1 : 1;
          return scm_i_q_cmp (x, scm_i_q_from_double (d));
        }
    }
  else if (scm_is_flonum (x))
    {
      int c = compare_reals (y, x);
      return c == UNORDERED ? c : -c;
    }
  else
    return scm_i_q_cmp (x, y);
  double a = SCM_FLONUM_VALUE (x), b = SCM_FLONUM_VALUE (y);
  return a < b ? -1 : a > b ? 1 : a == b ? 0 : UNORDERED;
}

enum comparison { CMP_EQ, CMP_LT, CMP_GT, CMP_LE, CMP_GE };

/* Nonzero if comparison result C satisfies OP.  */
static int
comparison_holds (enum comparison op, int c)
{
  switch (op)
    {
    case CMP_EQ: return c == 0;
    case CMP_LT: return c == -1;
    case CMP_GT: return c == 1;
    case CMP_LE: return c == -1 || c == 0;
    case CMP_GE: return c == 1 || c == 0;
    }
  return 0;
}

/* = takes complex numbers, the others reals only.  */
static inline void
check_comparable (enum comparison op, const char *who, int pos, SCM x)
{
  if (op == CMP_EQ)
    scm_i_check_number (who, pos, x);
  else
    scm_i_check_real (who, pos, x);
}

/* Whether OP holds between every two neighbours of X, Y and the list
   REST (X and Y may be SCM_UNDEFINED: not given).  Checks the type of
   every argument, even after the answer is known.  */
static SCM
compare_chain (const char *who, enum comparison op, SCM x, SCM y, SCM rest)
{
  if (SCM_UNBNDP (x))
    return SCM_BOOL_T;
  check_comparable (op, who, 1, x);
  if (SCM_UNBNDP (y))
    return SCM_BOOL_T;
  int holds = 1, pos = 2;
  SCM prev = x, next = y;
  for (;;)
    {
      check_comparable (op, who, pos, next);
      if (!holds)
        ;
      else if (SCM_UNLIKELY (scm_i_is_complex (prev)
                             || scm_i_is_complex (next)))
        holds = scm_i_complex_num_eq (prev, next);
      else
        holds = comparison_holds (op, compare_reals (prev, next));
      if (!scm_is_pair (rest))
        break;
      prev = next;
      next = SCM_CAR (rest);
      rest = SCM_CDR (rest);
      pos++;
    }
  return scm_from_bool (holds);
}

SCM
scm_num_eq_p (SCM x, SCM y)
{
  return compare_chain ("=", CMP_EQ, x, y, SCM_EOL);
}

SCM
scm_less_p (SCM x, SCM y)
{
  return compare_chain ("<", CMP_LT, x, y, SCM_EOL);
}

SCM
scm_gr_p (SCM x, SCM y)
{
  return compare_chain (">", CMP_GT, x, y, SCM_EOL);
}

SCM
scm_leq_p (SCM x, SCM y)
{
  return compare_chain ("<=", CMP_LE, x, y, SCM_EOL);
}

SCM
scm_geq_p (SCM x, SCM y)
{
  return compare_chain (">=", CMP_GE, x, y, SCM_EOL);
}

SCM_DEFINE_STATIC (num_eq_variadic, "=", 0, 2, 1, (SCM x, SCM y, SCM rest),
                   "Return @code{#t} if all the numbers given are equal.  "
                   "Exact and inexact numbers compare by their exact "
                   "values; a NaN equals nothing.")
{
  return compare_chain ("=", CMP_EQ, x, y, rest);
}

SCM_DEFINE_STATIC (less_variadic, "<", 0, 2, 1, (SCM x, SCM y, SCM rest),
                   "Return @code{#t} if the real numbers given are strictly "
                   "increasing.")
{
  return compare_chain ("<", CMP_LT, x, y, rest);
}

SCM_DEFINE_STATIC (gr_variadic, ">", 0, 2, 1, (SCM x, SCM y, SCM rest),
                   "Return @code{#t} if the real numbers given are strictly "
                   "decreasing.")
{
  return compare_chain (">", CMP_GT, x, y, rest);
}

SCM_DEFINE_STATIC (leq_variadic, "<=", 0, 2, 1, (SCM x, SCM y, SCM rest),
                   "Return @code{#t} if the real numbers given are "
                   "non-decreasing.")
{
  return compare_chain ("<=", CMP_LE, x, y, rest);
}

SCM_DEFINE_STATIC (geq_variadic, ">=", 0, 2, 1, (SCM x, SCM y, SCM rest),
                   "Return @code{#t} if the real numbers given are "
                   "non-increasing.")
{
  return compare_chain (">=", CMP_GE, x, y, rest);
}

static SCM
to_inexact (SCM z)
{
  if (SCM_FIXNUM_P (z))
    return scm_i_from_double ((double) SCM_FIXNUM_VALUE (z));
  if (scm_i_is_bignum (z) || scm_i_is_ratnum (z))
    return scm_i_from_double (scm_i_q_to_double (z));
  if (scm_i_is_exact_complex (z))
    return scm_i_complex_to_inexact (z);
  return z;
}

/* Of BEST and Y (both real), the one that WANT (1: the larger, -1: the
   smaller) picks; a NaN wins.  */
static SCM
pick_extremum (int want, SCM best, SCM y)
{
  int c = compare_reals (y, best);
  if (c == want || (c == UNORDERED && !is_nan (best)))
    return y;
  return best;
}

/* The maximum (WANT 1) or minimum (WANT -1) of X and the list REST,
   inexact if any of them is.  */
static SCM
extremum (const char *who, int want, SCM x, SCM rest)
{
  scm_i_check_real (who, 1, x);
  SCM best = x;
  int inexact = scm_is_flonum (x), pos = 1;
  for (; scm_is_pair (rest); rest = SCM_CDR (rest))
    {
      SCM y = SCM_CAR (rest);
      scm_i_check_real (who, ++pos, y);
      inexact |= scm_is_flonum (y);
      best = pick_extremum (want, best, y);
    }
  return inexact ? to_inexact (best) : best;
}

SCM
scm_max (SCM x, SCM y)
{
  scm_i_check_real ("max", 1, x);
  scm_i_check_real ("max", 2, y);
  SCM best = pick_extremum (1, x, y);
  return scm_is_flonum (x) || scm_is_flonum (y) ? to_inexact (best) : best;
}

SCM
scm_min (SCM x, SCM y)
{
  scm_i_check_real ("min", 1, x);
  scm_i_check_real ("min", 2, y);
  SCM best = pick_extremum (-1, x, y);
  return scm_is_flonum (x) || scm_is_flonum (y) ? to_inexact (best) : best;
}

SCM_DEFINE_STATIC (max_variadic, "max", 1, 0, 1, (SCM x, SCM rest),
                   "Return the largest of the real numbers given: inexact "
                   "if any of them is inexact, a NaN if any is a NaN.")
{
  return extremum ("max", 1, x, rest);
}

SCM_DEFINE_STATIC (min_variadic, "min", 1, 0, 1, (SCM x, SCM rest),
                   "Return the smallest of the real numbers given: inexact "
                   "if any of them is inexact, a NaN if any is a NaN.")
{
  return extremum ("min", -1, x, rest);
}

SCM_DEFINE_STATIC (max_2, "%max2", 2, 0, 0, (SCM x, SCM y),
                   "Return @code{(max @var{x} @var{y})}: what the VM calls "
                   "for @code{max} with two arguments, with no rest list "
                   "to build (subrs.c, scm_i_subr_fixed_entry).")
{
  return scm_max (x, y);
}

SCM_DEFINE_STATIC (min_2, "%min2", 2, 0, 0, (SCM x, SCM y),
                   "Return @code{(min @var{x} @var{y})}: the same for "
                   "@code{min}.")
{
  return scm_min (x, y);
}

/* ------------------------------------------------------------------ */
/* Arithmetic.  Flonums have a fast path of their own, before the tests
   for the exact and complex kinds.  The fixnum fast paths compute on the tagged words: with
   x = 4a + 2 and y = 4b + 2, (x - 2) + y = 4(a + b) + 2, and the 64-bit
   operation overflows exactly when the 62-bit one does.  */

static inline int
both_flonums (SCM x, SCM y)
{
  return scm_is_flonum (x) && scm_is_flonum (y);
}

static SCM
add (const char *who, SCM x, SCM y)
{
  if (SCM_LIKELY (SCM_FIXNUM_P (x) && SCM_FIXNUM_P (y)))
    {
      scm_t_signed_bits r;
      if (SCM_UNLIKELY (__builtin_add_overflow
                        ((scm_t_signed_bits) SCM_UNPACK (x) - 2,
                         (scm_t_signed_bits) SCM_UNPACK (y), &r)))
        return scm_i_int_add (x, y, who);
      return SCM_PACK (r);
    }
  if (both_flonums (x, y))
    return scm_i_from_double (SCM_FLONUM_VALUE (x) + SCM_FLONUM_VALUE (y));
  if (is_exact_integer (x) && is_exact_integer (y))
    return scm_i_int_add (x, y, who);
  if (is_exact (x) && is_exact (y))
    return scm_i_q_add (x, y, who);
  if (SCM_UNLIKELY (scm_i_is_complex (x) || scm_i_is_complex (y)))
    return scm_i_complex_arith ('+', x, y);
  return scm_i_from_double (scm_i_real_to_double (x)
                          + scm_i_real_to_double (y));
}

static SCM
subtract (const char *who, SCM x, SCM y)
{
  if (SCM_LIKELY (SCM_FIXNUM_P (x) && SCM_FIXNUM_P (y)))
    {
      scm_t_signed_bits r;
      if (SCM_UNLIKELY (__builtin_sub_overflow
                        ((scm_t_signed_bits) SCM_UNPACK (x),
                         (scm_t_signed_bits) SCM_UNPACK (y) - 2, &r)))
        return scm_i_int_sub (x, y, who);
      return SCM_PACK (r);
    }
  if (both_flonums (x, y))
    return scm_i_from_double (SCM_FLONUM_VALUE (x) - SCM_FLONUM_VALUE (y));
  if (is_exact_integer (x) && is_exact_integer (y))
    return scm_i_int_sub (x, y, who);
  if (is_exact (x) && is_exact (y))
    return scm_i_q_sub (x, y, who);
  if (SCM_UNLIKELY (scm_i_is_complex (x) || scm_i_is_complex (y)))
    return scm_i_complex_arith ('-', x, y);
  return scm_i_from_double (scm_i_real_to_double (x)
                          - scm_i_real_to_double (y));
}

static SCM
multiply (const char *who, SCM x, SCM y)
{
  if (SCM_LIKELY (SCM_FIXNUM_P (x) && SCM_FIXNUM_P (y)))
    {
      /* (x - 2) * b = 4ab: overflows 64 bits iff ab overflows 62.  */
      scm_t_signed_bits r;
      if (SCM_UNLIKELY (__builtin_mul_overflow
                        ((scm_t_signed_bits) SCM_UNPACK (x) - 2,
                         SCM_FIXNUM_VALUE (y), &r)))
        return scm_i_int_mul (x, y, who);
      return SCM_PACK (r + 2);
    }
  if (both_flonums (x, y))
    return scm_i_from_double (SCM_FLONUM_VALUE (x) * SCM_FLONUM_VALUE (y));
  if (is_exact_integer (x) && is_exact_integer (y))
    return scm_i_int_mul (x, y, who);
  if (is_exact (x) && is_exact (y))
    return scm_i_q_mul (x, y, who);
  if (SCM_UNLIKELY (scm_i_is_complex (x) || scm_i_is_complex (y)))
    return scm_i_complex_arith ('*', x, y);
  return scm_i_from_double (scm_i_real_to_double (x)
                          * scm_i_real_to_double (y));
}

static SCM
negate (const char *who, SCM x)
{
  if (SCM_FIXNUM_P (x))
    return scm_i_exact_from_i64 (-SCM_FIXNUM_VALUE (x));
  if (is_exact (x))
    return scm_i_q_negate (x, who);
  if (scm_i_is_complex (x))
    return scm_i_complex_negate (x);
  return scm_i_from_double (-SCM_FLONUM_VALUE (x));
}

static SCM
divide (const char *who, SCM x, SCM y)
{
  if (SCM_FIXNUM_P (x) && SCM_FIXNUM_P (y))
    {
      int64_t a = SCM_FIXNUM_VALUE (x), b = SCM_FIXNUM_VALUE (y);
      if (b == 0)
        scm_i_divide_by_zero (who, scm_list_2 (x, y));
      if (a % b == 0)
        return scm_i_exact_from_i64 (a / b);
      return scm_i_make_ratio (x, y, who);
    }
  if (both_flonums (x, y))
    return scm_i_from_double (SCM_FLONUM_VALUE (x) / SCM_FLONUM_VALUE (y));
  if (is_exact (x) && is_exact (y))
    {
      if (scm_is_eq (y, SCM_MAKE_FIXNUM (0)))
        scm_i_divide_by_zero (who, scm_list_2 (x, y));
      if (is_exact_integer (x) && is_exact_integer (y))
        return scm_i_make_ratio (x, y, who);
      return scm_i_q_div (x, y, who);
    }
  if (SCM_UNLIKELY (scm_i_is_complex (x) || scm_i_is_complex (y)))
    return scm_i_complex_arith ('/', x, y);
  return scm_i_from_double (scm_i_real_to_double (x)
                          / scm_i_real_to_double (y));
}

static SCM
reciprocal (const char *who, SCM x)
{
  if (scm_is_flonum (x))
    return scm_i_from_double (1.0 / SCM_FLONUM_VALUE (x));
  if (scm_i_is_complex (x))
    return scm_i_complex_arith ('/', SCM_MAKE_FIXNUM (1), x);
  if (scm_is_eq (x, SCM_MAKE_FIXNUM (0)))
    scm_i_divide_by_zero (who, scm_list_1 (x));
  return scm_i_q_div (SCM_MAKE_FIXNUM (1), x, who);
}

SCM
scm_sum (SCM x, SCM y)
{
  if (SCM_UNBNDP (x))
    return SCM_MAKE_FIXNUM (0);
  scm_i_check_number ("+", 1, x);
  if (SCM_UNBNDP (y))
    return x;
  scm_i_check_number ("+", 2, y);
  return add ("+", x, y);
}

SCM
scm_difference (SCM x, SCM y)
{
  scm_i_check_number ("-", 1, x);
  if (SCM_UNBNDP (y))
    return negate ("-", x);
  scm_i_check_number ("-", 2, y);
  return subtract ("-", x, y);
}

SCM
scm_product (SCM x, SCM y)
{
  if (SCM_UNBNDP (x))
    return SCM_MAKE_FIXNUM (1);
  scm_i_check_number ("*", 1, x);
  if (SCM_UNBNDP (y))
    return x;
  scm_i_check_number ("*", 2, y);
  return multiply ("*", x, y);
}

SCM
scm_divide (SCM x, SCM y)
{
  scm_i_check_number ("/", 1, x);
  if (SCM_UNBNDP (y))
    return reciprocal ("/", x);
  scm_i_check_number ("/", 2, y);
  return divide ("/", x, y);
}

/* Fold OP over ACC and the numbers of the list REST, the first of which
   is argument number POS of WHO.  */
static SCM
fold_numbers (const char *who, SCM (*op) (const char *, SCM, SCM),
              SCM acc, SCM rest, int pos)
{
  for (; scm_is_pair (rest); rest = SCM_CDR (rest), pos++)
    {
      scm_i_check_number (who, pos, SCM_CAR (rest));
      acc = op (who, acc, SCM_CAR (rest));
    }
  return acc;
}

SCM_DEFINE_STATIC (sum_variadic, "+", 0, 2, 1, (SCM x, SCM y, SCM rest),
                   "Return the sum of the numbers given, @code{0} for none.")
{
  return fold_numbers ("+", add, scm_sum (x, y), rest, 3);
}

SCM_DEFINE_STATIC (difference_variadic, "-", 1, 1, 1,
                   (SCM x, SCM y, SCM rest),
                   "Return @var{x} minus the other numbers given, or the "
                   "negation of @var{x} alone.")
{
  return fold_numbers ("-", subtract, scm_difference (x, y), rest, 3);
}

SCM_DEFINE_STATIC (product_variadic, "*", 0, 2, 1, (SCM x, SCM y, SCM rest),
                   "Return the product of the numbers given, @code{1} for "
                   "none.")
{
  return fold_numbers ("*", multiply, scm_product (x, y), rest, 3);
}

SCM_DEFINE_STATIC (divide_variadic, "/", 1, 1, 1, (SCM x, SCM y, SCM rest),
                   "Return @var{x} divided by the other numbers given, or "
                   "the reciprocal of @var{x} alone.  Exact division by "
                   "zero is an error; inexact division gives an infinity "
                   "or a NaN.  Exact division gives an exact rational in "
                   "lowest terms: @code{(/ 6 4)} is @code{3/2}.")
{
  return fold_numbers ("/", divide, scm_divide (x, y), rest, 3);
}

SCM_DEFINE_STATIC (negate_1, "%negate", 1, 0, 0, (SCM x),
                   "Return @code{(- @var{x})}: what the VM calls for "
                   "@code{-} with one argument, with no rest list to build "
                   "nor variadic call to make (subrs.c, "
                   "scm_i_subr_fixed_entry).")
{
  return scm_difference (x, SCM_UNDEFINED);
}

SCM_DEFINE_STATIC (reciprocal_1, "%reciprocal", 1, 0, 0, (SCM x),
                   "Return @code{(/ @var{x})}: the same for @code{/} with "
                   "one argument.")
{
  return scm_divide (x, SCM_UNDEFINED);
}

SCM_DEFINE (scm_abs, "abs", 1, 0, 0, (SCM x),
            "Return the absolute value of real number @var{x}.")
{
  scm_i_check_real ("abs", 1, x);
  if (is_exact (x))
    return scm_i_q_sign (x) < 0 ? negate ("abs", x) : x;
  return scm_i_from_double (fabs (SCM_FLONUM_VALUE (x)));
}

SCM_DEFINE (scm_square, "square", 1, 0, 0, (SCM z),
            "Return the square of number @var{z}.")
{
  scm_i_check_number ("square", 1, z);
  return multiply ("square", z, z);
}

/* ------------------------------------------------------------------ */
/* Integer division.  Truncating division rounds the quotient toward
   zero (the remainder has the sign of the dividend); floor division
   rounds it down (the remainder has the sign of the divisor).  */

enum rounding { ROUND_TRUNCATE, ROUND_FLOOR };

static void
divide_fixnums (int64_t a, int64_t b, enum rounding how,
                int64_t *q, int64_t *r)
{
  *q = a / b;                   /* cannot overflow: |a| <= 2^61 */
  *r = a % b;
  if (how == ROUND_FLOOR && *r != 0 && (*r < 0) != (b < 0))
    {
      *q -= 1;
      *r += b;
    }
}

static void
divide_flonums (double a, double b, enum rounding how, double *q, double *r)
{
  *r = fmod (a, b);             /* exact, with the sign of a */
  *q = round ((a - *r) / b);
  if (how == ROUND_FLOOR && *r != 0 && (*r < 0) != (b < 0))
    {
      *q -= 1;
      *r += b;
    }
}

/* The quotient and remainder of integers X and Y rounded per HOW, in
   *Q and *R (either may be NULL: not wanted).  Inexact if either is
   inexact.  */
static void
integer_divide (const char *who, SCM x, SCM y, enum rounding how,
                SCM *q, SCM *r)
{
  check_integer (who, 1, x);
  check_integer (who, 2, y);
  if (SCM_FIXNUM_P (x) && SCM_FIXNUM_P (y))
    {
      int64_t iq, ir;
      if (SCM_FIXNUM_VALUE (y) == 0)
        scm_i_divide_by_zero (who, scm_list_2 (x, y));
      divide_fixnums (SCM_FIXNUM_VALUE (x), SCM_FIXNUM_VALUE (y), how,
                      &iq, &ir);
      if (q != NULL)
        *q = scm_i_exact_from_i64 (iq);
      if (r != NULL)
        *r = SCM_MAKE_FIXNUM (ir);
      return;
    }
  if (is_exact_integer (x) && is_exact_integer (y))
    {
      if (scm_is_eq (y, SCM_MAKE_FIXNUM (0)))
        scm_i_divide_by_zero (who, scm_list_2 (x, y));
      scm_i_int_divide (x, y, how == ROUND_FLOOR, q, r, who);
      return;
    }
  double dq, dr, b = scm_i_real_to_double (y);
  if (b == 0)
    scm_i_divide_by_zero (who, scm_list_2 (x, y));
  divide_flonums (scm_i_real_to_double (x), b, how, &dq, &dr);
  if (q != NULL)
    *q = scm_i_from_double (dq);
  if (r != NULL)
    *r = scm_i_from_double (dr);
}

/* The quotient (or, if WANT_REMAINDER, the remainder) of integers X and
   Y rounded per HOW.  */
static SCM
integer_division (const char *who, SCM x, SCM y, enum rounding how,
                  int want_remainder)
{
  if (SCM_FIXNUM_P (x) && SCM_FIXNUM_P (y)
      && !scm_is_eq (y, SCM_MAKE_FIXNUM (0)))
    {
      /* Two fixnums, the common case, with no type dispatch (destruc's
         modulo took 83 instructions a call through integer_divide).  */
      int64_t iq, ir;
      divide_fixnums (SCM_FIXNUM_VALUE (x), SCM_FIXNUM_VALUE (y), how,
                      &iq, &ir);
      return want_remainder ? SCM_MAKE_FIXNUM (ir) : scm_i_exact_from_i64 (iq);
    }
  SCM result;
  integer_divide (who, x, y, how, want_remainder ? NULL : &result,
                  want_remainder ? &result : NULL);
  return result;
}

void
scm_floor_divide (SCM x, SCM y, SCM *q, SCM *r)
{
  integer_divide ("floor/", x, y, ROUND_FLOOR, q, r);
}

void
scm_truncate_divide (SCM x, SCM y, SCM *q, SCM *r)
{
  integer_divide ("truncate/", x, y, ROUND_TRUNCATE, q, r);
}

SCM_DEFINE (scm_quotient, "quotient", 2, 0, 0, (SCM n1, SCM n2),
            "Return the quotient of integers @var{n1} and @var{n2} rounded "
            "toward zero (the same as @code{truncate-quotient}).")
{
  return integer_division ("quotient", n1, n2, ROUND_TRUNCATE, 0);
}

SCM_DEFINE (scm_remainder, "remainder", 2, 0, 0, (SCM n1, SCM n2),
            "Return the remainder of integers @var{n1} and @var{n2}, with "
            "the sign of @var{n1} (the same as @code{truncate-remainder}).")
{
  return integer_division ("remainder", n1, n2, ROUND_TRUNCATE, 1);
}

SCM_DEFINE (scm_modulo, "modulo", 2, 0, 0, (SCM n1, SCM n2),
            "Return integer @var{n1} modulo @var{n2}, with the sign of "
            "@var{n2} (the same as @code{floor-remainder}).")
{
  return integer_division ("modulo", n1, n2, ROUND_FLOOR, 1);
}

SCM_DEFINE (scm_floor_quotient, "floor-quotient", 2, 0, 0, (SCM n1, SCM n2),
            "Return the quotient of integers @var{n1} and @var{n2} rounded "
            "toward negative infinity.")
{
  return integer_division ("floor-quotient", n1, n2, ROUND_FLOOR, 0);
}

SCM_DEFINE (scm_floor_remainder, "floor-remainder", 2, 0, 0,
            (SCM n1, SCM n2),
            "Return @var{n1} minus @var{n2} times their floor quotient: the "
            "remainder with the sign of @var{n2}.")
{
  return integer_division ("floor-remainder", n1, n2, ROUND_FLOOR, 1);
}

SCM_DEFINE (scm_truncate_quotient, "truncate-quotient", 2, 0, 0,
            (SCM n1, SCM n2),
            "Return the quotient of integers @var{n1} and @var{n2} rounded "
            "toward zero.")
{
  return integer_division ("truncate-quotient", n1, n2, ROUND_TRUNCATE, 0);
}

SCM_DEFINE (scm_truncate_remainder, "truncate-remainder", 2, 0, 0,
            (SCM n1, SCM n2),
            "Return @var{n1} minus @var{n2} times their truncated quotient: "
            "the remainder with the sign of @var{n1}.")
{
  return integer_division ("truncate-remainder", n1, n2, ROUND_TRUNCATE, 1);
}

SCM_DEFINE_STATIC (floor_divide_values, "floor/", 2, 0, 0, (SCM n1, SCM n2),
                   "Return two values, the floor quotient and the floor "
                   "remainder of integers @var{n1} and @var{n2}: "
                   "@code{(floor/ -5 2)} gives @code{-3} and @code{1}.")
{
  SCM qr[2];
  scm_floor_divide (n1, n2, &qr[0], &qr[1]);
  return scm_c_values (qr, 2);
}

SCM_DEFINE_STATIC (truncate_divide_values, "truncate/", 2, 0, 0,
                   (SCM n1, SCM n2),
                   "Return two values, the truncated quotient and the "
                   "truncated remainder of integers @var{n1} and @var{n2}: "
                   "@code{(truncate/ -5 2)} gives @code{-2} and @code{-1}.")
{
  SCM qr[2];
  scm_truncate_divide (n1, n2, &qr[0], &qr[1]);
  return scm_c_values (qr, 2);
}

static uint64_t
magnitude (int64_t n)
{
  return n < 0 ? -(uint64_t) n : (uint64_t) n;
}

static uint64_t
gcd_u64 (uint64_t a, uint64_t b)
{
  while (b != 0)
    {
      uint64_t t = a % b;
      a = b;
      b = t;
    }
  return a;
}

static double
gcd_double (double a, double b)
{
  a = fabs (a);
  b = fabs (b);
  while (b != 0)
    {
      double t = fmod (a, b);
      a = b;
      b = t;
    }
  return a;
}

SCM
scm_gcd (SCM x, SCM y)
{
  if (SCM_UNBNDP (x))
    return SCM_MAKE_FIXNUM (0);
  if (SCM_UNBNDP (y))
    y = SCM_MAKE_FIXNUM (0);
  check_integer ("gcd", 1, x);
  check_integer ("gcd", 2, y);
  if (SCM_FIXNUM_P (x) && SCM_FIXNUM_P (y))
    {
      uint64_t g = gcd_u64 (magnitude (SCM_FIXNUM_VALUE (x)),
                            magnitude (SCM_FIXNUM_VALUE (y)));
      return scm_i_int_from_u64 (g, 0);
    }
  if (is_exact_integer (x) && is_exact_integer (y))
    return scm_i_int_gcd (x, y, "gcd");
  return scm_i_from_double (gcd_double (scm_i_real_to_double (x),
                                      scm_i_real_to_double (y)));
}

/* |X * Y| / gcd (X, Y) for exact integers.  */
static SCM
lcm_integers (SCM x, SCM y)
{
  if (scm_i_int_sign (x) == 0 || scm_i_int_sign (y) == 0)
    return SCM_MAKE_FIXNUM (0);
  SCM q, g = scm_i_int_gcd (x, y, "lcm");
  scm_i_int_divide (scm_i_int_abs (x, "lcm"), g, 0, &q, NULL, "lcm");
  return scm_i_int_mul (q, scm_i_int_abs (y, "lcm"), "lcm");
}

static SCM
lcm_fixnums (SCM x, SCM y)
{
  uint64_t a = magnitude (SCM_FIXNUM_VALUE (x));
  uint64_t b = magnitude (SCM_FIXNUM_VALUE (y));
  if (a == 0 || b == 0)
    return SCM_MAKE_FIXNUM (0);
  uint64_t m;
  if (__builtin_mul_overflow (a / gcd_u64 (a, b), b, &m))
    return lcm_integers (x, y);
  return scm_i_int_from_u64 (m, 0);
}

SCM
scm_lcm (SCM x, SCM y)
{
  if (SCM_UNBNDP (x))
    return SCM_MAKE_FIXNUM (1);
  if (SCM_UNBNDP (y))
    y = SCM_MAKE_FIXNUM (1);
  check_integer ("lcm", 1, x);
  check_integer ("lcm", 2, y);
  if (SCM_FIXNUM_P (x) && SCM_FIXNUM_P (y))
    return lcm_fixnums (x, y);
  if (is_exact_integer (x) && is_exact_integer (y))
    return lcm_integers (x, y);
  double a = scm_i_real_to_double (x), b = scm_i_real_to_double (y);
  if (a == 0 || b == 0)
    return scm_i_from_double (0.0);
  return scm_i_from_double (fabs (a / gcd_double (a, b) * b));
}

/* Fold the two-argument FN over the integers of list ARGS from INIT.  */
static SCM
fold_integers (const char *who, SCM (*fn) (SCM, SCM), SCM init, SCM args)
{
  SCM acc = init;
  for (int pos = 1; scm_is_pair (args); args = SCM_CDR (args), pos++)
    {
      check_integer (who, pos, SCM_CAR (args));
      acc = fn (acc, SCM_CAR (args));
    }
  return acc;
}

SCM_DEFINE_STATIC (gcd_variadic, "gcd", 0, 0, 1, (SCM args),
                   "Return the greatest common divisor of the integers "
                   "given, @code{0} for none; always non-negative.")
{
  return fold_integers ("gcd", scm_gcd, SCM_MAKE_FIXNUM (0), args);
}

SCM_DEFINE_STATIC (lcm_variadic, "lcm", 0, 0, 1, (SCM args),
                   "Return the least common multiple of the integers "
                   "given, @code{1} for none; always non-negative.")
{
  return fold_integers ("lcm", scm_lcm, SCM_MAKE_FIXNUM (1), args);
}

/* ------------------------------------------------------------------ */
/* Rounding.  */

/* D rounded to the nearest integer, ties to even, whatever the FPU's
   rounding mode.  */
static double
round_half_even (double d)
{
  double f = floor (d);
  double diff = d - f;          /* exact */
  double r;
  if (diff < 0.5)
    r = f;
  else if (diff > 0.5)
    r = f + 1;
  else
    r = fmod (f, 2.0) == 0 ? f : f + 1;
  return isnan (d) ? d : copysign (r, d);
}

/* Apply FN to flonum X; an exact rational is rounded exactly per HOW
   (an integer is its own result).  */
static SCM
round_with (const char *who, double (*fn) (double),
            enum scm_i_q_rounding how, SCM x)
{
  scm_i_check_real (who, 1, x);
  if (is_exact (x))
    return scm_i_q_round (x, how);
  return scm_i_from_double (fn (SCM_FLONUM_VALUE (x)));
}

SCM_DEFINE (scm_floor, "floor", 1, 0, 0, (SCM x),
            "Return the largest integer not larger than @var{x}.")
{
  return round_with ("floor", floor, SCM_I_Q_FLOOR, x);
}

SCM_DEFINE (scm_ceiling, "ceiling", 1, 0, 0, (SCM x),
            "Return the smallest integer not smaller than @var{x}.")
{
  return round_with ("ceiling", ceil, SCM_I_Q_CEILING, x);
}

SCM_DEFINE (scm_truncate, "truncate", 1, 0, 0, (SCM x),
            "Return the integer closest to @var{x} whose absolute value is "
            "not larger than that of @var{x}.")
{
  return round_with ("truncate", trunc, SCM_I_Q_TRUNCATE, x);
}

SCM_DEFINE (scm_round, "round", 1, 0, 0, (SCM x),
            "Return the integer closest to @var{x}, rounding to even when "
            "@var{x} is halfway between two integers.")
{
  return round_with ("round", round_half_even, SCM_I_Q_ROUND, x);
}

static void
check_rational (const char *who, SCM q)
{
  SCM_ASSERT_TYPE (scm_is_true (scm_rational_p (q)), q, 1, who,
                   "rational number");
}

/* The power of two K such that D * 2^K is an integer, K smallest.  */
static int
binary_denominator_exponent (double d)
{
  int k = 0;
  while (d != floor (d))
    {
      d *= 2;                   /* exact: d < 2^53 here */
      k++;
    }
  return k;
}

SCM_DEFINE (scm_numerator, "numerator", 1, 0, 0, (SCM q),
            "Return the numerator of rational number @var{q} in lowest "
            "terms; inexact if @var{q} is.")
{
  check_rational ("numerator", q);
  if (is_exact (q))
    return scm_i_q_numerator (q);
  double d = SCM_FLONUM_VALUE (q);
  return scm_i_from_double (ldexp (d, binary_denominator_exponent (d)));
}

SCM_DEFINE (scm_denominator, "denominator", 1, 0, 0, (SCM q),
            "Return the denominator of rational number @var{q} in lowest "
            "terms, always positive; inexact if @var{q} is.")
{
  check_rational ("denominator", q);
  if (is_exact (q))
    return scm_i_q_denominator (q);
  double d = SCM_FLONUM_VALUE (q);
  return scm_i_from_double (ldexp (1.0, binary_denominator_exponent (d)));
}

/* The simplest rational in [LO, HI], 0 < LO <= HI (the one with the
   smallest denominator, then numerator), from the continued fraction
   that the interval's ends share, in flonums.  */
static double
simplest_positive (double lo, double hi)
{
  double terms[100];
  int n = 0;
  for (;;)
    {
      double fl = floor (lo);
      if (fl == lo || fl < floor (hi))
        {
          terms[n++] = fl == lo ? fl : fl + 1;
          break;
        }
      if (n == 99)
        {
          terms[n++] = lo;      /* rounding ran long: stop at LO */
          break;
        }
      terms[n++] = fl;
      double next_lo = 1 / (hi - fl);
      hi = 1 / (lo - fl);
      lo = next_lo;
    }
  double r = terms[--n];
  while (n > 0)
    r = terms[--n] + 1 / r;
  return r;
}

/* The simplest rational in [LO, HI], LO <= HI: zero if they straddle
   it.  Rounding may step just outside; the result is kept inside.  */
static double
simplest_between (double lo, double hi)
{
  double r;
  if (isnan (lo) || isnan (hi))
    return NAN;
  if (lo > 0)
    r = simplest_positive (lo, hi);
  else if (hi < 0)
    r = -simplest_positive (-hi, -lo);
  else
    return 0.0;
  return r < lo ? lo : r > hi ? hi : r;
}

SCM_DEFINE (scm_rationalize, "rationalize", 2, 0, 0, (SCM x, SCM y),
            "Return the simplest rational number that differs from "
            "@var{x} by no more than @var{y}: @code{(rationalize .3 .1)} "
            "is @code{#i1/3}.  Inexact if @var{x} or @var{y} is.")
{
  scm_i_check_real ("rationalize", 1, x);
  scm_i_check_real ("rationalize", 2, y);
  if (SCM_FIXNUM_P (x) && SCM_FIXNUM_P (y))
    {
      /* The interval's ends are integers; no overflow: both |x| and
         |y| are below 2^61.  */
      int64_t a = SCM_FIXNUM_VALUE (x), d = SCM_FIXNUM_VALUE (y);
      int64_t lo = a - (d < 0 ? -d : d), hi = a + (d < 0 ? -d : d);
      return SCM_MAKE_FIXNUM (lo > 0 ? lo : hi < 0 ? hi : 0);
    }
  /* Finite operands: exactly, on the exact values of any flonums, the
     result made inexact if either was.  */
  if ((is_exact (x) || isfinite (SCM_FLONUM_VALUE (x)))
      && (is_exact (y) || isfinite (SCM_FLONUM_VALUE (y))))
    {
      SCM ex = is_exact (x) ? x : scm_i_q_from_double (SCM_FLONUM_VALUE (x));
      SCM ey = is_exact (y) ? y : scm_i_q_from_double (SCM_FLONUM_VALUE (y));
      if (scm_i_q_sign (ey) < 0)
        ey = scm_i_q_negate (ey, "rationalize");
      SCM r = scm_i_q_simplest_between (scm_i_q_sub (ex, ey, "rationalize"),
                                        scm_i_q_add (ex, ey, "rationalize"));
      if (is_exact (x) && is_exact (y))
        return r;
      return scm_i_from_double (scm_i_q_to_double (r));
    }
  double a = scm_i_real_to_double (x), d = fabs (scm_i_real_to_double (y));
  if (d == 0)
    return scm_i_from_double (a);
  return scm_i_from_double (simplest_between (a - d, a + d));
}

/* ------------------------------------------------------------------ */
/* Exactness.  */

/* Z as an exact number.  */
static SCM
to_exact (const char *who, SCM z)
{
  scm_i_check_number (who, 1, z);
  if (is_exact (z))
    return z;
  if (scm_i_is_complex (z))
    return scm_i_complex_to_exact (z, who);
  double d = SCM_FLONUM_VALUE (z);
  if (!isfinite (d))
    scm_i_no_exact_value (who, scm_list_1 (z));
  return scm_i_q_from_double (d);
}

SCM_DEFINE (scm_exact, "exact", 1, 0, 0, (SCM z),
            "Return the exact number closest to @var{z}: the exact value "
            "of a flonum (@code{(exact 0.1)} is "
            "@code{3602879701896397/36028797018963968}).  Infinities and "
            "NaNs have none.")
{
  return to_exact ("exact", z);
}

SCM_DEFINE (scm_inexact_to_exact, "inexact->exact", 1, 0, 0, (SCM z),
            "Return the exact number closest to @var{z}, as @code{exact}.")
{
  return to_exact ("inexact->exact", z);
}

SCM_DEFINE (scm_inexact, "inexact", 1, 0, 0, (SCM z),
            "Return the inexact number closest to @var{z}.")
{
  scm_i_check_number ("inexact", 1, z);
  return to_inexact (z);
}

SCM_DEFINE (scm_exact_to_inexact, "exact->inexact", 1, 0, 0, (SCM z),
            "Return the inexact number closest to @var{z}, as "
            "@code{inexact}.")
{
  scm_i_check_number ("exact->inexact", 1, z);
  return to_inexact (z);
}

void
scm_init_numbers (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "numbers/numbers.x"
#endif
  scm_i_add_subr_fixed_entry ((scm_t_subr) max_variadic, 2,
                              SCM_I_SNARFED_SUBR (max_2, "%max2"));
  scm_i_add_subr_fixed_entry ((scm_t_subr) min_variadic, 2,
                              SCM_I_SNARFED_SUBR (min_2, "%min2"));
  scm_i_add_subr_fixed_entry ((scm_t_subr) difference_variadic, 1,
                              SCM_I_SNARFED_SUBR (negate_1, "%negate"));
  scm_i_add_subr_fixed_entry ((scm_t_subr) divide_variadic, 1,
                              SCM_I_SNARFED_SUBR (reciprocal_1, "%reciprocal"));
}
