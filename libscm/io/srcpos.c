/* srcpos.c -- source positions: a weak table from the pairs read to
   where they were read (file, line, column)
   SPDX-License-Identifier: LGPL-3.0-or-later

   Pairs have no room for a position, so the reader enters each pair it
   makes in this table.  The contract is in read.h.  */

#include "values/strings-internal.h"
#include "values/hashtab-internal.h"
#include "runtime/init-internal.h"
#include "io/srcpos-internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <gc/gc_mark.h>
#include <libscm/conditions.h>
#include <libscm/numbers.h>
#include <libscm/read.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>

/* ------------------------------------------------------------------ */
/* The table.

   Open addressing with linear probing over a malloc'd array, which the
   GC neither scans nor counts.  The table is weak without a
   disappearing link per entry (libgc would then run a full collection
   every few thousand pairs read, and a link costs more than the entry):
   at the end of every collection's mark phase, a callback clears the
   entries whose pair is unmarked, before the sweep can reuse its memory.
   So a table entry never outlives its pair's memory, and an address
   found in the table is always the pair it was entered for.

   The callback runs with libgc's allocation lock held, so every other
   access to the table runs under that same lock too
   (GC_call_with_alloc_lock), and none of them allocates from the GC,
   raises or takes another lock while holding it.

   A cleared entry keeps DATA nonzero: lookups step over it and
   insertions reuse it; an empty slot (DATA 0) ends a probe.  When filled
   slots would pass 2/3 of the capacity, a rebuild starts a fresh array
   (grown or shrunk to fit the live entries) and the old one is drained
   into it a few slots per insertion, so that no insertion holds the
   allocation lock, which every thread's allocation waits for, for
   longer than a few thousand slots' worth: copying a table of millions
   of entries at once stalled the process for 100 ms and more, and
   delayed the time limit of the evaluation that read or expanded
   (test-overshoot).  While the old array drains, a lookup tries the
   fresh array, then the old; an entry moved or replaced is cleared in
   the old one, so that each live pair has one entry.  */

struct entry
{
  GC_hidden_pointer key;        /* hidden pair address; 0 once cleared */
  uint64_t file;                /* index in file_names (0: no file), and
                                   in its high 32 bits in macro_names
                                   (0: read, not made by a macro) */
  uint64_t data;                /* scm_i_position_data; 0: slot unused */
};

static struct entry *entries;
static size_t capacity;         /* 0 or a power of 2 */
static size_t filled;           /* slots with DATA nonzero */
static size_t live;             /* entries with a key, in both arrays */
/* The array being drained (NULL: none), its capacity, the slots moved
   so far, and how many to move per entry inserted: enough that it is
   empty before the fresh array needs a rebuild of its own.  */
static struct entry *old_entries;
static size_t old_capacity, old_moved, move_rate;

#define MIN_CAPACITY 256

static inline size_t
slot_of (GC_hidden_pointer key, size_t cap)
{
  return scm_i_hash_word ((scm_t_bits) key) & (cap - 1);
}

static struct entry *
find_in (struct entry *table, size_t cap, GC_hidden_pointer key)
{
  if (cap == 0)
    return NULL;
  for (size_t i = slot_of (key, cap);; i = (i + 1) & (cap - 1))
    {
      if (table[i].data == 0)
        return NULL;
      if (table[i].key == key)
        return &table[i];
    }
}

static struct entry *
find (const void *pair)
{
  GC_hidden_pointer key = GC_HIDE_POINTER (pair);
  struct entry *e = find_in (entries, capacity, key);
  if (e == NULL && old_entries != NULL)
    e = find_in (old_entries, old_capacity, key);
  return e;
}

/* Move up to N slots of the old array into the fresh one, which has
   room, and free it once it is empty.  */
static void
drain (size_t n)
{
  for (; n > 0 && old_moved < old_capacity; n--, old_moved++)
    {
      struct entry *e = &old_entries[old_moved];
      if (e->key == 0)
        continue;
      size_t j = slot_of (e->key, capacity);
      while (entries[j].data != 0)
        j = (j + 1) & (capacity - 1);
      entries[j] = *e;
      filled++;
      e->key = 0;
    }
  if (old_moved == old_capacity)
    {
      free (old_entries);
      old_entries = NULL;
      old_capacity = old_moved = 0;
    }
}

/* Start a fresh array with room for the live entries and N more, into
   which the current one drains.  Returns 0, or -1 if memory ran out.  */
static int
rebuild (size_t n)
{
  size_t cap = MIN_CAPACITY;
  while (cap < 2 * (live + n))
    cap *= 2;
  struct entry *fresh = calloc (cap, sizeof *fresh);
  if (fresh == NULL)
    return -1;
  /* An older array still draining goes first, at once: rare, since
     the move rate empties it before the fresh one fills.  */
  if (old_entries != NULL)
    drain (old_capacity);
  old_entries = entries;
  old_capacity = capacity;
  old_moved = 0;
  entries = fresh;
  capacity = cap;
  filled = 0;
  /* The fresh array is at most half full and is rebuilt past 2/3:
     that is cap / 6 insertions at least, in which the old one's slots
     must all be moved.  */
  move_rate = old_capacity / (cap / 6) + 1;
  if (old_capacity == 0)
    drain (0);
  return 0;
}

/* Map PAIR to FILE and DATA in the table, which has room.  */
static void
put (const void *pair, uint64_t file, uint64_t data)
{
  GC_hidden_pointer key = GC_HIDE_POINTER (pair);
  struct entry *slot = NULL;
  if (old_entries != NULL)
    {
      /* Replaced: the old entry goes, so that the pair has one.  */
      struct entry *e = find_in (old_entries, old_capacity, key);
      if (e != NULL)
        {
          e->key = 0;
          live--;
        }
    }

  for (size_t i = slot_of (key, capacity);; i = (i + 1) & (capacity - 1))
    {
      struct entry *e = &entries[i];
      if (e->data == 0)
        {
          if (slot == NULL)
            {
              slot = e;
              filled++;
            }
          break;
        }
      if (e->key == key)
        {
          slot = e;
          break;
        }
      if (e->key == 0 && slot == NULL)
        slot = e;
    }
  if (slot->key != key)
    live++;
  slot->key = key;
  slot->file = file;
  slot->data = data;
}

/* Clear the entries of pairs that this collection found dead: a
   mark-end hook (scm-internal.h), so it must not allocate or lock.  */
static void
clear_dead_in (struct entry *table, size_t cap)
{
  for (size_t i = 0; i < cap; i++)
    if (table[i].key != 0
        && !GC_is_marked (GC_REVEAL_POINTER (table[i].key)))
      {
        table[i].key = 0;
        live--;
      }
}

/* After the program's text was read and compiled, its pairs die and
   the table keeps the capacity that reading needed (string: 1 live
   entry in 1,024 slots, and 512 of an old array that no insertion
   drains), which every collection then walks.  So when few entries
   are left, the hook packs them into the front of the array, which
   the table then uses as one of a smaller capacity; the rest of the
   array stays allocated (the hook may not call free) until the next
   rebuild frees the whole array.  An old array it empties keeps its
   pointer, at capacity 0, for drain to free.  */
#define PACK_ENTRIES 64
#define PACK_CAPACITY 128

static void
pack_entries (void)
{
  struct entry kept[PACK_ENTRIES];
  size_t n = 0;
  struct entry *tables[2] = { entries, old_entries };
  size_t caps[2] = { capacity, old_entries != NULL ? old_capacity : 0 };
  for (int t = 0; t < 2; t++)
    for (size_t i = 0; i < caps[t]; i++)
      if (tables[t][i].key != 0)
        kept[n++] = tables[t][i];
  memset (entries, 0, PACK_CAPACITY * sizeof *entries);
  capacity = PACK_CAPACITY;
  filled = 0;
  if (old_entries != NULL)
    old_capacity = old_moved = 0;
  for (size_t k = 0; k < n; k++)
    {
      size_t j = slot_of (kept[k].key, capacity);
      while (entries[j].data != 0)
        j = (j + 1) & (capacity - 1);
      entries[j] = kept[k];
      filled++;
    }
}

static void
clear_dead_entries (void)
{
  clear_dead_in (entries, capacity);
  if (old_entries != NULL)
    clear_dead_in (old_entries, old_capacity);
  if (live <= PACK_ENTRIES && capacity > PACK_CAPACITY)
    pack_entries ();
}

/* ------------------------------------------------------------------ */
/* Operations under the allocation lock.  */

struct insertion
{
  const struct scm_i_pending_position *pending;
  size_t n;
  uint64_t file;
};

static void *
insert_locked (void *data)
{
  struct insertion *ins = data;
  if ((filled + ins->n) * 3 > capacity * 2 && rebuild (ins->n) != 0)
    return NULL;
  if (old_entries != NULL)
    drain (ins->n * move_rate);
  for (size_t i = 0; i < ins->n; i++)
    put (SCM_UNPACK_POINTER (ins->pending[i].pair), ins->file,
         ins->pending[i].data);
  return ins;
}

struct lookup
{
  const void *pair;
  uint64_t file;
  uint64_t data;
};

static void *
lookup_locked (void *data)
{
  struct lookup *l = data;
  struct entry *e = find (l->pair);
  if (e != NULL)
    {
      l->file = e->file;
      l->data = e->data;
    }
  return NULL;
}

static void *
count_locked (void *data)
{
  *(size_t *) data = live;
  return NULL;
}

size_t
scm_c_source_position_count (void)
{
  size_t n;
  GC_call_with_alloc_lock (count_locked, &n);
  return n;
}

/* ------------------------------------------------------------------ */
/* File names.  */

static pthread_mutex_t files_lock = PTHREAD_MUTEX_INITIALIZER;

/* The file names of positions, by index (0 stands for #f): a scanned
   array, since the table of positions is not.  A name is entered once
   per distinct string contents.  Guarded by files_lock.  */
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

/* Append NAME to the table *NAMES of *COUNT entries (index 0 unused)
   and room for *CAP, which is uncollectable (so a GC root) and grows by
   doubling; return its index, or -1 if memory ran out.  */
static int64_t
append_name (SCM **names, size_t *count, size_t *cap, SCM name)
{
  if (*count >= *cap)
    {
      size_t bigger_cap = *cap ? 2 * *cap : 16;
      SCM *bigger = GC_MALLOC_UNCOLLECTABLE (bigger_cap * sizeof *bigger);
      if (bigger == NULL)
        return -1;
      for (size_t j = 1; j < *count; j++)
        bigger[j] = (*names)[j];
      GC_FREE (*names);
      *names = bigger;
      *cap = bigger_cap;
    }
  (*names)[*count] = name;
  return (int64_t) (*count)++;
}

/* The index of FILE (a string or #f), entering COPY (an immutable copy
   of FILE, made before the lock was taken) if the name is new; -1 if
   memory ran out.  */
static int64_t
file_index (SCM file, SCM copy)
{
  if (!scm_is_string (file))
    return 0;
  if (scm_is_eq (file, last_file))
    return (int64_t) last_file_index;
  size_t i = 1;
  while (i < file_names_count && !same_string (file_names[i], file))
    i++;
  if (i == file_names_count
      && append_name (&file_names, &file_names_count, &file_names_cap,
                      scm_is_string (copy) ? copy : file) < 0)
    return -1;
  last_file = file;
  last_file_index = i;
  return (int64_t) i;
}

/* The names of macros whose expansions made positioned pairs, by the
   index in an entry's high file bits; never shrinks (there are as
   many as the program has macros).  */
static SCM *macro_names;
static size_t macro_names_count = 1, macro_names_cap;

static SCM last_macro = SCM_BOOL_F;
static int64_t last_macro_index;

/* The index of symbol MACRO; -1 if memory ran out.  Under files_lock.
   Consecutive pairs mostly come from one expansion: LAST_MACRO first.  */
static int64_t
macro_index (SCM macro)
{
  if (scm_is_eq (macro, last_macro))
    return last_macro_index;
  size_t i = macro_names_count;
  while (--i > 0 && !scm_is_eq (macro_names[i], macro))
    ;
  int64_t index = i > 0 ? (int64_t) i
    : append_name (&macro_names, &macro_names_count, &macro_names_cap, macro);
  if (index > 0)
    {
      last_macro = macro;
      last_macro_index = index;
    }
  return index;
}

static void
record_positions (const struct scm_i_pending_position *pending, size_t n,
                  SCM file, SCM macro)
{
  /* A port's file name is a mutable string: keep a copy, so that what
     was recorded cannot change.  Allocated before taking the lock, since
     allocating may raise.  (Reading LAST_FILE unlocked only decides
     whether to make the copy.)  */
  SCM copy = SCM_BOOL_F;
  if (scm_is_string (file) && !scm_is_eq (file, last_file))
    copy = scm_i_make_string_from_buf
      (scm_i_string_buf (scm_string_copy (file, SCM_UNDEFINED,
                                          SCM_UNDEFINED)), 1);
  pthread_mutex_lock (&files_lock);
  int64_t index = file_index (file, copy);
  int64_t m = scm_is_symbol (macro) && index >= 0 ? macro_index (macro) : 0;
  pthread_mutex_unlock (&files_lock);
  if (index < 0 || m < 0)
    scm_out_of_memory ("read", 0);
  struct insertion ins = { pending, n, (uint64_t) index | (uint64_t) m << 32 };
  if (GC_call_with_alloc_lock (insert_locked, &ins) == NULL)
    scm_out_of_memory ("read", (n + capacity) * sizeof (struct entry));
}

void
scm_i_record_positions (const struct scm_i_pending_position *pending,
                        size_t n, SCM file)
{
  record_positions (pending, n, file, SCM_BOOL_F);
}

void
scm_i_set_expansion_position (SCM pair, SCM file, long line, long column,
                              SCM macro)
{
  struct scm_i_pending_position p = { pair,
                                      scm_i_position_data (line, column) };
  record_positions (&p, 1, file, macro);
}

SCM
scm_i_macro_of_index (uint32_t i)
{
  pthread_mutex_lock (&files_lock);
  SCM m = i < macro_names_count ? macro_names[i] : SCM_BOOL_F;
  pthread_mutex_unlock (&files_lock);
  return m;
}

int
scm_i_source_position (SCM datum, SCM *file, long *line, long *column,
                       uint32_t *macro)
{
  if (!scm_is_pair (datum))
    return 0;
  struct lookup l = { SCM_UNPACK_POINTER (datum), 0, 0 };
  GC_call_with_alloc_lock (lookup_locked, &l);
  if (l.data == 0)
    return 0;
  uint64_t f = l.file & 0xffffffffu;
  pthread_mutex_lock (&files_lock);
  *file = f > 0 ? file_names[f] : SCM_BOOL_F;
  pthread_mutex_unlock (&files_lock);
  *line = (long) (l.data >> 32);
  *column = (long) ((l.data & 0xffffffffu) >> 1);
  *macro = (uint32_t) (l.file >> 32);
  return 1;
}

int
scm_c_source_position (SCM datum, SCM *file, long *line, long *column)
{
  uint32_t macro;
  return scm_i_source_position (datum, file, line, column, &macro);
}

void
scm_c_set_source_position (SCM pair, SCM file, long line, long column)
{
  /* Only pairs on the GC heap: the table's weakness asks the collector
     about them.  */
  SCM_ASSERT_TYPE (scm_is_pair (pair)
                   && GC_base (SCM_UNPACK_POINTER (pair))
                   == (void *) SCM_UNPACK_POINTER (pair),
                   pair, 1, "set-source-position!", "pair on the heap");
  SCM_ASSERT_TYPE (scm_is_false (file) || scm_is_string (file), file, 2,
                   "set-source-position!", "string or #f");
  if (line < 1 || (unsigned long) line > SCM_I_POSITION_MAX_LINE)
    scm_i_out_of_range ("set-source-position!", 3, scm_from_long (line));
  if (column < 1 || (unsigned long) column > SCM_I_POSITION_MAX_COLUMN)
    scm_i_out_of_range ("set-source-position!", 4, scm_from_long (column));
  struct scm_i_pending_position p = { pair, scm_i_position_data (line, column) };
  scm_i_record_positions (&p, 1, file);
}

SCM_DEFINE (scm_source_position, "source-position", 1, 0, 0, (SCM datum),
            "Return the position where the reader read pair @var{datum} as\n"
            "a vector @code{#(@var{file} @var{line} @var{column})}: the\n"
            "port's file name (or @code{#f}), the line and the column,\n"
            "both counted from 1.  Return @code{#f} for anything else, and\n"
            "for a pair after the first of a list whose car is a literal\n"
            "(a number, string, character, boolean or bytevector): the\n"
            "reader records positions for code, not for data.")
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
#include "io/srcpos.x"
#endif
  scm_i_add_mark_end_hook (clear_dead_entries);
}
