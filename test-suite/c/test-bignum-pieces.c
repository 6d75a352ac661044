/* test-bignum-pieces.c -- products and quotients computed in pieces
   (libscm/bignum-pieces.c) give exactly what one GMP call gives
   SPDX-License-Identifier: LGPL-3.0-or-later

   A white-box test: bignum-pieces.c is compiled into this program, with
   the two things it needs from the library (allocation and the poll)
   stood in for here.  The library splits only operands of tens of
   thousands of limbs; here the piece size is a few limbs, so that
   every way of splitting (chunks of the longer operand, Karatsuba
   halves, long division by chunks, cut divisors, and their nesting)
   meets operands of sizes on both sides of each threshold, with
   random limbs and with GMP's long runs of ones and zeros (carries and
   borrows across pieces, quotient estimates one too big).  */

#include "runtime/scm-internal.h"
#include "numbers/bignum-pieces-internal.h"
#include "runtime/poll-internal.h"

#include "tap.h"

#include "limb-standins.h"

/* ------------------------------------------------------------------ */
/* The cases.  */

/* N limbs at D, top limb nonzero: random, or runs of ones and zeros.  */
static void
limbs (mp_limb_t *d, mp_size_t n)
{
  mpz_t z;
  mpz_init (z);
  if (below (2))
    mpz_urandomb (z, rnd, (mp_bitcnt_t) n * 64);
  else
    mpz_rrandomb (z, rnd, (mp_bitcnt_t) n * 64);
  mpn_zero (d, n);
  mpn_copyi (d, mpz_limbs_read (z), mpz_size (z));
  mpz_clear (z);
  if (d[n - 1] == 0)
    d[n - 1] = 1 + below (1000);
}

static mp_limb_t *
fresh (mp_size_t n)
{
  mp_limb_t *d = malloc ((size_t) (n > 0 ? n : 1) * sizeof (mp_limb_t));
  /* Garbage, as the library's scratch is not zeroed either.  */
  for (mp_size_t i = 0; i < n; i++)
    d[i] = 0x5a5a5a5a5a5a5a5aULL * (mp_limb_t) (i + 1);
  return d;
}

/* A * B in pieces of PIECE against mpn_mul; nonzero if they agree and
   it polled when it had to.  */
static int
mul_case (mp_size_t an, mp_size_t bn, int square, mp_size_t piece)
{
  mp_limb_t *a = fresh (an), *b = square ? a : fresh (bn);
  limbs (a, an);
  if (!square)
    limbs (b, bn);
  mp_limb_t *want = fresh (an + bn), *got = fresh (an + bn);
  if (square)
    mpn_sqr (want, a, an);
  else
    mpn_mul (want, a, an, b, bn);
  long before = polls;
  scm_i_mpn_mul_polled (got, a, an, b, bn, piece);
  int same = mpn_cmp (want, got, an + bn) == 0;
  int polled = an <= (piece < SCM_I_MIN_PIECE ? SCM_I_MIN_PIECE : piece)
    || polls > before;
  if (!same || !polled)
    printf ("# %s %ld x %ld, piece %ld: %s\n", square ? "square" : "product",
            (long) an, (long) bn, (long) piece,
            same ? "no poll" : "differs");
  free (a);
  if (!square)
    free (b);
  free (want);
  free (got);
  return same && polled;
}

/* A / B in pieces of PIECE against mpn_tdiv_qr.  NEAR makes A a
   multiple of B plus a remainder next to 0 or to B.  */
static int
div_case (mp_size_t an, mp_size_t bn, int near, mp_size_t piece)
{
  mp_size_t qn = an - bn + 1;
  mp_limb_t *a = fresh (an), *b = fresh (bn);
  limbs (b, bn);
  if (near && qn > 1)
    {
      /* A = Q B + (0 or B - 1), Q of QN - 1 limbs.  */
      mp_limb_t *q0 = fresh (qn - 1);
      limbs (q0, qn - 1);
      mpn_zero (a, an);
      mpn_mul (a, qn - 1 >= bn ? q0 : b, qn - 1 >= bn ? qn - 1 : bn,
               qn - 1 >= bn ? b : q0, qn - 1 >= bn ? bn : qn - 1);
      if (below (2))
        {
          mpn_add (a, a, an, b, bn);
          mpn_sub_1 (a, a, an, 1);
        }
      free (q0);
    }
  else
    limbs (a, an);
  mp_limb_t *wq = fresh (qn), *wr = fresh (bn);
  mp_limb_t *gq = fresh (qn), *gr = fresh (bn);
  mpn_tdiv_qr (wq, wr, 0, a, an, b, bn);
  long before = polls;
  scm_i_mpn_tdiv_qr_polled (gq, gr, a, an, b, bn, piece);
  int same = mpn_cmp (wq, gq, qn) == 0 && mpn_cmp (wr, gr, bn) == 0;
  mp_size_t p = piece < SCM_I_MIN_PIECE ? SCM_I_MIN_PIECE : piece;
  int polled = (qn <= p + 1 && bn <= p) || polls > before;
  if (!same || !polled)
    printf ("# %ld / %ld, piece %ld: %s\n", (long) an, (long) bn,
            (long) piece, same ? "no poll" : "differs");
  free (a);
  free (b);
  free (wq);
  free (wr);
  free (gq);
  free (gr);
  return same && polled;
}

/* Sizes up to about 40 pieces, most near a multiple of the piece.  */
static mp_size_t
size_near (mp_size_t piece)
{
  mp_size_t n = (mp_size_t) below (40) * piece + (mp_size_t) below (5) - 2;
  return n > 0 ? n : 1 + (mp_size_t) below (3);
}

int
main (void)
{
  GC_INIT ();
  gmp_randinit_default (rnd);
  static const mp_size_t pieces[] = { 1, 8, 9, 16, 31 };
  for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++)
    {
      mp_size_t piece = pieces[i];
      int bad = 0;
      for (int k = 0; k < 600; k++)
        {
          mp_size_t an = size_near (piece), bn = size_near (piece);
          if (bn > an)
            {
              mp_size_t t = an;
              an = bn;
              bn = t;
            }
          if (k % 3 == 0)   /* unbalanced: a short one */
            bn = 1 + (mp_size_t) below ((unsigned long) bn);
          bad += !mul_case (an, bn, 0, piece);
          bad += !mul_case (an, an, 1, piece);
          bad += !div_case (an, bn, k % 2, piece);
          bad += !div_case (an + bn, bn, k % 2, piece);
        }
      ok (bad == 0, "products, squares and quotients in pieces of %ld "
          "limbs are GMP's", (long) piece);
    }
  /* One of each split, and nested, with the library's piece sizes
     scaled down: an equal-sized product, a long one by a short one, a
     long quotient, a quotient by a long divisor.  */
  ok (mul_case (4096, 4000, 0, 64) && mul_case (4096, 100, 0, 64)
      && div_case (8000, 300, 0, 64) && div_case (8000, 7000, 1, 64)
      && div_case (8000, 4000, 1, 64),
      "larger operands in pieces of 64 limbs");
  return tap_done ();
}
