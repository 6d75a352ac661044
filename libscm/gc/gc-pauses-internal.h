/* gc-pauses.h -- time spent in collections (see gc-pauses.c)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_GC_PAUSES_H
#define SCM_GC_PAUSES_H

#include <stdint.h>
#include <gc/gc.h>

/* Feed every libgc collection event here (from the one callback libgc
   allows a process).  */
void scm_i_gc_pause_event (GC_EventType event);

/* Nanoseconds spent collecting so far.  */
uint64_t scm_i_gc_pause_ns (void);

#endif /* SCM_GC_PAUSES_H */
