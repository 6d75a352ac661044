/* static-roots.c -- how many bytes of static data libgc scans for pointers
   SPDX-License-Identifier: LGPL-3.0-or-later

   libgc treats the data of every loaded object as roots: each writable
   PT_LOAD segment, less its PT_GNU_RELRO part (read-only once relocated,
   so it cannot point into the heap that is created later), less the
   ranges the collector excludes for itself -- its own big tables,
   GC_arrays, which it knows hold no client pointers.  This file computes
   that total the same way.  It is what static allocation with RELRO
   shrinks: a constant placed in .data.rel.ro is not scanned.

   The file includes no libscm header, so that the benchmark probe
   (benchmarks/probe.c) compiles it too and reports the same figure for
   every program that uses libgc, libscm or not.  */

#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <link.h>
#include <stddef.h>
#include <stdint.h>

#include "gc/static-roots-internal.h"

struct range { uintptr_t lo, hi; };

static size_t
overlap (struct range a, struct range b)
{
  uintptr_t lo = a.lo > b.lo ? a.lo : b.lo, hi = a.hi < b.hi ? a.hi : b.hi;
  return hi > lo ? hi - lo : 0;
}

/* The extent of libgc's GC_arrays, found through the dynamic symbol
   table (dladdr1 gives the symbol's size); empty if libgc is absent or
   does not export it.  */
static struct range
libgc_excluded (void)
{
  struct range r = { 0, 0 };
  void *arrays = dlsym (RTLD_DEFAULT, "GC_arrays");
  Dl_info info;
  const ElfW (Sym) *sym = NULL;

  if (arrays != NULL
      && dladdr1 (arrays, &info, (void **) &sym, RTLD_DL_SYMENT) != 0
      && sym != NULL)
    {
      r.lo = (uintptr_t) arrays;
      r.hi = r.lo + sym->st_size;
    }
  return r;
}

int (*scm_i_static_root_filter) (const char *file);
struct scm_i_static_range scm_i_static_roots_excluded;
size_t scm_i_static_roots_pushed;

struct walk
{
  struct range excluded;
  size_t total;
  scm_i_root_object_fn each;
  void *data;
};

static int
add_object (struct dl_phdr_info *info, size_t size, void *data)
{
  struct walk *w = data;
  struct range relro = { 0, 0 };
  size_t bytes = 0;

  (void) size;
  if (scm_i_static_root_filter != NULL
      && !scm_i_static_root_filter (info->dlpi_name))
    return 0;
  for (int i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_GNU_RELRO)
      {
        relro.lo = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
        relro.hi = relro.lo + info->dlpi_phdr[i].p_memsz;
      }
  for (int i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW (Phdr) *ph = &info->dlpi_phdr[i];
      if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_W))
        continue;
      struct range seg = { info->dlpi_addr + ph->p_vaddr, 0 };
      seg.hi = seg.lo + ph->p_memsz;
      struct range own = { scm_i_static_roots_excluded.lo,
                           scm_i_static_roots_excluded.hi };
      bytes += ph->p_memsz - overlap (seg, relro) - overlap (seg, w->excluded)
        - overlap (seg, own);
    }
  w->total += bytes;
  if (w->each != NULL && bytes > 0)
    w->each (info->dlpi_name, bytes, w->data);
  return 0;
}

size_t
scm_i_static_roots_unused (void)
{
  size_t range = scm_i_static_roots_excluded.hi - scm_i_static_roots_excluded.lo;
  return range > scm_i_static_roots_pushed ? range - scm_i_static_roots_pushed
    : 0;
}

size_t
scm_i_static_root_bytes (scm_i_root_object_fn each, void *data)
{
  struct walk w = { libgc_excluded (), 0, each, data };
  dl_iterate_phdr (add_object, &w);
  return w.total + scm_i_static_roots_pushed;
}
