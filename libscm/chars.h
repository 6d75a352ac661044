/* chars.h -- characters (immediates holding a Unicode scalar value)
   SPDX-License-Identifier: LGPL-3.0-or-later

   A character is any Unicode scalar value: 0 to #x10FFFF except the
   surrogates #xD800 to #xDFFF.  Classification and case follow Unicode
   (libunistring), not only ASCII.  The procedures taking SCM arguments
   raise wrong-type-arg for a non-character; the scm_c_ functions raise
   nothing.  */

#ifndef SCM_CHARS_H
#define SCM_CHARS_H

#include <libscm/scm.h>

static inline int scm_is_char (SCM x) { return SCM_CHARP (x); }

/* Nonzero if C is a Unicode scalar value, which a character may hold.  */
static inline int
scm_c_is_scalar_value (uint32_t c)
{
  return c <= SCM_CODEPOINT_MAX && (c < 0xd800 || c > 0xdfff);
}

SCM_API SCM scm_char_p (SCM obj);
SCM_API SCM scm_char_to_integer (SCM chr);
/* Raises out-of-range for a surrogate or a value past #x10FFFF.  */
SCM_API SCM scm_integer_to_char (SCM n);

/* char=? char<? char>? char<=? char>=? and their -ci variants: two or
   more characters, REST the list of the others.  */
SCM_API SCM scm_char_eq_p (SCM chr1, SCM chr2, SCM rest);
SCM_API SCM scm_char_less_p (SCM chr1, SCM chr2, SCM rest);
SCM_API SCM scm_char_gr_p (SCM chr1, SCM chr2, SCM rest);
SCM_API SCM scm_char_leq_p (SCM chr1, SCM chr2, SCM rest);
SCM_API SCM scm_char_geq_p (SCM chr1, SCM chr2, SCM rest);
SCM_API SCM scm_char_ci_eq_p (SCM chr1, SCM chr2, SCM rest);
SCM_API SCM scm_char_ci_less_p (SCM chr1, SCM chr2, SCM rest);
SCM_API SCM scm_char_ci_gr_p (SCM chr1, SCM chr2, SCM rest);
SCM_API SCM scm_char_ci_leq_p (SCM chr1, SCM chr2, SCM rest);
SCM_API SCM scm_char_ci_geq_p (SCM chr1, SCM chr2, SCM rest);

SCM_API SCM scm_char_alphabetic_p (SCM chr);
SCM_API SCM scm_char_numeric_p (SCM chr);
SCM_API SCM scm_char_whitespace_p (SCM chr);
SCM_API SCM scm_char_upper_case_p (SCM chr);
SCM_API SCM scm_char_lower_case_p (SCM chr);
SCM_API SCM scm_digit_value (SCM chr);
SCM_API SCM scm_char_upcase (SCM chr);
SCM_API SCM scm_char_downcase (SCM chr);
SCM_API SCM scm_char_foldcase (SCM chr);

/* The simple (one character to one character) Unicode case mappings of
   scalar value C: uppercase, lowercase, case folding.  */
SCM_API uint32_t scm_c_upcase (uint32_t c);
SCM_API uint32_t scm_c_downcase (uint32_t c);
SCM_API uint32_t scm_c_foldcase (uint32_t c);

/* The R7RS name of character C, for the printer: "null", "alarm",
   "backspace", "tab", "newline", "return", "escape", "space" or
   "delete"; NULL if C has none (hex forms like x3BB are the caller's
   business).  */
SCM_API const char *scm_c_char_name (uint32_t c);
/* The character named NAME (case-sensitive), or -1: the R7RS names
   above and the aliases "nul", "linefeed", "vtab", "page", "esc",
   "altmode" and "rubout".  */
SCM_API int32_t scm_c_char_by_name (const char *name);

#endif /* SCM_CHARS_H */
