/* libraries.c -- R7RS libraries and Guile-style modules: finding and
   loading them, environments, the module procedures and C interface
   SPDX-License-Identifier: LGPL-3.0-or-later

   Both kinds are modules (modules.c).  A library named (a b c) is the
   file a/b/c.sld, else a/b/c.scm, in the first directory of the load
   path that has one: the directories of %load-path (scm -L, the
   SCM_LOAD_PATH environment variable, the program's directory, the
   site directory), then the libraries built into libscm itself (the
   files of module/ other than the prelude, compiled in as strings and
   named "libscm:a/b/c.sld").  A file is loaded once per instance, when
   it is first imported (a built-in library that only re-exports the
   core is loaded once for all: "Built-in libraries shared by the
   instances" below); it must define the library it was found for.
   The forms that import and declare them (import sets, define-library,
   define-module) are library-forms.c's.  All of this runs at expansion
   time: an import changes how the rest of the program expands.  */

#include "runtime/scm-internal.h"
#include "expand/expand-internal.h"
#include "compile/compile-internal.h"
#include "runtime/instance-internal.h"
#include "modules/modules-internal.h"
#include "runtime/init-internal.h"
#include "io/ports-internal.h"
#include "values/strings-internal.h"
#include "image/image-internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/eq.h>
#include <libscm/eval.h>
#include <libscm/gc.h>
#include <libscm/instances.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/read.h>
#include <libscm/strings.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>
#include <libscm/init.h>

SCM_SYMBOL (sym_only, "only");
SCM_SYMBOL (sym_re_export, "re-export");
SCM_SYMBOL (sym_at, "@");
SCM_SYMBOL (sym_atat, "@@");
SCM_SYMBOL (sym_srfi, "srfi");
SCM_SYMBOL (sym_guile, "guile");
SCM_SYMBOL (sym_libscm, "libscm");
SCM_SYMBOL (sym_load_path, "%load-path");

#define BUILTIN_PREFIX "libscm:"

/* ------------------------------------------------------------------ */
/* The libraries built into libscm.  */

static const struct { const char *path; const char *text; } builtin_files[] = {
#include "modules/builtin-modules.inc"
  { NULL, NULL }
};

/* The text of built-in file PATH (relative, "srfi/1.sld"), or NULL.  */
static const char *
builtin_text (const char *path)
{
  for (size_t i = 0; builtin_files[i].path != NULL; i++)
    if (strcmp (builtin_files[i].path, path) == 0)
      return builtin_files[i].text;
  return NULL;
}

SCM
scm_i_srfi_features (void)
{
  SCM acc = SCM_EOL;
  for (size_t i = 0; builtin_files[i].path != NULL; i++)
    {
      const char *p = builtin_files[i].path;
      size_t n = strlen (p);
      if (strncmp (p, "srfi/", 5) != 0 || n < 10
          || strcmp (p + n - 4, ".sld") != 0)
        continue;
      char name[32];
      size_t digits = n - 9;
      if (digits > 8)
        continue;
      /* Only (srfi N) itself: srfi/146/hash.sld is no feature.  */
      if (strspn (p + 5, "0123456789") != digits)
        continue;
      memcpy (name, "srfi-", 5);
      memcpy (name + 5, p + 5, digits);
      name[5 + digits] = '\0';
      acc = scm_cons (scm_from_utf8_symbol (name), acc);
    }
  return scm_reverse_x (acc, SCM_EOL);
}

SCM_DEFINE (scm_i_builtin_library_texts, "%builtin-library-texts", 0, 0, 0,
            (void),
            "Return the built-in libraries' files as a list of pairs "
            "@code{(@var{path} . @var{text})}, @var{path} relative, such as "
            "@code{\"srfi/1.sld\"}: what @code{apropos} and the hints of "
            "unbound-variable errors search without loading them.")
{
  SCM acc = SCM_EOL;
  for (size_t i = 0; builtin_files[i].path != NULL; i++)
    acc = scm_cons (scm_cons (scm_from_utf8_string (builtin_files[i].path),
                              scm_from_utf8_string (builtin_files[i].text)),
                    acc);
  return scm_reverse_x (acc, SCM_EOL);
}

/* Open FILENAME (a string) for reading: a built-in file if it is named
   "libscm:...", else a file.  */
/* Whether the current instance may read files (instances.h).  */
static int
may_read_files (void)
{
  return (scm_i_current_instance ()->caps & SCM_CAP_FILES) != 0;
}

/* The files of the registered image whose library the thread compiles
   from the image's text (name, text, ..., NULL), or NULL.  */
static __thread const char *const *image_files;

static const char *
image_text (const char *path)
{
  for (const char *const *f = image_files; f != NULL && *f != NULL; f += 2)
    if (strcmp (*f, path) == 0)
      return f[1];
  return NULL;
}

/* The files read while scm-image loads a program's libraries.  */
static pthread_mutex_t record_lock = PTHREAD_MUTEX_INITIALIZER;
static int recording;
static char **recorded;
static size_t n_recorded, cap_recorded;

void
scm_i_record_library_files (int on)
{
  pthread_mutex_lock (&record_lock);
  /* Each image its own files (scm compile writes one per file).  */
  if (on)
    while (n_recorded > 0)
      free (recorded[--n_recorded]);
  recording = on;
  pthread_mutex_unlock (&record_lock);
}

char *const *
scm_i_recorded_library_files (size_t *n)
{
  pthread_mutex_lock (&record_lock);
  *n = n_recorded;
  pthread_mutex_unlock (&record_lock);
  return recorded;
}

static void
record_file (const char *path)
{
  pthread_mutex_lock (&record_lock);
  int known = !recording;
  for (size_t i = 0; !known && i < n_recorded; i++)
    known = strcmp (recorded[i], path) == 0;
  if (!known && n_recorded == cap_recorded)
    {
      size_t cap = cap_recorded == 0 ? 8 : 2 * cap_recorded;
      char **r = realloc (recorded, cap * sizeof *r);
      if (r != NULL)
        recorded = r, cap_recorded = cap;
    }
  if (!known && n_recorded < cap_recorded
      && (recorded[n_recorded] = strdup (path)) != NULL)
    n_recorded++;
  pthread_mutex_unlock (&record_lock);
}

static SCM
open_library_file (SCM filename)
{
  char *path = scm_i_to_utf8_stringn (filename, NULL);
  int builtin = strncmp (path, BUILTIN_PREFIX, strlen (BUILTIN_PREFIX)) == 0;
  const char *in_image = builtin ? NULL : image_text (path);
  if (in_image != NULL)
    {
      /* A library of an image compiled from the text it carries: its
         file and what it includes need not exist.  */
      SCM port = scm_c_open_input_string (in_image);
      scm_set_port_filename_x (port, filename);
      return port;
    }
  if (!builtin)
    record_file (path);
  if (!builtin && !may_read_files ())
    scm_c_raise_error ("file-error", "include",
                       "this instance may not read files",
                       scm_list_1 (filename));
  if (builtin)
    {
      const char *text = builtin_text (path + strlen (BUILTIN_PREFIX));
      if (text == NULL)
        scm_c_raise_error ("file-error", "include", "no such built-in file",
                           scm_list_1 (filename));
      SCM port = scm_c_open_input_string (text);
      scm_set_port_filename_x (port, filename);
      return port;
    }
  return scm_open_input_file (filename);
}

void
scm_i_skip_byte_order_mark (SCM port)
{
  if (scm_c_peekc (port) == 0xFEFF)
    scm_c_getc (port);
}

/* The data in FILENAME, in order.  */
SCM
scm_i_read_file_forms (SCM filename, int fold_case)
{
  SCM port = open_library_file (filename);
  scm_i_skip_byte_order_mark (port);
  if (fold_case)
    scm_i_set_port_fold_case (port, 1);
  SCM data = SCM_EOL;
  for (SCM x = scm_read (port); !scm_is_eq (x, SCM_EOF_VAL); x = scm_read (port))
    data = scm_cons (x, data);
  scm_close_port (port);
  return scm_reverse_x (data, SCM_EOL);
}

/* NAME relative to the directory of the file that FORM was read from,
   unless NAME is absolute or FORM has no file.  */
SCM
scm_i_relative_file_name (SCM name, SCM form)
{
  SCM file;
  long line, col;
  if (scm_c_string_length (name) > 0 && scm_c_string_ref (name, 0) == '/')
    return name;
  if (!scm_c_source_position (form, &file, &line, &col) || !scm_is_string (file))
    return name;
  char *path = scm_i_to_utf8_stringn (file, NULL);
  char *slash = strrchr (path, '/');
  if (slash == NULL)
    {
      /* "libscm:foo.sld": a built-in file at the top.  */
      if (strncmp (path, BUILTIN_PREFIX, strlen (BUILTIN_PREFIX)) == 0)
        return scm_string_append (scm_list_2
                                  (scm_from_utf8_string (BUILTIN_PREFIX), name));
      return name;
    }
  SCM dir = scm_from_utf8_stringn (path, (size_t) (slash - path + 1));
  return scm_string_append (scm_list_2 (dir, name));
}

/* ------------------------------------------------------------------ */
/* Library names and files.  */

int
scm_i_valid_library_name (SCM name)
{
  if (scm_c_list_length (name) < 1)
    return 0;
  for (; scm_is_pair (name); name = SCM_CDR (name))
    {
      SCM part = SCM_CAR (name);
      if (!scm_is_symbol (part)
          && !(SCM_FIXNUM_P (part) && SCM_FIXNUM_VALUE (part) >= 0))
        return 0;
    }
  return 1;
}

/* Whether a part of library NAME (valid) would name something other
   than one file name component: "", "." or "..", or a name holding "/"
   or a NUL.  (.. evil) would otherwise be the file ../evil.sld of a
   load-path directory, outside it.  */
static int
unsafe_library_name (SCM name)
{
  for (; scm_is_pair (name); name = SCM_CDR (name))
    {
      if (!scm_is_symbol (SCM_CAR (name)))
        continue;
      SCM str = scm_symbol_to_string (SCM_CAR (name));
      size_t n;
      char *s = scm_i_to_utf8_stringn (str, &n);
      if (n == 0 || strcmp (s, ".") == 0 || strcmp (s, "..") == 0
          || memchr (s, '/', n) != NULL || strlen (s) != n)
        return 1;
    }
  return 0;
}

SCM
scm_i_check_library_name (SCM name, SCM who, SCM form)
{
  name = scm_i_strip_syntax (name);
  if (!scm_i_valid_library_name (name))
    scm_i_syntax_error (who, "bad library name (a list of symbols and exact "
                        "non-negative integers)", name, form);
  if (unsafe_library_name (name))
    scm_i_syntax_error (who, "bad library name (no part may be empty, "
                        "\".\" or \"..\", or hold \"/\")", name, form);
  return name;
}

/* "a/b/c" for (a b c).  */
static SCM
library_relative_path (SCM name)
{
  SCM parts = SCM_EOL;
  for (SCM l = name; scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM part = SCM_CAR (l);
      SCM str = scm_is_symbol (part) ? scm_symbol_to_string (part)
        : scm_number_to_string (part, SCM_UNDEFINED);
      if (!scm_is_null (parts))
        parts = scm_cons (scm_from_utf8_string ("/"), parts);
      parts = scm_cons (str, parts);
    }
  return scm_string_append (scm_reverse_x (parts, SCM_EOL));
}

static SCM
load_path (void)
{
  SCM var = scm_i_module_binding (scm_i_core_module (), sym_load_path);
  return scm_is_variable (var) && !SCM_UNBNDP (SCM_CELL_OBJECT (var, 1))
    ? SCM_CELL_OBJECT (var, 1) : SCM_EOL;
}

static int
readable (SCM path)
{
  return access (scm_i_to_utf8_stringn (path, NULL), R_OK) == 0;
}

static const char *const extensions[] = { ".sld", ".scm" };

/* Append the N ASCII bytes of narrow stringbuf BUF to the C string
   at *P (with room up to END): 0 if they do not fit or are not
   ASCII.  */
static int
append_ascii (char **p, char *end, SCM buf)
{
  if (scm_i_stringbuf_is_wide (buf))
    return 0;
  size_t n = scm_i_stringbuf_length (buf);
  const unsigned char *c = scm_i_stringbuf_narrow (buf);
  if ((size_t) (end - *p) <= n)
    return 0;
  for (size_t k = 0; k < n; k++)
    {
      if (c[k] == 0 || c[k] >= 0x80)
        return 0;
      *(*p)++ = (char) c[k];
    }
  **p = '\0';
  return 1;
}

/* "a/b/1" for (a b 1) in BUF, if every part is ASCII and it fits: the
   way most library names are found, with no allocation.  */
static int
ascii_relative_path (SCM name, char *buf, size_t size)
{
  char *p = buf, *end = buf + size;
  for (SCM l = name; scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM part = SCM_CAR (l);
      if (p != buf)
        {
          if (end - p < 2)
            return 0;
          *p++ = '/';
        }
      if (SCM_FIXNUM_P (part))
        {
          int n = snprintf (p, (size_t) (end - p), "%ld",
                            (long) SCM_FIXNUM_VALUE (part));
          if (n < 0 || n >= end - p)
            return 0;
          p += n;
        }
      else if (!append_ascii (&p, end, SCM_CELL_OBJECT (part, 1)))
        return 0;
    }
  return p != buf;
}

/* find_library_file for a name and load path all of ASCII: the same
   search, in C strings.  SCM_UNDEFINED if it cannot say.  */
static SCM
find_library_file_ascii (SCM name, SCM *tried)
{
  char rel[256], path[1024];
  if (!ascii_relative_path (name, rel, sizeof rel))
    return SCM_UNDEFINED;
  *tried = SCM_EOL;
  /* An instance without files has only the built-in libraries.  */
  SCM dirs = may_read_files () ? load_path () : SCM_EOL;
  for (SCM d = dirs; scm_is_pair (d); d = SCM_CDR (d))
    if (scm_is_string (SCM_CAR (d)))
      for (size_t i = 0; i < 2; i++)
        {
          char *p = path;
          if (!append_ascii (&p, path + sizeof path - sizeof rel - 8,
                             scm_i_string_buf (SCM_CAR (d))))
            return SCM_UNDEFINED;
          snprintf (p, sizeof rel + 8, "/%s%s", rel, extensions[i]);
          if (access (path, R_OK) == 0)
            return scm_from_utf8_string (path);
        }
  for (size_t i = 0; i < 2; i++)
    {
      snprintf (path, sizeof path, "%s%s", rel, extensions[i]);
      if (builtin_text (path) != NULL)
        {
          memmove (path + strlen (BUILTIN_PREFIX), path, strlen (path) + 1);
          memcpy (path, BUILTIN_PREFIX, strlen (BUILTIN_PREFIX));
          return scm_from_utf8_string (path);
        }
    }
  return SCM_UNDEFINED;         /* not found: the general search says where
                                   it looked */
}

/* The file that defines library NAME, or #f; *TRIED gets the list of
   the directories searched, for the error message.  */
static SCM
find_library_file (SCM name, SCM *tried)
{
  *tried = SCM_EOL;
  /* Never a file outside the load path (resolve-module and cond-expand's
     (library NAME) come here without scm_i_check_library_name).  */
  if (unsafe_library_name (name))
    return SCM_BOOL_F;
  SCM found = find_library_file_ascii (name, tried);
  if (!SCM_UNBNDP (found))
    return found;
  SCM rel = library_relative_path (name);
  /* An instance without files has only the built-in libraries.  */
  SCM searched = may_read_files () ? load_path () : SCM_EOL;
  for (SCM dirs = searched; scm_is_pair (dirs); dirs = SCM_CDR (dirs))
    {
      SCM dir = SCM_CAR (dirs);
      if (!scm_is_string (dir))
        continue;
      *tried = scm_cons (dir, *tried);
      for (size_t i = 0; i < 2; i++)
        {
          SCM path = scm_string_append
            (scm_list_4 (dir, scm_from_utf8_string ("/"), rel,
                         scm_from_utf8_string (extensions[i])));
          if (readable (path))
            return path;
        }
    }
  *tried = scm_cons (scm_from_utf8_string ("(built into libscm)"), *tried);
  char *r = scm_i_to_utf8_stringn (rel, NULL);
  for (size_t i = 0; i < 2; i++)
    {
      size_t n = strlen (r) + 5;
      char *path = scm_i_alloc (n);
      strcpy (path, r);
      strcat (path, extensions[i]);
      if (builtin_text (path) != NULL)
        return scm_string_append (scm_list_2
                                  (scm_from_utf8_string (BUILTIN_PREFIX),
                                   scm_from_utf8_string (path)));
    }
  *tried = scm_reverse_x (*tried, SCM_EOL);
  return SCM_BOOL_F;
}

/* Guile's (srfi srfi-N) is the library (srfi N); (guile) is (libscm).  */
static SCM
library_alias (SCM name)
{
  if (scm_c_list_length (name) == 2 && scm_is_eq (SCM_CAR (name), sym_srfi)
      && scm_is_symbol (SCM_CAR (SCM_CDR (name))))
    {
      SCM part = SCM_CAR (SCM_CDR (name));
      char *s = scm_i_to_utf8_stringn (scm_symbol_to_string (part), NULL);
      if (strncmp (s, "srfi-", 5) == 0 && s[5] >= '0' && s[5] <= '9')
        {
          SCM n = scm_string_to_number (scm_from_utf8_string (s + 5),
                                        SCM_UNDEFINED);
          if (SCM_FIXNUM_P (n))
            return scm_list_2 (sym_srfi, n);
        }
    }
  if (scm_is_pair (name) && scm_is_eq (SCM_CAR (name), sym_guile)
      && scm_is_null (SCM_CDR (name)))
    return scm_list_1 (sym_libscm);
  return SCM_BOOL_F;
}

/* ------------------------------------------------------------------ */
/* Loading a library.  */

static void
pop_loading (void *data)
{
  struct scm_i_instance *inst = scm_i_current_instance ();
  pthread_mutex_lock (&inst->lock);
  inst->loading = *(SCM *) data;
  pthread_mutex_unlock (&inst->lock);
}

static int
is_builtin_file (SCM file)
{
  char *path = scm_i_to_utf8_stringn (file, NULL);
  return strncmp (path, BUILTIN_PREFIX, strlen (BUILTIN_PREFIX)) == 0;
}

/* Evaluate the forms of FILE one by one at the top level of a fresh
   module (a file of Guile-style modules switches it with
   define-module).  */
static void
load_library_file (SCM file)
{
  scm_i_forget_include_chain (scm_i_to_utf8_stringn (file, NULL));
  SCM forms = scm_i_read_file_forms (file, 0);
  scm_dynwind_begin (0);
  SCM m = scm_i_make_module (SCM_BOOL_F, scm_i_core_module (),
                             SCM_I_MODULE_COPIES);
  SCM_I_MODULE (m)->file = file;
  scm_i_dynwind_current_module (m);
  /* A built-in library's forms may name the prelude's internals; a
     file from the load path may not, even imported from one.  */
  scm_i_dynwind_privileged (is_builtin_file (file));
  for (; scm_is_pair (forms); forms = SCM_CDR (forms))
    scm_i_call_unprivileged (scm_i_compile_toplevel (SCM_CAR (forms)));
  scm_dynwind_end ();
}

static void
restore_image_files (void *data)
{
  image_files = *(const char *const **) data;
}

static SCM
loading_chain (SCM name, SCM loading)
{
  SCM chain = scm_list_1 (name);
  for (SCM l = loading; scm_is_pair (l); l = SCM_CDR (l))
    {
      chain = scm_cons (SCM_CAR (l), chain);
      if (scm_is_true (scm_equal_p (SCM_CAR (l), name)))
        break;
    }
  return chain;
}

/* ------------------------------------------------------------------ */
/* Built-in libraries shared by the instances.  A built-in library that
   defines nothing, whose every binding is the core's (immutable) or
   another shared library's, can hold no state: all the (scheme ...)
   libraries are such re-exports.  The first instance to load one
   keeps it here and the others register the same module instead of
   reading and expanding the file again (1.8 ms and 56 KB for (scheme
   base)).  A library that a %load-path directory provides is never
   shared, and neither is one with definitions of its own: each
   instance loads those afresh.  */

static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;
static SCM shared_libraries = SCM_EOL;  /* alist: name -> module */

/* The module named NAME in *LIST, an alist of shared modules, or #f.
   Entries are only ever added, at the head, under shared_lock.  */
static SCM
lookup_shared (SCM *list, SCM name)
{
  pthread_mutex_lock (&shared_lock);
  SCM l = *list;
  pthread_mutex_unlock (&shared_lock);
  for (; scm_is_pair (l); l = SCM_CDR (l))
    if (scm_is_true (scm_equal_p (SCM_CAR (SCM_CAR (l)), name)))
      return SCM_CDR (SCM_CAR (l));
  return SCM_BOOL_F;
}

static void
push_shared (SCM *list, SCM name, SCM m)
{
  SCM cell = scm_cons (scm_cons (name, m), SCM_EOL);
  pthread_mutex_lock (&shared_lock);
  SCM_SETCDR (cell, *list);
  *list = cell;
  pthread_mutex_unlock (&shared_lock);
}

static SCM
shared_library (SCM name)
{
  return lookup_shared (&shared_libraries, name);
}

static int
is_shared_module (SCM m)
{
  pthread_mutex_lock (&shared_lock);
  SCM l = shared_libraries;
  pthread_mutex_unlock (&shared_lock);
  for (; scm_is_pair (l); l = SCM_CDR (l))
    if (scm_is_eq (SCM_CDR (SCM_CAR (l)), m))
      return 1;
  return 0;
}


static void
maybe_share_library (SCM name, SCM m)
{
  struct scm_i_module *mod = SCM_I_MODULE (m);
  SCM core = scm_i_core_module ();
  int flags = scm_i_module_flags (m);
  if (!(flags & SCM_I_MODULE_LIBRARY) || !(flags & SCM_I_MODULE_LOADED)
      || (mod->fallback != NULL && mod->fallback != SCM_I_MODULE (core)))
    return;
  SCM from = scm_i_module_origin_list (m);
  if (scm_is_false (from))
    return;
  for (; scm_is_pair (from); from = SCM_CDR (from))
    if (!scm_is_eq (SCM_CAR (from), core) && !is_shared_module (SCM_CAR (from)))
      return;
  /* Shared means immutable: no instance may define, export or assign
     in it what the others would see.  */
  scm_i_module_set_flags (m, flags | SCM_I_MODULE_IMMUTABLE);
  push_shared (&shared_libraries, name, m);
}

/* The modules the host shared (scm_share_module): found by name in
   every instance before its load path.  */
static SCM host_shared = SCM_EOL;  /* alist: name -> module */

static SCM
host_shared_module (SCM name)
{
  return lookup_shared (&host_shared, name);
}

void
scm_share_module (SCM module)
{
  if (!scm_i_is_module (module) || !scm_is_pair (SCM_I_MODULE (module)->name))
    scm_wrong_type_arg_msg ("scm_share_module", 1, module, "named module");
  SCM name = SCM_I_MODULE (module)->name;
  if (scm_is_true (host_shared_module (name)))
    return;
  /* Frozen before it is published: no instance may change what the
     others see, and none makes copies in its table (the core's
     variables it uses are the core's, frozen too).  */
  scm_i_freeze_module (module);
  push_shared (&host_shared, name, module);
}

/* The module of library NAME, loading it if it is not loaded yet.  */
SCM
scm_i_load_library (SCM name, SCM who, SCM form)
{
  SCM m = scm_i_registered_module (name);
  if (scm_is_true (m))
    return m;
  m = host_shared_module (name);
  if (scm_is_true (m))
    {
      scm_i_register_module (name, m);
      return m;
    }
  /* A program's own library in an image it registered (user-image.c):
     before the load path, as the program asked.  */
  struct scm_i_image_text text = { NULL, NULL };
  m = scm_i_user_image_library (name, &text);
  if (scm_is_true (m))
    {
      scm_i_register_module (name, m);
      return m;
    }
  struct scm_i_instance *inst = scm_i_current_instance ();
  pthread_mutex_lock (&inst->lock);
  SCM loading = inst->loading;
  pthread_mutex_unlock (&inst->lock);
  if (scm_is_true (scm_member (name, loading)))
    scm_c_raise_error ("syntax-error", "import",
                       "libraries import each other in a cycle",
                       scm_list_1 (loading_chain (name, loading)));
  SCM tried = SCM_EOL;
  /* A library with state whose image's variables another instance
     owns: compiled from the text the image carries, as a built-in
     one's is from libscm's.  */
  SCM file = text.file != NULL ? scm_from_utf8_string (text.file)
    : find_library_file (name, &tried);
  if (scm_is_false (file))
    {
      SCM alias = library_alias (name);
      if (scm_is_true (alias))
        {
          m = scm_i_load_library (alias, who, form);
          scm_i_register_module (name, m);
          return m;
        }
      scm_c_raise_error ("syntax-error", "import",
                         "library not found in the load path",
                         scm_list_2 (name, tried));
    }
  int builtin = is_builtin_file (file);
  if (builtin)
    {
      /* Precompiled into the image: bound from its table, nothing read
         or compiled (image.c).  */
      m = scm_i_image_library
        (scm_i_to_utf8_stringn (file, NULL) + strlen (BUILTIN_PREFIX));
      if (scm_is_true (m))
        return m;
      m = shared_library (name);
      if (scm_is_true (m))
        {
          scm_i_register_module (name, m);
          return m;
        }
    }
  if (!builtin && text.file == NULL)
    {
      /* Compiled by scm compile into the cache (user-image.c).  */
      m = scm_i_compiled_library (name, file);
      if (scm_is_true (m))
        {
          scm_i_register_module (name, m);
          return m;
        }
    }
  scm_dynwind_begin (0);
  SCM *saved = scm_i_alloc (sizeof *saved);
  *saved = loading;
  pthread_mutex_lock (&inst->lock);
  inst->loading = scm_cons (name, loading);
  pthread_mutex_unlock (&inst->lock);
  scm_dynwind_unwind_handler (pop_loading, saved, SCM_F_WIND_EXPLICITLY);
  if (text.file != NULL)
    {
      const char *const **files = scm_i_alloc (sizeof *files);
      *files = image_files;
      scm_dynwind_unwind_handler (restore_image_files, files,
                                  SCM_F_WIND_EXPLICITLY);
      image_files = text.files;
    }
  load_library_file (file);
  scm_dynwind_end ();
  m = scm_i_registered_module (name);
  if (scm_is_false (m))
    scm_c_raise_error ("syntax-error", "import",
                       "the library's file does not define it",
                       scm_list_2 (name, file));
  if (builtin && !is_shared_module (m))
    maybe_share_library (name, m);
  (void) who;
  (void) form;
  return m;
}

/* (a b 1) for "a/b/1.sld".  */
static SCM
library_name_of_path (const char *path)
{
  SCM parts = SCM_EOL;
  for (const char *p = path; *p != '\0';)
    {
      size_t n = strcspn (p, "/.");
      SCM part = scm_from_utf8_stringn (p, n);
      SCM num = scm_string_to_number (part, SCM_UNDEFINED);
      parts = scm_cons (SCM_FIXNUM_P (num) ? num : scm_string_to_symbol (part),
                        parts);
      if (p[n] != '/')
        break;
      p += n + 1;
    }
  return scm_reverse_x (parts, SCM_EOL);
}

static int
listed_module (SCM m, SCM alist)
{
  for (; scm_is_pair (alist); alist = SCM_CDR (alist))
    if (scm_is_eq (SCM_CDR (SCM_CAR (alist)), m))
      return 1;
  return 0;
}

SCM
scm_i_load_builtin_libraries (void)
{
  for (size_t i = 0; builtin_files[i].path != NULL; i++)
    {
      const char *p = builtin_files[i].path;
      size_t n = strlen (p);
      if (n > 4 && strcmp (p + n - 4, ".sld") == 0)
        scm_i_load_library (library_name_of_path (p), SCM_BOOL_F, SCM_BOOL_F);
    }
  /* The registry is newest first; each library is registered once its
     definition is done, after the libraries it imports.  */
  SCM acc = SCM_EOL;
  struct scm_i_instance *inst = scm_i_current_instance ();
  for (SCM l = inst->modules; scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM m = SCM_CDR (SCM_CAR (l));
      SCM file = SCM_I_MODULE (m)->file;
      if (!(scm_i_module_flags (m) & SCM_I_MODULE_LIBRARY)
          || !scm_is_string (file) || !is_builtin_file (file)
          || listed_module (m, acc))
        continue;
      char *path = scm_i_to_utf8_stringn (file, NULL) + strlen (BUILTIN_PREFIX);
      acc = scm_cons (scm_cons (scm_from_utf8_string (path), m), acc);
    }
  return acc;
}

int
scm_i_library_available (SCM name)
{
  if (!scm_i_valid_library_name (name))
    return 0;
  if (scm_is_true (scm_i_registered_module (name))
      || scm_is_true (host_shared_module (name)))
    return 1;
  SCM tried;
  if (scm_is_true (find_library_file (name, &tried)))
    return 1;
  SCM alias = library_alias (name);
  return scm_is_true (alias) && scm_i_library_available (alias);
}

/* ------------------------------------------------------------------ */
/* Procedures.  */

static SCM
check_module (SCM m, int pos, const char *who)
{
  if (!scm_i_is_module (m))
    scm_wrong_type_arg_msg (who, pos, m, "module");
  return m;
}

SCM_DEFINE (scm_environment, "environment", 0, 0, 1, (SCM import_sets),
            "Return an environment for @code{eval} that holds exactly the "
            "bindings of @var{import-sets}, such as @code{'(scheme base)} or "
            "@code{'(only (scheme write) display)}.  Its bindings are "
            "immutable: @code{define} and @code{set!} of them are errors.")
{
  SCM m = scm_i_make_module (SCM_BOOL_F, SCM_BOOL_F, SCM_I_MODULE_LIBRARY);
  scm_i_import_all_sets (m, import_sets, SCM_BOOL_F);
  scm_i_module_set_flags (m, SCM_I_MODULE_LIBRARY | SCM_I_MODULE_IMMUTABLE
                          | SCM_I_MODULE_LOADED);
  return m;
}

SCM_DEFINE_STATIC (mutable_environment, "%mutable-environment", 0, 0, 1,
                   (SCM import_sets),
                   "Return a new environment for @code{eval} holding the "
                   "bindings of @var{import-sets}, in which the code may "
                   "define (and assign) its own variables, as in a sandbox: "
                   "the imported bindings stay immutable.")
{
  SCM m = scm_i_make_module (SCM_BOOL_F, SCM_BOOL_F, SCM_I_MODULE_LIBRARY);
  scm_i_import_all_sets (m, import_sets, SCM_BOOL_F);
  scm_i_module_set_flags (m, SCM_I_MODULE_LIBRARY | SCM_I_MODULE_LOADED);
  return m;
}

/* ------------------------------------------------------------------ */
/* Sandbox modules of (ice-9 sandbox)'s own binding sets.  Each set is
   resolved once per process into a template: a module no code ever
   sees, whose table maps each name of the set to the library's
   variable.  The built-in libraries' variables are the same objects in
   every instance (image.c, maybe_share_library), so every instance's
   sandbox module of that set can start from the template's very
   tables, shared copy-on-write (scm_i_eqtab read_only): making one
   copies nothing, and the first definition in it copies the table.  */

static SCM sandbox_templates = SCM_EOL;  /* alist: bindings -> (T . LIBS) */

/* A fresh environment whose tables are those of TEMPLATE, copied when
   first changed.  */
static SCM
environment_sharing (SCM template)
{
  struct scm_i_module *src = SCM_I_MODULE (template);
  SCM m = scm_i_make_module (SCM_BOOL_F, SCM_BOOL_F, SCM_I_MODULE_LIBRARY);
  struct scm_i_module *dst = SCM_I_MODULE (m);
  dst->table = src->table;
  dst->table.read_only = 1;
  dst->origins = src->origins;
  dst->origins.read_only = 1;
  scm_i_module_set_flags (m, SCM_I_MODULE_LIBRARY | SCM_I_MODULE_LOADED);
  scm_remember_upto_here_1 (template);
  return m;
}

/* Whether each (NAME . MODULE) of LIBS is the module the current
   instance has for library NAME (loading it if need be).  */
static int
same_libraries (SCM libs, SCM who)
{
  for (; scm_is_pair (libs); libs = SCM_CDR (libs))
    if (!scm_is_eq (scm_i_load_library (SCM_CAR (SCM_CAR (libs)), who,
                                        SCM_BOOL_F),
                    SCM_CDR (SCM_CAR (libs))))
      return 0;
  return 1;
}

/* The (NAME . MODULE) of each library of BINDINGS, or #f if one of
   them is the current instance's own (not immutable, so not what other
   instances would find).  */
static SCM
shared_libraries_of (SCM bindings, SCM who)
{
  SCM libs = SCM_EOL;
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b))
    {
      SCM name = SCM_CAR (SCM_CAR (b));
      if (scm_is_true (scm_assoc (name, libs)))
        continue;               /* checked once per library */
      SCM m = scm_i_load_library (name, who, SCM_BOOL_F);
      if (!(scm_i_module_flags (m) & SCM_I_MODULE_IMMUTABLE))
        return SCM_BOOL_F;
      libs = scm_cons (scm_cons (name, m), libs);
    }
  return libs;
}

SCM_DEFINE_STATIC (sandbox_environment, "%sandbox-environment", 1, 0, 0,
                   (SCM bindings),
                   "Return a new environment for @code{eval} holding the "
                   "@var{bindings}, a list of @code{(@var{library} "
                   "@var{identifier} @dots{})}, in which the code may define "
                   "its own variables, as @code{%mutable-environment} of the "
                   "@code{only} import sets would; made from a template "
                   "kept for the process, whose tables it shares until its "
                   "first definition.  For (ice-9 sandbox)'s own binding "
                   "sets: the templates are never dropped.")
{
  SCM who = scm_from_utf8_symbol ("make-sandbox-module");
  SCM entry = lookup_shared (&sandbox_templates, bindings);
  if (scm_is_true (entry) && same_libraries (SCM_CDR (entry), who))
    return environment_sharing (SCM_CAR (entry));
  /* One `only' set per library, of all the names BINDINGS takes from
     it (the sets name (scheme base) a dozen times): each library's
     imports are gone through once.  */
  SCM by_library = SCM_EOL;     /* ((LIBRARY . reversed names) ...) */
  for (SCM b = bindings; scm_is_pair (b); b = SCM_CDR (b))
    {
      if (!scm_is_pair (SCM_CAR (b)) || scm_c_list_length (SCM_CAR (b)) < 0)
        scm_wrong_type_arg_msg ("%sandbox-environment", 1, bindings,
                                "list of (LIBRARY IDENTIFIER ...)");
      SCM lib = SCM_CAR (SCM_CAR (b));
      SCM names = scm_assoc (lib, by_library);
      if (scm_is_false (names))
        {
          names = scm_cons (lib, SCM_EOL);
          by_library = scm_cons (names, by_library);
        }
      for (SCM n = SCM_CDR (SCM_CAR (b)); scm_is_pair (n); n = SCM_CDR (n))
        SCM_SETCDR (names, scm_cons (SCM_CAR (n), SCM_CDR (names)));
    }
  SCM sets = SCM_EOL;
  for (SCM e = by_library; scm_is_pair (e); e = SCM_CDR (e))
    sets = scm_cons (scm_cons (sym_only,
                               scm_cons (SCM_CAR (SCM_CAR (e)),
                                         scm_reverse_x (SCM_CDR (SCM_CAR (e)),
                                                        SCM_EOL))), sets);
  SCM m = scm_i_make_module (SCM_BOOL_F, SCM_BOOL_F, SCM_I_MODULE_LIBRARY);
  scm_i_import_all_sets (m, sets, SCM_BOOL_F);
  SCM libs = shared_libraries_of (bindings, who);
  if (scm_is_true (entry) || scm_is_false (libs))
    {
      /* This instance's libraries are not those of the template: its
         module is its own, made as %mutable-environment makes one.  */
      scm_i_module_set_flags (m, SCM_I_MODULE_LIBRARY | SCM_I_MODULE_LOADED);
      return m;
    }
  /* The template is never written again, not even by accident: any
     change would go to a copy.  */
  SCM_I_MODULE (m)->table.read_only = 1;
  SCM_I_MODULE (m)->origins.read_only = 1;
  scm_i_module_set_flags (m, SCM_I_MODULE_LIBRARY | SCM_I_MODULE_LOADED
                          | SCM_I_MODULE_IMMUTABLE);
  /* Two instances may race here: each template is right, the first
     one pushed is found from then on.  The key is immutable: no one
     can change the list a template stands for.  */
  push_shared (&sandbox_templates, scm_i_literal (bindings),
               scm_cons (m, libs));
  return environment_sharing (m);
}

SCM_DEFINE (scm_current_module, "current-module", 0, 0, 0, (void),
            "Return the module that top-level forms are expanded in now: "
            "the REPL's @code{(libscm user)}, or the module a file being "
            "loaded has switched to with @code{define-module}.")
{
  return scm_i_current_module ();
}

SCM_DEFINE (scm_set_current_module, "set-current-module", 1, 0, 0,
            (SCM module),
            "Make @var{module} the current module; return the previous one.")
{
  check_module (module, 1, "set-current-module");
  SCM old = scm_i_current_module ();
  scm_i_set_current_module (module);
  return old;
}

SCM_DEFINE (scm_module_p, "module?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a module (or an environment "
            "made by @code{environment}).")
{
  return scm_from_bool (scm_i_is_module (obj));
}

SCM_DEFINE (scm_module_name, "module-name", 1, 0, 0, (SCM module),
            "Return the name of @var{module}, a list such as @code{(srfi 1)}, "
            "or @code{#f} for an anonymous module.")
{
  check_module (module, 1, "module-name");
  return SCM_I_MODULE (module)->name;
}

SCM_DEFINE (scm_resolve_module, "resolve-module", 1, 0, 0, (SCM name),
            "Return the module or library named @var{name} (a list), "
            "loading it from the load path if it is not loaded yet.  As in "
            "Guile, a name that no file defines gets a new, empty module.")
{
  if (!scm_i_valid_library_name (name))
    scm_wrong_type_arg_msg ("resolve-module", 1, name, "module name");
  SCM m = scm_i_registered_module (name);
  if (scm_is_true (m))
    return m;
  if (!scm_i_library_available (name))
    return scm_i_make_guile_module (name, SCM_BOOL_F);
  return scm_i_load_library (name, scm_from_utf8_symbol ("resolve-module"),
                             name);
}

SCM_DEFINE (scm_reload_module, "reload-module", 1, 0, 0, (SCM module),
            "Load the file of library or module @var{module} (a module or "
            "its name) again, so that its definitions are those of the "
            "file as it is now, as Guile's @code{reload-module} does; "
            "return the new module.  Importers keep what they imported "
            "until they import it again.")
{
  SCM name = scm_is_true (scm_module_p (module))
    ? SCM_I_MODULE (module)->name : module;
  if (!scm_i_valid_library_name (name))
    scm_wrong_type_arg_msg ("reload-module", 1, module, "module or its name");
  SCM tried, file = find_library_file (name, &tried);
  if (scm_is_false (file))
    scm_c_raise_error ("file-error", "reload-module",
                       "no file of the library in the load path",
                       scm_list_2 (name, tried));
  if (is_builtin_file (file))
    scm_c_raise_error ("misc-error", "reload-module",
                       "a built-in library cannot be reloaded",
                       scm_list_1 (name));
  load_library_file (file);
  return scm_i_registered_module (name);
}

SCM_DEFINE (scm_module_variable, "module-variable", 2, 0, 0,
            (SCM module, SCM name),
            "Return the variable bound to @var{name} in @var{module}, or "
            "@code{#f} if there is none (or @var{name} is syntax).")
{
  check_module (module, 1, "module-variable");
  SCM_ASSERT_TYPE (scm_is_symbol (name), name, 2, "module-variable", "symbol");
  SCM b = scm_i_module_binding (module, name);
  return scm_is_variable (b) ? b : SCM_BOOL_F;
}

SCM_DEFINE (scm_module_ref, "module-ref", 2, 1, 0,
            (SCM module, SCM name, SCM dflt),
            "Return the value of @var{name} in @var{module}; @var{default} "
            "if it is unbound and one is given, else an error.")
{
  SCM var = scm_module_variable (module, name);
  if (scm_is_variable (var) && !SCM_UNBNDP (SCM_CELL_OBJECT (var, 1)))
    return SCM_CELL_OBJECT (var, 1);
  if (!SCM_UNBNDP (dflt))
    return dflt;
  scm_c_raise_error ("unbound-variable", "module-ref",
                     "unbound variable in module",
                     scm_list_2 (name, SCM_I_MODULE (module)->name));
}

SCM_DEFINE (scm_module_bound_p, "module-bound?", 2, 0, 0,
            (SCM module, SCM name),
            "Return @code{#t} if @var{name} has a value in @var{module}.")
{
  SCM var = scm_module_variable (module, name);
  return scm_from_bool (scm_is_variable (var)
                        && !SCM_UNBNDP (SCM_CELL_OBJECT (var, 1)));
}

SCM_DEFINE (scm_module_define_x, "module-define!", 3, 0, 0,
            (SCM module, SCM name, SCM value),
            "Bind @var{name} to @var{value} in @var{module}, as a variable "
            "of the module's own.")
{
  scm_module_define (module, name, value);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_module_export_x, "module-export!", 2, 0, 0,
            (SCM module, SCM names),
            "Export the symbols @var{names} from @var{module}.")
{
  check_module (module, 1, "module-export!");
  scm_i_check_module_mutable (module, "module-export!");
  for (SCM l = names; scm_is_pair (l); l = SCM_CDR (l))
    scm_i_guile_export (module, SCM_CAR (l), names);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_module_exports, "module-exports", 1, 0, 0, (SCM module),
            "Return the list of the names @var{module} exports.")
{
  check_module (module, 1, "module-exports");
  return scm_i_module_export_names (module);
}

/* ------------------------------------------------------------------ */
/* The C interface.  */

SCM
scm_c_resolve_module (const char *name)
{
  return scm_resolve_module (scm_i_c_module_name (name));
}

SCM
scm_c_define_module (const char *name, void (*init) (void *), void *data)
{
  SCM mname = scm_i_c_module_name (name);
  SCM m = scm_i_registered_module (mname);
  if (scm_is_false (m))
    m = scm_i_make_guile_module (mname, SCM_BOOL_F);
  if (init != NULL)
    {
      scm_dynwind_begin (0);
      scm_i_dynwind_current_module (m);
      init (data);
      scm_dynwind_end ();
    }
  return m;
}

void
scm_c_use_module (const char *name)
{
  SCM mname = scm_i_c_module_name (name);
  scm_i_install_imports (scm_i_current_module (),
                         scm_i_use_module_imports (mname, mname));
}

SCM
scm_c_module_define (SCM module, const char *name, SCM value)
{
  return scm_module_define (module, scm_from_utf8_symbol (name), value);
}

void
scm_c_export (const char *name, ...)
{
  SCM m = scm_i_current_module ();
  va_list ap;
  va_start (ap, name);
  for (const char *n = name; n != NULL; n = va_arg (ap, const char *))
    {
      SCM sym = scm_from_utf8_symbol (n);
      scm_i_guile_export (m, sym, sym);
    }
  va_end (ap);
}

static SCM
c_module_variable (const char *module_name, const char *name, int private)
{
  SCM mname = scm_i_c_module_name (module_name);
  SCM m = scm_i_load_library (mname, private ? sym_atat : sym_at, mname);
  SCM sym = scm_from_utf8_symbol (name);
  SCM b = private ? scm_i_module_binding (m, sym)
    : scm_i_module_exported_binding (m, sym);
  if (!scm_is_variable (b))
    scm_c_raise_error ("unbound-variable", private ? "scm_c_private_ref"
                       : "scm_c_public_ref",
                       private ? "no such variable in the module"
                       : "the module exports no such variable",
                       scm_list_2 (sym, mname));
  return b;
}

SCM
scm_c_public_variable (const char *module_name, const char *name)
{
  return c_module_variable (module_name, name, 0);
}

SCM
scm_c_private_variable (const char *module_name, const char *name)
{
  return c_module_variable (module_name, name, 1);
}

SCM
scm_c_public_ref (const char *module_name, const char *name)
{
  return scm_variable_ref (scm_c_public_variable (module_name, name));
}

SCM
scm_c_private_ref (const char *module_name, const char *name)
{
  return scm_variable_ref (scm_c_private_variable (module_name, name));
}

SCM
scm_c_module_lookup (SCM module, const char *name)
{
  check_module (module, 1, "scm_c_module_lookup");
  SCM var = scm_module_variable (module, scm_from_utf8_symbol (name));
  if (!scm_is_variable (var) || SCM_UNBNDP (SCM_CELL_OBJECT (var, 1)))
    scm_c_raise_error ("unbound-variable", "scm_c_module_lookup",
                       "unbound variable in module",
                       scm_list_2 (scm_from_utf8_symbol (name),
                                   SCM_I_MODULE (module)->name));
  return var;
}

#ifndef SCM_SITE_DIR
# define SCM_SITE_DIR "/usr/local/share/libscm/site"
#endif

/* %load-path at init: the directories of SCM_LOAD_PATH (colon
   separated), then the site directory.  */
void
scm_i_init_load_path (void)
{
  SCM dirs = SCM_EOL;
  const char *env = getenv ("SCM_LOAD_PATH");
  for (const char *p = env; p != NULL && *p != '\0';)
    {
      const char *colon = strchr (p, ':');
      size_t n = colon != NULL ? (size_t) (colon - p) : strlen (p);
      if (n > 0)
        dirs = scm_cons (scm_from_utf8_stringn (p, n), dirs);
      p = colon != NULL ? colon + 1 : p + n;
    }
  dirs = scm_cons (scm_from_utf8_string (SCM_SITE_DIR), dirs);
  SCM var = scm_i_module_binding (scm_i_core_module (), sym_load_path);
  if (scm_is_variable (var))
    SCM_SET_CELL_OBJECT (var, 1, scm_reverse_x (dirs, SCM_EOL));
}

void
scm_init_libraries (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "modules/libraries.x"
#endif
  scm_i_init_library_forms ();
}
