/* vm-internal.h -- the VM of a thread and what runs on it: the
   instruction set (vm/isa-internal.h), activations, the VM's
   registers and stack, continuations and the dynamic state
   SPDX-License-Identifier: LGPL-3.0-or-later

   The other concerns the VM shares live in their own headers: code
   objects, closures and frames (vm/code-internal.h), interrupt polls
   and the C-stack segments (runtime/poll-internal.h), calls of
   primitives (runtime/subrs-internal.h) and the compiler's entry points
   (compile/compile-internal.h).  The layout of frames and the calling
   convention are described in doc/internals.md ("The VM").  */

#ifndef SCM_VM_INTERNAL_H
#define SCM_VM_INTERNAL_H

#include "runtime/scm-internal.h"
#include "vm/isa-internal.h"
#include "runtime/poll-internal.h"
#include "vm/code-internal.h"
#include "runtime/control-internal.h"
#include "runtime/subrs-internal.h"

#include "runtime/jump-internal.h"

/* ------------------------------------------------------------------ */
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
  scm_i_jump_point jmp;
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

/* The heap blocks of mutable pairs each VM remembers besides the last
   one (a power of 2).  */
#define SCM_I_MUTABLE_BLOCKS 64

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
  /* Set by the profiler's timer (profile.c): take a sample at the next
     poll.  */
  volatile int profile_pending;
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
  /* Set while the REPL waits for an input and evaluates it
     (scm_i_await_input): the top-level evaluation that starts keeps a
     request made since the wait began instead of dropping it.  */
  int awaiting_input;
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
  /* The C boundaries' wind entries kept for reuse, and the count of
     events after which an entry on the wind list may be referred to
     from elsewhere (control.c, scm_i_push_c_unwinder).  */
  SCM spare_unwinders;
  unsigned long winders_captures;
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
  /* The nearest deadline of the evaluations' time limits that the
     watchdog does not list (0: none), which it reads to poke this VM
     (instance_check, with DEADLINE_CHECK set) once it has passed: set
     by the VM's own thread only (eval-limits.c, publish_deadline).  */
  uint64_t watch_deadline;
  volatile int deadline_check;
  /* A freed limit state kept for the next (eval-limits.c).  */
  struct scm_i_limit_state *spare_limit;
  /* A stay record kept for the next scm_c_with_instance (instances.c),
     or NULL.  */
  struct scm_i_instance_entry *spare_entry;
  /* Nonzero while one of them has a step budget: the enter limit stays
     NULL, so that every call and loop iteration takes the slow path,
     which counts it (scm_i_limit_steps).  Code without a step budget
     pays nothing.  */
  int counting_steps;
  /* Nonzero while the debugger steps this thread (vm/step.c): the
     enter limit stays NULL too, so that every procedure entry reaches
     ENTER's slow path, which calls scm_i_step_entered; returns are
     seen through the frames whose return address stepping replaced
     (STEP_RETURN).  STEP_FRAME is the stack offset of the frame a
     step over (SCM_STEP_OVER) stays at or outside of.  */
  int step_mode;
  size_t step_frame;

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
  /* More such blocks, their numbers (address >> 12) at the number
     modulo SCM_I_MUTABLE_BLOCKS (a direct-mapped cache that
     pair_mutable_slow, engine.c, consults before libgc); cleared with
     mutable_pair_block.  Block 0 is never the heap's.  */
  uintptr_t mutable_pair_blocks[SCM_I_MUTABLE_BLOCKS];

  /* The first VM's only (scm_i_all_vms[0], made at init and never
     freed): the process's list of the calls of globals that may run
     unchecked (vm.c, "Known calls"), found here rather than through a
     static pointer, which would be 8 more bytes that libgc scans.  */
  struct scm_i_known_calls *known_calls;
};

/* Nonzero if an interrupt check of VM has something to look at (a
   request of the thread's, a fired limit, an instance's request).  */
static inline int
scm_i_interrupt_flagged (struct scm_i_vm *vm)
{
  return vm->interrupt_pending | vm->instance_check;
}

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

/* Zero the stack slots [FROM, TO) (garbage now); a large range's pages
   go back to the kernel, reading as zeros afterwards.  */
SCM_INTERNAL void scm_i_vm_discard_slots (SCM *from, SCM *to);

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
/* frames.c: nonzero while backtraces record the frames' locals; E (a
   backtrace entry of CLOSURE's frame at FP, at IP) with them.  */
SCM_INTERNAL int scm_i_recording_frame_locals (void);
/* profile.c: at a poll that found VM's profile_pending, note a sample
   of its stack (registers synced).  */
SCM_INTERNAL void scm_i_profile_sample (struct scm_i_vm *vm);
SCM_INTERNAL SCM scm_i_frame_debug_entry (SCM e, SCM closure,
                                          const scm_t_bits *ip, SCM *fp);
/* frames.c: the record of the inline copy (SCM_I_LOCAL_INLINE) that
   CLOSURE's code runs at the instruction before IP, or NULL; E (the
   backtrace entry of its callee) with the callee's locals, read from
   the caller's frame at FP.  */
SCM_INTERNAL const struct scm_i_local_entry *
scm_i_inline_copy_at (SCM closure, const scm_t_bits *ip);
SCM_INTERNAL SCM scm_i_inline_debug_entry (SCM e,
                                           const struct scm_i_local_entry *ic,
                                           SCM *fp);

/* step.c: the slow path of ENTER found VM stepping (registers synced:
   vm->fp is the frame entered); the STEP_RETURN of the frame at FP
   (popped; PROC its procedure) returned VALUE, the registers synced at
   the caller's return point.  Both may stop, calling the step handler,
   which may run Scheme and move the stack.  */
SCM_INTERNAL void scm_i_step_entered (struct scm_i_vm *vm);
SCM_INTERNAL void scm_i_step_returned (struct scm_i_vm *vm, SCM *fp,
                                       SCM proc, SCM value);
/* The address of STEP_RETURN's implementation (engine.c).  */
SCM_INTERNAL extern scm_t_bits scm_i_step_return_op;

/* The return address in the header of the frame at FP, as the code
   left it: stepping may have replaced it by a STEP_RETURN block that
   holds it (what every walk of the frames reads).  */
static inline const scm_t_bits *
scm_i_frame_return_ip (const SCM *fp)
{
  const scm_t_bits *ip = (const scm_t_bits *) SCM_UNPACK (fp[-1]);
  if (SCM_UNLIKELY (ip[0] == scm_i_step_return_op))
    ip = (const scm_t_bits *) ip[1];
  return ip;
}

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
/* Ensure the slots below NEED exist (vm.c): grows the stack.  */
SCM_INTERNAL void scm_i_reserve_stack (struct scm_i_vm *vm, SCM *need);
/* The code that the frame header of an escape point returns to.  */
SCM_INTERNAL scm_t_bits *scm_i_return_code (void);
/* The one-instruction code a boundary frame returns to (vm.c).  */
SCM_INTERNAL scm_t_bits *scm_i_halt_code (void);

/* The primitive that an inline opcode stands for, as first bound: the
   compiler emits the opcode only while the variable holds it.  #f for
   the other opcodes.  */
SCM_INTERNAL SCM scm_i_inline_primitive (enum scm_i_opcode op);

/* The opcodes that stand for a primitive, with the name the core binds
   it to (engine.c looks each up at init; eval.c makes the private
   variables of these only).  The record operations have no name a
   program can rebind: only the expansion of define-record-type, which
   calls the primitive objects themselves, reaches them (expand.c,
   record_op).  */
#define SCM_I_FOR_EACH_INLINE_PRIMITIVE(X)                              \
  X ("+", ADD) X ("-", SUB) X ("*", MUL) X ("/", DIV)                   \
  X ("=", NUM_EQ) X ("<", LT) X (">", GT) X ("<=", LE) X (">=", GE)     \
  X ("zero?", ZEROP) X ("not", NOT) X ("eq?", EQ) X ("eqv?", EQV)       \
  X ("char=?", CHAR_EQ) X ("cons", CONS) X ("car", CAR) X ("cdr", CDR)  \
  X ("null?", NULLP) X ("pair?", PAIRP)                                 \
  X ("vector-ref", VREF) X ("vector-set!", VSET)                        \
  X ("set-car!", SET_CAR) X ("set-cdr!", SET_CDR)                       \
  X ("vector-length", VLEN) X ("list", LIST) X ("vector", VECTOR)       \
  X ("quotient", QUOTIENT) X ("remainder", REMAINDER)                   \
  X ("modulo", MODULO) X ("assq", ASSQ) X ("cadr", CADR)                \
  X ("memq", MEMQ) X ("odd?", ODDP) X ("even?", EVENP)                  \
  X ("caar", CAAR) X ("caddr", CADDR) X ("cadar", CADAR)                \
  X ("cddr", CDDR) X ("length", LENGTH) X ("equal?", EQUALP)           \
  X ("%check-list", CHECK_LIST)                                         \
  X ("%record?", RECORD_P) X ("%record-ref", RECORD_REF)                \
  X ("%record-set!", RECORD_SET) X ("%make-record", MAKE_RECORD)

/* The row of each opcode of that list in the tables that hold a
   primitive or a private variable per listed opcode (engine.c,
   eval.c, the prelude's image).  Two of them are static data that
   libgc scans: one row per listed opcode, 45 in all, where tables
   indexed by opcode took a row for every opcode up to the last listed
   one (202), 2.5 KiB more of scanned data.  */
enum scm_i_inline_primitive_row
{
#define SCM_I_INLINE_PRIMITIVE_ROW(name, op) SCM_I_ROW_##op,
  SCM_I_FOR_EACH_INLINE_PRIMITIVE (SCM_I_INLINE_PRIMITIVE_ROW)
#undef SCM_I_INLINE_PRIMITIVE_ROW
  SCM_I_INLINE_PRIMITIVE_COUNT
};

/* The row of opcode OP, -1 if it stands for no primitive.  A switch:
   with OP a constant, as in the instructions, GCC folds it away.  */
static inline int
scm_i_inline_primitive_row (int op)
{
  switch (op)
    {
#define SCM_I_INLINE_PRIMITIVE_CASE(name, op) \
      case SCM_OP_##op: return SCM_I_ROW_##op;
      SCM_I_FOR_EACH_INLINE_PRIMITIVE (SCM_I_INLINE_PRIMITIVE_CASE)
#undef SCM_I_INLINE_PRIMITIVE_CASE
    default:
      return -1;
    }
}

/* The opcode of each row (vm.c).  */
SCM_INTERNAL extern const unsigned short
  scm_i_inline_primitive_ops[SCM_I_INLINE_PRIMITIVE_COUNT];

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
/* The header type code that PRED tests, if it is one of the type
   predicates whose whole test is scm_has_tc8 (known by their C
   function, so a renamed import counts), or SCM_I_TC8_EXACT_INTEGER
   for exact-integer?, SCM_I_TC8_INTEGER for integer?; else -1
   (engine.c).  TYPEP, BR_TYPEP and BRL_TYPEP test such a predicate's
   variable only once scm_i_inline_bindings_intact is 0, which a new
   value of a variable that held one clears.  */
SCM_INTERNAL int scm_i_type_predicate_tc8 (SCM pred);

/* The primitives that TEXT_OP runs, its KIND operand: those of one
   argument first, then string-ref (two) and string-set! (three), so
   that the count follows from the kind (scm_i_text_op_argc).  */
enum scm_i_text_op
{
  SCM_I_TEXT_STRING_LENGTH, SCM_I_TEXT_CHAR_WHITESPACE,
  SCM_I_TEXT_CHAR_ALPHABETIC, SCM_I_TEXT_CHAR_NUMERIC,
  SCM_I_TEXT_READ_CHAR, SCM_I_TEXT_PEEK_CHAR, SCM_I_TEXT_EOF_OBJECT,
  SCM_I_TEXT_STRING_REF, SCM_I_TEXT_STRING_SET
};
/* The number of arguments of TEXT_OP's KIND.  */
static inline size_t
scm_i_text_op_argc (scm_t_bits kind)
{
  return 1 + (kind >= SCM_I_TEXT_STRING_REF) + (kind >= SCM_I_TEXT_STRING_SET);
}
/* The KIND of TEXT_OP for a call of SUBR with NARGS arguments, or -1:
   SUBR known by its object (its static subr, or without static
   allocation its C function), so that a renamed import counts, as
   scm_i_type_predicate_tc8 knows the predicates; a new value of a
   variable that held one clears scm_i_inline_bindings_intact
   (engine.c).  */
SCM_INTERNAL int scm_i_text_op_kind (SCM subr, size_t nargs);

/* Turn CODE's unchecked self calls of variable VAR (GSELFCALL_U & co)
   back into the checked instructions, and clear its
   SCM_I_CODE_FLAG_SELF_U once none is left (engine.c): VAR no longer
   holds the closure of CODE that they assume.  */
SCM_INTERNAL void scm_i_recheck_self_calls (SCM code, SCM var);

/* A bit of a variable's header (of its payload, which is 0 for a
   variable): compiled code calls VAR by GCALL, whose sites
   scm_i_note_known_calls listed (vm.c).  */
#define SCM_I_VARIABLE_KNOWN_CALLS ((scm_t_bits) 1 << 16)
/* That bit and the three above it, which vm.c keeps with it (how often
   stores walked the calls, whether it gave them up): true of this
   process only (the image writer clears them).  */
#define SCM_I_VARIABLE_KNOWN_MASK ((scm_t_bits) 0xf << 16)

/* List the N calls of CODE at word offsets SITES from its entry, each
   a GCALL, and set each to its unchecked twin (GCALL_U) if its
   variable holds a closure of the call's count (vm.c).  */
SCM_INTERNAL void scm_i_note_known_calls (SCM code, const size_t *sites,
                                          size_t n);
/* VAR (SCM_I_VARIABLE_KNOWN_CALLS) is to hold VAL: set each call
   listed with VAR to the twin or to the checked instruction as VAL
   fits its count (vm.c).  */
SCM_INTERNAL void scm_i_recheck_known_calls (SCM var, SCM val);

/* Store VAL in variable VAR, the one way every writer of a variable
   that compiled code may name does it (GSET, GDEF, variable-set!,
   define), so that the inline operations' guard above hears of it,
   and so do the unchecked self calls of the closure VAR held and the
   unchecked calls of VAR (GCALL_U).  */
static inline void
scm_i_variable_store (SCM var, SCM val)
{
  if (SCM_UNLIKELY (SCM_CELL_WORD (var, 0) & SCM_I_VARIABLE_KNOWN_CALLS))
    scm_i_recheck_known_calls (var, val);
  SCM old = SCM_CELL_OBJECT (var, 1);
  if (SCM_UNLIKELY (scm_has_tc8 (old, scm_tc8_subr))
      && !scm_is_eq (old, val))
    scm_i_note_subr_rebound (old);
  else if (scm_i_is_closure (old)
           && SCM_UNLIKELY (SCM_OBJ_FLAGS (SCM_I_CLOSURE_CODE (old))
                            & SCM_I_CODE_FLAG_SELF_U)
           && !scm_is_eq (old, val))
    scm_i_recheck_self_calls (SCM_I_CLOSURE_CODE (old), var);
  SCM_SET_CELL_OBJECT (var, 1, val);
}

#endif /* SCM_VM_INTERNAL_H */
