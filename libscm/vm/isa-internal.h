/* isa-internal.h -- the VM's instruction set: every instruction once,
   with the kinds of its operands
   SPDX-License-Identifier: LGPL-3.0-or-later

   Code is direct-threaded: an instruction is a word holding the address
   of its implementation in scm_i_vm_run (engine.c), followed by its
   operand words.  The compiler emits opcode numbers, and jump targets
   as word offsets from the entry; scm_i_make_code replaces them by
   addresses.  The layout of frames and the calling convention are
   described in doc/internals.md ("The VM").

   SCM_I_FOR_EACH_OP is the one table: X (NAME, N, (KIND...)) with the
   N operand kinds.  From it come the opcodes, the names, the operand
   counts and kinds; from the kinds, everything that walks code: the
   threading of jump targets (scm_i_make_code), the image writer's walk
   (which follows the object operands), the disassembler and the test
   of what the compiler emits (test-suite/c/test-isa.c).  An
   instruction's implementation is the label op_NAME in one of the
   engine's fragments (vm/ops-*.inc), with a one-line comment.  */

#ifndef SCM_ISA_INTERNAL_H
#define SCM_ISA_INTERNAL_H

#include "runtime/scm-internal.h"

#include <stdint.h>

/* ------------------------------------------------------------------ */
/* Operand kinds.  The first hold objects (the image writer follows
   them to the objects the code needs); the others are raw words.  */

enum scm_i_operand_kind
{
  SCM_I_OPK_NONE,               /* no operand */
  SCM_I_OPK_CONST,              /* any constant (K) */
  SCM_I_OPK_FIXNUM,             /* a fixnum constant */
  SCM_I_OPK_VAR,                /* a variable (a global's binding) */
  SCM_I_OPK_SYM,                /* a symbol: a variable's name, for errors */
  SCM_I_OPK_PROC,               /* the procedure a VAR must hold */
  SCM_I_OPK_CODE,               /* a code object */
  SCM_I_OPK_RTD,                /* a record type */
  /* a proper list of data that eqv? compares by identity (no number
     on the heap): a case clause's data */
  SCM_I_OPK_EQLIST,
  SCM_I_OPK_SLOT,               /* a slot of the frame: fp[SLOT] */
  SCM_I_OPK_FREE,               /* a free value of the running closure */
  SCM_I_OPK_COUNT,              /* a number of values */
  SCM_I_OPK_SIZE,               /* the slots a frame needs */
  SCM_I_OPK_LABEL,              /* a jump target in the same code */
  SCM_I_OPK_TC8,                /* a header type code */
  SCM_I_OPK_KIND,               /* SCM_I_KREC_P, _REF or _SET */
  SCM_I_OPK_COUNT_OF_KINDS
};
#define SCM_I_OPK_LAST_OBJECT SCM_I_OPK_EQLIST

/* The kinds of an instruction's operands, 4 bits each, the first
   lowest: what the table's (KIND...) makes.  */
#define SCM_I_OPS_0() 0u
#define SCM_I_OPS_1(a) ((uint32_t) SCM_I_OPK_##a)
#define SCM_I_OPS_2(a, b) \
  ((uint32_t) SCM_I_OPK_##a | (uint32_t) SCM_I_OPK_##b << 4)
#define SCM_I_OPS_3(a, b, c) \
  ((uint32_t) SCM_I_OPK_##a | (uint32_t) SCM_I_OPK_##b << 4 \
   | (uint32_t) SCM_I_OPK_##c << 8)
#define SCM_I_OPS_4(a, b, c, d) \
  ((uint32_t) SCM_I_OPK_##a | (uint32_t) SCM_I_OPK_##b << 4 \
   | (uint32_t) SCM_I_OPK_##c << 8 | (uint32_t) SCM_I_OPK_##d << 12)
#define SCM_I_OPS_5(a, b, c, d, e) \
  ((uint32_t) SCM_I_OPK_##a | (uint32_t) SCM_I_OPK_##b << 4 \
   | (uint32_t) SCM_I_OPK_##c << 8 | (uint32_t) SCM_I_OPK_##d << 12 \
   | (uint32_t) SCM_I_OPK_##e << 16)
#define SCM_I_OPS_6(a, b, c, d, e, f) \
  (SCM_I_OPS_5 (a, b, c, d, e) | (uint32_t) SCM_I_OPK_##f << 20)
#define SCM_I_OPS_7(a, b, c, d, e, f, g) \
  (SCM_I_OPS_6 (a, b, c, d, e, f) | (uint32_t) SCM_I_OPK_##g << 24)
#define SCM_I_OPS_8(a, b, c, d, e, f, g, h) \
  (SCM_I_OPS_6 (a, b, c, d, e, f) | (uint32_t) SCM_I_OPK_##g << 24 \
   | (uint32_t) SCM_I_OPK_##h << 28)

/* ------------------------------------------------------------------ */
/* The instructions: NAME, number of operand words, their kinds (a
   wrong count is an error at build: no SCM_I_OPS_n takes it).  */

#define SCM_I_FOR_EACH_OP(X)                                            \
  X (HALT, 0, ())                     /* leave scm_i_vm_run with acc */ \
  X (CONST, 1, (CONST))               /* acc = K */                     \
  X (LREF, 1, (SLOT))                 /* acc = fp[SLOT] */              \
  /* acc = fp[SLOT], error if undefined (SYM) */                        \
  X (LREF_CHECK, 2, (SLOT, SYM))                                        \
  /* acc = box fp[SLOT], error if undefined (SYM) */                    \
  X (LREF_BOX, 2, (SLOT, SYM))                                          \
  X (LSET, 1, (SLOT))                 /* fp[SLOT] = acc */              \
  X (LSET_BOX, 1, (SLOT))             /* box fp[SLOT] = acc */          \
  X (FREF, 1, (FREE))                 /* acc = free[FREE] */            \
  X (SELF_REF, 0, ())                 /* acc = the running closure */   \
  /* acc = box free[FREE], error if undefined (SYM) */                  \
  X (FREF_BOX, 2, (FREE, SYM))                                          \
  X (FSET_BOX, 1, (FREE))             /* box free[FREE] = acc */        \
  /* (set! v (+ v K)), (set! v (- v K)) of a boxed free variable with  \
     the core's + and -: box free[FREE] = its value plus or minus K,    \
     error if undefined (SYM) */                                        \
  X (FBOX_ADDK_U, 3, (FREE, FIXNUM, SYM))                               \
  X (FBOX_SUBK_U, 3, (FREE, FIXNUM, SYM))                               \
  /* acc = value of VAR, error if unbound (SYM) */                      \
  X (GREF, 2, (VAR, SYM))                                               \
  X (GSET, 2, (VAR, SYM))             /* VAR = acc, error if unbound (SYM) */ \
  X (GDEF, 2, (VAR, SYM))             /* define VAR (named SYM) = acc */ \
  X (PUSH, 0, ())                     /* *sp++ = acc */                 \
  X (DROP, 1, (COUNT))                /* sp -= COUNT */                 \
  X (DROP_PUSH, 1, (COUNT))           /* DROP, then PUSH */             \
  /* fp[SLOT] = a new box holding fp[SLOT] */                           \
  X (BOX, 1, (SLOT))                                                    \
  X (JUMP, 1, (LABEL))                /* go to LABEL */                 \
  X (JUMPF, 1, (LABEL))               /* if acc is #f, go to LABEL */   \
  /* acc = closure of CODE, COUNT free values popped */                 \
  X (CLOSURE, 2, (CODE, COUNT))                                         \
  /* push a frame header returning to LABEL */                          \
  X (FRAME, 1, (LABEL))                                                 \
  X (PUSH_FRAME, 1, (LABEL))          /* PUSH, then FRAME LABEL */      \
  /* FRAME LABEL, then LREF_PUSH SLOT */                                \
  X (FRAME_LREF_PUSH, 2, (LABEL, SLOT))                                 \
  /* FRAME LABEL, then CAR_L_PUSH_U or CDR_L_PUSH_U SLOT (only the      \
     unguarded forms: the core's car and cdr) */                        \
  X (FRAME_CAR_L_PUSH_U, 2, (LABEL, SLOT))                              \
  X (FRAME_CDR_L_PUSH_U, 2, (LABEL, SLOT))                              \
  /* call acc with the COUNT values on top */                           \
  X (CALL, 1, (COUNT))                                                  \
  /* the same, replacing the current frame */                           \
  X (TAILCALL, 1, (COUNT))                                              \
  X (RETURN, 0, ())                   /* return acc to the caller */    \
  /* check for SIZE free slots and interrupts */                        \
  X (ENTER, 1, (SIZE))                                                  \
  /* call sp[-1] with the list in acc as args */                        \
  X (APPLY, 0, ())                                                      \
  X (TAILAPPLY, 0, ())                                                  \
  /* call sp[-1] with the values in acc */                              \
  X (APPLY_VALUES, 0, ())                                               \
  X (TAILAPPLY_VALUES, 0, ())                                           \
  /* Inline primitives.  Operand VAR: the global variable of the        \
     primitive's name; if it no longer holds the primitive, the         \
     instruction makes an ordinary call of its value.  Binary ones      \
     take the first argument from the stack, the last from acc.  */     \
  X (ADD, 1, (VAR)) X (SUB, 1, (VAR)) X (MUL, 1, (VAR))                 \
  X (ADD_RETURN, 1, (VAR))            /* ADD, then RETURN */            \
  X (DIV, 1, (VAR))                                                     \
  X (NUM_EQ, 1, (VAR)) X (LT, 1, (VAR)) X (GT, 1, (VAR))                \
  X (LE, 1, (VAR)) X (GE, 1, (VAR))                                     \
  X (ZEROP, 1, (VAR)) X (NOT, 1, (VAR)) X (EQ, 1, (VAR))                \
  X (EQV, 1, (VAR)) X (CHAR_EQ, 1, (VAR))                               \
  X (CONS, 1, (VAR)) X (CAR, 1, (VAR)) X (CDR, 1, (VAR))                \
  X (CONS_RETURN, 1, (VAR))           /* CONS, then RETURN */           \
  /* (cons x local): acc = (cons acc fp[SLOT]), no LREF of the cdr     \
     (destruc's (cons '() a), scons's (cons x y)).  */                  \
  X (CONS_L, 2, (VAR, SLOT))                                            \
  /* (eq? local global): acc = (eq? fp[SLOT] GVAR's value), an error   \
     if GVAR (named SYM) is unbound; VAR is eq?'s (conform's            \
     (eq? n none-node), LREF_PUSH, GREF and EQ before).  */             \
  X (EQ_LG, 4, (VAR, SLOT, VAR, SYM))                                   \
  /* EQ_LG, then RETURN, a return into a JUMPF taking the test too      \
     (RETURN_TESTED) */                                                 \
  X (EQ_LG_RETURN, 4, (VAR, SLOT, VAR, SYM))                            \
  X (NULLP, 1, (VAR)) X (PAIRP, 1, (VAR))                               \
  X (VREF, 1, (VAR)) X (VSET, 1, (VAR)) X (SET_CAR, 1, (VAR))           \
  X (SET_CDR, 1, (VAR))                                                 \
  X (QUOTIENT, 1, (VAR)) X (REMAINDER, 1, (VAR)) X (MODULO, 1, (VAR))   \
  /* (vector-ref v i), v in acc: VAR (of vector-ref), then SLOT, i      \
     being fp[SLOT] (VREF_L), or K, i a fixnum (VREF_K).  VREF_LK:      \
     VAR, SLOT, K; v is fp[SLOT] and i the fixnum K.  The _PUSH         \
     forms push the element too.  */                                    \
  X (VREF_L, 2, (VAR, SLOT)) X (VREF_K, 2, (VAR, FIXNUM))               \
  X (VREF_LK, 3, (VAR, SLOT, FIXNUM))                                   \
  X (VREF_LK_RETURN, 3, (VAR, SLOT, FIXNUM)) /* VREF_LK, then RETURN */ \
  X (VREF_L_PUSH, 2, (VAR, SLOT)) X (VREF_K_PUSH, 2, (VAR, FIXNUM))     \
  X (VREF_LK_PUSH, 3, (VAR, SLOT, FIXNUM))                              \
  X (VLEN, 1, (VAR))                  /* (vector-length acc) */         \
  /* (car local), (cdr local): VAR, SLOT.  */                           \
  X (CAR_L, 2, (VAR, SLOT)) X (CDR_L, 2, (VAR, SLOT))                   \
  /* the same, then RETURN */                                           \
  X (CAR_L_RETURN, 2, (VAR, SLOT)) X (CDR_L_RETURN, 2, (VAR, SLOT))     \
  /* the same, pushed too */                                            \
  X (CAR_L_PUSH, 2, (VAR, SLOT)) X (CDR_L_PUSH, 2, (VAR, SLOT))         \
  /* (vector-set! v i x), v on the stack, x in acc: VAR, SLOT; i is     \
     fp[SLOT].  */                                                      \
  X (VSET_L, 2, (VAR, SLOT))                                            \
  /* (+ a b), (- a b) with a a plain local: VAR (of + or -), SLOT; acc  \
     = fp[SLOT] op acc, nothing pushed.  */                             \
  X (ADD_L, 2, (VAR, SLOT)) X (SUB_L, 2, (VAR, SLOT))                   \
  /* the same, pushed too */                                            \
  X (ADD_L_PUSH, 2, (VAR, SLOT)) X (SUB_L_PUSH, 2, (VAR, SLOT))         \
  /* (+ a b), (- a b) of two plain locals: VAR, SLOT, SLOT; acc =        \
     fp[SLOT1] op fp[SLOT2], nothing read from acc or pushed.  */       \
  X (ADD_LL, 3, (VAR, SLOT, SLOT)) X (SUB_LL, 3, (VAR, SLOT, SLOT))     \
  /* (< a b) of two plain locals as a value: VAR, SLOT, SLOT; acc =    \
     whether fp[SLOT1] < fp[SLOT2] (a sort's (lambda (x y) (< x y))).   \
     As a test it is BRLL_LT.  */                                       \
  X (LT_LL, 3, (VAR, SLOT, SLOT))                                       \
  /* LT_LL, then RETURN: a predicate's (< a b) in a tail (quicksort's   \
     comparison procedure).  */                                         \
  X (LT_LL_RETURN, 3, (VAR, SLOT, SLOT))                                \
  /* (+ a b c ...) of N (3 to SCM_I_ADDN_MAX) arguments: VAR (of +),    \
     N; the fixnum sum inline, anything else an ordinary call.  */      \
  X (ADDN, 2, (VAR, COUNT))                                             \
  /* (list a b ...) of N (1 to SCM_I_ADDN_MAX) arguments: VAR (of       \
     list), N; the pairs from the VM's free list.  */                   \
  X (LIST, 2, (VAR, COUNT))                                             \
  X (LIST_RETURN, 2, (VAR, COUNT))    /* LIST, then RETURN */           \
  /* acc = (vector ...) of the COUNT values, the last in acc (VAR       \
     guards vector) */                                                  \
  X (VECTOR, 2, (VAR, COUNT))                                           \
  /* define-record-type's procedures: (%record? obj rtd),               \
     (%record-ref obj rtd k who), (%record-set! obj rtd k v who).       \
     Their variables are private, so the guard always holds; the        \
     slow path calls the primitive, which raises the error.  */         \
  X (RECORD_P, 1, (VAR)) X (RECORD_REF, 1, (VAR))                       \
  X (RECORD_SET, 1, (VAR))                                              \
  /* (%make-record rtd v ...): VAR, N, the number of arguments with     \
     the type; the values on the stack, the last in acc.  */            \
  X (MAKE_RECORD, 2, (VAR, COUNT))                                      \
  /* A body's record procedure called inline (primitives.c,             \
     compile_body_record): the type in acc, computed last; the record   \
     popped (REC_REF), the record and the value popped (REC_SET), the   \
     N field values popped (REC_MAKE); K the field, WHO the procedure   \
     named in the error of a record of another type.  */                \
  X (REC_REF, 2, (FIXNUM, CONST)) X (REC_SET, 2, (FIXNUM, CONST))       \
  X (REC_MAKE, 1, (COUNT))                                              \
  /* REC_MAKE whose values are all constants: N, FIELDS (a vector of    \
     the N values); nothing popped.  */                                 \
  X (REC_MAKE_K, 2, (COUNT, CONST))                                     \
  /* A call of a global holding a subr of fixed arity: VAR, SUBR (what  \
     VAR must hold, else an ordinary call of its value), IMPL (the subr \
     whose C function runs), N (1 to 3); the arguments as for the       \
     other inline operations.  */                                       \
  X (SUBR_CALL, 4, (VAR, PROC, PROC, COUNT))                            \
  /* The same when IMPL takes a rest list after the N: passed '().  */  \
  X (SUBR_CALL_REST, 4, (VAR, PROC, PROC, COUNT))                       \
  /* A call of a global holding a type predicate of one header type     \
     code (symbol?, string?, vector?...): VAR, PRED (what VAR must      \
     hold, else an ordinary call of its value), then TC8 for TYPEP      \
     (acc = whether acc has it), TC8 and ADDR for BR_TYPEP (jump to     \
     ADDR unless acc has it), SLOT, TC8 and ADDR for BRL_TYPEP (the     \
     same of fp[SLOT]).  */                                             \
  X (TYPEP, 3, (VAR, PROC, TC8))                                        \
  X (BR_TYPEP, 4, (VAR, PROC, TC8, LABEL))                              \
  X (BRL_TYPEP, 5, (VAR, PROC, SLOT, TC8, LABEL))                       \
  /* Calls of define-record-type's procedures held by global VAR:       \
     VAR, PROC (what VAR must hold, else an ordinary call of its        \
     value), RTD.  KREC_ACCESS: then K (a fixnum field index) and       \
     KIND (SCM_I_KREC_P, _REF, _SET); the record in acc, or for a       \
     modifier on the stack with the value in acc; a record that fails   \
     the check calls PROC, which raises.  The compiler emits it for     \
     the predicate only (KREC_REF, KREC_SET below for the others).      \
     KREC_MAKE: then N, the argument count (at most                     \
     SCM_I_KREC_MAKE_MAX), the field values in order, the last in       \
     acc.  */                                                           \
  X (KREC_ACCESS, 5, (VAR, PROC, RTD, CONST, KIND))                     \
  X (KREC_MAKE, 4, (VAR, PROC, RTD, COUNT))                             \
  /* KREC_MAKE whose arguments are all constants: VAR, PROC, RTD, N,    \
     FIELDS (a vector of the N values); acc is not read.  */            \
  X (KREC_MAKE_K, 5, (VAR, PROC, RTD, COUNT, CONST))                    \
  /* KREC_ACCESS of an accessor or a modifier (KIND SCM_I_KREC_REF,     \
     _SET), its fast path in the VM loop: the same operands.  */        \
  X (KREC_REF, 5, (VAR, PROC, RTD, FIXNUM, KIND))                       \
  X (KREC_SET, 5, (VAR, PROC, RTD, FIXNUM, KIND))                       \
  /* The copy of a small procedure's body that a call of global VAR     \
     runs inline (calls.c, compile_inline_call), or the BRL_MEMQ or     \
     BRL_CHARSET of a memq/memv/member test of a constant list,         \
     follows: VAR, PROC (what VAR must hold), ADDR (where the ordinary  \
     call of VAR's value is, taken when VAR holds anything else).  */   \
  X (INLINE_GUARD, 3, (VAR, PROC, LABEL))                               \
  /* INLINE_GUARD and the copy of an accessor's body, (vector-ref p K), \
     in one: VREF (vector-ref's variable, as VREF_LK's), VAR, PROC,     \
     ADDR, SLOT, K; acc = (vector-ref fp[SLOT] K), or to ADDR, the      \
     ordinary call, if anything fails (calls.c,                         \
     compile_one_op_copy).  The _PUSH form pushes the element too.  \
     */                                                                 \
  X (INLINE_VREF_LK, 6, (VAR, VAR, PROC, LABEL, SLOT, FIXNUM))          \
  X (INLINE_VREF_LK_PUSH, 6, (VAR, VAR, PROC, LABEL, SLOT, FIXNUM))     \
  /* The same for a body (+ p K) or (- p K), ADDLK or SUBLK: VAR of + \
     or -, VAR, PROC, ADDR, SLOT, K; to ADDR unless both are fixnums    \
     and the result is one.  */                                         \
  X (INLINE_ADDLK, 6, (VAR, VAR, PROC, LABEL, SLOT, FIXNUM))            \
  X (INLINE_ADDLK_PUSH, 6, (VAR, VAR, PROC, LABEL, SLOT, FIXNUM))       \
  X (INLINE_SUBLK, 6, (VAR, VAR, PROC, LABEL, SLOT, FIXNUM))            \
  X (INLINE_SUBLK_PUSH, 6, (VAR, VAR, PROC, LABEL, SLOT, FIXNUM))       \
  /* The same for a body (eq? p G), EQ_LG: EQ (eq?'s variable), VAR,    \
     PROC, ADDR, SLOT, GVAR, SYM; acc = (eq? fp[SLOT] GVAR's value).  */ \
  X (INLINE_EQ_LG, 7, (VAR, VAR, PROC, LABEL, SLOT, VAR, SYM))          \
  /* Superinstructions: what the compiler fuses.  */                    \
  X (LREF_PUSH, 1, (SLOT))            /* *sp++ = fp[SLOT] */            \
  /* PUSH, then LREF SLOT or LREF_PUSH SLOT: a value pushed, then a     \
     local read (the next argument, or the operand in acc) */           \
  X (PUSH_LREF, 1, (SLOT))                                              \
  X (PUSH_LREF_PUSH, 1, (SLOT))                                         \
  X (LREF_RETURN, 1, (SLOT))          /* LREF SLOT, then RETURN */      \
  /* LREF_PUSH of each SLOT (a call's arguments, two locals) */        \
  X (LREF_PUSH2, 2, (SLOT, SLOT))                                       \
  X (CONST_PUSH, 1, (CONST))          /* *sp++ = K */                   \
  X (GCALL, 3, (VAR, SYM, COUNT))     /* GREF VAR SYM, then CALL COUNT */ \
  X (GTAILCALL, 3, (VAR, SYM, COUNT)) /* GREF VAR SYM, then TAILCALL COUNT */ \
  /* The same in a procedure calling its own name with its arity: when  \
     VAR holds the running closure, no type or arity check; then ADDR,  \
     the word after its ENTER (GSELFTAILCALL goes to ENTER itself only  \
     when an interrupt is pending), and SIZE, ENTER's operand, which    \
     GSELFCALL checks itself (ENTER runs only when the check fails).  */ \
  X (GSELFCALL, 5, (VAR, SYM, COUNT, LABEL, SIZE))                      \
  X (GSELFTAILCALL, 4, (VAR, SYM, COUNT, LABEL))                        \
  /* GSELFTAILCALL of one, two or three arguments, the last in acc     \
     (not pushed): no count decoded, no loop (COUNT for the slow       \
     path, which pushes acc).  */                                       \
  X (GSELFTAILCALL1, 4, (VAR, SYM, COUNT, LABEL))                       \
  X (GSELFTAILCALL2, 4, (VAR, SYM, COUNT, LABEL))                       \
  X (GSELFTAILCALL3, 4, (VAR, SYM, COUNT, LABEL))                       \
  /* A non-tail call of the lambda being compiled through its own       \
     unassigned name, with its arity (after FRAME and the N             \
     arguments): N, ADDR and SIZE as for GSELFCALL.  */                 \
  X (SELF_CALL, 3, (COUNT, LABEL, SIZE))                                \
  /* CALL and TAILCALL of a closure that the compiler knows takes      \
     COUNT arguments (a procedure of a fix, or the running one): no     \
     type or arity test.  */                                            \
  X (KCALL, 1, (COUNT)) X (KTAILCALL, 1, (COUNT))                       \
  /* FREF FREE, then KCALL or KTAILCALL COUNT.  */                       \
  X (FKCALL, 2, (FREE, COUNT)) X (FKTAILCALL, 2, (FREE, COUNT))         \
  /* acc = acc + fixnum K (VAR guards +) */                             \
  X (ADDI, 2, (VAR, FIXNUM))                                            \
  /* acc = acc - fixnum K (VAR guards -) */                             \
  X (SUBI, 2, (VAR, FIXNUM))                                            \
  /* An inline test and JUMPF ADDR in one: VAR, ADDR.  */               \
  X (BR_NUM_EQ, 2, (VAR, LABEL)) X (BR_LT, 2, (VAR, LABEL))             \
  X (BR_GT, 2, (VAR, LABEL)) X (BR_LE, 2, (VAR, LABEL))                 \
  X (BR_GE, 2, (VAR, LABEL))                                            \
  X (BR_EQ, 2, (VAR, LABEL)) X (BR_ZEROP, 2, (VAR, LABEL))              \
  X (BR_NOT, 2, (VAR, LABEL)) X (BR_NULLP, 2, (VAR, LABEL))             \
  X (BR_PAIRP, 2, (VAR, LABEL))                                         \
  /* The same with a local and a fixnum: VAR, SLOT, K, ADDR; jump to    \
     ADDR unless fp[SLOT] OP K.  */                                     \
  X (BRLK_NUM_EQ, 4, (VAR, SLOT, FIXNUM, LABEL))                        \
  X (BRLK_LT, 4, (VAR, SLOT, FIXNUM, LABEL))                            \
  X (BRLK_GT, 4, (VAR, SLOT, FIXNUM, LABEL))                            \
  X (BRLK_LE, 4, (VAR, SLOT, FIXNUM, LABEL))                            \
  X (BRLK_GE, 4, (VAR, SLOT, FIXNUM, LABEL))                            \
  /* The same for eq? with any constant K.  */                          \
  X (BRLK_EQ, 4, (VAR, SLOT, CONST, LABEL))                             \
  /* The same for char=? with a character K (slatex's (char=? c        \
     #\\space)): VAR of char=?.  */                                      \
  X (BRLK_CHAR_EQ, 4, (VAR, SLOT, CONST, LABEL))                        \
  /* The same with a local and any value: VAR, SLOT, ADDR; jump to ADDR \
     unless fp[SLOT] OP acc.  */                                        \
  X (BRL_NUM_EQ, 3, (VAR, SLOT, LABEL))                                 \
  X (BRL_LT, 3, (VAR, SLOT, LABEL)) X (BRL_GT, 3, (VAR, SLOT, LABEL))   \
  X (BRL_LE, 3, (VAR, SLOT, LABEL))                                     \
  X (BRL_GE, 3, (VAR, SLOT, LABEL))                                     \
  /* The same with two locals: VAR, SLOT1, SLOT2, ADDR; jump to ADDR    \
     unless fp[SLOT1] OP fp[SLOT2] (tak's (< y x)).  */                 \
  X (BRLL_NUM_EQ, 4, (VAR, SLOT, SLOT, LABEL))                          \
  X (BRLL_LT, 4, (VAR, SLOT, SLOT, LABEL))                              \
  X (BRLL_GT, 4, (VAR, SLOT, SLOT, LABEL))                              \
  X (BRLL_LE, 4, (VAR, SLOT, SLOT, LABEL))                              \
  X (BRLL_GE, 4, (VAR, SLOT, SLOT, LABEL))                              \
  /* (null? local), (pair? local) and a branch: VAR, SLOT, ADDR; jump   \
     to ADDR unless the test holds of fp[SLOT].  */                     \
  X (BRL_NULLP, 3, (VAR, SLOT, LABEL))                                  \
  X (BRL_PAIRP, 3, (VAR, SLOT, LABEL))                                  \
  X (BRL_ZEROP, 3, (VAR, SLOT, LABEL))                                  \
  /* (not (null? local)) and a branch: VAR (null?), VAR (not), SLOT,  \
     ADDR; jump to ADDR if fp[SLOT] is the empty list.  The same for   \
     pair?.  */                                                         \
  X (BRLN_NULLP, 4, (VAR, VAR, SLOT, LABEL))                            \
  X (BRLN_PAIRP, 4, (VAR, VAR, SLOT, LABEL))                            \
  /* (or (null? local) ...): VAR, SLOT, ADDR; when fp[SLOT] is the     \
     empty list acc = #t, else jump to ADDR (the slow path as           \
     BRL_NULLP's: the call's value in acc, jump if it is #f).  The     \
     same for pair?.  */                                                \
  X (BRLT_NULLP, 3, (VAR, SLOT, LABEL))                                 \
  X (BRLT_PAIRP, 3, (VAR, SLOT, LABEL))                                 \
  /* The same with acc first and the local second: VAR, SLOT, ADDR;     \
     jump to ADDR unless acc OP fp[SLOT].  */                           \
  X (BRR_NUM_EQ, 3, (VAR, SLOT, LABEL))                                 \
  X (BRR_LT, 3, (VAR, SLOT, LABEL)) X (BRR_GT, 3, (VAR, SLOT, LABEL))   \
  X (BRR_LE, 3, (VAR, SLOT, LABEL))                                     \
  X (BRR_GE, 3, (VAR, SLOT, LABEL))                                     \
  /* A case clause of more than 8 data that eqv? compares by identity   \
     (its test, the private memv of the key, a plain local, and the     \
     data; no guard: the private memv is a constant), or a guarded      \
     memq/memv/member test of a local and such a constant list: SLOT,   \
     LIST, ADDR; jump to ADDR unless fp[SLOT] is eq? to an element of   \
     LIST.  */                                                          \
  X (BRL_MEMQ, 3, (SLOT, EQLIST, LABEL))                                \
  /* BRL_MEMQ of a list of characters below 256: SLOT, BITS (a         \
     bytevector of 32, bit C%8 of byte C/8 set for each character C),   \
     ADDR; jump to ADDR unless fp[SLOT] is one of them.  */             \
  X (BRL_CHARSET, 3, (SLOT, CONST, LABEL))                              \
  /* The clauses of a case on a local whose data eq? compares, found   \
     at once (compile/case-dispatch.c): SLOT, TABLE, a vector           \
     #(DATUM OFFSET ...) of each datum and the word offset from this    \
     instruction of its clause's body, the first clause's datum only    \
     when two repeat one; go to the body of the datum eq? to fp[SLOT],  \
     else on to the else branch that follows.  */                       \
  X (CASE_EQ, 2, (SLOT, CONST))                                         \
  /* CASE_EQ of two data, each compared in the instruction: SLOT, K1,   \
     ADDR1, K2, ADDR2; go to ADDR1 if fp[SLOT] is K1, to ADDR2 if it    \
     is K2, else on.  */                                                \
  X (CASE_EQ2, 5, (SLOT, CONST, LABEL, CONST, LABEL))                   \
  /* (vector-ref v local) as a test, v in acc: VAR (of vector-ref),     \
     SLOT, ADDR; jump to ADDR if the element is #f.  */                 \
  X (BR_VREF_L, 3, (VAR, SLOT, LABEL))                                  \
  /* The same with v free value I: VAR, I, SLOT, ADDR.  */              \
  X (BR_VREF_FL, 4, (VAR, FREE, SLOT, LABEL))                           \
  /* (if (not (OP a b)) ...): VAR of OP, VAR of not, ADDR; jump to      \
     ADDR if (OP a b) holds.  */                                        \
  X (BRN_NUM_EQ, 3, (VAR, VAR, LABEL))                                  \
  X (BRN_LT, 3, (VAR, VAR, LABEL)) X (BRN_GT, 3, (VAR, VAR, LABEL))     \
  X (BRN_LE, 3, (VAR, VAR, LABEL))                                      \
  X (BRN_GE, 3, (VAR, VAR, LABEL))                                      \
  /* acc = fp[SLOT] + or - fixnum K: VAR, SLOT, K; the _PUSH forms      \
     push it too (an argument of a call).  */                           \
  X (ADDLK, 3, (VAR, SLOT, FIXNUM)) X (SUBLK, 3, (VAR, SLOT, FIXNUM))   \
  X (ADDLK_PUSH, 3, (VAR, SLOT, FIXNUM))                                \
  X (SUBLK_PUSH, 3, (VAR, SLOT, FIXNUM))                                \
  /* PUSH, then ADDLK or SUBLK: a call's value pushed and the next      \
     argument (fib's and tak's (f (- n 2)) after a call).  */           \
  X (PUSH_ADDLK, 3, (VAR, SLOT, FIXNUM))                                \
  X (PUSH_SUBLK, 3, (VAR, SLOT, FIXNUM))                                \
  X (ADDLK_RETURN, 3, (VAR, SLOT, FIXNUM)) /* ADDLK, then RETURN */     \
  /* Where the slow path of a BR_ op returns: pops the fall-through     \
     and target addresses that it pushed, and branches on acc.  */      \
  X (POPBRANCH, 0, ())                                                  \
  /* Where the slow path of ADDLK_PUSH & co returns: replaces the       \
     continuation address below the value by the value, goes there.  */ \
  X (PUSHRET, 0, ())                                                    \
  /* The return address the debugger's stepping gives a frame: a heap  \
     block of this word, the frame's own return address and its        \
     procedure (vm/step.c); reports the return, then goes there.  */    \
  X (STEP_RETURN, 0, ())                                                \
  /* A tail call of the running procedure to itself, or a call of a     \
     loop compiled into its frame: move the N arguments down to         \
     fp[BASE]..., check for interrupts, jump to ADDR.  */               \
  X (SELF_TAILCALL, 3, (COUNT, SLOT, LABEL))                            \
  /* The same with N >= 1 arguments, the last in acc (not pushed).  */  \
  X (SELF_TAILCALL_ACC, 3, (COUNT, SLOT, LABEL))                        \
  /* The same with one argument, the last (N is 1): nothing to move.  */ \
  X (SELF_TAILCALL1, 3, (COUNT, SLOT, LABEL))                           \
  /* The same with two, the first pushed (N is 2): no count decoded,    \
     no loop.  */                                                       \
  X (SELF_TAILCALL2, 3, (COUNT, SLOT, LABEL))                           \
  /* Capturing the continuation (control.c): acc holds the procedure    \
     to call with it.  The non-tail forms follow a FRAME; the tail      \
     forms capture the return from the current frame.  CALLCC makes a   \
     re-entrant continuation, CALLEC an escape-only one.  */            \
  X (CALLCC, 0, ()) X (TAILCALLCC, 0, ()) X (CALLEC, 0, ())             \
  X (TAILCALLEC, 0, ())                                                 \
  /* (assq pop acc), an inline primitive: VAR (of assq).  */            \
  X (ASSQ, 1, (VAR))                                                    \
  /* (cadr acc), an inline primitive: VAR (of cadr).  */               \
  X (CADR, 1, (VAR))                                                    \
  /* A test (eq? local x), x in acc: VAR (of eq?), SLOT, ADDR; jump to  \
     ADDR unless fp[SLOT] is acc.  */                                   \
  X (BRL_EQ, 3, (VAR, SLOT, LABEL))                                     \
  /* GSELFCALL whose last two arguments are locals that it pushes      \
     itself: VAR, SYM, COUNT, LABEL, SIZE as GSELFCALL's, then SLOT1    \
     and SLOT2 (tak's and mas's calls: no LREF_PUSH2 dispatched).  */   \
  X (GSELFCALL_L2, 7, (VAR, SYM, COUNT, LABEL, SIZE, SLOT, SLOT))       \
  /* (vector-ref v i) of two plain locals: VAR (of vector-ref), SLOT   \
     of v, SLOT of i; acc = the element, the _PUSH form pushes it too   \
     (quicksort's (less? (vector-ref v i) mid)).  */                    \
  X (VREF_LL, 3, (VAR, SLOT, SLOT)) X (VREF_LL_PUSH, 3, (VAR, SLOT, SLOT)) \
  /* LREF SLOT, then CALL or TAILCALL COUNT: a call of a procedure in  \
     a plain local that the compiler does not know (quicksort's less?, \
     a procedure argument).  */                                         \
  X (LCALL, 2, (SLOT, COUNT)) X (LTAILCALL, 2, (SLOT, COUNT))           \
  /* GREF VAR SYM, then PUSH (an argument: triangl's *board*).  */      \
  X (GREF_PUSH, 2, (VAR, SYM))                                          \
  /* (vector-ref g i) of a global g and a plain local i: VAR and SYM   \
     of g (GREF's), VAR (of vector-ref), SLOT of i (VREF_L's); acc =    \
     the element, the _PUSH form pushes it too (triangl's (vector-ref   \
     *a* i)).  */                                                       \
  X (VREF_GL, 4, (VAR, SYM, VAR, SLOT))                                 \
  X (VREF_GL_PUSH, 4, (VAR, SYM, VAR, SLOT))                            \
  /* CONST K, then RETURN (a predicate's #f or #t).  */                 \
  X (CONST_RETURN, 1, (CONST))                                          \
  /* (memq pop acc), an inline primitive: VAR (of memq).  */            \
  X (MEMQ, 1, (VAR))                                                    \
  /* (odd? acc), (even? acc), inline primitives: VAR (of odd?, even?).  */ \
  X (ODDP, 1, (VAR)) X (EVENP, 1, (VAR))                                \
  /* (caar acc), (caddr acc), (cadar acc), inline primitives: VAR.  */  \
  X (CAAR, 1, (VAR)) X (CADDR, 1, (VAR)) X (CADAR, 1, (VAR))            \
  /* (cddr acc), (length acc), inline primitives: VAR.  */              \
  X (CDDR, 1, (VAR)) X (LENGTH, 1, (VAR))                               \
  /* (equal? pop acc), an inline primitive: VAR (of equal?).  */        \
  X (EQUALP, 1, (VAR))                                                  \
  /* (%check-list pop acc), the prelude's map and for-each's check of   \
     their one list, an inline primitive: VAR.  */                      \
  X (CHECK_LIST, 1, (VAR))                                              \
  /* A loop's step in place: the tail call of a loop whose one changed  \
     argument is its own parameter plus or minus fixnum K, the others   \
     passed as they are (compile/calls.c, compile_loop_step): SLOT, K,  \
     ADDR; fp[SLOT] = fp[SLOT] + or - K, then SELF_TAILCALL's check     \
     for interrupts and jump.  No guard: emitted only where + and -     \
     are the core's.  */                                                \
  X (STEP_ADDK, 3, (SLOT, FIXNUM, LABEL))                               \
  X (STEP_SUBK, 3, (SLOT, FIXNUM, LABEL))                               \
  /* The same when the loop's head, ADDR, is a BRLK_ test of fp[SLOT]:  \
     SLOT, K, ADDR, LO, SPAN, BODY; the test made here on the new       \
     fixnum x, as x - LO <= SPAN of the words, unsigned, for the range  \
     LO to LO + SPAN where it holds (SPAN's word is 4 SPAN + 2 even     \
     past the fixnum range): if it holds, to ADDR (the test again,      \
     which leaves the loop), else to BODY (the test's own target)       \
     after the check for interrupts.  */                                \
  X (STEP_ADDK_BR, 6, (SLOT, FIXNUM, LABEL, FIXNUM, FIXNUM, LABEL))     \
  X (STEP_SUBK_BR, 6, (SLOT, FIXNUM, LABEL, FIXNUM, FIXNUM, LABEL))     \
  /* STEP_ADDK_BR with a second changed argument, its own parameter     \
     fp[B] plus a local: SLOT, K, ADDR, A, B, LO, SPAN, BODY; fp[SLOT]  \
     + or - K and fp[A] + fp[B] both made from the old values, then     \
     stored (sum's (loop (- i 1) (+ i sum))).  When the head is no      \
     such test: LO and SPAN 0, BODY ADDR (K is not 0: the value 0 that  \
     skips the check comes once).  */                                   \
  X (STEP_ADDK_ADD, 8,                                                  \
     (SLOT, FIXNUM, LABEL, SLOT, SLOT, FIXNUM, FIXNUM, LABEL))          \
  X (STEP_SUBK_ADD, 8,                                                  \
     (SLOT, FIXNUM, LABEL, SLOT, SLOT, FIXNUM, FIXNUM, LABEL))          \
  /* FREF FREE, then PUSH (a free value as an argument or a closure's  \
     free value: graphs' continuations).  */                            \
  X (FREF_PUSH, 1, (FREE))                                              \
  /* (eq? (car local) K) as a test, car and eq? the core's (no guard):  \
     SLOT, K, ADDR; jump to ADDR unless the car of fp[SLOT] is K (an    \
     interpreter's (eq? (car exp) 'quote)); car's error if fp[SLOT] is  \
     no pair.  */                                                       \
  X (BRLC_EQ, 3, (SLOT, CONST, LABEL))                                  \
  /* (eq? (car local1) local2) or (eq? (cdr local1) local2) as a test,  \
     either order, car, cdr and eq? the core's: SLOT1, SLOT2, ADDR;     \
     jump to ADDR unless they are eq? (sboyer's scons, (and (eq? x (car \
     original)) (eq? y (cdr original)))); car's or cdr's error if       \
     fp[SLOT1] is no pair.  */                                          \
  X (BRLCL_EQ, 3, (SLOT, SLOT, LABEL)) X (BRLDL_EQ, 3, (SLOT, SLOT, LABEL)) \
  /* (= (car local) x) with x in acc, the core's = and car, x a sum or  \
     difference of locals and fixnums (nqueens' (= (car placed) (+ row  \
     dist))): go to LABEL unless it holds.  */                          \
  X (BRLC_NUM_EQ_U, 2, (SLOT, LABEL))                                   \
  /* (vector-set! local local acc): array1's loops, no LREF_PUSH of the \
     vector.  */                                                        \
  X (VSET_LL, 3, (VAR, SLOT, SLOT))                                     \
  /* (set-car! local acc): destruc's loops.  */                        \
  X (SET_CAR_L, 2, (VAR, SLOT))                                         \
  /* (set-car! local local): destruc's (set-car! a i), no LREF first.  */ \
  X (SET_CAR_LL, 3, (VAR, SLOT, SLOT))                                  \
  /* A tree of flonum arithmetic in one dispatch (compile/flo-trees.c): \
     PROG (a bytevector: a postfix program of plain locals, numeric     \
     constants, + - * / and a final value or comparison), THEN, ELSE.   \
     When every leaf is a flonum or a fixnum below 2^53 that meets a    \
     flonum, it is computed in doubles: a value goes to acc and to      \
     THEN, a comparison to THEN if it holds, else to ELSE.  Otherwise   \
     (a guarded tree whose primitives a program rebound, an exact       \
     result, a value with no immediate form) on to the next             \
     instruction: the tree's ordinary code, which ends at THEN.  The    \
     program of a let's bindings (and of the test of its body) stores   \
     them above the stack, and the instruction pushes them: its         \
     ordinary code is the let's pushes (and test).  */                  \
  X (FLO_TREE, 3, (CONST, LABEL, LABEL))                                \
  /* GSELFTAILCALL2 of (cdr fp[SLOT1]) and (cdr fp[SLOT2]) with the     \
     core's cdr: VAR, SYM, COUNT (2), ADDR as GSELFTAILCALL2's, SLOT1,   \
     SLOT2; no push, no move (takl's (shorterp (cdr x) (cdr y))).  */   \
  X (GSELFTAILCALL_CDR2, 6, (VAR, SYM, COUNT, LABEL, SLOT, SLOT))       \
  /* CLOSURE CODE COUNT for a COUNT of 1 or 2 (the most common): one  \
     size class, no test of the size and no jump table.  */             \
  X (CLOSURE12, 2, (CODE, COUNT))                                       \
  /* A call of a global holding one of the string, character and port \
     primitives of enum scm_i_text_op (string-ref, read-char...): VAR,  \
     PROC (what VAR must hold, guarded as TYPEP's), KIND (a fixnum);    \
     the arguments as SUBR_CALL's.  The usual case is answered without  \
     a call of PROC (vm/engine.c, text_op_fast), anything else by       \
     PROC's C function, with its errors.  */                            \
  X (TEXT_OP, 3, (VAR, PROC, FIXNUM))                                   \
  /* STEP_ADDK_BR when the loop's head, ADDR, is a BRLL_ test of        \
     fp[SLOT] and another local fp[B] (a do loop's (>= i n)): SLOT, K,   \
     ADDR, B, LO, SPAN, BODY.  fp[SLOT] + K, K a fixnum other than 0:    \
     (+ p K) for K above 0, (- p -K) below.  When the new value and     \
     fp[B] are fixnums whose difference d of words does not overflow,   \
     the test holds for the differences of values l to h, and LO, SPAN  \
     are 4l - 2 and 4 (h - l) + 2 (fixnum words): if d - LO <= SPAN,    \
     unsigned, to ADDR (the test again, which leaves the loop), else to \
     BODY after the check for interrupts.  Anything else, to ADDR after \
     the check.  */                                                     \
  X (STEP_BRLL, 7, (SLOT, FIXNUM, LABEL, SLOT, FIXNUM, FIXNUM, LABEL))   \
  /* A test (OP x K) or (OP K x) of x in acc and a fixnum K, OP one of  \
     = < > <= >= and the core's (no guard: triangl's (= 1 (vector-ref   \
     ...))): VAR (of OP), SWAP (1 for (OP K x)), K, LO, SPAN, ADDR; a    \
     fixnum holds when its word less LO is at most SPAN, unsigned (as   \
     STEP_ADDK_BR's), anything else is compared by OP's generic         \
     procedure, its operands in their order; jump to ADDR unless the    \
     test holds.  */                                                    \
  X (BRK_IN, 6, (VAR, COUNT, FIXNUM, FIXNUM, FIXNUM, LABEL))             \
  /* A non-tail GSELFCALL of one argument, in acc: FRAME (returning    \
     to the next instruction) and the push made by the call, whose      \
     argument is computed before the frame.  VAR, SYM, COUNT (1),       \
     LABEL, SIZE as GSELFCALL's.  */                                    \
  X (GSELFCALL1, 5, (VAR, SYM, COUNT, LABEL, SIZE))                     \
  /* GSELFCALL1 of three arguments: acc, then two locals that it       \
     pushes itself (tak's calls): VAR, SYM, COUNT (3), LABEL, SIZE,     \
     SLOT1, SLOT2 as GSELFCALL_L2's.  */                                \
  X (GSELFCALL1_L2, 7, (VAR, SYM, COUNT, LABEL, SIZE, SLOT, SLOT))      \
  /* GSELFCALL1 of two arguments: a plain local that it pushes first, \
     then acc (ack's inner call (ack m (- n 1))): VAR, SYM, COUNT (2),  \
     LABEL, SIZE as GSELFCALL's, SLOT of the first argument.  */        \
  X (GSELFCALL_LA, 6, (VAR, SYM, COUNT, LABEL, SIZE, SLOT))             \
  /* (vector-ref g i) of a global g and an index i in acc that reads    \
     and sets nothing else (compile/primitives.c, quiet_index): VAR     \
     (of vector-ref), VAR and SYM of g; acc = the element, g's unbound  \
     error after the index's (triangl's (vector-ref *board*             \
     (vector-ref *a* i)): no GREF_PUSH of the vector, no pop).  */      \
  X (VREF_G, 3, (VAR, VAR, SYM))                                        \
  /* (vector-set! local local local): VAR (of vector-set!), the SLOTs   \
     of the vector, the index and the value (array1's create-x,         \
     (vector-set! result i i): no LREF of the value).  */               \
  X (VSET_LLL, 4, (VAR, SLOT, SLOT, SLOT))                              \
  /* SELF_TAILCALL1 of a plain local's value: N (1), BASE, ADDR as      \
     SELF_TAILCALL1's, then the local's SLOT (quicksort's (uploop i)   \
     of its let's i): acc = fp[SLOT], no LREF dispatched.  */           \
  X (SELF_TAILCALL1_L, 4, (COUNT, SLOT, LABEL, SLOT))                   \
  /* A loop jump whose two changed arguments are each the cdr of its   \
     own parameter, with the core's cdr: N (2), BASE, ADDR as           \
     SELF_TAILCALL2's; fp[BASE] and fp[BASE + 1] replaced by their      \
     cdrs in place, cdr's error if one is no pair (lattice's (check     \
     (cdr lhs) (cdr rhs))).  */                                         \
  X (SELF_TAILCALL_CDR2, 3, (COUNT, SLOT, LABEL))                       \
  /* LTAILCALL of one argument, a plain local: SLOT of the procedure,  \
     SLOT of the argument (cpstak's and the CPS programs' (k z)): no    \
     LREF_PUSH, and a closure of exactly one parameter entered with     \
     the argument stored at fp[0], no slide.  */                        \
  X (LTAILCALL1_L, 2, (SLOT, SLOT))                                     \
  /* LREF_PUSH ARG, then LCALL SLOT COUNT: a non-tail call of a       \
     procedure in a plain local whose last argument is a plain local    \
     (quicksort's (less? (vector-ref v i) mid)): SLOT, COUNT, ARG.  */  \
  X (LCALL_L, 3, (SLOT, COUNT, SLOT))                                   \
  /* FREF FREE, then CALL or TAILCALL COUNT: a call of a procedure in a \
     plain free value that the compiler does not know (lattice's (base  \
     (car lhs) (car rhs)), a procedure the enclosing one was passed).  */ \
  X (FCALL, 2, (FREE, COUNT)) X (FTAILCALL, 2, (FREE, COUNT))           \
  /* FREF_PUSH FREE1, then FREF_PUSH FREE2 (a closure's free values   \
     passed on: cpstak's continuations push six or eight).  */          \
  X (FREF_PUSH2, 2, (FREE, FREE))                                       \
  /* GSELFTAILCALL_CDR2 of the two parameters' cdrs (SLOT1 0, SLOT2  \
     1) at the end of a loop whose head, from ADDR, is only tests of   \
     the two by null? and pair?: VAR, SYM, COUNT, ADDR, SLOT1, SLOT2 as \
     GSELFTAILCALL_CDR2's, then TESTS (SCM_I_WALK_*), the chain of      \
     tests from ADDR to the call.  The whole walk runs in C with the    \
     two lists in registers (takl's shorterp), until a test leaves or   \
     a poll is due: then the frame is written back and the head runs.  */ \
  X (GSELFTAILCALL_WALK2, 7, (VAR, SYM, COUNT, LABEL, SLOT, SLOT, COUNT)) \
  /* GSELFTAILCALL2 of (cdr fp[SLOT1]) and (OP fp[SLOT2] K), cdr, + or  \
     - the core's, K a fixnum: VAR, SYM, COUNT (2), ADDR as             \
     GSELFTAILCALL2's, SLOT1, SLOT2, SUB (1 for -, 0 for +), K; both    \
     values computed, cdr's first, then stored as the arguments: no     \
     push, no move (mazefun's list-read, (list-read (cdr lst)           \
     (- i 1))).  */                                                     \
  X (GSELFTAILCALL_CDR_K, 8,                                            \
     (VAR, SYM, COUNT, LABEL, SLOT, SLOT, COUNT, FIXNUM))                \
  /* GSELFTAILCALL_CDR_K of the two parameters (SLOT1 0, SLOT2 1) at   \
     the end of a loop whose head, from ADDR, is only (= count K0)     \
     with the core's =, leaving the loop when it holds: VAR, SYM,       \
     COUNT, ADDR, SUB, K as GSELFTAILCALL_CDR_K's, then K0.  The whole  \
     walk runs in C (mazefun's list-read) until the test holds or a     \
     poll is due: then the frame is written back and the head runs.  */ \
  X (GSELFTAILCALL_CDR_K_LOOP, 7,                                       \
     (VAR, SYM, COUNT, LABEL, COUNT, FIXNUM, FIXNUM))                    \
  /* A loop's step in place whose changed arguments are its own         \
     parameter plus or minus a fixnum and another's cdr, with the       \
     core's + or - and cdr (compile/calls.c, compile_loop_step;         \
     nqueens' (ok? row (+ dist 1) (cdr placed))): SLOT, K, ADDR as      \
     STEP_BRLL's (K above 0: (+ p K), below: (- p -K)), the list's      \
     SLOT, BODY.  Both made from the old values, the step's error       \
     first, then cdr's; the new list '() goes to ADDR (the head, whose  \
     null? test leaves the loop), anything else to BODY (that test's    \
     target, or ADDR when the head is no such test) after the check    \
     for interrupts.  */                                                \
  X (STEP_CDR, 5, (SLOT, FIXNUM, LABEL, SLOT, LABEL))                   \
  /* The twins below: each NAME_U, the instruction NAME without its     \
     guard, for a variable that cannot change.  */                      \
  SCM_I_FOR_EACH_TWINNED_OP (SCM_I_TWIN_OP, X)                          \


/* The guarded instructions that have a twin NAME_U: the same operands
   and the same code entered past the guard (engine.c,
   GUARD_THEN_TWIN), which the compiler emits when the guard's
   variable cannot change (compile/primitives.c,
   unguard_fixed_primitives): a core binding, which no program can
   assign or redefine, or a private variable.
   T (X, NAME, N, (KIND...)), NAME's line of the table above.  */
#define SCM_I_FOR_EACH_TWINNED_OP(T, X)                                 \
  T (X, ADD, 1, (VAR)) T (X, SUB, 1, (VAR)) T (X, MUL, 1, (VAR))        \
  T (X, ADD_RETURN, 1, (VAR))                                           \
  SCM_I_TWIN_COMPARISONS (T, X, , 1, (VAR))                             \
  T (X, NULLP, 1, (VAR)) T (X, PAIRP, 1, (VAR))                         \
  T (X, CAR, 1, (VAR)) T (X, CDR, 1, (VAR))                             \
  T (X, CAR_L, 2, (VAR, SLOT)) T (X, CDR_L, 2, (VAR, SLOT))             \
  T (X, CAR_L_RETURN, 2, (VAR, SLOT))                                   \
  T (X, CDR_L_RETURN, 2, (VAR, SLOT))                                   \
  T (X, CAR_L_PUSH, 2, (VAR, SLOT)) T (X, CDR_L_PUSH, 2, (VAR, SLOT))   \
  T (X, ADD_L, 2, (VAR, SLOT)) T (X, SUB_L, 2, (VAR, SLOT))             \
  T (X, ADD_L_PUSH, 2, (VAR, SLOT)) T (X, SUB_L_PUSH, 2, (VAR, SLOT))   \
  T (X, ADD_LL, 3, (VAR, SLOT, SLOT)) T (X, SUB_LL, 3, (VAR, SLOT, SLOT)) \
  T (X, ADDI, 2, (VAR, FIXNUM)) T (X, SUBI, 2, (VAR, FIXNUM))           \
  SCM_I_TWIN_COMPARISONS (T, X, BR_, 2, (VAR, LABEL))                   \
  T (X, BR_NOT, 2, (VAR, LABEL))                                        \
  T (X, BR_NULLP, 2, (VAR, LABEL)) T (X, BR_PAIRP, 2, (VAR, LABEL))     \
  SCM_I_TWIN_COMPARISONS (T, X, BRLK_, 4, (VAR, SLOT, FIXNUM, LABEL))   \
  SCM_I_TWIN_COMPARISONS (T, X, BRL_, 3, (VAR, SLOT, LABEL))            \
  SCM_I_TWIN_COMPARISONS (T, X, BRLL_, 4, (VAR, SLOT, SLOT, LABEL))     \
  T (X, BRL_NULLP, 3, (VAR, SLOT, LABEL))                               \
  T (X, BRL_PAIRP, 3, (VAR, SLOT, LABEL))                               \
  T (X, BRL_ZEROP, 3, (VAR, SLOT, LABEL))                               \
  T (X, ADDLK, 3, (VAR, SLOT, FIXNUM)) T (X, SUBLK, 3, (VAR, SLOT, FIXNUM)) \
  T (X, ADDLK_PUSH, 3, (VAR, SLOT, FIXNUM))                             \
  T (X, SUBLK_PUSH, 3, (VAR, SLOT, FIXNUM))                             \
  T (X, PUSH_ADDLK, 3, (VAR, SLOT, FIXNUM))                             \
  T (X, PUSH_SUBLK, 3, (VAR, SLOT, FIXNUM))                             \
  T (X, ADDLK_RETURN, 3, (VAR, SLOT, FIXNUM))                           \
  T (X, VREF_L, 2, (VAR, SLOT)) T (X, VSET_L, 2, (VAR, SLOT))          \
  T (X, VREF, 1, (VAR)) T (X, VSET, 1, (VAR))                           \
  T (X, VSET_LL, 3, (VAR, SLOT, SLOT))                                  \
  T (X, BRLT_NULLP, 3, (VAR, SLOT, LABEL))                              \
  T (X, VREF_G, 3, (VAR, VAR, SYM))                                     \
  T (X, VSET_LLL, 4, (VAR, SLOT, SLOT, SLOT))                           \
  T (X, VREF_K, 2, (VAR, FIXNUM)) T (X, VREF_LK, 3, (VAR, SLOT, FIXNUM)) \
  T (X, VREF_LK_RETURN, 3, (VAR, SLOT, FIXNUM))                         \
  T (X, VREF_LL, 3, (VAR, SLOT, SLOT))                                  \
  T (X, VREF_L_PUSH, 2, (VAR, SLOT)) T (X, VREF_K_PUSH, 2, (VAR, FIXNUM)) \
  T (X, VREF_LK_PUSH, 3, (VAR, SLOT, FIXNUM))                           \
  T (X, VREF_LL_PUSH, 3, (VAR, SLOT, SLOT))                             \
  T (X, INLINE_VREF_LK, 6, (VAR, VAR, PROC, LABEL, SLOT, FIXNUM))       \
  T (X, INLINE_VREF_LK_PUSH, 6, (VAR, VAR, PROC, LABEL, SLOT, FIXNUM))  \
  T (X, INLINE_ADDLK, 6, (VAR, VAR, PROC, LABEL, SLOT, FIXNUM))         \
  T (X, INLINE_ADDLK_PUSH, 6, (VAR, VAR, PROC, LABEL, SLOT, FIXNUM))    \
  T (X, INLINE_SUBLK, 6, (VAR, VAR, PROC, LABEL, SLOT, FIXNUM))         \
  T (X, INLINE_SUBLK_PUSH, 6, (VAR, VAR, PROC, LABEL, SLOT, FIXNUM))    \
  /* A top-level procedure's calls of its own name, unchecked: the      \
     compiler emits these twins only in the lambda that a define or     \
     set! stores straight into VAR (SCM_I_CODE_FLAG_SELF_U), and        \
     scm_i_variable_store turns them back into the checked instruction  \
     when VAR's value changes from a closure of that code.  */          \
  T (X, GSELFCALL, 5, (VAR, SYM, COUNT, LABEL, SIZE))                   \
  T (X, GSELFCALL_L2, 7, (VAR, SYM, COUNT, LABEL, SIZE, SLOT, SLOT))    \
  T (X, GSELFTAILCALL1, 4, (VAR, SYM, COUNT, LABEL))                    \
  T (X, GSELFTAILCALL2, 4, (VAR, SYM, COUNT, LABEL))                    \
  T (X, GSELFTAILCALL3, 4, (VAR, SYM, COUNT, LABEL))                    \
  T (X, GSELFTAILCALL_CDR2, 6, (VAR, SYM, COUNT, LABEL, SLOT, SLOT))    \
  T (X, GSELFCALL1, 5, (VAR, SYM, COUNT, LABEL, SIZE))                  \
  T (X, GSELFCALL1_L2, 7, (VAR, SYM, COUNT, LABEL, SIZE, SLOT, SLOT))   \
  T (X, GSELFCALL_LA, 6, (VAR, SYM, COUNT, LABEL, SIZE, SLOT))          \
  /* A call of another global that holds a closure of COUNT parameters \
     (no rest, no case-lambda), unchecked: the compiler lists the calls \
     (vm.c, scm_i_note_known_calls), and scm_i_variable_store turns     \
     them into the twin or back into the checked instruction as VAR's   \
     value fits COUNT or not.  */                                       \
  T (X, GCALL, 3, (VAR, SYM, COUNT))                                    \
  T (X, GSELFTAILCALL_WALK2, 7, (VAR, SYM, COUNT, LABEL, SLOT, SLOT, COUNT)) \
  T (X, GSELFTAILCALL_CDR_K, 8,                                         \
     (VAR, SYM, COUNT, LABEL, SLOT, SLOT, COUNT, FIXNUM)) \
  T (X, GSELFTAILCALL_CDR_K_LOOP, 7,                                    \
     (VAR, SYM, COUNT, LABEL, COUNT, FIXNUM, FIXNUM))
/* The five comparisons of a family: PRE##NUM_EQ ... PRE##GE.  */
#define SCM_I_TWIN_COMPARISONS(T, X, PRE, n, kinds)                     \
  T (X, PRE##NUM_EQ, n, kinds) T (X, PRE##LT, n, kinds)                 \
  T (X, PRE##GT, n, kinds) T (X, PRE##LE, n, kinds)                     \
  T (X, PRE##GE, n, kinds)
/* NAME's twin as a line of the table.  */
#define SCM_I_TWIN_OP(X, name, n, kinds) X (name##_U, n, kinds)

/* GSELFTAILCALL_WALK2's TESTS: what the loop needs of each parameter
   to go on, from the tests of its head, which are pure: their order
   does not matter (the first that fails leaves, and the VM then runs
   them in their order).  Bits 0-3 of the first parameter, 4-7 of the
   second (SCM_I_WALK_SECOND_SHIFT), each a set of SCM_I_WALK_NULL,
   _NON_NULL, _PAIR, _NON_PAIR; SCM_I_WALK_GUARDED when a test checks
   that its primitive is the core's.  */
#define SCM_I_WALK_NULL 1
#define SCM_I_WALK_NON_NULL 2
#define SCM_I_WALK_PAIR 4
#define SCM_I_WALK_NON_PAIR 8
#define SCM_I_WALK_SECOND_SHIFT 4
#define SCM_I_WALK_GUARDED 0x100
#define SCM_I_WALK_MAX_TESTS 8

/* The words of the ENTER that begins every procedure's code: a jump
   back into the same frame may land after it.  */
#define SCM_I_ENTER_WORDS 2

/* The most arguments of a constructor call compiled as KREC_MAKE (the
   slow path copies them through a C array).  */
#define SCM_I_KREC_MAKE_MAX 8
/* The most arguments of an ADDN: what the slow path of the inline
   operations (prim_call) copies through its C array.  */
#define SCM_I_ADDN_MAX SCM_I_KREC_MAKE_MAX
/* A TC8 operand of TYPEP, BR_TYPEP and BRL_TYPEP that is no header's
   type code (those are odd): exact-integer?, a fixnum or a bignum.
   Even, and above 0xff, so that no header's low byte and no pair's
   car's equals it (the VM compares the byte with the whole word).  */
#define SCM_I_TC8_EXACT_INTEGER 0x1fe
/* Another: integer?, a fixnum or an integer of another kind (a
   bignum, an integral flonum: scm_is_integer).  */
#define SCM_I_TC8_INTEGER 0x1fc

/* The kinds of KREC_ACCESS.  */
enum { SCM_I_KREC_P, SCM_I_KREC_REF, SCM_I_KREC_SET };

enum scm_i_opcode
{
#define SCM_I_OP_ENUM(name, n, kinds) SCM_OP_##name,
  SCM_I_FOR_EACH_OP (SCM_I_OP_ENUM)
#undef SCM_I_OP_ENUM
  SCM_OP_COUNT
};

/* The number of twins, which end the table; the opcodes before them,
   the only ones that stand for a primitive or have a private variable
   (the tables of those stop there: static data that libgc scans).  */
enum
{
#define SCM_I_TWIN_INDEX(X, name, n, kinds) SCM_I_TWIN_INDEX_##name,
  SCM_I_FOR_EACH_TWINNED_OP (SCM_I_TWIN_INDEX, _)
#undef SCM_I_TWIN_INDEX
  SCM_I_TWIN_COUNT
};
#define SCM_I_TWINLESS_OP_COUNT (SCM_OP_COUNT - SCM_I_TWIN_COUNT)

/* What the table says of each opcode (vm.c): the number of its operand
   words, their kinds (SCM_I_OPS_n), its name.  */
SCM_INTERNAL extern const unsigned char scm_i_op_operands[SCM_OP_COUNT];
SCM_INTERNAL extern const uint32_t scm_i_op_kinds[SCM_OP_COUNT];
SCM_INTERNAL extern const char *const scm_i_op_names[SCM_OP_COUNT];
/* The name of each operand kind ("CONST", "VAR", ...).  */
SCM_INTERNAL extern const char *const
scm_i_operand_kind_names[SCM_I_OPK_COUNT_OF_KINDS];

/* The instruction-set hash that images record (image.c,
   scm_i_isa_hash): FNV-1a over each instruction's name, operand count
   and operand kinds, in table order, from SCM_I_ISA_HASH_BASIS; the
   result | 1.  One instruction's step, shared by snarf/isa-hash.c,
   which computes the hash at build time, and by the library's check
   of that constant against its tables (test-image-check).  */
#define SCM_I_ISA_HASH_BASIS 0xcbf29ce484222325ULL
static inline uint64_t
scm_i_isa_hash_step (uint64_t x, const char *name, unsigned operands,
                     uint32_t kinds)
{
#define SCM_I_FNV(byte) (x = (x ^ (unsigned char) (byte)) * 0x100000001b3ULL)
  for (; *name != '\0'; name++)
    SCM_I_FNV (*name);
  SCM_I_FNV (0);
  SCM_I_FNV (operands);
  for (int k = 0; k < 4; k++)
    SCM_I_FNV (kinds >> (8 * k));
#undef SCM_I_FNV
  return x;
}

/* The kind of operand J (from 1) of OP.  */
static inline enum scm_i_operand_kind
scm_i_op_operand_kind (enum scm_i_opcode op, unsigned j)
{
  return (enum scm_i_operand_kind) ((scm_i_op_kinds[op] >> (4 * (j - 1)))
                                    & 15);
}

/* Whether operand J of OP is a jump target (an offset in the compiler's
   output, an address in the code object).  */
static inline int
scm_i_op_is_jump_target (enum scm_i_opcode op, unsigned j)
{
  return scm_i_op_operand_kind (op, j) == SCM_I_OPK_LABEL;
}

/* Whether operands of KIND hold objects.  */
static inline int
scm_i_operand_kind_is_object (enum scm_i_operand_kind kind)
{
  return kind != SCM_I_OPK_NONE && kind <= SCM_I_OPK_LAST_OBJECT;
}

/* The checked instruction of OP if OP is one of the unchecked twins
   of a self call (GSELFCALL_U & co), else -1: what
   scm_i_variable_store and the image writer turn them back into.  */
static inline int
scm_i_self_call_checked (int op)
{
  switch (op)
    {
    case SCM_OP_GSELFCALL_U: return SCM_OP_GSELFCALL;
    case SCM_OP_GSELFCALL_L2_U: return SCM_OP_GSELFCALL_L2;
    case SCM_OP_GSELFCALL1_U: return SCM_OP_GSELFCALL1;
    case SCM_OP_GSELFCALL1_L2_U: return SCM_OP_GSELFCALL1_L2;
    case SCM_OP_GSELFCALL_LA_U: return SCM_OP_GSELFCALL_LA;
    case SCM_OP_GSELFTAILCALL1_U: return SCM_OP_GSELFTAILCALL1;
    case SCM_OP_GSELFTAILCALL2_U: return SCM_OP_GSELFTAILCALL2;
    case SCM_OP_GSELFTAILCALL3_U: return SCM_OP_GSELFTAILCALL3;
    case SCM_OP_GSELFTAILCALL_CDR2_U: return SCM_OP_GSELFTAILCALL_CDR2;
    case SCM_OP_GSELFTAILCALL_WALK2_U: return SCM_OP_GSELFTAILCALL_WALK2;
    case SCM_OP_GSELFTAILCALL_CDR_K_U: return SCM_OP_GSELFTAILCALL_CDR_K;
    case SCM_OP_GSELFTAILCALL_CDR_K_LOOP_U:
      return SCM_OP_GSELFTAILCALL_CDR_K_LOOP;
    default: return -1;
    }
}

/* The checked instruction of OP if OP is the unchecked twin of a call
   of another global (GCALL_U), else -1.  */
static inline int
scm_i_known_call_checked (int op)
{
  return op == SCM_OP_GCALL_U ? SCM_OP_GCALL : -1;
}

/* The opcode whose implementation is at LABEL, or -1 (engine.c).  */
SCM_INTERNAL int scm_i_opcode_of_label (const void *label);
/* The address of OP's implementation less scm_i_vm_run's: how the
   precompiled prelude (prelude-image.c) writes its instructions.  */
SCM_INTERNAL long scm_i_op_label_offset (int op);

/* The instructions that the compiler fuses with the RETURN after them
   (compile/codegen-internal.h, finish): NAME_RETURN is NAME, same
   operands, then RETURN.  The readers of bodies to copy (inline.c,
   inline-copy.c, calls.c) take each as NAME and a return.  The
   twinned ones (SCM_I_FOR_EACH_TWINNED_OP) come in the second list:
   NAME_RETURN_U is NAME_U, then RETURN.  */
#define SCM_I_FOR_EACH_RETURN_FORM(R) \
  R (LREF) R (CONST) R (LT_LL) R (EQ_LG) R (CONS) R (LIST) \
  SCM_I_FOR_EACH_TWINNED_RETURN_FORM (R)
#define SCM_I_FOR_EACH_TWINNED_RETURN_FORM(R) \
  R (ADD) R (ADDLK) R (VREF_LK) R (CAR_L) R (CDR_L)

/* OP's form fused with a return, or 0.  */
static inline int
scm_i_return_form_of (int op)
{
  switch (op)
    {
#define SCM_I_RETURN_FORM(name) case SCM_OP_##name: return SCM_OP_##name##_RETURN;
      SCM_I_FOR_EACH_RETURN_FORM (SCM_I_RETURN_FORM)
#undef SCM_I_RETURN_FORM
    default: return 0;
    }
}

/* The instruction that OP, a form fused with a return, begins with, or
   0 if OP is none.  */
static inline int
scm_i_return_base_of (int op)
{
  switch (op)
    {
#define SCM_I_RETURN_BASE(name) case SCM_OP_##name##_RETURN: return SCM_OP_##name;
      SCM_I_FOR_EACH_RETURN_FORM (SCM_I_RETURN_BASE)
#undef SCM_I_RETURN_BASE
#define SCM_I_RETURN_BASE_U(name) \
    case SCM_OP_##name##_RETURN_U: return SCM_OP_##name##_U;
      SCM_I_FOR_EACH_TWINNED_RETURN_FORM (SCM_I_RETURN_BASE_U)
#undef SCM_I_RETURN_BASE_U
    default: return 0;
    }
}

#endif /* SCM_ISA_INTERNAL_H */
