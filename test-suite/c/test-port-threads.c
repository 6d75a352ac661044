/* test-port-threads.c -- ports shared by threads: whole writes, never
   corrupted, and a lock that errors give back
   SPDX-License-Identifier: LGPL-3.0-or-later

   Four threads write lines to one port at once (a string port, a file
   port whose buffer fills mid-line, a custom port), each line in one
   write: every line must come out intact and none lost.  Then threads
   read one file port at once: every character is read exactly once,
   and a read-line or a read, which hold the lock for the whole line or
   datum, always gets a whole one.
   Then a thread whose writes raise (a failing custom port, a decoding
   error) must leave the port usable by the others: a deadlock would
   hang, so an alarm fails the test instead.

   No gc.h: threads come from plain pthread_create, as an embedder's
   would.  */

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libscm.h>
#include "tap.h"

#define THREADS 4
#define LINES 3000

static SCM shared;              /* the port under test */
static int use_scheme_string;   /* write with scm_c_put_string */

struct job
{
  int k;
  long done;
};

/* Line I of thread K: long enough that lines straddle buffer ends, and
   with non-ASCII characters in the string variant, so that a write is
   several pieces.  */
static void
line_text (char *buf, size_t n, int k, int i)
{
  snprintf (buf, n, "<thread %d line %d: %s>\n", k, i,
            "the quick brown fox \xce\xbb jumps over the lazy dog \xe2\x82\xac");
}

static void *
writer (void *data)
{
  struct job *j = data;
  char buf[256];
  scm_init ();
  for (int i = 0; i < LINES; i++)
    {
      line_text (buf, sizeof buf, j->k, i);
      if (use_scheme_string)
        scm_c_put_string (shared, scm_from_utf8_string (buf));
      else
        scm_c_puts (shared, buf);
      j->done++;
    }
  return NULL;
}

static int
run_writers (void)
{
  pthread_t t[THREADS];
  struct job jobs[THREADS];
  int good = 1;
  for (int k = 0; k < THREADS; k++)
    {
      jobs[k].k = k;
      jobs[k].done = 0;
      good &= pthread_create (&t[k], NULL, writer, &jobs[k]) == 0;
    }
  for (int k = 0; k < THREADS; k++)
    good &= pthread_join (t[k], NULL) == 0 && jobs[k].done == LINES;
  return good;
}

/* Whether TEXT is exactly the lines of every thread, each whole, each
   thread's in order.  */
static int
all_lines_intact (const char *text)
{
  int next[THREADS] = { 0 };
  char want[256];
  const char *p = text;
  long lines = 0;
  while (*p)
    {
      /* (Not sscanf, which measures the whole rest of TEXT each time.)  */
      char *end;
      long k = strncmp (p, "<thread ", 8) == 0 ? strtol (p + 8, &end, 10) : -1;
      if (k < 0 || k >= THREADS)
        {
          diag ("a broken line at offset %ld: %.60s", (long) (p - text), p);
          return 0;
        }
      line_text (want, sizeof want, (int) k, next[k]);
      size_t n = strlen (want);
      if (strncmp (p, want, n) != 0)
        {
          diag ("line %ld: want %.60s got %.60s", lines, want, p);
          return 0;
        }
      next[k]++;
      lines++;
      p += n;
    }
  for (int k = 0; k < THREADS; k++)
    if (next[k] != LINES)
      {
        diag ("thread %d: %d lines", k, next[k]);
        return 0;
      }
  return 1;
}

/* A custom output port appending to a malloc'd buffer.  Its write is
   not thread-safe by itself: the port's lock must serialize it.  */
struct sink
{
  char *text;
  size_t len, cap;
  int fail;
};

static void
sink_write (SCM port, void *data, const uint8_t *buf, size_t size)
{
  (void) port;
  struct sink *s = data;
  if (s->fail)
    scm_c_raise_error ("misc-error", "sink_write", "refused", SCM_EOL);
  if (s->len + size + 1 > s->cap)
    {
      s->cap = 2 * (s->len + size + 1);
      s->text = realloc (s->text, s->cap);
    }
  memcpy (s->text + s->len, buf, size);
  s->len += size;
  s->text[s->len] = 0;
}

static const scm_t_port_functions sink_functions = { .write = sink_write };

/* Readers: each reads characters until the end and counts them.  */
static void *
reader (void *data)
{
  struct job *j = data;
  scm_init ();
  while (scm_c_getc (shared) >= 0)
    j->done++;
  return NULL;
}

/* Line readers: each reads lines with read-line until the end and
   counts those that are one of the writers' lines, whole.  */
static void *
line_reader (void *data)
{
  struct job *j = data;
  char want[256];
  scm_init ();
  for (;;)
    {
      SCM line = scm_read_line (shared);
      if (scm_is_eq (line, scm_eof_object ()))
        break;
      char *got = scm_to_utf8_string (line);
      int k, i;
      if (sscanf (got, "<thread %d line %d:", &k, &i) == 2)
        {
          line_text (want, sizeof want, k, i);
          want[strlen (want) - 1] = 0;
          if (strcmp (got, want) == 0)
            j->done++;
        }
      j->k++;
    }
  return NULL;
}

/* Datum readers: each reads data (K I "text") until the end and counts
   those that are whole.  */
#define DATUM_TEXT "a string, \xce\xbb and \xe2\x82\xac among its characters"
static void *
datum_reader (void *data)
{
  struct job *j = data;
  scm_init ();
  for (;;)
    {
      SCM x = scm_read (shared);
      if (scm_is_eq (x, scm_eof_object ()))
        break;
      if (scm_is_true (scm_list_p (x)) && scm_to_long (scm_length (x)) == 3
          && scm_is_string (scm_list_ref (x, scm_from_int (2)))
          && scm_is_true (scm_equal_p (scm_list_ref (x, scm_from_int (2)),
                                       scm_from_utf8_string (DATUM_TEXT))))
        j->done++;
      j->k++;
    }
  return NULL;
}

/* Run N_THREADS of FN on SHARED; return the sum of their counts of whole
   items in *WHOLE and of all items.  */
static long
run_readers (void *(*fn) (void *), long *whole)
{
  pthread_t t[THREADS];
  struct job jobs[THREADS];
  long all = 0;
  *whole = 0;
  for (int k = 0; k < THREADS; k++)
    {
      jobs[k].k = 0;
      jobs[k].done = 0;
      pthread_create (&t[k], NULL, fn, &jobs[k]);
    }
  for (int k = 0; k < THREADS; k++)
    {
      pthread_join (t[k], NULL);
      *whole += jobs[k].done;
      all += jobs[k].k;
    }
  return all;
}

static SCM
read_line_body (void *data)
{
  (void) data;
  scm_read_line (shared);
  return SCM_BOOL_F;
}

static SCM
read_body (void *data)
{
  (void) data;
  scm_read (shared);
  return SCM_BOOL_F;
}

static SCM
catch_body (void *data)
{
  scm_c_puts (shared, data);
  scm_force_output (shared);
  return SCM_BOOL_F;
}

static SCM
catch_handler (void *data, SCM obj)
{
  (void) data;
  (void) obj;
  return SCM_BOOL_T;
}

/* A thread whose writes to SHARED all raise.  */
static void *
failer (void *data)
{
  long *raised = data;
  scm_init ();
  for (int i = 0; i < 200; i++)
    if (scm_is_true (scm_c_catch_raise (catch_body, (void *) "doomed\n",
                                  catch_handler, NULL)))
      (*raised)++;
  return NULL;
}

static SCM
getc_body (void *data)
{
  (void) data;
  scm_c_getc (shared);
  return SCM_BOOL_F;
}

static void
on_alarm (int sig)
{
  (void) sig;
  static const char msg[] = "Bail out! a port lock was never given back\n";
  (void) !write (1, msg, sizeof msg - 1);
  _exit (1);
}

int
main (void)
{
  scm_init ();
  signal (SIGALRM, on_alarm);
  alarm (120);

  shared = scm_open_output_string ();
  ok (run_writers (), "4 threads wrote %d lines each to a string port", LINES);
  ok (all_lines_intact (scm_to_utf8_string (scm_get_output_string (shared))),
      "... every line intact, each thread's in order");

  shared = scm_open_output_string ();
  use_scheme_string = 1;
  ok (run_writers () && all_lines_intact
      (scm_to_utf8_string (scm_get_output_string (shared))),
      "the same with scm_c_put_string (writes of several pieces)");
  use_scheme_string = 0;

  char path[64];
  snprintf (path, sizeof path, "/tmp/scm-test-port-threads.%ld",
            (long) getpid ());
  shared = scm_open_output_file (scm_from_utf8_string (path));
  int wrote = run_writers ();
  scm_close_port (shared);
  FILE *f = fopen (path, "rb");
  static char text[THREADS * LINES * 128];
  size_t n = f ? fread (text, 1, sizeof text - 1, f) : 0;
  text[n] = 0;
  if (f)
    fclose (f);
  ok (wrote && all_lines_intact (text),
      "a file port: lines whole across the 4 KiB buffer's flushes");

  struct sink s = { 0 };
  shared = scm_c_make_custom_port (&sink_functions, &s, "w", "sink");
  wrote = run_writers ();
  scm_force_output (shared);
  ok (wrote && s.text && all_lines_intact (s.text),
      "a custom port: its write function is never run by two threads at once");

  /* Readers sharing a file port: every character read once.  */
  shared = scm_open_input_file (scm_from_utf8_string (path));
  pthread_t t[THREADS];
  struct job jobs[THREADS];
  long total = 0;
  for (int k = 0; k < THREADS; k++)
    {
      jobs[k].done = 0;
      pthread_create (&t[k], NULL, reader, &jobs[k]);
    }
  for (int k = 0; k < THREADS; k++)
    {
      pthread_join (t[k], NULL);
      total += jobs[k].done;
    }
  long chars = 0;
  for (const unsigned char *p = (const unsigned char *) text; *p; p++)
    chars += (*p & 0xc0) != 0x80;
  ok (total == chars, "4 threads reading one file port: each of the %ld "
      "characters read once (read %ld)", chars, total);
  scm_close_port (shared);

  /* read-line and read hold the lock for a whole line or datum.  */
  long whole, all;
  shared = scm_open_input_file (scm_from_utf8_string (path));
  all = run_readers (line_reader, &whole);
  ok (all == THREADS * LINES && whole == all,
      "4 threads' read-line of one port: %ld lines, %ld of them whole",
      all, whole);
  scm_close_port (shared);
  {
    FILE *g = fopen (path, "wb");
    for (int i = 0; i < THREADS * LINES; i++)
      fprintf (g, "(%d %d \"%s\")\n", i % THREADS, i, DATUM_TEXT);
    fclose (g);
  }
  shared = scm_open_input_file (scm_from_utf8_string (path));
  all = run_readers (datum_reader, &whole);
  ok (all == THREADS * LINES && whole == all,
      "4 threads' read of one port: %ld data, %ld of them whole", all, whole);
  scm_close_port (shared);
  unlink (path);

  /* Errors give the lock back.  */
  s.fail = 1;
  shared = scm_c_make_custom_port (&sink_functions, &s, "w0", "failing");
  long raised = 0;
  pthread_t ft;
  pthread_create (&ft, NULL, failer, &raised);
  pthread_join (ft, NULL);
  ok (raised == 200, "a thread's 200 failing writes each raised");
  s.fail = 0;
  size_t before = s.len;
  jobs[0].k = 0;
  jobs[0].done = 0;
  pthread_create (&ft, NULL, writer, &jobs[0]);
  pthread_join (ft, NULL);
  ok (jobs[0].done == LINES && s.len > before,
      "then another thread writes to the port: no deadlock");

  {
    /* A decoding error on a file port leaves its lock free.  */
    FILE *g = fopen (path, "wb");
    fputs ("\xff" "abc", g);
    fclose (g);
    shared = scm_open_input_file (scm_from_utf8_string (path));
    SCM r = scm_c_catch_raise (getc_body, NULL, catch_handler, NULL);
    jobs[0].done = 0;
    pthread_create (&ft, NULL, reader, &jobs[0]);
    pthread_join (ft, NULL);
    unlink (path);
    ok (scm_is_true (r) && jobs[0].done == 3,
        "after a decoding error in one thread, another reads the rest");
  }
  {
    /* The same inside a read-line long enough to have grown its buffer
       (a guard of its own), and inside a read that finds a syntax
       error.  */
    FILE *g = fopen (path, "wb");
    for (int i = 0; i < 1000; i++)
      fputc ('x', g);
    fputs ("\xff" "abc\n" ")x" "abc", g);
    fclose (g);
    shared = scm_open_input_file (scm_from_utf8_string (path));
    SCM r = scm_c_catch_raise (read_line_body, NULL, catch_handler, NULL);
    SCM r2 = scm_c_catch_raise (read_line_body, NULL, catch_handler, NULL);
    SCM r3 = scm_c_catch_raise (read_body, NULL, catch_handler, NULL);
    jobs[0].done = 0;
    pthread_create (&ft, NULL, reader, &jobs[0]);
    pthread_join (ft, NULL);
    unlink (path);
    ok (scm_is_true (r) && scm_is_false (r2) && scm_is_true (r3)
        && jobs[0].done == 4,
        "after a decoding error in a long read-line and a read error in "
        "read, another thread reads the rest (%ld characters)",
        jobs[0].done);
  }
  return tap_done ();
}
