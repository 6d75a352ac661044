/* filesys.c -- the file system procedures of (scheme file)
   SPDX-License-Identifier: LGPL-3.0-or-later

   Opening files is in ports.c; here is what R7RS asks of the file
   system beside that: file-exists? and delete-file.  */

#include "posix/posix-internal.h"

#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>
#include <libscm/conditions.h>
#include <libscm/filesys.h>
#include <libscm/snarf.h>

SCM_DEFINE (scm_file_exists_p, "file-exists?", 1, 0, 0, (SCM filename),
            "Return @code{#t} if the file @var{filename} exists (a\n"
            "symbolic link counts if what it points to exists), and\n"
            "@code{#f} if it does not or cannot be reached, as when a\n"
            "directory on the way may not be searched.")
{
  struct stat st;
  char buf[SCM_I_PATH_BUF];
  char *name = scm_i_posix_path (filename, 1, "file-exists?", buf);
  return scm_from_bool (stat (name, &st) == 0);
}

SCM_DEFINE (scm_delete_file, "delete-file", 1, 0, 0, (SCM filename),
            "Delete the file @var{filename}; raise a file error, naming\n"
            "the file and the reason, if it does not exist or cannot be\n"
            "deleted.")
{
  char buf[SCM_I_PATH_BUF];
  char *name = scm_i_posix_path (filename, 1, "delete-file", buf);
  if (unlink (name) != 0)
    scm_file_error ("delete-file", name, errno);
  return SCM_UNSPECIFIED;
}

void
scm_init_filesys (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "posix/filesys.x"
#endif
}
