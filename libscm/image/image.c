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

#include <stdlib.h>
#include <string.h>
#include <gc/gc_mark.h>

#include <libscm/keywords.h>
#include <libscm/snarf.h>
#include <libscm/throw.h>

int
scm_i_prelude_image_usable (void)
{
  const struct scm_i_prelude_image *im = scm_i_prelude_image;
  if (im == NULL || im->op_count != SCM_OP_COUNT)
    return 0;
  for (int op = 0; op < SCM_OP_COUNT; op++)
    if (im->op_offsets[op] != scm_i_op_label_offset (op))
      return 0;
  return 1;
}

void
scm_i_intern_image_symbols (void)
{
  const struct scm_i_prelude_image *im = scm_i_prelude_image;
  if (im == NULL)
    return;
  scm_i_set_static_symbols (im->symtab, im->symtab_capacity,
                            im->symbol_count);
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

/* The core module's bindings are in place already: its table is the
   image's (scm_i_image_core_table), and C init code has found its
   variables there.  */
void
scm_i_install_prelude_image (SCM core, SCM *private_variables,
                             SCM *prelude_file)
{
  const struct scm_i_prelude_image *im = scm_i_prelude_image;
  (void) core;
  for (int op = 0; op < SCM_OP_COUNT; op++)
    private_variables[op] = im->private_variables[op];
  *prelude_file = im->prelude_file;
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
