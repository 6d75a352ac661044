/* holder.c -- a shared library of the test suite whose only job is to
   keep a Scheme value in one of its globals, as an embedder's library
   may (see test-roots.c).
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <libscm.h>

/* Static, and reached only through the functions below: a reference
   to it from the program would make the linker copy it into the
   program's own data (a copy relocation).  */
static SCM holder_value;

void holder_keep (SCM value);
SCM holder_get (void);

void
holder_keep (SCM value)
{
  holder_value = value;
}

SCM
holder_get (void)
{
  return holder_value;
}
