/* fdes-open.c -- opening descriptors and a few process calls, with
   Guile's names: open-fdes, open, isatty?, mknod, nice, getgroups; and
   %file-space for SRFI 170
   SPDX-License-Identifier: LGPL-3.0-or-later

   Every descriptor opened here is close-on-exec (O_CLOEXEC is always
   added), as everywhere in libscm.  */

#include "posix/posix-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/posix.h>
#include <libscm/snarf.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>

SCM_DEFINE (scm_open_fdes, "open-fdes", 2, 1, 0,
            (SCM path, SCM flags, SCM mode),
            "Open the file @var{path} with the @code{open} flags "
            "@var{flags} (@code{O_RDONLY}, @code{O_WRONLY} or "
            "@code{O_RDWR}, plus @code{O_CREAT}, @code{O_EXCL}, "
            "@code{O_TRUNC}, @code{O_APPEND}, @code{O_NOFOLLOW}...) and "
            "return the descriptor, close-on-exec.  @var{mode} (default "
            "@code{#o666}, less the umask) gives a created file's "
            "permissions.")
{
  static const char who[] = "open-fdes";
  char buf[SCM_I_PATH_BUF];
  scm_i_posix_path (path, 1, who, buf);
  int fl = scm_i_posix_int (flags, 2, who, 0, INT_MAX);
  int m = SCM_UNBNDP (mode) ? 0666 : scm_i_posix_int (mode, 3, who, 0, 07777);
  int fd = open (buf, fl | O_CLOEXEC, (mode_t) m);
  if (fd < 0)
    scm_i_posix_error_obj (who, errno, path);
  return scm_from_int (fd);
}

SCM_DEFINE (scm_open, "open", 2, 1, 0, (SCM path, SCM flags, SCM mode),
            "Open the file @var{path} as @code{open-fdes} does and return a "
            "port on it: an input port for @code{O_RDONLY}, an output "
            "port for @code{O_WRONLY}, a port for both for "
            "@code{O_RDWR}.")
{
  SCM fd = scm_open_fdes (path, flags, mode);
  int acc = scm_to_int (flags) & O_ACCMODE;
  const char *m = acc == O_RDONLY ? "r" : acc == O_WRONLY ? "w" : "r+";
  return scm_fdopen (fd, scm_from_utf8_string (m));
}

SCM_DEFINE (scm_isatty_p, "isatty?", 1, 0, 0, (SCM port),
            "Return @code{#t} if @var{port} (or descriptor) is open on a "
            "terminal.")
{
  int fd = scm_i_posix_fd_arg (port, 1, "isatty?");
  if (isatty (fd))
    return SCM_BOOL_T;
  if (errno != ENOTTY && errno != EINVAL)
    scm_i_posix_error_obj ("isatty?", errno, port);
  return SCM_BOOL_F;
}

SCM_SYMBOL (sym_regular, "regular");
SCM_SYMBOL (sym_fifo, "fifo");
SCM_SYMBOL (sym_socket, "socket");
SCM_SYMBOL (sym_char_special, "char-special");
SCM_SYMBOL (sym_block_special, "block-special");

SCM_DEFINE (scm_mknod, "mknod", 4, 0, 0,
            (SCM path, SCM type, SCM perms, SCM dev),
            "Make a file system node @var{path} of @var{type}: "
            "@code{regular}, @code{fifo}, @code{socket}, "
            "@code{char-special} or @code{block-special} (then @var{dev} "
            "is the device number), with the permissions @var{perms}, "
            "less the umask.")
{
  static const char who[] = "mknod";
  char buf[SCM_I_PATH_BUF];
  scm_i_posix_path (path, 1, who, buf);
  mode_t kind;
  if (scm_is_eq (type, sym_regular))
    kind = S_IFREG;
  else if (scm_is_eq (type, sym_fifo))
    kind = S_IFIFO;
  else if (scm_is_eq (type, sym_socket))
    kind = S_IFSOCK;
  else if (scm_is_eq (type, sym_char_special))
    kind = S_IFCHR;
  else if (scm_is_eq (type, sym_block_special))
    kind = S_IFBLK;
  else
    scm_wrong_type_arg_msg (who, 2, type,
                            "regular, fifo, socket, char-special or "
                            "block-special");
  int p = scm_i_posix_int (perms, 3, who, 0, 07777);
  SCM_ASSERT_TYPE (scm_is_unsigned_integer (dev, 0, UINT64_MAX), dev, 4, who,
                   "device number");
  if (mknod (buf, kind | (mode_t) p, (dev_t) scm_to_uint64 (dev)) != 0)
    scm_i_posix_error_obj (who, errno, path);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_nice, "nice", 1, 0, 0, (SCM incr),
            "Add @var{incr} to the niceness of the process (a higher one "
            "is less favoured by the scheduler) and return the new "
            "niceness (Guile returns nothing in particular).")
{
  int n = scm_i_posix_int (incr, 1, "nice", -100, 100);
  errno = 0;
  int r = nice (n);
  if (r == -1 && errno != 0)
    scm_i_posix_error_obj ("nice", errno, incr);
  return scm_from_int (r);
}

SCM_DEFINE (scm_getgroups, "getgroups", 0, 0, 0, (void),
            "Return a vector of the supplementary group ids of the "
            "process.")
{
  int n = getgroups (0, NULL);
  if (n < 0)
    scm_i_posix_error ("getgroups", errno, NULL);
  gid_t *g = calloc ((size_t) n + 1, sizeof *g);
  if (g == NULL)
    scm_out_of_memory ("getgroups", ((size_t) n + 1) * sizeof *g);
  n = getgroups (n, g);
  int err = errno;
  SCM v = scm_c_make_vector (n > 0 ? (size_t) n : 0, SCM_BOOL_F);
  for (int i = 0; i < n; i++)
    scm_c_vector_set_x (v, (size_t) i, scm_from_uint64 (g[i]));
  free (g);
  if (n < 0)
    scm_i_posix_error ("getgroups", err, NULL);
  return v;
}

SCM_DEFINE (scm_file_space, "%file-space", 1, 0, 0, (SCM path_or_port),
            "Return the bytes free for an unprivileged user on the file "
            "system of @var{path-or-port} (SRFI 170's @code{file-space}).")
{
  static const char who[] = "file-space";
  struct statvfs st;
  int r;
  if (scm_is_string (path_or_port))
    {
      char buf[SCM_I_PATH_BUF];
      r = statvfs (scm_i_posix_path (path_or_port, 1, who, buf), &st);
    }
  else
    r = fstatvfs (scm_i_posix_fd_arg (path_or_port, 1, who), &st);
  if (r != 0)
    scm_i_posix_error_obj (who, errno, path_or_port);
  return scm_from_uint64 ((uint64_t) st.f_bavail * st.f_frsize);
}

SCM_DEFINE (scm_errno_name, "%errno-name", 1, 0, 0, (SCM err),
            "Return the name of the error number @var{err} as a symbol "
            "(@code{ENOENT}), or @code{#f} if the system has none for it "
            "(SRFI 170's @code{posix-error-name}).")
{
  int e = scm_i_posix_int (err, 1, "%errno-name", INT_MIN, INT_MAX);
#ifdef HAVE_STRERRORNAME_NP
  const char *name = strerrorname_np (e);
  return name != NULL ? scm_from_utf8_symbol (name) : SCM_BOOL_F;
#else
  (void) e;
  return SCM_BOOL_F;
#endif
}

static const struct { const char *name; int value; } constants[] = {
  { "O_CREAT", O_CREAT }, { "O_EXCL", O_EXCL }, { "O_TRUNC", O_TRUNC },
  { "O_NOFOLLOW", O_NOFOLLOW }, { "O_NOCTTY", O_NOCTTY },
  { "O_SYNC", O_SYNC }, { "O_CLOEXEC", O_CLOEXEC },
};

void
scm_init_fdes_open (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "posix/fdes-open.x"
#endif
  for (size_t i = 0; i < sizeof constants / sizeof constants[0]; i++)
    scm_c_define (constants[i].name, scm_from_int (constants[i].value));
}
