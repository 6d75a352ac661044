/* chars.c -- characters: conversion, comparison, classification, case, names
   SPDX-License-Identifier: LGPL-3.0-or-later

   A character is an immediate holding a Unicode scalar value (scm.h).
   Classification and case mapping follow the Unicode character database
   through libunistring, so they are right beyond ASCII.  */

#include "runtime/scm-internal.h"

#include <stdlib.h>
#include <string.h>
#include <unicase.h>
#include <unictype.h>

#include <libscm/chars.h>
#include <libscm/conditions.h>
#include <libscm/numbers.h>
#include "runtime/init-internal.h"

/* ------------------------------------------------------------------ */
/* Case mapping of one character.  */

uint32_t
scm_c_upcase (uint32_t c)
{
  return uc_toupper (c);
}

uint32_t
scm_c_downcase (uint32_t c)
{
  return uc_tolower (c);
}

/* U+0130 LATIN CAPITAL LETTER I WITH DOT ABOVE: its only simple folding
   (to `i') is the Turkic one, so by default it folds to itself.  */
#define CAPITAL_I_WITH_DOT 0x130

uint32_t
scm_c_foldcase (uint32_t c)
{
  uint32_t buf[4];
  size_t len = sizeof buf / sizeof buf[0];
  uint32_t *folded;
  uint32_t result;

  if (c < 0x80)
    return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
  folded = u32_casefold (&c, 1, NULL, NULL, buf, &len);
  if (folded == NULL)
    return uc_tolower (c);
  result = folded[0];
  if (folded != buf)
    free (folded);
  if (len == 1)
    return result;
  /* The full folding of C is several characters (U+00DF -> "ss"); its
     simple folding is the lowercase mapping where there is one (U+1E9E
     -> U+00DF, Greek capitals with prosgegrammeni), C itself
     otherwise.  */
  return c == CAPITAL_I_WITH_DOT ? c : uc_tolower (c);
}

/* ------------------------------------------------------------------ */
/* Conversions.  */

SCM_DEFINE (scm_char_p, "char?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a character, else @code{#f}.")
{
  return scm_from_bool (scm_is_char (obj));
}

static uint32_t
char_arg (SCM x, int pos, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_char (x), x, pos, who, "character");
  return SCM_CHAR (x);
}

SCM_DEFINE (scm_char_to_integer, "char->integer", 1, 0, 0, (SCM chr),
            "Return the Unicode scalar value of the character @var{chr}.")
{
  return SCM_MAKE_FIXNUM (char_arg (chr, 1, "char->integer"));
}

SCM_DEFINE (scm_integer_to_char, "integer->char", 1, 0, 0, (SCM n),
            "Return the character whose Unicode scalar value is @var{n}, "
            "an exact integer from 0 to #x10FFFF outside the surrogates "
            "#xD800 to #xDFFF.")
{
  scm_t_signed_bits v;

  SCM_ASSERT_TYPE (scm_is_exact_integer (n), n, 1, "integer->char",
                   "exact integer");
  if (!SCM_FIXNUM_P (n))
    scm_i_out_of_range ("integer->char", 1, n);
  v = SCM_FIXNUM_VALUE (n);
  if (v < 0 || v > SCM_CODEPOINT_MAX || !scm_c_is_scalar_value ((uint32_t) v))
    scm_i_out_of_range ("integer->char", 1, n);
  return SCM_MAKE_CHAR (v);
}

/* ------------------------------------------------------------------ */
/* Comparisons: each takes two or more characters and checks them all,
   even once the answer is known.  */

enum char_order { ORDER_EQ, ORDER_LT, ORDER_GT, ORDER_LE, ORDER_GE };

static int
order_holds (enum char_order order, uint32_t a, uint32_t b)
{
  switch (order)
    {
    case ORDER_EQ: return a == b;
    case ORDER_LT: return a < b;
    case ORDER_GT: return a > b;
    case ORDER_LE: return a <= b;
    case ORDER_GE: return a >= b;
    }
  return 0;
}

/* Whether CHR1, CHR2 and the characters of the list REST are in ORDER,
   compared by scalar value or, if FOLD, by that of their case folding.  */
static SCM
compare_chars (const char *who, enum char_order order, int fold,
               SCM chr1, SCM chr2, SCM rest)
{
  uint32_t prev = char_arg (chr1, 1, who);
  uint32_t next = char_arg (chr2, 2, who);
  int holds, pos = 3;

  if (fold)
    prev = scm_c_foldcase (prev), next = scm_c_foldcase (next);
  holds = order_holds (order, prev, next);
  for (; scm_is_pair (rest); rest = SCM_CDR (rest), pos++)
    {
      prev = next;
      next = char_arg (SCM_CAR (rest), pos, who);
      if (fold)
        next = scm_c_foldcase (next);
      holds = holds && order_holds (order, prev, next);
    }
  SCM_ASSERT_TYPE (scm_is_null (rest), rest, pos, who, "proper list");
  return scm_from_bool (holds);
}

SCM_DEFINE (scm_char_eq_p, "char=?", 2, 0, 1, (SCM chr1, SCM chr2, SCM rest),
            "Return @code{#t} if all the characters @var{chr1}, @var{chr2} "
            "@dots{} are the same.")
{
  return compare_chars ("char=?", ORDER_EQ, 0, chr1, chr2, rest);
}

SCM_DEFINE (scm_char_less_p, "char<?", 2, 0, 1, (SCM chr1, SCM chr2, SCM rest),
            "Return @code{#t} if the scalar values of @var{chr1}, @var{chr2} "
            "@dots{} are strictly increasing.")
{
  return compare_chars ("char<?", ORDER_LT, 0, chr1, chr2, rest);
}

SCM_DEFINE (scm_char_gr_p, "char>?", 2, 0, 1, (SCM chr1, SCM chr2, SCM rest),
            "Return @code{#t} if the scalar values of @var{chr1}, @var{chr2} "
            "@dots{} are strictly decreasing.")
{
  return compare_chars ("char>?", ORDER_GT, 0, chr1, chr2, rest);
}

SCM_DEFINE (scm_char_leq_p, "char<=?", 2, 0, 1, (SCM chr1, SCM chr2, SCM rest),
            "Return @code{#t} if the scalar values of @var{chr1}, @var{chr2} "
            "@dots{} are increasing.")
{
  return compare_chars ("char<=?", ORDER_LE, 0, chr1, chr2, rest);
}

SCM_DEFINE (scm_char_geq_p, "char>=?", 2, 0, 1, (SCM chr1, SCM chr2, SCM rest),
            "Return @code{#t} if the scalar values of @var{chr1}, @var{chr2} "
            "@dots{} are decreasing.")
{
  return compare_chars ("char>=?", ORDER_GE, 0, chr1, chr2, rest);
}

SCM_DEFINE (scm_char_ci_eq_p, "char-ci=?", 2, 0, 1,
            (SCM chr1, SCM chr2, SCM rest),
            "Return @code{#t} if the characters @var{chr1}, @var{chr2} "
            "@dots{} are the same once case-folded with "
            "@code{char-foldcase}.")
{
  return compare_chars ("char-ci=?", ORDER_EQ, 1, chr1, chr2, rest);
}

SCM_DEFINE (scm_char_ci_less_p, "char-ci<?", 2, 0, 1,
            (SCM chr1, SCM chr2, SCM rest),
            "Return @code{#t} if the case-folded characters @var{chr1}, "
            "@var{chr2} @dots{} are strictly increasing.")
{
  return compare_chars ("char-ci<?", ORDER_LT, 1, chr1, chr2, rest);
}

SCM_DEFINE (scm_char_ci_gr_p, "char-ci>?", 2, 0, 1,
            (SCM chr1, SCM chr2, SCM rest),
            "Return @code{#t} if the case-folded characters @var{chr1}, "
            "@var{chr2} @dots{} are strictly decreasing.")
{
  return compare_chars ("char-ci>?", ORDER_GT, 1, chr1, chr2, rest);
}

SCM_DEFINE (scm_char_ci_leq_p, "char-ci<=?", 2, 0, 1,
            (SCM chr1, SCM chr2, SCM rest),
            "Return @code{#t} if the case-folded characters @var{chr1}, "
            "@var{chr2} @dots{} are increasing.")
{
  return compare_chars ("char-ci<=?", ORDER_LE, 1, chr1, chr2, rest);
}

SCM_DEFINE (scm_char_ci_geq_p, "char-ci>=?", 2, 0, 1,
            (SCM chr1, SCM chr2, SCM rest),
            "Return @code{#t} if the case-folded characters @var{chr1}, "
            "@var{chr2} @dots{} are decreasing.")
{
  return compare_chars ("char-ci>=?", ORDER_GE, 1, chr1, chr2, rest);
}

/* ------------------------------------------------------------------ */
/* Classification (Unicode properties).  */

SCM_DEFINE (scm_char_alphabetic_p, "char-alphabetic?", 1, 0, 0, (SCM chr),
            "Return @code{#t} if @var{chr} has the Unicode property "
            "Alphabetic.")
{
  return scm_from_bool (uc_is_property_alphabetic
                        (char_arg (chr, 1, "char-alphabetic?")));
}

SCM_DEFINE (scm_char_numeric_p, "char-numeric?", 1, 0, 0, (SCM chr),
            "Return @code{#t} if @var{chr} is a decimal digit (Unicode "
            "general category Nd), in any script.")
{
  return scm_from_bool (uc_is_general_category
                        (char_arg (chr, 1, "char-numeric?"),
                         UC_DECIMAL_DIGIT_NUMBER));
}

SCM_DEFINE (scm_char_whitespace_p, "char-whitespace?", 1, 0, 0, (SCM chr),
            "Return @code{#t} if @var{chr} has the Unicode property "
            "White_Space.")
{
  return scm_from_bool (uc_is_property_white_space
                        (char_arg (chr, 1, "char-whitespace?")));
}

SCM_DEFINE (scm_char_upper_case_p, "char-upper-case?", 1, 0, 0, (SCM chr),
            "Return @code{#t} if @var{chr} has the Unicode property "
            "Uppercase.")
{
  return scm_from_bool (uc_is_property_uppercase
                        (char_arg (chr, 1, "char-upper-case?")));
}

SCM_DEFINE (scm_char_lower_case_p, "char-lower-case?", 1, 0, 0, (SCM chr),
            "Return @code{#t} if @var{chr} has the Unicode property "
            "Lowercase.")
{
  return scm_from_bool (uc_is_property_lowercase
                        (char_arg (chr, 1, "char-lower-case?")));
}

SCM_DEFINE (scm_digit_value, "digit-value", 1, 0, 0, (SCM chr),
            "Return the value (0 to 9) of the decimal digit @var{chr}, "
            "in any script, or @code{#f} if @var{chr} is not one.")
{
  uint32_t c = char_arg (chr, 1, "digit-value");

  if (!uc_is_general_category (c, UC_DECIMAL_DIGIT_NUMBER))
    return SCM_BOOL_F;
  return SCM_MAKE_FIXNUM (uc_decimal_value (c));
}

/* ------------------------------------------------------------------ */
/* Case.  */

SCM_DEFINE (scm_char_upcase, "char-upcase", 1, 0, 0, (SCM chr),
            "Return the simple uppercase mapping of @var{chr}, or @var{chr} "
            "itself if it has none (@code{#\\xDF} stays itself).")
{
  return SCM_MAKE_CHAR (scm_c_upcase (char_arg (chr, 1, "char-upcase")));
}

SCM_DEFINE (scm_char_downcase, "char-downcase", 1, 0, 0, (SCM chr),
            "Return the simple lowercase mapping of @var{chr}, or @var{chr} "
            "itself if it has none.")
{
  return SCM_MAKE_CHAR (scm_c_downcase (char_arg (chr, 1, "char-downcase")));
}

SCM_DEFINE (scm_char_foldcase, "char-foldcase", 1, 0, 0, (SCM chr),
            "Return the simple case folding of @var{chr}: mostly its "
            "lowercase, but @code{#\\x3C2} (final sigma) folds to "
            "@code{#\\x3C3} like @code{#\\x3A3}.")
{
  return SCM_MAKE_CHAR (scm_c_foldcase (char_arg (chr, 1, "char-foldcase")));
}

/* ------------------------------------------------------------------ */
/* Names, for the reader (#\space) and the printer.  */

struct char_name
{
  const char *name;
  uint32_t c;
};

/* The R7RS names first: the printer uses these.  Then the aliases that
   the reader also accepts: R6RS's nul, linefeed, vtab, page and esc, and
   the old altmode and rubout.  */
static const struct char_name char_names[] = {
  { "null", 0x00 }, { "alarm", 0x07 }, { "backspace", 0x08 },
  { "tab", 0x09 }, { "newline", 0x0a }, { "return", 0x0d },
  { "escape", 0x1b }, { "space", 0x20 }, { "delete", 0x7f },
  { "nul", 0x00 }, { "linefeed", 0x0a }, { "vtab", 0x0b }, { "page", 0x0c },
  { "esc", 0x1b }, { "altmode", 0x1b }, { "rubout", 0x7f },
};
#define R7RS_NAME_COUNT 9
#define CHAR_NAME_COUNT (sizeof char_names / sizeof char_names[0])

const char *
scm_c_char_name (uint32_t c)
{
  size_t i;

  for (i = 0; i < R7RS_NAME_COUNT; i++)
    if (char_names[i].c == c)
      return char_names[i].name;
  return NULL;
}

int32_t
scm_c_char_by_name (const char *name)
{
  size_t i;

  for (i = 0; i < CHAR_NAME_COUNT; i++)
    if (strcmp (char_names[i].name, name) == 0)
      return (int32_t) char_names[i].c;
  return -1;
}

void
scm_init_chars (void)
{
#ifndef SCM_MAGIC_SNARFER
# include "values/chars.x"
#endif
}
