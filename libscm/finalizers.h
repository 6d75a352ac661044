/* finalizers.h -- finalizers run at safe points, and guardians
   SPDX-License-Identifier: LGPL-3.0-or-later

   libscm sets libgc to finalize on demand (process-wide, like its
   interior-pointer setting): the collector only queues the finalizers
   of unreachable objects, and libscm runs them at safe points -- at
   every entry into Scheme from C, at a Scheme call soon after the
   collection that found them, in (gc), and in scm_run_finalizers.  So a
   finalizer never runs inside the collector, inside a signal handler,
   or in the middle of an allocation, and may itself allocate and call
   Scheme.  An embedding program that uses libgc's finalizers for its own
   objects gets the same treatment.  */

#ifndef SCM_FINALIZERS_H
#define SCM_FINALIZERS_H

#include <libscm/scm.h>

/* Run the finalizers that are waiting, in this thread, and return how
   many ran.  Does nothing (returns 0) inside a finalizer.  An error a
   finalizer raises goes to the handler that
   scm_set_finalizer_error_handler set, or, without one, is counted and
   reported on stderr in one line for the whole run (how many, and the
   first one's message); this function raises nothing.  */
SCM_API int scm_run_finalizers (void);

/* What receives an error a finalizer raised: OBJ, and the DATA given
   with it.  It runs in the thread that runs the finalizers, at a safe
   point, and must not raise.  */
typedef void (*scm_t_finalizer_error_handler) (SCM obj, void *data);

/* Make HANDLER receive every error a finalizer raises from now on, in
   place of the summary line on stderr (NULL: that line again).
   Process-wide, as finalization is.  */
SCM_API void scm_set_finalizer_error_handler
  (scm_t_finalizer_error_handler handler, void *data);

/* A new guardian (Guile's make-guardian): a procedure of zero or one
   argument.  (G OBJ) guards OBJ; (G) returns a guarded object that has
   become unreachable since, or #f.  */
SCM_API SCM scm_make_guardian (void);

/* Asyncs (Guile's system asyncs, for C): work that code which cannot
   run Scheme -- a signal handler, a thread outside libscm -- asks the
   next safe point to do.  scm_c_make_async registers FN and DATA (at
   most 32 in a process) and returns the async's number, or -1 when
   there is no room.  scm_c_mark_async (A) asks for FN (DATA) to be
   called once, at the next safe point of a thread that evaluates (the
   safe points of the finalizers) or in scm_async_tick
   (eval-limits.h); it is async-signal-safe: no lock, no allocation.
   FN runs in Scheme mode and may call Scheme; what it raises
   propagates from the point where it ran.  FN may mark its async
   again, to run at a later safe point (of another thread, say).  */
SCM_API int scm_c_make_async (void (*fn) (void *), void *data);
SCM_API void scm_c_mark_async (int async);

#endif /* SCM_FINALIZERS_H */
