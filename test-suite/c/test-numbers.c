/* test-numbers.c -- numbers: arithmetic, errors, syntax, printing
   SPDX-License-Identifier: LGPL-3.0-or-later

   Most checks call a primitive by its Scheme name on arguments written
   as number syntax and compare the result's external representation,
   which shows its exactness too ("2" against "2.0").  An error shows as
   "!KIND" when its who is the procedure called, "!KIND@WHO" otherwise.  */

#include <gc/gc.h>
#include <libscm.h>
#include <libscm/eval.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include "tap.h"

#define MOST_POS "2305843009213693951"
#define MOST_NEG "-2305843009213693952"

/* ------------------------------------------------------------------ */
/* Helpers.  */

static uint32_t *
ucs4 (const char *text, size_t *len)
{
  *len = strlen (text);
  uint32_t *chars = GC_MALLOC_ATOMIC ((*len + 1) * sizeof (uint32_t));
  for (size_t i = 0; i < *len; i++)
    chars[i] = (unsigned char) text[i];
  return chars;
}

static SCM
parse (const char *text)
{
  size_t len;
  uint32_t *chars = ucs4 (text, &len);
  return scm_c_parse_number (chars, len, 10);
}

/* The space-separated TEXT as a list: numbers, or symbols for the tokens
   that are not number syntax.  */
static SCM
arg_list (const char *text)
{
  SCM args = SCM_EOL;
  char *copy = GC_MALLOC_ATOMIC (strlen (text) + 1);
  strcpy (copy, text);
  for (char *tok = strtok (copy, " "); tok; tok = strtok (NULL, " "))
    {
      SCM x = parse (tok);
      args = scm_cons (scm_is_false (x) ? scm_from_utf8_symbol (tok) : x,
                       args);
    }
  return scm_reverse (args);
}

struct call { SCM proc, args; };

static SCM
apply_body (void *data)
{
  struct call *c = data;
  return scm_subr_apply (c->proc, c->args);
}

static SCM
return_raised (void *data, SCM obj)
{
  (void) data;
  return obj;
}

/* Call the primitive named PROC on ARGS; return its value, or what it
   raised.  */
static SCM
call (const char *proc, SCM args)
{
  struct call c = { scm_variable_ref (scm_c_lookup (proc)), args };
  return scm_c_catch_raise (apply_body, &c, return_raised, NULL);
}

/* Run FN (DATA) catching; return its value or what it raised.  */
static SCM
catching (SCM (*fn) (void *), void *data)
{
  return scm_c_catch_raise (fn, data, return_raised, NULL);
}

static char *
symbol_text (SCM sym)
{
  return scm_to_utf8_stringn (scm_symbol_to_string (sym), NULL);
}

/* The external representation of V, or "!KIND[@WHO]" for a condition
   (WHO shown unless it is EXPECTED_WHO; NULL expects none).  */
static char *
show (SCM v, const char *expected_who)
{
  char *out = GC_MALLOC_ATOMIC (256);
  if (scm_is_condition (v))
    {
      SCM who = scm_condition_who (v);
      const char *w = scm_is_symbol (who) ? symbol_text (who) : NULL;
      int same = (w == NULL && expected_who == NULL)
        || (w && expected_who && strcmp (w, expected_who) == 0);
      snprintf (out, 256, "!%s%s%s", symbol_text (scm_condition_kind (v)),
                same ? "" : "@", same ? "" : (w ? w : "#f"));
    }
  else if (scm_is_bool (v))
    strcpy (out, scm_is_true (v) ? "#t" : "#f");
  else if (scm_is_number (v))
    snprintf (out, 256, "%s",
              scm_to_utf8_stringn (scm_number_to_string (v, SCM_UNDEFINED),
                                   NULL));
  else
    strcpy (out, "?");
  return out;
}

/* (PROC ARGS...) shows as WANT.  */
static void
t (const char *proc, const char *args, const char *want)
{
  SCM v = call (proc, arg_list (args));
  ok_streq (show (v, proc), want, "(%s%s%s) => %s", proc, *args ? " " : "",
            args, want);
}

struct parse_data { const uint32_t *chars; size_t len; unsigned radix; };

static SCM
parse_body (void *data)
{
  struct parse_data *p = data;
  return scm_c_parse_number (p->chars, p->len, p->radix);
}

/* TEXT parsed in RADIX shows as WANT.  */
static void
p_radix (const char *text, unsigned radix, const char *want)
{
  struct parse_data p;
  p.chars = ucs4 (text, &p.len);
  p.radix = radix;
  ok_streq (show (catching (parse_body, &p), NULL), want,
            "parse \"%s\" (radix %u) => %s", text, radix, want);
}

static void
p (const char *text, const char *want)
{
  p_radix (text, 10, want);
}

/* ------------------------------------------------------------------ */
/* C conversions at the fixnum boundary.  */

static SCM from_int64_body (void *d) { return scm_from_int64 (*(int64_t *) d); }
static SCM to_int64_body (void *d)
{
  return scm_from_int64 (scm_to_int64 (*(SCM *) d));
}
static SCM to_size_body (void *d)
{
  return scm_from_size_t (scm_to_size_t (*(SCM *) d));
}
static SCM to_int_body (void *d) { return scm_from_int (scm_to_int (*(SCM *) d)); }
static SCM from_size_body (void *d) { return scm_from_size_t (*(size_t *) d); }

static void
test_conversions (void)
{
  int64_t n = SCM_MOST_POSITIVE_FIXNUM;
  SCM v = catching (from_int64_body, &n);
  ok (SCM_FIXNUM_P (v) && scm_to_int64 (v) == SCM_MOST_POSITIVE_FIXNUM,
      "scm_from_int64/scm_to_int64 round-trip the most positive fixnum");
  n = SCM_MOST_NEGATIVE_FIXNUM;
  v = catching (from_int64_body, &n);
  ok (SCM_FIXNUM_P (v) && scm_to_int64 (v) == SCM_MOST_NEGATIVE_FIXNUM,
      "scm_from_int64/scm_to_int64 round-trip the most negative fixnum");
  n = SCM_MOST_POSITIVE_FIXNUM + 1;
  ok_streq (show (catching (from_int64_body, &n), "scm_from_int64"),
            "2305843009213693952",
            "scm_from_int64 (most positive fixnum + 1) is a bignum");
  ok (!SCM_FIXNUM_P (scm_from_int64 (n)) && scm_is_exact_integer
      (scm_from_int64 (n)) && scm_to_int64 (scm_from_int64 (n)) == n,
      "... which scm_to_int64 converts back");
  n = SCM_MOST_NEGATIVE_FIXNUM - 1;
  ok_streq (show (catching (from_int64_body, &n), "scm_from_int64"),
            "-2305843009213693953",
            "scm_from_int64 (most negative fixnum - 1) is a bignum");
  n = INT64_MAX;
  ok_streq (show (catching (from_int64_body, &n), "scm_from_int64"),
            "9223372036854775807", "scm_from_int64 (INT64_MAX)");
  ok (scm_to_int64 (scm_from_int64 (INT64_MAX)) == INT64_MAX
      && scm_to_int64 (scm_from_int64 (INT64_MIN)) == INT64_MIN,
      "scm_to_int64 round-trips INT64_MAX and INT64_MIN");
  size_t z = (size_t) SCM_MOST_POSITIVE_FIXNUM + 1;
  ok_streq (show (catching (from_size_body, &z), "scm_from_size_t"),
            "2305843009213693952",
            "scm_from_size_t (most positive fixnum + 1) is a bignum");
  ok (scm_to_uint64 (scm_from_uint64 (UINT64_MAX)) == UINT64_MAX,
      "scm_to_uint64 round-trips UINT64_MAX");
  SCM x = scm_from_double (1.0);
  ok_streq (show (catching (to_int64_body, &x), "scm_to_int64"),
            "!wrong-type-arg", "scm_to_int64 (1.0) raises wrong-type-arg");
  x = SCM_MAKE_FIXNUM (-1);
  ok_streq (show (catching (to_size_body, &x), "scm_to_size_t"),
            "!out-of-range", "scm_to_size_t (-1) raises out-of-range");
  x = SCM_MAKE_FIXNUM ((int64_t) INT32_MAX + 1);
  ok_streq (show (catching (to_int_body, &x), "scm_to_int"),
            "!out-of-range", "scm_to_int (2^31) raises out-of-range");
  x = SCM_MAKE_FIXNUM (INT32_MIN);
  ok_streq (show (catching (to_int_body, &x), "scm_to_int"), "-2147483648",
            "scm_to_int (-2^31) converts");
  ok (scm_to_double (SCM_MAKE_FIXNUM (3)) == 3.0
      && scm_to_double (scm_from_double (-2.5)) == -2.5,
      "scm_to_double of a fixnum and a flonum");
  ok (scm_to_uint64 (SCM_MAKE_FIXNUM (SCM_MOST_POSITIVE_FIXNUM))
      == (uint64_t) SCM_MOST_POSITIVE_FIXNUM
      && SCM_FIXNUM_P (scm_from_uint64 (SCM_MOST_POSITIVE_FIXNUM)),
      "scm_to_uint64 and scm_from_uint64 at the boundary");
}

/* ------------------------------------------------------------------ */
/* Predicates.  */

static void
test_predicates (void)
{
  t ("number?", "1", "#t");
  t ("number?", "1.5", "#t");
  t ("number?", "a", "#f");
  t ("complex?", "1", "#t");
  t ("complex?", "a", "#f");
  t ("real?", "+nan.0", "#t");
  t ("real?", "a", "#f");
  t ("rational?", "1.5", "#t");
  t ("rational?", "7", "#t");
  t ("rational?", "+inf.0", "#f");
  t ("rational?", "+nan.0", "#f");
  t ("integer?", "2.0", "#t");
  t ("integer?", "2.5", "#f");
  t ("integer?", "-inf.0", "#f");
  t ("integer?", "a", "#f");
  t ("exact?", "1", "#t");
  t ("exact?", "1.0", "#f");
  t ("exact?", "a", "!wrong-type-arg");
  t ("inexact?", "1.0", "#t");
  t ("inexact?", "1", "#f");
  t ("exact-integer?", "5", "#t");
  t ("exact-integer?", "5.0", "#f");
  t ("nan?", "+nan.0", "#t");
  t ("nan?", "1", "#f");
  t ("nan?", "a", "!wrong-type-arg");
  t ("infinite?", "-inf.0", "#t");
  t ("infinite?", "+nan.0", "#f");
  t ("infinite?", "1e308", "#f");
  t ("finite?", "1.0", "#t");
  t ("finite?", "5", "#t");
  t ("finite?", "+inf.0", "#f");
  t ("finite?", "+nan.0", "#f");
  t ("zero?", "0", "#t");
  t ("zero?", "-0.0", "#t");
  t ("zero?", "1", "#f");
  t ("zero?", "+nan.0", "#f");
  t ("positive?", "1", "#t");
  t ("positive?", "0", "#f");
  t ("positive?", "+inf.0", "#t");
  t ("positive?", "+nan.0", "#f");
  t ("negative?", "-1", "#t");
  t ("negative?", "-0.0", "#f");
  t ("negative?", "-inf.0", "#t");
  t ("odd?", "3", "#t");
  t ("odd?", "-3", "#t");
  t ("odd?", "3.0", "#t");
  t ("odd?", "0", "#f");
  t ("odd?", "2.5", "!wrong-type-arg");
  t ("even?", "0", "#t");
  t ("even?", "-2", "#t");
  t ("even?", "4.0", "#t");
  t ("even?", MOST_NEG, "#t");
  t ("even?", MOST_POS, "#f");
}

/* ------------------------------------------------------------------ */
/* Comparison.  */

static void
test_comparison (void)
{
  t ("=", "", "#t");
  t ("=", "1", "#t");
  t ("=", "1 1 1", "#t");
  t ("=", "1 1.0", "#t");
  t ("=", "0 -0.0", "#t");
  t ("=", "1 2", "#f");
  t ("=", "1 1 2", "#f");
  t ("<", "1 2 3", "#t");
  t ("<", "1 3 2", "#f");
  t ("<", "1 1", "#f");
  t (">", "3 2 1", "#t");
  t (">", "3 2 2", "#f");
  t ("<=", "1 1 2", "#t");
  t ("<=", "2 1", "#f");
  t (">=", "2 2 1", "#t");
  t (">=", "1 2", "#f");
  t ("=", "+nan.0 +nan.0", "#f");
  t ("<", "1 +nan.0", "#f");
  t (">", "+nan.0 1", "#f");
  t ("<=", "1 +nan.0", "#f");
  t ("<", "0 0.5", "#t");
  t ("<", "1 0.5", "#f");
  t ("<", "-1 -0.5", "#t");
  t ("<", "-1 -1.5", "#f");
  t ("<", "1 +inf.0", "#t");
  t (">", "1 -inf.0", "#t");
  t ("<", MOST_NEG " -inf.0", "#f");
  /* Exact comparison, no rounding of the fixnum: transitivity.  */
  t ("=", "9007199254740993 9007199254740992.0", "#f");
  t ("<", "9007199254740992.0 9007199254740993", "#t");
  t ("=", "9007199254740992 9007199254740992.0", "#t");
  t ("=", MOST_POS " 2305843009213693952.0", "#f");
  t ("<", MOST_POS " 2305843009213693952.0", "#t");
  t ("=", MOST_NEG " -2305843009213693952.0", "#t");
  t (">", "-9007199254740993 -9007199254740992.0", "#f");
  t ("<", "1e300 5", "#f");
  t ("=", "1 a", "!wrong-type-arg");
  t ("<", "1 2 a", "!wrong-type-arg");
  t ("<", "2 1 a", "!wrong-type-arg");
  t ("max", "1 2 3", "3");
  t ("max", "7", "7");
  t ("max", "1 2.0", "2.0");
  t ("max", "3 2.0", "3.0");
  t ("max", "-0.5 -1", "-0.5");
  t ("max", "1 +nan.0 2", "+nan.0");
  t ("max", "a", "!wrong-type-arg");
  t ("min", "1 2.0", "1.0");
  t ("min", "3 1 2", "1");
  t ("min", "+inf.0 5", "5.0");
  t ("min", "-inf.0 5", "-inf.0");
  t ("min", "4 +nan.0", "+nan.0");
}

/* ------------------------------------------------------------------ */
/* Arithmetic.  */

static void
test_sum_difference (void)
{
  t ("+", "", "0");
  t ("+", "5", "5");
  t ("+", "1 2 3", "6");
  t ("+", "1 2.5", "3.5");
  t ("+", "0.1 0.2", "0.30000000000000004");
  t ("+", MOST_POS " " MOST_NEG, "-1");
  t ("+", MOST_POS " 1", "2305843009213693952");
  t ("+", MOST_NEG " -1", "-2305843009213693953");
  t ("+", "1 " MOST_POS, "2305843009213693952");
  t ("+", "2305843009213693952 -1", MOST_POS);
  t ("+", "-2305843009213693953 1", MOST_NEG);
  t ("+", MOST_POS " 1.0", "2305843009213694000.0");
  t ("+", "1 a", "!wrong-type-arg");
  t ("+", "1 2 a", "!wrong-type-arg");
  t ("+", "a", "!wrong-type-arg");
  t ("-", "5", "-5");
  t ("-", "0.0", "-0.0");
  t ("-", MOST_POS, "-" MOST_POS);
  t ("-", MOST_NEG, "2305843009213693952");
  t ("-", "10 1 2", "7");
  t ("-", "1 0.5", "0.5");
  t ("-", MOST_NEG " 1", "-2305843009213693953");
  t ("-", "0 " MOST_NEG, "2305843009213693952");
  t ("-", "-1 " MOST_POS, MOST_NEG);
  t ("-", "", "!wrong-number-of-args");
}

static void
test_product_quotient (void)
{
  t ("*", "", "1");
  t ("*", "4", "4");
  t ("*", "2 3 4", "24");
  t ("*", "1.5 2", "3.0");
  t ("*", "0 " MOST_POS, "0");
  t ("*", "1073741824 1073741824", "1152921504606846976");
  t ("*", "-1073741824 2147483648", MOST_NEG);
  t ("*", "2147483648 1073741824", "2305843009213693952");
  t ("*", "3037000500 3037000500", "9223372037000250000");
  t ("*", MOST_NEG " -1", "2305843009213693952");
  t ("*", "2 a", "!wrong-type-arg");
  t ("/", "6 3", "2");
  t ("/", "60 2 3", "10");
  t ("/", "-6 3", "-2");
  t ("/", "1 2.0", "0.5");
  t ("/", "1 3", "1/3");
  t ("/", "6 -4", "-3/2");
  t ("/", "1 3 5", "1/15");
  t ("/", "1 0", "!divide-by-zero");
  t ("/", "0 0", "!divide-by-zero");
  t ("/", "1.0 0", "+inf.0");
  t ("/", "-1 0.0", "-inf.0");
  t ("/", "0.0 0", "+nan.0");
  t ("/", "1", "1");
  t ("/", "-1", "-1");
  t ("/", "2", "1/2");
  t ("/", "-2", "-1/2");
  t ("/", "0", "!divide-by-zero");
  t ("/", "2.0", "0.5");
  t ("/", "-0.0", "-inf.0");
  t ("/", MOST_NEG " -1", "2305843009213693952");
  t ("/", "a 1", "!wrong-type-arg");
  t ("abs", "-5", "5");
  t ("abs", "5", "5");
  t ("abs", "-5.5", "5.5");
  t ("abs", "-0.0", "0.0");
  t ("abs", MOST_NEG, "2305843009213693952");
  t ("abs", "a", "!wrong-type-arg");
  t ("square", "5", "25");
  t ("square", "-1.5", "2.25");
  t ("square", "2147483648", "4611686018427387904");
}

static void
test_integer_division (void)
{
  t ("quotient", "17 5", "3");
  t ("quotient", "-17 5", "-3");
  t ("quotient", "17 -5", "-3");
  t ("quotient", "-17 -5", "3");
  t ("remainder", "17 5", "2");
  t ("remainder", "-17 5", "-2");
  t ("remainder", "17 -5", "2");
  t ("remainder", "-17 -5", "-2");
  t ("modulo", "17 5", "2");
  t ("modulo", "-17 5", "3");
  t ("modulo", "17 -5", "-3");
  t ("modulo", "-17 -5", "-2");
  t ("modulo", "-15 5", "0");
  t ("floor-quotient", "-17 5", "-4");
  t ("floor-quotient", "17 -5", "-4");
  t ("floor-quotient", "7 2", "3");
  t ("floor-remainder", "-17 5", "3");
  t ("floor-remainder", "17 -5", "-3");
  t ("truncate-quotient", "-17 5", "-3");
  t ("truncate-remainder", "-17 5", "-2");
  t ("quotient", "17.0 5", "3.0");
  t ("quotient", "-17 5.0", "-3.0");
  t ("modulo", "-7.0 2", "1.0");
  t ("remainder", "7 2.0", "1.0");
  t ("floor-quotient", "-7.0 2", "-4.0");
  t ("quotient", "1 0", "!divide-by-zero");
  t ("modulo", "1 0", "!divide-by-zero");
  t ("quotient", "1.0 0.0", "!divide-by-zero");
  t ("quotient", "1.5 1", "!wrong-type-arg");
  t ("remainder", "1 +inf.0", "!wrong-type-arg");
  t ("quotient", MOST_NEG " -1", "2305843009213693952");
  t ("floor-quotient", MOST_NEG " -1", "2305843009213693952");
  t ("remainder", MOST_NEG " -1", "0");
  t ("modulo", MOST_NEG " 7", "5");
  t ("gcd", "", "0");
  t ("gcd", "-5", "5");
  t ("gcd", "32 -36", "4");
  t ("gcd", "0 5", "5");
  t ("gcd", "12 18 27", "3");
  t ("gcd", "32.0 -36", "4.0");
  t ("gcd", MOST_NEG, "2305843009213693952");
  t ("gcd", "1.5 2", "!wrong-type-arg");
  t ("lcm", "", "1");
  t ("lcm", "32 -36", "288");
  t ("lcm", "32.0 -36", "288.0");
  t ("lcm", "0 5", "0");
  t ("lcm", "4 6 10", "60");
  t ("lcm", "-7", "7");
  t ("lcm", MOST_POS " 2", "4611686018427387902");
  t ("lcm", "a", "!wrong-type-arg");
}

static void
test_rationalize (void)
{
  t ("rationalize", "3 1", "2");
  t ("rationalize", "-3 1", "-2");
  t ("rationalize", "3 -1", "2");
  t ("rationalize", "3 5", "0");
  t ("rationalize", "-3 3", "0");
  t ("rationalize", "7 0", "7");
  t ("rationalize", MOST_NEG " " MOST_POS, "-1");
  t ("rationalize", MOST_POS " 1", "2305843009213693950");
  t ("rationalize", "3 .5", "3.0");
  t ("rationalize", ".3 .1", "0.3333333333333333");
  t ("rationalize", "-.3 .1", "-0.3333333333333333");
  t ("rationalize", ".25 .05", "0.25");
  t ("rationalize", ".1 .05", "0.14285714285714285");
  t ("rationalize", "3.14159 .001", "3.140625");
  t ("rationalize", "3.14159 .0001", "3.141509433962264");
  t ("rationalize", ".3 0", "0.3");
  t ("rationalize", "1 0.0", "1.0");
  t ("rationalize", "3.14159 .00001", "3.1415929203539825");
  t ("rationalize", ".1 .1", "0.0");
  t ("rationalize", "+inf.0 3", "+inf.0");
  t ("rationalize", "-inf.0 3", "-inf.0");
  t ("rationalize", "3 +inf.0", "0.0");
  t ("rationalize", "+inf.0 +inf.0", "+nan.0");
  t ("rationalize", "+nan.0 1", "+nan.0");
  t ("rationalize", "1 +nan.0", "+nan.0");
  t ("rationalize", "a 1", "!wrong-type-arg");
  t ("rationalize", "1 a", "!wrong-type-arg");
}

/* The C functions that give two results: scm_floor_divide,
   scm_truncate_divide, scm_exact_integer_sqrt (Y unused).  */
typedef void (*two_results) (SCM x, SCM y, SCM *a, SCM *b);

static void
exact_integer_sqrt_2 (SCM k, SCM unused, SCM *s, SCM *r)
{
  (void) unused;
  scm_exact_integer_sqrt (k, s, r);
}

struct two_data { two_results fn; SCM x, y, a, b; };

static SCM
two_body (void *data)
{
  struct two_data *d = data;
  d->fn (d->x, d->y, &d->a, &d->b);
  return SCM_BOOL_T;
}

/* FN on ARGS (one or two numbers) gives results showing as WANT, "A B",
   or raises the error "!KIND" from WHO.  */
static void
t2 (const char *who, two_results fn, const char *args, const char *want)
{
  SCM a = arg_list (args);
  struct two_data d = { fn, SCM_CAR (a),
                        scm_is_pair (SCM_CDR (a)) ? SCM_CAR (SCM_CDR (a))
                        : SCM_UNDEFINED, SCM_BOOL_F, SCM_BOOL_F };
  SCM v = catching (two_body, &d);
  char *got = GC_MALLOC_ATOMIC (512);
  if (scm_is_condition (v))
    strcpy (got, show (v, who));
  else
    snprintf (got, 512, "%s %s", show (d.a, who), show (d.b, who));
  ok_streq (got, want, "C %s %s => %s", who, args, want);
}

static void
test_two_results (void)
{
  two_results floor_div = scm_floor_divide, trunc_div = scm_truncate_divide;
  t2 ("floor/", floor_div, "5 2", "2 1");
  t2 ("floor/", floor_div, "-5 2", "-3 1");
  t2 ("floor/", floor_div, "5 -2", "-3 -1");
  t2 ("floor/", floor_div, "-5 -2", "2 -1");
  t2 ("floor/", floor_div, "-5.0 2", "-3.0 1.0");
  t2 ("floor/", floor_div, "1 0", "!divide-by-zero");
  t2 ("floor/", floor_div, "1.5 1", "!wrong-type-arg");
  t2 ("floor/", floor_div, MOST_NEG " -1", "2305843009213693952 0");
  t2 ("truncate/", trunc_div, "5 2", "2 1");
  t2 ("truncate/", trunc_div, "-5 2", "-2 -1");
  t2 ("truncate/", trunc_div, "5 -2", "-2 1");
  t2 ("truncate/", trunc_div, "-5 -2", "2 -1");
  t2 ("truncate/", trunc_div, "-5.0 2", "-2.0 -1.0");
  t2 ("truncate/", trunc_div, "7 0.0", "!divide-by-zero");
  t2 ("truncate/", trunc_div, "a 1", "!wrong-type-arg");
  t2 ("exact-integer-sqrt", exact_integer_sqrt_2, "4", "2 0");
  t2 ("exact-integer-sqrt", exact_integer_sqrt_2, "5", "2 1");
  t2 ("exact-integer-sqrt", exact_integer_sqrt_2, "0", "0 0");
  t2 ("exact-integer-sqrt", exact_integer_sqrt_2, "1", "1 0");
  t2 ("exact-integer-sqrt", exact_integer_sqrt_2, "99", "9 18");
  t2 ("exact-integer-sqrt", exact_integer_sqrt_2, MOST_POS,
      "1518500249 3000631950");
  t2 ("exact-integer-sqrt", exact_integer_sqrt_2, "4503599761588225",
      "67108865 0");
  t2 ("exact-integer-sqrt", exact_integer_sqrt_2, "4503599761588224",
      "67108864 134217728");
  t2 ("exact-integer-sqrt", exact_integer_sqrt_2, "2305843006213062001",
      "1518500249 0");
  t2 ("exact-integer-sqrt", exact_integer_sqrt_2, "2305843006213062000",
      "1518500248 3037000496");
  t2 ("exact-integer-sqrt", exact_integer_sqrt_2, "-1", "!out-of-range");
  t2 ("exact-integer-sqrt", exact_integer_sqrt_2, "4.0", "!wrong-type-arg");
}

/* (PROC ARGS...) returns two values that show as WANT, "A B".  */
static void
t_values (const char *proc, const char *args, const char *want)
{
  SCM v = call (proc, arg_list (args));
  char *got = GC_MALLOC_ATOMIC (512);
  if (scm_is_condition (v))
    strcpy (got, show (v, proc));
  else if (scm_c_nvalues (v) != 2)
    snprintf (got, 512, "%zu values", scm_c_nvalues (v));
  else
    snprintf (got, 512, "%s %s", show (scm_c_value_ref (v, 0), proc),
              show (scm_c_value_ref (v, 1), proc));
  ok_streq (got, want, "(%s %s) => values %s", proc, args, want);
}

static void
test_values_procedures (void)
{
  t_values ("floor/", "5 2", "2 1");
  t_values ("floor/", "-5 2", "-3 1");
  t_values ("floor/", "5 -2", "-3 -1");
  t_values ("floor/", "-5 -2", "2 -1");
  t_values ("floor/", "-5.0 2", "-3.0 1.0");
  t_values ("floor/", "1 0", "!divide-by-zero");
  t_values ("floor/", "1 a", "!wrong-type-arg");
  t_values ("truncate/", "5 2", "2 1");
  t_values ("truncate/", "-5 2", "-2 -1");
  t_values ("truncate/", "5 -2", "-2 1");
  t_values ("truncate/", "-5 -2", "2 -1");
  t_values ("truncate/", "-5.0 2", "-2.0 -1.0");
  t_values ("truncate/", MOST_NEG " -1", "2305843009213693952 0");
  t_values ("exact-integer-sqrt", "4", "2 0");
  t_values ("exact-integer-sqrt", "5", "2 1");
  t_values ("exact-integer-sqrt", "0", "0 0");
  t_values ("exact-integer-sqrt", MOST_POS, "1518500249 3000631950");
  t_values ("exact-integer-sqrt", "-4", "!out-of-range");
  t_values ("exact-integer-sqrt", "4.0", "!wrong-type-arg");

  static const char *const programs[][2] = {
    { "(call-with-values (lambda () (floor/ -7 2)) list)", "(-4 1)" },
    { "(call-with-values (lambda () (truncate/ -7 2)) list)", "(-3 -1)" },
    { "(call-with-values (lambda () (exact-integer-sqrt 17)) cons)",
      "(4 . 1)" },
  };
  for (size_t i = 0; i < sizeof programs / sizeof *programs; i++)
    {
      SCM v = scm_c_eval_string (programs[i][0]);
      ok_streq (scm_to_utf8_stringn (scm_object_to_string (v, SCM_UNDEFINED), NULL),
                programs[i][1], "%s => %s", programs[i][0], programs[i][1]);
    }
}

static void
test_rounding (void)
{
  t ("floor", "-4.3", "-5.0");
  t ("ceiling", "-4.3", "-4.0");
  t ("truncate", "-4.3", "-4.0");
  t ("round", "-4.3", "-4.0");
  t ("floor", "3.5", "3.0");
  t ("ceiling", "3.5", "4.0");
  t ("truncate", "3.5", "3.0");
  t ("round", "3.5", "4.0");
  t ("round", "2.5", "2.0");
  t ("round", "-2.5", "-2.0");
  t ("round", "-3.5", "-4.0");
  t ("round", "0.5", "0.0");
  t ("round", "1.5", "2.0");
  t ("round", "-0.5", "-0.0");
  t ("round", "-0.4", "-0.0");
  t ("round", "0.49999999999999994", "0.0");
  t ("round", "4503599627370497.0", "4503599627370497.0");
  t ("round", "+inf.0", "+inf.0");
  t ("round", "+nan.0", "+nan.0");
  t ("round", "7", "7");
  t ("floor", "5", "5");
  t ("ceiling", "-5", "-5");
  t ("truncate", MOST_NEG, MOST_NEG);
  t ("floor", "a", "!wrong-type-arg");
  t ("numerator", "6", "6");
  t ("denominator", "6", "1");
  t ("numerator", "0.5", "1.0");
  t ("denominator", "0.5", "2.0");
  t ("numerator", "0.75", "3.0");
  t ("denominator", "0.75", "4.0");
  t ("numerator", "-0.125", "-1.0");
  t ("denominator", "-0.125", "8.0");
  t ("numerator", "3.0", "3.0");
  t ("denominator", "3.0", "1.0");
  t ("denominator", "0", "1");
  t ("denominator", "+inf.0", "!wrong-type-arg");
  t ("numerator", "+nan.0", "!wrong-type-arg");
}

static void
test_transcendental (void)
{
  t ("exp", "0", "1.0");
  t ("exp", "1", "2.718281828459045");
  t ("exp", "-inf.0", "0.0");
  t ("log", "1", "0.0");
  t ("log", "0", "-inf.0");
  t ("log", "100 10", "2.0");
  t ("log", "8 2", "3.0");
  t ("log", "27 3", "3.0");
  t ("log", "-1", "+3.141592653589793i");
  t ("log", "8 -2", "0.1392609706362244-0.6311808726237906i");
  t ("log", "a", "!wrong-type-arg");
  t ("sin", "0", "0.0");
  t ("cos", "0", "1.0");
  t ("tan", "0", "0.0");
  t ("sin", "+nan.0", "+nan.0");
  t ("asin", "1", "1.5707963267948966");
  t ("asin", "2", "1.5707963267948966-1.3169578969248166i");
  t ("acos", "1", "0.0");
  t ("acos", "-1.5", "3.141592653589793-0.9624236501192069i");
  t ("atan", "1", "0.7853981633974483");
  t ("atan", "1 1", "0.7853981633974483");
  t ("atan", "1 -1", "2.356194490192345");
  t ("atan", "-1 0", "-1.5707963267948966");
  t ("atan", "1 a", "!wrong-type-arg");
  t ("sqrt", "16", "4");
  t ("sqrt", "0", "0");
  t ("sqrt", "15", "3.872983346207417");
  t ("sqrt", "16.0", "4.0");
  t ("sqrt", "2305843003176061504", "1518500248");
  t ("sqrt", "2305843003176061505", "1518500248.0");
  t ("sqrt", MOST_POS, "1518500249.988025");
  t ("sqrt", "-0.0", "-0.0");
  t ("sqrt", "+inf.0", "+inf.0");
  t ("sqrt", "-4", "+2i");
  t ("sqrt", "-4.0", "+2.0i");
  t ("sqrt", "-1/4", "+1/2i");
  t ("expt", "2 10", "1024");
  t ("expt", "2 0", "1");
  t ("expt", "0 0", "1");
  t ("expt", "0 5", "0");
  t ("expt", "-2 3", "-8");
  t ("expt", "2 60", "1152921504606846976");
  t ("expt", "2 61", "2305843009213693952");
  t ("expt", "-2 61", MOST_NEG);
  t ("expt", "-2 62", "4611686018427387904");
  t ("expt", "3 38", "1350851717672992089");
  t ("expt", "3 40", "12157665459056928801");
  t ("expt", "10 1000000000000", "!implementation-restriction");
  t ("expt", "2 -1", "1/2");
  t ("expt", "-2 -3", "-1/8");
  t ("expt", "1 -5", "1");
  t ("expt", "-1 -3", "-1");
  t ("expt", "-1 4", "1");
  t ("expt", "0 -1", "!divide-by-zero");
  t ("expt", "2.0 3", "8.0");
  t ("expt", "2 0.5", "1.4142135623730951");
  t ("expt", "4 -0.5", "0.5");
  t ("expt", "-8.0 3", "-512.0");
  t ("expt", "0.0 0", "1.0");
  t ("expt", "-8.0 0.5", "1.7319121124709863e-16+2.82842712474619i");
  t ("expt", "a 2", "!wrong-type-arg");
}

static void
test_exactness (void)
{
  t ("exact", "2.0", "2");
  t ("exact", "-0.0", "0");
  t ("exact", "5", "5");
  t ("exact", "-2305843009213693952.0", MOST_NEG);
  t ("exact", "2305843009213693952.0", "2305843009213693952");
  t ("exact", "1e23", "99999999999999991611392");
  t ("exact", "2.5", "5/2");
  t ("exact", "0.1", "3602879701896397/36028797018963968");
  t ("exact", "+inf.0", "!out-of-range");
  t ("exact", "+nan.0", "!out-of-range");
  t ("exact", "a", "!wrong-type-arg");
  t ("inexact->exact", "4.0", "4");
  t ("inexact->exact", "0.5", "1/2");
  t ("inexact", "5", "5.0");
  t ("inexact", "-0.0", "-0.0");
  t ("inexact", MOST_POS, "2305843009213694000.0");
  t ("inexact", "1.5", "1.5");
  t ("exact->inexact", "1", "1.0");
  t ("exact->inexact", "a", "!wrong-type-arg");
}

/* The text of the error that (PROC ARGS...) raises.  */
static void
error_text (const char *proc, const char *args, const char *want)
{
  SCM v = call (proc, arg_list (args));
  ok_streq (scm_is_condition (v) ? scm_c_condition_text (v) : "(no error)",
            want, "the error of (%s %s) names it and its operands", proc,
            args);
}

static void
test_error_texts (void)
{
  error_text ("expt", "2 100000000000",
              "expt: implementation restriction: exact integer too large "
              "(see scm_c_set_max_integer_bits): 2 100000000000");

  error_text ("/", "7 0", "/: division by zero: 7 0");
  error_text ("exact", "+inf.0+2.0i",
              "exact: no exact representation: +inf.0+2.0i");
  error_text ("<", "1+i 2",
              "<: wrong type argument in position 1 (expected real "
              "number): 1+i");
}

/* ------------------------------------------------------------------ */
/* Number syntax.  */

static void
test_parse_integers (void)
{
  p ("0", "0");
  p ("-0", "0");
  p ("+5", "5");
  p ("123", "123");
  p ("007", "7");
  p ("#x1F", "31");
  p ("#XfF", "255");
  p ("#x-ff", "-255");
  p ("#b101", "5");
  p ("#B-101", "-5");
  p ("#o777", "511");
  p ("#d99", "99");
  p ("#x1e2", "482");
  p (MOST_POS, MOST_POS);
  p (MOST_NEG, MOST_NEG);
  p ("2305843009213693952", "2305843009213693952");
  p ("-2305843009213693953", "-2305843009213693953");
  p ("99999999999999999999999", "99999999999999999999999");
  p ("#b1111111111111111111111111111111111111111111111111111111111111",
     MOST_POS);
  p ("#b-10000000000000000000000000000000000000000000000000000000000000",
     MOST_NEG);
  p ("#b10000000000000000000000000000000000000000000000000000000000000",
     "2305843009213693952");
  p ("#x-8000000000000000", "-9223372036854775808");
  p_radix ("ff", 16, "255");
  p_radix ("101", 2, "5");
  p_radix ("17", 8, "15");
  p_radix ("#d10", 16, "10");
  p_radix ("12", 2, "#f");
}

static void
test_parse_prefixes (void)
{
  p ("#e1.0", "1");
  p ("#E1.0", "1");
  p ("#e1.5", "3/2");
  p ("#i3", "3.0");
  p ("#I-3", "-3.0");
  p ("#i-0", "-0.0");
  p ("#x#i10", "16.0");
  p ("#i#x10", "16.0");
  p ("#e#x10", "16");
  p ("#x#e-10", "-16");
  p ("#d#i1", "1.0");
  p ("#e1e3", "1000");
  p ("#e1.23e2", "123");
  p ("#e-1.5e1", "-15");
  p ("#e1.234e2", "617/5");
  p ("#e-1e-3", "-1/1000");
  p ("#e1e-99999999", "!implementation-restriction");
  p ("#e12300e-2", "123");
  p ("#e0.000e-400", "0");
  p ("#e1e40", "10000000000000000000000000000000000000000");
  p ("#e2.305843009213693952e18", "2305843009213693952");
  p ("#e1e99999999", "!implementation-restriction");
  p ("#e-2.305843009213693952e18", MOST_NEG);
  p ("#e+inf.0", "!out-of-range");
  p ("#e+nan.0", "!out-of-range");
  p ("#i+inf.0", "+inf.0");
  p ("#x+inf.0", "+inf.0");
  p ("#i99999999999999999999999", "1.0e+23");
  p ("#i9007199254740993", "9007199254740992.0");
  p ("#i9007199254740995", "9007199254740996.0");
  p ("#i#b11111111111111111111111111111111111111111111111111111111"
     "111111111111111111111111", "1.2089258196146292e+24");
  p ("#i#x1fffffffffffff1", "144115188075855860.0");
  p ("#i#o1777777777777777777777", "18446744073709552000.0");
  p ("#e#e1", "#f");
  p ("#x#b1", "#f");
  p ("#i#e1", "#f");
  p ("#z1", "#f");
  p ("#", "#f");
  p ("#x", "#f");
  p ("#x1.5", "1.3125");
  p ("#x1.5.2", "#f");
  p ("#b1.2", "#f");
  p ("#x1.8p3", "#f");
  p ("#b2", "#f");
  p ("#o8", "#f");
  p ("#xg", "#f");
}

static void
test_parse_rationals_decimals (void)
{
  p ("1/2", "1/2");
  p ("-6/4", "-3/2");
  p ("#x-ff/a", "-51/2");
  p ("#i-0/5", "-0.0");
  p ("4/2", "2");
  p ("-4/2", "-2");
  p ("#x10/2", "8");
  p ("1/0", "#f");
  p ("#e1/0", "#f");
  p ("#i1/3", "0.3333333333333333");
  p ("#i-1/0", "#f");
  p ("#i1/0", "#f");
  p ("#i0/0", "#f");
  p ("1/2/3", "#f");
  p ("1/-2", "#f");
  p ("1/", "#f");
  p ("/2", "#f");
  p (".5", "0.5");
  p ("5.", "5.0");
  p ("-.5e2", "-50.0");
  p ("+.5", "0.5");
  p ("1e10", "10000000000.0");
  p ("1E-3", "0.001");
  p ("1e+2", "100.0");
  p ("-5.0e-1", "-0.5");
  p ("0.1", "0.1");
  p ("-0.0", "-0.0");
  p ("1.7976931348623157e308", "1.7976931348623157e+308");
  p ("1e309", "+inf.0");
  p ("4.9e-324", "5.0e-324");
  p ("1e-400", "0.0");
  p ("2.2250738585072011e-308", "2.225073858507201e-308");
  p ("0.1000000000000000055511151231257827021181583404541015625", "0.1");
  p ("000000000000000000000000000000000000000000000000000000000000000000"
     "00000000000001.5", "1.5");
  p ("+inf.0", "+inf.0");
  p ("-inf.0", "-inf.0");
  p ("+nan.0", "+nan.0");
  p ("-nan.0", "+nan.0");
  p ("+INF.0", "+inf.0");
  p ("-NaN.0", "+nan.0");
  p ("inf.0", "#f");
  p ("+inf.00", "#f");
  p ("+inf", "#f");
  p ("1e", "#f");
  p ("1e+", "#f");
  p ("e1", "#f");
  p (".e1", "#f");
  p (".", "#f");
  p ("1.2.3", "#f");
  p ("1e2.5", "#f");
  p ("1d2", "100.0");
  p ("1L-2", "0.01");
  p ("1x2", "#f");
}

static void
test_parse_not_numbers (void)
{
  p ("", "#f");
  p ("+", "#f");
  p ("-", "#f");
  p ("...", "#f");
  p ("1+", "#f");
  p ("+a", "#f");
  p ("-a1", "#f");
  p ("--1", "#f");
  p ("+-1", "#f");
  p ("0x10", "#f");
  p ("1_000", "#f");
  p ("2i", "#f");
  p ("abc", "#f");
  p ("->", "#f");
  p ("+.", "#f");
  p ("1+2", "#f");
  /* Non-ASCII characters: an Arabic-Indic one, a fullwidth digit.  */
  uint32_t arabic[] = { 0x661 }, fullwidth[] = { '1', 0xff12 };
  ok (scm_is_false (scm_c_parse_number (arabic, 1, 10))
      && scm_is_false (scm_c_parse_number (fullwidth, 2, 10)),
      "non-ASCII digits are not number syntax");
  /* Complex syntax is number syntax this build does not support.  */
  p ("+i", "+i");
  p ("-i", "-i");
  p ("+2i", "+2i");
  p ("1+2i", "1+2i");
  p ("#e1+2i", "1+2i");
  p ("#e1.5+2i", "3/2+2i");
  p ("#i1+2i", "1.0+2.0i");
  p ("1.0+2i", "1.0+2.0i");
  p ("#e1+0i", "1");
  p ("1/2+0/3i", "1/2");
  p ("1/0+2i", "#f");
  p ("1+2/0i", "#f");
  p ("1-i", "1-i");
  p ("1@2", "-0.4161468365471424+0.9092974268256817i");
  p ("2@0", "2");
  p ("#i2@0", "2.0+0.0i");
  p ("+inf.0i", "+inf.0i");
  p ("1+inf.0i", "1.0+inf.0i");
  p ("#x1+fi", "1+15i");
  p ("1.5e2-3.5I", "150.0-3.5i");
}

static int
syntax_p (const char *text)
{
  size_t len;
  uint32_t *chars = ucs4 (text, &len);
  return scm_c_number_syntax_p (chars, len, 10);
}

static void
test_number_syntax_p (void)
{
  ok (syntax_p ("1") && syntax_p ("1/3") && syntax_p ("1+2i")
      && syntax_p ("+i") && syntax_p ("99999999999999999999999")
      && syntax_p ("#e1.5") && syntax_p ("-inf.0") && syntax_p (".5"),
      "scm_c_number_syntax_p holds for numbers, representable or not");
  ok (!syntax_p ("+") && !syntax_p ("-") && !syntax_p ("...")
      && !syntax_p ("1+") && !syntax_p ("abc") && !syntax_p ("")
      && !syntax_p ("+a") && !syntax_p ("#x1.5.2"),
      "scm_c_number_syntax_p fails for other tokens");
}

/* ------------------------------------------------------------------ */
/* Writing numbers.  */

static const char *
to_text (SCM n, SCM radix)
{
  return scm_to_utf8_stringn (scm_number_to_string (n, radix), NULL);
}

struct n2s { SCM n, radix; };

static SCM
n2s_body (void *data)
{
  struct n2s *a = data;
  return scm_number_to_string (a->n, a->radix);
}

static const char *
n2s_error (SCM n, SCM radix)
{
  struct n2s a = { n, radix };
  SCM v = catching (n2s_body, &a);
  return scm_is_condition (v) ? show (v, "number->string") : "(no error)";
}

static void
test_write_integers (void)
{
  ok_streq (to_text (SCM_MAKE_FIXNUM (255), SCM_MAKE_FIXNUM (16)), "ff",
            "(number->string 255 16)");
  ok_streq (to_text (SCM_MAKE_FIXNUM (255), SCM_MAKE_FIXNUM (2)), "11111111",
            "(number->string 255 2)");
  ok_streq (to_text (SCM_MAKE_FIXNUM (-255), SCM_MAKE_FIXNUM (8)), "-377",
            "(number->string -255 8)");
  ok_streq (to_text (SCM_MAKE_FIXNUM (0), SCM_UNDEFINED), "0",
            "(number->string 0)");
  ok_streq (to_text (SCM_MAKE_FIXNUM (SCM_MOST_NEGATIVE_FIXNUM),
                     SCM_MAKE_FIXNUM (2)),
            "-10000000000000000000000000000000000000000000000000000000000000",
            "(number->string most-negative-fixnum 2)");
  ok_streq (to_text (SCM_MAKE_FIXNUM (SCM_MOST_NEGATIVE_FIXNUM),
                     SCM_MAKE_FIXNUM (10)), MOST_NEG,
            "(number->string most-negative-fixnum 10)");
  ok_streq (to_text (SCM_MAKE_FIXNUM (SCM_MOST_POSITIVE_FIXNUM),
                     SCM_MAKE_FIXNUM (16)), "1fffffffffffffff",
            "(number->string most-positive-fixnum 16)");
  ok_streq (to_text (scm_from_double (1.5), SCM_MAKE_FIXNUM (2)), "1.1",
            "(number->string 1.5 2): the exact binary expansion");
  ok_streq (to_text (scm_from_double (1.5), SCM_MAKE_FIXNUM (10)), "1.5",
            "(number->string 1.5 10)");
  ok_streq (n2s_error (SCM_MAKE_FIXNUM (5), SCM_MAKE_FIXNUM (3)),
            "!out-of-range", "(number->string 5 3) raises out-of-range");
  ok_streq (n2s_error (SCM_MAKE_FIXNUM (5), scm_from_double (10.0)),
            "!wrong-type-arg", "(number->string 5 10.0) raises wrong-type");
  ok_streq (n2s_error (SCM_BOOL_T, SCM_UNDEFINED), "!wrong-type-arg",
            "(number->string #t) raises wrong-type");
}

static void
test_write_flonums (void)
{
  static const struct { double d; const char *text; } cases[] = {
    { 1.0, "1.0" }, { 0.1, "0.1" }, { -0.0, "-0.0" }, { 0.0, "0.0" },
    { 1e21, "1.0e+21" }, { 1e20, "100000000000000000000.0" },
    { 123.456, "123.456" }, { -1.5, "-1.5" }, { 100.0, "100.0" },
    { 1e-7, "1.0e-7" }, { 1.5e-7, "1.5e-7" }, { 1e-6, "0.000001" },
    { 1.25e-5, "0.0000125" }, { 1e-8, "1.0e-8" }, { 5e-324, "5.0e-324" },
    { 1.7976931348623157e308, "1.7976931348623157e+308" },
    { 0.30000000000000004, "0.30000000000000004" },
    { 9007199254740992.0, "9007199254740992.0" },
    { 1.0 / 3, "0.3333333333333333" }, { 2.0 / 3, "0.6666666666666666" },
    { 1.2345678901234567e19, "12345678901234567000.0" },
    { 1.2345678901234567e21, "1.2345678901234568e+21" },
    { -1e-300, "-1.0e-300" }, { 2.5e100, "2.5e+100" },
    { 2.2250738585072014e-308, "2.2250738585072014e-308" },
    { HUGE_VAL, "+inf.0" }, { -HUGE_VAL, "-inf.0" }, { NAN, "+nan.0" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    ok_streq (to_text (scm_from_double (cases[i].d), SCM_UNDEFINED),
              cases[i].text, "%.17g writes as %s", cases[i].d,
              cases[i].text);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint64_t
rng (void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

/* Write D, read it back: the same bits?  Also: the text reads back
   inexact (it has a point, an exponent, or is an infinity or NaN).  */
static int
round_trips (double d)
{
  const char *text = to_text (scm_from_double (d), SCM_UNDEFINED);
  SCM back = parse (text);
  if (!scm_is_flonum (back))
    return 0;
  double e = SCM_FLONUM_VALUE (back);
  return memcmp (&d, &e, sizeof d) == 0 || (isnan (d) && isnan (e));
}

static void
test_round_trip (void)
{
  int failures = 0, count = 60000;
  for (int i = 0; i < count; i++)
    {
      uint64_t bits = rng ();
      double d;
      memcpy (&d, &bits, sizeof d);
      if (isnan (d))
        continue;
      if (!round_trips (d) && failures++ < 5)
        diag ("does not round-trip: %a", d);
    }
  ok (failures == 0, "%d random bit patterns write and read back exactly",
      count);
  failures = 0;
  for (int i = 0; i < count; i++)
    {
      /* Doubles of ordinary size, with short decimal forms.  */
      double d = (double) (int64_t) (rng () % 2000000 - 1000000)
        / pow (10, (double) (rng () % 12));
      if (!round_trips (d) && failures++ < 5)
        diag ("does not round-trip: %.17g", d);
    }
  ok (failures == 0, "%d short decimals write and read back exactly", count);
  failures = 0;
  static const unsigned radixes[] = { 2, 8, 10, 16 };
  for (int i = 0; i < 20000; i++)
    {
      int64_t n = (int64_t) (rng () >> 2) - ((int64_t) 1 << 61);
      n >>= rng () % 62;
      unsigned radix = radixes[rng () % 4];
      const char *text = to_text (SCM_MAKE_FIXNUM (n), SCM_MAKE_FIXNUM (radix));
      size_t len;
      uint32_t *chars = ucs4 (text, &len);
      SCM back = scm_c_parse_number (chars, len, radix);
      if (!scm_is_eq (back, SCM_MAKE_FIXNUM (n)) && failures++ < 5)
        diag ("%lld in radix %u does not round-trip", (long long) n, radix);
    }
  ok (failures == 0, "20000 random fixnums in radix 2, 8, 10, 16 round-trip");
}

/* Shortest: dropping a digit from what is written no longer reads back
   as the same double.  */
static void
test_shortest (void)
{
  int failures = 0;
  for (int i = 0; i < 5000; i++)
    {
      uint64_t bits = rng () & ~((uint64_t) 1 << 63);
      double d;
      memcpy (&d, &bits, sizeof d);
      if (!isfinite (d) || d == 0)
        continue;
      char shorter[40];
      const char *text = to_text (scm_from_double (d), SCM_UNDEFINED);
      int digits = 0, leading = 1;
      for (const char *c = text; *c && *c != 'e'; c++)
        if (*c >= '1' && *c <= '9')
          leading = 0, digits++;
        else if (*c == '0' && !leading)
          digits++;
      /* Positional output may end in ".0" or padding zeros.  */
      if (digits <= 1 || strchr (text, 'e') == NULL)
        continue;
      snprintf (shorter, sizeof shorter, "%.*e", digits - 2, d);
      if (strtod (shorter, NULL) == d && failures++ < 5)
        diag ("%s is not the shortest: %s also reads back", text, shorter);
    }
  ok (failures == 0, "flonums are written with the fewest digits");
}

static void
test_locale (void)
{
  const char *names[] = { "de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8",
                          "fr_FR.utf8", "ru_RU.UTF-8", NULL };
  const char *found = NULL;
  for (size_t i = 0; names[i] && !found; i++)
    if (setlocale (LC_ALL, names[i]) != NULL)
      found = names[i];
  if (!found)
    {
      ok (1, "# SKIP no locale with a decimal comma is installed");
      return;
    }
  ok_streq (to_text (parse ("1.5"), SCM_UNDEFINED), "1.5",
            "under %s, 1.5 reads and writes with a point", found);
  setlocale (LC_ALL, "C");
}

static SCM
s2n_body (void *data)
{
  SCM *a = data;
  return scm_string_to_number (a[0], a[1]);
}

static const char *
s2n (const char *text, SCM radix)
{
  SCM a[2] = { scm_from_utf8_string (text), radix };
  return show (catching (s2n_body, a), "string->number");
}

static void
test_string_to_number (void)
{
  ok_streq (s2n ("ff", SCM_MAKE_FIXNUM (16)), "255",
            "(string->number \"ff\" 16)");
  ok_streq (s2n ("#xff", SCM_UNDEFINED), "255",
            "(string->number \"#xff\")");
  ok_streq (s2n ("101", SCM_MAKE_FIXNUM (2)), "5",
            "(string->number \"101\" 2)");
  ok_streq (s2n ("1e2", SCM_UNDEFINED), "100.0",
            "(string->number \"1e2\")");
  ok_streq (s2n ("abc", SCM_UNDEFINED), "#f",
            "(string->number \"abc\") => #f");
  ok_streq (s2n ("\xce\xbb", SCM_UNDEFINED), "#f",
            "(string->number \"\xce\xbb\") => #f");
  ok_streq (s2n ("#e1e99999999", SCM_UNDEFINED), "!implementation-restriction",
            "(string->number \"#e1e99999999\") raises, naming string->number");
  ok_streq (s2n ("12", SCM_MAKE_FIXNUM (7)), "!out-of-range",
            "(string->number \"12\" 7) raises out-of-range");
  SCM a[2] = { SCM_MAKE_FIXNUM (5), SCM_UNDEFINED };
  ok_streq (show (catching (s2n_body, a), "string->number"),
            "!wrong-type-arg", "(string->number 5) raises wrong-type");
  char long_text[200];
  memset (long_text, '0', sizeof long_text);
  strcpy (long_text + 150, "12.5e-1");
  ok_streq (s2n (long_text, SCM_UNDEFINED), "1.25",
            "a long string->number argument");
}

/* The C API of complex numbers.  */
static void
test_complex_api (void)
{
  SCM z = scm_c_make_rectangular (1.5, -2.0);
  ok_streq (to_text (z, SCM_UNDEFINED), "1.5-2.0i",
            "scm_c_make_rectangular (1.5, -2.0)");
  ok (scm_is_number (z) && !scm_is_real (z) && !scm_is_exact (z)
      && scm_is_inexact (z) && !scm_is_integer (z),
      "a complex number is a number, inexact, not real");
  ok (scm_c_real_part (z) == 1.5 && scm_c_imag_part (z) == -2.0,
      "scm_c_real_part and scm_c_imag_part");
  ok (scm_c_imag_part (scm_from_int (3)) == 0.0
      && scm_c_real_part (scm_from_int (3)) == 3.0,
      "the parts of a real");
  SCM r = scm_c_make_rectangular (2.5, -0.0);
  ok (scm_is_real (r) && scm_to_double (r) == 2.5,
      "a zero imaginary part gives the flonum");
  SCM p = scm_c_make_polar (2.0, 0.0);
  ok (scm_is_real (p) && scm_to_double (p) == 2.0, "scm_c_make_polar");
  ok_streq (to_text (scm_magnitude (scm_c_make_rectangular (3, 4)),
                     SCM_UNDEFINED), "5.0", "scm_magnitude");
  ok_streq (to_text (scm_product (z, z), SCM_UNDEFINED), "-1.75-6.0i",
            "scm_product of complex numbers");
  ok (scm_is_true (scm_num_eq_p (z, scm_c_make_rectangular (1.5, -2.0))),
      "scm_num_eq_p of complex numbers");
}

int
main (void)
{
  scm_init ();
  test_conversions ();
  test_predicates ();
  test_comparison ();
  test_sum_difference ();
  test_product_quotient ();
  test_integer_division ();
  test_two_results ();
  test_values_procedures ();
  test_rounding ();
  test_rationalize ();
  test_transcendental ();
  test_exactness ();
  test_error_texts ();
  test_parse_integers ();
  test_parse_prefixes ();
  test_parse_rationals_decimals ();
  test_parse_not_numbers ();
  test_number_syntax_p ();
  test_write_integers ();
  test_write_flonums ();
  test_round_trip ();
  test_shortest ();
  test_locale ();
  test_string_to_number ();
  test_complex_api ();
  return tap_done ();
}
