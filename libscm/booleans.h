/* booleans.h -- #t and #f
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_BOOLEANS_H
#define SCM_BOOLEANS_H

#include <libscm/scm.h>

SCM_API SCM scm_not (SCM x);
SCM_API SCM scm_boolean_p (SCM obj);

#endif /* SCM_BOOLEANS_H */
