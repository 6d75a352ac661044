/* complex.c -- non-real complex numbers, exact and inexact
   SPDX-License-Identifier: LGPL-3.0-or-later

   A complex number is a header and two parts (24 bytes).  An inexact
   one holds two doubles, its real and imaginary parts (atomic: no
   pointer inside); its imaginary part may be 0.0, so that 1.0+0.0i is a
   complex number and not real, as R7RS allows (real? -2.5+0.0i is #f).
   An exact one, flagged SCM_I_COMPLEX_EXACT, holds two exact rationals
   (fixnums, bignums or ratnums) and its imaginary part is never zero:
   scm_i_make_exact_complex returns the real part then, so that 1+0i is
   the integer 1.  A number is exact or inexact as a whole: a complex
   number with an inexact part has two.

   Exact operands give exact results wherever R7RS can: the four
   operations, (sqrt -4) => +2i, (expt +i 2) => -1, magnitude of 3+4i
   => 5.  The transcendental functions and every operation with an
   inexact operand compute in doubles.

   Sections: representation; the (scheme complex) procedures;
   arithmetic and equality (called by numbers.c when an operand is
   complex); the transcendental functions on complex arguments (called
   by transcendental.c), computed with C99's <complex.h>.  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"
#include "numbers/numbers-internal.h"
#include "runtime/poll-internal.h"

#include <complex.h>
#include <math.h>
#include <libscm/conditions.h>
#include <libscm/bitwise.h>
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
  scm_t_bits *p = scm_i_alloc_atomic (sizeof (scm_t_bits)
                                      + 2 * sizeof (double));
  p[0] = SCM_MAKE_HEADER (scm_tc8_complex, 0, 0);
  SCM z = SCM_PACK_POINTER (p);
  SCM_I_COMPLEX_REAL (z) = re;
  SCM_I_COMPLEX_IMAG (z) = im;
  return z;
}

SCM
scm_i_make_exact_complex (SCM re, SCM im)
{
  if (scm_is_eq (im, SCM_MAKE_FIXNUM (0)))
    return re;
  SCM z = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_complex,
                                              SCM_I_COMPLEX_EXACT, 0), 3);
  SCM_SET_CELL_OBJECT (z, 1, re);
  SCM_SET_CELL_OBJECT (z, 2, im);
  return z;
}

/* Part WORD (1 real, 2 imaginary) of complex Z, as a number.  */
static SCM
part (SCM z, int word)
{
  if (scm_i_is_exact_complex (z))
    return SCM_CELL_OBJECT (z, word);
  return scm_i_from_double (*(double *) (SCM_UNPACK_POINTER (z) + word));
}

SCM
scm_i_real_part (SCM z)
{
  return scm_i_is_complex (z) ? part (z, 1) : z;
}

SCM
scm_i_imag_part (SCM z)
{
  return scm_i_is_complex (z) ? part (z, 2) : SCM_MAKE_FIXNUM (0);
}

/* Number Z as a C complex: a real's imaginary part is +0.0.  */
static double complex
to_c (SCM z)
{
  if (scm_i_is_exact_complex (z))
    return CMPLX (scm_i_real_to_double (SCM_I_EXACT_COMPLEX_REAL (z)),
                  scm_i_real_to_double (SCM_I_EXACT_COMPLEX_IMAG (z)));
  if (scm_i_is_complex (z))
    return CMPLX (SCM_I_COMPLEX_REAL (z), SCM_I_COMPLEX_IMAG (z));
  return CMPLX (scm_i_real_to_double (z), 0.0);
}

static SCM
from_c (double complex c)
{
  return scm_i_make_complex (creal (c), cimag (c));
}

/* C with a zero imaginary part made +0.0: R7RS puts the imaginary part
   of a logarithm, and the angle, in (-pi, pi], so that on the negative
   real axis log, sqrt, expt and angle take the value above the cut,
   -0.0 or not: (sqrt -1.0-0.0i) is +1.0i, where C's csqrt gives
   -1.0i.  */
static double complex
above_cut (double complex c)
{
  return cimag (c) == 0 ? CMPLX (creal (c), 0.0) : c;
}

SCM
scm_i_complex_to_exact (SCM z, const char *who)
{
  if (scm_i_is_exact_complex (z))
    return z;
  double re = SCM_I_COMPLEX_REAL (z), im = SCM_I_COMPLEX_IMAG (z);
  if (!isfinite (re) || !isfinite (im))
    scm_i_no_exact_value (who, scm_list_1 (z));
  return scm_i_make_exact_complex (scm_i_q_from_double (re),
                                   scm_i_q_from_double (im));
}

SCM
scm_i_complex_to_inexact (SCM z)
{
  if (scm_i_is_exact_complex (z))
    return from_c (to_c (z));
  return z;
}

/* The C API's constructors are Guile's: a zero imaginary part gives
   the real number, where make-rectangular keeps 1.0+0.0i complex.  */
SCM
scm_c_make_rectangular (double re, double im)
{
  if (im == 0)
    return scm_i_from_double (re);
  return scm_i_make_complex (re, im);
}

SCM
scm_i_make_polar (double mag, double ang)
{
  return scm_i_make_complex (mag * cos (ang), mag * sin (ang));
}

SCM
scm_c_make_polar (double mag, double ang)
{
  return scm_c_make_rectangular (mag * cos (ang), mag * sin (ang));
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
            "zero, exact if both are exact (@code{(make-rectangular 1/2 "
            "3)} is @code{1/2+3i}), else inexact, and then complex even "
            "if @var{y} is @code{0.0}.")
{
  scm_i_check_real ("make-rectangular", 1, x);
  scm_i_check_real ("make-rectangular", 2, y);
  if (scm_is_exact (x) && scm_is_exact (y))
    return scm_i_make_exact_complex (x, y);
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
  return scm_i_make_polar (scm_i_real_to_double (mag),
                          scm_i_real_to_double (ang));
}

SCM_DEFINE (scm_real_part, "real-part", 1, 0, 0, (SCM z),
            "Return the real part of number @var{z}: @var{z} itself if "
            "it is real; exact if @var{z} is.")
{
  scm_i_check_number ("real-part", 1, z);
  return scm_i_real_part (z);
}

SCM_DEFINE (scm_imag_part, "imag-part", 1, 0, 0, (SCM z),
            "Return the imaginary part of number @var{z}: exact @code{0} "
            "if it is real; exact if @var{z} is.")
{
  scm_i_check_number ("imag-part", 1, z);
  return scm_i_imag_part (z);
}

SCM_DEFINE (scm_magnitude, "magnitude", 1, 0, 0, (SCM z),
            "Return the magnitude of number @var{z}: its absolute value "
            "if it is real (exact if @var{z} is); exact for an exact "
            "complex number whose magnitude is rational "
            "(@code{(magnitude 3+4i)} is @code{5}).")
{
  scm_i_check_number ("magnitude", 1, z);
  if (scm_i_is_exact_complex (z))
    {
      SCM a = SCM_I_EXACT_COMPLEX_REAL (z), b = SCM_I_EXACT_COMPLEX_IMAG (z);
      return scm_sqrt (scm_sum (scm_product (a, a), scm_product (b, b)));
    }
  if (scm_i_is_complex (z))
    return scm_i_from_double (hypot (SCM_I_COMPLEX_REAL (z),
                                   SCM_I_COMPLEX_IMAG (z)));
  return scm_abs (z);
}

SCM_DEFINE (scm_angle, "angle", 1, 0, 0, (SCM z),
            "Return the angle of number @var{z} in (-pi, pi]: exact "
            "@code{0} for an exact non-negative real, pi for a negative "
            "one (and for @code{-0.0}); inexact for a non-real.")
{
  scm_i_check_number ("angle", 1, z);
  if (scm_i_is_complex (z))
    {
      double complex c = above_cut (to_c (z));
      return scm_i_from_double (atan2 (cimag (c), creal (c)));
    }
  if (scm_is_exact (z))
    return scm_i_q_sign (z) < 0 ? scm_i_from_double (M_PI) : SCM_MAKE_FIXNUM (0);
  return scm_i_from_double (atan2 (0.0, SCM_FLONUM_VALUE (z)));
}

/* ------------------------------------------------------------------ */
/* Arithmetic and equality.  Exact operands: exact arithmetic on the
   parts.  Otherwise in doubles; a real operand is not made complex with
   a zero imaginary part first: 2 * (a + bi) is 2a + 2bi, where the C
   product (2 + 0i)(a + bi) would give a NaN real part for an infinite
   b (0 * inf).  */

/* X OP Y for exact X and Y, one at least complex.  */
static SCM
exact_arith (int op, SCM x, SCM y)
{
  SCM a = scm_i_real_part (x), b = scm_i_imag_part (x);
  SCM c = scm_i_real_part (y), d = scm_i_imag_part (y);
  switch (op)
    {
    case '+':
      return scm_i_make_exact_complex (scm_sum (a, c), scm_sum (b, d));
    case '-':
      return scm_i_make_exact_complex (scm_difference (a, c),
                                       scm_difference (b, d));
    case '*':
      return scm_i_make_exact_complex
        (scm_difference (scm_product (a, c), scm_product (b, d)),
         scm_sum (scm_product (a, d), scm_product (b, c)));
    default:
      {
        /* (a + bi) / (c + di) = ((ac + bd) + (bc - ad) i) / (c^2 + d^2);
           Y is not zero here (an exact zero is real: divide raised).  */
        SCM den = scm_sum (scm_product (c, c), scm_product (d, d));
        SCM re = scm_sum (scm_product (a, c), scm_product (b, d));
        SCM im = scm_difference (scm_product (b, c), scm_product (a, d));
        return scm_i_make_exact_complex (scm_divide (re, den),
                                         scm_divide (im, den));
      }
    }
}

SCM
scm_i_complex_arith (int op, SCM x, SCM y)
{
  if (scm_is_exact (x) && scm_is_exact (y))
    {
      if (op == '/' && scm_is_eq (y, SCM_MAKE_FIXNUM (0)))
        scm_i_divide_by_zero ("/", scm_list_2 (x, y));
      return exact_arith (op, x, y);
    }
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
  if (scm_i_is_exact_complex (z))
    return scm_i_make_exact_complex
      (scm_difference (SCM_I_EXACT_COMPLEX_REAL (z), SCM_UNDEFINED),
       scm_difference (SCM_I_EXACT_COMPLEX_IMAG (z), SCM_UNDEFINED));
  return scm_i_make_complex (-SCM_I_COMPLEX_REAL (z), -SCM_I_COMPLEX_IMAG (z));
}

int
scm_i_complex_num_eq (SCM x, SCM y)
{
  /* Part by part, exactly (= compares an exact and an inexact real
     exactly): 1.0+0.0i is = to 1, and 1+2i to 1.0+2.0i.  */
  return (scm_is_true (scm_num_eq_p (scm_i_real_part (x),
                                     scm_i_real_part (y)))
          && scm_is_true (scm_num_eq_p (scm_i_imag_part (x),
                                        scm_i_imag_part (y))));
}

int
scm_i_complex_eqv (SCM x, SCM y)
{
  int ex = scm_i_is_exact_complex (x), ey = scm_i_is_exact_complex (y);
  if (ex != ey)
    return 0;
  if (ex)
    return (scm_is_true (scm_num_eq_p (SCM_I_EXACT_COMPLEX_REAL (x),
                                       SCM_I_EXACT_COMPLEX_REAL (y)))
            && scm_is_true (scm_num_eq_p (SCM_I_EXACT_COMPLEX_IMAG (x),
                                          SCM_I_EXACT_COMPLEX_IMAG (y))));
  return (scm_i_double_eqv (SCM_I_COMPLEX_REAL (x), SCM_I_COMPLEX_REAL (y))
          && scm_i_double_eqv (SCM_I_COMPLEX_IMAG (x),
                               SCM_I_COMPLEX_IMAG (y)));
}

/* ------------------------------------------------------------------ */
/* Exact roots and powers.  */

/* The exact square root of exact rational Q, or #f.  */
static SCM
exact_root (SCM q)
{
  SCM r = scm_sqrt (q);
  return scm_is_exact (r) ? r : SCM_BOOL_F;
}

SCM
scm_i_exact_complex_sqrt (SCM z)
{
  if (!scm_i_is_complex (z))
    {
      /* A negative exact real: i times the root of -Z.  */
      SCM root = scm_sqrt (scm_difference (z, SCM_UNDEFINED));
      if (scm_is_exact (root))
        return scm_i_make_exact_complex (SCM_MAKE_FIXNUM (0), root);
      return scm_i_make_complex (0.0, scm_i_real_to_double (root));
    }
  /* sqrt (a + bi) = p + qi with p = sqrt ((|z| + a) / 2) and
     q = sign (b) sqrt ((|z| - a) / 2): exact when all three roots
     are.  */
  SCM a = SCM_I_EXACT_COMPLEX_REAL (z), b = SCM_I_EXACT_COMPLEX_IMAG (z);
  SCM m = exact_root (scm_sum (scm_product (a, a), scm_product (b, b)));
  if (scm_is_true (m))
    {
      SCM two = SCM_MAKE_FIXNUM (2);
      SCM p = exact_root (scm_divide (scm_sum (m, a), two));
      SCM q = exact_root (scm_divide (scm_difference (m, a), two));
      if (scm_is_true (p) && scm_is_true (q))
        return scm_i_make_exact_complex
          (p, scm_i_q_sign (b) < 0 ? scm_difference (q, SCM_UNDEFINED) : q);
    }
  return from_c (csqrt (to_c (z)));
}

SCM
scm_i_exact_complex_expt (SCM base, SCM exponent)
{
  SCM r = SCM_MAKE_FIXNUM (1), z = base, e = exponent;
  int negative = scm_is_true (scm_negative_p (e));
  if (negative)
    e = scm_difference (e, SCM_UNDEFINED);
  /* Squaring: the size guards of the exact integer operations stop a
     result past the integer size limit.  */
  while (!scm_is_eq (e, SCM_MAKE_FIXNUM (0)))
    {
      scm_i_poll_interrupt ();
      if (scm_is_true (scm_odd_p (e)))
        r = scm_product (r, z);
      e = scm_ash (e, SCM_MAKE_FIXNUM (-1));
      if (!scm_is_eq (e, SCM_MAKE_FIXNUM (0)))
        z = scm_product (z, z);
    }
  return negative ? scm_divide (SCM_MAKE_FIXNUM (1), r) : r;
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
    case SCM_I_CLOG: return from_c (clog (above_cut (c)));
    case SCM_I_CSQRT: return from_c (csqrt (above_cut (c)));
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
  return from_c (clog (above_cut (to_c (z))) / clog (above_cut (to_c (base))));
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
  return from_c (cpow (above_cut (b), e));
}

void
scm_init_complex (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "numbers/complex.x"
#endif
}
