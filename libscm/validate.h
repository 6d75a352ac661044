/* validate.h -- argument checks for primitives written in C, in the
   style of Guile's SCM_VALIDATE_* macros
   SPDX-License-Identifier: LGPL-3.0-or-later

   As in Guile, the macros name the primitive through FUNC_NAME, which
   the code defines around each function:

     #define FUNC_NAME "point-x"
     static SCM
     point_x (SCM p)
     {
       SCM_VALIDATE_FOREIGN_OBJECT (SCM_ARG1, p, point_type);
       ...
     }
     #undef FUNC_NAME

   Each raises wrong-type-arg "FUNC_NAME: wrong type argument in
   position POS (expected WHAT): VALUE", which Scheme code can catch.  */

#ifndef SCM_VALIDATE_H
#define SCM_VALIDATE_H

#include <libscm/scm.h>
#include <libscm/bytevectors.h>
#include <libscm/chars.h>
#include <libscm/conditions.h>
#include <libscm/foreign.h>
#include <libscm/keywords.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/ports.h>
#include <libscm/strings.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>

#define SCM_ARG1 1
#define SCM_ARG2 2
#define SCM_ARG3 3
#define SCM_ARG4 4
#define SCM_ARG5 5
#define SCM_ARG6 6
#define SCM_ARG7 7

/* Guile's SCM_ASSERT: raise wrong-type-arg unless COND, naming the
   primitive WHO and argument POS, expected "argument of the right
   type" since nothing more is known.  */
#define SCM_ASSERT(cond, value, pos, who) \
  SCM_ASSERT_TYPE ((cond), (value), (pos), (who), "argument of the right type")

/* The general form: unless COND, the argument VALUE in position POS
   was not WHAT (a string: "pair", "list"...).  */
#define SCM_VALIDATE_TYPE(pos, value, cond, what) \
  SCM_ASSERT_TYPE ((cond), (value), (pos), FUNC_NAME, (what))

#define SCM_VALIDATE_PAIR(pos, x) \
  SCM_VALIDATE_TYPE (pos, x, scm_is_pair (x), "pair")
#define SCM_VALIDATE_LIST(pos, x) \
  SCM_VALIDATE_TYPE (pos, x, scm_c_list_length (x) >= 0, "list")
#define SCM_VALIDATE_NULL_OR_PAIR(pos, x) \
  SCM_VALIDATE_TYPE (pos, x, scm_is_null (x) || scm_is_pair (x), "list")
#define SCM_VALIDATE_SYMBOL(pos, x) \
  SCM_VALIDATE_TYPE (pos, x, scm_is_symbol (x), "symbol")
#define SCM_VALIDATE_KEYWORD(pos, x) \
  SCM_VALIDATE_TYPE (pos, x, scm_is_keyword (x), "keyword")
#define SCM_VALIDATE_STRING(pos, x) \
  SCM_VALIDATE_TYPE (pos, x, scm_is_string (x), "string")
#define SCM_VALIDATE_CHAR(pos, x) \
  SCM_VALIDATE_TYPE (pos, x, scm_is_char (x), "character")
#define SCM_VALIDATE_BOOL(pos, x) \
  SCM_VALIDATE_TYPE (pos, x, scm_is_bool (x), "boolean")
#define SCM_VALIDATE_VECTOR(pos, x) \
  SCM_VALIDATE_TYPE (pos, x, scm_is_vector (x), "vector")
#define SCM_VALIDATE_BYTEVECTOR(pos, x) \
  SCM_VALIDATE_TYPE (pos, x, scm_is_bytevector (x), "bytevector")
#define SCM_VALIDATE_NUMBER(pos, x) \
  SCM_VALIDATE_TYPE (pos, x, scm_is_number (x), "number")
#define SCM_VALIDATE_REAL(pos, x) \
  SCM_VALIDATE_TYPE (pos, x, scm_is_real (x), "real number")
#define SCM_VALIDATE_EXACT_INTEGER(pos, x) \
  SCM_VALIDATE_TYPE (pos, x, scm_is_exact_integer (x), "exact integer")
#define SCM_VALIDATE_PROC(pos, x) \
  SCM_VALIDATE_TYPE (pos, x, scm_is_true (scm_procedure_p (x)), "procedure")
#define SCM_VALIDATE_PORT(pos, x) \
  SCM_VALIDATE_TYPE (pos, x, scm_is_port (x), "port")
#define SCM_VALIDATE_POINTER(pos, x) \
  SCM_VALIDATE_TYPE (pos, x, scm_is_pointer (x), "pointer")
/* X must be an object of foreign object type TYPE; the error says the
   type's name.  */
#define SCM_VALIDATE_FOREIGN_OBJECT(pos, x, type) \
  scm_c_assert_foreign_object_type ((type), (x), (pos), FUNC_NAME)

/* Check an integer argument and convert it: VAR = its value as a C
   integer between MIN and MAX, else wrong-type-arg or out-of-range,
   both naming FUNC_NAME and POS.  */
#define SCM_VALIDATE_INT_RANGE_COPY(pos, x, min, max, var)             \
  do {                                                                  \
    SCM_VALIDATE_EXACT_INTEGER (pos, x);                                \
    intmax_t scm_validate_n_ = scm_to_int64 (x);                        \
    if (scm_validate_n_ < (intmax_t) (min)                              \
        || scm_validate_n_ > (intmax_t) (max))                          \
      scm_out_of_range_pos (FUNC_NAME, (x), scm_from_int (pos));          \
    (var) = scm_validate_n_;                                            \
  } while (0)

#endif /* SCM_VALIDATE_H */
