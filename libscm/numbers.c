/* numbers.c -- fixnums and flonums: conversions and arithmetic
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "scm-internal.h"
#include "init-internal.h"

#include <libscm/conditions.h>
#include <libscm/numbers.h>

SCM
scm_from_double (double d)
{
  scm_t_bits *p = scm_i_alloc_atomic (2 * sizeof (scm_t_bits));
  p[0] = SCM_MAKE_HEADER (scm_tc8_flonum, 0, 0);
  *(double *) (p + 1) = d;
  return SCM_PACK_POINTER (p);
}

double
scm_to_double (SCM x)
{
  if (SCM_FIXNUM_P (x))
    return (double) SCM_FIXNUM_VALUE (x);
  SCM_ASSERT_TYPE (scm_is_flonum (x), x, 1, "scm_to_double", "real number");
  return SCM_FLONUM_VALUE (x);
}

SCM
scm_from_int64 (int64_t n)
{
  if (!SCM_FIXABLE (n))
    scm_c_raise_errorf ("implementation-restriction", "scm_from_int64",
                        "exact integer %lld does not fit in a fixnum "
                        "(bignums are not implemented yet)", (long long) n);
  return SCM_MAKE_FIXNUM (n);
}

int64_t
scm_to_int64 (SCM x)
{
  SCM_ASSERT_TYPE (SCM_FIXNUM_P (x), x, 1, "scm_to_int64", "exact integer");
  return SCM_FIXNUM_VALUE (x);
}

SCM scm_from_long (long n) { return scm_from_int64 (n); }
long scm_to_long (SCM x) { return (long) scm_to_int64 (x); }

SCM
scm_from_size_t (size_t n)
{
  if (n > (size_t) SCM_MOST_POSITIVE_FIXNUM)
    scm_c_raise_errorf ("implementation-restriction", "scm_from_size_t",
                        "exact integer %zu does not fit in a fixnum", n);
  return SCM_MAKE_FIXNUM (n);
}

size_t
scm_to_size_t (SCM x)
{
  SCM_ASSERT_TYPE (SCM_FIXNUM_P (x), x, 1, "scm_to_size_t", "exact integer");
  if (SCM_FIXNUM_VALUE (x) < 0)
    scm_out_of_range ("scm_to_size_t", 1, x);
  return (size_t) SCM_FIXNUM_VALUE (x);
}

int
scm_is_number (SCM x)
{
  return SCM_FIXNUM_P (x) || scm_is_flonum (x);
}

int
scm_is_exact_integer (SCM x)
{
  return SCM_FIXNUM_P (x);
}

SCM_DEFINE (scm_number_p, "number?", 1, 0, 0, (SCM x),
            "Return @code{#t} if @var{x} is a number.")
{
  return scm_from_bool (scm_is_number (x));
}

void
scm_init_numbers (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "numbers.x"
#endif
}
