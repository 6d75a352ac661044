/* regex.c -- the regular-expression filter of ,apropos
   SPDX-License-Identifier: LGPL-3.0-or-later

   A client of the public regexp API (<libscm/regexp.h>): the pattern
   is compiled once, by the same engine as make-regexp, and the strings
   it matches are kept.  */

#include "posix/posix-internal.h"

#include <libscm/snarf.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/pairs.h>
#include <libscm/regexp.h>
#include <libscm/strings.h>

SCM_DEFINE (scm_i_regexp_filter, "%regexp-filter", 2, 0, 0,
            (SCM pattern, SCM strings),
            "Return the elements of list @var{strings} that POSIX extended "
            "regular expression @var{pattern} matches (anywhere in them), "
            "in their order.  An invalid pattern is make-regexp's error, "
            "which says where and why.")
{
  SCM_ASSERT_TYPE (scm_is_string (pattern), pattern, 1, "%regexp-filter",
                   "string");
  SCM re = scm_make_regexp (pattern, SCM_EOL);
  SCM acc = SCM_EOL;
  for (SCM l = strings; scm_is_pair (l); l = SCM_CDR (l))
    if (scm_is_string (SCM_CAR (l))
        && scm_is_true (scm_regexp_exec (re, SCM_CAR (l), SCM_UNDEFINED,
                                         SCM_UNDEFINED)))
      acc = scm_cons (SCM_CAR (l), acc);
  return scm_reverse_x (acc, SCM_EOL);
}

void
scm_init_regex (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "posix/regex.x"
#endif
}
