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

#include "scm-internal.h"
#include "init-internal.h"
#include "finalizers-internal.h"

#include <stdio.h>
#include <libscm/conditions.h>
#include <libscm/finalizers.h>
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

static SCM
report (void *unused, SCM obj)
{
  (void) unused;
  fprintf (stderr, "libscm: a finalizer raised: %s\n",
           scm_c_condition_text (obj));
  return SCM_BOOL_F;
}

int
scm_run_finalizers (void)
{
  if (draining)
    return 0;
  draining = 1;
  drained = 0;
  do
    {
      /* Clear the flag before looking at the queue: a collection that
         queues more meanwhile sets it again, and we go round.  */
      scm_i_finalizers_pending = 0;
      __atomic_thread_fence (__ATOMIC_SEQ_CST);
      while (GC_should_invoke_finalizers ())
        scm_c_catch (invoke, NULL, report, NULL);
    }
  while (scm_i_finalizers_pending);
  draining = 0;
  return drained;
}

void
scm_i_run_pending_finalizers (void)
{
  if (scm_i_finalizers_pending && !draining)
    scm_run_finalizers ();
}
