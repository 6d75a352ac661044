/* instances.c -- isolated interpreter instances: making, entering,
   interrupting and destroying them
   SPDX-License-Identifier: LGPL-3.0-or-later

   An instance is the mutable top level (instance-internal.h); this
   file is its life cycle and the C API of instances.h.  Making one
   costs a user module, a two-entry registry, three ports and a
   variable: the core module, the prelude and the constants are
   shared (doc/internals.md, "Instances").  */

#include "scm-internal.h"
#include "instance-internal.h"
#include "vm-internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <libscm/control.h>
#include <libscm/eval.h>
#include <libscm/init.h>
#include <libscm/instances.h>
#include <libscm/ports.h>
#include <libscm/strings.h>

/* ------------------------------------------------------------------ */
/* The live instances other than the default, whose ports are written
   out at exit.  */

static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static struct scm_i_instance *live;
static pthread_once_t atexit_once = PTHREAD_ONCE_INIT;

static void
flush_live_instances (void)
{
  /* Not waiting: a thread that holds the lock at exit may never give
     it back.  */
  if (pthread_mutex_trylock (&live_lock) != 0)
    return;
  for (struct scm_i_instance *i = live; i != NULL; i = i->next_live)
    scm_i_flush_instance_ports (i);
  pthread_mutex_unlock (&live_lock);
}

void
scm_i_flush_all_output (void)
{
  scm_i_flush_standard_ports ();
  flush_live_instances ();
}

static void
register_atexit (void)
{
  atexit (flush_live_instances);
}

static void
link_live (struct scm_i_instance *inst)
{
  pthread_mutex_lock (&live_lock);
  inst->next_live = live;
  live = inst;
  pthread_mutex_unlock (&live_lock);
}

static void
unlink_live (struct scm_i_instance *inst)
{
  pthread_mutex_lock (&live_lock);
  for (struct scm_i_instance **p = &live; *p != NULL; p = &(*p)->next_live)
    if (*p == inst)
      {
        *p = inst->next_live;
        break;
      }
  pthread_mutex_unlock (&live_lock);
}

/* ------------------------------------------------------------------ */
/* Making and destroying.  */

scm_t_instance *
scm_instance_create (void)
{
  scm_init ();
  pthread_once (&atexit_once, register_atexit);
  struct scm_i_instance *inst = scm_i_make_instance (0);
  /* Nothing below may raise and leave INST allocated uncollectable:
     an allocation failure frees it on the way out.  */
  scm_dynwind_begin (0);
  scm_dynwind_unwind_handler (GC_free, inst, 0);
  scm_i_init_instance_modules (inst, scm_i_default_instance ());
  scm_i_init_instance_own_ports (inst);
  scm_dynwind_end ();
  link_live (inst);
  return inst;
}

int
scm_instance_destroy (scm_t_instance *inst)
{
  if (inst == NULL || inst == scm_i_default_instance ())
    return -1;
  pthread_mutex_lock (&inst->lock);
  int busy = inst->entries != NULL || inst->holds > 0;
  pthread_mutex_unlock (&inst->lock);
  if (busy)
    return -1;
  unlink_live (inst);
  scm_i_flush_instance_ports (inst);
  /* GC_FREE does not clear the memory: the fields go first, so that a
     stale copy of the block cannot keep the top level alive.  */
  pthread_mutex_destroy (&inst->lock);
  memset (inst, 0, sizeof *inst);
  GC_FREE (inst);
  return 0;
}

scm_t_instance *
scm_default_instance (void)
{
  return scm_i_default_instance ();
}

scm_t_instance *
scm_current_instance (void)
{
  return scm_i_current_instance_or_null ();
}

/* ------------------------------------------------------------------ */
/* Entering and leaving.  */

void
scm_i_instance_enter (struct scm_i_instance *inst,
                      struct scm_i_instance_entry *e)
{
  struct scm_i_vm *vm = scm_i_current_vm ();
  e->inst = inst;
  e->prev = scm_i_current_instance_or_null ();
  e->vm = vm;
  e->module = vm->module;
  e->params = vm->params;
  e->handlers = vm->handlers;
  e->interrupted = 0;
  e->left = 0;
  pthread_mutex_lock (&inst->lock);
  e->next = inst->entries;
  inst->entries = e;
  pthread_mutex_unlock (&inst->lock);
  /* The wind list stays: it is what unwinding walks back to the
     caller's catch, and nothing in INST can reach its entries.  */
  vm->module = SCM_BOOL_F;
  vm->params = SCM_EOL;
  vm->handlers = SCM_EOL;
  scm_i_set_current_instance (inst);
}

void
scm_i_instance_leave (struct scm_i_instance_entry *e)
{
  if (e->left)
    return;
  e->left = 1;
  struct scm_i_instance *inst = e->inst;
  pthread_mutex_lock (&inst->lock);
  for (struct scm_i_instance_entry **p = &inst->entries; *p != NULL;
       p = &(*p)->next)
    if (*p == e)
      {
        *p = e->next;
        break;
      }
  int interrupted = e->interrupted;
  pthread_mutex_unlock (&inst->lock);
  struct scm_i_vm *vm = e->vm;
  vm->module = e->module;
  vm->params = e->params;
  vm->handlers = e->handlers;
  scm_i_set_current_instance (e->prev);
  /* An interrupt meant for INST that came too late to be taken there
     must not stop the caller's evaluation.  */
  if (interrupted)
    {
      vm->interrupt_pending = scm_i_limit_pending_p (vm);
      scm_i_vm_refresh_enter_limit (vm);
    }
}

void
scm_i_instance_hold (struct scm_i_instance *inst)
{
  pthread_mutex_lock (&inst->lock);
  inst->holds++;
  pthread_mutex_unlock (&inst->lock);
}

void
scm_i_instance_release (struct scm_i_instance *inst)
{
  pthread_mutex_lock (&inst->lock);
  inst->holds--;
  pthread_mutex_unlock (&inst->lock);
}

static void
leave_handler (void *data)
{
  scm_i_instance_leave (data);
}

int
scm_i_instance_limits (struct scm_i_instance *inst, scm_t_limits *limits)
{
  pthread_mutex_lock (&inst->lock);
  int has = inst->has_limits;
  if (has)
    *limits = inst->limits;
  pthread_mutex_unlock (&inst->lock);
  return has;
}

struct with_args
{
  struct scm_i_instance *inst;
  scm_t_catch_body body;
  void *data;
  int use_limits;
  SCM result;
  int raised;
};

static void *
with_instance_active (void *data)
{
  struct with_args *a = data;
  struct scm_i_instance *inst = a->inst;
  scm_t_limits limits;
  pthread_mutex_lock (&inst->lock);
  int has_limits = a->use_limits && inst->has_limits;
  limits = inst->limits;
  pthread_mutex_unlock (&inst->lock);
  struct scm_i_instance_entry *e = scm_i_alloc (sizeof *e);
  scm_dynwind_begin (0);
  scm_i_instance_enter (inst, e);
  scm_dynwind_unwind_handler (leave_handler, e, SCM_F_WIND_EXPLICITLY);
  a->raised = scm_c_call_with_limits (has_limits ? &limits : NULL,
                                      a->body, a->data, &a->result);
  scm_dynwind_end ();
  return NULL;
}

static int
with_instance (scm_t_instance *inst, scm_t_catch_body body, void *data,
               SCM *result, int use_limits)
{
  scm_init ();
  struct with_args a = { inst != NULL ? inst : scm_i_default_instance (),
                         body, data, use_limits, SCM_BOOL_F, 0 };
  /* Also inside scm_without_guile, as scm_with_guile is.  */
  GC_call_with_gc_active (with_instance_active, &a);
  if (result != NULL)
    *result = a.result;
  return a.raised;
}

int
scm_c_with_instance (scm_t_instance *inst, scm_t_catch_body body,
                     void *data, SCM *result)
{
  return with_instance (inst, body, data, result, 1);
}

struct func_args
{
  void *(*func) (void *);
  void *data;
  void *ret;
};

static SCM
func_body (void *data)
{
  struct func_args *f = data;
  f->ret = f->func (f->data);
  return SCM_UNSPECIFIED;
}

static SCM
report_body (void *data)
{
  scm_c_display_error (*(SCM *) data, scm_current_error_port (), 20);
  return SCM_UNSPECIFIED;
}

void *
scm_with_instance (scm_t_instance *inst, void *(*func) (void *), void *data)
{
  struct func_args f = { func, data, NULL };
  SCM obj;
  if (scm_c_with_instance (inst, func_body, &f, &obj) == 0)
    return f.ret;
  /* Reported in the instance, on its error port: without limits, so
     that a limit that stopped FUNC does not stop the report.  An exit
     request is not an error and is not reported.  */
  int status;
  if (!scm_is_exit_request (obj, &status))
    with_instance (inst, report_body, &obj, NULL, 0);
  return NULL;
}

struct eval_args
{
  const char *utf8;
  const char *name;
};

static SCM
eval_body (void *data)
{
  struct eval_args *e = data;
  return scm_c_eval_string_with_name (e->utf8, e->name);
}

int
scm_c_instance_eval_string (scm_t_instance *inst, const char *utf8,
                            const char *name, SCM *result)
{
  struct eval_args e = { utf8, name };
  return scm_c_with_instance (inst, eval_body, &e, result);
}

/* ------------------------------------------------------------------ */
/* Limits and interrupts.  */

int
scm_instance_set_limits (scm_t_instance *inst, const scm_t_limits *limits)
{
  if (limits != NULL
      && (!(limits->time_limit >= 0) || isinf (limits->time_limit)))
    return -1;
  if (inst == NULL)
    inst = scm_i_default_instance ();
  pthread_mutex_lock (&inst->lock);
  inst->has_limits = limits != NULL;
  if (limits != NULL)
    inst->limits = *limits;
  pthread_mutex_unlock (&inst->lock);
  return 0;
}

int
scm_instance_request_interrupt (scm_t_instance *inst)
{
  if (inst == NULL)
    inst = scm_i_default_instance ();
  int n = 0;
  pthread_mutex_lock (&inst->lock);
  for (struct scm_i_instance_entry *e = inst->entries; e != NULL; e = e->next)
    {
      e->interrupted = 1;
      scm_i_vm_request_interrupt (e->vm);
      n++;
    }
  pthread_mutex_unlock (&inst->lock);
  return n;
}
