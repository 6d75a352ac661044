/* test-lists.c -- pairs and lists: the c[ad]r compositions, indexing
   (list-tail, list-ref, list-set!) and their errors
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <stdio.h>
#include <string.h>
#include <libscm.h>
#include "tap.h"
#include "calls.h"

#define N(n) SCM_MAKE_FIXNUM (n)

static SCM
sym (const char *name)
{
  return scm_from_utf8_symbol (name);
}

/* A full binary tree of pairs DEPTH deep whose leaves are symbols
   naming the path to them, first step first: "a" for the car, "d" for
   the cdr.  */
static SCM
tree (int depth, const char *path)
{
  char left[8], right[8];
  if (depth == 0)
    return sym (*path ? path : "root");
  snprintf (left, sizeof left, "%sa", path);
  snprintf (right, sizeof right, "%sd", path);
  return scm_cons (tree (depth - 1, left), tree (depth - 1, right));
}

/* X taken apart by the c...r NAME spells, directly.  */
static SCM
walk (SCM x, const char *name)
{
  for (int i = (int) strlen (name) - 2; i >= 1; i--)
    x = name[i] == 'a' ? SCM_CAR (x) : SCM_CDR (x);
  return x;
}

static void
test_cxr (void)
{
  static const char *const names[] = {
    "caar", "cadr", "cdar", "cddr",
    "caaar", "caadr", "cadar", "caddr", "cdaar", "cdadr", "cddar", "cdddr",
    "caaaar", "caaadr", "caadar", "caaddr", "cadaar", "cadadr", "caddar",
    "cadddr", "cdaaar", "cdaadr", "cdadar", "cdaddr", "cddaar", "cddadr",
    "cdddar", "cddddr"
  };
  SCM t = tree (4, "");
  int bound = 0, right = 0;

  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    {
      SCM var = scm_lookup_variable (sym (names[i]));
      if (scm_is_false (var))
        {
          diag ("%s is not bound", names[i]);
          continue;
        }
      bound += scm_is_true (scm_procedure_p (scm_variable_ref (var)));
      SCM got = call (names[i], LIST (t));
      if (scm_is_eq (got, walk (t, names[i])))
        right++;
      else
        diag ("%s took the wrong path", names[i]);
    }
  ok (bound == 28, "the 28 compositions caar ... cddddr are bound (%d)",
      bound);
  ok (right == 28, "each takes its own path through a tree (%d of 28)",
      right);
  ok (scm_is_eq (call ("cadddr", LIST (t)), sym ("ddda")),
      "cadddr reads right to left: cdr, cdr, cdr, car");

  SCM l = LIST (N (1), N (2), N (3), N (4), N (5));
  ok (scm_is_eq (call ("cadddr", LIST (l)), N (4)),
      "(cadddr '(1 2 3 4 5)) => 4");
  ok (scm_is_equal (call ("cddddr", LIST (l)), LIST (N (5))),
      "(cddddr '(1 2 3 4 5)) => (5)");
  SCM r = try_call ("cadddr", LIST (LIST (N (1), N (2), N (3))));
  ok (is_error (r, "wrong-type-arg", "cadddr",
                "wrong type argument in position 1 (expected pair with "
                "the right structure)", LIST (N (1), N (2), N (3))),
      "(cadddr '(1 2 3)) names the whole argument");
  r = try_call ("caaaar", LIST (N (7)));
  ok (is_error (r, "wrong-type-arg", "caaaar",
                "wrong type argument in position 1 (expected pair with "
                "the right structure)", N (7)), "(caaaar 7) raises");
}

static void
test_list_ref_tail (void)
{
  SCM l = LIST (sym ("a"), sym ("b"), sym ("c"));
  SCM r;

  ok (scm_is_eq (call ("list-tail", LIST (l, N (0))), l)
      && scm_is_eq (call ("list-tail", LIST (l, N (2))), SCM_CDR (SCM_CDR (l)))
      && scm_is_null (call ("list-tail", LIST (l, N (3)))),
      "list-tail shares the tails of its list");
  ok (scm_is_eq (call ("list-tail", LIST (N (5), N (0))), N (5)),
      "(list-tail 5 0) => 5");
  ok (scm_is_eq (call ("list-ref", LIST (l, N (2))), sym ("c")),
      "(list-ref '(a b c) 2) => c");
  r = try_call ("list-ref", LIST (l, N (3)));
  ok (is_error (r, "out-of-range", "list-ref",
                "argument out of range in position 2", N (3)),
      "list-ref past the end is out of range and names list-ref");
  r = try_call ("list-tail", LIST (l, N (4)));
  ok (is_error (r, "out-of-range", "list-tail",
                "argument out of range in position 2", N (4)),
      "list-tail past the end is out of range");
  r = try_call ("list-ref", LIST (l, N (-1)));
  ok (is_error (r, "out-of-range", "list-ref",
                "argument out of range in position 2", N (-1)),
      "a negative index is out of range");
  r = try_call ("list-ref", LIST (l, sym ("x")));
  ok (is_error (r, "wrong-type-arg", "list-ref",
                "wrong type argument in position 2 (expected exact "
                "integer)", sym ("x")), "a symbol index is the wrong type");
  SCM improper = scm_cons (N (1), scm_cons (N (2), N (3)));
  ok (scm_is_eq (call ("list-ref", LIST (improper, N (1))), N (2)),
      "list-ref reads an improper list up to its end");
  r = try_call ("list-ref", LIST (improper, N (2)));
  ok (is_error (r, "wrong-type-arg", "list-ref",
                "wrong type argument in position 1 (expected list)",
                improper), "list-ref past the end of an improper list");
  r = try_call ("list-ref", LIST (N (5), N (0)));
  ok (is_error (r, "wrong-type-arg", "list-ref",
                "wrong type argument in position 1 (expected list)",
                N (5)), "(list-ref 5 0) is the wrong type");
}

static void
test_list_set (void)
{
  SCM l = LIST (sym ("a"), sym ("b"), sym ("c"));
  SCM r;

  r = call ("list-set!", LIST (l, N (1), N (42)));
  ok (scm_is_unspecified (r)
      && scm_is_equal (l, LIST (sym ("a"), N (42), sym ("c"))),
      "(list-set! '(a b c) 1 42) changes the list in place");
  call ("list-set!", LIST (l, N (0), sym ("z")));
  call ("list-set!", LIST (l, N (2), SCM_EOL));
  ok (scm_is_equal (l, LIST (sym ("z"), N (42), SCM_EOL)),
      "list-set! of the first and the last element");
  r = try_call ("list-set!", LIST (l, N (3), N (0)));
  ok (is_error (r, "out-of-range", "list-set!",
                "argument out of range in position 2", N (3)),
      "list-set! past the end is out of range");
  ok (scm_is_equal (l, LIST (sym ("z"), N (42), SCM_EOL)),
      "and leaves the list as it was");
  r = try_call ("list-set!", LIST (SCM_EOL, N (0), N (0)));
  ok (is_error (r, "out-of-range", "list-set!",
                "argument out of range in position 2", N (0)),
      "list-set! of the empty list is out of range");
  r = try_call ("list-set!", LIST (l, scm_from_double (1.0), N (0)));
  ok (is_error (r, "wrong-type-arg", "list-set!",
                "wrong type argument in position 2 (expected exact "
                "integer)", scm_from_double (1.0)),
      "an inexact index is the wrong type");
  r = try_call ("list-set!", LIST (sym ("a"), N (0), N (0)));
  ok (is_error (r, "wrong-type-arg", "list-set!",
                "wrong type argument in position 1 (expected list)",
                sym ("a")), "list-set! of a symbol is the wrong type");
  r = try_call ("list-set!", LIST (l, N (0)));
  ok (is_error (r, "wrong-number-of-args", "list-set!",
                "wrong number of arguments (expected 3, given 2)",
                SCM_UNDEFINED),
      "list-set! takes three arguments");
}

int
main (void)
{
  scm_init ();
  test_cxr ();
  test_list_ref_tail ();
  test_list_set ();
  return tap_done ();
}
