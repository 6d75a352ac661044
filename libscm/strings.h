/* strings.h -- strings over stringbufs
   SPDX-License-Identifier: LGPL-3.0-or-later

   A string is a header and a pointer to a stringbuf, which holds the
   characters: one byte each (Latin-1, "narrow") while every character
   is below 256, four (UCS-4, "wide") otherwise, so string-ref is O(1).
   Literals are immutable.  */

#ifndef SCM_STRINGS_H
#define SCM_STRINGS_H

#include <libscm/scm.h>

static inline int scm_is_string (SCM x) { return scm_has_tc8 (x, scm_tc8_string); }

/* Conversions.  LEN is in bytes; (size_t) -1 means NUL-terminated.
   Invalid UTF-8 raises a decoding error.  */
SCM_API SCM scm_from_utf8_stringn (const char *str, size_t len);
SCM_API SCM scm_from_utf8_string (const char *str);
SCM_API SCM scm_from_latin1_stringn (const char *str, size_t len);
SCM_API SCM scm_from_latin1_string (const char *str);
SCM_API SCM scm_from_utf32_stringn (const uint32_t *str, size_t len);
/* A NUL-terminated UTF-8 copy of STR on the GC heap; *LENP (if not NULL)
   gets its length in bytes.  */
SCM_API char *scm_to_utf8_stringn (SCM str, size_t *lenp);
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
SCM_API SCM scm_string_equal_p (SCM s1, SCM rest);

#endif /* SCM_STRINGS_H */
