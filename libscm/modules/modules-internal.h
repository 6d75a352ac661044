/* modules-internal.h -- modules: the tables the expander resolves names in
   SPDX-License-Identifier: LGPL-3.0-or-later

   A module maps symbols to bindings: a variable object, a core form
   (its number, a fixnum) or a macro.  An import copies the binding
   itself, so a reference to an imported variable is the same direct
   variable access as one to the module's own.  A name the table lacks
   is looked up in the module's fallback, if it has one: the core
   module (libscm), which holds every primitive and the prelude and is
   immutable once the prelude is loaded.  A module that "copies" (the
   REPL's, Guile-style modules) takes its own variable for each core
   variable it uses, initialised to the core's value, so that redefining
   `car' there changes that module's code and nothing else; an R7RS
   library shares the core's variables, which cannot change.  */

#ifndef SCM_MODULES_INTERNAL_H
#define SCM_MODULES_INTERNAL_H

#include "runtime/scm-internal.h"
#include "values/hashtab-internal.h"

struct scm_i_module
{
  scm_t_bits header;            /* scm_tc8_environment, flags below */
  SCM name;                     /* a list, or #f for an anonymous one */
  SCM file;                     /* the file that defined it, or #f */
  /* alist: external name -> internal name, in order; #t exports every
     binding (the core module).  */
  SCM exports;
  /* External name -> its pair in EXPORTS, and the last pair of
     EXPORTS: an export added or looked up in constant time.  The index
     has no slots (capacity 0) until the first export.  */
  struct scm_i_eqtab export_index;
  SCM exports_last;
  struct scm_i_module *fallback;
  struct scm_i_eqtab table;     /* symbol -> binding */
  struct scm_i_eqtab origins;   /* symbol -> module it was imported from */
  /* The imaged libraries imported whole and not copied into TABLE, the
     latest first: a name TABLE lacks is looked up in their export
     indexes before the fallback (modules.c, "Lazy imports").  Only a
     module that copies the core has any; '() otherwise.  */
  SCM lazy;
};

enum
{
  SCM_I_MODULE_IMMUTABLE = 1,   /* no definitions or assignments */
  SCM_I_MODULE_COPIES = 2,      /* own copies of the fallback's variables */
  SCM_I_MODULE_LIBRARY = 4,     /* an R7RS library or environment */
  SCM_I_MODULE_LOADED = 8,      /* its definition has been evaluated */
  SCM_I_MODULE_IMAGED = 16,     /* a built-in library's, static (image.c) */
  /* IMAGED, and every binding is the core's.  An imaged module's
     header payload is the number of its exports that are not.  */
  SCM_I_MODULE_CORE_ONLY = 32,
  /* COPIES, running an R7RS program (scm_c_run_program_protected): an
     import of a core binding binds the core's own variable, which the
     program cannot assign (R7RS 5.2) and whose inline operations need
     no guard; a definition of the name shadows it from there on.  */
  SCM_I_MODULE_PROGRAM = 64
};

/* A variable flag: the core's variables that stay shared and
   assignable everywhere (%load-path).  */
#define SCM_I_VARIABLE_SHARED 1
/* A variable flag: the prelude's internals (winders, parameterization,
   handlers, raw table access), which once the core is finished no name
   lookup finds except the expansion of a built-in library's own code
   (scm_i_privileged_swap).  Code compiled before keeps its direct
   reference to the variable.  */
#define SCM_I_VARIABLE_PRIVATE 2
/* A variable flag: a variable of the core, which every instance shares
   and none may assign (variable-set! refuses it; the expander refuses
   `set!' of it already, as of any imported variable).  */
#define SCM_I_VARIABLE_FROZEN 4
/* Variable flags: the capability a core variable needs
   (SCM_CAP_FILES ... SCM_CAP_FOREIGN shifted left by this much): an
   instance without it finds no such variable by name.  */
#define SCM_I_VARIABLE_CAP_SHIFT 3
#define SCM_I_VARIABLE_CAPS 0xf8

static inline int
scm_i_is_module (SCM x)
{
  return scm_has_tc8 (x, scm_tc8_environment);
}

#define SCM_I_MODULE(x) ((struct scm_i_module *) SCM_UNPACK_POINTER (x))

static inline int
scm_i_module_flags (SCM m)
{
  return (int) ((SCM_CELL_WORD (m, 0) >> 8) & 0xff);
}

SCM_INTERNAL void scm_i_module_set_flags (SCM m, int flags);

/* A new module named NAME (a list or #f) whose fallback is FALLBACK
   (a module or #f).  */
SCM_INTERNAL SCM scm_i_make_module (SCM name, SCM fallback, int flags);

/* Whether VAR is the core module's binding of SYM, the core finished:
   a variable that nothing can change (the module is immutable, so no
   define; variable-set! refuses its frozen variables, set! an imported
   or immutable module's one), which an inline primitive needs no
   guard on (expand.c, inline_op).  */
SCM_INTERNAL int scm_i_fixed_core_variable_p (SCM var, SCM sym);
/* The core module (libscm), and the REPL's (libscm user).  */
SCM_INTERNAL SCM scm_i_core_module (void);
SCM_INTERNAL SCM scm_i_user_module (void);
/* The module top-level forms of the calling thread are expanded in.  */
SCM_INTERNAL SCM scm_i_current_module (void);
SCM_INTERNAL void scm_i_set_current_module (SCM m);
/* Make M current until the innermost dynwind context ends.  */
SCM_INTERNAL void scm_i_dynwind_current_module (SCM m);

/* SYM's binding in M (following the fallback), or #f.  */
SCM_INTERNAL SCM scm_i_module_binding (SCM m, SCM sym);
/* The fallback's variable if VAR, SYM's binding in M, is M's own copy
   of it that still holds the same value; else VAR.  */
SCM_INTERNAL SCM scm_i_module_copied_variable (SCM m, SCM sym, SCM var);
/* SYM's binding in M, else a placeholder (an unbound variable, kept
   weakly until a definition binds it).  */
SCM_INTERNAL SCM scm_i_module_resolve (SCM m, SCM sym);
/* SYM's variable in M, made, unbound, as M's own if it has none.  */
SCM_INTERNAL SCM scm_i_module_ensure_variable (SCM m, SCM sym);
/* The module SYM's binding in M was imported from, or #f.  */
SCM_INTERNAL SCM scm_i_module_origin (SCM m, SCM sym);
/* The variable a top-level definition of SYM in M assigns: M's own,
   made if SYM is unbound, syntax or imported there.  *FRESH is set
   when the variable is new and must still be installed with
   scm_i_module_install (the expander does so when the form commits).  */
SCM_INTERNAL SCM scm_i_module_definition_variable (SCM m, SCM sym,
                                                   int *fresh, SCM who,
                                                   SCM form);
/* Bind SYM to BINDING in M, as its own.  */
SCM_INTERNAL void scm_i_module_install (SCM m, SCM sym, SCM binding);
/* Bind SYM to BINDING in M as imported from module FROM; an error if
   M is a library that binds SYM otherwise already.  */
SCM_INTERNAL void scm_i_module_import (SCM m, SCM sym, SCM binding, SCM from);
/* Whether M takes the whole of the imaged library FROM, whose imports
   list is IMPORTS, lazily: a module that copies the core, not a
   library.  */
SCM_INTERNAL int scm_i_module_lazy_importable (SCM m, SCM from, SCM imports);
/* Import the whole of the imaged library FROM (its imports list
   IMPORTS) into M lazily: only the names M binds already are entered
   in its tables.  */
SCM_INTERNAL void scm_i_module_import_lazily (SCM m, SCM from, SCM imports);
/* Make room in M's tables for N more imports.  */
SCM_INTERNAL void scm_i_module_reserve (SCM m, size_t n);
/* Add (EXTERNAL . INTERNAL) to M's exports.  */
SCM_INTERNAL void scm_i_module_add_export (SCM m, SCM internal, SCM external);
/* The binding M exports as NAME, or #f.  */
SCM_INTERNAL SCM scm_i_module_exported_binding (SCM m, SCM name);
/* The external names M exports (every bound name for the core).  */
SCM_INTERNAL SCM scm_i_module_export_names (SCM m);
/* The modules that M's bindings were imported from, one per binding
   (repeats included), or #f if M has a binding of its own (a
   definition, a macro it made).  */
SCM_INTERNAL SCM scm_i_module_origin_list (SCM m);
/* The bound names of M and its fallback: for completion.  */
SCM_INTERNAL SCM scm_i_module_names (SCM m);

/* The registry of named modules (libraries.c loads into it).  */
SCM_INTERNAL SCM scm_i_registered_module (SCM name);
SCM_INTERNAL void scm_i_register_module (SCM name, SCM m);

/* A module name written "foo bar" -> (foo bar).  */
SCM_INTERNAL SCM scm_i_c_module_name (const char *name);

/* Set the calling thread's permission to look up private variables
   (SCM_I_VARIABLE_PRIVATE) to ON until the innermost dynwind context
   ends.  Set only while the expander works on a built-in library's
   forms (libraries.c), and cleared again around whatever runs Scheme
   code from there (scm_i_call_unprivileged: a macro transformer, a
   library's body), so that no program's code runs with it.  */
SCM_INTERNAL void scm_i_dynwind_privileged (int on);
/* THUNK's value, called with the permission off.  */
SCM_INTERNAL SCM scm_i_call_unprivileged (SCM thunk);
/* Whether a lookup by name may see V, a binding: anything but a
   private variable outside a privileged expansion.  */
SCM_INTERNAL int scm_i_binding_visible (SCM v);

/* Make M immutable, its variables frozen, and no longer a copier of
   its fallback's variables: it is about to be shared by the instances
   (scm_share_module).  */
SCM_INTERNAL void scm_i_freeze_module (SCM m);
/* The capability (instances.h) the core's name SYM needs, 0 if none.  */
SCM_INTERNAL unsigned scm_i_core_name_capability (SCM sym);
/* An error unless module M may change: a module shared by the
   instances (the core, a shared built-in library) may not.  WHO names
   the operation.  */
SCM_INTERNAL void scm_i_check_module_mutable (SCM m, const char *who);

/* Freeze the core module and make the REPL's (init.c, after the
   prelude); its internals become private.  */
SCM_INTERNAL void scm_i_finish_core_module (void);

/* Include cycles (include-cycles.c).  Note that the file TARGET is
   included by a form read from the file FROM (NULL: from no file), or
   raise the syntax error "include cycle" (naming WHO, at WHERE) if
   FROM was itself included, directly or not, through TARGET.  */
SCM_INTERNAL void scm_i_note_include (const char *from, const char *target,
                                      SCM who, SCM where);
/* FILE is read by load or as a library, not included: its forms start
   a chain of their own.  */
SCM_INTERNAL void scm_i_forget_include_chain (const char *file);

/* While ON, remember the name of every file a library load or an
   include reads, each once (libraries.c): the files whose text an
   image carries.  Turning it on forgets those of the last image.  scm_i_recorded_library_files returns them (*N of
   them, malloc'd strings the list keeps).  */
SCM_INTERNAL void scm_i_record_library_files (int on);
SCM_INTERNAL char *const *scm_i_recorded_library_files (size_t *n);

/* ---- libraries.c and library-forms.c ---- */

/* Intern library-forms.c's symbols and keywords (scm_init_libraries
   calls it).  */
SCM_INTERNAL void scm_i_init_library_forms (void);
/* The data in FILENAME, in order, read with FOLD_CASE (libraries.c;
   define-library's include reads its files with it).  */
SCM_INTERNAL SCM scm_i_read_file_forms (SCM filename, int fold_case);
/* Whether NAME is a library name: a non-empty list of symbols and
   exact non-negative integers.  */
SCM_INTERNAL int scm_i_valid_library_name (SCM name);
/* NAME stripped of syntax, or a syntax error of WHO in FORM if it is
   no library name or one no file may stand for.  */
SCM_INTERNAL SCM scm_i_check_library_name (SCM name, SCM who, SCM form);
/* library-forms.c, for environment and the C interface (libraries.c):
   install IMPORTS, a list of (name binding . module), in M.  */
SCM_INTERNAL void scm_i_install_imports (SCM m, SCM imports);
/* Resolve the import sets SETS (of FORM, for errors) and import them
   all into M at once, lazily from a library that allows it.  */
SCM_INTERNAL void scm_i_import_all_sets (SCM m, SCM sets, SCM form);
/* Export NAME from M, Guile's way: a name not yet bound gets its
   variable now, so that importers share it when it is defined later.  */
SCM_INTERNAL void scm_i_guile_export (SCM m, SCM name, SCM form);
/* The imports a Guile module spec SPEC asks for: NAME or
   (NAME #:select (...) #:hide (...) #:prefix P #:renamer PROC).  */
SCM_INTERNAL SCM scm_i_use_module_imports (SCM spec, SCM form);
/* A new module named NAME (from FILE, or #f), registered, that sees
   every core binding as its own copy (Guile's default uses (guile)).  */
SCM_INTERNAL SCM scm_i_make_guile_module (SCM name, SCM file);

#endif /* SCM_MODULES_INTERNAL_H */
