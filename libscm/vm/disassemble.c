/* disassemble.c -- compiled code read back as data, for the
   disassembler ((libscm disassemble), module/libscm/disassemble.sld)
   SPDX-License-Identifier: LGPL-3.0-or-later

   The instructions of a code object, each with its operands tagged by
   the kinds the instruction table declares (vm/isa-internal.h), jump
   targets as word offsets; its source map; a closure's code and free
   values.  The printing is Scheme's.  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"
#include "vm/vm-internal.h"

#include <ctype.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>

/* A vector of the N objects at ITEMS.  */
static SCM
vector_of (const SCM *items, size_t n)
{
  SCM v = scm_c_make_vector (n, SCM_BOOL_F);
  for (size_t i = 0; i < n; i++)
    SCM_VECTOR_SET (v, i, items[i]);
  return v;
}

/* The symbol of operand kind K: "CONST" as const.  */
static SCM
kind_symbol (enum scm_i_operand_kind k)
{
  char name[16];
  const char *s = scm_i_operand_kind_names[k];
  size_t i = 0;
  for (; s[i] != '\0' && i + 1 < sizeof name; i++)
    name[i] = (char) tolower ((unsigned char) s[i]);
  name[i] = '\0';
  return scm_from_utf8_symbol (name);
}

/* The value of operand word W of kind K in code whose instructions
   begin at ENTRY: an object as it is, a raw word as an integer, a jump
   target as its word offset.  */
static SCM
operand_value (enum scm_i_operand_kind k, scm_t_bits w,
               const scm_t_bits *entry)
{
  if (scm_i_operand_kind_is_object (k))
    return SCM_PACK (w);
  if (k == SCM_I_OPK_LABEL)
    return scm_from_size_t ((size_t) ((const scm_t_bits *) w - entry));
  return scm_from_size_t ((size_t) w);
}

/* CASE_EQ's table at word AT, TABLE, as (cases (DATUM . OFFSET) ...),
   each offset from the code's entry as a jump's (its clause's body).  */
static SCM
case_table (SCM table, size_t at)
{
  SCM l = SCM_EOL;
  for (size_t i = SCM_VECTOR_LENGTH (table); i >= 2; i -= 2)
    l = scm_cons (scm_cons (SCM_VECTOR_REF (table, i - 2),
                            scm_from_size_t (at + (size_t) SCM_FIXNUM_VALUE
                                             (SCM_VECTOR_REF (table,
                                                              i - 1)))),
                  l);
  return scm_cons (scm_from_utf8_symbol ("cases"), l);
}

/* The instruction at word AT of CODE, OP, as #(AT NAME OPERANDS).  */
static SCM
instruction (const scm_t_bits *entry, size_t at, int op)
{
  SCM operands = SCM_EOL;
  for (unsigned j = scm_i_op_operands[op]; j >= 1; j--)
    {
      enum scm_i_operand_kind k = scm_i_op_operand_kind (op, j);
      SCM operand = op == SCM_OP_CASE_EQ && j == 2
        ? case_table (SCM_PACK (entry[at + j]), at)
        : scm_cons (kind_symbol (k), operand_value (k, entry[at + j], entry));
      operands = scm_cons (operand, operands);
    }
  SCM items[3] = { scm_from_size_t (at),
                   scm_from_utf8_symbol (scm_i_op_names[op]), operands };
  return vector_of (items, 3);
}

/* The source map of CODE as a list of #(OFFSET LINE COLUMN).  */
static SCM
srcmap_list (SCM code)
{
  const struct scm_i_srcmap *m
    = (const struct scm_i_srcmap *) SCM_CELL_WORD (code, SCM_I_CODE_SRCMAP);
  SCM l = SCM_EOL;
  for (size_t i = scm_i_srcmap_count (m); i-- > 0;)
    {
      SCM items[3] = { scm_from_uint32 (m->entries[i].offset),
                       scm_from_uint32 (m->entries[i].line),
                       scm_from_uint32 (m->entries[i].column) };
      l = scm_cons (vector_of (items, 3), l);
    }
  return l;
}

SCM_DEFINE (scm_i_closure_code, "%closure-code", 1, 0, 0, (SCM proc),
            "Return the code object of @var{proc}, a procedure made by "
            "@code{lambda} or @code{case-lambda}, or @code{#f} if it is "
            "none (a primitive, a continuation, a parameter).")
{
  return scm_i_is_closure (proc) ? SCM_I_CLOSURE_CODE (proc) : SCM_BOOL_F;
}

SCM_DEFINE (scm_i_procedure_name, "%procedure-name", 1, 0, 0, (SCM proc),
            "Return the name of procedure @var{proc} (a symbol), or "
            "@code{#f} if it has none or is no primitive or compiled "
            "procedure.")
{
  if (scm_i_is_closure (proc))
    return scm_i_closure_name (proc);
  if (scm_is_subr (proc))
    return scm_subr_name (proc);
  return SCM_BOOL_F;
}

SCM_DEFINE (scm_i_closure_free_values, "%closure-free-values", 1, 0, 0,
            (SCM proc),
            "Return the list of the free values of closure @var{proc}: "
            "the values of the variables it closes over, in the order "
            "its code numbers them; for a @code{case-lambda}, its "
            "clauses.")
{
  SCM_ASSERT_TYPE (scm_i_is_closure (proc), proc, 1, "%closure-free-values",
                   "compiled procedure");
  /* The free values follow the header and the code.  */
  return scm_i_rest_list ((const SCM *) SCM_UNPACK_POINTER (proc) + 2,
                          SCM_OBJ_PAYLOAD (proc));
}

SCM_DEFINE (scm_i_code_info, "%code-info", 1, 0, 0, (SCM code),
            "Return what code object @var{code} holds, as a vector "
            "@code{#(name file required rest? dispatch? instructions "
            "srcmap)}: its name (a symbol or @code{#f}), the file of its "
            "source (or @code{#f}), its arity, whether it dispatches "
            "(the code of a @code{case-lambda}), the list of its "
            "instructions, each @code{#(offset name operands)} with the "
            "operands as pairs @code{(kind . value)} (a jump target as "
            "the offset of the word it names), and its source map, a "
            "list of @code{#(offset line column)}.  Offsets count words "
            "from the first instruction.")
{
  SCM_ASSERT_TYPE (scm_i_is_code (code), code, 1, "%code-info",
                   "code object");
  const scm_t_bits *entry = scm_i_code_entry (code);
  size_t n = SCM_OBJ_PAYLOAD (code);
  SCM insns = SCM_EOL;
  for (size_t i = 0; i < n;)
    {
      int op = scm_i_opcode_of_label ((const void *) entry[i]);
      if (op < 0 || i + 1 + scm_i_op_operands[op] > n)
        scm_c_raise_errorf ("misc-error", "%code-info",
                            "word %zu of the code is no instruction", i);
      insns = scm_cons (instruction (entry, i, op), insns);
      i += 1 + scm_i_op_operands[op];
    }
  scm_t_bits arity = SCM_CELL_WORD (code, SCM_I_CODE_ARITY);
  SCM items[7] = {
    SCM_CELL_OBJECT (code, SCM_I_CODE_NAME),
    SCM_CELL_OBJECT (code, SCM_I_CODE_FILE),
    scm_from_size_t ((size_t) SCM_I_ARITY_REQ (arity)),
    scm_from_bool (arity & SCM_I_ARITY_REST),
    scm_from_bool (arity & SCM_I_ARITY_DISPATCH),
    scm_reverse_x (insns, SCM_EOL),
    srcmap_list (code)
  };
  return vector_of (items, 7);
}

void
scm_init_disassemble (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "vm/disassemble.x"
#endif
}
