/* profile.c -- a statistical profiler: the procedures a thread runs,
   sampled on a timer, as Guile's statprof
   SPDX-License-Identifier: LGPL-3.0-or-later

   SIGPROF, every 10 ms of the process's processor time, flags the
   profiled thread's VM as an interrupt request does (no test is added
   to the VM's fast path: the flag clears the enter limit that ENTER
   and self tail calls already compare with).  At its next poll, a
   procedure entry or a loop's jump back, the VM walks its frames: the
   innermost procedure gets a sample of its own ("self"), and each
   distinct procedure on the stack a cumulative one.  Time spent inside
   a primitive is counted at the next entry after it, so it goes to the
   procedure that called the primitive or to the one called next.  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"
#include "vm/vm-internal.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <libscm/conditions.h>
#include <libscm/eval.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/vectors.h>

/* The frames of a sample looked at, at most.  */
#define MAX_SAMPLE_FRAMES 256
#define INTERVAL_USEC 10000

struct counts
{
  SCM code;
  long self, cumulative;
};

static struct
{
  struct scm_i_vm *vm;          /* the thread profiled, or NULL */
  struct counts *table;         /* uncollectable: the GC sees the codes */
  size_t n, cap;
  long samples;
  struct sigaction old_action;
} prof;

static pthread_mutex_t prof_lock = PTHREAD_MUTEX_INITIALIZER;

static void
on_sigprof (int sig)
{
  (void) sig;
  struct scm_i_vm *vm = prof.vm;
  if (vm != NULL)
    {
      vm->profile_pending = 1;
      __atomic_thread_fence (__ATOMIC_SEQ_CST);
      vm->enter_limit = NULL;
    }
}

/* The entry of CODE, made if need be; NULL if memory runs out.  */
static struct counts *
entry_of (SCM code)
{
  for (size_t i = 0; i < prof.n; i++)
    if (scm_is_eq (prof.table[i].code, code))
      return &prof.table[i];
  if (prof.n == prof.cap)
    {
      size_t cap = prof.cap ? 2 * prof.cap : 64;
      struct counts *t = GC_MALLOC_UNCOLLECTABLE (cap * sizeof *t);
      if (t == NULL)
        return NULL;
      if (prof.n)
        memcpy (t, prof.table, prof.n * sizeof *t);
      GC_FREE (prof.table);
      prof.table = t;
      prof.cap = cap;
    }
  prof.table[prof.n] = (struct counts) { code, 0, 0 };
  return &prof.table[prof.n++];
}

void
scm_i_profile_sample (struct scm_i_vm *vm)
{
  vm->profile_pending = 0;
  if (vm != prof.vm)
    return;
  SCM seen[MAX_SAMPLE_FRAMES];
  size_t nseen = 0;
  SCM closure = vm->closure;
  SCM *fp = vm->fp, *bottom = vm->stack + SCM_I_STACK_BOTTOM;
  prof.samples++;
  for (int k = 0; k < MAX_SAMPLE_FRAMES && fp > bottom; k++)
    {
      if (scm_i_is_closure (closure))
        {
          SCM code = SCM_I_CLOSURE_CODE (closure);
          size_t i = 0;
          while (i < nseen && !scm_is_eq (seen[i], code))
            i++;
          struct counts *c = entry_of (code);
          if (c != NULL && nseen == 0)
            c->self++;
          if (c != NULL && i == nseen)
            {
              c->cumulative++;
              seen[nseen++] = code;
            }
        }
      closure = fp[-2];
      fp = scm_i_frame_caller (fp);
    }
}

/* ------------------------------------------------------------------ */

void
scm_profile_start (void)
{
  pthread_mutex_lock (&prof_lock);
  if (prof.vm != NULL)
    {
      pthread_mutex_unlock (&prof_lock);
      scm_c_raise_error ("misc-error", "profile-start",
                         "a profile is being taken already", SCM_EOL);
    }
  GC_FREE (prof.table);
  prof.table = NULL;
  prof.n = prof.cap = 0;
  prof.samples = 0;
  prof.vm = scm_i_current_vm ();
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_sigprof;
  sa.sa_flags = SA_RESTART;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGPROF, &sa, &prof.old_action);
  struct itimerval it = { { 0, INTERVAL_USEC }, { 0, INTERVAL_USEC } };
  setitimer (ITIMER_PROF, &it, NULL);
  pthread_mutex_unlock (&prof_lock);
}

/* The name, file, line and column of CODE as a vector's first four.  */
static void
describe_code (SCM v, SCM code)
{
  SCM_VECTOR_SET (v, 0, SCM_CELL_OBJECT (code, SCM_I_CODE_NAME));
  SCM_VECTOR_SET (v, 1, SCM_CELL_OBJECT (code, SCM_I_CODE_FILE));
  const struct scm_i_srcmap *m = scm_i_code_srcmap (code);
  if (scm_i_srcmap_count (m) > 0)
    {
      SCM_VECTOR_SET (v, 2, scm_from_uint32 (m->entries[0].line));
      SCM_VECTOR_SET (v, 3, scm_from_uint32 (m->entries[0].column));
    }
}

SCM
scm_profile_stop (void)
{
  pthread_mutex_lock (&prof_lock);
  if (prof.vm == NULL)
    {
      pthread_mutex_unlock (&prof_lock);
      scm_c_raise_error ("misc-error", "profile-stop",
                         "no profile is being taken", SCM_EOL);
    }
  struct itimerval off = { { 0, 0 }, { 0, 0 } };
  setitimer (ITIMER_PROF, &off, NULL);
  sigaction (SIGPROF, &prof.old_action, NULL);
  prof.vm->profile_pending = 0;
  prof.vm = NULL;
  /* No sample is taken from here on: the table is ours.  */
  size_t n = prof.n;
  struct counts *t = prof.table;
  long samples = prof.samples;
  pthread_mutex_unlock (&prof_lock);
  SCM acc = SCM_EOL;
  for (size_t i = 0; i < n; i++)
    {
      SCM v = scm_c_make_vector (6, SCM_BOOL_F);
      describe_code (v, t[i].code);
      SCM_VECTOR_SET (v, 4, scm_from_long (t[i].self));
      SCM_VECTOR_SET (v, 5, scm_from_long (t[i].cumulative));
      acc = scm_cons (v, acc);
    }
  return scm_cons (scm_from_long (samples), acc);
}

SCM_DEFINE (scm_profile_start_scm, "profile-start", 0, 0, 0, (void),
            "Start a statistical profile of the calling thread: every "
            "10 ms of processor time, the procedure running and those on "
            "its stack are noted, until @code{profile-stop}.  An error if "
            "a profile is being taken.")
{
  scm_profile_start ();
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_profile_stop_scm, "profile-stop", 0, 0, 0, (void),
            "Stop the profile @code{profile-start} started and return it: "
            "@code{(@var{samples} #(@var{name} @var{file} @var{line} "
            "@var{column} @var{self} @var{cumulative}) @dots{})}, one "
            "vector per procedure seen, @var{self} the samples it was "
            "running in, @var{cumulative} those it was on the stack in.")
{
  return scm_profile_stop ();
}

void
scm_init_profile (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "vm/profile.x"
#endif
}
