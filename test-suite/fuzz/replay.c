/* replay.c -- the plain driver of a fuzz target: replay committed inputs
   SPDX-License-Identifier: LGPL-3.0-or-later

   Usage: replay-TARGET [DIR...]
   Feeds every file of each DIR to the target once, in name order, and
   prints one TAP test.  With no DIR, as under make check: the target's
   seed corpus and past crash inputs, $top_srcdir/test-suite/fuzz/
   {corpus,regressions}/TARGET (FUZZ_TARGET_NAME is set when this file
   is compiled for a target).  A crash
   or a broken oracle aborts the program, and the line "# input FILE"
   just before says which input did it.  Built with the normal compiler
   and no fuzzing engine, for make check.  */

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"

static int
by_name (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The bytes of the file PATH in memory from malloc, or NULL.  */
static uint8_t *
slurp (const char *path, size_t *size)
{
  FILE *f = fopen (path, "rb");
  if (f == NULL)
    return NULL;
  size_t cap = 4096, n = 0;
  uint8_t *buf = malloc (cap);
  size_t got;
  while (buf != NULL && (got = fread (buf + n, 1, cap - n, f)) > 0)
    {
      n += got;
      if (n == cap)
        {
          uint8_t *bigger = realloc (buf, cap *= 2);
          if (bigger == NULL)
            free (buf);
          buf = bigger;
        }
    }
  fclose (f);
  *size = n;
  return buf;
}

/* Replay every regular file of DIR; the number replayed, or -1 if DIR
   cannot be read or a file cannot.  */
static long
replay_dir (const char *dir)
{
  DIR *d = opendir (dir);
  /* A target with no past crash has no regressions folder (git keeps
     no empty folder).  */
  if (d == NULL && errno == ENOENT && strstr (dir, "/regressions/") != NULL)
    return 0;
  if (d == NULL)
    {
      printf ("# cannot open %s\n", dir);
      return -1;
    }
  char **names = NULL;
  size_t n = 0, cap = 0;
  for (struct dirent *e; (e = readdir (d)) != NULL;)
    {
      if (e->d_name[0] == '.')
        continue;
      if (n == cap)
        names = realloc (names, (cap = cap ? 2 * cap : 64) * sizeof *names);
      names[n++] = strdup (e->d_name);
    }
  closedir (d);
  qsort (names, n, sizeof *names, by_name);
  long count = 0;
  for (size_t i = 0; i < n; i++)
    {
      char path[4096];
      size_t size;
      snprintf (path, sizeof path, "%s/%s", dir, names[i]);
      printf ("# input %s\n", path);
      fflush (stdout);
      uint8_t *data = slurp (path, &size);
      if (data == NULL)
        {
          printf ("# cannot read %s\n", path);
          count = -1;
          break;
        }
      LLVMFuzzerTestOneInput (data, size);
      free (data);
      count++;
    }
  for (size_t i = 0; i < n; i++)
    free (names[i]);
  free (names);
  return count;
}

int
main (int argc, char **argv)
{
  char corpus[4096], regressions[4096];
  char *defaults[] = { corpus, regressions };
  char **dirs = argv + 1;
  int ndirs = argc - 1;
  if (ndirs == 0)
    {
      const char *top = getenv ("top_srcdir");
      if (top == NULL)
        top = ".";
      snprintf (corpus, sizeof corpus, "%s/test-suite/fuzz/corpus/%s", top,
                FUZZ_TARGET_NAME);
      snprintf (regressions, sizeof regressions,
                "%s/test-suite/fuzz/regressions/%s", top, FUZZ_TARGET_NAME);
      dirs = defaults;
      ndirs = 2;
    }
  LLVMFuzzerInitialize (&argc, &argv);
  long total = 0;
  int failed = 0;
  for (int i = 0; i < ndirs; i++)
    {
      long n = replay_dir (dirs[i]);
      if (n < 0)
        failed = 1;
      else
        total += n;
    }
  printf ("1..1\n%s 1 - fuzz target %s: %ld inputs replayed without a "
          "crash or a broken oracle\n", failed || total == 0 ? "not ok" : "ok",
          FUZZ_TARGET_NAME, total);
  return failed || total == 0;
}
