/* image.h -- a program's own libraries as static data (scm-image)
   SPDX-License-Identifier: LGPL-3.0-or-later

   The installed tool scm-image compiles a program's libraries (.sld
   files, and those they import that are not built into libscm) into
   one C file that defines one scm_t_image: their code, constants,
   symbols and export tables as static constants, which the linker
   places in read-only data (RELRO), and their variables.  The program
   compiles and links that file and registers the image; from then on
   (import (myapp rules)) in any instance binds the library from the
   image, with no file on disk and nothing read or compiled.

     extern const scm_t_image myapp_image;
     scm_init ();
     scm_c_register_image (&myapp_image);

   The image refers into libscm's own static data by offsets within
   the libscm binary that wrote it, so it is only good with that
   binary: scm-image records its version, instruction-set hash and
   build identity, and registration refuses any other.  */

#ifndef SCM_IMAGE_H
#define SCM_IMAGE_H

#include <libscm/scm.h>

/* The fields below are written by scm-image; a program never reads or
   fills them.  */
#define SCM_IMAGE_MAGIC 0x73636d696d673032UL  /* "scmimg02" */

typedef struct scm_t_image_library
{
  SCM module;                   /* its module, static */
  scm_t_bits *vars;             /* its writable block */
  size_t var_words;
  const unsigned short *deps;   /* the image's libraries it uses, itself last */
  unsigned short ndeps;
  unsigned char stateful;       /* it assigns a variable or keeps state */
  unsigned char core_fallback;
  unsigned int caps;            /* the capabilities (instances.h) it reaches */
  const char *const *builtins;  /* libscm's imaged libraries it uses */
  SCM imports;                  /* what importing all of it binds */
  const char *file;             /* its file's name, a key of files */
} scm_t_image_library;

typedef struct scm_t_image
{
  unsigned long magic;          /* SCM_IMAGE_MAGIC */
  const char *name;             /* scm-image --name */
  const char *version;          /* the libscm that wrote it */
  unsigned long isa_hash;       /* its instruction set */
  unsigned long build;          /* its binary's identity */
  scm_t_bits check[2];          /* two of its addresses, relocated */
  size_t symbol_count;
  const SCM *symbols;
  size_t keyword_count;
  const SCM *keywords;
  /* The words of the image that hold one of them, and which (an index
     into symbols, then keywords): registration sets each to the symbol
     or keyword the program interned first, if it did.  */
  size_t site_count;
  scm_t_bits *const *sites;
  const unsigned *site_objects;
  int library_count;
  const scm_t_image_library *libraries;
  /* The text of the libraries' files and of the files they include:
     name, text, name, text, ..., NULL.  An instance that cannot use
     the image's variables of a library with state (another instance
     owns them) compiles the library from this text.  */
  const char *const *files;
} scm_t_image;

/* Register IMAGE: (import NAME) of any library it holds, in any
   instance, then binds the library from the image, before the load
   path is searched.  A library with state (it assigns its variables)
   has the image's variables in the first instance that imports it;
   each other instance compiles the text the image carries, and so
   has variables of its own.  Call it after scm_init, before or after instances
   exist, from any thread (registration is locked).  The image's
   symbols are interned; where the program interned a name first, the
   image's words that hold its copy are set to the program's symbol.

   Raises an implementation-restriction error, and registers nothing,
   if IMAGE was written by another libscm (its version, instruction-set
   hash or binary differ: the message names the image's and this
   libscm's), if it is registered already, or if another registered
   image holds a library of the same name.  */
SCM_API void scm_c_register_image (const scm_t_image *image);
/* The same, returning 0, or -1 with *ERROR set to the error raised.  */
SCM_API int scm_c_register_image_protected (const scm_t_image *image,
                                            SCM *error);

/* Write to the file OUT (a C file) the image named NAME (a C
   identifier) of the libraries that the .sld files FILES[0..NFILES)
   define, with every library they import that is not built into
   libscm, found in the directories DIRS[0..NDIRS) (added to
   %load-path).  Diagnostics go to stderr.  Returns 0, or -1 with OUT
   not written.  This is what the scm-image program does; the image is
   good only for the libscm binary that runs this.  */
SCM_API int scm_c_write_image (const char *out, const char *name,
                               const char *const *files, size_t nfiles,
                               const char *const *dirs, size_t ndirs);

/* The compiled file of the library source file SOURCE in the cache:
   $XDG_CACHE_HOME/libscm/VERSION-BUILD/SOURCE.so, with SOURCE made
   absolute (~/.cache without XDG_CACHE_HOME), which scm compile
   writes and import loads, for this libscm binary; malloc'd, NULL if
   SOURCE does not exist or there is no cache directory.  */
SCM_API char *scm_c_compiled_file_name (const char *source);

#endif /* SCM_IMAGE_H */
