/* test-eval.c -- the embedding API as a C program uses it: evaluating,
   defining primitives, calling Scheme from C (and back), conversions,
   errors, exit requests, values, the stack limit, interrupts, GC
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <libscm.h>
#include "tap.h"
#include "evals.h"

/* ------------------------------------------------------------------ */
/* Helpers.  */

/* Call BODY (DATA) and return the kind of what it raises, or "(none)"
   if it returns.  */
static const char *
raised_kind (scm_t_catch_body body, void *data)
{
  SCM result;
  if (!scm_c_protect (body, data, &result))
    return "(none)";
  return kind_of (result);
}

static int64_t
eval_int (const char *expr)
{
  int raised;
  SCM v = eval (expr, &raised);
  return raised || !scm_is_exact_integer (v) ? -999999 : scm_to_int64 (v);
}

/* ------------------------------------------------------------------ */
/* Primitives for the tests, defined with scm_c_define_gsubr.  */

/* (c-opt-rest a [b] . rest): a list of a, b (or 'none) and rest.  */
static SCM
c_opt_rest (SCM a, SCM b, SCM rest)
{
  return scm_list_3 (a, SCM_UNBNDP (b) ? scm_from_utf8_symbol ("none") : b,
                     rest);
}

/* (c-call f x): (f x), called from C.  */
static SCM
c_call (SCM f, SCM x)
{
  return scm_call_1 (f, x);
}

/* (c-call-protected f x): (f x), or the kind of what it raised, as a
   symbol, consed to 'caught.  */
static SCM
c_call_protected (SCM f, SCM x)
{
  SCM result;
  if (scm_call_n_protected (f, &x, 1, &result))
    return scm_cons (scm_from_utf8_symbol ("caught"),
                     scm_is_condition (result)
                     ? scm_condition_kind (result) : result);
  return result;
}

/* (c-gc): collect now, from inside an evaluation.  */
static SCM
c_gc (void)
{
  scm_gc ();
  return SCM_UNSPECIFIED;
}

/* (c-sum-list lst): the sum of a list of exact integers, via C
   conversions, which raise for anything else.  */
static SCM
c_sum_list (SCM lst)
{
  int64_t sum = 0;
  for (; scm_is_pair (lst); lst = scm_cdr (lst))
    sum += scm_to_int64 (scm_car (lst));
  return scm_from_int64 (sum);
}

static void
define_primitives (void)
{
  scm_c_define_gsubr ("c-opt-rest", 1, 1, 1, (scm_t_subr) c_opt_rest);
  scm_c_define_gsubr ("c-call", 2, 0, 0, (scm_t_subr) c_call);
  scm_c_define_gsubr ("c-call-protected", 2, 0, 0,
                      (scm_t_subr) c_call_protected);
  scm_c_define_gsubr ("c-gc", 0, 0, 0, (scm_t_subr) c_gc);
  scm_c_define_gsubr ("c-sum-list", 1, 0, 0, (scm_t_subr) c_sum_list);
}

/* ------------------------------------------------------------------ */
/* Evaluating strings.  */

static void
test_eval_string (void)
{
  ok (scm_to_int64 (scm_c_eval_string ("(+ 1 2)")) == 3,
      "scm_c_eval_string returns the value");
  ok_streq (eval_written ("(define x 10) (define y 32) (+ x y)"), "42",
            "several data: the value of the last");
  ok_streq (eval_written ("(list x y)"), "(10 32)",
            "definitions stay for later evaluations");
  ok (scm_is_unspecified (eval ("", NULL)), "an empty string: unspecified");
  ok_streq (eval_written ("\"\xce\xbb \xe2\x86\x92 \xf0\x9f\x98\x80\""),
            "\"\xce\xbb \xe2\x86\x92 \xf0\x9f\x98\x80\"",
            "UTF-8 source text");
  int raised;
  ok (scm_to_int64 (scm_eval_string (scm_from_utf8_string ("(* 6 7)"))) == 42,
      "scm_eval_string of a Scheme string");
  SCM exp = scm_list_3 (scm_from_utf8_symbol ("-"), scm_from_int (50),
                        scm_from_int (8));
  ok (scm_to_int64 (scm_eval (exp, SCM_UNDEFINED)) == 42,
      "scm_eval of a datum built in C");
  ok (scm_to_int64 (scm_eval (exp, scm_interaction_environment ())) == 42,
      "scm_eval in scm_interaction_environment ()");
  SCM r = eval ("(+ 1", &raised);
  ok (raised && strcmp (kind_of (r), "read-error") == 0,
      "an unfinished datum raises read-error: %s", scm_c_condition_text (r));
}

static void
test_define_and_lookup (void)
{
  scm_c_define ("from-c", scm_from_int (7));
  ok (eval_int ("(* from-c 6)") == 42, "scm_c_define is seen by Scheme");
  eval ("(define (add3 a b c) (+ a b c))", NULL);
  SCM add3 = scm_variable_ref (scm_c_lookup ("add3"));
  ok (scm_is_true (scm_procedure_p (add3)),
      "scm_c_lookup + scm_variable_ref give a Scheme procedure");
  ok (scm_to_int64 (scm_call_3 (add3, scm_from_int (1), scm_from_int (2),
                                scm_from_int (3))) == 6,
      "which scm_call_3 calls");
  SCM var = scm_c_lookup ("from-c");
  scm_variable_set_x (var, scm_from_int (8));
  ok (eval_int ("from-c") == 8, "scm_variable_set_x changes the binding");
}

static SCM
lookup_unbound (void *unused)
{
  return scm_c_lookup ("no-such-variable-anywhere");
}

static void
test_lookup_unbound (void)
{
  ok_streq (raised_kind (lookup_unbound, NULL), "unbound-variable",
            "scm_c_lookup of an unbound name raises unbound-variable");
  int raised;
  SCM r = eval ("(+ 1 no-such-variable-anywhere)", &raised);
  ok (raised && strcmp (kind_of (r), "unbound-variable") == 0
      && strstr (scm_c_condition_text (r), "no-such-variable-anywhere"),
      "so does a reference from Scheme: %s", scm_c_condition_text (r));
}

/* ------------------------------------------------------------------ */
/* Primitives defined in C, called from Scheme.  */

static void
test_gsubr (void)
{
  ok_streq (eval_written ("(c-opt-rest 1)"), "(1 none ())",
            "gsubr 1 required, 1 optional, rest: one argument");
  ok_streq (eval_written ("(c-opt-rest 1 2)"), "(1 2 ())",
            "two arguments: the optional one arrives");
  ok_streq (eval_written ("(c-opt-rest 1 2 3 4)"), "(1 2 (3 4))",
            "four: the rest list");
  ok_streq (eval_written ("(apply c-opt-rest 1 '(2 3))"), "(1 2 (3))",
            "through apply");
  ok_streq (eval_written ("(map c-opt-rest '(a b))"),
            "((a none ()) (b none ()))", "through map");
  ok_streq (eval_written ("(c-opt-rest)"),
            "raised: c-opt-rest: wrong number of arguments "
            "(expected at least 1, given 0)",
            "too few arguments: a catchable error naming the primitive");
  ok_streq (eval_written ("(c-sum-list '(1 2 3))"), "6",
            "C conversions inside a primitive");
  ok_streq (eval_written ("(c-sum-list '(1 \"two\" 3))"),
            "raised: scm_to_int64: wrong type argument in position 1 "
            "(expected exact integer): \"two\"",
            "a conversion error inside a primitive reaches Scheme's caller");
  ok_streq (eval_written ("(guard (e (#t (condition-kind e))) "
                          "(c-sum-list '(1 2.5)))"),
            "wrong-type-arg", "and guard in Scheme catches it");
}

/* ------------------------------------------------------------------ */
/* Calling Scheme from C.  */

static void
test_calls (void)
{
  eval ("(define (args . xs) xs)", NULL);
  SCM args = scm_variable_ref (scm_c_lookup ("args"));
  SCM one = scm_from_int (1), two = scm_from_int (2), three = scm_from_int (3);
  ok_streq (written (scm_call_0 (args)), "()", "scm_call_0");
  ok_streq (written (scm_call_1 (args, one)), "(1)", "scm_call_1");
  ok_streq (written (scm_call_2 (args, one, two)), "(1 2)", "scm_call_2");
  ok_streq (written (scm_call_3 (args, one, two, three)), "(1 2 3)",
            "scm_call_3");
  SCM many[12];
  for (int i = 0; i < 12; i++)
    many[i] = scm_from_int (i);
  ok_streq (written (scm_call_n (args, many, 12)),
            "(0 1 2 3 4 5 6 7 8 9 10 11)", "scm_call_n with 12 arguments");
  ok_streq (written (scm_apply_0 (args, scm_list_2 (two, one))), "(2 1)",
            "scm_apply_0");
  SCM car = scm_variable_ref (scm_c_lookup ("car"));
  ok (scm_to_int64 (scm_call_1 (car, scm_list_2 (three, two))) == 3,
      "scm_call_1 of a primitive");
  SCM result;
  int raised = scm_call_n_protected (car, &one, 1, &result);
  ok (raised == 1 && strcmp (kind_of (result), "wrong-type-arg") == 0,
      "scm_call_n_protected returns 1 and the error: %s",
      scm_c_condition_text (result));
  raised = scm_call_n_protected (car, &one, 0, &result);
  ok (raised == 1 && strcmp (kind_of (result), "wrong-number-of-args") == 0,
      "a primitive given too few arguments from C: %s",
      scm_c_condition_text (result));
  raised = scm_call_n_protected (one, NULL, 0, &result);
  ok (raised == 1 && strcmp (kind_of (result), "wrong-type-arg") == 0,
      "calling a non-procedure: %s", scm_c_condition_text (result));
  eval ("(define (two-args a b) a)", NULL);
  SCM two_args = scm_variable_ref (scm_c_lookup ("two-args"));
  raised = scm_call_n_protected (two_args, &one, 1, &result);
  ok (raised == 1 && strcmp (kind_of (result), "wrong-number-of-args") == 0,
      "a closure given too few arguments from C: %s",
      scm_c_condition_text (result));
  ok (scm_call_n_protected (two_args, many, 2, &result) == 0
      && scm_to_int64 (result) == 0,
      "scm_call_n_protected returns 0 and the value");
}

static void
test_nested_calls (void)
{
  ok (eval_int ("(c-call (lambda (x) (* x x)) 7)") == 49,
      "Scheme -> C -> Scheme");
  ok (eval_int ("(c-call (lambda (x) (c-call (lambda (y) (+ y 1)) x)) 41)")
      == 42, "Scheme -> C -> Scheme -> C -> Scheme");
  ok (eval_int ("(define (down n) (if (= n 0) 0 "
                "  (+ 1 (c-call down (- n 1))))) (down 1000)") == 1000,
      "1000 levels of Scheme -> C -> Scheme");
  ok_streq (eval_written ("(list 'before (c-call-protected car 5) 'after)"),
            "(before (caught . wrong-type-arg) after)",
            "an error caught in C inside a call from Scheme: the outer "
            "evaluation goes on");
  ok_streq (eval_written ("(let loop ((i 0) (acc '())) (if (= i 3) acc "
                          "(loop (+ i 1) (cons (c-call-protected "
                          "(lambda (x) (if (odd? x) (car x) x)) i) acc))))"),
            "(2 (caught . wrong-type-arg) 0)",
            "several such catches inside one loop");
  ok_streq (eval_written ("(+ 1 (c-call (lambda (x) (car x)) 5))"),
            "raised: car: wrong type argument in position 1 "
            "(expected pair): 5",
            "an error through a C frame reaches the outer catch");
  ok (eval_int ("(down 10)") == 10, "evaluation works after it");
  ok_streq (eval_written ("(guard (e (#t (list 'guarded (condition-kind e)))) "
                          "(c-call (lambda (x) (vector-ref (vector) x)) 0))"),
            "(guarded out-of-range)",
            "guard in Scheme catches an error raised under a C frame");
  ok_streq (eval_written ("(c-call (lambda (x) (guard (e (#t 'inner)) "
                          "(raise x))) 'boom)"),
            "inner", "guard under a C frame catches its own raise");
}

/* ------------------------------------------------------------------ */
/* Conversions.  */

static SCM
to_int_big (void *unused)
{
  return scm_from_int (scm_to_int (scm_from_int64 ((int64_t) 1 << 40)));
}

static SCM
to_int64_string (void *unused)
{
  return scm_from_int64 (scm_to_int64 (scm_from_utf8_string ("5")));
}

static SCM
to_int64_flonum (void *unused)
{
  return scm_from_int64 (scm_to_int64 (scm_from_double (5.0)));
}

static SCM
to_uint64_negative (void *unused)
{
  return scm_from_uint64 (scm_to_uint64 (scm_from_int (-1)));
}

static SCM
from_int64_huge (void *unused)
{
  return scm_from_int64 (INT64_MAX);
}

static SCM
to_double_symbol (void *unused)
{
  return scm_from_double (scm_to_double (scm_from_utf8_symbol ("x")));
}

static SCM
to_bool_zero (void *unused)
{
  return scm_from_bool (scm_to_bool (scm_from_int (0)));
}

static SCM
to_utf8_number (void *unused)
{
  free (scm_to_utf8_string (scm_from_int (1)));
  return SCM_UNSPECIFIED;
}

static SCM
to_utf8_nul (void *unused)
{
  free (scm_to_utf8_string (scm_c_eval_string ("(string #\\a #\\null)")));
  return SCM_UNSPECIFIED;
}

static SCM
from_utf8_invalid (void *unused)
{
  return scm_from_utf8_string ("bad \xc3\x28 byte");
}

static void
test_integer_conversions (void)
{
  ok (scm_to_int64 (scm_from_int64 (-1234567890123LL)) == -1234567890123LL,
      "scm_from_int64 / scm_to_int64 round-trip");
  ok (scm_to_int (scm_from_int (-7)) == -7 && scm_to_long (scm_from_long (9))
      == 9 && scm_to_size_t (scm_from_size_t (11)) == 11
      && scm_to_uint64 (scm_from_uint64 (13)) == 13,
      "int, long, size_t, uint64 round-trip");
  ok (scm_to_int64 (scm_from_int64 (SCM_MOST_POSITIVE_FIXNUM))
      == SCM_MOST_POSITIVE_FIXNUM, "the largest fixnum");
  ok (scm_is_exact_integer (scm_from_int (3))
      && !scm_is_exact_integer (scm_from_double (3.0)),
      "scm_is_exact_integer");
  ok_streq (raised_kind (to_int_big, NULL), "out-of-range",
            "scm_to_int of 2^40: out-of-range");
  ok_streq (raised_kind (to_int64_string, NULL), "wrong-type-arg",
            "scm_to_int64 of a string: wrong-type-arg");
  ok_streq (raised_kind (to_int64_flonum, NULL), "wrong-type-arg",
            "scm_to_int64 of 5.0: wrong-type-arg (not exact)");
  ok_streq (raised_kind (to_uint64_negative, NULL), "out-of-range",
            "scm_to_uint64 of -1: out-of-range");
  SCM huge = from_int64_huge (NULL);
  ok (scm_is_exact_integer (huge) && !SCM_FIXNUM_P (huge)
      && scm_to_int64 (huge) == INT64_MAX,
      "scm_from_int64 past the fixnum range: a bignum that converts back");
}

static void
test_other_conversions (void)
{
  ok (scm_to_double (scm_from_double (2.5)) == 2.5
      && scm_to_double (scm_from_int (3)) == 3.0,
      "scm_to_double of a flonum and of an exact integer");
  ok_streq (raised_kind (to_double_symbol, NULL), "wrong-type-arg",
            "scm_to_double of a symbol: wrong-type-arg");
  ok (scm_is_true (scm_from_bool (5)) && scm_is_false (scm_from_bool (0))
      && scm_is_true (scm_from_int (0)) && scm_is_false (SCM_BOOL_F),
      "scm_from_bool, scm_is_true (0 is true), scm_is_false");
  ok (scm_to_bool (SCM_BOOL_T) == 1 && scm_to_bool (SCM_BOOL_F) == 0,
      "scm_to_bool");
  ok_streq (raised_kind (to_bool_zero, NULL), "wrong-type-arg",
            "scm_to_bool of 0: wrong-type-arg");
  SCM s = scm_from_utf8_string ("gr\xc3\xbc\xc3\x9f \xf0\x9f\x98\x80");
  ok (scm_c_string_length (s) == 6, "scm_from_utf8_string decodes UTF-8");
  char *c = scm_to_utf8_string (s);
  ok_streq (c, "gr\xc3\xbc\xc3\x9f \xf0\x9f\x98\x80",
            "scm_to_utf8_string gives it back");
  free (c);                     /* malloc'd: the caller frees it */
  c = scm_to_utf8_string (scm_c_eval_string ("(string-append \"ab\" \"c\")"));
  ok_streq (c, "abc", "scm_to_utf8_string of a computed string");
  free (c);
  ok_streq (raised_kind (to_utf8_number, NULL), "wrong-type-arg",
            "scm_to_utf8_string of a number: wrong-type-arg");
  ok_streq (raised_kind (to_utf8_nul, NULL), "encoding-error",
            "scm_to_utf8_string of a string with U+0000: encoding-error");
  size_t len;
  const char *n = scm_to_utf8_stringn (scm_c_eval_string ("(string #\\a "
                                                         "#\\null #\\b)"),
                                       &len);
  ok (len == 3 && memcmp (n, "a\0b", 4) == 0,
      "scm_to_utf8_stringn keeps U+0000, with the length");
  ok_streq (raised_kind (from_utf8_invalid, NULL), "decoding-error",
            "scm_from_utf8_string of invalid UTF-8: decoding-error");
  ok (scm_is_eq (scm_from_utf8_symbol ("abc"),
                 scm_string_to_symbol (scm_from_utf8_string ("abc"))),
      "scm_from_utf8_symbol interns");
}

/* ------------------------------------------------------------------ */
/* Errors: text, kind, location.  */

static void
test_error_text (void)
{
  int raised;
  SCM r = eval ("(car 5)", &raised);
  ok (raised == 1, "(car 5) raises");
  ok_streq (kind_of (r), "wrong-type-arg", "of kind wrong-type-arg");
  ok_streq (scm_c_condition_text (r),
            "car: wrong type argument in position 1 (expected pair): 5",
            "scm_c_condition_text");
  ok (scm_is_false (scm_condition_location (r)),
      "from a string port: no location");
  SCM port = scm_open_output_string ();
  scm_c_display_error (r, port, 0);
  ok_streq (scm_to_utf8_stringn (scm_get_output_string (port), NULL),
            "car: wrong type argument in position 1 (expected pair): 5\n",
            "scm_c_display_error without backtrace");
  r = eval ("(error \"something failed\" 'widget 42)", &raised);
  ok_streq (scm_c_condition_text (r), "something failed: widget 42",
            "error's message and irritants");
  ok_streq (written (scm_error_object_irritants (r)), "(widget 42)",
            "scm_error_object_irritants");
  r = eval ("(raise 'oops)", &raised);
  ok (raised && scm_is_eq (r, scm_from_utf8_symbol ("oops")),
      "a raised non-condition comes back as it is");
  r = eval ("(raise (list 1 2))", &raised);
  ok (raised && scm_is_pair (r) && !scm_is_condition (r),
      "so does a raised list");
}

static const char *
write_file (const char *name, const char *text)
{
  FILE *f = fopen (name, "w");
  if (f == NULL)
    return NULL;
  fputs (text, f);
  fclose (f);
  return name;
}

static void
test_error_location (void)
{
  char file[64];
  snprintf (file, sizeof file, "test-eval-%ld.scm", (long) getpid ());
  ok (write_file (file, "(define (first-of x)\n"
                  "  (car x))\n"
                  "(define (go)\n"
                  "  (list 1 (first-of 5)))\n"
                  "(go)\n") != NULL, "write a temporary file");
  SCM r;
  int raised = scm_c_primitive_load_protected (file, &r);
  ok (raised && strcmp (kind_of (r), "wrong-type-arg") == 0,
      "scm_c_primitive_load_protected returns the error");
  char want[1024];
  snprintf (want, sizeof want, "%s:2:3", file);
  ok_streq (scm_is_string (scm_condition_location (r))
            ? scm_to_utf8_stringn (scm_condition_location (r), NULL) : "#f",
            want, "its location is FILE:LINE:COLUMN of the call (car x)");
  SCM bt = scm_condition_backtrace (r);
  ok (scm_is_pair (bt) && scm_is_eq (scm_c_vector_ref (scm_car (bt), 0),
                                     scm_from_utf8_symbol ("first-of")),
      "the backtrace starts in first-of: %s", written (bt));
  SCM port = scm_open_output_string ();
  scm_c_display_error (r, port, 1);
  snprintf (want, sizeof want,
            "%s:2:3: car: wrong type argument in position 1 (expected pair): 5\n"
            "Backtrace (innermost first):\n"
            "  0 first-of at %s:2:3\n"
            "  ...\n", file, file);
  ok_streq (scm_to_utf8_stringn (scm_get_output_string (port), NULL), want,
            "scm_c_display_error with 1 frame of backtrace, then ...");
  port = scm_open_output_string ();
  scm_c_display_error (r, port, 10);
  snprintf (want, sizeof want,
            "%s:2:3: car: wrong type argument in position 1 (expected pair): 5\n"
            "Backtrace (innermost first):\n"
            "  0 first-of at %s:2:3\n"
            "  1 go at %s:4:11\n", file, file, file);
  ok_streq (scm_to_utf8_stringn (scm_get_output_string (port), NULL), want,
            "scm_c_display_error: the whole backtrace, without the prelude's "
            "load loop");
  ok (eval_int ("(begin (go) 0)") == -999999
      && scm_is_string (scm_condition_location (eval ("(go)", NULL))),
      "a procedure loaded from the file keeps its positions when called later");
  remove (file);
  raised = scm_c_primitive_load_protected (file, &r);
  ok (raised && scm_is_true (scm_file_error_p (r)),
      "loading a missing file: a file-error: %s", scm_c_condition_text (r));
}

/* ------------------------------------------------------------------ */
/* Exit requests, values.  */

static void
test_exit (void)
{
  int raised, status = -1;
  SCM r = eval ("(exit 3)", &raised);
  ok (raised && scm_is_exit_request (r, &status) && status == 3,
      "(exit 3) is an exit request with status 3");
  r = eval ("(exit)", &raised);
  ok (raised && scm_is_exit_request (r, &status) && status == 0, "(exit): 0");
  r = eval ("(exit #f)", &raised);
  ok (raised && scm_is_exit_request (r, &status) && status == 1,
      "(exit #f): 1");
  r = eval ("(guard (e (#t 'caught)) (exit 4))", &raised);
  ok (raised && scm_is_exit_request (r, &status) && status == 4,
      "guard does not catch an exit request");
  r = eval ("(car 5)", &raised);
  ok (!scm_is_exit_request (r, &status), "an error is no exit request");
  ok (!scm_is_exit_request (scm_from_int (3), NULL),
      "nor is a number (status may be NULL)");
}

static void
test_values (void)
{
  SCM v = scm_c_eval_string ("(values 1 2 3)");
  ok (scm_is_values (v) && scm_c_nvalues (v) == 3
      && scm_to_int (scm_c_value_ref (v, 0)) == 1
      && scm_to_int (scm_c_value_ref (v, 2)) == 3,
      "three values: scm_c_nvalues and scm_c_value_ref");
  v = scm_c_eval_string ("(values)");
  ok (scm_c_nvalues (v) == 0, "no values");
  v = scm_c_eval_string ("(values 42)");
  ok (!scm_is_values (v) && scm_c_nvalues (v) == 1 && scm_to_int (v) == 42,
      "one value is the value itself");
  SCM vals[2] = { scm_from_int (5), scm_from_int (6) };
  eval ("(define (recv v) (call-with-values (lambda () v) list))", NULL);
  SCM recv = scm_variable_ref (scm_c_lookup ("recv"));
  ok_streq (written (scm_call_1 (recv, scm_c_values (vals, 2))), "(5 6)",
            "scm_c_values from C, received by Scheme");
  ok_streq (eval_written ("(call-with-values (lambda () (values 1 2)) +)"),
            "3", "call-with-values");
}

/* ------------------------------------------------------------------ */
/* Deep recursion and the stack limit.  */

static void
test_deep_recursion (void)
{
  eval ("(define (count n) (if (= n 0) 0 (+ 1 (count (- n 1)))))", NULL);
  ok (eval_int ("(count 1000000)") == 1000000,
      "non-tail recursion 1000000 deep");
  ok (eval_int ("(let loop ((i 0)) (if (= i 3000000) i (loop (+ i 1))))")
      == 3000000, "a tail-recursive loop of 3000000 iterations");
  eval ("(define (forever n) (+ 1 (forever n)))", NULL);
  size_t old = scm_set_stack_limit (1 << 20);
  int raised;
  SCM r = eval ("(forever 0)", &raised);
  ok (raised && strcmp (kind_of (r), "stack-overflow") == 0,
      "with a 1 MiB stack limit, infinite recursion raises stack-overflow: %s",
      scm_c_condition_text (r));
  ok (eval_int ("(count 1000)") == 1000, "evaluation works after it");
  /* Each level through C also takes C stack (more in a debug or ASan
     build), which the limit does not cover: keep it well short of 8 MiB
     of C stack.  */
  scm_set_stack_limit (64 << 10);
  r = eval ("(define (via-c n) (+ 1 (c-call via-c n))) (via-c 0)", &raised);
  ok (raised && strcmp (kind_of (r), "stack-overflow") == 0,
      "with a 64 KiB limit, infinite recursion through C frames: "
      "stack-overflow too");
  scm_set_stack_limit (1 << 20);
  ok (eval_int ("(guard (e ((eq? (condition-kind e) 'stack-overflow) 7)) "
                "(forever 0))") == 7,
      "guard catches a stack overflow");
  scm_set_stack_limit (old);
  ok (eval_int ("(count 1000000)") == 1000000,
      "the old limit back: deep recursion works again");
}

/* Run EXPR in a child process, so that a crash cannot take the test
   with it: 1 if it raised stack-overflow, 0 if not, -1 if the child
   died (*SIG gets the signal).  */
static int
stack_overflow_in_child (const char *expr, int *sig)
{
  fflush (stdout);
  pid_t pid = fork ();
  if (pid == 0)
    {
      struct rlimit no_core = { 0, 0 };
      setrlimit (RLIMIT_CORE, &no_core);
      int raised;
      SCM r = eval (expr, &raised);
      _exit (raised && strcmp (kind_of (r), "stack-overflow") == 0 ? 0 : 1);
    }
  int status;
  waitpid (pid, &status, 0);
  *sig = WIFSIGNALED (status) ? WTERMSIG (status) : 0;
  return WIFSIGNALED (status) ? -1 : WEXITSTATUS (status) == 0;
}

static void
test_c_stack_overflow (void)
{
  /* Each Scheme -> C -> Scheme level takes C stack, not only VM stack:
     with the default VM limit the C stack runs out first.  */
  int sig;
  char detail[64];
  int r = stack_overflow_in_child ("(define (via-c n) (+ 1 (c-call via-c n)))"
                                   " (via-c 0)", &sig);
  snprintf (detail, sizeof detail, "child: %s %d", r < 0 ? "signal" : "result",
            r < 0 ? sig : r);
  ok (r == 1, "unbounded Scheme -> C -> Scheme recursion with the default "
      "limit: a catchable stack-overflow, not a crash (%s)", detail);
  r = stack_overflow_in_child ("(define (g n) (guard (e (#f 0)) (+ 1 (g n))))"
                               " (g 0)", &sig);
  snprintf (detail, sizeof detail, "child: %s %d", r < 0 ? "signal" : "result",
            r < 0 ? sig : r);
  ok (r == 1, "unbounded recursion through guard: a catchable "
      "stack-overflow (%s)", detail);
}

/* ------------------------------------------------------------------ */
/* Interrupts.  */

static volatile sig_atomic_t alarm_fired;

static void
on_alarm (int sig)
{
  alarm_fired = 1;
  scm_request_interrupt ();
}

/* While nonzero, the time by which the interrupt test must be done:
   if an interrupt never arrives, fail rather than hang.  */
static volatile time_t deadline;

static void *
watchdog (void *unused)
{
  for (;;)
    {
      sleep (1);
      if (deadline != 0 && time (NULL) > deadline)
        {
          printf ("Bail out! an interrupt did not stop the evaluation\n");
          fflush (stdout);
          _exit (1);
        }
    }
  return NULL;
}

static void *
interrupter (void *unused)
{
  struct timespec ts = { 0, 100 * 1000 * 1000 };
  nanosleep (&ts, NULL);
  scm_request_interrupt ();
  return NULL;
}

static void
test_interrupt_by_signal (void)
{
  deadline = time (NULL) + 60;
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGALRM, &sa, NULL);
  struct itimerval it = { { 0, 0 }, { 0, 100 * 1000 } };
  setitimer (ITIMER_REAL, &it, NULL);
  int raised;
  SCM r = eval ("(let loop () (loop))", &raised);
  ok (raised && alarm_fired && strcmp (kind_of (r), "interrupted") == 0,
      "SIGALRM handler calling scm_request_interrupt stops (let loop () "
      "(loop)): %s", raised ? scm_c_condition_text (r) : "(not raised)");
  ok (eval_int ("(count 100)") == 100, "evaluation works after it");
  alarm_fired = 0;
  setitimer (ITIMER_REAL, &it, NULL);
  r = eval ("(define (spin n) (if (> n 0) (spin (+ n 1)) 0)) "
            "(+ 1 (spin 1))", &raised);
  ok (raised && alarm_fired && strcmp (kind_of (r), "interrupted") == 0,
      "an interrupt stops a loop of calls inside a non-tail call");
  alarm_fired = 0;
  setitimer (ITIMER_REAL, &it, NULL);
  r = eval ("(c-call (lambda (x) (let loop () (loop))) 0)", &raised);
  ok (raised && alarm_fired && strcmp (kind_of (r), "interrupted") == 0,
      "an interrupt stops a loop under a C frame");
  ok (eval_int ("(c-call count 50)") == 50, "evaluation works after it");
  deadline = 0;
}

static void
test_interrupt_by_thread (void)
{
  deadline = time (NULL) + 60;
  pthread_t t;
  pthread_create (&t, NULL, interrupter, NULL);
  int raised;
  SCM r = eval ("(let loop ((i 0)) (loop (+ i 1)))", &raised);
  pthread_join (t, NULL);
  ok (raised && strcmp (kind_of (r), "interrupted") == 0,
      "another thread calling scm_request_interrupt stops a loop");
  ok (eval_int ("(count 100)") == 100, "evaluation works after it");
  SCM loop = scm_c_eval_string ("(lambda () (let loop () (loop)))");
  pthread_create (&t, NULL, interrupter, NULL);
  SCM result;
  raised = scm_call_n_protected (loop, NULL, 0, &result);
  pthread_join (t, NULL);
  ok (raised && strcmp (kind_of (result), "interrupted") == 0,
      "scm_call_n_protected of a looping closure is interrupted too");
  deadline = 0;

  /* A request made while nothing runs is not for the next evaluation. */
  scm_request_interrupt ();
  ok (eval_int ("(count 100)") == 100,
      "an interrupt requested while nothing runs is dropped");
}

/* ------------------------------------------------------------------ */
/* GC during evaluation.  */

static SCM kept_closure;        /* a static root, scanned by the GC */

static void
test_gc (void)
{
  /* Allocate until the collector has run three times (at least 100000
     vectors; the heap may be big after the deep recursions), then check
     every vector.  */
  eval ("(define (gc-count) (cdr (assq 'gc-count (gc-stats))))"
        "(define (fill start)"
        "  (let loop ((i 0) (acc '()))"
        "    (if (and (< i 50000000)"
        "             (or (< i 100000) (not (= 0 (remainder i 1000)))"
        "                 (< (gc-count) (+ start 3))))"
        "        (loop (+ i 1) (cons (make-vector 10 i) acc))"
        "        (cons i acc))))"
        "(define (intact? n vs)"
        "  (cond ((null? vs) (= n 0))"
        "        ((and (= (vector-ref (car vs) 0) (- n 1))"
        "              (= (vector-ref (car vs) 9) (- n 1)))"
        "         (intact? (- n 1) (cdr vs)))"
        "        (else #f)))", NULL);
  int64_t before = eval_int ("(gc-count)");
  ok_streq (eval_written ("(let ((r (fill (gc-count)))) "
                          "  (list (= (car r) (length (cdr r))) "
                          "        (intact? (car r) (cdr r))))"),
            "(#t #t)", "vectors allocated in a loop keep their values");
  int64_t after = eval_int ("(gc-count)");
  ok (after >= before + 3, "while the collector ran (%lld times)",
      (long long) (after - before));
  ok_streq (eval_written ("(let ((l (list 1 2 3)) (s (make-string 3 #\\z))) "
                          "(c-gc) (list (apply + l) s))"),
            "(6 \"zzz\")", "a collection from a primitive mid-evaluation");
  SCM held = scm_c_eval_string ("(map (lambda (i) (number->string i)) "
                                "'(10 20 30))");
  kept_closure = scm_c_eval_string ("(let ((secret (list 'kept 1 2))) "
                                    "(lambda () secret))");
  scm_c_eval_string ("(let loop ((i 0)) (if (< i 200000) "
                     "(begin (make-vector 20 i) (loop (+ i 1)))))");
  scm_gc ();
  ok_streq (written (held), "(\"10\" \"20\" \"30\")",
            "a value held in a C local survives collections");
  ok_streq (written (scm_call_0 (kept_closure)), "(kept 1 2)",
            "a closure held in a C static survives, with its free variables");
}

/* ------------------------------------------------------------------ */
/* scm_c_catch_raise and scm_c_protect directly.  */

static SCM
raise_symbol (void *data)
{
  scm_raise (scm_from_utf8_symbol (data));
}

static SCM
handler_tag (void *data, SCM obj)
{
  return scm_list_2 (scm_from_utf8_symbol (data), obj);
}

static SCM
eval_body (void *data)
{
  return scm_c_eval_string (data);
}

static void
test_catch (void)
{
  ok_streq (written (scm_c_catch_raise (raise_symbol, "boom", handler_tag,
                                  "handled")), "(handled boom)",
            "scm_c_catch_raise passes the raised object to the handler");
  ok_streq (written (scm_c_catch_raise (eval_body, "(+ 2 2)", handler_tag, "h")),
            "4", "and returns the body's value when nothing is raised");
  SCM r;
  int raised = scm_c_protect (eval_body, "(vector-ref (vector 1) 1)", &r);
  ok (raised == 1 && strcmp (kind_of (r), "out-of-range") == 0,
      "scm_c_protect around an evaluation: %s", scm_c_condition_text (r));
  ok (scm_c_protect (eval_body, "(* 3 3)", &r) == 0 && scm_to_int (r) == 9,
      "scm_c_protect returns 0 and the value");
  ok (scm_c_protect (eval_body, "(* 3 3)", NULL) == 0,
      "RESULT may be NULL");
}

/* scm_macroexpand is declared in <libscm/syntax.h> and exported.  */
static void
test_macroexpand (void)
{
  SCM e = scm_macroexpand (scm_c_eval_string ("'(and 1 2)"));
  SCM port = scm_open_output_string ();
  scm_write (e, port);
  char *text = scm_to_utf8_stringn (scm_get_output_string (port), NULL);
  ok (strcmp (text, "(if 1 2 #f)") == 0,
      "scm_macroexpand of an and: %s", text);
  free (text);
}

int
main (void)
{
  scm_init ();
  define_primitives ();
  pthread_t dog;
  pthread_create (&dog, NULL, watchdog, NULL);
  pthread_detach (dog);
  test_eval_string ();
  test_define_and_lookup ();
  test_lookup_unbound ();
  test_gsubr ();
  test_calls ();
  test_nested_calls ();
  test_integer_conversions ();
  test_other_conversions ();
  test_error_text ();
  test_error_location ();
  test_exit ();
  test_values ();
  test_deep_recursion ();
  test_c_stack_overflow ();
  test_interrupt_by_signal ();
  test_interrupt_by_thread ();
  test_gc ();
  test_catch ();
  test_macroexpand ();
  return tap_done ();
}
