/* c-stack.c -- more C stack for the deep walks of the expander and compiler
   SPDX-License-Identifier: LGPL-3.0-or-later

   The expander, the compiler and their helper walks recurse on the
   nesting of the code.  When one finds the thread's C stack nearly
   used up (scm_i_check_c_stack returns nonzero), it goes on on a
   segment: a fresh private mapping of SEGMENT_BYTES, whose pages the
   kernel commits only as the walk touches them, unmapped as soon as
   the walk returns.  Segments nest; together they take at most a
   quarter of the thread's stack limit (the VM's, scm_set_stack_limit:
   64 MiB by default, about 200,000 levels of nesting), past which the
   walk ends with the usual "nested too deeply" error.  So a macro
   that expands into ever deeper uses of itself is still stopped at a
   bounded cost (about a second and 300 MB).

   Three things must see the switch.  The collector: GC_do_blocking
   before the switch fixes the part of the old stack to scan (from
   there to its bottom) and GC_call_with_gc_active on the segment
   starts a new section, from which libgc scans the segment down to its
   stack pointer: libgc's stack sections.  Non-local exits: a longjmp
   from the segment to a frame outside it (a raise to a C catch or an
   activation, a continuation) would leave libgc and the VM with a
   stack that is gone, so every such jump goes through
   scm_i_jump, which lands on the segment's own entry,
   returns from the segment normally and makes the jump again from the
   old stack.  The tools: Valgrind and AddressSanitizer are told about
   the stack switch.  */

#include "runtime/scm-internal.h"
#include "vm/vm-internal.h"
#include "runtime/jump-internal.h"
#include "runtime/proc-maps-internal.h"

#include <stdint.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef HAVE_VALGRIND_VALGRIND_H
# include <valgrind/valgrind.h>
#endif
#ifdef __SANITIZE_ADDRESS__
# include <sanitizer/common_interface_defs.h>
#endif

/* A segment's size, and the least worth mapping: at about 400 bytes a
   level of nesting (expander and compiler both), 64 MiB is 150,000
   levels.  */
#define SEGMENT_BYTES ((size_t) 64 << 20)
#define SEGMENT_MIN_BYTES ((size_t) 4 << 20)
/* Where segments are asked for: just below the stack (or segment)
   they continue, then a step lower again, so many times.  As close as
   can be, because libgc counts the distance from the stack pointer to
   the thread's stack bottom as stack, and lets the heap grow with it
   (min_bytes_allocd): a segment 500 MB down made a heap three times
   bigger.  */
#define PLACEMENT_GAP ((size_t) 1 << 20)
#define PLACEMENT_STEP ((size_t) 8 << 20)
#define PLACEMENT_TRIES 64
/* After a failure to map a segment (no address below the thread's
   stack: under Valgrind, for a thread), the checks below the grow mark
   that may try again are this many apart.  */
#define RETRY_AFTER 4096
/* AddressSanitizer's frames are two to three times bigger: the budget
   grows with them, so that the same code goes as deep.  */
#ifdef __SANITIZE_ADDRESS__
# define SANITIZER_FACTOR 4
#else
# define SANITIZER_FACTOR 1
#endif
/* Below the low mark (that far above a segment's end, a guard page
   included) the walks raise; below the grow mark they switch.  */
#define SEGMENT_MARGIN ((size_t) 1 << 20)

struct scm_i_c_segment
{
  struct scm_i_c_segment *prev;
  struct scm_i_vm *vm;
  char *base;                   /* the mapping */
  size_t bytes;
  uintptr_t saved_low, saved_grow;
  void (*fn) (void *);
  void *data;
  ucontext_t ctx, back;
  int ran;                      /* the walk started */
  /* A jump out of the segment lands here, on the segment, and is made
     again from the old stack, to TARGET.  */
  scm_i_jump_point exit;
  scm_i_jump_point *target;
  unsigned valgrind_id;
  void *asan_fake;
  const void *asan_old_bottom;
  size_t asan_old_size;
};

/* The collector adopts a section whose cold end lies above the
   thread's stack bottom as the new bottom (GC_call_with_gc_active),
   which would make it scan everything in between: a segment must lie
   below.  So it is asked for at addresses below the thread's stack
   (below the segment it nests in), exactly (MAP_FIXED_NOREPLACE fails
   where something is mapped already: another thread's stack or
   segment, the heap): in the highest hole that the process's map
   shows below; failing that, lower and lower; then anywhere, if that
   lands below.  */
/* The highest address at which BYTES fit in a hole of the address
   space below BELOW, from /proc/self/maps (sorted by address), or 0.
   A thread's stack has other mappings close below it (glibc's arena
   of the thread, 128 MiB reserved, the VM's stacks, other threads'
   stacks), past which stepping down by PLACEMENT_STEP often did not
   get; the map says where the holes are.  Read into a buffer on the
   stack: no allocation.  */
struct hole_search
{
  uintptr_t below, prev_end, found;
  size_t bytes, page;
};

static int
hole_below (char *line, void *data)
{
  struct hole_search *h = data;
  /* "lo-hi perms ...": two hexadecimal numbers.  */
  char *end;
  uintptr_t lo = (uintptr_t) strtoull (line, &end, 16);
  uintptr_t hi = *end == '-' ? (uintptr_t) strtoull (end + 1, NULL, 16) : lo;
  uintptr_t top = lo < h->below ? lo : h->below;
  if (top > h->prev_end && top - h->prev_end >= h->bytes)
    h->found = (top - h->bytes) & ~(uintptr_t) (h->page - 1);
  if (hi > h->prev_end)
    h->prev_end = hi;
  return h->prev_end >= h->below;
}

static uintptr_t
highest_hole_below (uintptr_t below, size_t bytes, size_t page)
{
  char buf[4096];
  struct hole_search h = { below, page, 0, bytes, page };
  scm_i_each_mapping (buf, sizeof buf, hole_below, &h);
  return h.found;
}

/* BYTES mapped at exactly AT (or, by a kernel older than
   MAP_FIXED_NOREPLACE, where it takes AT as a hint; AT 0: anywhere),
   if that lies below BOTTOM; else NULL.  *TAKEN tells whether AT was
   in use.  */
static char *
map_at (uintptr_t at, uintptr_t bottom, size_t bytes, int *taken)
{
  int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK;
  if (at != 0)
    flags |= MAP_FIXED_NOREPLACE;
  char *base = mmap ((void *) at, bytes, PROT_READ | PROT_WRITE, flags, -1, 0);
  *taken = base == MAP_FAILED;
  if (base == MAP_FAILED)
    return NULL;
  if ((uintptr_t) base + bytes > bottom)
    {
      munmap (base, bytes);
      return NULL;
    }
  return base;
}

static char *
map_below (uintptr_t below, uintptr_t bottom, size_t bytes, size_t page)
{
  int taken = 0;
  char *base;
  below -= PLACEMENT_GAP;
  /* Where the map shows a hole; another thread may take it meanwhile,
     so a few tries.  */
  for (int i = 0; i < 4; i++)
    {
      uintptr_t at = highest_hole_below (below, bytes, page);
      if (at == 0)
        break;
      if ((base = map_at (at, bottom, bytes, &taken)) != NULL)
        return base;
      if (!taken)
        break;
    }
  for (int i = 0; i < PLACEMENT_TRIES && below > bytes + PLACEMENT_STEP; i++)
    {
      uintptr_t at = (below - bytes) & ~(uintptr_t) (page - 1);
      if ((base = map_at (at, bottom, bytes, &taken)) != NULL)
        return base;
      below -= PLACEMENT_STEP;
    }
  return map_at (0, bottom, bytes, &taken);
}

static size_t
segments_budget (struct scm_i_vm *vm)
{
  return vm->stack_limit / 4 * SANITIZER_FACTOR;
}

static int
map_segment (struct scm_i_vm *vm, struct scm_i_c_segment *seg)
{
  size_t budget = segments_budget (vm);
  size_t bytes = SEGMENT_BYTES;
  if (vm->c_segment_bytes + bytes > budget)
    bytes = budget > vm->c_segment_bytes ? budget - vm->c_segment_bytes : 0;
  size_t page = (size_t) sysconf (_SC_PAGESIZE);
  bytes &= ~(page - 1);
  if (bytes < SEGMENT_MIN_BYTES)
    return 0;
  struct GC_stack_base sb;
  if (GC_get_my_stackbottom (&sb) == NULL || sb.mem_base == NULL)
    return 0;
  uintptr_t below = vm->c_segment != NULL
    ? (uintptr_t) vm->c_segment->base : vm->c_stack_low - SEGMENT_MARGIN;
  char *base = map_below (below, (uintptr_t) sb.mem_base, bytes, page);
  if (base == NULL)
    return 0;
  if (mprotect (base, page, PROT_NONE) != 0)
    {
      munmap (base, bytes);
      return 0;
    }
  seg->base = base;
  seg->bytes = bytes;
  vm->c_segment_bytes += bytes;
#ifdef HAVE_VALGRIND_VALGRIND_H
  /* Its lowest and highest bytes.  */
  seg->valgrind_id = VALGRIND_STACK_REGISTER (base, base + bytes - 1);
#endif
  return 1;
}

static void
unmap_segment (struct scm_i_vm *vm, struct scm_i_c_segment *seg)
{
#ifdef HAVE_VALGRIND_VALGRIND_H
  VALGRIND_STACK_DEREGISTER (seg->valgrind_id);
#endif
  munmap (seg->base, seg->bytes);
  vm->c_segment_bytes -= seg->bytes;
}

static inline void
asan_start_switch (void **fake, const void *bottom, size_t size)
{
#ifdef __SANITIZE_ADDRESS__
  __sanitizer_start_switch_fiber (fake, bottom, size);
#else
  (void) fake, (void) bottom, (void) size;
#endif
}

static inline void
asan_finish_switch (void *fake, const void **old_bottom, size_t *old_size)
{
#ifdef __SANITIZE_ADDRESS__
  __sanitizer_finish_switch_fiber (fake, old_bottom, old_size);
#else
  (void) fake, (void) old_bottom, (void) old_size;
#endif
}

/* On the segment, collector active: the walk, with the VM's marks
   moved to the segment, and the landing place of jumps out.  */
static void *
run_on_segment (void *data)
{
  struct scm_i_c_segment *volatile seg = data;
  struct scm_i_vm *vm = seg->vm;
  seg->saved_low = vm->c_stack_low;
  seg->saved_grow = vm->c_stack_grow;
  seg->prev = vm->c_segment;
  vm->c_stack_low = (uintptr_t) seg->base + SEGMENT_MARGIN;
  vm->c_stack_grow = vm->c_stack_low + SCM_I_C_STACK_GROW_RESERVE;
  vm->c_segment = seg;
  seg->ran = 1;
  if (SCM_I_SET_JUMP_POINT (seg->exit) == 0)
    seg->fn (seg->data);
  vm->c_segment = seg->prev;
  vm->c_stack_low = seg->saved_low;
  vm->c_stack_grow = seg->saved_grow;
  return NULL;
}

/* The segment's first frame: makecontext passes the segment as two
   ints.  It ends by switching back, never by returning.  */
static void
segment_main (unsigned int hi, unsigned int lo)
{
  struct scm_i_c_segment *seg
    = (struct scm_i_c_segment *) (((uintptr_t) hi << 32) | lo);
  asan_finish_switch (NULL, &seg->asan_old_bottom, &seg->asan_old_size);
  GC_call_with_gc_active (run_on_segment, seg);
  asan_start_switch (NULL, seg->asan_old_bottom, seg->asan_old_size);
  setcontext (&seg->back);
}

/* Under GC_do_blocking: no allocation and no heap pointer is touched
   until the segment's section starts.  */
static void *
switch_to_segment (void *data)
{
  struct scm_i_c_segment *seg = data;
  uintptr_t p = (uintptr_t) seg;
  if (getcontext (&seg->ctx) != 0)
    return NULL;
  seg->ctx.uc_stack.ss_sp = seg->base;
  seg->ctx.uc_stack.ss_size = seg->bytes;
  seg->ctx.uc_link = NULL;
  makecontext (&seg->ctx, (void (*) (void)) segment_main, 2,
               (unsigned int) (p >> 32), (unsigned int) (p & 0xffffffffu));
  asan_start_switch (&seg->asan_fake, seg->base, seg->bytes);
  swapcontext (&seg->back, &seg->ctx);
  asan_finish_switch (seg->asan_fake, NULL, NULL);
  return NULL;
}

int
scm_i_c_stack_can_grow (struct scm_i_vm *vm)
{
  if (vm->c_segment_retry > 0)
    {
      vm->c_segment_retry--;
      return 0;
    }
  return vm->c_stack_grow != 0
    && vm->c_segment_bytes + SEGMENT_MIN_BYTES <= segments_budget (vm);
}

void
scm_i_with_more_c_stack (void (*fn) (void *), void *data)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  struct scm_i_c_segment seg;
  seg.vm = vm;
  seg.fn = fn;
  seg.data = data;
  seg.target = NULL;
  seg.ran = 0;
  if (map_segment (vm, &seg))
    {
      GC_do_blocking (switch_to_segment, &seg);
      unmap_segment (vm, &seg);
      if (seg.target != NULL)
        scm_i_jump (vm, seg.target);
    }
  /* No more stack (or no context to switch to): the walk goes on here
     and meets the depth error, without trying again at every node
     (only every RETRY_AFTER checks below the grow mark).  */
  if (!seg.ran)
    {
      vm->c_segment_retry = RETRY_AFTER;
      fn (data);
    }
}

void
scm_i_jump (struct scm_i_vm *vm, scm_i_jump_point *target)
{
  /* TARGET lies in the frame it returns to: on this segment, or
     outside it (an older segment, or the thread's own stack).  */
  struct scm_i_c_segment *seg = vm->c_segment;
  if (seg != NULL && !((char *) target >= seg->base
                       && (char *) target < seg->base + seg->bytes))
    {
      seg->target = target;
      longjmp (seg->exit, 1);
    }
  longjmp (*target, 1);
}
