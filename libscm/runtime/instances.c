/* instances.c -- isolated interpreter instances: making, entering,
   interrupting and destroying them
   SPDX-License-Identifier: LGPL-3.0-or-later

   An instance is the mutable top level (instance-internal.h); this
   file is its life cycle and the C API of instances.h.  Making one
   costs a user module, a two-entry registry, three ports and a
   variable: the core module, the prelude and the constants are
   shared (doc/internals.md, "Instances").  */

#include "runtime/scm-internal.h"
#include "runtime/instance-internal.h"
#include "runtime/control-internal.h"
#include "vm/vm-internal.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <libscm/control.h>
#include <libscm/eval.h>
#include <libscm/init.h>
#include <libscm/instances.h>
#include <libscm/ports.h>
#include <libscm/strings.h>

/* ------------------------------------------------------------------ */
/* The live instances other than the default, whose ports are written
   out at exit.  */

static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static struct scm_i_instance *live;
static pthread_once_t atexit_once = PTHREAD_ONCE_INIT;

static void
flush_live_instances (void)
{
  /* Not waiting: a thread that holds the lock at exit may never give
     it back.  */
  if (pthread_mutex_trylock (&live_lock) != 0)
    return;
  for (struct scm_i_instance *i = live; i != NULL; i = i->next_live)
    scm_i_flush_instance_ports (i);
  pthread_mutex_unlock (&live_lock);
}

void
scm_i_flush_all_output (void)
{
  scm_i_flush_standard_ports ();
  flush_live_instances ();
}

static void
register_atexit (void)
{
  atexit (flush_live_instances);
}

static void
link_live (struct scm_i_instance *inst)
{
  pthread_mutex_lock (&live_lock);
  inst->next_live = live;
  live = inst;
  pthread_mutex_unlock (&live_lock);
}

static void
unlink_live (struct scm_i_instance *inst)
{
  pthread_mutex_lock (&live_lock);
  for (struct scm_i_instance **p = &live; *p != NULL; p = &(*p)->next_live)
    if (*p == inst)
      {
        *p = inst->next_live;
        break;
      }
  pthread_mutex_unlock (&live_lock);
}

/* ------------------------------------------------------------------ */
/* Making and destroying.  */

scm_t_instance *
scm_instance_create_restricted (unsigned caps)
{
  scm_init ();
  pthread_once (&atexit_once, register_atexit);
  struct scm_i_instance *inst = scm_i_make_instance (0);
  inst->caps = caps & SCM_CAP_ALL;
  /* Nothing below may raise and leave INST allocated uncollectable:
     an allocation failure frees it on the way out.  */
  scm_dynwind_begin (0);
  scm_dynwind_unwind_handler (GC_free, inst, 0);
  scm_i_init_instance_modules (inst, scm_i_default_instance ());
  scm_i_init_instance_random (inst);
  scm_i_init_instance_own_ports (inst);
  if (!(inst->caps & SCM_CAP_STDIN))
    /* The host's standard input is the host's: reading it would block
       past every limit and take another user's input.  */
    inst->current_input = inst->std_ports[0] = scm_c_open_input_string ("");
  scm_dynwind_end ();
  link_live (inst);
  return inst;
}

scm_t_instance *
scm_instance_create (void)
{
  return scm_instance_create_restricted (SCM_CAP_ALL);
}

static const struct { const char *name; unsigned cap; } cap_names[] = {
  { "files", SCM_CAP_FILES }, { "env", SCM_CAP_ENV },
  { "time", SCM_CAP_TIME }, { "threads", SCM_CAP_THREADS },
  { "foreign", SCM_CAP_FOREIGN }, { "stdin", SCM_CAP_STDIN },
};

/* The capabilities that PROFILE names, or -1.  */
static long
parse_profile (const char *profile)
{
  if (strcmp (profile, "all") == 0)
    return SCM_CAP_ALL;
  if (strncmp (profile, "pure", 4) != 0)
    return -1;
  unsigned caps = 0;
  for (const char *p = profile + 4; *p != '\0';)
    {
      if (*p != '+')
        return -1;
      p++;
      size_t n = strcspn (p, "+");
      size_t i = 0;
      while (i < sizeof cap_names / sizeof *cap_names
             && !(strlen (cap_names[i].name) == n
                  && strncmp (p, cap_names[i].name, n) == 0))
        i++;
      if (i == sizeof cap_names / sizeof *cap_names)
        return -1;
      caps |= cap_names[i].cap;
      p += n;
    }
  return caps;
}

scm_t_instance *
scm_instance_create_profile (const char *profile)
{
  long caps = profile == NULL ? -1 : parse_profile (profile);
  return caps < 0 ? NULL : scm_instance_create_restricted ((unsigned) caps);
}

unsigned
scm_instance_capabilities (scm_t_instance *inst)
{
  if (inst == NULL)
    inst = scm_i_default_instance ();
  return inst == NULL ? SCM_CAP_ALL : inst->caps;
}

int
scm_instance_destroy (scm_t_instance *inst)
{
  if (inst == NULL || inst == scm_i_default_instance ())
    return -1;
  pthread_mutex_lock (&inst->lock);
  int busy = (uint32_t) __atomic_load_n (&inst->interrupts, __ATOMIC_SEQ_CST)
    != 0 || inst->holds > 0;
  pthread_mutex_unlock (&inst->lock);
  if (busy)
    return -1;
  unlink_live (inst);
  scm_i_flush_instance_ports (inst);
  /* GC_FREE does not clear the memory: the fields go first, so that a
     stale copy of the block cannot keep the top level alive.  */
  pthread_mutex_destroy (&inst->lock);
  memset (inst, 0, sizeof *inst);
  GC_FREE (inst);
  return 0;
}

scm_t_instance *
scm_default_instance (void)
{
  return scm_i_default_instance ();
}

scm_t_instance *
scm_current_instance (void)
{
  return scm_i_current_instance_or_null ();
}

/* ------------------------------------------------------------------ */
/* Entering and leaving.  */

/* How a request and the stays of an instance meet, without a lock (a
   signal handler may make a request): a request adds 1 << 32 to the
   instance's interrupts word, an entry adds 1 and an exit takes 1 away,
   each one atomic addition that returns the word as it was.  So each
   entry sees, in the request count, exactly the requests made before
   it, and a request counts exactly the entries made before it.  A
   stay that was counted by a request learns of it at its first
   interrupt check (the request pokes every VM: instance_check), or, if
   it has no check left to make, at its exit, which finds the count
   changed.  Nothing is dropped: either the request returned 0 (nobody
   was in the instance), or every stay it counted raises `interrupted'
   in the instance or reports it as it leaves (scm_i_instance_leave
   sets MISSED; the callers turn a normal return into the
   interrupt).  */

#define REQUEST ((uint64_t) 1 << 32)

static uint32_t
requests_of (uint64_t word)
{
  return (uint32_t) (word >> 32);
}

void
scm_i_instance_enter (struct scm_i_instance *inst,
                      struct scm_i_instance_entry *e)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  e->inst = inst;
  e->prev = scm_i_current_instance_or_null ();
  e->vm = vm;
  e->module = vm->module;
  e->params = vm->params;
  e->handlers = vm->handlers;
  e->pending = 0;
  e->missed = 0;
  e->left = 0;
  e->outer = vm->entry;
  vm->entry = e;
  e->seen_requests
    = requests_of (__atomic_fetch_add (&inst->interrupts, 1,
                                       __ATOMIC_SEQ_CST));
  /* The wind list stays: it is what unwinding walks back to the
     caller's catch, and nothing in INST can reach its entries.  */
  vm->module = SCM_BOOL_F;
  vm->params = SCM_EOL;
  vm->handlers = SCM_EOL;
  scm_i_set_current_instance (inst);
}

static void
unlink_entry (struct scm_i_vm *vm, struct scm_i_instance_entry *e)
{
  for (struct scm_i_instance_entry **p = &vm->entry; *p != NULL;
       p = &(*p)->outer)
    if (*p == e)
      {
        *p = e->outer;
        break;
      }
}

void
scm_i_instance_leave (struct scm_i_instance_entry *e)
{
  if (e->left)
    return;
  e->left = 1;
  struct scm_i_instance *inst = e->inst;
  uint64_t word = __atomic_fetch_sub (&inst->interrupts, 1, __ATOMIC_SEQ_CST);
  /* A request counted this stay and it never raised it.  */
  e->missed = e->pending || requests_of (word) != e->seen_requests;
  e->pending = 0;
  struct scm_i_vm *vm = e->vm;
  unlink_entry (vm, e);
  vm->module = e->module;
  vm->params = e->params;
  vm->handlers = e->handlers;
  scm_i_set_current_instance (e->prev);
  /* The stay it returns to may have a request of its own (one that
     interrupted this inner stay on its way out): look again at the
     next check.  */
  if (vm->entry != NULL)
    scm_i_vm_request_instance_check_of (vm);
}

int
scm_i_instance_interrupt_due (struct scm_i_vm *vm)
{
  /* Cleared first: a request that comes during the walk sets it
     again.  */
  __atomic_store_n (&vm->instance_check, 0, __ATOMIC_SEQ_CST);
  int due = 0;
  for (struct scm_i_instance_entry *e = vm->entry; e != NULL; e = e->outer)
    {
      uint32_t n = requests_of (__atomic_load_n (&e->inst->interrupts,
                                                 __ATOMIC_SEQ_CST));
      if (n != e->seen_requests)
        {
          e->seen_requests = n;
          e->pending = 1;
        }
      due |= e->pending;
    }
  /* Raised now, in the innermost stay: taken there.  An outer stay's
     request stays pending until the thread is back in that stay
     (leave arms the check again).  */
  if (vm->entry != NULL)
    vm->entry->pending = 0;
  return due;
}

void
scm_i_instance_hold (struct scm_i_instance *inst)
{
  pthread_mutex_lock (&inst->lock);
  inst->holds++;
  pthread_mutex_unlock (&inst->lock);
}

void
scm_i_instance_release (struct scm_i_instance *inst)
{
  pthread_mutex_lock (&inst->lock);
  inst->holds--;
  pthread_mutex_unlock (&inst->lock);
}

static void
leave_handler (void *data)
{
  scm_i_instance_leave (data);
}

int
scm_i_instance_limits (struct scm_i_instance *inst, scm_t_limits *limits)
{
  pthread_mutex_lock (&inst->lock);
  int has = inst->has_limits;
  if (has)
    *limits = inst->limits;
  pthread_mutex_unlock (&inst->lock);
  return has;
}

struct with_args
{
  struct scm_i_instance *inst;
  scm_t_catch_body body;
  void *data;
  int use_limits;
  SCM result;
  int raised;
};

/* A stay record for VM: its spare, or a new one.  */
static struct scm_i_instance_entry *
take_entry (struct scm_i_vm *vm)
{
  struct scm_i_instance_entry *e = vm->spare_entry;
  if (e == NULL)
    return scm_i_alloc (sizeof *e);
  vm->spare_entry = NULL;
  return e;
}

static void *
with_instance_active (void *data)
{
  struct with_args *a = data;
  struct scm_i_instance *inst = a->inst;
  const scm_t_limits *limits = a->use_limits
    ? __atomic_load_n (&inst->limits_now, __ATOMIC_ACQUIRE) : NULL;
  struct scm_i_vm *vm = scm_i_current_vm ();
  struct scm_i_instance_entry *e = take_entry (vm);
  unsigned long captures = vm->winders_captures;
  scm_i_instance_enter (inst, e);
  scm_i_push_c_unwinder (leave_handler, e);
  a->raised = scm_c_call_with_limits (limits, a->body, a->data, &a->result);
  scm_i_pop_c_unwinder ();
  /* A request that came as BODY returned is reported all the same: the
     host asked for the call to end interrupted.  */
  if (e->missed && !a->raised)
    {
      a->raised = 1;
      a->result = scm_i_make_interrupted_condition ();
    }
  /* Kept for the next call unless a wind list that may outlive this
     call holds its unwinder (scm_i_push_c_unwinder).  */
  if (vm->winders_captures == captures && vm->spare_entry == NULL)
    {
      memset (e, 0, sizeof *e);
      vm->spare_entry = e;
    }
  return NULL;
}

static int
with_instance (scm_t_instance *inst, scm_t_catch_body body, void *data,
               SCM *result, int use_limits)
{
  /* A thread with a VM and an instance, not in scm_without_guile, is
     attached and active: no scm_init, no GC_call_with_gc_active (the
     collector's lock).  */
  int active = scm_i_current_vm_if_any () != NULL
    && scm_i_current_instance_or_null () != NULL && !scm_i_thread_blocking;
  if (!active)
    scm_init ();
  struct with_args a = { inst != NULL ? inst : scm_i_default_instance (),
                         body, data, use_limits, SCM_BOOL_F, 0 };
  if (active)
    with_instance_active (&a);
  else
    /* Also inside scm_without_guile, as scm_with_guile is.  */
    GC_call_with_gc_active (with_instance_active, &a);
  if (result != NULL)
    *result = a.result;
  return a.raised;
}

int
scm_c_with_instance (scm_t_instance *inst, scm_t_catch_body body,
                     void *data, SCM *result)
{
  return with_instance (inst, body, data, result, 1);
}

struct func_args
{
  void *(*func) (void *);
  void *data;
  void *ret;
};

static SCM
func_body (void *data)
{
  struct func_args *f = data;
  f->ret = f->func (f->data);
  return SCM_UNSPECIFIED;
}

static SCM
report_body (void *data)
{
  scm_c_display_error (*(SCM *) data, scm_current_error_port (), 20);
  return SCM_UNSPECIFIED;
}

void *
scm_with_instance (scm_t_instance *inst, void *(*func) (void *), void *data)
{
  struct func_args f = { func, data, NULL };
  SCM obj;
  if (scm_c_with_instance (inst, func_body, &f, &obj) == 0)
    return f.ret;
  /* Reported in the instance, on its error port: without limits, so
     that a limit that stopped FUNC does not stop the report.  An exit
     request is not an error and is not reported.  */
  int status;
  if (!scm_is_exit_request (obj, &status))
    with_instance (inst, report_body, &obj, NULL, 0);
  return NULL;
}

struct eval_args
{
  const char *utf8;
  const char *name;
};

static SCM
eval_body (void *data)
{
  struct eval_args *e = data;
  return scm_c_eval_string_with_name (e->utf8, e->name);
}

int
scm_c_instance_eval_string (scm_t_instance *inst, const char *utf8,
                            const char *name, SCM *result)
{
  struct eval_args e = { utf8, name };
  return scm_c_with_instance (inst, eval_body, &e, result);
}

/* ------------------------------------------------------------------ */
/* Limits and interrupts.  */

int
scm_instance_set_limits (scm_t_instance *inst, const scm_t_limits *limits)
{
  if (limits != NULL
      && (!(limits->time_limit >= 0) || isinf (limits->time_limit)))
    return -1;
  if (inst == NULL)
    inst = scm_i_default_instance ();
  scm_t_limits *now = NULL;
  if (limits != NULL)
    {
      /* Never changed once published: a reader may hold it.  */
      now = GC_MALLOC_ATOMIC (sizeof *now);
      if (now == NULL)
        return -1;
      *now = *limits;
    }
  pthread_mutex_lock (&inst->lock);
  inst->has_limits = limits != NULL;
  if (limits != NULL)
    inst->limits = *limits;
  __atomic_store_n (&inst->limits_now, now, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&inst->lock);
  return 0;
}

int
scm_instance_set_memory_quota (scm_t_instance *inst, size_t bytes)
{
  if (bytes != 0 && bytes < 64 * 1024)
    return -1;
  if (inst == NULL)
    inst = scm_i_default_instance ();
  pthread_mutex_lock (&inst->lock);
  inst->over_quota = 0;
  pthread_mutex_unlock (&inst->lock);
  /* No credit: the next evaluation measures the instance first.  */
  __atomic_store_n (&inst->quota_credit, 0, __ATOMIC_RELAXED);
  __atomic_store_n (&inst->memory_quota, bytes, __ATOMIC_RELAXED);
  return 0;
}

size_t
scm_instance_kept_bytes (scm_t_instance *inst)
{
  if (inst == NULL)
    inst = scm_i_default_instance ();
  return scm_i_instance_kept_bytes (inst, SIZE_MAX);
}

int
scm_instance_request_interrupt (scm_t_instance *inst)
{
  /* No lock and no allocation: async-signal-safe (see "How a request
     and the stays of an instance meet" above).  */
  if (inst == NULL)
    inst = scm_i_default_instance ();
  if (inst == NULL)
    return 0;
  uint64_t word = __atomic_fetch_add (&inst->interrupts, REQUEST,
                                      __ATOMIC_SEQ_CST);
  uint32_t stays = (uint32_t) word;
  if (stays > 0)
    scm_i_vm_request_instance_check ();
  return stays > INT_MAX ? INT_MAX : (int) stays;
}
