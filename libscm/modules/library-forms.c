/* library-forms.c -- the forms that declare and import libraries:
   import sets, define-library, define-module, use-modules, export, @
   SPDX-License-Identifier: LGPL-3.0-or-later

   What each form means, at expansion time: an import set is resolved
   into a list of (name binding . module), which modules.c installs in
   the importing module (all of a form's sets at once, checked for
   conflicts); define-library evaluates its declarations in a fresh
   library module; define-module, use-modules and export are Guile's.
   Finding and loading the library a name stands for is libraries.c's
   (scm_i_load_library).  */

#include "runtime/scm-internal.h"
#include "expand/expand-internal.h"
#include "compile/compile-internal.h"
#include "modules/modules-internal.h"
#include "values/strings-internal.h"
#include "values/hashtab-internal.h"
#include "image/image-internal.h"

#include <stdlib.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/eval.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/pairs.h>
#include <libscm/read.h>
#include <libscm/strings.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>

SCM_SYMBOL (sym_import, "import");
SCM_SYMBOL (sym_export, "export");
SCM_SYMBOL (sym_only, "only");
SCM_SYMBOL (sym_except, "except");
SCM_SYMBOL (sym_prefix, "prefix");
SCM_SYMBOL (sym_rename, "rename");
SCM_SYMBOL (sym_begin, "begin");
SCM_SYMBOL (sym_include, "include");
SCM_SYMBOL (sym_include_ci, "include-ci");
SCM_SYMBOL (sym_include_decls, "include-library-declarations");
SCM_SYMBOL (sym_cond_expand, "cond-expand");
SCM_SYMBOL (sym_define_library, "define-library");
SCM_SYMBOL (sym_define_module, "define-module");
SCM_SYMBOL (sym_use_modules, "use-modules");
SCM_SYMBOL (sym_at, "@");
SCM_SYMBOL (sym_atat, "@@");
SCM_SYMBOL (sym_libscm, "libscm");
SCM_KEYWORD (kw_export, "export");
SCM_KEYWORD (kw_use_module, "use-module");
SCM_KEYWORD (kw_re_export, "re-export");
SCM_KEYWORD (kw_select, "select");
SCM_KEYWORD (kw_hide, "hide");
SCM_KEYWORD (kw_prefix, "prefix");
SCM_KEYWORD (kw_renamer, "renamer");
SCM_KEYWORD (kw_pure, "pure");
SCM_KEYWORD (kw_no_backtrace, "no-backtrace");
SCM_KEYWORD (kw_declarative, "declarative?");
SCM_KEYWORD (kw_export_syntax, "export-syntax");
SCM_KEYWORD (kw_replace, "replace");

/* ------------------------------------------------------------------ */
/* Import sets.  An import is a list of (name binding . module).  */

static SCM
identifier_list (SCM l, SCM who, SCM form)
{
  SCM acc = SCM_EOL;
  if (scm_c_list_length (l) < 0)
    scm_i_syntax_error (who, "bad import set", l, form);
  for (; scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM id = scm_i_strip_syntax (SCM_CAR (l));
      if (!scm_is_symbol (id))
        scm_i_syntax_error (who, "not an identifier", id, form);
      acc = scm_cons (id, acc);
    }
  return scm_reverse_x (acc, SCM_EOL);
}

static SCM
find_import (SCM imports, SCM name)
{
  for (; scm_is_pair (imports); imports = SCM_CDR (imports))
    if (scm_is_eq (SCM_CAR (SCM_CAR (imports)), name))
      return SCM_CAR (imports);
  return SCM_BOOL_F;
}

#define library_imports scm_i_library_imports

static void
check_names_imported (SCM imports, SCM names, SCM set, SCM form)
{
  for (; scm_is_pair (names); names = SCM_CDR (names))
    if (scm_is_false (find_import (imports, SCM_CAR (names))))
      scm_i_syntax_error (sym_import, "the import set does not provide this "
                          "name", scm_list_2 (SCM_CAR (names),
                                              scm_i_strip_syntax (set)),
                          form);
}

/* Name lists longer than this are looked up in a table, not searched:
   a sandbox's `only' sets name hundreds of a library's hundreds of
   exports, which list searches made quadratic.  */
#define SHORT_NAMES 8

/* The imports of INNER whose names are among NAMES (ONLY), or not
   (except), in INNER's order, once INNER is known to provide each of
   NAMES (check_names_imported's error otherwise).  A long NAMES goes in
   a table whose values say which names INNER was seen to provide: one
   pass over INNER.  */
static SCM
select_imports (SCM inner, SCM names, int only, SCM set, SCM form)
{
  long n = scm_c_list_length (names);
  if (n <= SHORT_NAMES)
    {
      check_names_imported (inner, names, set, form);
      SCM acc = SCM_EOL;
      for (; scm_is_pair (inner); inner = SCM_CDR (inner))
        if (scm_is_true (scm_memq (SCM_CAR (SCM_CAR (inner)), names)) == only)
          acc = scm_cons (SCM_CAR (inner), acc);
      return scm_reverse_x (acc, SCM_EOL);
    }
  struct scm_i_eqtab listed;
  size_t capacity = 16;
  while (capacity < 2 * (size_t) n)
    capacity *= 2;
  scm_i_eqtab_init (&listed, capacity);
  for (SCM l = names; scm_is_pair (l); l = SCM_CDR (l))
    scm_i_eqtab_set (&listed, SCM_CAR (l), SCM_BOOL_F);
  size_t seen = 0;
  SCM acc = SCM_EOL;
  for (SCM l = inner; scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM name = SCM_CAR (SCM_CAR (l));
      SCM v = scm_i_eqtab_ref (&listed, name, SCM_UNDEFINED);
      if (scm_is_false (v))
        {
          scm_i_eqtab_set (&listed, name, SCM_BOOL_T);
          seen++;
        }
      if ((!SCM_UNBNDP (v)) == only)
        acc = scm_cons (SCM_CAR (l), acc);
    }
  if (seen < listed.count)
    check_names_imported (inner, names, set, form);
  return scm_reverse_x (acc, SCM_EOL);
}

static int
is_set_form (SCM set, SCM op, long min)
{
  return scm_is_pair (set) && scm_is_eq (scm_i_strip_syntax (SCM_CAR (set)), op)
    && scm_c_list_length (set) >= min;
}

/* The imports of import set SET.  */
static SCM
resolve_import_set (SCM set, SCM form)
{
  scm_i_check_c_stack ("import set");
  SCM s = scm_i_strip_syntax (set);
  int only = is_set_form (s, sym_only, 2);
  if ((only || is_set_form (s, sym_except, 2))
      && scm_is_pair (SCM_CAR (SCM_CDR (s))))
    {
      SCM inner = resolve_import_set (SCM_CAR (SCM_CDR (s)), form);
      SCM names = identifier_list (SCM_CDR (SCM_CDR (s)), sym_import, form);
      return select_imports (inner, names, only, s, form);
    }
  if (is_set_form (s, sym_prefix, 3) && scm_c_list_length (s) == 3
      && scm_is_pair (SCM_CAR (SCM_CDR (s))))
    {
      SCM inner = resolve_import_set (SCM_CAR (SCM_CDR (s)), form);
      SCM p = SCM_CAR (SCM_CDR (SCM_CDR (s)));
      if (!scm_is_symbol (p))
        scm_i_syntax_error (sym_import, "a prefix must be an identifier", p,
                            form);
      SCM ps = scm_symbol_to_string (p), acc = SCM_EOL;
      for (; scm_is_pair (inner); inner = SCM_CDR (inner))
        {
          SCM imp = SCM_CAR (inner);
          SCM name = scm_string_to_symbol
            (scm_string_append (scm_list_2 (ps, scm_symbol_to_string
                                            (SCM_CAR (imp)))));
          acc = scm_cons (scm_cons (name, SCM_CDR (imp)), acc);
        }
      return scm_reverse_x (acc, SCM_EOL);
    }
  if (is_set_form (s, sym_rename, 2) && scm_is_pair (SCM_CAR (SCM_CDR (s))))
    {
      SCM inner = resolve_import_set (SCM_CAR (SCM_CDR (s)), form);
      SCM renames = SCM_CDR (SCM_CDR (s)), from = SCM_EOL;
      for (SCM r = renames; scm_is_pair (r); r = SCM_CDR (r))
        {
          SCM pair = SCM_CAR (r);
          if (scm_c_list_length (pair) != 2 || !scm_is_symbol (SCM_CAR (pair))
              || !scm_is_symbol (SCM_CAR (SCM_CDR (pair))))
            scm_i_syntax_error (sym_import, "a rename must be (FROM TO)", pair,
                                form);
          from = scm_cons (SCM_CAR (pair), from);
        }
      check_names_imported (inner, from, s, form);
      SCM acc = SCM_EOL;
      for (; scm_is_pair (inner); inner = SCM_CDR (inner))
        {
          SCM imp = SCM_CAR (inner), name = SCM_CAR (imp);
          for (SCM r = renames; scm_is_pair (r); r = SCM_CDR (r))
            if (scm_is_eq (SCM_CAR (SCM_CAR (r)), name))
              {
                name = SCM_CAR (SCM_CDR (SCM_CAR (r)));
                break;
              }
          acc = scm_cons (scm_cons (name, SCM_CDR (imp)), acc);
        }
      return scm_reverse_x (acc, SCM_EOL);
    }
  if (scm_is_pair (s) && !scm_i_valid_library_name (s)
      && scm_is_symbol (SCM_CAR (s))
      && (scm_is_eq (SCM_CAR (s), sym_only) || scm_is_eq (SCM_CAR (s), sym_except)
          || scm_is_eq (SCM_CAR (s), sym_prefix)
          || scm_is_eq (SCM_CAR (s), sym_rename)))
    scm_i_syntax_error (sym_import, "bad import set", s, form);
  SCM name = scm_i_check_library_name (s, sym_import, form);
  return library_imports (scm_i_load_library (name, sym_import, form));
}

/* Every export of module M as an import.  */
SCM
scm_i_library_imports (SCM m)
{
  if (scm_i_module_flags (m) & SCM_I_MODULE_IMAGED)
    {
      SCM imports = scm_i_image_library_imports (m);
      if (scm_is_true (imports))
        return imports;
    }
  SCM acc = SCM_EOL;
  SCM exports = SCM_I_MODULE (m)->exports;
  if (!scm_is_eq (exports, SCM_BOOL_T))
    {
      /* (external . internal) in order: one lookup each.  */
      for (; scm_is_pair (exports); exports = SCM_CDR (exports))
        {
          SCM e = SCM_CAR (exports);
          SCM b = scm_i_module_binding (m, SCM_CDR (e));
          if (scm_is_true (b))
            acc = scm_cons (scm_cons (SCM_CAR (e), scm_cons (b, m)), acc);
        }
      return scm_reverse_x (acc, SCM_EOL);
    }
  for (SCM names = scm_i_module_export_names (m); scm_is_pair (names);
       names = SCM_CDR (names))
    {
      SCM b = scm_i_module_exported_binding (m, SCM_CAR (names));
      if (scm_is_true (b))
        acc = scm_cons (scm_cons (SCM_CAR (names), scm_cons (b, m)), acc);
    }
  return scm_reverse_x (acc, SCM_EOL);
}

void
scm_i_install_imports (SCM m, SCM imports)
{
  for (; scm_is_pair (imports); imports = SCM_CDR (imports))
    {
      SCM imp = SCM_CAR (imports);
      scm_i_module_import (m, SCM_CAR (imp), SCM_CAR (SCM_CDR (imp)),
                           SCM_CDR (SCM_CDR (imp)));
    }
}

/* The first import of IMPORTS (lists of imports) that binds a name an
   earlier one binds differently, or #f.  The names are hashed in a
   malloc'd table (nothing of it is left for the collector): N of them.  */
static SCM
conflicting_import (SCM lists, size_t n, SCM *earlier)
{
  size_t size = 64;
  while (size < 2 * n)
    size *= 2;
  SCM *slots = calloc (size, sizeof *slots);
  if (slots == NULL)
    scm_out_of_memory ("import", 0);
  SCM found = SCM_BOOL_F;
  for (SCM p = lists; scm_is_false (found) && scm_is_pair (p); p = SCM_CDR (p))
    for (SCM l = SCM_CAR (p); scm_is_pair (l); l = SCM_CDR (l))
      {
        SCM imp = SCM_CAR (l);
        size_t i = scm_i_hash_word (SCM_UNPACK (SCM_CAR (imp))) & (size - 1);
        while (SCM_UNPACK (slots[i]) != 0
               && !scm_is_eq (SCM_CAR (slots[i]), SCM_CAR (imp)))
          i = (i + 1) & (size - 1);
        if (SCM_UNPACK (slots[i]) == 0)
          slots[i] = imp;
        else if (!scm_is_eq (SCM_CAR (SCM_CDR (slots[i])),
                             SCM_CAR (SCM_CDR (imp))))
          {
            *earlier = slots[i];
            found = imp;
            break;
          }
      }
  free (slots);
  return found;
}

/* The imports of the import sets SETS, as one list of imports per set,
   checked for a name that two of them bind differently.  The whole of
   (libscm) is not copied into a module that has no fallback: it
   becomes the fallback, whose bindings yield to the module's own and
   to explicit imports.  */
static SCM
resolve_import_sets (SCM m, SCM sets, SCM form)
{
  SCM parts = SCM_EOL;
  size_t n = 0;
  for (; scm_is_pair (sets); sets = SCM_CDR (sets))
    {
      SCM s = scm_i_strip_syntax (SCM_CAR (sets));
      if (scm_is_pair (s) && scm_is_eq (SCM_CAR (s), sym_libscm)
          && scm_is_null (SCM_CDR (s)))
        {
          struct scm_i_module *mod = SCM_I_MODULE (m);
          if (mod->fallback == NULL)
            mod->fallback = SCM_I_MODULE (scm_i_core_module ());
          continue;
        }
      SCM part = resolve_import_set (SCM_CAR (sets), form);
      n += (size_t) scm_c_list_length (part);
      parts = scm_cons (part, parts);
    }
  parts = scm_reverse_x (parts, SCM_EOL);
  SCM other = SCM_BOOL_F;
  SCM imp = conflicting_import (parts, n, &other);
  if (scm_is_true (imp))
    scm_i_syntax_error (sym_import, "a name is imported from two libraries "
                        "with different bindings",
                        scm_list_3 (SCM_CAR (imp),
                                    SCM_I_MODULE (SCM_CDR (SCM_CDR (other)))->name,
                                    SCM_I_MODULE (SCM_CDR (SCM_CDR (imp)))->name),
                        form);
  return parts;
}

/* The imaged library whose whole imports list L is, if M takes it
   lazily (modules.c), else #f.  */
static SCM
lazy_import (SCM m, SCM l)
{
  if (!scm_is_pair (l))
    return SCM_BOOL_F;
  SCM from = SCM_CDR (SCM_CDR (SCM_CAR (l)));
  return scm_i_module_lazy_importable (m, from, l) ? from : SCM_BOOL_F;
}

/* The room the lists of IMPORTS need in M's tables: a module that
   copies the core's bindings takes none for an imaged library that
   only re-exports the core, such as (scheme base), nor for one it
   imports lazily.  */
static size_t
imports_room (SCM m, SCM lists)
{
  int copies = (scm_i_module_flags (m) & SCM_I_MODULE_COPIES)
    && SCM_I_MODULE (m)->fallback != NULL;
  size_t n = 0;
  for (; scm_is_pair (lists); lists = SCM_CDR (lists))
    {
      SCM l = SCM_CAR (lists);
      if (!scm_is_pair (l) || scm_is_true (lazy_import (m, l)))
        continue;
      SCM from = SCM_CDR (SCM_CDR (SCM_CAR (l)));
      if (copies && (scm_i_module_flags (from) & SCM_I_MODULE_IMAGED)
          && scm_is_eq (l, scm_i_image_library_imports (from)))
        n += SCM_OBJ_PAYLOAD (from);   /* its exports not the core's */
      else
        n += (size_t) scm_c_list_length (l);
    }
  return n;
}

void
scm_i_import_all_sets (SCM m, SCM sets, SCM form)
{
  SCM lists = resolve_import_sets (m, sets, form);
  size_t n = imports_room (m, lists);
  /* Room for them at once, not one table per doubling.  */
  if (n > 8)
    scm_i_module_reserve (m, n);
  for (SCM p = lists; scm_is_pair (p); p = SCM_CDR (p))
    {
      SCM from = lazy_import (m, SCM_CAR (p));
      if (scm_is_true (from))
        scm_i_module_import_lazily (m, from, SCM_CAR (p));
      else
        scm_i_install_imports (m, SCM_CAR (p));
    }
}

void
scm_i_expand_import (SCM m, SCM form)
{
  scm_i_check_form_length (form, 1, -1, sym_import);
  scm_i_import_all_sets (m, SCM_CDR (form), form);
}

/* ------------------------------------------------------------------ */
/* define-library.  */

static void library_declaration (SCM m, SCM decl, SCM form);

static void
eval_in_module (SCM m, SCM forms)
{
  scm_dynwind_begin (0);
  scm_i_dynwind_current_module (m);
  for (; scm_is_pair (forms); forms = SCM_CDR (forms))
    scm_i_call_unprivileged (scm_i_compile_toplevel (SCM_CAR (forms)));
  scm_dynwind_end ();
}

SCM
scm_i_included_files_forms (SCM decl, int fold_case, SCM who)
{
  scm_i_check_form_length (decl, 2, -1, who);
  SCM forms = SCM_EOL;
  for (SCM l = SCM_CDR (decl); scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM name = SCM_CAR (l);
      if (!scm_is_string (name))
        scm_i_syntax_error (who, "a file name must be a string", name, decl);
      SCM path = scm_i_relative_file_name (name, decl), from;
      long line, column;
      scm_i_note_include (scm_c_source_position (decl, &from, &line, &column)
                          && scm_is_string (from)
                          ? scm_i_to_utf8_stringn (from, NULL) : NULL,
                          scm_i_to_utf8_stringn (path, NULL), who, decl);
      forms = scm_append (scm_list_2 (forms, scm_i_read_file_forms (path,
                                                              fold_case)));
    }
  return forms;
}

static void
export_spec (SCM m, SCM spec, SCM decl)
{
  SCM s = scm_i_strip_syntax (spec);
  if (scm_is_symbol (s))
    scm_i_module_add_export (m, s, s);
  else if (scm_c_list_length (s) == 3 && scm_is_eq (SCM_CAR (s), sym_rename)
           && scm_is_symbol (SCM_CAR (SCM_CDR (s)))
           && scm_is_symbol (SCM_CAR (SCM_CDR (SCM_CDR (s)))))
    scm_i_module_add_export (m, SCM_CAR (SCM_CDR (s)),
                             SCM_CAR (SCM_CDR (SCM_CDR (s))));
  else
    scm_i_syntax_error (sym_export, "bad export spec (an identifier or "
                        "(rename FROM TO))", s, decl);
}

static void
library_declaration (SCM m, SCM decl, SCM form)
{
  scm_i_check_c_stack ("library declaration");
  SCM head = scm_is_pair (decl) ? scm_i_strip_syntax (SCM_CAR (decl)) : SCM_BOOL_F;
  if (scm_c_list_length (decl) < 1)
    scm_i_syntax_error (sym_define_library, "bad library declaration", decl,
                        form);
  if (scm_is_eq (head, sym_export))
    for (SCM l = SCM_CDR (decl); scm_is_pair (l); l = SCM_CDR (l))
      export_spec (m, SCM_CAR (l), decl);
  else if (scm_is_eq (head, sym_import))
    scm_i_import_all_sets (m, SCM_CDR (decl), decl);
  else if (scm_is_eq (head, sym_begin))
    eval_in_module (m, SCM_CDR (decl));
  else if (scm_is_eq (head, sym_include) || scm_is_eq (head, sym_include_ci))
    eval_in_module (m, scm_i_included_files_forms (decl, scm_is_eq (head,
                                                              sym_include_ci),
                                             head));
  else if (scm_is_eq (head, sym_include_decls))
    for (SCM l = scm_i_included_files_forms (decl, 0, head); scm_is_pair (l);
         l = SCM_CDR (l))
      library_declaration (m, SCM_CAR (l), form);
  else if (scm_is_eq (head, sym_cond_expand))
    for (SCM l = scm_i_cond_expand_body (decl); scm_is_pair (l); l = SCM_CDR (l))
      library_declaration (m, SCM_CAR (l), form);
  else
    scm_i_syntax_error (sym_define_library, "unknown library declaration",
                        decl, form);
}

/* Every export of M must be bound by the end of its definition.  */
static void
check_exports (SCM m, SCM form)
{
  struct scm_i_module *mod = SCM_I_MODULE (m);
  for (SCM l = mod->exports; scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM b = scm_i_module_binding (m, SCM_CDR (SCM_CAR (l)));
      if (scm_is_false (b)
          || (scm_is_variable (b) && SCM_UNBNDP (SCM_CELL_OBJECT (b, 1))))
        scm_i_syntax_error (sym_define_library,
                            "the library exports a name it does not define "
                            "or import",
                            scm_list_2 (SCM_CDR (SCM_CAR (l)), mod->name), form);
    }
}

static SCM
file_of (SCM form)
{
  SCM file;
  long line, col;
  return scm_c_source_position (form, &file, &line, &col) ? file : SCM_BOOL_F;
}

void
scm_i_expand_define_library (SCM form)
{
  scm_i_check_form_length (form, 2, -1, sym_define_library);
  SCM name = scm_i_check_library_name (SCM_CAR (SCM_CDR (form)),
                                       sym_define_library, form);
  SCM m = scm_i_make_module (name, SCM_BOOL_F, SCM_I_MODULE_LIBRARY);
  SCM_I_MODULE (m)->file = file_of (form);
  for (SCM l = SCM_CDR (SCM_CDR (form)); scm_is_pair (l); l = SCM_CDR (l))
    library_declaration (m, SCM_CAR (l), form);
  check_exports (m, form);
  scm_i_module_set_flags (m, scm_i_module_flags (m) | SCM_I_MODULE_LOADED);
  scm_i_register_module (name, m);
}

/* ------------------------------------------------------------------ */
/* Guile-style modules.  */

/* Export NAME from M, Guile's way: a name not yet bound gets its
   variable now, so that importers share it when it is defined later.  */
void
scm_i_guile_export (SCM m, SCM name, SCM form)
{
  if (!scm_is_symbol (name))
    scm_i_syntax_error (sym_export, "not an identifier", name, form);
  scm_i_module_ensure_variable (m, name);
  scm_i_module_add_export (m, name, name);
}

/* The imports a Guile module spec SPEC asks for: NAME or
   (NAME #:select (...) #:hide (...) #:prefix P #:renamer PROC).  */
SCM
scm_i_use_module_imports (SCM spec, SCM form)
{
  spec = scm_i_strip_syntax (spec);
  if (scm_i_valid_library_name (spec))
    return library_imports (scm_i_load_library (spec, sym_use_modules, form));
  if (!scm_is_pair (spec) || !scm_i_valid_library_name (SCM_CAR (spec)))
    scm_i_syntax_error (sym_use_modules, "bad module spec", spec, form);
  SCM imports = library_imports (scm_i_load_library (SCM_CAR (spec),
                                                     sym_use_modules, form));
  SCM select = SCM_BOOL_F, hide = SCM_EOL, prefix = SCM_BOOL_F,
    renamer = SCM_BOOL_F;
  for (SCM l = SCM_CDR (spec); scm_is_pair (l); l = SCM_CDR (SCM_CDR (l)))
    {
      if (!scm_is_pair (SCM_CDR (l)))
        scm_i_syntax_error (sym_use_modules, "a module spec option needs a "
                            "value", spec, form);
      SCM kw = SCM_CAR (l), v = SCM_CAR (SCM_CDR (l));
      if (scm_is_eq (kw, kw_select))
        select = v;
      else if (scm_is_eq (kw, kw_hide))
        hide = v;
      else if (scm_is_eq (kw, kw_prefix))
        prefix = v;
      else if (scm_is_eq (kw, kw_renamer))
        renamer = v;
      else
        scm_i_syntax_error (sym_use_modules, "unknown module spec option", kw,
                            form);
    }
  SCM acc = SCM_EOL;
  if (scm_is_true (select))
    {
      for (SCM l = select; scm_is_pair (l); l = SCM_CDR (l))
        {
          SCM sel = SCM_CAR (l);
          SCM from = scm_is_pair (sel) ? SCM_CAR (sel) : sel;
          SCM to = scm_is_pair (sel) ? SCM_CDR (sel) : sel;
          SCM imp = find_import (imports, from);
          if (!scm_is_symbol (from) || !scm_is_symbol (to))
            scm_i_syntax_error (sym_use_modules, "bad #:select entry", sel,
                                form);
          if (scm_is_false (imp))
            scm_i_syntax_error (sym_use_modules, "the module does not export "
                                "this name", scm_list_2 (from, SCM_CAR (spec)),
                                form);
          acc = scm_cons (scm_cons (to, SCM_CDR (imp)), acc);
        }
      imports = scm_reverse_x (acc, SCM_EOL);
      acc = SCM_EOL;
    }
  for (; scm_is_pair (imports); imports = SCM_CDR (imports))
    {
      SCM imp = SCM_CAR (imports), name = SCM_CAR (imp);
      if (scm_is_true (scm_memq (name, hide)))
        continue;
      if (scm_is_symbol (prefix))
        name = scm_string_to_symbol
          (scm_string_append (scm_list_2 (scm_symbol_to_string (prefix),
                                          scm_symbol_to_string (name))));
      if (scm_is_true (renamer))
        {
          SCM proc = scm_eval (renamer, scm_i_current_module ());
          name = scm_call_1 (proc, name);
          if (!scm_is_symbol (name))
            scm_i_syntax_error (sym_use_modules, "a #:renamer must return a "
                                "symbol", name, form);
        }
      acc = scm_cons (scm_cons (name, SCM_CDR (imp)), acc);
    }
  return scm_reverse_x (acc, SCM_EOL);
}

void
scm_i_expand_use_modules (SCM m, SCM form)
{
  for (SCM l = SCM_CDR (form); scm_is_pair (l); l = SCM_CDR (l))
    scm_i_install_imports (m, scm_i_use_module_imports (SCM_CAR (l), form));
}

/* A new module named NAME, registered, that sees every core binding as
   its own copy (Guile's default uses (guile)).  */
SCM
scm_i_make_guile_module (SCM name, SCM file)
{
  SCM m = scm_i_make_module (name, scm_i_core_module (),
                             SCM_I_MODULE_COPIES | SCM_I_MODULE_LOADED);
  SCM_I_MODULE (m)->file = file;
  scm_i_register_module (name, m);
  return m;
}

void
scm_i_expand_define_module (SCM form)
{
  scm_i_check_form_length (form, 2, -1, sym_define_module);
  SCM name = scm_i_check_library_name (SCM_CAR (SCM_CDR (form)),
                                       sym_define_module, form);
  SCM m = scm_i_make_guile_module (name, file_of (form));
  SCM opts = scm_i_strip_syntax (SCM_CDR (SCM_CDR (form)));
  for (; scm_is_pair (opts); opts = SCM_CDR (opts))
    {
      SCM kw = SCM_CAR (opts);
      if (scm_is_eq (kw, kw_pure) || scm_is_eq (kw, kw_no_backtrace))
        continue;
      if (!scm_is_pair (SCM_CDR (opts)))
        scm_i_syntax_error (sym_define_module, "an option needs a value", kw,
                            form);
      opts = SCM_CDR (opts);
      SCM v = SCM_CAR (opts);
      if (scm_is_eq (kw, kw_export) || scm_is_eq (kw, kw_export_syntax)
          || scm_is_eq (kw, kw_replace))
        for (SCM l = v; scm_is_pair (l); l = SCM_CDR (l))
          scm_i_guile_export (m, scm_is_pair (SCM_CAR (l))
                              ? SCM_CAR (SCM_CAR (l)) : SCM_CAR (l), form);
      else if (scm_is_eq (kw, kw_re_export))
        for (SCM l = v; scm_is_pair (l); l = SCM_CDR (l))
          scm_i_module_add_export (m, SCM_CAR (l), SCM_CAR (l));
      else if (scm_is_eq (kw, kw_use_module))
        scm_i_install_imports (m, scm_i_use_module_imports (v, form));
      else if (scm_is_eq (kw, kw_declarative))
        continue;
      else
        scm_i_syntax_error (sym_define_module, "unknown option", kw, form);
    }
  /* The rest of the file (or of the REPL session) is in the module.  */
  scm_i_set_current_module (m);
}

void
scm_i_expand_export (SCM m, SCM form, int re_export)
{
  for (SCM l = SCM_CDR (form); scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM name = scm_i_strip_syntax (SCM_CAR (l));
      if (re_export)
        scm_i_module_add_export (m, name, name);
      else
        scm_i_guile_export (m, name, form);
    }
}

/* The variable that (@ MODULE NAME) or (@@ MODULE NAME) names.  */
SCM
scm_i_module_ref_variable (SCM form, int private)
{
  SCM who = private ? sym_atat : sym_at;
  scm_i_check_form_length (form, 3, 3, who);
  SCM name = scm_i_check_library_name (SCM_CAR (SCM_CDR (form)), who, form);
  SCM sym = scm_i_strip_syntax (SCM_CAR (SCM_CDR (SCM_CDR (form))));
  if (!scm_is_symbol (sym))
    scm_i_syntax_error (who, "not an identifier", sym, form);
  SCM m = scm_i_load_library (name, who, form);
  SCM b = private ? scm_i_module_binding (m, sym)
    : scm_i_module_exported_binding (m, sym);
  if (!scm_is_variable (b))
    scm_i_syntax_error (who, private ? "no such variable in the module"
                        : "the module exports no such variable",
                        scm_list_2 (sym, name), form);
  return b;
}

void
scm_i_init_library_forms (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "modules/library-forms.x"
#endif
}
