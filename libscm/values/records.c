/* records.c -- record types and records, for define-record-type
   SPDX-License-Identifier: LGPL-3.0-or-later

   A record type is an object of type code scm_tc8_record with the TYPE
   flag: header (payload = number of fields), name (a symbol), field
   names (a vector).  A record is header (payload = number of fields),
   its type, then the fields.  define-record-type (expand.c) makes the
   constructor, predicate, accessors and modifiers as Scheme procedures
   that call the primitives here, which check the type and name the
   accessor in their errors.  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"
#include "values/strings-internal.h"
#include "values/records-internal.h"
#include "runtime/root-alist-internal.h"

#include <libscm/subrs.h>

#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/records.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>

#define RECORD_FLAG_TYPE SCM_I_RECORD_FLAG_TYPE

int
scm_is_record_type (SCM x)
{
  return scm_has_tc8 (x, scm_tc8_record) && (SCM_OBJ_FLAGS (x) & RECORD_FLAG_TYPE);
}

int
scm_is_record (SCM x)
{
  return scm_has_tc8 (x, scm_tc8_record) && !(SCM_OBJ_FLAGS (x) & RECORD_FLAG_TYPE);
}

SCM
scm_record_type_name (SCM rtd)
{
  SCM_ASSERT_TYPE (scm_is_record_type (rtd), rtd, 1, "record-type-name",
                   "record type");
  return SCM_CELL_OBJECT (rtd, 1);
}

SCM
scm_record_type_of (SCM record)
{
  return scm_is_record (record) ? SCM_CELL_OBJECT (record, 1) : SCM_BOOL_F;
}

SCM_DEFINE (scm_make_record_type, "%make-record-type", 2, 0, 0,
            (SCM name, SCM fields),
            "Return a new record type named @var{name} (a symbol) whose "
            "fields are named by the symbols of vector @var{fields}.")
{
  SCM_ASSERT_TYPE (scm_is_symbol (name), name, 1, "%make-record-type",
                   "symbol");
  SCM_ASSERT_TYPE (scm_is_vector (fields), fields, 2, "%make-record-type",
                   "vector");
  SCM rtd = scm_i_make_object
    (SCM_MAKE_HEADER (scm_tc8_record, RECORD_FLAG_TYPE,
                      SCM_VECTOR_LENGTH (fields)), 3);
  SCM_SET_CELL_OBJECT (rtd, 1, name);
  SCM_SET_CELL_OBJECT (rtd, 2, fields);
  return rtd;
}

/* A new record of type RTD with room for its fields, which the caller
   fills in; raises an error unless N is RTD's number of fields.  */
static SCM
new_record (SCM rtd, size_t n, int position)
{
  SCM_ASSERT_TYPE (scm_is_record_type (rtd), rtd, position, "%make-record",
                   "record type");
  if (n != SCM_OBJ_PAYLOAD (rtd))
    scm_c_raise_errorf ("wrong-number-of-args", "%make-record",
                        "a record of this type has %zu fields, not %zu",
                        (size_t) SCM_OBJ_PAYLOAD (rtd), n);
  SCM r = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_record, 0, n), 2 + n);
  SCM_SET_CELL_OBJECT (r, 1, rtd);
  return r;
}

SCM
scm_make_record (SCM rtd, SCM values)
{
  long n = scm_c_list_length (values);
  if (n < 0)
    scm_wrong_type_arg_msg ("scm_make_record", 2, values, "proper list");
  SCM r = new_record (rtd, (size_t) n, 1);
  for (long i = 0; i < n; i++, values = SCM_CDR (values))
    SCM_SET_CELL_OBJECT (r, 2 + i, SCM_CAR (values));
  return r;
}

/* The primitive behind every define-record-type constructor.  The first
   eight values come as optional arguments and only the others as a rest
   list, so that making a record of up to eight fields allocates the
   record and nothing else (a rest list is fresh pairs at every call).  */
SCM_DEFINE_STATIC (make_record_prim, "%make-record", 1, 8, 1,
                   (SCM rtd, SCM v0, SCM v1, SCM v2, SCM v3, SCM v4, SCM v5,
                    SCM v6, SCM v7, SCM more),
                   "Return a new record of type @var{rtd} whose fields hold "
                   "the other arguments, in order.")
{
  SCM first[8] = { v0, v1, v2, v3, v4, v5, v6, v7 };
  size_t given = 0;
  while (given < 8 && !SCM_UNBNDP (first[given]))
    given++;
  long extra = scm_c_list_length (more);
  SCM r = new_record (rtd, given + (size_t) extra, 1);
  for (size_t i = 0; i < given; i++)
    SCM_SET_CELL_OBJECT (r, 2 + i, first[i]);
  for (size_t i = given; scm_is_pair (more); i++, more = SCM_CDR (more))
    SCM_SET_CELL_OBJECT (r, 2 + i, SCM_CAR (more));
  return r;
}

SCM_DEFINE (scm_record_p, "%record?", 2, 0, 0, (SCM obj, SCM rtd),
            "Return @code{#t} if @var{obj} is a record of type @var{rtd}.")
{
  return scm_from_bool (scm_is_record (obj)
                        && scm_is_eq (SCM_CELL_OBJECT (obj, 1), rtd));
}

/* Check that OBJ is a record of type RTD and K a field index of it, for
   the accessor or modifier named WHO.  */
static size_t
check_field (SCM obj, SCM rtd, SCM k, SCM who)
{
  if (!scm_is_record (obj) || !scm_is_eq (SCM_CELL_OBJECT (obj, 1), rtd))
    {
      const char *name = scm_is_symbol (who)
        ? scm_i_to_utf8_stringn (scm_symbol_to_string (who), NULL)
        : "record accessor";
      const char *type = scm_is_record_type (rtd)
        ? scm_i_to_utf8_stringn (scm_symbol_to_string
                                 (SCM_CELL_OBJECT (rtd, 1)), NULL)
        : "record";
      scm_wrong_type_arg_msg (name, 1, obj, type);
    }
  if (!SCM_FIXNUM_P (k) || SCM_FIXNUM_VALUE (k) < 0
      || (size_t) SCM_FIXNUM_VALUE (k) >= SCM_OBJ_PAYLOAD (obj))
    scm_i_out_of_range ("%record-ref", 3, k);
  return (size_t) SCM_FIXNUM_VALUE (k);
}

SCM_DEFINE (scm_record_ref, "%record-ref", 4, 0, 0,
            (SCM obj, SCM rtd, SCM k, SCM who),
            "Return field @var{k} of @var{obj}, a record of type "
            "@var{rtd}; else raise an error naming @var{who}.")
{
  return SCM_CELL_OBJECT (obj, 2 + check_field (obj, rtd, k, who));
}

/* Three arguments, so that a call is a SUBR_CALL: the field access of
   (ice-9 match)'s ($ TYPE pattern ...), after %record? has checked
   the type.  */
SCM_DEFINE (scm_i_record_field, "%record-field", 3, 0, 0,
            (SCM obj, SCM rtd, SCM k),
            "Return field @var{k} of @var{obj}, a record of type @var{rtd}, "
            "for the @code{$} patterns of @code{(ice-9 match)}; a @var{k} "
            "past the last field is an error naming the type.")
{
  if (scm_is_record (obj) && SCM_FIXNUM_P (k) && SCM_FIXNUM_VALUE (k) >= 0
      && (size_t) SCM_FIXNUM_VALUE (k) >= SCM_OBJ_PAYLOAD (obj))
    scm_misc_error ("match", "a $ pattern has more fields than its record type",
                    scm_list_2 (scm_record_type_name (rtd),
                                scm_from_size_t (SCM_OBJ_PAYLOAD (obj))));
  return SCM_CELL_OBJECT (obj, 2 + check_field (obj, rtd, k, SCM_BOOL_F));
}

SCM_DEFINE (scm_record_set_x, "%record-set!", 5, 0, 0,
            (SCM obj, SCM rtd, SCM k, SCM value, SCM who),
            "Store @var{value} in field @var{k} of @var{obj}, a record of "
            "type @var{rtd}; else raise an error naming @var{who}.")
{
  SCM_SET_CELL_OBJECT (obj, 2 + check_field (obj, rtd, k, who), value);
  return SCM_UNSPECIFIED;
}

/* ------------------------------------------------------------------ */
/* Printers, beside the types: record types of the prelude's image are
   read-only, so a type cannot hold its printer.  */

static struct scm_i_root_alist printers = SCM_I_ROOT_ALIST_INITIALIZER;

SCM_DEFINE (scm_set_record_type_printer_x, "set-record-type-printer!", 2, 0, 0,
            (SCM rtd, SCM proc),
            "Make @code{write} and @code{display} print the records of type "
            "@var{rtd} by calling @code{(@var{proc} @var{record} "
            "@var{port})}, as Guile's @code{set-record-type-printer!} does; "
            "@var{proc} @code{#f} restores the default, "
            "@code{#<@var{type} @var{field}: @var{value} @dots{}>}.")
{
  SCM_ASSERT_TYPE (scm_is_record_type (rtd), rtd, 1,
                   "set-record-type-printer!", "record type");
  SCM_ASSERT_TYPE (scm_is_false (proc)
                   || scm_is_true (scm_procedure_p (proc)), proc, 2,
                   "set-record-type-printer!", "procedure or #f");
  scm_i_root_alist_set (&printers, rtd, proc);
  return SCM_UNSPECIFIED;
}

SCM
scm_i_record_type_printer (SCM rtd)
{
  return scm_i_root_alist_ref (&printers, rtd);
}

SCM
scm_i_record_type_fields (SCM rtd)
{
  return SCM_CELL_OBJECT (rtd, 2);
}

void
scm_init_records (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "values/records.x"
#endif
}
