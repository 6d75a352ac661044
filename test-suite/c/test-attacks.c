/* test-attacks.c -- hostile scripts in instances: the host and the
   other instances stay untouched
   SPDX-License-Identifier: LGPL-3.0-or-later

   Issue 37's attacks that need more than one instance or a host: one
   instance (the attacker) runs the script, another (the victim) and
   the default instance then run their own code, whose results must be
   what they were.  The process surviving each step is itself part of
   the assertion: before the fix, the first group segfaulted.  */

#include <libscm.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "tap.h"
#include "measure.h"

/* The value of SRC in INST in `write' form, or "raised: TEXT".  */
static const char *
in (scm_t_instance *inst, const char *src)
{
  static char buf[512];
  SCM r;
  if (scm_c_instance_eval_string (inst, src, "attack", &r))
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

static int
raised (const char *result)
{
  return strncmp (result, "raised: ", 8) == 0;
}

/* What the victims compute, before and after each attack.  */
static const char *const victim_code
  = "(import (scheme base) (scheme write))"
    "(list (string-append \"secret-\" \"token\") (car '(1 2)) (+ 1 2))";
static const char *const victim_value = "(\"secret-token\" 1 3)";

static void
victims_untouched (scm_t_instance *victim, const char *what)
{
  ok_streq (in (victim, victim_code), victim_value,
            "after %s: another instance computes as before", what);
  ok_streq (in (NULL, victim_code), victim_value,
            "after %s: the default instance computes as before", what);
  scm_t_instance *later = scm_instance_create ();
  ok_streq (in (later, victim_code), victim_value,
            "after %s: an instance made later computes as before", what);
  scm_instance_destroy (later);
}

/* ------------------------------------------------------------------ */

static void
test_crashes (scm_t_instance *attacker, scm_t_instance *victim)
{
  static const char *const lines[] = {
    "(%wind-to 5)",
    "(%common-winders 1 2)",
    "(%set-parameterization! (list 5)) (current-output-port)",
    "(%set-winders! 5) (display 1)",
    "((module-ref (resolve-module '(libscm)) '%set-winders!) 5)",
    "((@@ (libscm) %wind-to) 5)",
  };
  for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
    ok (raised (in (attacker, lines[i])), "%s raises in the instance",
        lines[i]);
  victims_untouched (victim, "the VM's internals");
}

static void
test_shared_libraries (scm_t_instance *attacker, scm_t_instance *victim)
{
  in (victim, "(import (scheme base))");
  const char *r = in (attacker,
                      "(module-define! (resolve-module '(scheme base)) "
                      "'string-append (lambda args \"pwned\"))");
  ok (raised (r) && strstr (r, "(scheme base)") != NULL,
      "module-define! into the shared (scheme base) raises, naming it");
  r = in (attacker, "(variable-set! (module-variable (resolve-module "
          "'(scheme write)) 'display) (lambda args 'pwned))");
  ok (raised (r) && strstr (r, "every instance shares") != NULL,
      "variable-set! of a (scheme write) variable raises");
  r = in (attacker, "(variable-set! (module-variable (resolve-module "
          "'(libscm)) 'car) cdr)");
  ok (raised (r), "variable-set! of a core variable raises");
  ok_streq (in (attacker, "(define (car x) 'own) (car '(1 2))"), "own",
            "the attacker may redefine car in its own top level");
  victims_untouched (victim, "the shared libraries' attacks");
}

static void
test_capabilities (scm_t_instance *attacker)
{
  ok (raised (in (attacker, "(make-pointer 0)")),
      "make-pointer is not bound in an instance");
  ok (raised (in (attacker, "(pointer-address %null-pointer)")),
      "nor are the other pointer procedures");
  ok_streq (in (attacker, "(import (system foreign)) "
                "(pointer-address (make-pointer 4096))"), "4096",
            "(system foreign) gives them");
}

/* What a pure instance cannot do, and what it still can.  */
static void
test_restricted (void)
{
  scm_t_instance *pure = scm_instance_create_profile ("pure");
  ok (pure != NULL && scm_instance_capabilities (pure) == 0,
      "a \"pure\" instance has no capability");
  static const char *const denied[] = {
    "(open-input-file \"/etc/passwd\")",
    "(call-with-input-file \"/etc/passwd\" read-line)",
    "(load \"/etc/passwd\")",
    "(include \"/etc/passwd\")",
    "(file-exists? \"/\")",
    "(import (only (scheme file) open-input-file)) open-input-file",
    "(get-environment-variable \"HOME\")",
    "(import (only (scheme process-context) get-environment-variables)) 1",
    "(command-line)",
    "(current-second)",
    "(import (only (scheme time) current-jiffy)) 1",
    "(call-with-new-thread (lambda () 1))",
    "(import (system foreign)) (make-pointer 0)",
    "((module-ref (resolve-module '(libscm)) 'open-input-file) \"/\")",
    "(set! %load-path '(\"/\")) (import (etc passwd))",
    /* The operating system's procedures (posix/), each group's.  */
    "(stat \"/\")",
    "(opendir \"/\")",
    "(system \"true\")",
    "(kill (getpid) 0)",
    "(primitive-exit 3)",
    "(socket AF_INET SOCK_STREAM 0)",
    "(gethost \"localhost\")",
    "(getserv \"http\" \"tcp\")",
    "(fdes->ports 0)",
    "(getenv \"HOME\")",
    "(gethostname)",
    "(gettimeofday)",
    "(import (ice-9 popen)) (open-input-pipe \"true\")",
    "(import (srfi 170)) (file-info \"/\" #t)",
    /* Built-in libraries whose image holds a capability's variables
       (test_images_lend_nothing).  */
    "(import (srfi 19)) (current-date)",
    "(import (srfi 19)) (current-time)",
    "(import (srfi 98)) (get-environment-variables)",
    "(import (ice-9 threads)) (call-with-new-thread (lambda () 1))",
    "(import (scheme time)) (current-second)",
  };
  for (size_t i = 0; i < sizeof denied / sizeof *denied; i++)
    ok (raised (in (pure, denied[i])), "pure: %s raises", denied[i]);
  ok_streq (in (pure, "(read-line)"), "#<eof>",
            "pure: the current input is empty, not the host's stdin");
  ok_streq (in (pure, "(import (scheme base) (srfi 1) (scheme write)) "
                "(fold + 0 (iota 10))"), "45",
            "pure: computation and pure libraries work");
  ok (raised (in (pure, "(import (scheme time)) (current-jiffy)")),
      "pure: (scheme time) gives no clock");
  scm_instance_destroy (pure);

  scm_t_instance *timed = scm_instance_create_profile ("pure+time");
  ok (timed != NULL && scm_instance_capabilities (timed) == SCM_CAP_TIME,
      "\"pure+time\" has the clocks only");
  ok_streq (in (timed, "(real? (current-second))"), "#t",
            "pure+time: current-second works");
  ok (raised (in (timed, "(open-input-file \"/etc/passwd\")")),
      "pure+time: files are still denied");
  scm_instance_destroy (timed);

  ok (scm_instance_create_profile ("pure+bogus") == NULL
      && scm_instance_create_profile ("time") == NULL
      && scm_instance_create_profile (NULL) == NULL,
      "an unknown profile is refused");
  ok (scm_instance_capabilities (NULL) == SCM_CAP_ALL,
      "the default instance has every capability");
  ok_streq (in (NULL, "(procedure? open-input-file)"), "#t",
            "and still its files after pure instances were made");
}

/* The built-in libraries in the image hold compiled references to the
   core's variables: an instance without a capability one of them needs
   compiles that library's text instead, where the lookup hides the
   variable, so that no image lends it a capability (test_restricted
   tries such libraries in a pure instance first).  */
static void
test_images_lend_nothing (void)
{
  ok_streq (in (NULL, "(import (srfi 19)) (date? (current-date))"), "#t",
            "the default instance has (srfi 19)'s clock");
  scm_t_instance *pure = scm_instance_create_profile ("pure");
  ok (raised (in (pure, "(import (srfi 19)) (current-date)")),
      "pure: (srfi 19) has no clock after the default instance used it");
  ok_streq (in (pure, "(import (srfi 133) (srfi 1)) "
                "(vector-index even? (list->vector (iota 5 1)))"), "1",
            "pure: the image's libraries that need nothing work");
  scm_instance_destroy (pure);
  scm_t_instance *timed = scm_instance_create_profile ("pure+time");
  ok_streq (in (timed, "(import (srfi 19)) (date? (current-date))"), "#t",
            "pure+time: (srfi 19)'s clock works");
  ok (raised (in (timed, "(import (srfi 98)) (get-environment-variables)")),
      "pure+time: the environment is still denied");
  scm_instance_destroy (timed);
}

/* Bare and restricted instances cost the same (a diagnostic, and a
   bound on the heap).  */
static void
test_costs (void)
{
  enum { N = 50 };
  scm_t_instance *v[N];
  const char *names[] = { "all", "pure", "pure+time" };
  for (size_t k = 0; k < 3; k++)
    {
      scm_instance_destroy (scm_instance_create_profile (names[k]));
      size_t b0 = bytes_allocated ();
      double t0 = now ();
      for (int i = 0; i < N; i++)
        v[i] = scm_instance_create_profile (names[k]);
      double t = (now () - t0) / N;
      size_t bytes = (bytes_allocated () - b0) / N;
      for (int i = 0; i < N; i++)
        scm_instance_destroy (v[i]);
      diag ("a \"%s\" instance: %.1f us and %zu bytes of heap", names[k],
            t * 1e6, bytes);
      ok (bytes <= 32 * 1024, "a \"%s\" instance takes at most 32 KiB (%zu)",
          names[k], bytes);
    }
  /* A bare instance with a sandbox module of Guile's (ice-9 sandbox),
     for comparison.  */
  scm_t_instance *first = scm_instance_create ();
  in (first, "(import (ice-9 sandbox)) (make-sandbox-module all-pure-bindings)");
  scm_instance_destroy (first);
  enum { M = 10 };
  size_t b0 = bytes_allocated ();
  double t0 = now ();
  int all = 1;
  for (int i = 0; i < M; i++)
    {
      scm_t_instance *inst = scm_instance_create ();
      all &= strcmp (in (inst, "(import (ice-9 sandbox)) "
                         "(eval-in-sandbox '(+ 1 2) #:module "
                         "(make-sandbox-module all-pure-bindings))"), "3") == 0;
      scm_instance_destroy (inst);
    }
  size_t sandboxed = (bytes_allocated () - b0) / M;
  diag ("a sandboxed instance ((ice-9 sandbox), all-pure-bindings): "
        "%.1f us and %zu bytes of heap", (now () - t0) / M * 1e6, sandboxed);
  ok (all, "a sandbox module in an instance evaluates");
  /* The library and its sandbox module come from the image and the
     process's template: no compiling, no binding copied (about 29 KB
     with the instance; it was 260 KB).  */
  ok (sandboxed <= 64 * 1024,
      "a sandboxed instance takes at most 64 KiB (%zu)", sandboxed);
  /* A pure instance has the same built-in libraries, so its sandbox
     modules come from the process's template too, with its own
     definitions.  */
  scm_t_instance *pure = scm_instance_create_profile ("pure");
  ok_streq (in (pure, "(import (ice-9 sandbox)) "
                "(define m (make-sandbox-module all-pure-bindings)) "
                "(eval '(define z 5) m) "
                "(list (eval '(* z 2) m) "
                "      (guard (e (#t 'unbound)) "
                "        (eval 'z (make-sandbox-module all-pure-bindings))))"),
            "(10 unbound)", "pure: a sandbox module keeps its definitions");
  scm_instance_destroy (pure);
}

/* ------------------------------------------------------------------ */
/* A library the host shares.  */

static SCM
host_version (void)
{
  return scm_from_int (7);
}

static void
init_host_api (void *unused)
{
  (void) unused;
  scm_c_define_gsubr ("host-version", 0, 0, 0, (scm_t_subr) host_version);
  scm_c_define ("host-limit", scm_from_int (100));
  scm_c_export ("host-version", "host-limit", NULL);
}

/* A module that imports a whole built-in library of the image takes
   it lazily (modules.c): sharing it enters the imports for good.  */
static void
init_host_lists (void *unused)
{
  (void) unused;
  scm_c_eval_string ("(import (srfi 1))");
  scm_c_eval_string ("(define (host-take l) (take l 1))");
  scm_c_export ("host-take", "take", NULL);
}

static void
test_host_shared_library (scm_t_instance *attacker, scm_t_instance *victim)
{
  scm_share_module (scm_c_define_module ("host lists", init_host_lists, NULL));
  ok_streq (in (attacker, "(import (host lists)) (list (host-take '(1 2)) "
                "(take '(3 4) 1))"), "((1) (3))",
            "a shared module's lazy imports: its code and a re-export");
  ok (raised (in (attacker, "(eval '(set! take 1) "
                  "(resolve-module '(host lists)))")),
      "set! of a shared module's import raises");

  SCM m = scm_c_define_module ("host api", init_host_api, NULL);
  scm_share_module (m);
  ok_streq (in (attacker, "(import (host api)) (list (host-version) host-limit)"),
            "(7 100)", "an instance imports the library the host shared");
  const char *r = in (attacker, "(variable-set! (module-variable "
                      "(resolve-module '(host api)) 'host-limit) 1000000)");
  ok (raised (r), "variable-set! of its variable raises");
  r = in (attacker, "(module-define! (resolve-module '(host api)) "
          "'host-version (lambda () 'pwned))");
  ok (raised (r) && strstr (r, "(host api)") != NULL,
      "module-define! into it raises, naming it");
  ok (raised (in (attacker, "(eval '(define host-limit 0) "
                  "(resolve-module '(host api)))")),
      "define in it by eval raises");
  ok_streq (in (victim, "(import (host api)) (list (host-version) host-limit)"),
            "(7 100)", "another instance sees it unchanged");
}

/* ------------------------------------------------------------------ */
/* The host's capture port (item 11).  */

static SCM
capture (void *port)
{
  scm_set_current_output_port (SCM_PACK_POINTER (port));
  return SCM_UNSPECIFIED;
}

static void
test_capture_port (void)
{
  scm_t_instance *inst = scm_instance_create_profile ("pure");
  SCM out = scm_open_output_string ();
  scm_c_with_instance (inst, capture, SCM_UNPACK_POINTER (out), NULL);
  ok_streq (in (inst, "(display 42) (close-port (current-output-port)) 'closed"),
            "closed", "a script closes the host's capture port");
  scm_force_output (out);
  ok (1, "the host's scm_force_output on it returns (the process lives)");
  ok (scm_is_string (scm_get_output_string (out)),
      "and the host still reads what was captured");
  out = scm_open_output_string ();
  scm_c_with_instance (inst, capture, SCM_UNPACK_POINTER (out), NULL);
  ok_streq (in (inst, "(parameterize ((current-output-port "
                "(open-output-string))) (display 'hidden)) 'replaced"),
            "replaced", "a script replaces its current output port");
  scm_force_output (out);
  ok_streq (in (inst, "(display 'shown) 1"), "1",
            "its next snippet writes to the host's port again");
  char *text = scm_to_utf8_stringn (scm_get_output_string (out), NULL);
  ok_streq (text, "shown", "which holds only that snippet's output");
  free (text);
  scm_instance_destroy (inst);
}

/* ------------------------------------------------------------------ */
/* The host prints what a script returned (item 8).  */

static void
test_host_printing (void)
{
  scm_t_instance *inst = scm_instance_create_profile ("pure");
  SCM r;
  int failed = scm_c_instance_eval_string
    (inst, "(let loop ((i 0) (x '())) "
     "(if (= i 40) x (loop (+ i 1) (cons x x))))", "dag", &r);
  ok (!failed, "a script returns a chain of 40 pairs, each holding the "
      "next twice (2^40 pairs written in full)");
  char *text = scm_c_write_to_utf8 (r);
  ok (text != NULL && strlen (text) < 2000 && strstr (text, "#38#") != NULL,
      "scm_c_write_to_utf8 writes it with labels, in %zu bytes",
      text ? strlen (text) : 0);
  free (text);
  scm_instance_destroy (inst);
}

/* ------------------------------------------------------------------ */
/* Blocking reads (item 6).  */

static void *
interrupt_later (void *inst)
{
  struct timespec ts = { 0, 150 * 1000 * 1000 };
  nanosleep (&ts, NULL);
  scm_instance_request_interrupt (inst);
  return NULL;
}

static void
test_blocking_reads (void)
{
  int fds[2];
  if (pipe (fds) != 0)
    return;
  int saved = dup (0);
  dup2 (fds[0], 0);
  scm_t_instance *inst = scm_instance_create_profile ("pure+stdin");
  scm_t_limits lim = { .time_limit = 0.2 };
  scm_instance_set_limits (inst, &lim);
  SCM r;
  double t0 = now ();
  int failed = scm_c_instance_eval_string (inst, "(read-line)", "read", &r);
  double t = now () - t0;
  ok (failed && scm_c_limit_exceeded (r) == SCM_LIMIT_TIME && t < 0.6,
      "a read of a pipe that never delivers ends at the 0.2 s time limit "
      "(%.3f s)", t);
  scm_instance_set_limits (inst, NULL);
  pthread_t th;
  pthread_create (&th, NULL, interrupt_later, inst);
  t0 = now ();
  failed = scm_c_instance_eval_string (inst, "(read-line)", "read", &r);
  t = now () - t0;
  pthread_join (th, NULL);
  char *text = failed ? scm_c_condition_text (r) : NULL;
  ok (failed && text != NULL && strstr (text, "interrupted") != NULL,
      "and at scm_instance_request_interrupt, which it raises (%.3f s)", t);
  free (text);
  (void) !write (fds[1], "next\n", 5);
  ok_streq (in (inst, "(read-line)"), "\"next\"",
            "the line that comes later is the next read's, not lost");
  scm_instance_destroy (inst);
  dup2 (saved, 0);
  close (saved);
  close (fds[0]);
  close (fds[1]);
}

/* ------------------------------------------------------------------ */
/* Threads that a script starts (item 7).  */

/* Destroy INST, waiting up to 2 s for its threads to stop; the seconds
   it took, or -1 if they never did.  */
static double
destroy_when_stopped (scm_t_instance *inst)
{
  double t0 = now ();
  while (scm_instance_destroy (inst) != 0)
    {
      if (now () - t0 > 2.0)
        return -1;
      struct timespec ts = { 0, 5 * 1000 * 1000 };
      nanosleep (&ts, NULL);
    }
  return now () - t0;
}

static void
test_thread_budgets (scm_t_instance *victim)
{
  scm_t_instance *inst = scm_instance_create_profile ("pure+threads");
  scm_t_limits lim = { .time_limit = 0.3 };
  scm_instance_set_limits (inst, &lim);
  SCM r;
  double t0 = now ();
  int failed = scm_c_instance_eval_string
    (inst, "(call-with-new-thread (lambda () (let loop () (loop)))) "
     "(let loop () (loop))", "spin", &r);
  double t = now () - t0;
  ok (failed && scm_c_limit_exceeded (r) == SCM_LIMIT_TIME && t < 1.0,
      "a script that starts a thread that loops for ever ends at its "
      "0.3 s limit (%.3f s)", t);
  double d = destroy_when_stopped (inst);
  ok (d >= 0 && d < 0.5,
      "and its thread is stopped with it: the instance can be destroyed "
      "(after %.3f s)", d);

  /* The relay of issue 37: each thread starts the next before it ends.
     The evaluation returns at once; its threads must not go on.  */
  inst = scm_instance_create_profile ("pure+threads");
  scm_instance_set_limits (inst, &lim);
  t0 = now ();
  const char *res = in (inst, "(define (relay n) (call-with-new-thread "
                        "(lambda () (let loop ((i 0)) (if (< i 100000) "
                        "(loop (+ i 1)))) (relay (+ n 1))))) (relay 0) 'ok");
  ok_streq (res, "ok", "a relay of threads is started and the script "
            "returns");
  d = destroy_when_stopped (inst);
  ok (d >= 0 && d < 0.5, "the relay stops when the script returns: "
      "destroyed after %.3f s", d);

  /* One step budget for the script and its threads.  */
  inst = scm_instance_create_profile ("pure+threads");
  scm_t_limits steps = { .step_limit = 2000000 };
  scm_instance_set_limits (inst, &steps);
  t0 = now ();
  failed = scm_c_instance_eval_string
    (inst, "(join-thread (call-with-new-thread (lambda () "
     "(let loop () (loop)))))", "steps", &r);
  t = now () - t0;
  ok (failed && scm_c_limit_exceeded (r) == SCM_LIMIT_STEPS,
      "a thread's loop spends its script's step budget: the join raises "
      "the step limit (%.3f s)", t);
  ok (destroy_when_stopped (inst) >= 0, "and that instance is destroyed");

  /* A thread in a pure instance cannot be started at all.  */
  inst = scm_instance_create_profile ("pure");
  ok (raised (in (inst, "(call-with-new-thread (lambda () 1))")),
      "an instance without the threads capability starts no thread");
  scm_instance_destroy (inst);
  victims_untouched (victim, "the threads' attacks");
}

/* ------------------------------------------------------------------ */
/* Memory per instance (item 9): two tenants in two threads.  */

struct tenant
{
  const char *src;
  size_t quota;
  volatile int *stop;           /* run SRC until it is set, if not NULL */
  int runs, exceeded, others;
  char result[256];
};

static void *
run_tenant (void *data)
{
  struct tenant *tn = data;
  scm_init ();
  scm_t_instance *inst = scm_instance_create_profile ("pure");
  scm_t_limits lim = { .allocation_limit = tn->quota };
  scm_instance_set_limits (inst, &lim);
  do
    {
      SCM r;
      int failed = scm_c_instance_eval_string (inst, tn->src, "tenant", &r);
      tn->runs++;
      if (failed && scm_c_limit_exceeded (r) == SCM_LIMIT_ALLOCATION)
        tn->exceeded++;
      else if (failed)
        tn->others++;
      else
        {
          char *t = scm_c_write_to_utf8 (r);
          snprintf (tn->result, sizeof tn->result, "%s", t ? t : "?");
          free (t);
        }
    }
  while (tn->stop != NULL && !*tn->stop);
  scm_instance_destroy (inst);
  return NULL;
}

static void
test_memory_quota (void)
{
  volatile int done = 0;
  /* Keeps about 64 bytes per step, past any quota.  */
  struct tenant greedy = {
    "(let loop ((x '())) (loop (cons (make-vector 4 0) x)))",
    16 << 20, &done, 0, 0, 0, ""
  };
  /* Allocates almost nothing, for a while.  */
  struct tenant frugal = {
    "(let loop ((i 0) (s 0)) (if (= i 30000000) s (loop (+ i 1) (+ s 2))))",
    16 << 20, NULL, 0, 0, 0, ""
  };
  pthread_t g, f;
  pthread_create (&g, NULL, run_tenant, &greedy);
  pthread_create (&f, NULL, run_tenant, &frugal);
  pthread_join (f, NULL);
  done = 1;
  pthread_join (g, NULL);
  ok (greedy.runs > 0 && greedy.exceeded == greedy.runs,
      "the tenant that allocates without end exceeds its 16 MiB quota "
      "each time (%d of %d runs)", greedy.exceeded, greedy.runs);
  ok_streq (frugal.result, "60000000",
            "the other tenant, under the same quota in another thread at "
            "the same time, finishes its work untouched");
  ok (frugal.exceeded == 0 && frugal.others == 0,
      "its evaluation never saw the other's allocation");
}

/* ------------------------------------------------------------------ */
/* Finalizers that raise (item 11).  */

static void
raising_finalizer (void *addr)
{
  (void) addr;
  scm_c_raise_error ("misc-error", "finalizer", "boom", SCM_EOL);
}

static void __attribute__ ((noinline))
drop_raising_pointers (int n)
{
  for (int i = 0; i < n; i++)
    scm_from_pointer ((void *) (uintptr_t) (16 * (i + 1)), raising_finalizer);
}

static void
count_error (SCM obj, void *data)
{
  (void) obj;
  (*(int *) data)++;
}

static void
collect_and_finalize (void)
{
  for (int k = 0; k < 3; k++)
    {
      scm_gc ();
      scm_run_finalizers ();
    }
}

static void
test_finalizer_errors (void)
{
  int seen = 0;
  scm_set_finalizer_error_handler (count_error, &seen);
  drop_raising_pointers (100);
  collect_and_finalize ();
  ok (seen >= 90 && seen <= 100,
      "a handler receives each finalizer's error (%d of 100)", seen);

  scm_set_finalizer_error_handler (NULL, NULL);
  char path[] = "/tmp/scm-attacks-XXXXXX";
  int fd = mkstemp (path);
  int saved = dup (2);
  fflush (stderr);
  dup2 (fd, 2);
  drop_raising_pointers (100);
  collect_and_finalize ();
  fflush (stderr);
  dup2 (saved, 2);
  close (saved);
  FILE *f = fdopen (fd, "r");
  rewind (f);
  char line[512];
  int lines = 0, summary = 0;
  while (fgets (line, sizeof line, f) != NULL)
    {
      lines++;
      summary += strstr (line, "finalizers raised; the first:") != NULL;
    }
  fclose (f);
  unlink (path);
  ok (summary >= 1 && lines <= 6,
      "without one, a summary line per run, not one per object "
      "(%d lines)", lines);
}

/* ------------------------------------------------------------------ */
/* Small C stacks (item 10).  */

static SCM
c_call (SCM proc, SCM n)
{
  return scm_call_1 (proc, n);
}

static SCM
define_c_call (void *unused)
{
  (void) unused;
  scm_c_define_gsubr ("c-call", 2, 0, 0, (scm_t_subr) c_call);
  return SCM_UNSPECIFIED;
}

struct small_stack_run
{
  const char *src;
  char result[512];
};

static void *
run_on_small_stack (void *data)
{
  struct small_stack_run *run = data;
  scm_init ();
  scm_t_instance *inst = scm_instance_create ();
  scm_c_with_instance (inst, define_c_call, NULL, NULL);
  snprintf (run->result, sizeof run->result, "%s", in (inst, run->src));
  scm_instance_destroy (inst);
  return NULL;
}

/* The result of SRC in a fresh instance on a thread of STACK bytes.  */
static const char *
on_stack_of (size_t stack, const char *src)
{
  static struct small_stack_run run;
  run.src = src;
  snprintf (run.result, sizeof run.result, "(no result)");
  pthread_attr_t attr;
  pthread_t t;
  pthread_attr_init (&attr);
  pthread_attr_setstacksize (&attr, stack);
  if (pthread_create (&t, &attr, run_on_small_stack, &run) != 0)
    return "(no thread)";
  pthread_join (t, NULL);
  pthread_attr_destroy (&attr);
  return run.result;
}

static void
test_small_stacks (void)
{
  ok_streq (on_stack_of (64 * 1024, "(+ 1 2)"), "3",
            "a 64 KiB pthread runs a protected evaluation");
  ok_streq (on_stack_of (128 * 1024, "(import (scheme base)) "
                         "(length (let loop ((i 0) (acc '())) "
                         "(if (= i 10000) acc (loop (+ i 1) (cons i acc)))))"),
            "10000", "a 128 KiB pthread imports a library and loops");
  const char *r = on_stack_of (128 * 1024,
                               "(define (down n) (c-call down (+ n 1))) "
                               "(down 0)");
  ok (strstr (r, "raised: ") == r && strstr (r, "stack") != NULL,
      "Scheme -> C -> Scheme recursion on a 128 KiB pthread ends in a "
      "caught stack overflow (%s)", r);
  r = on_stack_of (64 * 1024, "(define (down n) (c-call down (+ n 1))) "
                   "(down 0)");
  ok (strstr (r, "raised: ") == r && strstr (r, "stack") != NULL,
      "and on a 64 KiB pthread (%s)", r);
}

int
main (void)
{
  scm_init ();
  scm_t_instance *attacker = scm_instance_create ();
  scm_t_instance *victim = scm_instance_create ();
  ok_streq (in (victim, victim_code), victim_value, "the victim's code");
  test_crashes (attacker, victim);
  test_shared_libraries (attacker, victim);
  test_capabilities (attacker);
  test_host_shared_library (attacker, victim);
  test_restricted ();
  test_images_lend_nothing ();
  test_costs ();
  test_capture_port ();
  test_host_printing ();
  test_blocking_reads ();
  test_thread_budgets (victim);
  test_memory_quota ();
  test_finalizer_errors ();
  test_small_stacks ();
  scm_instance_destroy (attacker);
  scm_instance_destroy (victim);
  return tap_done ();
}
