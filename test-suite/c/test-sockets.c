/* test-sockets.c -- blocking socket calls ended by an embedder: a
   blocking accept, read, recv! and select stopped by
   scm_request_interrupt_of, scm_instance_request_interrupt and an
   instance's time limit, from another thread
   SPDX-License-Identifier: LGPL-3.0-or-later

   The requesting thread waits until the evaluating one is inside its
   call (a flag set from Scheme, then a pause so that the call is in
   its wait), so no case depends on luck; a request that is lost
   leaves the call blocked, which the 20 s alarm turns into a failure
   instead of a hang.  Loopback only.  */

#include <libscm.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "tap.h"

static int
kind_is (SCM obj, const char *kind)
{
  return scm_is_condition (obj)
    && scm_is_eq (scm_condition_kind (obj), scm_from_utf8_symbol (kind));
}

static void
pause_ms (long ms)
{
  struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
  nanosleep (&ts, NULL);
}

/* ------------------------------------------------------------------ */
/* The requester: a thread that never enters libscm.  */

static atomic_int inside;       /* set from Scheme: the call is next */

struct request
{
  scm_t_instance *inst;          /* or NULL: TARGET */
  scm_t_interrupt_target *target;
  int asked;
};

static void *
requester (void *data)
{
  struct request *r = data;
  while (!atomic_load (&inside))
    pause_ms (1);
  pause_ms (100);               /* well inside the wait */
  if (r->inst != NULL)
    r->asked = scm_instance_request_interrupt (r->inst);
  else
    scm_request_interrupt_of (r->target);
  return NULL;
}

static SCM
mark_inside (void)
{
  atomic_store (&inside, 1);
  return SCM_UNSPECIFIED;
}

/* ------------------------------------------------------------------ */

struct eval
{
  const char *code;
};

static SCM
eval_body (void *data)
{
  return scm_c_eval_string (((struct eval *) data)->code);
}

/* Evaluate CODE (which calls (inside!) just before it blocks) in the
   default instance, interrupted through this thread's target.  */
static int
interrupted_by_target (const char *code, SCM *result)
{
  struct request r = { NULL, scm_c_interrupt_target (), -1 };
  pthread_t t;
  atomic_store (&inside, 0);
  pthread_create (&t, NULL, requester, &r);
  struct eval e = { code };
  int raised = scm_c_call_with_limits (NULL, eval_body, &e, result);
  pthread_join (t, NULL);
  return raised;
}

static void
test_target (void)
{
  SCM v;
  scm_c_eval_string
    ("(define l (socket AF_INET SOCK_STREAM 0))"
     "(bind l AF_INET INADDR_LOOPBACK 0)"
     "(listen l 4)"
     "(define pair (socketpair AF_UNIX SOCK_STREAM 0))");
  int raised = interrupted_by_target ("(inside!) (accept l)", &v);
  ok (raised && kind_is (v, "interrupted"),
      "scm_request_interrupt_of ends a blocking accept");
  raised = interrupted_by_target ("(inside!) (read-char (car pair))", &v);
  ok (raised && kind_is (v, "interrupted"),
      "... a read on a socket port");
  raised = interrupted_by_target
    ("(inside!) (recv! (car pair) (make-bytevector 4))", &v);
  ok (raised && kind_is (v, "interrupted"), "... recv!");
  raised = interrupted_by_target
    ("(inside!) (select (list (car pair)) '() '())", &v);
  ok (raised && kind_is (v, "interrupted"), "... select without a timeout");
  raised = interrupted_by_target
    ("(inside!) (let ((c (socket AF_INET SOCK_STREAM 0)))"
     "  (connect c (getsockname l))"
     "  (accept l) (accept l))", &v);
  ok (raised && kind_is (v, "interrupted"),
      "... an accept after one that succeeded");
  struct eval e = { "(let ((c (socket AF_INET SOCK_STREAM 0)))"
                    "  (connect c (getsockname l))"
                    "  (write-string \"still\n\" (cdr pair))"
                    "  (list (pair? (accept l)) (read-line (car pair))))" };
  raised = scm_c_call_with_limits (NULL, eval_body, &e, &v);
  ok (!raised && scm_is_true (scm_equal_p
                              (v, scm_c_eval_string ("'(#t \"still\")"))),
      "the sockets work after the interrupts, nothing lost");
}

struct in_instance
{
  scm_t_instance *inst;
  const char *code;
};

static SCM inside_proc;          /* inside!, bound in the default instance */

static SCM
instance_body (void *data)
{
  scm_c_define ("inside!", inside_proc);
  return scm_c_eval_string (((struct in_instance *) data)->code);
}

static void
test_instance (void)
{
  scm_t_instance *inst = scm_instance_create ();
  SCM v;
  struct in_instance setup = { inst,
    "(define l (socket AF_INET6 SOCK_STREAM 0))"
    "(define l4 (socket AF_INET SOCK_STREAM 0))"
    "(bind l4 AF_INET INADDR_LOOPBACK 0)"
    "(listen l4 4)" };
  int raised = scm_c_with_instance (inst, instance_body, &setup, &v);
  ok (!raised, "an instance makes sockets");
  struct request r = { inst, NULL, -1 };
  pthread_t t;
  atomic_store (&inside, 0);
  pthread_create (&t, NULL, requester, &r);
  struct in_instance acc = { inst, "(inside!) (accept l4)" };
  raised = scm_c_with_instance (inst, instance_body, &acc, &v);
  pthread_join (t, NULL);
  ok (r.asked == 1 && raised && kind_is (v, "interrupted"),
      "scm_instance_request_interrupt ends a blocking accept (asked %d)",
      r.asked);

  scm_t_limits lim = { .time_limit = 0.1 };
  scm_instance_set_limits (inst, &lim);
  struct in_instance acc2 = { inst, "(accept l4)" };
  raised = scm_c_with_instance (inst, instance_body, &acc2, &v);
  ok (raised && scm_c_limit_exceeded (v) == SCM_LIMIT_TIME,
      "an instance's time limit ends a blocking accept");
  struct in_instance rd = { inst,
    "(read-line (car (socketpair AF_UNIX SOCK_STREAM 0)))" };
  raised = scm_c_with_instance (inst, instance_body, &rd, &v);
  ok (raised && scm_c_limit_exceeded (v) == SCM_LIMIT_TIME,
      "... and a read on a socket port");
  struct in_instance sel = { inst, "(select (list l4) '() '())" };
  raised = scm_c_with_instance (inst, instance_body, &sel, &v);
  ok (raised && scm_c_limit_exceeded (v) == SCM_LIMIT_TIME,
      "... and select");
  scm_instance_set_limits (inst, NULL);
  struct in_instance done = { inst, "(close-port l4) (close-port l) 'closed" };
  raised = scm_c_with_instance (inst, instance_body, &done, &v);
  ok (!raised, "closing them");
  scm_instance_destroy (inst);
}

int
main (void)
{
  /* A lost interrupt would block for ever: fail instead.  */
  alarm (20);
  scm_init ();
  inside_proc = scm_c_define_gsubr ("inside!", 0, 0, 0, (void *) mark_inside);
  test_target ();
  test_instance ();
  return tap_done ();
}
