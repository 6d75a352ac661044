/* keyword-calls.c -- what the compiler knows of define*'s keyword procedures
   SPDX-License-Identifier: LGPL-3.0-or-later

   (ice-9 optargs) turns (define* (f a #:key (w 1) (h 1)) ...) into two
   procedures: a body of all the variables (a, then each key's value or
   a marker for a key not given) and the procedure F holds, which reads
   the keyword arguments and calls the body.  It then registers F's
   procedure here with the body, the marker, the number of required
   arguments and the keywords in the body's order.  When a call of a
   global holding a registered procedure names its keywords literally,
   the compiler (compile.c, compile_keyword_call) calls the body
   directly, behind INLINE_GUARD on the global: no keyword is read at
   run time, and a redefinition or an assignment of the global sends
   the call the ordinary way again.

   The table is weak in its keys: a procedure that is no longer
   referenced takes its entry with it.  */

#include "runtime/scm-internal.h"
#include "compile/inline-internal.h"
#include "runtime/init-internal.h"

#include <pthread.h>
#include <libscm/conditions.h>
#include <libscm/gc.h>
#include <libscm/hashtables.h>
#include <libscm/keywords.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/subrs.h>
#include <libscm/throw.h>
#include <libscm/vectors.h>

static SCM signatures;
static pthread_mutex_t signatures_lock = PTHREAD_MUTEX_INITIALIZER;

/* Nonzero if closure PROC has no free values, or is a case-lambda
   (its free values are its clauses) whose clauses have none.  */
static int
closed (SCM proc)
{
  int dispatch = SCM_CELL_WORD (SCM_I_CLOSURE_CODE (proc), SCM_I_CODE_ARITY)
    == SCM_I_ARITY_DISPATCH;
  for (size_t i = 0; i < SCM_OBJ_PAYLOAD (proc); i++)
    if (!dispatch || SCM_OBJ_PAYLOAD (SCM_I_CLOSURE_FREE (proc, i)) != 0)
      return 0;
  return 1;
}

SCM_DEFINE (scm_i_set_keyword_signature_x, "%set-keyword-signature!", 5, 0, 0,
            (SCM proc, SCM body, SCM none, SCM nreq, SCM keys),
            "Record that calling @var{proc} with @var{nreq} arguments and "
            "then keyword/value pairs, each keyword one of the vector "
            "@var{keys}, is calling @var{body} with those arguments and "
            "then a value per key in the order of @var{keys}, @var{none} "
            "for a key not given, and return @var{proc}.  The compiler "
            "then calls @var{body} directly where a global holding "
            "@var{proc} is called with literal keywords.  Used by "
            "@code{define*}.")
{
  static const char who[] = "%set-keyword-signature!";
  if (!scm_i_is_closure (proc))
    scm_wrong_type_arg_msg (who, 1, proc, "closure");
  if (!scm_i_is_closure (body))
    scm_wrong_type_arg_msg (who, 2, body, "closure");
  size_t n = scm_to_size_t (nreq);
  if (!scm_is_vector (keys))
    scm_wrong_type_arg_msg (who, 5, keys, "vector of keywords");
  for (size_t i = 0; i < SCM_VECTOR_LENGTH (keys); i++)
    if (!scm_is_keyword (SCM_VECTOR_REF (keys, i)))
      scm_wrong_type_arg_msg (who, 5, keys, "vector of keywords");
  /* A procedure with free values was made in a body (define* there):
     only a global's can be called directly, and registering each
     closure a body makes would cost more than it saves.  */
  if (!closed (proc))
    return proc;
  SCM sig = scm_vector (scm_list_4 (body, none, scm_from_size_t (n), keys));
  pthread_mutex_lock (&signatures_lock);
  scm_hashq_set_x (signatures, proc, sig);
  pthread_mutex_unlock (&signatures_lock);
  return proc;
}

/* The signature recorded for PROC, or #f.  */
static SCM
signature_of (SCM proc)
{
  pthread_mutex_lock (&signatures_lock);
  SCM sig = scm_hashq_ref (signatures, proc, SCM_BOOL_F);
  pthread_mutex_unlock (&signatures_lock);
  return sig;
}

int
scm_i_keyword_signature (SCM proc, struct scm_i_keyword_signature *ks)
{
  if (!scm_i_is_closure (proc))
    return 0;
  SCM sig = signature_of (proc);
  if (scm_is_false (sig))
    return 0;
  ks->body = SCM_VECTOR_REF (sig, 0);
  ks->none = SCM_VECTOR_REF (sig, 1);
  ks->nreq = scm_to_size_t (SCM_VECTOR_REF (sig, 2));
  ks->keys = SCM_VECTOR_REF (sig, 3);
  return 1;
}

void
scm_init_keyword_calls (void)
{
  signatures = scm_permanent_object (scm_make_weak_key_hash_table (SCM_UNDEFINED));
#ifndef SCM_MAGIC_SNARFER
#include "compile/keyword-calls.x"
#endif
}
