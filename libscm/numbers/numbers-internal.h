/* numbers-internal.h -- what numbers.c shares with number-syntax.c and
   transcendental.c
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_NUMBERS_INTERNAL_H
#define SCM_NUMBERS_INTERNAL_H

#include "runtime/scm-internal.h"
#include <libscm/numbers.h>

/* The errors of arithmetic.  WHO names the procedure, IRRITANTS are its
   operands.  scm_i_integer_too_large below has the kind
   implementation-restriction: the result is a valid number that this
   build cannot represent.  */

/* Exact division by zero, kind divide-by-zero.  */
SCM_INTERNAL void scm_i_divide_by_zero (const char *who, SCM irritants)
  SCM_NORETURN;
/* An infinity or a NaN where an exact number is wanted, kind
   out-of-range.  */
SCM_INTERNAL void scm_i_no_exact_value (const char *who, SCM irritants)
  SCM_NORETURN;

/* Flonum D: the immediate form if it has one (numbers.h), else a
   boxed one.  Inline, for arithmetic's sake (scm_from_double is
   exported, so calls of it within libscm are not inlined).  */
SCM_INTERNAL SCM scm_i_box_flonum (double d);

static inline SCM
scm_i_from_double (double d)
{
  scm_t_bits w;
  if (SCM_LIKELY (scm_i_immediate_flonum (d, &w)))
    return SCM_PACK (w);
  return scm_i_box_flonum (d);
}

/* The operands of a failed operation, for its irritants: (X Y), or (X)
   when Y is not given.  */
SCM_INTERNAL SCM scm_i_operands (SCM x, SCM y);
/* Raise wrong-type-arg unless X (argument POS of WHO) is a number, or a
   real number.  Inline for fixnums and flonums, the common case (these
   checks are on the path of every generic arithmetic operation).  */
SCM_INTERNAL void scm_i_check_number_1 (const char *who, int pos, SCM x);
SCM_INTERNAL void scm_i_check_real_1 (const char *who, int pos, SCM x);

static inline void
scm_i_check_number (const char *who, int pos, SCM x)
{
  if (!SCM_LIKELY (SCM_FIXNUM_P (x) || scm_is_flonum (x)))
    scm_i_check_number_1 (who, pos, x);
}

static inline void
scm_i_check_real (const char *who, int pos, SCM x)
{
  if (!SCM_LIKELY (SCM_FIXNUM_P (x) || scm_is_flonum (x)))
    scm_i_check_real_1 (who, pos, x);
}

/* ------------------------------------------------------------------ */
/* Bignums (bignums.c).  The scm_i_int_* functions take exact integers
   (fixnums or bignums, checked by the caller) and return exact
   integers, fixnums whenever the value fits.  WHO names the procedure
   for the size error: a result past the integer size limit
   (scm_c_set_max_integer_bits) raises implementation-restriction
   before any work is done.  */

static inline int
scm_i_is_bignum (SCM x)
{
  return scm_has_tc8 (x, scm_tc8_bignum);
}

/* An exact integer too large for the size limit.  */
SCM_INTERNAL void scm_i_integer_too_large (const char *who, SCM irritants)
  SCM_NORETURN;
/* The exact integer of magnitude M, negated if NEG.  */
SCM_INTERNAL SCM scm_i_int_from_u64 (uint64_t m, int neg);

/* N as an exact integer: a fixnum, or a bignum past 62 bits.  */
static inline SCM
scm_i_exact_from_i64 (int64_t n)
{
  if (SCM_LIKELY (SCM_FIXABLE (n)))
    return SCM_MAKE_FIXNUM (n);
  return n < 0 ? scm_i_int_from_u64 (0 - (uint64_t) n, 1)
    : scm_i_int_from_u64 ((uint64_t) n, 0);
}
/* Nonzero if bignum X's magnitude fits 64 bits: then *M is it and *NEG
   its sign.  */
SCM_INTERNAL int scm_i_bignum_to_u64 (SCM x, uint64_t *m, int *neg);
SCM_INTERNAL int scm_i_int_sign (SCM x);
SCM_INTERNAL int scm_i_int_odd_p (SCM x);
/* The number of bits of |X|.  */
SCM_INTERNAL uint64_t scm_i_int_magnitude_bits (SCM x);
/* -1, 0 or 1.  */
SCM_INTERNAL int scm_i_int_cmp (SCM x, SCM y);
/* The sign of A*B - C*D, whatever the size limit (the products are
   temporaries).  */
SCM_INTERNAL int scm_i_int_cmp_products (SCM a, SCM b, SCM c, SCM d);
/* Bignums X and Y are equal.  */
SCM_INTERNAL int scm_i_bignum_equal (SCM x, SCM y);
SCM_INTERNAL uint64_t scm_i_int_hash (SCM x);
SCM_INTERNAL SCM scm_i_int_add (SCM x, SCM y, const char *who);
SCM_INTERNAL SCM scm_i_int_sub (SCM x, SCM y, const char *who);
SCM_INTERNAL SCM scm_i_int_mul (SCM x, SCM y, const char *who);
SCM_INTERNAL SCM scm_i_int_negate (SCM x, const char *who);
SCM_INTERNAL SCM scm_i_int_abs (SCM x, const char *who);
/* Quotient and remainder of X by nonzero Y, truncated or (FLOOR_P)
   floored; Q or R may be NULL.  */
SCM_INTERNAL void scm_i_int_divide (SCM x, SCM y, int floor_p, SCM *q,
                                    SCM *r, const char *who);
/* Non-negative.  */
SCM_INTERNAL SCM scm_i_int_gcd (SCM x, SCM y, const char *who);
SCM_INTERNAL SCM scm_i_int_expt (SCM base, uint64_t e, const char *who);
/* S and R of K >= 0, K = S^2 + R; R may be NULL.  */
SCM_INTERNAL void scm_i_int_sqrtrem (SCM k, SCM *s, SCM *r);
/* X rounded to the nearest double, ties to even (an infinity past the
   range).  */
SCM_INTERNAL double scm_i_int_to_double (SCM x);
/* Finite integral D as an exact integer.  */
SCM_INTERNAL SCM scm_i_int_from_double (double d);
/* Exact comparison of X with D: -1, 0, 1, or 2 if D is a NaN.  */
SCM_INTERNAL int scm_i_int_cmp_double (SCM x, double d);
/* The digits of X in RADIX, with a '-' if negative, NUL-terminated,
   length in *LENP.  */
SCM_INTERNAL char *scm_i_int_to_chars (SCM x, unsigned radix,
                                       size_t *lenp);
/* The exact integer of the digits S[FROM..TO) (valid in RADIX),
   negated if NEG; TOKEN is the irritant of the size error.  */
SCM_INTERNAL SCM scm_i_int_from_digits (const uint32_t *s, size_t from,
                                        size_t to, unsigned radix, int neg,
                                        const char *who, SCM token);
/* floor (X * 2^COUNT).  */
SCM_INTERNAL SCM scm_i_int_ash (SCM x, int64_t count, const char *who);
/* OP 0, 1, 2: AND, inclusive OR, exclusive OR, in two's complement.  */
SCM_INTERNAL SCM scm_i_int_logop (int op, SCM x, SCM y);
SCM_INTERNAL uint64_t scm_i_int_logcount (SCM x);
SCM_INTERNAL uint64_t scm_i_int_length (SCM x);
SCM_INTERNAL int scm_i_int_bit_p (SCM x, uint64_t k);
SCM_INTERNAL int64_t scm_i_int_first_set_bit (SCM x);

/* ------------------------------------------------------------------ */
/* Ratnums (ratnums.c): exact non-integer rationals, NUM/DEN in lowest
   terms, DEN > 1.  The scm_i_q_* functions take exact rationals
   (integers or ratnums) and return them, integers when they are.  */

static inline int
scm_i_is_ratnum (SCM x)
{
  return scm_has_tc8 (x, scm_tc8_ratnum);
}
#define SCM_I_RATNUM_NUM(x) SCM_CELL_OBJECT (x, 1)
#define SCM_I_RATNUM_DEN(x) SCM_CELL_OBJECT (x, 2)

/* N/D in lowest terms, an integer if D divides N; D is not zero.  */
SCM_INTERNAL SCM scm_i_make_ratio (SCM n, SCM d, const char *who);
SCM_INTERNAL SCM scm_i_q_numerator (SCM x);
SCM_INTERNAL SCM scm_i_q_denominator (SCM x);
SCM_INTERNAL SCM scm_i_q_add (SCM x, SCM y, const char *who);
SCM_INTERNAL SCM scm_i_q_sub (SCM x, SCM y, const char *who);
SCM_INTERNAL SCM scm_i_q_mul (SCM x, SCM y, const char *who);
/* Y is not zero.  */
SCM_INTERNAL SCM scm_i_q_div (SCM x, SCM y, const char *who);
SCM_INTERNAL SCM scm_i_q_negate (SCM x, const char *who);
SCM_INTERNAL int scm_i_q_sign (SCM x);
SCM_INTERNAL int scm_i_q_cmp (SCM x, SCM y);
SCM_INTERNAL SCM scm_i_q_expt (SCM base, uint64_t e, const char *who);
enum scm_i_q_rounding
{
  SCM_I_Q_FLOOR, SCM_I_Q_CEILING, SCM_I_Q_TRUNCATE, SCM_I_Q_ROUND
};
/* X rounded to an integer; ROUND goes to even at a half.  */
SCM_INTERNAL SCM scm_i_q_round (SCM x, enum scm_i_q_rounding how);
/* The double nearest X, ties to even (subnormals and infinities
   included).  */
SCM_INTERNAL double scm_i_q_to_double (SCM x);
/* The exact value of finite D.  */
SCM_INTERNAL SCM scm_i_q_from_double (double d);
/* The simplest rational in [LO, HI].  */
SCM_INTERNAL SCM scm_i_q_simplest_between (SCM lo, SCM hi);
/* The hash of ratnum X.  */
SCM_INTERNAL uint64_t scm_i_q_hash (SCM x);

/* ------------------------------------------------------------------ */
/* Complex numbers (complex.c), non-real: a header and two parts, the
   real and the imaginary.  An inexact one holds two doubles (its
   imaginary part may be 0.0: 1.0+0.0i is not real); an exact one,
   flagged SCM_I_COMPLEX_EXACT, two exact rationals, the imaginary part
   never zero.  Both kinds share the type code, so that the arithmetic
   fast paths test for complex numbers once.  */

#define SCM_I_COMPLEX_EXACT 1

static inline int
scm_i_is_complex (SCM x)
{
  return scm_has_tc8 (x, scm_tc8_complex);
}
static inline int
scm_i_is_exact_complex (SCM x)
{
  return scm_i_is_complex (x) && (SCM_OBJ_FLAGS (x) & SCM_I_COMPLEX_EXACT);
}
static inline int
scm_i_is_inexact_complex (SCM x)
{
  return scm_i_is_complex (x) && !(SCM_OBJ_FLAGS (x) & SCM_I_COMPLEX_EXACT);
}
/* The parts of an inexact complex number.  */
#define SCM_I_COMPLEX_REAL(x) (*(double *) (SCM_UNPACK_POINTER (x) + 1))
#define SCM_I_COMPLEX_IMAG(x) (*(double *) (SCM_UNPACK_POINTER (x) + 2))
/* The parts of an exact one.  */
#define SCM_I_EXACT_COMPLEX_REAL(x) SCM_CELL_OBJECT (x, 1)
#define SCM_I_EXACT_COMPLEX_IMAG(x) SCM_CELL_OBJECT (x, 2)

/* RE + IM i, inexact: complex even if IM is zero.  */
SCM_INTERNAL SCM scm_i_make_complex (double re, double im);
/* The complex number of magnitude MAG and angle ANG, inexact.  */
SCM_INTERNAL SCM scm_i_make_polar (double mag, double ang);
/* RE + IM i for exact rationals RE and IM: RE if IM is zero.  */
SCM_INTERNAL SCM scm_i_make_exact_complex (SCM re, SCM im);
/* The real and imaginary parts of number Z (exact 0 for a real's).  */
SCM_INTERNAL SCM scm_i_real_part (SCM z);
SCM_INTERNAL SCM scm_i_imag_part (SCM z);
/* Complex Z as an exact number (WHO raises for an infinite or NaN
   part), and as an inexact one.  */
SCM_INTERNAL SCM scm_i_complex_to_exact (SCM z, const char *who);
SCM_INTERNAL SCM scm_i_complex_to_inexact (SCM z);
/* The square root of exact Z (a negative real or an exact complex
   number): exact if it is, else inexact.  */
SCM_INTERNAL SCM scm_i_exact_complex_sqrt (SCM z);
/* Exact complex BASE to the power of exact integer EXPONENT.  */
SCM_INTERNAL SCM scm_i_exact_complex_expt (SCM base, SCM exponent);
/* X OP Y, OP one of + - * /, for numbers of which one at least is
   complex.  */
SCM_INTERNAL SCM scm_i_complex_arith (int op, SCM x, SCM y);
SCM_INTERNAL SCM scm_i_complex_negate (SCM z);
/* (= X Y) for numbers of which one at least is complex.  */
SCM_INTERNAL int scm_i_complex_num_eq (SCM x, SCM y);
/* (eqv? X Y) for complex X and Y.  */
SCM_INTERNAL int scm_i_complex_eqv (SCM x, SCM y);
enum scm_i_complex_fn
{
  SCM_I_CEXP, SCM_I_CLOG, SCM_I_CSQRT, SCM_I_CSIN, SCM_I_CCOS, SCM_I_CTAN,
  SCM_I_CASIN, SCM_I_CACOS, SCM_I_CATAN
};
/* FN of number Z in the complex plane (principal values); a real Z
   beyond [-1, 1] for asin and acos is taken on the side of the cut
   that R7RS's formulas give.  */
SCM_INTERNAL SCM scm_i_complex_function (enum scm_i_complex_fn fn, SCM z);
/* The logarithm of Z in BASE, numbers.  */
SCM_INTERNAL SCM scm_i_complex_log2 (SCM z, SCM base);
/* BASE to the power EXPONENT, numbers not both real (or a negative real
   base and a non-integer exponent).  */
SCM_INTERNAL SCM scm_i_complex_expt (SCM base, SCM exponent);

/* A real number (fixnum, bignum, ratnum or flonum) as a double.  */
static inline double
scm_i_real_to_double (SCM x)
{
  if (SCM_FIXNUM_P (x))
    return (double) SCM_FIXNUM_VALUE (x);
  if (scm_is_flonum (x))
    return SCM_FLONUM_VALUE (x);
  return scm_i_q_to_double (x);
}

/* Nonzero if doubles A and B are eqv? (eq.c): the same bits, or both
   NaNs.  */
SCM_INTERNAL int scm_i_double_eqv (double a, double b);

/* The shortest decimal text of D that reads back as D, always with a
   point or an exponent ("1.0", "0.1", "-0.0", "1e21", "+inf.0",
   "+nan.0"), NUL-terminated in BUF.  Returns its length.  */
#define SCM_I_FLONUM_CHARS_MAX 40
SCM_INTERNAL size_t scm_i_format_flonum (double d,
                                         char buf[SCM_I_FLONUM_CHARS_MAX]);

#endif /* SCM_NUMBERS_INTERNAL_H */
