/* ports-internal.h -- port state that other files of the library use
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_PORTS_INTERNAL_H
#define SCM_PORTS_INTERNAL_H

#include "scm-internal.h"

/* Whether #!fold-case is in effect for input port PORT (the reader's
   state, kept with the port so that it lasts across calls to read).  */
/* Print a formatted message of at most a line or two (1 KiB) on PORT.  */
SCM_INTERNAL void scm_i_putf (SCM port, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));
SCM_INTERNAL int scm_i_port_fold_case (SCM port);
SCM_INTERNAL void scm_i_set_port_fold_case (SCM port, int on);

/* Make the next character of PORT count as on line LINE (from 1),
   column 0: for text that continues earlier input (the REPL's lines).  */
SCM_INTERNAL void scm_i_set_port_line (SCM port, long line);

#endif /* SCM_PORTS_INTERNAL_H */
