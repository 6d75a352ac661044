/* control.c -- continuations and the dynamic state: call/cc, escape
   continuations, the wind list, exception handlers, parameters, and
   the C API for cleaning up when control leaves a C function
   SPDX-License-Identifier: LGPL-3.0-or-later

   A continuation is a copy of the VM stack, made incrementally: the
   part of the stack that an earlier capture copied, and that has not
   run since, is shared as a chain of immutable stack segments, so a
   capture copies only the frames pushed since (see doc/internals.md
   "Continuations").  An escape-only continuation copies nothing: it
   names a tagged frame header on the stack and is valid while that
   header is there.  The dynamic state (wind list, handlers,
   parameterization) is three persistent lists in the VM, which a
   continuation captures by reference.

   The procedures built on this -- dynamic-wind, with-exception-handler,
   raise, guard, parameterize -- are Scheme code in the prelude, so that
   none of them puts a C frame between Scheme frames.  */

#include "runtime/scm-internal.h"
#include "image/image-internal.h"
#include "vm/vm-internal.h"
#include "runtime/conditions-internal.h"
#include "runtime/init-internal.h"

#include <stdlib.h>
#include <string.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/eval.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/strings.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>
#include <libscm/throw.h>
#include <libscm/vectors.h>

SCM_SYMBOL (sym_exception, "%exception");
SCM_SYMBOL (sym_error, "error");
SCM_SYMBOL (sym_raise, "raise");

/* ------------------------------------------------------------------ */
/* Stack segments: header (scm_tc8_vm_object, flags VMOBJ_SEGMENT,
   payload = slots), the stack offset of the first slot, the segment
   below (or #f), then the copied slots.  A segment never changes.  The
   chain below a segment S covers the stack from the activation's base
   up to S's start.  */

#define VMOBJ_SEGMENT 0
#define VMOBJ_C_WINDER 1

#define SEG_START(s) ((size_t) SCM_CELL_WORD (s, 1))
#define SEG_PARENT(s) SCM_CELL_OBJECT (s, 2)
#define SEG_SLOTS(s) ((SCM *) SCM_UNPACK_POINTER (s) + 3)
#define SEG_COUNT(s) ((size_t) SCM_OBJ_PAYLOAD (s))

static SCM
make_segment (size_t start, SCM parent, const SCM *from, size_t n)
{
  if (n > SCM_HEADER_MAX_PAYLOAD)
    scm_out_of_memory ("call-with-current-continuation", n * sizeof (SCM));
  SCM s = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_vm_object,
                                              VMOBJ_SEGMENT, n), 3 + n);
  SCM_SET_CELL_WORD (s, 1, (scm_t_bits) start);
  SCM_SET_CELL_OBJECT (s, 2, parent);
  memcpy (SEG_SLOTS (s), from, n * sizeof (SCM));
  return s;
}

/* The segment that holds the slot just below END in the chain from S:
   S itself unless END lies at or below S's start.  */
static SCM
normalize (SCM s, size_t end)
{
  while (scm_is_true (s) && end <= SEG_START (s))
    s = SEG_PARENT (s);
  return s;
}

/* ------------------------------------------------------------------ */
/* Continuations: header (scm_tc8_continuation, flags), the id of the
   activation it belongs to, its top (a stack offset: it returns
   through the frame header just below), its segment chain (or, for an
   escape continuation, its tag), then the dynamic state: winders,
   handlers, parameterization; last, for a full continuation captured
   in a top-level evaluation, that evaluation's entry list (below).

   Top-level continuations.  Top-level evaluations all start on an
   empty stack, so that a continuation captured in one can be laid
   back in a later one (scm_i_continuation_target): the rest of the
   earlier evaluation runs, and its value is the later one's.  But the
   wind list it captured ends in the entries that the C code around the
   earlier evaluation pushed (scm_eval's dynwind context, an
   embedder's), which ended with that C code; the later evaluation has
   its own.  So such a continuation keeps its evaluation's entry list
   (K_BASE), and an activation knows the list its run ends in
   (running_base: its own entry list until such a continuation is laid
   back).  Resuming K where the run ends in another list winds to K's
   entries copied onto the run's list (made once, and kept in the VM
   for the VM's second call of K after %continue, which must find the
   wind list equal to the same target to go on), which unwinds only
   what the run pushed and winds K's entries back in; then the wind
   list becomes K's own (the frames laid back refer to it) and the
   run ends in K_BASE.  As control leaves the activation, by a return
   or a raise to a C catch outside it, scm_i_reroot_winders puts the
   activation's own entry list back under what is left, so that its
   C code's entries unwind as they should and the dead ones never
   run.  */

#define K_ESCAPE 0x01           /* escape-only */
#define K_TOPLEVEL 0x02         /* captured in a top-level evaluation */

#define K_FLAGS(k) SCM_OBJ_FLAGS (k)
#define K_ACT(k) ((uint64_t) SCM_CELL_WORD (k, 1))
#define K_TOP(k) ((size_t) SCM_CELL_WORD (k, 2))
#define K_SEG(k) SCM_CELL_OBJECT (k, 3)
#define K_WINDERS(k) SCM_CELL_OBJECT (k, 4)
#define K_HANDLERS(k) SCM_CELL_OBJECT (k, 5)
#define K_PARAMS(k) SCM_CELL_OBJECT (k, 6)
#define K_BASE(k) SCM_CELL_OBJECT (k, 7)

/* A full continuation captured in a top-level evaluation.  */
static inline int
is_toplevel_full (SCM k)
{
  return (K_FLAGS (k) & (K_TOPLEVEL | K_ESCAPE)) == K_TOPLEVEL;
}

/* Inline: a capture is on the path of every call/cc and guard.  */
static inline __attribute__ ((always_inline)) SCM
make_continuation (struct scm_i_vm *vm, int flags, size_t top, SCM seg)
{
  if (vm->act->toplevel)
    flags |= K_TOPLEVEL;
  SCM k = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_continuation,
                                              flags, 0), 8);
  vm->winders_captures++;       /* K keeps the wind list */
  SCM_SET_CELL_WORD (k, 1, (scm_t_bits) vm->act->id);
  SCM_SET_CELL_WORD (k, 2, (scm_t_bits) top);
  SCM_SET_CELL_OBJECT (k, 3, seg);
  SCM_SET_CELL_OBJECT (k, 4, vm->winders);
  SCM_SET_CELL_OBJECT (k, 5, vm->handlers);
  SCM_SET_CELL_OBJECT (k, 6, vm->params);
  SCM_SET_CELL_OBJECT (k, 7, vm->act->running_base);
  return k;
}

SCM
scm_i_capture (struct scm_i_vm *vm, SCM *ktop)
{
  size_t w = (size_t) (vm->frozen_top - vm->stack);
  size_t top = (size_t) (ktop - vm->stack);
  SCM seg = normalize (vm->frozen, w);
  /* Only what lies above frozen_top is new; below it the live stack is
     what the chain already holds.  */
  if (top > w)
    seg = make_segment (w, seg, vm->stack + w, top - w);
  SCM k = make_continuation (vm, 0, top, seg);
  vm->frozen = seg;
  vm->frozen_top = vm->stack + top;
  return k;
}

SCM
scm_i_capture_escape (struct scm_i_vm *vm, SCM *ktop)
{
  /* Its own tag: a separate tag object cost 16 bytes a guard.  */
  SCM k = make_continuation (vm, K_ESCAPE, (size_t) (ktop - vm->stack),
                             SCM_BOOL_F);
  SCM_SET_CELL_OBJECT (k, 3, k);
  return k;
}

static void SCM_NORETURN
barrier_error (SCM k)
{
  if (K_FLAGS (k) & K_ESCAPE)
    scm_c_raise_error ("continuation-barrier", NULL,
                       "escape continuation called outside its dynamic "
                       "extent", SCM_EOL);
  scm_c_raise_error ("continuation-barrier", NULL,
                     "continuation called after the C call it was captured "
                     "in has returned (it would re-enter a C frame that is "
                     "gone: Scheme called from C, by a primitive or "
                     "scm_call_n)", SCM_EOL);
}

struct scm_i_activation *
scm_i_continuation_target (struct scm_i_vm *vm, SCM k)
{
  struct scm_i_activation *a = vm->act;
  while (a != NULL && a->id != K_ACT (k))
    a = a->prev;
  if (a == NULL && (K_FLAGS (k) & K_TOPLEVEL))
    {
      /* Top-level evaluations all start on an empty stack at depth 1:
         one's frames can be laid back in another's.  */
      struct scm_i_activation *outer = vm->act;
      while (outer != NULL && outer->prev != NULL)
        outer = outer->prev;
      if (outer != NULL && outer->toplevel)
        a = outer;
    }
  if (a == NULL)
    barrier_error (k);
  if (K_FLAGS (k) & K_ESCAPE)
    {
      /* The escape point is live while its tagged header is on the
         stack below the top.  */
      size_t top = K_TOP (k);
      if (top + SCM_I_FRAME_HEADER > (size_t) (vm->sp - vm->stack)
          || !scm_is_eq (vm->stack[top + 1], K_SEG (k)))
        barrier_error (k);
    }
  return a;
}

static long winders_depth (SCM ws);

/* Wind list WS with its tail OLD_BASE replaced by NEW_BASE: the entries
   above OLD_BASE copied, their depths renumbered from NEW_BASE's.  WS
   itself if OLD_BASE is not its tail.  */
static SCM
rebase_winders (SCM ws, SCM old_base, SCM new_base)
{
  SCM above = SCM_EOL, w;
  /* The copies share the entries' C winders.  */
  scm_i_current_vm ()->winders_captures++;
  for (w = ws; scm_is_pair (w) && !scm_is_eq (w, old_base); w = SCM_CDR (w))
    above = scm_cons (SCM_CAR (w), above);
  if (!scm_is_eq (w, old_base))
    return ws;
  SCM r = new_base;
  long depth = winders_depth (new_base);
  for (; scm_is_pair (above); above = SCM_CDR (above))
    {
      SCM e = scm_vector_copy (SCM_CAR (above), SCM_UNDEFINED, SCM_UNDEFINED);
      SCM_VECTOR_SET (e, 2, SCM_MAKE_FIXNUM (++depth));
      r = scm_cons (e, r);
    }
  return r;
}

/* The wind list to wind to before K is laid back in activation A.  */
static SCM
wind_target (struct scm_i_vm *vm, struct scm_i_activation *a, SCM k)
{
  if (SCM_LIKELY (scm_is_eq (K_BASE (k), a->running_base))
      || !is_toplevel_full (k) || !a->toplevel)
    return K_WINDERS (k);
  if (!scm_is_eq (vm->rebased_k, k)
      || !scm_is_eq (vm->rebased_onto, a->running_base))
    {
      vm->rebased_winders = rebase_winders (K_WINDERS (k), K_BASE (k),
                                            a->running_base);
      vm->rebased_k = k;
      vm->rebased_onto = a->running_base;
    }
  return vm->rebased_winders;
}

int
scm_i_continuation_same_winders (struct scm_i_vm *vm,
                                 struct scm_i_activation *target, SCM k)
{
  return scm_is_eq (vm->winders, wind_target (vm, target, k));
}

void
scm_i_reroot_winders (struct scm_i_vm *vm, struct scm_i_activation *act)
{
  if (!scm_is_eq (act->running_base, act->base_winders))
    {
      vm->winders = rebase_winders (vm->winders, act->running_base,
                                    act->base_winders);
      act->running_base = act->base_winders;
    }
}

void
scm_i_continuation_jump (struct scm_i_vm *vm, struct scm_i_activation *target,
                         SCM k, SCM vals)
{
  /* TARGET's frozen state is what the activation it called saved.  */
  struct scm_i_activation *child = vm->act;
  while (child->prev != target)
    child = child->prev;
  vm->frozen_top = vm->stack + child->saved_frozen_top;
  vm->frozen = child->saved_frozen;
  vm->resume = SCM_I_RESUME_CONTINUATION;
  vm->resume_k = k;
  vm->resume_vals = vals;
  scm_i_jump (vm, &target->jmp);
}

/* The highest stack offset up to which the chains (A, EA) and (B, EB)
   hold the same slots: where they share a segment.  0 if nowhere.  */
static size_t
common_top (SCM a, size_t ea, SCM b, size_t eb)
{
  a = normalize (a, ea);
  b = normalize (b, eb);
  while (scm_is_true (a) && scm_is_true (b))
    {
      if (scm_is_eq (a, b))
        return ea < eb ? ea : eb;
      if (SEG_START (a) >= SEG_START (b))
        {
          ea = SEG_START (a);
          a = normalize (SEG_PARENT (a), ea);
        }
      else
        {
          eb = SEG_START (b);
          b = normalize (SEG_PARENT (b), eb);
        }
    }
  return 0;
}

SCM *
scm_i_reinstate (struct scm_i_vm *vm, SCM k)
{
  size_t top = K_TOP (k);
  size_t old_sp = (size_t) (vm->sp - vm->stack);
  size_t kept = top;            /* the frames below are the same */

  if (K_FLAGS (k) & K_ESCAPE)
    {
      /* The frames below the escape point are live as they are.  */
      if (vm->frozen_top > vm->stack + top)
        vm->frozen_top = vm->stack + top;
    }
  else
    {
      scm_i_reserve_stack (vm, vm->stack + top + 8);
      size_t live = common_top (K_SEG (k), top, vm->frozen,
                                (size_t) (vm->frozen_top - vm->stack));
      size_t end = top;
      for (SCM s = K_SEG (k); scm_is_true (s) && end > live;
           s = SEG_PARENT (s))
        {
          size_t start = SEG_START (s);
          size_t from = start > live ? start : live;
          if (end > from)
            memcpy (vm->stack + from, SEG_SLOTS (s) + (from - start),
                    (end - from) * sizeof (SCM));
          end = start;
        }
      vm->frozen = K_SEG (k);
      vm->frozen_top = vm->stack + top;
      kept = live;
    }
  /* What lay above is garbage now: keep it from holding objects, and
     forget its charges.  The frames a full continuation lays back go
     uncharged (theirs were dropped when they were left): an
     undercount, never a charge left from a frame that is gone.  */
  scm_i_vm_drop_charges (vm, vm->stack + kept);
  if (old_sp > top)
    scm_i_vm_discard_slots (vm->stack + top, vm->stack + old_sp);
  vm->winders = K_WINDERS (k);
  if (is_toplevel_full (k) && vm->act->toplevel)
    vm->act->running_base = K_BASE (k);
  vm->handlers = K_HANDLERS (k);
  vm->params = K_PARAMS (k);
  vm->sp = vm->stack + top;
  scm_i_check_overflow_reserve (vm);
  return vm->sp;
}

/* ------------------------------------------------------------------ */
/* The prelude's procedures that C calls.  */

/* #f until the prelude is loaded (scm_init_control sets them so).  */
static SCM continue_procedure;
static SCM raise_procedure;
static SCM wind_to_procedure;

SCM scm_i_continue_procedure (void) { return continue_procedure; }
SCM scm_i_raise_procedure (void) { return raise_procedure; }

void
scm_i_init_control_procedures (void)
{
  continue_procedure = SCM_CELL_OBJECT (scm_c_lookup ("%continue"), 1);
  raise_procedure = SCM_CELL_OBJECT (scm_c_lookup ("raise"), 1);
  wind_to_procedure = SCM_CELL_OBJECT (scm_c_lookup ("%wind-to"), 1);
}

void
scm_i_unwind_to (SCM winders)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  if (!scm_is_eq (vm->winders, winders) && scm_is_true (wind_to_procedure))
    scm_call_1 (wind_to_procedure, winders);
}

/* ------------------------------------------------------------------ */
/* Primitives of the prelude's control procedures.  Their names start
   with `%': they are not for programs.  */

#define vm_of_caller scm_i_current_vm

SCM_DEFINE_STATIC (winders, "%winders", 0, 0, 0, (void),
                   "Return the wind list of this thread: the entries of the "
                   "@code{dynamic-wind}s whose extent control is in, innermost "
                   "first.")
{
  struct scm_i_vm *vm = vm_of_caller ();
  vm->winders_captures++;       /* Scheme may keep it */
  return vm->winders;
}

SCM_DEFINE_STATIC (set_winders_x, "%set-winders!", 1, 0, 0, (SCM ws),
                   "Make @var{ws} the wind list of this thread.")
{
  vm_of_caller ()->winders = ws;
  return SCM_UNSPECIFIED;
}

/* A wind entry is a vector #(BEFORE AFTER DEPTH HANDLERS PARAMS):
   the thunks (or C winders, or #f), how many entries lie below it, and
   the handlers and parameterization the thunks run with.  */
static SCM
push_winder (SCM before, SCM after)
{
  struct scm_i_vm *vm = vm_of_caller ();
  long depth = scm_is_pair (vm->winders)
    ? SCM_FIXNUM_VALUE (SCM_VECTOR_REF (SCM_CAR (vm->winders), 2)) + 1 : 1;
  /* Made directly, not by scm_c_make_vector (whose size checks and
     polls cost 250 instructions): every C boundary pushes two.  */
  SCM e = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_vector, 0, 5), 6);
  SCM_VECTOR_SET (e, 0, before);
  SCM_VECTOR_SET (e, 1, after);
  SCM_VECTOR_SET (e, 2, SCM_MAKE_FIXNUM (depth));
  SCM_VECTOR_SET (e, 3, vm->handlers);
  SCM_VECTOR_SET (e, 4, vm->params);
  SCM ws = scm_cons (e, vm->winders);
  vm->winders = ws;
  return ws;
}

SCM_DEFINE_STATIC (push_winder_x, "%push-winder!", 2, 0, 0,
                   (SCM before, SCM after),
                   "Push a wind entry for thunks @var{before} and "
                   "@var{after} on this thread's wind list.")
{
  push_winder (before, after);
  return SCM_UNSPECIFIED;
}

static long
winders_depth (SCM ws)
{
  return scm_is_pair (ws)
    ? SCM_FIXNUM_VALUE (SCM_VECTOR_REF (SCM_CAR (ws), 2)) : 0;
}

SCM_DEFINE_STATIC (common_winders, "%common-winders", 2, 0, 0, (SCM a, SCM b),
                   "Return the longest wind list that both @var{a} and "
                   "@var{b} end with.")
{
  long da = winders_depth (a), db = winders_depth (b);
  for (; da > db; da--)
    a = SCM_CDR (a);
  for (; db > da; db--)
    b = SCM_CDR (b);
  while (!scm_is_eq (a, b))
    {
      a = SCM_CDR (a);
      b = SCM_CDR (b);
    }
  return a;
}

SCM_DEFINE_STATIC (run_c_winder, "%run-c-winder", 1, 0, 0, (SCM w),
                   "Run the C function of the C wind handler @var{w} (one "
                   "that @code{scm_dynwind_unwind_handler} registered).")
{
  if (scm_has_tc8 (w, scm_tc8_vm_object)
      && SCM_OBJ_FLAGS (w) == VMOBJ_C_WINDER)
    {
      void (*fn) (void *) = (void (*) (void *)) SCM_CELL_WORD (w, 1);
      fn ((void *) SCM_CELL_WORD (w, 2));
    }
  return SCM_UNSPECIFIED;
}

/* Leave wind entry E, which is off the wind list already: run its C
   unwind handler, if it has one, with the handlers and
   parameterization of its dynamic-wind (as %run-winder-thunk does for
   an after thunk).  */
static void
leave_c_entry (struct scm_i_vm *vm, SCM e)
{
  SCM after = SCM_VECTOR_REF (e, 1);
  if (!scm_has_tc8 (after, scm_tc8_vm_object))
    return;
  vm->handlers = SCM_VECTOR_REF (e, 3);
  vm->params = SCM_VECTOR_REF (e, 4);
  run_c_winder (after);
}

SCM_DEFINE_STATIC (pop_winder_x, "%pop-winder!", 0, 0, 0, (void),
                   "Take the innermost entry off this thread's wind list and "
                   "return its @code{after} thunk for the caller to run; if "
                   "the entry has a C unwind handler, run it here and return "
                   "@code{#f}.")
{
  /* One primitive, so that no interrupt check comes between taking a
     C handler's entry off and running it: a raise there would lose the
     handler, whose C state (the expander's pending changes, an
     instance stay, a port's lock) would outlive its C frames.  */
  struct scm_i_vm *vm = vm_of_caller ();
  if (!scm_is_pair (vm->winders))
    return SCM_BOOL_F;
  SCM e = SCM_CAR (vm->winders);
  vm->winders = SCM_CDR (vm->winders);
  SCM after = SCM_VECTOR_REF (e, 1);
  if (scm_is_true (scm_procedure_p (after)))
    return after;
  leave_c_entry (vm, e);
  return SCM_BOOL_F;
}

void
scm_i_unwind_c_handlers_to (SCM winders)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  SCM common = common_winders (vm->winders, winders);
  while (!scm_is_eq (vm->winders, common))
    {
      /* Off the list first: a handler that raises is not run again.  */
      SCM e = SCM_CAR (vm->winders);
      vm->winders = SCM_CDR (vm->winders);
      leave_c_entry (vm, e);
    }
}

SCM_DEFINE_STATIC (exception_handlers, "%exception-handlers", 0, 0, 0,
                   (void),
                   "Return the list of this thread's exception handlers, "
                   "innermost first.")
{
  return vm_of_caller ()->handlers;
}

SCM_DEFINE_STATIC (set_exception_handlers_x, "%set-exception-handlers!",
                   1, 0, 0, (SCM hs),
                   "Make @var{hs} this thread's list of exception handlers.")
{
  vm_of_caller ()->handlers = hs;
  return SCM_UNSPECIFIED;
}

SCM_DEFINE_STATIC (handlers_for, "%handlers-for", 1, 0, 0, (SCM obj),
                   "Return the handler list whose first handler is to receive "
                   "raised object @var{obj}, or @code{#f} if no Scheme "
                   "handler may: it goes to the innermost C catch (the top "
                   "level).")
{
  return scm_i_handlers_for (vm_of_caller (), obj);
}

SCM_DEFINE_STATIC (raise_primitive, "%raise-to-top", 1, 0, 0, (SCM obj),
                   "Raise @var{obj} to the innermost C catch (the top level, "
                   "or the C code that called Scheme), past every Scheme "
                   "handler, running the @code{after} thunks on the way.")
{
  scm_i_raise_to_c (obj);
}

SCM_DEFINE_STATIC (annotate_x, "%annotate!", 1, 0, 0, (SCM obj),
                   "Record in condition @var{obj}, unless it has them, the "
                   "location and the backtrace of the code that raises it.")
{
  scm_i_vm_annotate (obj);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE_STATIC (handler_returned, "%handler-returned", 1, 0, 0, (SCM obj),
                   "Return the condition that @code{raise} raises when the "
                   "handler of raised object @var{obj} returns.")
{
  return scm_make_condition (sym_error, sym_raise,
                             scm_from_utf8_string
                             ("exception handler returned from a "
                              "non-continuable raise"),
                             scm_list_1 (obj));
}

SCM_DEFINE_STATIC (parameterization, "%parameterization", 0, 0, 0, (void),
                   "Return this thread's parameterization: an alist from "
                   "fluid to value, innermost binding first.")
{
  return vm_of_caller ()->params;
}

SCM_DEFINE_STATIC (set_parameterization_x, "%set-parameterization!",
                   1, 0, 0, (SCM ps),
                   "Make @var{ps} this thread's parameterization.")
{
  vm_of_caller ()->params = ps;
  return SCM_UNSPECIFIED;
}

/* ------------------------------------------------------------------ */
/* Heap records charged to the stack.  A recursion through guard,
   parameterize and with-exception-handler keeps each level's entries
   and closures on the heap until the level returns: 336 bytes a level
   against about 250 of stack.  Counted against the stack limit, they
   make it bound what the recursion takes in all (as Guile's dynamic
   stack does by living in the VM stack), and the overflow comes at a
   depth where the collections marking them on the way down cost less
   (doc/internals.md, "Running out of memory or stack").  */

void
scm_i_vm_drop_charges (struct scm_i_vm *vm, SCM *from)
{
  size_t frame = (size_t) (from - vm->stack);
  while (vm->n_charges > 0 && vm->charges[vm->n_charges - 1].frame >= frame)
    vm->n_charges--;
}

/* Charge BYTES to the frame at offset FRAME, the innermost one that has
   a charge.  */
static void
charge (struct scm_i_vm *vm, size_t frame, size_t bytes)
{
  size_t n = vm->n_charges;
  if (n == vm->charges_cap)
    {
      size_t cap = n ? 2 * n : 256;
      struct scm_i_charge *c = realloc (vm->charges, cap * sizeof *c);
      if (c == NULL)
        scm_out_of_memory ("%charge-stack!", cap * sizeof *c);
      vm->charges = c;
      vm->charges_cap = cap;
    }
  vm->charges[n].frame = frame;
  vm->charges[n].bytes = bytes + (n ? vm->charges[n - 1].bytes : 0);
  vm->n_charges = n + 1;
}

SCM_DEFINE_STATIC (charge_stack_x, "%charge-stack!", 1, 0, 0, (SCM bytes),
                   "Count @var{bytes} of heap records that live as long as "
                   "the calling frame against the VM stack limit, raising "
                   "@code{stack-overflow} past it, in place of what the frame "
                   "was charged before; with 0, forget the frame's charge "
                   "(before it returns).")
{
  struct scm_i_vm *vm = vm_of_caller ();
  /* A charge of this frame or above it is over: the frames above have
     returned (or left by a non-local exit, which dropped theirs).  */
  scm_i_vm_drop_charges (vm, vm->fp);
  if (scm_is_eq (bytes, SCM_MAKE_FIXNUM (0)))
    return SCM_UNSPECIFIED;
  /* Each charge takes a slot of the array too.  */
  charge (vm, (size_t) (vm->fp - vm->stack),
          scm_to_size_t (bytes) + sizeof (struct scm_i_charge));
  scm_i_vm_check_charges (vm);
  return SCM_UNSPECIFIED;
}

SCM
scm_i_fluid_ref (SCM fluid)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  for (SCM l = vm->params; scm_is_pair (l); l = SCM_CDR (l))
    if (scm_is_eq (SCM_CAR (SCM_CAR (l)), fluid))
      return SCM_CDR (SCM_CAR (l));
  return SCM_UNDEFINED;
}

SCM_DEFINE_STATIC (fluid_ref, "%fluid-ref", 1, 0, 0, (SCM fluid),
                   "Return the value of parameter fluid @var{fluid} (a pair "
                   "@code{(parameter . default)}) in this thread's "
                   "parameterization, or its default.")
{
  SCM v = scm_i_fluid_ref (fluid);
  return SCM_UNBNDP (v) ? SCM_CDR (fluid) : v;
}

/* The innermost binding (FLUID . value) of FLUID in this thread's
   parameterization, or #f.  */
SCM
scm_i_fluid_binding (SCM fluid)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  for (SCM l = vm->params; scm_is_pair (l); l = SCM_CDR (l))
    if (scm_is_eq (SCM_CAR (SCM_CAR (l)), fluid))
      return SCM_CAR (l);
  return SCM_BOOL_F;
}

SCM_DEFINE_STATIC (fluid_set_x, "%fluid-set!", 2, 0, 0, (SCM fluid, SCM v),
                   "Set the value of parameter fluid @var{fluid} to "
                   "@var{v} in the current dynamic extent: its innermost "
                   "binding by @code{parameterize} in this thread, or "
                   "its default outside every one.")
{
  SCM b = scm_i_fluid_binding (fluid);
  SCM_SETCDR (scm_is_false (b) ? fluid : b, v);
  return SCM_UNSPECIFIED;
}

static SCM
k_field_check (SCM k, int pos, const char *who)
{
  SCM_ASSERT_TYPE (scm_i_is_continuation (k), k, pos, who, "continuation");
  return k;
}

SCM_DEFINE_STATIC (continuation_winders, "%continuation-winders", 1, 0, 0,
                   (SCM k),
                   "Return the wind list to wind to before continuation "
                   "@var{k} is resumed here: the one it captured, or, for "
                   "one captured in an earlier top-level evaluation, its "
                   "entries on top of this evaluation's.")
{
  k_field_check (k, 1, "%continuation-winders");
  struct scm_i_vm *vm = vm_of_caller ();
  return wind_target (vm, scm_i_continuation_target (vm, k), k);
}

SCM_DEFINE_STATIC (continuation_params, "%continuation-parameterization",
                   1, 0, 0, (SCM k),
                   "Return the parameterization that continuation @var{k} "
                   "captured.")
{
  return K_PARAMS (k_field_check (k, 1, "%continuation-parameterization"));
}

SCM_DEFINE (scm_continuation_p, "continuation?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a continuation (made by "
            "@code{call/cc} or @code{call/ec}).")
{
  return scm_from_bool (scm_i_is_continuation (obj));
}

/* ------------------------------------------------------------------ */
/* Guile's catch and throw: (throw KEY ARG...) raises a condition whose
   kind is KEY, raised by `throw', whose irritants are the ARGs.  A
   catch handler receives the key and arguments of any raised object:
   a condition's kind with (WHO MESSAGE IRRITANTS REST), as Guile passes
   (SUBR MESSAGE ARGS REST) for its errors, or %exception with the
   object, for anything else.  */

SCM_SYMBOL (sym_throw, "throw");

SCM_DEFINE_STATIC (make_throw, "%make-throw", 2, 0, 0, (SCM key, SCM args),
                   "Return the condition that @code{(throw @var{key} . "
                   "@var{args})} raises.")
{
  SCM_ASSERT_TYPE (scm_is_symbol (key), key, 1, "throw", "symbol");
  SCM message = scm_string_append
    (scm_list_2 (scm_from_utf8_string ("uncaught throw to "),
                 scm_symbol_to_string (key)));
  return scm_make_condition (key, sym_throw, message, args);
}

SCM
scm_i_throw_key (SCM obj)
{
  return scm_is_condition (obj) ? scm_condition_kind (obj) : sym_exception;
}

SCM
scm_i_throw_args (SCM obj)
{
  if (!scm_is_condition (obj))
    return scm_list_1 (obj);
  if (scm_is_eq (scm_condition_who (obj), sym_throw))
    return scm_error_object_irritants (obj);
  return scm_cons (scm_condition_who (obj),
                   scm_list_3 (scm_error_object_message (obj),
                               scm_error_object_irritants (obj),
                               scm_condition_rest (obj)));
}

SCM_DEFINE_STATIC (throw_key, "%throw-key", 1, 0, 0, (SCM obj),
                   "Return the key under which @code{catch} sees raised "
                   "object @var{obj}.")
{
  return scm_i_throw_key (obj);
}

SCM_DEFINE_STATIC (throw_args, "%throw-args", 1, 0, 0, (SCM obj),
                   "Return the arguments with which @code{catch} passes "
                   "raised object @var{obj} to its handler.")
{
  return scm_i_throw_args (obj);
}

/* ------------------------------------------------------------------ */
/* The C API: dynwind contexts.  scm_dynwind_begin pushes a marker entry
   (no thunks) on the wind list; handlers are entries whose `after' is
   a C winder (header, function, data); scm_dynwind_end pops back to the
   marker, running the handlers registered with SCM_F_WIND_EXPLICITLY.
   A non-local exit runs every handler as it leaves the entries, as it
   runs the after thunks of dynamic-wind.  */

/* A C winder: header, function, data, and the VM's capture count
   when it was pushed (scm_i_push_c_unwinder).  */
static SCM
make_c_winder (void (*fn) (void *), void *data, scm_t_wind_flags flags)
{
  SCM w = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_vm_object,
                                              VMOBJ_C_WINDER, flags), 4);
  SCM_SET_CELL_WORD (w, 1, (scm_t_bits) fn);
  SCM_SET_CELL_WORD (w, 2, (scm_t_bits) data);
  return w;
}

#define C_WINDER_CAPTURES(w) SCM_CELL_WORD (w, 3)

/* The C boundaries (scm_c_call_with_limits, scm_c_with_instance, the
   expander's pending changes) push one unwinder each, and pop it as
   they return: a wind entry, its pair and its winder, 112 bytes.  The
   pop keeps the three for the next push (VM's spare_unwinders, linked
   through the pairs' cdrs) unless something may still refer to them:
   a continuation captured, or the wind list handed to Scheme
   (%winders) or rebased, since the push.  VM's winders_captures counts
   those events, and the winder records its value at the push.  Nothing
   else keeps a wind list: catches save it on the C stack, inside the
   boundary.  A boundary that returns normally thus allocates
   nothing.  */
void
scm_i_push_c_unwinder (void (*fn) (void *), void *data)
{
  struct scm_i_vm *vm = vm_of_caller ();
  SCM ws = vm->spare_unwinders;
  if (SCM_UNLIKELY (!scm_is_pair (ws)))
    {
      SCM w = make_c_winder (fn, data, SCM_F_WIND_EXPLICITLY);
      C_WINDER_CAPTURES (w) = vm->winders_captures;
      push_winder (SCM_BOOL_F, w);
      return;
    }
  vm->spare_unwinders = SCM_CDR (ws);
  SCM e = SCM_CAR (ws), w = SCM_VECTOR_REF (e, 1);
  SCM_SET_CELL_WORD (w, 1, (scm_t_bits) fn);
  SCM_SET_CELL_WORD (w, 2, (scm_t_bits) data);
  C_WINDER_CAPTURES (w) = vm->winders_captures;
  SCM_VECTOR_SET (e, 2, SCM_MAKE_FIXNUM (winders_depth (vm->winders) + 1));
  SCM_VECTOR_SET (e, 3, vm->handlers);
  SCM_VECTOR_SET (e, 4, vm->params);
  SCM_SETCDR (ws, vm->winders);
  vm->winders = ws;
}

void
scm_i_pop_c_unwinder (void)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  SCM ws = vm->winders;
  SCM e = SCM_CAR (ws), w = SCM_VECTOR_REF (e, 1);
  vm->winders = SCM_CDR (ws);
  run_c_winder (w);
  if (SCM_LIKELY (C_WINDER_CAPTURES (w) == vm->winders_captures))
    {
      /* Nothing refers to them: kept, without the references they
         held.  */
      SCM_SET_CELL_WORD (w, 2, 0);
      SCM_VECTOR_SET (e, 3, SCM_EOL);
      SCM_VECTOR_SET (e, 4, SCM_EOL);
      SCM_SETCDR (ws, vm->spare_unwinders);
      vm->spare_unwinders = ws;
    }
}

void
scm_dynwind_begin (scm_t_dynwind_flags flags)
{
  (void) flags;                 /* no context is ever re-entered */
  push_winder (SCM_BOOL_F, SCM_BOOL_F);
}

void
scm_dynwind_unwind_handler (void (*func) (void *), void *data,
                            scm_t_wind_flags flags)
{
  push_winder (SCM_BOOL_F, make_c_winder (func, data, flags));
}

void
scm_dynwind_rewind_handler (void (*func) (void *), void *data,
                            scm_t_wind_flags flags)
{
  /* Control never comes back into a C function that a continuation
     left (that raises a continuation-barrier error), so a rewind
     handler runs only now, if asked.  */
  if (flags & SCM_F_WIND_EXPLICITLY)
    func (data);
}

/* A handler with an object: the winder's data is a GC cell holding the
   function and the object, so that the wind list keeps the object
   alive (the winder's words are scanned).  */
struct scm_handler_cell
{
  void (*func) (SCM);
  SCM data;
};

static void
call_with_scm (void *p)
{
  struct scm_handler_cell *cell = p;
  cell->func (cell->data);
}

static struct scm_handler_cell *
make_handler_cell (void (*func) (SCM), SCM data)
{
  struct scm_handler_cell *cell = scm_i_alloc (sizeof *cell);
  cell->func = func;
  cell->data = data;
  return cell;
}

void
scm_dynwind_unwind_handler_with_scm (void (*func) (SCM), SCM data,
                                     scm_t_wind_flags flags)
{
  scm_dynwind_unwind_handler (call_with_scm, make_handler_cell (func, data),
                              flags);
}

void
scm_dynwind_rewind_handler_with_scm (void (*func) (SCM), SCM data,
                                     scm_t_wind_flags flags)
{
  if (flags & SCM_F_WIND_EXPLICITLY)
    func (data);
}

static void
free_data (void *mem)
{
  free (mem);
}

void
scm_dynwind_free (void *mem)
{
  scm_dynwind_unwind_handler (free_data, mem, SCM_F_WIND_EXPLICITLY);
}

void
scm_dynwind_end (void)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  while (scm_is_pair (vm->winders))
    {
      SCM e = SCM_CAR (vm->winders);
      SCM after = SCM_VECTOR_REF (e, 1);
      vm->winders = SCM_CDR (vm->winders);
      if (scm_is_false (after))
        return;               /* the context's marker */
      if (scm_has_tc8 (after, scm_tc8_vm_object)
          && (SCM_OBJ_PAYLOAD (after) & SCM_F_WIND_EXPLICITLY))
        run_c_winder (after);
    }
  scm_fatal ("scm_dynwind_end without scm_dynwind_begin");
}

/* ------------------------------------------------------------------ */

SCM scm_i_guard_no_match_marker;
SCM scm_i_parameter_key;

void
scm_init_control (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "runtime/control.x"
#endif
  continue_procedure = raise_procedure = wind_to_procedure = SCM_BOOL_F;
  /* Objects no program can make: what an expanded guard's handler
     returns when no clause applies, and the argument with which
     parameterize asks a parameter for its fluid and converter.  */
  /* The prelude holds both: the image's copies, when there is one.  */
  scm_i_guard_no_match_marker = scm_i_image_unique
    ("control:guard-no-match",
     scm_list_1 (scm_from_utf8_symbol ("guard-no-match")));
  scm_i_parameter_key = scm_i_image_unique
    ("control:parameter-key",
     scm_list_1 (scm_from_utf8_symbol ("parameter-key")));
  scm_c_define ("%guard-no-match", scm_i_guard_no_match_marker);
  scm_c_define ("%parameter-key", scm_i_parameter_key);
}
