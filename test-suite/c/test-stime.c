/* test-stime.c -- current-second, current-jiffy, jiffies-per-second
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <math.h>
#include <time.h>
#include <libscm.h>
#include "tap.h"
#include "calls.h"

static double
real_time (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_REALTIME, &ts);
  return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
test_second (void)
{
  /* The reference is the system's real-time clock read the same way,
     not time (): glibc's time () reads a coarse clock that can lag it
     by a tick, so across a second's boundary current-second could
     already be in the next second.  */
  double before = real_time (), d;
  SCM s = call ("current-second", SCM_EOL);
  double after = real_time ();
  ok (scm_is_flonum (s), "current-second is inexact");
  d = scm_is_flonum (s) ? SCM_FLONUM_VALUE (s) : 0;
  ok (d >= before - 1e-6 && d <= after + 1e-6,
      "and agrees with the real-time clock: %.6f in [%.6f, %.6f]", d,
      before, after);
  struct timespec pause = { 0, 20 * 1000 * 1000 };
  nanosleep (&pause, NULL);
  SCM later = call ("current-second", SCM_EOL);
  double diff = scm_is_flonum (later) ? SCM_FLONUM_VALUE (later) - d : 0;
  ok (diff >= 0.015 && diff < 10,
      "with fractions of a second: 20 ms later it is %.4f s later", diff);
}

static void
test_jiffies (void)
{
  SCM jps = call ("jiffies-per-second", SCM_EOL);
  ok (scm_is_eq (jps, SCM_MAKE_FIXNUM (1000000000)),
      "jiffies-per-second is 1000000000");
  SCM j1 = call ("current-jiffy", SCM_EOL);
  ok (scm_is_exact_integer (j1) && scm_to_int64 (j1) >= 0,
      "current-jiffy is a nonnegative exact integer");
  int monotonic = 1;
  int64_t last = scm_to_int64 (j1);
  for (int i = 0; i < 1000; i++)
    {
      int64_t now = scm_to_int64 (call ("current-jiffy", SCM_EOL));
      monotonic &= now >= last;
      last = now;
    }
  ok (monotonic, "1000 calls never go back");
  struct timespec pause = { 0, 20 * 1000 * 1000 };
  int64_t start = scm_to_int64 (call ("current-jiffy", SCM_EOL));
  nanosleep (&pause, NULL);
  int64_t elapsed = scm_to_int64 (call ("current-jiffy", SCM_EOL)) - start;
  ok (elapsed >= 20 * 1000 * 1000 && elapsed < 10 * (int64_t) 1000000000,
      "a 20 ms sleep takes at least 20 ms of jiffies (%lld)",
      (long long) elapsed);
  SCM r = try_call ("current-jiffy", LIST (SCM_MAKE_FIXNUM (1)));
  ok (is_error (r, "wrong-number-of-args", "current-jiffy",
                "wrong number of arguments (expected 0, given 1)",
                SCM_UNDEFINED),
      "current-jiffy takes no argument");
}

int
main (void)
{
  scm_init ();
  test_second ();
  test_jiffies ();
  return tap_done ();
}
