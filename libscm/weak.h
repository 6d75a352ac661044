/* weak.h -- weak boxes: a reference that does not keep its object alive
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_WEAK_H
#define SCM_WEAK_H

#include <libscm/scm.h>

static inline int
scm_is_weak_box (SCM x)
{
  return scm_has_tc8 (x, scm_tc8_weak_box);
}

/* A new weak box holding OBJ, which it does not keep alive.  */
SCM_API SCM scm_make_weak_box (SCM obj);
/* The object in weak box BOX, or #f once the collector has found it
   unreachable.  Raises wrong-type-arg for anything but a weak box.  */
SCM_API SCM scm_weak_box_ref (SCM box);
SCM_API SCM scm_weak_box_p (SCM obj);
SCM_API SCM scm_weak_box_broken_p (SCM box);

#endif /* SCM_WEAK_H */
