/* booleans.c -- #t and #f
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "runtime/init-internal.h"

#include <libscm/booleans.h>
#include <libscm/conditions.h>

SCM_DEFINE (scm_not, "not", 1, 0, 0, (SCM x),
            "Return @code{#t} if @var{x} is @code{#f}, else @code{#f}.")
{
  return scm_from_bool (scm_is_false (x));
}

SCM_DEFINE (scm_boolean_p, "boolean?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is @code{#t} or @code{#f}.")
{
  return scm_from_bool (scm_is_bool (obj));
}

SCM_DEFINE (scm_boolean_equal_p, "boolean=?", 2, 0, 1,
            (SCM b1, SCM b2, SCM rest),
            "Return @code{#t} if all the arguments are the same boolean.")
{
  SCM_ASSERT_TYPE (scm_is_bool (b1), b1, 1, "boolean=?", "boolean");
  SCM_ASSERT_TYPE (scm_is_bool (b2), b2, 2, "boolean=?", "boolean");
  int same = scm_is_eq (b1, b2), pos = 3;
  for (; scm_is_pair (rest); rest = SCM_CDR (rest), pos++)
    {
      SCM_ASSERT_TYPE (scm_is_bool (SCM_CAR (rest)), SCM_CAR (rest), pos,
                       "boolean=?", "boolean");
      same = same && scm_is_eq (b1, SCM_CAR (rest));
    }
  return scm_from_bool (same);
}

int
scm_to_bool (SCM x)
{
  SCM_ASSERT_TYPE (scm_is_bool (x), x, 1, "scm_to_bool", "boolean");
  return scm_is_true (x);
}

void
scm_init_booleans (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "values/booleans.x"
#endif
}
