/* hashtables.h -- hash tables (Guile's API) and the hash functions
   SPDX-License-Identifier: LGPL-3.0-or-later

   A hash table maps keys to values.  Guile's procedures name the
   equality they use: hashq-* (eq?), hashv-* (eqv?), hash-* (equal?);
   a table does not remember which was used, so use one family per
   table.  A table also has an equality of its own, set when it is
   made (equal? for make-hash-table), which SRFI 69 and SRFI 125 use.
   A weak-key table drops an entry once its key is otherwise
   unreachable.

   Tables are safe to share between threads: each has a lock, held only
   inside the C primitives and never while a Scheme procedure runs.  A
   sequence of operations is not atomic.

   Every function here raises wrong-type-arg for an argument of the
   wrong type, and out-of-memory when memory runs out.  */

#ifndef SCM_HASHTABLES_H
#define SCM_HASHTABLES_H

#include <libscm/scm.h>

static inline int
scm_is_hash_table (SCM x)
{
  return scm_has_tc8 (x, scm_tc8_hashtable);
}

/* A new equal?-keyed table with room for about SIZE entries.  */
SCM_API SCM scm_c_make_hash_table (size_t size);

SCM_API SCM scm_make_hash_table (SCM size);
SCM_API SCM scm_make_weak_key_hash_table (SCM size);
SCM_API SCM scm_hash_table_p (SCM obj);
SCM_API SCM scm_hash_clear_x (SCM table);

/* DFLT may be SCM_UNDEFINED (not given): #f.  */
SCM_API SCM scm_hashq_ref (SCM table, SCM key, SCM dflt);
SCM_API SCM scm_hashq_set_x (SCM table, SCM key, SCM value);
SCM_API SCM scm_hashq_remove_x (SCM table, SCM key);
SCM_API SCM scm_hashq_get_handle (SCM table, SCM key);
SCM_API SCM scm_hashq_create_handle_x (SCM table, SCM key, SCM init);
SCM_API SCM scm_hashv_ref (SCM table, SCM key, SCM dflt);
SCM_API SCM scm_hashv_set_x (SCM table, SCM key, SCM value);
SCM_API SCM scm_hashv_remove_x (SCM table, SCM key);
SCM_API SCM scm_hashv_get_handle (SCM table, SCM key);
SCM_API SCM scm_hashv_create_handle_x (SCM table, SCM key, SCM init);
SCM_API SCM scm_hash_ref (SCM table, SCM key, SCM dflt);
SCM_API SCM scm_hash_set_x (SCM table, SCM key, SCM value);
SCM_API SCM scm_hash_remove_x (SCM table, SCM key);
SCM_API SCM scm_hash_get_handle (SCM table, SCM key);
SCM_API SCM scm_hash_create_handle_x (SCM table, SCM key, SCM init);

/* The number of entries of TABLE (of a weak table: whose keys are
   alive).  */
SCM_API size_t scm_c_hash_table_count (SCM table);

/* Hash functions.  The C ones return a value in [0, N) for N > 0; the
   Scheme ones take an optional size (an exact positive integer) and
   without it return a value in [0, 2^32).  equal?-equal objects hash
   alike, and so do numbers that are =.  The hash of a structure looks
   at a bounded part of it, so it ends on circular and deep ones.  */
SCM_API unsigned long scm_ihashq (SCM obj, unsigned long n);
SCM_API unsigned long scm_ihashv (SCM obj, unsigned long n);
SCM_API unsigned long scm_ihash (SCM obj, unsigned long n);
SCM_API SCM scm_hashq (SCM obj, SCM size);
SCM_API SCM scm_hashv (SCM obj, SCM size);
SCM_API SCM scm_hash (SCM obj, SCM size);
SCM_API SCM scm_equal_hash (SCM obj);
SCM_API SCM scm_string_hash (SCM str, SCM size, SCM start, SCM end);
SCM_API SCM scm_string_ci_hash (SCM str, SCM size, SCM start, SCM end);
SCM_API SCM scm_symbol_hash (SCM sym, SCM size);

#endif /* SCM_HASHTABLES_H */
