/* test-step.c -- stepping from C (<libscm/eval.h>): a host's step
   handler sees each entry and return of a known program in order, can
   step into or over, stops stepping, and nothing stops when stepping
   is off; continuations and escapes out of stepped frames still return
   where they should
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libscm.h>
#include "tap.h"

/* The stops seen, as text: "enter add (5 1)", "return add (6)".  */
static char log_text[4096];
static int next_mode;           /* how the handler goes on */
static int stops_left;          /* then it stops stepping */

static void
note (const char *s)
{
  strncat (log_text, s, sizeof log_text - strlen (log_text) - 1);
}

static void
handler (int event, SCM proc, SCM values, SCM frame)
{
  SCM name = scm_procedure_name (proc);
  char *n = scm_is_symbol (name)
    ? scm_to_utf8_string (scm_symbol_to_string (name)) : NULL;
  char *v = scm_to_utf8_string (scm_object_to_string (values, SCM_UNDEFINED));
  char line[256];
  snprintf (line, sizeof line, "%s%s %s %s", log_text[0] ? "; " : "",
            event == SCM_STEP_ENTRY ? "enter" : "return", n ? n : "?", v);
  note (line);
  free (n);
  free (v);
  scm_c_step (--stops_left > 0 ? next_mode : SCM_STEP_OFF, frame);
}

/* (step-here MODE): arm stepping from the caller's frame.  */
static SCM
step_here (SCM mode)
{
  scm_c_step (scm_to_int (mode), scm_c_step_frame ());
  return SCM_UNSPECIFIED;
}

/* (scm-step-bad): arm it from a frame offset past the stack in use.  */
static SCM
step_bad (void)
{
  scm_c_step (SCM_STEP_INTO, scm_from_long (1L << 40));
  return SCM_UNSPECIFIED;
}

static const char program[] =
  "(define (add a b) (+ a b))"
  "(define (twice x) (* 2 (add x 1)))"
  "(define (sum3 x) (step-here MODE) (+ (twice x) (add x x)))";

/* Run (sum3 5) stepping in MODE (re-armed in the same mode up to
   STOPS times); return its value, the log in log_text.  */
static long
run (int mode, int stops)
{
  char text[512];
  log_text[0] = '\0';
  next_mode = mode;
  stops_left = stops;
  const char *m = mode == SCM_STEP_INTO ? "1" : "2";
  char *p = strstr (strcpy (text, program), "MODE");
  memcpy (p, m, 1);
  memmove (p + 1, p + 4, strlen (p + 4) + 1);
  scm_c_eval_string (text);
  return scm_to_long (scm_c_eval_string ("(sum3 5)"));
}

int
main (void)
{
  scm_init ();
  scm_c_define_gsubr ("step-here", 1, 0, 0, (scm_t_subr) step_here);
  scm_c_define_gsubr ("scm-step-bad", 0, 0, 0, (scm_t_subr) step_bad);
  scm_t_step_handler repl_handler = scm_c_set_step_handler (handler);
  ok (scm_c_set_step_handler (handler) == handler
      && repl_handler != handler, "the step handler set, the previous "
      "one (the REPL's) returned");

  long v = run (SCM_STEP_INTO, 100);
  ok (v == 22, "the program's value while stepping (%ld)", v);
  ok_streq (log_text,
            "enter twice (5); enter add (5 1); return add (6); "
            "return twice (12); enter add (5 5); return add (10); "
            "return sum3 (22)",
            "step into: every entry and return, in order");

  v = run (SCM_STEP_OVER, 100);
  ok (v == 22, "the program's value stepping over (%ld)", v);
  ok_streq (log_text, "return sum3 (22)",
            "step over from sum3: its callees' entries are skipped");

  v = run (SCM_STEP_INTO, 2);
  ok_streq (log_text, "enter twice (5); enter add (5 1)",
            "stepping off: no stop after");
  ok (v == 22, "... and the program finishes (%ld)", v);

  scm_c_eval_string ("(define (no-step x) (+ x 1))");
  log_text[0] = '\0';
  ok (scm_to_long (scm_c_eval_string ("(no-step 1)")) == 2
      && log_text[0] == '\0', "nothing stops when no one steps");

  /* An escape out of a frame whose return stepping replaced, and a
     continuation of such a frame resumed after stepping ended.  */
  scm_c_eval_string
    ("(define k #f)"
     "(define n 0)"
     "(define (inner) (call/cc (lambda (c) (set! k c) 1)))"
     "(define (outer) (step-here 1) (+ 10 (inner)))"
     "(define (escape) (step-here 1) (call/cc (lambda (out) (out 5) 6)))");
  next_mode = SCM_STEP_INTO;
  stops_left = 100;
  log_text[0] = '\0';
  long a = scm_to_long (scm_c_eval_string ("(outer)"));
  scm_c_step (SCM_STEP_OFF, SCM_BOOL_F);
  stops_left = 2;               /* stepping ends before k is resumed */
  long b = scm_to_long (scm_c_eval_string
                        ("(let ((r (outer))) (set! n (+ n 1))"
                         " (if (< n 3) (k n) r))"));
  ok (a == 11 && b == 12, "a continuation of stepped frames resumed "
      "later returns where it should (%ld %ld)", a, b);
  stops_left = 100;
  ok (scm_to_long (scm_c_eval_string ("(escape)")) == 5,
      "an escape out of a stepped frame");
  scm_c_step (SCM_STEP_OFF, SCM_BOOL_F);

  SCM r;
  ok (scm_c_eval_string_protected ("(scm-step-bad)", &r) != 0
      && scm_is_true (scm_error_object_p (r)),
      "arming from a frame that is not one: an error");
  return tap_done ();
}
