/* foreign.c -- foreign object types, foreign objects and pointers
   SPDX-License-Identifier: LGPL-3.0-or-later

   All three share the type code scm_tc8_foreign and differ by a header
   flag, as record types and records do.  They are not records: a
   record's fields are Scheme values that define-record-type's accessors
   read and write, while a foreign object's slots are raw machine words
   (pointers into C memory, counters) that Scheme code must not see or
   forge, and a type carries C hooks (finalizer, printer, equal?) that a
   record type has no room for.

     type:    header (TYPE flag, payload = number of slots), name (a
              symbol), slot names (a list), finalizer, printer, equal,
              hash (C function pointers, 0 if none)
     object:  header (payload = number of slots), type, slots...
     pointer: header (POINTER flag), address, finalizer (0 if none)

   All three are scanned by the collector (conservatively, as every heap
   object is), so a slot or address that points at GC memory keeps it
   alive.  Finalizers are registered with finalizers.c, which runs them
   at safe points.  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"
#include "values/strings-internal.h"
#include "gc/finalizers-internal.h"
#include "values/foreign-internal.h"

#include <libscm/conditions.h>
#include <libscm/foreign.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>

#define FOREIGN_FLAG_TYPE 0x01
#define FOREIGN_FLAG_POINTER 0x02

enum
{
  TYPE_NAME = 1, TYPE_SLOTS, TYPE_FINALIZER, TYPE_PRINTER, TYPE_EQUAL,
  TYPE_HASH, TYPE_WORDS
};

static inline int
foreign_kind (SCM x, unsigned flags)
{
  return scm_has_tc8 (x, scm_tc8_foreign) && SCM_OBJ_FLAGS (x) == flags;
}

int
scm_is_foreign_object_type (SCM x)
{
  return foreign_kind (x, FOREIGN_FLAG_TYPE);
}

int
scm_is_foreign_object (SCM x)
{
  return foreign_kind (x, 0);
}

int
scm_is_foreign_object_of_type (SCM type, SCM x)
{
  return scm_is_foreign_object (x) && scm_is_eq (SCM_CELL_OBJECT (x, 1), type);
}

int
scm_is_pointer (SCM x)
{
  return foreign_kind (x, FOREIGN_FLAG_POINTER);
}

/* ------------------------------------------------------------------ */
/* Types.  */

SCM
scm_make_foreign_object_type (SCM name, SCM slot_names,
                              scm_t_struct_finalize finalizer)
{
  static const char who[] = "scm_make_foreign_object_type";
  SCM_ASSERT_TYPE (scm_is_symbol (name), name, 1, who, "symbol");
  long n = scm_c_list_length (slot_names);
  SCM_ASSERT_TYPE (n >= 0, slot_names, 2, who, "list of symbols");
  for (SCM l = slot_names; scm_is_pair (l); l = SCM_CDR (l))
    SCM_ASSERT_TYPE (scm_is_symbol (SCM_CAR (l)), slot_names, 2, who,
                     "list of symbols");
  SCM type = scm_i_make_object
    (SCM_MAKE_HEADER (scm_tc8_foreign, FOREIGN_FLAG_TYPE, n), TYPE_WORDS);
  SCM_SET_CELL_OBJECT (type, TYPE_NAME, name);
  SCM_SET_CELL_OBJECT (type, TYPE_SLOTS, slot_names);
  SCM_SET_CELL_WORD (type, TYPE_FINALIZER, (scm_t_bits) finalizer);
  return type;
}

static void
check_type (SCM type, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_foreign_object_type (type), type, 1, who,
                   "foreign object type");
}

SCM
scm_foreign_object_type_name (SCM type)
{
  check_type (type, "scm_foreign_object_type_name");
  return SCM_CELL_OBJECT (type, TYPE_NAME);
}

void
scm_set_foreign_object_printer (SCM type, scm_t_foreign_printer printer)
{
  check_type (type, "scm_set_foreign_object_printer");
  SCM_SET_CELL_WORD (type, TYPE_PRINTER, (scm_t_bits) printer);
}

void
scm_set_foreign_object_equal (SCM type, scm_t_foreign_equal equal)
{
  check_type (type, "scm_set_foreign_object_equal");
  SCM_SET_CELL_WORD (type, TYPE_EQUAL, (scm_t_bits) equal);
}

void
scm_set_foreign_object_hash (SCM type, scm_t_foreign_hash hash)
{
  check_type (type, "scm_set_foreign_object_hash");
  SCM_SET_CELL_WORD (type, TYPE_HASH, (scm_t_bits) hash);
}

/* ------------------------------------------------------------------ */
/* Objects.  */

/* The libgc finalizer of a foreign object, run by finalizers.c at a
   safe point: the type's finalizer, with the object.  */
static void
finalize_foreign_object (void *base, void *unused)
{
  (void) unused;
  SCM obj = SCM_PACK_POINTER (base);
  SCM type = SCM_CELL_OBJECT (obj, 1);
  scm_t_struct_finalize fn
    = (scm_t_struct_finalize) SCM_CELL_WORD (type, TYPE_FINALIZER);
  fn (obj);
}

SCM
scm_make_foreign_object_n (SCM type, size_t n, void *vals[])
{
  static const char who[] = "scm_make_foreign_object_n";
  check_type (type, who);
  size_t slots = SCM_OBJ_PAYLOAD (type);
  if (n > slots)
    scm_i_out_of_range (who, 2, scm_from_size_t (n));
  SCM obj = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_foreign, 0, slots),
                               2 + slots);
  SCM_SET_CELL_OBJECT (obj, 1, type);
  for (size_t i = 0; i < n; i++)
    SCM_SET_CELL_WORD (obj, 2 + i, (scm_t_bits) vals[i]);
  if (SCM_CELL_WORD (type, TYPE_FINALIZER) != 0)
    scm_i_register_finalizer (obj, finalize_foreign_object, NULL);
  return obj;
}

SCM
scm_make_foreign_object_0 (SCM type)
{
  return scm_make_foreign_object_n (type, 0, NULL);
}

SCM
scm_make_foreign_object_1 (SCM type, void *val0)
{
  void *vals[1] = { val0 };
  return scm_make_foreign_object_n (type, 1, vals);
}

SCM
scm_make_foreign_object_2 (SCM type, void *val0, void *val1)
{
  void *vals[2] = { val0, val1 };
  return scm_make_foreign_object_n (type, 2, vals);
}

SCM
scm_make_foreign_object_3 (SCM type, void *val0, void *val1, void *val2)
{
  void *vals[3] = { val0, val1, val2 };
  return scm_make_foreign_object_n (type, 3, vals);
}

void
scm_c_assert_foreign_object_type (SCM type, SCM val, int pos, const char *who)
{
  if (SCM_LIKELY (scm_is_foreign_object_of_type (type, val)))
    return;
  const char *name = scm_is_foreign_object_type (type)
    ? scm_i_to_utf8_stringn (scm_symbol_to_string
                             (SCM_CELL_OBJECT (type, TYPE_NAME)), NULL)
    : "foreign object";
  scm_wrong_type_arg_msg (who, pos, val, name);
}

void
scm_assert_foreign_object_type (SCM type, SCM val)
{
  scm_c_assert_foreign_object_type (type, val, 0, NULL);
}

SCM
scm_foreign_object_type_of (SCM obj)
{
  SCM_ASSERT_TYPE (scm_is_foreign_object (obj), obj, 1,
                   "scm_foreign_object_type_of", "foreign object");
  return SCM_CELL_OBJECT (obj, 1);
}

/* The address of slot N of OBJ, checked, for the accessor WHO.  */
static scm_t_bits *
slot (SCM obj, size_t n, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_foreign_object (obj), obj, 1, who,
                   "foreign object");
  if (n >= SCM_OBJ_PAYLOAD (obj))
    scm_i_out_of_range (who, 2, scm_from_size_t (n));
  return &SCM_UNPACK_POINTER (obj)[2 + n];
}

void *
scm_foreign_object_ref (SCM obj, size_t n)
{
  return (void *) *slot (obj, n, "scm_foreign_object_ref");
}

void
scm_foreign_object_set_x (SCM obj, size_t n, void *val)
{
  *slot (obj, n, "scm_foreign_object_set_x") = (scm_t_bits) val;
}

scm_t_bits
scm_foreign_object_unsigned_ref (SCM obj, size_t n)
{
  return *slot (obj, n, "scm_foreign_object_unsigned_ref");
}

void
scm_foreign_object_unsigned_set_x (SCM obj, size_t n, scm_t_bits val)
{
  *slot (obj, n, "scm_foreign_object_unsigned_set_x") = val;
}

scm_t_signed_bits
scm_foreign_object_signed_ref (SCM obj, size_t n)
{
  return (scm_t_signed_bits) *slot (obj, n, "scm_foreign_object_signed_ref");
}

void
scm_foreign_object_signed_set_x (SCM obj, size_t n, scm_t_signed_bits val)
{
  *slot (obj, n, "scm_foreign_object_signed_set_x") = (scm_t_bits) val;
}

/* ------------------------------------------------------------------ */
/* Pointers.  */

static void
finalize_pointer (void *base, void *unused)
{
  (void) unused;
  SCM p = SCM_PACK_POINTER (base);
  scm_t_pointer_finalizer fn = (scm_t_pointer_finalizer) SCM_CELL_WORD (p, 2);
  fn ((void *) SCM_CELL_WORD (p, 1));
}

SCM
scm_from_pointer (void *ptr, scm_t_pointer_finalizer finalizer)
{
  SCM p = scm_i_make_object
    (SCM_MAKE_HEADER (scm_tc8_foreign, FOREIGN_FLAG_POINTER, 0), 3);
  SCM_SET_CELL_WORD (p, 1, (scm_t_bits) ptr);
  SCM_SET_CELL_WORD (p, 2, (scm_t_bits) finalizer);
  if (finalizer != NULL)
    scm_i_register_finalizer (p, finalize_pointer, NULL);
  return p;
}

void *
scm_to_pointer (SCM p)
{
  SCM_ASSERT_TYPE (scm_is_pointer (p), p, 1, "scm_to_pointer", "pointer");
  return (void *) SCM_CELL_WORD (p, 1);
}

SCM_DEFINE (scm_pointer_p, "pointer?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a pointer object (a C "
            "address), else @code{#f}.")
{
  return scm_from_bool (scm_is_pointer (obj));
}

SCM_DEFINE (scm_pointer_address, "pointer-address", 1, 0, 0, (SCM p),
            "Return the address held by pointer object @var{p}, as an "
            "exact non-negative integer.")
{
  SCM_ASSERT_TYPE (scm_is_pointer (p), p, 1, "pointer-address", "pointer");
  return scm_from_uint64 ((uint64_t) SCM_CELL_WORD (p, 1));
}

SCM_DEFINE (scm_make_pointer, "make-pointer", 1, 1, 0,
            (SCM address, SCM finalizer),
            "Return a new pointer object holding @var{address}, an exact "
            "integer between 0 and the largest address.  Nothing in "
            "Scheme dereferences it: it is for passing back to C.  If "
            "@var{finalizer}, a pointer object holding the address of a C "
            "function @code{void f (void *)}, is given, that function is "
            "called with the address when the pointer object is collected "
            "(Guile's).")
{
  scm_t_pointer_finalizer fin = NULL;
  if (!SCM_UNBNDP (finalizer) && !scm_is_false (finalizer))
    {
      SCM_ASSERT_TYPE (scm_is_pointer (finalizer), finalizer, 2,
                       "make-pointer", "pointer");
      fin = (scm_t_pointer_finalizer) scm_to_pointer (finalizer);
    }
  return scm_from_pointer ((void *) (uintptr_t) scm_to_uint64 (address), fin);
}

SCM_DEFINE (scm_null_pointer_p, "null-pointer?", 1, 0, 0, (SCM p),
            "Return @code{#t} if pointer object @var{p} holds address 0.")
{
  SCM_ASSERT_TYPE (scm_is_pointer (p), p, 1, "null-pointer?", "pointer");
  return scm_from_bool (SCM_CELL_WORD (p, 1) == 0);
}

/* ------------------------------------------------------------------ */
/* The printer's and equal?'s hooks (foreign-internal.h).  */

SCM
scm_i_foreign_print (SCM x, int write_p)
{
  if (scm_is_foreign_object (x))
    {
      SCM type = SCM_CELL_OBJECT (x, 1);
      scm_t_foreign_printer fn
        = (scm_t_foreign_printer) SCM_CELL_WORD (type, TYPE_PRINTER);
      if (fn != NULL)
        {
          SCM s = fn (x, write_p);
          if (scm_is_string (s))
            return s;
        }
    }
  return SCM_BOOL_F;
}

SCM
scm_i_foreign_print_name (SCM x)
{
  if (scm_is_foreign_object_type (x))
    return SCM_CELL_OBJECT (x, TYPE_NAME);
  if (scm_is_foreign_object (x))
    return SCM_CELL_OBJECT (SCM_CELL_OBJECT (x, 1), TYPE_NAME);
  return SCM_BOOL_F;
}

int
scm_i_foreign_equal (SCM a, SCM b)
{
  if (scm_is_pointer (a))
    return scm_is_pointer (b) && SCM_CELL_WORD (a, 1) == SCM_CELL_WORD (b, 1);
  if (!scm_is_foreign_object (a) || !scm_is_foreign_object (b))
    return 0;
  SCM type = SCM_CELL_OBJECT (a, 1);
  if (!scm_is_eq (type, SCM_CELL_OBJECT (b, 1)))
    return 0;
  scm_t_foreign_equal fn
    = (scm_t_foreign_equal) SCM_CELL_WORD (type, TYPE_EQUAL);
  return fn != NULL && fn (a, b);
}

int
scm_i_foreign_hash (SCM x, uint64_t *h)
{
  if (scm_is_pointer (x))
    {
      *h = (uint64_t) SCM_CELL_WORD (x, 1);
      return 1;
    }
  if (!scm_is_foreign_object (x))
    return 0;
  SCM type = SCM_CELL_OBJECT (x, 1);
  scm_t_foreign_hash fn = (scm_t_foreign_hash) SCM_CELL_WORD (type, TYPE_HASH);
  if (fn != NULL)
    *h = fn (x);
  else if (SCM_CELL_WORD (type, TYPE_EQUAL) != 0)
    /* equal? may hold between two objects: their type is all the hash
       can go by.  */
    *h = (uint64_t) SCM_UNPACK (type);
  else
    return 0;
  return 1;
}

void
scm_init_foreign (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "values/foreign.x"
#endif
  scm_c_define ("%null-pointer", scm_from_pointer (NULL, NULL));
}
