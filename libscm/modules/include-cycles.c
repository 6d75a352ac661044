/* include-cycles.c -- the chains of files that include each other, so
   that an include cycle is an error, not a recursion until the C stack
   or memory runs out
   SPDX-License-Identifier: LGPL-3.0-or-later

   An include is expanded where it stands, and the forms it reads are
   expanded later (a body's definitions only once the whole body is
   scanned), so no C frame spans the expansion of an included file.
   Instead each thread remembers, for each file it included, the chain
   of files through which it was included (outermost first): an include
   made by a form read from FILE extends FILE's chain by FILE, and if
   the file it names is on that chain already the files include each
   other without end.  A file that `load' or a library import reads
   itself starts a chain of its own (scm_i_forget_include_chain).
   Files are compared by canonical path (realpath).

   The table is C memory of the thread's own, never seen by the
   collector: a few entries, one per file included.  */

#include "runtime/scm-internal.h"
#include "modules/modules-internal.h"
#include "expand/expand-internal.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct chain_entry
{
  char *file;                   /* canonical path */
  char *chain;                  /* the files before it, each followed
                                   by a NUL, then an empty one */
  size_t chain_bytes;
};

static __thread struct chain_entry *entries;
static __thread size_t n_entries, cap_entries;

static struct chain_entry *
find_entry (const char *file)
{
  for (size_t i = 0; i < n_entries; i++)
    if (strcmp (entries[i].file, file) == 0)
      return &entries[i];
  return NULL;
}

/* FILE's canonical path in malloc'd memory (the name itself if it
   cannot be resolved: a file built into the library), or NULL if
   memory ran out.  */
static char *
canonical (const char *file)
{
  char *path = realpath (file, NULL);
  return path != NULL ? path : strdup (file);
}

void
scm_i_forget_include_chain (const char *file)
{
  char *path = canonical (file);
  if (path == NULL)
    return;
  struct chain_entry *e = find_entry (path);
  free (path);
  if (e == NULL)
    return;
  free (e->file);
  free (e->chain);
  *e = entries[--n_entries];
}

/* Whether FILE is one of the names of CHAIN.  */
static int
on_chain (const char *chain, const char *file)
{
  for (const char *p = chain; p != NULL && *p != '\0'; p += strlen (p) + 1)
    if (strcmp (p, file) == 0)
      return 1;
  return 0;
}

/* "include cycle: a -> b -> ... -> FROM -> TARGET", the names of
   CHAIN first, in collected memory.  */
static char *
cycle_text (const char *chain, const char *from, const char *target)
{
  static const char head[] = "include cycle: ", arrow[] = " -> ";
  size_t n = sizeof head + strlen (from) + strlen (arrow) + strlen (target);
  for (const char *p = chain; p != NULL && *p != '\0'; p += strlen (p) + 1)
    n += strlen (p) + strlen (arrow);
  char *text = scm_i_alloc_atomic (n);
  strcpy (text, head);
  for (const char *p = chain; p != NULL && *p != '\0'; p += strlen (p) + 1)
    {
      strcat (text, p);
      strcat (text, arrow);
    }
  strcat (text, from);
  strcat (text, arrow);
  strcat (text, target);
  return text;
}

/* Record that TARGET is included from FROM (a form read from the file
   FROM; NULL for a form that no file holds), or raise a syntax error
   naming WHO at WHERE if TARGET is on FROM's chain.  */
void
scm_i_note_include (const char *from, const char *target, SCM who,
                    SCM where)
{
  char *to = canonical (target);
  char *src = from != NULL ? canonical (from) : NULL;
  const char *chain = NULL;
  size_t chain_bytes = 0;
  if (src != NULL)
    {
      struct chain_entry *e = find_entry (src);
      if (e != NULL)
        {
          chain = e->chain;
          chain_bytes = e->chain_bytes;
        }
    }
  if (to != NULL && src != NULL
      && (strcmp (to, src) == 0 || on_chain (chain, to)))
    {
      char *text = cycle_text (chain, src, to);
      free (to);
      free (src);
      scm_i_syntax_error (who, text, where, where);
    }
  /* TARGET's chain: FROM's, then FROM.  */
  size_t src_bytes = src != NULL ? strlen (src) + 1 : 0;
  size_t bytes = (chain_bytes > 0 ? chain_bytes - 1 : 0) + src_bytes + 1;
  char *new_chain = to != NULL ? malloc (bytes) : NULL;
  if (new_chain != NULL)
    {
      size_t k = chain_bytes > 0 ? chain_bytes - 1 : 0;
      if (k > 0)
        memcpy (new_chain, chain, k);
      if (src_bytes > 0)
        memcpy (new_chain + k, src, src_bytes);
      new_chain[bytes - 1] = '\0';
      struct chain_entry *e = find_entry (to);
      if (e == NULL && n_entries == cap_entries)
        {
          size_t cap = cap_entries ? 2 * cap_entries : 8;
          struct chain_entry *bigger = realloc (entries, cap * sizeof *bigger);
          if (bigger != NULL)
            {
              entries = bigger;
              cap_entries = cap;
            }
        }
      if (e == NULL && n_entries < cap_entries)
        {
          e = &entries[n_entries++];
          e->file = to;
          to = NULL;
          e->chain = NULL;
        }
      if (e != NULL)
        {
          free (e->chain);
          e->chain = new_chain;
          e->chain_bytes = bytes;
          new_chain = NULL;
        }
    }
  free (new_chain);
  free (to);
  free (src);
}
