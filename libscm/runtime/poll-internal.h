/* poll-internal.h -- interrupt polls and C-stack checks for the code
   that loops or recurses for as long as its input says
   SPDX-License-Identifier: LGPL-3.0-or-later

   A value type polls (SCM_I_POLL_EVERY, scm_i_poll_interrupt) with this
   header alone: it needs nothing of the VM.  The one-compare inline
   C-stack check, scm_i_check_c_stack, reads the VM's marks and so lives
   with the VM (vm/vm-internal.h); its slow path and the C-stack
   segments (c-stack.c) are declared here.  */

#ifndef SCM_POLL_INTERNAL_H
#define SCM_POLL_INTERNAL_H

#include "runtime/scm-internal.h"

struct scm_i_vm;

/* Ask VM to stop at its next poll, as scm_request_interrupt asks every
   VM (async-signal-safe); recompute its enter limit after its
   interrupt flag changed (vm.c).  */
SCM_INTERNAL void scm_i_vm_request_interrupt (struct scm_i_vm *vm);
SCM_INTERNAL void scm_i_vm_refresh_enter_limit (struct scm_i_vm *vm);
/* Set every VM's instance_check flag and clear its enter limit
   (async-signal-safe), or one VM's.  */
SCM_INTERNAL void scm_i_vm_request_instance_check (void);
SCM_INTERNAL void scm_i_vm_request_instance_check_of (struct scm_i_vm *vm);
/* The `interrupted' condition, as an interrupt check raises it.  */
SCM_INTERNAL SCM scm_i_make_interrupted_condition (void);
/* Limits (eval-limits.c).  At an interrupt check: raise the condition of a
   limit that has been exceeded, if any.  At a stack overflow: raise it
   as a limit if an evaluation's stack limit is the one reached.  */
SCM_INTERNAL void scm_i_limit_poll (struct scm_i_vm *vm);
SCM_INTERNAL void scm_i_limit_stack_overflow (struct scm_i_vm *vm);
/* Count N steps against the step budgets of VM's evaluations; one that
   is spent fires, and the next poll raises its condition.  */
SCM_INTERNAL void scm_i_limit_steps (struct scm_i_vm *vm, uint64_t n);
/* SCM_I_POLL_EVERY's call: count its 65,536 turns as steps, then poll.  */
SCM_INTERNAL void scm_i_poll_steps (void);
/* Fire the time limit of VM's evaluations whose deadline has passed,
   without waiting for the watchdog (one clock read if one has a
   deadline; nothing otherwise).  */
SCM_INTERNAL void scm_i_limit_check_clock (struct scm_i_vm *vm);
/* Nonzero if the deadline of one of VM's evaluations has passed and
   has not fired yet.  Takes no lock: for the collector's stop
   function.  */
SCM_INTERNAL int scm_i_limit_deadline_passed_p (struct scm_i_vm *vm);
/* Nonzero if a limit of VM's evaluations has fired and awaits a poll.  */
SCM_INTERNAL int scm_i_limit_pending_p (struct scm_i_vm *vm);

/* Raise `interrupted' if an interrupt is pending for an evaluation
   running in this thread: for C code that waits or loops long (a read
   that a signal interrupted).  */
SCM_INTERNAL void scm_i_poll_interrupt (void);
/* Nonzero if the calling thread is in an evaluation that an interrupt
   or a limit can stop: C code about to block for long (a read of a
   pipe) then waits in slices, polling between them.  */
SCM_INTERNAL int scm_i_evaluating_p (void);

/* scm_i_check_c_stack's slow path (vm.c).  */
SCM_INTERNAL int scm_i_check_c_stack_slow (struct scm_i_vm *vm,
                                           const char *what);

/* For the collector's stop function (gc.c): nonzero if the calling
   thread evaluates and has an interrupt pending, which its next poll
   will raise, so that the collection it runs should be abandoned
   (counted: at most a few for one interrupt).  Touches only the
   thread's VM: safe with the world stopped.  */
SCM_INTERNAL int scm_i_abandon_collection_p (void);

/* The nodes of the expander's and the compiler's recursive walks,
   counted per thread: scm_i_walk_tick polls every 4,096 (reading the
   clock, scm_i_poll_interrupt), so that a time limit holds in a long
   walk without waiting for the watchdog, which a loaded machine runs
   late.  The walks raise there what their C-stack check raises.  */
SCM_INTERNAL extern __thread unsigned scm_i_walk_ticks
  __attribute__ ((tls_model ("initial-exec")));
static inline void
scm_i_walk_tick (void)
{
  if (SCM_UNLIKELY ((++scm_i_walk_ticks & 0xfff) == 0))
    scm_i_poll_interrupt ();
}

/* In a C loop whose length the program chooses: poll every 65,536
   turns of COUNTER (a size_t the loop owns).  */
#define SCM_I_POLL_EVERY(counter)                                       \
  do {                                                                  \
    if (SCM_UNLIKELY ((++(counter) & 0xffff) == 0))                     \
      scm_i_poll_steps ();                                              \
  } while (0)

/* C-stack segments (c-stack.c).  The grow mark lies this far above the
   low mark, or less on a small stack.  */
#define SCM_I_C_STACK_GROW_RESERVE ((size_t) 512 * 1024)
struct scm_i_c_segment;
/* Call FN (DATA) on a new segment of C stack, or here if none can be
   had.  What FN raises, and a continuation it calls, leave through the
   segment's entry and go on from here.  */
SCM_INTERNAL void scm_i_with_more_c_stack (void (*fn) (void *), void *data);

/* The trampoline of a recursive walk (the expander's, the compiler's,
   a copy of deep data) that checks its C stack:

     SCM_I_DEFINE_DEEPER (expand_deeper, struct scm_i_node *, expand,
                          (struct scm_i_scope *, s), (SCM, x), (SCM, cell))

   defines expand_deeper (s, x, cell), which calls expand (s, x, cell)
   on a new C-stack segment (scm_i_with_more_c_stack) and returns its
   result; the walk begins with

     if (SCM_UNLIKELY (scm_i_check_c_stack ("expression")))
       return expand_deeper (s, x, cell);

   The arguments travel in a struct NAME_args, the call in NAME_thunk.
   NAME is out of line, so that the walk's own frame holds none of
   this.  FN must be declared before; one to five (TYPE, PARAM)
   pairs, no PARAM named scm_i_args or scm_i_args_.
   SCM_I_DEFINE_DEEPER_VOID (NAME, FN, PAIRS...) is the same for a FN
   that returns nothing.  A macro, since C has no closures and each
   walk has parameters of its own: it writes what each walk wrote by
   hand before, so the code is the same.  */
#define SCM_I_DEFINE_DEEPER(name, type, fn, ...)                          \
  SCM_I_DEEPER_DEFINE (name, type, type result;, scm_i_args->result =,    \
                       return scm_i_args_.result;, fn, __VA_ARGS__)
#define SCM_I_DEFINE_DEEPER_VOID(name, fn, ...)                           \
  SCM_I_DEEPER_DEFINE (name, void, , , , fn, __VA_ARGS__)
#define SCM_I_DEEPER_DEFINE(name, type, field, store, ret, fn, ...)       \
  struct name##_args                                                      \
  {                                                                       \
    SCM_I_DEEPER_MAP (SCM_I_DEEPER_FIELD, SCM_I_DEEPER_NONE, __VA_ARGS__) \
    field                                                                 \
  };                                                                      \
  static void                                                             \
  name##_thunk (void *data)                                               \
  {                                                                       \
    struct name##_args *scm_i_args = data;                                \
    store fn (SCM_I_DEEPER_ARGS (__VA_ARGS__));                           \
  }                                                                       \
  static type __attribute__ ((noinline))                                  \
  name (SCM_I_DEEPER_PARAMS (__VA_ARGS__))                                \
  {                                                                       \
    struct name##_args scm_i_args_;                                       \
    SCM_I_DEEPER_MAP (SCM_I_DEEPER_SET, SCM_I_DEEPER_NONE, __VA_ARGS__)   \
    scm_i_with_more_c_stack (name##_thunk, &scm_i_args_);                 \
    ret                                                                   \
  }
/* Their parts: the (TYPE, PARAM) pairs as fields, parameters, the
   struct's filling and the call's arguments.  */
#define SCM_I_DEEPER_PARAMS(...)                                          \
  SCM_I_DEEPER_MAP (SCM_I_DEEPER_PARAM, SCM_I_DEEPER_COMMA, __VA_ARGS__)
#define SCM_I_DEEPER_ARGS(...)                                            \
  SCM_I_DEEPER_MAP (SCM_I_DEEPER_ARG, SCM_I_DEEPER_COMMA, __VA_ARGS__)
#define SCM_I_DEEPER_FIELD(type, param) type param;
#define SCM_I_DEEPER_PARAM(type, param) type param
#define SCM_I_DEEPER_SET(type, param) scm_i_args_.param = param;
#define SCM_I_DEEPER_ARG(type, param) scm_i_args->param
#define SCM_I_DEEPER_NONE()
#define SCM_I_DEEPER_COMMA() ,
#define SCM_I_DEEPER_MAP(m, sep, ...)                                     \
  SCM_I_DEEPER_CAT (SCM_I_DEEPER_MAP_, SCM_I_DEEPER_COUNT (__VA_ARGS__))  \
    (m, sep, __VA_ARGS__)
#define SCM_I_DEEPER_COUNT(...)                                           \
  SCM_I_DEEPER_COUNT_ (__VA_ARGS__, 5, 4, 3, 2, 1, 0)
#define SCM_I_DEEPER_COUNT_(a, b, c, d, e, n, ...) n
#define SCM_I_DEEPER_CAT(a, b) SCM_I_DEEPER_CAT_ (a, b)
#define SCM_I_DEEPER_CAT_(a, b) a##b
#define SCM_I_DEEPER_MAP_1(m, sep, p) m p
#define SCM_I_DEEPER_MAP_2(m, sep, p, ...)                              \
  m p sep () SCM_I_DEEPER_MAP_1 (m, sep, __VA_ARGS__)
#define SCM_I_DEEPER_MAP_3(m, sep, p, ...)                              \
  m p sep () SCM_I_DEEPER_MAP_2 (m, sep, __VA_ARGS__)
#define SCM_I_DEEPER_MAP_4(m, sep, p, ...)                              \
  m p sep () SCM_I_DEEPER_MAP_3 (m, sep, __VA_ARGS__)
#define SCM_I_DEEPER_MAP_5(m, sep, p, ...)                              \
  m p sep () SCM_I_DEEPER_MAP_4 (m, sep, __VA_ARGS__)
/* Nonzero if VM's segments have not used up their budget (a quarter
   of its stack limit).  */
SCM_INTERNAL int scm_i_c_stack_can_grow (struct scm_i_vm *vm);
/* Nonzero if the C stack is nearly exhausted (below that mark).  */
SCM_INTERNAL int scm_i_c_stack_low_p (void);
/* In a dynwind context: until it ends, a top-level expansion or
   evaluation runs (scm_eval and the text evaluators hold it from the
   start of the expansion to the end of the run), so that
   scm_i_poll_interrupt honours interrupts even outside any run, and
   entering the VM does not drop a request made since it began.  */
SCM_INTERNAL void scm_i_enter_expansion (void);
/* Nonzero if fewer than RESERVE bytes of C stack are left above the
   margin of scm_i_check_c_stack.  */
SCM_INTERNAL int scm_i_c_stack_within_p (size_t reserve);
#endif /* SCM_POLL_INTERNAL_H */
