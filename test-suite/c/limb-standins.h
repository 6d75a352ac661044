/* limb-standins.h -- what the white-box tests of bignum-pieces.c and
   bignum-gcd.c stand in for the library with: GC allocation without
   the library's budgets, and a poll that counts
   SPDX-License-Identifier: LGPL-3.0-or-later

   Included once, by the test's main file, after scm-internal.h and
   vm-internal.h.  */

#ifndef SCM_TEST_LIMB_STANDINS_H
#define SCM_TEST_LIMB_STANDINS_H

#include <stdio.h>
#include <stdlib.h>

volatile int scm_i_alloc_budgets;
__thread size_t scm_i_thread_allocated
  __attribute__ ((tls_model ("initial-exec")));

void
scm_i_check_alloc_budget (size_t bytes SCM_UNUSED)
{
}

void
scm_i_note_large_alloc (size_t bytes SCM_UNUSED)
{
}

void *
scm_i_alloc_retry (size_t bytes SCM_UNUSED, int kind SCM_UNUSED)
{
  fprintf (stderr, "out of memory\n");
  exit (1);
}

/* How many times the code under test polled for interrupts.  */
static long polls;

void
scm_i_poll_interrupt (void)
{
  polls++;
}

/* The random numbers of the cases.  */
static gmp_randstate_t rnd;

static unsigned long
below (unsigned long n)
{
  return gmp_urandomm_ui (rnd, n);
}

#endif
