/* test-modules.c -- the C API of modules: a host's module of primitives
   that scripts import, both import styles, public and private refs,
   the current module, environments, a built-in library's procedure
   called from C, and the errors
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <stdio.h>
#include <string.h>
#include <libscm.h>
#include "tap.h"
#include "calls.h"

static SCM
host_twice (SCM x)
{
  return scm_product (x, SCM_MAKE_FIXNUM (2));
}

static SCM
host_secret (void)
{
  return SCM_MAKE_FIXNUM (7);
}

static int init_calls;
static SCM module_during_init;

static void
init_myapp (void *data)
{
  init_calls++;
  module_during_init = scm_current_module ();
  scm_c_define_gsubr ("twice", 1, 0, 0, (scm_t_subr) host_twice);
  scm_c_define_gsubr ("secret", 0, 0, 0, (scm_t_subr) host_secret);
  scm_c_define ("version-string", scm_from_utf8_string ((const char *) data));
  scm_c_export ("twice", "version-string", NULL);
}

/* Evaluate TEXT in the REPL's module; the value, or the condition.  */
static SCM
eval_text (const char *text)
{
  SCM result;
  raised = scm_c_eval_string_protected (text, &result);
  return result;
}

static int
message_contains (SCM obj, const char *part)
{
  char *text = scm_c_condition_text (obj);
  return text != NULL && strstr (text, part) != NULL;
}

static SCM
public_secret (void *unused)
{
  (void) unused;
  return scm_c_public_ref ("myapp", "secret");
}

static SCM
missing_module (void *unused)
{
  (void) unused;
  return scm_c_public_ref ("no such module", "x");
}

static SCM
lookup_missing (void *module)
{
  return scm_c_module_lookup (*(SCM *) module, "no-such-name");
}

static SCM
eval_in (void *data)
{
  SCM *d = data;
  return scm_eval (d[0], d[1]);
}

static SCM
caught (scm_t_catch_body body, void *data)
{
  raised = 0;
  return scm_c_catch_raise (body, data, note_raised, NULL);
}

int
main (void)
{
  scm_init ();

  SCM user = scm_current_module ();
  ok (scm_is_true (scm_equal_p (scm_module_name (user),
                                scm_c_read_string ("(libscm user)"))),
      "the current module at start is (libscm user)");
  ok (scm_is_eq (user, scm_interaction_environment ()),
      "... which is the interaction environment");

  SCM m = scm_c_define_module ("myapp", init_myapp, "1.0");
  ok (init_calls == 1 && scm_is_eq (module_during_init, m),
      "scm_c_define_module: INIT runs once, with the module current");
  ok (scm_is_eq (scm_current_module (), user),
      "... and the previous module is current again afterwards");
  ok (scm_is_eq (scm_c_resolve_module ("myapp"), m),
      "scm_c_resolve_module finds it");

  SCM r = eval_text ("(import (myapp)) (twice 21)");
  ok (!raised && scm_is_eq (r, SCM_MAKE_FIXNUM (42)),
      "a script imports the host's module with R7RS import");
  r = eval_text ("(use-modules ((myapp) #:prefix app:)) (app:twice 4)");
  ok (!raised && scm_is_eq (r, SCM_MAKE_FIXNUM (8)),
      "... and with use-modules");
  r = eval_text ("(secret)");
  ok (raised && message_contains (r, "secret"),
      "an unexported primitive is not visible to the script");
  r = eval_text ("((@@ (myapp) secret))");
  ok (!raised && scm_is_eq (r, SCM_MAKE_FIXNUM (7)), "(@@ (myapp) secret) is");

  r = scm_c_public_ref ("myapp", "version-string");
  ok (scm_is_string (r) && is_string (r, "1.0"), "scm_c_public_ref");
  r = scm_c_private_ref ("myapp", "secret");
  ok (scm_is_true (scm_procedure_p (r)), "scm_c_private_ref of an unexported name");
  r = caught (public_secret, NULL);
  ok (raised && message_contains (r, "exports no such variable"),
      "scm_c_public_ref of an unexported name raises");
  r = caught (missing_module, NULL);
  ok (raised && message_contains (r, "library not found")
      && message_contains (r, "(no such module)"),
      "scm_c_public_ref of a missing module names it");

  /* A built-in library's procedure, with keywords, as the REPL's ,pp
     will call it.  */
  SCM pp = scm_c_public_ref ("ice-9 pretty-print", "pretty-print");
  SCM out = scm_open_output_string ();
  scm_call_4 (pp, scm_c_eval_string ("'(define (f x) (g x))"), out,
              scm_from_utf8_keyword ("width"), SCM_MAKE_FIXNUM (14));
  ok (is_string (scm_get_output_string (out), "(define (f x)\n  (g x))\n"),
      "pretty-print from C, through scm_c_public_ref, with #:width");

  scm_c_module_define (m, "added-later", SCM_MAKE_FIXNUM (5));
  ok (scm_is_eq (scm_variable_ref (scm_c_module_lookup (m, "added-later")),
                 SCM_MAKE_FIXNUM (5)),
      "scm_c_module_define, scm_c_module_lookup");
  r = caught (lookup_missing, &m);
  ok (raised && message_contains (r, "no-such-name"),
      "scm_c_module_lookup of a missing name raises, naming it");
  ok (scm_is_false (scm_module_variable (m, scm_from_utf8_symbol ("nope"))),
      "scm_module_variable of a missing name is #f");

  /* A variable the host changes later shows in the script's import.  */
  scm_c_module_define (m, "version-string", scm_from_utf8_string ("2.0"));
  r = eval_text ("version-string");
  ok (!raised && is_string (r, "2.0"),
      "the host redefining an exported variable shows in the importer");

  SCM old = scm_set_current_module (m);
  ok (scm_is_eq (old, user) && scm_is_eq (scm_current_module (), m),
      "scm_set_current_module returns the previous module");
  scm_c_define ("defined-in-myapp", SCM_BOOL_T);
  scm_set_current_module (user);
  ok (scm_is_true (scm_variable_ref (scm_c_module_lookup (m, "defined-in-myapp"))),
      "scm_c_define defines in the current module");
  ok (scm_is_false (scm_module_variable (user,
                                         scm_from_utf8_symbol ("defined-in-myapp"))),
      "... not in the REPL's");

  scm_c_use_module ("myapp");
  r = eval_text ("(twice 1)");
  ok (!raised && scm_is_eq (r, SCM_MAKE_FIXNUM (2)), "scm_c_use_module");

  SCM env = scm_environment (scm_c_read_string ("((only (scheme base) + *))"));
  r = scm_eval (scm_c_read_string ("(* 6 (+ 3 4))"), env);
  ok (scm_is_eq (r, SCM_MAKE_FIXNUM (42)), "scm_environment and scm_eval");
  SCM data[2] = { scm_c_read_string ("(- 1 1)"), env };
  r = caught (eval_in, data);
  ok (raised && message_contains (r, "-"),
      "... which holds nothing but the imported bindings");

  return tap_done ();
}
