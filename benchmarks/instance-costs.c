/* instance-costs.c -- what an instance costs a host: making a bare, a
   restricted and a sandboxed one, and a process's first and later
   (ice-9 sandbox) module
   SPDX-License-Identifier: LGPL-3.0-or-later

   Not a test (nothing is timed against a bound): a tool, built by
   `make check' and run by hand,

     benchmarks/instance-costs [N]        (N: 200 by default)

   prints, for each kind, the mean time and heap bytes (gc-stats'
   bytes-allocated) over N instances.  The first row is what a process
   pays for its first sandbox module of all-pure-bindings (the
   template of the binding set, made once per process: see
   `%sandbox-environment'), measured once, as the process starts; the
   second, the next one, in another instance.  The boundaries' own costs are
   test-suite/c/bench-boundaries'.  Instructions come from callgrind,
   one function at a time:

     valgrind --tool=callgrind --toggle-collect=first_sandbox \
       benchmarks/.libs/instance-costs 1          (likewise later_sandbox,
                                                   make_bare, make_pure,
                                                   make_sandboxed)

   Each function is called once per instance, so the total divided by
   the calls is the figure.  */

#include <libscm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../test-suite/c/measure.h"

/* Evaluate SRC in INST; a failure ends the tool, as its figures would be
   wrong.  */
static void
in (scm_t_instance *inst, const char *src)
{
  SCM r;
  if (scm_c_instance_eval_string (inst, src, "instance-costs", &r))
    {
      char *t = scm_c_condition_text (r);
      fprintf (stderr, "instance-costs: %s raised: %s\n", src, t ? t : "?");
      exit (1);
    }
}

static const char sandbox_src[] = "(make-sandbox-module all-pure-bindings)";

/* The measured steps, one function each for callgrind (noipa: not
   merged, not inlined).  */
static void __attribute__ ((noipa))
first_sandbox (scm_t_instance *inst)
{
  in (inst, sandbox_src);
}

static void __attribute__ ((noipa))
later_sandbox (scm_t_instance *inst)
{
  in (inst, sandbox_src);
}

static scm_t_instance * __attribute__ ((noipa))
make_bare (void)
{
  return scm_instance_create ();
}

static scm_t_instance * __attribute__ ((noipa))
make_pure (void)
{
  return scm_instance_create_profile ("pure");
}

static scm_t_instance * __attribute__ ((noipa))
make_sandboxed (void)
{
  scm_t_instance *inst = scm_instance_create_profile ("pure");
  in (inst, "(import (ice-9 sandbox)) "
      "(eval-in-sandbox '(+ 1 2) #:module "
      "(make-sandbox-module all-pure-bindings))");
  return inst;
}

static void
row (const char *what, double seconds, size_t bytes, long n)
{
  printf ("%-58s %9.1f us %8zu bytes\n", what, seconds / n * 1e6, bytes / n);
}

/* N instances made by MAKE, kept until all are made (so that the bytes
   are theirs, not reused), then destroyed.  */
static void
measure (const char *what, scm_t_instance *(*make) (void), long n)
{
  scm_t_instance **all = malloc (n * sizeof *all);
  size_t b0 = bytes_allocated ();
  double t0 = now ();
  for (long i = 0; i < n; i++)
    all[i] = make ();
  double t = now () - t0;
  size_t b = bytes_allocated () - b0;
  row (what, t, b, n);
  for (long i = 0; i < n; i++)
    scm_instance_destroy (all[i]);
  free (all);
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 200;
  if (n < 1)
    n = 1;
  scm_init ();
  /* The process's first sandbox module, in an instance that has
     imported (ice-9 sandbox) already; then one in another such
     instance.  */
  scm_t_instance *a = scm_instance_create (), *b = scm_instance_create ();
  in (a, "(import (ice-9 sandbox))");
  in (b, "(import (ice-9 sandbox))");
  size_t b0 = bytes_allocated ();
  double t0 = now ();
  first_sandbox (a);
  row ("first (ice-9 sandbox) module of the process", now () - t0,
       bytes_allocated () - b0, 1);
  b0 = bytes_allocated ();
  t0 = now ();
  later_sandbox (b);
  row ("the next, in another instance", now () - t0,
       bytes_allocated () - b0, 1);
  scm_instance_destroy (a);
  scm_instance_destroy (b);
  measure ("a bare instance (scm_instance_create)", make_bare, n);
  measure ("a restricted instance (profile \"pure\")", make_pure, n);
  measure ("a sandboxed one (pure, (ice-9 sandbox), eval-in-sandbox)",
           make_sandboxed, n);
  return 0;
}
