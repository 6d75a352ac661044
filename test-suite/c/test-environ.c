/* test-environ.c -- get-environment-variable(s): values, decoding
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libscm.h>
#include "tap.h"
#include "calls.h"

extern char **environ;

static SCM
str (const char *utf8)
{
  return scm_from_utf8_string (utf8);
}

static SCM
getenv_scm (const char *name)
{
  return call ("get-environment-variable", LIST (str (name)));
}

static void
test_one (void)
{
  setenv ("SCM_TEST_VAR", "h\xc3\xa9llo \xe2\x82\xac", 1);
  ok (is_string (getenv_scm ("SCM_TEST_VAR"), "h\xc3\xa9llo \xe2\x82\xac"),
      "a UTF-8 value");
  setenv ("SCM_TEST_EMPTY", "", 1);
  ok (is_string (getenv_scm ("SCM_TEST_EMPTY"), ""), "an empty value");
  unsetenv ("SCM_TEST_UNSET");
  ok (scm_is_eq (getenv_scm ("SCM_TEST_UNSET"), SCM_BOOL_F),
      "an unset variable is #f");
  setenv ("SCM_TEST_BAD", "a\xff" "b\xe2\x82", 1);
  ok (is_string (getenv_scm ("SCM_TEST_BAD"),
                 "a\xef\xbf\xbd" "b\xef\xbf\xbd\xef\xbf\xbd"),
      "bytes that are not UTF-8 read as U+FFFD, one each");
  setenv ("SCM_TEST_EQ", "x=y", 1);
  ok (is_string (getenv_scm ("SCM_TEST_EQ"), "x=y"),
      "a value holding `='");
  ok (scm_is_eq (getenv_scm ("SCM_TEST_EQ=x"), SCM_BOOL_F),
      "a name holding `=' is never set");
  SCM nul = scm_from_utf8_stringn ("SCM_TEST_VAR\0x", 14);
  ok (scm_is_eq (call ("get-environment-variable", LIST (nul)), SCM_BOOL_F),
      "nor is a name holding NUL");
  SCM r = try_call ("get-environment-variable",
                    LIST (scm_from_utf8_symbol ("HOME")));
  ok (is_error (r, "wrong-type-arg", "get-environment-variable",
                "wrong type argument in position 1 (expected string)",
                scm_from_utf8_symbol ("HOME")), "a symbol is the wrong type");
}

static void
test_all (void)
{
  long count = 0;
  for (char **e = environ; *e; e++)
    count += strchr (*e, '=') != NULL;
  SCM all = call ("get-environment-variables", SCM_EOL);
  ok (scm_c_list_length (all) == count,
      "one entry per variable (%ld)", count);
  SCM var = scm_assoc (str ("SCM_TEST_VAR"), all);
  ok (scm_is_pair (var)
      && is_string (SCM_CDR (var), "h\xc3\xa9llo \xe2\x82\xac"),
      "entries are (name . value)");
  SCM eq = scm_assoc (str ("SCM_TEST_EQ"), all);
  ok (scm_is_pair (eq) && is_string (SCM_CDR (eq), "x=y"),
      "a name ends at the first `='");
  SCM first = scm_is_pair (all) ? SCM_CAR (all) : SCM_BOOL_F;
  const char *eq0 = environ[0] ? strchr (environ[0], '=') : NULL;
  ok (scm_is_pair (first) && eq0
      && is_string (SCM_CDR (first), eq0 + 1),
      "in the order of the environment");
}

int
main (void)
{
  scm_init ();
  test_one ();
  test_all ();
  return tap_done ();
}
