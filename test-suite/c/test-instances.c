/* test-instances.c -- isolated instances: separate top levels,
   libraries, ports, parameters and limits; two instances in one thread
   and in two threads; interrupting one instance; destroying one
   SPDX-License-Identifier: LGPL-3.0-or-later

   No timing is asserted: waits are on flags that the Scheme code sets
   through C procedures, and creation time is a diagnostic.  */

#include <libscm.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "tap.h"
#include "measure.h"

/* The value of SRC in INST in `write' form, or "raised: TEXT".  */
static const char *
in (scm_t_instance *inst, const char *src)
{
  SCM r;
  if (scm_c_instance_eval_string (inst, src, "test", &r))
    {
      static char buf[512];
      char *t = scm_c_condition_text (r);
      snprintf (buf, sizeof buf, "raised: %s", t ? t : "?");
      free (t);
      return buf;
    }
  SCM port = scm_open_output_string ();
  scm_write (r, port);
  return scm_to_utf8_stringn (scm_get_output_string (port), NULL);
}


/* ------------------------------------------------------------------ */

/* The time and heap that evaluating SRC takes in a fresh instance,
   beyond those of evaluating #t there: a mean over N instances.  */
static void
measure_first (const char *src, double *us, size_t *bytes)
{
  enum { N = 20 };
  double t = 0;
  long long b = 0;
  for (int i = 0; i < 2 * N; i++)
    {
      scm_t_instance *inst = scm_instance_create ();
      in (inst, "(begin)");
      const char *what = i % 2 ? src : "#t";
      long long b0 = (long long) bytes_allocated ();
      double t0 = now ();
      in (inst, what);
      double dt = now () - t0;
      long long db = (long long) bytes_allocated () - b0;
      t += i % 2 ? dt : -dt;
      b += i % 2 ? db : -db;
      scm_instance_destroy (inst);
    }
  /* bytes-allocated moves by the blocks the free lists take, so a mean
     may come out below the baseline: none then.  */
  *us = t / N * 1e6;
  *bytes = b > 0 ? (size_t) (b / N) : 0;
}

/* Importing a built-in library in an instance: from the image, binding
   names, with no reading or compiling.  */
static void
test_import (void)
{
  double us;
  size_t bytes;
  const char *images = getenv ("SCM_STATIC_ALLOC");
  int imaged = images != NULL && strcmp (images, "1") == 0;
  measure_first ("(import (scheme write))", &us, &bytes);
  diag ("a first (import (scheme write)): %.1f us and %zu bytes", us, bytes);
  if (imaged)
    ok (bytes <= 4096, "importing a built-in library allocates at most "
        "4 KiB (%zu bytes)", bytes);
  else
    ok (1, "# SKIP no image: the library is compiled from its text");
  measure_first ("(import (srfi 133))", &us, &bytes);
  diag ("a first (import (srfi 133)): %.1f us and %zu bytes", us, bytes);
}

static void
test_create (void)
{
  /* The first one may load nothing lazily that later ones share:
     measure from the second.  */
  scm_instance_destroy (scm_instance_create ());
  enum { N = 50 };
  scm_t_instance *v[N];
  size_t b0 = bytes_allocated ();
  double t0 = now ();
  for (int i = 0; i < N; i++)
    v[i] = scm_instance_create ();
  double t = (now () - t0) / N;
  size_t bytes = (bytes_allocated () - b0) / N;
  diag ("instance creation: %.1f us and %zu bytes of heap each", t * 1e6,
        bytes);
  ok (bytes <= 64 * 1024, "an instance takes at most 64 KiB of heap (%zu)",
      bytes);
  int all = 1;
  for (int i = 0; i < N; i++)
    all &= v[i] != NULL && scm_instance_destroy (v[i]) == 0;
  ok (all, "instances are made and destroyed");
  ok (scm_instance_destroy (scm_default_instance ()) == -1,
      "the default instance cannot be destroyed");
  ok (scm_instance_destroy (NULL) == -1, "nor NULL");
  ok (scm_current_instance () == scm_default_instance (),
      "the main thread is in the default instance");
}

static void
test_top_levels (void)
{
  scm_t_instance *a = scm_instance_create (), *b = scm_instance_create ();
  ok_streq (in (a, "(define x 'in-a) x"), "in-a", "a definition in A");
  ok_streq (in (b, "(define x 'in-b) x"), "in-b", "the same name in B");
  ok_streq (in (a, "x"), "in-a", "A keeps its own");
  ok_streq (in (NULL, "(guard (e (#t 'unbound)) x)"), "unbound",
            "the default instance sees neither");

  ok_streq (in (a, "(define if 5) if"), "5", "A redefines if");
  ok_streq (in (b, "(if #t 'yes 'no)"), "yes", "B's if is the core's");
  ok_streq (in (NULL, "(if #f 'yes 'no)"), "no", "so is the default's");
  ok_streq (in (a, "(define (car p) 'mine) (car '(1 2))"), "mine",
            "A redefines car");
  ok_streq (in (b, "(car '(1 2))"), "1", "B's car is the core's");
  ok_streq (in (b, "(define (f p) (car p)) (f '(3 4))"), "3",
            "and so is that of B's compiled code");
  ok_streq (in (a, "(set! map (lambda args 'no-map)) (map + '(1))"),
            "no-map", "A assigns map");
  ok_streq (in (b, "(map + '(1) '(2))"), "(3)", "B's map works");
  ok_streq (in (NULL, "(map - '(1))"), "(-1)", "the default's too");

  ok_streq (in (a, "(close-port (current-output-port))"
                " (output-port-open? (current-output-port))"),
            "#f", "A closes its current output port");
  ok_streq (in (b, "(output-port-open? (current-output-port))"), "#t",
            "B's is open");
  ok_streq (in (NULL, "(output-port-open? (current-output-port))"), "#t",
            "the default's is open");
  ok_streq (in (a, "(set! %load-path '(\"/nowhere\")) %load-path"),
            "(\"/nowhere\")", "A sets its %%load-path");
  ok_streq (in (b, "(equal? %load-path '(\"/nowhere\"))"), "#f",
            "B's is unchanged");
  ok_streq (in (NULL, "(equal? %load-path '(\"/nowhere\"))"), "#f",
            "so is the default's");
  scm_instance_destroy (a);
  scm_instance_destroy (b);
}

/* A library file with a counter, in a temporary directory.  */
static char libdir[64];

static void
write_library (void)
{
  strcpy (libdir, "/tmp/test-instances-XXXXXX");
  if (mkdtemp (libdir) == NULL)
    return;
  char path[128];
  snprintf (path, sizeof path, "%s/counter.sld", libdir);
  FILE *f = fopen (path, "w");
  if (f == NULL)
    return;
  fputs ("(define-library (counter) (export next!) (import (scheme base))\n"
         "  (begin (define n 0)\n"
         "         (define (next!) (set! n (+ n 1)) n)))\n", f);
  fclose (f);
}

static void
remove_library (void)
{
  char path[128];
  snprintf (path, sizeof path, "%s/counter.sld", libdir);
  unlink (path);
  rmdir (libdir);
}

static SCM
resolve (void *name)
{
  return scm_c_resolve_module (name);
}

static void
test_libraries (void)
{
  write_library ();
  scm_t_instance *a = scm_instance_create (), *b = scm_instance_create ();
  char src[256];
  snprintf (src, sizeof src,
            "(set! %%load-path (cons \"%s\" %%load-path))", libdir);
  in (a, src);
  ok_streq (in (a, "(import (counter)) (next!) (next!)"), "2",
            "A loads a library and uses its state");
  ok_streq (in (b, "(guard (e (#t 'not-found)) (eval '(next!)"
                " (environment '(counter))))"), "not-found",
            "B cannot find it in its own load path");
  in (b, src);
  ok_streq (in (b, "(import (counter)) (next!)"), "1",
            "B loads it afresh, with a state of its own");
  ok_streq (in (a, "(next!)"), "3", "A's state goes on");
  ok_streq (in (a, "(define-library (mine) (export m) (import (scheme base))"
                " (begin (define m 'a-lib))) (import (mine)) m"),
            "a-lib", "A defines a library at its top level");
  ok_streq (in (b, "(guard (e (#t 'not-found)) (environment '(mine)))"),
            "not-found", "B does not see it");
  ok_streq (in (b, "(import (srfi 1)) (iota 3)"), "(0 1 2)",
            "built-in libraries load in an instance");
  ok_streq (in (a, "(guard (e (#t 'unbound)) iota)"), "unbound",
            "and only there");
  SCM base_a, base_b, srfi_a, srfi_b;
  scm_c_with_instance (a, resolve, "scheme base", &base_a);
  scm_c_with_instance (b, resolve, "scheme base", &base_b);
  scm_c_with_instance (a, resolve, "srfi 1", &srfi_a);
  scm_c_with_instance (b, resolve, "srfi 1", &srfi_b);
  ok (scm_is_eq (base_a, base_b),
      "(scheme base), a re-export of the core, is one module for both");
  /* With the built-in libraries in the image, one without state is the
     image's, shared; without an image, each instance loads its own.  */
  const char *images = getenv ("SCM_STATIC_ALLOC");
  if (images != NULL && strcmp (images, "1") == 0)
    ok (scm_is_eq (srfi_a, srfi_b),
        "(srfi 1), which holds no state, is the image's, one for both");
  else
    ok (!scm_is_eq (srfi_a, srfi_b),
        "(srfi 1), which defines procedures, is loaded in each");
  /* (srfi 64) holds state (the current test runner, which it assigns):
     the instance that imports it first has the image's, the other
     compiles its own, and neither sees the other's runner.  */
  in (a, "(import (srfi 64))");
  in (b, "(import (srfi 64))");
  SCM t64_a, t64_b;
  scm_c_with_instance (a, resolve, "srfi 64", &t64_a);
  scm_c_with_instance (b, resolve, "srfi 64", &t64_b);
  ok (!scm_is_eq (t64_a, t64_b), "(srfi 64), which holds state, is one "
      "module in each instance");
  in (a, "(test-runner-current (test-runner-null))");
  ok_streq (in (b, "(test-runner-current)"), "#f",
            "A's test runner is not B's");
  ok_streq (in (a, "(test-runner? (test-runner-current))"), "#t",
            "A keeps its own");
  /* The image's (srfi 64) keeps A's runner in its variables after A is
     destroyed: an instance made next, often at A's address, must not
     be given it.  */
  scm_instance_destroy (a);
  scm_t_instance *c = scm_instance_create ();
  diag ("the next instance is %s A's address", c == a ? "at" : "not at");
  ok_streq (in (c, "(import (srfi 64)) (test-runner-current)"), "#f",
            "an instance made after A is destroyed does not get A's runner");
  scm_instance_destroy (c);
  scm_instance_destroy (b);
  remove_library ();
}

/* ------------------------------------------------------------------ */
/* Entering one instance from code running in another.  */

static scm_t_instance *inner;

static SCM
enter_inner (SCM src)
{
  char *s = scm_to_utf8_stringn (src, NULL);
  SCM r;
  int raised = scm_c_instance_eval_string (inner, s, "inner", &r);
  return raised ? scm_list_2 (scm_from_utf8_symbol ("raised"), r) : r;
}

static void *
define_enter (void *unused)
{
  scm_c_define_gsubr ("enter-inner", 1, 0, 0, (scm_t_subr) enter_inner);
  return (void *) 1;
}

static void *
failing (void *unused)
{
  scm_c_eval_string ("(car 5)");
  return (void *) 1;
}

static SCM
set_error_port (void *port)
{
  scm_set_current_error_port (SCM_PACK_POINTER (port));
  return SCM_UNSPECIFIED;
}

static void
test_nesting (void)
{
  scm_t_instance *outer = scm_instance_create ();
  inner = scm_instance_create ();
  ok (scm_with_instance (outer, define_enter, NULL) == (void *) 1,
      "scm_with_instance returns what its function returns");
  ok_streq (in (NULL, "(guard (e (#t 'unbound)) enter-inner)"), "unbound",
            "a procedure defined in one instance is not in another");
  ok_streq (in (outer, "(let ((s (open-output-string)))"
                " (parameterize ((current-output-port s))"
                "  (eq? s (enter-inner \"(current-output-port)\"))))"),
            "#f", "a parameterization does not reach a nested instance");
  ok_streq (in (outer, "(guard (e (#t 'outer-caught))"
                " (car (enter-inner \"(car 5)\")))"),
            "raised", "an error in the nested instance returns to its "
            "C caller, not to the outer instance's handler");
  ok_streq (in (outer, "(with-exception-handler (lambda (e) 'outer)"
                " (lambda () (enter-inner \"(raise-continuable 1)\")))"),
            "(raised 1)",
            "the nested instance has no handler of the outer one");
  ok_streq (in (outer, "(define y 'outer-y) (enter-inner \"(define y 'inner-y) y\")"),
            "inner-y", "a nested instance defines in its own top level");
  ok_streq (in (outer, "y"), "outer-y", "and the outer one keeps its own");
  ok (scm_current_instance () == scm_default_instance (),
      "the caller's instance is current again");
  scm_t_limits steps = { .step_limit = 20000 };
  scm_instance_set_limits (outer, &steps);
  SCM lr;
  int lraised = scm_c_instance_eval_string
    (outer, "(enter-inner \"(let loop () (loop))\")", "outer", &lr);
  ok (lraised && scm_c_limit_exceeded (lr) == SCM_LIMIT_STEPS,
      "the outer instance's limit holds inside the nested one");
  ok (scm_current_instance () == scm_default_instance (),
      "and the caller's instance is current after it");
  scm_instance_set_limits (outer, NULL);
  ok_streq (in (inner, "(let loop ((i 0)) (if (< i 50000) (loop (+ i 1)) i))"),
            "50000", "the nested instance has no limit of its own");

  SCM port = scm_open_output_string ();
  scm_c_with_instance (inner, set_error_port, SCM_UNPACK_POINTER (port), NULL);
  ok (scm_with_instance (inner, failing, NULL) == NULL,
      "scm_with_instance returns NULL when its function raises");
  char *t = scm_to_utf8_stringn (scm_get_output_string (port), NULL);
  ok (strstr (t, "car") != NULL && strstr (t, "wrong type") != NULL,
      "and prints the error on the instance's error port");
  free (t);
  scm_instance_destroy (outer);
  scm_instance_destroy (inner);
}

/* ------------------------------------------------------------------ */
/* The boundaries' cost: what they keep from one call to the next.  */

static SCM
empty_body (void *data)
{
  (void) data;
  return SCM_BOOL_T;
}

static SCM
raising_body (void *data)
{
  (void) data;
  return scm_car (SCM_MAKE_FIXNUM (5));
}

/* Bytes allocated by N calls of scm_c_with_instance (INST, BODY), or of
   scm_c_call_with_limits (LIMITS, BODY) if INST is NULL; -1 if a call
   returned what BODY does not.  The least of three tries: the count
   moves by libgc's batches, which the measuring itself may take.  */
static long long
boundary_bytes (scm_t_instance *inst, const scm_t_limits *limits,
                scm_t_catch_body body, int n)
{
  int want = body == raising_body;
  long long least = -1;
  for (int try = 0; try < 3; try++)
    {
      long long b0 = (long long) bytes_allocated ();
      for (int i = 0; i < n; i++)
        {
          int raised = inst != NULL
            ? scm_c_with_instance (inst, body, NULL, NULL)
            : scm_c_call_with_limits (limits, body, NULL, NULL);
          if (raised != want)
            return -1;
        }
      long long b = (long long) bytes_allocated () - b0;
      if (least < 0 || b < least)
        least = b;
    }
  return least;
}

static void
test_boundary_reuse (void)
{
  scm_t_instance *a = scm_instance_create_profile ("pure");
  scm_t_limits time = { .time_limit = 10 };
  scm_t_limits all = { .time_limit = 10, .allocation_limit = 1 << 24,
                       .stack_limit = 1 << 20, .step_limit = 1000000 };
  /* The first calls make what the next ones reuse.  */
  boundary_bytes (a, NULL, empty_body, 10);
  boundary_bytes (NULL, &all, empty_body, 10);
  ok (boundary_bytes (a, NULL, empty_body, 1000) == 0,
      "1000 scm_c_with_instance calls of a body that allocates nothing "
      "allocate nothing");
  ok (boundary_bytes (NULL, NULL, empty_body, 1000) == 0,
      "nor do 1000 scm_c_call_with_limits calls without limits");
  ok (boundary_bytes (NULL, &time, empty_body, 1000) == 0,
      "nor with a time limit");
  ok (boundary_bytes (NULL, &all, empty_body, 1000) == 0,
      "nor with all four limits");
  scm_instance_set_limits (a, &time);
  boundary_bytes (a, NULL, empty_body, 10);
  ok (boundary_bytes (a, NULL, empty_body, 1000) == 0,
      "nor scm_c_with_instance of an instance with a time limit");
  ok (boundary_bytes (a, NULL, raising_body, 100) > 0,
      "a body that raises: each call reports it");
  ok (scm_current_instance () == scm_default_instance (),
      "and the caller's instance is current after them");
  scm_instance_set_limits (a, NULL);
  /* What a boundary keeps must not be what a continuation holds: a
     top-level continuation captured in one call is re-entered in the
     next ones, between which the boundaries are reused.  */
  ok_streq (in (a, "(define k #f) (define n 0)"
                " (define r (list (call/cc (lambda (c) (set! k c) 0))))"
                " r"), "(0)", "a continuation captured in one call");
  for (int i = 0; i < 3; i++)
    boundary_bytes (a, NULL, empty_body, 10);
  ok_streq (in (a, "(set! n (+ n 1)) (if (< n 3) (k n)) (list n r)"),
            "(1 (1))", "re-entered in a later call of the same instance");
  ok_streq (in (a, "(if (< n 3) (k (+ n 10))) (list n r)"),
            "(1 (11))", "and again, with boundaries reused between");
  ok_streq (in (a, "(dynamic-wind (lambda () (set! n 0))"
                " (lambda () (call/cc (lambda (c) (c 5))))"
                " (lambda () (set! n (+ n 1))))"), "5",
            "an escape through dynamic-wind inside the body");
  ok_streq (in (a, "(list n (guard (e (#t 'caught)) (raise 'x)))"),
            "(1 caught)", "a guard inside the body");
  ok (scm_current_instance () == scm_default_instance (),
      "the caller's instance is current after them");
  scm_instance_destroy (a);
}

/* ------------------------------------------------------------------ */
/* Limits per instance.  */

static void
test_limits (void)
{
  scm_t_instance *a = scm_instance_create (), *b = scm_instance_create ();
  scm_t_limits lim = { .time_limit = 0.020 };
  ok (scm_instance_set_limits (a, &lim) == 0, "A gets a 20 ms time limit");
  scm_t_limits bad = { .time_limit = -1 };
  ok (scm_instance_set_limits (a, &bad) == -1,
      "a negative time limit is refused");
  SCM r;
  int raised = scm_c_instance_eval_string
    (a, "(guard (e (#t 'caught)) (let loop () (loop)))", "a", &r);
  ok (raised && scm_c_limit_exceeded (r) == SCM_LIMIT_TIME,
      "an endless loop in A stops at A's limit, through its guard");
  lim.time_limit = 1.0;
  scm_instance_set_limits (a, &lim);
  ok_streq (in (a, "(+ 1 2)"), "3", "A runs again after its limit fired");
  ok_streq (in (b, "(let loop ((i 0)) (if (< i 200000) (loop (+ i 1)) i))"),
            "200000", "B has no limit");
  scm_t_limits alloc = { .allocation_limit = 1 << 20 };
  scm_instance_set_limits (b, &alloc);
  raised = scm_c_instance_eval_string
    (b, "(let loop ((l '())) (loop (cons (make-vector 100) l)))", "b", &r);
  ok (raised && scm_c_limit_exceeded (r) == SCM_LIMIT_ALLOCATION,
      "B's own allocation limit stops a runaway allocation in B");
  scm_instance_set_limits (b, NULL);
  ok_streq (in (b, "(length (let loop ((i 0) (l '()))"
                " (if (= i 100000) l (loop (+ i 1) (cons i l)))))"),
            "100000", "limits removed, B allocates freely");
  ok_streq (in (NULL, "(let loop ((i 0)) (if (< i 100000) (loop (+ i 1)) 'done))"),
            "done", "the default instance has no limit of A's");
  scm_t_limits steps = { .step_limit = 10000 };
  scm_instance_set_limits (b, &steps);
  raised = scm_c_instance_eval_string (b, "(let loop () (loop))", "b", &r);
  ok (raised && scm_c_limit_exceeded (r) == SCM_LIMIT_STEPS,
      "B's step limit stops an endless loop in B");
  /* Finite, so that a thread without B's limits ends with `done'.  */
  raised = scm_c_instance_eval_string
    (b, "(import (ice-9 threads))"
        "(join-thread (call-with-new-thread (lambda ()"
        "  (let loop ((i 0)) (if (< i 10000000) (loop (+ i 1)) 'done)))))",
     "b", &r);
  ok (raised && scm_c_limit_exceeded (r) == SCM_LIMIT_STEPS,
      "a thread that B's code starts runs under B's step limit, and "
      "join-thread raises what stopped it");
  ok_streq (in (a, "(let loop ((i 0)) (if (< i 100000) (loop (+ i 1)) i))"),
            "100000", "A does not count B's steps");
  scm_instance_destroy (a);
  scm_instance_destroy (b);
}

/* ------------------------------------------------------------------ */
/* Threads.  */

static atomic_int ready_count;
static atomic_int release_b;

static SCM
ready (void)
{
  atomic_fetch_add (&ready_count, 1);
  return SCM_UNSPECIFIED;
}

static SCM
released_p (void)
{
  return scm_from_bool (atomic_load (&release_b));
}

struct job
{
  scm_t_instance *inst;
  const char *src;
  int raised;
  SCM result;
  char text[128];
};
#define JOB(inst, src) { inst, src, 0, SCM_BOOL_F, "" }

static void *
run_job (void *data)
{
  struct job *j = data;
  j->raised = scm_c_instance_eval_string (j->inst, j->src, "job", &j->result);
  SCM port = scm_open_output_string ();
  scm_write (j->raised ? scm_condition_kind (j->result) : j->result, port);
  char *s = scm_to_utf8_stringn (scm_get_output_string (port), NULL);
  snprintf (j->text, sizeof j->text, "%s", s);
  free (s);
  return NULL;
}

static void *
job_thread (void *data)
{
  /* A thread the collector does not know: scm_c_with_instance attaches
     it.  */
  return run_job (data);
}

static void *
join_thread (void *t)
{
  pthread_join (*(pthread_t *) t, NULL);
  return NULL;
}

static void *
wait_ready (void *n)
{
  while (atomic_load (&ready_count) < *(int *) n)
    sched_yield ();
  return NULL;
}

static void *
define_flags (void *unused)
{
  scm_c_define_gsubr ("ready!", 0, 0, 0, (scm_t_subr) ready);
  scm_c_define_gsubr ("released?", 0, 0, 0, (scm_t_subr) released_p);
  return NULL;
}

static void
test_threads (void)
{
  scm_t_instance *a = scm_instance_create (), *b = scm_instance_create ();
  scm_with_instance (a, define_flags, NULL);
  scm_with_instance (b, define_flags, NULL);

  /* Two threads, one in each, defining and reading the same name.  */
  struct job ja = JOB (a, "(define z 'a) (let loop ((i 0))"
                    " (eval '(define z 'a) (interaction-environment))"
                    " (if (and (< i 2000) (eq? z 'a)) (loop (+ i 1)) z))");
  struct job jb = JOB (b, "(define z 'b) (let loop ((i 0))"
                    " (eval '(define z 'b) (interaction-environment))"
                    " (if (and (< i 2000) (eq? z 'b)) (loop (+ i 1)) z))");
  pthread_t ta, tb;
  pthread_create (&ta, NULL, job_thread, &ja);
  pthread_create (&tb, NULL, job_thread, &jb);
  scm_without_guile (join_thread, &ta);
  scm_without_guile (join_thread, &tb);
  ok (!ja.raised && !jb.raised && strcmp (ja.text, "a") == 0
      && strcmp (jb.text, "b") == 0,
      "two threads, in two instances, define the same name apart (%s %s)",
      ja.text, jb.text);

  /* Interrupting one instance: A loops, B waits for a flag.  */
  atomic_store (&ready_count, 0);
  atomic_store (&release_b, 0);
  /* Long but finite: were the interrupt lost, the case fails instead
     of hanging the suite.  */
  /* One top-level form each: an interrupt that arrived between two
     forms, after ready! and before the loop, would be dropped as made
     while nothing ran (vm_enter at depth 0).  */
  struct job ia = JOB (a, "(let () (ready!) (let loop ((i 0))"
                    " (if (< i 400000000) (loop (+ i 1)) 'finished)))");
  struct job ib = JOB (b, "(let () (ready!) (let loop ((i 0)) (if (released?) i"
                    " (loop (+ i 1)))))");
  pthread_create (&ta, NULL, job_thread, &ia);
  pthread_create (&tb, NULL, job_thread, &ib);
  int two = 2;
  scm_without_guile (wait_ready, &two);
  ok (scm_instance_request_interrupt (a) == 1,
      "the interrupt of A reaches its one thread");
  scm_without_guile (join_thread, &ta);
  ok (ia.raised && strcmp (ia.text, "interrupted") == 0,
      "A's evaluation is interrupted (%s)", ia.text);
  atomic_store (&release_b, 1);
  scm_without_guile (join_thread, &tb);
  ok (!ib.raised, "B's evaluation was not (%s)", ib.text);
  ok (scm_instance_request_interrupt (a) == 0,
      "once its thread has left, A has no thread to interrupt");

  /* A Scheme thread runs in its parent's instance, and holds it.  */
  ok_streq (in (a, "(define secret 42)"
                " (join-thread (call-with-new-thread (lambda () secret)))"),
            "42", "call-with-new-thread runs in the caller's instance");
  atomic_store (&ready_count, 0);
  atomic_store (&release_b, 0);
  in (a, "(define t (call-with-new-thread (lambda () (ready!)"
      " (let loop () (if (released?) 'done (loop))))))");
  int one = 1;
  scm_without_guile (wait_ready, &one);
  ok (scm_instance_destroy (a) == -1,
      "an instance with a running thread is not destroyed");
  atomic_store (&release_b, 1);
  ok_streq (in (a, "(join-thread t)"), "done", "its thread finishes");
  ok (scm_instance_destroy (a) == 0, "then it is destroyed");
  scm_instance_destroy (b);
}

/* ------------------------------------------------------------------ */
/* Destruction frees what only the instance reached.  */

static atomic_int finalized;
static SCM thing_type;

static void
finalize_thing (SCM obj)
{
  atomic_fetch_add (&finalized, 1);
}

static SCM
make_thing (void)
{
  return scm_make_foreign_object_0 (thing_type);
}

static void *
define_things (void *unused)
{
  scm_c_define_gsubr ("make-thing", 0, 0, 0, (scm_t_subr) make_thing);
  return NULL;
}

static SCM
try_destroy (void *inst)
{
  return scm_from_int (scm_instance_destroy (inst));
}

static void
test_destroy (void)
{
  thing_type = scm_permanent_object
    (scm_make_foreign_object_type (scm_from_utf8_symbol ("thing"),
                                   scm_list_1 (scm_from_utf8_symbol ("x")),
                                   finalize_thing));
  enum { N = 200 };
  scm_t_instance *c = scm_instance_create ();
  scm_with_instance (c, define_things, NULL);
  char src[128];
  /* In a vector, not a list: the collector is conservative, and one
     stale word pointing into a list of the things kept the rest of the
     list alive (105 of 200 finalized, in 2 runs out of 10).  */
  snprintf (src, sizeof src, "(define things (make-vector %d))"
            " (do ((i 0 (+ i 1))) ((= i %d))"
            " (vector-set! things i (make-thing))) 'ok", N, N);
  ok_streq (in (c, src), "ok", "an instance holds %d foreign objects", N);
  SCM r;
  scm_c_with_instance (c, try_destroy, c, &r);
  ok (scm_to_int (r) == -1, "an instance is not destroyed from inside");
  scm_gc ();
  scm_run_finalizers ();
  ok (atomic_load (&finalized) == 0,
      "none is finalized while the instance lives");
  ok (scm_instance_destroy (c) == 0, "the instance is destroyed");
  for (int i = 0; i < 3; i++)
    {
      scm_gc ();
      scm_run_finalizers ();
    }
  int n = atomic_load (&finalized);
  diag ("%d of %d finalized after destruction", n, N);
  /* The collector is conservative: a stale word may keep a few.  */
  ok (n >= N * 9 / 10, "their finalizers ran after the next collections");
}

/* ------------------------------------------------------------------ */
/* scm_set_current_output_port is per thread, as in Guile.  */

struct port_user
{
  scm_t_instance *inst;
  const char *word;
  SCM port;
  pthread_barrier_t *barrier;
  char text[256];
  char child_text[64];
};

static SCM
set_port (void *data)
{
  struct port_user *u = data;
  u->port = scm_open_output_string ();
  scm_set_current_output_port (u->port);
  return SCM_UNSPECIFIED;
}

static SCM
port_text (void *data)
{
  struct port_user *u = data;
  char *t = scm_to_utf8_stringn (scm_get_output_string (u->port), NULL);
  snprintf (u->text, sizeof u->text, "%s", t);
  free (t);
  return SCM_UNSPECIFIED;
}

static void *
port_user_main (void *data)
{
  struct port_user *u = data;
  scm_init ();
  scm_c_with_instance (u->inst, set_port, u, NULL);
  /* Both threads have set their port before either writes.  */
  pthread_barrier_wait (u->barrier);
  char src[128];
  for (int i = 0; i < 3; i++)
    {
      snprintf (src, sizeof src, "(display \"%s\")", u->word);
      scm_c_instance_eval_string (u->inst, src, "port-user", NULL);
    }
  /* A thread that Scheme code starts writes where its parent does.  */
  snprintf (src, sizeof src, "(join-thread (call-with-new-thread "
            "(lambda () (display \"<child>\"))))");
  scm_c_instance_eval_string (u->inst, src, "port-user", NULL);
  scm_c_with_instance (u->inst, port_text, u, NULL);
  return NULL;
}

static void
test_thread_ports (void)
{
  scm_t_instance *inst = scm_instance_create ();
  pthread_barrier_t barrier;
  pthread_barrier_init (&barrier, NULL, 2);
  struct port_user a = { inst, "a", SCM_BOOL_F, &barrier, "", "" };
  struct port_user b = { inst, "b", SCM_BOOL_F, &barrier, "", "" };
  pthread_t ta, tb;
  pthread_create (&ta, NULL, port_user_main, &a);
  pthread_create (&tb, NULL, port_user_main, &b);
  pthread_join (ta, NULL);
  pthread_join (tb, NULL);
  pthread_barrier_destroy (&barrier);
  ok_streq (a.text, "aaa<child>",
            "a thread's scm_set_current_output_port is its own: one "
            "thread's output, and its Scheme thread's, in its port");
  ok_streq (b.text, "bbb<child>",
            "and the other thread's in the other port, in the same "
            "instance at the same time");
  /* This thread sets a port of its own in INST, then writes in
     another instance and in INST, alternately, as a host thread that
     serves several tenants does.  */
  scm_t_instance *other = scm_instance_create ();
  struct port_user m = { inst, "m", SCM_BOOL_F, NULL, "", "" };
  scm_c_with_instance (inst, set_port, &m, NULL);
  struct port_user o = { other, "o", SCM_BOOL_F, NULL, "", "" };
  scm_c_with_instance (other, set_port, &o, NULL);
  scm_c_instance_eval_string (inst, "(display 1)", "main", NULL);
  scm_c_instance_eval_string (other, "(display 2)", "main", NULL);
  scm_c_instance_eval_string (inst, "(display 3)", "main", NULL);
  scm_c_with_instance (inst, port_text, &m, NULL);
  scm_c_with_instance (other, port_text, &o, NULL);
  ok (strcmp (m.text, "13") == 0 && strcmp (o.text, "2") == 0,
      "one thread's ports in two instances stay each instance's "
      "(\"%s\", \"%s\")", m.text, o.text);
  scm_c_with_instance (a.inst, port_text, &a, NULL);
  ok_streq (a.text, "aaa<child>", "and nothing went to the other "
            "threads' ports");
  scm_instance_destroy (other);
  scm_instance_destroy (inst);
}

int
main (void)
{
  scm_init ();
  test_create ();
  test_import ();
  test_top_levels ();
  test_libraries ();
  test_nesting ();
  test_boundary_reuse ();
  test_limits ();
  test_threads ();
  test_thread_ports ();
  test_destroy ();
  return tap_done ();
}
