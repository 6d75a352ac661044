/* filesys.h -- the file system: whether a file exists, deleting one
   SPDX-License-Identifier: LGPL-3.0-or-later

   File names are strings, passed to the system in UTF-8; a name that
   holds a NUL character raises wrong-type-arg.  */

#ifndef SCM_FILESYS_H
#define SCM_FILESYS_H

#include <libscm/scm.h>

/* #t if FILENAME names an existing file (following symbolic links),
   #f if it does not or cannot be reached.  */
SCM_API SCM scm_file_exists_p (SCM filename);
/* Delete FILENAME; raise a file error if it cannot be deleted.  */
SCM_API SCM scm_delete_file (SCM filename);

#endif /* SCM_FILESYS_H */
