/* fuzz-common.c -- helpers of the fuzz targets (see fuzz.h)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "fuzz.h"
#include "vm/vm-internal.h"

/* Writing an object for a report may itself fail; the report must get
   out anyway.  */
static SCM
write_to_string_body (void *data)
{
  return scm_object_to_string (*(SCM *) data, SCM_UNDEFINED);
}

static void
report_object (const char *label, SCM obj)
{
  SCM s = fuzz_protect (write_to_string_body, &obj);
  char *text = scm_is_string (s) ? scm_to_utf8_stringn (s, NULL) : NULL;
  fprintf (stderr, "  %s: %s\n", label, text ? text : "(could not be written)");
  free (text);
}

void
fuzz_fail (const char *what, SCM a, SCM b)
{
  fprintf (stderr, "fuzz oracle failed: %s\n", what);
  if (!SCM_UNBNDP (a))
    report_object ("first", a);
  if (!SCM_UNBNDP (b))
    report_object ("second", b);
  fflush (stderr);
  abort ();
}

struct string_args
{
  const uint8_t *data;
  size_t size;
};

static SCM
utf8_body (void *data)
{
  struct string_args *a = data;
  return scm_from_utf8_stringn ((const char *) a->data, a->size);
}

SCM
fuzz_string (const uint8_t *data, size_t size)
{
  struct string_args a = { data, size };
  SCM s = fuzz_protect (utf8_body, &a);
  if (SCM_UNBNDP (s))
    s = scm_from_latin1_stringn ((const char *) data, size);
  return s;
}

static SCM
raised (void *data, SCM obj)
{
  (void) data;
  (void) obj;
  return SCM_UNDEFINED;
}

SCM
fuzz_keep_error (void *data, SCM obj)
{
  *(SCM *) data = obj;
  return SCM_UNSPECIFIED;
}

SCM
fuzz_protect (SCM (*body) (void *), void *data)
{
  return scm_c_catch_raise (body, data, raised, NULL);
}

void
fuzz_init (void)
{
  scm_init ();
  /* 512 MiB: far below libFuzzer's 2 GB RSS limit, even with ASan's
     shadow and quarantine on top.  */
  scm_c_set_max_heap_size ((size_t) 512 << 20);
  /* A runaway recursion should hit the limit in milliseconds, not
     seconds.  */
  scm_set_stack_limit ((size_t) 8 << 20);
  /* Exact integers of at most 2^17 bits (40,000 digits): reading
     "#e1.5e-537619" makes a 1.8-million-bit denominator, which reads,
     writes and reads back in a tenth of a second normally but in more
     than libFuzzer's timeout with the sanitizers and coverage.  Past
     the limit the parser raises an implementation restriction, a
     Scheme error like any other.  */
  scm_c_set_max_integer_bits ((size_t) 1 << 17);
}

/* Milliseconds on the monotonic clock at which the running input's
   budget ends; 0 while no input runs.  */
static _Atomic long long deadline_ms;
/* Held by the watchdog from reading the deadline to requesting the
   interrupt, and by the input's thread to clear the deadline: without
   it the watchdog could read a deadline that has passed, be preempted,
   and ask for its interrupt once the next input's set-up runs.  */
static pthread_mutex_t deadline_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t watchdog_once = PTHREAD_ONCE_INIT;

static long long
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (long long) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void *
watchdog (void *arg)
{
  (void) arg;
  for (;;)
    {
      usleep (5000);
      pthread_mutex_lock (&deadline_lock);
      long long d = atomic_load (&deadline_ms);
      if (d != 0 && now_ms () > d)
        scm_request_interrupt ();
      pthread_mutex_unlock (&deadline_lock);
    }
  return NULL;
}

static void
start_watchdog (void)
{
  pthread_t t;
  pthread_create (&t, NULL, watchdog, NULL);
  pthread_detach (t);
}

void
fuzz_budget_start (long ms)
{
  pthread_once (&watchdog_once, start_watchdog);
  atomic_store (&deadline_ms, now_ms () + ms);
}

int
fuzz_budget_over (void)
{
  long long d = atomic_load (&deadline_ms);
  return d != 0 && now_ms () > d;
}

void
fuzz_budget_stop (void)
{
  pthread_mutex_lock (&deadline_lock);
  atomic_store (&deadline_ms, 0);
  pthread_mutex_unlock (&deadline_lock);
  struct scm_i_vm *vm = scm_i_current_vm ();
  if (vm->depth != 0 || vm->expanding != 0)
    fuzz_fail (vm->depth != 0 ? "a VM run outlived its input"
               : "an expansion outlived its input",
               SCM_UNDEFINED, SCM_UNDEFINED);
}
