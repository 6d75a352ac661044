/* port-positions.c -- where a port is, and moving it
   SPDX-License-Identifier: LGPL-3.0-or-later

   Guile's seek and ftell, R6RS's port-position and set-port-position!.
   A position counts bytes on fd and bytevector
   ports and characters on string ports.  An fd port's position is the
   descriptor's less what is read ahead in the buffer (input) or plus
   what waits in it (output); setting it flushes output, drops what is
   read ahead, and lseeks.  Input string and bytevector ports move over
   their source; output ones only tell how much was written (they
   append, so setting their position is refused).  Custom ports have no
   positions: their C interface has no seek.  */

#include "io/ports-impl-internal.h"
#include "runtime/init-internal.h"

#include <errno.h>
#include <unistd.h>
#include <unistr.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>

#ifndef SEEK_SET
# define SEEK_SET 0
# define SEEK_CUR 1
# define SEEK_END 2
#endif

/* Whether an fd port's descriptor can seek (not a pipe, socket or
   terminal).  */
static int
fd_can_seek (struct port *pt)
{
  return lseek (pt->fd, 0, SEEK_CUR) >= 0;
}

static int
has_position (SCM port)
{
  switch (port_kind (port))
    {
    case PORT_STRING:
    case PORT_BYTEVECTOR:
      return 1;
    case PORT_FD:
      return fd_can_seek (port_of (port));
    default:
      return 0;
    }
}

static int
can_set_position (SCM port)
{
  if (port_kind (port) == PORT_FD)
    return fd_can_seek (port_of (port));
  return (port_kind (port) == PORT_STRING
          || port_kind (port) == PORT_BYTEVECTOR)
    && (port_flags (port) & PORT_INPUT);
}

/* The current position of PORT, whose lock the caller holds.  */
static int64_t
current_position (SCM port, const char *who)
{
  struct port *pt = port_of (port);
  if (port_kind (port) == PORT_FD)
    {
      off_t off = lseek (pt->fd, 0, SEEK_CUR);
      if (off < 0)
        {
          guard_port (pt);
          scm_file_error (who, scm_i_port_name (port), errno);
        }
      return (port_flags (port) & PORT_INPUT)
        ? (int64_t) off - (int64_t) (pt->len - pt->pos)
        : (int64_t) off + (int64_t) pt->len;
    }
  if (port_flags (port) & PORT_INPUT)
    return (int64_t) pt->pos;
  /* An output string port holds UTF-8: its position is in characters.  */
  if (port_kind (port) == PORT_STRING)
    return pt->len ? (int64_t) u8_mbsnlen (pt->buf, pt->len) : 0;
  return (int64_t) pt->len;
}

/* Move PORT (locked by the caller) to OFFSET from WHENCE; return the new
   position.  */
static int64_t
move_port (SCM port, int64_t offset, int whence, SCM offset_arg,
           const char *who)
{
  struct port *pt = port_of (port);
  guard_port (pt);
  if (port_kind (port) == PORT_FD)
    {
      if (port_flags (port) & PORT_OUTPUT)
        scm_i_flush_port (port);
      else if (whence == SEEK_CUR)
        offset -= (int64_t) (pt->len - pt->pos);
      off_t off = lseek (pt->fd, (off_t) offset, whence);
      if (off < 0)
        {
          if (errno == EINVAL)
            scm_out_of_range_pos (who, offset_arg, SCM_MAKE_FIXNUM (2));
          scm_file_error (who, scm_i_port_name (port), errno);
        }
      pt->pos = pt->len = 0;
      if (off == 0)
        {
          pt->line = 1;
          pt->column = 0;
        }
      return (int64_t) off;
    }
  int64_t base = whence == SEEK_SET ? 0
    : whence == SEEK_CUR ? (int64_t) pt->pos : (int64_t) pt->len;
  int64_t target = base + offset;
  if (target < 0 || target > (int64_t) pt->len)
    scm_out_of_range_pos (who, offset_arg, SCM_MAKE_FIXNUM (2));
  pt->pos = (size_t) target;
  if (target == 0)
    {
      pt->line = 1;
      pt->column = 0;
    }
  return target;
}

static void
check_position_port (SCM port, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_port (port), port, 1, who, "port");
  if (port_flags (port) & PORT_CLOSED)
    scm_c_raise_error ("wrong-type-arg", who, "port is closed",
                       scm_list_1 (port));
}

/* Set PORT's position: the work of seek and set-port-position!.  */
static int64_t
seek_port (SCM port, SCM offset, int whence, const char *who)
{
  check_position_port (port, who);
  SCM_ASSERT_TYPE (scm_is_signed_integer (offset, INT64_MIN, INT64_MAX),
                   offset, 2, who, "exact integer");
  int64_t off = scm_to_int64 (offset);
  if (!can_set_position (port))
    scm_c_raise_error ("wrong-type-arg", who,
                       has_position (port)
                       ? "the port's position cannot be set (an output "
                       "string or bytevector port only appends)"
                       : "the port has no position (a pipe, a terminal, "
                       "a socket or a custom port)", scm_list_1 (port));
  struct port *pt = port_of (port);
  lock_port (pt);
  int64_t at = whence == SEEK_CUR && scm_is_eq (offset, SCM_MAKE_FIXNUM (0))
    ? current_position (port, who) : move_port (port, off, whence, offset,
                                                 who);
  unlock_port (pt);
  return at;
}

/* PORT's position, for WHO (ftell, port-position).  */
static SCM
tell_port (SCM port, const char *who)
{
  check_position_port (port, who);
  if (!has_position (port))
    scm_c_raise_error ("wrong-type-arg", who,
                       "the port has no position (a pipe, a terminal, a "
                       "socket or a custom port)", scm_list_1 (port));
  struct port *pt = port_of (port);
  lock_port (pt);
  int64_t at = current_position (port, who);
  unlock_port (pt);
  return scm_from_int64 (at);
}

SCM_DEFINE (scm_seek, "seek", 3, 0, 0, (SCM port, SCM offset, SCM whence),
            "Move @var{port} to @var{offset} from @var{whence} and return\n"
            "the new position: @code{SEEK_SET} counts from the start,\n"
            "@code{SEEK_CUR} from the current position, @code{SEEK_END}\n"
            "from the end.  Positions count bytes on file and bytevector\n"
            "ports and characters on string ports; @code{(seek port 0\n"
            "SEEK_CUR)} only tells the position.  Output is flushed and\n"
            "what was read ahead dropped.  A port that cannot seek (a\n"
            "pipe, a terminal, a custom port; setting an output string or\n"
            "bytevector port) raises an error, as does a position before\n"
            "the start (or past the end of a string or bytevector).")
{
  static const char who[] = "seek";
  SCM_ASSERT_TYPE (SCM_FIXNUM_P (whence), whence, 3, who,
                   "SEEK_SET, SEEK_CUR or SEEK_END");
  long w = SCM_FIXNUM_VALUE (whence);
  if (w != SEEK_SET && w != SEEK_CUR && w != SEEK_END)
    scm_out_of_range_pos (who, whence, SCM_MAKE_FIXNUM (3));
  if (w == SEEK_CUR && scm_is_eq (offset, SCM_MAKE_FIXNUM (0)))
    return scm_ftell (port);
  return scm_from_int64 (seek_port (port, offset, (int) w, who));
}

SCM_DEFINE (scm_ftell, "ftell", 1, 0, 0, (SCM port),
            "Return the position of @var{port}: @code{(seek port 0\n"
            "SEEK_CUR)}.  Raise an error if it has none.")
{
  return tell_port (port, "ftell");
}

SCM_DEFINE (scm_port_position, "port-position", 1, 0, 0, (SCM port),
            "Return the position of @var{port} (R6RS), as @code{ftell}\n"
            "does.")
{
  return tell_port (port, "port-position");
}

SCM_DEFINE (scm_set_port_position_x, "set-port-position!", 2, 0, 0,
            (SCM port, SCM pos),
            "Move @var{port} to position @var{pos} (R6RS), counted from\n"
            "the start as @code{(seek port pos SEEK_SET)} does.")
{
  static const char who[] = "set-port-position!";
  check_position_port (port, who);
  if (scm_is_signed_integer (pos, INT64_MIN, -1))
    scm_out_of_range_pos (who, pos, SCM_MAKE_FIXNUM (2));
  seek_port (port, pos, SEEK_SET, who);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_port_has_port_position_p, "port-has-port-position?", 1, 0, 0,
            (SCM port),
            "Return @code{#t} if @var{port} has a position that\n"
            "@code{port-position} can tell (R6RS).")
{
  SCM_ASSERT_TYPE (scm_is_port (port), port, 1, "port-has-port-position?",
                   "port");
  return scm_from_bool (!(port_flags (port) & PORT_CLOSED)
                        && has_position (port));
}

SCM_DEFINE (scm_port_has_set_port_position_x_p,
            "port-has-set-port-position!?", 1, 0, 0, (SCM port),
            "Return @code{#t} if @code{set-port-position!} can move\n"
            "@var{port} (R6RS).")
{
  SCM_ASSERT_TYPE (scm_is_port (port), port, 1,
                   "port-has-set-port-position!?", "port");
  return scm_from_bool (!(port_flags (port) & PORT_CLOSED)
                        && can_set_position (port));
}

void
scm_init_port_positions (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "io/port-positions.x"
#endif
  scm_c_define ("SEEK_SET", SCM_MAKE_FIXNUM (SEEK_SET));
  scm_c_define ("SEEK_CUR", SCM_MAKE_FIXNUM (SEEK_CUR));
  scm_c_define ("SEEK_END", SCM_MAKE_FIXNUM (SEEK_END));
}
