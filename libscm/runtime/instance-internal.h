/* instance-internal.h -- an interpreter instance and the current one
   SPDX-License-Identifier: LGPL-3.0-or-later

   All mutable interpreter state hangs off an instance; a thread reaches
   its instance through a thread-local pointer.  The first instance,
   made by scm_init, is the default one; instances.c makes and destroys
   others (doc/internals.md, "Instances").  The VM stack, handlers and
   parameters are per thread (vm-internal.h); entering an instance
   saves and resets the thread's.  */

#ifndef SCM_INSTANCE_INTERNAL_H
#define SCM_INSTANCE_INTERNAL_H

#include "runtime/scm-internal.h"
#include "values/hashtab-internal.h"

#include <pthread.h>
#include <stdint.h>
#include <libscm/eval-limits.h>

struct scm_i_vm;
struct scm_i_instance_entry;

struct scm_i_instance
{
  /* Guards the module tables: threads share an instance.  Held only
     around table operations, which neither raise nor allocate from the
     GC while it is held.  */
  pthread_mutex_t lock;
  SCM core;                     /* the module (libscm): modules.c */
  SCM user;                     /* the REPL's module, (libscm user) */
  SCM modules;                  /* alist: module name -> module */
  /* The libraries being loaded, innermost first (libraries.c).  */
  SCM loading;
  /* An alias a macro introduced as the name of a top-level definition
     -> the uninterned symbol of the global it defines (scope.c).  */
  struct scm_i_eqtab introduced_globals;
  SCM current_input;            /* ports */
  SCM current_output;
  SCM current_error;
  /* The ports the instance was made with (the default instance: the
     process's standard ports), which destroying it writes out.  */
  SCM std_ports[3];
  /* %load-path: the core's variable for the default instance, a
     variable of its own for the others (modules.c).  */
  SCM load_path;
  /* *random-state*: the core's variable for the default instance, a
     variable of its own for the others, shared as %load-path is
     (random.c).  */
  SCM random_state;
  /* One word, changed only by atomic additions, so that interrupt
     requests need no lock (a signal handler makes them): the high 32
     bits count the requests of scm_instance_request_interrupt ever
     made, the low 32 bits the entries in the instance now
     (scm_i_instance_enter).  Being one word orders every request
     against every entry and exit: an entry sees a request iff the
     request counted it (instances.c, "Interrupts").  */
  uint64_t interrupts;
  /* The threads started in the instance that have not entered yet.
     It cannot be destroyed while they or the entries are nonzero.
     Under LOCK.  */
  int holds;
  /* The limits of every scm_c_with_instance call, if HAS_LIMITS.
     Under LOCK.  */
  int has_limits;
  scm_t_limits limits;
  /* The memory quota (scm_instance_set_memory_quota): bytes its top
     level may keep, 0 for none.  QUOTA_CREDIT is what its threads may
     allocate before the next measure (atomic; eval-limits.c), OVER_QUOTA
     whether the last measure found more than the quota, QUOTA_KEPT
     what it found (under LOCK).  */
  size_t memory_quota;
  size_t quota_credit;
  int over_quota;
  size_t quota_kept;
  /* The same limits, for scm_c_with_instance to read without the lock:
     an immutable copy on the collected heap, replaced as a whole (NULL:
     none).  */
  const scm_t_limits *limits_now;
  /* SCM_CAP_* (instances.h): what the instance may reach.  Set when it
     is made and never changed.  */
  unsigned caps;
  /* A number no other instance of the process has had: what a thread's
     table of ports set by scm_set_current_output_port & co is keyed by
     (ports.c), which outlives the instance.  */
  uint64_t serial;
  struct scm_i_instance *next_live; /* instances.c's list */
};

/* A thread's stay in an instance: what entering saved, and the link in
   the thread's chain of stays (innermost first, from vm->entry).
   GC-allocated (it holds the saved state), owned by the code that
   entered; only its thread reads or writes it.  */
struct scm_i_instance_entry
{
  struct scm_i_instance *inst;
  struct scm_i_instance *prev;  /* the thread's instance before */
  struct scm_i_vm *vm;
  SCM module, params, handlers; /* the VM's, saved */
  /* The request count of INST's interrupts word that this stay has
     seen: a different count means a request for it.  */
  uint32_t seen_requests;
  /* A request for this stay was seen and not yet raised here (it may
     be on its way through an inner stay in another instance).  */
  int pending;
  /* Set by scm_i_instance_leave: the thread left with a request for
     this stay that it never raised (it came as the body returned).  */
  int missed;
  int left;
  struct scm_i_instance_entry *outer;
};

/* The calling thread's instance; fatal if it has none (scm_init was not
   called).  */
SCM_INTERNAL struct scm_i_instance *scm_i_current_instance (void);
SCM_INTERNAL void scm_i_set_current_instance (struct scm_i_instance *inst);
/* The calling thread's instance, or NULL.  */
SCM_INTERNAL struct scm_i_instance *scm_i_current_instance_or_null (void);
/* A new instance with an empty environment and a core module of its
   own (WITH_CORE: the first instance, which the primitives and the
   prelude are defined in), or with no modules at all (the caller sets
   them: scm_i_init_instance_modules).  */
SCM_INTERNAL struct scm_i_instance *scm_i_make_instance (int with_core);
/* Give INST the shared core module of FROM, a user module of its own,
   a registry with just those two, and its own %load-path holding a
   copy of FROM's (modules.c).  */
SCM_INTERNAL void scm_i_init_instance_modules (struct scm_i_instance *inst,
                                               struct scm_i_instance *from);
/* The default instance (init.c), NULL before scm_init.  */
SCM_INTERNAL struct scm_i_instance *scm_i_default_instance (void);

/* Make INST the calling thread's instance, recording in E (fresh, from
   scm_i_alloc) what it replaces: the VM's current module, parameterization
   and handlers, which become INST's top level, the defaults and none.
   scm_i_instance_leave (E) undoes it (a second call does nothing).  */
SCM_INTERNAL void scm_i_instance_enter (struct scm_i_instance *inst,
                                        struct scm_i_instance_entry *e);
SCM_INTERNAL void scm_i_instance_leave (struct scm_i_instance_entry *e);
/* At an interrupt check of VM, whose instance_check flag a request
   set: clear the flag, and return nonzero if one of the thread's stays
   has a request to raise now (the `interrupted' condition that the
   caller raises unwinds to the innermost stay's catch first; leaving
   that stay arms the check again for the outer one).  */
SCM_INTERNAL int scm_i_instance_interrupt_due (struct scm_i_vm *vm);
/* A thread is being started in INST: hold it against destruction until
   the thread has entered (then release it).  */
SCM_INTERNAL void scm_i_instance_hold (struct scm_i_instance *inst);
SCM_INTERNAL void scm_i_instance_release (struct scm_i_instance *inst);

/* The current ports that the calling thread set in its current
   instance with scm_set_current_output_port & co (ports.c): a vector
   #(INPUT OUTPUT ERROR), #f where it set none, or #f; and, in a thread
   that call-with-new-thread started, adopting its parent's, as Guile's
   threads inherit their parent's dynamic state.  */
SCM_INTERNAL SCM scm_i_thread_ports (void);
SCM_INTERNAL void scm_i_adopt_thread_ports (SCM ports);

/* Point INST's current ports at the process's standard ports.  */
SCM_INTERNAL void scm_i_init_instance_ports (struct scm_i_instance *inst);
/* Give INST ports of its own over file descriptors 0, 1 and 2, which
   closing does not close; its output ports are written out at each
   newline (ports.c).  */
SCM_INTERNAL void scm_i_init_instance_own_ports (struct scm_i_instance *inst);
/* Write out what INST's own ports hold, without raising (destruction,
   exit).  */
SCM_INTERNAL void scm_i_flush_instance_ports (struct scm_i_instance *inst);
/* Write out the buffered output of the standard ports and of every live
   instance's, taking no lock that may be held (a fatal error, exit).  */
SCM_INTERNAL void scm_i_flush_standard_ports (void);
/* Control goes back to C from the outermost evaluation: write out what
   the standard output port holds (C's stdout first), so that Scheme's
   output and the host's stdio output keep their order on a pipe or a
   file (ports.c).  MAY_RAISE: a write error raises; otherwise the
   bytes stay for the next write to report it.  */
SCM_INTERNAL void scm_i_flush_stdout_at_return (int may_raise);
/* INST's limits (scm_instance_set_limits) in *LIMITS: 1, or 0 if it
   has none.  */
SCM_INTERNAL int scm_i_instance_limits (struct scm_i_instance *inst,
                                        scm_t_limits *limits);
SCM_INTERNAL void scm_i_flush_all_output (void);
/* The bytes of the collected heap that INST's own top level reaches
   (modules/quota.c), counted until the count passes BOUND (then it is
   returned, larger than BOUND, at once).  Never raises.  */
SCM_INTERNAL size_t scm_i_instance_kept_bytes (struct scm_i_instance *inst,
                                              size_t bound);
/* Give INST a *random-state* of its own, seeded from the operating
   system (random.c).  */
SCM_INTERNAL void scm_i_init_instance_random (struct scm_i_instance *inst);

#endif /* SCM_INSTANCE_INTERNAL_H */
