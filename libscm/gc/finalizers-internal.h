/* finalizers-internal.h -- finalizers that run at safe points
   (finalizers.c)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_FINALIZERS_INTERNAL_H
#define SCM_FINALIZERS_INTERNAL_H

#include "runtime/scm-internal.h"

/* Nonzero when libgc has found finalizable objects unreachable and
   their finalizers wait for the next safe point.  Set by the
   collector's notifier (which also lowers every VM's enter limit, so
   that the next call takes ENTER's slow path), cleared by the drain.  */
SCM_INTERNAL extern volatile int scm_i_finalizers_pending;

/* Nonzero while an async is marked (scm_c_mark_async) and has not
   run.  */
SCM_INTERNAL extern volatile int scm_i_asyncs_pending;

/* Register FN (BASE, DATA) as the finalizer of heap object OBJ, which
   must not have one: it runs once, at a safe point, after OBJ has
   become unreachable.  */
SCM_INTERNAL void scm_i_register_finalizer (SCM obj,
                                            void (*fn) (void *base,
                                                        void *data),
                                            void *data);

/* The safe points (the VM's ENTER slow path and every entry from C,
   (gc)): run the finalizers that are pending, unless this thread is
   running finalizers already.  An error in a finalizer is reported on
   stderr and dropped.  */
SCM_INTERNAL void scm_i_run_pending_finalizers (void);

/* At a safe point: start libgc's marker threads if they were deferred
   (scm_gc_options.defer_markers) and a collection has ended since
   (gc.c).  */
SCM_INTERNAL void scm_i_gc_start_deferred_markers (void);
/* At the same safe point: put in force the stop function the last
   collection chose for libgc's next ones (gc.c).  */
SCM_INTERNAL void scm_i_gc_apply_stop_func (void);

/* Set up libgc's finalization on demand; by scm_init_gc, before any
   finalizer is registered.  */
SCM_INTERNAL void scm_i_init_finalizers (void);

/* Lower the enter limit of every VM, so that each takes ENTER's slow
   path at its next call (vm.c).  Async-signal-safe, allocates
   nothing.  */
SCM_INTERNAL void scm_i_vm_request_safe_point (void);

#endif /* SCM_FINALIZERS_INTERNAL_H */
