/* hashtab-internal.h -- a small eq?-keyed table for the library itself
   SPDX-License-Identifier: LGPL-3.0-or-later

   Open addressing over a GC-scanned array of (key, value) words; keys
   are compared with eq? and hashed by address (objects never move).
   Not thread-safe: the owner locks if it is shared.  Scheme-visible hash
   tables will be a separate type.

   A table whose keys are all symbols may hash them by name instead: its
   layout is then the same in every run, so it can be built at build
   time and linked in as read-only data (the core module's, which the
   precompiled prelude holds).  Such a table is read-only: the first
   change copies it to the heap, where it hashes by address.  */

#ifndef SCM_HASHTAB_INTERNAL_H
#define SCM_HASHTAB_INTERNAL_H

#include "runtime/scm-internal.h"

struct scm_i_eqtab
{
  scm_t_bits *slots;            /* 2 * capacity words: key, value */
  size_t capacity;              /* a power of 2 */
  size_t count;
  unsigned char by_name;        /* keys are symbols, hashed by name */
  unsigned char read_only;      /* SLOTS is static: copy before a change */
};

SCM_INTERNAL void scm_i_eqtab_init (struct scm_i_eqtab *t, size_t capacity);
/* A read-only table over static SLOTS, laid out by name hash (the
   writer of the precompiled prelude uses scm_i_eqtab_name_slot).  */
SCM_INTERNAL void scm_i_eqtab_init_static (struct scm_i_eqtab *t,
                                           const scm_t_bits *slots,
                                           size_t capacity, size_t count);
/* Where KEY (a symbol) goes in SLOTS, laid out by name hash: its slot,
   or the empty one it would take.  */
SCM_INTERNAL size_t scm_i_eqtab_name_slot (const scm_t_bits *slots,
                                           size_t capacity, SCM key);
/* The value for KEY, or DFLT.  */
SCM_INTERNAL SCM scm_i_eqtab_ref (struct scm_i_eqtab *t, SCM key, SCM dflt);
SCM_INTERNAL void scm_i_eqtab_set (struct scm_i_eqtab *t, SCM key, SCM value);
/* The same, but return -1 instead of raising when memory runs out (for
   callers that hold a lock), else 0.  */
SCM_INTERNAL int scm_i_eqtab_try_set (struct scm_i_eqtab *t, SCM key,
                                      SCM value);

/* Make room for N more keys in T at once (one table, not one per
   doubling); -1 if memory ran out (T is unchanged), else 0.  */
SCM_INTERNAL int scm_i_eqtab_try_reserve (struct scm_i_eqtab *t, size_t n);

/* Mix the bits of word W into a hash.  */
static inline size_t
scm_i_hash_word (scm_t_bits w)
{
  w ^= w >> 33;
  w *= (scm_t_bits) 0xff51afd7ed558ccdULL;
  w ^= w >> 33;
  return (size_t) w;
}

#endif /* SCM_HASHTAB_INTERNAL_H */
