/* bodies.c -- the expander's definitions and bodies
   SPDX-License-Identifier: LGPL-3.0-or-later

   A body's forms are scanned first (scan_body): macro uses at their
   heads expanded (scm_i_expand_head), definitions and define-syntax,
   let-syntax and letrec-syntax spliced, begin flattened, so that the
   names the body defines are known before any expression is
   expanded.  Its definitions then become one LET whose variables
   start undefined and are assigned in order (letrec* semantics), with
   what the compiler may assume of a variable defined once (a record
   constructor, accessor or predicate called inline).  Top-level
   definitions are here too.  expand.c is the rest of the expander;
   expand-internal.h is what the two share.  */

#include "runtime/scm-internal.h"
#include "expand/ast-internal.h"
#include "expand/expand-internal.h"
#include "modules/modules-internal.h"

#include <libscm/lists.h>
#include <libscm/pairs.h>
#include <libscm/symbols.h>

/* Parse (define TARGET . REST): the name and the value's source, a
   lambda form for (define (name . formals) body...).  */
static SCM
parse_define (SCM form, SCM *value_cell, SCM *formals, SCM *body)
{
  if (scm_c_list_length (form) < 2)
    scm_i_syntax_error (scm_i_sym_define, "bad syntax (wrong number of parts)",
                        form, form);
  SCM target = scm_i_cadr (form);
  *formals = SCM_UNDEFINED;
  if (scm_i_is_identifier (target))
    {
      if (scm_c_list_length (form) > 3)
        scm_i_syntax_error (scm_i_sym_define,
                            "bad syntax (wrong number of parts)", form, form);
      *value_cell = scm_i_cddr (form);
      return target;
    }
  if (!scm_is_pair (target) || !scm_i_is_identifier (SCM_CAR (target)))
    scm_i_syntax_error (scm_i_sym_define, "bad syntax (not an identifier)",
                        target, form);
  if (scm_c_list_length (form) < 3)
    scm_i_syntax_error (scm_i_sym_define, "bad syntax (no body)", form, form);
  *formals = SCM_CDR (target);
  *body = scm_i_cddr (form);
  return SCM_CAR (target);
}

static struct scm_i_node *
define_value (struct scm_i_scope *s, SCM form, SCM name, SCM value_cell,
              SCM formals, SCM body)
{
  if (!SCM_UNBNDP (formals))
    return scm_i_make_lambda_node (s, formals, body, form, name);
  if (scm_is_null (value_cell))
    return scm_i_mk_const (SCM_UNSPECIFIED);
  struct scm_i_node *v = scm_i_expand (s, SCM_CAR (value_cell), value_cell);
  scm_i_name_lambda (v, name);
  return v;
}

struct scm_i_node *
scm_i_expand_toplevel_define (struct scm_i_scope *s, SCM form)
{
  SCM value_cell = SCM_EOL, formals, body = SCM_EOL;
  SCM id = parse_define (form, &value_cell, &formals, &body);
  scm_i_warn_shadowed_syntax (s, id, form);
  SCM name = scm_i_toplevel_definition_name (id);
  SCM var = scm_i_toplevel_define (s, scm_i_identifier_symbol (name), form);
  struct scm_i_node *n = scm_i_mk_global (SCM_I_N_GDEF, name, var, form);
  n->a = define_value (s, form, name, value_cell, formals, body);
  return n;
}

/* The longest run of expansions of one form's head, and the most
   elements its uses may have in all: more means a macro that expands
   to a use of itself without end, or to ever longer uses (each step
   costs time in the length of its use).  */
#define MAX_HEAD_EXPANSIONS 100000
#define MAX_HEAD_EXPANSION_ELEMENTS 2000000

/* X after expanding the macro uses at its head, in scope S.  */
SCM
scm_i_expand_head (struct scm_i_scope *s, SCM x)
{
  long steps = 0, elements = 0;
  for (SCM m; scm_is_true (m = scm_i_macro_of (s, x));)
    {
      long n = scm_c_list_length (x);
      elements += n > 0 ? n : 1;
      /* The form may have grown too large to print: only the macro's
         name, at the use's position.  */
      if (++steps > MAX_HEAD_EXPANSIONS
          || elements > MAX_HEAD_EXPANSION_ELEMENTS)
        scm_i_syntax_error (scm_i_macro_name (m),
                            "the macro's expansion does not terminate (it "
                            "keeps expanding into a use of a macro, or into "
                            "ever longer uses)", scm_i_macro_name (m), x);
      x = scm_i_expand_macro (s, m, x);
    }
  return x;
}

/* Whether identifier NAME is already bound by scope S itself.  */
static int
bound_here (struct scm_i_scope *s, SCM name)
{
  return scm_i_scope_var (s, name) != NULL
    || scm_is_true (scm_i_scope_macro (s, name));
}

static void
add_body_variable (struct scm_i_scope *s, SCM name, SCM form)
{
  if (bound_here (s, name))
    scm_i_syntax_error (scm_i_sym_define, "duplicate definition in a body",
                        name, form);
  scm_i_warn_shadowed_syntax (s, name, form);
  struct scm_i_var *v = scm_i_mk_var (name, s->lam);
  v->maybe_unset = 1;
  scm_i_scope_add (s, v);
}

/* (define-syntax name transformer) in a body or a let-syntax: bind
   NAME in scope S, whose bindings the transformer's templates see;
   DEFS is where the macro is defined.  */
void
scm_i_bind_syntax (struct scm_i_scope *s, struct scm_i_scope *defs,
                   SCM name, SCM spec, SCM form)
{
  if (!scm_i_is_identifier (name))
    scm_i_syntax_error (SCM_CAR (form), "not an identifier", name, form);
  if (bound_here (s, name))
    scm_i_syntax_error (SCM_CAR (form), "duplicate definition in a body",
                        name, form);
  SCM m = scm_i_make_macro (defs, name, spec, form);
  scm_i_note_lexical_name (name);
  scm_i_scope_add_macro (s, name, m);
}

/* The names that definition X binds, as a list.  */
SCM
scm_i_definition_names (struct scm_i_scope *s, SCM x)
{
  if (scm_i_form_of (s, SCM_CAR (x)) == SCM_I_F_DEFINE_VALUES)
    {
      scm_i_check_form_length (x, 3, 3, scm_i_sym_define_values);
      return scm_i_define_values_names (scm_i_cadr (x), x);
    }
  SCM vc, formals, b;
  return scm_list_1 (parse_define (x, &vc, &formals, &b));
}

/* Scan the forms of BODY into ACC (reversed, as (cell . form) with
   macro uses at their heads expanded), splicing begin, cond-expand,
   include and define-record-type, binding the macros that
   define-syntax defines and the variables that definitions define in
   scope S.  */
static SCM scan_body (struct scm_i_scope *s, SCM body, SCM acc, SCM form);

SCM_I_DEFINE_DEEPER (scan_body_deeper, SCM, scan_body, (struct scm_i_scope *, s),
                     (SCM, body), (SCM, acc), (SCM, form))

/* A let-syntax or letrec-syntax X met in a body, whose own body is
   only definitions once the macro uses at their heads are expanded:
   those definitions belong to the enclosing body, as Guile and R6RS
   splice them, each value still in the scope of X's bindings -- the
   forms (define NAME (let-syntax BINDINGS VALUE)) ...  Otherwise #f:
   with an expression in it, X is an expression whose definitions are
   its own, as R5RS says (pitfall 8.3).  Such a body of definitions
   alone was an error before ("a body must end with an expression").  */
static SCM
spliced_syntax_definitions (struct scm_i_scope *s, SCM x)
{
  if (scm_c_list_length (x) < 3)
    return SCM_BOOL_F;
  int rec = scm_i_form_of (s, SCM_CAR (x)) == SCM_I_F_LETREC_SYNTAX;
  struct scm_i_scope *inner = scm_i_syntax_binding_scope (s, x, rec);
  SCM out = SCM_EOL;
  for (SCM b = scm_i_cddr (x); scm_is_pair (b); b = SCM_CDR (b))
    {
      SCM d = scm_i_expand_head (inner, SCM_CAR (b));
      SCM value_cell, formals, body;
      if (!scm_is_pair (d)
          || scm_i_form_of (inner, SCM_CAR (d)) != SCM_I_F_DEFINE)
        return SCM_BOOL_F;
      SCM name = parse_define (d, &value_cell, &formals, &body);
      SCM value;
      if (!SCM_UNBNDP (formals))
        value = scm_cons (scm_i_core_identifier (scm_i_sym_lambda),
                          scm_cons (formals, body));
      else if (scm_is_pair (value_cell))
        value = SCM_CAR (value_cell);
      else
        return SCM_BOOL_F;      /* (define x): left to the usual error */
      SCM define = scm_i_core_identifier (scm_i_sym_define);
      out = scm_cons (scm_list_3 (define, name,
                                  scm_list_3 (SCM_CAR (x), scm_i_cadr (x),
                                              value)),
                      out);
    }
  return scm_reverse_x (out, SCM_EOL);
}

static SCM
scan_body (struct scm_i_scope *s, SCM body, SCM acc, SCM form)
{
  if (SCM_UNLIKELY (scm_i_check_c_stack ("body")))
    return scan_body_deeper (s, body, acc, form);
  if (scm_c_list_length (body) < 0)
    scm_i_syntax_error (SCM_BOOL_F, "bad body (not a proper list)", body,
                        form);
  for (; scm_is_pair (body); body = SCM_CDR (body))
    {
      SCM x = scm_i_expand_head (s, SCM_CAR (body));
      switch (scm_is_pair (x) ? scm_i_form_of (s, SCM_CAR (x)) : SCM_I_F_NONE)
        {
        case SCM_I_F_BEGIN:
          scm_i_check_form_length (x, 1, -1, scm_i_sym_begin);
          acc = scan_body (s, SCM_CDR (x), acc, x);
          break;
        case SCM_I_F_DEFINE_RECORD_TYPE:
          acc = scan_body (s, SCM_CDR (scm_i_rewrite_define_record_type (x)),
                           acc,
                           x);
          break;
        case SCM_I_F_COND_EXPAND: case SCM_I_F_INCLUDE: case SCM_I_F_INCLUDE_CI:
          acc = scan_body (s, scm_i_spliced_forms (s, x), acc, x);
          break;
        case SCM_I_F_DEFINE_SYNTAX:
          scm_i_check_form_length (x, 3, 3, scm_i_sym_define_syntax);
          scm_i_bind_syntax (s, s, scm_i_cadr (x), scm_i_caddr (x), x);
          break;
        case SCM_I_F_LET_SYNTAX: case SCM_I_F_LETREC_SYNTAX:
          {
            SCM defs = spliced_syntax_definitions (s, x);
            if (scm_is_true (defs))
              acc = scan_body (s, defs, acc, x);
            else
              acc = scm_cons (scm_cons (body, x), acc);
            break;
          }
        case SCM_I_F_DEFINE: case SCM_I_F_DEFINE_VALUES:
          for (SCM l = scm_i_definition_names (s, x); scm_is_pair (l);
               l = SCM_CDR (l))
            add_body_variable (s, SCM_CAR (l), x);
          acc = scm_cons (scm_cons (body, x), acc);
          break;
        default:
          acc = scm_cons (scm_cons (body, x),
                          acc);   /* the cell, for positions */
        }
    }
  return acc;
}

/* Whether node N reads lexical variable V.  */
static int
is_lref_of (struct scm_i_node *n, struct scm_i_var *v)
{
  return n->kind == SCM_I_N_LREF && n->var == v;
}

/* If VALUE, the value of a body's definition of V, is what
   define-record-type's rewriting makes of a record procedure
   (derived.c: (let ((rtd TYPE)) (lambda (obj ...) (%record-ref obj rtd
   K 'who))) and its likes, a constructor's parameters in field order),
   note it in V, so that the calls of V expanded after it run the
   record operation in place (expand_record_call).  */
static void
note_record_proc (struct scm_i_var *v, struct scm_i_node *value)
{
  if (value->kind != SCM_I_N_LET || value->nargs != 1
      || value->args[0]->kind != SCM_I_N_LREF || value->a->kind != SCM_I_N_LAMBDA)
    return;
  struct scm_i_var *rtd = value->vars[0];
  struct scm_i_lambda *l = value->a->lam;
  struct scm_i_node *b = l->body;
  if (l->rest || b->kind != SCM_I_N_PRIM)
    return;
  struct scm_i_var **p = l->params;
  switch (b->op)
    {
    case SCM_OP_RECORD_P:
      if (l->nreq != 1 || !is_lref_of (b->args[0], p[0])
          || !is_lref_of (b->args[1], rtd))
        return;
      break;
    case SCM_OP_RECORD_REF:
      if (l->nreq != 1 || !is_lref_of (b->args[0], p[0])
          || !is_lref_of (b->args[1], rtd) || b->args[2]->kind != SCM_I_N_CONST
          || b->args[3]->kind != SCM_I_N_CONST)
        return;
      v->record_k = b->args[2]->value, v->record_who = b->args[3]->value;
      break;
    case SCM_OP_RECORD_SET:
      if (l->nreq != 2 || !is_lref_of (b->args[0], p[0])
          || !is_lref_of (b->args[1], rtd) || b->args[2]->kind != SCM_I_N_CONST
          || !is_lref_of (b->args[3], p[1]) || b->args[4]->kind != SCM_I_N_CONST)
        return;
      v->record_k = b->args[2]->value, v->record_who = b->args[4]->value;
      break;
    case SCM_OP_MAKE_RECORD:
      if (b->nargs != l->nreq + 1 || !is_lref_of (b->args[0], rtd))
        return;
      for (size_t i = 0; i < l->nreq; i++)
        if (!is_lref_of (b->args[1 + i], p[i]))
          return;
      break;
    default:
      return;
    }
  v->record_op = b->op;
  v->record_nargs = l->nreq;
  v->record_type = value->args[0]->var;
}

/* CALL, expanded from FORM, of V, a body's record procedure
   (note_record_proc): the record operation on the type's variable,
   with CALL as the fallback that the compiler takes if the program
   assigns either variable (compile_prim).  */
struct scm_i_node *
scm_i_expand_record_call (struct scm_i_scope *s, SCM form,
                          struct scm_i_var *v, struct scm_i_node *call)
{
  size_t n = call->nargs;
  struct scm_i_node *type = scm_i_mk_lref (s, v->record_type, form);
  struct scm_i_node *prim = scm_i_mk_node (SCM_I_N_PRIM, form);
  prim->op = v->record_op;
  prim->value = scm_i_private_variable (v->record_op);
  prim->sym = scm_from_utf8_symbol (v->record_op == SCM_OP_RECORD_P ? "%record?"
                                    : v->record_op == SCM_OP_RECORD_REF
                                    ? "%record-ref"
                                    : v->record_op == SCM_OP_RECORD_SET
                                    ? "%record-set!" : "%make-record");
  prim->fallback = call;
  struct scm_i_node **a = call->args;
  switch (v->record_op)
    {
    case SCM_OP_RECORD_P:
      prim->nargs = 2;
      prim->args = scm_i_node_array (2);
      prim->args[0] = a[0], prim->args[1] = type;
      break;
    case SCM_OP_RECORD_REF:
      prim->nargs = 4;
      prim->args = scm_i_node_array (4);
      prim->args[0] = a[0], prim->args[1] = type;
      prim->args[2] = scm_i_mk_const (v->record_k);
      prim->args[3] = scm_i_mk_const (v->record_who);
      break;
    case SCM_OP_RECORD_SET:
      prim->nargs = 5;
      prim->args = scm_i_node_array (5);
      prim->args[0] = a[0], prim->args[1] = type;
      prim->args[2] = scm_i_mk_const (v->record_k);
      prim->args[3] = a[1];
      prim->args[4] = scm_i_mk_const (v->record_who);
      break;
    default:                    /* MAKE_RECORD */
      prim->nargs = n + 1;
      prim->args = scm_i_node_array (n + 1);
      prim->args[0] = type;
      for (size_t i = 0; i < n; i++)
        prim->args[1 + i] = a[i];
      break;
    }
  return prim;
}

/* V, a body's variable, is about to be set by its definition to
   VALUE, just expanded; USED_BEFORE: V was used before VALUE was.  If
   no code expanded so far (the body's earlier forms, the init itself)
   refers to V, no code can read V before it is set, nor can a closure
   capture V before then (except through re-entering a continuation
   taken before this point, which rebinds it as let* would).  A lambda
   that refers to itself through its running closure (SELF_REF) counts
   as no use: its body runs after V is set, and its closure holds no
   copy of V.  Then V is bound once, in a plain slot.  A set! of V
   later in the body still gives it a box.  */
static void
note_bound_once (struct scm_i_var *v, struct scm_i_node *value,
                 int used_before)
{
  if (used_before
      || (v->used && !(value->kind == SCM_I_N_LAMBDA && v->self_ref)))
    return;
  v->bound_once = 1;
  v->maybe_unset = 0;
}

/* A body nested deep (internal definitions of procedures within
   procedures): the rest on more C stack.  */
SCM_I_DEFINE_DEEPER (expand_body_deeper, struct scm_i_node *,
                     scm_i_expand_body,
                     (struct scm_i_scope *, s), (SCM, body), (SCM, form))

/* A body: its definitions are one LET whose variables start undefined
   and are assigned in order (letrec* semantics).  */
struct scm_i_node *
scm_i_expand_body (struct scm_i_scope *s, SCM body, SCM form)
{
  if (SCM_UNLIKELY (scm_i_check_c_stack ("body")))
    return expand_body_deeper (s, body, form);
  struct scm_i_scope *inner = scm_i_new_scope (s, s->lam, NULL, 0);
  SCM items = scm_reverse_x (scan_body (inner, body, SCM_EOL, form), SCM_EOL);
  long n = scm_c_list_length (items);
  if (n == 0)
    scm_i_syntax_error (SCM_BOOL_F, "empty body", form, form);
  size_t ndefs = inner->n, d = 0;
  struct scm_i_node *seq = scm_i_mk_seq (n);
  int last_is_definition = 0;
  long i = 0;
  for (SCM it = items; scm_is_pair (it); it = SCM_CDR (it), i++)
    {
      SCM cell = SCM_CAR (SCM_CAR (it)), x = SCM_CDR (SCM_CAR (it));
      enum scm_i_form f = scm_is_pair (x) ? scm_i_form_of (inner,
                                                           SCM_CAR (x)) : SCM_I_F_NONE;
      last_is_definition = f == SCM_I_F_DEFINE || f == SCM_I_F_DEFINE_VALUES;
      if (f == SCM_I_F_DEFINE_VALUES)
        {
          size_t k = (size_t) scm_c_list_length
            (scm_i_definition_names (inner, x));
          seq->args[i] = scm_i_expand_body_define_values (inner, x,
                                                          inner->vars + d);
          d += k;
        }
      else if (f == SCM_I_F_DEFINE)
        {
          SCM vc = SCM_EOL, formals, b = SCM_EOL;
          SCM name = parse_define (x, &vc, &formals, &b);
          struct scm_i_var *v = inner->vars[d++];
          int used_before = v->used;
          struct scm_i_node *value = define_value (inner, x, name, vc,
                                                   formals, b);
          if (value->kind == SCM_I_N_LAMBDA)
            scm_i_note_self (v, value->lam);
          else
            note_record_proc (v, value);
          note_bound_once (v, value, used_before);
          seq->args[i] = scm_i_mk_lset (inner, v, value, x);
        }
      else
        seq->args[i] = scm_i_expand (inner, x, cell);
    }
  if (last_is_definition)
    scm_i_syntax_error (scm_i_sym_define, "a body must end with an expression",
                        form, form);
  struct scm_i_node *result = n == 1 ? seq->args[0] : seq;
  if (ndefs == 0)
    return result;
  struct scm_i_node *let = scm_i_mk_let (ndefs);
  for (size_t k = 0; k < ndefs; k++)
    {
      let->vars[k] = inner->vars[k];
      let->args[k] = scm_i_mk_const (SCM_UNDEFINED);
    }
  let->a = result;
  return let;
}
