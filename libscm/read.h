/* read.h -- the reader: R7RS external syntax with source positions
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_READ_H
#define SCM_READ_H

#include <libscm/scm.h>

/* Read one datum from PORT (the current input port if unbound); the eof
   object at end of input.  A malformed datum raises a read-error whose
   message starts "FILE:LINE:COLUMN: ".  Any nesting depth is read
   without C recursion.  */
SCM_API SCM scm_read (SCM port);
/* Read from a UTF-8 C string, for tests and embedders.  */
SCM_API SCM scm_c_read_string (const char *utf8);

/* The source position recorded for pair DATUM when it was read:
   a vector #(FILE LINE COLUMN) (line from 1, column from 1), or #f.  */
SCM_API SCM scm_source_position (SCM datum);

#endif /* SCM_READ_H */
