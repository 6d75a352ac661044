/* ports.c -- ports over file descriptors, strings and bytevectors
   SPDX-License-Identifier: LGPL-3.0-or-later

   A port is one object: header (flags: input, output, closed; payload:
   the kind) and the fields of struct port.  Input decodes UTF-8 and
   counts lines and columns; output encodes UTF-8 into a byte buffer that
   an fd port writes out when full, at a newline on a terminal, on
   flush-output-port and on close.  An fd port that becomes garbage is
   flushed and closed by its finalizer.  Binary operations read and
   write the same byte buffer; bytevector ports are binary only, string
   ports textual only, fd ports both (a binary fd port answers
   binary-port?).  The character procedures over this core are
   textual-ports.c's, the byte procedures binary-ports.c's.  */

#include "values/strings-internal.h"
#include "runtime/instance-internal.h"
#include "runtime/init-internal.h"
#include "io/ports-internal.h"
#include "gc/finalizers-internal.h"

#include <stdarg.h>
#include <stdio.h>
#include "runtime/conditions-internal.h"
#include "runtime/poll-internal.h"
#include "runtime/control-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <sys/stat.h>
#include <libscm/control.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <unistr.h>
#include <libscm/bytevectors.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/ports.h>
#include <libscm/modules.h>
#include <libscm/pairs.h>
#include <libscm/symbols.h>
#include <libscm/strings.h>
#include <libscm/throw.h>
#include <libscm/vectors.h>

#include "io/ports-impl-internal.h"

/* The dynwind handler: an error or a continuation leaves the levels
   from G's base to its depth.  */
static void
unwind_guard (void *data)
{
  struct port_guard *g = data;
  struct port *pt = g->pt;
  pt->guard = g->prev;
  pt->lock_depth = g->base - 1;
  if (pt->lock_depth == 0)
    release_lock (pt);
}

void
scm_i_push_port_guard (struct port *pt)
{
  struct port_guard *top = pt->guard;
  struct port_guard *g = scm_i_alloc (sizeof *g);
  g->pt = pt;
  g->depth = pt->lock_depth;
  g->base = top != NULL ? top->depth + 1 : 1;
  g->prev = top;
  scm_dynwind_begin (0);
  scm_dynwind_unwind_handler (unwind_guard, g, 0);
  pt->guard = g;
}

static void
set_port_flags (SCM p, unsigned flags)
{
  scm_t_bits h = SCM_HEADER (p);
  SCM_SET_CELL_WORD (p, 0, SCM_MAKE_HEADER (SCM_HEADER_TC8 (h), flags,
                                            SCM_HEADER_PAYLOAD (h)));
}

SCM
scm_i_make_port (enum port_kind kind, unsigned flags, SCM filename)
{
  struct port *pt = scm_i_alloc (sizeof *pt);
  pt->header = SCM_MAKE_HEADER (scm_tc8_port, flags, kind);
  pt->filename = filename;
  pt->source = SCM_BOOL_F;
  pt->line = 1;
  pt->fd = -1;
  return SCM_PACK_POINTER (pt);
}

static void
check_open_port (SCM port, unsigned direction, int pos, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_port (port) && (port_flags (port) & direction),
                   port, pos, who,
                   direction == PORT_INPUT ? "input port" : "output port");
  if (port_flags (port) & PORT_CLOSED)
    scm_c_raise_error ("wrong-type-arg", who, "port is closed",
                       scm_list_1 (port));
}

/* An open port for characters.  */
void
scm_i_check_port (SCM port, unsigned direction, int pos, const char *who)
{
  check_open_port (port, direction, pos, who);
  SCM_ASSERT_TYPE (port_kind (port) != PORT_BYTEVECTOR, port, pos, who,
                   direction == PORT_INPUT ? "textual input port"
                   : "textual output port");
}

/* An open port for bytes.  */
void
scm_i_check_binary_port (SCM port, unsigned direction, int pos,
                         const char *who)
{
  check_open_port (port, direction, pos, who);
  SCM_ASSERT_TYPE (port_kind (port) != PORT_STRING
                   && port_kind (port) != PORT_CUSTOM_TEXT, port, pos, who,
                   direction == PORT_INPUT ? "binary input port"
                   : "binary output port");
}

/* ------------------------------------------------------------------ */
/* Output.  */

/* PORT's file name for messages.  */
const char *
scm_i_port_name (SCM port)
{
  SCM name = port_of (port)->filename;
  return scm_is_string (name) ? scm_i_to_utf8_stringn (name, NULL)
    : "<port>";
}

/* Write N bytes to FD; return 0, or the errno of the failure.  */
static int
write_fd (int fd, const unsigned char *bytes, size_t n)
{
  while (n > 0)
    {
      ssize_t w = write (fd, bytes, n);
      if (w < 0 && errno == EINTR)
        continue;
      if (w < 0)
        return errno;
      bytes += w;
      n -= (size_t) w;
    }
  return 0;
}

int
scm_i_write_fd (int fd, const unsigned char *bytes, size_t n)
{
  return write_fd (fd, bytes, n);
}

void
scm_i_write_all (int fd, const unsigned char *bytes, size_t n, SCM port)
{
  struct port *pt = port_of (port);
  guard_port (pt);
  if (is_custom (port))
    {
      if (n > 0)
        pt->functions->write (port, pt->data, bytes, n);
      return;
    }
  /* C's stdout first: what the host printed before this output must
     come out before it (doc/internals.md, "Ports": the ordering
     rule).  */
  if (fd == 1 || fd == 2)
    fflush (stdout);
  int err = write_fd (fd, bytes, n);
  if (err != 0)
    scm_file_error ("write", scm_i_port_name (port), err);
}

void
scm_i_flush_port (SCM port)
{
  port = output_side (port);
  struct port *pt = port_of (port);
  lock_port (pt);
  if (is_buffered (port) && pt->len > 0)
    {
      size_t n = pt->len;
      pt->len = 0;
      scm_i_write_all (pt->fd, pt->buf, n, port);
    }
  unlock_port (pt);
}

/* Room for N more bytes in PORT's output buffer.  */
void
scm_i_reserve_output (SCM port, size_t n)
{
  struct port *pt = port_of (port);
  if (pt->len + n <= pt->cap)
    return;
  if (is_buffered (port))
    {
      scm_i_flush_port (port);
      if (n <= pt->cap)
        return;
    }
  size_t cap = pt->cap ? pt->cap : 64;
  while (cap < pt->len + n)
    cap *= 2;
  guard_port (pt);
  unsigned char *bigger = scm_i_alloc_atomic (cap);
  if (pt->len > 0)
    memcpy (bigger, pt->buf, pt->len);
  pt->buf = bigger;
  pt->cap = cap;
}

static void
put_bytes (SCM port, const unsigned char *bytes, size_t n)
{
  port = output_side (port);
  struct port *pt = port_of (port);
  lock_port (pt);
  buffer_output (port, pt, bytes, n);
  for (size_t i = 0; i < n; i++)
    if (bytes[i] == '\n')
      {
        pt->line++;
        pt->column = 0;
      }
    else if ((bytes[i] & 0xc0) != 0x80)
      pt->column++;
  if ((port_flags (port) & PORT_UNBUFFERED)
      || ((port_flags (port) & PORT_TTY) && memchr (bytes, '\n', n)))
    scm_i_flush_port (port);
  unlock_port (pt);
}

void
scm_c_putc (SCM port, uint32_t c)
{
  unsigned char bytes[4];
  scm_i_check_port (port, PORT_OUTPUT, 2, "write-char");
  int n = u8_uctomb (bytes, c, 4);
  put_bytes (port, bytes, n > 0 ? (size_t) n : 0);
}

void
scm_c_puts (SCM port, const char *utf8)
{
  scm_i_check_port (port, PORT_OUTPUT, 2, "write-string");
  put_bytes (port, (const unsigned char *) utf8, strlen (utf8));
}

void
scm_c_printf (SCM port, const char *fmt, ...)
{
  char small[256];
  va_list ap, again;

  va_start (ap, fmt);
  va_copy (again, ap);
  int n = vsnprintf (small, sizeof small, fmt, ap);
  va_end (ap);
  /* A longer text is made again in collected memory: what the port
     raises then leaves nothing to free.  */
  char *text = small;
  if (n >= (int) sizeof small)
    {
      text = scm_i_alloc_atomic ((size_t) n + 1);
      vsnprintf (text, (size_t) n + 1, fmt, again);
    }
  va_end (again);
  if (n > 0)
    scm_c_puts (port, text);
}

/* Write characters START..END of string STR to PORT.  */
void
scm_i_put_string_range (SCM port, SCM str, size_t start, size_t end)
{
  const char *narrow = scm_i_string_narrow_chars (str);
  size_t i = start;
  /* One write: held across the pieces.  */
  port = output_side (port);
  struct port *pt = port_of (port);
  lock_port (pt);
  if (narrow != NULL)
    {
      /* ASCII runs go straight in; Latin-1 above 127 needs encoding. */
      while (i < end)
        {
          size_t j = i;
          while (j < end && (unsigned char) narrow[j] < 0x80)
            j++;
          put_bytes (port, (const unsigned char *) narrow + i, j - i);
          if (j < end)
            scm_c_putc (port, (unsigned char) narrow[j++]);
          i = j;
        }
      scm_i_keep_alive (str);
    }
  else
    for (; i < end; i++)
      scm_c_putc (port, scm_i_string_ref (str, i));
  unlock_port (pt);
}

void
scm_c_put_string (SCM port, SCM str)
{
  scm_i_check_port (port, PORT_OUTPUT, 2, "write-string");
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "write-string", "string");
  scm_i_put_string_range (port, str, 0, scm_i_string_length (str));
}

/* ------------------------------------------------------------------ */
/* Input.  */

/* How long a read in an evaluation blocks between two polls: what a
   time limit or an instance interrupt can overshoot while the program
   waits for input.  */
#define READ_POLL_MS 20

/* Return when FD has input (or an end, or an error that read will
   report).  In an evaluation, wait in slices and poll between them: a
   pipe or a terminal that never delivers must not hold the program past
   its time limit or an interrupt, which the wait then raises.  */
static void
wait_readable (struct port *pt)
{
  int fd = pt->fd;
  if (pt->never_waits < 0)
    {
      /* Asked once: slatex reads some 6,000 files a run, 17,000 polls
         that could not wait.  */
      struct stat st;
      pt->never_waits = fstat (fd, &st) == 0
        && (S_ISREG (st.st_mode) || S_ISBLK (st.st_mode));
    }
  if (pt->never_waits || !scm_i_evaluating_p ())
    return;
  for (;;)
    {
      struct pollfd p = { fd, POLLIN, 0 };
      int n = poll (&p, 1, READ_POLL_MS);
      if (n != 0 && !(n < 0 && errno == EINTR))
        return;
      scm_i_poll_interrupt ();
    }
}

/* Read up to ROOM (> 0) bytes from buffered PORT's device (its fd or
   its read function) into DST; return how many, 0 at the end.  The
   caller holds the lock and has guarded the port.  */
size_t
scm_i_read_device (SCM port, uint8_t *dst, size_t room)
{
  struct port *pt = port_of (port);
  if (is_custom (port))
    {
      size_t got = pt->functions->read (port, pt->data, dst, room);
      if (got > room)
        scm_c_raise_errorf ("out-of-range", "read-char",
                            "custom port read function returned %zu "
                            "bytes for a buffer of %zu", got, room);
      return got;
    }
  for (;;)
    {
      wait_readable (pt);
      ssize_t r = read (pt->fd, dst, room);
      if (r >= 0)
        return (size_t) r;
      if (errno != EINTR)
        scm_file_error ("read", scm_i_port_name (port), errno);
      /* Ctrl-C while a program waits for input stops it.  */
      scm_i_poll_interrupt ();
    }
}

/* Make at least N bytes available in an fd port's buffer, unless at end
   of file.  Return the number available.  */
size_t
scm_i_fill_port (SCM port, size_t n)
{
  struct port *pt = port_of (port);
  if (pt->len - pt->pos >= n)
    return pt->len - pt->pos;
  guard_port (pt);
  memmove (pt->buf, pt->buf + pt->pos, pt->len - pt->pos);
  pt->len -= pt->pos;
  pt->pos = 0;
  /* Unbuffered input takes no byte from the device beyond those asked
     for: what follows stays there for whoever else reads it.  */
  int exact = (port_flags (port) & PORT_READ_UNBUFFERED) != 0;
  while (pt->len < n)
    {
      size_t got = scm_i_read_device (port, pt->buf + pt->len,
                                      exact ? n - pt->len
                                      : pt->cap - pt->len);
      if (got == 0)
        break;
      pt->len += got;
    }
  return pt->len;
}

static void
decoding_error (SCM port, const char *what)
{
  struct port *pt = port_of (port);
  char *name = scm_is_string (pt->filename)
    ? scm_i_to_utf8_stringn (pt->filename, NULL) : (char *) "<port>";
  scm_c_raise_errorf ("decoding-error", "read-char",
                      "%s:%ld:%ld: %s", name, pt->line, pt->column + 1, what);
}

/* Skip the N bytes of a malformed sequence, so that reading can go on
   after the error, then raise it (at the sequence's position).  */
static void
skip_malformed (SCM port, size_t n, const char *what)
{
  port_of (port)->pos += n;
  guard_port (port_of (port));
  decoding_error (port, what);
}

/* The length of the UTF-8 sequence that byte B starts, or 0 if no
   sequence starts with it.  */
static size_t
utf8_length (unsigned char b)
{
  return b < 0x80 ? 1 : b < 0xc2 ? 0 : b < 0xe0 ? 2 : b < 0xf0 ? 3
    : b < 0xf5 ? 4 : 0;
}

/* Decode the next character of fd port PORT; *SIZE gets its bytes.  */
int32_t
scm_i_decode_fd (SCM port, size_t *size)
{
  struct port *pt = port_of (port);
  if (scm_i_fill_port (port, 1) == 0)
    return -1;
  size_t need = utf8_length (pt->buf[pt->pos]);
  if (need == 0)
    skip_malformed (port, 1, "invalid UTF-8 byte");
  size_t have = scm_i_fill_port (port, need);
  if (have < need)
    skip_malformed (port, have, "UTF-8 sequence cut short by end of file");
  ucs4_t c;
  if (u8_mbtoucr (&c, pt->buf + pt->pos, need) != (int) need)
    skip_malformed (port, 1, "invalid UTF-8 sequence");
  *size = need;
  return (int32_t) c;
}

static int32_t
next_char (SCM port, int consume, const char *who)
{
  struct port *pt = port_of (port);
  scm_i_check_port (port, PORT_INPUT, 1, who);
  lock_port (pt);
  int32_t c = take_char (port, consume);
  unlock_port (pt);
  return c;
}

void
scm_i_begin_input (SCM port, int pos, const char *who)
{
  scm_i_check_port (port, PORT_INPUT, pos, who);
  lock_port (port_of (port));
}

void
scm_i_end_input (SCM port)
{
  unlock_port (port_of (port));
}

void
scm_i_guard_input (SCM port)
{
  guard_port (port_of (port));
}

int32_t scm_i_getc_locked (SCM port) { return take_char (port, 1); }
int32_t scm_i_peekc_locked (SCM port) { return take_char (port, 0); }

int32_t scm_c_getc (SCM port) { return next_char (port, 1, "read-char"); }
int32_t scm_c_peekc (SCM port) { return next_char (port, 0, "peek-char"); }

int
scm_i_port_fold_case (SCM port)
{
  return (port_flags (port) & PORT_FOLD_CASE) != 0;
}

void
scm_i_set_port_fold_case (SCM port, int on)
{
  unsigned flags = port_flags (port);
  set_port_flags (port, on ? flags | PORT_FOLD_CASE : flags & ~PORT_FOLD_CASE);
}

long scm_c_port_line (SCM port) { return port_of (port)->line; }
long scm_c_port_column (SCM port) { return port_of (port)->column; }

void
scm_i_set_port_datum_start (SCM port, long line, long column)
{
  port_of (port)->datum_line = line;
  port_of (port)->datum_column = column;
}

void
scm_i_port_datum_start (SCM port, long *line, long *column)
{
  *line = port_of (port)->datum_line;
  *column = port_of (port)->datum_column;
}

void
scm_i_set_port_line (SCM port, long line)
{
  port_of (port)->line = line;
  port_of (port)->column = 0;
}

/* ------------------------------------------------------------------ */
/* Opening and closing.  */

/* Out of the registry first, then under the lock: flush-all-ports may
   be writing the port out in another thread (it found it in the
   registry before it became garbage).  */
static void
finalize_fd_port (void *obj, void *data)
{
  SCM port = SCM_PACK_POINTER (obj);
  struct port *pt = port_of (port);
  scm_i_unregister_output_port (pt);
  lock_port (pt);
  unsigned flags = port_flags (port);
  if (!(flags & PORT_CLOSED))
    {
      set_port_flags (port, flags | PORT_CLOSED);
      if ((flags & PORT_OUTPUT) && pt->len > 0)
        (void) write_fd (pt->fd, pt->buf, pt->len);
      pt->len = 0;
      if (pt->close_fd && pt->revealed == 0)
        close (pt->fd);
    }
  unlock_port (pt);
}

SCM
scm_c_fdopen (int fd, const char *mode, const char *name, int close_fd)
{
  unsigned flags = mode[0] == 'r' ? PORT_INPUT : PORT_OUTPUT;
  /* Only output is line-buffered on a terminal: an input port makes no
     isatty's ioctl.  */
  if ((flags & PORT_OUTPUT) && isatty (fd))
    flags |= PORT_TTY;
  SCM port = scm_i_make_port (PORT_FD, flags,
                        name ? scm_from_utf8_string (name) : SCM_BOOL_F);
  struct port *pt = port_of (port);
  pt->fd = fd;
  pt->never_waits = -1;
  pt->close_fd = close_fd;
  pt->cap = FD_BUFFER_SIZE;
  pt->buf = scm_i_alloc_atomic (pt->cap);
  GC_REGISTER_FINALIZER_NO_ORDER (pt, finalize_fd_port, NULL, NULL, NULL);
  if (flags & PORT_OUTPUT)
    scm_i_register_output_port (port);
  scm_i_register_device_port (port);
  return port;
}

int
scm_c_set_port_buffering (SCM port, int mode)
{
  if (!scm_is_port (port) || !is_buffered (port)
      || !(port_flags (port) & PORT_OUTPUT) || mode < 0 || mode > 2)
    return -1;
  scm_force_output (port);
  unsigned flags = port_flags (port) & ~(PORT_UNBUFFERED | PORT_TTY);
  set_port_flags (port, flags | (mode == 0 ? PORT_UNBUFFERED
                                 : mode == 1 ? PORT_TTY : 0));
  return 0;
}

/* A buffer of SIZE bytes for PT holding its LEN bytes from POS.  */
static void
resize_buffer (struct port *pt, size_t size)
{
  size_t have = pt->len - pt->pos;
  if (size < have)
    size = have;
  if (size == pt->cap && pt->pos == 0)
    return;
  guard_port (pt);
  unsigned char *buf = scm_i_alloc_atomic (size);
  memcpy (buf, pt->buf + pt->pos, have);
  pt->buf = buf;
  pt->cap = size;
  pt->pos = 0;
  pt->len = have;
}

int
scm_c_setvbuf (SCM port, int mode, size_t size)
{
  if (!scm_is_port (port) || !is_buffered (port) || mode < 0 || mode > 2
      || (port_flags (port) & PORT_CLOSED))
    return -1;
  if (size == 0)
    size = FD_BUFFER_SIZE;
  if (size < MIN_BUFFER_SIZE)
    size = MIN_BUFFER_SIZE;
  if (port_flags (port) & PORT_OUTPUT)
    {
      scm_force_output (port);
      SCM out = output_side (port);
      struct port *o = port_of (out);
      lock_port (o);
      unsigned flags = port_flags (out) & ~(PORT_UNBUFFERED | PORT_TTY);
      set_port_flags (out, flags | (mode == 0 ? PORT_UNBUFFERED
                                    : mode == 1 ? PORT_TTY : 0));
      resize_buffer (o, size);
      unlock_port (o);
    }
  if (port_flags (port) & PORT_INPUT)
    {
      struct port *pt = port_of (port);
      lock_port (pt);
      unsigned flags = port_flags (port) & ~PORT_READ_UNBUFFERED;
      set_port_flags (port, flags | (mode == 0 ? PORT_READ_UNBUFFERED : 0));
      resize_buffer (pt, size);
      unlock_port (pt);
    }
  return 0;
}

int
scm_c_port_revealed (SCM port)
{
  SCM_ASSERT_TYPE (scm_is_port (port), port, 1, "port-revealed", "port");
  return __atomic_load_n (&port_of (port)->revealed, __ATOMIC_ACQUIRE);
}

void
scm_c_set_port_revealed (SCM port, int count)
{
  SCM_ASSERT_TYPE (scm_is_port (port), port, 1, "set-port-revealed!",
                   "port");
  __atomic_store_n (&port_of (port)->revealed, count < 0 ? 0 : count,
                    __ATOMIC_RELEASE);
}

int
scm_c_port_set_fd (SCM port, int fd)
{
  if (!scm_is_port (port) || port_kind (port) != PORT_FD
      || (port_flags (port) & PORT_CLOSED))
    return -1;
  struct port *pt = port_of (port);
  lock_port (pt);
  pt->fd = fd;
  pt->never_waits = -1;         /* asked again at the next read */
  unlock_port (pt);
  return 0;
}

int
scm_c_port_fd (SCM port)
{
  if (!scm_is_port (port) || port_kind (port) != PORT_FD
      || (port_flags (port) & PORT_CLOSED))
    return -1;
  return port_of (port)->fd;
}

/* A custom port made with the "f" mode letter that became garbage
   unclosed: close it as close-port would, writing out its buffer and
   calling its close function.  Finalizers run at safe points
   (finalizers.c), never inside the collector or a signal handler, so
   the port's functions may call Scheme; what they raise is reported on
   stderr by the drain.  */
static void
finalize_custom_port (void *obj, void *data)
{
  (void) data;
  SCM port = SCM_PACK_POINTER (obj);
  if (!(port_flags (port) & PORT_CLOSED))
    scm_close_port (port);
}

SCM
scm_c_make_custom_port (const scm_t_port_functions *functions, void *data,
                        const char *mode, const char *name)
{
  static const char who[] = "scm_c_make_custom_port";
  if (functions == NULL || mode == NULL
      || (mode[0] != 'r' && mode[0] != 'w'))
    scm_c_raise_error ("wrong-type-arg", who,
                       "expected functions and a mode starting with "
                       "\"r\" or \"w\"", SCM_EOL);
  unsigned flags = mode[0] == 'r' ? PORT_INPUT : PORT_OUTPUT;
  if (mode[0] == 'r' && mode[1] == 'w')
    flags |= PORT_OUTPUT;
  enum port_kind kind = PORT_CUSTOM;
  int finalize = 0;
  for (const char *m = mode + 1 + (mode[1] == 'w'); *m; m++)
    switch (*m)
      {
      case 'b': flags |= PORT_BINARY; break;
      case 't': kind = PORT_CUSTOM_TEXT; break;
      case '0': flags |= PORT_UNBUFFERED; break;
      case 'l': flags |= PORT_TTY; break;
      case 'f': finalize = 1; break;
      default:
        scm_c_raise_error ("wrong-type-arg", who,
                           "unknown mode letter (expected b, t, 0, l or f)",
                           scm_list_1 (scm_from_utf8_string (mode)));
      }
  if ((flags & PORT_BINARY) && kind == PORT_CUSTOM_TEXT)
    scm_c_raise_error ("wrong-type-arg", who,
                       "a port cannot be both binary (b) and textual only (t)",
                       scm_list_1 (scm_from_utf8_string (mode)));
  if ((flags & PORT_INPUT) && functions->read == NULL)
    scm_c_raise_error ("wrong-type-arg", who,
                       "an input port needs a read function", SCM_EOL);
  if ((flags & PORT_OUTPUT) && functions->write == NULL)
    scm_c_raise_error ("wrong-type-arg", who,
                       "an output port needs a write function", SCM_EOL);
  SCM port = scm_i_make_port (kind, flags,
                        name ? scm_from_utf8_string (name) : SCM_BOOL_F);
  struct port *pt = port_of (port);
  pt->functions = functions;
  pt->data = data;
  pt->cap = FD_BUFFER_SIZE;
  pt->buf = scm_i_alloc_atomic (pt->cap);
  if ((flags & PORT_INPUT) && (flags & PORT_OUTPUT))
    {
      /* The companion that holds the output buffer (see output_side):
         closed and finalized with PORT, never on its own.  */
      SCM out = scm_i_make_port (kind, flags & ~PORT_INPUT, pt->filename);
      struct port *o = port_of (out);
      o->functions = functions;
      o->data = data;
      o->cap = FD_BUFFER_SIZE;
      o->buf = scm_i_alloc_atomic (o->cap);
      pt->source = out;
    }
  if (finalize)
    scm_i_register_finalizer (port, finalize_custom_port, NULL);
  scm_i_register_device_port (port);
  return port;
}

int
scm_is_custom_port (SCM obj)
{
  return scm_is_port (obj) && is_custom (obj);
}

void *
scm_c_custom_port_data (SCM port)
{
  SCM_ASSERT_TYPE (scm_is_custom_port (port), port, 1,
                   "scm_c_custom_port_data", "custom port");
  return port_of (port)->data;
}

SCM
scm_i_open_file_port (SCM filename, int flags, const char *mode,
                      const char *who)
{
  char *name = scm_i_filename_arg (filename, 1, who);
  int fd = open (name, flags | O_CLOEXEC, 0666);
  if (fd < 0)
    scm_file_error (who, name, errno);
  SCM port = scm_c_fdopen (fd, mode, name, 1);
  if (mode[1] == 'b')
    set_port_flags (port, port_flags (port) | PORT_BINARY);
  return port;
}

SCM_DEFINE (scm_open_input_file, "open-input-file", 1, 0, 0, (SCM filename),
            "Open the file @var{filename} for reading and return an input\n"
            "port; raise a file error if it cannot be opened.")
{
  return scm_i_open_file_port (filename, O_RDONLY, "r", "open-input-file");
}

SCM_DEFINE (scm_open_output_file, "open-output-file", 1, 0, 0,
            (SCM filename),
            "Create or truncate the file @var{filename} and return an\n"
            "output port on it; raise a file error if it cannot be opened.")
{
  return scm_i_open_file_port (filename, O_WRONLY | O_CREAT | O_TRUNC, "w",
                               "open-output-file");
}

SCM_DEFINE (scm_open_input_string, "open-input-string", 1, 0, 0, (SCM str),
            "Return an input port that reads the characters of @var{str}.")
{
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "open-input-string",
                   "string");
  SCM port = scm_i_make_port (PORT_STRING, PORT_INPUT, SCM_BOOL_F);
  port_of (port)->source = str;
  port_of (port)->len = scm_i_string_length (str);
  return port;
}

SCM
scm_c_open_input_string (const char *utf8)
{
  return scm_open_input_string (scm_from_utf8_string (utf8));
}

SCM_DEFINE (scm_open_output_string, "open-output-string", 0, 0, 0, (void),
            "Return an output port that accumulates what is written to it,\n"
            "for @code{get-output-string}.")
{
  return scm_i_make_port (PORT_STRING, PORT_OUTPUT, SCM_BOOL_F);
}

SCM_DEFINE (scm_get_output_string, "get-output-string", 1, 0, 0, (SCM port),
            "Return a string of the characters written so far to output\n"
            "string port @var{port}.")
{
  SCM_ASSERT_TYPE (scm_is_port (port) && port_kind (port) == PORT_STRING
                   && (port_flags (port) & PORT_OUTPUT), port, 1,
                   "get-output-string", "output string port");
  struct port *pt = port_of (port);
  lock_port (pt);
  guard_port (pt);
  SCM str = scm_from_utf8_stringn (pt->len ? (const char *) pt->buf : "",
                                   pt->len);
  unlock_port (pt);
  return str;
}

struct close_failure
{
  int failed;
  SCM obj;
};

static SCM
flush_body (void *port)
{
  scm_i_flush_port (SCM_PACK_POINTER (port));
  return SCM_UNSPECIFIED;
}

static SCM
flush_failed (void *data, SCM obj)
{
  struct close_failure *f = data;
  f->failed = 1;
  f->obj = obj;
  return SCM_UNSPECIFIED;
}

/* Close custom PORT (FLAGS before closing): write out what is buffered,
   call its close function whatever the write did, then raise what the
   write raised, if anything.  */
static void
close_custom (SCM port, unsigned flags)
{
  struct port *pt = port_of (port);
  struct close_failure f = { 0, SCM_BOOL_F };
  guard_port (pt);
  SCM out = output_side (port);
  if ((flags & PORT_OUTPUT) && port_of (out)->len > 0)
    scm_c_catch_raise (flush_body, SCM_UNPACK_POINTER (port), flush_failed, &f);
  if (!scm_is_eq (out, port))
    set_port_flags (out, port_flags (out) | PORT_CLOSED);
  pt->len = pt->pos = 0;
  if (pt->functions->close != NULL)
    pt->functions->close (port, pt->data);
  unlock_port (pt);
  if (f.failed)
    scm_raise (f.obj);
}

SCM_DEFINE (scm_close_port, "close-port", 1, 0, 0, (SCM port),
            "Close @var{port}, flushing its output; closing twice is\n"
            "harmless.")
{
  SCM_ASSERT_TYPE (scm_is_port (port), port, 1, "close-port", "port");
  struct port *pt = port_of (port);
  lock_port (pt);
  unsigned flags = port_flags (port);
  if (flags & PORT_CLOSED)
    {
      unlock_port (pt);
      return SCM_UNSPECIFIED;
    }
  set_port_flags (port, flags | PORT_CLOSED);
  if (port_kind (port) == PORT_FD)
    {
      /* The descriptor is closed even when the last write fails; the
         failure is reported after, so nothing is lost silently and no
         descriptor leaks.  */
      scm_i_unregister_output_port (pt);
      int fd = pt->fd;
      size_t n = (flags & PORT_OUTPUT) ? pt->len : 0;
      pt->len = 0;
      int err = n > 0 ? write_fd (fd, pt->buf, n) : 0;
      if (pt->close_fd && pt->revealed == 0 && close (fd) < 0 && err == 0)
        err = errno;
      unlock_port (pt);
      if (err != 0)
        scm_file_error ("close-port", scm_i_port_name (port), err);
    }
  else if (is_custom (port))
    close_custom (port, flags);      /* unlocks */
  else
    unlock_port (pt);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_close_input_port, "close-input-port", 1, 0, 0, (SCM port),
            "Close input port @var{port}.")
{
  return scm_close_port (port);
}

SCM_DEFINE (scm_close_output_port, "close-output-port", 1, 0, 0, (SCM port),
            "Close output port @var{port}, flushing it.")
{
  return scm_close_port (port);
}

/* ------------------------------------------------------------------ */
/* Predicates and the current ports.  */

SCM_DEFINE (scm_port_p, "port?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a port.")
{
  return scm_from_bool (scm_is_port (obj));
}

SCM_DEFINE (scm_input_port_p, "input-port?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is an input port.")
{
  return scm_from_bool (scm_is_port (obj) && (port_flags (obj) & PORT_INPUT));
}

SCM_DEFINE (scm_output_port_p, "output-port?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is an output port.")
{
  return scm_from_bool (scm_is_port (obj) && (port_flags (obj) & PORT_OUTPUT));
}

static int
port_is_binary (SCM port)
{
  return (port_flags (port) & PORT_BINARY) != 0;
}

SCM_DEFINE (scm_textual_port_p, "textual-port?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a port of characters.")
{
  return scm_from_bool (scm_is_port (obj) && !port_is_binary (obj));
}

SCM_DEFINE (scm_binary_port_p, "binary-port?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a port of bytes.")
{
  return scm_from_bool (scm_is_port (obj) && port_is_binary (obj));
}

SCM_DEFINE (scm_input_port_open_p, "input-port-open?", 1, 0, 0, (SCM port),
            "Return @code{#t} if input port @var{port} is not closed.")
{
  SCM_ASSERT_TYPE (scm_is_port (port) && (port_flags (port) & PORT_INPUT),
                   port, 1, "input-port-open?", "input port");
  return scm_from_bool (!(port_flags (port) & PORT_CLOSED));
}

SCM_DEFINE (scm_output_port_open_p, "output-port-open?", 1, 0, 0, (SCM port),
            "Return @code{#t} if output port @var{port} is not closed.")
{
  SCM_ASSERT_TYPE (scm_is_port (port) && (port_flags (port) & PORT_OUTPUT),
                   port, 1, "output-port-open?", "output port");
  return scm_from_bool (!(port_flags (port) & PORT_CLOSED));
}

SCM_DEFINE (scm_eof_object, "eof-object", 0, 0, 0, (void),
            "Return the end-of-file object.")
{
  return SCM_EOF_VAL;
}

SCM_DEFINE (scm_eof_object_p, "eof-object?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is the end-of-file object.")
{
  return scm_from_bool (scm_is_eq (obj, SCM_EOF_VAL));
}

/* The current ports are parameters: each has a fluid, a pair
   (parameter . #f) whose value in this thread's parameterization, if it
   is bound there, overrides the instance's port.  */
static SCM input_fluid, output_fluid, error_fluid;
static SCM input_converter, output_converter;

/* The ports a thread set with scm_set_current_output_port & co: per
   thread, as in Guile (where they are the thread's values of the port
   fluids), and per instance, since a host thread that serves several
   instances sets each one's.  The table is an alist (SERIAL .
   #(INPUT OUTPUT ERROR)) keyed by the instance's serial number, held
   in an uncollectable cell (libgc does not scan thread-local storage)
   that the thread's exit frees.  An entry of a destroyed instance stays
   until the thread exits, harmless: no instance has its serial.  */
struct thread_ports
{
  SCM alist;
};

static __thread struct thread_ports *thread_ports;
static pthread_key_t thread_ports_key;
static pthread_once_t thread_ports_once = PTHREAD_ONCE_INIT;

static void
free_thread_ports (void *cell)
{
  GC_FREE (cell);
}

static void
make_thread_ports_key (void)
{
  pthread_key_create (&thread_ports_key, free_thread_ports);
}

/* The calling thread's vector for INST, or #f; made if MAKE.  */
static SCM
thread_ports_of (struct scm_i_instance *inst, int make)
{
  if (thread_ports != NULL)
    for (SCM l = thread_ports->alist; scm_is_pair (l); l = SCM_CDR (l))
      if (scm_to_uint64 (SCM_CAR (SCM_CAR (l))) == inst->serial)
        return SCM_CDR (SCM_CAR (l));
  if (!make)
    return SCM_BOOL_F;
  if (thread_ports == NULL)
    {
      pthread_once (&thread_ports_once, make_thread_ports_key);
      struct thread_ports *t = GC_MALLOC_UNCOLLECTABLE (sizeof *t);
      if (t == NULL)
        scm_out_of_memory ("scm_set_current_output_port", sizeof *t);
      t->alist = SCM_EOL;
      pthread_setspecific (thread_ports_key, t);
      thread_ports = t;
    }
  SCM v = scm_c_make_vector (3, SCM_BOOL_F);
  thread_ports->alist = scm_cons (scm_cons (scm_from_uint64 (inst->serial), v),
                                  thread_ports->alist);
  return v;
}

SCM
scm_i_thread_ports (void)
{
  if (thread_ports == NULL)
    return SCM_BOOL_F;
  return thread_ports_of (scm_i_current_instance (), 0);
}

void
scm_i_adopt_thread_ports (SCM ports)
{
  if (scm_is_false (ports))
    return;
  SCM v = thread_ports_of (scm_i_current_instance (), 1);
  for (size_t i = 0; i < 3; i++)
    SCM_VECTOR_SET (v, i, SCM_VECTOR_REF (ports, i));
}

/* Current port I (0 input, 1 output, 2 error) outside any
   parameterize: the thread's, if it set one, else the instance's
   DFLT.  */
static SCM
thread_port (size_t i, SCM dflt)
{
  if (SCM_LIKELY (thread_ports == NULL))
    return dflt;
  SCM v = thread_ports_of (scm_i_current_instance (), 0);
  if (scm_is_false (v) || scm_is_false (SCM_VECTOR_REF (v, i)))
    return dflt;
  return SCM_VECTOR_REF (v, i);
}

static SCM
current_port (SCM fluid, size_t i, SCM dflt)
{
  SCM p = scm_i_fluid_ref (fluid);
  return SCM_UNBNDP (p) ? thread_port (i, dflt) : p;
}

SCM
scm_current_input_port (void)
{
  return current_port (input_fluid, 0,
                       scm_i_current_instance ()->current_input);
}

SCM
scm_current_output_port (void)
{
  return current_port (output_fluid, 1,
                       scm_i_current_instance ()->current_output);
}

SCM
scm_current_error_port (void)
{
  return current_port (error_fluid, 2,
                       scm_i_current_instance ()->current_error);
}

/* Make PORT, which must be a port of DIRECTION, the calling thread's
   current port I in its instance (or the innermost parameterize
   binding of FLUID, if one is in force, as Guile's fluid-set! does);
   return the previous one.  */
static SCM
set_thread_port (size_t i, SCM fluid, SCM port, unsigned direction,
                 const char *who)
{
  SCM_ASSERT_TYPE (scm_is_port (port) && (port_flags (port) & direction),
                   port, 1, who,
                   direction == PORT_INPUT ? "input port" : "output port");
  SCM b = scm_i_fluid_binding (fluid);
  if (scm_is_true (b))
    {
      SCM old = SCM_CDR (b);
      SCM_SETCDR (b, port);
      return old;
    }
  struct scm_i_instance *inst = scm_i_current_instance ();
  SCM dflt = i == 0 ? inst->current_input
    : i == 1 ? inst->current_output : inst->current_error;
  SCM old = thread_port (i, dflt);
  SCM_VECTOR_SET (thread_ports_of (inst, 1), i, port);
  return old;
}

SCM
scm_set_current_input_port (SCM port)
{
  return set_thread_port (0, input_fluid, port, PORT_INPUT,
                          "scm_set_current_input_port");
}

SCM
scm_set_current_output_port (SCM port)
{
  return set_thread_port (1, output_fluid, port, PORT_OUTPUT,
                          "scm_set_current_output_port");
}

SCM
scm_set_current_error_port (SCM port)
{
  return set_thread_port (2, error_fluid, port, PORT_OUTPUT,
                          "scm_set_current_error_port");
}

SCM_DEFINE_STATIC (check_input_port, "%check-input-port", 1, 0, 0, (SCM x),
                   "Return @var{x} if it is an input port, else raise an "
                   "error: the converter of @code{current-input-port}.")
{
  SCM_ASSERT_TYPE (scm_is_true (scm_input_port_p (x)), x, 1, "parameterize",
                   "input port");
  return x;
}

SCM_DEFINE_STATIC (check_output_port, "%check-output-port", 1, 0, 0, (SCM x),
                   "Return @var{x} if it is an output port, else raise an "
                   "error: the converter of @code{current-output-port} and "
                   "@code{current-error-port}.")
{
  SCM_ASSERT_TYPE (scm_is_true (scm_output_port_p (x)), x, 1, "parameterize",
                   "output port");
  return x;
}

/* A port parameter called with an argument: parameterize asking for
   its fluid and converter, or a port to make current in the current
   dynamic extent (its innermost parameterize binding, or the
   instance's port outside every one), as a parameter of
   make-parameter does.  */
static SCM
port_parameter (SCM key, SCM fluid, SCM convert, size_t i, SCM *field,
                unsigned direction, const char *who)
{
  if (scm_is_eq (key, scm_i_parameter_key))
    return scm_cons (fluid, convert);
  SCM_ASSERT_TYPE (scm_is_port (key) && (port_flags (key) & direction),
                   key, 1, who,
                   direction == PORT_INPUT ? "input port" : "output port");
  SCM b = scm_i_fluid_binding (fluid);
  if (scm_is_true (b))
    SCM_SETCDR (b, key);
  else
    {
      /* The thread's own port, if the host set one, else the
         instance's.  */
      SCM v = thread_ports != NULL
        ? thread_ports_of (scm_i_current_instance (), 0) : SCM_BOOL_F;
      if (scm_is_true (v) && scm_is_true (SCM_VECTOR_REF (v, i)))
        SCM_VECTOR_SET (v, i, key);
      else
        *field = key;
    }
  return SCM_UNSPECIFIED;
}

SCM_DEFINE_STATIC (current_input_port_parameter, "current-input-port",
                   0, 1, 0, (SCM key),
                   "Return the current input port.  A parameter: "
                   "@code{parameterize} binds it to another input port, "
                   "and a call with an input port @var{key} makes that "
                   "port current in the current dynamic extent.")
{
  if (SCM_UNBNDP (key))
    return scm_current_input_port ();
  return port_parameter (key, input_fluid, input_converter, 0,
                         &scm_i_current_instance ()->current_input, PORT_INPUT,
                         "current-input-port");
}

SCM_DEFINE_STATIC (current_output_port_parameter, "current-output-port",
                   0, 1, 0, (SCM key),
                   "Return the current output port.  A parameter: "
                   "@code{parameterize} binds it to another output port, "
                   "and a call with an output port @var{key} makes that "
                   "port current in the current dynamic extent.")
{
  if (SCM_UNBNDP (key))
    return scm_current_output_port ();
  return port_parameter (key, output_fluid, output_converter, 1,
                         &scm_i_current_instance ()->current_output, PORT_OUTPUT,
                         "current-output-port");
}

SCM_DEFINE_STATIC (current_error_port_parameter, "current-error-port",
                   0, 1, 0, (SCM key),
                   "Return the current error port.  A parameter: "
                   "@code{parameterize} binds it to another output port, "
                   "and a call with an output port @var{key} makes that "
                   "port current in the current dynamic extent.")
{
  if (SCM_UNBNDP (key))
    return scm_current_error_port ();
  return port_parameter (key, error_fluid, output_converter, 2,
                         &scm_i_current_instance ()->current_error, PORT_OUTPUT,
                         "current-error-port");
}

SCM_DEFINE (scm_port_filename, "port-filename", 1, 0, 0, (SCM port),
            "Return the file name of @var{port}, or @code{#f}.")
{
  SCM_ASSERT_TYPE (scm_is_port (port), port, 1, "port-filename", "port");
  return port_of (port)->filename;
}

SCM_DEFINE (scm_set_port_filename_x, "set-port-filename!", 2, 0, 0,
            (SCM port, SCM name),
            "Set the file name that @var{port} reports in positions.")
{
  SCM_ASSERT_TYPE (scm_is_port (port), port, 1, "set-port-filename!", "port");
  port_of (port)->filename = name;
  return SCM_UNSPECIFIED;
}

/* ------------------------------------------------------------------ */
/* Whether input is ready, and flushing (the character procedures are
   textual-ports.c's).  */

/* Whether read-char on PORT, an open input port, would return without
   waiting: a string port always; an fd port with a whole character (or
   a byte that starts none, an error) in its buffer, or whose file
   descriptor is readable or at its end.  */
static int
buffered_input_ready (SCM port)
{
  struct port *pt = port_of (port);
  if (!is_buffered (port))
    return 1;
  if (pt->pos < pt->len)
    {
      size_t need = utf8_length (pt->buf[pt->pos]);
      if (need == 0 || pt->len - pt->pos >= need)
        return 1;
    }
  guard_port (pt);
  if (is_custom (port))
    return pt->functions->ready == NULL
      || pt->functions->ready (port, pt->data) != 0;
  struct pollfd pfd = { .fd = pt->fd, .events = POLLIN };
  int n;
  do
    n = poll (&pfd, 1, 0);
  while (n < 0 && errno == EINTR);
  if (n < 0)
    scm_file_error ("char-ready?", scm_i_port_name (port), errno);
  return n > 0;
}

int
scm_i_port_input_ready (SCM port)
{
  lock_port (port_of (port));
  int ready = buffered_input_ready (port);
  unlock_port (port_of (port));
  return ready;
}

SCM_DEFINE_STATIC (flush_output_port, "flush-output-port", 0, 1, 0,
                   (SCM port),
                   "Write out what is buffered in output @var{port}.")
{
  port = scm_i_output_port_arg (port);
  check_open_port (port, PORT_OUTPUT, 1, "flush-output-port");
  port = output_side (port);
  struct port *pt = port_of (port);
  lock_port (pt);
  scm_i_flush_port (port);
  if (is_custom (port) && pt->functions->flush != NULL)
    {
      guard_port (pt);
      pt->functions->flush (port, pt->data);
    }
  unlock_port (pt);
  return SCM_UNSPECIFIED;
}

/* flush-output-port for C.  A closed port holds nothing to write, and
   the host's flush of a port that a script closed (a capture port, the
   REPL's output) must not raise where no catch is: it does nothing.  */
SCM
scm_force_output (SCM port)
{
  if (scm_is_port (port) && (port_flags (port) & PORT_CLOSED))
    return SCM_UNSPECIFIED;
  return flush_output_port (port);
}

SCM_DEFINE (scm_flush_all_ports, "flush-all-ports", 0, 0, 0, (void),
            "Write out what every open file output port holds, whether\n"
            "the program still refers to it or not.  If writing to one\n"
            "fails, the others are written out all the same and the first\n"
            "failure is raised after.  The @command{scm} program calls it\n"
            "before it exits.")
{
  return scm_i_flush_all_ports ();
}

/* ------------------------------------------------------------------ */

/* The standard ports of the process, shared by every instance, and
   flushed at exit so that buffered output is never lost.  */
static SCM stdin_port, stdout_port, stderr_port;

/* Write out what the standard ports hold, with no lock and no
   allocation: at exit, and on a fatal error before the host's hook
   (which may end the process with _exit or abort).  */
void
scm_i_flush_standard_ports (void)
{
  if (SCM_UNPACK (stdout_port) == 0 || SCM_UNPACK (stderr_port) == 0)
    return;                     /* before the ports exist */
  struct port *out = port_of (stdout_port), *err = port_of (stderr_port);
  size_t n = out->len;
  out->len = 0;
  int e = n > 0 ? scm_i_write_fd (out->fd, out->buf, n) : 0;
  if (e != 0)
    scm_i_exit_flush_failed ("<stdout>", n, e);
  if (err->len > 0)
    (void) !write (err->fd, err->buf, err->len);
  err->len = 0;
}

void
scm_i_flush_stdout_at_return (int may_raise)
{
  if (SCM_UNPACK (stdout_port) == 0)
    return;
  struct port *pt = port_of (stdout_port);
  /* An unlocked look first: the common case, nothing buffered, costs
     one load.  */
  if (__atomic_load_n (&pt->len, __ATOMIC_RELAXED) == 0
      || (port_flags (stdout_port) & PORT_CLOSED))
    return;
  if (may_raise)
    {
      scm_i_flush_port (stdout_port);
      return;
    }
  lock_port (pt);
  if (pt->len > 0)
    {
      fflush (stdout);
      /* Kept on failure, for the next write to report.  */
      if (write_fd (pt->fd, pt->buf, pt->len) == 0)
        pt->len = 0;
    }
  unlock_port (pt);
}

void
scm_i_init_instance_ports (struct scm_i_instance *inst)
{
  inst->current_input = inst->std_ports[0] = stdin_port;
  inst->current_output = inst->std_ports[1] = stdout_port;
  inst->current_error = inst->std_ports[2] = stderr_port;
}

/* Another instance's ports are objects of its own, so that closing
   them, or a read that leaves them at end of file, is its own affair;
   they leave the descriptors open.  Output goes out at each newline
   (as on a terminal, whatever the descriptor is), so that instances
   writing to one descriptor interleave by lines, and at most a partial
   line waits in a buffer; stderr at once, as C's.  */
void
scm_i_init_instance_own_ports (struct scm_i_instance *inst)
{
  SCM in = scm_c_fdopen (0, "r", "<stdin>", 0);
  SCM out = scm_c_fdopen (1, "w", "<stdout>", 0);
  SCM err = scm_c_fdopen (2, "w", "<stderr>", 0);
  set_port_flags (out, port_flags (out) | PORT_TTY);
  set_port_flags (err, port_flags (err) | PORT_UNBUFFERED);
  inst->current_input = inst->std_ports[0] = in;
  inst->current_output = inst->std_ports[1] = out;
  inst->current_error = inst->std_ports[2] = err;
}

void
scm_i_flush_instance_ports (struct scm_i_instance *inst)
{
  for (int i = 1; i < 3; i++)
    {
      SCM port = inst->std_ports[i];
      if (!scm_is_port (port) || port_kind (port) != PORT_FD
          || (port_flags (port) & PORT_CLOSED))
        continue;
      /* Skipped if another thread holds it: at exit that thread may
         never give it back.  */
      struct port *pt = port_of (port);
      if (__atomic_exchange_n (&pt->lock, 1, __ATOMIC_ACQUIRE))
        continue;
      if (pt->len > 0)
        (void) !write (pt->fd, pt->buf, pt->len);
      pt->len = 0;
      __atomic_store_n (&pt->lock, 0, __ATOMIC_RELEASE);
    }
}

void
scm_init_ports (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "io/ports.x"
#endif
  scm_i_init_textual_ports ();
  input_converter = SCM_CELL_OBJECT (scm_c_lookup ("%check-input-port"), 1);
  output_converter = SCM_CELL_OBJECT (scm_c_lookup ("%check-output-port"), 1);
  input_fluid = scm_cons (scm_from_utf8_symbol ("parameter"), SCM_BOOL_F);
  output_fluid = scm_cons (scm_from_utf8_symbol ("parameter"), SCM_BOOL_F);
  error_fluid = scm_cons (scm_from_utf8_symbol ("parameter"), SCM_BOOL_F);
  stdin_port = scm_c_fdopen (0, "r", "<stdin>", 0);
  stdout_port = scm_c_fdopen (1, "w", "<stdout>", 0);
  stderr_port = scm_c_fdopen (2, "w", "<stderr>", 0);
  /* stderr is written through at once, as C's is.  */
  set_port_flags (stderr_port, port_flags (stderr_port) | PORT_TTY);
  atexit (scm_i_flush_standard_ports);
}
