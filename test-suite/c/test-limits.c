/* test-limits.c -- enforced limits: time, allocation, stack; untrappable
   by guard and with-exception-handler; after thunks; long primitives;
   nesting; per-thread interrupts; step budgets
   SPDX-License-Identifier: LGPL-3.0-or-later

   Timing is never asserted: the overshoot past each limit is measured
   and shown as a diagnostic only.  */

#include <libscm.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include "tap.h"
#include "measure.h"

static const char *
text (SCM obj)
{
  return scm_c_condition_text (obj);    /* malloc'd; a test may leak */
}

static int
limited (const char *src, double secs, size_t bytes, size_t stack, SCM *r)
{
  scm_t_limits lim = { secs, bytes, stack, 0 };
  return scm_c_eval_string_with_limits (src, "sandbox", &lim, r);
}

static void
test_time (void)
{
  SCM r;
  int err = limited ("(+ 1 2)", 1.0, 0, 0, &r);
  ok (!err && scm_is_eq (r, scm_from_int (3)),
      "a value within the limits is returned");

  double t0 = now ();
  err = limited ("(let loop () (loop))", 0.010, 0, 0, &r);
  double took = now () - t0;
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_TIME,
      "an endless loop stops at its time limit");
  diag ("10 ms time limit: returned after %.2f ms (overshoot %.2f ms)",
        took * 1e3, (took - 0.010) * 1e3);
  ok_streq (text (r), "time limit exceeded (0.01 s): time",
            "the condition says which limit");

  err = limited ("(let loop () (guard (e (#t 'swallowed)) (loop)))",
                 0.010, 0, 0, &r);
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_TIME,
      "guard inside the loop does not catch the limit");
  err = limited ("(let loop ((n 0))"
                 "  (with-exception-handler (lambda (e) 'resumed)"
                 "    (lambda () (loop (+ n 1)))))", 0.010, 0, 0, &r);
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_TIME,
      "with-exception-handler does not see it either");
  err = limited ("(let loop () (guard (e ((error-object? e) 1)) (loop)))"
                 " 'never", 0.010, 0, 0, &r);
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_TIME,
      "a guard that catches every error object is passed by");

  scm_c_eval_string ("(define unwound 0)");
  err = limited ("(dynamic-wind (lambda () #f)"
                 "  (lambda () (let loop () (loop)))"
                 "  (lambda () (set! unwound (+ unwound 1))))",
                 0.010, 0, 0, &r);
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_TIME
      && scm_to_int (scm_c_eval_string ("unwound")) == 1,
      "dynamic-wind after thunks run as the limit unwinds");
  t0 = now ();
  err = limited ("(dynamic-wind (lambda () #f)"
                 "  (lambda () (let loop () (loop)))"
                 "  (lambda () (let loop () (loop))))", 0.010, 0, 0, &r);
  took = now () - t0;
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_TIME,
      "an after thunk that loops is abandoned after a second budget");
  diag ("looping after thunk: returned after %.2f ms", took * 1e3);

  /* Long primitives poll: each call takes tens of ms, far past 1 ms, so
     without a poll inside it would finish and return 'finished.  */
  scm_c_eval_string ("(define l1 (make-list 3000000 'a))"
                     "(define l2 (make-list 3000000 'a))");
  err = limited ("(equal? l1 l2) 'finished", 0.001, 0, 0, &r);
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_TIME,
      "equal? on long lists stops at the limit");
  err = limited ("(memq 'b l1) 'finished", 0.001, 0, 0, &r);
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_TIME,
      "memq stops at the limit");
  scm_c_eval_string ("(set! l1 #f) (set! l2 #f)");

  err = limited ("(* 6 7)", 0, 0, 0, &r);
  ok (!err && scm_is_eq (r, scm_from_int (42)),
      "after a limit, the thread evaluates normally (nothing pending)");
}

static void
test_allocation (void)
{
  SCM r;
  size_t a0 = bytes_allocated ();
  int err = limited ("(let loop ((l '())) (loop (cons 1 l)))", 0, 1 << 20,
                     0, &r);
  size_t used = bytes_allocated () - a0;
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_ALLOCATION,
      "a loop that allocates stops at its allocation limit");
  diag ("1 MiB allocation limit: %zu bytes allocated (overshoot %ld bytes)",
        used, (long) used - (1L << 20));
  /* Not a timing: the VM's free lists check the budget at every block
     they take, so consing Scheme code stops within a few blocks of it
     however late the watchdog wakes.  */
  ok (used < (1u << 20) + 64 * 1024,
      "consing code overshoots a 1 MiB allocation limit by under 64 KiB");
  a0 = bytes_allocated ();
  err = limited ("(make-vector 10000000 0)", 0, 1 << 20, 0, &r);
  used = bytes_allocated () - a0;
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_ALLOCATION,
      "one large allocation past the limit is refused");
  ok (used < 8 << 20, "... before it is made (%zu bytes allocated)", used);
  err = limited ("(guard (e (#t 'caught))"
                 "  (let loop ((l '())) (loop (cons (make-string 100) l))))",
                 0, 1 << 20, 0, &r);
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_ALLOCATION,
      "guard does not catch the allocation limit");
  err = limited ("(length (make-list 1000))", 0, 1 << 20, 0, &r);
  ok (!err && scm_is_eq (r, scm_from_int (1000)),
      "allocation within the limit is fine");
}

static void
test_stack (void)
{
  SCM r;
  int err = limited ("(let f ((n 0)) (+ 1 (f (+ n 1))))", 0, 0, 64 * 1024,
                     &r);
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_STACK,
      "deep recursion stops at the stack limit");
  err = limited ("(guard (e (#t 'caught)) (let f ((n 0)) (+ 1 (f (+ n 1)))))",
                 0, 0, 64 * 1024, &r);
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_STACK,
      "guard does not catch the stack limit");
  err = limited ("(let f ((n 1000)) (if (= n 0) 0 (+ 1 (f (- n 1)))))",
                 0, 0, 256 * 1024, &r);
  ok (!err && scm_is_eq (r, scm_from_int (1000)),
      "recursion within the stack limit is fine");
  err = scm_c_eval_string_protected
    ("(let f ((n 100000)) (if (= n 0) 0 (+ 1 (f (- n 1)))))", &r);
  ok (!err && scm_is_eq (r, scm_from_int (100000)),
      "the thread's own stack limit is back afterwards");
}

static void
test_errors_and_nesting (void)
{
  SCM r;
  int err = limited ("(car 1)", 1.0, 1 << 20, 0, &r);
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_NONE
      && scm_is_condition (r), "an ordinary error is returned as is");
  err = limited ("(exit 3)", 1.0, 0, 0, &r);
  int status;
  ok (err && scm_is_exit_request (r, &status) && status == 3,
      "an exit request is returned to the host");

  /* The inner limit is larger: the outer one still holds.  */
  double t0 = now ();
  err = limited ("(call-with-limits (lambda () (let loop () (loop))) 60 #f)",
                 0.010, 0, 0, &r);
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_TIME
      && now () - t0 < 30, "an inner evaluation cannot outlast the outer limit");
  /* The inner limit fires first: catchable outside the inner call.  */
  err = limited ("(guard (e ((error-object? e) (error-object-irritants e)))"
                 "  (call-with-limits (lambda () (let loop () (loop))) 0.005 #f))",
                 5.0, 0, 0, &r);
  ok (!err && scm_is_equal (r, scm_list_1 (scm_from_utf8_symbol ("time"))),
      "the inner limit's condition is catchable around call-with-limits");
  err = scm_c_eval_string_protected
    ("(guard (e ((error-object? e) (error-object-message e)))"
     "  (call-with-limits (lambda () 1) -1 #f))", &r);
  ok (!err && scm_is_string (r), "call-with-limits rejects a negative limit");
  err = scm_c_eval_string_protected
    ("(call-with-values (lambda () (call-with-limits (lambda () (values 1 2))"
     " 1 #f)) list)", &r);
  ok (!err && scm_is_equal (r, scm_list_2 (scm_from_int (1), scm_from_int (2))),
      "call-with-limits returns the thunk's values");
}

/* ------------------------------------------------------------------ */
/* Interrupting one thread.  */

struct worker
{
  scm_t_interrupt_target *target;
  volatile int ready;
  int raised;
  SCM result;
  char kind[32];
};

static void *
work (void *data)
{
  struct worker *w = data;
  scm_init ();
  w->target = scm_c_interrupt_target ();
  __atomic_store_n (&w->ready, 1, __ATOMIC_SEQ_CST);
  scm_t_limits lim = { 60.0, 0, 0, 0 };
  w->raised = scm_c_eval_string_with_limits ("(let loop () (loop))", "w",
                                             &lim, &w->result);
  SCM k = scm_is_condition (w->result)
    ? scm_symbol_to_string (scm_condition_kind (w->result))
    : scm_from_utf8_string ("?");
  char *s = scm_to_utf8_string (k);
  snprintf (w->kind, sizeof w->kind, "%s", s);
  free (s);
  return NULL;
}

static void
test_thread_interrupts (void)
{
  struct worker a = { 0 }, b = { 0 };
  pthread_t ta, tb;
  pthread_create (&ta, NULL, work, &a);
  pthread_create (&tb, NULL, work, &b);
  while (!__atomic_load_n (&a.ready, __ATOMIC_SEQ_CST)
         || !__atomic_load_n (&b.ready, __ATOMIC_SEQ_CST))
    sched_yield ();
  /* Let both enter their loops, then stop A alone.  */
  struct timespec pause = { 0, 20 * 1000000 };
  nanosleep (&pause, NULL);
  scm_request_interrupt_of (a.target);
  pthread_join (ta, NULL);
  ok (a.raised && strcmp (a.kind, "interrupted") == 0,
      "scm_request_interrupt_of stops the target thread (%s)", a.kind);
  nanosleep (&pause, NULL);
  ok (!__atomic_load_n (&b.raised, __ATOMIC_SEQ_CST) && b.kind[0] == 0,
      "the other thread goes on running");
  scm_request_interrupt_of (b.target);
  pthread_join (tb, NULL);
  ok (b.raised && strcmp (b.kind, "interrupted") == 0,
      "then it stops too when targeted");
}

/* A thread blocked in lock-mutex or wait-condition-variable is
   interrupted like one that runs: its evaluation ends `interrupted'.
   If the wait does not end, the main thread ends it after 5 s (with
   RELEASE), so that the case fails instead of hanging.  */

static atomic_int waiter_ready;

static SCM
note_ready (void)
{
  atomic_store (&waiter_ready, 1);
  return SCM_UNSPECIFIED;
}

struct waiter
{
  const char *src;
  scm_t_interrupt_target *target;
  atomic_int targeted, done;
  int raised;
  SCM result;
};

static void *
wait_in_scheme (void *data)
{
  struct waiter *w = data;
  scm_init ();
  w->target = scm_c_interrupt_target ();
  atomic_store (&w->targeted, 1);
  w->raised = scm_c_eval_string_protected (w->src, &w->result);
  atomic_store (&w->done, 1);
  return NULL;
}

static const char *
interrupted_wait (const char *src, const char *release)
{
  struct waiter w = { src, NULL, 0, 0, 0, SCM_BOOL_F };
  atomic_store (&waiter_ready, 0);
  pthread_t t;
  pthread_create (&t, NULL, wait_in_scheme, &w);
  while (!atomic_load (&waiter_ready))
    sched_yield ();
  /* Well into the wait (not asserted: an earlier request interrupts
     the same evaluation).  */
  struct timespec pause = { 0, 30 * 1000000 };
  nanosleep (&pause, NULL);
  scm_request_interrupt_of (w.target);
  for (int i = 0; i < 500 && !atomic_load (&w.done); i++)
    {
      struct timespec tick = { 0, 10 * 1000000 };
      nanosleep (&tick, NULL);
    }
  int ended = atomic_load (&w.done);
  if (!ended)
    scm_c_eval_string (release);
  pthread_join (t, NULL);
  if (!ended)
    return "still waiting after 5 s";
  if (!w.raised)
    return "returned";
  if (!scm_is_condition (w.result))
    return "raised a non-condition";
  return scm_to_utf8_string (scm_symbol_to_string
                             (scm_condition_kind (w.result)));
}

static void
test_blocking_waits (void)
{
  scm_c_define_gsubr ("ready!", 0, 0, 0, (scm_t_subr) note_ready);
  scm_c_eval_string ("(define held (make-mutex)) (lock-mutex held)"
                     "(define cv (make-condition-variable))"
                     "(define cv-m (make-mutex))");
  ok_streq (interrupted_wait ("(begin (ready!) (lock-mutex held) 'locked)",
                              "(unlock-mutex held)"), "interrupted",
            "a thread waiting for a mutex held for ever is interrupted");
  ok_streq (interrupted_wait ("(begin (lock-mutex cv-m)"
                              " (dynamic-wind (lambda () #f)"
                              "  (lambda () (ready!)"
                              "   (wait-condition-variable cv cv-m) 'signalled)"
                              "  (lambda () (unlock-mutex cv-m))))",
                              "(signal-condition-variable cv)"),
            "interrupted", "so is one waiting on a condition variable that "
            "nothing signals, with the mutex locked again as it unwinds");
  SCM r;
  scm_c_eval_string_protected ("(unlock-mutex held)", &r);
}

/* The value of SRC in `write' form (malloc'd; a test may leak).  */
static const char *
eval_text (const char *src)
{
  return scm_c_write_to_utf8 (scm_c_eval_string (src));
}

static int
stepped (const char *src, uint64_t steps, SCM *r)
{
  scm_t_limits lim = { .step_limit = steps };
  return scm_c_eval_string_with_limits (src, "sandbox", &lim, r);
}

static void
test_steps (void)
{
  SCM r;
  int err = stepped ("(let loop ((i 0)) (if (< i 100) (loop (+ i 1)) i))",
                     1000, &r);
  ok (!err && scm_is_eq (r, scm_from_int (100)),
      "a loop within its step budget returns its value");
  err = stepped ("(let loop () (loop))", 1000, &r);
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_STEPS,
      "an endless loop stops at its step limit");
  char *t = scm_c_condition_text (r);
  ok (t != NULL && strstr (t, "step limit exceeded (1000 steps)") != NULL,
      "the message says so (%s)", t ? t : "?");
  free (t);
  /* A step count does not depend on the machine: two runs stop at the
     same iteration.  */
  long reached[2];
  for (int i = 0; i < 2; i++)
    {
      scm_c_eval_string ("(define steps-reached 0)");
      stepped ("(let loop ((i 0)) (set! steps-reached i) (loop (+ i 1)))",
               5000, &r);
      reached[i] = scm_to_long (scm_c_eval_string ("steps-reached"));
    }
  ok (reached[0] == reached[1] && reached[0] > 2500 && reached[0] < 5000,
      "the same loop stops at the same iteration twice (%ld, %ld of 5000)",
      reached[0], reached[1]);
  err = stepped ("(guard (e (#t 'caught)) (let loop () (loop)))", 100, &r);
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_STEPS,
      "guard does not catch the step limit");
  scm_c_eval_string ("(define after-ran #f)");
  err = stepped ("(dynamic-wind (lambda () #f) (lambda () (let loop () (loop)))"
                 " (lambda () (set! after-ran #t)))", 200, &r);
  ok (err && scm_is_true (scm_c_eval_string ("after-ran")),
      "dynamic-wind after thunks run as the step limit unwinds");
  err = stepped ("(length (make-list 1000000 0))", 10, &r);
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_STEPS,
      "a long primitive counts its turns as steps");
  err = stepped ("(call-with-limits (lambda () (let loop () (loop)))"
                 " #f #f #f 1000000000)", 1000, &r);
  ok (err && scm_c_limit_exceeded (r) == SCM_LIMIT_STEPS,
      "an inner evaluation cannot outlast the outer step budget");
  ok_streq (eval_text ("(guard (e ((error-object? e)"
                       " (error-object-irritants e)))"
                       " (call-with-limits (lambda () (let l () (l)))"
                       " #f #f #f 50))"), "(steps)",
            "call-with-limits takes a step limit; the irritant is steps");
  ok_streq (eval_text ("(guard (e ((error-object? e) (error-object-message e)))"
                       " (call-with-limits (lambda () 1) #f #f #f -1))"),
            "\"argument out of range in position 5\"",
            "call-with-limits rejects a negative step limit");
  err = scm_c_eval_string_protected
    ("(let loop ((i 0)) (if (< i 100000) (loop (+ i 1)) i))", &r);
  ok (!err && scm_is_eq (r, scm_from_int (100000)),
      "after a step limit, nothing counts steps any more");
}

/* ------------------------------------------------------------------ */
/* The unwinding of a limit, and of its abort stage (a limit that fires
   again while the first one unwinds), runs every C unwind handler.
   Those of the expander drop its record of a form's pending top-level
   changes: a leftover made later expansions see the definitions of a
   form that never took effect, and crashed once it was collected.  */

static int c_handler_set, c_handler_runs;

static void
count_c_handler (void *unused)
{
  (void) unused;
  c_handler_runs++;
}

static SCM
with_c_handler (SCM thunk)
{
  scm_dynwind_begin (0);
  scm_dynwind_unwind_handler (count_c_handler, NULL, 0);
  c_handler_set++;
  SCM v = scm_call_0 (thunk);
  scm_dynwind_end ();
  return v;
}

/* Whether SRC, evaluated under LIM, is stopped by a limit, and whether
   then the ghost macro it defined before its expansion was stopped is
   unknown, as it must be: `(ghost)' is an unbound-variable error.  */
static int
ghost_left_out (const char *src, scm_t_limits lim)
{
  SCM r;
  scm_c_eval_string ("(define ghost 'not-a-macro)");
  int stopped = scm_c_eval_string_with_limits (src, "sandbox", &lim, &r)
    && scm_c_limit_exceeded (r) != SCM_LIMIT_NONE;
  int raised = scm_c_eval_string_protected ("(ghost)", &r);
  /* A dangling record is read by every expansion: provoke its reuse.  */
  scm_gc ();
  scm_c_eval_string ("(define (after-ghost x) (let ((y x)) (list y y)))"
                     "(after-ghost 1)");
  return stopped && raised;
}

static void
test_unwinding_c_handlers (void)
{
  scm_c_define_gsubr ("with-c-handler", 1, 0, 0, (scm_t_subr) with_c_handler);
  scm_c_eval_string ("(define-syntax spin (lambda (x) (let l () (l))))"
                     "(define-syntax spin-twice"
                     "  (lambda (x) (dynamic-wind (lambda () #f)"
                     "                (lambda () (let l () (l)))"
                     "                (lambda () (let l () (l))))))");
  static const char ghost_src[] =
    "(begin (define-syntax ghost (syntax-rules () ((_) 'leaked))) (%s))";
  char src[160];
  int left_out = 1;
  /* A step budget of 1 is spent again at once by the unwinding: the
     abort stage before a single after thunk ran.  */
  static const uint64_t budgets[] = { 1, 2, 3, 10, 1000 };
  snprintf (src, sizeof src, ghost_src, "spin");
  for (size_t i = 0; i < sizeof budgets / sizeof budgets[0]; i++)
    {
      scm_t_limits lim = { .step_limit = budgets[i] };
      if (!ghost_left_out (src, lim) && left_out)
        {
          diag ("step budget %lu: the ghost macro is visible",
                (unsigned long) budgets[i]);
          left_out = 0;
        }
    }
  ok (left_out, "a step limit in a macro's transformer, and its abort stage, "
      "drop the form's pending definitions");
  snprintf (src, sizeof src, ghost_src, "spin-twice");
  scm_t_limits timed = { .time_limit = 0.005 };
  ok (ghost_left_out (src, timed), "so does a time limit whose unwinding "
      "loops in an after thunk until the abort stage");

  /* A C handler in the evaluation, under the abort stage of a step
     limit: skipped before, as the after thunks are.  The smallest
     budgets may stop the evaluation before it registers the handler:
     each run must run what it registered.  */
  int all = 1, registered = 0;
  for (uint64_t budget = 1; budget <= 40; budget++)
    {
      SCM r;
      c_handler_set = c_handler_runs = 0;
      scm_t_limits lim = { .step_limit = budget };
      int err = scm_c_eval_string_with_limits
        ("(with-c-handler (lambda () (let l () (l))))", "sandbox", &lim, &r);
      registered += c_handler_set;
      if (!err || c_handler_runs != c_handler_set)
        {
          if (all)
            diag ("step budget %lu: %s, C handler set %d, ran %d times",
                  (unsigned long) budget, err ? "stopped" : "returned",
                  c_handler_set, c_handler_runs);
          all = 0;
        }
    }
  ok (all && registered >= 30, "a limit's unwinding runs a C unwind handler "
      "once, even in its abort stage (%d of 40 registered one)", registered);
  /* A loaded machine may spend the 5 ms before the handler is set:
     such a run shows nothing, and another is made.  */
  int runs_ok = 1, shown = 0;
  for (int attempt = 0; attempt < 20 && !shown; attempt++)
    {
      SCM r;
      c_handler_set = c_handler_runs = 0;
      int err = limited ("(with-c-handler (lambda ()"
                         "  (dynamic-wind (lambda () #f)"
                         "    (lambda () (let l () (l)))"
                         "    (lambda () (let l () (l))))))", 0.005, 0, 0, &r);
      runs_ok &= err && c_handler_runs == c_handler_set;
      shown = c_handler_set == 1;
    }
  ok (runs_ok && shown, "and so it does below an after thunk that loops "
      "until the abort stage (set %d, ran %d)", c_handler_set,
      c_handler_runs);
}

int
main (void)
{
  scm_init ();
  test_time ();
  test_allocation ();
  test_stack ();
  test_errors_and_nesting ();
  test_thread_interrupts ();
  test_blocking_waits ();
  test_steps ();
  test_unwinding_c_handlers ();
  return tap_done ();
}
