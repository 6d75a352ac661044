/* srcpos-internal.h -- what the reader tells srcpos.c
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_SRCPOS_INTERNAL_H
#define SCM_SRCPOS_INTERNAL_H

#include "runtime/scm-internal.h"

#define SCM_I_POSITION_MAX_LINE UINT32_MAX
#define SCM_I_POSITION_MAX_COLUMN 0x7fffffffu

/* A position packed in a word: line in the high 32 bits, column in bits
   1-31, bit 0 set (so that it is never 0).  */
static inline uint64_t
scm_i_position_data (uint32_t line, uint32_t column)
{
  if (column > SCM_I_POSITION_MAX_COLUMN)
    column = SCM_I_POSITION_MAX_COLUMN;
  return ((uint64_t) line << 32) | ((uint64_t) column << 1) | 1;
}

/* A pair and its packed position, waiting to be entered.  */
struct scm_i_pending_position
{
  SCM pair;
  uint64_t data;
};

/* Enter N positions from PENDING, all in FILE (a string or #f).  One
   lock for the batch.  Raises out-of-memory.  */
SCM_INTERNAL void scm_i_record_positions
  (const struct scm_i_pending_position *pending, size_t n, SCM file);

/* Give PAIR, which macro MACRO's expansion made (MACRO its name, a
   symbol), the position of the use (FILE, LINE, COLUMN).  */
SCM_INTERNAL void scm_i_set_expansion_position (SCM pair, SCM file,
                                                long line, long column,
                                                SCM macro);
/* scm_c_source_position, and in *MACRO the index of the macro whose
   expansion made pair DATUM, or 0: a number that stays valid for the
   process (scm_i_macro_of_index).  */
SCM_INTERNAL int scm_i_source_position (SCM datum, SCM *file, long *line,
                                        long *column, uint32_t *macro);
/* The name of the macro of index I (nonzero), a symbol.  */
SCM_INTERNAL SCM scm_i_macro_of_index (uint32_t i);

#endif /* SCM_SRCPOS_INTERNAL_H */
