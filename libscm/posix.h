/* posix.h -- the operating system with Guile's names: files and
   directories, processes, pipes, the host, broken-down time
   SPDX-License-Identifier: LGPL-3.0-or-later

   Each function is the primitive of the Scheme procedure of the same
   name (scm_stat is stat, scm_open_pipe_star %open-pipe*); the manual's
   POSIX chapter (doc/posix.texi) describes them.  Optional arguments
   are SCM_UNDEFINED when absent.  Failures raise a condition of kind
   system-error whose REST is (ERRNO) (scm_syserror, conditions.h).  */

#ifndef SCM_POSIX_H
#define SCM_POSIX_H

#include <libscm/scm.h>

/* System errors.  */
SCM_API SCM scm_system_error_errno (SCM obj);
SCM_API SCM scm_system_error_p (SCM obj);
SCM_API SCM scm_strerror (SCM err);

/* Files and directories (posix/files.c).  */
SCM_API SCM scm_stat (SCM object, SCM exception_on_error);
SCM_API SCM scm_lstat (SCM str, SCM exception_on_error);
SCM_API SCM scm_fstat (SCM fd);
SCM_API SCM scm_access_p (SCM path, SCM how);
SCM_API SCM scm_file_is_directory_p (SCM str);
SCM_API SCM scm_rename_file (SCM oldname, SCM newname);
SCM_API SCM scm_link (SCM oldpath, SCM newpath);
SCM_API SCM scm_symlink (SCM oldpath, SCM newpath);
SCM_API SCM scm_readlink (SCM path);
SCM_API SCM scm_copy_file (SCM oldfile, SCM newfile);
SCM_API SCM scm_mkdir (SCM path, SCM mode);
SCM_API SCM scm_rmdir (SCM path);
SCM_API SCM scm_chmod (SCM object, SCM mode);
SCM_API SCM scm_chown (SCM object, SCM owner, SCM group);
SCM_API SCM scm_utime (SCM object, SCM actime, SCM modtime, SCM actimens,
                       SCM modtimens, SCM flags);
SCM_API SCM scm_truncate_file (SCM object, SCM length);
SCM_API SCM scm_umask (SCM mode);
SCM_API SCM scm_getcwd (void);
SCM_API SCM scm_chdir (SCM str);
SCM_API SCM scm_canonicalize_path (SCM path);
SCM_API SCM scm_dirname (SCM filename);
SCM_API SCM scm_basename (SCM filename, SCM suffix);
SCM_API SCM scm_mkstemp (SCM tmpl, SCM mode);
SCM_API SCM scm_tmpnam (void);
SCM_API SCM scm_tmpfile (void);
SCM_API SCM scm_opendir (SCM dirname);
SCM_API SCM scm_readdir (SCM stream);
SCM_API SCM scm_rewinddir (SCM stream);
SCM_API SCM scm_closedir (SCM stream);
SCM_API SCM scm_directory_stream_p (SCM obj);
SCM_API SCM scm_stat_dev (SCM x);
SCM_API SCM scm_stat_ino (SCM x);
SCM_API SCM scm_stat_mode (SCM x);
SCM_API SCM scm_stat_nlink (SCM x);
SCM_API SCM scm_stat_uid (SCM x);
SCM_API SCM scm_stat_gid (SCM x);
SCM_API SCM scm_stat_rdev (SCM x);
SCM_API SCM scm_stat_size (SCM x);
SCM_API SCM scm_stat_atime (SCM x);
SCM_API SCM scm_stat_mtime (SCM x);
SCM_API SCM scm_stat_ctime (SCM x);
SCM_API SCM scm_stat_blksize (SCM x);
SCM_API SCM scm_stat_blocks (SCM x);
SCM_API SCM scm_stat_type (SCM x);
SCM_API SCM scm_stat_perms (SCM x);
SCM_API SCM scm_stat_atimensec (SCM x);
SCM_API SCM scm_stat_mtimensec (SCM x);
SCM_API SCM scm_stat_ctimensec (SCM x);

/* Processes (posix/process.c).  */
/* REST: the keywords and values of spawn.  */
SCM_API SCM scm_spawn (SCM program, SCM arguments, SCM rest);
SCM_API SCM scm_system (SCM cmd);
SCM_API SCM scm_system_star (SCM args);
SCM_API SCM scm_status_exit_val (SCM status);
SCM_API SCM scm_status_term_sig (SCM status);
SCM_API SCM scm_status_stop_sig (SCM status);
SCM_API SCM scm_waitpid (SCM pid, SCM options);
SCM_API SCM scm_getpid (void);
SCM_API SCM scm_getppid (void);
SCM_API SCM scm_getuid (void);
SCM_API SCM scm_geteuid (void);
SCM_API SCM scm_getgid (void);
SCM_API SCM scm_getegid (void);
SCM_API SCM scm_getpw (SCM user);
SCM_API SCM scm_getgr (SCM group);
SCM_API SCM scm_getpwnam (SCM name);
SCM_API SCM scm_getpwuid (SCM uid);
SCM_API SCM scm_getgrnam (SCM name);
SCM_API SCM scm_getgrgid (SCM gid);
SCM_API SCM scm_kill (SCM pid, SCM sig);
SCM_API SCM scm_primitive_exit (SCM status) SCM_NORETURN;
SCM_API SCM scm_primitive__exit (SCM status) SCM_NORETURN;
SCM_API SCM scm_primitive_fork (void);
SCM_API SCM scm_execl (SCM filename, SCM args) SCM_NORETURN;
SCM_API SCM scm_execlp (SCM filename, SCM args) SCM_NORETURN;
SCM_API SCM scm_execle (SCM filename, SCM env, SCM args)
  SCM_NORETURN;
SCM_API SCM scm_passwd_name (SCM x);
SCM_API SCM scm_passwd_passwd (SCM x);
SCM_API SCM scm_passwd_uid (SCM x);
SCM_API SCM scm_passwd_gid (SCM x);
SCM_API SCM scm_passwd_gecos (SCM x);
SCM_API SCM scm_passwd_dir (SCM x);
SCM_API SCM scm_passwd_shell (SCM x);
SCM_API SCM scm_group_name (SCM x);
SCM_API SCM scm_group_passwd (SCM x);
SCM_API SCM scm_group_gid (SCM x);
SCM_API SCM scm_group_mem (SCM x);

/* Pipes (posix/pipes.c).  */
SCM_API SCM scm_open_pipe_star (SCM mode, SCM command, SCM args);
SCM_API SCM scm_close_pipe (SCM port);
SCM_API SCM scm_pipe_port_pid (SCM port);

/* The host (posix/host.c).  */
SCM_API SCM scm_gethostname (void);
SCM_API SCM scm_uname (void);
SCM_API SCM scm_getlogin (void);
SCM_API SCM scm_cuserid (void);
SCM_API SCM scm_utsname_sysname (SCM x);
SCM_API SCM scm_utsname_nodename (SCM x);
SCM_API SCM scm_utsname_release (SCM x);
SCM_API SCM scm_utsname_version (SCM x);
SCM_API SCM scm_utsname_machine (SCM x);

/* Broken-down time, process times, sleeping (posix/time.c).  */
SCM_API SCM scm_localtime (SCM time, SCM zone);
SCM_API SCM scm_gmtime (SCM time);
SCM_API SCM scm_mktime (SCM sbd_time, SCM zone);
SCM_API SCM scm_strftime (SCM format, SCM tm);
SCM_API SCM scm_strptime (SCM format, SCM string);
SCM_API SCM scm_times (void);
SCM_API SCM scm_clock_time (SCM clock);
SCM_API SCM scm_sleep (SCM secs);
SCM_API SCM scm_usleep (SCM usecs);
SCM_API SCM scm_nanosleep (SCM nsecs);
SCM_API SCM scm_tms_clock (SCM x);
SCM_API SCM scm_tms_utime (SCM x);
SCM_API SCM scm_tms_stime (SCM x);
SCM_API SCM scm_tms_cutime (SCM x);
SCM_API SCM scm_tms_cstime (SCM x);
SCM_API SCM scm_tm_sec (SCM tm);
SCM_API SCM scm_set_tm_sec (SCM tm, SCM value);
SCM_API SCM scm_tm_min (SCM tm);
SCM_API SCM scm_set_tm_min (SCM tm, SCM value);
SCM_API SCM scm_tm_hour (SCM tm);
SCM_API SCM scm_set_tm_hour (SCM tm, SCM value);
SCM_API SCM scm_tm_mday (SCM tm);
SCM_API SCM scm_set_tm_mday (SCM tm, SCM value);
SCM_API SCM scm_tm_mon (SCM tm);
SCM_API SCM scm_set_tm_mon (SCM tm, SCM value);
SCM_API SCM scm_tm_year (SCM tm);
SCM_API SCM scm_set_tm_year (SCM tm, SCM value);
SCM_API SCM scm_tm_wday (SCM tm);
SCM_API SCM scm_set_tm_wday (SCM tm, SCM value);
SCM_API SCM scm_tm_yday (SCM tm);
SCM_API SCM scm_set_tm_yday (SCM tm, SCM value);
SCM_API SCM scm_tm_isdst (SCM tm);
SCM_API SCM scm_set_tm_isdst (SCM tm, SCM value);
SCM_API SCM scm_tm_gmtoff (SCM tm);
SCM_API SCM scm_set_tm_gmtoff (SCM tm, SCM value);
SCM_API SCM scm_tm_zone (SCM tm);
SCM_API SCM scm_set_tm_zone (SCM tm, SCM value);

/* Signals (posix/signals.c).  HANDLER is a procedure, SIG_DFL or
   SIG_IGN (as integers), or #f.  */
SCM_API SCM scm_sigaction (SCM signum, SCM handler, SCM flags);
/* Guile's: the same, the handler run by THREAD (SCM_UNDEFINED or #f:
   the calling thread).  */
SCM_API SCM scm_sigaction_for_thread (SCM signum, SCM handler, SCM flags,
                                      SCM thread);
SCM_API SCM scm_restore_signals (void);
SCM_API SCM scm_alarm (SCM secs);
SCM_API SCM scm_pause (void);

/* File descriptors (posix/fdes.c).  */
SCM_API SCM scm_port_to_fdes (SCM port);
SCM_API SCM scm_fileno (SCM port);
SCM_API SCM scm_fdopen (SCM fdes, SCM mode);
SCM_API SCM scm_pipe (void);
SCM_API SCM scm_dup_to_fdes (SCM fd_or_port, SCM fd);
SCM_API SCM scm_dup2 (SCM oldfd, SCM newfd);
SCM_API SCM scm_dup (SCM fd_or_port, SCM fd);
SCM_API SCM scm_close_fdes (SCM fd);
SCM_API SCM scm_fcntl (SCM object, SCM cmd, SCM value);
SCM_API SCM scm_flock (SCM file, SCM operation);
SCM_API SCM scm_setvbuf (SCM port, SCM mode, SCM size);
SCM_API SCM scm_select (SCM reads, SCM writes, SCM excepts, SCM secs,
                        SCM usecs);
/* (posix/fdes-open.c) */
SCM_API SCM scm_open_fdes (SCM path, SCM flags, SCM mode);
SCM_API SCM scm_open (SCM path, SCM flags, SCM mode);
SCM_API SCM scm_isatty_p (SCM port);
SCM_API SCM scm_mknod (SCM path, SCM type, SCM perms, SCM dev);
SCM_API SCM scm_nice (SCM incr);
SCM_API SCM scm_getgroups (void);
SCM_API SCM scm_file_space (SCM path_or_port);
SCM_API SCM scm_errno_name (SCM err);

/* Sockets (posix/sockets.c) and their addresses (posix/sockaddr.c).
   ADDRESS and ARGS follow Guile: a socket address (a vector), or a
   family, an address and the rest of make-socket-address's arguments.
   Blocking calls wait interruptibly.  */
SCM_API SCM scm_socket (SCM family, SCM style, SCM proto);
SCM_API SCM scm_socketpair (SCM family, SCM style, SCM proto);
SCM_API SCM scm_bind (SCM sock, SCM fam_or_sockaddr, SCM address, SCM args);
SCM_API SCM scm_listen (SCM sock, SCM backlog);
SCM_API SCM scm_accept (SCM sock, SCM flags);
SCM_API SCM scm_connect (SCM sock, SCM fam_or_sockaddr, SCM address,
                         SCM args);
SCM_API SCM scm_shutdown (SCM sock, SCM how);
SCM_API SCM scm_getsockname (SCM sock);
SCM_API SCM scm_getpeername (SCM sock);
SCM_API SCM scm_getsockopt (SCM sock, SCM level, SCM optname);
SCM_API SCM scm_setsockopt (SCM sock, SCM level, SCM optname, SCM value);
SCM_API SCM scm_recv (SCM sock, SCM buf, SCM flags);
SCM_API SCM scm_send (SCM sock, SCM message, SCM flags);
SCM_API SCM scm_recvfrom (SCM sock, SCM buf, SCM flags, SCM start,
                          SCM end);
SCM_API SCM scm_sendto (SCM sock, SCM message, SCM fam_or_sockaddr,
                        SCM address, SCM args_and_flags);
SCM_API SCM scm_inet_pton (SCM family, SCM address);
SCM_API SCM scm_inet_ntop (SCM family, SCM address);
SCM_API SCM scm_make_socket_address (SCM family, SCM address, SCM args);
SCM_API SCM scm_sockaddr_fam (SCM sa);
SCM_API SCM scm_sockaddr_addr (SCM sa);
SCM_API SCM scm_sockaddr_port (SCM sa);
SCM_API SCM scm_sockaddr_path (SCM sa);
SCM_API SCM scm_sockaddr_flowinfo (SCM sa);
SCM_API SCM scm_sockaddr_scopeid (SCM sa);
SCM_API SCM scm_getaddrinfo (SCM name, SCM service, SCM hint_flags,
                             SCM hint_family, SCM hint_socktype,
                             SCM hint_protocol);
SCM_API SCM scm_gai_strerror (SCM error);
SCM_API SCM scm_addrinfo_flags (SCM ai);
SCM_API SCM scm_addrinfo_fam (SCM ai);
SCM_API SCM scm_addrinfo_socktype (SCM ai);
SCM_API SCM scm_addrinfo_protocol (SCM ai);
SCM_API SCM scm_addrinfo_addr (SCM ai);
SCM_API SCM scm_addrinfo_canonname (SCM ai);
SCM_API SCM scm_fdes_to_ports (SCM fdes);
SCM_API SCM scm_fdes_to_inport (SCM fdes);
SCM_API SCM scm_fdes_to_outport (SCM fdes);
SCM_API SCM scm_port_revealed (SCM port);
SCM_API SCM scm_set_port_revealed_x (SCM port, SCM rcount);
SCM_API SCM scm_adjust_port_revealed_x (SCM port, SCM addend);
SCM_API SCM scm_release_port_handle (SCM port);
SCM_API SCM scm_primitive_move_to_fdes (SCM port, SCM fdes);
SCM_API SCM scm_move_to_fdes (SCM fd_or_port, SCM fdes);
SCM_API SCM scm_gethost (SCM host);
SCM_API SCM scm_getnet (SCM net);
SCM_API SCM scm_getproto (SCM proto);
SCM_API SCM scm_getserv (SCM name, SCM protocol);
SCM_API SCM scm_sethost (SCM stayopen);
SCM_API SCM scm_setnet (SCM stayopen);
SCM_API SCM scm_setproto (SCM stayopen);
SCM_API SCM scm_setserv (SCM stayopen);

#endif /* SCM_POSIX_H */
