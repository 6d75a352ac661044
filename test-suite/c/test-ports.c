/* test-ports.c -- file and string ports: UTF-8, positions, errors
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/wait.h>
#include <libscm.h>
#include "tap.h"
#include "calls.h"

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
  SCM thrown = SCM_BOOL_F;
  scm_c_catch_raise (call_body, &c, raised_handler, &thrown);
  return scm_is_condition (thrown) ? scm_c_condition_text (thrown) : "";
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
  /* é: Latin-1 */
  scm_write_string (scm_from_utf8_string ("x\xc3\xa9"), out, SCM_UNDEFINED,
                    SCM_UNDEFINED);
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
    scm_write_string (scm_from_utf8_string ("\xe2\x82\xac"), out,   /* € */
                      SCM_UNDEFINED, SCM_UNDEFINED);
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

#define N(n) SCM_MAKE_FIXNUM (n)

static SCM
str (const char *utf8)
{
  return scm_from_utf8_string (utf8);
}

/* What (write-string S PORT ARGS...) writes to a fresh string port.  */
static SCM
written (SCM s, SCM args)
{
  SCM out = scm_open_output_string ();
  SCM r = call ("write-string", scm_cons (s, scm_cons (out, args)));
  return SCM_UNBNDP (r) ? r : scm_get_output_string (out);
}

static void
test_write_string_range (void)
{
  SCM r;
  ok (is_string (written (str ("hello"), LIST (N (1))), "ello"),
      "(write-string \"hello\" port 1) writes \"ello\"");
  ok (is_string (written (str ("hello"), LIST (N (1), N (3))), "el"),
      "(write-string \"hello\" port 1 3) writes \"el\"");
  ok (is_string (written (str ("\xc3\xa9t\xc3\xa9"), LIST (N (1), N (3))),
                 "t\xc3\xa9"), "a range of a Latin-1 string");
  ok (is_string (written (str ("a\xce\xbb\xf0\x9f\x98\x80z"),
                          LIST (N (1), N (3))),
                 "\xce\xbb\xf0\x9f\x98\x80"), "a range of a wide string");
  ok (is_string (written (str ("abc"), LIST (N (3), N (3))), ""),
      "an empty range at the end writes nothing");
  r = try_call ("write-string", LIST (str ("abc"), scm_open_output_string (),
                                      N (2), N (1)));
  ok (is_error (r, "out-of-range", "write-string",
                "argument out of range in position 3", N (2)),
      "a start after the end is out of range");
  r = try_call ("write-string", LIST (str ("abc"), scm_open_output_string (),
                                      N (0), N (4)));
  ok (is_error (r, "out-of-range", "write-string",
                "argument out of range in position 4", N (4)),
      "an end past the string is out of range");
  SCM in = scm_c_open_input_string ("");
  r = try_call ("write-string", LIST (str ("abc"), in));
  ok (is_error (r, "wrong-type-arg", "write-string",
                "wrong type argument in position 2 (expected output port)",
                in), "an input port is the wrong type");
  r = try_call ("write-string", LIST (N (1), scm_open_output_string ()));
  ok (is_error (r, "wrong-type-arg", "write-string",
                "wrong type argument in position 1 (expected string)", N (1)),
      "a number is not a string");
}

static void
test_read_line (void)
{
  SCM in = scm_c_open_input_string ("ab\ncd\r\n\n\xce\xbbx\r");
  int lines = is_string (call ("read-line", LIST (in)), "ab");
  lines &= is_string (call ("read-line", LIST (in)), "cd");
  ok (lines, "read-line takes off a linefeed, and a carriage return "
      "before one");
  ok (is_string (call ("read-line", LIST (in)), ""), "an empty line");
  ok (is_string (call ("read-line", LIST (in)), "\xce\xbbx\r"),
      "the last line without an end keeps a lone carriage return");
  ok (scm_is_eq (call ("read-line", LIST (in)), SCM_EOF_VAL)
      && scm_is_eq (call ("read-line", LIST (in)), SCM_EOF_VAL),
      "then the eof object, again");
  in = scm_c_open_input_string ("one\n");
  call ("read-line", LIST (in));
  ok (scm_is_eq (call ("read-line", LIST (in)), SCM_EOF_VAL),
      "a final linefeed does not start another line");
  ok (scm_c_port_line (in) == 2, "the port counted the line");

  size_t n = 5000;
  char *bytes = malloc (2 * n + 3);
  for (size_t i = 0; i < n; i++)
    memcpy (bytes + 2 * i, "\xce\xbb", 2);
  memcpy (bytes + 2 * n, "\nz", 3);
  write_file (bytes, 2 * n + 2);
  in = open_in ();
  SCM line = call ("read-line", LIST (in));
  ok (scm_is_string (line) && scm_c_string_length (line) == n
      && scm_c_string_ref (line, n - 1) == 0x3bb,
      "a line of %zu two-byte characters across buffer refills", n);
  ok (is_string (call ("read-line", LIST (in)), "z"),
      "and the line after it");
  scm_close_port (in);
  free (bytes);
  SCM r = try_call ("read-line", LIST (scm_open_output_string ()));
  ok (raised && strstr (scm_c_condition_text (r), "position 1 (expected "
                        "input port)") != NULL, "read-line of an output port");
  r = try_call ("read-line", LIST (in));
  ok (is_error (r, "wrong-type-arg", "read-line", "port is closed", in),
      "read-line of a closed port");
}

static void
test_read_string (void)
{
  SCM in = scm_c_open_input_string ("abc\xce\xbb" "defg");
  ok (is_string (call ("read-string", LIST (N (3), in)), "abc"),
      "(read-string 3 port) reads three characters");
  ok (is_string (call ("read-string", LIST (N (0), in)), ""),
      "zero characters are the empty string");
  ok (is_string (call ("read-string", LIST (N (2), in)), "\xce\xbb" "d"),
      "characters, not bytes");
  ok (is_string (call ("read-string", LIST (N (100), in)), "efg"),
      "as many as there are before the end");
  ok (scm_is_eq (call ("read-string", LIST (N (1), in)), SCM_EOF_VAL),
      "at the end, the eof object");
  ok (is_string (call ("read-string", LIST (N (0), in)), ""),
      "and zero characters at the end are still the empty string");
  in = scm_c_open_input_string ("xyz");
  ok (is_string (call ("read-string",
                       LIST (N (SCM_MOST_POSITIVE_FIXNUM), in)), "xyz"),
      "a huge count allocates only what is read");
  SCM r = try_call ("read-string", LIST (N (-1), in));
  ok (is_error (r, "out-of-range", "read-string",
                "argument out of range in position 1", N (-1)),
      "a negative count is out of range");
  r = try_call ("read-string", LIST (in, N (1)));
  ok (is_error (r, "wrong-type-arg", "read-string",
                "wrong type argument in position 1 (expected exact "
                "integer)", in), "the count comes first");
  SCM out = scm_open_output_string ();
  r = try_call ("read-string", LIST (N (1), out));
  ok (is_error (r, "wrong-type-arg", "read-string",
                "wrong type argument in position 2 (expected input port)",
                out), "an output port is named as argument 2");
}

static void
test_char_ready (void)
{
  SCM in = scm_c_open_input_string ("a");
  ok (scm_is_eq (call ("char-ready?", LIST (in)), SCM_BOOL_T),
      "a string port is always ready");
  call ("read-char", LIST (in));
  ok (scm_is_eq (call ("char-ready?", LIST (in)), SCM_BOOL_T),
      "also at its end");

  int fds[2];
  if (pipe (fds) != 0)
    {
      ok (0, "pipe: %s", strerror (errno));
      return;
    }
  in = scm_c_fdopen (fds[0], "r", "pipe", 1);
  ok (scm_is_eq (call ("char-ready?", LIST (in)), SCM_BOOL_F),
      "an empty pipe is not ready");
  ok (write (fds[1], "\xce\xbb" "b", 3) == 3
      && scm_is_eq (call ("char-ready?", LIST (in)), SCM_BOOL_T),
      "a pipe with bytes in it is");
  ok (scm_is_eq (call ("read-char", LIST (in)), SCM_MAKE_CHAR (0x3bb))
      && scm_is_eq (call ("char-ready?", LIST (in)), SCM_BOOL_T),
      "a character left in the port's buffer is ready");
  call ("read-char", LIST (in));
  ok (scm_is_eq (call ("char-ready?", LIST (in)), SCM_BOOL_F),
      "empty again once it is read");
  close (fds[1]);
  ok (scm_is_eq (call ("char-ready?", LIST (in)), SCM_BOOL_T)
      && scm_is_eq (call ("read-char", LIST (in)), SCM_EOF_VAL),
      "at the end of file it is ready, with the eof object");
  scm_close_port (in);
  SCM r = try_call ("char-ready?", LIST (in));
  ok (is_error (r, "wrong-type-arg", "char-ready?", "port is closed", in),
      "char-ready? of a closed port raises");
  r = try_call ("char-ready?", LIST (N (0)));
  ok (is_error (r, "wrong-type-arg", "char-ready?",
                "wrong type argument in position 1 (expected input port)",
                N (0)), "char-ready? of a number raises");
}

static void
test_port_kinds (void)
{
  SCM in = scm_c_open_input_string ("");
  SCM out = scm_open_output_string ();
  ok (scm_is_eq (call ("textual-port?", LIST (in)), SCM_BOOL_T)
      && scm_is_eq (call ("textual-port?", LIST (out)), SCM_BOOL_T)
      && scm_is_eq (call ("textual-port?", LIST (scm_current_error_port ())),
                    SCM_BOOL_T), "string and file ports are textual");
  ok (scm_is_eq (call ("binary-port?", LIST (in)), SCM_BOOL_F)
      && scm_is_eq (call ("binary-port?", LIST (out)), SCM_BOOL_F),
      "and not binary");
  ok (scm_is_eq (call ("textual-port?", LIST (str ("x"))), SCM_BOOL_F)
      && scm_is_eq (call ("binary-port?", LIST (N (1))), SCM_BOOL_F),
      "non-ports are neither");
}

/* A pipe cannot seek: no position, and a clear error from each
   position procedure (Scheme's tests cannot make a pipe).  */
static void
test_pipe_positions (void)
{
  int fds[2];
  if (pipe (fds) != 0)
    {
      ok (0, "pipe: %s", strerror (errno));
      return;
    }
  SCM in = scm_c_fdopen (fds[0], "r", "pipe", 1);
  SCM out = scm_c_fdopen (fds[1], "w", "pipe", 1);
  ok (scm_is_eq (call ("port-has-port-position?", LIST (in)), SCM_BOOL_F)
      && scm_is_eq (call ("port-has-set-port-position!?", LIST (out)),
                    SCM_BOOL_F), "a pipe has no position");
  SCM r = try_call ("ftell", LIST (in));
  ok (is_error (r, "wrong-type-arg", "ftell", "the port has no position (a pipe, a terminal, "
                "a socket or a custom port)",
                in), "ftell of a pipe raises");
  r = try_call ("seek", LIST (out, N (0), scm_variable_ref (scm_c_lookup ("SEEK_SET"))));
  ok (is_error (r, "wrong-type-arg", "seek", "the port has no position (a pipe, a terminal, "
                "a socket or a custom port)",
                out), "seek of a pipe raises");
  scm_close_port (in);
  scm_close_port (out);
}

/* In a child process of its own (before this one starts libscm): an
   embedding program that evaluates CODE, which leaves a file output
   port unclosed, then returns from main, so exit's handlers run.  Its
   standard error goes to ERR_PATH; return its exit status.  */
static int
run_child (const char *code, const char *err_path)
{
  fflush (stdout);
  pid_t pid = fork ();
  if (pid == 0)
    {
      int fd = open (err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
      if (fd >= 0)
        dup2 (fd, 2);
      scm_init ();
      scm_c_eval_string (code);
      exit (0);
    }
  int status = 0;
  if (pid < 0 || waitpid (pid, &status, 0) != pid)
    return -1;
  return WIFEXITED (status) ? WEXITSTATUS (status) : 128;
}

static char *
slurp (const char *file)
{
  static char text[4096];
  FILE *f = fopen (file, "rb");
  size_t n = f != NULL ? fread (text, 1, sizeof text - 1, f) : 0;
  if (f != NULL)
    fclose (f);
  text[n] = '\0';
  return text;
}

/* What a program writes to a port it never closes reaches the file
   when it exits, without flush-all-ports; a write that fails then is
   reported on stderr.  */
static void
test_flush_at_exit (void)
{
  char code[1024], err_path[300];
  snprintf (err_path, sizeof err_path, "%s.err", path);
  snprintf (code, sizeof code,
            "(define p (open-output-file \"%s\"))"
            "(write-string \"hello, unclosed\" p)"
            "(let ((q (open-output-file \"%s.2\")))"
            "  (write-string \"dropped\" q))", path, path);
  int status = run_child (code, err_path);
  ok (status == 0, "an embedding program that leaves ports open exits 0");
  ok_streq (slurp (path), "hello, unclosed",
            "exit writes out an unclosed file port the program refers to");
  char other[300];
  snprintf (other, sizeof other, "%s.2", path);
  ok_streq (slurp (other), "dropped",
            "... and one it no longer refers to");
  ok_streq (slurp (err_path), "", "... saying nothing");
  remove (other);
  status = run_child ("(define p (open-output-file \"/dev/full\"))"
                      "(write-string \"lost\" p)", err_path);
  ok_streq (slurp (err_path),
            "libscm: /dev/full: 4 bytes not written at exit: "
            "No space left on device\n",
            "an unclosed port that cannot be written out at exit: "
            "reported on stderr");
  remove (err_path);
}

static SCM
printf_to_input (SCM port, SCM unused)
{
  (void) unused;
  scm_c_printf (port, "%d", 1);
  return SCM_UNSPECIFIED;
}

/* scm_c_printf, the line setters and scm_gc_malloc_pointerless: what
   the REPL uses of the API, as any host may.  */
static void
test_host_api (void)
{
  SCM out = scm_open_output_string ();
  scm_c_printf (out, "%s=%d, %.2f; λ %c", "x", 42, 1.5, '!');
  char *got = scm_to_utf8_string (scm_get_output_string (out));
  ok_streq (got, "x=42, 1.50; λ !", "scm_c_printf formats as printf, UTF-8 kept");
  free (got);

  /* Past any buffer of its own: 5,000 characters, then one more.  */
  char *long_text = malloc (5001);
  memset (long_text, 'a', 5000);
  long_text[5000] = '\0';
  out = scm_open_output_string ();
  scm_c_printf (out, "%s%s", long_text, "z");
  ok (scm_c_string_length (scm_get_output_string (out)) == 5001
      && scm_c_string_ref (scm_get_output_string (out), 5000) == 'z',
      "scm_c_printf writes a text of 5,001 characters whole");
  free (long_text);
  out = scm_open_output_string ();
  scm_c_printf (out, "%s", "");
  ok (scm_c_string_length (scm_get_output_string (out)) == 0,
      "scm_c_printf of an empty text writes nothing");
  ok (strstr (error_of (printf_to_input, scm_c_open_input_string (""),
                        SCM_BOOL_F), "output port") != NULL,
      "scm_c_printf to an input port raises a wrong-type error: %s",
      error_of (printf_to_input, scm_c_open_input_string (""), SCM_BOOL_F));

  SCM in = scm_c_open_input_string ("a\nb\n(");
  ok (scm_to_long (scm_port_line (in)) == 0 && scm_c_port_line (in) == 1,
      "port-line counts from 0, scm_c_port_line from 1");
  scm_set_port_line_x (in, scm_from_int (9));
  scm_read_line (in);
  ok (scm_to_long (scm_port_line (in)) == 10 && scm_c_port_line (in) == 11,
      "scm_set_port_line_x sets the line (from 0); it counts on from there");
  scm_set_port_column_x (in, scm_from_int (3));
  ok (scm_to_long (scm_port_column (in)) == 3,
      "scm_set_port_column_x sets the column");
  ok (strstr (error_of (scm_set_port_line_x, in, scm_from_int (-1)),
              "out of range") != NULL,
      "a negative line raises out-of-range: %s",
      error_of (scm_set_port_line_x, in, scm_from_int (-1)));
  ok (strstr (error_of (scm_set_port_line_x, scm_from_int (1),
                        scm_from_int (1)), "port") != NULL,
      "a line set on a non-port raises wrong-type");

  char *mem = scm_gc_malloc_pointerless (100000, "test");
  memset (mem, 'q', 100000);
  scm_gc ();
  ok (mem[0] == 'q' && mem[99999] == 'q',
      "scm_gc_malloc_pointerless: memory that a collection keeps while "
      "it is reachable");

  /* The only reference to each string is in scm_gc_malloc memory:
     collections among much garbage must keep them.  */
  SCM *cells = scm_gc_malloc (64 * sizeof (SCM), "test");
  int cleared = 1;
  for (int i = 0; i < 64; i++)
    cleared &= SCM_UNPACK (cells[i]) == 0;
  ok (cleared, "scm_gc_malloc clears its memory");
  for (int i = 0; i < 64; i++)
    cells[i] = scm_number_to_string (scm_from_int (1000 + i), SCM_UNDEFINED);
  for (int round = 0; round < 3; round++)
    {
      for (int i = 0; i < 20000; i++)
        scm_cons (scm_from_int (i), SCM_EOL);
      scm_gc ();
    }
  int kept = 1;
  for (int i = 0; i < 64; i++)
    {
      char *s = scm_to_utf8_string (cells[i]);
      char want[8];
      snprintf (want, sizeof want, "%d", 1000 + i);
      kept &= strcmp (s, want) == 0;
      free (s);
    }
  ok (kept, "scm_gc_malloc memory is scanned: what only it holds is kept");
}

int
main (void)
{
  snprintf (path, sizeof path, "/tmp/scm-test-ports.%ld", (long) getpid ());
  test_flush_at_exit ();
  scm_init ();
  test_string_ports ();
  test_file_ports ();
  test_errors ();
  test_write_string_range ();
  test_read_line ();
  test_read_string ();
  test_char_ready ();
  test_port_kinds ();
  test_pipe_positions ();
  test_host_api ();
  remove (path);
  return tap_done ();
}
