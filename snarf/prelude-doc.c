/* prelude-doc.c -- scm-image --doc: the prelude's docstrings as
   scm-snarf -d records, for libscm.doc.
   SPDX-License-Identifier: LGPL-3.0-or-later

   The prelude is compiled without debug data (its image would carry
   it, and a program pays for every word of the image's roots), so the
   docstrings written in module/scm/boot.scm are lost by the time it
   runs.  This reads the source again at build time and writes, for
   each procedure it defines whose name does not start with `%', a
   record in the format of the C primitives' (name, arity, arguments,
   location, docstring).  libscm.doc holds these before the C ones, so
   that ,describe, (procedure-documentation) and the manual's reference
   find them as they find a primitive's, at no cost to start-up.

   The forms read: (define (NAME . FORMALS) DOC BODY...),
   (define NAME (lambda FORMALS DOC BODY...)), the same lambda as the
   last form of a let, and (define ALIAS NAME) for a NAME documented
   before.  DOC is a docstring as the expander takes it: a string
   followed by more of the body.  And the macros,
   (define-syntax NAME (syntax-rules LITERALS DOC RULE...)) and
   (define-syntax NAME (lambda (X) DOC BODY...)), whose records say
   "arguments: syntax" (%macro-documentation reads them).  */

#include "image/image-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libscm.h>

/* The lambda's formals and body in FORM, the value of a define, or 0.  */
static int
lambda_parts (SCM form, SCM *formals, SCM *body)
{
  if (!scm_is_pair (form) || !scm_is_pair (scm_cdr (form)))
    return 0;
  SCM head = scm_car (form);
  if (scm_is_eq (head, scm_from_utf8_symbol ("lambda")))
    {
      *formals = scm_cadr (form);
      *body = scm_cddr (form);
      return 1;
    }
  if (scm_is_eq (head, scm_from_utf8_symbol ("let")))
    {
      SCM last = SCM_BOOL_F;
      for (SCM l = scm_cddr (form); scm_is_pair (l); l = scm_cdr (l))
        last = scm_car (l);
      return lambda_parts (last, formals, body);
    }
  return 0;
}

static void
put_symbol (FILE *out, SCM sym, int c_style)
{
  char *s = scm_to_utf8_string (scm_symbol_to_string (sym));
  for (char *p = s; *p; p++)
    putc (c_style && *p == '-' ? '_' : *p, out);
  free (s);
}

/* "arity: REQ 0 REST" and "arguments: (SCM a, SCM b)" of FORMALS, in
   the C primitives' form: doc-to-texi.awk and ,describe turn the
   underscores back into hyphens.  */
static void
put_arity (FILE *out, SCM formals)
{
  int req = 0;
  SCM l = formals;
  for (; scm_is_pair (l); l = scm_cdr (l))
    req++;
  int rest = scm_is_symbol (l);
  fprintf (out, "arity: %d 0 %d\narguments: (", req, rest);
  const char *sep = "";
  for (l = formals; scm_is_pair (l); l = scm_cdr (l), sep = ", ")
    {
      fprintf (out, "%sSCM ", sep);
      put_symbol (out, scm_car (l), 1);
    }
  if (rest)
    {
      fprintf (out, "%sSCM ", sep);
      put_symbol (out, l, 1);
    }
  fputs (req + rest == 0 ? "void)\n" : ")\n", out);
}

static int
hidden (SCM name)
{
  char *s = scm_to_utf8_string (scm_symbol_to_string (name));
  int h = s[0] == '%';
  free (s);
  return h;
}

/* Write the record of NAME to OUT; return the formals and docstring
   (for aliases) as a pair.  */
static SCM
put_record (FILE *out, SCM name, SCM formals, SCM doc, long line)
{
  fputs ("\f\nname: ", out);
  put_symbol (out, name, 0);
  fputc ('\n', out);
  put_arity (out, formals);
  fprintf (out, "location: module/scm/boot.scm:%ld\n", line);
  char *d = scm_to_utf8_string (doc);
  fprintf (out, "%s\n", d);
  free (d);
  return scm_cons (formals, doc);
}

/* The docstring of the macro that (define-syntax NAME SPEC) makes, or
   #f.  */
static SCM
macro_doc (SCM spec)
{
  SCM formals, body = SCM_EOL;
  if (scm_is_pair (spec)
      && scm_is_eq (scm_car (spec), scm_from_utf8_symbol ("syntax-rules"))
      && scm_is_pair (scm_cdr (spec)))
    body = scm_cddr (spec);
  else if (!lambda_parts (spec, &formals, &body))
    return SCM_BOOL_F;
  return scm_is_pair (body) && scm_is_string (scm_car (body))
    && scm_is_pair (scm_cdr (body)) ? scm_car (body) : SCM_BOOL_F;
}

/* If X is (define-syntax NAME SPEC) of a documented macro, write its
   record to OUT; nonzero if X is a define-syntax.  */
static int
put_macro_record (FILE *out, SCM x, long line)
{
  if (!scm_is_pair (x)
      || !scm_is_eq (scm_car (x), scm_from_utf8_symbol ("define-syntax")))
    return 0;
  if (scm_c_list_length (x) != 3 || !scm_is_symbol (scm_cadr (x))
      || hidden (scm_cadr (x)))
    return 1;
  SCM doc = macro_doc (scm_caddr (x));
  if (scm_is_false (doc))
    return 1;
  fputs ("\f\nname: ", out);
  put_symbol (out, scm_cadr (x), 0);
  fprintf (out, "\narity: 0 0 0\narguments: syntax\n"
           "location: module/scm/boot.scm:%ld\n", line);
  char *d = scm_to_utf8_string (doc);
  fprintf (out, "%s\n", d);
  free (d);
  return 1;
}

int
scm_i_write_prelude_doc (FILE *out, const char *boot_file)
{
  SCM port = scm_open_input_file (scm_from_utf8_string (boot_file));
  SCM define = scm_from_utf8_symbol ("define");
  SCM documented = SCM_EOL;     /* ((NAME FORMALS . DOC) ...) */
  for (SCM x; !scm_is_eq (x = scm_read (port), SCM_EOF_VAL);)
    {
      SCM xfile;
      long xline = 0, xcol;
      scm_c_source_position (x, &xfile, &xline, &xcol);
      if (put_macro_record (out, x, xline))
        continue;
      if (!scm_is_pair (x) || !scm_is_eq (scm_car (x), define)
          || !scm_is_pair (scm_cdr (x)) || !scm_is_pair (scm_cddr (x)))
        continue;
      SCM target = scm_cadr (x), name, formals, body;
      SCM file;
      long line = 0, col;
      scm_c_source_position (x, &file, &line, &col);
      if (scm_is_pair (target))
        {
          name = scm_car (target);
          formals = scm_cdr (target);
          body = scm_cddr (x);
        }
      else if (scm_is_symbol (target)
               && lambda_parts (scm_caddr (x), &formals, &body))
        name = target;
      else
        {
          /* (define ALIAS NAME): NAME's record under the other name.  */
          SCM of = scm_is_symbol (target) && scm_is_symbol (scm_caddr (x))
            ? scm_assq (scm_caddr (x), documented) : SCM_BOOL_F;
          if (scm_is_pair (of) && !hidden (target))
            {
              SCM doc = scm_string_append
                (scm_list_3 (scm_from_utf8_string ("Another name for @code{"),
                             scm_symbol_to_string (scm_car (of)),
                             scm_from_utf8_string ("}.  ")));
              doc = scm_string_append (scm_list_2 (doc, scm_cddr (of)));
              put_record (out, target, scm_cadr (of), doc, line);
            }
          continue;
        }
      if (!scm_is_symbol (name) || hidden (name) || !scm_is_pair (body)
          || !scm_is_string (scm_car (body)) || !scm_is_pair (scm_cdr (body)))
        continue;
      documented = scm_cons (scm_cons (name, put_record (out, name, formals,
                                                         scm_car (body),
                                                         line)),
                             documented);
    }
  scm_close_port (port);
  return ferror (out) ? 1 : 0;
}
