/* throw.c -- raising, and catching in C: the C side of exceptions
   SPDX-License-Identifier: LGPL-3.0-or-later

   Scheme handlers (with-exception-handler, guard) are prelude code on
   the VM's handler list (control.c).  A C catch (scm_c_catch_raise) is a
   setjmp frame on the C stack, linked from the VM; it receives what is
   raised inside it while no Scheme handler installed inside it
   applies.  Raising from C (scm_raise) therefore either goes back into
   the innermost VM activation, to call the Scheme `raise' on top of the
   code that failed, or longjmps to the innermost C catch after running
   the after thunks in between.  Interrupts and exit requests always
   take the second way: no Scheme handler can stop them.  */

#include "runtime/scm-internal.h"
#include "runtime/instance-internal.h"
#include "vm/vm-internal.h"
#include "runtime/conditions-internal.h"
#include "runtime/jump-internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <libscm/throw.h>
#include <libscm/conditions.h>
#include <libscm/eval.h>
#include <libscm/symbols.h>

struct catch_frame
{
  scm_i_jump_point jmp;
  struct catch_frame *prev;
  /* What the frame catches: #t, everything; a symbol, the objects
     whose throw key it is (see scm_i_throw_key).  */
  SCM tag;
  /* Guile's pre-unwind handler: called with the key and arguments on
     top of the raise, before the after thunks run.  */
  scm_t_catch_handler pre_unwind;
  void *pre_unwind_data;
  int in_pre_unwind;            /* a raise from the pre-unwind handler */
  SCM raised;
  /* While after thunks run for a raise to this catch: the wind list
     when they started (SCM_UNDEFINED before).  */
  SCM unwinding_from;
  struct scm_i_vm_state vm;     /* the VM's state at the catch */
};

static int
frame_matches (struct catch_frame *c, SCM obj)
{
  return scm_is_eq (c->tag, SCM_BOOL_T)
    || scm_is_eq (c->tag, scm_i_throw_key (obj));
}

/* The innermost C catch that takes OBJ, or NULL.  */
static struct catch_frame *
catching_frame (struct scm_i_vm *vm, SCM obj)
{
  struct catch_frame *c = vm->catch_top;
  while (c != NULL && !frame_matches (c, obj))
    c = c->prev;
  return c;
}

/* Run BODY (BODY_DATA) under a catch frame for TAG; on a raise that
   reaches the frame, store the object in *RAISED and return
   SCM_UNDEFINED with the VM put back as it was at the catch.  */
static SCM
run_catch (SCM tag, scm_t_catch_body body, void *body_data,
           scm_t_catch_handler pre_unwind, void *pre_unwind_data,
           SCM *raised)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  struct catch_frame frame;
  SCM result;

  frame.prev = vm->catch_top;
  frame.tag = tag;
  frame.pre_unwind = pre_unwind;
  frame.pre_unwind_data = pre_unwind_data;
  frame.in_pre_unwind = 0;
  frame.raised = SCM_UNDEFINED;
  frame.unwinding_from = SCM_UNDEFINED;
  scm_i_vm_save (&frame.vm);
  if (SCM_I_SET_JUMP_POINT (frame.jmp) == 0)
    {
      vm->catch_top = &frame;
      result = body (body_data);
      vm->catch_top = frame.prev;
      return result;
    }
  /* Raised: the after thunks have run; put the VM back as it was at
     the catch (activations and catches made since are gone) before the
     handler, which may raise in turn.  The frames of the body and of
     the raise, now dead, lie where the handler's will be: clear them,
     so that their stale pointers (to the data that filled the heap,
     after an out-of-memory error) keep nothing alive.  */
  scm_i_clear_dead_stack ();
  vm->catch_top = frame.prev;
  scm_i_vm_restore (&frame.vm);
  *raised = frame.raised;
  /* Back in C after a raise: the output made so far goes before what
     the host prints next, as after a normal return (vm.c).  */
  if (vm->depth == 0)
    scm_i_flush_stdout_at_return (0);
  return SCM_UNDEFINED;
}

SCM
scm_c_catch_raise (scm_t_catch_body body, void *body_data,
                   scm_t_raise_handler handler, void *handler_data)
{
  SCM raised = SCM_UNDEFINED;
  SCM result = run_catch (SCM_BOOL_T, body, body_data, NULL, NULL, &raised);
  if (SCM_UNBNDP (raised))
    return result;
  return handler (handler_data, raised);
}

SCM
scm_c_catch (SCM tag, scm_t_catch_body body, void *body_data,
             scm_t_catch_handler handler, void *handler_data,
             scm_t_catch_handler pre_unwind_handler,
             void *pre_unwind_handler_data)
{
  if (!scm_is_eq (tag, SCM_BOOL_T) && !scm_is_symbol (tag))
    scm_wrong_type_arg_msg ("scm_c_catch", 1, tag, "symbol or #t");
  SCM raised = SCM_UNDEFINED;
  SCM result = run_catch (tag, body, body_data, pre_unwind_handler,
                          pre_unwind_handler_data, &raised);
  if (SCM_UNBNDP (raised))
    return result;
  return handler (handler_data, scm_i_throw_key (raised),
                  scm_i_throw_args (raised));
}

SCM
scm_internal_catch (SCM tag, scm_t_catch_body body, void *body_data,
                    scm_t_catch_handler handler, void *handler_data)
{
  return scm_c_catch (tag, body, body_data, handler, handler_data,
                      NULL, NULL);
}

SCM
scm_i_handlers_for (struct scm_i_vm *vm, SCM obj)
{
  if (scm_i_uncatchable_p (obj) || !scm_is_pair (vm->handlers))
    return SCM_BOOL_F;
  /* The Scheme handlers installed inside the catch that is to take
     OBJ come first; with none, OBJ goes to that catch.  */
  struct catch_frame *c = catching_frame (vm, obj);
  if (c != NULL && scm_is_eq (vm->handlers, c->vm.handlers))
    return SCM_BOOL_F;
  return vm->handlers;
}

/* A raise to catch FRAME, made outside any run, leaves the top-level
   activation: its wind list must end in the activation's own entries
   for the unwinding to reach FRAME's.  */
static void
leave_toplevel_for (struct scm_i_vm *vm, struct catch_frame *frame)
{
  if (frame->vm.depth != 0 || vm->act == NULL)
    return;
  struct scm_i_activation *outer = vm->act;
  while (outer->prev != NULL)
    outer = outer->prev;
  if (outer->toplevel)
    scm_i_reroot_winders (vm, outer);
}

void
scm_i_raise_to_c (SCM obj)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  struct catch_frame *frame = catching_frame (vm, obj);

  if (frame == NULL)
    scm_fatal ("uncaught exception: %s", scm_i_condition_text (obj));
  /* Guile's pre-unwind handler sees the raise before anything unwinds;
     what it raises itself goes on to the catch without calling it
     again.  */
  if (frame->pre_unwind != NULL && !frame->in_pre_unwind)
    {
      frame->in_pre_unwind = 1;
      frame->pre_unwind (frame->pre_unwind_data, scm_i_throw_key (obj),
                         scm_i_throw_args (obj));
      frame->in_pre_unwind = 0;
    }
  /* The after thunks run on top of the code that raised, with this
     catch's handlers: what they raise comes back here and goes on
     unwinding from where they stopped.  emergency-exit runs none, and
     neither does a raise that finds the C stack nearly exhausted (an
     after thunk that keeps failing, memory exhausted while unwinding):
     the catch gets control rather than the process crashing.  Nor
     does a raise from the unwinding itself that comes before any after
     thunk has been popped (%wind-to failing to start, out of memory):
     trying again would fail the same way, for ever.  Whichever way,
     the C unwind handlers between here and the catch all run, from C
     if the after thunks could not: they put back C state (the
     expander's pending changes, the instance a thread is in, a port's
     lock) that must not outlive the C frames it was made for.  */
  leave_toplevel_for (vm, frame);
  if (!scm_is_eq (vm->winders, frame->vm.winders)
      && !scm_is_eq (vm->winders, frame->unwinding_from)
      && !scm_is_emergency_exit_request (obj)
      && !scm_i_limit_abort_p (obj)
      && !scm_i_c_stack_low_p ())
    {
      frame->unwinding_from = vm->winders;
      vm->handlers = frame->vm.handlers;
      scm_i_unwind_to (frame->vm.winders);
    }
  scm_i_unwind_c_handlers_to (frame->vm.winders);
  frame->raised = obj;
  scm_i_jump (vm, &frame->jmp);
}

void
scm_raise (SCM obj)
{
  struct scm_i_vm *vm = scm_i_current_vm ();

  scm_i_vm_annotate (obj);
  if (vm->act != NULL && scm_is_true (scm_i_handlers_for (vm, obj))
      && scm_is_true (scm_i_raise_procedure ()))
    {
      /* Back into the innermost activation, which calls the Scheme
         raise where the code that failed stopped (its registers were
         synced): the handler runs with no C frame above the VM's.  */
      vm->resume = SCM_I_RESUME_RAISE;
      vm->resume_vals = obj;
      scm_i_jump (vm, &vm->act->jmp);
    }
  scm_i_raise_to_c (obj);
}

/* ------------------------------------------------------------------ */
/* The fatal-error hook.  */

/* The default hook is the one place where the library ends the
   process: it runs only when nothing can catch the condition.  */
static void SCM_NORETURN
default_fatal_hook (const char *message)
{
  fprintf (stderr, "libscm: fatal error: %s\n", message);
  fflush (stderr);
  abort ();
}

static scm_t_fatal_hook fatal_hook = default_fatal_hook;

scm_t_fatal_hook
scm_set_fatal_hook (scm_t_fatal_hook hook)
{
  scm_t_fatal_hook old = fatal_hook;
  fatal_hook = hook != NULL ? hook : default_fatal_hook;
  return old;
}

void
scm_fatal (const char *fmt, ...)
{
  char message[1024];
  va_list ap;

  va_start (ap, fmt);
  vsnprintf (message, sizeof message, fmt, ap);
  va_end (ap);
  /* The hook may end the process without exit's clean-up (_exit,
     abort): what Scheme wrote must not be lost with it.  */
  scm_i_flush_all_output ();
  fatal_hook (message);
  /* A hook that returns breaks its contract; stop here regardless.  */
  default_fatal_hook (message);
}
