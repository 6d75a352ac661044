/* image-internal.h -- the precompiled prelude (image-writer.c writes
   it at build time, image.c installs it at init)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_IMAGE_INTERNAL_H
#define SCM_IMAGE_INTERNAL_H

#include "runtime/scm-internal.h"
#include "values/hashtab-internal.h"

#include <stdio.h>
#include <libscm/snarf.h>

/* An object C code makes at init and compares by identity (a marker),
   which the prelude's data may hold: it must be the image's copy.  */
struct scm_i_image_unique
{
  const char *name;
  SCM obj;
};

struct scm_i_prelude_image
{
  /* The offset of each instruction's implementation from scm_i_vm_run,
     as the generator saw them: the VM checks them at init, and the
     library compiles the prelude from source if they differ.  */
  size_t op_count;
  const long *op_offsets;
  /* The canonical symbols of their names: a read-only table of
     SYMTAB_CAPACITY slots (symbols or 0) laid out by name hash, which
     the symbol table looks in first (symbols.c); SYMBOL_COUNT used.
     The keywords are interned before any other.  */
  size_t symtab_capacity;
  size_t symbol_count;
  const scm_t_bits *symtab;
  size_t keyword_count;
  const SCM *keywords;
  /* The core module's table, every binding of it (primitives, core
     forms, the prelude's definitions), laid out by name hash
     (hashtab.c): CORE_CAPACITY pairs of words, CORE_COUNT used.  */
  size_t core_capacity;
  size_t core_count;
  const scm_t_bits *core_slots;
  /* The guards of the prelude's inline primitives (eval.c), by
     opcode, #f for none.  */
  const SCM *private_variables;
  SCM prelude_file;
  size_t unique_count;
  const struct scm_i_image_unique *uniques;
};

/* C init code calls this on each object it makes that the prelude may
   hold and that is compared by identity: it returns the image's copy
   of the object registered as NAME, if the image is used, else OBJ.
   The generator records the pair.  */
SCM_INTERNAL SCM scm_i_image_unique (const char *name, SCM obj);
/* The generator's record: COUNT pairs.  */
SCM_INTERNAL const struct scm_i_image_unique *
scm_i_image_recorded_uniques (size_t *count);

/* The image the library was linked with: prelude-image.c, generated;
   NULL in the generator itself (prelude-none.c).  */
SCM_INTERNAL extern const struct scm_i_prelude_image *const scm_i_prelude_image;

/* A static subr and its C name: subr-index.c, generated from the
   snarfed .x files, linked into the generator only.  */
struct scm_i_subr_name
{
  const void *subr;
  const char *name;
};
SCM_INTERNAL extern const struct scm_i_subr_name scm_i_subr_names[];
SCM_INTERNAL extern const size_t scm_i_subr_name_count;

/* Set by the generator before scm_init: the prelude is compiled from
   source, and eval.c records the heap objects alive before it.  */
SCM_INTERNAL extern int scm_i_writing_image;
SCM_INTERNAL void scm_i_image_snapshot_core (void);
/* Whether the heap object at ADDR was alive before the prelude.  */
SCM_INTERNAL int scm_i_image_preboot_p (scm_t_bits addr);
/* Write the image of the prelude compiled by scm_init to OUT.  Returns
   0, or -1 after printing why to stderr.  */
SCM_INTERNAL int scm_i_write_prelude_image (FILE *out);

/* The prelude's file name (eval.c).  */
SCM_INTERNAL SCM scm_i_prelude_file (void);

/* image.c: whether the image can be used (it exists and matches the
   VM), whether this run uses it (not the generator, nor
   SCM_PRELUDE_FROM_SOURCE=1), and installing it.  */
SCM_INTERNAL int scm_i_prelude_image_usable (void);
SCM_INTERNAL int scm_i_prelude_image_in_use (void);
/* The core module's table from the image, if this run uses it: T is
   set and 1 returned; else 0.  */
SCM_INTERNAL int scm_i_image_core_table (struct scm_i_eqtab *t);
SCM_INTERNAL void scm_i_intern_image_symbols (void);
SCM_INTERNAL void scm_i_install_prelude_image (SCM core, SCM *private_variables,
                                               SCM *prelude_file);

#endif /* SCM_IMAGE_INTERNAL_H */
