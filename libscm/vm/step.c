/* step.c -- stepping for a debugger: stops at the entries of Scheme
   procedures and the returns of the frames stepped in
   SPDX-License-Identifier: LGPL-3.0-or-later

   Nothing on the VM's fast path.  An entry: while a thread steps
   (vm->step_mode), its enter limit stays NULL, as it does for a step
   budget or a pending interrupt, so that every call of a closure takes
   ENTER's slow path, which calls scm_i_step_entered.  A return: when
   the thread stops in a frame and steps on, the frame's return address
   is replaced by a small heap block, [STEP_RETURN, the real address,
   the frame's procedure], so that its RETURN lands on STEP_RETURN,
   which reports the return and goes on at the real address.  The block
   carries everything needed to go on, so a frame left by an escape, or
   copied into a continuation and resumed long after, still returns
   where it should; the frame walks read through it
   (scm_i_frame_return_ip).  Frames are named to the handler by their
   offset in the stack, which a stack that grows by copying keeps.  */

#include "runtime/scm-internal.h"
#include "vm/vm-internal.h"
#include "compile/compile-internal.h" /* scm_i_is_prelude_file */

#include <libscm/eval.h>
#include <libscm/gc.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/pairs.h>
#include <libscm/numbers.h>

static scm_t_step_handler step_handler;

scm_t_step_handler
scm_c_set_step_handler (scm_t_step_handler h)
{
  scm_t_step_handler old = step_handler;
  step_handler = h;
  return old;
}

SCM
scm_c_step_frame (void)
{
  struct scm_i_vm *vm = scm_i_current_vm_if_any ();
  if (vm == NULL || vm->depth == 0 || vm->fp == NULL
      || vm->fp <= vm->stack + SCM_I_STACK_BOTTOM)
    return SCM_BOOL_F;
  return scm_from_size_t ((size_t) (vm->fp - vm->stack));
}

/* Make the frame at FP return through a STEP_RETURN block (once), whose
   procedure is now CLOSURE.  */
static void
watch_return (SCM *fp, SCM closure)
{
  scm_t_bits *ret = (scm_t_bits *) SCM_UNPACK (fp[-1]);
  if (ret[0] != scm_i_step_return_op)
    {
      scm_t_bits *block = scm_gc_malloc (3 * sizeof *block, "step return");
      block[0] = scm_i_step_return_op;
      block[1] = (scm_t_bits) ret;
      fp[-1] = SCM_PACK_POINTER (block);
      ret = block;
    }
  ret[2] = SCM_UNPACK (closure);
}

void
scm_c_step (int mode, SCM frame)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  if (mode != SCM_STEP_INTO && mode != SCM_STEP_OVER)
    mode = SCM_STEP_OFF;
  if (mode != SCM_STEP_OFF)
    {
      /* A frame of a run still going on: below the registers' sp.  */
      size_t off = scm_is_integer (frame) ? scm_to_size_t (frame) : 0;
      if (off < SCM_I_STACK_BOTTOM || vm->stack + off > vm->sp)
        scm_c_raise_error ("wrong-type-arg", "scm_c_step",
                           "not a frame of the running evaluation",
                           scm_list_1 (frame));
      /* The bottom frame (the C caller of the outermost run) returns
         nowhere a stop could show: only the entries remain.  */
      if (off == SCM_I_STACK_BOTTOM)
        {
          vm->step_frame = off;
          vm->step_mode = mode;
          scm_i_vm_refresh_enter_limit (vm);
          return;
        }
      SCM *fp = vm->stack + off;
      /* The frame's procedure: the closure of the frame above it, or
         the registers' if it is the innermost.  */
      SCM closure = vm->fp == fp ? vm->closure : SCM_BOOL_F;
      for (SCM *f = vm->fp; f > fp; f = scm_i_frame_caller (f))
        if (scm_i_frame_caller (f) == fp)
          closure = f[-2];
      watch_return (fp, closure);
      vm->step_frame = off;
    }
  vm->step_mode = mode;
  scm_i_vm_refresh_enter_limit (vm);
}

/* Stop: stepping off while HANDLER runs (it may turn it on again).  */
static void
stop (struct scm_i_vm *vm, int event, SCM proc, SCM values, SCM *fp)
{
  vm->step_mode = SCM_STEP_OFF;
  scm_i_vm_refresh_enter_limit (vm);
  scm_t_step_handler h = step_handler;
  if (h != NULL)
    h (event, proc, values, scm_from_size_t ((size_t) (fp - vm->stack)));
}

void
scm_i_step_entered (struct scm_i_vm *vm)
{
  SCM *fp = vm->fp;
  if (vm->step_mode == SCM_STEP_OVER
      && (size_t) (fp - vm->stack) > vm->step_frame)
    return;
  /* The prelude's procedures (apply, map...) are stepped through, as
     backtraces leave them out; what they call is not.  */
  if (scm_i_is_prelude_file (SCM_CELL_OBJECT (SCM_I_CLOSURE_CODE (vm->closure),
                                              SCM_I_CODE_FILE)))
    return;
  SCM args = SCM_EOL;
  for (SCM *p = vm->sp; p-- > fp;)
    args = scm_cons (*p, args);
  /* Seen from past ENTER, where the parameters are the frame's locals
     (the debug data's ranges start there).  */
  vm->ip = scm_i_code_entry (SCM_I_CLOSURE_CODE (vm->closure))
    + SCM_I_ENTER_WORDS + 1;
  stop (vm, SCM_STEP_ENTRY, vm->closure, args, fp);
}

void
scm_i_step_returned (struct scm_i_vm *vm, SCM *fp, SCM proc, SCM value)
{
  if (vm->step_mode == SCM_STEP_OVER
      && (size_t) (fp - vm->stack) > vm->step_frame)
    return;
  SCM values = SCM_EOL;
  for (size_t i = scm_c_nvalues (value); i-- > 0;)
    values = scm_cons (scm_c_value_ref (value, i), values);
  stop (vm, SCM_STEP_RETURN, proc, values, vm->fp);
}
