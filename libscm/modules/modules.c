/* modules.c -- variables, modules and the current module
   SPDX-License-Identifier: LGPL-3.0-or-later

   Modules belong to the current instance, reached through a
   thread-local pointer (DESIGN.md, "State and instances"); the module
   that top-level forms are expanded in is per thread (the VM's), the
   REPL's module unless a load or an eval says otherwise.  Finding and
   loading libraries, import sets and define-library are libraries.c's;
   this file is the tables.  */

#include "runtime/scm-internal.h"
#include "values/hashtab-internal.h"
#include "image/image-internal.h"
#include "runtime/instance-internal.h"
#include "modules/modules-internal.h"
#include "values/strings-internal.h"
#include "runtime/init-internal.h"
#include "expand/ast-internal.h"
#include "vm/vm-internal.h"
#include "expand/expand-internal.h"

#include <stdlib.h>
#include <gc/gc_mark.h>
#include <string.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/eq.h>
#include <libscm/eval.h>
#include <libscm/instances.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/pairs.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/throw.h>

SCM_SYMBOL (sym_libscm, "libscm");
SCM_SYMBOL (sym_user, "user");

static __thread struct scm_i_instance *current_instance
  __attribute__ ((tls_model ("initial-exec")));

struct scm_i_instance *
scm_i_current_instance (void)
{
  if (SCM_UNLIKELY (current_instance == NULL))
    scm_fatal ("this thread has no libscm instance: call scm_init first");
  return current_instance;
}

void
scm_i_set_current_instance (struct scm_i_instance *instance)
{
  current_instance = instance;
}

struct scm_i_instance *
scm_i_current_instance_or_null (void)
{
  return current_instance;
}

struct scm_i_instance *
scm_i_make_instance (int with_core)
{
  /* Uncollectable: the thread-local pointer is not a GC root (libgc
     does not scan TLS), so the instance is a root itself until it is
     destroyed explicitly.  */
  struct scm_i_instance *inst = GC_MALLOC_UNCOLLECTABLE (sizeof *inst);
  if (inst == NULL)
    scm_out_of_memory (with_core ? "scm_init" : "scm_instance_create",
                       sizeof *inst);
  pthread_mutex_init (&inst->lock, NULL);
  static uint64_t serials;
  inst->serial = __atomic_add_fetch (&serials, 1, __ATOMIC_RELAXED);
  scm_i_eqtab_init (&inst->introduced_globals, 16);
  inst->modules = SCM_EOL;
  inst->loading = SCM_EOL;
  inst->user = SCM_BOOL_F;
  inst->core = SCM_BOOL_F;
  inst->load_path = SCM_BOOL_F;
  inst->random_state = SCM_BOOL_F;
  inst->caps = SCM_CAP_ALL;
  inst->current_input = inst->current_output = inst->current_error
    = SCM_BOOL_F;
  for (int i = 0; i < 3; i++)
    inst->std_ports[i] = SCM_BOOL_F;
  if (!with_core)
    return inst;
  /* The core module, which the subrs are defined in from the start;
     it is named once the symbols are interned.  */
  inst->core = scm_i_make_module (SCM_BOOL_F, SCM_BOOL_F, 0);
  SCM_I_MODULE (inst->core)->exports = SCM_BOOL_T;
  /* The image's table, static, if the precompiled prelude is used
     (image.c): C init code then finds its bindings there.  Otherwise
     sized at once for the 1,000-odd primitives and prelude definitions
     (a table stays at most half full): growing to it by doubling would
     allocate as much again at every start.  */
  if (!scm_i_image_core_table (&SCM_I_MODULE (inst->core)->table))
    scm_i_eqtab_init (&SCM_I_MODULE (inst->core)->table, 2048);
  return inst;
}

static void
name_core_module (struct scm_i_instance *inst)
{
  SCM_I_MODULE (inst->core)->name = scm_list_1 (sym_libscm);
  inst->modules = scm_list_1 (scm_cons (SCM_I_MODULE (inst->core)->name,
                                        inst->core));
}

/* ------------------------------------------------------------------ */
/* Variables.  */

static int
variable_flags (SCM var)
{
  return (int) ((SCM_CELL_WORD (var, 0) >> 8) & 0xff);
}

SCM_DEFINE (scm_make_variable, "make-variable", 1, 0, 0, (SCM init),
            "Return a new variable holding @var{init}.")
{
  SCM var = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_variable, 0, 0), 2);
  SCM_SET_CELL_OBJECT (var, 1, init);
  return var;
}

SCM_DEFINE (scm_variable_p, "variable?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a variable.")
{
  return scm_from_bool (scm_is_variable (obj));
}

SCM_DEFINE (scm_variable_ref, "variable-ref", 1, 0, 0, (SCM var),
            "Return the value of variable @var{var}; an error if unbound.")
{
  SCM_ASSERT_TYPE (scm_is_variable (var), var, 1, "variable-ref", "variable");
  SCM val = SCM_CELL_OBJECT (var, 1);
  if (SCM_UNBNDP (val))
    scm_c_raise_error ("unbound-variable", "variable-ref",
                       "variable is unbound", scm_list_1 (var));
  return val;
}

SCM_DEFINE (scm_variable_set_x, "variable-set!", 2, 0, 0, (SCM var, SCM val),
            "Store @var{val} in variable @var{var}.")
{
  SCM_ASSERT_TYPE (scm_is_variable (var), var, 1, "variable-set!", "variable");
  if (SCM_UNLIKELY (variable_flags (var) & SCM_I_VARIABLE_FROZEN))
    scm_c_raise_error ("misc-error", "variable-set!",
                       "cannot assign a variable that every instance shares "
                       "(the core's, a built-in library's in the image, or "
                       "a library's that the host shared)",
                       scm_list_1 (var));
  scm_i_variable_store (var, val);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_variable_bound_p, "variable-bound?", 1, 0, 0, (SCM var),
            "Return @code{#t} if variable @var{var} has a value.")
{
  SCM_ASSERT_TYPE (scm_is_variable (var), var, 1, "variable-bound?",
                   "variable");
  return scm_from_bool (!SCM_UNBNDP (SCM_CELL_OBJECT (var, 1)));
}

/* ------------------------------------------------------------------ */
/* Module objects.  */

SCM
scm_i_make_module (SCM name, SCM fallback, int flags)
{
  struct scm_i_module *m = scm_i_alloc (sizeof *m);
  m->header = SCM_MAKE_HEADER (scm_tc8_environment, flags, 0);
  m->name = name;
  m->file = SCM_BOOL_F;
  m->exports = SCM_EOL;
  m->export_index = (struct scm_i_eqtab) { 0 };
  m->exports_last = SCM_EOL;
  m->fallback = scm_is_false (fallback) ? NULL : SCM_I_MODULE (fallback);
  scm_i_eqtab_init (&m->table, scm_is_false (fallback) ? 32 : 64);
  scm_i_eqtab_init (&m->origins, 8);
  m->lazy = SCM_EOL;
  return SCM_PACK_POINTER (m);
}

void
scm_i_module_set_flags (SCM m, int flags)
{
  scm_t_bits h = SCM_CELL_WORD (m, 0);
  SCM_SET_CELL_WORD (m, 0, (h & ~((scm_t_bits) 0xff << 8))
                     | ((scm_t_bits) flags << 8));
}

SCM
scm_i_core_module (void)
{
  return scm_i_current_instance ()->core;
}

SCM
scm_i_user_module (void)
{
  struct scm_i_instance *inst = scm_i_current_instance ();
  return scm_is_false (inst->user) ? inst->core : inst->user;
}

SCM
scm_i_current_module (void)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  if (scm_i_is_module (vm->module))
    return vm->module;
  return scm_i_user_module ();
}

void
scm_i_set_current_module (SCM m)
{
  scm_i_current_vm ()->module = m;
}

static void
restore_module (void *data)
{
  scm_i_current_vm ()->module = *(SCM *) data;
}

void
scm_i_dynwind_current_module (SCM m)
{
  SCM *saved = scm_i_alloc (sizeof *saved);
  *saved = scm_i_current_vm ()->module;
  scm_dynwind_unwind_handler (restore_module, saved, SCM_F_WIND_EXPLICITLY);
  scm_i_set_current_module (m);
}

/* Table operations hold the instance's lock: threads share modules.
   Nothing under it raises or allocates from the GC except a table's
   growth, which reports failure instead of raising.  */
static SCM
table_ref (struct scm_i_eqtab *t, SCM key)
{
  struct scm_i_instance *inst = scm_i_current_instance ();
  pthread_mutex_lock (&inst->lock);
  SCM v = scm_i_eqtab_ref (t, key, SCM_BOOL_F);
  pthread_mutex_unlock (&inst->lock);
  return v;
}

/* Set KEY in T unless it is bound there already (to something other
   than #f); return what KEY is bound to afterwards.  */
static SCM
table_add (struct scm_i_eqtab *t, SCM key, SCM value, int replace)
{
  struct scm_i_instance *inst = scm_i_current_instance ();
  pthread_mutex_lock (&inst->lock);
  SCM old = scm_i_eqtab_ref (t, key, SCM_BOOL_F);
  int failed = 0;
  if (replace || scm_is_false (old))
    {
      failed = scm_i_eqtab_try_set (t, key, value);
      old = value;
    }
  pthread_mutex_unlock (&inst->lock);
  if (failed)
    scm_out_of_memory ("define", 0);
  return old;
}

/* B, or, if B is one of the core's shared variables (%load-path,
   *random-state*), the current instance's own: an instance that
   assigns %load-path changes where it alone looks for libraries.  */
static SCM
instance_variable (SCM b)
{
  if (scm_is_variable (b) && (variable_flags (b) & SCM_I_VARIABLE_SHARED))
    {
      struct scm_i_instance *inst = scm_i_current_instance ();
      /* B may be the instance's own already (a module's fallback
         chain resolves it more than once).  */
      if (scm_is_eq (b, scm_i_default_instance ()->random_state)
          || scm_is_eq (b, inst->random_state))
        return scm_is_variable (inst->random_state) ? inst->random_state : b;
      if (scm_is_variable (inst->load_path))
        return inst->load_path;
    }
  return b;
}

/* ------------------------------------------------------------------ */
/* Private variables.  The prelude's internals must be reachable from
   the prelude's code (compiled with direct references to them) and
   from the built-in libraries that build on them (hash tables, match,
   rdelim), but from no program: %set-winders! and its kin break the
   VM's invariants with a bad argument.  */

static int core_finished;
static __thread int privileged;

static void
restore_privileged (void *data)
{
  privileged = (int) (intptr_t) data;
}

void
scm_i_dynwind_privileged (int on)
{
  if (privileged == on)
    return;
  scm_dynwind_unwind_handler (restore_privileged,
                              (void *) (intptr_t) privileged,
                              SCM_F_WIND_EXPLICITLY);
  privileged = on;
}

SCM
scm_i_call_unprivileged (SCM thunk)
{
  if (!privileged)
    return scm_call_n (thunk, NULL, 0);
  scm_dynwind_begin (0);
  scm_i_dynwind_privileged (0);
  SCM v = scm_call_n (thunk, NULL, 0);
  scm_dynwind_end ();
  return v;
}

int
scm_i_binding_visible (SCM v)
{
  if (!core_finished || !scm_is_variable (v))
    return 1;
  int flags = variable_flags (v);
  if ((flags & SCM_I_VARIABLE_PRIVATE) && !privileged)
    return 0;
  /* A capability the instance lacks hides the variable from every
     lookup, the built-in libraries' included: none of them can lend
     it to the program.  */
  unsigned need = (unsigned) (flags & SCM_I_VARIABLE_CAPS)
    >> SCM_I_VARIABLE_CAP_SHIFT;
  return need == 0 || (scm_i_current_instance ()->caps & need) == need;
}

/* A copy of core variable B for a module that copies: its value, its
   privacy and the capability it needs.  */
static SCM
copy_variable (SCM b)
{
  SCM var = scm_make_variable (SCM_CELL_OBJECT (b, 1));
  int keep = variable_flags (b) & (SCM_I_VARIABLE_PRIVATE
                                   | SCM_I_VARIABLE_CAPS);
  SCM_SET_CELL_WORD (var, 0, SCM_CELL_WORD (var, 0)
                     | ((scm_t_bits) keep << 8));
  return var;
}

/* ------------------------------------------------------------------ */
/* Lazy imports.  `(import (srfi 1))' in a program used to enter the
   library's 250 bindings into the program's module, both tables: 16
   KiB of table for the issue-38 import program's 500 names, each
   table.  A module that copies the core (the program's, the REPL's)
   instead keeps the imaged libraries it imports whole in a list,
   MOD->lazy, the latest first, and a name its own table lacks is
   looked up in their export indexes (static) before the fallback.
   The result is the binding the eager import would have entered:
   - the import enters eagerly the names the module binds already (a
     definition, an earlier import, a copy of a core variable), which
     an import replaces, so its own table shadows only what came later;
   - a later lazy import comes first in the list, and so shadows an
     earlier one, as its entries would have replaced the earlier ones;
   - an import of a core binding is no import in a module that copies
     (scm_i_module_import), which takes its own copy from the fallback,
     unless an earlier import bound the name otherwise.
   A module made immutable (scm_i_freeze_module) enters them all
   first.  */

/* The fallback's binding of SYM in MOD (its core), or #f.  */
static SCM
fallback_binding (struct scm_i_module *mod, SCM sym)
{
  return mod->fallback == NULL ? SCM_BOOL_F
    : scm_i_module_binding (SCM_PACK_POINTER (mod->fallback), sym);
}

/* Whether MOD runs a program: its imports of the core's bindings are
   imports, not copies (SCM_I_MODULE_PROGRAM).  */
static int
program_module (struct scm_i_module *mod)
{
  return (scm_i_module_flags (SCM_PACK_POINTER (mod)) & SCM_I_MODULE_PROGRAM)
    != 0;
}

/* SYM's binding in MOD's lazy imports, the library in *FROM; or #f,
   and then the fallback's binding (or none) is the one: in a program
   the core's binding, as imported, is the one.  */
static SCM
lazy_binding (struct scm_i_module *mod, SCM sym, SCM *from)
{
  SCM first = SCM_BOOL_F, core = SCM_UNDEFINED;
  for (SCM l = mod->lazy; scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM b = scm_i_module_exported_binding (SCM_CAR (l), sym);
      if (scm_is_false (b))
        continue;
      if (SCM_UNBNDP (core))
        core = fallback_binding (mod, sym);
      if (!scm_is_eq (b, core))
        {
          /* An earlier import's own binding, unless a later import
             of the core's replaced it.  */
          if (scm_is_false (first))
            *from = SCM_CAR (l);
          return scm_is_false (first) ? b : first;
        }
      if (scm_is_false (first))
        {
          first = b;
          *from = SCM_CAR (l);
        }
    }
  return program_module (mod) ? first : SCM_BOOL_F;
}

int
scm_i_module_lazy_importable (SCM m, SCM from, SCM imports)
{
  int flags = scm_i_module_flags (m);
  return (flags & SCM_I_MODULE_COPIES) && !(flags & SCM_I_MODULE_LIBRARY)
    && !(flags & SCM_I_MODULE_IMMUTABLE) && SCM_I_MODULE (m)->fallback != NULL
    && (scm_i_module_flags (from) & SCM_I_MODULE_IMAGED)
    && scm_is_pair (imports)
    && scm_is_eq (imports, scm_i_image_library_imports (from));
}

void
scm_i_module_import_lazily (SCM m, SCM from, SCM imports)
{
  struct scm_i_module *mod = SCM_I_MODULE (m);
  for (SCM l = imports; scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM imp = SCM_CAR (l), sym = SCM_CAR (imp);
      if (scm_is_true (table_ref (&mod->table, sym))
          || scm_is_true (table_ref (&mod->origins, sym)))
        scm_i_module_import (m, sym, SCM_CAR (SCM_CDR (imp)), from);
    }
  /* A library of core bindings only (the (scheme ...) ones) has
     nothing to add: an import of a core binding is no import here,
     but in a program.  */
  if ((scm_i_module_flags (from) & SCM_I_MODULE_CORE_ONLY)
      && !program_module (mod))
    return;
  /* Once in the list, at its head: an import again shadows those
     after it.  The list is never changed in place but replaced with
     one store, so that a thread looking a name up meanwhile (without
     the lock) walks either the old list or the new one.  */
  if (scm_is_pair (mod->lazy) && scm_is_eq (SCM_CAR (mod->lazy), from))
    return;
  SCM rest = SCM_EOL;
  for (SCM l = mod->lazy; scm_is_pair (l); l = SCM_CDR (l))
    if (!scm_is_eq (SCM_CAR (l), from))
      rest = scm_cons (SCM_CAR (l), rest);
  mod->lazy = scm_cons (from, scm_reverse_x (rest, SCM_EOL));
}

/* Enter every binding of M's lazy imports in its tables.  */
static void
import_lazy_bindings (SCM m)
{
  struct scm_i_module *mod = SCM_I_MODULE (m);
  for (SCM l = mod->lazy; scm_is_pair (l); l = SCM_CDR (l))
    for (SCM imps = scm_i_library_imports (SCM_CAR (l)); scm_is_pair (imps);
         imps = SCM_CDR (imps))
      {
        SCM sym = SCM_CAR (SCM_CAR (imps)), from = SCM_BOOL_F;
        if (scm_is_true (table_ref (&mod->table, sym)))
          continue;
        SCM b = lazy_binding (mod, sym, &from);
        if (scm_is_true (b))
          {
            table_add (&mod->table, sym, b, 1);
            table_add (&mod->origins, sym, from, 1);
          }
      }
  mod->lazy = SCM_EOL;
}

/* SYM's binding B found in the lazy import of FROM, entered as the
   import it is, as an eager import of the name would have entered it
   (its origin first, which tells an import from a definition): the
   next look-up finds it in the table instead of searching each
   library's export index again, and a later import of the name
   replaces it as it would an eager one (scm_i_module_import_lazily).
   In the suite's compiler, a program whose names are the core's,
   43,151 look-ups searched 356,576 indexes, hashing the name each
   time.  Skipped if the name was bound meanwhile; a failure to grow
   the tables only costs the next look-up a search.  */
static void
remember_lazy_import (struct scm_i_module *mod, SCM sym, SCM b, SCM from)
{
  struct scm_i_instance *inst = scm_i_current_instance ();
  pthread_mutex_lock (&inst->lock);
  if (scm_is_false (scm_i_eqtab_ref (&mod->table, sym, SCM_BOOL_F))
      && !scm_i_eqtab_try_set (&mod->origins, sym, from))
    (void) scm_i_eqtab_try_set (&mod->table, sym, b);
  pthread_mutex_unlock (&inst->lock);
}

SCM
scm_i_module_binding (SCM m, SCM sym)
{
  struct scm_i_module *mod = SCM_I_MODULE (m);
  SCM b = table_ref (&mod->table, sym);
  if (!scm_i_binding_visible (b))
    return SCM_BOOL_F;
  if (scm_is_true (b) || mod->fallback == NULL)
    return instance_variable (b);
  if (scm_is_pair (mod->lazy))
    {
      SCM from;
      b = lazy_binding (mod, sym, &from);
      if (scm_is_true (b))
        {
          remember_lazy_import (mod, sym, b, from);
          return instance_variable (b);
        }
    }
  SCM fallback = SCM_PACK_POINTER (mod->fallback);
  b = scm_i_module_binding (fallback, sym);
  if (scm_is_false (b))
    return b;
  if (scm_is_variable (b)
      && (scm_i_module_flags (m) & SCM_I_MODULE_COPIES)
      && !(variable_flags (b) & SCM_I_VARIABLE_SHARED))
    /* The module's own copy; another thread may have made it first.  */
    return table_add (&mod->table, sym, copy_variable (b), 0);
  return instance_variable (b);
}

/* VAR, SYM's binding in M; or, if VAR is M's own copy of its
   fallback's variable (SCM_I_MODULE_COPIES) and still holds the same
   value, the fallback's variable: until the module redefines or
   assigns the name, its copy is the same binding as the core's
   (DESIGN.md, Modules), for free-identifier=? and literals.  */
SCM
scm_i_module_copied_variable (SCM m, SCM sym, SCM var)
{
  if (!scm_is_variable (var) || !scm_i_is_module (m)
      || !(scm_i_module_flags (m) & SCM_I_MODULE_COPIES))
    return var;
  struct scm_i_module *mod = SCM_I_MODULE (m);
  if (mod->fallback == NULL || scm_is_true (table_ref (&mod->origins, sym))
      || !scm_is_eq (table_ref (&mod->table, sym), var))
    return var;
  SCM fb = scm_i_module_binding (SCM_PACK_POINTER (mod->fallback), sym);
  SCM value = SCM_CELL_OBJECT (var, 1);
  if (scm_is_variable (fb) && !SCM_UNBNDP (value)
      && scm_is_eq (SCM_CELL_OBJECT (fb, 1), value))
    return fb;
  return var;
}

/* ------------------------------------------------------------------ */
/* Placeholders: the unbound variable that a reference to a name no one
   has bound yet gets, so that a later definition reaches code compiled
   before it.  They are kept weakly, in malloc'd memory the collector
   neither scans nor counts, and an entry goes when its variable does
   (a mark-end hook, as for the symbol table: doc/internals.md, "Weak
   tables"): a typo at the REPL keeps neither a variable nor, once the
   code that mentioned it is gone, its symbol.  The code that refers to
   a placeholder also holds its name, so a live placeholder's symbol is
   live too.  Accessed under libgc's allocation lock; nothing there
   allocates from the GC or raises.  */

struct placeholder { scm_t_bits module, sym, var; };

static struct placeholder *placeholders;    /* open addressing */
static size_t placeholder_cap, placeholder_used;  /* used: live + tombstones */
/* The entries that hold a placeholder: none in most programs once their
   definitions are all in, when the hook has nothing to walk.  */
static size_t placeholder_live;
#define PLACEHOLDER_TOMBSTONE ((scm_t_bits) 1)

static size_t
placeholder_hash (scm_t_bits m, scm_t_bits sym)
{
  return scm_i_hash_word (m * 31 + sym);
}

/* The slot of (M, SYM), or of the first free one on its probe path.  */
static struct placeholder *
placeholder_slot (scm_t_bits m, scm_t_bits sym, struct placeholder **free_slot)
{
  *free_slot = NULL;
  if (placeholder_cap == 0)
    return NULL;
  size_t mask = placeholder_cap - 1;
  for (size_t i = placeholder_hash (m, sym) & mask;; i = (i + 1) & mask)
    {
      struct placeholder *p = &placeholders[i];
      if (p->module == 0)
        {
          if (*free_slot == NULL)
            *free_slot = p;
          return NULL;
        }
      if (p->module == PLACEHOLDER_TOMBSTONE)
        {
          if (*free_slot == NULL)
            *free_slot = p;
          continue;
        }
      if (p->module == m && p->sym == sym)
        return p;
    }
}

/* Whether the object at X survives this collection: a static one (a
   module or variable of the image) always does.  */
static int
survives (scm_t_bits x)
{
  return !GC_is_heap_ptr ((void *) x) || GC_is_marked ((void *) x);
}

static void
clear_dead_placeholders (void)
{
  for (size_t i = 0; i < placeholder_cap && placeholder_live > 0; i++)
    {
      struct placeholder *p = &placeholders[i];
      if (p->module > PLACEHOLDER_TOMBSTONE
          && (!survives (p->var) || !survives (p->module)))
        {
          *p = (struct placeholder) { PLACEHOLDER_TOMBSTONE, 0, 0 };
          placeholder_live--;
        }
    }
}

struct placeholder_op
{
  SCM module, sym, var;         /* VAR: to add, or SCM_UNDEFINED */
  int take;                     /* remove the entry found */
  SCM found;                    /* the variable, or #f */
  int failed;
};

static int
grow_placeholders (void)
{
  size_t cap = placeholder_cap ? 2 * placeholder_cap : 256;
  struct placeholder *fresh = calloc (cap, sizeof *fresh);
  if (fresh == NULL)
    return -1;
  struct placeholder *old = placeholders;
  size_t old_cap = placeholder_cap;
  placeholders = fresh;
  placeholder_cap = cap;
  placeholder_used = 0;
  for (size_t i = 0; i < old_cap; i++)
    if (old[i].module > PLACEHOLDER_TOMBSTONE)
      {
        struct placeholder *slot;
        placeholder_slot (old[i].module, old[i].sym, &slot);
        *slot = old[i];
        placeholder_used++;
      }
  free (old);
  return 0;
}

static void *
placeholder_locked (void *data)
{
  struct placeholder_op *op = data;
  scm_t_bits m = SCM_UNPACK (op->module), sym = SCM_UNPACK (op->sym);
  struct placeholder *slot;
  struct placeholder *p = placeholder_slot (m, sym, &slot);
  op->found = p != NULL ? SCM_PACK (p->var) : SCM_BOOL_F;
  if (p != NULL && op->take)
    {
      *p = (struct placeholder) { PLACEHOLDER_TOMBSTONE, 0, 0 };
      placeholder_live--;
    }
  if (p != NULL || SCM_UNBNDP (op->var))
    return NULL;
  if (2 * (placeholder_used + 1) > placeholder_cap)
    {
      if (grow_placeholders () != 0)
        {
          op->failed = 1;
          return NULL;
        }
      placeholder_slot (m, sym, &slot);
    }
  if (slot->module == 0)
    placeholder_used++;
  placeholder_live++;
  *slot = (struct placeholder) { m, sym, SCM_UNPACK (op->var) };
  op->found = op->var;
  return NULL;
}

/* The placeholder of SYM in M, made if MAKE and there is none, or #f;
   with TAKE, removed from the table (it becomes a binding).  */
static SCM
placeholder (SCM m, SCM sym, int make, int take)
{
  struct placeholder_op op = { m, sym,
                               make ? scm_make_variable (SCM_UNDEFINED)
                               : SCM_UNDEFINED, take, SCM_BOOL_F, 0 };
  GC_call_with_alloc_lock (placeholder_locked, &op);
  if (op.failed)
    scm_out_of_memory ("define", 0);
  return op.found;
}

SCM
scm_i_module_resolve (SCM m, SCM sym)
{
  SCM b = scm_i_module_binding (m, sym);
  if (scm_is_true (b))
    return b;
  return placeholder (m, sym, 1, 0);
}

SCM
scm_i_module_ensure_variable (SCM m, SCM sym)
{
  SCM b = scm_i_module_binding (m, sym);
  if (scm_is_true (b))
    return b;
  SCM var = placeholder (m, sym, 0, 1);
  if (scm_is_false (var))
    var = scm_make_variable (SCM_UNDEFINED);
  return table_add (&SCM_I_MODULE (m)->table, sym, var, 0);
}

SCM
scm_i_module_origin (SCM m, SCM sym)
{
  struct scm_i_module *mod = SCM_I_MODULE (m);
  SCM from = table_ref (&mod->origins, sym);
  if (scm_is_true (from))
    return from;
  if (mod->fallback == NULL || scm_is_true (table_ref (&mod->table, sym)))
    return SCM_BOOL_F;
  if (scm_is_pair (mod->lazy)
      && scm_is_true (lazy_binding (mod, sym, &from)))
    return from;
  if (!(scm_i_module_flags (m) & SCM_I_MODULE_COPIES))
    return SCM_PACK_POINTER (mod->fallback);
  return SCM_BOOL_F;
}

static SCM
module_display_name (SCM m)
{
  SCM name = SCM_I_MODULE (m)->name;
  return scm_is_false (name) ? scm_from_utf8_string ("an environment") : name;
}

int
scm_i_fixed_core_variable_p (SCM var, SCM sym)
{
  /* Immutable once finished; the variables' frozen flag, which
     variable-set! reads, is set then too, but not in the image's
     generator, whose built-in libraries must compile as they do from
     their text (library-images.sh).  */
  SCM core = scm_i_core_module ();
  return (scm_i_module_flags (core) & SCM_I_MODULE_IMMUTABLE)
    && scm_is_eq (table_ref (&SCM_I_MODULE (core)->table, sym), var);
}

static void
add_variable_flags (SCM v, int flags)
{
  SCM_SET_CELL_WORD (v, 0, SCM_CELL_WORD (v, 0) | ((scm_t_bits) flags << 8));
}

void
scm_i_freeze_module (SCM m)
{
  struct scm_i_module *mod = SCM_I_MODULE (m);
  struct scm_i_instance *inst = scm_i_current_instance ();
  import_lazy_bindings (m);
  pthread_mutex_lock (&inst->lock);
  for (size_t i = 0; i < mod->table.capacity; i++)
    {
      SCM v = SCM_PACK (mod->table.slots[2 * i + 1]);
      if (mod->table.slots[2 * i] != 0 && scm_is_variable (v)
          && !(variable_flags (v) & SCM_I_VARIABLE_SHARED))
        add_variable_flags (v, SCM_I_VARIABLE_FROZEN);
    }
  pthread_mutex_unlock (&inst->lock);
  scm_i_module_set_flags (m, (scm_i_module_flags (m) & ~SCM_I_MODULE_COPIES)
                          | SCM_I_MODULE_IMMUTABLE);
}

void
scm_i_check_module_mutable (SCM m, const char *who)
{
  if (scm_i_module_flags (m) & SCM_I_MODULE_IMMUTABLE)
    scm_c_raise_error ("misc-error", who,
                       "the module is immutable (shared by every instance, "
                       "or an environment)",
                       scm_list_1 (module_display_name (m)));
}

SCM
scm_i_module_definition_variable (SCM m, SCM sym, int *fresh, SCM who,
                                  SCM form)
{
  *fresh = 0;
  if (scm_i_module_flags (m) & SCM_I_MODULE_IMMUTABLE)
    scm_i_syntax_error (who, "cannot define a variable in an immutable module",
                        scm_list_2 (sym, module_display_name (m)), form);
  struct scm_i_module *mod = SCM_I_MODULE (m);
  SCM b = table_ref (&mod->table, sym);
  SCM from = table_ref (&mod->origins, sym);
  if (scm_is_false (b) && scm_is_pair (mod->lazy))
    b = lazy_binding (mod, sym, &from);
  if (scm_is_variable (b) && scm_is_false (from))
    return b;
  /* In the body of a library being defined, a definition shadows the
     import (R7RS 5.6.1 lets it; a program does the same); in an
     environment of eval, imported bindings stay fixed.  */
  if (scm_is_true (from) && (scm_i_module_flags (m) & SCM_I_MODULE_LIBRARY)
      && (scm_i_module_flags (m) & SCM_I_MODULE_LOADED))
    scm_i_syntax_error (who, "cannot define an imported name",
                        scm_list_2 (sym, module_display_name (from)), form);
  if (scm_is_false (b) && mod->fallback == NULL)
    return scm_i_module_ensure_variable (m, sym);
  /* Syntax, an import or the fallback's: a variable of its own, which
     replaces the binding when the form commits.  */
  if (scm_is_false (b) && (scm_i_module_flags (m) & SCM_I_MODULE_COPIES))
    {
      SCM fb = scm_i_module_binding (SCM_PACK_POINTER (mod->fallback), sym);
      if (scm_is_false (fb))
        return scm_i_module_ensure_variable (m, sym);
      if (scm_is_variable (fb))
        return (variable_flags (fb) & SCM_I_VARIABLE_SHARED) ? fb
          : scm_i_module_binding (m, sym);
    }
  if (scm_is_false (b))
    {
      /* Code compiled before may refer to a placeholder: it must be the
         variable the definition assigns.  */
      SCM var = placeholder (m, sym, 0, 0);
      if (scm_is_true (var))
        {
          *fresh = 1;
          return var;
        }
    }
  *fresh = 1;
  return scm_make_variable (SCM_UNDEFINED);
}

void
scm_i_module_install (SCM m, SCM sym, SCM binding)
{
  struct scm_i_module *mod = SCM_I_MODULE (m);
  table_add (&mod->table, sym, binding, 1);
  if (scm_is_true (table_ref (&mod->origins, sym)))
    table_add (&mod->origins, sym, SCM_BOOL_F, 1);
}

static int
same_binding (SCM a, SCM b)
{
  return scm_is_eq (a, b);
}

void
scm_i_module_import (SCM m, SCM sym, SCM binding, SCM from)
{
  struct scm_i_module *mod = SCM_I_MODULE (m);
  int flags = scm_i_module_flags (m);
  if ((flags & SCM_I_MODULE_COPIES) && !(flags & SCM_I_MODULE_PROGRAM))
    {
      /* The module sees the core's binding already, as its own copy.  */
      SCM fb = mod->fallback
        ? scm_i_module_binding (SCM_PACK_POINTER (mod->fallback), sym)
        : SCM_BOOL_F;
      if (same_binding (fb, binding) && scm_is_false (table_ref (&mod->origins, sym)))
        return;
    }
  SCM old = table_ref (&mod->table, sym);
  SCM old_from = table_ref (&mod->origins, sym);
  if (scm_is_true (old) && !same_binding (old, binding)
      && scm_is_true (old_from) && (flags & SCM_I_MODULE_LIBRARY))
    scm_c_raise_error ("syntax-error", "import",
                       "a name is imported from two libraries with different "
                       "bindings",
                       scm_list_3 (sym, module_display_name (old_from),
                                   module_display_name (from)));
  if (scm_is_true (old) && scm_is_false (old_from)
      && (flags & SCM_I_MODULE_LIBRARY) && !same_binding (old, binding))
    scm_c_raise_error ("syntax-error", "import",
                       "an import would rebind a name the library defines",
                       scm_list_2 (sym, module_display_name (from)));
  table_add (&mod->table, sym, binding, 1);
  table_add (&mod->origins, sym, from, 1);
}

/* The pair (NAME . internal name) of MOD's exports, or #f.  */
static SCM
exported_pair (struct scm_i_module *mod, SCM name)
{
  if (mod->export_index.capacity == 0)
    return SCM_BOOL_F;
  return scm_i_eqtab_ref (&mod->export_index, name, SCM_BOOL_F);
}

void
scm_i_module_reserve (SCM m, size_t n)
{
  struct scm_i_module *mod = SCM_I_MODULE (m);
  struct scm_i_instance *inst = scm_i_current_instance ();
  pthread_mutex_lock (&inst->lock);
  int failed = scm_i_eqtab_try_reserve (&mod->table, n) != 0
    || scm_i_eqtab_try_reserve (&mod->origins, n) != 0;
  pthread_mutex_unlock (&inst->lock);
  if (failed)
    scm_out_of_memory ("import", 0);
}

void
scm_i_module_add_export (SCM m, SCM internal, SCM external)
{
  struct scm_i_module *mod = SCM_I_MODULE (m);
  if (scm_is_eq (mod->exports, SCM_BOOL_T))
    return;
  SCM old = exported_pair (mod, external);
  if (scm_is_pair (old))
    {
      if (!scm_is_eq (SCM_CDR (old), internal))
        scm_c_raise_error ("syntax-error", "export",
                           "a name is exported twice, for two bindings",
                           scm_list_2 (external, module_display_name (m)));
      return;
    }
  if (mod->export_index.capacity == 0)
    scm_i_eqtab_init (&mod->export_index, 16);
  /* Kept in order: the list is what the exports were written as.  */
  SCM pair = scm_cons (external, internal);
  SCM cell = scm_list_1 (pair);
  if (scm_is_null (mod->exports))
    mod->exports = cell;
  else
    SCM_SETCDR (mod->exports_last, cell);
  mod->exports_last = cell;
  scm_i_eqtab_set (&mod->export_index, external, pair);
}

SCM
scm_i_module_exported_binding (SCM m, SCM name)
{
  struct scm_i_module *mod = SCM_I_MODULE (m);
  if (scm_is_eq (mod->exports, SCM_BOOL_T))
    {
      SCM b = scm_i_module_binding (m, name);
      return scm_is_variable (b) && SCM_UNBNDP (SCM_CELL_OBJECT (b, 1))
        ? SCM_BOOL_F : b;
    }
  SCM e = exported_pair (mod, name);
  if (!scm_is_pair (e))
    return SCM_BOOL_F;
  return scm_i_module_binding (m, SCM_CDR (e));
}

/* The keys of T whose value is bound, consed onto ACC.  The keys are
   copied under the lock into malloc'd memory (not scanned: they stay
   reachable from the table), the list made without it.  */
static SCM
bound_keys (struct scm_i_eqtab *t, SCM acc, int skip_unbound)
{
  struct scm_i_instance *inst = scm_i_current_instance ();
  pthread_mutex_lock (&inst->lock);
  scm_t_bits *keys = malloc ((t->count + 1) * sizeof *keys);
  size_t n = 0;
  for (size_t i = 0; keys != NULL && i < t->capacity; i++)
    {
      scm_t_bits key = t->slots[2 * i];
      SCM v = SCM_PACK (t->slots[2 * i + 1]);
      if (key == 0 || scm_is_false (v) || !scm_i_binding_visible (v))
        continue;
      if (skip_unbound && scm_is_variable (v) && SCM_UNBNDP (SCM_CELL_OBJECT (v, 1)))
        continue;
      keys[n++] = key;
    }
  pthread_mutex_unlock (&inst->lock);
  if (keys == NULL)
    scm_out_of_memory ("module names", 0);
  for (size_t i = 0; i < n; i++)
    acc = scm_cons (SCM_PACK (keys[i]), acc);
  free (keys);
  return acc;
}

SCM
scm_i_module_export_names (SCM m)
{
  struct scm_i_module *mod = SCM_I_MODULE (m);
  if (scm_is_eq (mod->exports, SCM_BOOL_T))
    return bound_keys (&mod->table, SCM_EOL, 1);
  SCM names = SCM_EOL;
  for (SCM l = mod->exports; scm_is_pair (l); l = SCM_CDR (l))
    names = scm_cons (SCM_CAR (SCM_CAR (l)), names);
  return scm_reverse_x (names, SCM_EOL);
}

SCM
scm_i_module_origin_list (SCM m)
{
  struct scm_i_module *mod = SCM_I_MODULE (m);
  struct scm_i_instance *inst = scm_i_current_instance ();
  /* Copied under the lock into malloc'd memory, as bound_keys does:
     the list is made without it.  */
  pthread_mutex_lock (&inst->lock);
  scm_t_bits *from = malloc ((mod->table.count + 1) * sizeof *from);
  size_t n = 0;
  int own = 0;
  for (size_t i = 0; from != NULL && i < mod->table.capacity; i++)
    {
      scm_t_bits key = mod->table.slots[2 * i];
      if (key == 0 || scm_is_false (SCM_PACK (mod->table.slots[2 * i + 1])))
        continue;
      SCM o = scm_i_eqtab_ref (&mod->origins, SCM_PACK (key), SCM_BOOL_F);
      if (scm_is_false (o))
        own = 1;
      else
        from[n++] = SCM_UNPACK (o);
    }
  pthread_mutex_unlock (&inst->lock);
  if (from == NULL)
    scm_out_of_memory ("import", 0);
  SCM acc = SCM_EOL;
  for (size_t i = 0; !own && i < n; i++)
    acc = scm_cons (SCM_PACK (from[i]), acc);
  free (from);
  if (!own)
    for (SCM l = mod->lazy; scm_is_pair (l); l = SCM_CDR (l))
      acc = scm_cons (SCM_CAR (l), acc);
  return own ? SCM_BOOL_F : acc;
}

SCM
scm_i_module_names (SCM m)
{
  struct scm_i_module *mod = SCM_I_MODULE (m);
  SCM names = bound_keys (&mod->table, SCM_EOL, 1);
  /* The lazy imports' own names (their core ones are the fallback's),
     looked up without scm_i_module_binding, which would copy.  */
  for (SCM l = mod->lazy; scm_is_pair (l); l = SCM_CDR (l))
    for (SCM e = scm_i_module_export_names (SCM_CAR (l)); scm_is_pair (e);
         e = SCM_CDR (e))
      {
        SCM from;
        if (scm_is_false (table_ref (&mod->table, SCM_CAR (e)))
            && scm_is_true (lazy_binding (mod, SCM_CAR (e), &from)))
          names = scm_cons (SCM_CAR (e), names);
      }
  if (mod->fallback != NULL)
    names = bound_keys (&mod->fallback->table, names, 1);
  return names;
}

/* ------------------------------------------------------------------ */
/* The registry of named modules.  */

SCM
scm_i_registered_module (SCM name)
{
  struct scm_i_instance *inst = scm_i_current_instance ();
  pthread_mutex_lock (&inst->lock);
  SCM l = inst->modules;
  pthread_mutex_unlock (&inst->lock);
  for (; scm_is_pair (l); l = SCM_CDR (l))
    if (scm_is_true (scm_equal_p (SCM_CAR (SCM_CAR (l)), name)))
      return SCM_CDR (SCM_CAR (l));
  return SCM_BOOL_F;
}

void
scm_i_register_module (SCM name, SCM m)
{
  struct scm_i_instance *inst = scm_i_current_instance ();
  SCM entry = scm_cons (name, m);
  SCM cell = scm_cons (entry, SCM_EOL);
  pthread_mutex_lock (&inst->lock);
  SCM_SETCDR (cell, inst->modules);
  inst->modules = cell;
  pthread_mutex_unlock (&inst->lock);
}

SCM
scm_i_c_module_name (const char *name)
{
  SCM parts = SCM_EOL;
  const char *p = name;
  while (*p != '\0')
    {
      while (*p == ' ')
        p++;
      const char *start = p;
      while (*p != '\0' && *p != ' ')
        p++;
      if (p > start)
        parts = scm_cons (scm_from_utf8_symboln (start, (size_t) (p - start)),
                          parts);
    }
  return scm_reverse_x (parts, SCM_EOL);
}

/* The core's `%' names that programs may use: they check their
   arguments and change no state of the VM's.  The record accessors are
   among them because (ice-9 match)'s expansions, which are the
   program's code, refer to them.  */
static const char *const public_internals[] = {
  "%load-path", "%vm-stack-size", "%make-record", "%read-line",
  "%syntax-match", "%record?", "%record-ref", "%record-set!",
  "%record-field",
  /* Read-only views the tests and libraries use: a macro's docstring,
     a pipe's child, an errno's name; and a fresh mutable environment,
     which changes nothing shared; the names a module binds (the
     sandbox tests compare two ways of making one).  */
  "%macro-documentation", "%pipe-port-pid", "%errno-name",
  "%mutable-environment", "%module-bound-names",
};

/* The capability each of these core names needs (instances.h).  The
   procedures of the prelude that reach them (call-with-input-file,
   load) need it as well.  Those that reach raw memory or native code
   (a pointer's finalizer is a C function the collector calls) are
   private besides: a program has them by importing (system foreign),
   which an embedder can withhold.  */
static const struct { unsigned cap; const char *names; } capability_names[] = {
  { SCM_CAP_FILES, " open-input-file open-output-file open-binary-input-file"
    " open-binary-output-file call-with-input-file call-with-output-file"
    " with-input-from-file with-output-to-file file-exists? delete-file"
    " load primitive-load " },
  { SCM_CAP_ENV, " get-environment-variable get-environment-variables"
    " command-line gc gc-stats " },
  { SCM_CAP_TIME, " current-second current-time gettimeofday current-jiffy"
    " jiffies-per-second get-internal-run-time get-internal-real-time " },
  { SCM_CAP_THREADS, " call-with-new-thread join-thread " },
  { SCM_CAP_FOREIGN, " %null-pointer make-pointer pointer-address pointer?"
    " null-pointer? " },
  /* The operating system's primitives (posix/), by the file that defines
     each: generated from their docstring files at build time.  */
#include "modules/capability-names.inc"
};

static int
name_in (const char *chars, size_t n, const char *const *names, size_t count)
{
  for (size_t i = 0; i < count; i++)
    if (strlen (names[i]) == n && memcmp (chars, names[i], n) == 0)
      return 1;
  return 0;
}

/* The flags core variable SYM gets by its name: frozen, and private if
   it is a `%' name that is not public.  */
static int
core_variable_flags (SCM sym)
{
  /* Read in place: this runs at every start, over every core name.  */
  SCM buf = SCM_CELL_OBJECT (sym, 1);
  size_t n = scm_i_stringbuf_length (buf);
  if (n == 0 || scm_i_stringbuf_is_wide (buf)
      || scm_i_stringbuf_ref (buf, 0) != '%')
    return SCM_I_VARIABLE_FROZEN;
  const char *chars = (const char *) scm_i_stringbuf_narrow (buf);
  return name_in (chars, n, public_internals,
                  sizeof public_internals / sizeof *public_internals)
    ? SCM_I_VARIABLE_FROZEN : SCM_I_VARIABLE_FROZEN | SCM_I_VARIABLE_PRIVATE;
}


/* Give each core name of the NAMES of a capability group (separated
   and surrounded by spaces) the flags of CAP.  */
static void
mark_capability (struct scm_i_module *core, unsigned cap, const char *names)
{
  int flags = (int) (cap << SCM_I_VARIABLE_CAP_SHIFT)
    | (cap == SCM_CAP_FOREIGN ? SCM_I_VARIABLE_PRIVATE : 0);
  for (const char *w = names + 1; *w != '\0';)
    {
      size_t n = strcspn (w, " ");
      SCM v = scm_i_eqtab_ref (&core->table, scm_from_utf8_symboln (w, n),
                               SCM_BOOL_F);
      if (scm_is_variable (v))
        add_variable_flags (v, flags);
      w += n + (w[n] == ' ');
    }
}

/* The capability core name SYM needs, as mark_capability gives it at
   each start: 0 if none.  For the image's generator, which runs
   without the flags (scm_i_finish_core_module) and records for each
   built-in library the capabilities its code reaches.  */
unsigned
scm_i_core_name_capability (SCM sym)
{
  char *name = scm_i_to_utf8_stringn (scm_symbol_to_string (sym), NULL);
  size_t n = strlen (name);
  for (size_t i = 0; i < sizeof capability_names / sizeof *capability_names;
       i++)
    for (const char *w = capability_names[i].names + 1; *w != '\0';)
      {
        size_t k = strcspn (w, " ");
        if (k == n && memcmp (w, name, n) == 0)
          return capability_names[i].cap;
        w += k + (w[k] == ' ');
      }
  return 0;
}

/* Flag the core's variables frozen, its other `%' variables and its
   capabilities private, and the capability each needs.  */
static void
hide_core_internals (struct scm_i_module *core)
{
  for (size_t i = 0; i < core->table.capacity; i++)
    {
      SCM key = SCM_PACK (core->table.slots[2 * i]);
      SCM v = SCM_PACK (core->table.slots[2 * i + 1]);
      if (SCM_UNPACK (key) == 0 || !scm_is_symbol (key) || !scm_is_variable (v)
          || (variable_flags (v) & SCM_I_VARIABLE_SHARED))
        continue;
      add_variable_flags (v, core_variable_flags (key));
    }
  for (size_t i = 0; i < sizeof capability_names / sizeof *capability_names;
       i++)
    mark_capability (core, capability_names[i].cap,
                     capability_names[i].names);
}

void
scm_i_finish_core_module (void)
{
  struct scm_i_instance *inst = scm_i_current_instance ();
  SCM load_path = table_ref (&SCM_I_MODULE (inst->core)->table,
                             scm_from_utf8_symbol ("%load-path"));
  if (scm_is_variable (load_path))
    SCM_SET_CELL_WORD (load_path, 0,
                       SCM_CELL_WORD (load_path, 0)
                       | ((scm_t_bits) SCM_I_VARIABLE_SHARED << 8));
  /* Not in the image's generator, which takes the variables as C init
     left them: the flags are set at each start (a scan of the table).  */
  if (!scm_i_writing_image)
    hide_core_internals (SCM_I_MODULE (inst->core));
  core_finished = 1;
  scm_i_module_set_flags (inst->core, SCM_I_MODULE_IMMUTABLE
                          | SCM_I_MODULE_LOADED);
  inst->user = scm_i_make_module (scm_list_2 (sym_libscm, sym_user), inst->core,
                                  SCM_I_MODULE_COPIES | SCM_I_MODULE_LOADED);
  scm_i_register_module (SCM_I_MODULE (inst->user)->name, inst->user);
  if (scm_is_variable (load_path))
    inst->load_path = load_path;
}

void
scm_i_init_instance_modules (struct scm_i_instance *inst,
                             struct scm_i_instance *from)
{
  inst->core = from->core;
  inst->user = scm_i_make_module (scm_list_2 (sym_libscm, sym_user),
                                  inst->core,
                                  SCM_I_MODULE_COPIES | SCM_I_MODULE_LOADED);
  SCM core_name = SCM_I_MODULE (inst->core)->name;
  inst->modules = scm_list_2 (scm_cons (core_name, inst->core),
                              scm_cons (SCM_I_MODULE (inst->user)->name,
                                        inst->user));
  SCM dirs = SCM_EOL;
  if (scm_is_variable (from->load_path))
    dirs = scm_list_copy (SCM_CELL_OBJECT (from->load_path, 1));
  /* Flagged shared as the core's is, so that the instance's copy-mode
     modules reach this one variable rather than copy it.  */
  SCM var = scm_make_variable (dirs);
  SCM_SET_CELL_WORD (var, 0, SCM_CELL_WORD (var, 0)
                     | ((scm_t_bits) SCM_I_VARIABLE_SHARED << 8));
  inst->load_path = var;
}

/* ------------------------------------------------------------------ */
/* The C interface: the current module's variables.  */

SCM
scm_lookup_variable (SCM name)
{
  SCM b = scm_i_module_binding (scm_i_current_module (), name);
  return scm_is_variable (b) ? b : SCM_BOOL_F;
}

SCM
scm_i_toplevel_variable (SCM name)
{
  SCM b = scm_i_module_resolve (scm_i_current_module (), name);
  return scm_is_variable (b) ? b : scm_make_variable (SCM_UNDEFINED);
}

SCM
scm_module_define (SCM module, SCM name, SCM value)
{
  SCM_ASSERT_TYPE (scm_i_is_module (module), module, 1, "module-define!",
                   "module");
  SCM_ASSERT_TYPE (scm_is_symbol (name), name, 2, "module-define!", "symbol");
  int fresh;
  SCM var = scm_i_module_definition_variable (module, name, &fresh,
                                              scm_from_utf8_symbol ("define"),
                                              name);
  /* With the precompiled prelude, the core's variables hold their
     values after the prelude already (which redefines some primitives,
     `member' say): C init code sets only those the image could not
     fill in.  */
  if (!fresh && scm_is_eq (module, scm_i_core_module ())
      && scm_i_prelude_image_in_use ()
      && !SCM_UNBNDP (SCM_CELL_OBJECT (var, 1)))
    return var;
  scm_i_variable_store (var, value);
  if (fresh)
    scm_i_module_install (module, name, var);
  return var;
}

SCM
scm_define (SCM name, SCM value)
{
  SCM_ASSERT_TYPE (scm_is_symbol (name), name, 1, "define", "symbol");
  return scm_module_define (scm_i_current_module (), name, value);
}

SCM
scm_c_define (const char *name, SCM value)
{
  return scm_define (scm_from_utf8_symbol (name), value);
}

SCM
scm_lookup (SCM name)
{
  SCM var = scm_lookup_variable (name);
  if (scm_is_false (var) || SCM_UNBNDP (SCM_CELL_OBJECT (var, 1)))
    scm_c_raise_error ("unbound-variable", NULL, "unbound variable",
                       scm_list_1 (name));
  return var;
}

SCM
scm_c_lookup (const char *name)
{
  return scm_lookup (scm_from_utf8_symbol (name));
}

SCM_DEFINE (scm_i_module_bound_names, "%module-bound-names", 1, 0, 0,
            (SCM module),
            "Return a fresh list of the names that have a value in "
            "@var{module}: its own, its imports and those of its "
            "fallback, in no particular order.")
{
  SCM_ASSERT_TYPE (scm_is_true (scm_module_p (module)), module, 1,
                   "%module-bound-names", "module");
  return scm_i_module_names (module);
}

SCM
scm_toplevel_names (void)
{
  return scm_i_module_names (scm_i_current_module ());
}

void
scm_init_modules (void)
{
  scm_i_add_mark_end_hook (clear_dead_placeholders);
#ifndef SCM_MAGIC_SNARFER
#include "modules/modules.x"
#endif
  name_core_module (scm_i_current_instance ());
}
