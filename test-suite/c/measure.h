/* measure.h -- what the C tests measure: time and allocation
   SPDX-License-Identifier: LGPL-3.0-or-later

   now () is a monotonic clock in seconds; bytes_allocated () is
   (gc-stats)' bytes-allocated.  Include after <libscm.h>.  */

#ifndef SCM_TEST_MEASURE_H
#define SCM_TEST_MEASURE_H

#include <time.h>

static double __attribute__ ((unused))
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static size_t __attribute__ ((unused))
bytes_allocated (void)
{
  SCM s = scm_gc_stats ();
  for (; scm_is_pair (s); s = scm_cdr (s))
    if (scm_is_eq (scm_car (scm_car (s)),
                   scm_from_utf8_symbol ("bytes-allocated")))
      return scm_to_size_t (scm_cdr (scm_car (s)));
  return 0;
}

#endif /* SCM_TEST_MEASURE_H */
