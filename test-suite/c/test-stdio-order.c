/* test-stdio-order.c -- Scheme's standard output and the host's C stdio
   keep their order on a pipe
   SPDX-License-Identifier: LGPL-3.0-or-later

   A child process whose standard output is a pipe alternates printf
   and Scheme output: after a normal return, after a raise caught by a
   protected call, through a procedure called from C, without newlines,
   and with Scheme output still buffered at exit.  The parent reads the
   pipe and compares.  */

#include <libscm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tap.h"

static void
child (void)
{
  scm_init ();
  SCM v;
  printf ("c1\n");
  scm_c_eval_string ("(display \"s1\\n\")");
  printf ("c2 ");
  scm_c_eval_string ("(display \"s2\")");
  printf (" c3\n");
  scm_c_eval_string_protected ("(display \"s3 \") (car '())", &v);
  printf ("c4\n");
  scm_call_1 (scm_c_eval_string ("(lambda (s) (display s))"),
              scm_from_utf8_string ("s4\n"));
  scm_call_1 (scm_c_eval_string ("display"), scm_from_utf8_string ("s5 "));
  printf ("c5\n");
  scm_c_eval_string ("(display \"s6\")");
  printf (" c6\n");
  /* Left in the Scheme buffer, then C output, then exit.  */
  scm_c_eval_string ("(display \"s7 \")");
  printf ("c7\n");
}

int
main (void)
{
  int fds[2];
  if (pipe (fds) != 0)
    return 1;
  fflush (stdout);
  pid_t pid = fork ();
  if (pid == 0)
    {
      close (fds[0]);
      dup2 (fds[1], 1);
      close (fds[1]);
      child ();
      exit (0);
    }
  close (fds[1]);
  char buf[1024];
  size_t len = 0;
  ssize_t n;
  while (len < sizeof buf - 1
         && (n = read (fds[0], buf + len, sizeof buf - 1 - len)) > 0)
    len += (size_t) n;
  buf[len] = 0;
  int status;
  waitpid (pid, &status, 0);
  ok (WIFEXITED (status) && WEXITSTATUS (status) == 0, "the child ran");
  ok_streq (buf, "c1\ns1\nc2 s2 c3\ns3 c4\ns4\ns5 c5\ns6 c6\ns7 c7\n",
            "C and Scheme output on a pipe come out in the order made");
  return tap_done ();
}
