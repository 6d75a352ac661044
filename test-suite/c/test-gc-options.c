/* test-gc-options.c -- GC modes chosen by an embedder before scm_init
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <libscm.h>
#include "tap.h"

static SCM
stat (const char *key)
{
  SCM entry = scm_assq (scm_from_utf8_symbol (key), scm_gc_stats ());
  return scm_is_pair (entry) ? SCM_CDR (entry) : SCM_UNDEFINED;
}

int
main (void)
{
  struct scm_gc_options options = { 7, 1, 0 };
  scm_set_gc_options (&options);
  scm_init ();
  ok (scm_is_eq (stat ("free-space-divisor"), SCM_MAKE_FIXNUM (7)),
      "scm_set_gc_options sets the free-space divisor (gc-stats says 7)");
  ok (scm_is_eq (stat ("incremental"), SCM_BOOL_T),
      "scm_set_gc_options turns on incremental collection");
  SCM keep = SCM_EOL;
  for (int i = 0; i < 300000; i++)
    {
      keep = scm_cons (SCM_MAKE_FIXNUM (i), i % 2 ? keep : SCM_EOL);
      if (i % 1000 == 0)
        keep = SCM_EOL;
    }
  scm_gc ();
  ok (scm_to_int64 (stat ("gc-count")) > 0,
      "incremental collection runs and the process survives it");
  return tap_done ();
}
