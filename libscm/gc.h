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

/* Whether the collector scans the static data (writable globals) of
   the loaded library NAME for pointers to Scheme objects.  NAME is the
   library's file or base name ("libfoo", "libfoo.so.1",
   "/usr/lib/libfoo.so.1": compared up to ".so").  By default every
   object is scanned except those known never to hold a pointer into the
   heap: libc, libm, libpthread, libdl, librt, the dynamic loader,
   libgcc_s, GMP, libunistring, readline, libhistory, the terminal
   library and libgc itself.  The main program is always scanned.  An
   embedder that stores SCM values in the globals of one of those (say,
   an allocator it hooked into GMP) turns it back on with SCAN nonzero.
   Takes effect at the next collection; thread-safe; call before or
   after scm_init.  Returns 0, or -1 if NAME is empty or too long (63
   characters) or memory ran out.  Raises no error.
   SCM_GC_SCAN_ALL_LIBRARIES=1 in the environment scans everything.  */
SCM_API int scm_c_gc_scan_library (const char *name, int scan);
/* Nonzero if the library NAME is scanned (as above).  */
SCM_API int scm_c_gc_library_scanned_p (const char *name);

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
  /* Nonzero: libgc's parallel marker threads start at the first
     collection (at a safe point after it), not in scm_init, so that a
     short program never creates them; creating them costs at least
     50 us, and as much as a scheduler time slice on a loaded machine.
     Only for a program that registers no thread of its own with libscm
     (scm_init or scm_with_guile from a thread libscm did not create)
     before the first collection; a thread libscm creates is always
     fine.  The scm program sets it.  */
  int defer_markers;
  /* Nonzero: leave the heap in the system's base pages.  By default
     each heap section past the first 8 MiB of heap is advised to the
     kernel as transparent huge pages (madvise), so that a growing heap
     takes one page fault per 2 MiB instead of one per 4 KiB; the
     environment variable SCM_GC_HUGE_PAGES=0 also turns it off.  */
  int small_pages;
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

/* SIZE bytes of collected memory, cleared, that the collector scans
   for pointers (a C struct holding SCM values), freed once nothing
   points to it; scm_gc_malloc_pointerless: memory it does not scan
   (text, numbers), not cleared.  Guile's: WHAT names the use and is
   not kept.  Both count against a sandbox's allocation limit and
   raise out-of-memory.  */
SCM_API void *scm_gc_malloc (size_t size, const char *what);
SCM_API void *scm_gc_malloc_pointerless (size_t size, const char *what);

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
