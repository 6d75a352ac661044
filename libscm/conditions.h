/* conditions.h -- error objects and the procedures that raise them
   SPDX-License-Identifier: LGPL-3.0-or-later

   An error object (a "condition") has a kind (a symbol: error,
   read-error, file-error, wrong-type-arg, out-of-range, out-of-memory,
   ...), the name of the procedure that raised it (a symbol, or #f), a
   message string and a list of irritants.  Its text is
   "WHO: MESSAGE: IRRITANT ...", irritants printed with `write'.  */

#ifndef SCM_CONDITIONS_H
#define SCM_CONDITIONS_H

#include <libscm/scm.h>

SCM_API SCM scm_make_condition (SCM kind, SCM who, SCM message,
                                SCM irritants);
SCM_API int scm_is_condition (SCM obj);
SCM_API SCM scm_condition_kind (SCM cond);
SCM_API SCM scm_condition_who (SCM cond);
SCM_API SCM scm_error_object_p (SCM obj);
SCM_API SCM scm_error_object_message (SCM cond);
SCM_API SCM scm_error_object_irritants (SCM cond);
SCM_API SCM scm_read_error_p (SCM obj);
SCM_API SCM scm_file_error_p (SCM obj);
/* The whole text of a raised object, as a Scheme string: for a
   condition "WHO: MESSAGE: IRRITANTS", for anything else its `write'
   form.  */
SCM_API SCM scm_condition_text (SCM obj);
/* The same as a NUL-terminated UTF-8 C string from malloc, which the
   caller frees.  Raises out-of-memory if malloc fails.  */
SCM_API char *scm_c_condition_text (SCM obj);

/* Raise a condition of KIND (a C string naming a symbol) from WHO (a C
   string or NULL) with MESSAGE (UTF-8) and IRRITANTS.  */
SCM_API void scm_c_raise_error (const char *kind, const char *who,
                                const char *message, SCM irritants)
  SCM_NORETURN;
/* The same with a printf-style message and no irritants.  */
SCM_API void scm_c_raise_errorf (const char *kind, const char *who,
                                 const char *fmt, ...)
  SCM_NORETURN __attribute__ ((format (printf, 3, 4)));

/* The argument errors, with Guile's names and signatures.  Each
   raises a condition naming WHO (the procedure, a C string or NULL)
   whose irritant is the bad VALUE.  A position POS of 0 means the
   caller does not know it.
   scm_wrong_type_arg: "wrong type argument in position POS";
   scm_wrong_type_arg_msg: "wrong type argument in position POS
   (expected EXPECTED)";
   scm_out_of_range: "argument out of range";
   scm_out_of_range_pos: "argument out of range in position POS", POS
   an exact integer (or #f: no position).  */
SCM_API void scm_wrong_type_arg (const char *who, int pos, SCM value)
  SCM_NORETURN;
SCM_API void scm_wrong_type_arg_msg (const char *who, int pos, SCM value,
                                     const char *expected) SCM_NORETURN;
SCM_API void scm_out_of_range (const char *who, SCM value) SCM_NORETURN;
SCM_API void scm_out_of_range_pos (const char *who, SCM value, SCM pos)
  SCM_NORETURN;
/* "wrong number of arguments": the procedure.  */
SCM_API void scm_wrong_num_args (SCM proc) SCM_NORETURN;
/* "cannot allocate N bytes".  */
SCM_API void scm_out_of_memory (const char *who, size_t bytes) SCM_NORETURN;
/* A file error from errno ERR about FILENAME.  */
SCM_API void scm_file_error (const char *who, const char *filename, int err)
  SCM_NORETURN;

/* Guile's: raise a condition of kind system-error from SUBR, for the
   error number ENO (scm_syserror: errno) whose message is MESSAGE (or,
   if NULL, strerror (ENO)), with the irritants ARGS (a list: the file
   name, say) and REST the list (ENO), which system-error-errno reads
   and a catch handler gets as its last argument.  */
SCM_API void scm_syserror (const char *subr) SCM_NORETURN;
SCM_API void scm_syserror_msg (const char *subr, const char *message,
                               SCM args, int eno) SCM_NORETURN;
/* A condition's REST: what Guile's catch passes as the last argument
   of (SUBR MESSAGE ARGS REST): (ERRNO) for a system-error or a file
   error from the system, else #f (also for a non-condition).  */
SCM_API SCM scm_condition_rest (SCM cond);

/* Raise a wrong-type-arg error unless COND holds.  */
#define SCM_ASSERT_TYPE(cond, value, pos, who, expected)		\
  do {									\
    if (SCM_UNLIKELY (!(cond)))						\
      scm_wrong_type_arg_msg ((who), (pos), (value), (expected));		\
  } while (0)

/* R7RS (error MESSAGE IRRITANT ...), IRRITANTS a list.  */
SCM_API SCM scm_r7rs_error (SCM message, SCM irritants) SCM_NORETURN;

/* Guile's error procedures: raise a condition of kind KEY (a symbol)
   from SUBR (a C string, a symbol or string for scm_error_scm, or
   NULL / #f) with MESSAGE and the irritants ARGS (a list, or #f for
   none).  Unlike Guile, ~A and ~S in MESSAGE are not replaced: the
   condition's text shows MESSAGE, then ARGS.  REST (Guile's extra
   data, such as an errno) is ignored.  scm_misc_error uses the key
   misc-error.  */
SCM_API void scm_error (SCM key, const char *subr, const char *message,
                        SCM args, SCM rest) SCM_NORETURN;
SCM_API SCM scm_error_scm (SCM key, SCM subr, SCM message, SCM args,
                           SCM rest) SCM_NORETURN;
SCM_API void scm_misc_error (const char *subr, const char *message,
                             SCM args) SCM_NORETURN;

#endif /* SCM_CONDITIONS_H */
