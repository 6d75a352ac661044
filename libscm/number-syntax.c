/* number-syntax.c -- reading and writing numbers
   SPDX-License-Identifier: LGPL-3.0-or-later

   FOUNDATION PLACEHOLDER: decimal fixnums only; the numbers work
   replaces it with the whole R7RS syntax.  */

#include "scm-internal.h"
#include "init-internal.h"

#include <stdio.h>
#include <libscm/conditions.h>
#include <libscm/numbers.h>
#include <libscm/strings.h>

SCM
scm_c_parse_number (const uint32_t *chars, size_t len, unsigned radix)
{
  size_t i = 0;
  int neg = 0;
  int64_t n = 0;
  if (len > 0 && (chars[0] == '-' || chars[0] == '+'))
    neg = chars[i++] == '-';
  if (i == len)
    return SCM_BOOL_F;
  for (; i < len; i++)
    {
      if (chars[i] < '0' || chars[i] > '9')
        return SCM_BOOL_F;
      n = n * 10 + (chars[i] - '0');
    }
  return SCM_MAKE_FIXNUM (neg ? -n : n);
}

SCM_DEFINE (scm_number_to_string, "number->string", 1, 1, 0,
            (SCM n, SCM radix),
            "Return the external representation of number @var{n}.")
{
  char buf[64];
  if (SCM_FIXNUM_P (n))
    snprintf (buf, sizeof buf, "%lld", (long long) SCM_FIXNUM_VALUE (n));
  else
    snprintf (buf, sizeof buf, "%.17g", scm_to_double (n));
  return scm_from_utf8_string (buf);
}

SCM_DEFINE (scm_string_to_number, "string->number", 1, 1, 0,
            (SCM str, SCM radix),
            "Return the number that @var{str} writes, or @code{#f}.")
{
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "string->number", "string");
  size_t n = scm_c_string_length (str);
  uint32_t chars[64];
  if (n > 64)
    return SCM_BOOL_F;
  for (size_t i = 0; i < n; i++)
    chars[i] = scm_c_string_ref (str, i);
  return scm_c_parse_number (chars, n, 10);
}

void
scm_init_number_syntax (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "number-syntax.x"
#endif
}
