/* symbols.c -- symbols and the process-wide symbol table
   SPDX-License-Identifier: LGPL-3.0-or-later

   A symbol is two words: header and name stringbuf (narrow whenever the
   name fits in Latin-1, so equal names have equal representations).  The
   table is shared by every instance and thread, under a mutex.  Static
   symbols from snarfing are entered first, so every name the C core uses
   is interned without a heap allocation.  Interned symbols are kept
   strongly for now (no weak table yet).  */

#include "strings-internal.h"
#include "hashtab-internal.h"
#include "init-internal.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <libscm/conditions.h>
#include <libscm/numbers.h>
#include <libscm/symbols.h>

#define SYMBOL_UNINTERNED 0x01

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static scm_t_bits *table;       /* GC-scanned array of symbols, 0 = empty */
static size_t table_capacity;   /* a power of 2 */
static size_t table_count;

static inline SCM symbol_buf (SCM sym) { return SCM_CELL_OBJECT (sym, 1); }

/* FNV-1a over code points, so narrow and wide names hash alike.  */
static size_t
hash_chars (SCM buf)
{
  size_t h = 14695981039346656037ULL;
  for (size_t i = 0, n = scm_i_stringbuf_length (buf); i < n; i++)
    {
      h ^= scm_i_stringbuf_ref (buf, i);
      h *= 1099511628211ULL;
    }
  return h;
}

static int
same_chars (SCM a, SCM b)
{
  size_t n = scm_i_stringbuf_length (a);
  if (n != scm_i_stringbuf_length (b))
    return 0;
  if (!scm_i_stringbuf_is_wide (a) && !scm_i_stringbuf_is_wide (b))
    return memcmp (scm_i_stringbuf_narrow (a), scm_i_stringbuf_narrow (b),
                   n) == 0;
  for (size_t i = 0; i < n; i++)
    if (scm_i_stringbuf_ref (a, i) != scm_i_stringbuf_ref (b, i))
      return 0;
  return 1;
}

/* The slot for name BUF with hash H: its symbol's, or an empty one.
   Called with the lock held.  */
static size_t
find_slot (SCM buf, size_t h)
{
  size_t mask = table_capacity - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask)
    if (table[i] == 0 || same_chars (symbol_buf (SCM_PACK (table[i])), buf))
      return i;
}

static void
grow_table (void)
{
  scm_t_bits *old = table;
  size_t old_capacity = table_capacity;

  table_capacity = old_capacity ? old_capacity * 2 : 1024;
  table = scm_i_alloc (table_capacity * sizeof (scm_t_bits));
  for (size_t i = 0; i < old_capacity; i++)
    if (old[i] != 0)
      {
        SCM buf = symbol_buf (SCM_PACK (old[i]));
        table[find_slot (buf, hash_chars (buf))] = old[i];
      }
}

/* The interned symbol named BUF; if there is none, CANDIDATE (when
   given) or a new symbol over BUF becomes it.  BUF must not change
   later: it is a symbol's name from now on.  */
static SCM
intern (SCM buf, SCM candidate)
{
  SCM sym;
  size_t h = hash_chars (buf);

  pthread_mutex_lock (&table_lock);
  if (2 * (table_count + 1) > table_capacity)
    grow_table ();
  size_t i = find_slot (buf, h);
  if (table[i] != 0)
    sym = SCM_PACK (table[i]);
  else
    {
      sym = candidate;
      if (SCM_UNBNDP (sym))
        {
          sym = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_symbol, 0, 0), 2);
          SCM_SET_CELL_OBJECT (sym, 1, buf);
        }
      table[i] = SCM_UNPACK (sym);
      table_count++;
    }
  pthread_mutex_unlock (&table_lock);
  return sym;
}

SCM
scm_snarf_intern_symbol (SCM symbol)
{
  return intern (symbol_buf (symbol), symbol);
}

/* An immutable stringbuf with the characters of string STR, narrow if
   possible.  */
static SCM
name_from_string (SCM str)
{
  size_t n = scm_i_string_length (str);
  SCM buf = scm_i_string_buf (str);

  if (!scm_i_stringbuf_is_wide (buf))
    {
      SCM copy = scm_i_make_stringbuf (n, 0);
      memcpy (scm_i_stringbuf_narrow (copy), scm_i_stringbuf_narrow (buf), n);
      return copy;
    }
  return scm_i_stringbuf_from_ucs4 (scm_i_stringbuf_wide (buf), n);
}

SCM
scm_from_latin1_symboln (const char *str, size_t len)
{
  if (len == (size_t) -1)
    len = strlen (str);
  SCM buf = scm_i_make_stringbuf (len, 0);
  memcpy (scm_i_stringbuf_narrow (buf), str, len);
  return intern (buf, SCM_UNDEFINED);
}

SCM
scm_from_latin1_symbol (const char *str)
{
  return scm_from_latin1_symboln (str, (size_t) -1);
}

SCM
scm_from_utf8_symboln (const char *str, size_t len)
{
  return intern (name_from_string (scm_from_utf8_stringn (str, len)),
                 SCM_UNDEFINED);
}

SCM
scm_from_utf8_symbol (const char *str)
{
  return scm_from_utf8_symboln (str, (size_t) -1);
}

size_t
scm_c_symbol_count (void)
{
  pthread_mutex_lock (&table_lock);
  size_t n = table_count;
  pthread_mutex_unlock (&table_lock);
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
  return scm_i_make_string_from_buf (symbol_buf (sym), 1);
}

SCM_DEFINE (scm_string_to_symbol, "string->symbol", 1, 0, 0, (SCM str),
            "Return the symbol whose name is @var{str}, interning it.")
{
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "string->symbol", "string");
  return intern (name_from_string (str), SCM_UNDEFINED);
}

SCM_DEFINE (scm_string_to_uninterned_symbol, "string->uninterned-symbol",
            1, 0, 0, (SCM str),
            "Return a new symbol named @var{str} that is not @code{eq?} to\n"
            "any other symbol.")
{
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "string->uninterned-symbol",
                   "string");
  SCM sym = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_symbol,
                                                SYMBOL_UNINTERNED, 0), 2);
  SCM_SET_CELL_OBJECT (sym, 1, name_from_string (str));
  return sym;
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
      p = scm_to_utf8_stringn (prefix, NULL);
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
#ifndef SCM_MAGIC_SNARFER
#include "symbols.x"
#endif
}
