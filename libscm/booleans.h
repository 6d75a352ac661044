/* booleans.h -- #t and #f
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_BOOLEANS_H
#define SCM_BOOLEANS_H

#include <libscm/scm.h>

SCM_API SCM scm_not (SCM x);
SCM_API SCM scm_boolean_p (SCM obj);
/* 1 for #t, 0 for #f; raises wrong-type-arg for anything else (use
   scm_is_true to take every object but #f as true).  */
SCM_API int scm_to_bool (SCM x);

#endif /* SCM_BOOLEANS_H */
