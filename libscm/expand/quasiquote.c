/* quasiquote.c -- expanding quasiquote templates
   SPDX-License-Identifier: LGPL-3.0-or-later

   A template becomes the calls of the private cons, list, append and
   list->vector that build it, or a constant where a part has no
   unquote in it.  Nested quasiquotes raise the depth, unquotes lower
   it: only an unquote at depth 1 is evaluated.  */

#include "runtime/scm-internal.h"
#include "expand/ast-internal.h"
#include "expand/expand-internal.h"
#include "vm/vm-internal.h"

#include <libscm/lists.h>
#include <libscm/pairs.h>
#include <libscm/vectors.h>

static struct scm_i_node *qq (struct scm_i_scope *s, SCM x, SCM cell,
                              long depth);

static struct scm_i_node *
qq_list2 (SCM sym, struct scm_i_node *b)
{
  if (b->kind == SCM_I_N_CONST)
    return scm_i_mk_const (scm_i_literal (scm_list_2 (sym, b->value)));
  struct scm_i_node *n = scm_i_mk_private_call (SCM_BOOL_F, SCM_I_PRIVATE_LIST,
                                                2);
  n->args[0] = scm_i_mk_const (sym);
  n->args[1] = b;
  return n;
}

static struct scm_i_node *
qq_cons (struct scm_i_node *a, struct scm_i_node *d)
{
  if (a->kind == SCM_I_N_CONST && d->kind == SCM_I_N_CONST)
    return scm_i_mk_const (scm_i_literal (scm_cons (a->value, d->value)));
  struct scm_i_node *n = scm_i_mk_private_call (SCM_BOOL_F, SCM_I_PRIVATE_CONS,
                                                2);
  n->args[0] = a;
  n->args[1] = d;
  return n;
}

static int
is_form (struct scm_i_scope *s, SCM x, enum scm_i_form f)
{
  return scm_is_pair (x) && scm_i_form_of (s, SCM_CAR (x)) == f
    && scm_is_pair (SCM_CDR (x)) && scm_is_null (scm_i_cddr (x));
}

static struct scm_i_node *
qq_pair (struct scm_i_scope *s, SCM x, long depth)
{
  SCM head = SCM_CAR (x);
  if (is_form (s, head, SCM_I_F_UNQUOTE_SPLICING))
    {
      struct scm_i_node *rest = qq (s, SCM_CDR (x), x, depth);
      if (depth > 1)
        return qq_cons (qq_list2 (scm_i_sym_unquote_splicing,
                                  qq (s, scm_i_cadr (head), SCM_CDR (head),
                                      depth - 1)),
                        rest);
      struct scm_i_node *n = scm_i_mk_private_call (head, SCM_I_PRIVATE_APPEND,
                                                    2);
      n->args[0] = scm_i_expand (s, scm_i_cadr (head), SCM_CDR (head));
      n->args[1] = rest;
      return n;
    }
  return qq_cons (qq (s, head, x, depth), qq (s, SCM_CDR (x), x, depth));
}

/* The walk goes on on more C stack when the stack runs short
   (scm_i_check_c_stack).  */
SCM_I_DEFINE_DEEPER (qq_deeper, struct scm_i_node *, qq,
                     (struct scm_i_scope *, s), (SCM, x), (SCM, cell),
                     (long, depth))

static struct scm_i_node *
qq (struct scm_i_scope *s, SCM x, SCM cell, long depth)
{
  if (SCM_UNLIKELY (scm_i_check_c_stack ("quasiquote template")))
    return qq_deeper (s, x, cell, depth);
  if (is_form (s, x, SCM_I_F_UNQUOTE))
    {
      if (depth == 1)
        return scm_i_expand (s, scm_i_cadr (x), SCM_CDR (x));
      return qq_list2 (scm_i_sym_unquote,
                       qq (s, scm_i_cadr (x), SCM_CDR (x), depth - 1));
    }
  if (is_form (s, x, SCM_I_F_QUASIQUOTE))
    return qq_list2 (scm_i_sym_quasiquote,
                     qq (s, scm_i_cadr (x), SCM_CDR (x), depth + 1));
  if (scm_is_pair (x))
    return qq_pair (s, x, depth);
  if (scm_is_vector (x) && SCM_VECTOR_LENGTH (x) > 0)
    {
      struct scm_i_node *l = qq (s, scm_vector_to_list (x, SCM_UNDEFINED,
                                                         SCM_UNDEFINED),
                                 cell, depth);
      if (l->kind == SCM_I_N_CONST)
        return scm_i_mk_const (scm_i_literal (x));
      struct scm_i_node *n
        = scm_i_mk_private_call (cell, SCM_I_PRIVATE_LIST_TO_VECTOR, 1);
      n->args[0] = l;
      return n;
    }
  return scm_i_mk_const (scm_i_literal (x));
}

struct scm_i_node *
scm_i_expand_quasiquote (struct scm_i_scope *s, SCM form)
{
  scm_i_check_form_length (form, 2, 2, scm_i_sym_quasiquote);
  /* No cycle search here: qq recurses on the cdr too, so a cyclic
     template ends in the C stack's catchable error, and a search at
     every level of quasiquotes nested through their unquotes would be
     quadratic.  */
  return qq (s, scm_i_cadr (form), SCM_CDR (form), 1);
}
