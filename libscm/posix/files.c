/* files.c -- files and directories with Guile's names: stat, links,
   permissions, directory streams, the working directory, temporary
   files
   SPDX-License-Identifier: LGPL-3.0-or-later

   Every failure raises a system-error naming the procedure, the reason
   and the file (posix.c).  A file argument is a string (a file name);
   where Guile accepts it, an open file port or a file descriptor (an
   exact integer) too.  Directory streams are foreign objects whose
   finalizer closes the stream that a program forgot to close.  */

#include "posix/posix-internal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <time.h>
#include <sys/time.h>
#include <libscm/conditions.h>
#include <libscm/filesys.h>
#include <libscm/foreign.h>
#include <libscm/gc.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/snarf.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>

/* ------------------------------------------------------------------ */
/* stat.  */

SCM_SYMBOL (sym_regular, "regular");
SCM_SYMBOL (sym_directory, "directory");
SCM_SYMBOL (sym_symlink, "symlink");
SCM_SYMBOL (sym_block_special, "block-special");
SCM_SYMBOL (sym_char_special, "char-special");
SCM_SYMBOL (sym_fifo, "fifo");
SCM_SYMBOL (sym_socket, "socket");
SCM_SYMBOL (sym_unknown, "unknown");

static SCM
file_type (mode_t mode)
{
  switch (mode & S_IFMT)
    {
    case S_IFREG: return sym_regular;
    case S_IFDIR: return sym_directory;
    case S_IFLNK: return sym_symlink;
    case S_IFBLK: return sym_block_special;
    case S_IFCHR: return sym_char_special;
    case S_IFIFO: return sym_fifo;
    case S_IFSOCK: return sym_socket;
    default: return sym_unknown;
    }
}

/* Guile's stat vector: 18 fields, in the order of the stat:
   accessors.  */
static SCM
stat_vector (const struct stat *st)
{
  SCM v = scm_c_make_vector (18, SCM_BOOL_F);
  scm_c_vector_set_x (v, 0, scm_from_uint64 ((uint64_t) st->st_dev));
  scm_c_vector_set_x (v, 1, scm_from_uint64 ((uint64_t) st->st_ino));
  scm_c_vector_set_x (v, 2, scm_from_uint64 ((uint64_t) st->st_mode));
  scm_c_vector_set_x (v, 3, scm_from_uint64 ((uint64_t) st->st_nlink));
  scm_c_vector_set_x (v, 4, scm_from_uint64 ((uint64_t) st->st_uid));
  scm_c_vector_set_x (v, 5, scm_from_uint64 ((uint64_t) st->st_gid));
  scm_c_vector_set_x (v, 6, scm_from_uint64 ((uint64_t) st->st_rdev));
  scm_c_vector_set_x (v, 7, scm_from_int64 ((int64_t) st->st_size));
  scm_c_vector_set_x (v, 8, scm_from_int64 ((int64_t) st->st_atim.tv_sec));
  scm_c_vector_set_x (v, 9, scm_from_int64 ((int64_t) st->st_mtim.tv_sec));
  scm_c_vector_set_x (v, 10, scm_from_int64 ((int64_t) st->st_ctim.tv_sec));
  scm_c_vector_set_x (v, 11, scm_from_int64 ((int64_t) st->st_blksize));
  scm_c_vector_set_x (v, 12, scm_from_int64 ((int64_t) st->st_blocks));
  scm_c_vector_set_x (v, 13, file_type (st->st_mode));
  scm_c_vector_set_x (v, 14, scm_from_uint64 (st->st_mode & 07777));
  scm_c_vector_set_x (v, 15, scm_from_long (st->st_atim.tv_nsec));
  scm_c_vector_set_x (v, 16, scm_from_long (st->st_mtim.tv_nsec));
  scm_c_vector_set_x (v, 17, scm_from_long (st->st_ctim.tv_nsec));
  return v;
}

/* The descriptor that OBJ (argument POS of WHO) stands for if it is a
   port or an integer, else -1 (a file name).  */
static int
object_fd (SCM obj, int pos, const char *who)
{
  if (scm_is_string (obj))
    return -1;
  SCM_ASSERT_TYPE (scm_is_port (obj) || scm_is_exact_integer (obj), obj, pos,
                   who, "file name, port or file descriptor");
  return scm_i_posix_fd_arg (obj, pos, who);
}

static SCM
do_stat (SCM obj, SCM exception_on_error, int follow, const char *who)
{
  struct stat st;
  char buf[SCM_I_PATH_BUF];
  int fd = object_fd (obj, 1, who), r;
  if (fd >= 0)
    r = fstat (fd, &st);
  else
    {
      char *name = scm_i_posix_path (obj, 1, who, buf);
      r = follow ? stat (name, &st) : lstat (name, &st);
    }
  if (r != 0)
    {
      if (!SCM_UNBNDP (exception_on_error) && scm_is_false (exception_on_error))
        return SCM_BOOL_F;
      scm_i_posix_error_obj (who, errno, obj);
    }
  return stat_vector (&st);
}

SCM_DEFINE (scm_stat, "stat", 1, 1, 0, (SCM object, SCM exception_on_error),
            "Return a vector of information about @var{object}: a file "
            "name (symbolic links followed), an open file port or a file "
            "descriptor.  Read it with the @code{stat:} accessors "
            "(@code{stat:size}, @code{stat:type}, @code{stat:mtime}...).  "
            "If the file cannot be reached, raise a @code{system-error}, "
            "or, when @var{exception-on-error?} is @code{#f}, return "
            "@code{#f}.")
{
  return do_stat (object, exception_on_error, 1, "stat");
}

SCM_DEFINE (scm_lstat, "lstat", 1, 1, 0, (SCM str, SCM exception_on_error),
            "Like @code{stat}, but a symbolic link @var{str} is described "
            "itself, not what it points to.")
{
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "lstat", "string");
  return do_stat (str, exception_on_error, 0, "lstat");
}

SCM_DEFINE (scm_fstat, "fstat", 1, 0, 0, (SCM fd),
            "Like @code{stat} of the file descriptor or file port "
            "@var{fd}.")
{
  if (!scm_is_port (fd))
    SCM_ASSERT_TYPE (scm_is_exact_integer (fd), fd, 1, "fstat",
                     "file descriptor or port");
  return do_stat (fd, SCM_UNDEFINED, 1, "fstat");
}

/* The stat: accessors: field N of a stat vector.  */
#define STAT_ACCESSOR(cname, name, n, what)				\
  SCM_DEFINE (cname, name, 1, 0, 0, (SCM st),				\
              "Return " what " from the vector @var{st} that "	\
              "@code{stat} returned.")					\
  {									\
    return scm_i_posix_field (st, 18, n, name, "stat vector");					\
  }

STAT_ACCESSOR (scm_stat_dev, "stat:dev", 0, "the device number")
STAT_ACCESSOR (scm_stat_ino, "stat:ino", 1, "the inode number")
STAT_ACCESSOR (scm_stat_mode, "stat:mode", 2,
               "the mode: the type and permission bits")
STAT_ACCESSOR (scm_stat_nlink, "stat:nlink", 3, "the number of hard links")
STAT_ACCESSOR (scm_stat_uid, "stat:uid", 4, "the owner's user id")
STAT_ACCESSOR (scm_stat_gid, "stat:gid", 5, "the group id")
STAT_ACCESSOR (scm_stat_rdev, "stat:rdev", 6,
               "the device number of a special file")
STAT_ACCESSOR (scm_stat_size, "stat:size", 7, "the size in bytes")
STAT_ACCESSOR (scm_stat_atime, "stat:atime", 8,
               "the last access time, in seconds since the epoch")
STAT_ACCESSOR (scm_stat_mtime, "stat:mtime", 9,
               "the last modification time, in seconds since the epoch")
STAT_ACCESSOR (scm_stat_ctime, "stat:ctime", 10,
               "the last status change time, in seconds since the epoch")
STAT_ACCESSOR (scm_stat_blksize, "stat:blksize", 11,
               "the preferred I/O block size")
STAT_ACCESSOR (scm_stat_blocks, "stat:blocks", 12,
               "the number of 512-byte blocks allocated")
STAT_ACCESSOR (scm_stat_type, "stat:type", 13,
               "the type, a symbol: @code{regular}, @code{directory}, "
               "@code{symlink}, @code{block-special}, @code{char-special}, "
               "@code{fifo}, @code{socket} or @code{unknown}")
STAT_ACCESSOR (scm_stat_perms, "stat:perms", 14,
               "the permission bits (the mode without the type)")
STAT_ACCESSOR (scm_stat_atimensec, "stat:atimensec", 15,
               "the nanoseconds of the last access time")
STAT_ACCESSOR (scm_stat_mtimensec, "stat:mtimensec", 16,
               "the nanoseconds of the last modification time")
STAT_ACCESSOR (scm_stat_ctimensec, "stat:ctimensec", 17,
               "the nanoseconds of the last status change time")

/* ------------------------------------------------------------------ */
/* Names, links and permissions.  */

SCM_DEFINE (scm_access_p, "access?", 2, 0, 0, (SCM path, SCM how),
            "Return @code{#t} if the file @var{path} may be accessed as "
            "@var{how} says, with the real user and group ids: "
            "@code{F_OK} (it exists) or an inclusive or of @code{R_OK}, "
            "@code{W_OK}, @code{X_OK}; @code{#f} otherwise.")
{
  char buf[SCM_I_PATH_BUF];
  char *name = scm_i_posix_path (path, 1, "access?", buf);
  int mode = scm_i_posix_int (how, 2, "access?", 0, 7);
  return scm_from_bool (access (name, mode) == 0);
}

SCM_DEFINE (scm_file_is_directory_p, "file-is-directory?", 1, 0, 0,
            (SCM str),
            "Return @code{#t} if @var{str} names a directory (symbolic "
            "links followed), @code{#f} otherwise.")
{
  char buf[SCM_I_PATH_BUF];
  struct stat st;
  char *name = scm_i_posix_path (str, 1, "file-is-directory?", buf);
  return scm_from_bool (stat (name, &st) == 0 && S_ISDIR (st.st_mode));
}

/* A procedure of two file names that calls FN, the pattern of
   rename-file, link and symlink.  */
static SCM
two_names (SCM a, SCM b, int (*fn) (const char *, const char *),
           const char *who)
{
  char abuf[SCM_I_PATH_BUF], bbuf[SCM_I_PATH_BUF];
  char *an = scm_i_posix_path (a, 1, who, abuf);
  char *bn = scm_i_posix_path (b, 2, who, bbuf);
  if (fn (an, bn) != 0)
    {
      int err = errno;
      scm_syserror_msg (who, NULL, scm_list_2 (a, b), err);
    }
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_rename_file, "rename-file", 2, 0, 0,
            (SCM oldname, SCM newname),
            "Rename the file @var{oldname} to @var{newname}, replacing a "
            "file of that name.")
{
  return two_names (oldname, newname, rename, "rename-file");
}

SCM_DEFINE (scm_link, "link", 2, 0, 0, (SCM oldpath, SCM newpath),
            "Make @var{newpath} a new (hard) link to the file "
            "@var{oldpath}.")
{
  return two_names (oldpath, newpath, link, "link");
}

SCM_DEFINE (scm_symlink, "symlink", 2, 0, 0, (SCM oldpath, SCM newpath),
            "Make @var{newpath} a symbolic link whose contents is "
            "@var{oldpath}.")
{
  return two_names (oldpath, newpath, symlink, "symlink");
}

SCM_DEFINE (scm_readlink, "readlink", 1, 0, 0, (SCM path),
            "Return the contents of the symbolic link @var{path}, a "
            "string.")
{
  char buf[SCM_I_PATH_BUF], target[SCM_I_PATH_BUF];
  char *name = scm_i_posix_path (path, 1, "readlink", buf);
  ssize_t n = readlink (name, target, sizeof target);
  if (n < 0)
    scm_i_posix_error_obj ("readlink", errno, path);
  return scm_from_utf8_stringn (target, (size_t) n);
}

/* Write all N bytes of BUF to FD; 0 or an errno.  */
static int
write_all (int fd, const char *buf, size_t n)
{
  while (n > 0)
    {
      ssize_t w = write (fd, buf, n);
      if (w < 0 && errno == EINTR)
        continue;
      if (w < 0)
        return errno;
      buf += w;
      n -= (size_t) w;
    }
  return 0;
}

/* Copy FROM's bytes to TO (open descriptors); 0 or an errno.  */
static int
copy_bytes (int from, int to)
{
  char block[65536];
  for (;;)
    {
      ssize_t r = read (from, block, sizeof block);
      if (r < 0 && errno == EINTR)
        continue;
      if (r <= 0)
        return r < 0 ? errno : 0;
      int err = write_all (to, block, (size_t) r);
      if (err != 0)
        return err;
    }
}

SCM_DEFINE (scm_copy_file, "copy-file", 2, 0, 0, (SCM oldfile, SCM newfile),
            "Copy the file @var{oldfile} to @var{newfile}, created with "
            "@var{oldfile}'s permissions or truncated.")
{
  static const char who[] = "copy-file";
  char abuf[SCM_I_PATH_BUF], bbuf[SCM_I_PATH_BUF];
  char *from_name = scm_i_posix_path (oldfile, 1, who, abuf);
  char *to_name = scm_i_posix_path (newfile, 2, who, bbuf);
  struct stat st;
  int from = open (from_name, O_RDONLY | O_CLOEXEC);
  if (from < 0)
    scm_i_posix_error_obj (who, errno, oldfile);
  if (fstat (from, &st) != 0)
    {
      int err = errno;
      close (from);
      scm_i_posix_error_obj (who, err, oldfile);
    }
  int to = open (to_name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
                 st.st_mode & 07777);
  if (to < 0)
    {
      int err = errno;
      close (from);
      scm_i_posix_error_obj (who, err, newfile);
    }
  int err = copy_bytes (from, to);
  close (from);
  if (close (to) != 0 && err == 0)
    err = errno;
  if (err != 0)
    scm_syserror_msg (who, NULL, scm_list_2 (oldfile, newfile), err);
  return SCM_UNSPECIFIED;
}

/* The mode argument MODE (POS of WHO), DFLT if unbound.  */
static mode_t
mode_arg (SCM mode, int pos, const char *who, mode_t dflt)
{
  if (SCM_UNBNDP (mode))
    return dflt;
  return (mode_t) scm_i_posix_int (mode, pos, who, 0, 07777);
}

SCM_DEFINE (scm_mkdir, "mkdir", 1, 1, 0, (SCM path, SCM mode),
            "Make the directory @var{path}, with permissions @var{mode} "
            "(default @code{#o777}) less the umask.")
{
  char buf[SCM_I_PATH_BUF];
  char *name = scm_i_posix_path (path, 1, "mkdir", buf);
  if (mkdir (name, mode_arg (mode, 2, "mkdir", 0777)) != 0)
    scm_i_posix_error_obj ("mkdir", errno, path);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_rmdir, "rmdir", 1, 0, 0, (SCM path),
            "Remove the empty directory @var{path}.")
{
  char buf[SCM_I_PATH_BUF];
  char *name = scm_i_posix_path (path, 1, "rmdir", buf);
  if (rmdir (name) != 0)
    scm_i_posix_error_obj ("rmdir", errno, path);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_chmod, "chmod", 2, 0, 0, (SCM object, SCM mode),
            "Set the permissions of @var{object} (a file name, file port "
            "or descriptor) to @var{mode}.")
{
  char buf[SCM_I_PATH_BUF];
  mode_t m = mode_arg (mode, 2, "chmod", 0);
  int fd = object_fd (object, 1, "chmod");
  int r = fd >= 0 ? fchmod (fd, m)
    : chmod (scm_i_posix_path (object, 1, "chmod", buf), m);
  if (r != 0)
    scm_i_posix_error_obj ("chmod", errno, object);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_chown, "chown", 3, 0, 0, (SCM object, SCM owner, SCM group),
            "Change the owner and group of @var{object} (a file name, "
            "port or descriptor; a symbolic link is followed) to the ids "
            "@var{owner} and @var{group}; -1 leaves one as it is.")
{
  char buf[SCM_I_PATH_BUF];
  int uid = scm_i_posix_int (owner, 2, "chown", -1, INT_MAX);
  int gid = scm_i_posix_int (group, 3, "chown", -1, INT_MAX);
  int fd = object_fd (object, 1, "chown");
  int r = fd >= 0 ? fchown (fd, (uid_t) uid, (gid_t) gid)
    : chown (scm_i_posix_path (object, 1, "chown", buf), (uid_t) uid,
             (gid_t) gid);
  if (r != 0)
    scm_i_posix_error_obj ("chown", errno, object);
  return SCM_UNSPECIFIED;
}

/* A timespec from seconds S and nanoseconds NS (arguments of utime),
   or UTIME_NOW when S is unbound or #f.  */
static struct timespec
utime_arg (SCM s, SCM ns, int pos)
{
  struct timespec ts = { 0, UTIME_NOW };
  if (SCM_UNBNDP (s) || scm_is_false (s))
    return ts;
  SCM_ASSERT_TYPE (scm_is_exact_integer (s), s, pos, "utime",
                   "exact integer");
  ts.tv_sec = (time_t) scm_to_int64 (s);
  ts.tv_nsec = SCM_UNBNDP (ns) || scm_is_false (ns) ? 0
    : scm_i_posix_int (ns, pos + 2, "utime", 0, 999999999);
  return ts;
}

SCM_DEFINE (scm_utime, "utime", 1, 5, 0,
            (SCM object, SCM actime, SCM modtime, SCM actimens,
             SCM modtimens, SCM flags),
            "Set the access and modification times of @var{object} (a "
            "file name) to @var{actime} and @var{modtime}, seconds since "
            "the epoch, plus @var{actimens} and @var{modtimens} "
            "nanoseconds; an omitted time is the current time.  "
            "@var{flags} may be @code{AT_SYMLINK_NOFOLLOW}, to change a "
            "symbolic link itself.")
{
  char buf[SCM_I_PATH_BUF];
  struct timespec ts[2] = { utime_arg (actime, actimens, 2),
                            utime_arg (modtime, modtimens, 3) };
  int fl = SCM_UNBNDP (flags) ? 0 : scm_i_posix_int (flags, 6, "utime", 0,
                                                      INT_MAX);
  int fd = object_fd (object, 1, "utime");
  int r = fd >= 0 ? futimens (fd, ts)
    : utimensat (AT_FDCWD, scm_i_posix_path (object, 1, "utime", buf), ts,
                 fl);
  if (r != 0)
    scm_i_posix_error_obj ("utime", errno, object);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_truncate_file, "truncate-file", 1, 1, 0,
            (SCM object, SCM length),
            "Truncate @var{object} (a file name, file port or descriptor) "
            "to @var{length} bytes, by default 0 (Guile requires the "
            "length for a file name; so does libscm only for a port).")
{
  char buf[SCM_I_PATH_BUF];
  off_t len = 0;
  if (!SCM_UNBNDP (length))
    {
      SCM_ASSERT_TYPE (scm_is_exact_integer (length), length, 2,
                       "truncate-file", "exact integer");
      if (!scm_is_signed_integer (length, 0, INT64_MAX))
        scm_out_of_range_pos ("truncate-file", length, scm_from_int (2));
      len = (off_t) scm_to_int64 (length);
    }
  if (scm_is_port (object))
    scm_force_output (object);
  int fd = object_fd (object, 1, "truncate-file");
  int r = fd >= 0 ? ftruncate (fd, len)
    : truncate (scm_i_posix_path (object, 1, "truncate-file", buf), len);
  if (r != 0)
    scm_i_posix_error_obj ("truncate-file", errno, object);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_umask, "umask", 0, 1, 0, (SCM mode),
            "Set the process's file creation mask to @var{mode} and return "
            "the previous one; without @var{mode}, return the mask "
            "unchanged.")
{
  mode_t old;
  if (SCM_UNBNDP (mode))
    {
      old = umask (0);
      umask (old);
    }
  else
    old = umask (mode_arg (mode, 1, "umask", 0));
  return scm_from_int ((int) old);
}

/* ------------------------------------------------------------------ */
/* The working directory.  */

SCM_DEFINE (scm_getcwd, "getcwd", 0, 0, 0, (void),
            "Return the name of the current working directory.")
{
  char buf[SCM_I_PATH_BUF];
  if (getcwd (buf, sizeof buf) == NULL)
    scm_i_posix_error ("getcwd", errno, NULL);
  return scm_from_utf8_string (buf);
}

SCM_DEFINE (scm_chdir, "chdir", 1, 0, 0, (SCM str),
            "Make @var{str} the current working directory (of the whole "
            "process: every thread and instance sees the change).")
{
  char buf[SCM_I_PATH_BUF];
  char *name = scm_i_posix_path (str, 1, "chdir", buf);
  if (chdir (name) != 0)
    scm_i_posix_error_obj ("chdir", errno, str);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_canonicalize_path, "canonicalize-path", 1, 0, 0,
            (SCM path),
            "Return the absolute name of the existing file @var{path}, "
            "with no @code{.}, @code{..} or symbolic link in it.")
{
  char buf[SCM_I_PATH_BUF], real[PATH_MAX];
  char *name = scm_i_posix_path (path, 1, "canonicalize-path", buf);
  if (realpath (name, real) == NULL)
    scm_i_posix_error_obj ("canonicalize-path", errno, path);
  return scm_from_utf8_string (real);
}

/* ------------------------------------------------------------------ */
/* dirname and basename, on the characters (not bytes) of the name.  */

static size_t
strip_trailing_slashes (SCM s, size_t len)
{
  while (len > 1 && scm_c_string_ref (s, len - 1) == '/')
    len--;
  return len;
}

SCM_DEFINE (scm_dirname, "dirname", 1, 0, 0, (SCM filename),
            "Return the directory part of @var{filename}: all but its "
            "last component, @code{\".\"} if there is none, as Guile "
            "does.")
{
  SCM_ASSERT_TYPE (scm_is_string (filename), filename, 1, "dirname",
                   "string");
  size_t len = strip_trailing_slashes (filename,
                                       scm_c_string_length (filename));
  if (len == 0)
    return scm_from_utf8_string (".");
  while (len > 0 && scm_c_string_ref (filename, len - 1) != '/')
    len--;
  if (len == 0)
    return scm_from_utf8_string (".");
  len = strip_trailing_slashes (filename, len);
  return scm_substring (filename, scm_from_int (0), scm_from_size_t (len));
}

SCM_DEFINE (scm_basename, "basename", 1, 1, 0, (SCM filename, SCM suffix),
            "Return the last component of @var{filename}, without "
            "@var{suffix} if it ends with it (and is longer).")
{
  SCM_ASSERT_TYPE (scm_is_string (filename), filename, 1, "basename",
                   "string");
  size_t end = strip_trailing_slashes (filename,
                                       scm_c_string_length (filename));
  size_t start = end;
  while (start > 0 && scm_c_string_ref (filename, start - 1) != '/')
    start--;
  if (start == end && end > 0)  /* "/" */
    return scm_from_utf8_string ("/");
  if (!SCM_UNBNDP (suffix))
    {
      SCM_ASSERT_TYPE (scm_is_string (suffix), suffix, 2, "basename",
                       "string");
      size_t n = scm_c_string_length (suffix), i = 0;
      if (n < end - start)
        {
          while (i < n && scm_c_string_ref (suffix, n - 1 - i)
                 == scm_c_string_ref (filename, end - 1 - i))
            i++;
          if (i == n)
            end -= n;
        }
    }
  return scm_substring (filename, scm_from_size_t (start),
                        scm_from_size_t (end));
}

/* ------------------------------------------------------------------ */
/* Temporary files.  */

/* A port on the new descriptor FD named NAME, for reading and writing
   if it is a file: the output side; Guile's mkstemp returns one port
   for both, which libscm's file ports cannot be yet.  */
SCM_DEFINE (scm_mkstemp, "mkstemp", 1, 1, 0, (SCM tmpl, SCM mode),
            "Create a new file from the template @var{tmpl}, a file name "
            "ending in @code{XXXXXX}, which is replaced to make the name "
            "unique, and return an output port on it (mode "
            "@code{\"w\"}; @var{mode} may also be @code{\"wb\"}); "
            "@code{port-filename} gives its name.  The file has "
            "permissions @code{#o600}.")
{
  static const char who[] = "mkstemp";
  char buf[SCM_I_PATH_BUF];
  char *name = scm_i_posix_path (tmpl, 1, who, buf);
  size_t len = strlen (name);
  if (len < 6 || strcmp (name + len - 6, "XXXXXX") != 0)
    scm_c_raise_error ("out-of-range", who,
                       "template does not end in XXXXXX", scm_list_1 (tmpl));
  const char *m = "w";
  char mbuf[8];
  if (!SCM_UNBNDP (mode))
    {
      SCM_ASSERT_TYPE (scm_is_string (mode), mode, 2, who, "string");
      char *c = scm_to_utf8_string (mode);
      int ok = strcmp (c, "w") == 0 || strcmp (c, "wb") == 0;
      if (ok)
        strcpy (mbuf, c);
      free (c);
      if (!ok)
        scm_out_of_range_pos (who, mode, scm_from_int (2));
      m = mbuf;
    }
  int fd = mkostemp (name, O_CLOEXEC);
  if (fd < 0)
    scm_i_posix_error_obj (who, errno, tmpl);
  return scm_c_fdopen (fd, m, name, 1);
}

SCM_DEFINE (scm_tmpnam, "tmpnam", 0, 0, 0, (void),
            "Return a name for a temporary file that does not exist yet, "
            "in @env{TMPDIR} or @file{/tmp}.  Another process may take it "
            "first: prefer @code{mkstemp}.")
{
  const char *dir = getenv ("TMPDIR");
  char buf[SCM_I_PATH_BUF];
  if (dir == NULL || *dir == '\0')
    dir = "/tmp";
  for (int tries = 0; tries < 100; tries++)
    {
      struct timespec ts;
      clock_gettime (CLOCK_REALTIME, &ts);
      unsigned long r = (unsigned long) ts.tv_nsec * 2654435761u
        ^ (unsigned long) getpid () << 16 ^ (unsigned long) tries;
      snprintf (buf, sizeof buf, "%s/scm%06lx", dir, r & 0xffffff);
      struct stat st;
      if (lstat (buf, &st) != 0 && errno == ENOENT)
        return scm_from_utf8_string (buf);
    }
  scm_i_posix_error ("tmpnam", EEXIST, dir);
}

SCM_DEFINE (scm_tmpfile, "tmpfile", 0, 0, 0, (void),
            "Return an output port on a new temporary file that has no "
            "name: it disappears when the port is closed.")
{
  const char *dir = getenv ("TMPDIR");
  if (dir == NULL || *dir == '\0')
    dir = "/tmp";
  int fd = open (dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      char buf[SCM_I_PATH_BUF];
      snprintf (buf, sizeof buf, "%s/scmXXXXXX", dir);
      fd = mkostemp (buf, O_CLOEXEC);
      if (fd < 0)
        scm_i_posix_error ("tmpfile", errno, dir);
      unlink (buf);
    }
  return scm_c_fdopen (fd, "w", NULL, 1);
}

/* ------------------------------------------------------------------ */
/* Directory streams: a foreign object holding a DIR *, NULL once
   closed.  */

static SCM dir_type;

static void
finalize_dir (SCM obj)
{
  DIR *d = scm_foreign_object_ref (obj, 0);
  if (d != NULL)
    {
      scm_foreign_object_set_x (obj, 0, NULL);
      closedir (d);
    }
}

static DIR *
open_dir_arg (SCM obj, int pos, const char *who)
{
  scm_c_assert_foreign_object_type (dir_type, obj, pos, who);
  DIR *d = scm_foreign_object_ref (obj, 0);
  if (d == NULL)
    scm_c_raise_error ("system-error", who, "directory stream closed",
                       scm_list_1 (obj));
  return d;
}

SCM_DEFINE (scm_opendir, "opendir", 1, 0, 0, (SCM dirname),
            "Open the directory @var{dirname} and return a directory "
            "stream on it, for @code{readdir}.  A stream that becomes "
            "garbage unclosed is closed by the collector.")
{
  char buf[SCM_I_PATH_BUF];
  char *name = scm_i_posix_path (dirname, 1, "opendir", buf);
  DIR *d = opendir (name);
  if (d == NULL)
    scm_i_posix_error_obj ("opendir", errno, dirname);
  /* opendir's descriptor is close-on-exec in glibc (O_CLOEXEC).  */
  return scm_make_foreign_object_1 (dir_type, d);
}

SCM_DEFINE (scm_readdir, "readdir", 1, 0, 0, (SCM stream),
            "Return the name of the next entry of directory @var{stream} "
            "(@code{.} and @code{..} included, in no particular order), or "
            "the end-of-file object after the last.")
{
  DIR *d = open_dir_arg (stream, 1, "readdir");
  errno = 0;
  struct dirent *e = readdir (d);
  if (e == NULL)
    {
      if (errno != 0)
        scm_i_posix_error_obj ("readdir", errno, stream);
      return scm_eof_object ();
    }
  return scm_from_utf8_string (e->d_name);
}

SCM_DEFINE (scm_rewinddir, "rewinddir", 1, 0, 0, (SCM stream),
            "Go back to the first entry of directory @var{stream}.")
{
  rewinddir (open_dir_arg (stream, 1, "rewinddir"));
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_closedir, "closedir", 1, 0, 0, (SCM stream),
            "Close directory @var{stream}; closing it again does nothing.")
{
  scm_c_assert_foreign_object_type (dir_type, stream, 1, "closedir");
  finalize_dir (stream);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_directory_stream_p, "directory-stream?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a directory stream (open or "
            "closed).")
{
  return scm_from_bool (scm_is_foreign_object_of_type (dir_type, obj));
}

void
scm_init_files (void)
{
  dir_type = scm_make_foreign_object_type
    (scm_from_utf8_symbol ("directory-stream"),
     scm_list_1 (scm_from_utf8_symbol ("dir")), finalize_dir);
  scm_permanent_object (dir_type);
#ifndef SCM_MAGIC_SNARFER
#include "posix/files.x"
#endif
  scm_c_define ("R_OK", scm_from_int (R_OK));
  scm_c_define ("W_OK", scm_from_int (W_OK));
  scm_c_define ("X_OK", scm_from_int (X_OK));
  scm_c_define ("F_OK", scm_from_int (F_OK));
  scm_c_define ("AT_SYMLINK_NOFOLLOW", scm_from_int (AT_SYMLINK_NOFOLLOW));
}
