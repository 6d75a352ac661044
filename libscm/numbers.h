/* numbers.h -- fixnums and flonums (bignums and ratnums come later)
   SPDX-License-Identifier: LGPL-3.0-or-later

   A flonum is a header and an IEEE double: 16 bytes, atomic.  Fixnum
   arithmetic that overflows 62 bits raises a clear error until bignums
   exist.  */

#ifndef SCM_NUMBERS_H
#define SCM_NUMBERS_H

#include <libscm/scm.h>

static inline int scm_is_flonum (SCM x) { return scm_has_tc8 (x, scm_tc8_flonum); }
#define SCM_FLONUM_VALUE(x) (*(double *) (SCM_UNPACK_POINTER (x) + 1))

SCM_API SCM scm_from_double (double d);
SCM_API double scm_to_double (SCM x);
SCM_API SCM scm_from_int64 (int64_t n);
SCM_API int64_t scm_to_int64 (SCM x);
SCM_API SCM scm_from_long (long n);
SCM_API long scm_to_long (SCM x);
SCM_API SCM scm_from_size_t (size_t n);
SCM_API size_t scm_to_size_t (SCM x);
SCM_API int scm_is_number (SCM x);
SCM_API int scm_is_exact_integer (SCM x);

SCM_API SCM scm_number_p (SCM x);
SCM_API SCM scm_integer_p (SCM x);
SCM_API SCM scm_exact_p (SCM x);
SCM_API SCM scm_inexact_p (SCM x);
SCM_API SCM scm_sum (SCM x, SCM y);
SCM_API SCM scm_difference (SCM x, SCM y);
SCM_API SCM scm_product (SCM x, SCM y);
SCM_API SCM scm_divide (SCM x, SCM y);
SCM_API SCM scm_num_eq_p (SCM x, SCM y);
SCM_API SCM scm_less_p (SCM x, SCM y);
/* Parse the number in CHARS[0..LEN) in RADIX (2, 8, 10, 16; prefixes
   #x #e ... override it).  Return #f if it is not a number's syntax.
   Raises an implementation-restriction error for a valid number this
   build cannot represent yet (an exact integer past 62 bits).  */
SCM_API SCM scm_c_parse_number (const uint32_t *chars, size_t len,
                                unsigned radix);
/* The external representation of number N in RADIX, a fresh string.  */
SCM_API SCM scm_number_to_string (SCM n, SCM radix);
SCM_API SCM scm_string_to_number (SCM str, SCM radix);

#endif /* SCM_NUMBERS_H */
