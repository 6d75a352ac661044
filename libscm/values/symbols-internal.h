/* symbols-internal.h -- interning for the library's own callers
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_SYMBOLS_INTERNAL_H
#define SCM_SYMBOLS_INTERNAL_H

#include "runtime/scm-internal.h"

/* The interned symbol named CHARS[0..LEN) (Unicode scalar values),
   made if there is none.  Allocates nothing when the symbol exists: the
   reader's path.  Raises out-of-memory.  */
SCM_INTERNAL SCM scm_i_intern_ucs4 (const uint32_t *chars, size_t len);

/* A hash of SYM's name, the same in every run and for every symbol of
   that name (the core module's table, built at build time, uses it).  */
SCM_INTERNAL size_t scm_i_symbol_name_hash (SCM sym);

/* The precompiled prelude's symbols, a read-only table of CAP slots
   (symbols or 0) laid out by scm_i_static_symbol_slot, COUNT used:
   they become the canonical symbols of their names.  Called first of
   all at init (image.c).  */
SCM_INTERNAL void scm_i_set_static_symbols (const scm_t_bits *table,
                                            size_t cap, size_t count);
/* The free slot SYM takes in TABLE (for the generator).  */
SCM_INTERNAL size_t scm_i_static_symbol_slot (const scm_t_bits *table,
                                              size_t cap, SCM sym);

#endif /* SCM_SYMBOLS_INTERNAL_H */
