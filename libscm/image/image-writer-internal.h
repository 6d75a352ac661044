/* image-writer-internal.h -- what the two image writers share
   SPDX-License-Identifier: LGPL-3.0-or-later

   The walk of the objects an image holds (snarf/image-writer.c) and
   the emission of their words (snarf/image-emit.c) write libscm's own
   image at build time; image/user-image-writer.c writes a program's
   libraries as an image with them (scm_c_write_image).  This header is
   theirs alone: the writer's state and the steps each calls of the
   others.  */

#ifndef SCM_IMAGE_WRITER_INTERNAL_H
#define SCM_IMAGE_WRITER_INTERNAL_H

#include "runtime/scm-internal.h"
#include "image/image-internal.h"

#include <stdint.h>
#include <stdio.h>

struct dl_phdr_info;

/* ------------------------------------------------------------------ */
/* The objects found, in the order found, and the writer's state.  */

enum obj_kind
{
  OBJ_HEAP,                     /* a heap object, copied */
  OBJ_STATIC_COPY,              /* a static symbol, keyword, string, stringbuf */
  OBJ_SUBR,                     /* a static subr, referenced by name */
  OBJ_MODULE,                   /* a built-in library's module */
  OBJ_EXTERN                    /* a user image's reference to libscm's
                                   static data (user-image.c) */
};

/* The most built-in libraries the image holds.  */
#define MAX_LIBS 256

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
  int lib;                      /* the library it belongs to, -1: the prelude */
  int fixed;                    /* reached from a module's name or exports,
                                   or a code object's header: never changed */
  size_t off;                   /* a library's writable object: its offset
                                   in the library's block, in words */
  int layout;                   /* LAYOUT_*: which words hold pointers */
  int assigned;                 /* a variable some code assigns (GSET) */
  int srcmap;                   /* a source map without debug data */
};

/* The blocks of raw words that may hold pointers at known places: a
   source map with debug data (its last word points to the debug data),
   and the debug data (struct scm_i_code_debug).  Only those words are
   walked; the others, positions and counts, are numbers, whatever
   their value.  */
enum { LAYOUT_OBJECT, LAYOUT_SRCMAP, LAYOUT_DEBUG };

/* A built-in library the image holds.  */
struct lib
{
  SCM path;                     /* "srfi/1.sld" */
  long module;                  /* its module's object */
  scm_t_bits imports;           /* its list of imports (library_imports) */
  size_t var_words;             /* its writable block */
  int stateful;
  /* The capabilities (instances.h) of the core variables it reaches,
     its dependencies' included: an instance without one of them
     compiles the library's text, where the lookup hides them.  */
  unsigned caps;
  int ndeps;
  uint64_t deps[MAX_LIBS / 64]; /* the libraries it uses, transitively */
  /* A user image's library: the libraries of libscm's image it uses.  */
  uint64_t builtin[MAX_LIBS / 64];
};

struct site
{
  char array[48];
  size_t index;
  size_t obj;
};

struct cap_var
{
  scm_t_bits addr;
  unsigned cap;
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
  /* w->errors when the library being walked began: only its first
     reason to stay text is described (all of them with
     SCM_IMAGE_VERBOSE set), so that the build log stays readable.  */
  int lib_errors;
  struct lib libs[MAX_LIBS];
  int nlibs;
  /* While a library is walked: its index (-1: the prelude), and its
     own variables (those of its table imported from nowhere).  */
  int lib;
  scm_t_bits *own_vars;
  size_t n_own_vars;
  /* Every variable of every library's table, sorted.  */
  scm_t_bits *lib_vars;
  size_t n_lib_vars;
  /* The built-in libraries: a list of (path . module).  */
  SCM libraries;
  /* The core's variables that need a capability, sorted by address.  */
  struct cap_var *cap_vars;
  size_t n_cap_vars;
  /* Writing a user image (user-image.c): libscm's static data is
     referenced, as offsets from ANCHOR, never copied.  */
  int user;
  uintptr_t anchor;
  /* The words that hold a symbol or keyword the image copies: where
     scm_i_writer_emit_word writes now (SITE_ARRAY[SITE_INDEX]), and
     each such word written, with its object.  */
  char site_array[48];
  size_t site_index;
  struct site *sites;
  size_t nsites, sites_capacity;
};
/* A binding of a module's table: its name and its variable.  */
struct binding { scm_t_bits name, binding; };

/* ------------------------------------------------------------------ */
/* The walk (snarf/image-writer.c).  */

/* Whether word K of block P (of LAYOUT, LAYOUT_*) holds a pointer.  */
SCM_INTERNAL int scm_i_writer_layout_pointer_word_p (int layout,
                                                     const scm_t_bits *p,
                                                     size_t k);
/* Whether X is a word-aligned address in libscm's static data
   (W->static_lo to W->static_hi).  */
SCM_INTERNAL int scm_i_writer_is_static (struct writer *w, scm_t_bits x);
/* The entries of table T whose value is not SKIP, in the order of
   their names: their number, in *B (malloc'd; NULL if memory ran
   out).  */
SCM_INTERNAL size_t scm_i_writer_table_bindings
  (const struct scm_i_eqtab *t, scm_t_bits skip, struct binding **b);
/* The name a variable of the core module has there, or 0.  */
SCM_INTERNAL scm_t_bits scm_i_writer_core_name_of (scm_t_bits binding);

/* Sort every variable of the tables of LIBRARIES, a list of
   (path . module), into W->lib_vars.  */
SCM_INTERNAL void scm_i_writer_collect_library_variables (struct writer *w,
                                                          SCM libraries);
/* The core's variables that need a capability, by the names
   modules.c gives one at each start (the generator runs without).  */
SCM_INTERNAL void scm_i_writer_collect_capability_variables
  (struct writer *w);
/* Print FMT (with X) to stderr as the reason the walk fails, and
   count the error.  */
SCM_INTERNAL void scm_i_writer_fail (struct writer *w, const char *fmt,
                                     scm_t_bits x);
/* The index of the object at ADDR, or -1.  0 is no address (and the
   key of every empty slot): an operand word 0 must not find one.  */
SCM_INTERNAL long scm_i_writer_find (struct writer *w, scm_t_bits addr);
/* Append object O to the objects found; its index, or -1 when out of
   memory.  */
SCM_INTERNAL long scm_i_writer_add (struct writer *w, struct obj o);
/* A dl_iterate_phdr callback: the range of libscm's static data, in
   W (DATA).  */
SCM_INTERNAL int scm_i_writer_find_static_range (struct dl_phdr_info *info,
                                                 size_t size, void *data);
/* Walk library PATH, whose module is M, into the image; if it cannot
   be static, leave it out (W->nlibs does not grow).  */
SCM_INTERNAL void scm_i_writer_image_library (struct writer *w, SCM path,
                                              SCM m, const SCM *privates);
/* Each library's writable objects: their offsets in its block.  */
SCM_INTERNAL void scm_i_writer_lay_out_blocks (struct writer *w);

/* ------------------------------------------------------------------ */
/* The emission (snarf/image-emit.c).  */

/* Whether object I is in its library's writable block.  */
SCM_INTERNAL int scm_i_writer_in_block (struct writer *w, size_t i);
/* The C name of object I (a static buffer, valid until the next
   call).  */
SCM_INTERNAL const char *scm_i_writer_oname (struct writer *w, size_t i);
/* Write word X of an object as C: a number, or a reference to the
   object it points to.  */
SCM_INTERNAL void scm_i_writer_emit_word (struct writer *w, scm_t_bits x);
/* Write the words of object I, as the initialiser of its array.  */
SCM_INTERNAL void scm_i_writer_emit_object_words (struct writer *w,
                                                  size_t i);
/* A code object's source map names macros by their index in a table
   of this process: the image keeps positions and drops the names.  */
SCM_INTERNAL void scm_i_writer_clear_srcmap_macros (struct writer *w);
/* Each library: its module's two tables, its writable block (the
   module, its variables, any mutable object), the list of the
   libraries it uses, and its entry in the array libraries.  */
SCM_INTERNAL void scm_i_writer_emit_libraries (struct writer *w);
/* The prelude's image: every object found, the symbol table, the core
   module's NB bindings B, PRIVATES (the core's private variables by
   opcode) and the libraries, to W->out.  */
SCM_INTERNAL void scm_i_writer_emit_prelude (struct writer *w,
                                             struct binding *b, size_t nb,
                                             const SCM *privates);

/* ------------------------------------------------------------------ */
/* A user image's references (image/user-image-writer.c), which the
   walk and the emission call when W->user is set.  */

/* Note X, in libscm's static data, as a reference; its index.  */
SCM_INTERNAL long scm_i_writer_note_extern (struct writer *w, scm_t_bits x);
/* Object I's words are written next: where they go.  Returns the
   index of its first word in the array named w->site_array.  */
SCM_INTERNAL size_t scm_i_writer_set_site (struct writer *w, size_t i);
/* The word being written holds object I: record where, if it is a
   symbol or keyword the image copies.  */
SCM_INTERNAL void scm_i_writer_note_site (struct writer *w, long i);

#endif
