/* calls.h -- calling bound primitives from C tests, catching errors
   SPDX-License-Identifier: LGPL-3.0-or-later

   call ("string-ref", LIST (s, SCM_MAKE_FIXNUM (0))) applies the
   primitive bound to the name, as Scheme code would (arity checked);
   try_call does the same and returns what was raised, if anything
   (test `raised').  is_error checks a raised condition's kind, who,
   message and irritant exactly, and shows the condition if it differs.
   Include after <libscm.h> and "tap.h".  */

#ifndef SCM_TEST_CALLS_H
#define SCM_TEST_CALLS_H

#include <stdarg.h>
#include <string.h>

/* Nonzero if the last try_call raised.  */
static int raised;

static SCM __attribute__ ((unused))
list_of (const SCM *elts, size_t n)
{
  SCM l = SCM_EOL;
  while (n > 0)
    l = scm_cons (elts[--n], l);
  return l;
}

#define LIST(...) \
  list_of ((SCM[]) { __VA_ARGS__ }, \
           sizeof ((SCM[]) { __VA_ARGS__ }) / sizeof (SCM))

static SCM
apply_body (void *data)
{
  SCM *d = data;
  return scm_subr_apply (d[0], d[1]);
}

static SCM
note_raised (void *data, SCM obj)
{
  raised = 1;
  return obj;
}

static SCM __attribute__ ((unused))
try_call (const char *name, SCM args)
{
  SCM d[2] = { scm_variable_ref (scm_c_lookup (name)), args };
  raised = 0;
  return scm_c_catch_raise (apply_body, d, note_raised, NULL);
}

/* The value of the call, or SCM_UNDEFINED (and a diagnostic) if it
   raised.  */
static SCM __attribute__ ((unused))
call (const char *name, SCM args)
{
  SCM r = try_call (name, args);
  if (!raised)
    return r;
  diag ("%s raised: %s", name, scm_c_condition_text (r));
  return SCM_UNDEFINED;
}

/* Body and handler for catching errors of C API calls: the test's own
   body function sets `raised' to 0 first.  */
static SCM __attribute__ ((unused))
try_c (scm_t_catch_body body, void *data)
{
  raised = 0;
  return scm_c_catch_raise (body, data, note_raised, NULL);
}

static const char *
symbol_chars (SCM sym)
{
  return scm_is_symbol (sym) ? scm_to_utf8_stringn (scm_symbol_to_string (sym),
                                                    NULL) : "#f";
}

/* Nonzero if R was raised and is a condition of KIND from WHO (NULL for
   none) with MESSAGE and, unless IRRITANT is SCM_UNDEFINED, the single
   irritant IRRITANT (equal?).  */
static int __attribute__ ((unused))
is_error (SCM r, const char *kind, const char *who, const char *message,
          SCM irritant)
{
  int same = raised && scm_is_condition (r)
    && strcmp (symbol_chars (scm_condition_kind (r)), kind) == 0
    && strcmp (symbol_chars (scm_condition_who (r)), who ? who : "#f") == 0
    && strcmp (scm_to_utf8_stringn (scm_error_object_message (r), NULL),
               message) == 0
    && (SCM_UNBNDP (irritant)
        || scm_is_equal (scm_error_object_irritants (r),
                         scm_list_1 (irritant)));
  if (!same)
    diag ("got %s: %s", raised ? "condition" : "no error",
          raised ? scm_c_condition_text (r) : "");
  return same;
}

/* Nonzero if S is a string whose UTF-8 is WANT; shows S if not.  */
static int __attribute__ ((unused))
is_string (SCM s, const char *want)
{
  const char *got;
  if (!scm_is_string (s))
    {
      diag ("not a string");
      return 0;
    }
  got = scm_to_utf8_stringn (s, NULL);
  if (strcmp (got, want) == 0)
    return 1;
  diag ("got \"%s\", want \"%s\"", got, want);
  return 0;
}

#endif /* SCM_TEST_CALLS_H */
