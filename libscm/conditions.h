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
/* The same as a NUL-terminated UTF-8 C string on the GC heap.  */
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

/* "wrong type argument in position POS (expected EXPECTED)": VALUE;
   with POS 0, "wrong type argument (expected EXPECTED)".  */
SCM_API void scm_wrong_type_arg (const char *who, int pos, SCM value,
                                 const char *expected) SCM_NORETURN;
/* "argument out of range in position POS": VALUE.  */
SCM_API void scm_out_of_range (const char *who, int pos, SCM value)
  SCM_NORETURN;
/* "wrong number of arguments": the procedure.  */
SCM_API void scm_wrong_num_args (SCM proc) SCM_NORETURN;
/* "cannot allocate N bytes".  */
SCM_API void scm_out_of_memory (const char *who, size_t bytes) SCM_NORETURN;
/* A file error from errno ERR about FILENAME.  */
SCM_API void scm_file_error (const char *who, const char *filename, int err)
  SCM_NORETURN;

/* Raise a wrong-type-arg error unless COND holds.  */
#define SCM_ASSERT_TYPE(cond, value, pos, who, expected)		\
  do {									\
    if (SCM_UNLIKELY (!(cond)))						\
      scm_wrong_type_arg ((who), (pos), (value), (expected));		\
  } while (0)

SCM_API SCM scm_error_scm (SCM message, SCM irritants);

#endif /* SCM_CONDITIONS_H */
