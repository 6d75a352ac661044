/* image-writer.c -- write the compiled prelude as C static initialisers
   SPDX-License-Identifier: LGPL-3.0-or-later

   At build time, snarf/scm-image (a program linked with every object of
   the library but the image) starts libscm, which compiles the prelude
   (module/scm/boot.scm) as it does without an image, then calls
   scm_i_write_prelude_image.  That walks every object the prelude's
   definitions reach and writes each as a C array of words: the
   generated prelude-image.c, which the library proper is linked with
   (prelude-image.h; image.c installs it at init).

   The walk is generic: a heap object is copied word by word (libgc
   knows its size, and whether it holds pointers at all), and each word
   of an object that may hold pointers is classified by its value: a
   pointer to (or into) another heap object becomes a reference to that
   object's copy; a pointer to a static symbol, keyword or string of the
   library becomes a copy of it (the image's symbols are interned before
   any other, so they are the canonical ones); a pointer to a static
   subr becomes a reference to it by name (subr-index.c, generated from
   the snarfed .x files, maps addresses to names); anything else is a
   number.  Code objects are walked instruction by instruction: an
   instruction word is the address of its implementation in vm_run,
   written as scm_i_vm_code_base plus its offset, and jump operands
   point into the same object.  Objects are const, so they land in
   .data.rel.ro, inside GNU_RELRO; variables (and boxes) are the only
   writable objects, in .data, but for the libraries' blocks and the
   core variables that never hold a heap object, in the section
   scm_libvars, which the collector does not scan.

   This file is the walk and the entry point; image-emit.c writes what
   the walk found.  The walk and the emission serve a user image too:
   what only that has (references into libscm's static data, its
   symbols' sites, its files' text) is image/user-image-writer.c;
   image-writer-internal.h is the state and the steps the three files
   share.  */

#include "runtime/scm-internal.h"
#include "vm/vm-internal.h"
#include "expand/ast-internal.h"
#include "expand/expand-internal.h"
#include "modules/modules-internal.h"
#include "values/hashtab-internal.h"
#include "values/strings-internal.h"
#include "image/image-internal.h"
#include "image/image-writer-internal.h"
#include "values/symbols-internal.h"

#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gc/gc_mark.h>
#include <libscm/conditions.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/print.h>
#include <libscm/vectors.h>
#include <libscm/bytevectors.h>
#include <libscm/records.h>
#include <libscm/modules.h>

/* ------------------------------------------------------------------ */
/* The layouts of raw blocks (image-writer-internal.h has the
   objects' and the writer's types).  */

/* Whether word K of block P (of LAYOUT) holds a pointer.  */
int
scm_i_writer_layout_pointer_word_p (int layout, const scm_t_bits *p, size_t k)
{
  if (layout == LAYOUT_SRCMAP)
    return k == (offsetof (struct scm_i_srcmap, entries)
                 + scm_i_srcmap_count ((const void *) p)
                 * sizeof (struct scm_i_srcmap_entry)) / sizeof *p;
  const struct scm_i_code_debug *d = (const void *) p;
  size_t first = offsetof (struct scm_i_code_debug, locals) / sizeof *p;
  size_t stride = sizeof d->locals[0] / sizeof *p;
  if (k < offsetof (struct scm_i_code_debug, count) / sizeof *p)
    return 1;
  return k >= first && k < first + d->count * stride
    && (k - first) % stride
       == offsetof (struct scm_i_local_entry, name) / sizeof *p;
}

static int
compare_words (const void *a, const void *b)
{
  scm_t_bits x = *(const scm_t_bits *) a, y = *(const scm_t_bits *) b;
  return x < y ? -1 : x > y;
}

void
scm_i_writer_collect_library_variables (struct writer *w, SCM libraries)
{
  size_t n = 0;
  for (SCM l = libraries; scm_is_pair (l); l = SCM_CDR (l))
    n += SCM_I_MODULE (SCM_CDR (SCM_CAR (l)))->table.count;
  w->lib_vars = calloc (n + 1, sizeof *w->lib_vars);
  w->n_lib_vars = 0;
  for (SCM l = libraries; w->lib_vars != NULL && scm_is_pair (l);
       l = SCM_CDR (l))
    {
      struct scm_i_eqtab *t = &SCM_I_MODULE (SCM_CDR (SCM_CAR (l)))->table;
      for (size_t k = 0; k < t->capacity; k++)
        if (t->slots[2 * k] != 0
            && scm_is_variable (SCM_PACK (t->slots[2 * k + 1])))
          w->lib_vars[w->n_lib_vars++] = t->slots[2 * k + 1];
    }
  qsort (w->lib_vars, w->n_lib_vars, sizeof *w->lib_vars, compare_words);
}

static int
compare_cap_vars (const void *a, const void *b)
{
  return compare_words (&((const struct cap_var *) a)->addr,
                        &((const struct cap_var *) b)->addr);
}

/* The core's variables that need a capability, by the names
   modules.c gives one at each start (the generator runs without).  */
void
scm_i_writer_collect_capability_variables (struct writer *w)
{
  const struct scm_i_eqtab *t = &SCM_I_MODULE (scm_i_core_module ())->table;
  w->cap_vars = calloc (2 * t->count + 1, sizeof *w->cap_vars);
  w->n_cap_vars = 0;
  for (size_t k = 0; w->cap_vars != NULL && k < t->capacity; k++)
    {
      SCM key = SCM_PACK (t->slots[2 * k]);
      if (SCM_UNPACK (key) == 0 || !scm_is_symbol (key))
        continue;
      unsigned cap = scm_i_core_name_capability (key);
      scm_t_bits v = t->slots[2 * k + 1];
      if (cap == 0 || !scm_is_variable (SCM_PACK (v)))
        continue;
      /* The variable, and its value: a library that kept the value
         itself ((define my-open open-input-file)) reaches it too.  */
      w->cap_vars[w->n_cap_vars++] = (struct cap_var) { v, cap };
      scm_t_bits val = SCM_CELL_WORD (SCM_PACK (v), 1);
      if (SCM_HEAP_OBJECT_P (SCM_PACK (val)))
        w->cap_vars[w->n_cap_vars++] = (struct cap_var) { val, cap };
    }
  qsort (w->cap_vars, w->n_cap_vars, sizeof *w->cap_vars, compare_cap_vars);
}

static void describe_path (struct writer *w, SCM obj);

/* Set while the walk notes the bindings of a library module's table:
   those it imported are looked up through it, and a lookup hides from
   an instance what it may not reach (scm_i_binding_visible); only what
   the library's code and data hold counts for its capabilities.  */
static int noting_module_table;

/* The library being walked reaches X: the capability X needs, if it is
   a core variable that needs one, is the library's too.  */
static void
note_capability (struct writer *w, scm_t_bits x)
{
  struct cap_var key = { x, 0 };
  const struct cap_var *c
    = bsearch (&key, w->cap_vars, w->n_cap_vars, sizeof *w->cap_vars,
               compare_cap_vars);
  if (c != NULL)
    {
      if (getenv ("SCM_IMAGE_CAPS") != NULL
          && !(w->libs[w->lib].caps & c->cap))
        {
          fprintf (stderr, "scm-image: %s needs capability %#x:\n",
                   scm_i_to_utf8_stringn (w->libs[w->lib].path, NULL), c->cap);
          describe_path (w, SCM_BOOL_F);
        }
      w->libs[w->lib].caps |= c->cap;
    }
}

void
scm_i_writer_fail (struct writer *w, const char *fmt, scm_t_bits x)
{
  fprintf (stderr, w->lib >= 0 ? "scm-image: note: " : "scm-image: ");
  fprintf (stderr, fmt, (unsigned long) x);
  fprintf (stderr, "\n");
  w->errors++;
}

static size_t
table_slot (struct writer *w, scm_t_bits addr)
{
  size_t mask = w->table_size - 1;
  size_t i = scm_i_hash_word (addr) & mask;
  while (w->keys[i] != 0 && w->keys[i] != addr)
    i = (i + 1) & mask;
  return i;
}

/* Double the address table; -1 (the table unchanged) if memory ran
   out.  */
static int
grow_table (struct writer *w)
{
  size_t size = w->table_size == 0 ? 4096 : 2 * w->table_size;
  scm_t_bits *keys = calloc (size, sizeof *keys);
  size_t *vals = calloc (size, sizeof *vals);
  if (keys == NULL || vals == NULL)
    {
      free (keys);
      free (vals);
      return -1;
    }
  scm_t_bits *old_keys = w->keys;
  size_t *old_vals = w->vals, old_size = w->table_size;
  w->keys = keys, w->vals = vals, w->table_size = size;
  for (size_t i = 0; i < old_size; i++)
    if (old_keys[i] != 0)
      {
        size_t j = table_slot (w, old_keys[i]);
        w->keys[j] = old_keys[i];
        w->vals[j] = old_vals[i];
      }
  free (old_keys);
  free (old_vals);
  return 0;
}

/* The index of the object at ADDR, or -1.  0 is no address (and the
   key of every empty slot): an operand word 0 must not find one.  */
long
scm_i_writer_find (struct writer *w, scm_t_bits addr)
{
  if (w->table_size == 0 || addr == 0)
    return -1;
  size_t i = table_slot (w, addr);
  return w->keys[i] == addr ? (long) w->vals[i] - 1 : -1;
}

/* The object being walked: the parent of what it points to.  */
static long walking = -1;

/* Enter O; its index, or -1 (the writer fails) if memory ran out.  */
/* Set while the walk notes what a module's name and exports, or a code
   object's header, point to: data that is never changed.  */
static int fixing;

/* Whether what the object being walked holds is fixed too: not
   through a variable (or any writable object), whose value the program
   may change, even if the variable itself was reached from fixed data
   (a library's export list names its variables).  */
static int
inherits_fixed (struct writer *w)
{
  return walking >= 0 && w->objs[walking].fixed && !w->objs[walking].writable;
}

long
scm_i_writer_add (struct writer *w, struct obj o)
{
  o.parent = walking;
  o.lib = w->lib;
  o.fixed = w->lib >= 0 && (fixing || inherits_fixed (w));
  if (2 * (w->count + 1) > w->table_size && grow_table (w) != 0)
    {
      scm_i_writer_fail (w, "out of memory after %lu objects", w->count);
      return -1;
    }
  if (w->count == w->capacity)
    {
      size_t capacity = w->capacity == 0 ? 1024 : 2 * w->capacity;
      struct obj *objs = realloc (w->objs, capacity * sizeof *objs);
      if (objs == NULL)
        {
          scm_i_writer_fail (w, "out of memory after %lu objects", w->count);
          return -1;
        }
      w->objs = objs, w->capacity = capacity;
    }
  w->objs[w->count] = o;
  size_t i = table_slot (w, o.addr);
  w->keys[i] = o.addr;
  w->vals[i] = w->count + 1;
  return (long) w->count++;
}

/* ------------------------------------------------------------------ */
/* Classifying a word.  */

int
scm_i_writer_is_static (struct writer *w, scm_t_bits x)
{
  return x >= w->static_lo && x < w->static_hi && (x & 7) == 0;
}

static const char *
subr_name (struct writer *w, scm_t_bits x)
{
  for (size_t i = 0; i < w->nsubrs; i++)
    if ((scm_t_bits) w->subrs[i].subr == x)
      return w->subrs[i].name;
  return NULL;
}

static size_t
static_words (scm_t_bits x)
{
  SCM obj = SCM_PACK (x);
  switch (SCM_HEADER_TC8 (SCM_HEADER (obj)))
    {
    case scm_tc8_symbol:
    case scm_tc8_keyword:
    case scm_tc8_string:
      return 2;
    case scm_tc8_stringbuf:
      {
        size_t len = scm_i_stringbuf_length (obj);
        size_t bytes = scm_i_stringbuf_is_wide (obj) ? 4 * len : len + 1;
        return 1 + (bytes + 7) / 8;
      }
    default:
      return 0;
    }
}

/* Whether OBJ, a heap object with pointers, may be changed by the
   program: then it cannot be read-only.  Literal constants are
   immutable; code, closures, symbols, macros and record types are.  */
static int
mutable_object (SCM obj)
{
  if (scm_is_pair (obj))
    return !scm_i_is_immutable_pair (obj);
  int flags = SCM_HEADER_FLAGS (SCM_HEADER (obj));
  switch (SCM_HEADER_TC8 (SCM_HEADER (obj)))
    {
    case scm_tc8_vector:
      return !(flags & SCM_VECTOR_FLAG_IMMUTABLE);
    case scm_tc8_string:
      return !(flags & SCM_STRING_FLAG_IMMUTABLE);
    case scm_tc8_bytevector:
      return !(flags & SCM_BYTEVECTOR_FLAG_IMMUTABLE);
    case scm_tc8_record:
      return !scm_is_record_type (obj);
    case scm_tc8_hashtable:
    case scm_tc8_port:
    case scm_tc8_weak_box:
    case scm_tc8_foreign:
    case scm_tc8_environment:
      return 1;
    default:
      return 0;
    }
}

static const char *
type_name (struct obj *o)
{
  static char buf[32];
  SCM x = SCM_PACK (o->addr);
  if (o->kind == OBJ_SUBR)
    return "subr (named)";
  if (o->atomic && o->kind == OBJ_HEAP)
    return "pointer-free block";
  if (scm_is_pair (x))
    return "pair";
  snprintf (buf, sizeof buf, "tc8 %#x", (unsigned) SCM_HEADER_TC8 (SCM_HEADER (x)));
  return buf;
}

static void
describe (SCM obj)
{
  /* Only what prints without reading an object's state: a module, a
     port or a table of the generator's own need not print.  */
  int tc8 = SCM_HEAP_OBJECT_P (obj) && !scm_is_pair (obj)
    ? (int) SCM_HEADER_TC8 (SCM_HEADER (obj)) : -1;
  if (SCM_HEAP_OBJECT_P (obj) && tc8 != scm_tc8_symbol
      && tc8 != scm_tc8_string && tc8 != scm_tc8_keyword)
    {
      if (scm_is_pair (obj))
        fprintf (stderr, "  a pair\n");
      else
        fprintf (stderr, "  an object of tc8 %#x\n", (unsigned) tc8);
      return;
    }
  char *text = scm_c_write_to_utf8 (obj);
  fprintf (stderr, "  %.200s\n", text);
}

/* Say where OBJ was found: each object up to the root.  */
static void
describe_path (struct writer *w, SCM obj)
{
  describe (obj);
  for (long k = walking; k >= 0; k = w->objs[k].parent)
    {
      SCM x = SCM_PACK (w->objs[k].addr);
      fprintf (stderr, "  in o%ld, %s", k, type_name (&w->objs[k]));
      if (w->objs[k].kind == OBJ_HEAP && !w->objs[k].atomic
          && !scm_is_pair (x) && SCM_HEADER_TC8 (SCM_HEADER (x)) == scm_tc8_code)
        describe (SCM_CELL_OBJECT (x, SCM_I_CODE_NAME));
      else
        fprintf (stderr, "\n");
    }
}

/* The index of the object at ADDR among the recorded uniques, or -1.  */
static long
unique_index (scm_t_bits addr)
{
  size_t n;
  const struct scm_i_image_unique *u = scm_i_image_recorded_uniques (&n);
  for (size_t i = 0; i < n; i++)
    if (SCM_UNPACK (u[i].obj) == addr)
      return (long) i;
  return -1;
}

/* Whether the object being walked is inside a macro's data.  */
static int
inside_macro (struct writer *w)
{
  for (long k = walking; k >= 0; k = w->objs[k].parent)
    {
      SCM x = SCM_PACK (w->objs[k].addr);
      if (w->objs[k].kind == OBJ_HEAP && !w->objs[k].atomic
          && !scm_is_pair (x)
          && SCM_HEADER_TC8 (SCM_HEADER (x)) == scm_tc8_macro)
        return 1;
    }
  return 0;
}

/* Say which library's table binds variable V, and to what name.  */
static void
describe_variable_owner (struct writer *w, SCM v)
{
  for (SCM l = w->libraries; scm_is_pair (l); l = SCM_CDR (l))
    {
      struct scm_i_eqtab *t = &SCM_I_MODULE (SCM_CDR (SCM_CAR (l)))->table;
      for (size_t k = 0; k < t->capacity; k++)
        if (t->slots[2 * k] != 0 && t->slots[2 * k + 1] == SCM_UNPACK (v))
          {
            fprintf (stderr, "  the variable of ");
            describe (SCM_PACK (t->slots[2 * k]));
            fprintf (stderr, "  in %s\n",
                     scm_i_to_utf8_stringn (SCM_CAR (SCM_CAR (l)), NULL));
          }
    }
}

/* Whether OBJ, a heap object with pointers that library W->lib reaches,
   can be in its image: not a module the image lacks (another library's
   that stays text, the core's), not a table hashed by address, a port
   or a foreign object, not another library's variable.  */
static int
library_object_ok (struct writer *w, SCM obj)
{
  if (scm_is_pair (obj))
    return 1;
  const char *why = NULL;
  switch (SCM_HEADER_TC8 (SCM_HEADER (obj)))
    {
    case scm_tc8_environment:
      why = "a module that is not in the image";
      break;
    case scm_tc8_hashtable:
    case scm_tc8_port:
    case scm_tc8_weak_box:
    case scm_tc8_foreign:
      why = "an object that cannot be static (a table, a port)";
      break;
    case scm_tc8_variable:
      for (size_t k = 0; k < w->n_own_vars; k++)
        if (w->own_vars[k] == SCM_UNPACK (obj))
          return 1;
      /* A variable no library binds (a reference to a name nothing
         defines, or one that syntax-case's expansion made) is the
         library's own; but a user image cannot copy a core variable
         made at run time (one libscm's image lacks).  */
      if (w->user && scm_i_writer_core_name_of (SCM_UNPACK (obj)) != 0)
        why = "a core variable that libscm's image does not hold";
      else if (bsearch (&obj, w->lib_vars, w->n_lib_vars, sizeof *w->lib_vars,
                        compare_words) == NULL)
        return 1;
      else
        why = "a variable of a library that is not in the image";
      break;
    default:
      return 1;
    }
  if (w->errors > w->lib_errors && getenv ("SCM_IMAGE_VERBOSE") == NULL)
    {
      w->errors++;              /* described already: count it only */
      return 0;
    }
  scm_i_writer_fail (w, "the object at %#lx cannot be in the image:",
                     SCM_UNPACK (obj));
  fprintf (stderr, "  (%s)\n", why);
  if (SCM_HEADER_TC8 (SCM_HEADER (obj)) == scm_tc8_variable)
    describe_variable_owner (w, obj);
  describe_path (w, obj);
  return 0;
}


/* Note the object at X (a pointer to its start) if it is new; return
   its index, or -1 if X is no object.  */
static long
note (struct writer *w, scm_t_bits x)
{
  if (w->lib >= 0 && w->cap_vars != NULL && !noting_module_table)
    note_capability (w, x);
  long i = scm_i_writer_find (w, x);
  if (i >= 0 && w->objs[i].kind == OBJ_EXTERN)
    return scm_i_writer_note_extern (w, x);
  if (i >= 0)
    {
      /* Another library's writable object (its module, a variable):
         that library must be in use too.  Its constants are shared.  */
      int other = w->objs[i].lib;
      if (w->lib >= 0 && other >= 0 && other != w->lib && w->objs[i].writable)
        w->libs[w->lib].deps[other / 64] |= (uint64_t) 1 << (other % 64);
      return i;
    }
  void *base = GC_base ((void *) x);
  if (base != NULL)
    {
      if ((scm_t_bits) base != x)
        return -1;
      int kind = GC_get_kind_and_size (base, NULL);
      struct obj o = { x, GC_size (base) / sizeof (scm_t_bits), OBJ_HEAP,
                       kind == GC_I_PTRFREE, 0, 0, NULL, -1, -1, 0, 0, 0, 0, 0 };
      SCM obj = SCM_PACK (x);
      if (w->lib >= 0 && !o.atomic && !library_object_ok (w, obj))
        return -1;
      int fixed = w->lib >= 0 && (fixing || inherits_fixed (w));
      if (!o.atomic && !scm_is_pair (obj)
          && SCM_HEADER_TC8 (SCM_HEADER (obj)) == scm_tc8_variable)
        o.writable = 1;
      else if (!o.atomic && mutable_object (obj) && !inside_macro (w)
               && !fixed)
        /* Data the prelude may change (a fresh pair used as a unique
           marker, say): writable, in .data, where the collector scans
           it.  Macros' compiled rules are built with mutable pairs
           but never changed.  */
        o.writable = 1;
      else if (o.atomic && walking >= 0 && w->objs[walking].writable)
        o.writable = 1;         /* the characters of a mutable string */
      return (long) scm_i_writer_add (w, o);
    }
  if (scm_i_writer_is_static (w, x) && w->user)
    return scm_i_writer_note_extern (w, x);
  if (scm_i_writer_is_static (w, x))
    {
      const char *name = subr_name (w, x);
      if (x == (scm_t_bits) &scm_i_core_scope)
        name = "scm_i_core_scope";
      if (name != NULL)
        return (long) scm_i_writer_add (w, (struct obj) { x, 3, OBJ_SUBR, 0, 0,
                                        0, name,
                                             -1, -1, 0, 0, 0, 0, 0 });
      size_t n = static_words (x);
      if (n > 0)
        return (long) scm_i_writer_add (w, (struct obj) {
            x, n, OBJ_STATIC_COPY,
            SCM_HEADER_TC8 (SCM_HEADER (SCM_PACK (x))) == scm_tc8_stringbuf, 0, 0,
            NULL, -1, -1, 0, 0, 0, 0, 0 });
      scm_i_writer_fail (w, "a static object that is no symbol, keyword, "
                         "string or subr, at %#lx, found:",
                         x - w->static_lo);
      describe_path (w, SCM_BOOL_F);
    }
  return -1;
}

/* Note the heap block at X, of LAYOUT (a source map with debug data,
   or the debug data): it has no header to tell what it is.  */
static void
note_block (struct writer *w, scm_t_bits x, int layout)
{
  if (scm_i_writer_find (w, x) >= 0)
    return;
  void *base = GC_base ((void *) x);
  if (base == NULL || (scm_t_bits) base != x)
    {
      scm_i_writer_fail (w, "debug data that is not a heap block: %#lx", x);
      return;
    }
  /* Counted as atomic wherever an object's header would be read.  */
  scm_i_writer_add (w, (struct obj) { x, GC_size (base) / sizeof (scm_t_bits),
                    OBJ_HEAP,
                         1, 0, 0, NULL, -1, -1, 0, 0, layout, 0, 0 });
}


/* ------------------------------------------------------------------ */
/* Reproducible output.  The objects are written in the order the walk
   finds them, and the walk starts from module tables, which the
   generator's heap tables order by address: two runs gave two orders,
   so two builds two different prelude-image.c.  Every table the walk
   starts from or writes out is therefore taken in the order of its
   keys' names (symbols: code points, then length; an uninterned
   symbol after an interned one of the same name), and an address
   decides nothing.  */

/* -1, 0 or 1 as symbol A's name sorts before, as or after B's.  */
static int
compare_symbol_names (scm_t_bits a, scm_t_bits b)
{
  SCM x = SCM_PACK (a), y = SCM_PACK (b);
  if (!scm_is_symbol (x) || !scm_is_symbol (y))
    return scm_is_symbol (y) - scm_is_symbol (x);
  SCM bx = SCM_CELL_OBJECT (x, 1), by = SCM_CELL_OBJECT (y, 1);
  size_t lx = scm_i_stringbuf_length (bx), ly = scm_i_stringbuf_length (by);
  for (size_t k = 0; k < lx && k < ly; k++)
    {
      uint32_t cx = scm_i_stringbuf_ref (bx, k), cy = scm_i_stringbuf_ref (by, k);
      if (cx != cy)
        return cx < cy ? -1 : 1;
    }
  if (lx != ly)
    return lx < ly ? -1 : 1;
  return scm_is_true (scm_symbol_interned_p (y))
    - scm_is_true (scm_symbol_interned_p (x));
}

static int
compare_bindings (const void *a, const void *b)
{
  return compare_symbol_names (((const struct binding *) a)->name,
                               ((const struct binding *) b)->name);
}

/* The entries of table T whose value is not SKIP, in the order of
   their names: their number, in *B (malloc'd; NULL if memory ran
   out).  */
size_t
scm_i_writer_table_bindings (const struct scm_i_eqtab *t, scm_t_bits skip,
                struct binding **b)
{
  size_t n = 0;
  *b = calloc (t->count + 1, sizeof **b);
  for (size_t k = 0; *b != NULL && k < t->capacity; k++)
    if (t->slots[2 * k] != 0 && t->slots[2 * k + 1] != skip)
      (*b)[n++] = (struct binding) { t->slots[2 * k], t->slots[2 * k + 1] };
  if (*b != NULL)
    qsort (*b, n, sizeof **b, compare_bindings);
  return n;
}

/* ------------------------------------------------------------------ */
/* The walk.  */

/* Whether OBJ is a variable that C init code made and set to an object
   it made: a core variable whose value (a port, a parameter, a table)
   cannot be static.  The image holds the variable, unset; the same C
   code sets it at every start, finding the image's variable in the
   core module.  */
static int
c_init_value (SCM obj)
{
  if (scm_is_pair (obj) || SCM_HEADER_TC8 (SCM_HEADER (obj)) != scm_tc8_variable
      || !scm_i_image_preboot_p (SCM_UNPACK (obj)))
    return 0;
  scm_t_bits v = SCM_CELL_WORD (obj, 1);
  if (GC_base ((void *) v) != (void *) v || !scm_i_image_preboot_p (v)
      || unique_index (v) >= 0)
    return 0;
  if (scm_i_writer_core_name_of (SCM_UNPACK (obj)) == 0)
    return 0;                   /* not the core's: C keeps its own */
  SCM val = SCM_PACK (v);
  return scm_is_pair (val)
    || (SCM_HEADER_TC8 (SCM_HEADER (val)) != scm_tc8_keyword
        && !(SCM_HEADER_TC8 (SCM_HEADER (val)) == scm_tc8_symbol
             && scm_is_true (scm_symbol_interned_p (val))));
}

/* A library's module: its name, file and exports (never changed once
   it is loaded), every binding of its table, and the modules it
   imported from (the core's are left out: the image cannot name the
   core module, made at init).  */
static void
walk_module (struct writer *w, struct scm_i_module *m)
{
  SCM core = scm_i_core_module ();
  if (m->fallback != NULL && m->fallback != SCM_I_MODULE (core))
    {
      scm_i_writer_fail (w, "a module whose fallback is not the core: %#lx",
            (scm_t_bits) m);
      return;
    }
  fixing = 1;
  note (w, SCM_UNPACK (m->name));
  note (w, SCM_UNPACK (m->file));
  note (w, SCM_UNPACK (m->exports));
  note (w, SCM_UNPACK (m->exports_last));
  fixing = 0;
  struct binding *b;
  size_t n = scm_i_writer_table_bindings (&m->table, 0, &b);
  noting_module_table = 1;
  for (size_t k = 0; k < n; k++)
    {
      note (w, b[k].name);
      note (w, b[k].binding);
    }
  noting_module_table = 0;
  free (b);
  n = scm_i_writer_table_bindings (&m->origins, SCM_UNPACK (core), &b);
  for (size_t k = 0; k < n; k++)
    {
      note (w, b[k].name);
      note (w, b[k].binding);
    }
  free (b);
}

/* Walk the words of object I, noting what they point to.  */
static void
walk_object (struct writer *w, size_t i)
{
  struct obj o = w->objs[i];
  scm_t_bits *p = (scm_t_bits *) o.addr;

  walking = (long) i;
  if (o.layout == LAYOUT_OBJECT
      && (o.atomic || o.kind == OBJ_SUBR || o.kind == OBJ_EXTERN))
    return;
  if (o.kind == OBJ_MODULE)
    {
      walk_module (w, (struct scm_i_module *) o.addr);
      return;
    }
  if (o.kind == OBJ_STATIC_COPY)
    {
      note (w, p[1]);           /* the name or the stringbuf */
      return;
    }
  if (o.layout != LAYOUT_OBJECT)
    {
      for (size_t k = 0; k < o.words; k++)
        if (scm_i_writer_layout_pointer_word_p (o.layout, p, k))
          {
            if (o.layout == LAYOUT_SRCMAP)
              note_block (w, p[k], LAYOUT_DEBUG);
            else
              note (w, p[k]);
          }
      return;
    }
  SCM obj = SCM_PACK (o.addr);
  if (c_init_value (obj))
    {
      w->objs[i].blank = 1;
      return;
    }
  size_t first_insn = o.words;
  if (!scm_is_pair (obj) && SCM_HEADER_TC8 (SCM_HEADER (obj)) == scm_tc8_code)
    first_insn = SCM_I_CODE_HEADER_WORDS;
  fixing = first_insn < o.words;
  for (size_t k = 0; k < first_insn && k < o.words; k++)
    if (k > 0 || scm_is_pair (obj))
      {
        /* A source map that carries debug data: its last word points to
           it (code-internal.h).  */
        if (k == SCM_I_CODE_SRCMAP && first_insn < o.words && p[k] != 0
            && (((const struct scm_i_srcmap *) p[k])->count
                & SCM_I_SRCMAP_DEBUG))
          note_block (w, p[k], LAYOUT_SRCMAP);
        else
          {
            long v = note (w, p[k]);
            if (k == SCM_I_CODE_SRCMAP && first_insn < o.words && v >= 0)
              w->objs[v].srcmap = 1;
          }
      }
  fixing = 0;
  if (first_insn == o.words)
    return;
  size_t n = SCM_OBJ_PAYLOAD (obj);
  scm_t_bits *entry = p + SCM_I_CODE_HEADER_WORDS;
  for (size_t k = 0; k < n;)
    {
      int op = scm_i_opcode_of_label ((void *) entry[k]);
      if (op < 0)
        {
          scm_i_writer_fail (w, "an instruction word that is no opcode: %#lx",
                             entry[k]);
          return;
        }
      unsigned nops = scm_i_op_operands[op];
      if (op == SCM_OP_GSET && w->lib >= 0)
        w->libs[w->lib].stateful = 1;   /* it assigns a variable */
      /* The operands that hold objects, as the table types them.  */
      for (unsigned j = 1; j <= nops; j++)
        if (scm_i_operand_kind_is_object (scm_i_op_operand_kind (op, j)))
          {
            long v = note (w, entry[k + j]);
            if (op == SCM_OP_GSET && v >= 0)
              w->objs[v].assigned = 1;
          }
      k += 1 + nops;
    }
}

/* Walk every object from the FIRST on, the ones found meanwhile
   included.  */
static void
walk_from (struct writer *w, size_t first)
{
  for (size_t i = first; i < w->count; i++)
    walk_object (w, i);
}

int
scm_i_writer_find_static_range (struct dl_phdr_info *info, size_t size,
                                void *data)
{
  struct writer *w = data;
  (void) size;
  /* The object that holds libscm: the program itself for the
     generator, libscm.so for a user image's tool.  */
  uintptr_t self = (uintptr_t) &scm_i_write_prelude_image;
  int found = 0;
  for (int i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW (Phdr) *ph = &info->dlpi_phdr[i];
      uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
      found |= ph->p_type == PT_LOAD && self >= lo && self < lo + ph->p_memsz;
    }
  if (!found)
    return 0;
  for (int i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW (Phdr) *ph = &info->dlpi_phdr[i];
      if (ph->p_type != PT_LOAD || (ph->p_flags & PF_X))
        continue;
      uintptr_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
      if (w->static_lo == 0 || lo < w->static_lo)
        w->static_lo = lo;
      if (hi > w->static_hi)
        w->static_hi = hi;
    }
  return 1;
}

/* ------------------------------------------------------------------ */
/* The core module before and after the prelude.  */

static struct scm_i_eqtab *
core_table (void)
{
  return &SCM_I_MODULE (scm_i_core_module ())->table;
}

/* The name a variable of the core module has there, or 0.  */
scm_t_bits
scm_i_writer_core_name_of (scm_t_bits binding)
{
  struct scm_i_eqtab *t = core_table ();
  for (size_t i = 0; i < t->capacity; i++)
    if (t->slots[2 * i] != 0 && t->slots[2 * i + 1] == binding)
      return t->slots[2 * i];
  return 0;
}

/* ------------------------------------------------------------------ */
/* The entry point.  */

/* Check the objects from FIRST on for objects C code made before the
   prelude, which the image would copy where it must share them.  */
static void
check_preboot (struct writer *w, size_t first, const SCM *privates)
{
  for (size_t i = first; i < w->count; i++)
    {
      struct obj *o = &w->objs[i];
      SCM x = SCM_PACK (o->addr);
      if (o->kind != OBJ_HEAP || !scm_i_image_preboot_p (o->addr)
          || unique_index (o->addr) >= 0)
        continue;
      if (o->writable && scm_i_writer_core_name_of (o->addr) != 0)
        continue;               /* a core variable: replaced */
      int private = 0;
      for (int op = 0; op < SCM_OP_COUNT; op++)
        private |= SCM_UNPACK (privates[op]) == o->addr;
      if (private)
        continue;               /* eval.c takes the image's */
      if (!o->atomic && !scm_is_pair (x)
          && ((SCM_HEADER_TC8 (SCM_HEADER (x)) == scm_tc8_symbol
               && scm_is_true (scm_symbol_interned_p (x)))
              || SCM_HEADER_TC8 (SCM_HEADER (x)) == scm_tc8_keyword))
        continue;               /* interned: the image's copy comes first */
      if (o->atomic && o->parent >= 0
          && w->objs[o->parent].kind == OBJ_HEAP && !w->objs[o->parent].atomic
          && !scm_is_pair (SCM_PACK (w->objs[o->parent].addr))
          && (SCM_HEADER_TC8 (SCM_HEADER (SCM_PACK (w->objs[o->parent].addr)))
              == scm_tc8_symbol))
        continue;               /* a symbol's name */
      scm_i_writer_fail (w, "an object C code made before the prelude, %#lx:",
                         o->addr);
      walking = o->parent;
      describe_path (w, o->atomic ? SCM_BOOL_F : x);
    }
}

/* Forget the objects from COUNT on (a library that cannot be in the
   image).  */
static void
truncate_objects (struct writer *w, size_t count)
{
  w->count = count;
  /* The values too: an empty slot keeps no index of a forgotten
     object.  */
  memset (w->keys, 0, w->table_size * sizeof *w->keys);
  memset (w->vals, 0, w->table_size * sizeof *w->vals);
  for (size_t i = 0; i < count; i++)
    {
      size_t k = table_slot (w, w->objs[i].addr);
      w->keys[k] = w->objs[i].addr;
      w->vals[k] = i + 1;
    }
}

/* Walk built-in library PATH, whose module is M, into the image; if it
   cannot be static (it reaches a module, a variable or an object the
   image cannot hold), leave it out: it is compiled from its text at
   import, as without an image.  */
void
scm_i_writer_image_library (struct writer *w, SCM path, SCM m,
                            const SCM *privates)
{
  size_t first = w->count;
  int errors = w->errors;
  w->lib_errors = errors;
  if (w->nlibs == MAX_LIBS)
    return;
  struct lib *lib = &w->libs[w->nlibs];
  memset (lib, 0, sizeof *lib);
  lib->path = path;
  w->lib = w->nlibs;

  /* Its own variables: those of its table imported from nowhere.  */
  struct scm_i_module *mod = SCM_I_MODULE (m);
  w->own_vars = calloc (mod->table.count + 1, sizeof *w->own_vars);
  w->n_own_vars = 0;
  for (size_t k = 0; w->own_vars != NULL && k < mod->table.capacity; k++)
    {
      SCM key = SCM_PACK (mod->table.slots[2 * k]);
      SCM v = SCM_PACK (mod->table.slots[2 * k + 1]);
      if (SCM_UNPACK (key) != 0 && scm_is_variable (v)
          && scm_is_false (scm_i_eqtab_ref (&mod->origins, key, SCM_BOOL_F)))
        w->own_vars[w->n_own_vars++] = SCM_UNPACK (v);
    }
  walking = -1;
  lib->module = scm_i_writer_add (w, (struct obj) {
      SCM_UNPACK (m), (sizeof *mod + 7) / 8, OBJ_MODULE, 0, 1, 0, NULL, -1,
      0, 0, 0, 0, 0, 0 });
  fixing = 1;
  lib->imports = SCM_UNPACK (scm_i_library_imports (m));
  note (w, lib->imports);
  fixing = 0;
  if (lib->module >= 0)
    walk_from (w, first);
  if (w->errors == errors)
    check_preboot (w, first, privates);
  for (size_t i = first; i < w->count; i++)
    if (w->objs[i].writable && w->objs[i].kind == OBJ_HEAP
        && (w->objs[i].atomic || scm_is_pair (SCM_PACK (w->objs[i].addr))
            || !scm_is_variable (SCM_PACK (w->objs[i].addr))))
      lib->stateful = 1;        /* a mutable object, or a box */
  free (w->own_vars);
  w->own_vars = NULL;
  w->lib = -1;
  char *name = scm_c_write_to_utf8 (mod->name);
  if (w->errors != errors)
    {
      fprintf (stderr, w->user ? "scm-image: %s cannot be in the image\n"
               : "scm-image: note: %s stays text (compiled at import)\n",
               name);
      truncate_objects (w, first);
      w->errors = errors;
      return;
    }
  /* The libraries it uses, and the ones they use.  */
  for (int d = w->nlibs - 1; d >= 0; d--)
    if (lib->deps[d / 64] & ((uint64_t) 1 << (d % 64)))
      {
        for (size_t k = 0; k < MAX_LIBS / 64; k++)
          {
            lib->deps[k] |= w->libs[d].deps[k];
            lib->builtin[k] |= w->libs[d].builtin[k];
          }
        lib->caps |= w->libs[d].caps;
      }
  w->nlibs++;
}

/* Each library's writable objects: their offsets in its block.  */
void
scm_i_writer_lay_out_blocks (struct writer *w)
{
  for (size_t i = 0; i < w->count; i++)
    if (scm_i_writer_in_block (w, i))
      {
        struct lib *lib = &w->libs[w->objs[i].lib];
        w->objs[i].off = lib->var_words;
        lib->var_words += (w->objs[i].words + 1) & ~(size_t) 1;
      }
}

int
scm_i_write_prelude_image (FILE *out, SCM libraries)
{
  struct writer w = { .out = out, .lib = -1 };
  struct binding *b;
  size_t nb = scm_i_writer_table_bindings (core_table (), 0, &b);
  SCM privates[SCM_OP_COUNT];
  if (b == NULL)
    {
      fprintf (stderr, "scm-image: out of memory for the core's table\n");
      return -1;
    }

  w.subrs = scm_i_subr_names;
  w.nsubrs = scm_i_subr_name_count;
  dl_iterate_phdr (scm_i_writer_find_static_range, &w);
  scm_i_writer_clear_srcmap_macros (&w);

  /* Roots: every binding of the core module (the image holds its
     table, primitives' variables included), the private variables,
     the prelude's file name.  */
  for (size_t i = 0; i < nb; i++)
    {
      note (&w, b[i].name);
      note (&w, b[i].binding);
    }
  for (int op = 0; op < SCM_OP_COUNT; op++)
    {
      privates[op] = scm_i_private_variable (op);
      note (&w, SCM_UNPACK (privates[op]));
    }
  note (&w, SCM_UNPACK (scm_i_prelude_file ()));
  size_t nuniques;
  const struct scm_i_image_unique *uniques
    = scm_i_image_recorded_uniques (&nuniques);
  for (size_t i = 0; i < nuniques; i++)
    note (&w, SCM_UNPACK (uniques[i].obj));
  walk_from (&w, 0);
  check_preboot (&w, 0, privates);
  size_t prelude_count = w.count;

  /* Then the libraries, each after those it imports.  */
  scm_i_writer_collect_library_variables (&w, libraries);
  w.libraries = libraries;
  scm_i_writer_collect_capability_variables (&w);
  if (w.errors == 0)
    for (SCM l = libraries; scm_is_pair (l); l = SCM_CDR (l))
      scm_i_writer_image_library (&w, SCM_CAR (SCM_CAR (l)),
                                  SCM_CDR (SCM_CAR (l)),
                     privates);
  scm_i_writer_clear_srcmap_macros (&w);
  scm_i_writer_lay_out_blocks (&w);

  /* A census, for the build log.  */
  size_t words = 0, writable = 0, lib_words = 0, lib_writable = 0;
  for (size_t i = 0; i < w.count; i++)
    if (w.objs[i].kind != OBJ_SUBR)
      {
        size_t *all = i < prelude_count ? &words : &lib_words;
        size_t *wr = i < prelude_count ? &writable : &lib_writable;
        *all += w.objs[i].words;
        if (w.objs[i].writable)
          *wr += w.objs[i].words;
      }
  fprintf (stderr, "scm-image: %zu objects, %zu bytes (%zu writable), "
           "%zu bindings; %d libraries, %zu bytes (%zu writable)\n",
           prelude_count, words * 8, writable * 8, nb, w.nlibs,
           lib_words * 8, lib_writable * 8);
  if (getenv ("SCM_IMAGE_CENSUS") != NULL)
    for (size_t i = 0; i < w.count; i++)
      fprintf (stderr, "  o%zu %s %zu words%s\n", i, type_name (&w.objs[i]),
               w.objs[i].words, w.objs[i].writable ? " writable" : "");
  if (w.errors == 0)
    scm_i_writer_emit_prelude (&w, b, nb, privates);
  free (b);
  free (w.lib_vars);
  free (w.cap_vars);
  return w.errors == 0 ? 0 : -1;
}
