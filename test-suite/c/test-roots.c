/* test-roots.c -- Scheme values held only by C globals survive
   collections: a global of the main program, and one of a shared library
   of the embedder's (holder.c), both of which libscm's root filter
   (gc-roots.c) keeps scanned; leaving the library out by API makes its
   global no root.
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <libscm.h>
#include "tap.h"

void holder_keep (SCM value);
SCM holder_get (void);

/* The main program's global.  */
SCM main_value;

#define LENGTH 1000

/* A fresh list 0 .. LENGTH-1, and a weak box on it in *BOX.  Not
   inlined, so that no pointer to the list stays in the caller's frame.  */
static SCM __attribute__ ((noinline))
make_list (SCM *box)
{
  SCM l = SCM_EOL;
  for (long i = LENGTH - 1; i >= 0; i--)
    l = scm_cons (scm_from_long (i), l);
  *box = scm_make_weak_box (l);
  return l;
}

/* Allocate garbage and collect, so that a freed list would be reused.  */
static void __attribute__ ((noinline))
churn (void)
{
  for (int round = 0; round < 4; round++)
    {
      for (int i = 0; i < 20000; i++)
        {
          SCM g = SCM_EOL;
          for (int j = 0; j < 50; j++)
            g = scm_cons (scm_from_int (-1), g);
        }
      scm_gc ();
    }
}

/* Zero the dead part of the C stack below the caller, where stale
   pointers to the lists would keep them alive.  */
static void __attribute__ ((noinline))
clear_stack (void)
{
  volatile char area[32 * 1024];
  memset ((char *) area, 0, sizeof area);
  __asm__ volatile ("" : : "r" (area) : "memory");
}

static int __attribute__ ((noinline))
intact (SCM l)
{
  for (long i = 0; i < LENGTH; i++, l = scm_cdr (l))
    if (!scm_is_pair (l) || scm_to_long (scm_car (l)) != i)
      return 0;
  return scm_is_null (l);
}

int
main (void)
{
  SCM main_box, lib_box, lost[100];

  scm_init ();

  main_value = make_list (&main_box);
  holder_keep (make_list (&lib_box));
  for (int i = 0; i < 100; i++)
    make_list (&lost[i]);
  churn ();

  ok (scm_is_false (scm_weak_box_broken_p (main_box)) && intact (main_value),
      "a list held by a global of the main program survives collections");
  ok (scm_is_false (scm_weak_box_broken_p (lib_box)) && intact (holder_get ()),
      "a list held by a global of the embedder's shared library survives");
  int broken = 0;
  for (int i = 0; i < 100; i++)
    broken += scm_is_true (scm_weak_box_broken_p (lost[i]));
  /* A stale word on the C stack may keep one or two alive.  */
  ok (broken >= 90, "lists held by nothing are collected (%d of 100)",
      broken);

  /* The library left out: its global no longer keeps the list.  */
  ok (scm_c_gc_scan_library ("libholder", 0) == 0
      && !scm_c_gc_library_scanned_p ("libholder.so"),
      "the embedder's library can be left out of the root set");
  clear_stack ();
  churn ();
  clear_stack ();
  churn ();
  ok (scm_is_true (scm_weak_box_broken_p (lib_box)),
      "then what only its global held is collected");
  holder_keep (SCM_BOOL_F);
  return tap_done ();
}
