/* root-alist-internal.h -- permanent association lists keyed by object
   SPDX-License-Identifier: LGPL-3.0-or-later

   For the few facts kept beside objects that have no room for them (a
   record type's printer, a macro's docstring): an alist, newest entry
   first, whose every new head is made permanent, so that a C static
   may hold it.  Entries are never removed: a later one for the same
   key shadows an earlier one.  */

#ifndef SCM_ROOT_ALIST_INTERNAL_H
#define SCM_ROOT_ALIST_INTERNAL_H

#include "runtime/scm-internal.h"

#include <pthread.h>

struct scm_i_root_alist
{
  SCM list;
  pthread_mutex_t lock;
};

#define SCM_I_ROOT_ALIST_INITIALIZER { SCM_EOL, PTHREAD_MUTEX_INITIALIZER }

/* Associate VALUE with KEY (compared with eq?) in A.  */
SCM_INTERNAL void scm_i_root_alist_set (struct scm_i_root_alist *a, SCM key,
                                        SCM value);
/* The value of KEY's newest entry in A, or #f.  */
SCM_INTERNAL SCM scm_i_root_alist_ref (struct scm_i_root_alist *a, SCM key);

#endif /* SCM_ROOT_ALIST_INTERNAL_H */
