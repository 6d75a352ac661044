/* fuzz-eval.c -- fuzz target: the evaluator on arbitrary programs
   SPDX-License-Identifier: LGPL-3.0-or-later

   The input is Scheme source.  Each datum is evaluated in turn, in a
   fresh top-level module of its own (a copy of the core bindings, as
   the REPL has, so that a redefinition of car in one input does not
   leak into the next), with its output going to a string port.  Scheme
   errors -- wrong types and arities, unbound names, raise, a stack
   overflow, running out of the heap limit, the time budget -- are what
   programs do; the only findings are a crash, a sanitizer report or a
   hang that the budget cannot end.

   The budget: fuzz_budget_start (fuzz-common.c) has an interrupt (the
   same request as Ctrl-C) asked for once an input has run BUDGET_MS,
   and again every few milliseconds after.

   With FUZZ_VERBOSE set in the environment, each value, error and the
   program's output go to stderr: to see what an input does.  */

#include <stdio.h>
#include <stdlib.h>
#include "fuzz.h"
#include "modules/modules-internal.h"

#define BUDGET_MS 300

/* Bindings an input must not reach: they write files, leave the
   process or load code from the file system.  The module gets its own
   definitions of these names, procedures that raise.  */
static const char prelude[] =
  "(define (%fuzz-disabled . args) (error \"disabled in the fuzz target\"))"
  "(define open-output-file %fuzz-disabled)"
  "(define open-binary-output-file %fuzz-disabled)"
  "(define call-with-output-file %fuzz-disabled)"
  "(define with-output-to-file %fuzz-disabled)"
  "(define delete-file %fuzz-disabled)"
  "(define emergency-exit %fuzz-disabled)"
  "(define load %fuzz-disabled)"
  "(define %open-load-file %fuzz-disabled)"
  "(define environment %fuzz-disabled)"
  "(define scheme-report-environment %fuzz-disabled)"
  "(define null-environment %fuzz-disabled)"
  "(define-syntax import"
  "  (syntax-rules () ((_ . x) (%fuzz-disabled))))"
  "(define-syntax define-library"
  "  (syntax-rules () ((_ . x) (%fuzz-disabled))))";

struct run
{
  SCM port;                     /* the input */
  SCM module;
};

static SCM
prelude_body (void *data)
{
  struct run *r = data;
  SCM port = scm_c_open_input_string (prelude);
  for (SCM x; !scm_is_eq (x = scm_read (port), SCM_EOF_VAL);)
    scm_eval (x, r->module);
  return SCM_UNSPECIFIED;
}

static SCM
read_body (void *data)
{
  return scm_read (((struct run *) data)->port);
}

struct datum_run
{
  SCM datum;
  SCM module;
};

static SCM
eval_body (void *data)
{
  struct datum_run *d = data;
  return scm_eval (d->datum, d->module);
}

/* The Scheme procedure write, looked up once.  The value is printed by
   calling it rather than with scm_object_to_string: a call from C runs
   as an evaluation, where the budget's interrupt is heard (the printer
   polls for it), while C code outside any evaluation ignores requests,
   and writing a 10^7-element vector under ASan takes longer than
   libFuzzer's timeout.  */
static SCM write_procedure;

static SCM
write_body (void *data)
{
  SCM port = scm_open_output_string ();
  scm_call_2 (write_procedure, *(SCM *) data, port);
  return scm_get_output_string (port);
}

static int verbose;

static void
show (const char *label, SCM text)
{
  char *s = scm_is_string (text) ? scm_to_utf8_stringn (text, NULL) : NULL;
  fprintf (stderr, "%s%s\n", label, s ? s : "(could not be written)");
  free (s);
}

static SCM
catch_error (void *data, SCM obj)
{
  if (verbose)
    {
      SCM port = scm_open_output_string ();
      scm_c_display_error (obj, port, 0);
      show ("error: ", scm_get_output_string (port));
    }
  *(int *) data = 1;
  return SCM_UNDEFINED;
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  fuzz_init ();
  verbose = getenv ("FUZZ_VERBOSE") != NULL;
  write_procedure = scm_variable_ref (scm_c_lookup ("write"));
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct run r;
  r.port = scm_open_input_string (fuzz_string (data, size));
  r.module = scm_i_make_module (SCM_BOOL_F, scm_i_core_module (),
                                SCM_I_MODULE_COPIES | SCM_I_MODULE_LOADED);
  SCM out = scm_open_output_string ();
  SCM old_out = scm_set_current_output_port (out);
  SCM old_err = scm_set_current_error_port (out);
  SCM prelude_error = SCM_UNDEFINED;
  scm_c_catch_raise (prelude_body, &r, fuzz_keep_error, &prelude_error);
  if (!SCM_UNBNDP (prelude_error))
    fuzz_fail ("the target's prelude raised", prelude_error, SCM_UNDEFINED);
  fuzz_budget_start (BUDGET_MS);
  for (;;)
    {
      SCM x = fuzz_protect (read_body, &r);
      if (SCM_UNBNDP (x) || scm_is_eq (x, SCM_EOF_VAL))
        break;
      struct datum_run d = { x, r.module };
      int failed = 0;
      SCM v = scm_c_catch_raise (eval_body, &d, catch_error, &failed);
      /* Printing the value is what the REPL would do next.  */
      if (!failed)
        {
          SCM text = fuzz_protect (write_body, &v);
          if (verbose)
            show ("value: ", text);
        }
      if (fuzz_budget_over ())
        break;
    }
  /* No request may outlive the input: it would interrupt the next
     one's prelude.  Whatever the input did, the thread must be back
     outside any evaluation.  */
  fuzz_budget_stop ();
  if (verbose)
    show ("output: ", scm_get_output_string (out));
  scm_set_current_output_port (old_out);
  scm_set_current_error_port (old_err);
  return 0;
}
