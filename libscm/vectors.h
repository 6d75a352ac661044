/* vectors.h -- vectors: header (length in the payload) and elements
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_VECTORS_H
#define SCM_VECTORS_H

#include <libscm/scm.h>

static inline int scm_is_vector (SCM x) { return scm_has_tc8 (x, scm_tc8_vector); }

SCM_API SCM scm_c_make_vector (size_t k, SCM fill);
SCM_API size_t scm_c_vector_length (SCM vec);
SCM_API SCM scm_c_vector_ref (SCM vec, size_t k);
SCM_API void scm_c_vector_set_x (SCM vec, size_t k, SCM obj);
SCM_API SCM scm_vector_p (SCM obj);
SCM_API SCM scm_make_vector (SCM k, SCM fill);
SCM_API SCM scm_vector (SCM objs);
SCM_API SCM scm_vector_length (SCM vec);
SCM_API SCM scm_vector_ref (SCM vec, SCM k);
SCM_API SCM scm_vector_set_x (SCM vec, SCM k, SCM obj);
SCM_API SCM scm_vector_to_list (SCM vec, SCM start, SCM end);
SCM_API SCM scm_list_to_vector (SCM list);
SCM_API SCM scm_vector_fill_x (SCM vec, SCM fill, SCM start, SCM end);
SCM_API SCM scm_vector_copy (SCM vec, SCM start, SCM end);
SCM_API SCM scm_vector_copy_x (SCM to, SCM at, SCM from, SCM start,
                               SCM end);
SCM_API SCM scm_vector_append (SCM vecs);

/* Element K of vector V, unchecked.  */
#define SCM_VECTOR_LENGTH(v) ((size_t) SCM_HEADER_PAYLOAD (SCM_HEADER (v)))
#define SCM_VECTOR_REF(v, k) SCM_CELL_OBJECT (v, (k) + 1)
#define SCM_VECTOR_SET(v, k, o) SCM_SET_CELL_OBJECT (v, (k) + 1, o)

/* The header flag of a literal constant's vector, which vector-set!
   and the other mutators refuse.  */
#define SCM_VECTOR_FLAG_IMMUTABLE 0x01

#endif /* SCM_VECTORS_H */
