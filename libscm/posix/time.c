/* time.c -- Guile's broken-down time, strftime and strptime, process
   times and sleeping
   SPDX-License-Identifier: LGPL-3.0-or-later

   A broken-down time is Guile's 11-element vector, read with the tm:
   accessors: seconds, minutes, hours, day of the month (1-31), month
   (0-11), year - 1900, day of the week (0 = Sunday), day of the year
   (0-365), daylight saving flag, the zone's offset in seconds WEST of
   UTC (Guile's sign, the opposite of C's tm_gmtoff) and the zone's
   name.  A zone argument is a TZ value ("UTC", "Europe/Paris",
   "EST5EDT"): the conversion sets TZ for the call, under a lock, as
   Guile does.  The clocks themselves are in stime.c; SRFI 19 is
   (srfi 19), in Scheme over these.  */

#include "posix/posix-internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/times.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/posix.h>
#include <libscm/snarf.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>

#define NS_PER_SECOND 1000000000LL

/* ------------------------------------------------------------------ */
/* Broken-down time vectors.  */

static SCM
tm_vector (const struct tm *tm)
{
  SCM v = scm_c_make_vector (11, SCM_BOOL_F);
  scm_c_vector_set_x (v, 0, scm_from_int (tm->tm_sec));
  scm_c_vector_set_x (v, 1, scm_from_int (tm->tm_min));
  scm_c_vector_set_x (v, 2, scm_from_int (tm->tm_hour));
  scm_c_vector_set_x (v, 3, scm_from_int (tm->tm_mday));
  scm_c_vector_set_x (v, 4, scm_from_int (tm->tm_mon));
  scm_c_vector_set_x (v, 5, scm_from_int (tm->tm_year));
  scm_c_vector_set_x (v, 6, scm_from_int (tm->tm_wday));
  scm_c_vector_set_x (v, 7, scm_from_int (tm->tm_yday));
  scm_c_vector_set_x (v, 8, scm_from_int (tm->tm_isdst));
  scm_c_vector_set_x (v, 9, scm_from_long (-tm->tm_gmtoff));
  scm_c_vector_set_x (v, 10, tm->tm_zone != NULL
                      ? scm_from_utf8_string (tm->tm_zone) : SCM_BOOL_F);
  return v;
}

static void
check_tm (SCM v, int pos, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_true (scm_vector_p (v))
                   && scm_c_vector_length (v) == 11, v, pos, who,
                   "broken-down time (11-element vector)");
}

/* The struct tm of vector V; its zone name, if any, in ZONE (ZONE_LEN
   bytes).  */
static struct tm
tm_of (SCM v, int pos, const char *who, char *zone, size_t zone_len)
{
  check_tm (v, pos, who);
  struct tm tm;
  memset (&tm, 0, sizeof tm);
  int *fields[9] = { &tm.tm_sec, &tm.tm_min, &tm.tm_hour, &tm.tm_mday,
                     &tm.tm_mon, &tm.tm_year, &tm.tm_wday, &tm.tm_yday,
                     &tm.tm_isdst };
  for (size_t i = 0; i < 9; i++)
    {
      SCM f = scm_c_vector_ref (v, i);
      if (!scm_is_exact_integer (f) || !scm_is_signed_integer (f, INT_MIN,
                                                               INT_MAX))
        scm_wrong_type_arg_msg (who, pos, v,
                                "broken-down time with integer fields");
      *fields[i] = scm_to_int (f);
    }
  SCM off = scm_c_vector_ref (v, 9);
  if (scm_is_exact_integer (off)
      && scm_is_signed_integer (off, -1000000, 1000000))
    tm.tm_gmtoff = -scm_to_long (off);
  SCM z = scm_c_vector_ref (v, 10);
  zone[0] = '\0';
  if (scm_is_string (z))
    {
      char *c = scm_to_utf8_string (z);
      strncpy (zone, c, zone_len - 1);
      zone[zone_len - 1] = '\0';
      free (c);
      tm.tm_zone = zone;
    }
  return tm;
}

#define TM_FIELD(cname, name, setname, setcname, n, what)		\
  SCM_DEFINE (cname, name, 1, 0, 0, (SCM tm),				\
              "Return " what " of the broken-down time @var{tm}.")	\
  {									\
    check_tm (tm, 1, name);						\
    return scm_c_vector_ref (tm, n);					\
  }									\
  SCM_DEFINE (setcname, setname, 2, 0, 0, (SCM tm, SCM value),		\
              "Set " what " of the broken-down time @var{tm} to "	\
              "@var{value}.")						\
  {									\
    check_tm (tm, 1, setname);						\
    scm_c_vector_set_x (tm, n, value);					\
    return SCM_UNSPECIFIED;						\
  }

TM_FIELD (scm_tm_sec, "tm:sec", "set-tm:sec", scm_set_tm_sec, 0,
          "the seconds (0-60)")
TM_FIELD (scm_tm_min, "tm:min", "set-tm:min", scm_set_tm_min, 1,
          "the minutes (0-59)")
TM_FIELD (scm_tm_hour, "tm:hour", "set-tm:hour", scm_set_tm_hour, 2,
          "the hours (0-23)")
TM_FIELD (scm_tm_mday, "tm:mday", "set-tm:mday", scm_set_tm_mday, 3,
          "the day of the month (1-31)")
TM_FIELD (scm_tm_mon, "tm:mon", "set-tm:mon", scm_set_tm_mon, 4,
          "the month (0-11)")
TM_FIELD (scm_tm_year, "tm:year", "set-tm:year", scm_set_tm_year, 5,
          "the year minus 1900")
TM_FIELD (scm_tm_wday, "tm:wday", "set-tm:wday", scm_set_tm_wday, 6,
          "the day of the week (0-6, 0 = Sunday)")
TM_FIELD (scm_tm_yday, "tm:yday", "set-tm:yday", scm_set_tm_yday, 7,
          "the day of the year (0-365)")
TM_FIELD (scm_tm_isdst, "tm:isdst", "set-tm:isdst", scm_set_tm_isdst, 8,
          "the daylight saving flag (positive, 0, or negative: unknown)")
TM_FIELD (scm_tm_gmtoff, "tm:gmtoff", "set-tm:gmtoff", scm_set_tm_gmtoff, 9,
          "the time zone's offset in seconds west of UTC")
TM_FIELD (scm_tm_zone, "tm:zone", "set-tm:zone", scm_set_tm_zone, 10,
          "the time zone's name")

/* ------------------------------------------------------------------ */
/* Time zones: TZ set for one conversion, under a lock.  */

static pthread_mutex_t tz_lock = PTHREAD_MUTEX_INITIALIZER;

struct tz_save
{
  char *old;                    /* malloc'd old TZ, or NULL if unset */
  int set;                      /* whether TZ was changed */
};

/* Take the lock and set TZ to ZONE (argument POS of WHO; unbound: leave
   it).  */
static void
tz_enter (SCM zone, int pos, const char *who, struct tz_save *s)
{
  char *c = NULL;
  s->set = 0;
  s->old = NULL;
  if (!SCM_UNBNDP (zone) && scm_is_true (zone))
    {
      SCM_ASSERT_TYPE (scm_is_string (zone), zone, pos, who, "string");
      c = scm_to_utf8_string (zone);
    }
  pthread_mutex_lock (&tz_lock);
  if (c != NULL)
    {
      const char *old = getenv ("TZ");
      s->old = old != NULL ? strdup (old) : NULL;
      setenv ("TZ", c, 1);
      free (c);
      s->set = 1;
    }
  tzset ();
}

static void
tz_leave (struct tz_save *s)
{
  if (s->set)
    {
      if (s->old != NULL)
        setenv ("TZ", s->old, 1);
      else
        unsetenv ("TZ");
      free (s->old);
      tzset ();
    }
  pthread_mutex_unlock (&tz_lock);
}

static time_t
time_arg (SCM t, int pos, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_exact_integer (t), t, pos, who, "exact integer");
  /* About 2^55 seconds: the years stay within an int.  */
  if (!scm_is_signed_integer (t, -((int64_t) 1 << 55), (int64_t) 1 << 55))
    scm_out_of_range_pos (who, t, scm_from_int (pos));
  return (time_t) scm_to_int64 (t);
}

SCM_DEFINE (scm_localtime, "localtime", 1, 1, 0, (SCM time, SCM zone),
            "Return the broken-down time of @var{time} (seconds since the "
            "epoch, as @code{current-time} returns) in the local time "
            "zone, or in @var{zone} (a @env{TZ} value such as "
            "@code{\"UTC\"} or @code{\"Europe/Paris\"}).")
{
  time_t t = time_arg (time, 1, "localtime");
  struct tz_save s;
  struct tm tm;
  tz_enter (zone, 2, "localtime", &s);
  struct tm *r = localtime_r (&t, &tm);
  int err = errno;
  /* The zone name points into the C library's tables, which the next
     tzset may change: copy it before leaving.  */
  SCM v = r != NULL ? tm_vector (&tm) : SCM_BOOL_F;
  tz_leave (&s);
  if (r == NULL)
    scm_i_posix_error_obj ("localtime", err, time);
  return v;
}

SCM_DEFINE (scm_gmtime, "gmtime", 1, 0, 0, (SCM time),
            "Return the broken-down time of @var{time} (seconds since the "
            "epoch) in UTC.")
{
  time_t t = time_arg (time, 1, "gmtime");
  struct tm tm;
  if (gmtime_r (&t, &tm) == NULL)
    scm_i_posix_error_obj ("gmtime", errno, time);
  return tm_vector (&tm);
}

SCM_DEFINE (scm_mktime, "mktime", 1, 1, 0, (SCM sbd_time, SCM zone),
            "Return a pair: the seconds since the epoch of the "
            "broken-down time @var{sbd-time}, read as a local time (in "
            "@var{zone} if given; its @code{tm:wday}, @code{tm:yday}, "
            "@code{tm:gmtoff} and @code{tm:zone} are ignored), and the "
            "broken-down time normalised (fields out of range carried "
            "over, the day of the week and year filled in).")
{
  char zbuf[64];
  struct tm tm = tm_of (sbd_time, 1, "mktime", zbuf, sizeof zbuf);
  struct tz_save s;
  tz_enter (zone, 2, "mktime", &s);
  tm.tm_wday = -1;
  errno = 0;
  time_t t = mktime (&tm);
  int failed = t == (time_t) -1 && tm.tm_wday == -1;
  SCM v = failed ? SCM_BOOL_F : tm_vector (&tm);
  tz_leave (&s);
  if (failed)
    scm_c_raise_error ("out-of-range", "mktime",
                       "broken-down time not representable",
                       scm_list_1 (sbd_time));
  return scm_cons (scm_from_int64 ((int64_t) t), v);
}

SCM_DEFINE (scm_strftime, "strftime", 2, 0, 0, (SCM format, SCM tm),
            "Return the broken-down time @var{tm} formatted by the C "
            "library's @code{strftime} with the directives of "
            "@var{format} (@code{%Y-%m-%d %H:%M:%S}, @code{%A}, "
            "@code{%z}...), in the current locale.")
{
  SCM_ASSERT_TYPE (scm_is_string (format), format, 1, "strftime", "string");
  char zbuf[64];
  struct tm t = tm_of (tm, 2, "strftime", zbuf, sizeof zbuf);
  size_t flen;
  char *fmt = scm_to_utf8_stringn (format, &flen);
  /* A leading space tells an empty result from a too small buffer.  */
  char *f2 = malloc (flen + 2);
  if (f2 == NULL)
    {
      free (fmt);
      scm_out_of_memory ("strftime", flen + 2);
    }
  f2[0] = ' ';
  memcpy (f2 + 1, fmt, flen + 1);
  free (fmt);
  size_t cap = 256;
  for (;;)
    {
      char *out = malloc (cap);
      if (out == NULL)
        {
          free (f2);
          scm_out_of_memory ("strftime", cap);
        }
      size_t n = strftime (out, cap, f2, &t);
      if (n > 0)
        {
          SCM r = scm_from_utf8_stringn (out + 1, n - 1);
          free (out);
          free (f2);
          return r;
        }
      free (out);
      if (cap > ((size_t) 1 << 24))
        {
          free (f2);
          scm_c_raise_error ("out-of-range", "strftime",
                             "result too long", scm_list_1 (format));
        }
      cap *= 4;
    }
}

SCM_DEFINE (scm_strptime, "strptime", 2, 0, 0, (SCM format, SCM string),
            "Parse @var{string} by the C library's @code{strptime} with "
            "the directives of @var{format} and return a pair: the "
            "broken-down time (fields the format does not set are 0, "
            "@code{tm:isdst} -1) and the number of characters of "
            "@var{string} that were used.  Raise an error if "
            "@var{string} does not match.")
{
  SCM_ASSERT_TYPE (scm_is_string (format), format, 1, "strptime", "string");
  SCM_ASSERT_TYPE (scm_is_string (string), string, 2, "strptime", "string");
  char *fmt = scm_to_utf8_string (format);
  char *str = scm_to_utf8_string (string);
  struct tm tm;
  memset (&tm, 0, sizeof tm);
  tm.tm_isdst = -1;
  const char *end = strptime (str, fmt, &tm);
  size_t used_bytes = end != NULL ? (size_t) (end - str) : 0;
  free (fmt);
  if (end == NULL)
    {
      free (str);
      scm_c_raise_error ("misc-error", "strptime",
                         "string does not match the format",
                         scm_list_2 (string, format));
    }
  /* Characters, not bytes: count the UTF-8 lead bytes used.  */
  size_t used = 0;
  for (size_t i = 0; i < used_bytes; i++)
    if (((unsigned char) str[i] & 0xc0) != 0x80)
      used++;
  free (str);
  tm.tm_gmtoff = 0;
  tm.tm_zone = NULL;
  SCM v = tm_vector (&tm);
  return scm_cons (v, scm_from_size_t (used));
}

/* ------------------------------------------------------------------ */
/* Process times.  */

SCM_DEFINE (scm_times, "times", 0, 0, 0, (void),
            "Return a vector of the process's times, in units of "
            "@code{internal-time-units-per-second}, read with "
            "@code{tms:clock} (real time from an arbitrary start), "
            "@code{tms:utime} and @code{tms:stime} (user and system "
            "processor time), @code{tms:cutime} and @code{tms:cstime} "
            "(those of the children that were waited for).")
{
  struct tms t;
  clock_t now = times (&t);
  if (now == (clock_t) -1)
    scm_i_posix_error ("times", errno, NULL);
  long tick = sysconf (_SC_CLK_TCK);
  int64_t unit = NS_PER_SECOND / (tick > 0 ? tick : 100);
  SCM v = scm_c_make_vector (5, SCM_BOOL_F);
  scm_c_vector_set_x (v, 0, scm_from_int64 ((int64_t) now * unit));
  scm_c_vector_set_x (v, 1, scm_from_int64 ((int64_t) t.tms_utime * unit));
  scm_c_vector_set_x (v, 2, scm_from_int64 ((int64_t) t.tms_stime * unit));
  scm_c_vector_set_x (v, 3, scm_from_int64 ((int64_t) t.tms_cutime * unit));
  scm_c_vector_set_x (v, 4, scm_from_int64 ((int64_t) t.tms_cstime * unit));
  return v;
}

#define TMS_ACCESSOR(cname, name, n, what)				\
  SCM_DEFINE (cname, name, 1, 0, 0, (SCM tms),				\
              "Return " what " from the vector @var{tms} that "		\
              "@code{times} returned.")					\
  {									\
    return scm_i_posix_field (tms, 5, n, name, "times vector");					\
  }

TMS_ACCESSOR (scm_tms_clock, "tms:clock", 0, "the real time")
TMS_ACCESSOR (scm_tms_utime, "tms:utime", 1, "the user processor time")
TMS_ACCESSOR (scm_tms_stime, "tms:stime", 2, "the system processor time")
TMS_ACCESSOR (scm_tms_cutime, "tms:cutime", 3,
              "the children's user processor time")
TMS_ACCESSOR (scm_tms_cstime, "tms:cstime", 4,
              "the children's system processor time")

/* ------------------------------------------------------------------ */
/* The clocks of SRFI 19.  */

SCM_SYMBOL (sym_realtime, "realtime");
SCM_SYMBOL (sym_monotonic, "monotonic");
SCM_SYMBOL (sym_process, "process");
SCM_SYMBOL (sym_thread, "thread");

SCM_DEFINE (scm_clock_time, "%clock-time", 1, 0, 0, (SCM clock),
            "Return the time of @var{clock} as a pair @code{(@var{seconds} "
            ". @var{nanoseconds})}: @code{realtime} (since the epoch, UTC "
            "without leap seconds), @code{monotonic}, @code{process} (the "
            "processor time of the process) or @code{thread} (of the "
            "calling thread).  What @code{(srfi 19)}'s clocks read.")
{
  clockid_t id;
  if (scm_is_eq (clock, sym_realtime)) id = CLOCK_REALTIME;
  else if (scm_is_eq (clock, sym_monotonic)) id = CLOCK_MONOTONIC;
  else if (scm_is_eq (clock, sym_process)) id = CLOCK_PROCESS_CPUTIME_ID;
  else if (scm_is_eq (clock, sym_thread)) id = CLOCK_THREAD_CPUTIME_ID;
  else
    scm_wrong_type_arg_msg ("%clock-time", 1, clock,
                            "realtime, monotonic, process or thread");
  struct timespec ts;
  if (clock_gettime (id, &ts) != 0)
    scm_i_posix_error_obj ("%clock-time", errno, clock);
  return scm_cons (scm_from_int64 ((int64_t) ts.tv_sec),
                   scm_from_long (ts.tv_nsec));
}

/* ------------------------------------------------------------------ */
/* Sleeping, interruptibly (posix.c).  */

static int64_t
duration_arg (SCM d, int64_t max, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_exact_integer (d), d, 1, who,
                   "non-negative exact integer");
  if (!scm_is_signed_integer (d, 0, max))
    scm_out_of_range_pos (who, d, scm_from_int (1));
  return scm_to_int64 (d);
}

SCM_DEFINE (scm_sleep, "sleep", 1, 0, 0, (SCM secs),
            "Wait @var{secs} seconds and return 0 (the seconds left, as "
            "Guile's).  Ctrl-C, an embedder's interrupt or a time limit "
            "ends the wait with their condition.")
{
  int64_t s = duration_arg (secs, INT64_MAX / NS_PER_SECOND, "sleep");
  scm_i_posix_sleep_ns (s * NS_PER_SECOND, "sleep");
  return scm_from_int (0);
}

SCM_DEFINE (scm_usleep, "usleep", 1, 0, 0, (SCM usecs),
            "Wait @var{usecs} microseconds and return 0, interruptibly "
            "as @code{sleep}.")
{
  int64_t us = duration_arg (usecs, INT64_MAX / 1000, "usleep");
  scm_i_posix_sleep_ns (us * 1000, "usleep");
  return scm_from_int (0);
}

SCM_DEFINE (scm_nanosleep, "nanosleep", 1, 0, 0, (SCM nsecs),
            "Wait @var{nsecs} nanoseconds and return 0, interruptibly as "
            "@code{sleep} (libscm's own; Guile has @code{usleep}).")
{
  scm_i_posix_sleep_ns (duration_arg (nsecs, INT64_MAX, "nanosleep"),
                        "nanosleep");
  return scm_from_int (0);
}

void
scm_init_time (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "posix/time.x"
#endif
}
