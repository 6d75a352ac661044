/* numbers-gmp.h -- exact integers to and from GMP's mpz_t
   SPDX-License-Identifier: LGPL-3.0-or-later

   For embedding programs that use GMP themselves; not included by
   <libscm.h>, so that other embedders need not have <gmp.h>.  libscm
   never calls mp_set_memory_functions: an mpz_t stays under the
   embedder's allocator, and libscm's own integers live in GC memory.  */

#ifndef SCM_NUMBERS_GMP_H
#define SCM_NUMBERS_GMP_H

#include <gmp.h>
#include <libscm/scm.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Set RESULT (initialised by the caller) to exact integer X; raises
   wrong-type-arg for anything else.  RESULT grows through GMP's
   allocator, as any mpz_t of the caller.  */
SCM_API void scm_to_mpz (SCM x, mpz_t result);
/* The exact integer of X: a fixnum if it fits, else a bignum (a copy:
   X may be cleared afterwards).  Raises implementation-restriction past
   the integer size limit (scm_c_set_max_integer_bits).  */
SCM_API SCM scm_from_mpz (mpz_t x);

#ifdef __cplusplus
}
#endif

#endif /* SCM_NUMBERS_GMP_H */
