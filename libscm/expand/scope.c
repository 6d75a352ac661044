/* scope.c -- what identifiers mean: the syntax table of core forms,
   top-level syntax changes, lexical scopes and resolution
   SPDX-License-Identifier: LGPL-3.0-or-later

   Every question the expander asks of an identifier ("is this `if'?",
   "which variable is this?") goes through scm_i_resolve, which follows
   an alias (syntax.c) back to the scope of the macro that introduced
   it.  A special form is found through the instance's syntax table
   (symbol -> form number or macro), consulted only for a symbol that
   no lexical binding shadows.  */

#include "runtime/scm-internal.h"
#include "expand/ast-internal.h"
#include "expand/expand-internal.h"
#include "runtime/instance-internal.h"
#include "runtime/init-internal.h"
#include "image/image-internal.h"
#include "modules/modules-internal.h"

#include <string.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/lists.h>
#include <libscm/pairs.h>
#include <libscm/modules.h>
#include <libscm/vectors.h>
#include <libscm/ports.h>
#include <libscm/print.h>
#include <libscm/read.h>

SCM_GLOBAL_SYMBOL (scm_i_sym_syntax_error, "syntax-error");
SCM_GLOBAL_SYMBOL (scm_i_sym_quote, "quote");
SCM_GLOBAL_SYMBOL (scm_i_sym_quasiquote, "quasiquote");
SCM_GLOBAL_SYMBOL (scm_i_sym_unquote, "unquote");
SCM_GLOBAL_SYMBOL (scm_i_sym_unquote_splicing, "unquote-splicing");
SCM_GLOBAL_SYMBOL (scm_i_sym_lambda, "lambda");
SCM_GLOBAL_SYMBOL (scm_i_sym_define, "define");
SCM_GLOBAL_SYMBOL (scm_i_sym_set_x, "set!");
SCM_GLOBAL_SYMBOL (scm_i_sym_if, "if");
SCM_GLOBAL_SYMBOL (scm_i_sym_begin, "begin");
SCM_GLOBAL_SYMBOL (scm_i_sym_let, "let");
SCM_GLOBAL_SYMBOL (scm_i_sym_let_star, "let*");
SCM_GLOBAL_SYMBOL (scm_i_sym_letrec, "letrec");
SCM_GLOBAL_SYMBOL (scm_i_sym_letrec_star, "letrec*");
SCM_GLOBAL_SYMBOL (scm_i_sym_cond, "cond");
SCM_GLOBAL_SYMBOL (scm_i_sym_case, "case");
SCM_GLOBAL_SYMBOL (scm_i_sym_and, "and");
SCM_GLOBAL_SYMBOL (scm_i_sym_or, "or");
SCM_GLOBAL_SYMBOL (scm_i_sym_when, "when");
SCM_GLOBAL_SYMBOL (scm_i_sym_unless, "unless");
SCM_GLOBAL_SYMBOL (scm_i_sym_do, "do");
SCM_GLOBAL_SYMBOL (scm_i_sym_guard, "guard");
SCM_GLOBAL_SYMBOL (scm_i_sym_let_values, "let-values");
SCM_GLOBAL_SYMBOL (scm_i_sym_let_star_values, "let*-values");
SCM_GLOBAL_SYMBOL (scm_i_sym_define_values, "define-values");
SCM_GLOBAL_SYMBOL (scm_i_sym_receive, "receive");
SCM_GLOBAL_SYMBOL (scm_i_sym_define_record_type, "define-record-type");
SCM_GLOBAL_SYMBOL (scm_i_sym_case_lambda, "case-lambda");
SCM_GLOBAL_SYMBOL (scm_i_sym_delay, "delay");
SCM_GLOBAL_SYMBOL (scm_i_sym_delay_force, "delay-force");
SCM_GLOBAL_SYMBOL (scm_i_sym_cond_expand, "cond-expand");
SCM_GLOBAL_SYMBOL (scm_i_sym_parameterize, "parameterize");
SCM_GLOBAL_SYMBOL (scm_i_sym_include, "include");
SCM_GLOBAL_SYMBOL (scm_i_sym_include_ci, "include-ci");
SCM_GLOBAL_SYMBOL (scm_i_sym_else, "else");
SCM_GLOBAL_SYMBOL (scm_i_sym_arrow, "=>");
SCM_GLOBAL_SYMBOL (scm_i_sym_apply_intrinsic, "%apply");
SCM_GLOBAL_SYMBOL (scm_i_sym_apply_values_intrinsic, "%apply-values");
SCM_GLOBAL_SYMBOL (scm_i_sym_callcc_intrinsic, "%call/cc");
SCM_GLOBAL_SYMBOL (scm_i_sym_callec_intrinsic, "%call/ec");
SCM_GLOBAL_SYMBOL (scm_i_sym_define_syntax, "define-syntax");
SCM_GLOBAL_SYMBOL (scm_i_sym_let_syntax, "let-syntax");
SCM_GLOBAL_SYMBOL (scm_i_sym_letrec_syntax, "letrec-syntax");
SCM_GLOBAL_SYMBOL (scm_i_sym_syntax_rules, "syntax-rules");
SCM_GLOBAL_SYMBOL (scm_i_sym_syntax_case, "syntax-case");
SCM_GLOBAL_SYMBOL (scm_i_sym_syntax, "syntax");
SCM_GLOBAL_SYMBOL (scm_i_sym_quasisyntax, "quasisyntax");
SCM_GLOBAL_SYMBOL (scm_i_sym_unsyntax, "unsyntax");
SCM_GLOBAL_SYMBOL (scm_i_sym_unsyntax_splicing, "unsyntax-splicing");
SCM_GLOBAL_SYMBOL (scm_i_sym_quote_syntax, "%quote-syntax");
SCM_GLOBAL_SYMBOL (scm_i_sym_pattern_bind, "%pattern-bind");
SCM_SYMBOL (sym_import, "import");
SCM_SYMBOL (sym_define_library, "define-library");
SCM_SYMBOL (sym_define_module, "define-module");
SCM_SYMBOL (sym_use_modules, "use-modules");
SCM_SYMBOL (sym_export, "export");
SCM_SYMBOL (sym_re_export, "re-export");
SCM_SYMBOL (sym_at, "@");
SCM_SYMBOL (sym_atat, "@@");
SCM_SYMBOL (sym_ellipsis, "...");
SCM_SYMBOL (sym_underscore, "_");

/* ------------------------------------------------------------------ */
/* The syntax table.  */

static const struct { SCM *sym; enum scm_i_form f; } core_forms[] = {
  { &scm_i_sym_quote, SCM_I_F_QUOTE }, { &scm_i_sym_quasiquote, SCM_I_F_QUASIQUOTE },
  { &scm_i_sym_unquote, SCM_I_F_UNQUOTE },
  { &scm_i_sym_unquote_splicing, SCM_I_F_UNQUOTE_SPLICING },
  { &scm_i_sym_lambda, SCM_I_F_LAMBDA }, { &scm_i_sym_define, SCM_I_F_DEFINE },
  { &scm_i_sym_set_x, SCM_I_F_SET }, { &scm_i_sym_if, SCM_I_F_IF },
  { &scm_i_sym_begin, SCM_I_F_BEGIN }, { &scm_i_sym_let, SCM_I_F_LET },
  { &scm_i_sym_let_star, SCM_I_F_LET_STAR }, { &scm_i_sym_letrec, SCM_I_F_LETREC },
  { &scm_i_sym_letrec_star, SCM_I_F_LETREC_STAR }, { &scm_i_sym_cond, SCM_I_F_COND },
  { &scm_i_sym_case, SCM_I_F_CASE }, { &scm_i_sym_and, SCM_I_F_AND },
  { &scm_i_sym_or, SCM_I_F_OR }, { &scm_i_sym_when, SCM_I_F_WHEN },
  { &scm_i_sym_unless, SCM_I_F_UNLESS }, { &scm_i_sym_do, SCM_I_F_DO },
  { &scm_i_sym_guard, SCM_I_F_GUARD }, { &scm_i_sym_else, SCM_I_F_ELSE },
  { &scm_i_sym_arrow, SCM_I_F_ARROW }, { &scm_i_sym_apply_intrinsic, SCM_I_F_APPLY },
  { &scm_i_sym_apply_values_intrinsic, SCM_I_F_APPLY_VALUES },
  { &scm_i_sym_callcc_intrinsic, SCM_I_F_CALLCC },
  { &scm_i_sym_callec_intrinsic, SCM_I_F_CALLEC },
  { &scm_i_sym_let_values, SCM_I_F_LET_VALUES },
  { &scm_i_sym_let_star_values, SCM_I_F_LET_STAR_VALUES },
  { &scm_i_sym_define_values, SCM_I_F_DEFINE_VALUES },
  { &scm_i_sym_receive, SCM_I_F_RECEIVE },
  { &scm_i_sym_define_record_type, SCM_I_F_DEFINE_RECORD_TYPE },
  { &scm_i_sym_case_lambda, SCM_I_F_CASE_LAMBDA }, { &scm_i_sym_delay, SCM_I_F_DELAY },
  { &scm_i_sym_delay_force, SCM_I_F_DELAY_FORCE },
  { &scm_i_sym_cond_expand, SCM_I_F_COND_EXPAND },
  { &scm_i_sym_include, SCM_I_F_INCLUDE }, { &scm_i_sym_include_ci, SCM_I_F_INCLUDE_CI },
  { &scm_i_sym_parameterize, SCM_I_F_PARAMETERIZE },
  { &scm_i_sym_define_syntax, SCM_I_F_DEFINE_SYNTAX },
  { &scm_i_sym_let_syntax, SCM_I_F_LET_SYNTAX },
  { &scm_i_sym_letrec_syntax, SCM_I_F_LETREC_SYNTAX },
  { &scm_i_sym_syntax_rules, SCM_I_F_SYNTAX_RULES },
  { &scm_i_sym_syntax_error, SCM_I_F_SYNTAX_ERROR },
  { &scm_i_sym_syntax_case, SCM_I_F_SYNTAX_CASE }, { &scm_i_sym_syntax, SCM_I_F_SYNTAX },
  { &scm_i_sym_quasisyntax, SCM_I_F_QUASISYNTAX },
  { &scm_i_sym_unsyntax, SCM_I_F_UNSYNTAX },
  { &scm_i_sym_unsyntax_splicing, SCM_I_F_UNSYNTAX_SPLICING },
  { &scm_i_sym_quote_syntax, SCM_I_F_QUOTE_SYNTAX },
  { &scm_i_sym_pattern_bind, SCM_I_F_PATTERN_BIND },
  { &sym_import, SCM_I_F_IMPORT }, { &sym_define_library, SCM_I_F_DEFINE_LIBRARY },
  { &sym_define_module, SCM_I_F_DEFINE_MODULE },
  { &sym_use_modules, SCM_I_F_USE_MODULES }, { &sym_export, SCM_I_F_EXPORT },
  { &sym_re_export, SCM_I_F_RE_EXPORT }, { &sym_at, SCM_I_F_AT },
  { &sym_atat, SCM_I_F_ATAT }, { &sym_ellipsis, SCM_I_F_ELLIPSIS },
  { &sym_underscore, SCM_I_F_UNDERSCORE }
};
#define N_CORE_FORMS (sizeof core_forms / sizeof core_forms[0])

/* The core forms, bound in the core module M.  */
void
scm_i_init_core_forms (SCM m)
{
  /* The image's core table, made after this ran at build time, binds
     them all already (61 installs were 33,000 instructions of every
     start).  */
  if (scm_i_prelude_image_in_use ())
    return;
  for (size_t i = 0; i < N_CORE_FORMS; i++)
    scm_i_module_install (m, *core_forms[i].sym,
                          SCM_MAKE_FIXNUM (core_forms[i].f));
}

/* ------------------------------------------------------------------ */
/* Top-level changes.  A define-syntax binds a keyword, and a define
   replaces a keyword or an import with a variable of the module's own;
   both take effect for the rest of the form being expanded at once,
   but reach the module's table only when the whole form has expanded
   without error, so that a failed expansion changes nothing.  */

static __thread struct scm_i_toplevel_changes *pending;

static void
note_change (SCM m, SCM sym, SCM binding)
{
  if (pending == NULL)
    {
      /* Outside an expansion (scm_c_define and the like): at once.  */
      scm_i_module_install (m, sym, binding);
      return;
    }
  SCM change = scm_c_make_vector (3, SCM_BOOL_F);
  SCM_VECTOR_SET (change, 0, m);
  SCM_VECTOR_SET (change, 1, sym);
  SCM_VECTOR_SET (change, 2, binding);
  pending->changes = scm_cons (change, pending->changes);
}

void
scm_i_note_toplevel_syntax (SCM m, SCM sym, SCM value)
{
  note_change (m, sym, value);
}

void
scm_i_note_lexical_name (SCM name)
{
  if (pending != NULL)
    scm_i_eqtab_set (&pending->bound, name, SCM_BOOL_T);
}

/* Whether ID is certainly bound nowhere up the chain of scope S: S and
   all its ancestors were made by the running expansion, which binds
   no identifier ID.  Deeply nested code looks up its globals and
   keywords in constant time instead of walking every scope.  */
static int
surely_unbound (const struct scm_i_scope *s, SCM id)
{
  /* S is NULL for an identifier of no scope (generate-temporaries'
     made outside any expansion, given to eval).  */
  return s != NULL && pending != NULL && s->uniform
    && s->epoch == pending->epoch
    && scm_is_false (scm_i_eqtab_ref (&pending->bound, id, SCM_BOOL_F));
}

/* SYM's pending binding in M, or #f.  */
static SCM
pending_binding (SCM m, SCM sym)
{
  for (struct scm_i_toplevel_changes *c = pending; c != NULL; c = c->outer)
    for (SCM l = c->changes; scm_is_pair (l); l = SCM_CDR (l))
      {
        SCM change = SCM_CAR (l);
        if (scm_is_eq (SCM_VECTOR_REF (change, 1), sym)
            && scm_is_eq (SCM_VECTOR_REF (change, 0), m))
          return SCM_VECTOR_REF (change, 2);
      }
  return SCM_BOOL_F;
}

static SCM
toplevel_binding (SCM m, SCM sym)
{
  SCM b = pending_binding (m, sym);
  return scm_is_true (b) ? b : scm_i_module_binding (m, sym);
}

SCM
scm_i_toplevel_define (struct scm_i_scope *s, SCM sym, SCM form)
{
  SCM m = s->module;
  SCM p = pending_binding (m, sym);
  if (scm_is_variable (p))
    return p;
  int fresh;
  SCM var = scm_i_module_definition_variable (m, sym, &fresh, scm_i_sym_define,
                                              form);
  if (fresh || scm_is_true (p))
    note_change (m, sym, var);
  return var;
}

void
scm_i_commit_toplevel_changes (struct scm_i_toplevel_changes *c)
{
  SCM l = scm_reverse_x (c->changes, SCM_EOL);
  c->changes = SCM_EOL;
  for (; scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM change = SCM_CAR (l);
      scm_i_module_install (SCM_VECTOR_REF (change, 0),
                            SCM_VECTOR_REF (change, 1),
                            SCM_VECTOR_REF (change, 2));
    }
}

static void
drop_pending (void *data)
{
  pending = ((struct scm_i_toplevel_changes *) data)->outer;
}

/* On the heap: when a Scheme handler catches an error raised in C,
   the C frames between are gone before the wind list unwinds.  */
struct scm_i_toplevel_changes *
scm_i_begin_toplevel_changes (void)
{
  static unsigned last_epoch;
  struct scm_i_toplevel_changes *c = scm_i_alloc (sizeof *c);
  c->changes = SCM_EOL;
  c->outer = pending;
  scm_i_eqtab_init (&c->bound, 32);
  /* 0 is no expansion's; a wrapped counter can only make a lookup take
     the slow path (a stale scope is never uniform with a live one).  */
  c->epoch = __atomic_add_fetch (&last_epoch, 1, __ATOMIC_RELAXED);
  if (c->epoch == 0)
    c->epoch = __atomic_add_fetch (&last_epoch, 1, __ATOMIC_RELAXED);
  scm_dynwind_unwind_handler (drop_pending, c, SCM_F_WIND_EXPLICITLY);
  pending = c;
  return c;
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
  s->nmacros = 0;
  s->nmacros_indexed = 0;
  s->macro_index = NULL;
  s->index = NULL;
  s->indexed = 0;
  s->module = parent != NULL ? parent->module : scm_i_current_module ();
  s->epoch = pending != NULL ? pending->epoch : 0;
  s->uniform = s->epoch != 0
    && (parent == NULL || (parent->uniform && parent->epoch == s->epoch));
  return s;
}

/* Add variable V to scope S (which then owns its array).  */
void
scm_i_scope_add (struct scm_i_scope *s, struct scm_i_var *v)
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

#define SCOPE_INDEX_MIN 16

struct scm_i_var *
scm_i_scope_var (struct scm_i_scope *s, SCM id)
{
  if (s->n < SCOPE_INDEX_MIN)
    {
      for (size_t i = s->n; i-- > 0;)
        if (scm_is_eq (s->vars[i]->name, id))
          return s->vars[i];
      return NULL;
    }
  /* Many variables (a long parameter list, a body of many
     definitions): an index, extended as variables are added, so that
     a lookup does not cost their number.  */
  if (s->index == NULL)
    {
      s->index = scm_i_alloc (sizeof *s->index);
      scm_i_eqtab_init (s->index, 2 * SCOPE_INDEX_MIN);
    }
  for (; s->indexed < s->n; s->indexed++)
    scm_i_eqtab_set (s->index, s->vars[s->indexed]->name,
                     SCM_MAKE_FIXNUM (s->indexed));
  SCM i = scm_i_eqtab_ref (s->index, id, SCM_BOOL_F);
  return SCM_FIXNUM_P (i) ? s->vars[SCM_FIXNUM_VALUE (i)] : NULL;
}

void
scm_i_scope_add_macro (struct scm_i_scope *s, SCM id, SCM m)
{
  s->macros = scm_cons (scm_cons (id, m), s->macros);
  s->nmacros++;
}

SCM
scm_i_scope_macro (struct scm_i_scope *s, SCM id)
{
  if (s->nmacros < SCOPE_INDEX_MIN)
    {
      for (SCM m = s->macros; scm_is_pair (m); m = SCM_CDR (m))
        if (scm_is_eq (SCM_CAR (SCM_CAR (m)), id))
          return SCM_CAR (m);
      return SCM_BOOL_F;
    }
  /* The pairs not indexed yet are the newest, at the head of the list
     (a scope binds a name once: scm_i_scope_add_macro's callers check,
     so the order they go in does not matter).  */
  if (s->macro_index == NULL)
    {
      s->macro_index = scm_i_alloc (sizeof *s->macro_index);
      scm_i_eqtab_init (s->macro_index, 2 * SCOPE_INDEX_MIN);
    }
  SCM m = s->macros;
  for (size_t k = s->nmacros - s->nmacros_indexed; k > 0; k--, m = SCM_CDR (m))
    scm_i_eqtab_set (s->macro_index, SCM_CAR (SCM_CAR (m)), SCM_CAR (m));
  s->nmacros_indexed = s->nmacros;
  return scm_i_eqtab_ref (s->macro_index, id, SCM_BOOL_F);
}

int
scm_i_idset_add (struct scm_i_idset *set, SCM id)
{
  if (set->big == NULL)
    {
      for (size_t i = 0; i < set->n; i++)
        if (scm_is_eq (set->small[i], id))
          return 1;
      if (set->n < sizeof set->small / sizeof set->small[0])
        {
          set->small[set->n++] = id;
          return 0;
        }
      set->big = scm_i_alloc (sizeof *set->big);
      scm_i_eqtab_init (set->big, 64);
      for (size_t i = 0; i < set->n; i++)
        scm_i_eqtab_set (set->big, set->small[i], SCM_BOOL_T);
    }
  if (scm_is_true (scm_i_eqtab_ref (set->big, id, SCM_BOOL_F)))
    return 1;
  scm_i_eqtab_set (set->big, id, SCM_BOOL_T);
  return 0;
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

/* What SYM means at the top level of module M: a form, a macro or a
   variable (made, unbound, if M has no binding for SYM).  */
static struct scm_i_binding
global_binding (SCM m, SCM sym)
{
  struct scm_i_binding b = { SCM_I_B_GLOBAL, NULL, SCM_BOOL_F, SCM_I_F_NONE,
                             sym, SCM_BOOL_F, m };
  SCM v = toplevel_binding (m, sym);
  if (scm_is_false (v))
    v = scm_i_module_resolve (m, sym);
  if (SCM_FIXNUM_P (v))
    {
      b.kind = SCM_I_B_FORM;
      b.form = (int) SCM_FIXNUM_VALUE (v);
    }
  else if (scm_i_is_macro (v))
    {
      b.kind = SCM_I_B_MACRO;
      b.macro = v;
    }
  else
    b.value = v;
  return b;
}

static struct scm_i_binding
core_binding (SCM sym)
{
  for (size_t i = 0; i < N_CORE_FORMS; i++)
    if (scm_is_eq (*core_forms[i].sym, sym))
      {
        struct scm_i_binding b = { SCM_I_B_FORM, NULL, SCM_BOOL_F,
                                   core_forms[i].f, sym, SCM_BOOL_F,
                                   SCM_BOOL_F };
        return b;
      }
  return global_binding (scm_i_core_module (), sym);
}

void
scm_i_check_assignable (struct scm_i_scope *s, const struct scm_i_binding *b,
                        SCM form)
{
  SCM m = b->module;
  if (scm_is_true (pending_binding (m, b->sym)))
    return;
  SCM from = scm_i_module_origin (m, b->sym);
  if (scm_is_true (from) && scm_is_variable (b->value)
      && !((SCM_CELL_WORD (b->value, 0) >> 8) & SCM_I_VARIABLE_SHARED))
    scm_i_syntax_error (scm_i_sym_set_x, "cannot assign an imported variable",
                        scm_list_2 (b->sym, SCM_I_MODULE (from)->name), form);
  if (scm_i_module_flags (m) & SCM_I_MODULE_IMMUTABLE)
    scm_i_syntax_error (scm_i_sym_set_x,
                        "cannot assign a variable of an immutable module",
                        scm_list_2 (b->sym, SCM_I_MODULE (m)->name), form);
  (void) s;
}

/* ------------------------------------------------------------------ */
/* Top-level definitions that a macro introduces.  Each expansion that
   defines an introduced name at top level defines a global of its own
   (an uninterned symbol of the same name), as Guile does, so that two
   uses of one macro do not share it and the user's global of that name
   is left alone.  The expansion's own references (the same alias)
   find it, and so do macros that it defines.  */

static SCM
introduced_global (SCM alias)
{
  struct scm_i_instance *inst = scm_i_current_instance ();
  pthread_mutex_lock (&inst->lock);
  SCM sym = scm_i_eqtab_ref (&inst->introduced_globals, alias, SCM_BOOL_F);
  pthread_mutex_unlock (&inst->lock);
  return sym;
}

SCM
scm_i_toplevel_definition_name (SCM id)
{
  if (!scm_i_is_alias (id))
    return id;
  SCM sym = introduced_global (id);
  if (scm_is_true (sym))
    return sym;
  sym = scm_string_to_uninterned_symbol
    (scm_symbol_to_string (scm_i_identifier_symbol (id)));
  struct scm_i_instance *inst = scm_i_current_instance ();
  pthread_mutex_lock (&inst->lock);
  int failed = scm_i_eqtab_try_set (&inst->introduced_globals, id, sym);
  pthread_mutex_unlock (&inst->lock);
  if (failed)
    scm_out_of_memory ("define", 0);
  return sym;
}

struct scm_i_binding
scm_i_resolve (struct scm_i_scope *s, SCM id)
{
  for (;;)
    {
      if (s == &scm_i_core_scope)
        return core_binding (scm_i_identifier_symbol (id));
      int skip = surely_unbound (s, id);
      for (struct scm_i_scope *c = skip ? NULL : s; c != NULL; c = c->parent)
        {
          struct scm_i_var *v = scm_i_scope_var (c, id);
          if (v != NULL)
            return (struct scm_i_binding) { SCM_I_B_VAR, v, SCM_BOOL_F,
                                            SCM_I_F_NONE, SCM_BOOL_F,
                                            SCM_BOOL_F, SCM_BOOL_F };
          SCM m = scm_i_scope_macro (c, id);
          if (scm_is_pair (m))
            return (struct scm_i_binding) { SCM_I_B_MACRO, NULL,
                                            SCM_CDR (m), SCM_I_F_NONE,
                                            SCM_BOOL_F, SCM_BOOL_F, SCM_BOOL_F };
        }
      SCM m = s != NULL ? s->module : scm_i_current_module ();
      if (!scm_i_is_alias (id))
        return global_binding (m, id);
      SCM defined = introduced_global (id);
      if (scm_is_true (defined))
        return global_binding (m, defined);
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
    default:
      /* Two unbound names mean the same if they are the same name,
         whichever modules they are unbound in; a module's copy of a
         core variable is the core's until it is redefined.  */
      return scm_is_eq (a->value, b->value)
        || (scm_is_eq (a->sym, b->sym)
            && SCM_UNBNDP (SCM_CELL_OBJECT (a->value, 1))
            && SCM_UNBNDP (SCM_CELL_OBJECT (b->value, 1)))
        || (scm_is_eq (SCM_CELL_OBJECT (a->value, 1),
                       SCM_CELL_OBJECT (b->value, 1))
            && scm_is_eq (scm_i_module_copied_variable (a->module, a->sym,
                                                        a->value),
                          scm_i_module_copied_variable (b->module, b->sym,
                                                        b->value)));
    }
}

/* The special form that X names in scope S, or SCM_I_F_NONE.  */
enum scm_i_form
scm_i_form_of (struct scm_i_scope *s, SCM x)
{
  if (!scm_i_is_identifier (x))
    return SCM_I_F_NONE;
  struct scm_i_binding b = scm_i_resolve (s, x);
  return b.kind == SCM_I_B_FORM ? (enum scm_i_form) b.form : SCM_I_F_NONE;
}

/* The macro that the head of form X names in S, or #f.  */
SCM
scm_i_macro_of (struct scm_i_scope *s, SCM x)
{
  if (!scm_is_pair (x) || !scm_i_is_identifier (SCM_CAR (x)))
    return SCM_BOOL_F;
  struct scm_i_binding b = scm_i_resolve (s, SCM_CAR (x));
  return b.kind == SCM_I_B_MACRO ? b.macro : SCM_BOOL_F;
}

volatile int scm_i_compile_warnings_on;

/* Whether binding a variable named as special form F is warned of: the
   forms of R7RS's expressions, definitions and macros, whose shadowing
   leaves a scope without them.  Not the auxiliary keywords (else, =>,
   _, ..., unquote), which programs bind on purpose (a `then' and an
   `else' branch), nor the forms whose names are ordinary words that
   programs use as variables (guard, delay, syntax, include, import,
   export, receive...): correct code binds those.  */
static int
shadow_warned (enum scm_i_form f)
{
  switch (f)
    {
    case SCM_I_F_QUOTE: case SCM_I_F_QUASIQUOTE: case SCM_I_F_LAMBDA:
    case SCM_I_F_DEFINE: case SCM_I_F_SET: case SCM_I_F_IF:
    case SCM_I_F_BEGIN: case SCM_I_F_LET: case SCM_I_F_LET_STAR:
    case SCM_I_F_LETREC: case SCM_I_F_LETREC_STAR: case SCM_I_F_COND:
    case SCM_I_F_CASE: case SCM_I_F_AND: case SCM_I_F_OR:
    case SCM_I_F_WHEN: case SCM_I_F_UNLESS: case SCM_I_F_DO:
    case SCM_I_F_LET_VALUES: case SCM_I_F_LET_STAR_VALUES:
    case SCM_I_F_DEFINE_VALUES: case SCM_I_F_DEFINE_RECORD_TYPE:
    case SCM_I_F_CASE_LAMBDA: case SCM_I_F_PARAMETERIZE:
    case SCM_I_F_DEFINE_SYNTAX: case SCM_I_F_LET_SYNTAX:
    case SCM_I_F_LETREC_SYNTAX: case SCM_I_F_SYNTAX_RULES:
      return 1;
    default:
      return 0;
    }
}

void
scm_i_warn_shadowed_syntax (struct scm_i_scope *s, SCM id, SCM form)
{
  SCM file;
  long line, col;
  if (!scm_i_compile_warnings_on)
    return;
  if (!shadow_warned (scm_i_form_of (s, id))
      || !scm_c_source_position (form, &file, &line, &col)
      || !scm_is_string (file))
    return;
  SCM port = scm_current_error_port ();
  scm_display (file, port);
  scm_c_printf (port, ":%ld:%ld: warning: `", line, col);
  scm_display (scm_i_identifier_symbol (id), port);
  scm_c_puts (port, "' is bound as a variable here, shadowing the core "
              "syntax of that name\n");
}

int
scm_i_syntax_rules_p (struct scm_i_scope *s, SCM spec)
{
  return scm_is_pair (spec) && scm_i_form_of (s,
                                              SCM_CAR (spec)) == SCM_I_F_SYNTAX_RULES;
}

void
scm_init_scope (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "expand/scope.x"
#endif
  core_identifiers = SCM_EOL;
  scm_i_core_scope.module = scm_i_core_module ();
}
