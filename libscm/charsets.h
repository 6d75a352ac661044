/* charsets.h -- SRFI 14 character sets over all of Unicode
   SPDX-License-Identifier: LGPL-3.0-or-later

   A char-set is a set of Unicode scalar values, kept as a sorted list
   of disjoint half-open ranges of code points (an inversion list), so
   that a set as large as char-set:letter takes a few kilobytes and a
   membership test is a binary search.  The standard sets
   (char-set:letter ...) are computed from the Unicode general
   categories of libunistring once per process, on first use, and are
   immutable: the linear-update procedures (char-set-adjoin! ...) raise
   an error when given one.  Procedures have Guile's names and
   signatures; those that take a procedure are in the prelude.  */

#ifndef SCM_CHARSETS_H
#define SCM_CHARSETS_H

#include <stdint.h>
#include <libscm/scm.h>

/* Nonzero if X is a char-set.  */
SCM_API int scm_is_char_set (SCM x);
/* Nonzero if the char-set CS (checked) contains the character C.  */
SCM_API int scm_c_char_set_contains (SCM cs, uint32_t c);

SCM_API SCM scm_char_set_p (SCM obj);
SCM_API SCM scm_char_set (SCM chars);
SCM_API SCM scm_char_set_contains_p (SCM cs, SCM chr);
SCM_API SCM scm_char_set_size (SCM cs);
SCM_API SCM scm_list_to_char_set (SCM chars, SCM base);
SCM_API SCM scm_string_to_char_set (SCM str, SCM base);
SCM_API SCM scm_ucs_range_to_char_set (SCM lower, SCM upper, SCM error,
                                       SCM base);
SCM_API SCM scm_to_char_set (SCM x);
SCM_API SCM scm_char_set_to_list (SCM cs);
SCM_API SCM scm_char_set_to_string (SCM cs);
SCM_API SCM scm_char_set_complement (SCM cs);
SCM_API SCM scm_char_set_union (SCM sets);
SCM_API SCM scm_char_set_intersection (SCM sets);
SCM_API SCM scm_char_set_difference (SCM cs1, SCM sets);
SCM_API SCM scm_char_set_xor (SCM sets);

#endif /* SCM_CHARSETS_H */
