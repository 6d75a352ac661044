/* weak.c -- weak boxes
   SPDX-License-Identifier: LGPL-3.0-or-later

   A weak box is two words, header and object, allocated atomic: the
   collector does not scan it, so the box does not keep its object
   alive, and a disappearing link on the second word clears it (to 0,
   which is no SCM value, read back as #f) when the collector finds the
   object unreachable.  Immediates and static constants never become
   unreachable and get no link.  libgc clears such links before it
   marks what finalizable objects reach, so a box is broken even if a
   guardian or finalizer later brings its object back.  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"

#include <libscm/conditions.h>
#include <libscm/weak.h>

SCM_DEFINE (scm_make_weak_box, "make-weak-box", 1, 0, 0, (SCM obj),
            "Return a new weak box holding @var{obj}: a reference that "
            "does not keep @var{obj} alive.")
{
  scm_t_bits *box = scm_i_alloc_atomic (2 * sizeof (scm_t_bits));
  box[0] = SCM_MAKE_HEADER (scm_tc8_weak_box, 0, 0);
  box[1] = SCM_UNPACK (obj);
  if (SCM_HEAP_OBJECT_P (obj)
      && GC_base (SCM_UNPACK_POINTER (obj)) == SCM_UNPACK_POINTER (obj)
      && GC_GENERAL_REGISTER_DISAPPEARING_LINK ((void **) &box[1],
                                                SCM_UNPACK_POINTER (obj))
         == GC_NO_MEMORY)
    scm_out_of_memory ("make-weak-box", sizeof (void *));
  return SCM_PACK_POINTER (box);
}

static void *
read_word (void *p)
{
  return (void *) *(scm_t_bits *) p;
}

static SCM
box_value (SCM box, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_weak_box (box), box, 1, who, "weak box");
  /* Under libgc's lock, as it asks: an incremental collection may have
     found the object unreachable but not yet cleared the link, and a
     read then would make a pointer it does not know about.  */
  scm_t_bits w = (scm_t_bits) GC_call_with_alloc_lock
    (read_word, &SCM_UNPACK_POINTER (box)[1]);
  scm_i_keep_alive (box);
  return w == 0 ? SCM_UNDEFINED : SCM_PACK (w);
}

SCM_DEFINE (scm_weak_box_ref, "weak-box-value", 1, 0, 0, (SCM box),
            "Return the object in weak box @var{box}, or @code{#f} if "
            "the collector has found it unreachable.")
{
  SCM v = box_value (box, "weak-box-value");
  return SCM_UNBNDP (v) ? SCM_BOOL_F : v;
}

SCM_DEFINE (scm_weak_box_p, "weak-box?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a weak box.")
{
  return scm_from_bool (scm_is_weak_box (obj));
}

SCM_DEFINE (scm_weak_box_broken_p, "weak-box-broken?", 1, 0, 0, (SCM box),
            "Return @code{#t} if the object of weak box @var{box} has "
            "been collected (so that @code{#f} in a box can be told from "
            "a broken box).")
{
  return scm_from_bool (SCM_UNBNDP (box_value (box, "weak-box-broken?")));
}

void
scm_init_weak (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "gc/weak.x"
#endif
}
