/* inline-internal.h -- compiled procedures read back (inline.c), for the
   calls that the compiler makes inline
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_INLINE_INTERNAL_H
#define SCM_INLINE_INTERNAL_H

#include "vm/vm-internal.h"

/* What a record procedure's code does: OP (KREC_ACCESS of KIND, or
   KREC_MAKE) on the type RTD, field K (a fixnum; #f for the predicate
   and the constructor).  */
struct scm_i_record_proc { enum scm_i_opcode op; int kind; SCM rtd; SCM k; };

/* The opcode of the instruction at word *I of CODE (LEN words, a code
   object's entry), its operand count in *NOPS; -1 past the end or on a
   word that is no instruction.  */
SCM_INTERNAL int scm_i_code_op_at (const scm_t_bits *code, size_t len,
                                   size_t *i, unsigned *nops);

/* Nonzero if PROC, called with N arguments, is a record procedure as
   derived.c makes it, described in *RP.  */
SCM_INTERNAL int scm_i_record_proc (SCM proc, size_t n,
                                    struct scm_i_record_proc *rp);

/* The most words of a body that scm_i_inline_body accepts.  */
#define SCM_I_INLINE_MAX_WORDS 96

/* The most tail calls of a body that scm_i_inline_body accepts.  */
#define SCM_I_INLINE_MAX_TAILS 4

/* The tail calls of a body that scm_i_inline_body accepts (GTAILCALL,
   LTAILCALL): for each, the word of the call and the word of the
   first instruction of its arguments (the last where the body's stack
   is empty before the call), where a copy out of a tail puts the
   FRAME that makes the call an ordinary one.  */
struct scm_i_inline_tails
{
  size_t n;
  size_t call_at[SCM_I_INLINE_MAX_TAILS], frame_at[SCM_I_INLINE_MAX_TAILS];
};

/* Nonzero if a call with NARGS arguments of closure PROC may run a
   copy of its body in the caller: words [*START, *END) of its code,
   after ENTER (whose operand, the frame's need, goes in *NEED) to the
   end, each path ending with a RETURN, CONST_RETURN, LREF_RETURN or
   LT_LL_RETURN, or a tail call of a global or a parameter (listed in
   *TAILS), its
   jumps forward within the body with nothing pushed.  The body reads
   no slot but its NARGS parameters' (its SLOT operands, which the copy
   maps to where the caller keeps the arguments).  */
SCM_INTERNAL int scm_i_inline_body (SCM proc, size_t nargs, size_t *start,
                                    size_t *end, size_t *need,
                                    struct scm_i_inline_tails *tails);

/* What define* registered for a keyword procedure (keyword-calls.c):
   its BODY takes the NREQ required arguments, then a value per keyword
   of vector KEYS, in that order, NONE for a key not given.  */
struct scm_i_keyword_signature { SCM body; SCM none; size_t nreq; SCM keys; };

/* Nonzero if closure PROC has a keyword signature, put in *KS.  */
SCM_INTERNAL int scm_i_keyword_signature (SCM proc,
                                          struct scm_i_keyword_signature *ks);

/* leaf-calls.c: the body of L, a leaf (a small local procedure that
   reads no variable but its parameters, makes no closure and calls only
   globals), to compile in FRAME's code in place of CALL, a call of L
   with its number of parameters: a LET of the arguments that are not
   plain variables or constants around a copy of the body, or NULL if
   L is no leaf.  With UNBOUND_ONLY, NULL unless no binding is needed
   (the copy alone, which a test can compile as a test).  */
struct scm_i_lambda;
struct scm_i_node;
SCM_INTERNAL struct scm_i_node *scm_i_leaf_call (struct scm_i_lambda *frame,
                                                 struct scm_i_lambda *l,
                                                 struct scm_i_node *call,
                                                 int unbound_only);

#endif
