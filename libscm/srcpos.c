/* srcpos.c -- source positions: a weak table from pairs read to where
   they were read (file, line, column)
   SPDX-License-Identifier: LGPL-3.0-or-later

   Pairs have no room for a position, so the reader enters each pair it
   makes here, keyed by a libgc disappearing link: the entry goes away
   with its pair.  The contract is in read.h.  */

#include "scm-internal.h"
#include "hashtab-internal.h"
#include "init-internal.h"
#include "srcpos-internal.h"

#include <pthread.h>
#include <string.h>
#include <libscm/conditions.h>
#include <libscm/numbers.h>
#include <libscm/read.h>
#include <libscm/strings.h>
#include <libscm/vectors.h>

/* ------------------------------------------------------------------ */
/* Weak side tables.

   Open addressing with linear probing over an uncollectable, explicitly
   freed and pointer-free array (the GC never scans it).  An entry's key is the hidden address of its
   object, registered as a disappearing link: the GC zeroes it when the
   object dies, which leaves a cleared entry that lookups step over and
   insertions reuse.  DATA is nonzero in every slot ever filled, so an
   empty slot (DATA 0) ends a probe.  When filled slots would pass 2/3 of
   the capacity, a rebuild copies the live entries into a fresh array
   (moving their links) and drops the cleared ones; it grows the array
   only if the live entries need it.  One mutex guards the table: it is
   shared by every instance and thread.  */

struct weak_entry
{
  GC_hidden_pointer key;        /* hidden object address; 0 once cleared */
  uint64_t aux;
  uint64_t data;                /* nonzero once the slot is used */
};

struct weak_table
{
  struct weak_entry *entries;
  size_t capacity;              /* 0 or a power of 2 */
  size_t filled;                /* slots with DATA nonzero */
};

static pthread_mutex_t weak_lock = PTHREAD_MUTEX_INITIALIZER;
/* Pair -> file name (AUX, an index in file_names) and line and column
   (DATA, see position_data).  */
static struct weak_table positions;

#define WEAK_MIN_CAPACITY 256

static inline size_t
weak_slot (GC_hidden_pointer key, size_t capacity)
{
  return scm_i_hash_word ((scm_t_bits) key) & (capacity - 1);
}

static struct weak_entry *
weak_find (struct weak_table *t, const void *obj)
{
  GC_hidden_pointer key = GC_HIDE_POINTER (obj);
  size_t mask = t->capacity - 1;

  if (t->capacity == 0)
    return NULL;
  for (size_t i = weak_slot (key, t->capacity);; i = (i + 1) & mask)
    {
      struct weak_entry *e = &t->entries[i];
      if (e->data == 0)
        return NULL;
      if (e->key == key)
        return e;
    }
}

/* Copy the live entries of T into a fresh array with room for N more.
   Returns 0, or -1 if memory ran out.  */
static int
weak_rebuild (struct weak_table *t, size_t n)
{
  size_t live = 0, capacity = WEAK_MIN_CAPACITY;

  for (size_t i = 0; i < t->capacity; i++)
    live += t->entries[i].key != 0;
  while (capacity < 2 * (live + n))
    capacity *= 2;
  struct weak_entry *fresh
    = GC_MALLOC_ATOMIC_UNCOLLECTABLE (capacity * sizeof *fresh);
  if (fresh == NULL)
    return -1;
  memset (fresh, 0, capacity * sizeof *fresh);
  size_t filled = 0;
  for (size_t i = 0; i < t->capacity; i++)
    {
      struct weak_entry *old = &t->entries[i];
      if (old->key == 0)
        continue;
      size_t j = weak_slot (old->key, capacity);
      while (fresh[j].data != 0)
        j = (j + 1) & (capacity - 1);
      fresh[j] = *old;
      /* Its object may have died since we read the key: then there is
         no link left to move, and the copy is a cleared entry.  */
      if (GC_move_disappearing_link ((void **) &old->key,
                                     (void **) &fresh[j].key) != GC_SUCCESS)
        fresh[j].key = 0;
      filled++;
    }
  GC_FREE (t->entries);
  t->entries = fresh;
  t->filled = filled;
  __atomic_store_n (&t->capacity, capacity, __ATOMIC_RELEASE);
  return 0;
}

/* Make room in T for N more entries.  Returns 0, or -1.  */
static inline int
weak_reserve (struct weak_table *t, size_t n)
{
  if ((t->filled + n) * 3 <= t->capacity * 2)
    return 0;
  return weak_rebuild (t, n);
}

/* Map OBJ (the start of a GC heap object) to AUX and DATA (nonzero) in
   T, which has room.  Returns 0, or -1 if the link could not be
   registered.  */
static int
weak_put (struct weak_table *t, const void *obj, uint64_t aux, uint64_t data)
{
  GC_hidden_pointer key = GC_HIDE_POINTER (obj);
  size_t mask = t->capacity - 1;
  struct weak_entry *slot = NULL;

  for (size_t i = weak_slot (key, t->capacity);; i = (i + 1) & mask)
    {
      struct weak_entry *e = &t->entries[i];
      if (e->data == 0)
        {
          if (slot == NULL)
            {
              slot = e;
              t->filled++;
            }
          break;
        }
      if (e->key == key)
        {
          e->aux = aux;
          e->data = data;
          return 0;
        }
      if (e->key == 0 && slot == NULL)
        slot = e;
    }
  slot->key = key;
  slot->aux = aux;
  slot->data = data;
  if (GC_general_register_disappearing_link ((void **) &slot->key, obj)
      != GC_SUCCESS)
    {
      slot->key = 0;
      return -1;
    }
  return 0;
}

/* ------------------------------------------------------------------ */
/* Source positions.  */



/* libgc runs a full collection before it grows its table of
   disappearing links (past 4096 slots), and never shrinks the table.
   Reading registers a link per pair and most of those pairs die soon:
   each collection then empties the table again, so it never grows, and
   a full collection runs every few thousand pairs read however big the
   heap (30 times slower with a 50 MB heap).  So when a collection looks
   forced -- it came when the live links plus those registered since the
   last one had about filled the table -- the table is doubled, by
   registering then unregistering dummy links.  It stops growing once
   ordinary collections come first.  Called with weak_lock held.  */
static size_t link_table_size = 4096;   /* as far as we made it */
static GC_word link_gc_no;              /* collections seen */
static size_t links_live;               /* our links alive after it */
static size_t links_since_gc;           /* links registered since */

static void
grow_link_table (void)
{
  size_t n = 2 * link_table_size + 1;
  GC_word *slots = GC_MALLOC_ATOMIC_UNCOLLECTABLE (n * sizeof *slots);
  if (slots == NULL)
    return;
  size_t done = 0;
  for (; done < n; done++)
    {
      slots[done] = GC_HIDE_POINTER (slots);
      if (GC_general_register_disappearing_link ((void **) &slots[done],
                                                 slots) != GC_SUCCESS)
        break;
    }
  for (size_t i = 0; i < done; i++)
    GC_unregister_disappearing_link ((void **) &slots[i]);
  GC_FREE (slots);
  if (done == n)
    link_table_size *= 2;
}

static size_t
weak_count_live (const struct weak_table *t)
{
  size_t live = 0;
  for (size_t i = 0; i < t->capacity; i++)
    live += t->entries[i].key != 0;
  return live;
}

/* N more links are about to be registered.  */
static void
count_links (size_t n)
{
  GC_word gc_no = GC_get_gc_no ();
  if (gc_no != link_gc_no)
    {
      size_t per_gc = links_since_gc / (gc_no - link_gc_no);
      if (links_live + per_gc >= link_table_size / 8 * 7)
        grow_link_table ();
      link_gc_no = GC_get_gc_no ();
      links_since_gc = 0;
      links_live = weak_count_live (&positions);
    }
  links_since_gc += n;
}

/* The file names of positions, by index (0 stands for #f): a scanned
   array, since the table of positions is not.  A name is entered once
   per distinct string contents.  Guarded by weak_lock.  */
static SCM *file_names;
static size_t file_names_count = 1, file_names_cap;
static SCM last_file = SCM_BOOL_F;
static uint64_t last_file_index;

static int
same_string (SCM a, SCM b)
{
  size_t n = scm_c_string_length (a);
  if (scm_c_string_length (b) != n)
    return 0;
  for (size_t i = 0; i < n; i++)
    if (scm_c_string_ref (a, i) != scm_c_string_ref (b, i))
      return 0;
  return 1;
}

/* The index of FILE (a string or #f), entering it if new; -1 if memory
   ran out.  */
static int64_t
file_index (SCM file)
{
  if (!scm_is_string (file))
    return 0;
  if (scm_is_eq (file, last_file))
    return (int64_t) last_file_index;
  size_t i = 1;
  while (i < file_names_count && !same_string (file_names[i], file))
    i++;
  if (i == file_names_count)
    {
      if (file_names_count >= file_names_cap)
        {
          size_t cap = file_names_cap ? 2 * file_names_cap : 16;
          SCM *bigger = GC_MALLOC_UNCOLLECTABLE (cap * sizeof *bigger);
          if (bigger == NULL)
            return -1;
          for (size_t j = 1; j < file_names_count; j++)
            bigger[j] = file_names[j];
          GC_FREE (file_names);
          file_names = bigger;
          file_names_cap = cap;
        }
      file_names[file_names_count++] = file;
    }
  last_file = file;
  last_file_index = i;
  return (int64_t) i;
}

void
scm_i_record_positions (const struct scm_i_pending_position *pending,
                        size_t n, SCM file)
{
  pthread_mutex_lock (&weak_lock);
  int64_t index = file_index (file);
  int failed = index < 0;
  if (!failed)
    {
      count_links (n);
      failed = weak_reserve (&positions, n) != 0;
    }
  for (size_t i = 0; i < n && !failed; i++)
    failed = weak_put (&positions, SCM_UNPACK_POINTER (pending[i].pair),
                       (uint64_t) index, pending[i].data) != 0;
  pthread_mutex_unlock (&weak_lock);
  if (failed)
    scm_out_of_memory ("read", sizeof (struct weak_entry));
}

int
scm_c_source_position (SCM datum, SCM *file, long *line, long *column)
{
  if (!scm_is_pair (datum)
      || __atomic_load_n (&positions.capacity, __ATOMIC_ACQUIRE) == 0)
    return 0;
  pthread_mutex_lock (&weak_lock);
  struct weak_entry *e = weak_find (&positions, SCM_UNPACK_POINTER (datum));
  SCM f = e && e->aux > 0 ? file_names[e->aux] : SCM_BOOL_F;
  uint64_t data = e ? e->data : 0;
  pthread_mutex_unlock (&weak_lock);
  if (data == 0)
    return 0;
  *file = f;
  *line = (long) (data >> 32);
  *column = (long) ((data & 0xffffffffu) >> 1);
  return 1;
}

void
scm_c_set_source_position (SCM pair, SCM file, long line, long column)
{
  SCM_ASSERT_TYPE (scm_is_pair (pair), pair, 1, "set-source-position!",
                   "pair");
  SCM_ASSERT_TYPE (scm_is_false (file) || scm_is_string (file), file, 2,
                   "set-source-position!", "string or #f");
  if (line < 1 || (unsigned long) line > SCM_I_POSITION_MAX_LINE)
    scm_out_of_range ("set-source-position!", 3, scm_from_long (line));
  if (column < 1 || (unsigned long) column > SCM_I_POSITION_MAX_COLUMN)
    scm_out_of_range ("set-source-position!", 4, scm_from_long (column));
  struct scm_i_pending_position p = { pair, scm_i_position_data (line, column) };
  scm_i_record_positions (&p, 1, file);
}

SCM_DEFINE (scm_source_position, "source-position", 1, 0, 0, (SCM datum),
            "Return the position where the reader read pair @var{datum} as\n"
            "a vector @code{#(@var{file} @var{line} @var{column})}: the\n"
            "port's file name (or @code{#f}), the line and the column,\n"
            "both counted from 1.  Return @code{#f} for anything else.")
{
  SCM file;
  long line, column;

  if (!scm_c_source_position (datum, &file, &line, &column))
    return SCM_BOOL_F;
  SCM vec = scm_c_make_vector (3, SCM_BOOL_F);
  SCM_VECTOR_SET (vec, 0, file);
  SCM_VECTOR_SET (vec, 1, scm_from_long (line));
  SCM_VECTOR_SET (vec, 2, scm_from_long (column));
  return vec;
}

void
scm_init_srcpos (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "srcpos.x"
#endif
}
