/* huge-pages-internal.h -- transparent huge pages for the heap (see
   huge-pages.c)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_HUGE_PAGES_INTERNAL_H
#define SCM_HUGE_PAGES_INTERNAL_H

/* Called once, by scm_init_gc after GC_INIT: from then on each heap
   section libgc adds is advised to the kernel as huge pages, unless
   SMALL_PAGES is nonzero or SCM_GC_HUGE_PAGES=0 is in the
   environment.  */
void scm_i_init_huge_pages (int small_pages);

/* Take back the advice of the heap's newest stretches (MADV_NOHUGEPAGE,
   which keeps their huge pages), so that khugepaged does not fill the
   holes of pages libgc gives back: before giving free heap back.  */
void scm_i_settle_huge_pages (void);

#endif /* SCM_HUGE_PAGES_INTERNAL_H */
