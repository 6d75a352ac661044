/* vm-internal.h -- what the compiler and the VM share: the instruction
   set (isa-internal.h), code objects, closures, the VM's registers and
   stack
   SPDX-License-Identifier: LGPL-3.0-or-later

   The layout of frames and the calling convention are described in
   doc/internals.md ("The VM").  */

#ifndef SCM_VM_INTERNAL_H
#define SCM_VM_INTERNAL_H

#include "runtime/scm-internal.h"
#include "vm/isa-internal.h"

#include <setjmp.h>

/* ------------------------------------------------------------------ */
/* Code objects: a compiled procedure body.

   word 0  header: scm_tc8_code, payload = number of instruction words
   word 1  name (a symbol) or #f
   word 2  file of the source (a string) or #f
   word 3  source map: pointer to a pointer-free block, or 0
   word 4  arity, a raw word: required << 2 | dispatch << 1 | rest (CALL
           compares it with the argument count << 2); DISPATCH marks the
           code of a case-lambda, whose closure holds its clauses
   word 5  the instructions  */

#define SCM_I_CODE_NAME 1
#define SCM_I_CODE_FILE 2
#define SCM_I_CODE_SRCMAP 3
#define SCM_I_CODE_ARITY 4
#define SCM_I_ARITY_REST 1
#define SCM_I_ARITY_DISPATCH 2
#define SCM_I_ARITY_REQ(a) ((a) >> 2)
#define SCM_I_CODE_HEADER_WORDS 5

static inline int scm_i_is_code (SCM x) { return scm_has_tc8 (x, scm_tc8_code); }
static inline scm_t_bits *
scm_i_code_entry (SCM code)
{
  return SCM_UNPACK_POINTER (code) + SCM_I_CODE_HEADER_WORDS;
}

/* A source map entry: the instruction at word OFFSET (from the entry)
   came from LINE:COLUMN of the code's file.  */
struct scm_i_srcmap_entry
{
  uint32_t offset;
  uint32_t line;
  uint32_t column;
  uint32_t macro;               /* scm_i_source_macro_index, or 0 */
};
struct scm_i_srcmap
{
  size_t count;
  struct scm_i_srcmap_entry entries[];
};


/* Make a code object from opcode-numbered WORDS (N of them), with jump
   targets given as word offsets from the entry in the operands of
   JUMP, JUMPF and FRAME.  */
SCM_INTERNAL SCM scm_i_make_code (const scm_t_bits *words, size_t n,
                                  SCM name, SCM file,
                                  const struct scm_i_srcmap_entry *map,
                                  size_t nmap, unsigned req, int rest);

/* ------------------------------------------------------------------ */
/* Closures: header (scm_tc8_closure, payload = number of free
   variables), the code object, the free variables' values.  */

static inline int scm_i_is_closure (SCM x) { return scm_has_tc8 (x, scm_tc8_closure); }
#define SCM_I_CLOSURE_CODE(c) SCM_CELL_OBJECT (c, 1)
#define SCM_I_CLOSURE_FREE(c, i) SCM_CELL_OBJECT (c, 2 + (i))

SCM_INTERNAL SCM scm_i_closure_name (SCM closure);
/* A closure of CODE with NFREE free variables, all #f for now.
   Inline: the VM's CLOSURE makes large closures with it.  */
static inline SCM
scm_i_make_closure (SCM code, size_t nfree)
{
  SCM c = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_closure, 0, nfree),
                             2 + nfree);
  SCM_SET_CELL_OBJECT (c, 1, code);
  return c;
}

/* Call subr PROC with the N arguments at ARGS, checking the count
   (subrs.c).  */
SCM_INTERNAL SCM scm_i_subr_call (SCM proc, const SCM *args, size_t n);
/* A new list of the N values at ARGS, its pairs from the calling
   thread's VM's free list (no call of libgc per pair): rest lists.  */
SCM_INTERNAL SCM scm_i_rest_list (const SCM *args, size_t n);
/* The subr whose C function a call of SUBR with N arguments may call
   directly (SUBR_CALL), or #f (subrs.c); *REST says whether that
   function takes a rest list after the N, to be passed '().  */
SCM_INTERNAL SCM scm_i_subr_direct (SCM subr, size_t n, int *rest);
/* A fixed-arity entry for a call of rest-list SUBR with N arguments,
   or #f (lists.c: append with two).  */
SCM_INTERNAL SCM scm_i_subr_fixed_entry (SCM subr, size_t n);

/* ------------------------------------------------------------------ */
/* Boxes hold assigned variables that closures capture: a variable
   object (modules.h), the same as a global's.  */

/* ------------------------------------------------------------------ */
/* The VM of a thread.  The stack is one GC-scanned block that grows by
   copying; frames are laid out as:

     fp[-3]  the link to the caller's fp (scm_i_frame_link)
     fp[-2]  the caller's closure     (SCM)
     fp[-1]  the return address       (a word)
     fp[0..] arguments, then locals and temporaries, up to sp.  */

#define SCM_I_FRAME_HEADER 3

/* The link word of a frame header at H (the frame's fp is H + 3) whose
   caller's fp is CALLER: the distance between the two in bytes, plus 2,
   which makes it a fixnum.  Relative, as Guile's dynamic link is: a
   moved stack or a continuation laid back at its offsets needs no
   relocation, and neither FRAME nor RETURN needs the stack's base
   (a register of vm_run the less, and no shift or tag arithmetic).  */
static inline SCM
scm_i_frame_link (const SCM *h, const SCM *caller)
{
  /* One constant added to the difference: GCC made H + 3 and the tag
     two additions.  */
  return SCM_PACK ((scm_t_bits) ((const char *) h - (const char *) caller)
                   + (SCM_I_FRAME_HEADER * sizeof (SCM) + 2));
}
/* The caller's fp of the frame at FP.  */
static inline SCM *
scm_i_frame_caller (SCM *fp)
{
  return (SCM *) ((char *) fp - (SCM_UNPACK (fp[-3]) - 2));
}

/* An activation: one run of the VM loop entered from C (vm_enter in
   vm.c).  It lives on the C stack of that call; continuations captured
   while it runs can only be resumed while it is alive (or, for
   top-level evaluations, in another top-level activation: see
   doc/internals.md "Continuations").  A longjmp to JMP resumes it.  */
struct scm_i_activation
{
  struct scm_i_activation *prev;
  uint64_t id;
  size_t base;                  /* stack offset of its boundary frame */
  size_t saved_frozen_top;      /* the enclosing activation's, as offsets */
  SCM saved_frozen;
  void *saved_catch;            /* the innermost C catch at entry */
  unsigned depth;               /* vm->depth while it runs */
  int toplevel;                 /* a top-level evaluation at depth 1 */
  /* The wind list at entry: what the C code around the run pushed
     (scm_eval's and the embedder's dynwind contexts).  */
  SCM base_winders;
  /* What the run's wind list ends in: BASE_WINDERS, or, once a
     continuation captured in an earlier top-level evaluation is laid
     back, that evaluation's entry list, whose C entries are dead
     (control.c, "Top-level continuations").  */
  SCM running_base;
  jmp_buf jmp;
};

/* Why an activation was resumed by a longjmp.  */
enum scm_i_resume
{
  SCM_I_RESUME_NONE,
  SCM_I_RESUME_CONTINUATION,    /* reinstate resume_k with resume_vals */
  SCM_I_RESUME_RAISE            /* call the Scheme raise on resume_vals */
};

/* The VM's dispatch loop (engine.c).  */
struct scm_i_vm;
SCM_INTERNAL SCM scm_i_vm_run (struct scm_i_vm *vm, SCM proc,
                               const SCM *args, size_t nargs,
                               enum scm_i_resume mode);
/* What the machinery (vm.c) asks of the engine (engine.c): the
   threading of code (the N opcode-numbered WORDS written at ENTRY with
   the addresses of their implementations, and jump targets, offsets
   from the entry, as addresses), an interrupt check's slow path, and
   the engine's init (its labels, its table of inline primitives).  */
SCM_INTERNAL void scm_i_thread_code (scm_t_bits *entry,
                                     const scm_t_bits *words, size_t n);
SCM_INTERNAL void scm_i_vm_interrupted (struct scm_i_vm *vm);
SCM_INTERNAL void scm_i_init_vm_engine (void);

struct scm_i_instance_entry;

struct scm_i_vm
{
  SCM *stack;                   /* the mapping (its base): vm.c */
  SCM *stack_end;
  size_t map_bytes;
  /* Mappings replaced by bigger ones while C code may still point into
     them: unmapped at the top level.  */
  struct { SCM *base; size_t bytes; } old_maps[8];
  size_t n_old_maps;
  SCM *high_water;              /* slots above it are all zero */
  /* What ENTER checks a frame against: high_water, or NULL while an
     interrupt is pending (written by scm_request_interrupt).  */
  SCM *volatile enter_limit;
  size_t stack_limit;           /* bytes */
  /* Registers saved while the VM calls out (to a subr, to raise).  */
  SCM *sp;
  SCM *fp;
  scm_t_bits *ip;
  SCM closure;
  unsigned depth;               /* nested vm_run calls */
  /* Nested runs (Scheme -> C -> Scheme) take C stack: below this
     address a new run raises stack-overflow instead of crashing.  */
  uintptr_t c_stack_low;
  /* Above it, by SCM_I_C_STACK_GROW_RESERVE at most: below this one, the
     deep walks of the expander and compiler go on on a new segment of
     C stack (c-stack.c), the innermost of which is C_SEGMENT; 0 if they
     cannot.  C_SEGMENT_BYTES is what the segments map in all.  */
  uintptr_t c_stack_grow;
  struct scm_i_c_segment *c_segment;
  size_t c_segment_bytes;
  unsigned c_segment_retry;     /* checks until a failed map is retried */
  /* The wind list continuation REBASED_K was last resumed to, its
     entries copied onto list REBASED_ONTO (control.c, "Top-level
     continuations").  */
  SCM rebased_k, rebased_onto, rebased_winders;
  volatile int interrupt_pending;
  /* Collections abandoned for the interrupt pending (gc.c).  */
  unsigned collections_abandoned;
  /* Set (with enter_limit cleared) by scm_instance_request_interrupt,
     for every VM, since a signal handler cannot know which threads are
     in the instance: the next check looks at the thread's own stays
     (scm_i_instance_interrupt_due).  A separate flag, so that the
     places that drop a stale interrupt_pending never drop it.  */
  volatile int instance_check;
  /* The thread's innermost stay in an instance (instances.c), or
     NULL.  */
  struct scm_i_instance_entry *entry;
  /* Top-level expansions and evaluations running outside any run
     (scm_eval compiles before it enters the VM, a text's forms are
     read between runs): part of the evaluation, so their polls honour
     interrupts and vm_enter keeps a request made since they began.  */
  unsigned expanding;
  int idle;                     /* its thread has exited: reusable */
  /* The module top-level forms are expanded in, or #f for the REPL's
     (modules.c).  */
  SCM module;

  /* Continuations (control.c).  The live stack from the activation's
     base up to frozen_top is, slot for slot, what the chain of stack
     segments FROZEN holds: a capture copies only what lies above it,
     and RETURN lowers it when it pops a frame below it.  */
  SCM *frozen_top;
  SCM frozen;                   /* a stack segment, or #f */
  struct scm_i_activation *act; /* the innermost activation, or NULL */
  uint64_t next_act_id;
  void *catch_top;              /* the innermost C catch (throw.c) */

  /* The dynamic state, which continuations capture and restore: the
     wind list (dynamic-wind entries, innermost first), the Scheme
     exception handlers (innermost first) and the parameterization (an
     alist from fluid to value).  */
  SCM winders;
  SCM handlers;
  SCM params;
  /* The heap records that live as long as a frame does (the entries
     and closures of with-exception-handler, guard, parameterize and
     dynamic-wind) count against the stack limit, so that the limit
     bounds a runaway recursion through them: CHARGES[0..N_CHARGES),
     innermost last, each the offset of the frame that owns records and
     the bytes of those of that frame and every one below (control.c,
     %charge-stack!).  */
  struct scm_i_charge { size_t frame, bytes; } *charges;
  size_t n_charges, charges_cap;

  /* What a longjmp to an activation asks it to do.  */
  enum scm_i_resume resume;
  SCM resume_k, resume_vals;

  /* Set while a stack-overflow condition is being handled: the stack
     may use a reserve above its limit meanwhile.  */
  int overflow_reserve;
  /* Set by a stack overflow to the number of top-level evaluations
     that end by trying to give back the heap the recursion left
     (scm_i_end_toplevel_eval, gc.c).  */
  int overflowed;

  /* The limits of the evaluations running, innermost first, or NULL
     (eval-limits.c).  */
  struct scm_i_limit_state *limit;
  /* Nonzero while one of them has a step budget: the enter limit stays
     NULL, so that every call and loop iteration takes the slow path,
     which counts it (scm_i_limit_steps).  Code without a step budget
     pays nothing.  */
  int counting_steps;

  /* The free lists the VM allocates its pairs, closures, boxes, records
     and flonums from (scm-internal.h).  They stay with the VM when its
     thread exits, for the next thread that takes it.  */
  struct scm_i_freelists fl;

  /* The 4 KiB-aligned start of a heap block whose pairs set-car! and
     set-cdr! may change (one of them was found not to be a literal), or
     0: SET_CAR and SET_CDR skip libgc's two look-ups for pairs in it.
     A block keeps its kind until a collection frees it, so every
     collection's mark end (world stopped) clears it (vm.c).  */
  uintptr_t mutable_pair_block;
};

/* Ask VM to stop at its next poll, as scm_request_interrupt asks every
   VM (async-signal-safe); recompute its enter limit after its
   interrupt flag changed (vm.c).  */
SCM_INTERNAL void scm_i_vm_request_interrupt (struct scm_i_vm *vm);
SCM_INTERNAL void scm_i_vm_refresh_enter_limit (struct scm_i_vm *vm);
/* Set every VM's instance_check flag and clear its enter limit
   (async-signal-safe), or one VM's.  */
SCM_INTERNAL void scm_i_vm_request_instance_check (void);
SCM_INTERNAL void scm_i_vm_request_instance_check_of (struct scm_i_vm *vm);
/* The `interrupted' condition, as an interrupt check raises it.  */
SCM_INTERNAL SCM scm_i_make_interrupted_condition (void);
/* Limits (eval-limits.c).  At an interrupt check: raise the condition of a
   limit that has been exceeded, if any.  At a stack overflow: raise it
   as a limit if an evaluation's stack limit is the one reached.  */
SCM_INTERNAL void scm_i_limit_poll (struct scm_i_vm *vm);
SCM_INTERNAL void scm_i_limit_stack_overflow (struct scm_i_vm *vm);
/* Count N steps against the step budgets of VM's evaluations; one that
   is spent fires, and the next poll raises its condition.  */
SCM_INTERNAL void scm_i_limit_steps (struct scm_i_vm *vm, uint64_t n);
/* SCM_I_POLL_EVERY's call: count its 65,536 turns as steps, then poll.  */
SCM_INTERNAL void scm_i_poll_steps (void);
/* Nonzero if a limit of VM's evaluations has fired and awaits a poll.  */
SCM_INTERNAL int scm_i_limit_pending_p (struct scm_i_vm *vm);

/* Nonzero if an interrupt check of VM has something to look at (a
   request of the thread's, a fired limit, an instance's request).  */
static inline int
scm_i_interrupt_flagged (struct scm_i_vm *vm)
{
  return vm->interrupt_pending | vm->instance_check;
}

/* Raise `interrupted' if an interrupt is pending for an evaluation
   running in this thread: for C code that waits or loops long (a read
   that a signal interrupted).  */
SCM_INTERNAL void scm_i_poll_interrupt (void);

/* The calling thread's VM, made on first use (vm-stack.c).  */
SCM_INTERNAL struct scm_i_vm *scm_i_current_vm (void);
/* The calling thread's VM, or NULL if it has none yet: for polls,
   which must not make one.  */
SCM_INTERNAL struct scm_i_vm *scm_i_current_vm_if_any (void);

/* Every VM made, in the order made; the slots are only ever filled,
   never emptied (VMs are reused, not freed).  */
#define SCM_I_MAX_VMS 256
SCM_INTERNAL extern struct scm_i_vm *volatile scm_i_all_vms[SCM_I_MAX_VMS];

/* Slots of the bottom frame's header: the chain of frames ends there.  */
#define SCM_I_STACK_BOTTOM SCM_I_FRAME_HEADER

/* Back at the outermost level with an empty stack: zero what was used,
   and give the pages of a deep recursion back (vm-stack.c).  */
SCM_INTERNAL void scm_i_vm_reset_stack (struct scm_i_vm *vm);

/* scm_i_check_c_stack's slow path (vm.c).  */
SCM_INTERNAL int scm_i_check_c_stack_slow (struct scm_i_vm *vm,
                                           const char *what);

/* Raise a catchable error naming WHAT ("expression") if the C stack
   is nearly exhausted: for the recursive walks of the expander and the
   compiler over deeply nested code.  Return nonzero if it is getting
   short but a new segment can be had: a walk that can should then go
   on through scm_i_with_more_c_stack (one that ignores it meets the
   error further down).  Polls for interrupts.  Inline: the walks call
   it at every node, and while there is room it is one compare (the
   grow mark lies above the low mark) and the interrupt flags.  */
static inline int
scm_i_check_c_stack (const char *what)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  if (SCM_LIKELY ((uintptr_t) __builtin_frame_address (0)
                  >= vm->c_stack_grow)
      && SCM_LIKELY (!scm_i_interrupt_flagged (vm)))
    return 0;
  return scm_i_check_c_stack_slow (vm, what);
}

/* For the collector's stop function (gc.c): nonzero if the calling
   thread evaluates and has an interrupt pending, which its next poll
   will raise, so that the collection it runs should be abandoned
   (counted: at most a few for one interrupt).  Touches only the
   thread's VM: safe with the world stopped.  */
SCM_INTERNAL int scm_i_abandon_collection_p (void);

/* Zero the stack slots [FROM, TO) (garbage now); a large range's pages
   go back to the kernel, reading as zeros afterwards.  */
SCM_INTERNAL void scm_i_vm_discard_slots (SCM *from, SCM *to);
/* In a C loop whose length the program chooses: poll every 65,536
   turns of COUNTER (a size_t the loop owns).  */
#define SCM_I_POLL_EVERY(counter)                                       \
  do {                                                                  \
    if (SCM_UNLIKELY ((++(counter) & 0xffff) == 0))                     \
      scm_i_poll_steps ();                                              \
  } while (0)

/* C-stack segments (c-stack.c).  The grow mark lies this far above the
   low mark, or less on a small stack.  */
#define SCM_I_C_STACK_GROW_RESERVE ((size_t) 512 * 1024)
struct scm_i_c_segment;
/* Call FN (DATA) on a new segment of C stack, or here if none can be
   had.  What FN raises, and a continuation it calls, leave through the
   segment's entry and go on from here.  */
SCM_INTERNAL void scm_i_with_more_c_stack (void (*fn) (void *), void *data);
/* Nonzero if VM's segments have not used up their budget (a quarter
   of its stack limit).  */
SCM_INTERNAL int scm_i_c_stack_can_grow (struct scm_i_vm *vm);
/* longjmp to TARGET, which lies in its frame: by way of the entries of
   the segments between here and there.  Every jump that may leave a
   segment (to a C catch, an activation) goes through this.  */
SCM_INTERNAL void scm_i_c_stack_longjmp (struct scm_i_vm *vm, jmp_buf *target)
  SCM_NORETURN;
/* Nonzero if the C stack is nearly exhausted (below that mark).  */
SCM_INTERNAL int scm_i_c_stack_low_p (void);
/* In a dynwind context: until it ends, a top-level expansion or
   evaluation runs (scm_eval and the text evaluators hold it from the
   start of the expansion to the end of the run), so that
   scm_i_poll_interrupt honours interrupts even outside any run, and
   entering the VM does not drop a request made since it began.  */
SCM_INTERNAL void scm_i_enter_expansion (void);
/* Nonzero if fewer than RESERVE bytes of C stack are left above the
   margin of scm_i_check_c_stack.  */
SCM_INTERNAL int scm_i_c_stack_within_p (size_t reserve);


/* Run the thunk or procedure PROC with ARGS in the current thread.  */
SCM_INTERNAL SCM scm_i_vm_call (SCM proc, const SCM *args, size_t n);
/* Run thunk PROC as a top-level evaluation (scm_eval): at depth 0, its
   continuations may be resumed by later top-level evaluations.  */
SCM_INTERNAL SCM scm_i_vm_call_toplevel (SCM proc);
/* The bytes of heap records charged to VM's stack (control.c).  */
static inline size_t
scm_i_vm_charged_bytes (const struct scm_i_vm *vm)
{
  return vm->n_charges ? vm->charges[vm->n_charges - 1].bytes : 0;
}
/* Forget the charges of the frames at or above FROM: they are gone
   (control.c).  */
SCM_INTERNAL void scm_i_vm_drop_charges (struct scm_i_vm *vm, SCM *from);
/* Raise stack-overflow if the stack in use and the records charged to
   it pass the limit (vm.c).  */
SCM_INTERNAL void scm_i_vm_check_charges (struct scm_i_vm *vm);
/* Nonzero if the calling thread's VM overflowed its stack, is back at
   the outermost level and should still try to give back the heap the
   recursion left; counts the try, the last one if DONE.  */
SCM_INTERNAL int scm_i_vm_overflow_over_p (int done);
/* Give back the stack-overflow reserve if the stack is small again.  */
SCM_INTERNAL void scm_i_check_overflow_reserve (struct scm_i_vm *vm);

/* Saving and restoring the VM's registers around a catch (throw.c).  */
struct scm_i_vm_state
{
  size_t sp, fp;                /* offsets: the stack may move */
  scm_t_bits *ip;
  SCM closure;
  unsigned depth;
  struct scm_i_activation *act;
  size_t frozen_top;
  SCM frozen;
  SCM winders, handlers, params;
};
SCM_INTERNAL void scm_i_vm_save (struct scm_i_vm_state *s);
SCM_INTERNAL void scm_i_vm_restore (const struct scm_i_vm_state *s);
/* Record in condition OBJ, unless it has them, where the VM is now and
   its backtrace (throw.c calls it when raising).  */
SCM_INTERNAL void scm_i_vm_annotate (SCM obj);

/* ------------------------------------------------------------------ */
/* Continuations and the dynamic state (control.c).  */

static inline int scm_i_is_continuation (SCM x)
{
  return scm_has_tc8 (x, scm_tc8_continuation);
}

/* Capture the continuation that returns through the frame header
   ending at KTOP (a full, re-entrant one), or an escape-only
   continuation, which is its own tag: the caller stores it at
   KTOP + 1.  The registers are synced.  */
SCM_INTERNAL SCM scm_i_capture (struct scm_i_vm *vm, SCM *ktop);
SCM_INTERNAL SCM scm_i_capture_escape (struct scm_i_vm *vm, SCM *ktop);
/* The activation in which continuation K can be resumed now; raises a
   clear error if none can (a C frame it needs has returned, or an
   escape continuation's extent is over).  */
SCM_INTERNAL struct scm_i_activation *
scm_i_continuation_target (struct scm_i_vm *vm, SCM k);
/* Nonzero if resuming K in activation TARGET needs no dynamic-wind
   thunk to run.  */
SCM_INTERNAL int scm_i_continuation_same_winders (struct scm_i_vm *vm,
                                                  struct scm_i_activation
                                                  *target, SCM k);
/* Make the wind list of top-level activation ACT end in its own entry
   list again, as control leaves it (control.c, "Top-level
   continuations").  */
SCM_INTERNAL void scm_i_reroot_winders (struct scm_i_vm *vm,
                                        struct scm_i_activation *act);
/* Resume K with VALS in activation TARGET, an enclosing one: longjmp
   there.  */
SCM_INTERNAL void scm_i_continuation_jump (struct scm_i_vm *vm,
                                           struct scm_i_activation *target,
                                           SCM k, SCM vals) SCM_NORETURN;
/* Lay K's stack back (in the current activation), set the dynamic
   state it captured, and return its top: the VM returns from the frame
   header just below it.  */
SCM_INTERNAL SCM *scm_i_reinstate (struct scm_i_vm *vm, SCM k);
/* The prelude procedures the VM calls: (%continue k vals), which runs
   the dynamic-wind thunks between here and K first, and raise.  */
SCM_INTERNAL SCM scm_i_continue_procedure (void);
SCM_INTERNAL SCM scm_i_raise_procedure (void);
/* The handler list whose first handler receives raised object OBJ, or
   #f if it goes to the innermost C catch: OBJ is an interrupt or an
   exit request, or no Scheme handler was installed inside that catch
   (throw.c).  */
SCM_INTERNAL SCM scm_i_handlers_for (struct scm_i_vm *vm, SCM obj);
/* Raise OBJ to the innermost C catch, past the Scheme handlers, after
   running the after thunks between here and there (throw.c).  */
SCM_INTERNAL void scm_i_raise_to_c (SCM obj) SCM_NORETURN;
/* Run the after thunks of the wind list down to WINDERS (the prelude's
   %wind-to).  */
SCM_INTERNAL void scm_i_unwind_to (SCM winders);
/* Pop the wind list down to where it meets WINDERS, running from C the
   C unwind handlers (scm_dynwind_unwind_handler's) on the way and no
   Scheme after thunk: what a raise to a C catch does whether or not
   the after thunks could run, so that no C handler is ever skipped.  */
SCM_INTERNAL void scm_i_unwind_c_handlers_to (SCM winders);
/* The value of parameter FLUID in this thread, or SCM_UNDEFINED if it
   is not parameterized.  */
SCM_INTERNAL SCM scm_i_fluid_ref (SCM fluid);
/* Look up the prelude procedures above (eval.c, once it is loaded).  */
SCM_INTERNAL void scm_i_init_control_procedures (void);
/* What an expanded guard's handler returns when no clause applies, and
   the argument that asks a parameter for its fluid and converter.  */
SCM_INTERNAL extern SCM scm_i_guard_no_match_marker;
SCM_INTERNAL extern SCM scm_i_parameter_key;
/* Ensure the slots below NEED exist (vm.c): grows the stack.  */
SCM_INTERNAL void scm_i_reserve_stack (struct scm_i_vm *vm, SCM *need);
/* The code that the frame header of an escape point returns to.  */
SCM_INTERNAL scm_t_bits *scm_i_return_code (void);
/* The one-instruction code a boundary frame returns to (vm.c).  */
SCM_INTERNAL scm_t_bits *scm_i_halt_code (void);

/* The primitive that an inline opcode stands for, as first bound: the
   compiler emits the opcode only while the variable holds it.  */
SCM_INTERNAL SCM scm_i_inline_primitive (enum scm_i_opcode op);

/* 1 until some variable that held an inline primitive is given another
   value, in any instance of the process; 0 from then on.  While it is
   1, every variable an inline operation names still holds its
   primitive (the compiler emits the operation only while it does), so
   the operation tests this word, not its variable: one compare with
   memory instead of three loads.  Once 0, each operation tests its own
   variable as well.  A plain int, compared with 1: GCC makes that one
   `cmp' with memory, where a volatile word or a test against 0 took a
   load, a test and the branch.  Another thread's change is seen at the
   latest at this thread's next call out of the loop, as unsynchronized
   as the variables' own values are.  */
SCM_INTERNAL extern int scm_i_inline_bindings_intact;
/* Clear scm_i_inline_bindings_intact if OLD is an inline primitive
   (vm.c): OLD is a subr that a variable held and no longer holds.  */
SCM_INTERNAL void scm_i_note_subr_rebound (SCM old);

/* Store VAL in variable VAR, the one way every writer of a variable
   that compiled code may name does it (GSET, GDEF, variable-set!,
   define), so that the inline operations' guard above hears of it.  */
static inline void
scm_i_variable_store (SCM var, SCM val)
{
  SCM old = SCM_CELL_OBJECT (var, 1);
  if (SCM_UNLIKELY (scm_has_tc8 (old, scm_tc8_subr))
      && !scm_is_eq (old, val))
    scm_i_note_subr_rebound (old);
  SCM_SET_CELL_OBJECT (var, 1, val);
}

/* ------------------------------------------------------------------ */
/* The compiler (compile.c) and the expander (expand.c).  */

/* Compile datum EXP for the top level of the current instance into a
   thunk (a closure of no arguments).  */
SCM_INTERNAL SCM scm_i_compile_toplevel (SCM exp);

/* Nonzero if FILE is the prelude's (eval.c): its frames are left out
   of backtraces.  */
SCM_INTERNAL int scm_i_is_prelude_file (SCM file);

/* The multiple-values object (eval.c).  */
static inline int scm_i_is_values (SCM x) { return scm_has_tc8 (x, scm_tc8_values); }

#endif /* SCM_VM_INTERNAL_H */
