/* numbers-internal.h -- what numbers.c shares with number-syntax.c and
   transcendental.c
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_NUMBERS_INTERNAL_H
#define SCM_NUMBERS_INTERNAL_H

#include "scm-internal.h"
#include <libscm/numbers.h>

/* The errors of arithmetic.  WHO names the procedure, IRRITANTS are its
   operands.  The first three have the kind implementation-restriction:
   the result is a valid number that this build cannot represent.  */

/* An exact integer beyond the fixnum range (no bignums yet).  */
SCM_INTERNAL void scm_i_integer_overflow (const char *who, SCM irritants)
  SCM_NORETURN;
/* An exact rational that is not an integer (no ratnums yet).  */
SCM_INTERNAL void scm_i_ratio_unsupported (const char *who, SCM irritants)
  SCM_NORETURN;
/* A non-real complex number.  */
SCM_INTERNAL void scm_i_complex_unsupported (const char *who, SCM irritants)
  SCM_NORETURN;
/* Exact division by zero, kind divide-by-zero.  */
SCM_INTERNAL void scm_i_divide_by_zero (const char *who, SCM irritants)
  SCM_NORETURN;
/* An infinity or a NaN where an exact number is wanted, kind
   out-of-range.  */
SCM_INTERNAL void scm_i_no_exact_value (const char *who, SCM irritants)
  SCM_NORETURN;

/* The operands of a failed operation, for its irritants: (X Y), or (X)
   when Y is not given.  */
SCM_INTERNAL SCM scm_i_operands (SCM x, SCM y);
/* Raise wrong-type-arg unless X (argument POS of WHO) is a number, or a
   real number.  */
SCM_INTERNAL void scm_i_check_number (const char *who, int pos, SCM x);
SCM_INTERNAL void scm_i_check_real (const char *who, int pos, SCM x);

/* A flonum or fixnum as a double (X must be one of them).  */
static inline double
scm_i_real_to_double (SCM x)
{
  return SCM_FIXNUM_P (x) ? (double) SCM_FIXNUM_VALUE (x)
    : SCM_FLONUM_VALUE (x);
}

/* The shortest decimal text of D that reads back as D, always with a
   point or an exponent ("1.0", "0.1", "-0.0", "1e21", "+inf.0",
   "+nan.0"), NUL-terminated in BUF.  Returns its length.  */
#define SCM_I_FLONUM_CHARS_MAX 40
SCM_INTERNAL size_t scm_i_format_flonum (double d,
                                         char buf[SCM_I_FLONUM_CHARS_MAX]);

#endif /* SCM_NUMBERS_INTERNAL_H */
