/* threads.c -- Scheme threads, mutexes and condition variables; host
   threads entering and leaving Scheme
   SPDX-License-Identifier: LGPL-3.0-or-later

   Threads, mutexes and condition variables are foreign objects whose
   slot points at a C record.  A thread's record is shared by the
   thread object and the running thread, so it is reference-counted:
   uncollectable memory (the running thread reads it while nothing
   else may refer to it), freed by whichever lets go last, the thread
   when it ends or the object's finalizer.  Every wait (joining,
   locking, waiting on a condition) runs inside GC_do_blocking, so a
   collection never waits for a thread that waits for another: the
   waiting thread is not stopped, and it touches no Scheme object until
   the wait is over.  The thread starts in the instance of its parent
   (which cannot be destroyed until the thread has left it) with a copy
   of the parent's parameterization.  */

#include "runtime/scm-internal.h"
#include <libscm/eval-limits.h>
#include "runtime/instance-internal.h"
#include "vm/vm-internal.h"
#include "runtime/init-internal.h"
#include "runtime/conditions-internal.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <libscm/conditions.h>
#include <libscm/eval.h>
#include <libscm/foreign.h>
#include <libscm/gc.h>
#include <libscm/init.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>
#include <libscm/threads.h>
#include <libscm/throw.h>

static SCM thread_type, mutex_type, condvar_type;

/* ------------------------------------------------------------------ */
/* Entering and leaving Scheme.  */

void *
scm_with_guile (void *(*func) (void *), void *data)
{
  scm_init ();
  return GC_call_with_gc_active (func, data);
}

__thread unsigned scm_i_thread_blocking
  __attribute__ ((tls_model ("initial-exec")));

struct blocking_call { void *(*func) (void *); void *data; };

static void *
call_blocking (void *data)
{
  struct blocking_call *b = data;
  scm_i_thread_blocking++;
  void *r = b->func (b->data);
  scm_i_thread_blocking--;
  return r;
}

void *
scm_without_guile (void *(*func) (void *), void *data)
{
  struct blocking_call b = { func, data };
  return GC_do_blocking (call_blocking, &b);
}

/* ------------------------------------------------------------------ */
/* Threads.  */

struct thread_rec
{
  pthread_mutex_t lock;
  pthread_cond_t done_cond;
  int refs;                     /* the object and the running thread */
  int done;
  int raised;                   /* the thunk raised RESULT */
  SCM thunk;
  SCM handler;                  /* for what the thunk raises, or #f */
  SCM params;                   /* the parent's parameterization */
  SCM result;
  /* The parent's instance, held (scm_i_instance_hold) until the thread
     has entered it.  */
  struct scm_i_instance *inst;
  /* The system thread, once STARTED (both set by the thread itself):
     for scm_c_thread_is_current.  */
  pthread_t tid;
  int started;
  /* The budgets of the parent's evaluation, which the thread draws on
     (NULL: it ran under no limit).  */
  struct scm_i_limit_share *share;
  /* The current ports the parent set for itself in the instance
     (scm_i_thread_ports), or #f.  */
  SCM ports;
};

static void
release_rec (struct thread_rec *t)
{
  pthread_mutex_lock (&t->lock);
  int last = --t->refs == 0;
  pthread_mutex_unlock (&t->lock);
  if (last)
    {
      pthread_mutex_destroy (&t->lock);
      pthread_cond_destroy (&t->done_cond);
      GC_FREE (t);
    }
}

static void
finalize_thread (SCM obj)
{
  struct thread_rec *t = scm_foreign_object_ref (obj, 0);
  if (t != NULL)
    release_rec (t);
}

static SCM
call_thunk (void *data)
{
  struct thread_rec *t = data;
  return scm_call_0 (t->thunk);
}

static SCM
call_handler (void *data)
{
  SCM *d = data;
  return scm_call_1 (d[0], d[1]);
}

static SCM
note_raised (void *data, SCM obj)
{
  *(int *) data = 1;
  return obj;
}

static void *
thread_main (void *data)
{
  struct thread_rec *t = data;
  t->tid = pthread_self ();
  __atomic_store_n (&t->started, 1, __ATOMIC_RELEASE);
  scm_init ();
  struct scm_i_instance_entry *e = scm_i_alloc (sizeof *e);
  scm_i_instance_enter (t->inst, e);
  scm_i_instance_release (t->inst);
  scm_i_current_vm ()->params = t->params;
  scm_i_adopt_thread_ports (t->ports);
  /* Started by an evaluation under limits, the thread draws on its
     budgets and ends with it.  Else, in an instance with limits, the
     thread is an evaluation of its own under them, counted from its
     start, as the host's are.  */
  scm_t_limits limits;
  memset (&limits, 0, sizeof limits);
  /* A quota is watched by a state too (eval-limits.c), even with no
     limits.  */
  int limited = t->share == NULL
    && (scm_i_instance_limits (t->inst, &limits)
        || __atomic_load_n (&t->inst->memory_quota, __ATOMIC_RELAXED) != 0);
  int raised = 0;
  SCM r;
  if (t->share != NULL)
    raised = scm_i_call_with_shared_limits (t->share, call_thunk, t, &r);
  else if (limited)
    raised = scm_c_call_with_limits (&limits, call_thunk, t, &r);
  else
    r = scm_c_catch_raise (call_thunk, t, note_raised, &raised);
  /* Interrupts, exit requests and exceeded limits end the thread as
     they are.  */
  if (raised && scm_is_true (t->handler) && !scm_i_uncatchable_p (r)
      && scm_c_limit_exceeded (r) == SCM_LIMIT_NONE)
    {
      SCM d[2] = { t->handler, r };
      raised = 0;
      if (t->share != NULL)
        raised = scm_i_call_with_shared_limits (t->share, call_handler, d,
                                                &r);
      else if (limited)
        raised = scm_c_call_with_limits (&limits, call_handler, d, &r);
      else
        r = scm_c_catch_raise (call_handler, d, note_raised, &raised);
    }
  scm_i_limits_unshare (t->share);
  t->share = NULL;
  /* Left before a join can return, so that a joiner may destroy the
     instance at once.  */
  scm_i_instance_leave (e);
  /* An interrupt of the instance that came as the thunk returned ends
     the thread interrupted all the same (instances.c).  */
  if (e->missed && !raised)
    {
      raised = 1;
      r = scm_i_make_interrupted_condition ();
    }
  pthread_mutex_lock (&t->lock);
  t->result = r;
  t->raised = raised;
  t->thunk = t->handler = t->params = t->ports = SCM_BOOL_F;
  t->done = 1;
  pthread_cond_broadcast (&t->done_cond);
  pthread_mutex_unlock (&t->lock);
  release_rec (t);
  return NULL;
}

static struct thread_rec *
thread_rec (SCM thread, int pos, const char *who)
{
  scm_c_assert_foreign_object_type (thread_type, thread, pos, who);
  return scm_foreign_object_ref (thread, 0);
}

SCM_DEFINE (scm_call_with_new_thread, "call-with-new-thread", 1, 1, 0,
            (SCM thunk, SCM handler),
            "Call @var{thunk} in a new thread and return the thread at "
            "once.  The thread starts with the parameterization of the "
            "caller (its current ports too).  If @var{handler} is given, "
            "an object that @var{thunk} raises is passed to it, in the new "
            "thread, after the thunk's dynamic extent, and its value "
            "becomes the thread's result.")
{
  static const char who[] = "call-with-new-thread";
  SCM_ASSERT_TYPE (scm_is_true (scm_procedure_p (thunk)), thunk, 1, who,
                   "procedure");
  if (SCM_UNBNDP (handler))
    handler = SCM_BOOL_F;
  else
    SCM_ASSERT_TYPE (scm_is_true (scm_procedure_p (handler)), handler, 2,
                     who, "procedure");
  struct thread_rec *t = GC_MALLOC_UNCOLLECTABLE (sizeof *t);
  if (t == NULL)
    scm_out_of_memory (who, sizeof *t);
  pthread_mutex_init (&t->lock, NULL);
  pthread_cond_init (&t->done_cond, NULL);
  t->refs = 2;
  t->thunk = thunk;
  t->handler = handler;
  t->params = scm_i_current_vm ()->params;
  t->result = SCM_BOOL_F;
  t->inst = scm_i_current_instance ();
  t->share = scm_i_limits_share ();
  t->ports = scm_i_thread_ports ();
  scm_i_instance_hold (t->inst);
  SCM obj = scm_make_foreign_object_1 (thread_type, t);
  pthread_t tid;
  pthread_attr_t attr;
  pthread_attr_init (&attr);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  int err = pthread_create (&tid, &attr, thread_main, t);
  pthread_attr_destroy (&attr);
  if (err != 0)
    {
      scm_i_instance_release (t->inst);
      scm_i_limits_unshare (t->share);
      t->share = NULL;
      t->refs = 1;              /* the object's only */
      scm_c_raise_errorf ("system-error", who, "cannot create a thread: %s",
                          strerror (err));
    }
  return obj;
}

/* Waits in slices of this many ns, so that a thread that waits in
   an evaluation sees an interrupt or a limit meant for it (the waker
   cannot reach a thread in a wait: a request takes no lock and may
   come from a signal handler).  */
#define WAIT_SLICE_NS 10000000L

struct join_wait
{
  struct thread_rec *t;
  const struct timespec *deadline; /* CLOCK_REALTIME, or NULL */
  struct scm_i_vm *vm;             /* the waiter's, if it can be
                                      interrupted, else NULL */
  int done;
};

static int
before (const struct timespec *a, const struct timespec *b)
{
  return a->tv_sec < b->tv_sec
    || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

/* The end of the next wait slice from NOW (CLOCK_REALTIME), or
   DEADLINE if that comes first.  */
static struct timespec
slice_end (const struct timespec *now, const struct timespec *deadline)
{
  struct timespec until = *now;
  until.tv_nsec += WAIT_SLICE_NS;
  if (until.tv_nsec >= 1000000000L)
    {
      until.tv_sec++;
      until.tv_nsec -= 1000000000L;
    }
  if (deadline != NULL && before (deadline, &until))
    until = *deadline;
  return until;
}

static struct timespec
next_slice (void)
{
  struct timespec now;
  clock_gettime (CLOCK_REALTIME, &now);
  return slice_end (&now, NULL);
}

/* The waiting evaluation's VM, if an interrupt can end its wait (only an
   evaluation takes one, scm_i_poll_interrupt; a wait from C at depth 0
   does not look), else NULL.  */
static struct scm_i_vm *
interruptible_vm (void)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  return vm->depth > 0 || vm->expanding > 0 ? vm : NULL;
}

/* Outside Scheme mode (scm_without_guile): touches no Scheme object.
   Returns when the thread is done, the deadline passed, or an
   interrupt check of the waiter has something to look at.  */
static void *
wait_done (void *data)
{
  struct join_wait *w = data;
  struct thread_rec *t = w->t;
  pthread_mutex_lock (&t->lock);
  while (!t->done)
    {
      if (w->vm != NULL && scm_i_interrupt_flagged (w->vm))
        break;
      struct timespec now;
      clock_gettime (CLOCK_REALTIME, &now);
      if (w->deadline != NULL && !before (&now, w->deadline))
        break;
      struct timespec until = slice_end (&now, w->deadline);
      pthread_cond_timedwait (&t->done_cond, &t->lock, &until);
    }
  w->done = t->done;
  pthread_mutex_unlock (&t->lock);
  return NULL;
}

/* TIMEOUT, argument POS of WHO, as an absolute CLOCK_REALTIME time:
   Guile's forms, seconds since the epoch as a real number (what
   current-time or current-second return, plus a delay) or a pair
   (SECONDS . MICROSECONDS) as gettimeofday returns.  */
static struct timespec
to_deadline (SCM timeout, int pos, const char *who)
{
  struct timespec ts;
  if (scm_is_pair (timeout))
    {
      SCM s = SCM_CAR (timeout), us = SCM_CDR (timeout);
      if (!scm_is_exact_integer (s) || !scm_is_exact_integer (us))
        scm_wrong_type_arg_msg (who, pos, timeout,
                                "time: (seconds . microseconds) of exact "
                                "integers");
      if (!scm_is_signed_integer (s, -((int64_t) 1 << 40),
                                  (int64_t) 1 << 40)
          || !scm_is_signed_integer (us, 0, 999999))
        scm_i_out_of_range (who, pos, timeout);
      ts.tv_sec = (time_t) scm_to_int64 (s);
      ts.tv_nsec = (long) scm_to_int64 (us) * 1000;
      return ts;
    }
  if (!scm_is_real (timeout))
    scm_wrong_type_arg_msg (who, pos, timeout, "time: real number or pair");
  double d = scm_to_double (timeout);
  /* About 35,000 years either way: past it, a time is not meant.  */
  if (!(d > -1.1e12 && d < 1.1e12))
    scm_i_out_of_range (who, pos, timeout);
  double whole = floor (d);
  ts.tv_sec = (time_t) whole;
  ts.tv_nsec = (long) ((d - whole) * 1e9);
  if (ts.tv_nsec > 999999999L)
    ts.tv_nsec = 999999999L;
  return ts;
}

SCM_DEFINE (scm_join_thread_timed, "join-thread", 1, 2, 0,
            (SCM thread, SCM timeout, SCM timeoutval),
            "Wait until @var{thread} has finished and return its result: "
            "the values of its thunk.  If the thunk raised an object (and "
            "no handler took it), raise that object here.  With "
            "@var{timeout}, an absolute time as in Guile (seconds since the "
            "epoch as a real number, like @code{(+ (current-time) 2)}, or a "
            "pair @code{(@var{seconds} . @var{microseconds})} as "
            "@code{gettimeofday} returns; @code{#f}: no timeout), give up "
            "when it passes and return @var{timeoutval} (@code{#f} by "
            "default).  An interrupt or a limit of the waiting evaluation "
            "stops the wait.")
{
  static const char who[] = "join-thread";
  struct thread_rec *t = thread_rec (thread, 1, who);
  struct timespec deadline;
  int timed = !SCM_UNBNDP (timeout) && scm_is_true (timeout);
  if (timed)
    deadline = to_deadline (timeout, 2, who);
  struct scm_i_vm *vm = interruptible_vm ();
  struct join_wait w = { t, timed ? &deadline : NULL, vm, 0 };
  for (;;)
    {
      scm_without_guile (wait_done, &w);
      if (w.done)
        break;
      if (vm != NULL && scm_i_interrupt_flagged (vm))
        {
          /* Raises, unless the flag was an instance request for
             others: then wait on.  */
          scm_i_poll_interrupt ();
          continue;
        }
      /* The deadline passed.  */
      scm_remember_upto_here_1 (thread);
      return SCM_UNBNDP (timeoutval) ? SCM_BOOL_F : timeoutval;
    }
  scm_remember_upto_here_1 (thread);
  if (t->raised)
    scm_raise (t->result);
  return t->result;
}

SCM
scm_join_thread (SCM thread)
{
  return scm_join_thread_timed (thread, SCM_UNDEFINED, SCM_UNDEFINED);
}

SCM_DEFINE (scm_thread_p, "thread?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a thread.")
{
  return scm_from_bool (scm_is_foreign_object_of_type (thread_type, obj));
}

int
scm_c_thread_is_current (SCM thread)
{
  struct thread_rec *t = thread_rec (thread, 1, "scm_c_thread_is_current");
  return __atomic_load_n (&t->started, __ATOMIC_ACQUIRE)
    && pthread_equal (t->tid, pthread_self ());
}

SCM_DEFINE (scm_thread_exited_p, "thread-exited?", 1, 0, 0, (SCM thread),
            "Return @code{#t} if @var{thread} has finished.")
{
  struct thread_rec *t = thread_rec (thread, 1, "thread-exited?");
  pthread_mutex_lock (&t->lock);
  int done = t->done;
  pthread_mutex_unlock (&t->lock);
  return scm_from_bool (done);
}

/* ------------------------------------------------------------------ */
/* Mutexes and condition variables: malloc'd pthread objects, destroyed
   by the finalizer (a mutex that is collected is locked by nobody who
   could still unlock it).  Mutexes check errors, so that locking one
   twice or unlocking another thread's is an error, not a deadlock.  */

/* A mutex records its owner and how many times the owner locked it,
   so that unlocking or waiting without holding it is an error rather
   than undefined behaviour.  Only the owner writes the two fields
   (after locking, before unlocking); atomics order them for the others,
   which only ever compare OWNER with themselves.  */
struct mutex
{
  pthread_mutex_t m;
  pthread_t owner;
  int held;
  int recursive;
};

static void
finalize_mutex (SCM obj)
{
  struct mutex *m = scm_foreign_object_ref (obj, 0);
  pthread_mutex_destroy (&m->m);
  free (m);
}

static void
finalize_condvar (SCM obj)
{
  pthread_cond_t *c = scm_foreign_object_ref (obj, 0);
  pthread_cond_destroy (c);
  free (c);
}

static SCM
new_mutex (int recursive, const char *who)
{
  struct mutex *m = malloc (sizeof *m);
  if (m == NULL)
    scm_out_of_memory (who, sizeof *m);
  pthread_mutexattr_t attr;
  pthread_mutexattr_init (&attr);
  pthread_mutexattr_settype (&attr, recursive ? PTHREAD_MUTEX_RECURSIVE
                             : PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init (&m->m, &attr);
  pthread_mutexattr_destroy (&attr);
  m->held = 0;
  m->recursive = recursive;
  return scm_make_foreign_object_1 (mutex_type, m);
}

SCM_DEFINE (scm_make_mutex, "make-mutex", 0, 0, 0, (void),
            "Return a new, unlocked mutex.  Locking it again from the thread "
            "that holds it, or unlocking it from another, is an error.")
{
  return new_mutex (0, "make-mutex");
}

SCM_DEFINE (scm_make_recursive_mutex, "make-recursive-mutex", 0, 0, 0,
            (void),
            "Return a new mutex that the thread holding it may lock again; "
            "it is released after as many unlocks.")
{
  return new_mutex (1, "make-recursive-mutex");
}

SCM_DEFINE (scm_mutex_p, "mutex?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a mutex.")
{
  return scm_from_bool (scm_is_foreign_object_of_type (mutex_type, obj));
}

static struct mutex *
mutex_of (SCM mutex, int pos, const char *who)
{
  scm_c_assert_foreign_object_type (mutex_type, mutex, pos, who);
  return scm_foreign_object_ref (mutex, 0);
}

static int
held_by_me (struct mutex *m)
{
  return __atomic_load_n (&m->held, __ATOMIC_SEQ_CST) > 0
    && pthread_equal (m->owner, pthread_self ());
}

static void
now_held (struct mutex *m)
{
  m->owner = pthread_self ();
  __atomic_add_fetch (&m->held, 1, __ATOMIC_SEQ_CST);
}

/* A wait in slices, outside Scheme mode: for mutex M, or, if C is not
   NULL, on condition variable C, which M guards.  */
struct sliced_wait
{
  pthread_mutex_t *m;
  pthread_cond_t *c;
  struct scm_i_vm *vm;          /* as join_wait's */
};

/* Lock W->m or wait on W->c (then W->m is locked again whatever the
   outcome); return 0, an error number, or ETIMEDOUT when an interrupt
   check of the waiter has something to look at.  */
static void *
wait_sliced (void *data)
{
  struct sliced_wait *w = data;
  for (;;)
    {
      struct timespec until = next_slice ();
      int err = w->c != NULL ? pthread_cond_timedwait (w->c, w->m, &until)
        : pthread_mutex_timedlock (w->m, &until);
      if (err != ETIMEDOUT
          || (w->vm != NULL && scm_i_interrupt_flagged (w->vm)))
        return (void *) (intptr_t) err;
    }
}

/* Wait as W says until the wait ends for another reason than an
   interrupt check, which raises the interrupt or limit (M held again,
   for a condition variable's wait), unless the flag was an instance's
   request for other threads.  */
static int
wait_interruptibly (struct sliced_wait *w, struct mutex *m)
{
  for (;;)
    {
      int err = (int) (intptr_t) scm_without_guile (wait_sliced, w);
      if (err != ETIMEDOUT)
        return err;
      if (w->c != NULL)
        now_held (m);
      scm_i_poll_interrupt ();
      if (w->c != NULL)
        __atomic_store_n (&m->held, 0, __ATOMIC_SEQ_CST);
    }
}

static void SCM_NORETURN
mutex_error (int err, SCM mutex, const char *who)
{
  if (err == EDEADLK)
    scm_c_raise_error ("error", who, "mutex already locked by this thread",
                       scm_list_1 (mutex));
  if (err == EPERM)
    scm_c_raise_error ("error", who, "mutex not locked by this thread",
                       scm_list_1 (mutex));
  scm_c_raise_errorf ("system-error", who, "%s", strerror (err));
}

SCM_DEFINE (scm_lock_mutex, "lock-mutex", 1, 0, 0, (SCM mutex),
            "Lock @var{mutex}, waiting while another thread holds it.  The "
            "wait does not hold up collections; an interrupt or a limit of "
            "the waiting evaluation ends it (the mutex is not taken).")
{
  struct mutex *m = mutex_of (mutex, 1, "lock-mutex");
  if (!m->recursive && held_by_me (m))
    mutex_error (EDEADLK, mutex, "lock-mutex");
  int err = pthread_mutex_trylock (&m->m);
  if (err == EBUSY)
    {
      struct sliced_wait w = { &m->m, NULL, interruptible_vm () };
      err = wait_interruptibly (&w, m);
    }
  if (err != 0)
    mutex_error (err, mutex, "lock-mutex");
  now_held (m);
  scm_remember_upto_here_1 (mutex);
  return SCM_BOOL_T;
}

SCM_DEFINE (scm_try_mutex, "try-mutex", 1, 0, 0, (SCM mutex),
            "Lock @var{mutex} if no thread holds it and return @code{#t}; "
            "else return @code{#f} at once.")
{
  struct mutex *m = mutex_of (mutex, 1, "try-mutex");
  if (!m->recursive && held_by_me (m))
    return SCM_BOOL_F;
  int err = pthread_mutex_trylock (&m->m);
  if (err == EBUSY)
    return SCM_BOOL_F;
  if (err != 0)
    mutex_error (err, mutex, "try-mutex");
  now_held (m);
  return SCM_BOOL_T;
}

SCM_DEFINE (scm_unlock_mutex, "unlock-mutex", 1, 0, 0, (SCM mutex),
            "Unlock @var{mutex}, which this thread must hold.")
{
  struct mutex *m = mutex_of (mutex, 1, "unlock-mutex");
  if (!held_by_me (m))
    mutex_error (EPERM, mutex, "unlock-mutex");
  __atomic_sub_fetch (&m->held, 1, __ATOMIC_SEQ_CST);
  int err = pthread_mutex_unlock (&m->m);
  if (err != 0)
    mutex_error (err, mutex, "unlock-mutex");
  return SCM_BOOL_T;
}

SCM_DEFINE (scm_make_condition_variable, "make-condition-variable", 0, 0, 0,
            (void), "Return a new condition variable.")
{
  pthread_cond_t *c = malloc (sizeof *c);
  if (c == NULL)
    scm_out_of_memory ("make-condition-variable", sizeof *c);
  pthread_cond_init (c, NULL);
  return scm_make_foreign_object_1 (condvar_type, c);
}

SCM_DEFINE (scm_condition_variable_p, "condition-variable?", 1, 0, 0,
            (SCM obj), "Return @code{#t} if @var{obj} is a condition variable.")
{
  return scm_from_bool (scm_is_foreign_object_of_type (condvar_type, obj));
}

static pthread_cond_t *
condvar_of (SCM cv, int pos, const char *who)
{
  scm_c_assert_foreign_object_type (condvar_type, cv, pos, who);
  return scm_foreign_object_ref (cv, 0);
}

SCM_DEFINE (scm_wait_condition_variable, "wait-condition-variable", 2, 0, 0,
            (SCM cv, SCM mutex),
            "Unlock @var{mutex}, which this thread must hold (once), wait "
            "until @var{cv} is signalled, lock @var{mutex} again and return "
            "@code{#t}.  As with any condition variable, a wait may end "
            "without a signal: wait in a loop that tests the condition.  An "
            "interrupt or a limit of the waiting evaluation ends the wait "
            "too: it is raised once @var{mutex} is locked again.")
{
  static const char who[] = "wait-condition-variable";
  pthread_cond_t *c = condvar_of (cv, 1, who);
  struct mutex *m = mutex_of (mutex, 2, who);
  if (!held_by_me (m))
    mutex_error (EPERM, mutex, who);
  if (m->held > 1)
    scm_c_raise_error ("error", who, "mutex locked more than once",
                       scm_list_1 (mutex));
  struct sliced_wait w = { &m->m, c, interruptible_vm () };
  __atomic_store_n (&m->held, 0, __ATOMIC_SEQ_CST);
  int err = wait_interruptibly (&w, m);
  now_held (m);
  if (err != 0)
    mutex_error (err, mutex, who);
  scm_remember_upto_here_2 (cv, mutex);
  return SCM_BOOL_T;
}

SCM_DEFINE (scm_signal_condition_variable, "signal-condition-variable",
            1, 0, 0, (SCM cv),
            "Wake one thread waiting on @var{cv}, if any.")
{
  pthread_cond_signal (condvar_of (cv, 1, "signal-condition-variable"));
  return SCM_BOOL_T;
}

SCM_DEFINE (scm_broadcast_condition_variable, "broadcast-condition-variable",
            1, 0, 0, (SCM cv),
            "Wake every thread waiting on @var{cv}.")
{
  pthread_cond_broadcast (condvar_of (cv, 1, "broadcast-condition-variable"));
  return SCM_BOOL_T;
}

void
scm_init_threads (void)
{
  SCM slot = scm_list_1 (scm_from_utf8_symbol ("data"));
  thread_type = scm_permanent_object
    (scm_make_foreign_object_type (scm_from_utf8_symbol ("thread"), slot,
                                   finalize_thread));
  mutex_type = scm_permanent_object
    (scm_make_foreign_object_type (scm_from_utf8_symbol ("mutex"), slot,
                                   finalize_mutex));
  condvar_type = scm_permanent_object
    (scm_make_foreign_object_type (scm_from_utf8_symbol ("condition-variable"),
                                   slot, finalize_condvar));
#ifndef SCM_MAGIC_SNARFER
#include "runtime/threads.x"
#endif
}
