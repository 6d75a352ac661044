/* chars.c -- characters
   SPDX-License-Identifier: LGPL-3.0-or-later

   FOUNDATION PLACEHOLDER: the strings work replaces this file.  */

#include "scm-internal.h"
#include "init-internal.h"

#include <libscm/chars.h>

SCM_DEFINE (scm_char_p, "char?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a character.")
{
  return scm_from_bool (SCM_CHARP (obj));
}

void
scm_init_chars (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "chars.x"
#endif
}
