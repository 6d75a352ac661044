/* main.c -- the scm program: until the evaluator exists, a read-write
   loop over the reader and the printer
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
           "Read each datum of FILE (or standard input) and write it back\n"
           "with `write'.  (The evaluator comes next.)\n"
           "\n"
           "  --gc-divisor=N       collect after allocating 1/N of the heap (default\n"
           "                       3; larger: smaller heap, more collections)\n"
           "  --gc-incremental     incremental collection\n"
           "  --gc-generational    generational collection (incremental, no\n"
           "                       pause-time target)\n"
           "  -h, --help           display this help and exit\n"
           "  -v, --version        output version information and exit\n"
           "\n"
           "With no FILE and a terminal on standard input, lines are read\n"
           "with editing and history (~/.scm_history); a datum may span\n"
           "lines.  A malformed datum is reported and the loop goes on.\n"
           "Exit status: 0, or 1 if FILE could not be read or held a\n"
           "malformed datum.\n");
}

/* ------------------------------------------------------------------ */
/* Reading and writing one datum, with errors caught.  */

struct step
{
  SCM in;
  SCM datum;
};

static SCM
read_body (void *data)
{
  struct step *s = data;
  s->datum = scm_read (s->in);
  return SCM_BOOL_T;
}

static SCM
catch_handler (void *data, SCM raised)
{
  *(SCM *) data = raised;
  return SCM_BOOL_F;
}

/* Read the next datum of IN into *DATUM; on an error, return it.  */
static SCM
try_read (SCM in, SCM *datum)
{
  struct step s = { in, SCM_EOF_VAL };
  SCM raised = SCM_BOOL_F;
  if (scm_is_false (scm_c_catch (read_body, &s, catch_handler, &raised)))
    return raised;
  *datum = s.datum;
  return SCM_BOOL_F;
}

static void
write_datum (SCM datum)
{
  SCM out = scm_current_output_port ();
  scm_write (datum, out);
  scm_newline (out);
  scm_force_output (out);
}

static void
report (SCM raised)
{
  scm_force_output (scm_current_output_port ());
  fprintf (stderr, "scm: %s\n", scm_c_condition_text (raised));
}

/* Write back every datum of IN; stop at the first malformed one, since
   the reader's position after it is no longer trustworthy.  */
static int
run_port (SCM in)
{
  for (;;)
    {
      SCM datum = SCM_EOF_VAL;
      SCM err = try_read (in, &datum);
      if (scm_is_true (err))
        {
          report (err);
          return 1;
        }
      if (scm_is_true (scm_eof_object_p (datum)))
        return 0;
      write_datum (datum);
    }
}

/* ------------------------------------------------------------------ */
/* The interactive loop.  */

static char *history_file;

static void
load_history (void)
{
  const char *home = getenv ("HOME");
  if (home == NULL)
    return;
  history_file = malloc (strlen (home) + sizeof "/.scm_history");
  if (history_file == NULL)
    return;
  strcpy (history_file, home);
  strcat (history_file, "/.scm_history");
  using_history ();
  read_history (history_file);
}

/* Append LINE to BUF (a malloc'd string, or NULL) with a newline.  */
static char *
append_line (char *buf, const char *line)
{
  size_t old = buf ? strlen (buf) : 0, n = strlen (line);
  char *grown = realloc (buf, old + n + 2);
  if (grown == NULL)
    {
      free (buf);
      return NULL;
    }
  memcpy (grown + old, line, n);
  grown[old + n] = '\n';
  grown[old + n + 1] = '\0';
  return grown;
}

/* Write back the data in TEXT.  Return 1 if TEXT ends inside a datum
   (more lines are needed), else 0 (errors are reported).  */
static int
process_text (const char *text)
{
  SCM in = scm_c_open_input_string (text);
  for (;;)
    {
      SCM datum = SCM_EOF_VAL;
      SCM err = try_read (in, &datum);
      if (scm_is_true (err))
        {
          if (scm_is_incomplete_read_error (err))
            return 1;
          report (err);
          return 0;
        }
      if (scm_is_true (scm_eof_object_p (datum)))
        return 0;
      write_datum (datum);
    }
}

static int
run_interactive (void)
{
  char *text = NULL, *line;
  load_history ();
  while ((line = readline (text ? "...> " : "scm> ")) != NULL)
    {
      text = append_line (text, line);
      free (line);
      if (text == NULL || process_text (text))
        continue;
      /* One history entry per complete input, however many lines.  */
      if (text[0] != '\n')
        {
          text[strlen (text) - 1] = '\0';
          add_history (text);
          /* Append as we go, so that a crash loses nothing; the first
             entry creates the file.  */
          if (history_file && append_history (1, history_file) != 0)
            write_history (history_file);
        }
      free (text);
      text = NULL;
    }
  free (text);
  if (history_file)
    history_truncate_file (history_file, 1000);
  printf ("\n");
  return 0;
}

/* ------------------------------------------------------------------ */

static SCM
open_body (void *data)
{
  return scm_open_input_file (scm_from_utf8_string (data));
}

/* Parse the options before FILE into *GC; return the index of the
   first argument that is not an option, or -1 after printing what is
   wrong (exit status 2), or 0 for --help / --version (done).  */
static int
parse_options (int argc, char **argv, struct scm_gc_options *gc)
{
  int i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++)
    {
      const char *a = argv[i];
      if (!strcmp (a, "--help") || !strcmp (a, "-h"))
        {
          usage (stdout);
          return 0;
        }
      if (!strcmp (a, "--version") || !strcmp (a, "-v"))
        {
          printf ("scm (libscm) %s\n", PACKAGE_VERSION);
          return 0;
        }
      if (!strncmp (a, "--gc-divisor=", 13))
        {
          char *end;
          long n = strtol (a + 13, &end, 10);
          if (*end != '\0' || end == a + 13 || n < 1 || n > 1000)
            {
              fprintf (stderr, "scm: --gc-divisor wants a whole number "
                       "from 1 to 1000, not '%s'\n", a + 13);
              return -1;
            }
          gc->free_space_divisor = (int) n;
        }
      else if (!strcmp (a, "--gc-incremental"))
        gc->incremental = 1;
      else if (!strcmp (a, "--gc-generational"))
        gc->generational = 1;
      else if (!strcmp (a, "--"))
        return i + 1;
      else
        {
          fprintf (stderr, "scm: unknown option '%s'\n"
                   "Try 'scm --help' for more information.\n", a);
          return -1;
        }
    }
  return i;
}

int
main (int argc, char **argv)
{
  struct scm_gc_options gc = { 0, 0, 0 };
  int first = parse_options (argc, argv, &gc);
  if (first <= 0)
    return first == 0 ? 0 : 2;
  scm_set_gc_options (&gc);

  scm_init ();
  if (first < argc)
    {
      SCM raised = SCM_BOOL_F;
      SCM port = scm_c_catch (open_body, argv[first], catch_handler, &raised);
      if (scm_is_true (raised))
        {
          report (raised);
          return 1;
        }
      return run_port (port);
    }
  if (isatty (0) && isatty (1))
    return run_interactive ();
  return run_port (scm_current_input_port ());
}
