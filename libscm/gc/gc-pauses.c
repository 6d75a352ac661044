/* gc-pauses.c -- how long collections take, from libgc's events
   SPDX-License-Identifier: LGPL-3.0-or-later

   The time of a collection is the stop-the-world part (marking, from
   stopping the world to restarting it) plus the sweep that ends it.
   GC_get_full_gc_total_time counts only full collections, so it reads 0
   in incremental mode; the events come for every collection.  Marking
   steps done incrementally while the program allocates, and lazy
   sweeping, are not counted.

   Like static-roots.c, this file includes no libscm header, so that the
   benchmark probe (benchmarks/probe.c) times Guile's collections with the
   same code.  Events come with libgc's allocation lock held: no other
   lock is needed.  */

#include <time.h>

#include "gc/gc-pauses-internal.h"

static uint64_t pause_ns, pause_start;

static uint64_t
now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

void
scm_i_gc_pause_event (GC_EventType event)
{
  switch (event)
    {
    case GC_EVENT_PRE_STOP_WORLD:
    case GC_EVENT_RECLAIM_START:
      pause_start = now_ns ();
      break;
    case GC_EVENT_POST_START_WORLD:
    case GC_EVENT_RECLAIM_END:
      if (pause_start != 0)
        pause_ns += now_ns () - pause_start;
      pause_start = 0;
      break;
    default:
      break;
    }
}

uint64_t
scm_i_gc_pause_ns (void)
{
  return pause_ns;
}
