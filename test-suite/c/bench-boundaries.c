/* bench-boundaries.c -- what crossing into an instance or under limits
   costs a host: ns per call of each boundary, N calls in a loop
   SPDX-License-Identifier: LGPL-3.0-or-later

   Not a test (nothing here is timed against a bound): a tool, built by
   `make check' and run by hand,

     test-suite/c/bench-boundaries [N [ROW]]  (N: 1000000 by default)

   prints one line per boundary (only the rows whose name contains
   ROW, if given: one boundary alone under callgrind).  Each body does nothing, so the figure
   is the boundary's own cost.  */

#include <libscm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "measure.h"

static SCM
nothing (void *data)
{
  (void) data;
  return SCM_BOOL_T;
}

static SCM
nothing_proc (void)
{
  return SCM_BOOL_T;
}

typedef int (*boundary) (void *arg);

static int
with_instance (void *inst)
{
  return scm_c_with_instance (inst, nothing, NULL, NULL);
}

static int
with_limits (void *limits)
{
  return scm_c_call_with_limits (limits, nothing, NULL, NULL);
}

static int
call_protected (void *proc)
{
  SCM r;
  return scm_call_n_protected (*(SCM *) proc, NULL, 0, &r);
}

static const char *only;

static void
measure (const char *what, boundary f, void *arg, long n)
{
  if (only != NULL && strstr (what, only) == NULL)
    return;
  for (long i = 0; i < n / 100 + 1; i++)
    f (arg);
  double t0 = now ();
  int failed = 0;
  for (long i = 0; i < n; i++)
    failed |= f (arg);
  double t = now () - t0;
  printf ("%-52s %8.1f ns/call%s\n", what, t / n * 1e9,
          failed ? " (a call raised!)" : "");
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1000000;
  only = argc > 2 ? argv[2] : NULL;
  scm_init ();
  SCM proc = scm_c_make_gsubr ("nothing", 0, 0, 0, (scm_t_subr) nothing_proc);
  measure ("scm_call_n_protected (floor)", call_protected, &proc, n);
  measure ("scm_c_call_with_limits, no limits", with_limits, NULL, n);
  scm_t_limits steps = { .step_limit = 1000000 };
  measure ("scm_c_call_with_limits, a step limit", with_limits, &steps, n);
  scm_t_limits time = { .time_limit = 10 };
  measure ("scm_c_call_with_limits, a time limit", with_limits, &time, n);
  scm_t_limits all = { .time_limit = 10, .allocation_limit = 1 << 24,
                       .stack_limit = 1 << 20, .step_limit = 1000000 };
  measure ("scm_c_call_with_limits, all four limits", with_limits, &all, n);
  scm_t_instance *inst = scm_instance_create_profile ("pure");
  measure ("scm_c_with_instance, an instance without limits",
           with_instance, inst, n);
  scm_instance_set_limits (inst, &time);
  measure ("scm_c_with_instance, an instance with a time limit",
           with_instance, inst, n);
  scm_instance_destroy (inst);
  return 0;
}
