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
   aborts.  A Scheme error that leaves fuzz-one is a finding too (the
   file guards what its operations may raise), unless the budget was
   spent: the budget's interrupt may stop the file anywhere.
   FUZZ_VERBOSE=1 shows the errors and what the file writes to the
   current error port.

   Bindings the Scheme file gets from here:
     (%fuzz-fail what [a [b]])  report WHAT with objects A and B, abort
     (%fuzz-over?)              whether the input's budget is spent:
                                an operation that raised then may have
                                been interrupted, not refused
     %fuzz-tmpdir               a directory of its own for files, there
                                while an input runs (the file makes no
                                subdirectory there)
     %fuzz-verbose              #t when FUZZ_VERBOSE is set
     %fuzz-dir                  FUZZ_SCHEME_DIR, where fuzz-bytes.scm
                                (what the Scheme files share) is
     %fuzz-pure-procedures      the names of the core's procedures
                                that an instance of the "pure" profile
                                has  */

#include <dirent.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
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

/* The Scheme file catches the errors its operations may raise: one
   that leaves fuzz-one is a mistake of the file (an oracle it cannot
   compute), unless the budget's interrupt or its repetition cut it
   short.  */
static SCM
escaped (void *data, SCM obj)
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
  if (!fuzz_budget_over ())
    fuzz_fail ("an error left fuzz-one before the budget was spent", obj,
               SCM_UNDEFINED);
  return SCM_UNSPECIFIED;
}

static SCM
load_body (void *data)
{
  return scm_c_eval_string ((const char *) data);
}

static char tmpdir[] = "/tmp/scm-fuzz-XXXXXX";

/* Remove the temporary directory and what the Scheme file left in it
   (it makes no subdirectories).  The directory exists only while an
   input runs: libFuzzer may end the process with _Exit, past any
   atexit handler, and a folder left for every run would pile up in
   /tmp.  */
static void
remove_tmpdir (void)
{
  DIR *d = opendir (tmpdir);
  if (d == NULL)
    return;
  for (struct dirent *e; (e = readdir (d)) != NULL;)
    if (strcmp (e->d_name, ".") != 0 && strcmp (e->d_name, "..") != 0)
      {
        char path[sizeof tmpdir + 256 + 1];
        snprintf (path, sizeof path, "%s/%s", tmpdir, e->d_name);
        unlink (path);
      }
  closedir (d);
  rmdir (tmpdir);
}

/* The names of the procedures a "pure" instance has (no files,
   environment, clocks, threads, foreign code or standard input, and
   none of the operating system's procedures): the primitives target
   calls those.  */
static SCM
pure_procedure_names (void)
{
  scm_t_instance *pure = scm_instance_create_profile ("pure");
  SCM names = SCM_EOL;
  if (pure == NULL
      || scm_c_instance_eval_string
           (pure,
            "(let ((core (resolve-module '(libscm))))"
            "  (let loop ((l (module-exports core)) (acc '()))"
            "    (cond ((null? l) acc)"
            "          ((and (module-variable core (car l))"
            "                (procedure? (module-ref core (car l))))"
            "           (loop (cdr l) (cons (car l) acc)))"
            "          (else (loop (cdr l) acc)))))",
            "fuzz-scheme.c", &names) != 0)
    fuzz_fail ("cannot list a pure instance's procedures", names,
               SCM_UNDEFINED);
  scm_instance_destroy (pure);
  return names;
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  fuzz_init ();
  verbose = getenv ("FUZZ_VERBOSE") != NULL;
  /* A name of our own; the directory is made again for each input.  */
  if (mkdtemp (tmpdir) == NULL)
    fuzz_fail ("cannot make a temporary directory", SCM_UNDEFINED,
               SCM_UNDEFINED);
  remove_tmpdir ();
  scm_c_define ("%fuzz-tmpdir", scm_from_utf8_string (tmpdir));
  scm_c_define ("%fuzz-verbose", scm_from_bool (verbose));
  scm_c_define ("%fuzz-dir", scm_from_utf8_string (FUZZ_SCHEME_DIR));
  scm_c_define ("%fuzz-pure-procedures", pure_procedure_names ());
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
  if (mkdir (tmpdir, 0700) != 0)
    fuzz_fail ("cannot make the temporary directory again", SCM_UNDEFINED,
               SCM_UNDEFINED);
  fuzz_budget_start (BUDGET_MS);
  scm_c_catch_raise (call_body, &c, escaped, NULL);
  fuzz_budget_stop ();
  remove_tmpdir ();
  scm_set_current_output_port (old_out);
  if (!verbose)
    scm_set_current_error_port (old_err);
  return 0;
}
