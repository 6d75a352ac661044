/* flonum.c -- the C math library's flonum functions, for SRFI 144
   SPDX-License-Identifier: LGPL-3.0-or-later

   The functions of SRFI 144 (module/srfi/144.sld) that Scheme cannot
   compute exactly from the core's procedures: expm1, log1p, cbrt,
   hypot, the gamma, error and Bessel functions, fused multiply-add,
   remquo, nextafter, frexp/ldexp and the classification of a double.
   They are bound in the core under %-names (the library gives them
   the SRFI's), take flonums only (an exact number or any other object
   is a wrong-type error naming the SRFI's procedure) and return
   flonums, or exact integers where the SRFI says so.  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"
#include "numbers/numbers-internal.h"

#include <float.h>
#include <math.h>
#include <libscm/conditions.h>
#include <libscm/eval.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>

/* The double of flonum X, argument POS of WHO; raises otherwise.  */
static double
flonum_arg (SCM x, int pos, const char *who)
{
  if (!scm_is_flonum (x))
    scm_wrong_type_arg_msg (who, pos, x, "flonum");
  return SCM_FLONUM_VALUE (x);
}

#define DEFINE_FL1(cname, name, who, expr, doc)                           \
  SCM_DEFINE_STATIC (cname, name, 1, 0, 0, (SCM x), doc)                 \
  {                                                                      \
    double a = flonum_arg (x, 1, who);                                   \
    return scm_from_double (expr);                                       \
  }

#define DEFINE_FL2(cname, name, who, expr, doc)                           \
  SCM_DEFINE_STATIC (cname, name, 2, 0, 0, (SCM x, SCM y), doc)          \
  {                                                                      \
    double a = flonum_arg (x, 1, who);                                   \
    double b = flonum_arg (y, 2, who);                                   \
    return scm_from_double (expr);                                       \
  }

DEFINE_FL1 (fl_expm1, "%flexp-1", "flexp-1", expm1 (a),
            "e^@var{x} @minus{} 1, accurate for small @var{x}.")
DEFINE_FL1 (fl_exp2, "%flexp2", "flexp2", exp2 (a), "2^@var{x}.")
DEFINE_FL1 (fl_log1p, "%fllog1+", "fllog1+", log1p (a),
            "log(1 + @var{x}), accurate for small @var{x}.")
DEFINE_FL1 (fl_log2, "%fllog2", "fllog2", log2 (a), "The base-2 logarithm.")
DEFINE_FL1 (fl_log10, "%fllog10", "fllog10", log10 (a),
            "The base-10 logarithm.")
DEFINE_FL1 (fl_cbrt, "%flcbrt", "flcbrt", cbrt (a), "The real cube root.")
DEFINE_FL1 (fl_sinh, "%flsinh", "flsinh", sinh (a), "Hyperbolic sine.")
DEFINE_FL1 (fl_cosh, "%flcosh", "flcosh", cosh (a), "Hyperbolic cosine.")
DEFINE_FL1 (fl_tanh, "%fltanh", "fltanh", tanh (a), "Hyperbolic tangent.")
DEFINE_FL1 (fl_asinh, "%flasinh", "flasinh", asinh (a),
            "Inverse hyperbolic sine.")
DEFINE_FL1 (fl_acosh, "%flacosh", "flacosh", acosh (a),
            "Inverse hyperbolic cosine.")
DEFINE_FL1 (fl_atanh, "%flatanh", "flatanh", atanh (a),
            "Inverse hyperbolic tangent.")
DEFINE_FL1 (fl_gamma, "%flgamma", "flgamma", tgamma (a),
            "The gamma function.")
DEFINE_FL1 (fl_erf, "%flerf", "flerf", erf (a), "The error function.")
DEFINE_FL1 (fl_erfc, "%flerfc", "flerfc", erfc (a),
            "The complementary error function.")
DEFINE_FL1 (fl_logb, "%flexponent", "flexponent", logb (a),
            "The exponent of @var{x} as a flonum (C's logb).")
DEFINE_FL2 (fl_hypot, "%flhypot", "flhypot", hypot (a, b),
            "sqrt(@var{x}^2 + @var{y}^2) without undue overflow.")
DEFINE_FL2 (fl_nextafter, "%fladjacent", "fladjacent", nextafter (a, b),
            "The flonum next to @var{x} in the direction of @var{y}.")
DEFINE_FL2 (fl_fmod, "%flremainder", "flremainder", fmod (a, b),
            "The remainder of @var{x} by @var{y} with the sign of "
            "@var{x}, exact (C's fmod).")
DEFINE_FL2 (fl_copysign, "%flcopysign", "flcopysign", copysign (a, b),
            "The magnitude of @var{x} with the sign of @var{y}.")

SCM_DEFINE_STATIC (fl_fma, "%fl+*", 3, 0, 0, (SCM x, SCM y, SCM z),
                   "@var{x} * @var{y} + @var{z}, rounded once.")
{
  double a = flonum_arg (x, 1, "fl+*");
  double b = flonum_arg (y, 2, "fl+*");
  double c = flonum_arg (z, 3, "fl+*");
  return scm_from_double (fma (a, b, c));
}

SCM_DEFINE_STATIC (fl_lgamma, "%flloggamma", 1, 0, 0, (SCM x),
                   "Two values: log |gamma(@var{x})| and the sign of "
                   "gamma(@var{x}), 1.0 or @minus{}1.0.")
{
  double a = flonum_arg (x, 1, "flloggamma");
  int sign = 1;
  double r = lgamma_r (a, &sign);
  return scm_values (scm_list_2 (scm_from_double (r),
                                 scm_from_double (sign < 0 ? -1.0 : 1.0)));
}

/* The order N of a Bessel function: an exact integer that fits an
   int.  */
static int
order_arg (SCM n, const char *who)
{
  if (!scm_is_signed_integer (n, INT32_MIN, INT32_MAX))
    scm_wrong_type_arg_msg (who, 1, n, "exact integer (the order)");
  return (int) scm_to_signed_integer (n, INT32_MIN, INT32_MAX);
}

SCM_DEFINE_STATIC (fl_jn, "%flfirst-bessel", 2, 0, 0, (SCM n, SCM x),
                   "The Bessel function of the first kind of order "
                   "@var{n}.")
{
  int k = order_arg (n, "flfirst-bessel");
  return scm_from_double (jn (k, flonum_arg (x, 2, "flfirst-bessel")));
}

SCM_DEFINE_STATIC (fl_yn, "%flsecond-bessel", 2, 0, 0, (SCM n, SCM x),
                   "The Bessel function of the second kind of order "
                   "@var{n}.")
{
  int k = order_arg (n, "flsecond-bessel");
  return scm_from_double (yn (k, flonum_arg (x, 2, "flsecond-bessel")));
}

SCM_DEFINE_STATIC (fl_remquo, "%flremquo", 2, 0, 0, (SCM x, SCM y),
                   "Two values: the remainder of @var{x} by @var{y} "
                   "rounded to nearest (C's remquo), and the low bits of "
                   "the quotient with its sign, an exact integer.")
{
  double a = flonum_arg (x, 1, "flremquo");
  double b = flonum_arg (y, 2, "flremquo");
  int quo = 0;
  double r = remquo (a, b, &quo);
  return scm_values (scm_list_2 (scm_from_double (r), scm_from_int64 (quo)));
}

SCM_DEFINE_STATIC (fl_ldexp, "%make-flonum", 2, 0, 0, (SCM x, SCM n),
                   "@var{x} * 2^@var{n}, for an exact integer @var{n}.")
{
  double a = flonum_arg (x, 1, "make-flonum");
  if (!scm_is_exact_integer (n))
    scm_wrong_type_arg_msg ("make-flonum", 2, n, "exact integer");
  /* Past +-2^20 the result is 0 or infinite anyway.  */
  int e = scm_is_signed_integer (n, -(1 << 20), 1 << 20)
    ? (int) scm_to_signed_integer (n, -(1 << 20), 1 << 20)
    : (scm_i_int_sign (n) < 0 ? -(1 << 20) : 1 << 20);
  return scm_from_double (ldexp (a, e));
}

SCM_DEFINE_STATIC (fl_frexp, "%flnormalized-fraction-exponent", 1, 0, 0,
                   (SCM x),
                   "Two values: a fraction in [0.5, 1) with the sign of "
                   "@var{x} and an exact exponent, whose product by 2^e "
                   "is @var{x} (C's frexp).")
{
  double a = flonum_arg (x, 1, "flnormalized-fraction-exponent");
  int e = 0;
  double f = frexp (a, &e);
  /* frexp leaves an infinity as it is: a fraction of 0.5 and an
     exponent one past the largest double's make the same infinity.  */
  if (isinf (a))
    {
      f = copysign (0.5, a);
      e = DBL_MAX_EXP + 1;
    }
  return scm_values (scm_list_2 (scm_from_double (f), scm_from_int64 (e)));
}

SCM_DEFINE_STATIC (fl_ilogb, "%flinteger-exponent", 1, 0, 0, (SCM x),
                   "The exponent of @var{x} as an exact integer (C's "
                   "ilogb).")
{
  return scm_from_int64 (ilogb (flonum_arg (x, 1, "flinteger-exponent")));
}

SCM_DEFINE_STATIC (fl_class, "%flclass", 1, 0, 0, (SCM x),
                   "The class of @var{x}: 0 zero, 1 subnormal, 2 normal, "
                   "3 infinite, 4 NaN.")
{
  switch (fpclassify (flonum_arg (x, 1, "flnormalized?")))
    {
    case FP_ZERO: return SCM_MAKE_FIXNUM (0);
    case FP_SUBNORMAL: return SCM_MAKE_FIXNUM (1);
    case FP_NORMAL: return SCM_MAKE_FIXNUM (2);
    case FP_INFINITE: return SCM_MAKE_FIXNUM (3);
    default: return SCM_MAKE_FIXNUM (4);
    }
}

SCM_DEFINE_STATIC (fl_signbit, "%flsign-bit", 1, 0, 0, (SCM x),
                   "1 if the sign bit of @var{x} is set (also for "
                   "@minus{}0.0), else 0.")
{
  return SCM_MAKE_FIXNUM (signbit (flonum_arg (x, 1, "flsign-bit")) ? 1 : 0);
}

SCM_DEFINE_STATIC (fl_constants, "%flconstants", 0, 0, 0, (void),
                   "A list of the C library's FP_ILOGB0, FP_ILOGBNAN, "
                   "DBL_MAX, DBL_TRUE_MIN and DBL_EPSILON, and whether "
                   "fma is fast (FP_FAST_FMA).")
{
#ifdef FP_FAST_FMA
  SCM fast = SCM_BOOL_T;
#else
  SCM fast = SCM_BOOL_F;
#endif
  return scm_list_n (scm_from_int64 (FP_ILOGB0), scm_from_int64 (FP_ILOGBNAN),
                     scm_from_double (DBL_MAX), scm_from_double (DBL_TRUE_MIN),
                     scm_from_double (DBL_EPSILON), fast, SCM_UNDEFINED);
}

void
scm_init_flonum (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "numbers/flonum.x"
#endif
}
