/* stime.c -- time, from (scheme time): the clock and jiffies
   SPDX-License-Identifier: LGPL-3.0-or-later

   current-second reads the real-time clock: POSIX time, which is UTC
   without its leap seconds -- R7RS asks for TAI, and allows UTC plus a
   constant; we add none, so the value agrees with `date +%s'.  Jiffies
   are nanoseconds of the monotonic clock, which no clock change moves;
   62-bit fixnums hold 73 years of them.  */

#include "posix/posix-internal.h"

#include <errno.h>
#include <string.h>
#include <time.h>
#include <libscm/conditions.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/snarf.h>
#include <libscm/stime.h>
#include <libscm/modules.h>

#define NS_PER_SECOND 1000000000

/* The time of clock ID, for WHO.  */
static struct timespec
clock_now (clockid_t id, const char *who)
{
  struct timespec ts;
  if (clock_gettime (id, &ts) != 0)
    scm_c_raise_errorf ("system-error", who, "cannot read the clock: %s",
                        strerror (errno));
  return ts;
}

SCM_DEFINE (scm_current_second, "current-second", 0, 0, 0, (void),
            "Return the current time in seconds since the POSIX epoch\n"
            "(1970-01-01 00:00:00 UTC) as an inexact number, with the\n"
            "clock's precision.  Leap seconds are not counted.")
{
  struct timespec ts = clock_now (CLOCK_REALTIME, "current-second");
  return scm_from_double ((double) ts.tv_sec + ts.tv_nsec / 1e9);
}

SCM_DEFINE (scm_current_time, "current-time", 0, 0, 0, (void),
            "Return the current time in whole seconds since the POSIX\n"
            "epoch, an exact integer, as Guile does: with\n"
            "@code{current-second}'s clock.")
{
  struct timespec ts = clock_now (CLOCK_REALTIME, "current-time");
  return scm_from_int64 ((int64_t) ts.tv_sec);
}

SCM_DEFINE (scm_gettimeofday, "gettimeofday", 0, 0, 0, (void),
            "Return the current time since the POSIX epoch as a pair\n"
            "@code{(@var{seconds} . @var{microseconds})} of exact\n"
            "integers, as Guile does.")
{
  struct timespec ts = clock_now (CLOCK_REALTIME, "gettimeofday");
  return scm_cons (scm_from_int64 ((int64_t) ts.tv_sec),
                   scm_from_long (ts.tv_nsec / 1000));
}

SCM_DEFINE (scm_current_jiffy, "current-jiffy", 0, 0, 0, (void),
            "Return the number of jiffies (nanoseconds) since an\n"
            "arbitrary moment, as an exact integer, from a clock that\n"
            "only goes forward: subtract two to time an interval.")
{
  struct timespec ts = clock_now (CLOCK_MONOTONIC, "current-jiffy");
  return scm_from_int64 ((int64_t) ts.tv_sec * NS_PER_SECOND + ts.tv_nsec);
}

SCM_DEFINE (scm_jiffies_per_second, "jiffies-per-second", 0, 0, 0, (void),
            "Return the number of jiffies in a second, 1000000000.")
{
  return SCM_MAKE_FIXNUM (NS_PER_SECOND);
}

SCM_DEFINE (scm_get_internal_run_time, "get-internal-run-time", 0, 0, 0,
            (void),
            "Return the processor time this process has used, in units of "
            "@code{internal-time-units-per-second} (nanoseconds), as in "
            "Guile: unlike @code{current-jiffy}, time the process spends "
            "waiting for the processor does not count.")
{
  struct timespec ts = clock_now (CLOCK_PROCESS_CPUTIME_ID,
                                  "get-internal-run-time");
  return scm_from_int64 ((int64_t) ts.tv_sec * NS_PER_SECOND + ts.tv_nsec);
}

SCM_DEFINE (scm_get_internal_real_time, "get-internal-real-time", 0, 0, 0,
            (void),
            "Return the elapsed time since an arbitrary moment, in units of "
            "@code{internal-time-units-per-second} (nanoseconds), as in "
            "Guile; the same clock as @code{current-jiffy}.")
{
  return scm_current_jiffy ();
}

void
scm_init_stime (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "posix/stime.x"
#endif
  scm_c_define ("internal-time-units-per-second",
                SCM_MAKE_FIXNUM (NS_PER_SECOND));
}
