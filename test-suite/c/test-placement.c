/* test-placement.c -- at run time, static constants are read-only data
   of libscm.so, which the GC neither allocated nor scans
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gc/gc.h>
#include <libscm.h>
#include "tap.h"

/* The /proc/self/maps line of the mapping holding ADDR, or "".  */
static const char *
mapping_of (const void *addr)
{
  static char line[512];
  FILE *maps = fopen ("/proc/self/maps", "r");
  uintptr_t a = (uintptr_t) addr;
  if (maps == NULL)
    return "";
  while (fgets (line, sizeof line, maps))
    {
      unsigned long lo, hi;
      if (sscanf (line, "%lx-%lx", &lo, &hi) == 2 && a >= lo && a < hi)
        {
          fclose (maps);
          line[strcspn (line, "\n")] = '\0';
          return line;
        }
    }
  fclose (maps);
  return "";
}

static int
readonly_in_libscm (const char *map)
{
  const char *perms = strchr (map, ' ');
  return perms && perms[1] == 'r' && perms[2] == '-' && strstr (map, "libscm");
}

static int
writable_in_libscm (const char *map)
{
  const char *perms = strchr (map, ' ');
  return perms && perms[2] == 'w' && strstr (map, "libscm");
}

static void
check (const char *what, SCM obj, int static_alloc, int relro)
{
  const void *p = SCM_UNPACK_POINTER (obj);
  const char *map = mapping_of (p);
  diag ("%s at %p: %s", what, p, map);
  if (!static_alloc)
    ok (GC_base ((void *) p) != NULL, "%s is on the GC heap (--disable-static-alloc)",
        what);
  else if (relro)
    ok (readonly_in_libscm (map) && GC_base ((void *) p) == NULL,
        "%s lies in a read-only mapping of libscm.so, not the GC heap", what);
  else
    ok (writable_in_libscm (map) && GC_base ((void *) p) == NULL,
        "%s lies in libscm.so's data, writable without RELRO", what);
}

int
main (void)
{
  const char *env_relro = getenv ("SCM_RELRO");
  int relro = !(env_relro && strcmp (env_relro, "no") == 0);

  scm_init ();
  SCM stats = scm_gc_stats ();
  diag ("after scm_init: bytes-allocated %lld, heap-size %lld",
        (long long) scm_to_int64 (SCM_CDR (scm_assq (scm_from_utf8_symbol ("bytes-allocated"), stats))),
        (long long) scm_to_int64 (SCM_CDR (scm_assq (scm_from_utf8_symbol ("heap-size"), stats))));
  SCM car = scm_variable_ref (scm_c_lookup ("car"));
  SCM version = scm_version ();
  SCM sym = scm_from_utf8_symbol ("car");

  ok (scm_is_subr (car), "car is bound to a subr");
  check ("the subr of car", car, SCM_STATIC_ALLOC, relro);
  check ("the static string (version)", version, SCM_STATIC_ALLOC, relro);
  check ("the symbol car", sym, SCM_STATIC_ALLOC, relro);
  ok (scm_is_immutable_string (version), "a static string is immutable");
  ok (scm_is_eq (scm_subr_name (car), sym),
      "the subr's name is the interned symbol car");

  /* The precompiled prelude (prelude-image.c): its procedures and their
     code are read-only data too; the variables binding them are
     libscm's writable data.  The heap variant compiles the prelude at
     init, onto the heap.  */
  /* The core module's variable: the REPL's module makes its own copy.  */
  SCM map_var = scm_c_private_variable ("libscm", "map");
  SCM map = scm_variable_ref (map_var);
  ok (scm_is_true (scm_procedure_p (map)) && !scm_is_subr (map),
      "map is a procedure of the Scheme prelude");
  check ("the prelude's closure of map", map, SCM_STATIC_ALLOC, relro);
  check ("the code of map", SCM_CELL_OBJECT (map, 1), SCM_STATIC_ALLOC, relro);
  {
    const void *p = SCM_UNPACK_POINTER (map_var);
    const char *where = mapping_of (p);
    diag ("the variable map at %p: %s", p, where);
    if (SCM_STATIC_ALLOC)
      ok (writable_in_libscm (where) && GC_base ((void *) p) == NULL,
          "the variable map is libscm's writable data");
    else
      ok (GC_base ((void *) p) != NULL, "the variable map is on the heap");
  }
  diag ("static roots scanned by the GC: %zu bytes", scm_c_static_root_bytes ());
  return tap_done ();
}
