/* finalizers.c -- finalizers that run at safe points, never inside the
   collector
   SPDX-License-Identifier: LGPL-3.0-or-later

   libgc finalizes on demand here (GC_set_finalize_on_demand): a
   collection only moves the finalizable objects it found unreachable to
   libgc's queue and calls our notifier, which sets a flag and lowers
   every VM's enter limit -- stores only, since it may run in any thread
   in the middle of an allocation.  The queue is drained, with
   GC_invoke_finalizers, at safe points where Scheme code may run: the
   slow path of the VM's ENTER (the registers are written back), every
   entry into the VM from C, (gc), and scm_run_finalizers.  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"
#include "gc/finalizers-internal.h"

#include <pthread.h>
#include <stdio.h>
#include <libscm/conditions.h>
#include <libscm/finalizers.h>
#include <libscm/pairs.h>
#include <libscm/subrs.h>
#include <libscm/throw.h>

volatile int scm_i_finalizers_pending;

/* Nonzero while this thread drains the queue: a finalizer that calls
   Scheme reaches safe points, where nothing more is run.  */
static __thread int draining;
/* How many finalizers the current drain has run.  */
static __thread int drained;

static void GC_CALLBACK
notify (void)
{
  scm_i_finalizers_pending = 1;
  scm_i_vm_request_safe_point ();
}

void
scm_i_init_finalizers (void)
{
  GC_set_finalize_on_demand (1);
  GC_set_finalizer_notifier (notify);
}

/* What libgc calls for each object: the registered FN and DATA, kept in
   a two-word cell so that the cell, not libgc's client data, says what
   to run.  */
struct finalizer
{
  void (*fn) (void *base, void *data);
  void *data;
};

static void
run_one (void *base, void *cd)
{
  struct finalizer *f = cd;
  drained++;
  f->fn (base, f->data);
}

void
scm_i_register_finalizer (SCM obj, void (*fn) (void *base, void *data),
                          void *data)
{
  struct finalizer *f = scm_i_alloc (sizeof *f);
  f->fn = fn;
  f->data = data;
  GC_REGISTER_FINALIZER_NO_ORDER (SCM_UNPACK_POINTER (obj), run_one, f,
                                  NULL, NULL);
}

static SCM
invoke (void *unused)
{
  (void) unused;
  GC_invoke_finalizers ();
  return SCM_BOOL_T;
}

/* The embedder's handler of finalizers' errors, if it set one.  */
static scm_t_finalizer_error_handler error_handler;
static void *error_handler_data;

void
scm_set_finalizer_error_handler (scm_t_finalizer_error_handler handler,
                                 void *data)
{
  error_handler_data = data;
  __atomic_store_n (&error_handler, handler, __ATOMIC_RELEASE);
}

/* The errors of one drain, when no handler takes them: a count and the
   first, reported in one line at the end (a script can make thousands
   of objects whose finalizers raise).  On the drain's C stack, which
   the collector scans.  */
struct drain_errors
{
  int count;
  SCM first;
};

static SCM
report (void *data, SCM obj)
{
  struct drain_errors *errors = data;
  scm_t_finalizer_error_handler handler
    = __atomic_load_n (&error_handler, __ATOMIC_ACQUIRE);
  if (handler != NULL)
    handler (obj, error_handler_data);
  else if (errors->count++ == 0)
    errors->first = obj;
  return SCM_BOOL_F;
}

static void
report_summary (const struct drain_errors *errors)
{
  if (errors->count == 1)
    fprintf (stderr, "libscm: a finalizer raised: %s\n",
             scm_i_condition_text (errors->first));
  else if (errors->count > 1)
    fprintf (stderr, "libscm: %d finalizers raised; the first: %s\n",
             errors->count, scm_i_condition_text (errors->first));
}

int
scm_run_finalizers (void)
{
  /* The flag below serves the stop function's change too.  */
  scm_i_gc_apply_stop_func ();
  if (draining)
    return 0;
  draining = 1;
  drained = 0;
  struct drain_errors errors = { 0, SCM_BOOL_F };
  do
    {
      /* Clear the flag before looking at the queue: a collection that
         queues more meanwhile sets it again, and we go round.  */
      scm_i_finalizers_pending = 0;
      __atomic_thread_fence (__ATOMIC_SEQ_CST);
      while (GC_should_invoke_finalizers ())
        scm_c_catch_raise (invoke, NULL, report, &errors);
    }
  while (scm_i_finalizers_pending);
  draining = 0;
  report_summary (&errors);
  return drained;
}

/* ------------------------------------------------------------------ */
/* Asyncs: C functions that a signal handler or another thread asks a
   safe point to run.  Marking one sets its flag and the finalizers'
   (so that the VM's ENTER takes its slow path, which calls
   scm_i_run_pending_finalizers) and lowers every VM's enter limit:
   stores only, async-signal-safe.  */

#define MAX_ASYNCS 32

static struct
{
  void (*fn) (void *);
  void *data;
} asyncs[MAX_ASYNCS];
static int n_asyncs;
static volatile int async_marked[MAX_ASYNCS];
volatile int scm_i_asyncs_pending;
static pthread_mutex_t asyncs_lock = PTHREAD_MUTEX_INITIALIZER;

int
scm_c_make_async (void (*fn) (void *), void *data)
{
  int id = -1;
  pthread_mutex_lock (&asyncs_lock);
  if (n_asyncs < MAX_ASYNCS)
    {
      asyncs[n_asyncs].fn = fn;
      asyncs[n_asyncs].data = data;
      id = n_asyncs;
      __atomic_store_n (&n_asyncs, n_asyncs + 1, __ATOMIC_SEQ_CST);
    }
  pthread_mutex_unlock (&asyncs_lock);
  return id;
}

void
scm_c_mark_async (int async)
{
  if (async < 0 || async >= __atomic_load_n (&n_asyncs, __ATOMIC_SEQ_CST))
    return;
  __atomic_store_n (&async_marked[async], 1, __ATOMIC_SEQ_CST);
  __atomic_store_n (&scm_i_asyncs_pending, 1, __ATOMIC_SEQ_CST);
  scm_i_finalizers_pending = 1;
  scm_i_vm_request_safe_point ();
}

/* Run the marked asyncs, each flag cleared before its function runs
   (which may mark it again).  What they raise propagates.  */
static void
run_asyncs (void)
{
  if (!__atomic_exchange_n (&scm_i_asyncs_pending, 0, __ATOMIC_SEQ_CST))
    return;
  int n = __atomic_load_n (&n_asyncs, __ATOMIC_SEQ_CST);
  for (int i = 0; i < n; i++)
    if (__atomic_exchange_n (&async_marked[i], 0, __ATOMIC_SEQ_CST))
      asyncs[i].fn (asyncs[i].data);
}

void
scm_i_run_pending_finalizers (void)
{
  /* The same safe point serves the deferred start of libgc's markers,
     which sets the flag too.  */
  scm_i_gc_start_deferred_markers ();
  if (scm_i_finalizers_pending && !draining)
    scm_run_finalizers ();
  if (scm_i_asyncs_pending && !draining)
    run_asyncs ();
}

/* ------------------------------------------------------------------ */
/* Guardians (Guile's make-guardian).  A guardian is a C closure over a
   struct guardian, the list of its objects that became unreachable.
   Guarding OBJ registers a libgc finalizer on it whose client data is
   a registration: a weak link to the guardian (an atomic cell that a
   disappearing link clears when the guardian dies, so guarding an
   object does not keep its guardian alive) and the finalizer OBJ had
   before.  When OBJ becomes unreachable the registration runs, at a safe
   point: it puts OBJ on the guardian's list (resurrecting it) and gives
   OBJ its previous finalizer back, which so runs only once OBJ has died
   again -- after the guardian handed it out and it was dropped.  With
   the guardian gone, the previous finalizer runs at once.  */

struct guardian
{
  SCM ready;                    /* objects to hand out, a list */
};

struct registration
{
  struct guardian **link;       /* atomic: not scanned; NULL once dead */
  GC_finalization_proc previous;
  void *previous_data;
};

static void *
read_link (void *link)
{
  return *(struct guardian **) link;
}

static void
guardian_fire (void *base, void *cd)
{
  struct registration *r = cd;
  /* Under libgc's lock, as for a weak box (weak.c).  */
  struct guardian *g = GC_call_with_alloc_lock (read_link, r->link);
  if (g == NULL)
    {
      if (r->previous != NULL)
        r->previous (base, r->previous_data);
      return;
    }
  if (r->previous != NULL)
    GC_REGISTER_FINALIZER_NO_ORDER (base, r->previous, r->previous_data,
                                    NULL, NULL);
  g->ready = scm_cons (SCM_PACK_POINTER (base), g->ready);
}

/* Guard OBJ with G.  Objects the collector does not manage (immediates,
   static constants) never become unreachable: they are accepted and
   never returned, as in Guile.  */
static void
guard (struct guardian *g, SCM obj)
{
  if (!SCM_HEAP_OBJECT_P (obj)
      || GC_base (SCM_UNPACK_POINTER (obj)) != SCM_UNPACK_POINTER (obj))
    return;
  struct registration *r = scm_i_alloc (sizeof *r);
  r->link = scm_i_alloc_atomic (sizeof *r->link);
  *r->link = g;
  if (GC_GENERAL_REGISTER_DISAPPEARING_LINK ((void **) r->link, g) != 0)
    scm_out_of_memory ("guardian", sizeof (void *));
  GC_REGISTER_FINALIZER_NO_ORDER (SCM_UNPACK_POINTER (obj), guardian_fire, r,
                                  &r->previous, &r->previous_data);
}

static SCM
guardian_call (void *data, SCM obj)
{
  struct guardian *g = data;
  if (!SCM_UNBNDP (obj))
    {
      guard (g, obj);
      return SCM_UNSPECIFIED;
    }
  /* Collect what died since the last call, so that (g) after (gc) in
     C sees it.  */
  scm_i_run_pending_finalizers ();
  if (scm_is_null (g->ready))
    return SCM_BOOL_F;
  SCM first = SCM_CAR (g->ready);
  g->ready = SCM_CDR (g->ready);
  return first;
}

SCM_DEFINE (scm_make_guardian, "make-guardian", 0, 0, 0, (void),
            "Return a new guardian: a procedure that, called with one "
            "argument @var{obj}, guards it, and called with none, returns "
            "an object it guards that has become unreachable (keeping it "
            "alive again), or @code{#f} if there is none.  Each guarding "
            "returns the object once.  Immediates and constants are "
            "accepted and never returned.")
{
  struct guardian *g = scm_i_alloc (sizeof *g);
  g->ready = SCM_EOL;
  return scm_c_make_closure ("guardian", 0, 1, 0,
                             (scm_t_subr_closure) guardian_call, g);
}

void
scm_init_finalizers (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "gc/finalizers.x"
#endif
}
