/* test-interrupts.c -- interrupting one thread or one instance: requests
   at every moment of an evaluation, from other threads and from signal
   handlers
   SPDX-License-Identifier: LGPL-3.0-or-later

   No timing is asserted.  The fixed windows (between two top-level
   forms, in C code at depth 0, as a body returns, in a nested stay) are
   reached by waiting on flags; the random cases check a rule that holds
   whatever the timing: a request that counted a stay interrupts it, one
   that counted none interrupts nothing.  Every loop that a lost
   interrupt would let run is finite, so that such a loss fails a case
   instead of hanging the suite.  */

#include <libscm.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include "tap.h"

/* Long enough that a lost interrupt shows (seconds), finite.  */
#define LONG_LOOP "(let loop ((i 0)) (if (< i 300000000) (loop (+ i 1)) 'finished))"

static int
interrupted_p (SCM obj)
{
  return scm_is_condition (obj)
    && scm_is_eq (scm_condition_kind (obj),
                  scm_from_utf8_symbol ("interrupted"));
}

/* What a call returned: its value written, or "interrupted", or
   "raised: TEXT".  */
static const char *
outcome (int raised, SCM r)
{
  static char buf[256];
  if (raised && interrupted_p (r))
    return "interrupted";
  if (raised)
    {
      char *t = scm_c_condition_text (r);
      snprintf (buf, sizeof buf, "raised: %s", t ? t : "?");
      free (t);
      return buf;
    }
  SCM port = scm_open_output_string ();
  scm_write (r, port);
  char *s = scm_to_utf8_stringn (scm_get_output_string (port), NULL);
  snprintf (buf, sizeof buf, "%s", s);
  free (s);
  return buf;
}

/* ------------------------------------------------------------------ */
/* A request made by another thread once the evaluating one says it is
   waiting for it; the evaluating thread goes on once it is made.  */

static atomic_int waiting, requested;

struct request
{
  scm_t_instance *inst;          /* or NULL: TARGET */
  scm_t_interrupt_target *target;
  int asked;
  pthread_t thread;
};

static void *
requester (void *data)
{
  /* A thread that never entered libscm: requests need none.  */
  struct request *r = data;
  while (!atomic_load (&waiting))
    sched_yield ();
  if (r->inst != NULL)
    r->asked = scm_instance_request_interrupt (r->inst);
  else
    scm_request_interrupt_of (r->target);
  atomic_store (&requested, 1);
  return NULL;
}

static void
start_request (struct request *r)
{
  atomic_store (&waiting, 0);
  atomic_store (&requested, 0);
  r->asked = -1;
  pthread_create (&r->thread, NULL, requester, r);
}

static void *
join_thread (void *t)
{
  pthread_join (*(pthread_t *) t, NULL);
  return NULL;
}

static void
finish_request (struct request *r)
{
  scm_without_guile (join_thread, &r->thread);
}

static void *
spin_until_requested (void *unused)
{
  (void) unused;
  while (!atomic_load (&requested))
    sched_yield ();
  return NULL;
}

/* Say that this thread waits, and wait until the request is made.  */
static void
wait_for_request (void)
{
  atomic_store (&waiting, 1);
  scm_without_guile (spin_until_requested, NULL);
}

static SCM
wait_for_request_subr (void)
{
  wait_for_request ();
  return SCM_UNSPECIFIED;
}

static void *
define_wait (void *unused)
{
  (void) unused;
  scm_c_define_gsubr ("wait-for-request!", 0, 0, 0,
                      (scm_t_subr) wait_for_request_subr);
  return NULL;
}

/* ------------------------------------------------------------------ */
/* One thread: a request made while the thread is at depth 0 between
   two forms of one text is for that text (it was dropped as stale when
   the next form entered the VM).  */

static void
test_one_thread (void)
{
  define_wait (NULL);
  struct request r = { NULL, scm_c_interrupt_target (), 0, 0 };
  SCM v;
  start_request (&r);
  int raised = scm_c_eval_string_protected
    ("(wait-for-request!) " LONG_LOOP, &v);
  finish_request (&r);
  ok_streq (outcome (raised, v), "interrupted",
            "a thread's interrupt that comes between two forms stops the "
            "next one");

  /* The loops of every shape check: a contified named let and do
     (SELF_TAILCALL), a procedure's self tail call, mutual recursion
     (ENTER).  */
  static const char *const loops[] = {
    "(begin (wait-for-request!) " LONG_LOOP ")",
    "(begin (wait-for-request!) (do ((i 0 (+ i 1))) ((= i 300000000) 'finished)))",
    "(define (self i) (if (< i 300000000) (self (+ i 1)) 'finished))"
    " (begin (wait-for-request!) (self 0))",
    "(define (ev? n) (if (= n 0) #t (od? (- n 1))))"
    " (define (od? n) (if (= n 0) #f (ev? (- n 1))))"
    " (begin (wait-for-request!) (ev? 300000000))",
  };
  static const char *const names[] = {
    "a contified named let", "a do loop", "a procedure's self tail call",
    "mutual recursion",
  };
  for (size_t i = 0; i < sizeof loops / sizeof loops[0]; i++)
    {
      start_request (&r);
      raised = scm_c_eval_string_protected (loops[i], &v);
      finish_request (&r);
      ok_streq (outcome (raised, v), "interrupted", "%s is interrupted",
                names[i]);
    }
  /* At depth: a macro's transformer, used inside code nested 100,000
     deep (expanded on a C-stack segment), waits for the request and
     loops; the interrupt leaves through the segment's entry.  */
  start_request (&r);
  raised = scm_c_eval_string_protected
    ("(define-syntax wait-then-loop"
     "  (lambda (form) (wait-for-request!) " LONG_LOOP "))"
     " (eval (let nest ((i 0) (x '(wait-then-loop)))"
     "         (if (= i 100000) x (nest (+ i 1) (list 'let '() x)))))", &v);
  finish_request (&r);
  ok_streq (outcome (raised, v), "interrupted",
            "a transformer in code nested 100,000 deep is interrupted");
  raised = scm_c_eval_string_protected ("(+ 1 2)", &v);
  ok_streq (outcome (raised, v), "3", "and the next evaluation is not");
}

/* ------------------------------------------------------------------ */
/* Instances: the windows around a stay.  */

static SCM
wait_then_loop (void *unused)
{
  (void) unused;
  wait_for_request ();
  return scm_c_eval_string (LONG_LOOP);
}

static SCM
wait_then_return (void *unused)
{
  (void) unused;
  wait_for_request ();
  return scm_from_int (42);
}

static scm_t_instance *inner_inst;

/* In one instance, enter INNER_INST and wait there.  */
static SCM
nested_wait_then_loop (void *res)
{
  SCM *inner = res;
  int raised = scm_c_with_instance (inner_inst, wait_then_loop, NULL, inner);
  /* Back in the outer instance: the result of the inner call, then some
     Scheme code of the outer instance.  */
  SCM tail = scm_c_eval_string ("(+ 1 2)");
  return scm_cons (scm_from_bool (raised), tail);
}

static void
test_instance_windows (void)
{
  scm_t_instance *a = scm_instance_create (), *b = scm_instance_create ();
  scm_with_instance (a, define_wait, NULL);
  scm_with_instance (b, define_wait, NULL);
  struct request r = { a, NULL, 0, 0 };
  SCM v;
  int raised;

  start_request (&r);
  raised = scm_c_instance_eval_string (a, "(wait-for-request!) " LONG_LOOP,
                                       "between-forms", &v);
  finish_request (&r);
  ok (r.asked == 1, "a request counts the thread in A (%d)", r.asked);
  ok_streq (outcome (raised, v), "interrupted",
            "it stops A's next form, at depth 0 when it came");

  start_request (&r);
  raised = scm_c_with_instance (a, wait_then_loop, NULL, &v);
  finish_request (&r);
  ok (r.asked == 1 && strcmp (outcome (raised, v), "interrupted") == 0,
      "a request that comes while A's body is in C stops its next "
      "evaluation (%d, %s)", r.asked, outcome (raised, v));

  start_request (&r);
  raised = scm_c_with_instance (a, wait_then_return, NULL, &v);
  finish_request (&r);
  ok (r.asked == 1 && strcmp (outcome (raised, v), "interrupted") == 0,
      "one that comes as the body returns is reported by the call "
      "(%d, %s)", r.asked, outcome (raised, v));

  ok (scm_instance_request_interrupt (a) == 0,
      "a request with nobody in A reaches nobody");
  raised = scm_c_instance_eval_string (a, "(+ 1 2)", "after", &v);
  ok_streq (outcome (raised, v), "3", "and the next stay in A is not stopped");

  /* Nested: the thread is in A, and in B from there.  */
  inner_inst = b;
  SCM inner;
  start_request (&r);
  raised = scm_c_with_instance (a, nested_wait_then_loop, &inner, &v);
  finish_request (&r);
  ok (r.asked == 1, "a thread in B, entered from A, is in A (%d)", r.asked);
  ok_streq (outcome (1, inner), "interrupted",
            "A's request stops the inner stay in B on its way");
  ok_streq (outcome (raised, v), "interrupted",
            "and then A's own evaluation, once back in A");

  struct request rb = { b, NULL, 0, 0 };
  start_request (&rb);
  raised = scm_c_with_instance (a, nested_wait_then_loop, &inner, &v);
  finish_request (&rb);
  ok (rb.asked == 1, "B's request counts the thread in B (%d)", rb.asked);
  ok_streq (outcome (1, inner), "interrupted", "it stops the stay in B");
  ok_streq (outcome (raised, v), "(#t . 3)",
            "and A's evaluation goes on (B's call returned 1)");

  scm_instance_destroy (a);
  scm_instance_destroy (b);
}

/* ------------------------------------------------------------------ */
/* Requests from another thread at random moments: while the thread
   enters, evaluates between forms, leaves, or is outside.  The rule,
   whatever the timing: the stay is interrupted iff the request counted
   it.  */

static atomic_int round_go, round_started, round_done;
static int rounds_n;
static int *round_loop, *round_kind;

static void *
stay_thread (void *data)
{
  scm_t_instance *inst = data;
  for (int r = 1; r <= rounds_n; r++)
    {
      while (atomic_load (&round_go) != r)
        sched_yield ();
      char src[200];
      snprintf (src, sizeof src, "(define x 0) (let loop ((i 0))"
                " (if (< i %d) (loop (+ i 1)) i)) (set! x 1) x",
                round_loop[r]);
      SCM v;
      atomic_store (&round_started, r);
      int raised = scm_c_instance_eval_string (inst, src, "round", &v);
      round_kind[r] = !raised ? 0 : interrupted_p (v) ? 1 : 2;
      atomic_store (&round_done, r);
    }
  return NULL;
}

/* A small pseudo-random generator, the same in every run.  */
static unsigned
next_random (unsigned *state)
{
  *state = *state * 1103515245u + 12345u;
  return (*state >> 8) & 0xffffff;
}

static void
test_random_moments (void)
{
  enum { ROUNDS = 1500 };
  rounds_n = ROUNDS;
  round_loop = calloc (ROUNDS + 1, sizeof (int));
  round_kind = calloc (ROUNDS + 1, sizeof (int));
  unsigned seed = 17;
  for (int r = 1; r <= ROUNDS; r++)
    round_loop[r] = next_random (&seed) % 2000;
  scm_t_instance *a = scm_instance_create ();
  atomic_store (&round_go, 0);
  atomic_store (&round_started, 0);
  atomic_store (&round_done, 0);
  pthread_t t;
  pthread_create (&t, NULL, stay_thread, a);
  int wrong = 0, asked = 0, other = 0;
  for (int r = 1; r <= ROUNDS; r++)
    {
      /* 0 to 60 us after the thread set out: as it enters, in the
         stay, as it leaves, after.  */
      long delay = next_random (&seed) % 60000;
      atomic_store (&round_go, r);
      while (atomic_load (&round_started) != r)
        sched_yield ();
      struct timespec t0, t1;
      clock_gettime (CLOCK_MONOTONIC, &t0);
      do
        clock_gettime (CLOCK_MONOTONIC, &t1);
      while ((t1.tv_sec - t0.tv_sec) * 1000000000L
             + (t1.tv_nsec - t0.tv_nsec) < delay);
      int n = scm_instance_request_interrupt (a);
      while (atomic_load (&round_done) != r)
        sched_yield ();
      asked += n == 1;
      other += round_kind[r] == 2;
      if ((n == 1) != (round_kind[r] == 1) && wrong++ < 5)
        diag ("round %d: asked %d, outcome %d", r, n, round_kind[r]);
    }
  scm_without_guile (join_thread, &t);
  diag ("%d rounds, %d reached the thread in A", ROUNDS, asked);
  ok (wrong == 0 && other == 0,
      "%d requests at random moments: a stay is interrupted iff the "
      "request counted it (%d wrong, %d other errors)", ROUNDS, wrong,
      other);
  ok (scm_instance_destroy (a) == 0, "and A is left with no stay");
  free (round_loop);
  free (round_kind);
}

/* ------------------------------------------------------------------ */
/* From signal handlers.  */

static scm_t_instance *signalled_inst;
static volatile sig_atomic_t handler_asked = -1;

static void
on_usr1 (int sig)
{
  (void) sig;
  handler_asked = scm_instance_request_interrupt (signalled_inst);
}

static atomic_int in_loop;
static pthread_t loop_thread;

static SCM
note_in_loop (void)
{
  atomic_store (&in_loop, 1);
  return SCM_UNSPECIFIED;
}

static void *
define_note (void *unused)
{
  (void) unused;
  scm_c_define_gsubr ("in-loop!", 0, 0, 0, (scm_t_subr) note_in_loop);
  return NULL;
}

struct job
{
  scm_t_instance *inst;
  const char *src;
  int raised;
  SCM v;
};

static void *
run_job (void *data)
{
  struct job *j = data;
  j->raised = scm_c_instance_eval_string (j->inst, j->src, "job", &j->v);
  return NULL;
}

static void
handle (int sig, void (*handler) (int))
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = handler;
  sa.sa_flags = SA_RESTART;
  sigemptyset (&sa.sa_mask);
  sigaction (sig, &sa, NULL);
}

/* The SIGALRM case: the timer's handler runs on the evaluating thread
   (the others block the signal), so it knows which stay it hit.  */
static volatile sig_atomic_t current_stay;
static volatile sig_atomic_t *stay_counted;
static volatile sig_atomic_t alarms;

static void
on_alarm (int sig)
{
  (void) sig;
  alarms++;
  int stay = current_stay;
  if (scm_instance_request_interrupt (signalled_inst) == 1 && stay > 0)
    stay_counted[stay] = 1;
}

/* Stay N's source: one form whose expansion may take a while (a let*
   of up to 60 bindings) and defines y-N, which is new, so that the
   expander holds it as a pending change while it expands the rest;
   then a loop of random length.  The short ones often end before an
   alarm.  */
static void
stay_source (char *buf, size_t size, int n, unsigned *seed)
{
  int bindings = 1 + next_random (seed) % 60;
  int k = snprintf (buf, size, "(begin (define y-%d 0) (define (f-%d x)"
                    " (let* ((a0 x)", n, n);
  for (int i = 1; i < bindings; i++)
    k += snprintf (buf + k, size - k, " (a%d (+ a%d 1))", i, i - 1);
  snprintf (buf + k, size - k, ") (list a0 a%d))) (let loop ((i 0))"
            " (if (< i %u) (loop (+ i 1)) i)))", bindings - 1,
            next_random (seed) % 3000);
}

struct probe { int n; int ok; };

/* Define y-N again in A (with the signal blocked: nothing interrupts
   it) and look at A's module table, which the expander's pending
   changes do not reach: a change record of an interrupted expansion
   left dangling takes the definition and keeps it from the module.  */
static SCM
probe_body (void *data)
{
  struct probe *p = data;
  char src[64], name[32];
  snprintf (src, sizeof src, "(define y-%d 1)", p->n);
  snprintf (name, sizeof name, "y-%d", p->n);
  scm_c_eval_string (src);
  SCM v = scm_module_ref (scm_current_module (), scm_from_utf8_symbol (name),
                          SCM_BOOL_F);
  p->ok = scm_is_eq (v, scm_from_int (1));
  return SCM_UNSPECIFIED;
}

/* SIGALRM from an interval timer at every moment of many short stays
   in A, each a long expansion and a short run: each stay that a
   handler's request counted is interrupted, and no other is; what an
   interrupted expansion was to define is not defined, and the next
   definition of it is.  The timer's rate (every 50 us) makes a second
   interrupt come while the first one unwinds, often enough that the
   library that skipped the C unwind handlers then failed nearly every
   run.  Runs until WANTED stays were hit, whatever the timer's rate.  */
static void
test_alarm_storm (scm_t_instance *a)
{
  enum { MAX_STAYS = 200000, WANTED = 400 };
  stay_counted = calloc (MAX_STAYS + 1, sizeof *stay_counted);
  handle (SIGALRM, on_alarm);
  sigset_t alrm;
  sigemptyset (&alrm);
  sigaddset (&alrm, SIGALRM);
  struct itimerval every = { { 0, 50 }, { 0, 50 } };
  setitimer (ITIMER_REAL, &every, NULL);
  int hit = 0, wrong = 0, stays = 0, undefined = 0;
  unsigned seed = 5;
  static char src[4096];
  while (hit < WANTED && stays < MAX_STAYS)
    {
      stay_source (src, sizeof src, stays + 1, &seed);
      pthread_sigmask (SIG_UNBLOCK, &alrm, NULL);
      current_stay = ++stays;
      SCM v;
      int raised = scm_c_instance_eval_string (a, src, "alarm", &v);
      current_stay = 0;
      pthread_sigmask (SIG_BLOCK, &alrm, NULL);
      int stopped = raised && interrupted_p (v);
      if (stopped != (stay_counted[stays] != 0) || (raised && !stopped))
        {
          if (wrong++ < 5)
            diag ("stay %d: counted %d, %s", stays, (int) stay_counted[stays],
                  outcome (raised, v));
        }
      hit += stopped;
      struct probe p = { stays, 0 };
      if (scm_c_with_instance (a, probe_body, &p, &v) || !p.ok)
        {
          if (undefined++ < 5)
            diag ("stay %d (%s): y-%d is not defined after its definition",
                  stays, stopped ? "interrupted" : "not interrupted", stays);
        }
    }
  struct itimerval off = { { 0, 0 }, { 0, 0 } };
  setitimer (ITIMER_REAL, &off, NULL);
  diag ("%d stays, %d alarms, %d interrupted", stays, (int) alarms, hit);
  ok (hit == WANTED && wrong == 0,
      "SIGALRM handlers' requests at random moments: a stay is interrupted "
      "iff one counted it (%d stays, %d wrong)", stays, wrong);
  ok (undefined == 0, "an interrupted expansion leaves no pending "
      "definition behind: each y-N is defined when defined again "
      "(%d not)", undefined);
  free ((void *) stay_counted);
}

/* The same storm from another thread, with scm_request_interrupt_of:
   the requester cannot know which stay it hits, so only the outcome
   (a value or `interrupted', nothing else) and the probe are checked.
   The requester stops for each probe: ARMED off, then no request in
   flight; an earlier one is stale at the probe's start and dropped.
   Against the library that skipped C unwind handlers, about one run
   in two crashed here.  */
static atomic_int storm_armed, storm_in_request, storm_stop;

static void *
thread_storm (void *data)
{
  scm_t_interrupt_target *target = data;
  unsigned seed = 11;
  while (!atomic_load (&storm_stop))
    {
      atomic_fetch_add (&storm_in_request, 1);
      if (atomic_load (&storm_armed))
        scm_request_interrupt_of (target);
      atomic_fetch_sub (&storm_in_request, 1);
      struct timespec pause = { 0, 1000L * (next_random (&seed) % 100) };
      nanosleep (&pause, NULL);
    }
  return NULL;
}

static void
test_thread_storm (scm_t_instance *a)
{
  enum { STAYS = 2000 };
  atomic_store (&storm_armed, 0);
  atomic_store (&storm_stop, 0);
  pthread_t t;
  pthread_create (&t, NULL, thread_storm, scm_c_interrupt_target ());
  int stopped = 0, other = 0, undefined = 0;
  unsigned seed = 23;
  static char src[4096];
  for (int n = 1; n <= STAYS; n++)
    {
      /* Names of their own: the alarm storm used y-1 ... */
      stay_source (src, sizeof src, 1000000 + n, &seed);
      atomic_store (&storm_armed, 1);
      SCM v;
      int raised = scm_c_instance_eval_string (a, src, "storm", &v);
      atomic_store (&storm_armed, 0);
      while (atomic_load (&storm_in_request))
        sched_yield ();
      stopped += raised && interrupted_p (v);
      if (raised && !interrupted_p (v) && other++ < 5)
        diag ("stay %d: %s", n, outcome (raised, v));
      struct probe p = { 1000000 + n, 0 };
      if ((scm_c_with_instance (a, probe_body, &p, &v) || !p.ok)
          && undefined++ < 5)
        diag ("stay %d: its y- is not defined after its definition", n);
    }
  atomic_store (&storm_stop, 1);
  scm_without_guile (join_thread, &t);
  diag ("%d stays, %d interrupted", STAYS, stopped);
  ok (other == 0 && undefined == 0, "scm_request_interrupt_of from another "
      "thread every 0-100 us: each stay returns or is interrupted, and "
      "leaves no pending definition behind (%d other errors, %d not "
      "defined)", other, undefined);
}

static void
test_signal_handlers (void)
{
  scm_t_instance *a = scm_instance_create ();
  scm_with_instance (a, define_note, NULL);
  signalled_inst = a;

  /* pthread_kill: the handler interrupts the very thread it runs on,
     in the middle of A's loop.  */
  handle (SIGUSR1, on_usr1);
  atomic_store (&in_loop, 0);
  struct job j = { a, "(in-loop!) " LONG_LOOP, 0, SCM_BOOL_F };
  pthread_create (&loop_thread, NULL, run_job, &j);
  while (!atomic_load (&in_loop))
    sched_yield ();
  pthread_kill (loop_thread, SIGUSR1);
  scm_without_guile (join_thread, &loop_thread);
  ok (handler_asked == 1, "a SIGUSR1 handler's request counts the thread "
      "in A (%d)", (int) handler_asked);
  ok_streq (outcome (j.raised, j.v), "interrupted",
            "and interrupts it: the request is async-signal-safe");

  test_alarm_storm (a);
  test_thread_storm (a);
  ok (scm_instance_destroy (a) == 0, "A has no stay left");
}

int
main (void)
{
  /* SIGALRM only for the main thread, which unblocks it for its case:
     every thread made from here (libgc's, the test's) inherits the
     mask.  */
  sigset_t alrm;
  sigemptyset (&alrm);
  sigaddset (&alrm, SIGALRM);
  pthread_sigmask (SIG_BLOCK, &alrm, NULL);
  scm_init ();
  test_one_thread ();
  test_instance_windows ();
  test_random_moments ();
  test_signal_handlers ();
  return tap_done ();
}
