/* expand.c -- the expander: core syntax to the tree of ast-internal.h
   SPDX-License-Identifier: LGPL-3.0-or-later

   Each special form is expanded by a C function chosen through the
   instance's syntax table (symbol -> form number), consulted only for a
   symbol that no lexical binding shadows; a top-level `define' of the
   name removes it.  Hygienic macros (the control issue) will be entries
   of the same table whose value is a transformer.

   Lexical scope is a chain of `struct scm_i_scope' on the C stack; resolving
   a reference marks the variable captured when it crosses a lambda and
   adds it to the free variables of every lambda in between.  Bodies
   with internal definitions become one LET whose variables start
   undefined and are assigned in order (letrec* semantics).  */

#include "scm-internal.h"
#include "ast-internal.h"
#include "expand-internal.h"
#include "conditions-internal.h"
#include "instance-internal.h"
#include "ports-internal.h"
#include "strings-internal.h"
#include "init-internal.h"

#include <string.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/eval.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/init.h>
#include <libscm/ports.h>
#include <libscm/read.h>
#include <libscm/strings.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>
#include <libscm/throw.h>
#include <libscm/vectors.h>

SCM_SYMBOL (sym_syntax_error, "syntax-error");
SCM_SYMBOL (sym_quote, "quote");
SCM_SYMBOL (sym_quasiquote, "quasiquote");
SCM_SYMBOL (sym_unquote, "unquote");
SCM_SYMBOL (sym_unquote_splicing, "unquote-splicing");
SCM_SYMBOL (sym_lambda, "lambda");
SCM_SYMBOL (sym_define, "define");
SCM_SYMBOL (sym_set_x, "set!");
SCM_SYMBOL (sym_if, "if");
SCM_SYMBOL (sym_begin, "begin");
SCM_SYMBOL (sym_let, "let");
SCM_SYMBOL (sym_let_star, "let*");
SCM_SYMBOL (sym_letrec, "letrec");
SCM_SYMBOL (sym_letrec_star, "letrec*");
SCM_SYMBOL (sym_cond, "cond");
SCM_SYMBOL (sym_case, "case");
SCM_SYMBOL (sym_and, "and");
SCM_SYMBOL (sym_or, "or");
SCM_SYMBOL (sym_when, "when");
SCM_SYMBOL (sym_unless, "unless");
SCM_SYMBOL (sym_do, "do");
SCM_SYMBOL (sym_guard, "guard");
SCM_SYMBOL (sym_let_values, "let-values");
SCM_SYMBOL (sym_let_star_values, "let*-values");
SCM_SYMBOL (sym_define_values, "define-values");
SCM_SYMBOL (sym_receive, "receive");
SCM_SYMBOL (sym_define_record_type, "define-record-type");
SCM_SYMBOL (sym_case_lambda, "case-lambda");
SCM_SYMBOL (sym_delay, "delay");
SCM_SYMBOL (sym_delay_force, "delay-force");
SCM_SYMBOL (sym_cond_expand, "cond-expand");
SCM_SYMBOL (sym_parameterize, "parameterize");
SCM_SYMBOL (sym_include, "include");
SCM_SYMBOL (sym_include_ci, "include-ci");
SCM_SYMBOL (sym_library, "library");
SCM_SYMBOL (sym_not, "not");
SCM_SYMBOL (sym_else, "else");
SCM_SYMBOL (sym_arrow, "=>");
SCM_SYMBOL (sym_apply_intrinsic, "%apply");
SCM_SYMBOL (sym_apply_values_intrinsic, "%apply-values");
SCM_SYMBOL (sym_callcc_intrinsic, "%call/cc");
SCM_SYMBOL (sym_callec_intrinsic, "%call/ec");
SCM_SYMBOL (sym_do_loop, "do-loop");
SCM_SYMBOL (sym_tmp, "tmp");
SCM_SYMBOL (sym_define_syntax, "define-syntax");
SCM_SYMBOL (sym_let_syntax, "let-syntax");
SCM_SYMBOL (sym_letrec_syntax, "letrec-syntax");
SCM_SYMBOL (sym_syntax_rules, "syntax-rules");
SCM_SYMBOL (sym_syntax_case, "syntax-case");
SCM_SYMBOL (sym_syntax, "syntax");
SCM_SYMBOL (sym_quasisyntax, "quasisyntax");
SCM_SYMBOL (sym_unsyntax, "unsyntax");
SCM_SYMBOL (sym_unsyntax_splicing, "unsyntax-splicing");
SCM_SYMBOL (sym_quote_syntax, "%quote-syntax");
SCM_SYMBOL (sym_pattern_bind, "%pattern-bind");
SCM_SYMBOL (sym_with_syntax, "with-syntax");
SCM_SYMBOL (sym_ellipsis, "...");

/* Accessors for forms whose shape has been checked.  */
static inline SCM cadr (SCM x) { return SCM_CAR (SCM_CDR (x)); }
static inline SCM cddr (SCM x) { return SCM_CDR (SCM_CDR (x)); }
static inline SCM caddr (SCM x) { return SCM_CAR (cddr (x)); }
static inline SCM cdddr (SCM x) { return SCM_CDR (cddr (x)); }
static inline SCM
last_pair (SCM x)
{
  while (scm_is_pair (SCM_CDR (x)))
    x = SCM_CDR (x);
  return x;
}

enum form
{
  F_NONE, F_QUOTE, F_QUASIQUOTE, F_UNQUOTE, F_UNQUOTE_SPLICING, F_LAMBDA,
  F_DEFINE, F_SET, F_IF, F_BEGIN, F_LET, F_LET_STAR, F_LETREC,
  F_LETREC_STAR, F_COND, F_CASE, F_AND, F_OR, F_WHEN, F_UNLESS, F_DO,
  F_GUARD, F_ELSE, F_ARROW, F_APPLY, F_APPLY_VALUES, F_CALLCC, F_CALLEC, F_LET_VALUES,
  F_LET_STAR_VALUES, F_DEFINE_VALUES, F_RECEIVE, F_DEFINE_RECORD_TYPE,
  F_CASE_LAMBDA, F_DELAY, F_DELAY_FORCE, F_COND_EXPAND, F_INCLUDE,
  F_INCLUDE_CI, F_PARAMETERIZE, F_DEFINE_SYNTAX, F_LET_SYNTAX,
  F_LETREC_SYNTAX, F_SYNTAX_RULES, F_SYNTAX_ERROR, F_SYNTAX_CASE, F_SYNTAX,
  F_QUASISYNTAX, F_UNSYNTAX, F_UNSYNTAX_SPLICING, F_QUOTE_SYNTAX,
  F_PATTERN_BIND
};

/* Nonzero while the prelude (module/scm/boot.scm) is expanded: its
   references to bound procedures become constants, and its inline
   primitives are guarded by private variables, so that a program that
   redefines `car' or `map' does not change how `vector-map' works.
   Set only during scm_init, which runs once.  */
static int prelude_mode;

void
scm_i_set_prelude_mode (int on)
{
  prelude_mode = on;
}

int
scm_i_prelude_mode (void)
{
  return prelude_mode;
}

/* ------------------------------------------------------------------ */
/* The syntax table.  */

static const struct { SCM *sym; enum form f; } core_forms[] = {
  { &sym_quote, F_QUOTE }, { &sym_quasiquote, F_QUASIQUOTE },
  { &sym_unquote, F_UNQUOTE },
  { &sym_unquote_splicing, F_UNQUOTE_SPLICING },
  { &sym_lambda, F_LAMBDA }, { &sym_define, F_DEFINE },
  { &sym_set_x, F_SET }, { &sym_if, F_IF }, { &sym_begin, F_BEGIN },
  { &sym_let, F_LET }, { &sym_let_star, F_LET_STAR },
  { &sym_letrec, F_LETREC }, { &sym_letrec_star, F_LETREC_STAR },
  { &sym_cond, F_COND }, { &sym_case, F_CASE }, { &sym_and, F_AND },
  { &sym_or, F_OR }, { &sym_when, F_WHEN }, { &sym_unless, F_UNLESS },
  { &sym_do, F_DO }, { &sym_guard, F_GUARD }, { &sym_else, F_ELSE },
  { &sym_arrow, F_ARROW }, { &sym_apply_intrinsic, F_APPLY },
  { &sym_apply_values_intrinsic, F_APPLY_VALUES },
  { &sym_callcc_intrinsic, F_CALLCC }, { &sym_callec_intrinsic, F_CALLEC },
  { &sym_let_values, F_LET_VALUES }, { &sym_let_star_values, F_LET_STAR_VALUES },
  { &sym_define_values, F_DEFINE_VALUES }, { &sym_receive, F_RECEIVE },
  { &sym_define_record_type, F_DEFINE_RECORD_TYPE },
  { &sym_case_lambda, F_CASE_LAMBDA },
  { &sym_delay, F_DELAY }, { &sym_delay_force, F_DELAY_FORCE },
  { &sym_cond_expand, F_COND_EXPAND }, { &sym_include, F_INCLUDE },
  { &sym_include_ci, F_INCLUDE_CI }, { &sym_parameterize, F_PARAMETERIZE },
  { &sym_define_syntax, F_DEFINE_SYNTAX }, { &sym_let_syntax, F_LET_SYNTAX },
  { &sym_letrec_syntax, F_LETREC_SYNTAX },
  { &sym_syntax_rules, F_SYNTAX_RULES }, { &sym_syntax_error, F_SYNTAX_ERROR },
  { &sym_syntax_case, F_SYNTAX_CASE }, { &sym_syntax, F_SYNTAX },
  { &sym_quasisyntax, F_QUASISYNTAX }, { &sym_unsyntax, F_UNSYNTAX },
  { &sym_unsyntax_splicing, F_UNSYNTAX_SPLICING },
  { &sym_quote_syntax, F_QUOTE_SYNTAX }, { &sym_pattern_bind, F_PATTERN_BIND },
};
#define N_CORE_FORMS (sizeof core_forms / sizeof core_forms[0])

void
scm_i_init_syntax_table (struct scm_i_eqtab *t)
{
  scm_i_eqtab_init (t, 64);
  for (size_t i = 0; i < N_CORE_FORMS; i++)
    scm_i_eqtab_set (t, *core_forms[i].sym, SCM_MAKE_FIXNUM (core_forms[i].f));
}

/* ------------------------------------------------------------------ */
/* Top-level syntax changes.  A top-level define removes a keyword, a
   define-syntax adds one; both take effect for the rest of the form
   being expanded at once, but reach the instance's table only when the
   whole form has expanded without error, so that a failed expansion
   changes nothing.  */

struct toplevel_changes
{
  SCM changes;                  /* alist: symbol -> macro, form or #f */
  struct toplevel_changes *outer;
};

static __thread struct toplevel_changes *pending;

static void
note_toplevel_syntax (SCM sym, SCM value)
{
  if (pending == NULL)
    {
      /* Outside an expansion (scm_c_define and the like): at once.  */
      struct scm_i_instance *inst = scm_i_current_instance ();
      pthread_mutex_lock (&inst->lock);
      int failed = scm_i_eqtab_try_set (&inst->syntax, sym, value);
      pthread_mutex_unlock (&inst->lock);
      if (failed)
        scm_out_of_memory ("define-syntax", 0);
      return;
    }
  pending->changes = scm_cons (scm_cons (sym, value), pending->changes);
}

static SCM
toplevel_syntax (SCM sym)
{
  for (struct toplevel_changes *c = pending; c != NULL; c = c->outer)
    for (SCM l = c->changes; scm_is_pair (l); l = SCM_CDR (l))
      if (scm_is_eq (SCM_CAR (SCM_CAR (l)), sym))
        return SCM_CDR (SCM_CAR (l));
  struct scm_i_instance *inst = scm_i_current_instance ();
  pthread_mutex_lock (&inst->lock);
  SCM f = scm_i_eqtab_ref (&inst->syntax, sym, SCM_BOOL_F);
  pthread_mutex_unlock (&inst->lock);
  return f;
}

static void
commit_toplevel_syntax (struct toplevel_changes *c)
{
  SCM l = scm_reverse_x (c->changes);
  c->changes = SCM_EOL;
  struct scm_i_instance *inst = scm_i_current_instance ();
  int failed = 0;
  pthread_mutex_lock (&inst->lock);
  for (; scm_is_pair (l) && !failed; l = SCM_CDR (l))
    {
      SCM sym = SCM_CAR (SCM_CAR (l)), value = SCM_CDR (SCM_CAR (l));
      if (scm_is_true (value)
          || scm_is_true (scm_i_eqtab_ref (&inst->syntax, sym, SCM_BOOL_F)))
        failed = scm_i_eqtab_try_set (&inst->syntax, sym, value);
    }
  pthread_mutex_unlock (&inst->lock);
  if (failed)
    scm_out_of_memory ("define-syntax", 0);
}

void
scm_i_forget_syntax (SCM sym)
{
  if (pending != NULL)
    {
      if (scm_is_true (toplevel_syntax (sym)))
        note_toplevel_syntax (sym, SCM_BOOL_F);
      return;
    }
  /* An existing key is overwritten in place: no allocation, no raise
     under the lock.  */
  struct scm_i_instance *inst = scm_i_current_instance ();
  pthread_mutex_lock (&inst->lock);
  if (scm_is_true (scm_i_eqtab_ref (&inst->syntax, sym, SCM_BOOL_F)))
    scm_i_eqtab_try_set (&inst->syntax, sym, SCM_BOOL_F);
  pthread_mutex_unlock (&inst->lock);
}

/* ------------------------------------------------------------------ */
/* Scopes and what identifiers mean in them.  */

struct scm_i_scope scm_i_core_scope;

struct scm_i_scope *
scm_i_new_scope (struct scm_i_scope *parent, struct scm_i_lambda *lam,
                 struct scm_i_var **vars, size_t n)
{
  struct scm_i_scope *s = scm_i_alloc (sizeof *s);
  s->parent = parent;
  s->lam = lam;
  s->vars = vars;
  s->n = n;
  s->cap = 0;
  s->macros = SCM_EOL;
  return s;
}

static inline struct scm_i_scope *
new_scope (struct scm_i_scope *parent, struct scm_i_lambda *lam,
           struct scm_i_var **vars, size_t n)
{
  return scm_i_new_scope (parent, lam, vars, n);
}

/* Add variable V to scope S (which then owns its array).  */
static void
scope_add (struct scm_i_scope *s, struct scm_i_var *v)
{
  if (s->n == s->cap)
    {
      size_t cap = s->cap ? 2 * s->cap : 8;
      struct scm_i_var **vars = scm_i_alloc (cap * sizeof *vars);
      if (s->n)
        memcpy (vars, s->vars, s->n * sizeof *vars);
      s->vars = vars;
      s->cap = cap;
    }
  s->vars[s->n++] = v;
}

static SCM core_identifiers;    /* alist: symbol -> its core identifier */

SCM
scm_i_core_identifier (SCM sym)
{
  for (SCM l = core_identifiers; scm_is_pair (l); l = SCM_CDR (l))
    if (scm_is_eq (SCM_CAR (SCM_CAR (l)), sym))
      return SCM_CDR (SCM_CAR (l));
  SCM id = scm_i_make_alias (sym, &scm_i_core_scope, SCM_BOOL_F);
  core_identifiers = scm_cons (scm_cons (sym, id), core_identifiers);
  return id;
}

static struct scm_i_binding
global_binding (SCM sym, SCM syntax)
{
  struct scm_i_binding b = { SCM_I_B_GLOBAL, NULL, SCM_BOOL_F, F_NONE, sym };
  if (SCM_FIXNUM_P (syntax))
    {
      b.kind = SCM_I_B_FORM;
      b.form = (int) SCM_FIXNUM_VALUE (syntax);
    }
  else if (scm_i_is_macro (syntax))
    {
      b.kind = SCM_I_B_MACRO;
      b.macro = syntax;
    }
  return b;
}

static struct scm_i_binding
core_binding (SCM sym)
{
  for (size_t i = 0; i < N_CORE_FORMS; i++)
    if (scm_is_eq (*core_forms[i].sym, sym))
      return global_binding (sym, SCM_MAKE_FIXNUM (core_forms[i].f));
  return global_binding (sym, SCM_BOOL_F);
}

struct scm_i_binding
scm_i_resolve (struct scm_i_scope *s, SCM id)
{
  for (;;)
    {
      if (s == &scm_i_core_scope)
        return core_binding (scm_i_identifier_symbol (id));
      for (struct scm_i_scope *c = s; c != NULL; c = c->parent)
        {
          for (size_t i = c->n; i-- > 0;)
            if (scm_is_eq (c->vars[i]->name, id))
              return (struct scm_i_binding) { SCM_I_B_VAR, c->vars[i],
                                              SCM_BOOL_F, F_NONE, SCM_BOOL_F };
          for (SCM m = c->macros; scm_is_pair (m); m = SCM_CDR (m))
            if (scm_is_eq (SCM_CAR (SCM_CAR (m)), id))
              return (struct scm_i_binding) { SCM_I_B_MACRO, NULL,
                                              SCM_CDR (SCM_CAR (m)), F_NONE,
                                              SCM_BOOL_F };
        }
      if (!scm_i_is_alias (id))
        return global_binding (id, toplevel_syntax (id));
      /* Not bound by the expansion that made it: what its name means
         where its macro was defined.  */
      s = SCM_I_ALIAS_SCOPE (id);
      id = SCM_I_ALIAS_NAME (id);
    }
}

int
scm_i_same_binding (const struct scm_i_binding *a,
                    const struct scm_i_binding *b)
{
  if (a->kind != b->kind)
    return 0;
  switch (a->kind)
    {
    case SCM_I_B_VAR: return a->var == b->var;
    case SCM_I_B_MACRO: return scm_is_eq (a->macro, b->macro);
    case SCM_I_B_FORM: return a->form == b->form;
    default: return scm_is_eq (a->sym, b->sym);
    }
}

/* The special form that X names in scope S, or F_NONE.  */
static enum form
form_of (struct scm_i_scope *s, SCM x)
{
  if (!scm_i_is_identifier (x))
    return F_NONE;
  struct scm_i_binding b = scm_i_resolve (s, x);
  return b.kind == SCM_I_B_FORM ? (enum form) b.form : F_NONE;
}

/* The macro that the head of form X names in S, or #f.  */
static SCM
macro_of (struct scm_i_scope *s, SCM x)
{
  if (!scm_is_pair (x) || !scm_i_is_identifier (SCM_CAR (x)))
    return SCM_BOOL_F;
  struct scm_i_binding b = scm_i_resolve (s, SCM_CAR (x));
  return b.kind == SCM_I_B_MACRO ? b.macro : SCM_BOOL_F;
}

int
scm_i_syntax_rules_p (struct scm_i_scope *s, SCM spec)
{
  return scm_is_pair (spec) && form_of (s, SCM_CAR (spec)) == F_SYNTAX_RULES;
}

static SCM
core (SCM sym)
{
  return scm_i_core_identifier (sym);
}

/* ------------------------------------------------------------------ */
/* Errors.  */

static void SCM_NORETURN
syntax_error (SCM who, const char *what, SCM form, SCM where)
{
  /* No alias leaks into the condition.  */
  SCM c = scm_make_condition (sym_syntax_error, scm_i_strip_syntax (who),
                              scm_from_utf8_string (what),
                              scm_list_1 (scm_i_strip_syntax (form)));
  SCM file;
  long line, col;
  if (scm_is_pair (where) && scm_c_source_position (where, &file, &line, &col)
      && scm_is_string (file))
    {
      scm_i_condition_set_position (c, file, line, col);
      /* The form's position, not the VM's (which is running eval or
         load), is where the error is.  */
      scm_i_condition_mark_annotated (c);
    }
  scm_raise (c);
}

void
scm_i_syntax_error (SCM who, const char *what, SCM form, SCM where)
{
  syntax_error (who, what, form, where);
}

/* The length of proper list X, or -1.  */
static long
proper_length (SCM x)
{
  return scm_c_list_length (x);
}

static void
check_length (SCM form, long min, long max, SCM who)
{
  long n = proper_length (form);
  if (n < 0)
    syntax_error (who, "bad syntax (not a proper list)", form, form);
  if (n < min || (max >= 0 && n > max))
    syntax_error (who, "bad syntax (wrong number of parts)", form, form);
}

/* ------------------------------------------------------------------ */
/* Nodes.  */

static struct scm_i_node *
mk (enum scm_i_node_kind kind, SCM where)
{
  struct scm_i_node *n = scm_i_alloc (sizeof *n);
  n->kind = kind;
  n->where = where;
  n->value = SCM_BOOL_F;
  n->sym = SCM_BOOL_F;
  return n;
}

static struct scm_i_node *
mk_const (SCM value)
{
  struct scm_i_node *n = mk (SCM_I_N_CONST, SCM_BOOL_F);
  n->value = value;
  return n;
}

static struct scm_i_node **
node_array (size_t n)
{
  return scm_i_alloc ((n ? n : 1) * sizeof (struct scm_i_node *));
}

static struct scm_i_node *
mk_if (struct scm_i_node *a, struct scm_i_node *b, struct scm_i_node *c)
{
  struct scm_i_node *n = mk (SCM_I_N_IF, SCM_BOOL_F);
  n->a = a;
  n->b = b;
  n->c = c;
  return n;
}

static struct scm_i_node *
mk_call (SCM where, struct scm_i_node *op, size_t nargs)
{
  struct scm_i_node *n = mk (SCM_I_N_CALL, where);
  n->a = op;
  n->nargs = nargs;
  n->args = node_array (nargs);
  return n;
}

static struct scm_i_node *
mk_seq (size_t n)
{
  struct scm_i_node *s = mk (SCM_I_N_SEQ, SCM_BOOL_F);
  s->nargs = n;
  s->args = node_array (n);
  return s;
}

static struct scm_i_var *
mk_var (SCM name, struct scm_i_lambda *owner)
{
  struct scm_i_var *v = scm_i_alloc (sizeof *v);
  v->name = name;
  v->owner = owner;
  return v;
}

static struct scm_i_lambda *
mk_lambda (struct scm_i_lambda *parent, SCM where)
{
  struct scm_i_lambda *l = scm_i_alloc (sizeof *l);
  l->parent = parent;
  l->name = SCM_BOOL_F;
  l->where = where;
  return l;
}

static struct scm_i_node *
lambda_node (struct scm_i_lambda *l, SCM where)
{
  struct scm_i_node *n = mk (SCM_I_N_LAMBDA, where);
  n->lam = l;
  return n;
}

/* A LET of N variables; the caller fills vars, args and a.  */
static struct scm_i_node *
mk_let (size_t n)
{
  struct scm_i_node *l = mk (SCM_I_N_LET, SCM_BOOL_F);
  l->nargs = n;
  l->args = node_array (n);
  l->vars = scm_i_alloc ((n ? n : 1) * sizeof (struct scm_i_var *));
  return l;
}

static void
add_free (struct scm_i_lambda *l, struct scm_i_var *v)
{
  for (size_t i = 0; i < l->nfree; i++)
    if (l->free[i] == v)
      return;
  if (l->nfree == l->free_cap)
    {
      size_t cap = l->free_cap ? 2 * l->free_cap : 4;
      struct scm_i_var **f = scm_i_alloc (cap * sizeof *f);
      if (l->nfree)
        memcpy (f, l->free, l->nfree * sizeof *f);
      l->free = f;
      l->free_cap = cap;
    }
  l->free[l->nfree++] = v;
}

/* Note that V is used from lambda L.  */
static void
use_var (struct scm_i_lambda *l, struct scm_i_var *v)
{
  if (v->owner == l)
    return;
  struct scm_i_lambda *a = l;
  while (a != NULL && a != v->owner)
    a = a->parent;
  if (a == NULL)
    syntax_error (v->name, "a local variable used where it has no value "
                  "(by a macro's transformer, at expansion time)", v->name,
                  SCM_BOOL_F);
  v->captured = 1;
  for (; l != NULL && l != v->owner; l = l->parent)
    add_free (l, v);
}

static struct scm_i_node *
mk_lref (struct scm_i_scope *s, struct scm_i_var *v, SCM where)
{
  struct scm_i_node *n = mk (SCM_I_N_LREF, where);
  use_var (s->lam, v);
  n->var = v;
  return n;
}

static struct scm_i_node *
mk_lset (struct scm_i_scope *s, struct scm_i_var *v, struct scm_i_node *value,
         SCM where)
{
  struct scm_i_node *n = mk (SCM_I_N_LSET, where);
  use_var (s->lam, v);
  v->assigned = 1;
  n->var = v;
  n->a = value;
  return n;
}

/* A call of a primitive that the user cannot rebind (a private
   variable holds it).  */
static struct scm_i_node *
mk_private_call (SCM where, enum scm_i_private_proc which, size_t nargs)
{
  return mk_call (where, mk_const (scm_i_private_procedure (which)), nargs);
}

static struct scm_i_node *
mk_global (enum scm_i_node_kind kind, SCM sym, SCM where)
{
  struct scm_i_node *n = mk (kind, where);
  sym = scm_i_identifier_symbol (sym);
  n->sym = sym;
  n->value = scm_i_toplevel_variable (sym);
  return n;
}

static void
name_lambda (struct scm_i_node *value, SCM name)
{
  /* (define f (let (...) (lambda ...))) names the lambda too.  */
  while (value->kind == SCM_I_N_LET)
    value = value->a;
  if (value->kind == SCM_I_N_LAMBDA && scm_is_false (value->lam->name))
    value->lam->name = scm_i_identifier_symbol (name);
  /* A case-lambda: each of its clauses.  */
  if (value->kind == SCM_I_N_CALL && value->a->kind == SCM_I_N_CONST
      && scm_is_eq (value->a->value,
                    scm_i_private_procedure (SCM_I_PRIVATE_CASE_LAMBDA)))
    for (size_t i = 0; i < value->nargs; i++)
      name_lambda (value->args[i], name);
}

/* ------------------------------------------------------------------ */
/* Expressions.  */

static struct scm_i_node *expand (struct scm_i_scope *s, SCM x, SCM cell);
static struct scm_i_node *expand_body (struct scm_i_scope *s, SCM body, SCM form);

/* Expand the forms of proper list BODY in sequence (no definitions).  */
static struct scm_i_node *
expand_seq (struct scm_i_scope *s, SCM body)
{
  long n = proper_length (body);
  if (n == 0)
    return mk_const (SCM_UNSPECIFIED);
  if (n == 1)
    return expand (s, SCM_CAR (body), body);
  struct scm_i_node *seq = mk_seq (n);
  for (long i = 0; i < n; i++, body = SCM_CDR (body))
    seq->args[i] = expand (s, SCM_CAR (body), body);
  return seq;
}

static struct scm_i_node *
expand_symbol (struct scm_i_scope *s, SCM x, SCM cell)
{
  struct scm_i_binding b = scm_i_resolve (s, x);
  if (b.kind == SCM_I_B_VAR)
    {
      if (b.var->pattern_depth)
        syntax_error (x, "pattern variable used outside syntax", x, cell);
      return mk_lref (s, b.var, cell);
    }
  if (b.kind != SCM_I_B_GLOBAL)
    syntax_error (x, "bad use of a syntactic keyword", x, cell);
  x = b.sym;
  if (prelude_mode)
    {
      /* The prelude calls the procedures bound when it is compiled,
         whatever a program later binds their names to.  */
      SCM var = scm_lookup_variable (x);
      if (scm_is_variable (var))
        {
          SCM val = SCM_CELL_OBJECT (var, 1);
          if (scm_is_true (scm_procedure_p (val)))
            return mk_const (val);
        }
    }
  return mk_global (SCM_I_N_GREF, x, cell);
}

/* Parse a formals list into lambda L's parameters.  */
static void
parse_formals (struct scm_i_lambda *l, SCM formals, SCM form)
{
  size_t n = 0;
  SCM f;
  for (f = formals; scm_is_pair (f); f = SCM_CDR (f))
    n++;
  if (!scm_is_null (f) && !scm_i_is_identifier (f))
    syntax_error (sym_lambda, "bad parameter list", formals, form);
  l->nreq = n;
  l->rest = !scm_is_null (f);
  l->params = scm_i_alloc ((n + 1) * sizeof (struct scm_i_var *));
  n = 0;
  for (f = formals; scm_is_pair (f); f = SCM_CDR (f))
    {
      if (!scm_i_is_identifier (SCM_CAR (f)))
        syntax_error (sym_lambda, "a parameter must be an identifier",
                      SCM_CAR (f), form);
      for (size_t i = 0; i < n; i++)
        if (scm_is_eq (l->params[i]->name, SCM_CAR (f)))
          syntax_error (sym_lambda, "duplicate parameter", SCM_CAR (f), form);
      l->params[n++] = mk_var (SCM_CAR (f), l);
    }
  if (l->rest)
    {
      for (size_t i = 0; i < n; i++)
        if (scm_is_eq (l->params[i]->name, f))
          syntax_error (sym_lambda, "duplicate parameter", f, form);
      l->params[n] = mk_var (f, l);
    }
}

static struct scm_i_node *
make_lambda (struct scm_i_scope *s, SCM formals, SCM body, SCM form, SCM name)
{
  struct scm_i_lambda *l = mk_lambda (s->lam, form);
  l->name = scm_i_identifier_symbol (name);
  parse_formals (l, formals, form);
  struct scm_i_scope *inner = new_scope (s, l, l->params, l->nreq + l->rest);
  l->body = expand_body (inner, body, form);
  struct scm_i_node *n = mk (SCM_I_N_LAMBDA, form);
  n->lam = l;
  return n;
}

/* (case-lambda (formals body...) ...): (%case-lambda (lambda formals
   body...) ...), whose closure the VM dispatches on the argument
   count.  */
static struct scm_i_node *
expand_case_lambda (struct scm_i_scope *s, SCM form)
{
  check_length (form, 1, -1, sym_case_lambda);
  long n = proper_length (form) - 1;
  struct scm_i_node *call = mk_private_call (form, SCM_I_PRIVATE_CASE_LAMBDA,
                                             n);
  SCM c = SCM_CDR (form);
  for (long i = 0; i < n; i++, c = SCM_CDR (c))
    {
      SCM clause = SCM_CAR (c);
      if (proper_length (clause) < 2)
        syntax_error (sym_case_lambda, "bad clause", clause, form);
      call->args[i] = make_lambda (s, SCM_CAR (clause), SCM_CDR (clause),
                                   clause, SCM_BOOL_F);
    }
  return call;
}

/* (delay-force E): (%make-promise #f (lambda () E)); (delay E): the
   same with (%make-promise #t E) as the body (R7RS 7.3).  */
static struct scm_i_node *
expand_delay (struct scm_i_scope *s, SCM form, int force)
{
  check_length (form, 2, 2, force ? sym_delay_force : sym_delay);
  if (scm_is_false (scm_i_private_procedure (SCM_I_PRIVATE_MAKE_PROMISE)))
    syntax_error (SCM_CAR (form), "not available before the prelude", form,
                  form);
  struct scm_i_lambda *l = mk_lambda (s->lam, form);
  l->params = scm_i_alloc (sizeof (struct scm_i_var *));
  struct scm_i_scope *inner = new_scope (s, l, NULL, 0);
  struct scm_i_node *e = expand (inner, cadr (form), SCM_CDR (form));
  if (!force)
    {
      struct scm_i_node *done = mk_private_call (form,
                                                 SCM_I_PRIVATE_MAKE_PROMISE, 2);
      done->args[0] = mk_const (SCM_BOOL_T);
      done->args[1] = e;
      e = done;
    }
  l->body = e;
  struct scm_i_node *call = mk_private_call (form, SCM_I_PRIVATE_MAKE_PROMISE,
                                             2);
  call->args[0] = mk_const (SCM_BOOL_F);
  call->args[1] = lambda_node (l, form);
  return call;
}

/* (parameterize ((param value) ...) body...): (%parameterize (list
   param ...) (list value ...) (lambda () body...)), the prelude's.  */
static struct scm_i_node *
expand_parameterize (struct scm_i_scope *s, SCM form)
{
  check_length (form, 3, -1, sym_parameterize);
  if (scm_is_false (scm_i_private_procedure (SCM_I_PRIVATE_PARAMETERIZE)))
    syntax_error (sym_parameterize, "not available before the prelude", form,
                  form);
  SCM bindings = cadr (form);
  long n = proper_length (bindings);
  if (n < 0)
    syntax_error (sym_parameterize, "bad bindings", bindings, form);
  struct scm_i_node *params = mk_private_call (form, SCM_I_PRIVATE_LIST, n);
  struct scm_i_node *values = mk_private_call (form, SCM_I_PRIVATE_LIST, n);
  long i = 0;
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b), i++)
    {
      SCM bd = SCM_CAR (b);
      if (proper_length (bd) != 2)
        syntax_error (sym_parameterize, "bad binding", bd, form);
      params->args[i] = expand (s, SCM_CAR (bd), bd);
      values->args[i] = expand (s, cadr (bd), SCM_CDR (bd));
    }
  struct scm_i_node *call = mk_private_call (form, SCM_I_PRIVATE_PARAMETERIZE,
                                             3);
  call->args[0] = params;
  call->args[1] = values;
  call->args[2] = make_lambda (s, SCM_EOL, cddr (form), form, SCM_BOOL_F);
  return call;
}

static struct scm_i_node *
expand_lambda (struct scm_i_scope *s, SCM form)
{
  check_length (form, 3, -1, sym_lambda);
  return make_lambda (s, cadr (form), cddr (form), form, SCM_BOOL_F);
}

static struct scm_i_node *
expand_if (struct scm_i_scope *s, SCM form)
{
  check_length (form, 3, 4, sym_if);
  SCM r = SCM_CDR (form);
  struct scm_i_node *test = expand (s, SCM_CAR (r), r);
  r = SCM_CDR (r);
  struct scm_i_node *then = expand (s, SCM_CAR (r), r);
  r = SCM_CDR (r);
  struct scm_i_node *alt = scm_is_pair (r) ? expand (s, SCM_CAR (r), r)
    : mk_const (SCM_UNSPECIFIED);
  return mk_if (test, then, alt);
}

static struct scm_i_node *
expand_set (struct scm_i_scope *s, SCM form)
{
  check_length (form, 3, 3, sym_set_x);
  SCM name = cadr (form);
  if (!scm_i_is_identifier (name))
    syntax_error (sym_set_x, "not an identifier", name, form);
  struct scm_i_node *value = expand (s, caddr (form), cddr (form));
  struct scm_i_binding b = scm_i_resolve (s, name);
  if (b.kind == SCM_I_B_VAR && !b.var->pattern_depth)
    {
      b.var->user_assigned = 1;
      return mk_lset (s, b.var, value, form);
    }
  if (b.kind != SCM_I_B_GLOBAL)
    syntax_error (sym_set_x, "cannot assign a syntactic keyword", name, form);
  struct scm_i_node *n = mk_global (SCM_I_N_GSET, b.sym, form);
  n->a = value;
  return n;
}

/* (name . rest) or (name): a binding of let & co.  */
static void
check_binding (SCM b, SCM who, SCM form, int allow_step)
{
  long n = proper_length (b);
  if (n < 2 || n > (allow_step ? 3 : 2) || !scm_i_is_identifier (SCM_CAR (b)))
    syntax_error (who, "bad binding", b, form);
}

static struct scm_i_node *
expand_named_let (struct scm_i_scope *s, SCM form)
{
  SCM name = cadr (form), bindings = caddr (form);
  long n = proper_length (bindings);
  if (n < 0)
    syntax_error (sym_let, "bad bindings", bindings, form);
  SCM formals = SCM_EOL, inits = SCM_EOL;
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b))
    {
      check_binding (SCM_CAR (b), sym_let, form, 0);
      formals = scm_cons (SCM_CAR (SCM_CAR (b)), formals);
      inits = scm_cons (SCM_CDR (SCM_CAR (b)), inits);
    }
  formals = scm_reverse_x (formals);
  inits = scm_reverse_x (inits);

  struct scm_i_node *call = mk_call (form, NULL, n);
  for (long i = 0; i < n; i++, inits = SCM_CDR (inits))
    call->args[i] = expand (s, SCM_CAR (SCM_CAR (inits)), SCM_CAR (inits));

  /* ((letrec ((name (lambda formals body...))) name) inits...)  */
  struct scm_i_var *v = mk_var (name, s->lam);
  struct scm_i_scope *inner = new_scope (s, s->lam, NULL, 0);
  scope_add (inner, v);
  struct scm_i_node *lam = make_lambda (inner, formals, cdddr (form),
                                        form, name);
  v->self = lam->lam;
  struct scm_i_node *let = mk_let (1);
  let->vars[0] = v;
  let->args[0] = mk_const (SCM_UNDEFINED);
  struct scm_i_node *seq = mk_seq (2);
  seq->args[0] = mk_lset (inner, v, lam, form);
  seq->args[1] = mk_lref (inner, v, form);
  let->a = seq;
  call->a = let;
  return call;
}

static struct scm_i_node *
expand_let (struct scm_i_scope *s, SCM form)
{
  check_length (form, 3, -1, sym_let);
  if (scm_i_is_identifier (cadr (form)))
    {
      check_length (form, 4, -1, sym_let);
      return expand_named_let (s, form);
    }
  SCM bindings = cadr (form);
  long n = proper_length (bindings);
  if (n < 0)
    syntax_error (sym_let, "bad bindings", bindings, form);
  struct scm_i_node *let = mk_let (n);
  long i = 0;
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b), i++)
    {
      SCM bd = SCM_CAR (b);
      check_binding (bd, sym_let, form, 0);
      for (long j = 0; j < i; j++)
        if (scm_is_eq (let->vars[j]->name, SCM_CAR (bd)))
          syntax_error (sym_let, "duplicate binding", SCM_CAR (bd), form);
      let->vars[i] = mk_var (SCM_CAR (bd), s->lam);
      let->args[i] = expand (s, cadr (bd), SCM_CDR (bd));
      name_lambda (let->args[i], SCM_CAR (bd));
    }
  struct scm_i_scope *inner = new_scope (s, s->lam, let->vars, n);
  let->a = expand_body (inner, cddr (form), form);
  return let;
}

static struct scm_i_node *
expand_let_star (struct scm_i_scope *s, SCM form)
{
  check_length (form, 3, -1, sym_let_star);
  SCM bindings = cadr (form);
  if (proper_length (bindings) < 0)
    syntax_error (sym_let_star, "bad bindings", bindings, form);
  if (scm_is_null (bindings) || scm_is_null (SCM_CDR (bindings)))
    return expand_let (s, form);
  /* One LET per binding, each in the scope of the ones before.  */
  SCM bd = SCM_CAR (bindings);
  check_binding (bd, sym_let_star, form, 0);
  struct scm_i_node *let = mk_let (1);
  let->vars[0] = mk_var (SCM_CAR (bd), s->lam);
  let->args[0] = expand (s, cadr (bd), SCM_CDR (bd));
  name_lambda (let->args[0], SCM_CAR (bd));
  struct scm_i_scope *inner = new_scope (s, s->lam, let->vars, 1);
  SCM rest = scm_cons (sym_let_star,
                       scm_cons (SCM_CDR (bindings), cddr (form)));
  let->a = expand_let_star (inner, rest);
  return let;
}

/* letrec and letrec*: the variables start undefined and are assigned in
   order, then the body runs.  */
static struct scm_i_node *
expand_letrec (struct scm_i_scope *s, SCM form, SCM who)
{
  check_length (form, 3, -1, who);
  SCM bindings = cadr (form);
  long n = proper_length (bindings);
  if (n < 0)
    syntax_error (who, "bad bindings", bindings, form);
  struct scm_i_node *let = mk_let (n);
  long i = 0;
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b), i++)
    {
      check_binding (SCM_CAR (b), who, form, 0);
      let->vars[i] = mk_var (SCM_CAR (SCM_CAR (b)), s->lam);
      let->vars[i]->maybe_unset = 1;
      let->args[i] = mk_const (SCM_UNDEFINED);
    }
  struct scm_i_scope *inner = new_scope (s, s->lam, let->vars, n);
  struct scm_i_node *seq = mk_seq (n + 1);
  i = 0;
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b), i++)
    {
      SCM bd = SCM_CAR (b);
      struct scm_i_node *value = expand (inner, cadr (bd), SCM_CDR (bd));
      name_lambda (value, SCM_CAR (bd));
      if (value->kind == SCM_I_N_LAMBDA)
        let->vars[i]->self = value->lam;
      seq->args[i] = mk_lset (inner, let->vars[i], value, bd);
    }
  seq->args[n] = expand_body (inner, cddr (form), form);
  let->a = seq;
  return let;
}

/* A temporary bound to VALUE around the node that BODY makes of it.  */
static struct scm_i_node *
with_temp (struct scm_i_scope *s, struct scm_i_node *value,
           struct scm_i_var **tmp, struct scm_i_scope **inner)
{
  struct scm_i_node *let = mk_let (1);
  *tmp = let->vars[0] = mk_var (sym_tmp, s->lam);
  let->args[0] = value;
  /* Not in scope by name: only the expander refers to it.  */
  *inner = new_scope (s, s->lam, NULL, 0);
  return let;
}

static struct scm_i_node *
expand_or_list (struct scm_i_scope *s, SCM exps)
{
  if (scm_is_null (exps))
    return mk_const (SCM_BOOL_F);
  if (scm_is_null (SCM_CDR (exps)))
    return expand (s, SCM_CAR (exps), exps);
  struct scm_i_var *t;
  struct scm_i_scope *inner;
  struct scm_i_node *let = with_temp (s, expand (s, SCM_CAR (exps), exps),
                                      &t, &inner);
  let->a = mk_if (mk_lref (inner, t, SCM_BOOL_F),
                  mk_lref (inner, t, SCM_BOOL_F),
                  expand_or_list (inner, SCM_CDR (exps)));
  return let;
}

static struct scm_i_node *
expand_and_list (struct scm_i_scope *s, SCM exps)
{
  if (scm_is_null (exps))
    return mk_const (SCM_BOOL_T);
  if (scm_is_null (SCM_CDR (exps)))
    return expand (s, SCM_CAR (exps), exps);
  return mk_if (expand (s, SCM_CAR (exps), exps),
                expand_and_list (s, SCM_CDR (exps)),
                mk_const (SCM_BOOL_F));
}

static struct scm_i_node *
expand_when (struct scm_i_scope *s, SCM form, int when)
{
  check_length (form, 3, -1, when ? sym_when : sym_unless);
  SCM r = SCM_CDR (form);
  struct scm_i_node *test = expand (s, SCM_CAR (r), r);
  struct scm_i_node *body = expand_seq (s, SCM_CDR (r));
  struct scm_i_node *none = mk_const (SCM_UNSPECIFIED);
  return when ? mk_if (test, body, none) : mk_if (test, none, body);
}

/* A call (F TMP) for clauses with =>.  */
static struct scm_i_node *
arrow_call (struct scm_i_scope *s, SCM fexp, SCM cell, struct scm_i_var *tmp,
            SCM where)
{
  struct scm_i_node *call = mk_call (where, expand (s, fexp, cell), 1);
  call->args[0] = mk_lref (s, tmp, SCM_BOOL_F);
  return call;
}

/* The cond clauses CLAUSES; FALLBACK when none applies.  */
static struct scm_i_node *
expand_clauses (struct scm_i_scope *s, SCM clauses, SCM form,
                struct scm_i_node *fallback)
{
  if (scm_is_null (clauses))
    return fallback;
  SCM cl = SCM_CAR (clauses);
  if (proper_length (cl) < 1)
    syntax_error (sym_cond, "bad clause", cl, form);
  SCM test = SCM_CAR (cl), body = SCM_CDR (cl);
  if (form_of (s, test) == F_ELSE)
    {
      if (!scm_is_null (SCM_CDR (clauses)))
        syntax_error (sym_cond, "else clause must be last", cl, form);
      if (scm_is_null (body))
        syntax_error (sym_cond, "empty else clause", cl, form);
      return expand_seq (s, body);
    }
  struct scm_i_node *rest = expand_clauses (s, SCM_CDR (clauses), form,
                                            fallback);
  if (scm_is_null (body) || form_of (s, SCM_CAR (body)) == F_ARROW)
    {
      struct scm_i_var *t;
      struct scm_i_scope *inner;
      struct scm_i_node *let = with_temp (s, expand (s, test, cl), &t, &inner);
      struct scm_i_node *then;
      if (scm_is_null (body))
        then = mk_lref (inner, t, SCM_BOOL_F);
      else
        {
          if (proper_length (body) != 2)
            syntax_error (sym_cond, "bad => clause", cl, form);
          then = arrow_call (inner, cadr (body), SCM_CDR (body), t, cl);
        }
      let->a = mk_if (mk_lref (inner, t, SCM_BOOL_F), then, rest);
      return let;
    }
  return mk_if (expand (s, test, cl), expand_seq (s, body), rest);
}

static struct scm_i_node *
expand_cond (struct scm_i_scope *s, SCM form)
{
  check_length (form, 1, -1, sym_cond);
  return expand_clauses (s, SCM_CDR (form), form,
                         mk_const (SCM_UNSPECIFIED));
}

/* The test of a case clause with data DATA against TMP.  */
static struct scm_i_node *
case_test (struct scm_i_scope *s, SCM data, struct scm_i_var *tmp, SCM cl)
{
  struct scm_i_node *n;
  if (scm_is_pair (data) && scm_is_null (SCM_CDR (data)))
    {
      n = mk (SCM_I_N_PRIM, cl);
      n->op = SCM_OP_EQV;
      n->value = scm_i_private_variable (SCM_OP_EQV);
      n->nargs = 2;
      n->args = node_array (2);
      n->args[0] = mk_lref (s, tmp, SCM_BOOL_F);
      n->args[1] = mk_const (SCM_CAR (data));
      return n;
    }
  n = mk_private_call (cl, SCM_I_PRIVATE_MEMV, 2);
  n->args[0] = mk_lref (s, tmp, SCM_BOOL_F);
  n->args[1] = mk_const (data);
  return n;
}

static struct scm_i_node *
expand_case_clauses (struct scm_i_scope *s, SCM clauses, struct scm_i_var *t,
                     SCM form)
{
  if (scm_is_null (clauses))
    return mk_const (SCM_UNSPECIFIED);
  SCM cl = SCM_CAR (clauses);
  if (proper_length (cl) < 2)
    syntax_error (sym_case, "bad clause", cl, form);
  SCM data = SCM_CAR (cl), body = SCM_CDR (cl);
  int is_else = form_of (s, data) == F_ELSE;
  data = scm_i_strip_syntax (data);
  if (!is_else && proper_length (data) < 0)
    syntax_error (sym_case, "bad clause data", cl, form);
  if (is_else && !scm_is_null (SCM_CDR (clauses)))
    syntax_error (sym_case, "else clause must be last", cl, form);
  struct scm_i_node *then;
  if (form_of (s, SCM_CAR (body)) == F_ARROW)
    {
      if (proper_length (body) != 2)
        syntax_error (sym_case, "bad => clause", cl, form);
      then = arrow_call (s, cadr (body), SCM_CDR (body), t, cl);
    }
  else
    then = expand_seq (s, body);
  if (is_else)
    return then;
  return mk_if (case_test (s, data, t, cl), then,
                expand_case_clauses (s, SCM_CDR (clauses), t, form));
}

static struct scm_i_node *
expand_case (struct scm_i_scope *s, SCM form)
{
  check_length (form, 2, -1, sym_case);
  struct scm_i_var *t;
  struct scm_i_scope *inner;
  struct scm_i_node *let = with_temp (s, expand (s, cadr (form),
                                                 SCM_CDR (form)),
                                      &t, &inner);
  let->a = expand_case_clauses (inner, cddr (form), t, form);
  return let;
}

/* (do ((var init step)...) (test res...) command...) as a named let
   whose name no code can see.  */
static struct scm_i_node *
expand_do (struct scm_i_scope *s, SCM form)
{
  check_length (form, 3, -1, sym_do);
  SCM specs = cadr (form), exit = caddr (form);
  long n = proper_length (specs);
  if (n < 0)
    syntax_error (sym_do, "bad variable specs", specs, form);
  if (proper_length (exit) < 1)
    syntax_error (sym_do, "bad exit clause", exit, form);

  struct scm_i_node *call = mk_call (form, NULL, n);
  struct scm_i_var *loop = mk_var (sym_do_loop, s->lam);
  struct scm_i_lambda *l = mk_lambda (s->lam, form);
  loop->self = l;
  l->name = sym_do_loop;
  l->nreq = n;
  l->params = scm_i_alloc ((n + 1) * sizeof (struct scm_i_var *));
  long i = 0;
  for (SCM p = specs; scm_is_pair (p); p = SCM_CDR (p), i++)
    {
      check_binding (SCM_CAR (p), sym_do, form, 1);
      l->params[i] = mk_var (SCM_CAR (SCM_CAR (p)), l);
      call->args[i] = expand (s, cadr (SCM_CAR (p)), SCM_CDR (SCM_CAR (p)));
    }
  struct scm_i_scope *outer = new_scope (s, s->lam, NULL, 0);
  struct scm_i_scope *inner = new_scope (outer, l, l->params, n);

  struct scm_i_node *again = mk_call (form, mk_lref (inner, loop, form), n);
  i = 0;
  for (SCM p = specs; scm_is_pair (p); p = SCM_CDR (p), i++)
    {
      SCM spec = SCM_CAR (p);
      again->args[i] = scm_is_pair (cddr (spec))
        ? expand (inner, caddr (spec), cddr (spec))
        : mk_lref (inner, l->params[i], spec);
    }
  struct scm_i_node *cmds = expand_seq (inner, cdddr (form));
  struct scm_i_node *loop_body = mk_seq (2);
  loop_body->args[0] = cmds;
  loop_body->args[1] = again;
  l->body = mk_if (expand (inner, SCM_CAR (exit), exit),
                   expand_seq (inner, SCM_CDR (exit)), loop_body);

  struct scm_i_node *lam = mk (SCM_I_N_LAMBDA, form);
  lam->lam = l;
  struct scm_i_node *let = mk_let (1);
  let->vars[0] = loop;
  let->args[0] = mk_const (SCM_UNDEFINED);
  struct scm_i_node *seq = mk_seq (2);
  seq->args[0] = mk_lset (outer, loop, lam, form);
  seq->args[1] = mk_lref (outer, loop, form);
  let->a = seq;
  call->a = let;
  return call;
}

/* (guard (var clause...) body...): (%guard thunk handler), the
   prelude's, where the handler returns %guard-no-match when no clause
   applies.  */
static struct scm_i_node *
expand_guard (struct scm_i_scope *s, SCM form)
{
  check_length (form, 3, -1, sym_guard);
  SCM spec = cadr (form);
  if (proper_length (spec) < 1 || !scm_i_is_identifier (SCM_CAR (spec)))
    syntax_error (sym_guard, "bad (variable clause...) part", spec, form);

  struct scm_i_lambda *body = mk_lambda (s->lam, form);
  body->params = scm_i_alloc (sizeof (struct scm_i_var *));
  struct scm_i_scope *body_scope = new_scope (s, body, NULL, 0);
  body->body = expand_body (body_scope, cddr (form), form);

  struct scm_i_lambda *h = mk_lambda (s->lam, form);
  h->nreq = 1;
  h->params = scm_i_alloc (sizeof (struct scm_i_var *));
  h->params[0] = mk_var (SCM_CAR (spec), h);
  struct scm_i_scope *hs = new_scope (s, h, h->params, 1);
  /* No clause applies: tell %guard, which re-raises in the dynamic
     environment of the raise.  */
  struct scm_i_node *no_match = mk_const (scm_i_guard_no_match_marker);
  h->body = expand_clauses (hs, SCM_CDR (spec), form, no_match);

  struct scm_i_node *call = mk_private_call (form, SCM_I_PRIVATE_GUARD, 2);
  call->args[0] = mk (SCM_I_N_LAMBDA, form);
  call->args[0]->lam = body;
  call->args[1] = mk (SCM_I_N_LAMBDA, form);
  call->args[1]->lam = h;
  return call;
}

/* ------------------------------------------------------------------ */
/* Multiple values: let-values, let*-values, receive, define-values.
   Each binds formals to the values of an expression by applying a
   lambda to them (the %apply-values intrinsic).  */

static struct scm_i_node *
mk_apply_values (SCM where, struct scm_i_node *proc, struct scm_i_node *vals)
{
  struct scm_i_node *n = mk (SCM_I_N_APPLY_VALUES, where);
  n->a = proc;
  n->b = vals;
  return n;
}


/* The lambdas of let-values, from binding I on: each binds formals I
   and applies the next to the values in temporary TMPS[I + 1]; the last
   holds the body.  */
static struct scm_i_node *
let_values_lambda (struct scm_i_scope *s, SCM bindings, struct scm_i_var **tmps,
                   size_t i, SCM body, SCM form)
{
  struct scm_i_lambda *l = mk_lambda (s->lam, form);
  l->name = sym_let_values;   /* names it in arity errors */
  parse_formals (l, SCM_CAR (SCM_CAR (bindings)), form);
  struct scm_i_scope *inner = new_scope (s, l, l->params, l->nreq + l->rest);
  if (scm_is_null (SCM_CDR (bindings)))
    l->body = expand_body (inner, body, form);
  else
    l->body = mk_apply_values (form,
                               let_values_lambda (inner, SCM_CDR (bindings),
                                                  tmps, i + 1, body, form),
                               mk_lref (inner, tmps[i + 1], SCM_BOOL_F));
  return lambda_node (l, form);
}

static void
check_values_bindings (SCM bindings, SCM who, SCM form)
{
  if (proper_length (bindings) < 0)
    syntax_error (who, "bad bindings", bindings, form);
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b))
    if (proper_length (SCM_CAR (b)) != 2)
      syntax_error (who, "bad binding", SCM_CAR (b), form);
}

/* (let-values ((formals expr) ...) body...): every expr is evaluated
   first (into a temporary), outside the scope of all the formals.  */
static struct scm_i_node *
expand_let_values (struct scm_i_scope *s, SCM form)
{
  check_length (form, 3, -1, sym_let_values);
  SCM bindings = cadr (form);
  check_values_bindings (bindings, sym_let_values, form);
  long n = proper_length (bindings);
  if (n == 0)
    {
      struct scm_i_scope *inner = new_scope (s, s->lam, NULL, 0);
      return expand_body (inner, cddr (form), form);
    }
  struct scm_i_node *let = mk_let (n);
  long i = 0;
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b), i++)
    {
      let->vars[i] = mk_var (sym_tmp, s->lam);
      let->args[i] = expand (s, cadr (SCM_CAR (b)), SCM_CDR (SCM_CAR (b)));
    }
  struct scm_i_scope *inner = new_scope (s, s->lam, NULL, 0);
  let->a = mk_apply_values (form,
                            let_values_lambda (inner, bindings, let->vars, 0,
                                               cddr (form), form),
                            mk_lref (inner, let->vars[0], SCM_BOOL_F));
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
      struct scm_i_scope *inner = new_scope (s, s->lam, NULL, 0);
      return expand_body (inner, body, form);
    }
  SCM b = SCM_CAR (bindings);
  struct scm_i_node *vals = expand (s, cadr (b), SCM_CDR (b));
  struct scm_i_lambda *l = mk_lambda (s->lam, form);
  l->name = sym_let_star_values;
  parse_formals (l, SCM_CAR (b), form);
  struct scm_i_scope *inner = new_scope (s, l, l->params, l->nreq + l->rest);
  l->body = expand_let_star_values_list (inner, SCM_CDR (bindings), body,
                                         form);
  return mk_apply_values (form, lambda_node (l, form), vals);
}

static struct scm_i_node *
expand_let_star_values (struct scm_i_scope *s, SCM form)
{
  check_length (form, 3, -1, sym_let_star_values);
  check_values_bindings (cadr (form), sym_let_star_values, form);
  return expand_let_star_values_list (s, cadr (form), cddr (form), form);
}

/* (receive formals expr body...), SRFI 8.  */
static struct scm_i_node *
expand_receive (struct scm_i_scope *s, SCM form)
{
  check_length (form, 4, -1, sym_receive);
  struct scm_i_node *vals = expand (s, caddr (form), cddr (form));
  return mk_apply_values (form,
                          make_lambda (s, cadr (form), cdddr (form), form,
                                       sym_receive),
                          vals);
}

/* The variables of define-values' FORMALS, in order (the rest one
   last), as a list of symbols.  */
static SCM
formals_names (SCM formals, SCM form)
{
  SCM names = SCM_EOL, f;
  for (f = formals; scm_is_pair (f); f = SCM_CDR (f))
    {
      if (!scm_i_is_identifier (SCM_CAR (f)))
        syntax_error (sym_define_values, "not an identifier", SCM_CAR (f),
                      form);
      names = scm_cons (SCM_CAR (f), names);
    }
  if (scm_i_is_identifier (f))
    names = scm_cons (f, names);
  else if (!scm_is_null (f))
    syntax_error (sym_define_values, "bad formals", formals, form);
  return scm_reverse_x (names);
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
  check_length (form, 3, 3, sym_define_values);
  struct scm_i_node *vals = expand (s, caddr (form), cddr (form));
  struct scm_i_lambda *l = mk_lambda (s->lam, form);
  l->name = sym_define_values;
  parse_formals (l, cadr (form), form);
  size_t n = l->nreq + l->rest;
  struct scm_i_scope *inner = new_scope (s, l, NULL, 0);  /* the parameters: no names */
  struct scm_i_node *seq = mk_seq (n + 1);
  for (size_t i = 0; i < n; i++)
    seq->args[i] = store (inner, i, mk_lref (inner, l->params[i], SCM_BOOL_F),
                          data);
  seq->args[n] = mk_const (SCM_UNSPECIFIED);
  l->body = seq;
  return mk_apply_values (form, lambda_node (l, form), vals);
}

struct toplevel_store { SCM names; SCM form; };

static struct scm_i_node *
store_toplevel (struct scm_i_scope *s, size_t i, struct scm_i_node *value,
                void *data)
{
  struct toplevel_store *d = data;
  struct scm_i_node *n = mk_global (SCM_I_N_GSET,
                                    scm_list_ref (d->names, scm_from_size_t (i)),
                                    d->form);
  n->a = value;
  return n;
}

static struct scm_i_node *
expand_toplevel_define_values (struct scm_i_scope *s, SCM form)
{
  check_length (form, 3, 3, sym_define_values);
  SCM names = formals_names (cadr (form), form);
  long n = proper_length (names);
  struct scm_i_node *seq = mk_seq (n + 1);
  long i = 0;
  for (SCM l = names; scm_is_pair (l); l = SCM_CDR (l), i++)
    {
      scm_i_forget_syntax (SCM_CAR (l));
      seq->args[i] = mk_global (SCM_I_N_GDEF, SCM_CAR (l), form);
      seq->args[i]->a = mk_const (SCM_UNSPECIFIED);
    }
  struct toplevel_store d = { names, form };
  seq->args[n] = define_values_node (s, form, store_toplevel, &d);
  return seq;
}

/* ------------------------------------------------------------------ */
/* define-record-type, rewritten into definitions:

     (begin
       (define TYPE (%make-record-type 'TYPE #(FIELD ...)))
       (define CTOR (let ((rtd TYPE)) (lambda (ARG ...) (%make-record rtd ...))))
       (define PRED (let ((rtd TYPE)) (lambda (obj) (%record? obj rtd))))
       (define ACCESSOR (let ((rtd TYPE))
                          (lambda (obj) (%record-ref obj rtd I 'ACCESSOR))))
       (define MODIFIER ...))

   where the %-procedures are the primitive objects themselves (so no
   binding of the program can intercept them) and `rtd' and `obj' are
   uninterned symbols (so no field name can capture them).  The
   procedures keep the type they were made with.  */

static SCM
record_binding (SCM name, SCM rtd_sym, SCM type, SCM lambda)
{
  return scm_list_3 (core (sym_define), name,
                     scm_list_3 (core (sym_let),
                                 scm_list_1 (scm_list_2 (rtd_sym, type)),
                                 lambda));
}

static SCM
list5 (SCM a, SCM b, SCM c, SCM d, SCM e)
{
  return scm_cons (a, scm_cons (b, scm_list_3 (c, d, e)));
}

static SCM
prim (enum scm_i_private_proc which)
{
  return scm_i_private_procedure (which);
}

/* The index of FIELD among the field specs, or -1.  */
static long
field_index (SCM specs, SCM field)
{
  long i = 0;
  for (; scm_is_pair (specs); specs = SCM_CDR (specs), i++)
    if (scm_is_eq (SCM_CAR (SCM_CAR (specs)), field))
      return i;
  return -1;
}

static SCM
record_constructor (SCM form, SCM ctor, SCM specs, SCM rtd, SCM type)
{
  SCM name = ctor, args = SCM_UNDEFINED;
  if (scm_is_pair (ctor))
    {
      name = SCM_CAR (ctor);
      args = SCM_CDR (ctor);
      if (proper_length (args) < 0)
        syntax_error (sym_define_record_type, "bad constructor", ctor, form);
      for (SCM a = args; scm_is_pair (a); a = SCM_CDR (a))
        if (field_index (specs, SCM_CAR (a)) < 0)
          syntax_error (sym_define_record_type, "not a field of the type",
                        SCM_CAR (a), form);
    }
  if (!scm_i_is_identifier (name))
    syntax_error (sym_define_record_type, "bad constructor", ctor, form);
  if (SCM_UNBNDP (args))           /* a bare name: every field, in order */
    {
      args = SCM_EOL;
      for (SCM f = specs; scm_is_pair (f); f = SCM_CDR (f))
        args = scm_cons (SCM_CAR (SCM_CAR (f)), args);
      args = scm_reverse_x (args);
    }
  SCM values = SCM_EOL;
  for (SCM f = specs; scm_is_pair (f); f = SCM_CDR (f))
    values = scm_cons (scm_is_true (scm_memq (SCM_CAR (SCM_CAR (f)), args))
                       ? SCM_CAR (SCM_CAR (f)) : SCM_BOOL_F, values);
  SCM body = scm_cons (prim (SCM_I_PRIVATE_MAKE_RECORD),
                       scm_cons (rtd, scm_reverse_x (values)));
  return record_binding (name, rtd, type,
                         scm_list_3 (core (sym_lambda), args, body));
}

static SCM
record_field_procs (SCM form, SCM specs, SCM rtd, SCM type, SCM obj)
{
  SCM defs = SCM_EOL, val = scm_string_to_uninterned_symbol
    (scm_from_utf8_string ("value"));
  long i = 0;
  for (SCM f = specs; scm_is_pair (f); f = SCM_CDR (f), i++)
    {
      SCM spec = SCM_CAR (f);
      long n = proper_length (spec);
      if (n < 2 || n > 3)
        syntax_error (sym_define_record_type, "bad field spec", spec, form);
      SCM k = SCM_MAKE_FIXNUM (i), acc = cadr (spec);
      SCM who = scm_list_2 (core (sym_quote), acc);
      SCM ref = list5 (prim (SCM_I_PRIVATE_RECORD_REF), obj, rtd, k, who);
      defs = scm_cons (record_binding (acc, rtd, type,
                                       scm_list_3 (core (sym_lambda),
                                                   scm_list_1 (obj), ref)),
                       defs);
      if (n == 3)
        {
          SCM mod = caddr (spec);
          SCM set = scm_cons (prim (SCM_I_PRIVATE_RECORD_SET),
                              list5 (obj, rtd, k, val,
                                          scm_list_2 (core (sym_quote), mod)));
          defs = scm_cons (record_binding (mod, rtd, type,
                                           scm_list_3 (core (sym_lambda),
                                                       scm_list_2 (obj, val),
                                                       set)),
                           defs);
        }
    }
  return scm_reverse_x (defs);
}

static SCM
rewrite_define_record_type (SCM form)
{
  check_length (form, 4, -1, sym_define_record_type);
  SCM type = cadr (form), ctor = caddr (form), pred = SCM_CAR (cdddr (form));
  SCM specs = SCM_CDR (cdddr (form));
  if (!scm_i_is_identifier (type))
    syntax_error (sym_define_record_type, "the type name must be an identifier",
                  type, form);
  SCM fields = SCM_EOL;
  for (SCM f = specs; scm_is_pair (f); f = SCM_CDR (f))
    {
      if (!scm_is_pair (SCM_CAR (f)) || !scm_i_is_identifier (SCM_CAR (SCM_CAR (f)))
          || proper_length (SCM_CAR (f)) < 2)
        syntax_error (sym_define_record_type, "bad field spec", SCM_CAR (f),
                      form);
      fields = scm_cons (SCM_CAR (SCM_CAR (f)), fields);
    }
  SCM rtd = scm_string_to_uninterned_symbol (scm_from_utf8_string ("rtd"));
  SCM obj = scm_string_to_uninterned_symbol (scm_from_utf8_string ("obj"));
  SCM defs = record_field_procs (form, specs, rtd, type, obj);
  if (scm_i_is_identifier (pred))
    defs = scm_cons (record_binding
                     (pred, rtd, type,
                      scm_list_3 (core (sym_lambda), scm_list_1 (obj),
                                  scm_list_3 (prim (SCM_I_PRIVATE_RECORD_P),
                                              obj, rtd))),
                     defs);
  else if (!scm_is_false (pred))
    syntax_error (sym_define_record_type, "bad predicate name", pred, form);
  if (!scm_is_false (ctor))
    defs = scm_cons (record_constructor (form, ctor, specs, rtd, type), defs);
  SCM make_type = scm_list_3 (prim (SCM_I_PRIVATE_MAKE_RECORD_TYPE),
                              scm_list_2 (core (sym_quote), type),
                              scm_list_to_vector (scm_i_strip_syntax (scm_reverse_x (fields))));
  defs = scm_cons (scm_list_3 (core (sym_define), type, make_type), defs);
  return scm_cons (core (sym_begin), defs);
}

/* ------------------------------------------------------------------ */
/* cond-expand and include: forms that stand for a sequence of forms,
   spliced like `begin' at top level and in bodies.  */

/* Whether feature requirement REQ holds: a feature identifier of
   (features), (and REQ...), (or REQ...), (not REQ) or (library NAME),
   which is false: there is no library system yet.  */
static int
requirement_holds (SCM req, SCM form)
{
  req = scm_i_strip_syntax (req);
  if (scm_is_symbol (req))
    return scm_is_true (scm_memq (req, scm_features ()));
  long n = proper_length (req);
  if (n < 1 || !scm_is_symbol (SCM_CAR (req)))
    syntax_error (sym_cond_expand, "bad feature requirement", req, form);
  SCM op = SCM_CAR (req), args = SCM_CDR (req);
  if (scm_is_eq (op, sym_and) || scm_is_eq (op, sym_or))
    {
      int want = scm_is_eq (op, sym_or);
      for (; scm_is_pair (args); args = SCM_CDR (args))
        if (requirement_holds (SCM_CAR (args), form) == want)
          return want;
      return !want;
    }
  if (scm_is_eq (op, sym_not) && n == 2)
    return !requirement_holds (SCM_CAR (args), form);
  if (scm_is_eq (op, sym_library) && n == 2)
    return 0;
  syntax_error (sym_cond_expand, "bad feature requirement", req, form);
}

/* The body of the first clause of cond-expand FORM whose requirement
   holds, or () if none does.  */
static SCM
cond_expand_body (SCM form)
{
  check_length (form, 1, -1, sym_cond_expand);
  for (SCM c = SCM_CDR (form); scm_is_pair (c); c = SCM_CDR (c))
    {
      SCM clause = SCM_CAR (c);
      if (proper_length (clause) < 1)
        syntax_error (sym_cond_expand, "bad clause", clause, form);
      if (scm_is_eq (SCM_CAR (clause), sym_else))
        {
          if (!scm_is_null (SCM_CDR (c)))
            syntax_error (sym_cond_expand, "else clause must be last",
                          clause, form);
          return SCM_CDR (clause);
        }
      scm_i_check_c_stack ("feature requirement");
      if (requirement_holds (SCM_CAR (clause), form))
        return SCM_CDR (clause);
    }
  return SCM_EOL;
}

/* The data of the files that include FORM names, in order.  A relative
   name is taken from the directory of the file FORM is in, if it has
   one.  */
static SCM
included_forms (SCM form, int fold_case)
{
  SCM who = fold_case ? sym_include_ci : sym_include;
  check_length (form, 2, -1, who);
  SCM dir = SCM_BOOL_F, file;
  long line, col;
  if (scm_c_source_position (form, &file, &line, &col) && scm_is_string (file))
    {
      char *path = scm_i_to_utf8_stringn (file, NULL);
      char *slash = strrchr (path, '/');
      if (slash != NULL)
        dir = scm_from_utf8_stringn (path, (size_t) (slash - path + 1));
    }
  SCM data = SCM_EOL;
  for (SCM f = SCM_CDR (form); scm_is_pair (f); f = SCM_CDR (f))
    {
      SCM name = SCM_CAR (f);
      if (!scm_is_string (name))
        syntax_error (who, "a file name must be a string", name, form);
      if (scm_is_string (dir) && scm_c_string_length (name) > 0
          && scm_c_string_ref (name, 0) != '/')
        name = scm_string_append (scm_list_2 (dir, name));
      SCM port = scm_open_input_file (name);
      if (fold_case)
        scm_i_set_port_fold_case (port, 1);
      for (SCM x = scm_read (port); !scm_is_eq (x, SCM_EOF_VAL);
           x = scm_read (port))
        data = scm_cons (x, data);
      scm_close_port (port);
    }
  return scm_reverse_x (data);
}

/* The forms that a cond-expand or include form X stands for, or
   SCM_UNDEFINED if X is neither.  */
static SCM
spliced_forms (struct scm_i_scope *s, SCM x)
{
  if (!scm_is_pair (x))
    return SCM_UNDEFINED;
  switch (form_of (s, SCM_CAR (x)))
    {
    case F_COND_EXPAND: return cond_expand_body (x);
    case F_INCLUDE: return included_forms (x, 0);
    case F_INCLUDE_CI: return included_forms (x, 1);
    default: return SCM_UNDEFINED;
    }
}

/* ------------------------------------------------------------------ */
/* quasiquote.  */

static struct scm_i_node *qq (struct scm_i_scope *s, SCM x, SCM cell, long depth);

static struct scm_i_node *
qq_list2 (SCM sym, struct scm_i_node *b)
{
  if (b->kind == SCM_I_N_CONST)
    return mk_const (scm_list_2 (sym, b->value));
  struct scm_i_node *n = mk_private_call (SCM_BOOL_F, SCM_I_PRIVATE_LIST, 2);
  n->args[0] = mk_const (sym);
  n->args[1] = b;
  return n;
}

static struct scm_i_node *
qq_cons (struct scm_i_node *a, struct scm_i_node *d)
{
  if (a->kind == SCM_I_N_CONST && d->kind == SCM_I_N_CONST)
    return mk_const (scm_cons (a->value, d->value));
  struct scm_i_node *n = mk_private_call (SCM_BOOL_F, SCM_I_PRIVATE_CONS, 2);
  n->args[0] = a;
  n->args[1] = d;
  return n;
}

static int
is_form (struct scm_i_scope *s, SCM x, enum form f)
{
  return scm_is_pair (x) && form_of (s, SCM_CAR (x)) == f
    && scm_is_pair (SCM_CDR (x)) && scm_is_null (cddr (x));
}

static struct scm_i_node *
qq_pair (struct scm_i_scope *s, SCM x, long depth)
{
  SCM head = SCM_CAR (x);
  if (is_form (s, head, F_UNQUOTE_SPLICING))
    {
      struct scm_i_node *rest = qq (s, SCM_CDR (x), x, depth);
      if (depth > 1)
        return qq_cons (qq_list2 (sym_unquote_splicing,
                                  qq (s, cadr (head), SCM_CDR (head),
                                      depth - 1)),
                        rest);
      struct scm_i_node *n = mk_private_call (head, SCM_I_PRIVATE_APPEND, 2);
      n->args[0] = expand (s, cadr (head), SCM_CDR (head));
      n->args[1] = rest;
      return n;
    }
  return qq_cons (qq (s, head, x, depth), qq (s, SCM_CDR (x), x, depth));
}

static struct scm_i_node *
qq (struct scm_i_scope *s, SCM x, SCM cell, long depth)
{
  scm_i_check_c_stack ("quasiquote template");
  if (is_form (s, x, F_UNQUOTE))
    {
      if (depth == 1)
        return expand (s, cadr (x), SCM_CDR (x));
      return qq_list2 (sym_unquote, qq (s, cadr (x), SCM_CDR (x),
                                        depth - 1));
    }
  if (is_form (s, x, F_QUASIQUOTE))
    return qq_list2 (sym_quasiquote, qq (s, cadr (x), SCM_CDR (x),
                                         depth + 1));
  if (scm_is_pair (x))
    return qq_pair (s, x, depth);
  if (scm_is_vector (x) && SCM_VECTOR_LENGTH (x) > 0)
    {
      struct scm_i_node *l = qq (s, scm_vector_to_list (x, SCM_UNDEFINED,
                                                         SCM_UNDEFINED),
                                 cell, depth);
      if (l->kind == SCM_I_N_CONST)
        return mk_const (scm_i_strip_syntax (x));
      struct scm_i_node *n = mk_private_call (cell, SCM_I_PRIVATE_LIST_TO_VECTOR,
                                              1);
      n->args[0] = l;
      return n;
    }
  return mk_const (scm_i_strip_syntax (x));
}

/* ------------------------------------------------------------------ */
/* Calls.  */

struct inline_prim { const char *name; enum scm_i_opcode op; long nargs; };
static const struct inline_prim inline_prims[] = {
  { "+", SCM_OP_ADD, 2 }, { "-", SCM_OP_SUB, 2 }, { "*", SCM_OP_MUL, 2 },
  { "=", SCM_OP_NUM_EQ, 2 }, { "<", SCM_OP_LT, 2 }, { ">", SCM_OP_GT, 2 },
  { "<=", SCM_OP_LE, 2 }, { ">=", SCM_OP_GE, 2 },
  { "zero?", SCM_OP_ZEROP, 1 }, { "not", SCM_OP_NOT, 1 },
  { "eq?", SCM_OP_EQ, 2 }, { "eqv?", SCM_OP_EQV, 2 },
  { "cons", SCM_OP_CONS, 2 }, { "car", SCM_OP_CAR, 1 },
  { "cdr", SCM_OP_CDR, 1 }, { "null?", SCM_OP_NULLP, 1 },
  { "pair?", SCM_OP_PAIRP, 1 }, { "vector-ref", SCM_OP_VREF, 2 },
  { "vector-set!", SCM_OP_VSET, 3 },
};
#define N_INLINE_PRIMS (sizeof inline_prims / sizeof inline_prims[0])
static SCM inline_prim_syms[N_INLINE_PRIMS];

const char *
scm_i_inline_primitive_name (enum scm_i_opcode op)
{
  for (size_t i = 0; i < N_INLINE_PRIMS; i++)
    if (inline_prims[i].op == op)
      return inline_prims[i].name;
  return NULL;
}

/* The inline opcode for a call of global F with N arguments, if F
   still holds its primitive; else SCM_OP_COUNT.  */
static enum scm_i_opcode
inline_op (SCM f, long n, SCM *var)
{
  for (size_t i = 0; i < N_INLINE_PRIMS; i++)
    if (scm_is_eq (inline_prim_syms[i], f) && inline_prims[i].nargs == n)
      {
        *var = scm_lookup_variable (f);
        if (scm_is_variable (*var)
            && scm_is_eq (SCM_CELL_OBJECT (*var, 1),
                          scm_i_inline_primitive (inline_prims[i].op)))
          {
            if (prelude_mode)
              *var = scm_i_private_variable (inline_prims[i].op);
            return inline_prims[i].op;
          }
        return SCM_OP_COUNT;
      }
  return SCM_OP_COUNT;
}

static struct scm_i_node *
expand_call (struct scm_i_scope *s, SCM form)
{
  long n = proper_length (form) - 1;
  if (n < 0)
    syntax_error (SCM_BOOL_F, "bad call syntax (not a proper list)", form,
                  form);
  SCM f = SCM_CAR (form);
  SCM var = SCM_BOOL_F;
  enum scm_i_opcode op = SCM_OP_COUNT;
  if (scm_i_is_identifier (f))
    {
      struct scm_i_binding b = scm_i_resolve (s, f);
      if (b.kind == SCM_I_B_GLOBAL)
        {
          f = b.sym;
          op = inline_op (f, n, &var);
        }
    }

  struct scm_i_node *call;
  if (op != SCM_OP_COUNT)
    {
      call = mk (SCM_I_N_PRIM, form);
      call->op = op;
      call->value = var;
      call->sym = f;
      call->nargs = n;
      call->args = node_array (n);
    }
  else
    call = mk_call (form, expand (s, SCM_CAR (form), form), n);
  SCM a = SCM_CDR (form);
  for (long i = 0; i < n; i++, a = SCM_CDR (a))
    call->args[i] = expand (s, SCM_CAR (a), a);
  return call;
}

static struct scm_i_node *
expand_apply_intrinsic (struct scm_i_scope *s, SCM form, enum scm_i_node_kind k)
{
  check_length (form, 3, 3, SCM_CAR (form));
  struct scm_i_node *n = mk (k, form);
  n->a = expand (s, cadr (form), SCM_CDR (form));
  n->b = expand (s, caddr (form), cddr (form));
  return n;
}

/* (%call/cc f) and (%call/ec f): call F with the continuation of this
   form (an instruction: see vm.c).  */
static struct scm_i_node *
expand_capture_intrinsic (struct scm_i_scope *s, SCM form, enum scm_i_node_kind k)
{
  check_length (form, 2, 2, SCM_CAR (form));
  struct scm_i_node *n = mk (k, form);
  n->a = expand (s, cadr (form), SCM_CDR (form));
  return n;
}

/* ------------------------------------------------------------------ */
/* Definitions and bodies.  */

/* Parse (define TARGET . REST): the name and the value's source, a
   lambda form for (define (name . formals) body...).  */
static SCM
parse_define (SCM form, SCM *value_cell, SCM *formals, SCM *body)
{
  if (proper_length (form) < 2)
    syntax_error (sym_define, "bad syntax (wrong number of parts)", form,
                  form);
  SCM target = cadr (form);
  *formals = SCM_UNDEFINED;
  if (scm_i_is_identifier (target))
    {
      if (proper_length (form) > 3)
        syntax_error (sym_define, "bad syntax (wrong number of parts)",
                      form, form);
      *value_cell = cddr (form);
      return target;
    }
  if (!scm_is_pair (target) || !scm_i_is_identifier (SCM_CAR (target)))
    syntax_error (sym_define, "bad syntax (not an identifier)", target, form);
  if (proper_length (form) < 3)
    syntax_error (sym_define, "bad syntax (no body)", form, form);
  *formals = SCM_CDR (target);
  *body = cddr (form);
  return SCM_CAR (target);
}

static struct scm_i_node *
define_value (struct scm_i_scope *s, SCM form, SCM name, SCM value_cell,
              SCM formals, SCM body)
{
  if (!SCM_UNBNDP (formals))
    return make_lambda (s, formals, body, form, name);
  if (scm_is_null (value_cell))
    return mk_const (SCM_UNSPECIFIED);
  struct scm_i_node *v = expand (s, SCM_CAR (value_cell), value_cell);
  name_lambda (v, name);
  return v;
}

static struct scm_i_node *
expand_toplevel_define (struct scm_i_scope *s, SCM form)
{
  SCM value_cell = SCM_EOL, formals, body = SCM_EOL;
  SCM name = parse_define (form, &value_cell, &formals, &body);
  scm_i_forget_syntax (name);
  struct scm_i_node *n = mk_global (SCM_I_N_GDEF, name, form);
  n->a = define_value (s, form, name, value_cell, formals, body);
  return n;
}

/* The longest run of expansions of one form's head: more means a
   macro that expands to a use of itself without end.  */
#define MAX_HEAD_EXPANSIONS 1000000

/* X after expanding the macro uses at its head, in scope S.  */
static SCM
expand_head (struct scm_i_scope *s, SCM x)
{
  long steps = 0;
  for (SCM m = macro_of (s, x); scm_is_true (m); m = macro_of (s, x))
    {
      if (++steps > MAX_HEAD_EXPANSIONS)
        syntax_error (scm_i_macro_name (m), "the macro's expansion does not "
                      "terminate (it keeps expanding into a use of a macro)",
                      x, x);
      x = scm_i_expand_macro (s, m, x);
    }
  return x;
}

/* Whether identifier NAME is already bound by scope S itself.  */
static int
bound_here (struct scm_i_scope *s, SCM name)
{
  for (size_t i = 0; i < s->n; i++)
    if (scm_is_eq (s->vars[i]->name, name))
      return 1;
  for (SCM m = s->macros; scm_is_pair (m); m = SCM_CDR (m))
    if (scm_is_eq (SCM_CAR (SCM_CAR (m)), name))
      return 1;
  return 0;
}

static void
add_body_variable (struct scm_i_scope *s, SCM name, SCM form)
{
  if (bound_here (s, name))
    syntax_error (sym_define, "duplicate definition in a body", name, form);
  struct scm_i_var *v = mk_var (name, s->lam);
  v->maybe_unset = 1;
  scope_add (s, v);
}

/* (define-syntax name transformer) in a body or a let-syntax: bind
   NAME in scope S, whose bindings the transformer's templates see;
   DEFS is where the macro is defined.  */
static void
bind_syntax (struct scm_i_scope *s, struct scm_i_scope *defs, SCM name,
             SCM spec, SCM form)
{
  if (!scm_i_is_identifier (name))
    syntax_error (SCM_CAR (form), "not an identifier", name, form);
  if (bound_here (s, name))
    syntax_error (SCM_CAR (form), "duplicate definition in a body", name,
                  form);
  SCM m = scm_i_make_macro (defs, name, spec, form);
  s->macros = scm_cons (scm_cons (name, m), s->macros);
}

/* The names that definition X binds, as a list.  */
static SCM
definition_names (struct scm_i_scope *s, SCM x)
{
  if (form_of (s, SCM_CAR (x)) == F_DEFINE_VALUES)
    {
      check_length (x, 3, 3, sym_define_values);
      return formals_names (cadr (x), x);
    }
  SCM vc, formals, b;
  return scm_list_1 (parse_define (x, &vc, &formals, &b));
}

/* Scan the forms of BODY into ACC (reversed, as (cell . form) with
   macro uses at their heads expanded), splicing begin, cond-expand,
   include and define-record-type, binding the macros that
   define-syntax defines and the variables that definitions define in
   scope S.  */
static SCM
scan_body (struct scm_i_scope *s, SCM body, SCM acc, SCM form)
{
  if (proper_length (body) < 0)
    syntax_error (SCM_BOOL_F, "bad body (not a proper list)", body, form);
  for (; scm_is_pair (body); body = SCM_CDR (body))
    {
      SCM x = expand_head (s, SCM_CAR (body));
      switch (scm_is_pair (x) ? form_of (s, SCM_CAR (x)) : F_NONE)
        {
        case F_BEGIN:
          check_length (x, 1, -1, sym_begin);
          acc = scan_body (s, SCM_CDR (x), acc, x);
          break;
        case F_DEFINE_RECORD_TYPE:
          acc = scan_body (s, SCM_CDR (rewrite_define_record_type (x)), acc,
                           x);
          break;
        case F_COND_EXPAND: case F_INCLUDE: case F_INCLUDE_CI:
          acc = scan_body (s, spliced_forms (s, x), acc, x);
          break;
        case F_DEFINE_SYNTAX:
          check_length (x, 3, 3, sym_define_syntax);
          bind_syntax (s, s, cadr (x), caddr (x), x);
          break;
        case F_DEFINE: case F_DEFINE_VALUES:
          for (SCM l = definition_names (s, x); scm_is_pair (l);
               l = SCM_CDR (l))
            add_body_variable (s, SCM_CAR (l), x);
          acc = scm_cons (scm_cons (body, x), acc);
          break;
        default:
          acc = scm_cons (scm_cons (body, x), acc);   /* the cell, for positions */
        }
    }
  return acc;
}

static struct scm_i_node *
store_local (struct scm_i_scope *s, size_t i, struct scm_i_node *value, void *data)
{
  struct scm_i_var **vars = data;
  return mk_lset (s, vars[i], value, SCM_BOOL_F);
}

/* A body: its definitions are one LET whose variables start undefined
   and are assigned in order (letrec* semantics).  */
static struct scm_i_node *
expand_body (struct scm_i_scope *s, SCM body, SCM form)
{
  struct scm_i_scope *inner = new_scope (s, s->lam, NULL, 0);
  SCM items = scm_reverse_x (scan_body (inner, body, SCM_EOL, form));
  long n = proper_length (items);
  if (n == 0)
    syntax_error (SCM_BOOL_F, "empty body", form, form);
  size_t ndefs = inner->n, d = 0;
  struct scm_i_node *seq = mk_seq (n);
  int last_is_definition = 0;
  long i = 0;
  for (SCM it = items; scm_is_pair (it); it = SCM_CDR (it), i++)
    {
      SCM cell = SCM_CAR (SCM_CAR (it)), x = SCM_CDR (SCM_CAR (it));
      enum form f = scm_is_pair (x) ? form_of (inner, SCM_CAR (x)) : F_NONE;
      last_is_definition = f == F_DEFINE || f == F_DEFINE_VALUES;
      if (f == F_DEFINE_VALUES)
        {
          size_t k = (size_t) proper_length (definition_names (inner, x));
          seq->args[i] = define_values_node (inner, x, store_local,
                                             inner->vars + d);
          d += k;
        }
      else if (f == F_DEFINE)
        {
          SCM vc = SCM_EOL, formals, b = SCM_EOL;
          SCM name = parse_define (x, &vc, &formals, &b);
          struct scm_i_var *v = inner->vars[d++];
          struct scm_i_node *value = define_value (inner, x, name, vc,
                                                   formals, b);
          if (value->kind == SCM_I_N_LAMBDA)
            v->self = value->lam;
          seq->args[i] = mk_lset (inner, v, value, x);
        }
      else
        seq->args[i] = expand (inner, x, cell);
    }
  if (last_is_definition)
    syntax_error (sym_define, "a body must end with an expression", form,
                  form);
  struct scm_i_node *result = n == 1 ? seq->args[0] : seq;
  if (ndefs == 0)
    return result;
  struct scm_i_node *let = mk_let (ndefs);
  for (size_t k = 0; k < ndefs; k++)
    {
      let->vars[k] = inner->vars[k];
      let->args[k] = mk_const (SCM_UNDEFINED);
    }
  let->a = result;
  return let;
}

/* ------------------------------------------------------------------ */
/* Macro forms: let-syntax, syntax-error, syntax and the pattern
   variables of syntax-case (macros.c rewrites syntax-case itself).  */

/* The scope of (let-syntax ((name spec) ...) ...) or letrec-syntax.  */
static struct scm_i_scope *
syntax_binding_scope (struct scm_i_scope *s, SCM form, int rec)
{
  SCM who = SCM_CAR (form);
  check_length (form, 2, -1, who);
  SCM bindings = cadr (form);
  if (proper_length (bindings) < 0)
    syntax_error (who, "bad bindings", bindings, form);
  struct scm_i_scope *inner = new_scope (s, s->lam, NULL, 0);
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b))
    {
      if (proper_length (SCM_CAR (b)) != 2)
        syntax_error (who, "bad binding", SCM_CAR (b), form);
      bind_syntax (inner, rec ? inner : s, SCM_CAR (SCM_CAR (b)),
                   cadr (SCM_CAR (b)), form);
    }
  return inner;
}

static struct scm_i_node *
expand_let_syntax (struct scm_i_scope *s, SCM form, int rec)
{
  check_length (form, 3, -1, SCM_CAR (form));
  struct scm_i_scope *inner = syntax_binding_scope (s, form, rec);
  return expand_body (inner, cddr (form), form);
}

/* (syntax-error "message" irritant ...), R7RS 4.3.3: at expansion.  */
static void SCM_NORETURN
expand_syntax_error (SCM form)
{
  if (proper_length (form) < 2 || !scm_is_string (cadr (form)))
    syntax_error (sym_syntax_error, "bad syntax (expected a message "
                  "string)", form, form);
  SCM c = scm_make_condition (sym_syntax_error, SCM_BOOL_F, cadr (form),
                              scm_i_strip_syntax (cddr (form)));
  SCM file;
  long line, col;
  if (scm_c_source_position (form, &file, &line, &col) && scm_is_string (file))
    {
      scm_i_condition_set_position (c, file, line, col);
      scm_i_condition_mark_annotated (c);
    }
  scm_raise (c);
}

struct template_vars
{
  struct scm_i_scope *s;
  struct scm_i_var **vars;
  size_t n, cap;
};

static long
template_lookup (SCM id, int *depth, void *data)
{
  struct template_vars *t = data;
  struct scm_i_binding b = scm_i_resolve (t->s, id);
  if (b.kind != SCM_I_B_VAR || b.var->pattern_depth == 0)
    return -1;
  *depth = b.var->pattern_depth - 1;
  for (size_t i = 0; i < t->n; i++)
    if (t->vars[i] == b.var)
      return (long) i;
  if (t->n == t->cap)
    {
      size_t cap = t->cap ? 2 * t->cap : 8;
      struct scm_i_var **v = scm_i_alloc (cap * sizeof *v);
      if (t->n)
        memcpy (v, t->vars, t->n * sizeof *v);
      t->vars = v;
      t->cap = cap;
    }
  t->vars[t->n] = b.var;
  return (long) t->n++;
}

/* (syntax template): (%syntax-build 'compiled (list pvar ...)).  */
static struct scm_i_node *
expand_syntax (struct scm_i_scope *s, SCM form)
{
  check_length (form, 2, 2, sym_syntax);
  struct template_vars t = { s, NULL, 0, 0 };
  SCM tmpl = scm_i_compile_template (cadr (form), sym_ellipsis,
                                     template_lookup, &t, sym_syntax, form);
  struct scm_i_node *vals = mk_private_call (form, SCM_I_PRIVATE_LIST, t.n);
  for (size_t i = 0; i < t.n; i++)
    vals->args[i] = mk_lref (s, t.vars[i], form);
  struct scm_i_node *call = mk_private_call (form, SCM_I_PRIVATE_SYNTAX_BUILD,
                                             2);
  call->args[0] = mk_const (tmpl);
  call->args[1] = vals;
  return call;
}

/* (%pattern-bind '((id . depth) ...) m fender output failure): bind
   each pattern variable to its slot of match vector M, then
   (if fender output failure).  */
static struct scm_i_node *
expand_pattern_bind (struct scm_i_scope *s, SCM form)
{
  check_length (form, 6, 6, sym_pattern_bind);
  SCM vars = cadr (cadr (form)), m = caddr (form);
  SCM rest = cdddr (form);
  long n = proper_length (vars);
  struct scm_i_node *let = mk_let (n);
  long i = 0;
  for (SCM v = vars; scm_is_pair (v); v = SCM_CDR (v), i++)
    {
      let->vars[i] = mk_var (SCM_CAR (SCM_CAR (v)), s->lam);
      let->vars[i]->pattern_depth = (int) scm_to_long (SCM_CDR (SCM_CAR (v))) + 1;
      struct scm_i_node *ref = mk (SCM_I_N_PRIM, form);
      ref->op = SCM_OP_VREF;
      ref->value = scm_i_private_variable (SCM_OP_VREF);
      ref->nargs = 2;
      ref->args = node_array (2);
      ref->args[0] = expand (s, m, SCM_CDR (SCM_CDR (form)));
      ref->args[1] = mk_const (SCM_MAKE_FIXNUM (i));
      let->args[i] = ref;
    }
  struct scm_i_scope *inner = new_scope (s, s->lam, let->vars, n);
  SCM fender = SCM_CAR (rest), output = cadr (rest), failure = caddr (rest);
  struct scm_i_node *out = expand (inner, output, SCM_CDR (rest));
  if (scm_is_eq (fender, SCM_BOOL_T))
    let->a = out;
  else
    let->a = mk_if (expand (inner, fender, rest), out,
                    expand (inner, failure, cddr (rest)));
  return let;
}

/* ------------------------------------------------------------------ */
/* The dispatcher.  */

static struct scm_i_node *
expand_form (struct scm_i_scope *s, SCM x)
{
  SCM m = macro_of (s, x);
  if (scm_is_true (m))
    return expand (s, scm_i_expand_macro (s, m, x), x);
  switch (form_of (s, SCM_CAR (x)))
    {
    case F_DEFINE_SYNTAX:
      syntax_error (SCM_CAR (x), "definition in expression context", x, x);
    case F_LET_SYNTAX: return expand_let_syntax (s, x, 0);
    case F_LETREC_SYNTAX: return expand_let_syntax (s, x, 1);
    case F_SYNTAX_RULES:
      syntax_error (SCM_CAR (x), "used outside define-syntax, let-syntax "
                    "or letrec-syntax", x, x);
    case F_SYNTAX_ERROR: expand_syntax_error (x);
    case F_SYNTAX_CASE:
      return expand (s, scm_i_rewrite_syntax_case (x), x);
    case F_QUASISYNTAX:
      return expand (s, scm_i_rewrite_quasisyntax (x), x);
    case F_SYNTAX: return expand_syntax (s, x);
    case F_UNSYNTAX: case F_UNSYNTAX_SPLICING:
      syntax_error (SCM_CAR (x), "used outside quasisyntax", x, x);
    case F_QUOTE_SYNTAX:
      check_length (x, 2, 2, sym_quote_syntax);
      return mk_const (cadr (x));
    case F_PATTERN_BIND: return expand_pattern_bind (s, x);
    case F_QUOTE:
      check_length (x, 2, 2, sym_quote);
      return mk_const (scm_i_strip_syntax (cadr (x)));
    case F_QUASIQUOTE:
      check_length (x, 2, 2, sym_quasiquote);
      return qq (s, cadr (x), SCM_CDR (x), 1);
    case F_LAMBDA: return expand_lambda (s, x);
    case F_DEFINE: case F_DEFINE_VALUES: case F_DEFINE_RECORD_TYPE:
      syntax_error (SCM_CAR (x), "definition in expression context", x, x);
    case F_LET_VALUES: return expand_let_values (s, x);
    case F_LET_STAR_VALUES: return expand_let_star_values (s, x);
    case F_RECEIVE: return expand_receive (s, x);
    case F_CASE_LAMBDA: return expand_case_lambda (s, x);
    case F_COND_EXPAND: case F_INCLUDE: case F_INCLUDE_CI:
      return expand_seq (s, spliced_forms (s, x));
    case F_PARAMETERIZE: return expand_parameterize (s, x);
    case F_DELAY: return expand_delay (s, x, 0);
    case F_DELAY_FORCE: return expand_delay (s, x, 1);
    case F_SET: return expand_set (s, x);
    case F_IF: return expand_if (s, x);
    case F_BEGIN:
      check_length (x, 1, -1, sym_begin);
      return expand_seq (s, SCM_CDR (x));
    case F_LET: return expand_let (s, x);
    case F_LET_STAR: return expand_let_star (s, x);
    case F_LETREC: return expand_letrec (s, x, sym_letrec);
    case F_LETREC_STAR: return expand_letrec (s, x, sym_letrec_star);
    case F_COND: return expand_cond (s, x);
    case F_CASE: return expand_case (s, x);
    case F_AND:
      check_length (x, 1, -1, sym_and);
      return expand_and_list (s, SCM_CDR (x));
    case F_OR:
      check_length (x, 1, -1, sym_or);
      return expand_or_list (s, SCM_CDR (x));
    case F_WHEN: return expand_when (s, x, 1);
    case F_UNLESS: return expand_when (s, x, 0);
    case F_DO: return expand_do (s, x);
    case F_GUARD: return expand_guard (s, x);
    case F_APPLY: return expand_apply_intrinsic (s, x, SCM_I_N_APPLY);
    case F_APPLY_VALUES:
      return expand_apply_intrinsic (s, x, SCM_I_N_APPLY_VALUES);
    case F_CALLCC: return expand_capture_intrinsic (s, x, SCM_I_N_CALLCC);
    case F_CALLEC: return expand_capture_intrinsic (s, x, SCM_I_N_CALLEC);
    case F_UNQUOTE: case F_UNQUOTE_SPLICING:
      syntax_error (SCM_CAR (x), "used outside quasiquote", x, x);
    case F_ELSE: case F_ARROW:
      syntax_error (SCM_CAR (x), "used outside its clause", x, x);
    case F_NONE:
    default:
      return expand_call (s, x);
    }
}

static struct scm_i_node *
expand (struct scm_i_scope *s, SCM x, SCM cell)
{
  scm_i_check_c_stack ("expression");
  if (scm_i_is_identifier (x))
    return expand_symbol (s, x, cell);
  if (scm_is_pair (x))
    return expand_form (s, x);
  if (scm_is_null (x))
    syntax_error (SCM_BOOL_F, "missing procedure in expression", x, cell);
  return mk_const (x);
}

/* A top-level form: definitions and begin are allowed here.  */
static struct scm_i_node *
expand_toplevel (struct scm_i_scope *s, SCM x)
{
  scm_i_check_c_stack ("expression");
  x = expand_head (s, x);
  if (scm_is_pair (x))
    switch (form_of (s, SCM_CAR (x)))
      {
      case F_DEFINE_SYNTAX:
        {
          check_length (x, 3, 3, sym_define_syntax);
          SCM name = cadr (x);
          if (!scm_i_is_identifier (name))
            syntax_error (sym_define_syntax, "not an identifier", name, x);
          SCM m = scm_i_make_macro (s, name, caddr (x), x);
          note_toplevel_syntax (scm_i_identifier_symbol (name), m);
          return mk_const (SCM_UNSPECIFIED);
        }
      case F_LET_SYNTAX: case F_LETREC_SYNTAX:
        {
          /* At the top level, the body's definitions are top-level.  */
          check_length (x, 2, -1, SCM_CAR (x));
          struct scm_i_scope *inner
            = syntax_binding_scope (s, x, form_of (s, SCM_CAR (x))
                                    == F_LETREC_SYNTAX);
          return expand_toplevel (inner, scm_cons (core (sym_begin),
                                                   cddr (x)));
        }
      case F_DEFINE:
        return expand_toplevel_define (s, x);
      case F_DEFINE_VALUES:
        return expand_toplevel_define_values (s, x);
      case F_DEFINE_RECORD_TYPE:
        return expand_toplevel (s, rewrite_define_record_type (x));
      case F_COND_EXPAND: case F_INCLUDE: case F_INCLUDE_CI:
        return expand_toplevel (s, scm_cons (core (sym_begin),
                                             spliced_forms (s, x)));
      case F_BEGIN:
        {
          long n = proper_length (x) - 1;
          if (n < 0)
            syntax_error (sym_begin, "bad syntax (not a proper list)", x, x);
          if (n == 0)
            return mk_const (SCM_UNSPECIFIED);
          struct scm_i_node *seq = mk_seq (n);
          SCM r = SCM_CDR (x);
          for (long i = 0; i < n; i++, r = SCM_CDR (r))
            seq->args[i] = expand_toplevel (s, SCM_CAR (r));
          return seq;
        }
      default:
        break;
      }
  return expand (s, x, SCM_BOOL_F);
}

static void
drop_pending (void *data)
{
  pending = ((struct toplevel_changes *) data)->outer;
}

struct scm_i_lambda *
scm_i_expand_toplevel (SCM exp)
{
  struct scm_i_lambda *l = mk_lambda (NULL, exp);
  l->params = scm_i_alloc (sizeof (struct scm_i_var *));
  struct scm_i_scope *s = new_scope (NULL, l, NULL, 0);
  struct toplevel_changes changes = { SCM_EOL, pending };
  scm_dynwind_begin (0);
  scm_dynwind_unwind_handler (drop_pending, &changes, SCM_F_WIND_EXPLICITLY);
  pending = &changes;
  l->body = expand_toplevel (s, exp);
  commit_toplevel_syntax (&changes);
  scm_dynwind_end ();
  return l;
}

void
scm_init_expand (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "expand.x"
#endif
  for (size_t i = 0; i < N_INLINE_PRIMS; i++)
    inline_prim_syms[i] = scm_from_utf8_symbol (inline_prims[i].name);
  core_identifiers = SCM_EOL;
}
