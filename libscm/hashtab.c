/* hashtab.c -- the library's internal eq?-keyed table
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "hashtab-internal.h"
#include <libscm/conditions.h>

/* Keys are never 0 (no SCM value is), so 0 marks an empty slot.  */

void
scm_i_eqtab_init (struct scm_i_eqtab *t, size_t capacity)
{
  t->capacity = capacity;
  t->count = 0;
  scm_i_note_alloc (2 * capacity * sizeof (scm_t_bits));
  t->slots = scm_i_alloc (2 * capacity * sizeof (scm_t_bits));
}

static size_t
find_slot (const struct scm_i_eqtab *t, scm_t_bits key)
{
  size_t mask = t->capacity - 1;
  size_t i = scm_i_hash_word (key) & mask;
  while (t->slots[2 * i] != 0 && t->slots[2 * i] != key)
    i = (i + 1) & mask;
  return i;
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

/* Double T's capacity; -1 if memory ran out (T is unchanged).  */
static int
grow (struct scm_i_eqtab *t)
{
  struct scm_i_eqtab bigger = { NULL, t->capacity * 2, 0 };
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
  if (2 * (t->count + 1) > t->capacity && grow (t) != 0)
    return -1;
  put (t, SCM_UNPACK (key), SCM_UNPACK (value));
  return 0;
}

void
scm_i_eqtab_set (struct scm_i_eqtab *t, SCM key, SCM value)
{
  if (scm_i_eqtab_try_set (t, key, value) != 0)
    scm_out_of_memory (NULL, 4 * t->capacity * sizeof (scm_t_bits));
}
