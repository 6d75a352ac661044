/* control.h -- continuations, and cleaning up when control leaves C
   SPDX-License-Identifier: LGPL-3.0-or-later

   Scheme's control features (call/cc, dynamic-wind, exceptions,
   parameters) are reached from C by calling their procedures.  What C
   code needs of its own is a way to release a C resource when control
   leaves a C function by a non-local exit (a raised error, a
   continuation escaping through it): a dynwind context, with Guile's
   names and meanings.

     scm_dynwind_begin (0);
     char *buf = malloc (n);
     scm_dynwind_free (buf);          freed however the context ends
     ... code that may raise or escape ...
     scm_dynwind_end ();              frees buf

   Contexts nest; each scm_dynwind_begin must be matched by one
   scm_dynwind_end in the same C function, on its normal return path.
   A continuation cannot re-enter a C function that it left (that
   raises a continuation-barrier error), so a context is never
   re-entered.  */

#ifndef SCM_CONTROL_H
#define SCM_CONTROL_H

#include <libscm/scm.h>

typedef enum
{
  SCM_F_DYNWIND_REWINDABLE = 1  /* accepted; contexts never rewind */
} scm_t_dynwind_flags;

typedef enum
{
  /* Run the handler on the normal exit (scm_dynwind_end) as well, or,
     for a rewind handler, right away.  */
  SCM_F_WIND_EXPLICITLY = 1
} scm_t_wind_flags;

/* Start a dynwind context in the calling C function.  */
SCM_API void scm_dynwind_begin (scm_t_dynwind_flags flags);
/* End the innermost context: run its handlers registered with
   SCM_F_WIND_EXPLICITLY, innermost first, and forget the others.  */
SCM_API void scm_dynwind_end (void);
/* Call FUNC (DATA) when control leaves the context by a non-local exit
   (and on scm_dynwind_end with SCM_F_WIND_EXPLICITLY).  FUNC must not
   raise or escape.  */
SCM_API void scm_dynwind_unwind_handler (void (*func) (void *), void *data,
                                         scm_t_wind_flags flags);
/* Call FUNC (DATA) now if FLAGS has SCM_F_WIND_EXPLICITLY: a context
   is never re-entered.  */
SCM_API void scm_dynwind_rewind_handler (void (*func) (void *), void *data,
                                         scm_t_wind_flags flags);
/* The same for a FUNC that takes an object: DATA stays alive as long
   as the handler is registered.  */
SCM_API void scm_dynwind_unwind_handler_with_scm (void (*func) (SCM),
                                                  SCM data,
                                                  scm_t_wind_flags flags);
SCM_API void scm_dynwind_rewind_handler_with_scm (void (*func) (SCM),
                                                  SCM data,
                                                  scm_t_wind_flags flags);
/* free (MEM) when the context ends, however it ends.  */
SCM_API void scm_dynwind_free (void *mem);

/* (continuation? OBJ).  */
SCM_API SCM scm_continuation_p (SCM obj);

#endif /* SCM_CONTROL_H */
