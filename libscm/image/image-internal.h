/* image-internal.h -- the precompiled prelude (image-writer.c writes
   it at build time, image.c installs it at init)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_IMAGE_INTERNAL_H
#define SCM_IMAGE_INTERNAL_H

#include "runtime/scm-internal.h"
#include "values/hashtab-internal.h"

#include <stdio.h>
#include <libscm/snarf.h>
#include <libscm/image.h>

/* An object C code makes at init and compares by identity (a marker),
   which the prelude's data may hold: it must be the image's copy.  */
struct scm_i_image_unique
{
  const char *name;
  SCM obj;
};

/* A built-in library precompiled into the image: its module (a static
   object whose tables are static too, laid out by name hash), and its
   writable objects (variables, boxes, the module itself) in one block
   of the section scm_libvars, which the collector scans only once the
   library is in use.  */
struct scm_i_library_image
{
  const char *path;             /* "srfi/1.sld", as the text is named */
  SCM module;
  scm_t_bits *vars;             /* the writable block */
  size_t var_words;
  /* The image's libraries this one uses (indices, each before its
     users), itself last.  */
  const unsigned short *deps;
  unsigned short ndeps;
  /* Whether the library holds state (a variable it assigns, a mutable
     object): then one instance owns the image's copy, and the others
     compile the library's text, as without an image.  */
  unsigned char stateful;
  /* Whether its fallback is the core module, set when first used (the
     core module is made at init).  */
  unsigned char core_fallback;
  /* The capabilities (instances.h) of the core variables its code and
     exports reach, its dependencies' included: an instance that lacks
     one compiles the text, where the lookup hides them, so that no
     imaged library lends it what it may not reach.  */
  unsigned char caps;
  /* What importing the whole library imports: a static list of (name
     binding . module), as library_imports makes it (libraries.c).  */
  SCM imports;
};

struct scm_i_prelude_image
{
  /* The libscm version and the instruction-set hash
     (scm_i_isa_hash) the image was made for.  */
  const char *version;
  unsigned long isa_hash;
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
  /* The guards of the prelude's inline primitives (eval.c), by the
     row of their opcode (vm-internal.h).  */
  const SCM *private_variables;
  SCM prelude_file;
  size_t unique_count;
  const struct scm_i_image_unique *uniques;
  size_t library_count;
  const struct scm_i_library_image *libraries;
  /* The section scm_libvars, which the collector does not scan: the
     libraries' writable blocks (pushed once in use) and the core
     variables that never hold a heap pointer (frozen, assigned by no
     code, not set by C init: image-writer.c); NULL, NULL if empty.  */
  scm_t_bits *unscanned_lo, *unscanned_hi;
};

/* A hash of the instruction table (names, operand counts and kinds):
   an image made for another instruction set is refused.  A constant
   computed at build time; scm_i_isa_hash_of_tables computes it from
   the tables at run time (test-image-check: the two agree).  */
SCM_INTERNAL unsigned long scm_i_isa_hash (void);
SCM_INTERNAL unsigned long scm_i_isa_hash_of_tables (void);
/* Whether image IM was made for this libscm and instruction set; if
   not and WHO is not NULL, raises an error naming both versions and
   hashes.  */
SCM_INTERNAL int scm_i_image_matches (const struct scm_i_prelude_image *im,
                                      const char *who);

/* The module of the built-in library whose text is PATH ("srfi/1.sld")
   from the image, registered in the current instance with the image's
   libraries it uses; #f if the image does not hold it (or another
   instance owns its state), and the caller compiles the text.  */
SCM_INTERNAL SCM scm_i_image_library (const char *path);
/* For the generator: load every built-in library; a list of (path .
   module), each after the libraries it imports (libraries.c).  */
SCM_INTERNAL SCM scm_i_load_builtin_libraries (void);
/* Every export of module M as an import (name binding . M)
   (libraries.c); for an imaged library, the image's list.  */
SCM_INTERNAL SCM scm_i_library_imports (SCM m);
/* The image's list of imports of library module M (flagged
   SCM_I_MODULE_IMAGED), or #f.  */
SCM_INTERNAL SCM scm_i_image_library_imports (SCM m);

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
/* Write the image of the prelude compiled by scm_init, and of the
   LIBRARIES (scm_i_load_builtin_libraries) that can be, to OUT.  Returns
   0, or -1 after printing why to stderr.  */
SCM_INTERNAL int scm_i_write_prelude_image (FILE *out, SCM libraries);
/* Write to OUT the docstrings of the procedures that BOOT_FILE (the
   prelude's source) defines, as scm-snarf -d records; 0 on success
   (snarf/prelude-doc.c).  */
SCM_INTERNAL int scm_i_write_prelude_doc (FILE *out, const char *boot_file);

/* user-image-writer.c: the image of the program's libraries MINE, a list
   of (name-string . module) each after those it uses, written to OUT
   as the C object NAME (FILE: the file's name, for its comment); ALL
   lists every library loaded from text, libscm's too; BUILD is the
   identity of this libscm binary; FILES (NFILES names) are the files
   whose text the image carries (the libraries' and those they
   include).  0, or -1 after printing why.  */
SCM_INTERNAL int scm_i_write_user_image (FILE *out, const char *name,
                                         const char *file, SCM mine, SCM all,
                                         unsigned long build,
                                         char *const *files, size_t nfiles);
/* A library of a registered image that the current instance compiles
   from the text the image carries: its file's name and the image's
   files (scm_t_image's files).  */
struct scm_i_image_text
{
  const char *file;
  const char *const *files;
};
/* The module of library NAME from a registered image
   (scm_c_register_image), registered in the current instance with the
   libraries it uses; #f if no registered image holds it, or if this
   instance cannot use the image's variables (another instance owns
   the state of the library or of one it uses): then TEXT says where
   the image keeps its text, which the caller compiles.  Raises an
   error if the library reaches what the instance may not.  */
SCM_INTERNAL SCM scm_i_user_image_library (SCM name,
                                           struct scm_i_image_text *text);
/* The module of library NAME, whose text is the file FILE, from its
   compiled file in the cache (scm compile), if there is one that is
   newer than FILE and was built by this libscm: registered in the
   current instance; else #f (with a note on the current error port
   for a stale or foreign file).  */
SCM_INTERNAL SCM scm_i_compiled_library (SCM name, SCM file);
/* The import list of a registered image's library module M, or #f.  */
SCM_INTERNAL SCM scm_i_user_image_imports (SCM m);

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
