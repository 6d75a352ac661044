/* records-internal.h -- what the printer needs of records
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_RECORDS_INTERNAL_H
#define SCM_RECORDS_INTERNAL_H

#include "runtime/scm-internal.h"

/* The procedure set-record-type-printer! gave record type RTD, or #f.  */
SCM_INTERNAL SCM scm_i_record_type_printer (SCM rtd);
/* The field names of record type RTD, a vector.  */
SCM_INTERNAL SCM scm_i_record_type_fields (SCM rtd);

#endif /* SCM_RECORDS_INTERNAL_H */
