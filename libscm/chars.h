/* chars.h -- characters (immediates holding a Unicode scalar value)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_CHARS_H
#define SCM_CHARS_H

#include <libscm/scm.h>

static inline int scm_is_char (SCM x) { return SCM_CHARP (x); }

SCM_API SCM scm_char_p (SCM obj);
SCM_API SCM scm_char_to_integer (SCM chr);
SCM_API SCM scm_integer_to_char (SCM n);
/* The R7RS name of character C ("space", "x3bb" style hex for others
   without a name is not included): NULL if it has none.  */
SCM_API const char *scm_c_char_name (uint32_t c);
/* The character named NAME (R7RS names and a few aliases), or -1.  */
SCM_API int32_t scm_c_char_by_name (const char *name);

#endif /* SCM_CHARS_H */
