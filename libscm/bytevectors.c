/* bytevectors.c -- bytevectors (R7RS 6.9): the type, its procedures,
   and UTF-8 conversion
   SPDX-License-Identifier: LGPL-3.0-or-later

   A bytevector is one block: the header (its length in the payload)
   and then the bytes.  Nothing in it is a pointer, so the whole block
   is allocated atomic: the collector never scans it, whatever its
   size.  A literal constant's bytevector carries the immutable flag
   (literals.c), which every mutator checks.  */

#include "scm-internal.h"
#include "conditions-internal.h"
#include "init-internal.h"
#include "strings-internal.h"

#include <string.h>
#include <unistr.h>
#include <libscm/bytevectors.h>
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
    scm_out_of_range ("bytevector-u8-ref", 2, scm_from_size_t (k));
  return SCM_BYTEVECTOR_CONTENTS (bv)[k];
}

void
scm_c_bytevector_set_x (SCM bv, size_t k, uint8_t byte)
{
  check_mutable_bytevector (bv, 1, "bytevector-u8-set!");
  if (k >= SCM_BYTEVECTOR_LENGTH (bv))
    scm_out_of_range ("bytevector-u8-set!", 2, scm_from_size_t (k));
  SCM_BYTEVECTOR_CONTENTS (bv)[k] = byte;
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
            "(default 0).")
{
  size_t n = scm_i_index_arg (len, 1, "make-bytevector");
  uint8_t b = SCM_UNBNDP (fill) ? 0 : byte_arg (fill, 2, "make-bytevector");
  SCM bv = scm_c_make_bytevector (n);
  memset (SCM_BYTEVECTOR_CONTENTS (bv), b, n);
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
  return scm_c_bytevector_from_bytes (SCM_BYTEVECTOR_CONTENTS (bv) + s, e - s);
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
    scm_out_of_range (who, 2, at);
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
  return scm_i_string_from_utf8
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
  size_t bytes = 0;
  for (size_t i = s; i < e; i++)
    {
      uint32_t c = scm_i_string_ref (str, i);
      bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    }
  SCM bv = scm_c_make_bytevector (bytes);
  uint8_t *out = SCM_BYTEVECTOR_CONTENTS (bv);
  size_t o = 0;
  for (size_t i = s; i < e; i++)
    o += (size_t) u8_uctomb (out + o, scm_i_string_ref (str, i), 4);
  return bv;
}

void
scm_init_bytevectors (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "bytevectors.x"
#endif
}
