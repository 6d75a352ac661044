/* expand-internal.h -- what the expander (expand.c), identifier
   resolution (scope.c), derived forms (derived.c), the macro system
   (macros.c) and syntax objects (syntax.c) share
   SPDX-License-Identifier: LGPL-3.0-or-later

   Identifiers are symbols, or aliases (syntax.c): a renamed identifier
   that a macro's template introduced, made of the name it renames, the
   scope where the macro was defined and the rename table of the
   expansion that made it.  A scope is one level of lexical bindings:
   variables and macros.  Scopes live on the heap, because an alias
   refers to its scope for as long as the alias lives.  */

#ifndef SCM_EXPAND_INTERNAL_H
#define SCM_EXPAND_INTERNAL_H

#include "runtime/scm-internal.h"
#include "expand/ast-internal.h"
#include <libscm/symbols.h>

/* Accessors for forms whose shape has been checked.  */
static inline SCM scm_i_cadr (SCM x) { return SCM_CAR (SCM_CDR (x)); }
static inline SCM scm_i_cddr (SCM x) { return SCM_CDR (SCM_CDR (x)); }
static inline SCM scm_i_caddr (SCM x) { return SCM_CAR (scm_i_cddr (x)); }
static inline SCM scm_i_cdddr (SCM x) { return SCM_CDR (scm_i_cddr (x)); }

/* The built-in special forms, as the syntax table numbers them.  */
enum scm_i_form
{
  SCM_I_F_NONE, SCM_I_F_QUOTE, SCM_I_F_QUASIQUOTE, SCM_I_F_UNQUOTE,
  SCM_I_F_UNQUOTE_SPLICING, SCM_I_F_LAMBDA, SCM_I_F_DEFINE, SCM_I_F_SET,
  SCM_I_F_IF, SCM_I_F_BEGIN, SCM_I_F_LET, SCM_I_F_LET_STAR, SCM_I_F_LETREC,
  SCM_I_F_LETREC_STAR, SCM_I_F_COND, SCM_I_F_CASE, SCM_I_F_AND, SCM_I_F_OR,
  SCM_I_F_WHEN, SCM_I_F_UNLESS, SCM_I_F_DO, SCM_I_F_GUARD, SCM_I_F_ELSE,
  SCM_I_F_ARROW, SCM_I_F_APPLY, SCM_I_F_APPLY_VALUES, SCM_I_F_CALLCC,
  SCM_I_F_CALLEC, SCM_I_F_LET_VALUES, SCM_I_F_LET_STAR_VALUES,
  SCM_I_F_DEFINE_VALUES, SCM_I_F_RECEIVE, SCM_I_F_DEFINE_RECORD_TYPE,
  SCM_I_F_CASE_LAMBDA, SCM_I_F_DELAY, SCM_I_F_DELAY_FORCE,
  SCM_I_F_COND_EXPAND, SCM_I_F_INCLUDE, SCM_I_F_INCLUDE_CI,
  SCM_I_F_PARAMETERIZE, SCM_I_F_DEFINE_SYNTAX, SCM_I_F_LET_SYNTAX,
  SCM_I_F_LETREC_SYNTAX, SCM_I_F_SYNTAX_RULES, SCM_I_F_SYNTAX_ERROR,
  SCM_I_F_SYNTAX_CASE, SCM_I_F_SYNTAX, SCM_I_F_QUASISYNTAX, SCM_I_F_UNSYNTAX,
  SCM_I_F_UNSYNTAX_SPLICING, SCM_I_F_QUOTE_SYNTAX, SCM_I_F_PATTERN_BIND,
  SCM_I_F_IMPORT, SCM_I_F_DEFINE_LIBRARY, SCM_I_F_DEFINE_MODULE,
  SCM_I_F_USE_MODULES, SCM_I_F_EXPORT, SCM_I_F_RE_EXPORT, SCM_I_F_AT,
  SCM_I_F_ATAT, SCM_I_F_ELLIPSIS, SCM_I_F_UNDERSCORE
};

struct scm_i_scope
{
  struct scm_i_scope *parent;
  struct scm_i_lambda *lam;     /* the lambda whose frame holds the vars */
  struct scm_i_var **vars;
  size_t n;
  size_t cap;                   /* 0 while VARS is borrowed */
  SCM macros;                   /* alist: identifier -> macro */
  SCM module;                   /* where its free names are global */
  /* The top-level expansion that made it (scope.c), and whether every
     scope up its chain was made by the same one.  */
  unsigned epoch;
  int uniform;
  /* For a scope with many variables, name -> index in VARS (the last
     of a name) for its first INDEXED (scope.c).  */
  struct scm_i_eqtab *index;
  size_t indexed;
  /* Past 16 macros (a let-syntax of thousands), name -> its pair in
     MACROS, for the NMACROS_INDEXED oldest of its NMACROS (scope.c).  */
  size_t nmacros;
  size_t nmacros_indexed;
  struct scm_i_eqtab *macro_index;
};

/* The scope of core identifiers: an alias whose scope is this one
   always means the built-in form or the global variable its name
   names, whatever the program binds.  The expander's own rewrites
   (define-record-type, cond-expand) and syntax-case's expansion use
   them.  */
SCM_INTERNAL extern struct scm_i_scope scm_i_core_scope;

SCM_INTERNAL struct scm_i_scope *scm_i_new_scope (struct scm_i_scope *parent,
                                                  struct scm_i_lambda *lam,
                                                  struct scm_i_var **vars,
                                                  size_t n);

/* What an identifier means in a scope.  */
enum scm_i_binding_kind
{
  SCM_I_B_GLOBAL,               /* a top-level variable (maybe unbound) */
  SCM_I_B_VAR,                  /* a lexical variable */
  SCM_I_B_MACRO,                /* a macro, lexical or top-level */
  SCM_I_B_FORM                  /* a built-in special form */
};

struct scm_i_binding
{
  enum scm_i_binding_kind kind;
  struct scm_i_var *var;        /* VAR */
  SCM macro;                    /* MACRO */
  int form;                     /* FORM: expand.c's enum form */
  SCM sym;                      /* GLOBAL, FORM: the symbol */
  SCM value;                    /* GLOBAL: the variable */
  SCM module;                   /* GLOBAL: the module it was found in */
};

SCM_INTERNAL struct scm_i_binding scm_i_resolve (struct scm_i_scope *s,
                                                 SCM id);
SCM_INTERNAL int scm_i_same_binding (const struct scm_i_binding *a,
                                     const struct scm_i_binding *b);
/* The core identifier for symbol SYM (eq for the same SYM).  */
SCM_INTERNAL SCM scm_i_core_identifier (SCM sym);

/* Nonzero while the prelude is expanded.  */
SCM_INTERNAL int scm_i_prelude_mode (void);

SCM_INTERNAL void SCM_NORETURN scm_i_syntax_error (SCM who, const char *what,
                                                   SCM form, SCM where);

/* ------------------------------------------------------------------ */
/* Libraries and modules (libraries.c): the forms that change which
   bindings a module has, run while they expand.  */

SCM_INTERNAL void scm_i_expand_import (SCM m, SCM form);
SCM_INTERNAL void scm_i_expand_define_library (SCM form);
SCM_INTERNAL void scm_i_expand_define_module (SCM form);
SCM_INTERNAL void scm_i_expand_use_modules (SCM m, SCM form);
SCM_INTERNAL void scm_i_expand_export (SCM m, SCM form, int re_export);
/* The variable (@ M NAME) or, if PRIVATE, (@@ M NAME) names.  */
SCM_INTERNAL SCM scm_i_module_ref_variable (SCM form, int private);
/* Whether library NAME is loaded or can be found (cond-expand).  */
SCM_INTERNAL int scm_i_library_available (SCM name);
/* The module of library NAME, loaded if need be.  */
SCM_INTERNAL SCM scm_i_load_library (SCM name, SCM who, SCM form);
/* A UTF-8 byte-order mark at the start of a source file is not data.  */
SCM_INTERNAL void scm_i_skip_byte_order_mark (SCM port);
/* File NAME relative to the directory of the file FORM was read from.  */
SCM_INTERNAL SCM scm_i_relative_file_name (SCM name, SCM form);
/* The data of the files that include-like form DECL names, in order,
   each relative to DECL's file.  */
SCM_INTERNAL SCM scm_i_included_files_forms (SCM decl, int fold_case, SCM who);

/* ------------------------------------------------------------------ */
/* Scopes and the syntax table (scope.c).  */

/* The names of the core forms (and of else, =>, ...), interned by
   scm_init_scope.  */
SCM_INTERNAL extern SCM scm_i_sym_syntax;
SCM_INTERNAL extern SCM scm_i_sym_syntax_error;
SCM_INTERNAL extern SCM scm_i_sym_quote;
SCM_INTERNAL extern SCM scm_i_sym_quasiquote;
SCM_INTERNAL extern SCM scm_i_sym_unquote;
SCM_INTERNAL extern SCM scm_i_sym_unquote_splicing;
SCM_INTERNAL extern SCM scm_i_sym_lambda;
SCM_INTERNAL extern SCM scm_i_sym_define;
SCM_INTERNAL extern SCM scm_i_sym_set_x;
SCM_INTERNAL extern SCM scm_i_sym_if;
SCM_INTERNAL extern SCM scm_i_sym_begin;
SCM_INTERNAL extern SCM scm_i_sym_let;
SCM_INTERNAL extern SCM scm_i_sym_let_star;
SCM_INTERNAL extern SCM scm_i_sym_letrec;
SCM_INTERNAL extern SCM scm_i_sym_letrec_star;
SCM_INTERNAL extern SCM scm_i_sym_cond;
SCM_INTERNAL extern SCM scm_i_sym_case;
SCM_INTERNAL extern SCM scm_i_sym_and;
SCM_INTERNAL extern SCM scm_i_sym_or;
SCM_INTERNAL extern SCM scm_i_sym_when;
SCM_INTERNAL extern SCM scm_i_sym_unless;
SCM_INTERNAL extern SCM scm_i_sym_do;
SCM_INTERNAL extern SCM scm_i_sym_guard;
SCM_INTERNAL extern SCM scm_i_sym_let_values;
SCM_INTERNAL extern SCM scm_i_sym_let_star_values;
SCM_INTERNAL extern SCM scm_i_sym_define_values;
SCM_INTERNAL extern SCM scm_i_sym_receive;
SCM_INTERNAL extern SCM scm_i_sym_define_record_type;
SCM_INTERNAL extern SCM scm_i_sym_case_lambda;
SCM_INTERNAL extern SCM scm_i_sym_delay;
SCM_INTERNAL extern SCM scm_i_sym_delay_force;
SCM_INTERNAL extern SCM scm_i_sym_cond_expand;
SCM_INTERNAL extern SCM scm_i_sym_parameterize;
SCM_INTERNAL extern SCM scm_i_sym_include;
SCM_INTERNAL extern SCM scm_i_sym_include_ci;
SCM_INTERNAL extern SCM scm_i_sym_else;
SCM_INTERNAL extern SCM scm_i_sym_arrow;
SCM_INTERNAL extern SCM scm_i_sym_apply_intrinsic;
SCM_INTERNAL extern SCM scm_i_sym_apply_values_intrinsic;
SCM_INTERNAL extern SCM scm_i_sym_callcc_intrinsic;
SCM_INTERNAL extern SCM scm_i_sym_callec_intrinsic;
SCM_INTERNAL extern SCM scm_i_sym_define_syntax;
SCM_INTERNAL extern SCM scm_i_sym_let_syntax;
SCM_INTERNAL extern SCM scm_i_sym_letrec_syntax;
SCM_INTERNAL extern SCM scm_i_sym_syntax_rules;
SCM_INTERNAL extern SCM scm_i_sym_syntax_case;
SCM_INTERNAL extern SCM scm_i_sym_quasisyntax;
SCM_INTERNAL extern SCM scm_i_sym_unsyntax;
SCM_INTERNAL extern SCM scm_i_sym_unsyntax_splicing;
SCM_INTERNAL extern SCM scm_i_sym_quote_syntax;
SCM_INTERNAL extern SCM scm_i_sym_pattern_bind;

/* Add variable V to scope S (which then owns its array).  */
SCM_INTERNAL void scm_i_scope_add (struct scm_i_scope *s, struct scm_i_var *v);
/* The special form that X names in scope S, or SCM_I_F_NONE.  */
SCM_INTERNAL enum scm_i_form scm_i_form_of (struct scm_i_scope *s, SCM x);
/* The macro that the head of form X names in S, or #f.  */
SCM_INTERNAL SCM scm_i_macro_of (struct scm_i_scope *s, SCM x);
/* Nonzero while compile-time warnings are on (scm -W,
   set-compile-warnings!: compile/warnings.c sets it; the expander's
   warnings are of the binding forms it sees).  */
SCM_INTERNAL extern volatile int scm_i_compile_warnings_on;
/* If warnings are on: warn that FORM binds identifier ID as a
   variable where, in scope S, it names a special form of the core
   syntax (if, define, lambda, quote, let, set!, cond...: scope.c
   lists them), unless FORM has no source position (code a program or
   macro made).  */
SCM_INTERNAL void scm_i_warn_shadowed_syntax (struct scm_i_scope *s, SCM id,
                                              SCM form);
/* The name of the global that a top-level definition of identifier ID
   defines: ID itself for a symbol, a fresh global's uninterned symbol
   for an alias (a name a macro introduced).  */
SCM_INTERNAL SCM scm_i_toplevel_definition_name (SCM id);

/* Top-level syntax changes.  A top-level define removes a keyword, a
   define-syntax adds one; both take effect for the rest of the form
   being expanded at once, but reach the instance's table only when the
   whole form has expanded without error, so that a failed expansion
   changes nothing.  */
struct scm_i_toplevel_changes
{
  SCM changes;                  /* list of #(module symbol binding) */
  struct scm_i_toplevel_changes *outer;
  /* Every identifier this expansion binds lexically (a variable or a
     local macro): a name that is not in it is global in any scope of
     this expansion, with no walk up the scope chain (scm_i_resolve).  */
  struct scm_i_eqtab bound;
  unsigned epoch;
};

/* Collect the changes of one top-level form until they are committed;
   inside a dynwind context, whose end forgets them.  */
SCM_INTERNAL struct scm_i_toplevel_changes *scm_i_begin_toplevel_changes
  (void);
SCM_INTERNAL void scm_i_commit_toplevel_changes
  (struct scm_i_toplevel_changes *c);
/* Make SYM mean VALUE (a macro or a form number) at the top level of
   module M: pending while a top-level form expands, at once otherwise.  */
SCM_INTERNAL void scm_i_note_toplevel_syntax (SCM m, SCM sym, SCM value);
/* Identifier NAME is bound lexically somewhere in this expansion.  */
SCM_INTERNAL void scm_i_note_lexical_name (SCM name);
/* The variable of scope S itself (not its ancestors) named ID, or NULL. */
SCM_INTERNAL struct scm_i_var *scm_i_scope_var (struct scm_i_scope *s, SCM id);
/* The pair (ID . macro) of scope S's own macros, or #f.  */
SCM_INTERNAL SCM scm_i_scope_macro (struct scm_i_scope *s, SCM id);
/* Bind ID to macro M in scope S, which binds no ID yet.  */
SCM_INTERNAL void scm_i_scope_add_macro (struct scm_i_scope *s, SCM id, SCM m);
/* A set of identifiers for duplicate checks, linear while it is small.  */
struct scm_i_idset
{
  size_t n;
  SCM small[16];
  struct scm_i_eqtab *big;
};
/* Add ID to SET; nonzero if it was there already.  */
SCM_INTERNAL int scm_i_idset_add (struct scm_i_idset *set, SCM id);
/* The variable a top-level definition of SYM in scope S's module
   assigns (pending like syntax if it replaces another binding).  */
SCM_INTERNAL SCM scm_i_toplevel_define (struct scm_i_scope *s, SCM sym,
                                        SCM form);
/* Raise a syntax error if global binding B may not be assigned from
   scope S (an imported variable, an immutable module's).  */
SCM_INTERNAL void scm_i_check_assignable (struct scm_i_scope *s,
                                          const struct scm_i_binding *b,
                                          SCM form);

/* ------------------------------------------------------------------ */
/* The expander (expand.c), for the files that expand forms of their
   own.  */

/* Raise a syntax error unless FORM is a proper list of MIN to MAX
   elements (MAX -1: no limit).  */
SCM_INTERNAL void scm_i_check_form_length (SCM form, long min, long max,
                                           SCM who);
/* Expand expression X in scope S; CELL is the pair holding X (for its
   position), or #f.  */
SCM_INTERNAL struct scm_i_node *scm_i_expand (struct scm_i_scope *s, SCM x,
                                              SCM cell);
/* Expand BODY, a body with internal definitions, of FORM.  */
SCM_INTERNAL struct scm_i_node *scm_i_expand_body (struct scm_i_scope *s,
                                                   SCM body, SCM form);
/* Parse FORMALS, a lambda's parameter list in FORM, into L's
   parameters (raising a syntax error for a bad or repeated one).  */
SCM_INTERNAL void scm_i_parse_formals (struct scm_i_lambda *l, SCM formals,
                                       SCM form);
/* The node of (lambda FORMALS . BODY), written as FORM in scope S and
   named NAME in arity errors (#f: no name).  */
SCM_INTERNAL struct scm_i_node *scm_i_make_lambda_node (struct scm_i_scope *s,
                                                        SCM formals, SCM body,
                                                        SCM form, SCM name);
/* The forms that a cond-expand or include form X stands for, or
   SCM_UNDEFINED if X is neither (expand.c).  */
SCM_INTERNAL SCM scm_i_spliced_forms (struct scm_i_scope *s, SCM x);
/* The inline opcode for a call with N arguments of F, one of the
   primitive objects that define-record-type's expansion calls, and its
   name in *NAME; else SCM_OP_COUNT (expand.c).  */
SCM_INTERNAL enum scm_i_opcode scm_i_record_op (SCM f, long n,
                                                const char **name);

/* Definitions and bodies (bodies.c).  */

/* Bind NAME to the macro that SPEC makes, in S, closed in DEFS.  */
SCM_INTERNAL void scm_i_bind_syntax (struct scm_i_scope *s,
                                     struct scm_i_scope *defs, SCM name,
                                     SCM spec, SCM form);
/* X after expanding the macro uses at its head, in scope S.  */
SCM_INTERNAL SCM scm_i_expand_head (struct scm_i_scope *s, SCM x);
/* The names that definition X binds, as a list.  */
SCM_INTERNAL SCM scm_i_definition_names (struct scm_i_scope *s, SCM x);
/* (define ...) FORM at top level.  */
SCM_INTERNAL struct scm_i_node *scm_i_expand_toplevel_define
  (struct scm_i_scope *s, SCM form);
/* CALL, expanded from FORM, of V, a body's record procedure: the
   record operation on the type's variable, with CALL as the fallback
   (the compiler's if the program assigns either variable).  */
SCM_INTERNAL struct scm_i_node *scm_i_expand_record_call
  (struct scm_i_scope *s, SCM form, struct scm_i_var *v,
   struct scm_i_node *call);

/* ------------------------------------------------------------------ */
/* Quasiquote templates (quasiquote.c) and the forms that bind multiple
   values (expand-values.c).  */

/* The name of the expander's temporaries (expand.c).  */
SCM_INTERNAL extern SCM scm_i_sym_tmp;
/* (quasiquote template), checked and expanded.  */
SCM_INTERNAL struct scm_i_node *scm_i_expand_quasiquote
  (struct scm_i_scope *s, SCM form);
SCM_INTERNAL struct scm_i_node *scm_i_expand_let_values
  (struct scm_i_scope *s, SCM form);
SCM_INTERNAL struct scm_i_node *scm_i_expand_let_star_values
  (struct scm_i_scope *s, SCM form);
SCM_INTERNAL struct scm_i_node *scm_i_expand_receive (struct scm_i_scope *s,
                                                      SCM form);
/* The identifiers define-values' FORMALS binds, in order (the rest one
   last), as a list; a syntax error if one is not an identifier.  */
SCM_INTERNAL SCM scm_i_define_values_names (SCM formals, SCM form);
/* (define-values formals expr) in a body: its variables are VARS, the
   body's, in the order of scm_i_define_values_names.  */
SCM_INTERNAL struct scm_i_node *scm_i_expand_body_define_values
  (struct scm_i_scope *s, SCM form, struct scm_i_var **vars);
/* (define-values formals expr) at top level: defines each variable.  */
SCM_INTERNAL struct scm_i_node *scm_i_expand_toplevel_define_values
  (struct scm_i_scope *s, SCM form);

/* ------------------------------------------------------------------ */
/* Derived forms rewritten as data (derived.c).  */

SCM_INTERNAL SCM scm_i_rewrite_define_record_type (SCM form);
/* The body of the first clause of cond-expand FORM whose requirement
   holds, or () if none does.  */
SCM_INTERNAL SCM scm_i_cond_expand_body (SCM form);
/* The data of the files that include FORM names, in order.  */
SCM_INTERNAL SCM scm_i_included_forms (SCM form, int fold_case);

/* Room for N words of pattern slots: SMALL (SCM_I_SMALL_SLOTS of them,
   on the caller's C stack) when it is enough, else memory the
   collector scans: a pattern, or a list of values, may be large.  */
#define SCM_I_SMALL_SLOTS 32
static inline SCM *
scm_i_slot_room (SCM *small, size_t n)
{
  return n <= SCM_I_SMALL_SLOTS ? small : scm_i_alloc (n * sizeof (SCM));
}

/* ------------------------------------------------------------------ */
/* Aliases and syntax objects (syntax.c).  */

#define SCM_I_ALIAS_NAME(x) SCM_CELL_OBJECT (x, 1)
#define SCM_I_ALIAS_SCOPE(x) ((struct scm_i_scope *) SCM_CELL_WORD (x, 2))
#define SCM_I_ALIAS_RENAMES(x) SCM_CELL_OBJECT (x, 3)

static inline int
scm_i_is_alias (SCM x)
{
  return scm_has_tc8 (x, scm_tc8_syntax);
}

static inline int
scm_i_is_identifier (SCM x)
{
  return scm_is_symbol (x) || scm_i_is_alias (x);
}

SCM_INTERNAL SCM scm_i_make_alias (SCM name, struct scm_i_scope *scope,
                                   SCM renames);
/* The symbol that identifier ID renames, through every alias.  */
SCM_INTERNAL SCM scm_i_identifier_symbol (SCM id);
/* X with every alias replaced by its symbol; X itself if it holds
   none (so constants keep their identity and positions).  */
SCM_INTERNAL SCM scm_i_strip_syntax (SCM x);

/* One expansion of one macro use: while a transformer runs, the
   identifiers its templates introduce are renamed through RENAMES
   (a pair whose car is an alist: identifier -> alias), closed in
   MACRO_SCOPE; USE_SCOPE is where the use is, for free-identifier=?
   and literals; USE is the use form, whose position the new pairs
   get.  */
struct scm_i_expansion
{
  struct scm_i_scope *use_scope;
  struct scm_i_scope *macro_scope;
  SCM renames;
  SCM use;
  SCM file;                     /* the use's position, if FILE is a string */
  long line, column;
  SCM name;                     /* the macro's, or #f */
};

/* The innermost expansion running in this thread, or NULL.  */
SCM_INTERNAL struct scm_i_expansion *scm_i_current_expansion (void);
/* In a dynwind context: the running expansion is restored to what it
   is now when the context ends, whichever way.  */
SCM_INTERNAL void scm_i_protect_expansion (void);
SCM_INTERNAL SCM scm_i_rename (SCM id, struct scm_i_expansion *x);

/* Patterns (syntax-rules and syntax-case).  A pattern's variables are
   numbered in the order a depth-first walk meets them.  */
struct scm_i_pattern_spec
{
  SCM literals;                 /* list of identifiers */
  SCM ellipsis;                 /* identifier, or #f: no ellipsis */
  struct scm_i_scope *literal_scope;
  struct scm_i_scope *use_scope;
};

/* The variables of PATTERN as a list of (identifier . depth), in
   slot order; raises a syntax error (naming WHO, at WHERE) for a
   malformed pattern.  */
SCM_INTERNAL SCM scm_i_pattern_variables (const struct scm_i_pattern_spec *p,
                                          SCM pattern, SCM who, SCM where);
/* Match FORM against PATTERN, filling SLOTS; nonzero on success.  */
SCM_INTERNAL int scm_i_pattern_match (const struct scm_i_pattern_spec *p,
                                      SCM pattern, SCM form, SCM *slots);

/* Cycles (cycles.c).  Whether X, through pairs and vectors, reaches
   itself; scm_i_check_acyclic raises the syntax error "cyclic form"
   (naming WHO, at WHERE) if it does.  Both poll for interrupts.  */
SCM_INTERNAL int scm_i_cyclic_p (SCM x);
SCM_INTERNAL void scm_i_check_acyclic (SCM x, SCM who, SCM where);
/* The number of pairs in the spine of X (a list, proper or not), or -1
   if its spine is circular.  */
SCM_INTERNAL long scm_i_spine_length (SCM x);

/* Templates: compiled once (pattern variables become references to
   slots, ellipses become nodes that know which variables they iterate
   over), then built at each use.  LOOKUP gives the slot and depth of a
   pattern variable, or -1.  */
typedef long (*scm_i_pattern_lookup) (SCM id, int *depth, void *data);
SCM_INTERNAL SCM scm_i_compile_template (SCM tmpl, SCM ellipsis,
                                         scm_i_pattern_lookup lookup,
                                         void *data, SCM who, SCM where);
SCM_INTERNAL SCM scm_i_build_template (SCM tmpl, const SCM *slots,
                                       size_t nslots,
                                       struct scm_i_expansion *x);

/* ------------------------------------------------------------------ */
/* Macros (macros.c).  */

static inline int
scm_i_is_macro (SCM x)
{
  return scm_has_tc8 (x, scm_tc8_macro);
}

/* The macro that transformer expression SPEC makes, defined in scope S
   (its templates' free identifiers mean what they mean there).  */
SCM_INTERNAL SCM scm_i_make_macro (struct scm_i_scope *s, SCM name, SCM spec,
                                   SCM form);
/* The expansion of FORM, a use of MACRO in scope S.  */
SCM_INTERNAL SCM scm_i_expand_macro (struct scm_i_scope *s, SCM macro,
                                     SCM form);
SCM_INTERNAL SCM scm_i_macro_name (SCM macro);
/* syntax-case and quasisyntax forms as core forms.  */
SCM_INTERNAL SCM scm_i_rewrite_syntax_case (SCM form);
SCM_INTERNAL SCM scm_i_rewrite_quasisyntax (SCM form);
SCM_INTERNAL int scm_i_syntax_rules_p (struct scm_i_scope *s, SCM spec);

/* The macro forms, expanded (macros.c).  */
SCM_INTERNAL struct scm_i_scope *scm_i_syntax_binding_scope
  (struct scm_i_scope *s, SCM form, int rec);
SCM_INTERNAL struct scm_i_node *scm_i_expand_let_syntax
  (struct scm_i_scope *s, SCM form, int rec);
SCM_INTERNAL void SCM_NORETURN scm_i_expand_syntax_error (SCM form);
SCM_INTERNAL struct scm_i_node *scm_i_expand_syntax (struct scm_i_scope *s,
                                                     SCM form);
SCM_INTERNAL struct scm_i_node *scm_i_expand_pattern_bind
  (struct scm_i_scope *s, SCM form);

#endif /* SCM_EXPAND_INTERNAL_H */
