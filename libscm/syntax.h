/* syntax.h -- syntax objects and identifiers, for syntax-case macros
   SPDX-License-Identifier: LGPL-3.0-or-later

   A syntax object is a datum whose identifiers may be renamed
   identifiers (aliases) that a macro introduced; see the manual's
   Macros section.  */

#ifndef SCM_SYNTAX_H
#define SCM_SYNTAX_H

#include <libscm/scm.h>

SCM_API SCM scm_identifier_p (SCM obj);
SCM_API SCM scm_syntax_to_datum (SCM syntax);
SCM_API SCM scm_datum_to_syntax (SCM template_id, SCM datum);
SCM_API SCM scm_bound_identifier_p (SCM a, SCM b);
SCM_API SCM scm_free_identifier_p (SCM a, SCM b);
SCM_API SCM scm_generate_temporaries (SCM list);
/* The full expansion of EXP, as a datum of core forms.  */
SCM_API SCM scm_macroexpand (SCM exp);

#endif /* SCM_SYNTAX_H */
