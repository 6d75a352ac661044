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
   writable objects, in .data.  */

#include "runtime/scm-internal.h"
#include "vm/vm-internal.h"
#include "expand/ast-internal.h"
#include "expand/expand-internal.h"
#include "modules/modules-internal.h"
#include "values/hashtab-internal.h"
#include "values/strings-internal.h"
#include "image/image-internal.h"
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

/* ------------------------------------------------------------------ */
/* The objects found, in the order found.  */

enum obj_kind
{
  OBJ_HEAP,                     /* a heap object, copied */
  OBJ_STATIC_COPY,              /* a static symbol, keyword, string, stringbuf */
  OBJ_SUBR                      /* a static subr, referenced by name */
};

struct obj
{
  scm_t_bits addr;
  size_t words;
  enum obj_kind kind;
  int atomic;                   /* no pointers: copied as numbers */
  int writable;                 /* a variable or box: in .data */
  int blank;                    /* a variable whose value C init sets */
  const char *name;             /* OBJ_SUBR: its C name */
  long parent;                  /* the object it was found in, or -1 */
};

struct writer
{
  struct obj *objs;
  size_t count, capacity;
  /* address -> index + 1, open addressing */
  scm_t_bits *keys;
  size_t *vals;
  size_t table_size;
  /* the library's static data, where static objects are */
  uintptr_t static_lo, static_hi;
  const struct scm_i_subr_name *subrs;
  size_t nsubrs;
  FILE *out;
  int errors;
};

static void
fail (struct writer *w, const char *fmt, scm_t_bits x)
{
  fprintf (stderr, "scm-image: ");
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

/* The index of the object at ADDR, or -1.  */
static long
find (struct writer *w, scm_t_bits addr)
{
  if (w->table_size == 0)
    return -1;
  size_t i = table_slot (w, addr);
  return w->keys[i] == addr ? (long) w->vals[i] - 1 : -1;
}

/* The object being walked: the parent of what it points to.  */
static long walking = -1;

/* Enter O; its index, or -1 (the writer fails) if memory ran out.  */
static long
add (struct writer *w, struct obj o)
{
  o.parent = walking;
  if (2 * (w->count + 1) > w->table_size && grow_table (w) != 0)
    {
      fail (w, "out of memory after %lu objects", w->count);
      return -1;
    }
  if (w->count == w->capacity)
    {
      size_t capacity = w->capacity == 0 ? 1024 : 2 * w->capacity;
      struct obj *objs = realloc (w->objs, capacity * sizeof *objs);
      if (objs == NULL)
        {
          fail (w, "out of memory after %lu objects", w->count);
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

static int
is_static (struct writer *w, scm_t_bits x)
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

/* Note the object at X (a pointer to its start) if it is new; return
   its index, or -1 if X is no object.  */
static long
note (struct writer *w, scm_t_bits x)
{
  long i = find (w, x);
  if (i >= 0)
    return i;
  void *base = GC_base ((void *) x);
  if (base != NULL)
    {
      if ((scm_t_bits) base != x)
        return -1;
      int kind = GC_get_kind_and_size (base, NULL);
      struct obj o = { x, GC_size (base) / sizeof (scm_t_bits), OBJ_HEAP,
                       kind == GC_I_PTRFREE, 0, 0, NULL, -1 };
      SCM obj = SCM_PACK (x);
      if (!o.atomic && !scm_is_pair (obj)
          && SCM_HEADER_TC8 (SCM_HEADER (obj)) == scm_tc8_variable)
        o.writable = 1;
      else if (!o.atomic && mutable_object (obj) && !inside_macro (w))
        /* Data the prelude may change (a fresh pair used as a unique
           marker, say): writable, in .data, where the collector scans
           it.  Macros' compiled rules are built with mutable pairs
           but never changed.  */
        o.writable = 1;
      else if (o.atomic && walking >= 0 && w->objs[walking].writable)
        o.writable = 1;         /* the characters of a mutable string */
      return (long) add (w, o);
    }
  if (is_static (w, x))
    {
      const char *name = subr_name (w, x);
      if (x == (scm_t_bits) &scm_i_core_scope)
        name = "scm_i_core_scope";
      if (name != NULL)
        return (long) add (w, (struct obj) { x, 3, OBJ_SUBR, 0, 0, 0, name,
                                             -1 });
      size_t n = static_words (x);
      if (n > 0)
        return (long) add (w, (struct obj) {
            x, n, OBJ_STATIC_COPY,
            SCM_HEADER_TC8 (SCM_HEADER (SCM_PACK (x))) == scm_tc8_stringbuf, 0, 0,
            NULL, -1 });
      fail (w, "a static object that is no symbol, keyword, string or "
            "subr, at %#lx, found:", x - w->static_lo);
      describe_path (w, SCM_BOOL_F);
    }
  return -1;
}

/* ------------------------------------------------------------------ */
/* The walk.  */

static scm_t_bits core_name_of (scm_t_bits binding);

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
  if (core_name_of (SCM_UNPACK (obj)) == 0)
    return 0;                   /* not the core's: C keeps its own */
  SCM val = SCM_PACK (v);
  return scm_is_pair (val)
    || (SCM_HEADER_TC8 (SCM_HEADER (val)) != scm_tc8_keyword
        && !(SCM_HEADER_TC8 (SCM_HEADER (val)) == scm_tc8_symbol
             && scm_is_true (scm_symbol_interned_p (val))));
}

/* Walk the words of object I, noting what they point to.  */
static void
walk_object (struct writer *w, size_t i)
{
  struct obj o = w->objs[i];
  scm_t_bits *p = (scm_t_bits *) o.addr;

  walking = (long) i;
  if (o.atomic || o.kind == OBJ_SUBR)
    return;
  if (o.kind == OBJ_STATIC_COPY)
    {
      note (w, p[1]);           /* the name or the stringbuf */
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
  for (size_t k = 0; k < first_insn && k < o.words; k++)
    if (k > 0 || scm_is_pair (obj))
      note (w, p[k]);
  if (first_insn == o.words)
    return;
  size_t n = SCM_OBJ_PAYLOAD (obj);
  scm_t_bits *entry = p + SCM_I_CODE_HEADER_WORDS;
  for (size_t k = 0; k < n;)
    {
      int op = scm_i_opcode_of_label ((void *) entry[k]);
      if (op < 0)
        {
          fail (w, "an instruction word that is no opcode: %#lx", entry[k]);
          return;
        }
      unsigned nops = scm_i_op_operands[op];
      /* The operands that hold objects, as the table types them.  */
      for (unsigned j = 1; j <= nops; j++)
        if (scm_i_operand_kind_is_object (scm_i_op_operand_kind (op, j)))
          note (w, entry[k + j]);
      k += 1 + nops;
    }
}

static void
walk_all (struct writer *w)
{
  for (size_t i = 0; i < w->count; i++)
    walk_object (w, i);
}

static int
find_static_range (struct dl_phdr_info *info, size_t size, void *data)
{
  struct writer *w = data;
  (void) size;
  if (info->dlpi_name != NULL && info->dlpi_name[0] != '\0')
    return 0;                   /* the program itself: libscm is linked in */
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
static scm_t_bits
core_name_of (scm_t_bits binding)
{
  struct scm_i_eqtab *t = core_table ();
  for (size_t i = 0; i < t->capacity; i++)
    if (t->slots[2 * i] != 0 && t->slots[2 * i + 1] == binding)
      return t->slots[2 * i];
  return 0;
}

/* ------------------------------------------------------------------ */
/* Emission.  */

/* The C name of object I: oN_scm_img for a constant, oN_scm_imgvar for
   a writable one (placement-elf.sh checks where each kind lies).  */
static const char *
oname (struct writer *w, size_t i)
{
  static char buf[48];
  snprintf (buf, sizeof buf, "o%zu_scm_img%s", i,
            w->objs[i].writable ? "var" : "");
  return buf;
}

struct binding { scm_t_bits name, binding; };

static void
emit_word (struct writer *w, scm_t_bits x)
{
  long i = find (w, x);
  if (i >= 0)
    {
      if (w->objs[i].kind == OBJ_SUBR)
        fprintf (w->out, "(scm_t_bits) &%s", w->objs[i].name);
      else
        fprintf (w->out, "(scm_t_bits) %s", oname (w, (size_t) i));
      return;
    }
  void *base = GC_base ((void *) x);
  if (base != NULL && ((x - (scm_t_bits) base) & 7) == 0
      && (i = find (w, (scm_t_bits) base)) >= 0)
    {
      fprintf (w->out, "(scm_t_bits) &%s[%lu]", oname (w, (size_t) i),
               (unsigned long) ((x - (scm_t_bits) base) / 8));
      return;
    }
  if (base != NULL || is_static (w, x))
    fail (w, "a pointer to an object that was not walked: %#lx", x);
  fprintf (w->out, "%#lxUL", (unsigned long) x);
}

static void
emit_object_words (struct writer *w, size_t i)
{
  struct obj o = w->objs[i];
  const scm_t_bits *p = (const scm_t_bits *) o.addr;
  SCM obj = SCM_PACK (o.addr);
  int code = !o.atomic && !scm_is_pair (obj)
             && SCM_HEADER_TC8 (SCM_HEADER (obj)) == scm_tc8_code;
  size_t insn_end = code ? SCM_I_CODE_HEADER_WORDS + SCM_OBJ_PAYLOAD (obj) : 0;
  size_t next_insn = SCM_I_CODE_HEADER_WORDS;

  for (size_t k = 0; k < o.words; k++)
    {
      scm_t_bits x = p[k];
      fputs (k % 4 == 0 ? "\n  " : " ", w->out);
      if (k == 0 && !o.atomic && !scm_is_pair (obj)
          && SCM_HEADER_TC8 (SCM_HEADER (obj)) == scm_tc8_symbol)
        x &= ~((scm_t_bits) 0x02 << 8);       /* no longer on the heap */
      if (o.blank && k == 1)
        fprintf (w->out, "%#lxUL /* set by C init */",
                 (unsigned long) SCM_UNPACK (SCM_UNDEFINED));
      else if (o.atomic || (k == 0 && !scm_is_pair (obj)))
        fprintf (w->out, "%#lxUL", (unsigned long) x);
      else if (code && k == next_insn && k < insn_end)
        {
          int op = scm_i_opcode_of_label ((void *) x);
          fprintf (w->out, "I (%ld)", scm_i_op_label_offset (op));
          next_insn += 1 + scm_i_op_operands[op];
        }
      else
        emit_word (w, x);
      fputc (',', w->out);
    }
}

/* A code object's source map names macros by their index in a table
   of this process: the image keeps positions and drops the names.  */
static void
clear_srcmap_macros (struct writer *w)
{
  for (size_t i = 0; i < w->count; i++)
    {
      struct obj o = w->objs[i];
      if (o.atomic || o.kind != OBJ_HEAP || scm_is_pair (SCM_PACK (o.addr))
          || SCM_HEADER_TC8 (SCM_HEADER (SCM_PACK (o.addr))) != scm_tc8_code)
        continue;
      struct scm_i_srcmap *m = (void *) SCM_CELL_WORD (SCM_PACK (o.addr),
                                                        SCM_I_CODE_SRCMAP);
      if (m != NULL)
        for (size_t k = 0; k < scm_i_srcmap_count (m); k++)
          m->entries[k].macro = 0;
    }
}

/* Whether object I is an interned symbol (a copy the image makes).  */
static int
interned_symbol_object (struct writer *w, size_t i)
{
  SCM x = SCM_PACK (w->objs[i].addr);
  return w->objs[i].kind != OBJ_SUBR && !w->objs[i].atomic
    && !scm_is_pair (x) && SCM_HEADER_TC8 (SCM_HEADER (x)) == scm_tc8_symbol
    && scm_is_true (scm_symbol_interned_p (x));
}

/* The interned symbols among the objects, as the array symtab_scm_img
   (named as the image's objects are, for placement-elf.sh): a table
   laid out as symbols.c looks it up (scm_i_static_symbol_slot).  Sets
   *COUNT to their number; returns the table's capacity.  */
static size_t
emit_symbol_table (struct writer *w, size_t *count)
{
  size_t n = 0;
  for (size_t i = 0; i < w->count; i++)
    if (interned_symbol_object (w, i))
      n++;
  /* Up to 70% full: only looked up, never grown, and every page of it
     is a page the dynamic linker copies to relocate it.  */
  size_t capacity = 16;
  while (10 * n > 7 * capacity)
    capacity *= 2;
  scm_t_bits *table = calloc (capacity, sizeof *table);
  long *index = calloc (capacity, sizeof *index);
  if (table == NULL || index == NULL)
    {
      free (table);
      free (index);
      fail (w, "out of memory for a table of %lu symbols", n);
      return 0;
    }
  for (size_t i = 0; i < w->count; i++)
    if (interned_symbol_object (w, i))
      {
        size_t k = scm_i_static_symbol_slot (table, capacity,
                                             SCM_PACK (w->objs[i].addr));
        table[k] = w->objs[i].addr;
        index[k] = (long) i;
      }
  fprintf (w->out, "\n/* The interned symbols, by name hash.  */\n"
           "static const scm_t_bits symtab_scm_img[%zu] = {", capacity);
  for (size_t k = 0; k < capacity; k++)
    {
      fputs (k % 4 == 0 ? "\n  " : " ", w->out);
      if (table[k] == 0)
        fputs ("0", w->out);
      else
        fprintf (w->out, "(scm_t_bits) %s", oname (w, (size_t) index[k]));
      fputc (',', w->out);
    }
  fputs ("\n};\n", w->out);
  free (table);
  free (index);
  *count = n;
  return capacity;
}

/* The core module's table, laid out by name hash (hashtab.c), as the
   array core_slots_scm_img: the bindings B[0..NB).  Returns its capacity.  */
static size_t
emit_core_table (struct writer *w, const struct binding *b, size_t nb)
{
  /* Up to 70% full, not half as the tables made at run time: it is
     read-only, so a change copies it to a heap table at most half full
     (scm_i_eqtab_try_set), and each of its pages is one the dynamic
     linker copies to relocate it.  */
  size_t capacity = 16;
  while (10 * nb > 7 * capacity)
    capacity *= 2;
  scm_t_bits *slots = calloc (2 * capacity, sizeof *slots);
  if (slots == NULL)
    {
      fail (w, "out of memory for a table of %lu bindings", nb);
      return 0;
    }
  for (size_t i = 0; i < nb; i++)
    {
      size_t k = scm_i_eqtab_name_slot (slots, capacity, SCM_PACK (b[i].name));
      slots[2 * k] = b[i].name;
      slots[2 * k + 1] = b[i].binding;
    }
  fprintf (w->out, "\n/* The core module's table: symbol, binding; by name "
           "hash.  */\nstatic const scm_t_bits core_slots_scm_img[%zu] = {",
           2 * capacity);
  for (size_t k = 0; k < 2 * capacity; k++)
    {
      fputs (k % 4 == 0 ? "\n  " : " ", w->out);
      if (slots[k] == 0)
        fputs ("0", w->out);
      else
        emit_word (w, slots[k]);
      fputc (',', w->out);
    }
  fputs ("\n};\n", w->out);
  free (slots);
  return capacity;
}

static void
emit (struct writer *w, struct binding *b, size_t nb, const SCM *privates)
{
  FILE *out = w->out;
  fprintf (out, "/* prelude-image.c -- generated by snarf/scm-image from "
           "module/scm/boot.scm: do not edit.  */\n\n"
           "#include \"image/image-internal.h\"\n#include \"vm/vm-internal.h\"\n"
           "#include \"expand/expand-internal.h\"\n\n"
           "/* An instruction: the address of its implementation.  */\n"
           "#define I(off) ((scm_t_bits) ((const char *) &scm_i_vm_run + (off)))\n"
           "/* An SCM initialiser.  */\n"
           "#if SCM_DEBUG_TYPING_STRICT\n# define V(x) { (scm_t_bits) (x) }\n"
           "#else\n# define V(x) ((SCM) (x))\n#endif\n\n");
  for (size_t i = 0; i < w->count; i++)
    if (w->objs[i].kind == OBJ_SUBR
        && strcmp (w->objs[i].name, "scm_i_core_scope") != 0)
      fprintf (out, "SCM_INTERNAL extern const struct scm_static_subr %s;\n",
               w->objs[i].name);
  for (size_t i = 0; i < w->count; i++)
    if (w->objs[i].kind != OBJ_SUBR)
      fprintf (out, "static %sscm_t_bits %s[%zu];\n",
               w->objs[i].writable ? "" : "const ", oname (w, i),
               w->objs[i].words);
  for (size_t i = 0; i < w->count; i++)
    if (w->objs[i].kind != OBJ_SUBR)
      {
        fprintf (out, "static %sscm_t_bits %s[%zu] SCM_ALIGNED (16) = {",
                 w->objs[i].writable ? "" : "const ", oname (w, i),
                 w->objs[i].words);
        emit_object_words (w, i);
        fprintf (out, "\n};\n");
      }

  fprintf (out, "\nstatic const long op_offsets[%d] = {", SCM_OP_COUNT);
  for (int op = 0; op < SCM_OP_COUNT; op++)
    fprintf (out, "%s%ld,", op % 8 == 0 ? "\n  " : " ",
             scm_i_op_label_offset (op));
  fprintf (out, "\n};\n");

  size_t nsym = 0, nkw = 0;
  size_t symtab_capacity = emit_symbol_table (w, &nsym);
  fprintf (out, "\nstatic const SCM keywords[] = {");
  for (size_t i = 0; i < w->count; i++)
    {
      SCM x = SCM_PACK (w->objs[i].addr);
      if (w->objs[i].kind != OBJ_SUBR && !w->objs[i].atomic
          && !scm_is_pair (x) && SCM_HEADER_TC8 (SCM_HEADER (x)) == scm_tc8_keyword)
        fprintf (out, "%sV (%s),", nkw++ % 4 ? " " : "\n  ", oname (w, i));
    }
  fprintf (out, "\n  V (0)\n};\n");
  size_t capacity = emit_core_table (w, b, nb);
  fprintf (out, "\nstatic const SCM private_variables[%d] = {",
           SCM_OP_COUNT);
  for (int op = 0; op < SCM_OP_COUNT; op++)
    {
      fputs (op % 4 ? " V (" : "\n  V (", out);
      emit_word (w, SCM_UNPACK (privates[op]));
      fputs ("),", out);
    }
  size_t nuniques;
  const struct scm_i_image_unique *uniques
    = scm_i_image_recorded_uniques (&nuniques);
  fprintf (out, "\n};\n\nstatic const struct scm_i_image_unique uniques[%zu] = {",
           nuniques + 1);
  for (size_t i = 0; i < nuniques; i++)
    {
      fprintf (out, "\n  { \"%s\", V (", uniques[i].name);
      emit_word (w, SCM_UNPACK (uniques[i].obj));
      fputs (") },", out);
    }
  fprintf (out, "\n  { 0, V (0) }\n};\n\nstatic const struct scm_i_prelude_image image = {\n"
           "  %d, op_offsets, %zu, %zu, symtab_scm_img, %zu, keywords, %zu, %zu, "
           "core_slots_scm_img,\n  private_variables, V (", SCM_OP_COUNT,
           symtab_capacity, nsym, nkw, capacity, nb);
  emit_word (w, SCM_UNPACK (scm_i_prelude_file ()));
  fprintf (out, "),\n  %zu, uniques\n};\n\nconst struct scm_i_prelude_image "
           "*const scm_i_prelude_image = &image;\n", nuniques);
}

/* ------------------------------------------------------------------ */
/* The entry point.  */


int
scm_i_write_prelude_image (FILE *out)
{
  struct writer w = { .out = out };
  struct scm_i_eqtab *t = core_table ();
  struct binding *b = calloc (t->count + SCM_OP_COUNT, sizeof *b);
  size_t nb = 0;
  SCM privates[SCM_OP_COUNT];

  w.subrs = scm_i_subr_names;
  w.nsubrs = scm_i_subr_name_count;
  dl_iterate_phdr (find_static_range, &w);
  clear_srcmap_macros (&w);

  /* Roots: every binding of the core module (the image holds its
     table, primitives' variables included), the private variables,
     the prelude's file name.  */
  for (size_t i = 0; i < t->capacity; i++)
    {
      scm_t_bits key = t->slots[2 * i], binding = t->slots[2 * i + 1];
      if (key == 0)
        continue;
      note (&w, key);
      note (&w, binding);
      b[nb++] = (struct binding) { key, binding };
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
  walk_all (&w);
  clear_srcmap_macros (&w);

  /* Objects C code made before the prelude, which the image would copy
     where it must share them.  */
  for (size_t i = 0; i < w.count; i++)
    {
      struct obj *o = &w.objs[i];
      SCM x = SCM_PACK (o->addr);
      if (o->kind != OBJ_HEAP || !scm_i_image_preboot_p (o->addr)
          || unique_index (o->addr) >= 0)
        continue;
      if (o->writable && core_name_of (o->addr) != 0)
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
          && w.objs[o->parent].kind == OBJ_HEAP && !w.objs[o->parent].atomic
          && !scm_is_pair (SCM_PACK (w.objs[o->parent].addr))
          && (SCM_HEADER_TC8 (SCM_HEADER (SCM_PACK (w.objs[o->parent].addr)))
              == scm_tc8_symbol))
        continue;               /* a symbol's name */
      fail (&w, "an object C code made before the prelude, %#lx:", o->addr);
      walking = o->parent;
      describe_path (&w, o->atomic ? SCM_BOOL_F : x);
    }

  /* A census, for the build log.  */
  size_t words = 0, writable = 0;
  for (size_t i = 0; i < w.count; i++)
    if (w.objs[i].kind != OBJ_SUBR)
      {
        words += w.objs[i].words;
        if (w.objs[i].writable)
          writable += w.objs[i].words;
      }
  fprintf (stderr, "scm-image: %zu objects, %zu bytes (%zu writable), "
           "%zu bindings\n", w.count, words * 8, writable * 8, nb);
  if (getenv ("SCM_IMAGE_CENSUS") != NULL)
    for (size_t i = 0; i < w.count; i++)
      fprintf (stderr, "  o%zu %s %zu words%s\n", i, type_name (&w.objs[i]),
               w.objs[i].words, w.objs[i].writable ? " writable" : "");
  if (w.errors == 0)
    emit (&w, b, nb, privates);
  free (b);
  return w.errors == 0 ? 0 : -1;
}
