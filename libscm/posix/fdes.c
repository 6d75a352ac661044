/* fdes.c -- file descriptors and the ports on them, with Guile's names:
   fileno, fdopen, pipe, dup, close-fdes, select, fcntl, flock, setvbuf
   SPDX-License-Identifier: LGPL-3.0-or-later

   Every descriptor made here is close-on-exec (pipe2, F_DUPFD_CLOEXEC,
   dup3), so that a child started meanwhile does not keep it.  The
   ports of pipe and fdopen are pipes.c's: a read waits interruptibly,
   a write to a pipe with no reader raises EPIPE naming the port.  */

#include "posix/posix-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/file.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/eval-limits.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/posix.h>
#include <libscm/snarf.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/threads.h>

static int
fd_arg (SCM obj, int pos, const char *who)
{
  return scm_i_posix_fd_arg (obj, pos, who);
}

SCM_DEFINE (scm_port_to_fdes, "port->fdes", 1, 0, 0, (SCM port),
            "Return the file descriptor of @var{port} (an open file, "
            "pipe or standard port): its input descriptor if it has two.")
{
  SCM_ASSERT_TYPE (scm_is_port (port), port, 1, "port->fdes", "port");
  return scm_from_int (fd_arg (port, 1, "port->fdes"));
}

SCM_DEFINE (scm_fileno, "fileno", 1, 0, 0, (SCM port),
            "The same as @code{port->fdes}.")
{
  SCM_ASSERT_TYPE (scm_is_port (port), port, 1, "fileno", "port");
  return scm_from_int (fd_arg (port, 1, "fileno"));
}

/* R, W: whether MODE (a Guile mode string: r, w, a, r+, w+, a+, with b
   or l letters) reads and writes.  */
static void
mode_dirs (SCM mode, int pos, const char *who, int *r, int *w)
{
  SCM_ASSERT_TYPE (scm_is_string (mode), mode, pos, who, "string");
  char *m = scm_to_utf8_string (mode);
  int plus = strchr (m, '+') != NULL, c = m[0];
  free (m);
  if (c != 'r' && c != 'w' && c != 'a')
    scm_out_of_range_pos (who, mode, scm_from_int (pos));
  *r = c == 'r' || plus;
  *w = c != 'r' || plus;
}

/* A port on FD (kept by the port) as MODE says.  */
static SCM
port_on (int fd, int r, int w, const char *name)
{
  int wfd = w ? (r ? fcntl (fd, F_DUPFD_CLOEXEC, 0) : fd) : -1;
  if (w && wfd < 0)
    scm_i_posix_error ("fdopen", errno, name);
  return scm_i_posix_fd_port (r ? fd : -1, wfd, 0, name);
}

SCM_DEFINE (scm_fdopen, "fdopen", 2, 0, 0, (SCM fdes, SCM mode),
            "Return a port on the file descriptor @var{fdes}, for reading "
            "(@var{mode} @code{\"r\"}), writing (@code{\"w\"}, "
            "@code{\"a\"}) or both (a @code{+}).  The port owns the "
            "descriptor: closing it closes @var{fdes}.")
{
  int fd = scm_i_posix_int (fdes, 1, "fdopen", 0, INT_MAX);
  int r, w;
  mode_dirs (mode, 2, "fdopen", &r, &w);
  if (fcntl (fd, F_GETFD) < 0)
    scm_i_posix_error_obj ("fdopen", errno, fdes);
  fcntl (fd, F_SETFD, FD_CLOEXEC);
  return port_on (fd, r, w, NULL);
}

struct fd_search
{
  int fd;
  unsigned direction;           /* 0: any; 1: input; 2: output */
  SCM found;                    /* a list */
};

static void
note_port (void *data, SCM port)
{
  struct fd_search *s = data;
  if (!scm_i_posix_port_uses_fd (port, s->fd))
    return;
  if ((s->direction == 1 && scm_is_false (scm_input_port_p (port)))
      || (s->direction == 2 && scm_is_false (scm_output_port_p (port))))
    return;
  s->found = scm_cons (port, s->found);
}

/* The open ports on descriptor FD for DIRECTION, oldest first.  */
static SCM
ports_on (int fd, unsigned direction)
{
  struct fd_search s = { fd, direction, SCM_EOL };
  scm_c_port_for_each (note_port, &s);
  return s.found;
}

SCM_DEFINE (scm_fdes_to_ports, "fdes->ports", 1, 0, 0, (SCM fdes),
            "Return the list of the open ports whose file descriptor is "
            "@var{fdes} (file, standard, pipe and socket ports).")
{
  return ports_on (scm_i_posix_int (fdes, 1, "fdes->ports", 0, INT_MAX), 0);
}

/* An open port on FDES for DIRECTION (1 input, 2 output), or a new
   one, which does not close FDES when it is collected.  */
static SCM
port_for_fdes (SCM fdes, unsigned direction, const char *who)
{
  int fd = scm_i_posix_int (fdes, 1, who, 0, INT_MAX);
  SCM found = ports_on (fd, direction);
  if (scm_is_pair (found))
    return SCM_CAR (found);
  if (fcntl (fd, F_GETFD) < 0)
    scm_i_posix_error_obj (who, errno, fdes);
  SCM port = scm_c_fdopen (fd, direction == 1 ? "r" : "w", NULL, 1);
  scm_c_set_port_revealed (port, 1);
  return port;
}

SCM_DEFINE (scm_fdes_to_inport, "fdes->inport", 1, 0, 0, (SCM fdes),
            "Return an open input port on the file descriptor @var{fdes}: "
            "one that exists, or else a new one, whose revealed count is "
            "1 (so that closing or collecting it leaves @var{fdes} "
            "open).")
{
  return port_for_fdes (fdes, 1, "fdes->inport");
}

SCM_DEFINE (scm_fdes_to_outport, "fdes->outport", 1, 0, 0, (SCM fdes),
            "Return an open output port on the file descriptor "
            "@var{fdes}: one that exists, or else a new one, whose "
            "revealed count is 1.")
{
  return port_for_fdes (fdes, 2, "fdes->outport");
}

SCM_DEFINE (scm_port_revealed, "port-revealed", 1, 0, 0, (SCM port),
            "Return the revealed count of @var{port}: while it is above 0, "
            "closing or collecting the port leaves its file descriptor "
            "open (someone else has been told the descriptor).")
{
  return scm_from_int (scm_c_port_revealed (port));
}

SCM_DEFINE (scm_set_port_revealed_x, "set-port-revealed!", 2, 0, 0,
            (SCM port, SCM rcount),
            "Set the revealed count of @var{port} to @var{rcount}, a "
            "non-negative integer.")
{
  SCM_ASSERT_TYPE (scm_is_port (port), port, 1, "set-port-revealed!", "port");
  scm_c_set_port_revealed (port, scm_i_posix_int (rcount, 2,
                                                  "set-port-revealed!", 0,
                                                  INT_MAX));
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_adjust_port_revealed_x, "adjust-port-revealed!", 2, 0, 0,
            (SCM port, SCM addend),
            "Add @var{addend} (an integer) to the revealed count of "
            "@var{port}, which does not go below 0.")
{
  static const char who[] = "adjust-port-revealed!";
  SCM_ASSERT_TYPE (scm_is_port (port), port, 1, who, "port");
  int a = scm_i_posix_int (addend, 2, who, -INT_MAX, INT_MAX);
  long n = (long) scm_c_port_revealed (port) + a;
  scm_c_set_port_revealed (port, n < 0 ? 0 : n > INT_MAX ? INT_MAX : (int) n);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_release_port_handle, "release-port-handle", 1, 0, 0,
            (SCM port),
            "Take 1 from the revealed count of @var{port} if it is above "
            "0.")
{
  int n = scm_c_port_revealed (port);
  if (n > 0)
    scm_c_set_port_revealed (port, n - 1);
  return SCM_UNSPECIFIED;
}

/* Move descriptor OLD (PORT's, or no port's if PORT is #f) to FD for
   WHO, about OBJ: every other port on FD gets a new descriptor first,
   then FD becomes a copy of OLD (inherited by children, as dup2
   makes it) and OLD is closed.  */
static void
move_fd (int old, int fd, SCM port, SCM obj, const char *who)
{
  for (SCM l = ports_on (fd, 0); scm_is_pair (l); l = SCM_CDR (l))
    {
      if (scm_is_eq (SCM_CAR (l), port))
        continue;
      int elsewhere = fcntl (fd, F_DUPFD_CLOEXEC, 0);
      if (elsewhere < 0)
        scm_i_posix_error_obj (who, errno, obj);
      scm_i_posix_port_set_fd (SCM_CAR (l), fd, elsewhere);
    }
  if (dup2 (old, fd) < 0)
    scm_i_posix_error_obj (who, errno, obj);
  if (scm_is_true (port))
    scm_i_posix_port_set_fd (port, old, fd);
  close (old);
}

SCM_DEFINE (scm_primitive_move_to_fdes, "primitive-move->fdes", 2, 0, 0,
            (SCM port, SCM fdes),
            "Move the file descriptor of @var{port} to @var{fdes}: the "
            "port reads or writes @var{fdes} from now on and its old "
            "descriptor is closed.  Other ports on @var{fdes} are moved to "
            "a new descriptor first.  @var{fdes} is inherited by programs "
            "this process starts (as with @code{dup2}).  Return @code{#t}, "
            "or @code{#f} if @var{port} was on @var{fdes} already.")
{
  static const char who[] = "primitive-move->fdes";
  SCM_ASSERT_TYPE (scm_is_port (port), port, 1, who, "port");
  int old = fd_arg (port, 1, who);
  int fd = scm_i_posix_int (fdes, 2, who, 0, INT_MAX);
  if (old == fd)
    return SCM_BOOL_F;
  move_fd (old, fd, port, fdes, who);
  return SCM_BOOL_T;
}

SCM_DEFINE (scm_move_to_fdes, "move->fdes", 2, 0, 0,
            (SCM fd_or_port, SCM fdes),
            "Move @var{fd-or-port} to the descriptor @var{fdes}: a port as "
            "@code{primitive-move->fdes} does, its revealed count then "
            "1; a descriptor by @code{dup2} and closing it.  Return "
            "@var{fd-or-port} moved: the port, or @var{fdes}.")
{
  static const char who[] = "move->fdes";
  if (scm_is_port (fd_or_port))
    {
      scm_primitive_move_to_fdes (fd_or_port, fdes);
      scm_c_set_port_revealed (fd_or_port, 1);
      return fd_or_port;
    }
  int old = scm_i_posix_int (fd_or_port, 1, who, 0, INT_MAX);
  int fd = scm_i_posix_int (fdes, 2, who, 0, INT_MAX);
  if (old != fd)
    move_fd (old, fd, SCM_BOOL_F, fd_or_port, who);
  return fdes;
}

SCM_DEFINE (scm_pipe, "pipe", 0, 0, 0, (void),
            "Make a pipe and return a pair of ports: @code{(@var{input} . "
            "@var{output})}; what is written to the output port is read "
            "from the input port.  Both descriptors are close-on-exec.")
{
  int fds[2];
  if (pipe2 (fds, O_CLOEXEC) != 0)
    scm_i_posix_error ("pipe", errno, NULL);
  return scm_cons (scm_i_posix_fd_port (fds[0], -1, 0, "pipe"),
                   scm_i_posix_fd_port (-1, fds[1], 0, "pipe"));
}

SCM_DEFINE (scm_dup_to_fdes, "dup->fdes", 1, 1, 0, (SCM fd_or_port, SCM fd),
            "Return a new descriptor on what @var{fd-or-port} refers to: "
            "the lowest free one, or @var{fd}, which is closed first if it "
            "was open.")
{
  int old = fd_arg (fd_or_port, 1, "dup->fdes"), r;
  if (SCM_UNBNDP (fd))
    r = fcntl (old, F_DUPFD_CLOEXEC, 0);
  else
    {
      int target = scm_i_posix_int (fd, 2, "dup->fdes", 0, INT_MAX);
      r = target == old ? old : dup3 (old, target, O_CLOEXEC);
    }
  if (r < 0)
    scm_i_posix_error_obj ("dup->fdes", errno, fd_or_port);
  return scm_from_int (r);
}

SCM_DEFINE (scm_dup2, "dup2", 2, 0, 0, (SCM oldfd, SCM newfd),
            "Make the descriptor @var{newfd} refer to what @var{oldfd} "
            "does, closing @var{newfd} first if it was open.  Unlike "
            "@code{dup->fdes}, the new descriptor is inherited by "
            "programs that this process starts: that is what dup2 is for "
            "(0, 1 and 2 of a child).")
{
  int o = scm_i_posix_int (oldfd, 1, "dup2", 0, INT_MAX);
  int n = scm_i_posix_int (newfd, 2, "dup2", 0, INT_MAX);
  if (dup2 (o, n) < 0)
    scm_i_posix_error_obj ("dup2", errno, oldfd);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_dup, "dup", 1, 1, 0, (SCM fd_or_port, SCM fd),
            "Like @code{dup->fdes}, but a port gives a new port of the same "
            "direction on the new descriptor.")
{
  SCM n = scm_dup_to_fdes (fd_or_port, fd);
  if (!scm_is_port (fd_or_port))
    return n;
  int r = scm_is_true (scm_input_port_p (fd_or_port));
  int w = scm_is_true (scm_output_port_p (fd_or_port));
  return port_on (scm_to_int (n), r, w, NULL);
}

SCM_DEFINE (scm_close_fdes, "close-fdes", 1, 0, 0, (SCM fd),
            "Close the file descriptor @var{fd}.  A port on it is not told: "
            "close the port instead where there is one.")
{
  int f = scm_i_posix_int (fd, 1, "close-fdes", 0, INT_MAX);
  if (close (f) != 0)
    scm_i_posix_error_obj ("close-fdes", errno, fd);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_fcntl, "fcntl", 2, 1, 0, (SCM object, SCM cmd, SCM value),
            "Apply the @code{fcntl} command @var{cmd} to @var{object} (a "
            "port or descriptor): @code{F_GETFD}, @code{F_SETFD} (with "
            "@code{FD_CLOEXEC}), @code{F_GETFL}, @code{F_SETFL} (with "
            "@code{O_NONBLOCK}, @code{O_APPEND}), @code{F_DUPFD}.  Returns "
            "the command's result.")
{
  int fd = fd_arg (object, 1, "fcntl");
  int c = scm_i_posix_int (cmd, 2, "fcntl", 0, INT_MAX);
  int v = SCM_UNBNDP (value) ? 0
    : scm_i_posix_int (value, 3, "fcntl", INT_MIN, INT_MAX);
  if (c != F_GETFD && c != F_SETFD && c != F_GETFL && c != F_SETFL
      && c != F_DUPFD && c != F_DUPFD_CLOEXEC)
    scm_out_of_range_pos ("fcntl", cmd, scm_from_int (2));
  int r = fcntl (fd, c, v);
  if (r < 0)
    scm_i_posix_error_obj ("fcntl", errno, object);
  return scm_from_int (r);
}

SCM_DEFINE (scm_flock, "flock", 2, 0, 0, (SCM file, SCM operation),
            "Take or release an advisory lock on @var{file} (a port or "
            "descriptor): @var{operation} is @code{LOCK_SH}, "
            "@code{LOCK_EX} or @code{LOCK_UN}, plus @code{LOCK_NB} not to "
            "wait (then a lock held elsewhere raises @code{EWOULDBLOCK}).  "
            "A wait ends on an interrupt.")
{
  int fd = fd_arg (file, 1, "flock");
  int op = scm_i_posix_int (operation, 2, "flock", 0, 0xff);
  for (;;)
    {
      if (flock (fd, op | LOCK_NB) == 0)
        return SCM_UNSPECIFIED;
      if (errno == EINTR)
        continue;
      if (errno != EWOULDBLOCK || (op & LOCK_NB))
        scm_i_posix_error_obj ("flock", errno, file);
      scm_i_posix_sleep_ns (10000000, "flock");
    }
}

/* ------------------------------------------------------------------ */
/* select, on poll.  */

/* Append the descriptors of LIST (ports or descriptors, argument POS)
   to FDS with EVENTS.  */
static size_t
add_fds (SCM list, short events, int pos, struct pollfd *fds, size_t n)
{
  for (SCM l = list; scm_is_pair (l); l = SCM_CDR (l))
    {
      fds[n].fd = fd_arg (SCM_CAR (l), pos, "select");
      fds[n].events = events;
      fds[n].revents = 0;
      n++;
    }
  return n;
}

/* The elements of LIST whose entry of FDS (from *I on) has one of
   MASK's events.  */
static SCM
ready (SCM list, const struct pollfd *fds, size_t *i, short mask)
{
  SCM out = SCM_EOL;
  for (SCM l = list; scm_is_pair (l); l = SCM_CDR (l), (*i)++)
    if (fds[*i].revents & mask)
      out = scm_cons (SCM_CAR (l), out);
  return scm_reverse_x (out, SCM_EOL);
}

struct poll_wait
{
  struct pollfd *fds;
  size_t n;
  int ms, result;
};

static void *
poll_slice (void *data)
{
  struct poll_wait *w = data;
  int r = poll (w->fds, w->n, w->ms);
  w->result = r < 0 ? -errno : r;
  return NULL;
}

/* Poll FDS until one is ready or TIMEOUT_NS passes (negative: no
   timeout), in slices that look for interrupts.  */
static void
wait_poll (struct pollfd *fds, size_t n, int64_t timeout_ns)
{
  scm_t_interrupt_target *target = scm_c_interrupt_target ();
  struct timespec start;
  clock_gettime (CLOCK_MONOTONIC, &start);
  for (;;)
    {
      int64_t slice = 10000000;
      if (timeout_ns >= 0)
        {
          struct timespec now;
          clock_gettime (CLOCK_MONOTONIC, &now);
          int64_t left = timeout_ns
            - ((now.tv_sec - start.tv_sec) * 1000000000LL
               + (now.tv_nsec - start.tv_nsec));
          if (left < slice)
            slice = left > 0 ? left : 0;
        }
      struct poll_wait w = { fds, n, (int) ((slice + 999999) / 1000000), 0 };
      scm_without_guile (poll_slice, &w);
      if (w.result > 0)
        {
          /* As in scm_i_posix_wait_fd: an interrupt wins.  */
          if (scm_c_interrupt_pending (target))
            scm_async_tick ();
          return;
        }
      if (w.result < 0 && w.result != -EINTR)
        scm_i_posix_error ("select", -w.result, NULL);
      if (scm_c_interrupt_pending (target) || w.result == -EINTR)
        scm_async_tick ();
      if (timeout_ns >= 0 && slice == 0)
        return;
    }
}

SCM_DEFINE (scm_select, "select", 3, 2, 0,
            (SCM reads, SCM writes, SCM excepts, SCM secs, SCM usecs),
            "Wait until one of the ports or descriptors of the lists "
            "@var{reads} is ready for reading, of @var{writes} for "
            "writing, of @var{excepts} has an exceptional condition, or "
            "until the timeout (@var{secs}, a real number, plus "
            "@var{usecs} microseconds; @code{#f} or none: no timeout) "
            "passes, and return a list of three lists: the ready ones.  "
            "An input port with buffered input is ready at once.  The wait "
            "ends on an interrupt.")
{
  static const char who[] = "select";
  long nr = scm_c_list_length (reads), nw = scm_c_list_length (writes),
    ne = scm_c_list_length (excepts);
  SCM_ASSERT_TYPE (nr >= 0, reads, 1, who, "list");
  SCM_ASSERT_TYPE (nw >= 0, writes, 2, who, "list");
  SCM_ASSERT_TYPE (ne >= 0, excepts, 3, who, "list");
  int64_t timeout_ns = -1;
  if (!SCM_UNBNDP (secs) && scm_is_true (secs))
    {
      SCM_ASSERT_TYPE (scm_is_real (secs), secs, 4, who, "real number or #f");
      double s = scm_to_double (secs);
      if (!(s >= 0 && s < 1e9))
        scm_out_of_range_pos (who, secs, scm_from_int (4));
      timeout_ns = (int64_t) (s * 1e9);
      if (!SCM_UNBNDP (usecs))
        timeout_ns += 1000LL * scm_i_posix_int (usecs, 5, who, 0, 999999999);
    }
  size_t total = (size_t) (nr + nw + ne);
  struct pollfd *fds = calloc (total + 1, sizeof *fds);
  if (fds == NULL)
    scm_out_of_memory (who, (total + 1) * sizeof *fds);
  scm_dynwind_begin (0);
  scm_dynwind_free (fds);
  size_t n = add_fds (reads, POLLIN, 1, fds, 0);
  n = add_fds (writes, POLLOUT, 2, fds, n);
  n = add_fds (excepts, POLLPRI, 3, fds, n);
  /* Buffered input counts as ready, which poll cannot see: then the
     others are only looked at, without waiting.  */
  int buffered = 0;
  for (SCM l = reads; scm_is_pair (l); l = SCM_CDR (l))
    if (scm_is_port (SCM_CAR (l))
        && scm_is_true (scm_input_port_p (SCM_CAR (l)))
        && scm_is_true (scm_char_ready_p (SCM_CAR (l))))
      buffered = 1;
  wait_poll (fds, n, buffered ? 0 : timeout_ns);
  if (buffered)
    {
      size_t k = 0;
      for (SCM l = reads; scm_is_pair (l); l = SCM_CDR (l), k++)
        if (scm_is_port (SCM_CAR (l))
            && scm_is_true (scm_input_port_p (SCM_CAR (l)))
            && scm_is_true (scm_char_ready_p (SCM_CAR (l))))
          fds[k].revents |= POLLIN;
    }
  size_t i = 0;
  SCM r = ready (reads, fds, &i, POLLIN | POLLHUP | POLLERR);
  SCM w = ready (writes, fds, &i, POLLOUT | POLLERR);
  SCM e = ready (excepts, fds, &i, POLLPRI);
  scm_dynwind_end ();
  return scm_list_3 (r, w, e);
}

SCM_SYMBOL (sym_none, "none");
SCM_SYMBOL (sym_line, "line");
SCM_SYMBOL (sym_block, "block");

/* The mode argument of setvbuf: Guile's symbol, or the number of one
   of the older constants _IONBF, _IOLBF and _IOFBF.  */
static int
buffer_mode (SCM mode)
{
  if (scm_is_eq (mode, sym_none))
    return 0;
  if (scm_is_eq (mode, sym_line))
    return 1;
  if (scm_is_eq (mode, sym_block))
    return 2;
  if (scm_is_exact_integer (mode))
    return scm_i_posix_int (mode, 2, "setvbuf", 0, 2);
  scm_wrong_type_arg_msg ("setvbuf", 2, mode, "none, line or block");
}

SCM_DEFINE (scm_setvbuf, "setvbuf", 2, 1, 0, (SCM port, SCM mode, SCM size),
            "Set how @var{port} (a file, pipe, socket, standard or custom "
            "port) buffers its data.  @var{mode} is a symbol: "
            "@code{none}, @code{line} or @code{block} (or one of the older "
            "constants @code{_IONBF}, @code{_IOLBF}, @code{_IOFBF}).  "
            "Output goes to the device after every operation, at each "
            "newline, or when the buffer is full.  Input is read ahead up "
            "to a buffer's worth, except with @code{none}: then no byte "
            "beyond those asked for is taken from the device, so that "
            "what follows is left for another reader of the descriptor "
            "(a child process, say).  @var{size} is the buffer's size in "
            "bytes (default 4096; at least 16).  Buffered output is "
            "written out first, buffered input is kept and read first.")
{
  static const char who[] = "setvbuf";
  SCM_ASSERT_TYPE (scm_is_port (port), port, 1, who, "port");
  int m = buffer_mode (mode);
  size_t bytes = SCM_UNBNDP (size) ? 0
    : (size_t) scm_i_posix_int (size, 3, who, 1, INT_MAX);
  if (scm_c_setvbuf (port, m, bytes) != 0)
    scm_wrong_type_arg_msg (who, 1, port,
                            "open file, pipe, socket, standard or custom "
                            "port");
  return SCM_UNSPECIFIED;
}

static const struct { const char *name; int value; } constants[] = {
  { "F_GETFD", F_GETFD }, { "F_SETFD", F_SETFD }, { "F_GETFL", F_GETFL },
  { "F_SETFL", F_SETFL }, { "F_DUPFD", F_DUPFD }, { "FD_CLOEXEC", FD_CLOEXEC },
  { "O_NONBLOCK", O_NONBLOCK }, { "O_APPEND", O_APPEND },
  { "O_RDONLY", O_RDONLY }, { "O_WRONLY", O_WRONLY }, { "O_RDWR", O_RDWR },
  { "LOCK_SH", LOCK_SH }, { "LOCK_EX", LOCK_EX }, { "LOCK_UN", LOCK_UN },
  { "LOCK_NB", LOCK_NB }, { "_IONBF", 0 }, { "_IOLBF", 1 }, { "_IOFBF", 2 },
};

void
scm_init_fdes (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "posix/fdes.x"
#endif
  for (size_t i = 0; i < sizeof constants / sizeof constants[0]; i++)
    scm_c_define (constants[i].name, scm_from_int (constants[i].value));
}
