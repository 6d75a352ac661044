/* scm-internal.h -- what every file of the library includes after scm.h
   SPDX-License-Identifier: LGPL-3.0-or-later

   The one internal header: configuration (config.h), BDW-GC set up for
   threads, allocation, internal assertions.  Never installed.  */

#ifndef SCM_SCM_INTERNAL_H
#define SCM_SCM_INTERNAL_H

#include <config.h>

/* Before gc.h: threads created by the embedder may call into libscm.  */
#ifndef GC_THREADS
# define GC_THREADS 1
#endif
#include <gc/gc.h>
#include <gc/gc_inline.h>

#include <libscm/scm.h>
#include <libscm/snarf.h>
#include <libscm/vectors.h>

#ifdef SCM_DEBUG
# include <assert.h>
# define SCM_ASSERT_INTERNAL(e) assert (e)
#else
# define SCM_ASSERT_INTERNAL(e) ((void) 0)
#endif

/* The GC-heap forms of scm_c_condition_text and scm_c_write_to_utf8
   (conditions.c, print.c), for the library's own messages; and a
   malloc'd copy of STR, what the API returns (raises out-of-memory).  */
SCM_INTERNAL char *scm_i_condition_text (SCM obj);
SCM_INTERNAL char *scm_i_write_to_utf8 (SCM obj);
SCM_INTERNAL char *scm_i_malloc_copy (const char *str);

/* "argument out of range in position POS": VALUE (conditions.c); the
   library's own form of Guile's scm_out_of_range_pos, with a C
   position.  */
SCM_INTERNAL void scm_i_out_of_range (const char *who, int pos, SCM value)
  SCM_NORETURN;

/* ------------------------------------------------------------------ */
/* Allocation (gc.c).  Both raise a catchable out-of-memory error rather
   than return NULL.  */

/* The slow path of a failed allocation of BYTES of libgc's KIND: collect
   and try once more; raise out-of-memory if that fails too.  libgc
   itself does not collect again once an allocation has failed under
   its heap limit (or with mmap refused) until one succeeds, so without
   this the memory a caught error dropped would never come back.  */
SCM_INTERNAL void *scm_i_alloc_retry (size_t bytes, int kind);
/* Bound the heap below an address-space limit; by scm_init, last.  */
SCM_INTERNAL void scm_i_init_heap_bound (void);
/* The heap limit in force (scm_c_set_max_heap_size, or the one below an
   address-space limit), in bytes; 0 if none.  */
SCM_INTERNAL size_t scm_i_max_heap_size (void);

/* Allocation budgets (eval-limits.c): nonzero while an evaluation has one;
   an allocation of SCM_I_LARGE_ALLOC bytes or more checks it first, so
   that a single large object cannot overshoot the budget (small ones
   are counted by the watchdog's polling).  scm_i_alloc_atomic checks
   (strings, bytevectors, bignums); scm_i_alloc does not, since the
   check in the VM's inlined allocations cost 8-10% on fib and tak
   (register pressure in vm_run): the constructors of large pointerful
   objects (vectors, hash tables) call scm_i_note_alloc themselves.  */
SCM_INTERNAL extern volatile int scm_i_alloc_budgets;
SCM_INTERNAL void scm_i_check_alloc_budget (size_t bytes);
#define SCM_I_LARGE_ALLOC 8192

static inline void
scm_i_note_alloc (size_t bytes)
{
  if (SCM_UNLIKELY (bytes >= SCM_I_LARGE_ALLOC) && scm_i_alloc_budgets)
    scm_i_check_alloc_budget (bytes);
}

/* BYTES of memory that the GC scans for pointers, zeroed.
   GC_malloc_kind takes libgc's thread-local free lists: no lock.  */
static inline void *
scm_i_alloc (size_t bytes)
{
  void *p = GC_malloc_kind (bytes, GC_I_NORMAL);
  if (SCM_UNLIKELY (p == NULL))
    p = scm_i_alloc_retry (bytes, GC_I_NORMAL);
  return p;
}

/* BYTES that the GC never scans: characters, flonums, limbs.  Not
   zeroed.  */
static inline void *
scm_i_alloc_atomic (size_t bytes)
{
  scm_i_note_alloc (bytes);
  void *p = GC_malloc_kind (bytes, GC_I_PTRFREE);
  if (SCM_UNLIKELY (p == NULL))
    p = scm_i_alloc_retry (bytes, GC_I_PTRFREE);
  return p;
}

/* Literal constants (literals.c).  */

/* Set up the pair kind of literal constants; by scm_init_gc.  */
SCM_INTERNAL void scm_i_init_literals (void);
SCM_INTERNAL void scm_i_init_gc_roots (void);
/* Nonzero if heap pair PAIR is part of a literal constant.  */
SCM_INTERNAL int scm_i_is_immutable_pair (SCM pair);
/* The literal constant that datum X stands for in code: X itself if it
   is one already, otherwise an immutable copy with the same sharing
   and cycles, and no alias left in it.  */
SCM_INTERNAL SCM scm_i_literal (SCM x);
/* Nonzero if bytevectors A and B (checked) hold the same bytes
   (bytevectors.c).  */
SCM_INTERNAL int scm_i_bytevector_equal (SCM a, SCM b);

/* Raise the error of a mutator WHO given OBJ, part of a literal
   constant.  */
SCM_INTERNAL void scm_i_refuse_literal (SCM obj, const char *who)
  SCM_NORETURN;
/* Raise an error naming WHO unless argument POS, PAIR, is a mutable
   pair.  */
SCM_INTERNAL void scm_i_mutable_pair_arg (SCM pair, int pos, const char *who);

/* Nonzero if vector V (checked) is part of a literal constant.  */
static inline int
scm_i_is_immutable_vector (SCM v)
{
  return (SCM_HEADER_FLAGS (SCM_HEADER (v)) & SCM_VECTOR_FLAG_IMMUTABLE) != 0;
}

/* A new object of WORDS words whose header is HEADER.  */
static inline SCM
scm_i_make_object (scm_t_bits header, size_t words)
{
  scm_t_bits *p = scm_i_alloc (words * sizeof (scm_t_bits));
  p[0] = header;
  return SCM_PACK_POINTER (p);
}

/* Keep X visible to the collector up to this point.  With interior
   pointers off, a loop that walks an object through a derived pointer
   while it allocates must hold the object itself until it is done: the
   compiler may otherwise keep only the moving pointer.  */
static inline void
scm_i_keep_alive (SCM x)
{
  __asm__ volatile ("" : : "g" (SCM_UNPACK (x)) : "memory");
}

/* Run HOOK at the end of every collection's mark phase, with libgc's
   allocation lock held and the world stopped, before the sweep: the
   place to clear weak entries whose object is unmarked (GC_is_marked).
   A hook must not allocate, lock or raise.  At most 8 hooks; call
   during initialisation only.  */
SCM_INTERNAL void scm_i_add_mark_end_hook (void (*hook) (void));

/* Record that a collection pushed BYTES of VM stacks as roots (called
   by the VM's root pusher, lock held, world stopped): the allocation
   that the next collection waits for grows with them, as libgc's own
   does with the thread stacks it scans.  */
SCM_INTERNAL void scm_i_gc_note_vm_stacks (size_t bytes);

/* Header flags of object X.  */
#define SCM_OBJ_FLAGS(x) SCM_HEADER_FLAGS (SCM_HEADER (x))
/* The header flag of a record type (records.c); the VM's MAKE_RECORD
   compares a whole header with it.  */
#define SCM_I_RECORD_FLAG_TYPE 0x01
#define SCM_OBJ_PAYLOAD(x) SCM_HEADER_PAYLOAD (SCM_HEADER (x))

/* Zero the dead C stack below the caller (gc.c), so that stale
   pointers there do not keep garbage alive.  */
SCM_INTERNAL void scm_i_clear_dead_stack (void);

#endif /* SCM_SCM_INTERNAL_H */
