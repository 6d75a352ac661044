/* user-image.c -- a program's own libraries as static data: writing
   their image (scm_c_write_image, the scm-image tool) and registering
   it (scm_c_register_image)
   SPDX-License-Identifier: LGPL-3.0-or-later

   The image writer (user-image-writer.c, on the walk of
   snarf/image-writer.c) walks the libraries a program
   loaded from its files as it walks the built-in ones at build time,
   but writes what lies in libscm's static data (symbols, core and
   library variables, modules, code, instructions) as offsets from
   scm_c_register_image: the dynamic linker of the program that links
   the image relocates them, so the image's code and constants stay
   read-only (RELRO) and need no patching.  The offsets hold only for
   the libscm binary that wrote them; the image carries that binary's
   identity (its build ID), two relocated addresses to compare, the
   version and the instruction-set hash, and registration checks all of
   them.  */

#include "runtime/scm-internal.h"
#include "image/image-internal.h"
#include "modules/modules-internal.h"
#include "runtime/instance-internal.h"
#include "vm/vm-internal.h"
#include "values/strings-internal.h"

#include <dlfcn.h>
#include <link.h>
#include <sys/stat.h>
#include <sys/mman.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gc/gc.h>

#include <libscm/image.h>
#include <libscm/conditions.h>
#include <libscm/eq.h>
#include <libscm/eval.h>
#include <libscm/ports.h>
#include <libscm/subrs.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/print.h>
#include <libscm/snarf.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/throw.h>

/* The generator links subr-index.c, which names the static subrs;
   libscm itself has no use for the names (a user image refers to a
   subr by its address).  */
SCM_INTERNAL __attribute__ ((weak))
const struct scm_i_subr_name scm_i_subr_names[1];
SCM_INTERNAL __attribute__ ((weak)) const size_t scm_i_subr_name_count;

/* ------------------------------------------------------------------ */
/* The binary's identity.  */

struct build_search
{
  uintptr_t self;
  unsigned long id;
};

static unsigned long
fnv (unsigned long h, const unsigned char *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 0x100000001b3UL;
  return h;
}

/* The GNU build ID of the object holding libscm (its note, written by
   the linker), or the sizes of its segments if it has none.  */
static int
find_build (struct dl_phdr_info *info, size_t size, void *data)
{
  struct build_search *s = data;
  int found = 0;
  (void) size;
  for (int i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW (Phdr) *ph = &info->dlpi_phdr[i];
      uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
      found |= ph->p_type == PT_LOAD && s->self >= lo
        && s->self < lo + ph->p_memsz;
    }
  if (!found)
    return 0;
  unsigned long h = 0xcbf29ce484222325UL;
  for (int i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW (Phdr) *ph = &info->dlpi_phdr[i];
      if (ph->p_type == PT_LOAD)
        h = fnv (h, (const unsigned char *) &ph->p_memsz, sizeof ph->p_memsz);
      if (ph->p_type != PT_NOTE)
        continue;
      const unsigned char *p = (const void *) (info->dlpi_addr + ph->p_vaddr);
      const unsigned char *end = p + ph->p_memsz;
      while (p + sizeof (ElfW (Nhdr)) <= end)
        {
          const ElfW (Nhdr) *n = (const void *) p;
          const unsigned char *desc = p + sizeof *n + ((n->n_namesz + 3) & ~3u);
          if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4
              && memcmp (p + sizeof *n, "GNU", 4) == 0)
            h = fnv (h, desc, n->n_descsz);
          p = desc + ((n->n_descsz + 3) & ~3u);
        }
    }
  s->id = h | 1;
  return 1;
}

static unsigned long
build_identity (void)
{
  static unsigned long cached;
  if (cached == 0)
    {
      struct build_search s = { (uintptr_t) &scm_c_register_image, 0 };
      dl_iterate_phdr (find_build, &s);
      cached = s.id;
    }
  return cached;
}

/* ------------------------------------------------------------------ */
/* Writing an image.  */

/* Load each file of FILES (a list of strings), after adding DIRS to
   %load-path; the list of the libraries' names.  */
static const char load_libraries[] =
  "(lambda (dirs files)\n"
  "  (for-each (lambda (d) (set! %load-path (cons d %load-path)))\n"
  "            (reverse dirs))\n"
  "  (map (lambda (f)\n"
  "         (let ((form (call-with-input-file f read)))\n"
  "           (unless (and (pair? form) (eq? (car form) 'define-library)\n"
  "                        (pair? (cdr form)))\n"
  "             (error \"scm-image: not a define-library file\" f))\n"
  "           (load f)\n"
  "           (cadr form)))\n"
  "       files))";

struct load_args
{
  SCM dirs, files;
};

static SCM
load_body (void *data)
{
  struct load_args *a = data;
  SCM proc = scm_c_eval_string (load_libraries);
  return scm_call_2 (proc, a->dirs, a->files);
}

static SCM
strings (const char *const *v, size_t n)
{
  SCM l = SCM_EOL;
  for (size_t i = n; i > 0; i--)
    l = scm_cons (scm_from_utf8_string (v[i - 1]), l);
  return l;
}

static int
c_identifier_p (const char *s)
{
  if (s == NULL || !(s[0] == '_' || (s[0] >= 'a' && s[0] <= 'z')
                     || (s[0] >= 'A' && s[0] <= 'Z')))
    return 0;
  for (; *s != '\0'; s++)
    if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')
          || (*s >= '0' && *s <= '9')))
      return 0;
  return 1;
}

/* The libraries of the current instance loaded from text, oldest
   first, each once, as a list of (name-string . module): the
   program's own in *MINE, all of them (libscm's text libraries too)
   returned.  */
static SCM
loaded_libraries (SCM *mine)
{
  struct scm_i_instance *inst = scm_i_current_instance ();
  pthread_mutex_lock (&inst->lock);
  SCM l = inst->modules;
  pthread_mutex_unlock (&inst->lock);
  SCM all = SCM_EOL, seen = SCM_EOL;
  *mine = SCM_EOL;
  for (; scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM m = SCM_CDR (SCM_CAR (l));
      if (GC_base ((void *) SCM_UNPACK (m)) == NULL
          || scm_is_true (scm_memq (m, seen)))
        continue;               /* libscm's image holds it */
      seen = scm_cons (m, seen);
      SCM file = SCM_I_MODULE (m)->file;
      char *name = scm_c_write_to_utf8 (SCM_I_MODULE (m)->name);
      SCM entry = scm_cons (scm_from_utf8_string (name), m);
      all = scm_cons (entry, all);
      if (scm_is_string (file)
          && strncmp (scm_i_to_utf8_stringn (file, NULL), "libscm:", 7) != 0)
        *mine = scm_cons (entry, *mine);
    }
  return all;
}

int
scm_c_write_image (const char *out, const char *name,
                   const char *const *files, size_t nfiles,
                   const char *const *dirs, size_t ndirs)
{
  if (!c_identifier_p (name))
    {
      fprintf (stderr, "scm-image: the image's name must be a C identifier: "
               "%s\n", name == NULL ? "(none)" : name);
      return -1;
    }
  if (!scm_i_prelude_image_in_use ())
    {
      fprintf (stderr, "scm-image: this libscm runs without its own image "
               "(--disable-static-alloc, or SCM_PRELUDE_FROM_SOURCE set): "
               "it cannot write one\n");
      return -1;
    }
  /* What exists before the program's libraries load is libscm's: the
     writer refuses to copy any of it.  */
  scm_i_image_snapshot_core ();
  struct load_args a = { strings (dirs, ndirs), strings (files, nfiles) };
  SCM names;
  /* The files the libraries include: the image carries their text.  */
  scm_i_record_library_files (1);
  int failed = scm_c_protect (load_body, &a, &names) != 0;
  scm_i_record_library_files (0);
  if (failed)
    {
      scm_c_display_error (names, scm_current_error_port (), 20);
      return -1;
    }
  SCM mine, all = loaded_libraries (&mine);
  if (!scm_is_pair (mine))
    {
      fprintf (stderr, "scm-image: no library to write\n");
      return -1;
    }
  size_t n = strlen (out);
  char *tmp = malloc (n + 3);
  if (tmp == NULL)
    return -1;
  memcpy (tmp, out, n);
  memcpy (tmp + n, "-t", 3);
  FILE *f = fopen (tmp, "w");
  if (f == NULL)
    {
      perror (tmp);
      free (tmp);
      return -1;
    }
  size_t nread;
  char *const *read = scm_i_recorded_library_files (&nread);
  int status = scm_i_write_user_image (f, name, out, mine, all,
                                       build_identity (), read, nread);
  if (fclose (f) != 0)
    status = -1;
  if (status == 0 && rename (tmp, out) != 0)
    {
      perror (out);
      status = -1;
    }
  if (status != 0)
    remove (tmp);
  free (tmp);
  return status;
}

/* ------------------------------------------------------------------ */
/* The registered images.  */

struct registered
{
  const scm_t_image *image;
  uint64_t *owner;              /* per library with state: its instance */
  SCM *kept;                    /* the program's symbols it was given */
};

static pthread_mutex_t images_lock = PTHREAD_MUTEX_INITIALIZER;
static struct registered *images;
static size_t image_count, image_capacity;

static SCM
library_name (const scm_t_image_library *lib)
{
  return SCM_I_MODULE (lib->module)->name;
}

/* Whether symbols X and Y have the same name: an image's symbols may
   be copies of one name, not interned yet.  Allocates nothing (it runs
   under images_lock).  */
static int
same_symbol_name (SCM x, SCM y)
{
  SCM a = SCM_CELL_OBJECT (x, 1), b = SCM_CELL_OBJECT (y, 1);
  size_t n = scm_i_stringbuf_length (a);
  if (scm_is_eq (x, y))
    return 1;
  if (n != scm_i_stringbuf_length (b))
    return 0;
  for (size_t k = 0; k < n; k++)
    if (scm_i_stringbuf_ref (a, k) != scm_i_stringbuf_ref (b, k))
      return 0;
  return 1;
}

/* Whether library names A and B are the same.  */
static int
same_name (SCM a, SCM b)
{
  for (; scm_is_pair (a) && scm_is_pair (b); a = SCM_CDR (a), b = SCM_CDR (b))
    {
      SCM x = SCM_CAR (a), y = SCM_CAR (b);
      if (scm_is_symbol (x) && scm_is_symbol (y))
        {
          if (!same_symbol_name (x, y))
            return 0;
        }
      else if (!scm_is_eq (x, y))
        return 0;               /* (fixnums: the same value is eq) */
    }
  return scm_is_null (a) && scm_is_null (b);
}

/* The registered image and library named NAME, or -1.  Under
   images_lock.  */
static long
find_library (SCM name, size_t *image)
{
  for (size_t i = 0; i < image_count; i++)
    for (int l = 0; l < images[i].image->library_count; l++)
      if (same_name (library_name (&images[i].image->libraries[l]), name))
        {
          *image = i;
          return l;
        }
  return -1;
}

/* Whether IM was written by this very libscm; if not, why in MSG.  */
static int
made_here (const scm_t_image *im, char *msg, size_t size)
{
  if (strcmp (im->version, PACKAGE_VERSION) == 0
      && im->isa_hash == scm_i_isa_hash () && im->build == build_identity ()
      && im->check[0] == (scm_t_bits) scm_i_prelude_image
      && im->check[1] == (scm_t_bits) &scm_i_vm_run)
    return 1;
  snprintf (msg, size,
            "the image %s was written by libscm %s (instruction set %#lx, "
            "binary %#lx), not by this libscm %s (instruction set %#lx, "
            "binary %#lx)%s: write it again with this libscm's scm-image",
            im->name, im->version, im->isa_hash, im->build, PACKAGE_VERSION,
            scm_i_isa_hash (), build_identity (),
            strcmp (im->version, PACKAGE_VERSION) == 0
            && im->isa_hash == scm_i_isa_hash ()
            && im->build == build_identity ()
            ? " (its addresses in libscm do not match)" : "");
  return 0;
}

static void
check_made_here (const scm_t_image *im)
{
  char msg[512];
  if (im == NULL || im->magic != SCM_IMAGE_MAGIC)
    scm_c_raise_error ("wrong-type-arg", "scm_c_register_image",
                       "not an image written by scm-image", SCM_EOL);
  if (made_here (im, msg, sizeof msg))
    return;
  scm_c_raise_error ("implementation-restriction", "scm_c_register_image",
                     msg, scm_list_2 (scm_from_utf8_string (im->version),
                                      scm_from_utf8_string (PACKAGE_VERSION)));
}

/* Why IM cannot be registered now (a message, its irritant in *WHAT),
   or NULL.  Under images_lock.  */
static const char *
conflict (const scm_t_image *im, SCM *what)
{
  for (size_t i = 0; i < image_count; i++)
    if (images[i].image == im)
      {
        *what = scm_from_utf8_string (im->name);
        return "the image is registered already";
      }
  for (int l = 0; l < im->library_count; l++)
    {
      size_t other;
      SCM name = library_name (&im->libraries[l]);
      if (find_library (name, &other) >= 0)
        {
          *what = scm_list_2 (name,
                              scm_from_utf8_string (images[other].image->name));
          return "a library of the image is in another registered image";
        }
    }
  return NULL;
}

/* ---- Interning the image's symbols and keywords.  */

struct relro
{
  uintptr_t lo[64], hi[64];
  int n;
};

static int
find_relro (struct dl_phdr_info *info, size_t size, void *data)
{
  struct relro *r = data;
  (void) size;
  for (int i = 0; i < info->dlpi_phnum && r->n < 64; i++)
    if (info->dlpi_phdr[i].p_type == PT_GNU_RELRO)
      {
        r->lo[r->n] = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
        r->hi[r->n] = r->lo[r->n] + info->dlpi_phdr[i].p_memsz;
        r->n++;
      }
  return 0;
}

/* Set the word at SITE to X.  A word in a RELRO segment (the image's
   constants, read-only since the dynamic linker relocated them) is
   made writable for the store, and read-only again.  0, or -1.  */
static int
patch (const struct relro *r, scm_t_bits *site, scm_t_bits x)
{
  uintptr_t a = (uintptr_t) site;
  int ro = 0;
  for (int i = 0; i < r->n; i++)
    ro |= a >= r->lo[i] && a < r->hi[i];
  if (!ro)
    {
      *site = x;
      return 0;
    }
  long page = sysconf (_SC_PAGESIZE);
  void *start = (void *) (a & ~(uintptr_t) (page - 1));
  if (mprotect (start, (size_t) page, PROT_READ | PROT_WRITE) != 0)
    return -1;
  *site = x;
  return mprotect (start, (size_t) page, PROT_READ);
}

/* Intern the image's symbols and keywords.  One that the program
   interned first stays the canonical one: each word of the image that
   holds the image's copy is set to it (the copy could never be eq? to
   the name the program reads), and it is kept alive in *KEPT, since
   the collector does not scan the image.  NULL, or why not.  */
static const char *
intern_image (const scm_t_image *im, SCM **kept)
{
  size_t n = im->symbol_count + im->keyword_count;
  SCM *canon = GC_MALLOC_UNCOLLECTABLE ((n + 1) * sizeof *canon);
  if (canon == NULL)
    return "out of memory";
  int replaced = 0;
  for (size_t k = 0; k < n; k++)
    {
      SCM own = k < im->symbol_count ? im->symbols[k]
        : im->keywords[k - im->symbol_count];
      canon[k] = k < im->symbol_count ? scm_snarf_intern_symbol (own)
        : scm_snarf_intern_keyword (own);
      if (scm_is_eq (canon[k], own))
        canon[k] = SCM_BOOL_F;  /* the image's own: nothing to keep */
      else
        replaced = 1;
    }
  if (replaced)
    {
      struct relro r = { .n = 0 };
      dl_iterate_phdr (find_relro, &r);
      for (size_t k = 0; k < im->site_count; k++)
        {
          SCM c = canon[im->site_objects[k]];
          if (scm_is_true (c) && patch (&r, im->sites[k], SCM_UNPACK (c)) != 0)
            {
              GC_FREE (canon);
              return "the image's read-only data cannot be made writable "
                "to give it the program's symbols (mprotect)";
            }
        }
    }
  *kept = canon;
  return NULL;
}

void
scm_c_register_image (const scm_t_image *im)
{
  check_made_here (im);
  SCM what = SCM_BOOL_F;
  const char *why = NULL;
  uint64_t *owner = calloc ((size_t) im->library_count + 1, sizeof *owner);
  pthread_mutex_lock (&images_lock);
  SCM *kept = NULL;
  if (owner == NULL)
    why = "out of memory";
  else
    why = conflict (im, &what);
  if (why == NULL && image_count == image_capacity)
    {
      size_t cap = image_capacity == 0 ? 4 : 2 * image_capacity;
      struct registered *r = realloc (images, cap * sizeof *r);
      if (r == NULL)
        why = "out of memory";
      else
        images = r, image_capacity = cap;
    }
  if (why == NULL)
    why = intern_image (im, &kept);
  if (why == NULL)
    {
      images[image_count] = (struct registered) { im, owner, kept };
      __atomic_store_n (&image_count, image_count + 1, __ATOMIC_RELEASE);
    }
  pthread_mutex_unlock (&images_lock);
  if (why != NULL)
    {
      free (owner);
      scm_c_raise_error ("implementation-restriction", "scm_c_register_image",
                         why, scm_list_2 (scm_from_utf8_string (im->name),
                                          what));
    }
}

static SCM
register_body (void *data)
{
  scm_c_register_image (data);
  return SCM_UNSPECIFIED;
}

int
scm_c_register_image_protected (const scm_t_image *image, SCM *error)
{
  SCM result;
  if (scm_c_protect (register_body, (void *) image, &result) == 0)
    return 0;
  if (error != NULL)
    *error = result;
  return -1;
}

/* ------------------------------------------------------------------ */
/* Importing from a registered image.  */

/* Whether libscm's imaged library PATH, which an image's library
   uses, is the current instance's or can be made so: the image's code
   refers to the variables of the image's module.  */
static int
use_builtin (const char *path)
{
  const struct scm_i_prelude_image *im = scm_i_prelude_image;
  for (size_t k = 0; im != NULL && k < im->library_count; k++)
    if (strcmp (im->libraries[k].path, path) == 0)
      {
        SCM mine = scm_i_registered_module
          (SCM_I_MODULE (im->libraries[k].module)->name);
        if (scm_is_true (mine))
          return scm_is_eq (mine, im->libraries[k].module);
        return scm_is_true (scm_i_image_library (path));
      }
  return 0;
}

/* Whether INST can use the image's variables of every library with
   state that LIB uses, and claim them if so.  Under images_lock.  */
static int
claim (struct registered *r, const scm_t_image_library *lib,
       const struct scm_i_instance *inst)
{
  const scm_t_image *im = r->image;
  for (unsigned k = 0; k < lib->ndeps; k++)
    {
      unsigned d = lib->deps[k];
      if (im->libraries[d].stateful && r->owner[d] != 0
          && r->owner[d] != inst->serial)
        return 0;
    }
  for (unsigned k = 0; k < lib->ndeps; k++)
    {
      unsigned d = lib->deps[k];
      if (im->libraries[d].stateful)
        r->owner[d] = inst->serial;
      if (im->libraries[d].core_fallback)
        SCM_I_MODULE (im->libraries[d].module)->fallback
          = SCM_I_MODULE (scm_i_core_module ());
    }
  return 1;
}

/* Whether the current instance has registered, for each library that
   LIB uses, the image's module or none: one it compiled from text
   instead has variables of its own, which the image's code of LIB
   would not see.  */
static int
deps_from_image (const scm_t_image *im, const scm_t_image_library *lib)
{
  for (unsigned k = 0; k + 1 < lib->ndeps; k++)
    {
      const scm_t_image_library *dep = &im->libraries[lib->deps[k]];
      SCM m = scm_i_registered_module (library_name (dep));
      if (scm_is_true (m) && !scm_is_eq (m, dep->module))
        return 0;
    }
  return 1;
}

SCM
scm_i_user_image_library (SCM name, struct scm_i_image_text *text)
{
  if (__atomic_load_n (&image_count, __ATOMIC_ACQUIRE) == 0)
    return SCM_BOOL_F;
  struct scm_i_instance *inst = scm_i_current_instance ();
  size_t i;
  pthread_mutex_lock (&images_lock);
  long l = find_library (name, &i);
  if (l < 0)
    {
      pthread_mutex_unlock (&images_lock);
      return SCM_BOOL_F;
    }
  const scm_t_image *im = images[i].image;
  const scm_t_image_library *lib = &im->libraries[l];
  pthread_mutex_unlock (&images_lock);
  if ((lib->caps & ~inst->caps) != 0)
    scm_c_raise_error ("implementation-restriction", "import",
                       "the imaged library reaches what this instance may "
                       "not (its capabilities)", scm_list_1 (name));
  /* The built-in libraries first: taking one claims nothing of the
     image's.  */
  int usable = deps_from_image (im, lib);
  for (unsigned k = 0; usable && k < lib->ndeps; k++)
    for (const char *const *b = im->libraries[lib->deps[k]].builtins;
         usable && *b != NULL; b++)
      usable = use_builtin (*b);
  if (usable)
    {
      pthread_mutex_lock (&images_lock);
      usable = claim (&images[i], lib, inst);
      pthread_mutex_unlock (&images_lock);
    }
  if (!usable)
    {
      /* Another instance owns the variables of the library, or of one
         it uses, or this one has its own of a library it uses: it
         compiles the text the image carries, and so has variables of
         its own, as for libscm's built-in libraries (image.c).  */
      text->file = lib->file;
      text->files = im->files;
      return SCM_BOOL_F;
    }
  for (unsigned k = 0; k < lib->ndeps; k++)
    {
      const scm_t_image_library *dep = &im->libraries[lib->deps[k]];
      SCM dep_name = library_name (dep);
      if (scm_is_false (scm_i_registered_module (dep_name)))
        scm_i_register_module (dep_name, dep->module);
    }
  return lib->module;
}

SCM
scm_i_user_image_imports (SCM m)
{
  SCM imports = SCM_BOOL_F;
  pthread_mutex_lock (&images_lock);
  for (size_t i = 0; i < image_count && scm_is_false (imports); i++)
    for (int l = 0; l < images[i].image->library_count; l++)
      if (scm_is_eq (images[i].image->libraries[l].module, m))
        imports = images[i].image->libraries[l].imports;
  pthread_mutex_unlock (&images_lock);
  return imports;
}

/* ------------------------------------------------------------------ */
/* Compiled files: a library's image as a shared object in the cache
   (scm compile), which import loads with dlopen.  */

char *
scm_c_compiled_file_name (const char *source)
{
  const char *cache = getenv ("XDG_CACHE_HOME");
  const char *home = getenv ("HOME");
  char *abs = realpath (source, NULL);
  if (abs == NULL)
    return NULL;
  if ((cache == NULL || cache[0] != '/') && (home == NULL || home[0] != '/'))
    {
      free (abs);
      return NULL;
    }
  /* Keyed by the binary: another libscm's files are never looked at,
     and an embedding program does not see the scm program's.  */
  char dir[64];
  snprintf (dir, sizeof dir, "libscm/%s-%016lx", PACKAGE_VERSION,
            build_identity ());
  size_t n = strlen (cache != NULL && cache[0] == '/' ? cache : home)
    + strlen (dir) + strlen (abs) + 16;
  char *path = malloc (n);
  if (path != NULL)
    {
      if (cache != NULL && cache[0] == '/')
        snprintf (path, n, "%s/%s%s.so", cache, dir, abs);
      else
        snprintf (path, n, "%s/.cache/%s%s.so", home, dir, abs);
    }
  free (abs);
  return path;
}

static void
compiled_note (const char *path, const char *why)
{
  scm_c_printf (scm_current_error_port (),
                ";;; note: not using the compiled file %s: %s\n", path, why);
}

/* Open the compiled file PATH of SOURCE and register its image; 0 if
   it is absent, stale, foreign or refused (with a note unless
   absent).  */
static int
open_compiled (const char *path, const char *source)
{
  struct stat cs, ss;
  if (stat (path, &cs) != 0)
    return 0;
  if (stat (source, &ss) == 0
      && (cs.st_mtim.tv_sec < ss.st_mtim.tv_sec
          || (cs.st_mtim.tv_sec == ss.st_mtim.tv_sec
              && cs.st_mtim.tv_nsec < ss.st_mtim.tv_nsec)))
    {
      compiled_note (path, "older than its source");
      return 0;
    }
  void *h = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (h == NULL)
    {
      compiled_note (path, dlerror ());
      return 0;
    }
  const scm_t_image *im = dlsym (h, "scm_compiled_image");
  char msg[512];
  if (im == NULL || im->magic != SCM_IMAGE_MAGIC)
    {
      compiled_note (path, "no libscm image in it");
      dlclose (h);
      return 0;
    }
  if (!made_here (im, msg, sizeof msg))
    {
      compiled_note (path, msg);
      dlclose (h);
      return 0;
    }
  SCM error;
  if (scm_c_register_image_protected (im, &error) != 0)
    {
      /* (Left loaded: registration may have given it symbols.)  */
      char *text = scm_c_condition_text (error);
      compiled_note (path, text != NULL ? text : "registration failed");
      free (text);
      return 0;
    }
  return 1;
}

SCM
scm_i_compiled_library (SCM name, SCM file)
{
  if (!scm_i_prelude_image_in_use ())
    return SCM_BOOL_F;
  const char *source = scm_i_to_utf8_stringn (file, NULL);
  char *path = scm_c_compiled_file_name (source);
  if (path == NULL)
    return SCM_BOOL_F;
  int opened = open_compiled (path, source);
  struct scm_i_image_text text = { NULL, NULL };
  SCM m = opened ? scm_i_user_image_library (name, &text) : SCM_BOOL_F;
  if (opened && scm_is_false (m) && text.file == NULL)
    compiled_note (path, "it holds no library of that name");
  free (path);
  return m;
}
