/* regexp.h -- regular expressions, Guile's C names
   SPDX-License-Identifier: LGPL-3.0-or-later

   Compiled regular expressions are foreign objects freed by the
   collector.  One engine of libscm's own matches POSIX patterns (these
   procedures, and (ice-9 regex)) and SRFI 115's SREs in time linear in
   the text, over all of Unicode.  */

#ifndef SCM_REGEXP_H
#define SCM_REGEXP_H

#include <libscm/scm.h>

/* (make-regexp PAT FLAG ...): FLAGS a list of regexp/ flags.  Raises
   regular-expression-syntax for a malformed PAT.  */
SCM_API SCM scm_make_regexp (SCM pat, SCM flags);
/* (regexp? OBJ).  */
SCM_API SCM scm_regexp_p (SCM obj);
/* (regexp-exec RX STR [START [FLAGS]]), SCM_UNDEFINED for an absent
   argument: Guile's match vector or #f.  */
SCM_API SCM scm_regexp_exec (SCM rx, SCM str, SCM start, SCM flags);

#endif /* SCM_REGEXP_H */
