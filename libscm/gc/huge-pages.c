/* huge-pages.c -- transparent huge pages for the collected heap
   SPDX-License-Identifier: LGPL-3.0-or-later

   The first touch of each page of fresh memory is a page fault.  On
   the virtual machines libscm is measured on, one costs 11 to 12 us (a
   memset of 64 MiB just mapped takes 186 ms; of the same memory again,
   3.4 ms), and a program that grows its heap to a few hundred MiB
   spent a third of its time there (paraffins, mperm).  Linux maps a
   region that madvise (MADV_HUGEPAGE) marked in pages of 2 MiB when
   it can: one fault for 512, and fewer TLB misses after.  The same
   memset then takes 5 to 7 ms.

   libgc maps its heap sections itself (mmap) and tells no one where.
   It does call the heap-resize hook after it added a section, before
   anything touched the section's pages.  The new section is then one
   run of free blocks (with, at most, the free run next to it), whose
   pages are not resident yet.  So the hook reads the process's
   mappings (/proc/self/maps), asks the kernel which pages of each
   private, anonymous, writable one in libgc's plausible heap range
   are resident (mincore), and advises each stretch of 2 MiB or more
   of pages not resident that begins with a block libgc knows
   (GC_is_heap_ptr), as far as that block's run goes (GC_size).  Memory
   that is not the heap -- a thread's stack, a VM stack, the
   embedder's own memory, even when the kernel merged it with a heap
   section into one mapping -- begins with no such block and is left
   as it is.  Heap already touched gains nothing from the advice.

   The advice holds until the heap grows again: then (or before libscm
   gives free heap back after a stack overflow) the stretches advised
   the time before are advised MADV_NOHUGEPAGE.  Their huge pages stay;
   what changes is that khugepaged leaves them alone.  libgc gives the
   pages of blocks that stayed free back to the kernel
   (MADV_DONTNEED), and khugepaged would otherwise, some seconds
   later, fill such holes again to make a huge page of a stretch that
   has any page left in it (max_ptes_none is 511 of 512 by default):
   memory the program gave back would come back.  By the next growth,
   most of the new section is in use anyway.

   Only where the system's THP mode is "madvise": under "always" the
   kernel does this by itself, under "never" the advice does nothing.
   Only heaps past HEAP_FLOOR: a smaller heap has little to gain, and
   start-up (a heap of 128 KiB) reads no file.  With THP disabled
   SCM_GC_HUGE_PAGES=0 in the environment or
   scm_gc_options.small_pages turns it off here.

   The hook runs with libgc's allocation lock held: it allocates
   nothing (the map's text is read into a buffer on its stack, the
   other buffers are malloc'd once, at start-up, where libgc does not
   scan them as roots), takes no lock and raises nothing.  Afterwards
   it clears the dead stack below it (scm_i_clear_dead_stack).  */

#include "gc/huge-pages-internal.h"
#include "runtime/proc-maps-internal.h"
#include "runtime/scm-internal.h"

#include <gc/gc.h>
#include <gc/gc_mark.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifdef MADV_HUGEPAGE

#define HUGE_PAGE ((uintptr_t) 2 << 20)
#define HEAP_FLOOR ((GC_word) 8 << 20)
#define BLOCK ((uintptr_t) 4096)

static GC_on_heap_resize_proc previous_resize_proc;

/* The mappings to look at, gathered first: advising one splits it,
   which would change /proc/self/maps while it is being read.  */
#define MAPPINGS_MAX 256
struct mapping { uintptr_t lo, hi; };
static struct mapping *mappings;
static size_t mapping_count;
/* The stretches advised since the heap last grew.  */
static struct mapping *advised;
static size_t advised_count;

/* Residency of up to CHUNK_PAGES pages at a time: malloc'd, not
   static, so that libgc does not scan 64 KiB more of roots at every
   collection.  */
#define CHUNK_PAGES ((size_t) 1 << 16)
static unsigned char *resident;

/* Whether the block at P starts a run of free blocks: libgc has a
   header for it but no object in it.  Only then is GC_size its run's
   length (inside a large object the header table holds a forwarding
   count, which GC_size would take for a header).  */
static int
is_free_run (uintptr_t p)
{
  return GC_is_heap_ptr ((void *) p) && GC_base ((void *) p) == NULL;
}

/* How far a stretch may begin before a new section (a piece of
   libgc's own memory that the kernel joined to it), or begin inside
   a free run that starts below it (a new section that libgc joined
   to the free run just below it).  */
#define LOOK_AHEAD ((uintptr_t) 1 << 20)
#define LOOK_BACK ((uintptr_t) 16 << 20)

/* The start of the free run that covers P, found within LOOK_BACK
   below it; 0 if none.  */
static uintptr_t
free_run_below (uintptr_t p)
{
  uintptr_t start = p;
  while (!GC_is_heap_ptr ((void *) start))
    {
      if (p - start >= LOOK_BACK || start < BLOCK)
        return 0;
      start -= BLOCK;
    }
  if (!is_free_run (start)
      || start + (uintptr_t) GC_size ((void *) start) <= p)
    return 0;
  return start;
}

/* Advise the parts of the stretch [LO, HI) of pages not resident that
   free runs cover.  */
static void
advise_stretch (uintptr_t lo, uintptr_t hi)
{
  uintptr_t p = lo;
  while (hi - p >= HUGE_PAGE)
    {
      uintptr_t run = free_run_below (p);
      if (run == 0)
        {
          /* Look a little further for a run that starts here.  */
          uintptr_t q = p + BLOCK;
          while (q < hi && q - p < LOOK_AHEAD && !is_free_run (q))
            q += BLOCK;
          if (q >= hi || q - p >= LOOK_AHEAD)
            return;
          p = q;
          run = q;
        }
      uintptr_t end = run + (((uintptr_t) GC_size ((void *) run) + BLOCK - 1)
                             & ~(BLOCK - 1));
      if (end > hi)
        end = hi;
      if (end - p >= HUGE_PAGE && advised_count < MAPPINGS_MAX
          && madvise ((void *) p, end - p, MADV_HUGEPAGE) == 0)
        {
          advised[advised_count].lo = p;
          advised[advised_count].hi = end;
          advised_count++;
        }
      p = end;
    }
}

/* The stretches of pages not resident in [LO, HI).  */
static void
advise_mapping (uintptr_t lo, uintptr_t hi)
{
  uintptr_t stretch = 0;
  for (uintptr_t chunk = lo; chunk < hi; chunk += CHUNK_PAGES * BLOCK)
    {
      size_t pages = (hi - chunk) / BLOCK;
      if (pages > CHUNK_PAGES)
        pages = CHUNK_PAGES;
      if (mincore ((void *) chunk, pages * BLOCK, resident) != 0)
        return;
      for (size_t i = 0; i < pages; i++)
        {
          uintptr_t page = chunk + i * BLOCK;
          if (!(resident[i] & 1) && stretch == 0)
            stretch = page;
          else if ((resident[i] & 1) && stretch != 0)
            {
              advise_stretch (stretch, page);
              stretch = 0;
            }
        }
    }
  if (stretch != 0)
    advise_stretch (stretch, hi);
}

/* One line of /proc/self/maps: "LO-HI PERMS OFFSET DEV INODE [NAME]".
   An anonymous writable mapping's part in libgc's heap range joins
   the list to look at.  */
static int
consider (char *line, void *data)
{
  (void) data;
  uintptr_t heap_lo = (uintptr_t) GC_least_plausible_heap_addr;
  uintptr_t heap_hi = (uintptr_t) GC_greatest_plausible_heap_addr;
  char *end;
  uintptr_t lo = strtoul (line, &end, 16);
  if (*end != '-')
    return 0;
  uintptr_t hi = strtoul (end + 1, &end, 16);
  if (strncmp (end, " rw-p ", 6) != 0)
    return 0;
  /* Anonymous: an inode of 0 and no name.  */
  const char *p = end + 6;
  for (int field = 0; field < 3; field++)
    {
      p += strspn (p, " ");
      const char *start = p;
      p += strcspn (p, " \n");
      if (field == 2 && !(p - start == 1 && *start == '0'))
        return 0;
    }
  if (p[strspn (p, " ")] != '\0')
    return 0;
  /* The part in the heap's range, in whole pages.  */
  heap_lo = (heap_lo + BLOCK - 1) & ~(BLOCK - 1);
  heap_hi &= ~(BLOCK - 1);
  if (lo < heap_lo)
    lo = heap_lo;
  if (hi > heap_hi)
    hi = heap_hi;
  /* A smaller part holds no stretch of 2 MiB: not worth a mincore.  */
  if (hi > lo && hi - lo >= HUGE_PAGE && mapping_count < MAPPINGS_MAX)
    {
      mappings[mapping_count].lo = lo;
      mappings[mapping_count].hi = hi;
      mapping_count++;
    }
  return 0;
}

/* Take back the advice of the stretches advised the time before.  */
static void
settle (void)
{
  for (size_t i = 0; i < advised_count; i++)
    madvise ((void *) advised[i].lo, advised[i].hi - advised[i].lo,
             MADV_NOHUGEPAGE);
  advised_count = 0;
}

static void *
settle_locked (void *data)
{
  (void) data;
  settle ();
  return NULL;
}

void
scm_i_settle_huge_pages (void)
{
  if (advised != NULL)
    GC_call_with_alloc_lock (settle_locked, NULL);
}

static void __attribute__ ((noinline))
advise_heap (void)
{
  char buf[4096];
  settle ();
  mapping_count = 0;
  if (scm_i_each_mapping (buf, sizeof buf, consider, NULL) != 0)
    return;
  for (size_t i = 0; i < mapping_count; i++)
    advise_mapping (mappings[i].lo, mappings[i].hi);
}

static void GC_CALLBACK
on_heap_resize (GC_word heap_size)
{
  if (heap_size >= HEAP_FLOOR)
    {
      advise_heap ();
      /* Its frames held addresses of heap blocks, and GC_base had
         returned in them the first object of each block in use it
         looked at: left there, a later collection whose own frames
         reached as deep scanned them as live, and kept what they
         pointed to (test-gc once saw 5 MB of a list the program had
         dropped kept, the tail from the pair at a block start).  */
      scm_i_clear_dead_stack ();
    }
  if (previous_resize_proc != NULL)
    previous_resize_proc (heap_size);
}

/* Whether the system's THP mode is "madvise" ("always [madvise]
   never" in sysfs).  */
static int
thp_mode_is_madvise (void)
{
  char mode[128];
  int fd = open ("/sys/kernel/mm/transparent_hugepage/enabled",
                 O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  ssize_t n = read (fd, mode, sizeof mode - 1);
  close (fd);
  if (n <= 0)
    return 0;
  mode[n] = '\0';
  return strstr (mode, "[madvise]") != NULL;
}

void
scm_i_init_huge_pages (int small_pages)
{
  const char *env = getenv ("SCM_GC_HUGE_PAGES");
  if (small_pages || (env != NULL && strcmp (env, "0") == 0))
    return;
  if (!thp_mode_is_madvise ())
    return;
  resident = malloc (CHUNK_PAGES);
  mappings = malloc (MAPPINGS_MAX * sizeof *mappings);
  struct mapping *ranges = malloc (MAPPINGS_MAX * sizeof *ranges);
  if (resident == NULL || mappings == NULL || ranges == NULL)
    {
      free (resident);
      free (mappings);
      free (ranges);
      return;
    }
  advised = ranges;
  previous_resize_proc = GC_get_on_heap_resize ();
  GC_set_on_heap_resize (on_heap_resize);
}

#else /* no MADV_HUGEPAGE: nothing to advise */

void
scm_i_init_huge_pages (int small_pages)
{
  (void) small_pages;
}

void
scm_i_settle_huge_pages (void)
{
}

#endif
