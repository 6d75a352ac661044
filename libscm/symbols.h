/* symbols.h -- symbols and the symbol table
   SPDX-License-Identifier: LGPL-3.0-or-later

   A symbol is a header and a pointer to its name's stringbuf.  The
   symbol table is shared by every instance and thread (mutex-protected);
   static symbols from snarfing are entered at init, before any other.  */

#ifndef SCM_SYMBOLS_H
#define SCM_SYMBOLS_H

#include <libscm/scm.h>

static inline int scm_is_symbol (SCM x) { return scm_has_tc8 (x, scm_tc8_symbol); }

SCM_API SCM scm_from_utf8_symbol (const char *str);
SCM_API SCM scm_from_utf8_symboln (const char *str, size_t len);
SCM_API SCM scm_from_latin1_symbol (const char *str);
SCM_API SCM scm_symbol_p (SCM obj);
SCM_API SCM scm_symbol_to_string (SCM sym);
SCM_API SCM scm_string_to_symbol (SCM str);
SCM_API SCM scm_string_to_uninterned_symbol (SCM str);
SCM_API SCM scm_symbol_interned_p (SCM sym);
SCM_API SCM scm_symbol_equal_p (SCM s1, SCM rest);
SCM_API SCM scm_gensym (SCM prefix);
/* The number of symbols in the table (tests, statistics).  */
SCM_API size_t scm_c_symbol_count (void);

#endif /* SCM_SYMBOLS_H */
