/* random.h -- random numbers: random states and Guile's random API
   SPDX-License-Identifier: LGPL-3.0-or-later

   A random state holds the 256 bits of a xoshiro256** generator.  Each
   interpreter instance has a default state of its own, the value of its
   `*random-state*', seeded from the operating system when the instance
   is made.  A state is not locked: threads that draw from one state at
   the same time get numbers, but not independent ones; give each
   thread a state of its own (copy-random-state, seed->random-state).  */

#ifndef SCM_RANDOM_H
#define SCM_RANDOM_H

#include <stdint.h>
#include <libscm/scm.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The generator's state, as Guile's scm_t_rstate; opaque.  */
typedef struct scm_t_rstate scm_t_rstate;

/* The state of the current instance's `*random-state*' (raises if that
   variable holds something else).  */
SCM_API scm_t_rstate *scm_c_default_rstate (void);
/* A new state made from the N bytes of SEED (Guile's
   scm_c_make_rstate): the same bytes give the same state.  */
SCM_API scm_t_rstate *scm_c_make_rstate (const char *seed, int n);
/* The state of random state object STATE; raises wrong-type-arg
   otherwise.  */
SCM_API scm_t_rstate *scm_to_rstate (SCM state);
/* Nonzero if OBJ is a random state object.  */
SCM_API int scm_is_random_state (SCM obj);
/* A new random state object holding a copy of *STATE.  */
SCM_API SCM scm_from_rstate (const scm_t_rstate *state);
#define SCM_RSTATEP(x) scm_is_random_state (x)
#define SCM_RSTATE(x) scm_to_rstate (x)

/* Draws: 32 and 64 uniform bits; a double uniform in [0, 1); a normal
   deviate (mean 0, deviation 1); an exponential one (mean 1); an
   integer uniform in [0, M) for M > 0 (no modulo bias); an exact
   integer uniform in [0, M) for a positive exact integer M of any
   size.  */
SCM_API uint32_t scm_c_uniform32 (scm_t_rstate *state);
SCM_API uint64_t scm_c_uniform64 (scm_t_rstate *state);
SCM_API double scm_c_uniform01 (scm_t_rstate *state);
SCM_API double scm_c_normal01 (scm_t_rstate *state);
SCM_API double scm_c_exp1 (scm_t_rstate *state);
SCM_API uint32_t scm_c_random (scm_t_rstate *state, uint32_t m);
SCM_API uint64_t scm_c_random64 (scm_t_rstate *state, uint64_t m);
SCM_API SCM scm_c_random_bignum (scm_t_rstate *state, SCM m);

/* The Scheme procedures (STATE may be SCM_UNDEFINED: the default).  */
SCM_API SCM scm_random (SCM n, SCM state);
SCM_API SCM scm_random_state_p (SCM obj);
SCM_API SCM scm_copy_random_state (SCM state);
SCM_API SCM scm_seed_to_random_state (SCM seed);
SCM_API SCM scm_datum_to_random_state (SCM datum);
SCM_API SCM scm_random_state_to_datum (SCM state);
SCM_API SCM scm_random_state_from_platform (void);
SCM_API SCM scm_random_uniform (SCM state);
SCM_API SCM scm_random_normal (SCM state);
SCM_API SCM scm_random_exp (SCM state);
SCM_API SCM scm_random_normal_vector_x (SCM v, SCM state);
SCM_API SCM scm_random_hollow_sphere_x (SCM v, SCM state);
SCM_API SCM scm_random_solid_sphere_x (SCM v, SCM state);

#ifdef __cplusplus
}
#endif

#endif /* SCM_RANDOM_H */
