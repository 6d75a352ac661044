/* ratnums.c -- exact rationals that are not integers
   SPDX-License-Identifier: LGPL-3.0-or-later

   A ratnum is a header and two exact integers, the numerator and the
   denominator, in lowest terms with the denominator above 1 (so the
   numerator is never 0).  Every result goes through scm_i_make_ratio,
   which reduces it and gives back an integer when the denominator is 1:
   a number has one representation, and eqv? compares the parts.  The
   parts are fixnums or bignums; all arithmetic is bignums.c's, so the
   integer size limit bounds every step.

   The functions scm_i_q_* take exact rationals (integers or ratnums,
   checked by the caller).  */

#include "runtime/scm-internal.h"
#include "numbers/numbers-internal.h"

#include <math.h>
#include <libscm/lists.h>

/* ------------------------------------------------------------------ */
/* Representation.  */

static SCM
alloc_ratnum (SCM n, SCM d)
{
  scm_t_bits *p = scm_i_alloc (3 * sizeof (scm_t_bits));
  p[0] = SCM_MAKE_HEADER (scm_tc8_ratnum, 0, 0);
  p[1] = SCM_UNPACK (n);
  p[2] = SCM_UNPACK (d);
  return SCM_PACK_POINTER (p);
}

SCM
scm_i_q_numerator (SCM x)
{
  return scm_i_is_ratnum (x) ? SCM_I_RATNUM_NUM (x) : x;
}

SCM
scm_i_q_denominator (SCM x)
{
  return scm_i_is_ratnum (x) ? SCM_I_RATNUM_DEN (x) : SCM_MAKE_FIXNUM (1);
}

SCM
scm_i_make_ratio (SCM n, SCM d, const char *who)
{
  /* D is not zero: the callers check.  */
  if (scm_i_int_sign (d) < 0)
    {
      n = scm_i_int_negate (n, who);
      d = scm_i_int_negate (d, who);
    }
  if (scm_is_eq (d, SCM_MAKE_FIXNUM (1)))
    return n;
  if (scm_i_int_sign (n) == 0)
    return SCM_MAKE_FIXNUM (0);
  SCM g = scm_i_int_gcd (n, d, who);
  if (!scm_is_eq (g, SCM_MAKE_FIXNUM (1)))
    {
      scm_i_int_divide (n, g, 0, &n, NULL, who);
      scm_i_int_divide (d, g, 0, &d, NULL, who);
    }
  if (scm_is_eq (d, SCM_MAKE_FIXNUM (1)))
    return n;
  return alloc_ratnum (n, d);
}

/* ------------------------------------------------------------------ */
/* Arithmetic: a/b op c/d, on the integer parts.  */

/* EXACT divided by G, which divides it.  */
static SCM
div_exact (SCM n, SCM g, const char *who)
{
  if (scm_is_eq (g, SCM_MAKE_FIXNUM (1)))
    return n;
  SCM q;
  scm_i_int_divide (n, g, 0, &q, NULL, who);
  return q;
}

/* N/D, known to be in lowest terms, D > 0.  */
static SCM
reduced (SCM n, SCM d)
{
  if (scm_is_eq (d, SCM_MAKE_FIXNUM (1)))
    return n;
  return alloc_ratnum (n, d);
}

SCM
scm_i_q_add (SCM x, SCM y, const char *who)
{
  SCM a = scm_i_q_numerator (x), b = scm_i_q_denominator (x);
  SCM c = scm_i_q_numerator (y), d = scm_i_q_denominator (y);
  /* a/b + c, with gcd (a, b) = 1, is (a + cb)/b, in lowest terms
     already: no gcd of the sum.  */
  if (scm_is_eq (d, SCM_MAKE_FIXNUM (1)))
    return reduced (scm_i_int_add (a, scm_i_int_mul (c, b, who), who), b);
  if (scm_is_eq (b, SCM_MAKE_FIXNUM (1)))
    return reduced (scm_i_int_add (c, scm_i_int_mul (a, d, who), who), d);
  /* Knuth's way (TAOCP 4.5.1): with g = gcd (b, d), the sum is
     t / (b/g d) for t = a (d/g) + c (b/g), and only gcd (t, g), a small
     number, can still divide out.  */
  SCM g = scm_i_int_gcd (b, d, who);
  SCM bg = div_exact (b, g, who), dg = div_exact (d, g, who);
  SCM t = scm_i_int_add (scm_i_int_mul (a, dg, who),
                         scm_i_int_mul (c, bg, who), who);
  if (scm_i_int_sign (t) == 0)
    return SCM_MAKE_FIXNUM (0);
  if (scm_is_eq (g, SCM_MAKE_FIXNUM (1)))
    return reduced (t, scm_i_int_mul (b, d, who));
  SCM g2 = scm_i_int_gcd (t, g, who);
  return reduced (div_exact (t, g2, who),
                  scm_i_int_mul (bg, div_exact (d, g2, who), who));
}

SCM
scm_i_q_negate (SCM x, const char *who)
{
  if (!scm_i_is_ratnum (x))
    return scm_i_int_negate (x, who);
  return alloc_ratnum (scm_i_int_negate (SCM_I_RATNUM_NUM (x), who),
                       SCM_I_RATNUM_DEN (x));
}

SCM
scm_i_q_sub (SCM x, SCM y, const char *who)
{
  return scm_i_q_add (x, scm_i_q_negate (y, who), who);
}

/* (A/B) (C/D) with both fractions in lowest terms: cancel across,
   gcd (a, d) and gcd (c, b), and the product is in lowest terms.  */
static SCM
mul_parts (SCM a, SCM b, SCM c, SCM d, const char *who)
{
  if (scm_i_int_sign (a) == 0 || scm_i_int_sign (c) == 0)
    return SCM_MAKE_FIXNUM (0);
  SCM g1 = scm_is_eq (d, SCM_MAKE_FIXNUM (1)) ? d : scm_i_int_gcd (a, d, who);
  SCM g2 = scm_is_eq (b, SCM_MAKE_FIXNUM (1)) ? b : scm_i_int_gcd (c, b, who);
  SCM n = scm_i_int_mul (div_exact (a, g1, who), div_exact (c, g2, who), who);
  SCM den = scm_i_int_mul (div_exact (b, g2, who), div_exact (d, g1, who),
                           who);
  if (scm_i_int_sign (den) < 0)
    {
      n = scm_i_int_negate (n, who);
      den = scm_i_int_negate (den, who);
    }
  return reduced (n, den);
}

SCM
scm_i_q_mul (SCM x, SCM y, const char *who)
{
  return mul_parts (scm_i_q_numerator (x), scm_i_q_denominator (x),
                    scm_i_q_numerator (y), scm_i_q_denominator (y), who);
}

SCM
scm_i_q_div (SCM x, SCM y, const char *who)
{
  /* Y is not zero: the callers check.  Times the reciprocal d/c, in
     lowest terms too (mul_parts moves the sign up).  */
  return mul_parts (scm_i_q_numerator (x), scm_i_q_denominator (x),
                    scm_i_q_denominator (y), scm_i_q_numerator (y), who);
}

int
scm_i_q_sign (SCM x)
{
  return scm_i_int_sign (scm_i_q_numerator (x));
}

int
scm_i_q_cmp (SCM x, SCM y)
{
  if (!scm_i_is_ratnum (x) && !scm_i_is_ratnum (y))
    return scm_i_int_cmp (x, y);
  int sx = scm_i_q_sign (x), sy = scm_i_q_sign (y);
  if (sx != sy)
    return sx < sy ? -1 : 1;
  /* a/b < c/d iff ad < cb, the denominators being positive.  */
  return scm_i_int_cmp_products (scm_i_q_numerator (x),
                                 scm_i_q_denominator (y),
                                 scm_i_q_numerator (y),
                                 scm_i_q_denominator (x));
}

SCM
scm_i_q_expt (SCM base, uint64_t e, const char *who)
{
  if (!scm_i_is_ratnum (base))
    return scm_i_int_expt (base, e, who);
  /* The powers of coprime parts are coprime.  */
  SCM n = scm_i_int_expt (SCM_I_RATNUM_NUM (base), e, who);
  SCM d = scm_i_int_expt (SCM_I_RATNUM_DEN (base), e, who);
  if (scm_is_eq (d, SCM_MAKE_FIXNUM (1)))
    return n;
  return alloc_ratnum (n, d);
}

/* ------------------------------------------------------------------ */
/* Rounding.  */

SCM
scm_i_q_round (SCM x, enum scm_i_q_rounding how)
{
  if (!scm_i_is_ratnum (x))
    return x;
  SCM n = SCM_I_RATNUM_NUM (x), d = SCM_I_RATNUM_DEN (x), q, r;
  const char *who = how == SCM_I_Q_FLOOR ? "floor"
    : how == SCM_I_Q_CEILING ? "ceiling"
    : how == SCM_I_Q_TRUNCATE ? "truncate" : "round";
  scm_i_int_divide (n, d, 1, &q, &r, who);       /* floor: 0 < r < d */
  switch (how)
    {
    case SCM_I_Q_FLOOR:
      return q;
    case SCM_I_Q_CEILING:
      return scm_i_int_add (q, SCM_MAKE_FIXNUM (1), who);
    case SCM_I_Q_TRUNCATE:
      return scm_i_int_sign (n) < 0
        ? scm_i_int_add (q, SCM_MAKE_FIXNUM (1), who) : q;
    default:
      {
        /* Compare the fraction r/d with 1/2: r against d - r (2r
           could pass the size limit when d is at it).  */
        int c = scm_i_int_cmp (r, scm_i_int_sub (d, r, who));
        if (c > 0 || (c == 0 && scm_i_int_odd_p (q)))
          return scm_i_int_add (q, SCM_MAKE_FIXNUM (1), who);
        return q;
      }
    }
}

/* ------------------------------------------------------------------ */
/* Flonums.  */

double
scm_i_q_to_double (SCM x)
{
  if (!scm_i_is_ratnum (x))
    return scm_i_int_to_double (x);
  SCM n = SCM_I_RATNUM_NUM (x), d = SCM_I_RATNUM_DEN (x);
  int neg = scm_i_int_sign (n) < 0;
  SCM a = scm_i_int_abs (n, "inexact");
  int64_t la = (int64_t) scm_i_int_magnitude_bits (a);
  int64_t lb = (int64_t) scm_i_int_magnitude_bits (d);
  /* a/d lies in [2^(la-lb-1), 2^(la-lb+1)).  */
  if (la - lb > 1030)
    return neg ? -HUGE_VAL : HUGE_VAL;
  if (la - lb < -1080)
    return neg ? -0.0 : 0.0;
  /* q = floor (a 2^k / d) has 54 or 55 bits; the rest is a sticky
     bit.  */
  int64_t k = 54 - (la - lb);
  SCM num = k >= 0 ? scm_i_int_ash (a, k, "inexact") : a;
  SCM den = k < 0 ? scm_i_int_ash (d, -k, "inexact") : d;
  SCM qs, rs;
  scm_i_int_divide (num, den, 0, &qs, &rs, "inexact");
  uint64_t q = (uint64_t) SCM_FIXNUM_VALUE (qs);   /* < 2^55: a fixnum */
  int sticky = !scm_is_eq (rs, SCM_MAKE_FIXNUM (0));
  int bits = 64 - __builtin_clzll (q);
  int64_t e = bits - 1 - k;                        /* q 2^-k in [2^e, 2^(e+1)) */
  /* 53 bits of precision, fewer for a subnormal result.  */
  int64_t p = 53;
  if (e < -1022)
    p = 53 - (-1022 - e);
  if (p < 0)
    return neg ? -0.0 : 0.0;
  int drop = bits - (int) p;                       /* 1 to 55 */
  uint64_t mant = q >> drop, rest = q & (((uint64_t) 1 << drop) - 1);
  uint64_t half = (uint64_t) 1 << (drop - 1);
  if (rest > half || (rest == half && (sticky || (mant & 1))))
    mant++;
  double v = ldexp ((double) mant, (int) (drop - k));
  return neg ? -v : v;
}

SCM
scm_i_q_from_double (double d)
{
  /* D is finite.  */
  if (d == floor (d))
    return scm_i_int_from_double (d);
  int e;
  double m = frexp (fabs (d), &e);                 /* |d| = m 2^e */
  uint64_t mant = (uint64_t) ldexp (m, 53);
  int64_t exp2 = (int64_t) e - 53;                  /* |d| = mant 2^exp2 */
  int tz = __builtin_ctzll (mant);
  mant >>= tz;
  exp2 += tz;                                       /* < 0: D is no integer */
  /* An odd numerator over a power of two: already in lowest terms.  */
  return alloc_ratnum (scm_i_int_from_u64 (mant, d < 0),
                       scm_i_int_ash (SCM_MAKE_FIXNUM (1), -exp2, "exact"));
}

/* ------------------------------------------------------------------ */
/* The simplest rational in [LO, HI], LO <= HI exact: the one with the
   smallest denominator (then numerator), from the continued fraction
   that both ends share.  */

static SCM
simplest_positive (SCM lo, SCM hi)
{
  const char *who = "rationalize";
  SCM fl = scm_i_q_round (lo, SCM_I_Q_FLOOR);
  if (scm_i_q_cmp (fl, lo) == 0)
    return fl;
  if (scm_i_q_cmp (fl, scm_i_q_round (hi, SCM_I_Q_FLOOR)) < 0)
    return scm_i_int_add (fl, SCM_MAKE_FIXNUM (1), who);
  /* lo and hi share the integer part FL: recurse on the reciprocals of
     their fractions, swapped.  */
  SCM one = SCM_MAKE_FIXNUM (1);
  SCM rest = simplest_positive (scm_i_q_div (one, scm_i_q_sub (hi, fl, who),
                                             who),
                                scm_i_q_div (one, scm_i_q_sub (lo, fl, who),
                                             who));
  return scm_i_q_add (fl, scm_i_q_div (one, rest, who), who);
}

SCM
scm_i_q_simplest_between (SCM lo, SCM hi)
{
  if (scm_i_q_sign (lo) > 0)
    return simplest_positive (lo, hi);
  if (scm_i_q_sign (hi) < 0)
    return scm_i_q_negate (simplest_positive (scm_i_q_negate (hi, "rationalize"),
                                              scm_i_q_negate (lo, "rationalize")),
                           "rationalize");
  return SCM_MAKE_FIXNUM (0);
}

uint64_t
scm_i_q_hash (SCM x)
{
  uint64_t h = scm_i_int_hash (SCM_I_RATNUM_NUM (x));
  return h ^ (scm_i_int_hash (SCM_I_RATNUM_DEN (x)) * 0x9e3779b97f4a7c15u);
}
