/* number-syntax.c -- reading and writing numbers
   SPDX-License-Identifier: LGPL-3.0-or-later

   A token is parsed in two steps.  The scanner says whether, and how,
   it is the R7RS syntax of a number -- prefixes, sign, integer, ratio,
   decimal, infinity or NaN, or a complex number -- and raises no error.
   The evaluator then makes the number, raising an error for a number
   this build cannot represent (an exact integer past the integer size
   limit).

   Conversions to and from decimal go through strtod and snprintf under
   the C locale, so decimals read correctly rounded whatever locale the
   embedding program has set, and flonums print as the shortest decimal
   that reads back as the same double.  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"
#include "runtime/subrs-internal.h"
#include "numbers/numbers-internal.h"
#include "values/strings-internal.h"

#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>

#define RESTRICTION "implementation-restriction"

/* ------------------------------------------------------------------ */
/* The C locale, made once per process and never changed after.  */

static locale_t c_locale;
static pthread_once_t c_locale_once = PTHREAD_ONCE_INIT;

static void
make_c_locale (void)
{
  c_locale = newlocale (LC_ALL_MASK, "C", (locale_t) 0);
}

/* Switch the calling thread to the C locale; return the locale to give
   back to leave_c_locale.  */
static locale_t
enter_c_locale (void)
{
  pthread_once (&c_locale_once, make_c_locale);
  return c_locale != (locale_t) 0 ? uselocale (c_locale) : (locale_t) 0;
}

static void
leave_c_locale (locale_t previous)
{
  if (previous != (locale_t) 0)
    uselocale (previous);
}

/* The ASCII text TEXT as a double, correctly rounded (strtod).  */
static double
text_to_double (const char *text)
{
  locale_t previous = enter_c_locale ();
  double d = strtod (text, NULL);
  leave_c_locale (previous);
  return d;
}

/* A buffer of NEED bytes: SMALL if it is large enough, else GC memory.  */
static char *
scratch (char *small, size_t small_size, size_t need)
{
  return need <= small_size ? small : scm_i_alloc_atomic (need);
}

/* ------------------------------------------------------------------ */
/* Scanning.  */

enum real_kind { REAL_INTEGER, REAL_RATIO, REAL_DECIMAL, REAL_INFINITY,
                 REAL_NAN };

/* Where the parts of a real number lie in the token; each span is
   [start, end).  */
struct real_syntax
{
  enum real_kind kind;
  int has_sign, negative;
  size_t start, end;            /* the whole real, sign included */
  size_t int_start, int_end;    /* integer part, or the numerator */
  size_t frac_start, frac_end;  /* decimal: the digits after the point */
  size_t den_start, den_end;    /* ratio: the denominator */
  size_t exp_start, exp_end;    /* decimal: the exponent's digits */
  int exp_negative;
};

struct number_syntax
{
  unsigned radix;
  int exactness;                /* 'e', 'i', or 0: none given */
  struct real_syntax real;
};

enum syntax { NOT_NUMBER, REAL_NUMBER, COMPLEX_NUMBER };

/* The value of digit C in RADIX, or -1.  */
static int
digit_value (uint32_t c, unsigned radix)
{
  int v;
  if (c >= '0' && c <= '9')
    v = (int) (c - '0');
  else if (c >= 'a' && c <= 'f')
    v = (int) (c - 'a' + 10);
  else if (c >= 'A' && c <= 'F')
    v = (int) (c - 'A' + 10);
  else
    return -1;
  return v < (int) radix ? v : -1;
}

/* The bits a digit of RADIX 2, 8 or 16 holds.  */
static unsigned
radix_bits (unsigned radix)
{
  return radix == 2 ? 1 : radix == 8 ? 3 : 4;
}

static size_t
skip_digits (const uint32_t *s, size_t i, size_t len, unsigned radix)
{
  while (i < len && digit_value (s[i], radix) >= 0)
    i++;
  return i;
}

/* C as a lower-case letter if it is an ASCII upper-case one.  */
static uint32_t
ascii_downcase (uint32_t c)
{
  return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

/* Nonzero if S[I..LEN) starts with lower-case WORD, ignoring case.  */
static int
starts_with (const uint32_t *s, size_t i, size_t len, const char *word)
{
  for (; *word != '\0'; word++, i++)
    if (i >= len || ascii_downcase (s[i]) != (unsigned char) *word)
      return 0;
  return 1;
}

/* Scan +inf.0 -inf.0 +nan.0 -nan.0 at S[I].  */
static int
scan_infnan (const uint32_t *s, size_t i, size_t len, struct real_syntax *r)
{
  if (starts_with (s, i + 1, len, "inf.0"))
    r->kind = REAL_INFINITY;
  else if (starts_with (s, i + 1, len, "nan.0"))
    r->kind = REAL_NAN;
  else
    return 0;
  r->end = i + 6;
  return 1;
}

/* Nonzero if C marks a decimal's exponent: `e', or one of the
   precision markers `s' `f' `d' `l' that R7RS lets a reader accept
   (all mean a double here), in either case.  */
static int
is_exponent_marker (uint32_t c)
{
  c = ascii_downcase (c);
  return c == 'e' || c == 's' || c == 'f' || c == 'd' || c == 'l';
}

/* Scan the exponent suffix of a decimal at S[I], if there is one.  */
static size_t
scan_exponent (const uint32_t *s, size_t i, size_t len, struct real_syntax *r)
{
  r->exp_start = r->exp_end = i;
  r->exp_negative = 0;
  if (i >= len || !is_exponent_marker (s[i]))
    return i;
  size_t j = i + 1;
  if (j < len && (s[j] == '+' || s[j] == '-'))
    r->exp_negative = s[j++] == '-';
  size_t k = skip_digits (s, j, len, 10);
  if (k == j)
    return i;                   /* "1e" is no decimal: leave the 'e' */
  r->exp_start = j;
  r->exp_end = k;
  return k;
}

/* Scan a decimal whose integer part is S[I..J), at the point S[J] (or
   the exponent marker when there is no point).  */
static int
scan_decimal (const uint32_t *s, size_t i, size_t j, size_t len,
              struct real_syntax *r)
{
  size_t k = j;
  r->frac_start = r->frac_end = j;
  if (j < len && s[j] == '.')
    {
      k = skip_digits (s, j + 1, len, 10);
      if (j == i && k == j + 1)
        return 0;               /* a point with no digit at all */
      r->frac_start = j + 1;
      r->frac_end = k;
    }
  else if (j == i)
    return 0;                   /* "e5" */
  r->kind = REAL_DECIMAL;
  r->end = scan_exponent (s, k, len, r);
  return k > j || r->end > k;   /* a point or an exponent was seen */
}

/* Scan a point and the digits after it, in RADIX 2, 8 or 16, at S[J]
   after the integer part S[I..J): "#b0.1", "#x.8" (no exponent: "e" is
   a digit in radix 16).  Such a number is a REAL_DECIMAL with no
   exponent, and is inexact unless #e is given.  */
static int
scan_radix_point (const uint32_t *s, size_t i, size_t j, size_t len,
                  unsigned radix, struct real_syntax *r)
{
  if (j >= len || s[j] != '.')
    return 0;
  size_t k = skip_digits (s, j + 1, len, radix);
  if (j == i && k == j + 1)
    return 0;
  r->kind = REAL_DECIMAL;
  r->frac_start = j + 1;
  r->frac_end = k;
  r->exp_start = r->exp_end = k;
  r->exp_negative = 0;
  r->end = k;
  return 1;
}

/* Scan an unsigned real (integer, ratio or decimal) at S[I].  */
static int
scan_ureal (const uint32_t *s, size_t i, size_t len, unsigned radix,
            struct real_syntax *r)
{
  size_t j = skip_digits (s, i, len, radix);
  r->int_start = i;
  r->int_end = j;
  if (j > i && j < len && s[j] == '/')
    {
      size_t k = skip_digits (s, j + 1, len, radix);
      if (k == j + 1)
        return 0;
      r->kind = REAL_RATIO;
      r->den_start = j + 1;
      r->den_end = r->end = k;
      return 1;
    }
  if (radix == 10 && scan_decimal (s, i, j, len, r))
    return 1;
  if (radix != 10 && scan_radix_point (s, i, j, len, radix, r))
    return 1;
  if (j == i)
    return 0;
  r->kind = REAL_INTEGER;
  r->end = j;
  return 1;
}

/* Scan a real number (sign, then an unsigned real or an infinity or NaN)
   at S[I]; R->end tells where it stops.  */
static int
scan_real (const uint32_t *s, size_t i, size_t len, unsigned radix,
           struct real_syntax *r)
{
  r->start = i;
  r->has_sign = r->negative = 0;
  if (i < len && (s[i] == '+' || s[i] == '-'))
    {
      r->has_sign = 1;
      r->negative = s[i] == '-';
      if (scan_infnan (s, i, len, r))
        return 1;
      i++;
    }
  return scan_ureal (s, i, len, radix, r);
}

/* Scan the prefixes #x #o #b #d #e #i (at most one radix and one
   exactness, in either order, any case); *POS gets the index after
   them.  */
static int
scan_prefixes (const uint32_t *s, size_t len, size_t *pos,
               struct number_syntax *n)
{
  int have_radix = 0;
  size_t i = 0;
  n->exactness = 0;
  for (; i + 1 < len && s[i] == '#'; i += 2)
    {
      uint32_t c = ascii_downcase (s[i + 1]);
      unsigned radix = c == 'x' ? 16 : c == 'd' ? 10 : c == 'o' ? 8
        : c == 'b' ? 2 : 0;
      if (radix != 0 && !have_radix)
        {
          n->radix = radix;
          have_radix = 1;
        }
      else if ((c == 'e' || c == 'i') && n->exactness == 0)
        n->exactness = (int) c;
      else
        return 0;
    }
  *pos = i;
  return 1;
}

/* Whether S[P..LEN), after the real FIRST, completes a complex number:
   "+2i", "1+2i", "1-i", "1@2" ...  */
static int
is_complex_tail (const uint32_t *s, size_t p, size_t len, unsigned radix,
                 const struct real_syntax *first)
{
  struct real_syntax second;
  if (ascii_downcase (s[p]) == 'i' && p + 1 == len)
    return first->has_sign;
  if (s[p] == '@')
    return scan_real (s, p + 1, len, radix, &second) && second.end == len;
  if ((s[p] != '+' && s[p] != '-') || ascii_downcase (s[len - 1]) != 'i')
    return 0;
  if (p + 2 == len)
    return 1;
  return (scan_real (s, p, len - 1, radix, &second) && second.has_sign
          && second.end == len - 1);
}

/* Classify the token S[0..LEN) read in RADIX; fill N for a real.  */
static enum syntax
scan_number (const uint32_t *s, size_t len, unsigned radix,
             struct number_syntax *n)
{
  size_t i;
  n->radix = radix;
  if (!scan_prefixes (s, len, &i, n))
    return NOT_NUMBER;
  if (scan_real (s, i, len, n->radix, &n->real))
    {
      if (n->real.end == len)
        return REAL_NUMBER;
      return (is_complex_tail (s, n->real.end, len, n->radix, &n->real)
              ? COMPLEX_NUMBER : NOT_NUMBER);
    }
  if (len - i == 2 && (s[i] == '+' || s[i] == '-')
      && ascii_downcase (s[i + 1]) == 'i')
    return COMPLEX_NUMBER;      /* +i and -i */
  return NOT_NUMBER;
}

/* ------------------------------------------------------------------ */
/* Making the number.  */

/* The token being parsed, for the evaluator and its error messages.  */
struct token
{
  const uint32_t *s;
  size_t len;
  const char *who;
};

static SCM
token_irritants (const struct token *t)
{
  return scm_list_1 (scm_from_utf32_stringn (t->s, t->len));
}

/* The magnitude of the digits S[FROM..TO) in RADIX, or -1 if it is past
   2^61, the largest magnitude of a fixnum (the most negative one).  */
static int64_t
digits_magnitude (const uint32_t *s, size_t from, size_t to, unsigned radix)
{
  const int64_t limit = -(int64_t) SCM_MOST_NEGATIVE_FIXNUM;
  int64_t v = 0;
  for (size_t i = from; i < to; i++)
    if (__builtin_mul_overflow (v, (int64_t) radix, &v)
        || __builtin_add_overflow (v, digit_value (s[i], radix), &v)
        || v > limit)
      return -1;
  return v;
}

/* The exact integer of digits S[FROM..TO), negated if NEGATIVE: a
   fixnum by the fast loop, a bignum through GMP past 2^61.  */
static SCM
exact_integer (const struct token *t, size_t from, size_t to,
               unsigned radix, int negative)
{
  int64_t m = digits_magnitude (t->s, from, to, radix);
  int64_t v = negative ? -m : m;
  if (m >= 0 && SCM_FIXABLE (v))
    return SCM_MAKE_FIXNUM (v);
  return scm_i_int_from_digits (t->s, from, to, radix, negative, t->who,
                                SCM_CAR (token_irritants (t)));
}

/* Exact ratio R; its denominator is not zero (zero_denominator).  */
static SCM
exact_ratio (const struct token *t, const struct real_syntax *r,
             unsigned radix)
{
  SCM num = exact_integer (t, r->int_start, r->int_end, radix, r->negative);
  SCM den = exact_integer (t, r->den_start, r->den_end, radix, 0);
  return scm_i_make_ratio (num, den, t->who);
}

/* Nonzero if R is a ratio whose denominator is zero: "1/0", "#i0/00"
   denote no number, exact or inexact, so string->number gives #f for
   them (and the reader reads a symbol) rather than raising, or making
   an infinity of the inexact ones.  */
static int
zero_denominator (const struct token *t, const struct real_syntax *r)
{
  if (r->kind != REAL_RATIO)
    return 0;
  for (size_t i = r->den_start; i < r->den_end; i++)
    if (t->s[i] != '0')
      return 0;
  return 1;
}

/* The exponent of a decimal, saturated far beyond any useful value.  */
static int64_t
exponent_value (const struct token *t, const struct real_syntax *r)
{
  int64_t e = 0;
  for (size_t i = r->exp_start; i < r->exp_end; i++)
    if (e < 1000000000)
      e = e * 10 + (int64_t) (t->s[i] - '0');
  return r->exp_negative ? -e : e;
}

/* The significant digits of decimal R (integer and fraction parts)
   without leading and trailing zeros, in DIGITS; *SCALE gets the power
   of ten to multiply them by.  Returns their count.  */
static size_t
decimal_digits (const struct token *t, const struct real_syntax *r,
                char *digits, int64_t *scale)
{
  size_t n = 0;
  for (size_t i = r->int_start; i < r->int_end; i++)
    if (n > 0 || t->s[i] != '0')
      digits[n++] = (char) t->s[i];
  for (size_t i = r->frac_start; i < r->frac_end; i++)
    if (n > 0 || t->s[i] != '0')
      digits[n++] = (char) t->s[i];
  *scale = exponent_value (t, r) - (int64_t) (r->frac_end - r->frac_start);
  while (n > 0 && digits[n - 1] == '0')
    {
      n--;
      (*scale)++;
    }
  return n;
}

/* Decimal R read as an exact number (#e1.5e2).  */
static SCM
exact_decimal (const struct token *t, const struct real_syntax *r)
{
  char small[64];
  char *digits = scratch (small, sizeof small, r->end - r->start);
  int64_t scale;
  size_t n = decimal_digits (t, r, digits, &scale);
  if (n == 0)
    return SCM_MAKE_FIXNUM (0);
  /* DIGITS times 10^SCALE has more than (n - 1 + scale) * log2 (10)
     bits, and 10^-SCALE more than -SCALE * log2 (10): refuse a size
     past the limit before computing anything.  */
  if ((double) ((int64_t) n - 1 + (scale > 0 ? scale : -scale)) * 3.32
      > (double) scm_c_max_integer_bits ())
    scm_i_integer_too_large (t->who, token_irritants (t));
  uint32_t *wide = scm_i_alloc_atomic (n * sizeof (uint32_t));
  for (size_t i = 0; i < n; i++)
    wide[i] = (uint32_t) digits[i];
  SCM v = scm_i_int_from_digits (wide, 0, n, 10, r->negative, t->who,
                                 SCM_CAR (token_irritants (t)));
  if (scale > 0)
    v = scm_i_int_mul (v, scm_i_int_expt (SCM_MAKE_FIXNUM (10),
                                          (uint64_t) scale, t->who),
                       t->who);
  else if (scale < 0)
    v = scm_i_make_ratio (v, scm_i_int_expt (SCM_MAKE_FIXNUM (10),
                                             (uint64_t) -scale, t->who),
                          t->who);
  return v;
}

/* Hexadecimal text "0x..." of the digits S[FROM..TO) in RADIX 2, 8 or
   16, NUL-terminated in OUT (TO - FROM) * 3 / 4 + 4 bytes at least).  */
static void
digits_to_hex (const uint32_t *s, size_t from, size_t to, unsigned radix,
               char *out)
{
  static const char hex[] = "0123456789abcdef";
  unsigned bits = radix == 2 ? 1 : radix == 8 ? 3 : 4;
  size_t nibbles = ((to - from) * bits + 3) / 4, j = nibbles + 2;
  unsigned acc = 0, have = 0;
  out[0] = '0';
  out[1] = 'x';
  out[j] = '\0';
  for (size_t i = to; i > from; i--)
    {
      acc |= (unsigned) digit_value (s[i - 1], radix) << have;
      for (have += bits; have >= 4; have -= 4, acc >>= 4)
        out[--j] = hex[acc & 15];
    }
  if (have > 0)
    out[--j] = hex[acc & 15];
}

/* The digits S[FROM..TO) in RADIX as the nearest double.  */
static double
digits_to_double (const uint32_t *s, size_t from, size_t to, unsigned radix)
{
  char small[80];
  char *text = scratch (small, sizeof small, (to - from) + 4);
  if (radix == 10)
    {
      for (size_t i = from; i < to; i++)
        text[i - from] = (char) s[i];
      text[to - from] = '\0';
    }
  else
    digits_to_hex (s, from, to, radix, text);
  return text_to_double (text);
}

/* The digits of R's integer part and fraction, one after the other
   (a number with a point in radix 2, 8 or 16); *N gets their count.  */
static uint32_t *
joined_digits (const struct token *t, const struct real_syntax *r,
               size_t *n)
{
  size_t ni = r->int_end - r->int_start, nf = r->frac_end - r->frac_start;
  uint32_t *d = scm_i_alloc_atomic ((ni + nf + 1) * sizeof (uint32_t));
  memcpy (d, t->s + r->int_start, ni * sizeof (uint32_t));
  memcpy (d + ni, t->s + r->frac_start, nf * sizeof (uint32_t));
  *n = ni + nf;
  return d;
}

/* R, with a point in RADIX 2, 8 or 16, as the nearest double: its
   digits as one hexadecimal integer times a power of two, which strtod
   rounds correctly.  */
static double
radix_point_to_double (const struct token *t, const struct real_syntax *r,
                       unsigned radix)
{
  size_t n;
  uint32_t *d = joined_digits (t, r, &n);
  size_t shift = (r->frac_end - r->frac_start) * radix_bits (radix);
  char *text = scm_i_alloc_atomic (n + 32);
  digits_to_hex (d, 0, n, radix, text);
  sprintf (text + strlen (text), "p-%zu", shift);
  double v = text_to_double (text);
  return r->negative ? -v : v;
}

/* R, with a point in RADIX 2, 8 or 16, read exactly (#e#b0.1 is 1/2).  */
static SCM
radix_point_exact (const struct token *t, const struct real_syntax *r,
                   unsigned radix)
{
  size_t n;
  uint32_t *d = joined_digits (t, r, &n);
  int64_t shift = (int64_t) ((r->frac_end - r->frac_start)
                             * radix_bits (radix));
  SCM v = scm_i_int_from_digits (d, 0, n, radix, r->negative, t->who,
                                 SCM_CAR (token_irritants (t)));
  return scm_i_make_ratio (v, scm_i_int_ash (SCM_MAKE_FIXNUM (1), shift,
                                             t->who), t->who);
}

/* Decimal R read as a flonum, through strtod.  */
static double
inexact_decimal (const struct token *t, const struct real_syntax *r)
{
  char small[80];
  char *text = scratch (small, sizeof small, r->end - r->start + 1);
  for (size_t i = r->start; i < r->end; i++)
    text[i - r->start] = is_exponent_marker (t->s[i]) ? 'e' : (char) t->s[i];
  text[r->end - r->start] = '\0';
  return text_to_double (text);
}

/* The inexact value of real R (not an infinity or NaN).  */
static double
inexact_value (const struct token *t, const struct real_syntax *r,
               unsigned radix)
{
  double d;
  if (r->kind == REAL_DECIMAL)
    return (radix == 10 ? inexact_decimal (t, r)
            : radix_point_to_double (t, r, radix));
  if (r->kind == REAL_RATIO)
    {
      /* Exactly, then rounded once: the parts alone may not fit a
         double.  */
      SCM den = exact_integer (t, r->den_start, r->den_end, radix, 0);
      SCM num = exact_integer (t, r->int_start, r->int_end, radix, 0);
      d = scm_i_q_to_double (scm_i_make_ratio (num, den, t->who));
      return r->negative ? -d : d;
    }
  d = digits_to_double (t->s, r->int_start, r->int_end, radix);
  return r->negative ? -d : d;
}

static SCM
make_real (const struct token *t, const struct number_syntax *n,
           const struct real_syntax *r)
{
  if (r->kind == REAL_INFINITY || r->kind == REAL_NAN)
    {
      if (n->exactness == 'e')
        scm_i_no_exact_value (t->who, token_irritants (t));
      if (r->kind == REAL_NAN)
        return scm_i_from_double (NAN);
      return scm_i_from_double (r->negative ? -HUGE_VAL : HUGE_VAL);
    }
  if (zero_denominator (t, r))
    return SCM_BOOL_F;
  int exact = (n->exactness == 'e'
               || (n->exactness == 0 && r->kind != REAL_DECIMAL));
  if (!exact)
    return scm_i_from_double (inexact_value (t, r, n->radix));
  switch (r->kind)
    {
    case REAL_INTEGER:
      return exact_integer (t, r->int_start, r->int_end, n->radix,
                            r->negative);
    case REAL_RATIO:
      return exact_ratio (t, r, n->radix);
    default:
      return (n->radix == 10 ? exact_decimal (t, r)
              : radix_point_exact (t, r, n->radix));
    }
}

/* The complex number RE + IM i (RE @ IM if POLAR), parts made by
   make_real: RE itself if IM is an exact zero; exact if both parts are
   (1/2+3i), inexact if either is (1.0+2i is 1.0+2.0i, and 1+0.0i is a
   complex number).  A polar number is inexact unless its angle is an
   exact zero, or #e makes it exact.  */
static SCM
make_complex (const struct token *t, const struct number_syntax *n,
              SCM re, SCM im, int polar)
{
  if (scm_is_false (re) || scm_is_false (im))
    return SCM_BOOL_F;          /* a zero denominator */
  if (scm_is_eq (im, SCM_MAKE_FIXNUM (0)))
    return re;
  if (!polar && scm_is_exact (re) && scm_is_exact (im))
    return scm_i_make_exact_complex (re, im);
  double a = scm_i_real_to_double (re), b = scm_i_real_to_double (im);
  SCM z = polar ? scm_i_make_polar (a, b) : scm_i_make_complex (a, b);
  return n->exactness == 'e' ? scm_i_complex_to_exact (z, t->who) : z;
}

/* The complex number the token writes (scan_number said it is one):
   "+i", "-2.5i", "1+2i", "1-i", "+inf.0+nan.0i", "1@2".  */
static SCM
parse_complex (const struct token *t, struct number_syntax *n)
{
  const uint32_t *s = t->s;
  size_t i, len = t->len;
  struct real_syntax second;
  scan_prefixes (s, len, &i, n);
  if (!scan_real (s, i, len, n->radix, &n->real))
    /* +i or -i */
    return make_complex (t, n, SCM_MAKE_FIXNUM (0),
                         SCM_MAKE_FIXNUM (s[i] == '-' ? -1 : 1), 0);
  SCM first = make_real (t, n, &n->real);
  size_t p = n->real.end;
  if (ascii_downcase (s[p]) == 'i')
    return make_complex (t, n, SCM_MAKE_FIXNUM (0), first, 0);
  if (s[p] == '@')
    {
      scan_real (s, p + 1, len, n->radix, &second);
      return make_complex (t, n, first, make_real (t, n, &second), 1);
    }
  if (p + 2 == len)             /* 1+i, 1-i */
    return make_complex (t, n, first,
                         SCM_MAKE_FIXNUM (s[p] == '-' ? -1 : 1), 0);
  scan_real (s, p, len - 1, n->radix, &second);
  return make_complex (t, n, first, make_real (t, n, &second), 0);
}

static int
valid_radix (unsigned radix)
{
  return radix == 2 || radix == 8 || radix == 10 || radix == 16;
}

/* Parse S[0..LEN) for WHO (a procedure name, or NULL).  */
static SCM
parse_number (const uint32_t *s, size_t len, unsigned radix, const char *who)
{
  struct number_syntax n;
  struct token t = { s, len, who };
  switch (scan_number (s, len, radix, &n))
    {
    case NOT_NUMBER:
      return SCM_BOOL_F;
    case COMPLEX_NUMBER:
      return parse_complex (&t, &n);
    case REAL_NUMBER:
      break;
    }
  return make_real (&t, &n, &n.real);
}

SCM
scm_c_parse_number (const uint32_t *chars, size_t len, unsigned radix)
{
  if (!valid_radix (radix))
    scm_c_raise_errorf ("out-of-range", "scm_c_parse_number",
                        "radix %u is not 2, 8, 10 or 16", radix);
  return parse_number (chars, len, radix, NULL);
}

int
scm_c_number_syntax_p (const uint32_t *chars, size_t len, unsigned radix)
{
  struct number_syntax n;
  return (valid_radix (radix)
          && scan_number (chars, len, radix, &n) != NOT_NUMBER);
}

/* ------------------------------------------------------------------ */
/* Writing.  */

static size_t
copy_text (char *buf, const char *text)
{
  size_t n = strlen (text);
  memcpy (buf, text, n + 1);
  return n;
}

/* Write D > 0 with PRECISION significant digits into TEXT ("d.ddde+XX");
   return nonzero if that reads back as D.  In the C locale.  */
static int
reads_back (double d, int precision, char text[40])
{
  snprintf (text, 40, "%.*e", precision - 1, d);
  return strtod (text, NULL) == d;
}

/* The shortest significant digits of D > 0 that read back as D, with
   no trailing zero, NUL-terminated in DIGITS; *EXPONENT gets the power
   of ten of the first digit.  Returns their count.  */
static size_t
shortest_digits (double d, char digits[18], int *exponent)
{
  char text[40];
  int lo = 1, hi = 17;          /* 17 digits always read back */
  locale_t previous = enter_c_locale ();
  /* Binary search: more digits, correctly rounded, come closer to D.  */
  while (lo < hi)
    {
      int mid = (lo + hi) / 2;
      if (reads_back (d, mid, text))
        hi = mid;
      else
        lo = mid + 1;
    }
  reads_back (d, hi, text);
  leave_c_locale (previous);
  size_t n = 0;
  const char *p = text;
  for (; *p != 'e'; p++)
    if (*p >= '0' && *p <= '9')
      digits[n++] = *p;
  *exponent = atoi (p + 1);
  while (n > 1 && digits[n - 1] == '0')
    n--;
  digits[n] = '\0';
  return n;
}

/* DIGITS (N of them, the first of power of ten E) as a decimal in OUT:
   positional from 1e-6 up to 1e21, scientific beyond.  */
static size_t
place_point (const char *digits, size_t n, int e, char *out)
{
  size_t len = 0;
  if (e >= 0 && e < 21)
    {
      for (size_t i = 0; i <= (size_t) e; i++)
        out[len++] = i < n ? digits[i] : '0';
      out[len++] = '.';
      if ((size_t) e + 1 >= n)
        out[len++] = '0';
      for (size_t i = (size_t) e + 1; i < n; i++)
        out[len++] = digits[i];
    }
  else if (e < 0 && e >= -6)
    {
      out[len++] = '0';
      out[len++] = '.';
      for (int i = -1; i > e; i--)
        out[len++] = '0';
      for (size_t i = 0; i < n; i++)
        out[len++] = digits[i];
    }
  else
    {
      /* 5.0e-324, 1.7976931348623157e+308: a point in the significand
         and a sign on the exponent, the form R7RS test suites accept
         (doc/language.texi, Numbers, says why).  */
      out[len++] = digits[0];
      out[len++] = '.';
      if (n == 1)
        out[len++] = '0';
      for (size_t i = 1; i < n; i++)
        out[len++] = digits[i];
      len += (size_t) sprintf (out + len, "e%+d", e);
    }
  out[len] = '\0';
  return len;
}

size_t
scm_i_format_flonum (double d, char buf[SCM_I_FLONUM_CHARS_MAX])
{
  if (isnan (d))
    return copy_text (buf, "+nan.0");
  if (isinf (d))
    return copy_text (buf, d > 0 ? "+inf.0" : "-inf.0");
  size_t len = 0;
  if (signbit (d))
    {
      buf[len++] = '-';
      d = -d;
    }
  if (d == 0)
    return len + copy_text (buf + len, "0.0");
  char digits[18];
  int e;
  size_t n = shortest_digits (d, digits, &e);
  return len + place_point (digits, n, e, buf + len);
}

/* Finite D > 0 in RADIX 2, 8 or 16, exactly: a double is M * 2^E with
   M an integer, so its expansion in a power of two ends.  The integer
   part, a point, then the fraction's digits without trailing zeros,
   or "0": "101.0", "0.1", "0.0000000001".  */
static SCM
format_flonum_exactly (double d, unsigned radix, int negative)
{
  int e;
  double f = frexp (d, &e);     /* d = f * 2^e, 0.5 <= f < 1 */
  uint64_t m = (uint64_t) ldexp (f, 64);   /* exact: f has 53 bits */
  e -= 64;
  while ((m & 1) == 0)
    {
      m >>= 1;
      e++;
    }
  const char *who = "number->string";
  SCM mag = scm_i_int_from_u64 (m, 0);
  SCM whole = scm_i_int_ash (mag, e, who), frac = SCM_MAKE_FIXNUM (0);
  size_t frac_digits = 0;
  if (e < 0)
    {
      /* The fraction, scaled to a whole number of digits.  */
      unsigned bits = radix_bits (radix);
      size_t k = (size_t) -e;
      frac_digits = (k + bits - 1) / bits;
      frac = scm_i_int_sub (mag, scm_i_int_ash (whole, -e, who), who);
      frac = scm_i_int_ash (frac, (int64_t) (frac_digits * bits - k), who);
    }
  size_t wlen, flen = 1;
  const char *wtext = scm_i_int_to_chars (whole, radix, &wlen);
  const char *ftext = "0";
  if (frac_digits > 0)
    ftext = scm_i_int_to_chars (frac, radix, &flen);
  /* FTEXT is FRAC_DIGITS digits once its leading zeros are put back;
     M is odd, so its last digit is not zero.  */
  size_t zeros = frac_digits > flen ? frac_digits - flen : 0;
  size_t len = (size_t) negative + wlen + 1 + zeros + flen;
  char *text = scm_i_alloc_atomic (len + 1), *p = text;
  if (negative)
    *p++ = '-';
  memcpy (p, wtext, wlen);
  p += wlen;
  *p++ = '.';
  memset (p, '0', zeros);
  p += zeros;
  memcpy (p, ftext, flen);
  return scm_from_latin1_stringn (text, len);
}

/* Flonum D in RADIX: the shortest decimal that reads back in radix 10,
   the exact expansion in the others.  */
static SCM
format_flonum_in (double d, unsigned radix)
{
  char buf[SCM_I_FLONUM_CHARS_MAX];
  if (radix == 10 || !isfinite (d) || d == 0)
    return scm_from_latin1_stringn (buf, scm_i_format_flonum (d, buf));
  return format_flonum_exactly (fabs (d), radix, signbit (d) != 0);
}

/* Complex Z in RADIX: the real part, left out when it is an exact 0 or
   +0.0 (the text then reads back as a zero real part, which is +0.0
   when the other part is inexact), then the imaginary part with its
   sign and an "i", the exact 1 and -1 as the sign alone: "1.0+2.0i",
   "+2.0i", "-0.0-1.0i", "+nan.0+inf.0i", "1/2+3i", "+i", "1-i".  */
static SCM
format_complex (SCM z, unsigned radix)
{
  SCM real = SCM_BOOL_F, imag;
  size_t rlen = 0;
  if (scm_i_is_exact_complex (z))
    {
      SCM re = SCM_I_EXACT_COMPLEX_REAL (z), im = SCM_I_EXACT_COMPLEX_IMAG (z);
      if (!scm_is_eq (re, SCM_MAKE_FIXNUM (0)))
        real = scm_number_to_string (re, SCM_MAKE_FIXNUM (radix));
      imag = (scm_is_eq (im, SCM_MAKE_FIXNUM (1)) ? scm_from_latin1_string ("+")
              : scm_is_eq (im, SCM_MAKE_FIXNUM (-1))
              ? scm_from_latin1_string ("-")
              : scm_number_to_string (im, SCM_MAKE_FIXNUM (radix)));
    }
  else
    {
      double re = SCM_I_COMPLEX_REAL (z);
      if (!(re == 0 && !signbit (re)))
        real = format_flonum_in (re, radix);
      imag = format_flonum_in (SCM_I_COMPLEX_IMAG (z), radix);
    }
  if (scm_is_true (real))
    rlen = scm_i_string_length (real);
  size_t ilen = scm_i_string_length (imag);
  int plus = scm_i_string_ref (imag, 0) != '-'
    && scm_i_string_ref (imag, 0) != '+';
  size_t len = rlen + (size_t) plus + ilen + 1;
  char *text = scm_i_alloc_atomic (len), *p = text;
  for (size_t k = 0; k < rlen; k++)
    *p++ = (char) scm_i_string_ref (real, k);
  if (plus)
    *p++ = '+';
  for (size_t k = 0; k < ilen; k++)
    *p++ = (char) scm_i_string_ref (imag, k);
  *p = 'i';
  return scm_from_latin1_stringn (text, len);
}

/* N in RADIX into BUF (66 bytes at least); returns the length.  */
static size_t
format_fixnum (int64_t n, unsigned radix, char *buf)
{
  static const char digit[] = "0123456789abcdef";
  char reversed[66];
  size_t k = 0, len = 0;
  uint64_t m = n < 0 ? -(uint64_t) n : (uint64_t) n;
  do
    {
      reversed[k++] = digit[m % radix];
      m /= radix;
    }
  while (m != 0);
  if (n < 0)
    buf[len++] = '-';
  while (k > 0)
    buf[len++] = reversed[--k];
  buf[len] = '\0';
  return len;
}

/* ------------------------------------------------------------------ */
/* The procedures.  */

/* The radix argument RADIX (position POS of WHO): 10 if not given.  */
static unsigned
radix_arg (const char *who, int pos, SCM radix)
{
  if (SCM_UNBNDP (radix))
    return 10;
  SCM_ASSERT_TYPE (SCM_FIXNUM_P (radix), radix, pos, who, "exact integer");
  int64_t r = SCM_FIXNUM_VALUE (radix);
  if (r != 2 && r != 8 && r != 10 && r != 16)
    scm_i_out_of_range (who, pos, radix);
  return (unsigned) r;
}

SCM_DEFINE (scm_number_to_string, "number->string", 1, 1, 0,
            (SCM z, SCM radix),
            "Return the external representation of number @var{z} in "
            "@var{radix} (2, 8, 10 or 16; 10 if not given), a fresh "
            "string that @code{string->number} reads back as @var{z}.  "
            "In radix 10 a flonum is written as the shortest decimal "
            "that reads back as the same flonum (@code{0.1}, "
            "@code{1.0e+21}); in radix 2, 8 and 16 as its exact expansion, "
            "which always ends (@code{(number->string 0.5 2)} is "
            "@code{\"0.1\"}), with a point so that it reads back "
            "inexact.")
{
  SCM_ASSERT_TYPE (scm_is_number (z), z, 1, "number->string", "number");
  unsigned r = radix_arg ("number->string", 2, radix);
  char buf[72];
  size_t len;
  if (SCM_FIXNUM_P (z))
    len = format_fixnum (SCM_FIXNUM_VALUE (z), r, buf);
  else if (scm_i_is_bignum (z))
    {
      char *text = scm_i_int_to_chars (z, r, &len);
      return scm_from_latin1_stringn (text, len);
    }
  else if (scm_i_is_ratnum (z))
    {
      size_t nlen, dlen;
      char *num = scm_i_int_to_chars (SCM_I_RATNUM_NUM (z), r, &nlen);
      char *den = scm_i_int_to_chars (SCM_I_RATNUM_DEN (z), r, &dlen);
      char *text = scm_i_alloc_atomic (nlen + dlen + 2);
      memcpy (text, num, nlen);
      text[nlen] = '/';
      memcpy (text + nlen + 1, den, dlen);
      return scm_from_latin1_stringn (text, nlen + dlen + 1);
    }
  else if (scm_i_is_complex (z))
    return format_complex (z, r);
  else
    return format_flonum_in (SCM_FLONUM_VALUE (z), r);
  return scm_from_latin1_stringn (buf, len);
}

SCM_DEFINE (scm_string_to_number, "string->number", 1, 1, 0,
            (SCM string, SCM radix),
            "Return the number that @var{string} writes in @var{radix} "
            "(2, 8, 10 or 16; 10 if not given; a prefix such as "
            "@code{#x} overrides it), or @code{#f} if it is not the "
            "syntax of a number.  A number this build cannot represent "
            "(an exact integer past the integer size limit) raises an "
            "implementation-restriction error.  A ratio with a zero "
            "denominator (@code{1/0}) is no number: @code{#f}.  "
            "A complex number is exact if both its parts are: "
            "@code{1+2i} and @code{#e1.5+2i} are exact, @code{1.0+2i} "
            "is @code{1.0+2.0i}, @code{1+0i} the exact @code{1} and "
            "@code{1+0.0i} an inexact complex number.")
{
  SCM_ASSERT_TYPE (scm_is_string (string), string, 1, "string->number",
                   "string");
  unsigned r = radix_arg ("string->number", 2, radix);
  size_t len = scm_i_string_length (string);
  uint32_t small[64];
  uint32_t *chars = len <= 64 ? small
    : scm_i_alloc_atomic (len * sizeof (uint32_t));
  for (size_t i = 0; i < len; i++)
    chars[i] = scm_i_string_ref (string, i);
  return parse_number (chars, len, r, "string->number");
}

SCM_DEFINE_STATIC (number_to_string_1, "%number->string1", 1, 0, 0, (SCM z),
                   "Return @code{(number->string @var{z})}: what the VM "
                   "calls for @code{number->string} with no radix "
                   "(subrs.c, scm_i_subr_fixed_entry).")
{
  return scm_number_to_string (z, SCM_UNDEFINED);
}

void
scm_init_number_syntax (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "numbers/number-syntax.x"
#endif
  scm_i_add_subr_fixed_entry ((scm_t_subr) scm_number_to_string, 1,
                              SCM_I_SNARFED_SUBR (number_to_string_1,
                                                  "%number->string1"));
}
