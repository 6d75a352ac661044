/* bytevectors.c -- bytevectors (R7RS 6.9): the type, its procedures,
   and UTF-8 conversion
   SPDX-License-Identifier: LGPL-3.0-or-later

   A bytevector is one block: the header (its length in the payload)
   and then the bytes.  Nothing in it is a pointer, so the whole block
   is allocated atomic: the collector never scans it, whatever its
   size.  A literal constant's bytevector carries the immutable flag
   (literals.c), which every mutator checks.  */

#include "runtime/scm-internal.h"
#include "runtime/poll-internal.h"
#include "numbers/numbers-internal.h"
#include "runtime/conditions-internal.h"
#include "runtime/init-internal.h"
#include "values/strings-internal.h"

#include <string.h>
#include <unistr.h>
#include <libscm/bytevectors.h>
#include <libscm/bitwise.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/strings.h>

/* ------------------------------------------------------------------ */
/* Making and checking.  */

SCM
scm_c_make_bytevector (size_t len)
{
  if (len > SCM_HEADER_MAX_PAYLOAD || len > SIZE_MAX - 2 * sizeof (scm_t_bits))
    scm_c_raise_errorf ("out-of-memory", "make-bytevector",
                        "impossible bytevector length %zu", len);
  scm_i_check_total_size (len, 1, "make-bytevector");
  scm_t_bits *p = scm_i_alloc_atomic (sizeof (scm_t_bits) + len);
  p[0] = SCM_MAKE_HEADER (scm_tc8_bytevector, 0, len);
  return SCM_PACK_POINTER (p);
}

SCM
scm_c_bytevector_from_bytes (const void *data, size_t len)
{
  SCM bv = scm_c_make_bytevector (len);
  if (len > 0)
    memcpy (SCM_BYTEVECTOR_CONTENTS (bv), data, len);
  return bv;
}

static void
check_bytevector (SCM bv, int pos, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_bytevector (bv), bv, pos, who, "bytevector");
}

static void
check_mutable_bytevector (SCM bv, int pos, const char *who)
{
  check_bytevector (bv, pos, who);
  if (SCM_HEADER_FLAGS (SCM_HEADER (bv)) & SCM_BYTEVECTOR_FLAG_IMMUTABLE)
    scm_i_refuse_literal (bv, who);
}

/* Argument POS, a byte: an exact integer from 0 to 255.  */
static uint8_t
byte_arg (SCM x, int pos, const char *who)
{
  SCM_ASSERT_TYPE (SCM_FIXNUM_P (x) && SCM_FIXNUM_VALUE (x) >= 0
                   && SCM_FIXNUM_VALUE (x) <= 255, x, pos, who,
                   "byte (an exact integer from 0 to 255)");
  return (uint8_t) SCM_FIXNUM_VALUE (x);
}

size_t
scm_c_bytevector_length (SCM bv)
{
  check_bytevector (bv, 1, "bytevector-length");
  return SCM_BYTEVECTOR_LENGTH (bv);
}

uint8_t
scm_c_bytevector_ref (SCM bv, size_t k)
{
  check_bytevector (bv, 1, "bytevector-u8-ref");
  if (k >= SCM_BYTEVECTOR_LENGTH (bv))
    scm_i_out_of_range ("bytevector-u8-ref", 2, scm_from_size_t (k));
  return SCM_BYTEVECTOR_CONTENTS (bv)[k];
}

void
scm_c_bytevector_set_x (SCM bv, size_t k, uint8_t byte)
{
  check_mutable_bytevector (bv, 1, "bytevector-u8-set!");
  if (k >= SCM_BYTEVECTOR_LENGTH (bv))
    scm_i_out_of_range ("bytevector-u8-set!", 2, scm_from_size_t (k));
  SCM_BYTEVECTOR_CONTENTS (bv)[k] = byte;
}

int
scm_i_bytevector_equal (SCM a, SCM b)
{
  return SCM_BYTEVECTOR_LENGTH (a) == SCM_BYTEVECTOR_LENGTH (b)
    && memcmp (SCM_BYTEVECTOR_CONTENTS (a), SCM_BYTEVECTOR_CONTENTS (b),
               SCM_BYTEVECTOR_LENGTH (a)) == 0;
}

/* Bytes a primitive moves between two polls for Ctrl-C: a tenth of a
   millisecond's work, while filling or copying hundreds of megabytes
   takes a tenth of a second or more.  */
#define BYTES_PER_POLL ((size_t) 1 << 20)

/* Copy N bytes from FROM to the fresh TO (no overlap), or fill them
   with FILL if FROM is NULL, polling between pieces.  */
static void
move_bytes_polled (uint8_t *to, const uint8_t *from, uint8_t fill, size_t n)
{
  for (size_t done = 0; done < n; done += BYTES_PER_POLL)
    {
      if (done > 0)
        scm_i_poll_interrupt ();
      size_t piece = n - done < BYTES_PER_POLL ? n - done : BYTES_PER_POLL;
      if (from != NULL)
        memcpy (to + done, from + done, piece);
      else
        memset (to + done, fill, piece);
    }
}

/* ------------------------------------------------------------------ */
/* Primitives.  */

SCM_DEFINE (scm_bytevector_p, "bytevector?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a bytevector.")
{
  return scm_from_bool (scm_is_bytevector (obj));
}

SCM_DEFINE (scm_make_bytevector, "make-bytevector", 1, 1, 0,
            (SCM len, SCM fill),
            "Return a new bytevector of @var{len} bytes, each @var{fill} "
            "(default 0; from -128 to 255, as in R6RS and Guile).")
{
  size_t n = scm_i_index_arg (len, 1, "make-bytevector");
  if (!SCM_UNBNDP (fill))
    SCM_ASSERT_TYPE (SCM_FIXNUM_P (fill) && SCM_FIXNUM_VALUE (fill) >= -128
                     && SCM_FIXNUM_VALUE (fill) <= 255, fill, 2,
                     "make-bytevector", "byte (from -128 to 255)");
  uint8_t b = SCM_UNBNDP (fill) ? 0 : (uint8_t) (SCM_FIXNUM_VALUE (fill) & 0xff);
  SCM bv = scm_c_make_bytevector (n);
  move_bytes_polled (SCM_BYTEVECTOR_CONTENTS (bv), NULL, b, n);
  return bv;
}

SCM_DEFINE (scm_bytevector, "bytevector", 0, 0, 1, (SCM bytes),
            "Return a new bytevector of the arguments @var{bytes}, each an "
            "exact integer from 0 to 255.")
{
  long n = scm_c_list_length (bytes);
  SCM bv = scm_c_make_bytevector ((size_t) n);
  uint8_t *c = SCM_BYTEVECTOR_CONTENTS (bv);
  for (int pos = 1; scm_is_pair (bytes); bytes = SCM_CDR (bytes), pos++)
    *c++ = byte_arg (SCM_CAR (bytes), pos, "bytevector");
  return bv;
}

SCM_DEFINE (scm_bytevector_length, "bytevector-length", 1, 0, 0, (SCM bv),
            "Return the number of bytes of bytevector @var{bv}.")
{
  return scm_from_size_t (scm_c_bytevector_length (bv));
}

SCM_DEFINE (scm_bytevector_u8_ref, "bytevector-u8-ref", 2, 0, 0,
            (SCM bv, SCM k),
            "Return byte @var{k} (from 0) of bytevector @var{bv}.")
{
  return SCM_MAKE_FIXNUM (scm_c_bytevector_ref
                          (bv, scm_i_index_arg (k, 2, "bytevector-u8-ref")));
}

SCM_DEFINE (scm_bytevector_u8_set_x, "bytevector-u8-set!", 3, 0, 0,
            (SCM bv, SCM k, SCM byte),
            "Store @var{byte} as byte @var{k} of bytevector @var{bv}.")
{
  size_t i = scm_i_index_arg (k, 2, "bytevector-u8-set!");
  scm_c_bytevector_set_x (bv, i, byte_arg (byte, 3, "bytevector-u8-set!"));
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_bytevector_copy, "bytevector-copy", 1, 2, 0,
            (SCM bv, SCM start, SCM end),
            "Return a new bytevector of bytes @var{start} (default 0) to "
            "@var{end} (default the length) of @var{bv}.")
{
  size_t s, e;
  check_bytevector (bv, 1, "bytevector-copy");
  scm_i_range_args (start, end, SCM_BYTEVECTOR_LENGTH (bv), 2,
                    "bytevector-copy", &s, &e);
  SCM copy = scm_c_make_bytevector (e - s);
  move_bytes_polled (SCM_BYTEVECTOR_CONTENTS (copy),
                     SCM_BYTEVECTOR_CONTENTS (bv) + s, 0, e - s);
  return copy;
}

SCM_DEFINE (scm_bytevector_copy_x, "bytevector-copy!", 3, 2, 0,
            (SCM to, SCM at, SCM from, SCM start, SCM end),
            "Copy bytes @var{start} (default 0) to @var{end} (default the "
            "length) of @var{from} into bytevector @var{to}, starting at "
            "index @var{at}.  The two may be the same bytevector and the "
            "ranges may overlap.")
{
  static const char who[] = "bytevector-copy!";
  size_t s, e;
  check_mutable_bytevector (to, 1, who);
  size_t a = scm_i_index_arg (at, 2, who);
  check_bytevector (from, 3, who);
  scm_i_range_args (start, end, SCM_BYTEVECTOR_LENGTH (from), 4, who, &s, &e);
  if (a > SCM_BYTEVECTOR_LENGTH (to) || SCM_BYTEVECTOR_LENGTH (to) - a < e - s)
    scm_i_out_of_range (who, 2, at);
  memmove (SCM_BYTEVECTOR_CONTENTS (to) + a,
           SCM_BYTEVECTOR_CONTENTS (from) + s, e - s);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_bytevector_append, "bytevector-append", 0, 0, 1, (SCM bvs),
            "Return a new bytevector of the bytes of all the bytevectors "
            "@var{bvs}, in order.")
{
  size_t total = 0;
  int pos = 1;
  for (SCM l = bvs; scm_is_pair (l); l = SCM_CDR (l), pos++)
    {
      check_bytevector (SCM_CAR (l), pos, "bytevector-append");
      size_t n = SCM_BYTEVECTOR_LENGTH (SCM_CAR (l));
      if (n > SIZE_MAX - total)
        scm_c_raise_errorf ("out-of-memory", "bytevector-append",
                            "impossible bytevector length");
      total += n;
    }
  SCM bv = scm_c_make_bytevector (total);
  uint8_t *c = SCM_BYTEVECTOR_CONTENTS (bv);
  for (SCM l = bvs; scm_is_pair (l); l = SCM_CDR (l))
    {
      size_t n = SCM_BYTEVECTOR_LENGTH (SCM_CAR (l));
      memcpy (c, SCM_BYTEVECTOR_CONTENTS (SCM_CAR (l)), n);
      c += n;
    }
  return bv;
}

SCM_DEFINE (scm_utf8_to_string, "utf8->string", 1, 2, 0,
            (SCM bv, SCM start, SCM end),
            "Return a new string of the characters that bytes @var{start} "
            "(default 0) to @var{end} (default the length) of bytevector "
            "@var{bv} encode in UTF-8.  Invalid UTF-8 is an error naming the "
            "byte where it starts.")
{
  size_t s, e;
  check_bytevector (bv, 1, "utf8->string");
  scm_i_range_args (start, end, SCM_BYTEVECTOR_LENGTH (bv), 2, "utf8->string",
                    &s, &e);
  return scm_i_string_from_utf8_polled
    ((const char *) SCM_BYTEVECTOR_CONTENTS (bv) + s, e - s, "utf8->string");
}

SCM_DEFINE (scm_string_to_utf8, "string->utf8", 1, 2, 0,
            (SCM str, SCM start, SCM end),
            "Return a new bytevector of the UTF-8 encoding of characters "
            "@var{start} (default 0) to @var{end} (default the length) of "
            "string @var{str}.")
{
  size_t s, e;
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "string->utf8", "string");
  scm_i_range_args (start, end, scm_i_string_length (str), 2, "string->utf8",
                    &s, &e);
  size_t bytes = 0, turns = 0;
  for (size_t i = s; i < e; i++)
    {
      SCM_I_POLL_EVERY (turns);
      uint32_t c = scm_i_string_ref (str, i);
      bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    }
  SCM bv = scm_c_make_bytevector (bytes);
  uint8_t *out = SCM_BYTEVECTOR_CONTENTS (bv);
  size_t o = 0;
  for (size_t i = s; i < e; i++)
    {
      SCM_I_POLL_EVERY (turns);
      o += (size_t) u8_uctomb (out + o, scm_i_string_ref (str, i), 4);
    }
  return bv;
}

/* ------------------------------------------------------------------ */
/* Guile's (rnrs bytevectors) accessors: integers of 1, 2, 4 and 8
   bytes, signed and unsigned, and IEEE floats, in an explicit
   endianness (the symbol big or little) or the machine's.  64-bit
   values outside the fixnum range are bignums.  */

SCM_SYMBOL (sym_big, "big");
SCM_SYMBOL (sym_little, "little");

#if defined __BYTE_ORDER__ && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
# define NATIVE_BIG 1
#else
# define NATIVE_BIG 0
#endif

SCM_DEFINE (scm_native_endianness, "native-endianness", 0, 0, 0, (void),
            "Return the byte order of this machine: the symbol @code{big} "
            "or @code{little}.")
{
  return NATIVE_BIG ? sym_big : sym_little;
}

/* Nonzero for big-endian: argument POS, the symbol big or little, or
   SCM_UNDEFINED for the machine's order.  */
static int
endianness_arg (SCM e, int pos, const char *who)
{
  if (SCM_UNBNDP (e))
    return NATIVE_BIG;
  if (scm_is_eq (e, sym_big))
    return 1;
  SCM_ASSERT_TYPE (scm_is_eq (e, sym_little), e, pos, who,
                   "endianness (big or little)");
  return 0;
}

/* The address of SIZE bytes at index K (argument 2) of BV.  */
static uint8_t *
element (SCM bv, SCM k, size_t size, int mutate, const char *who)
{
  if (mutate)
    check_mutable_bytevector (bv, 1, who);
  else
    check_bytevector (bv, 1, who);
  size_t i = scm_i_index_arg (k, 2, who);
  if (i > SCM_BYTEVECTOR_LENGTH (bv) || SCM_BYTEVECTOR_LENGTH (bv) - i < size)
    scm_i_out_of_range (who, 2, k);
  return SCM_BYTEVECTOR_CONTENTS (bv) + i;
}

static uint64_t
load (const uint8_t *p, size_t size, int big)
{
  uint64_t v = 0;
  for (size_t i = 0; i < size; i++)
    v |= (uint64_t) p[big ? i : size - 1 - i] << (8 * (size - 1 - i));
  return v;
}

static void
store (uint8_t *p, size_t size, int big, uint64_t v)
{
  for (size_t i = 0; i < size; i++)
    p[big ? size - 1 - i : i] = (uint8_t) (v >> (8 * i));
}

static SCM
int_ref (SCM bv, SCM k, SCM e, size_t size, int is_signed, const char *who)
{
  const uint8_t *p = element (bv, k, size, 0, who);
  uint64_t v = load (p, size, endianness_arg (e, 3, who));
  if (is_signed && size < 8 && (v >> (8 * size - 1)) & 1)
    v |= ~(uint64_t) 0 << (8 * size);   /* sign extension */
  return is_signed ? scm_from_int64 ((int64_t) v) : scm_from_uint64 (v);
}

static SCM
int_set (SCM bv, SCM k, SCM value, SCM e, int epos, size_t size,
         int is_signed, const char *who)
{
  uint8_t *p = element (bv, k, size, 1, who);
  int big = endianness_arg (e, epos, who);
  SCM_ASSERT_TYPE (scm_is_exact_integer (value), value, 3, who,
                   "exact integer");
  /* The value as sign and magnitude: a bignum past 64 bits is out of
     every range.  */
  uint64_t m;
  int neg;
  if (SCM_FIXNUM_P (value))
    {
      int64_t n = SCM_FIXNUM_VALUE (value);
      neg = n < 0;
      m = neg ? 0 - (uint64_t) n : (uint64_t) n;
    }
  else if (!scm_i_bignum_to_u64 (value, &m, &neg))
    scm_i_out_of_range (who, 3, value);
  int bits = (int) (8 * size);
  uint64_t limit = is_signed ? (uint64_t) 1 << (bits - 1)
    : bits == 64 ? UINT64_MAX : ((uint64_t) 1 << bits) - 1;
  /* Signed: -2^(bits-1) <= v < 2^(bits-1); unsigned: 0 <= v <= max.  */
  int in_range = is_signed ? (neg ? m <= limit : m < limit)
    : (!neg || m == 0) && m <= limit;
  if (!in_range)
    scm_i_out_of_range (who, 3, value);
  store (p, size, big, neg ? 0 - m : m);
  return SCM_UNSPECIFIED;
}

#define DEFINE_INT_ACCESSORS(cname, name, size, is_signed, what)             \
  SCM_DEFINE_STATIC (cname##_ref, "bytevector-" name "-ref", 3, 0, 0,        \
                     (SCM bv, SCM k, SCM e),                                 \
                     "Return the " what " at byte @var{k} of @var{bv}, in "  \
                     "endianness @var{e} (@code{big} or @code{little}).")   \
  {                                                                          \
    return int_ref (bv, k, e, size, is_signed, "bytevector-" name "-ref");   \
  }                                                                          \
  SCM_DEFINE_STATIC (cname##_set, "bytevector-" name "-set!", 4, 0, 0,       \
                     (SCM bv, SCM k, SCM v, SCM e),                          \
                     "Store @var{v} as the " what " at byte @var{k} of "     \
                     "@var{bv}, in endianness @var{e}.")                     \
  {                                                                          \
    return int_set (bv, k, v, e, 4, size, is_signed,                         \
                    "bytevector-" name "-set!");                             \
  }                                                                          \
  SCM_DEFINE_STATIC (cname##_native_ref, "bytevector-" name "-native-ref",   \
                     2, 0, 0, (SCM bv, SCM k),                               \
                     "Return the " what " at byte @var{k} of @var{bv}, in "  \
                     "the machine's byte order.")                            \
  {                                                                          \
    return int_ref (bv, k, SCM_UNDEFINED, size, is_signed,                   \
                    "bytevector-" name "-native-ref");                       \
  }                                                                          \
  SCM_DEFINE_STATIC (cname##_native_set, "bytevector-" name "-native-set!",  \
                     3, 0, 0, (SCM bv, SCM k, SCM v),                        \
                     "Store @var{v} as the " what " at byte @var{k} of "     \
                     "@var{bv}, in the machine's byte order.")               \
  {                                                                          \
    return int_set (bv, k, v, SCM_UNDEFINED, 4, size, is_signed,             \
                    "bytevector-" name "-native-set!");                      \
  }

DEFINE_INT_ACCESSORS (bv_u16, "u16", 2, 0, "unsigned 16-bit integer")
DEFINE_INT_ACCESSORS (bv_s16, "s16", 2, 1, "signed 16-bit integer")
DEFINE_INT_ACCESSORS (bv_u32, "u32", 4, 0, "unsigned 32-bit integer")
DEFINE_INT_ACCESSORS (bv_s32, "s32", 4, 1, "signed 32-bit integer")
DEFINE_INT_ACCESSORS (bv_u64, "u64", 8, 0, "unsigned 64-bit integer")
DEFINE_INT_ACCESSORS (bv_s64, "s64", 8, 1, "signed 64-bit integer")

/* Integers of any size (R6RS bytevector-uint-ref & co): SIZE bytes.
   Up to 8 bytes they load and store as one word; beyond, byte by byte
   through exact (bignum) arithmetic.  */

static size_t
size_arg (SCM size, int pos, const char *who)
{
  size_t n = scm_i_index_arg (size, pos, who);
  if (n == 0)
    scm_i_out_of_range (who, pos, size);
  return n;
}

static SCM
sized_ref (SCM bv, SCM k, SCM e, SCM size_obj, int is_signed,
           const char *who)
{
  check_bytevector (bv, 1, who);
  int big = endianness_arg (e, 3, who);
  size_t size = size_arg (size_obj, 4, who);
  const uint8_t *p = element (bv, k, size, 0, who);
  if (size <= 8)
    {
      uint64_t v = load (p, size, big);
      if (is_signed && size < 8 && (v >> (8 * size - 1)) & 1)
        v |= ~(uint64_t) 0 << (8 * size);
      return is_signed ? scm_from_int64 ((int64_t) v) : scm_from_uint64 (v);
    }
  SCM acc = SCM_MAKE_FIXNUM (0), radix = SCM_MAKE_FIXNUM (256);
  size_t turns = 0;
  for (size_t i = 0; i < size; i++)
    {
      SCM_I_POLL_EVERY (turns);
      uint8_t byte = p[big ? i : size - 1 - i];
      acc = scm_sum (scm_product (acc, radix), SCM_MAKE_FIXNUM (byte));
    }
  uint8_t top = p[big ? 0 : size - 1];
  if (is_signed && (top & 0x80))
    acc = scm_difference (acc, scm_ash (SCM_MAKE_FIXNUM (1),
                                        scm_from_size_t (8 * size)));
  return acc;
}

static SCM
sized_set (SCM bv, SCM k, SCM value, SCM e, SCM size_obj, int is_signed,
           const char *who)
{
  check_mutable_bytevector (bv, 1, who);
  SCM_ASSERT_TYPE (scm_is_exact_integer (value), value, 3, who,
                   "exact integer");
  int big = endianness_arg (e, 4, who);
  size_t size = size_arg (size_obj, 5, who);
  uint8_t *p = element (bv, k, size, 1, who);
  /* In range: 0 <= n < 2^(8 size), or -2^(8 size - 1) <= n < 2^(8 size - 1).  */
  SCM bits = scm_from_size_t (is_signed ? 8 * size - 1 : 8 * size);
  SCM bound = scm_ash (SCM_MAKE_FIXNUM (1), bits);
  SCM low = is_signed ? scm_difference (SCM_MAKE_FIXNUM (0), bound)
    : SCM_MAKE_FIXNUM (0);
  if (scm_is_true (scm_less_p (value, low))
      || scm_is_false (scm_less_p (value, bound)))
    scm_i_out_of_range (who, 3, value);
  SCM v = value, mask = SCM_MAKE_FIXNUM (255), shift = SCM_MAKE_FIXNUM (-8);
  size_t turns = 0;
  for (size_t i = 0; i < size; i++)
    {
      SCM_I_POLL_EVERY (turns);
      /* Two's complement: logand and an arithmetic shift do it.  */
      uint8_t byte = (uint8_t) SCM_FIXNUM_VALUE (scm_logand (v, mask));
      p[big ? size - 1 - i : i] = byte;
      v = scm_ash (v, shift);
    }
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_bytevector_uint_ref, "bytevector-uint-ref", 4, 0, 0,
            (SCM bv, SCM k, SCM e, SCM size),
            "Return the unsigned integer of @var{size} bytes at byte\n"
            "@var{k} of @var{bv}, in endianness @var{e} (@code{big} or\n"
            "@code{little}), an exact integer (a bignum past the fixnum\n"
            "range).")
{
  return sized_ref (bv, k, e, size, 0, "bytevector-uint-ref");
}

SCM_DEFINE (scm_bytevector_sint_ref, "bytevector-sint-ref", 4, 0, 0,
            (SCM bv, SCM k, SCM e, SCM size),
            "Return the two's-complement signed integer of @var{size}\n"
            "bytes at byte @var{k} of @var{bv}, in endianness @var{e}.")
{
  return sized_ref (bv, k, e, size, 1, "bytevector-sint-ref");
}

SCM_DEFINE (scm_bytevector_uint_set_x, "bytevector-uint-set!", 5, 0, 0,
            (SCM bv, SCM k, SCM n, SCM e, SCM size),
            "Store @var{n}, an exact integer from 0 to 256^@var{size} - 1,\n"
            "as @var{size} bytes at byte @var{k} of @var{bv}, in\n"
            "endianness @var{e}.")
{
  return sized_set (bv, k, n, e, size, 0, "bytevector-uint-set!");
}

SCM_DEFINE (scm_bytevector_sint_set_x, "bytevector-sint-set!", 5, 0, 0,
            (SCM bv, SCM k, SCM n, SCM e, SCM size),
            "Store @var{n}, an exact integer that @var{size} bytes hold in\n"
            "two's complement, as @var{size} bytes at byte @var{k} of\n"
            "@var{bv}, in endianness @var{e}.")
{
  return sized_set (bv, k, n, e, size, 1, "bytevector-sint-set!");
}

SCM_DEFINE (scm_bytevector_s8_ref, "bytevector-s8-ref", 2, 0, 0,
            (SCM bv, SCM k),
            "Return byte @var{k} of bytevector @var{bv} as a signed integer "
            "(from -128 to 127).")
{
  return int_ref (bv, k, SCM_UNDEFINED, 1, 1, "bytevector-s8-ref");
}

SCM_DEFINE (scm_bytevector_s8_set_x, "bytevector-s8-set!", 3, 0, 0,
            (SCM bv, SCM k, SCM value),
            "Store @var{value}, an integer from -128 to 127, as byte "
            "@var{k} of bytevector @var{bv}.")
{
  return int_set (bv, k, value, SCM_UNDEFINED, 4, 1, 1, "bytevector-s8-set!");
}

static SCM
float_ref (SCM bv, SCM k, SCM e, size_t size, const char *who)
{
  const uint8_t *p = element (bv, k, size, 0, who);
  uint64_t bits = load (p, size, endianness_arg (e, 3, who));
  if (size == 4)
    {
      uint32_t b32 = (uint32_t) bits;
      float f;
      memcpy (&f, &b32, 4);
      return scm_from_double (f);
    }
  double d;
  memcpy (&d, &bits, 8);
  return scm_from_double (d);
}

static SCM
float_set (SCM bv, SCM k, SCM value, SCM e, size_t size, const char *who)
{
  uint8_t *p = element (bv, k, size, 1, who);
  int big = endianness_arg (e, 4, who);
  SCM_ASSERT_TYPE (scm_is_real (value), value, 3, who, "real number");
  double d = scm_to_double (value);
  uint64_t bits;
  if (size == 4)
    {
      float f = (float) d;
      uint32_t b32;
      memcpy (&b32, &f, 4);
      bits = b32;
    }
  else
    memcpy (&bits, &d, 8);
  store (p, size, big, bits);
  return SCM_UNSPECIFIED;
}

#define DEFINE_FLOAT_ACCESSORS(cname, name, size, what)                      \
  SCM_DEFINE_STATIC (cname##_ref, "bytevector-ieee-" name "-ref", 3, 0, 0,   \
                     (SCM bv, SCM k, SCM e),                                 \
                     "Return the " what " at byte @var{k} of @var{bv}, in "  \
                     "endianness @var{e}, as a flonum.")                     \
  {                                                                          \
    return float_ref (bv, k, e, size, "bytevector-ieee-" name "-ref");       \
  }                                                                          \
  SCM_DEFINE_STATIC (cname##_set, "bytevector-ieee-" name "-set!", 4, 0, 0,  \
                     (SCM bv, SCM k, SCM x, SCM e),                          \
                     "Store real number @var{x} as the " what " at byte "    \
                     "@var{k} of @var{bv}, in endianness @var{e}.")          \
  {                                                                          \
    return float_set (bv, k, x, e, size, "bytevector-ieee-" name "-set!");   \
  }                                                                          \
  SCM_DEFINE_STATIC (cname##_native_ref,                                     \
                     "bytevector-ieee-" name "-native-ref", 2, 0, 0,         \
                     (SCM bv, SCM k),                                        \
                     "Return the " what " at byte @var{k} of @var{bv}, in "  \
                     "the machine's byte order.")                            \
  {                                                                          \
    return float_ref (bv, k, SCM_UNDEFINED, size,                            \
                      "bytevector-ieee-" name "-native-ref");                \
  }                                                                          \
  SCM_DEFINE_STATIC (cname##_native_set,                                     \
                     "bytevector-ieee-" name "-native-set!", 3, 0, 0,        \
                     (SCM bv, SCM k, SCM x),                                 \
                     "Store real number @var{x} as the " what " at byte "    \
                     "@var{k} of @var{bv}, in the machine's byte order.")    \
  {                                                                          \
    return float_set (bv, k, x, SCM_UNDEFINED, size,                         \
                      "bytevector-ieee-" name "-native-set!");               \
  }

DEFINE_FLOAT_ACCESSORS (bv_single, "single", 4, "IEEE single (4 bytes)")
DEFINE_FLOAT_ACCESSORS (bv_double, "double", 8, "IEEE double (8 bytes)")

SCM_DEFINE (scm_bytevector_fill_x, "bytevector-fill!", 2, 2, 0,
            (SCM bv, SCM fill, SCM start, SCM end),
            "Store byte @var{fill} (from -128 to 255) in bytes @var{start} "
            "(default 0) to @var{end} (default the length) of @var{bv}.")
{
  size_t s, e;
  check_mutable_bytevector (bv, 1, "bytevector-fill!");
  SCM_ASSERT_TYPE (SCM_FIXNUM_P (fill) && SCM_FIXNUM_VALUE (fill) >= -128
                   && SCM_FIXNUM_VALUE (fill) <= 255, fill, 2,
                   "bytevector-fill!", "byte (from -128 to 255)");
  scm_i_range_args (start, end, SCM_BYTEVECTOR_LENGTH (bv), 3,
                    "bytevector-fill!", &s, &e);
  memset (SCM_BYTEVECTOR_CONTENTS (bv) + s,
          (int) (SCM_FIXNUM_VALUE (fill) & 0xff), e - s);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_bytevector_eq_p, "bytevector=?", 2, 0, 0, (SCM a, SCM b),
            "Return @code{#t} if bytevectors @var{a} and @var{b} hold the "
            "same bytes.")
{
  check_bytevector (a, 1, "bytevector=?");
  check_bytevector (b, 2, "bytevector=?");
  return scm_from_bool (scm_i_bytevector_equal (a, b));
}

SCM_DEFINE (scm_bytevector_to_u8_list, "bytevector->u8-list", 1, 0, 0,
            (SCM bv),
            "Return a list of the bytes of bytevector @var{bv}.")
{
  check_bytevector (bv, 1, "bytevector->u8-list");
  SCM l = SCM_EOL;
  for (size_t i = SCM_BYTEVECTOR_LENGTH (bv); i-- > 0;)
    l = scm_cons (SCM_MAKE_FIXNUM (SCM_BYTEVECTOR_CONTENTS (bv)[i]), l);
  return l;
}

SCM_DEFINE (scm_u8_list_to_bytevector, "u8-list->bytevector", 1, 0, 0,
            (SCM list),
            "Return a new bytevector of the bytes in @var{list}.")
{
  SCM_ASSERT_TYPE (scm_c_list_length (list) >= 0, list, 1,
                   "u8-list->bytevector", "list");
  return scm_bytevector (list);
}

void
scm_init_bytevectors (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "values/bytevectors.x"
#endif
}
