/* pairs.c -- pairs: car and cdr, 16 bytes, no header
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"

#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/pairs.h>

SCM_DEFINE (scm_cons, "cons", 2, 0, 0, (SCM car, SCM cdr),
            "Return a new pair whose car is @var{car} and cdr @var{cdr}.")
{
  scm_t_bits *p = scm_i_alloc (2 * sizeof (scm_t_bits));
  p[0] = SCM_UNPACK (car);
  p[1] = SCM_UNPACK (cdr);
  return SCM_PACK_POINTER (p);
}

SCM_DEFINE (scm_pair_p, "pair?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a pair.")
{
  return scm_from_bool (scm_is_pair (obj));
}

SCM_DEFINE (scm_car, "car", 1, 0, 0, (SCM pair),
            "Return the car (first field) of @var{pair}.")
{
  SCM_ASSERT_TYPE (scm_is_pair (pair), pair, 1, "car", "pair");
  return SCM_CAR (pair);
}

SCM_DEFINE (scm_cdr, "cdr", 1, 0, 0, (SCM pair),
            "Return the cdr (second field) of @var{pair}.")
{
  SCM_ASSERT_TYPE (scm_is_pair (pair), pair, 1, "cdr", "pair");
  return SCM_CDR (pair);
}

void
scm_i_mutable_pair_arg (SCM pair, int pos, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_pair (pair), pair, pos, who, "pair");
  if (scm_i_is_immutable_pair (pair))
    scm_i_refuse_literal (pair, who);
}

static inline void
mutable_pair_arg (SCM pair, const char *who)
{
  scm_i_mutable_pair_arg (pair, 1, who);
}

SCM_DEFINE (scm_set_car_x, "set-car!", 2, 0, 0, (SCM pair, SCM value),
            "Store @var{value} in the car of @var{pair}.")
{
  mutable_pair_arg (pair, "set-car!");
  SCM_SETCAR (pair, value);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_set_cdr_x, "set-cdr!", 2, 0, 0, (SCM pair, SCM value),
            "Store @var{value} in the cdr of @var{pair}.")
{
  mutable_pair_arg (pair, "set-cdr!");
  SCM_SETCDR (pair, value);
  return SCM_UNSPECIFIED;
}

/* c[ad]{2,4}r: PATH read right to left, 'a' for car, 'd' for cdr.
   Inlined into each subr, where PATH is a literal: the loop unrolls
   into its cars and cdrs (it scanned the string at every call).  */
static inline __attribute__ ((always_inline)) SCM
cxr (SCM x, const char *path, const char *who)
{
  SCM orig = x;
#pragma GCC unroll 4
  for (int i = (int) __builtin_strlen (path) - 1; i >= 0; i--)
    {
      SCM_ASSERT_TYPE (scm_is_pair (x), orig, 1, who,
                       "pair with the right structure");
      x = path[i] == 'a' ? SCM_CAR (x) : SCM_CDR (x);
    }
  return x;
}

#define DEFINE_CXR(fname, name, path, nested)				\
  SCM_DEFINE (fname, name, 1, 0, 0, (SCM x),			\
                     "Return @code{" nested "}.")			\
  {									\
    return cxr (x, path, name);						\
  }

/* The compositions of two to four cars and cdrs of R7RS's (scheme
   base) and (scheme cxr).  */
DEFINE_CXR (scm_caar, "caar", "aa", "(car (car @var{x}))")
DEFINE_CXR (scm_cadr, "cadr", "ad", "(car (cdr @var{x}))")
DEFINE_CXR (scm_cdar, "cdar", "da", "(cdr (car @var{x}))")
DEFINE_CXR (scm_cddr, "cddr", "dd", "(cdr (cdr @var{x}))")
DEFINE_CXR (scm_caaar, "caaar", "aaa", "(car (car (car @var{x})))")
DEFINE_CXR (scm_caadr, "caadr", "aad", "(car (car (cdr @var{x})))")
DEFINE_CXR (scm_cadar, "cadar", "ada", "(car (cdr (car @var{x})))")
DEFINE_CXR (scm_caddr, "caddr", "add", "(car (cdr (cdr @var{x})))")
DEFINE_CXR (scm_cdaar, "cdaar", "daa", "(cdr (car (car @var{x})))")
DEFINE_CXR (scm_cdadr, "cdadr", "dad", "(cdr (car (cdr @var{x})))")
DEFINE_CXR (scm_cddar, "cddar", "dda", "(cdr (cdr (car @var{x})))")
DEFINE_CXR (scm_cdddr, "cdddr", "ddd", "(cdr (cdr (cdr @var{x})))")
DEFINE_CXR (scm_caaaar, "caaaar", "aaaa", "(car (car (car (car @var{x}))))")
DEFINE_CXR (scm_caaadr, "caaadr", "aaad", "(car (car (car (cdr @var{x}))))")
DEFINE_CXR (scm_caadar, "caadar", "aada", "(car (car (cdr (car @var{x}))))")
DEFINE_CXR (scm_caaddr, "caaddr", "aadd", "(car (car (cdr (cdr @var{x}))))")
DEFINE_CXR (scm_cadaar, "cadaar", "adaa", "(car (cdr (car (car @var{x}))))")
DEFINE_CXR (scm_cadadr, "cadadr", "adad", "(car (cdr (car (cdr @var{x}))))")
DEFINE_CXR (scm_caddar, "caddar", "adda", "(car (cdr (cdr (car @var{x}))))")
DEFINE_CXR (scm_cadddr, "cadddr", "addd", "(car (cdr (cdr (cdr @var{x}))))")
DEFINE_CXR (scm_cdaaar, "cdaaar", "daaa", "(cdr (car (car (car @var{x}))))")
DEFINE_CXR (scm_cdaadr, "cdaadr", "daad", "(cdr (car (car (cdr @var{x}))))")
DEFINE_CXR (scm_cdadar, "cdadar", "dada", "(cdr (car (cdr (car @var{x}))))")
DEFINE_CXR (scm_cdaddr, "cdaddr", "dadd", "(cdr (car (cdr (cdr @var{x}))))")
DEFINE_CXR (scm_cddaar, "cddaar", "ddaa", "(cdr (cdr (car (car @var{x}))))")
DEFINE_CXR (scm_cddadr, "cddadr", "ddad", "(cdr (cdr (car (cdr @var{x}))))")
DEFINE_CXR (scm_cdddar, "cdddar", "ddda", "(cdr (cdr (cdr (car @var{x}))))")
DEFINE_CXR (scm_cddddr, "cddddr", "dddd", "(cdr (cdr (cdr (cdr @var{x}))))")

void
scm_init_pairs (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "values/pairs.x"
#endif
}
