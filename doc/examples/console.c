/* console.c -- an example of a console host: each line a user types is
   evaluated under limits, with its output captured and shown apart
   SPDX-License-Identifier: LGPL-3.0-or-later

   Build it against an installed libscm:

     cc -o console console.c $(pkg-config --cflags --libs libscm)
     ./console < snippets.txt

   Every snippet gets 50 ms, 4 MiB of allocation and 256 KiB of stack:
   an endless loop, a runaway allocation or a deep recursion stops the
   snippet, not the host, and no guard in the snippet can prevent that.
   What a snippet prints goes to a string port that the host reads
   back.  All snippets share one top level (definitions persist).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libscm.h>

static const scm_t_limits snippet_limits = {
  .time_limit = 0.050,
  .allocation_limit = 4 << 20,
  .stack_limit = 256 << 10,
};

/* Print the captured TEXT (a Scheme string), each line marked "| ".  */
static void
show_output (SCM text)
{
  char *s = scm_to_utf8_string (text);          /* malloc'd: ours */
  for (char *line = s; *line;)
    {
      char *end = strchr (line, '\n');
      size_t n = end ? (size_t) (end - line) : strlen (line);
      printf ("| %.*s\n", (int) n, line);
      line += n + (end != NULL);
    }
  free (s);
}

/* Say why the snippet stopped.  */
static void
show_failure (SCM obj)
{
  switch (scm_c_limit_exceeded (obj))
    {
    case SCM_LIMIT_TIME:
      printf ("!! stopped: it ran too long\n");
      return;
    case SCM_LIMIT_ALLOCATION:
      printf ("!! stopped: it allocated too much\n");
      return;
    case SCM_LIMIT_STACK:
      printf ("!! stopped: it recursed too deeply\n");
      return;
    case SCM_LIMIT_NONE:
      break;
    }
  SCM where = scm_condition_location (obj);     /* "NAME:LINE:COLUMN" */
  char *place = scm_is_string (where) ? scm_to_utf8_string (where) : NULL;
  char *text = scm_c_condition_text (obj);      /* malloc'd */
  printf ("!! %s%s%s\n", place ? place : "", place ? ": " : "", text);
  free (text);
  free (place);
}

static void
show_values (SCM result)
{
  for (size_t i = 0; i < scm_c_nvalues (result); i++)
    {
      SCM v = scm_c_value_ref (result, i);
      if (scm_is_unspecified (v))
        continue;
      char *w = scm_c_write_to_utf8 (v);        /* malloc'd */
      printf ("=> %s\n", w);
      free (w);
    }
}

int
main (void)
{
  scm_init ();
  char line[4096];
  for (int n = 1; fgets (line, sizeof line, stdin) != NULL; n++)
    {
      line[strcspn (line, "\n")] = '\0';
      printf ("[%d] %s\n", n, line);

      /* A fresh capture for each snippet: its output and errors.  */
      SCM out = scm_open_output_string ();
      SCM old_out = scm_set_current_output_port (out);
      SCM old_err = scm_set_current_error_port (out);
      char name[32];
      snprintf (name, sizeof name, "snippet-%d", n);
      SCM result;
      int failed = scm_c_eval_string_with_limits (line, name, &snippet_limits,
                                                  &result);
      scm_set_current_output_port (old_out);
      scm_set_current_error_port (old_err);

      show_output (scm_get_output_string (out));
      int status;
      if (failed && scm_is_exit_request (result, &status))
        {
          printf ("bye (%d)\n", status);
          return 0;
        }
      if (failed)
        show_failure (result);
      else
        show_values (result);
    }
  return 0;
}
