/* test-guile-threads.c -- a host thread entering Scheme with
   scm_with_guile and leaving it for blocking work with
   scm_without_guile; threads made by call-with-new-thread
   SPDX-License-Identifier: LGPL-3.0-or-later

   No gc.h: the host thread comes from plain pthread_create.  */

#include <libscm.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include "tap.h"

static void *
eval_in_scheme (void *expr)
{
  SCM r;
  if (scm_c_eval_string_protected (expr, &r))
    return NULL;
  return (void *) (intptr_t) scm_to_int (r);
}

static void *
host_thread (void *unused)
{
  (void) unused;
  /* Never called scm_init: scm_with_guile attaches it.  */
  return scm_with_guile (eval_in_scheme, "(* 6 7)");
}

struct waiter
{
  int fd;
  int poll_result;
  int poll_errno;
  volatile int blocked;
  intptr_t inner;
};

static void *
reenter (void *unused)
{
  (void) unused;
  return (void *) (intptr_t) scm_to_int (scm_c_eval_string ("(+ 40 2)"));
}

/* Outside Scheme: poll a pipe for a long time.  A collection that
   signalled this thread would end the poll with EINTR.  */
static void *
blocking_poll (void *data)
{
  struct waiter *w = data;
  /* Scheme again, from inside scm_without_guile.  */
  w->inner = (intptr_t) scm_with_guile (reenter, NULL);
  struct pollfd p = { w->fd, POLLIN, 0 };
  __atomic_store_n (&w->blocked, 1, __ATOMIC_SEQ_CST);
  w->poll_result = poll (&p, 1, 60 * 1000);
  w->poll_errno = errno;
  return NULL;
}

static void *
waiting_thread (void *data)
{
  scm_init ();
  scm_without_guile (blocking_poll, data);
  return NULL;
}

int
main (void)
{
  scm_init ();

  pthread_t t;
  void *r;
  pthread_create (&t, NULL, host_thread, NULL);
  pthread_join (t, &r);
  ok ((intptr_t) r == 42, "scm_with_guile runs a function in a new host "
      "thread, attached for the call");

  int fds[2];
  if (pipe (fds) != 0)
    return 1;
  struct waiter w = { fds[0], 0, 0, 0, 0 };
  pthread_create (&t, NULL, waiting_thread, &w);
  while (!__atomic_load_n (&w.blocked, __ATOMIC_SEQ_CST))
    sched_yield ();
  /* Collections while the other thread is in its system call.  */
  for (int i = 0; i < 20; i++)
    {
      scm_c_eval_string ("(make-vector 10000 0)");
      scm_gc ();
    }
  if (write (fds[1], "x", 1) != 1)
    return 1;
  pthread_join (t, NULL);
  ok (w.inner == 42, "scm_with_guile inside scm_without_guile");
  ok (w.poll_result == 1,
      "collections did not interrupt the blocking call (poll: %d, %s)",
      w.poll_result, w.poll_result < 0 ? strerror (w.poll_errno) : "ok");
  close (fds[0]);
  close (fds[1]);

  /* Threads of Scheme code, from C.  */
  SCM th = scm_call_with_new_thread
    (scm_c_eval_string ("(lambda () (+ 1 2))"), SCM_UNDEFINED);
  ok (scm_is_true (scm_thread_p (th))
      && scm_is_eq (scm_join_thread (th), scm_from_int (3)),
      "scm_call_with_new_thread and scm_join_thread");

  /* A thread held until a flag is set: a timed join from C gives up
     (at depth 0, where no interrupt is taken, the wait still ends).  */
  scm_c_eval_string ("(define held #t)");
  SCM gated = scm_call_with_new_thread
    (scm_c_eval_string ("(lambda () (let loop () (if held (loop) 'done)))"),
     SCM_UNDEFINED);
  SCM past = scm_cons (scm_from_int (0), scm_from_int (0));
  ok (scm_is_eq (scm_join_thread_timed (gated, past,
                                        scm_from_utf8_symbol ("timeout")),
                 scm_from_utf8_symbol ("timeout")),
      "scm_join_thread_timed returns TIMEOUTVAL once the time has passed");
  ok (scm_is_false (scm_join_thread_timed (gated, scm_from_int (0),
                                           SCM_UNDEFINED)),
      "#f when TIMEOUTVAL is not given");
  scm_c_eval_string ("(set! held #f)");
  ok (scm_is_eq (scm_join_thread_timed (gated, SCM_UNDEFINED, SCM_UNDEFINED),
                 scm_from_utf8_symbol ("done")),
      "and the thread's value without a timeout");
  return tap_done ();
}
