/* stime.h -- time, from (scheme time)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_STIME_H
#define SCM_STIME_H

#include <libscm/scm.h>

/* Seconds since the POSIX epoch, a flonum (UTC: no leap seconds).  */
SCM_API SCM scm_current_second (void);
/* Guile's: the same clock in whole seconds (an exact integer), and as
   (SECONDS . MICROSECONDS).  */
SCM_API SCM scm_current_time (void);
SCM_API SCM scm_gettimeofday (void);
/* Nanoseconds of a monotonic clock from an arbitrary start, a fixnum. */
SCM_API SCM scm_current_jiffy (void);
/* 1000000000, the jiffies in a second.  */
SCM_API SCM scm_jiffies_per_second (void);
/* Guile's: processor time used by the process, and elapsed time, in
   nanoseconds (internal-time-units-per-second).  */
SCM_API SCM scm_get_internal_run_time (void);
SCM_API SCM scm_get_internal_real_time (void);

#endif /* SCM_STIME_H */
