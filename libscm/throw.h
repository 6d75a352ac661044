/* throw.h -- non-local exits: catch, raise, the fatal-error hook
   SPDX-License-Identifier: LGPL-3.0-or-later

   throw.c is the one file that owns non-local exits.  */

#ifndef SCM_THROW_H
#define SCM_THROW_H

#include <libscm/scm.h>

typedef SCM (*scm_t_catch_body) (void *data);
typedef SCM (*scm_t_catch_handler) (void *data, SCM obj);

/* Call BODY (BODY_DATA) and return its value.  If it raises an object
   OBJ, unwind to here and return HANDLER (HANDLER_DATA, OBJ) instead.
   Raises what HANDLER raises.  */
SCM_API SCM scm_c_catch (scm_t_catch_body body, void *body_data,
                         scm_t_catch_handler handler, void *handler_data);

/* Raise OBJ (non-continuable) to the innermost scm_c_catch.  With none,
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
