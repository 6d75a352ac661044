/* bignum-pieces-internal.h -- products and quotients of limbs that
   poll for interrupts (bignum-pieces.c)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_BIGNUM_PIECES_INTERNAL_H
#define SCM_BIGNUM_PIECES_INTERNAL_H

#include "scm-internal.h"
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

#endif
