/* posix-internal.h -- what the files of posix/ share: argument
   conversion, system errors, interruptible waits
   SPDX-License-Identifier: LGPL-3.0-or-later

   Only the public API (<libscm/...>) is used here, so that the posix
   files are clients of the library like an embedder's primitives.  */

#ifndef SCM_POSIX_INTERNAL_H
#define SCM_POSIX_INTERNAL_H

#include <config.h>

#include <limits.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <netinet/in.h>
#include <libscm/scm.h>

/* A file name as the system takes it: STR (argument POS of WHO, a
   string) in UTF-8 in BUF.  Raises wrong-type-arg if STR is not a
   string or holds a NUL, a system-error ENAMETOOLONG if it does not
   fit.  Returns BUF.  */
#define SCM_I_PATH_BUF (PATH_MAX + 1)
SCM_INTERNAL char *scm_i_posix_path (SCM str, int pos, const char *who,
                                     char buf[SCM_I_PATH_BUF]);

/* Raise a system-error from WHO for error number ERR about the file
   or object NAME (a C string, or NULL for none).  */
SCM_INTERNAL void scm_i_posix_error (const char *who, int err,
                                     const char *name) SCM_NORETURN;
/* The same about the Scheme object OBJ.  */
SCM_INTERNAL void scm_i_posix_error_obj (const char *who, int err, SCM obj)
  SCM_NORETURN;

/* Field N of V, a vector of LEN elements that a procedure such as stat
   returned (argument 1 of accessor WHO, WHAT in the error).  */
SCM_INTERNAL SCM scm_i_posix_field (SCM v, size_t len, size_t n,
                                    const char *who, const char *what);

/* An int argument (POS of WHO) within [MIN, MAX].  */
SCM_INTERNAL int scm_i_posix_int (SCM x, int pos, const char *who,
                                  int min, int max);

/* Wait outside Scheme mode until FD is ready for EVENTS (poll's) or
   TIMEOUT_NS passes (negative: no timeout), in slices between which an
   interrupt or a limit of the evaluation is raised (scm_async_tick).
   Returns poll's revents, 0 on a timeout.  */
SCM_INTERNAL int scm_i_posix_wait_fd (int fd, int events, int64_t timeout_ns,
                                      const char *who);

/* Sleep NS nanoseconds, interruptibly as above; return the nanoseconds
   left (0 unless an interrupt that was not meant for us cut it).  */
SCM_INTERNAL void scm_i_posix_sleep_ns (int64_t ns, const char *who);

/* waitpid (PID, &STATUS, OPTIONS) with interrupts seen while it waits.
   Returns waitpid's result; raises a system-error on failure.  */
SCM_INTERNAL pid_t scm_i_posix_waitpid (pid_t pid, int *status, int options,
                                        const char *who);

/* A NULL-terminated argv from the list of strings ARGS (argument POS of
   WHO), each string and the array from malloc; free it with
   scm_i_posix_free_argv.  */
SCM_INTERNAL char **scm_i_posix_argv (SCM args, int pos, const char *who);
SCM_INTERNAL void scm_i_posix_free_argv (char **argv);

/* Start ARGV (ARGV[0] looked for in PATH) with IN, OUT and ERR as its
   standard streams; its pid, or -errno (process.c).  */
SCM_INTERNAL pid_t scm_i_posix_spawn (char **argv, int in, int out, int err);

/* A port on descriptors RFD (input; -1: none) and WFD (output; -1:
   none), both closed with it, named NAME; PID: the child of a pipe
   (close-pipe waits for it), or 0 (pipes.c).  */
SCM_INTERNAL SCM scm_i_posix_fd_port (int rfd, int wfd, pid_t pid,
                                      const char *name);
/* The descriptor of PORT (a port of scm_c_fdopen or of
   scm_i_posix_fd_port: its input one if it has both), or -1.  */
SCM_INTERNAL int scm_i_posix_port_fd (SCM port);
/* Make PORT (a pipe, socket or fd port) use descriptor FD where it
   used OLD; 0, or -1 if PORT has no descriptor (pipes.c).  */
SCM_INTERNAL int scm_i_posix_port_set_fd (SCM port, int old, int fd);
/* The same for a socket port: 0, or -1 if PORT is none (sockets.c).  */
SCM_INTERNAL int scm_i_posix_socket_set_fd (SCM port, int fd);
/* Whether PORT reads or writes through descriptor FD.  */
SCM_INTERNAL int scm_i_posix_port_uses_fd (SCM port, int fd);
/* The descriptor of OBJ (argument POS of WHO): a port on one, or a
   descriptor.  Raises wrong-type-arg otherwise.  */
SCM_INTERNAL int scm_i_posix_fd_arg (SCM obj, int pos, const char *who);

/* Reap the child PID now if it has exited, else have a reaper thread
   reap it when it does: for children nobody will wait for (pipes.c).  */
SCM_INTERNAL void scm_i_posix_reap_later (pid_t pid);

/* A socket address of any family the sockets take.  */
union scm_i_sockaddr
{
  struct sockaddr sa;
  struct sockaddr_in in;
  struct sockaddr_in6 in6;
  struct sockaddr_un un;
  struct sockaddr_storage storage;
};

/* Fill OUT from Guile's address arguments of WHO, which start at
   argument POS: a socket address (a vector, as make-socket-address
   makes), or a family, an address and, in the list ARGS, the port
   (and for AF_INET6 the flow information and the scope id, if there).
   *REST gets the arguments left over (ADDRESS and ARGS after a socket
   address).  Returns the address's length (sockaddr.c).  */
SCM_INTERNAL socklen_t scm_i_posix_sockaddr (SCM fam_or_sockaddr,
                                             SCM address, SCM args, int pos,
                                             const char *who,
                                             union scm_i_sockaddr *out,
                                             SCM *rest);
/* The socket address vector for SA of LEN bytes (#f if LEN is too
   short to hold a family).  */
SCM_INTERNAL SCM scm_i_posix_from_sockaddr (const struct sockaddr *sa,
                                            socklen_t len);
/* The descriptor of socket port PORT, or -1 if PORT is not one
   (sockets.c).  */
SCM_INTERNAL int scm_i_posix_socket_fd (SCM port);

/* The init functions of the posix files, which init.c calls.  */
SCM_INTERNAL void scm_init_stime (void);
SCM_INTERNAL void scm_init_environ (void);
SCM_INTERNAL void scm_init_filesys (void);
SCM_INTERNAL void scm_init_regex (void);
SCM_INTERNAL void scm_init_posix (void);
SCM_INTERNAL void scm_init_files (void);
SCM_INTERNAL void scm_init_process (void);
SCM_INTERNAL void scm_init_pipes (void);
SCM_INTERNAL void scm_init_host (void);
SCM_INTERNAL void scm_init_time (void);
SCM_INTERNAL void scm_init_signals (void);
SCM_INTERNAL void scm_init_fdes (void);
SCM_INTERNAL void scm_init_fdes_open (void);
SCM_INTERNAL void scm_init_sockaddr (void);
SCM_INTERNAL void scm_init_sockets (void);
SCM_INTERNAL void scm_init_netdb (void);

#endif /* SCM_POSIX_INTERNAL_H */
