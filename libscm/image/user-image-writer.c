/* user-image-writer.c -- write a program's libraries as an image
   SPDX-License-Identifier: LGPL-3.0-or-later

   scm_c_write_image (user-image.c, the installed scm-image) writes the
   libraries a program loaded from its own files with the walk and the
   emission of snarf/image-writer.c, the writer of libscm's own image
   (image-writer-internal.h is what they share).  This file holds what
   only a user image has: its references into libscm's static data, the
   words that hold its symbols and keywords, its libraries' table, the
   text of its files, and the C file around them.  */

#include "runtime/scm-internal.h"
#include "vm/vm-internal.h"
#include "expand/ast-internal.h"
#include "modules/modules-internal.h"
#include "values/strings-internal.h"
#include "image/image-internal.h"
#include "image/image-writer-internal.h"

#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libscm/image.h>
#include <libscm/symbols.h>

/* A user image (user-image.c, the installed scm-image): the libraries
   a program loaded from its own files, written as the built-in ones
   are, but into a C file compiled outside libscm.  Whatever lies in
   libscm's static data (its image's symbols, variables, modules and
   code, the static subrs, the VM's instructions) is referenced, never
   copied: as its offset from scm_c_register_image, which the dynamic
   linker relocates, so that the references hold only in a process
   running the very libscm binary the tool ran (the image records that
   binary's identity, and scm_c_register_image checks it).  */

/* Note X, in libscm's static data, as a reference; if it lies in the
   writable block of one of libscm's imaged libraries, the library
   being walked uses that library.  */
long
scm_i_writer_note_extern (struct writer *w, scm_t_bits x)
{
  const struct scm_i_prelude_image *im = scm_i_prelude_image;
  for (size_t k = 0; w->lib >= 0 && im != NULL && k < im->library_count
         && k < MAX_LIBS; k++)
    {
      const struct scm_i_library_image *lib = &im->libraries[k];
      if (x >= (scm_t_bits) lib->vars
          && x < (scm_t_bits) (lib->vars + lib->var_words))
        w->libs[w->lib].builtin[k / 64] |= (uint64_t) 1 << (k % 64);
    }
  long i = scm_i_writer_find (w, x);
  if (i >= 0)
    return i;
  return scm_i_writer_add (w, (struct obj) { .addr = x, .kind = OBJ_EXTERN,
                           .atomic = 1,
                                .parent = -1, .lib = -1 });
}

/* Whether object I is a copied symbol (TC8 scm_tc8_symbol) or keyword
   that the program interned: registering the image interns it.  */
static int
user_interned_p (struct writer *w, size_t i, int tc8)
{
  SCM x = SCM_PACK (w->objs[i].addr);
  if (w->objs[i].kind != OBJ_HEAP || w->objs[i].atomic || scm_is_pair (x)
      || (int) SCM_HEADER_TC8 (SCM_HEADER (x)) != tc8)
    return 0;
  return tc8 == scm_tc8_keyword || scm_is_true (scm_symbol_interned_p (x));
}

/* Object I's words are written next: where they go.  Returns the
   index of its first word in the array named w->site_array.  */
size_t
scm_i_writer_set_site (struct writer *w, size_t i)
{
  if (scm_i_writer_in_block (w, i))
    {
      snprintf (w->site_array, sizeof w->site_array, "lv%d_scm_imgvar",
                w->objs[i].lib);
      return w->objs[i].off;
    }
  snprintf (w->site_array, sizeof w->site_array, "%s", scm_i_writer_oname (w,
                                                                           i));
  return 0;
}

/* The word being written holds object I: record where, if I is a
   symbol or keyword the image copies, which registration interns and
   may have to replace by the one a program interned first.  */
void
scm_i_writer_note_site (struct writer *w, long i)
{
  if (w->site_array[0] == '\0'
      || !(user_interned_p (w, (size_t) i, scm_tc8_symbol)
           || user_interned_p (w, (size_t) i, scm_tc8_keyword)))
    return;
  if (w->nsites == w->sites_capacity)
    {
      size_t cap = w->sites_capacity == 0 ? 256 : 2 * w->sites_capacity;
      struct site *sites = realloc (w->sites, cap * sizeof *sites);
      if (sites == NULL)
        {
          scm_i_writer_fail (w, "out of memory after %lu symbol sites",
                             w->nsites);
          return;
        }
      w->sites = sites, w->sites_capacity = cap;
    }
  struct site *site = &w->sites[w->nsites++];
  memcpy (site->array, w->site_array, sizeof site->array);
  site->index = w->site_index;
  site->obj = (size_t) i;
}

/* The sites (scm_i_writer_note_site), and for each the index of its
   object in the arrays symbols then keywords; their number.  */
static size_t
emit_user_sites (struct writer *w)
{
  size_t *index = calloc (w->count + 1, sizeof *index);
  if (index == NULL)
    {
      scm_i_writer_fail (w, "out of memory for %lu objects", w->count);
      return 0;
    }
  size_t n = 0;
  for (int t = 0; t < 2; t++)
    for (size_t i = 0; i < w->count; i++)
      if (user_interned_p (w, i, t == 0 ? scm_tc8_symbol : scm_tc8_keyword))
        index[i] = n++;
  fprintf (w->out, "\n/* The words that hold the image's symbols and keywords, "
           "and which.  */\nstatic scm_t_bits *const sites[] = {");
  for (size_t k = 0; k < w->nsites; k++)
    fprintf (w->out, "\n  (scm_t_bits *) &%s[%zu],", w->sites[k].array,
             w->sites[k].index);
  fprintf (w->out, "\n  0\n};\nstatic const unsigned site_objects[] = {");
  for (size_t k = 0; k < w->nsites; k++)
    fprintf (w->out, "%s%zu,", k % 16 ? " " : "\n  ", index[w->sites[k].obj]);
  fprintf (w->out, "\n  0\n};\n");
  free (index);
  return w->nsites;
}

/* The array NAME of the interned objects of type TC8; their number.  */
static size_t
emit_user_interned (struct writer *w, const char *name, int tc8)
{
  size_t n = 0;
  fprintf (w->out, "\nstatic const SCM %s[] = {", name);
  for (size_t i = 0; i < w->count; i++)
    if (user_interned_p (w, i, tc8))
      fprintf (w->out, "%sV (%s),", n++ % 4 ? " " : "\n  ",
               scm_i_writer_oname (w, i));
  fprintf (w->out, "\n  V (0)\n};\n");
  return n;
}

static const char *module_file (const struct scm_i_module *m);
static void emit_c_string (FILE *out, const char *s);

static void
emit_user_libraries (struct writer *w)
{
  FILE *out = w->out;
  const struct scm_i_prelude_image *im = scm_i_prelude_image;
  for (int l = 0; l < w->nlibs; l++)
    {
      fprintf (out, "\nstatic const char *const lb%d_scm_img[] = {", l);
      for (size_t k = 0; k < im->library_count && k < MAX_LIBS; k++)
        if (w->libs[l].builtin[k / 64] & ((uint64_t) 1 << (k % 64)))
          fprintf (out, "\n  \"%s\",", im->libraries[k].path);
      fprintf (out, "\n  0\n};\n");
    }
  fprintf (out, "\nstatic const scm_t_image_library libraries[%d] = {",
           w->nlibs);
  for (int l = 0; l < w->nlibs; l++)
    {
      size_t mi = (size_t) w->libs[l].module;
      const struct scm_i_module *m = (const void *) w->objs[mi].addr;
      fprintf (out, "\n  { V (%s), lv%d_scm_imgvar, %zu, ld%d_scm_img, %d, "
               "%d, %d, %#x, lb%d_scm_img, V (", scm_i_writer_oname (w, mi), l,
               w->libs[l].var_words, l, w->libs[l].ndeps, w->libs[l].stateful,
               m->fallback != NULL, w->libs[l].caps, l);
      scm_i_writer_emit_word (w, w->libs[l].imports);
      fputs ("), ", out);
      emit_c_string (out, module_file (m));
      fputs (" },", out);
    }
  fprintf (out, "\n};\n");
}

/* The name of the file module M was loaded from, "" if none.  */
static const char *
module_file (const struct scm_i_module *m)
{
  return scm_is_string (m->file) ? scm_i_to_utf8_stringn (m->file, NULL) : "";
}

/* S as a C string literal, a line of the text to a line of C.  */
static void
emit_c_string (FILE *out, const char *s)
{
  fputc ('"', out);
  for (const unsigned char *p = (const void *) s; *p != '\0'; p++)
    if (*p == '"' || *p == '\\')
      fprintf (out, "\\%c", *p);
    else if (*p == '\n')
      fputs (p[1] != '\0' ? "\\n\"\n  \"" : "\\n", out);
    else if (*p < ' ' || *p == 127 || *p == '?')
      /* Octal, three digits: no digit after it extends it; '?' so that
         no trigraph forms.  */
      fprintf (out, "\\%03o", *p);
    else
      fputc (*p, out);
  fputc ('"', out);
}

/* The contents of file PATH, malloc'd, or NULL.  (Its size first: a
   library's file is a regular file.)  */
static char *
file_text (const char *path)
{
  FILE *f = fopen (path, "rb");
  char *text = NULL;
  long size = -1;
  if (f != NULL && fseek (f, 0, SEEK_END) == 0)
    size = ftell (f);
  if (size >= 0 && fseek (f, 0, SEEK_SET) == 0)
    text = malloc ((size_t) size + 1);
  if (text != NULL && fread (text, 1, (size_t) size, f) != (size_t) size)
    {
      free (text);
      text = NULL;
    }
  if (text != NULL)
    text[size] = '\0';
  if (f != NULL)
    fclose (f);
  return text;
}

/* Emit the table of the files' texts: each library's file, then each
   of FILES that is not one of them (those they include).  An instance
   that cannot use a library's variables compiles it from this text.  */
static void
emit_user_files (struct writer *w, char *const *files, size_t nfiles)
{
  FILE *out = w->out;
  size_t n = (size_t) w->nlibs + nfiles;
  const char **names = malloc ((n + 1) * sizeof *names);
  size_t count = 0;
  if (names == NULL)
    {
      fprintf (stderr, "scm-image: out of memory\n");
      w->errors++;
      return;
    }
  for (size_t i = 0; i < n; i++)
    {
      const char *name = i < (size_t) w->nlibs
        ? module_file ((const void *) w->objs[w->libs[i].module].addr)
        : files[i - (size_t) w->nlibs];
      int seen = name[0] == '\0';
      for (size_t k = 0; k < count && !seen; k++)
        seen = strcmp (names[k], name) == 0;
      if (!seen)
        names[count++] = name;
    }
  fprintf (out, "\n/* The text of the libraries' files, and of those they "
           "include.  */\nstatic const char *const files[] = {");
  for (size_t k = 0; k < count; k++)
    {
      char *text = file_text (names[k]);
      if (text == NULL)
        {
          fprintf (stderr, "scm-image: cannot read %s again to keep its "
                   "text in the image\n", names[k]);
          w->errors++;
          continue;
        }
      fputs ("\n  ", out);
      emit_c_string (out, names[k]);
      fputs (",\n  ", out);
      emit_c_string (out, text);
      fputc (',', out);
      free (text);
    }
  fprintf (out, "\n  0\n};\n");
  free (names);
}

static void
emit_user (struct writer *w, const char *name, const char *file,
           unsigned long build, char *const *files, size_t nfiles)
{
  FILE *out = w->out;
  fprintf (out, "/* %s -- a libscm image written by scm-image: do not edit.\n"
           "   It holds offsets into the libscm binary that wrote it: build\n"
           "   it into a program or library linked with that very binary,\n"
           "   and register it with scm_c_register_image (&%s).  */\n\n"
           "#include <libscm.h>\n\n"
           "#if !defined __PIC__ && !defined __PIE__\n"
           "# error \"compile libscm images with -fPIC or -fPIE\"\n#endif\n\n"
           "/* An address in libscm, and an instruction.  */\n"
           "#define X(off) ((scm_t_bits) ((const char *) "
           "&scm_c_register_image + (off)))\n"
           "#define I(off) X (%ldL + (off))\n"
           "#if SCM_DEBUG_TYPING_STRICT\n# define V(x) { (scm_t_bits) (x) }\n"
           "#else\n# define V(x) ((SCM) (x))\n#endif\n"
           "#define LIBVARS SCM_ALIGNED (16)\n\n", file, name,
           (long) ((uintptr_t) &scm_i_vm_run - w->anchor));
  for (int l = 0; l < w->nlibs; l++)
    fprintf (out, "static scm_t_bits lv%d_scm_imgvar[%zu] LIBVARS;\n", l,
             w->libs[l].var_words);
  for (size_t i = 0; i < w->count; i++)
    if (w->objs[i].kind == OBJ_HEAP && !scm_i_writer_in_block (w, i))
      fprintf (out, "static %sscm_t_bits %s[%zu];\n",
               w->objs[i].writable ? "" : "const ", scm_i_writer_oname (w, i),
               w->objs[i].words);
  for (size_t i = 0; i < w->count; i++)
    if (w->objs[i].kind == OBJ_HEAP && !scm_i_writer_in_block (w, i))
      {
        fprintf (out, "static %sscm_t_bits %s[%zu] SCM_ALIGNED (16) = {",
                 w->objs[i].writable ? "" : "const ", scm_i_writer_oname (w,
                                                                          i),
                 w->objs[i].words);
        scm_i_writer_emit_object_words (w, i);
        fprintf (out, "\n};\n");
      }
  scm_i_writer_emit_libraries (w);
  w->site_array[0] = '\0';
  emit_user_libraries (w);
  size_t nsym = emit_user_interned (w, "symbols", scm_tc8_symbol);
  size_t nkw = emit_user_interned (w, "keywords", scm_tc8_keyword);
  size_t nsites = emit_user_sites (w);
  emit_user_files (w, files, nfiles);
  fprintf (out, "\nconst scm_t_image %s = {\n  SCM_IMAGE_MAGIC, \"%s\", "
           "\"%s\", %#lxUL, %#lxUL,\n  { X (%ld), X (%ld) },\n"
           "  %zu, symbols, %zu, keywords, %zu, sites, site_objects,\n"
           "  %d, libraries, files\n};\n", name, name,
           PACKAGE_VERSION, scm_i_isa_hash (), build,
           (long) ((uintptr_t) scm_i_prelude_image - w->anchor),
           (long) ((uintptr_t) &scm_i_vm_run - w->anchor), nsym, nkw,
           nsites, w->nlibs);
}

int
scm_i_write_user_image (FILE *out, const char *name, const char *file,
                        SCM libraries, SCM loaded, unsigned long build,
                        char *const *files, size_t nfiles)
{
  struct writer w = { .out = out, .lib = -1, .user = 1 };
  SCM privates[SCM_OP_COUNT];

  w.anchor = (uintptr_t) &scm_c_register_image;
  dl_iterate_phdr (scm_i_writer_find_static_range, &w);
  for (int op = 0; op < SCM_OP_COUNT; op++)
    privates[op] = scm_i_private_variable (op);
  /* Every library loaded from text, the user's and libscm's that are
     not in its image: a variable of the latter cannot be referenced.  */
  scm_i_writer_collect_library_variables (&w, loaded);
  w.libraries = loaded;
  scm_i_writer_collect_capability_variables (&w);
  int wanted = 0;
  for (SCM l = libraries; scm_is_pair (l) && w.errors == 0; l = SCM_CDR (l))
    {
      scm_i_writer_image_library (&w, SCM_CAR (SCM_CAR (l)),
                                  SCM_CDR (SCM_CAR (l)),
                     privates);
      if (w.nlibs == wanted++)
        w.errors++;
    }
  scm_i_writer_clear_srcmap_macros (&w);
  scm_i_writer_lay_out_blocks (&w);
  size_t words = 0, writable = 0, objects = 0;
  for (size_t i = 0; i < w.count; i++)
    if (w.objs[i].kind == OBJ_HEAP)
      {
        objects++;
        words += w.objs[i].words;
        writable += w.objs[i].writable ? w.objs[i].words : 0;
      }
  if (w.errors == 0)
    {
      fprintf (stderr, "scm-image: %s: %d librar%s, %zu objects, %zu bytes "
               "(%zu writable)\n", name, w.nlibs, w.nlibs == 1 ? "y" : "ies",
               objects, words * 8,
               writable * 8);
      emit_user (&w, name, file, build, files, nfiles);
    }
  free (w.lib_vars);
  free (w.cap_vars);
  free (w.objs);
  free (w.keys);
  free (w.vals);
  free (w.sites);
  return w.errors == 0 ? 0 : -1;
}
