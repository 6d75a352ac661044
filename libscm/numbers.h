/* numbers.h -- numbers: fixnums, bignums, ratnums, flonums and complex
   numbers
   SPDX-License-Identifier: LGPL-3.0-or-later

   Exact integers of 62 bits are fixnums (immediates), larger ones
   bignums (GMP limbs in one atomic GC object, bignums.c); every exact
   integer result is a fixnum when it fits.  Inexact reals are flonums,
   a header and an IEEE double (16 bytes, atomic).

   Implementation restrictions.  Each raises a catchable error of kind
   implementation-restriction whose who is the procedure and whose
   irritants are its operands (or, when parsing, the token):
   - an exact integer result past the integer size limit
     (scm_c_set_max_integer_bits; "exact integer too large":
     (expt 2 (expt 10 12)), (ash 1 (expt 2 62)), #e1e99999999), checked
     before anything is computed;
   - an exact non-real complex number (there are none): #e1+2i,
     (exact 1+2i).
   Other errors: exact division by zero, (/ 1 0) or (quotient 1 0), has
   kind divide-by-zero (inexact division gives an infinity or a NaN);
   (exact +inf.0) and #e+nan.0 have kind out-of-range; arguments of the
   wrong type, wrong-type-arg.

   Exact non-integer rationals are ratnums (ratnums.c): (/ 1 3) is 1/3,
   in lowest terms with a positive denominator.

   Non-real complex numbers have flonum parts (complex.c, below):
   (sqrt -4) is +2.0i.  */

#ifndef SCM_NUMBERS_H
#define SCM_NUMBERS_H

#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <libscm/scm.h>

/* Flonums.  A double of magnitude in [2^-63, 2^64), and +0.0 and -0.0,
   is an immediate (scm.h): its 64 bits rotated left by one, so that
   the sign comes last, less SCM_I_FLONUM_BIAS (exponent 2^-64), fill
   the 60 bits above the tag.  Any other double -- tiny, huge,
   infinite, NaN -- is boxed: a header word and the double, on the
   pointer-free heap.  A double has only one of the two forms, so two
   immediate flonums are eqv? exactly when they are eq?, and an
   immediate and a boxed one never are.  Immediates are what makes
   flonum arithmetic allocate nothing in the common range, and a
   vector of flonums cost the collector one word each.  */
#define SCM_ITAG_FLONUM 0x0c
#define SCM_I_FLONUM_BIAS ((uint64_t) (1023 - 64) << 53)

static inline int
scm_i_is_immediate_flonum (SCM x)
{
  return (SCM_UNPACK (x) & 0xf) == SCM_ITAG_FLONUM;
}

static inline int
scm_is_flonum (SCM x)
{
  return scm_i_is_immediate_flonum (x) || scm_has_tc8 (x, scm_tc8_flonum);
}

/* The value of immediate flonum X.  */
static inline double
scm_i_immediate_flonum_value (SCM x)
{
  double d;
  uint64_t r = SCM_UNPACK (x) >> 4;
  /* A zero biased exponent is a zero: no bias to add back.  */
  uint64_t rot = r + ((r >> 53) != 0 ? SCM_I_FLONUM_BIAS : 0);
  uint64_t bits = (rot >> 1) | (rot << 63);
  memcpy (&d, &bits, sizeof d);
  return d;
}

/* The value of flonum X (either form).  */
static inline double
scm_i_flonum_value (SCM x)
{
  double d;
  if (scm_i_is_immediate_flonum (x))
    return scm_i_immediate_flonum_value (x);
  memcpy (&d, SCM_UNPACK_POINTER (x) + 1, sizeof d);
  return d;
}
#define SCM_FLONUM_VALUE(x) scm_i_flonum_value (x)

/* Nonzero if D has the immediate form: then *W is it.  */
static inline int
scm_i_immediate_flonum (double d, scm_t_bits *w)
{
  uint64_t bits;
  memcpy (&bits, &d, sizeof bits);
  uint64_t rot = (bits << 1) | (bits >> 63);
  /* One compare: biased exponent 960..1086 (2^-63 to 2^63) lies in
     [1, 127] after the bias.  */
  if (rot - SCM_I_FLONUM_BIAS - ((uint64_t) 1 << 53)
      < ((uint64_t) 127 << 53))
    {
      *w = ((rot - SCM_I_FLONUM_BIAS) << 4) | SCM_ITAG_FLONUM;
      return 1;
    }
  if (rot <= 1)                 /* +0.0, -0.0 */
    {
      *w = (rot << 4) | SCM_ITAG_FLONUM;
      return 1;
    }
  return 0;
}

/* ------------------------------------------------------------------ */
/* C conversions.  scm_from_* give a fixnum or a bignum; scm_to_* raise
   wrong-type-arg for anything but an exact integer (scm_to_double: any
   real number), and out-of-range for a value the C type cannot hold.  */

/* The integer size limit: the largest number of bits an exact integer
   result may have (2^26 by default).  A computation whose result would
   be larger raises an implementation-restriction error before it
   starts, instead of exhausting memory.  Returns the previous limit;
   BITS is clamped to [64, 2^40].  */
SCM_API size_t scm_c_set_max_integer_bits (size_t bits);
SCM_API size_t scm_c_max_integer_bits (void);

SCM_API SCM scm_from_double (double d);
SCM_API double scm_to_double (SCM x);
SCM_API SCM scm_from_int64 (int64_t n);
SCM_API int64_t scm_to_int64 (SCM x);
SCM_API SCM scm_from_uint64 (uint64_t n);
SCM_API uint64_t scm_to_uint64 (SCM x);
SCM_API SCM scm_from_long (long n);
SCM_API long scm_to_long (SCM x);
SCM_API SCM scm_from_int (int n);
SCM_API int scm_to_int (SCM x);
SCM_API SCM scm_from_size_t (size_t n);
SCM_API size_t scm_to_size_t (SCM x);
SCM_API SCM scm_from_int32 (int32_t n);
SCM_API int32_t scm_to_int32 (SCM x);
SCM_API SCM scm_from_uint32 (uint32_t n);
SCM_API uint32_t scm_to_uint32 (SCM x);
SCM_API SCM scm_from_uint (unsigned int n);
SCM_API unsigned int scm_to_uint (SCM x);
SCM_API SCM scm_from_ulong (unsigned long n);
SCM_API unsigned long scm_to_ulong (SCM x);
SCM_API SCM scm_from_ssize_t (ssize_t n);
SCM_API ssize_t scm_to_ssize_t (SCM x);
SCM_API SCM scm_from_intmax (intmax_t n);
SCM_API intmax_t scm_to_intmax (SCM x);
SCM_API SCM scm_from_uintmax (uintmax_t n);
SCM_API uintmax_t scm_to_uintmax (SCM x);
/* Nonzero if X is an exact integer in [MIN, MAX] (Guile's names; they
   raise no error).  */
SCM_API int scm_is_signed_integer (SCM x, intmax_t min, intmax_t max);
SCM_API int scm_is_unsigned_integer (SCM x, uintmax_t min, uintmax_t max);

/* The rest of Guile's sized family, with the same rules: wrong-type-arg for a
   non-exact-integer, out-of-range for a value the C type cannot hold
   (naming the function and position 1).  */
SCM_API int8_t scm_to_int8 (SCM x);
SCM_API uint8_t scm_to_uint8 (SCM x);
SCM_API int16_t scm_to_int16 (SCM x);
SCM_API uint16_t scm_to_uint16 (SCM x);
SCM_API intptr_t scm_to_intptr_t (SCM x);
SCM_API uintptr_t scm_to_uintptr_t (SCM x);
SCM_API SCM scm_from_int8 (int8_t n);
SCM_API SCM scm_from_uint8 (uint8_t n);
SCM_API SCM scm_from_int16 (int16_t n);
SCM_API SCM scm_from_uint16 (uint16_t n);
SCM_API SCM scm_from_intptr_t (intptr_t n);
SCM_API SCM scm_from_uintptr_t (uintptr_t n);

/* X as a C integer if it is an exact integer between MIN and MAX
   inclusive; else raise wrong-type-arg or out-of-range (Guile's
   functions).  */
SCM_API intmax_t scm_to_signed_integer (SCM x, intmax_t min, intmax_t max);
SCM_API uintmax_t scm_to_unsigned_integer (SCM x, uintmax_t min,
                                           uintmax_t max);

/* C predicates; they raise no error.  scm_is_integer holds for
   integral flonums too.  */
SCM_API int scm_is_number (SCM x);
SCM_API int scm_is_real (SCM x);
SCM_API int scm_is_integer (SCM x);
SCM_API int scm_is_exact_integer (SCM x);
SCM_API int scm_is_exact (SCM x);
SCM_API int scm_is_inexact (SCM x);

/* ------------------------------------------------------------------ */
/* The procedures of R7RS.  All raise wrong-type-arg for an argument of
   the wrong type, and the errors listed at the top.  */

SCM_API SCM scm_number_p (SCM obj);
SCM_API SCM scm_complex_p (SCM obj);
SCM_API SCM scm_real_p (SCM obj);
SCM_API SCM scm_rational_p (SCM obj);
SCM_API SCM scm_integer_p (SCM obj);
SCM_API SCM scm_exact_p (SCM z);
SCM_API SCM scm_inexact_p (SCM z);
SCM_API SCM scm_exact_integer_p (SCM obj);
SCM_API SCM scm_nan_p (SCM x);
SCM_API SCM scm_infinite_p (SCM x);
SCM_API SCM scm_finite_p (SCM x);
SCM_API SCM scm_zero_p (SCM z);
SCM_API SCM scm_positive_p (SCM x);
SCM_API SCM scm_negative_p (SCM x);
SCM_API SCM scm_odd_p (SCM n);
SCM_API SCM scm_even_p (SCM n);

/* The two-argument forms of the variadic procedures = < > <= >= max
   min + - * / gcd lcm.  For + * gcd lcm, X and Y may be SCM_UNDEFINED
   (not given): (+) is 0, (+ x) is x.  For - and /, Y may be
   SCM_UNDEFINED: the negation and the reciprocal of X.  */
SCM_API SCM scm_num_eq_p (SCM x, SCM y);
SCM_API SCM scm_less_p (SCM x, SCM y);
SCM_API SCM scm_gr_p (SCM x, SCM y);
SCM_API SCM scm_leq_p (SCM x, SCM y);
SCM_API SCM scm_geq_p (SCM x, SCM y);
SCM_API SCM scm_max (SCM x, SCM y);
SCM_API SCM scm_min (SCM x, SCM y);
SCM_API SCM scm_sum (SCM x, SCM y);
SCM_API SCM scm_difference (SCM x, SCM y);
SCM_API SCM scm_product (SCM x, SCM y);
SCM_API SCM scm_divide (SCM x, SCM y);
SCM_API SCM scm_gcd (SCM x, SCM y);
SCM_API SCM scm_lcm (SCM x, SCM y);

SCM_API SCM scm_abs (SCM x);
SCM_API SCM scm_square (SCM z);
SCM_API SCM scm_quotient (SCM n1, SCM n2);
SCM_API SCM scm_remainder (SCM n1, SCM n2);
SCM_API SCM scm_modulo (SCM n1, SCM n2);
SCM_API SCM scm_floor_quotient (SCM n1, SCM n2);
SCM_API SCM scm_floor_remainder (SCM n1, SCM n2);
SCM_API SCM scm_truncate_quotient (SCM n1, SCM n2);
SCM_API SCM scm_truncate_remainder (SCM n1, SCM n2);
/* Both the quotient and the remainder of floor/ and truncate/, in *Q
   and *R; either pointer may be NULL.  */
SCM_API void scm_floor_divide (SCM x, SCM y, SCM *q, SCM *r);
SCM_API void scm_truncate_divide (SCM x, SCM y, SCM *q, SCM *r);
SCM_API SCM scm_floor (SCM x);
SCM_API SCM scm_ceiling (SCM x);
SCM_API SCM scm_truncate (SCM x);
/* Rounds to even: (round 2.5) is 2.0.  */
SCM_API SCM scm_round (SCM x);
SCM_API SCM scm_numerator (SCM q);
SCM_API SCM scm_denominator (SCM q);
/* The simplest rational within Y of X.  */
SCM_API SCM scm_rationalize (SCM x, SCM y);

SCM_API SCM scm_exp (SCM z);
/* BASE may be SCM_UNDEFINED: the natural logarithm.  */
SCM_API SCM scm_log (SCM z, SCM base);
SCM_API SCM scm_sin (SCM z);
SCM_API SCM scm_cos (SCM z);
SCM_API SCM scm_tan (SCM z);
SCM_API SCM scm_asin (SCM z);
SCM_API SCM scm_acos (SCM z);
/* X may be SCM_UNDEFINED: the one-argument arctangent of Y.  */
SCM_API SCM scm_atan (SCM y, SCM x);
/* Exact for an exact perfect square: (sqrt 16) is 4.  */
SCM_API SCM scm_sqrt (SCM z);
/* The S and R of exact-integer-sqrt: K = S * S + R, K < (S + 1)^2, for
   exact K >= 0.  */
SCM_API void scm_exact_integer_sqrt (SCM k, SCM *s, SCM *r);
SCM_API SCM scm_expt (SCM z1, SCM z2);
SCM_API SCM scm_exact (SCM z);
SCM_API SCM scm_inexact (SCM z);
SCM_API SCM scm_exact_to_inexact (SCM z);
SCM_API SCM scm_inexact_to_exact (SCM z);

/* ------------------------------------------------------------------ */
/* Complex numbers (complex.c).  A non-real complex number has flonum
   parts (there are no exact ones) and a nonzero imaginary part: a
   result whose imaginary part is zero is the flonum of its real part.
   Non-real numbers are numbers (scm_is_number) and inexact, not real
   (scm_is_real).  */

/* RE + IM i, the flonum RE if IM is zero.  */
SCM_API SCM scm_c_make_rectangular (double re, double im);
/* MAG (cos ANG + i sin ANG).  */
SCM_API SCM scm_c_make_polar (double mag, double ang);
/* The parts of number Z as doubles (0.0 is a real's imaginary part);
   raise wrong-type-arg for anything else.  */
SCM_API double scm_c_real_part (SCM z);
SCM_API double scm_c_imag_part (SCM z);
/* The procedures of (scheme complex); they raise wrong-type-arg for a
   non-number (non-real for the first two).  */
SCM_API SCM scm_make_rectangular (SCM x, SCM y);
SCM_API SCM scm_make_polar (SCM mag, SCM ang);
SCM_API SCM scm_real_part (SCM z);
SCM_API SCM scm_imag_part (SCM z);
SCM_API SCM scm_magnitude (SCM z);
SCM_API SCM scm_angle (SCM z);

/* ------------------------------------------------------------------ */
/* Number syntax (number-syntax.c).  */

/* Parse the token CHARS[0..LEN) as a number in RADIX (2, 8, 10 or 16;
   the prefixes #x #o #b #d override it, #e #i set the exactness).
   Return #f if it is not the syntax of a number, or is a ratio with a
   zero denominator (1/0, #i0/0).  Raises an
   implementation-restriction error for number syntax this build cannot
   represent (see the top of this file: "exact integer too large", a
   complex number),
   out-of-range for #e+inf.0 and for a bad RADIX.  */
SCM_API SCM scm_c_parse_number (const uint32_t *chars, size_t len,
                                unsigned radix);
/* Nonzero if CHARS[0..LEN) is the syntax of a number in RADIX, whether
   or not this build can represent it (1/3, 1+2i, a 30-digit integer):
   what decides if a symbol must be written with bars.  Raises no
   error.  */
SCM_API int scm_c_number_syntax_p (const uint32_t *chars, size_t len,
                                   unsigned radix);
/* The external representation of number N in RADIX (SCM_UNDEFINED: 10),
   a fresh string.  Flonums: in radix 10 the shortest decimal that
   reads back as the same double, always with a point or an exponent
   ("1.0", "0.1", "-0.0", "1e21", "+inf.0", "+nan.0"); in radix 2, 8
   and 16 the exact expansion, with a point ("0.1" for 0.5 in radix
   2), which scm_c_parse_number reads back.  */
SCM_API SCM scm_number_to_string (SCM n, SCM radix);
/* RADIX may be SCM_UNDEFINED: 10.  */
SCM_API SCM scm_string_to_number (SCM str, SCM radix);

#endif /* SCM_NUMBERS_H */
