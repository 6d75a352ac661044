/* hashtab.c -- the library's internal eq?-keyed table
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "values/hashtab-internal.h"
#include "values/symbols-internal.h"

#include <libscm/symbols.h>
#include <libscm/conditions.h>

/* Keys are never 0 (no SCM value is), so 0 marks an empty slot.  */

void
scm_i_eqtab_init (struct scm_i_eqtab *t, size_t capacity)
{
  t->capacity = capacity;
  t->count = 0;
  t->by_name = 0;
  t->read_only = 0;
  scm_i_note_alloc (2 * capacity * sizeof (scm_t_bits));
  t->slots = scm_i_alloc (2 * capacity * sizeof (scm_t_bits));
}

void
scm_i_eqtab_init_static (struct scm_i_eqtab *t, const scm_t_bits *slots,
                         size_t capacity, size_t count)
{
  /* Never written through: read_only sends every change to a copy.  */
  t->slots = (scm_t_bits *) slots;
  t->capacity = capacity;
  t->count = count;
  t->by_name = 1;
  t->read_only = 1;
}

static size_t
probe (const scm_t_bits *slots, size_t capacity, size_t hash,
       scm_t_bits key)
{
  size_t mask = capacity - 1;
  size_t i = hash & mask;
  while (slots[2 * i] != 0 && slots[2 * i] != key)
    i = (i + 1) & mask;
  return i;
}

size_t
scm_i_eqtab_name_slot (const scm_t_bits *slots, size_t capacity, SCM key)
{
  return probe (slots, capacity, scm_i_symbol_name_hash (key),
                SCM_UNPACK (key));
}

static size_t
find_slot (const struct scm_i_eqtab *t, scm_t_bits key)
{
  /* Only symbols can be keys of a table hashed by name, so any other
     key is simply absent.  */
  if (SCM_UNLIKELY (t->by_name))
    return scm_is_symbol (SCM_PACK (key))
      ? scm_i_eqtab_name_slot (t->slots, t->capacity, SCM_PACK (key))
      : probe (t->slots, t->capacity, 0, key);
  return probe (t->slots, t->capacity, scm_i_hash_word (key), key);
}

SCM
scm_i_eqtab_ref (struct scm_i_eqtab *t, SCM key, SCM dflt)
{
  size_t i = find_slot (t, SCM_UNPACK (key));
  return t->slots[2 * i] != 0 ? SCM_PACK (t->slots[2 * i + 1]) : dflt;
}

static void
put (struct scm_i_eqtab *t, scm_t_bits key, scm_t_bits value)
{
  size_t i = find_slot (t, key);
  if (t->slots[2 * i] == 0)
    t->count++;
  t->slots[2 * i] = key;
  t->slots[2 * i + 1] = value;
}

/* Copy T to the heap with CAPACITY slots, hashed by address; -1 if
   memory ran out (T is unchanged).  */
static int
rehash (struct scm_i_eqtab *t, size_t capacity)
{
  struct scm_i_eqtab bigger = { NULL, capacity, 0, 0, 0 };
  bigger.slots = GC_malloc_kind (2 * bigger.capacity * sizeof (scm_t_bits),
                                 GC_I_NORMAL);
  if (bigger.slots == NULL)
    return -1;
  for (size_t i = 0; i < t->capacity; i++)
    if (t->slots[2 * i] != 0)
      put (&bigger, t->slots[2 * i], t->slots[2 * i + 1]);
  *t = bigger;
  return 0;
}

int
scm_i_eqtab_try_set (struct scm_i_eqtab *t, SCM key, SCM value)
{
  if (SCM_UNLIKELY (t->read_only))
    {
      size_t i = find_slot (t, SCM_UNPACK (key));
      if (t->slots[2 * i] != 0 && t->slots[2 * i + 1] == SCM_UNPACK (value))
        return 0;               /* no change */
      /* A static table may be fuller than half (image-writer.c).  */
      size_t capacity = t->capacity;
      while (2 * (t->count + 1) > capacity)
        capacity *= 2;
      if (rehash (t, capacity) != 0)
        return -1;
    }
  if (2 * (t->count + 1) > t->capacity && rehash (t, 2 * t->capacity) != 0)
    return -1;
  put (t, SCM_UNPACK (key), SCM_UNPACK (value));
  return 0;
}

int
scm_i_eqtab_try_reserve (struct scm_i_eqtab *t, size_t n)
{
  size_t capacity = t->capacity;
  if (t->read_only)
    return 0;                   /* copied when first changed */
  while (2 * (t->count + n) > capacity)
    capacity *= 2;
  return capacity == t->capacity ? 0 : rehash (t, capacity);
}

void
scm_i_eqtab_set (struct scm_i_eqtab *t, SCM key, SCM value)
{
  if (scm_i_eqtab_try_set (t, key, value) != 0)
    scm_out_of_memory (NULL, 4 * t->capacity * sizeof (scm_t_bits));
}
