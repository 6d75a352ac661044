/* docstrings.c -- the primitives' documentation: finding libscm.doc,
   reading a record, printing its Texinfo as plain text
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "repl/repl-internal.h"

#include <gc/gc.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libscm/conditions.h>
#include <libscm/control.h>
#include <libscm/docstrings.h>
#include <libscm/modules.h>
#include <libscm/ports.h>
#include <libscm/eval.h>
#include <libscm/print.h>
#include <libscm/strings.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>

/* Where libscm.doc is, baked in by the Makefile.  */
#ifndef SCM_BUILD_DOC_FILE
# define SCM_BUILD_DOC_FILE ""
#endif
#ifndef SCM_INSTALLED_DOC_FILE
# define SCM_INSTALLED_DOC_FILE ""
#endif

/* ------------------------------------------------------------------ */
/* libscm.doc is a series of records (snarf/scm-snarf -d),
   each "\f\nname: N\narity: R O T\narguments: (SCM a, ...)\nlocation:
   FILE:LINE\nDOCSTRING\n".  */

static int
readable (const char *file)
{
  return file != NULL && *file != '\0' && access (file, R_OK) == 0;
}

const char *
scm_c_documentation_file (void)
{
  const char *env = getenv ("SCM_DOC_FILE");
  if (env != NULL && *env != '\0')
    return readable (env) ? env : NULL;
  if (readable (SCM_BUILD_DOC_FILE))
    return SCM_BUILD_DOC_FILE;
  if (readable (SCM_INSTALLED_DOC_FILE))
    return SCM_INSTALLED_DOC_FILE;
  return NULL;
}

/* The contents of FILE, NUL-terminated, in pointer-free GC memory; NULL
   if it cannot be read (or memory runs out).  */
static char *
slurp (const char *file)
{
  FILE *f = fopen (file, "r");
  size_t len = 0, cap = 1 << 16;
  char *text = f != NULL ? GC_MALLOC_ATOMIC (cap) : NULL;
  while (text != NULL)
    {
      len += fread (text + len, 1, cap - len - 1, f);
      if (len < cap - 1)
        break;
      cap *= 2;
      text = GC_REALLOC (text, cap);
    }
  if (text != NULL && ferror (f))
    text = NULL;
  if (text != NULL)
    text[len] = '\0';
  if (f != NULL)
    fclose (f);
  return text;
}

struct doc_entry
{
  int req, opt, rest;           /* arity */
  const char *args;             /* "(SCM a, SCM b)" */
  size_t args_len;
  const char *doc;              /* the docstring */
  size_t doc_len;
};

/* Parse the record body P (the line after "name: ...") into E.  */
static int
parse_entry (const char *p, struct doc_entry *e)
{
  if (sscanf (p, "arity: %d %d %d", &e->req, &e->opt, &e->rest) != 3
      || (p = strchr (p, '\n')) == NULL || strncmp (++p, "arguments: ", 11))
    return 0;
  e->args = p + 11;
  if ((p = strchr (e->args, '\n')) == NULL)
    return 0;
  e->args_len = (size_t) (p - e->args);
  if (strncmp (++p, "location: ", 10) || (p = strchr (p, '\n')) == NULL)
    return 0;
  e->doc = ++p;
  const char *end = strstr (p, "\f\n");
  e->doc_len = end != NULL ? (size_t) (end - p) : strlen (p);
  while (e->doc_len > 0 && e->doc[e->doc_len - 1] == '\n')
    e->doc_len--;
  return 1;
}

/* Find the record of NAME in TEXT, the contents of libscm.doc.  */
static int
find_entry (const char *text, const char *name, struct doc_entry *e)
{
  size_t n = strlen (name);
  for (const char *p = text; (p = strstr (p, "\f\nname: ")) != NULL; p += 8)
    if (strncmp (p + 8, name, n) == 0 && p[8 + n] == '\n')
      return parse_entry (p + 8 + n + 1, e);
  return 0;
}

SCM
scm_c_documentation (const char *name)
{
  const char *file = scm_c_documentation_file ();
  char *text = file != NULL ? slurp (file) : NULL;
  struct doc_entry e;
  if (text == NULL || !find_entry (text, name, &e))
    return SCM_BOOL_F;
  return scm_from_utf8_stringn (e.doc, e.doc_len);
}

SCM_DEFINE (scm_procedure_documentation, "procedure-documentation", 1, 0, 0,
            (SCM proc),
            "Return the docstring of @var{proc}, a procedure or the symbol "
            "naming a primitive: a primitive's or a prelude procedure's "
            "(in Texinfo, from libscm.doc), or the string that began the "
            "body of a procedure written in Scheme and followed by more "
            "of it; @code{#f} if it has none.")
{
  SCM name = proc;
  if (scm_is_subr (proc))
    name = scm_subr_name (proc);
  else if (scm_is_true (scm_procedure_p (proc)))
    {
      /* A procedure of the prelude has no debug data: its docstring is
         in libscm.doc under its name (snarf/prelude-doc.c).  */
      if (scm_is_true (scm_procedure_source_info (proc)))
        return scm_procedure_docstring (proc);
      name = scm_procedure_name (proc);
      if (!scm_is_symbol (name))
        return SCM_BOOL_F;
    }
  SCM_ASSERT_TYPE (scm_is_symbol (name), proc, 1, "procedure-documentation",
                   "procedure or symbol");
  char *cname = scm_to_utf8_stringn (scm_symbol_to_string (name), NULL);
  SCM doc = scm_c_documentation (cname);
  free (cname);
  return doc;
}

SCM_DEFINE (scm_i_describe_primitive, "%describe-primitive", 1, 0, 0,
            (SCM name),
            "Print the call form and docstring of the primitive named "
            "@var{name} (a symbol) from libscm.doc, or why that file cannot "
            "be read; return @code{#t}, or @code{#f} having printed nothing "
            "if the file has no entry for @var{name}.")
{
  SCM_ASSERT_TYPE (scm_is_symbol (name), name, 1, "%describe-primitive",
                   "symbol");
  const char *file = scm_c_documentation_file ();
  char *text = file != NULL ? slurp (file) : NULL;
  struct doc_entry e;
  SCM found = SCM_BOOL_T;
  scm_dynwind_begin (0);
  char *cname = scm_to_utf8_stringn (scm_symbol_to_string (name), NULL);
  scm_dynwind_free (cname);
  if (text != NULL && !find_entry (text, cname, &e))
    found = SCM_BOOL_F;
  else
    /* Without the file, scm_c_describe says why.  */
    scm_c_describe (cname, scm_current_output_port ());
  scm_dynwind_end ();
  return found;
}

SCM_DEFINE (scm_help, "help", 1, 0, 0, (SCM x),
            "Print what is known of @var{x}, a procedure or the symbol "
            "naming a binding of the current module, on the current output "
            "port, as the REPL's @code{,describe} does: a procedure's call "
            "form with its parameters' names, its docstring, where it was "
            "defined and which built-in libraries export it.")
{
  SCM_ASSERT_TYPE (scm_is_symbol (x) || scm_is_true (scm_procedure_p (x)), x,
                   1, "help", "procedure or symbol");
  scm_call_1 (scm_c_public_ref ("libscm repl", "describe"), x);
  return SCM_UNSPECIFIED;
}

/* ------------------------------------------------------------------ */
/* Texinfo as plain text, the way Info shows it: @var{x} as X.  */

static void put_texinfo (SCM port, const char *s, size_t n, int upcase,
                         const char *indent);

/* The index of the `}' that closes the `{' at S[I], or N.  */
static size_t
closing_brace (const char *s, size_t i, size_t n)
{
  int depth = 0;
  for (; i < n; i++)
    if (s[i] == '@')
      i++;
    else if (s[i] == '{')
      depth++;
    else if (s[i] == '}' && --depth == 0)
      return i;
  return n;
}

/* Print @CMD{BODY}, the command CMD of length LEN.  */
static void
put_command (SCM port, const char *cmd, size_t len, const char *body,
             size_t body_len, int upcase, const char *indent)
{
  static const char *const glyphs[][2] = {
    { "dots", "..." }, { "result", "=>" }, { "equiv", "==" },
    { "expansion", "==>" }, { "error", "error-->" }, { "print", "-|" },
  };
  for (size_t i = 0; i < sizeof glyphs / sizeof *glyphs; i++)
    if (strlen (glyphs[i][0]) == len && !strncmp (cmd, glyphs[i][0], len))
      {
        scm_c_puts (port, glyphs[i][1]);
        return;
      }
  int quoted = (len == 4 && !strncmp (cmd, "samp", 4))
    || (len == 4 && !strncmp (cmd, "file", 4));
  if (quoted)
    scm_c_putc (port, '\'');
  put_texinfo (port, body, body_len,
               upcase || (len == 3 && !strncmp (cmd, "var", 3)), indent);
  if (quoted)
    scm_c_putc (port, '\'');
}

/* Print Texinfo text S[0..N) on PORT as plain text, in capitals if
   UPCASE, with INDENT after each newline.  */
static void
put_texinfo (SCM port, const char *s, size_t n, int upcase,
             const char *indent)
{
  size_t i = 0;
  while (i < n)
    {
      char c = s[i];
      if (c == '@' && i + 1 < n && strchr ("@{}", s[i + 1]) != NULL)
        {
          scm_c_putc (port, (unsigned char) s[i + 1]);
          i += 2;
          continue;
        }
      if (c == '@')
        {
          size_t j = i + 1;
          while (j < n && isalpha ((unsigned char) s[j]))
            j++;
          if (j < n && s[j] == '{')
            {
              size_t close = closing_brace (s, j, n);
              put_command (port, s + i + 1, j - i - 1, s + j + 1,
                           close - j - 1, upcase, indent);
              j = close + 1;
            }
          i = j > i + 1 ? j : i + 2;   /* @* and its like: dropped */
          continue;
        }
      scm_c_putc (port, upcase ? (unsigned char) toupper ((unsigned char) c)
                  : (unsigned char) c);
      if (c == '\n')
        scm_c_puts (port, indent);
      i++;
    }
}

/* Print the call form of E's primitive: "NAME a b [c] . rest", the
   argument names from the C arguments, as doc/doc-to-texi.awk does.  */
static void
put_call_form (SCM port, const char *name, const struct doc_entry *e)
{
  const char *p = e->args, *end = e->args + e->args_len;
  scm_c_puts (port, name);
  for (int i = 0; p < end && i < e->req + e->opt + (e->rest != 0); i++)
    {
      const char *stop = memchr (p, ',', (size_t) (end - p));
      if (stop == NULL)
        stop = end - (end > p && end[-1] == ')');
      const char *word = stop;
      while (word > p && (isalnum ((unsigned char) word[-1]) || word[-1] == '_'))
        word--;
      scm_c_puts (port, i < e->req ? " " : i < e->req + e->opt ? " [" : " . ");
      for (const char *q = word; q < stop; q++)
        scm_c_putc (port, *q == '_' ? '-' : (unsigned char) *q);
      if (i >= e->req && i < e->req + e->opt)
        scm_c_putc (port, ']');
      p = stop + 1;
    }
}

int
scm_c_describe (const char *name, SCM port)
{
  const char *file = scm_c_documentation_file ();
  const char *env = getenv ("SCM_DOC_FILE");
  char *text = file != NULL ? slurp (file) : NULL;
  struct doc_entry e;

  if (text == NULL && env != NULL && *env != '\0')
    scm_c_printf (port, "describe: cannot read the documentation file %s "
                  "(named by SCM_DOC_FILE)\n", env);
  else if (text == NULL)
    scm_c_printf (port, "describe: cannot find libscm.doc (not in %s, "
                  "nor in %s); set SCM_DOC_FILE to its file name\n",
                  *SCM_BUILD_DOC_FILE ? SCM_BUILD_DOC_FILE : "the build tree",
                  *SCM_INSTALLED_DOC_FILE ? SCM_INSTALLED_DOC_FILE
                  : "pkgdatadir");
  else if (!find_entry (text, name, &e))
    scm_c_printf (port, "describe: %s has no docstring in libscm.doc\n",
                  name);
  else
    {
      /* A prelude macro's record (snarf/prelude-doc.c): no call form.  */
      if (e.args_len == 6 && strncmp (e.args, "syntax", 6) == 0)
        scm_c_printf (port, " -- Syntax: %s", name);
      else
        {
          scm_c_puts (port, " -- Scheme Procedure: ");
          put_call_form (port, name, &e);
        }
      scm_c_puts (port, "\n     ");
      put_texinfo (port, e.doc, e.doc_len, 0, "     ");
      scm_c_putc (port, '\n');
      return 1;
    }
  return 0;
}

void
scm_init_docstrings (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "repl/docstrings.x"
#endif
}
