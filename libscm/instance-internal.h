/* instance-internal.h -- an interpreter instance and the current one
   SPDX-License-Identifier: LGPL-3.0-or-later

   All mutable interpreter state hangs off an instance; a thread reaches
   its instance through a thread-local pointer.  The evaluator adds the
   VM stack, handlers, parameters and current ports here.  */

#ifndef SCM_INSTANCE_INTERNAL_H
#define SCM_INSTANCE_INTERNAL_H

#include "scm-internal.h"
#include "hashtab-internal.h"

#include <pthread.h>

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
};

/* The calling thread's instance; fatal if it has none (scm_init was not
   called).  */
SCM_INTERNAL struct scm_i_instance *scm_i_current_instance (void);
SCM_INTERNAL void scm_i_set_current_instance (struct scm_i_instance *inst);
/* A new instance with an empty environment.  */
SCM_INTERNAL struct scm_i_instance *scm_i_make_instance (void);

/* Point INST's current ports at the process's standard ports.  */
SCM_INTERNAL void scm_i_init_instance_ports (struct scm_i_instance *inst);

#endif /* SCM_INSTANCE_INTERNAL_H */
