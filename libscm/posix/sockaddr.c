/* sockaddr.c -- socket addresses and name lookup with Guile's names:
   make-socket-address, sockaddr: accessors, inet-pton, inet-ntop,
   getaddrinfo, gai-strerror
   SPDX-License-Identifier: LGPL-3.0-or-later

   A socket address is Guile's vector: #(AF_INET ADDR PORT),
   #(AF_INET6 ADDR PORT FLOWINFO SCOPEID) or #(AF_UNIX PATH), where ADDR
   is an exact integer in host order (as inet-pton returns it) and PATH
   a string (#f for an unnamed Unix socket).  Programs that take it
   apart with vector-ref keep working; the accessors here check what
   they are given.  An addrinfo is Guile's vector #(FLAGS FAMILY
   SOCKTYPE PROTOCOL ADDRESS CANONNAME).

   getaddrinfo fails as in Guile, by throwing getaddrinfo-error with the
   EAI_ code (catch handlers receive (KEY CODE)); gai-strerror gives the
   text.  */

#include "posix/posix-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <netdb.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <libscm/bitwise.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/posix.h>
#include <libscm/snarf.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/threads.h>
#include <libscm/throw.h>
#include <libscm/vectors.h>

/* ------------------------------------------------------------------ */
/* Addresses as integers.  */

/* The IPv4 address ADDR (argument POS of WHO), in network order.  */
static uint32_t
ipv4_arg (SCM addr, int pos, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_exact_integer (addr), addr, pos, who,
                   "IPv4 address (exact integer)");
  if (!scm_is_unsigned_integer (addr, 0, UINT32_MAX))
    scm_out_of_range_pos (who, addr, scm_from_int (pos));
  return htonl ((uint32_t) scm_to_uint64 (addr));
}

/* The IPv6 address ADDR (argument POS of WHO) in OUT's 16 bytes.  */
static void
ipv6_arg (SCM addr, int pos, const char *who, uint8_t out[16])
{
  SCM_ASSERT_TYPE (scm_is_exact_integer (addr), addr, pos, who,
                   "IPv6 address (exact integer)");
  if (scm_is_true (scm_negative_p (addr))
      || !scm_is_eq (scm_ash (addr, scm_from_int (-128)), scm_from_int (0)))
    scm_out_of_range_pos (who, addr, scm_from_int (pos));
  uint64_t hi = scm_to_uint64 (scm_ash (addr, scm_from_int (-64)));
  uint64_t lo = scm_to_uint64 (scm_logand (addr,
                                           scm_from_uint64 (UINT64_MAX)));
  for (int i = 0; i < 8; i++)
    {
      out[i] = (uint8_t) (hi >> (56 - 8 * i));
      out[8 + i] = (uint8_t) (lo >> (56 - 8 * i));
    }
}

static SCM
from_ipv6 (const uint8_t in[16])
{
  uint64_t hi = 0, lo = 0;
  for (int i = 0; i < 8; i++)
    {
      hi = (hi << 8) | in[i];
      lo = (lo << 8) | in[8 + i];
    }
  return scm_logior (scm_ash (scm_from_uint64 (hi), scm_from_int (64)),
                     scm_from_uint64 (lo));
}

static int
family_arg (SCM fam, int pos, const char *who)
{
  return scm_i_posix_int (fam, pos, who, 0, INT_MAX);
}

SCM_DEFINE (scm_inet_pton, "inet-pton", 2, 0, 0, (SCM family, SCM address),
            "Return the address that the string @var{address} writes, "
            "for @var{family} @code{AF_INET} (dotted decimal) or "
            "@code{AF_INET6} (hexadecimal groups), as an exact integer in "
            "host order: @code{(inet-pton AF_INET \"127.0.0.1\")} is "
            "@code{2130706433}.")
{
  static const char who[] = "inet-pton";
  int fam = family_arg (family, 1, who);
  SCM_ASSERT_TYPE (scm_is_string (address), address, 2, who, "string");
  if (fam != AF_INET && fam != AF_INET6)
    scm_out_of_range_pos (who, family, scm_from_int (1));
  char *s = scm_to_utf8_string (address);
  uint8_t buf[16];
  int r = inet_pton (fam, s, buf);
  free (s);
  if (r != 1)
    scm_c_raise_error ("misc-error", who, "bad address", scm_list_1 (address));
  if (fam == AF_INET6)
    return from_ipv6 (buf);
  uint32_t a;
  memcpy (&a, buf, 4);
  return scm_from_uint64 (ntohl (a));
}

SCM_DEFINE (scm_inet_ntop, "inet-ntop", 2, 0, 0, (SCM family, SCM address),
            "Return the text of @var{address}, an exact integer in host "
            "order, for @var{family} @code{AF_INET} or @code{AF_INET6}: "
            "@code{(inet-ntop AF_INET6 1)} is @code{\"::1\"}.")
{
  static const char who[] = "inet-ntop";
  int fam = family_arg (family, 1, who);
  uint8_t buf[16];
  if (fam == AF_INET)
    {
      uint32_t a = ipv4_arg (address, 2, who);
      memcpy (buf, &a, 4);
    }
  else if (fam == AF_INET6)
    ipv6_arg (address, 2, who, buf);
  else
    scm_out_of_range_pos (who, family, scm_from_int (1));
  char text[INET6_ADDRSTRLEN];
  if (inet_ntop (fam, buf, text, sizeof text) == NULL)
    scm_i_posix_error_obj (who, errno, address);
  return scm_from_utf8_string (text);
}

/* ------------------------------------------------------------------ */
/* Socket addresses.  */

static SCM
vector_of (int n, SCM a, SCM b, SCM c, SCM d, SCM e)
{
  SCM v = scm_c_make_vector ((size_t) n, SCM_BOOL_F);
  SCM x[5] = { a, b, c, d, e };
  for (int i = 0; i < n; i++)
    scm_c_vector_set_x (v, (size_t) i, x[i]);
  return v;
}

SCM
scm_i_posix_from_sockaddr (const struct sockaddr *sa, socklen_t len)
{
  if (len < (socklen_t) sizeof sa->sa_family)
    return SCM_BOOL_F;
  switch (sa->sa_family)
    {
    case AF_INET:
      {
        const struct sockaddr_in *in = (const struct sockaddr_in *) sa;
        return vector_of (3, scm_from_int (AF_INET),
                          scm_from_uint64 (ntohl (in->sin_addr.s_addr)),
                          scm_from_int (ntohs (in->sin_port)),
                          SCM_BOOL_F, SCM_BOOL_F);
      }
    case AF_INET6:
      {
        const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *) sa;
        return vector_of (5, scm_from_int (AF_INET6),
                          from_ipv6 (in6->sin6_addr.s6_addr),
                          scm_from_int (ntohs (in6->sin6_port)),
                          scm_from_uint64 (ntohl (in6->sin6_flowinfo)),
                          scm_from_uint64 (in6->sin6_scope_id));
      }
    case AF_UNIX:
      {
        const struct sockaddr_un *un = (const struct sockaddr_un *) sa;
        size_t off = offsetof (struct sockaddr_un, sun_path);
        SCM path = SCM_BOOL_F;
        /* Unnamed (a socketpair, an unbound client): no path.  */
        if ((size_t) len > off && un->sun_path[0] != '\0')
          path = scm_from_utf8_stringn (un->sun_path,
                                        strnlen (un->sun_path, len - off));
        return vector_of (2, scm_from_int (AF_UNIX), path, SCM_BOOL_F,
                          SCM_BOOL_F, SCM_BOOL_F);
      }
    default:
      return vector_of (1, scm_from_int (sa->sa_family), SCM_BOOL_F,
                        SCM_BOOL_F, SCM_BOOL_F, SCM_BOOL_F);
    }
}

/* Fill OUT from family FAM, ADDRESS and the list ARGS (POS: the
   position of FAM among WHO's arguments); *REST gets what ARGS has left
   after the port, flow information and scope id.  Returns the length
   of the address.  */
static socklen_t
fill_sockaddr (SCM fam, SCM address, SCM args, int pos, const char *who,
               union scm_i_sockaddr *out, SCM *rest)
{
  int f = family_arg (fam, pos, who);
  memset (out, 0, sizeof *out);
  *rest = args;
#define NEXT(var, what)                                                 \
  do {                                                                  \
    if (!scm_is_pair (*rest))                                           \
      scm_c_raise_error ("wrong-number-of-args", who,                   \
                         "missing " what " of the socket address",      \
                         scm_list_2 (fam, address));                    \
    var = SCM_CAR (*rest);                                              \
    *rest = SCM_CDR (*rest);                                            \
  } while (0)
  if (f == AF_INET)
    {
      SCM port;
      NEXT (port, "port");
      out->in.sin_family = AF_INET;
      out->in.sin_addr.s_addr = ipv4_arg (address, pos + 1, who);
      out->in.sin_port = htons ((uint16_t) scm_i_posix_int (port, pos + 2,
                                                            who, 0, 65535));
      return sizeof out->in;
    }
  if (f == AF_INET6)
    {
      SCM port;
      NEXT (port, "port");
      out->in6.sin6_family = AF_INET6;
      ipv6_arg (address, pos + 1, who, out->in6.sin6_addr.s6_addr);
      out->in6.sin6_port = htons ((uint16_t) scm_i_posix_int (port, pos + 2,
                                                              who, 0, 65535));
      if (scm_is_pair (*rest))
        {
          SCM fl = SCM_CAR (*rest);
          *rest = SCM_CDR (*rest);
          SCM_ASSERT_TYPE (scm_is_unsigned_integer (fl, 0, UINT32_MAX), fl,
                           pos + 3, who, "flow information (32 bits)");
          out->in6.sin6_flowinfo = htonl ((uint32_t) scm_to_uint64 (fl));
        }
      if (scm_is_pair (*rest))
        {
          SCM id = SCM_CAR (*rest);
          *rest = SCM_CDR (*rest);
          SCM_ASSERT_TYPE (scm_is_unsigned_integer (id, 0, UINT32_MAX), id,
                           pos + 4, who, "scope id (32 bits)");
          out->in6.sin6_scope_id = (uint32_t) scm_to_uint64 (id);
        }
      return sizeof out->in6;
    }
#undef NEXT
  if (f == AF_UNIX)
    {
      SCM_ASSERT_TYPE (scm_is_string (address), address, pos + 1, who,
                       "file name (string)");
      size_t len;
      char *path = scm_to_utf8_stringn (address, &len);
      int bad = strlen (path) != len;
      if (!bad && len < sizeof out->un.sun_path)
        memcpy (out->un.sun_path, path, len + 1);
      free (path);
      if (bad)
        scm_wrong_type_arg_msg (who, pos + 1, address,
                                "file name without NUL");
      if (len >= sizeof out->un.sun_path)
        scm_i_posix_error_obj (who, ENAMETOOLONG, address);
      out->un.sun_family = AF_UNIX;
      return (socklen_t) (offsetof (struct sockaddr_un, sun_path) + len + 1);
    }
  scm_c_raise_error ("out-of-range", who,
                     "address family is not AF_INET, AF_INET6 or AF_UNIX",
                     scm_list_1 (fam));
}

/* Whether OBJ looks like a socket address vector.  */
static int
is_sockaddr (SCM obj)
{
  if (!scm_is_true (scm_vector_p (obj)) || scm_c_vector_length (obj) < 2)
    return 0;
  SCM fam = scm_c_vector_ref (obj, 0);
  size_t n = scm_c_vector_length (obj);
  return scm_is_exact_integer (fam)
    && ((scm_is_eq (fam, scm_from_int (AF_INET)) && n == 3)
        || (scm_is_eq (fam, scm_from_int (AF_INET6)) && n == 5)
        || (scm_is_eq (fam, scm_from_int (AF_UNIX)) && n == 2));
}

socklen_t
scm_i_posix_sockaddr (SCM fam_or_sockaddr, SCM address, SCM args, int pos,
                      const char *who, union scm_i_sockaddr *out, SCM *rest)
{
  if (scm_is_true (scm_vector_p (fam_or_sockaddr)))
    {
      SCM v = fam_or_sockaddr;
      SCM_ASSERT_TYPE (is_sockaddr (v), v, pos, who, "socket address");
      SCM fields = SCM_EOL;
      for (size_t i = scm_c_vector_length (v) - 1; i >= 2; i--)
        fields = scm_cons (scm_c_vector_ref (v, i), fields);
      SCM r;
      socklen_t len = fill_sockaddr (scm_c_vector_ref (v, 0),
                                     scm_c_vector_ref (v, 1), fields, pos,
                                     who, out, &r);
      /* What follows the address vector is the caller's.  */
      *rest = SCM_UNBNDP (address) ? args : scm_cons (address, args);
      return len;
    }
  SCM_ASSERT_TYPE (scm_is_exact_integer (fam_or_sockaddr), fam_or_sockaddr,
                   pos, who, "socket address or address family");
  if (SCM_UNBNDP (address))
    scm_c_raise_error ("wrong-number-of-args", who,
                       "an address family needs an address",
                       scm_list_1 (fam_or_sockaddr));
  return fill_sockaddr (fam_or_sockaddr, address, args, pos, who, out, rest);
}

SCM_DEFINE (scm_make_socket_address, "make-socket-address", 2, 0, 1,
            (SCM family, SCM address, SCM args),
            "Return a socket address: for @code{AF_INET}, @var{address} "
            "(an integer, as @code{inet-pton} gives it) and a port; for "
            "@code{AF_INET6}, @var{address}, a port and optionally the "
            "flow information and the scope id; for @code{AF_UNIX}, the "
            "file name @var{address}.")
{
  static const char who[] = "make-socket-address";
  union scm_i_sockaddr sa;
  SCM rest;
  socklen_t len = fill_sockaddr (family, address, args, 1, who, &sa, &rest);
  if (!scm_is_null (rest))
    scm_c_raise_error ("wrong-number-of-args", who,
                       "too many arguments for the address family", rest);
  return scm_i_posix_from_sockaddr (&sa.sa, len);
}

/* Field N of socket address SA, for accessor WHO, which applies to the
   families FAMS (a mask of 1 << AF_...).  */
static SCM
sockaddr_field (SCM sa, size_t n, unsigned fams, const char *who)
{
  SCM_ASSERT_TYPE (is_sockaddr (sa), sa, 1, who, "socket address");
  int fam = scm_to_int (scm_c_vector_ref (sa, 0));
  if (!(fams & (1u << fam)))
    scm_wrong_type_arg_msg (who, 1, sa,
                            fams == 1u << AF_UNIX ? "AF_UNIX socket address"
                            : fams == 1u << AF_INET6
                            ? "AF_INET6 socket address"
                            : "AF_INET or AF_INET6 socket address");
  return scm_c_vector_ref (sa, n);
}

#define INET_FAMS ((1u << AF_INET) | (1u << AF_INET6))

SCM_DEFINE (scm_sockaddr_fam, "sockaddr:fam", 1, 0, 0, (SCM sa),
            "Return the address family of socket address @var{sa}.")
{
  return sockaddr_field (sa, 0, INET_FAMS | (1u << AF_UNIX), "sockaddr:fam");
}

SCM_DEFINE (scm_sockaddr_addr, "sockaddr:addr", 1, 0, 0, (SCM sa),
            "Return the host address (an integer) of the @code{AF_INET} "
            "or @code{AF_INET6} socket address @var{sa}.")
{
  return sockaddr_field (sa, 1, INET_FAMS, "sockaddr:addr");
}

SCM_DEFINE (scm_sockaddr_port, "sockaddr:port", 1, 0, 0, (SCM sa),
            "Return the port number of the @code{AF_INET} or "
            "@code{AF_INET6} socket address @var{sa}.")
{
  return sockaddr_field (sa, 2, INET_FAMS, "sockaddr:port");
}

SCM_DEFINE (scm_sockaddr_path, "sockaddr:path", 1, 0, 0, (SCM sa),
            "Return the file name of the @code{AF_UNIX} socket address "
            "@var{sa}, or @code{#f} for an unnamed socket.")
{
  return sockaddr_field (sa, 1, 1u << AF_UNIX, "sockaddr:path");
}

SCM_DEFINE (scm_sockaddr_flowinfo, "sockaddr:flowinfo", 1, 0, 0, (SCM sa),
            "Return the flow information of the @code{AF_INET6} socket "
            "address @var{sa}.")
{
  return sockaddr_field (sa, 3, 1u << AF_INET6, "sockaddr:flowinfo");
}

SCM_DEFINE (scm_sockaddr_scopeid, "sockaddr:scopeid", 1, 0, 0, (SCM sa),
            "Return the scope id of the @code{AF_INET6} socket address "
            "@var{sa}.")
{
  return sockaddr_field (sa, 4, 1u << AF_INET6, "sockaddr:scopeid");
}

/* ------------------------------------------------------------------ */
/* getaddrinfo.  */

SCM_SYMBOL (sym_getaddrinfo_error, "getaddrinfo-error");
SCM_SYMBOL (sym_throw, "throw");

/* A lookup runs in a thread of its own, so that the caller waits for
   it interruptibly (a name server may take seconds): the job is
   shared, and the last of the two to let go of it frees it, so an
   interrupted caller leaves at once and the thread cleans up after.  */
struct gai_job
{
  int refs;                     /* atomic: 2, then 1, then freed */
  char *node, *service;
  struct addrinfo hints, *result;
  int err, sys_errno;
  int done[2];                  /* a pipe the thread writes to when done */
};

static void
gai_release (struct gai_job *j)
{
  if (__atomic_sub_fetch (&j->refs, 1, __ATOMIC_ACQ_REL) != 0)
    return;
  if (j->result != NULL)
    freeaddrinfo (j->result);
  free (j->node);
  free (j->service);
  close (j->done[0]);
  close (j->done[1]);
  free (j);
}

static void
gai_unwind (void *data)
{
  gai_release (data);
}

static void *
gai_thread (void *data)
{
  struct gai_job *j = data;
  j->err = getaddrinfo (j->node, j->service, &j->hints, &j->result);
  j->sys_errno = errno;
  ssize_t w;
  do
    w = write (j->done[1], "", 1);
  while (w < 0 && errno == EINTR);
  gai_release (j);
  return NULL;
}

/* Start J's lookup in a detached thread that takes no signals, or, if
   no thread can be made, do it here.  */
static void
gai_start (struct gai_job *j)
{
  sigset_t all, old;
  sigfillset (&all);
  pthread_attr_t attr;
  pthread_attr_init (&attr);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  pthread_sigmask (SIG_SETMASK, &all, &old);
  pthread_t t;
  int r = pthread_create (&t, &attr, gai_thread, j);
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  pthread_attr_destroy (&attr);
  if (r != 0)
    gai_thread (j);
}

/* An optional string argument (absent or #f: NULL), from malloc.  */
static char *
opt_string (SCM s, int pos, const char *who)
{
  if (SCM_UNBNDP (s) || scm_is_false (s))
    return NULL;
  SCM_ASSERT_TYPE (scm_is_string (s), s, pos, who, "string or #f");
  return scm_to_utf8_string (s);
}

static int
opt_int (SCM x, int pos, const char *who)
{
  return SCM_UNBNDP (x) ? 0 : scm_i_posix_int (x, pos, who, 0, INT_MAX);
}

static SCM
addrinfo_list (const struct addrinfo *ai)
{
  SCM out = SCM_EOL;
  for (; ai != NULL; ai = ai->ai_next)
    {
      SCM v = scm_c_make_vector (6, SCM_BOOL_F);
      scm_c_vector_set_x (v, 0, scm_from_int (ai->ai_flags));
      scm_c_vector_set_x (v, 1, scm_from_int (ai->ai_family));
      scm_c_vector_set_x (v, 2, scm_from_int (ai->ai_socktype));
      scm_c_vector_set_x (v, 3, scm_from_int (ai->ai_protocol));
      scm_c_vector_set_x (v, 4, scm_i_posix_from_sockaddr (ai->ai_addr,
                                                           ai->ai_addrlen));
      if (ai->ai_canonname != NULL)
        scm_c_vector_set_x (v, 5, scm_from_utf8_string (ai->ai_canonname));
      out = scm_cons (v, out);
    }
  return scm_reverse_x (out, SCM_EOL);
}

SCM_DEFINE (scm_getaddrinfo, "getaddrinfo", 1, 5, 0,
            (SCM name, SCM service, SCM hint_flags, SCM hint_family,
             SCM hint_socktype, SCM hint_protocol),
            "Look up the host @var{name} (a string, or @code{#f}) and the "
            "service @var{service} (a name such as @code{\"http\"}, a port "
            "number as a string, or @code{#f}) and return a list of "
            "addrinfo objects, to take apart with @code{addrinfo:fam}, "
            "@code{addrinfo:addr} & co.  @var{hint-flags} is a sum of "
            "@code{AI_*} flags, @var{hint-family}, @var{hint-socktype} and "
            "@var{hint-protocol} restrict the answers (0: any).  A failure "
            "throws @code{getaddrinfo-error} with the @code{EAI_*} code, "
            "as in Guile; @code{gai-strerror} gives its text.  The lookup runs "
            "in a thread of its own; an interrupt ends the wait for it.")
{
  static const char who[] = "getaddrinfo";
  struct addrinfo hints;
  memset (&hints, 0, sizeof hints);
  hints.ai_flags = opt_int (hint_flags, 3, who);
  hints.ai_family = opt_int (hint_family, 4, who);
  hints.ai_socktype = opt_int (hint_socktype, 5, who);
  hints.ai_protocol = opt_int (hint_protocol, 6, who);
  if (!SCM_UNBNDP (service) && !scm_is_false (service))
    SCM_ASSERT_TYPE (scm_is_string (service), service, 2, who,
                     "string or #f");
  char *node = opt_string (name, 1, who);
  char *serv = opt_string (service, 2, who);
  struct gai_job *j = calloc (1, sizeof *j);
  if (j == NULL || pipe2 (j->done, O_CLOEXEC) != 0)
    {
      int err = j == NULL ? ENOMEM : errno;
      free (j);
      free (node);
      free (serv);
      scm_i_posix_error (who, err, NULL);
    }
  *j = (struct gai_job) { 2, node, serv, hints, NULL, 0, 0,
                          { j->done[0], j->done[1] } };
  scm_dynwind_begin (0);
  scm_dynwind_unwind_handler (gai_unwind, j, SCM_F_WIND_EXPLICITLY);
  gai_start (j);
  scm_i_posix_wait_fd (j->done[0], POLLIN, -1, who);
  if (j->err != 0)
    {
      char msg[256];
      snprintf (msg, sizeof msg, "getaddrinfo: %s",
                j->err == EAI_SYSTEM ? strerror (j->sys_errno)
                : gai_strerror (j->err));
      SCM irritants = scm_list_1 (scm_from_int (j->err));
      /* Guile's (throw 'getaddrinfo-error CODE): a catch handler gets
         the code as its one argument.  */
      scm_raise (scm_make_condition (sym_getaddrinfo_error, sym_throw,
                                     scm_from_utf8_string (msg), irritants));
    }
  SCM list = addrinfo_list (j->result);
  scm_dynwind_end ();
  return list;
}

SCM_DEFINE (scm_gai_strerror, "gai-strerror", 1, 0, 0, (SCM error),
            "Return the text of the @code{getaddrinfo} error code "
            "@var{error} (an @code{EAI_*} constant).")
{
  int e = scm_i_posix_int (error, 1, "gai-strerror", INT_MIN, INT_MAX);
  return scm_from_utf8_string (gai_strerror (e));
}

static SCM
addrinfo_field (SCM ai, size_t n, const char *who)
{
  return scm_i_posix_field (ai, 6, n, who, "addrinfo");
}

SCM_DEFINE (scm_addrinfo_flags, "addrinfo:flags", 1, 0, 0, (SCM ai),
            "Return the @code{AI_*} flags of addrinfo @var{ai}.")
{
  return addrinfo_field (ai, 0, "addrinfo:flags");
}

SCM_DEFINE (scm_addrinfo_fam, "addrinfo:fam", 1, 0, 0, (SCM ai),
            "Return the address family of addrinfo @var{ai}.")
{
  return addrinfo_field (ai, 1, "addrinfo:fam");
}

SCM_DEFINE (scm_addrinfo_socktype, "addrinfo:socktype", 1, 0, 0, (SCM ai),
            "Return the socket type (@code{SOCK_STREAM}...) of addrinfo "
            "@var{ai}.")
{
  return addrinfo_field (ai, 2, "addrinfo:socktype");
}

SCM_DEFINE (scm_addrinfo_protocol, "addrinfo:protocol", 1, 0, 0, (SCM ai),
            "Return the protocol of addrinfo @var{ai}.")
{
  return addrinfo_field (ai, 3, "addrinfo:protocol");
}

SCM_DEFINE (scm_addrinfo_addr, "addrinfo:addr", 1, 0, 0, (SCM ai),
            "Return the socket address of addrinfo @var{ai}, for "
            "@code{connect} or @code{bind}.")
{
  return addrinfo_field (ai, 4, "addrinfo:addr");
}

SCM_DEFINE (scm_addrinfo_canonname, "addrinfo:canonname", 1, 0, 0,
            (SCM ai),
            "Return the canonical name of addrinfo @var{ai} (asked for "
            "with @code{AI_CANONNAME}), or @code{#f}.")
{
  return addrinfo_field (ai, 5, "addrinfo:canonname");
}

/* ------------------------------------------------------------------ */

#define C(name) { #name, name }
static const struct { const char *name; long value; } constants[] = {
  C (AF_UNSPEC), C (AF_UNIX), C (AF_LOCAL), C (AF_INET), C (AF_INET6),
  C (PF_UNSPEC), C (PF_UNIX), C (PF_LOCAL), C (PF_INET), C (PF_INET6),
  C (AI_PASSIVE), C (AI_CANONNAME), C (AI_NUMERICHOST), C (AI_NUMERICSERV),
  C (AI_V4MAPPED), C (AI_ALL), C (AI_ADDRCONFIG),
  C (EAI_BADFLAGS), C (EAI_NONAME), C (EAI_AGAIN), C (EAI_FAIL),
  C (EAI_FAMILY), C (EAI_SOCKTYPE), C (EAI_SERVICE), C (EAI_MEMORY),
  C (EAI_SYSTEM), C (EAI_OVERFLOW),
#ifdef EAI_NODATA
  C (EAI_NODATA),
#endif
#ifdef EAI_ADDRFAMILY
  C (EAI_ADDRFAMILY),
#endif
  C (INADDR_ANY), C (INADDR_LOOPBACK), C (INADDR_BROADCAST),
  C (INADDR_NONE),
};
#undef C

void
scm_init_sockaddr (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "posix/sockaddr.x"
#endif
  for (size_t i = 0; i < sizeof constants / sizeof constants[0]; i++)
    scm_c_define (constants[i].name, scm_from_long (constants[i].value));
}
