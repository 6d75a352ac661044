/* frames.c -- what a debugger sees of a frame: its locals' names and
   values, and the debug data of compiled procedures
   SPDX-License-Identifier: LGPL-3.0-or-later

   The compiler records, beside a code object's source map, which frame
   slot or free variable holds each named local over which range of
   instructions (struct scm_i_code_debug).  Nothing reads it while the
   code runs.  When the recording of locals is on (the interactive REPL
   turns it on), a raised condition's backtrace keeps, for each frame,
   the locals live at its instruction, the procedure and its module, so
   that a debugger can show them and evaluate in their scope after the
   stack is gone.  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"
#include "vm/vm-internal.h"

#include <libscm/eval.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>

/* ------------------------------------------------------------------ */
/* Recording locals in backtraces.  */

static volatile int record_locals;

int
scm_c_set_frame_locals_recording (int on)
{
  int old = record_locals;
  record_locals = on != 0;
  return old;
}

SCM_DEFINE (scm_record_frame_locals_x, "record-frame-locals!", 1, 0, 0,
            (SCM on),
            "Make the backtraces of conditions raised from now on keep each "
            "frame's locals, procedure and module if @var{on} is true (see "
            "@code{condition-backtrace}), or not; return the previous "
            "setting.  The interactive REPL turns it on for its debugger.")
{
  return scm_from_bool (scm_c_set_frame_locals_recording (scm_is_true (on)));
}

int
scm_i_recording_frame_locals (void)
{
  return record_locals;
}

/* The value of local E in the frame at FP of CLOSURE, or
   SCM_UNDEFINED if it holds none yet.  */
static SCM
local_value (const struct scm_i_local_entry *e, SCM closure, SCM *fp)
{
  SCM v = (e->flags & SCM_I_LOCAL_FREE)
    ? SCM_I_CLOSURE_FREE (closure, e->slot) : fp[e->slot];
  if ((e->flags & SCM_I_LOCAL_BOXED) && scm_is_variable (v))
    v = SCM_CELL_OBJECT (v, 1);
  return v;
}

static int
named_in (SCM name, SCM alist)
{
  for (; scm_is_pair (alist); alist = SCM_CDR (alist))
    if (scm_is_eq (SCM_CAR (SCM_CAR (alist)), name))
      return 1;
  return 0;
}

/* The debug data of CLOSURE's code if IP is in it, the offset of the
   instruction before IP in *OFF; else NULL.  */
static const struct scm_i_code_debug *
debug_at (SCM closure, const scm_t_bits *ip, uint32_t *off)
{
  SCM code = SCM_I_CLOSURE_CODE (closure);
  const struct scm_i_code_debug *d = scm_i_code_debug (code);
  const scm_t_bits *entry = scm_i_code_entry (code);
  if (d == NULL || ip <= entry || ip > entry + SCM_OBJ_PAYLOAD (code))
    return NULL;
  *off = (uint32_t) (ip - entry - 1);
  return d;
}

/* The locals of CLOSURE's frame at FP live at the instruction before
   IP: an alist ((NAME . VALUE) ...), outermost first; of two locals of
   one name, the inner one.  */
static SCM
frame_locals (SCM closure, const scm_t_bits *ip, SCM *fp)
{
  uint32_t off;
  const struct scm_i_code_debug *d = debug_at (closure, ip, &off);
  if (d == NULL)
    return SCM_EOL;
  for (size_t i = 0; i < d->count; i++)
    if ((d->locals[i].flags & SCM_I_LOCAL_COLD)
        && off >= d->locals[i].start && off < d->locals[i].end)
      {
        off = d->locals[i].slot;
        break;
      }
  SCM acc = SCM_EOL;
  for (size_t i = d->count; i-- > 0;)
    {
      const struct scm_i_local_entry *e = &d->locals[i];
      if (off < e->start || off >= e->end
          || (e->flags & (SCM_I_LOCAL_INLINE | SCM_I_LOCAL_INLINE_ARG
                          | SCM_I_LOCAL_COLD))
          || named_in (e->name, acc))
        continue;
      SCM v = local_value (e, closure, fp);
      if (!SCM_UNBNDP (v))
        acc = scm_cons (scm_cons (e->name, v), acc);
    }
  /* ACC lists the entries in their order, inner ones last: parameters
     first, then the lets inside.  */
  return acc;
}

SCM
scm_i_frame_debug_entry (SCM e, SCM closure, const scm_t_bits *ip, SCM *fp)
{
  if (!record_locals || !scm_i_is_closure (closure))
    return e;
  const struct scm_i_code_debug *d
    = scm_i_code_debug (SCM_I_CLOSURE_CODE (closure));
  SCM v = scm_c_make_vector (8, SCM_BOOL_F);
  for (size_t i = 0; i < 5; i++)
    SCM_VECTOR_SET (v, i, SCM_VECTOR_REF (e, i));
  SCM_VECTOR_SET (v, 5, frame_locals (closure, ip, fp));
  SCM_VECTOR_SET (v, 6, closure);
  SCM_VECTOR_SET (v, 7, d != NULL ? d->module : SCM_BOOL_F);
  return v;
}

/* ------------------------------------------------------------------ */
/* Inline copies: frames that the call would have had.  */

const struct scm_i_local_entry *
scm_i_inline_copy_at (SCM closure, const scm_t_bits *ip)
{
  uint32_t off;
  const struct scm_i_code_debug *d
    = scm_i_is_closure (closure) ? debug_at (closure, ip, &off) : NULL;
  if (d == NULL)
    return NULL;
  for (size_t i = 0; i < d->count; i++)
    if ((d->locals[i].flags & SCM_I_LOCAL_INLINE)
        && off >= d->locals[i].start && off < d->locals[i].end)
      return &d->locals[i];
  return NULL;
}

/* The locals of the frame that copy IC's callee would have, its
   parameters read from the caller's frame at FP: those the callee's
   debug data names at the start of its body (a copied body binds
   nothing else), as frame_locals lists them.  */
static SCM
inline_locals (const struct scm_i_local_entry *ic, SCM *fp)
{
  SCM callee = ic->name;
  const struct scm_i_code_debug *d
    = scm_i_code_debug (SCM_I_CLOSURE_CODE (callee));
  if (d == NULL)
    return SCM_EOL;
  size_t nargs = ic->flags >> SCM_I_LOCAL_INLINE_NARGS;
  uint32_t body = UINT32_MAX;
  for (size_t i = 0; i < d->count; i++)
    if (d->locals[i].start < body)
      body = d->locals[i].start;
  SCM acc = SCM_EOL;
  for (size_t i = d->count; i-- > 0;)
    {
      const struct scm_i_local_entry *e = &d->locals[i];
      if (e->flags != 0 || e->slot >= nargs || body < e->start
          || body >= e->end || named_in (e->name, acc))
        continue;
      SCM v = fp[ic[1 + e->slot].slot];
      if (!SCM_UNBNDP (v))
        acc = scm_cons (scm_cons (e->name, v), acc);
    }
  return acc;
}

SCM
scm_i_inline_debug_entry (SCM e, const struct scm_i_local_entry *ic, SCM *fp)
{
  if (!record_locals)
    return e;
  const struct scm_i_code_debug *d
    = scm_i_code_debug (SCM_I_CLOSURE_CODE (ic->name));
  SCM v = scm_c_make_vector (8, SCM_BOOL_F);
  for (size_t i = 0; i < 5; i++)
    SCM_VECTOR_SET (v, i, SCM_VECTOR_REF (e, i));
  SCM_VECTOR_SET (v, 5, inline_locals (ic, fp));
  SCM_VECTOR_SET (v, 6, ic->name);
  SCM_VECTOR_SET (v, 7, d != NULL ? d->module : SCM_BOOL_F);
  return v;
}

/* ------------------------------------------------------------------ */
/* The debug data of procedures.  */

/* The code of PROC with debug data, or NULL.  A case-lambda's code
   has none (it only dispatches): its first clause's stands for it, as
   the first clause's name does (a docstring may begin any clause: the
   first one that has one).  */
static const struct scm_i_code_debug *
proc_debug (SCM proc, SCM *code)
{
  if (!scm_i_is_closure (proc))
    return NULL;
  *code = SCM_I_CLOSURE_CODE (proc);
  if (!(SCM_CELL_WORD (*code, SCM_I_CODE_ARITY) & SCM_I_ARITY_DISPATCH))
    return scm_i_code_debug (*code);
  const struct scm_i_code_debug *first = NULL;
  SCM first_code = SCM_BOOL_F;
  for (size_t i = 0; i < SCM_OBJ_PAYLOAD (proc); i++)
    {
      SCM c = SCM_I_CLOSURE_CODE (SCM_I_CLOSURE_FREE (proc, i));
      const struct scm_i_code_debug *d = scm_i_code_debug (c);
      if (d != NULL && first == NULL)
        first = d, first_code = c;
      if (d != NULL && scm_is_string (d->docstring))
        {
          *code = c;
          return d;
        }
    }
  *code = first_code;
  return first;
}

SCM_DEFINE (scm_procedure_source_info, "procedure-source-info", 1, 0, 0,
            (SCM proc),
            "Return what was recorded of procedure @var{proc} when it was "
            "compiled, or @code{#f} for a primitive or a procedure of the "
            "prelude: an alist with the keys @code{name}, @code{formals} "
            "(the parameters' names, an improper list when there is a "
            "rest parameter), @code{documentation} (the docstring or "
            "@code{#f}), @code{module} (the module it was compiled in), "
            "@code{file}, @code{line} and @code{column} (where its "
            "@code{lambda} is, or @code{#f}).")
{
  SCM code = SCM_BOOL_F;
  const struct scm_i_code_debug *d = proc_debug (proc, &code);
  if (d == NULL)
    return SCM_BOOL_F;
  const struct scm_i_srcmap *m = scm_i_code_srcmap (code);
  SCM line = SCM_BOOL_F, col = SCM_BOOL_F;
  if (scm_i_srcmap_count (m) > 0 && m->entries[0].offset == 0)
    {
      line = scm_from_uint32 (m->entries[0].line);
      col = scm_from_uint32 (m->entries[0].column);
    }
#define ENTRY(k, v) scm_cons (scm_from_utf8_symbol (k), v)
  return scm_list_n (ENTRY ("name", SCM_CELL_OBJECT (code, SCM_I_CODE_NAME)),
                     ENTRY ("formals", d->formals),
                     ENTRY ("documentation", d->docstring),
                     ENTRY ("module", d->module),
                     ENTRY ("file", SCM_CELL_OBJECT (code, SCM_I_CODE_FILE)),
                     ENTRY ("line", line), ENTRY ("column", col),
                     SCM_UNDEFINED);
#undef ENTRY
}

SCM
scm_procedure_docstring (SCM proc)
{
  SCM code;
  const struct scm_i_code_debug *d = proc_debug (proc, &code);
  return d != NULL ? d->docstring : SCM_BOOL_F;
}

void
scm_init_frames (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "vm/frames.x"
#endif
}
