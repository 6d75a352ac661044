/* eq.c -- eq?, eqv?, equal?
   SPDX-License-Identifier: LGPL-3.0-or-later

   FOUNDATION PLACEHOLDER: recursive equal?; the printer work replaces
   it with the cycle-safe, non-recursive one.  */

#include "strings-internal.h"
#include "init-internal.h"

#include <string.h>
#include <libscm/eq.h>
#include <libscm/numbers.h>
#include <libscm/vectors.h>

int
scm_is_eqv (SCM x, SCM y)
{
  if (scm_is_eq (x, y))
    return 1;
  if (scm_is_flonum (x) && scm_is_flonum (y))
    return memcmp (SCM_UNPACK_POINTER (x) + 1, SCM_UNPACK_POINTER (y) + 1,
                   sizeof (double)) == 0;
  return 0;
}

int
scm_is_equal (SCM x, SCM y)
{
  if (scm_is_eqv (x, y))
    return 1;
  if (scm_is_pair (x) && scm_is_pair (y))
    return scm_is_equal (SCM_CAR (x), SCM_CAR (y))
      && scm_is_equal (SCM_CDR (x), SCM_CDR (y));
  if (scm_is_string (x) && scm_is_string (y))
    return scm_i_string_equal (x, y);
  if (scm_is_vector (x) && scm_is_vector (y))
    {
      size_t n = SCM_VECTOR_LENGTH (x);
      if (n != SCM_VECTOR_LENGTH (y))
        return 0;
      for (size_t i = 0; i < n; i++)
        if (!scm_is_equal (SCM_VECTOR_REF (x, i), SCM_VECTOR_REF (y, i)))
          return 0;
      return 1;
    }
  return 0;
}

SCM_DEFINE (scm_eq_p, "eq?", 2, 0, 0, (SCM x, SCM y),
            "Return @code{#t} if @var{x} and @var{y} are the same object.")
{
  return scm_from_bool (scm_is_eq (x, y));
}

SCM_DEFINE (scm_eqv_p, "eqv?", 2, 0, 0, (SCM x, SCM y),
            "Return @code{#t} if @var{x} and @var{y} are equivalent.")
{
  return scm_from_bool (scm_is_eqv (x, y));
}

SCM_DEFINE (scm_equal_p, "equal?", 2, 0, 0, (SCM x, SCM y),
            "Return @code{#t} if @var{x} and @var{y} are structurally equal.")
{
  return scm_from_bool (scm_is_equal (x, y));
}

void
scm_init_eq (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "eq.x"
#endif
}
