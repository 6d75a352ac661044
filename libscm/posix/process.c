/* process.c -- processes with Guile's names: system, spawn, waitpid,
   fork and exec, ids, the user and group databases, kill
   SPDX-License-Identifier: LGPL-3.0-or-later

   Children are started with posix_spawn, which is safe in a program
   with threads (libgc's markers, Scheme threads): nothing runs in the
   child between the fork and the exec.  primitive-fork is there for
   Guile's programs, with the caveat the manual gives (posix.texi).
   A wait for a child is interruptible (posix.c).  */

#include "posix/posix-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pthread.h>
#include <pwd.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/keywords.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/posix.h>
#include <libscm/snarf.h>
#include <libscm/strings.h>
#include <libscm/vectors.h>

extern char **environ;

/* ------------------------------------------------------------------ */
/* Starting a child.  */

/* The descriptor for the child's standard stream STD (0, 1, 2) from
   OBJ, argument POS of WHO: a port with a descriptor, a descriptor, or
   SCM_UNDEFINED for the current port's if it has one, else the
   process's own STD.  */
static int
child_fd (SCM obj, int std, int pos, const char *who)
{
  if (SCM_UNBNDP (obj))
    {
      SCM cur = std == 0 ? scm_current_input_port ()
        : std == 1 ? scm_current_output_port () : scm_current_error_port ();
      int fd = scm_c_port_fd (cur);
      if (fd >= 0 && std != 0)
        scm_force_output (cur);
      return fd >= 0 ? fd : std;
    }
  if (scm_is_port (obj))
    {
      int fd = scm_c_port_fd (obj);
      if (fd < 0)
        scm_wrong_type_arg_msg (who, pos, obj, "port with a file descriptor");
      if (std != 0)
        scm_force_output (obj);
      return fd;
    }
  return scm_i_posix_int (obj, pos, who, 0, INT_MAX);
}

struct spawn_req
{
  const char *file;             /* the program to run */
  char **argv, **envp;          /* envp NULL: environ */
  int fds[3];                   /* the child's 0, 1, 2 */
  int search;                   /* look for FILE in PATH */
};

/* Start the child REQ describes; return its pid or -errno.  */
static pid_t
spawn_child (const struct spawn_req *req)
{
  posix_spawn_file_actions_t fa;
  int copies[3] = { -1, -1, -1 }, err = 0;
  pid_t pid = -1;
  if (posix_spawn_file_actions_init (&fa) != 0)
    return -ENOMEM;
  /* Copies above 2 first, so that one stream's descriptor is not
     overwritten by another's dup2; close-on-exec, so the child keeps
     only 0, 1 and 2.  */
  for (int i = 0; i < 3 && err == 0; i++)
    {
      copies[i] = fcntl (req->fds[i], F_DUPFD_CLOEXEC, 3);
      err = copies[i] < 0 ? errno
        : posix_spawn_file_actions_adddup2 (&fa, copies[i], i);
    }
  if (err == 0)
    {
      char *const *envp = req->envp != NULL ? req->envp : environ;
      err = req->search
        ? posix_spawnp (&pid, req->file, &fa, NULL, req->argv, envp)
        : posix_spawn (&pid, req->file, &fa, NULL, req->argv, envp);
    }
  for (int i = 0; i < 3; i++)
    if (copies[i] >= 0)
      close (copies[i]);
  posix_spawn_file_actions_destroy (&fa);
  return err != 0 ? -err : pid;
}

pid_t
scm_i_posix_spawn (char **argv, int in, int out, int errfd)
{
  struct spawn_req req = { argv[0], argv, NULL, { in, out, errfd }, 1 };
  return spawn_child (&req);
}

SCM_KEYWORD (kw_environment, "environment");
SCM_KEYWORD (kw_input, "input");
SCM_KEYWORD (kw_output, "output");
SCM_KEYWORD (kw_error, "error");
SCM_KEYWORD (kw_search_path, "search-path?");

/* Free the argument and environment vectors of a spawn on unwind.  */
static void
free_argv_unwind (void *argv)
{
  scm_i_posix_free_argv (argv);
}

SCM_DEFINE (scm_spawn, "spawn", 2, 0, 1, (SCM program, SCM arguments,
                                          SCM rest),
            "Start @var{program} with the argument list @var{arguments} "
            "(strings, the first one the program's name as it sees it) "
            "and return its process id, as Guile 3.0.9 does.  Keywords: "
            "@code{#:environment}, a list of @code{\"NAME=VALUE\"} "
            "strings (default: the process's); @code{#:input}, "
            "@code{#:output}, @code{#:error}, ports with a file "
            "descriptor or descriptors for the child's standard streams "
            "(default: the current ports, or the process's own streams "
            "if those have no descriptor); @code{#:search-path?}, whether "
            "to look for @var{program} in @env{PATH} (default "
            "@code{#t}).  The child starts with posix_spawn: safe in a "
            "program with threads.  Wait for it with @code{waitpid}.")
{
  static const char who[] = "spawn";
  char buf[SCM_I_PATH_BUF];
  SCM env = SCM_UNDEFINED, in = SCM_UNDEFINED, out = SCM_UNDEFINED,
    err = SCM_UNDEFINED, search = SCM_BOOL_T;
  for (SCM l = rest; scm_is_pair (l); l = SCM_CDR (SCM_CDR (l)))
    {
      SCM k = SCM_CAR (l);
      if (!scm_is_pair (SCM_CDR (l)))
        scm_c_raise_error ("wrong-type-arg", who, "keyword without a value",
                           scm_list_1 (k));
      SCM v = SCM_CAR (SCM_CDR (l));
      if (scm_is_eq (k, kw_environment)) env = v;
      else if (scm_is_eq (k, kw_input)) in = v;
      else if (scm_is_eq (k, kw_output)) out = v;
      else if (scm_is_eq (k, kw_error)) err = v;
      else if (scm_is_eq (k, kw_search_path)) search = v;
      else
        scm_c_raise_error ("wrong-type-arg", who, "unknown keyword",
                           scm_list_1 (k));
    }
  struct spawn_req req = { scm_i_posix_path (program, 1, who, buf), NULL,
                           NULL, { child_fd (in, 0, 3, who),
                                   child_fd (out, 1, 3, who),
                                   child_fd (err, 2, 3, who) },
                           scm_is_true (search) };
  scm_dynwind_begin (0);
  req.argv = scm_i_posix_argv (arguments, 2, who);
  scm_dynwind_unwind_handler (free_argv_unwind, req.argv,
                              SCM_F_WIND_EXPLICITLY);
  if (!SCM_UNBNDP (env))
    {
      req.envp = scm_i_posix_argv (env, 3, who);
      scm_dynwind_unwind_handler (free_argv_unwind, req.envp,
                                  SCM_F_WIND_EXPLICITLY);
    }
  if (req.argv[0] == NULL)
    scm_wrong_type_arg_msg (who, 2, arguments, "non-empty list of strings");
  pid_t pid = spawn_child (&req);
  scm_dynwind_end ();
  if (pid < 0)
    scm_i_posix_error_obj (who, (int) -pid, program);
  return scm_from_long (pid);
}

static void
reap_on_unwind (void *pid)
{
  scm_i_posix_reap_later ((pid_t) (intptr_t) pid);
}

/* Start ARGV (its first element the program) with the process's
   streams and wait for it; its status.  */
static SCM
run_and_wait (char **argv, int search, const char *who, SCM what)
{
  struct spawn_req req = { argv[0], argv, NULL, { 0, 1, 2 }, search };
  scm_force_output (scm_current_output_port ());
  scm_force_output (scm_current_error_port ());
  pid_t pid = spawn_child (&req);
  if (pid < 0)
    {
      scm_i_posix_free_argv (argv);
      scm_i_posix_error_obj (who, (int) -pid, what);
    }
  scm_i_posix_free_argv (argv);
  int status = 0;
  /* An interrupt of the wait leaves the child to the reaper.  */
  scm_dynwind_begin (0);
  scm_dynwind_unwind_handler (reap_on_unwind, (void *) (intptr_t) pid, 0);
  scm_i_posix_waitpid (pid, &status, 0, who);
  scm_dynwind_end ();
  return scm_from_int (status);
}

SCM_DEFINE (scm_system, "system", 0, 1, 0, (SCM cmd),
            "Run the shell command @var{cmd} with @file{/bin/sh} and return "
            "its exit status, to read with @code{status:exit-val} and "
            "@code{status:term-sig}.  Without @var{cmd}, return whether a "
            "shell is available.")
{
  if (SCM_UNBNDP (cmd))
    return scm_from_bool (access ("/bin/sh", X_OK) == 0);
  SCM_ASSERT_TYPE (scm_is_string (cmd), cmd, 1, "system", "string");
  SCM args = scm_list_3 (scm_from_utf8_string ("/bin/sh"),
                         scm_from_utf8_string ("-c"), cmd);
  return run_and_wait (scm_i_posix_argv (args, 1, "system"), 0, "system",
                       cmd);
}

SCM_DEFINE (scm_system_star, "system*", 0, 0, 1, (SCM args),
            "Run the program @var{args}'s first element (looked for in "
            "@env{PATH}) with the arguments @var{args}, without a shell, "
            "wait for it and return its exit status.")
{
  SCM_ASSERT_TYPE (scm_is_pair (args), args, 1, "system*",
                   "program and arguments");
  return run_and_wait (scm_i_posix_argv (args, 1, "system*"), 1, "system*",
                       SCM_CAR (args));
}

/* ------------------------------------------------------------------ */
/* Statuses and waiting.  */

static int
status_arg (SCM status, const char *who)
{
  return scm_i_posix_int (status, 1, who, INT_MIN, INT_MAX);
}

SCM_DEFINE (scm_status_exit_val, "status:exit-val", 1, 0, 0, (SCM status),
            "Return the exit code of a process that exited with "
            "@var{status} (from @code{waitpid}, @code{system}, "
            "@code{close-pipe}), or @code{#f} if it did not exit normally.")
{
  int s = status_arg (status, "status:exit-val");
  return WIFEXITED (s) ? scm_from_int (WEXITSTATUS (s)) : SCM_BOOL_F;
}

SCM_DEFINE (scm_status_term_sig, "status:term-sig", 1, 0, 0, (SCM status),
            "Return the signal that killed a process with @var{status}, or "
            "@code{#f} if no signal did.")
{
  int s = status_arg (status, "status:term-sig");
  return WIFSIGNALED (s) ? scm_from_int (WTERMSIG (s)) : SCM_BOOL_F;
}

SCM_DEFINE (scm_status_stop_sig, "status:stop-sig", 1, 0, 0, (SCM status),
            "Return the signal that stopped a process with @var{status}, "
            "or @code{#f} if it is not stopped.")
{
  int s = status_arg (status, "status:stop-sig");
  return WIFSTOPPED (s) ? scm_from_int (WSTOPSIG (s)) : SCM_BOOL_F;
}

SCM_DEFINE (scm_waitpid, "waitpid", 1, 1, 0, (SCM pid, SCM options),
            "Wait for a child process and return a pair @code{(@var{pid} "
            ". @var{status})}.  @var{pid} is a child's id, -1 for any "
            "child, 0 for any in the process group, less than -1 for any "
            "in group -@var{pid}.  @var{options} is 0 (the default) or an "
            "inclusive or of @code{WNOHANG} (return @code{(0 . 0)} at once "
            "if no child has finished) and @code{WUNTRACED} (report "
            "stopped children too).  The wait ends on an interrupt.")
{
  int p = scm_i_posix_int (pid, 1, "waitpid", INT_MIN + 1, INT_MAX);
  int opts = SCM_UNBNDP (options) ? 0
    : scm_i_posix_int (options, 2, "waitpid", 0, WNOHANG | WUNTRACED);
  int status = 0;
  pid_t r = scm_i_posix_waitpid (p, &status, opts, "waitpid");
  return scm_cons (scm_from_long (r), scm_from_int (r > 0 ? status : 0));
}

/* ------------------------------------------------------------------ */
/* Ids.  */

SCM_DEFINE (scm_getpid, "getpid", 0, 0, 0, (void),
            "Return the id of this process.")
{
  return scm_from_long (getpid ());
}

SCM_DEFINE (scm_getppid, "getppid", 0, 0, 0, (void),
            "Return the id of this process's parent.")
{
  return scm_from_long (getppid ());
}

SCM_DEFINE (scm_getuid, "getuid", 0, 0, 0, (void),
            "Return the real user id of this process.")
{
  return scm_from_ulong (getuid ());
}

SCM_DEFINE (scm_geteuid, "geteuid", 0, 0, 0, (void),
            "Return the effective user id of this process.")
{
  return scm_from_ulong (geteuid ());
}

SCM_DEFINE (scm_getgid, "getgid", 0, 0, 0, (void),
            "Return the real group id of this process.")
{
  return scm_from_ulong (getgid ());
}

SCM_DEFINE (scm_getegid, "getegid", 0, 0, 0, (void),
            "Return the effective group id of this process.")
{
  return scm_from_ulong (getegid ());
}

/* ------------------------------------------------------------------ */
/* The user and group databases.  */

static SCM
str_or_empty (const char *s)
{
  return scm_from_utf8_string (s != NULL ? s : "");
}

static SCM
passwd_vector (const struct passwd *pw)
{
  SCM v = scm_c_make_vector (7, SCM_BOOL_F);
  scm_c_vector_set_x (v, 0, str_or_empty (pw->pw_name));
  scm_c_vector_set_x (v, 1, str_or_empty (pw->pw_passwd));
  scm_c_vector_set_x (v, 2, scm_from_ulong (pw->pw_uid));
  scm_c_vector_set_x (v, 3, scm_from_ulong (pw->pw_gid));
  scm_c_vector_set_x (v, 4, str_or_empty (pw->pw_gecos));
  scm_c_vector_set_x (v, 5, str_or_empty (pw->pw_dir));
  scm_c_vector_set_x (v, 6, str_or_empty (pw->pw_shell));
  return v;
}

/* getpw* and getgr* return static storage: one lookup at a time, the
   entry copied into Scheme data before the next.  */
static pthread_mutex_t db_lock = PTHREAD_MUTEX_INITIALIZER;

static void SCM_NORETURN
not_found (const char *who, SCM key)
{
  scm_c_raise_error ("misc-error", who, "entry not found", scm_list_1 (key));
}

SCM_DEFINE (scm_getpw, "getpw", 0, 1, 0, (SCM user),
            "Return the user database entry for @var{user}, a user id or "
            "a name, as a vector read with the @code{passwd:} accessors; "
            "raise an error if there is none.  Without @var{user}, return "
            "the next entry of the database (@code{#f} after the last).")
{
  char buf[SCM_I_PATH_BUF];
  int uid = -1;
  if (SCM_UNBNDP (user))
    ;
  else if (scm_is_exact_integer (user))
    uid = scm_i_posix_int (user, 1, "getpw", 0, INT_MAX);
  else if (scm_is_string (user))
    scm_i_posix_path (user, 1, "getpw", buf);
  else
    scm_wrong_type_arg_msg ("getpw", 1, user, "user id or name");
  pthread_mutex_lock (&db_lock);
  struct passwd *pw = SCM_UNBNDP (user) ? getpwent ()
    : uid >= 0 ? getpwuid ((uid_t) uid) : getpwnam (buf);
  SCM v = pw != NULL ? passwd_vector (pw) : SCM_BOOL_F;
  pthread_mutex_unlock (&db_lock);
  if (scm_is_false (v) && !SCM_UNBNDP (user))
    not_found ("getpw", user);
  return v;
}

static SCM
group_vector (const struct group *gr)
{
  SCM members = SCM_EOL;
  for (char **m = gr->gr_mem; m != NULL && *m != NULL; m++)
    members = scm_cons (scm_from_utf8_string (*m), members);
  SCM v = scm_c_make_vector (4, SCM_BOOL_F);
  scm_c_vector_set_x (v, 0, str_or_empty (gr->gr_name));
  scm_c_vector_set_x (v, 1, str_or_empty (gr->gr_passwd));
  scm_c_vector_set_x (v, 2, scm_from_ulong (gr->gr_gid));
  scm_c_vector_set_x (v, 3, scm_reverse_x (members, SCM_EOL));
  return v;
}

SCM_DEFINE (scm_getgr, "getgr", 0, 1, 0, (SCM group),
            "Return the group database entry for @var{group}, a group id "
            "or a name, as a vector read with the @code{group:} "
            "accessors; raise an error if there is none.  Without "
            "@var{group}, return the next entry (@code{#f} after the "
            "last).")
{
  char buf[SCM_I_PATH_BUF];
  int gid = -1;
  if (SCM_UNBNDP (group))
    ;
  else if (scm_is_exact_integer (group))
    gid = scm_i_posix_int (group, 1, "getgr", 0, INT_MAX);
  else if (scm_is_string (group))
    scm_i_posix_path (group, 1, "getgr", buf);
  else
    scm_wrong_type_arg_msg ("getgr", 1, group, "group id or name");
  pthread_mutex_lock (&db_lock);
  struct group *gr = SCM_UNBNDP (group) ? getgrent ()
    : gid >= 0 ? getgrgid ((gid_t) gid) : getgrnam (buf);
  SCM v = gr != NULL ? group_vector (gr) : SCM_BOOL_F;
  pthread_mutex_unlock (&db_lock);
  if (scm_is_false (v) && !SCM_UNBNDP (group))
    not_found ("getgr", group);
  return v;
}

SCM_DEFINE (scm_getpwnam, "getpwnam", 1, 0, 0, (SCM name),
            "@code{getpw} of the user name @var{name}.")
{
  SCM_ASSERT_TYPE (scm_is_string (name), name, 1, "getpwnam", "string");
  return scm_getpw (name);
}

SCM_DEFINE (scm_getpwuid, "getpwuid", 1, 0, 0, (SCM uid),
            "@code{getpw} of the user id @var{uid}.")
{
  SCM_ASSERT_TYPE (scm_is_exact_integer (uid), uid, 1, "getpwuid",
                   "exact integer");
  return scm_getpw (uid);
}

SCM_DEFINE (scm_getgrnam, "getgrnam", 1, 0, 0, (SCM name),
            "@code{getgr} of the group name @var{name}.")
{
  SCM_ASSERT_TYPE (scm_is_string (name), name, 1, "getgrnam", "string");
  return scm_getgr (name);
}

SCM_DEFINE (scm_getgrgid, "getgrgid", 1, 0, 0, (SCM gid),
            "@code{getgr} of the group id @var{gid}.")
{
  SCM_ASSERT_TYPE (scm_is_exact_integer (gid), gid, 1, "getgrgid",
                   "exact integer");
  return scm_getgr (gid);
}

#define DB_ACCESSOR(cname, name, len, n, what, field)			\
  SCM_DEFINE (cname, name, 1, 0, 0, (SCM entry),			\
              "Return the " field " of the " what " @var{entry}.")	\
  {									\
    return scm_i_posix_field (entry, len, n, name, what);			\
  }

DB_ACCESSOR (scm_passwd_name, "passwd:name", 7, 0, "user entry", "name")
DB_ACCESSOR (scm_passwd_passwd, "passwd:passwd", 7, 1, "user entry",
             "password field")
DB_ACCESSOR (scm_passwd_uid, "passwd:uid", 7, 2, "user entry", "user id")
DB_ACCESSOR (scm_passwd_gid, "passwd:gid", 7, 3, "user entry", "group id")
DB_ACCESSOR (scm_passwd_gecos, "passwd:gecos", 7, 4, "user entry",
             "full name (GECOS field)")
DB_ACCESSOR (scm_passwd_dir, "passwd:dir", 7, 5, "user entry",
             "home directory")
DB_ACCESSOR (scm_passwd_shell, "passwd:shell", 7, 6, "user entry",
             "login shell")
DB_ACCESSOR (scm_group_name, "group:name", 4, 0, "group entry", "name")
DB_ACCESSOR (scm_group_passwd, "group:passwd", 4, 1, "group entry",
             "password field")
DB_ACCESSOR (scm_group_gid, "group:gid", 4, 2, "group entry", "group id")
DB_ACCESSOR (scm_group_mem, "group:mem", 4, 3, "group entry",
             "member names (a list)")

/* ------------------------------------------------------------------ */
/* Signals to processes, ending, forking and exec.  */

SCM_DEFINE (scm_kill, "kill", 2, 0, 0, (SCM pid, SCM sig),
            "Send signal @var{sig} (@code{SIGTERM}, @code{SIGKILL}...; 0 "
            "only checks that the process exists) to the process "
            "@var{pid}, or to process group -@var{pid} if negative, or to "
            "this process's group if 0.")
{
  int p = scm_i_posix_int (pid, 1, "kill", INT_MIN + 1, INT_MAX);
  int s = scm_i_posix_int (sig, 2, "kill", 0, 64);
  if (kill (p, s) != 0)
    scm_i_posix_error_obj ("kill", errno, pid);
  return SCM_UNSPECIFIED;
}

static int
exit_code (SCM status, const char *who)
{
  if (SCM_UNBNDP (status) || scm_is_eq (status, SCM_BOOL_T))
    return 0;
  if (scm_is_false (status))
    return 1;
  return scm_i_posix_int (status, 1, who, 0, 255);
}

SCM_DEFINE (scm_primitive_exit, "primitive-exit", 0, 1, 0, (SCM status),
            "End the process at once with @var{status} (0 by default; "
            "@code{#t} is 0, @code{#f} 1), without unwinding: no "
            "@code{dynamic-wind} after thunk runs.  The current output and "
            "error ports and C's streams are flushed.")
{
  int code = exit_code (status, "primitive-exit");
  scm_force_output (scm_current_output_port ());
  scm_force_output (scm_current_error_port ());
  exit (code);
}

SCM_DEFINE (scm_primitive__exit, "primitive-_exit", 0, 1, 0, (SCM status),
            "End the process at once with @var{status}, flushing nothing "
            "(@code{_exit}): for a child made by @code{primitive-fork} "
            "whose exec failed.")
{
  _exit (exit_code (status, "primitive-_exit"));
}

SCM_DEFINE (scm_primitive_fork, "primitive-fork", 0, 0, 0, (void),
            "Fork the process: return 0 in the child and the child's id in "
            "the parent.  Only the calling thread goes on in the child: a "
            "lock another thread held stays held there, so the child "
            "should do little more than @code{execl} (or "
            "@code{primitive-_exit}).  Prefer @code{spawn} in a program "
            "with threads.")
{
  scm_force_output (scm_current_output_port ());
  scm_force_output (scm_current_error_port ());
  fflush (NULL);
  pid_t pid = fork ();
  if (pid < 0)
    scm_i_posix_error ("primitive-fork", errno, NULL);
  return scm_from_long (pid);
}

/* exec FILENAME with ARGS (and ENV unless unbound), searching PATH if
   SEARCH; returns only by raising.  */
static SCM SCM_NORETURN
do_exec (SCM filename, SCM args, SCM env, int search, const char *who)
{
  char buf[SCM_I_PATH_BUF];
  char *file = scm_i_posix_path (filename, 1, who, buf);
  char **argv = scm_i_posix_argv (args, 2, who);
  char **envp = SCM_UNBNDP (env) ? NULL : scm_i_posix_argv (env, 2, who);
  scm_force_output (scm_current_output_port ());
  scm_force_output (scm_current_error_port ());
  fflush (NULL);
  if (envp != NULL)
    execve (file, argv, envp);
  else if (search)
    execvp (file, argv);
  else
    execv (file, argv);
  int err = errno;
  scm_i_posix_free_argv (argv);
  scm_i_posix_free_argv (envp);
  scm_i_posix_error_obj (who, err, filename);
}

SCM_DEFINE (scm_execl, "execl", 1, 0, 1, (SCM filename, SCM args),
            "Replace the process's program by the file @var{filename}, "
            "with the arguments @var{args} (the first one the name the "
            "program sees).  Returns only by raising a "
            "@code{system-error}.")
{
  do_exec (filename, args, SCM_UNDEFINED, 0, "execl");
}

SCM_DEFINE (scm_execlp, "execlp", 1, 0, 1, (SCM filename, SCM args),
            "Like @code{execl}, looking for @var{filename} in @env{PATH}.")
{
  do_exec (filename, args, SCM_UNDEFINED, 1, "execlp");
}

SCM_DEFINE (scm_execle, "execle", 2, 0, 1, (SCM filename, SCM env,
                                            SCM args),
            "Like @code{execl}, with the environment @var{env}, a list of "
            "@code{\"NAME=VALUE\"} strings.")
{
  SCM_ASSERT_TYPE (scm_c_list_length (env) >= 0, env, 2, "execle",
                   "list of strings");
  do_exec (filename, args, env, 0, "execle");
}

static const struct { const char *name; int value; } constants[] = {
  { "WNOHANG", WNOHANG }, { "WUNTRACED", WUNTRACED },
  { "SIGHUP", SIGHUP }, { "SIGINT", SIGINT }, { "SIGQUIT", SIGQUIT },
  { "SIGILL", SIGILL }, { "SIGABRT", SIGABRT }, { "SIGFPE", SIGFPE },
  { "SIGKILL", SIGKILL }, { "SIGSEGV", SIGSEGV }, { "SIGPIPE", SIGPIPE },
  { "SIGALRM", SIGALRM }, { "SIGTERM", SIGTERM }, { "SIGUSR1", SIGUSR1 },
  { "SIGUSR2", SIGUSR2 }, { "SIGCHLD", SIGCHLD }, { "SIGCONT", SIGCONT },
  { "SIGSTOP", SIGSTOP }, { "SIGTSTP", SIGTSTP }, { "SIGTTIN", SIGTTIN },
  { "SIGTTOU", SIGTTOU }, { "SIGWINCH", SIGWINCH },
};

void
scm_init_process (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "posix/process.x"
#endif
  for (size_t i = 0; i < sizeof constants / sizeof constants[0]; i++)
    scm_c_define (constants[i].name, scm_from_int (constants[i].value));
}
