/* pipes.c -- ports on pipes to and from child processes, the
   primitives of (ice-9 popen); ports on descriptors for both ways
   SPDX-License-Identifier: LGPL-3.0-or-later

   A pipe port is a custom port ("r", "w" or "rw", finalized) whose data
   is the pipe's two descriptors and the child's pid, in a bytevector's
   bytes (pointer-free GC memory that the port keeps alive).  Reads wait
   interruptibly (posix.c).  A write to a pipe whose reader is gone
   raises a system-error EPIPE naming the port: SIGPIPE is blocked in
   the writing thread for the write, and the one it raised is taken
   back, so the process's signal dispositions are left alone.

   The child is reaped by %close-pipe, which waits for it and returns
   its status.  A pipe port closed by close-port, or collected unclosed
   (its finalizer closes it), has its child reaped without waiting: at
   once if it has exited, else by a reaper thread that polls the pids
   it was given until they are gone.  So no zombie is left either way.  */

#include "posix/posix-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include <libscm/bytevectors.h>
#include <libscm/gc.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/posix.h>
#include <libscm/snarf.h>
#include <libscm/strings.h>
#include <libscm/throw.h>

#define PIPE_MAGIC 0x70697065u  /* "pipe" */

struct pipe_data
{
  unsigned magic;
  int rfd, wfd;                 /* -1 when closed or not used */
  pid_t pid;
  int status;
  int waited;                   /* the child is reaped; STATUS holds */
  int by_close_pipe;            /* the close is %close-pipe's: it waits */
};

/* ------------------------------------------------------------------ */
/* The reaper: children of pipe ports closed without %close-pipe.  */

static pthread_mutex_t reaper_lock = PTHREAD_MUTEX_INITIALIZER;
static pid_t *orphans;
static size_t n_orphans, cap_orphans;
static int reaper_running;

static void *
reaper (void *unused)
{
  (void) unused;
  for (;;)
    {
      pthread_mutex_lock (&reaper_lock);
      size_t kept = 0;
      for (size_t i = 0; i < n_orphans; i++)
        {
          int status;
          pid_t r = waitpid (orphans[i], &status, WNOHANG);
          if (r == 0)
            orphans[kept++] = orphans[i];
        }
      n_orphans = kept;
      if (kept == 0)
        {
          reaper_running = 0;
          pthread_mutex_unlock (&reaper_lock);
          return NULL;
        }
      pthread_mutex_unlock (&reaper_lock);
      struct timespec ts = { 0, 20000000L };
      nanosleep (&ts, NULL);
    }
}

/* Reap PID now if it has exited, else hand it to the reaper.  */
void
scm_i_posix_reap_later (pid_t pid)
{
  int status;
  if (waitpid (pid, &status, WNOHANG) != 0)
    return;
  pthread_mutex_lock (&reaper_lock);
  if (n_orphans == cap_orphans)
    {
      size_t cap = cap_orphans ? 2 * cap_orphans : 16;
      pid_t *grown = realloc (orphans, cap * sizeof *grown);
      if (grown == NULL)
        {
          pthread_mutex_unlock (&reaper_lock);
          return;               /* the child stays a zombie; no raise here */
        }
      orphans = grown;
      cap_orphans = cap;
    }
  orphans[n_orphans++] = pid;
  if (!reaper_running)
    {
      pthread_t t;
      pthread_attr_t attr;
      pthread_attr_init (&attr);
      pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
      if (pthread_create (&t, &attr, reaper, NULL) == 0)
        reaper_running = 1;
      pthread_attr_destroy (&attr);
    }
  pthread_mutex_unlock (&reaper_lock);
}

/* ------------------------------------------------------------------ */
/* The port's functions.  */

static size_t
pipe_read (SCM port, void *data, uint8_t *buf, size_t size)
{
  struct pipe_data *p = data;
  for (;;)
    {
      scm_i_posix_wait_fd (p->rfd, POLLIN, -1, "read");
      ssize_t r = read (p->rfd, buf, size);
      if (r >= 0)
        return (size_t) r;
      if (errno != EINTR && errno != EAGAIN)
        scm_i_posix_error_obj ("read", errno, port);
    }
}

static void
pipe_write (SCM port, void *data, const uint8_t *buf, size_t size)
{
  struct pipe_data *p = data;
  sigset_t pipe_set, old;
  sigemptyset (&pipe_set);
  sigaddset (&pipe_set, SIGPIPE);
  pthread_sigmask (SIG_BLOCK, &pipe_set, &old);
  int err = 0;
  while (size > 0)
    {
      ssize_t w = write (p->wfd, buf, size);
      if (w < 0 && errno == EINTR)
        continue;
      if (w < 0)
        {
          err = errno;
          break;
        }
      buf += w;
      size -= (size_t) w;
    }
  if (err == EPIPE)
    {
      /* Take back the SIGPIPE this write raised, unless one was
         pending before (then it was not ours to take).  */
      sigset_t pending;
      sigpending (&pending);
      if (!sigismember (&old, SIGPIPE) && sigismember (&pending, SIGPIPE))
        {
          struct timespec zero = { 0, 0 };
          sigtimedwait (&pipe_set, NULL, &zero);
        }
    }
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  if (err != 0)
    scm_i_posix_error_obj ("write", err, port);
}

static int
pipe_ready (SCM port, void *data)
{
  struct pipe_data *p = data;
  struct pollfd pfd = { .fd = p->rfd, .events = POLLIN };
  return poll (&pfd, 1, 0) != 0;
}

static void
pipe_close (SCM port, void *data)
{
  struct pipe_data *p = data;
  /* A revealed port's descriptors are someone else's now.  */
  int keep = scm_c_port_revealed (port) > 0;
  if (p->wfd >= 0 && !keep)
    close (p->wfd);
  if (p->rfd >= 0 && !keep)
    close (p->rfd);
  p->wfd = p->rfd = -1;
  if (!p->by_close_pipe && !p->waited && p->pid > 0)
    {
      p->waited = 1;
      scm_i_posix_reap_later (p->pid);
    }
}

static const scm_t_port_functions pipe_functions = {
  pipe_read, pipe_write, pipe_ready, NULL, pipe_close
};

/* ------------------------------------------------------------------ */
/* Opening and closing.  */

SCM
scm_i_posix_fd_port (int rfd, int wfd, pid_t pid, const char *name)
{
  SCM bv = scm_c_make_bytevector (sizeof (struct pipe_data));
  struct pipe_data *p = (struct pipe_data *) SCM_BYTEVECTOR_CONTENTS (bv);
  *p = (struct pipe_data) { PIPE_MAGIC, rfd, wfd, pid, 0, pid <= 0, 0 };
  return scm_c_make_custom_port (&pipe_functions, p,
                                 rfd >= 0 && wfd >= 0 ? "rwf"
                                 : rfd >= 0 ? "rf" : "wf", name);
}

/* The descriptor of the current port PORT, or STD if it has none.  */
static int
current_fd (SCM port, int std)
{
  int fd = scm_c_port_fd (port);
  return fd >= 0 ? fd : std;
}

static void
close_both (int fds[2])
{
  if (fds[0] >= 0)
    close (fds[0]);
  if (fds[1] >= 0)
    close (fds[1]);
}

SCM_DEFINE (scm_open_pipe_star, "%open-pipe*", 2, 0, 1,
            (SCM mode, SCM command, SCM args),
            "Start the program @var{command} (looked for in @env{PATH}) "
            "with the arguments @var{args} and return a port on a pipe to "
            "it: with @var{mode} @code{\"r\"} the port reads the child's "
            "standard output, with @code{\"w\"} it writes to its standard "
            "input, with @code{\"r+\"} both.  The child's other streams are "
            "the current ports if they are on file descriptors, else the "
            "process's.  The primitive of @code{open-pipe*} "
            "(@code{(ice-9 popen)}).")
{
  static const char who[] = "open-pipe*";
  SCM_ASSERT_TYPE (scm_is_string (mode), mode, 1, who, "string");
  char *m = scm_to_utf8_string (mode);
  int reading = strcmp (m, "r") == 0 || strcmp (m, "r+") == 0;
  int writing = strcmp (m, "w") == 0 || strcmp (m, "r+") == 0;
  free (m);
  if (!reading && !writing)
    scm_c_raise_error ("out-of-range", who,
                       "mode is not \"r\", \"w\" or \"r+\"",
                       scm_list_1 (mode));
  SCM_ASSERT_TYPE (scm_is_string (command), command, 2, who, "string");
  char **argv = scm_i_posix_argv (scm_cons (command, args), 2, who);
  int from_child[2] = { -1, -1 }, to_child[2] = { -1, -1 };
  if ((reading && pipe2 (from_child, O_CLOEXEC) != 0)
      || (writing && pipe2 (to_child, O_CLOEXEC) != 0))
    {
      int err = errno;
      close_both (from_child);
      scm_i_posix_free_argv (argv);
      scm_i_posix_error_obj (who, err, command);
    }
  scm_force_output (scm_current_output_port ());
  scm_force_output (scm_current_error_port ());
  int in = writing ? to_child[0] : current_fd (scm_current_input_port (), 0);
  int out = reading ? from_child[1]
    : current_fd (scm_current_output_port (), 1);
  int errfd = current_fd (scm_current_error_port (), 2);
  pid_t pid = scm_i_posix_spawn (argv, in, out, errfd);
  scm_i_posix_free_argv (argv);
  /* The parent keeps its ends only.  */
  if (from_child[1] >= 0)
    close (from_child[1]);
  if (to_child[0] >= 0)
    close (to_child[0]);
  if (pid < 0)
    {
      if (from_child[0] >= 0)
        close (from_child[0]);
      if (to_child[1] >= 0)
        close (to_child[1]);
      scm_i_posix_error_obj (who, (int) -pid, command);
    }
  char *name = scm_to_utf8_string (command);
  SCM port = scm_i_posix_fd_port (from_child[0], to_child[1], pid, name);
  free (name);
  return port;
}

/* The pipe data of PORT, or NULL if it is not a pipe port.  */
static struct pipe_data *
pipe_data_of (SCM port)
{
  if (!scm_is_custom_port (port))
    return NULL;
  struct pipe_data *p = scm_c_custom_port_data (port);
  return p != NULL && p->magic == PIPE_MAGIC ? p : NULL;
}

int
scm_i_posix_port_fd (SCM port)
{
  struct pipe_data *p = pipe_data_of (port);
  if (p == NULL)
    {
      int fd = scm_i_posix_socket_fd (port);
      return fd >= 0 ? fd : scm_c_port_fd (port);
    }
  return p->rfd >= 0 ? p->rfd : p->wfd;
}

int
scm_i_posix_port_set_fd (SCM port, int old, int fd)
{
  struct pipe_data *p = pipe_data_of (port);
  if (p == NULL)
    return scm_i_posix_socket_set_fd (port, fd) == 0 ? 0
      : scm_c_port_set_fd (port, fd);
  if (p->rfd == old)
    p->rfd = fd;
  if (p->wfd == old)
    p->wfd = fd;
  return 0;
}

int
scm_i_posix_port_uses_fd (SCM port, int fd)
{
  struct pipe_data *p = pipe_data_of (port);
  if (p != NULL)
    return p->rfd == fd || p->wfd == fd;
  return scm_i_posix_port_fd (port) == fd;
}

int
scm_i_posix_fd_arg (SCM obj, int pos, const char *who)
{
  if (scm_is_port (obj))
    {
      int fd = scm_i_posix_port_fd (obj);
      if (fd < 0)
        scm_wrong_type_arg_msg (who, pos, obj, "port with a file descriptor");
      return fd;
    }
  SCM_ASSERT_TYPE (scm_is_exact_integer (obj), obj, pos, who,
                   "port or file descriptor");
  return scm_i_posix_int (obj, pos, who, 0, INT_MAX);
}

static void
reap_on_unwind (void *data)
{
  struct pipe_data *p = data;
  p->waited = 1;
  scm_i_posix_reap_later (p->pid);
}

static SCM
close_body (void *port)
{
  scm_close_port (*(SCM *) port);
  return SCM_UNDEFINED;
}

static SCM
keep_raised (void *unused, SCM obj)
{
  (void) unused;
  return obj;
}

SCM_DEFINE (scm_close_pipe, "%close-pipe", 1, 0, 0, (SCM port),
            "Close the pipe port @var{port}, wait for its process to end "
            "and return its exit status (for @code{status:exit-val}).  The "
            "primitive of @code{close-pipe}.")
{
  struct pipe_data *p = pipe_data_of (port);
  if (p == NULL || p->pid <= 0)
    scm_wrong_type_arg_msg ("close-pipe", 1, port, "pipe port");
  if (p->waited && !p->by_close_pipe)
    scm_c_raise_error ("system-error", "close-pipe",
                       "pipe's process already reaped (port closed with "
                       "close-port)", scm_list_1 (port));
  SCM raised = SCM_UNDEFINED;
  if (!p->waited)
    {
      p->by_close_pipe = 1;
      /* The child is waited for even if the last write fails.  */
      raised = scm_c_catch_raise (close_body, &port, keep_raised, NULL);
      int status = 0;
      /* An interrupt of the wait leaves the child to the reaper.  */
      scm_dynwind_begin (0);
      scm_dynwind_unwind_handler (reap_on_unwind, p, 0);
      scm_i_posix_waitpid (p->pid, &status, 0, "close-pipe");
      scm_dynwind_end ();
      p->status = status;
      p->waited = 1;
    }
  scm_remember_upto_here_1 (port);
  if (!SCM_UNBNDP (raised))
    scm_raise (raised);
  return scm_from_int (p->status);
}

SCM_DEFINE (scm_pipe_port_pid, "%pipe-port-pid", 1, 0, 0, (SCM port),
            "Return the process id of pipe port @var{port}'s child, or "
            "@code{#f} if @var{port} is not a pipe port.")
{
  struct pipe_data *p = pipe_data_of (port);
  return p != NULL && p->pid > 0 ? scm_from_long (p->pid) : SCM_BOOL_F;
}

void
scm_init_pipes (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "posix/pipes.x"
#endif
}
