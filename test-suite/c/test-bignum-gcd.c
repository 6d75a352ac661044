/* test-bignum-gcd.c -- the polled gcd (libscm/bignum-gcd.c) gives
   what GMP gives
   SPDX-License-Identifier: LGPL-3.0-or-later

   A white-box test, as test-bignum-pieces.c: bignum-gcd.c and
   bignum-pieces.c compiled in, allocation and the poll stood in for.
   The library hands only numbers of thousands of limbs to the
   half-gcd and stops its recursion at tens of limbs; here both sizes
   are a few limbs, so that numbers of hundreds of limbs go through
   every level: the recursion on top halves, the matrices it applies,
   Lehmer's steps, the exact steps where those give up, and mpn_gcd at
   the end.  The inputs are the hard ones for each part: long common
   factors (a gcd of hundreds of limbs), consecutive Fibonacci numbers
   (every quotient 1, the longest run of steps), runs of ones and
   zeros, a number and its multiple, equal numbers, and lengths far
   apart.  */

#include "runtime/scm-internal.h"
#include "numbers/bignum-pieces-internal.h"
#include "runtime/poll-internal.h"

#include "tap.h"

#include "limb-standins.h"

/* ------------------------------------------------------------------ */
/* The cases.  */

/* A random number of N limbs exactly: uniform, or runs of ones and
   zeros.  */
static void
random_limbs (mpz_t z, mp_size_t n)
{
  if (below (2))
    mpz_urandomb (z, rnd, (mp_bitcnt_t) n * 64);
  else
    mpz_rrandomb (z, rnd, (mp_bitcnt_t) n * 64);
  mpz_setbit (z, (mp_bitcnt_t) n * 64 - 1 - below (3));
}

/* gcd (X, Y) by scm_i_mpn_gcd_polled against mpz_gcd, X, Y > 0, one
   of them odd; nonzero if equal, and if the numbers were past PIECE
   limbs, it polled.  X and Y must be unchanged afterwards.  */
static int
gcd_case (const char *what, const mpz_t x, const mpz_t y, mp_size_t piece,
          mp_size_t leaf)
{
  mpz_srcptr big = mpz_cmp (x, y) >= 0 ? x : y;
  mpz_srcptr small = big == x ? y : x;
  mp_size_t an = (mp_size_t) mpz_size (big), bn = (mp_size_t) mpz_size (small);
  mpz_t want, before_a, before_b;
  mpz_inits (want, before_a, before_b, NULL);
  mpz_gcd (want, x, y);
  mpz_set (before_a, big);
  mpz_set (before_b, small);
  mp_limb_t *g = malloc ((size_t) bn * sizeof (mp_limb_t));
  long p0 = polls;
  mp_size_t gn = scm_i_mpn_gcd_polled (g, mpz_limbs_read (big), an,
                                       mpz_limbs_read (small), bn, piece,
                                       leaf);
  mpz_t got;
  mpz_init (got);
  mpn_copyi (mpz_limbs_write (got, gn > 0 ? gn : 1), g, gn);
  mpz_limbs_finish (got, gn);
  int same = mpz_cmp (got, want) == 0;
  int kept = mpz_cmp (before_a, big) == 0 && mpz_cmp (before_b, small) == 0;
  int polled = bn <= piece || polls > p0;
  if (!same || !kept || !polled)
    printf ("# %s, %ld and %ld limbs, piece %ld, leaf %ld: %s\n", what,
            (long) an, (long) bn, (long) piece, (long) leaf,
            !same ? "differs from mpz_gcd"
            : !kept ? "changed its operands" : "did not poll");
  free (g);
  mpz_clears (want, before_a, before_b, got, NULL);
  return same && kept && polled;
}

/* Random numbers with a random common factor of up to COMMON limbs,
   lengths up to N limbs, one of them made odd.  */
static int
random_case (mp_size_t n, mp_size_t common, mp_size_t piece, mp_size_t leaf)
{
  mpz_t x, y, f;
  mpz_inits (x, y, f, NULL);
  random_limbs (x, 1 + (mp_size_t) below ((unsigned long) n));
  random_limbs (y, 1 + (mp_size_t) below ((unsigned long) n));
  if (common > 0)
    {
      random_limbs (f, 1 + (mp_size_t) below ((unsigned long) common));
      mpz_setbit (f, 0);
      mpz_mul (x, x, f);
      mpz_mul (y, y, f);
    }
  mpz_setbit (below (2) ? x : y, 0);
  int r = gcd_case (common > 0 ? "a common factor" : "random", x, y, piece,
                    leaf);
  mpz_clears (x, y, f, NULL);
  return r;
}

int
main (void)
{
  GC_INIT ();
  gmp_randinit_default (rnd);
  static const mp_size_t pieces[] = { 8, 16 };
  static const mp_size_t leaves[] = { 2, 3, 8, 24 };
  for (size_t i = 0; i < 2; i++)
    for (size_t j = 0; j < 4; j++)
      {
        mp_size_t piece = pieces[i], leaf = leaves[j];
        int bad = 0;
        for (int k = 0; k < 150; k++)
          {
            bad += !random_case (400, 0, piece, leaf);
            bad += !random_case (400, 300, piece, leaf);
          }
        ok (bad == 0, "random gcds up to 400 limbs, in pieces of %ld "
            "limbs with leaves of %ld, are GMP's", (long) piece, (long) leaf);
      }

  mpz_t x, y;
  mpz_inits (x, y, NULL);
  /* Consecutive Fibonacci numbers, coprime, every quotient 1; F(30000)
     has 326 limbs.  */
  int bad = 0;
  for (unsigned long n = 20000; n <= 30000; n += 2500)
    {
      mpz_fib2_ui (x, y, n);
      if (mpz_even_p (x) && mpz_even_p (y))
        continue;
      for (size_t j = 0; j < 4; j++)
        bad += !gcd_case ("consecutive Fibonacci numbers", x, y, 8,
                          leaves[j]);
    }
  ok (bad == 0, "consecutive Fibonacci numbers (all quotients 1)");

  /* A number and a multiple of it; a number and itself.  */
  bad = 0;
  for (int k = 0; k < 20; k++)
    {
      random_limbs (x, 200 + (mp_size_t) below (200));
      mpz_setbit (x, 0);
      random_limbs (y, 1 + (mp_size_t) below (200));
      mpz_mul (y, y, x);
      bad += !gcd_case ("a multiple", y, x, 8, 3);
      bad += !gcd_case ("itself", x, x, 8, 3);
    }
  ok (bad == 0, "a number and its multiple, and a number and itself");

  /* Lengths far apart: a long quotient first.  */
  bad = 0;
  for (int k = 0; k < 30; k++)
    {
      random_limbs (x, 300 + (mp_size_t) below (300));
      random_limbs (y, 9 + (mp_size_t) below (60));
      mpz_setbit (y, 0);
      bad += !gcd_case ("lengths far apart", x, y, 8, 3);
    }
  ok (bad == 0, "numbers of lengths far apart");

  /* Larger numbers with the library's leaf: the recursion several
     levels deep over leaves of 48 limbs.  */
  bad = 0;
  for (int k = 0; k < 4; k++)
    {
      random_limbs (x, 3000);
      random_limbs (y, 3000);
      mpz_t f;
      mpz_init (f);
      random_limbs (f, 500);
      mpz_setbit (f, 0);
      mpz_mul (x, x, f);
      mpz_mul (y, y, f);
      mpz_setbit (y, 0);
      bad += !gcd_case ("larger", x, y, 64, SCM_I_GCD_LEAF);
      mpz_clear (f);
    }
  ok (bad == 0, "numbers of 3,000 limbs and more, leaves of %ld limbs",
      (long) SCM_I_GCD_LEAF);
  mpz_clears (x, y, NULL);
  return tap_done ();
}
