/* gc.h -- the garbage collector: initialisation, statistics, control
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_GC_H
#define SCM_GC_H

#include <libscm/scm.h>

/* Collect now.  Raises no error.  */
SCM_API SCM scm_gc (void);
/* An association list of heap statistics: heap-size, heap-free,
   bytes-allocated (since start), gc-count, gc-time-ms, static-roots
   (bytes), and the mode: free-space-divisor, incremental (#t/#f).  */
SCM_API SCM scm_gc_stats (void);

/* The bytes of static data (writable segments of the program and its
   libraries, less their RELRO parts) that the collector scans for
   roots.  Raises no error.  */
SCM_API size_t scm_c_static_root_bytes (void);

/* Let the heap grow to at most BYTES (0: no limit, libgc's default);
   past it an allocation raises a catchable out-of-memory error instead
   of taking more memory from the system.  May be called at any time,
   before or after scm_init; a limit below the current heap size holds
   the heap where it is.  Raises no error.  */
SCM_API void scm_c_set_max_heap_size (size_t bytes);

/* GC modes an embedder may choose before (or instead of) the libgc
   environment variables.  Call before scm_init; raises no error.  */
struct scm_gc_options
{
  int free_space_divisor;       /* 0: libgc's default (3) or $GC_FREE_SPACE_DIVISOR */
  int incremental;              /* nonzero: incremental collection */
  int generational;             /* nonzero: incremental with no pause target */
};
SCM_API void scm_set_gc_options (const struct scm_gc_options *options);

/* Keep OBJ alive while C code holds it where the collector does not
   look (malloc'd memory, a C static of a library that libgc does not
   scan).  Calls nest: OBJ stays protected until unprotected as many
   times as it was protected.  Both return OBJ; thread-safe; they raise
   out-of-memory only.  */
SCM_API SCM scm_gc_protect_object (SCM obj);
SCM_API SCM scm_gc_unprotect_object (SCM obj);
/* Protect OBJ for ever and return it (Guile's).  */
SCM_API SCM scm_permanent_object (SCM obj);

/* Keep OBJ (and OBJ2) visible to the collector up to this point of the
   calling function, for code that goes on using memory reached through
   OBJ (a foreign object's malloc'd data that its finalizer frees, a
   string's characters) after its last use of OBJ itself: without it
   the compiler may drop OBJ early and a collection finalize it.  Costs
   no instruction.  */
static inline void
scm_remember_upto_here_1 (SCM obj)
{
  __asm__ volatile ("" : : "g" (SCM_UNPACK (obj)) : "memory");
}

static inline void
scm_remember_upto_here_2 (SCM obj1, SCM obj2)
{
  scm_remember_upto_here_1 (obj1);
  scm_remember_upto_here_1 (obj2);
}

#endif /* SCM_GC_H */
