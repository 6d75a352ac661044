/* test-api.c -- the C API that Guile embedders expect: sized integer
   conversions at their range edges, scm_list_n, the c[ad]r family,
   scm_call_4..9, scm_apply_1..3, unbound subrs, C closures,
   scm_permanent_object, and the SCM_VALIDATE_* checks
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <libscm.h>
#include "tap.h"
#include "calls.h"

/* ------------------------------------------------------------------ */
/* Conversions: the value at each edge converts, one past raises
   out-of-range naming the function; a non-integer is wrong-type-arg.  */

static SCM conv_arg;
static int64_t conv_result;

#define CONV_BODY(fn)                                          \
  static SCM body_##fn (void *unused)                          \
  {                                                            \
    (void) unused;                                             \
    conv_result = (int64_t) fn (conv_arg);                     \
    return SCM_UNSPECIFIED;                                    \
  }
CONV_BODY (scm_to_int8)
CONV_BODY (scm_to_uint8)
CONV_BODY (scm_to_int16)
CONV_BODY (scm_to_uint16)
CONV_BODY (scm_to_int32)
CONV_BODY (scm_to_uint32)
CONV_BODY (scm_to_ssize_t)
CONV_BODY (scm_to_intptr_t)
CONV_BODY (scm_to_uintptr_t)

/* Check conversion BODY named NAME over [LO, HI]: both edges convert,
   LO - 1 and HI + 1 raise out-of-range (when they are fixnums).  */
static void
check_range (const char *name, scm_t_catch_body body, int64_t lo, int64_t hi)
{
  int fine = 1;
  conv_arg = scm_from_int64 (lo);
  try_c (body, NULL);
  fine &= !raised && conv_result == lo;
  conv_arg = scm_from_int64 (hi);
  try_c (body, NULL);
  fine &= !raised && conv_result == hi;
  ok (fine, "%s: %lld and %lld convert", name, (long long) lo, (long long) hi);
  if (lo > SCM_MOST_NEGATIVE_FIXNUM)
    {
      conv_arg = scm_from_int64 (lo - 1);
      SCM e = try_c (body, NULL);
      ok (is_error (e, "out-of-range", name,
                    "argument out of range in position 1", conv_arg),
          "%s: %lld is out of range", name, (long long) lo - 1);
    }
  if (hi < SCM_MOST_POSITIVE_FIXNUM)
    {
      conv_arg = scm_from_int64 (hi + 1);
      SCM e = try_c (body, NULL);
      ok (is_error (e, "out-of-range", name,
                    "argument out of range in position 1", conv_arg),
          "%s: %lld is out of range", name, (long long) hi + 1);
    }
  conv_arg = scm_from_double (1.0);
  SCM e = try_c (body, NULL);
  ok (is_error (e, "wrong-type-arg", name,
                "wrong type argument in position 1 (expected exact integer)",
                conv_arg), "%s: 1.0 is the wrong type", name);
}

static intmax_t ranged_min, ranged_max;
static uintmax_t uranged_min, uranged_max;

static SCM
signed_body (void *unused)
{
  (void) unused;
  conv_result = scm_to_signed_integer (conv_arg, ranged_min, ranged_max);
  return SCM_UNSPECIFIED;
}

static SCM
unsigned_body (void *unused)
{
  (void) unused;
  conv_result = (int64_t) scm_to_unsigned_integer (conv_arg, uranged_min,
                                                   uranged_max);
  return SCM_UNSPECIFIED;
}

static void
test_conversions (void)
{
  check_range ("scm_to_int8", body_scm_to_int8, INT8_MIN, INT8_MAX);
  check_range ("scm_to_uint8", body_scm_to_uint8, 0, UINT8_MAX);
  check_range ("scm_to_int16", body_scm_to_int16, INT16_MIN, INT16_MAX);
  check_range ("scm_to_uint16", body_scm_to_uint16, 0, UINT16_MAX);
  check_range ("scm_to_int32", body_scm_to_int32, INT32_MIN, INT32_MAX);
  check_range ("scm_to_uint32", body_scm_to_uint32, 0, UINT32_MAX);
  /* The 64-bit types hold every fixnum but the negative ones for the
     unsigned: their edges are the fixnum range's.  */
  check_range ("scm_to_ssize_t", body_scm_to_ssize_t,
               SCM_MOST_NEGATIVE_FIXNUM, SCM_MOST_POSITIVE_FIXNUM);
  check_range ("scm_to_intptr_t", body_scm_to_intptr_t,
               SCM_MOST_NEGATIVE_FIXNUM, SCM_MOST_POSITIVE_FIXNUM);
  check_range ("scm_to_uintptr_t", body_scm_to_uintptr_t, 0,
               SCM_MOST_POSITIVE_FIXNUM);

  ok (scm_is_eq (scm_from_int8 (INT8_MIN), SCM_MAKE_FIXNUM (-128))
      && scm_is_eq (scm_from_uint8 (UINT8_MAX), SCM_MAKE_FIXNUM (255))
      && scm_is_eq (scm_from_int16 (INT16_MIN), SCM_MAKE_FIXNUM (-32768))
      && scm_is_eq (scm_from_uint16 (UINT16_MAX), SCM_MAKE_FIXNUM (65535))
      && scm_is_eq (scm_from_int32 (INT32_MIN),
                    SCM_MAKE_FIXNUM (-2147483648LL))
      && scm_is_eq (scm_from_uint32 (UINT32_MAX),
                    SCM_MAKE_FIXNUM (4294967295LL))
      && scm_is_eq (scm_from_ssize_t (-1), SCM_MAKE_FIXNUM (-1))
      && scm_is_eq (scm_from_intptr_t (SCM_MOST_NEGATIVE_FIXNUM),
                    SCM_MAKE_FIXNUM (SCM_MOST_NEGATIVE_FIXNUM))
      && scm_is_eq (scm_from_uintptr_t (SCM_MOST_POSITIVE_FIXNUM),
                    SCM_MAKE_FIXNUM (SCM_MOST_POSITIVE_FIXNUM)),
      "scm_from_int8 ... scm_from_uintptr_t at their edges");

  ranged_min = -5, ranged_max = 10;
  check_range ("scm_to_signed_integer", signed_body, -5, 10);
  ranged_min = INT64_MIN, ranged_max = INT64_MAX;
  conv_arg = SCM_MAKE_FIXNUM (SCM_MOST_NEGATIVE_FIXNUM);
  try_c (signed_body, NULL);
  ok (!raised && conv_result == SCM_MOST_NEGATIVE_FIXNUM,
      "scm_to_signed_integer with the widest range");
  uranged_min = 3, uranged_max = 7;
  check_range ("scm_to_unsigned_integer", unsigned_body, 3, 7);
  uranged_min = 0, uranged_max = UINTMAX_MAX;
  conv_arg = SCM_MAKE_FIXNUM (-1);
  SCM e = try_c (unsigned_body, NULL);
  ok (is_error (e, "out-of-range", "scm_to_unsigned_integer",
                "argument out of range in position 1", conv_arg),
      "scm_to_unsigned_integer: a negative number is out of any range");
}

/* ------------------------------------------------------------------ */
/* Lists, c[ad]r, calls and applies.  */

static SCM
cadr_of_short (void *unused)
{
  (void) unused;
  return scm_caddr (scm_list_2 (SCM_MAKE_FIXNUM (1), SCM_MAKE_FIXNUM (2)));
}

static SCM
apply_improper (void *unused)
{
  (void) unused;
  SCM list = scm_c_eval_string ("list");
  return scm_apply_2 (list, SCM_MAKE_FIXNUM (1), SCM_MAKE_FIXNUM (2),
                      scm_cons (SCM_MAKE_FIXNUM (3), SCM_MAKE_FIXNUM (4)));
}

static void
test_lists_and_calls (void)
{
  ok (scm_is_null (scm_list_n (SCM_UNDEFINED)), "scm_list_n of nothing: ()");
  SCM l = scm_list_n (SCM_MAKE_FIXNUM (1), SCM_BOOL_F, SCM_EOL,
                      SCM_MAKE_FIXNUM (4), SCM_UNDEFINED);
  ok (scm_is_equal (l, scm_c_eval_string ("'(1 #f () 4)")),
      "scm_list_n stops at SCM_UNDEFINED, not at #f or ()");
  SCM deep = scm_c_eval_string ("'((1 2) (3 4) 5 6)");
  ok (scm_is_eq (scm_caar (deep), SCM_MAKE_FIXNUM (1))
      && scm_is_eq (scm_cadar (deep), SCM_MAKE_FIXNUM (2))
      && scm_is_eq (scm_caadr (deep), SCM_MAKE_FIXNUM (3))
      && scm_is_eq (scm_caddr (deep), SCM_MAKE_FIXNUM (5))
      && scm_is_eq (scm_cadddr (deep), SCM_MAKE_FIXNUM (6))
      && scm_is_null (scm_cddddr (deep))
      && scm_is_eq (scm_cadr (scm_cadr (deep)), SCM_MAKE_FIXNUM (4)),
      "scm_caar, scm_cadar, scm_caadr, scm_caddr, scm_cadddr, scm_cddddr");
  SCM e = try_c (cadr_of_short, NULL);
  ok (raised && strcmp (scm_c_condition_text (e), "caddr: wrong type "
                        "argument in position 1 (expected pair with the "
                        "right structure): (1 2)") == 0,
      "scm_caddr of a short list names caddr and the list");

  SCM list = scm_c_eval_string ("list");
  SCM f[9];
  for (int i = 0; i < 9; i++)
    f[i] = SCM_MAKE_FIXNUM (i + 1);
  ok (scm_is_equal (scm_call_4 (list, f[0], f[1], f[2], f[3]),
                    scm_list_4 (f[0], f[1], f[2], f[3])), "scm_call_4");
  ok (scm_is_equal (scm_call_5 (list, f[0], f[1], f[2], f[3], f[4]),
                    scm_list_5 (f[0], f[1], f[2], f[3], f[4])), "scm_call_5");
  ok (scm_c_list_length (scm_call_6 (list, f[0], f[1], f[2], f[3], f[4],
                                     f[5])) == 6
      && scm_c_list_length (scm_call_7 (list, f[0], f[1], f[2], f[3], f[4],
                                        f[5], f[6])) == 7
      && scm_c_list_length (scm_call_8 (list, f[0], f[1], f[2], f[3], f[4],
                                        f[5], f[6], f[7])) == 8,
      "scm_call_6, _7, _8");
  SCM nine = scm_call_9 (list, f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7],
                         f[8]);
  ok (scm_is_equal (nine, scm_c_eval_string ("'(1 2 3 4 5 6 7 8 9)")),
      "scm_call_9, in order");
  SCM sub = scm_c_eval_string ("-");
  ok (scm_is_eq (scm_call_4 (sub, f[8], f[0], f[1], f[2]),
                 SCM_MAKE_FIXNUM (3)), "scm_call_4 of a primitive");
  ok (scm_is_equal (scm_apply_1 (list, f[0], scm_list_2 (f[1], f[2])),
                    scm_list_3 (f[0], f[1], f[2]))
      && scm_is_equal (scm_apply_2 (list, f[0], f[1], SCM_EOL),
                       scm_list_2 (f[0], f[1]))
      && scm_is_equal (scm_apply_3 (list, f[0], f[1], f[2],
                                    scm_list_1 (f[3])),
                       scm_list_4 (f[0], f[1], f[2], f[3])),
      "scm_apply_1, _2, _3: the arguments, then the list");
  e = try_c (apply_improper, NULL);
  ok (is_error (e, "wrong-type-arg", "apply",
                "wrong type argument in position 4 (expected proper list)",
                SCM_UNDEFINED), "scm_apply_2 of an improper list");
}

/* ------------------------------------------------------------------ */
/* Unbound subrs and C closures.  */

static SCM
twice (SCM x)
{
  return scm_product (x, SCM_MAKE_FIXNUM (2));
}

struct counter
{
  long count;
};

/* A closure: (counter [step] . more) adds step (1) to its counter and
   returns the new count and the rest list.  */
static SCM
counter_step (void *data, SCM step, SCM more)
{
  struct counter *c = data;
  c->count += SCM_UNBNDP (step) ? 1 : scm_to_long (step);
  return scm_cons (scm_from_long (c->count), more);
}

static SCM
adder (void *data, SCM x)
{
  return scm_sum (x, scm_from_long ((long) (intptr_t) data));
}

static SCM
too_many_closure_args (void *unused)
{
  (void) unused;
  return scm_c_make_closure ("big", 10, 0, 0, (scm_t_subr_closure) adder,
                             NULL);
}

static SCM
closure_data_of_subr (void *unused)
{
  (void) unused;
  return scm_from_size_t ((size_t) scm_c_closure_data
                          (scm_c_eval_string ("car")));
}

static void
test_subrs_and_closures (void)
{
  SCM t = scm_c_make_gsubr ("twice", 1, 0, 0, (scm_t_subr) twice);
  ok (scm_is_eq (scm_call_1 (t, SCM_MAKE_FIXNUM (21)), SCM_MAKE_FIXNUM (42)),
      "scm_c_make_gsubr: a callable primitive");
  ok (is_string (scm_object_to_string (t, SCM_UNDEFINED), "#<procedure twice>"),
      "... that has its name");
  try_c ((scm_t_catch_body) scm_c_eval_string, (void *) "twice");
  ok (raised, "... but is bound to nothing");

  static struct counter c = { 0 };
  SCM k = scm_c_make_closure ("counter", 0, 1, 1,
                              (scm_t_subr_closure) counter_step, &c);
  scm_c_define ("counter", k);
  SCM r = scm_c_eval_string ("(list (counter) (counter 10) (counter 1 'a 'b)"
                             " (map (lambda (x) (car (counter x))) '(5 5)))");
  ok (scm_is_equal (r, scm_c_eval_string ("'((1) (11) (12 a b) (17 22))")),
      "a C closure receives its data, optional and rest arguments");
  ok (c.count == 22, "... and its data is the C struct it was given");
  ok (scm_c_closure_data (k) == &c, "scm_c_closure_data");
  ok (scm_is_true (scm_procedure_p (k))
      && is_string (scm_object_to_string (k, SCM_UNDEFINED), "#<procedure counter>"),
      "it is a procedure, with its name");
  SCM add5 = scm_c_make_closure ("add", 1, 0, 0, (scm_t_subr_closure) adder,
                                 (void *) 5);
  SCM add7 = scm_c_make_closure ("add", 1, 0, 0, (scm_t_subr_closure) adder,
                                 (void *) 7);
  ok (scm_is_eq (scm_call_1 (add5, SCM_MAKE_FIXNUM (1)), SCM_MAKE_FIXNUM (6))
      && scm_is_eq (scm_call_1 (add7, SCM_MAKE_FIXNUM (1)),
                    SCM_MAKE_FIXNUM (8))
      && scm_is_eq (scm_apply_0 (add5, scm_list_1 (SCM_MAKE_FIXNUM (0))),
                    SCM_MAKE_FIXNUM (5)),
      "two closures over one function, called and applied");
  scm_c_define ("add5", add5);
  SCM e = try_c ((scm_t_catch_body) scm_c_eval_string, (void *) "(add5)");
  ok (is_error (e, "wrong-number-of-args", "add",
                "wrong number of arguments (expected 1, given 0)",
                SCM_UNDEFINED), "a closure's arity is checked");
  e = try_c ((scm_t_catch_body) scm_c_eval_string, (void *) "(add5 1 2)");
  ok (raised, "... with too many arguments too");
  e = try_c (too_many_closure_args, NULL);
  ok (is_error (e, "out-of-range", "scm_c_make_closure",
                "a C closure takes at most 9 arguments", SCM_UNDEFINED),
      "a closure takes at most 9 arguments (the data is the tenth)");
  ok (scm_is_true (scm_procedure_p
                              (scm_c_make_closure ("nine", 9, 0, 0,
                                                   (scm_t_subr_closure) adder,
                                                   NULL))),
      "... and 9 are fine");
  e = try_c (closure_data_of_subr, NULL);
  ok (is_error (e, "wrong-type-arg", "scm_c_closure_data",
                "wrong type argument in position 1 (expected C closure)",
                SCM_UNDEFINED), "scm_c_closure_data of a plain primitive");
}

/* ------------------------------------------------------------------ */
/* scm_permanent_object.  */

static void __attribute__ ((noinline))
hide_in_malloc (SCM **cell)
{
  *cell = malloc (sizeof (SCM));
  **cell = scm_permanent_object (scm_c_eval_string
                                 ("(list 'permanent (make-vector 3 7))"));
}

static void
test_permanent (void)
{
  SCM *cell;
  hide_in_malloc (&cell);
  for (int i = 0; i < 3; i++)
    {
      scm_c_eval_string ("(let loop ((i 0)) (when (< i 100000) "
                         "(make-vector 4) (loop (+ i 1))))");
      scm_gc ();
    }
  ok (scm_is_equal (*cell, scm_c_eval_string ("'(permanent #(7 7 7))")),
      "scm_permanent_object: held only in malloc'd memory, it survives");
  scm_remember_upto_here_2 (*cell, SCM_EOL);
  free (cell);
}

/* ------------------------------------------------------------------ */
/* SCM_VALIDATE_*.  */

static SCM thing_type;

#define FUNC_NAME "frob"
static SCM
frob (SCM pair, SCM name, SCM n, SCM thing)
{
  SCM_VALIDATE_PAIR (SCM_ARG1, pair);
  SCM_VALIDATE_SYMBOL (SCM_ARG2, name);
  int small;
  SCM_VALIDATE_INT_RANGE_COPY (SCM_ARG3, n, -3, 3, small);
  if (!SCM_UNBNDP (thing))
    SCM_VALIDATE_FOREIGN_OBJECT (SCM_ARG4, thing, thing_type);
  return scm_from_int (small);
}
#undef FUNC_NAME

#define FUNC_NAME "frob-all"
static SCM
frob_all (SCM l, SCM s, SCM v, SCM p, SCM c)
{
  SCM_VALIDATE_LIST (SCM_ARG1, l);
  SCM_VALIDATE_STRING (SCM_ARG2, s);
  SCM_VALIDATE_VECTOR (SCM_ARG3, v);
  SCM_VALIDATE_PROC (SCM_ARG4, p);
  SCM_VALIDATE_CHAR (SCM_ARG5, c);
  return SCM_BOOL_T;
}
#undef FUNC_NAME

static void
check_message (const char *code, const char *want)
{
  SCM e = try_c ((scm_t_catch_body) scm_c_eval_string, (void *) code);
  const char *got = raised ? scm_c_condition_text (e) : "(nothing raised)";
  ok (strcmp (got, want) == 0 || (diag ("got: %s", got), 0), "%s", code);
}

static void
test_validate (void)
{
  thing_type = scm_make_foreign_object_type (scm_from_utf8_symbol ("thing"),
                                             SCM_EOL, NULL);
  scm_c_define_gsubr ("frob", 3, 1, 0, (scm_t_subr) frob);
  scm_c_define_gsubr ("frob-all", 5, 0, 0, (scm_t_subr) frob_all);
  ok (scm_is_eq (scm_c_eval_string ("(frob '(1) 'x 3)"), SCM_MAKE_FIXNUM (3))
      && scm_is_eq (scm_c_eval_string ("(frob '(1) 'x -3)"),
                    SCM_MAKE_FIXNUM (-3)),
      "SCM_VALIDATE_*: valid arguments, at the range's edges, pass");
  check_message ("(frob 1 'x 0)", "frob: wrong type argument in position 1 "
                 "(expected pair): 1");
  check_message ("(frob '(1) \"x\" 0)", "frob: wrong type argument in "
                 "position 2 (expected symbol): \"x\"");
  check_message ("(frob '(1) 'x 4)", "frob: argument out of range in "
                 "position 3: 4");
  check_message ("(frob '(1) 'x -4)", "frob: argument out of range in "
                 "position 3: -4");
  check_message ("(frob '(1) 'x 1.5)", "frob: wrong type argument in "
                 "position 3 (expected exact integer): 1.5");
  check_message ("(frob '(1) 'x 0 'nope)", "frob: wrong type argument in "
                 "position 4 (expected thing): nope");
  check_message ("(frob-all '(1 . 2) \"\" #() car #\\a)", "frob-all: wrong "
                 "type argument in position 1 (expected list): (1 . 2)");
  check_message ("(frob-all '() 's #() car #\\a)", "frob-all: wrong type "
                 "argument in position 2 (expected string): s");
  check_message ("(frob-all '() \"\" '() car #\\a)", "frob-all: wrong type "
                 "argument in position 3 (expected vector): ()");
  check_message ("(frob-all '() \"\" #() 'car #\\a)", "frob-all: wrong type "
                 "argument in position 4 (expected procedure): car");
  check_message ("(frob-all '() \"\" #() car \"a\")", "frob-all: wrong type "
                 "argument in position 5 (expected character): \"a\"");
  ok (scm_is_true (scm_c_eval_string ("(guard (e ((error-object? e) #t)) "
                                      "(frob 1 'x 0) #f)")),
      "the errors are catchable from Scheme");
}

/* An uncaught raise is fatal: the host's hook runs, and may end the
   process at once (_exit, abort).  Output that Scheme wrote and that
   still waits in a port's buffer must not be lost with it.  */
static void SCM_NORETURN
exit_at_once (const char *message)
{
  (void) message;
  _exit (7);
}

static void
test_fatal_flushes (void)
{
  int fds[2];
  if (pipe (fds) != 0)
    {
      ok (0, "pipe");
      return;
    }
  fflush (stdout);
  pid_t pid = fork ();
  if (pid == 0)
    {
      close (fds[0]);
      dup2 (fds[1], 1);
      scm_set_fatal_hook (exit_at_once);
      /* No newline: the text stays in the buffer of the port on fd 1.  */
      scm_c_eval_string ("(display \"partial line\")");
      scm_c_eval_string ("(car 1)");        /* uncaught: fatal */
      _exit (0);
    }
  close (fds[1]);
  char buf[256];
  size_t n = 0;
  ssize_t r;
  while (n < sizeof buf - 1 && (r = read (fds[0], buf + n, sizeof buf - 1 - n)) > 0)
    n += (size_t) r;
  buf[n] = '\0';
  close (fds[0]);
  int status = 0;
  waitpid (pid, &status, 0);
  ok (WIFEXITED (status) && WEXITSTATUS (status) == 7
      && strcmp (buf, "partial line") == 0,
      "a fatal error writes out buffered output before the hook ends the "
      "process (got \"%s\", status %d)", buf, WEXITSTATUS (status));
}

int
main (void)
{
  scm_init ();
  test_fatal_flushes ();
  test_conversions ();
  test_lists_and_calls ();
  test_subrs_and_closures ();
  test_permanent ();
  test_validate ();
  return tap_done ();
}
