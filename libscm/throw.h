/* throw.h -- non-local exits: catch, raise, the fatal-error hook
   SPDX-License-Identifier: LGPL-3.0-or-later

   Raising and catching from C (runtime/throw.c).  Every non-local exit
   in C is one of three jump points, taken and jumped to only through
   runtime/jump-internal.h, which maps them: a C catch (throw.c), an
   activation of the VM (vm/vm.c), the entry of a C-stack segment
   (runtime/c-stack.c).  */

#ifndef SCM_THROW_H
#define SCM_THROW_H

#include <libscm/scm.h>

typedef SCM (*scm_t_catch_body) (void *data);
typedef SCM (*scm_t_raise_handler) (void *data, SCM obj);
/* Guile's handler type: KEY and ARGS as Guile's catch passes them.  */
typedef SCM (*scm_t_catch_handler) (void *data, SCM key, SCM args);

/* Call BODY (BODY_DATA) and return its value.  If it raises an object
   OBJ that no Scheme handler installed inside BODY takes, unwind to
   here and return HANDLER (HANDLER_DATA, OBJ) instead.  Interrupts,
   exceeded limits and exit requests always come here.  Raises what
   HANDLER raises.  */
SCM_API SCM scm_c_catch_raise (scm_t_catch_body body, void *body_data,
                               scm_t_raise_handler handler,
                               void *handler_data);

/* Guile's catch.  TAG is #t (catch everything) or a symbol: the
   catch takes the raised objects whose key is TAG, others pass on to
   the enclosing catches and handlers.  A raised object is seen as a
   KEY and a list ARGS: a condition as its kind and (WHO MESSAGE
   IRRITANTS REST) -- Guile's (SUBR MESSAGE ARGS REST), REST (ERRNO)
   for a system error or #f --, the object of
   (throw KEY ARG ...) as KEY and (ARG ...), anything else as the key
   %exception and (OBJ).  PRE_UNWIND_HANDLER, unless NULL, is called
   with them on top of the raise, before dynamic-wind after thunks
   run; then HANDLER (HANDLER_DATA, KEY, ARGS) runs after unwinding,
   and its value is the catch's.  Raises a wrong-type-arg error for a
   bad TAG, and what the handlers raise.  */
SCM_API SCM scm_c_catch (SCM tag, scm_t_catch_body body, void *body_data,
                         scm_t_catch_handler handler, void *handler_data,
                         scm_t_catch_handler pre_unwind_handler,
                         void *pre_unwind_handler_data);
/* scm_c_catch with no pre-unwind handler.  */
SCM_API SCM scm_internal_catch (SCM tag, scm_t_catch_body body,
                                void *body_data,
                                scm_t_catch_handler handler,
                                void *handler_data);

/* Raise OBJ (non-continuable) to the innermost scm_c_catch_raise.  With none,
   it is fatal: the fatal-error hook runs with the condition's message.  */
SCM_API void scm_raise (SCM obj) SCM_NORETURN;

/* The fatal-error hook: called for conditions the library cannot
   recover from (an error raised with no handler at all, memory
   exhausted while raising).  The default prints MESSAGE on stderr and
   aborts.  A replacement must not return.  Returns the previous hook.  */
typedef void (*scm_t_fatal_hook) (const char *message);
SCM_API scm_t_fatal_hook scm_set_fatal_hook (scm_t_fatal_hook hook);
SCM_API void scm_fatal (const char *fmt, ...)
  SCM_NORETURN __attribute__ ((format (printf, 1, 2)));

#endif /* SCM_THROW_H */
