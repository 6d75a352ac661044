/* symbols.c -- symbols and the process-wide symbol table
   SPDX-License-Identifier: LGPL-3.0-or-later

   A symbol is two words: header and name stringbuf (narrow whenever the
   name fits in Latin-1, so equal names have equal representations).  The
   table is shared by every instance and thread, and holds its heap
   symbols weakly.  Static symbols from snarfing are entered first, so
   every name the C core uses is interned without a heap allocation.  */

#include "values/strings-internal.h"
#include "values/hashtab-internal.h"
#include "runtime/init-internal.h"
#include "values/symbols-internal.h"
#include "runtime/poll-internal.h"
#include "runtime/subrs-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gc/gc_mark.h>
#include <unistr.h>
#include <libscm/conditions.h>
#include <libscm/numbers.h>
#include <libscm/symbols.h>

/* Header flags of a symbol.  Static symbols have neither.  */
#define SYMBOL_UNINTERNED 0x01
#define SYMBOL_HEAP 0x02        /* made on the GC heap: may die */

static inline SCM symbol_buf (SCM sym) { return SCM_CELL_OBJECT (sym, 1); }

/* ------------------------------------------------------------------ */
/* Names to look up: Latin-1 bytes or UCS-4, without making a
   stringbuf first (the reader interns every symbol it reads).  */

struct key
{
  const unsigned char *narrow;  /* exactly one of these is set */
  const uint32_t *wide;
  size_t len;
  size_t hash;
};

static inline uint32_t
key_ref (const struct key *k, size_t i)
{
  return k->narrow ? k->narrow[i] : k->wide[i];
}

/* Characters that string->symbol hashes or copies between two polls
   for Ctrl-C: interning a name of 10^8 characters took 0.6 s.  The
   table's own work, under the lock, cannot poll.  */
#define CHARS_PER_POLL ((size_t) 1 << 18)

/* FNV-1a over code points, so narrow and wide names hash alike: H
   carried on over characters FROM..TO of K.  */
static inline size_t
hash_range (const struct key *k, size_t from, size_t to, size_t h)
{
  for (size_t i = from; i < to; i++)
    {
      h ^= key_ref (k, i);
      h *= 1099511628211ULL;
    }
  return h;
}

#define HASH_START 14695981039346656037ULL

static void
hash_key (struct key *k)
{
  k->hash = hash_range (k, 0, k->len, HASH_START);
}

/* hash_key, polling between pieces: not under the table's lock.  */
static void
hash_key_polled (struct key *k)
{
  size_t h = HASH_START;
  for (size_t done = 0; done < k->len; done += CHARS_PER_POLL)
    {
      if (done > 0)
        scm_i_poll_interrupt ();
      size_t to = k->len - done < CHARS_PER_POLL ? k->len
        : done + CHARS_PER_POLL;
      h = hash_range (k, done, to, h);
    }
  k->hash = h;
}

/* The key of the name in stringbuf BUF, not hashed yet.  */
static struct key
unhashed_key (SCM buf)
{
  struct key k = { NULL, NULL, scm_i_stringbuf_length (buf), 0 };
  if (scm_i_stringbuf_is_wide (buf))
    k.wide = scm_i_stringbuf_wide (buf);
  else
    k.narrow = scm_i_stringbuf_narrow (buf);
  return k;
}

static struct key
key_of_buf (SCM buf)
{
  struct key k = unhashed_key (buf);
  hash_key (&k);
  return k;
}

/* The key of a long name, hashed polling.  */
static struct key
long_key (SCM buf)
{
  struct key k = unhashed_key (buf);
  hash_key_polled (&k);
  return k;
}

/* key_of_buf for the primitives, polling if the name is long.  */
static inline struct key
key_of_string (SCM str)
{
  SCM buf = scm_i_string_buf (str);
  if (SCM_LIKELY (scm_i_stringbuf_length (buf) <= CHARS_PER_POLL))
    return key_of_buf (buf);
  return long_key (buf);
}

size_t
scm_i_symbol_name_hash (SCM sym)
{
  return key_of_buf (symbol_buf (sym)).hash;
}

static int
name_is (SCM buf, const struct key *k)
{
  if (scm_i_stringbuf_length (buf) != k->len)
    return 0;
  if (!scm_i_stringbuf_is_wide (buf) && k->narrow)
    return memcmp (scm_i_stringbuf_narrow (buf), k->narrow, k->len) == 0;
  for (size_t i = 0; i < k->len; i++)
    if (scm_i_stringbuf_ref (buf, i) != key_ref (k, i))
      return 0;
  return 1;
}

/* ------------------------------------------------------------------ */
/* The table.

   Shared by every instance and thread.  Open addressing over a malloc'd
   array of symbol addresses, which the collector neither scans nor
   counts, so the table holds its heap symbols weakly: at the end of each
   collection's mark phase, a hook clears the slots of unmarked heap
   symbols (to TOMBSTONE) before the sweep can reuse their memory.
   Static symbols never die.  The hook runs with libgc's allocation lock
   held, so every access to the table runs under that lock
   (GC_call_with_alloc_lock) and never allocates from the GC, raises, or
   takes another lock while it holds it.  */

#define EMPTY 0
#define TOMBSTONE 1

/* The precompiled prelude's symbols (image.c): a read-only table laid
   out at build time by the same hash and probing, looked up first and
   without the lock.  They are the canonical symbols of their names.  */
static const scm_t_bits *static_slots;
static size_t static_capacity;
static size_t static_count;

void
scm_i_set_static_symbols (const scm_t_bits *table, size_t cap, size_t count)
{
  static_slots = table;
  static_capacity = cap;
  static_count = count;
}

static SCM
find_static (const struct key *k)
{
  if (static_capacity == 0)
    return SCM_UNDEFINED;
  for (size_t i = k->hash & (static_capacity - 1);;
       i = (i + 1) & (static_capacity - 1))
    {
      if (static_slots[i] == EMPTY)
        return SCM_UNDEFINED;
      if (name_is (symbol_buf (SCM_PACK (static_slots[i])), k))
        return SCM_PACK (static_slots[i]);
    }
}

size_t
scm_i_static_symbol_slot (const scm_t_bits *table, size_t cap, SCM sym)
{
  size_t i = scm_i_symbol_name_hash (sym) & (cap - 1);
  while (table[i] != EMPTY)
    i = (i + 1) & (cap - 1);
  return i;
}

static scm_t_bits *slots;
static size_t capacity;         /* 0 or a power of 2 */
static size_t filled;           /* slots not EMPTY */
static size_t live;             /* slots holding a symbol */

/* The slot holding the symbol named K, or NULL.  */
static scm_t_bits *
find (const struct key *k)
{
  if (capacity == 0)
    return NULL;
  for (size_t i = k->hash & (capacity - 1);; i = (i + 1) & (capacity - 1))
    {
      if (slots[i] == EMPTY)
        return NULL;
      if (slots[i] != TOMBSTONE && name_is (symbol_buf (SCM_PACK (slots[i])), k))
        return &slots[i];
    }
}

/* Rehash the live symbols into an array sized for them and one more.
   Returns 0, or -1 if memory ran out.  */
static int
rebuild (void)
{
  /* Small: every collection's hook walks every slot (clear_dead_symbols);
     start-up's 58 heap symbols fit without a rebuild.  */
  size_t cap = 256;
  while (cap < 4 * (live + 1))
    cap *= 2;
  scm_t_bits *fresh = calloc (cap, sizeof *fresh);
  if (fresh == NULL)
    return -1;
  for (size_t i = 0; i < capacity; i++)
    if (slots[i] > TOMBSTONE)
      {
        struct key k = key_of_buf (symbol_buf (SCM_PACK (slots[i])));
        size_t j = k.hash & (cap - 1);
        while (fresh[j] != EMPTY)
          j = (j + 1) & (cap - 1);
        fresh[j] = slots[i];
      }
  free (slots);
  slots = fresh;
  capacity = cap;
  filled = live;
  return 0;
}

static void
clear_dead_symbols (void)
{
  for (size_t i = 0; i < capacity; i++)
    if (slots[i] > TOMBSTONE)
      {
        SCM sym = SCM_PACK (slots[i]);
        if ((SCM_OBJ_FLAGS (sym) & SYMBOL_HEAP)
            && !GC_is_marked (SCM_UNPACK_POINTER (sym)))
          {
            slots[i] = TOMBSTONE;
            live--;
          }
      }
}

struct request
{
  const struct key *key;
  SCM candidate;                /* to enter if absent, or SCM_UNDEFINED */
  SCM result;                   /* the symbol, or SCM_UNDEFINED */
  int failed;                   /* out of memory */
};

static void *
lookup_locked (void *data)
{
  struct request *r = data;
  scm_t_bits *slot = find (r->key);
  r->result = slot ? SCM_PACK (*slot) : SCM_UNDEFINED;
  return NULL;
}

static void *
insert_locked (void *data)
{
  struct request *r = data;
  scm_t_bits *slot = find (r->key);
  if (slot != NULL)
    {
      r->result = SCM_PACK (*slot);
      return NULL;
    }
  if (2 * (filled + 1) > capacity && rebuild () != 0)
    {
      r->failed = 1;
      return NULL;
    }
  size_t i = r->key->hash & (capacity - 1);
  while (slots[i] > TOMBSTONE)
    i = (i + 1) & (capacity - 1);
  if (slots[i] == EMPTY)
    filled++;
  slots[i] = SCM_UNPACK (r->candidate);
  live++;
  r->result = r->candidate;
  return NULL;
}

/* A new heap symbol named K, with a stringbuf that is narrow if it can
   be.  Polls for interrupts while it copies a long name.  */
static SCM
make_symbol (const struct key *k, unsigned flags)
{
  int wide = 0;
  for (size_t i = 0; k->wide && i < k->len && !wide; i++)
    wide = k->wide[i] > 0xff;
  SCM buf = scm_i_make_stringbuf (k->len, wide);
  /* Never under the lock: it may poll.  */
  for (size_t i = 0; i < k->len; i++)
    {
      if ((i & (CHARS_PER_POLL - 1)) == 0 && i > 0)
        scm_i_poll_interrupt ();
      if (wide)
        scm_i_stringbuf_wide (buf)[i] = key_ref (k, i);
      else
        scm_i_stringbuf_narrow (buf)[i] = (unsigned char) key_ref (k, i);
    }
  SCM sym = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_symbol, flags, 0), 2);
  SCM_SET_CELL_OBJECT (sym, 1, buf);
  return sym;
}

/* The interned symbol named K; if there is none, CANDIDATE (a static
   symbol, when given) or a new heap symbol becomes it.  A look-up that
   finds the name allocates nothing.  */
static SCM
intern (struct key *k, SCM candidate)
{
  struct request r = { k, candidate, SCM_UNDEFINED, 0 };

  SCM fixed = find_static (k);
  if (!SCM_UNBNDP (fixed))
    return fixed;

  /* With a static candidate, one pass under the lock looks up and
     enters (start-up interns 1,400 static symbols this way).  */
  if (SCM_UNBNDP (r.candidate))
    {
      GC_call_with_alloc_lock (lookup_locked, &r);
      if (!SCM_UNBNDP (r.result))
        return r.result;
      /* Allocate outside the lock; if another thread enters the name
         meanwhile, its symbol wins and this one is garbage.  */
      r.candidate = make_symbol (k, SYMBOL_HEAP);
    }
  GC_call_with_alloc_lock (insert_locked, &r);
  if (r.failed)
    scm_out_of_memory ("intern", 2 * capacity * sizeof *slots);
  return r.result;
}

SCM
scm_snarf_intern_symbol (SCM symbol)
{
  struct key k = key_of_buf (symbol_buf (symbol));
  return intern (&k, symbol);
}

SCM
scm_i_intern_ucs4 (const uint32_t *chars, size_t len)
{
  struct key k = { NULL, chars, len, 0 };
  hash_key (&k);
  return intern (&k, SCM_UNDEFINED);
}

SCM
scm_from_latin1_symboln (const char *str, size_t len)
{
  if (len == (size_t) -1)
    len = strlen (str);
  struct key k = { (const unsigned char *) str, NULL, len, 0 };
  hash_key (&k);
  return intern (&k, SCM_UNDEFINED);
}

SCM
scm_from_latin1_symbol (const char *str)
{
  return scm_from_latin1_symboln (str, (size_t) -1);
}

SCM
scm_from_utf8_symboln (const char *str, size_t len)
{
  if (len == (size_t) -1)
    len = strlen (str);
  size_t i = 0;
  while (i < len && (unsigned char) str[i] < 0x80)
    i++;
  if (i == len)
    return scm_from_latin1_symboln (str, len);
  /* Not ASCII: decoding checks the UTF-8 and raises if it is bad.  */
  return scm_string_to_symbol (scm_from_utf8_stringn (str, len));
}

SCM
scm_from_utf8_symbol (const char *str)
{
  return scm_from_utf8_symboln (str, (size_t) -1);
}

static void *
count_locked (void *data)
{
  *(size_t *) data = live + static_count;
  return NULL;
}

size_t
scm_c_symbol_count (void)
{
  size_t n;
  GC_call_with_alloc_lock (count_locked, &n);
  return n;
}

/* ------------------------------------------------------------------ */
/* Primitives.  */

SCM_DEFINE (scm_symbol_p, "symbol?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a symbol.")
{
  return scm_from_bool (scm_is_symbol (obj));
}

SCM_DEFINE (scm_symbol_to_string, "symbol->string", 1, 0, 0, (SCM sym),
            "Return the name of @var{sym} as an immutable string.")
{
  SCM_ASSERT_TYPE (scm_is_symbol (sym), sym, 1, "symbol->string", "symbol");
  /* scm_i_make_string_from_buf's string, from the VM's free list:
     browse calls this 40,000 times a run.  */
  return scm_i_init_string (scm_i_vm_alloc (2), symbol_buf (sym), 1);
}

SCM_DEFINE (scm_string_to_symbol, "string->symbol", 1, 0, 0, (SCM str),
            "Return the symbol whose name is @var{str}, interning it.")
{
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "string->symbol", "string");
  struct key k = key_of_string (str);
  return intern (&k, SCM_UNDEFINED);
}

SCM_DEFINE (scm_string_to_uninterned_symbol, "string->uninterned-symbol",
            1, 0, 0, (SCM str),
            "Return a new symbol named @var{str} that is not @code{eq?} to\n"
            "any other symbol.")
{
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "string->uninterned-symbol",
                   "string");
  struct key k = key_of_string (str);
  return make_symbol (&k, SYMBOL_UNINTERNED | SYMBOL_HEAP);
}

SCM_DEFINE (scm_symbol_interned_p, "symbol-interned?", 1, 0, 0, (SCM sym),
            "Return @code{#t} if @var{sym} is interned.")
{
  SCM_ASSERT_TYPE (scm_is_symbol (sym), sym, 1, "symbol-interned?", "symbol");
  return scm_from_bool (!(SCM_OBJ_FLAGS (sym) & SYMBOL_UNINTERNED));
}

SCM_DEFINE (scm_symbol_equal_p, "symbol=?", 1, 0, 1, (SCM s1, SCM rest),
            "Return @code{#t} if all the arguments are the same symbol.")
{
  int pos = 2, same = 1;
  SCM_ASSERT_TYPE (scm_is_symbol (s1), s1, 1, "symbol=?", "symbol");
  for (; scm_is_pair (rest); rest = SCM_CDR (rest), pos++)
    {
      SCM_ASSERT_TYPE (scm_is_symbol (SCM_CAR (rest)), SCM_CAR (rest), pos,
                       "symbol=?", "symbol");
      same = same && scm_is_eq (s1, SCM_CAR (rest));
    }
  return scm_from_bool (same);
}

static unsigned long gensym_counter;

SCM_DEFINE (scm_gensym, "gensym", 0, 1, 0, (SCM prefix),
            "Return a new uninterned symbol whose name is @var{prefix}\n"
            "(default @code{\" g\"}) followed by a number.")
{
  char num[32];
  const char *p = " g";
  if (!SCM_UNBNDP (prefix))
    {
      SCM_ASSERT_TYPE (scm_is_string (prefix), prefix, 1, "gensym", "string");
      p = scm_i_to_utf8_stringn (prefix, NULL);
    }
  snprintf (num, sizeof num, "%lu",
            __atomic_fetch_add (&gensym_counter, 1, __ATOMIC_RELAXED));
  size_t plen = strlen (p), nlen = strlen (num);
  char *name = scm_i_alloc_atomic (plen + nlen + 1);
  memcpy (name, p, plen);
  memcpy (name + plen, num, nlen + 1);
  return scm_string_to_uninterned_symbol (scm_from_utf8_string (name));
}

void
scm_init_symbols (void)
{
  scm_i_add_mark_end_hook (clear_dead_symbols);
#ifndef SCM_MAGIC_SNARFER
#include "values/symbols.x"
#endif
}
