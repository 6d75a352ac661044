/* test-values.c -- the value representation: tags, immediates, sizes
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <math.h>
#include <string.h>
#include <gc/gc.h>
#include <libscm.h>
#include "tap.h"

static void
test_tags (void)
{
  SCM p = scm_cons (SCM_MAKE_FIXNUM (1), SCM_EOL);
  ok (SCM_HEAP_OBJECT_P (p) && (SCM_UNPACK (p) & 7) == 0,
      "a pair is an 8-byte aligned pointer");
  ok (scm_is_pair (p) && !scm_is_pair (SCM_EOL)
      && !scm_is_pair (scm_from_utf8_string ("x")),
      "pairs are told from headed objects by the low bit of word 0");
  SCM s = scm_from_utf8_string ("abc");
  ok ((SCM_HEADER (s) & 1) == 1 && SCM_HEADER_TC8 (SCM_HEADER (s))
      == scm_tc8_string, "a string's header has low bit 1 and its type code");

  static const SCM immediates[] = {
    SCM_BOOL_F, SCM_BOOL_T, SCM_EOL, SCM_UNSPECIFIED, SCM_EOF_VAL,
    SCM_UNDEFINED
  };
  int distinct = 1, immediate = 1;
  for (size_t i = 0; i < 6; i++)
    {
      immediate &= SCM_IMMEDIATE_P (immediates[i])
        && !SCM_FIXNUM_P (immediates[i]) && !SCM_HEAP_OBJECT_P (immediates[i])
        && (SCM_UNPACK (immediates[i]) & 1) == 0;
      for (size_t j = 0; j < i; j++)
        distinct &= !scm_is_eq (immediates[i], immediates[j]);
    }
  ok (immediate, "constants are ...100 immediates with low bit 0");
  ok (distinct, "#f #t () unspecified eof undefined are distinct");
}

static void
test_fixnums (void)
{
  ok (SCM_UNPACK (SCM_MAKE_FIXNUM (0)) == 2
      && SCM_UNPACK (SCM_MAKE_FIXNUM (1)) == 6, "fixnum n is n<<2 | 2");
  ok (SCM_FIXNUM_VALUE (SCM_MAKE_FIXNUM (-5)) == -5, "negative fixnums");
  ok (SCM_MOST_POSITIVE_FIXNUM == (((int64_t) 1 << 61) - 1)
      && SCM_MOST_NEGATIVE_FIXNUM == -((int64_t) 1 << 61),
      "fixnums are 62-bit");
  ok (SCM_FIXNUM_VALUE (SCM_MAKE_FIXNUM (SCM_MOST_NEGATIVE_FIXNUM))
      == SCM_MOST_NEGATIVE_FIXNUM
      && SCM_FIXNUM_VALUE (SCM_MAKE_FIXNUM (SCM_MOST_POSITIVE_FIXNUM))
      == SCM_MOST_POSITIVE_FIXNUM, "the fixnum extremes round-trip");
  ok (SCM_FIXNUM_P (SCM_MAKE_FIXNUM (7)) && !SCM_FIXNUM_P (SCM_BOOL_F)
      && !SCM_FIXNUM_P (SCM_MAKE_CHAR ('a')), "fixnum predicate");
}

static void
test_chars (void)
{
  ok (SCM_CHARP (SCM_MAKE_CHAR (0x10ffff))
      && SCM_CHAR (SCM_MAKE_CHAR (0x10ffff)) == 0x10ffff,
      "characters hold any code point");
  ok (SCM_IMMEDIATE_P (SCM_MAKE_CHAR ('a'))
      && !scm_is_eq (SCM_MAKE_CHAR (0), SCM_BOOL_F),
      "characters are immediates distinct from the constants");
}

static double
from_bits (uint64_t b)
{
  double d;
  memcpy (&d, &b, sizeof d);
  return d;
}

static uint64_t
to_bits (double d)
{
  uint64_t b;
  memcpy (&b, &d, sizeof b);
  return b;
}

/* D survives scm_from_double exactly, in the form IMMEDIATE says.  */
static int
flonum_form (double d, int immediate)
{
  SCM x = scm_from_double (d);
  return scm_is_flonum (x) && !SCM_FIXNUM_P (x) && !SCM_CHARP (x)
    && scm_i_is_immediate_flonum (x) == immediate
    && SCM_HEAP_OBJECT_P (x) == !immediate
    && to_bits (scm_to_double (x)) == to_bits (d);
}

static void
test_flonums (void)
{
  ok (flonum_form (1.5, 1) && flonum_form (-1.5, 1)
      && flonum_form (0.1, 1) && flonum_form (1e18, 1)
      && flonum_form (-123456.789, 1),
      "flonums of everyday magnitude are immediates");
  ok (flonum_form (0.0, 1) && flonum_form (-0.0, 1)
      && !scm_is_eq (scm_from_double (0.0), scm_from_double (-0.0)),
      "0.0 and -0.0 are distinct immediates");
  ok (flonum_form (0x1p-63, 1) && flonum_form (-0x1p-63, 1)
      && flonum_form (from_bits (to_bits (0x1p64) - 1), 1)
      && flonum_form (-from_bits (to_bits (0x1p64) - 1), 1),
      "the immediate range's ends: 2^-63 and the double below 2^64");
  ok (flonum_form (0x1p64, 0) && flonum_form (-0x1p64, 0)
      && flonum_form (from_bits (to_bits (0x1p-63) - 1), 0)
      && flonum_form (1e300, 0) && flonum_form (1e-300, 0)
      && flonum_form (from_bits (1), 0)
      && flonum_form (1.0 / 0.0, 0) && flonum_form (-1.0 / 0.0, 0),
      "past either end, subnormals and infinities are boxed");
  ok (flonum_form (from_bits (0x7ff8000000000000u), 0)
      && flonum_form (from_bits (0xfff0000000000123u), 0),
      "NaNs are boxed, their bits kept");
  /* Every exponent, with a mantissa and sign from a simple generator:
     each double comes back with its bits, in the one form its
     magnitude calls for.  */
  int all = 1;
  uint64_t seed = 88172645463325252u;
  for (uint64_t e = 0; e < 2048; e++)
    for (int k = 0; k < 8; k++)
      {
        seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
        uint64_t b = (seed & 0x800fffffffffffffu) | (e << 52);
        double d = from_bits (b), m = fabs (d);
        int immediate = m == 0 || (m >= 0x1p-63 && m < 0x1p64);
        all &= flonum_form (d, immediate);
      }
  ok (all, "16,384 doubles over every exponent round-trip in their form");
  ok (scm_is_eq (scm_from_double (2.5), scm_from_double (5.0 / 2)),
      "equal immediate flonums are eq");
}

static void
test_sizes (void)
{
  SCM pair = scm_cons (SCM_BOOL_T, SCM_BOOL_F);
  SCM flo = scm_from_double (1e300);  /* boxed: past the immediates */
  SCM sym = scm_string_to_symbol (scm_from_utf8_string ("a-heap-symbol"));
  SCM str = scm_from_utf8_string ("x");
  SCM var = scm_make_variable (SCM_BOOL_T);

  diag ("pair %zu, flonum %zu, symbol %zu, string %zu, variable %zu bytes",
        GC_size (SCM_UNPACK_POINTER (pair)), GC_size (SCM_UNPACK_POINTER (flo)),
        GC_size (SCM_UNPACK_POINTER (sym)), GC_size (SCM_UNPACK_POINTER (str)),
        GC_size (SCM_UNPACK_POINTER (var)));
  ok (GC_size (SCM_UNPACK_POINTER (pair)) == 16, "a pair takes 16 bytes");
  ok (GC_size (SCM_UNPACK_POINTER (flo)) == 16, "a boxed flonum takes 16 bytes");
  ok (GC_size (SCM_UNPACK_POINTER (sym)) == 16, "a heap symbol takes 16 bytes");
  ok (GC_size (SCM_UNPACK_POINTER (str)) == 16, "a string takes 16 bytes");
  ok (GC_size (SCM_UNPACK_POINTER (var)) == 16, "a variable takes 16 bytes");
  ok (sizeof (struct scm_static_symbol) == 2 * sizeof (scm_t_bits)
      && sizeof (struct scm_static_string) == 2 * sizeof (scm_t_bits)
      && sizeof (struct scm_static_keyword) == 2 * sizeof (scm_t_bits)
      && sizeof (struct scm_static_subr) == 3 * sizeof (scm_t_bits),
      "static objects have no padding (symbol, string, keyword 16; subr 24)");
  ok (sizeof (SCM) == sizeof (void *), "an SCM is one word");
}

int
main (void)
{
  scm_init ();
  scm_init ();                  /* twice is harmless */
  test_tags ();
  test_fixnums ();
  test_chars ();
  test_flonums ();
  test_sizes ();
  return tap_done ();
}
