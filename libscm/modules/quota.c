/* quota.c -- the bytes an instance keeps: the measure behind its
   memory quota
   SPDX-License-Identifier: LGPL-3.0-or-later

   libgc has no owner for an object, so what an instance keeps is
   found as the collector finds what is live: a walk from the
   instance's own roots (its modules that may change, its registry of
   loaded libraries, its ports, %load-path and random state), each
   object counted once at its size on the heap (GC_size) and its words
   looked at conservatively, as libgc's marker does, unless its kind is
   pointer-free.  What every instance shares is not counted and not
   entered: the static image is outside the collected heap (GC_base
   finds nothing there), and the modules that cannot change (the core,
   the shared built-in libraries) are marked visited before the walk
   begins.  So the count is of what only this instance's top level
   reaches, plus the odd shared object it points at directly (a
   symbol, a core variable), and, being conservative, anything a stale
   word leads to.

   The walk stops as soon as the count passes the caller's bound: an
   instance over its quota costs one quota's worth of walking, never
   more.  Its pending objects are kept in uncollectable memory that
   the collector scans, so that another thread of the instance that
   drops them meanwhile cannot have them freed under the walk.  */

#include "runtime/scm-internal.h"
#include "runtime/instance-internal.h"
#include "modules/modules-internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <gc/gc_mark.h>

/* The visited set: a bit per granule of the heap, in bitmaps of one
   MiB of address space each, found through a small open-addressing
   table keyed by the MiB's number.  Objects made together lie
   together, so the walk touches few bitmaps; a hash set of addresses
   cost a cache miss per object (175 ns an object, where this costs
   about a third).  */
#define CHUNK_SHIFT 20
#define CHUNK_BITS ((size_t) 1 << (CHUNK_SHIFT - 4))

struct chunk
{
  uintptr_t key;                /* address >> CHUNK_SHIFT, plus 1 */
  uint64_t *bits;
};

struct walk
{
  struct chunk *chunks;         /* open addressing; key 0 is empty */
  size_t chunk_mask, chunk_count;
  uintptr_t last_key;           /* the last bitmap found, and its key */
  uint64_t *last_bits;
  void **todo;                  /* GC-scanned: the objects to look into */
  size_t todo_n, todo_cap;
  size_t total, bound;
  int failed;                   /* out of memory: the count is a floor */
};

static size_t
hash_chunk (uintptr_t key)
{
  key *= UINT64_C (0x9e3779b97f4a7c15);
  return (size_t) (key ^ (key >> 31));
}

static int
grow_chunks (struct walk *w)
{
  size_t cap = (w->chunk_mask + 1) * 2;
  struct chunk *fresh = calloc (cap, sizeof *fresh);
  if (fresh == NULL)
    return 0;
  for (size_t i = 0; i <= w->chunk_mask; i++)
    if (w->chunks[i].key != 0)
      {
        size_t j = hash_chunk (w->chunks[i].key) & (cap - 1);
        while (fresh[j].key != 0)
          j = (j + 1) & (cap - 1);
        fresh[j] = w->chunks[i];
      }
  free (w->chunks);
  w->chunks = fresh;
  w->chunk_mask = cap - 1;
  return 1;
}

static uint64_t *find_chunk (struct walk *w, uintptr_t base, uintptr_t key);

/* The bitmap of BASE's MiB, made if new; NULL if memory ran out.  */
static uint64_t *
chunk_bits (struct walk *w, uintptr_t base)
{
  uintptr_t key = (base >> CHUNK_SHIFT) + 1;
  if (key == w->last_key)
    return w->last_bits;
  w->last_key = key;
  w->last_bits = find_chunk (w, base, key);
  return w->last_bits;
}

static uint64_t *
find_chunk (struct walk *w, uintptr_t base, uintptr_t key)
{
  size_t j = hash_chunk (key) & w->chunk_mask;
  while (w->chunks[j].key != 0)
    {
      if (w->chunks[j].key == key)
        return w->chunks[j].bits;
      j = (j + 1) & w->chunk_mask;
    }
  if (2 * (w->chunk_count + 1) > w->chunk_mask + 1)
    {
      if (!grow_chunks (w))
        return NULL;
      return find_chunk (w, base, key);
    }
  uint64_t *bits = calloc (CHUNK_BITS / 64, sizeof *bits);
  if (bits == NULL)
    return NULL;
  w->chunks[j].key = key;
  w->chunks[j].bits = bits;
  w->chunk_count++;
  return bits;
}

/* Add BASE to the visited set: 1 if it is new.  */
static int
mark_seen (struct walk *w, uintptr_t base)
{
  uint64_t *bits = chunk_bits (w, base);
  if (bits == NULL)
    {
      w->failed = 1;
      return 0;
    }
  size_t bit = (base >> 4) & (CHUNK_BITS - 1);
  uint64_t mask = (uint64_t) 1 << (bit & 63);
  if (bits[bit / 64] & mask)
    return 0;
  bits[bit / 64] |= mask;
  return 1;
}

static void
free_walk (struct walk *w)
{
  for (size_t i = 0; w->chunks != NULL && i <= w->chunk_mask; i++)
    free (w->chunks[i].bits);
  free (w->chunks);
  GC_FREE (w->todo);
}

static void
push_todo (struct walk *w, void *base)
{
  if (w->todo_n == w->todo_cap)
    {
      size_t cap = w->todo_cap * 2;
      void **fresh = GC_MALLOC_UNCOLLECTABLE (cap * sizeof *fresh);
      if (fresh == NULL)
        {
          w->failed = 1;
          return;
        }
      memcpy (fresh, w->todo, w->todo_n * sizeof *fresh);
      GC_FREE (w->todo);
      w->todo = fresh;
      w->todo_cap = cap;
    }
  w->todo[w->todo_n++] = base;
}

/* Count the heap object that WORD points into, if any and not yet
   counted, and queue it unless it is pointer-free.  */
static void
visit (struct walk *w, uintptr_t word)
{
  /* What is not a heap object's address to Scheme (an immediate, a
     misaligned word) or lies outside the heap is rejected before libgc
     is asked: most words of Scheme data are.  */
  if ((word & 7) != 0
      || word < (uintptr_t) GC_least_plausible_heap_addr
      || word > (uintptr_t) GC_greatest_plausible_heap_addr)
    return;
  void *base = GC_base ((void *) word);
  if (base == NULL || !mark_seen (w, (uintptr_t) base))
    return;
  size_t size;
  int kind = GC_get_kind_and_size (base, &size);
  w->total += size;
  if (kind != GC_I_PTRFREE)
    push_todo (w, base);
}

static void
visit_scm (struct walk *w, SCM x)
{
  visit (w, (uintptr_t) SCM_UNPACK (x));
}

/* Mark the modules of the registry REG that no instance may change as
   already visited, so that the walk neither counts nor enters them.  */
static void
skip_shared_modules (struct walk *w, SCM reg)
{
  for (; scm_is_pair (reg); reg = SCM_CDR (reg))
    {
      SCM entry = SCM_CAR (reg);
      if (!scm_is_pair (entry))
        continue;
      SCM m = SCM_CDR (entry);
      if (scm_i_is_module (m)
          && (scm_i_module_flags (m) & SCM_I_MODULE_IMMUTABLE))
        {
          void *base = GC_base (SCM_UNPACK_POINTER (m));
          if (base != NULL)
            mark_seen (w, (uintptr_t) base);
        }
    }
}

size_t
scm_i_instance_kept_bytes (struct scm_i_instance *inst, size_t bound)
{
  struct walk w;
  memset (&w, 0, sizeof w);
  w.bound = bound;
  w.chunk_mask = 63;
  w.chunks = calloc (w.chunk_mask + 1, sizeof *w.chunks);
  w.todo_cap = 256;
  w.todo = GC_MALLOC_UNCOLLECTABLE (w.todo_cap * sizeof *w.todo);
  if (w.chunks == NULL || w.todo == NULL)
    {
      free_walk (&w);
      return 0;
    }
  pthread_mutex_lock (&inst->lock);
  SCM reg = inst->modules;
  pthread_mutex_unlock (&inst->lock);
  /* The core is shared even where the registry does not name it; the
     instances themselves are roots, not objects to count (through one,
     the walk would reach the others and the host's).  */
  void *shared[] = { SCM_UNPACK_POINTER (inst->core), inst,
                     scm_i_default_instance () };
  for (size_t i = 0; i < sizeof shared / sizeof shared[0]; i++)
    {
      void *base = shared[i] != NULL ? GC_base (shared[i]) : NULL;
      if (base != NULL)
        mark_seen (&w, (uintptr_t) base);
    }
  skip_shared_modules (&w, reg);
  SCM roots[] = { inst->user, reg, inst->loading, inst->current_input,
                  inst->current_output, inst->current_error,
                  inst->std_ports[0], inst->std_ports[1], inst->std_ports[2],
                  inst->load_path, inst->random_state };
  for (size_t i = 0; i < sizeof roots / sizeof roots[0]; i++)
    visit_scm (&w, roots[i]);
  visit (&w, (uintptr_t) inst->introduced_globals.slots);
  while (w.todo_n > 0 && w.total <= w.bound && !w.failed)
    {
      void *obj = w.todo[--w.todo_n];
      size_t words = GC_size (obj) / sizeof (uintptr_t);
      const uintptr_t *p = obj;
      for (size_t i = 0; i < words; i++)
        visit (&w, p[i]);
    }
  free_walk (&w);
  return w.total;
}
