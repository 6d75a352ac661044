/* posix.c -- what the posix files share: system errors and the waits
   that an interrupt ends
   SPDX-License-Identifier: LGPL-3.0-or-later

   A failing system call raises a condition of kind system-error, as in
   Guile: WHO the procedure, the message strerror (errno), the irritant
   the file or object concerned, and Guile's REST (ERRNO), which
   system-error-errno reads and (catch 'system-error ...) passes on.

   A call that may block (waitpid, sleep, a read from a pipe) waits
   outside Scheme mode, so that collections go on without it, and in
   slices of 10 ms between which it looks for an interrupt (Ctrl-C, an
   embedder's request, a time limit), as lock-mutex does: a limit comes
   from a watchdog thread, not a signal, so no system call would see
   it.  */

#include "posix/posix-internal.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <libscm/conditions.h>
#include <libscm/eval-limits.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/snarf.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/threads.h>
#include <libscm/vectors.h>

#define SLICE_NS 10000000L

char *
scm_i_posix_path (SCM str, int pos, const char *who, char buf[SCM_I_PATH_BUF])
{
  size_t len;
  SCM_ASSERT_TYPE (scm_is_string (str), str, pos, who, "string");
  char *utf8 = scm_to_utf8_stringn (str, &len);
  int nul = strlen (utf8) != len;
  if (!nul && len < SCM_I_PATH_BUF)
    memcpy (buf, utf8, len + 1);
  free (utf8);
  if (nul)
    scm_wrong_type_arg_msg (who, pos, str, "file name without NUL");
  if (len >= SCM_I_PATH_BUF)
    scm_i_posix_error_obj (who, ENAMETOOLONG, str);
  return buf;
}

void
scm_i_posix_error_obj (const char *who, int err, SCM obj)
{
  scm_syserror_msg (who, NULL, SCM_UNBNDP (obj) ? SCM_EOL : scm_list_1 (obj),
                    err);
}

void
scm_i_posix_error (const char *who, int err, const char *name)
{
  scm_i_posix_error_obj (who, err, name != NULL
                         ? scm_from_utf8_string (name) : SCM_UNDEFINED);
}

int
scm_i_posix_int (SCM x, int pos, const char *who, int min, int max)
{
  SCM_ASSERT_TYPE (scm_is_exact_integer (x), x, pos, who, "exact integer");
  if (!scm_is_signed_integer (x, min, max))
    scm_out_of_range_pos (who, x, scm_from_int (pos));
  return (int) scm_to_int64 (x);
}

SCM
scm_i_posix_field (SCM v, size_t len, size_t n, const char *who,
                   const char *what)
{
  SCM_ASSERT_TYPE (scm_is_true (scm_vector_p (v))
                   && scm_c_vector_length (v) == len, v, 1, who, what);
  return scm_c_vector_ref (v, n);
}

/* ------------------------------------------------------------------ */
/* Interruptible waits.  */

struct fd_wait
{
  int fd, events, revents;
  int64_t ns;                   /* this slice */
};

static void *
poll_slice (void *data)
{
  struct fd_wait *w = data;
  struct pollfd p = { .fd = w->fd, .events = (short) w->events };
  int ms = (int) ((w->ns + 999999) / 1000000);
  int n = poll (&p, 1, ms);
  w->revents = n > 0 ? p.revents : n < 0 ? -errno : 0;
  return NULL;
}

int
scm_i_posix_wait_fd (int fd, int events, int64_t timeout_ns, const char *who)
{
  scm_t_interrupt_target *target = scm_c_interrupt_target ();
  struct timespec start;
  clock_gettime (CLOCK_MONOTONIC, &start);
  for (;;)
    {
      int64_t left = SLICE_NS;
      if (timeout_ns >= 0)
        {
          struct timespec now;
          clock_gettime (CLOCK_MONOTONIC, &now);
          int64_t spent = (now.tv_sec - start.tv_sec) * 1000000000LL
            + (now.tv_nsec - start.tv_nsec);
          if (spent >= timeout_ns)
            return 0;
          if (timeout_ns - spent < left)
            left = timeout_ns - spent;
        }
      struct fd_wait w = { fd, events, 0, left };
      scm_without_guile (poll_slice, &w);
      if (w.revents > 0)
        {
          /* An interrupt that came meanwhile wins over the readiness:
             nothing is consumed yet (the caller reads or accepts
             after), so raising loses nothing.  */
          if (scm_c_interrupt_pending (target))
            scm_async_tick ();
          return w.revents;
        }
      if (w.revents < 0 && w.revents != -EINTR)
        scm_i_posix_error (who, -w.revents, NULL);
      if (scm_c_interrupt_pending (target) || w.revents == -EINTR)
        scm_async_tick ();
    }
}

static void *
sleep_slice (void *data)
{
  const struct timespec *ts = data;
  nanosleep (ts, NULL);
  return NULL;
}

void
scm_i_posix_sleep_ns (int64_t ns, const char *who)
{
  (void) who;
  scm_t_interrupt_target *target = scm_c_interrupt_target ();
  struct timespec start;
  clock_gettime (CLOCK_MONOTONIC, &start);
  for (;;)
    {
      struct timespec now;
      clock_gettime (CLOCK_MONOTONIC, &now);
      int64_t spent = (now.tv_sec - start.tv_sec) * 1000000000LL
        + (now.tv_nsec - start.tv_nsec);
      if (spent >= ns)
        return;
      int64_t left = ns - spent < SLICE_NS ? ns - spent : SLICE_NS;
      struct timespec ts = { 0, (long) left };
      scm_without_guile (sleep_slice, &ts);
      if (scm_c_interrupt_pending (target))
        scm_async_tick ();
    }
}

/* A pidfd for PID if the kernel has them (Linux 5.3), else -1: it
   becomes readable when the child exits, which poll can wait for with
   a timeout, and waitpid cannot.  */
static int
open_pidfd (pid_t pid)
{
#ifdef SYS_pidfd_open
  return (int) syscall (SYS_pidfd_open, pid, 0);
#else
  (void) pid;
  return -1;
#endif
}

struct pid_wait
{
  pid_t pid;
  int *status, options, err;
  pid_t result;
};

static void *
waitpid_nohang (void *data)
{
  struct pid_wait *w = data;
  w->result = waitpid (w->pid, w->status, w->options | WNOHANG);
  w->err = w->result < 0 ? errno : 0;
  return NULL;
}

pid_t
scm_i_posix_waitpid (pid_t pid, int *status, int options, const char *who)
{
  struct pid_wait w = { pid, status, options, 0, 0 };
  int pidfd = -1;
  int64_t backoff = 50000;
  for (;;)
    {
      waitpid_nohang (&w);
      if (w.result < 0 && w.err != EINTR)
        {
          if (pidfd >= 0)
            close (pidfd);
          scm_i_posix_error (who, w.err, NULL);
        }
      if (w.result > 0 || (options & WNOHANG))
        break;
      /* One child: wait on its pidfd; any child or a group: poll with
         a growing delay.  */
      if (pid > 0 && pidfd < 0)
        pidfd = open_pidfd (pid);
      if (pidfd >= 0)
        scm_i_posix_wait_fd (pidfd, POLLIN, SLICE_NS, who);
      else
        {
          scm_i_posix_sleep_ns (backoff, who);
          if (backoff < SLICE_NS)
            backoff *= 2;
        }
    }
  if (pidfd >= 0)
    close (pidfd);
  return w.result;
}

/* ------------------------------------------------------------------ */
/* Argument vectors.  */

char **
scm_i_posix_argv (SCM args, int pos, const char *who)
{
  long n = scm_c_list_length (args);
  SCM_ASSERT_TYPE (n >= 0, args, pos, who, "list of strings");
  for (SCM l = args; scm_is_pair (l); l = SCM_CDR (l))
    SCM_ASSERT_TYPE (scm_is_string (SCM_CAR (l)), SCM_CAR (l), pos, who,
                     "string");
  char **argv = calloc ((size_t) n + 1, sizeof *argv);
  if (argv == NULL)
    scm_out_of_memory (who, ((size_t) n + 1) * sizeof *argv);
  size_t i = 0;
  for (SCM l = args; scm_is_pair (l); l = SCM_CDR (l))
    {
      size_t len;
      argv[i] = scm_to_utf8_stringn (SCM_CAR (l), &len);
      /* A NUL would cut the argument short without a word.  */
      if (strlen (argv[i++]) != len)
        {
          scm_i_posix_free_argv (argv);
          scm_wrong_type_arg_msg (who, pos, SCM_CAR (l), "string without NUL");
        }
    }
  return argv;
}

void
scm_i_posix_free_argv (char **argv)
{
  if (argv == NULL)
    return;
  for (char **a = argv; *a != NULL; a++)
    free (*a);
  free (argv);
}

/* ------------------------------------------------------------------ */
/* Errors as Scheme sees them.  */

SCM_SYMBOL (sym_system_error, "system-error");

SCM_DEFINE (scm_system_error_errno, "system-error-errno", 1, 0, 0,
            (SCM obj),
            "Return the error number (@code{errno}) of a system error: "
            "@var{obj} is either the condition, as a @code{guard} clause "
            "receives it, or, as in Guile, the list @code{(@var{key} "
            "@var{args} ...)} that a @code{catch} handler receives.  "
            "Return @code{#f} if @var{obj} is not a system error.")
{
  SCM rest = SCM_BOOL_F;
  if (scm_is_condition (obj))
    rest = scm_condition_rest (obj);
  else if (scm_is_pair (obj) && scm_is_eq (SCM_CAR (obj), sym_system_error)
           && scm_c_list_length (obj) == 5)
    rest = scm_list_ref (obj, scm_from_int (4));
  if (scm_is_pair (rest) && scm_is_exact_integer (SCM_CAR (rest)))
    return SCM_CAR (rest);
  return SCM_BOOL_F;
}

SCM_DEFINE (scm_system_error_p, "system-error?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a condition raised by a "
            "failing system call (kind @code{system-error}, or a file "
            "error that carries an error number).")
{
  return scm_from_bool (scm_is_condition (obj)
                        && scm_is_true (scm_system_error_errno (obj)));
}

SCM_DEFINE (scm_strerror, "strerror", 1, 0, 0, (SCM err),
            "Return the system's message for the error number @var{err}, "
            "as Guile does.")
{
  int e = scm_i_posix_int (err, 1, "strerror", 0, 100000);
  return scm_from_utf8_string (strerror (e));
}

/* Guile's errno constants, the ones programs compare against.  */
static const struct { const char *name; int value; } errnos[] = {
  { "EPERM", EPERM }, { "ENOENT", ENOENT }, { "ESRCH", ESRCH },
  { "EINTR", EINTR }, { "EIO", EIO }, { "EBADF", EBADF },
  { "ECHILD", ECHILD }, { "EAGAIN", EAGAIN }, { "ENOMEM", ENOMEM },
  { "EACCES", EACCES }, { "EEXIST", EEXIST }, { "EXDEV", EXDEV },
  { "ENOTDIR", ENOTDIR }, { "EISDIR", EISDIR }, { "EINVAL", EINVAL },
  { "EMFILE", EMFILE }, { "ENOSPC", ENOSPC }, { "EPIPE", EPIPE },
  { "ERANGE", ERANGE }, { "ENAMETOOLONG", ENAMETOOLONG },
  { "ENOTEMPTY", ENOTEMPTY }, { "ELOOP", ELOOP },
  { "EWOULDBLOCK", EWOULDBLOCK }, { "ETIMEDOUT", ETIMEDOUT },
};

void
scm_init_posix (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "posix/posix.x"
#endif
  for (size_t i = 0; i < sizeof errnos / sizeof errnos[0]; i++)
    scm_c_define (errnos[i].name, scm_from_int (errnos[i].value));
}
