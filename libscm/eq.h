/* eq.h -- eq?, eqv?, equal?
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_EQ_H
#define SCM_EQ_H

#include <libscm/scm.h>

SCM_API SCM scm_eq_p (SCM x, SCM y);
SCM_API SCM scm_eqv_p (SCM x, SCM y);
/* equal? terminates on circular structures and on any nesting depth.  */
SCM_API SCM scm_equal_p (SCM x, SCM y);
SCM_API int scm_is_eqv (SCM x, SCM y);
SCM_API int scm_is_equal (SCM x, SCM y);

#endif /* SCM_EQ_H */
