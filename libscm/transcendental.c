/* transcendental.c -- exp, log, the trigonometric functions, square
   roots and powers
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "scm-internal.h"
#include "init-internal.h"
#include "numbers-internal.h"

#include <inttypes.h>
#include <math.h>
#include <libscm/conditions.h>
#include <libscm/eval.h>
#include <libscm/lists.h>
#include <libscm/pairs.h>

/* ------------------------------------------------------------------ */
/* Transcendental functions.  Their results are inexact; a result that
   would be a non-real complex number raises an implementation-restriction
   error.  */

/* The value of real argument X of WHO as a double.  */
static double
real_arg (const char *who, int pos, SCM x)
{
  scm_i_check_real (who, pos, x);
  return scm_i_real_to_double (x);
}

SCM_DEFINE (scm_exp, "exp", 1, 0, 0, (SCM z),
            "Return @math{e} to the power @var{z}.")
{
  return scm_from_double (exp (real_arg ("exp", 1, z)));
}

static double
log_base (double x, double b)
{
  if (b == 2)
    return log2 (x);
  if (b == 10)
    return log10 (x);
  return log (x) / log (b);
}

/* The natural logarithm of real X >= 0 (checked).  A bignum past the
   double range is X / 2^K times 2^K: its logarithm is finite.  */
static double
natural_log (SCM x)
{
  if (scm_i_is_bignum (x) && scm_i_int_magnitude_bits (x) > 1000)
    {
      int64_t k = (int64_t) scm_i_int_magnitude_bits (x) - 64;
      double top = scm_i_int_to_double (scm_i_int_ash (x, -k, "log"));
      return log (top) + (double) k * M_LN2;
    }
  return log (scm_i_real_to_double (x));
}

SCM_DEFINE (scm_log, "log", 1, 1, 0, (SCM z, SCM base),
            "Return the natural logarithm of @var{z}, or its logarithm in "
            "@var{base} if given.  @code{(log 0)} is @code{-inf.0}.")
{
  double x = real_arg ("log", 1, z);
  if (x < 0)
    scm_i_complex_unsupported ("log", scm_i_operands (z, base));
  if (SCM_UNBNDP (base))
    return scm_from_double (natural_log (z));
  double b = real_arg ("log", 2, base);
  if (b < 0)
    scm_i_complex_unsupported ("log", scm_i_operands (z, base));
  if (scm_i_is_bignum (z) || scm_i_is_bignum (base))
    return scm_from_double (natural_log (z) / natural_log (base));
  return scm_from_double (log_base (x, b));
}

SCM_DEFINE (scm_sin, "sin", 1, 0, 0, (SCM z),
            "Return the sine of @var{z} (radians).")
{
  return scm_from_double (sin (real_arg ("sin", 1, z)));
}

SCM_DEFINE (scm_cos, "cos", 1, 0, 0, (SCM z),
            "Return the cosine of @var{z} (radians).")
{
  return scm_from_double (cos (real_arg ("cos", 1, z)));
}

SCM_DEFINE (scm_tan, "tan", 1, 0, 0, (SCM z),
            "Return the tangent of @var{z} (radians).")
{
  return scm_from_double (tan (real_arg ("tan", 1, z)));
}

SCM_DEFINE (scm_asin, "asin", 1, 0, 0, (SCM z),
            "Return the arcsine of @var{z}, which must lie in [-1, 1].")
{
  double x = real_arg ("asin", 1, z);
  if (x < -1 || x > 1)
    scm_i_complex_unsupported ("asin", scm_list_1 (z));
  return scm_from_double (asin (x));
}

SCM_DEFINE (scm_acos, "acos", 1, 0, 0, (SCM z),
            "Return the arccosine of @var{z}, which must lie in [-1, 1].")
{
  double x = real_arg ("acos", 1, z);
  if (x < -1 || x > 1)
    scm_i_complex_unsupported ("acos", scm_list_1 (z));
  return scm_from_double (acos (x));
}

SCM_DEFINE (scm_atan, "atan", 1, 1, 0, (SCM y, SCM x),
            "Return the arctangent of @var{y}; given @var{x} too, the "
            "angle of the point (@var{x}, @var{y}), in (-pi, pi].")
{
  double b = real_arg ("atan", 1, y);
  if (SCM_UNBNDP (x))
    return scm_from_double (atan (b));
  return scm_from_double (atan2 (b, real_arg ("atan", 2, x)));
}

/* The integer square root of N: the largest S with S * S <= N.  */
static uint64_t
isqrt (uint64_t n)
{
  uint64_t s = (uint64_t) sqrt ((double) n);
  while (s * s > n)
    s--;
  while ((s + 1) * (s + 1) <= n)
    s++;
  return s;
}

SCM_DEFINE (scm_sqrt, "sqrt", 1, 0, 0, (SCM z),
            "Return the principal square root of @var{z}: exact if "
            "@var{z} is an exact perfect square.  The root of a negative "
            "number raises an implementation-restriction error (no "
            "complex numbers).")
{
  scm_i_check_real ("sqrt", 1, z);
  if (scm_i_is_ratnum (z))
    {
      if (scm_i_q_sign (z) < 0)
        scm_i_complex_unsupported ("sqrt", scm_list_1 (z));
      /* Exact if both parts are squares (they are coprime).  */
      SCM sn, rn, sd, rd;
      scm_i_int_sqrtrem (SCM_I_RATNUM_NUM (z), &sn, &rn);
      scm_i_int_sqrtrem (SCM_I_RATNUM_DEN (z), &sd, &rd);
      if (scm_is_eq (rn, SCM_MAKE_FIXNUM (0))
          && scm_is_eq (rd, SCM_MAKE_FIXNUM (0)))
        return scm_i_make_ratio (sn, sd, "sqrt");
      return scm_from_double (sqrt (scm_i_q_to_double (z)));
    }
  if (scm_i_is_bignum (z))
    {
      if (scm_i_int_sign (z) < 0)
        scm_i_complex_unsupported ("sqrt", scm_list_1 (z));
      SCM s, r;
      scm_i_int_sqrtrem (z, &s, &r);
      if (scm_is_eq (r, SCM_MAKE_FIXNUM (0)))
        return s;
      /* Past 2^106 the integer root, rounded, is the root rounded: the
         fraction it drops is far below half an ulp.  Below, the double
         of Z is close enough for sqrt to round correctly or nearly.  */
      if (scm_i_int_magnitude_bits (z) > 106)
        return scm_from_double (scm_i_int_to_double (s));
      return scm_from_double (sqrt (scm_i_int_to_double (z)));
    }
  if (SCM_FIXNUM_P (z))
    {
      int64_t n = SCM_FIXNUM_VALUE (z);
      if (n < 0)
        scm_i_complex_unsupported ("sqrt", scm_list_1 (z));
      uint64_t s = isqrt ((uint64_t) n);
      if (s * s == (uint64_t) n)
        return SCM_MAKE_FIXNUM (s);
      return scm_from_double (sqrt ((double) n));
    }
  double d = SCM_FLONUM_VALUE (z);
  if (d < 0)
    scm_i_complex_unsupported ("sqrt", scm_list_1 (z));
  return scm_from_double (sqrt (d));
}

void
scm_exact_integer_sqrt (SCM k, SCM *s, SCM *r)
{
  SCM_ASSERT_TYPE (scm_is_exact_integer (k), k, 1, "exact-integer-sqrt",
                   "exact integer");
  if (scm_i_int_sign (k) < 0)
    scm_i_out_of_range ("exact-integer-sqrt", 1, k);
  if (scm_i_is_bignum (k))
    {
      scm_i_int_sqrtrem (k, s, r);
      return;
    }
  uint64_t n = (uint64_t) SCM_FIXNUM_VALUE (k), root = isqrt (n);
  *s = SCM_MAKE_FIXNUM (root);
  *r = SCM_MAKE_FIXNUM (n - root * root);
}

SCM_DEFINE_STATIC (exact_integer_sqrt_values, "exact-integer-sqrt", 1, 0, 0,
                   (SCM k),
                   "Return two values, @var{s} and @var{r}, the exact "
                   "integers with @code{@var{k} = @var{s}^2 + @var{r}} and "
                   "@code{@var{k} < (@var{s} + 1)^2}, for exact "
                   "@var{k} >= 0.")
{
  SCM sr[2];
  scm_exact_integer_sqrt (k, &sr[0], &sr[1]);
  return scm_c_values (sr, 2);
}

/* Exact rational BASE to the power of exact integer EXPONENT.  */
static SCM
expt_exact (SCM base, SCM exponent)
{
  int bsign = scm_i_q_sign (base), esign = scm_i_int_sign (exponent);
  if (bsign == 0)
    {
      if (esign < 0)
        scm_i_divide_by_zero ("expt", scm_list_2 (base, exponent));
      return SCM_MAKE_FIXNUM (esign == 0);
    }
  if (scm_is_eq (base, SCM_MAKE_FIXNUM (1)))
    return base;
  if (scm_is_eq (base, SCM_MAKE_FIXNUM (-1)))
    return SCM_MAKE_FIXNUM (scm_i_int_odd_p (exponent) ? -1 : 1);
  /* |BASE| is not 1: an exponent past 64 bits is past any size
     limit.  */
  if (scm_i_is_bignum (exponent))
    scm_i_integer_too_large ("expt", scm_list_2 (base, exponent));
  int64_t e = SCM_FIXNUM_VALUE (exponent);
  SCM r = scm_i_q_expt (base, e < 0 ? (uint64_t) -e : (uint64_t) e, "expt");
  /* b^-e = 1 / b^e.  */
  return e < 0 ? scm_i_q_div (SCM_MAKE_FIXNUM (1), r, "expt") : r;
}

SCM_DEFINE (scm_expt, "expt", 2, 0, 0, (SCM z1, SCM z2),
            "Return @var{z1} to the power @var{z2}: exact when both are "
            "exact integers (an exact ratio from a negative exponent, or "
            "a result past the integer size limit, raises an "
            "implementation-restriction error).  @code{(expt z 0)} is "
            "@code{1}.")
{
  scm_i_check_number ("expt", 1, z1);
  scm_i_check_number ("expt", 2, z2);
  if (scm_is_exact (z1) && scm_is_exact_integer (z2))
    return expt_exact (z1, z2);
  double b = scm_i_real_to_double (z1), e = scm_i_real_to_double (z2);
  if (b < 0 && isfinite (e) && e != floor (e))
    scm_i_complex_unsupported ("expt", scm_list_2 (z1, z2));
  return scm_from_double (pow (b, e));
}

void
scm_init_transcendental (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "transcendental.x"
#endif
}
