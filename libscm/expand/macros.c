/* macros.c -- macro objects: syntax-rules transformers and procedure
   transformers, and running them on a use
   SPDX-License-Identifier: LGPL-3.0-or-later

   A macro object: header (scm_tc8_macro, flags: its kind), its name,
   the scope it was defined in (a raw pointer; NULL at the top level),
   and its data: for syntax-rules, the compiled rules; for a procedure
   transformer (syntax-case's), the procedure.

   syntax-rules runs in C: its patterns are checked and its templates
   compiled when the macro is defined, so that a malformed macro is
   reported there, and a use costs one match and one build, with no
   call into the VM.  */

#include "runtime/scm-internal.h"
#include "expand/ast-internal.h"
#include "expand/expand-internal.h"
#include "runtime/conditions-internal.h"
#include "runtime/init-internal.h"
#include "vm/vm-internal.h"
#include "compile/compile-internal.h"
#include "modules/modules-internal.h"
#include "runtime/root-alist-internal.h"

#include <string.h>
#include <stdlib.h>
#include <libscm/docstrings.h>
#include <libscm/modules.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/eval.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/read.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>

SCM_SYMBOL (sym_syntax_rules, "syntax-rules");
SCM_SYMBOL (sym_ellipsis, "...");
SCM_SYMBOL (sym_syntax_error, "syntax-error");

#define MACRO_RULES 1
#define MACRO_PROCEDURE 2

#define MACRO_KIND(m) SCM_OBJ_FLAGS (m)
#define MACRO_NAME(m) SCM_CELL_OBJECT (m, 1)
#define MACRO_SCOPE(m) ((struct scm_i_scope *) SCM_CELL_WORD (m, 2))
#define MACRO_DATA(m) SCM_CELL_OBJECT (m, 3)

/* The compiled rules: #(ellipsis literals rule ...), each rule
   #(pattern nslots template), the pattern without its keyword.  */
#define RULES_ELLIPSIS(r) SCM_VECTOR_REF (r, 0)
#define RULES_LITERALS(r) SCM_VECTOR_REF (r, 1)
#define RULES_FIRST 2

static SCM
make_macro (int kind, SCM name, struct scm_i_scope *s, SCM data)
{
  SCM m = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_macro, kind, 0), 4);
  SCM_SET_CELL_OBJECT (m, 1, name);
  SCM_SET_CELL_WORD (m, 2, (scm_t_bits) s);
  SCM_SET_CELL_OBJECT (m, 3, data);
  return m;
}

SCM
scm_i_macro_name (SCM macro)
{
  return MACRO_NAME (macro);
}

/* ------------------------------------------------------------------ */
/* The running expansion, per thread.  */

static __thread struct scm_i_expansion *current_expansion;

struct scm_i_expansion *
scm_i_current_expansion (void)
{
  return current_expansion;
}

static void
restore_expansion (void *saved)
{
  current_expansion = *(struct scm_i_expansion **) saved;
}

/* The saved value is on the heap: a C wind handler may run after the
   C frame that registered it is gone (a Scheme handler that catches an
   error raised in C runs first, where the VM stopped).  */
void
scm_i_protect_expansion (void)
{
  struct scm_i_expansion **saved = scm_i_alloc (sizeof *saved);
  *saved = current_expansion;
  scm_dynwind_unwind_handler (restore_expansion, saved,
                              SCM_F_WIND_EXPLICITLY);
}

/* ------------------------------------------------------------------ */
/* syntax-rules.  */

static long
rule_lookup (SCM id, int *depth, void *data)
{
  long i = 0;
  for (SCM v = *(SCM *) data; scm_is_pair (v); v = SCM_CDR (v), i++)
    if (scm_is_eq (SCM_CAR (SCM_CAR (v)), id))
      {
        *depth = (int) scm_to_long (SCM_CDR (SCM_CAR (v)));
        return i;
      }
  return -1;
}

static SCM
compile_rule (const struct scm_i_pattern_spec *p, SCM rule, SCM name,
              SCM form)
{
  if (scm_c_list_length (rule) != 2 || !scm_is_pair (SCM_CAR (rule)))
    scm_i_syntax_error (name, "bad syntax-rules rule (expected (pattern "
                        "template))", scm_i_strip_syntax (rule), form);
  SCM pattern = SCM_CDR (SCM_CAR (rule));   /* the keyword is ignored */
  SCM vars = scm_i_pattern_variables (p, pattern, name, form);
  SCM tmpl = scm_i_compile_template (SCM_CAR (SCM_CDR (rule)), p->ellipsis,
                                     rule_lookup, &vars, name, form);
  SCM r = scm_c_make_vector (3, SCM_BOOL_F);
  SCM_VECTOR_SET (r, 0, pattern);
  SCM_VECTOR_SET (r, 1, scm_from_long (scm_c_list_length (vars)));
  SCM_VECTOR_SET (r, 2, tmpl);
  return r;
}

/* Whether identifier ID, named `...', is the ellipsis in scope S: it
   is bound to it, or unbound (R7RS matches `...' by binding, as it
   matches literals).  */
static int
denotes_ellipsis (struct scm_i_scope *s, SCM id)
{
  struct scm_i_binding b = scm_i_resolve (s, id);
  if (b.kind == SCM_I_B_FORM)
    return b.form == SCM_I_F_ELLIPSIS;
  return (b.kind == SCM_I_B_GLOBAL
          && SCM_UNBNDP (SCM_CELL_OBJECT (b.value, 1)));
}

/* ACC with the identifiers named `...' in X that are not the ellipsis
   in scope S (a local variable named `...'), each once.  */
static SCM
shadowed_ellipses (struct scm_i_scope *s, SCM x, SCM acc)
{
  scm_i_check_c_stack ("syntax-rules");
  for (; scm_is_pair (x); x = SCM_CDR (x))
    acc = shadowed_ellipses (s, SCM_CAR (x), acc);
  if (scm_is_vector (x))
    for (size_t i = 0; i < SCM_VECTOR_LENGTH (x); i++)
      acc = shadowed_ellipses (s, SCM_VECTOR_REF (x, i), acc);
  else if (scm_i_is_identifier (x)
           && scm_is_eq (scm_i_identifier_symbol (x), sym_ellipsis)
           && scm_is_false (scm_memq (x, acc)) && !denotes_ellipsis (s, x))
    acc = scm_cons (x, acc);
  return acc;
}

/* (syntax-rules [ellipsis] (literal ...) rule ...)  */
/* (syntax-rules [ellipsis] (literal ...) [docstring] rule ...): a
   string before the rules documents the macro, as in Guile; it goes in
   *DOC (else #f).  */
static SCM
compile_syntax_rules (struct scm_i_scope *s, SCM name, SCM spec, SCM *doc)
{
  SCM rest = SCM_CDR (spec), ellipsis = sym_ellipsis;
  int custom = scm_is_pair (rest) && scm_i_is_identifier (SCM_CAR (rest));
  if (custom)
    {
      ellipsis = SCM_CAR (rest);
      rest = SCM_CDR (rest);
    }
  if (!scm_is_pair (rest) || scm_c_list_length (SCM_CAR (rest)) < 0
      || scm_c_list_length (rest) < 0)
    scm_i_syntax_error (sym_syntax_rules, "bad syntax (expected a literal "
                        "list and rules)", scm_i_strip_syntax (spec), spec);

  SCM literals = SCM_CAR (rest);
  for (SCM l = literals; scm_is_pair (l); l = SCM_CDR (l))
    if (!scm_i_is_identifier (SCM_CAR (l)))
      scm_i_syntax_error (sym_syntax_rules, "a literal must be an identifier",
                          scm_i_strip_syntax (SCM_CAR (l)), spec);
  /* A literal takes priority over the ellipsis (R7RS 4.3.2): then the
     rules have none.  */
  if (scm_is_true (scm_memq (ellipsis, literals)))
    ellipsis = SCM_BOOL_F;
  /* The default ellipsis is `...' where it means the ellipsis: those
     that a local binding shadows are ordinary identifiers, noted as
     (... . SHADOWED) for is_ellipsis (syntax.c).  Not in cyclic rules,
     which the walk would go round for ever: compile_rule raises
     "cyclic form" for them, naming the pattern or template.  */
  else if (!custom && !scm_i_cyclic_p (SCM_CDR (rest)))
    {
      SCM shadowed = shadowed_ellipses (s, SCM_CDR (rest), SCM_EOL);
      if (scm_is_pair (shadowed))
        ellipsis = scm_cons (sym_ellipsis, shadowed);
    }
  struct scm_i_pattern_spec p = { literals, ellipsis, s, NULL };
  SCM rules = SCM_EOL, r = SCM_CDR (rest);
  *doc = SCM_BOOL_F;
  if (scm_is_pair (r) && scm_is_pair (SCM_CDR (r))
      && scm_is_string (scm_i_strip_syntax (SCM_CAR (r))))
    {
      *doc = scm_i_strip_syntax (SCM_CAR (r));
      r = SCM_CDR (r);
    }
  for (; scm_is_pair (r); r = SCM_CDR (r))
    rules = scm_cons (compile_rule (&p, SCM_CAR (r), name, spec), rules);
  rules = scm_reverse_x (rules, SCM_EOL);
  SCM v = scm_c_make_vector (RULES_FIRST + scm_c_list_length (rules),
                             SCM_BOOL_F);
  SCM_VECTOR_SET (v, 0, ellipsis);
  SCM_VECTOR_SET (v, 1, literals);
  size_t i = RULES_FIRST;
  for (; scm_is_pair (rules); rules = SCM_CDR (rules))
    SCM_VECTOR_SET (v, i++, SCM_CAR (rules));
  return v;
}

static SCM
apply_rules (SCM macro, SCM form, struct scm_i_expansion *x)
{
  SCM rules = MACRO_DATA (macro);
  struct scm_i_pattern_spec p = { RULES_LITERALS (rules),
                                  RULES_ELLIPSIS (rules), MACRO_SCOPE (macro),
                                  x->use_scope };
  for (size_t i = RULES_FIRST; i < SCM_VECTOR_LENGTH (rules); i++)
    {
      SCM rule = SCM_VECTOR_REF (rules, i);
      size_t n = (size_t) scm_to_long (SCM_VECTOR_REF (rule, 1));
      SCM small[SCM_I_SMALL_SLOTS], *slots = scm_i_slot_room (small, n);
      if (scm_i_pattern_match (&p, SCM_VECTOR_REF (rule, 0), SCM_CDR (form),
                               slots))
        return scm_i_build_template (SCM_VECTOR_REF (rule, 2), slots, n, x);
    }
  scm_i_syntax_error (MACRO_NAME (macro), "no rule of the macro matches this "
                      "use", scm_i_strip_syntax (form), form);
}

/* ------------------------------------------------------------------ */
/* Defining and using macros.  */

SCM_INTERNAL int scm_i_syntax_rules_p (struct scm_i_scope *s, SCM spec);

/* The docstrings of syntax-rules macros that have one (few do; their
   objects have no room for it).  */
static struct scm_i_root_alist macro_docs = SCM_I_ROOT_ALIST_INITIALIZER;

SCM_DEFINE (scm_i_macro_documentation, "%macro-documentation", 1, 0, 0,
            (SCM name),
            "Return the docstring of the macro bound to symbol @var{name} "
            "in the current module: the string after a "
            "@code{syntax-rules}' literals, or the docstring of a "
            "procedure transformer; @code{#f} if it has none or "
            "@var{name} is no macro.")
{
  SCM_ASSERT_TYPE (scm_is_symbol (name), name, 1, "%macro-documentation",
                   "symbol");
  SCM m = scm_i_module_binding (scm_current_module (), name);
  if (!scm_i_is_macro (m))
    return SCM_BOOL_F;
  SCM doc = MACRO_KIND (m) == MACRO_PROCEDURE
    ? scm_procedure_docstring (MACRO_DATA (m))
    : scm_i_root_alist_ref (&macro_docs, m);
  /* The prelude's macros come from its image, which keeps neither
     their transformers' debug data nor this table: their docstrings
     are in libscm.doc, as its procedures' are (snarf/prelude-doc.c).  */
  if (scm_is_false (doc)
      && scm_is_eq (scm_i_module_binding (scm_i_core_module (), name), m))
    {
      char *cname = scm_to_utf8_stringn (scm_symbol_to_string (name), NULL);
      doc = scm_c_documentation (cname);
      free (cname);
    }
  return doc;
}

SCM
scm_i_make_macro (struct scm_i_scope *s, SCM name, SCM spec, SCM form)
{
  name = scm_i_identifier_symbol (name);
  /* The prelude's macros mean the core forms, whatever the program
     binds.  */
  if (scm_i_prelude_mode ())
    s = &scm_i_core_scope;
  if (scm_i_syntax_rules_p (s, spec))
    {
      SCM doc;
      SCM rules = compile_syntax_rules (s, name, spec, &doc);
      SCM m = make_macro (MACRO_RULES, name, s, rules);
      if (scm_is_string (doc))
        scm_i_root_alist_set (&macro_docs, m, doc);
      return m;
    }
  /* A procedure, evaluated now, at the top level: a transformer runs
     at expansion time, when no local variable has a value.  */
  SCM proc = scm_i_call_unprivileged (scm_i_compile_toplevel (spec));
  if (scm_i_is_macro (proc))
    return proc;
  if (scm_is_false (scm_procedure_p (proc)))
    scm_i_syntax_error (name, "a macro's transformer must be syntax-rules "
                        "or a procedure", scm_i_strip_syntax (spec), form);
  return make_macro (MACRO_PROCEDURE, name, s, proc);
}

/* The C stack that expansion leaves for the rest: a macro whose
   expansions nest without end is reported as such, at its use, before
   a walk of the growing form meets the general C-stack check.  */
#define EXPANSION_STACK_RESERVE (256 * 1024)

SCM
scm_i_expand_macro (struct scm_i_scope *s, SCM macro, SCM form)
{
  scm_i_poll_interrupt ();
  if (scm_i_c_stack_within_p (EXPANSION_STACK_RESERVE))
    /* The use itself may be too deep to print: only its keyword.  */
    scm_i_syntax_error (MACRO_NAME (macro), "macro uses nested too deeply "
                        "(does the macro expand into a use of itself "
                        "without end?)", MACRO_NAME (macro), form);
  struct scm_i_expansion x = { s, MACRO_SCOPE (macro),
                               scm_cons (SCM_EOL, SCM_EOL), form, SCM_BOOL_F,
                               0, 0, MACRO_NAME (macro) };
  if (!scm_c_source_position (form, &x.file, &x.line, &x.column))
    x.file = SCM_BOOL_F;
  struct scm_i_expansion *saved = current_expansion;
  if (MACRO_KIND (macro) == MACRO_RULES)
    {
      /* Only C runs: if it raises, the top-level expansion's context
         restores current_expansion.  */
      current_expansion = &x;
      SCM out = apply_rules (macro, form, &x);
      current_expansion = saved;
      return out;
    }

  scm_dynwind_begin (0);
  scm_i_protect_expansion ();
  /* A transformer is code, not the expander: it runs without the
     expander's permissions (modules-internal.h).  */
  scm_i_dynwind_privileged (0);
  current_expansion = &x;
  SCM out = scm_call_1 (MACRO_DATA (macro), form);
  scm_dynwind_end ();
  return out;
}

/* ------------------------------------------------------------------ */
/* syntax-case and quasisyntax, rewritten into core forms whose
   identifiers no binding of the program can capture.  */

SCM_SYMBOL (sym_syntax_case, "syntax-case");
SCM_SYMBOL (sym_quasisyntax, "quasisyntax");
SCM_SYMBOL (sym_unsyntax, "unsyntax");
SCM_SYMBOL (sym_unsyntax_splicing, "unsyntax-splicing");
SCM_SYMBOL (sym_syntax, "syntax");
SCM_SYMBOL (sym_let, "let");
SCM_SYMBOL (sym_lambda, "lambda");
SCM_SYMBOL (sym_if, "if");
SCM_SYMBOL (sym_quote_syntax, "%quote-syntax");
SCM_SYMBOL (sym_pattern_bind, "%pattern-bind");

/* An identifier that nothing else can be bound-identifier=? to.  */
static SCM
fresh (SCM sym)
{
  return scm_i_make_alias (sym, NULL, scm_cons (SCM_EOL, SCM_EOL));
}

static SCM
core (SCM sym)
{
  return scm_i_core_identifier (sym);
}

static SCM
quote_syntax (SCM x)
{
  return scm_list_2 (core (sym_quote_syntax), x);
}

/* (let ((VAR VALUE)) BODY) with core let.  */
static SCM
let1 (SCM var, SCM value, SCM body)
{
  return scm_list_3 (core (sym_let), scm_list_1 (scm_list_2 (var, value)),
                     body);
}

static SCM
rewrite_clauses (SCM tmp, SCM literals, SCM clauses, SCM form)
{
  if (!scm_is_pair (clauses))
    return scm_list_2 (scm_i_private_procedure (SCM_I_PRIVATE_SYNTAX_FAIL),
                       tmp);
  SCM clause = SCM_CAR (clauses);
  long n = scm_c_list_length (clause);
  if (n != 2 && n != 3)
    scm_i_syntax_error (sym_syntax_case, "bad clause (expected (pattern "
                        "[fender] output))", clause, form);
  SCM pattern = SCM_CAR (clause);
  SCM fender = n == 3 ? SCM_CAR (SCM_CDR (clause)) : SCM_BOOL_T;
  SCM output = n == 3 ? SCM_CAR (SCM_CDR (SCM_CDR (clause)))
    : SCM_CAR (SCM_CDR (clause));
  struct scm_i_pattern_spec p = { literals, sym_ellipsis, NULL, NULL };
  SCM vars = scm_i_pattern_variables (&p, pattern, sym_syntax_case, clause);
  SCM fail = fresh (scm_from_utf8_symbol ("fail"));
  SCM m = fresh (scm_from_utf8_symbol ("match"));
  SCM match = scm_list_5 (scm_i_private_procedure (SCM_I_PRIVATE_SYNTAX_MATCH),
                          tmp, quote_syntax (pattern),
                          quote_syntax (literals), quote_syntax (sym_ellipsis));
  SCM bind = scm_cons (core (sym_pattern_bind),
                       scm_list_5 (quote_syntax (vars), m, fender, output,
                                   scm_list_1 (fail)));
  SCM test = scm_list_4 (core (sym_if), m, bind, scm_list_1 (fail));
  SCM thunk = scm_list_3 (core (sym_lambda), SCM_EOL,
                          rewrite_clauses (tmp, literals, SCM_CDR (clauses),
                                           form));
  return let1 (fail, thunk, let1 (m, match, test));
}

/* (syntax-case e (literal ...) clause ...): bind E to a temporary, then
   try each clause in turn, each failure calling a thunk for the rest:
     (let ((fail (lambda () <the other clauses>)))
       (let ((m (%syntax-match tmp 'pattern 'literals '...)))
         (if m (%pattern-bind 'vars m fender output (fail)) (fail))))  */
SCM
scm_i_rewrite_syntax_case (SCM form)
{
  if (scm_c_list_length (form) < 3)
    scm_i_syntax_error (sym_syntax_case, "bad syntax (expected (syntax-case "
                        "expression (literal ...) clause ...))", form, form);
  SCM literals = SCM_CAR (SCM_CDR (SCM_CDR (form)));
  if (scm_c_list_length (literals) < 0)
    scm_i_syntax_error (sym_syntax_case, "bad literal list", literals, form);
  for (SCM l = literals; scm_is_pair (l); l = SCM_CDR (l))
    if (!scm_i_is_identifier (SCM_CAR (l)))
      scm_i_syntax_error (sym_syntax_case, "a literal must be an identifier",
                          SCM_CAR (l), form);
  SCM tmp = fresh (scm_from_utf8_symbol ("x"));
  return let1 (tmp, SCM_CAR (SCM_CDR (form)),
               rewrite_clauses (tmp, literals,
                                SCM_CDR (SCM_CDR (SCM_CDR (form))), form));
}

static int
is_unsyntax (SCM x, SCM which)
{
  return scm_is_pair (x) && scm_i_is_identifier (SCM_CAR (x))
    && scm_is_eq (scm_i_identifier_symbol (SCM_CAR (x)), which)
    && scm_c_list_length (x) >= 2;
}

static SCM qs_walk (SCM t, long depth, SCM *binds);

/* A (unsyntax e ...) or (unsyntax-splicing e ...) element of a list at
   depth 1, as the template elements that replace it, reversed, onto
   ACC.  */
static SCM
qs_splice (SCM x, SCM *binds, SCM acc)
{
  int splicing = is_unsyntax (x, sym_unsyntax_splicing);
  for (SCM e = SCM_CDR (x); scm_is_pair (e); e = SCM_CDR (e))
    {
      SCM v = fresh (scm_from_utf8_symbol ("u"));
      SCM pattern = splicing ? scm_list_2 (v, sym_ellipsis) : v;
      *binds = scm_cons (scm_cons (pattern, SCM_CAR (e)), *binds);
      acc = scm_cons (v, acc);
      if (splicing)
        acc = scm_cons (sym_ellipsis, acc);
    }
  return acc;
}

static SCM
qs_walk (SCM t, long depth, SCM *binds)
{
  scm_i_check_c_stack ("quasisyntax template");
  if (scm_is_vector (t))
    return scm_list_to_vector (qs_walk (scm_vector_to_list (t, SCM_UNDEFINED,
                                                            SCM_UNDEFINED),
                                        depth, binds));
  if (!scm_is_pair (t))
    return t;
  if (is_unsyntax (t, sym_unsyntax) && scm_c_list_length (t) == 2)
    {
      if (depth == 1)
        {
          SCM v = fresh (scm_from_utf8_symbol ("u"));
          *binds = scm_cons (scm_cons (v, SCM_CAR (SCM_CDR (t))), *binds);
          return v;
        }
      return scm_list_2 (SCM_CAR (t), qs_walk (SCM_CAR (SCM_CDR (t)),
                                               depth - 1, binds));
    }
  if (is_unsyntax (t, sym_quasisyntax) && scm_c_list_length (t) == 2)
    return scm_list_2 (SCM_CAR (t), qs_walk (SCM_CAR (SCM_CDR (t)),
                                             depth + 1, binds));
  SCM rev = SCM_EOL;
  for (; scm_is_pair (t); t = SCM_CDR (t))
    {
      /* (a . #,e) reads as (a unsyntax e): the tail is the unsyntax.  */
      if (!scm_is_null (rev) && is_unsyntax (t, sym_unsyntax)
          && scm_c_list_length (t) == 2)
        break;
      SCM e = SCM_CAR (t);
      if (depth == 1 && (is_unsyntax (e, sym_unsyntax_splicing)
                         || is_unsyntax (e, sym_unsyntax)))
        rev = qs_splice (e, binds, rev);
      else
        rev = scm_cons (qs_walk (e, depth, binds), rev);
    }
  SCM r = qs_walk (t, depth, binds);
  for (; scm_is_pair (rev); rev = SCM_CDR (rev))
    r = scm_cons (SCM_CAR (rev), r);
  return r;
}

/* (quasisyntax template): each (unsyntax e) becomes a pattern variable
   bound to the value of E, each (unsyntax-splicing e) one followed by
   an ellipsis, through one syntax-case on the list of their values.  */
SCM
scm_i_rewrite_quasisyntax (SCM form)
{
  if (scm_c_list_length (form) != 2)
    scm_i_syntax_error (sym_quasisyntax, "bad syntax", form, form);
  scm_i_check_acyclic (SCM_CAR (SCM_CDR (form)), sym_quasisyntax, form);
  SCM binds = SCM_EOL;
  SCM tmpl = qs_walk (SCM_CAR (SCM_CDR (form)), 1, &binds);
  SCM out = scm_list_2 (core (sym_syntax), tmpl);
  if (scm_is_null (binds))
    return out;
  binds = scm_reverse_x (binds, SCM_EOL);
  SCM patterns = SCM_EOL, exprs = SCM_EOL;
  for (SCM b = binds; scm_is_pair (b); b = SCM_CDR (b))
    {
      patterns = scm_cons (SCM_CAR (SCM_CAR (b)), patterns);
      exprs = scm_cons (SCM_CDR (SCM_CAR (b)), exprs);
    }
  SCM list = scm_cons (scm_i_private_procedure (SCM_I_PRIVATE_LIST),
                       scm_reverse_x (exprs, SCM_EOL));
  return scm_list_4 (core (sym_syntax_case), list, SCM_EOL,
                     scm_list_2 (scm_reverse_x (patterns, SCM_EOL), out));
}

/* ------------------------------------------------------------------ */
/* Expanding the macro forms: let-syntax, syntax-error, syntax and the pattern
   variables of syntax-case (macros.c rewrites syntax-case itself).  */

/* The scope of (let-syntax ((name spec) ...) ...) or letrec-syntax.  */
struct scm_i_scope *
scm_i_syntax_binding_scope (struct scm_i_scope *s, SCM form, int rec)
{
  SCM who = SCM_CAR (form);
  scm_i_check_form_length (form, 2, -1, who);
  SCM bindings = scm_i_cadr (form);
  if (scm_c_list_length (bindings) < 0)
    scm_i_syntax_error (who, "bad bindings", bindings, form);
  struct scm_i_scope *inner = scm_i_new_scope (s, s->lam, NULL, 0);
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b))
    {
      if (scm_c_list_length (SCM_CAR (b)) != 2)
        scm_i_syntax_error (who, "bad binding", SCM_CAR (b), form);
      scm_i_bind_syntax (inner, rec ? inner : s, SCM_CAR (SCM_CAR (b)),
                   scm_i_cadr (SCM_CAR (b)), form);
    }
  return inner;
}

struct scm_i_node *
scm_i_expand_let_syntax (struct scm_i_scope *s, SCM form, int rec)
{
  scm_i_check_form_length (form, 3, -1, SCM_CAR (form));
  struct scm_i_scope *inner = scm_i_syntax_binding_scope (s, form, rec);
  return scm_i_expand_body (inner, scm_i_cddr (form), form);
}

/* (syntax-error "message" irritant ...), R7RS 4.3.3: at expansion.  */
void SCM_NORETURN
scm_i_expand_syntax_error (SCM form)
{
  if (scm_c_list_length (form) < 2 || !scm_is_string (scm_i_cadr (form)))
    scm_i_syntax_error (sym_syntax_error, "bad syntax (expected a message "
                  "string)", form, form);
  SCM c = scm_make_condition (sym_syntax_error, SCM_BOOL_F, scm_i_cadr (form),
                              scm_i_strip_syntax (scm_i_cddr (form)));
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
struct scm_i_node *
scm_i_expand_syntax (struct scm_i_scope *s, SCM form)
{
  scm_i_check_form_length (form, 2, 2, sym_syntax);
  struct template_vars t = { s, NULL, 0, 0 };
  SCM tmpl = scm_i_compile_template (scm_i_cadr (form), sym_ellipsis,
                                     template_lookup, &t, sym_syntax, form);
  struct scm_i_node *vals = scm_i_mk_private_call (form, SCM_I_PRIVATE_LIST,
                                                   t.n);
  for (size_t i = 0; i < t.n; i++)
    vals->args[i] = scm_i_mk_lref (s, t.vars[i], form);
  struct scm_i_node *call = scm_i_mk_private_call (form,
                                                   SCM_I_PRIVATE_SYNTAX_BUILD,
                                             2);
  call->args[0] = scm_i_mk_const (tmpl);
  call->args[1] = vals;
  return call;
}

/* (%pattern-bind '((id . depth) ...) m fender output failure): bind
   each pattern variable to its slot of match vector M, then
   (if fender output failure).  */
struct scm_i_node *
scm_i_expand_pattern_bind (struct scm_i_scope *s, SCM form)
{
  scm_i_check_form_length (form, 6, 6, sym_pattern_bind);
  SCM vars = scm_i_cadr (scm_i_cadr (form)), m = scm_i_caddr (form);
  SCM rest = scm_i_cdddr (form);
  long n = scm_c_list_length (vars);
  struct scm_i_node *let = scm_i_mk_let (n);
  long i = 0;
  for (SCM v = vars; scm_is_pair (v); v = SCM_CDR (v), i++)
    {
      let->vars[i] = scm_i_mk_var (SCM_CAR (SCM_CAR (v)), s->lam);
      let->vars[i]->pattern_depth = (int) scm_to_long (SCM_CDR (SCM_CAR (v))) + 1;
      struct scm_i_node *ref = scm_i_mk_inline_prim (form, SCM_OP_VREF, 2);
      ref->args[0] = scm_i_expand (s, m, SCM_CDR (SCM_CDR (form)));
      ref->args[1] = scm_i_mk_const (SCM_MAKE_FIXNUM (i));
      let->args[i] = ref;
    }
  struct scm_i_scope *inner = scm_i_new_scope (s, s->lam, let->vars, n);
  SCM fender = SCM_CAR (rest), output = scm_i_cadr (rest), failure = scm_i_caddr (rest);
  struct scm_i_node *out = scm_i_expand (inner, output, SCM_CDR (rest));
  if (scm_is_eq (fender, SCM_BOOL_T))
    let->a = out;
  else
    let->a = scm_i_mk_if (scm_i_expand (inner, fender, rest), out,
                    scm_i_expand (inner, failure, scm_i_cddr (rest)));
  return let;
}

void
scm_init_macros (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "expand/macros.x"
#endif
}
