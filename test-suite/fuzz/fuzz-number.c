/* fuzz-number.c -- fuzz target: string->number and number->string
   SPDX-License-Identifier: LGPL-3.0-or-later

   The input is the text of a number, parsed in radix 10 and in radix
   16.  What parses must print and parse back to the same number (the
   same exactness, = for exact numbers, the same flonum or both NaN for
   inexact ones) and print the same text again.  number->string may
   refuse an inexact number in a radix other than 10 (R7RS leaves that
   an error); nothing else may raise.  The number then goes through a
   few operations (sum, product, quotient, square root, exact and
   inexact conversions), which may raise but must not crash.  */

#include <string.h>
#include "fuzz.h"

/* Exact numbers past this many bits (numerator and denominator
   together) are parsed but not printed or operated on: "#e1e9999999"
   is a 33-million-bit integer that reads in a fraction of a second but
   takes seconds to print in decimal, time the fuzzer should spend on
   other inputs.  */
#define MAX_BITS 200000

struct conversion
{
  SCM x;                        /* a number or a string */
  SCM radix;
};

static SCM
parse_body (void *data)
{
  struct conversion *c = data;
  return scm_string_to_number (c->x, c->radix);
}

static SCM
print_body (void *data)
{
  struct conversion *c = data;
  return scm_number_to_string (c->x, c->radix);
}

struct two_numbers
{
  SCM x, y;
};

static SCM
num_eq_body (void *data)
{
  struct two_numbers *t = data;
  return scm_num_eq_p (t->x, t->y);
}

/* Whether X and Y are the same number.  Comparing two numbers that
   exist must not raise, whatever their size: = used to raise the
   integer size error on the cross products of two ratios near the
   limit, outside any catch here, which made the fatal hook abort.  */
static int
same_number (SCM x, SCM y)
{
  if (scm_is_exact (x) != scm_is_exact (y))
    return 0;
  if (scm_is_exact (x))
    {
      struct two_numbers t = { x, y };
      SCM eq = fuzz_protect (num_eq_body, &t);
      if (SCM_UNBNDP (eq))
        fuzz_fail ("= raised on two exact numbers", x, y);
      return scm_is_true (eq);
    }
  if (scm_is_real (x) && scm_is_real (y)
      && scm_is_true (scm_nan_p (x)) && scm_is_true (scm_nan_p (y)))
    return 1;
  return scm_is_eqv (x, y);
}

static void
check_round_trip (SCM x, SCM radix)
{
  struct conversion c = { x, radix };
  SCM text = fuzz_protect (print_body, &c);
  if (SCM_UNBNDP (text))
    {
      if (scm_is_exact (x) || scm_to_int (radix) == 10)
        fuzz_fail ("number->string raised", x, radix);
      return;
    }
  c.x = text;
  SCM y = fuzz_protect (parse_body, &c);
  if (SCM_UNBNDP (y) || scm_is_false (y))
    fuzz_fail ("number->string printed text that does not parse", x, text);
  if (!same_number (x, y))
    fuzz_fail ("the number read back differs", x, y);
  c.x = y;
  SCM text2 = fuzz_protect (print_body, &c);
  if (SCM_UNBNDP (text2)
      || scm_is_false (scm_string_equal_p (text, text2, SCM_EOL)))
    fuzz_fail ("the number read back prints differently", text, text2);
}

static int
too_big (SCM x)
{
  if (!scm_is_exact (x))
    return 0;
  size_t bits = scm_to_size_t (scm_integer_length (scm_numerator (x)))
                + scm_to_size_t (scm_integer_length (scm_denominator (x)));
  return bits > MAX_BITS;
}

/* Operations on X: results are not checked, only that they come back
   or raise.  */
static SCM
operations_body (void *data)
{
  SCM x = *(SCM *) data;
  SCM one = scm_from_int (1);
  scm_sum (x, one);
  scm_difference (x, one);
  scm_product (x, x);
  scm_sum (x, scm_from_double (0.5));
  if (scm_is_false (scm_num_eq_p (x, scm_from_int (0))))
    scm_divide (one, x);
  scm_inexact (x);
  if (scm_is_real (x))
    {
      SCM ix = scm_inexact (x);
      /* X - X is 0 for a finite X, NaN for an infinity or a NaN, which
         have no exact counterpart.  */
      if (scm_is_true (scm_num_eq_p (scm_difference (ix, ix),
                                     scm_from_int (0))))
        scm_exact (x);
      scm_floor (x);
      scm_round (x);
    }
  return scm_sqrt (x);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static const int radixes[] = { 10, 16 };
  SCM text = fuzz_string (data, size);
  for (size_t i = 0; i < sizeof radixes / sizeof radixes[0]; i++)
    {
      struct conversion c = { text, scm_from_int (radixes[i]) };
      SCM x = fuzz_protect (parse_body, &c);
      if (SCM_UNBNDP (x) || scm_is_false (x))
        continue;
      if (!scm_is_number (x))
        fuzz_fail ("string->number returned neither a number nor #f", text, x);
      if (too_big (x))
        continue;
      check_round_trip (x, c.radix);
      check_round_trip (x, scm_from_int (10));
      fuzz_protect (operations_body, &x);
    }
  return 0;
}
