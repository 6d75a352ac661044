/* console.c -- an example of a console host: each user has an
   isolated instance, each line a user types is evaluated there under
   limits, with its output captured and shown apart
   SPDX-License-Identifier: LGPL-3.0-or-later

   Build it against an installed libscm:

     cc -o console console.c $(pkg-config --cflags --libs libscm)
     ./console < snippets.txt

   Each input line is "USER: SNIPPET".  Every user gets an instance of
   their own on their first line: what one defines, redefines or breaks
   is not seen by the others.  Every snippet runs under its user's
   limits (the instance's): time, 4 MiB of allocation and 256 KiB of
   stack; and each user's instance may keep 16 MiB across snippets (its
   memory quota).  An endless loop, a runaway allocation, a deep
   recursion or a global that grows at every snippet stops the snippet,
   not the host, and no guard in the snippet can prevent that.  The instances are restricted ones ("pure"): a
   snippet reaches no file, no environment variable, no clock, no
   thread and not the console's standard input.  What a
   snippet prints goes to a string port that the host reads back.
   (exit) ends that user's session: their instance is destroyed.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libscm.h>

/* Limits per user: alice's snippets get 50 ms, everyone else's (bob's
   in the example) a whole second; all get 4 MiB of allocation and
   256 KiB of stack.  */
static const scm_t_limits quick_limits = {
  .time_limit = 0.050,
  .allocation_limit = 4 << 20,
  .stack_limit = 256 << 10,
};
static const scm_t_limits patient_limits = {
  .time_limit = 1.0,
  .allocation_limit = 4 << 20,
  .stack_limit = 256 << 10,
};

/* Print the captured TEXT (a Scheme string), each line marked "| ".  */
static void
show_output (SCM text)
{
  char *s = scm_to_utf8_string (text);          /* malloc'd: ours */
  for (char *line = s; *line;)
    {
      char *end = strchr (line, '\n');
      size_t n = end ? (size_t) (end - line) : strlen (line);
      printf ("| %.*s\n", (int) n, line);
      line += n + (end != NULL);
    }
  free (s);
}

/* Say why the snippet stopped.  */
static void
show_failure (SCM obj)
{
  switch (scm_c_limit_exceeded (obj))
    {
    case SCM_LIMIT_TIME:
      printf ("!! stopped: it ran too long\n");
      return;
    case SCM_LIMIT_ALLOCATION:
      printf ("!! stopped: it allocated too much\n");
      return;
    case SCM_LIMIT_STACK:
      printf ("!! stopped: it recursed too deeply\n");
      return;
    case SCM_LIMIT_STEPS:
      printf ("!! stopped: it took too many steps\n");
      return;
    case SCM_LIMIT_MEMORY:
      printf ("!! stopped: this session keeps too much\n");
      return;
    case SCM_LIMIT_NONE:
      break;
    }
  SCM where = scm_condition_location (obj);     /* "NAME:LINE:COLUMN" */
  char *place = scm_is_string (where) ? scm_to_utf8_string (where) : NULL;
  char *text = scm_c_condition_text (obj);      /* malloc'd */
  printf ("!! %s%s%s\n", place ? place : "", place ? ": " : "", text);
  free (text);
  free (place);
}

static void
show_values (SCM result)
{
  for (size_t i = 0; i < scm_c_nvalues (result); i++)
    {
      SCM v = scm_c_value_ref (result, i);
      if (scm_is_unspecified (v))
        continue;
      char *w = scm_c_write_to_utf8 (v);        /* malloc'd */
      printf ("=> %s\n", w);
      free (w);
    }
}

/* The users, each with an instance made on their first line.  */
struct user
{
  char name[32];
  scm_t_instance *inst;
};
static struct user users[16];
static int n_users;

static struct user *
find_user (const char *name)
{
  for (int i = 0; i < n_users; i++)
    if (users[i].inst != NULL && strcmp (users[i].name, name) == 0)
      return &users[i];
  struct user *u = NULL;
  for (int i = 0; i < n_users && u == NULL; i++)
    if (users[i].inst == NULL)
      u = &users[i];              /* the slot of a user who left */
  if (u == NULL && n_users < (int) (sizeof users / sizeof users[0]))
    u = &users[n_users++];
  if (u == NULL)
    return NULL;
  snprintf (u->name, sizeof u->name, "%.31s", name);
  /* Pure computation only: no files, environment, clocks, threads,
     pointers, nor the console's own standard input.  */
  u->inst = scm_instance_create_profile ("pure");
  scm_instance_set_limits (u->inst, strcmp (name, "alice") == 0
                           ? &quick_limits : &patient_limits);
  scm_instance_set_memory_quota (u->inst, 16 << 20);
  return u;
}

/* Run in the user's instance: its output and errors go to PORT.  */
static SCM
capture (void *port)
{
  SCM out = SCM_PACK_POINTER (port);
  scm_set_current_output_port (out);
  scm_set_current_error_port (out);
  return SCM_UNSPECIFIED;
}

int
main (void)
{
  scm_init ();
  char line[4096];
  for (int n = 1; fgets (line, sizeof line, stdin) != NULL; n++)
    {
      line[strcspn (line, "\n")] = '\0';
      printf ("[%d] %s\n", n, line);
      char *colon = strchr (line, ':');
      if (colon == NULL)
        {
          printf ("?? expected USER: SNIPPET\n");
          continue;
        }
      *colon = '\0';
      const char *src = colon + 1;
      while (*src == ' ')
        src++;
      struct user *u = find_user (line);
      if (u == NULL)
        {
          printf ("?? too many users\n");
          continue;
        }

      /* A fresh capture for each snippet: its output and errors.  */
      SCM out = scm_open_output_string ();
      scm_c_with_instance (u->inst, capture, SCM_UNPACK_POINTER (out), NULL);
      char name[32];
      snprintf (name, sizeof name, "snippet-%d", n);
      SCM result;
      int failed = scm_c_instance_eval_string (u->inst, src, name, &result);
      show_output (scm_get_output_string (out));
      int status;
      if (failed && scm_is_exit_request (result, &status))
        {
          printf ("bye, %s (%d)\n", u->name, status);
          scm_instance_destroy (u->inst);
          u->inst = NULL;
        }
      else if (failed)
        show_failure (result);
      else
        show_values (result);
    }
  for (int i = 0; i < n_users; i++)
    if (users[i].inst != NULL)
      scm_instance_destroy (users[i].inst);
  return 0;
}
