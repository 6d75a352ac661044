/* eval-limits.h -- enforced limits on an evaluation: time, allocation, stack
   SPDX-License-Identifier: LGPL-3.0-or-later

   A host runs untrusted code under limits:

     scm_t_limits lim = { .time_limit = 0.010,
                          .allocation_limit = 1 << 20 };
     SCM r;
     if (scm_c_eval_string_with_limits (src, "user-3", &lim, &r))
       switch (scm_c_limit_exceeded (r)) { ... }

   Exceeding a limit raises a condition of kind limit-exceeded that no
   Scheme handler receives: guard and with-exception-handler do not see
   it, dynamic-wind after thunks run as it unwinds (within a second
   budget as large as the first; past that they are abandoned), and
   control returns to the C function that set the limits.  Once there,
   the same condition is an ordinary one: a Scheme caller of
   call-with-limits, or of (ice-9 sandbox)'s eval-in-sandbox, can catch
   it.  Long primitives (sorting, printing, equal?, list operations,
   reading) poll for it as they poll for interrupts.

   The limits are per evaluation; nested evaluations each have their
   own, and the inner one cannot outlast the outer.  A thread that the
   evaluation starts (call-with-new-thread) draws on the same budgets:
   the same deadline, one count of steps and one of bytes for all of
   them; and when the evaluation returns, raises or is interrupted, its
   threads are stopped: one that runs yet ends with the same
   limit-exceeded condition, or, if the evaluation returned, with a
   limit-exceeded condition whose irritant is `ended', which join-thread
   raises (catchably) in the joiner.  */

#ifndef SCM_EVAL_LIMITS_H
#define SCM_EVAL_LIMITS_H

#include <stdint.h>
#include <libscm/scm.h>
#include <libscm/throw.h>

typedef struct scm_limits
{
  /* Seconds of wall-clock time; 0 for none.  */
  double time_limit;
  /* Bytes allocated on the collected heap while the evaluation runs,
     by its own thread and the threads it starts; 0 for none.  Each
     thread counts its own allocation, so what other threads and other
     instances allocate meanwhile never counts.  */
  size_t allocation_limit;
  /* Bytes of VM stack that the evaluation may use beyond what its
     caller uses; 0 for none (the thread's stack limit still holds).  */
  size_t stack_limit;
  /* Evaluation steps: procedure entries and loop iterations of the VM,
     and turns of a long primitive's loop (counted 65,536 at a time);
     0 for none.  Unlike time, the count does not depend on the
     machine or its load, so the same code stops at the same place.  */
  uint64_t step_limit;
} scm_t_limits;

/* Which limit a raised object reports.  */
typedef enum
{
  SCM_LIMIT_NONE = 0,           /* not a limit-exceeded condition */
  SCM_LIMIT_TIME,
  SCM_LIMIT_ALLOCATION,
  SCM_LIMIT_STACK,
  SCM_LIMIT_STEPS,
  SCM_LIMIT_MEMORY              /* an instance's memory quota
                                   (scm_instance_set_memory_quota) */
} scm_t_limit_kind;

/* Call BODY (DATA) under LIMITS (NULL: none).  Returns 0 with its
   value in *RESULT, or 1 with the object it raised in *RESULT: a
   limit-exceeded condition (see scm_c_limit_exceeded), an interrupt,
   an exit request or any error.  Raises nothing itself, except a
   wrong-type-arg error for a negative or non-finite time limit.  */
SCM_API int scm_c_call_with_limits (const scm_t_limits *limits,
                                    scm_t_catch_body body, void *data,
                                    SCM *result);
/* scm_c_eval_string_with_name_protected under LIMITS.  */
SCM_API int scm_c_eval_string_with_limits (const char *utf8,
                                           const char *name,
                                           const scm_t_limits *limits,
                                           SCM *result);
/* The limit that OBJ, a raised object, reports exceeded.  */
SCM_API scm_t_limit_kind scm_c_limit_exceeded (SCM obj);

/* (call-with-limits THUNK TIME-LIMIT ALLOCATION-LIMIT [STACK-LIMIT
   [STEP-LIMIT]]):
   THUNK's values, or the limit-exceeded condition raised at the call
   (catchable there).  #f for a limit means none.  */
SCM_API SCM scm_call_with_limits (SCM thunk, SCM time_limit,
                                  SCM allocation_limit, SCM stack_limit,
                                  SCM step_limit);

/* Interrupting one thread.  scm_c_interrupt_target returns the calling
   thread's; another thread, or a signal handler, passes it to
   scm_request_interrupt_of to stop only that thread's evaluation with
   an `interrupted' condition (scm_request_interrupt stops every
   thread's).  A target stays valid for the life of the process.  */
typedef struct scm_i_vm scm_t_interrupt_target;
SCM_API scm_t_interrupt_target *scm_c_interrupt_target (void);
/* Async-signal-safe.  */
SCM_API void scm_request_interrupt_of (scm_t_interrupt_target *target);

/* Blocking calls.  C code that waits (for a child, a descriptor, a
   timer) outside Scheme mode, in scm_without_guile, waits in slices:
   between two it looks at scm_c_interrupt_pending for the target it
   took before (scm_c_interrupt_target), and, if nonzero, comes back
   to Scheme mode and calls scm_async_tick, which raises the interrupt
   or the limit if it is meant for this evaluation, runs the marked
   asyncs (finalizers.h: Scheme signal handlers) and the finalizers that
   wait, and returns if nothing raised (the caller waits on).
   scm_c_interrupt_pending is also nonzero while an async is marked; it
   touches no Scheme object and is async-signal-safe (TARGET NULL:
   asyncs only).  scm_async_tick is Guile's name for that safe point.  */
SCM_API int scm_c_interrupt_pending (scm_t_interrupt_target *target);
SCM_API void scm_async_tick (void);

#endif /* SCM_EVAL_LIMITS_H */
