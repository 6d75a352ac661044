/* host.c -- the machine and the user: gethostname, uname, getlogin,
   cuserid, with Guile's names
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "posix/posix-internal.h"

#include <errno.h>
#include <pwd.h>
#include <unistd.h>
#include <sys/utsname.h>
#include <libscm/conditions.h>
#include <libscm/posix.h>
#include <libscm/snarf.h>
#include <libscm/strings.h>
#include <libscm/vectors.h>

SCM_DEFINE (scm_gethostname, "gethostname", 0, 0, 0, (void),
            "Return the host name of the machine.")
{
  char buf[256 + 1];
  if (gethostname (buf, sizeof buf - 1) != 0)
    scm_i_posix_error ("gethostname", errno, NULL);
  buf[sizeof buf - 1] = '\0';
  return scm_from_utf8_string (buf);
}

SCM_DEFINE (scm_uname, "uname", 0, 0, 0, (void),
            "Return a vector describing the system, read with the "
            "@code{utsname:} accessors: @code{utsname:sysname}, "
            "@code{utsname:nodename}, @code{utsname:release}, "
            "@code{utsname:version} and @code{utsname:machine}.")
{
  struct utsname u;
  if (uname (&u) != 0)
    scm_i_posix_error ("uname", errno, NULL);
  SCM v = scm_c_make_vector (5, SCM_BOOL_F);
  scm_c_vector_set_x (v, 0, scm_from_utf8_string (u.sysname));
  scm_c_vector_set_x (v, 1, scm_from_utf8_string (u.nodename));
  scm_c_vector_set_x (v, 2, scm_from_utf8_string (u.release));
  scm_c_vector_set_x (v, 3, scm_from_utf8_string (u.version));
  scm_c_vector_set_x (v, 4, scm_from_utf8_string (u.machine));
  return v;
}

#define UTS_ACCESSOR(cname, name, n, what)				\
  SCM_DEFINE (cname, name, 1, 0, 0, (SCM un),				\
              "Return " what " from the vector @var{un} that "	\
              "@code{uname} returned.")					\
  {									\
    return scm_i_posix_field (un, 5, n, name, "utsname vector");					\
  }

UTS_ACCESSOR (scm_utsname_sysname, "utsname:sysname", 0,
              "the operating system's name")
UTS_ACCESSOR (scm_utsname_nodename, "utsname:nodename", 1,
              "the machine's network name")
UTS_ACCESSOR (scm_utsname_release, "utsname:release", 2,
              "the operating system's release")
UTS_ACCESSOR (scm_utsname_version, "utsname:version", 3,
              "the operating system's version")
UTS_ACCESSOR (scm_utsname_machine, "utsname:machine", 4,
              "the hardware's name")

SCM_DEFINE (scm_getlogin, "getlogin", 0, 0, 0, (void),
            "Return the login name of the user of the process's "
            "controlling terminal, or @code{#f} if it is not known (no "
            "terminal, as under a daemon or a test).")
{
  char *name = getlogin ();
  return name != NULL ? scm_from_utf8_string (name) : SCM_BOOL_F;
}

SCM_DEFINE (scm_cuserid, "cuserid", 0, 0, 0, (void),
            "Return the name of the process's effective user, or "
            "@code{#f} if the user database has no entry for it.")
{
  struct passwd *pw = getpwuid (geteuid ());
  return pw != NULL ? scm_from_utf8_string (pw->pw_name) : SCM_BOOL_F;
}

void
scm_init_host (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "posix/host.x"
#endif
}
