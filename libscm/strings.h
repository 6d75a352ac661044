/* strings.h -- strings over stringbufs
   SPDX-License-Identifier: LGPL-3.0-or-later

   A string is a header and a pointer to a stringbuf, which holds the
   characters: one byte each (Latin-1, "narrow") while every character
   is below 256, four (UCS-4, "wide") otherwise, so string-ref is O(1).
   Literals are immutable: procedures that would modify one raise an
   error naming themselves.  Procedures raise wrong-type-arg for an
   argument of the wrong type and out-of-range for an index, start or
   end outside the string, naming themselves and the argument's
   position.  */

#ifndef SCM_STRINGS_H
#define SCM_STRINGS_H

#include <libscm/scm.h>

static inline int scm_is_string (SCM x) { return scm_has_tc8 (x, scm_tc8_string); }

/* Conversions.  LEN is in bytes (UTF-8, Latin-1) or characters
   (UTF-32); (size_t) -1 means NUL-terminated.  Invalid UTF-8 (overlong,
   surrogate, past #x10FFFF, truncated) or a UTF-32 value that is not a
   scalar value raises a decoding-error.  An impossible length raises
   out-of-memory.  */
SCM_API SCM scm_from_utf8_stringn (const char *str, size_t len);
SCM_API SCM scm_from_utf8_string (const char *str);
SCM_API SCM scm_from_latin1_stringn (const char *str, size_t len);
SCM_API SCM scm_from_latin1_string (const char *str);
SCM_API SCM scm_from_utf32_stringn (const uint32_t *str, size_t len);
/* A NUL-terminated UTF-8 copy of STR in memory from malloc, which the
   caller must free (as in Guile); *LENP (if not NULL) gets its length
   in bytes (the string may contain NUL characters).  Raises
   wrong-type-arg if STR is not a string.  */
SCM_API char *scm_to_utf8_stringn (SCM str, size_t *lenp);
/* A NUL-terminated UTF-8 copy of STR in memory from malloc, which the
   caller must free (as in Guile).  Raises wrong-type-arg if STR is not
   a string, and an error of kind encoding-error if STR contains the
   character U+0000, which the C string could not show.  */
SCM_API char *scm_to_utf8_string (SCM str);
SCM_API size_t scm_c_string_length (SCM str);
SCM_API uint32_t scm_c_string_ref (SCM str, size_t k);
SCM_API int scm_is_immutable_string (SCM str);

SCM_API SCM scm_string_p (SCM obj);
SCM_API SCM scm_make_string (SCM k, SCM chr);
SCM_API SCM scm_string (SCM chars);
SCM_API SCM scm_string_length (SCM str);
SCM_API SCM scm_string_ref (SCM str, SCM k);
SCM_API SCM scm_string_set_x (SCM str, SCM k, SCM chr);
SCM_API SCM scm_substring (SCM str, SCM start, SCM end);
SCM_API SCM scm_string_append (SCM strings);
SCM_API SCM scm_string_copy (SCM str, SCM start, SCM end);
SCM_API SCM scm_string_to_list (SCM str, SCM start, SCM end);
SCM_API SCM scm_list_to_string (SCM chars);
SCM_API SCM scm_string_fill_x (SCM str, SCM chr, SCM start, SCM end);
SCM_API SCM scm_string_copy_x (SCM to, SCM at, SCM from, SCM start, SCM end);
SCM_API SCM scm_string_to_vector (SCM str, SCM start, SCM end);
SCM_API SCM scm_vector_to_string (SCM vec, SCM start, SCM end);

/* Full Unicode case mappings (libunistring), in no particular language:
   the result may be longer or shorter than STR ("\xDF" upcases to
   "SS").  */
SCM_API SCM scm_string_upcase (SCM str);
SCM_API SCM scm_string_downcase (SCM str);
/* The same of the characters START..END of STR (SRFI 13; either may be
   SCM_UNDEFINED): the primitives string-upcase and string-downcase.  */
SCM_API SCM scm_substring_upcase (SCM str, SCM start, SCM end);
SCM_API SCM scm_substring_downcase (SCM str, SCM start, SCM end);
SCM_API SCM scm_string_foldcase (SCM str);
/* Unicode normalization forms C, D, KC and KD (new strings).  */
SCM_API SCM scm_string_normalize_nfc (SCM str);
SCM_API SCM scm_string_normalize_nfd (SCM str);
SCM_API SCM scm_string_normalize_nfkc (SCM str);
SCM_API SCM scm_string_normalize_nfkd (SCM str);

/* Comparisons of two or more strings, REST the list of the others:
   lexicographic by scalar value; the -ci ones compare the strings
   folded by string-foldcase.  */
SCM_API SCM scm_string_equal_p (SCM s1, SCM s2, SCM rest);
SCM_API SCM scm_string_less_p (SCM s1, SCM s2, SCM rest);
SCM_API SCM scm_string_gr_p (SCM s1, SCM s2, SCM rest);
SCM_API SCM scm_string_leq_p (SCM s1, SCM s2, SCM rest);
SCM_API SCM scm_string_geq_p (SCM s1, SCM s2, SCM rest);
SCM_API SCM scm_string_ci_equal_p (SCM s1, SCM s2, SCM rest);
SCM_API SCM scm_string_ci_less_p (SCM s1, SCM s2, SCM rest);
SCM_API SCM scm_string_ci_gr_p (SCM s1, SCM s2, SCM rest);
SCM_API SCM scm_string_ci_leq_p (SCM s1, SCM s2, SCM rest);
SCM_API SCM scm_string_ci_geq_p (SCM s1, SCM s2, SCM rest);

#endif /* SCM_STRINGS_H */
