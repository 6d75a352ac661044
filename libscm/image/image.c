/* image.c -- installing the precompiled prelude at init
   SPDX-License-Identifier: LGPL-3.0-or-later

   prelude-image.c (written at build time by image-writer.c) holds the
   prelude's code, closures, constants and variables as static data.
   Installing it costs no compiling and almost no allocation: its
   symbols and keywords are interned first of all (so that they are the
   canonical ones, and every C file's SCM_SYMBOL comes to name them),
   then its definitions are entered in the core module.  The image names
   the VM's instructions by their offsets in scm_i_vm_run; if the VM
   that runs is not the one the image was made for, the library compiles
   the prelude from source instead (eval.c).  */

#include "runtime/scm-internal.h"
#include "image/image-internal.h"
#include "modules/modules-internal.h"
#include "vm/vm-internal.h"
#include "values/hashtab-internal.h"
#include "values/symbols-internal.h"
#include "runtime/instance-internal.h"
#include "gc/static-roots-internal.h"
#include "runtime/init-internal.h"
#include "vm/isa-hash.inc"      /* generated: SCM_I_ISA_HASH */

#include <stdlib.h>
#include <string.h>
#include <gc/gc_mark.h>

#include <libscm/keywords.h>
#include <libscm/snarf.h>
#include <libscm/throw.h>
#include <libscm/conditions.h>
#include <libscm/strings.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/lists.h>

/* Computed at build time (snarf/isa-hash.c): hashing the table cost
   every start 17,500 instructions.  */
unsigned long
scm_i_isa_hash (void)
{
  return SCM_I_ISA_HASH;
}

unsigned long
scm_i_isa_hash_of_tables (void)
{
  uint64_t x = SCM_I_ISA_HASH_BASIS;
  for (int op = 0; op < SCM_OP_COUNT; op++)
    x = scm_i_isa_hash_step (x, scm_i_op_names[op], scm_i_op_operands[op],
                             scm_i_op_kinds[op]);
  return (unsigned long) x | 1;
}

int
scm_i_image_matches (const struct scm_i_prelude_image *im, const char *who)
{
  if (strcmp (im->version, PACKAGE_VERSION) == 0
      && im->isa_hash == scm_i_isa_hash ())
    return 1;
  if (who != NULL)
    scm_c_raise_error
      ("implementation-restriction", who,
       "the image was made for another libscm or instruction set "
       "(image: version, instruction-set hash; this libscm: the same)",
       scm_list_4 (scm_from_utf8_string (im->version),
                   scm_from_ulong (im->isa_hash),
                   scm_from_utf8_string (PACKAGE_VERSION),
                   scm_from_ulong (scm_i_isa_hash ())));
  return 0;
}

static int
prelude_image_check (void)
{
  const struct scm_i_prelude_image *im = scm_i_prelude_image;
  if (im == NULL || im->op_count != SCM_OP_COUNT
      || !scm_i_image_matches (im, NULL))
    return 0;
  for (int op = 0; op < SCM_OP_COUNT; op++)
    if (im->op_offsets[op] != scm_i_op_label_offset (op))
      return 0;
  return 1;
}

/* The answer depends on static data only; init asks several times
   (scm_i_image_unique, scm_i_prelude_image_in_use), and each check
   compares every instruction's offset: check once.  */
int
scm_i_prelude_image_usable (void)
{
  static int usable = -1;
  int u = __atomic_load_n (&usable, __ATOMIC_RELAXED);
  if (u < 0)
    {
      u = prelude_image_check ();
      __atomic_store_n (&usable, u, __ATOMIC_RELAXED);
    }
  return u;
}

void
scm_i_intern_image_symbols (void)
{
  const struct scm_i_prelude_image *im = scm_i_prelude_image;
  if (im == NULL)
    return;
  scm_i_set_static_symbols (im->symtab, im->symtab_capacity,
                            im->symbol_count);
  if (im->keyword_count > 0)
    scm_init_keywords ();
  for (size_t i = 0; i < im->keyword_count; i++)
    scm_snarf_intern_keyword (im->keywords[i]);
}

int
scm_i_prelude_image_in_use (void)
{
  static int in_use = -1;
  if (in_use < 0)
    {
      const char *from_source = getenv ("SCM_PRELUDE_FROM_SOURCE");
      in_use = scm_i_prelude_image_usable () && !scm_i_writing_image
        && (from_source == NULL || from_source[0] == '\0'
            || from_source[0] == '0');
    }
  return in_use;
}

int
scm_i_image_core_table (struct scm_i_eqtab *t)
{
  const struct scm_i_prelude_image *im = scm_i_prelude_image;
  if (!scm_i_prelude_image_in_use ())
    return 0;
  scm_i_eqtab_init_static (t, im->core_slots, im->core_capacity,
                           im->core_count);
  return 1;
}

/* ------------------------------------------------------------------ */
/* The built-in libraries of the image.  Their writable blocks are all
   in the section scm_libvars, which the collector does not scan: a
   library's block becomes a root when the library is first imported
   (pushed by push_library_roots), so the libraries a program does not
   import cost no scanning.  The same section holds the core variables
   that never hold a heap object (image-writer.c), never scanned.  A
   library without state (its variables
   never assigned, no mutable object) is shared by every instance; one
   with state belongs to the first instance that imports it, and the
   others compile its text, so that each has its own.  */

#define MAX_LIBRARIES 256

static pthread_mutex_t library_lock = PTHREAD_MUTEX_INITIALIZER;
/* malloc'd when first needed, so that they are no roots: whether each
   library is in use, and the serial number of the instance that owns a
   library with state (0: none).  A serial, not the instance's address:
   an instance made after the owner was destroyed may have its address,
   and must not inherit the state the owner left in the library's
   variables; no instance has a destroyed one's serial, so such a
   library stays with its dead owner and the others compile its text.  */
static unsigned char *library_active;
static uint64_t *library_owner;
static GC_push_other_roots_proc previous_push_other_roots;

/* Called by the collector with the world stopped.  */
static void
push_library_roots (void)
{
  const struct scm_i_prelude_image *im = scm_i_prelude_image;
  if (previous_push_other_roots != NULL)
    previous_push_other_roots ();
  unsigned char *active = __atomic_load_n (&library_active, __ATOMIC_ACQUIRE);
  for (size_t i = 0; active != NULL && i < im->library_count
         && i < MAX_LIBRARIES; i++)
    if (__atomic_load_n (&active[i], __ATOMIC_ACQUIRE))
      {
        const struct scm_i_library_image *lib = &im->libraries[i];
        /* Scanned at once: a range entry more on a mark stack that deep
           data has filled would be libgc's "Unexpected mark stack
           overflow" abort; the objects it finds are pushed with the
           collector's overflow handling.  */
        GC_push_all_eager (lib->vars, lib->vars + lib->var_words);
      }
}

static void *
install_push (void *data)
{
  (void) data;
  previous_push_other_roots = GC_get_push_other_roots ();
  GC_set_push_other_roots (push_library_roots);
  return NULL;
}

static void
exclude_library_blocks (const struct scm_i_prelude_image *im)
{
  uintptr_t lo = UINTPTR_MAX, hi = 0;
  for (size_t i = 0; i < im->library_count; i++)
    {
      const struct scm_i_library_image *lib = &im->libraries[i];
      uintptr_t a = (uintptr_t) lib->vars;
      uintptr_t b = (uintptr_t) (lib->vars + lib->var_words);
      lo = a < lo ? a : lo;
      hi = b > hi ? b : hi;
    }
  if (scm_i_static_roots_excluded.hi != 0)
    return;
  if (hi > lo)
    {
      /* A pair in a library's block is its state, not a constant.  */
      scm_i_image_writable_lo = lo;
      scm_i_image_writable_hi = hi;
    }
  /* The whole section: the blocks and the frozen core variables.  */
  if (im->unscanned_hi > im->unscanned_lo)
    {
      lo = (uintptr_t) im->unscanned_lo;
      hi = (uintptr_t) im->unscanned_hi;
    }
  if (hi <= lo)
    return;
  GC_exclude_static_roots ((void *) lo, (void *) hi);
  scm_i_static_roots_excluded.lo = lo;
  scm_i_static_roots_excluded.hi = hi;
  GC_call_with_alloc_lock (install_push, NULL);
}

/* Whether X lies in the static data the collector leaves out and is
   not a block of a library in use.  */
static int
unscanned_p (const struct scm_i_prelude_image *im, uintptr_t x)
{
  if (x < scm_i_static_roots_excluded.lo || x >= scm_i_static_roots_excluded.hi)
    return 0;
  unsigned char *active = __atomic_load_n (&library_active, __ATOMIC_ACQUIRE);
  for (size_t i = 0; i < im->library_count && i < MAX_LIBRARIES; i++)
    {
      const struct scm_i_library_image *lib = &im->libraries[i];
      if (x >= (uintptr_t) lib->vars
          && x < (uintptr_t) (lib->vars + lib->var_words))
        return active == NULL || !__atomic_load_n (&active[i],
                                                   __ATOMIC_ACQUIRE);
    }
  return 1;
}

size_t
scm_i_image_unscanned_heap_refs (void)
{
  const struct scm_i_prelude_image *im = scm_i_prelude_image;
  size_t bad = 0;
  if (!scm_i_prelude_image_in_use () || scm_i_static_roots_excluded.hi == 0)
    return 0;
  /* The image's core table, not the module's (which a change would
     copy to the heap): every core variable of the image is in it.  */
  for (size_t k = 0; k < im->core_capacity; k++)
    {
      scm_t_bits v = im->core_slots[2 * k + 1];
      if (im->core_slots[2 * k] != 0 && unscanned_p (im, v)
          && scm_has_tc8 (SCM_PACK (v), scm_tc8_variable)
          && GC_is_heap_ptr ((void *) SCM_CELL_WORD (SCM_PACK (v), 1)))
        bad++;
    }
  return bad;
}

uintptr_t scm_i_image_writable_lo, scm_i_image_writable_hi;

static long
library_index (const struct scm_i_prelude_image *im, const char *path)
{
  for (size_t i = 0; i < im->library_count && i < MAX_LIBRARIES; i++)
    if (strcmp (im->libraries[i].path, path) == 0)
      return (long) i;
  return -1;
}

/* Claim library I and those it uses for instance INST: 0 if one holds
   state that another instance owns.  Under library_lock.  */
static int
claim_library (const struct scm_i_prelude_image *im, size_t i,
               const struct scm_i_instance *inst)
{
  const struct scm_i_library_image *lib = &im->libraries[i];
  for (unsigned k = 0; k < lib->ndeps; k++)
    {
      unsigned d = lib->deps[k];
      if (im->libraries[d].stateful && library_owner[d] != 0
          && library_owner[d] != inst->serial)
        return 0;
    }
  SCM core = scm_i_core_module ();
  for (unsigned k = 0; k < lib->ndeps; k++)
    {
      unsigned d = lib->deps[k];
      const struct scm_i_library_image *dep = &im->libraries[d];
      if (dep->stateful)
        library_owner[d] = inst->serial;
      if (library_active[d])
        continue;
      if (dep->core_fallback)
        SCM_I_MODULE (dep->module)->fallback = SCM_I_MODULE (core);
      scm_i_static_roots_pushed += dep->var_words * sizeof (scm_t_bits);
      __atomic_store_n (&library_active[d], 1, __ATOMIC_RELEASE);
    }
  return 1;
}

SCM
scm_i_image_library (const char *path)
{
  const struct scm_i_prelude_image *im = scm_i_prelude_image;
  if (!scm_i_prelude_image_in_use () || im->library_count == 0)
    return SCM_BOOL_F;
  long i = library_index (im, path);
  if (i < 0)
    return SCM_BOOL_F;
  struct scm_i_instance *inst = scm_i_current_instance ();
  if ((im->libraries[i].caps & ~inst->caps) != 0)
    return SCM_BOOL_F;
  pthread_mutex_lock (&library_lock);
  if (library_active == NULL)
    {
      library_active = calloc (MAX_LIBRARIES, 1);
      library_owner = calloc (MAX_LIBRARIES, sizeof *library_owner);
      if (library_active == NULL || library_owner == NULL)
        {
          free (library_active);
          free (library_owner);
          library_active = NULL;
          library_owner = NULL;
          pthread_mutex_unlock (&library_lock);
          return SCM_BOOL_F;
        }
    }
  int claimed = claim_library (im, (size_t) i, inst);
  pthread_mutex_unlock (&library_lock);
  if (!claimed)
    return SCM_BOOL_F;
  /* The libraries it uses are this instance's too: a later import of
     one finds the module the image's code refers to.  (The caller has
     found the library itself unregistered.)  */
  const struct scm_i_library_image *lib = &im->libraries[i];
  for (unsigned k = 0; k + 1 < lib->ndeps; k++)
    {
      SCM m = im->libraries[lib->deps[k]].module;
      SCM name = SCM_I_MODULE (m)->name;
      if (scm_is_false (scm_i_registered_module (name)))
        scm_i_register_module (name, m);
    }
  scm_i_register_module (SCM_I_MODULE (lib->module)->name, lib->module);
  return lib->module;
}

SCM
scm_i_image_library_imports (SCM m)
{
  const struct scm_i_prelude_image *im = scm_i_prelude_image;
  for (size_t i = 0; im != NULL && i < im->library_count; i++)
    if (scm_is_eq (im->libraries[i].module, m))
      return im->libraries[i].imports;
  return scm_i_user_image_imports (m);
}

/* The core module's bindings are in place already: its table is the
   image's (scm_i_image_core_table), and C init code has found its
   variables there.  */
void
scm_i_install_prelude_image (SCM core, SCM *private_variables,
                             SCM *prelude_file)
{
  const struct scm_i_prelude_image *im = scm_i_prelude_image;
  (void) core;
  for (int row = 0; row < SCM_I_INLINE_PRIMITIVE_COUNT; row++)
    private_variables[row] = im->private_variables[row];
  *prelude_file = im->prelude_file;
  exclude_library_blocks (im);
}

/* ------------------------------------------------------------------ */
/* For the generator (image-writer.c).  */

int scm_i_writing_image;

/* The heap objects alive before the prelude (a set of addresses, open
   addressing): what C code made.  The prelude's objects must not
   include one of these unless the writer knows how to share it.  */
static scm_t_bits *preboot;
static size_t preboot_size;

static void GC_CALLBACK
add_preboot (void *obj, size_t bytes, void *data)
{
  (void) bytes;
  (void) data;
  if (preboot == NULL)
    return;
  size_t i = scm_i_hash_word ((scm_t_bits) obj) & (preboot_size - 1);
  while (preboot[2 * i] != 0)
    i = (i + 1) & (preboot_size - 1);
  preboot[2 * i] = (scm_t_bits) obj;
  /* libgc counts the objects of the free lists as reachable: their
     first word (the link) tells them from the objects they become.  */
  preboot[2 * i + 1] = *(scm_t_bits *) obj;
}

static void *GC_CALLBACK
enumerate_preboot (void *data)
{
  GC_enumerate_reachable_objects_inner (add_preboot, data);
  return NULL;
}

int
scm_i_image_preboot_p (scm_t_bits addr)
{
  if (preboot == NULL)
    return 0;
  size_t i = scm_i_hash_word (addr) & (preboot_size - 1);
  while (preboot[2 * i] != 0)
    {
      if (preboot[2 * i] == addr)
        return preboot[2 * i + 1] == *(scm_t_bits *) addr;
      i = (i + 1) & (preboot_size - 1);
    }
  return 0;
}

static void
snapshot_heap (void)
{
  GC_gcollect ();
  /* A power of 2 at least four times the objects the heap can hold.  */
  preboot_size = 1;
  while (preboot_size < GC_get_heap_size () / 4)
    preboot_size <<= 1;
  /* Uncollectable, so scanned: the objects stay alive, and no later
     object can take the address of one.  */
  preboot = GC_MALLOC_UNCOLLECTABLE (2 * preboot_size * sizeof *preboot);
  if (preboot == NULL)
    scm_fatal ("scm-image: out of memory");
  GC_call_with_alloc_lock (enumerate_preboot, NULL);
}

void
scm_i_image_snapshot_core (void)
{
  snapshot_heap ();
}

/* ------------------------------------------------------------------ */
/* Objects C code makes and compares by identity.  */

static struct scm_i_image_unique recorded[16];
static size_t recorded_count;

SCM
scm_i_image_unique (const char *name, SCM obj)
{
  const struct scm_i_prelude_image *im = scm_i_prelude_image;
  if (scm_i_writing_image)
    {
      if (recorded_count == sizeof recorded / sizeof *recorded)
        scm_fatal ("scm-image: too many unique objects");
      recorded[recorded_count++] = (struct scm_i_image_unique) { name, obj };
      /* The generator scans its data: keep OBJ alive there.  */
      return obj;
    }
  if (im != NULL && scm_i_prelude_image_usable ())
    for (size_t i = 0; i < im->unique_count; i++)
      if (strcmp (im->uniques[i].name, name) == 0)
        return im->uniques[i].obj;
  return obj;
}

const struct scm_i_image_unique *
scm_i_image_recorded_uniques (size_t *count)
{
  *count = recorded_count;
  return recorded;
}
