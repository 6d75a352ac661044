/* custom-ports.c -- ports whose device is a set of Scheme procedures
   SPDX-License-Identifier: LGPL-3.0-or-later

   R6RS's (and Guile's) make-custom-binary-input-port & co and Guile's
   make-soft-port, built on the C custom ports of ports.c: each kind is
   a table of C functions that call the procedures kept in the port's
   data.  The ports are unbuffered for output (the procedures see each
   write when it happens, as in Guile) and read ahead what the read
   procedure gives them.  A port the program forgets is closed (its
   close procedure called) by a finalizer, the "f" mode letter: it runs
   at a safe point, where calling Scheme is allowed.  They use the
   public API only (and init-internal.h to declare their init): a C
   embedder could write them the same.  */

#include "runtime/init-internal.h"

#include <stdio.h>
#include <string.h>
#include <unistr.h>
#include <libscm/bytevectors.h>
#include <libscm/chars.h>
#include <libscm/conditions.h>
#include <libscm/gc.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/strings.h>
#include <libscm/subrs.h>
#include <libscm/vectors.h>

/* A port's procedures (#f where there is none) and the buffer object it
   passes to read!, made once and reused.  */
struct procs
{
  SCM read, write, flush, close, ready, put_char;
  SCM buffer;
  const char *who;              /* the constructor, for errors */
};

static struct procs *
make_procs (const char *who)
{
  struct procs *p = scm_gc_malloc (sizeof *p, "custom port");
  p->read = p->write = p->flush = p->close = p->ready = SCM_BOOL_F;
  p->put_char = p->buffer = SCM_BOOL_F;
  p->who = who;
  return p;
}

static struct procs *
procs_of (void *data)
{
  return data;
}

/* The count that procedure PROC (a read! or write!) returned, checked to
   be an exact integer from LO to HI.  */
static size_t
count_result (SCM n, size_t lo, size_t hi, const struct procs *p,
              const char *what)
{
  if (SCM_FIXNUM_P (n) && SCM_FIXNUM_VALUE (n) >= (long) lo
      && (size_t) SCM_FIXNUM_VALUE (n) <= hi)
    return (size_t) SCM_FIXNUM_VALUE (n);
  char msg[128];
  snprintf (msg, sizeof msg, "the %s procedure returned a value that is "
            "not a count from %zu to %zu", what, lo, hi);
  scm_c_raise_error ("out-of-range", p->who, msg, scm_list_1 (n));
}

static void
close_procs (SCM port, void *data)
{
  (void) port;
  struct procs *p = procs_of (data);
  if (scm_is_true (p->close))
    scm_call_0 (p->close);
}

/* ------------------------------------------------------------------ */
/* Binary ports: read! and write! take a bytevector, a start and a
   count.  */

static size_t
binary_read (SCM port, void *data, uint8_t *buf, size_t size)
{
  (void) port;
  struct procs *p = procs_of (data);
  if (scm_is_false (p->buffer)
      || SCM_BYTEVECTOR_LENGTH (p->buffer) < size)
    p->buffer = scm_c_make_bytevector (size);
  size_t n = count_result (scm_call_3 (p->read, p->buffer, SCM_MAKE_FIXNUM (0),
                                       scm_from_size_t (size)),
                           0, size, p, "read!");
  memcpy (buf, SCM_BYTEVECTOR_CONTENTS (p->buffer), n);
  return n;
}

static void
binary_write (SCM port, void *data, const uint8_t *buf, size_t size)
{
  (void) port;
  struct procs *p = procs_of (data);
  SCM bv = scm_c_bytevector_from_bytes (buf, size);
  for (size_t done = 0; done < size;)
    done += count_result (scm_call_3 (p->write, bv, scm_from_size_t (done),
                                      scm_from_size_t (size - done)),
                          1, size - done, p, "write!");
}

static const scm_t_port_functions binary_functions = {
  .read = binary_read, .write = binary_write, .close = close_procs,
};

/* ------------------------------------------------------------------ */
/* Textual ports: read! and write! take a string, a start and a count;
   the port's bytes are their characters in UTF-8.  */

/* Encode characters 0..N-1 of string STR into BUF; return the bytes.  */
static size_t
encode_chars (SCM str, size_t n, uint8_t *buf)
{
  size_t len = 0;
  for (size_t i = 0; i < n; i++)
    {
      int k = u8_uctomb (buf + len, scm_c_string_ref (str, i), 4);
      len += k > 0 ? (size_t) k : 0;
    }
  return len;
}

static size_t
textual_read (SCM port, void *data, uint8_t *buf, size_t size)
{
  (void) port;
  struct procs *p = procs_of (data);
  size_t want = size / 4;       /* characters that surely fit */
  if (scm_is_false (p->buffer) || scm_c_string_length (p->buffer) < want)
    p->buffer = scm_make_string (scm_from_size_t (want), SCM_MAKE_CHAR (' '));
  size_t n = count_result (scm_call_3 (p->read, p->buffer, SCM_MAKE_FIXNUM (0),
                                       scm_from_size_t (want)),
                           0, want, p, "read!");
  return encode_chars (p->buffer, n, buf);
}

static void
textual_write (SCM port, void *data, const uint8_t *buf, size_t size)
{
  (void) port;
  struct procs *p = procs_of (data);
  SCM str = scm_from_utf8_stringn ((const char *) buf, size);
  size_t len = scm_c_string_length (str);
  for (size_t done = 0; done < len;)
    done += count_result (scm_call_3 (p->write, str, scm_from_size_t (done),
                                      scm_from_size_t (len - done)),
                          1, len - done, p, "write!");
}

static const scm_t_port_functions textual_functions = {
  .read = textual_read, .write = textual_write, .close = close_procs,
};

/* ------------------------------------------------------------------ */
/* The constructors.  */

static void
check_proc (SCM x, int pos, const char *who, int optional)
{
  if (optional && scm_is_false (x))
    return;
  SCM_ASSERT_TYPE (scm_is_true (scm_procedure_p (x)), x, pos, who,
                   optional ? "procedure or #f" : "procedure");
}

/* A custom port of MODE on FUNCTIONS, named ID, calling RW (read! or
   write!) and CLOSE; GET-POS and SET-POS are checked only (libscm ports
   have no positions).  */
static SCM
make_custom (const char *who, SCM id, SCM rw, SCM get_pos, SCM set_pos,
             SCM close, const scm_t_port_functions *functions,
             const char *mode)
{
  SCM_ASSERT_TYPE (scm_is_string (id), id, 1, who, "string");
  check_proc (rw, 2, who, 0);
  check_proc (get_pos, 3, who, 1);
  check_proc (set_pos, 4, who, 1);
  check_proc (close, 5, who, 1);
  struct procs *p = make_procs (who);
  if (mode[0] == 'r')
    p->read = rw;
  else
    p->write = rw;
  p->close = close;
  char *name = scm_to_utf8_string (id);
  return scm_c_make_custom_port (functions, p, mode, name);
}

SCM_DEFINE (scm_make_custom_binary_input_port,
            "make-custom-binary-input-port", 5, 0, 0,
            (SCM id, SCM read, SCM get_position, SCM set_position,
             SCM close),
            "Return a binary input port named @var{id} (a string) whose\n"
            "bytes come from @code{(@var{read} @var{bv} @var{start}\n"
            "@var{count})}, which stores up to @var{count} bytes into\n"
            "bytevector @var{bv} from index @var{start} and returns how\n"
            "many, 0 at the end of the input.  @var{close}, a thunk or\n"
            "@code{#f}, is called once when the port is closed\n"
            "(by @code{close-port}, or after a collection found the port\n"
            "unreachable and unclosed).\n"
            "@var{get-position} and @var{set-position} must be procedures\n"
            "or @code{#f}; they are not called, as ports have no positions.")
{
  return make_custom ("make-custom-binary-input-port", id, read,
                      get_position, set_position, close, &binary_functions,
                      "rbf");
}

SCM_DEFINE (scm_make_custom_binary_output_port,
            "make-custom-binary-output-port", 5, 0, 0,
            (SCM id, SCM write, SCM get_position, SCM set_position,
             SCM close),
            "Return a binary output port named @var{id} (a string) that\n"
            "gives what is written to it to @code{(@var{write} @var{bv}\n"
            "@var{start} @var{count})}, at each output operation;\n"
            "@var{write} writes at least one of the @var{count} bytes of\n"
            "@var{bv} from @var{start} and returns how many (it is called\n"
            "again for the rest).  @var{close}, a thunk or @code{#f}, is\n"
            "called once when the port is closed\n"
            "(by @code{close-port}, or after a collection found the port\n"
            "unreachable and unclosed).  @var{get-position} and\n"
            "@var{set-position} must be procedures or @code{#f}; they are\n"
            "not called.")
{
  return make_custom ("make-custom-binary-output-port", id, write,
                      get_position, set_position, close, &binary_functions,
                      "wb0f");
}

SCM_DEFINE (scm_make_custom_textual_input_port,
            "make-custom-textual-input-port", 5, 0, 0,
            (SCM id, SCM read, SCM get_position, SCM set_position,
             SCM close),
            "Return a textual input port named @var{id} (a string) whose\n"
            "characters come from @code{(@var{read} @var{string}\n"
            "@var{start} @var{count})}, which stores up to @var{count}\n"
            "characters into @var{string} from index @var{start} and\n"
            "returns how many, 0 at the end of the input.  @var{close}, a\n"
            "thunk or @code{#f}, is called once when the port is closed\n"
            "(by @code{close-port}, or after a collection found the port\n"
            "unreachable and unclosed).\n"
            "@var{get-position} and @var{set-position} must be procedures\n"
            "or @code{#f}; they are not called.")
{
  return make_custom ("make-custom-textual-input-port", id, read,
                      get_position, set_position, close, &textual_functions,
                      "rtf");
}

SCM_DEFINE (scm_make_custom_textual_output_port,
            "make-custom-textual-output-port", 5, 0, 0,
            (SCM id, SCM write, SCM get_position, SCM set_position,
             SCM close),
            "Return a textual output port named @var{id} (a string) that\n"
            "gives what is written to it to @code{(@var{write} @var{string}\n"
            "@var{start} @var{count})}, at each output operation;\n"
            "@var{write} writes at least one of the @var{count}\n"
            "characters of @var{string} from @var{start} and returns how\n"
            "many (it is called again for the rest).  @var{close}, a thunk\n"
            "or @code{#f}, is called once when the port is closed\n"
            "(by @code{close-port}, or after a collection found the port\n"
            "unreachable and unclosed).\n"
            "@var{get-position} and @var{set-position} must be procedures\n"
            "or @code{#f}; they are not called.")
{
  return make_custom ("make-custom-textual-output-port", id, write,
                      get_position, set_position, close, &textual_functions,
                      "wt0f");
}

/* ------------------------------------------------------------------ */
/* Guile's soft ports: a vector of put-char, put-string, flush, get-char,
   close and optionally char-ready? procedures.  */

static size_t
soft_read (SCM port, void *data, uint8_t *buf, size_t size)
{
  (void) port;
  (void) size;
  struct procs *p = procs_of (data);
  SCM c = scm_call_0 (p->read);
  if (SCM_CHARP (c))
    {
      int k = u8_uctomb (buf, SCM_CHAR (c), 4);
      return k > 0 ? (size_t) k : 0;
    }
  if (scm_is_eq (c, SCM_EOF_VAL) || scm_is_false (c))
    return 0;
  scm_c_raise_error ("wrong-type-arg", p->who,
                     "the get-char procedure returned neither a character "
                     "nor the end-of-file object", scm_list_1 (c));
  return 0;
}

static void
soft_write (SCM port, void *data, const uint8_t *buf, size_t size)
{
  (void) port;
  struct procs *p = procs_of (data);
  SCM str = scm_from_utf8_stringn ((const char *) buf, size);
  if (scm_c_string_length (str) == 1)
    scm_call_1 (p->put_char, SCM_MAKE_CHAR (scm_c_string_ref (str, 0)));
  else
    scm_call_1 (p->write, str);
}

static void
soft_flush (SCM port, void *data)
{
  (void) port;
  struct procs *p = procs_of (data);
  if (scm_is_true (p->flush))
    scm_call_0 (p->flush);
}

static int
soft_ready (SCM port, void *data)
{
  (void) port;
  struct procs *p = procs_of (data);
  return scm_is_false (p->ready) || scm_is_true (scm_call_0 (p->ready));
}

static const scm_t_port_functions soft_functions = {
  .read = soft_read, .write = soft_write, .ready = soft_ready,
  .flush = soft_flush, .close = close_procs,
};

SCM_DEFINE (scm_make_soft_port, "make-soft-port", 2, 0, 0,
            (SCM pv, SCM modes),
            "Return a textual port whose operations are the procedures of\n"
            "vector @var{pv}: @code{(put-char c)}, @code{(put-string s)},\n"
            "@code{(flush)}, @code{(get-char)}, @code{(close)} and\n"
            "optionally @code{(char-ready?)}.  @var{modes} is @code{\"r\"}\n"
            "for an input port, which calls @var{get-char} (returning a\n"
            "character, or the end-of-file object or @code{#f} at the\n"
            "end), @code{\"w\"} for an output port, which calls\n"
            "@var{put-char} or @var{put-string} at each output operation\n"
            "and @var{flush} on @code{flush-output-port}, or\n"
            "@code{\"rw\"} for a port of both directions, each with its\n"
            "own buffer; @var{close} is called once for it.  The procedures\n"
            "that the direction does not use, @var{flush}, @var{close} and\n"
            "@var{char-ready?} may be @code{#f}.")
{
  static const char who[] = "make-soft-port";
  SCM_ASSERT_TYPE (scm_is_true (scm_vector_p (pv))
                   && (scm_c_vector_length (pv) == 5
                       || scm_c_vector_length (pv) == 6),
                   pv, 1, who, "vector of 5 or 6 procedures");
  SCM_ASSERT_TYPE (scm_is_string (modes), modes, 2, who, "string");
  char *m = scm_to_utf8_string (modes);
  int in = strchr (m, 'r') != NULL, out = strchr (m, 'w') != NULL;
  if (!(in || out) || strspn (m, "rw0l") != strlen (m))
    scm_c_raise_error ("out-of-range", who,
                       "modes must be \"r\", \"w\" or both",
                       scm_list_1 (modes));
  struct procs *p = make_procs (who);
  p->put_char = scm_c_vector_ref (pv, 0);
  p->write = scm_c_vector_ref (pv, 1);
  p->flush = scm_c_vector_ref (pv, 2);
  p->read = scm_c_vector_ref (pv, 3);
  p->close = scm_c_vector_ref (pv, 4);
  if (scm_c_vector_length (pv) == 6)
    p->ready = scm_c_vector_ref (pv, 5);
  for (int i = 0; i < (int) scm_c_vector_length (pv); i++)
    {
      int needed = (out && i < 2) || (in && i == 3);
      SCM x = scm_c_vector_ref (pv, (size_t) i);
      if (!(scm_is_false (x) && !needed)
          && scm_is_false (scm_procedure_p (x)))
        scm_c_raise_error ("wrong-type-arg", who,
                           needed ? "expected a procedure in the vector"
                           : "expected a procedure or #f in the vector",
                           scm_list_2 (SCM_MAKE_FIXNUM (i), x));
    }
  return scm_c_make_custom_port (&soft_functions, p,
                                 in && out ? "rwt0f" : in ? "rtf" : "wt0f",
                                 NULL);
}

void
scm_init_custom_ports (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "io/custom-ports.x"
#endif
}
