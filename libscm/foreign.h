/* foreign.h -- foreign objects (C data wrapped in Scheme values, in
   Guile's style) and pointer objects
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_FOREIGN_H
#define SCM_FOREIGN_H

#include <stddef.h>
#include <libscm/scm.h>

/* ------------------------------------------------------------------ */
/* Foreign object types.  A type has a name, a list of slot names (one
   per slot, each slot a machine word) and an optional finalizer, which
   runs once, at a safe point after the object has become unreachable
   (never inside the collector or a signal handler): it may allocate,
   call Scheme and raise (a raise is reported on stderr and dropped).  */

typedef void (*scm_t_struct_finalize) (SCM obj);

/* Return a new foreign object type named NAME (a symbol) with one slot
   per element of SLOT_NAMES (a list of symbols), and FINALIZER (or
   NULL).  Raises wrong-type-arg on a bad NAME or SLOT_NAMES.  */
SCM_API SCM scm_make_foreign_object_type (SCM name, SCM slot_names,
                                          scm_t_struct_finalize finalizer);

/* Return a new object of foreign object type TYPE whose first slots
   hold the given words and whose other slots are 0.  Raise
   wrong-type-arg if TYPE is not a foreign object type, out-of-range if
   it has fewer slots than values given.  */
SCM_API SCM scm_make_foreign_object_0 (SCM type);
SCM_API SCM scm_make_foreign_object_1 (SCM type, void *val0);
SCM_API SCM scm_make_foreign_object_2 (SCM type, void *val0, void *val1);
SCM_API SCM scm_make_foreign_object_3 (SCM type, void *val0, void *val1,
                                       void *val2);
SCM_API SCM scm_make_foreign_object_n (SCM type, size_t n, void *vals[]);

/* Slot N of foreign object OBJ, as a pointer, an unsigned or a signed
   word.  Raise wrong-type-arg if OBJ is not a foreign object and
   out-of-range if N is not one of its slots.  A slot holding a pointer
   to GC-allocated memory keeps that memory alive.  */
SCM_API void *scm_foreign_object_ref (SCM obj, size_t n);
SCM_API void scm_foreign_object_set_x (SCM obj, size_t n, void *val);
SCM_API scm_t_bits scm_foreign_object_unsigned_ref (SCM obj, size_t n);
SCM_API void scm_foreign_object_unsigned_set_x (SCM obj, size_t n,
                                                scm_t_bits val);
SCM_API scm_t_signed_bits scm_foreign_object_signed_ref (SCM obj, size_t n);
SCM_API void scm_foreign_object_signed_set_x (SCM obj, size_t n,
                                              scm_t_signed_bits val);

/* Raise wrong-type-arg unless VAL is an object of foreign type TYPE.
   Guile's signature, so the error names no procedure and no position
   ("wrong type argument (expected NAME): VAL"); primitives use the
   next function, or SCM_VALIDATE_FOREIGN_OBJECT (validate.h).  */
SCM_API void scm_assert_foreign_object_type (SCM type, SCM val);
/* The same, naming WHO and argument position POS in the error:
   "WHO: wrong type argument in position POS (expected NAME): VAL".  */
SCM_API void scm_c_assert_foreign_object_type (SCM type, SCM val, int pos,
                                               const char *who);

/* Nonzero if X is a foreign object type / a foreign object / an object
   of foreign type TYPE.  Raise no error.  */
SCM_API int scm_is_foreign_object_type (SCM x);
SCM_API int scm_is_foreign_object (SCM x);
SCM_API int scm_is_foreign_object_of_type (SCM type, SCM x);
/* The type of foreign object OBJ (checked), and a type's name.  */
SCM_API SCM scm_foreign_object_type_of (SCM obj);
SCM_API SCM scm_foreign_object_type_name (SCM type);

/* How `write' and `display' show objects of a type: PRINTER returns a
   string (the text to emit; WRITE_P is nonzero for `write') or any
   other value for the default #<NAME 0x...>.  It may raise; the
   printing then raises.  */
typedef SCM (*scm_t_foreign_printer) (SCM obj, int write_p);
SCM_API void scm_set_foreign_object_printer (SCM type,
                                             scm_t_foreign_printer printer);
/* What `equal?' means for two objects of a type (eq? objects are always
   equal): EQUAL returns nonzero if they are.  Without one, equal? is
   eq?.  EQUAL must not raise or call Scheme code.  */
typedef int (*scm_t_foreign_equal) (SCM a, SCM b);
SCM_API void scm_set_foreign_object_equal (SCM type,
                                           scm_t_foreign_equal equal);
/* The hash that `equal?'-based hash tables (hash, equal-hash) use for
   objects of a type with an EQUAL hook: objects EQUAL says are equal
   must get the same hash.  Without one, such objects hash by their type
   alone (right, but slow for many of them in one table).  HASH must not
   raise or call Scheme code.  */
typedef unsigned long (*scm_t_foreign_hash) (SCM obj);
SCM_API void scm_set_foreign_object_hash (SCM type, scm_t_foreign_hash hash);

/* ------------------------------------------------------------------ */
/* Pointer objects: a C address in a Scheme value (Guile's
   scm_from_pointer).  Two pointers are equal? if their addresses are
   the same.  */

typedef void (*scm_t_pointer_finalizer) (void *ptr);

/* A new pointer object holding PTR.  FINALIZER, if not NULL, is called
   with PTR once the object has become unreachable, at a safe point.  */
SCM_API SCM scm_from_pointer (void *ptr, scm_t_pointer_finalizer finalizer);
/* The address in pointer object P.  Raises wrong-type-arg otherwise.  */
SCM_API void *scm_to_pointer (SCM p);
SCM_API int scm_is_pointer (SCM x);

SCM_API SCM scm_pointer_p (SCM obj);
SCM_API SCM scm_pointer_address (SCM p);
/* FINALIZER: SCM_UNDEFINED, or a pointer to a C void f (void *).  */
SCM_API SCM scm_make_pointer (SCM address, SCM finalizer);
SCM_API SCM scm_null_pointer_p (SCM p);

#endif /* SCM_FOREIGN_H */
