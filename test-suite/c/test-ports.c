/* test-ports.c -- file and string ports: UTF-8, positions, errors
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libscm.h>
#include "tap.h"

static char path[256];

static void
write_file (const char *bytes, size_t n)
{
  FILE *f = fopen (path, "wb");
  fwrite (bytes, 1, n, f);
  fclose (f);
}

static SCM
open_in (void)
{
  return scm_open_input_file (scm_from_utf8_string (path));
}

static SCM
raised_handler (void *data, SCM obj)
{
  *(SCM *) data = obj;
  return SCM_UNDEFINED;
}

struct call { SCM (*fn) (SCM, SCM); SCM a, b; };

static SCM
call_body (void *data)
{
  struct call *c = data;
  return c->fn (c->a, c->b);
}

static SCM
open_input_file_2 (SCM name, SCM unused)
{
  return scm_open_input_file (name);
}

/* The text of what FN (A, B) raises, or "" if it returns.  */
static const char *
error_of (SCM (*fn) (SCM, SCM), SCM a, SCM b)
{
  struct call c = { fn, a, b };
  SCM raised = SCM_BOOL_F;
  scm_c_catch (call_body, &c, raised_handler, &raised);
  return scm_is_condition (raised) ? scm_c_condition_text (raised) : "";
}

static SCM
read_char_2 (SCM port, SCM unused)
{
  return scm_read_char (port);
}

static void
test_string_ports (void)
{
  SCM in = scm_c_open_input_string ("a\xce\xbb\n b");
  ok (SCM_CHAR (scm_peek_char (in)) == 'a' && SCM_CHAR (scm_read_char (in)) == 'a',
      "peek-char does not consume; read-char does");
  ok (SCM_CHAR (scm_read_char (in)) == 0x3bb, "string ports give code points");
  scm_read_char (in);
  ok (scm_c_port_line (in) == 2 && scm_c_port_column (in) == 0,
      "a newline moves to line 2, column 0");
  scm_read_char (in);
  scm_read_char (in);
  ok (scm_is_eq (scm_read_char (in), SCM_EOF_VAL)
      && scm_is_eq (scm_peek_char (in), SCM_EOF_VAL),
      "the end gives the eof object, again and again");

  SCM out = scm_open_output_string ();
  scm_write_string (scm_from_utf8_string ("x\xc3\xa9"), out);   /* é: Latin-1 */
  scm_write_char (SCM_MAKE_CHAR (0x1f600), out);
  scm_newline (out);
  char *got = scm_to_utf8_stringn (scm_get_output_string (out), NULL);
  ok_streq (got, "x\xc3\xa9\xf0\x9f\x98\x80\n",
            "output string ports encode Latin-1 and astral characters");
}

static void
test_file_ports (void)
{
  /* Multi-byte characters across the 4 KiB buffer boundary.  */
  size_t n = 9000;
  char *bytes = malloc (n * 2);
  for (size_t i = 0; i < n; i++)
    memcpy (bytes + 2 * i, "\xce\xbb", 2);
  write_file (bytes, 2 * n);
  free (bytes);
  SCM in = open_in ();
  size_t count = 0;
  int all = 1;
  for (SCM c; !scm_is_eq (c = scm_read_char (in), SCM_EOF_VAL); count++)
    all &= SCM_CHAR (c) == 0x3bb;
  ok (all && count == n, "%zu two-byte characters across buffer refills", n);
  scm_close_port (in);
  ok (strstr (error_of (read_char_2, in, SCM_UNDEFINED), "port is closed") != NULL,
      "reading a closed port raises: %s", error_of (read_char_2, in, SCM_UNDEFINED));

  SCM out = scm_open_output_file (scm_from_utf8_string (path));
  for (int i = 0; i < 3000; i++)
    scm_write_string (scm_from_utf8_string ("\xe2\x82\xac"), out);   /* € */
  scm_close_port (out);
  in = open_in ();
  count = 0;
  for (SCM c; !scm_is_eq (c = scm_read_char (in), SCM_EOF_VAL); count++)
    ;
  ok (count == 3000, "an output file port writes everything by close "
      "(%zu characters read back)", count);
  ok (scm_is_string (scm_port_filename (in))
      && !strcmp (scm_to_utf8_stringn (scm_port_filename (in), NULL), path),
      "a file port knows its file name");
}

static void
test_errors (void)
{
  const char *e = error_of (open_input_file_2,
                            scm_from_utf8_string ("/nonexistent/dir/x"),
                            SCM_UNDEFINED);
  ok (!strcmp (e, "open-input-file: No such file or directory: "
               "\"/nonexistent/dir/x\""),
      "a missing file: %s", e);

  write_file ("ab\xff" "c\xe2\x82", 6);
  SCM in = open_in ();
  scm_read_char (in);
  scm_read_char (in);
  e = error_of (read_char_2, in, SCM_UNDEFINED);
  ok (strstr (e, ":1:3: invalid UTF-8 byte") != NULL,
      "an invalid byte names file:line:column: %s", e);
  SCM c = scm_read_char (in);
  ok (SCM_CHARP (c) && SCM_CHAR (c) == 'c',
      "reading goes on after the bad byte");
  e = error_of (read_char_2, in, SCM_UNDEFINED);
  ok (strstr (e, "cut short by end of file") != NULL,
      "a sequence cut short by the end: %s", e);
  ok (scm_is_eq (scm_read_char (in), SCM_EOF_VAL),
      "then the end of file, not the same error for ever");
}

int
main (void)
{
  snprintf (path, sizeof path, "/tmp/scm-test-ports.%ld", (long) getpid ());
  scm_init ();
  test_string_ports ();
  test_file_ports ();
  test_errors ();
  remove (path);
  return tap_done ();
}
