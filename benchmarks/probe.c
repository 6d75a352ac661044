/* probe.c -- preloaded (LD_PRELOAD) into a benchmarked program by
   benchmarks/run: records, when the program exits, what libgc and the
   kernel say of its memory and of its collections.
   SPDX-License-Identifier: LGPL-3.0-or-later

   It looks libgc up at run time, so the same probe measures libscm and
   any other program linked with libgc (Guile): the figures are taken the
   same way for every Scheme in a table.  A program without libgc still
   gets the kernel's figures.

   The result is one line appended to the file named by
   $SCM_BENCH_PROBE_OUT, "key=value" pairs separated by spaces; a value of
   -1 means "not known".  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <gc/gc.h>

#include "gc/gc-pauses-internal.h"
#include "gc/static-roots-internal.h"

/* libgc's entry points, or NULL.  */
static void (*gc_set_event_fn) (GC_on_collection_event_proc);
static size_t (*gc_prof_stats) (struct GC_prof_stats_s *, size_t);

static GC_on_collection_event_proc previous;

static void GC_CALLBACK
on_event (GC_EventType event)
{
  scm_i_gc_pause_event (event);
  if (previous != NULL)
    previous (event);
}

__attribute__ ((constructor)) static void
probe_start (void)
{
  GC_on_collection_event_proc (*get_event_fn) (void);

  gc_set_event_fn = (void (*) (GC_on_collection_event_proc))
    dlsym (RTLD_DEFAULT, "GC_set_on_collection_event");
  get_event_fn = (GC_on_collection_event_proc (*) (void))
    dlsym (RTLD_DEFAULT, "GC_get_on_collection_event");
  gc_prof_stats = (size_t (*) (struct GC_prof_stats_s *, size_t))
    dlsym (RTLD_DEFAULT, "GC_get_prof_stats");
  if (gc_set_event_fn != NULL && get_event_fn != NULL)
    {
      previous = get_event_fn ();
      gc_set_event_fn (on_event);
    }
}

/* The value of the line starting with KEY in a /proc file, in kB.  */
static long
proc_kib (const char *file, const char *key)
{
  FILE *f = fopen (file, "r");
  char line[256];
  long value = -1;
  size_t n = strlen (key);

  if (f == NULL)
    return -1;
  while (fgets (line, sizeof line, f) != NULL)
    if (strncmp (line, key, n) == 0)
      {
        value = strtol (line + n, NULL, 10);
        break;
      }
  fclose (f);
  return value;
}

__attribute__ ((destructor)) static void
probe_finish (void)
{
  const char *out = getenv ("SCM_BENCH_PROBE_OUT");
  struct GC_prof_stats_s st;
  char line[1024];
  int fd, len;
  long long heap = -1, allocated = -1, gcs = -1, roots = -1;

  if (out == NULL || *out == '\0')
    return;
  if (gc_prof_stats != NULL && gc_prof_stats (&st, sizeof st) > 0)
    {
      heap = (long long) st.heapsize_full;
      allocated = (long long) (st.allocd_bytes_before_gc
                               + st.bytes_allocd_since_gc);
      gcs = (long long) st.gc_no;
      /* In a libscm process, libgc scans only what libscm's root filter
         keeps (gc-roots.c): count the same.  */
      void *filter = dlsym (RTLD_DEFAULT, "scm_c_gc_library_scanned_p");
      if (filter != NULL)
        scm_i_static_root_filter = (int (*) (const char *)) filter;
      roots = (long long) scm_i_static_root_bytes (NULL, NULL);
      /* libscm also keeps the variables of its built-in libraries out of
         libgc's roots until a library is imported (image.c), which only
         it knows: it counts its own data.  */
      void *libscm_roots = dlsym (RTLD_DEFAULT, "scm_c_static_root_bytes");
      if (filter != NULL && libscm_roots != NULL)
        roots = (long long) ((size_t (*) (void)) libscm_roots) ();
    }
  len = snprintf (line, sizeof line,
                  "heap_bytes=%lld bytes_allocated=%lld gc_count=%lld "
                  "gc_ms=%.3f static_roots=%lld anon_kib=%ld hwm_kib=%ld\n",
                  heap, allocated, gcs,
                  gc_set_event_fn != NULL ? scm_i_gc_pause_ns () / 1e6 : -1.0,
                  roots, proc_kib ("/proc/self/smaps_rollup", "Anonymous:"),
                  proc_kib ("/proc/self/status", "VmHWM:"));
  fd = open (out, O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (fd < 0)
    return;
  if (write (fd, line, (size_t) len) != len)
    {
      /* Nothing to do: the harness reports the missing figures.  */
    }
  close (fd);
}
