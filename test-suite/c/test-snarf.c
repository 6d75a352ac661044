/* test-snarf.c -- snarfing as an embedder uses it: SCM_DEFINE,
   SCM_SYMBOL, SCM_KEYWORD, SCM_IMMUTABLE_STRING, scm-snarf's .x and .doc
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gc/gc.h>
#include <libscm.h>
#include "tap.h"

SCM_SYMBOL (sym_car, "car");
SCM_SYMBOL (sym_fresh, "a-symbol-only-this-test-defines");
SCM_KEYWORD (kw_fresh, "a-keyword-only-this-test-defines");
SCM_IMMUTABLE_STRING (greeting, "hello, static world");

SCM_DEFINE (test_add3, "test-add3", 2, 1, 0, (SCM a, SCM b, SCM c),
            "Return the sum of fixnums @var{a}, @var{b} and @var{c}\n"
            "(0 if not given).")
{
  long sum = SCM_FIXNUM_VALUE (a) + SCM_FIXNUM_VALUE (b);
  if (!SCM_UNBNDP (c))
    sum += SCM_FIXNUM_VALUE (c);
  return SCM_MAKE_FIXNUM (sum);
}

SCM_DEFINE (test_count_rest, "test-count-rest", 1, 0, 1, (SCM first, SCM rest),
            "Return how many arguments came after @var{first}.")
{
  long n = 0;
  for (; scm_is_pair (rest); rest = SCM_CDR (rest))
    n++;
  return SCM_MAKE_FIXNUM (n);
}

static void
init_test_snarf (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "test-snarf.x"
#endif
}

static SCM
call_body (void *data)
{
  SCM *args = data;
  return scm_subr_apply (args[0], args[1]);
}

static SCM
return_condition (void *data, SCM obj)
{
  return obj;
}

/* Apply PROC to ARGS; the raised object if it raises.  */
static SCM
try_apply (SCM proc, SCM args)
{
  SCM d[2] = { proc, args };
  return scm_c_catch_raise (call_body, d, return_condition, NULL);
}

static SCM
scm_list_n4 (void)
{
  return scm_cons (SCM_MAKE_FIXNUM (1),
                   scm_list_3 (SCM_MAKE_FIXNUM (2), SCM_MAKE_FIXNUM (3),
                               SCM_MAKE_FIXNUM (4)));
}

static void
test_subrs (void)
{
  SCM add3 = scm_variable_ref (scm_c_lookup ("test-add3"));
  SCM rest = scm_variable_ref (scm_c_lookup ("test-count-rest"));
  ok (scm_is_subr (add3), "SCM_DEFINE binds test-add3 to a subr at init");
  ok (SCM_FIXNUM_VALUE (scm_call_2 (add3, SCM_MAKE_FIXNUM (2),
                                    SCM_MAKE_FIXNUM (3))) == 5,
      "an optional argument not given arrives as SCM_UNDEFINED");
  ok (SCM_FIXNUM_VALUE (scm_call_3 (add3, SCM_MAKE_FIXNUM (2),
                                    SCM_MAKE_FIXNUM (3),
                                    SCM_MAKE_FIXNUM (4))) == 9,
      "an optional argument given arrives");
  ok (SCM_FIXNUM_VALUE (scm_call_3 (rest, SCM_BOOL_T, SCM_BOOL_T,
                                    SCM_BOOL_T)) == 2,
      "the rest arguments arrive as a list");
  SCM err = try_apply (add3, scm_list_1 (SCM_MAKE_FIXNUM (1)));
  ok (scm_is_condition (err)
      && strstr (scm_c_condition_text (err), "wrong number of arguments"),
      "too few arguments raise a catchable error: %s",
      scm_is_condition (err) ? scm_c_condition_text (err) : "(none)");
  err = try_apply (add3, scm_list_n4 ());
  ok (scm_is_condition (err), "too many arguments raise a catchable error");
}

static void
test_symbols (void)
{
  ok (scm_is_eq (sym_car, scm_from_utf8_symbol ("car")),
      "SCM_SYMBOL of a name the library interned first gives the same symbol");
  ok (scm_is_eq (sym_fresh,
                 scm_from_utf8_symbol ("a-symbol-only-this-test-defines")),
      "a new SCM_SYMBOL becomes the interned symbol");
  SCM kw_name = scm_from_utf8_symbol ("a-keyword-only-this-test-defines");
  ok (scm_is_eq (kw_fresh, scm_symbol_to_keyword (kw_name))
      && scm_is_eq (scm_keyword_to_symbol (kw_fresh), kw_name),
      "SCM_KEYWORD is the interned keyword of its symbol");
  if (SCM_STATIC_ALLOC)
    ok (GC_base (SCM_UNPACK_POINTER (sym_fresh)) == NULL
        && GC_base (SCM_UNPACK_POINTER (kw_fresh)) == NULL
        && GC_base (SCM_UNPACK_POINTER (greeting)) == NULL,
        "static symbol, keyword and string are not on the GC heap");
  else
    ok (GC_base (SCM_UNPACK_POINTER (sym_fresh)) != NULL
        && GC_base (SCM_UNPACK_POINTER (greeting)) != NULL,
        "--disable-static-alloc: symbol and string are on the GC heap");
  ok (scm_is_string (greeting) && scm_c_string_length (greeting) == 19
      && scm_c_string_ref (greeting, 7) == 's',
      "SCM_IMMUTABLE_STRING is a string with its contents");
  SCM err = try_apply (scm_variable_ref (scm_c_lookup ("string-set!")),
                       scm_list_3 (greeting, SCM_MAKE_FIXNUM (0),
                                   SCM_MAKE_CHAR ('H')));
  ok (scm_is_condition (err)
      && strstr (scm_c_condition_text (err), "immutable"),
      "string-set! on it raises: %s",
      scm_is_condition (err) ? scm_c_condition_text (err) : "(none)");
}

static void
test_docs (void)
{
  const char *top = getenv ("top_builddir");
  char path[4096];
  snprintf (path, sizeof path, "%s/test-suite/c/test-snarf.doc",
            top ? top : ".");
  const char *doc = tap_slurp (path);
  ok (strstr (doc, "name: test-add3\narity: 2 1 0\n"
              "arguments: (SCM a, SCM b, SCM c)\n") != NULL,
      "scm-snarf -d records name, arity and arguments");
  ok (strstr (doc, "Return the sum of fixnums @var{a}, @var{b} and @var{c}\n"
              "(0 if not given).") != NULL,
      "scm-snarf -d records the docstring, its literals joined");
  ok (strstr (doc, "location: ") && strstr (doc, "test-snarf.c:"),
      "scm-snarf -d records the source location");
  snprintf (path, sizeof path, "%s/libscm/libscm.doc", top ? top : ".");
  doc = tap_slurp (path);
  ok (strstr (doc, "name: car\narity: 1 0 0\n") != NULL,
      "libscm.doc documents the library's primitives (car)");
}

static void
test_snarf_rejects_non_ascii (void)
{
  const char *top = getenv ("top_builddir");
  char cmd[8192];
  FILE *f = fopen ("snarf-non-ascii.c", "w");
  fputs ("SCM_SYMBOL (s, \"\xce\xbb\");\n", f);
  fclose (f);
  snprintf (cmd, sizeof cmd,
            "sh %s/snarf/scm-snarf -o snarf-non-ascii.x snarf-non-ascii.c "
            "2>/dev/null", top ? top : ".");
  int status = system (cmd);
  ok (status != 0, "scm-snarf refuses a non-ASCII name");
  remove ("snarf-non-ascii.c");
  remove ("snarf-non-ascii.x");
}

int
main (void)
{
  scm_init ();
  init_test_snarf ();
  test_subrs ();
  test_symbols ();
  test_docs ();
  test_snarf_rejects_non_ascii ();
  return tap_done ();
}
