/* test-guile-api.c -- the C API under Guile's names: catch, errors,
   hooks, dynwind with objects, named sources, returned strings
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <libscm.h>
#include <stdint.h>
#include <stdlib.h>
#include "tap.h"
#include "calls.h"

/* ------------------------------------------------------------------ */
/* scm_c_catch.  */

static SCM
eval_body (void *expr)
{
  return scm_c_eval_string (expr);
}

struct seen { int calls; SCM key; SCM args; const char *order[4]; int n; };

static SCM
record_handler (void *data, SCM key, SCM args)
{
  struct seen *s = data;
  s->calls++;
  s->key = key;
  s->args = args;
  if (s->n < 4)
    s->order[s->n++] = "handler";
  return scm_from_int (99);
}

static SCM
record_pre_unwind (void *data, SCM key, SCM args)
{
  struct seen *s = data;
  (void) key;
  (void) args;
  /* The after thunk has not run yet: the global says so.  */
  SCM unwound = scm_variable_ref (scm_c_lookup ("unwound"));
  if (s->n < 4)
    s->order[s->n++] = scm_is_true (unwound) ? "pre-after" : "pre-before";
  return SCM_UNSPECIFIED;
}

static const char *
w (SCM obj)
{
  return scm_c_write_to_utf8 (obj);     /* malloc'd: leaks in tests only */
}

static void
test_catch (void)
{
  struct seen s = { 0 };
  SCM r = scm_c_catch (SCM_BOOL_T, eval_body, "(+ 1 2)", record_handler, &s,
                       NULL, NULL);
  ok (scm_is_eq (r, scm_from_int (3)) && s.calls == 0,
      "scm_c_catch: the body's value when nothing is raised");

  r = scm_c_catch (SCM_BOOL_T, eval_body, "(throw 'my-key 1 \"two\")",
                   record_handler, &s, NULL, NULL);
  ok (scm_is_eq (r, scm_from_int (99)) && s.calls == 1,
      "scm_c_catch #t: the handler's value");
  ok_streq (w (s.key), "my-key", "a throw's key");
  ok_streq (w (s.args), "(1 \"two\")", "a throw's arguments");

  s.calls = 0;
  r = scm_c_catch (SCM_BOOL_T, eval_body, "(car 5)", record_handler, &s,
                   NULL, NULL);
  ok_streq (w (s.key), "wrong-type-arg", "an error's key is its kind");
  ok_streq (w (s.args),
            "(car \"wrong type argument in position 1 (expected pair)\" (5) #f)",
            "an error's args are (SUBR MESSAGE ARGS REST)");

  r = scm_c_catch (SCM_BOOL_T, eval_body, "(raise 'plain)", record_handler,
                   &s, NULL, NULL);
  ok_streq (w (s.key), "%exception", "a raised non-condition: %%exception");
  ok_streq (w (s.args), "(plain)", "... with the object as the argument");
}

struct nested { const char *expr; struct seen *inner; };

static SCM
inner_catch (void *data)
{
  struct nested *n = data;
  return scm_c_catch (scm_from_utf8_symbol ("inner-key"), eval_body,
                      (void *) n->expr, record_handler, n->inner, NULL, NULL);
}

static void
test_catch_tags (void)
{
  struct seen inner = { 0 }, outer = { 0 };
  struct nested n = { "(throw 'outer-key 1)", &inner };
  SCM r = scm_c_catch (scm_from_utf8_symbol ("outer-key"), inner_catch, &n,
                       record_handler, &outer, NULL, NULL);
  ok (inner.calls == 0 && outer.calls == 1 && scm_is_eq (r, scm_from_int (99)),
      "a non-matching tag passes the throw to the enclosing catch");

  inner.calls = outer.calls = 0;
  n.expr = "(throw 'inner-key 2)";
  r = scm_c_catch (scm_from_utf8_symbol ("outer-key"), inner_catch, &n,
                   record_handler, &outer, NULL, NULL);
  ok (inner.calls == 1 && outer.calls == 0, "the matching inner catch takes it");

  inner.calls = outer.calls = 0;
  n.expr = "(car 1)";
  r = scm_c_catch (scm_from_utf8_symbol ("wrong-type-arg"), inner_catch, &n,
                   record_handler, &outer, NULL, NULL);
  ok (inner.calls == 0 && outer.calls == 1,
      "an error kind is a tag for scm_c_catch");

  /* A Scheme handler between the catches sees what the inner one does
     not take.  */
  inner.calls = outer.calls = 0;
  n.expr = "(guard (e ((symbol? e) (list 'guarded e))) (raise 'x))";
  r = scm_c_catch (SCM_BOOL_T, inner_catch, &n, record_handler, &outer,
                   NULL, NULL);
  ok_streq (w (r), "(guarded x)", "guard inside the catch still works");

  /* The pre-unwind handler runs before the after thunk, the handler
     after.  */
  struct seen s = { 0 };
  scm_c_eval_string ("(define unwound #f)");
  r = scm_c_catch (SCM_BOOL_T, eval_body,
                   "(dynamic-wind (lambda () #f)"
                   "  (lambda () (throw 'k))"
                   "  (lambda () (set! unwound #t)))",
                   record_handler, &s, record_pre_unwind, &s);
  ok (s.n == 2 && strcmp (s.order[0], "pre-before") == 0
      && strcmp (s.order[1], "handler") == 0,
      "the pre-unwind handler runs before unwinding, then the handler");
  ok (scm_is_true (scm_variable_ref (scm_c_lookup ("unwound"))),
      "the after thunk ran before the handler");

  s.calls = 0;
  r = scm_internal_catch (scm_from_utf8_symbol ("k2"), eval_body,
                          "(throw 'k2 'a)", record_handler, &s);
  ok (s.calls == 1 && scm_is_eq (r, scm_from_int (99)), "scm_internal_catch");
}

static SCM
bad_tag_body (void *unused)
{
  (void) unused;
  struct seen s = { 0 };
  return scm_c_catch (scm_from_int (3), eval_body, "1", record_handler, &s,
                      NULL, NULL);
}

static SCM
uncaught_body (void *unused)
{
  (void) unused;
  struct seen s = { 0 };
  return scm_c_catch (scm_from_utf8_symbol ("nope"), eval_body,
                      "(throw 'my-key 7)", record_handler, &s, NULL, NULL);
}

static void
test_catch_errors (void)
{
  SCM r = try_c (bad_tag_body, NULL);
  ok (is_error (r, "wrong-type-arg", "scm_c_catch",
                "wrong type argument in position 1 (expected symbol or #t)",
                scm_from_int (3)), "scm_c_catch rejects a tag that is not a symbol");
  r = try_c (uncaught_body, NULL);
  ok (raised && scm_is_eq (scm_condition_kind (r),
                           scm_from_utf8_symbol ("my-key")),
      "what a tagged catch does not take reaches the raise catch outside");
}

/* ------------------------------------------------------------------ */
/* Errors under Guile's names.  */

static SCM wta_body (void *u) { (void) u; scm_wrong_type_arg ("frob", 2, scm_from_int (5)); }
static SCM wta0_body (void *u) { (void) u; scm_wrong_type_arg ("frob", 0, scm_from_int (5)); }
static SCM wtam_body (void *u) { (void) u; scm_wrong_type_arg_msg ("frob", 1, SCM_BOOL_T, "string"); }
static SCM oor_body (void *u) { (void) u; scm_out_of_range ("frob", scm_from_int (-1)); }
static SCM oorp_body (void *u) { (void) u; scm_out_of_range_pos ("frob", scm_from_int (9), scm_from_int (3)); }
static SCM err_body (void *u)
{
  (void) u;
  scm_error (scm_from_utf8_symbol ("my-error"), "frob", "it broke",
             scm_list_1 (scm_from_int (1)), SCM_BOOL_F);
}
static SCM misc_body (void *u) { (void) u; scm_misc_error ("frob", "bad thing", SCM_EOL); }
static SCM errscm_body (void *u)
{
  (void) u;
  scm_error_scm (scm_from_int (1), SCM_BOOL_F, scm_from_utf8_string ("m"),
                 SCM_EOL, SCM_BOOL_F);
}

static void
test_errors (void)
{
  SCM r = try_c (wta_body, NULL);
  ok (is_error (r, "wrong-type-arg", "frob", "wrong type argument in position 2",
                scm_from_int (5)), "scm_wrong_type_arg (subr, pos, value)");
  r = try_c (wta0_body, NULL);
  ok (is_error (r, "wrong-type-arg", "frob", "wrong type argument",
                scm_from_int (5)), "scm_wrong_type_arg with position 0");
  r = try_c (wtam_body, NULL);
  ok (is_error (r, "wrong-type-arg", "frob",
                "wrong type argument in position 1 (expected string)",
                SCM_BOOL_T), "scm_wrong_type_arg_msg names what was expected");
  r = try_c (oor_body, NULL);
  ok (is_error (r, "out-of-range", "frob", "argument out of range",
                scm_from_int (-1)), "scm_out_of_range (subr, value)");
  r = try_c (oorp_body, NULL);
  ok (is_error (r, "out-of-range", "frob",
                "argument out of range in position 3", scm_from_int (9)),
      "scm_out_of_range_pos (subr, value, pos)");
  r = try_c (err_body, NULL);
  ok (is_error (r, "my-error", "frob", "it broke", scm_from_int (1)),
      "scm_error (key, subr, message, args, rest)");
  r = try_c (misc_body, NULL);
  ok (is_error (r, "misc-error", "frob", "bad thing", SCM_UNDEFINED)
      && scm_is_null (scm_error_object_irritants (r)), "scm_misc_error");
  r = try_c (errscm_body, NULL);
  ok (is_error (r, "wrong-type-arg", "scm-error",
                "wrong type argument in position 1 (expected symbol)",
                scm_from_int (1)), "scm_error_scm checks its key");
  r = try_call ("error", LIST (scm_from_utf8_string ("r7rs"), scm_from_int (2)));
  ok (is_error (r, "error", NULL, "r7rs", scm_from_int (2)),
      "R7RS error (scm_r7rs_error) is unchanged");
}

/* ------------------------------------------------------------------ */
/* Hooks.  */

static int c_calls;

static SCM
count_subr (SCM a, SCM b)
{
  c_calls += scm_to_int (a) * scm_to_int (b);
  return SCM_UNSPECIFIED;
}

static SCM run_bad_arity (void *h) { scm_c_run_hookn (*(SCM *) h, NULL, 0); return SCM_BOOL_F; }

static void
test_hooks (void)
{
  SCM h = scm_make_hook (scm_from_int (2));
  ok (scm_is_hook (h) && scm_is_true (scm_hook_p (h))
      && scm_is_false (scm_hook_p (scm_from_int (2))), "scm_make_hook, hook?");
  ok (scm_is_true (scm_hook_empty_p (h)), "a new hook is empty");
  SCM p = scm_c_make_gsubr ("count", 2, 0, 0, (scm_t_subr) count_subr);
  scm_add_hook_x (h, p, SCM_UNDEFINED);
  scm_add_hook_x (h, p, SCM_BOOL_T);
  ok (scm_c_list_length (scm_hook_to_list (h)) == 1,
      "adding a procedure twice keeps it once");
  SCM argv[2] = { scm_from_int (3), scm_from_int (4) };
  c_calls = 0;
  scm_c_run_hookn (h, argv, 2);
  ok (c_calls == 12, "scm_c_run_hookn calls the C procedure");
  c_calls = 0;
  scm_c_run_hook (h, scm_list_2 (scm_from_int (2), scm_from_int (5)));
  ok (c_calls == 10, "scm_c_run_hook with a list");
  SCM r = try_c (run_bad_arity, &h);
  ok (raised && scm_is_eq (scm_condition_kind (r),
                           scm_from_utf8_symbol ("wrong-number-of-args")),
      "running a hook with the wrong number of arguments raises");
  scm_remove_hook_x (h, p);
  ok (scm_is_true (scm_hook_empty_p (h)), "scm_remove_hook_x");

  scm_c_eval_string
    ("(define trace '())"
     "(define hk (make-hook 1))"
     "(define (a x) (set! trace (cons (list 'a x) trace)))"
     "(define (b x) (set! trace (cons (list 'b x) trace)))"
     "(define (c x) (set! trace (cons (list 'c x) trace)))"
     "(define (names) (map (lambda (p) (cond ((eq? p a) 'a) ((eq? p b) 'b)"
     "                                      ((eq? p c) 'c) (else '?)))"
     "                     (hook->list hk)))"
     "(add-hook! hk a) (add-hook! hk b) (add-hook! hk c #t)");
  ok_streq (w (scm_c_eval_string ("(names)")),
            "(b a c)", "add-hook! prepends, APPEND? appends");
  ok_streq (w (scm_c_eval_string ("(run-hook hk 1) (reverse trace)")),
            "((b 1) (a 1) (c 1))", "run-hook calls them in order");
  ok_streq (w (scm_c_eval_string ("(add-hook! hk a #t)"
                                  "(names)")),
            "(b c a)", "re-adding moves a procedure");
  ok_streq (w (scm_c_eval_string ("(reset-hook! hk) (list (hook-empty? hk)"
                                  " (hook->list hk) (hook? hk) (hook? 1))")),
            "(#t () #t #f)", "reset-hook!, hook-empty?, hook?");
  ok_streq (w (scm_c_eval_string ("(hook-empty? (make-hook))")), "#t",
            "make-hook's arity defaults to 0");
  int err;
  SCM e;
  err = scm_c_eval_string_protected ("(add-hook! hk 5)", &e);
  ok (err && is_error (e, "wrong-type-arg", "add-hook!",
                       "wrong type argument in position 2 (expected procedure)",
                       scm_from_int (5)), "add-hook! checks its procedure");
  err = scm_c_eval_string_protected ("(run-hook 'nope)", &e);
  raised = err;
  ok (is_error (e, "wrong-type-arg", "run-hook",
                "wrong type argument in position 1 (expected hook)",
                scm_from_utf8_symbol ("nope")), "run-hook checks its hook");
  err = scm_c_eval_string_protected ("(make-hook -1)", &e);
  raised = err;
  ok (is_error (e, "out-of-range", "make-hook",
                "argument out of range in position 1", scm_from_int (-1)),
      "make-hook rejects a negative arity");
  err = scm_c_eval_string_protected
    ("(let ((h (make-hook 0)) (n 0))"
     "  (add-hook! h (lambda () (set! n (+ n 1)) (error \"in hook\")))"
     "  (add-hook! h (lambda () (set! n (+ n 10))) #t)"
     "  (guard (e (#t (list n (error-object-message e)))) (run-hook h)))", &e);
  ok (!err && strcmp (w (e), "(1 \"in hook\")") == 0,
      "an error in a hook procedure passes through; later ones do not run");
}

static void *
c_hook_fn (void *hook_data, void *func_data, void *data)
{
  int *log = hook_data;
  log[0] = log[0] * 10 + (int) (intptr_t) func_data;
  return (intptr_t) func_data == (intptr_t) data ? func_data : NULL;
}

static SCM
remove_missing (void *hook)
{
  scm_c_hook_remove (hook, c_hook_fn, (void *) 42);
  return SCM_BOOL_F;
}

static void
test_c_hooks (void)
{
  int log[1] = { 0 };
  scm_t_c_hook hook;
  scm_c_hook_init (&hook, log, SCM_C_HOOK_NORMAL);
  scm_c_hook_add (&hook, c_hook_fn, (void *) 1, 0);
  scm_c_hook_add (&hook, c_hook_fn, (void *) 2, 1);
  scm_c_hook_add (&hook, c_hook_fn, (void *) 3, 0);
  void *r = scm_c_hook_run (&hook, (void *) 2);
  ok (log[0] == 312 && r == (void *) 2,
      "a normal C hook runs all, in order, and returns the last result");
  hook.type = SCM_C_HOOK_OR;
  log[0] = 0;
  r = scm_c_hook_run (&hook, (void *) 1);
  ok (log[0] == 31 && r == (void *) 1, "an OR hook stops at a non-NULL result");
  hook.type = SCM_C_HOOK_AND;
  log[0] = 0;
  r = scm_c_hook_run (&hook, (void *) 1);
  ok (log[0] == 3 && r == NULL, "an AND hook stops at NULL");
  scm_c_hook_remove (&hook, c_hook_fn, (void *) 3);
  hook.type = SCM_C_HOOK_NORMAL;
  log[0] = 0;
  scm_c_hook_run (&hook, NULL);
  ok (log[0] == 12, "scm_c_hook_remove");
  SCM e = try_c (remove_missing, &hook);
  ok (raised && scm_is_condition (e), "removing a missing entry raises");
  scm_c_hook_remove (&hook, c_hook_fn, (void *) 1);
  scm_c_hook_remove (&hook, c_hook_fn, (void *) 2);
  ok (hook.first == NULL, "the hook is empty again");
}

/* ------------------------------------------------------------------ */
/* Dynwind handlers with objects.  */

static SCM unwound_with;

static void
note_unwind (SCM obj)
{
  unwound_with = obj;
}

static SCM
dynwind_body (void *expr)
{
  scm_dynwind_begin (0);
  scm_dynwind_unwind_handler_with_scm
    (note_unwind, scm_list_2 (scm_from_int (1), scm_from_int (2)), 0);
  scm_gc ();
  scm_c_eval_string (expr);
  scm_dynwind_end ();
  return SCM_BOOL_T;
}

static void
test_dynwind_scm (void)
{
  unwound_with = SCM_BOOL_F;
  try_c (dynwind_body, "(car 1)");
  ok (raised && strcmp (w (unwound_with), "(1 2)") == 0,
      "an unwind handler with an object runs on a non-local exit");
  unwound_with = SCM_BOOL_F;
  try_c (dynwind_body, "1");
  ok (!raised && scm_is_false (unwound_with),
      "... and not on a normal exit without SCM_F_WIND_EXPLICITLY");
  unwound_with = SCM_BOOL_F;
  scm_dynwind_begin (0);
  scm_dynwind_unwind_handler_with_scm (note_unwind, scm_from_int (7),
                                      SCM_F_WIND_EXPLICITLY);
  scm_dynwind_rewind_handler_with_scm (note_unwind, scm_from_int (8),
                                      SCM_F_WIND_EXPLICITLY);
  ok (scm_is_eq (unwound_with, scm_from_int (8)),
      "a rewind handler with SCM_F_WIND_EXPLICITLY runs at once");
  scm_dynwind_end ();
  ok (scm_is_eq (unwound_with, scm_from_int (7)),
      "SCM_F_WIND_EXPLICITLY runs it on scm_dynwind_end");
}

/* ------------------------------------------------------------------ */
/* Named sources, returned strings, ranged conversions.  */

static void
test_named_source (void)
{
  SCM r;
  int err = scm_c_eval_string_with_name_protected
    ("(define x 1)\n\n  (car x)", "console-7", &r);
  SCM where = scm_condition_location (r);
  char *place = scm_is_string (where) ? scm_to_utf8_string (where) : NULL;
  ok (err && place != NULL && strcmp (place, "console-7:3:3") == 0,
      "an error in a named string is located NAME:LINE:COLUMN (%s)",
      place ? place : "none");
  free (place);
  r = scm_c_eval_string_with_name ("(+ 40 2)", "snippet");
  ok (scm_is_eq (r, scm_from_int (42)), "scm_c_eval_string_with_name's value");
  r = scm_c_eval_string_with_name ("(+ 1 1)", NULL);
  ok (scm_is_eq (r, scm_from_int (2)), "a NULL name is no name");
}

static void
test_returned_strings (void)
{
  int err;
  SCM r;
  err = scm_c_eval_string_protected ("(car 1)", &r);
  char *text = scm_c_condition_text (r);
  ok (err && strcmp (text, "car: wrong type argument in position 1 "
                     "(expected pair): 1") == 0, "scm_c_condition_text");
  free (text);                  /* malloc'd: free must accept it */
  char *wr = scm_c_write_to_utf8 (scm_from_utf8_string ("a\"b"));
  ok (strcmp (wr, "\"a\\\"b\"") == 0, "scm_c_write_to_utf8");
  free (wr);
  char *s = scm_to_utf8_string (scm_from_utf8_string ("λ"));
  ok (strcmp (s, "λ") == 0, "scm_to_utf8_string");
  free (s);
}

static SCM
to_signed (void *args)
{
  intmax_t *a = args;
  return scm_from_intmax (scm_to_signed_integer (scm_from_intmax (a[0]),
                                                 a[1], a[2]));
}

static SCM
to_unsigned (void *args)
{
  uintmax_t *a = args;
  return scm_from_uintmax (scm_to_unsigned_integer (scm_from_uintmax (a[0]),
                                                    a[1], a[2]));
}

static void
test_ranges (void)
{
  intmax_t a[3] = { -5, -5, 10 };
  SCM r = try_c (to_signed, a);
  ok (!raised && scm_to_intmax (r) == -5, "scm_to_signed_integer at its minimum");
  a[0] = 10;
  r = try_c (to_signed, a);
  ok (!raised && scm_to_intmax (r) == 10, "... at its maximum");
  a[0] = 11;
  r = try_c (to_signed, a);
  ok (raised && scm_is_eq (scm_condition_kind (r),
                           scm_from_utf8_symbol ("out-of-range")),
      "... one past the maximum is out of range");
  a[0] = -6;
  r = try_c (to_signed, a);
  ok (raised, "... one below the minimum too");
  a[0] = INTMAX_MIN; a[1] = INTMAX_MIN; a[2] = INTMAX_MAX;
  r = try_c (to_signed, a);
  ok (!raised && scm_to_intmax (r) == INTMAX_MIN, "the full intmax_t range");
  uintmax_t u[3] = { UINTMAX_MAX, 0, UINTMAX_MAX };
  r = try_c (to_unsigned, u);
  ok (!raised && scm_to_uintmax (r) == UINTMAX_MAX,
      "scm_to_unsigned_integer at UINTMAX_MAX");
  u[0] = 2; u[1] = 3; u[2] = 4;
  r = try_c (to_unsigned, u);
  ok (raised, "scm_to_unsigned_integer below its minimum");
  ok (scm_is_signed_integer (scm_from_int (3), 3, 3)
      && !scm_is_signed_integer (scm_from_int (4), 3, 3)
      && scm_is_unsigned_integer (scm_from_uint64 (UINT64_MAX), 0, UINT64_MAX)
      && !scm_is_unsigned_integer (scm_from_int (-1), 0, 10),
      "scm_is_signed_integer, scm_is_unsigned_integer at their edges");
}

/* ------------------------------------------------------------------ */
/* Guile's signatures of reverse!, object->string, make-pointer and
   scm_set_program_arguments.  */

static int pointer_finalized;

static void
note_pointer_finalized (void *p)
{
  (void) p;
  pointer_finalized++;
}

static void __attribute__ ((noinline))
drop_pointers (int n)
{
  SCM fin = scm_from_pointer ((void *) note_pointer_finalized, NULL);
  for (int i = 0; i < n; i++)
    scm_make_pointer (scm_from_int (4096 + i), fin);
}

static SCM
bad_finalizer (void *unused)
{
  (void) unused;
  return scm_make_pointer (scm_from_int (1), scm_from_int (2));
}

static void
test_signatures (void)
{
  SCM l = scm_list_3 (scm_from_int (1), scm_from_int (2), scm_from_int (3));
  ok_streq (w (scm_reverse_x (l, scm_list_1 (scm_from_int (9)))), "(3 2 1 9)",
            "scm_reverse_x (list, newtail)");
  ok_streq (w (scm_reverse_x (scm_list_2 (scm_from_int (1), scm_from_int (2)),
                              SCM_UNDEFINED)), "(2 1)",
            "scm_reverse_x without a new tail");
  ok_streq (w (scm_c_eval_string ("(reverse! (list 1 2) '(a))")), "(2 1 a)",
            "reverse! with a new tail");
  ok_streq (w (scm_object_to_string (scm_from_utf8_string ("x"),
                                     SCM_UNDEFINED)), "\"\\\"x\\\"\"",
            "scm_object_to_string writes by default");
  ok_streq (w (scm_c_eval_string ("(object->string \"x\" display)")),
            "\"x\"", "object->string with a printer");
  SCM r;
  int err = scm_c_eval_string_protected ("(object->string 1 5)", &r);
  raised = err;
  ok (is_error (r, "wrong-type-arg", "object->string",
                "wrong type argument in position 2 (expected procedure)",
                scm_from_int (5)), "object->string checks its printer");

  pointer_finalized = 0;
  drop_pointers (100);
  for (int i = 0; i < 4 && pointer_finalized < 90; i++)
    scm_gc ();
  ok (pointer_finalized >= 90,
      "make-pointer's finalizer runs on collection (%d of 100)",
      pointer_finalized);
  r = try_c (bad_finalizer, NULL);
  ok (is_error (r, "wrong-type-arg", "make-pointer",
                "wrong type argument in position 2 (expected pointer)",
                scm_from_int (2)), "make-pointer checks its finalizer");

  char *args[] = { "a.scm", "-x", NULL };
  scm_set_program_arguments (2, args, "prog");
  ok_streq (w (scm_c_eval_string ("(command-line)")),
            "(\"prog\" \"a.scm\" \"-x\")",
            "scm_set_program_arguments puts FIRST before ARGV");
  scm_set_program_arguments (-1, args, NULL);
  ok_streq (w (scm_c_eval_string ("(command-line)")), "(\"a.scm\" \"-x\")",
            "... and a negative ARGC means NULL-terminated");
}

/* ------------------------------------------------------------------ */
/* Regular expressions (<libscm/regexp.h>).  */

static SCM
bad_regexp_body (void *u)
{
  (void) u;
  return scm_make_regexp (scm_from_utf8_string ("a(b"), SCM_EOL);
}

static void
test_regexps (void)
{
  SCM rx = scm_make_regexp (scm_from_utf8_string ("b(c*)"),
                            scm_list_1 (scm_c_eval_string ("regexp/icase")));
  ok (scm_is_true (scm_regexp_p (rx)) && scm_is_false (scm_regexp_p (SCM_EOL)),
      "scm_make_regexp makes a regexp, scm_regexp_p knows it");
  SCM m = scm_regexp_exec (rx, scm_from_utf8_string ("aBCCd"), SCM_UNDEFINED,
                           SCM_UNDEFINED);
  ok_streq (w (m), "#(\"aBCCd\" (1 . 4) (2 . 4))",
            "scm_regexp_exec gives Guile's match vector");
  ok (scm_is_false (scm_regexp_exec (rx, scm_from_utf8_string ("aBCCd"),
                                     scm_from_int (2), SCM_UNDEFINED)),
      "... from a start index");
  SCM r = try_c (bad_regexp_body, NULL);
  ok (raised && scm_is_eq (scm_condition_kind (r),
                           scm_from_utf8_symbol ("regular-expression-syntax")),
      "a malformed pattern raises regular-expression-syntax");
}

int
main (void)
{
  scm_init ();
  test_catch ();
  test_catch_tags ();
  test_catch_errors ();
  test_errors ();
  test_hooks ();
  test_c_hooks ();
  test_dynwind_scm ();
  test_named_source ();
  test_returned_strings ();
  test_ranges ();
  test_signatures ();
  test_regexps ();
  return tap_done ();
}
