/* netdb.c -- the network databases with Guile's names: gethost,
   getnet, getproto, getserv, their set- procedures, the by-name and
   by-number forms and the hostent:, netent:, protoent:, servent:
   accessors
   SPDX-License-Identifier: LGPL-3.0-or-later

   Each entry is Guile's vector: #(NAME ALIASES ADDRTYPE LENGTH
   ADDR-LIST) for a host, #(NAME ALIASES ADDRTYPE NET) for a network,
   #(NAME ALIASES PROTO) for a protocol and #(NAME ALIASES PORT PROTO)
   for a service; addresses are exact integers in host order, as
   inet-pton gives them.

   Lookups use the reentrant (_r) functions, called outside Scheme mode
   (a host lookup may ask a name server) into a buffer of our own that
   grows on ERANGE, so that threads do not share the C library's static
   entry.  With no argument, each procedure gives the next entry of its
   database (#f at its end), as the *ent functions do; that walk is the
   process's, shared by its threads.

   Failures are raised as in Guile: a host lookup throws
   host-not-found, try-again, no-recovery or no-data (from h_errno);
   the others raise a system-error with errno 0 ("no such service").  */

#include "posix/posix-internal.h"

#include <errno.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <libscm/bitwise.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/posix.h>
#include <libscm/snarf.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/threads.h>
#include <libscm/vectors.h>

enum db { DB_HOST, DB_NET, DB_PROTO, DB_SERV };
enum how { BY_NAME, BY_NUMBER, NEXT };

/* One lookup, done by run_lookup outside Scheme mode.  */
struct lookup
{
  enum db db;
  enum how how;
  const char *name;             /* BY_NAME: the name */
  const char *proto;            /* DB_SERV: the protocol, or NULL */
  uint32_t number;              /* BY_NUMBER, network order for hosts
                                   and services */
  char *buf;
  size_t len;
  union
  {
    struct hostent host;
    struct netent net;
    struct protoent proto;
    struct servent serv;
  } ent;
  void *found;                  /* &ent, or NULL: not found */
  int err;                      /* the _r function's result */
  int herr;                     /* h_errno, for hosts */
};

static int
lookup_host (struct lookup *l)
{
  struct hostent **out = (struct hostent **) &l->found;
  if (l->how == BY_NAME)
    return gethostbyname_r (l->name, &l->ent.host, l->buf, l->len, out,
                            &l->herr);
  if (l->how == BY_NUMBER)
    return gethostbyaddr_r (&l->number, sizeof l->number, AF_INET,
                            &l->ent.host, l->buf, l->len, out, &l->herr);
  return gethostent_r (&l->ent.host, l->buf, l->len, out, &l->herr);
}

static int
lookup_net (struct lookup *l)
{
  struct netent **out = (struct netent **) &l->found;
  if (l->how == BY_NAME)
    return getnetbyname_r (l->name, &l->ent.net, l->buf, l->len, out,
                           &l->herr);
  if (l->how == BY_NUMBER)
    return getnetbyaddr_r (l->number, AF_INET, &l->ent.net, l->buf, l->len,
                           out, &l->herr);
  return getnetent_r (&l->ent.net, l->buf, l->len, out, &l->herr);
}

static int
lookup_proto (struct lookup *l)
{
  struct protoent **out = (struct protoent **) &l->found;
  if (l->how == BY_NAME)
    return getprotobyname_r (l->name, &l->ent.proto, l->buf, l->len, out);
  if (l->how == BY_NUMBER)
    return getprotobynumber_r ((int) l->number, &l->ent.proto, l->buf,
                               l->len, out);
  return getprotoent_r (&l->ent.proto, l->buf, l->len, out);
}

static int
lookup_serv (struct lookup *l)
{
  struct servent **out = (struct servent **) &l->found;
  if (l->how == BY_NAME)
    return getservbyname_r (l->name, l->proto, &l->ent.serv, l->buf, l->len,
                            out);
  if (l->how == BY_NUMBER)
    return getservbyport_r ((int) l->number, l->proto, &l->ent.serv, l->buf,
                            l->len, out);
  return getservent_r (&l->ent.serv, l->buf, l->len, out);
}

/* Run L, growing its buffer while the function asks for more.  */
static void *
run_lookup (void *data)
{
  struct lookup *l = data;
  static int (*const fn[]) (struct lookup *) = {
    lookup_host, lookup_net, lookup_proto, lookup_serv
  };
  for (l->len = 1024;; l->len *= 2)
    {
      char *grown = realloc (l->buf, l->len);
      if (grown == NULL)
        {
          l->err = ENOMEM;
          return NULL;
        }
      l->buf = grown;
      l->found = NULL;
      l->herr = 0;
      l->err = fn[l->db] (l);
      if (l->err != ERANGE || l->len >= (1u << 24))
        return NULL;
    }
}

/* The list of the strings of the NULL-terminated array V.  */
static SCM
string_list (char **v)
{
  SCM out = SCM_EOL;
  for (size_t i = 0; v != NULL && v[i] != NULL; i++)
    out = scm_cons (scm_from_utf8_string (v[i]), out);
  return scm_reverse_x (out, SCM_EOL);
}

/* The address of LEN bytes at P (network order) as an integer.  */
static SCM
address_integer (const unsigned char *p, size_t len)
{
  SCM n = scm_from_int (0);
  for (size_t i = 0; i < len; i++)
    n = scm_logior (scm_ash (n, scm_from_int (8)), scm_from_int (p[i]));
  return n;
}

static SCM
make_entry (size_t n, SCM a, SCM b, SCM c, SCM d, SCM e)
{
  SCM v = scm_c_make_vector (n, SCM_BOOL_F);
  SCM fields[5] = { a, b, c, d, e };
  for (size_t i = 0; i < n; i++)
    scm_c_vector_set_x (v, i, fields[i]);
  return v;
}

static SCM
entry_vector (struct lookup *l)
{
  switch (l->db)
    {
    case DB_HOST:
      {
        struct hostent *h = &l->ent.host;
        SCM addrs = SCM_EOL;
        for (size_t i = 0; h->h_addr_list[i] != NULL; i++)
          addrs = scm_cons (address_integer ((unsigned char *)
                                             h->h_addr_list[i],
                                             (size_t) h->h_length), addrs);
        return make_entry (5, scm_from_utf8_string (h->h_name),
                           string_list (h->h_aliases),
                           scm_from_int (h->h_addrtype),
                           scm_from_int (h->h_length),
                           scm_reverse_x (addrs, SCM_EOL));
      }
    case DB_NET:
      return make_entry (4, scm_from_utf8_string (l->ent.net.n_name),
                         string_list (l->ent.net.n_aliases),
                         scm_from_int (l->ent.net.n_addrtype),
                         scm_from_uint32 (l->ent.net.n_net), SCM_BOOL_F);
    case DB_PROTO:
      return make_entry (3, scm_from_utf8_string (l->ent.proto.p_name),
                         string_list (l->ent.proto.p_aliases),
                         scm_from_int (l->ent.proto.p_proto),
                         SCM_BOOL_F, SCM_BOOL_F);
    default:
      return make_entry (4, scm_from_utf8_string (l->ent.serv.s_name),
                         string_list (l->ent.serv.s_aliases),
                         scm_from_int (ntohs ((uint16_t) l->ent.serv.s_port)),
                         scm_from_utf8_string (l->ent.serv.s_proto),
                         SCM_BOOL_F);
    }
}

SCM_SYMBOL (sym_host_not_found, "host-not-found");
SCM_SYMBOL (sym_try_again, "try-again");
SCM_SYMBOL (sym_no_recovery, "no-recovery");
SCM_SYMBOL (sym_no_data, "no-data");

/* Guile's throw for a failed host lookup with h_errno HERR.  */
static void
host_error (int herr) SCM_NORETURN;
static void
host_error (int herr)
{
  SCM key = herr == TRY_AGAIN ? sym_try_again
    : herr == NO_RECOVERY ? sym_no_recovery
    : herr == NO_DATA ? sym_no_data : sym_host_not_found;
  scm_error (key, "gethost", hstrerror (herr), SCM_BOOL_F, SCM_BOOL_F);
}

/* Do L for WHO; KEY (the name or number asked for) names what was not
   found.  Returns the entry, or #f at the end of a NEXT walk.  */
static SCM
lookup (struct lookup *l, const char *who, const char *what, SCM key)
{
  l->buf = NULL;
  scm_without_guile (run_lookup, l);
  SCM v = SCM_BOOL_F;
  int err = l->err, herr = l->herr;
  if (l->found != NULL)
    v = entry_vector (l);
  free (l->buf);
  if (l->found != NULL || l->how == NEXT)
    return v;
  if (l->db == DB_HOST && err != ENOMEM && err != ERANGE)
    host_error (herr != 0 ? herr : HOST_NOT_FOUND);
  if (err == ENOMEM || err == ERANGE)
    scm_i_posix_error_obj (who, err, key);
  /* Guile's: a system-error with errno 0, "no such service NAME".  */
  scm_syserror_msg (who, what, scm_list_1 (key), 0);
}

/* Argument 1 of WHO: a name (a string) or a number, the number within
   [0, MAX].  Fills L's HOW and NAME or NUMBER; NAME is from malloc,
   to free with scm_dynwind_free (hence the caller's dynwind).  */
static void
name_or_number (SCM x, const char *who, uint32_t max, struct lookup *l)
{
  if (scm_is_string (x))
    {
      l->how = BY_NAME;
      l->name = scm_to_utf8_string (x);
      scm_dynwind_free ((void *) l->name);
      return;
    }
  SCM_ASSERT_TYPE (scm_is_exact_integer (x), x, 1, who,
                   "string or exact integer");
  if (!scm_is_unsigned_integer (x, 0, max))
    scm_out_of_range_pos (who, x, scm_from_int (1));
  l->how = BY_NUMBER;
  l->number = (uint32_t) scm_to_uint64 (x);
}

/* A lookup in DB by argument 1 of WHO (absent: the next entry).  */
static SCM
lookup_arg (enum db db, SCM x, const char *proto, uint32_t max,
            const char *who, const char *what)
{
  struct lookup l = { .db = db, .how = NEXT, .proto = proto };
  scm_dynwind_begin (0);
  if (!SCM_UNBNDP (x))
    name_or_number (x, who, max, &l);
  if (l.how == BY_NUMBER && (db == DB_HOST))
    l.number = htonl (l.number);
  if (l.how == BY_NUMBER && db == DB_SERV)
    l.number = htons ((uint16_t) l.number);
  SCM v = lookup (&l, who, what, x);
  scm_dynwind_end ();
  return v;
}

SCM_DEFINE (scm_gethost, "gethost", 0, 1, 0, (SCM host),
            "Look up the host @var{host}, a name (a string, which may "
            "also be an IPv4 address in dotted form) or an IPv4 address "
            "(an integer), and return its entry, a vector taken apart with "
            "@code{hostent:name}, @code{hostent:aliases}, "
            "@code{hostent:addrtype}, @code{hostent:length} and "
            "@code{hostent:addr-list}.  With no argument, return the "
            "next entry of the hosts database, or @code{#f} after the "
            "last.  A failure throws @code{host-not-found}, "
            "@code{try-again}, @code{no-recovery} or @code{no-data}, as "
            "in Guile.  The lookup may ask a name server and is not "
            "interrupted; @code{getaddrinfo} is.")
{
  return lookup_arg (DB_HOST, host, NULL, UINT32_MAX, "gethost",
                     "no such host");
}

SCM_DEFINE (scm_getnet, "getnet", 0, 1, 0, (SCM net),
            "Look up the network @var{net}, a name (a string) or a "
            "network number (an integer), in the networks database and "
            "return its entry, taken apart with @code{netent:name}, "
            "@code{netent:aliases}, @code{netent:addrtype} and "
            "@code{netent:net}.  With no argument, return the next entry, "
            "or @code{#f} after the last.  An unknown network raises a "
            "@code{system-error} (``no such network'').")
{
  return lookup_arg (DB_NET, net, NULL, UINT32_MAX, "getnet",
                     "no such network");
}

SCM_DEFINE (scm_getproto, "getproto", 0, 1, 0, (SCM proto),
            "Look up the protocol @var{proto}, a name such as "
            "@code{\"tcp\"} or a number, in the protocols database and "
            "return its entry, taken apart with @code{protoent:name}, "
            "@code{protoent:aliases} and @code{protoent:proto}.  With no "
            "argument, return the next entry, or @code{#f} after the last.  "
            "An unknown protocol raises a @code{system-error} (``no such "
            "protocol'').")
{
  return lookup_arg (DB_PROTO, proto, NULL, INT_MAX, "getproto",
                     "no such protocol");
}

SCM_DEFINE (scm_getserv, "getserv", 0, 2, 0, (SCM name, SCM protocol),
            "Look up the service @var{name} (a name such as "
            "@code{\"http\"}, or a port number) for the protocol "
            "@var{protocol} (a string such as @code{\"tcp\"}) in the "
            "services database and return its entry, taken apart with "
            "@code{servent:name}, @code{servent:aliases}, "
            "@code{servent:port} and @code{servent:proto}.  With no "
            "argument, return the next entry, or @code{#f} after the last.  "
            "An unknown service raises a @code{system-error} (``no such "
            "service'').")
{
  static const char who[] = "getserv";
  if (SCM_UNBNDP (name))
    return lookup_arg (DB_SERV, name, NULL, 0, who, "no such service");
  SCM_ASSERT_TYPE (!SCM_UNBNDP (protocol) && scm_is_string (protocol),
                   SCM_UNBNDP (protocol) ? SCM_BOOL_F : protocol, 2, who,
                   "string");
  scm_dynwind_begin (0);
  char *p = scm_to_utf8_string (protocol);
  scm_dynwind_free (p);
  SCM v = lookup_arg (DB_SERV, name, p, 65535, who, "no such service");
  scm_dynwind_end ();
  return v;
}

/* The set- procedures: with STAYOPEN, start over at the first entry
   (and keep the database open if it is true); without, close it.  */
#define SET_DB(cname, sname, db, setfn, endfn)				\
  SCM_DEFINE (cname, sname, 0, 1, 0, (SCM stayopen),			\
              "With an argument, start the walk of the " db " database "	\
              "over from its first entry, keeping the database open "	\
              "between calls if @var{stayopen} is true; with none, close "	\
              "the database.")						\
  {									\
    if (SCM_UNBNDP (stayopen))						\
      endfn ();								\
    else								\
      setfn (scm_is_true (stayopen));					\
    return SCM_UNSPECIFIED;						\
  }

SET_DB (scm_sethost, "sethost", "hosts", sethostent, endhostent)
SET_DB (scm_setnet, "setnet", "networks", setnetent, endnetent)
SET_DB (scm_setproto, "setproto", "protocols", setprotoent, endprotoent)
SET_DB (scm_setserv, "setserv", "services", setservent, endservent)

/* Guile's other names for the lookups.  */
#define BY_NAME_OR_NUMBER(cname, sname, what, call)			\
  SCM_DEFINE_STATIC (cname, sname, 1, 0, 0, (SCM x),				\
              "The same as @code{" #call "} with @var{x}, " what ".")	\
  {									\
    return scm_##call (x);						\
  }

BY_NAME_OR_NUMBER (scm_gethostbyname, "gethostbyname", "a host name",
                   gethost)
BY_NAME_OR_NUMBER (scm_gethostbyaddr, "gethostbyaddr",
                   "an IPv4 address (an integer)", gethost)
BY_NAME_OR_NUMBER (scm_getnetbyname, "getnetbyname", "a network name",
                   getnet)
BY_NAME_OR_NUMBER (scm_getnetbyaddr, "getnetbyaddr",
                   "a network number", getnet)
BY_NAME_OR_NUMBER (scm_getprotobyname, "getprotobyname",
                   "a protocol name", getproto)
BY_NAME_OR_NUMBER (scm_getprotobynumber, "getprotobynumber",
                   "a protocol number", getproto)

SCM_DEFINE_STATIC (scm_getservbyname, "getservbyname", 2, 0, 0,
            (SCM name, SCM protocol),
            "The same as @code{getserv} with a service name.")
{
  return scm_getserv (name, protocol);
}

SCM_DEFINE_STATIC (scm_getservbyport, "getservbyport", 2, 0, 0,
            (SCM port, SCM protocol),
            "The same as @code{getserv} with a port number.")
{
  return scm_getserv (port, protocol);
}

/* The next-entry forms, and the ones that start over or close.  */
#define NEXT_ENTRY(cname, sname, call, what, ...)			\
  SCM_DEFINE_STATIC (cname, sname, 0, 0, 0, (void),				\
              "Return the next entry of the " what " database, or "	\
              "@code{#f} after the last: @code{(" #call ")}.")		\
  {									\
    return scm_##call (__VA_ARGS__);					\
  }

NEXT_ENTRY (scm_gethostent, "gethostent", gethost, "hosts", SCM_UNDEFINED)
NEXT_ENTRY (scm_getnetent, "getnetent", getnet, "networks", SCM_UNDEFINED)
NEXT_ENTRY (scm_getprotoent, "getprotoent", getproto, "protocols",
            SCM_UNDEFINED)
NEXT_ENTRY (scm_getservent, "getservent", getserv, "services",
            SCM_UNDEFINED, SCM_UNDEFINED)

#define END_DB(cname, sname, set, what)					\
  SCM_DEFINE_STATIC (cname, sname, 0, 0, 0, (void),				\
              "Close the " what " database: @code{(" #set ")}.")	\
  {									\
    return scm_##set (SCM_UNDEFINED);					\
  }

END_DB (scm_endhostent, "endhostent", sethost, "hosts")
END_DB (scm_endnetent, "endnetent", setnet, "networks")
END_DB (scm_endprotoent, "endprotoent", setproto, "protocols")
END_DB (scm_endservent, "endservent", setserv, "services")

SCM_DEFINE_STATIC (scm_sethostent, "sethostent", 0, 1, 0, (SCM stayopen),
            "Start the walk of the hosts database over: @code{(sethost "
            "@var{stayopen})}, @var{stayopen} @code{#f} if absent.")
{
  return scm_sethost (SCM_UNBNDP (stayopen) ? SCM_BOOL_F : stayopen);
}

SCM_DEFINE_STATIC (scm_setnetent, "setnetent", 0, 1, 0, (SCM stayopen),
            "Start the walk of the networks database over: @code{(setnet "
            "@var{stayopen})}, @var{stayopen} @code{#f} if absent.")
{
  return scm_setnet (SCM_UNBNDP (stayopen) ? SCM_BOOL_F : stayopen);
}

SCM_DEFINE_STATIC (scm_setprotoent, "setprotoent", 0, 1, 0, (SCM stayopen),
            "Start the walk of the protocols database over: "
            "@code{(setproto @var{stayopen})}, @var{stayopen} @code{#f} if "
            "absent.")
{
  return scm_setproto (SCM_UNBNDP (stayopen) ? SCM_BOOL_F : stayopen);
}

SCM_DEFINE_STATIC (scm_setservent, "setservent", 0, 1, 0, (SCM stayopen),
            "Start the walk of the services database over: "
            "@code{(setserv @var{stayopen})}, @var{stayopen} @code{#f} if "
            "absent.")
{
  return scm_setserv (SCM_UNBNDP (stayopen) ? SCM_BOOL_F : stayopen);
}

/* The accessors: field N of an entry of LEN fields.  */
#define ENTRY_ACCESSOR(cname, name, len, n, what, entry)		\
  SCM_DEFINE_STATIC (cname, name, 1, 0, 0, (SCM ent),				\
              "Return " what " of @var{ent}, an entry that @code{"	\
              entry "} returned.")					\
  {									\
    return scm_i_posix_field (ent, len, n, name, entry " entry");	\
  }

ENTRY_ACCESSOR (scm_hostent_name, "hostent:name", 5, 0,
                "the official name", "gethost")
ENTRY_ACCESSOR (scm_hostent_aliases, "hostent:aliases", 5, 1,
                "the list of other names", "gethost")
ENTRY_ACCESSOR (scm_hostent_addrtype, "hostent:addrtype", 5, 2,
                "the address family (@code{AF_INET})", "gethost")
ENTRY_ACCESSOR (scm_hostent_length, "hostent:length", 5, 3,
                "the length of an address in bytes", "gethost")
ENTRY_ACCESSOR (scm_hostent_addr_list, "hostent:addr-list", 5, 4,
                "the list of addresses (integers)", "gethost")
ENTRY_ACCESSOR (scm_netent_name, "netent:name", 4, 0,
                "the official name", "getnet")
ENTRY_ACCESSOR (scm_netent_aliases, "netent:aliases", 4, 1,
                "the list of other names", "getnet")
ENTRY_ACCESSOR (scm_netent_addrtype, "netent:addrtype", 4, 2,
                "the address family", "getnet")
ENTRY_ACCESSOR (scm_netent_net, "netent:net", 4, 3,
                "the network number", "getnet")
ENTRY_ACCESSOR (scm_protoent_name, "protoent:name", 3, 0,
                "the official name", "getproto")
ENTRY_ACCESSOR (scm_protoent_aliases, "protoent:aliases", 3, 1,
                "the list of other names", "getproto")
ENTRY_ACCESSOR (scm_protoent_proto, "protoent:proto", 3, 2,
                "the protocol number", "getproto")
ENTRY_ACCESSOR (scm_servent_name, "servent:name", 4, 0,
                "the official name", "getserv")
ENTRY_ACCESSOR (scm_servent_aliases, "servent:aliases", 4, 1,
                "the list of other names", "getserv")
ENTRY_ACCESSOR (scm_servent_port, "servent:port", 4, 2,
                "the port number", "getserv")
ENTRY_ACCESSOR (scm_servent_proto, "servent:proto", 4, 3,
                "the protocol name", "getserv")

void
scm_init_netdb (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "posix/netdb.x"
#endif
}
