/* version.c -- the version of libscm
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "scm-internal.h"
#include "init-internal.h"

#include <libscm/init.h>

/* A static immutable string: no allocation, no init.  */
SCM_IMMUTABLE_STRING (version_string, PACKAGE_VERSION);

SCM_DEFINE (scm_version, "version", 0, 0, 0, (void),
            "Return the version of libscm as an immutable string, such as\n"
            "@code{\"0.1.0\"}.")
{
  return version_string;
}

void
scm_init_version (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "version.x"
#endif
}
