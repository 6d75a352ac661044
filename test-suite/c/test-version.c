/* test-version.c -- version and features
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <stdio.h>
#include <string.h>
#include <libscm.h>
#include "tap.h"
#include "calls.h"

static int
has (SCM list, const char *name)
{
  return scm_is_true (scm_memq (scm_from_utf8_symbol (name), list));
}

static void
test_features (void)
{
  SCM f = call ("features", SCM_EOL);
  long n = scm_c_list_length (f);
  int symbols = n > 0, unique = 1;
  for (SCM l = f; scm_is_pair (l); l = SCM_CDR (l))
    {
      symbols &= scm_is_symbol (SCM_CAR (l));
      unique &= scm_is_false (scm_memq (SCM_CAR (l), SCM_CDR (l)));
    }
  ok (symbols && unique, "features is a list of %ld distinct symbols: %s",
      n, scm_to_utf8_stringn (scm_object_to_string (f, SCM_UNDEFINED), NULL));
  ok (has (f, "r7rs") && has (f, "full-unicode") && has (f, "ieee-float")
      && has (f, "libscm"), "r7rs full-unicode ieee-float libscm");
  ok (!has (f, "ratios") && !has (f, "exact-closed")
      && !has (f, "exact-complex"), "not ratios, exact-closed, exact-complex");
  char version[64];
  snprintf (version, sizeof version, "libscm-%s",
            scm_to_utf8_stringn (scm_version (), NULL));
  ok (has (f, version), "%s", version);
#ifdef __linux__
  ok (has (f, "posix") && has (f, "unix") && has (f, "linux"),
      "posix unix linux");
#endif
#ifdef __x86_64__
  ok (has (f, "x86-64") && !has (f, "i386"), "x86-64");
#endif
#ifdef __LP64__
  ok (has (f, "lp64") && !has (f, "ilp32"), "lp64");
#endif
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  ok (has (f, "little-endian") && !has (f, "big-endian"), "little-endian");
#else
  ok (has (f, "big-endian") && !has (f, "little-endian"), "big-endian");
#endif
  SCM g = call ("features", SCM_EOL);
  ok (scm_is_equal (f, g) && !scm_is_eq (f, g), "a fresh list each time");
  scm_set_car_x (g, SCM_BOOL_F);
  ok (has (call ("features", SCM_EOL), "r7rs"),
      "changing one changes no other");
  SCM r = try_call ("features", LIST (SCM_BOOL_T));
  ok (is_error (r, "wrong-number-of-args", "features",
                "wrong number of arguments (expected 0, given 1)",
                SCM_UNDEFINED),
      "features takes no argument");
}

int
main (void)
{
  scm_init ();
  test_features ();
  return tap_done ();
}
