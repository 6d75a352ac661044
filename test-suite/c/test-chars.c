/* test-chars.c -- characters: conversion, comparison, Unicode
   classification and case, names; char-sets from C
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <stdio.h>
#include <string.h>
#include <libscm.h>
#include "tap.h"
#include "calls.h"

#define C(c) SCM_MAKE_CHAR (c)
#define N(n) SCM_MAKE_FIXNUM (n)

/* Nonzero if (NAME CHR) is the character WANT.  */
static int
maps_to (const char *name, uint32_t chr, uint32_t want)
{
  SCM r = call (name, LIST (C (chr)));
  if (scm_is_char (r) && SCM_CHAR (r) == want)
    return 1;
  diag ("(%s #\\x%x): got #\\x%x, want #\\x%x", name, chr,
        scm_is_char (r) ? SCM_CHAR (r) : 0xffffffffu, want);
  return 0;
}

static int
is_true (const char *name, uint32_t chr)
{
  return scm_is_eq (call (name, LIST (C (chr))), SCM_BOOL_T);
}

static int
is_false (const char *name, uint32_t chr)
{
  return scm_is_eq (call (name, LIST (C (chr))), SCM_BOOL_F);
}

static void
test_conversions (void)
{
  SCM r;

  ok (scm_is_eq (call ("char?", LIST (C (0x3bb))), SCM_BOOL_T)
      && scm_is_eq (call ("char?", LIST (N (955))), SCM_BOOL_F)
      && scm_is_eq (call ("char?", LIST (scm_from_utf8_string ("a"))),
                    SCM_BOOL_F), "char? of #\\x3bb, 955, \"a\"");
  ok (scm_is_eq (call ("char->integer", LIST (C (0x3bb))), N (955))
      && scm_is_eq (call ("char->integer", LIST (C (0x1f600))), N (0x1f600))
      && scm_is_eq (call ("char->integer", LIST (C (0))), N (0)),
      "char->integer of lambda, an emoji, NUL");
  ok (scm_is_eq (call ("integer->char", LIST (N (0x4e2d))), C (0x4e2d))
      && scm_is_eq (call ("integer->char", LIST (N (0x10ffff))), C (0x10ffff))
      && scm_is_eq (call ("integer->char", LIST (N (0xd7ff))), C (0xd7ff))
      && scm_is_eq (call ("integer->char", LIST (N (0xe000))), C (0xe000)),
      "integer->char up to #x10FFFF, around the surrogates");
  r = try_call ("integer->char", LIST (N (0xd800)));
  ok (is_error (r, "out-of-range", "integer->char",
                "argument out of range in position 1", N (0xd800)),
      "integer->char of a surrogate (#xD800) is out of range");
  r = try_call ("integer->char", LIST (N (0xdfff)));
  ok (is_error (r, "out-of-range", "integer->char",
                "argument out of range in position 1", N (0xdfff)),
      "integer->char of #xDFFF is out of range");
  r = try_call ("integer->char", LIST (N (0x110000)));
  ok (is_error (r, "out-of-range", "integer->char",
                "argument out of range in position 1", N (0x110000)),
      "integer->char of #x110000 is out of range");
  r = try_call ("integer->char", LIST (N (-1)));
  ok (is_error (r, "out-of-range", "integer->char",
                "argument out of range in position 1", N (-1)),
      "integer->char of -1 is out of range");
  r = try_call ("integer->char", LIST (N (SCM_MOST_POSITIVE_FIXNUM)));
  ok (is_error (r, "out-of-range", "integer->char",
                "argument out of range in position 1",
                N (SCM_MOST_POSITIVE_FIXNUM)),
      "integer->char of the largest fixnum is out of range");
  r = try_call ("integer->char", LIST (C ('a')));
  ok (is_error (r, "wrong-type-arg", "integer->char",
                "wrong type argument in position 1 (expected exact integer)",
                C ('a')), "integer->char of a character is a type error");
  r = try_call ("char->integer", LIST (N (97)));
  ok (is_error (r, "wrong-type-arg", "char->integer",
                "wrong type argument in position 1 (expected character)",
                N (97)), "char->integer of 97 is a type error");
}

static void
test_comparisons (void)
{
  SCM r;

  ok (scm_is_eq (call ("char=?", LIST (C (0x3bb), C (0x3bb))), SCM_BOOL_T)
      && scm_is_eq (call ("char=?", LIST (C ('a'), C ('a'), C ('a'))),
                    SCM_BOOL_T)
      && scm_is_eq (call ("char=?", LIST (C ('a'), C ('a'), C ('b'))),
                    SCM_BOOL_F)
      && scm_is_eq (call ("char=?", LIST (C ('a'), C ('A'))), SCM_BOOL_F),
      "char=? with two and three arguments");
  ok (scm_is_eq (call ("char<?", LIST (C ('a'), C ('b'), C (0x3bb),
                                       C (0x1f600))), SCM_BOOL_T)
      && scm_is_eq (call ("char<?", LIST (C ('a'), C ('c'), C ('b'))),
                    SCM_BOOL_F)
      && scm_is_eq (call ("char<?", LIST (C ('a'), C ('a'))), SCM_BOOL_F),
      "char<? is strict and compares scalar values, past the BMP");
  ok (scm_is_eq (call ("char>?", LIST (C (0x4e2d), C ('z'), C ('a'))),
                 SCM_BOOL_T)
      && scm_is_eq (call ("char>?", LIST (C ('b'), C ('b'))), SCM_BOOL_F),
      "char>?");
  ok (scm_is_eq (call ("char<=?", LIST (C ('a'), C ('a'), C ('b'))),
                 SCM_BOOL_T)
      && scm_is_eq (call ("char<=?", LIST (C ('b'), C ('a'))), SCM_BOOL_F),
      "char<=?");
  ok (scm_is_eq (call ("char>=?", LIST (C ('b'), C ('b'), C ('a'))),
                 SCM_BOOL_T)
      && scm_is_eq (call ("char>=?", LIST (C ('a'), C ('b'), C ('a'))),
                    SCM_BOOL_F),
      "char>=?");
  r = try_call ("char<?", LIST (C ('b'), C ('a'), N (1)));
  ok (is_error (r, "wrong-type-arg", "char<?",
                "wrong type argument in position 3 (expected character)",
                N (1)),
      "char<? checks every argument even once the answer is known");
  r = try_call ("char=?", LIST (C ('a')));
  ok (raised && scm_is_condition (r)
      && strcmp (symbol_chars (scm_condition_kind (r)),
                 "wrong-number-of-args") == 0,
      "char=? needs two arguments");

  ok (scm_is_eq (call ("char-ci=?", LIST (C ('a'), C ('A'))), SCM_BOOL_T)
      && scm_is_eq (call ("char-ci=?", LIST (C (0x3a3), C (0x3c3),
                                             C (0x3c2))), SCM_BOOL_T)
      && scm_is_eq (call ("char-ci=?", LIST (C ('a'), C ('b'))), SCM_BOOL_F),
      "char-ci=?: a A; capital, small and final sigma");
  ok (scm_is_eq (call ("char-ci=?", LIST (C (0x212a), C ('k'), C ('K'))),
                 SCM_BOOL_T),
      "char-ci=?: Kelvin sign, k, K");
  ok (scm_is_eq (call ("char-ci<?", LIST (C ('a'), C ('B'), C ('c'))),
                 SCM_BOOL_T)
      && scm_is_eq (call ("char-ci<?", LIST (C ('A'), C ('a'))), SCM_BOOL_F),
      "char-ci<? folds before comparing");
  ok (scm_is_eq (call ("char-ci>?", LIST (C ('Z'), C ('y'))), SCM_BOOL_T)
      && scm_is_eq (call ("char-ci<=?", LIST (C ('A'), C ('a'), C ('B'))),
                    SCM_BOOL_T)
      && scm_is_eq (call ("char-ci>=?", LIST (C ('b'), C ('B'), C ('a'))),
                    SCM_BOOL_T)
      && scm_is_eq (call ("char-ci>=?", LIST (C ('a'), C ('B'))), SCM_BOOL_F),
      "char-ci>? char-ci<=? char-ci>=?");
  r = try_call ("char-ci=?", LIST (C ('a'), scm_from_utf8_string ("a")));
  ok (is_error (r, "wrong-type-arg", "char-ci=?",
                "wrong type argument in position 2 (expected character)",
                scm_from_utf8_string ("a")), "char-ci=? type error");
}

static void
test_classification (void)
{
  ok (is_true ("char-alphabetic?", 'a') && is_true ("char-alphabetic?", 'Z')
      && is_true ("char-alphabetic?", 0x3bb)
      && is_true ("char-alphabetic?", 0x4e2d)
      && is_true ("char-alphabetic?", 0xdf),
      "char-alphabetic?: a Z lambda CJK sharp-s");
  ok (is_false ("char-alphabetic?", '1') && is_false ("char-alphabetic?", ' ')
      && is_false ("char-alphabetic?", 0x1f600)
      && is_false ("char-alphabetic?", '-'),
      "char-alphabetic? is false for 1, space, an emoji, -");
  ok (is_true ("char-numeric?", '0') && is_true ("char-numeric?", '9')
      && is_true ("char-numeric?", 0x663)
      && is_true ("char-numeric?", 0xff13),
      "char-numeric?: 0 9 Arabic-Indic three, fullwidth three");
  ok (is_false ("char-numeric?", 'a') && is_false ("char-numeric?", 0x216b)
      && is_false ("char-numeric?", 0xbd),
      "char-numeric? is false for a, Roman numeral twelve, one half");
  ok (is_true ("char-whitespace?", ' ') && is_true ("char-whitespace?", '\t')
      && is_true ("char-whitespace?", '\n')
      && is_true ("char-whitespace?", '\r')
      && is_true ("char-whitespace?", 0xa0)
      && is_true ("char-whitespace?", 0x3000)
      && is_true ("char-whitespace?", 0x2028),
      "char-whitespace?: space tab newline return NBSP ideographic-space "
      "line-separator");
  ok (is_false ("char-whitespace?", 'a')
      && is_false ("char-whitespace?", 0x200b)
      && is_false ("char-whitespace?", 0),
      "char-whitespace? is false for a, zero-width space, NUL");
  ok (is_true ("char-upper-case?", 'A') && is_true ("char-upper-case?", 0x39b)
      && is_true ("char-upper-case?", 0x1e9e)
      && is_false ("char-upper-case?", 'a')
      && is_false ("char-upper-case?", 0x4e2d)
      && is_false ("char-upper-case?", '1'),
      "char-upper-case?: A, capital lambda, capital sharp s; not a, CJK, 1");
  ok (is_true ("char-lower-case?", 'a') && is_true ("char-lower-case?", 0x3bb)
      && is_true ("char-lower-case?", 0xdf)
      && is_false ("char-lower-case?", 'A')
      && is_false ("char-lower-case?", 0x4e2d),
      "char-lower-case?: a lambda sharp-s; not A, CJK");
  ok (scm_is_eq (call ("digit-value", LIST (C ('3'))), N (3))
      && scm_is_eq (call ("digit-value", LIST (C (0x663))), N (3))
      && scm_is_eq (call ("digit-value", LIST (C (0x0f29))), N (9))
      && scm_is_eq (call ("digit-value", LIST (C (0x1d7ce))), N (0)),
      "digit-value: 3, Arabic-Indic 3, Tibetan 9, mathematical bold 0");
  ok (scm_is_eq (call ("digit-value", LIST (C ('a'))), SCM_BOOL_F)
      && scm_is_eq (call ("digit-value", LIST (C (0x216b))), SCM_BOOL_F)
      && scm_is_eq (call ("digit-value", LIST (C (0xb2))), SCM_BOOL_F),
      "digit-value is #f for a, Roman twelve, superscript two");
  ok (is_error (try_call ("char-alphabetic?", LIST (N (65))),
                "wrong-type-arg", "char-alphabetic?",
                "wrong type argument in position 1 (expected character)",
                N (65)), "char-alphabetic? type error");
}

/* Over every scalar value: char-numeric? agrees with digit-value, and
   char-foldcase is idempotent and agrees with char-ci=?.  */
static void
test_all_scalar_values (void)
{
  SCM numeric = scm_variable_ref (scm_c_lookup ("char-numeric?"));
  SCM digit = scm_variable_ref (scm_c_lookup ("digit-value"));
  long mismatches = 0, unstable = 0, digits = 0;

  for (uint32_t c = 0; c <= 0x10ffff; c++)
    {
      if (!scm_c_is_scalar_value (c))
        continue;
      int is_num = scm_is_true (scm_call_1 (numeric, C (c)));
      int has_value = scm_is_true (scm_call_1 (digit, C (c)));
      mismatches += is_num != has_value;
      digits += is_num;
      uint32_t f = scm_c_foldcase (c);
      unstable += scm_c_foldcase (f) != f || !scm_c_is_scalar_value (f);
    }
  ok (mismatches == 0 && digits >= 650,
      "char-numeric? and digit-value agree on all scalar values "
      "(%ld decimal digits)", digits);
  ok (unstable == 0, "char-foldcase is idempotent on all scalar values");
  ok (scm_c_is_scalar_value (0) && scm_c_is_scalar_value (0xd7ff)
      && !scm_c_is_scalar_value (0xd800) && !scm_c_is_scalar_value (0xdfff)
      && scm_c_is_scalar_value (0xe000) && scm_c_is_scalar_value (0x10ffff)
      && !scm_c_is_scalar_value (0x110000),
      "scm_c_is_scalar_value at the edges");
}

static void
test_case (void)
{
  ok (maps_to ("char-upcase", 'a', 'A') && maps_to ("char-upcase", 'A', 'A')
      && maps_to ("char-upcase", 0x3bb, 0x39b)
      && maps_to ("char-upcase", 0xff, 0x178)
      && maps_to ("char-upcase", 0x4e2d, 0x4e2d)
      && maps_to ("char-upcase", '1', '1'),
      "char-upcase: a, A, lambda, y-diaeresis (to U+0178), CJK, 1");
  ok (maps_to ("char-upcase", 0xdf, 0xdf),
      "char-upcase of sharp s is itself (no one-character mapping)");
  ok (maps_to ("char-upcase", 0x10428, 0x10400),
      "char-upcase past the BMP: Deseret small long i");
  ok (maps_to ("char-downcase", 'A', 'a')
      && maps_to ("char-downcase", 0x3a3, 0x3c3)
      && maps_to ("char-downcase", 0x1e9e, 0xdf)
      && maps_to ("char-downcase", 0x130, 'i')
      && maps_to ("char-downcase", 0x1f600, 0x1f600),
      "char-downcase: A, capital sigma, capital sharp s, dotted I, emoji");
  ok (maps_to ("char-foldcase", 'A', 'a')
      && maps_to ("char-foldcase", 0x3a3, 0x3c3)
      && maps_to ("char-foldcase", 0x3c2, 0x3c3)
      && maps_to ("char-foldcase", 0x3c3, 0x3c3),
      "char-foldcase: A; capital, final and small sigma to small sigma");
  ok (maps_to ("char-foldcase", 0xb5, 0x3bc)
      && maps_to ("char-foldcase", 0x17f, 's')
      && maps_to ("char-foldcase", 0x212a, 'k'),
      "char-foldcase: micro sign to mu, long s to s, Kelvin to k");
  ok (maps_to ("char-foldcase", 0xdf, 0xdf)
      && maps_to ("char-foldcase", 0x1e9e, 0xdf)
      && maps_to ("char-foldcase", 0x130, 0x130),
      "char-foldcase (simple): sharp s stays, capital sharp s to sharp s, "
      "dotted I stays");
  ok (maps_to ("char-foldcase", 0xab70, 0x13a0)
      && maps_to ("char-foldcase", 0x13a0, 0x13a0),
      "char-foldcase: Cherokee folds to its uppercase");
  ok (maps_to ("char-foldcase", 0x1f88, 0x1f80),
      "char-foldcase of alpha with psili and prosgegrammeni (U+1F88)");
  ok (scm_c_upcase ('q') == 'Q' && scm_c_downcase (0x39b) == 0x3bb
      && scm_c_foldcase (0x3c2) == 0x3c3,
      "scm_c_upcase, scm_c_downcase, scm_c_foldcase");
  ok (is_error (try_call ("char-upcase", LIST (SCM_BOOL_T)),
                "wrong-type-arg", "char-upcase",
                "wrong type argument in position 1 (expected character)",
                SCM_BOOL_T), "char-upcase type error");
}

static void
test_names (void)
{
  static const struct { const char *name; uint32_t c; } r7rs[] = {
    { "alarm", 7 }, { "backspace", 8 }, { "delete", 0x7f },
    { "escape", 0x1b }, { "newline", 10 }, { "null", 0 },
    { "return", 13 }, { "space", 32 }, { "tab", 9 },
  };
  int all = 1;

  for (size_t i = 0; i < sizeof r7rs / sizeof r7rs[0]; i++)
    {
      const char *name = scm_c_char_name (r7rs[i].c);
      all &= name != NULL && strcmp (name, r7rs[i].name) == 0
        && scm_c_char_by_name (r7rs[i].name) == (int32_t) r7rs[i].c;
    }
  ok (all, "the nine R7RS character names, both ways");
  ok (scm_c_char_by_name ("nul") == 0 && scm_c_char_by_name ("linefeed") == 10
      && scm_c_char_by_name ("vtab") == 11 && scm_c_char_by_name ("page") == 12
      && scm_c_char_by_name ("esc") == 0x1b
      && scm_c_char_by_name ("altmode") == 0x1b
      && scm_c_char_by_name ("rubout") == 0x7f,
      "aliases: nul linefeed vtab page esc altmode rubout");
  ok_streq (scm_c_char_name (0), "null", "NUL prints as null, not nul");
  ok_streq (scm_c_char_name (10), "newline", "10 prints as newline");
  ok (scm_c_char_name ('a') == NULL && scm_c_char_name (0xb) == NULL
      && scm_c_char_name (0x3bb) == NULL,
      "a, vertical tab and lambda have no R7RS name");
  ok (scm_c_char_by_name ("Space") == -1 && scm_c_char_by_name ("") == -1
      && scm_c_char_by_name ("spaces") == -1
      && scm_c_char_by_name ("x41") == -1,
      "names are case-sensitive and exact; hex is not a name");
}

/* The char-set API from C: construction, membership, the algebra, and
   a primitive applied as Scheme code would.  */
static void
test_char_sets (void)
{
  SCM abc = scm_char_set (LIST (C ('c'), C ('a'), C ('b')));
  ok (scm_is_char_set (abc) && !scm_is_char_set (scm_from_utf8_string ("abc")),
      "scm_char_set makes a char-set; a string is not one");
  ok (scm_c_char_set_contains (abc, 'b') && !scm_c_char_set_contains (abc, 'd'),
      "scm_c_char_set_contains");
  SCM emoji = scm_ucs_range_to_char_set (N (0x1F600), N (0x1F650),
                                         SCM_UNDEFINED, SCM_UNDEFINED);
  SCM both = scm_char_set_union (LIST (abc, emoji));
  ok (scm_to_int (scm_char_set_size (both)) == 3 + 0x50
      && scm_c_char_set_contains (both, 0x1F64F)
      && !scm_c_char_set_contains (both, 0x1F650),
      "scm_ucs_range_to_char_set and scm_char_set_union beyond the BMP");
  ok (scm_is_true (scm_char_set_contains_p (scm_char_set_complement (abc),
                                            C (0x10FFFF))),
      "the complement holds the last code point");
  SCM letter = scm_variable_ref (scm_c_lookup ("char-set:letter"));
  ok (scm_c_char_set_contains (letter, 0x4E00)
      && !scm_c_char_set_contains (letter, '1'),
      "char-set:letter from C");
  SCM r = try_call ("char-set-contains?", LIST (abc, N (1)));
  ok (is_error (r, "wrong-type-arg", "char-set-contains?",
                "wrong type argument in position 2 (expected character)",
                N (1)), "char-set-contains? of a non-character");
  r = try_call ("char-set-size", LIST (scm_from_utf8_string ("abc")));
  ok (is_error (r, "wrong-type-arg", "char-set-size",
                "wrong type argument in position 1 (expected char-set)",
                scm_from_utf8_string ("abc")), "char-set-size of a string");
}

int
main (void)
{
  scm_init ();
  test_conversions ();
  test_comparisons ();
  test_classification ();
  test_all_scalar_values ();
  test_case ();
  test_names ();
  test_char_sets ();
  return tap_done ();
}
