/* print.c -- write and display
   SPDX-License-Identifier: LGPL-3.0-or-later

   FOUNDATION PLACEHOLDER: recursive, no escapes or labels; the printer
   work replaces it.  */

#include "strings-internal.h"
#include "init-internal.h"

#include <stdio.h>
#include <libscm/numbers.h>
#include <libscm/ports.h>
#include <libscm/print.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>

static void
print (SCM x, SCM port, int write)
{
  char buf[64];
  if (scm_is_pair (x))
    {
      scm_c_puts (port, "(");
      print (SCM_CAR (x), port, write);
      for (x = SCM_CDR (x); scm_is_pair (x); x = SCM_CDR (x))
        {
          scm_c_puts (port, " ");
          print (SCM_CAR (x), port, write);
        }
      if (!scm_is_null (x))
        {
          scm_c_puts (port, " . ");
          print (x, port, write);
        }
      scm_c_puts (port, ")");
    }
  else if (scm_is_null (x))
    scm_c_puts (port, "()");
  else if (scm_is_eq (x, SCM_BOOL_T))
    scm_c_puts (port, "#t");
  else if (scm_is_eq (x, SCM_BOOL_F))
    scm_c_puts (port, "#f");
  else if (scm_is_number (x))
    scm_c_put_string (port, scm_number_to_string (x, SCM_UNDEFINED));
  else if (scm_is_string (x))
    {
      if (write)
        scm_c_puts (port, "\"");
      scm_c_put_string (port, x);
      if (write)
        scm_c_puts (port, "\"");
    }
  else if (scm_is_symbol (x))
    scm_c_put_string (port, scm_symbol_to_string (x));
  else if (SCM_CHARP (x))
    scm_c_putc (port, SCM_CHAR (x));
  else
    {
      snprintf (buf, sizeof buf, "#<object %#lx>",
                (unsigned long) SCM_UNPACK (x));
      scm_c_puts (port, buf);
    }
}

SCM_DEFINE (scm_write, "write", 1, 1, 0, (SCM obj, SCM port),
            "Write @var{obj} to @var{port}.")
{
  print (obj, SCM_UNBNDP (port) ? scm_current_output_port () : port, 1);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_display, "display", 1, 1, 0, (SCM obj, SCM port),
            "Display @var{obj} on @var{port}.")
{
  print (obj, SCM_UNBNDP (port) ? scm_current_output_port () : port, 0);
  return SCM_UNSPECIFIED;
}

SCM
scm_object_to_string (SCM obj)
{
  SCM port = scm_open_output_string ();
  scm_write (obj, port);
  return scm_get_output_string (port);
}

char *
scm_c_write_to_utf8 (SCM obj)
{
  return scm_to_utf8_stringn (scm_object_to_string (obj), NULL);
}

void
scm_init_print (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "print.x"
#endif
}
