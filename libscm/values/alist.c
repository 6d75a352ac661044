/* alist.c -- Guile's association-list procedures: acons, assq-ref,
   assq-set!, assq-remove! and their eqv? and equal? forms
   SPDX-License-Identifier: LGPL-3.0-or-later

   Lookups go through assq, assv and assoc (lists.c), so an improper or
   circular list, or an element that is not a pair, raises their error.
   Note the argument order, Guile's: the alist first, then the key,
   unlike assq.  The mutators change the list in place where they can
   (a literal constant raises) and return the list to use afterwards,
   which is a new one when the key was absent (set!) or the first entry
   went (remove!).  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"

#include <libscm/conditions.h>
#include <libscm/alist.h>
#include <libscm/eq.h>
#include <libscm/lists.h>
#include <libscm/pairs.h>

/* The entry of KEY in ALIST by KIND (0 eq?, 1 eqv?, 2 equal?), or #f.  */
static SCM
entry (int kind, SCM key, SCM alist)
{
  return kind == 0 ? scm_assq (key, alist)
    : kind == 1 ? scm_assv (key, alist) : scm_assoc (key, alist);
}

static SCM
ref (int kind, SCM alist, SCM key)
{
  SCM e = entry (kind, key, alist);
  return scm_is_pair (e) ? SCM_CDR (e) : SCM_BOOL_F;
}

static SCM
set (int kind, SCM alist, SCM key, SCM value, const char *who)
{
  SCM e = entry (kind, key, alist);
  if (!scm_is_pair (e))
    return scm_cons (scm_cons (key, value), alist);
  scm_i_mutable_pair_arg (e, 1, who);
  SCM_SETCDR (e, value);
  return alist;
}

static SCM
remove_entry (int kind, SCM alist, SCM key, const char *who)
{
  SCM e = entry (kind, key, alist);
  if (!scm_is_pair (e))
    return alist;
  /* E is in ALIST, which is proper (the lookup checked): the walk ends
     at it.  */
  if (scm_is_eq (SCM_CAR (alist), e))
    return SCM_CDR (alist);
  SCM prev = alist;
  while (!scm_is_eq (SCM_CAR (SCM_CDR (prev)), e))
    prev = SCM_CDR (prev);
  scm_i_mutable_pair_arg (prev, 1, who);
  SCM_SETCDR (prev, SCM_CDR (SCM_CDR (prev)));
  return alist;
}

SCM_DEFINE (scm_acons, "acons", 3, 0, 0, (SCM key, SCM value, SCM alist),
            "Return @var{alist} with the entry (@var{key} . @var{value}) "
            "added in front: @code{(cons (cons key value) alist)}.")
{
  return scm_cons (scm_cons (key, value), alist);
}

SCM_DEFINE (scm_assq_ref, "assq-ref", 2, 0, 0, (SCM alist, SCM key),
            "Return the value of the first entry of @var{alist} whose key "
            "is @code{eq?} to @var{key}, or @code{#f} if there is none.  "
            "The alist comes first, as in Guile.")
{
  return ref (0, alist, key);
}

SCM_DEFINE (scm_assv_ref, "assv-ref", 2, 0, 0, (SCM alist, SCM key),
            "Return the value of the first entry of @var{alist} whose key "
            "is @code{eqv?} to @var{key}, or @code{#f}.")
{
  return ref (1, alist, key);
}

SCM_DEFINE (scm_assoc_ref, "assoc-ref", 2, 0, 0, (SCM alist, SCM key),
            "Return the value of the first entry of @var{alist} whose key "
            "is @code{equal?} to @var{key}, or @code{#f}.")
{
  return ref (2, alist, key);
}

SCM_DEFINE (scm_assq_set_x, "assq-set!", 3, 0, 0,
            (SCM alist, SCM key, SCM value),
            "Set the value of the first entry of @var{alist} whose key is "
            "@code{eq?} to @var{key} to @var{value}, or add an entry in "
            "front if there is none; return the alist to use from then "
            "on.")
{
  return set (0, alist, key, value, "assq-set!");
}

SCM_DEFINE (scm_assv_set_x, "assv-set!", 3, 0, 0,
            (SCM alist, SCM key, SCM value),
            "As @code{assq-set!}, comparing keys with @code{eqv?}.")
{
  return set (1, alist, key, value, "assv-set!");
}

SCM_DEFINE (scm_assoc_set_x, "assoc-set!", 3, 0, 0,
            (SCM alist, SCM key, SCM value),
            "As @code{assq-set!}, comparing keys with @code{equal?}.")
{
  return set (2, alist, key, value, "assoc-set!");
}

SCM_DEFINE (scm_assq_remove_x, "assq-remove!", 2, 0, 0, (SCM alist, SCM key),
            "Remove the first entry of @var{alist} whose key is @code{eq?} "
            "to @var{key}, in place; return the alist to use from then "
            "on.")
{
  return remove_entry (0, alist, key, "assq-remove!");
}

SCM_DEFINE (scm_assv_remove_x, "assv-remove!", 2, 0, 0, (SCM alist, SCM key),
            "As @code{assq-remove!}, comparing keys with @code{eqv?}.")
{
  return remove_entry (1, alist, key, "assv-remove!");
}

SCM_DEFINE (scm_assoc_remove_x, "assoc-remove!", 2, 0, 0,
            (SCM alist, SCM key),
            "As @code{assq-remove!}, comparing keys with @code{equal?}.")
{
  return remove_entry (2, alist, key, "assoc-remove!");
}

void
scm_init_alist (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "values/alist.x"
#endif
}
