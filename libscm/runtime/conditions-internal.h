/* conditions-internal.h -- argument checks shared by the primitives
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_CONDITIONS_INTERNAL_H
#define SCM_CONDITIONS_INTERNAL_H

#include "runtime/scm-internal.h"
#include <libscm/throw.h>

/* K is no index: wrong-type-arg unless an exact integer, else
   out-of-range.  POS and WHO name the argument.  */
SCM_INTERNAL void scm_i_bad_index_arg (SCM k, int pos, const char *who)
  SCM_NORETURN;

/* K as an index: an exact integer, else wrong-type-arg; nonnegative and
   a fixnum, else out-of-range.  POS and WHO name the argument.  Inline:
   string-ref and string-set! & co check an index at every call.  */
static inline size_t
scm_i_index_arg (SCM k, int pos, const char *who)
{
  if (SCM_LIKELY (SCM_FIXNUM_P (k) && SCM_FIXNUM_VALUE (k) >= 0))
    return (size_t) SCM_FIXNUM_VALUE (k);
  scm_i_bad_index_arg (k, pos, who);
}

/* The optional START (argument POS) and END (POS + 1) of a range in a
   sequence of LEN elements: 0 and LEN when not given; out-of-range
   unless START <= END <= LEN.  */
SCM_INTERNAL void scm_i_range_args (SCM start, SCM end, size_t len, int pos,
                                    const char *who, size_t *startp,
                                    size_t *endp);

/* FILENAME (argument POS of WHO) as a NUL-terminated UTF-8 C string on
   the GC heap: wrong-type-arg unless it is a string without a NUL
   character, which would cut the name short.  */
SCM_INTERNAL char *scm_i_filename_arg (SCM filename, int pos,
                                       const char *who);

/* Raise an out-of-memory error naming WHO if COUNT objects of UNIT bytes
   could never fit in this machine's memory: for sizes that are built up
   piece by piece (make-list), where the collector would otherwise fill
   the memory before it failed.  */
SCM_INTERNAL void scm_i_check_total_size (size_t count, size_t unit,
                                          const char *who);

/* Record where condition C was raised (vm.c, expand.c).  FILE is a
   string or #f.  */
SCM_INTERNAL void scm_i_condition_set_position (SCM c, SCM file, long line,
                                                long column);
SCM_INTERNAL void scm_i_condition_set_backtrace (SCM c, SCM frames);
/* Make scm_c_display_error print the line HINT (OBJ) returns for a
   raised OBJ, unless it is not a string.  HINT raises nothing.  */
SCM_INTERNAL void scm_i_set_error_hint (SCM (*hint) (SCM obj));
/* Print backtrace entry FRAME, numbered I, on a line of PORT.  */
SCM_INTERNAL void scm_i_display_frame (SCM frame, SCM port, int i);
/* Nonzero once C's location and backtrace are recorded (or C is the
   shared out-of-memory condition, which never is).  */
SCM_INTERNAL int scm_i_condition_annotated_p (SCM c);
SCM_INTERNAL void scm_i_condition_mark_annotated (SCM c);
/* Nonzero if OBJ is the exit request of emergency-exit, which leaves
   without running dynamic-wind afters.  */
SCM_INTERNAL int scm_is_emergency_exit_request (SCM obj);
/* Nonzero for what no Scheme handler may catch: an interrupt (Ctrl-C,
   scm_request_interrupt) and the exit requests.  (throw.c is not
   snarfed, so its symbols would not be interned: this lives here.)  */
SCM_INTERNAL int scm_i_uncatchable_p (SCM obj);
/* Nonzero if OBJ is the condition of a limit that a running evaluation
   of this thread exceeded, and so goes past every Scheme handler; and
   if it has spent its unwinding budget too, so that no after thunk
   runs any more (eval-limits.c).  */
SCM_INTERNAL int scm_i_limit_uncatchable_p (SCM obj);
SCM_INTERNAL int scm_i_limit_abort_p (SCM obj);
/* A thread that an evaluation under limits starts shares its budgets:
   scm_i_limits_share, in the parent, takes what the new thread joins
   (NULL: the parent runs under no limit); scm_i_call_with_shared_limits,
   in the new thread, calls BODY as scm_c_call_with_limits does, drawing
   on the parent's step and allocation counts and deadline, and is
   stopped when the parent's evaluation ends (an `interrupted'
   condition) or exceeds a limit (the same limit-exceeded).
   scm_i_limits_unshare drops what scm_i_limits_share took.  */
struct scm_i_limit_share;
SCM_INTERNAL struct scm_i_limit_share *scm_i_limits_share (void);
SCM_INTERNAL int scm_i_call_with_shared_limits (struct scm_i_limit_share *sh,
                                                scm_t_catch_body body,
                                                void *data, SCM *result);
SCM_INTERNAL void scm_i_limits_unshare (struct scm_i_limit_share *sh);
/* The key and arguments under which Guile's catch sees raised object
   OBJ (control.c): a condition's kind and (WHO MESSAGE IRRITANTS #f),
   a throw's key and arguments, or %exception and (OBJ).  */
SCM_INTERNAL SCM scm_i_throw_key (SCM obj);
SCM_INTERNAL SCM scm_i_throw_args (SCM obj);

#endif /* SCM_CONDITIONS_INTERNAL_H */
