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
/* BYTES that the GC scans for pointers, NOT zeroed: for a large object
   whose maker fills every word at once, in a loop that polls for
   interrupts.  libgc's clearing of a large block is one memset that no
   interrupt can cut short (and that takes the block's page faults):
   the fill does both instead.  Until it is filled, stale words in the
   block can only keep garbage alive; an interrupt drops the block.  */
SCM_INTERNAL void *scm_i_alloc_uncleared (size_t bytes);
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
SCM_INTERNAL void scm_i_poll_alloc_budget (void);
#define SCM_I_LARGE_ALLOC 8192

/* Bytes the calling thread has allocated on the collected heap through
   scm_i_alloc & co and its VM's free lists (counted a block at a time
   there).  Written by its own thread only, without a lock; allocation
   budgets (eval-limits.c) read it, per thread, so that what one thread
   allocates never counts against another's evaluation.  Initial-exec
   TLS: one add, no __tls_get_addr call, on the allocation path.  */
SCM_INTERNAL extern __thread size_t scm_i_thread_allocated
  __attribute__ ((tls_model ("initial-exec")));

/* Nonzero while the calling thread is in scm_without_guile (threads.c):
   C code that enters Scheme then goes through GC_call_with_gc_active;
   outside, a thread with a VM is attached and active already.  */
SCM_INTERNAL extern __thread unsigned scm_i_thread_blocking
  __attribute__ ((tls_model ("initial-exec")));

/* A large object is being made: counted for the spacing of
   collections (gc.c), and checked against an allocation budget.  */
SCM_INTERNAL void scm_i_note_large_alloc (size_t bytes);

static inline void
scm_i_note_alloc (size_t bytes)
{
  if (SCM_UNLIKELY (bytes >= SCM_I_LARGE_ALLOC))
    scm_i_note_large_alloc (bytes);
}

/* BYTES of memory that the GC scans for pointers, zeroed.
   GC_malloc_kind takes libgc's thread-local free lists: no lock.  */
static inline void *
scm_i_alloc (size_t bytes)
{
  scm_i_thread_allocated += bytes;
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
  scm_i_thread_allocated += bytes;
  void *p = GC_malloc_kind (bytes, GC_I_PTRFREE);
  if (SCM_UNLIKELY (p == NULL))
    p = scm_i_alloc_retry (bytes, GC_I_PTRFREE);
  return p;
}

/* Inline allocation from free lists of a thread's own (gc.c).  The VM
   keeps one set in its struct: popping an object off a list is a load,
   a test and a store, where GC_malloc_kind costs a call through the
   PLT, a thread-local lookup (__tls_get_addr, since libgc is a shared
   library) and its kind dispatch, about 50 instructions.  The lists are
   filled as libgc fills its own thread-local ones, a block's worth at a
   time (GC_generic_malloc_many), and libgc counts a batch's bytes as
   allocated when it hands it over, which is what allocation budgets
   (eval-limits.c) read.  List I < SCM_I_FL_NORMAL holds objects of
   I + 1 granules (16 bytes each) of libgc's NORMAL kind, zeroed except
   their first word, the link; list SCM_I_FL_PTRFREE holds pointer-free
   objects of one granule (flonums).  Only the thread that owns the set
   pops or fills it; the collector reads it (scm_i_fl_push_marks).  */
#define SCM_I_FL_NORMAL 8
#define SCM_I_FL_PTRFREE SCM_I_FL_NORMAL
#define SCM_I_FL_COUNT (SCM_I_FL_NORMAL + 1)
#if GC_GRANULE_BYTES != 16
# error "the free lists assume libgc's 16-byte granules"
#endif

struct scm_i_freelists
{
  void *head[SCM_I_FL_COUNT];
  /* Bytes this set has taken one object at a time for each list,
     before the list takes a whole block: a size that a thread uses
     little does not cost it a block (libgc's own lists do the same).
     It also keeps start-up's allocation what it was.  */
  uint32_t direct[SCM_I_FL_COUNT];
};

/* The list of objects of WORDS words (at most 2 * SCM_I_FL_NORMAL).  */
static inline unsigned
scm_i_fl_index (size_t words)
{
  return (unsigned) ((words + 1) / 2 - 1);
}

/* The first object of NORMAL list I, taken off it, or NULL if it is
   empty.  */
static inline void *
scm_i_fl_pop (struct scm_i_freelists *fl, unsigned i)
{
  void *p = fl->head[i];
  if (SCM_LIKELY (p != NULL))
    fl->head[i] = *(void **) p;
  return p;
}

/* What scm_i_fl_pop does when list I is empty: refill it and return
   its first object, or return one allocated by itself.  May collect;
   raises out-of-memory like scm_i_alloc (so the VM syncs first).  */
SCM_INTERNAL void *scm_i_fl_refill (struct scm_i_freelists *fl, unsigned i);

/* An object of NORMAL list I: popped, or from scm_i_fl_refill.  Its
   first word is garbage (the link), the others are zero.  */
static inline void *
scm_i_fl_alloc (struct scm_i_freelists *fl, unsigned i)
{
  void *p = scm_i_fl_pop (fl, i);
  return SCM_LIKELY (p != NULL) ? p : scm_i_fl_refill (fl, i);
}

/* The same from the pointer-free list, for an object whose first word
   the caller sets to a header.  The compiler barrier keeps the store
   of the new head before that header: were the header written first, a
   collection stopping the thread in between would find the list cut at
   this object (scm_i_fl_push_marks stops at a header), and the objects
   after it, whose links it never scans, would be freed while listed.
   (A NORMAL list needs no barrier: the next object's address is in a
   register until the head is stored, and its link is scanned.)  */
static inline void *
scm_i_fl_alloc_ptrfree (struct scm_i_freelists *fl)
{
  void *p = fl->head[SCM_I_FL_PTRFREE];
  if (SCM_UNLIKELY (p == NULL))
    return scm_i_fl_refill (fl, SCM_I_FL_PTRFREE);
  fl->head[SCM_I_FL_PTRFREE] = *(void **) p;
  __asm__ __volatile__ ("" : : : "memory");
  return p;
}

/* For the collector, while it pushes its roots with the world stopped:
   mark every object of FL's pointer-free list.  Its links are in
   objects the collector does not scan, so it would find only the
   first; the NORMAL lists need nothing, their links being scanned.  */
SCM_INTERNAL void scm_i_fl_push_marks (struct scm_i_freelists *fl);

/* The bytes of the objects FL holds unused (gc.c); and those of the
   calling thread's VM, 0 if it has none (vm.c).  */
SCM_INTERNAL size_t scm_i_fl_unused_bytes (const struct scm_i_freelists *fl);
SCM_INTERNAL size_t scm_i_vm_unused_fl_bytes (void);

/* Literal constants (literals.c).  */

/* Set up the pair kind of literal constants; by scm_init_gc.  */
SCM_INTERNAL void scm_i_init_literals (void);
SCM_INTERNAL void scm_i_init_gc_roots (void);
/* Nonzero if heap pair PAIR is part of a literal constant.  */
SCM_INTERNAL int scm_i_is_immutable_pair (SCM pair);
/* The static block of the image's libraries' writable objects, set by
   image.c at init ([0, 0) without one): a pair there is a library's
   state (a promise made at load time), not a constant.  */
SCM_INTERNAL extern uintptr_t scm_i_image_writable_lo, scm_i_image_writable_hi;
/* How many core variables in the static data the collector leaves out
   hold a pointer into its heap: 0, or those values could be collected
   while in use (the check of the debug builds and of test-gc, through
   gc-stats; image.c).  */
SCM_INTERNAL size_t scm_i_image_unscanned_heap_refs (void);
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

/* What a top-level evaluation ends with, once it has returned to its
   host: clear the dead C stack (scm_i_clear_dead_stack), and after a
   stack overflow collect and, if most of the heap is free (the records
   of the recursion, garbage now), give its pages back to the
   kernel.  */
SCM_INTERNAL void scm_i_end_toplevel_eval (void);
/* Called by scm_i_end_toplevel_eval first, when not NULL: the
   compiler's report of the variables still unbound (compile/warnings.c
   sets it).  Raises no error.  */
SCM_INTERNAL extern void (*scm_i_toplevel_end_hook) (void);

/* The REPL of this thread starts waiting for an input (AWAITING
   nonzero), which it evaluates next, or has stopped waiting (zero).
   Starting drops a request to interrupt made before, with nothing
   running; while it waits, the top-level evaluation that starts keeps
   a request made since (vm.c), so that a Ctrl-C between the reading of
   a line and its evaluation interrupts that evaluation.  Returns the
   previous state, for a nested loop to restore.  */
SCM_INTERNAL int scm_i_await_input (int awaiting);

/* Header flags of object X.  */
#define SCM_OBJ_FLAGS(x) SCM_HEADER_FLAGS (SCM_HEADER (x))
/* The header flag of a record type (records.c); the VM's MAKE_RECORD
   compares a whole header with it.  */
#define SCM_I_RECORD_FLAG_TYPE 0x01
#define SCM_OBJ_PAYLOAD(x) SCM_HEADER_PAYLOAD (SCM_HEADER (x))

/* Zero the dead C stack below the caller (gc.c), so that stale
   pointers there do not keep garbage alive.  */
SCM_INTERNAL void scm_i_clear_dead_stack (void);
/* The same at a normal return to a host (scm_c_call_with_limits), but
   only once the thread has allocated 1 MiB since it last cleared: what
   stale pointers could keep alive is then bounded, and a host that
   crosses the boundary a million times with small bodies pays no
   system call (mincore) and no 64 KiB memset each time.  Raises still
   clear every time (throw.c).  */
SCM_INTERNAL void scm_i_clear_dead_stack_after_return (void);

/* The multiple-values object (eval.c).  */
static inline int scm_i_is_values (SCM x) { return scm_has_tc8 (x, scm_tc8_values); }

#endif /* SCM_SCM_INTERNAL_H */
