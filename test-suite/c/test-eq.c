/* test-eq.c -- eq?, eqv?, equal?: numbers, strings, cycles, depth
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <math.h>
#include <gc/gc.h>
#include <libscm.h>
#include "tap.h"

static SCM sym (const char *name) { return scm_from_utf8_symbol (name); }
static SCM str (const char *utf8) { return scm_from_utf8_string (utf8); }
static SCM fix (long n) { return SCM_MAKE_FIXNUM (n); }
static SCM flo (double d) { return scm_from_double (d); }

/* A fresh list of the N fixnums in ELTS.  */
static SCM
list_of (const long *elts, size_t n)
{
  SCM l = SCM_EOL;
  while (n-- > 0)
    l = scm_cons (fix (elts[n]), l);
  return l;
}

/* A circular list repeating the N fixnums in ELTS.  */
static SCM
cycle_of (const long *elts, size_t n)
{
  SCM l = list_of (elts, n), last = l;
  while (scm_is_pair (SCM_CDR (last)))
    last = SCM_CDR (last);
  scm_set_cdr_x (last, l);
  return l;
}

static SCM
vector2 (SCM a, SCM b)
{
  SCM v = scm_c_make_vector (2, a);
  scm_c_vector_set_x (v, 1, b);
  return v;
}

static void
test_eq (void)
{
  SCM p = scm_list_1 (fix (1));
  ok (scm_is_true (scm_eq_p (p, p)), "(eq? p p)");
  ok (scm_is_false (scm_eq_p (p, scm_list_1 (fix (1)))),
      "(eq? '(1) '(1)) on fresh lists is #f");
  ok (scm_is_true (scm_eq_p (fix (42), fix (42))), "fixnums are eq?");
  ok (scm_is_true (scm_eq_p (SCM_MAKE_CHAR (0x3bb), SCM_MAKE_CHAR (0x3bb))),
      "characters are eq?");
  ok (scm_is_true (scm_eq_p (SCM_EOL, SCM_EOL)), "'() is eq? to '()");
  ok (scm_is_true (scm_eq_p (sym ("abc"), sym ("abc"))),
      "interned symbols are eq?");
  ok (scm_is_false (scm_eq_p (str ("a"), str ("a"))),
      "fresh strings are not eq?");
  ok (scm_is_false (scm_eq_p (SCM_BOOL_F, SCM_EOL)), "#f is not '()");
}

static void
test_eqv (void)
{
  ok (scm_is_eqv (flo (2.5), flo (2.5)), "(eqv? 2.5 2.5) on two flonums");
  ok (scm_is_eqv (flo (NAN), flo (NAN)), "(eqv? +nan.0 +nan.0)");
  ok (!scm_is_eqv (flo (0.0), flo (-0.0)), "(eqv? 0.0 -0.0) is #f");
  ok (scm_is_eqv (flo (-0.0), flo (-0.0)), "(eqv? -0.0 -0.0)");
  ok (scm_is_eqv (flo (INFINITY), flo (INFINITY)), "(eqv? +inf.0 +inf.0)");
  ok (!scm_is_eqv (flo (INFINITY), flo (-INFINITY)),
      "(eqv? +inf.0 -inf.0) is #f");
  ok (!scm_is_eqv (fix (1), flo (1.0)), "(eqv? 1 1.0) is #f: exactness");
  ok (!scm_is_eqv (flo (1.0), fix (1)), "(eqv? 1.0 1) is #f");
  ok (!scm_is_eqv (flo (1.0), flo (2.0)), "(eqv? 1.0 2.0) is #f");
  ok (scm_is_eqv (fix (-7), fix (-7)), "(eqv? -7 -7)");
  ok (scm_is_eqv (SCM_MAKE_CHAR ('a'), SCM_MAKE_CHAR ('a')),
      "(eqv? #\\a #\\a)");
  ok (!scm_is_eqv (SCM_MAKE_CHAR ('a'), SCM_MAKE_CHAR ('A')),
      "(eqv? #\\a #\\A) is #f");
  ok (!scm_is_eqv (str ("a"), str ("a")), "(eqv? \"a\" \"a\") is #f");
  ok (!scm_is_eqv (scm_list_1 (fix (1)), scm_list_1 (fix (1))),
      "(eqv? '(1) '(1)) is #f");
  ok (!scm_is_eqv (flo (1.0), str ("1.0")), "a flonum is not eqv? a string");
  ok (scm_is_true (scm_eqv_p (flo (NAN), flo (NAN)))
      && scm_is_false (scm_eqv_p (flo (0.0), flo (-0.0))),
      "scm_eqv_p agrees");
}

static void
test_equal_atoms (void)
{
  ok (scm_is_equal (str ("abc"), str ("abc")), "equal strings");
  ok (!scm_is_equal (str ("abc"), str ("abd")), "different strings");
  ok (!scm_is_equal (str ("abc"), str ("ab")), "strings of other lengths");
  ok (scm_is_equal (str (""), str ("")), "empty strings");
  SCM wide = str ("abc");
  scm_string_set_x (wide, fix (1), SCM_MAKE_CHAR (0x3bb));
  scm_string_set_x (wide, fix (1), SCM_MAKE_CHAR ('b'));
  ok (scm_is_equal (wide, str ("abc")) && scm_is_equal (str ("abc"), wide),
      "a string that went wide equals its narrow twin");
  SCM lambda = str ("a\xce\xbb");
  ok (scm_is_equal (lambda, str ("a\xce\xbb")), "equal wide strings");
  ok (!scm_is_equal (lambda, str ("a\xce\xbc")), "different wide strings");
  ok (scm_is_equal (flo (1.5), flo (1.5)), "equal? on flonums is eqv?");
  ok (!scm_is_equal (flo (0.0), flo (-0.0)), "(equal? 0.0 -0.0) is #f");
  ok (!scm_is_equal (fix (2), flo (2.0)), "(equal? 2 2.0) is #f");
  ok (!scm_is_equal (str ("a"), sym ("a")), "a string is not a symbol");
  ok (!scm_is_equal (SCM_EOL, scm_c_make_vector (0, SCM_BOOL_F)),
      "'() is not #()");
}

static void
test_equal_structures (void)
{
  static const long a[] = { 1, 2, 3 }, b[] = { 1, 2, 4 };
  ok (scm_is_equal (list_of (a, 3), list_of (a, 3)), "equal lists");
  ok (!scm_is_equal (list_of (a, 3), list_of (b, 3)), "different lists");
  ok (!scm_is_equal (list_of (a, 3), list_of (a, 2)), "a shorter list");
  ok (!scm_is_equal (scm_cons (fix (1), fix (2)),
                     scm_list_2 (fix (1), fix (2))),
      "(1 . 2) is not (1 2)");
  SCM v1 = vector2 (str ("x"), list_of (a, 3));
  SCM v2 = vector2 (str ("x"), list_of (a, 3));
  ok (scm_is_equal (v1, v2), "equal vectors");
  ok (!scm_is_equal (v1, vector2 (str ("x"), list_of (b, 3))),
      "vectors differing in the last element");
  ok (!scm_is_equal (v1, scm_c_make_vector (3, SCM_BOOL_F)),
      "vectors of other lengths");
  ok (scm_is_equal (scm_c_make_vector (0, SCM_BOOL_F),
                    scm_c_make_vector (0, SCM_BOOL_F)), "empty vectors");
  ok (!scm_is_equal (v1, list_of (a, 2)), "a vector is not a list");
  SCM nested1 = scm_list_2 (v1, scm_list_1 (scm_list_1 (str ("deep"))));
  SCM nested2 = scm_list_2 (v2, scm_list_1 (scm_list_1 (str ("deep"))));
  ok (scm_is_equal (nested1, nested2), "equal nested structures");
  ok (scm_is_true (scm_equal_p (nested1, nested2))
      && scm_is_false (scm_equal_p (nested1, v1)), "scm_equal_p agrees");
}

/* Pairs whose cars are the same object or two immediates are decided
   without descending into the cars (eq.c, equal_step).  */
static void
test_equal_leaf_cars (void)
{
  SCM a = sym ("a"), b = sym ("b");
  ok (!scm_is_equal (scm_list_3 (a, a, a), scm_list_3 (a, a, b)),
      "lists of symbols that differ in the last car");
  ok (!scm_is_equal (scm_list_2 (SCM_MAKE_CHAR ('x'), fix (1)),
                     scm_list_2 (SCM_MAKE_CHAR ('y'), fix (1))),
      "two different characters as cars");
  ok (!scm_is_equal (scm_list_1 (fix (1)), scm_list_1 (str ("1"))),
      "an immediate car and a string car");
  ok (scm_is_equal (scm_list_2 (flo (1.5), a), scm_list_2 (flo (1.5), a)),
      "flonum cars that are equal, not the same object");
  ok (scm_is_equal (scm_cons (a, scm_cons (b, str ("tail"))),
                    scm_cons (a, scm_cons (b, str ("tail")))),
      "the same cars, then equal strings as the last cdr");
  ok (!scm_is_equal (scm_cons (a, scm_cons (b, str ("tail"))),
                     scm_cons (a, scm_cons (b, str ("tale")))),
      "the same cars, then different strings as the last cdr");
  ok (!scm_is_equal (scm_cons (a, fix (1)), scm_cons (a, fix (2))),
      "the same car, different fixnum cdrs");
  SCM x = SCM_EOL, y = SCM_EOL;
  for (long i = 0; i < 100000; i++)
    {
      x = scm_cons (fix (i), x);
      y = scm_cons (fix (i), y);
    }
  ok (scm_is_equal (x, y), "two lists of 100,000 fixnums");
  ok (!scm_is_equal (scm_cons (a, x), scm_cons (b, y)),
      "... with different first cars");
}

static void
test_equal_cycles (void)
{
  static const long one_two[] = { 1, 2 }, one_two_x2[] = { 1, 2, 1, 2 };
  static const long one_three[] = { 1, 3 }, one_two_three[] = { 1, 2, 3 };
  SCM c12 = cycle_of (one_two, 2);
  ok (scm_is_equal (c12, cycle_of (one_two, 2)),
      "two circular lists (1 2 ...) are equal?");
  ok (scm_is_equal (c12, cycle_of (one_two_x2, 4)),
      "(1 2 ...) with period 2 and period 4 are equal?");
  ok (!scm_is_equal (c12, cycle_of (one_three, 2)),
      "(1 2 ...) and (1 3 ...) are not");
  ok (!scm_is_equal (c12, cycle_of (one_two_three, 3)),
      "(1 2 ...) and (1 2 3 ...) are not");
  ok (!scm_is_equal (c12, list_of (one_two_x2, 4)),
      "a circular list is not a proper list");
  ok (scm_is_equal (scm_list_2 (c12, fix (5)),
                    scm_list_2 (cycle_of (one_two, 2), fix (5))),
      "circular lists inside lists");
  ok (!scm_is_equal (scm_list_2 (c12, fix (5)),
                     scm_list_2 (cycle_of (one_two, 2), fix (6))),
      "a difference after a circular list is found");

  SCM p = scm_list_1 (fix (0)), q = scm_list_1 (fix (0));
  scm_set_car_x (p, p);
  scm_set_car_x (q, q);
  ok (scm_is_equal (p, q), "two pairs whose car is themselves");
  SCM r = scm_list_1 (p);
  ok (scm_is_equal (p, r), "a car cycle and a longer car cycle of one shape");
  SCM s = scm_cons (fix (0), fix (1));
  scm_set_car_x (s, s);
  ok (!scm_is_equal (p, s), "car cycles with different cdrs");

  SCM v = vector2 (fix (1), SCM_BOOL_F), w = vector2 (fix (1), SCM_BOOL_F);
  scm_c_vector_set_x (v, 1, v);
  scm_c_vector_set_x (w, 1, w);
  ok (scm_is_equal (v, w), "two vectors that hold themselves");
  SCM x = vector2 (fix (2), SCM_BOOL_F);
  scm_c_vector_set_x (x, 1, x);
  ok (!scm_is_equal (v, x), "self-holding vectors with other elements");

  /* Many mutually circular structures: the visited set has work to do. */
  SCM big1 = scm_c_make_vector (5000, SCM_BOOL_F);
  SCM big2 = scm_c_make_vector (5000, SCM_BOOL_F);
  for (size_t i = 0; i < 5000; i++)
    {
      scm_c_vector_set_x (big1, i, scm_list_2 (fix ((long) i), big1));
      scm_c_vector_set_x (big2, i, scm_list_2 (fix ((long) i), big2));
    }
  ok (scm_is_equal (big1, big2), "5000 cycles through two big vectors");
  scm_c_vector_set_x (big2, 4999, scm_list_2 (fix (-1), big2));
  ok (!scm_is_equal (big1, big2), "... and a difference in the last one");
}

#define DEEP 1000000

static SCM
nest (long depth, SCM innermost)
{
  SCM x = innermost;
  for (long i = 0; i < depth; i++)
    x = scm_list_1 (x);
  return x;
}

static void
test_equal_depth (void)
{
  ok (scm_is_equal (nest (DEEP, SCM_EOL), nest (DEEP, SCM_EOL)),
      "lists nested 1000000 deep in the car are equal?");
  ok (!scm_is_equal (nest (DEEP, SCM_EOL), nest (DEEP, fix (1))),
      "... and differ at the bottom");
  SCM v1 = SCM_EOL, v2 = SCM_EOL;
  for (long i = 0; i < DEEP; i++)
    {
      v1 = vector2 (fix (i), v1);
      v2 = vector2 (fix (i), v2);
    }
  ok (scm_is_equal (v1, v2), "vectors nested 1000000 deep");
  SCM l1 = SCM_EOL, l2 = SCM_EOL;
  for (long i = 0; i < DEEP; i++)
    {
      l1 = scm_cons (scm_list_1 (fix (i)), l1);
      l2 = scm_cons (scm_list_1 (fix (i)), l2);
    }
  ok (scm_is_equal (l1, l2), "lists of 1000000 lists");
  scm_set_car_x (SCM_CAR (l2), fix (-1));
  ok (!scm_is_equal (l1, l2), "... that differ in the first element");
}

/* A list of N fixnums from 0.  */
static SCM
iota_list (long n)
{
  SCM l = SCM_EOL;
  while (n-- > 0)
    l = scm_cons (fix (n), l);
  return l;
}

/* equal? of two long flat lists: constant extra memory (it recorded
   every pair once, 1 GB for 10^7), and the cdr cycles it still finds.  */
static void
test_equal_memory (void)
{
  SCM a = iota_list (2000000), b = iota_list (2000000);
  size_t before = GC_get_total_bytes ();
  int same = scm_is_equal (a, b);
  size_t used = GC_get_total_bytes () - before;
  ok (same, "two lists of 2000000 fixnums are equal?");
  ok (used < 64 * 1024, "... comparing them allocates %zu bytes (< 64 KiB)",
      used);
  scm_set_car_x (scm_list_tail (b, fix (1999999)), fix (-1));
  ok (!scm_is_equal (a, b), "... and differ in their last element");
  /* Cycles of different lengths along the cdrs, with the same
     elements: equal? as infinite lists.  */
  SCM c = iota_list (3), d = iota_list (3);
  d = scm_append (scm_list_2 (d, iota_list (3)));
  scm_set_cdr_x (scm_list_tail (c, fix (2)), c);
  scm_set_cdr_x (scm_list_tail (d, fix (5)), d);
  ok (scm_is_equal (c, d), "a cdr cycle of 3 and one of 6 with the same elements");
  SCM e = iota_list (3), f = iota_list (4);
  scm_set_cdr_x (scm_list_tail (e, fix (2)), e);
  scm_set_cdr_x (scm_list_tail (f, fix (3)), f);
  ok (!scm_is_equal (e, f), "cycles of (0 1 2) and (0 1 2 3) differ");
  SCM g = scm_list_2 (fix (1), fix (2)), h = scm_list_2 (fix (1), fix (2));
  scm_set_cdr_x (SCM_CDR (g), g);
  scm_set_cdr_x (SCM_CDR (h), scm_list_2 (fix (1), fix (2)));
  scm_set_cdr_x (SCM_CDR (SCM_CDR (SCM_CDR (h))), h);
  ok (scm_is_equal (g, h), "a cycle entered at different points of its period");
}

static void
test_primitives (void)
{
  static const char *names[] = { "eq?", "eqv?", "equal?" };
  int all = 1;
  for (size_t i = 0; i < 3; i++)
    all &= scm_is_subr (scm_variable_ref (scm_c_lookup (names[i])));
  ok (all, "eq? eqv? equal? are primitives");
  SCM equal = scm_variable_ref (scm_c_lookup ("equal?"));
  ok (scm_is_true (scm_call_2 (equal, str ("s"), str ("s"))),
      "(equal? \"s\" \"s\") through the subr");
  SCM eqv = scm_variable_ref (scm_c_lookup ("eqv?"));
  ok (scm_is_false (scm_call_2 (eqv, str ("s"), str ("s"))),
      "(eqv? \"s\" \"s\") through the subr");
}

int
main (void)
{
  scm_init ();
  test_eq ();
  test_eqv ();
  test_equal_atoms ();
  test_equal_structures ();
  test_equal_leaf_cars ();
  test_equal_cycles ();
  test_equal_depth ();
  test_equal_memory ();
  test_primitives ();
  return tap_done ();
}
