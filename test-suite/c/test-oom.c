/* test-oom.c -- running out of memory is a catchable error, and every
   table stays usable afterwards (no lock left held)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <signal.h>
#include <stdio.h>
#include <unistd.h>
#include <gc/gc.h>
#include <libscm.h>
#include "tap.h"

static SCM __attribute__ ((noreturn))
fill_heap (void *data)
{
  SCM *keep = data;
  for (;;)
    *keep = scm_cons (scm_c_make_vector (1000, SCM_BOOL_F), *keep);
}

static SCM
return_raised (void *data, SCM obj)
{
  return obj;
}

static SCM
keyword_body (void *data)
{
  return scm_symbol_to_keyword (scm_from_utf8_symbol (data));
}

int
main (void)
{
  /* A hang is a failure, not a stuck test run.  */
  alarm (60);
  scm_init ();
  GC_set_max_heap_size (64 * 1024 * 1024);

  SCM keep = SCM_EOL;
  SCM raised = scm_c_catch_raise (fill_heap, &keep, return_raised, NULL);
  ok (scm_is_condition (raised)
      && scm_is_eq (scm_condition_kind (raised),
                    scm_from_utf8_symbol ("out-of-memory")),
      "filling a 64 MB heap raises a catchable out-of-memory error");

  /* Still full: these may raise too, but must not leave a lock held.  */
  int attempts = 0;
  for (int i = 0; i < 50; i++)
    {
      char name[32];
      snprintf (name, sizeof name, "kw-under-pressure-%d", i);
      scm_c_catch_raise (keyword_body, name, return_raised, NULL);
      attempts++;
    }
  keep = SCM_EOL;
  scm_gc ();
  SCM kw = scm_symbol_to_keyword (scm_from_utf8_symbol ("after-oom"));
  ok (attempts == 50 && scm_is_keyword (kw)
      && scm_is_eq (kw, scm_symbol_to_keyword (scm_from_utf8_symbol ("after-oom"))),
      "after memory ran out and was freed, keywords, symbols and "
      "allocation work");
  SCM datum = scm_c_read_string ("(a #:b \"c\")");
  ok (scm_is_pair (datum), "the reader works after memory ran out");
  return tap_done ();
}
