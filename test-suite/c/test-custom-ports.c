/* test-custom-ports.c -- ports whose device is C functions
   SPDX-License-Identifier: LGPL-3.0-or-later

   scm_c_make_custom_port with each mode: when write is called (block,
   line, unbuffered), read in chunks, ready, flush and close, errors
   raised by the functions, the current ports routed to a custom port
   with scm_set_current_output_port, and the checks of the API.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libscm.h>
#include "tap.h"
#include "calls.h"

/* Evaluate EXPR; its value in write form, or "raised: TEXT".  */
static const char *
eval_written (const char *expr)
{
  SCM v;
  int failed = scm_c_eval_string_protected (expr, &v);
  if (failed)
    return scm_to_utf8_string (scm_string_append
                               (scm_list_2 (scm_from_utf8_string ("raised: "),
                                            scm_condition_text (v))));
  SCM port = scm_open_output_string ();
  scm_write (v, port);
  return scm_to_utf8_stringn (scm_get_output_string (port), NULL);
}

static void
eval (const char *expr)
{
  SCM v;
  if (scm_c_eval_string_protected (expr, &v))
    diag ("%s raised %s", expr, scm_c_condition_text (v));
}

/* An output device: what was written, how many calls, what else.  */
struct sink
{
  char text[16384];
  size_t len;
  int writes, flushes, closes;
  int fail;                     /* raise from write */
};

static void
sink_write (SCM port, void *data, const uint8_t *buf, size_t size)
{
  (void) port;
  struct sink *s = data;
  s->writes++;
  if (s->fail)
    scm_c_raise_error ("misc-error", "sink_write", "the device is full",
                       SCM_EOL);
  if (s->len + size < sizeof s->text)
    {
      memcpy (s->text + s->len, buf, size);
      s->len += size;
      s->text[s->len] = 0;
    }
}

static void
sink_flush (SCM port, void *data)
{
  (void) port;
  ((struct sink *) data)->flushes++;
}

static void
sink_close (SCM port, void *data)
{
  (void) port;
  ((struct sink *) data)->closes++;
}

static const scm_t_port_functions sink_functions = {
  .write = sink_write, .flush = sink_flush, .close = sink_close,
};

/* An input device: TEXT given at most CHUNK bytes per read.  */
struct source
{
  const char *text;
  size_t pos, chunk;
  int reads, ready, closes;
  int overflow;                 /* return more than asked */
};

static size_t
source_read (SCM port, void *data, uint8_t *buf, size_t size)
{
  (void) port;
  struct source *s = data;
  s->reads++;
  if (s->overflow)
    return size + 1;
  size_t n = strlen (s->text) - s->pos;
  if (n > s->chunk)
    n = s->chunk;
  if (n > size)
    n = size;
  memcpy (buf, s->text + s->pos, n);
  s->pos += n;
  return n;
}

static int
source_ready (SCM port, void *data)
{
  (void) port;
  return ((struct source *) data)->ready;
}

static void
source_close (SCM port, void *data)
{
  (void) port;
  ((struct source *) data)->closes++;
}

static const scm_t_port_functions source_functions = {
  .read = source_read, .ready = source_ready, .close = source_close,
};

static const scm_t_port_functions no_functions = { 0 };

struct make_args
{
  const scm_t_port_functions *fns;
  void *data;
  const char *mode;
};

static SCM
make_body (void *data)
{
  struct make_args *a = data;
  return scm_c_make_custom_port (a->fns, a->data, a->mode, "dev");
}

static SCM
try_make (const scm_t_port_functions *fns, void *data, const char *mode)
{
  struct make_args a = { fns, data, mode };
  return try_c (make_body, &a);
}

static SCM
close_body (void *port)
{
  return scm_close_port (*(SCM *) port);
}

static SCM
data_body (void *obj)
{
  scm_c_custom_port_data (*(SCM *) obj);
  return SCM_UNSPECIFIED;
}

static SCM
set_output_body (void *obj)
{
  return scm_set_current_output_port (*(SCM *) obj);
}

static void
test_output (void)
{
  struct sink s = { 0 };
  SCM p = scm_c_make_custom_port (&sink_functions, &s, "w", "sink");
  ok (scm_is_custom_port (p) && scm_is_true (scm_output_port_p (p))
      && scm_is_false (scm_input_port_p (p))
      && scm_is_true (scm_textual_port_p (p)),
      "\"w\": a textual output port, a custom port");
  ok (scm_c_custom_port_data (p) == &s, "scm_c_custom_port_data gives DATA");
  ok (is_string (scm_port_filename (p), "sink"), "NAME is its file name");
  scm_c_puts (p, "hello\nworld");
  ok (s.writes == 0, "block buffered: nothing written yet");
  scm_force_output (p);
  ok (s.writes == 1 && strcmp (s.text, "hello\nworld") == 0 && s.flushes == 1,
      "flush-output-port: one write of everything, then flush");
  static char big[10000];
  memset (big, 'x', sizeof big - 1);
  scm_c_puts (p, big);
  ok (s.len == 11 + sizeof big - 1, "a write larger than the buffer goes through");
  scm_c_putc (p, 0x3bb);
  scm_close_port (p);
  ok (s.closes == 1 && strcmp (s.text + s.len - 2, "\xce\xbb") == 0,
      "close-port writes out the rest (UTF-8) and calls close");
  scm_close_port (p);
  ok (s.closes == 1, "closing again calls close no more");

  struct sink l = { 0 };
  p = scm_c_make_custom_port (&sink_functions, &l, "wl", NULL);
  scm_c_puts (p, "one");
  int before = l.writes;
  scm_c_puts (p, " two\nthree");
  ok (before == 0 && l.writes == 1 && strcmp (l.text, "one two\nthree") == 0,
      "\"wl\": written out at a newline");

  struct sink u = { 0 };
  p = scm_c_make_custom_port (&sink_functions, &u, "w0", NULL);
  scm_c_putc (p, 'a');
  scm_c_puts (p, "bc");
  ok (u.writes == 2 && strcmp (u.text, "abc") == 0,
      "\"w0\": written out at each operation");
  ok (scm_is_false (scm_port_filename (p)), "no NAME: no file name");
}

static void
test_binary_and_text_modes (void)
{
  struct sink s = { 0 };
  SCM p = scm_c_make_custom_port (&sink_functions, &s, "wb0", NULL);
  scm_c_define ("bin", p);
  ok (scm_is_true (scm_binary_port_p (p)), "\"wb\": a binary port");
  ok (strcmp (eval_written ("(begin (write-u8 200 bin) (write-char #\\a bin) 1)"),
              "1") == 0 && s.len == 2 && (unsigned char) s.text[0] == 200
      && s.text[1] == 'a', "bytes and characters both go to write");
  struct sink t = { 0 };
  p = scm_c_make_custom_port (&sink_functions, &t, "wt", NULL);
  scm_c_define ("txt", p);
  ok (strncmp (eval_written ("(write-u8 1 txt)"),
               "raised: write-u8: wrong type argument in position 2 "
               "(expected binary output port)", 70) == 0,
      "\"wt\": byte operations refused");
}

static void
test_current_port (void)
{
  struct sink out = { 0 }, err = { 0 };
  SCM po = scm_c_make_custom_port (&sink_functions, &out, "w", "console");
  SCM pe = scm_c_make_custom_port (&sink_functions, &err, "w", "log");
  SCM old = scm_set_current_output_port (po);
  SCM old_err = scm_set_current_error_port (pe);
  ok (scm_is_eq (scm_current_output_port (), po),
      "scm_set_current_output_port: current-output-port is the port");
  eval ("(begin (display \"x = \") (write (+ 1 2)) (newline)"
        " (display \"warn\" (current-error-port)))");
  eval ("(flush-output-port) (flush-output-port (current-error-port))");
  ok (strcmp (out.text, "x = 3\n") == 0 && strcmp (err.text, "warn") == 0,
      "Scheme output and error output captured");
  eval ("(parameterize ((current-output-port (open-output-string)))"
        " (display \"elsewhere\"))");
  scm_force_output (po);
  ok (strcmp (out.text, "x = 3\n") == 0, "parameterize still overrides it");
  ok (scm_is_eq (scm_set_current_output_port (old), po)
      && scm_is_eq (scm_set_current_error_port (old_err), pe),
      "restoring returns the custom ports");
  ok (!scm_is_eq (scm_current_output_port (), po), "and they are restored");

  SCM in = scm_open_input_string (scm_from_utf8_string (""));
  SCM r = try_c (set_output_body, &in);
  ok (is_error (r, "wrong-type-arg", "scm_set_current_output_port",
                "wrong type argument in position 1 (expected output port)",
                in), "scm_set_current_output_port of an input port");

  struct source src = { "(+ 40 2) after", 0, 3, 0, 1, 0, 0 };
  SCM pi = scm_c_make_custom_port (&source_functions, &src, "r", "keyboard");
  SCM old_in = scm_set_current_input_port (pi);
  ok (strcmp (eval_written ("(eval (read) (interaction-environment))"), "42") == 0
      && strcmp (eval_written ("(read-line)"), "\" after\"") == 0,
      "scm_set_current_input_port: read and read-line from it");
  scm_set_current_input_port (old_in);
}

static void
test_input (void)
{
  struct source src = { "ab\xce\xbb\ncd", 0, 1, 0, 0, 0, 0 };
  SCM p = scm_c_make_custom_port (&source_functions, &src, "r", "src");
  ok (scm_is_true (scm_input_port_p (p)) && scm_is_false (scm_output_port_p (p)),
      "\"r\": an input port");
  ok (scm_c_peekc (p) == 'a' && scm_c_getc (p) == 'a' && scm_c_getc (p) == 'b',
      "peek and get characters, one byte per read");
  ok (scm_c_getc (p) == 0x3bb, "a character split over two reads");
  ok (scm_is_false (scm_char_ready_p (p)), "ready 0, nothing buffered: char-ready? is #f");
  src.ready = 1;
  ok (scm_is_true (scm_char_ready_p (p)), "ready 1: char-ready? is #t");
  src.ready = 0;
  ok (scm_c_peekc (p) == '\n' && scm_is_true (scm_char_ready_p (p)),
      "a buffered character is ready whatever ready says");
  scm_c_getc (p);
  SCM line = scm_read_line (p);
  ok (is_string (line, "cd"), "read-line to the end");
  ok (scm_is_eq (scm_read_line (p), SCM_EOF_VAL) && scm_c_getc (p) == -1,
      "then the end of file");
  scm_close_port (p);
  scm_close_port (p);
  ok (src.closes == 1, "close called once");

  struct source bad = { "x", 0, 1, 0, 1, 0, 1 };
  p = scm_c_make_custom_port (&source_functions, &bad, "r", NULL);
  SCM r = try_call ("read-char", LIST (p));
  ok (raised && strstr (scm_c_condition_text (r), "returned 4097 bytes for a "
                        "buffer of 4096") != NULL,
      "a read function that overflows is an error, not a crash");

  struct source bin = { "\x01\x02", 0, 8, 0, 1, 0, 0 };
  p = scm_c_make_custom_port (&source_functions, &bin, "rb", NULL);
  ok (scm_is_true (scm_binary_port_p (p))
      && scm_is_eq (scm_read_u8 (p), SCM_MAKE_FIXNUM (1))
      && scm_is_eq (scm_peek_u8 (p), SCM_MAKE_FIXNUM (2))
      && scm_is_true (scm_u8_ready_p (p)),
      "\"rb\": read-u8, peek-u8, u8-ready?");
}

static void
test_errors (void)
{
  struct sink s = { 0 };
  SCM p = scm_c_make_custom_port (&sink_functions, &s, "w", NULL);
  scm_c_puts (p, "pending");
  s.fail = 1;
  SCM r = try_call ("flush-output-port", LIST (p));
  ok (is_error (r, "misc-error", "sink_write", "the device is full",
                SCM_UNDEFINED), "an error raised by write propagates");
  scm_c_puts (p, "more");
  r = try_c (close_body, &p);
  ok (is_error (r, "misc-error", "sink_write", "the device is full",
                SCM_UNDEFINED) && s.closes == 1
      && scm_is_false (call ("output-port-open?", LIST (p))),
      "close-port: a failed last write is raised after close was called");
  r = try_c (close_body, &p);
  ok (!raised && s.closes == 1, "closing again: nothing more");

  r = try_make (&sink_functions, &s, "x");
  ok (is_error (r, "wrong-type-arg", "scm_c_make_custom_port",
                "expected functions and a mode starting with \"r\" or \"w\"",
                SCM_UNDEFINED), "a bad mode");
  r = try_make (&sink_functions, &s, "wq");
  ok (raised && strstr (scm_c_condition_text (r), "unknown mode letter"),
      "an unknown mode letter");
  r = try_make (&sink_functions, &s, "wbt");
  ok (raised && strstr (scm_c_condition_text (r), "both binary"),
      "binary and textual only at once");
  r = try_make (&no_functions, NULL, "r");
  ok (is_error (r, "wrong-type-arg", "scm_c_make_custom_port",
                "an input port needs a read function", SCM_UNDEFINED),
      "input without read");
  r = try_make (&no_functions, NULL, "w");
  ok (is_error (r, "wrong-type-arg", "scm_c_make_custom_port",
                "an output port needs a write function", SCM_UNDEFINED),
      "output without write");
  r = try_make (NULL, NULL, "w");
  ok (raised, "no functions at all");
  SCM str = scm_open_output_string ();
  r = try_c (data_body, &str);
  ok (is_error (r, "wrong-type-arg", "scm_c_custom_port_data",
                "wrong type argument in position 1 (expected custom port)",
                str), "scm_c_custom_port_data of a string port");
  ok (!scm_is_custom_port (str) && !scm_is_custom_port (SCM_MAKE_FIXNUM (1)),
      "scm_is_custom_port is false of others");
}

/* A device of both directions: a source to read and a sink to write.  */
struct duplex
{
  struct source in;
  struct sink out;
};

static size_t
duplex_read (SCM port, void *data, uint8_t *buf, size_t size)
{
  return source_read (port, &((struct duplex *) data)->in, buf, size);
}

static void
duplex_write (SCM port, void *data, const uint8_t *buf, size_t size)
{
  sink_write (port, &((struct duplex *) data)->out, buf, size);
}

static void
duplex_close (SCM port, void *data)
{
  sink_close (port, &((struct duplex *) data)->out);
}

static const scm_t_port_functions duplex_functions = {
  .read = duplex_read, .write = duplex_write, .close = duplex_close,
};

/* "rw": one port, two buffers; output buffered until flushed or closed
   while input reads ahead, neither disturbing the other.  */
static void
test_both_directions (void)
{
  static struct duplex d;
  d.in.text = "line one\nline two\n";
  d.in.chunk = 64;
  SCM p = scm_c_make_custom_port (&duplex_functions, &d, "rw", "duplex");
  ok (scm_is_true (scm_input_port_p (p)) && scm_is_true (scm_output_port_p (p)),
      "\"rw\": an input and an output port");
  SCM l1 = scm_read_line (p);
  scm_c_puts (p, "reply λ\n");
  ok (is_string (l1, "line one") && d.out.writes == 0,
      "a line read ahead, a reply buffered");
  SCM l2 = scm_read_line (p);
  ok (is_string (l2, "line two") && d.out.writes == 0,
      "reading on does not touch the buffered output");
  scm_force_output (p);
  ok (d.out.writes == 1 && strcmp (d.out.text, "reply λ\n") == 0,
      "flush-output-port writes it out whole");
  scm_c_puts (p, "bye");
  scm_close_port (p);
  scm_close_port (p);
  ok (strcmp (d.out.text, "reply λ\nbye") == 0 && d.out.closes == 1,
      "close-port writes out the rest and calls close once");
  SCM r = try_make (&source_functions, &d, "rw");
  ok (is_error (r, "wrong-type-arg", "scm_c_make_custom_port",
                "an output port needs a write function", SCM_UNDEFINED),
      "\"rw\" without a write function");
}

/* Make N "wf" ports on S, each with "abc" in its buffer, and keep none
   (out of line, so that no pointer to them stays in main's frame).  */
static void __attribute__ ((noinline))
forget_ports (struct sink *s, int n)
{
  for (int i = 0; i < n; i++)
    scm_c_puts (scm_c_make_custom_port (&sink_functions, s, "wf", NULL),
                "abc");
}

/* The "f" mode: a port that becomes garbage unclosed is closed by a
   finalizer at a safe point, its buffer written out first; without "f"
   the embedder's data is left alone.  */
static void
test_finalizers (void)
{
  static struct sink s, plain;
  forget_ports (&s, 100);
  for (int i = 0; i < 10; i++)
    scm_c_make_custom_port (&sink_functions, &plain, "w", NULL);
  /* A port closed by the program is not closed again.  */
  SCM kept = scm_c_make_custom_port (&sink_functions, &s, "wf", NULL);
  scm_close_port (kept);
  kept = SCM_BOOL_F;
  for (int i = 0; i < 3; i++)
    scm_gc ();
  scm_run_finalizers ();
  ok (s.closes >= 90 && s.closes <= 101,
      "\"wf\": forgotten ports are closed by their finalizer (%d of 101 "
      "closes, one of them close-port's)", s.closes);
  ok (s.writes == s.closes - 1 && s.len == 3 * (size_t) s.writes,
      "... their buffered output written out first (%d writes, %zu bytes)",
      s.writes, s.len);
  ok (plain.closes == 0, "without \"f\": no finalizer, close is not called");
}

int
main (void)
{
  scm_init ();
  test_output ();
  test_binary_and_text_modes ();
  test_current_port ();
  test_input ();
  test_errors ();
  test_finalizers ();
  test_both_directions ();
  return tap_done ();
}
