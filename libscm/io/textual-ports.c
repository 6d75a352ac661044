/* textual-ports.c -- the character procedures of R7RS and Guile:
   read-char, peek-char, char-ready?, read-line, read-string,
   %read-delimited, write-char, write-string, newline
   SPDX-License-Identifier: LGPL-3.0-or-later

   They read and write characters through the port core (ports.c:
   scm_c_getc, scm_c_putc and the port's lock), as binary-ports.c's
   byte procedures do bytes.  */

#include "io/ports-impl-internal.h"
#include "io/ports-internal.h"
#include "values/strings-internal.h"
#include "runtime/conditions-internal.h"

#include <string.h>
#include <libscm/conditions.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>

/* ------------------------------------------------------------------ */
/* Character procedures.  */

SCM_DEFINE (scm_read_char, "read-char", 0, 1, 0, (SCM port),
            "Read and return the next character from @var{port}, or the\n"
            "end-of-file object.")
{
  int32_t c = scm_c_getc (scm_i_input_port_arg (port));
  return c < 0 ? SCM_EOF_VAL : SCM_MAKE_CHAR (c);
}

SCM_DEFINE (scm_peek_char, "peek-char", 0, 1, 0, (SCM port),
            "Return the next character from @var{port} without consuming\n"
            "it, or the end-of-file object.")
{
  int32_t c = scm_c_peekc (scm_i_input_port_arg (port));
  return c < 0 ? SCM_EOF_VAL : SCM_MAKE_CHAR (c);
}

SCM_DEFINE (scm_char_ready_p, "char-ready?", 0, 1, 0, (SCM port),
            "Return @code{#t} if a character is ready on input @var{port}\n"
            "(the current input port if not given), so that\n"
            "@code{read-char} would not wait; also at the end of file.")
{
  port = scm_i_input_port_arg (port);
  scm_i_check_port (port, PORT_INPUT, 1, "char-ready?");
  return scm_from_bool (scm_i_port_input_ready (port));
}

/* Characters collected one at a time, while the port's lock is held:
   in SPACE at first, then in GC memory.  Growing allocates, which can
   raise, so it guards the port first (a line of up to
   CHAR_BUFFER_SPACE characters takes no guard).  */
#define CHAR_BUFFER_SPACE 256

struct char_buffer
{
  uint32_t *chars;
  size_t len, cap;
  struct port *pt;
  uint32_t space[CHAR_BUFFER_SPACE];
};

static void
buffer_init (struct char_buffer *b, SCM port)
{
  b->chars = b->space;
  b->len = 0;
  b->cap = CHAR_BUFFER_SPACE;
  b->pt = port_of (port);
}

static void
buffer_grow (struct char_buffer *b)
{
  guard_port (b->pt);
  size_t cap = 2 * b->cap;
  uint32_t *bigger = scm_i_alloc_atomic (cap * sizeof (uint32_t));
  memcpy (bigger, b->chars, b->len * sizeof (uint32_t));
  b->chars = bigger;
  b->cap = cap;
}

static inline void
buffer_add (struct char_buffer *b, uint32_t c)
{
  if (b->len == b->cap)
    buffer_grow (b);
  b->chars[b->len++] = c;
}

/* The string of B's characters; after the port's lock is given back.  */
static SCM
buffer_to_string (struct char_buffer *b)
{
  return scm_i_make_string_from_buf
    (scm_i_stringbuf_from_ucs4 (b->chars, b->len), 0);
}

SCM_DEFINE (scm_read_line, "read-line", 0, 1, 0, (SCM port),
            "Read a line from input @var{port} (the current input port if\n"
            "not given) and return it as a string without its end of\n"
            "line: a linefeed, or a carriage return and a linefeed.\n"
            "Return the end-of-file object if the port is at its end.")
{
  static const char who[] = "read-line";
  struct char_buffer b;

  port = scm_i_input_port_arg (port);
  scm_i_begin_input (port, 1, who);
  buffer_init (&b, port);
  int32_t c = take_char (port, 1);
  if (c < 0)
    {
      scm_i_end_input (port);
      return SCM_EOF_VAL;
    }
  for (; c >= 0 && c != '\n'; c = take_char (port, 1))
    buffer_add (&b, (uint32_t) c);
  scm_i_end_input (port);
  if (c == '\n' && b.len > 0 && b.chars[b.len - 1] == '\r')
    b.len--;
  return buffer_to_string (&b);
}

/* Whether C is one of the N characters of DELIMS.  */
static int
is_delimiter (const uint32_t *delims, size_t n, int32_t c)
{
  for (size_t i = 0; i < n; i++)
    if ((int32_t) delims[i] == c)
      return 1;
  return 0;
}

/* Read characters of PORT until one of the N DELIMS (left in PORT if
   KEEP), the end of file or LIMIT characters; return (TEXT .
   TERMINATOR).  One taking of the port's lock.  */
static SCM
read_delimited (const uint32_t *delims, size_t n, SCM port, int keep,
                size_t limit, const char *who)
{
  struct char_buffer b;
  int32_t c = -1;
  scm_i_begin_input (port, 1, who);
  buffer_init (&b, port);
  for (;;)
    {
      c = take_char (port, 0);
      if (c < 0 || is_delimiter (delims, n, c))
        break;
      if (b.len == limit)
        {
          scm_i_end_input (port);
          return scm_cons (buffer_to_string (&b), SCM_BOOL_F);
        }
      take_char (port, 1);
      buffer_add (&b, (uint32_t) c);
    }
  if (c >= 0 && !keep)
    take_char (port, 1);
  scm_i_end_input (port);
  SCM text = c < 0 && b.len == 0 ? SCM_EOF_VAL : buffer_to_string (&b);
  return scm_cons (text, c < 0 ? SCM_EOF_VAL : SCM_MAKE_CHAR (c));
}

SCM_DEFINE_STATIC (check_textual_port_arg, "%check-textual-port", 4, 0, 0,
                   (SCM who, SCM pos, SCM port, SCM direction),
                   "Raise the error that the C procedures raise unless\n"
                   "@var{port} is an open textual port of @var{direction}\n"
                   "(@code{input} or @code{output}): argument @var{pos} of\n"
                   "procedure @var{who} (a symbol), for the port procedures\n"
                   "written in Scheme.")
{
  const char *name = scm_i_to_utf8_stringn (scm_symbol_to_string (who), NULL);
  unsigned dir = scm_is_eq (direction, scm_from_utf8_symbol ("input"))
    ? PORT_INPUT : PORT_OUTPUT;
  scm_i_check_port (port, dir, (int) SCM_FIXNUM_VALUE (pos), name);
  return port;
}

SCM_DEFINE (scm_percent_read_delimited, "%read-delimited", 2, 2, 0,
            (SCM delims, SCM port, SCM keep, SCM limit),
            "Read characters from textual input @var{port} until one of\n"
            "the characters of string @var{delims}, the end of file or\n"
            "@var{limit} characters (default no limit); return a pair of\n"
            "the text and what ended it: the delimiter, consumed unless\n"
            "@var{keep} is true, the end-of-file object, or @code{#f} at\n"
            "the limit.  At the end of file with nothing read, the text is\n"
            "the end-of-file object too.  The engine of\n"
            "@code{(ice-9 rdelim)}.")
{
  static const char who[] = "read-delimited";
  SCM_ASSERT_TYPE (scm_is_string (delims), delims, 1, who, "string");
  scm_i_check_port (port, PORT_INPUT, 2, who);
  size_t max = SCM_UNBNDP (limit) || scm_is_false (limit) ? (size_t) -1
    : scm_i_index_arg (limit, 4, who);
  size_t n = scm_i_string_length (delims);
  uint32_t *chars = scm_i_alloc_atomic ((n + 1) * sizeof (uint32_t));
  for (size_t i = 0; i < n; i++)
    chars[i] = scm_i_string_ref (delims, i);
  return read_delimited (chars, n, port,
                         !SCM_UNBNDP (keep) && scm_is_true (keep), max, who);
}

SCM_DEFINE (scm_percent_read_line, "%read-line", 0, 1, 0, (SCM port),
            "Read a line from textual input @var{port} (the current input\n"
            "port if not given) and return a pair of the line, without\n"
            "its linefeed, and the linefeed or the end-of-file object if\n"
            "the line ended at the end of file; @code{(eof . eof)} if the\n"
            "port is at its end.  A carriage return stays in the line, as\n"
            "in Guile.")
{
  static const uint32_t newline[] = { '\n' };
  port = scm_i_input_port_arg (port);
  scm_i_check_port (port, PORT_INPUT, 1, "%read-line");
  return read_delimited (newline, 1, port, 0, (size_t) -1, "%read-line");
}

SCM_DEFINE (scm_read_string, "read-string", 1, 1, 0, (SCM k, SCM port),
            "Read the next @var{k} characters from input @var{port} (the\n"
            "current input port if not given), or as many as there are\n"
            "before the end of file, and return them as a new string.\n"
            "Return the end-of-file object if there are none and @var{k}\n"
            "is not zero.")
{
  static const char who[] = "read-string";
  struct char_buffer b;

  size_t n = scm_i_index_arg (k, 1, who);
  port = scm_i_input_port_arg (port);
  scm_i_begin_input (port, 2, who);
  buffer_init (&b, port);
  while (b.len < n)
    {
      int32_t c = take_char (port, 1);
      if (c < 0)
        break;
      buffer_add (&b, (uint32_t) c);
    }
  scm_i_end_input (port);
  if (b.len == 0 && n > 0)
    return SCM_EOF_VAL;
  return buffer_to_string (&b);
}

SCM_DEFINE (scm_write_char, "write-char", 1, 1, 0, (SCM chr, SCM port),
            "Write character @var{chr} to @var{port}.")
{
  SCM_ASSERT_TYPE (SCM_CHARP (chr), chr, 1, "write-char", "character");
  scm_c_putc (scm_i_output_port_arg (port), SCM_CHAR (chr));
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_write_string, "write-string", 1, 3, 0,
            (SCM str, SCM port, SCM start, SCM end),
            "Write characters @var{start} (default 0) to @var{end}\n"
            "(default the length) of string @var{str} to @var{port}.")
{
  size_t s, e;
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "write-string", "string");
  port = scm_i_output_port_arg (port);
  scm_i_check_port (port, PORT_OUTPUT, 2, "write-string");
  scm_i_range_args (start, end, scm_i_string_length (str), 3,
                    "write-string", &s, &e);
  scm_i_put_string_range (port, str, s, e);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_newline, "newline", 0, 1, 0, (SCM port),
            "Write an end of line to @var{port}.")
{
  scm_c_putc (scm_i_output_port_arg (port), '\n');
  return SCM_UNSPECIFIED;
}

void
scm_i_init_textual_ports (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "io/textual-ports.x"
#endif
}
