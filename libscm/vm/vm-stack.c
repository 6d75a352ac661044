/* vm-stack.c -- the VM of each thread, and its stack
   SPDX-License-Identifier: LGPL-3.0-or-later

   A thread's VM is made on its first use (scm_i_current_vm) and given
   back when the thread exits; VMs are never freed, so that a signal
   handler may walk them (scm_request_interrupt).  Each stack is a
   mapping of its own, outside the collector's heap, reserved for the
   whole limit: reserve_stack raises the high-water mark that ENTER
   compares against, stack_overflow raises the error past the limit
   with a reserve left for the handler, and the top level gives the
   pages of a deep recursion back.  Saving and restoring the registers
   around a catch is here too: it is offsets into this stack.  The
   interpreter loop itself is in vm.c.  */

#include "runtime/scm-internal.h"
#include "vm/vm-internal.h"
#include "gc/finalizers-internal.h"

#include <pthread.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/resource.h>
#include <sys/mman.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libscm/conditions.h>
#include <libscm/eval.h>
#include <libscm/symbols.h>
#include <libscm/throw.h>

#define INITIAL_STACK_SLOTS 1024
#define HIGH_WATER_STEP 256

#define DEFAULT_STACK_LIMIT ((size_t) 256 << 20)

/* The limit of VMs made from now on (configuration, set before
   threads start); each VM has its own.  */
static size_t default_stack_limit = DEFAULT_STACK_LIMIT;

/* Every VM, for scm_request_interrupt (a signal handler cannot know
   which thread it runs in).  Slots are only ever filled.  */
struct scm_i_vm *volatile scm_i_all_vms[SCM_I_MAX_VMS];

/* Initial-exec: read at every boundary and most primitives, where the
   general model costs a __tls_get_addr call.  */
static __thread struct scm_i_vm *current_vm
  __attribute__ ((tls_model ("initial-exec")));

struct scm_i_vm *
scm_i_current_vm_if_any (void)
{
  return current_vm;
}

/* ------------------------------------------------------------------ */
/* The VM of a thread and its stack.  */

/* The C stack address below which a nested run is refused: the low
   end of this thread's stack plus a margin for raising the error.
   0 (no check) if the stack cannot be found.  */
/* The main thread's stack, without pthread_getattr_np: for that thread
   glibc reads all of /proc/self/maps, which cost start-up 180,000
   instructions (libgc has done it once already).  Its stack grows down
   from the bottom libgc registered, as far as RLIMIT_STACK allows.
   Returns 0 if this is not the main thread or the limit is unknown.  */
static int
main_thread_stack (uintptr_t *addr, size_t *size)
{
  struct GC_stack_base sb;
  struct rlimit rl;
  if (getpid () != (pid_t) syscall (SYS_gettid)
      || GC_get_my_stackbottom (&sb) == NULL || sb.mem_base == NULL
      || getrlimit (RLIMIT_STACK, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY
      || rl.rlim_cur > ((rlim_t) 1 << 36)
      || (uintptr_t) sb.mem_base < rl.rlim_cur)
    return 0;
  *addr = (uintptr_t) sb.mem_base - rl.rlim_cur;
  *size = rl.rlim_cur;
  return 1;
}

/* The low mark of the thread's C stack, and in *GROW its grow mark
   (the reserve, or a quarter of the stack if it is small).  */
static uintptr_t
c_stack_low_mark (uintptr_t *grow)
{
  pthread_attr_t attr;
  void *addr;
  uintptr_t start;
  size_t size;
  if (main_thread_stack (&start, &size))
    addr = (void *) start;
  else
    {
      if (pthread_getattr_np (pthread_self (), &attr) != 0)
        return *grow = 0;
      int found = pthread_attr_getstack (&attr, &addr, &size) == 0;
      pthread_attr_destroy (&attr);
      if (!found)
        return *grow = 0;
    }
  /* The margin is what raising the error takes: an eighth of the
     stack, between 64 KiB and 1 MiB; on a small stack (a 64 KiB
     pthread, musl's 128 KiB default) a quarter of it, and at least
     32 KiB or half, so that the check stays on where it matters
     most.  */
  size_t margin = size / 8;
  if (margin < 64 * 1024)
    {
      margin = size / 4;
      if (margin < 32 * 1024)
        margin = size / 2 < 32 * 1024 ? size / 2 : 32 * 1024;
    }
  if (margin > 1024 * 1024)
    margin = 1024 * 1024;
  size_t reserve = size / 4 < SCM_I_C_STACK_GROW_RESERVE
    ? size / 4 : SCM_I_C_STACK_GROW_RESERVE;
  *grow = (uintptr_t) addr + margin + reserve;
  return (uintptr_t) addr + margin;
}

static size_t reserve_slots (struct scm_i_vm *vm);

/* ENTER compares a frame's need with enter_limit: high_water, or
   NULL while an interrupt is pending, so that one compare on the call
   path catches both.  The fence orders this against
   scm_request_interrupt, which sets the flag and then the limit: a
   request is never lost between the two stores.  */
static void
set_enter_limit (struct scm_i_vm *vm)
{
  vm->enter_limit = vm->high_water;
  __atomic_thread_fence (__ATOMIC_SEQ_CST);
  if (vm->interrupt_pending || vm->instance_check || scm_i_finalizers_pending
      || vm->counting_steps || vm->profile_pending || vm->step_mode)
    vm->enter_limit = NULL;
}

/* The stack lives in its own mapping, outside the collector's heap:
   address space for the whole limit (and the overflow reserve) is
   reserved at once, and the kernel gives it pages only as they are
   touched, so the stack never moves or copies as it grows, untouched
   slots cost nothing, and the collector scans only the slots below the
   high-water mark (push_vm_stacks), not the whole block.  After a deep
   recursion, the top level gives the pages back (release_stack_pages).
   A mapping replaced because the limit was raised (move_stack) is kept
   until the stack is back at the top level, since C code may still
   point into it until then.  */

/* Bytes of the mapping for VM's limit, with the overflow reserve.  */
static size_t
mapping_bytes (struct scm_i_vm *vm)
{
  size_t page = 4096;
  size_t slots = vm->stack_limit / sizeof (SCM) + 2 * reserve_slots (vm)
    + 2 * HIGH_WATER_STEP + 64;
  return (slots * sizeof (SCM) + page - 1) / page * page;
}

/* The smallest stack limit a VM falls back to when the address space
   for its limit is refused (new_stack).  */
#define MIN_FALLBACK_LIMIT ((size_t) 1 << 20)

/* A zeroed mapping of BYTES, or NULL.  */
static SCM *
map_stack (size_t bytes)
{
  void *p = mmap (NULL, bytes, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

static void
unmap_old_stacks (struct scm_i_vm *vm)
{
  for (size_t i = 0; i < vm->n_old_maps; i++)
    munmap (vm->old_maps[i].base, vm->old_maps[i].bytes);
  vm->n_old_maps = 0;
}

/* A fresh stack holding only the bottom frame, whose header (saved fp:
   itself) ends the chain of frames.  CAP is unused: the mapping covers
   the limit.  */
static void
new_stack (struct scm_i_vm *vm, size_t cap)
{
  (void) cap;
  if (vm->stack != NULL && vm->map_bytes == mapping_bytes (vm))
    {
      /* Reuse the mapping (a thread's VM taken over, or a reset).  */
      memset (vm->stack, 0, SCM_I_STACK_BOTTOM * sizeof (SCM));
    }
  else
    {
      if (vm->stack != NULL)
        munmap (vm->stack, vm->map_bytes);
      size_t bytes = mapping_bytes (vm);
      vm->stack = map_stack (bytes);
      /* Under an address-space limit (ulimit -v) the reservation for
         the whole limit may be refused; a lower limit for this VM is
         better than no interpreter (the first VM is made during
         scm_init, before an error could be caught).  */
      while (vm->stack == NULL && vm->stack_limit > MIN_FALLBACK_LIMIT)
        {
          vm->stack_limit /= 2;
          bytes = mapping_bytes (vm);
          vm->stack = map_stack (bytes);
        }
      if (vm->stack == NULL)
        scm_out_of_memory ("the VM stack", bytes);
      vm->map_bytes = bytes;
    }
  vm->stack_end = vm->stack + vm->map_bytes / sizeof (SCM);
  vm->stack[0] = scm_i_frame_link (vm->stack, vm->stack + SCM_I_STACK_BOTTOM);
  vm->stack[1] = SCM_BOOL_F;
  vm->stack[2] = SCM_PACK_POINTER (scm_i_halt_code ());
  vm->sp = vm->fp = vm->high_water = vm->frozen_top = vm->stack + SCM_I_STACK_BOTTOM;
  vm->frozen = SCM_BOOL_F;
  set_enter_limit (vm);
}

/* A VM whose thread has exited, to reuse; VMs are never freed, so that
   scm_request_interrupt, called from a signal handler, never writes to
   freed memory.  */
static struct scm_i_vm *
claim_idle_vm (void)
{
  for (size_t i = 0; i < SCM_I_MAX_VMS && scm_i_all_vms[i] != NULL; i++)
    if (__sync_bool_compare_and_swap (&scm_i_all_vms[i]->idle, 1, 0))
      return scm_i_all_vms[i];
  return NULL;
}

/* The thread of VM exits: give its stack back and let another thread
   take it.  */
/* The mappings of a VM taken out of the collector's sight.  */
struct detached_stacks
{
  struct scm_i_vm *vm;
  /* The replaced mappings and the current one.  */
  struct { SCM *base; size_t bytes; }
    maps[sizeof ((struct scm_i_vm *) 0)->old_maps
         / sizeof ((struct scm_i_vm *) 0)->old_maps[0] + 1];
  size_t n;
};

/* Under the allocation lock: no collection is pushing VM's stacks
   while they leave it.  */
static void *GC_CALLBACK
detach_stacks (void *data)
{
  struct detached_stacks *d = data;
  struct scm_i_vm *vm = d->vm;
  d->n = 0;
  for (size_t i = 0; i < vm->n_old_maps; i++)
    {
      d->maps[d->n].base = vm->old_maps[i].base;
      d->maps[d->n++].bytes = vm->old_maps[i].bytes;
    }
  vm->n_old_maps = 0;
  if (vm->stack != NULL)
    {
      d->maps[d->n].base = vm->stack;
      d->maps[d->n++].bytes = vm->map_bytes;
    }
  vm->map_bytes = 0;
  vm->stack = vm->stack_end = vm->sp = vm->fp = vm->high_water = NULL;
  return NULL;
}

static void
release_vm (void *data)
{
  /* No allocation: the thread may no longer be known to the
     collector, so the world-stop does not stop it, and another
     thread's collection may be scanning this VM's stack right now;
     the stack leaves the roots under the collector's lock before it
     is unmapped.  The next owner makes a new stack.  */
  struct scm_i_vm *vm = data;
  struct detached_stacks d = { .vm = vm };
  GC_call_with_alloc_lock (detach_stacks, &d);
  for (size_t i = 0; i < d.n; i++)
    munmap (d.maps[i].base, d.maps[i].bytes);
  vm->enter_limit = NULL;
  vm->frozen_top = NULL;
  vm->closure = vm->frozen = SCM_BOOL_F;
  vm->winders = vm->handlers = vm->params = SCM_EOL;
  vm->resume_k = vm->resume_vals = SCM_BOOL_F;
  vm->rebased_k = vm->rebased_onto = vm->rebased_winders = SCM_BOOL_F;
  vm->act = NULL;
  vm->catch_top = NULL;
  vm->limit = NULL;
  __atomic_store_n (&vm->watch_deadline, 0, __ATOMIC_SEQ_CST);
  vm->counting_steps = 0;
  vm->step_mode = 0;
  vm->depth = 0;
  __sync_synchronize ();
  vm->idle = 1;
}

static pthread_key_t vm_key;
static pthread_once_t vm_key_once = PTHREAD_ONCE_INIT;
static void make_vm_key (void) { pthread_key_create (&vm_key, release_vm); }

scm_t_bits *
scm_i_vm_alloc (size_t words)
{
  if (SCM_LIKELY (current_vm != NULL))
    return scm_i_fl_alloc (&current_vm->fl, scm_i_fl_index (words));
  return scm_i_alloc (words * sizeof (scm_t_bits));
}

size_t
scm_i_vm_unused_fl_bytes (void)
{
  return current_vm != NULL ? scm_i_fl_unused_bytes (&current_vm->fl) : 0;
}

struct scm_i_vm *
scm_i_current_vm (void)
{
  if (SCM_LIKELY (current_vm != NULL))
    return current_vm;
  struct scm_i_vm *vm = claim_idle_vm ();
  if (vm == NULL)
    {
      /* Uncollectable: reached from a thread-local pointer, which libgc
         does not scan; it holds the stack block and the saved
         closure.  */
      vm = GC_MALLOC_UNCOLLECTABLE (sizeof *vm);
      if (vm == NULL)
        scm_out_of_memory ("scm_init", sizeof *vm);
      vm->closure = SCM_BOOL_F;
      for (size_t i = 0; i < SCM_I_MAX_VMS; i++)
        if (scm_i_all_vms[i] == NULL
            && __sync_bool_compare_and_swap (&scm_i_all_vms[i], NULL, vm))
          break;
    }
  vm->stack_limit = default_stack_limit;
  new_stack (vm, INITIAL_STACK_SLOTS);
  vm->ip = scm_i_halt_code ();
  vm->act = NULL;
  vm->catch_top = NULL;
  vm->winders = vm->handlers = vm->params = SCM_EOL;
  vm->spare_unwinders = SCM_EOL;
  vm->module = SCM_BOOL_F;
  vm->resume = SCM_I_RESUME_NONE;
  vm->resume_k = vm->resume_vals = SCM_BOOL_F;
  vm->rebased_k = vm->rebased_onto = vm->rebased_winders = SCM_BOOL_F;
  vm->overflow_reserve = 0;
  vm->overflowed = 0;
  vm->n_charges = 0;
  vm->interrupt_pending = 0;
  vm->collections_abandoned = 0;
  vm->awaiting_input = 0;
  vm->instance_check = 0;
  vm->entry = NULL;
  vm->limit = NULL;
  vm->watch_deadline = 0;
  vm->deadline_check = 0;
  vm->counting_steps = 0;
  vm->step_mode = 0;
  vm->c_stack_low = c_stack_low_mark (&vm->c_stack_grow);
  vm->c_segment = NULL;
  vm->c_segment_bytes = 0;
  vm->c_segment_retry = 0;
  pthread_once (&vm_key_once, make_vm_key);
  pthread_setspecific (vm_key, vm);
  current_vm = vm;
  return vm;
}

size_t
scm_set_stack_limit (size_t bytes)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  size_t old = vm->stack_limit;
  if (bytes < INITIAL_STACK_SLOTS * sizeof (SCM))
    bytes = INITIAL_STACK_SLOTS * sizeof (SCM);
  vm->stack_limit = default_stack_limit = bytes;
  return old;
}

void
scm_request_interrupt (void)
{
  for (size_t i = 0; i < SCM_I_MAX_VMS; i++)
    if (scm_i_all_vms[i] != NULL)
      {
        scm_i_all_vms[i]->interrupt_pending = 1;
        __atomic_thread_fence (__ATOMIC_SEQ_CST);
        scm_i_all_vms[i]->enter_limit = NULL;
      }
}

void
scm_i_vm_request_interrupt (struct scm_i_vm *vm)
{
  vm->interrupt_pending = 1;
  __atomic_thread_fence (__ATOMIC_SEQ_CST);
  vm->enter_limit = NULL;
}

void
scm_i_vm_request_instance_check_of (struct scm_i_vm *vm)
{
  vm->instance_check = 1;
  __atomic_thread_fence (__ATOMIC_SEQ_CST);
  vm->enter_limit = NULL;
}

void
scm_i_vm_request_instance_check (void)
{
  for (size_t i = 0; i < SCM_I_MAX_VMS; i++)
    if (scm_i_all_vms[i] != NULL)
      scm_i_vm_request_instance_check_of (scm_i_all_vms[i]);
}

void
scm_i_vm_refresh_enter_limit (struct scm_i_vm *vm)
{
  set_enter_limit (vm);
}

void
scm_i_vm_request_safe_point (void)
{
  for (size_t i = 0; i < SCM_I_MAX_VMS; i++)
    if (scm_i_all_vms[i] != NULL)
      {
        __atomic_thread_fence (__ATOMIC_SEQ_CST);
        scm_i_all_vms[i]->enter_limit = NULL;
      }
}

/* The slots a handler of stack-overflow may use above the limit.  */
static size_t
reserve_slots (struct scm_i_vm *vm)
{
  size_t r = vm->stack_limit / sizeof (SCM) / 16;
  return r < 8192 ? 8192 : r;
}

/* How many top-level evaluations, after a stack overflow, end by trying
   to give back the heap the recursion left (scm_i_end_toplevel_eval):
   until the host's next evaluation, some of it may still be reachable
   (60 MB of 145 were, in a test, for reasons not found).  */
#define OVERFLOW_HEAP_TRIES 3

/* The first overflow is an ordinary condition, and the stack gets a
   reserve so that a handler can run; an overflow while the reserve is
   in use goes straight to the innermost C catch, past every Scheme
   handler, since none could run.  */
static void SCM_NORETURN
stack_overflow (struct scm_i_vm *vm)
{
  if (vm->limit != NULL)
    scm_i_limit_stack_overflow (vm);
  size_t kib = vm->stack_limit >> 10;
  char message[128];
  snprintf (message, sizeof message,
            "stack overflow (the VM stack reached its limit of %zu %s)",
            kib % 1024 ? kib : kib >> 10, kib % 1024 ? "KiB" : "MiB");
  SCM c = scm_make_condition (scm_from_utf8_symbol ("stack-overflow"),
                              SCM_BOOL_F, scm_from_utf8_string (message),
                              SCM_EOL);
  vm->overflowed = OVERFLOW_HEAP_TRIES;
  if (vm->overflow_reserve)
    scm_i_raise_to_c (c);
  vm->overflow_reserve = 1;
  scm_raise (c);
}

/* Give the reserve back once the stack (with what is charged to it)
   is well below its limit.  */
void
scm_i_check_overflow_reserve (struct scm_i_vm *vm)
{
  if (vm->overflow_reserve
      && (size_t) (vm->sp - vm->stack) * sizeof (SCM)
         + scm_i_vm_charged_bytes (vm) < vm->stack_limit / 2)
    vm->overflow_reserve = 0;
}

/* The slots the stack may use, with the reserve while it is in use,
   less those that the heap records charged to it stand for.  */
static size_t
usable_slots (struct scm_i_vm *vm)
{
  size_t max = vm->stack_limit / sizeof (SCM);
  if (vm->overflow_reserve)
    max += reserve_slots (vm);
  size_t charged = (scm_i_vm_charged_bytes (vm) + sizeof (SCM) - 1)
    / sizeof (SCM);
  return charged < max ? max - charged : 0;
}

void
scm_i_vm_check_charges (struct scm_i_vm *vm)
{
  if ((size_t) (vm->sp - vm->stack) > usable_slots (vm))
    stack_overflow (vm);
}

/* Move the stack to a mapping for the (raised) limit.  */
static void
move_stack (struct scm_i_vm *vm, size_t cap)
{
  (void) cap;
  SCM *old = vm->stack;
  size_t bytes = mapping_bytes (vm);
  if (vm->n_old_maps == sizeof vm->old_maps / sizeof vm->old_maps[0])
    stack_overflow (vm);
  SCM *stack = map_stack (bytes);
  if (stack == NULL)
    scm_out_of_memory ("the VM stack", bytes);
  memcpy (stack, old, (size_t) (vm->high_water - old) * sizeof (SCM));
  vm->old_maps[vm->n_old_maps].base = old;
  vm->old_maps[vm->n_old_maps].bytes = vm->map_bytes;
  vm->n_old_maps++;
  vm->map_bytes = bytes;
  /* Frames link by offsets (including headers pushed for calls not
     made yet), so only the registers move.  */
  ptrdiff_t delta = stack - old;
  vm->sp += delta;
  vm->fp += delta;
  vm->high_water += delta;
  vm->frozen_top += delta;
  set_enter_limit (vm);
  vm->stack = stack;
  vm->stack_end = stack + bytes / sizeof (SCM);
}

/* Make the slots below NEED usable: raise high_water, growing the
   stack if it must.  Raises stack-overflow past the limit.  */
static void
reserve_stack (struct scm_i_vm *vm, SCM *need)
{
  size_t used = (size_t) (need - vm->stack);
  size_t cap = (size_t) (vm->stack_end - vm->stack);
  /* The block may be larger than the limit (it grew into the reserve
     once): check the limit itself.  */
  if (used > usable_slots (vm))
    stack_overflow (vm);
  if (used + HIGH_WATER_STEP > cap)
    {
      /* Only when the limit was raised past the mapping.  */
      if (mapping_bytes (vm) <= vm->map_bytes)
        stack_overflow (vm);
      ptrdiff_t off = need - vm->stack;
      move_stack (vm, 0);
      need = vm->stack + off;
    }
  SCM *hw = need + HIGH_WATER_STEP;
  if (hw > vm->stack_end)
    hw = vm->stack_end;
  if (hw > vm->high_water)
    vm->high_water = hw;
  set_enter_limit (vm);
}

void
scm_i_reserve_stack (struct scm_i_vm *vm, SCM *need)
{
  reserve_stack (vm, need);
}

/* Back at the outermost level with an empty stack: zero what was used,
   and give a stack that a deep recursion grew back to the collector.  */
/* Zero the slots from SP up to the high-water mark, which comes down
   to SP.  After a deep recursion the pages go back to the kernel
   instead (they read as zeros afterwards), so that the memory a runaway
   recursion took is given back as soon as it has unwound.  */
void
scm_i_vm_discard_slots (SCM *from, SCM *to)
{
  if (to <= from)
    return;
  size_t bytes = (size_t) (to - from) * sizeof (SCM);
  uintptr_t lo = ((uintptr_t) from + 4095) & ~(uintptr_t) 4095;
  uintptr_t hi = (uintptr_t) to & ~(uintptr_t) 4095;
  if (bytes > ((size_t) 1 << 20) && hi > lo)
    {
      memset (from, 0, lo - (uintptr_t) from);
      madvise ((void *) lo, hi - lo, MADV_DONTNEED);
      memset ((void *) hi, 0, (uintptr_t) to - hi);
    }
  else
    memset (from, 0, bytes);
}

static void
lower_high_water (struct scm_i_vm *vm, SCM *sp)
{
  if (vm->high_water > sp)
    scm_i_vm_discard_slots (sp, vm->high_water);
  vm->high_water = sp;
}

void
scm_i_vm_reset_stack (struct scm_i_vm *vm)
{
  vm->n_charges = 0;
  unmap_old_stacks (vm);
  lower_high_water (vm, vm->sp);
  vm->overflow_reserve = 0;
  /* Stepping ends with the outermost evaluation (vm/step.c).  */
  vm->step_mode = 0;
  set_enter_limit (vm);
  if (vm->charges_cap > 4096)
    {
      /* A runaway recursion's charges array goes back (20 MB at the
         default limit through guard, parameterize and a handler).  */
      free (vm->charges);
      vm->charges = NULL;
      vm->charges_cap = 0;
    }
}

int
scm_i_vm_overflow_over_p (int done)
{
  struct scm_i_vm *vm = current_vm;
  if (vm == NULL || vm->overflowed == 0 || vm->depth > 0)
    return 0;
  vm->overflowed = done ? 0 : vm->overflowed - 1;
  return 1;
}

/* ------------------------------------------------------------------ */
/* Saving and restoring the registers around a catch.  Offsets, not
   pointers: the stack may move in between.  */

void
scm_i_vm_save (struct scm_i_vm_state *s)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  s->sp = (size_t) (vm->sp - vm->stack);
  s->fp = (size_t) (vm->fp - vm->stack);
  s->ip = vm->ip;
  s->closure = vm->closure;
  s->depth = vm->depth;
  s->act = vm->act;
  s->frozen_top = (size_t) (vm->frozen_top - vm->stack);
  s->frozen = vm->frozen;
  s->winders = vm->winders;
  s->handlers = vm->handlers;
  s->params = vm->params;
}

void
scm_i_vm_restore (const struct scm_i_vm_state *s)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  vm->sp = vm->stack + s->sp;
  vm->fp = vm->stack + s->fp;
  vm->ip = s->ip;
  vm->closure = s->closure;
  vm->depth = s->depth;
  vm->act = s->act;
  vm->frozen_top = vm->stack + s->frozen_top;
  vm->frozen = s->frozen;
  vm->winders = s->winders;
  vm->handlers = s->handlers;
  vm->params = s->params;
  vm->resume = SCM_I_RESUME_NONE;
  vm->resume_k = vm->resume_vals = SCM_BOOL_F;
  /* Whatever lies above the restored top is garbage now.  */
  scm_i_vm_drop_charges (vm, vm->sp);
  lower_high_water (vm, vm->sp);
  set_enter_limit (vm);
  scm_i_check_overflow_reserve (vm);
  if (vm->depth == 0)
    scm_i_vm_reset_stack (vm);
}
