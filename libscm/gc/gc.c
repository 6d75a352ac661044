/* gc.c -- BDW-GC set-up, allocation, (gc) and (gc-stats)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"
#include "gc/finalizers-internal.h"
#include "vm/vm-internal.h"
#include <libscm/finalizers.h>

#include <gc/gc_mark.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include "gc/gc-pauses-internal.h"
#include "gc/huge-pages-internal.h"
#include "gc/static-roots-internal.h"
#include <libscm/gc.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/pairs.h>
#include <libscm/numbers.h>
#include <libscm/symbols.h>
#include <libscm/throw.h>

/* Options set by scm_set_gc_options before scm_init.  Written once,
   before any thread runs Scheme, then only read.  */
static struct scm_gc_options gc_options;

void
scm_set_gc_options (const struct scm_gc_options *options)
{
  gc_options = *options;
}

/* The embedder's limit (0: none) and the one an address-space limit
   imposes (0: none), which scm_i_init_heap_bound works out.  */
static size_t max_heap_asked, max_heap_for_rlimit;

static void
apply_max_heap_size (void)
{
  size_t bytes = scm_i_max_heap_size ();
  /* libgc's own "no limit" is its largest word; 0 means that here, as
     it does for the environment variable GC_MAXIMUM_HEAP_SIZE.  */
  GC_set_max_heap_size (bytes != 0 ? bytes : ~(GC_word) 0);
}

size_t
scm_i_max_heap_size (void)
{
  size_t bytes = max_heap_asked;
  if (max_heap_for_rlimit != 0 && (bytes == 0 || bytes > max_heap_for_rlimit))
    bytes = max_heap_for_rlimit;
  return bytes;
}

void
scm_c_set_max_heap_size (size_t bytes)
{
  max_heap_asked = bytes;
  apply_max_heap_size ();
}

/* libgc's own limit, from its environment variable GC_MAXIMUM_HEAP_SIZE
   (which GC_INIT has applied), counts as the embedder's: the size
   checks that refuse an impossible request before libgc is asked
   (scm_i_max_heap_size) must know it.  */
static void
adopt_environment_heap_limit (void)
{
  const char *text = getenv ("GC_MAXIMUM_HEAP_SIZE");
  if (text == NULL || max_heap_asked != 0)
    return;
  char *end;
  unsigned long long bytes = strtoull (text, &end, 10);
  if (end != text && *end == '\0' && bytes > 0 && bytes <= SIZE_MAX)
    max_heap_asked = (size_t) bytes;
}

/* libgc warns on stderr when it cannot get memory ("Out of Memory!
   Heap size: ... Returning NULL!") and when the heap cannot grow; the
   library then raises a catchable out-of-memory error itself, so those
   warnings are noise before a message that says it.  "Repeated
   allocation of very large block" is about blocks over blacklisted
   pages, which large vectors, strings and bignums legitimately get: a
   program that builds big data printed it, to a user who can do
   nothing about it.  Other warnings go to the warning procedure that
   was there before.  */
static GC_warn_proc previous_warn_proc;

static void GC_CALLBACK
filter_gc_warning (char *msg, GC_word arg)
{
  if (strstr (msg, "Out of Memory") != NULL
      || strstr (msg, "Failed to expand heap") != NULL
      || strstr (msg, "Repeated allocation of very large block") != NULL)
    return;
  previous_warn_proc (msg, arg);
}

/* Under an address-space limit (RLIMIT_AS, `ulimit -v'), libgc would
   grow the heap until mmap is refused.  By then no address space is
   left for what must still be mapped after a caught out-of-memory
   error: libgc's block headers and mark stack, the VM stack's pages,
   malloc by GMP (which aborts when it fails) and libunistring.  The
   memory the error freed could then not be handed out again, and the
   program dies anyway.  So the heap is held to three quarters of the
   address space still free once the library is set up (the VM stack's
   reservation is mapped by then), which turns running into the limit
   into running into the heap limit, which is recoverable.  */
void
scm_i_init_heap_bound (void)
{
  struct rlimit rl;
  if (getrlimit (RLIMIT_AS, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
    return;
  long pages = 0;
  FILE *f = fopen ("/proc/self/statm", "r");
  if (f != NULL)
    {
      if (fscanf (f, "%ld", &pages) != 1)
        pages = 0;
      fclose (f);
    }
  size_t mapped = (size_t) pages * (size_t) sysconf (_SC_PAGESIZE);
  if (pages <= 0 || (size_t) rl.rlim_cur <= mapped)
    return;
  size_t room = (size_t) rl.rlim_cur - mapped;
  max_heap_for_rlimit = GC_get_heap_size () + room / 4 * 3;
  apply_max_heap_size ();
}

/* ------------------------------------------------------------------ */
/* Allocation: the fast paths are inline in scm-internal.h.  */

static int return_free_heap (void);

void (*scm_i_toplevel_end_hook) (void);

void
scm_i_end_toplevel_eval (void)
{
  if (scm_i_toplevel_end_hook != NULL)
    scm_i_toplevel_end_hook ();
  scm_i_clear_dead_stack ();
  /* Only now is the recursion's heap unreachable: until the host had
     the result, dead C frames of the evaluation still pointed into it
     (60 MB stayed live when this ran at the VM's outermost return).  */
  if (scm_i_vm_overflow_over_p (0) && return_free_heap ())
    scm_i_vm_overflow_over_p (1);
}

__thread size_t scm_i_thread_allocated __attribute__ ((tls_model ("initial-exec")));

/* libgc (8.2) collects before it grows the heap only while the bytes
   allocated since the last collection justify one; once growing fails
   it counts the failure and, with its default of no retries, returns
   NULL at once for every request until one succeeds.  After a runaway
   allocation was caught, the dead data fills the heap, the next request
   finds the free lists empty, too little has been allocated to call for
   a collection, and it fails again: the memory never came back.  A full
   collection here, before the error is raised, is what returns it.  It
   costs one extra collection per failure, nothing on the fast path.  */
/* libgc's own never-stop function (its default, which scm_init_gc
   reads): libgc compares the stop function of a collection with it,
   and for any other function it first sweeps every block its lazy
   sweep has not reached yet (GC_reclaim_all: 67,000 instructions of
   each of string's collections, 15%) and marks without its parallel
   markers.  A collection with it is one that an interrupt does not
   abandon (stop_for_interrupt below), such as the one that must run
   before out-of-memory is raised.  */
static GC_stop_func libgc_never_stop;

static void
full_collection (void)
{
  GC_try_to_collect (libgc_never_stop);
}

void *
scm_i_alloc_retry (size_t bytes, int kind)
{
  full_collection ();
  void *p = GC_malloc_kind (bytes, kind);
  if (p == NULL)
    scm_out_of_memory (NULL, bytes);
  return p;
}

/* After a stack overflow: collect, and give the free heap's pages
   back if most of it is free (nonzero then).  */
static int
return_free_heap (void)
{
  /* libgc unmaps a block only some collections after one found it
     free (and it sweeps lazily: the free bytes show at the second): in
     a test after a runaway recursion, one call gave back nothing, three
     gave back 262 MB of the 262 MB free (RSS 301 MB to 45 MB).  Full
     collections, once an overflow, the last two only if most of the
     heap is free.  */
  scm_i_settle_huge_pages ();
  GC_gcollect_and_unmap ();
  GC_gcollect_and_unmap ();
  if (GC_get_free_bytes () < GC_get_heap_size () / 2)
    return 0;
  GC_gcollect_and_unmap ();
  GC_gcollect_and_unmap ();
  return 1;
}

/* The size of the objects of free list I.  */
static inline size_t
fl_object_bytes (unsigned i)
{
  return (i == SCM_I_FL_PTRFREE ? 1 : i + 1) * GC_GRANULE_BYTES;
}

/* A list takes objects one at a time through GC_malloc_kind until it
   has taken this many bytes, then a block's worth at a time.  */
#define FL_DIRECT_BYTES 4096

/* Objects of two words, pairs above all, are of a kind of their own
   whose mark procedure pushes the second word before the first, so
   that the first is marked first.  libgc's own scan of a NORMAL object
   pushes its words in order: the mark of a list took the cdr first and
   left each element (the car) on the mark stack below the rest of the
   list, a mark stack as deep as the list.  libgc's stack starts at 4,096
   entries and doubles once per collection that overflowed it, and each
   overflow rescans the heap: paraffins (a list of 5.7 million vectors
   at size 23) overflowed it 15,000 times in 13 collections and spent
   two thirds of its instructions in libgc.  Car first, the element is
   marked and popped before the list goes on: a list takes one entry
   whatever its length.  */
static int two_word_kind;

/* An entry of libgc's mark stack as libgc lays it out (gc_pmark.h: the
   object's address, then its descriptor); gc_mark.h leaves the type
   opaque to clients; libgc 7 and 8 lay it out so (mse_start,
   mse_descr).  */
struct mark_entry
{
  void *start;
  GC_word descr;
};

/* Pairs a call of mark_two_words marks at most: libgc assumes that a
   mark procedure's call does a bounded amount of work (GC_PROC_BYTES).  */
#define MARK_PAIRS_PER_CALL 64

/* Push the cdr, then the car, of the two-word object at ADDR.  */
static inline struct GC_ms_entry *
push_two_words (GC_word *addr, struct GC_ms_entry *msp,
                struct GC_ms_entry *limit)
{
  msp = GC_MARK_AND_PUSH ((void *) addr[1], msp, limit, (void **) &addr[1]);
  return GC_MARK_AND_PUSH ((void *) addr[0], msp, limit, (void **) &addr[0]);
}

/* mark_two_words' loop, once the entry on top of the mark stack, TOP,
   is a pair that it pushed (above BOTTOM): pop it and mark it here, and
   so on while that holds.  Apart, so that the call that pushes no pair
   (a list's element that is a vector, a pair whose fields are marked
   already) saves none of the registers the loop needs.  */
static struct GC_ms_entry * __attribute__ ((noinline))
mark_pair_run (struct mark_entry *top, struct mark_entry *bottom,
               struct GC_ms_entry *limit, GC_word descr)
{
  for (unsigned n = 1;; n++)
    {
      GC_word *addr = top->start;
      struct GC_ms_entry *msp
        = push_two_words (addr, (struct GC_ms_entry *) (top - 1), limit);
      top = (struct mark_entry *) msp;
      if (top <= bottom || top->descr != descr || n == MARK_PAIRS_PER_CALL)
        return msp;
    }
}

/* A call pushes the cdr, then the car.  If the entry on top of the mark
   stack is then a pair that it pushed (the car if it was an unmarked
   pair, else the cdr if that was), that pair is marked at once rather
   than popped by libgc's marking loop: the same order of marking (the
   stack's last entry first), without the loop's dispatch and this
   procedure's call for each pair (mark_pair_run).  Entries below where
   the stack stood at the call are not this call's (and after an
   overflow, libgc drops entries, which the test catches too).  ENV is
   this procedure's own index among libgc's mark procedures
   (init_two_word_kind), from which the pairs' descriptor follows
   without a static variable.  */
static struct GC_ms_entry *
mark_two_words (GC_word *addr, struct GC_ms_entry *msp,
                struct GC_ms_entry *limit, GC_word env)
{
  struct mark_entry *bottom = (struct mark_entry *) msp;
  msp = push_two_words (addr, msp, limit);
  struct mark_entry *top = (struct mark_entry *) msp;
  GC_word descr = GC_MAKE_PROC (env, env);
  if (top <= bottom || top->descr != descr)
    return msp;
  return mark_pair_run (top, bottom, limit, descr);
}

static void
init_two_word_kind (void)
{
  unsigned proc = GC_new_proc (mark_two_words);
  two_word_kind = (int) GC_new_kind (GC_new_free_list (),
                                     GC_MAKE_PROC (proc, proc), 0, 1);
}

void *
scm_i_fl_refill (struct scm_i_freelists *fl, unsigned i)
{
  int kind = i == SCM_I_FL_PTRFREE ? GC_I_PTRFREE
    : i == 0 ? two_word_kind : GC_I_NORMAL;
  size_t bytes = fl_object_bytes (i);
  if (SCM_UNLIKELY (scm_i_alloc_budgets))
    scm_i_poll_alloc_budget ();
  if (fl->direct[i] < FL_DIRECT_BYTES)
    {
      fl->direct[i] += bytes;
      scm_i_thread_allocated += bytes;
      void *p = GC_malloc_kind (bytes, kind);
      return SCM_LIKELY (p != NULL) ? p : scm_i_alloc_retry (bytes, kind);
    }
  /* libgc stores the list in the head itself, where the collector sees
     it at once; a NULL head means it could not allocate.  A failure is
     retried once after a full collection, as scm_i_alloc_retry does,
     and never from GC_malloc_kind: near the heap limit libgc's own
     lists may still hold a few objects, and taking them one at a time,
     a full collection each, made a runaway allocation take a minute to
     fail instead of a second.  */
  GC_generic_malloc_many (bytes, kind, &fl->head[i]);
  if (SCM_UNLIKELY (fl->head[i] == NULL))
    {
      full_collection ();
      GC_generic_malloc_many (bytes, kind, &fl->head[i]);
      if (fl->head[i] == NULL)
        scm_out_of_memory (NULL, bytes);
    }
  /* The batch counts as this thread's, by a walk of what is about to
     be used anyway (a block's worth, a few hundred objects at most),
     but only while some evaluation has an allocation budget: the walk
     costs 1.2% of gcbench's instructions.  A budget armed later counts
     from the counter's value then, and so misses at most the batches
     the thread's lists held at that moment.  */
  if (SCM_UNLIKELY (scm_i_alloc_budgets))
    {
      size_t n = 0;
      for (void *q = fl->head[i]; q != NULL; q = *(void **) q)
        n++;
      scm_i_thread_allocated += n * bytes;
    }
  else
    /* A block's worth, about: what scm_i_clear_dead_stack_after_return
       needs to know.  */
    scm_i_thread_allocated += 4096;
  void *p = fl->head[i];
  fl->head[i] = *(void **) p;
  return p;
}

/* The bytes of the objects FL holds and has not handed out yet: libgc
   counted them as allocated when it gave the lists a block, so
   (gc-stats) takes them off again for the calling thread's own set.
   Only the owner may walk its lists.  */
size_t
scm_i_fl_unused_bytes (const struct scm_i_freelists *fl)
{
  size_t total = 0;
  for (unsigned i = 0; i < SCM_I_FL_COUNT; i++)
    {
      size_t bytes = fl_object_bytes (i);
      for (void *p = fl->head[i]; p != NULL; p = *(void **) p)
        total += bytes;
    }
  return total;
}

/* In incremental mode libgc may push roots with the world running, and
   then again with it stopped, which is when the walk must be complete
   (libgc marks its own lists only then).  While the owner runs, it may
   pop the object the walk is at and write its header over the link: a
   header has its low bit set (scm.h) and no link does, so the walk
   stops there rather than follow it.  */
void
scm_i_fl_push_marks (struct scm_i_freelists *fl)
{
  void *volatile *link = &fl->head[SCM_I_FL_PTRFREE];
  for (;;)
    {
      GC_push_all_eager ((void *) link, (void *) (link + 1));
      void *next = *link;
      if (next == NULL || ((uintptr_t) next & (GC_GRANULE_BYTES - 1)) != 0)
        break;
      link = next;
    }
}

/* Zero the C stack just below the caller's frame.  The collector scans
   the live C stack conservatively, and a frame pushed later leaves its
   unused slots as they were: a pointer that a finished evaluation left
   there (a huge list) would stay alive until other calls overwrite it.
   The REPL calls this between evaluations, a catch after a raise.
   Only pages that were ever touched can hold such a pointer: the
   others are not resident, and zeroing them would only fault them in
   (13 page faults and 65,000 instructions of every scm start), so
   mincore tells which to clear.  The clearing descends in frames of a
   small array each (no frame over 4 KiB: a thread may have a 64 KiB
   stack), and only while the next frame lies in resident pages: below
   the deepest page a thread ever touched comes its guard page, or
   another mapping, which it must not write.  */
#define DEAD_STACK_BYTES (64 * 1024)
#define DEAD_STACK_PAGE 4096
#define DEAD_STACK_CHUNK 3072
/* A normal return clears only after this many bytes were allocated
   since the last clearing (scm_i_clear_dead_stack_after_return).  */
#define DEAD_STACK_AFTER_BYTES (1024 * 1024)

struct dead_stack
{
  char *base;                   /* page-aligned low end of the range */
  unsigned char resident[DEAD_STACK_BYTES / DEAD_STACK_PAGE + 2];
  size_t pages;
};

/* Whether the addresses [LO, HI) are all in resident pages of D's
   range (addresses as integers: they lie outside any one object).  */
static int
all_resident (const struct dead_stack *d, uintptr_t lo, uintptr_t hi)
{
  uintptr_t base = (uintptr_t) d->base;
  if (lo < base)
    return 0;
  size_t first = (size_t) (lo - base) / DEAD_STACK_PAGE;
  size_t last = (size_t) (hi - 1 - base) / DEAD_STACK_PAGE;
  for (size_t i = first; i <= last; i++)
    if (i >= d->pages || !(d->resident[i] & 1))
      return 0;
  return 1;
}

static void __attribute__ ((noinline))
clear_dead_chunks (const struct dead_stack *d, int left)
{
  volatile char area[DEAD_STACK_CHUNK];
  uintptr_t lo = (uintptr_t) area;
  memset ((char *) area, 0, sizeof area);
  /* The next frame: its array and some room for its linkage.  */
  if (left > 1 && all_resident (d, lo - 2 * DEAD_STACK_CHUNK, lo))
    clear_dead_chunks (d, left - 1);
  /* Not a tail call: the frame stays until the deeper one returns.  */
  __asm__ volatile ("" : : "r" (area) : "memory");
}

/* The thread's allocation count at its last clearing.  */
static __thread size_t allocated_at_clear;

void __attribute__ ((noinline))
scm_i_clear_dead_stack_after_return (void)
{
  if (scm_i_thread_allocated - allocated_at_clear >= DEAD_STACK_AFTER_BYTES)
    scm_i_clear_dead_stack ();
}

void __attribute__ ((noinline))
scm_i_clear_dead_stack (void)
{
  allocated_at_clear = scm_i_thread_allocated;
  struct dead_stack d;
  char *here = (char *) __builtin_frame_address (0);
  size_t bytes = DEAD_STACK_BYTES;
  /* Below the main thread's stack the kernel maps pages on demand, and
     mincore fails on a range that is not all mapped: a shorter one.  */
  for (;;)
    {
      d.base = (char *) ((uintptr_t) (here - bytes)
                         & ~(uintptr_t) (DEAD_STACK_PAGE - 1));
      d.pages = (size_t) (here - d.base + DEAD_STACK_PAGE - 1)
        / DEAD_STACK_PAGE;
      if (mincore (d.base, (size_t) (here - d.base), d.resident) == 0)
        break;
      if (bytes <= 2 * DEAD_STACK_PAGE)
        return;
      bytes /= 2;
    }
  if (all_resident (&d, (uintptr_t) here - 2 * DEAD_STACK_CHUNK - 512,
                    (uintptr_t) here))
    clear_dead_chunks (&d, DEAD_STACK_BYTES / DEAD_STACK_CHUNK);
}

/* ------------------------------------------------------------------ */
/* Mark-end hooks: libgc has one collection-event callback per process,
   so this file owns it, runs the library's hooks, and passes every event
   on to the callback that was there before (an embedder's).  */

/* The time-share rule's window (time_share_floor, below): the
   process's CPU time when it began (high half) and the CPU time of its
   collections (low half, less the start of the one under way), both in
   microseconds modulo 2^32, so that it is one word of the static data
   libgc scans (defined here, where it adds no padding before the
   aligned array below); a window would have to last 71 minutes of CPU
   time for the differences to wrap.  */
static uint64_t share_window;

static void (*mark_end_hooks[8]) (void);
static size_t mark_end_hook_count;
static GC_on_collection_event_proc previous_event_proc;
static void space_collections (void);
static void time_share_collection_start (void);

/* libgc starts a marker thread for every processor online but one
   (GC_MARKERS in the environment overrides it), whether or not this
   process may run on them.  Confined to one (taskset, a container's
   cpuset of one), the marker takes turns with the thread that
   collects, which waits for it to be scheduled, and with parallel
   marking on, GC_generic_malloc_many, the VM's refill, takes the
   markers' lock around every block it sweeps (7.6% of the r7rs suite's
   gcbench under `perf record`, pinned to one processor).  So a process
   that may run on one processor gets no marker thread.  Only that case:
   comparing a larger set with the processors online costs sysconf's
   read of /sys, and libgc caps its markers at 16, a count that
   GC_set_markers_count does not check.  GC_MARKERS in the environment
   still decides.  */
static int
one_processor (void)
{
#ifdef CPU_COUNT
  cpu_set_t set;
  return getenv ("GC_MARKERS") == NULL
    && sched_getaffinity (0, sizeof set, &set) == 0
    && CPU_COUNT (&set) == 1;
#else
  return 0;
#endif
}

/* Deferred marker threads (scm_gc_options.defer_markers): 0 while
   none is wanted yet, 1 once a collection has ended, 2 once they have
   been started.  A collection cannot start them itself: it holds
   libgc's lock, which GC_allow_register_threads takes; so it asks for
   the next safe point, where finalizers run too.  */
static volatile int markers_state;

static void
want_markers (void)
{
  if (gc_options.defer_markers && markers_state == 0)
    {
      markers_state = 1;
      scm_i_finalizers_pending = 1;
      scm_i_vm_request_safe_point ();
    }
}

void
scm_i_gc_start_deferred_markers (void)
{
  if (markers_state == 1)
    {
      markers_state = 2;
      /* Starts the markers, and makes every allocation take the lock
         from now on (it lets other threads register).  On one
         processor, no markers: the process stays as a short script
         that never collected is, allocating without the lock, until it
         creates a thread (GC_pthread_create takes the lock from then
         on) or a foreign thread registers (below).  Asked here, not at
         start-up, which stays without the system call.  */
      if (!one_processor ())
        GC_allow_register_threads ();
    }
}

/* A thread libscm did not create is about to register: libgc refuses
   (aborts) unless registration was allowed, which a deferral of the
   markers postponed.  Allowing it only now races with an allocation
   another thread makes without the lock, which is why defer_markers is
   documented as being for programs that do not do this; it is still
   better than libgc's abort.  */
void
scm_i_gc_allow_foreign_threads (void)
{
  if (gc_options.defer_markers && markers_state != 2)
    {
      markers_state = 2;
      GC_allow_register_threads ();
    }
}

static void GC_CALLBACK
on_collection_event (GC_EventType event)
{
  scm_i_gc_pause_event (event);
  if (event == GC_EVENT_START)
    time_share_collection_start ();
  if (event == GC_EVENT_END)
    want_markers ();
  if (event == GC_EVENT_MARK_END)
    for (size_t i = 0; i < mark_end_hook_count; i++)
      mark_end_hooks[i] ();
  if (event == GC_EVENT_END)
    space_collections ();
  if (previous_event_proc != NULL)
    previous_event_proc (event);
}

void
scm_i_add_mark_end_hook (void (*hook) (void))
{
  if (mark_end_hook_count == sizeof mark_end_hooks / sizeof *mark_end_hooks)
    scm_fatal ("too many mark-end hooks");
  mark_end_hooks[mark_end_hook_count++] = hook;
}

/* ------------------------------------------------------------------ */
/* Start-up.  */

static void
apply_gc_options (void)
{
  const char *generational = getenv ("SCM_GC_GENERATIONAL");
  if (gc_options.free_space_divisor > 0)
    GC_set_free_space_divisor (gc_options.free_space_divisor);
  if (gc_options.generational
      || (generational != NULL && *generational != '\0'
          && *generational != '0'))
    {
      /* libgc's "generational" mode: incremental collection with
         virtual dirty bits and no pause-time target.  */
      GC_set_time_limit (GC_TIME_UNLIMITED);
      GC_enable_incremental ();
    }
  else if (gc_options.incremental)
    GC_enable_incremental ();
}

/* The least allocation between two collections.  libgc's own bound
   is a share of the heap (by the free-space divisor): a program whose
   live data is small keeps a heap of a few hundred KiB and collects
   every few tens of KiB it allocates, each collection a hand-off to
   the marker threads -- deriv collected 10,783 times for 766 MB, half
   its time.  A floor of 1 MiB bounds the collections by the allocation
   and costs at most that much more heap.  It holds from the start:
   everything start-up allocates stays live, so a collection during
   start-up (libgc's policy starts one after about 10 KB on its first
   64 KiB heap) would free nothing and cost about 200,000 instructions,
   a tenth of what scm -c '(display 1)' spends in all.  */
#define MIN_BYTES_BETWEEN_COLLECTIONS ((size_t) 1 << 20)

/* libgc's default stop function: it calls it often while it marks, in
   the collections that allocation starts and in GC_gcollect, and a
   nonzero value abandons the collection (the allocation grows the heap
   instead).  Ctrl-C during a collection of 100 MB of live data waited
   for its end, up to a second; now the thread that collects abandons
   it when its own interrupt is pending, and its next poll raises.  A
   request that no evaluation of the thread will take (it runs none)
   stops nothing, and one interrupt abandons a few collections at most,
   so that neither keeps the heap from being collected.  */
static int GC_CALLBACK
stop_for_interrupt (void)
{
  return scm_i_abandon_collection_p ();
}

/* The stop function costs every collection a sweep of what the lazy
   sweep left and the parallel markers (libgc_never_stop above), which
   pays only where a collection takes long enough for an interrupt to
   wait on it.  A small heap's takes well under a millisecond (string:
   3 MiB of heap, 36 KiB of it pointerful, 50 us), so libgc's default
   stays in force until a collection ends with this much of the heap
   in use, and comes back once that falls under three quarters of it.
   libgc's setter takes its lock, which the collection-event callback
   holds: the callback asks for the safe point where finalizers run,
   which applies the choice (scm_i_gc_apply_stop_func).  */
#define INTERRUPTIBLE_COLLECTION_BYTES ((size_t) 4 << 20)

/* The policies' state, in one word to spare the static data libgc
   scans (test-gc): bit 0, the stop function the last collection asked
   for (1: stop_for_interrupt; the one in force is libgc's to tell);
   bits 1-4, the large-garbage streak (large_garbage_floor); for the
   time-share rule (time_share_floor), bits 5-7 the collections in the
   current window, bits 8-11 the widening level, bit 12 whether a
   window is open, bit 13 whether the collection under way was timed
   from its start.  Only the collection-event callback writes it, with
   libgc's lock held.  */
static volatile unsigned policy_bits;
#define WANT_INTERRUPTIBLE 1u
#define STREAK_UNIT 2u
#define STREAK_MASK (15u * STREAK_UNIT)
#define WINDOW_UNIT 32u
#define WINDOW_MASK (7u * WINDOW_UNIT)
#define LEVEL_UNIT 256u
#define LEVEL_MASK (15u * LEVEL_UNIT)
#define SHARE_OPEN 4096u
#define SHARE_TIMED 8192u

static void
choose_stop_func (size_t in_use)
{
  unsigned bits = policy_bits;
  unsigned want = bits & WANT_INTERRUPTIBLE;
  if (in_use >= INTERRUPTIBLE_COLLECTION_BYTES)
    want = WANT_INTERRUPTIBLE;
  else if (in_use < INTERRUPTIBLE_COLLECTION_BYTES / 4 * 3)
    want = 0;
  if (want != (bits & WANT_INTERRUPTIBLE))
    {
      policy_bits = (bits & ~WANT_INTERRUPTIBLE) | want;
      scm_i_finalizers_pending = 1;
      scm_i_vm_request_safe_point ();
    }
}

void
scm_i_gc_apply_stop_func (void)
{
  GC_stop_func want = (policy_bits & WANT_INTERRUPTIBLE)
    ? stop_for_interrupt : libgc_never_stop;
  if (want != GC_get_stop_func ())
    GC_set_stop_func (want);
}

/* libgc's kind for large pointerful objects that their maker fills at
   once (scm_i_alloc_uncleared): scanned whole like NORMAL ones, but not
   cleared when allocated.  */
static int uncleared_kind;

void *
scm_i_alloc_uncleared (size_t bytes)
{
  scm_i_thread_allocated += bytes;
  void *p = GC_generic_malloc (bytes, uncleared_kind);
  if (SCM_UNLIKELY (p == NULL))
    p = scm_i_alloc_retry (bytes, uncleared_kind);
  return p;
}

/* Called once, by scm_init, before anything allocates.  */
void
scm_init_gc (void)
{
  /* Only pointers to an object's start (or to its second word, below)
     keep it alive.  With libgc's default, every object grows by a byte
     so that a pointer just past its end is recognised: a 16-byte pair
     would take 32.  This setting is process-wide; doc/internals.texi
     says what it means for C code and for embedders.  */
  GC_set_all_interior_pointers (0);
  scm_i_init_gc_roots ();
  /* Markers started at once (not deferred): none on one processor.  */
  if (!gc_options.defer_markers && one_processor ())
    GC_set_markers_count (1);
  GC_INIT ();
  /* A pointer to the first field after a header (a stringbuf's
     characters, a vector's elements) or to a pair's cdr is common in C
     code: let it keep its object alive.  */
  GC_register_displacement (sizeof (scm_t_bits));
  GC_set_min_bytes_allocd (MIN_BYTES_BETWEEN_COLLECTIONS);
  adopt_environment_heap_limit ();
  previous_warn_proc = GC_get_warn_proc ();
  GC_set_warn_proc (filter_gc_warning);
  scm_i_init_literals ();
  init_two_word_kind ();
  uncleared_kind = (int) GC_new_kind (GC_new_free_list (), 0 | GC_DS_LENGTH,
                                      1, 0);
  scm_i_init_finalizers ();
  if (!gc_options.defer_markers)
    GC_allow_register_threads ();
  /* libgc's own timing (GC_get_full_gc_total_time) stays available to
     embedders; (gc-stats) times every collection itself, gc-pauses.c.  */
  GC_start_performance_measurement ();
  libgc_never_stop = GC_get_stop_func ();
  previous_event_proc = GC_get_on_collection_event ();
  GC_set_on_collection_event (on_collection_event);
  scm_i_init_huge_pages (gc_options.small_pages);
  apply_gc_options ();
}

/* libgc spaces collections by what it will have to scan: twice the
   pointerful heap in use, a quarter of the pointer-free part, twice
   the thread stacks, the static roots, all over the free-space
   divisor.  libgc takes the larger of its own figure and the floor
   (GC_set_min_bytes_allocd), read once after each collection, so at
   the end of each collection the floor is set from two measures that
   libgc's figure leaves out.

   The VM stacks are roots it does not know about (push_vm_stacks
   pushes them): a deep recursion whose VM stack is as large as its
   heap collected as if the stack cost nothing, and each collection
   marked the whole stack again.  So once the VM stacks are past the
   floor, the floor becomes libgc's figure with them added, the heap
   counted as pointerful (libgc's split of the heap is not public; a
   deep recursion's heap is mostly frames' data).

   Survival.  libgc prices the pointer-free part at a quarter because
   it expects big buffers, one mark each; libscm's are mostly 16-byte
   flonums, one mark per 16 bytes, which cost what pointerful data
   costs.  gcbench keeps 500,000 of them live in a vector: 18 MB in
   use, of which libgc counted 12 MB, so it collected every 8.8 MB
   and each collection marked twice what it recovered (80 collections
   where the C floor, 10 MB live, makes 38).  So when a collection
   recovers less than it leaves in use -- most of its marking went to
   data that survives -- and what is in use has not grown by more
   than an eighth since the previous one (the same data marked again,
   not a heap being built up, which libgc grows by itself), the next
   collection waits for twice what is in use over the divisor: libgc's
   own figure with the pointer-free part priced as the rest.  A
   program whose live data stays under the 1 MiB floor is unchanged
   (its collections recover more than they mark), and so is one whose
   heap already has room: libgc fills the free blocks before it asks
   whether to collect, so its collections recover much.  "In use" is
   the heap less its free blocks, partly free blocks counted whole;
   "recovered" is what was in use after the previous collection plus
   what was allocated since, less what is in use now.  */
static size_t vm_stack_bytes;

void
scm_i_gc_note_vm_stacks (size_t bytes)
{
  vm_stack_bytes = bytes;
}

/* The heap in use after the previous collection, and libgc's count of
   the bytes allocated before it; only the collection-event callback
   reads or writes them, with libgc's lock held.  */
static size_t in_use_after_last;
static GC_word allocd_before_last;

/* Bytes asked for in objects of LARGE_GARBAGE_BYTES or more since the
   end of the previous collection, by every thread (relaxed atomic adds:
   a count for a policy).  */
#define LARGE_GARBAGE_BYTES ((size_t) 32 << 10)
static size_t large_allocated;

void
scm_i_note_large_alloc (size_t bytes)
{
  if (bytes >= LARGE_GARBAGE_BYTES)
    __atomic_fetch_add (&large_allocated, bytes, __ATOMIC_RELAXED);
  if (scm_i_alloc_budgets)
    scm_i_check_alloc_budget (bytes);
}

/* Large garbage.  The floor prices every byte allocated alike, but a
   collection's cost does not grow with the large objects that died
   (libgc frees each one's blocks whole) and making one costs the
   program little per byte (a copy or a fill), where a pair costs it a
   few instructions for 16 bytes.  string of the r7rs suite builds
   strings of up to 500 KB by appending and slicing: a collection every
   1 MiB was one every few strings, each 300,000 instructions or more
   to mark a 36 KiB pointerful heap, 40% of its time.  So once
   LARGE_STREAK collections in a row found that most of what was
   allocated before them was in objects of 32 KiB or more, the next
   waits until the small objects plus an eighth of the large ones reach
   the floor, up to LARGE_FLOOR_MAX.  A program that makes large
   objects now and then is unchanged (quicksort of the project's suite
   makes a vector of 800 KB at each of its 6 collections: its heap
   would grow by half, for nothing), and so are those whose large
   objects are bignums of 8 to 16 KiB (pidigits, harmonic of the
   project's suite: their peak heap would grow by a third, their time
   fall by a tenth).  */
#define LARGE_DISCOUNT 8
#define LARGE_FLOOR_MAX ((size_t) 6 << 20)
#define LARGE_STREAK 8

static size_t
large_garbage_floor (size_t allocated)
{
  size_t large = __atomic_exchange_n (&large_allocated, 0,
                                      __ATOMIC_RELAXED);
  if (large > allocated)
    large = allocated;
  size_t small = allocated - large;
  unsigned bits = policy_bits;
  unsigned streak = (bits & STREAK_MASK) / STREAK_UNIT;
  streak = large <= small ? 0 : streak < LARGE_STREAK ? streak + 1 : streak;
  policy_bits = (bits & ~STREAK_MASK) | streak * STREAK_UNIT;
  if (streak < LARGE_STREAK)
    return 0;
  uint64_t priced = small + large / LARGE_DISCOUNT;
  uint64_t floor = priced == 0 ? LARGE_FLOOR_MAX
    : (uint64_t) MIN_BYTES_BETWEEN_COLLECTIONS * allocated / priced;
  return floor < LARGE_FLOOR_MAX ? (size_t) floor : LARGE_FLOOR_MAX;
}

/* The collector's share of time.  The rules above price a collection
   by what it marks against what was allocated, which says nothing of
   what the program does between collections: graphs of the r7rs suite
   keeps 14 MB of pointerful data live and turns 12 MB of garbage over
   between collections (libgc's figure, twice the data over the
   divisor), each collection marking the same 14 MB in 17 ms, and spent
   half its time collecting; with a heap of 100 MB from the start it
   took 3.6 s instead of 5.6.  So the collections' share of the
   process's CPU time is measured over windows of SHARE_WINDOW
   collections, and while it stays above a third, the data in use is
   large and most of what was allocated died, the spacing widens a
   step (by half, then a third, ...: 1, 1.5, 2, 3, 4, 6, 8 times the
   floor or libgc's figure, whichever is larger) at each window's end,
   until the share falls under a third; under an eighth it narrows a
   step.  The widened spacing is at most SHARE_LIVE_MULTIPLE times the
   data in use and SHARE_FLOOR_CAP, and leaves room under a heap limit.
   A program whose collections take less than a third of its time, or
   whose data in use is under SHARE_LIVE_MIN, is unchanged: its level
   stays 0.  CPU time rather than the clock of gc-pauses.c, which
   counts the time a collection is preempted on a loaded machine: the
   rule would depend on the machine's load.  */
#define SHARE_WINDOW 4u
#define SHARE_LEVEL_MAX 6u
#define SHARE_LIVE_MIN ((size_t) 1 << 20)
#define SHARE_LIVE_MULTIPLE 2
#define SHARE_FLOOR_CAP ((size_t) 128 << 20)

/* The process's CPU time in microseconds, modulo 2^32.  A system call
   (no vDSO for this clock), made twice a collection only while a
   window is open.  */
static uint32_t
cpu_us (void)
{
  struct timespec ts;
  if (clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
    return 0;
  return (uint32_t) ((uint64_t) ts.tv_sec * 1000000u
                     + (uint64_t) ts.tv_nsec / 1000u);
}

/* At the start of a collection: while a window is open, take the time
   off the window's collection time, which the end adds back.  A
   collection already timed and not ended was abandoned (libgc sends
   no end event then): its start is left unmatched, so the window
   closes, to open again at the next end.  */
static void
time_share_collection_start (void)
{
  unsigned bits = policy_bits;
  if (bits & SHARE_TIMED)
    bits &= ~(SHARE_OPEN | SHARE_TIMED);
  else if (bits & SHARE_OPEN)
    {
      uint64_t window = share_window;
      uint32_t spent = (uint32_t) window - cpu_us ();
      share_window = (window & ~(uint64_t) UINT32_MAX) | spent;
      bits |= SHARE_TIMED;
    }
  policy_bits = bits;
}

/* The next widening level from the one in force, LEVEL, at the end of
   a window in which collections took SPENT of TOTAL microseconds.  */
static unsigned
next_share_level (unsigned level, uint32_t spent, uint32_t total,
                  size_t allocated, size_t recovered)
{
  if ((uint64_t) 3 * spent > total && recovered >= allocated / 2
      && level < SHARE_LEVEL_MAX)
    return level + 1;
  if ((uint64_t) 8 * spent < total && level > 0)
    return level - 1;
  return level;
}

/* The level after a collection's end; BITS is policy_bits, updated
   for the window.  */
static unsigned
time_share_level (unsigned *bits, int large, size_t allocated,
                  size_t recovered)
{
  unsigned b = *bits, level = (b & LEVEL_MASK) / LEVEL_UNIT;
  unsigned count = (b & WINDOW_MASK) / WINDOW_UNIT;
  if (!large)
    {
      *bits = b & ~(LEVEL_MASK | WINDOW_MASK | SHARE_OPEN | SHARE_TIMED);
      return 0;
    }
  uint32_t now = cpu_us ();
  if ((b & (SHARE_OPEN | SHARE_TIMED)) != (SHARE_OPEN | SHARE_TIMED))
    {
      /* No window, or this collection was not timed: one opens now.  */
      share_window = (uint64_t) now << 32;
      count = 0;
    }
  else if (++count < SHARE_WINDOW)
    share_window = (share_window & ~(uint64_t) UINT32_MAX)
      | (uint32_t) ((uint32_t) share_window + now);
  else
    {
      uint64_t window = share_window;
      level = next_share_level (level, (uint32_t) window + now,
                                now - (uint32_t) (window >> 32),
                                allocated, recovered);
      share_window = (uint64_t) now << 32;
      count = 0;
    }
  *bits = (b & ~(LEVEL_MASK | WINDOW_MASK | SHARE_TIMED)) | SHARE_OPEN
    | level * LEVEL_UNIT | count * WINDOW_UNIT;
  return level;
}

/* The floor after the time-share rule, from the one the other rules
   chose.  */
static size_t
time_share_floor (size_t floor, size_t in_use, size_t allocated,
                  size_t recovered, size_t div)
{
  unsigned bits = policy_bits;
  /* In incremental mode a collection's start and end events enclose
     the program's own work between the steps: the share would be
     wrong, so the rule stays out.  */
  int large = in_use >= SHARE_LIVE_MIN && !GC_is_incremental_mode ();
  unsigned level = time_share_level (&bits, large, allocated, recovered);
  policy_bits = bits;
  if (level == 0)
    return floor;
  size_t base = 2 * in_use / div;
  if (base < floor)
    base = floor;
  size_t wide = base / 2 * ((2u + (level & 1)) << (level >> 1));
  size_t cap = in_use * SHARE_LIVE_MULTIPLE;
  if (cap > SHARE_FLOOR_CAP)
    cap = SHARE_FLOOR_CAP;
  size_t limit = scm_i_max_heap_size ();
  size_t room = limit > in_use ? (limit - in_use) / 2 : 0;
  if (limit != 0 && cap > room)
    cap = room;
  if (wide > cap)
    wide = cap;
  return wide > floor ? wide : floor;
}

static void
space_collections (void)
{
  struct GC_prof_stats_s st;
  GC_get_prof_stats_unsafe (&st, sizeof st);
  size_t in_use = st.heapsize_full > st.free_bytes_full
    ? st.heapsize_full - st.free_bytes_full : 0;
  size_t allocated = (size_t) (st.allocd_bytes_before_gc - allocd_before_last);
  size_t before = in_use_after_last + allocated;
  size_t recovered = before > in_use ? before - in_use : 0;
  size_t last = in_use_after_last;
  in_use_after_last = in_use;
  allocd_before_last = st.allocd_bytes_before_gc;

  int divisor = GC_get_free_space_divisor ();
  size_t div = (size_t) (divisor > 0 ? divisor : 1);
  size_t floor = MIN_BYTES_BETWEEN_COLLECTIONS;
  size_t large = large_garbage_floor (allocated);
  if (large > floor)
    floor = large;
  if (vm_stack_bytes >= MIN_BYTES_BETWEEN_COLLECTIONS)
    floor += 2 * (vm_stack_bytes + in_use) / div;
  if (recovered < in_use && in_use <= last + last / 8)
    {
      size_t wide = 2 * in_use / div;
      /* libgc halves its own figure in incremental mode, where a
         collection's work is spread over many allocations.  */
      if (GC_is_incremental_mode ())
        wide /= 2;
      if (wide > floor)
        floor = wide;
    }
  floor = time_share_floor (floor, in_use, allocated, recovered, div);
  GC_set_min_bytes_allocd (floor);
  choose_stop_func (in_use);
}

/* ------------------------------------------------------------------ */
/* The static root set: computed in static-roots.c.  */

size_t
scm_c_static_root_bytes (void)
{
  return scm_i_static_root_bytes (NULL, NULL);
}

/* ------------------------------------------------------------------ */
/* Primitives.  */

SCM_DEFINE (scm_gc, "gc", 0, 0, 0, (void),
            "Collect garbage now, and return an unspecified value.")
{
  /* The caller's dead stack first: what a finished computation left
     there (registers that a lazy PLT resolution saved, say) would
     otherwise keep its data alive through this very collection.  */
  scm_i_clear_dead_stack ();
  GC_gcollect ();
  scm_run_finalizers ();
  return SCM_UNSPECIFIED;
}

SCM_SYMBOL (sym_heap_size, "heap-size");
SCM_SYMBOL (sym_heap_free, "heap-free");
SCM_SYMBOL (sym_bytes_allocated, "bytes-allocated");
SCM_SYMBOL (sym_gc_count, "gc-count");
SCM_SYMBOL (sym_gc_time_ms, "gc-time-ms");
SCM_SYMBOL (sym_static_roots, "static-roots");
SCM_SYMBOL (sym_static_roots_unused, "static-roots-unused");
SCM_SYMBOL (sym_static_roots_unsafe, "static-roots-unsafe");
SCM_SYMBOL (sym_free_space_divisor, "free-space-divisor");
SCM_SYMBOL (sym_incremental, "incremental");

static SCM
stat_entry (SCM key, uint64_t value, SCM rest)
{
  return scm_cons (scm_cons (key, scm_from_int64 ((int64_t) value)), rest);
}

SCM_DEFINE (scm_gc_stats, "gc-stats", 0, 0, 0, (void),
            "Return an association list of garbage-collector statistics:\n"
            "@code{heap-size} and @code{heap-free} in bytes,\n"
            "@code{bytes-allocated} since start-up (less what the calling\n"
            "thread's free lists hold unused, so that it counts objects, not\n"
            "the blocks those lists take at a time), @code{gc-count}\n"
            "collections, @code{gc-time-ms} spent collecting (the\n"
            "stop-the-world part of each collection and its sweep), and\n"
            "@code{static-roots}, the bytes of static data the collector\n"
            "scans for pointers (writable data of the loaded objects, less\n"
            "what is read-only after relocation and libgc's own tables),\n"
            "@code{static-roots-unused}, the bytes of writable static data\n"
            "left out of them (the variables of the built-in libraries not\n"
            "imported yet, and the core variables that never hold a heap\n"
            "object), @code{static-roots-unsafe}, how many of those core\n"
            "variables hold a heap object all the same (0 unless libscm\n"
            "has a bug: a check);\n"
            "and the mode: @code{free-space-divisor} and @code{incremental}\n"
            "(a boolean).")
{
  struct GC_prof_stats_s st;
  SCM result = SCM_EOL;

  GC_get_prof_stats (&st, sizeof st);
  result = scm_cons (scm_cons (sym_incremental,
                               scm_from_bool (GC_is_incremental_mode ())),
                     result);
  result = stat_entry (sym_free_space_divisor, GC_get_free_space_divisor (),
                       result);
  result = stat_entry (sym_static_roots_unsafe,
                       scm_i_image_unscanned_heap_refs (), result);
  result = stat_entry (sym_static_roots_unused, scm_i_static_roots_unused (),
                       result);
  result = stat_entry (sym_static_roots, scm_c_static_root_bytes (), result);
  result = stat_entry (sym_gc_time_ms, scm_i_gc_pause_ns () / 1000000,
                       result);
  result = stat_entry (sym_gc_count, st.gc_no, result);
  uint64_t allocated = st.allocd_bytes_before_gc + st.bytes_allocd_since_gc;
  size_t unused = scm_i_vm_unused_fl_bytes ();
  result = stat_entry (sym_bytes_allocated,
                       allocated > unused ? allocated - unused : 0, result);
  result = stat_entry (sym_heap_free, st.free_bytes_full, result);
  result = stat_entry (sym_heap_size, st.heapsize_full, result);
  return result;
}

/* ------------------------------------------------------------------ */
/* Protected objects: an uncollectable (so scanned) array of objects and
   their counts, under a mutex.  Embedders protect few objects; a linear
   search is enough.  */

struct protected_entry { SCM obj; scm_t_bits count; };
static struct protected_entry *protected;
static size_t n_protected, protected_cap;
static pthread_mutex_t protected_lock = PTHREAD_MUTEX_INITIALIZER;

SCM
scm_permanent_object (SCM obj)
{
  return scm_gc_protect_object (obj);
}

void *
scm_gc_malloc (size_t size, const char *what)
{
  (void) what;
  scm_i_note_alloc (size);
  return scm_i_alloc (size);
}

void *
scm_gc_malloc_pointerless (size_t size, const char *what)
{
  (void) what;
  return scm_i_alloc_atomic (size);
}

SCM
scm_gc_protect_object (SCM obj)
{
  if (!SCM_HEAP_OBJECT_P (obj))
    return obj;                 /* immediates need no protection */
  pthread_mutex_lock (&protected_lock);
  for (size_t i = 0; i < n_protected; i++)
    if (scm_is_eq (protected[i].obj, obj))
      {
        protected[i].count++;
        pthread_mutex_unlock (&protected_lock);
        return obj;
      }
  if (n_protected == protected_cap)
    {
      size_t cap = protected_cap ? 2 * protected_cap : 16;
      struct protected_entry *p = GC_MALLOC_UNCOLLECTABLE (cap * sizeof *p);
      if (p == NULL)
        {
          pthread_mutex_unlock (&protected_lock);
          scm_out_of_memory ("scm_gc_protect_object", cap * sizeof *p);
        }
      for (size_t i = 0; i < n_protected; i++)
        p[i] = protected[i];
      if (protected != NULL)
        GC_FREE (protected);
      protected = p;
      protected_cap = cap;
    }
  protected[n_protected++] = (struct protected_entry) { obj, 1 };
  pthread_mutex_unlock (&protected_lock);
  return obj;
}

SCM
scm_gc_unprotect_object (SCM obj)
{
  pthread_mutex_lock (&protected_lock);
  for (size_t i = 0; i < n_protected; i++)
    if (scm_is_eq (protected[i].obj, obj))
      {
        if (--protected[i].count == 0)
          protected[i] = protected[--n_protected];
        break;
      }
  pthread_mutex_unlock (&protected_lock);
  return obj;
}

void
scm_init_gc_procedures (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "gc/gc.x"
#endif
}
