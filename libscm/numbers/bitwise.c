/* bitwise.c -- bitwise operations on exact integers, in two's complement
   SPDX-License-Identifier: LGPL-3.0-or-later

   Guile's procedures (logand logior logxor lognot logtest logbit? ash
   round-ash logcount integer-length bit-extract) and their SRFI 151 /
   R7RS-large names (bitwise-and bitwise-ior bitwise-xor bitwise-not
   arithmetic-shift bit-count bit-set? any-bit-set? bit-field), plus
   first-set-bit.  The rest of SRFI 151 and SRFI 60 is Scheme, in
   module/srfi/151.sld and 60.sld, on top of these.

   Every operation has a fixnum fast path (62-bit two's complement, so
   bits 61 and up of a fixnum all equal its sign: AND, OR, XOR and NOT
   of fixnums are fixnums) and falls back on bignums.c, which computes
   on the two's complement of the magnitudes, for bignums and for
   results past the fixnum range.

   Sections: operands and results; logical operations; shifts; counting;
   bits and fields.  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"
#include "numbers/numbers-internal.h"

#include <libscm/bitwise.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/pairs.h>

/* ------------------------------------------------------------------ */
/* Operands and results.  */

/* The number of bits of a fixnum's value; bits FIXNUM_BITS - 1 and up
   are copies of the sign.  */
#define FIXNUM_BITS 62

/* Check that X, argument POS of WHO, is an exact integer.  */
static SCM
integer_arg (SCM x, int pos, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_exact_integer (x), x, pos, who, "exact integer");
  return x;
}

/* The value of X, argument POS of WHO, a bit index: a non-negative
   exact integer.  An index past 2^64 (a bignum) is UINT64_MAX: past
   every bit of any number that fits in memory, where every bit is the
   sign.  */
static uint64_t
index_arg (SCM x, int pos, const char *who)
{
  integer_arg (x, pos, who);
  if (scm_i_int_sign (x) < 0)
    scm_i_out_of_range (who, pos, x);
  if (SCM_FIXNUM_P (x))
    return (uint64_t) SCM_FIXNUM_VALUE (x);
  return UINT64_MAX;
}

/* N shifted right by S >= 0 bits, rounding toward negative infinity
   (an arithmetic shift, whatever the compiler does with >> of a
   negative number).  */
static int64_t
shift_right (int64_t n, int64_t s)
{
  if (s >= 63)
    return n < 0 ? -1 : 0;
  return n >= 0 ? n >> s : ~(~n >> s);
}

/* The number of bits of N apart from its sign (integer-length).  */
static int
bit_length (int64_t n)
{
  uint64_t u = (uint64_t) (n < 0 ? ~n : n);
  return u == 0 ? 0 : 64 - __builtin_clzll (u);
}

/* ------------------------------------------------------------------ */
/* Logical operations.  */

enum logop { LOG_AND, LOG_IOR, LOG_XOR };

static int64_t
apply_logop (enum logop op, int64_t a, int64_t b)
{
  switch (op)
    {
    case LOG_AND: return a & b;
    case LOG_IOR: return a | b;
    default: return a ^ b;
    }
}

static SCM
logop2 (enum logop op, SCM a, SCM b)
{
  if (SCM_LIKELY (SCM_FIXNUM_P (a) && SCM_FIXNUM_P (b)))
    return SCM_MAKE_FIXNUM (apply_logop (op, SCM_FIXNUM_VALUE (a),
                                         SCM_FIXNUM_VALUE (b)));
  return scm_i_int_logop ((int) op, a, b);
}

/* OP over X, Y (either may be SCM_UNDEFINED) and the list REST, for
   WHO; IDENTITY is the value of no operands.  */
static SCM
logical (const char *who, enum logop op, int64_t identity, SCM x, SCM y,
         SCM rest)
{
  if (SCM_UNBNDP (x))
    return SCM_MAKE_FIXNUM (identity);
  SCM acc = integer_arg (x, 1, who);
  if (!SCM_UNBNDP (y))
    acc = logop2 (op, acc, integer_arg (y, 2, who));
  for (int pos = 3; scm_is_pair (rest); rest = SCM_CDR (rest), pos++)
    acc = logop2 (op, acc, integer_arg (SCM_CAR (rest), pos, who));
  return acc;
}

SCM scm_logand (SCM n1, SCM n2)
{
  return logical ("logand", LOG_AND, -1, n1, n2, SCM_EOL);
}

SCM scm_logior (SCM n1, SCM n2)
{
  return logical ("logior", LOG_IOR, 0, n1, n2, SCM_EOL);
}

SCM scm_logxor (SCM n1, SCM n2)
{
  return logical ("logxor", LOG_XOR, 0, n1, n2, SCM_EOL);
}

SCM_DEFINE_STATIC (logand_variadic, "logand", 0, 2, 1,
                   (SCM n1, SCM n2, SCM rest),
                   "Return the bitwise AND of the exact integers given, "
                   "@code{-1} for none: @code{(logand #b1100 #b1010)} is "
                   "@code{#b1000}.")
{
  return logical ("logand", LOG_AND, -1, n1, n2, rest);
}

SCM_DEFINE_STATIC (logior_variadic, "logior", 0, 2, 1,
                   (SCM n1, SCM n2, SCM rest),
                   "Return the bitwise inclusive OR of the exact integers "
                   "given, @code{0} for none: @code{(logior #b1100 #b1010)} "
                   "is @code{#b1110}.")
{
  return logical ("logior", LOG_IOR, 0, n1, n2, rest);
}

SCM_DEFINE_STATIC (logxor_variadic, "logxor", 0, 2, 1,
                   (SCM n1, SCM n2, SCM rest),
                   "Return the bitwise exclusive OR of the exact integers "
                   "given, @code{0} for none: @code{(logxor #b1100 #b1010)} "
                   "is @code{#b110}.")
{
  return logical ("logxor", LOG_XOR, 0, n1, n2, rest);
}

SCM_DEFINE_STATIC (bitwise_and_variadic, "bitwise-and", 0, 2, 1,
                   (SCM i1, SCM i2, SCM rest),
                   "Return the bitwise AND of the exact integers given, "
                   "@code{-1} for none (SRFI 151; the same as "
                   "@code{logand}).")
{
  return logical ("bitwise-and", LOG_AND, -1, i1, i2, rest);
}

SCM_DEFINE_STATIC (bitwise_ior_variadic, "bitwise-ior", 0, 2, 1,
                   (SCM i1, SCM i2, SCM rest),
                   "Return the bitwise inclusive OR of the exact integers "
                   "given, @code{0} for none (SRFI 151; the same as "
                   "@code{logior}).")
{
  return logical ("bitwise-ior", LOG_IOR, 0, i1, i2, rest);
}

SCM_DEFINE_STATIC (bitwise_xor_variadic, "bitwise-xor", 0, 2, 1,
                   (SCM i1, SCM i2, SCM rest),
                   "Return the bitwise exclusive OR of the exact integers "
                   "given, @code{0} for none (SRFI 151; the same as "
                   "@code{logxor}).")
{
  return logical ("bitwise-xor", LOG_XOR, 0, i1, i2, rest);
}

static SCM
complement (SCM n, const char *who)
{
  integer_arg (n, 1, who);
  if (SCM_FIXNUM_P (n))
    return SCM_MAKE_FIXNUM (~SCM_FIXNUM_VALUE (n));
  return scm_i_int_sub (SCM_MAKE_FIXNUM (-1), n, who);  /* -n - 1 */
}

SCM_DEFINE (scm_lognot, "lognot", 1, 0, 0, (SCM n),
            "Return the one's complement of exact integer @var{n}, every "
            "bit flipped: @code{(lognot 10)} is @code{-11}.")
{
  return complement (n, "lognot");
}

SCM_DEFINE_STATIC (bitwise_not, "bitwise-not", 1, 0, 0, (SCM i),
                   "Return the one's complement of exact integer @var{i} "
                   "(SRFI 151; the same as @code{lognot}).")
{
  return complement (i, "bitwise-not");
}

static SCM
test_bits (SCM j, SCM k, const char *who)
{
  integer_arg (j, 1, who);
  integer_arg (k, 2, who);
  return scm_from_bool (!scm_is_eq (logop2 (LOG_AND, j, k),
                                    SCM_MAKE_FIXNUM (0)));
}

SCM_DEFINE (scm_logtest, "logtest", 2, 0, 0, (SCM j, SCM k),
            "Return @code{#t} if exact integers @var{j} and @var{k} have a "
            "1 bit in common, that is if @code{(logand @var{j} @var{k})} "
            "is not zero.")
{
  return test_bits (j, k, "logtest");
}

SCM_DEFINE_STATIC (any_bit_set_p, "any-bit-set?", 2, 0, 0,
                   (SCM test_bits_arg, SCM i),
                   "Return @code{#t} if any bit set in exact integer "
                   "@var{test-bits} is set in @var{i} (SRFI 151; the same "
                   "as @code{logtest}).")
{
  return test_bits (test_bits_arg, i, "any-bit-set?");
}

/* ------------------------------------------------------------------ */
/* Shifts.  */

/* floor (N * 2^COUNT) for WHO.  */
static SCM
shift (SCM n, SCM count, const char *who)
{
  integer_arg (n, 1, who);
  integer_arg (count, 2, who);
  if (scm_i_is_bignum (count))
    {
      /* Right: every bit goes.  Left: no memory holds the result.  */
      if (scm_i_int_sign (count) < 0)
        return SCM_MAKE_FIXNUM (scm_i_int_sign (n) < 0 ? -1 : 0);
      if (scm_i_int_sign (n) == 0)
        return n;
      scm_i_integer_too_large (who, scm_list_2 (n, count));
    }
  int64_t c = SCM_FIXNUM_VALUE (count);
  if (SCM_FIXNUM_P (n))
    {
      int64_t a = SCM_FIXNUM_VALUE (n);
      if (c <= 0)
        return SCM_MAKE_FIXNUM (shift_right (a, -c));
      if (a == 0)
        return n;
      if (c < FIXNUM_BITS && bit_length (a) + c < FIXNUM_BITS)
        return SCM_MAKE_FIXNUM ((int64_t) ((uint64_t) a << c));
    }
  return scm_i_int_ash (n, c, who);
}

SCM_DEFINE (scm_ash, "ash", 2, 0, 0, (SCM n, SCM count),
            "Return exact integer @var{n} shifted left by @var{count} bits, "
            "or right if @var{count} is negative, rounding toward negative "
            "infinity: @code{(floor (* @var{n} (expt 2 @var{count})))}.  "
            "@code{(ash 1 3)} is @code{8}, @code{(ash -7 -1)} is "
            "@code{-4}.")
{
  return shift (n, count, "ash");
}

SCM_DEFINE_STATIC (arithmetic_shift, "arithmetic-shift", 2, 0, 0,
                   (SCM i, SCM count),
                   "Return exact integer @var{i} shifted left by "
                   "@var{count} bits, or right if @var{count} is negative "
                   "(SRFI 151; the same as @code{ash}).")
{
  return shift (i, count, "arithmetic-shift");
}

SCM_DEFINE (scm_round_ash, "round-ash", 2, 0, 0, (SCM n, SCM count),
            "Return @code{(round (* @var{n} (expt 2 @var{count})))} for "
            "exact integers @var{n} and @var{count}: like @code{ash}, but a "
            "right shift rounds to the nearest integer, ties to even.  "
            "@code{(round-ash 5 -1)} is @code{2}, @code{(round-ash 7 -1)} "
            "is @code{4}.")
{
  integer_arg (n, 1, "round-ash");
  integer_arg (count, 2, "round-ash");
  if (scm_i_int_sign (count) >= 0)
    return shift (n, count, "round-ash");
  /* |n| / 2^s < 1/2 rounds to 0.  */
  if (scm_i_is_bignum (count)
      || (uint64_t) -SCM_FIXNUM_VALUE (count)
         > scm_i_int_magnitude_bits (n) + 1)
    return SCM_MAKE_FIXNUM (0);
  int64_t s = -SCM_FIXNUM_VALUE (count);
  if (SCM_FIXNUM_P (n) && s <= FIXNUM_BITS)
    {
      int64_t a = SCM_FIXNUM_VALUE (n);
      int64_t q = shift_right (a, s);
      uint64_t rest = (uint64_t) a & (((uint64_t) 1 << s) - 1);
      uint64_t half = (uint64_t) 1 << (s - 1);
      if (rest > half || (rest == half && (q & 1) != 0))
        q++;
      return SCM_MAKE_FIXNUM (q);
    }
  /* q = floor (n / 2^s), rest = n - q 2^s in [0, 2^s): round up past
     half, and at half to even.  */
  SCM q = scm_i_int_ash (n, -s, "round-ash");
  SCM rest = scm_i_int_sub (n, scm_i_int_ash (q, s, "round-ash"),
                            "round-ash");
  SCM half = scm_i_int_ash (SCM_MAKE_FIXNUM (1), s - 1, "round-ash");
  int c = scm_i_int_cmp (rest, half);
  if (c > 0 || (c == 0 && scm_i_int_odd_p (q)))
    q = scm_i_int_add (q, SCM_MAKE_FIXNUM (1), "round-ash");
  return q;
}

/* ------------------------------------------------------------------ */
/* Counting.  */

static SCM
count_bits (SCM n, const char *who)
{
  integer_arg (n, 1, who);
  if (SCM_FIXNUM_P (n))
    {
      int64_t a = SCM_FIXNUM_VALUE (n);
      return SCM_MAKE_FIXNUM (__builtin_popcountll ((uint64_t)
                                                    (a < 0 ? ~a : a)));
    }
  return scm_from_uint64 (scm_i_int_logcount (n));
}

SCM_DEFINE (scm_logcount, "logcount", 1, 0, 0, (SCM n),
            "Return the number of 1 bits of exact integer @var{n} if it is "
            "non-negative, of its 0 bits if it is negative: "
            "@code{(logcount #b10101010)} is @code{4}, @code{(logcount -2)} "
            "is @code{1}.")
{
  return count_bits (n, "logcount");
}

SCM_DEFINE_STATIC (bit_count, "bit-count", 1, 0, 0, (SCM i),
                   "Return the number of 1 bits of exact integer @var{i} if "
                   "it is non-negative, of its 0 bits if it is negative "
                   "(SRFI 151; the same as @code{logcount}).")
{
  return count_bits (i, "bit-count");
}

SCM_DEFINE (scm_integer_length, "integer-length", 1, 0, 0, (SCM n),
            "Return the number of bits needed to represent exact integer "
            "@var{n}, not counting its sign: @code{(integer-length 8)} is "
            "@code{4}, @code{(integer-length -8)} is @code{3}, "
            "@code{(integer-length 0)} and @code{(integer-length -1)} are "
            "@code{0}.")
{
  integer_arg (n, 1, "integer-length");
  if (SCM_FIXNUM_P (n))
    return SCM_MAKE_FIXNUM (bit_length (SCM_FIXNUM_VALUE (n)));
  return scm_from_uint64 (scm_i_int_length (n));
}

SCM_DEFINE (scm_first_set_bit, "first-set-bit", 1, 0, 0, (SCM i),
            "Return the index of the lowest 1 bit of exact integer @var{i} "
            "(the number of factors 2 in @var{i}), or @code{-1} if @var{i} "
            "is zero: @code{(first-set-bit 40)} is @code{3}.")
{
  integer_arg (i, 1, "first-set-bit");
  if (!SCM_FIXNUM_P (i))
    return scm_from_int64 (scm_i_int_first_set_bit (i));
  int64_t a = SCM_FIXNUM_VALUE (i);
  return SCM_MAKE_FIXNUM (a == 0 ? -1 : __builtin_ctzll ((uint64_t) a));
}

/* ------------------------------------------------------------------ */
/* Bits and fields.  */

static SCM
bit_p (SCM index, SCM j, const char *who)
{
  uint64_t k = index_arg (index, 1, who);
  integer_arg (j, 2, who);
  if (SCM_FIXNUM_P (j))
    return scm_from_bool ((shift_right (SCM_FIXNUM_VALUE (j),
                                        k > 63 ? 63 : (int64_t) k) & 1)
                          != 0);
  return scm_from_bool (scm_i_int_bit_p (j, k));
}

SCM_DEFINE (scm_logbit_p, "logbit?", 2, 0, 0, (SCM index, SCM j),
            "Return @code{#t} if bit @var{index} (counting from 0, the "
            "least significant) of exact integer @var{j} is 1: "
            "@code{(logbit? 2 #b1101)} is @code{#t}, @code{(logbit? 1 "
            "#b1101)} is @code{#f}.")
{
  return bit_p (index, j, "logbit?");
}

SCM_DEFINE_STATIC (bit_set_p, "bit-set?", 2, 0, 0, (SCM index, SCM i),
                   "Return @code{#t} if bit @var{index} of exact integer "
                   "@var{i} is 1 (SRFI 151 and SRFI 60; the same as "
                   "@code{logbit?}).")
{
  return bit_p (index, i, "bit-set?");
}

/* Bits START to END of N shifted down, for WHO.  The value has END -
   START bits: if N is negative and the field reaches past its sign,
   those bits are all 1.  */
static SCM
extract (SCM n, SCM start, SCM end, const char *who)
{
  integer_arg (n, 1, who);
  uint64_t s = index_arg (start, 2, who);
  index_arg (end, 3, who);
  if (scm_i_int_cmp (end, start) < 0)
    scm_i_out_of_range (who, 3, end);
  SCM shifted = s > (uint64_t) INT64_MAX
    ? SCM_MAKE_FIXNUM (scm_i_int_sign (n) < 0 ? -1 : 0)
    : scm_i_int_ash (n, -(int64_t) s, who);
  SCM wide = scm_i_int_sub (end, start, who);
  if (SCM_FIXNUM_P (shifted) && SCM_FIXNUM_P (wide)
      && SCM_FIXNUM_VALUE (wide) < FIXNUM_BITS)
    return SCM_MAKE_FIXNUM (SCM_FIXNUM_VALUE (shifted)
                            & (((int64_t) 1 << SCM_FIXNUM_VALUE (wide)) - 1));
  /* A non-negative SHIFTED that fits the field is all of it.  */
  if (scm_i_int_sign (shifted) >= 0
      && (scm_i_is_bignum (wide)
          || scm_i_int_magnitude_bits (shifted)
             <= (uint64_t) SCM_FIXNUM_VALUE (wide)))
    return shifted;
  if (scm_i_is_bignum (wide))
    scm_i_integer_too_large (who, scm_list_3 (n, start, end));
  SCM mask = scm_i_int_sub (scm_i_int_ash (SCM_MAKE_FIXNUM (1),
                                           SCM_FIXNUM_VALUE (wide), who),
                            SCM_MAKE_FIXNUM (1), who);
  return scm_i_int_logop (LOG_AND, shifted, mask);
}

SCM_DEFINE (scm_bit_extract, "bit-extract", 3, 0, 0,
            (SCM n, SCM start, SCM end),
            "Return bits @var{start} (inclusive) to @var{end} (exclusive) "
            "of exact integer @var{n}, shifted down so that bit "
            "@var{start} becomes bit 0: a non-negative integer.  "
            "@code{(bit-extract #b1101101010 4 9)} is @code{#b10110}.")
{
  return extract (n, start, end, "bit-extract");
}

SCM_DEFINE_STATIC (bit_field, "bit-field", 3, 0, 0,
                   (SCM i, SCM start, SCM end),
                   "Return bits @var{start} (inclusive) to @var{end} "
                   "(exclusive) of exact integer @var{i}, shifted down to "
                   "bit 0 (SRFI 151 and SRFI 60; the same as "
                   "@code{bit-extract}).")
{
  return extract (i, start, end, "bit-field");
}

void
scm_init_bitwise (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "numbers/bitwise.x"
#endif
}
