/* init.c -- scm_init: the collector, the constants, the first instance
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "runtime/scm-internal.h"
#include "runtime/instance-internal.h"
#include "runtime/init-internal.h"
#include "image/image-internal.h"
#include "modules/modules-internal.h"
#include "expand/ast-internal.h"
#include "posix/posix-internal.h"
#include "repl/repl-internal.h"

#include <pthread.h>
#include <libscm/init.h>
#include <libscm/throw.h>

static struct scm_i_instance *first_instance;

/* Threads that scm_init registered with the collector are unregistered
   when they exit (a pthread key's destructor): libgc would otherwise go
   on signalling a thread that is gone at every collection, and give up
   with a fatal error.  */
static pthread_key_t registered_key;

static void
unregister_thread (void *value)
{
  GC_unregister_my_thread ();
}

/* The order matters only where a file's init uses another file's
   objects at init time: symbols first, so that every static symbol of
   the core is interned before anything can intern an equal heap symbol;
   strings before ports (port names are strings); ports last.  Each
   scm_init_FILE interns its static symbols and binds its subrs in the
   current instance.  */
static void
init_once (void)
{
  if (pthread_key_create (&registered_key, unregister_thread) != 0)
    scm_fatal ("cannot create a thread key");
  scm_init_gc ();
  first_instance = scm_i_make_instance (1);
  scm_i_set_current_instance (first_instance);

  /* The precompiled prelude's symbols and keywords before any other
     (image.c).  */
  scm_i_intern_image_symbols ();
  scm_init_symbols ();
  scm_init_keywords ();
  scm_init_subrs ();
  scm_init_modules ();
  scm_init_gc_procedures ();
  scm_init_booleans ();
  scm_init_pairs ();
  scm_init_lists ();
  scm_init_alist ();
  scm_init_sort ();
  scm_init_chars ();
  scm_init_strings ();
  scm_init_charsets ();
  scm_init_string_search ();
  scm_init_regex_engine ();
  scm_init_vectors ();
  scm_init_bytevectors ();
  scm_init_numbers ();
  scm_init_bitwise ();
  scm_init_transcendental ();
  scm_init_flonum ();
  scm_init_complex ();
  scm_init_number_syntax ();
  scm_init_eq ();
  scm_init_hashtables ();
  scm_init_conditions ();
  scm_init_print ();
  scm_init_read ();
  scm_init_records ();
  scm_init_foreign ();
  scm_init_finalizers ();
  scm_init_weak ();
  scm_init_hooks ();
  scm_init_limits ();
  scm_init_threads ();
  scm_init_random ();
  scm_init_srcpos ();
  scm_init_ports ();
  scm_init_binary_ports ();
  scm_init_port_positions ();
  scm_init_port_lines ();
  scm_init_custom_ports ();
  scm_init_version ();
  scm_init_stime ();
  scm_init_environ ();
  scm_init_filesys ();
  scm_init_posix ();
  scm_init_files ();
  scm_init_process ();
  scm_init_pipes ();
  scm_init_host ();
  scm_init_time ();
  scm_init_signals ();
  scm_init_fdes ();
  scm_init_regex ();
  scm_init_fdes_open ();
  scm_init_sockaddr ();
  scm_init_sockets ();
  scm_init_netdb ();
  scm_init_repl ();
  scm_init_docstrings ();
  scm_i_init_instance_ports (first_instance);
  /* The evaluator last: the VM looks up the primitives it inlines, the
     prelude uses everything.  */
  scm_init_vm ();
  scm_init_disassemble ();
  scm_init_frames ();
  scm_init_profile ();
  scm_init_control ();
  scm_init_syntax ();
  scm_init_macros ();
  scm_init_scope ();
  scm_init_derived ();
  scm_init_expand ();
  scm_init_unexpand ();
  scm_i_init_core_forms (first_instance->core);
  scm_init_compile ();
  scm_init_warnings ();
  scm_init_keyword_calls ();
  scm_init_libraries ();
  scm_init_eval ();
  scm_i_finish_core_module ();
  /* The generator of the precompiled prelude must not see this run's
     load path (from the environment) as part of the prelude.  */
  if (!scm_i_writing_image)
    scm_i_init_load_path ();
  /* No core variable the collector does not scan holds a heap object
     (image-writer.c places there only those nothing sets at run time).  */
  SCM_ASSERT_INTERNAL (scm_i_image_unscanned_heap_refs () == 0);
  /* Last: it measures the address space that initialisation used.  */
  scm_i_init_heap_bound ();
}

void
scm_init (void)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  struct GC_stack_base base;

  pthread_once (&once, init_once);
  /* A thread other than the first must be known to the collector before
     it holds Scheme objects.  A thread that has no instance yet starts
     in the default one; one that is in an instance stays there (a
     primitive or a host callback may call scm_init again).  */
  if (!GC_thread_is_registered () && GC_get_stack_base (&base) == GC_SUCCESS
      && (scm_i_gc_allow_foreign_threads (), 1)
      && GC_register_my_thread (&base) == GC_SUCCESS)
    pthread_setspecific (registered_key, &registered_key);
  if (scm_i_current_instance_or_null () == NULL)
    scm_i_set_current_instance (first_instance);
}

struct scm_i_instance *
scm_i_default_instance (void)
{
  return first_instance;
}
