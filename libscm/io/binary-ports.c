/* binary-ports.c -- bytevector ports and the byte procedures of R7RS
   SPDX-License-Identifier: LGPL-3.0-or-later

   A bytevector port is binary only; an fd port and a custom port of
   bytes take both kinds of operation.  The byte procedures read and
   write the port's byte buffer, the same one its characters go
   through, under the port's lock (ports-impl.h).  */

#include "io/ports-impl-internal.h"
#include "runtime/init-internal.h"
#include "runtime/conditions-internal.h"

#include <fcntl.h>
#include <string.h>
#include <libscm/bytevectors.h>
#include <libscm/conditions.h>
#include <libscm/numbers.h>


SCM_DEFINE_STATIC (check_port_arg, "%check-port", 1, 0, 0, (SCM x),
                   "Raise the wrong-type error of @code{call-with-port} "
                   "unless @var{x} is a port.")
{
  SCM_ASSERT_TYPE (scm_is_port (x), x, 1, "call-with-port", "port");
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_open_input_bytevector, "open-input-bytevector", 1, 0, 0,
            (SCM bv),
            "Return a binary input port that reads the bytes of bytevector "
            "@var{bv}.")
{
  SCM_ASSERT_TYPE (scm_is_bytevector (bv), bv, 1, "open-input-bytevector",
                   "bytevector");
  SCM port = scm_i_make_port (PORT_BYTEVECTOR, PORT_INPUT | PORT_BINARY,
                        SCM_BOOL_F);
  port_of (port)->source = bv;
  port_of (port)->len = SCM_BYTEVECTOR_LENGTH (bv);
  return port;
}

SCM_DEFINE (scm_open_output_bytevector, "open-output-bytevector", 0, 0, 0,
            (void),
            "Return a binary output port that accumulates the bytes written "
            "to it, for @code{get-output-bytevector}.")
{
  return scm_i_make_port (PORT_BYTEVECTOR, PORT_OUTPUT | PORT_BINARY,
                          SCM_BOOL_F);
}

SCM_DEFINE (scm_get_output_bytevector, "get-output-bytevector", 1, 0, 0,
            (SCM port),
            "Return a new bytevector of the bytes written so far to output "
            "bytevector port @var{port}.")
{
  SCM_ASSERT_TYPE (scm_is_port (port) && port_kind (port) == PORT_BYTEVECTOR
                   && (port_flags (port) & PORT_OUTPUT), port, 1,
                   "get-output-bytevector", "output bytevector port");
  struct port *pt = port_of (port);
  lock_port (pt);
  guard_port (pt);
  SCM bv = scm_c_bytevector_from_bytes (pt->buf, pt->len);
  unlock_port (pt);
  return bv;
}

SCM_DEFINE (scm_open_binary_input_file, "open-binary-input-file", 1, 0, 0,
            (SCM filename),
            "Open the file @var{filename} for reading bytes and return a "
            "binary input port; raise a file error if it cannot be opened.")
{
  return scm_i_open_file_port (filename, O_RDONLY, "rb",
                               "open-binary-input-file");
}

SCM_DEFINE (scm_open_binary_output_file, "open-binary-output-file", 1, 0, 0,
            (SCM filename),
            "Create or truncate the file @var{filename} and return a binary "
            "output port on it; raise a file error if it cannot be opened.")
{
  return scm_i_open_file_port (filename, O_WRONLY | O_CREAT | O_TRUNC, "wb",
                               "open-binary-output-file");
}

/* What read-bytevector allocates at once for a count that large.  */
#define READ_AT_ONCE 65536

/* The bytes available at once in binary input PORT (filling an fd
   port's buffer with at least one if it can), and where they are.  */
static size_t
available_bytes (SCM port, const uint8_t **bytes)
{
  struct port *pt = port_of (port);
  if (port_kind (port) == PORT_BYTEVECTOR)
    {
      *bytes = SCM_BYTEVECTOR_CONTENTS (pt->source) + pt->pos;
      return pt->len - pt->pos;
    }
  size_t n = scm_i_fill_port (port, 1);
  *bytes = pt->buf + pt->pos;
  return n;
}

/* The next byte of PORT, or -1 at the end; consumed if CONSUME.  */
static int
next_byte (SCM port, int consume, const char *who)
{
  scm_i_check_binary_port (port, PORT_INPUT, 1, who);
  const uint8_t *bytes;
  int b = -1;
  lock_port (port_of (port));
  if (available_bytes (port, &bytes) > 0)
    {
      b = bytes[0];
      if (consume)
        port_of (port)->pos++;
    }
  unlock_port (port_of (port));
  return b;
}

SCM_DEFINE (scm_read_u8, "read-u8", 0, 1, 0, (SCM port),
            "Read and return the next byte from binary input @var{port}, or "
            "the end-of-file object.")
{
  int b = next_byte (scm_i_input_port_arg (port), 1, "read-u8");
  return b < 0 ? SCM_EOF_VAL : SCM_MAKE_FIXNUM (b);
}

SCM_DEFINE (scm_peek_u8, "peek-u8", 0, 1, 0, (SCM port),
            "Return the next byte from binary input @var{port} without "
            "consuming it, or the end-of-file object.")
{
  int b = next_byte (scm_i_input_port_arg (port), 0, "peek-u8");
  return b < 0 ? SCM_EOF_VAL : SCM_MAKE_FIXNUM (b);
}

SCM_DEFINE (scm_u8_ready_p, "u8-ready?", 0, 1, 0, (SCM port),
            "Return @code{#t} if a byte is ready on binary input @var{port}, "
            "so that @code{read-u8} would not wait; also at the end of "
            "file.")
{
  port = scm_i_input_port_arg (port);
  scm_i_check_binary_port (port, PORT_INPUT, 1, "u8-ready?");
  struct port *pt = port_of (port);
  if (!is_buffered (port) || pt->pos < pt->len)
    return SCM_BOOL_T;
  return scm_from_bool (scm_i_port_input_ready (port));
}

/* Read up to N bytes from binary input PORT into DST; fewer only at the
   end of the input.  Once the buffer is drained, a request of a
   buffer's size or more goes straight from the device into DST, one
   read(2) for all of it rather than one per 4 KiB and a copy.  */
static size_t
read_bytes (SCM port, uint8_t *dst, size_t n)
{
  size_t done = 0;
  struct port *pt = port_of (port);
  lock_port (pt);
  while (done < n)
    {
      if (is_buffered (port) && pt->pos == pt->len
          && (n - done >= pt->cap
              || (port_flags (port) & PORT_READ_UNBUFFERED)))
        {
          guard_port (pt);
          size_t got = scm_i_read_device (port, dst + done, n - done);
          if (got == 0)
            break;
          done += got;
          continue;
        }
      const uint8_t *bytes;
      size_t have = available_bytes (port, &bytes);
      if (have == 0)
        break;
      if (have > n - done)
        have = n - done;
      memcpy (dst + done, bytes, have);
      port_of (port)->pos += have;
      done += have;
    }
  unlock_port (port_of (port));
  return done;
}

SCM_DEFINE (scm_read_bytevector, "read-bytevector", 1, 1, 0,
            (SCM k, SCM port),
            "Read up to @var{k} bytes from binary input @var{port} and "
            "return them as a new bytevector (shorter only at the end of "
            "the input), or the end-of-file object if none is left.")
{
  size_t n = scm_i_index_arg (k, 1, "read-bytevector");
  port = scm_i_input_port_arg (port);
  scm_i_check_binary_port (port, PORT_INPUT, 2, "read-bytevector");
  if (n == 0)
    return scm_c_make_bytevector (0);
  const uint8_t *bytes;
  struct port *pt = port_of (port);
  lock_port (pt);
  guard_port (pt);
  size_t first = available_bytes (port, &bytes);
  if (first == 0)
    {
      unlock_port (pt);
      return SCM_EOF_VAL;
    }
  /* Collect into a buffer that grows with what comes, not by K: a huge
     K on a short input must not allocate K bytes.  Up to 64 KiB is
     read straight into the result's bytevector; it is copied only if
     the input ends short of it.  */
  size_t cap = n <= READ_AT_ONCE ? n : first > READ_AT_ONCE ? first
    : READ_AT_ONCE, len = 0;
  SCM bv = scm_c_make_bytevector (cap);
  uint8_t *buf = SCM_BYTEVECTOR_CONTENTS (bv);
  for (;;)
    {
      len += read_bytes (port, buf + len, cap - len);
      if (len < cap || len == n)
        break;
      size_t bigger = cap * 2 < n ? cap * 2 : n;
      SCM b = scm_c_make_bytevector (bigger);
      memcpy (SCM_BYTEVECTOR_CONTENTS (b), buf, len);
      bv = b;
      buf = SCM_BYTEVECTOR_CONTENTS (b);
      cap = bigger;
    }
  unlock_port (pt);
  if (len == cap)
    return bv;
  SCM out = scm_c_bytevector_from_bytes (buf, len);
  scm_i_keep_alive (bv);
  return out;
}

SCM_DEFINE (scm_read_bytevector_x, "read-bytevector!", 1, 3, 0,
            (SCM bv, SCM port, SCM start, SCM end),
            "Read bytes from binary input @var{port} into bytes @var{start} "
            "(default 0) to @var{end} (default the length) of bytevector "
            "@var{bv}; return how many were read (fewer only at the end of "
            "the input), or the end-of-file object if none was left.")
{
  size_t s, e;
  SCM_ASSERT_TYPE (scm_is_bytevector (bv), bv, 1, "read-bytevector!",
                   "bytevector");
  port = scm_i_input_port_arg (port);
  scm_i_check_binary_port (port, PORT_INPUT, 2, "read-bytevector!");
  scm_i_range_args (start, end, SCM_BYTEVECTOR_LENGTH (bv), 3,
                    "read-bytevector!", &s, &e);
  if (SCM_HEADER_FLAGS (SCM_HEADER (bv)) & SCM_BYTEVECTOR_FLAG_IMMUTABLE)
    scm_i_refuse_literal (bv, "read-bytevector!");
  if (s == e)
    return SCM_MAKE_FIXNUM (0);
  size_t n = read_bytes (port, SCM_BYTEVECTOR_CONTENTS (bv) + s, e - s);
  return n == 0 ? SCM_EOF_VAL : scm_from_size_t (n);
}

/* Write N bytes to binary output PORT, keeping no line count.  */
static void
put_raw_bytes (SCM port, const uint8_t *bytes, size_t n)
{
  port = output_side (port);
  struct port *pt = port_of (port);
  lock_port (pt);
  buffer_output (port, pt, bytes, n);
  if (port_flags (port) & PORT_UNBUFFERED)
    scm_i_flush_port (port);
  unlock_port (pt);
}

SCM_DEFINE (scm_write_u8, "write-u8", 1, 1, 0, (SCM byte, SCM port),
            "Write @var{byte}, an exact integer from 0 to 255, to binary "
            "output @var{port}.")
{
  SCM_ASSERT_TYPE (SCM_FIXNUM_P (byte) && SCM_FIXNUM_VALUE (byte) >= 0
                   && SCM_FIXNUM_VALUE (byte) <= 255, byte, 1, "write-u8",
                   "byte (an exact integer from 0 to 255)");
  port = scm_i_output_port_arg (port);
  scm_i_check_binary_port (port, PORT_OUTPUT, 2, "write-u8");
  uint8_t b = (uint8_t) SCM_FIXNUM_VALUE (byte);
  put_raw_bytes (port, &b, 1);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_write_bytevector, "write-bytevector", 1, 3, 0,
            (SCM bv, SCM port, SCM start, SCM end),
            "Write bytes @var{start} (default 0) to @var{end} (default the "
            "length) of bytevector @var{bv} to binary output @var{port}.")
{
  size_t s, e;
  SCM_ASSERT_TYPE (scm_is_bytevector (bv), bv, 1, "write-bytevector",
                   "bytevector");
  port = scm_i_output_port_arg (port);
  scm_i_check_binary_port (port, PORT_OUTPUT, 2, "write-bytevector");
  scm_i_range_args (start, end, SCM_BYTEVECTOR_LENGTH (bv), 3,
                    "write-bytevector", &s, &e);
  put_raw_bytes (port, SCM_BYTEVECTOR_CONTENTS (bv) + s, e - s);
  scm_i_keep_alive (bv);
  return SCM_UNSPECIFIED;
}

void
scm_init_binary_ports (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "io/binary-ports.x"
#endif
}
