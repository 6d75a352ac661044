/* vm.c -- the virtual machine's machinery: code objects, closures,
   backtraces, polls, entry from C, init
   SPDX-License-Identifier: LGPL-3.0-or-later

   The engine that runs code, scm_i_vm_run, is engine.c's; C code
   enters it here (scm_i_vm_call), which pushes a boundary frame whose
   return address is HALT.

   The stack (vm-stack.c, with the VM of each thread) is a mapping of
   its own whose slots below `high_water' the collector scans; slots
   above it are kept zero, so that stale values do not keep garbage
   alive.  ENTER checks the frame's need against enter_limit (the
   high-water mark, or NULL while a poll is due) and calls
   scm_i_reserve_stack when it must.  Frames, calls and the
   instruction set are described in vm-internal.h and
   doc/internals.md.  */

#include "runtime/scm-internal.h"
#include "vm/vm-internal.h"
#include "compile/compile-internal.h"
#include "io/srcpos-internal.h"
#include "runtime/conditions-internal.h"
#include "runtime/init-internal.h"
#include "gc/finalizers-internal.h"
#include "runtime/instance-internal.h"

#include <gc/gc_mark.h>
#include <string.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/eval.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>
#include <pthread.h>

/* ------------------------------------------------------------------ */
/* The instruction set, from its table (isa-internal.h).  */

const unsigned char scm_i_op_operands[SCM_OP_COUNT] = {
#define SCM_I_OP_N(name, n, kinds) n,
  SCM_I_FOR_EACH_OP (SCM_I_OP_N)
#undef SCM_I_OP_N
};

const uint32_t scm_i_op_kinds[SCM_OP_COUNT] = {
#define SCM_I_OP_KINDS(name, n, kinds) SCM_I_OPS_##n kinds,
  SCM_I_FOR_EACH_OP (SCM_I_OP_KINDS)
#undef SCM_I_OP_KINDS
};

const char *const scm_i_op_names[SCM_OP_COUNT] = {
#define SCM_I_OP_NAME(name, n, kinds) #name,
  SCM_I_FOR_EACH_OP (SCM_I_OP_NAME)
#undef SCM_I_OP_NAME
};

const unsigned short
scm_i_inline_primitive_ops[SCM_I_INLINE_PRIMITIVE_COUNT] = {
#define SCM_I_INLINE_PRIMITIVE_OP(name, op) SCM_OP_##op,
  SCM_I_FOR_EACH_INLINE_PRIMITIVE (SCM_I_INLINE_PRIMITIVE_OP)
#undef SCM_I_INLINE_PRIMITIVE_OP
};

const char *const scm_i_operand_kind_names[SCM_I_OPK_COUNT_OF_KINDS] = {
  "", "CONST", "FIXNUM", "VAR", "SYM", "PROC", "CODE", "RTD", "EQLIST",
  "SLOT", "FREE", "COUNT", "SIZE", "LABEL", "TC8", "KIND"
};
/* ------------------------------------------------------------------ */
/* Code objects and closures.  */

SCM
scm_i_make_code (const scm_t_bits *words, size_t n, SCM name, SCM file,
                 const struct scm_i_srcmap_entry *map, size_t nmap,
                 unsigned req, int rest)
{
  return scm_i_make_code_with_debug (words, n, name, file, map, nmap, req,
                                     rest, NULL);
}

SCM
scm_i_make_code_with_debug (const scm_t_bits *words, size_t n, SCM name,
                            SCM file, const struct scm_i_srcmap_entry *map,
                            size_t nmap, unsigned req, int rest,
                            const struct scm_i_code_debug *debug)
{
  SCM code = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_code, 0, n),
                                SCM_I_CODE_HEADER_WORDS + n);
  SCM_SET_CELL_OBJECT (code, SCM_I_CODE_NAME, name);
  SCM_SET_CELL_OBJECT (code, SCM_I_CODE_FILE, file);
  if (nmap > 0 || debug != NULL)
    {
      /* With debug data, the block holds a pointer the GC must see.  */
      size_t bytes = sizeof (struct scm_i_srcmap)
        + nmap * sizeof (struct scm_i_srcmap_entry);
      struct scm_i_srcmap *m = debug != NULL
        ? scm_i_alloc (bytes + sizeof debug) : scm_i_alloc_atomic (bytes);
      m->count = nmap | (debug != NULL ? SCM_I_SRCMAP_DEBUG : 0);
      if (nmap > 0)
        memcpy (m->entries, map, nmap * sizeof m->entries[0]);
      if (debug != NULL)
        memcpy (&m->entries[nmap], &debug, sizeof debug);
      SCM_SET_CELL_WORD (code, SCM_I_CODE_SRCMAP, (scm_t_bits) m);
    }
  SCM_SET_CELL_WORD (code, SCM_I_CODE_ARITY,
                     SCM_I_ARITY_OF (req) | (rest ? SCM_I_ARITY_REST : 0));

  scm_i_thread_code (scm_i_code_entry (code), words, n);
  return code;
}

SCM
scm_i_closure_name (SCM closure)
{
  return SCM_CELL_OBJECT (SCM_I_CLOSURE_CODE (closure), SCM_I_CODE_NAME);
}

/* Read by the engine's inline operations, cleared by
   scm_i_note_subr_rebound (vm-internal.h).  */
int scm_i_inline_bindings_intact = 1;

/* ------------------------------------------------------------------ */
/* Known calls: each GCALL of compiled code listed, so that it runs as
   its unchecked twin (GCALL_U) exactly while its variable holds a
   closure of the call's argument count.
   The compiler lists a code's sites once it is made
   (scm_i_note_known_calls); a store into a variable with listed calls
   (scm_i_variable_store, which sees SCM_I_VARIABLE_KNOWN_CALLS in its
   header) sets each call of it to the instruction the new value fits.

   Each code's list is one block that the collector does not scan (a
   few words, where a list of pairs by variable made the compiler
   benchmark's live heap 18% bigger), its first word a disappearing
   link to the code; the blocks are found from one scanned array.  A
   store walks every listed call (rare: a redefinition with another
   count, or by no closure of the same count); at the fourth such
   store a variable is given up: its calls stay checked from then on.  */

struct known_code
{
  scm_t_bits code;              /* 0 once the code is unreachable */
  size_t n;
  uint32_t sites[];             /* word offsets from the code's entry */
};

/* Process-wide, allocated uncollectable (the collector scans it) and
   held by the first VM; the array CODES is scanned too, the blocks it
   points to are not.  */
struct scm_i_known_calls
{
  pthread_mutex_t lock;
  struct known_code **codes;
  size_t n, cap;
};
#define known_calls (scm_i_all_vms[0]->known_calls)

/* Whether VAL is a closure that a call of COUNT arguments enters with
   no adaptation: its code's arity word is that of COUNT (no rest
   parameter, no case-lambda).  */
static int
fits_count (SCM val, scm_t_bits count)
{
  return scm_i_is_closure (val)
    && SCM_CELL_WORD (SCM_I_CLOSURE_CODE (val), SCM_I_CODE_ARITY)
       == SCM_I_ARITY_OF (count);
}

static void *
op_label (int op)
{
  return (char *) (uintptr_t) &scm_i_vm_run + scm_i_op_label_offset (op);
}

/* Set the call at SITE to GCALL_U if U, else to GCALL: one word,
   written at once, so that another thread running the code sees the
   one or the other.  */
static void
set_known_call (scm_t_bits *site, int u)
{
  site[0] = (scm_t_bits) op_label (u ? SCM_OP_GCALL_U : SCM_OP_GCALL);
}

struct known_walk { SCM var, val; int give_up; };

/* Under libgc's lock (a link the collector has not cleared yet must
   not be read into a register otherwise): set each listed call of
   W->var for W->val, and drop the blocks of unreachable code.  With
   W->var 0, drop only.  */
static void *
walk_known_calls (void *data)
{
  struct known_walk *w = data;
  size_t kept = 0;
  for (size_t i = 0; i < known_calls->n; i++)
    {
      struct known_code *k = known_calls->codes[i];
      if (k->code == 0)
        continue;
      known_calls->codes[kept++] = k;
      if (SCM_UNPACK (w->var) == 0)
        continue;
      scm_t_bits *entry = scm_i_code_entry (SCM_PACK (k->code));
      for (size_t j = 0; j < k->n; j++)
        if (entry[k->sites[j] + 1] == SCM_UNPACK (w->var))
          set_known_call (entry + k->sites[j],
                          !w->give_up
                          && fits_count (w->val, entry[k->sites[j] + 3]));
    }
  for (size_t i = kept; i < known_calls->n; i++)
    known_calls->codes[i] = NULL;
  known_calls->n = kept;
  return NULL;
}

/* Bits of a variable's header after SCM_I_VARIABLE_KNOWN_CALLS: the
   walks its stores made (two bits), and whether it was given up.  */
#define KNOWN_WALK_SHIFT 17
#define KNOWN_WALKS ((scm_t_bits) 3 << KNOWN_WALK_SHIFT)
#define KNOWN_GIVEN_UP ((scm_t_bits) 1 << 19)

void
scm_i_note_known_calls (SCM code, const size_t *sites, size_t n)
{
  if (n == 0)
    return;
  struct known_code *k = scm_i_alloc_atomic (sizeof *k + n * sizeof k->sites[0]);
  k->code = SCM_UNPACK (code);
  k->n = n;
  scm_t_bits *entry = scm_i_code_entry (code);
  for (size_t i = 0; i < n; i++)
    k->sites[i] = (uint32_t) sites[i];
  if (GC_GENERAL_REGISTER_DISAPPEARING_LINK ((void **) &k->code,
                                            SCM_UNPACK_POINTER (code))
      == GC_NO_MEMORY)
    scm_out_of_memory ("compile", sizeof (void *));
  pthread_mutex_lock (&known_calls->lock);
  while (known_calls->n == known_calls->cap)
    {
      struct known_walk w = { SCM_PACK (0), SCM_BOOL_F, 0 };
      GC_call_with_alloc_lock (walk_known_calls, &w);
      if (2 * known_calls->n < known_calls->cap)
        break;
      /* A bigger array, made with the lock released (the allocation
         may raise out-of-memory); another thread may have grown it
         meanwhile.  */
      size_t cap = known_calls->cap ? 2 * known_calls->cap : 16;
      pthread_mutex_unlock (&known_calls->lock);
      struct known_code **c = scm_i_alloc (cap * sizeof *c);
      pthread_mutex_lock (&known_calls->lock);
      if (cap > known_calls->cap)
        {
          /* No copy of the first, empty array (NULL: memcpy's
             argument must not be, even for no bytes).  */
          if (known_calls->n != 0)
            memcpy (c, known_calls->codes, known_calls->n * sizeof *c);
          known_calls->codes = c;
          known_calls->cap = cap;
        }
    }
  known_calls->codes[known_calls->n++] = k;
  for (size_t i = 0; i < n; i++)
    {
      SCM var = SCM_PACK (entry[sites[i] + 1]);
      scm_t_bits h = SCM_CELL_WORD (var, 0);
      if (h & KNOWN_GIVEN_UP)
        continue;
      if (!(h & SCM_I_VARIABLE_KNOWN_CALLS))
        SCM_SET_CELL_WORD (var, 0, h | SCM_I_VARIABLE_KNOWN_CALLS);
      set_known_call (entry + sites[i],
                      fits_count (SCM_CELL_OBJECT (var, 1), entry[sites[i] + 3]));
    }
  pthread_mutex_unlock (&known_calls->lock);
}

void
scm_i_recheck_known_calls (SCM var, SCM val)
{
  SCM old = SCM_CELL_OBJECT (var, 1);
  /* The same arity: each call fits the new value as it fitted the old
     (a redefinition with the same parameters).  */
  if (scm_i_is_closure (old) && scm_i_is_closure (val)
      && SCM_CELL_WORD (SCM_I_CLOSURE_CODE (old), SCM_I_CODE_ARITY)
         == SCM_CELL_WORD (SCM_I_CLOSURE_CODE (val), SCM_I_CODE_ARITY))
    return;
  pthread_mutex_lock (&known_calls->lock);
  scm_t_bits h = SCM_CELL_WORD (var, 0);
  struct known_walk w = { var, val, (h & KNOWN_WALKS) == KNOWN_WALKS };
  GC_call_with_alloc_lock (walk_known_calls, &w);
  if (w.give_up)
    h = (h & ~SCM_I_VARIABLE_KNOWN_CALLS) | KNOWN_GIVEN_UP;
  else
    h += (scm_t_bits) 1 << KNOWN_WALK_SHIFT;
  SCM_SET_CELL_WORD (var, 0, h);
  pthread_mutex_unlock (&known_calls->lock);
}

/* ------------------------------------------------------------------ */
/* Where the VM is: source positions and the backtrace.  */

/* The position of the instruction before IP in CLOSURE's code, from
   an entry of its source map at word offset FROM or later.  */
static int
code_position (SCM closure, const scm_t_bits *ip, uint32_t from, SCM *file,
               uint32_t *line, uint32_t *col, uint32_t *macro)
{
  if (!scm_i_is_closure (closure))
    return 0;
  SCM code = SCM_I_CLOSURE_CODE (closure);
  const scm_t_bits *entry = scm_i_code_entry (code);
  size_t n = SCM_OBJ_PAYLOAD (code);
  if (ip <= entry || ip > entry + n)
    return 0;
  const struct scm_i_srcmap *m
    = (const struct scm_i_srcmap *) SCM_CELL_WORD (code, SCM_I_CODE_SRCMAP);
  if (m == NULL)
    return 0;
  uint32_t off = (uint32_t) (ip - entry - 1);
  const struct scm_i_srcmap_entry *best = NULL;
  for (size_t i = 0; i < scm_i_srcmap_count (m) && m->entries[i].offset <= off;
       i++)
    best = &m->entries[i];
  if (best == NULL || best->offset < from)
    return 0;
  *file = SCM_CELL_OBJECT (code, SCM_I_CODE_FILE);
  *line = best->line;
  *col = best->column;
  *macro = best->macro;
  return 1;
}

/* The backtrace entry of PROC's frame at the instruction before IP of
   CLOSURE's code (PROC's own, or the caller's that runs a copy of
   PROC's body from word FROM).  */
static SCM
frame_entry (SCM proc, SCM closure, const scm_t_bits *ip, uint32_t from)
{
  SCM file = SCM_BOOL_F;
  uint32_t line, col, macro;
  SCM v = scm_c_make_vector (5, SCM_BOOL_F);
  if (scm_i_is_closure (proc))
    SCM_VECTOR_SET (v, 0, scm_i_closure_name (proc));
  if (code_position (closure, ip, from, &file, &line, &col, &macro))
    {
      SCM_VECTOR_SET (v, 1, file);
      SCM_VECTOR_SET (v, 2, scm_from_uint64 (line));
      SCM_VECTOR_SET (v, 3, scm_from_uint64 (col));
      if (macro != 0)
        SCM_VECTOR_SET (v, 4, scm_i_macro_of_index (macro));
    }
  return v;
}

#define MAX_BACKTRACE 40

/* Add entry E of CLOSURE's frame to FRAMES, and its position to
   condition OBJ's if it is the first (*LOCATED); a frame of the
   prelude neither.  */
static void
note_frame (SCM obj, SCM *frames, int *located, SCM e, SCM closure)
{
  if (!scm_i_is_closure (closure)
      || scm_i_is_prelude_file (SCM_CELL_OBJECT (SCM_I_CLOSURE_CODE (closure),
                                                 SCM_I_CODE_FILE)))
    return;
  if (!*located && scm_is_true (SCM_VECTOR_REF (e, 1)))
    {
      scm_i_condition_set_position (obj, SCM_VECTOR_REF (e, 1),
                                    scm_to_long (SCM_VECTOR_REF (e, 2)),
                                    scm_to_long (SCM_VECTOR_REF (e, 3)));
      *located = 1;
    }
  *frames = scm_cons (e, *frames);
}

void
scm_i_vm_annotate (SCM obj)
{
  struct scm_i_vm *vm = scm_i_current_vm_if_any ();
  if (vm == NULL || vm->depth == 0 || !scm_is_condition (obj)
      || scm_i_condition_annotated_p (obj))
    return;
  scm_i_condition_mark_annotated (obj);
  SCM closure = vm->closure;
  const scm_t_bits *ip = vm->ip;
  SCM *fp = vm->fp, *bottom = vm->stack + SCM_I_STACK_BOTTOM;
  SCM frames = SCM_EOL;
  int located = 0;
  for (int n = 0; n < MAX_BACKTRACE && fp > bottom; n++)
    {
      /* In the copy of a callee's body, the callee's frame first, and
         the caller's where the ordinary call returns.  */
      const struct scm_i_local_entry *ic = scm_i_inline_copy_at (closure, ip);
      if (ic != NULL)
        {
          SCM e = frame_entry (ic->name, closure, ip, ic->start);
          if (scm_i_recording_frame_locals ())
            e = scm_i_inline_debug_entry (e, ic, fp);
          note_frame (obj, &frames, &located, e, ic->name);
          if ((ic->flags & SCM_I_LOCAL_INLINE_TAIL)
              || ++n == MAX_BACKTRACE)
            goto caller;
          ip = scm_i_code_entry (SCM_I_CLOSURE_CODE (closure)) + ic->slot;
        }
      SCM e = frame_entry (closure, closure, ip, 0);
      if (scm_i_recording_frame_locals ())
        e = scm_i_frame_debug_entry (e, closure, ip, fp);
      note_frame (obj, &frames, &located, e, closure);
    caller:
      closure = fp[-2];
      ip = scm_i_frame_return_ip (fp);
      /* A boundary frame keeps the outer run's ip below its header.  */
      if (ip == scm_i_halt_code ())
        ip = (const scm_t_bits *) SCM_UNPACK (fp[-4]);
      fp = scm_i_frame_caller (fp);
    }
  scm_i_condition_set_backtrace (obj, scm_reverse_x (frames, SCM_EOL));
}

static void SCM_NORETURN
c_stack_overflow (void)
{
  scm_c_raise_error ("stack-overflow", NULL,
                     "stack overflow (too many nested calls from C back "
                     "into Scheme: the C stack is nearly exhausted)",
                     SCM_EOL);
}

SCM
scm_i_make_interrupted_condition (void)
{
  return scm_make_condition (scm_from_utf8_symbol ("interrupted"), SCM_BOOL_F,
                             scm_from_utf8_string ("interrupted"), SCM_EOL);
}

int
scm_i_check_c_stack_slow (struct scm_i_vm *vm, const char *what)
{
  uintptr_t here = (uintptr_t) __builtin_frame_address (0);
  if (here < vm->c_stack_grow)
    {
      if (here < vm->c_stack_low)
        scm_c_raise_errorf ("implementation-restriction", NULL,
                            "%s nested too deeply (the C stack is nearly "
                            "exhausted)", what);
      if (scm_i_c_stack_can_grow (vm))
        return 1;
    }
  /* The expander's and compiler's walks call this at every node: the
     place where compiling a huge program notices Ctrl-C.  */
  if (SCM_UNLIKELY (scm_i_interrupt_flagged (vm)))
    scm_i_poll_interrupt ();
  return 0;
}

/* While more segments can be had, the walks that call
   scm_i_check_c_stack switch to one before the stack gets this low.  */
int
scm_i_c_stack_within_p (size_t reserve)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  return vm->c_stack_low != 0
    && (uintptr_t) __builtin_frame_address (0) < vm->c_stack_low + reserve
    && !scm_i_c_stack_can_grow (vm);
}

int
scm_i_c_stack_low_p (void)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  return (uintptr_t) __builtin_frame_address (0) < vm->c_stack_low;
}

void
scm_i_poll_interrupt (void)
{
  struct scm_i_vm *vm = scm_i_current_vm_if_any ();
  if (vm == NULL || !(vm->depth > 0 || vm->expanding > 0))
    return;
  /* C code polls here every few thousand turns (the reader, the
     expander, long primitives): it reads the clock itself rather than
     wait for the watchdog, whose thread a loaded machine may run 20 ms
     late.  */
  if (vm->limit != NULL)
    scm_i_limit_check_clock (vm);
  if (scm_i_interrupt_flagged (vm))
    scm_i_vm_interrupted (vm);
}

__thread unsigned scm_i_walk_ticks __attribute__ ((tls_model ("initial-exec")));

int
scm_i_evaluating_p (void)
{
  struct scm_i_vm *vm = scm_i_current_vm_if_any ();
  return vm != NULL && (vm->depth > 0 || vm->expanding > 0);
}

/* At most this many collections are abandoned for one pending
   interrupt: a thread that takes long to poll (C code of an embedder's
   that allocates in a loop) would otherwise grow the heap at every
   collection it starts.  */
#define MAX_ABANDONED_COLLECTIONS 8

int
scm_i_abandon_collection_p (void)
{
  struct scm_i_vm *vm = scm_i_current_vm_if_any ();
  /* A deadline that has passed counts as the interrupt the watchdog
     has yet to request: marking a large heap took 20 ms and more.  */
  if (vm == NULL || !(vm->depth > 0 || vm->expanding > 0)
      || !(vm->interrupt_pending
           || (vm->limit != NULL && scm_i_limit_deadline_passed_p (vm)))
      || vm->collections_abandoned >= MAX_ABANDONED_COLLECTIONS)
    return 0;
  vm->collections_abandoned++;
  return 1;
}

void
scm_i_poll_steps (void)
{
  struct scm_i_vm *vm = scm_i_current_vm_if_any ();
  if (vm != NULL && vm->counting_steps)
    scm_i_limit_steps (vm, 0x10000);
  scm_i_poll_interrupt ();
}

/* Drop VM's request to interrupt: nothing ran when it was made, so it
   is for no evaluation.  A limit that is exceeded stays pending.  */
static void
drop_stale_request (struct scm_i_vm *vm)
{
  vm->interrupt_pending = vm->limit != NULL && scm_i_limit_pending_p (vm);
  vm->collections_abandoned = 0;
  scm_i_vm_refresh_enter_limit (vm);
}

/* A top-level evaluation starts on VM.  A request made while nothing
   ran is not for it, unless the REPL has been waiting for its input
   since before the request (scm_i_await_input): a Ctrl-C after the
   line was read and before its evaluation began is for that line.  */
static void
start_evaluation (struct scm_i_vm *vm)
{
  if (vm->awaiting_input)
    {
      vm->collections_abandoned = 0;
      scm_i_vm_refresh_enter_limit (vm);
    }
  else
    drop_stale_request (vm);
}

int
scm_i_await_input (int awaiting)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  int old = vm->awaiting_input;
  /* A request made before the wait, with nothing running, is for no
     input.  Inside an evaluation (a debug level entered at a
     breakpoint) every request is that evaluation's.  */
  if (awaiting && vm->depth == 0 && vm->expanding == 0)
    drop_stale_request (vm);
  vm->awaiting_input = awaiting;
  return old;
}

static void
leave_expansion (void *unused)
{
  (void) unused;
  scm_i_current_vm ()->expanding--;
}

void
scm_i_enter_expansion (void)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  /* This evaluation starts here (vm_enter checks too, but the expansion
     runs first and polls at every node).  */
  if (vm->depth == 0 && vm->expanding == 0)
    start_evaluation (vm);
  vm->expanding++;
  scm_dynwind_unwind_handler (leave_expansion, NULL, SCM_F_WIND_EXPLICITLY);
}

SCM_DEFINE (scm_i_case_lambda, "%case-lambda", 0, 0, 1, (SCM clauses),
            "Return a procedure that, called with @var{n} arguments, "
            "calls the first of the procedures @var{clauses} (made by "
            "@code{lambda}) that takes @var{n} arguments.  (What "
            "@code{case-lambda} expands into.)")
{
  long n = scm_c_list_length (clauses);
  SCM name = SCM_BOOL_F;
  for (SCM l = clauses; scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM_ASSERT_TYPE (scm_i_is_closure (SCM_CAR (l)), SCM_CAR (l), 1,
                       "case-lambda", "procedure made by lambda");
      if (scm_is_false (name))
        name = scm_i_closure_name (SCM_CAR (l));
    }
  /* The code is never run: CALL dispatches on the arity word.  */
  scm_t_bits halt = SCM_OP_HALT;
  SCM code = scm_i_make_code (&halt, 1, name, SCM_BOOL_F, NULL, 0, 0, 0);
  SCM_SET_CELL_WORD (code, SCM_I_CODE_ARITY, SCM_I_ARITY_DISPATCH);
  SCM c = scm_i_make_closure (code, n);
  for (long i = 0; i < n; i++, clauses = SCM_CDR (clauses))
    SCM_SET_CELL_OBJECT (c, 2 + i, SCM_CAR (clauses));
  return c;
}

SCM_DEFINE (scm_i_closure_fix_x, "%closure-fix!", 3, 0, 0,
            (SCM closure, SCM k, SCM value),
            "Set free value @var{k} of @var{closure} to @var{value}.  "
            "(What the compiler emits to tie the procedures of a body "
            "or a @code{letrec}, made together, to each other.)")
{
  SCM_ASSERT_TYPE (scm_i_is_closure (closure), closure, 1, "%closure-fix!",
                   "closure");
  if (!SCM_FIXNUM_P (k) || SCM_FIXNUM_VALUE (k) < 0
      || (size_t) SCM_FIXNUM_VALUE (k) >= SCM_OBJ_PAYLOAD (closure))
    scm_i_out_of_range ("%closure-fix!", 2, k);
  SCM_SET_CELL_OBJECT (closure, 2 + SCM_FIXNUM_VALUE (k), value);
  return SCM_UNSPECIFIED;
}

/* ------------------------------------------------------------------ */
/* Entry from C.  */

/* Enter the VM from C: a new activation, whose C frame is this one.
   A continuation of an enclosing activation longjmps back here and
   scm_i_vm_run starts again in the mode the jump asked for; the activations
   and C catches that the jump left are gone.  */
static SCM
vm_enter (struct scm_i_vm *vm, SCM proc, const SCM *args, size_t nargs,
          int toplevel)
{
  struct scm_i_activation act;
  volatile enum scm_i_resume mode = SCM_I_RESUME_NONE;

  if (SCM_UNLIKELY ((uintptr_t) __builtin_frame_address (0)
                    < vm->c_stack_low))
    c_stack_overflow ();
  if (SCM_UNLIKELY (scm_i_finalizers_pending))
    scm_i_run_pending_finalizers ();
  /* A request made while nothing ran is not for this evaluation,
     unless the REPL keeps it (start_evaluation); one made during its
     expansion is (scm_i_enter_expansion).  */
  if (vm->depth == 0 && vm->expanding == 0)
    start_evaluation (vm);
  scm_i_reserve_stack (vm, vm->sp + 4 + nargs + 8);

  act.prev = vm->act;
  act.id = ++vm->next_act_id;
  act.base = (size_t) (vm->sp - vm->stack);
  act.saved_frozen_top = (size_t) (vm->frozen_top - vm->stack);
  act.saved_frozen = vm->frozen;
  act.saved_catch = vm->catch_top;
  act.depth = vm->depth + 1;
  act.toplevel = toplevel && vm->depth == 0;
  act.base_winders = act.running_base = vm->winders;
  vm->frozen_top = vm->sp;
  vm->frozen = SCM_BOOL_F;
  vm->act = &act;
  vm->depth = act.depth;
  if (SCM_I_SET_JUMP_POINT (act.jmp) != 0)
    {
      /* Back from C code that raised or called a continuation: its
         frames (a failed allocation's, the collector's) are dead and
         would otherwise lie under scm_i_vm_run's next ones with their stale
         pointers.  */
      scm_i_clear_dead_stack ();
      vm->act = &act;
      vm->depth = act.depth;
      vm->catch_top = act.saved_catch;
      mode = vm->resume;
      vm->resume = SCM_I_RESUME_NONE;
    }
  if (mode == SCM_I_RESUME_CONTINUATION)
    scm_i_reinstate (vm, vm->resume_k);
  SCM result = scm_i_vm_run (vm, proc, args, nargs, mode);
  scm_i_reroot_winders (vm, &act);
  vm->act = act.prev;
  vm->depth = act.depth - 1;
  if (vm->depth == 0)
    scm_i_flush_stdout_at_return (1);
  vm->frozen_top = vm->stack + act.saved_frozen_top;
  vm->frozen = act.saved_frozen;
  if (vm->depth == 0)
    scm_i_vm_reset_stack (vm);
  return result;
}

SCM
scm_i_vm_call (SCM proc, const SCM *args, size_t n)
{
  return vm_enter (scm_i_current_vm (), proc, args, n, 0);
}

SCM
scm_i_vm_call_toplevel (SCM proc)
{
  return vm_enter (scm_i_current_vm (), proc, NULL, 0, 1);
}

SCM
scm_call_n (SCM proc, const SCM *args, size_t nargs)
{
  return vm_enter (scm_i_current_vm (), proc, args, nargs, 0);
}

SCM_DEFINE (scm_i_vm_stack_size, "%vm-stack-size", 0, 0, 0, (void),
            "Return the number of slots of the VM stack of this thread in "
            "use at its high-water mark (it grows with deep recursion and "
            "shrinks back at top level).")
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  return scm_from_size_t ((size_t) (vm->high_water - vm->stack));
}

/* The collector's roots: each VM's stack below its high-water mark
   (run with the world stopped).  */
static GC_push_other_roots_proc previous_push_other_roots;

static void GC_CALLBACK
push_vm_stacks (void)
{
  size_t bytes = 0;
  for (size_t i = 0; i < SCM_I_MAX_VMS && scm_i_all_vms[i] != NULL; i++)
    {
      struct scm_i_vm *vm = scm_i_all_vms[i];
      if (vm->stack != NULL && vm->high_water > vm->stack)
        {
          GC_push_all (vm->stack, vm->high_water);
          bytes += (size_t) ((char *) vm->high_water - (char *) vm->stack);
        }
      scm_i_fl_push_marks (&vm->fl);
      /* A mapping replaced by a bigger one: still pointed into.  */
      for (size_t j = 0; j < vm->n_old_maps; j++)
        {
          GC_push_all (vm->old_maps[j].base,
                       (char *) vm->old_maps[j].base + vm->old_maps[j].bytes);
          bytes += vm->old_maps[j].bytes;
        }
    }
  scm_i_gc_note_vm_stacks (bytes);
  if (previous_push_other_roots != NULL)
    previous_push_other_roots ();
}

void
scm_init_vm (void)
{
  previous_push_other_roots = GC_get_push_other_roots ();
  GC_set_push_other_roots (push_vm_stacks);
  scm_i_init_vm_engine ();
  /* The first VM, which holds the known calls.  */
  (void) scm_i_current_vm ();
  known_calls = GC_MALLOC_UNCOLLECTABLE (sizeof *known_calls);
  pthread_mutex_init (&known_calls->lock, NULL);
#ifndef SCM_MAGIC_SNARFER
#include "vm/vm.x"
#endif
}

