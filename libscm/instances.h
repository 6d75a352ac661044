/* instances.h -- isolated interpreter instances in one process
   SPDX-License-Identifier: LGPL-3.0-or-later

   An instance is a top level of its own: its user module, its table of
   loaded libraries, its current ports, its %load-path and its limits.
   What it defines, redefines (if, car, map), loads or closes is not
   seen by any other instance.  The static constants, the symbol table
   and the immutable core module (libscm) are shared, so an instance
   costs a few KiB.  The top level that scm_init makes is the default
   instance.

     scm_t_instance *inst = scm_instance_create ();
     SCM r;
     if (scm_c_instance_eval_string (inst, "(define x 1) x", "user-1", &r))
       ... r is the raised object ...
     scm_instance_destroy (inst);

   Any thread attached to libscm (scm_init, scm_with_guile) may enter
   any instance, and several threads may be in one instance at once, as
   they may be in the default instance: its tables are locked.  A
   thread made by call-with-new-thread runs in its parent's instance.  */

#ifndef SCM_INSTANCES_H
#define SCM_INSTANCES_H

#include <libscm/scm.h>
#include <libscm/throw.h>
#include <libscm/eval-limits.h>

typedef struct scm_i_instance scm_t_instance;

/* A new instance with a fresh top level: the core bindings, current
   ports of its own over file descriptors 0, 1 and 2 (which closing them
   does not close), the default instance's %load-path as it is now, no
   libraries loaded and no limits.  Initialises libscm (scm_init) if
   needed.  Raises an out-of-memory error if it cannot be allocated.  */
SCM_API scm_t_instance *scm_instance_create (void);

/* Capabilities: what an instance may reach beyond pure computation.
   An instance made without one has none of its bindings (they are
   unbound there, in its top level, in every library it imports and in
   module-ref of the core) and cannot import a library that needs
   them.  */
#define SCM_CAP_FILES    (1u << 0) /* files: open-input-file & co,
                                      load, include of a file, file-exists?,
                                      delete-file, libraries from %load-path */
#define SCM_CAP_ENV      (1u << 1) /* the process: environment variables,
                                      command-line, gc and gc-stats */
#define SCM_CAP_TIME     (1u << 2) /* clocks: current-second, current-time,
                                      current-jiffy & co */
#define SCM_CAP_THREADS  (1u << 3) /* call-with-new-thread, join-thread */
#define SCM_CAP_FOREIGN  (1u << 4) /* (system foreign): pointers */
#define SCM_CAP_STDIN    (1u << 5) /* current input over file descriptor 0
                                      (without it: an empty port) */
#define SCM_CAP_ALL      0x3fu

/* A new instance as scm_instance_create makes, with only the
   capabilities CAPS (0: pure computation).  Costs what
   scm_instance_create does: the bindings are the core's, filtered when
   looked up.  */
SCM_API scm_t_instance *scm_instance_create_restricted (unsigned caps);

/* The same by name: PROFILE is "pure" or "all", or "pure" followed by
   "+NAME" for each capability to add, NAME one of files, env, time,
   threads, foreign, stdin ("pure+time", "pure+files+env").  NULL if
   PROFILE is not such a name.  */
SCM_API scm_t_instance *scm_instance_create_profile (const char *profile);

/* INST's capabilities (NULL: the default instance, which has all).  */
SCM_API unsigned scm_instance_capabilities (scm_t_instance *inst);

/* Destroy INST: its top level, libraries and ports are dropped (its
   ports' output written out first), so that the objects only it
   reached are freed by the next collection and their finalizers run
   at the next safe point after it (scm_gc () does both at once).
   Returns 0, or -1 without doing anything if INST is the default
   instance or if a thread is in it or was started in it and runs yet
   (interrupt it with scm_instance_request_interrupt and try again).
   INST must not be used afterwards: the host makes sure that no other
   thread is about to enter it (the check covers only threads inside).
   Raises nothing.  */
SCM_API int scm_instance_destroy (scm_t_instance *inst);

/* The default instance, and the calling thread's current one (NULL
   if the thread never entered libscm).  */
SCM_API scm_t_instance *scm_default_instance (void);
SCM_API scm_t_instance *scm_current_instance (void);

/* Call BODY (DATA) in INST (NULL: the default instance) and come back
   to the calling thread's instance.  BODY runs at INST's top level
   with INST's limits (scm_instance_set_limits), the default value of
   every parameter and no exception handler of the caller's.  Returns
   0 with BODY's value in *RESULT (unless RESULT is NULL), or 1 with
   the object it raised: an error, an exceeded limit
   (scm_c_limit_exceeded tells which), an interrupt, an exit request.
   A limit of an evaluation that encloses the call is raised on to it,
   as scm_c_call_with_limits does.  Attaches the thread (scm_init) if
   it was not.  */
SCM_API int scm_c_with_instance (scm_t_instance *inst, scm_t_catch_body body,
                                 void *data, SCM *result);

/* The same in the shape of scm_with_guile: returns FUNC (DATA), or, if
   FUNC raised, NULL, after printing the error (with its backtrace) on
   INST's current error port, as Guile's scm_with_guile does.  Usable
   inside scm_without_guile too.  */
SCM_API void *scm_with_instance (scm_t_instance *inst,
                                 void *(*func) (void *), void *data);

/* scm_c_eval_string_with_name in INST, through scm_c_with_instance.  */
SCM_API int scm_c_instance_eval_string (scm_t_instance *inst,
                                        const char *utf8, const char *name,
                                        SCM *result);

/* Set the limits that every later scm_c_with_instance call on INST
   runs its body under (copied; NULL: none; INST NULL: the default
   instance).  Each call has the full budget: time, allocation and
   stack as scm_c_call_with_limits counts them.  Returns 0, or -1 for a
   negative or non-finite time limit or when their copy cannot be
   allocated (the limits are left as they were).  Raises
   nothing.  A thread that Scheme code starts in INST
   during such a call shares the call's budgets and is stopped when the
   call returns (eval-limits.h); one started outside any limited
   evaluation runs under INST's limits, with the full budget from its
   start.  */
SCM_API int scm_instance_set_limits (scm_t_instance *inst,
                                      const scm_t_limits *limits);

/* Bound what INST keeps across its evaluations to BYTES (0: no
   quota; INST NULL: the default instance).  What it keeps is what its
   own top level reaches on the collected heap: its modules'
   variables, the libraries it loaded, its ports and their buffers,
   and everything those reach, each object counted once, not what
   every instance shares (the core, the built-in libraries, the static
   image) nor what an evaluation holds only on its stack.  It is
   measured by a walk (scm_instance_kept_bytes) at the start of INST's
   first evaluation, then each time the threads in INST have allocated
   what the last measure left of the quota (a quarter of it at least),
   at the poll that follows (within 2 ms in C code; at once in the VM
   and before a large object is made); a measure
   that finds more than BYTES stops the evaluation that made it with a
   limit-exceeded condition of kind SCM_LIMIT_MEMORY (irritant
   `memory'), which, as every limit's, no Scheme handler in INST
   receives, and which other instances never see.  Afterwards INST is
   over its quota until a measure finds it under: each of its
   evaluations may allocate 64 KiB before it is measured again (so an
   evaluation that drops what it keeps, (set! big #f), runs), and one
   that allocates more while INST is still over is stopped.  Returns
   0, or -1 if BYTES is nonzero and below 64 KiB (the quota is left as
   it was).  Raises nothing.  */
SCM_API int scm_instance_set_memory_quota (scm_t_instance *inst,
                                           size_t bytes);
/* Measure now what INST keeps (NULL: the default instance), as the
   quota counts it.  From a thread attached to libscm.  */
SCM_API size_t scm_instance_kept_bytes (scm_t_instance *inst);

/* Ask every thread that is in INST now to stop what it evaluates
   there: its scm_c_with_instance call returns 1 with an `interrupted'
   condition, which no Scheme handler in INST receives (a thread that
   Scheme code started there ends with it: join-thread raises it).
   Returns the number of stays asked (a thread that entered INST twice,
   through another instance, counts twice), and nothing is lost: each
   of them is interrupted, even one that was between two forms or in C
   code, and one that was leaving when the request came, whose body had
   already returned, reports the interrupt from its call all the same
   (the body's value is dropped).  A request that returns 0 found
   nobody and has no effect, later or elsewhere.  Threads in other
   instances are not affected; a thread in INST that entered another
   instance from there is interrupted in that one first, then in INST
   when it is back.  Async-signal-safe (no lock, no allocation):
   callable from a signal handler and from any thread, attached or
   not.  Raises nothing.  */
SCM_API int scm_instance_request_interrupt (scm_t_instance *inst);

#endif /* SCM_INSTANCES_H */
