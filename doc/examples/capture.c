/* capture.c -- an example of a C program that captures what Scheme
   prints: its current output and error ports are custom ports whose
   write function appends to a buffer of the host's
   SPDX-License-Identifier: LGPL-3.0-or-later

   Build it against an installed libscm:

     cc -o capture capture.c $(pkg-config --cflags --libs libscm)
     ./capture  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libscm.h>

/* ------------------------------------------------------------------ */
/* The host's buffer, and the port functions that fill it.  */

struct buffer
{
  char *text;                   /* malloc'd, NUL-terminated */
  size_t len, cap;
};

/* Append the SIZE bytes (UTF-8) that a port writes out.  An error
   raised here would propagate from the Scheme operation that wrote.  */
static void
buffer_write (SCM port, void *data, const uint8_t *bytes, size_t size)
{
  (void) port;
  struct buffer *b = data;
  if (b->len + size + 1 > b->cap)
    {
      size_t cap = b->cap ? b->cap : 256;
      while (b->len + size + 1 > cap)
        cap *= 2;
      char *bigger = realloc (b->text, cap);
      if (bigger == NULL)
        scm_c_raise_error ("out-of-memory", "buffer_write",
                           "cannot grow the capture buffer", SCM_EOL);
      b->text = bigger;
      b->cap = cap;
    }
  memcpy (b->text + b->len, bytes, size);
  b->len += size;
  b->text[b->len] = '\0';
}

/* Only write is needed for an output port; the rest may stay NULL.  */
static const scm_t_port_functions buffer_functions = {
  .write = buffer_write,
};

/* Print TEXT with each line marked, to show where it came from.  */
static void
show (const char *title, const struct buffer *b)
{
  printf ("%s (%zu bytes):\n", title, b->len);
  const char *line = b->len ? b->text : "";
  while (*line)
    {
      const char *end = strchr (line, '\n');
      size_t n = end ? (size_t) (end - line) : strlen (line);
      printf ("| %.*s\n", (int) n, line);
      line += n + (end != NULL);
    }
}

/* ------------------------------------------------------------------ */

static const char program[] =
  "(define (greet who) (display \"Hello, \") (display who) (newline))\n"
  "(greet \"world\")\n"
  "(write (map (lambda (x) (* x x)) '(1 2 3)))\n"
  "(newline)\n"
  "(display \"λ is UTF-8 here too\")\n"
  "(newline)\n"
  "(display \"a warning\" (current-error-port))\n"
  "(newline (current-error-port))\n"
  "(car '())\n";

int
main (void)
{
  scm_init ();

  /* Output is buffered (written out by flush-output-port, when 4 KiB
     fill up, and at close); error output line by line ("wl").  */
  struct buffer out = { 0 }, err = { 0 };
  SCM out_port = scm_c_make_custom_port (&buffer_functions, &out, "w",
                                         "captured-output");
  SCM err_port = scm_c_make_custom_port (&buffer_functions, &err, "wl",
                                         "captured-errors");
  SCM old_out = scm_set_current_output_port (out_port);
  SCM old_err = scm_set_current_error_port (err_port);

  SCM result;
  if (scm_c_eval_string_protected (program, &result))
    {
      /* The host reports the error where the script's errors go.  */
      scm_c_puts (err_port, "error: ");
      scm_c_put_string (err_port, scm_condition_text (result));
      scm_c_puts (err_port, "\n");
    }

  /* Closing writes out what is still buffered.  */
  scm_close_port (out_port);
  scm_close_port (err_port);
  scm_set_current_output_port (old_out);
  scm_set_current_error_port (old_err);

  show ("captured output", &out);
  show ("captured errors", &err);
  free (out.text);
  free (err.text);
  return 0;
}
