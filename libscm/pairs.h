/* pairs.h -- pairs: two words, car and cdr, no header
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_PAIRS_H
#define SCM_PAIRS_H

#include <libscm/scm.h>

SCM_API SCM scm_cons (SCM car, SCM cdr);
SCM_API SCM scm_car (SCM pair);
SCM_API SCM scm_cdr (SCM pair);
SCM_API SCM scm_set_car_x (SCM pair, SCM value);
SCM_API SCM scm_set_cdr_x (SCM pair, SCM value);
SCM_API SCM scm_pair_p (SCM obj);

#endif /* SCM_PAIRS_H */
