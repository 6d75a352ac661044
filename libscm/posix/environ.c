/* environ.c -- environment variables: (scheme process-context)'s
   readers, and Guile's getenv, setenv, unsetenv and environ
   SPDX-License-Identifier: LGPL-3.0-or-later

   The environment belongs to the process: a change is seen by every
   thread and instance, and by the children started afterwards.  */

#include "posix/posix-internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <unistr.h>
#include <libscm/conditions.h>
#include <libscm/environ.h>
#include <libscm/lists.h>
#include <libscm/pairs.h>
#include <libscm/snarf.h>
#include <libscm/strings.h>

extern char **environ;

/* A new string of the LEN bytes at S, decoded from UTF-8 with U+FFFD
   for each byte that starts no valid sequence.  */
static SCM
decode_leniently (const char *s, size_t len)
{
  uint32_t *chars = malloc ((len + 1) * sizeof (uint32_t));
  size_t n = 0;
  if (chars == NULL)
    scm_out_of_memory ("get-environment-variable",
                       (len + 1) * sizeof (uint32_t));

  for (size_t i = 0; i < len;)
    {
      ucs4_t c;
      int k = u8_mbtoucr (&c, (const uint8_t *) s + i, len - i);
      if (k <= 0)
        {
          c = 0xfffd;
          k = 1;
        }
      chars[n++] = c;
      i += (size_t) k;
    }
  /* Scalar values only, so the conversion cannot raise: free at once.  */
  SCM str = scm_from_utf32_stringn (chars, n);
  free (chars);
  return str;
}

SCM_DEFINE (scm_get_environment_variable, "get-environment-variable", 1, 0, 0,
            (SCM name),
            "Return the value of the environment variable @var{name} (a\n"
            "string), or @code{#f} if it is not set.  Bytes of the value\n"
            "that are not UTF-8 read as U+FFFD.")
{
  size_t len;
  SCM_ASSERT_TYPE (scm_is_string (name), name, 1,
                   "get-environment-variable", "string");
  char *c_name = scm_to_utf8_stringn (name, &len);
  /* A name with NUL or `=' cannot be set: getenv would misread it.  */
  const char *value = strlen (c_name) != len || strchr (c_name, '=') != NULL
    ? NULL : getenv (c_name);
  free (c_name);
  return value ? decode_leniently (value, strlen (value)) : SCM_BOOL_F;
}

SCM_DEFINE (scm_get_environment_variables, "get-environment-variables",
            0, 0, 0, (void),
            "Return an association list of every environment variable,\n"
            "pairs @code{(@var{name} . @var{value})} of strings, in the\n"
            "order of the process's environment.")
{
  SCM result = SCM_EOL;
  for (char **e = environ; e != NULL && *e != NULL; e++)
    {
      const char *eq = strchr (*e, '=');
      if (eq == NULL)
        continue;
      SCM entry = scm_cons (decode_leniently (*e, (size_t) (eq - *e)),
                            decode_leniently (eq + 1, strlen (eq + 1)));
      result = scm_cons (entry, result);
    }
  return scm_reverse_x (result, SCM_EOL);
}

SCM_DEFINE (scm_getenv, "getenv", 1, 0, 0, (SCM name),
            "Return the value of the environment variable @var{name}, or "
            "@code{#f} if it is not set (Guile's name for "
            "@code{get-environment-variable}).")
{
  SCM_ASSERT_TYPE (scm_is_string (name), name, 1, "getenv", "string");
  return scm_get_environment_variable (name);
}

/* NAME (argument POS of WHO) as a C string fit to be a variable's
   name: no NUL, no `=', not empty.  From malloc.  */
static char *
variable_name (SCM name, int pos, const char *who)
{
  size_t len;
  SCM_ASSERT_TYPE (scm_is_string (name), name, pos, who, "string");
  char *c = scm_to_utf8_stringn (name, &len);
  if (len == 0 || strlen (c) != len || strchr (c, '=') != NULL)
    {
      free (c);
      scm_wrong_type_arg_msg (who, pos, name,
                              "variable name without NUL or =");
    }
  return c;
}

SCM_DEFINE (scm_setenv, "setenv", 2, 0, 0, (SCM name, SCM value),
            "Set the environment variable @var{name} to the string "
            "@var{value}; with @var{value} @code{#f}, unset it.")
{
  char *c_name = variable_name (name, 1, "setenv");
  if (scm_is_false (value))
    {
      unsetenv (c_name);
      free (c_name);
      return SCM_UNSPECIFIED;
    }
  size_t len;
  if (!scm_is_string (value))
    {
      free (c_name);
      scm_wrong_type_arg_msg ("setenv", 2, value, "string or #f");
    }
  char *c_value = scm_to_utf8_stringn (value, &len);
  int bad = strlen (c_value) != len;
  int r = bad ? 0 : setenv (c_name, c_value, 1);
  int err = errno;
  free (c_name);
  free (c_value);
  if (bad)
    scm_wrong_type_arg_msg ("setenv", 2, value, "string without NUL");
  if (r != 0)
    scm_syserror_msg ("setenv", NULL, scm_list_1 (name), err);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_unsetenv, "unsetenv", 1, 0, 0, (SCM name),
            "Remove the environment variable @var{name}, if it is set.")
{
  char *c_name = variable_name (name, 1, "unsetenv");
  unsetenv (c_name);
  free (c_name);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_environ, "environ", 0, 1, 0, (SCM env),
            "Without an argument, return the environment as a list of "
            "@code{\"NAME=VALUE\"} strings.  With @var{env}, such a "
            "list, make it the whole environment.")
{
  if (SCM_UNBNDP (env))
    {
      SCM result = SCM_EOL;
      for (char **e = environ; e != NULL && *e != NULL; e++)
        result = scm_cons (decode_leniently (*e, strlen (*e)), result);
      return scm_reverse_x (result, SCM_EOL);
    }
  SCM_ASSERT_TYPE (scm_c_list_length (env) >= 0, env, 1, "environ",
                   "list of strings");
  for (SCM l = env; scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM s = SCM_CAR (l);
      size_t len;
      SCM_ASSERT_TYPE (scm_is_string (s), s, 1, "environ", "string");
      char *c = scm_to_utf8_stringn (s, &len);
      int ok = strlen (c) == len && strchr (c, '=') != NULL && c[0] != '=';
      free (c);
      if (!ok)
        scm_wrong_type_arg_msg ("environ", 1, s, "\"NAME=VALUE\" string");
    }
  clearenv ();
  for (SCM l = env; scm_is_pair (l); l = SCM_CDR (l))
    {
      char *c = scm_to_utf8_string (SCM_CAR (l));
      char *eq = strchr (c, '=');
      *eq = '\0';
      setenv (c, eq + 1, 1);
      free (c);
    }
  return SCM_UNSPECIFIED;
}

void
scm_init_environ (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "posix/environ.x"
#endif
}
