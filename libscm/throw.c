/* throw.c -- the one owner of non-local exits: catch frames and raise
   SPDX-License-Identifier: LGPL-3.0-or-later

   A catch is a setjmp frame on the C stack, linked from a thread-local
   pointer; raise longjmps to the innermost one.  The evaluator's
   exception handlers and dynamic-wind will be layered on this file.  */

#include "scm-internal.h"
#include "vm-internal.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <libscm/throw.h>
#include <libscm/conditions.h>

struct catch_frame
{
  jmp_buf jmp;
  struct catch_frame *prev;
  SCM raised;
  struct scm_i_vm_state vm;     /* the VM's registers at the catch */
};

/* The innermost catch of this thread.  */
static __thread struct catch_frame *catch_top;

SCM
scm_c_catch (scm_t_catch_body body, void *body_data,
             scm_t_catch_handler handler, void *handler_data)
{
  struct catch_frame frame;
  SCM result;

  frame.prev = catch_top;
  frame.raised = SCM_UNDEFINED;
  scm_i_vm_save (&frame.vm);
  if (setjmp (frame.jmp) == 0)
    {
      catch_top = &frame;
      result = body (body_data);
      catch_top = frame.prev;
      return result;
    }
  /* Raised: longjmp restored nothing but the registers, so reinstate
     the outer catch before the handler, which may raise in turn.  */
  catch_top = frame.prev;
  scm_i_vm_restore (&frame.vm);
  return handler (handler_data, frame.raised);
}

void
scm_raise (SCM obj)
{
  struct catch_frame *frame = catch_top;

  if (frame == NULL)
    scm_fatal ("uncaught exception: %s", scm_c_condition_text (obj));
  scm_i_vm_annotate (obj);
  frame->raised = obj;
  longjmp (frame->jmp, 1);
}

/* ------------------------------------------------------------------ */
/* The fatal-error hook.  */

/* The default hook is the one place where the library ends the
   process: it runs only when nothing can catch the condition.  */
static void SCM_NORETURN
default_fatal_hook (const char *message)
{
  fprintf (stderr, "libscm: fatal error: %s\n", message);
  fflush (stderr);
  abort ();
}

static scm_t_fatal_hook fatal_hook = default_fatal_hook;

scm_t_fatal_hook
scm_set_fatal_hook (scm_t_fatal_hook hook)
{
  scm_t_fatal_hook old = fatal_hook;
  fatal_hook = hook != NULL ? hook : default_fatal_hook;
  return old;
}

void
scm_fatal (const char *fmt, ...)
{
  char message[1024];
  va_list ap;

  va_start (ap, fmt);
  vsnprintf (message, sizeof message, fmt, ap);
  va_end (ap);
  fatal_hook (message);
  /* A hook that returns breaks its contract; stop here regardless.  */
  default_fatal_hook (message);
}
