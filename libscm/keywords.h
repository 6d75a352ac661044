/* keywords.h -- keywords (#:foo), interned like symbols
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_KEYWORDS_H
#define SCM_KEYWORDS_H

#include <libscm/scm.h>

static inline int scm_is_keyword (SCM x) { return scm_has_tc8 (x, scm_tc8_keyword); }

SCM_API SCM scm_keyword_p (SCM obj);
SCM_API SCM scm_keyword_to_symbol (SCM kw);
SCM_API SCM scm_from_utf8_keyword (const char *str);

#endif /* SCM_KEYWORDS_H */
