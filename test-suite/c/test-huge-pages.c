/* test-huge-pages.c -- the heap is advised as transparent huge pages
   once it is past 8 MiB, and nothing else is
   SPDX-License-Identifier: LGPL-3.0-or-later

   The kernel shows the advice as the flag "hg" in the VmFlags of the
   mapping in /proc/self/smaps, and its taking back (MADV_NOHUGEPAGE,
   once the heap grew again) as "nh".  Run with an argument ("small",
   or "option"), the test checks the other side: with
   SCM_GC_HUGE_PAGES=0 in the environment, or scm_gc_options.small_pages
   set, no part of the heap has either flag.  The main run starts both
   in a child process, since the choice is made once, in scm_init.
   Only where the system's THP mode is "madvise", the one where libscm
   advises.  */

#include <libscm.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tap.h"

/* The VmFlags line of the mapping that holds ADDR ("" if none).  */
static const char *
flags_of (const void *addr)
{
  static char flags[512];
  FILE *f = fopen ("/proc/self/smaps", "r");
  char line[512];
  int inside = 0;
  flags[0] = '\0';
  if (f == NULL)
    return flags;
  while (fgets (line, sizeof line, f) != NULL)
    {
      unsigned long lo, hi;
      if (line[strspn (line, "0123456789abcdef")] == '-'
          && sscanf (line, "%lx-%lx ", &lo, &hi) == 2)
        inside = (uintptr_t) addr >= lo && (uintptr_t) addr < hi;
      else if (inside && strncmp (line, "VmFlags:", 8) == 0)
        {
          snprintf (flags, sizeof flags, "%s", line + 8);
          flags[strcspn (flags, "\n")] = '\0';
          break;
        }
    }
  fclose (f);
  return flags;
}

static int
has_flag (const void *addr, const char *flag)
{
  return strstr (flags_of (addr), flag) != NULL;
}

/* How many mappings of the process have the flag "hg".  */
static int
mappings_with_hg (void)
{
  FILE *f = fopen ("/proc/self/smaps", "r");
  char line[512];
  int n = 0;
  if (f == NULL)
    return -1;
  while (fgets (line, sizeof line, f) != NULL)
    if (strncmp (line, "VmFlags:", 8) == 0 && strstr (line, " hg") != NULL)
      n++;
  fclose (f);
  return n;
}

/* How many of the pairs of list L, one in 100,000, lie in a mapping
   with FLAG.  */
static int
pairs_in (SCM l, const char *flag)
{
  int n = 0;
  for (long i = 0; scm_is_pair (l); l = SCM_CDR (l), i++)
    if (i % 100000 == 0 && has_flag ((void *) SCM_UNPACK (l), flag))
      n++;
  return n;
}

/* Keep about 64 MiB of pairs live: the heap grows well past 8 MiB.  */
static SCM
grow_heap (void)
{
  SCM keep = SCM_EOL;
  for (long i = 0; i < 4L * 1000 * 1000; i++)
    keep = scm_cons (SCM_MAKE_FIXNUM (i), keep);
  return keep;
}

/* A thread that exists while the heap grows: it waits for GROWN, then
   looks at its own stack.  */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int grown;

static void *
look_at_own_stack (void *data)
{
  int here;
  pthread_mutex_lock (&lock);
  while (!grown)
    pthread_cond_wait (&cond, &lock);
  pthread_mutex_unlock (&lock);
  *(int *) data = has_flag (&here, " hg");
  return NULL;
}

static int
child_run (const char *self, const char *mode)
{
  pid_t pid = fork ();
  if (pid == 0)
    {
      if (strcmp (mode, "small") == 0)
        setenv ("SCM_GC_HUGE_PAGES", "0", 1);
      execl ("/proc/self/exe", self, mode, (char *) NULL);
      _exit (127);
    }
  int status;
  if (pid < 0 || waitpid (pid, &status, 0) != pid)
    return -1;
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

int
main (int argc, char **argv)
{
  if (argc > 1)
    {
      /* The child: exit 0 if no part of the heap was advised.  */
      if (strcmp (argv[1], "option") == 0)
        {
          struct scm_gc_options options = { 0 };
          options.small_pages = 1;
          scm_set_gc_options (&options);
        }
      scm_init ();
      SCM keep = grow_heap ();
      int advised = pairs_in (keep, " hg") + pairs_in (keep, " nh")
                    + mappings_with_hg ();
      scm_remember_upto_here_1 (keep);
      return advised != 0;
    }

  if (strstr (tap_slurp ("/sys/kernel/mm/transparent_hugepage/enabled"),
              "[madvise]") == NULL)
    {
      printf ("1..0 # SKIP the system's THP mode is not \"madvise\"\n");
      return 0;
    }
  scm_init ();
  SCM small = scm_cons (SCM_BOOL_T, SCM_EOL);
  ok (!has_flag ((void *) SCM_UNPACK (small), " hg")
      && !has_flag ((void *) SCM_UNPACK (small), " nh"),
      "a heap of start-up size is left in small pages (%s)",
      flags_of ((void *) SCM_UNPACK (small)));

  /* Memory that is not the heap but exists while it grows: a thread's
     stack and 64 MiB of the program's own.  */
  int thread_advised = -1;
  pthread_t th;
  int have_thread = pthread_create (&th, NULL, look_at_own_stack,
                                    &thread_advised) == 0;
  char *own = malloc (64 << 20);
  if (own != NULL)
    memset (own, 1, 1 << 20);

  SCM keep = grow_heap ();
  int nh = pairs_in (keep, " nh"), hg = mappings_with_hg ();
  ok (nh > 0 && hg > 0,
      "past 8 MiB the heap is advised: %d of the 40 pairs looked at lie "
      "where the advice was taken back as the heap grew again (nh), and "
      "%d mappings hold the newest advice (hg)", nh, hg);
  int here;
  ok (!has_flag (&here, " hg"), "the main thread's stack is not advised");
  pthread_mutex_lock (&lock);
  grown = 1;
  pthread_cond_broadcast (&cond);
  pthread_mutex_unlock (&lock);
  if (have_thread)
    pthread_join (th, NULL);
  ok (thread_advised == 0,
      "nor the stack of a thread that ran while the heap grew");
  ok (own != NULL && !has_flag (own, " hg") && !has_flag (own, " nh"),
      "nor 64 MiB that the program malloc'd before the growth (%s)",
      own ? flags_of (own) : "no memory");
  free (own);
  scm_remember_upto_here_1 (keep);

  ok (child_run (argv[0], "small") == 0,
      "with SCM_GC_HUGE_PAGES=0, a heap of 64 MiB stays in small pages");
  ok (child_run (argv[0], "option") == 0,
      "with scm_gc_options.small_pages, a heap of 64 MiB stays in small "
      "pages");
  return tap_done ();
}
