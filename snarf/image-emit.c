/* image-emit.c -- the image writer's emission: objects as C arrays
   SPDX-License-Identifier: LGPL-3.0-or-later

   The second half of the image writer (image-writer.c walks; the
   state both share is in image/image-writer-internal.h): each object
   the walk found is written as a C array of words, a word pointing to
   another object as a reference to that array, an instruction as an
   offset from scm_i_vm_run; then the tables that name the objects --
   the interned symbols, the core module's bindings, each built-in
   library's module, its writable block and its entry in the array of
   libraries.  The prelude's image (scm_i_writer_emit_prelude) is this
   whole file's output; a user image (image/user-image-writer.c) uses
   the word and object steps with its own tables.  */

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

/* Whether object I is in its library's writable block.  */
int
scm_i_writer_in_block (struct writer *w, size_t i)
{
  return w->objs[i].writable && w->objs[i].lib >= 0;
}

/* Whether object I is a core variable that can never hold a heap
   pointer, which goes to the section scm_libvars, where the collector
   does not look (image.c): a binding of the core module and not
   shared, so that every start flags it frozen (hide_core_internals in
   modules.c: variable-set! refuses it), assigned by no code of the
   image (GSET), bound, and not one whose value C init sets at every
   start.  Its value is then what the
   image holds: an immediate, a static subr or an object of the image.
   The header word stays writable: init sets the flags again.  */
static int
frozen_core_variable (struct writer *w, size_t i)
{
  const struct obj *o = &w->objs[i];
  if (!o->writable || o->lib >= 0 || o->kind != OBJ_HEAP || o->atomic
      || o->blank || o->assigned)
    return 0;
  SCM v = SCM_PACK (o->addr);
  if (scm_is_pair (v) || SCM_HEADER_TC8 (SCM_HEADER (v)) != scm_tc8_variable)
    return 0;
  int flags = SCM_HEADER_FLAGS (SCM_HEADER (v));
  return !(flags & SCM_I_VARIABLE_SHARED) && !SCM_UNBNDP (SCM_CELL_OBJECT (v, 1)) && scm_i_writer_core_name_of (o->addr) != 0;
}

/* The C name of object I: oN_scm_img for a constant, oN_scm_imgvar for
   a writable one (placement-elf.sh checks where each kind lies).  */
const char *
scm_i_writer_oname (struct writer *w, size_t i)
{
  static char buf[48];
  if (scm_i_writer_in_block (w, i))
    snprintf (buf, sizeof buf, "(lv%d_scm_imgvar + %zu)", w->objs[i].lib,
              w->objs[i].off);
  else
    snprintf (buf, sizeof buf, "o%zu_scm_img%s", i,
              w->objs[i].writable ? "var" : "");
  return buf;
}



void
scm_i_writer_emit_word (struct writer *w, scm_t_bits x)
{
  long i = scm_i_writer_find (w, x);
  if (i >= 0 && w->user)
    scm_i_writer_note_site (w, i);
  if (i >= 0)
    {
      if (w->objs[i].kind == OBJ_SUBR)
        fprintf (w->out, "(scm_t_bits) &%s", w->objs[i].name);
      else if (w->objs[i].kind == OBJ_EXTERN)
        fprintf (w->out, "X (%ld)", (long) (x - w->anchor));
      else
        fprintf (w->out, "(scm_t_bits) %s",
                 scm_i_writer_oname (w, (size_t) i));
      return;
    }
  void *base = GC_base ((void *) x);
  if (base != NULL && ((x - (scm_t_bits) base) & 7) == 0
      && (i = scm_i_writer_find (w, (scm_t_bits) base)) >= 0)
    {
      fprintf (w->out, "(scm_t_bits) &%s[%lu]",
               scm_i_writer_oname (w, (size_t) i),
               (unsigned long) ((x - (scm_t_bits) base) / 8));
      return;
    }
  if (base != NULL || scm_i_writer_is_static (w, x))
    scm_i_writer_fail (w, "a pointer to an object that was not walked: %#lx",
                       x);
  fprintf (w->out, "%#lxUL", (unsigned long) x);
}

/* The bytes of pointer-free object O that hold its data: libgc rounds
   a size up to 16 bytes and does not clear a pointer-free object, so
   the rest is whatever the memory held before (addresses of this
   run), which would make two runs' images differ.  */
static size_t
atomic_data_bytes (const struct obj *o)
{
  const scm_t_bits *p = (const scm_t_bits *) o->addr;
  if (o->srcmap)
    return sizeof (struct scm_i_srcmap)
      + p[0] * sizeof (struct scm_i_srcmap_entry);
  if (SCM_HEADER_TC8 (p[0]) == scm_tc8_stringbuf)
    {
      SCM buf = SCM_PACK (o->addr);
      size_t unit = scm_i_stringbuf_is_wide (buf) ? 4 : 1;
      return sizeof (scm_t_bits) + (scm_i_stringbuf_length (buf) + 1) * unit;
    }
  if (SCM_HEADER_TC8 (p[0]) == scm_tc8_bignum)     /* its limbs */
    return (1 + SCM_HEADER_PAYLOAD (p[0])) * sizeof (scm_t_bits);
  if (SCM_HEADER_TC8 (p[0]) == scm_tc8_bytevector) /* its bytes */
    return sizeof (scm_t_bits) + SCM_HEADER_PAYLOAD (p[0]);
  return o->words * sizeof (scm_t_bits);
}

/* Word K of pointer-free object O, its bytes past DATA zero.  */
static scm_t_bits
atomic_word (const struct obj *o, size_t k, size_t data)
{
  scm_t_bits x = 0;
  size_t at = k * sizeof x;
  if (at < data)
    memcpy (&x, (const char *) o->addr + at,
            data - at < sizeof x ? data - at : sizeof x);
  return x;
}

void
scm_i_writer_emit_object_words (struct writer *w, size_t i)
{
  struct obj o = w->objs[i];
  const scm_t_bits *p = (const scm_t_bits *) o.addr;
  SCM obj = SCM_PACK (o.addr);
  int code = !o.atomic && !scm_is_pair (obj)
             && SCM_HEADER_TC8 (SCM_HEADER (obj)) == scm_tc8_code;
  size_t insn_end = code ? SCM_I_CODE_HEADER_WORDS + SCM_OBJ_PAYLOAD (obj) : 0;
  size_t next_insn = SCM_I_CODE_HEADER_WORDS;
  size_t site = scm_i_writer_set_site (w, i);
  size_t data = o.atomic && o.layout == LAYOUT_OBJECT
    ? atomic_data_bytes (&o) : o.words * sizeof (scm_t_bits);

  if (o.layout != LAYOUT_OBJECT)
    {
      /* Raw words (no header), pointers at known places only.  */
      for (size_t k = 0; k < o.words; k++)
        {
          fputs (k % 4 == 0 ? "\n  " : " ", w->out);
          w->site_index = site + k;
          if (scm_i_writer_layout_pointer_word_p (o.layout, p, k))
            scm_i_writer_emit_word (w, p[k]);
          else
            fprintf (w->out, "%#lxUL", (unsigned long) p[k]);
          fputc (',', w->out);
        }
      return;
    }

  for (size_t k = 0; k < o.words; k++)
    {
      scm_t_bits x = o.atomic ? atomic_word (&o, k, data) : p[k];
      fputs (k % 4 == 0 ? "\n  " : " ", w->out);
      w->site_index = site + k;
      if (k == 0 && !o.atomic && !scm_is_pair (obj)
          && SCM_HEADER_TC8 (SCM_HEADER (obj)) == scm_tc8_symbol)
        x &= ~((scm_t_bits) 0x02 << 8);       /* no longer on the heap */
      if (k == 0 && code)
        x &= ~((scm_t_bits) SCM_I_CODE_FLAG_SELF_U << 8);  /* as below */
      if (k == 0 && o.fixed && !o.writable && !o.atomic && !scm_is_pair (obj)
          && (SCM_HEADER_TC8 (SCM_HEADER (obj)) == scm_tc8_string
              || SCM_HEADER_TC8 (SCM_HEADER (obj)) == scm_tc8_vector))
        /* A library's name or file, read-only now: string-set! on it
           is the usual error, not a fault.  */
        x |= (scm_t_bits) (SCM_HEADER_TC8 (x) == scm_tc8_string
                           ? SCM_STRING_FLAG_IMMUTABLE
                           : SCM_VECTOR_FLAG_IMMUTABLE) << 8;
      if (k == 0 && scm_i_writer_in_block (w, i) && !w->libs[o.lib].stateful
          && !scm_is_pair (obj)
          && SCM_HEADER_TC8 (SCM_HEADER (obj)) == scm_tc8_variable)
        /* A library every instance shares: its variables are frozen,
           as a shared module's are (scm_i_freeze_module).  */
        x |= (scm_t_bits) SCM_I_VARIABLE_FROZEN << 8;
      if (k == 0 && !o.atomic && !scm_is_pair (obj)
          && SCM_HEADER_TC8 (SCM_HEADER (obj)) == scm_tc8_variable)
        /* Its calls are listed in this process only.  */
        x &= ~SCM_I_VARIABLE_KNOWN_MASK;
      if (o.blank && k == 1)
        fprintf (w->out, "%#lxUL /* set by C init */",
                 (unsigned long) SCM_UNPACK (SCM_UNDEFINED));
      else if (o.atomic || (k == 0 && !scm_is_pair (obj)))
        fprintf (w->out, "%#lxUL", (unsigned long) x);
      else if (code && k == next_insn && k < insn_end)
        {
          int op = scm_i_opcode_of_label ((void *) x);
          /* An image's code may be read-only: its self calls are
             checked, never patched (scm_i_recheck_self_calls).  */
          if (scm_i_self_call_checked (op) >= 0)
            op = scm_i_self_call_checked (op);
          else if (scm_i_known_call_checked (op) >= 0)
            op = scm_i_known_call_checked (op);
          fprintf (w->out, "I (%ld)", scm_i_op_label_offset (op));
          next_insn += 1 + scm_i_op_operands[op];
        }
      else
        scm_i_writer_emit_word (w, x);
      fputc (',', w->out);
    }
}

/* A code object's source map names macros by their index in a table
   of this process: the image keeps positions and drops the names.  */
void
scm_i_writer_clear_srcmap_macros (struct writer *w)
{
  for (size_t i = 0; i < w->count; i++)
    {
      struct obj o = w->objs[i];
      if (o.atomic || o.kind != OBJ_HEAP || o.layout != LAYOUT_OBJECT
          || scm_is_pair (SCM_PACK (o.addr))
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
      scm_i_writer_fail (w, "out of memory for a table of %lu symbols", n);
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
        fprintf (w->out, "(scm_t_bits) %s",
                 scm_i_writer_oname (w, (size_t) index[k]));
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
emit_name_table (struct writer *w, const struct binding *b, size_t nb,
                 const char *name)
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
      scm_i_writer_fail (w, "out of memory for a table of %lu bindings", nb);
      return 0;
    }
  for (size_t i = 0; i < nb; i++)
    {
      size_t k = scm_i_eqtab_name_slot (slots, capacity, SCM_PACK (b[i].name));
      slots[2 * k] = b[i].name;
      slots[2 * k + 1] = b[i].binding;
    }
  fprintf (w->out, "\n/* A module's table: symbol, binding; by name "
           "hash.  */\nstatic const scm_t_bits %s[%zu] = {", name,
           2 * capacity);
  snprintf (w->site_array, sizeof w->site_array, "%s", name);
  for (size_t k = 0; k < 2 * capacity; k++)
    {
      fputs (k % 4 == 0 ? "\n  " : " ", w->out);
      w->site_index = k;
      if (slots[k] == 0)
        fputs ("0", w->out);
      else
        scm_i_writer_emit_word (w, slots[k]);
      fputc (',', w->out);
    }
  fputs ("\n};\n", w->out);
  free (slots);
  return capacity;
}

/* The library whose module is object I.  */
static int
l_of (struct writer *w, size_t i)
{
  return w->objs[i].lib;
}

/* A library module's three tables, written as static arrays laid out
   by name hash: ltL_scm_img (its bindings), loL_scm_img (the modules
   they came from), leL_scm_img (its exports by external name).  */
enum { MODULE_TABLE, MODULE_ORIGINS, MODULE_EXPORTS, MODULE_TABLES };
static const char module_table_letter[MODULE_TABLES] = { 't', 'o', 'e' };

/* The words of library module I: its tables are the static arrays of
   CAP[k] slots, COUNT[k] used; its fallback is set when the library is
   first used.  */
static void
emit_module_words (struct writer *w, size_t i, const size_t *cap,
                   const size_t *count)
{
  const struct scm_i_module *m = (const void *) w->objs[i].addr;
  struct scm_i_module img;
  memset (&img, 0, sizeof img);
  /* The payload of the header: how many of its imports are not the
     core's bindings, the room an import of the whole library takes in a
     module that copies the core.  */
  size_t not_core = 0;
  SCM core = scm_i_core_module ();
  for (SCM l = SCM_PACK (w->libs[l_of (w, i)].imports); scm_is_pair (l);
       l = SCM_CDR (l))
    not_core += !scm_is_eq (scm_i_module_binding (core, SCM_CAR (SCM_CAR (l))),
                            SCM_CAR (SCM_CDR (SCM_CAR (l))));
  /* Shared by every instance unless it holds state: immutable then,
     as scm_i_freeze_module makes a shared module.  */
  int stateful = w->libs[l_of (w, i)].stateful;
  img.header = SCM_MAKE_HEADER (SCM_HEADER_TC8 (m->header),
                                (SCM_HEADER_FLAGS (m->header)
                                 & ~(stateful ? 0 : SCM_I_MODULE_COPIES))
                                | (stateful ? 0 : SCM_I_MODULE_IMMUTABLE)
                                | SCM_I_MODULE_IMAGED
                                | (not_core == 0 ? SCM_I_MODULE_CORE_ONLY : 0),
                                not_core);
  img.name = m->name;
  img.file = m->file;
  img.exports = m->exports;
  img.exports_last = m->exports_last;
  img.lazy = SCM_EOL;           /* a library imports nothing lazily */
  struct scm_i_eqtab *tables[MODULE_TABLES]
    = { &img.table, &img.origins, &img.export_index };
  size_t slots_at[MODULE_TABLES];
  for (int t = 0; t < MODULE_TABLES; t++)
    {
      tables[t]->capacity = cap[t];
      tables[t]->count = count[t];
      tables[t]->by_name = tables[t]->read_only = 1;
      slots_at[t] = (size_t) ((const char *) &tables[t]->slots
                              - (const char *) &img);
    }
  const scm_t_bits *p = (const scm_t_bits *) &img;
  int l = w->objs[i].lib;
  size_t site = scm_i_writer_set_site (w, i);
  for (size_t k = 0; k < sizeof img / sizeof *p; k++)
    {
      size_t at = k * sizeof *p;
      w->site_index = site + k;
      int t = 0;
      while (t < MODULE_TABLES && slots_at[t] != at)
        t++;
      fputs (k % 4 == 0 ? "\n  " : " ", w->out);
      if (t < MODULE_TABLES)
        fprintf (w->out, "(scm_t_bits) l%c%d_scm_img", module_table_letter[t],
                 l);
      else if (at == offsetof (struct scm_i_module, name)
               || at == offsetof (struct scm_i_module, file)
               || at == offsetof (struct scm_i_module, exports)
               || at == offsetof (struct scm_i_module, exports_last))
        scm_i_writer_emit_word (w, p[k]);
      else
        fprintf (w->out, "%#lxUL", (unsigned long) p[k]);
      fputc (',', w->out);
    }
}


/* Each library: its module's two tables, its writable block (the
   module, its variables, any mutable object), the list of the
   libraries it uses, and its entry in the array libraries.  */
void
scm_i_writer_emit_libraries (struct writer *w)
{
  FILE *out = w->out;
  SCM core = scm_i_core_module ();
  for (int l = 0; l < w->nlibs; l++)
    {
      size_t mi = (size_t) w->libs[l].module;
      const struct scm_i_module *m = (const void *) w->objs[mi].addr;
      /* The origins that are the core are left out (the image cannot
         name the core module).  */
      const struct scm_i_eqtab *from[MODULE_TABLES]
        = { &m->table, &m->origins, &m->export_index };
      scm_t_bits skip[MODULE_TABLES] = { 0, SCM_UNPACK (core), 0 };
      size_t cap[MODULE_TABLES], count[MODULE_TABLES];
      for (int t = 0; t < MODULE_TABLES; t++)
        {
          struct binding *b;
          char name[32];
          count[t] = scm_i_writer_table_bindings (from[t], skip[t], &b);
          snprintf (name, sizeof name, "l%c%d_scm_img",
                    module_table_letter[t], l);
          cap[t] = emit_name_table (w, b, count[t], name);
          free (b);
        }
      fprintf (out, "\nstatic scm_t_bits lv%d_scm_imgvar[%zu] LIBVARS = {", l,
               w->libs[l].var_words);
      for (size_t i = 0; i < w->count; i++)
        if (scm_i_writer_in_block (w, i) && w->objs[i].lib == l)
          {
            if (w->objs[i].kind == OBJ_MODULE)
              emit_module_words (w, i, cap, count);
            else
              scm_i_writer_emit_object_words (w, i);
            if (w->objs[i].words % 2 != 0)
              fputs (" 0,", out);
          }
      fprintf (out, "\n};\nstatic const unsigned short ld%d_scm_img[] = {", l);
      int ndeps = 0;
      for (int d = 0; d < l; d++)
        if (w->libs[l].deps[d / 64] & ((uint64_t) 1 << (d % 64)))
          fprintf (out, "%s%d,", ndeps++ % 16 ? " " : "\n  ", d);
      fprintf (out, "%s%d\n};\n", ndeps % 16 ? " " : "\n  ", l);
      w->libs[l].ndeps = ndeps + 1;
    }
  if (w->nlibs == 0 || w->user)
    return;
  fprintf (out, "\nstatic const struct scm_i_library_image libraries[%d] = {",
           w->nlibs);
  for (int l = 0; l < w->nlibs; l++)
    {
      size_t mi = (size_t) w->libs[l].module;
      const struct scm_i_module *m = (const void *) w->objs[mi].addr;
      char *path = scm_i_to_utf8_stringn (w->libs[l].path, NULL);
      fprintf (out, "\n  { \"%s\", V (%s), lv%d_scm_imgvar, %zu, ld%d_scm_img, "
               "%d, %d, %d, %#x, ", path, scm_i_writer_oname (w, mi), l,
               w->libs[l].var_words,
               l, w->libs[l].ndeps, w->libs[l].stateful, m->fallback != NULL,
               w->libs[l].caps);
      fputs ("V (", out);
      scm_i_writer_emit_word (w, w->libs[l].imports);
      fputs (") },", out);
    }
  fprintf (out, "\n};\n");
}

void
scm_i_writer_emit_prelude (struct writer *w, struct binding *b, size_t nb,
                           const SCM *privates)
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
           "#else\n# define V(x) ((SCM) (x))\n#endif\n"
           "/* The writable data the collector does not scan by itself\n"
           "   (image.c): the libraries' blocks, scanned once in use, and\n"
           "   the core variables that never hold a heap pointer.  */\n"
           "#define LIBVARS SCM_ALIGNED (16) __attribute__ ((section (\"scm_libvars\")))\n"
           "extern scm_t_bits __start_scm_libvars[] SCM_INTERNAL;\n"
           "extern scm_t_bits __stop_scm_libvars[] SCM_INTERNAL;\n\n");
  for (size_t i = 0; i < w->count; i++)
    if (w->objs[i].kind == OBJ_SUBR
        && strcmp (w->objs[i].name, "scm_i_core_scope") != 0)
      fprintf (out, "SCM_INTERNAL extern const struct scm_static_subr %s;\n",
               w->objs[i].name);
  for (int l = 0; l < w->nlibs; l++)
    fprintf (out, "static scm_t_bits lv%d_scm_imgvar[%zu] LIBVARS;\n", l,
             w->libs[l].var_words);
  char *frozen = calloc (w->count + 1, 1);
  if (frozen == NULL)
    {
      scm_i_writer_fail (w, "out of memory for %lu objects",
                         (unsigned long) w->count);
      return;
    }
  for (size_t i = 0; i < w->count; i++)
    frozen[i] = w->objs[i].kind != OBJ_SUBR && frozen_core_variable (w, i);
  for (size_t i = 0; i < w->count; i++)
    if (w->objs[i].kind != OBJ_SUBR && !scm_i_writer_in_block (w, i))
      fprintf (out, "static %sscm_t_bits %s[%zu]%s;\n",
               w->objs[i].writable ? "" : "const ", scm_i_writer_oname (w, i),
               w->objs[i].words, frozen[i] ? " LIBVARS" : "");
  for (size_t i = 0; i < w->count; i++)
    if (w->objs[i].kind != OBJ_SUBR && !scm_i_writer_in_block (w, i))
      {
        fprintf (out, "static %sscm_t_bits %s[%zu] %s = {",
                 w->objs[i].writable ? "" : "const ", scm_i_writer_oname (w,
                                                                          i),
                 w->objs[i].words, frozen[i] ? "LIBVARS" : "SCM_ALIGNED (16)");
        scm_i_writer_emit_object_words (w, i);
        fprintf (out, "\n};\n");
      }

  fprintf (out, "\nstatic const long op_offsets[%d] = {", SCM_OP_COUNT);
  for (int op = 0; op < SCM_OP_COUNT; op++)
    fprintf (out, "%s%ld,", op % 8 == 0 ? "\n  " : " ",
             scm_i_op_label_offset (op));
  fprintf (out, "\n};\n");

  scm_i_writer_emit_libraries (w);
  size_t nsym = 0, nkw = 0;
  size_t symtab_capacity = emit_symbol_table (w, &nsym);
  fprintf (out, "\nstatic const SCM keywords[] = {");
  for (size_t i = 0; i < w->count; i++)
    {
      SCM x = SCM_PACK (w->objs[i].addr);
      if (w->objs[i].kind != OBJ_SUBR && !w->objs[i].atomic
          && !scm_is_pair (x) && SCM_HEADER_TC8 (SCM_HEADER (x)) == scm_tc8_keyword)
        fprintf (out, "%sV (%s),", nkw++ % 4 ? " " : "\n  ",
                 scm_i_writer_oname (w, i));
    }
  fprintf (out, "\n  V (0)\n};\n");
  size_t capacity = emit_name_table (w, b, nb, "core_slots_scm_img");
  fprintf (out, "\nstatic const SCM private_variables[%d] = {",
           SCM_I_INLINE_PRIMITIVE_COUNT);
  for (int row = 0; row < SCM_I_INLINE_PRIMITIVE_COUNT; row++)
    {
      fputs (row % 4 ? " V (" : "\n  V (", out);
      scm_i_writer_emit_word
        (w, SCM_UNPACK (privates[scm_i_inline_primitive_ops[row]]));
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
      scm_i_writer_emit_word (w, SCM_UNPACK (uniques[i].obj));
      fputs (") },", out);
    }
  fprintf (out, "\n  { 0, V (0) }\n};\n\nstatic const struct scm_i_prelude_image image = {\n"
           "  \"%s\", %#lxUL,\n  %d, op_offsets, %zu, %zu, symtab_scm_img, %zu, keywords, %zu, %zu, "
           "core_slots_scm_img,\n  private_variables, V (",
           PACKAGE_VERSION, scm_i_isa_hash (), SCM_OP_COUNT,
           symtab_capacity, nsym, nkw, capacity, nb);
  scm_i_writer_emit_word (w, SCM_UNPACK (scm_i_prelude_file ()));
  int unscanned = w->nlibs > 0;
  for (size_t i = 0; i < w->count; i++)
    unscanned |= frozen[i];
  free (frozen);
  fprintf (out, "),\n  %zu, uniques, %d, %s,\n  %s\n};\n\n"
           "const struct scm_i_prelude_image "
           "*const scm_i_prelude_image = &image;\n", nuniques, w->nlibs,
           w->nlibs > 0 ? "libraries" : "NULL",
           unscanned ? "__start_scm_libvars, __stop_scm_libvars" : "NULL, NULL");
}
