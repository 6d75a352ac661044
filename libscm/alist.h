/* alist.h -- Guile's association-list procedures
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_ALIST_H
#define SCM_ALIST_H

#include <libscm/scm.h>

#ifdef __cplusplus
extern "C" {
#endif

/* (acons KEY VALUE ALIST).  The others take the alist first, as in
   Guile: the -ref forms return the value or #f, the -set! and -remove!
   forms the alist to use afterwards.  */
SCM_API SCM scm_acons (SCM key, SCM value, SCM alist);
SCM_API SCM scm_assq_ref (SCM alist, SCM key);
SCM_API SCM scm_assv_ref (SCM alist, SCM key);
SCM_API SCM scm_assoc_ref (SCM alist, SCM key);
SCM_API SCM scm_assq_set_x (SCM alist, SCM key, SCM value);
SCM_API SCM scm_assv_set_x (SCM alist, SCM key, SCM value);
SCM_API SCM scm_assoc_set_x (SCM alist, SCM key, SCM value);
SCM_API SCM scm_assq_remove_x (SCM alist, SCM key);
SCM_API SCM scm_assv_remove_x (SCM alist, SCM key);
SCM_API SCM scm_assoc_remove_x (SCM alist, SCM key);

#ifdef __cplusplus
}
#endif

#endif /* SCM_ALIST_H */
