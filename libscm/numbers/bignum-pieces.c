/* bignum-pieces.c -- long products and quotients of limbs, in pieces
   that poll for interrupts between them
   SPDX-License-Identifier: LGPL-3.0-or-later

   One mpn_mul or mpn_tdiv_qr cannot be interrupted, and near the
   integer size limit one takes a long time: measured here, the
   product of two 2^19-limb numbers (the largest whose product the
   default limit allows) 270 ms, the quotient of 2^20 limbs by 2^19 675
   ms.  Ctrl-C waited for the call to end.  These functions give the
   same limbs as those calls, computing them from calls on pieces no
   larger than PIECE limbs, with scm_i_poll_interrupt between pieces.
   Under PIECE they are the one call.  Scratch space is atomic GC
   memory, so an interrupt leaks nothing.

   A product splits in two ways.  When the shorter operand is at most
   half the longer, the longer one is cut into pieces at least as long
   as the shorter, whose products are added in at their offsets: GMP
   does the same for such operands, so this costs nothing.  When they
   are about equal, one level of Karatsuba on our side (three products
   of half the size) until the halves are under PIECE: that loses what
   GMP's FFT gains over Karatsuba: 10-35% a level at 2^18 limbs, 2x
   over the two levels at 2^19 (doc/internals.md has the figures).

   A quotient with a divisor of bn limbs and a quotient of qn limbs:
   - a long quotient is found chunk by chunk from the top, as in long
     division by hand with "digits" of D limbs: the remainder so far
     with the next D limbs of the dividend below it, divided by the
     divisor, gives the next D limbs of the quotient and the new
     remainder (D = PIECE for a short divisor, bn / 2 for a long one);
   - a divisor much longer than the quotient (qn + 2 < bn) is cut: with
     k = bn - qn - 2, floor ((a >> 64k) / (b >> 64k)) is the quotient q
     or q + 1 (below), so one division of 2qn + 1 by qn + 2 limbs, a
     product of the estimate by the divisor (in pieces) and at most one
     subtraction of b give quotient and remainder.
   Why q <= q' <= q + 1, with a = a1 B^k + a0, b = b1 B^k + b0, q' =
   floor (a1 / b1), B = 2^64: a / b < (a1 + 1) / b1, so q b1 <= a1 and
   q <= q'; and q' - a / b <= a1 / b1 - a1 / (b1 + 1) < q' / b1 + 1 / b1
   < 1, as q' < B^qn and b1 >= B^(qn + 1).  */

#include "runtime/scm-internal.h"
#include "numbers/bignum-pieces-internal.h"
#include "runtime/poll-internal.h"

#include <string.h>

/* N fresh scratch limbs, not zeroed.  */
static mp_limb_t *
scratch (mp_size_t n)
{
  return scm_i_alloc_atomic ((size_t) n * sizeof (mp_limb_t));
}

static mp_size_t
trimmed (const mp_limb_t *d, mp_size_t n)
{
  while (n > 0 && d[n - 1] == 0)
    n--;
  return n;
}

/* ------------------------------------------------------------------ */
/* Products.  */

/* R = A * B in one call, in either order.  */
static void
mul_once (mp_limb_t *r, const mp_limb_t *a, mp_size_t an,
          const mp_limb_t *b, mp_size_t bn)
{
  if (a == b && an == bn)
    mpn_sqr (r, a, an);
  else if (an >= bn)
    mpn_mul (r, a, an, b, bn);
  else
    mpn_mul (r, b, bn, a, an);
}

/* scm_i_mpn_mul_polled with the operands in either order.  */
static void
mul_any (mp_limb_t *r, const mp_limb_t *a, mp_size_t an,
         const mp_limb_t *b, mp_size_t bn, mp_size_t piece)
{
  if (an >= bn)
    scm_i_mpn_mul_polled (r, a, an, b, bn, piece);
  else
    scm_i_mpn_mul_polled (r, b, bn, a, an, piece);
}

/* R = A * B, AN >= 2 BN - 1: the pieces of A times B, added in.  */
static void
mul_chunks (mp_limb_t *r, const mp_limb_t *a, mp_size_t an,
            const mp_limb_t *b, mp_size_t bn, mp_size_t piece)
{
  mp_size_t p = bn > piece ? bn : piece;
  mp_limb_t *t = scratch (p + bn);
  mul_any (r, a, p, b, bn, piece);
  for (mp_size_t off = p; off < an; off += p)
    {
      scm_i_poll_interrupt ();
      mp_size_t m = an - off < p ? an - off : p;
      mul_any (t, a + off, m, b, bn, piece);
      /* R[off..off+bn) holds the top of the sum so far; above it
         nothing yet.  The sum fits: no carry out.  */
      mpn_add (r + off, t, m + bn, r + off, bn);
    }
}

/* R = A * B, AN >= BN > H = ceil (AN / 2): with A = A1 X + A0, B = B1 X
   + B0, X = B^H, the product is A1 B1 X^2 + A0 B0 + (S - A1 B1 - A0
   B0) X where S = (A0 + A1) (B0 + B1).  A square stays a square.  */
static void
mul_karatsuba (mp_limb_t *r, const mp_limb_t *a, mp_size_t an,
               const mp_limb_t *b, mp_size_t bn, mp_size_t piece)
{
  mp_size_t h = (an + 1) / 2;
  mp_limb_t *sa = scratch (h + 1);
  sa[h] = mpn_add (sa, a, h, a + h, an - h);
  mp_limb_t *sb = sa;
  if (!(a == b && an == bn))
    {
      sb = scratch (h + 1);
      sb[h] = mpn_add (sb, b, h, b + h, bn - h);
    }
  mul_any (r, a, h, b, h, piece);
  scm_i_poll_interrupt ();
  mul_any (r + 2 * h, a + h, an - h, b + h, bn - h, piece);
  scm_i_poll_interrupt ();
  mp_limb_t *t = scratch (2 * h + 2);
  mul_any (t, sa, h + 1, sb, h + 1, piece);
  mpn_sub (t, t, 2 * h + 2, r, 2 * h);
  mpn_sub (t, t, 2 * h + 2, r + 2 * h, an + bn - 2 * h);
  /* The middle term is below 2 B^AN: it fits AN + 1 limbs, and AN + BN
     - H > AN.  */
  mp_size_t tn = trimmed (t, 2 * h + 2);
  if (tn > 0)
    mpn_add (r + h, r + h, an + bn - h, t, tn);
}

void
scm_i_mpn_mul_polled (mp_limb_t *r, const mp_limb_t *a, mp_size_t an,
                      const mp_limb_t *b, mp_size_t bn, mp_size_t piece)
{
  if (piece < SCM_I_MIN_PIECE)
    piece = SCM_I_MIN_PIECE;
  if (an <= piece)
    mul_once (r, a, an, b, bn);
  else if (bn > (an + 1) / 2)
    mul_karatsuba (r, a, an, b, bn, piece);
  else
    mul_chunks (r, a, an, b, bn, piece);
}

/* ------------------------------------------------------------------ */
/* Quotients.  */

/* Q and R of A by B, QN + 2 < BN: from the estimate of the cut
   operands (see the top of the file).  */
static void
div_cut (mp_limb_t *q, mp_limb_t *r, const mp_limb_t *a, mp_size_t an,
         const mp_limb_t *b, mp_size_t bn, mp_size_t piece)
{
  mp_size_t qn = an - bn + 1, k = bn - qn - 2;
  scm_i_mpn_tdiv_qr_polled (q, scratch (bn - k), a + k, an - k, b + k,
                            bn - k, piece);
  scm_i_poll_interrupt ();
  /* P = Q B, then Q - 1 and P - B if P > A.  */
  mp_limb_t *p = scratch (an + 1);
  mp_size_t qt = trimmed (q, qn), pn = qt > 0 ? bn + qt : 0;
  if (qt > 0)
    scm_i_mpn_mul_polled (p, b, bn, q, qt, 2 * piece);
  memset (p + pn, 0, (size_t) (an + 1 - pn) * sizeof (mp_limb_t));
  if (p[an] != 0 || mpn_cmp (p, a, an) > 0)
    {
      mpn_sub (p, p, an + 1, b, bn);
      mpn_sub_1 (q, q, qn, 1);
    }
  mp_limb_t *d = scratch (an);
  mpn_sub_n (d, a, p, an);
  memcpy (r, d, (size_t) bn * sizeof (mp_limb_t));
}

/* Q and R of A by B, chunk by chunk of the quotient from the top (see
   the top of the file).  */
static void
div_chunks (mp_limb_t *q, mp_limb_t *r, const mp_limb_t *a, mp_size_t an,
            const mp_limb_t *b, mp_size_t bn, mp_size_t piece)
{
  mp_size_t qn = an - bn + 1;
  mp_size_t d = bn <= piece ? piece : bn / 2;
  /* The top chunk has 1 to D limbs of the quotient, the others D.  */
  mp_size_t pos = (qn - 1) / d * d;
  scm_i_mpn_tdiv_qr_polled (q + pos, r, a + pos, an - pos, b, bn, piece);
  mp_limb_t *u = scratch (d + bn), *qt = scratch (d + 1);
  while (pos > 0)
    {
      scm_i_poll_interrupt ();
      pos -= d;
      /* The remainder is below B: the quotient's top limb is zero.  */
      memcpy (u, a + pos, (size_t) d * sizeof (mp_limb_t));
      memcpy (u + d, r, (size_t) bn * sizeof (mp_limb_t));
      scm_i_mpn_tdiv_qr_polled (qt, r, u, d + bn, b, bn, piece);
      memcpy (q + pos, qt, (size_t) d * sizeof (mp_limb_t));
    }
}

void
scm_i_mpn_tdiv_qr_polled (mp_limb_t *q, mp_limb_t *r, const mp_limb_t *a,
                          mp_size_t an, const mp_limb_t *b, mp_size_t bn,
                          mp_size_t piece)
{
  if (piece < SCM_I_MIN_PIECE)
    piece = SCM_I_MIN_PIECE;
  mp_size_t qn = an - bn + 1;
  if (qn <= piece + 1 && bn <= piece)
    mpn_tdiv_qr (q, r, 0, a, an, b, bn);
  else if (bn > piece && qn + 2 < bn)
    div_cut (q, r, a, an, b, bn, piece);
  else
    div_chunks (q, r, a, an, b, bn, piece);
}
