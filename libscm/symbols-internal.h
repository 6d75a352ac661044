/* symbols-internal.h -- interning for the library's own callers
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_SYMBOLS_INTERNAL_H
#define SCM_SYMBOLS_INTERNAL_H

#include "scm-internal.h"

/* The interned symbol named CHARS[0..LEN) (Unicode scalar values),
   made if there is none.  Allocates nothing when the symbol exists: the
   reader's path.  Raises out-of-memory.  */
SCM_INTERNAL SCM scm_i_intern_ucs4 (const uint32_t *chars, size_t len);

#endif /* SCM_SYMBOLS_INTERNAL_H */
