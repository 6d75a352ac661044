/* derived.c -- derived forms rewritten as data: define-record-type,
   cond-expand and include
   SPDX-License-Identifier: LGPL-3.0-or-later

   Each function here turns a form into other forms, which the expander
   (expand.c) then expands.  The forms they build use core identifiers
   (scope.c), so that they mean the same whatever the program binds.  */

#include "runtime/scm-internal.h"
#include "expand/expand-internal.h"
#include "io/ports-internal.h"
#include "values/strings-internal.h"
#include "runtime/init-internal.h"
#include "runtime/poll-internal.h"
#include "values/hashtab-internal.h"

#include <string.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/read.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>
#include <libscm/init.h>

SCM_SYMBOL (sym_quote, "quote");
SCM_SYMBOL (sym_lambda, "lambda");
SCM_SYMBOL (sym_define, "define");
SCM_SYMBOL (sym_begin, "begin");
SCM_SYMBOL (sym_let, "let");
SCM_SYMBOL (sym_and, "and");
SCM_SYMBOL (sym_or, "or");
SCM_SYMBOL (sym_define_record_type, "define-record-type");
SCM_SYMBOL (sym_cond_expand, "cond-expand");
SCM_SYMBOL (sym_include, "include");
SCM_SYMBOL (sym_include_ci, "include-ci");
SCM_SYMBOL (sym_library, "library");
SCM_SYMBOL (sym_not, "not");
SCM_SYMBOL (sym_else, "else");

static SCM
core (SCM sym)
{
  return scm_i_core_identifier (sym);
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

/* The field names of SPECS as the keys of table T (in constant time
   for each lookup, where a search of the list made a record type of n
   fields take n^2 steps).  */
static void
field_table (struct scm_i_eqtab *t, SCM specs)
{
  size_t polls = 0;
  scm_i_eqtab_init (t, 16);
  for (; scm_is_pair (specs); specs = SCM_CDR (specs))
    {
      scm_i_eqtab_set (t, SCM_CAR (SCM_CAR (specs)), SCM_BOOL_T);
      SCM_I_POLL_EVERY (polls);
    }
}

static SCM
record_constructor (SCM form, SCM ctor, SCM specs, SCM rtd, SCM type)
{
  SCM name = ctor, args = SCM_UNDEFINED;
  struct scm_i_eqtab given;
  if (scm_is_pair (ctor))
    {
      name = SCM_CAR (ctor);
      args = SCM_CDR (ctor);
      if (scm_c_list_length (args) < 0)
        scm_i_syntax_error (sym_define_record_type, "bad constructor", ctor,
                            form);
      struct scm_i_eqtab fields;
      field_table (&fields, specs);
      for (SCM a = args; scm_is_pair (a); a = SCM_CDR (a))
        if (scm_is_false (scm_i_eqtab_ref (&fields, SCM_CAR (a), SCM_BOOL_F)))
          scm_i_syntax_error (sym_define_record_type,
                              "not a field of the type",
                        SCM_CAR (a), form);
    }
  if (!scm_i_is_identifier (name))
    scm_i_syntax_error (sym_define_record_type, "bad constructor", ctor, form);
  if (SCM_UNBNDP (args))           /* a bare name: every field, in order */
    {
      args = SCM_EOL;
      for (SCM f = specs; scm_is_pair (f); f = SCM_CDR (f))
        args = scm_cons (SCM_CAR (SCM_CAR (f)), args);
      args = scm_reverse_x (args, SCM_EOL);
    }
  scm_i_eqtab_init (&given, 16);
  for (SCM a = args; scm_is_pair (a); a = SCM_CDR (a))
    scm_i_eqtab_set (&given, SCM_CAR (a), SCM_BOOL_T);
  SCM values = SCM_EOL;
  for (SCM f = specs; scm_is_pair (f); f = SCM_CDR (f))
    values = scm_cons (scm_is_true (scm_i_eqtab_ref (&given,
                                                     SCM_CAR (SCM_CAR (f)),
                                                     SCM_BOOL_F))
                       ? SCM_CAR (SCM_CAR (f)) : SCM_BOOL_F, values);
  SCM body = scm_cons (prim (SCM_I_PRIVATE_MAKE_RECORD),
                       scm_cons (rtd, scm_reverse_x (values, SCM_EOL)));
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
      long n = scm_c_list_length (spec);
      if (n < 2 || n > 3)
        scm_i_syntax_error (sym_define_record_type, "bad field spec", spec,
                            form);
      SCM k = SCM_MAKE_FIXNUM (i), acc = scm_i_cadr (spec);
      SCM who = scm_list_2 (core (sym_quote), acc);
      SCM ref = list5 (prim (SCM_I_PRIVATE_RECORD_REF), obj, rtd, k, who);
      defs = scm_cons (record_binding (acc, rtd, type,
                                       scm_list_3 (core (sym_lambda),
                                                   scm_list_1 (obj), ref)),
                       defs);
      if (n == 3)
        {
          SCM mod = scm_i_caddr (spec);
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
  return scm_reverse_x (defs, SCM_EOL);
}

SCM
scm_i_rewrite_define_record_type (SCM form)
{
  scm_i_check_form_length (form, 4, -1, sym_define_record_type);
  SCM type = scm_i_cadr (form), ctor = scm_i_caddr (form), pred = SCM_CAR (scm_i_cdddr (form));
  SCM specs = SCM_CDR (scm_i_cdddr (form));
  if (!scm_i_is_identifier (type))
    scm_i_syntax_error (sym_define_record_type,
                        "the type name must be an identifier",
                  type, form);
  SCM fields = SCM_EOL;
  for (SCM f = specs; scm_is_pair (f); f = SCM_CDR (f))
    {
      if (!scm_is_pair (SCM_CAR (f)) || !scm_i_is_identifier (SCM_CAR (SCM_CAR (f)))
          || scm_c_list_length (SCM_CAR (f)) < 2)
        scm_i_syntax_error (sym_define_record_type, "bad field spec",
                            SCM_CAR (f),
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
    scm_i_syntax_error (sym_define_record_type, "bad predicate name", pred,
                        form);
  if (!scm_is_false (ctor))
    defs = scm_cons (record_constructor (form, ctor, specs, rtd, type), defs);
  SCM make_type = scm_list_3 (prim (SCM_I_PRIVATE_MAKE_RECORD_TYPE),
                              scm_list_2 (core (sym_quote), type),
                              scm_list_to_vector (scm_i_strip_syntax (scm_reverse_x (fields, SCM_EOL))));
  defs = scm_cons (scm_list_3 (core (sym_define), type, make_type), defs);
  return scm_cons (core (sym_begin), defs);
}

/* ------------------------------------------------------------------ */
/* cond-expand and include: forms that stand for a sequence of forms,
   spliced like `begin' at top level and in bodies.  */

/* Whether feature requirement REQ (stripped of syntax) holds: a feature identifier of
   (features), (and REQ...), (or REQ...), (not REQ) or (library NAME),
   true if the library is loaded or its file can be found.  */
static int
requirement_holds (SCM req, SCM form)
{
  scm_i_check_c_stack ("feature requirement");
  if (scm_is_symbol (req))
    return scm_is_true (scm_memq (req, scm_features ()));
  long n = scm_c_list_length (req);
  if (n < 1 || !scm_is_symbol (SCM_CAR (req)))
    scm_i_syntax_error (sym_cond_expand, "bad feature requirement", req, form);
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
    return scm_i_library_available (SCM_CAR (args));
  scm_i_syntax_error (sym_cond_expand, "bad feature requirement", req, form);
}

/* The body of the first clause of cond-expand FORM whose requirement
   holds, or () if none does.  */
SCM
scm_i_cond_expand_body (SCM form)
{
  scm_i_check_form_length (form, 1, -1, sym_cond_expand);
  for (SCM c = SCM_CDR (form); scm_is_pair (c); c = SCM_CDR (c))
    {
      SCM clause = SCM_CAR (c);
      if (scm_c_list_length (clause) < 1)
        scm_i_syntax_error (sym_cond_expand, "bad clause", clause, form);
      if (scm_is_eq (SCM_CAR (clause), sym_else))
        {
          if (!scm_is_null (SCM_CDR (c)))
            scm_i_syntax_error (sym_cond_expand, "else clause must be last",
                          clause, form);
          return SCM_CDR (clause);
        }
      scm_i_check_c_stack ("feature requirement");
      /* Stripped once here, not at every level of its nesting.  */
      if (requirement_holds (scm_i_strip_syntax (SCM_CAR (clause)), form))
        return SCM_CDR (clause);
    }
  return SCM_EOL;
}

/* The data of the files that include FORM names, in order.  A relative
   name is taken from the directory of the file FORM is in, if it has
   one.  */
SCM
scm_i_included_forms (SCM form, int fold_case)
{
  return scm_i_included_files_forms (form, fold_case,
                                     fold_case ? sym_include_ci : sym_include);
}

void
scm_init_derived (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "expand/derived.x"
#endif
}
