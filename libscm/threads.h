/* threads.h -- Scheme threads, mutexes and condition variables; host
   threads entering and leaving Scheme
   SPDX-License-Identifier: LGPL-3.0-or-later

   Guile's names.  Each thread has its own evaluator stack and dynamic
   state; a thread made by call-with-new-thread starts with a copy of
   its parent's parameterization (so with its current ports), which a
   parameterize in either does not change for the other.  */

#ifndef SCM_THREADS_H
#define SCM_THREADS_H

#include <libscm/scm.h>

/* Call FUNC (DATA) in Scheme mode: the calling thread is attached
   (scm_init) if it was not, and, inside scm_without_guile, made known
   to the collector again for the call.  Returns FUNC's result.  */
SCM_API void *scm_with_guile (void *(*func) (void *), void *data);
/* Call FUNC (DATA) outside Scheme mode, for blocking work (a read, a
   wait, a long computation in C): collections go on meanwhile without
   stopping the thread, so they do not interrupt its system calls.
   FUNC must not touch Scheme objects or call the API (except
   scm_with_guile).  Returns FUNC's result.  */
SCM_API void *scm_without_guile (void *(*func) (void *), void *data);

SCM_API SCM scm_call_with_new_thread (SCM thunk, SCM handler);
SCM_API SCM scm_join_thread (SCM thread);
/* Guile's: join THREAD, giving up at TIMEOUT (an absolute time:
   seconds since the epoch as a real, or (SECONDS . MICROSECONDS);
   SCM_UNDEFINED or #f: none) with TIMEOUTVAL (SCM_UNDEFINED: #f).  */
SCM_API SCM scm_join_thread_timed (SCM thread, SCM timeout, SCM timeoutval);
SCM_API SCM scm_thread_p (SCM obj);
SCM_API SCM scm_thread_exited_p (SCM thread);
/* Whether the calling thread is THREAD (a thread that
   call-with-new-thread made; wrong-type-arg otherwise).  */
SCM_API int scm_c_thread_is_current (SCM thread);
SCM_API SCM scm_make_mutex (void);
SCM_API SCM scm_make_recursive_mutex (void);
SCM_API SCM scm_mutex_p (SCM obj);
SCM_API SCM scm_lock_mutex (SCM mutex);
SCM_API SCM scm_try_mutex (SCM mutex);
SCM_API SCM scm_unlock_mutex (SCM mutex);
SCM_API SCM scm_make_condition_variable (void);
SCM_API SCM scm_condition_variable_p (SCM obj);
SCM_API SCM scm_wait_condition_variable (SCM cv, SCM mutex);
SCM_API SCM scm_signal_condition_variable (SCM cv);
SCM_API SCM scm_broadcast_condition_variable (SCM cv);

#endif /* SCM_THREADS_H */
