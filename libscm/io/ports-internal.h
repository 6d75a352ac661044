/* ports-internal.h -- port state that other files of the library use
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_PORTS_INTERNAL_H
#define SCM_PORTS_INTERNAL_H

#include "runtime/scm-internal.h"

/* Whether #!fold-case is in effect for input port PORT (the reader's
   state, kept with the port so that it lasts across calls to read).  */
/* Write OBJ on PORT as write does, but with at most MAX_LENGTH elements
   of each list or vector and MAX_DEPTH levels of nesting (0: no limit),
   what is left out shown as "...": the REPL's printing.  */
SCM_INTERNAL void scm_i_write_limited (SCM obj, SCM port, size_t max_length,
                                       size_t max_depth);
SCM_INTERNAL int scm_i_port_fold_case (SCM port);
SCM_INTERNAL void scm_i_set_port_fold_case (SCM port, int on);

/* Where the last datum that read took from PORT started (line and
   column from 1; 0 and 0 before any): the reader records it, so that
   a top-level symbol, which has no source position of its own, can be
   located (scm_i_locate_toplevel_symbol, eval.c).  */
SCM_INTERNAL void scm_i_set_port_datum_start (SCM port, long line,
                                              long column);
SCM_INTERNAL void scm_i_port_datum_start (SCM port, long *line,
                                          long *column);

/* Make the next character of PORT count as on line LINE (from 1),
   column 0: for text that continues earlier input (the REPL's lines).  */
SCM_INTERNAL void scm_i_set_port_line (SCM port, long line);

/* A whole input operation under one taking of PORT's lock (the reader's
   datum, a line): scm_i_begin_input checks that PORT is an open textual
   input port (argument POS of WHO) and takes the lock; until
   scm_i_end_input gives it back, scm_i_getc_locked and
   scm_i_peekc_locked read characters without taking it again.  Between
   the two, before anything that can raise or call out that the port's
   own I/O does not (allocation, a syntax error, an interrupt check),
   call scm_i_guard_input: it makes an unwind give the lock back (once
   per operation; the port's device I/O guards itself).  Other threads
   wait for the whole operation.  */
SCM_INTERNAL void scm_i_begin_input (SCM port, int pos, const char *who);
SCM_INTERNAL void scm_i_guard_input (SCM port);
SCM_INTERNAL void scm_i_end_input (SCM port);
SCM_INTERNAL int32_t scm_i_getc_locked (SCM port);
SCM_INTERNAL int32_t scm_i_peekc_locked (SCM port);

#endif /* SCM_PORTS_INTERNAL_H */
