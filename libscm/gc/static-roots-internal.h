/* static-roots.h -- the static data libgc scans (see static-roots.c)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_STATIC_ROOTS_H
#define SCM_STATIC_ROOTS_H

#include <stddef.h>
#include <stdint.h>

/* Called once per loaded object that contributes roots: its file name
   ("" for the main program) and the bytes libgc scans in it.  */
typedef void (*scm_i_root_object_fn) (const char *object, size_t bytes,
                                      void *data);

/* The bytes of static data libgc scans for pointers, in all loaded
   objects; calls EACH (if not NULL) for each object's share.  */
size_t scm_i_static_root_bytes (scm_i_root_object_fn each, void *data);

/* If set, says whether the object FILE ("" for the main program) is
   scanned at all: libscm's filter (gc-roots.c), so that the figure is
   what libgc really scans.  Unset in the benchmark probe.  */
extern int (*scm_i_static_root_filter) (const char *file);

/* A range of static data that libscm excludes from libgc's roots (the
   built-in libraries' writable blocks, image.c), and the bytes of it
   that it has the collector scan (the blocks of the libraries in use):
   the figure counts those instead of the range.  */
struct scm_i_static_range { uintptr_t lo, hi; };
extern struct scm_i_static_range scm_i_static_roots_excluded;
extern size_t scm_i_static_roots_pushed;
/* The bytes of that range not scanned now.  */
size_t scm_i_static_roots_unused (void);

#endif /* SCM_STATIC_ROOTS_H */
