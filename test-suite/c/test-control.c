/* test-control.c -- control across the boundary between C and Scheme:
   continuation barriers, escapes through C frames and the dynwind API,
   Scheme handlers against C catches, after thunks on the way to a C
   catch, interrupts that no handler stops, parameters per thread, and
   continuations shared by top-level evaluations
   SPDX-License-Identifier: LGPL-3.0-or-later

   No gc.h: the threads are plain pthreads that call scm_init, as in
   test-threads.c.  */

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <libscm.h>
#include "tap.h"
#include "evals.h"

/* ------------------------------------------------------------------ */
/* Helpers.  */

/* The message of condition OBJ as a C string, "" if none.  */
static const char *
message_of (SCM obj)
{
  if (!scm_is_condition (obj))
    return "";
  SCM m = scm_error_object_message (obj);
  return scm_is_string (m) ? scm_to_utf8_stringn (m, NULL) : "";
}

/* Nonzero if the protected evaluation raised a condition of KIND.  */
static int
raised_kind (int raised, SCM r, const char *kind)
{
  int same = raised && strcmp (kind_of (r), kind) == 0;
  if (!same)
    diag ("got %s: %s", raised ? "raised" : "value",
          raised ? (scm_is_condition (r) ? scm_c_condition_text (r)
                    : written (r)) : written (r));
  return same;
}

/* ------------------------------------------------------------------ */
/* What the C handlers and primitives record.  */

/* Events in order: the C unwind handlers add 'U' (no flag) and 'X'
   (SCM_F_WIND_EXPLICITLY), (c-event CHAR) adds CHAR.  */
static char events[256];
static int n_events;
static int unwind_plain, unwind_explicit, rewind_now, rewind_never;
static int c_handler_runs;

static void
reset_counts (void)
{
  n_events = 0;
  events[0] = 0;
  unwind_plain = unwind_explicit = rewind_now = rewind_never = 0;
  c_handler_runs = 0;
}

static void
add_event (char c)
{
  if (n_events < (int) sizeof events - 1)
    {
      events[n_events++] = c;
      events[n_events] = 0;
    }
}

static void
on_unwind_plain (void *data)
{
  (*(int *) data)++;
  add_event ('U');
}

static void
on_unwind_explicit (void *data)
{
  (*(int *) data)++;
  add_event ('X');
}

static void
on_rewind (void *data)
{
  (*(int *) data)++;
}

/* ------------------------------------------------------------------ */
/* Primitives for the tests.  */

/* (c-call f x): (f x), called from C with scm_call_1.  */
static SCM
c_call (SCM f, SCM x)
{
  return scm_call_1 (f, x);
}

/* (c-wind-call thunk): (thunk) from C inside a dynwind context with an
   unwind handler, an explicit unwind handler, a malloc'd block freed
   by the context, and rewind handlers with and without
   SCM_F_WIND_EXPLICITLY.  */
static SCM
c_wind_call (SCM thunk)
{
  scm_dynwind_begin (0);
  scm_dynwind_unwind_handler (on_unwind_plain, &unwind_plain, 0);
  scm_dynwind_unwind_handler (on_unwind_explicit, &unwind_explicit,
                              SCM_F_WIND_EXPLICITLY);
  scm_dynwind_rewind_handler (on_rewind, &rewind_now, SCM_F_WIND_EXPLICITLY);
  scm_dynwind_rewind_handler (on_rewind, &rewind_never, 0);
  scm_dynwind_free (malloc (64));
  SCM v = scm_call_0 (thunk);
  scm_dynwind_end ();
  return v;
}

/* (c-wind-fail x): raise wrong-type-arg from C inside a dynwind
   context with an unwind handler.  */
static SCM
c_wind_fail (SCM x)
{
  scm_dynwind_begin (0);
  scm_dynwind_unwind_handler (on_unwind_plain, &unwind_plain, 0);
  scm_wrong_type_arg_msg ("c-wind-fail", 1, x, "widget");
  scm_dynwind_end ();
  return SCM_UNSPECIFIED;
}

/* (c-event char): record CHAR.  */
static SCM
c_event (SCM c)
{
  add_event ((char) scm_to_int (scm_char_to_integer (c)));
  return SCM_UNSPECIFIED;
}

/* (c-fail x): a wrong-type-arg error raised by C.  */
static SCM
c_fail (SCM x)
{
  scm_wrong_type_arg_msg ("c-fail", 1, x, "widget");
  return SCM_UNSPECIFIED;
}

static SCM
call_thunk_body (void *thunk)
{
  return scm_call_0 (*(SCM *) thunk);
}

static SCM
c_catch_handler (void *data, SCM obj)
{
  c_handler_runs++;
  add_event ('H');
  return scm_cons (scm_from_utf8_symbol ("c-caught"), obj);
}

/* (c-catch-call thunk): (thunk) inside scm_c_catch_raise; what it raises
   becomes (c-caught . OBJ).  */
static SCM
c_catch_call (SCM thunk)
{
  return scm_c_catch_raise (call_thunk_body, &thunk, c_catch_handler, NULL);
}

static SCM
fail_body (void *x)
{
  scm_wrong_type_arg_msg ("c-catch-fail", 1, *(SCM *) x, "widget");
  return SCM_UNSPECIFIED;
}

/* (c-catch-fail x): an error raised by C straight inside scm_c_catch_raise,
   caught as (c-caught . CONDITION).  */
static SCM
c_catch_fail (SCM x)
{
  return scm_c_catch_raise (fail_body, &x, c_catch_handler, NULL);
}

/* (c-request-interrupt): scm_request_interrupt, synchronously.  */
static SCM
c_request_interrupt (void)
{
  scm_request_interrupt ();
  return SCM_UNSPECIFIED;
}

/* (c-running): tell the interrupting thread that evaluation runs.  */
static volatile int running;

static SCM
c_running (void)
{
  __atomic_store_n (&running, 1, __ATOMIC_SEQ_CST);
  return SCM_UNSPECIFIED;
}

/* (c-barrier): wait for the other thread of the parameter test.  */
static pthread_barrier_t barrier;

static SCM
c_barrier (void)
{
  pthread_barrier_wait (&barrier);
  return SCM_UNSPECIFIED;
}

static void
define_primitives (void)
{
  scm_c_define_gsubr ("c-call", 2, 0, 0, (scm_t_subr) c_call);
  scm_c_define_gsubr ("c-wind-call", 1, 0, 0, (scm_t_subr) c_wind_call);
  scm_c_define_gsubr ("c-wind-fail", 1, 0, 0, (scm_t_subr) c_wind_fail);
  scm_c_define_gsubr ("c-event", 1, 0, 0, (scm_t_subr) c_event);
  scm_c_define_gsubr ("c-fail", 1, 0, 0, (scm_t_subr) c_fail);
  scm_c_define_gsubr ("c-catch-call", 1, 0, 0, (scm_t_subr) c_catch_call);
  scm_c_define_gsubr ("c-catch-fail", 1, 0, 0, (scm_t_subr) c_catch_fail);
  scm_c_define_gsubr ("c-request-interrupt", 0, 0, 0,
                      (scm_t_subr) c_request_interrupt);
  scm_c_define_gsubr ("c-running", 0, 0, 0, (scm_t_subr) c_running);
  scm_c_define_gsubr ("c-barrier", 0, 0, 0, (scm_t_subr) c_barrier);
}

/* ------------------------------------------------------------------ */
/* Continuation barriers.  */

static void
test_barriers (void)
{
  int raised;
  SCM r;

  eval ("(define saved #f)", NULL);
  SCM proc = scm_c_eval_string
    ("(lambda () (+ 1 (call/cc (lambda (c) (set! saved c) 1))))");
  ok (scm_to_int (scm_call_0 (proc)) == 2,
      "a continuation captured inside scm_call_0: the call returns 2");
  r = eval ("(saved 5)", &raised);
  ok (raised_kind (raised, r, "continuation-barrier"),
      "calling it after scm_call_0 returned raises continuation-barrier");
  ok (strstr (message_of (r), "C call") != NULL,
      "whose message mentions the C call: %s", message_of (r));
  ok_streq (eval_written ("(guard (e ((eq? (condition-kind e) "
                          "'continuation-barrier) 'barrier)) (saved 5))"),
            "barrier", "the barrier error is catchable by guard");
  SCM saved = scm_variable_ref (scm_c_lookup ("saved"));
  SCM five = scm_from_int (5);
  raised = scm_call_n_protected (saved, &five, 1, &r);
  ok (raised_kind (raised, r, "continuation-barrier"),
      "scm_call_n of it from C raises continuation-barrier too");
  ok_streq (eval_written ("(+ 1 2)"), "3", "evaluation goes on after it");

  ok_streq (eval_written ("(define k-in-c #f) "
                          "(c-call (lambda (x) (call/cc (lambda (c) "
                          "(set! k-in-c c) x))) 1)"),
            "1", "call/cc inside a primitive's scm_call_1");
  ok_streq (eval_written ("(guard (e (#t (condition-kind e))) (k-in-c 3))"),
            "continuation-barrier",
            "its continuation called after the primitive returned (next "
            "evaluation): continuation-barrier");
  ok_streq (eval_written ("(define k-same #f) "
                          "(let ((v (c-call (lambda (x) (call/cc (lambda (c) "
                          "(set! k-same c) x))) 1))) "
                          "(if (= v 1) (k-same 2) v))"),
            "raised: continuation called after the C call it was captured in "
            "has returned (it would re-enter a C frame that is gone: Scheme "
            "called from C, by a primitive or scm_call_n)",
            "... or later in the same evaluation: continuation-barrier");
  ok_streq (eval_written ("(define k-left #f) "
                          "(call/cc (lambda (out) (c-call (lambda (x) "
                          "(call/cc (lambda (c) (set! k-left c))) "
                          "(out 'left)) 0)))"),
            "left", "a primitive left by an escape from inside it");
  ok_streq (eval_written ("(guard (e (#t (condition-kind e))) (k-left 1))"),
            "continuation-barrier",
            "a continuation captured inside it, called afterwards: "
            "continuation-barrier");

  /* Re-entry while the C call is live is allowed.  */
  ok_streq (eval_written ("(c-call (lambda (x) (let ((n 0) (k #f)) "
                          "(call/cc (lambda (c) (set! k c))) "
                          "(set! n (+ n 1)) (if (< n 3) (k #f) n))) 0)"),
            "3", "a continuation re-entered inside the same C call works");
  proc = scm_c_eval_string ("(lambda () (let ((n 0) (k #f)) "
                            "(call/cc (lambda (c) (set! k c))) "
                            "(set! n (+ n 1)) (if (< n 3) (k #f) n)))");
  ok (scm_to_int (scm_call_0 (proc)) == 3,
      "... and inside the same scm_call_0 from C");

  /* Escape continuations.  */
  ok_streq (eval_written ("(+ 1 (call/ec (lambda (k) (+ 10 (k 1)))))"), "2",
            "call/ec escapes inside its extent");
  ok_streq (eval_written ("(call/ec (lambda (k) (c-call (lambda (x) "
                          "(k (* x 2))) 21)))"),
            "42", "call/ec escapes out through a primitive's scm_call_1");
  eval ("(define e-saved #f)", NULL);
  ok_streq (eval_written ("(call/ec (lambda (k) (set! e-saved k) 1))"), "1",
            "call/ec returning normally");
  r = eval ("(e-saved 2)", &raised);
  ok (raised_kind (raised, r, "continuation-barrier")
      && strcmp (message_of (r), "escape continuation called outside its "
                 "dynamic extent") == 0,
      "an escape continuation called after its extent (next evaluation): "
      "continuation-barrier, \"%s\"", message_of (r));
  r = eval ("(let ((k (call/ec (lambda (k) k)))) (k 1))", &raised);
  ok (raised_kind (raised, r, "continuation-barrier")
      && strcmp (message_of (r), "escape continuation called outside its "
                 "dynamic extent") == 0,
      "... and later in the same evaluation");
  ok_streq (eval_written ("(guard (e ((eq? (condition-kind e) "
                          "'continuation-barrier) 'ec-barrier)) (e-saved 3))"),
            "ec-barrier", "guard catches it");
  ok_streq (eval_written ("(list 1 2)"), "(1 2)",
            "evaluation goes on after it");
}

/* ------------------------------------------------------------------ */
/* Escaping outward through C frames: dynwind handlers.  */

static void
test_escape_through_c (void)
{
  reset_counts ();
  ok_streq (eval_written ("(c-wind-call (lambda () 5))"), "5",
            "dynwind: the primitive returns normally");
  ok (unwind_plain == 0 && unwind_explicit == 1 && strcmp (events, "X") == 0,
      "normal return: scm_dynwind_end runs only the SCM_F_WIND_EXPLICITLY "
      "handler (plain %d, explicit %d, events \"%s\")",
      unwind_plain, unwind_explicit, events);
  ok (rewind_now == 1 && rewind_never == 0,
      "a rewind handler with SCM_F_WIND_EXPLICITLY runs at once, one "
      "without never (%d, %d)", rewind_now, rewind_never);

  reset_counts ();
  ok_streq (eval_written ("(+ 1 (call/cc (lambda (k) "
                          "(c-wind-call (lambda () (k 41))))))"),
            "42", "a thunk called from C invokes a call/cc continuation "
            "captured outside the primitive: control arrives there");
  ok (unwind_plain == 1 && unwind_explicit == 1,
      "the escape runs each unwind handler exactly once (plain %d, "
      "explicit %d)", unwind_plain, unwind_explicit);
  ok (rewind_never == 0, "and no rewind handler");

  reset_counts ();
  ok_streq (eval_written ("(call/ec (lambda (k) "
                          "(c-wind-call (lambda () (k 'ec)))))"),
            "ec", "the same with a call/ec continuation");
  ok (unwind_plain == 1 && unwind_explicit == 1,
      "each unwind handler runs once (plain %d, explicit %d)",
      unwind_plain, unwind_explicit);

  reset_counts ();
  ok_streq (eval_written ("(call/cc (lambda (k) (c-wind-call (lambda () "
                          "(c-wind-call (lambda () (k 'deep)))))))"),
            "deep", "an escape through two nested primitives");
  ok (unwind_plain == 2 && unwind_explicit == 2
      && strcmp (events, "XUXU") == 0,
      "runs the handlers of both, inner context first (events \"%s\")",
      events);

  reset_counts ();
  ok_streq (eval_written ("(call/cc (lambda (k) (dynamic-wind "
                          "(lambda () (c-event #\\a)) "
                          "(lambda () (c-wind-call (lambda () (dynamic-wind "
                          "  (lambda () (c-event #\\b)) "
                          "  (lambda () (k 'out)) "
                          "  (lambda () (c-event #\\i)))))) "
                          "(lambda () (c-event #\\o)))))"),
            "out", "an escape through dynamic-wind, a primitive, "
            "dynamic-wind");
  ok_streq (events, "abiXUo",
            "after thunks and C handlers run once each, innermost first");

  reset_counts ();
  ok_streq (eval_written ("(guard (e (#t (list 'caught e))) "
                          "(c-wind-call (lambda () (raise 'boom))))"),
            "(caught boom)", "a thunk called from C raises; a guard outside "
            "the primitive gets the raised object");
  ok (unwind_plain == 1 && unwind_explicit == 1,
      "the unwind handlers run once (plain %d, explicit %d)",
      unwind_plain, unwind_explicit);

  reset_counts ();
  ok_streq (eval_written ("(guard (e ((error-object? e) "
                          "(list (condition-kind e) (error-object-message e) "
                          "(error-object-irritants e)))) "
                          "(c-wind-call (lambda () (car 5))))"),
            "(wrong-type-arg \"wrong type argument in position 1 (expected "
            "pair)\" (5))",
            "an error in the thunk: the guard gets the error object");
  ok (unwind_plain == 1 && unwind_explicit == 1,
      "the unwind handlers run once (plain %d, explicit %d)",
      unwind_plain, unwind_explicit);

  reset_counts ();
  ok_streq (eval_written ("(guard (e ((symbol? e) e)) "
                          "(dynamic-wind (lambda () #f) "
                          "(lambda () (c-wind-call (lambda () (raise 'sym)))) "
                          "(lambda () (c-event #\\o))))"),
            "sym", "a raise through a primitive and a dynamic-wind");
  ok_streq (events, "XUo", "the C handlers, then the after thunk, once each");

  reset_counts ();
  ok_streq (eval_written ("(guard (e (#t (condition-kind e))) "
                          "(c-wind-fail 1))"),
            "wrong-type-arg", "C code raising inside its own dynwind "
            "context: the guard outside catches it");
  ok (unwind_plain == 1, "its unwind handler runs once (%d)", unwind_plain);

  reset_counts ();
  int raised;
  SCM r = eval ("(c-wind-call (lambda () (car 5)))", &raised);
  ok (raised_kind (raised, r, "wrong-type-arg")
      && unwind_plain == 1 && unwind_explicit == 1,
      "an error to the top (scm_c_eval_string_protected) runs the unwind "
      "handlers once (plain %d, explicit %d)", unwind_plain, unwind_explicit);
}

/* ------------------------------------------------------------------ */
/* Scheme handlers and C catches.  */

static void
test_handlers_and_catches (void)
{
  ok_streq (eval_written ("(guard (e ((eq? (condition-kind e) "
                          "'wrong-type-arg) (list 'wta (error-object-irritants "
                          "e)))) (c-fail 7))"),
            "(wta (7))", "a guard outside a primitive catches "
            "scm_wrong_type_arg_msg raised by it");
  ok_streq (eval_written ("(guard (e (#t (condition-kind e))) "
                          "(c-call (lambda (x) (c-fail x)) 1))"),
            "wrong-type-arg", "... through a primitive calling Scheme "
            "calling a failing primitive");
  ok_streq (eval_written ("(call/cc (lambda (k) (with-exception-handler "
                          "(lambda (e) (k (list 'handled (condition-kind e)))) "
                          "(lambda () (c-fail 1)))))"),
            "(handled wrong-type-arg)",
            "with-exception-handler outside a primitive gets its error");
  ok_streq (eval_written ("(with-exception-handler (lambda (e) 0) "
                          "(lambda () (+ 1 (c-fail 1))))"),
            "raised: raise: exception handler returned from a non-continuable "
            "raise: #<condition wrong-type-arg: c-fail: wrong type argument "
            "in position 1 (expected widget): 1>",
            "a handler that returns from a C error: an error (the raise "
            "is not continuable)");

  reset_counts ();
  ok_streq (eval_written ("(guard (e (#t (list 'scheme e))) "
                          "(c-catch-call (lambda () (raise 'boom))))"),
            "(c-caught . boom)", "scm_c_catch_raise inside a primitive catches "
            "what its body raises, though a guard is outside");
  ok (c_handler_runs == 1, "its handler ran once (%d)", c_handler_runs);
  ok_streq (eval_written ("(call/cc (lambda (k) (with-exception-handler "
                          "(lambda (e) (k 'outer)) (lambda () "
                          "(c-catch-call (lambda () (raise 'boom)))))))"),
            "(c-caught . boom)", "... and a with-exception-handler outside");
  ok_streq (eval_written ("(guard (e (#t 'scheme)) (let ((r (c-catch-fail 3)))"
                          " (list (car r) (condition-kind (cdr r)))))"),
            "(c-caught wrong-type-arg)",
            "scm_c_catch_raise catches an error raised by C in its body, though a "
            "guard is outside");
  ok_streq (eval_written ("(guard (e (#t 'scheme)) (let ((r (c-catch-call "
                          "(lambda () (c-fail 1))))) "
                          "(list (car r) (condition-kind (cdr r)))))"),
            "(c-caught wrong-type-arg)",
            "... and one raised by a primitive that its body calls");
  ok_streq (eval_written ("(guard (e (#t 'scheme)) (let ((r (c-catch-call "
                          "(lambda () (car 1))))) "
                          "(list (car r) (condition-kind (cdr r)))))"),
            "(c-caught wrong-type-arg)",
            "... and an error of an inline primitive in Scheme code");

  reset_counts ();
  ok_streq (eval_written ("(guard (e (#t 'scheme-outer)) (c-catch-call "
                          "(lambda () (guard (e (#t (list 'inner e))) "
                          "(raise 'boom)))))"),
            "(inner boom)", "a guard inside the catch body gets the raise "
            "first");
  ok_streq (eval_written ("(c-catch-call (lambda () (with-exception-handler "
                          "(lambda (e) 10) (lambda () (+ 1 "
                          "(raise-continuable 'x))))))"),
            "11", "a with-exception-handler inside the catch body handles "
            "raise-continuable");
  ok_streq (eval_written ("(c-catch-call (lambda () (call/ec (lambda (k) "
                          "(with-exception-handler (lambda (e) "
                          "(k (list 'inner (condition-kind e)))) "
                          "(lambda () (c-fail 1)))))))"),
            "(inner wrong-type-arg)", "a with-exception-handler inside the "
            "catch body gets an error raised by C first");
  ok (c_handler_runs == 0, "the C handler did not run (%d)", c_handler_runs);
  ok_streq (eval_written ("(guard (e (#t 'scheme-outer)) (c-catch-call "
                          "(lambda () (guard (e ((string? e) 'str)) "
                          "(raise 'boom)))))"),
            "(c-caught . boom)", "a guard inside the body with no matching "
            "clause re-raises to the C catch, not to the guard outside");
}

/* ------------------------------------------------------------------ */
/* After thunks on the way to a C catch.  */

static SCM
dw_error_body (void *unused)
{
  return scm_c_eval_string ("(dynamic-wind (lambda () (c-event #\\i)) "
                            "(lambda () (car 5)) "
                            "(lambda () (c-event #\\o)))");
}

static void
test_after_thunks_to_c (void)
{
  int raised;
  eval ("(define log '())", NULL);
  SCM r = eval ("(dynamic-wind (lambda () (set! log (cons 'in log))) "
                "(lambda () (car 5)) "
                "(lambda () (set! log (cons 'out log))))", &raised);
  ok (raised_kind (raised, r, "wrong-type-arg"),
      "an error in dynamic-wind's thunk reaches "
      "scm_c_eval_string_protected");
  ok_streq (eval_written ("log"), "(out in)", "the after thunk ran, once");

  eval ("(set! log '())", NULL);
  r = eval ("(dynamic-wind (lambda () (set! log (cons 'in1 log))) "
            "(lambda () (dynamic-wind "
            "  (lambda () (set! log (cons 'in2 log))) "
            "  (lambda () (raise 'oops)) "
            "  (lambda () (set! log (cons 'out2 log))))) "
            "(lambda () (set! log (cons 'out1 log))))", &raised);
  ok (raised && scm_is_eq (r, scm_from_utf8_symbol ("oops")),
      "raise of a non-condition through two dynamic-winds to the top");
  ok_streq (eval_written ("log"), "(out1 out2 in2 in1)",
            "both after thunks ran, inner first");

  eval ("(set! log '())", NULL);
  ok_streq (eval_written ("(begin (call/cc (lambda (k) (dynamic-wind "
                          "(lambda () (set! log (cons 'in log))) "
                          "(lambda () (k 1)) "
                          "(lambda () (set! log (cons 'out log)))))) log)"),
            "(out in)", "the wind list is clean afterwards: an escape runs "
            "only its own after thunk");

  reset_counts ();
  r = SCM_BOOL_F;
  raised = scm_c_protect (dw_error_body, NULL, &r);
  ok (raised_kind (raised, r, "wrong-type-arg") && strcmp (events, "io") == 0,
      "scm_c_protect (scm_c_catch_raise) of scm_c_eval_string: the after thunk "
      "ran once (events \"%s\")", events);

  reset_counts ();
  ok_streq (eval_written ("(let ((r (c-catch-call (lambda () (dynamic-wind "
                          "(lambda () (c-event #\\i)) (lambda () (car 5)) "
                          "(lambda () (c-event #\\o))))))) "
                          "(list (car r) (condition-kind (cdr r))))"),
            "(c-caught wrong-type-arg)", "an error to scm_c_catch_raise inside a "
            "primitive");
  ok_streq (events, "ioH", "the after thunk ran once, before the C handler");
}

/* ------------------------------------------------------------------ */
/* Interrupts.  */

static volatile sig_atomic_t alarm_fired;

static void
on_alarm (int sig)
{
  (void) sig;
  alarm_fired = 1;
  scm_request_interrupt ();
}

/* While nonzero, the time by which an interrupt test must be done:
   if an interrupt is lost, fail rather than hang.  */
static volatile time_t deadline;
static const char *volatile deadline_what = "";

static void *
watchdog (void *unused)
{
  (void) unused;
  for (;;)
    {
      sleep (1);
      if (deadline != 0 && time (NULL) > deadline)
        {
          printf ("not ok %d - %s (still running after 5 s)\n",
                  tap_count + 1, deadline_what);
          printf ("Bail out! an interrupt did not stop the evaluation\n");
          fflush (stdout);
          _exit (1);
        }
    }
  return NULL;
}

static void
arm (const char *what)
{
  deadline_what = what;
  deadline = time (NULL) + 5;
}

/* Evaluate EXPR protected with a SIGALRM after 50 ms whose handler
   calls scm_request_interrupt; with REPEAT, every 50 ms until the
   evaluation ends.  */
static SCM
eval_with_alarm (const char *expr, int *raised, const char *what, int repeat)
{
  struct itimerval it = { { 0, repeat ? 50 * 1000 : 0 }, { 0, 50 * 1000 } };
  struct itimerval off = { { 0, 0 }, { 0, 0 } };
  alarm_fired = 0;
  arm (what);
  setitimer (ITIMER_REAL, &it, NULL);
  SCM r = eval (expr, raised);
  setitimer (ITIMER_REAL, &off, NULL);
  deadline = 0;
  return r;
}

struct thread_eval
{
  const char *expr;
  int raised;
  char result[160];
  int done;
};

static void *
thread_evaluator (void *data)
{
  struct thread_eval *t = data;
  scm_init ();
  SCM r;
  t->raised = scm_c_eval_string_protected (t->expr, &r);
  snprintf (t->result, sizeof t->result, "%s",
            t->raised ? kind_of (r) : written (r));
  __atomic_store_n (&t->done, 1, __ATOMIC_SEQ_CST);
  return NULL;
}

/* The loops below that a handler could keep alive are bounded: a
   handler that catches an interrupt lets the outer loop go round again,
   and after 5 rounds (5 interrupts, one each 50 ms) the evaluation
   returns a value that says so, instead of hanging.  Only the first
   interrupt is needed when no handler catches it.  */
#define FIVE_ROUNDS(body) \
  "(let outer ((n 0)) (if (< n 5) (begin " body " (outer (+ n 1))) " \
  "(list 'caught-by-a-handler n 'times)))"

static void
test_interrupts (void)
{
  pthread_t w;
  pthread_create (&w, NULL, watchdog, NULL);
  pthread_detach (w);
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGALRM, &sa, NULL);

  int raised;
  const char *what = "an interrupt (SIGALRM) passes a catch-all guard";
  SCM r = eval_with_alarm (FIVE_ROUNDS ("(guard (e (#t #f)) (let l () (l)))"),
                           &raised, what, 1);
  ok (raised_kind (raised, r, "interrupted") && alarm_fired, "%s", what);
  what = "an interrupt passes a with-exception-handler that escapes";
  r = eval_with_alarm (FIVE_ROUNDS ("(call/cc (lambda (k) "
                                    "(with-exception-handler "
                                    "(lambda (e) (k #f)) "
                                    "(lambda () (let l () (l))))))"),
                       &raised, what, 1);
  ok (raised_kind (raised, r, "interrupted") && alarm_fired, "%s", what);
  what = "an interrupt passes a with-exception-handler that returns";
  r = eval_with_alarm ("(with-exception-handler (lambda (e) 0) "
                       "(lambda () (let l () (l))))", &raised, what, 0);
  ok (raised_kind (raised, r, "interrupted") && alarm_fired, "%s", what);
  what = "an interrupt passes Guile's (catch #t ...)";
  r = eval_with_alarm (FIVE_ROUNDS ("(catch #t (lambda () (let l () (l))) "
                                    "(lambda args #f))"), &raised, what, 1);
  ok (raised_kind (raised, r, "interrupted") && alarm_fired, "%s", what);
  what = "an interrupt passes a guard inside a primitive's scm_call_1";
  r = eval_with_alarm (FIVE_ROUNDS ("(c-call (lambda (x) "
                                    "(guard (e (#t #f)) (let l () (l)))) 0)"),
                       &raised, what, 1);
  ok (raised_kind (raised, r, "interrupted") && alarm_fired, "%s", what);

  what = "an interrupt stops a loop inside an exception handler";
  r = eval_with_alarm ("(with-exception-handler (lambda (e) (let l () (l))) "
                       "(lambda () (raise-continuable 'x)))", &raised, what, 0);
  ok (raised_kind (raised, r, "interrupted") && alarm_fired, "%s", what);
  what = "an interrupt stops a loop inside a guard clause";
  r = eval_with_alarm (FIVE_ROUNDS ("(guard (e (#t (let l () (l)))) "
                                    "(raise 'x))"), &raised, what, 1);
  ok (raised_kind (raised, r, "interrupted") && alarm_fired, "%s", what);

  /* Macros whose expansion never ends: stopped while they expand.  */
  eval ("(define-syntax grow (syntax-rules () "
        "((_ x ...) (grow x ... x ...))))", NULL);
  what = "an interrupt stops a macro whose uses double at each expansion";
  r = eval_with_alarm ("(lambda () (grow 1))", &raised, what, 1);
  ok (raised_kind (raised, r, "interrupted") && alarm_fired, "%s", what);
  eval ("(define-syntax spin (syntax-rules () ((_ x) (spin x))))", NULL);
  what = "a macro that expands into itself for ever: a syntax error";
  arm (what);
  r = eval ("(spin 1)", &raised);
  deadline = 0;
  ok (raised_kind (raised, r, "syntax-error"), "%s", what);
  ok_streq (eval_written ("(+ 40 2)"), "42", "evaluation works after them");

  eval ("(define ilog '())", NULL);
  what = "an interrupt of a loop inside dynamic-wind";
  r = eval_with_alarm ("(dynamic-wind (lambda () #f) (lambda () (let l () (l)))"
                       " (lambda () (set! ilog (cons 'after ilog))))",
                       &raised, what, 0);
  ok (raised_kind (raised, r, "interrupted"), "%s", what);
  ok_streq (eval_written ("ilog"), "(after)", "runs the after thunk once");
  ok_streq (eval_written ("(+ 40 2)"), "42", "evaluation works after them");

  /* From another thread, while this one waits: every 50 ms until the
     evaluation ends.  */
  struct thread_eval t = {
    "(begin (c-running) "
    FIVE_ROUNDS ("(guard (e (#t #f)) (let l () (l)))") ")", 0, "", 0
  };
  running = 0;
  what = "another thread's scm_request_interrupt stops a thread's loop "
    "under a catch-all guard";
  arm (what);
  pthread_t th;
  pthread_create (&th, NULL, thread_evaluator, &t);
  while (!__atomic_load_n (&running, __ATOMIC_SEQ_CST))
    usleep (1000);
  while (!__atomic_load_n (&t.done, __ATOMIC_SEQ_CST))
    {
      usleep (50 * 1000);
      scm_request_interrupt ();
    }
  pthread_join (th, NULL);
  deadline = 0;
  ok (t.raised && strcmp (t.result, "interrupted") == 0, "%s (%s %s)", what,
      t.raised ? "raised" : "returned", t.result);

  /* Interrupts requested while after thunks run, unwinding.  */
  what = "an interrupt requested in an after thunk run by an error unwinding "
    "to the top stops the after thunk's loop";
  arm (what);
  r = eval ("(dynamic-wind (lambda () #f) (lambda () (car 5)) "
            "(lambda () (c-request-interrupt) (let l () (l))))", &raised);
  deadline = 0;
  ok (raised_kind (raised, r, "interrupted"), "%s", what);
  what = "... unwinding to a guard";
  arm (what);
  r = eval ("(guard (e (#t 'caught)) (dynamic-wind (lambda () #f) "
            "(lambda () (car 5)) "
            "(lambda () (c-request-interrupt) (let l () (l)))))", &raised);
  deadline = 0;
  ok (raised_kind (raised, r, "interrupted"), "%s", what);
  what = "... unwinding an interrupt";
  eval ("(set! ilog '())", NULL);
  r = eval_with_alarm ("(dynamic-wind (lambda () #f) "
                       "(lambda () (dynamic-wind (lambda () #f) "
                       "  (lambda () (let l () (l))) "
                       "  (lambda () (c-request-interrupt) (let l () (l))))) "
                       "(lambda () (set! ilog (cons 'outer ilog))))",
                       &raised, what, 0);
  ok (raised_kind (raised, r, "interrupted"), "%s", what);
  ok_streq (eval_written ("ilog"), "(outer)",
            "the outer after thunk still ran, once");

  eval ("(set! ilog '())", NULL);
  r = eval ("(guard (e (#t 'caught)) (dynamic-wind (lambda () #f) "
            "(lambda () (car 5)) (lambda () (c-request-interrupt) "
            "(set! ilog (cons 'after ilog)))))", &raised);
  ok (raised_kind (raised, r, "interrupted"),
      "an interrupt requested in an after thunk that returns (error "
      "unwinding to a guard) is not lost: the evaluation ends interrupted");
  ok_streq (eval_written ("ilog"), "(after)", "the after thunk finished");
  r = eval ("(dynamic-wind (lambda () #f) (lambda () (car 5)) "
            "(lambda () (c-request-interrupt)))", &raised);
  ok (raised_kind (raised, r, "interrupted"),
      "... and unwinding to the top");
  ok_streq (eval_written ("(+ 1 1)"), "2", "evaluation works after them");
}

/* ------------------------------------------------------------------ */
/* Parameters per thread.  */

struct param_thread
{
  const char *expr;
  char result[128];
};

static void *
param_evaluator (void *data)
{
  struct param_thread *t = data;
  scm_init ();
  snprintf (t->result, sizeof t->result, "%s", eval_written (t->expr));
  return NULL;
}

static void
run_pair (struct param_thread *a, struct param_thread *b)
{
  pthread_t ta, tb;
  pthread_barrier_init (&barrier, NULL, 2);
  pthread_create (&ta, NULL, param_evaluator, a);
  pthread_create (&tb, NULL, param_evaluator, b);
  pthread_join (ta, NULL);
  pthread_join (tb, NULL);
  pthread_barrier_destroy (&barrier);
}

static void
test_parameters_per_thread (void)
{
  eval ("(define p (make-parameter 1)) (define main-out (current-output-port))",
        NULL);
  struct param_thread a = {
    "(list (parameterize ((p 2)) (c-barrier) (c-barrier) (p)) (p))", ""
  };
  struct param_thread b = {
    "(begin (c-barrier) (let ((v (p))) (c-barrier) v))", ""
  };
  run_pair (&a, &b);
  ok_streq (b.result, "1", "thread B reads the parameter's value while "
            "thread A is inside its parameterize: B sees 1");
  ok_streq (a.result, "(2 1)", "A sees 2 inside, 1 after");
  ok_streq (eval_written ("(p)"), "1", "the main thread sees 1");

  struct param_thread c = {
    "(let ((s (open-output-string))) "
    "(parameterize ((current-output-port s)) (c-barrier) (c-barrier) "
    "(display \"mine\") (list (eq? (current-output-port) s) "
    "(get-output-string s))))", ""
  };
  struct param_thread d = {
    "(begin (c-barrier) "
    "(let ((v (eq? (current-output-port) main-out))) (c-barrier) v))", ""
  };
  run_pair (&c, &d);
  ok_streq (d.result, "#t", "current-output-port is per thread: B's is not "
            "the one A parameterizes");
  ok_streq (c.result, "(#t \"mine\")", "A writes to its own string port");
}

/* ------------------------------------------------------------------ */
/* Top-level evaluations resume each other's continuations.  */

static int context_a_ends, context_b_ends;

static void
count_end (void *counter)
{
  ++*(int *) counter;
}

/* scm_c_eval_string of EXPR in a dynwind context of the caller's whose
   unwind handler counts in *COUNTER.  */
static SCM
eval_in_context (const char *expr, int *counter)
{
  scm_dynwind_begin (0);
  scm_dynwind_unwind_handler (count_end, counter, SCM_F_WIND_EXPLICITLY);
  SCM v = scm_c_eval_string (expr);
  scm_dynwind_end ();
  return v;
}

/* The C code around a top-level evaluation keeps its own dynwind
   contexts when the evaluation resumes an earlier one's continuation:
   the earlier one's ended with it and must not run again (scm_eval's
   own context counted the expansion, and a second run of it left every
   later request made between evaluations pending: found by the eval
   fuzz target).  */
static void
test_toplevel_winders (void)
{
  context_a_ends = context_b_ends = 0;
  scm_c_eval_string ("(define k2 #f) (define trace '())");
  SCM v = eval_in_context
    ("(dynamic-wind (lambda () (set! trace (cons 'in trace)))"
     "  (lambda () (+ 1 (call/cc (lambda (c) (set! k2 c) 1))))"
     "  (lambda () (set! trace (cons 'out trace))))", &context_a_ends);
  ok (scm_is_exact_integer (v) && scm_to_int (v) == 2
      && context_a_ends == 1,
      "a dynamic-wind around call/cc in context A: 2, A ended once");
  v = eval_in_context ("(k2 5)", &context_b_ends);
  ok (scm_is_exact_integer (v) && scm_to_int (v) == 6,
      "(k2 5) in context B: the rest of A's evaluation runs, 6 (%s)",
      written (v));
  ok (context_a_ends == 1 && context_b_ends == 1,
      "B's unwind handler ran once, when B ended, and A's not again "
      "(A %d, B %d)", context_a_ends, context_b_ends);
  ok_streq (eval_written ("(reverse trace)"), "(in out in out)",
            "the dynamic-wind was wound back in and out again");
  scm_request_interrupt ();
  ok_streq (eval_written ("(+ 1 2)"), "3",
            "a request made between evaluations is not for the next one: "
            "the evaluations left nothing counted as running");

  /* A raise out of the resumed evaluation, to a catch in the C code
     around the later one, unwinds the later one's context.  */
  context_a_ends = context_b_ends = 0;
  scm_c_eval_string ("(define k3 #f)");
  v = eval_in_context ("(car (call/cc (lambda (c) (set! k3 c) '(1))))",
                       &context_a_ends);
  ok (scm_is_exact_integer (v) && scm_to_int (v) == 1,
      "(car (call/cc ...)) in context A: 1");
  int raised = -1;
  scm_dynwind_begin (0);
  scm_dynwind_unwind_handler (count_end, &context_b_ends,
                              SCM_F_WIND_EXPLICITLY);
  SCM r = eval ("(k3 'not-a-pair)", &raised);
  ok (context_b_ends == 0, "the raise leaves the C code's context open");
  scm_dynwind_end ();
  ok (raised == 1 && scm_is_condition (r),
      "(k3 'not-a-pair) in context B: A's rest raises, B's catch gets it");
  ok (context_a_ends == 1 && context_b_ends == 1,
      "B's handler ran once, A's not again (A %d, B %d)",
      context_a_ends, context_b_ends);
  scm_request_interrupt ();
  ok_streq (eval_written ("(+ 2 3)"), "5",
            "and a request between evaluations is dropped again");
}

static void
test_toplevel (void)
{
  scm_c_eval_string ("(define k #f)");
  SCM v = scm_c_eval_string ("(+ 1 (call/cc (lambda (c) (set! k c) 1)))");
  ok (scm_is_exact_integer (v) && scm_to_int (v) == 2,
      "scm_c_eval_string: (+ 1 (call/cc ...)) is 2");
  v = scm_c_eval_string ("(k 10)");
  ok (scm_is_exact_integer (v) && scm_to_int (v) == 11,
      "a later scm_c_eval_string (k 10): the rest of the earlier evaluation "
      "runs, 11 is this call's value (%s)", written (v));
  v = scm_eval (scm_list_2 (scm_from_utf8_symbol ("k"), scm_from_int (20)),
                SCM_UNDEFINED);
  ok (scm_is_exact_integer (v) && scm_to_int (v) == 21,
      "scm_eval of (k 20): 21 (%s)", written (v));
  ok_streq (eval_written ("(k 30)"), "31",
            "scm_c_eval_string_protected of (k 30): 31");
  ok_streq (eval_written ("(c-call (lambda (x) (k x)) 5)"), "6",
            "a top-level continuation called through a primitive in a later "
            "evaluation: 6");

  SCM k = scm_variable_ref (scm_c_lookup ("k"));
  SCM ten = scm_from_int (10), r;
  int raised = scm_call_n_protected (k, &ten, 1, &r);
  ok (raised_kind (raised, r, "continuation-barrier"),
      "but scm_call_n of it raises continuation-barrier");
  SCM thunk = scm_c_eval_string ("(lambda () (k 10))");
  raised = scm_call_n_protected (thunk, NULL, 0, &r);
  ok (raised_kind (raised, r, "continuation-barrier"),
      "and so does scm_call_n of a closure that calls it");
  ok_streq (eval_written ("(k 1)"), "2", "top level resumes it still");
  test_toplevel_winders ();
}

int
main (void)
{
  scm_init ();
  define_primitives ();
  test_barriers ();
  test_escape_through_c ();
  test_handlers_and_catches ();
  test_after_thunks_to_c ();
  test_parameters_per_thread ();
  test_toplevel ();
  test_interrupts ();
  return tap_done ();
}
