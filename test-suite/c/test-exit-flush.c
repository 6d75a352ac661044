/* test-exit-flush.c -- what an embedding program learns of output that
   cannot be written out: scm_c_flush_all_ports before it ends, and the
   atexit flush (its report, its handler, its count, and an exit status
   that stays the host's)
   SPDX-License-Identifier: LGPL-3.0-or-later

   /dev/full refuses every write with ENOSPC; without it the tests that
   need it are skipped, saying so.  The exit cases run in children
   forked before this process calls scm_init, each one a whole
   embedding program from scm_init to exit.  */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <libscm.h>
#include "tap.h"

static const char full_program[] =
  "(define p (open-output-file \"/dev/full\"))"
  "(write-string \"lost\" p)";

/* ---- The children: each ends by returning from its "main".  */

static size_t seen_bytes;
static int seen_err;
static char seen_name[64];

static void
record (const char *name, size_t bytes, int err)
{
  snprintf (seen_name, sizeof seen_name, "%s", name);
  seen_bytes = bytes;
  seen_err = err;
}

/* Registered before scm_init, so it runs after libscm's atexit flush:
   the host choosing its status from what the library counted.  */
static void
host_check_at_exit (void)
{
  int good = scm_c_exit_flush_failures () == 1
    && strcmp (seen_name, "/dev/full") == 0 && seen_bytes == 4
    && seen_err == ENOSPC;
  _exit (good ? 42 : 43);
}

/* A host with a handler: it leaves with status 0, the handler and its
   own atexit function decide.  */
static int
child_with_handler (void)
{
  atexit (host_check_at_exit);
  scm_init ();
  scm_c_set_exit_flush_handler (record);
  scm_c_eval_string (full_program);
  return 0;
}

/* A host that does nothing: libscm reports on stderr and the status
   stays the host's (0).  */
static int
child_plain (void)
{
  scm_init ();
  scm_c_eval_string (full_program);
  return 0;
}

/* Run CHILD in a child with its stderr into the file ERRFILE; return
   its wait status.  */
static int
run_child (int (*child) (void), const char *errfile)
{
  fflush (stdout);
  pid_t pid = fork ();
  if (pid == 0)
    {
      int fd = open (errfile, O_WRONLY | O_CREAT | O_TRUNC, 0600);
      if (fd >= 0)
        dup2 (fd, 2);
      exit (child ());
    }
  int status = -1;
  waitpid (pid, &status, 0);
  return status;
}

static void
test_exit (const char *tmp)
{
  char errfile[256];
  snprintf (errfile, sizeof errfile, "%s/stderr", tmp);

  int st = run_child (child_with_handler, errfile);
  ok (WIFEXITED (st) && WEXITSTATUS (st) == 42,
      "a host's atexit function sees the failure counted and reported "
      "to its handler (status %d)", WIFEXITED (st) ? WEXITSTATUS (st) : -1);
  ok_streq (tap_slurp (errfile), "",
            "with a handler set, libscm prints nothing itself");

  st = run_child (child_plain, errfile);
  ok (WIFEXITED (st) && WEXITSTATUS (st) == 0,
      "without one the exit status stays the host's: libscm never "
      "exits on its behalf (status %d)",
      WIFEXITED (st) ? WEXITSTATUS (st) : -1);
  ok_streq (tap_slurp (errfile),
            "libscm: /dev/full: 4 bytes not written at exit: "
            "No space left on device\n",
            "and the lost output is reported on stderr");
  unlink (errfile);
}

/* ---- In this process: scm_c_flush_all_ports.  */

static void
test_flush_all (const char *tmp)
{
  SCM failure = SCM_BOOL_F;
  scm_c_eval_string (full_program);
  ok (scm_c_flush_all_ports (&failure) == -1,
      "scm_c_flush_all_ports returns -1 when a port cannot be written");
  char *text = scm_is_condition (failure)
    ? scm_c_condition_text (failure) : NULL;
  ok (text != NULL && strstr (text, "No space left on device") != NULL
      && strstr (text, "/dev/full") != NULL,
      "the failure names the port and the reason (%s)",
      text ? text : "no condition");
  free (text);
  ok (scm_c_flush_all_ports (NULL) == 0,
      "the lost output is not tried again: the next call returns 0");

  char file[256], code[512];
  snprintf (file, sizeof file, "%s/kept", tmp);
  snprintf (code, sizeof code,
            "(define q (open-output-file \"%s\"))"
            "(define r (open-output-file \"/dev/full\"))"
            "(write-string \"kept\" q) (write-string \"x\" r)", file);
  scm_c_eval_string (code);
  ok (scm_c_flush_all_ports (NULL) == -1,
      "one port failing among two: -1");
  ok_streq (tap_slurp (file), "kept", "and the other was written all the same");
  failure = SCM_BOOL_F;
  scm_c_eval_string ("(write-string \"more\" q)");
  ok (scm_c_flush_all_ports (&failure) == 0 && scm_is_false (failure),
      "0 when everything is written; *failure untouched");
  ok_streq (tap_slurp (file), "keptmore", "the file has it all");
  scm_c_eval_string ("(close-port q) (close-port r)");
  unlink (file);
}

int
main (void)
{
  char tmp[] = "/tmp/test-exit-flush-XXXXXX";
  if (mkdtemp (tmp) == NULL)
    {
      printf ("Bail out! mkdtemp: %s\n", strerror (errno));
      return 99;
    }
  int fd = open ("/dev/full", O_WRONLY);
  if (fd < 0)
    {
      printf ("1..0 # SKIP no /dev/full to make writes fail\n");
      rmdir (tmp);
      return 0;
    }
  close (fd);
  /* The children first: they fork from a process that has not
     started libscm.  */
  test_exit (tmp);
  scm_init ();
  test_flush_all (tmp);
  rmdir (tmp);
  return tap_done ();
}
