/* proc-maps-internal.h -- the lines of /proc/self/maps, read without
   allocating (see proc-maps.c)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_PROC_MAPS_INTERNAL_H
#define SCM_PROC_MAPS_INTERNAL_H

#include <stddef.h>

/* Call EACH (LINE, DATA) with each line of /proc/self/maps in order,
   its newline replaced by a NUL, until EACH returns nonzero.  BUF, of
   SIZE bytes, holds the text a piece at a time; a line longer than it
   is skipped.  Returns -1 if the file cannot be read, else 0.  No
   allocation and no lock: for libgc's callbacks and for code that
   places memory.  */
int scm_i_each_mapping (char *buf, size_t size,
                        int (*each) (char *line, void *data), void *data);

#endif /* SCM_PROC_MAPS_INTERNAL_H */
