/* fuzz-scheme.c -- fuzz targets whose work is written in Scheme
   SPDX-License-Identifier: LGPL-3.0-or-later

   One driver for the targets ports, format, utf8, macros and
   libraries: at start-up it loads FUZZ_SCHEME_DIR/fuzz-TARGET.scm
   (FUZZ_TARGET_NAME is the target), which must define
   (fuzz-one BYTEVECTOR); each input is given to it as a bytevector,
   under a time budget (fuzz_budget_start), with the current output and
   error ports going to a string port.  The Scheme file decodes the
   bytes into operations, runs them and checks its oracles; where one
   does not hold it calls (%fuzz-fail WHAT A B), which reports and
   aborts.  A Scheme error that leaves fuzz-one is not a finding (the
   budget's interrupt is one); FUZZ_VERBOSE=1 shows it.

   Bindings the Scheme file gets from here:
     (%fuzz-fail what [a [b]])  report WHAT with objects A and B, abort
     (%fuzz-over?)              whether the input's budget is spent:
                                an operation that raised then may have
                                been interrupted, not refused
     %fuzz-tmpdir               a directory of its own for files, made
                                at start-up (the file removes what it
                                writes there)
     %fuzz-verbose              #t when FUZZ_VERBOSE is set
     %fuzz-dir                  FUZZ_SCHEME_DIR, where fuzz-bytes.scm
                                (what the Scheme files share) is  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"

#ifndef FUZZ_TARGET_NAME
# error "FUZZ_TARGET_NAME must name the target"
#endif
#ifndef FUZZ_SCHEME_DIR
# error "FUZZ_SCHEME_DIR must name the folder of fuzz-TARGET.scm"
#endif

/* Longer than the eval target's: an input here is a sequence of
   operations, some of them on files.  */
#define BUDGET_MS 1000

static SCM fuzz_one;
static int verbose;

static SCM
fail_subr (SCM what, SCM a, SCM b)
{
  char *text = scm_is_string (what) ? scm_to_utf8_stringn (what, NULL) : NULL;
  fuzz_fail (text ? text : "(%fuzz-fail given no string)", a, b);
}

static SCM
over_subr (void)
{
  return scm_from_bool (fuzz_budget_over ());
}

struct call
{
  SCM proc, arg;
};

static SCM
call_body (void *data)
{
  struct call *c = data;
  return scm_call_1 (c->proc, c->arg);
}

static SCM
show_error (void *data, SCM obj)
{
  (void) data;
  if (verbose)
    {
      SCM port = scm_open_output_string ();
      scm_c_display_error (obj, port, 0);
      char *s = scm_to_utf8_stringn (scm_get_output_string (port), NULL);
      fprintf (stderr, "error: %s\n", s);
      free (s);
    }
  return SCM_UNSPECIFIED;
}

static SCM
load_body (void *data)
{
  return scm_c_eval_string ((const char *) data);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  fuzz_init ();
  verbose = getenv ("FUZZ_VERBOSE") != NULL;
  char tmpl[] = "/tmp/scm-fuzz-XXXXXX";
  const char *dir = mkdtemp (tmpl);
  if (dir == NULL)
    fuzz_fail ("cannot make a temporary directory", SCM_UNDEFINED,
               SCM_UNDEFINED);
  scm_c_define ("%fuzz-tmpdir", scm_from_utf8_string (dir));
  scm_c_define ("%fuzz-verbose", scm_from_bool (verbose));
  scm_c_define ("%fuzz-dir", scm_from_utf8_string (FUZZ_SCHEME_DIR));
  scm_c_define_gsubr ("%fuzz-fail", 1, 2, 0, (scm_t_subr) fail_subr);
  scm_c_define_gsubr ("%fuzz-over?", 0, 0, 0, (scm_t_subr) over_subr);
  char load[4096];
  snprintf (load, sizeof load, "(load \"%s/fuzz-%s.scm\")", FUZZ_SCHEME_DIR,
            FUZZ_TARGET_NAME);
  SCM error = SCM_UNDEFINED;
  scm_c_catch_raise (load_body, load, fuzz_keep_error, &error);
  if (!SCM_UNBNDP (error))
    fuzz_fail ("the target's Scheme file did not load", error,
               scm_from_utf8_string (load));
  fuzz_one = scm_variable_ref (scm_c_lookup ("fuzz-one"));
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct call c = { fuzz_one, scm_c_bytevector_from_bytes (data, size) };
  SCM out = scm_open_output_string ();
  SCM old_out = scm_set_current_output_port (out);
  /* Verbose, what the Scheme file writes to the current error port is
     seen.  */
  SCM old_err = verbose ? SCM_UNDEFINED : scm_set_current_error_port (out);
  fuzz_budget_start (BUDGET_MS);
  scm_c_catch_raise (call_body, &c, show_error, NULL);
  fuzz_budget_stop ();
  scm_set_current_output_port (old_out);
  if (!verbose)
    scm_set_current_error_port (old_err);
  return 0;
}
