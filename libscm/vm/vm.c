/* vm.c -- the virtual machine: runs threaded bytecode on its own stack
   SPDX-License-Identifier: LGPL-3.0-or-later

   One function, vm_run, holds the registers in C locals and dispatches
   with computed gotos (direct threading: every instruction word is the
   address of its label).  A Scheme call pushes a frame on the VM stack
   and jumps; nothing recurses in C, so recursion depth is bounded by
   the stack limit, not the C stack.  C code re-enters through
   scm_i_vm_call, which pushes a boundary frame whose return address is
   HALT.

   The stack (vm-stack.c, with the VM of each thread) is a mapping of
   its own whose slots below `high_water' the collector scans; slots
   above it are kept zero, so that stale values do not keep garbage
   alive.  ENTER checks the frame's need against enter_limit (the
   high-water mark, or NULL while a poll is due) and calls
   scm_i_reserve_stack when it must.  The registers are written back
   to the vm struct (SYNC) before anything that can allocate, raise or
   re-enter, and read back after a call that can re-enter (the stack
   may have moved, when its limit was raised).  Frames, calls and the
   instruction set are described in vm-internal.h and doc/internals.md.  */

#include "runtime/scm-internal.h"
#include "values/strings-internal.h"
#include "vm/vm-internal.h"
#include "compile/compile-internal.h"
#include "io/srcpos-internal.h"
#include "runtime/conditions-internal.h"
#include "runtime/init-internal.h"
#include "gc/finalizers-internal.h"
#include "runtime/instance-internal.h"

#include <gc/gc_mark.h>
#include <stdlib.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/eq.h>
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
#include <libscm/records.h>

const unsigned char scm_i_op_operands[SCM_OP_COUNT] = {
#define SCM_I_OP_N(name, n) n,
  SCM_I_FOR_EACH_OP (SCM_I_OP_N)
#undef SCM_I_OP_N
};

const char *const scm_i_op_names[SCM_OP_COUNT] = {
#define SCM_I_OP_NAME(name, n) #name,
  SCM_I_FOR_EACH_OP (SCM_I_OP_NAME)
#undef SCM_I_OP_NAME
};

/* The address of each instruction's label, filled in by vm_run's first
   call, and the one-instruction code that a boundary frame returns to.
   Both are constant after init.  */
static void *op_labels[SCM_OP_COUNT];
static scm_t_bits halt_code[1];
static scm_t_bits popbranch_code[1];
static scm_t_bits pushret_code[1];
static scm_t_bits return_code[1];

scm_t_bits *scm_i_return_code (void) { return return_code; }
scm_t_bits *scm_i_halt_code (void) { return halt_code; }

int
scm_i_opcode_of_label (const void *label)
{
  for (int op = 0; op < SCM_OP_COUNT; op++)
    if (op_labels[op] == label)
      return op;
  return -1;
}

long
scm_i_op_label_offset (int op)
{
  /* The image is checked against the labels before the VM's init (the
     core module's table comes from it): fill them in first.  */
  if (SCM_UNLIKELY (op_labels[op] == NULL))
    scm_i_vm_run (NULL, SCM_BOOL_F, NULL, 0, SCM_I_RESUME_NONE);
  return (long) ((const char *) op_labels[op]
                 - (const char *) (uintptr_t) &scm_i_vm_run);
}

/* The primitive each inline opcode stands for.  */
static SCM inline_primitives[SCM_OP_COUNT];


/* ------------------------------------------------------------------ */
/* Code objects and closures.  */

/* Nonzero if operand J of OP is a jump target (an offset in the
   compiler's output, an address in the code object).  */
int
scm_i_op_is_jump_target (enum scm_i_opcode op, unsigned j)
{
  switch (op)
    {
    case SCM_OP_JUMP: case SCM_OP_JUMPF: case SCM_OP_FRAME:
    case SCM_OP_PUSH_FRAME: case SCM_OP_FRAME_LREF_PUSH:
      return j == 1;
    case SCM_OP_BR_NUM_EQ: case SCM_OP_BR_LT: case SCM_OP_BR_GT:
    case SCM_OP_BR_LE: case SCM_OP_BR_GE: case SCM_OP_BR_EQ:
    case SCM_OP_BR_ZEROP: case SCM_OP_BR_NOT: case SCM_OP_BR_NULLP:
    case SCM_OP_BR_PAIRP:
      return j == 2;
    case SCM_OP_SELF_TAILCALL: case SCM_OP_SELF_TAILCALL_ACC:
    case SCM_OP_SELF_TAILCALL1: case SCM_OP_SELF_TAILCALL2:
      return j == 3;
    case SCM_OP_SELF_CALL:
      return j == 2;
    case SCM_OP_GSELFCALL: case SCM_OP_GSELFTAILCALL:
      return j == 4;
    case SCM_OP_BRLK_NUM_EQ: case SCM_OP_BRLK_LT: case SCM_OP_BRLK_GT:
    case SCM_OP_BRLK_LE: case SCM_OP_BRLK_GE: case SCM_OP_BRLK_EQ:
    case SCM_OP_BRLL_NUM_EQ: case SCM_OP_BRLL_LT: case SCM_OP_BRLL_GT:
    case SCM_OP_BRLL_LE: case SCM_OP_BRLL_GE:
    case SCM_OP_BR_VREF_FL:
    case SCM_OP_BR_TYPEP:
      return j == 4;
    case SCM_OP_BRL_TYPEP:
      return j == 5;
    case SCM_OP_INLINE_GUARD:
      return j == 3;
    case SCM_OP_BRN_NUM_EQ: case SCM_OP_BRN_LT: case SCM_OP_BRN_GT:
    case SCM_OP_BRN_LE: case SCM_OP_BRN_GE:
    case SCM_OP_BRL_NUM_EQ: case SCM_OP_BRL_LT: case SCM_OP_BRL_GT:
    case SCM_OP_BRL_LE: case SCM_OP_BRL_GE:
    case SCM_OP_BRL_NULLP: case SCM_OP_BRL_PAIRP: case SCM_OP_BR_VREF_L:
    case SCM_OP_BRR_NUM_EQ: case SCM_OP_BRR_LT: case SCM_OP_BRR_GT:
    case SCM_OP_BRR_LE: case SCM_OP_BRR_GE:
      return j == 3;
    default:
      return 0;
    }
}

SCM
scm_i_make_code (const scm_t_bits *words, size_t n, SCM name, SCM file,
                 const struct scm_i_srcmap_entry *map, size_t nmap,
                 unsigned req, int rest)
{
  SCM code = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_code, 0, n),
                                SCM_I_CODE_HEADER_WORDS + n);
  SCM_SET_CELL_OBJECT (code, SCM_I_CODE_NAME, name);
  SCM_SET_CELL_OBJECT (code, SCM_I_CODE_FILE, file);
  if (nmap > 0)
    {
      struct scm_i_srcmap *m = scm_i_alloc_atomic
        (sizeof *m + nmap * sizeof m->entries[0]);
      m->count = nmap;
      memcpy (m->entries, map, nmap * sizeof m->entries[0]);
      SCM_SET_CELL_WORD (code, SCM_I_CODE_SRCMAP, (scm_t_bits) m);
    }
  SCM_SET_CELL_WORD (code, SCM_I_CODE_ARITY,
                     ((scm_t_bits) req << 2) | (rest ? SCM_I_ARITY_REST : 0));

  scm_t_bits *entry = scm_i_code_entry (code);
  for (size_t i = 0; i < n;)
    {
      enum scm_i_opcode op = (enum scm_i_opcode) words[i];
      unsigned k = scm_i_op_operands[op];
      entry[i] = (scm_t_bits) op_labels[op];
      for (unsigned j = 1; j <= k; j++)
        entry[i + j] = scm_i_op_is_jump_target (op, j)
          ? (scm_t_bits) (entry + words[i + j]) : words[i + j];
      i += 1 + k;
    }
  return code;
}

SCM
scm_i_make_closure (SCM code, size_t nfree)
{
  SCM c = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_closure, 0, nfree),
                             2 + nfree);
  SCM_SET_CELL_OBJECT (c, 1, code);
  return c;
}

SCM
scm_i_closure_name (SCM closure)
{
  return SCM_CELL_OBJECT (SCM_I_CLOSURE_CODE (closure), SCM_I_CODE_NAME);
}

SCM
scm_i_inline_primitive (enum scm_i_opcode op)
{
  return inline_primitives[op];
}

int scm_i_inline_bindings_intact = 1;

void
scm_i_note_subr_rebound (SCM old)
{
  /* Rare (a primitive's binding changed): a scan of the table.  */
  for (int op = 0; op < SCM_OP_COUNT; op++)
    if (scm_is_eq (inline_primitives[op], old))
      {
        scm_i_inline_bindings_intact = 0;
        return;
      }
}

/* ------------------------------------------------------------------ */
/* Where the VM is: source positions and the backtrace.  */

/* The position of the instruction before IP in CLOSURE's code.  */
static int
code_position (SCM closure, const scm_t_bits *ip, SCM *file,
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
  for (size_t i = 0; i < m->count && m->entries[i].offset <= off; i++)
    best = &m->entries[i];
  if (best == NULL)
    return 0;
  *file = SCM_CELL_OBJECT (code, SCM_I_CODE_FILE);
  *line = best->line;
  *col = best->column;
  *macro = best->macro;
  return 1;
}

static SCM
frame_entry (SCM closure, const scm_t_bits *ip)
{
  SCM file = SCM_BOOL_F;
  uint32_t line, col, macro;
  SCM v = scm_c_make_vector (5, SCM_BOOL_F);
  if (scm_i_is_closure (closure))
    SCM_VECTOR_SET (v, 0, scm_i_closure_name (closure));
  if (code_position (closure, ip, &file, &line, &col, &macro))
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
      SCM e = frame_entry (closure, ip);
      if (scm_i_is_closure (closure)
          && scm_i_is_prelude_file (SCM_CELL_OBJECT
                                    (SCM_I_CLOSURE_CODE (closure),
                                     SCM_I_CODE_FILE)))
        closure = SCM_BOOL_F;   /* not shown, not a location */
      else if (!located && scm_is_true (SCM_VECTOR_REF (e, 1)))
        {
          scm_i_condition_set_position (obj, SCM_VECTOR_REF (e, 1),
                                        scm_to_long (SCM_VECTOR_REF (e, 2)),
                                        scm_to_long (SCM_VECTOR_REF (e, 3)));
          located = 1;
        }
      if (scm_i_is_closure (closure))
        frames = scm_cons (e, frames);
      closure = fp[-2];
      ip = (const scm_t_bits *) SCM_UNPACK (fp[-1]);
      /* A boundary frame keeps the outer run's ip below its header.  */
      if (ip == halt_code)
        ip = (const scm_t_bits *) SCM_UNPACK (fp[-4]);
      fp = scm_i_frame_caller (fp);
    }
  scm_i_condition_set_backtrace (obj, scm_reverse_x (frames, SCM_EOL));
}

/* ------------------------------------------------------------------ */
/* Errors raised by instructions.  Out of line: the hot paths only
   branch to them.  */

static void SCM_NORETURN
unbound_variable (SCM sym)
{
  scm_c_raise_error ("unbound-variable", NULL, "unbound variable",
                     scm_list_1 (sym));
}

static void SCM_NORETURN
unassigned_variable (SCM sym)
{
  scm_c_raise_error ("unbound-variable", NULL,
                     "variable used before its definition",
                     scm_list_1 (sym));
}

static void SCM_NORETURN
not_a_procedure (SCM x)
{
  scm_c_raise_error ("wrong-type-arg", NULL,
                     "wrong type to apply (not a procedure)",
                     scm_list_1 (x));
}

static const char *
closure_name_or (SCM closure, const char *dflt)
{
  SCM name = scm_i_closure_name (closure);
  return scm_is_symbol (name)
    ? scm_i_to_utf8_stringn (scm_symbol_to_string (name), NULL) : dflt;
}

static void SCM_NORETURN
closure_arity_error (SCM closure, size_t given)
{
  scm_t_bits arity = SCM_CELL_WORD (SCM_I_CLOSURE_CODE (closure),
                                    SCM_I_CODE_ARITY);
  if (arity & SCM_I_ARITY_DISPATCH)
    scm_c_raise_errorf ("wrong-number-of-args",
                        closure_name_or (closure, "#<procedure>"),
                        "wrong number of arguments (no clause of the "
                        "case-lambda takes %zu)", given);
  scm_c_raise_errorf ("wrong-number-of-args",
                      closure_name_or (closure, "#<procedure>"),
                      "wrong number of arguments (expected %s%lu, given %zu)",
                      (arity & SCM_I_ARITY_REST) ? "at least " : "",
                      (unsigned long) SCM_I_ARITY_REQ (arity), given);
}

static void SCM_NORETURN
improper_apply_list (SCM lst)
{
  scm_c_raise_error ("wrong-type-arg", "apply",
                     "wrong type argument in last position (expected "
                     "a proper list)", scm_list_1 (lst));
}

static void SCM_NORETURN
c_stack_overflow (void)
{
  scm_c_raise_error ("stack-overflow", NULL,
                     "stack overflow (too many nested calls from C back "
                     "into Scheme: the C stack is nearly exhausted)",
                     SCM_EOL);
}

/* At an interrupt check that found a flag: raise a fired limit's
   condition, or `interrupted' for a request of the thread's or of an
   instance it is in, or return if the flag was only an instance
   request for other threads.  */
static void
interrupted (struct scm_i_vm *vm)
{
  if (vm->limit != NULL)
    scm_i_limit_poll (vm);
  int due = vm->instance_check && scm_i_instance_interrupt_due (vm);
  if (due || vm->interrupt_pending)
    {
      vm->interrupt_pending = 0;
      vm->collections_abandoned = 0;
      scm_i_vm_refresh_enter_limit (vm);
      scm_raise (scm_i_make_interrupted_condition ());
    }
  scm_i_vm_refresh_enter_limit (vm);
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
  if (vm != NULL && (vm->depth > 0 || vm->expanding > 0)
      && scm_i_interrupt_flagged (vm))
    interrupted (vm);
}

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
  if (vm == NULL || !(vm->depth > 0 || vm->expanding > 0)
      || !vm->interrupt_pending
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
  /* A request made while nothing ran is not for this evaluation, which
     starts here (vm_enter drops it too, but the expansion runs first
     and polls at every node).  */
  if (vm->depth == 0 && vm->expanding == 0)
    {
      vm->interrupt_pending = vm->limit != NULL && scm_i_limit_pending_p (vm);
      vm->collections_abandoned = 0;
      scm_i_vm_refresh_enter_limit (vm);
    }
  vm->expanding++;
  scm_dynwind_unwind_handler (leave_expansion, NULL, SCM_F_WIND_EXPLICITLY);
}

/* The first clause of case-lambda closure C that takes N arguments, or
   #f.  */
static SCM
case_lambda_clause (SCM c, size_t n)
{
  size_t nclauses = SCM_OBJ_PAYLOAD (c);
  for (size_t i = 0; i < nclauses; i++)
    {
      SCM clause = SCM_I_CLOSURE_FREE (c, i);
      scm_t_bits a = SCM_CELL_WORD (SCM_I_CLOSURE_CODE (clause),
                                    SCM_I_CODE_ARITY);
      size_t req = SCM_I_ARITY_REQ (a);
      if ((a & SCM_I_ARITY_REST) ? n >= req : n == req)
        return clause;
    }
  return SCM_BOOL_F;
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

/* The rest list of a call: the N values at ARGS.  */
static SCM
rest_list (const SCM *args, size_t n)
{
  /* The VM's lists, found through the thread-local pointer: passing the
     VM down from vm_run moved its register allocation (tak +0.2%).  */
  struct scm_i_vm *vm = scm_i_current_vm ();
  SCM l = SCM_EOL;
  while (n-- > 0)
    {
      SCM *p = scm_i_fl_alloc (&vm->fl, 0);
      p[0] = args[n];
      p[1] = l;
      l = SCM_PACK_POINTER (p);
    }
  return l;
}

SCM
scm_i_rest_list (const SCM *args, size_t n)
{
  return rest_list (args, n);
}

/* LIST's work, out of vm_run: the list of the N values at ARGS and
   then LAST.  */
static SCM __attribute__ ((noinline))
list_of_values (const SCM *args, size_t n, SCM last)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  SCM *p = scm_i_fl_alloc (&vm->fl, 0);
  p[0] = last;
  p[1] = SCM_EOL;
  SCM l = SCM_PACK_POINTER (p);
  while (n-- > 0)
    {
      p = scm_i_fl_alloc (&vm->fl, 0);
      p[0] = args[n];
      p[1] = l;
      l = SCM_PACK_POINTER (p);
    }
  return l;
}

/* The slow path of a call of closure *PROC with the N arguments at
   ARGS, whose count its arity word does not match exactly: choose the
   clause of a case-lambda (into *PROC), then gather the arguments past
   the required ones into a rest list in place.  Returns the new count
   of argument slots (the stack has room for one more, FRAME_SLACK);
   raises wrong-number-of-args if no clause or arity takes N.  */
static size_t
adapt_arguments (SCM *proc, SCM *args, size_t n)
{
  scm_t_bits arity = SCM_CELL_WORD (SCM_I_CLOSURE_CODE (*proc),
                                    SCM_I_CODE_ARITY);
  if (arity & SCM_I_ARITY_DISPATCH)
    {
      SCM clause = case_lambda_clause (*proc, n);
      if (scm_is_false (clause))
        closure_arity_error (*proc, n);
      *proc = clause;
      arity = SCM_CELL_WORD (SCM_I_CLOSURE_CODE (clause), SCM_I_CODE_ARITY);
      if (arity == n << 2)
        return n;
    }
  size_t req = SCM_I_ARITY_REQ (arity);
  if (!(arity & SCM_I_ARITY_REST) || n < req)
    closure_arity_error (*proc, n);
  /* No rest argument (map's usual call): no call, no look-up of the
     VM.  */
  args[req] = n == req ? SCM_EOL : rest_list (args + req, n - req);
  return req + 1;
}

/* A record of type RTD with NFIELDS fields, its header and type
   written, its fields left to the caller: from the VM's free lists
   when it fits one, from the GC otherwise.  */
static inline scm_t_bits *
start_record (struct scm_i_vm *vm, SCM rtd, size_t nfields)
{
  size_t words = nfields + 2;
  scm_t_bits *p = words <= 2 * SCM_I_FL_NORMAL
    ? scm_i_fl_alloc (&vm->fl, scm_i_fl_index (words))
    : scm_i_alloc (words * sizeof (scm_t_bits));
  p[0] = SCM_MAKE_HEADER (scm_tc8_record, 0, nfields);
  p[1] = SCM_UNPACK (rtd);
  return p;
}

/* MAKE_RECORD's work, out of the loop so that it costs vm_run no
   registers: a record of type ARGS[0] (or LAST when N is 1) holding
   ARGS[1..N-2] and LAST.  */
static SCM __attribute__ ((noinline))
make_record (struct scm_i_vm *vm, SCM *args, size_t n, SCM last)
{
  SCM rtd = n == 1 ? last : args[0];
  /* One compare: a record type with N - 1 fields.  */
  if (SCM_LIKELY (SCM_HEAP_OBJECT_P (rtd)
                  && SCM_HEADER (rtd)
                  == SCM_MAKE_HEADER (scm_tc8_record, SCM_I_RECORD_FLAG_TYPE,
                                      n - 1)))
    {
      scm_t_bits *p = start_record (vm, rtd, n - 1);
      for (size_t i = 1; i + 1 < n; i++)
        p[1 + i] = SCM_UNPACK (args[i]);
      if (n > 1)
        p[n] = SCM_UNPACK (last);
      return SCM_PACK_POINTER (p);
    }
  /* Not a type, or the wrong count: the primitive's error.  */
  SCM values = SCM_EOL;
  if (n > 1)
    values = scm_cons (last, values);
  for (size_t i = n - 1; i-- > 1;)
    values = scm_cons (args[i], values);
  return scm_make_record (rtd, values);
}

/* Record P (header and type written) with its N fields from the N
   values at ARGS, the last in LAST.  */
static inline SCM
fill_known_record (scm_t_bits *p, const SCM *args, size_t n, SCM last)
{
  /* Up to 8 values copied with no loop: one indirect jump, where the
     loop cost about 13 instructions for gcbench's four fields, a
     fifth of the record's making.  */
  switch (n)
    {
    case 8: p[8] = SCM_UNPACK (args[6]); /* Fall through.  */
    case 7: p[7] = SCM_UNPACK (args[5]); /* Fall through.  */
    case 6: p[6] = SCM_UNPACK (args[4]); /* Fall through.  */
    case 5: p[5] = SCM_UNPACK (args[3]); /* Fall through.  */
    case 4: p[4] = SCM_UNPACK (args[2]); /* Fall through.  */
    case 3: p[3] = SCM_UNPACK (args[1]); /* Fall through.  */
    case 2: p[2] = SCM_UNPACK (args[0]); /* Fall through.  */
    case 1: break;
    default:
      for (size_t i = 0; i + 1 < n; i++)
        p[2 + i] = SCM_UNPACK (args[i]);
    }
  p[1 + n] = SCM_UNPACK (last);
  return SCM_PACK_POINTER (p);
}

/* make_known_record when VM's list is empty or the record too large
   for one: start_record refills or allocates, and may collect.  */
static SCM __attribute__ ((noinline))
make_known_record_slow (SCM rtd, const SCM *args, size_t n, SCM last,
                        struct scm_i_vm *vm)
{
  return fill_known_record (start_record (vm, rtd, n), args, n, last);
}

/* A record of type RTD, which compile.c checked has N fields, from
   the N values at ARGS, the last in LAST (KREC_MAKE), on VM's free
   lists.  The pop and the stores, with no call: the slow path is a
   tail call with the same arguments, so that this saves no registers
   (nor looks the VM up: a thread-local variable is a call in PIC
   code).  */
static SCM __attribute__ ((noinline))
make_known_record (SCM rtd, const SCM *args, size_t n, SCM last,
                   struct scm_i_vm *vm)
{
  scm_t_bits *p = n + 2 <= 2 * SCM_I_FL_NORMAL
    ? scm_i_fl_pop (&vm->fl, scm_i_fl_index (n + 2)) : NULL;
  if (SCM_UNLIKELY (p == NULL))
    return make_known_record_slow (rtd, args, n, last, vm);
  p[0] = SCM_MAKE_HEADER (scm_tc8_record, 0, n);
  p[1] = SCM_UNPACK (rtd);
  return fill_known_record (p, args, n, last);
}

/* Nonzero if OBJ is a record of type RTD (the header's low 16 bits are
   the type code and the flags, none for a record).  */
static inline int
is_record_of (SCM obj, SCM rtd)
{
  return SCM_HEAP_OBJECT_P (obj)
    && (SCM_HEADER (obj) & 0xffff) == scm_tc8_record
    && scm_is_eq (SCM_CELL_OBJECT (obj, 1), rtd);
}

/* Nonzero if KREC_REF or KREC_SET instruction IP may run inline on
   record OBJ: its variable still holds its procedure, and OBJ is a
   record of its type with field K.  */
static inline int
krec_fits (const scm_t_bits *ip, SCM obj)
{
  return scm_is_eq (SCM_CELL_OBJECT (SCM_PACK (ip[1]), 1), SCM_PACK (ip[2]))
    && is_record_of (obj, SCM_PACK (ip[3]))
    && (scm_t_bits) SCM_FIXNUM_VALUE (SCM_PACK (ip[4])) < SCM_OBJ_PAYLOAD (obj);
}

/* The result of KREC_ACCESS instruction IP (inline.c, scm_i_record_proc),
   now only a predicate's (accessors and modifiers are KREC_REF and
   KREC_SET), on ACC; SCM_UNDEFINED if its variable no longer holds its
   procedure.  Out of vm_run: the VM loop keeps nothing live across the
   call, which costs fib and tak nothing.  */
static SCM __attribute__ ((noinline))
krec_access (const scm_t_bits *ip, SCM acc)
{
  if (!scm_is_eq (SCM_CELL_OBJECT (SCM_PACK (ip[1]), 1), SCM_PACK (ip[2])))
    return SCM_UNDEFINED;
  return scm_from_bool (is_record_of (acc, SCM_PACK (ip[3])));
}

/* ------------------------------------------------------------------ */
/* The interpreter loop.  */

#define SYNC_AT(p)							\
  (vm->sp = sp, vm->fp = fp, vm->ip = (p), vm->closure = closure)
/* Inside an instruction: IP + 1 lies within it.  */
#define SYNC() SYNC_AT (ip + 1)
#define RELOAD() (sp = vm->sp, fp = vm->fp)
/* The link word of a frame header at H called from the running frame
   (vm-internal.h).  */
#define FRAME_LINK(h) scm_i_frame_link ((h), fp)
#define DISPATCH() goto *(void *) ip[0]
#define NEXT(k) do { ip += (k) + 1; DISPATCH (); } while (0)
#define OPERAND_SCM(i) SCM_PACK (ip[i])
/* P = an object of the VM's NORMAL free list I (scm-internal.h): its
   first word is the link, to overwrite, the others zero.  Only the
   refill of an empty list, which may collect or raise out-of-memory,
   needs the registers synced.  */
#define VM_ALLOC(p, i)							\
  do {									\
    (p) = scm_i_fl_pop (&vm->fl, (i));					\
    if (SCM_UNLIKELY ((p) == NULL))					\
      {									\
        SYNC ();							\
        (p) = scm_i_fl_refill (&vm->fl, (i));				\
      }									\
  } while (0)

/* The 4 KiB region of pair P: within one libgc block (at least 4 KiB),
   so of one kind.  */
#define PAIR_BLOCK(p) ((uintptr_t) SCM_UNPACK (p) & ~(uintptr_t) 4095)

/* Nonzero if set-car! may change pair P (not a literal); if so, VM
   remembers P's block, so that the next pair there needs no look-up.
   Out of vm_run: the look-up is two calls into libgc.  */
static int __attribute__ ((noinline))
pair_mutable_slow (struct scm_i_vm *vm, SCM p)
{
  if (scm_i_is_immutable_pair (p))
    return 0;
  vm->mutable_pair_block = PAIR_BLOCK (p);
  return 1;
}

/* A mark-end hook: the blocks the VMs remember may be freed by this
   collection and reused for literals.  */
static void
forget_mutable_pair_blocks (void)
{
  for (size_t i = 0; i < SCM_I_MAX_VMS; i++)
    if (scm_i_all_vms[i] != NULL)
      scm_i_all_vms[i]->mutable_pair_block = 0;
}

/* The guard of an inline primitive: its variable still holds it.  */
/* Call the C function of IMPL with N arguments (1 to 3), the last
   in ACC, the others below SP (SUBR_CALL).  Out of vm_run, so that
   the three calls cost its register allocation nothing.  */
static SCM __attribute__ ((noinline))
subr_direct (SCM impl, const SCM *sp, size_t n, SCM acc)
{
  scm_t_bits fn = SCM_CELL_WORD (impl, 1);
  switch (n)
    {
    case 1: return ((SCM (*) (SCM)) fn) (acc);
    case 2: return ((SCM (*) (SCM, SCM)) fn) (sp[-1], acc);
    default: return ((SCM (*) (SCM, SCM, SCM)) fn) (sp[-2], sp[-1], acc);
    }
}

/* The same for SUBR_CALL_REST: IMPL takes a rest list after the N
   arguments, and gets '() (char<? or max of two).  */
static SCM __attribute__ ((noinline))
subr_direct_rest (SCM impl, const SCM *sp, size_t n, SCM acc)
{
  scm_t_bits fn = SCM_CELL_WORD (impl, 1);
  switch (n)
    {
    case 1: return ((SCM (*) (SCM, SCM)) fn) (acc, SCM_EOL);
    case 2: return ((SCM (*) (SCM, SCM, SCM)) fn) (sp[-1], acc, SCM_EOL);
    default:
      return ((SCM (*) (SCM, SCM, SCM, SCM)) fn) (sp[-2], sp[-1], acc,
                                                  SCM_EOL);
    }
}

/* While no binding of an inline primitive has changed anywhere, the
   variable needs no look (vm-internal.h): two instructions, not
   four, in every inline operation.  */
#define PRIM_INTACT(op)							\
  (SCM_LIKELY (scm_i_inline_bindings_intact == 1)				\
   || scm_is_eq (SCM_CELL_OBJECT (OPERAND_SCM (1), 1),			\
                 inline_primitives[op]))

#define BOTH_FIXNUMS(a, b) ((SCM_UNPACK (a) & SCM_UNPACK (b) & 2) != 0)
/* SCM_FIXNUM_P in one test: of the values, only fixnums have bit 1 set
   (scm.h: ...10 fixnums, ...100 immediates, ...000 pointers).  */
#define IS_FIXNUM(x) ((SCM_UNPACK (x) & 2) != 0)

/* Fixnum K's value if K is a fixnum, as an unsigned word; anything
   else is at least 2^62: a fixnum is 4x + 2, and the rotation brings
   any other tag into the top bits.  So one unsigned compare with a
   length checks the type and the range (a negative x is huge too).  */
static inline scm_t_bits
index_or_huge (SCM k)
{
  scm_t_bits w = SCM_UNPACK (k) - 2;
  return (w >> 2) | (w << (sizeof w * 8 - 2));
}

/* *R = element K of V, if V is a vector and K a fixnum within it.  */
static inline int
vector_ref_fast (SCM v, SCM k, SCM *r)
{
  scm_t_bits i = index_or_huge (k);
  if (!scm_is_vector (v) || i >= SCM_VECTOR_LENGTH (v))
    return 0;
  *r = SCM_VECTOR_REF (v, i);
  return 1;
}

/* Element K of V = X, if V is a mutable vector (the flags are part of
   the one compare) and K a fixnum within it.  */
static inline int
vector_set_fast (SCM v, SCM k, SCM x)
{
  scm_t_bits i = index_or_huge (k);
  if (!SCM_HEAP_OBJECT_P (v) || (SCM_HEADER (v) & 0xffff) != scm_tc8_vector
      || i >= SCM_VECTOR_LENGTH (v))
    return 0;
  SCM_VECTOR_SET (v, i, x);
  return 1;
}

/* Fixnum arithmetic on the tagged words (4x + 2): nonzero, with the
   result in *R, if A and B are fixnums and the result is one.  */
/* (4x + 2) +- (4y + 2 - 2) is 4(x +- y) + 2: no untagging.  */
#define DEFINE_FIXNUM_ADDSUB(name, overflow_op)				\
  static inline int							\
  name (SCM a, SCM b, SCM *r)						\
  {									\
    scm_t_signed_bits x;						\
    if (!BOTH_FIXNUMS (a, b)						\
        || overflow_op ((scm_t_signed_bits) SCM_UNPACK (a),		\
                        (scm_t_signed_bits) SCM_UNPACK (b) - 2, &x))	\
      return 0;								\
    *r = SCM_PACK ((scm_t_bits) x);					\
    return 1;								\
  }
DEFINE_FIXNUM_ADDSUB (fixnum_add, __builtin_add_overflow)
DEFINE_FIXNUM_ADDSUB (fixnum_sub, __builtin_sub_overflow)

/* The same when B is known to be a fixnum (a constant operand that the
   compiler checked): one test fewer.  */
#define DEFINE_FIXNUM_ADDSUBK(name, overflow_op)			\
  static inline int							\
  name (SCM a, SCM k, SCM *r)						\
  {									\
    scm_t_signed_bits x;						\
    if (!(SCM_UNPACK (a) & 2)						\
        || overflow_op ((scm_t_signed_bits) SCM_UNPACK (a),		\
                        (scm_t_signed_bits) SCM_UNPACK (k) - 2, &x))	\
      return 0;								\
    *r = SCM_PACK ((scm_t_bits) x);					\
    return 1;								\
  }
DEFINE_FIXNUM_ADDSUBK (fixnum_addk, __builtin_add_overflow)
DEFINE_FIXNUM_ADDSUBK (fixnum_subk, __builtin_sub_overflow)

static inline int
fixnum_mul (SCM a, SCM b, SCM *r)
{
  scm_t_signed_bits x;
  if (!BOTH_FIXNUMS (a, b)
      || __builtin_mul_overflow (SCM_FIXNUM_VALUE (a),
                                 (scm_t_signed_bits) SCM_UNPACK (b) - 2, &x))
    return 0;
  *r = SCM_PACK ((scm_t_bits) x + 2);
  return 1;
}

/* X as a double if it is a flonum or a fixnum, what the generic
   arithmetic converts a fixnum to next to a flonum (numbers.c).  */
static inline int
real_double (SCM x, double *d)
{
  if (SCM_FIXNUM_P (x))
    *d = (double) SCM_FIXNUM_VALUE (x);
  else if (scm_is_flonum (x))
    *d = SCM_FLONUM_VALUE (x);
  else
    return 0;
  return 1;
}

/* A flonum of value R: an immediate (numbers.h), or else boxed from
   the VM's pointer-free list.  */
static inline SCM
vm_flonum (struct scm_i_vm *vm, double r)
{
  scm_t_bits w;
  if (SCM_LIKELY (scm_i_immediate_flonum (r, &w)))
    return SCM_PACK (w);
  scm_t_bits *p = scm_i_fl_alloc_ptrfree (&vm->fl);
  p[0] = SCM_MAKE_HEADER (scm_tc8_flonum, 0, 0);
  memcpy (p + 1, &r, sizeof r);
  return SCM_PACK_POINTER (p);
}

/* The slow path of + - * (OP is SCM_OP_ADD, _SUB or _MUL) when A and B
   are not two fixnums with a fixnum result (registers synced): a
   flonum result of flonums and fixnums comes from the VM's free list,
   as the generic procedures would compute it; everything else is
   theirs.  Out of the loop, so that it costs vm_run no registers.  */
static SCM __attribute__ ((noinline))
arith_slow (struct scm_i_vm *vm, enum scm_i_opcode op, SCM a, SCM b)
{
  double x, y;
  if ((scm_is_flonum (a) || scm_is_flonum (b))
      && real_double (a, &x) && real_double (b, &y))
    return vm_flonum (vm, op == SCM_OP_ADD ? x + y
                      : op == SCM_OP_SUB ? x - y : x * y);
  return op == SCM_OP_ADD ? scm_sum (a, b)
    : op == SCM_OP_SUB ? scm_difference (a, b) : scm_product (a, b);
}

/* (/ A B), all of it (registers synced): a flonum quotient of flonums
   and fixnums from the VM's free list, and the fixnum quotient of two
   fixnums that divide evenly, as the generic division would compute
   them; everything else, with the errors, is the generic division's.
   Its own function, so that arith_slow keeps its one compare less.  */
static SCM __attribute__ ((noinline))
divide_slow (struct scm_i_vm *vm, SCM a, SCM b)
{
  double x, y;
  if ((scm_is_flonum (a) || scm_is_flonum (b))
      && real_double (a, &x) && real_double (b, &y))
    return vm_flonum (vm, x / y);
  if (BOTH_FIXNUMS (a, b))
    {
      scm_t_signed_bits n = SCM_FIXNUM_VALUE (a), d = SCM_FIXNUM_VALUE (b);
      if (d != 0 && n % d == 0
          && !(n == SCM_MOST_NEGATIVE_FIXNUM && d == -1))
        return SCM_MAKE_FIXNUM (n / d);
    }
  return scm_divide (a, b);
}

/* X as a double if that is exact: a flonum, or a fixnum of magnitude
   below 2^53.  A comparison of doubles is then the comparison of the
   numbers; a larger fixnum next to a flonum is the generic
   procedures' (numbers.c compares it exactly).  */
static inline int
exact_double (SCM x, double *d)
{
  if (!real_double (x, d))
    return 0;
  /* Rounding is monotonic: a fixnum converts below 2^53 in magnitude
     exactly when it is below it, and then exactly.  */
  return !SCM_FIXNUM_P (x) || (*d > -0x1p53 && *d < 0x1p53);
}

/* The truth of numeric comparison OP (SCM_OP_NUM_EQ, _LT, _GT, _LE or
   _GE) of A and B when they are not two fixnums (registers synced):
   flonums, or flonums and fixnums, compared here as doubles (a NaN
   compares false, as in C and in numbers.c); everything else, with
   the errors, by the generic procedure.  Out of the loop, for the
   registers.  */
static int __attribute__ ((noinline))
compare_slow (enum scm_i_opcode op, SCM a, SCM b)
{
  double x, y;
  if (exact_double (a, &x) && exact_double (b, &y))
    switch (op)
      {
      case SCM_OP_NUM_EQ: return x == y;
      case SCM_OP_LT: return x < y;
      case SCM_OP_GT: return x > y;
      case SCM_OP_LE: return x <= y;
      default: return x >= y;
      }
  switch (op)
    {
    case SCM_OP_NUM_EQ: return scm_is_true (scm_num_eq_p (a, b));
    case SCM_OP_LT: return scm_is_true (scm_less_p (a, b));
    case SCM_OP_GT: return scm_is_true (scm_gr_p (a, b));
    case SCM_OP_LE: return scm_is_true (scm_leq_p (a, b));
    default: return scm_is_true (scm_geq_p (a, b));
    }
}

/* The slow path of QUOTIENT, REMAINDER and MODULO (registers synced):
   the primitive's own function, for its bignums, flonums and errors.  */
static SCM __attribute__ ((noinline))
division_slow (enum scm_i_opcode op, SCM a, SCM b)
{
  return op == SCM_OP_QUOTIENT ? scm_quotient (a, b)
    : op == SCM_OP_REMAINDER ? scm_remainder (a, b) : scm_modulo (a, b);
}

/* An inline binary arithmetic instruction: first operand on the stack,
   second in acc.  */
#define ARITH(OP, FIXNUM_OP)						\
  do {									\
    SCM a = sp[-1], b = acc;						\
    if (!PRIM_INTACT (OP))						\
      goto prim_call_2;							\
    if (!FIXNUM_OP (a, b, &acc))					\
      {									\
        SYNC ();							\
        acc = arith_slow (vm, OP, a, b);				\
      }									\
    sp--;								\
    NEXT (1);								\
  } while (0)

/* The same with the first operand a local, fp[ip[2]]: the slow path
   pushes it, as ARITH has it.  */
#define LOCAL_ARITH(OP, FIXNUM_OP, PUSH)				\
  do {									\
    SCM a = fp[ip[2]], b = acc;						\
    if (!PRIM_INTACT (OP))						\
      {									\
        /* The call returns to a PUSH when the result is pushed.  */	\
        if (PUSH)							\
          *sp++ = SCM_PACK_POINTER (ip + 3);				\
        *sp++ = a;							\
        n = 2, next = PUSH ? pushret_code : ip + 3, target = NULL;	\
        goto prim_call;							\
      }									\
    if (!FIXNUM_OP (a, b, &acc))					\
      {									\
        SYNC ();							\
        acc = arith_slow (vm, OP, a, b);				\
      }									\
    if (PUSH)								\
      *sp++ = acc;							\
    NEXT (2);								\
  } while (0)

/* Call continuation K with the N values on top of the stack (registers
   synced).  Returns 0 once K is laid back (vm->sp its top, the values
   in vm->resume_vals), or longjmps to K's activation; or, if
   dynamic-wind thunks must run first, replaces the values by K and
   them as one values object and returns 1: the caller then calls
   (%continue k vals), which runs them and calls K again.  */
static int __attribute__ ((noinline))
continuation_call (struct scm_i_vm *vm, SCM k, size_t n)
{
  SCM *args = vm->sp - n;
  SCM vals = scm_c_values (args, n);
  struct scm_i_activation *act = scm_i_continuation_target (vm, k);
  if (!scm_i_continuation_same_winders (vm, act, k))
    {
      args[0] = k;
      args[1] = vals;
      vm->sp = args + 2;
      return 1;
    }
  if (act != vm->act)
    scm_i_continuation_jump (vm, act, k, vals);
  vm->resume_vals = vals;
  scm_i_reinstate (vm, k);
  return 0;
}

/* Push an escape point at KTOP (registers synced): a frame header that
   returns through the one below KTOP, tagged by the escape
   continuation itself (a fresh object, so the tag is in that slot
   only while the escape point is), then the continuation, as the
   argument of the call that follows.  */
static void __attribute__ ((noinline))
push_escape_point (struct scm_i_vm *vm, SCM *ktop)
{
  ptrdiff_t off = ktop - vm->stack;
  if (ktop + 4 + 8 > vm->high_water)
    {
      scm_i_reserve_stack (vm, ktop + 4 + 8);
      ktop = vm->stack + off;
    }
  SCM k = scm_i_capture_escape (vm, ktop);
  ktop[0] = scm_i_frame_link (ktop, ktop);
  ktop[1] = k;
  ktop[2] = SCM_PACK_POINTER (return_code);
  ktop[3] = k;
  vm->sp = ktop + 4;
}

/* Call the Scheme raise on vm->resume_vals on top of the frames of the
   code that raised (whose registers were synced): a call from where it
   stopped, which raise never returns from.  */
static SCM
start_raise (struct scm_i_vm *vm)
{
  scm_i_reserve_stack (vm, vm->sp + 4 + 8);
  SCM *sp = vm->sp;
  sp[0] = scm_i_frame_link (sp, vm->fp);
  sp[1] = vm->closure;
  sp[2] = SCM_PACK_POINTER (vm->ip);
  sp[3] = vm->resume_vals;
  vm->sp = sp + 4;
  vm->resume_vals = SCM_BOOL_F;
  return scm_i_raise_procedure ();
}

/* How vm_run starts: a fresh call of PROC, or the resumption that a
   longjmp to its activation asked for (vm->resume).  */
/* Not static: the precompiled prelude names its instructions as
   offsets from this function's address (image-writer.c), so the
   compiler must not clone or rename it.  */
SCM __attribute__ ((noinline))
scm_i_vm_run (struct scm_i_vm *vm, SCM proc, const SCM *args, size_t nargs,
              enum scm_i_resume mode)
{
  static void *const labels[SCM_OP_COUNT] = {
#define SCM_I_OP_LABEL(name, n) &&op_##name,
    SCM_I_FOR_EACH_OP (SCM_I_OP_LABEL)
#undef SCM_I_OP_LABEL
  };
  if (vm == NULL)
    {
      memcpy (op_labels, labels, sizeof labels);
      halt_code[0] = (scm_t_bits) labels[SCM_OP_HALT];
      popbranch_code[0] = (scm_t_bits) labels[SCM_OP_POPBRANCH];
      pushret_code[0] = (scm_t_bits) labels[SCM_OP_PUSHRET];
      return_code[0] = (scm_t_bits) labels[SCM_OP_RETURN];
      return SCM_UNSPECIFIED;
    }

  SCM *sp, *fp;
  scm_t_bits *ip;
  SCM closure = vm->closure;
  SCM acc;
  size_t n;
  scm_t_bits *next;              /* prim_call: where to return */
  scm_t_bits *target;           /* prim_call: branch target, or NULL */
  int tail, values, add;        /* variants of shared instructions */
  SCM k_operand;                /* VREF_L & co: the index */

  /* vm_enter laid out the start: a call of PROC with the NARGS values
     on top of the stack, or, with RESUME, a return of vm->resume_vals
     through the frame header below the top.  */
  RELOAD ();
  ip = vm->ip;
  if (mode == SCM_I_RESUME_CONTINUATION)
    goto resumed;
  if (mode == SCM_I_RESUME_RAISE)
    {
      acc = start_raise (vm);
      RELOAD ();
      n = 1;
      goto do_call;
    }
  /* The boundary frame: the outer run's ip, then a header that returns
     to HALT.  */
  sp[0] = SCM_PACK_POINTER (vm->ip);
  sp[1] = FRAME_LINK (sp + 1);
  sp[2] = closure;
  sp[3] = SCM_PACK_POINTER (halt_code);
  sp += 4;
  for (size_t i = 0; i < nargs; i++)
    sp[i] = args[i];
  sp += nargs;
  acc = proc;
  n = nargs;
  ip = halt_code;
  goto do_call;

 op_HALT:
  /* RETURN popped the boundary header; the outer ip is below it.  */
  sp--;
  vm->ip = (scm_t_bits *) SCM_UNPACK (sp[0]);
  vm->sp = sp;
  vm->fp = fp;
  vm->closure = closure;
  return acc;

 op_CONST:
  acc = OPERAND_SCM (1);
  NEXT (1);

 op_LREF:
  acc = fp[ip[1]];
  NEXT (1);

 op_LREF_CHECK:
  acc = fp[ip[1]];
  if (SCM_UNLIKELY (SCM_UNBNDP (acc)))
    {
      SYNC ();
      unassigned_variable (OPERAND_SCM (2));
    }
  NEXT (2);

 op_LREF_BOX:
  acc = SCM_CELL_OBJECT (fp[ip[1]], 1);
  if (SCM_UNLIKELY (SCM_UNBNDP (acc)))
    {
      SYNC ();
      unassigned_variable (OPERAND_SCM (2));
    }
  NEXT (2);

 op_LSET:
  fp[ip[1]] = acc;
  NEXT (1);

 op_LSET_BOX:
  SCM_SET_CELL_OBJECT (fp[ip[1]], 1, acc);
  NEXT (1);

 op_FREF:
  acc = SCM_I_CLOSURE_FREE (closure, ip[1]);
  NEXT (1);

 op_SELF_REF:
  acc = closure;
  NEXT (0);

 op_FREF_BOX:
  acc = SCM_CELL_OBJECT (SCM_I_CLOSURE_FREE (closure, ip[1]), 1);
  if (SCM_UNLIKELY (SCM_UNBNDP (acc)))
    {
      SYNC ();
      unassigned_variable (OPERAND_SCM (2));
    }
  NEXT (2);

 op_FSET_BOX:
  SCM_SET_CELL_OBJECT (SCM_I_CLOSURE_FREE (closure, ip[1]), 1, acc);
  NEXT (1);

 op_GREF:
  acc = SCM_CELL_OBJECT (OPERAND_SCM (1), 1);
  if (SCM_UNLIKELY (SCM_UNBNDP (acc)))
    {
      SYNC ();
      unbound_variable (OPERAND_SCM (2));
    }
  NEXT (2);

 op_GSET:
  if (SCM_UNLIKELY (SCM_UNBNDP (SCM_CELL_OBJECT (OPERAND_SCM (1), 1))))
    {
      SYNC ();
      unbound_variable (OPERAND_SCM (2));
    }
  scm_i_variable_store (OPERAND_SCM (1), acc);
  NEXT (2);

 op_GDEF:
  scm_i_variable_store (OPERAND_SCM (1), acc);
  acc = SCM_UNSPECIFIED;
  NEXT (2);

 op_PUSH:
  *sp++ = acc;
  NEXT (0);

 op_DROP:
  sp -= ip[1];
  NEXT (1);

 op_BOX:
  {
    SCM *b;
    VM_ALLOC (b, 0);
    b[0] = SCM_PACK (SCM_MAKE_HEADER (scm_tc8_variable, 0, 0));
    b[1] = fp[ip[1]];
    fp[ip[1]] = SCM_PACK_POINTER (b);
    NEXT (1);
  }

 op_JUMP:
  ip = (scm_t_bits *) ip[1];
  DISPATCH ();

  /* Before an inline copy of a procedure's body: the procedure must
     still be what its variable holds (redefined, the ordinary call at
     ADDR runs whatever it holds now).  */
 op_INLINE_GUARD:
  if (SCM_UNLIKELY (!scm_is_eq (SCM_CELL_OBJECT (OPERAND_SCM (1), 1),
                                OPERAND_SCM (2))))
    {
      ip = (scm_t_bits *) ip[3];
      DISPATCH ();
    }
  NEXT (3);

 op_JUMPF:
  if (scm_is_false (acc))
    {
      ip = (scm_t_bits *) ip[1];
      DISPATCH ();
    }
  NEXT (1);

 op_CLOSURE:
  {
    size_t k = ip[2];
    SCM *c;
    if (SCM_LIKELY (2 + k <= 2 * SCM_I_FL_NORMAL))
      VM_ALLOC (c, scm_i_fl_index (2 + k));
    else
      {
        SYNC ();
        c = SCM_UNPACK_POINTER (scm_i_make_closure (OPERAND_SCM (1), k));
      }
    c[0] = SCM_PACK (SCM_MAKE_HEADER (scm_tc8_closure, 0, k));
    c[1] = OPERAND_SCM (1);
    sp -= k;
    for (size_t i = 0; i < k; i++)
      c[2 + i] = sp[i];
    acc = SCM_PACK_POINTER (c);
    NEXT (2);
  }

 op_FRAME:
  sp[0] = FRAME_LINK (sp);
  sp[1] = closure;
  sp[2] = SCM_PACK (ip[1]);
  sp += 3;
  NEXT (1);

 op_PUSH_FRAME:
  sp[0] = acc;
  sp[1] = FRAME_LINK (sp + 1);
  sp[2] = closure;
  sp[3] = SCM_PACK (ip[1]);
  sp += 4;
  NEXT (1);

 op_FRAME_LREF_PUSH:
  sp[0] = FRAME_LINK (sp);
  sp[1] = closure;
  sp[2] = SCM_PACK (ip[1]);
  sp[3] = fp[ip[2]];
  sp += 4;
  NEXT (2);

 op_CALL:
  n = ip[1];
  ip += 2;
 do_call:
  /* acc: the procedure; the N arguments on top of the stack, above the
     frame header; ip: the return address.  */
  if (SCM_LIKELY (scm_i_is_closure (acc)))
    {
      SCM code = SCM_I_CLOSURE_CODE (acc);
      scm_t_bits arity = SCM_CELL_WORD (code, SCM_I_CODE_ARITY);
      if (SCM_UNLIKELY (arity != n << 2))
        {
          SYNC_AT (ip);
          /* A copy, so that acc's address is never taken.  */
          SCM callee = acc;
          size_t m = adapt_arguments (&callee, sp - n, n);
          acc = callee;
          sp = sp - n + m;
          n = m;
          code = SCM_I_CLOSURE_CODE (acc);
        }
      fp = sp - n;
      closure = acc;
      ip = scm_i_code_entry (code);
      /* ENTER's check made here, its dispatch saved (every code begins
         with ENTER); ENTER itself when the check fails.  */
      if (SCM_LIKELY (fp + ip[1] <= vm->enter_limit))
        ip += SCM_I_ENTER_WORDS;
      DISPATCH ();
    }
  if (scm_is_subr (acc))
    {
      SYNC_AT (ip);
      acc = scm_i_subr_call (acc, sp - n, n);
      RELOAD ();
      sp -= n + SCM_I_FRAME_HEADER;
      ip = (scm_t_bits *) SCM_UNPACK (sp[2]);
      DISPATCH ();
    }
  if (scm_i_is_continuation (acc))
    {
      SYNC_AT (ip);
      if (!continuation_call (vm, acc, n))
        goto resumed;
      RELOAD ();
      acc = scm_i_continue_procedure ();
      n = 2;
      goto do_call;
    }
  SYNC_AT (ip);
  not_a_procedure (acc);

 op_TAILCALL:
  n = ip[1];
  ip += 2;
 do_tailcall:
  if (SCM_LIKELY (scm_i_is_closure (acc)))
    {
      SCM code = SCM_I_CLOSURE_CODE (acc);
      scm_t_bits arity = SCM_CELL_WORD (code, SCM_I_CODE_ARITY);
      if (SCM_UNLIKELY (arity != n << 2))
        {
          SYNC_AT (ip);
          /* A copy, so that acc's address is never taken.  */
          SCM callee = acc;
          size_t m = adapt_arguments (&callee, sp - n, n);
          acc = callee;
          sp = sp - n + m;
          n = m;
          code = SCM_I_CLOSURE_CODE (acc);
        }
      SCM *from = sp - n;
      /* The arguments may overlap the slots they move to (a callee of
         more parameters than this frame has slots below them), so each
         unrolled case reads them all before it writes.  */
      switch (n)
        {
        case 0: break;
        case 1: fp[0] = from[0]; break;
        case 2:
          {
            SCM a = from[0], b = from[1];
            fp[0] = a, fp[1] = b;
            break;
          }
        case 3:
          {
            SCM a = from[0], b = from[1], c = from[2];
            fp[0] = a, fp[1] = b, fp[2] = c;
            break;
          }
        default:
          for (size_t i = 0; i < n; i++)
            fp[i] = from[i];
        }
      sp = fp + n;
      closure = acc;
      ip = scm_i_code_entry (code);
      if (SCM_LIKELY (fp + ip[1] <= vm->enter_limit))
        ip += SCM_I_ENTER_WORDS;
      DISPATCH ();
    }
  if (scm_is_subr (acc))
    {
      SYNC_AT (ip);
      acc = scm_i_subr_call (acc, sp - n, n);
      RELOAD ();
      goto op_RETURN;
    }
  if (scm_i_is_continuation (acc))
    {
      SYNC_AT (ip);
      if (!continuation_call (vm, acc, n))
        goto resumed;
      RELOAD ();
      acc = scm_i_continue_procedure ();
      n = 2;
      goto do_tailcall;
    }
  SYNC_AT (ip);
  not_a_procedure (acc);

 op_RETURN:
  sp = fp - SCM_I_FRAME_HEADER;
  fp = scm_i_frame_caller (fp);
  closure = sp[1];
  ip = (scm_t_bits *) SCM_UNPACK (sp[2]);
  /* Returning into a frame that a continuation holds a copy of: from
     now on it runs and changes, so the copy no longer covers it.  */
  if (SCM_UNLIKELY (fp < vm->frozen_top))
    vm->frozen_top = fp;
  DISPATCH ();

 resumed:
  /* A continuation was laid back: vm->sp is its top, the values it
     receives are in vm->resume_vals; return them through the frame
     header below the top, as if from a frame there.  */
  RELOAD ();
  fp = sp;
  acc = vm->resume_vals;
  vm->resume_k = vm->resume_vals = SCM_BOOL_F;
  goto op_RETURN;

  /* Capturing: acc holds the procedure to call with the continuation.
     A non-tail capture follows a FRAME, whose header ends at sp; a tail
     capture returns through the current frame's header.  */
 op_CALLCC:
  {
    SCM f = acc;
    SYNC ();
    SCM k = scm_i_capture (vm, sp);
    *sp++ = k;
    acc = f;
    n = 1;
    ip += 1;
    goto do_call;
  }

 op_TAILCALLCC:
  {
    SCM f = acc;
    SYNC ();
    SCM k = scm_i_capture (vm, fp);
    *sp++ = k;
    acc = f;
    n = 1;
    ip += 1;
    goto do_tailcall;
  }

 op_CALLEC:
  {
    SCM f = acc;
    SYNC ();
    push_escape_point (vm, sp);
    RELOAD ();
    acc = f;
    n = 1;
    ip += 1;
    goto do_call;
  }

 op_TAILCALLEC:
  {
    SCM f = acc;
    SYNC ();
    push_escape_point (vm, fp);
    RELOAD ();
    acc = f;
    n = 1;
    ip += 1;
    goto do_call;
  }

 op_ENTER:
  /* Room for the frame, and no interrupt pending: one compare (see
     set_enter_limit).  */
  if (SCM_UNLIKELY (fp + ip[1] > vm->enter_limit))
    {
      SYNC ();
      if (vm->counting_steps)
        scm_i_limit_steps (vm, 1);
      if (scm_i_interrupt_flagged (vm))
        interrupted (vm);
      if (scm_i_finalizers_pending)
        {
          /* A safe point: finalizers may call Scheme, which runs above
             sp and may move the stack.  */
          scm_i_run_pending_finalizers ();
          RELOAD ();
        }
      scm_i_reserve_stack (vm, fp + ip[1]);
      RELOAD ();
    }
  NEXT (1);

 op_APPLY:
  values = 0, tail = 0;
  goto apply;
 op_TAILAPPLY:
  values = 0, tail = 1;
  goto apply;
 op_APPLY_VALUES:
  values = 1, tail = 0;
  goto apply;
 op_TAILAPPLY_VALUES:
  values = 1, tail = 1;
 apply:
  {
    /* Spread the list (or the values) in acc onto the stack and call
       the procedure below it.  */
    SCM f = *--sp;
    size_t len;
    if (values)
      len = scm_c_nvalues (acc);
    else
      {
        long l = scm_c_list_length (acc);
        if (l < 0)
          {
            SYNC ();
            improper_apply_list (acc);
          }
        len = (size_t) l;
      }
    if (sp + len + 8 > vm->high_water)
      {
        SYNC ();
        scm_i_reserve_stack (vm, sp + len + 8);
        RELOAD ();
      }
    if (values)
      for (size_t i = 0; i < len; i++)
        *sp++ = scm_c_value_ref (acc, i);
    else
      for (SCM l = acc; scm_is_pair (l); l = SCM_CDR (l))
        *sp++ = SCM_CAR (l);
    acc = f;
    n = len;
    ip += 1;
    if (tail)
      goto do_tailcall;
    goto do_call;
  }

  /* Inline primitives.  */
 op_ADD:
  ARITH (SCM_OP_ADD, fixnum_add);
 op_SUB:
  ARITH (SCM_OP_SUB, fixnum_sub);
 op_MUL:
  ARITH (SCM_OP_MUL, fixnum_mul);
 op_DIV:
  {
    SCM a = sp[-1], b = acc;
    if (!PRIM_INTACT (SCM_OP_DIV))
      goto prim_call_2;
    SYNC ();
    acc = divide_slow (vm, a, b);
    sp--;
    NEXT (1);
  }
 op_ADD_L:
  LOCAL_ARITH (SCM_OP_ADD, fixnum_add, 0);
 op_SUB_L:
  LOCAL_ARITH (SCM_OP_SUB, fixnum_sub, 0);
 op_ADD_L_PUSH:
  LOCAL_ARITH (SCM_OP_ADD, fixnum_add, 1);
 op_SUB_L_PUSH:
  LOCAL_ARITH (SCM_OP_SUB, fixnum_sub, 1);

#define COMPARE(OP, CMP)					\
 op_##OP:								\
  {									\
    SCM a = sp[-1], b = acc;						\
    if (!PRIM_INTACT (SCM_OP_##OP))					\
      goto prim_call_2;							\
    if (BOTH_FIXNUMS (a, b))						\
      acc = scm_from_bool ((scm_t_signed_bits) SCM_UNPACK (a) CMP	\
                           (scm_t_signed_bits) SCM_UNPACK (b));		\
    else								\
      {									\
        SYNC ();							\
        acc = scm_from_bool (compare_slow (SCM_OP_##OP, a, b));	\
      }									\
    sp--;								\
    NEXT (1);								\
  }

  COMPARE (NUM_EQ, ==)
  COMPARE (LT, <)
  COMPARE (GT, >)
  COMPARE (LE, <=)
  COMPARE (GE, >=)

 op_ZEROP:
  if (!PRIM_INTACT (SCM_OP_ZEROP))
    goto prim_call_1;
  if (SCM_FIXNUM_P (acc))
    acc = scm_from_bool (scm_is_eq (acc, SCM_MAKE_FIXNUM (0)));
  else
    {
      SYNC ();
      acc = scm_zero_p (acc);
    }
  NEXT (1);

 op_NOT:
  if (!PRIM_INTACT (SCM_OP_NOT))
    goto prim_call_1;
  acc = scm_from_bool (scm_is_false (acc));
  NEXT (1);

 op_EQ:
  if (!PRIM_INTACT (SCM_OP_EQ))
    goto prim_call_2;
  acc = scm_from_bool (scm_is_eq (sp[-1], acc));
  sp--;
  NEXT (1);

 op_EQV:
  if (!PRIM_INTACT (SCM_OP_EQV))
    goto prim_call_2;
  if (scm_is_eq (sp[-1], acc))
    acc = SCM_BOOL_T;
  else
    {
      SYNC ();
      acc = scm_from_bool (scm_is_eqv (sp[-1], acc));
    }
  sp--;
  NEXT (1);

  /* quotient, remainder, modulo of two fixnums, the divisor neither 0
     nor -1 (whose quotient of the least fixnum is no fixnum): the C
     division; anything else the primitive's C function (the guard
     held), out of the loop.  */
#define DIVISION(OP, R)							\
 op_##OP:								\
  {									\
    SCM a = sp[-1], b = acc;						\
    if (!PRIM_INTACT (SCM_OP_##OP))					\
      goto prim_call_2;							\
    if (SCM_LIKELY (BOTH_FIXNUMS (a, b)					\
                    && SCM_UNPACK (b) != SCM_UNPACK (SCM_MAKE_FIXNUM (0)) \
                    && SCM_UNPACK (b) != SCM_UNPACK (SCM_MAKE_FIXNUM (-1)))) \
      {									\
        scm_t_signed_bits x = SCM_FIXNUM_VALUE (a);			\
        scm_t_signed_bits y = SCM_FIXNUM_VALUE (b);			\
        acc = SCM_MAKE_FIXNUM (R);					\
      }									\
    else								\
      {									\
        SYNC ();							\
        acc = division_slow (SCM_OP_##OP, a, b);			\
      }									\
    sp--;								\
    NEXT (1);								\
  }
  DIVISION (QUOTIENT, x / y)
  DIVISION (REMAINDER, x % y)
  /* The remainder with the divisor's sign.  */
  DIVISION (MODULO, x % y + (x % y != 0 && (x % y < 0) != (y < 0) ? y : 0))
#undef DIVISION

 op_CONS:
  {
    if (!PRIM_INTACT (SCM_OP_CONS))
      goto prim_call_2;
    SCM *p;
    VM_ALLOC (p, 0);
    p[0] = sp[-1];
    p[1] = acc;
    acc = SCM_PACK_POINTER (p);
    sp--;
    NEXT (1);
  }

  /* car, cdr of acc, or of a local (LOAD puts it in acc; J is the
     instruction's operand count); PUSH: push the field too, and when
     the slow path calls, return through PUSHRET.  */
#define PAIR_FIELD(LABEL, OP, NAME, FIELD, LOAD, J, PUSH)		\
 op_##LABEL:								\
  LOAD;									\
  if (!PRIM_INTACT (SCM_OP_##OP))					\
    {									\
      if (PUSH)								\
        *sp++ = SCM_PACK_POINTER (ip + (J) + 1);			\
      n = 1, next = PUSH ? pushret_code : ip + (J) + 1, target = NULL;	\
      goto prim_call;							\
    }									\
  if (SCM_UNLIKELY (!scm_is_pair (acc)))				\
    {									\
      SYNC ();								\
      scm_wrong_type_arg_msg (NAME, 1, acc, "pair");			\
    }									\
  acc = FIELD (acc);							\
  if (PUSH)								\
    *sp++ = acc;							\
  NEXT (J);

  PAIR_FIELD (CAR, CAR, "car", SCM_CAR, (void) 0, 1, 0)
  PAIR_FIELD (CDR, CDR, "cdr", SCM_CDR, (void) 0, 1, 0)
  PAIR_FIELD (CAR_L, CAR, "car", SCM_CAR, acc = fp[ip[2]], 2, 0)
  PAIR_FIELD (CDR_L, CDR, "cdr", SCM_CDR, acc = fp[ip[2]], 2, 0)
  PAIR_FIELD (CAR_L_PUSH, CAR, "car", SCM_CAR, acc = fp[ip[2]], 2, 1)
  PAIR_FIELD (CDR_L_PUSH, CDR, "cdr", SCM_CDR, acc = fp[ip[2]], 2, 1)

 op_NULLP:
  if (!PRIM_INTACT (SCM_OP_NULLP))
    goto prim_call_1;
  acc = scm_from_bool (scm_is_null (acc));
  NEXT (1);

 op_PAIRP:
  if (!PRIM_INTACT (SCM_OP_PAIRP))
    goto prim_call_1;
  acc = scm_from_bool (scm_is_pair (acc));
  NEXT (1);

 op_VREF:
  {
    SCM v = sp[-1], k = acc;
    if (!PRIM_INTACT (SCM_OP_VREF))
      goto prim_call_2;
    if (!vector_ref_fast (v, k, &acc))
      {
        SYNC ();
        acc = scm_vector_ref (v, k);
      }
    sp--;
    NEXT (1);
  }

  /* A sum of fixnums whose partial sums are fixnums; any other, and a
     redefined +, is an ordinary call of +'s variable with the N
     values, so errors and flonums are the primitive's.  */
 op_ADDN:
  n = ip[2];
  if (PRIM_INTACT (SCM_OP_ADD))
    {
      SCM *a = sp - (n - 1), s = a[0];
      size_t i = 1;
      while (i < n - 1 && fixnum_add (s, a[i], &s))
        i++;
      if (i == n - 1 && fixnum_add (s, acc, &acc))
        {
          sp = a;
          NEXT (2);
        }
    }
  next = ip + 3, target = NULL;
  goto prim_call;

  /* The list of the N values, the last in acc; a redefined list is an
     ordinary call of its variable's value.  */
 op_LIST:
  n = ip[2];
  if (PRIM_INTACT (SCM_OP_LIST))
    {
      SYNC ();
      acc = list_of_values (sp - (n - 1), n - 1, acc);
      sp -= n - 1;
      NEXT (2);
    }
  next = ip + 3, target = NULL;
  goto prim_call;

  /* A vector's length is at most 2^48 - 1: a fixnum.  */
 op_VLEN:
  if (!PRIM_INTACT (SCM_OP_VLEN))
    goto prim_call_1;
  if (scm_is_vector (acc))
    acc = SCM_MAKE_FIXNUM (SCM_VECTOR_LENGTH (acc));
  else
    {
      SYNC ();
      acc = scm_vector_length (acc);
    }
  NEXT (1);

  /* VREF with the index in a local (VREF_L) or a constant (VREF_K),
     the vector in acc, or with the vector in a local and a constant
     index (VREF_LK); J is the instruction's operand count.  The _PUSH
     forms push the element too (a binding or an argument).  The slow
     path pushes vector and index, as VREF has them, and when the
     element was to be pushed returns to PUSHRET.  */
/* acc = element K of V, or vector-ref's error.  */
#define VECTOR_REF_TO_ACC(v, k)						\
  do {									\
    if (!vector_ref_fast (v, k, &acc))					\
      {									\
        SYNC ();							\
        acc = scm_vector_ref (v, k);					\
      }									\
  } while (0)
#define VREF_ENTRIES(SUFFIX, PUSH)					\
 op_VREF_L##SUFFIX:							\
  k_operand = fp[ip[2]];						\
  goto vref_acc_2_##PUSH;						\
 op_VREF_K##SUFFIX:							\
  k_operand = OPERAND_SCM (2);						\
  goto vref_acc_2_##PUSH;						\
 op_VREF_LK##SUFFIX:							\
  acc = fp[ip[2]];							\
  k_operand = OPERAND_SCM (3);						\
  goto vref_acc_3_##PUSH;
  VREF_ENTRIES (, 0)
  VREF_ENTRIES (_PUSH, 1)
#undef VREF_ENTRIES
#define VREF_ACC(J, PUSH)						\
 vref_acc_##J##_##PUSH:							\
  {									\
    SCM v = acc, k = k_operand;						\
    if (!PRIM_INTACT (SCM_OP_VREF))					\
      {									\
        if (PUSH)							\
          *sp++ = SCM_PACK_POINTER (ip + (J) + 1);			\
        *sp++ = v;							\
        acc = k;							\
        n = 2, next = PUSH ? pushret_code : ip + (J) + 1, target = NULL; \
        goto prim_call;							\
      }									\
    VECTOR_REF_TO_ACC (v, k);						\
    if (PUSH)								\
      *sp++ = acc;							\
    NEXT (J);								\
  }
  VREF_ACC (2, 0)
  VREF_ACC (3, 0)
  VREF_ACC (2, 1)
  VREF_ACC (3, 1)
#undef VREF_ACC

 op_VSET:
  {
    SCM v = sp[-2], k = sp[-1];
    if (!PRIM_INTACT (SCM_OP_VSET))
      goto prim_call_3;
    if (!vector_set_fast (v, k, acc))
      {
        SYNC ();
        scm_vector_set_x (v, k, acc);
      }
    acc = SCM_UNSPECIFIED;
    sp -= 2;
    NEXT (1);
  }

  /* VSET with the index in a local: the slow path pushes it.  */
 op_VSET_L:
  {
    SCM v = sp[-1], k = fp[ip[2]];
    if (!PRIM_INTACT (SCM_OP_VSET))
      {
        *sp++ = k;
        n = 3, next = ip + 3, target = NULL;
        goto prim_call;
      }
    if (!vector_set_fast (v, k, acc))
      {
        SYNC ();
        scm_vector_set_x (v, k, acc);
      }
    acc = SCM_UNSPECIFIED;
    sp--;
    NEXT (2);
  }

  /* set-car!, set-cdr!: the pair on the stack, the value in acc.  A
     literal pair is immutable (literals.c): the check costs no
     allocation and raises nothing, so it needs no SYNC; the primitive
     raises the error.  */
#define PAIR_SET(OP, FN, SETTER)					\
 op_##OP:								\
  {									\
    SCM p = sp[-1];							\
    if (!PRIM_INTACT (SCM_OP_##OP))					\
      goto prim_call_2;							\
    if (scm_is_pair (p)							\
        && (PAIR_BLOCK (p) == vm->mutable_pair_block			\
            || pair_mutable_slow (vm, p)))				\
      SETTER (p, acc);							\
    else								\
      {									\
        SYNC ();							\
        FN (p, acc);							\
      }									\
    acc = SCM_UNSPECIFIED;						\
    sp--;								\
    NEXT (1);								\
  }

  PAIR_SET (SET_CAR, scm_set_car_x, SCM_SETCAR)
  PAIR_SET (SET_CDR, scm_set_cdr_x, SCM_SETCDR)

  /* Superinstructions.  */
 op_LREF_PUSH:
  *sp++ = fp[ip[1]];
  NEXT (1);

 op_CONST_PUSH:
  *sp++ = OPERAND_SCM (1);
  NEXT (1);

  /* Two copies, not a flag tested after a shared part: 3 instructions
     a call fewer.  K: the operand words (the self forms have one
     more).  */
#define GLOBAL_CALL(LABEL, TARGET, K)					\
 LABEL:									\
  acc = SCM_CELL_OBJECT (OPERAND_SCM (1), 1);				\
  if (SCM_UNLIKELY (SCM_UNBNDP (acc)))					\
    {									\
      SYNC ();								\
      unbound_variable (OPERAND_SCM (2));				\
    }									\
  n = ip[3];								\
  ip += (K) + 1;							\
  goto TARGET;

  GLOBAL_CALL (op_GCALL, do_call, 3)
  GLOBAL_CALL (op_GTAILCALL, do_tailcall, 3)
  GLOBAL_CALL (gselfcall_other, do_call, 5)
  GLOBAL_CALL (gselftailcall_other, do_tailcall, 4)

  /* The variable holds the running closure: its code is this one,
     compiled for N arguments; ADDR lies just after its ENTER, whose
     check the call makes with SIZE (no load of the code object, no
     dispatch of ENTER).  Anything else is an ordinary global call.  */
 op_GSELFCALL:
  if (SCM_LIKELY (scm_is_eq (SCM_CELL_OBJECT (OPERAND_SCM (1), 1), closure)))
    {
      fp = sp - ip[3];
      /* ENTER itself when the frame needs room or an interrupt is
         pending (enter_limit NULL).  */
      if (SCM_UNLIKELY (fp + ip[5] > vm->enter_limit))
        ip = (scm_t_bits *) ip[4] - SCM_I_ENTER_WORDS;
      else
        ip = (scm_t_bits *) ip[4];
      DISPATCH ();
    }
  goto gselfcall_other;

  /* The same frame again: it has room already, so the jump skips ENTER
     unless an interrupt or finalizers are pending (enter_limit NULL,
     as SELF_TAILCALL tests), when ENTER's slow path sees to them.  */
 op_GSELFTAILCALL:
  if (SCM_LIKELY (scm_is_eq (SCM_CELL_OBJECT (OPERAND_SCM (1), 1), closure)))
    {
      n = ip[3];
      SCM *from = sp - n;
      /* The arguments lie above the parameters (the same count), so
         the order of the moves is free: unrolled for up to three,
         whose loop and its set-up took tak 19 instructions.  */
      switch (n)
        {
        case 3: fp[2] = from[2]; /* fall through */
        case 2: fp[1] = from[1]; /* fall through */
        case 1: fp[0] = from[0]; /* fall through */
        case 0: break;
        default:
          for (size_t i = 0; i < n; i++)
            fp[i] = from[i];
        }
      sp = fp + n;
      ip = (scm_t_bits *) ip[4];
      if (SCM_LIKELY (vm->enter_limit != NULL))
        ip += SCM_I_ENTER_WORDS;
      DISPATCH ();
    }
  goto gselftailcall_other;

  /* The closure is the running one and the arity right (compile.c,
     is_self_call): no check.  */
 op_SELF_CALL:
  fp = sp - ip[1];
  /* GSELFCALL's check, written again: a jump to it cost one
     instruction more than the dispatch of ENTER saved.  */
  if (SCM_UNLIKELY (fp + ip[3] > vm->enter_limit))
    ip = (scm_t_bits *) ip[2] - SCM_I_ENTER_WORDS;
  else
    ip = (scm_t_bits *) ip[2];
  DISPATCH ();

 op_ADDI:
  add = 1;
  goto addi;
 op_SUBI:
  add = 0;
 addi:
  {
    SCM k = OPERAND_SCM (2);
    if (!PRIM_INTACT (add ? SCM_OP_ADD : SCM_OP_SUB))
      {
        *sp++ = acc;
        acc = k;
        n = 2, next = ip + 3, target = NULL;
        goto prim_call;
      }
    if (!(add ? fixnum_add (acc, k, &acc) : fixnum_sub (acc, k, &acc)))
      {
        SYNC ();
        acc = arith_slow (vm, add ? SCM_OP_ADD : SCM_OP_SUB, acc, k);
      }
    NEXT (2);
  }

  /* A local plus or minus a fixnum constant, each variant its own
     code: with the variant in flags, the shared code tested them and
     three of the four jumped to it (fib: 24 instructions a SUBLK_PUSH,
     17 now).  */
#define LOCAL_ARITH_K(NAME, ADD, PUSH)					\
 op_##NAME:								\
  {									\
    SCM a = fp[ip[2]], k = OPERAND_SCM (3);				\
    if (!PRIM_INTACT (ADD ? SCM_OP_ADD : SCM_OP_SUB))			\
      {									\
        /* The call returns to a PUSH when the sum was to be pushed.  */ \
        if (PUSH)							\
          *sp++ = SCM_PACK_POINTER (ip + 4);				\
        *sp++ = a;							\
        acc = k;							\
        n = 2, next = PUSH ? pushret_code : ip + 4, target = NULL;	\
        goto prim_call;							\
      }									\
    if (!(ADD ? fixnum_addk (a, k, &acc) : fixnum_subk (a, k, &acc)))	\
      {									\
        SYNC ();							\
        acc = arith_slow (vm, ADD ? SCM_OP_ADD : SCM_OP_SUB, a, k);	\
      }									\
    if (PUSH)								\
      *sp++ = acc;							\
    NEXT (3);								\
  }

  LOCAL_ARITH_K (ADDLK, 1, 0)
  LOCAL_ARITH_K (SUBLK, 0, 0)
  LOCAL_ARITH_K (ADDLK_PUSH, 1, 1)
  LOCAL_ARITH_K (SUBLK_PUSH, 0, 1)

  /* (if (not (OP a b)) ...): both primitives inline.  If a program
     redefined either, the procedures are called from C here (a nested
     run: the one place where a redefined primitive is not called as a
     VM call).  */
#define BRN_COMPARE(OP, CMP)					\
 op_BRN_##OP:								\
  {									\
    SCM a = sp[-1], b = acc;						\
    int t;								\
    if (SCM_LIKELY (scm_i_inline_bindings_intact == 1)			\
        || (scm_is_eq (SCM_CELL_OBJECT (OPERAND_SCM (1), 1),		\
                       inline_primitives[SCM_OP_##OP])			\
            && scm_is_eq (SCM_CELL_OBJECT (OPERAND_SCM (2), 1),		\
                          inline_primitives[SCM_OP_NOT])))		\
      {									\
        if (SCM_LIKELY (BOTH_FIXNUMS (a, b)))				\
          {								\
            sp--;							\
            if ((scm_t_signed_bits) SCM_UNPACK (a) CMP			\
                (scm_t_signed_bits) SCM_UNPACK (b))			\
              ip = (scm_t_bits *) ip[3];				\
            else							\
              ip += 4;							\
            DISPATCH ();						\
          }								\
        SYNC ();							\
        t = compare_slow (SCM_OP_##OP, a, b);				\
      }									\
    else								\
      {									\
        sp--;								\
        SYNC ();							\
        SCM r = scm_call_2 (SCM_CELL_OBJECT (OPERAND_SCM (1), 1), a, b);	\
        r = scm_call_1 (SCM_CELL_OBJECT (OPERAND_SCM (2), 1), r);	\
        RELOAD ();							\
        sp++;								\
        t = scm_is_false (r);						\
      }									\
    sp--;								\
    if (t)								\
      ip = (scm_t_bits *) ip[3];					\
    else								\
      ip += 4;								\
    DISPATCH ();							\
  }

  BRN_COMPARE (NUM_EQ, ==)
  BRN_COMPARE (LT, <)
  BRN_COMPARE (GT, >)
  BRN_COMPARE (LE, <=)
  BRN_COMPARE (GE, >=)

  /* A local compared with a fixnum constant, and a branch.  */
/* A local, fp[ip[2]], compared with B (a fixnum constant for BRLK_,
   acc for BRL_), jumping to ip[J] if false; FIXNUMS tests the fast
   path.  The slow path pushes the local and calls with acc = B.  */
#define LOCAL_COMPARE(NAME, OP, CMP, B, J, FIXNUMS)		\
 op_##NAME:								\
  {									\
    SCM a = fp[ip[2]], b = (B);						\
    int t;								\
    if (!PRIM_INTACT (SCM_OP_##OP))					\
      {									\
        *sp++ = a;							\
        acc = b;							\
        n = 2, next = ip + (J) + 1, target = (scm_t_bits *) ip[J];	\
        goto prim_call;							\
      }									\
    /* Each path branches by itself: a truth value shared by both took     \
       4 instructions more to make and test.  */			\
    if (SCM_LIKELY (FIXNUMS))						\
      {									\
        if ((scm_t_signed_bits) SCM_UNPACK (a) CMP			\
            (scm_t_signed_bits) SCM_UNPACK (b))				\
          NEXT (J);							\
        ip = (scm_t_bits *) ip[J];					\
        DISPATCH ();							\
      }									\
    SYNC ();								\
    t = compare_slow (SCM_OP_##OP, a, b);				\
    if (t)								\
      NEXT (J);								\
    ip = (scm_t_bits *) ip[J];						\
    DISPATCH ();							\
  }
#define BRLK_COMPARE(OP, CMP)					\
  LOCAL_COMPARE (BRLK_##OP, OP, CMP, OPERAND_SCM (3), 4,	\
                 IS_FIXNUM (a))
#define BRL_COMPARE(OP, CMP)					\
  LOCAL_COMPARE (BRL_##OP, OP, CMP, acc, 3, BOTH_FIXNUMS (a, b))
/* Two locals: no LREF of the second before the test.  */
#define BRLL_COMPARE(OP, CMP)					\
  LOCAL_COMPARE (BRLL_##OP, OP, CMP, fp[ip[3]], 4,		\
                 BOTH_FIXNUMS (a, b))

  BRLL_COMPARE (NUM_EQ, ==)
  BRLL_COMPARE (LT, <)
  BRLL_COMPARE (GT, >)
  BRLL_COMPARE (LE, <=)
  BRLL_COMPARE (GE, >=)

  BRLK_COMPARE (NUM_EQ, ==)
  BRLK_COMPARE (LT, <)
  BRLK_COMPARE (GT, >)
  BRLK_COMPARE (LE, <=)
  BRLK_COMPARE (GE, >=)

  /* (eq? local K): one compare of the words.  */
 op_BRLK_EQ:
  {
    SCM a = fp[ip[2]];
    if (!PRIM_INTACT (SCM_OP_EQ))
      {
        *sp++ = a;
        acc = OPERAND_SCM (3);
        n = 2, next = ip + 5, target = (scm_t_bits *) ip[4];
        goto prim_call;
      }
    if (scm_is_eq (a, OPERAND_SCM (3)))
      NEXT (4);
    ip = (scm_t_bits *) ip[4];
    DISPATCH ();
  }

  BRL_COMPARE (NUM_EQ, ==)
  BRL_COMPARE (LT, <)
  BRL_COMPARE (GT, >)
  BRL_COMPARE (LE, <=)
  BRL_COMPARE (GE, >=)

  /* A type test of a local, fp[ip[2]], and a branch to ip[3] if it
     fails; the slow path calls the variable's value on the local.  */
#define LOCAL_TEST(NAME, OP, TEST)					\
 op_##NAME:								\
  {									\
    SCM a = fp[ip[2]];							\
    if (!PRIM_INTACT (SCM_OP_##OP))					\
      {									\
        acc = a;							\
        n = 1, next = ip + 4, target = (scm_t_bits *) ip[3];		\
        goto prim_call;							\
      }									\
    if (TEST (a))							\
      NEXT (3);								\
    ip = (scm_t_bits *) ip[3];						\
    DISPATCH ();							\
  }
  LOCAL_TEST (BRL_NULLP, NULLP, scm_is_null)
  LOCAL_TEST (BRL_PAIRP, PAIRP, scm_is_pair)
#undef LOCAL_TEST

  /* (vector-ref V fp[ip[J - 1]]) as a test, jumping to ip[J] if the
     element is #f.  */
#define BR_VREF(NAME, V, J)						\
 op_##NAME:								\
  {									\
    SCM v = (V), k = fp[ip[(J) - 1]];					\
    if (!PRIM_INTACT (SCM_OP_VREF))					\
      {									\
        *sp++ = v;							\
        acc = k;							\
        n = 2, next = ip + (J) + 1, target = (scm_t_bits *) ip[J];	\
        goto prim_call;							\
      }									\
    VECTOR_REF_TO_ACC (v, k);						\
    if (scm_is_false (acc))						\
      {									\
        ip = (scm_t_bits *) ip[J];					\
        DISPATCH ();							\
      }									\
    NEXT (J);								\
  }
  BR_VREF (BR_VREF_L, acc, 3)
  BR_VREF (BR_VREF_FL, SCM_I_CLOSURE_FREE (closure, ip[2]), 4)
#undef BR_VREF

  /* Fused test and branch: jump to ADDR if the test is false.  */
#define BRANCH_ON(test)							\
  do {									\
    if (test)								\
      ip += 3;								\
    else								\
      ip = (scm_t_bits *) ip[2];					\
    DISPATCH ();							\
  } while (0)
#define BR_SLOW(nargs)							\
  do {									\
    n = (nargs), next = ip + 3, target = (scm_t_bits *) ip[2];		\
    goto prim_call;							\
  } while (0)

#define BR_COMPARE(OP, CMP)					\
 op_BR_##OP:								\
  {									\
    SCM a = sp[-1], b = acc;						\
    int t;								\
    if (!PRIM_INTACT (SCM_OP_##OP))					\
      BR_SLOW (2);							\
    if (SCM_LIKELY (BOTH_FIXNUMS (a, b)))				\
      {									\
        sp--;								\
        BRANCH_ON ((scm_t_signed_bits) SCM_UNPACK (a) CMP		\
                   (scm_t_signed_bits) SCM_UNPACK (b));			\
      }									\
    SYNC ();								\
    t = compare_slow (SCM_OP_##OP, a, b);				\
    sp--;								\
    BRANCH_ON (t);							\
  }

  BR_COMPARE (NUM_EQ, ==)
  BR_COMPARE (LT, <)
  BR_COMPARE (GT, >)
  BR_COMPARE (LE, <=)
  BR_COMPARE (GE, >=)

 op_BR_EQ:
  {
    int t = scm_is_eq (sp[-1], acc);
    if (!PRIM_INTACT (SCM_OP_EQ))
      BR_SLOW (2);
    sp--;
    BRANCH_ON (t);
  }

 op_BR_ZEROP:
  {
    int t;
    if (!PRIM_INTACT (SCM_OP_ZEROP))
      BR_SLOW (1);
    if (SCM_LIKELY (IS_FIXNUM (acc)))
      BRANCH_ON (scm_is_eq (acc, SCM_MAKE_FIXNUM (0)));
    SYNC ();
    t = scm_is_true (scm_zero_p (acc));
    BRANCH_ON (t);
  }

 op_BR_NOT:
  if (!PRIM_INTACT (SCM_OP_NOT))
    BR_SLOW (1);
  BRANCH_ON (scm_is_false (acc));

 op_BR_NULLP:
  if (!PRIM_INTACT (SCM_OP_NULLP))
    BR_SLOW (1);
  BRANCH_ON (scm_is_null (acc));

 op_BR_PAIRP:
  if (!PRIM_INTACT (SCM_OP_PAIRP))
    BR_SLOW (1);
  BRANCH_ON (scm_is_pair (acc));

 op_SELF_TAILCALL:
  {
    n = ip[1];
    SCM *from = sp - n, *to = fp + ip[2];
    for (size_t i = 0; i < n; i++)
      to[i] = from[i];
    sp = to + n;
  self_tailcall_check:
    /* enter_limit is NULL while an interrupt or finalizers are pending
       (set_enter_limit): one test for both.  */
    if (SCM_UNLIKELY (vm->enter_limit == NULL))
      {
        SYNC ();
        if (vm->counting_steps)
          scm_i_limit_steps (vm, 1);
        if (scm_i_interrupt_flagged (vm))
          interrupted (vm);
        scm_i_run_pending_finalizers ();
        scm_i_vm_refresh_enter_limit (vm);
        RELOAD ();
      }
    ip = (scm_t_bits *) ip[3];
    DISPATCH ();
  }

 op_SELF_TAILCALL_ACC:
  {
    n = ip[1] - 1;
    SCM *from = sp - n, *to = fp + ip[2];
    /* At least one pushed argument (SELF_TAILCALL1 has none), the
       first outside the loop: its set-up, 8 instructions, only for
       three parameters or more.  */
    to[0] = from[0];
    for (size_t i = 1; i < n; i++)
      to[i] = from[i];
    to[n] = acc;
    sp = to + n + 1;
    goto self_tailcall_check;
  }

 op_SELF_TAILCALL1:
  sp = fp + ip[2];
  *sp++ = acc;
  goto self_tailcall_check;

  /* A loop of two parameters (saw's try, quicksort's partition
     loops): SELF_TAILCALL_ACC's count and loop cost 7 instructions
     here.  */
 op_SELF_TAILCALL2:
  {
    SCM *to = fp + ip[2];
    to[0] = sp[-1];
    to[1] = acc;
    sp = to + 2;
    goto self_tailcall_check;
  }

  /* acc compared with a local, fp[ip[2]]: (< (vector-ref v i) x).
     Only two fixnums inline; anything else is an ordinary call of the
     variable's value (the primitive's own result or error): less code
     in vm_run, whose register allocation the full form (the generic
     procedure called from C) cost fib 2.4% and tak 1.7%.  */
#define BRR_COMPARE(OP, CMP)						\
 op_BRR_##OP:								\
  {									\
    SCM a = acc, b = fp[ip[2]];						\
    if (SCM_LIKELY (BOTH_FIXNUMS (a, b) && PRIM_INTACT (SCM_OP_##OP)))	\
      {									\
        if ((scm_t_signed_bits) SCM_UNPACK (a) CMP			\
            (scm_t_signed_bits) SCM_UNPACK (b))				\
          NEXT (3);							\
        ip = (scm_t_bits *) ip[3];					\
        DISPATCH ();							\
      }									\
    goto brr_slow;							\
  }
  BRR_COMPARE (NUM_EQ, ==)
  BRR_COMPARE (LT, <)
  BRR_COMPARE (GT, >)
  BRR_COMPARE (LE, <=)
  BRR_COMPARE (GE, >=)
#undef BRR_COMPARE
 brr_slow:
  *sp++ = acc;
  acc = fp[ip[2]];
  n = 2, next = ip + 4, target = (scm_t_bits *) ip[3];
  goto prim_call;

 op_PUSHRET:
  /* Below the value just returned, where to go on; the value takes its
     place on the stack.  */
  ip = (scm_t_bits *) SCM_UNPACK (sp[-1]);
  sp[-1] = acc;
  DISPATCH ();

 op_POPBRANCH:
  sp -= 2;
  ip = (scm_t_bits *) SCM_UNPACK (scm_is_false (acc) ? sp[1] : sp[0]);
  DISPATCH ();

  /* The variable of an inline primitive holds something else now: call
     that, as an ordinary non-tail call returning to NEXT (for a fused
     branch, to POPBRANCH, which goes on at NEXT or TARGET).  The N
     arguments are on the stack (all but the last) and in acc (the
     last); the variable is the instruction's first operand.  */
  /* define-record-type's predicate, accessors and modifiers: a record
     of the exact type (is_record_of), and a field index within it.  */
#define FIELD_OK(obj, k)						\
  (SCM_FIXNUM_P (k)							\
   && (scm_t_bits) SCM_FIXNUM_VALUE (k) < SCM_OBJ_PAYLOAD (obj))

 op_RECORD_P:
  {
    SCM obj = sp[-1];
    acc = scm_from_bool (is_record_of (obj, acc));
    sp--;
    NEXT (1);
  }

 op_RECORD_REF:
  {
    SCM obj = sp[-3], k = sp[-1];
    if (SCM_LIKELY (is_record_of (obj, sp[-2]) && FIELD_OK (obj, k)))
      acc = SCM_CELL_OBJECT (obj, 2 + SCM_FIXNUM_VALUE (k));
    else
      {
        SYNC ();                /* raises the accessor's error */
        acc = scm_record_ref (obj, sp[-2], k, acc);
      }
    sp -= 3;
    NEXT (1);
  }

 op_RECORD_SET:
  {
    SCM obj = sp[-4], k = sp[-2];
    if (SCM_LIKELY (is_record_of (obj, sp[-3]) && FIELD_OK (obj, k)))
      SCM_SET_CELL_OBJECT (obj, 2 + SCM_FIXNUM_VALUE (k), sp[-1]);
    else
      {
        SYNC ();                /* raises the modifier's error */
        scm_record_set_x (obj, sp[-3], k, sp[-1], acc);
      }
    acc = SCM_UNSPECIFIED;
    sp -= 4;
    NEXT (1);
  }

#undef FIELD_OK

 op_MAKE_RECORD:
  {
    /* VALS[0] is the type, unless it is the only argument (in acc).  */
    size_t count = ip[2];
    SCM *vals = sp - (count - 1);
    SYNC ();
    acc = make_record (vm, vals, count, acc);
    sp = vals;
    NEXT (2);
  }

  /* A subr called from the instruction, as CALL would call it but with
     no frame: the registers synced around it, since it may raise or
     call Scheme code (and the stack may move).  */
#define DIRECT_SUBR_CALL(NAME, HELPER)					\
 op_##NAME:								\
  if (SCM_UNLIKELY (!scm_is_eq (SCM_CELL_OBJECT (OPERAND_SCM (1), 1),	\
                                OPERAND_SCM (2))))			\
    {									\
      n = ip[4], next = ip + 5, target = NULL;				\
      goto prim_call;							\
    }									\
  SYNC ();								\
  acc = HELPER (OPERAND_SCM (3), sp, ip[4], acc);			\
  RELOAD ();								\
  sp -= ip[4] - 1;							\
  NEXT (4);
  DIRECT_SUBR_CALL (SUBR_CALL, subr_direct)
  /* The same for a subr with a rest list after the N arguments.  */
  DIRECT_SUBR_CALL (SUBR_CALL_REST, subr_direct_rest)
#undef DIRECT_SUBR_CALL

  /* Type predicates (symbol? & co): the header's type code.  PRED
     guards them as SUBR guards SUBR_CALL; the slow path calls VAR's
     value on the object.  */
#define TYPE_GUARD_FAILS()						\
  SCM_UNLIKELY (!scm_is_eq (SCM_CELL_OBJECT (OPERAND_SCM (1), 1),	\
                            OPERAND_SCM (2)))
 op_TYPEP:
  if (TYPE_GUARD_FAILS ())
    {
      n = 1, next = ip + 4, target = NULL;
      goto prim_call;
    }
  acc = scm_from_bool (scm_has_tc8 (acc, ip[3]));
  NEXT (3);

  /* Jump to ip[J] unless X has type code ip[J - 1].  */
#define TYPE_BRANCH(NAME, X, J)						\
 op_##NAME:								\
  {									\
    SCM x = (X);							\
    if (TYPE_GUARD_FAILS ())						\
      {									\
        acc = x;							\
        n = 1, next = ip + (J) + 1, target = (scm_t_bits *) ip[J];	\
        goto prim_call;							\
      }									\
    if (scm_has_tc8 (x, ip[(J) - 1]))					\
      NEXT (J);								\
    ip = (scm_t_bits *) ip[J];						\
    DISPATCH ();							\
  }
  TYPE_BRANCH (BR_TYPEP, acc, 4)
  TYPE_BRANCH (BRL_TYPEP, fp[ip[3]], 5)
#undef TYPE_BRANCH
#undef TYPE_GUARD_FAILS

 prim_call_1:
  n = 1, next = ip + 2, target = NULL;
  goto prim_call;
 prim_call_2:
  n = 2, next = ip + 2, target = NULL;
  goto prim_call;
 prim_call_3:
  n = 3, next = ip + 2, target = NULL;
 prim_call:
  {
    SCM argv[SCM_I_KREC_MAKE_MAX];
    SCM f = SCM_CELL_OBJECT (OPERAND_SCM (1), 1);
    sp -= n - 1;
    for (size_t i = 0; i + 1 < n; i++)
      argv[i] = sp[i];
    argv[n - 1] = acc;
    scm_t_bits *ret = next;
    if (target != NULL)
      {
        *sp++ = SCM_PACK_POINTER (next);
        *sp++ = SCM_PACK_POINTER (target);
        ret = popbranch_code;
      }
    sp[0] = FRAME_LINK (sp);
    sp[1] = closure;
    sp[2] = SCM_PACK_POINTER (ret);
    sp += 3;
    for (size_t i = 0; i < n; i++)
      *sp++ = argv[i];
    acc = f;
    ip = next;
    goto do_call;
  }

  /* The record procedures, called inline (inline.c, scm_i_record_proc): a
     predicate's work out of vm_run (krec_access), which returns
     SCM_UNDEFINED when the variable no longer holds the procedure;
     then an ordinary call of the variable's value.  */
 op_KREC_ACCESS:
  {
    SCM r = krec_access (ip, acc);
    if (SCM_UNLIKELY (SCM_UNBNDP (r)))
      {
        n = 1, next = ip + 6, target = NULL;
        goto prim_call;
      }
    acc = r;
    NEXT (5);
  }

  /* (node-left node), (set-node-left! node x) with no call: the
     guard, then the record's check (krec_fits).  */
 op_KREC_REF:
  if (SCM_UNLIKELY (!krec_fits (ip, acc)))
    {
      n = 1, next = ip + 6, target = NULL;
      goto prim_call;
    }
  acc = SCM_CELL_OBJECT (acc, 2 + SCM_FIXNUM_VALUE (OPERAND_SCM (4)));
  NEXT (5);

 op_KREC_SET:
  if (SCM_UNLIKELY (!krec_fits (ip, sp[-1])))
    {
      n = 2, next = ip + 6, target = NULL;
      goto prim_call;
    }
  SCM_SET_CELL_OBJECT (sp[-1], 2 + SCM_FIXNUM_VALUE (OPERAND_SCM (4)), acc);
  acc = SCM_UNSPECIFIED;
  sp--;
  NEXT (5);

 op_KREC_MAKE:
  if (SCM_UNLIKELY (!scm_is_eq (SCM_CELL_OBJECT (OPERAND_SCM (1), 1),
                                OPERAND_SCM (2))))
    {
      n = ip[4], next = ip + 5, target = NULL;
      goto prim_call;
    }
  SYNC ();
  acc = make_known_record (OPERAND_SCM (3), sp - (ip[4] - 1), ip[4], acc,
                           vm);
  sp -= ip[4] - 1;
  NEXT (4);

 op_KREC_MAKE_K:
  {
    /* The fields: the elements of the vector.  */
    const SCM *fields = (const SCM *) SCM_UNPACK_POINTER (OPERAND_SCM (5)) + 1;
    if (SCM_UNLIKELY (!scm_is_eq (SCM_CELL_OBJECT (OPERAND_SCM (1), 1),
                                  OPERAND_SCM (2))))
      {
        /* An ordinary call of N, its arguments placed as for KREC_MAKE.  */
        for (size_t i = 0; i < ip[4]; i++)
          *sp++ = fields[i];
        acc = *--sp;
        n = ip[4], next = ip + 6, target = NULL;
        goto prim_call;
      }
    size_t nf = ip[4];
    if (SCM_UNLIKELY (nf + 2 > 2 * SCM_I_FL_NORMAL))
      {
        SYNC ();
        acc = make_known_record (OPERAND_SCM (3), fields, nf,
                                 fields[nf - 1], vm);
        NEXT (5);
      }
    /* Inline, as a pair is made: the pop, the header, type and
       constants stored, the registers synced only for a refill.  Out
       of line it was about 50 instructions a record with the call,
       its arguments and the sync; gcbench makes 11.4 M this way.  */
    scm_t_bits *p;
    VM_ALLOC (p, scm_i_fl_index (nf + 2));
    p[0] = SCM_MAKE_HEADER (scm_tc8_record, 0, nf);
    p[1] = ip[3];
    acc = fill_known_record (p, fields, nf, fields[nf - 1]);
    NEXT (5);
  }
}

/* ------------------------------------------------------------------ */
/* Entry from C.  */

/* Enter the VM from C: a new activation, whose C frame is this one.
   A continuation of an enclosing activation longjmps back here and
   vm_run starts again in the mode the jump asked for; the activations
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
  /* A request made while nothing ran is not for this evaluation (one
     made during its expansion is: scm_i_enter_expansion).  */
  if (vm->depth == 0 && vm->expanding == 0)
    {
      vm->interrupt_pending = vm->limit != NULL && scm_i_limit_pending_p (vm);
      vm->collections_abandoned = 0;
      scm_i_vm_refresh_enter_limit (vm);
    }
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
  if (setjmp (act.jmp) != 0)
    {
      /* Back from C code that raised or called a continuation: its
         frames (a failed allocation's, the collector's) are dead and
         would otherwise lie under vm_run's next ones with their stale
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
  static const struct { const char *name; enum scm_i_opcode op; } prims[] = {
    { "+", SCM_OP_ADD }, { "-", SCM_OP_SUB }, { "*", SCM_OP_MUL },
    { "/", SCM_OP_DIV }, { "=", SCM_OP_NUM_EQ }, { "<", SCM_OP_LT }, { ">", SCM_OP_GT },
    { "<=", SCM_OP_LE }, { ">=", SCM_OP_GE }, { "zero?", SCM_OP_ZEROP },
    { "not", SCM_OP_NOT }, { "eq?", SCM_OP_EQ }, { "eqv?", SCM_OP_EQV },
    { "cons", SCM_OP_CONS }, { "car", SCM_OP_CAR }, { "cdr", SCM_OP_CDR },
    { "null?", SCM_OP_NULLP }, { "pair?", SCM_OP_PAIRP },
    { "vector-ref", SCM_OP_VREF }, { "vector-set!", SCM_OP_VSET },
    { "set-car!", SCM_OP_SET_CAR }, { "set-cdr!", SCM_OP_SET_CDR },
    { "vector-length", SCM_OP_VLEN }, { "list", SCM_OP_LIST },
    { "quotient", SCM_OP_QUOTIENT }, { "remainder", SCM_OP_REMAINDER },
    { "modulo", SCM_OP_MODULO },
  };
  scm_i_vm_run (NULL, SCM_BOOL_F, NULL, 0, SCM_I_RESUME_NONE);
  scm_i_add_mark_end_hook (forget_mutable_pair_blocks);
  for (int op = 0; op < SCM_OP_COUNT; op++)
    inline_primitives[op] = SCM_BOOL_F;
  for (size_t i = 0; i < sizeof prims / sizeof prims[0]; i++)
    inline_primitives[prims[i].op]
      = SCM_CELL_OBJECT (scm_c_lookup (prims[i].name), 1);
  /* The record operations have no name a program can rebind: only the
     expansion of define-record-type, which calls the primitive objects
     themselves, reaches them (expand.c, record_op).  */
  inline_primitives[SCM_OP_RECORD_P]
    = SCM_CELL_OBJECT (scm_c_lookup ("%record?"), 1);
  inline_primitives[SCM_OP_RECORD_REF]
    = SCM_CELL_OBJECT (scm_c_lookup ("%record-ref"), 1);
  inline_primitives[SCM_OP_RECORD_SET]
    = SCM_CELL_OBJECT (scm_c_lookup ("%record-set!"), 1);
  inline_primitives[SCM_OP_MAKE_RECORD]
    = SCM_CELL_OBJECT (scm_c_lookup ("%make-record"), 1);
#ifndef SCM_MAGIC_SNARFER
#include "vm/vm.x"
#endif
}
