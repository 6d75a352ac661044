/* docstrings.h -- the primitives' documentation, from libscm.doc
   SPDX-License-Identifier: LGPL-3.0-or-later

   scm-snarf -d collects every SCM_DEFINE's docstring into libscm.doc,
   which `make install' puts in $(pkgdatadir).  This is what reads it:
   for the REPL's ,describe and (procedure-documentation).  The file is
   looked for at $SCM_DOC_FILE, then in the build tree libscm was built
   in, then at $(pkgdatadir)/libscm.doc.  */

#ifndef SCM_DOCSTRINGS_H
#define SCM_DOCSTRINGS_H

#include <libscm/scm.h>

/* The file name of libscm.doc that the look-ups use, or NULL if none
   of the places holds a readable file.  Raises no error.  */
SCM_API const char *scm_c_documentation_file (void);
/* The docstring (Texinfo) of the primitive NAME (UTF-8), a string, or
   #f if there is none or no libscm.doc was found.  Raises only
   out-of-memory errors.  */
SCM_API SCM scm_c_documentation (const char *name);
/* Scheme: (procedure-documentation PROC-OR-NAME).  */
SCM_API SCM scm_procedure_documentation (SCM proc);
/* Print on PORT, as plain text, the call form and documentation of the
   primitive NAME: for the REPL's ,describe.  Returns 1 if NAME has
   documentation, else 0 after printing why not.  Raises what writing
   on PORT raises.  */
SCM_API int scm_c_describe (const char *name, SCM port);


#endif /* SCM_DOCSTRINGS_H */
