/* charsets-internal.h -- what the string procedures need of char-sets
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_CHARSETS_INTERNAL_H
#define SCM_CHARSETS_INTERNAL_H

#include "runtime/scm-internal.h"
#include <libscm/charsets.h>

/* The inversion list of char-set CS, which the caller has checked: *N
   boundaries (an even number), ascending; the set holds the code
   points C with R[2i] <= C < R[2i+1].  Read-only.  */
SCM_INTERNAL void scm_i_char_set_ranges (SCM cs, const uint32_t **r,
                                         size_t *n);
/* Whether the ranges R[0..N) contain C (binary search).  */
SCM_INTERNAL int scm_i_ranges_contain (const uint32_t *r, size_t n,
                                       uint32_t c);

#endif /* SCM_CHARSETS_INTERNAL_H */
