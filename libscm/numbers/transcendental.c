/* transcendental.c -- exp, log, the trigonometric functions, square
   roots and powers
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"
#include "numbers/numbers-internal.h"

#include <inttypes.h>
#include <math.h>
#include <libscm/conditions.h>
#include <libscm/eval.h>
#include <libscm/lists.h>
#include <libscm/pairs.h>

/* ------------------------------------------------------------------ */
/* Transcendental functions.  Their results are inexact.  A complex
   argument, or a real one whose result is not real ((log -1), (asin
   2)), goes to complex.c.  */

/* The value of real argument X of WHO as a double.  */
static double
real_arg (const char *who, int pos, SCM x)
{
  scm_i_check_real (who, pos, x);
  return scm_i_real_to_double (x);
}

/* Nonzero if real Z is below zero (exactly: a tiny negative ratio's
   double may be -0.0).  */
static int
is_negative (SCM z)
{
  if (scm_is_flonum (z))
    return SCM_FLONUM_VALUE (z) < 0;
  return scm_i_q_sign (z) < 0;
}

/* Nonzero if Z (argument 1 of WHO) is a non-real complex number;
   raise wrong-type-arg if it is not a number.  */
static int
complex_arg (const char *who, SCM z)
{
  scm_i_check_number (who, 1, z);
  return scm_i_is_complex (z);
}

SCM_DEFINE (scm_exp, "exp", 1, 0, 0, (SCM z),
            "Return @math{e} to the power @var{z}.")
{
  if (complex_arg ("exp", z))
    return scm_i_complex_function (SCM_I_CEXP, z);
  return scm_i_from_double (exp (real_arg ("exp", 1, z)));
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
            "@var{base} if given: the principal value, whose imaginary "
            "part lies in (-pi, pi]: @code{(log -1)} is "
            "@code{+3.141592653589793i}.  @code{(log 0)} is "
            "@code{-inf.0}.")
{
  int cz = complex_arg ("log", z);
  if (!SCM_UNBNDP (base))
    scm_i_check_number ("log", 2, base);
  if (cz || is_negative (z)
      || (!SCM_UNBNDP (base)
          && (scm_i_is_complex (base) || is_negative (base))))
    return (SCM_UNBNDP (base) ? scm_i_complex_function (SCM_I_CLOG, z)
            : scm_i_complex_log2 (z, base));
  double x = scm_i_real_to_double (z);
  if (SCM_UNBNDP (base))
    return scm_i_from_double (natural_log (z));
  double b = scm_i_real_to_double (base);
  if (scm_i_is_bignum (z) || scm_i_is_bignum (base))
    return scm_i_from_double (natural_log (z) / natural_log (base));
  return scm_i_from_double (log_base (x, b));
}

/* FN of Z in the complex plane if Z is complex, else RFN of its
   double.  */
static SCM
real_or_complex (const char *who, enum scm_i_complex_fn fn,
                 double (*rfn) (double), SCM z)
{
  if (complex_arg (who, z))
    return scm_i_complex_function (fn, z);
  return scm_i_from_double (rfn (scm_i_real_to_double (z)));
}

SCM_DEFINE (scm_sin, "sin", 1, 0, 0, (SCM z),
            "Return the sine of @var{z} (radians).")
{
  return real_or_complex ("sin", SCM_I_CSIN, sin, z);
}

SCM_DEFINE (scm_cos, "cos", 1, 0, 0, (SCM z),
            "Return the cosine of @var{z} (radians).")
{
  return real_or_complex ("cos", SCM_I_CCOS, cos, z);
}

SCM_DEFINE (scm_tan, "tan", 1, 0, 0, (SCM z),
            "Return the tangent of @var{z} (radians).")
{
  return real_or_complex ("tan", SCM_I_CTAN, tan, z);
}

SCM_DEFINE (scm_asin, "asin", 1, 0, 0, (SCM z),
            "Return the arcsine of @var{z}: complex outside [-1, 1], "
            "where @code{(asin 2)} is "
            "@code{1.5707963267948966-1.3169578969248166i} as R7RS's "
            "formula gives.")
{
  if (!complex_arg ("asin", z))
    {
      double x = scm_i_real_to_double (z);
      if (!(x < -1 || x > 1))
        return scm_i_from_double (asin (x));
    }
  return scm_i_complex_function (SCM_I_CASIN, z);
}

SCM_DEFINE (scm_acos, "acos", 1, 0, 0, (SCM z),
            "Return the arccosine of @var{z}: complex outside [-1, 1] "
            "(@code{(acos 2)} is @code{+1.3169578969248166i}).")
{
  if (!complex_arg ("acos", z))
    {
      double x = scm_i_real_to_double (z);
      if (!(x < -1 || x > 1))
        return scm_i_from_double (acos (x));
    }
  return scm_i_complex_function (SCM_I_CACOS, z);
}

SCM_DEFINE (scm_atan, "atan", 1, 1, 0, (SCM y, SCM x),
            "Return the arctangent of @var{y}; given @var{x} too, the "
            "angle of the point (@var{x}, @var{y}), in (-pi, pi], for "
            "real @var{x} and @var{y}.  The one-argument form takes "
            "complex numbers.")
{
  if (SCM_UNBNDP (x))
    return real_or_complex ("atan", SCM_I_CATAN, atan, y);
  double b = real_arg ("atan", 1, y);
  return scm_i_from_double (atan2 (b, real_arg ("atan", 2, x)));
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
            "@var{z} is exact and its root is: @code{(sqrt 16/9)} is "
            "@code{4/3}, @code{(sqrt -4)} @code{+2i}, @code{(sqrt "
            "-3+4i)} @code{1+2i}; inexact otherwise: @code{(sqrt -2.0)} "
            "is @code{+1.4142135623730951i}.")
{
  if (scm_i_is_exact_complex (z))
    return scm_i_exact_complex_sqrt (z);
  if (complex_arg ("sqrt", z))
    return scm_i_complex_function (SCM_I_CSQRT, z);
  if (is_negative (z))
    {
      /* i times the root of -Z: exact if Z and that root are, and
         finite for a bignum past the double range.  */
      if (scm_is_exact (z))
        return scm_i_exact_complex_sqrt (z);
      SCM root = scm_sqrt (scm_difference (z, SCM_UNDEFINED));
      return scm_i_make_complex (0.0, scm_i_real_to_double (root));
    }
  if (scm_i_is_ratnum (z))
    {
      /* Exact if both parts are squares (they are coprime).  */
      SCM sn, rn, sd, rd;
      scm_i_int_sqrtrem (SCM_I_RATNUM_NUM (z), &sn, &rn);
      scm_i_int_sqrtrem (SCM_I_RATNUM_DEN (z), &sd, &rd);
      if (scm_is_eq (rn, SCM_MAKE_FIXNUM (0))
          && scm_is_eq (rd, SCM_MAKE_FIXNUM (0)))
        return scm_i_make_ratio (sn, sd, "sqrt");
      return scm_i_from_double (sqrt (scm_i_q_to_double (z)));
    }
  if (scm_i_is_bignum (z))
    {
      SCM s, r;
      scm_i_int_sqrtrem (z, &s, &r);
      if (scm_is_eq (r, SCM_MAKE_FIXNUM (0)))
        return s;
      /* Past 2^106 the integer root, rounded, is the root rounded: the
         fraction it drops is far below half an ulp.  Below, the double
         of Z is close enough for sqrt to round correctly or nearly.  */
      if (scm_i_int_magnitude_bits (z) > 106)
        return scm_i_from_double (scm_i_int_to_double (s));
      return scm_i_from_double (sqrt (scm_i_int_to_double (z)));
    }
  if (SCM_FIXNUM_P (z))
    {
      int64_t n = SCM_FIXNUM_VALUE (z);
      uint64_t s = isqrt ((uint64_t) n);
      if (s * s == (uint64_t) n)
        return SCM_MAKE_FIXNUM (s);
      return scm_i_from_double (sqrt ((double) n));
    }
  return scm_i_from_double (sqrt (SCM_FLONUM_VALUE (z)));
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
/* *R = B^E (E >= 0) by squaring, if every step fits 64 bits and the
   result a fixnum: the common case, with no bignum made on the way.  */
static int
expt_fixnum (int64_t b, int64_t e, int64_t *r)
{
  int64_t acc = 1;
  for (; e > 0; e >>= 1)
    {
      if ((e & 1) && __builtin_mul_overflow (acc, b, &acc))
        return 0;
      if (e > 1 && __builtin_mul_overflow (b, b, &b))
        return 0;
    }
  if (!SCM_FIXABLE (acc))
    return 0;
  *r = acc;
  return 1;
}

static SCM
expt_exact (SCM base, SCM exponent)
{
  int64_t small;
  if (SCM_FIXNUM_P (base) && SCM_FIXNUM_P (exponent)
      && SCM_FIXNUM_VALUE (exponent) >= 0
      && expt_fixnum (SCM_FIXNUM_VALUE (base), SCM_FIXNUM_VALUE (exponent),
                      &small))
    return SCM_MAKE_FIXNUM (small);
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
            "Return @var{z1} to the power @var{z2}: exact when @var{z1} "
            "is exact and @var{z2} an exact integer (@code{(expt +i 2)} "
            "is @code{-1}; a result past the integer size limit raises an "
            "implementation-restriction error).  @code{(expt z 0)} is "
            "@code{1}.  A complex base or exponent, or a negative base "
            "with a non-integer exponent, gives the principal value "
            "@code{(exp (* z2 (log z1)))}: @code{(expt -1 0.5)} is "
            "@code{6.123233995736766e-17+1.0i}.")
{
  scm_i_check_number ("expt", 1, z1);
  scm_i_check_number ("expt", 2, z2);
  if (scm_i_is_exact_complex (z1) && scm_is_exact_integer (z2))
    return scm_i_exact_complex_expt (z1, z2);
  if (scm_is_exact (z1) && scm_is_exact_integer (z2))
    return expt_exact (z1, z2);
  if (scm_i_is_complex (z1) || scm_i_is_complex (z2))
    return scm_i_complex_expt (z1, z2);
  double b = scm_i_real_to_double (z1), e = scm_i_real_to_double (z2);
  if (b < 0 && isfinite (e) && e != floor (e))
    return scm_i_complex_expt (z1, z2);
  return scm_i_from_double (pow (b, e));
}

void
scm_init_transcendental (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "numbers/transcendental.x"
#endif
}
