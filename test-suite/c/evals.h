/* evals.h -- evaluating from C tests, with errors caught
   SPDX-License-Identifier: LGPL-3.0-or-later

   eval (EXPR, &raised) evaluates a string protected; eval_written gives
   its value in `write' form or "raised: TEXT"; kind_of names a raised
   condition's kind.  Include after <libscm.h>.  */

#ifndef SCM_TEST_EVALS_H
#define SCM_TEST_EVALS_H

/* Evaluate EXPR protected; its value, or the raised object with
   *RAISED set.  */
static SCM
eval (const char *expr, int *raised)
{
  SCM result;
  int r = scm_c_eval_string_protected (expr, &result);
  if (raised != NULL)
    *raised = r;
  return result;
}

/* The `write' form of OBJ, a C string on the GC heap.  */
static const char *
written (SCM obj)
{
  SCM port = scm_open_output_string ();
  scm_write (obj, port);
  return scm_to_utf8_stringn (scm_get_output_string (port), NULL);
}

/* V in `write' form, or "raised: TEXT" if RAISED.  */
static const char *
outcome_written (int raised, SCM v)
{
  if (!raised)
    return written (v);
  SCM text = scm_string_append
    (scm_list_2 (scm_from_utf8_string ("raised: "), scm_condition_text (v)));
  return scm_to_utf8_stringn (text, NULL);
}

/* The value of EXPR in `write' form, or "raised: TEXT".  */
static __attribute__ ((unused)) const char *
eval_written (const char *expr)
{
  int raised;
  SCM v = eval (expr, &raised);
  return outcome_written (raised, v);
}

/* The kind of raised object OBJ as a C string, "(none)" if it is not a
   condition.  */
static __attribute__ ((unused)) const char *
kind_of (SCM obj)
{
  if (!scm_is_condition (obj))
    return "(none)";
  return scm_to_utf8_stringn (scm_symbol_to_string (scm_condition_kind (obj)),
                              NULL);
}

#endif /* SCM_TEST_EVALS_H */
