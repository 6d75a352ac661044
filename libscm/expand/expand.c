/* expand.c -- the expander: core syntax to the tree of ast-internal.h
   SPDX-License-Identifier: LGPL-3.0-or-later

   Each special form is expanded by a C function chosen through what its
   head identifier means (scope.c): a core form number, a macro (whose
   use macros.c expands first), or a variable.  Scopes are heap objects
   chained from the innermost out, so an alias (syntax.c) can refer to
   the scope its macro was defined in; ast.c's constructors mark a
   variable captured when a reference crosses a lambda.  Bodies with
   internal definitions, and top-level definitions, are bodies.c's.
   define-record-type, cond-expand and include are rewritten as data
   first (derived.c).  */

#include "runtime/scm-internal.h"
#include "expand/ast-internal.h"
#include "expand/expand-internal.h"
#include "modules/modules-internal.h"
#include "runtime/conditions-internal.h"
#include "runtime/instance-internal.h"
#include "io/ports-internal.h"
#include "values/strings-internal.h"
#include "runtime/init-internal.h"
#include "vm/vm-internal.h"

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

SCM_SYMBOL (sym_library, "library");
SCM_SYMBOL (sym_not, "not");
SCM_SYMBOL (sym_do_loop, "do-loop");
/* The name of the expander's temporaries (do, or, let-values).  */
SCM_GLOBAL_SYMBOL (scm_i_sym_tmp, "tmp");
SCM_SYMBOL (sym_with_syntax, "with-syntax");
SCM_SYMBOL (sym_ellipsis, "...");


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

/* Accessors for forms whose shape has been checked.  */
static inline SCM cadr (SCM x) { return scm_i_cadr (x); }
static inline SCM cddr (SCM x) { return scm_i_cddr (x); }
static inline SCM caddr (SCM x) { return scm_i_caddr (x); }
static inline SCM cdddr (SCM x) { return scm_i_cdddr (x); }

static inline struct scm_i_scope *
new_scope (struct scm_i_scope *parent, struct scm_i_lambda *lam,
           struct scm_i_var **vars, size_t n)
{
  return scm_i_new_scope (parent, lam, vars, n);
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
  SCM c = scm_make_condition (scm_i_sym_syntax_error, scm_i_strip_syntax (who),
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

void
scm_i_check_form_length (SCM form, long min, long max, SCM who)
{
  long n = proper_length (form);
  if (n < 0)
    syntax_error (who, "bad syntax (not a proper list)", form, form);
  if (n < min || (max >= 0 && n > max))
    syntax_error (who, "bad syntax (wrong number of parts)", form, form);
}

/* ------------------------------------------------------------------ */
/* Expressions.  */

static struct scm_i_node *expand (struct scm_i_scope *s, SCM x, SCM cell);
/* A body with internal definitions (bodies.c).  */
static inline struct scm_i_node *
expand_body (struct scm_i_scope *s, SCM body, SCM form)
{
  return scm_i_expand_body (s, body, form);
}

/* Expand the forms of proper list BODY in sequence (no definitions).  */
static struct scm_i_node *
expand_seq (struct scm_i_scope *s, SCM body)
{
  long n = proper_length (body);
  if (n == 0)
    return scm_i_mk_const (SCM_UNSPECIFIED);
  if (n == 1)
    return expand (s, SCM_CAR (body), body);
  struct scm_i_node *seq = scm_i_mk_seq (n);
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
      return scm_i_mk_lref (s, b.var, cell);
    }
  if (b.kind != SCM_I_B_GLOBAL)
    syntax_error (x, "bad use of a syntactic keyword", x, cell);
  if (prelude_mode)
    {
      /* The prelude calls the procedures bound when it is compiled,
         whatever a program later binds their names to.  */
      SCM val = SCM_CELL_OBJECT (b.value, 1);
      if (!SCM_UNBNDP (val) && scm_is_true (scm_procedure_p (val)))
        return scm_i_mk_const (val);
    }
  return scm_i_mk_global (SCM_I_N_GREF, b.sym, b.value, cell);
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
    syntax_error (scm_i_sym_lambda, "bad parameter list", formals, form);
  l->nreq = n;
  l->rest = !scm_is_null (f);
  l->params = scm_i_alloc ((n + 1) * sizeof (struct scm_i_var *));
  n = 0;
  struct scm_i_idset seen = { 0 };
  for (f = formals; scm_is_pair (f); f = SCM_CDR (f))
    {
      if (!scm_i_is_identifier (SCM_CAR (f)))
        syntax_error (scm_i_sym_lambda, "a parameter must be an identifier",
                      SCM_CAR (f), form);
      if (scm_i_idset_add (&seen, SCM_CAR (f)))
        syntax_error (scm_i_sym_lambda, "duplicate parameter", SCM_CAR (f),
                      form);
      l->params[n++] = scm_i_mk_var (SCM_CAR (f), l);
    }
  if (l->rest)
    {
      if (scm_i_idset_add (&seen, f))
        syntax_error (scm_i_sym_lambda, "duplicate parameter", f, form);
      l->params[n] = scm_i_mk_var (f, l);
    }
}

/* Warn of the parameters in FORMALS that shadow core syntax of S.  */
static void
warn_shadowing_formals (struct scm_i_scope *s, SCM formals, SCM form)
{
  if (!scm_i_compile_warnings_on)
    return;
  SCM f;
  for (f = formals; scm_is_pair (f); f = SCM_CDR (f))
    scm_i_warn_shadowed_syntax (s, SCM_CAR (f), form);
  if (!scm_is_null (f))
    scm_i_warn_shadowed_syntax (s, f, form);
}

static struct scm_i_node *
make_lambda (struct scm_i_scope *s, SCM formals, SCM body, SCM form, SCM name)
{
  struct scm_i_lambda *l = scm_i_mk_lambda (s->lam, form);
  l->name = scm_i_identifier_symbol (name);
  parse_formals (l, formals, form);
  warn_shadowing_formals (s, formals, form);
  /* A string before more of the body documents the procedure.  */
  l->doc = scm_is_pair (body) && scm_is_string (SCM_CAR (body))
    && scm_is_pair (SCM_CDR (body)) ? SCM_CAR (body) : SCM_BOOL_F;
  struct scm_i_scope *inner = new_scope (s, l, l->params, l->nreq + l->rest);
  l->body = expand_body (inner, body, form);
  struct scm_i_node *n = scm_i_mk_node (SCM_I_N_LAMBDA, form);
  n->lam = l;
  return n;
}

/* (case-lambda (formals body...) ...): (%case-lambda (lambda formals
   body...) ...), whose closure the VM dispatches on the argument
   count.  */
static struct scm_i_node *
expand_case_lambda (struct scm_i_scope *s, SCM form)
{
  scm_i_check_form_length (form, 1, -1, scm_i_sym_case_lambda);
  long n = proper_length (form) - 1;
  struct scm_i_node *call = scm_i_mk_private_call (form,
                                                   SCM_I_PRIVATE_CASE_LAMBDA,
                                             n);
  SCM c = SCM_CDR (form);
  for (long i = 0; i < n; i++, c = SCM_CDR (c))
    {
      SCM clause = SCM_CAR (c);
      if (proper_length (clause) < 2)
        syntax_error (scm_i_sym_case_lambda, "bad clause", clause, form);
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
  scm_i_check_form_length (form, 2, 2,
                           force ? scm_i_sym_delay_force : scm_i_sym_delay);
  if (scm_is_false (scm_i_private_procedure (SCM_I_PRIVATE_MAKE_PROMISE)))
    syntax_error (SCM_CAR (form), "not available before the prelude", form,
                  form);
  struct scm_i_lambda *l = scm_i_mk_lambda (s->lam, form);
  l->params = scm_i_alloc (sizeof (struct scm_i_var *));
  struct scm_i_scope *inner = new_scope (s, l, NULL, 0);
  struct scm_i_node *e = expand (inner, cadr (form), SCM_CDR (form));
  if (!force)
    {
      struct scm_i_node *done = scm_i_mk_private_call (form,
                                                 SCM_I_PRIVATE_MAKE_PROMISE, 2);
      done->args[0] = scm_i_mk_const (SCM_BOOL_T);
      done->args[1] = e;
      e = done;
    }
  l->body = e;
  struct scm_i_node *call = scm_i_mk_private_call (form,
                                                   SCM_I_PRIVATE_MAKE_PROMISE,
                                             2);
  call->args[0] = scm_i_mk_const (SCM_BOOL_F);
  call->args[1] = scm_i_lambda_node (l, form);
  return call;
}

/* (parameterize ((param value) ...) body...): (%parameterize (list
   param ...) (list value ...) (lambda () body...)), the prelude's; with
   one binding, (%parameterize1 param value (lambda () body...)), which
   makes no lists: a recursion through parameterize keeps each level's
   arguments alive until it returns.  */
static struct scm_i_node *
expand_parameterize (struct scm_i_scope *s, SCM form)
{
  scm_i_check_form_length (form, 3, -1, scm_i_sym_parameterize);
  if (scm_is_false (scm_i_private_procedure (SCM_I_PRIVATE_PARAMETERIZE)))
    syntax_error (scm_i_sym_parameterize, "not available before the prelude",
                  form,
                  form);
  SCM bindings = cadr (form);
  long n = proper_length (bindings);
  if (n < 0)
    syntax_error (scm_i_sym_parameterize, "bad bindings", bindings, form);
  if (n == 1)
    {
      SCM bd = SCM_CAR (bindings);
      if (proper_length (bd) != 2)
        syntax_error (scm_i_sym_parameterize, "bad binding", bd, form);
      struct scm_i_node *call
        = scm_i_mk_private_call (form, SCM_I_PRIVATE_PARAMETERIZE1, 3);
      call->args[0] = expand (s, SCM_CAR (bd), bd);
      call->args[1] = expand (s, cadr (bd), SCM_CDR (bd));
      call->args[2] = make_lambda (s, SCM_EOL, cddr (form), form, SCM_BOOL_F);
      return call;
    }
  struct scm_i_node *params = scm_i_mk_private_call (form, SCM_I_PRIVATE_LIST,
                                                     n);
  struct scm_i_node *values = scm_i_mk_private_call (form, SCM_I_PRIVATE_LIST,
                                                     n);
  long i = 0;
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b), i++)
    {
      SCM bd = SCM_CAR (b);
      if (proper_length (bd) != 2)
        syntax_error (scm_i_sym_parameterize, "bad binding", bd, form);
      params->args[i] = expand (s, SCM_CAR (bd), bd);
      values->args[i] = expand (s, cadr (bd), SCM_CDR (bd));
    }
  struct scm_i_node *call = scm_i_mk_private_call (form,
                                                   SCM_I_PRIVATE_PARAMETERIZE,
                                             3);
  call->args[0] = params;
  call->args[1] = values;
  call->args[2] = make_lambda (s, SCM_EOL, cddr (form), form, SCM_BOOL_F);
  return call;
}

static struct scm_i_node *
expand_lambda (struct scm_i_scope *s, SCM form)
{
  scm_i_check_form_length (form, 3, -1, scm_i_sym_lambda);
  return make_lambda (s, cadr (form), cddr (form), form, SCM_BOOL_F);
}

static struct scm_i_node *
expand_if (struct scm_i_scope *s, SCM form)
{
  scm_i_check_form_length (form, 3, 4, scm_i_sym_if);
  SCM r = SCM_CDR (form);
  struct scm_i_node *test = expand (s, SCM_CAR (r), r);
  r = SCM_CDR (r);
  struct scm_i_node *then = expand (s, SCM_CAR (r), r);
  r = SCM_CDR (r);
  struct scm_i_node *alt = scm_is_pair (r) ? expand (s, SCM_CAR (r), r)
    : scm_i_mk_const (SCM_UNSPECIFIED);
  return scm_i_mk_if (test, then, alt);
}

static struct scm_i_node *
expand_set (struct scm_i_scope *s, SCM form)
{
  scm_i_check_form_length (form, 3, 3, scm_i_sym_set_x);
  SCM name = cadr (form);
  if (!scm_i_is_identifier (name))
    syntax_error (scm_i_sym_set_x, "not an identifier", name, form);
  struct scm_i_node *value = expand (s, caddr (form), cddr (form));
  struct scm_i_binding b = scm_i_resolve (s, name);
  if (b.kind == SCM_I_B_VAR && !b.var->pattern_depth)
    {
      b.var->user_assigned = 1;
      return scm_i_mk_lset (s, b.var, value, form);
    }
  if (b.kind != SCM_I_B_GLOBAL)
    syntax_error (scm_i_sym_set_x, "cannot assign a syntactic keyword", name,
                  form);
  scm_i_check_assignable (s, &b, form);
  struct scm_i_node *n = scm_i_mk_global (SCM_I_N_GSET, b.sym, b.value, form);
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
    syntax_error (scm_i_sym_let, "bad bindings", bindings, form);
  SCM formals = SCM_EOL, inits = SCM_EOL;
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b))
    {
      check_binding (SCM_CAR (b), scm_i_sym_let, form, 0);
      formals = scm_cons (SCM_CAR (SCM_CAR (b)), formals);
      inits = scm_cons (SCM_CDR (SCM_CAR (b)), inits);
    }
  formals = scm_reverse_x (formals, SCM_EOL);
  inits = scm_reverse_x (inits, SCM_EOL);

  struct scm_i_node *call = scm_i_mk_call (form, NULL, n);
  for (long i = 0; i < n; i++, inits = SCM_CDR (inits))
    call->args[i] = expand (s, SCM_CAR (SCM_CAR (inits)), SCM_CAR (inits));

  /* ((letrec ((name (lambda formals body...))) name) inits...)  */
  scm_i_warn_shadowed_syntax (s, name, form);
  struct scm_i_var *v = scm_i_mk_var (name, s->lam);
  struct scm_i_scope *inner = new_scope (s, s->lam, NULL, 0);
  scm_i_scope_add (inner, v);
  struct scm_i_node *lam = make_lambda (inner, formals, cdddr (form),
                                        form, name);
  scm_i_note_self (v, lam->lam);
  struct scm_i_node *let = scm_i_mk_let (1);
  let->vars[0] = v;
  let->args[0] = scm_i_mk_const (SCM_UNDEFINED);
  struct scm_i_node *seq = scm_i_mk_seq (2);
  seq->args[0] = scm_i_mk_lset (inner, v, lam, form);
  seq->args[1] = scm_i_mk_lref (inner, v, form);
  let->a = seq;
  call->a = let;
  return call;
}

static struct scm_i_node *
expand_let (struct scm_i_scope *s, SCM form)
{
  scm_i_check_form_length (form, 3, -1, scm_i_sym_let);
  if (scm_i_is_identifier (cadr (form)))
    {
      scm_i_check_form_length (form, 4, -1, scm_i_sym_let);
      return expand_named_let (s, form);
    }
  SCM bindings = cadr (form);
  long n = proper_length (bindings);
  if (n < 0)
    syntax_error (scm_i_sym_let, "bad bindings", bindings, form);
  struct scm_i_node *let = scm_i_mk_let (n);
  long i = 0;
  struct scm_i_idset seen = { 0 };
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b), i++)
    {
      SCM bd = SCM_CAR (b);
      check_binding (bd, scm_i_sym_let, form, 0);
      if (scm_i_idset_add (&seen, SCM_CAR (bd)))
        syntax_error (scm_i_sym_let, "duplicate binding", SCM_CAR (bd),
                      form);
      scm_i_warn_shadowed_syntax (s, SCM_CAR (bd), form);
      let->vars[i] = scm_i_mk_var (SCM_CAR (bd), s->lam);
      let->args[i] = expand (s, cadr (bd), SCM_CDR (bd));
      scm_i_name_lambda (let->args[i], SCM_CAR (bd));
    }
  struct scm_i_scope *inner = new_scope (s, s->lam, let->vars, n);
  let->a = expand_body (inner, cddr (form), form);
  return let;
}

static struct scm_i_node *
expand_let_star (struct scm_i_scope *s, SCM form)
{
  scm_i_check_form_length (form, 3, -1, scm_i_sym_let_star);
  SCM bindings = cadr (form);
  if (proper_length (bindings) < 0)
    syntax_error (scm_i_sym_let_star, "bad bindings", bindings, form);
  if (scm_is_null (bindings) || scm_is_null (SCM_CDR (bindings)))
    return expand_let (s, form);
  /* One LET per binding, each in the scope of the ones before: made in
     one loop (the list's length measured once), each LET hung in the
     body slot of the one before.  */
  struct scm_i_node *top = NULL, **hole = &top;
  size_t polls = 0;
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b))
    {
      SCM bd = SCM_CAR (b);
      check_binding (bd, scm_i_sym_let_star, form, 0);
      struct scm_i_node *let = scm_i_mk_let (1);
      scm_i_warn_shadowed_syntax (s, SCM_CAR (bd), form);
      let->vars[0] = scm_i_mk_var (SCM_CAR (bd), s->lam);
      let->args[0] = expand (s, cadr (bd), SCM_CDR (bd));
      scm_i_name_lambda (let->args[0], SCM_CAR (bd));
      s = new_scope (s, s->lam, let->vars, 1);
      *hole = let;
      hole = &let->a;
      SCM_I_POLL_EVERY (polls);
    }
  *hole = expand_body (s, cddr (form), form);
  return top;
}

/* Whether evaluating node N can capture a continuation or have any
   effect: a lambda, a constant or a variable's value cannot.  */
static int
is_simple_init (const struct scm_i_node *n)
{
  return (n->kind == SCM_I_N_LAMBDA || n->kind == SCM_I_N_CONST
          || n->kind == SCM_I_N_LREF || n->kind == SCM_I_N_GREF);
}

/* letrec's assignments when an init may capture a continuation: the
   N inits VALUES go into temporaries, then every variable of LET gets
   its temporary, so that an init re-entered through a continuation
   finds none of the assignments of the first pass (R7RS 4.2.2: all
   the inits are evaluated before any variable is assigned).  */
static struct scm_i_node *
assign_after_inits (struct scm_i_scope *inner, struct scm_i_node *let,
                    struct scm_i_node **values, SCM *where, long n)
{
  struct scm_i_node *temps = scm_i_mk_let (n);
  for (long i = 0; i < n; i++)
    {
      temps->vars[i] = scm_i_mk_var (scm_i_sym_tmp, inner->lam);
      temps->args[i] = values[i];
    }
  /* Not in scope by name: only the expander refers to them.  */
  struct scm_i_scope *ts = new_scope (inner, inner->lam, NULL, 0);
  struct scm_i_node *sets = scm_i_mk_seq (n);
  for (long i = 0; i < n; i++)
    sets->args[i] = scm_i_mk_lset (ts, let->vars[i],
                                   scm_i_mk_lref (ts, temps->vars[i],
                                                  SCM_BOOL_F), where[i]);
  temps->a = sets;
  return temps;
}

/* letrec and letrec*: the variables start undefined and are assigned in
   order, then the body runs.  letrec whose inits are not all simple
   (is_simple_init) assigns them only after all are evaluated.  */
static struct scm_i_node *
expand_letrec (struct scm_i_scope *s, SCM form, SCM who)
{
  scm_i_check_form_length (form, 3, -1, who);
  SCM bindings = cadr (form);
  long n = proper_length (bindings);
  if (n < 0)
    syntax_error (who, "bad bindings", bindings, form);
  struct scm_i_node *let = scm_i_mk_let (n);
  long i = 0;
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b), i++)
    {
      check_binding (SCM_CAR (b), who, form, 0);
      scm_i_warn_shadowed_syntax (s, SCM_CAR (SCM_CAR (b)), form);
      let->vars[i] = scm_i_mk_var (SCM_CAR (SCM_CAR (b)), s->lam);
      let->vars[i]->maybe_unset = 1;
      let->args[i] = scm_i_mk_const (SCM_UNDEFINED);
    }
  struct scm_i_scope *inner = new_scope (s, s->lam, let->vars, n);
  struct scm_i_node **values = scm_i_alloc ((size_t) (n + 1) * sizeof *values);
  SCM *where = scm_i_alloc ((size_t) (n + 1) * sizeof *where);
  int all_simple = 1;
  i = 0;
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b), i++)
    {
      SCM bd = SCM_CAR (b);
      values[i] = expand (inner, cadr (bd), SCM_CDR (bd));
      where[i] = bd;
      scm_i_name_lambda (values[i], SCM_CAR (bd));
      all_simple &= is_simple_init (values[i]);
    }
  if (!all_simple && scm_is_eq (who, scm_i_sym_letrec))
    {
      struct scm_i_node *seq = scm_i_mk_seq (2);
      seq->args[0] = assign_after_inits (inner, let, values, where, n);
      seq->args[1] = expand_body (inner, cddr (form), form);
      let->a = seq;
      return let;
    }
  struct scm_i_node *seq = scm_i_mk_seq (n + 1);
  for (i = 0; i < n; i++)
    {
      if (values[i]->kind == SCM_I_N_LAMBDA)
        scm_i_note_self (let->vars[i], values[i]->lam);
      seq->args[i] = scm_i_mk_lset (inner, let->vars[i], values[i], where[i]);
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
  struct scm_i_node *let = scm_i_mk_let (1);
  *tmp = let->vars[0] = scm_i_mk_var (scm_i_sym_tmp, s->lam);
  let->args[0] = value;
  /* Not in scope by name: only the expander refers to it.  */
  *inner = new_scope (s, s->lam, NULL, 0);
  return let;
}

/* (or A B ... Z): (let ((t A)) (if t t (or B ... Z))), built from the
   front in a loop, each rest filled into the slot that the previous
   level left (a wide or must not recurse in C).  */
static struct scm_i_node *
expand_or_list (struct scm_i_scope *s, SCM exps)
{
  if (scm_is_null (exps))
    return scm_i_mk_const (SCM_BOOL_F);
  struct scm_i_node *result = NULL, **slot = &result;
  for (; scm_is_pair (SCM_CDR (exps)); exps = SCM_CDR (exps))
    {
      struct scm_i_var *t;
      struct scm_i_scope *inner;
      struct scm_i_node *let = with_temp (s, expand (s, SCM_CAR (exps), exps),
                                          &t, &inner);
      t->or_temp = 1;
      let->a = scm_i_mk_if (scm_i_mk_lref (inner, t, SCM_BOOL_F),
                            scm_i_mk_lref (inner, t, SCM_BOOL_F), NULL);
      *slot = let;
      slot = &let->a->c;
      s = inner;
    }
  *slot = expand (s, SCM_CAR (exps), exps);
  return result;
}

/* (and A B ... Z): (if A (and B ... Z) #f), built in a loop as or.  */
static struct scm_i_node *
expand_and_list (struct scm_i_scope *s, SCM exps)
{
  if (scm_is_null (exps))
    return scm_i_mk_const (SCM_BOOL_T);
  struct scm_i_node *result = NULL, **slot = &result;
  for (; scm_is_pair (SCM_CDR (exps)); exps = SCM_CDR (exps))
    {
      struct scm_i_node *test = expand (s, SCM_CAR (exps), exps);
      struct scm_i_node *n = scm_i_mk_if (test, NULL,
                                          scm_i_mk_const (SCM_BOOL_F));
      *slot = n;
      slot = &n->b;
    }
  *slot = expand (s, SCM_CAR (exps), exps);
  return result;
}

static struct scm_i_node *
expand_when (struct scm_i_scope *s, SCM form, int when)
{
  scm_i_check_form_length (form, 3, -1,
                           when ? scm_i_sym_when : scm_i_sym_unless);
  SCM r = SCM_CDR (form);
  struct scm_i_node *test = expand (s, SCM_CAR (r), r);
  struct scm_i_node *body = expand_seq (s, SCM_CDR (r));
  struct scm_i_node *none = scm_i_mk_const (SCM_UNSPECIFIED);
  return when ? scm_i_mk_if (test, body, none) : scm_i_mk_if (test, none,
                                                              body);
}

/* A call (F TMP) for clauses with =>.  */
static struct scm_i_node *
arrow_call (struct scm_i_scope *s, SCM fexp, SCM cell, struct scm_i_var *tmp,
            SCM where)
{
  struct scm_i_node *call = scm_i_mk_call (where, expand (s, fexp, cell), 1);
  call->args[0] = scm_i_mk_lref (s, tmp, SCM_BOOL_F);
  return call;
}

/* The cond clauses CLAUSES; FALLBACK when none applies.  A chain of
   ifs, built from the first clause in a loop, each next clause filled
   into the slot that the previous one left (a wide cond must not
   recurse in C).  */
static struct scm_i_node *
expand_clauses (struct scm_i_scope *s, SCM clauses, SCM form,
                struct scm_i_node *fallback)
{
  struct scm_i_node *result = NULL, **slot = &result;
  for (; !scm_is_null (clauses); clauses = SCM_CDR (clauses))
    {
      SCM cl = SCM_CAR (clauses);
      if (proper_length (cl) < 1)
        syntax_error (scm_i_sym_cond, "bad clause", cl, form);
      SCM test = SCM_CAR (cl), body = SCM_CDR (cl);
      if (scm_i_form_of (s, test) == SCM_I_F_ELSE)
        {
          if (!scm_is_null (SCM_CDR (clauses)))
            syntax_error (scm_i_sym_cond, "else clause must be last", cl,
                          form);
          if (scm_is_null (body))
            syntax_error (scm_i_sym_cond, "empty else clause", cl, form);
          *slot = expand_seq (s, body);
          return result;
        }
      struct scm_i_node *n;
      if (scm_is_null (body)
          || scm_i_form_of (s, SCM_CAR (body)) == SCM_I_F_ARROW)
        {
          struct scm_i_var *t;
          struct scm_i_scope *inner;
          n = with_temp (s, expand (s, test, cl), &t, &inner);
          struct scm_i_node *then;
          if (scm_is_null (body))
            then = scm_i_mk_lref (inner, t, SCM_BOOL_F);
          else
            {
              if (proper_length (body) != 2)
                syntax_error (scm_i_sym_cond, "bad => clause", cl, form);
              then = arrow_call (inner, cadr (body), SCM_CDR (body), t, cl);
            }
          n->a = scm_i_mk_if (scm_i_mk_lref (inner, t, SCM_BOOL_F), then,
                              NULL);
          *slot = n;
          slot = &n->a->c;
        }
      else
        {
          struct scm_i_node *test_node = expand (s, test, cl);
          n = scm_i_mk_if (test_node, expand_seq (s, body), NULL);
          *slot = n;
          slot = &n->c;
        }
    }
  *slot = fallback;
  return result;
}

static struct scm_i_node *
expand_cond (struct scm_i_scope *s, SCM form)
{
  scm_i_check_form_length (form, 1, -1, scm_i_sym_cond);
  return expand_clauses (s, SCM_CDR (form), form,
                         scm_i_mk_const (SCM_UNSPECIFIED));
}

/* Whether eqv? against datum D is eq?: anything but a number kept on
   the heap (a flonum, bignum, ratnum or complex compares by value).  */
static int
eq_comparable (SCM d)
{
  return !scm_is_number (d) || SCM_FIXNUM_P (d);
}

/* (OP TMP D) for inline opcode OP (EQ or EQV), guarded by its private
   variable.  */
static struct scm_i_node *
case_compare (struct scm_i_scope *s, enum scm_i_opcode op, SCM d,
              struct scm_i_var *tmp, SCM cl)
{
  struct scm_i_node *n = scm_i_mk_inline_prim (cl, op, 2);
  n->args[0] = scm_i_mk_lref (s, tmp, SCM_BOOL_F);
  n->args[1] = scm_i_mk_const (d);
  return n;
}

/* The most data of a case clause tested one by one, when eq? does.  */
#define CASE_EQ_CHAIN_MAX 8

/* The test of a case clause with data DATA against TMP.  Data that
   eqv? compares by identity (symbols, characters, fixnums...) are
   compared with eq?, inline and with no call; a few of them become a
   chain of tests, which the compiler turns into branches (an if whose
   test is an if); anything else is eqv? or the private memv.  */
static struct scm_i_node *
case_test (struct scm_i_scope *s, SCM data, struct scm_i_var *tmp, SCM cl)
{
  long len = proper_length (data), i = 0;
  int all_eq = 1;
  for (SCM d = data; scm_is_pair (d); d = SCM_CDR (d))
    all_eq = all_eq && eq_comparable (SCM_CAR (d));
  if (len == 1)
    return case_compare (s, all_eq ? SCM_OP_EQ : SCM_OP_EQV,
                         SCM_CAR (data), tmp, cl);
  if (all_eq && len >= 1 && len <= CASE_EQ_CHAIN_MAX)
    {
      /* (if (eq? t d1) #t (if (eq? t d2) #t ... (eq? t dn))).  */
      struct scm_i_node *tests[CASE_EQ_CHAIN_MAX];
      for (SCM d = data; scm_is_pair (d); d = SCM_CDR (d))
        tests[i++] = case_compare (s, SCM_OP_EQ, SCM_CAR (d), tmp, cl);
      struct scm_i_node *n = tests[--i];
      while (i-- > 0)
        n = scm_i_mk_if (tests[i], scm_i_mk_const (SCM_BOOL_T), n);
      return n;
    }
  struct scm_i_node *n = scm_i_mk_private_call (cl, SCM_I_PRIVATE_MEMV, 2);
  n->args[0] = scm_i_mk_lref (s, tmp, SCM_BOOL_F);
  n->args[1] = scm_i_mk_const (data);
  return n;
}

/* The clauses of case, against temporary T: a chain of ifs built in a
   loop, as cond's.  */
static struct scm_i_node *
expand_case_clauses (struct scm_i_scope *s, SCM clauses, struct scm_i_var *t,
                     SCM form)
{
  struct scm_i_node *result = NULL, **slot = &result;
  for (; !scm_is_null (clauses); clauses = SCM_CDR (clauses))
    {
      SCM cl = SCM_CAR (clauses);
      if (proper_length (cl) < 2)
        syntax_error (scm_i_sym_case, "bad clause", cl, form);
      SCM data = SCM_CAR (cl), body = SCM_CDR (cl);
      int is_else = scm_i_form_of (s, data) == SCM_I_F_ELSE;
      data = scm_i_strip_syntax (data);
      if (!is_else && proper_length (data) < 0)
        syntax_error (scm_i_sym_case, "bad clause data", cl, form);
      if (is_else && !scm_is_null (SCM_CDR (clauses)))
        syntax_error (scm_i_sym_case, "else clause must be last", cl, form);
      struct scm_i_node *then;
      if (scm_i_form_of (s, SCM_CAR (body)) == SCM_I_F_ARROW)
        {
          if (proper_length (body) != 2)
            syntax_error (scm_i_sym_case, "bad => clause", cl, form);
          then = arrow_call (s, cadr (body), SCM_CDR (body), t, cl);
          t->case_temp = 0;     /* the receiver gets it */
        }
      else
        then = expand_seq (s, body);
      if (is_else)
        {
          *slot = then;
          return result;
        }
      struct scm_i_node *n = scm_i_mk_if (case_test (s, data, t, cl), then,
                                          NULL);
      *slot = n;
      slot = &n->c;
    }
  *slot = scm_i_mk_const (SCM_UNSPECIFIED);
  return result;
}

static struct scm_i_node *
expand_case (struct scm_i_scope *s, SCM form)
{
  scm_i_check_form_length (form, 2, -1, scm_i_sym_case);
  struct scm_i_var *t;
  struct scm_i_scope *inner;
  struct scm_i_node *let = with_temp (s, expand (s, cadr (form),
                                                 SCM_CDR (form)),
                                      &t, &inner);
  t->case_temp = 1;
  let->a = expand_case_clauses (inner, cddr (form), t, form);
  return let;
}

/* (do ((var init step)...) (test res...) command...) as a named let
   whose name no code can see.  */
static struct scm_i_node *
expand_do (struct scm_i_scope *s, SCM form)
{
  scm_i_check_form_length (form, 3, -1, scm_i_sym_do);
  SCM specs = cadr (form), exit = caddr (form);
  long n = proper_length (specs);
  if (n < 0)
    syntax_error (scm_i_sym_do, "bad variable specs", specs, form);
  if (proper_length (exit) < 1)
    syntax_error (scm_i_sym_do, "bad exit clause", exit, form);

  struct scm_i_node *call = scm_i_mk_call (form, NULL, n);
  struct scm_i_var *loop = scm_i_mk_var (sym_do_loop, s->lam);
  struct scm_i_lambda *l = scm_i_mk_lambda (s->lam, form);
  loop->self = l;
  l->name = sym_do_loop;
  l->nreq = n;
  l->params = scm_i_alloc ((n + 1) * sizeof (struct scm_i_var *));
  long i = 0;
  for (SCM p = specs; scm_is_pair (p); p = SCM_CDR (p), i++)
    {
      check_binding (SCM_CAR (p), scm_i_sym_do, form, 1);
      scm_i_warn_shadowed_syntax (s, SCM_CAR (SCM_CAR (p)), form);
      l->params[i] = scm_i_mk_var (SCM_CAR (SCM_CAR (p)), l);
      call->args[i] = expand (s, cadr (SCM_CAR (p)), SCM_CDR (SCM_CAR (p)));
    }
  struct scm_i_scope *outer = new_scope (s, s->lam, NULL, 0);
  struct scm_i_scope *inner = new_scope (outer, l, l->params, n);

  struct scm_i_node *again = scm_i_mk_call (form, scm_i_mk_lref (inner, loop,
                                                                 form), n);
  i = 0;
  for (SCM p = specs; scm_is_pair (p); p = SCM_CDR (p), i++)
    {
      SCM spec = SCM_CAR (p);
      again->args[i] = scm_is_pair (cddr (spec))
        ? expand (inner, caddr (spec), cddr (spec))
        : scm_i_mk_lref (inner, l->params[i], spec);
    }
  struct scm_i_node *cmds = expand_seq (inner, cdddr (form));
  struct scm_i_node *loop_body = scm_i_mk_seq (2);
  loop_body->args[0] = cmds;
  loop_body->args[1] = again;
  l->body = scm_i_mk_if (expand (inner, SCM_CAR (exit), exit),
                   expand_seq (inner, SCM_CDR (exit)), loop_body);

  struct scm_i_node *lam = scm_i_mk_node (SCM_I_N_LAMBDA, form);
  lam->lam = l;
  scm_i_note_self (loop, l);
  struct scm_i_node *let = scm_i_mk_let (1);
  let->vars[0] = loop;
  let->args[0] = scm_i_mk_const (SCM_UNDEFINED);
  struct scm_i_node *seq = scm_i_mk_seq (2);
  seq->args[0] = scm_i_mk_lset (outer, loop, lam, form);
  seq->args[1] = scm_i_mk_lref (outer, loop, form);
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
  scm_i_check_form_length (form, 3, -1, scm_i_sym_guard);
  SCM spec = cadr (form);
  if (proper_length (spec) < 1 || !scm_i_is_identifier (SCM_CAR (spec)))
    syntax_error (scm_i_sym_guard, "bad (variable clause...) part", spec,
                  form);

  struct scm_i_lambda *body = scm_i_mk_lambda (s->lam, form);
  body->params = scm_i_alloc (sizeof (struct scm_i_var *));
  struct scm_i_scope *body_scope = new_scope (s, body, NULL, 0);
  body->body = expand_body (body_scope, cddr (form), form);

  struct scm_i_lambda *h = scm_i_mk_lambda (s->lam, form);
  h->nreq = 1;
  h->params = scm_i_alloc (sizeof (struct scm_i_var *));
  h->params[0] = scm_i_mk_var (SCM_CAR (spec), h);
  struct scm_i_scope *hs = new_scope (s, h, h->params, 1);
  /* No clause applies: tell %guard, which re-raises in the dynamic
     environment of the raise.  */
  struct scm_i_node *no_match = scm_i_mk_const (scm_i_guard_no_match_marker);
  h->body = expand_clauses (hs, SCM_CDR (spec), form, no_match);

  struct scm_i_node *call = scm_i_mk_private_call (form, SCM_I_PRIVATE_GUARD,
                                                   2);
  call->args[0] = scm_i_mk_node (SCM_I_N_LAMBDA, form);
  call->args[0]->lam = body;
  call->args[1] = scm_i_mk_node (SCM_I_N_LAMBDA, form);
  call->args[1]->lam = h;
  return call;
}

/* The forms that a cond-expand or include form X stands for, or
   SCM_UNDEFINED if X is neither.  */
SCM
scm_i_spliced_forms (struct scm_i_scope *s, SCM x)
{
  if (!scm_is_pair (x))
    return SCM_UNDEFINED;
  switch (scm_i_form_of (s, SCM_CAR (x)))
    {
    case SCM_I_F_COND_EXPAND: return scm_i_cond_expand_body (x);
    case SCM_I_F_INCLUDE: return scm_i_included_forms (x, 0);
    case SCM_I_F_INCLUDE_CI: return scm_i_included_forms (x, 1);
    default: return SCM_UNDEFINED;
    }
}

/* ------------------------------------------------------------------ */
/* Calls.  */

struct inline_prim { const char *name; enum scm_i_opcode op; long nargs; };
static const struct inline_prim inline_prims[] = {
  { "+", SCM_OP_ADD, 2 }, { "-", SCM_OP_SUB, 2 }, { "*", SCM_OP_MUL, 2 },
  { "/", SCM_OP_DIV, 2 },
  { "=", SCM_OP_NUM_EQ, 2 }, { "<", SCM_OP_LT, 2 }, { ">", SCM_OP_GT, 2 },
  { "<=", SCM_OP_LE, 2 }, { ">=", SCM_OP_GE, 2 },
  { "zero?", SCM_OP_ZEROP, 1 }, { "not", SCM_OP_NOT, 1 },
  { "eq?", SCM_OP_EQ, 2 }, { "eqv?", SCM_OP_EQV, 2 },
  { "char=?", SCM_OP_CHAR_EQ, 2 },
  { "cons", SCM_OP_CONS, 2 }, { "car", SCM_OP_CAR, 1 },
  { "cdr", SCM_OP_CDR, 1 }, { "null?", SCM_OP_NULLP, 1 },
  { "pair?", SCM_OP_PAIRP, 1 }, { "vector-ref", SCM_OP_VREF, 2 },
  { "vector-set!", SCM_OP_VSET, 3 },
  { "set-car!", SCM_OP_SET_CAR, 2 }, { "set-cdr!", SCM_OP_SET_CDR, 2 },
  { "vector-length", SCM_OP_VLEN, 1 },
  { "quotient", SCM_OP_QUOTIENT, 2 }, { "remainder", SCM_OP_REMAINDER, 2 },
  { "modulo", SCM_OP_MODULO, 2 }, { "assq", SCM_OP_ASSQ, 2 },
  { "cadr", SCM_OP_CADR, 1 }, { "memq", SCM_OP_MEMQ, 2 },
  { "odd?", SCM_OP_ODDP, 1 }, { "even?", SCM_OP_EVENP, 1 },
  { "caar", SCM_OP_CAAR, 1 }, { "caddr", SCM_OP_CADDR, 1 },
  { "cadar", SCM_OP_CADAR, 1 }, { "cddr", SCM_OP_CDDR, 1 },
  { "length", SCM_OP_LENGTH, 1 }, { "equal?", SCM_OP_EQUALP, 2 },
  { "%check-list", SCM_OP_CHECK_LIST, 2 },
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

/* The inline opcode for a call with N arguments of global variable
   GVAR, if it holds a primitive that has one; else SCM_OP_COUNT.  The
   binding decides, not the name: a renamed import of car is inlined,
   and the instruction checks at run time that GVAR still holds it.
   Where GVAR cannot change, the guard is the primitive's private
   variable, which the compiler knows needs no check
   (compile/primitives.c, unguard_fixed_primitives): in the prelude,
   and for the core's own binding (a library's import of (scheme
   base), an environment of eval), which only a module that copies the
   core (the REPL's, a program's) replaces by a variable of its own
   that can change.  */
static enum scm_i_opcode
inline_op (SCM gvar, long n, SCM *var)
{
  SCM val = SCM_CELL_OBJECT (gvar, 1);
  if (SCM_UNBNDP (val))
    return SCM_OP_COUNT;
  for (size_t i = 0; i < N_INLINE_PRIMS; i++)
    if (inline_prims[i].nargs == n
        && scm_is_eq (val, scm_i_inline_primitive (inline_prims[i].op)))
      {
        *var = prelude_mode
          || scm_i_fixed_core_variable_p (gvar, inline_prim_syms[i])
          ? scm_i_private_variable (inline_prims[i].op) : gvar;
        return inline_prims[i].op;
      }
  return SCM_OP_COUNT;
}

/* The inline opcode for a call with N arguments of F, one of the
   primitive objects that define-record-type's expansion calls
   (derived.c), and its name in *NAME; else SCM_OP_COUNT.  No program
   can rebind these, so the guard is a private variable.  */
enum scm_i_opcode
scm_i_record_op (SCM f, long n, const char **name)
{
  if (n == 2 && scm_is_eq (f, scm_i_private_procedure (SCM_I_PRIVATE_RECORD_P)))
    return *name = "%record?", SCM_OP_RECORD_P;
  if (n == 4
      && scm_is_eq (f, scm_i_private_procedure (SCM_I_PRIVATE_RECORD_REF)))
    return *name = "%record-ref", SCM_OP_RECORD_REF;
  if (n == 5
      && scm_is_eq (f, scm_i_private_procedure (SCM_I_PRIVATE_RECORD_SET)))
    return *name = "%record-set!", SCM_OP_RECORD_SET;
  if (n >= 1
      && scm_is_eq (f, scm_i_private_procedure (SCM_I_PRIVATE_MAKE_RECORD)))
    return *name = "%make-record", SCM_OP_MAKE_RECORD;
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
  struct scm_i_var *record_proc = NULL;
  if (scm_i_is_identifier (f))
    {
      struct scm_i_binding b = scm_i_resolve (s, f);
      if (b.kind == SCM_I_B_GLOBAL)
        {
          f = b.sym;
          op = inline_op (b.value, n, &var);
        }
      else if (b.kind == SCM_I_B_VAR && b.var->record_type != NULL
               && b.var->record_nargs == (size_t) n)
        record_proc = b.var;
    }
  else if (SCM_HEAP_OBJECT_P (f) && !scm_is_pair (f))
    {
      const char *name;
      op = scm_i_record_op (f, n, &name);
      if (op != SCM_OP_COUNT)
        {
          var = scm_i_private_variable (op);
          f = scm_from_utf8_symbol (name);
        }
    }

  struct scm_i_node *call;
  if (op != SCM_OP_COUNT)
    {
      call = scm_i_mk_node (SCM_I_N_PRIM, form);
      call->op = op;
      call->value = var;
      call->sym = f;
      call->nargs = n;
      call->args = scm_i_node_array (n);
    }
  else
    call = scm_i_mk_call (form, expand (s, SCM_CAR (form), form), n);
  SCM a = SCM_CDR (form);
  for (long i = 0; i < n; i++, a = SCM_CDR (a))
    call->args[i] = expand (s, SCM_CAR (a), a);
  if (record_proc != NULL)
    return scm_i_expand_record_call (s, form, record_proc, call);
  return call;
}

static struct scm_i_node *
expand_apply_intrinsic (struct scm_i_scope *s, SCM form,
                        enum scm_i_node_kind k)
{
  scm_i_check_form_length (form, 3, 3, SCM_CAR (form));
  struct scm_i_node *n = scm_i_mk_node (k, form);
  n->a = expand (s, cadr (form), SCM_CDR (form));
  n->b = expand (s, caddr (form), cddr (form));
  return n;
}

/* (%call/cc f) and (%call/ec f): call F with the continuation of this
   form (an instruction: see vm.c).  */
static struct scm_i_node *
expand_capture_intrinsic (struct scm_i_scope *s, SCM form,
                          enum scm_i_node_kind k)
{
  scm_i_check_form_length (form, 2, 2, SCM_CAR (form));
  struct scm_i_node *n = scm_i_mk_node (k, form);
  n->a = expand (s, cadr (form), SCM_CDR (form));
  return n;
}

/* ------------------------------------------------------------------ */
/* The dispatcher.  */

static struct scm_i_node *
expand_form (struct scm_i_scope *s, SCM x)
{
  /* The expansions of a use in a loop with expand_head's limit (this
     is a sibling call the compiler would turn into an endless loop).  */
  if (scm_is_true (scm_i_macro_of (s, x)))
    return expand (s, scm_i_expand_head (s, x), x);
  switch (scm_i_form_of (s, SCM_CAR (x)))
    {
    case SCM_I_F_DEFINE_SYNTAX:
      syntax_error (SCM_CAR (x), "definition in expression context", x, x);
    case SCM_I_F_LET_SYNTAX: return scm_i_expand_let_syntax (s, x, 0);
    case SCM_I_F_LETREC_SYNTAX: return scm_i_expand_let_syntax (s, x, 1);
    case SCM_I_F_SYNTAX_RULES:
      syntax_error (SCM_CAR (x), "used outside define-syntax, let-syntax "
                    "or letrec-syntax", x, x);
    case SCM_I_F_SYNTAX_ERROR: scm_i_expand_syntax_error (x);
    case SCM_I_F_SYNTAX_CASE:
      return expand (s, scm_i_rewrite_syntax_case (x), x);
    case SCM_I_F_QUASISYNTAX:
      return expand (s, scm_i_rewrite_quasisyntax (x), x);
    case SCM_I_F_SYNTAX: return scm_i_expand_syntax (s, x);
    case SCM_I_F_UNSYNTAX: case SCM_I_F_UNSYNTAX_SPLICING:
      syntax_error (SCM_CAR (x), "used outside quasisyntax", x, x);
    case SCM_I_F_QUOTE_SYNTAX:
      scm_i_check_form_length (x, 2, 2, scm_i_sym_quote_syntax);
      return scm_i_mk_const (cadr (x));
    case SCM_I_F_PATTERN_BIND: return scm_i_expand_pattern_bind (s, x);
    case SCM_I_F_QUOTE:
      scm_i_check_form_length (x, 2, 2, scm_i_sym_quote);
      return scm_i_mk_const (scm_i_literal (cadr (x)));
    case SCM_I_F_QUASIQUOTE: return scm_i_expand_quasiquote (s, x);
    case SCM_I_F_LAMBDA: return expand_lambda (s, x);
    case SCM_I_F_DEFINE: case SCM_I_F_DEFINE_VALUES: case SCM_I_F_DEFINE_RECORD_TYPE:
      syntax_error (SCM_CAR (x), "definition in expression context", x, x);
    case SCM_I_F_LET_VALUES: return scm_i_expand_let_values (s, x);
    case SCM_I_F_LET_STAR_VALUES: return scm_i_expand_let_star_values (s, x);
    case SCM_I_F_RECEIVE: return scm_i_expand_receive (s, x);
    case SCM_I_F_CASE_LAMBDA: return expand_case_lambda (s, x);
    case SCM_I_F_COND_EXPAND: case SCM_I_F_INCLUDE: case SCM_I_F_INCLUDE_CI:
      return expand_seq (s, scm_i_spliced_forms (s, x));
    case SCM_I_F_PARAMETERIZE: return expand_parameterize (s, x);
    case SCM_I_F_DELAY: return expand_delay (s, x, 0);
    case SCM_I_F_DELAY_FORCE: return expand_delay (s, x, 1);
    case SCM_I_F_SET: return expand_set (s, x);
    case SCM_I_F_IF: return expand_if (s, x);
    case SCM_I_F_BEGIN:
      scm_i_check_form_length (x, 1, -1, scm_i_sym_begin);
      return expand_seq (s, SCM_CDR (x));
    case SCM_I_F_LET: return expand_let (s, x);
    case SCM_I_F_LET_STAR: return expand_let_star (s, x);
    case SCM_I_F_LETREC: return expand_letrec (s, x, scm_i_sym_letrec);
    case SCM_I_F_LETREC_STAR: return expand_letrec (s, x,
                                                    scm_i_sym_letrec_star);
    case SCM_I_F_COND: return expand_cond (s, x);
    case SCM_I_F_CASE: return expand_case (s, x);
    case SCM_I_F_AND:
      scm_i_check_form_length (x, 1, -1, scm_i_sym_and);
      return expand_and_list (s, SCM_CDR (x));
    case SCM_I_F_OR:
      scm_i_check_form_length (x, 1, -1, scm_i_sym_or);
      return expand_or_list (s, SCM_CDR (x));
    case SCM_I_F_WHEN: return expand_when (s, x, 1);
    case SCM_I_F_UNLESS: return expand_when (s, x, 0);
    case SCM_I_F_DO: return expand_do (s, x);
    case SCM_I_F_GUARD: return expand_guard (s, x);
    case SCM_I_F_APPLY: return expand_apply_intrinsic (s, x, SCM_I_N_APPLY);
    case SCM_I_F_APPLY_VALUES:
      return expand_apply_intrinsic (s, x, SCM_I_N_APPLY_VALUES);
    case SCM_I_F_CALLCC: return expand_capture_intrinsic (s, x,
                                                          SCM_I_N_CALLCC);
    case SCM_I_F_CALLEC: return expand_capture_intrinsic (s, x,
                                                          SCM_I_N_CALLEC);
    case SCM_I_F_UNQUOTE: case SCM_I_F_UNQUOTE_SPLICING:
      syntax_error (SCM_CAR (x), "used outside quasiquote", x, x);
    case SCM_I_F_ELSE: case SCM_I_F_ARROW:
      syntax_error (SCM_CAR (x), "used outside its clause", x, x);
    case SCM_I_F_ELLIPSIS: case SCM_I_F_UNDERSCORE:
      syntax_error (SCM_CAR (x), "used outside a pattern or template", x, x);
    case SCM_I_F_IMPORT: case SCM_I_F_DEFINE_LIBRARY: case SCM_I_F_DEFINE_MODULE:
    case SCM_I_F_USE_MODULES: case SCM_I_F_EXPORT: case SCM_I_F_RE_EXPORT:
      syntax_error (SCM_CAR (x), "allowed only at top level", x, x);
    case SCM_I_F_AT: case SCM_I_F_ATAT:
      {
        int private = scm_i_form_of (s, SCM_CAR (x)) == SCM_I_F_ATAT;
        SCM var = scm_i_module_ref_variable (x, private);
        return scm_i_mk_global (SCM_I_N_GREF, caddr (x), var, x);
      }
    case SCM_I_F_NONE:
    default:
      return expand_call (s, x);
    }
}

SCM_I_DEFINE_DEEPER (expand_deeper, struct scm_i_node *, expand,
                     (struct scm_i_scope *, s), (SCM, x), (SCM, cell))

static struct scm_i_node *
expand (struct scm_i_scope *s, SCM x, SCM cell)
{
  if (SCM_UNLIKELY (scm_i_check_c_stack ("expression")))
    return expand_deeper (s, x, cell);
  scm_i_walk_tick ();
  if (scm_i_is_identifier (x))
    return expand_symbol (s, x, cell);
  if (scm_is_pair (x))
    return expand_form (s, x);
  if (scm_is_null (x))
    syntax_error (SCM_BOOL_F, "missing procedure in expression", x, cell);
  return scm_i_mk_const (scm_i_literal (x));
}

static struct scm_i_node *expand_toplevel_define_syntax (struct scm_i_scope *s,
                                                        SCM x);

/* The forms of the top-level begin body BODY onto ACC (reversed),
   their heads expanded and nested begins spliced, as its forms will be
   expanded.  Macros are defined as they come, so that later heads see
   them, and the introduced names that definitions define get their
   globals now, so that the forms before a definition refer to it too
   (a macro may expand into mutually recursive helpers).  */
static SCM
scan_toplevel_begin (struct scm_i_scope *s, SCM body, SCM acc, SCM form)
{
  scm_i_check_c_stack ("body");
  if (proper_length (body) < 0)
    syntax_error (scm_i_sym_begin, "bad syntax (not a proper list)", form,
                  form);
  for (; scm_is_pair (body); body = SCM_CDR (body))
    {
      SCM x = scm_i_expand_head (s, SCM_CAR (body));
      switch (scm_is_pair (x) ? scm_i_form_of (s, SCM_CAR (x))
              : SCM_I_F_NONE)
        {
        case SCM_I_F_BEGIN:
          acc = scan_toplevel_begin (s, SCM_CDR (x), acc, x);
          continue;
        case SCM_I_F_DEFINE_SYNTAX:
          expand_toplevel_define_syntax (s, x);
          continue;
        case SCM_I_F_DEFINE: case SCM_I_F_DEFINE_VALUES:
          for (SCM l = scm_i_definition_names (s, x); scm_is_pair (l);
               l = SCM_CDR (l))
            scm_i_toplevel_define (s, scm_i_identifier_symbol
                                   (scm_i_toplevel_definition_name
                                    (SCM_CAR (l))), x);
          break;
        default:
          break;
        }
      acc = scm_cons (x, acc);
    }
  return acc;
}

static struct scm_i_node *
expand_toplevel_define_syntax (struct scm_i_scope *s, SCM x)
{
  scm_i_check_form_length (x, 3, 3, scm_i_sym_define_syntax);
  SCM name = cadr (x);
  if (!scm_i_is_identifier (name))
    syntax_error (scm_i_sym_define_syntax, "not an identifier", name, x);
  if (scm_i_module_flags (s->module) & SCM_I_MODULE_IMMUTABLE)
    syntax_error (scm_i_sym_define_syntax,
                  "cannot define syntax in an immutable module",
                  scm_list_2 (scm_i_identifier_symbol (name),
                              scm_is_false (SCM_I_MODULE (s->module)->name)
                              ? scm_from_utf8_string ("an environment")
                              : SCM_I_MODULE (s->module)->name), x);
  SCM m = scm_i_make_macro (s, name, caddr (x), x);
  scm_i_note_toplevel_syntax (s->module, scm_i_identifier_symbol (name), m);
  return scm_i_mk_const (SCM_UNSPECIFIED);
}

/* A top-level form: definitions and begin are allowed here.  */
static struct scm_i_node *
expand_toplevel (struct scm_i_scope *s, SCM x)
{
  scm_i_check_c_stack ("expression");
  x = scm_i_expand_head (s, x);
  if (scm_is_pair (x))
    switch (scm_i_form_of (s, SCM_CAR (x)))
      {
      case SCM_I_F_DEFINE_SYNTAX:
        return expand_toplevel_define_syntax (s, x);
      case SCM_I_F_LET_SYNTAX: case SCM_I_F_LETREC_SYNTAX:
        {
          /* At the top level, the body's definitions are top-level.  */
          scm_i_check_form_length (x, 2, -1, SCM_CAR (x));
          struct scm_i_scope *inner
            = scm_i_syntax_binding_scope (s, x, scm_i_form_of (s, SCM_CAR (x))
                                    == SCM_I_F_LETREC_SYNTAX);
          return expand_toplevel (inner, scm_cons (core (scm_i_sym_begin),
                                                   cddr (x)));
        }
      case SCM_I_F_DEFINE:
        return scm_i_expand_toplevel_define (s, x);
      case SCM_I_F_IMPORT:
        scm_i_expand_import (s->module, x);
        return scm_i_mk_const (SCM_UNSPECIFIED);
      case SCM_I_F_DEFINE_LIBRARY:
        scm_i_expand_define_library (x);
        return scm_i_mk_const (SCM_UNSPECIFIED);
      case SCM_I_F_DEFINE_MODULE:
        scm_i_expand_define_module (x);
        return scm_i_mk_const (SCM_UNSPECIFIED);
      case SCM_I_F_USE_MODULES:
        scm_i_expand_use_modules (s->module, x);
        return scm_i_mk_const (SCM_UNSPECIFIED);
      case SCM_I_F_EXPORT: case SCM_I_F_RE_EXPORT:
        scm_i_expand_export (s->module, x, scm_i_form_of (s, SCM_CAR (x))
                             == SCM_I_F_RE_EXPORT);
        return scm_i_mk_const (SCM_UNSPECIFIED);
      case SCM_I_F_DEFINE_VALUES:
        return scm_i_expand_toplevel_define_values (s, x);
      case SCM_I_F_DEFINE_RECORD_TYPE:
        return expand_toplevel (s, scm_i_rewrite_define_record_type (x));
      case SCM_I_F_COND_EXPAND: case SCM_I_F_INCLUDE: case SCM_I_F_INCLUDE_CI:
        return expand_toplevel (s, scm_cons (core (scm_i_sym_begin),
                                             scm_i_spliced_forms (s, x)));
      case SCM_I_F_BEGIN:
        {
          SCM forms = scm_reverse_x (scan_toplevel_begin (s, SCM_CDR (x),
                                                          SCM_EOL, x), SCM_EOL);
          long n = proper_length (forms);
          if (n == 0)
            return scm_i_mk_const (SCM_UNSPECIFIED);
          struct scm_i_node *seq = scm_i_mk_seq (n);
          for (long i = 0; i < n; i++, forms = SCM_CDR (forms))
            seq->args[i] = expand_toplevel (s, SCM_CAR (forms));
          return seq;
        }
      default:
        break;
      }
  return expand (s, x, SCM_BOOL_F);
}

static struct scm_i_lambda *
expand_toplevel_lambda (SCM exp, int commit)
{
  struct scm_i_lambda *l = scm_i_mk_lambda (NULL, exp);
  l->params = scm_i_alloc (sizeof (struct scm_i_var *));
  scm_dynwind_begin (0);
  scm_i_protect_expansion ();
  scm_i_enter_expansion ();
  struct scm_i_toplevel_changes *changes = scm_i_begin_toplevel_changes ();
  /* After the changes begin: the scope belongs to this expansion.  */
  struct scm_i_scope *s = new_scope (NULL, l, NULL, 0);
  l->body = expand_toplevel (s, exp);
  if (commit)
    scm_i_commit_toplevel_changes (changes);
  scm_dynwind_end ();
  return l;
}

struct scm_i_node *
scm_i_expand (struct scm_i_scope *s, SCM x, SCM cell)
{
  return expand (s, x, cell);
}

void
scm_i_parse_formals (struct scm_i_lambda *l, SCM formals, SCM form)
{
  parse_formals (l, formals, form);
}

struct scm_i_node *
scm_i_make_lambda_node (struct scm_i_scope *s, SCM formals, SCM body,
                        SCM form, SCM name)
{
  return make_lambda (s, formals, body, form, name);
}

struct scm_i_lambda *
scm_i_expand_toplevel (SCM exp)
{
  return expand_toplevel_lambda (exp, 1);
}

struct scm_i_lambda *
scm_i_expand_toplevel_only (SCM exp)
{
  return expand_toplevel_lambda (exp, 0);
}

void
scm_init_expand (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "expand/expand.x"
#endif
  for (size_t i = 0; i < N_INLINE_PRIMS; i++)
    inline_prim_syms[i] = scm_from_utf8_symbol (inline_prims[i].name);
}

