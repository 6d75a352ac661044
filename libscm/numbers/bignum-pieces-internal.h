/* bignum-pieces-internal.h -- products, quotients and gcds of limbs
   that poll for interrupts (bignum-pieces.c, bignum-gcd.c)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_BIGNUM_PIECES_INTERNAL_H
#define SCM_BIGNUM_PIECES_INTERNAL_H

#include "runtime/scm-internal.h"
#include <gmp.h>

/* The piece sizes bignums.c uses, in limbs: one mpn_mul of two 2^17-limb
   operands takes about 45 ms here, one mpn_tdiv_qr of 2^17 by 2^16
   limbs about 50 ms.  Smaller PIECE arguments are raised to
   SCM_I_MIN_PIECE (the splits need a few limbs to make progress).  */
#define SCM_I_MUL_PIECE ((mp_size_t) 1 << 17)
#define SCM_I_DIV_PIECE ((mp_size_t) 1 << 16)
#define SCM_I_MIN_PIECE ((mp_size_t) 8)

/* R[0..AN+BN) = A * B, AN >= BN >= 1, R overlapping neither (A == B
   with AN == BN is a square): what mpn_mul (or mpn_sqr) gives, from
   products of operands of at most PIECE limbs with a poll for
   interrupts between them; one call if AN <= PIECE.  */
SCM_INTERNAL void scm_i_mpn_mul_polled (mp_limb_t *r, const mp_limb_t *a,
                                        mp_size_t an, const mp_limb_t *b,
                                        mp_size_t bn, mp_size_t piece);

/* Q[0..AN-BN+1) and R[0..BN) = quotient and remainder of A by B, AN >=
   BN >= 1, B[BN-1] != 0, no overlaps: what mpn_tdiv_qr gives, from
   divisions with quotients of at most about PIECE limbs and divisors
   of at most PIECE (and products, see scm_i_mpn_mul_polled) with a
   poll between them; one call if both are under PIECE.  */
SCM_INTERNAL void scm_i_mpn_tdiv_qr_polled (mp_limb_t *q, mp_limb_t *r,
                                            const mp_limb_t *a, mp_size_t an,
                                            const mp_limb_t *b, mp_size_t bn,
                                            mp_size_t piece);

/* Under SCM_I_GCD_PIECE limbs a gcd is one mpn_gcd (about 20 ms here
   at 4,096 limbs); above, the half-gcd's recursion stops at
   SCM_I_GCD_LEAF limbs, where Lehmer's steps take over.  */
#define SCM_I_GCD_PIECE ((mp_size_t) 8192)
#define SCM_I_GCD_LEAF ((mp_size_t) 48)

/* G = gcd (A, B), A of AN limbs and B of BN, AN >= BN >= 1, top limbs
   nonzero, at least one of A and B odd: what mpn_gcd gives, without
   destroying A and B, G with room for BN limbs; returns G's length.
   Once the smaller number is under PIECE limbs, one mpn_gcd; until
   then, half-gcd steps (recursing down to LEAF limbs) and divisions
   with a poll for interrupts between them.  */
SCM_INTERNAL mp_size_t scm_i_mpn_gcd_polled (mp_limb_t *g,
                                             const mp_limb_t *a,
                                             mp_size_t an,
                                             const mp_limb_t *b,
                                             mp_size_t bn, mp_size_t piece,
                                             mp_size_t leaf);

#endif
