/* sort.c -- Guile's sorting procedures: sort, sort!, stable-sort,
   stable-sort!, sorted?, merge and merge!
   SPDX-License-Identifier: LGPL-3.0-or-later

   One algorithm for all: a bottom-up merge sort over a vector of the
   elements, which is stable (an element that the predicate does not
   put before an earlier one stays after it), so that `sort' and
   `stable-sort' are the same procedure.  It works on a copy: LESS is
   the program's own procedure, and whatever it does to the sequence
   (or however it leaves, by an error or a continuation) cannot leave
   the sort's state half-changed; the result is written back once the
   copy is sorted.  Long sorts poll for interrupts and count against
   step budgets.  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"
#include "runtime/poll-internal.h"

#include <libscm/conditions.h>
#include <libscm/eval.h>
#include <libscm/lists.h>
#include <libscm/pairs.h>
#include <libscm/subrs.h>
#include <libscm/vectors.h>

/* Whether LESS says B goes before A.  */
static inline int
before (SCM less, SCM b, SCM a, size_t *turns)
{
  SCM_I_POLL_EVERY (*turns);
  return scm_is_true (scm_call_2 (less, b, a));
}

/* Merge the sorted runs FROM[lo, mid) and FROM[mid, hi) into TO[lo, hi),
   the left run first on ties.  */
static void
merge_runs (SCM less, SCM from, SCM to, size_t lo, size_t mid, size_t hi,
            size_t *turns)
{
  size_t i = lo, j = mid, k = lo;
  while (i < mid && j < hi)
    {
      SCM a = SCM_VECTOR_REF (from, i), b = SCM_VECTOR_REF (from, j);
      if (before (less, b, a, turns))
        SCM_VECTOR_SET (to, k++, b), j++;
      else
        SCM_VECTOR_SET (to, k++, a), i++;
    }
  while (i < mid)
    SCM_VECTOR_SET (to, k++, SCM_VECTOR_REF (from, i++));
  while (j < hi)
    SCM_VECTOR_SET (to, k++, SCM_VECTOR_REF (from, j++));
}

/* Sort the elements of V (a fresh vector of the library's) by LESS;
   return the vector that holds them sorted (V or another).  */
static SCM
sort_vector (SCM v, SCM less)
{
  size_t n = SCM_VECTOR_LENGTH (v), turns = 0;
  if (n < 2)
    return v;
  SCM other = scm_c_make_vector (n, SCM_BOOL_F);
  for (size_t width = 1; width < n; width *= 2)
    {
      for (size_t lo = 0; lo < n; lo += 2 * width)
        {
          size_t mid = lo + width < n ? lo + width : n;
          size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
          merge_runs (less, v, other, lo, mid, hi, &turns);
        }
      SCM t = v;
      v = other;
      other = t;
    }
  return v;
}

static void
check_less (SCM less, int pos, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_true (scm_procedure_p (less)), less, pos, who,
                   "procedure");
}

/* A fresh vector of the elements of ITEMS, a proper list or a vector
   (argument 1 of WHO).  */
static SCM
elements (SCM items, const char *who)
{
  if (scm_is_vector (items))
    {
      size_t n = SCM_VECTOR_LENGTH (items);
      SCM v = scm_c_make_vector (n, SCM_BOOL_F);
      for (size_t i = 0; i < n; i++)
        SCM_VECTOR_SET (v, i, SCM_VECTOR_REF (items, i));
      return v;
    }
  /* A proper, finite list: a circular one is refused, not sorted
     forever.  */
  SCM_ASSERT_TYPE (scm_c_list_length (items) >= 0, items, 1, who,
                   "list or vector");
  return scm_list_to_vector (items);
}

static SCM
vector_to_list (SCM v)
{
  SCM list = SCM_EOL;
  for (size_t i = SCM_VECTOR_LENGTH (v); i > 0; i--)
    list = scm_cons (SCM_VECTOR_REF (v, i - 1), list);
  return list;
}

static SCM
sort_copy (SCM items, SCM less, const char *who)
{
  check_less (less, 2, who);
  SCM sorted = sort_vector (elements (items, who), less);
  return scm_is_vector (items) ? sorted : vector_to_list (sorted);
}

/* Raise the error of a mutator WHO unless the vector or the pairs of
   the list ITEMS (argument POS) may be changed: a literal constant may
   not, not even partly (a list whose tail is one).  */
static void
check_mutable (SCM items, int pos, const char *who)
{
  if (scm_is_vector (items))
    {
      if (scm_i_is_immutable_vector (items))
        scm_i_refuse_literal (items, who);
      return;
    }
  for (SCM p = items; scm_is_pair (p); p = SCM_CDR (p))
    scm_i_mutable_pair_arg (p, pos, who);
}

static SCM
sort_in_place (SCM items, SCM less, const char *who)
{
  check_less (less, 2, who);
  SCM copy = elements (items, who);     /* the type error first */
  check_mutable (items, 1, who);
  SCM sorted = sort_vector (copy, less);
  if (scm_is_vector (items))
    {
      /* The vector may have been changed meanwhile, not its length.  */
      size_t n = SCM_VECTOR_LENGTH (items);
      for (size_t i = 0; i < n && i < SCM_VECTOR_LENGTH (sorted); i++)
        SCM_VECTOR_SET (items, i, SCM_VECTOR_REF (sorted, i));
      return items;
    }
  /* The list's own pairs, in their order, get the sorted elements.  */
  size_t i = 0, n = SCM_VECTOR_LENGTH (sorted);
  for (SCM p = items; scm_is_pair (p) && i < n; p = SCM_CDR (p))
    SCM_SETCAR (p, SCM_VECTOR_REF (sorted, i++));
  return items;
}

SCM_DEFINE (scm_sort, "sort", 2, 0, 0, (SCM items, SCM less),
            "Return a new list or vector of the elements of @var{items} (a\n"
            "list or a vector), sorted so that @code{(@var{less} b a)} is\n"
            "false for every element @var{a} before an element @var{b}.\n"
            "The sort is stable: elements that @var{less} does not order\n"
            "keep their order.")
{
  return sort_copy (items, less, "sort");
}

SCM_DEFINE (scm_stable_sort, "stable-sort", 2, 0, 0, (SCM items, SCM less),
            "The same as @code{sort}, which is stable.")
{
  return sort_copy (items, less, "stable-sort");
}

SCM_DEFINE (scm_sort_x, "sort!", 2, 0, 0, (SCM items, SCM less),
            "Sort @var{items} (a list or a vector) as @code{sort} does, in\n"
            "place: a vector's slots, or a list's pairs in their order, get\n"
            "the sorted elements.  Return @var{items}.")
{
  return sort_in_place (items, less, "sort!");
}

SCM_DEFINE (scm_stable_sort_x, "stable-sort!", 2, 0, 0,
            (SCM items, SCM less),
            "The same as @code{sort!}, which is stable.")
{
  return sort_in_place (items, less, "stable-sort!");
}

SCM_DEFINE (scm_sorted_p, "sorted?", 2, 0, 0, (SCM items, SCM less),
            "Return @code{#t} if no element of @var{items} (a list or a\n"
            "vector) comes, by @var{less}, before the element before it.")
{
  check_less (less, 2, "sorted?");
  SCM v = elements (items, "sorted?");
  size_t turns = 0;
  for (size_t i = 1; i < SCM_VECTOR_LENGTH (v); i++)
    if (before (less, SCM_VECTOR_REF (v, i), SCM_VECTOR_REF (v, i - 1),
                &turns))
      return SCM_BOOL_F;
  return SCM_BOOL_T;
}

/* Merge the sorted proper lists A and B, the elements of A first on
   ties.  With REUSE, the result is made of their pairs.  */
static SCM
merge_lists (SCM a, SCM b, SCM less, int reuse, const char *who)
{
  check_less (less, 3, who);
  /* Checked first, so that an improper list is an error before any
     pair is relinked.  */
  SCM_ASSERT_TYPE (scm_c_list_length (a) >= 0, a, 1, who, "proper list");
  SCM_ASSERT_TYPE (scm_c_list_length (b) >= 0, b, 2, who, "proper list");
  if (reuse)
    {
      check_mutable (a, 1, who);
      check_mutable (b, 2, who);
    }
  SCM result = SCM_EOL, *tail = &result;
  size_t turns = 0;
  while (scm_is_pair (a) && scm_is_pair (b))
    {
      SCM *from = before (less, SCM_CAR (b), SCM_CAR (a), &turns) ? &b : &a;
      SCM pair = *from;
      *from = SCM_CDR (pair);
      if (!reuse)
        pair = scm_cons (SCM_CAR (pair), SCM_EOL);
      *tail = pair;
      tail = (SCM *) SCM_UNPACK_POINTER (pair) + 1;
    }
  SCM rest = scm_is_pair (a) ? a : b;
  *tail = reuse ? rest : scm_list_copy (rest);
  return result;
}

SCM_DEFINE (scm_merge, "merge", 3, 0, 0, (SCM alist, SCM blist, SCM less),
            "Return a new list of the elements of the sorted lists\n"
            "@var{alist} and @var{blist}, sorted by @var{less}; on ties the\n"
            "elements of @var{alist} come first.")
{
  return merge_lists (alist, blist, less, 0, "merge");
}

SCM_DEFINE (scm_merge_x, "merge!", 3, 0, 0, (SCM alist, SCM blist, SCM less),
            "The same as @code{merge}, made of the pairs of @var{alist}\n"
            "and @var{blist}.")
{
  return merge_lists (alist, blist, less, 1, "merge!");
}

void
scm_init_sort (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "values/sort.x"
#endif
}
