/* integer-conversions.c -- exact integers to and from the C integer
   types of every width, with range errors
   SPDX-License-Identifier: LGPL-3.0-or-later

   scm_from_int8 ... scm_from_uintmax give a fixnum or a bignum;
   scm_to_int8 ... scm_to_uintmax take an exact integer, and raise a
   wrong-type error for anything else and an out-of-range error naming
   the C function when the value does not fit.  Split from numbers.c, which has the
   representation they build on.  */

#include "runtime/scm-internal.h"
#include "numbers/numbers-internal.h"

#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <sys/types.h>
#include <libscm/conditions.h>

/* ssize_t's minimum: POSIX gives only SSIZE_MAX.  */
#define SSIZE_MIN_VALUE (-SSIZE_MAX - 1)

/* Exact integer X (argument 1 of WHO) as a sign and a magnitude; an
   out-of-range error if the magnitude needs more than 64 bits.  */
static uint64_t
exact_integer_magnitude (SCM x, const char *who, int *neg)
{
  if (SCM_FIXNUM_P (x))
    {
      int64_t n = SCM_FIXNUM_VALUE (x);
      *neg = n < 0;
      return n < 0 ? 0 - (uint64_t) n : (uint64_t) n;
    }
  SCM_ASSERT_TYPE (scm_i_is_bignum (x), x, 1, who, "exact integer");
  uint64_t m;
  if (!scm_i_bignum_to_u64 (x, &m, neg))
    scm_i_out_of_range (who, 1, x);
  return m;
}

/* Exact integer X as a signed integer in [LO, HI], for WHO.  */
static int64_t
signed_value (SCM x, int64_t lo, int64_t hi, const char *who)
{
  if (SCM_LIKELY (SCM_FIXNUM_P (x)))
    {
      int64_t n = SCM_FIXNUM_VALUE (x);
      if (n < lo || n > hi)
        scm_i_out_of_range (who, 1, x);
      return n;
    }
  int neg;
  uint64_t m = exact_integer_magnitude (x, who, &neg);
  if (neg ? m > 0 - (uint64_t) lo : m > (uint64_t) hi)
    scm_i_out_of_range (who, 1, x);
  return neg ? (int64_t) (0 - m) : (int64_t) m;
}

/* Exact integer X as an unsigned integer up to HI, for WHO.  */
static uint64_t
unsigned_value (SCM x, uint64_t hi, const char *who)
{
  int neg;
  uint64_t m = exact_integer_magnitude (x, who, &neg);
  if ((neg && m != 0) || m > hi)
    scm_i_out_of_range (who, 1, x);
  return m;
}

SCM scm_from_int32 (int32_t n) { return SCM_MAKE_FIXNUM (n); }
SCM scm_from_uint32 (uint32_t n) { return SCM_MAKE_FIXNUM (n); }
SCM scm_from_uint (unsigned int n) { return SCM_MAKE_FIXNUM (n); }
SCM scm_from_ulong (unsigned long n) { return scm_i_int_from_u64 (n, 0); }
SCM scm_from_ssize_t (ssize_t n) { return scm_i_exact_from_i64 (n); }
SCM scm_from_intmax (intmax_t n) { return scm_i_exact_from_i64 (n); }
SCM scm_from_uintmax (uintmax_t n) { return scm_i_int_from_u64 (n, 0); }

int32_t
scm_to_int32 (SCM x)
{
  return (int32_t) signed_value (x, INT32_MIN, INT32_MAX, "scm_to_int32");
}

uint32_t
scm_to_uint32 (SCM x)
{
  return (uint32_t) unsigned_value (x, UINT32_MAX, "scm_to_uint32");
}

unsigned int
scm_to_uint (SCM x)
{
  return (unsigned int) unsigned_value (x, UINT_MAX, "scm_to_uint");
}

unsigned long
scm_to_ulong (SCM x)
{
  return (unsigned long) unsigned_value (x, ULONG_MAX, "scm_to_ulong");
}

ssize_t
scm_to_ssize_t (SCM x)
{
  return (ssize_t) signed_value (x, SSIZE_MIN_VALUE, SSIZE_MAX,
                                 "scm_to_ssize_t");
}

intmax_t
scm_to_intmax (SCM x)
{
  return (intmax_t) signed_value (x, INTMAX_MIN, INTMAX_MAX,
                                  "scm_to_intmax");
}

uintmax_t
scm_to_uintmax (SCM x)
{
  return (uintmax_t) unsigned_value (x, UINTMAX_MAX, "scm_to_uintmax");
}

int
scm_is_signed_integer (SCM x, intmax_t min, intmax_t max)
{
  if (SCM_FIXNUM_P (x))
    return SCM_FIXNUM_VALUE (x) >= min && SCM_FIXNUM_VALUE (x) <= max;
  uint64_t m;
  int neg;
  if (!scm_i_is_bignum (x) || !scm_i_bignum_to_u64 (x, &m, &neg))
    return 0;
  return neg ? min < 0 && m <= 0 - (uint64_t) min
    : max >= 0 && m <= (uint64_t) max;
}

int
scm_is_unsigned_integer (SCM x, uintmax_t min, uintmax_t max)
{
  if (SCM_FIXNUM_P (x))
    return SCM_FIXNUM_VALUE (x) >= 0
      && (uint64_t) SCM_FIXNUM_VALUE (x) >= min
      && (uint64_t) SCM_FIXNUM_VALUE (x) <= max;
  uint64_t m;
  int neg;
  if (!scm_i_is_bignum (x) || !scm_i_bignum_to_u64 (x, &m, &neg) || neg)
    return 0;
  return m >= min && m <= max;
}

SCM scm_from_int64 (int64_t n) { return scm_i_exact_from_i64 (n); }
SCM scm_from_long (long n) { return scm_i_exact_from_i64 (n); }
SCM scm_from_int (int n) { return SCM_MAKE_FIXNUM (n); }
SCM scm_from_uint64 (uint64_t n) { return scm_i_int_from_u64 (n, 0); }
SCM scm_from_size_t (size_t n) { return scm_i_int_from_u64 (n, 0); }

int64_t
scm_to_int64 (SCM x)
{
  return signed_value (x, INT64_MIN, INT64_MAX, "scm_to_int64");
}

long
scm_to_long (SCM x)
{
  return (long) signed_value (x, LONG_MIN, LONG_MAX, "scm_to_long");
}

int
scm_to_int (SCM x)
{
  return (int) signed_value (x, INT_MIN, INT_MAX, "scm_to_int");
}

uint64_t
scm_to_uint64 (SCM x)
{
  return unsigned_value (x, UINT64_MAX, "scm_to_uint64");
}

size_t
scm_to_size_t (SCM x)
{
  return (size_t) unsigned_value (x, SIZE_MAX, "scm_to_size_t");
}

intmax_t
scm_to_signed_integer (SCM x, intmax_t min, intmax_t max)
{
  int64_t n = signed_value (x, INT64_MIN, INT64_MAX, "scm_to_signed_integer");
  if (n < min || n > max)
    scm_i_out_of_range ("scm_to_signed_integer", 1, x);
  return n;
}

uintmax_t
scm_to_unsigned_integer (SCM x, uintmax_t min, uintmax_t max)
{
  uintmax_t n = unsigned_value (x, max, "scm_to_unsigned_integer");
  if (n < min)
    scm_i_out_of_range ("scm_to_unsigned_integer", 1, x);
  return n;
}

/* The sized conversions that the ones above do not cover: each names
   itself in its errors.  */
int8_t scm_to_int8 (SCM x)
{
  return (int8_t) signed_value (x, INT8_MIN, INT8_MAX, "scm_to_int8");
}
int16_t scm_to_int16 (SCM x)
{
  return (int16_t) signed_value (x, INT16_MIN, INT16_MAX, "scm_to_int16");
}
intptr_t scm_to_intptr_t (SCM x)
{
  return (intptr_t) signed_value (x, INTPTR_MIN, INTPTR_MAX,
                                  "scm_to_intptr_t");
}
uint8_t scm_to_uint8 (SCM x)
{
  return (uint8_t) unsigned_value (x, UINT8_MAX, "scm_to_uint8");
}
uint16_t scm_to_uint16 (SCM x)
{
  return (uint16_t) unsigned_value (x, UINT16_MAX, "scm_to_uint16");
}
uintptr_t scm_to_uintptr_t (SCM x)
{
  return (uintptr_t) unsigned_value (x, UINTPTR_MAX, "scm_to_uintptr_t");
}

SCM scm_from_int8 (int8_t n) { return SCM_MAKE_FIXNUM (n); }
SCM scm_from_uint8 (uint8_t n) { return SCM_MAKE_FIXNUM (n); }
SCM scm_from_int16 (int16_t n) { return SCM_MAKE_FIXNUM (n); }
SCM scm_from_uint16 (uint16_t n) { return SCM_MAKE_FIXNUM (n); }
SCM scm_from_intptr_t (intptr_t n) { return scm_i_exact_from_i64 (n); }
SCM scm_from_uintptr_t (uintptr_t n) { return scm_i_int_from_u64 (n, 0); }
