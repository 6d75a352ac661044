/* scm.h -- the value representation: SCM, tags, immediates, headers
   SPDX-License-Identifier: LGPL-3.0-or-later

   Every libscm header includes this one first.  It is the one place that
   knows how a Scheme value is laid out in a machine word; the layout is
   explained in doc/internals.texi ("Values").  */

#ifndef SCM_SCM_H
#define SCM_SCM_H

#include <stddef.h>
#include <stdint.h>
#include <libscm/scm-config.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Compiler helpers.  */

#define SCM_API __attribute__ ((visibility ("default")))
#define SCM_INTERNAL __attribute__ ((visibility ("hidden")))
#define SCM_NORETURN __attribute__ ((noreturn))
#define SCM_UNUSED __attribute__ ((unused))
#define SCM_ALIGNED(n) __attribute__ ((aligned (n)))
#define SCM_LIKELY(x) __builtin_expect (!!(x), 1)
#define SCM_UNLIKELY(x) __builtin_expect (!!(x), 0)

/* ------------------------------------------------------------------ */
/* The SCM type.

   An SCM is one machine word.  In a normal build it is an integer; in an
   --enable-debug build it is a struct, so that `SCM x = 5', `x == y' or
   `if (x)' fail to compile and every conversion goes through SCM_PACK /
   SCM_UNPACK.  */

typedef uintptr_t scm_t_bits;
typedef intptr_t scm_t_signed_bits;

#if SCM_DEBUG_TYPING_STRICT
typedef struct scm_s_value { scm_t_bits n; } SCM;
#define SCM_PACK(x) ((SCM) { (scm_t_bits) (x) })
#define SCM_UNPACK(x) ((x).n)
#else
typedef scm_t_bits SCM;
#define SCM_PACK(x) ((SCM) (x))
#define SCM_UNPACK(x) ((scm_t_bits) (x))
#endif

/* Initialiser of a static SCM variable or field: valid in both builds
   (braces around a scalar initialiser are allowed in C).  */
#define SCM_STATIC_INIT(x) { (scm_t_bits) (x) }

#define SCM_PACK_POINTER(p) SCM_PACK ((scm_t_bits) (p))
#define SCM_UNPACK_POINTER(x) ((scm_t_bits *) SCM_UNPACK (x))

static inline int
scm_is_eq (SCM a, SCM b)
{
  return SCM_UNPACK (a) == SCM_UNPACK (b);
}

/* ------------------------------------------------------------------ */
/* Tags.

   ...000  pointer to a heap or static object, 8-byte aligned;
   ....10  fixnum, the integer in the upper 62 bits;
   ..1100  immediate flonum, a double in the upper 60 bits (numbers.h);
   ..0100  other immediate: low byte says which kind (below).

   No value has its low bit set, so a word with low bit 1 can only be the
   header of an object.  That is how a pair (two SCM words, no header) is
   told from every other object (header first).  */

#define SCM_HEAP_OBJECT_P(x) ((SCM_UNPACK (x) & 7) == 0)
#define SCM_FIXNUM_P(x) ((SCM_UNPACK (x) & 3) == 2)
#define SCM_IMMEDIATE_P(x) ((SCM_UNPACK (x) & 7) == 4)

/* Fixnums: 62 bits, two's complement.  */
#define SCM_FIXNUM_BITS (sizeof (scm_t_bits) * 8 - 2)
#define SCM_MOST_POSITIVE_FIXNUM \
  ((scm_t_signed_bits) (((scm_t_bits) 1 << (SCM_FIXNUM_BITS - 1)) - 1))
#define SCM_MOST_NEGATIVE_FIXNUM (-SCM_MOST_POSITIVE_FIXNUM - 1)
#define SCM_FIXABLE(n) \
  ((n) >= SCM_MOST_NEGATIVE_FIXNUM && (n) <= SCM_MOST_POSITIVE_FIXNUM)
/* Shift through the unsigned type: left-shifting a negative number is
   undefined in C.  */
#define SCM_MAKE_FIXNUM(n) SCM_PACK ((((scm_t_bits) (n)) << 2) + 2)
#define SCM_FIXNUM_VALUE(x) (((scm_t_signed_bits) SCM_UNPACK (x)) >> 2)

/* Other immediates: the low byte is the kind, the payload is above it.  */
#define SCM_ITAG_CONSTANT 0x04
#define SCM_ITAG_CHAR 0x14
#define SCM_ITAG(x) (SCM_UNPACK (x) & 0xff)
#define SCM_MAKE_IMMEDIATE(payload, itag) \
  SCM_PACK ((((scm_t_bits) (payload)) << 8) + (itag))

#define SCM_BOOL_F SCM_MAKE_IMMEDIATE (0, SCM_ITAG_CONSTANT)
#define SCM_BOOL_T SCM_MAKE_IMMEDIATE (1, SCM_ITAG_CONSTANT)
#define SCM_EOL SCM_MAKE_IMMEDIATE (2, SCM_ITAG_CONSTANT)
#define SCM_UNSPECIFIED SCM_MAKE_IMMEDIATE (3, SCM_ITAG_CONSTANT)
#define SCM_EOF_VAL SCM_MAKE_IMMEDIATE (4, SCM_ITAG_CONSTANT)
/* The value of an optional argument not given, of an unbound variable.  */
#define SCM_UNDEFINED SCM_MAKE_IMMEDIATE (5, SCM_ITAG_CONSTANT)

#define SCM_CHARP(x) (SCM_ITAG (x) == SCM_ITAG_CHAR)
#define SCM_MAKE_CHAR(c) SCM_MAKE_IMMEDIATE ((uint32_t) (c), SCM_ITAG_CHAR)
#define SCM_CHAR(x) ((uint32_t) (SCM_UNPACK (x) >> 8))
#define SCM_CODEPOINT_MAX 0x10ffff

static inline int scm_is_false (SCM x) { return scm_is_eq (x, SCM_BOOL_F); }
static inline int scm_is_true (SCM x) { return !scm_is_false (x); }
static inline int scm_is_null (SCM x) { return scm_is_eq (x, SCM_EOL); }
static inline int scm_is_bool (SCM x)
{
  return scm_is_eq (x, SCM_BOOL_F) || scm_is_eq (x, SCM_BOOL_T);
}
static inline SCM scm_from_bool (int b) { return b ? SCM_BOOL_T : SCM_BOOL_F; }
static inline int scm_is_unspecified (SCM x)
{
  return scm_is_eq (x, SCM_UNSPECIFIED);
}
#define SCM_UNBNDP(x) (scm_is_eq ((x), SCM_UNDEFINED))

/* ------------------------------------------------------------------ */
/* Object words.  Word 0 of an object is its header (or a pair's car).  */

#define SCM_CELL_WORD(x, n) (SCM_UNPACK_POINTER (x)[n])
#define SCM_CELL_OBJECT(x, n) SCM_PACK (SCM_CELL_WORD (x, n))
#define SCM_SET_CELL_WORD(x, n, v) (SCM_UNPACK_POINTER (x)[n] = (v))
#define SCM_SET_CELL_OBJECT(x, n, v) \
  (SCM_UNPACK_POINTER (x)[n] = SCM_UNPACK (v))

/* The header: bits 0-7 the type code (always odd), bits 8-15 flags,
   bits 16-63 a length or other small payload.  */
#define SCM_HEADER(x) SCM_CELL_WORD (x, 0)
#define SCM_HEADER_TC8(h) ((h) & 0xff)
#define SCM_HEADER_FLAGS(h) (((h) >> 8) & 0xff)
#define SCM_HEADER_PAYLOAD(h) ((h) >> 16)
#define SCM_MAKE_HEADER(tc8, flags, payload) \
  ((scm_t_bits) (tc8) | ((scm_t_bits) (flags) << 8) \
   | ((scm_t_bits) (payload) << 16))
/* The largest length a header can hold (2^48 - 1).  */
#define SCM_HEADER_MAX_PAYLOAD (((scm_t_bits) 1 << 48) - 1)

/* Type codes.  Odd, so a header never looks like a value.  */
enum scm_tc8
{
  scm_tc8_symbol = 0x01,
  scm_tc8_keyword = 0x03,
  scm_tc8_stringbuf = 0x05,
  scm_tc8_string = 0x07,
  scm_tc8_vector = 0x09,
  scm_tc8_flonum = 0x0b,
  scm_tc8_bignum = 0x0d,
  scm_tc8_ratnum = 0x0f,
  scm_tc8_subr = 0x11,
  scm_tc8_port = 0x13,
  scm_tc8_condition = 0x15,
  scm_tc8_variable = 0x17,
  scm_tc8_bytevector = 0x19,
  scm_tc8_closure = 0x1b,
  scm_tc8_hashtable = 0x1d,
  scm_tc8_record = 0x1f,
  scm_tc8_code = 0x21,          /* compiled code (vm-internal.h) */
  scm_tc8_values = 0x23,        /* multiple values (eval.h) */
  scm_tc8_environment = 0x25,   /* an environment for eval */
  scm_tc8_continuation = 0x27,  /* call/cc's (vm-internal.h) */
  scm_tc8_vm_object = 0x29,     /* stack segments, C wind handlers */
  scm_tc8_syntax = 0x2b,        /* an alias: a renamed identifier */
  scm_tc8_macro = 0x2d,         /* a macro's transformer */
  scm_tc8_foreign = 0x2f,       /* foreign types, objects, pointers (foreign.h) */
  scm_tc8_weak_box = 0x31,      /* weak.h */
  scm_tc8_complex = 0x33,       /* non-real complex (complex.c) */
  scm_tc8_hook = 0x35           /* hooks.h */
};

/* Nonzero if X is a heap or static object with a header of type TC8.  */
static inline int
scm_has_tc8 (SCM x, enum scm_tc8 tc8)
{
  return SCM_HEAP_OBJECT_P (x) && SCM_HEADER_TC8 (SCM_HEADER (x)) == tc8;
}

/* ------------------------------------------------------------------ */
/* Pairs: car and cdr, nothing else.  */

static inline int
scm_is_pair (SCM x)
{
  return SCM_HEAP_OBJECT_P (x) && (SCM_CELL_WORD (x, 0) & 1) == 0;
}

#define SCM_CAR(x) SCM_CELL_OBJECT (x, 0)
#define SCM_CDR(x) SCM_CELL_OBJECT (x, 1)
#define SCM_SETCAR(x, v) SCM_SET_CELL_OBJECT (x, 0, v)
#define SCM_SETCDR(x, v) SCM_SET_CELL_OBJECT (x, 1, v)

#ifdef __cplusplus
}
#endif

#endif /* SCM_SCM_H */
