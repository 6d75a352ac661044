/* bignum-gcd.c -- greatest common divisors of long integers that poll
   for interrupts
   SPDX-License-Identifier: LGPL-3.0-or-later

   One mpn_gcd cannot be interrupted, and it is the slowest of GMP's
   operations: here 20 ms at 4,096 limbs, 0.6 s at 2^16, about 16 s at
   2^20 (the default integer size limit).  Under SCM_I_GCD_PIECE limbs
   scm_i_mpn_gcd_polled is that one call; above, it reduces the two
   numbers itself, with a poll at every step, until the smaller one is
   under the piece size, and lets mpn_gcd finish.

   The reduction is the half-gcd of Schoenhage's subquadratic gcd.  A
   step of Euclid's algorithm, a = q b + r, is (a, b) = Q (b, r) with Q
   = [q 1; 1 0]; a run of steps multiplies such matrices into one
   matrix M of determinant +-1 with (a, b) = M (a', b').  Its entries
   grow as a' and b' shrink, and a run that takes n-limb numbers to
   about n/2 limbs has entries of about n/2 limbs.  Such a run depends
   only on the top limbs of a and b (Lehmer's observation): the
   quotients of the top halves' run, taken until the remainders are
   about half as long as those halves, are the quotients of the whole
   numbers'.  So `hgcd' finds M for n-limb numbers from two recursive
   calls on n/2 limbs (the top half first, then the top half of what
   that left), and applies each matrix with a few products; products
   are what GMP does fastest, and the whole costs O(M(n) log n) against
   the O(n^2) of Euclid's steps on whole numbers.

   Correctness does not rest on that theory.  Whatever matrix a
   recursive call returns, it has determinant +-1, so a' = M^-1 a is an
   exact integer computation with gcd (a', b') = gcd (a, b).  Each
   application checks that both results are nonnegative, which is what
   holds when the top limbs did predict the quotients; when they did
   not (the theory says: only near the end of a run, and the margins
   below make even that rare), the matrix is dropped and exact steps
   take its place.  A call that makes no progress falls back on an
   exact division step, which always does, so every loop ends.

   Every number is in atomic GC memory, allocated fresh: a poll that
   raises leaves nothing to free.  */

#include "runtime/scm-internal.h"
#include "numbers/bignum-pieces-internal.h"
#include "runtime/poll-internal.h"

#include <string.h>

/* A natural number: D[0..N), N = 0 for zero, else D[N-1] != 0.  */
struct nat
{
  mp_limb_t *d;
  mp_size_t n;
};

/* A matrix [e0 e1; e2 e3] of naturals with determinant DET (+1 or -1),
   such that (A, B) = M (a, b) for the numbers it was built from (A, B)
   and the pair it left (a, b).  */
struct mat
{
  struct nat e[4];
  int det;
};

static mp_limb_t *
limbs (mp_size_t n)
{
  return scm_i_alloc_atomic ((size_t) (n > 0 ? n : 1) * sizeof (mp_limb_t));
}

static mp_size_t
trimmed (const mp_limb_t *d, mp_size_t n)
{
  while (n > 0 && d[n - 1] == 0)
    n--;
  return n;
}

static struct nat
nat_copy (const mp_limb_t *d, mp_size_t n)
{
  struct nat x = { limbs (n), n };
  if (n > 0)
    mpn_copyi (x.d, d, n);
  return x;
}

static struct nat
nat_small (mp_limb_t v)
{
  struct nat x = { limbs (1), v != 0 };
  x.d[0] = v;
  return x;
}

static int
nat_cmp (struct nat x, struct nat y)
{
  if (x.n != y.n)
    return x.n < y.n ? -1 : 1;
  return mpn_cmp (x.d, y.d, x.n);
}

/* X * Y, polled in pieces when long, and polled before: a matrix's
   products come in fours and eights, each of them up to a piece long.  */
static struct nat
nat_mul (struct nat x, struct nat y)
{
  scm_i_poll_interrupt ();
  if (x.n == 0 || y.n == 0)
    return nat_small (0);
  struct nat r = { limbs (x.n + y.n), x.n + y.n };
  if (x.n >= y.n)
    scm_i_mpn_mul_polled (r.d, x.d, x.n, y.d, y.n, SCM_I_MUL_PIECE);
  else
    scm_i_mpn_mul_polled (r.d, y.d, y.n, x.d, x.n, SCM_I_MUL_PIECE);
  r.n = trimmed (r.d, r.n);
  return r;
}

static struct nat
nat_add (struct nat x, struct nat y)
{
  if (x.n < y.n)
    {
      struct nat t = x;
      x = y;
      y = t;
    }
  struct nat r = { limbs (x.n + 1), x.n + 1 };
  r.d[x.n] = y.n > 0 ? mpn_add (r.d, x.d, x.n, y.d, y.n)
                     : (mpn_copyi (r.d, x.d, x.n), 0);
  r.n = trimmed (r.d, r.n);
  return r;
}

/* X - Y into *R; 0 (and *R untouched) if X < Y.  */
static int
nat_sub (struct nat x, struct nat y, struct nat *r)
{
  if (nat_cmp (x, y) < 0)
    return 0;
  struct nat d = { limbs (x.n), x.n };
  if (y.n > 0)
    mpn_sub (d.d, x.d, x.n, y.d, y.n);
  else if (x.n > 0)
    mpn_copyi (d.d, x.d, x.n);
  d.n = trimmed (d.d, d.n);
  *r = d;
  return 1;
}

/* Quotient and remainder of X by Y != 0, polled in pieces.  */
static void
nat_divmod (struct nat x, struct nat y, struct nat *q, struct nat *r)
{
  if (x.n < y.n)
    {
      *q = nat_small (0);
      *r = x;
      return;
    }
  struct nat qq = { limbs (x.n - y.n + 1), x.n - y.n + 1 };
  struct nat rr = { limbs (y.n), y.n };
  scm_i_mpn_tdiv_qr_polled (qq.d, rr.d, x.d, x.n, y.d, y.n,
                            SCM_I_DIV_PIECE);
  qq.n = trimmed (qq.d, qq.n);
  rr.n = trimmed (rr.d, rr.n);
  *q = qq;
  *r = rr;
}

/* ------------------------------------------------------------------ */
/* Matrices.  */

static void
mat_identity (struct mat *m)
{
  m->e[0] = nat_small (1);
  m->e[1] = nat_small (0);
  m->e[2] = nat_small (0);
  m->e[3] = nat_small (1);
  m->det = 1;
}

static int
mat_is_identity (const struct mat *m)
{
  return m->e[1].n == 0 && m->e[2].n == 0;
}

/* M = M N.  */
static void
mat_mul (struct mat *m, const struct mat *n)
{
  struct nat e0 = nat_add (nat_mul (m->e[0], n->e[0]),
                           nat_mul (m->e[1], n->e[2]));
  struct nat e1 = nat_add (nat_mul (m->e[0], n->e[1]),
                           nat_mul (m->e[1], n->e[3]));
  struct nat e2 = nat_add (nat_mul (m->e[2], n->e[0]),
                           nat_mul (m->e[3], n->e[2]));
  struct nat e3 = nat_add (nat_mul (m->e[2], n->e[1]),
                           nat_mul (m->e[3], n->e[3]));
  m->e[0] = e0;
  m->e[1] = e1;
  m->e[2] = e2;
  m->e[3] = e3;
  m->det *= n->det;
}

/* (A, B) = (B, A), keeping (A0, B0) = M (A, B): swap M's columns.  */
static void
swap_pair (struct nat *a, struct nat *b, struct mat *m)
{
  struct nat t = *a;
  *a = *b;
  *b = t;
  if (m != NULL)
    {
      t = m->e[0];
      m->e[0] = m->e[1];
      m->e[1] = t;
      t = m->e[2];
      m->e[2] = m->e[3];
      m->e[3] = t;
      m->det = -m->det;
    }
}

/* HI * 2^(64 P) + LO.  */
static struct nat
nat_shift_add (struct nat hi, mp_size_t p, struct nat lo)
{
  if (hi.n == 0)
    return lo;
  mp_size_t n = (p + hi.n > lo.n ? p + hi.n : lo.n) + 1;
  struct nat r = { limbs (n), n };
  mpn_zero (r.d, n);
  mpn_copyi (r.d + p, hi.d, hi.n);
  if (lo.n > 0)
    mpn_add (r.d, r.d, n, lo.d, lo.n);
  r.n = trimmed (r.d, n);
  return r;
}

/* The low P limbs of X.  */
static struct nat
nat_low (struct nat x, mp_size_t p)
{
  struct nat r = { x.d, trimmed (x.d, x.n < p ? x.n : p) };
  return r;
}

/* (A, B) = N^-1 (A, B) for a matrix N found from A >> 64P and B >> 64P,
   which it took to TA and TB, if both results are nonnegative: 1, else
   0 with A and B untouched.  N^-1 = det [e3 -e1; -e2 e0], and only the
   low limbs need multiplying: A' = TA 2^(64 P) + N^-1 (A mod 2^(64 P)),
   and so for B'.  */
static int
apply_inverse (const struct mat *n, struct nat *a, struct nat *b,
                     mp_size_t p, struct nat ta, struct nat tb)
{
  struct nat al = nat_low (*a, p), bl = nat_low (*b, p);
  struct nat e3a = nat_mul (n->e[3], al), e1b = nat_mul (n->e[1], bl);
  struct nat e0b = nat_mul (n->e[0], bl), e2a = nat_mul (n->e[2], al);
  struct nat na, nb;
  if (n->det > 0)
    {
      if (!nat_sub (nat_shift_add (ta, p, e3a), e1b, &na)
          || !nat_sub (nat_shift_add (tb, p, e0b), e2a, &nb))
        return 0;
    }
  else if (!nat_sub (nat_shift_add (ta, p, e1b), e3a, &na)
           || !nat_sub (nat_shift_add (tb, p, e2a), e0b, &nb))
    return 0;
  *a = na;
  *b = nb;
  return 1;
}

/* ------------------------------------------------------------------ */
/* Steps on whole numbers, with M kept so that (A0, B0) = M (A, B).
   Both stop before B would fall under S limbs: they keep B >= 2^(64 S).  */

/* One step of Euclid's algorithm, A >= B: 1, or 0 if its remainder
   would be under S limbs (nothing changes).  */
static int
exact_step (struct nat *a, struct nat *b, struct mat *m, mp_size_t s)
{
  struct nat q, r;
  nat_divmod (*a, *b, &q, &r);
  if (r.n <= s)
    return 0;
  if (m != NULL)
    {
      /* M [q 1; 1 0]: the first column becomes q c0 + c1, the second c0.  */
      struct nat e0 = nat_add (nat_mul (q, m->e[0]), m->e[1]);
      struct nat e2 = nat_add (nat_mul (q, m->e[2]), m->e[3]);
      m->e[1] = m->e[0];
      m->e[3] = m->e[2];
      m->e[0] = e0;
      m->e[2] = e2;
      m->det = -m->det;
    }
  *a = *b;
  *b = r;
  return 1;
}

/* The 64 bits of X from bit SHIFT up.  */
static mp_limb_t
bits_at (struct nat x, uint64_t shift)
{
  mp_size_t i = (mp_size_t) (shift / 64);
  unsigned off = (unsigned) (shift % 64);
  mp_limb_t lo = i < x.n ? x.d[i] : 0;
  mp_limb_t hi = i + 1 < x.n ? x.d[i + 1] : 0;
  return off == 0 ? lo : (lo >> off) | (hi << (64 - off));
}

/* X * U, U one limb.  */
static struct nat
nat_mul_1 (struct nat x, mp_limb_t u)
{
  if (x.n == 0 || u == 0)
    return nat_small (0);
  struct nat r = { limbs (x.n + 1), x.n + 1 };
  r.d[x.n] = mpn_mul_1 (r.d, x.d, x.n, u);
  r.n = trimmed (r.d, r.n);
  return r;
}

/* Lehmer's step: the run of Euclid's steps on the top 64 bits of A
   and B, while its quotients are sure to be those of the whole numbers
   (Jebelean's condition: each remainder at least the cofactors that
   would multiply its error), as one matrix of one-limb entries applied
   at once.  1 if it took a step, 0 if none (nothing changes).  */
static int
lehmer_step (struct nat *a, struct nat *b, struct mat *m, mp_size_t s)
{
  uint64_t abits = (uint64_t) a->n * 64 - (uint64_t) __builtin_clzll (a->d[a->n - 1]);
  uint64_t shift = abits > 64 ? abits - 64 : 0;
  /* The remainders must stay at or above 2^(64 S), which is 2^(64 S -
     SHIFT) in the top bits.  */
  uint64_t floor_bits = (uint64_t) s * 64;
  mp_limb_t rmin = 0;
  if (floor_bits > shift)
    {
      if (floor_bits - shift >= 63)
        return 0;
      rmin = (mp_limb_t) 1 << (floor_bits - shift);
    }
  mp_limb_t x = bits_at (*a, shift), y = bits_at (*b, shift);
  /* [u0 u1; u2 u3] = the product of the steps' [q 1; 1 0].  */
  mp_limb_t u0 = 1, u1 = 0, u2 = 0, u3 = 1;
  int det = 1, steps = 0;
  while (y > rmin && y != 0)
    {
      mp_limb_t q = x / y, r = x - q * y;
      mp_limb_t n0, n2;
      if (__builtin_mul_overflow (q, u0, &n0)
          || __builtin_add_overflow (n0, u1, &n0)
          || __builtin_mul_overflow (q, u2, &n2)
          || __builtin_add_overflow (n2, u3, &n2))
        break;
      mp_limb_t big = n0 > n2 ? n0 : n2, old = u0 > u2 ? u0 : u2;
      /* Without SHIFT the top bits are the numbers: every step is exact.  */
      if (shift > 0 && (r < big || y - r < big + old || r - big < rmin))
        break;
      if (r < rmin)
        break;
      u1 = u0;
      u3 = u2;
      u0 = n0;
      u2 = n2;
      x = y;
      y = r;
      det = -det;
      steps++;
    }
  if (steps == 0)
    return 0;
  /* (A, B) = U (A', B'), U^-1 = det [u3 -u1; -u2 u0].  */
  struct nat u3a = nat_mul_1 (*a, u3), u1b = nat_mul_1 (*b, u1);
  struct nat u0b = nat_mul_1 (*b, u0), u2a = nat_mul_1 (*a, u2);
  struct nat na, nb;
  if (det > 0)
    {
      if (!nat_sub (u3a, u1b, &na) || !nat_sub (u0b, u2a, &nb))
        return 0;
    }
  else if (!nat_sub (u1b, u3a, &na) || !nat_sub (u2a, u0b, &nb))
    return 0;
  if (nb.n <= s)
    return 0;
  if (m != NULL)
    {
      struct nat e0 = nat_add (nat_mul_1 (m->e[0], u0), nat_mul_1 (m->e[1], u2));
      struct nat e1 = nat_add (nat_mul_1 (m->e[0], u1), nat_mul_1 (m->e[1], u3));
      struct nat e2 = nat_add (nat_mul_1 (m->e[2], u0), nat_mul_1 (m->e[3], u2));
      struct nat e3 = nat_add (nat_mul_1 (m->e[2], u1), nat_mul_1 (m->e[3], u3));
      m->e[0] = e0;
      m->e[1] = e1;
      m->e[2] = e2;
      m->e[3] = e3;
      m->det *= det;
    }
  *a = na;
  *b = nb;
  return 1;
}

/* Steps, Lehmer's where they go and exact ones where they do not,
   until the next remainder would be under S limbs.  */
static void
reduce (struct nat *a, struct nat *b, struct mat *m, mp_size_t s)
{
  for (;;)
    {
      scm_i_poll_interrupt ();
      if (nat_cmp (*a, *b) < 0)
        swap_pair (a, b, m);
      if (b->n <= s)
        return;
      if (!lehmer_step (a, b, m, s) && !exact_step (a, b, m, s))
        return;
    }
}

/* ------------------------------------------------------------------ */
/* The half-gcd.  */

/* From A >= B (AN >= BN limbs), A and B and M with (A0, B0) = M (A, B)
   and B of more than S = AN / 2 + 1 limbs, the next remainder under it;
   nonzero if M is not the identity.  Under LEAF limbs, Lehmer's steps
   alone.  */
static int
hgcd (const mp_limb_t *ad, mp_size_t an, const mp_limb_t *bd, mp_size_t bn,
      struct mat *m, struct nat *a, struct nat *b, mp_size_t leaf)
{
  mp_size_t s = an / 2 + 1;
  mat_identity (m);
  *a = nat_copy (ad, an);
  *b = nat_copy (bd, bn);
  if (bn <= s)
    return 0;
  if (an > leaf)
    {
      scm_i_poll_interrupt ();
      struct mat n;
      struct nat ta, tb;
      /* The top AN - S limbs first: they take A and B to about 3/4 of
         their length.  Below S the matrix's entries, of about (AN -
         S) / 2 limbs, cannot reach the top half's remainders.  */
      mp_size_t p = s;
      if (hgcd (ad + p, an - p, bd + p, bn - p, &n, &ta, &tb, leaf))
        {
          struct nat na = *a, nb = *b;
          if (apply_inverse (&n, &na, &nb, p, ta, tb))
            {
              *m = n;
              *a = na;
              *b = nb;
              if (nat_cmp (*a, *b) < 0)
                swap_pair (a, b, m);
            }
        }
      /* Steps until A is down to the 3/4 the first call would have
         left: none after a first call that did its work; one or two
         where it stopped early, before a remainder much shorter than
         the others, which an exact step takes (a long quotient, a long
         common top).  Without them the second call would be on nearly
         AN limbs, and the recursion quadratic.  */
      mp_size_t want = s + (an - s) / 2 + 1;
      while (b->n > s && a->n > want)
        {
          scm_i_poll_interrupt ();
          if (!lehmer_step (a, b, m, s) && !exact_step (a, b, m, s))
            break;
          if (nat_cmp (*a, *b) < 0)
            swap_pair (a, b, m);
        }
      /* Then the top 2 (K - S) limbs of what is left, K limbs: they
         take it to about S limbs.  */
      if (b->n > s && a->n <= want)
        {
          mp_size_t k = a->n, p2 = 2 * s - k;
          if (p2 > 0 && p2 < b->n
              && hgcd (a->d + p2, k - p2, b->d + p2, b->n - p2, &n, &ta, &tb,
                       leaf))
            {
              struct nat na = *a, nb = *b;
              if (apply_inverse (&n, &na, &nb, p2, ta, tb))
                {
                  mat_mul (m, &n);
                  *a = na;
                  *b = nb;
                  if (nat_cmp (*a, *b) < 0)
                    swap_pair (a, b, m);
                }
            }
        }
    }
  reduce (a, b, m, s);
  return !mat_is_identity (m);
}

/* ------------------------------------------------------------------ */
/* The gcd.  */

static struct nat
strip_twos (struct nat x)
{
  mp_bitcnt_t z = mpn_scan1 (x.d, 0);
  if (z == 0)
    return x;
  struct nat r = { limbs (x.n), x.n };
  mp_size_t skip = (mp_size_t) (z / 64);
  unsigned bit = (unsigned) (z % 64);
  mp_size_t n = x.n - skip;
  if (bit == 0)
    mpn_copyi (r.d, x.d + skip, n);
  else
    mpn_rshift (r.d, x.d + skip, n, bit);
  r.n = trimmed (r.d, n);
  return r;
}

mp_size_t
scm_i_mpn_gcd_polled (mp_limb_t *g, const mp_limb_t *ad, mp_size_t an,
                      const mp_limb_t *bd, mp_size_t bn, mp_size_t piece,
                      mp_size_t leaf)
{
  if (piece < SCM_I_MIN_PIECE)
    piece = SCM_I_MIN_PIECE;
  if (leaf < 2)
    leaf = 2;
  struct nat a = nat_copy (ad, an), b = nat_copy (bd, bn);
  if (nat_cmp (a, b) < 0)
    swap_pair (&a, &b, NULL);
  for (;;)
    {
      scm_i_poll_interrupt ();
      if (b.n == 0)
        {
          mpn_copyi (g, a.d, a.n);
          return a.n;
        }
      if (a.n > b.n + 1 || b.n <= piece)
        {
          /* A long quotient, or a short divisor: one division (in
             pieces) leaves two numbers of B's length.  */
          struct nat q, r;
          nat_divmod (a, b, &q, &r);
          a = b;
          b = r;
          if (a.n <= piece && b.n > 0)
            {
              /* mpn_gcd wants one operand odd; the gcd is odd, so
                 dividing B by a power of two keeps it.  */
              b = strip_twos (b);
              if (nat_cmp (a, b) < 0)
                swap_pair (&a, &b, NULL);
              return mpn_gcd (g, a.d, a.n, b.d, b.n);
            }
          continue;
        }
      /* Two numbers of about N limbs: the half-gcd of their top 2N/3
         limbs takes them to about 2N/3.  */
      mp_size_t p = a.n / 3;
      struct mat n;
      struct nat ta, tb;
      struct nat na = a, nb = b;
      if (hgcd (a.d + p, a.n - p, b.d + p, b.n - p, &n, &ta, &tb, leaf)
          && apply_inverse (&n, &na, &nb, p, ta, tb)
          && nat_cmp (nat_cmp (na, nb) >= 0 ? na : nb, a) < 0)
        {
          a = na;
          b = nb;
          if (nat_cmp (a, b) < 0)
            swap_pair (&a, &b, NULL);
        }
      else
        {
          /* No progress from the top limbs: one exact step, which
             always makes some.  */
          struct nat q, r;
          nat_divmod (a, b, &q, &r);
          a = b;
          b = r;
        }
    }
}
