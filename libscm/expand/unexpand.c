/* unexpand.c -- an expanded tree back to Scheme: macroexpand and the
   REPL's ,expand
   SPDX-License-Identifier: LGPL-3.0-or-later

   The tree of ast-internal.h holds only core forms, so the datum shows
   the full expansion of every macro and derived form.  Local variables
   are named after their identifiers; a variable that a macro introduced
   (an alias), or one whose name an outer variable already shows, gets
   a suffix (t-1, t-2), so that the datum reads back to the same
   bindings.  Procedures the expander calls directly (the prelude's
   private ones) show as their names.  */

#include "runtime/scm-internal.h"
#include "expand/ast-internal.h"
#include "expand/expand-internal.h"
#include "runtime/init-internal.h"
#include "vm/vm-internal.h"

#include <stdio.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/strings.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>
#include <libscm/syntax.h>
#include <libscm/vectors.h>

SCM_SYMBOL (sym_quote, "quote");
SCM_SYMBOL (sym_set_x, "set!");
SCM_SYMBOL (sym_define, "define");
SCM_SYMBOL (sym_if, "if");
SCM_SYMBOL (sym_begin, "begin");
SCM_SYMBOL (sym_let, "let");
SCM_SYMBOL (sym_lambda, "lambda");
SCM_SYMBOL (sym_apply, "%apply");
SCM_SYMBOL (sym_apply_values, "%apply-values");
SCM_SYMBOL (sym_callcc, "%call/cc");
SCM_SYMBOL (sym_callec, "%call/ec");

struct names
{
  struct scm_i_var **vars;      /* named so far */
  SCM *syms;
  size_t n, cap;
  long counter;
};

static int
symbol_taken (struct names *nm, SCM sym)
{
  for (size_t i = 0; i < nm->n; i++)
    if (scm_is_eq (nm->syms[i], sym))
      return 1;
  return 0;
}

/* Give variable V its name in the datum.  */
static SCM
bind_name (struct names *nm, struct scm_i_var *v)
{
  SCM sym = scm_i_identifier_symbol (v->name);
  if (scm_i_is_alias (v->name) || symbol_taken (nm, sym) || !scm_is_symbol (sym))
    {
      char buf[32];
      snprintf (buf, sizeof buf, "-%ld", ++nm->counter);
      sym = scm_string_to_symbol
        (scm_string_append (scm_list_2 (scm_symbol_to_string (sym),
                                        scm_from_utf8_string (buf))));
    }
  if (nm->n == nm->cap)
    {
      size_t cap = nm->cap ? 2 * nm->cap : 16;
      struct scm_i_var **vars = scm_i_alloc (cap * sizeof *vars);
      SCM *syms = scm_i_alloc (cap * sizeof *syms);
      for (size_t i = 0; i < nm->n; i++)
        {
          vars[i] = nm->vars[i];
          syms[i] = nm->syms[i];
        }
      nm->vars = vars;
      nm->syms = syms;
      nm->cap = cap;
    }
  nm->vars[nm->n] = v;
  nm->syms[nm->n++] = sym;
  return sym;
}

static SCM
name_of (struct names *nm, struct scm_i_var *v)
{
  for (size_t i = nm->n; i-- > 0;)
    if (nm->vars[i] == v)
      return nm->syms[i];
  return bind_name (nm, v);
}

static SCM unexpand (struct names *nm, struct scm_i_node *n);

static SCM
node_list (struct names *nm, struct scm_i_node **args, size_t n)
{
  SCM r = SCM_EOL;
  for (size_t i = n; i-- > 0;)
    r = scm_cons (unexpand (nm, args[i]), r);
  return r;
}

static SCM
constant (SCM v)
{
  if (scm_is_subr (v))
    return scm_subr_name (v);
  if (scm_i_is_closure (v) && scm_is_symbol (scm_i_closure_name (v)))
    return scm_i_closure_name (v);
  if (scm_is_symbol (v) || scm_is_pair (v) || scm_is_null (v))
    return scm_list_2 (sym_quote, v);
  return v;
}

static SCM
unexpand_lambda (struct names *nm, struct scm_i_lambda *l)
{
  SCM formals = SCM_EOL;
  if (l->rest)
    formals = bind_name (nm, l->params[l->nreq]);
  SCM req[l->nreq ? l->nreq : 1];
  for (size_t i = 0; i < l->nreq; i++)
    req[i] = bind_name (nm, l->params[i]);
  for (size_t i = l->nreq; i-- > 0;)
    formals = scm_cons (req[i], formals);
  return scm_list_3 (sym_lambda, formals, unexpand (nm, l->body));
}

/* Deep code: the rest of the walk on more C stack.  */
SCM_I_DEFINE_DEEPER (unexpand_deeper, SCM, unexpand,
                     (struct names *, nm), (struct scm_i_node *, n))

static SCM
unexpand (struct names *nm, struct scm_i_node *n)
{
  if (SCM_UNLIKELY (scm_i_check_c_stack ("expansion")))
    return unexpand_deeper (nm, n);
  switch (n->kind)
    {
    case SCM_I_N_CONST: return constant (n->value);
    case SCM_I_N_LREF: return name_of (nm, n->var);
    case SCM_I_N_LSET:
      return scm_list_3 (sym_set_x, name_of (nm, n->var), unexpand (nm, n->a));
    case SCM_I_N_GREF: return n->sym;
    case SCM_I_N_GSET: return scm_list_3 (sym_set_x, n->sym, unexpand (nm, n->a));
    case SCM_I_N_GDEF: return scm_list_3 (sym_define, n->sym, unexpand (nm, n->a));
    case SCM_I_N_IF:
      return scm_list_4 (sym_if, unexpand (nm, n->a), unexpand (nm, n->b),
                         unexpand (nm, n->c));
    case SCM_I_N_SEQ: return scm_cons (sym_begin, node_list (nm, n->args, n->nargs));
    case SCM_I_N_LAMBDA: return unexpand_lambda (nm, n->lam);
    case SCM_I_N_CALL:
      return scm_cons (unexpand (nm, n->a), node_list (nm, n->args, n->nargs));
    case SCM_I_N_PRIM:
      {
        const char *name = scm_i_inline_primitive_name (n->op);
        SCM op = scm_is_symbol (n->sym) ? n->sym
          : scm_from_utf8_symbol (name != NULL ? name : "%primitive");
        return scm_cons (op, node_list (nm, n->args, n->nargs));
      }
    case SCM_I_N_LET:
      {
        /* The inits first: they are outside the variables' scope.  */
        SCM inits = node_list (nm, n->args, n->nargs), bindings = SCM_EOL;
        SCM names[n->nargs ? n->nargs : 1];
        for (size_t i = 0; i < n->nargs; i++)
          names[i] = bind_name (nm, n->vars[i]);
        for (size_t i = n->nargs; i-- > 0;)
          bindings = scm_cons (scm_list_2 (names[i], scm_list_ref
                                           (inits, scm_from_size_t (i))),
                               bindings);
        return scm_list_3 (sym_let, bindings, unexpand (nm, n->a));
      }
    case SCM_I_N_APPLY:
      return scm_list_3 (sym_apply, unexpand (nm, n->a), unexpand (nm, n->b));
    case SCM_I_N_APPLY_VALUES:
      return scm_list_3 (sym_apply_values, unexpand (nm, n->a),
                         unexpand (nm, n->b));
    case SCM_I_N_CALLCC: return scm_list_2 (sym_callcc, unexpand (nm, n->a));
    case SCM_I_N_CALLEC: return scm_list_2 (sym_callec, unexpand (nm, n->a));
    }
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_macroexpand, "macroexpand", 1, 0, 0, (SCM exp),
            "Return the full expansion of expression @var{exp} at the top "
            "level: every macro use and derived form replaced by the core "
            "forms it stands for (@code{quote}, @code{if}, @code{define}, "
            "@code{set!}, @code{lambda}, @code{let}, @code{begin} and "
            "calls).  Nothing is evaluated, and a @code{define-syntax} in "
            "@var{exp} defines nothing.")
{
  struct scm_i_lambda *l = scm_i_expand_toplevel_only (exp);
  struct names nm = { NULL, NULL, 0, 0, 0 };
  return unexpand (&nm, l->body);
}

void
scm_init_unexpand (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "expand/unexpand.x"
#endif
}
