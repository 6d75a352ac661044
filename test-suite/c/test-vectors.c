/* test-vectors.c -- vectors: copying and appending, ranges, errors
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <stdio.h>
#include <string.h>
#include <libscm.h>
#include "tap.h"
#include "calls.h"

#define N(n) SCM_MAKE_FIXNUM (n)

/* A new vector of the N numbers FIRST, FIRST + 1, ...  */
static SCM
iota (size_t n, long first)
{
  SCM v = scm_c_make_vector (n, SCM_BOOL_F);
  for (size_t i = 0; i < n; i++)
    scm_c_vector_set_x (v, i, N (first + (long) i));
  return v;
}

/* Nonzero if V is a vector whose elements print as WANT, e.g. "#(1 2)";
   shows V if not.  */
static int
is_vector (SCM v, const char *want)
{
  if (!scm_is_vector (v))
    {
      diag ("not a vector");
      return 0;
    }
  return is_string (scm_object_to_string (v, SCM_UNDEFINED), want);
}

static void
test_vector_copy_x (void)
{
  SCM to = iota (5, 0), r;

  r = call ("vector-copy!", LIST (to, N (1), iota (3, 10)));
  ok (scm_is_unspecified (r) && is_vector (to, "#(0 10 11 12 4)"),
      "(vector-copy! #(0 1 2 3 4) 1 #(10 11 12))");
  call ("vector-copy!", LIST (to, N (0), iota (5, 20), N (3)));
  ok (is_vector (to, "#(23 24 11 12 4)"), "with a start");
  call ("vector-copy!", LIST (to, N (4), iota (5, 30), N (2), N (3)));
  ok (is_vector (to, "#(23 24 11 12 32)"), "with a start and an end");
  call ("vector-copy!", LIST (to, N (5), iota (5, 30), N (2), N (2)));
  ok (is_vector (to, "#(23 24 11 12 32)"), "nothing at the very end");

  SCM v = iota (6, 0);
  call ("vector-copy!", LIST (v, N (2), v, N (0), N (4)));
  ok (is_vector (v, "#(0 1 0 1 2 3)"), "an overlapping copy forward");
  v = iota (6, 0);
  call ("vector-copy!", LIST (v, N (0), v, N (2)));
  ok (is_vector (v, "#(2 3 4 5 4 5)"), "an overlapping copy backward");

  to = iota (3, 0);
  r = try_call ("vector-copy!", LIST (to, N (1), iota (3, 10)));
  ok (is_error (r, "out-of-range", "vector-copy!",
                "argument out of range in position 2", N (1)),
      "three elements do not fit from index 1 of three");
  ok (is_vector (to, "#(0 1 2)"), "and nothing was copied");
  r = try_call ("vector-copy!", LIST (to, N (4), iota (0, 0)));
  ok (is_error (r, "out-of-range", "vector-copy!",
                "argument out of range in position 2", N (4)),
      "an index past the end, even copying nothing");
  r = try_call ("vector-copy!", LIST (to, N (0), iota (3, 0), N (2), N (1)));
  ok (is_error (r, "out-of-range", "vector-copy!",
                "argument out of range in position 4", N (2)),
      "a start after the end");
  r = try_call ("vector-copy!", LIST (to, N (0), iota (3, 0), N (0), N (4)));
  ok (is_error (r, "out-of-range", "vector-copy!",
                "argument out of range in position 5", N (4)),
      "an end past the source");
  r = try_call ("vector-copy!", LIST (to, N (0), LIST (N (1))));
  ok (is_error (r, "wrong-type-arg", "vector-copy!",
                "wrong type argument in position 3 (expected vector)",
                LIST (N (1))), "a list source is the wrong type");
  r = try_call ("vector-copy!", LIST (scm_from_utf8_string ("abc"), N (0),
                                      to));
  ok (is_error (r, "wrong-type-arg", "vector-copy!",
                "wrong type argument in position 1 (expected vector)",
                scm_from_utf8_string ("abc")),
      "a string destination is the wrong type");
  r = try_call ("vector-copy!", LIST (to, N (-1), to));
  ok (is_error (r, "out-of-range", "vector-copy!",
                "argument out of range in position 2", N (-1)),
      "a negative index");
}

static void
test_vector_append (void)
{
  SCM r = call ("vector-append", SCM_EOL);
  ok (is_vector (r, "#()"), "(vector-append) => #()");
  SCM v = iota (2, 0);
  r = call ("vector-append", LIST (v));
  ok (is_vector (r, "#(0 1)") && !scm_is_eq (r, v),
      "one vector gives a fresh copy");
  r = call ("vector-append", LIST (iota (2, 0), iota (0, 0), iota (3, 5),
                                   iota (1, 9)));
  ok (is_vector (r, "#(0 1 5 6 7 9)"), "four vectors, one empty");
  r = try_call ("vector-append", LIST (iota (2, 0), N (3), iota (1, 0)));
  ok (is_error (r, "wrong-type-arg", "vector-append",
                "wrong type argument in position 2 (expected vector)",
                N (3)), "a number in position 2 is named");
}

/* The optional start and end of the R7RS vector procedures.  */
static void
test_ranges (void)
{
  SCM v = iota (5, 0);

  ok (scm_is_equal (call ("vector->list", LIST (v, N (1), N (3))),
                    LIST (N (1), N (2))), "(vector->list v 1 3) => (1 2)");
  ok (scm_is_equal (call ("vector->list", LIST (v, N (3))),
                    LIST (N (3), N (4))), "(vector->list v 3) => (3 4)");
  ok (is_vector (call ("vector-copy", LIST (v, N (4))), "#(4)"),
      "(vector-copy v 4) => #(4)");
  ok (is_vector (call ("vector-copy", LIST (v, N (1), N (2))), "#(1)"),
      "(vector-copy v 1 2) => #(1)");
  SCM w = iota (5, 0);
  call ("vector-fill!", LIST (w, SCM_BOOL_T, N (1), N (3)));
  ok (is_vector (w, "#(0 #t #t 3 4)"), "(vector-fill! v #t 1 3)");
  SCM chars = scm_c_make_vector (3, SCM_MAKE_CHAR ('x'));
  scm_c_vector_set_x (chars, 2, SCM_MAKE_CHAR ('y'));
  ok (is_string (call ("vector->string", LIST (chars, N (1))), "xy"),
      "(vector->string #(#\\x #\\x #\\y) 1) => \"xy\"");
  ok (is_vector (call ("string->vector",
                       LIST (scm_from_utf8_string ("abc"), N (1), N (2))),
                 "#(#\\b)"), "(string->vector \"abc\" 1 2) => #(#\\b)");
  SCM r = try_call ("vector->list", LIST (v, N (6)));
  ok (is_error (r, "out-of-range", "vector->list",
                "argument out of range in position 2", N (6)),
      "a start past the end is out of range");
}

/* The number of elements of V that are not FILL.  */
static size_t
count_other (SCM v, SCM fill)
{
  size_t n = 0, k = scm_c_vector_length (v);
  for (size_t i = 0; i < k; i++)
    if (!scm_is_eq (scm_c_vector_ref (v, i), fill))
      n++;
  return n;
}

/* A large vector's block is not cleared by libgc (vectors.c): the fill
   must reach every element, also in a block that held another vector.  */
static void
test_large_vectors (void)
{
  size_t k = (size_t) 1 << 20;
  for (int round = 0; round < 3; round++)
    {
      SCM old = scm_c_make_vector (k, SCM_BOOL_T);
      ok (count_other (old, SCM_BOOL_T) == 0,
          "round %d: 2^20 elements, every one the fill", round);
      old = SCM_BOOL_F;
      scm_gc ();
      SCM v = scm_c_make_vector (k + 7, N (0));
      ok (count_other (v, N (0)) == 0 && scm_c_vector_length (v) == k + 7,
          "round %d: a vector in a freed block holds only its fill", round);
    }
  SCM r = try_call ("make-vector", LIST (N (1L << 40)));
  ok (scm_is_condition (r), "an impossible size is an error, not a crash");
}

int
main (void)
{
  scm_init ();
  test_vector_copy_x ();
  test_vector_append ();
  test_ranges ();
  test_large_vectors ();
  return tap_done ();
}
