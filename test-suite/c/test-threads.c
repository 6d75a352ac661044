/* test-threads.c -- threads made with plain pthread_create (not libgc's
   wrapper) that call scm_init, use Scheme and exit
   SPDX-License-Identifier: LGPL-3.0-or-later

   No gc.h here on purpose: it would redirect pthread_create to
   GC_pthread_create, and this is what an embedder that never heard of
   libgc does.  */

#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <libscm.h>
#include "tap.h"

static void *
worker (void *arg)
{
  char name[64];
  scm_init ();
  SCM l = SCM_EOL;
  for (int i = 0; i < 2000; i++)
    {
      snprintf (name, sizeof name, "thread-symbol-%d", i);
      l = scm_cons (scm_from_utf8_symbol (name), l);
    }
  *(long *) arg = scm_c_list_length (l);
  return NULL;
}

/* A thread that never entered libscm: its evaluation fails through the
   fatal-error hook with the documented message (there is no handler
   to raise to), and this hook takes it back to the thread's start.  */
static jmp_buf stranger_back;
static char stranger_message[256];

static void
stranger_hook (const char *message)
{
  snprintf (stranger_message, sizeof stranger_message, "%s", message);
  longjmp (stranger_back, 1);
}

static void *
stranger (void *unused)
{
  (void) unused;
  if (setjmp (stranger_back) == 0)
    {
      scm_c_eval_string ("(+ 1 2)");
      strcpy (stranger_message, "(it returned)");
    }
  return NULL;
}

static int
thread_that_never_entered (void)
{
  scm_t_fatal_hook old = scm_set_fatal_hook (stranger_hook);
  pthread_t t;
  /* A collection now, so that the stranger's few bytes of allocation
     cannot start one: libgc aborts a collection from a thread it does
     not know, which the manual says too.  */
  scm_gc ();
  int good = pthread_create (&t, NULL, stranger, NULL) == 0
             && pthread_join (t, NULL) == 0;
  scm_set_fatal_hook (old);
  return good && strcmp (stranger_message, "this thread has no libscm "
                         "instance: call scm_init first") == 0;
}

/* Thread K defines 300 globals and reads them back, all while the other
   threads do the same: the top-level table is shared.  */
static void *
definer (void *data)
{
  long k = *(long *) data;
  scm_init ();
  char buf[256];
  long good = 0;
  for (int i = 0; i < 300; i++)
    {
      snprintf (buf, sizeof buf,
                "(define thread-%ld-var-%d %d) (+ thread-%ld-var-%d 0)",
                k, i, i, k, i);
      if (scm_to_long (scm_c_eval_string (buf)) == i)
        good++;
    }
  *(long *) data = good;
  return NULL;
}

static void *
evaluator (void *data)
{
  scm_init ();
  *(long *) data = scm_to_long
    (scm_c_eval_string ("(let loop ((i 1) (s 0)) "
                        "(if (> i 100) s (loop (+ i 1) (+ s i))))"));
  return NULL;
}

/* Code nested 100,000 deep, built and evaluated in Scheme: more than
   the thread's C stack holds, so its expansion and compilation go on
   on C-stack segments (c-stack.c).  *ARG: the depth's result.  */
static void *
deep_evaluator (void *arg)
{
  scm_init ();
  *(long *) arg = scm_to_long
    (scm_c_eval_string
     ("(let loop ((i 0) (x 'x)) "
      "  (if (= i 100000) "
      "      (eval (list 'let '((x 0)) x)) "
      "      (loop (+ i 1) (list 'let (list (list 'x (list '+ 'x 1))) x))))"));
  return NULL;
}

/* Two threads at once, one with the default stack and one with a
   small one, each with segments of its own while the other collects.  */
static int
deep_code_in_threads (void)
{
  pthread_t t[2];
  pthread_attr_t small;
  long r[2] = { 0, 0 };
  int good = pthread_attr_init (&small) == 0
    && pthread_attr_setstacksize (&small, 256 * 1024) == 0
    && pthread_create (&t[0], NULL, deep_evaluator, &r[0]) == 0
    && pthread_create (&t[1], &small, deep_evaluator, &r[1]) == 0;
  good &= pthread_join (t[0], NULL) == 0;
  good &= pthread_join (t[1], NULL) == 0;
  pthread_attr_destroy (&small);
  return good && r[0] == 100000 && r[1] == 100000;
}

int
main (void)
{
  scm_init ();
  int good = 1;
  for (int round = 0; round < 4; round++)
    {
      pthread_t t[3];
      long n[3] = { 0, 0, 0 };
      for (int i = 0; i < 3; i++)
        good &= pthread_create (&t[i], NULL, worker, &n[i]) == 0;
      for (int i = 0; i < 3; i++)
        good &= pthread_join (t[i], NULL) == 0 && n[i] == 2000;
      /* Collect after the threads are gone: libgc must not look for
         them any more.  */
      SCM l = SCM_EOL;
      for (int i = 0; i < 100000; i++)
        l = scm_cons (SCM_BOOL_T, l);
      scm_gc ();
    }
  ok (good, "threads from plain pthread_create call scm_init, allocate, "
      "exit, and collections afterwards go on");
  ok (scm_is_symbol (scm_from_utf8_symbol ("thread-symbol-7")),
      "the main thread still interns");

  /* More threads, one after the other, than the VM table has slots
     (vm.c reuses the VMs of exited threads).  */
  int evaluated = 0;
  for (int i = 0; i < 300; i++)
    {
      pthread_t t;
      long r = 0;
      if (pthread_create (&t, NULL, evaluator, &r) == 0
          && pthread_join (t, NULL) == 0 && r == 5050)
        evaluated++;
    }
  ok (evaluated == 300, "300 threads in turn evaluate Scheme and exit "
      "(%d did)",
      evaluated);
  ok (scm_to_int (scm_c_eval_string ("(+ 40 2)")) == 42,
      "the main thread still evaluates");

  pthread_t d[4];
  long results[4] = { 0, 1, 2, 3 };
  int started = 1;
  for (int i = 0; i < 4; i++)
    started &= pthread_create (&d[i], NULL, definer, &results[i]) == 0;
  for (int i = 0; i < 4; i++)
    started &= pthread_join (d[i], NULL) == 0;
  ok (started && results[0] == 300 && results[1] == 300 && results[2] == 300
      && results[3] == 300,
      "4 threads define 300 globals each at once, and read them back "
      "(%ld %ld %ld %ld)", results[0], results[1], results[2], results[3]);
  ok (scm_to_int (scm_c_eval_string ("(+ thread-3-var-299 thread-0-var-7)"))
      == 306, "the main thread sees their definitions");
  ok (deep_code_in_threads (), "two threads at once, one with a 256 KiB "
      "stack, evaluate code nested 100,000 deep");
  ok (thread_that_never_entered (), "a thread that never entered gets "
      "the documented error through the fatal-error hook (%s)",
      stranger_message);
  ok (scm_to_int (scm_c_eval_string ("(+ 40 2)")) == 42,
      "and the main thread still evaluates");
  return tap_done ();
}
