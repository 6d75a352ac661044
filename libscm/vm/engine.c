/* engine.c -- the VM's engine: registers, dispatch, fast and slow paths
   SPDX-License-Identifier: LGPL-3.0-or-later

   scm_i_vm_run holds the registers in C locals and dispatches with
   computed gotos (direct threading: every instruction word is the
   address of its label).  A Scheme call pushes a frame on the VM stack
   and jumps; nothing recurses in C, so recursion depth is bounded by
   the stack limit, not the C stack.  The machinery around it (code
   objects, closures, backtraces, entry from C, init) is vm.c's.

   This file is compiled apart, with VM_CFLAGS (Makefile.am): the
   precompiled prelude names its instructions by their offsets from
   scm_i_vm_run, and the loop's speed depends on its register
   allocation.  The instruction bodies are in fragments by family,
   included into the run function: ops-base.inc (variables, frames,
   calls, returns, captures), ops-inline.inc (inline primitives),
   ops-super.inc (superinstructions) and ops-record.inc (records, known
   record types and direct subr calls); the arithmetic they share (fixnum
   and flonum fast paths, slow paths, the instructions' macros) is
   engine-arith.inc, included before the run function.  Each
   instruction is a literal label op_NAME with a one-line comment; the
   labels that several instructions share (do_call, prim_call, ...)
   pass their arguments in the registers n, next, target.

   The registers are written back to the vm struct (SYNC) before
   anything that can allocate, raise or re-enter, and read back after a
   call that can re-enter (the stack may have moved, when its limit was
   raised).  Frames, calls and the instruction set are described in
   vm-internal.h and doc/internals.md.  */

#include "runtime/scm-internal.h"
#include "values/strings-internal.h"
#include "io/ports-impl-internal.h"
#include "vm/vm-internal.h"
#include "vm/flo-tree-internal.h"
#include "gc/finalizers-internal.h"
#include "runtime/instance-internal.h"

#include <stdlib.h>
#include <string.h>
#include <libscm/bytevectors.h>
#include <libscm/chars.h>
#include <libscm/conditions.h>
#include <libscm/eq.h>
#include <libscm/eval.h>
#include <libscm/keywords.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>
#include <libscm/records.h>
#include <libscm/strings.h>

/* The address of each instruction's label: scm_i_vm_run's own table,
   which its first call points this at (one word of .bss for libgc to
   scan, not a copy of the table), and the one-instruction code that a
   boundary frame returns to.  Both are constant after init.  */
static void *const *op_labels;
static scm_t_bits halt_code[1];
static scm_t_bits popbranch_code[1];
static scm_t_bits pushret_code[1];
/* RETURN alone: where the slow path of an instruction that returns
   (LT_LL_RETURN) has the ordinary call return to.  */
static scm_t_bits return_code[1];
static scm_t_bits return_code[1];

scm_t_bits *scm_i_return_code (void) { return return_code; }
scm_t_bits scm_i_step_return_op;
scm_t_bits *scm_i_halt_code (void) { return halt_code; }

void
scm_i_thread_code (scm_t_bits *entry, const scm_t_bits *words, size_t n)
{
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
}

/* The opcode of each label, for scm_i_opcode_of_label: a table of
   LABEL_SLOTS opcodes by a hash of the label, open addressing, -1 in
   an empty slot, malloc'd, where libgc scans no part of it.
   The search of the labels in order that it replaces took 500
   instructions a word, and the compiler reads the code of every
   procedure a call might copy inline (inline.c): 5.4% of the r7rs
   suite's compiler, a program of 12,000 such calls.  Made at the
   first call, not at start-up (5,400 instructions, which a script that
   compiles little does not pay back); NULL until then, and if malloc
   failed, when the search in order stands in.  */
#define LABEL_SLOTS 1024
static int16_t *label_ops;

static size_t
label_slot (const void *label)
{
  uint32_t x = (uint32_t) ((uintptr_t) label >> 2);
  return (size_t) ((x * UINT32_C (2654435761)) >> 22) & (LABEL_SLOTS - 1);
}

/* Make label_ops from op_labels.  Opcodes that share a label map to
   the first, as the search in order found.  Threads that race here
   each make one; the first published stays, the others are freed.  */
static int16_t *
index_labels (void)
{
  _Static_assert (2 * SCM_OP_COUNT <= LABEL_SLOTS,
                  "the labels' table at most half full");
  int16_t *t = malloc (LABEL_SLOTS * sizeof *t);
  if (t == NULL)
    return NULL;
  for (size_t h = 0; h < LABEL_SLOTS; h++)
    t[h] = -1;
  for (int op = 0; op < SCM_OP_COUNT; op++)
    {
      size_t h = label_slot (op_labels[op]);
      while (t[h] >= 0 && op_labels[t[h]] != op_labels[op])
        h = (h + 1) & (LABEL_SLOTS - 1);
      if (t[h] < 0)
        t[h] = (int16_t) op;
    }
  int16_t *none = NULL;
  if (!__atomic_compare_exchange_n (&label_ops, &none, t, 0,
                                    __ATOMIC_RELEASE, __ATOMIC_ACQUIRE))
    {
      free (t);
      return none;
    }
  return t;
}

int
scm_i_opcode_of_label (const void *label)
{
  int16_t *ops = __atomic_load_n (&label_ops, __ATOMIC_ACQUIRE);
  if (SCM_UNLIKELY (ops == NULL) && op_labels != NULL)
    ops = index_labels ();
  if (SCM_UNLIKELY (ops == NULL))
    {
      for (int op = 0; op_labels != NULL && op < SCM_OP_COUNT; op++)
        if (op_labels[op] == label)
          return op;
      return -1;
    }
  for (size_t h = label_slot (label);; h = (h + 1) & (LABEL_SLOTS - 1))
    {
      int op = ops[h];
      if (op < 0 || op_labels[op] == label)
        return op;
    }
}

long
scm_i_op_label_offset (int op)
{
  /* The image is checked against the labels before the VM's init (the
     core module's table comes from it): fill them in first.  */
  if (SCM_UNLIKELY (op_labels == NULL))
    scm_i_vm_run (NULL, SCM_BOOL_F, NULL, 0, SCM_I_RESUME_NONE);
  return (long) ((const char *) op_labels[op]
                 - (const char *) (uintptr_t) &scm_i_vm_run);
}

void
scm_i_recheck_self_calls (SCM code, SCM var)
{
  /* Rare (a self-recursive procedure's variable changed): a walk of
     the code.  Each site is one word, written at once, so that another
     thread running the code sees the one instruction or the other.  */
  scm_t_bits *entry = scm_i_code_entry (code);
  size_t n = SCM_OBJ_PAYLOAD (code);
  int left = 0;
  for (size_t i = 0; i < n;)
    {
      int op = scm_i_opcode_of_label ((const void *) entry[i]);
      if (op < 0)
        return;                 /* no instruction: leave the flag */
      int checked = scm_i_self_call_checked (op);
      if (checked >= 0 && scm_is_eq (SCM_PACK (entry[i + 1]), var))
        entry[i] = (scm_t_bits) op_labels[checked];
      else if (checked >= 0)
        left = 1;
      i += 1 + scm_i_op_operands[op];
    }
  if (!left)
    SCM_SET_CELL_WORD (code, 0, SCM_HEADER (code)
                       & ~((scm_t_bits) SCM_I_CODE_FLAG_SELF_U << 8));
}

/* The primitive each inline opcode stands for, by its row
   (vm-internal.h).  */
static SCM inline_primitives[SCM_I_INLINE_PRIMITIVE_COUNT];

/* The primitive of opcode OP, #f for an opcode with none.  With OP a
   constant, as in the instructions, GCC folds the row and the test.  */
#define PRIMITIVE_OF(op)						\
  (scm_i_inline_primitive_row (op) >= 0				\
   ? inline_primitives[scm_i_inline_primitive_row (op)] : SCM_BOOL_F)

SCM
scm_i_inline_primitive (enum scm_i_opcode op)
{
  return PRIMITIVE_OF (op);
}

int
scm_i_type_predicate_tc8 (SCM pred)
{
  static const struct { SCM (*fn) (SCM); enum scm_tc8 tc8; } preds[] = {
    { scm_symbol_p, scm_tc8_symbol }, { scm_string_p, scm_tc8_string },
    { scm_vector_p, scm_tc8_vector }, { scm_keyword_p, scm_tc8_keyword },
    { scm_bytevector_p, scm_tc8_bytevector },
  };
  if (!scm_is_subr (pred))
    return -1;
  /* Not a header's type code: the VM tests fixnum or bignum.  */
  if (SCM_CELL_WORD (pred, 1) == (scm_t_bits) scm_exact_integer_p)
    return SCM_I_TC8_EXACT_INTEGER;
  if (SCM_CELL_WORD (pred, 1) == (scm_t_bits) scm_integer_p)
    return SCM_I_TC8_INTEGER;
  for (size_t i = 0; i < sizeof preds / sizeof preds[0]; i++)
    if (SCM_CELL_WORD (pred, 1) == (scm_t_bits) preds[i].fn)
      return preds[i].tc8;
  return -1;
}

/* Whether SUBR is the primitive of C function FN.  With static subrs,
   its static object, whose address is hidden: comparing with the
   address of an exported function takes an entry of the GOT, static
   data that libgc scans.  */
#if SCM_STATIC_ALLOC
# define TEXT_SUBR(fn)                                                  \
  extern SCM_SNARF_SUBR_STORAGE const struct scm_static_subr fn##_scm_subr;
# define IS_TEXT_SUBR(subr, fn)                                         \
  scm_is_eq ((subr), SCM_PACK_POINTER (&fn##_scm_subr))
#else
# define TEXT_SUBR(fn)
# define IS_TEXT_SUBR(subr, fn) (SCM_CELL_WORD ((subr), 1) == (scm_t_bits) fn)
#endif
/* X (C function, KIND) of each primitive of TEXT_OP.  */
#define FOR_EACH_TEXT_SUBR(X)                                           \
  X (scm_string_length, SCM_I_TEXT_STRING_LENGTH)                       \
  X (scm_string_ref, SCM_I_TEXT_STRING_REF)                             \
  X (scm_string_set_x, SCM_I_TEXT_STRING_SET)                           \
  X (scm_char_whitespace_p, SCM_I_TEXT_CHAR_WHITESPACE)                 \
  X (scm_char_alphabetic_p, SCM_I_TEXT_CHAR_ALPHABETIC)                 \
  X (scm_char_numeric_p, SCM_I_TEXT_CHAR_NUMERIC)                       \
  X (scm_read_char, SCM_I_TEXT_READ_CHAR)                               \
  X (scm_peek_char, SCM_I_TEXT_PEEK_CHAR)                               \
  X (scm_eof_object_p, SCM_I_TEXT_EOF_OBJECT)
#define DECLARE_TEXT_SUBR(fn, kind) TEXT_SUBR (fn)
FOR_EACH_TEXT_SUBR (DECLARE_TEXT_SUBR)
#undef DECLARE_TEXT_SUBR

int
scm_i_text_op_kind (SCM subr, size_t nargs)
{
  if (!scm_is_subr (subr))
    return -1;
  int kind = -1;
#define TEXT_KIND(fn, k)                                                \
  if (IS_TEXT_SUBR (subr, fn))                                          \
    kind = k;
  FOR_EACH_TEXT_SUBR (TEXT_KIND)
#undef TEXT_KIND
  /* read-char and peek-char of no argument read the current input
     port: an ordinary call.  */
  return kind >= 0 && scm_i_text_op_argc (kind) == nargs ? kind : -1;
}

void
scm_i_note_subr_rebound (SCM old)
{
  /* TYPEP & co share their opcodes among the predicates, TEXT_OP
     among its primitives: known by their C function, not by the
     table.  */
  if (scm_i_type_predicate_tc8 (old) >= 0
      || scm_i_text_op_kind (old, 1) >= 0 || scm_i_text_op_kind (old, 2) >= 0
      || scm_i_text_op_kind (old, 3) >= 0)
    {
      scm_i_inline_bindings_intact = 0;
      return;
    }
  /* Rare (a primitive's binding changed): a scan of the table.  */
  for (int row = 0; row < SCM_I_INLINE_PRIMITIVE_COUNT; row++)
    if (scm_is_eq (inline_primitives[row], old))
      {
        scm_i_inline_bindings_intact = 0;
        return;
      }
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

void
scm_i_vm_interrupted (struct scm_i_vm *vm)
{
  interrupted (vm);
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
/* The rest list of a call: the N values at ARGS.  */
static SCM
rest_list (const SCM *args, size_t n)
{
  /* The VM's lists, found through the thread-local pointer: passing the
     VM down from scm_i_vm_run moved its register allocation (tak +0.2%).  */
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

/* The value of element I of LIST's list: of the N values at ARGS,
   then LAST.  */
static inline SCM
list_element (const SCM *args, size_t i, size_t n, SCM last)
{
  return i == n ? last : args[i];
}

/* How walk_lists ends: a test left the loop, a poll is due (the
   turn's step made), or one of the two values is no pair (AB as they
   were before the step, for cdr's error).  */
enum walk_end { WALK_LEFT, WALK_POLL, WALK_NO_PAIR };

/* Whether V has all of NEED (SCM_I_WALK_NULL...).  */
static inline int
walk_fits (SCM v, unsigned need)
{
  return (!(need & SCM_I_WALK_NULL) || scm_is_null (v))
    && (!(need & SCM_I_WALK_NON_NULL) || !scm_is_null (v))
    && (!(need & SCM_I_WALK_PAIR) || scm_is_pair (v))
    && (!(need & SCM_I_WALK_NON_PAIR) || !scm_is_pair (v));
}

/* The turns of a walk while GOES_ON holds of a and b: each turn the
   step (both cdrs, checked), the poll enter_limit stands for
   (volatile: read every turn, as the ordinary jump does), the tests.  */
#define WALK_LOOP(GOES_ON)                                              \
  for (;;)                                                              \
    {                                                                   \
      if (SCM_UNLIKELY (!scm_is_pair (a) || !scm_is_pair (b)))          \
        {                                                               \
          end = WALK_NO_PAIR;                                           \
          break;                                                        \
        }                                                               \
      a = SCM_CDR (a);                                                  \
      b = SCM_CDR (b);                                                  \
      if (SCM_UNLIKELY (vm->enter_limit == NULL))                       \
        {                                                               \
          end = WALK_POLL;                                              \
          break;                                                        \
        }                                                               \
      if (!(GOES_ON))                                                   \
        {                                                               \
          end = WALK_LEFT;                                              \
          break;                                                        \
        }                                                               \
    }

/* The turns of GSELFTAILCALL_WALK2's loop (isa-internal.h) with AB,
   the loop's two parameters, in registers, until a test leaves, a
   poll is due or a value is no pair.  AB gets the values the frame
   must hold.  The usual heads (both lists not empty: takl's and
   ntakl's shorterp; both pairs) have their own loop.  Not inlined:
   vm_run's registers stay as they were (fib, tak).  */
static enum walk_end __attribute__ ((noinline))
walk_lists (struct scm_i_vm *vm, SCM ab[2], scm_t_bits tests)
{
  SCM a = ab[0], b = ab[1];
  unsigned need0 = tests & 15, need1 = tests >> SCM_I_WALK_SECOND_SHIFT & 15;
  enum walk_end end;
  if (need0 == SCM_I_WALK_NON_NULL && need1 == SCM_I_WALK_NON_NULL)
    WALK_LOOP (!scm_is_null (a) && !scm_is_null (b))
  else if (need0 == SCM_I_WALK_PAIR && need1 == SCM_I_WALK_PAIR)
    WALK_LOOP (scm_is_pair (a) && scm_is_pair (b))
  else
    WALK_LOOP (walk_fits (a, need0) && walk_fits (b, need1))
  ab[0] = a;
  ab[1] = b;
  return end;
}
#undef WALK_LOOP

/* list_of_values when VM's list of pairs runs out: the elements from
   I down to 0 consed onto L, the list of those after them, each pair
   popped or refilled (which may collect: L is on the C stack).  */
static SCM __attribute__ ((noinline))
list_of_values_slow (struct scm_i_vm *vm, const SCM *args, size_t i,
                     size_t n, SCM last, SCM l)
{
  for (i++; i-- > 0;)
    {
      SCM *p = scm_i_fl_alloc (&vm->fl, 0);
      p[0] = list_element (args, i, n, last);
      p[1] = l;
      l = SCM_PACK_POINTER (p);
    }
  return l;
}

/* LIST's work, out of scm_i_vm_run: the list of the N values at ARGS and
   then LAST, from VM's list of pairs.  A leaf while the list holds
   them (no register saved, no look-up of the VM); when it runs out,
   list_of_values_slow, a tail call, makes the rest.  */
static SCM __attribute__ ((noinline))
list_of_values (struct scm_i_vm *vm, const SCM *args, size_t n, SCM last)
{
  SCM l = SCM_EOL;
  for (size_t i = n + 1; i-- > 0;)
    {
      SCM *p = scm_i_fl_pop (&vm->fl, 0);
      if (SCM_UNLIKELY (p == NULL))
        return list_of_values_slow (vm, args, i, n, last, l);
      p[0] = list_element (args, i, n, last);
      p[1] = l;
      l = SCM_PACK_POINTER (p);
    }
  return l;
}

/* VECTOR's work, out of scm_i_vm_run: the vector of the N values at
   ARGS and then LAST (N + 1 at most SCM_I_ADDN_MAX: one object of VM's
   free lists; the running VM passed, as to list_of_values, not looked
   up in thread-local storage at each vector).  */
static SCM __attribute__ ((noinline))
vector_of_values (struct scm_i_vm *vm, const SCM *args, size_t n, SCM last)
{
  SCM *p = scm_i_fl_alloc (&vm->fl, scm_i_fl_index (n + 2));
  p[0] = SCM_PACK (SCM_MAKE_HEADER (scm_tc8_vector, 0, n + 1));
  for (size_t i = 0; i < n; i++)
    p[1 + i] = args[i];
  p[1 + n] = last;
  return SCM_PACK_POINTER (p);
}

/* The slow path of a call of closure *PROC with the N arguments at
   ARGS, whose count its arity word does not match exactly: choose the
   clause of a case-lambda (into *PROC), then gather the arguments past
   the required ones into a rest list in place.  Returns the new count
   of argument slots (the stack has room for one more, FRAME_SLACK);
   raises wrong-number-of-args if no clause or arity takes N.  A call
   with no argument for a rest parameter does not come here: the VM
   pushes its '() (CALL_CLOSURE).  */
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
      if (arity == SCM_I_ARITY_OF (n))
        return n;
    }
  size_t req = SCM_I_ARITY_REQ (arity);
  if (!(arity & SCM_I_ARITY_REST) || n < req)
    closure_arity_error (*proc, n);
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

/* A record of type RTD, which compile/calls.c checked has N fields, from
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

/* MAKE_RECORD with a type that is none, or of another field count:
   the primitive's error (or record).  */
static SCM __attribute__ ((noinline))
make_record_checked (SCM rtd, const SCM *args, size_t n, SCM last)
{
  SCM values = SCM_EOL;
  if (n > 1)
    values = scm_cons (last, values);
  for (size_t i = n - 1; i-- > 1;)
    values = scm_cons (args[i], values);
  return scm_make_record (rtd, values);
}

/* MAKE_RECORD's work, out of the loop so that it costs scm_i_vm_run no
   registers: a record of type ARGS[0] (or LAST when N is 1) holding
   ARGS[1..N-2] and LAST.  One compare of the type's header, then
   make_known_record's path (a tail call: this saves no registers).  */
static SCM __attribute__ ((noinline))
make_record (struct scm_i_vm *vm, SCM *args, size_t n, SCM last)
{
  SCM rtd = n == 1 ? last : args[0];
  /* One compare: a record type with N - 1 fields.  */
  if (SCM_LIKELY (SCM_HEAP_OBJECT_P (rtd)
                  && SCM_HEADER (rtd)
                  == SCM_MAKE_HEADER (scm_tc8_record, SCM_I_RECORD_FLAG_TYPE,
                                      n - 1)))
    return make_known_record (rtd, args + 1, n - 1, last, vm);
  return make_record_checked (rtd, args, n, last);
}

/* Nonzero if RTD is a record type of N fields (one compare of its
   whole header).  */
static inline int
is_record_type_of (SCM rtd, size_t n)
{
  return SCM_HEAP_OBJECT_P (rtd)
    && SCM_HEADER (rtd) == SCM_MAKE_HEADER (scm_tc8_record,
                                            SCM_I_RECORD_FLAG_TYPE, n);
}

/* make_record_of with RTD no record type of N fields: the primitive's
   error (never for a type the compiler saw, whose field count it
   took).  Apart, so that make_record_of saves no registers.  */
static SCM __attribute__ ((noinline))
make_record_of_checked (SCM rtd, const SCM *vals, size_t n)
{
  SCM values = SCM_EOL;
  for (size_t i = n; i-- > 0;)
    values = scm_cons (vals[i], values);
  return scm_make_record (rtd, values);
}

/* REC_MAKE's work: a record of type RTD (in acc, of a body's
   define-record-type) of the N >= 1 values at VALS.  Out of the loop,
   as make_record: one compare of the type's header, then
   make_known_record's path (a tail call).  */
static SCM __attribute__ ((noinline))
make_record_of (struct scm_i_vm *vm, SCM rtd, const SCM *vals, size_t n)
{
  if (SCM_LIKELY (is_record_type_of (rtd, n)))
    return make_known_record (rtd, vals, n, vals[n - 1], vm);
  return make_record_of_checked (rtd, vals, n);
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
   procedure.  Out of scm_i_vm_run: the VM loop keeps nothing live across the
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
/* The arity word of CODE, read from memory again (not the value in a
   register that an earlier read left).  */
#define ARITY_AGAIN(code)						\
  (((volatile scm_t_bits *) SCM_UNPACK_POINTER (code))[SCM_I_CODE_ARITY])

/* The call of closure acc with the N values on top of the stack,
   written once for CALL and TAILCALL: the clause of a case-lambda
   chosen and the rest list made when N is not its arity; then
   PLACE_ARGUMENTS (a call: the new frame is where the arguments are,
   CALL_ARGS; a tail call: they move down to fp), and its code from the
   word after ENTER, whose check is made here (every code begins with
   ENTER; ENTER itself runs when the check fails).  AT is the instruction's
   address for the slow path's SYNC: the fast path computes neither it
   nor anything else that path alone needs.  */
#define CALL_CLOSURE_AT(AT, PLACE_ARGUMENTS)				\
  {									\
    SCM code = SCM_I_CLOSURE_CODE (acc);				\
    SCM *call_args = sp - n;						\
    if (SCM_UNLIKELY (SCM_CELL_WORD (code, SCM_I_CODE_ARITY)		\
                      != SCM_I_ARITY_OF (n)))				\
      {									\
        /* No argument for a rest parameter (map's usual call): '()	\
           pushed, with no call (the stack has room: FRAME_SLACK).	\
           The arity read again here, so that the test above		\
           compares with the word in memory and keeps no register	\
           (one instruction less in every call).  */			\
        if (ARITY_AGAIN (code) == (SCM_I_ARITY_OF (n) | SCM_I_ARITY_REST)) \
          *sp++ = SCM_EOL, n++;						\
        else								\
          {								\
            SYNC_AT (AT);						\
            /* A copy, so that acc's address is never taken.  */	\
            SCM callee = acc;						\
            size_t m = adapt_arguments (&callee, call_args, n);		\
            acc = callee;						\
            sp = call_args + m;						\
            n = m;							\
            code = SCM_I_CLOSURE_CODE (acc);				\
          }								\
      }									\
    PLACE_ARGUMENTS;							\
    closure = acc;							\
    ip = scm_i_code_entry (code);					\
    if (SCM_LIKELY (fp + ip[1] <= vm->enter_limit))			\
      ip += SCM_I_ENTER_WORDS;						\
    DISPATCH ();							\
  }
#define CALL_CLOSURE(PLACE_ARGUMENTS) CALL_CLOSURE_AT (ip, PLACE_ARGUMENTS)

/* The entry of closure acc, whose arguments are in place: its ENTER
   skipped when the frame has room and no interrupt is due.  */
#define KNOWN_ENTRY()							\
  {									\
    closure = acc;							\
    ip = scm_i_code_entry (SCM_I_CLOSURE_CODE (acc));			\
    if (SCM_LIKELY (fp + ip[1] <= vm->enter_limit))			\
      ip += SCM_I_ENTER_WORDS;						\
    DISPATCH ();							\
  }

/* Pop the running frame for a return of acc to its caller: the
   caller's frame, closure and return address restored.  */
#define LEAVE_FRAME()							\
  do {									\
    sp = fp - SCM_I_FRAME_HEADER;					\
    fp = scm_i_frame_caller (fp);					\
    closure = sp[1];							\
    ip = (scm_t_bits *) SCM_UNPACK (sp[2]);				\
    /* Returning into a frame that a continuation holds a copy of:	\
       from now on it runs and changes, so the copy no longer covers	\
       it.  */								\
    if (SCM_UNLIKELY (fp < vm->frozen_top))				\
      vm->frozen_top = fp;						\
  } while (0)

/* Return acc from the running frame to its caller (RETURN, and the
   instructions that end in it).  */
#define RETURN_ACC()							\
  {									\
    LEAVE_FRAME ();							\
    DISPATCH ();							\
  }

/* RETURN_ACC for a value a test may be waiting for (CONST_RETURN,
   LT_LL_RETURN): a return into JUMPF takes it too.  */
#define RETURN_TESTED()							\
  {									\
    LEAVE_FRAME ();							\
    if ((void *) ip[0] == &&op_JUMPF)					\
      ip = scm_is_false (acc) ? (scm_t_bits *) ip[1] : ip + 2;		\
    DISPATCH ();							\
  }

/* The call of continuation acc with the N values on top of the stack:
   laid back (resumed), or, when dynamic-wind thunks must run first,
   (%continue k vals) called as AGAIN (do_call or do_tailcall) calls.  */
#define CALL_CONTINUATION(AGAIN)					\
  {									\
    SYNC_AT (ip);							\
    if (!continuation_call (vm, acc, n))				\
      goto resumed;							\
    RELOAD ();								\
    acc = scm_i_continue_procedure ();					\
    n = 2;								\
    goto AGAIN;								\
  }

/* A tail call's N arguments at FROM moved down to FP, where the frame
   being replaced begins; the new top of the stack.  They may overlap
   the slots they move to (a callee of more parameters than the frame
   has slots below them), so each unrolled case reads them all before
   it writes.  */
static inline SCM *
slide_arguments (SCM *fp, const SCM *from, size_t n)
{
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
    case 4:
      {
        /* cpstak's tak and its continuations: the loop and its set-up
           cost 26 instructions, these 8.  */
        SCM a = from[0], b = from[1], c = from[2], d = from[3];
        fp[0] = a, fp[1] = b, fp[2] = c, fp[3] = d;
        break;
      }
    default:
      for (size_t i = 0; i < n; i++)
        fp[i] = from[i];
    }
  return fp + n;
}

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
   A pair of another block the VM found mutable since the last
   collection is found in its table; only a block it has not seen
   costs the look-up.  Out of scm_i_vm_run: the look-up is two calls
   into libgc.  */
static int __attribute__ ((noinline))
pair_mutable_slow (struct scm_i_vm *vm, SCM p)
{
  /* The table holds block numbers, not addresses, so that it keeps
     nothing alive (the VM is scanned).  */
  uintptr_t block = PAIR_BLOCK (p), number = block >> 12;
  uintptr_t *slot = &vm->mutable_pair_blocks[number
                                             & (SCM_I_MUTABLE_BLOCKS - 1)];
  if (*slot != number)
    {
      if (scm_i_is_immutable_pair (p))
        return 0;
      *slot = number;
    }
  vm->mutable_pair_block = block;
  return 1;
}

/* Nonzero if set-car! may change pair P: its block is VM's last one,
   or in VM's table (a probe in the VM, without pair_mutable_slow's
   call: destruc's pairs come from many blocks), or found by the
   look-up.  */
static inline int
pair_mutable (struct scm_i_vm *vm, SCM p)
{
  uintptr_t block = PAIR_BLOCK (p), number = block >> 12;
  if (SCM_LIKELY (block == vm->mutable_pair_block))
    return 1;
  if (vm->mutable_pair_blocks[number & (SCM_I_MUTABLE_BLOCKS - 1)]
      == number)
    {
      vm->mutable_pair_block = block;
      return 1;
    }
  return pair_mutable_slow (vm, p);
}

/* A mark-end hook: the blocks the VMs remember may be freed by this
   collection and reused for literals.  */
static void
forget_mutable_pair_blocks (void)
{
  for (size_t i = 0; i < SCM_I_MAX_VMS; i++)
    if (scm_i_all_vms[i] != NULL)
      {
        struct scm_i_vm *vm = scm_i_all_vms[i];
        vm->mutable_pair_block = 0;
        memset (vm->mutable_pair_blocks, 0, sizeof vm->mutable_pair_blocks);
      }
}

/* The guard of an inline primitive: its variable still holds it.  */
/* Call the C function of IMPL with N arguments (1 to 3), the last
   in ACC, the others below SP (SUBR_CALL).  Out of scm_i_vm_run, so that
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

/* The most pairs of a list that ASSQ and MEMQ search in the VM before
   the primitive's search goes on from there (scm_i_assq_from,
   scm_i_memq_from), which checks for a cycle and polls for interrupts.
   A multiple of 4, the pairs of one turn of the walks below.  */
#define ASSQ_SHORT 64

/* One pair of memq_short's walk: return at the end of LIST (#f at '(),
   SCM_UNDEFINED at an improper end) or at the pair whose car is X.  */
#define MEMQ_STEP(x, list)						\
  if (SCM_UNLIKELY (!scm_is_pair (list)))				\
    return scm_is_null (list) ? SCM_BOOL_F : SCM_UNDEFINED;		\
  if (scm_is_eq (SCM_CAR (list), x))					\
    return list;							\
  list = SCM_CDR (list)

/* One pair of assq_short's walk, the same for the entry whose car is X
   (SCM_UNDEFINED at an element that is no pair).  */
#define ASSQ_STEP(x, alist)						\
  if (SCM_UNLIKELY (!scm_is_pair (alist)))				\
    return scm_is_null (alist) ? SCM_BOOL_F : SCM_UNDEFINED;		\
  {									\
    SCM entry_ = SCM_CAR (alist);					\
    if (SCM_UNLIKELY (!scm_is_pair (entry_)))				\
      return SCM_UNDEFINED;						\
    if (scm_is_eq (SCM_CAR (entry_), x))				\
      return entry_;							\
  }									\
  alist = SCM_CDR (alist)

/* The body of assq_short and memq_short: ASSQ_SHORT / 4 turns of four
   STEPs, then the pairs left in *REST.  */
#define SHORT_WALK(STEP, x, l, rest)					\
  for (int n = 0; n < ASSQ_SHORT / 4; n++)				\
    {									\
      STEP (x, l);							\
      STEP (x, l);							\
      STEP (x, l);							\
      STEP (x, l);							\
    }									\
  *(rest) = (l);							\
  return SCM_UNDEFINED

/* The first pair of ALIST whose car is X, or #f, if ALIST is a proper
   list of pairs with no more than ASSQ_SHORT elements before the one
   found; SCM_UNDEFINED when it is not (the primitive's call raises
   its error), or when the walk stopped after ASSQ_SHORT pairs, with
   *REST the pairs left.  Four pairs a turn: the count once a turn.
   Out of scm_i_vm_run, as subr_direct is, and a leaf: it neither
   allocates nor raises, so the VM's registers need no SYNC.  */
static SCM __attribute__ ((noinline))
assq_short (SCM x, SCM alist, SCM *rest)
{
  SHORT_WALK (ASSQ_STEP, x, alist, rest);
}

/* The first tail of LIST whose car is X, or #f, as assq_short.  */
static SCM __attribute__ ((noinline))
memq_short (SCM x, SCM list, SCM *rest)
{
  SHORT_WALK (MEMQ_STEP, x, list, rest);
}
#undef ASSQ_STEP
#undef MEMQ_STEP
#undef SHORT_WALK

/* While no binding of an inline primitive has changed anywhere, the
   variable needs no look (vm-internal.h): two instructions, not
   four, in every inline operation.  */
#define PRIM_INTACT(op)							\
  (SCM_LIKELY (scm_i_inline_bindings_intact == 1)				\
   || scm_is_eq (SCM_CELL_OBJECT (OPERAND_SCM (1), 1),			\
                 PRIMITIVE_OF (op)))

/* Whether X is of pseudo type CODE (SCM_I_TC8_EXACT_INTEGER or
   SCM_I_TC8_INTEGER).  Both hold for a fixnum; integer?'s
   scm_is_integer is a leaf, it neither allocates nor raises.  */
static int
vm_has_pseudo_type (SCM x, scm_t_bits code)
{
  if (SCM_FIXNUM_P (x))
    return 1;
  return code == SCM_I_TC8_EXACT_INTEGER ? scm_has_tc8 (x, scm_tc8_bignum)
    : scm_is_integer (x);
}

/* Whether X is of type CODE, a TC8 operand of TYPEP & co: a header's
   type code, SCM_I_TC8_EXACT_INTEGER (exact-integer?) or
   SCM_I_TC8_INTEGER (integer?).  No header's low byte (nor a pair's
   car's) equals a pseudo code, which is above 0xff: the header's
   compare first, the pseudo codes only once it fails.  The whole word
   is compared, no byte is widened.  */
static inline int
vm_has_type (SCM x, scm_t_bits code)
{
  if (SCM_HEAP_OBJECT_P (x) && (SCM_HEADER (x) & 0xff) == code)
    return 1;
  /* A header's type code is odd, the pseudo codes even.  */
  if (SCM_LIKELY (code & 1))
    return 0;
  return vm_has_pseudo_type (x, code);
}

/* The guard of instruction NAME, whose primitive is OP, doing FAIL (a
   jump to its slow path) when the variable no longer holds it; then
   op_NAME_U, NAME's twin for a variable that cannot change (a core
   binding, a private variable: compile/primitives.c), which
   enters the same code past the guard.  */
#define GUARD_THEN_TWIN(NAME, OP, FAIL)					\
  if (!PRIM_INTACT (OP))						\
    FAIL;								\
 op_##NAME##_U:

#define BOTH_FIXNUMS(a, b) ((SCM_UNPACK (a) & SCM_UNPACK (b) & 2) != 0)
/* SCM_FIXNUM_P in one test: of the values, only fixnums have bit 1 set
   (scm.h: ...10 fixnums, ...100 immediates, ...000 pointers).  */
#define IS_FIXNUM(x) ((SCM_UNPACK (x) & 2) != 0)
/* Raise WHO's error (car, cdr) for X, with the registers synced at the
   instruction, unless X is a pair.  */
#define REQUIRE_PAIR(x, who)						\
  do {									\
    if (SCM_UNLIKELY (!scm_is_pair (x)))				\
      {									\
        SYNC ();							\
        scm_wrong_type_arg_msg ((who), 1, (x), "pair");			\
      }									\
  } while (0)

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

/* Character K of S = character C, if S is a mutable string (the
   flags are part of the one compare), K a fixnum within it and C a
   character it can hold without growing wide (which allocates).  */
static inline int
string_set_fast (SCM s, SCM k, SCM c)
{
  scm_t_bits i = index_or_huge (k);
  if (!SCM_HEAP_OBJECT_P (s) || (SCM_HEADER (s) & 0xffff) != scm_tc8_string
      || !SCM_CHARP (c) || i >= scm_i_string_length (s))
    return 0;
  SCM buf = scm_i_string_buf (s);
  if (SCM_CHAR (c) > 0xff && !scm_i_stringbuf_is_wide (buf))
    return 0;
  scm_i_stringbuf_set (buf, i, SCM_CHAR (c));
  return 1;
}

/* The arithmetic: fixnum and flonum fast paths, the slow paths and
   the instructions' macros.  */
#include "vm/engine-arith.inc"

/* The turns of GSELFTAILCALL_CDR_K_LOOP's loop (isa-internal.h) with
   LX, the loop's list and count, in registers: each turn the step
   ((cdr l), and (- x K) if SUB, else (+ x K)), the poll enter_limit
   stands for, and the head's test, (= x K0).  Ends when the test
   holds (WALK_LEFT), a poll is due (WALK_POLL; the turn's step made)
   or the step cannot be made here (WALK_NO_PAIR: l no pair, x no
   fixnum or the sum out of their range; LX as before the step, for
   the ordinary step's error or generic arithmetic).  Not inlined, as
   walk_lists.  */
static enum walk_end __attribute__ ((noinline))
walk_count (struct scm_i_vm *vm, SCM lx[2], scm_t_bits sub, SCM k, SCM k0)
{
  SCM l = lx[0], x = lx[1];
  /* A fixnum's word plus K's less its tag is the fixnum of the sum,
     its overflow the word's: one addition a turn, of K negated for
     -, and x checked once.  */
  scm_t_signed_bits w = (scm_t_signed_bits) SCM_UNPACK (x);
  scm_t_signed_bits d = (scm_t_signed_bits) SCM_UNPACK (k) - 2;
  if (sub)
    d = -d;
  enum walk_end end;
  if (SCM_UNLIKELY (!IS_FIXNUM (x)))
    return WALK_NO_PAIR;
  for (;;)
    {
      scm_t_signed_bits y;
      if (SCM_UNLIKELY (!scm_is_pair (l)
                        || __builtin_add_overflow (w, d, &y)))
        {
          end = WALK_NO_PAIR;
          break;
        }
      l = SCM_CDR (l);
      w = y;
      x = SCM_PACK ((scm_t_bits) w);
      if (SCM_UNLIKELY (vm->enter_limit == NULL))
        {
          end = WALK_POLL;
          break;
        }
      if (scm_is_eq (x, k0))
        {
          end = WALK_LEFT;
          break;
        }
    }
  lx[0] = l;
  lx[1] = x;
  return end;
}

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

/* How scm_i_vm_run starts: a fresh call of PROC, or the resumption that a
   longjmp to its activation asked for (vm->resume).  */
/* Not static: the precompiled prelude names its instructions as
   offsets from this function's address (image-writer.c), so the
   compiler must not clone or rename it.  */
SCM __attribute__ ((noinline))
scm_i_vm_run (struct scm_i_vm *vm, SCM proc, const SCM *args, size_t nargs,
              enum scm_i_resume mode)
{
  static void *const labels[SCM_OP_COUNT] = {
#define SCM_I_OP_LABEL(name, n, kinds) &&op_##name,
    SCM_I_FOR_EACH_OP (SCM_I_OP_LABEL)
#undef SCM_I_OP_LABEL
  };
  if (vm == NULL)
    {
      op_labels = labels;
      halt_code[0] = (scm_t_bits) labels[SCM_OP_HALT];
      popbranch_code[0] = (scm_t_bits) labels[SCM_OP_POPBRANCH];
      pushret_code[0] = (scm_t_bits) labels[SCM_OP_PUSHRET];
      return_code[0] = (scm_t_bits) labels[SCM_OP_RETURN];
      scm_i_step_return_op = (scm_t_bits) labels[SCM_OP_STEP_RETURN];
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

  /* The instructions, by family (the labels that several share, such
     as do_call, lie with the first of them), then the slow path that
     the inline operations share.  The code GCC makes, and so the
     offsets in the precompiled prelude, follow this order.  */
#include "vm/ops-base.inc"
#include "vm/ops-inline.inc"
#include "vm/ops-super.inc"
#include "vm/ops-record.inc"

  /* The variable of an inline primitive holds something else now: call
     that, as an ordinary non-tail call returning to NEXT (for a fused
     branch, to POPBRANCH, which goes on at NEXT or TARGET).  The N
     arguments are on the stack (all but the last) and in acc (the
     last); the variable is the instruction's first operand.  */
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
}

/* ------------------------------------------------------------------ */
/* Init.  */

void
scm_i_init_vm_engine (void)
{
  static const struct { const char *name; enum scm_i_opcode op; } prims[] = {
#define PRIMITIVE_ENTRY(name, op) { name, SCM_OP_##op },
    SCM_I_FOR_EACH_INLINE_PRIMITIVE (PRIMITIVE_ENTRY)
#undef PRIMITIVE_ENTRY
  };
  scm_i_vm_run (NULL, SCM_BOOL_F, NULL, 0, SCM_I_RESUME_NONE);
  scm_i_add_mark_end_hook (forget_mutable_pair_blocks);
  for (size_t i = 0; i < sizeof prims / sizeof prims[0]; i++)
    inline_primitives[scm_i_inline_primitive_row (prims[i].op)]
      = SCM_CELL_OBJECT (scm_c_lookup (prims[i].name), 1);
}
