/* gc-roots.c -- which loaded objects libgc scans for roots
   SPDX-License-Identifier: LGPL-3.0-or-later

   libgc scans the writable data of every loaded object at every
   collection, because any of them might hold a pointer into its heap.
   Most of what a libscm process loads cannot: libc, libm, GMP (libscm
   gives it no allocation functions, so its limbs are never on the GC
   heap), libunistring, readline and its terminal library, the dynamic
   loader and libgc itself (which pushes its own internal roots, such as
   the finalization tables, explicitly: GC_push_gc_structures).  Their
   data is about 150 KiB, against 10 KiB for libscm.  libgc asks a
   callback, segment by segment, whether to register an object's data;
   this file answers it from a table of object names, so that these
   libraries are left out while the main program, libscm, and every
   other library (an embedder's, which may keep SCM values in its
   globals) stay scanned.  An embedder changes the table with
   scm_c_gc_scan_library; SCM_GC_SCAN_ALL_LIBRARIES=1 in the environment
   turns the filter off, for comparison.

   The table is read by libgc with its allocation lock held and the
   world stopped, so changes are made under that same lock.  */

#include "runtime/scm-internal.h"

#include <stdlib.h>
#include <string.h>
#include "gc/static-roots-internal.h"
#include <libscm/gc.h>

/* The object names, as compared: the file's base name up to ".so"
   ("libgmp" for /lib/x86_64-linux-gnu/libgmp.so.10).  */
static const char *const unscanned_by_default[] = {
  "libc", "libm", "libpthread", "libdl", "librt", "ld-linux-x86-64",
  "ld-linux", "libgcc_s", "libgmp", "libunistring", "libreadline",
  "libhistory", "libtinfo", "libncurses", "libncursesw", "libgc",
};

#define MAX_NAME 64

struct rule
{
  char name[MAX_NAME];
  int scan;
};

/* An embedder's choices, consulted before the defaults; malloc'd, so
   that the table itself is not a root.  */
static struct rule *rules;
static size_t rule_count, rule_capacity;
static int scan_everything;

/* Write the compared form of FILE (a path or a bare name) into OUT.
   Returns 0, or -1 if it does not fit.  */
static int
object_key (const char *file, char out[MAX_NAME])
{
  const char *base = strrchr (file, '/');
  base = base != NULL ? base + 1 : file;
  const char *end = strstr (base, ".so");
  size_t len = end != NULL ? (size_t) (end - base) : strlen (base);
  if (len >= MAX_NAME)
    return -1;
  memcpy (out, base, len);
  out[len] = '\0';
  return 0;
}

/* Whether the object FILE ("" for the main program) is scanned.  */
static int
object_scanned (const char *file)
{
  char key[MAX_NAME];

  if (scan_everything || file == NULL || file[0] == '\0'
      || object_key (file, key) != 0)
    return 1;
  for (size_t i = 0; i < rule_count; i++)
    if (strcmp (rules[i].name, key) == 0)
      return rules[i].scan;
  for (size_t i = 0; i < sizeof unscanned_by_default
                         / sizeof *unscanned_by_default; i++)
    if (strcmp (unscanned_by_default[i], key) == 0)
      return 0;
  return 1;
}

static int GC_CALLBACK
has_static_roots (const char *file, void *start, size_t size)
{
  (void) start;
  (void) size;
  return object_scanned (file);
}

struct change
{
  char key[MAX_NAME];
  int scan;
  int result;
};

static void *GC_CALLBACK
apply_change (void *data)
{
  struct change *c = data;
  for (size_t i = 0; i < rule_count; i++)
    if (strcmp (rules[i].name, c->key) == 0)
      {
        rules[i].scan = c->scan;
        return NULL;
      }
  if (rule_count == rule_capacity)
    {
      /* malloc under libgc's lock is fine: it is not libgc's allocator.  */
      size_t capacity = rule_capacity == 0 ? 8 : 2 * rule_capacity;
      struct rule *grown = realloc (rules, capacity * sizeof *grown);
      if (grown == NULL)
        {
          c->result = -1;
          return NULL;
        }
      rules = grown;
      rule_capacity = capacity;
    }
  memcpy (rules[rule_count].name, c->key, MAX_NAME);
  rules[rule_count].scan = c->scan;
  rule_count++;
  return NULL;
}

int
scm_c_gc_scan_library (const char *name, int scan)
{
  struct change c = { .scan = scan != 0, .result = 0 };

  if (name == NULL || name[0] == '\0' || object_key (name, c.key) != 0
      || c.key[0] == '\0')
    return -1;
  GC_call_with_alloc_lock (apply_change, &c);
  return c.result;
}

struct query
{
  const char *name;
  int scanned;
};

static void *GC_CALLBACK
run_query (void *data)
{
  struct query *q = data;
  q->scanned = object_scanned (q->name);
  return NULL;
}

int
scm_c_gc_library_scanned_p (const char *name)
{
  struct query q = { name, 1 };
  GC_call_with_alloc_lock (run_query, &q);
  return q.scanned;
}

static int
static_root_filter (const char *file)
{
  return object_scanned (file);
}

/* Called by scm_init_gc before GC_INIT, so that no collection ever
   scans the excluded libraries.  */
void
scm_i_init_gc_roots (void)
{
  const char *all = getenv ("SCM_GC_SCAN_ALL_LIBRARIES");
  scan_everything = all != NULL && all[0] != '\0' && all[0] != '0';
  GC_register_has_static_roots_callback (has_static_roots);
  scm_i_static_root_filter = static_root_filter;
}
