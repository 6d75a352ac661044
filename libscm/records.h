/* records.h -- record types and records (define-record-type)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_RECORDS_H
#define SCM_RECORDS_H

#include <libscm/scm.h>

/* Nonzero if X is a record type, or a record.  Raise no error.  */
SCM_API int scm_is_record_type (SCM x);
SCM_API int scm_is_record (SCM x);
/* The name (a symbol) of record type RTD.  */
SCM_API SCM scm_record_type_name (SCM rtd);
/* The type of RECORD, or #f if it is not a record.  */
SCM_API SCM scm_record_type_of (SCM record);

/* The primitives that define-record-type's procedures call.  */
SCM_API SCM scm_make_record_type (SCM name, SCM fields);
/* A record of type RTD whose fields hold the list VALUES.  */
SCM_API SCM scm_make_record (SCM rtd, SCM values);
SCM_API SCM scm_record_p (SCM obj, SCM rtd);
SCM_API SCM scm_record_ref (SCM obj, SCM rtd, SCM k, SCM who);
SCM_API SCM scm_record_set_x (SCM obj, SCM rtd, SCM k, SCM value, SCM who);

#endif /* SCM_RECORDS_H */
