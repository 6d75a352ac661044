/* regex.c -- POSIX extended regular expressions, for ,apropos
   SPDX-License-Identifier: LGPL-3.0-or-later

   The C library's regcomp and regexec over UTF-8 text: a filter that
   compiles a pattern once and keeps the strings it matches.  */

#include "posix/posix-internal.h"

#include <regex.h>
#include <stdlib.h>
#include <libscm/snarf.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/pairs.h>
#include <libscm/strings.h>

SCM_DEFINE (scm_i_regexp_filter, "%regexp-filter", 2, 0, 0,
            (SCM pattern, SCM strings),
            "Return the elements of list @var{strings} that POSIX extended "
            "regular expression @var{pattern} matches (anywhere in them), "
            "in their order.  An invalid pattern is an error that says "
            "why.")
{
  SCM_ASSERT_TYPE (scm_is_string (pattern), pattern, 1, "%regexp-filter",
                   "string");
  regex_t re;
  char *text = scm_to_utf8_stringn (pattern, NULL);
  int err = regcomp (&re, text, REG_EXTENDED | REG_NOSUB);
  free (text);
  if (err != 0)
    {
      char msg[200];
      regerror (err, &re, msg, sizeof msg);
      scm_c_raise_error ("misc-error", "%regexp-filter", msg,
                         scm_list_1 (pattern));
    }
  SCM acc = SCM_EOL;
  for (SCM l = strings; scm_is_pair (l); l = SCM_CDR (l))
    if (scm_is_string (SCM_CAR (l)))
      {
        char *s = scm_to_utf8_stringn (SCM_CAR (l), NULL);
        int match = regexec (&re, s, 0, NULL, 0) == 0;
        free (s);
        if (match)
          acc = scm_cons (SCM_CAR (l), acc);
      }
  regfree (&re);
  return scm_reverse_x (acc, SCM_EOL);
}

void
scm_init_regex (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "posix/regex.x"
#endif
}
