/* signals.c -- Scheme signal handlers (Guile's sigaction), alarm, pause
   SPDX-License-Identifier: LGPL-3.0-or-later

   The C handler that sigaction installs only notes the signal and
   marks an async (finalizers.h): stores, nothing else, so it is
   async-signal-safe.  The Scheme handler runs at the next safe point
   of the thread that called sigaction -- a call in the VM, or the
   interrupt check of a blocking call (posix.c) -- never inside the C
   handler.  A safe point of another thread that sees the mark leaves
   the signal pending and marks the async again, for the owner.  The
   owner is the calling thread, or the thread given as sigaction's
   fourth argument (Guile's); when a given thread has exited, the next
   thread at a safe point runs the handler, so that the signal is not
   left pending for ever.  */

#include "posix/posix-internal.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libscm/conditions.h>
#include <libscm/eval-limits.h>
#include <libscm/finalizers.h>
#include <libscm/gc.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/posix.h>
#include <libscm/snarf.h>
#include <libscm/subrs.h>
#include <libscm/threads.h>
#include <libscm/vectors.h>

#define N_SIGNALS 65

/* Per signal: the Scheme handler (in HANDLERS, #f for none), and in
   STATE the thread that runs it, whether one is pending, the flags
   given, and the disposition from before the first sigaction, for #f
   and restore-signals.  STATE is malloc'd, so that the collector does
   not scan its 10 KiB for pointers: it holds none.  */
static SCM handlers;
/* Per signal: the thread object that runs the handler (#f: the
   pthread in STATE's OWNER).  */
static SCM owner_threads;
struct signal_state
{
  pthread_t owner;
  volatile int pending;
  int flags;
  int saved;
  struct sigaction original;
};
static struct signal_state *state;
static int signal_async = -1;
/* Handlers run so far: what pause waits for.  */
static volatile unsigned long delivered;

static void
on_signal (int sig)
{
  int err = errno;
  if (sig > 0 && sig < N_SIGNALS)
    {
      __atomic_store_n (&state[sig].pending, 1, __ATOMIC_SEQ_CST);
      scm_c_mark_async (signal_async);
    }
  errno = err;
}

/* Whether this thread runs the handler of SIG now.  */
static int
runs_here (int sig)
{
  SCM t = scm_c_vector_ref (owner_threads, (size_t) sig);
  if (scm_is_false (t))
    return pthread_equal (state[sig].owner, pthread_self ());
  return scm_c_thread_is_current (t) || scm_is_true (scm_thread_exited_p (t));
}

/* The async: run the handlers of the pending signals this thread owns;
   leave the others for their owners.  */
static void
run_handlers (void *unused)
{
  (void) unused;
  int others = 0;
  for (int sig = 1; sig < N_SIGNALS; sig++)
    {
      if (!__atomic_load_n (&state[sig].pending, __ATOMIC_SEQ_CST))
        continue;
      if (!runs_here (sig))
        {
          others = 1;
          continue;
        }
      __atomic_store_n (&state[sig].pending, 0, __ATOMIC_SEQ_CST);
      SCM proc = scm_c_vector_ref (handlers, (size_t) sig);
      __atomic_add_fetch (&delivered, 1, __ATOMIC_SEQ_CST);
      if (scm_is_true (proc))
        scm_call_1 (proc, scm_from_int (sig));
    }
  if (others)
    scm_c_mark_async (signal_async);
}

/* The handler SIG has as Guile shows it: the procedure, or SIG_DFL or
   SIG_IGN as an integer.  */
static SCM
current_handler (int sig)
{
  SCM proc = scm_c_vector_ref (handlers, (size_t) sig);
  if (scm_is_true (proc))
    return proc;
  struct sigaction sa;
  sigaction (sig, NULL, &sa);
  return scm_from_long ((long) (intptr_t) sa.sa_handler);
}

static void
remember_original (int sig)
{
  if (!state[sig].saved)
    {
      sigaction (sig, NULL, &state[sig].original);
      state[sig].saved = 1;
    }
}

SCM_DEFINE (scm_sigaction_for_thread, "sigaction", 1, 3, 0,
            (SCM signum, SCM handler, SCM flags, SCM thread),
            "Install @var{handler} for signal @var{signum} and return the "
            "previous handler and flags as a pair.  @var{handler} is a "
            "procedure of one argument (the signal number), run at the "
            "next safe point of the calling thread (or of @var{thread}, a "
            "thread that @code{call-with-new-thread} made; once it has "
            "exited, of any thread), never inside the C "
            "signal handler; or @code{SIG_DFL} or @code{SIG_IGN}; or "
            "@code{#f}, to restore the disposition from before the first "
            "@code{sigaction}.  Without @var{handler}, return the current "
            "one and change nothing.  @var{flags} is 0 (the default) or a "
            "sum of @code{SA_RESTART} and @code{SA_NOCLDSTOP}.")
{
  static const char who[] = "sigaction";
  int sig = scm_i_posix_int (signum, 1, who, 1, N_SIGNALS - 1);
  if (sig == SIGKILL || sig == SIGSTOP)
    scm_i_posix_error_obj (who, EINVAL, signum);
  SCM old = scm_cons (current_handler (sig), scm_from_int (state[sig].flags));
  if (SCM_UNBNDP (handler))
    return old;
  int fl = SCM_UNBNDP (flags) ? 0
    : scm_i_posix_int (flags, 3, who, 0, SA_RESTART | SA_NOCLDSTOP);
  if (SCM_UNBNDP (thread))
    thread = SCM_BOOL_F;
  SCM_ASSERT_TYPE (scm_is_false (thread)
                   || scm_is_true (scm_thread_p (thread)), thread, 4, who,
                   "thread or #f");
  remember_original (sig);
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sigemptyset (&sa.sa_mask);
  if (scm_is_false (handler))
    sa = state[sig].original;
  else if (scm_is_exact_integer (handler))
    {
      long h = scm_to_long (handler);
      if (h != (long) (intptr_t) SIG_DFL && h != (long) (intptr_t) SIG_IGN)
        scm_out_of_range_pos (who, handler, scm_from_int (2));
      sa.sa_handler = h == (long) (intptr_t) SIG_DFL ? SIG_DFL : SIG_IGN;
      sa.sa_flags = fl;
    }
  else
    {
      SCM_ASSERT_TYPE (scm_is_true (scm_procedure_p (handler)), handler, 2,
                       who, "procedure, SIG_DFL, SIG_IGN or #f");
      sa.sa_handler = on_signal;
      sa.sa_flags = fl;
    }
  int is_proc = scm_is_true (handler) && !scm_is_exact_integer (handler);
  /* The table first, so that a signal that comes at once finds its
     handler.  */
  scm_c_vector_set_x (handlers, (size_t) sig, is_proc ? handler : SCM_BOOL_F);
  scm_c_vector_set_x (owner_threads, (size_t) sig, thread);
  state[sig].owner = pthread_self ();
  state[sig].flags = scm_is_false (handler) ? 0 : fl;
  if (sigaction (sig, &sa, NULL) != 0)
    scm_i_posix_error_obj (who, errno, signum);
  return old;
}

SCM
scm_sigaction (SCM signum, SCM handler, SCM flags)
{
  return scm_sigaction_for_thread (signum, handler, flags, SCM_UNDEFINED);
}

SCM_DEFINE (scm_restore_signals, "restore-signals", 0, 0, 0, (void),
            "Give every signal that @code{sigaction} changed its "
            "disposition from before.")
{
  for (int sig = 1; sig < N_SIGNALS; sig++)
    if (state[sig].saved)
      {
        scm_c_vector_set_x (handlers, (size_t) sig, SCM_BOOL_F);
        state[sig].flags = 0;
        sigaction (sig, &state[sig].original, NULL);
      }
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_alarm, "alarm", 1, 0, 0, (SCM secs),
            "Have @code{SIGALRM} sent to the process in @var{secs} "
            "seconds (0: cancel the alarm) and return the seconds that "
            "were left of the previous alarm.  Without a handler "
            "(@code{sigaction}), @code{SIGALRM} ends the process.")
{
  int s = scm_i_posix_int (secs, 1, "alarm", 0, INT_MAX);
  return scm_from_uint (alarm ((unsigned) s));
}

SCM_DEFINE (scm_pause, "pause", 0, 0, 0, (void),
            "Wait until a Scheme signal handler of this process has run "
            "(or an interrupt or a limit of the evaluation ends the "
            "wait).")
{
  unsigned long before = __atomic_load_n (&delivered, __ATOMIC_SEQ_CST);
  while (__atomic_load_n (&delivered, __ATOMIC_SEQ_CST) == before)
    scm_i_posix_sleep_ns (10000000, "pause");
  return SCM_UNSPECIFIED;
}

void
scm_init_signals (void)
{
  handlers = scm_permanent_object (scm_c_make_vector (N_SIGNALS,
                                                      SCM_BOOL_F));
  owner_threads = scm_permanent_object (scm_c_make_vector (N_SIGNALS,
                                                           SCM_BOOL_F));
  state = calloc (N_SIGNALS, sizeof *state);
  if (state == NULL)
    scm_out_of_memory ("scm_init_signals", N_SIGNALS * sizeof *state);
  signal_async = scm_c_make_async (run_handlers, NULL);
#ifndef SCM_MAGIC_SNARFER
#include "posix/signals.x"
#endif
  scm_c_define ("SIG_DFL", scm_from_long ((long) (intptr_t) SIG_DFL));
  scm_c_define ("SIG_IGN", scm_from_long ((long) (intptr_t) SIG_IGN));
  scm_c_define ("SA_RESTART", scm_from_int (SA_RESTART));
  scm_c_define ("SA_NOCLDSTOP", scm_from_int (SA_NOCLDSTOP));
}
