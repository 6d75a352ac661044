/* read.c -- the reader
   SPDX-License-Identifier: LGPL-3.0-or-later

   FOUNDATION PLACEHOLDER: the reader work replaces this file.  */

#include "scm-internal.h"
#include "init-internal.h"

#include <libscm/conditions.h>
#include <libscm/ports.h>
#include <libscm/read.h>

SCM_DEFINE (scm_read, "read", 0, 1, 0, (SCM port),
            "Read a datum from @var{port}.")
{
  scm_c_raise_errorf ("read-error", "read", "the reader is not built yet");
}

SCM
scm_c_read_string (const char *utf8)
{
  return scm_read (scm_c_open_input_string (utf8));
}

SCM
scm_source_position (SCM datum)
{
  return SCM_BOOL_F;
}

void
scm_init_read (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "read.x"
#endif
}
