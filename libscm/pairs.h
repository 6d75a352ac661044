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

/* Guile's scm_caar ... scm_cddddr: the compositions of car and cdr,
   innermost last (scm_cadr (x) is the car of the cdr).  Raise
   wrong-type-arg naming the procedure ("cadr") and the argument when
   a step meets a non-pair; also Scheme's caar ... cddddr.  */
SCM_API SCM scm_caar (SCM x);
SCM_API SCM scm_cadr (SCM x);
SCM_API SCM scm_cdar (SCM x);
SCM_API SCM scm_cddr (SCM x);
SCM_API SCM scm_caaar (SCM x);
SCM_API SCM scm_caadr (SCM x);
SCM_API SCM scm_cadar (SCM x);
SCM_API SCM scm_caddr (SCM x);
SCM_API SCM scm_cdaar (SCM x);
SCM_API SCM scm_cdadr (SCM x);
SCM_API SCM scm_cddar (SCM x);
SCM_API SCM scm_cdddr (SCM x);
SCM_API SCM scm_caaaar (SCM x);
SCM_API SCM scm_caaadr (SCM x);
SCM_API SCM scm_caadar (SCM x);
SCM_API SCM scm_caaddr (SCM x);
SCM_API SCM scm_cadaar (SCM x);
SCM_API SCM scm_cadadr (SCM x);
SCM_API SCM scm_caddar (SCM x);
SCM_API SCM scm_cadddr (SCM x);
SCM_API SCM scm_cdaaar (SCM x);
SCM_API SCM scm_cdaadr (SCM x);
SCM_API SCM scm_cdadar (SCM x);
SCM_API SCM scm_cdaddr (SCM x);
SCM_API SCM scm_cddaar (SCM x);
SCM_API SCM scm_cddadr (SCM x);
SCM_API SCM scm_cdddar (SCM x);
SCM_API SCM scm_cddddr (SCM x);

#endif /* SCM_PAIRS_H */
