/* embed.c -- an example of a C program that embeds libscm: primitives
   written in C with SCM_DEFINE, in a module (sensors) that a Scheme
   script imports, calls from C into Scheme, and errors reported without
   ending the program
   SPDX-License-Identifier: LGPL-3.0-or-later

   Build it against an installed libscm:

     scm-snarf -o embed.x embed.c $(pkg-config --cflags libscm)
     cc -o embed embed.c $(pkg-config --cflags --libs libscm)
     ./embed script.scm

   scm-snarf writes embed.x, the code that binds this file's primitives,
   which init_sensors_module () below includes.  */

#include <stdio.h>
#include <stdlib.h>
#include <libscm.h>

/* ------------------------------------------------------------------ */
/* Primitives: what the host program offers to its scripts.  */

/* The host's data: the temperatures its three sensors measured.  */
static const double readings[] = { 21.5, 19.0, 23.25 };
#define SENSOR_COUNT (sizeof readings / sizeof readings[0])

SCM_DEFINE (sensor_reading, "sensor-reading", 1, 0, 0, (SCM index),
            "Return the temperature that sensor @var{index} (0, 1 or 2) "
            "measured, in degrees Celsius.")
{
  /* scm_to_size_t raises an error unless INDEX is an exact integer
     that fits; the range check is the primitive's own.  */
  size_t i = scm_to_size_t (index);
  if (i >= SENSOR_COUNT)
    scm_out_of_range_pos ("sensor-reading", index, scm_from_int (1));
  return scm_from_double (readings[i]);
}

SCM_DEFINE (host_log, "host-log", 1, 0, 0, (SCM message),
            "Write the string @var{message} as a line of the host "
            "program's log.")
{
  /* Check the type first, so that the error names this primitive.  */
  SCM_ASSERT_TYPE (scm_is_string (message), message, 1, "host-log",
                   "string");
  char *text = scm_to_utf8_string (message);   /* malloc'd: free it */
  printf ("[log] %s\n", text);
  free (text);
  return SCM_UNSPECIFIED;
}

/* The module (sensors): while this runs it is the current module, so
   the primitives are defined in it; the script imports them with
   (import (sensors)).  */
static void
init_sensors_module (void *unused)
{
  (void) unused;
#ifndef SCM_MAGIC_SNARFER
#include "embed.x"
#endif
  scm_c_export ("sensor-reading", "host-log", NULL);
}

/* ------------------------------------------------------------------ */
/* Errors.  Every _protected call returns 1 and the raised object
   instead of ending the program.  */

static void
report_error (const char *doing, SCM obj)
{
  int status;
  if (scm_is_exit_request (obj, &status))
    {
      fprintf (stderr, "%s: the script asked to exit with status %d\n",
               doing, status);
      return;
    }
  SCM where = scm_condition_location (obj);   /* "FILE:LINE:COLUMN" or #f */
  char *place = scm_is_string (where) ? scm_to_utf8_string (where) : NULL;
  char *text = scm_c_condition_text (obj);     /* malloc'd, as is place */
  fprintf (stderr, "%s: %s%s%s\n", doing, place ? place : "",
           place ? ": " : "", text);
  free (text);
  free (place);
}

/* ------------------------------------------------------------------ */
/* Calling into Scheme.  */

static SCM
lookup_body (void *name)
{
  return scm_variable_ref (scm_c_lookup (name));
}

/* Print (report N), a string the script computes.  */
static void
print_report (SCM report, int n)
{
  SCM arg = scm_from_int (n), result;
  if (scm_call_n_protected (report, &arg, 1, &result))
    {
      report_error ("report", result);
      return;
    }
  char *text = scm_to_utf8_string (result);
  printf ("%s\n", text);
  free (text);
}

int
main (int argc, char **argv)
{
  const char *script = argc > 1 ? argv[1] : "script.scm";
  SCM result, report;

  scm_init ();
  scm_c_define_module ("sensors", init_sensors_module, NULL);

  if (scm_c_primitive_load_protected (script, &result))
    {
      report_error ("loading the script", result);
      return 1;
    }
  /* scm_c_lookup raises if the script did not define `report'.  */
  if (scm_c_protect (lookup_body, "report", &report))
    {
      report_error ("looking up report", report);
      return 1;
    }

  print_report (report, 3);
  print_report (report, 5);     /* there is no sensor 3: an error */

  if (scm_c_eval_string_protected ("(host-log 42)", &result))
    report_error ("evaluating", result);
  if (scm_c_eval_string_protected ("(host-log (report 2))", &result))
    report_error ("evaluating", result);
  return 0;
}
