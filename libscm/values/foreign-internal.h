/* foreign-internal.h -- what the printer and equal? need of foreign
   objects and pointers (foreign.c)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_FOREIGN_INTERNAL_H
#define SCM_FOREIGN_INTERNAL_H

#include "runtime/scm-internal.h"

/* The string the type's printer returns for foreign object X, or #f
   (no printer, or it returned something else).  May raise.  */
SCM_INTERNAL SCM scm_i_foreign_print (SCM x, int write_p);
/* The name of foreign object type X, or of X's type; #f for a
   pointer.  */
SCM_INTERNAL SCM scm_i_foreign_print_name (SCM x);
/* Nonzero if A and B, of type code scm_tc8_foreign, are equal?: two
   pointers with one address, or two objects of one type that its
   equal hook says are equal.  */
SCM_INTERNAL int scm_i_foreign_equal (SCM a, SCM b);
/* Nonzero, with the hash in *H, if X is a pointer (hashed by address)
   or a foreign object whose type has an equal or a hash hook, so that
   equal? objects hash alike; zero for the objects equal? compares by
   identity.  */
SCM_INTERNAL int scm_i_foreign_hash (SCM x, uint64_t *h);

#endif /* SCM_FOREIGN_INTERNAL_H */
