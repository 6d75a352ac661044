/* test-bytevectors.c -- the C API of bytevectors: making, copying in,
   reading and writing bytes, errors, and the atomic storage
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <stdio.h>
#include <string.h>
#include <gc/gc.h>
#include <gc/gc_mark.h>
#include <gc/gc_inline.h>
#include <libscm.h>
#include "tap.h"
#include "calls.h"

static SCM
set_past_end (void *bv)
{
  scm_c_bytevector_set_x (*(SCM *) bv, 5, 1);
  return SCM_UNSPECIFIED;
}

static SCM
ref_of_vector (void *unused)
{
  (void) unused;
  return SCM_MAKE_FIXNUM (scm_c_bytevector_ref (scm_c_make_vector (1, SCM_BOOL_F), 0));
}

static SCM
impossible_length (void *unused)
{
  (void) unused;
  return scm_c_make_bytevector ((size_t) -1);
}

static SCM
set_literal (void *unused)
{
  (void) unused;
  SCM bv = scm_c_eval_string ("(lambda () #u8(1 2))");
  scm_c_bytevector_set_x (scm_call_0 (bv), 0, 9);
  return SCM_UNSPECIFIED;
}

int
main (void)
{
  scm_init ();

  static const unsigned char bytes[] = { 0, 1, 127, 128, 255 };
  SCM bv = scm_c_bytevector_from_bytes (bytes, sizeof bytes);
  ok (scm_is_bytevector (bv) && scm_c_bytevector_length (bv) == 5,
      "scm_c_bytevector_from_bytes: a bytevector of the length");
  ok (memcmp (SCM_BYTEVECTOR_CONTENTS (bv), bytes, 5) == 0,
      "... holding a copy of the bytes");
  ok (SCM_BYTEVECTOR_CONTENTS (bv) != bytes, "... not the caller's memory");
  ok (scm_c_bytevector_ref (bv, 4) == 255, "scm_c_bytevector_ref");
  scm_c_bytevector_set_x (bv, 0, 42);
  ok (scm_c_bytevector_ref (bv, 0) == 42, "scm_c_bytevector_set_x");
  ok (is_string (scm_object_to_string (bv, SCM_UNDEFINED), "#u8(42 1 127 128 255)"),
      "it prints as #u8(...)");
  ok (scm_is_true (scm_equal_p (bv, scm_c_eval_string ("#u8(42 1 127 128 255)"))),
      "equal? to the same bytes read");
  SCM big = scm_c_make_bytevector (100000);
  ok (GC_base (SCM_UNPACK_POINTER (big)) == SCM_UNPACK_POINTER (big)
      && GC_get_kind_and_size (SCM_UNPACK_POINTER (big), NULL) == GC_I_PTRFREE,
      "one block that the collector never scans (pointer-free)");

  SCM part = call ("bytevector-copy",
                   LIST (bv, SCM_MAKE_FIXNUM (1), SCM_MAKE_FIXNUM (3)));
  ok (is_string (scm_object_to_string (part, SCM_UNDEFINED), "#u8(1 127)"),
      "bytevector-copy with a range, called as Scheme would");

  SCM empty = scm_c_make_bytevector (0);
  ok (scm_c_bytevector_length (empty) == 0, "a bytevector of length 0");

  try_c (set_past_end, &bv);
  ok (raised, "scm_c_bytevector_set_x past the end raises");
  SCM r = try_c (ref_of_vector, NULL);
  ok (raised && strstr (scm_c_condition_text (r), "expected bytevector") != NULL,
      "scm_c_bytevector_ref of a vector raises a wrong-type error");
  r = try_c (impossible_length, NULL);
  ok (raised && strstr (scm_c_condition_text (r), "impossible bytevector "
                        "length") != NULL,
      "an impossible length raises, it does not abort");
  r = try_c (set_literal, NULL);
  ok (raised && strstr (scm_c_condition_text (r), "literal constant") != NULL,
      "a literal bytevector cannot be changed from C either");
  return tap_done ();
}
