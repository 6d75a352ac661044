/* environ.c -- environment variables, from (scheme process-context)
   SPDX-License-Identifier: LGPL-3.0-or-later

   Read only: R7RS has no procedure to set them.  */

#include "runtime/scm-internal.h"
#include "values/strings-internal.h"
#include "runtime/init-internal.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <unistr.h>
#include <libscm/conditions.h>
#include <libscm/environ.h>
#include <libscm/lists.h>
#include <libscm/pairs.h>
#include <libscm/strings.h>

extern char **environ;

/* A new string of the LEN bytes at S, decoded from UTF-8 with U+FFFD
   for each byte that starts no valid sequence.  */
static SCM
decode_leniently (const char *s, size_t len)
{
  uint32_t *chars = scm_i_alloc_atomic ((len + 1) * sizeof (uint32_t));
  size_t n = 0;

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
  return scm_from_utf32_stringn (chars, n);
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
  char *c_name = scm_i_to_utf8_stringn (name, &len);
  /* A name with NUL or `=' cannot be set: getenv would misread it.  */
  if (strlen (c_name) != len || strchr (c_name, '=') != NULL)
    return SCM_BOOL_F;
  const char *value = getenv (c_name);
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

void
scm_init_environ (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "posix/environ.x"
#endif
}
