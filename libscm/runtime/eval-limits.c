/* eval-limits.c -- enforced limits on an evaluation: time, allocation, stack
   SPDX-License-Identifier: LGPL-3.0-or-later

   An evaluation under limits has a state (struct scm_i_limit_state)
   reached from its VM (vm->limit, innermost first) and, while it has a
   time or allocation budget, from the watchdog's list.  The watchdog
   is one thread for the process: it sleeps until the nearest deadline,
   or, while an allocation budget is watched, until halfway to when the
   recent allocation rate would spend it (50 us to 5 ms: the rate is
   the process's, GC_get_total_bytes, an upper bound of any one
   evaluation's; libgc offers no event for a count),
   and when a budget is spent it marks the state and requests an
   interrupt of that one VM, the way scm_request_interrupt does (the
   flag, then the enter limit that every call and loop compares with).
   The VM's interrupt check (vm.c, `interrupted') asks here first: a
   fired limit raises its limit-exceeded condition instead of an
   ordinary interrupt, so every place that polls for Ctrl-C (the VM's
   calls and loops, the long primitives) honours limits too, and no
   Scheme code runs in a signal handler or in the watchdog.

   Stages: ARMED -> FIRED (the watchdog saw a budget spent) ->
   UNWINDING (the condition was raised; the after thunks run, with a
   second budget as large as the first) -> ABORT (that too was spent:
   the condition is raised again at every poll and unwinds without
   running after thunks).  No Scheme handler receives the condition
   while its state is live (scm_i_limit_uncatchable_p); a C catch
   inside the evaluation may, but a catch that swallows it only delays
   the ABORT stage.  Large allocations check the allocation budget
   before they are made (scm_i_check_alloc_budget), so one huge vector
   cannot overshoot by much more than the watchdog's period allows, and
   the VM's free lists check at every block they take
   (scm_i_poll_alloc_budget), so that Scheme code that conses
   overshoots by a few blocks at most, however late the watchdog wakes
   on a loaded machine.

   Allocation is counted per thread (scm_i_thread_allocated, written
   by its thread alone, no lock): a budget's bytes are the sum over
   the threads that draw on it of what each allocated since it joined,
   so that one tenant's allocation never spends another's budget.
   Threads that an evaluation starts join its budget (struct budget,
   scm_i_limits_share): they take steps from the same count, atomically
   once shared, have the same deadline, and are fired when the
   evaluation's own state fires or is disarmed.

   Stack limits need no watchdog: the VM's own limit is lowered for
   the evaluation, and its overflow (vm.c, stack_overflow) is raised as
   a limit when a state set it.  */

#include "runtime/scm-internal.h"
#include "vm/vm-internal.h"
#include "runtime/conditions-internal.h"
#include "runtime/control-internal.h"
#include "runtime/init-internal.h"
#include "runtime/instance-internal.h"
#include "gc/finalizers-internal.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/eval.h>
#include <libscm/eval-limits.h>
#include <libscm/numbers.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>
#include <libscm/strings.h>
#include <libscm/pairs.h>
#include <libscm/lists.h>

enum stage { ARMED, FIRED, UNWINDING, ABORT };

/* What an evaluation shares with the threads it starts (and they with
   theirs): one step count and one count of bytes allocated, and the
   list of the states that draw on them, so that the evaluation's end or
   its exceeded limit stops them all.  Reference-counted (the states
   and the thread records that will arm one); the fields other than
   STEPS_LEFT are under wd_lock.  */
struct budget
{
  int refs;                     /* atomic */
  struct scm_i_limit_state *holder; /* the state it lives in */
  uint64_t steps_left;          /* atomic */
  /* Bytes allocated by member states that have been disarmed.  */
  size_t alloc_gone;
  struct scm_i_limit_state *members;
  unsigned n_members;
  /* The evaluation that made it is over, or raised its limit: REASON
     (SCM_LIMIT_NONE: it returned) stops every member armed later.  */
  int ended;
  scm_t_limit_kind reason;
};

struct scm_i_limit_state
{
  struct scm_i_vm *vm;
  struct scm_i_limit_state *outer;        /* vm->limit before this one */
  struct scm_i_limit_state *next_active;  /* the watchdog's list */
  int watched;                  /* on the watchdog's list */
  int armed;                    /* not yet disarmed */
  /* Budgets, and when they are spent: a monotonic time in ns, a count
     of bytes of the group (group_allocated); 0 for none.  */
  uint64_t time_budget, deadline;
  size_t alloc_budget, alloc_limit;
  size_t stack_budget, stack_limit, saved_stack_limit;
  /* Steps: counted down by the evaluator itself (scm_i_limit_steps) in
     BUDGET, no watchdog needed.  */
  uint64_t step_budget;
  /* The group this state belongs to (the evaluation's own, or, in a
     thread it started, the evaluation's), and the link in its list.  */
  struct budget *budget;
  struct scm_i_limit_state *next_member;
  /* The allocation counter of the state's thread
     (scm_i_thread_allocated), and its value when the state was
     armed.  */
  const size_t *alloc_counter;
  size_t alloc_start;
  /* The budget of the evaluation this state is, unless it joined one
     (threads).  */
  struct budget own;
  volatile int stage;           /* written under wd_lock */
  scm_t_limit_kind reason;
  SCM condition;                /* once raised */
  /* While UNWINDING: the C frame that raised the condition.  The after
     thunks run below it; code that runs above it again has escaped
     the unwinding (an after thunk raised to a handler inside the
     evaluation, or called a continuation), and the limit aborts.  To
     see that at once, the state makes the VM take its slow path at
     every call and loop (counting_steps) while it unwinds.  */
  uintptr_t unwind_frame;
  int forces_slow_path;
  /* The instance whose memory quota this state watches (the state
     that entered it: one per stay), or NULL.  Its thread measures the
     instance when its counter reaches QUOTA_NEXT; QUOTA_START is the
     counter when it last measured or armed.  Once fired: what the
     measure found (with the allocation that asked) and the quota.  */
  struct scm_i_instance *quota_inst;
  size_t quota_start, quota_next, quota_kept, quota;
  /* A time limit of the evaluation's own that the watchdog does not
     list: the VM publishes its deadline instead (publish_deadline), and
     the VM's own thread fires it when poked (fire_passed_deadlines), so
     that arming and disarming take no lock.  */
  int lazy;
};

/* Nonzero while some evaluation has an allocation budget: the large
   allocation path checks it before calling out.  */
volatile int scm_i_alloc_budgets;

SCM_SYMBOL (sym_limit_exceeded, "limit-exceeded");
SCM_SYMBOL (sym_time, "time");
SCM_SYMBOL (sym_allocation, "allocation");
SCM_SYMBOL (sym_stack, "stack");
SCM_SYMBOL (sym_steps, "steps");
SCM_SYMBOL (sym_memory, "memory");
SCM_SYMBOL (sym_ended, "ended");

static uint64_t
now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* ------------------------------------------------------------------ */
/* The watchdog.  */

static pthread_mutex_t wd_lock = PTHREAD_MUTEX_INITIALIZER;
/* How often the watchdog looks at the allocation of a thread in an
   instance with a memory quota, in ns.  */
#define QUOTA_PERIOD 2000000u
static pthread_cond_t wd_cond;
static pthread_once_t wd_once = PTHREAD_ONCE_INIT;
static int wd_running;
static struct scm_i_limit_state *wd_active;
/* When the watchdog will look next (UINT64_MAX: when woken).  */
static uint64_t wd_next_wake = UINT64_MAX;

/* Ask S's VM to stop at its next poll (under wd_lock).  */
static void
poke (struct scm_i_limit_state *s)
{
  scm_i_vm_request_interrupt (s->vm);
}

/* Whether other threads may reach S's budget: a thread was started
   under it.  Only then do the budget's counts need atomics or the
   lock.  */
static int
shared_budget (const struct budget *b)
{
  return __atomic_load_n (&b->refs, __ATOMIC_ACQUIRE) > 1;
}

static void
fire (struct scm_i_limit_state *s, scm_t_limit_kind reason)
{
  if (s->stage == ARMED)
    {
      s->reason = reason;
      s->stage = FIRED;
    }
  else if (s->stage == UNWINDING)
    s->stage = ABORT;
  poke (s);
  /* The evaluation that owns the budget ends: so do the threads it
     started (with the same reason).  */
  struct budget *b = s->budget;
  if (b != NULL && b->holder == s && shared_budget (b))
    {
      if (!b->ended)
        {
          b->ended = 1;
          b->reason = s->reason;
        }
      for (struct scm_i_limit_state *m = b->members; m; m = m->next_member)
        if (m != s)
          fire (m, b->reason);
    }
}

/* Bytes that member M's thread allocated since M was armed.  The
   counter is written by its own thread only; others read a value a
   little old, which the next look corrects.  */
static size_t
member_allocated (const struct scm_i_limit_state *m)
{
  return __atomic_load_n (m->alloc_counter, __ATOMIC_RELAXED) - m->alloc_start;
}

/* Bytes allocated under budget B by all its threads: under wd_lock, or
   from B's own thread while B is not shared.  */
static size_t
group_allocated (const struct budget *b)
{
  size_t total = b->alloc_gone;
  for (const struct scm_i_limit_state *m = b->members; m; m = m->next_member)
    total += member_allocated (m);
  return total;
}

/* When to look again at an allocation budget with REMAINING bytes
   left, allocation going at RATE bytes per ns: halfway to the
   predicted exhaustion, between 50 us and 5 ms from NOW.  */
static uint64_t
alloc_wake (uint64_t now, size_t remaining, double rate)
{
  double ns = rate > 0 ? remaining / rate / 2 : 1e6;
  if (ns < 5e4)
    ns = 5e4;
  if (ns > 5e6)
    ns = 5e6;
  return now + (uint64_t) ns;
}

/* The deadlines the VMs published (watch_deadline): poke each VM whose
   deadline has passed, once per deadline (POKED, the watchdog's own,
   on its stack: static data would be scanned by the collector), and
   return WAKE lowered to the nearest deadline yet to come.  */
static uint64_t
watch_vms (uint64_t *poked, uint64_t now, uint64_t wake)
{
  for (size_t i = 0; i < SCM_I_MAX_VMS; i++)
    {
      struct scm_i_vm *vm = scm_i_all_vms[i];
      if (vm == NULL)
        continue;
      uint64_t d = __atomic_load_n (&vm->watch_deadline, __ATOMIC_SEQ_CST);
      if (d == 0)
        continue;
      if (now < d)
        {
          if (d < wake)
            wake = d;
        }
      else if (poked[i] != d)
        {
          poked[i] = d;
          vm->deadline_check = 1;
          scm_i_vm_request_instance_check_of (vm);
        }
    }
  return wake;
}

static void *
watchdog (void *unused)
{
  (void) unused;
  size_t last_total = 0;
  uint64_t last_now = 0;
  uint64_t poked[SCM_I_MAX_VMS] = { 0 };
  pthread_mutex_lock (&wd_lock);
  for (;;)
    {
      uint64_t now = now_ns (), wake = UINT64_MAX;
      double rate = 0;
      /* The process's allocation rate bounds each group's: it sets
         how soon to look again, not whether a budget is spent.  */
      if (scm_i_alloc_budgets)
        {
          size_t total = GC_get_total_bytes ();
          if (last_now != 0 && now > last_now && total >= last_total)
            rate = (double) (total - last_total) / (double) (now - last_now);
          last_total = total;
          last_now = now;
        }
      else
        last_now = 0;
      for (struct scm_i_limit_state *s = wd_active; s; s = s->next_active)
        {
          if (s->stage == FIRED || s->stage == ABORT)
            continue;           /* the evaluator has yet to see it */
          size_t used = s->alloc_limit != 0 ? group_allocated (s->budget) : 0;
          if (s->deadline != 0 && now >= s->deadline)
            fire (s, SCM_LIMIT_TIME);
          else if (s->alloc_limit != 0 && used >= s->alloc_limit)
            fire (s, SCM_LIMIT_ALLOCATION);
          else
            {
              if (s->quota_inst != NULL)
                {
                  /* The thread measures, at its next poll: C code
                     allocates past the VM's free lists.  */
                  if (member_allocated (s) + s->alloc_start
                      >= __atomic_load_n (&s->quota_next, __ATOMIC_RELAXED))
                    scm_i_vm_request_instance_check_of (s->vm);
                  if (now + QUOTA_PERIOD < wake)
                    wake = now + QUOTA_PERIOD;
                }
              if (s->deadline != 0 && s->deadline < wake)
                wake = s->deadline;
              if (s->alloc_limit != 0)
                {
                  uint64_t w = alloc_wake (now, s->alloc_limit - used, rate);
                  if (w < wake)
                    wake = w;
                }
            }
        }
      wake = watch_vms (poked, now, wake);
      __atomic_store_n (&wd_next_wake, wake, __ATOMIC_SEQ_CST);
      /* A VM that published a deadline while they were read compared it
         with the wake before: read them again (publish_deadline stores,
         then loads wd_next_wake; one of the two sees the other).  */
      uint64_t again = watch_vms (poked, now, wake);
      if (again < wake)
        {
          wake = again;
          __atomic_store_n (&wd_next_wake, wake, __ATOMIC_SEQ_CST);
        }
      if (wake == UINT64_MAX)
        pthread_cond_wait (&wd_cond, &wd_lock);
      else
        {
          struct timespec ts = { (time_t) (wake / 1000000000u),
                                 (long) (wake % 1000000000u) };
          pthread_cond_timedwait (&wd_cond, &wd_lock, &ts);
        }
    }
  return NULL;
}

static void
start_watchdog (void)
{
  pthread_condattr_t attr;
  pthread_condattr_init (&attr);
  pthread_condattr_setclock (&attr, CLOCK_MONOTONIC);
  pthread_cond_init (&wd_cond, &attr);
  pthread_condattr_destroy (&attr);
  pthread_attr_t tattr;
  pthread_attr_init (&tattr);
  pthread_attr_setdetachstate (&tattr, PTHREAD_CREATE_DETACHED);
  pthread_t t;
  /* The watchdog touches no Scheme object: a plain thread, which the
     collector need not stop.  */
  wd_running = pthread_create (&t, &tattr, watchdog, NULL) == 0;
  pthread_attr_destroy (&tattr);
}

/* ------------------------------------------------------------------ */
/* Arming and disarming.  */

static uint64_t
seconds_to_ns (double seconds)
{
  double ns = seconds * 1e9;
  return ns >= 1.8e19 ? UINT64_MAX / 2 : ns < 1 ? 1 : (uint64_t) ns;
}

/* ------------------------------------------------------------------ */
/* Memory quotas (instances.h, scm_instance_set_memory_quota).  The
   first state armed in a stay in an instance with a quota watches it:
   while it does, allocation is counted as for a budget
   (scm_i_alloc_budgets), and its thread measures the instance once it
   has allocated the instance's credit, the bytes left before the next
   measure, which each measure sets to what the instance may still keep
   (a quarter of the quota at least; 64 KiB while over it) and each
   state's end takes what its thread allocated from.  A measure that finds more than the quota fires the state as
   a spent budget fires, so the same poll raises it.  */

/* The smallest quota, and the credit of an instance over its quota.  */
#define QUOTA_MIN ((size_t) 64 * 1024)

static void
watch_quota (struct scm_i_vm *vm, struct scm_i_limit_state *s)
{
  struct scm_i_instance *inst = scm_i_current_instance_or_null ();
  if (inst == NULL || __atomic_load_n (&inst->memory_quota,
                                       __ATOMIC_RELAXED) == 0)
    return;
  for (struct scm_i_limit_state *o = vm->limit; o; o = o->outer)
    if (o->quota_inst == inst)
      return;
  s->quota_inst = inst;
  s->quota_start = scm_i_thread_allocated;
  s->quota_next = s->quota_start
    + __atomic_load_n (&inst->quota_credit, __ATOMIC_RELAXED);
  pthread_mutex_lock (&wd_lock);
  scm_i_alloc_budgets++;
  pthread_mutex_unlock (&wd_lock);
}

static int measure_quota (struct scm_i_limit_state *s, size_t bytes,
                          int may_fire);

/* Once S is VM's: an instance whose credit the evaluations before
   spent (C code's allocation, which the watchdog sees late; a new
   quota) is measured before this one runs, which, if the instance is
   over its quota, then has the credit of one that is.  */
static void
measure_quota_at_start (struct scm_i_limit_state *s)
{
  if (s->quota_inst != NULL && s->quota_next <= s->quota_start)
    measure_quota (s, 0, 0);
}

/* S's thread allocated what it did since it measured or armed: take
   it from the instance's credit.  */
static void
spend_credit (struct scm_i_limit_state *s)
{
  size_t used = *s->alloc_counter - s->quota_start;
  size_t *credit = &s->quota_inst->quota_credit;
  size_t left = __atomic_load_n (credit, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n (credit, &left,
                                       left > used ? left - used : 0, 1,
                                       __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    ;
}

static void
unwatch_quota (struct scm_i_limit_state *s)
{
  if (s->quota_inst == NULL)
    return;
  spend_credit (s);
  s->quota_inst = NULL;
  pthread_mutex_lock (&wd_lock);
  scm_i_alloc_budgets--;
  pthread_mutex_unlock (&wd_lock);
}

/* Measure S's instance, BYTES about to be allocated: if that is more
   than its quota, fire S (if MAY_FIRE) and return 1.  */
static int
measure_quota (struct scm_i_limit_state *s, size_t bytes, int may_fire)
{
  struct scm_i_instance *inst = s->quota_inst;
  size_t quota = __atomic_load_n (&inst->memory_quota, __ATOMIC_RELAXED);
  if (quota == 0)
    {
      s->quota_next = SIZE_MAX;
      return 0;
    }
  size_t kept = scm_i_instance_kept_bytes (inst, quota);
  int over = kept + bytes > quota;
  pthread_mutex_lock (&inst->lock);
  inst->quota_kept = kept;
  inst->over_quota = over;
  pthread_mutex_unlock (&inst->lock);
  /* What it keeps grows by what it allocates at most: it cannot pass
     the quota before it has allocated the difference.  A quarter of the
     quota at least, so that an instance near its quota is not walked
     at every block it takes (it may then pass the quota by that much
     before a measure sees it).  */
  size_t credit = over ? QUOTA_MIN
    : quota - kept > quota / 4 ? quota - kept : quota / 4;
  __atomic_store_n (&inst->quota_credit, credit, __ATOMIC_RELAXED);
  s->quota_start = *s->alloc_counter;
  __atomic_store_n (&s->quota_next, s->quota_start + credit,
                    __ATOMIC_RELAXED);
  if (!over || !may_fire)
    return over;
  s->quota_kept = kept + bytes;
  s->quota = quota;
  pthread_mutex_lock (&wd_lock);
  fire (s, SCM_LIMIT_MEMORY);
  pthread_mutex_unlock (&wd_lock);
  return 1;
}

/* The state of VM's chain whose instance BYTES more would take over
   its quota, measured if its credit is spent, fired; NULL if none.  */
static struct scm_i_limit_state *
fire_over_quota (struct scm_i_vm *vm, size_t bytes)
{
  for (struct scm_i_limit_state *s = vm->limit; s; s = s->outer)
    if (s->quota_inst != NULL && s->stage == ARMED
        && *s->alloc_counter + bytes >= s->quota_next
        && measure_quota (s, bytes, 1))
      return s;
  return NULL;
}

/* A state for VM with no budget yet, not in the VM's chain.  */
static struct scm_i_limit_state *
new_state (struct scm_i_vm *vm)
{
  struct scm_i_limit_state *s = vm->spare_limit;
  if (s != NULL)
    {
      vm->spare_limit = NULL;
      memset (s, 0, sizeof *s);
    }
  else
    {
      s = GC_MALLOC_UNCOLLECTABLE (sizeof *s);
      if (s == NULL)
        scm_out_of_memory ("scm_c_call_with_limits", sizeof *s);
    }
  s->vm = vm;
  s->outer = vm->limit;
  s->armed = 1;
  s->stage = ARMED;
  s->reason = SCM_LIMIT_NONE;
  s->condition = SCM_BOOL_F;
  s->saved_stack_limit = vm->stack_limit;
  s->alloc_counter = &scm_i_thread_allocated;
  s->alloc_start = scm_i_thread_allocated;
  watch_quota (vm, s);
  return s;
}

/* BYTES of VM stack for S beyond what its thread uses now.  */
static void
set_stack_budget (struct scm_i_vm *vm, struct scm_i_limit_state *s,
                  size_t bytes)
{
  if (bytes == 0)
    return;
  size_t used = (size_t) (vm->sp - vm->stack) * sizeof (SCM);
  s->stack_budget = bytes;
  s->stack_limit = used + bytes;
  if (s->stack_limit < vm->stack_limit)
    vm->stack_limit = s->stack_limit;
  else
    s->stack_limit = 0;         /* the thread's own limit is lower */
}

/* Publish the nearest deadline of VM's lazy states, and wake the
   watchdog if it would look later than that.  VM's own thread.  LATER:
   the deadline can only have moved later (a state was disarmed), so
   the watchdog needs no waking, and at worst pokes the VM once for
   nothing: no full barrier.  */
static void
publish_deadline (struct scm_i_vm *vm, int later)
{
  uint64_t d = 0;
  for (struct scm_i_limit_state *s = vm->limit; s; s = s->outer)
    if (s->lazy && (s->stage == ARMED || s->stage == UNWINDING)
        && (d == 0 || s->deadline < d))
      d = s->deadline;
  if (later)
    {
      __atomic_store_n (&vm->watch_deadline, d, __ATOMIC_RELEASE);
      return;
    }
  __atomic_store_n (&vm->watch_deadline, d, __ATOMIC_SEQ_CST);
  if (d != 0 && d < __atomic_load_n (&wd_next_wake, __ATOMIC_SEQ_CST))
    {
      pthread_once (&wd_once, start_watchdog);
      pthread_mutex_lock (&wd_lock);
      if (d < wd_next_wake)
        {
          __atomic_store_n (&wd_next_wake, d, __ATOMIC_SEQ_CST);
          pthread_cond_signal (&wd_cond);
        }
      pthread_mutex_unlock (&wd_lock);
    }
}

/* At a poll after the watchdog poked VM for a deadline: fire the lazy
   states whose deadline has passed, as the watchdog fires the others.  */
static void
fire_passed_deadlines (struct scm_i_vm *vm)
{
  uint64_t now = now_ns ();
  for (struct scm_i_limit_state *s = vm->limit; s; s = s->outer)
    if (s->lazy && now >= s->deadline
        && (s->stage == ARMED || s->stage == UNWINDING))
      {
        pthread_mutex_lock (&wd_lock);
        fire (s, SCM_LIMIT_TIME);
        pthread_mutex_unlock (&wd_lock);
      }
}

/* Make S, whose budgets are set, VM's innermost state, and show it to
   the watchdog if it has a deadline or an allocation budget: a time
   limit alone of the evaluation's own budget through the VM's
   published deadline (no lock), the others in the watchdog's list.  */
static void
activate (struct scm_i_vm *vm, struct scm_i_limit_state *s)
{
  vm->limit = s;
  if (s->step_budget != 0)
    {
      vm->counting_steps++;
      scm_i_vm_refresh_enter_limit (vm);
    }
  if (s->deadline != 0 && s->alloc_limit == 0 && s->quota_inst == NULL
      && s->budget->holder == s)
    {
      s->lazy = 1;
      publish_deadline (vm, 0);
      return;
    }
  if (s->deadline != 0 || s->alloc_limit != 0 || s->quota_inst != NULL)
    {
      pthread_once (&wd_once, start_watchdog);
      pthread_mutex_lock (&wd_lock);
      s->next_active = wd_active;
      wd_active = s;
      s->watched = 1;
      if (s->alloc_limit != 0)
        scm_i_alloc_budgets++;
      /* One shared timer: the watchdog is woken (a futex call, and its
         thread scheduled) only if it would look too late for this
         state; a state with an allocation budget needs a look within
         5 ms of its start.  */
      uint64_t need = s->deadline != 0 ? s->deadline : UINT64_MAX;
      if (s->alloc_limit != 0)
        need = now_ns () + 5000000u;
      if (s->quota_inst != NULL && now_ns () + QUOTA_PERIOD < need)
        need = now_ns () + QUOTA_PERIOD;
      if (need < wd_next_wake)
        {
          __atomic_store_n (&wd_next_wake, need, __ATOMIC_SEQ_CST);
          pthread_cond_signal (&wd_cond);
        }
      pthread_mutex_unlock (&wd_lock);
    }
}

/* A state with LIMITS, holding a budget of its own.  */
static struct scm_i_limit_state *
arm (struct scm_i_vm *vm, const scm_t_limits *limits)
{
  struct scm_i_limit_state *s = new_state (vm);
  struct budget *b = &s->own;
  b->refs = 1;
  b->holder = s;
  b->members = s;
  s->budget = b;
  if (limits != NULL)
    {
      set_stack_budget (vm, s, limits->stack_limit);
      if (limits->time_limit > 0)
        {
          s->time_budget = seconds_to_ns (limits->time_limit);
          s->deadline = now_ns () + s->time_budget;
        }
      s->alloc_budget = s->alloc_limit = limits->allocation_limit;
      s->step_budget = b->steps_left = limits->step_limit;
    }
  activate (vm, s);
  measure_quota_at_start (s);
  return s;
}

/* Free state S: kept as the calling thread's VM's spare (a boundary
   under limits then takes no lock of libgc's), or given back.  */
static void
free_state (struct scm_i_limit_state *s)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  if (vm->spare_limit == NULL)
    {
      s->condition = SCM_BOOL_F;
      vm->spare_limit = s;
    }
  else
    GC_FREE (s);
}

static void
release_budget (struct budget *b)
{
  if (__atomic_sub_fetch (&b->refs, 1, __ATOMIC_ACQ_REL) == 0)
    free_state (b->holder);
}

/* Undo arm: by scm_dynwind_end, or when a continuation escapes past
   the evaluation.  */
static void
disarm (void *data)
{
  struct scm_i_limit_state *s = data;
  if (!s->armed)
    return;
  s->armed = 0;
  struct budget *b = s->budget;
  if (s->watched || shared_budget (b))
    {
      pthread_mutex_lock (&wd_lock);
      if (s->watched)
        for (struct scm_i_limit_state **p = &wd_active; *p;
             p = &(*p)->next_active)
          if (*p == s)
            {
              *p = s->next_active;
              break;
            }
      if (s->alloc_limit != 0 && s->watched)
        scm_i_alloc_budgets--;
      /* Its thread's bytes stay counted for the others.  */
      for (struct scm_i_limit_state **p = &b->members; *p;
           p = &(*p)->next_member)
        if (*p == s)
          {
            *p = s->next_member;
            break;
          }
      b->alloc_gone += member_allocated (s);
      if (b->holder == s)
        {
          /* The evaluation is over: the threads it started stop.  */
          if (!b->ended)
            {
              b->ended = 1;
              b->reason = s->stage == ARMED ? SCM_LIMIT_NONE : s->reason;
            }
          for (struct scm_i_limit_state *m = b->members; m;
               m = m->next_member)
            fire (m, b->reason);
        }
      pthread_mutex_unlock (&wd_lock);
    }
  unwatch_quota (s);
  struct scm_i_vm *vm = s->vm;
  vm->limit = s->outer;
  if (s->lazy)
    publish_deadline (vm, 1);
  vm->stack_limit = s->saved_stack_limit;
  if (s->step_budget != 0)
    vm->counting_steps--;
  if (s->forces_slow_path)
    vm->counting_steps--;
  /* An interrupt meant for this evaluation ends with it; one for an
     enclosing evaluation's limit stays.  */
  vm->interrupt_pending = scm_i_limit_pending_p (vm);
  scm_i_vm_refresh_enter_limit (vm);
  if (b->holder != s)
    free_state (s);
  release_budget (b);
}

/* ------------------------------------------------------------------ */
/* Threads under the budgets of the evaluation that started them.  */

/* One state of the parent's chain, as the new thread arms a copy of it
   that draws on the same budget.  */
struct share_item
{
  struct budget *budget;        /* a reference */
  uint64_t time_budget, deadline, step_budget;
  size_t alloc_budget, alloc_limit, stack_budget;
};

struct scm_i_limit_share
{
  unsigned n;
  struct share_item items[];    /* outermost first */
};

/* Whether a thread started under S draws on it: S has a budget that
   threads can share (time, allocation, steps).  A state without one
   (scm_c_with_instance arms one for an instance without limits, a
   stack limit is each thread's own) neither bounds nor stops the
   thread.  */
static int
shareable (const struct scm_i_limit_state *s)
{
  return s->time_budget != 0 || s->alloc_budget != 0 || s->step_budget != 0;
}

struct scm_i_limit_share *
scm_i_limits_share (void)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  unsigned n = 0;
  for (struct scm_i_limit_state *s = vm->limit; s; s = s->outer)
    n += shareable (s);
  if (n == 0)
    return NULL;
  struct scm_i_limit_share *sh = malloc (sizeof *sh + n * sizeof sh->items[0]);
  if (sh == NULL)
    scm_out_of_memory ("call-with-new-thread", sizeof *sh);
  sh->n = n;
  for (struct scm_i_limit_state *s = vm->limit; s; s = s->outer)
    {
      if (!shareable (s))
        continue;
      struct share_item *it = &sh->items[--n];
      it->budget = s->budget;
      __atomic_add_fetch (&s->budget->refs, 1, __ATOMIC_ACQ_REL);
      it->time_budget = s->time_budget;
      it->deadline = s->deadline;
      it->step_budget = s->step_budget;
      it->alloc_budget = s->alloc_budget;
      it->alloc_limit = s->alloc_limit;
      it->stack_budget = s->stack_budget;
    }
  return sh;
}

void
scm_i_limits_unshare (struct scm_i_limit_share *sh)
{
  if (sh == NULL)
    return;
  for (unsigned i = 0; i < sh->n; i++)
    release_budget (sh->items[i].budget);
  free (sh);
}

/* A state of VM drawing on IT's budget.  */
static struct scm_i_limit_state *
arm_member (struct scm_i_vm *vm, const struct share_item *it)
{
  struct scm_i_limit_state *s = new_state (vm);
  struct budget *b = it->budget;
  __atomic_add_fetch (&b->refs, 1, __ATOMIC_ACQ_REL);
  s->budget = b;
  set_stack_budget (vm, s, it->stack_budget);
  s->time_budget = it->time_budget;
  s->deadline = it->deadline;
  s->step_budget = it->step_budget;
  s->alloc_budget = it->alloc_budget;
  s->alloc_limit = it->alloc_limit;
  pthread_mutex_lock (&wd_lock);
  s->next_member = b->members;
  b->members = s;
  if (b->ended)
    fire (s, b->reason);
  pthread_mutex_unlock (&wd_lock);
  activate (vm, s);
  measure_quota_at_start (s);
  return s;
}

/* ------------------------------------------------------------------ */
/* Raising.  */

static SCM
make_limit_condition (struct scm_i_limit_state *s)
{
  char message[128];
  SCM what;
  switch (s->reason)
    {
    case SCM_LIMIT_NONE:
      /* A thread whose starting evaluation returned: an ordinary
         condition once out of the thread, so that a joiner can catch
         it.  */
      snprintf (message, sizeof message,
                "stopped: the evaluation that started the thread ended");
      what = sym_ended;
      break;
    case SCM_LIMIT_TIME:
      snprintf (message, sizeof message, "time limit exceeded (%.6g s)",
                (double) s->time_budget / 1e9);
      what = sym_time;
      break;
    case SCM_LIMIT_ALLOCATION:
      snprintf (message, sizeof message,
                "allocation limit exceeded (%zu bytes)", s->alloc_budget);
      what = sym_allocation;
      break;
    case SCM_LIMIT_STEPS:
      snprintf (message, sizeof message, "step limit exceeded (%llu steps)",
                (unsigned long long) s->step_budget);
      what = sym_steps;
      break;
    case SCM_LIMIT_MEMORY:
      snprintf (message, sizeof message,
                "memory quota exceeded (%zu bytes kept, quota %zu bytes)",
                s->quota_kept, s->quota);
      what = sym_memory;
      break;
    default:
      snprintf (message, sizeof message,
                "stack limit exceeded (%zu bytes)", s->stack_budget);
      what = sym_stack;
      break;
    }
  return scm_make_condition (sym_limit_exceeded, SCM_BOOL_F,
                             scm_from_utf8_string (message),
                             scm_list_1 (what));
}

/* The innermost state of VM that has fired or must abort, or NULL.  */
static struct scm_i_limit_state *
fired_state (struct scm_i_vm *vm)
{
  for (struct scm_i_limit_state *s = vm->limit; s; s = s->outer)
    if (s->stage == FIRED || s->stage == ABORT)
      return s;
  return NULL;
}

/* The innermost armed state of VM whose deadline has passed, or NULL:
   one clock read at most, no lock.  */
static struct scm_i_limit_state *
past_deadline (struct scm_i_vm *vm)
{
  uint64_t now = 0;
  for (struct scm_i_limit_state *s = vm->limit; s; s = s->outer)
    if (s->deadline != 0 && s->stage == ARMED)
      {
        if (now == 0)
          now = now_ns ();
        if (now >= s->deadline)
          return s;
      }
  return NULL;
}

int
scm_i_limit_deadline_passed_p (struct scm_i_vm *vm)
{
  return past_deadline (vm) != NULL;
}

void
scm_i_limit_check_clock (struct scm_i_vm *vm)
{
  struct scm_i_limit_state *s = past_deadline (vm);
  if (s == NULL)
    return;
  pthread_mutex_lock (&wd_lock);
  if (s->stage == ARMED)
    fire (s, SCM_LIMIT_TIME);
  pthread_mutex_unlock (&wd_lock);
}

int
scm_i_limit_pending_p (struct scm_i_vm *vm)
{
  return fired_state (vm) != NULL;
}

/* Raise S's condition: the first time with a second budget for
   unwinding, after that (ABORT) at every poll.  */
static void SCM_NORETURN
raise_limit (struct scm_i_vm *vm, struct scm_i_limit_state *s)
{
  if (scm_is_false (s->condition))
    s->condition = make_limit_condition (s);
  pthread_mutex_lock (&wd_lock);
  if (s->stage == FIRED)
    {
      s->stage = UNWINDING;
      if (s->time_budget != 0)
        s->deadline = now_ns () + s->time_budget;
      if (s->alloc_budget != 0)
        s->alloc_limit = group_allocated (s->budget) + s->alloc_budget;
      __atomic_store_n (&s->budget->steps_left, s->step_budget,
                        __ATOMIC_RELAXED);
      s->unwind_frame = (uintptr_t) __builtin_frame_address (0);
      if (!s->forces_slow_path)
        {
          s->forces_slow_path = 1;
          vm->counting_steps++;
        }
      if (s->watched)
        pthread_cond_signal (&wd_cond);
    }
  pthread_mutex_unlock (&wd_lock);
  if (s->lazy)
    publish_deadline (vm, 0);
  vm->interrupt_pending = scm_i_limit_pending_p (vm);
  scm_i_vm_refresh_enter_limit (vm);
  scm_raise (s->condition);
}

void
scm_i_limit_poll (struct scm_i_vm *vm)
{
  fire_over_quota (vm, 0);
  if (vm->deadline_check)
    {
      vm->deadline_check = 0;
      fire_passed_deadlines (vm);
    }
  struct scm_i_limit_state *s = fired_state (vm);
  if (s != NULL)
    raise_limit (vm, s);
}

void
scm_i_limit_stack_overflow (struct scm_i_vm *vm)
{
  for (struct scm_i_limit_state *s = vm->limit; s; s = s->outer)
    if (s->stack_limit != 0 && s->stack_limit == vm->stack_limit)
      {
        pthread_mutex_lock (&wd_lock);
        if (s->stage == ARMED)
          fire (s, SCM_LIMIT_STACK);
        pthread_mutex_unlock (&wd_lock);
        /* Room for the after thunks above the limit.  */
        vm->overflow_reserve = 1;
        raise_limit (vm, s);
      }
}

/* Whether code runs above the frame where S's condition was raised:
   the unwinding was escaped, by a raise that a handler inside the
   evaluation took or by a continuation.  (C-stack segments lie below
   the stack they continue, so the after thunks' frames are always
   lower.)  */
static int
escaped_unwinding (struct scm_i_limit_state *s)
{
  return s->stage == UNWINDING && s->unwind_frame != 0
    && (uintptr_t) __builtin_frame_address (0) > s->unwind_frame;
}

/* Take N steps from budget B; 0 if that spends it.  Threads that share
   B take them atomically.  */
static int
take_steps (struct budget *b, uint64_t n)
{
  if (!shared_budget (b))
    {
      if (b->steps_left > n)
        {
          b->steps_left -= n;
          return 1;
        }
      b->steps_left = 0;
      return 0;
    }
  uint64_t left = __atomic_load_n (&b->steps_left, __ATOMIC_RELAXED);
  while (left > n)
    if (__atomic_compare_exchange_n (&b->steps_left, &left, left - n, 1,
                                     __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      return 1;
  __atomic_store_n (&b->steps_left, 0, __ATOMIC_RELAXED);
  return 0;
}

void
scm_i_limit_steps (struct scm_i_vm *vm, uint64_t n)
{
  for (struct scm_i_limit_state *s = vm->limit; s; s = s->outer)
    if (escaped_unwinding (s))
      {
        /* No second chance: raised again at once, with no after
           thunks, so the evaluation ends as exceeded.  */
        pthread_mutex_lock (&wd_lock);
        fire (s, s->reason);
        pthread_mutex_unlock (&wd_lock);
      }
    else if (s->step_budget != 0
             && (s->stage == ARMED || s->stage == UNWINDING)
             && !take_steps (s->budget, n))
      {
        /* Under wd_lock, as the watchdog fires: it may be looking at
           the same state's other budgets.  */
        pthread_mutex_lock (&wd_lock);
        fire (s, SCM_LIMIT_STEPS);
        pthread_mutex_unlock (&wd_lock);
      }
}

/* The innermost state of VM's chain whose allocation budget BYTES more
   would spend, fired (as the watchdog fires it), or else one whose
   instance they would take over its memory quota; NULL if none.  */
static struct scm_i_limit_state *
fire_spent_alloc_budget (struct scm_i_vm *vm, size_t bytes)
{
  for (struct scm_i_limit_state *s = vm->limit; s; s = s->outer)
    if (s->alloc_limit != 0 && (s->stage == ARMED || s->stage == UNWINDING))
      {
        int shared = shared_budget (s->budget);
        if (shared)
          pthread_mutex_lock (&wd_lock);
        size_t used = group_allocated (s->budget) + bytes;
        if (shared)
          pthread_mutex_unlock (&wd_lock);
        if (used >= s->alloc_limit)
          {
            pthread_mutex_lock (&wd_lock);
            fire (s, SCM_LIMIT_ALLOCATION);
            pthread_mutex_unlock (&wd_lock);
            return s;
          }
      }
  return fire_over_quota (vm, bytes);
}

void
scm_i_check_alloc_budget (size_t bytes)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  struct scm_i_limit_state *s = fire_spent_alloc_budget (vm, bytes);
  if (s != NULL)
    raise_limit (vm, s);
}

/* From the VM's free-list refills (gc.c), every block of small objects
   the thread takes: fire a spent budget of the thread's own evaluation
   at once, rather than when the watchdog next looks, and let the VM's
   next poll raise it (a refill may be in the middle of an instruction).
   The watchdog still catches what C code allocates through libgc's
   own lists.  */
void
scm_i_poll_alloc_budget (void)
{
  fire_spent_alloc_budget (scm_i_current_vm (), 0);
}

int
scm_i_limit_uncatchable_p (SCM obj)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  if (!scm_is_condition (obj))
    return 0;
  for (struct scm_i_limit_state *s = vm->limit; s; s = s->outer)
    if (scm_is_eq (obj, s->condition))
      return 1;
  return 0;
}

int
scm_i_limit_abort_p (SCM obj)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  for (struct scm_i_limit_state *s = vm->limit; s; s = s->outer)
    if (scm_is_eq (obj, s->condition))
      return s->stage == ABORT;
  return 0;
}

/* ------------------------------------------------------------------ */
/* The API.  */

static SCM
note_raised (void *data, SCM obj)
{
  *(int *) data = 1;
  return obj;
}

/* Call BODY (DATA) under the N states STATES (outermost first), which
   the caller armed, each with an unwinder (scm_i_push_c_unwinder)
   that disarms it, and end it: 0 with the
   value in *RESULT, or 1 with what was raised.  */
static int
run_armed (struct scm_i_limit_state **states, unsigned n,
           scm_t_catch_body body, void *data, SCM *result)
{
  int raised = 0;
  SCM r = scm_c_catch_raise (body, data, note_raised, &raised);
  /* Once its condition was raised, the evaluation ends as exceeded,
     whatever its after thunks did: raised something else, or escaped
     the unwinding and returned a value.  */
  for (unsigned i = 0; i < n; i++)
    if (scm_is_true (states[i]->condition))
      {
        raised = 1;
        r = states[i]->condition;
        break;
      }
  for (unsigned i = n; i > 0; i--)
    scm_i_pop_c_unwinder ();
  /* An enclosing evaluation's limit: it goes on to that evaluation.  */
  if (raised && scm_i_limit_uncatchable_p (r))
    scm_raise (r);
  scm_i_clear_dead_stack_after_return ();
  if (result != NULL)
    *result = r;
  return raised;
}

/* Whether LIMITS sets no limit at all.  */
static int
no_limits (const scm_t_limits *limits)
{
  return limits == NULL
    || (limits->time_limit == 0 && limits->allocation_limit == 0
        && limits->stack_limit == 0 && limits->step_limit == 0);
}

/* Whether the current instance has a memory quota: then even a call
   without limits arms a state, which watches the quota.  */
static int
instance_has_quota (void)
{
  struct scm_i_instance *inst = scm_i_current_instance_or_null ();
  return inst != NULL
    && __atomic_load_n (&inst->memory_quota, __ATOMIC_RELAXED) != 0;
}

/* scm_c_call_with_limits without a limit: no state to arm, so no
   unwinder either, only the catch and what disarm does to the VM at
   the end (a pending interrupt meant for this call ends with it).  */
static int
run_unlimited (struct scm_i_vm *vm, scm_t_catch_body body, void *data,
               SCM *result)
{
  int raised = 0;
  SCM r = scm_c_catch_raise (body, data, note_raised, &raised);
  if (vm->interrupt_pending)
    {
      vm->interrupt_pending = vm->limit != NULL && scm_i_limit_pending_p (vm);
      scm_i_vm_refresh_enter_limit (vm);
    }
  if (raised && vm->limit != NULL && scm_i_limit_uncatchable_p (r))
    scm_raise (r);
  scm_i_clear_dead_stack_after_return ();
  if (result != NULL)
    *result = r;
  return raised;
}

int
scm_c_call_with_limits (const scm_t_limits *limits, scm_t_catch_body body,
                        void *data, SCM *result)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  if (no_limits (limits) && !instance_has_quota ())
    return run_unlimited (vm, body, data, result);
  if (limits != NULL
      && (!(limits->time_limit >= 0) || isinf (limits->time_limit)))
    scm_wrong_type_arg_msg ("scm_c_call_with_limits", 1,
                            scm_from_double (limits->time_limit),
                            "finite non-negative time limit");
  struct scm_i_limit_state *s = arm (vm, limits);
  scm_i_push_c_unwinder (disarm, s);
  return run_armed (&s, 1, body, data, result);
}

int
scm_i_call_with_shared_limits (struct scm_i_limit_share *sh,
                               scm_t_catch_body body, void *data,
                               SCM *result)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  struct scm_i_limit_state *states[sh->n];
  for (unsigned i = 0; i < sh->n; i++)
    {
      states[i] = arm_member (vm, &sh->items[i]);
      scm_i_push_c_unwinder (disarm, states[i]);
    }
  return run_armed (states, sh->n, body, data, result);
}

struct named_source { const char *utf8; const char *name; };

static SCM
eval_body (void *data)
{
  struct named_source *src = data;
  return scm_c_eval_string_with_name (src->utf8, src->name);
}

int
scm_c_eval_string_with_limits (const char *utf8, const char *name,
                               const scm_t_limits *limits, SCM *result)
{
  struct named_source src = { utf8, name };
  return scm_c_call_with_limits (limits, eval_body, &src, result);
}

scm_t_limit_kind
scm_c_limit_exceeded (SCM obj)
{
  if (!scm_is_condition (obj)
      || !scm_is_eq (scm_condition_kind (obj), sym_limit_exceeded))
    return SCM_LIMIT_NONE;
  SCM what = scm_error_object_irritants (obj);
  what = scm_is_pair (what) ? SCM_CAR (what) : SCM_BOOL_F;
  if (scm_is_eq (what, sym_time))
    return SCM_LIMIT_TIME;
  if (scm_is_eq (what, sym_allocation))
    return SCM_LIMIT_ALLOCATION;
  if (scm_is_eq (what, sym_stack))
    return SCM_LIMIT_STACK;
  if (scm_is_eq (what, sym_steps))
    return SCM_LIMIT_STEPS;
  if (scm_is_eq (what, sym_memory))
    return SCM_LIMIT_MEMORY;
  return SCM_LIMIT_NONE;
}

static SCM
thunk_body (void *thunk)
{
  return scm_call_0 (*(SCM *) thunk);
}

/* A limit argument: #f (none) or a non-negative real.  */
static double
limit_arg (SCM x, int pos, const char *who)
{
  if (SCM_UNBNDP (x) || scm_is_false (x))
    return 0;
  SCM_ASSERT_TYPE (scm_is_real (x), x, pos, who, "real number or #f");
  double d = scm_to_double (x);
  if (!(d >= 0) || isinf (d))
    scm_i_out_of_range (who, pos, x);
  return d;
}

SCM_DEFINE (scm_call_with_limits, "call-with-limits", 3, 2, 0,
            (SCM thunk, SCM time_limit, SCM allocation_limit,
             SCM stack_limit, SCM step_limit),
            "Call @var{thunk} and return its values, unless it runs longer "
            "than @var{time-limit} seconds, allocates more than "
            "@var{allocation-limit} bytes, uses more than "
            "@var{stack-limit} bytes of stack or takes more than "
            "@var{step-limit} evaluation steps (procedure entries and loop "
            "iterations; @code{#f}: no limit): then raise a condition of "
            "kind @code{limit-exceeded} whose irritant is @code{time}, "
            "@code{allocation}, @code{stack} or @code{steps}.  Inside "
            "@var{thunk}, no @code{guard} or @code{with-exception-handler} "
            "receives it (only @code{dynamic-wind} after thunks run, and "
            "what they raise or a continuation they call does not stop "
            "it); it can be caught around the call.")
{
  static const char who[] = "call-with-limits";
  SCM_ASSERT_TYPE (scm_is_true (scm_procedure_p (thunk)), thunk, 1, who,
                   "procedure");
  scm_t_limits limits;
  limits.time_limit = limit_arg (time_limit, 2, who);
  limits.allocation_limit = (size_t) limit_arg (allocation_limit, 3, who);
  limits.stack_limit = (size_t) limit_arg (stack_limit, 4, who);
  if (SCM_UNBNDP (step_limit) || scm_is_false (step_limit))
    limits.step_limit = 0;
  else
    {
      SCM_ASSERT_TYPE (scm_is_exact_integer (step_limit), step_limit, 5,
                       who, "exact integer or #f");
      if (!scm_is_unsigned_integer (step_limit, 0, UINT64_MAX))
        scm_i_out_of_range (who, 5, step_limit);
      limits.step_limit = scm_to_uint64 (step_limit);
    }
  SCM r;
  if (scm_c_call_with_limits (&limits, thunk_body, &thunk, &r))
    scm_raise (r);
  return r;
}

scm_t_interrupt_target *
scm_c_interrupt_target (void)
{
  return scm_i_current_vm ();
}

void
scm_request_interrupt_of (scm_t_interrupt_target *target)
{
  if (target != NULL)
    scm_i_vm_request_interrupt (target);
}

int
scm_c_interrupt_pending (scm_t_interrupt_target *target)
{
  return (target != NULL && scm_i_interrupt_flagged (target))
    || scm_i_asyncs_pending;
}

void
scm_async_tick (void)
{
  scm_i_poll_interrupt ();
  scm_i_run_pending_finalizers ();
}

void
scm_init_limits (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "runtime/eval-limits.x"
#endif
}
