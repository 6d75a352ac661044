/* sockets.c -- sockets as ports, with Guile's names: socket,
   socketpair, bind, listen, accept, connect, shutdown, getsockname,
   getpeername, setsockopt, getsockopt, send, recv!, sendto, recvfrom!
   SPDX-License-Identifier: LGPL-3.0-or-later

   A socket is a custom port ("rw", both textual and binary, output
   unbuffered as Guile's socket ports are, finalized) over one
   descriptor, kept in a bytevector's bytes as pipes.c keeps its own.
   Closing the port, or collecting it unclosed, closes the descriptor.
   Every descriptor is made close-on-exec (SOCK_CLOEXEC, accept4).

   The descriptor stays in the mode the program chose (blocking unless
   SOCK_NONBLOCK or fcntl said otherwise), so that a child given it
   sees what it expects.  Waits happen here, not in the kernel: a read
   or recv! tries with MSG_DONTWAIT and, if nothing is there, waits
   with poll in the slices of scm_i_posix_wait_fd, which raise an
   interrupt (Ctrl-C, an embedder's request, a time limit) or run a
   Scheme signal handler between two; a blocking accept polls first;
   a blocking connect is made non-blocking for its duration.  So none
   of them returns after an interrupt was seen: it raises.

   Writes use send with MSG_NOSIGNAL: a peer that has gone raises a
   system-error EPIPE naming the port, and no SIGPIPE is sent.  */

#include "posix/posix-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <libscm/bytevectors.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/gc.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/posix.h>
#include <libscm/snarf.h>
#include <libscm/strings.h>

#define SOCKET_MAGIC 0x736f636bu      /* "sock" */

struct socket_data
{
  unsigned magic;
  int fd;                       /* -1 once closed */
};

/* ------------------------------------------------------------------ */
/* The port.  */

static int
is_nonblocking (int fd)
{
  int fl = fcntl (fd, F_GETFL);
  return fl >= 0 && (fl & O_NONBLOCK);
}

static size_t
socket_read (SCM port, void *data, uint8_t *buf, size_t size)
{
  struct socket_data *s = data;
  for (;;)
    {
      ssize_t r = recv (s->fd, buf, size, MSG_DONTWAIT);
      if (r >= 0)
        return (size_t) r;
      if (errno == EAGAIN || errno == EWOULDBLOCK)
        scm_i_posix_wait_fd (s->fd, POLLIN, -1, "read");
      else if (errno != EINTR)
        scm_i_posix_error_obj ("read", errno, port);
    }
}

static void
socket_write (SCM port, void *data, const uint8_t *buf, size_t size)
{
  struct socket_data *s = data;
  while (size > 0)
    {
      ssize_t w = send (s->fd, buf, size, MSG_DONTWAIT | MSG_NOSIGNAL);
      if (w >= 0)
        {
          buf += w;
          size -= (size_t) w;
        }
      else if (errno == EAGAIN || errno == EWOULDBLOCK)
        scm_i_posix_wait_fd (s->fd, POLLOUT, -1, "write");
      else if (errno != EINTR)
        scm_i_posix_error_obj ("write", errno, port);
    }
}

static int
socket_ready (SCM port, void *data)
{
  (void) port;
  struct socket_data *s = data;
  struct pollfd p = { .fd = s->fd, .events = POLLIN };
  return poll (&p, 1, 0) != 0;
}

static void
socket_close (SCM port, void *data)
{
  struct socket_data *s = data;
  if (s->fd >= 0 && scm_c_port_revealed (port) == 0)
    close (s->fd);
  s->fd = -1;
}

static const scm_t_port_functions socket_functions = {
  socket_read, socket_write, socket_ready, NULL, socket_close
};

/* A socket port that owns FD.  */
static SCM
socket_port (int fd)
{
  SCM bv = scm_c_make_bytevector (sizeof (struct socket_data));
  struct socket_data *s = (struct socket_data *) SCM_BYTEVECTOR_CONTENTS (bv);
  *s = (struct socket_data) { SOCKET_MAGIC, fd };
  return scm_c_make_custom_port (&socket_functions, s, "rw0f", "socket");
}

static struct socket_data *
socket_data_of (SCM port)
{
  if (!scm_is_custom_port (port))
    return NULL;
  struct socket_data *s = scm_c_custom_port_data (port);
  return s != NULL && s->magic == SOCKET_MAGIC ? s : NULL;
}

int
scm_i_posix_socket_fd (SCM port)
{
  struct socket_data *s = socket_data_of (port);
  return s != NULL ? s->fd : -1;
}

int
scm_i_posix_socket_set_fd (SCM port, int fd)
{
  struct socket_data *s = socket_data_of (port);
  if (s == NULL || s->fd < 0)
    return -1;
  s->fd = fd;
  return 0;
}

/* The descriptor of SOCK, argument POS of WHO: an open socket port,
   or, as Guile takes them, another port on a descriptor (fdopen of a
   socket's) or a descriptor; the system says ENOTSOCK if it is none.  */
static int
sock_arg (SCM sock, int pos, const char *who)
{
  struct socket_data *s = socket_data_of (sock);
  if (s == NULL)
    return scm_i_posix_fd_arg (sock, pos, who);
  if (s->fd < 0)
    scm_wrong_type_arg_msg (who, pos, sock, "open socket port");
  return s->fd;
}

/* ------------------------------------------------------------------ */
/* Making sockets.  */

SCM_DEFINE (scm_socket, "socket", 3, 0, 0,
            (SCM family, SCM style, SCM proto),
            "Return a port on a new socket of @var{family} "
            "(@code{AF_INET}, @code{AF_INET6}, @code{AF_UNIX}), "
            "@var{style} (@code{SOCK_STREAM}, @code{SOCK_DGRAM}..., "
            "optionally plus @code{SOCK_NONBLOCK}) and protocol "
            "@var{proto} (0: the family's default).  The descriptor is "
            "close-on-exec.")
{
  static const char who[] = "socket";
  int f = scm_i_posix_int (family, 1, who, 0, INT_MAX);
  int t = scm_i_posix_int (style, 2, who, 0, INT_MAX);
  int p = scm_i_posix_int (proto, 3, who, 0, INT_MAX);
  int fd = socket (f, t | SOCK_CLOEXEC, p);
  if (fd < 0)
    scm_i_posix_error_obj (who, errno, scm_list_3 (family, style, proto));
  return socket_port (fd);
}

SCM_DEFINE (scm_socketpair, "socketpair", 3, 0, 0,
            (SCM family, SCM style, SCM proto),
            "Return a pair of ports on two connected sockets, as "
            "@code{socket} makes them (@var{family} is usually "
            "@code{AF_UNIX}).")
{
  static const char who[] = "socketpair";
  int f = scm_i_posix_int (family, 1, who, 0, INT_MAX);
  int t = scm_i_posix_int (style, 2, who, 0, INT_MAX);
  int p = scm_i_posix_int (proto, 3, who, 0, INT_MAX);
  int fds[2];
  if (socketpair (f, t | SOCK_CLOEXEC, p, fds) != 0)
    scm_i_posix_error_obj (who, errno, scm_list_3 (family, style, proto));
  SCM a = socket_port (fds[0]);
  return scm_cons (a, socket_port (fds[1]));
}

/* ------------------------------------------------------------------ */
/* Addresses.  */

/* The address of WHO's arguments from POS on (a socket address, or a
   family, an address and ARGS), with nothing left over.  */
static socklen_t
whole_address (SCM fam_or_sockaddr, SCM address, SCM args, int pos,
               const char *who, union scm_i_sockaddr *sa)
{
  SCM rest;
  socklen_t len = scm_i_posix_sockaddr (fam_or_sockaddr, address, args, pos,
                                        who, sa, &rest);
  if (!scm_is_null (rest))
    scm_c_raise_error ("wrong-number-of-args", who,
                       "too many arguments after the address", rest);
  return len;
}

/* The address as an error shows it: "127.0.0.1:80", "[::1]:80", or
   the file name of a Unix socket.  */
static SCM
address_obj (const union scm_i_sockaddr *sa, socklen_t len)
{
  char host[INET6_ADDRSTRLEN], text[INET6_ADDRSTRLEN + 16];
  switch (sa->sa.sa_family)
    {
    case AF_INET:
      inet_ntop (AF_INET, &sa->in.sin_addr, host, sizeof host);
      snprintf (text, sizeof text, "%s:%u", host, ntohs (sa->in.sin_port));
      return scm_from_utf8_string (text);
    case AF_INET6:
      inet_ntop (AF_INET6, &sa->in6.sin6_addr, host, sizeof host);
      snprintf (text, sizeof text, "[%s]:%u", host,
                ntohs (sa->in6.sin6_port));
      return scm_from_utf8_string (text);
    case AF_UNIX:
      return scm_from_utf8_string (sa->un.sun_path);
    default:
      return scm_i_posix_from_sockaddr (&sa->sa, len);
    }
}

SCM_DEFINE (scm_bind, "bind", 2, 1, 1,
            (SCM sock, SCM fam_or_sockaddr, SCM address, SCM args),
            "Give socket @var{sock} the local address that "
            "@var{fam-or-sockaddr} is (a socket address), or that it, "
            "@var{address} and @var{args} make as for "
            "@code{make-socket-address}: @code{(bind s AF_INET "
            "INADDR_LOOPBACK 0)} binds to an ephemeral port of the "
            "loopback.")
{
  static const char who[] = "bind";
  int fd = sock_arg (sock, 1, who);
  union scm_i_sockaddr sa;
  socklen_t len = whole_address (fam_or_sockaddr, address, args, 2, who, &sa);
  if (bind (fd, &sa.sa, len) != 0)
    scm_i_posix_error_obj (who, errno, address_obj (&sa, len));
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_listen, "listen", 2, 0, 0, (SCM sock, SCM backlog),
            "Make socket @var{sock} accept connections, @var{backlog} of "
            "them waiting at most.")
{
  int fd = sock_arg (sock, 1, "listen");
  int n = scm_i_posix_int (backlog, 2, "listen", 0, INT_MAX);
  if (listen (fd, n) != 0)
    scm_i_posix_error_obj ("listen", errno, sock);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_accept, "accept", 1, 1, 0, (SCM sock, SCM flags),
            "Wait for a connection to the listening socket @var{sock} and "
            "return a pair: a port on the new socket and the peer's "
            "address.  @var{flags} (0 by default) may add "
            "@code{SOCK_NONBLOCK} for the new socket, which is always "
            "close-on-exec.  If @var{sock} is non-blocking and nobody "
            "waits, return @code{#f}.  The wait ends on an interrupt.")
{
  static const char who[] = "accept";
  int fd = sock_arg (sock, 1, who);
  int fl = SCM_UNBNDP (flags) ? 0
    : scm_i_posix_int (flags, 2, who, 0, INT_MAX);
  int nonblocking = is_nonblocking (fd);
  for (;;)
    {
      /* Poll first: accept itself would wait where no interrupt
         reaches it.  Another thread that accepts on the same socket
         between the two can still make accept4 wait.  */
      if (!nonblocking)
        scm_i_posix_wait_fd (fd, POLLIN, -1, who);
      union scm_i_sockaddr sa;
      socklen_t len = sizeof sa;
      int c = accept4 (fd, &sa.sa, &len, (fl & SOCK_NONBLOCK) | SOCK_CLOEXEC);
      if (c >= 0)
        {
          SCM port = socket_port (c);
          return scm_cons (port, scm_i_posix_from_sockaddr (&sa.sa, len));
        }
      if ((errno == EAGAIN || errno == EWOULDBLOCK) && nonblocking)
        return SCM_BOOL_F;
      if (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK
          && errno != ECONNABORTED)
        scm_i_posix_error_obj (who, errno, sock);
    }
}

/* Put back the flags of a socket that connect made non-blocking.  */
struct restore_flags
{
  int fd, flags;
};

static void
restore_fl (void *data)
{
  struct restore_flags *r = data;
  fcntl (r->fd, F_SETFL, r->flags);
}

/* Connect the blocking socket FD to SA, waiting interruptibly: FD is
   non-blocking meanwhile.  Returns 0 or an errno.  */
static int
connect_waiting (int fd, const union scm_i_sockaddr *sa, socklen_t len)
{
  int fl = fcntl (fd, F_GETFL);
  if (fl < 0 || fcntl (fd, F_SETFL, fl | O_NONBLOCK) < 0)
    return errno;
  struct restore_flags r = { fd, fl };
  scm_dynwind_begin (0);
  scm_dynwind_unwind_handler (restore_fl, &r, SCM_F_WIND_EXPLICITLY);
  int err = 0;
  while (connect (fd, &sa->sa, len) != 0)
    {
      err = errno;
      if (err == EINTR)
        continue;
      if (err == EAGAIN)
        {
          /* A Unix socket whose listener's queue is full: try again.  */
          scm_i_posix_sleep_ns (10000000, "connect");
          continue;
        }
      if (err == EINPROGRESS)
        {
          scm_i_posix_wait_fd (fd, POLLOUT, -1, "connect");
          socklen_t l = sizeof err;
          if (getsockopt (fd, SOL_SOCKET, SO_ERROR, &err, &l) != 0)
            err = errno;
        }
      break;
    }
  scm_dynwind_end ();
  return err;
}

SCM_DEFINE (scm_connect, "connect", 2, 1, 1,
            (SCM sock, SCM fam_or_sockaddr, SCM address, SCM args),
            "Connect socket @var{sock} to the address that "
            "@var{fam-or-sockaddr} is, or that it, @var{address} and "
            "@var{args} make (as for @code{bind}).  Return @code{#t}, or "
            "@code{#f} if @var{sock} is non-blocking and the connection "
            "is under way.  A blocking connect ends on an interrupt.")
{
  static const char who[] = "connect";
  int fd = sock_arg (sock, 1, who);
  union scm_i_sockaddr sa;
  socklen_t len = whole_address (fam_or_sockaddr, address, args, 2, who, &sa);
  if (is_nonblocking (fd))
    {
      if (connect (fd, &sa.sa, len) == 0)
        return SCM_BOOL_T;
      if (errno == EINPROGRESS || errno == EAGAIN)
        return SCM_BOOL_F;
      scm_i_posix_error_obj (who, errno, address_obj (&sa, len));
    }
  int err = connect_waiting (fd, &sa, len);
  if (err != 0)
    scm_i_posix_error_obj (who, err, address_obj (&sa, len));
  return SCM_BOOL_T;
}

SCM_DEFINE (scm_shutdown, "shutdown", 2, 0, 0, (SCM sock, SCM how),
            "Shut down the reading (@var{how} 0), the writing (1) or both "
            "(2) of the connection of socket @var{sock}: after 1 the peer "
            "reads the end of file.")
{
  int fd = sock_arg (sock, 1, "shutdown");
  int h = scm_i_posix_int (how, 2, "shutdown", 0, 2);
  if (scm_is_port (sock) && h != SHUT_RD)
    scm_force_output (sock);
  if (shutdown (fd, h) != 0)
    scm_i_posix_error_obj ("shutdown", errno, sock);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_getsockname, "getsockname", 1, 0, 0, (SCM sock),
            "Return the local address of socket @var{sock}.")
{
  int fd = sock_arg (sock, 1, "getsockname");
  union scm_i_sockaddr sa;
  socklen_t len = sizeof sa;
  if (getsockname (fd, &sa.sa, &len) != 0)
    scm_i_posix_error_obj ("getsockname", errno, sock);
  return scm_i_posix_from_sockaddr (&sa.sa, len);
}

SCM_DEFINE (scm_getpeername, "getpeername", 1, 0, 0, (SCM sock),
            "Return the address of the peer of connected socket "
            "@var{sock}.")
{
  int fd = sock_arg (sock, 1, "getpeername");
  union scm_i_sockaddr sa;
  socklen_t len = sizeof sa;
  if (getpeername (fd, &sa.sa, &len) != 0)
    scm_i_posix_error_obj ("getpeername", errno, sock);
  return scm_i_posix_from_sockaddr (&sa.sa, len);
}

/* ------------------------------------------------------------------ */
/* Options.  */

SCM_DEFINE (scm_getsockopt, "getsockopt", 3, 0, 0,
            (SCM sock, SCM level, SCM optname),
            "Return the value of option @var{optname} at @var{level} of "
            "socket @var{sock}: an integer, or for @code{SO_LINGER} a pair "
            "@code{(@var{on} . @var{seconds})}.")
{
  static const char who[] = "getsockopt";
  int fd = sock_arg (sock, 1, who);
  int lv = scm_i_posix_int (level, 2, who, 0, INT_MAX);
  int opt = scm_i_posix_int (optname, 3, who, 0, INT_MAX);
  if (lv == SOL_SOCKET && opt == SO_LINGER)
    {
      struct linger l;
      socklen_t len = sizeof l;
      if (getsockopt (fd, lv, opt, &l, &len) != 0)
        scm_i_posix_error_obj (who, errno, optname);
      return scm_cons (scm_from_int (l.l_onoff), scm_from_int (l.l_linger));
    }
  int v = 0;
  socklen_t len = sizeof v;
  if (getsockopt (fd, lv, opt, &v, &len) != 0)
    scm_i_posix_error_obj (who, errno, optname);
  return scm_from_int (v);
}

SCM_DEFINE (scm_setsockopt, "setsockopt", 4, 0, 0,
            (SCM sock, SCM level, SCM optname, SCM value),
            "Set option @var{optname} at @var{level} of socket @var{sock} "
            "to @var{value}: an integer (@code{SO_REUSEADDR}, "
            "@code{SO_KEEPALIVE}, @code{SO_RCVBUF}, @code{SO_SNDBUF}, "
            "@code{TCP_NODELAY}...), or for @code{SO_LINGER} a pair "
            "@code{(@var{on} . @var{seconds})}.")
{
  static const char who[] = "setsockopt";
  int fd = sock_arg (sock, 1, who);
  int lv = scm_i_posix_int (level, 2, who, 0, INT_MAX);
  int opt = scm_i_posix_int (optname, 3, who, 0, INT_MAX);
  int r;
  if (lv == SOL_SOCKET && opt == SO_LINGER)
    {
      SCM_ASSERT_TYPE (scm_is_pair (value), value, 4, who,
                       "pair (on . seconds)");
      struct linger l;
      l.l_onoff = scm_i_posix_int (SCM_CAR (value), 4, who, 0, INT_MAX);
      l.l_linger = scm_i_posix_int (SCM_CDR (value), 4, who, 0, INT_MAX);
      r = setsockopt (fd, lv, opt, &l, sizeof l);
    }
  else
    {
      int v = scm_i_posix_int (value, 4, who, INT_MIN, INT_MAX);
      r = setsockopt (fd, lv, opt, &v, sizeof v);
    }
  if (r != 0)
    scm_i_posix_error_obj (who, errno, optname);
  return SCM_UNSPECIFIED;
}

/* ------------------------------------------------------------------ */
/* Datagrams and raw transfers.  */

/* Bytes START..END of bytevector BV (argument POS of WHO; START and END
   optional).  */
static uint8_t *
bytes_arg (SCM bv, int pos, SCM start, SCM end, const char *who,
           size_t *len)
{
  SCM_ASSERT_TYPE (scm_is_bytevector (bv), bv, pos, who, "bytevector");
  size_t n = scm_c_bytevector_length (bv);
  size_t s = SCM_UNBNDP (start) ? 0
    : (size_t) scm_i_posix_int (start, pos + 2, who, 0, INT_MAX);
  size_t e = SCM_UNBNDP (end) ? n
    : (size_t) scm_i_posix_int (end, pos + 3, who, 0, INT_MAX);
  if (s > n)
    scm_out_of_range_pos (who, start, scm_from_int (pos + 2));
  if (e < s || e > n)
    scm_out_of_range_pos (who, end, scm_from_int (pos + 3));
  *len = e - s;
  return SCM_BYTEVECTOR_CONTENTS (bv) + s;
}

/* Whether a transfer on FD with FLAGS waits: not if FD is non-blocking
   or FLAGS has MSG_DONTWAIT (then EAGAIN raises, as in Guile).  */
static int
waits (int fd, int flags)
{
  return !(flags & MSG_DONTWAIT) && !is_nonblocking (fd);
}

/* recvfrom on FD into BUF, waiting interruptibly if it WAITS; the
   count, its address in SA and *LEN.  */
static size_t
receive (SCM sock, int fd, uint8_t *buf, size_t n, int flags,
         union scm_i_sockaddr *sa, socklen_t *len, const char *who)
{
  int w = waits (fd, flags);
  socklen_t room = *len;
  for (;;)
    {
      *len = room;
      ssize_t r = recvfrom (fd, buf, n, flags | (w ? MSG_DONTWAIT : 0),
                            sa != NULL ? &sa->sa : NULL,
                            sa != NULL ? len : NULL);
      if (r >= 0)
        return (size_t) r;
      if (w && (errno == EAGAIN || errno == EWOULDBLOCK))
        scm_i_posix_wait_fd (fd, POLLIN, -1, who);
      else if (errno != EINTR)
        scm_i_posix_error_obj (who, errno, sock);
    }
}

/* sendto on FD of BUF, to SA unless NULL; the count sent.  */
static size_t
transmit (SCM sock, int fd, const uint8_t *buf, size_t n, int flags,
          const union scm_i_sockaddr *sa, socklen_t len, const char *who)
{
  int w = waits (fd, flags);
  for (;;)
    {
      ssize_t r = sendto (fd, buf, n,
                          flags | MSG_NOSIGNAL | (w ? MSG_DONTWAIT : 0),
                          sa != NULL ? &sa->sa : NULL, sa != NULL ? len : 0);
      if (r >= 0)
        return (size_t) r;
      if (w && (errno == EAGAIN || errno == EWOULDBLOCK))
        scm_i_posix_wait_fd (fd, POLLOUT, -1, who);
      else if (errno != EINTR)
        scm_i_posix_error_obj (who, errno,
                               sa != NULL ? address_obj (sa, len) : sock);
    }
}

static int
flags_arg (SCM flags, int pos, const char *who)
{
  return SCM_UNBNDP (flags) ? 0 : scm_i_posix_int (flags, pos, who, 0,
                                                   INT_MAX);
}

SCM_DEFINE (scm_recv, "recv!", 2, 1, 0, (SCM sock, SCM buf, SCM flags),
            "Receive into bytevector @var{buf} what socket @var{sock} has "
            "(at most its length) and return the number of bytes, 0 at "
            "the end of a stream.  @var{flags}: a sum of @code{MSG_PEEK}, "
            "@code{MSG_OOB}, @code{MSG_DONTWAIT}...  Bytes already in the "
            "port's buffer are not seen.  Waits (interruptibly) unless "
            "the socket is non-blocking.")
{
  static const char who[] = "recv!";
  int fd = sock_arg (sock, 1, who);
  size_t n;
  uint8_t *b = bytes_arg (buf, 2, SCM_UNDEFINED, SCM_UNDEFINED, who, &n);
  int fl = flags_arg (flags, 3, who);
  socklen_t len = 0;
  size_t got = receive (sock, fd, b, n, fl, NULL, &len, who);
  scm_remember_upto_here_1 (buf);
  return scm_from_size_t (got);
}

SCM_DEFINE (scm_send, "send", 2, 1, 0, (SCM sock, SCM message, SCM flags),
            "Send the bytevector @var{message} on connected socket "
            "@var{sock} and return the number of bytes sent (possibly "
            "fewer).  @var{flags}: a sum of @code{MSG_OOB}, "
            "@code{MSG_DONTROUTE}, @code{MSG_DONTWAIT}...")
{
  static const char who[] = "send";
  int fd = sock_arg (sock, 1, who);
  size_t n;
  uint8_t *b = bytes_arg (message, 2, SCM_UNDEFINED, SCM_UNDEFINED, who, &n);
  int fl = flags_arg (flags, 3, who);
  size_t sent = transmit (sock, fd, b, n, fl, NULL, 0, who);
  scm_remember_upto_here_1 (message);
  return scm_from_size_t (sent);
}

SCM_DEFINE (scm_recvfrom, "recvfrom!", 2, 3, 0,
            (SCM sock, SCM buf, SCM flags, SCM start, SCM end),
            "Receive into bytes @var{start} to @var{end} of bytevector "
            "@var{buf} (all of it by default) and return a pair: the "
            "number of bytes and the sender's address (@code{#f} if the "
            "socket has none to give).")
{
  static const char who[] = "recvfrom!";
  int fd = sock_arg (sock, 1, who);
  int fl = flags_arg (flags, 3, who);
  size_t n;
  uint8_t *b = bytes_arg (buf, 2, start, end, who, &n);
  union scm_i_sockaddr sa;
  memset (&sa, 0, sizeof sa);
  socklen_t len = sizeof sa;
  size_t got = receive (sock, fd, b, n, fl, &sa, &len, who);
  scm_remember_upto_here_1 (buf);
  return scm_cons (scm_from_size_t (got),
                   len > 0 ? scm_i_posix_from_sockaddr (&sa.sa, len)
                   : SCM_BOOL_F);
}

SCM_DEFINE (scm_sendto, "sendto", 3, 1, 1,
            (SCM sock, SCM message, SCM fam_or_sockaddr, SCM address,
             SCM args_and_flags),
            "Send the bytevector @var{message} on socket @var{sock} to the "
            "address @var{fam-or-sockaddr} (a socket address, then "
            "optionally the flags), or the address that it, "
            "@var{address} and the following arguments make (as for "
            "@code{connect}), then optionally the flags.  Return the "
            "number of bytes sent.")
{
  static const char who[] = "sendto";
  int fd = sock_arg (sock, 1, who);
  size_t n;
  uint8_t *b = bytes_arg (message, 2, SCM_UNDEFINED, SCM_UNDEFINED, who, &n);
  union scm_i_sockaddr sa;
  SCM rest;
  socklen_t len = scm_i_posix_sockaddr (fam_or_sockaddr, address,
                                        args_and_flags, 3, who, &sa, &rest);
  int fl = 0;
  if (scm_is_pair (rest))
    {
      fl = scm_i_posix_int (SCM_CAR (rest), 4, who, 0, INT_MAX);
      if (!scm_is_null (SCM_CDR (rest)))
        scm_c_raise_error ("wrong-number-of-args", who,
                           "too many arguments after the flags", rest);
    }
  size_t sent = transmit (sock, fd, b, n, fl, &sa, len, who);
  scm_remember_upto_here_1 (message);
  return scm_from_size_t (sent);
}

/* ------------------------------------------------------------------ */

#define C(name) { #name, name }
static const struct { const char *name; int value; } constants[] = {
  C (SOCK_STREAM), C (SOCK_DGRAM), C (SOCK_RAW), C (SOCK_RDM),
  C (SOCK_SEQPACKET), C (SOCK_NONBLOCK), C (SOCK_CLOEXEC),
  C (SOL_SOCKET), C (SO_DEBUG), C (SO_REUSEADDR),
  C (SO_TYPE), C (SO_ERROR), C (SO_DONTROUTE), C (SO_BROADCAST),
  C (SO_SNDBUF), C (SO_RCVBUF), C (SO_KEEPALIVE), C (SO_OOBINLINE),
  C (SO_PRIORITY), C (SO_LINGER), C (SO_REUSEPORT),
  C (SO_RCVLOWAT), C (SO_SNDLOWAT),
  C (IPPROTO_IP), C (IPPROTO_IPV6), C (IPPROTO_TCP), C (IPPROTO_UDP),
  C (TCP_NODELAY), C (TCP_MAXSEG), C (TCP_CORK),
  C (IP_TTL), C (IP_MULTICAST_TTL), C (IP_MULTICAST_LOOP),
  C (IPV6_V6ONLY),
  C (MSG_OOB), C (MSG_PEEK), C (MSG_DONTROUTE), C (MSG_DONTWAIT),
  C (MSG_WAITALL), C (MSG_NOSIGNAL),
  C (SHUT_RD), C (SHUT_WR), C (SHUT_RDWR),
  /* The error numbers of networking, beside posix.c's.  */
  C (EADDRINUSE), C (EADDRNOTAVAIL), C (EAFNOSUPPORT), C (EALREADY),
  C (ECONNABORTED), C (ECONNREFUSED), C (ECONNRESET), C (EDESTADDRREQ),
  C (EHOSTUNREACH), C (EINPROGRESS), C (EISCONN), C (EMSGSIZE),
  C (ENETDOWN), C (ENETUNREACH), C (ENOBUFS), C (ENOPROTOOPT),
  C (ENOTCONN), C (ENOTSOCK), C (EOPNOTSUPP), C (EPROTONOSUPPORT),
  C (EPROTOTYPE),
};
#undef C

void
scm_init_sockets (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "posix/sockets.x"
#endif
  for (size_t i = 0; i < sizeof constants / sizeof constants[0]; i++)
    scm_c_define (constants[i].name, scm_from_int (constants[i].value));
}
