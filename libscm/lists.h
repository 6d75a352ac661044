/* lists.h -- the basic list procedures
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_LISTS_H
#define SCM_LISTS_H

#include <libscm/scm.h>

SCM_API SCM scm_list_1 (SCM e1);
SCM_API SCM scm_list_2 (SCM e1, SCM e2);
SCM_API SCM scm_list_3 (SCM e1, SCM e2, SCM e3);
SCM_API SCM scm_list_4 (SCM e1, SCM e2, SCM e3, SCM e4);
SCM_API SCM scm_list_5 (SCM e1, SCM e2, SCM e3, SCM e4, SCM e5);
/* The list of the arguments before the first SCM_UNDEFINED, which ends
   them (Guile's scm_list_n): scm_list_n (a, b, SCM_UNDEFINED).  */
SCM_API SCM scm_list_n (SCM elt, ...);
SCM_API SCM scm_null_p (SCM obj);
SCM_API SCM scm_list_p (SCM obj);
SCM_API SCM scm_list (SCM objs);
SCM_API SCM scm_make_list (SCM k, SCM fill);
SCM_API SCM scm_length (SCM list);
/* The length of proper list LIST, or -1 if it is improper or circular. */
SCM_API long scm_c_list_length (SCM list);
SCM_API SCM scm_append (SCM lists);
SCM_API SCM scm_reverse (SCM list);
/* (reverse! LIST [NEWTAIL]); NEWTAIL SCM_UNDEFINED or SCM_EOL for none.  */
SCM_API SCM scm_reverse_x (SCM list, SCM newtail);
SCM_API SCM scm_list_tail (SCM list, SCM k);
SCM_API SCM scm_list_ref (SCM list, SCM k);
SCM_API SCM scm_list_set_x (SCM list, SCM k, SCM obj);
SCM_API SCM scm_list_copy (SCM list);
SCM_API SCM scm_memq (SCM x, SCM list);
SCM_API SCM scm_memv (SCM x, SCM list);
SCM_API SCM scm_member (SCM x, SCM list);
SCM_API SCM scm_assq (SCM x, SCM alist);
SCM_API SCM scm_assv (SCM x, SCM alist);
SCM_API SCM scm_assoc (SCM x, SCM alist);

#endif /* SCM_LISTS_H */
