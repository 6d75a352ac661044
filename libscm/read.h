/* read.h -- the reader: R7RS external syntax with source positions
   SPDX-License-Identifier: LGPL-3.0-or-later

   The reader takes the whole R7RS external syntax, plus keywords #:foo
   (and #:|odd name|) and a "#!/..." script line at the very start of
   the input.  #u8(...) reads a bytevector, whose elements must be
   exact integers from 0 to 255.  [ ] { } are reserved, as R7RS says:
   an error.
   #!fold-case and #!no-fold-case hold for the rest of the port, across
   calls to read; fold-case folds identifiers (Unicode full case folding)
   and character names, not |symbols|, strings or single characters.
   Datum labels #N= and #N# may make cycles, in lists and vectors.
   Nesting depth is bounded by memory, not by the C stack.

   Errors.  A malformed datum raises a condition of kind read-error
   (read-error? is true) with no `who', whose message is
   "FILE:LINE:COLUMN: WHAT": FILE is the port's file name, or "<port>" if
   it has none (string ports); LINE and COLUMN count from 1 and point at
   the start of the offending token, or at the character where the
   input went wrong (the end of the file for an unterminated list,
   vector, string or comment, whose message names where it was opened).
   WHAT says what was found and what was expected.  A number too large
   for this build is a read error too.  After an error the port is left
   just past what was read, so reading again goes on from there.

   Source positions.  Every pair that the reader makes is recorded in a
   process-wide weak table with its file name (or #f) and the line and
   column where its datum starts: the `(' for a list's first pair, the
   element for the others, the `'' for (quote x).  An entry goes away
   with its pair.  */

#ifndef SCM_READ_H
#define SCM_READ_H

#include <libscm/scm.h>

/* Read one datum from PORT (the current input port if unbound); the eof
   object at end of input.  Raises a read-error for malformed input, a
   wrong-type-arg error if PORT is no input port, and what reading the
   port raises (decoding errors, file errors).  */
SCM_API SCM scm_read (SCM port);
/* Read the first datum of a UTF-8 C string, for tests and embedders.
   Raises as scm_read does.  */
SCM_API SCM scm_c_read_string (const char *utf8);

/* The source position recorded for pair DATUM: a vector
   #(FILE LINE COLUMN) (line and column from 1), or #f.  Raises no
   error.  */
SCM_API SCM scm_source_position (SCM datum);
/* The same without allocating: nonzero, with *FILE (a string or #f),
   *LINE and *COLUMN set, if DATUM has a position; else 0.  */
SCM_API int scm_c_source_position (SCM datum, SCM *file, long *line,
                                   long *column);
/* Record a position for PAIR (for code that makes forms from others,
   such as a macro expander).  FILE is a string or #f; LINE and COLUMN
   count from 1.  Raises wrong-type-arg or out-of-range on bad
   arguments.  */
SCM_API void scm_c_set_source_position (SCM pair, SCM file, long line,
                                        long column);

/* How many pairs have a position recorded now: those still alive, and
   those that died since the last collection.  For tests and statistics;
   raises no error.  */
SCM_API size_t scm_c_source_position_count (void);

/* Nonzero if OBJ is a read error raised because the input ended inside
   a datum (an unterminated list, string or comment; nothing after a
   quote): more input could complete it.  A REPL uses this to ask for
   another line.  Raises no error.  */
SCM_API int scm_is_incomplete_read_error (SCM obj);

#endif /* SCM_READ_H */
