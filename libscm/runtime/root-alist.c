/* root-alist.c -- permanent association lists keyed by object
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "runtime/scm-internal.h"
#include "runtime/root-alist-internal.h"

#include <libscm/gc.h>
#include <libscm/pairs.h>

void
scm_i_root_alist_set (struct scm_i_root_alist *a, SCM key, SCM value)
{
  SCM entry = scm_cons (key, value);
  pthread_mutex_lock (&a->lock);
  a->list = scm_cons (entry, a->list);
  scm_gc_protect_object (a->list);
  pthread_mutex_unlock (&a->lock);
}

SCM
scm_i_root_alist_ref (struct scm_i_root_alist *a, SCM key)
{
  pthread_mutex_lock (&a->lock);
  SCM l = a->list;
  pthread_mutex_unlock (&a->lock);
  for (; scm_is_pair (l); l = SCM_CDR (l))
    if (scm_is_eq (SCM_CAR (SCM_CAR (l)), key))
      return SCM_CDR (SCM_CAR (l));
  return SCM_BOOL_F;
}
