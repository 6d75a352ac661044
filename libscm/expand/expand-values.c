/* expand-values.c -- the forms that bind multiple values: let-values,
   let*-values, receive (SRFI 8) and define-values
   SPDX-License-Identifier: LGPL-3.0-or-later

   Each binds formals to the values of an expression by applying a
   lambda to them (the %apply-values intrinsic, an APPLY_VALUES node):
   the lambda's parameter list is the formals, so the arity check and
   its message are the ones a lambda has.  */

#include "runtime/scm-internal.h"
#include "compile/ast-internal.h"
#include "expand/expand-internal.h"

#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>

static struct scm_i_node *
mk_apply_values (SCM where, struct scm_i_node *proc, struct scm_i_node *vals)
{
  struct scm_i_node *n = scm_i_mk_node (SCM_I_N_APPLY_VALUES, where);
  n->a = proc;
  n->b = vals;
  return n;
}


/* The lambdas of let-values, from binding I on: each binds formals I
   and applies the next to the values in temporary TMPS[I + 1]; the last
   holds the body.  */
static struct scm_i_node *
let_values_lambda (struct scm_i_scope *s, SCM bindings,
                   struct scm_i_var **tmps,
                   size_t i, SCM body, SCM form)
{
  scm_i_check_c_stack ("let-values");
  struct scm_i_lambda *l = scm_i_mk_lambda (s->lam, form);
  l->name = scm_i_sym_let_values;   /* names it in arity errors */
  scm_i_parse_formals (l, SCM_CAR (SCM_CAR (bindings)), form);
  struct scm_i_scope *inner = scm_i_new_scope (s, l, l->params,
                                               l->nreq + l->rest);
  if (scm_is_null (SCM_CDR (bindings)))
    l->body = scm_i_expand_body (inner, body, form);
  else
    l->body = mk_apply_values (form,
                               let_values_lambda (inner, SCM_CDR (bindings),
                                                  tmps, i + 1, body, form),
                               scm_i_mk_lref (inner, tmps[i + 1], SCM_BOOL_F));
  return scm_i_lambda_node (l, form);
}

static void
check_values_bindings (SCM bindings, SCM who, SCM form)
{
  if (scm_c_list_length (bindings) < 0)
    scm_i_syntax_error (who, "bad bindings", bindings, form);
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b))
    if (scm_c_list_length (SCM_CAR (b)) != 2)
      scm_i_syntax_error (who, "bad binding", SCM_CAR (b), form);
}

/* (let-values ((formals expr) ...) body...): every expr is evaluated
   first (into a temporary), outside the scope of all the formals.  */
struct scm_i_node *
scm_i_expand_let_values (struct scm_i_scope *s, SCM form)
{
  scm_i_check_form_length (form, 3, -1, scm_i_sym_let_values);
  SCM bindings = scm_i_cadr (form);
  check_values_bindings (bindings, scm_i_sym_let_values, form);
  long n = scm_c_list_length (bindings);
  if (n == 0)
    {
      struct scm_i_scope *inner = scm_i_new_scope (s, s->lam, NULL, 0);
      return scm_i_expand_body (inner, scm_i_cddr (form), form);
    }
  struct scm_i_node *let = scm_i_mk_let (n);
  long i = 0;
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b), i++)
    {
      let->vars[i] = scm_i_mk_var (scm_i_sym_tmp, s->lam);
      SCM binding = SCM_CAR (b);
      let->args[i] = scm_i_expand (s, scm_i_cadr (binding), SCM_CDR (binding));
    }
  struct scm_i_scope *inner = scm_i_new_scope (s, s->lam, NULL, 0);
  let->a = mk_apply_values (form,
                            let_values_lambda (inner, bindings, let->vars, 0,
                                               scm_i_cddr (form), form),
                            scm_i_mk_lref (inner, let->vars[0], SCM_BOOL_F));
  return let;
}

/* (let*-values ((formals expr) ...) body...): each expr in the scope of
   the formals before it.  */
static struct scm_i_node *
expand_let_star_values_list (struct scm_i_scope *s, SCM bindings, SCM body,
                             SCM form)
{
  if (scm_is_null (bindings))
    {
      struct scm_i_scope *inner = scm_i_new_scope (s, s->lam, NULL, 0);
      return scm_i_expand_body (inner, body, form);
    }
  SCM b = SCM_CAR (bindings);
  struct scm_i_node *vals = scm_i_expand (s, scm_i_cadr (b), SCM_CDR (b));
  struct scm_i_lambda *l = scm_i_mk_lambda (s->lam, form);
  l->name = scm_i_sym_let_star_values;
  scm_i_parse_formals (l, SCM_CAR (b), form);
  struct scm_i_scope *inner = scm_i_new_scope (s, l, l->params,
                                               l->nreq + l->rest);
  l->body = expand_let_star_values_list (inner, SCM_CDR (bindings), body,
                                         form);
  return mk_apply_values (form, scm_i_lambda_node (l, form), vals);
}

struct scm_i_node *
scm_i_expand_let_star_values (struct scm_i_scope *s, SCM form)
{
  scm_i_check_form_length (form, 3, -1, scm_i_sym_let_star_values);
  check_values_bindings (scm_i_cadr (form), scm_i_sym_let_star_values, form);
  return expand_let_star_values_list (s, scm_i_cadr (form), scm_i_cddr (form),
                                      form);
}

/* (receive formals expr body...), SRFI 8.  */
struct scm_i_node *
scm_i_expand_receive (struct scm_i_scope *s, SCM form)
{
  scm_i_check_form_length (form, 4, -1, scm_i_sym_receive);
  struct scm_i_node *vals = scm_i_expand (s, scm_i_caddr (form),
                                          scm_i_cddr (form));
  return mk_apply_values (form,
                          scm_i_make_lambda_node (s, scm_i_cadr (form),
                                                  scm_i_cdddr (form), form,
                                                  scm_i_sym_receive),
                          vals);
}

/* The variables of define-values' FORMALS, in order (the rest one
   last), as a list of symbols.  */
SCM
scm_i_define_values_names (SCM formals, SCM form)
{
  SCM names = SCM_EOL, f;
  for (f = formals; scm_is_pair (f); f = SCM_CDR (f))
    {
      if (!scm_i_is_identifier (SCM_CAR (f)))
        scm_i_syntax_error (scm_i_sym_define_values, "not an identifier",
                            SCM_CAR (f), form);
      names = scm_cons (SCM_CAR (f), names);
    }
  if (scm_i_is_identifier (f))
    names = scm_cons (f, names);
  else if (!scm_is_null (f))
    scm_i_syntax_error (scm_i_sym_define_values, "bad formals", formals, form);
  return scm_reverse_x (names, SCM_EOL);
}

/* (define-values formals expr): apply a lambda whose body stores its
   parameters, through STORE (a top-level or a body variable), to the
   values of expr.  */
static struct scm_i_node *
define_values_node (struct scm_i_scope *s, SCM form,
                    struct scm_i_node *(*store) (struct scm_i_scope *, size_t,
                                                 struct scm_i_node *, void *),
                    void *data)
{
  scm_i_check_form_length (form, 3, 3, scm_i_sym_define_values);
  struct scm_i_node *vals = scm_i_expand (s, scm_i_caddr (form),
                                          scm_i_cddr (form));
  struct scm_i_lambda *l = scm_i_mk_lambda (s->lam, form);
  l->name = scm_i_sym_define_values;
  scm_i_parse_formals (l, scm_i_cadr (form), form);
  size_t n = l->nreq + l->rest;
  /* The parameters have no names: only STORE refers to them.  */
  struct scm_i_scope *inner = scm_i_new_scope (s, l, NULL, 0);
  struct scm_i_node *seq = scm_i_mk_seq (n + 1);
  for (size_t i = 0; i < n; i++)
    seq->args[i] = store (inner, i, scm_i_mk_lref (inner, l->params[i],
                                                   SCM_BOOL_F),
                          data);
  seq->args[n] = scm_i_mk_const (SCM_UNSPECIFIED);
  l->body = seq;
  return mk_apply_values (form, scm_i_lambda_node (l, form), vals);
}

static struct scm_i_node *
store_local (struct scm_i_scope *s, size_t i, struct scm_i_node *value,
             void *data)
{
  struct scm_i_var **vars = data;
  return scm_i_mk_lset (s, vars[i], value, SCM_BOOL_F);
}

struct scm_i_node *
scm_i_expand_body_define_values (struct scm_i_scope *s, SCM form,
                                 struct scm_i_var **vars)
{
  return define_values_node (s, form, store_local, vars);
}

struct toplevel_store { SCM names; SCM vars; SCM form; };

static struct scm_i_node *
store_toplevel (struct scm_i_scope *s, size_t i, struct scm_i_node *value,
                void *data)
{
  struct toplevel_store *d = data;
  struct scm_i_node *n = scm_i_mk_global (SCM_I_N_GSET,
                                          scm_list_ref (d->names,
                                                        scm_from_size_t (i)),
                                          scm_list_ref (d->vars,
                                                        scm_from_size_t (i)),
                                          d->form);
  n->a = value;
  return n;
}

struct scm_i_node *
scm_i_expand_toplevel_define_values (struct scm_i_scope *s, SCM form)
{
  scm_i_check_form_length (form, 3, 3, scm_i_sym_define_values);
  SCM names = scm_i_define_values_names (scm_i_cadr (form), form);
  long n = scm_c_list_length (names);
  struct scm_i_node *seq = scm_i_mk_seq (n + 1);
  long i = 0;
  SCM vars = SCM_EOL;
  for (SCM l = names; scm_is_pair (l); l = SCM_CDR (l), i++)
    {
      SCM name = scm_i_toplevel_definition_name (SCM_CAR (l));
      SCM_SETCAR (l, name);     /* for store_toplevel */
      SCM var = scm_i_toplevel_define (s, scm_i_identifier_symbol (name),
                                       form);
      vars = scm_cons (var, vars);
      seq->args[i] = scm_i_mk_global (SCM_I_N_GDEF, name, var, form);
      seq->args[i]->a = scm_i_mk_const (SCM_UNSPECIFIED);
    }
  struct toplevel_store d = { names, scm_reverse_x (vars, SCM_EOL), form };
  seq->args[n] = define_values_node (s, form, store_toplevel, &d);
  return seq;
}
