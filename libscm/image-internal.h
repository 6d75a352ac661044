/* image-internal.h -- the precompiled prelude (image-writer.c writes
   it at build time, image.c installs it at init)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_IMAGE_INTERNAL_H
#define SCM_IMAGE_INTERNAL_H

#include "scm-internal.h"

#include <stdio.h>
#include <libscm/snarf.h>

/* A definition the prelude made in the core module: NAME (a symbol of
   the image) bound to BINDING (a variable of the image, writable, or a
   macro).  */
struct scm_i_image_binding
{
  SCM name;
  SCM binding;
};

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
  /* Interned before any other symbol or keyword, so that they are the
     canonical ones.  */
  size_t symbol_count;
  const SCM *symbols;
  size_t keyword_count;
  const SCM *keywords;
  size_t binding_count;
  const struct scm_i_image_binding *bindings;
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
   source, and eval.c records the core module's bindings before it.  */
SCM_INTERNAL extern int scm_i_writing_image;
SCM_INTERNAL void scm_i_image_snapshot_core (void);
/* The snapshot: COUNT triples of symbol, binding, value (0 if the
   binding is not a variable).  */
SCM_INTERNAL const scm_t_bits *scm_i_image_core_snapshot (size_t *count);
/* Whether the heap object at ADDR was alive before the prelude.  */
SCM_INTERNAL int scm_i_image_preboot_p (scm_t_bits addr);
/* Write the image of the prelude compiled by scm_init to OUT.  Returns
   0, or -1 after printing why to stderr.  */
SCM_INTERNAL int scm_i_write_prelude_image (FILE *out);

/* The prelude's file name (eval.c).  */
SCM_INTERNAL SCM scm_i_prelude_file (void);

/* image.c: whether the image can be used (it exists and matches the
   VM), and installing it.  */
SCM_INTERNAL int scm_i_prelude_image_usable (void);
SCM_INTERNAL void scm_i_intern_image_symbols (void);
SCM_INTERNAL void scm_i_install_prelude_image (SCM core, SCM *private_variables,
                                               SCM *prelude_file);

#endif /* SCM_IMAGE_INTERNAL_H */
