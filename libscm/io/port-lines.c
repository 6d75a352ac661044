/* port-lines.c -- Guile's port-line, port-column and their setters
   SPDX-License-Identifier: LGPL-3.0-or-later

   Every port counts lines and columns as characters go through it
   (ports.c): input as they are read, output as they are written.  These
   procedures show and set those counters with Guile's conventions: both
   count from 0 (the port stores lines from 1, for messages).  The
   column of what was written is what (ice-9 format)'s ~& and ~t and the
   pretty printer need to know where a line stands.  A custom port of
   both directions counts its output apart: an output port's counters
   are those of its output side.  */

#include "io/ports-impl-internal.h"
#include "runtime/init-internal.h"

#include <limits.h>

#include <libscm/conditions.h>
#include <libscm/numbers.h>

/* The structure whose counters PORT shows, argument POS of WHO.  */
static struct port *
counted_port (SCM port, int pos, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_port (port), port, pos, who, "port");
  if (port_flags (port) & PORT_OUTPUT)
    port = output_side (port);
  return port_of (port);
}

/* VALUE as a count from 0, argument 2 of WHO.  */
static long
count_arg (SCM value, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_exact_integer (value), value, 2, who,
                   "exact integer");
  if (!scm_is_signed_integer (value, 0, LONG_MAX - 1))
    scm_i_out_of_range (who, 2, value);
  return scm_to_long (value);
}

SCM_DEFINE (scm_port_line, "port-line", 1, 0, 0, (SCM port),
            "Return the line of @var{port}'s next character, counted from\n"
            "0: how many newlines have been read from it (an input port)\n"
            "or written to it (an output port).")
{
  return scm_from_long (counted_port (port, 1, "port-line")->line - 1);
}

SCM_DEFINE (scm_port_column, "port-column", 1, 0, 0, (SCM port),
            "Return the column of @var{port}'s next character, counted\n"
            "from 0: how many characters have been read or written since\n"
            "the last newline.  @code{(ice-9 format)}'s @code{~&} and\n"
            "@code{~t} use it on output ports.")
{
  return scm_from_long (counted_port (port, 1, "port-column")->column);
}

/* Set PORT's line (LINE nonzero) or column to VALUE, from 0.  */
static SCM
set_counter (SCM port, SCM value, int line, const char *who)
{
  struct port *pt = counted_port (port, 1, who);
  long n = count_arg (value, who);
  lock_port (pt);
  if (line)
    pt->line = n + 1;
  else
    pt->column = n;
  unlock_port (pt);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_set_port_line_x, "set-port-line!", 2, 0, 0,
            (SCM port, SCM line),
            "Set the line of @var{port} to @var{line} (from 0); it counts\n"
            "on from there.")
{
  return set_counter (port, line, 1, "set-port-line!");
}

SCM_DEFINE (scm_set_port_column_x, "set-port-column!", 2, 0, 0,
            (SCM port, SCM column),
            "Set the column of @var{port} to @var{column} (from 0); it\n"
            "counts on from there until the next newline.")
{
  return set_counter (port, column, 0, "set-port-column!");
}

void
scm_init_port_lines (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "io/port-lines.x"
#endif
}
