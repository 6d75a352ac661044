/* hashtables.c -- hash tables: Guile's API, the base of SRFI 69 and 125
   SPDX-License-Identifier: LGPL-3.0-or-later

   A table is an object of type code scm_tc8_hashtable: a power-of-two
   array of buckets, each a chain of entries.  An entry is four words,
   key, value, hash, next, so that a pointer to it is also a pair
   (KEY . VALUE): that pair is the handle Guile's hash-get-handle and
   hash-create-handle! return, and set-cdr! on it sets the value.  The
   hash word is the entry's full hash (a fixnum), so the table grows and
   shrinks without hashing a key again, and a lookup compares a key only
   with entries of the same hash.  Tables with a user hash function
   (hashx-*, SRFI 69 and 125) are driven from Scheme: the caller
   computes the hash and walks the entries of that hash (%hash-table-
   bucket), so no C frame sits between Scheme frames.

   Weak-key tables keep a key hidden (its bits complemented, which the
   collector does not take for a pointer) with a disappearing link on
   it: the collector zeroes the word when the key dies.  Hidden keys
   are read under libgc's allocation lock, and only when the stored hash
   matches.  A table whose collection count changed since it last
   looked drops its dead entries before it counts, iterates or resizes,
   so no dead entry is ever counted or returned.  Keys that are not
   heap objects (fixnums, characters, static symbols) are held strongly.

   Each table has a mutex, held only inside the functions here and
   never while anything can raise: allocation under it uses libgc
   directly and gives up (a resize is skipped) rather than raise.
   equal? on a pair or a vector key may allocate, so those keys are
   compared after the lock is released, and the operation then checks
   that the table's version (bumped by every insertion, removal and
   rehash) has not changed, or starts again.  */

#include "runtime/scm-internal.h"
#include "numbers/numbers-internal.h"
#include "runtime/conditions-internal.h"
#include "values/hashtab-internal.h"
#include "runtime/init-internal.h"
#include "values/strings-internal.h"
#include "values/foreign-internal.h"

#include <math.h>
#include <pthread.h>
#include <string.h>
#include <libscm/bytevectors.h>
#include <libscm/conditions.h>
#include <libscm/eq.h>
#include <libscm/hashtables.h>
#include <libscm/keywords.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>

/* ------------------------------------------------------------------ */
/* Layout.  */

enum kind { KIND_EQ = 0, KIND_EQV = 1, KIND_EQUAL = 2, KIND_CUSTOM = 3 };

#define FLAG_KIND 0x03
#define FLAG_WEAK 0x04
#define FLAG_IMMUTABLE 0x08

struct entry
{
  scm_t_bits key;               /* SCM; hidden (~ptr) or 0 when weak */
  SCM value;
  SCM hash;                     /* a fixnum */
  struct entry *next;
};

struct table
{
  scm_t_bits header;
  struct entry **buckets;
  size_t nbuckets;              /* a power of two */
  size_t count;
  size_t min_buckets;
  size_t version;
  SCM equiv, hashfn;            /* what SRFI 69 and 125 report */
  GC_word gc_no;                /* weak: the collection last purged */
  pthread_mutex_t lock;
};

#define TABLE(x) ((struct table *) SCM_UNPACK_POINTER (x))
#define MIN_BUCKETS 8
/* The largest size honoured: bigger ones start at this and grow.  */
#define MAX_INITIAL_BUCKETS ((size_t) 1 << 24)
/* The bound of the hash functions called without a size.  */
#define HASH_BOUND ((uint64_t) 1 << 32)

static enum kind table_kind (struct table *t) { return t->header >> 8 & FLAG_KIND; }
static int table_weak (struct table *t) { return (t->header >> 8 & FLAG_WEAK) != 0; }

static inline SCM entry_handle (struct entry *e) { return SCM_PACK_POINTER (e); }

static void
check_table (SCM table, int pos, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_hash_table (table), table, pos, who, "hash table");
}

static void
check_mutable (SCM table, int pos, const char *who)
{
  check_table (table, pos, who);
  if (SCM_OBJ_FLAGS (table) & FLAG_IMMUTABLE)
    scm_c_raise_error ("wrong-type-arg", who, "immutable hash table",
                       scm_list_1 (table));
}

static void
lock (struct table *t)
{
  pthread_mutex_lock (&t->lock);
}

static void
unlock (struct table *t)
{
  pthread_mutex_unlock (&t->lock);
}

/* ------------------------------------------------------------------ */
/* Hash functions.  */

static inline uint64_t
mix (uint64_t h, uint64_t v)
{
  return scm_i_hash_word (h ^ (v + 0x9e3779b97f4a7c15u + (h << 6) + (h >> 2)));
}

static uint64_t
hash_eq (SCM x)
{
  return scm_i_hash_word (SCM_UNPACK (x));
}

/* Numbers that are = hash alike: an integral flonum like the fixnum of
   its value, 0.0 and -0.0 like 0.  */
static uint64_t
hash_double (double d)
{
  if (d == 0)
    return hash_eq (SCM_MAKE_FIXNUM (0));
  if (d == floor (d) && fabs (d) < 0x1p61)
    return hash_eq (SCM_MAKE_FIXNUM ((scm_t_signed_bits) d));
  if (isfinite (d) && d == floor (d))
    return scm_i_int_hash (scm_i_int_from_double (d));
  if (isfinite (d))
    return scm_i_q_hash (scm_i_q_from_double (d));
  if (isnan (d))
    d = NAN;                    /* all NaNs are eqv? */
  uint64_t bits;
  memcpy (&bits, &d, sizeof bits);
  return scm_i_hash_word (bits);
}

static uint64_t hash_number (SCM x);

/* A complex number like its parts, so that = ones hash alike: an
   exact one like the inexact one of the same value, and one whose
   imaginary part is 0.0 like its real part.  */
static uint64_t
hash_complex (SCM x)
{
  if (scm_i_is_exact_complex (x))
    return scm_i_hash_word (hash_number (SCM_I_EXACT_COMPLEX_REAL (x)) * 31
                            + hash_number (SCM_I_EXACT_COMPLEX_IMAG (x)));
  if (SCM_I_COMPLEX_IMAG (x) == 0)
    return hash_double (SCM_I_COMPLEX_REAL (x));
  return scm_i_hash_word (hash_double (SCM_I_COMPLEX_REAL (x)) * 31
                          + hash_double (SCM_I_COMPLEX_IMAG (x)));
}

static uint64_t
hash_number (SCM x)
{
  if (scm_is_flonum (x))
    return hash_double (SCM_FLONUM_VALUE (x));
  if (scm_i_is_complex (x))
    return hash_complex (x);
  if (scm_i_is_bignum (x))
    return scm_i_int_hash (x);
  if (scm_i_is_ratnum (x))
    return scm_i_q_hash (x);
  return hash_eq (x);
}

/* A number eqv? compares by value: a flonum (either form, since its
   hash must be that of the equal fixnum for =), bignum, ratnum or
   complex.  */
static int
is_value_number (SCM x)
{
  if (scm_i_is_immediate_flonum (x))
    return 1;
  if (!SCM_HEAP_OBJECT_P (x) || scm_is_pair (x))
    return 0;
  scm_t_bits tc8 = SCM_HEADER_TC8 (SCM_HEADER (x));
  return tc8 == scm_tc8_flonum || tc8 == scm_tc8_bignum
    || tc8 == scm_tc8_ratnum || tc8 == scm_tc8_complex;
}

static uint64_t
hash_eqv (SCM x)
{
  return is_value_number (x) ? hash_number (x) : hash_eq (x);
}

/* The characters START..END of stringbuf BUF, by code point, so that a
   narrow and a wide buffer with the same characters hash alike.  */
static uint64_t
hash_stringbuf (SCM buf, size_t start, size_t end)
{
  uint64_t h = 0xcbf29ce484222325u ^ (end - start);
  if (!scm_i_stringbuf_is_wide (buf))
    {
      const unsigned char *c = scm_i_stringbuf_narrow (buf);
      for (size_t i = start; i < end; i++)
        h = (h ^ c[i]) * 0x100000001b3u;
    }
  else
    {
      const uint32_t *c = scm_i_stringbuf_wide (buf);
      for (size_t i = start; i < end; i++)
        h = (h ^ c[i]) * 0x100000001b3u;
    }
  return scm_i_hash_word (h);
}

static uint64_t
hash_bytes (const uint8_t *c, size_t n)
{
  uint64_t h = 0x84222325cbf29ce4u ^ n;
  for (size_t i = 0; i < n; i++)
    h = (h ^ c[i]) * 0x100000001b3u;
  return scm_i_hash_word (h);
}

static uint64_t
hash_symbol (SCM sym)
{
  SCM buf = SCM_CELL_OBJECT (sym, 1);
  return mix (0x5eed, hash_stringbuf (buf, 0, scm_i_stringbuf_length (buf)));
}

/* The hash of an object equal? does not look into.  */
static uint64_t
hash_leaf (SCM x)
{
  if (!SCM_HEAP_OBJECT_P (x))
    return hash_eqv (x);        /* immediate flonums by value */
  if (scm_is_string (x))
    {
      SCM buf = scm_i_string_buf (x);
      return hash_stringbuf (buf, 0, scm_i_stringbuf_length (buf));
    }
  if (scm_is_symbol (x))
    return hash_symbol (x);
  if (scm_is_keyword (x))
    return mix (0x6b77, hash_symbol (SCM_CELL_OBJECT (x, 1)));
  if (scm_is_bytevector (x))
    return hash_bytes (SCM_BYTEVECTOR_CONTENTS (x), SCM_BYTEVECTOR_LENGTH (x));
  uint64_t h;
  if (scm_has_tc8 (x, scm_tc8_foreign) && scm_i_foreign_hash (x, &h))
    return mix (0x666f, scm_i_hash_word (h));
  return hash_eqv (x);
}

/* Objects the equal? hash looks at, at most: a walk of the structure,
   depth first, cars before cdrs, that stops after this many.  It sees
   the same objects in two equal? structures (their infinite unfoldings
   are the same tree), so they hash alike, circular or not.  */
#define EQUAL_HASH_UNITS 96

static uint64_t
hash_equal (SCM x)
{
  SCM stack[EQUAL_HASH_UNITS];
  size_t n = 0;
  uint64_t h = 0x243f6a8885a308d3u;

  if (!scm_is_pair (x) && !scm_is_vector (x))
    return hash_leaf (x);
  stack[n++] = x;
  for (int units = 0; n > 0 && units < EQUAL_HASH_UNITS; units++)
    {
      x = stack[--n];
      if (scm_is_pair (x))
        {
          h = mix (h, 0x7061);
          if (n + 2 <= EQUAL_HASH_UNITS)
            {
              stack[n++] = SCM_CDR (x);
              stack[n++] = SCM_CAR (x);
            }
        }
      else if (scm_is_vector (x))
        {
          size_t len = SCM_VECTOR_LENGTH (x);
          size_t k = EQUAL_HASH_UNITS - n < len ? EQUAL_HASH_UNITS - n : len;
          h = mix (h, 0x7665 ^ ((uint64_t) len << 16));
          while (k > 0)
            stack[n++] = SCM_VECTOR_REF (x, --k);
        }
      else
        h = mix (h, hash_leaf (x));
    }
  return h;
}

static uint64_t
hash_of (enum kind kind, SCM key)
{
  switch (kind)
    {
    case KIND_EQ: return hash_eq (key);
    case KIND_EQV: return hash_eqv (key);
    default: return hash_equal (key);
    }
}

/* The hash stored in an entry: a nonnegative fixnum.  */
static scm_t_bits
stored_hash (uint64_t h)
{
  return h >> 3;
}

/* ------------------------------------------------------------------ */
/* Weak keys.  */

static int
hideable (SCM key)
{
  return SCM_HEAP_OBJECT_P (key)
    && GC_base (SCM_UNPACK_POINTER (key)) == SCM_UNPACK_POINTER (key);
}

static void *
reveal_locked (void *p)
{
  scm_t_bits w = *(volatile scm_t_bits *) p;
  return (void *) (w == 0 ? 0 : ~w);
}

/* The key of entry E, or 0 (not a valid SCM) if it died.  */
static scm_t_bits
entry_key (struct entry *e)
{
  scm_t_bits w = e->key;
  if ((w & 1) == 0)
    return w;
  return (scm_t_bits) GC_call_with_alloc_lock (reveal_locked, &e->key);
}

/* Drop the dead entries of weak table T if a collection ran since it
   last looked.  With the lock held.  */
static void
purge (struct table *t)
{
  GC_word gc_no = GC_get_gc_no ();
  if (!table_weak (t) || t->gc_no == gc_no)
    return;
  t->gc_no = gc_no;
  size_t count = 0;
  for (size_t i = 0; i < t->nbuckets; i++)
    for (struct entry **link = &t->buckets[i]; *link;)
      if ((*link)->key == 0)
        {
          *link = (*link)->next;
          t->version++;
        }
      else
        {
          count++;
          link = &(*link)->next;
        }
  t->count = count;
}

/* ------------------------------------------------------------------ */
/* Making tables, growing and shrinking.  */

static size_t
buckets_for (size_t size)
{
  size_t n = MIN_BUCKETS;
  while (n < size && n < MAX_INITIAL_BUCKETS)
    n *= 2;
  return n;
}

static SCM
make_table (enum kind kind, int weak, size_t size, SCM equiv, SCM hashfn)
{
  size_t n = buckets_for (size);
  struct entry **buckets = scm_i_alloc (n * sizeof *buckets);
  struct table *t = scm_i_alloc (sizeof *t);
  t->header = SCM_MAKE_HEADER (scm_tc8_hashtable,
                               kind | (weak ? FLAG_WEAK : 0), 0);
  t->buckets = buckets;
  t->nbuckets = n;
  t->count = 0;
  t->min_buckets = n;
  t->version = 0;
  t->equiv = equiv;
  t->hashfn = hashfn;
  t->gc_no = GC_get_gc_no ();
  pthread_mutex_init (&t->lock, NULL);
  return SCM_PACK_POINTER (t);
}

static size_t
bucket_index (struct table *t, SCM hash)
{
  return scm_i_hash_word (SCM_UNPACK (hash)) & (t->nbuckets - 1);
}

/* Move T's entries into N buckets, if libgc can give them: with the
   lock held, so nothing may raise.  */
static void
rehash (struct table *t, size_t n)
{
  struct entry **buckets = GC_malloc_kind (n * sizeof *buckets, GC_I_NORMAL);
  if (buckets == NULL)
    return;
  struct entry **old = t->buckets;
  size_t oldn = t->nbuckets;
  t->buckets = buckets;
  t->nbuckets = n;
  for (size_t i = 0; i < oldn; i++)
    for (struct entry *e = old[i], *next; e; e = next)
      {
        next = e->next;
        size_t j = bucket_index (t, e->hash);
        e->next = buckets[j];
        buckets[j] = e;
      }
  t->version++;
}

/* Grow or shrink after the count changed; with the lock held.  */
static void
resize (struct table *t)
{
  if (t->count > t->nbuckets && t->nbuckets < ((size_t) 1 << 40))
    {
      purge (t);
      if (t->count > t->nbuckets)
        rehash (t, 2 * t->nbuckets);
    }
  else if (t->count < t->nbuckets / 8 && t->nbuckets > t->min_buckets)
    rehash (t, t->nbuckets / 2);
}

/* A new entry, not yet in a table: its key hidden with a disappearing
   link if T is weak.  */
static struct entry *
make_entry (struct table *t, SCM key, SCM value, scm_t_bits hash,
            const char *who)
{
  struct entry *e = scm_i_alloc (sizeof *e);
  e->value = value;
  e->hash = SCM_MAKE_FIXNUM (hash);
  e->next = NULL;
  if (table_weak (t) && hideable (key))
    {
      e->key = ~SCM_UNPACK (key);
      if (GC_general_register_disappearing_link
          ((void **) &e->key, SCM_UNPACK_POINTER (key)) == GC_NO_MEMORY)
        scm_out_of_memory (who, sizeof (void *));
    }
  else
    e->key = SCM_UNPACK (key);
  return e;
}

/* Link entry E into T; with the lock held.  */
static void
link_entry (struct table *t, struct entry *e)
{
  size_t i = bucket_index (t, e->hash);
  e->next = t->buckets[i];
  t->buckets[i] = e;
  t->count++;
  t->version++;
  resize (t);
}

/* Unlink entry E from T if it is there; with the lock held.  */
static int
unlink_entry (struct table *t, struct entry *e)
{
  for (struct entry **link = &t->buckets[bucket_index (t, e->hash)];
       *link; link = &(*link)->next)
    if (*link == e)
      {
        *link = e->next;
        t->count--;
        t->version++;
        resize (t);
        return 1;
      }
  return 0;
}

/* ------------------------------------------------------------------ */
/* Lookup.  */

/* Entries of one hash that need equal? on a container, compared after
   the lock is released.  */
#define INLINE_CANDIDATES 8

struct probe
{
  struct entry *found;
  size_t version;
  size_t n, cap;
  struct entry **cand;
  SCM *keys;
  struct entry *inline_cand[INLINE_CANDIDATES];
  SCM inline_keys[INLINE_CANDIDATES];
};

/* 1 if K and KEY are the same under KIND, 0 if not, -1 if equal? must
   look inside containers (which may allocate).  */
static int
quick_match (enum kind kind, SCM k, SCM key)
{
  if (scm_is_eq (k, key))
    return 1;
  switch (kind)
    {
    case KIND_EQ:
      return 0;
    case KIND_EQV:
      return scm_is_eqv (k, key);
    case KIND_EQUAL:
      if ((scm_is_pair (key) && scm_is_pair (k))
          || (scm_is_vector (key) && scm_is_vector (k)))
        return -1;
      return scm_is_equal (k, key);
    default:
      return -1;                /* KIND_CUSTOM: every entry of the hash */
    }
}

/* Walk the entries of hash HASH with the lock held.  Return 0 if the
   candidates did not fit in P (P->n says how many there are).  */
static int
probe_locked (struct table *t, SCM key, SCM hash, enum kind kind,
              struct probe *p)
{
  p->found = NULL;
  p->n = 0;
  purge (t);
  p->version = t->version;
  for (struct entry *e = t->buckets[bucket_index (t, hash)]; e; e = e->next)
    {
      if (!scm_is_eq (e->hash, hash))
        continue;
      scm_t_bits k = entry_key (e);
      if (k == 0)
        continue;
      int m = quick_match (kind, SCM_PACK (k), key);
      if (m > 0)
        {
          p->found = e;
          return 1;
        }
      if (m < 0)
        {
          if (p->n < p->cap)
            {
              p->cand[p->n] = e;
              p->keys[p->n] = SCM_PACK (k);
            }
          p->n++;
        }
    }
  return p->n <= p->cap;
}

/* Collect the entries of HASH in T matching KEY under KIND: P->found
   is the match, or P->cand[0..n) the candidates (KIND_CUSTOM).  Takes
   and releases the lock.  */
static void
probe (struct table *t, SCM key, SCM hash, enum kind kind, struct probe *p)
{
  p->cap = INLINE_CANDIDATES;
  p->cand = p->inline_cand;
  p->keys = p->inline_keys;
  for (;;)
    {
      lock (t);
      int fits = probe_locked (t, key, hash, kind, p);
      unlock (t);
      if (fits)
        break;
      p->cap = 2 * p->n;
      p->cand = scm_i_alloc (p->cap * sizeof *p->cand);
      p->keys = scm_i_alloc (p->cap * sizeof *p->keys);
    }
}

/* The entry of KEY in T under KIND (not KIND_CUSTOM), or NULL; *VERSION
   the table's version when that was so.  */
static struct entry *
lookup (struct table *t, SCM key, SCM hash, enum kind kind, size_t *version)
{
  struct probe p;
  probe (t, key, hash, kind, &p);
  *version = p.version;
  if (p.found)
    return p.found;
  for (size_t i = 0; i < p.n; i++)
    if (scm_is_equal (p.keys[i], key))
      return p.cand[i];
  return NULL;
}

/* ------------------------------------------------------------------ */
/* The operations, for a given equality.  */

static SCM
key_hash (enum kind kind, SCM key)
{
  return SCM_MAKE_FIXNUM (stored_hash (hash_of (kind, key)));
}

static SCM
table_ref (SCM table, SCM key, SCM dflt, enum kind kind)
{
  size_t version;
  struct entry *e = lookup (TABLE (table), key, key_hash (kind, key), kind,
                            &version);
  return e ? e->value : dflt;
}

/* The entry of KEY, made with VALUE if there is none.  *CREATED says
   which.  */
static struct entry *
table_intern (SCM table, SCM key, SCM value, enum kind kind, int *created,
              const char *who)
{
  struct table *t = TABLE (table);
  SCM hash = key_hash (kind, key);
  for (;;)
    {
      size_t version;
      struct entry *e = lookup (t, key, hash, kind, &version);
      *created = e == NULL;
      if (e)
        return e;
      e = make_entry (t, key, value, SCM_FIXNUM_VALUE (hash), who);
      lock (t);
      if (t->version == version)
        {
          link_entry (t, e);
          unlock (t);
          scm_i_keep_alive (key);
          return e;
        }
      unlock (t);               /* changed meanwhile: look again */
    }
}

static void
table_set (SCM table, SCM key, SCM value, enum kind kind, const char *who)
{
  int created;
  struct entry *e = table_intern (table, key, value, kind, &created, who);
  if (!created)
    {
      /* Under the lock, as %hash-table-cas! compares and stores.  */
      struct table *t = TABLE (table);
      lock (t);
      e->value = value;
      unlock (t);
    }
}

/* Remove KEY; return its entry, or NULL.  */
static struct entry *
table_remove (SCM table, SCM key, enum kind kind)
{
  struct table *t = TABLE (table);
  SCM hash = key_hash (kind, key);
  for (;;)
    {
      size_t version;
      struct entry *e = lookup (t, key, hash, kind, &version);
      if (e == NULL)
        return NULL;
      lock (t);
      if (t->version == version)
        {
          unlink_entry (t, e);
          unlock (t);
          return e;
        }
      unlock (t);
    }
}

static void
refuse_weak_handle (SCM table, const char *who)
{
  if (table_weak (TABLE (table)))
    scm_c_raise_error ("wrong-type-arg", who,
                       "handle access not permitted on a weak table",
                       scm_list_1 (table));
}

/* (KEY . VALUE) for the entry E of TABLE: the entry itself, or a fresh
   pair for a weak table.  */
static SCM
entry_pair (SCM table, struct entry *e, SCM key)
{
  if (table_weak (TABLE (table)))
    return scm_cons (key, e->value);
  return entry_handle (e);
}

/* ------------------------------------------------------------------ */
/* Guile's procedures.  */

static size_t
size_arg (SCM size, int pos, const char *who)
{
  return SCM_UNBNDP (size) ? 0 : scm_i_index_arg (size, pos, who);
}

SCM
scm_c_make_hash_table (size_t size)
{
  return make_table (KIND_EQUAL, 0, size, SCM_BOOL_F, SCM_BOOL_F);
}

SCM_DEFINE (scm_make_hash_table, "make-hash-table", 0, 1, 0, (SCM size),
            "Return a new hash table with room for about @var{size}\n"
            "entries (it grows and shrinks as needed).  Its own equality,\n"
            "for SRFI 69 and 125, is @code{equal?}.")
{
  return scm_c_make_hash_table (size_arg (size, 1, "make-hash-table"));
}

SCM_DEFINE (scm_make_weak_key_hash_table, "make-weak-key-hash-table", 0, 1,
            0, (SCM size),
            "Return a new hash table whose entries go away once their key\n"
            "is otherwise unreachable.  Keys that are not heap objects\n"
            "(small integers, characters) stay.")
{
  return make_table (KIND_EQUAL, 1,
                     size_arg (size, 1, "make-weak-key-hash-table"),
                     SCM_BOOL_F, SCM_BOOL_F);
}

SCM_DEFINE (scm_hash_table_p, "hash-table?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a hash table.")
{
  return scm_from_bool (scm_is_hash_table (obj));
}

SCM_DEFINE (scm_hash_clear_x, "hash-clear!", 1, 0, 0, (SCM table),
            "Remove every entry of @var{table}.")
{
  check_mutable (table, 1, "hash-clear!");
  struct table *t = TABLE (table);
  struct entry **buckets = scm_i_alloc (t->min_buckets * sizeof *buckets);
  lock (t);
  t->buckets = buckets;
  t->nbuckets = t->min_buckets;
  t->count = 0;
  t->version++;
  unlock (t);
  return SCM_UNSPECIFIED;
}

size_t
scm_c_hash_table_count (SCM table)
{
  check_table (table, 1, "hash-table-size");
  struct table *t = TABLE (table);
  lock (t);
  purge (t);
  size_t n = t->count;
  unlock (t);
  return n;
}

/* The ref, set!, remove!, get-handle and create-handle! of one
   equality.  */
#define DEFINE_FAMILY(PREFIX, NAME, KIND, WHAT)				\
  SCM_DEFINE (scm_##PREFIX##_ref, NAME "-ref", 2, 1, 0,			\
              (SCM table, SCM key, SCM dflt),				\
              "Return the value of @var{key} in @var{table} (compared\n" \
              "with @code{" WHAT "}), or @var{dflt} (default @code{#f}).") \
  {									\
    check_table (table, 1, NAME "-ref");				\
    return table_ref (table, key, SCM_UNBNDP (dflt) ? SCM_BOOL_F : dflt, \
                      KIND);						\
  }									\
  SCM_DEFINE (scm_##PREFIX##_set_x, NAME "-set!", 3, 0, 0,		\
              (SCM table, SCM key, SCM value),				\
              "Set the value of @var{key} in @var{table} (compared with\n" \
              "@code{" WHAT "}) to @var{value}.")				\
  {									\
    check_mutable (table, 1, NAME "-set!");				\
    table_set (table, key, value, KIND, NAME "-set!");			\
    return SCM_UNSPECIFIED;						\
  }									\
  SCM_DEFINE (scm_##PREFIX##_remove_x, NAME "-remove!", 2, 0, 0,	\
              (SCM table, SCM key),					\
              "Remove @var{key} (compared with @code{" WHAT "}) from\n"	\
              "@var{table}.  Return its entry, @code{(key . value)}, or\n" \
              "@code{#f} if it had none.")				\
  {									\
    check_mutable (table, 1, NAME "-remove!");				\
    struct entry *e = table_remove (table, key, KIND);			\
    return e ? entry_pair (table, e, key) : SCM_BOOL_F;			\
  }									\
  SCM_DEFINE (scm_##PREFIX##_get_handle, NAME "-get-handle", 2, 0, 0,	\
              (SCM table, SCM key),					\
              "Return the handle of @var{key} (compared with\n"		\
              "@code{" WHAT "}) in @var{table}: the pair\n"		\
              "@code{(key . value)} whose cdr is the value, or @code{#f}.\n" \
              "Not permitted on a weak table.")				\
  {									\
    check_table (table, 1, NAME "-get-handle");				\
    refuse_weak_handle (table, NAME "-get-handle");			\
    size_t version;							\
    struct entry *e = lookup (TABLE (table), key, key_hash (KIND, key),	\
                              KIND, &version);				\
    return e ? entry_handle (e) : SCM_BOOL_F;				\
  }									\
  SCM_DEFINE (scm_##PREFIX##_create_handle_x, NAME "-create-handle!", 3,	\
              0, 0, (SCM table, SCM key, SCM init),			\
              "Return the handle of @var{key} (compared with\n"		\
              "@code{" WHAT "}) in @var{table}, adding @var{key} with the\n" \
              "value @var{init} if it has none.  Not permitted on a weak\n" \
              "table.")							\
  {									\
    check_mutable (table, 1, NAME "-create-handle!");			\
    refuse_weak_handle (table, NAME "-create-handle!");			\
    int created;							\
    return entry_handle (table_intern (table, key, init, KIND, &created,	\
                                       NAME "-create-handle!"));	\
  }

DEFINE_FAMILY (hashq, "hashq", KIND_EQ, "eq?")
DEFINE_FAMILY (hashv, "hashv", KIND_EQV, "eqv?")
DEFINE_FAMILY (hash, "hash", KIND_EQUAL, "equal?")

/* ------------------------------------------------------------------ */
/* Hash functions as procedures.  */

unsigned long
scm_ihashq (SCM obj, unsigned long n)
{
  return n == 0 ? 0 : hash_eq (obj) % n;
}

unsigned long
scm_ihashv (SCM obj, unsigned long n)
{
  return n == 0 ? 0 : hash_eqv (obj) % n;
}

unsigned long
scm_ihash (SCM obj, unsigned long n)
{
  return n == 0 ? 0 : hash_equal (obj) % n;
}

/* H reduced to [0, SIZE), or to [0, 2^32) if SIZE is not given.  */
static SCM
bounded (uint64_t h, SCM size, int pos, const char *who)
{
  if (SCM_UNBNDP (size))
    return SCM_MAKE_FIXNUM (h % HASH_BOUND);
  SCM_ASSERT_TYPE (SCM_FIXNUM_P (size), size, pos, who,
                   "exact positive integer");
  if (SCM_FIXNUM_VALUE (size) <= 0)
    scm_i_out_of_range (who, pos, size);
  return SCM_MAKE_FIXNUM (h % (uint64_t) SCM_FIXNUM_VALUE (size));
}

SCM_DEFINE (scm_hashq, "hashq", 1, 1, 0, (SCM obj, SCM size),
            "Return a hash of @var{obj} for @code{eq?}, in\n"
            "[0, @var{size}) (without @var{size}, [0, 2^32)).")
{
  return bounded (hash_eq (obj), size, 2, "hashq");
}

SCM_DEFINE (scm_hashv, "hashv", 1, 1, 0, (SCM obj, SCM size),
            "Return a hash of @var{obj} for @code{eqv?}, in\n"
            "[0, @var{size}) (without @var{size}, [0, 2^32)).")
{
  return bounded (hash_eqv (obj), size, 2, "hashv");
}

SCM_DEFINE (scm_hash, "hash", 1, 1, 0, (SCM obj, SCM size),
            "Return a hash of @var{obj} for @code{equal?}, in\n"
            "[0, @var{size}) (without @var{size}, [0, 2^32)).  Numbers\n"
            "that are @code{=} hash alike.  Only a bounded part of a\n"
            "structure is looked at, so circular ones hash too.")
{
  return bounded (hash_equal (obj), size, 2, "hash");
}

SCM_DEFINE (scm_equal_hash, "equal-hash", 1, 0, 0, (SCM obj),
            "Return @code{(hash @var{obj})}: a hash for @code{equal?},\n"
            "in [0, 2^32).")
{
  return bounded (hash_equal (obj), SCM_UNDEFINED, 0, "equal-hash");
}

static SCM
string_hash (SCM str, SCM size, SCM start, SCM end, int fold,
             const char *who)
{
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, who, "string");
  size_t from, to;
  scm_i_range_args (start, end, scm_i_string_length (str), 3, who, &from,
                    &to);
  if (fold)
    {
      if (from != 0 || to != scm_i_string_length (str))
        str = scm_substring (str, scm_from_size_t (from),
                             scm_from_size_t (to));
      str = scm_string_foldcase (str);
      from = 0;
      to = scm_i_string_length (str);
    }
  return bounded (hash_stringbuf (scm_i_string_buf (str), from, to), size,
                  2, who);
}

SCM_DEFINE (scm_string_hash, "string-hash", 1, 3, 0,
            (SCM str, SCM size, SCM start, SCM end),
            "Return a hash of the characters of @var{str} from\n"
            "@var{start} to @var{end}, in [0, @var{size}) (without\n"
            "@var{size}, [0, 2^32)).  The whole string hashes as\n"
            "@code{hash} hashes it.")
{
  return string_hash (str, size, start, end, 0, "string-hash");
}

SCM_DEFINE (scm_string_ci_hash, "string-ci-hash", 1, 3, 0,
            (SCM str, SCM size, SCM start, SCM end),
            "Return a hash of @var{str} (from @var{start} to @var{end})\n"
            "case-folded, so that strings that are @code{string-ci=?}\n"
            "hash alike, in [0, @var{size}) (without @var{size},\n"
            "[0, 2^32)).")
{
  return string_hash (str, size, start, end, 1, "string-ci-hash");
}

SCM_DEFINE (scm_symbol_hash, "symbol-hash", 1, 1, 0, (SCM sym, SCM size),
            "Return a hash of symbol @var{sym}'s name, in [0, @var{size})\n"
            "(without @var{size}, [0, 2^32)).  It is @code{hash}'s hash\n"
            "of @var{sym}.")
{
  SCM_ASSERT_TYPE (scm_is_symbol (sym), sym, 1, "symbol-hash", "symbol");
  return bounded (hash_equal (sym), size, 2, "symbol-hash");
}

/* ------------------------------------------------------------------ */
/* Internal primitives for the prelude and the SRFI libraries.  */

/* WHO, in the internal primitives, is the name of the procedure that
   called them, or (NAME . POS) when the table is its argument POS.  */
static const char *
who_arg (SCM who)
{
  if (scm_is_pair (who))
    who = SCM_CAR (who);
  if (scm_is_symbol (who))
    return scm_i_to_utf8_stringn (scm_symbol_to_string (who), NULL);
  return "hash table";
}

static int
who_pos (SCM who)
{
  if (scm_is_pair (who) && SCM_FIXNUM_P (SCM_CDR (who)))
    return (int) SCM_FIXNUM_VALUE (SCM_CDR (who));
  return 1;
}

SCM_SYMBOL (sym_eq, "eq");
SCM_SYMBOL (sym_eqv, "eqv");
SCM_SYMBOL (sym_equal, "equal");
SCM_SYMBOL (sym_custom, "custom");

SCM_DEFINE (scm_i_make_hash_table, "%make-hash-table", 5, 0, 0,
            (SCM kind, SCM weak, SCM size, SCM equiv, SCM hashfn),
            "Return a new table of @var{kind} (@code{eq}, @code{eqv},\n"
            "@code{equal} or @code{custom}), weak-keyed if @var{weak} is\n"
            "true, for about @var{size} entries, which reports\n"
            "@var{equiv} and @var{hashfn} as its equality and hash.")
{
  enum kind k;
  if (scm_is_eq (kind, sym_eq))
    k = KIND_EQ;
  else if (scm_is_eq (kind, sym_eqv))
    k = KIND_EQV;
  else if (scm_is_eq (kind, sym_equal))
    k = KIND_EQUAL;
  else if (scm_is_eq (kind, sym_custom))
    k = KIND_CUSTOM;
  else
    scm_wrong_type_arg_msg ("%make-hash-table", 1, kind, "table kind");
  if (k == KIND_CUSTOM && scm_is_true (weak))
    scm_c_raise_error ("wrong-type-arg", "%make-hash-table",
                       "weak tables need eq?, eqv? or equal?", SCM_EOL);
  return make_table (k, scm_is_true (weak),
                     size_arg (size, 3, "%make-hash-table"), equiv, hashfn);
}

SCM_DEFINE (scm_i_hash_table_info, "%hash-table-info", 2, 0, 0,
            (SCM table, SCM what),
            "Return what @var{what} asks of @var{table}: 0 its kind, 1 if\n"
            "it is weak, 2 if mutable, 3 its equality, 4 its hash.")
{
  check_table (table, 1, "%hash-table-info");
  struct table *t = TABLE (table);
  switch (SCM_FIXNUM_P (what) ? SCM_FIXNUM_VALUE (what) : -1)
    {
    case 0:
      {
        static SCM *const kinds[] = { &sym_eq, &sym_eqv, &sym_equal,
                                      &sym_custom };
        return *kinds[table_kind (t)];
      }
    case 1: return scm_from_bool (table_weak (t));
    case 2: return scm_from_bool (!(SCM_OBJ_FLAGS (table) & FLAG_IMMUTABLE));
    case 3: return t->equiv;
    case 4: return t->hashfn;
    default: scm_i_out_of_range ("%hash-table-info", 2, what);
    }
}

/* The table's kind, which must not be custom.  */
static enum kind
own_kind (SCM table, SCM who)
{
  check_table (table, who_pos (who), who_arg (who));
  enum kind k = table_kind (TABLE (table));
  if (k == KIND_CUSTOM)
    scm_c_raise_error ("wrong-type-arg", who_arg (who),
                       "table with a hash function of its own",
                       scm_list_1 (table));
  return k;
}

SCM_DEFINE (scm_i_hash_table_ref, "%hash-table-ref", 4, 0, 0,
            (SCM table, SCM key, SCM dflt, SCM who),
            "Return the value of @var{key} in @var{table} under the\n"
            "table's own equality, or @var{dflt}.")
{
  return table_ref (table, key, dflt, own_kind (table, who));
}

SCM_DEFINE (scm_i_hash_table_set_x, "%hash-table-set!", 4, 0, 0,
            (SCM table, SCM key, SCM value, SCM who),
            "Set @var{key} to @var{value} in @var{table} under the\n"
            "table's own equality.")
{
  enum kind k = own_kind (table, who);
  check_mutable (table, who_pos (who), who_arg (who));
  table_set (table, key, value, k, who_arg (who));
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_i_hash_table_delete_x, "%hash-table-delete!", 3, 0, 0,
            (SCM table, SCM key, SCM who),
            "Remove @var{key} from @var{table} under the table's own\n"
            "equality; return @code{#t} if it was there.")
{
  enum kind k = own_kind (table, who);
  check_mutable (table, who_pos (who), who_arg (who));
  return scm_from_bool (table_remove (table, key, k) != NULL);
}

SCM_DEFINE (scm_i_hash_table_size, "%hash-table-size", 1, 0, 0,
            (SCM table),
            "Return the number of entries of @var{table}.")
{
  return scm_from_size_t (scm_c_hash_table_count (table));
}

/* T's live entries as they are now: a fresh array of 2 * *N words,
   each key (revealed) then its entry.  */
static SCM *
snapshot (struct table *t, size_t *n)
{
  for (;;)
    {
      size_t cap = t->count + 1;
      SCM *v = scm_i_alloc (2 * cap * sizeof *v);
      size_t k = 0;
      lock (t);
      purge (t);
      int fits = t->count < cap;
      for (size_t i = 0; fits && i < t->nbuckets; i++)
        for (struct entry *e = t->buckets[i]; e; e = e->next)
          {
            scm_t_bits key = entry_key (e);
            if (key == 0)
              continue;
            v[2 * k] = SCM_PACK (key);
            v[2 * k + 1] = SCM_PACK_POINTER (e);
            k++;
          }
      unlock (t);
      if (fits)
        {
          *n = k;
          return v;
        }
    }
}

static struct entry *
snapshot_entry (SCM *v, size_t i)
{
  return (struct entry *) SCM_UNPACK_POINTER (v[2 * i + 1]);
}

SCM_DEFINE (scm_i_hash_table_entries, "%hash-table-entries", 2, 0, 0,
            (SCM table, SCM who),
            "Return a list of the entries of @var{table} as they are now:\n"
            "its handles, or for a weak table fresh @code{(key . value)}\n"
            "pairs.")
{
  check_table (table, who_pos (who), who_arg (who));
  size_t n;
  SCM *v = snapshot (TABLE (table), &n);
  SCM list = SCM_EOL;
  for (size_t i = n; i-- > 0;)
    list = scm_cons (entry_pair (table, snapshot_entry (v, i), v[2 * i]),
                     list);
  return list;
}

static SCM
hash_arg (SCM hash, const char *who)
{
  if (!SCM_FIXNUM_P (hash) || SCM_FIXNUM_VALUE (hash) < 0)
    scm_c_raise_error ("wrong-type-arg", who,
                       "hash function returned a value that is not an "
                       "exact nonnegative integer", scm_list_1 (hash));
  return hash;
}

SCM_DEFINE (scm_i_hash_table_check_x, "%hash-table-check!", 3, 0, 0,
            (SCM table, SCM who, SCM mutable),
            "Raise the error of procedure @var{who} unless @var{table} is a\n"
            "hash table, and a mutable one if @var{mutable} is true.")
{
  if (scm_is_true (mutable))
    check_mutable (table, who_pos (who), who_arg (who));
  else
    check_table (table, who_pos (who), who_arg (who));
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_i_hash_table_bucket, "%hash-table-bucket", 3, 0, 0,
            (SCM table, SCM hash, SCM who),
            "Return a list of the handles of @var{table} whose hash is\n"
            "@var{hash} (a value its hash function returned).")
{
  check_table (table, who_pos (who), who_arg (who));
  refuse_weak_handle (table, who_arg (who));
  struct probe p;
  probe (TABLE (table), SCM_BOOL_F, hash_arg (hash, who_arg (who)),
         KIND_CUSTOM, &p);
  SCM list = SCM_EOL;
  for (size_t i = p.n; i-- > 0;)
    list = scm_cons (entry_handle (p.cand[i]), list);
  return list;
}

SCM_DEFINE (scm_i_hash_table_insert_x, "%hash-table-insert!", 5, 0, 0,
            (SCM table, SCM hash, SCM key, SCM value, SCM who),
            "Add a new entry for @var{key} with @var{value} and hash\n"
            "@var{hash} to @var{table}, which has none; return its handle.")
{
  const char *w = who_arg (who);
  check_mutable (table, who_pos (who), w);
  struct table *t = TABLE (table);
  struct entry *e = make_entry (t, key, value,
                                SCM_FIXNUM_VALUE (hash_arg (hash, w)), w);
  lock (t);
  link_entry (t, e);
  unlock (t);
  return table_weak (t) ? scm_cons (key, value) : entry_handle (e);
}

/* ------------------------------------------------------------------ */
/* Compare and set: what makes hash-table-update! atomic.  The updater
   is the program's procedure, so no lock can be held while it runs;
   the update reads the value, calls it, and stores its result only if
   the value is still the one it read, or starts again.  */

SCM_DEFINE (scm_i_hash_table_cas_x, "%hash-table-cas!", 6, 0, 0,
            (SCM table, SCM key, SCM old, SCM new_value, SCM absent,
             SCM who),
            "Set @var{key} to @var{new-value} in @var{table} (not of kind\n"
            "custom) if its value is still @var{old} (@code{eq?}), or, if\n"
            "@var{old} is @var{absent}, if it still has none; return\n"
            "whether it did.")
{
  enum kind k = own_kind (table, who);
  const char *w = who_arg (who);
  check_mutable (table, who_pos (who), w);
  struct table *t = TABLE (table);
  SCM hash = key_hash (k, key);
  struct entry *fresh = NULL;
  for (;;)
    {
      size_t version;
      struct entry *e = lookup (t, key, hash, k, &version);
      if (e == NULL && !scm_is_eq (old, absent))
        return SCM_BOOL_F;
      if (e == NULL && fresh == NULL)
        fresh = make_entry (t, key, new_value, SCM_FIXNUM_VALUE (hash), w);
      lock (t);
      if (t->version != version)
        {
          unlock (t);           /* entries came or went: look again */
          continue;
        }
      int done = 1;
      if (e == NULL)
        link_entry (t, fresh);
      else if (scm_is_eq (e->value, old))
        e->value = new_value;
      else
        done = 0;
      unlock (t);
      scm_i_keep_alive (key);
      return scm_from_bool (done);
    }
}

SCM_DEFINE (scm_i_hash_table_version, "%hash-table-version", 1, 0, 0,
            (SCM table),
            "Return a number that changes whenever an entry is added to\n"
            "or removed from @var{table}.")
{
  check_table (table, 1, "%hash-table-version");
  struct table *t = TABLE (table);
  lock (t);
  size_t v = t->version;
  unlock (t);
  return scm_from_size_t (v);
}

SCM_DEFINE (scm_i_hash_table_handle_cas_x, "%hash-table-handle-cas!", 4, 0,
            0, (SCM table, SCM handle, SCM old, SCM new_value),
            "Set the value of @var{handle} (of custom @var{table}) to\n"
            "@var{new-value} if it is still @var{old}; return whether it\n"
            "did.")
{
  check_table (table, 1, "%hash-table-handle-cas!");
  SCM_ASSERT_TYPE (scm_is_pair (handle), handle, 2, "%hash-table-handle-cas!",
                   "pair");
  struct table *t = TABLE (table);
  lock (t);
  int done = scm_is_eq (SCM_CDR (handle), old);
  if (done)
    SCM_SETCDR (handle, new_value);
  unlock (t);
  return scm_from_bool (done);
}

SCM_DEFINE (scm_i_hash_table_insert_if_x, "%hash-table-insert-if!", 6, 0, 0,
            (SCM table, SCM hash, SCM key, SCM value, SCM version, SCM who),
            "Add an entry for @var{key} with @var{value} and hash\n"
            "@var{hash} to custom @var{table} if its version is still\n"
            "@var{version} (no entry came or went since the caller found\n"
            "none for @var{key}); return whether it did.")
{
  const char *w = who_arg (who);
  check_mutable (table, who_pos (who), w);
  struct table *t = TABLE (table);
  size_t want = scm_to_size_t (version);
  struct entry *e = make_entry (t, key, value,
                                SCM_FIXNUM_VALUE (hash_arg (hash, w)), w);
  lock (t);
  int done = t->version == want;
  if (done)
    link_entry (t, e);
  unlock (t);
  return scm_from_bool (done);
}

SCM_DEFINE (scm_i_hash_table_remove_handle_x, "%hash-table-remove-handle!",
            3, 0, 0, (SCM table, SCM handle, SCM who),
            "Remove the entry whose handle is @var{handle} from\n"
            "@var{table}; return @code{#t} if it was there.")
{
  check_mutable (table, who_pos (who), who_arg (who));
  refuse_weak_handle (table, who_arg (who));
  if (!scm_is_pair (handle) || GC_size (SCM_UNPACK_POINTER (handle))
      < sizeof (struct entry))
    return SCM_BOOL_F;
  struct table *t = TABLE (table);
  lock (t);
  int done = unlink_entry (t, (struct entry *) SCM_UNPACK_POINTER (handle));
  unlock (t);
  return scm_from_bool (done);
}

SCM_DEFINE (scm_i_hash_table_copy, "%hash-table-copy", 2, 0, 0,
            (SCM table, SCM mutable),
            "Return a copy of @var{table}, immutable unless\n"
            "@var{mutable} is true.")
{
  check_table (table, 1, "hash-table-copy");
  struct table *t = TABLE (table);
  size_t n;
  SCM *v = snapshot (t, &n);
  SCM copy = make_table (table_kind (t), table_weak (t), n, t->equiv,
                         t->hashfn);
  struct table *c = TABLE (copy);
  for (size_t i = 0; i < n; i++)
    {
      struct entry *e = snapshot_entry (v, i);
      struct entry *ne = make_entry (c, v[2 * i], e->value,
                                     SCM_FIXNUM_VALUE (e->hash),
                                     "hash-table-copy");
      lock (c);
      link_entry (c, ne);
      unlock (c);
    }
  if (scm_is_false (mutable))
    c->header |= (scm_t_bits) FLAG_IMMUTABLE << 8;
  return copy;
}

SCM_DEFINE (scm_i_hash_error, "%hash-error", 4, 0, 0,
            (SCM who, SCM pos, SCM obj, SCM expected),
            "Raise the wrong-type-arg error of procedure @var{who}: argument\n"
            "@var{pos}, @var{obj}, is not @var{expected} (a string).")
{
  SCM_ASSERT_TYPE (scm_is_string (expected), expected, 4, "%hash-error",
                   "string");
  scm_wrong_type_arg_msg (who_arg (who), SCM_FIXNUM_P (pos)
                      ? (int) SCM_FIXNUM_VALUE (pos) : 0, obj,
                      scm_i_to_utf8_stringn (expected, NULL));
}

void
scm_init_hashtables (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "values/hashtables.x"
#endif
}
