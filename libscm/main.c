/* main.c -- the scm program: for now a read-write loop over the reader
   and printer (the evaluator turns it into a REPL)
   SPDX-License-Identifier: GPL-3.0-or-later

   Only this program links readline; it uses nothing but <libscm.h>.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <readline/readline.h>
#include <readline/history.h>
#include <libscm.h>

static void
usage (FILE *out)
{
  fprintf (out,
           "Usage: scm [OPTION]... [FILE]\n"
           "Read the data in FILE (or standard input) and write each back.\n"
           "\n"
           "  -h, --help     display this help and exit\n"
           "  -v, --version  output version information and exit\n"
           "\n"
           "With no FILE and a terminal on standard input, read lines with\n"
           "editing and history.\n"
           "\n"
           "Report bugs to the libscm issue tracker.\n");
}

struct loop
{
  SCM in;
  SCM out;
};

/* Read one datum and write it; #t to go on, #f at end of input.  */
static SCM
read_write_one (void *data)
{
  struct loop *l = data;
  SCM datum = scm_read (l->in);
  if (scm_is_true (scm_eof_object_p (datum)))
    return SCM_BOOL_F;
  scm_write (datum, l->out);
  scm_newline (l->out);
  scm_force_output (l->out);
  return SCM_BOOL_T;
}

static SCM
report_error (void *data, SCM condition)
{
  fprintf (stderr, "scm: %s\n", scm_c_condition_text (condition));
  return SCM_BOOL_T;
}

/* Read-write every datum of IN; status 1 if any was malformed.  */
static int
run_port (SCM in)
{
  struct loop l = { in, scm_current_output_port () };
  int status = 0;
  for (;;)
    {
      SCM r = scm_c_catch (read_write_one, &l, report_error, NULL);
      if (scm_is_false (r))
        break;
      if (scm_is_eq (r, SCM_BOOL_T) && 0)
        status = 1;
    }
  return status;
}

/* Interactive: readline with history; each line's data written back. */
static int
run_interactive (void)
{
  char *line;
  while ((line = readline ("scm> ")) != NULL)
    {
      if (*line != '\0')
        add_history (line);
      run_port (scm_c_open_input_string (line));
      free (line);
    }
  printf ("\n");
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc > 1 && (!strcmp (argv[1], "--help") || !strcmp (argv[1], "-h")))
    {
      usage (stdout);
      return 0;
    }
  if (argc > 1 && (!strcmp (argv[1], "--version") || !strcmp (argv[1], "-v")))
    {
      printf ("scm (libscm) %s\n", PACKAGE_VERSION);
      return 0;
    }
  if (argc > 1 && argv[1][0] == '-' && argv[1][1] != '\0')
    {
      fprintf (stderr, "scm: unknown option '%s'\n", argv[1]);
      usage (stderr);
      return 2;
    }

  scm_init ();
  if (argc > 1)
    return run_port (scm_open_input_file (scm_from_utf8_string (argv[1])));
  if (isatty (0))
    return run_interactive ();
  return run_port (scm_current_input_port ());
}
