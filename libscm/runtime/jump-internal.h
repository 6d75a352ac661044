/* jump-internal.h -- the library's non-local exits in C, in one place:
   where a setjmp may be taken and the one way to longjmp to it
   SPDX-License-Identifier: LGPL-3.0-or-later

   No other file includes <setjmp.h>.  Three kinds of jump point exist,
   each a scm_i_jump_point inside a structure on the C stack:

   - a C catch (runtime/throw.c, struct catch_frame): scm_c_catch_raise
     and the catches built on it.  A raise that no Scheme handler
     inside the catch takes, an interrupt, an exceeded limit or an exit
     request jumps there (throw.c: after running the after thunks in
     between, or the C unwind handlers only);
   - an activation of the VM (vm/vm.c, struct scm_i_activation, set by
     the entry from C): a continuation of an enclosing activation, or a
     raise that must run the Scheme `raise' in it, jumps there
     (runtime/control.c, throw.c), with vm->resume saying why;
   - the entry of a segment of C stack (runtime/c-stack.c): a jump from
     code running on a segment to a point outside it lands on the
     segment's entry first, which returns from the segment normally
     and jumps again from the old stack.

   Every jump goes through scm_i_jump, which does that last part, so
   that libgc and the VM never see a stack that is gone.  A jump point
   is taken with SCM_I_SET_JUMP_POINT, which returns 0 when taken and
   nonzero when jumped to (it is setjmp: it must be called directly in
   the frame that stays alive while the point may be jumped to).  */

#ifndef SCM_JUMP_INTERNAL_H
#define SCM_JUMP_INTERNAL_H

#include "runtime/scm-internal.h"

#include <setjmp.h>

struct scm_i_vm;

typedef jmp_buf scm_i_jump_point;

#define SCM_I_SET_JUMP_POINT(point) setjmp (point)

/* Jump to TARGET, a point in a frame that is still alive, by way of
   the entries of the C-stack segments between here and there
   (c-stack.c).  */
SCM_INTERNAL void scm_i_jump (struct scm_i_vm *vm, scm_i_jump_point *target)
  SCM_NORETURN;

#endif /* SCM_JUMP_INTERNAL_H */
