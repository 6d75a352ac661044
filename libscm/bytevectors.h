/* bytevectors.h -- bytevectors: a header holding the length, then the
   bytes, in one block the collector never scans
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_BYTEVECTORS_H
#define SCM_BYTEVECTORS_H

#include <stdint.h>
#include <libscm/scm.h>

static inline int
scm_is_bytevector (SCM x)
{
  return scm_has_tc8 (x, scm_tc8_bytevector);
}

/* The length of bytevector BV, and its bytes, unchecked.  */
#define SCM_BYTEVECTOR_LENGTH(bv) ((size_t) SCM_HEADER_PAYLOAD (SCM_HEADER (bv)))
#define SCM_BYTEVECTOR_CONTENTS(bv) ((uint8_t *) (SCM_UNPACK_POINTER (bv) + 1))

/* The header flag of a literal constant's bytevector, which the
   mutators refuse.  */
#define SCM_BYTEVECTOR_FLAG_IMMUTABLE 0x01

/* A new bytevector of LEN bytes, not initialised.  Raises out-of-memory
   for an impossible length.  */
SCM_API SCM scm_c_make_bytevector (size_t len);
/* A new bytevector holding a copy of the LEN bytes at DATA.  */
SCM_API SCM scm_c_bytevector_from_bytes (const void *data, size_t len);
SCM_API size_t scm_c_bytevector_length (SCM bv);
SCM_API uint8_t scm_c_bytevector_ref (SCM bv, size_t k);
SCM_API void scm_c_bytevector_set_x (SCM bv, size_t k, uint8_t byte);

SCM_API SCM scm_bytevector_p (SCM obj);
SCM_API SCM scm_make_bytevector (SCM len, SCM fill);
SCM_API SCM scm_bytevector (SCM bytes);
SCM_API SCM scm_bytevector_length (SCM bv);
SCM_API SCM scm_bytevector_u8_ref (SCM bv, SCM k);
SCM_API SCM scm_bytevector_u8_set_x (SCM bv, SCM k, SCM byte);
SCM_API SCM scm_bytevector_copy (SCM bv, SCM start, SCM end);
SCM_API SCM scm_bytevector_copy_x (SCM to, SCM at, SCM from, SCM start,
                                   SCM end);
SCM_API SCM scm_bytevector_append (SCM bvs);
SCM_API SCM scm_utf8_to_string (SCM bv, SCM start, SCM end);
SCM_API SCM scm_string_to_utf8 (SCM str, SCM start, SCM end);

/* Guile's (rnrs bytevectors) procedures; the sized integer and IEEE
   accessors are Scheme procedures only.  */
SCM_API SCM scm_native_endianness (void);
SCM_API SCM scm_bytevector_s8_ref (SCM bv, SCM k);
SCM_API SCM scm_bytevector_s8_set_x (SCM bv, SCM k, SCM value);
SCM_API SCM scm_bytevector_fill_x (SCM bv, SCM fill, SCM start, SCM end);
SCM_API SCM scm_bytevector_eq_p (SCM a, SCM b);
SCM_API SCM scm_bytevector_to_u8_list (SCM bv);
SCM_API SCM scm_u8_list_to_bytevector (SCM list);
/* Integers of SIZE bytes (R6RS): E is big or little; a value past the
   fixnum range raises the implementation restriction.  */
SCM_API SCM scm_bytevector_uint_ref (SCM bv, SCM k, SCM e, SCM size);
SCM_API SCM scm_bytevector_sint_ref (SCM bv, SCM k, SCM e, SCM size);
SCM_API SCM scm_bytevector_uint_set_x (SCM bv, SCM k, SCM n, SCM e, SCM size);
SCM_API SCM scm_bytevector_sint_set_x (SCM bv, SCM k, SCM n, SCM e, SCM size);

#endif /* SCM_BYTEVECTORS_H */
