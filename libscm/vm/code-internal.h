/* code-internal.h -- code objects, closures and the frames they run in:
   what the compiler builds, the image writer walks and the VM runs
   SPDX-License-Identifier: LGPL-3.0-or-later

   Code is direct-threaded: an instruction is a word holding the address
   of its implementation in the VM's dispatch loop, followed by its
   operand words (constants as SCM values, counts, absolute jump
   targets).  The compiler emits opcode numbers; scm_i_make_code
   replaces them by addresses.  The layout of frames and the calling
   convention are described in doc/internals.md ("The VM").  */

#ifndef SCM_CODE_INTERNAL_H
#define SCM_CODE_INTERNAL_H

#include "runtime/scm-internal.h"

/* ------------------------------------------------------------------ */
/* Code objects: a compiled procedure body.

   word 0  header: scm_tc8_code, payload = number of instruction words
   word 1  name (a symbol) or #f
   word 2  file of the source (a string) or #f
   word 3  source map: pointer to a pointer-free block, or 0
   word 4  arity, a raw word: required << 3 | dispatch << 1 | rest (CALL
           compares it with SCM_I_ARITY_OF the argument count: << 3, the
           count's bytes, which the call computes anyway); DISPATCH marks
           the code of a case-lambda, whose closure holds its clauses
   word 5  the instructions  */

#define SCM_I_CODE_NAME 1
#define SCM_I_CODE_FILE 2
#define SCM_I_CODE_SRCMAP 3
#define SCM_I_CODE_ARITY 4
#define SCM_I_ARITY_REST 1
#define SCM_I_ARITY_DISPATCH 2
#define SCM_I_ARITY_REQ(a) ((a) >> 3)
#define SCM_I_ARITY_OF(n) ((scm_t_bits) (n) << 3)
#define SCM_I_CODE_HEADER_WORDS 5
/* A flag of the code's header: it holds unchecked self calls
   (GSELFCALL_U & co), valid while their variable holds a closure of
   this code.  Set by the compiler, cleared by
   scm_i_recheck_self_calls when they are all checked again.  */
#define SCM_I_CODE_FLAG_SELF_U 0x01

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
  size_t count;                 /* SCM_I_SRCMAP_DEBUG | number of entries */
  struct scm_i_srcmap_entry entries[];
  /* then, if COUNT has SCM_I_SRCMAP_DEBUG, a struct scm_i_code_debug *
     (and the block is scanned by the GC, not pointer-free) */
};
#define SCM_I_SRCMAP_DEBUG ((size_t) 1 << (sizeof (size_t) * 8 - 1))

/* The debug data of code compiled outside the prelude: what a debugger
   shows of a frame beyond its position.  LOCALS[i] names the value of
   frame slot SLOT (or, with SCM_I_LOCAL_FREE, of the closure's free
   variable SLOT) while the instruction at word offset START <= OFF <
   END runs; with SCM_I_LOCAL_BOXED the value is in a box.  Kept beside
   the source map, so that code made without it (the prelude's image)
   is laid out as before and the VM never reads it.  */
#define SCM_I_LOCAL_BOXED 1
#define SCM_I_LOCAL_FREE 2
/* An entry that names no local: the copy of a callee's body that the
   compiler made inline (compile/calls.c, compile_inline_call) over
   words START to END, so that a backtrace or a debugger shows the
   callee's frame there as the call showed it.  NAME is the callee;
   SLOT the word offset of the ordinary call's return, where the
   caller's frame stands while the callee runs; with
   SCM_I_LOCAL_INLINE_TAIL the call was a tail call (no caller's frame
   shown); the flags' bits from SCM_I_LOCAL_INLINE_NARGS on count the
   callee's parameters, which follow, one SCM_I_LOCAL_INLINE_ARG entry
   each in order, SLOT the caller's slot that holds it.  */
#define SCM_I_LOCAL_INLINE 4
#define SCM_I_LOCAL_INLINE_TAIL 8
#define SCM_I_LOCAL_INLINE_ARG 16
/* An entry that names no local either: words START to END are the
   ordinary call of an inline copy, placed after the body
   (compile/calls.c, scm_i_emit_cold_calls); the locals there are
   those live at word SLOT, where the copy is.  */
#define SCM_I_LOCAL_COLD 32
#define SCM_I_LOCAL_INLINE_NARGS 8
struct scm_i_local_entry
{
  SCM name;
  uint32_t start, end;
  uint32_t slot;
  uint32_t flags;
};
struct scm_i_code_debug
{
  SCM module;                   /* current when compiled */
  SCM docstring;                /* a string, or #f */
  SCM formals;                  /* the parameters' names: a list, improper
                                   for a rest parameter */
  size_t count;
  struct scm_i_local_entry locals[];
};

static inline size_t
scm_i_srcmap_count (const struct scm_i_srcmap *m)
{
  return m != NULL ? m->count & ~SCM_I_SRCMAP_DEBUG : 0;
}

/* CODE's source map, or NULL.  */
static inline const struct scm_i_srcmap *
scm_i_code_srcmap (SCM code)
{
  return (const struct scm_i_srcmap *) SCM_CELL_WORD (code, SCM_I_CODE_SRCMAP);
}

/* CODE's debug data, or NULL.  */
static inline const struct scm_i_code_debug *
scm_i_code_debug (SCM code)
{
  const struct scm_i_srcmap *m = scm_i_code_srcmap (code);
  if (m == NULL || !(m->count & SCM_I_SRCMAP_DEBUG))
    return NULL;
  const struct scm_i_code_debug *const *d
    = (const void *) &m->entries[scm_i_srcmap_count (m)];
  return *d;
}


/* Make a code object from opcode-numbered WORDS (N of them), with jump
   targets given as word offsets from the entry in the operands of
   JUMP, JUMPF and FRAME.  */
SCM_INTERNAL SCM scm_i_make_code (const scm_t_bits *words, size_t n,
                                  SCM name, SCM file,
                                  const struct scm_i_srcmap_entry *map,
                                  size_t nmap, unsigned req, int rest);
/* The same with debug data DEBUG (or NULL).  */
SCM_INTERNAL SCM scm_i_make_code_with_debug
  (const scm_t_bits *words, size_t n, SCM name, SCM file,
   const struct scm_i_srcmap_entry *map, size_t nmap, unsigned req,
   int rest, const struct scm_i_code_debug *debug);

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

/* ------------------------------------------------------------------ */
/* The VM of a thread.  The stack is one GC-scanned block that grows by
   copying; frames are laid out as:

     fp[-3]  the link to the caller's fp (scm_i_frame_link)
     fp[-2]  the caller's closure     (SCM)
     fp[-1]  the return address       (a word)
     fp[0..] arguments, then locals and temporaries, up to sp.  */

#define SCM_I_FRAME_HEADER 3

/* The link word of a frame header at H (the frame's fp is H + 3) whose
   caller's fp is CALLER: the distance in bytes from the caller's fp up
   to the frame's.  Relative, as Guile's dynamic link is: a moved stack
   or a continuation laid back at its offsets needs no relocation, and
   neither FRAME nor RETURN needs the stack's base (a register of
   vm_run the less, and no shift).  A raw word, as the return address
   beside it is: no heap address is that small, so the collector holds
   nothing by it, and no walk of the frames reads it as an object.
   Untagged, RETURN takes it from fp in one subtraction (a fixnum's tag
   cost every return an addition).  */
static inline SCM
scm_i_frame_link (const SCM *h, const SCM *caller)
{
  /* One constant added to the difference: GCC made H + 3 a register
     of its own, and the new sp from it, one instruction more.  */
  return SCM_PACK ((scm_t_bits) ((const char *) h - (const char *) caller)
                   + SCM_I_FRAME_HEADER * sizeof (SCM));
}
/* The same from the frame's fp, CALLEE, where a call computes that
   first (GSELFCALL1: one instruction fewer than from the header).  */
static inline SCM
scm_i_frame_link_to (const SCM *callee, const SCM *caller)
{
  return SCM_PACK ((scm_t_bits) ((const char *) callee
                                 - (const char *) caller));
}
/* The caller's fp of the frame at FP.  */
static inline SCM *
scm_i_frame_caller (SCM *fp)
{
  return (SCM *) ((char *) fp - SCM_UNPACK (fp[-3]));
}

#endif /* SCM_CODE_INTERNAL_H */
