/* complex.c -- non-real complex numbers with flonum parts
   SPDX-License-Identifier: LGPL-3.0-or-later

   A complex number is a header and two doubles, its real and imaginary
   parts (24 bytes, atomic: no pointer inside).  Only inexact complex
   numbers exist, as in Guile: 1+2i reads as 1.0+2.0i, and (sqrt -4) is
   +2.0i.  Every constructor goes through scm_i_make_complex, which
   returns the flonum of the real part when the imaginary part is zero
   (+0.0 or -0.0), so that a complex object is never real: (real? z) is
   the type test, and (make-rectangular 1.5 0.0) is 1.5.

   Sections: representation; the (scheme complex) procedures;
   arithmetic and equality (called by numbers.c when an operand is
   complex); the transcendental functions on complex arguments (called
   by transcendental.c), computed with C99's <complex.h>.  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"
#include "numbers/numbers-internal.h"

#include <complex.h>
#include <math.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>

/* glibc defines CMPLX only for GCC; clang (the fuzz build) gets the
   same thing by C11's layout rule: a complex is an array of two
   reals.  Not re + im * I, which turns an infinite or NaN part into a
   NaN in both.  */
#ifndef CMPLX
static inline double complex
make_complex (double re, double im)
{
  double complex z;
  ((double *) &z)[0] = re;
  ((double *) &z)[1] = im;
  return z;
}
# define CMPLX(re, im) make_complex ((re), (im))
#endif

/* ------------------------------------------------------------------ */
/* Representation.  */

SCM
scm_i_make_complex (double re, double im)
{
  if (im == 0)
    return scm_i_from_double (re);
  scm_t_bits *p = scm_i_alloc_atomic (sizeof (scm_t_bits)
                                      + 2 * sizeof (double));
  p[0] = SCM_MAKE_HEADER (scm_tc8_complex, 0, 0);
  SCM z = SCM_PACK_POINTER (p);
  SCM_I_COMPLEX_REAL (z) = re;
  SCM_I_COMPLEX_IMAG (z) = im;
  return z;
}

/* Number Z as a C complex: a real's imaginary part is +0.0.  */
static double complex
to_c (SCM z)
{
  if (scm_i_is_complex (z))
    return CMPLX (SCM_I_COMPLEX_REAL (z), SCM_I_COMPLEX_IMAG (z));
  return CMPLX (scm_i_real_to_double (z), 0.0);
}

static SCM
from_c (double complex c)
{
  return scm_i_make_complex (creal (c), cimag (c));
}

SCM
scm_c_make_rectangular (double re, double im)
{
  return scm_i_make_complex (re, im);
}

SCM
scm_c_make_polar (double mag, double ang)
{
  return scm_i_make_complex (mag * cos (ang), mag * sin (ang));
}

double
scm_c_real_part (SCM z)
{
  scm_i_check_number ("scm_c_real_part", 1, z);
  return creal (to_c (z));
}

double
scm_c_imag_part (SCM z)
{
  scm_i_check_number ("scm_c_imag_part", 1, z);
  return cimag (to_c (z));
}

/* ------------------------------------------------------------------ */
/* The (scheme complex) procedures.  */

SCM_DEFINE (scm_make_rectangular, "make-rectangular", 2, 0, 0,
            (SCM x, SCM y),
            "Return the complex number @var{x} + @var{y}i, for real "
            "@var{x} and @var{y}: @var{x} itself if @var{y} is an exact "
            "zero, else inexact, and real if @var{y} is @code{0.0}.")
{
  scm_i_check_real ("make-rectangular", 1, x);
  scm_i_check_real ("make-rectangular", 2, y);
  if (scm_is_eq (y, SCM_MAKE_FIXNUM (0)))
    return x;
  return scm_i_make_complex (scm_i_real_to_double (x),
                             scm_i_real_to_double (y));
}

SCM_DEFINE (scm_make_polar, "make-polar", 2, 0, 0, (SCM mag, SCM ang),
            "Return the complex number of magnitude @var{mag} and angle "
            "@var{ang} (radians), for real @var{mag} and @var{ang}: "
            "@var{mag} itself if @var{ang} is an exact zero, else "
            "inexact.")
{
  scm_i_check_real ("make-polar", 1, mag);
  scm_i_check_real ("make-polar", 2, ang);
  if (scm_is_eq (ang, SCM_MAKE_FIXNUM (0)))
    return mag;
  return scm_c_make_polar (scm_i_real_to_double (mag),
                           scm_i_real_to_double (ang));
}

SCM_DEFINE (scm_real_part, "real-part", 1, 0, 0, (SCM z),
            "Return the real part of number @var{z}: @var{z} itself if "
            "it is real.")
{
  scm_i_check_number ("real-part", 1, z);
  if (scm_i_is_complex (z))
    return scm_i_from_double (SCM_I_COMPLEX_REAL (z));
  return z;
}

SCM_DEFINE (scm_imag_part, "imag-part", 1, 0, 0, (SCM z),
            "Return the imaginary part of number @var{z}: exact @code{0} "
            "if it is real.")
{
  scm_i_check_number ("imag-part", 1, z);
  if (scm_i_is_complex (z))
    return scm_i_from_double (SCM_I_COMPLEX_IMAG (z));
  return SCM_MAKE_FIXNUM (0);
}

SCM_DEFINE (scm_magnitude, "magnitude", 1, 0, 0, (SCM z),
            "Return the magnitude of number @var{z}: its absolute value "
            "if it is real (exact if @var{z} is).")
{
  scm_i_check_number ("magnitude", 1, z);
  if (scm_i_is_complex (z))
    return scm_i_from_double (hypot (SCM_I_COMPLEX_REAL (z),
                                   SCM_I_COMPLEX_IMAG (z)));
  return scm_abs (z);
}

SCM_DEFINE (scm_angle, "angle", 1, 0, 0, (SCM z),
            "Return the angle of number @var{z} in (-pi, pi]: exact "
            "@code{0} for an exact non-negative real, pi for a negative "
            "one (and for @code{-0.0}).")
{
  scm_i_check_number ("angle", 1, z);
  if (scm_i_is_complex (z))
    return scm_i_from_double (atan2 (SCM_I_COMPLEX_IMAG (z),
                                   SCM_I_COMPLEX_REAL (z)));
  if (scm_is_exact (z))
    return scm_i_q_sign (z) < 0 ? scm_i_from_double (M_PI) : SCM_MAKE_FIXNUM (0);
  return scm_i_from_double (atan2 (0.0, SCM_FLONUM_VALUE (z)));
}

/* ------------------------------------------------------------------ */
/* Arithmetic and equality.  A real operand is not made complex with a
   zero imaginary part first: 2 * (a + bi) is 2a + 2bi, where the C
   product (2 + 0i)(a + bi) would give a NaN real part for an infinite
   b (0 * inf).  */

SCM
scm_i_complex_arith (int op, SCM x, SCM y)
{
  int cx = scm_i_is_complex (x), cy = scm_i_is_complex (y);
  double complex a = to_c (x), b = to_c (y);
  switch (op)
    {
    case '+':
      if (!cx || !cy)
        return scm_i_make_complex (creal (a) + creal (b),
                                   cx ? cimag (a) : cimag (b));
      return from_c (a + b);
    case '-':
      if (!cx)
        return scm_i_make_complex (creal (a) - creal (b), -cimag (b));
      if (!cy)
        return scm_i_make_complex (creal (a) - creal (b), cimag (a));
      return from_c (a - b);
    case '*':
      if (!cx)
        return scm_i_make_complex (creal (a) * creal (b),
                                   creal (a) * cimag (b));
      if (!cy)
        return scm_i_make_complex (creal (a) * creal (b),
                                   cimag (a) * creal (b));
      return from_c (a * b);
    default:
      if (!cy)
        return scm_i_make_complex (creal (a) / creal (b),
                                   cimag (a) / creal (b));
      return from_c (a / b);
    }
}

SCM
scm_i_complex_negate (SCM z)
{
  return scm_i_make_complex (-SCM_I_COMPLEX_REAL (z), -SCM_I_COMPLEX_IMAG (z));
}

int
scm_i_complex_num_eq (SCM x, SCM y)
{
  /* A complex number has a nonzero imaginary part: it equals no real.  */
  if (!scm_i_is_complex (x) || !scm_i_is_complex (y))
    return 0;
  return (SCM_I_COMPLEX_REAL (x) == SCM_I_COMPLEX_REAL (y)
          && SCM_I_COMPLEX_IMAG (x) == SCM_I_COMPLEX_IMAG (y));
}

int
scm_i_complex_eqv (SCM x, SCM y)
{
  return (scm_i_double_eqv (SCM_I_COMPLEX_REAL (x), SCM_I_COMPLEX_REAL (y))
          && scm_i_double_eqv (SCM_I_COMPLEX_IMAG (x),
                               SCM_I_COMPLEX_IMAG (y)));
}

/* ------------------------------------------------------------------ */
/* Transcendental functions on complex numbers.  */

/* The real X (|X| > 1) as the complex number that the R7RS formulas
   for asin and acos mean: their branch cuts on the real axis beyond
   +-1 are continuous with the fourth quadrant right of 1 and with the
   second left of -1, so X's imaginary zero takes the sign that picks
   that side in C's casin and cacos.  (asin 2) is then
   1.5707963267948966-1.3169578969248166i, as -i log (2i + sqrt (-3))
   gives.  */
static double complex
beyond_unit (double x)
{
  return CMPLX (x, x > 0 ? -0.0 : 0.0);
}

SCM
scm_i_complex_function (enum scm_i_complex_fn fn, SCM z)
{
  double complex c = to_c (z);
  switch (fn)
    {
    case SCM_I_CEXP: return from_c (cexp (c));
    case SCM_I_CLOG: return from_c (clog (c));
    case SCM_I_CSQRT: return from_c (csqrt (c));
    case SCM_I_CSIN: return from_c (csin (c));
    case SCM_I_CCOS: return from_c (ccos (c));
    case SCM_I_CTAN: return from_c (ctan (c));
    case SCM_I_CATAN: return from_c (catan (c));
    case SCM_I_CASIN:
      if (!scm_i_is_complex (z))
        c = beyond_unit (creal (c));
      return from_c (casin (c));
    case SCM_I_CACOS:
      if (!scm_i_is_complex (z))
        c = beyond_unit (creal (c));
      return from_c (cacos (c));
    }
  return z;
}

SCM
scm_i_complex_log2 (SCM z, SCM base)
{
  return from_c (clog (to_c (z)) / clog (to_c (base)));
}

/* Z (complex) to the power of the fixnum E, by repeated squaring: more
   accurate than exp (E log Z), and exact in the parts where the
   products are ((expt 1+i 2) is +2.0i, not 1.2e-16+2.0i).  */
static SCM
expt_integer (double complex z, int64_t e)
{
  uint64_t k = e < 0 ? -(uint64_t) e : (uint64_t) e;
  double complex r = 1.0;
  while (k != 0)                /* at most 62 turns */
    {
      if (k & 1)
        r *= z;
      z *= z;
      k >>= 1;
    }
  return from_c (e < 0 ? 1.0 / r : r);
}

SCM
scm_i_complex_expt (SCM base, SCM exponent)
{
  if (SCM_FIXNUM_P (exponent))
    {
      if (SCM_FIXNUM_VALUE (exponent) == 0)
        return SCM_MAKE_FIXNUM (1);
      return expt_integer (to_c (base), SCM_FIXNUM_VALUE (exponent));
    }
  double complex b = to_c (base), e = to_c (exponent);
  /* 0^z is 0 when the real part of z is positive (R7RS); cpow would
     take the logarithm of zero.  */
  if (b == 0 && creal (e) > 0)
    return scm_i_from_double (0.0);
  return from_c (cpow (b, e));
}

void
scm_init_complex (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "numbers/complex.x"
#endif
}
