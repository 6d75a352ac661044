/* environ.h -- the process's environment variables
   SPDX-License-Identifier: LGPL-3.0-or-later

   Names and values are decoded from UTF-8; a byte that is not valid
   UTF-8 becomes U+FFFD, so reading the environment never raises a
   decoding error.  */

#ifndef SCM_ENVIRON_H
#define SCM_ENVIRON_H

#include <libscm/scm.h>

/* The value of the variable NAME (a string), or #f if it is not set.  */
SCM_API SCM scm_get_environment_variable (SCM name);
/* An association list of every variable: (NAME . VALUE) strings, in the
   order of the environment.  */
SCM_API SCM scm_get_environment_variables (void);

/* Guile's: getenv (as get-environment-variable), setenv (VALUE #f
   unsets), unsetenv, and environ (ENV unbound: the list of
   "NAME=VALUE" strings; else set the whole environment to it).  */
SCM_API SCM scm_getenv (SCM name);
SCM_API SCM scm_setenv (SCM name, SCM value);
SCM_API SCM scm_unsetenv (SCM name);
SCM_API SCM scm_environ (SCM env);

#endif /* SCM_ENVIRON_H */
