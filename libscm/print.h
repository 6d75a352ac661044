/* print.h -- write and display
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_PRINT_H
#define SCM_PRINT_H

#include <libscm/scm.h>

/* `write': what read reads back equal?; datum labels only for cycles.
   PORT unbound means the current output port.  Any depth, no C
   recursion.  */
SCM_API SCM scm_write (SCM obj, SCM port);
/* `display': strings and characters as their contents.  */
SCM_API SCM scm_display (SCM obj, SCM port);
/* `write-shared': datum labels for every shared pair or vector.  */
SCM_API SCM scm_write_shared (SCM obj, SCM port);
/* `write-simple': no labels (loops forever on cycles, as R7RS says).  */
SCM_API SCM scm_write_simple (SCM obj, SCM port);
/* The `write' form of OBJ as a fresh string.  */
/* PRINTER: SCM_UNDEFINED (write) or a procedure (OBJ PORT).  */
SCM_API SCM scm_object_to_string (SCM obj, SCM printer);
/* The `write-shared' form of OBJ (datum labels on every shared pair
   or vector, so that its length is linear in OBJ's size) as
   NUL-terminated UTF-8 from malloc, which the caller frees.  Raises
   out-of-memory if malloc fails.  */
SCM_API char *scm_c_write_to_utf8 (SCM obj);

#endif /* SCM_PRINT_H */
