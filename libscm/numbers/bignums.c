/* bignums.c -- exact integers past the fixnum range, on GMP's mpn layer
   SPDX-License-Identifier: LGPL-3.0-or-later

   A bignum is one atomic (pointer-free) GC object: a header whose flags
   say the sign and whose payload is the number of limbs, then the
   limbs of the magnitude, least significant first, the top one
   nonzero.  A bignum is always outside the fixnum range: every result
   goes through `finish', which gives a fixnum back whenever the value
   fits, so that fixnum fast paths (and eq? on small integers) keep
   working.

   Why mpn and not mpz: an mpz_t allocates its limbs through GMP's
   allocator, which we may not replace (mp_set_memory_functions is
   process-wide, and an embedding program may use GMP itself), and which
   aborts the process when malloc fails.  Here every result is allocated
   by us, in GC memory, after a size check against the integer size
   limit (below): an impossible size raises a catchable
   implementation-restriction error before GMP is called.  A non-local
   exit (an error, an interrupt) leaks nothing either, as nothing is
   malloc'ed.

   The functions scm_i_int_* take exact integers (fixnums or bignums,
   already checked by the caller) and return exact integers.  */

#include "runtime/scm-internal.h"
#include "numbers/numbers-internal.h"
#include "values/hashtab-internal.h"
#include "runtime/poll-internal.h"
#include "numbers/bignum-pieces-internal.h"

#include <gmp.h>
#include <math.h>
#include <string.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/strings.h>
#include <libscm/numbers-gmp.h>

#if GMP_NUMB_BITS != 64 || GMP_NAIL_BITS != 0
#error "libscm's bignums need 64-bit GMP limbs without nails"
#endif

/* ------------------------------------------------------------------ */
/* The size limit.  */

/* The largest number of bits an exact integer result may have: 2^26
   (a 20-million-digit number, 8 MiB) by default, so that a mistyped
   exponent fails at once instead of eating the machine.  */
static size_t max_bits = (size_t) 1 << 26;

size_t
scm_c_set_max_integer_bits (size_t bits)
{
  size_t old = max_bits;
  if (bits < 64)
    bits = 64;
  /* Keep the limb count far inside a header's payload and the byte
     count inside size_t.  */
  if (bits > ((size_t) 1 << 40))
    bits = (size_t) 1 << 40;
  max_bits = bits;
  return old;
}

size_t
scm_c_max_integer_bits (void)
{
  return max_bits;
}

void
scm_i_integer_too_large (const char *who, SCM irritants)
{
  scm_c_raise_error ("implementation-restriction", who,
                     "implementation restriction: exact integer too large "
                     "(see scm_c_set_max_integer_bits)", irritants);
}

/* Raise the size error for WHO unless a result of BITS bits is
   allowed.  */
static void
check_bits (uint64_t bits, const char *who, SCM irritants)
{
  if (SCM_UNLIKELY (bits > max_bits))
    scm_i_integer_too_large (who, irritants);
}

/* ------------------------------------------------------------------ */
/* Representation.  */

#define BIG_NEGATIVE 1

static inline mp_limb_t *
limbs_of (SCM x)
{
  return (mp_limb_t *) (SCM_UNPACK_POINTER (x) + 1);
}

static inline mp_size_t
size_of (SCM x)
{
  return (mp_size_t) SCM_HEADER_PAYLOAD (SCM_HEADER (x));
}

static inline int
negative_p (SCM x)
{
  return (SCM_HEADER_FLAGS (SCM_HEADER (x)) & BIG_NEGATIVE) != 0;
}

/* A fresh object with room for N limbs, its header not yet final.  */
static SCM
alloc_big (mp_size_t n)
{
  scm_t_bits *p = scm_i_alloc_atomic (sizeof (scm_t_bits)
                                      + (size_t) n * sizeof (mp_limb_t));
  p[0] = SCM_MAKE_HEADER (scm_tc8_bignum, 0, 0);
  return SCM_PACK_POINTER (p);
}

/* The value of the N limbs of fresh object X, negated if NEG: a fixnum
   if it fits, else X itself made a bignum.  */
static SCM
finish (SCM x, mp_size_t n, int neg)
{
  mp_limb_t *d = limbs_of (x);
  while (n > 0 && d[n - 1] == 0)
    n--;
  if (n == 0)
    return SCM_MAKE_FIXNUM (0);
  if (n == 1)
    {
      uint64_t m = d[0];
      uint64_t limit = (uint64_t) SCM_MOST_POSITIVE_FIXNUM + (neg ? 1 : 0);
      if (m <= limit)
        return SCM_MAKE_FIXNUM (neg ? (int64_t) (0 - m) : (int64_t) m);
    }
  SCM_HEADER (x) = SCM_MAKE_HEADER (scm_tc8_bignum, neg ? BIG_NEGATIVE : 0,
                                    (scm_t_bits) n);
  return x;
}

/* An exact integer seen as sign and magnitude.  A fixnum's magnitude
   lives in ONE, so a view must not be copied.  */
struct ival
{
  const mp_limb_t *d;
  mp_size_t n;                  /* 0 for zero */
  int neg;
  mp_limb_t one;
};

static void
view (SCM x, struct ival *v)
{
  if (SCM_FIXNUM_P (x))
    {
      int64_t a = SCM_FIXNUM_VALUE (x);
      v->neg = a < 0;
      v->one = a < 0 ? 0 - (uint64_t) a : (uint64_t) a;
      v->d = &v->one;
      v->n = a != 0;
    }
  else
    {
      v->d = limbs_of (x);
      v->n = size_of (x);
      v->neg = negative_p (x);
    }
}

/* A fresh exact integer of the magnitude D[0..N), negated if NEG.  */
static SCM
from_limbs (const mp_limb_t *d, mp_size_t n, int neg)
{
  SCM r = alloc_big (n);
  if (n > 0)
    memcpy (limbs_of (r), d, (size_t) n * sizeof (mp_limb_t));
  return finish (r, n, neg);
}

SCM
scm_i_int_from_u64 (uint64_t m, int neg)
{
  if (m <= (uint64_t) SCM_MOST_POSITIVE_FIXNUM)
    return SCM_MAKE_FIXNUM (neg ? -(int64_t) m : (int64_t) m);
  mp_limb_t l = m;
  return from_limbs (&l, 1, neg);
}

/* The number of bits of magnitude D[0..N), top limb nonzero.  */
static uint64_t
bits_of (const mp_limb_t *d, mp_size_t n)
{
  if (n == 0)
    return 0;
  return (uint64_t) n * 64 - (uint64_t) __builtin_clzll (d[n - 1]);
}

int
scm_i_int_sign (SCM x)
{
  if (SCM_FIXNUM_P (x))
    return (SCM_FIXNUM_VALUE (x) > 0) - (SCM_FIXNUM_VALUE (x) < 0);
  return negative_p (x) ? -1 : 1;
}

int
scm_i_int_odd_p (SCM x)
{
  if (SCM_FIXNUM_P (x))
    return (SCM_FIXNUM_VALUE (x) & 1) != 0;
  return (limbs_of (x)[0] & 1) != 0;
}

int
scm_i_bignum_to_u64 (SCM x, uint64_t *m, int *neg)
{
  if (size_of (x) != 1)
    return 0;
  *m = limbs_of (x)[0];
  *neg = negative_p (x);
  return 1;
}

uint64_t
scm_i_int_magnitude_bits (SCM x)
{
  struct ival v;
  view (x, &v);
  return bits_of (v.d, v.n);
}

/* ------------------------------------------------------------------ */
/* Comparison.  */

/* Compare magnitudes.  */
static int
cmp_mag (const struct ival *a, const struct ival *b)
{
  if (a->n != b->n)
    return a->n < b->n ? -1 : 1;
  int c = a->n == 0 ? 0 : mpn_cmp (a->d, b->d, a->n);
  return (c > 0) - (c < 0);
}

int
scm_i_int_cmp (SCM x, SCM y)
{
  if (SCM_FIXNUM_P (x) && SCM_FIXNUM_P (y))
    {
      int64_t a = SCM_FIXNUM_VALUE (x), b = SCM_FIXNUM_VALUE (y);
      return (a > b) - (a < b);
    }
  struct ival a, b;
  view (x, &a);
  view (y, &b);
  if (a.neg != b.neg)
    return a.neg ? -1 : 1;
  int c = cmp_mag (&a, &b);
  return a.neg ? -c : c;
}

int
scm_i_bignum_equal (SCM x, SCM y)
{
  mp_size_t n = size_of (x);
  return SCM_HEADER (x) == SCM_HEADER (y)
    && mpn_cmp (limbs_of (x), limbs_of (y), n) == 0;
}

uint64_t
scm_i_int_hash (SCM x)
{
  struct ival v;
  view (x, &v);
  uint64_t h = v.neg ? 0x6a09e667f3bcc908u : 0xbb67ae8584caa73bu;
  for (mp_size_t i = 0; i < v.n; i++)
    h = scm_i_hash_word (h ^ (v.d[i] + 0x9e3779b97f4a7c15u + (h << 6)
                              + (h >> 2)));
  return h;
}

/* ------------------------------------------------------------------ */
/* Addition, subtraction, multiplication.  */

/* A + B, where B's sign is flipped if FLIP.  */
static SCM
add_signed (SCM x, SCM y, int flip, const char *who)
{
  struct ival a, b;
  view (x, &a);
  view (y, &b);
  int bneg = b.neg ^ flip;
  if (b.n == 0)
    return x;
  if (a.n == 0)
    return flip ? scm_i_int_negate (y, who) : y;
  if (a.neg == bneg)
    {
      const struct ival *big = a.n >= b.n ? &a : &b;
      const struct ival *small = a.n >= b.n ? &b : &a;
      check_bits (bits_of (big->d, big->n) + 1, who, scm_list_2 (x, y));
      SCM r = alloc_big (big->n + 1);
      mp_limb_t *rd = limbs_of (r);
      rd[big->n] = mpn_add (rd, big->d, big->n, small->d, small->n);
      return finish (r, big->n + 1, a.neg);
    }
  int c = cmp_mag (&a, &b);
  if (c == 0)
    return SCM_MAKE_FIXNUM (0);
  const struct ival *big = c > 0 ? &a : &b;
  const struct ival *small = c > 0 ? &b : &a;
  SCM r = alloc_big (big->n);
  mpn_sub (limbs_of (r), big->d, big->n, small->d, small->n);
  return finish (r, big->n, c > 0 ? a.neg : bneg);
}

SCM
scm_i_int_add (SCM x, SCM y, const char *who)
{
  return add_signed (x, y, 0, who);
}

SCM
scm_i_int_sub (SCM x, SCM y, const char *who)
{
  return add_signed (x, y, 1, who);
}

SCM
scm_i_int_negate (SCM x, const char *who SCM_UNUSED)
{
  struct ival a;
  view (x, &a);
  if (a.n == 0)
    return x;
  return from_limbs (a.d, a.n, !a.neg);
}

SCM
scm_i_int_abs (SCM x, const char *who)
{
  return scm_i_int_sign (x) < 0 ? scm_i_int_negate (x, who) : x;
}

/* X times Y, seen as A and B, with no size check.  */
static SCM
mul_views (SCM x, SCM y, const struct ival *a, const struct ival *b)
{
  if (a->n == 0 || b->n == 0)
    return SCM_MAKE_FIXNUM (0);
  SCM r = alloc_big (a->n + b->n);
  /* Past SCM_I_MUL_PIECE limbs, in pieces that poll for interrupts.
     X = Y gives A and B the same limbs, which makes it a square.  */
  if (a->n < b->n)
    {
      if (SCM_UNLIKELY (b->n > SCM_I_MUL_PIECE))
        scm_i_mpn_mul_polled (limbs_of (r), b->d, b->n, a->d, a->n,
                              SCM_I_MUL_PIECE);
      else
        mpn_mul (limbs_of (r), b->d, b->n, a->d, a->n);
    }
  else if (SCM_UNLIKELY (a->n > SCM_I_MUL_PIECE))
    scm_i_mpn_mul_polled (limbs_of (r), a->d, a->n, b->d, b->n,
                          SCM_I_MUL_PIECE);
  else if (scm_is_eq (x, y))
    mpn_sqr (limbs_of (r), a->d, a->n);
  else
    mpn_mul (limbs_of (r), a->d, a->n, b->d, b->n);
  return finish (r, a->n + b->n, a->neg != b->neg);
}

SCM
scm_i_int_mul (SCM x, SCM y, const char *who)
{
  struct ival a, b;
  view (x, &a);
  view (y, &b);
  if (a.n != 0 && b.n != 0)
    check_bits (bits_of (a.d, a.n) + bits_of (b.d, b.n) - 1, who,
                scm_list_2 (x, y));
  return mul_views (x, y, &a, &b);
}

/* The size limit is for results: these products are temporaries no
   bigger than the four operands, which exist already, so comparing
   two ratios whose cross products pass the limit still works (the
   fuzzer found = and < raising on 1228.../10^39390).  */
int
scm_i_int_cmp_products (SCM a, SCM b, SCM c, SCM d)
{
  struct ival va, vb, vc, vd;
  view (a, &va);
  view (b, &vb);
  view (c, &vc);
  view (d, &vd);
  SCM ab = mul_views (a, b, &va, &vb);
  SCM cd = mul_views (c, d, &vc, &vd);
  return scm_i_int_cmp (ab, cd);
}

/* ------------------------------------------------------------------ */
/* Division.  */

void
scm_i_int_divide (SCM x, SCM y, int floor_p, SCM *q, SCM *r,
                  const char *who SCM_UNUSED)
{
  struct ival a, b;
  view (x, &a);
  view (y, &b);                 /* B is not zero: checked by the caller */
  int qneg = a.neg != b.neg;
  SCM qo, ro;
  mp_size_t qn, rn;
  if (a.n < b.n)
    {
      qo = alloc_big (2);
      limbs_of (qo)[0] = 0;
      qn = 1;
      ro = alloc_big (a.n + 1);
      if (a.n > 0)
        memcpy (limbs_of (ro), a.d, (size_t) a.n * sizeof (mp_limb_t));
      rn = a.n;
    }
  else
    {
      qn = a.n - b.n + 1;
      qo = alloc_big (qn + 1);
      ro = alloc_big (b.n);
      /* Past SCM_I_DIV_PIECE limbs (of the quotient or the divisor,
         both no longer than A), in pieces that poll.  */
      if (SCM_UNLIKELY (a.n > SCM_I_DIV_PIECE))
        scm_i_mpn_tdiv_qr_polled (limbs_of (qo), limbs_of (ro), a.d, a.n,
                                  b.d, b.n, SCM_I_DIV_PIECE);
      else
        mpn_tdiv_qr (limbs_of (qo), limbs_of (ro), 0, a.d, a.n, b.d, b.n);
      rn = b.n;
    }
  mp_limb_t *rd = limbs_of (ro);
  mp_size_t rtrim = rn;
  while (rtrim > 0 && rd[rtrim - 1] == 0)
    rtrim--;
  int rneg = a.neg;
  if (floor_p && rtrim > 0 && a.neg != b.neg)
    {
      /* Round the quotient down: its magnitude grows by one, and the
         remainder becomes |y| - |r|, with the sign of y.  */
      mp_limb_t *qd = limbs_of (qo);
      qd[qn] = mpn_add_1 (qd, qd, qn, 1);
      qn++;
      SCM r2 = alloc_big (b.n);
      mpn_sub (limbs_of (r2), b.d, b.n, rd, rtrim);
      ro = r2;
      rn = b.n;
      rneg = b.neg;
    }
  if (q != NULL)
    *q = finish (qo, qn, qneg);
  if (r != NULL)
    *r = finish (ro, rn, rneg);
}

/* ------------------------------------------------------------------ */
/* GCD, powers, square roots.  */

/* D[0..N) shifted right by S bits into OUT, *N updated.  */
static void
shift_down (mp_limb_t *out, const mp_limb_t *d, mp_size_t *n,
               uint64_t s)
{
  mp_size_t skip = (mp_size_t) (s / 64);
  unsigned bit = (unsigned) (s % 64);
  mp_size_t m = *n - skip;
  if (m <= 0)
    {
      *n = 0;
      return;
    }
  if (bit == 0)
    memmove (out, d + skip, (size_t) m * sizeof (mp_limb_t));
  else
    mpn_rshift (out, d + skip, m, bit);
  while (m > 0 && out[m - 1] == 0)
    m--;
  *n = m;
}


SCM
scm_i_int_gcd (SCM x, SCM y, const char *who)
{
  struct ival a, b;
  view (x, &a);
  view (y, &b);
  if (a.n == 0)
    return scm_i_int_abs (y, who);
  if (b.n == 0)
    return scm_i_int_abs (x, who);
  /* One limb: mpn_gcd_1, which keeps its operands.  */
  if (a.n == 1 || b.n == 1)
    {
      const struct ival *big = a.n == 1 ? &b : &a;
      mp_limb_t small = a.n == 1 ? a.d[0] : b.d[0];
      return scm_i_int_from_u64 (mpn_gcd_1 (big->d, big->n, small), 0);
    }
  /* mpn_gcd destroys its operands and wants one of them odd (as does
     scm_i_mpn_gcd_polled, which keeps them): take the
     factors of two out of copies of both, and put the fewer back.  */
  mp_bitcnt_t za = mpn_scan1 (a.d, 0), zb = mpn_scan1 (b.d, 0);
  mp_bitcnt_t z = za < zb ? za : zb;
  SCM ca = alloc_big (a.n), cb = alloc_big (b.n);
  mp_limb_t *ad = limbs_of (ca), *bd = limbs_of (cb);
  mp_size_t an = a.n, bn = b.n;
  shift_down (ad, a.d, &an, za);
  shift_down (bd, b.d, &bn, zb);
  if (an < bn || (an == bn && mpn_cmp (ad, bd, an) < 0))
    {
      mp_limb_t *t = ad;
      ad = bd;
      bd = t;
      mp_size_t tn = an;
      an = bn;
      bn = tn;
    }
  /* One mpn_gcd past the piece size would not poll for interrupts
     (0.6 s at 2^16 limbs, 16 s at the size limit), nor would the
     division by which it starts when A is much longer than B.  */
  SCM g = alloc_big (bn);
  mp_size_t gn = an > SCM_I_GCD_PIECE
    ? scm_i_mpn_gcd_polled (limbs_of (g), ad, an, bd, bn, SCM_I_GCD_PIECE,
                            SCM_I_GCD_LEAF)
    : mpn_gcd (limbs_of (g), ad, an, bd, bn);
  g = finish (g, gn, 0);
  return z == 0 ? g : scm_i_int_ash (g, (int64_t) z, who);
}

SCM
scm_i_int_expt (SCM base, uint64_t e, const char *who)
{
  struct ival b;
  view (base, &b);
  if (e == 0)
    return SCM_MAKE_FIXNUM (1);
  if (b.n == 0)
    return base;
  uint64_t bits = bits_of (b.d, b.n);
  if (bits == 1 && b.n == 1)    /* |base| = 1 */
    return (b.neg && (e & 1)) ? SCM_MAKE_FIXNUM (-1) : SCM_MAKE_FIXNUM (1);
  /* The result has at least (bits - 1) * e + 1 bits.  */
  if (e > max_bits
      || (bits - 1) * e + 1 > max_bits)
    scm_i_integer_too_large (who, scm_list_2 (base,
                                              scm_i_int_from_u64 (e, 0)));
  /* A power of two is a shift.  */
  if (mpn_popcount (b.d, b.n) == 1)
    {
      SCM one = b.neg && (e & 1) ? SCM_MAKE_FIXNUM (-1) : SCM_MAKE_FIXNUM (1);
      return scm_i_int_ash (one, (int64_t) ((bits - 1) * e), who);
    }
  /* Square and multiply, from the top bit of E down; interruptible
     between steps.  */
  SCM acc = base;
  int top = 63 - __builtin_clzll (e);
  for (int i = top - 1; i >= 0; i--)
    {
      scm_i_poll_interrupt ();
      acc = scm_i_int_mul (acc, acc, who);
      if ((e >> i) & 1)
        acc = scm_i_int_mul (acc, base, who);
    }
  return acc;
}

/* S and R of K >= 0 by one call of mpn_sqrtrem.  */
static void
sqrtrem_plain (SCM k, SCM *s, SCM *r)
{
  struct ival a;
  view (k, &a);
  if (a.n == 0)
    {
      *s = *r = SCM_MAKE_FIXNUM (0);
      return;
    }
  mp_size_t sn = (a.n + 1) / 2;
  SCM so = alloc_big (sn), ro = alloc_big (a.n);
  mp_size_t rn = mpn_sqrtrem (limbs_of (so), limbs_of (ro), a.d, a.n);
  *s = finish (so, sn, 0);
  *r = finish (ro, rn, 0);
}

/* The square root of N >= 0 with remainder, N of 4H - 1 or 4H bits
   (H > 0): Zimmermann's Karatsuba square root, the algorithm of
   mpn_sqrtrem, on our integers so that it polls for interrupts
   between its steps.  With B = 2^H and N = A3 B^3 + A2 B^2 + A1 B + A0,
   A3 >= B/4 (what the bit count ensures): the root S' and remainder R'
   of A3 B + A2, then Q and U, the quotient and remainder of R' B + A1
   by 2S', give S = S' B + Q and R = U B + A0 - Q^2, once corrected if
   R < 0.  */
static void
sqrtrem_karatsuba (SCM n, uint64_t h, SCM *s, SCM *r)
{
  const char *who = "exact-integer-sqrt";
  int64_t hh = (int64_t) h;
  SCM mask = scm_i_int_sub (scm_i_int_ash (SCM_MAKE_FIXNUM (1), hh, who),
                            SCM_MAKE_FIXNUM (1), who);
  SCM a0 = scm_i_int_logop (0, n, mask);
  SCM a1 = scm_i_int_logop (0, scm_i_int_ash (n, -hh, who), mask);
  SCM s1, r1, q, u;
  scm_i_int_sqrtrem (scm_i_int_ash (n, -2 * hh, who), &s1, &r1);
  scm_i_poll_interrupt ();
  SCM num = scm_i_int_add (scm_i_int_ash (r1, hh, who), a1, who);
  scm_i_int_divide (num, scm_i_int_ash (s1, 1, who), 0, &q, &u, who);
  scm_i_poll_interrupt ();
  SCM root = scm_i_int_add (scm_i_int_ash (s1, hh, who), q, who);
  SCM rem = scm_i_int_sub (scm_i_int_add (scm_i_int_ash (u, hh, who), a0,
                                          who),
                           scm_i_int_mul (q, q, who), who);
  if (scm_i_int_sign (rem) < 0)
    {
      rem = scm_i_int_add (rem, scm_i_int_sub (scm_i_int_ash (root, 1, who),
                                               SCM_MAKE_FIXNUM (1), who),
                           who);
      root = scm_i_int_sub (root, SCM_MAKE_FIXNUM (1), who);
    }
  *s = root;
  *r = rem;
}

/* Past this many bits, exact-integer-sqrt (and sqrt of a bignum) is
   computed in steps that poll for interrupts (sqrtrem_karatsuba):
   mpn_sqrtrem is one call, 0.7 s at the default size limit and longer
   past it.  */
#define SQRT_SPLIT_BITS ((uint64_t) 1 << 18)

void
scm_i_int_sqrtrem (SCM k, SCM *s, SCM *r)
{
  /* K is non-negative: checked by the caller.  */
  SCM rem;
  uint64_t bits = scm_i_int_magnitude_bits (k);
  if (bits <= SQRT_SPLIT_BITS)
    sqrtrem_plain (k, s, &rem);
  else
    {
      /* Shift K by 2T bits to 4H - 1 or 4H bits; the root of K is the
         root of K 4^T shifted back by T.  */
      int t = (bits % 4 == 1 || bits % 4 == 2) ? 1 : 0;
      uint64_t h = (bits + 2 * (uint64_t) t + 1) / 4;
      SCM root;
      sqrtrem_karatsuba (scm_i_int_ash (k, 2 * t, "exact-integer-sqrt"), h,
                         &root, &rem);
      if (t != 0)
        {
          root = scm_i_int_ash (root, -t, "exact-integer-sqrt");
          rem = scm_i_int_sub (k, scm_i_int_mul (root, root,
                                                 "exact-integer-sqrt"),
                               "exact-integer-sqrt");
        }
      *s = root;
    }
  if (r != NULL)
    *r = rem;
}

/* ------------------------------------------------------------------ */
/* Flonums.  */

double
scm_i_int_to_double (SCM x)
{
  if (SCM_FIXNUM_P (x))
    return (double) SCM_FIXNUM_VALUE (x);
  const mp_limb_t *d = limbs_of (x);
  mp_size_t n = size_of (x);
  uint64_t bits = bits_of (d, n);
  if (bits > 1100)
    return negative_p (x) ? -HUGE_VAL : HUGE_VAL;
  /* The top 64 bits, and whether any bit below them is set.  */
  unsigned lz = (unsigned) __builtin_clzll (d[n - 1]);
  uint64_t top = d[n - 1] << lz;
  int sticky = 0;
  if (n >= 2)
    {
      if (lz > 0)
        top |= d[n - 2] >> (64 - lz);
      sticky = lz > 0 ? (d[n - 2] << lz) != 0 : d[n - 2] != 0;
      for (mp_size_t i = n - 3; i >= 0 && !sticky; i--)
        sticky = d[i] != 0;
    }
  /* Round the 64 bits to 53, to nearest, ties to even.  */
  uint64_t mant = top >> 11, rest = top & 0x7ff;
  if (rest > 0x400 || (rest == 0x400 && (sticky || (mant & 1))))
    mant++;
  double v = ldexp ((double) mant, (int) bits - 53);
  return negative_p (x) ? -v : v;
}

SCM
scm_i_int_from_double (double d)
{
  /* D is finite and integral.  */
  if (fabs (d) < 0x1p61)
    return SCM_MAKE_FIXNUM ((int64_t) d);
  int e;
  double m = frexp (fabs (d), &e);      /* d = m * 2^e, 0.5 <= m < 1 */
  int64_t mant = (int64_t) ldexp (m, 53);
  return scm_i_int_ash (scm_i_int_from_u64 ((uint64_t) mant, d < 0),
                        e - 53, "exact");
}

int
scm_i_int_cmp_double (SCM x, double d)
{
  if (isnan (d))
    return 2;
  if (isinf (d))
    return d > 0 ? -1 : 1;
  double t = trunc (d);
  int c = scm_i_int_cmp (x, scm_i_int_from_double (t));
  if (c != 0)
    return c;
  double frac = d - t;
  return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}

/* ------------------------------------------------------------------ */
/* Text.  */

/* Radix 10 conversions of numbers past SPLIT_LIMBS limbs are split:
   mpn_get_str and mpn_set_str are each one call that cannot be
   interrupted, seconds long near the size limit (2.2 s to print a
   9-million-digit number).  A number is cut into pieces of
   BLOCK_DIGITS * 2^j digits, x = hi * 10^(BLOCK_DIGITS * 2^j) + lo, the
   powers computed once by squaring, and the pieces are converted one
   by one with a poll for interrupts between them.  GMP does the same
   inside its calls, so the cost is about the same.  The power-of-two
   radixes are linear and stay one call.  */
#define SPLIT_LIMBS 2048
/* The decimal digits of a piece: 10^BLOCK_DIGITS fits SPLIT_LIMBS
   limbs (2048 * 64 * log10 2 = 39456.9...).  */
#define BLOCK_DIGITS 39456

/* The digits of X >= 0 in RADIX, without leading zeros (a single 0 for
   zero), into OUT; returns their count.  OUT has room for a.n * 64 + 1
   digits.  */
static size_t
plain_digits (SCM x, unsigned radix, unsigned char *out)
{
  struct ival a;
  view (x, &a);
  if (a.n == 0)
    {
      out[0] = 0;
      return 1;
    }
  /* mpn_get_str destroys its operand in radixes that are not powers of
     two; it needs one limb more.  */
  SCM copy = alloc_big (a.n + 1);
  memcpy (limbs_of (copy), a.d, (size_t) a.n * sizeof (mp_limb_t));
  size_t len = mpn_get_str (out, (int) radix, limbs_of (copy), a.n);
  size_t start = 0;
  while (start + 1 < len && out[start] == 0)
    start++;
  memmove (out, out + start, len - start);
  return len - start;
}

/* The powers 10^(BLOCK_DIGITS * 2^j) for j = 0 .. LEVELS - 1.  */
static SCM *
block_powers (int levels, const char *who)
{
  SCM *pow = scm_i_alloc (sizeof (SCM) * (size_t) levels);
  pow[0] = scm_i_int_expt (SCM_MAKE_FIXNUM (10), BLOCK_DIGITS, who);
  for (int j = 1; j < levels; j++)
    {
      scm_i_poll_interrupt ();
      pow[j] = scm_i_int_mul (pow[j - 1], pow[j - 1], who);
    }
  return pow;
}

/* Write X, 0 <= X < 10^(BLOCK_DIGITS * 2^LEVEL), as exactly that many
   decimal digits (leading zeros included) at OUT; TMP has room for the
   digits of SPLIT_LIMBS limbs.  */
static void
split_digits (SCM x, int level, SCM *pow, unsigned char *out,
              unsigned char *tmp)
{
  size_t width = (size_t) BLOCK_DIGITS << level;
  if (level == 0)
    {
      size_t n = plain_digits (x, 10, tmp);
      memset (out, 0, width - n);
      memcpy (out + width - n, tmp, n);
      return;
    }
  SCM hi, lo;
  scm_i_int_divide (x, pow[level - 1], 0, &hi, &lo, "number->string");
  scm_i_poll_interrupt ();
  split_digits (hi, level - 1, pow, out, tmp);
  split_digits (lo, level - 1, pow, out + width / 2, tmp);
}

/* The digits of huge X > 0 in radix 10, into a fresh buffer; *LENP
   gets their count.  */
static unsigned char *
huge_decimal_digits (SCM x, size_t *lenp)
{
  /* Fewer than bits * log10 2 + 1 digits.  */
  double digits = (double) scm_i_int_magnitude_bits (x) * 0.30103 + 1;
  int levels = 0;
  while ((double) ((size_t) BLOCK_DIGITS << levels) < digits)
    levels++;
  SCM *pow = block_powers (levels, "number->string");
  size_t width = (size_t) BLOCK_DIGITS << levels;
  unsigned char *buf = scm_i_alloc_atomic (width);
  split_digits (x, levels, pow, buf,
                scm_i_alloc_atomic ((size_t) SPLIT_LIMBS * 64 + 2));
  size_t start = 0;
  while (start + 1 < width && buf[start] == 0)
    start++;
  *lenp = width - start;
  return buf + start;
}

char *
scm_i_int_to_chars (SCM x, unsigned radix, size_t *lenp)
{
  static const char digit[] = "0123456789abcdef";
  struct ival a;
  view (x, &a);
  if (a.n == 0)
    {
      *lenp = 1;
      return (char *) "0";
    }
  SCM m = a.neg ? scm_i_int_abs (x, "number->string") : x;
  unsigned char *buf;
  size_t len;
  if (radix == 10 && a.n > SPLIT_LIMBS)
    buf = huge_decimal_digits (m, &len);
  else
    {
      /* GMP wants room for the largest number of A.N limbs plus one
         character, whatever the number: 64 digits a limb in radix 2.  */
      buf = scm_i_alloc_atomic ((size_t) a.n * 64 + 2);
      len = plain_digits (m, radix, buf);
    }
  char *out = scm_i_alloc_atomic (len + 2);
  size_t k = 0;
  if (a.neg)
    out[k++] = '-';
  for (size_t i = 0; i < len; i++)
    out[k++] = digit[buf[i]];
  out[k] = '\0';
  *lenp = k;
  return out;
}

/* The value of the LEN digits D (values, not characters) in RADIX.  */
static SCM
plain_value (const unsigned char *d, size_t len, unsigned radix)
{
  double bits_per = radix == 2 ? 1 : radix == 8 ? 3 : radix == 16 ? 4
    : 3.33;
  mp_size_t n = (mp_size_t) ((double) len * bits_per / 64) + 2;
  SCM r = alloc_big (n);
  /* Leading zeros (in the low piece of a split) leave zero limbs on
     top, which finish trims.  */
  mp_size_t rn = len == 0 ? 0 : mpn_set_str (limbs_of (r), d, len,
                                             (int) radix);
  return finish (r, rn, 0);
}

/* The value of the LEN decimal digits D, LEN <= BLOCK_DIGITS * 2^LEVEL,
   in pieces (see SPLIT_LIMBS).  */
static SCM
split_value (const unsigned char *d, size_t len, int level, SCM *pow,
             const char *who)
{
  if (level == 0)
    return plain_value (d, len, 10);
  size_t low = (size_t) BLOCK_DIGITS << (level - 1);
  if (len <= low)
    return split_value (d, len, level - 1, pow, who);
  SCM hi = split_value (d, len - low, level - 1, pow, who);
  scm_i_poll_interrupt ();
  SCM lo = split_value (d + len - low, low, level - 1, pow, who);
  scm_i_poll_interrupt ();
  return scm_i_int_add (scm_i_int_mul (hi, pow[level - 1], who), lo, who);
}

SCM
scm_i_int_from_digits (const uint32_t *s, size_t from, size_t to,
                       unsigned radix, int neg, const char *who, SCM token)
{
  while (from < to && s[from] == '0')
    from++;
  size_t len = to - from;
  if (len == 0)
    return SCM_MAKE_FIXNUM (0);
  /* The smallest LEN-digit number, RADIX^(LEN - 1), has more than
     (LEN - 1) * log2 RADIX bits: refuse only what is surely too big.
     For radix 10 the factor must not exceed log2 10: with 3.33, the
     text that number->string writes for 1/10^39399 (a 130,881-bit
     denominator) did not read back under a 2^17-bit limit that
     #e1e-39399 had just passed (found by fuzz-number).  */
  double bits_per = radix == 2 ? 1 : radix == 8 ? 3 : radix == 16 ? 4
    : 3.321928094887362;
  if ((double) len * bits_per - bits_per > (double) max_bits)
    scm_i_integer_too_large (who, scm_list_1 (token));
  unsigned char *digits = scm_i_alloc_atomic (len);
  for (size_t i = 0; i < len; i++)
    {
      uint32_t c = s[from + i];
      digits[i] = (unsigned char) (c <= '9' ? c - '0'
                                   : (c | 0x20) - 'a' + 10);
    }
  SCM v;
  if (radix == 10 && len > 2 * BLOCK_DIGITS)
    {
      int levels = 0;
      while (((size_t) BLOCK_DIGITS << levels) < len)
        levels++;
      v = split_value (digits, len, levels, block_powers (levels, who), who);
    }
  else
    v = plain_value (digits, len, radix);
  return neg ? scm_i_int_negate (v, who) : v;
}

/* ------------------------------------------------------------------ */
/* Bits, in two's complement: a negative number has infinitely many 1
   bits on the left.  */

SCM
scm_i_int_ash (SCM x, int64_t count, const char *who)
{
  struct ival a;
  view (x, &a);
  if (a.n == 0 || count == 0)
    return x;
  uint64_t bits = bits_of (a.d, a.n);
  if (count > 0)
    {
      if ((uint64_t) count > max_bits || bits + (uint64_t) count > max_bits)
        scm_i_integer_too_large (who, scm_list_2 (x,
                                                  scm_from_int64 (count)));
      mp_size_t skip = (mp_size_t) (count / 64);
      unsigned bit = (unsigned) (count % 64);
      mp_size_t n = a.n + skip + 1;
      SCM r = alloc_big (n);
      mp_limb_t *rd = limbs_of (r);
      memset (rd, 0, (size_t) skip * sizeof (mp_limb_t));
      if (bit == 0)
        {
          memcpy (rd + skip, a.d, (size_t) a.n * sizeof (mp_limb_t));
          rd[n - 1] = 0;
        }
      else
        rd[n - 1] = mpn_lshift (rd + skip, a.d, a.n, bit);
      return finish (r, n, a.neg);
    }
  uint64_t s = count == INT64_MIN ? (uint64_t) INT64_MAX + 1
    : (uint64_t) -count;
  if (s >= bits)
    return SCM_MAKE_FIXNUM (a.neg ? -1 : 0);
  SCM r = alloc_big (a.n + 1);
  mp_limb_t *rd = limbs_of (r);
  mp_size_t n = a.n;
  shift_down (rd, a.d, &n, s);
  if (a.neg)
    {
      /* floor (-m / 2^s) = -ceil (m / 2^s): one more if a bit that was
         shifted out is set.  */
      if (mpn_scan1 (a.d, 0) < s)
        {
          rd[n] = mpn_add_1 (rd, rd, n, 1);     /* n >= 1: s < bits */
          n++;
        }
    }
  return finish (r, n, a.neg);
}

/* X in two's complement in OUT[0..N), N larger than its magnitude's
   size, sign-extended.  */
static void
twos (const struct ival *a, mp_limb_t *out, mp_size_t n)
{
  memset (out, 0, (size_t) n * sizeof (mp_limb_t));
  if (a->n > 0)
    memcpy (out, a->d, (size_t) a->n * sizeof (mp_limb_t));
  if (a->neg)
    {
      mpn_sub_1 (out, out, n, 1);     /* |x| - 1, then flip every bit */
      mpn_com (out, out, n);
    }
}

SCM
scm_i_int_logop (int op, SCM x, SCM y)
{
  struct ival a, b;
  view (x, &a);
  view (y, &b);
  mp_size_t n = (a.n > b.n ? a.n : b.n) + 1;
  SCM ta = alloc_big (n), r = alloc_big (n);
  mp_limb_t *ad = limbs_of (ta), *rd = limbs_of (r);
  twos (&a, ad, n);
  twos (&b, rd, n);
  switch (op)
    {
    case 0: mpn_and_n (rd, ad, rd, n); break;
    case 1: mpn_ior_n (rd, ad, rd, n); break;
    default: mpn_xor_n (rd, ad, rd, n); break;
    }
  int neg = (rd[n - 1] >> 63) != 0;
  if (neg)
    {
      mpn_com (rd, rd, n);
      mpn_add_1 (rd, rd, n, 1);
    }
  return finish (r, n, neg);
}

/* For a negative X, |x| - 1 (whose bits are the complement of x's);
   for a non-negative one, x.  In A, whose limbs may be replaced.  */
static void
complement_view (SCM x, struct ival *a)
{
  view (x, a);
  if (a->neg)
    {
      SCM t = alloc_big (a->n);
      mpn_sub_1 (limbs_of (t), a->d, a->n, 1);
      mp_size_t n = a->n;
      while (n > 0 && limbs_of (t)[n - 1] == 0)
        n--;
      a->d = limbs_of (t);
      a->n = n;
    }
}

uint64_t
scm_i_int_logcount (SCM x)
{
  struct ival a;
  complement_view (x, &a);
  return a.n == 0 ? 0 : mpn_popcount (a.d, a.n);
}

uint64_t
scm_i_int_length (SCM x)
{
  struct ival a;
  complement_view (x, &a);
  return bits_of (a.d, a.n);
}

int
scm_i_int_bit_p (SCM x, uint64_t k)
{
  struct ival a;
  complement_view (x, &a);
  int bit = k / 64 < (uint64_t) a.n && ((a.d[k / 64] >> (k % 64)) & 1);
  return a.neg ? !bit : bit;
}

int64_t
scm_i_int_first_set_bit (SCM x)
{
  struct ival a;
  view (x, &a);
  return a.n == 0 ? -1 : (int64_t) mpn_scan1 (a.d, 0);
}

/* ------------------------------------------------------------------ */
/* mpz_t for embedders (numbers-gmp.h).  */

void
scm_to_mpz (SCM x, mpz_t result)
{
  SCM_ASSERT_TYPE (scm_is_exact_integer (x), x, 1, "scm_to_mpz",
                   "exact integer");
  struct ival a;
  view (x, &a);
  /* A read-only mpz over our limbs, copied into RESULT by GMP.  */
  mpz_t ro;
  mpz_roinit_n (ro, a.d, a.neg ? -a.n : a.n);
  mpz_set (result, ro);
}

SCM
scm_from_mpz (mpz_t x)
{
  mp_size_t n = (mp_size_t) mpz_size (x);
  const mp_limb_t *d = mpz_limbs_read (x);
  check_bits (bits_of (d, n), "scm_from_mpz", SCM_EOL);
  return from_limbs (d, n, mpz_sgn (x) < 0);
}
