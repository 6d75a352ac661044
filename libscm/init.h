/* init.h -- starting libscm
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_INIT_H
#define SCM_INIT_H

#include <libscm/scm.h>

/* Initialise the GC, the static constants and the first instance, and
   attach the calling thread.  Safe to call more than once, from any
   thread; the second and later calls in a thread do nothing.  A thread
   that the collector does not know yet (one not made by
   GC_pthread_create) calls it before it holds any Scheme object, and is
   known to the collector until it exits.  */
SCM_API void scm_init (void);

/* The version of libscm, an immutable string ("0.1.0").  */
SCM_API SCM scm_version (void);
/* A new list of the feature identifiers (symbols) of cond-expand:
   r7rs, full-unicode, libscm, the system's...  */
SCM_API SCM scm_features (void);

#endif /* SCM_INIT_H */
