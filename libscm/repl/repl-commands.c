/* repl-commands.c -- the REPL's meta-commands that stand for Scheme
   forms: ,load ,import ,module ,pp ,reload ,break ,unbreak ,breakpoints
   SPDX-License-Identifier: LGPL-3.0-or-later

   Each reads its argument as data, builds the form it stands for and
   evaluates it as an input would be (errors enter a debug level at the
   terminal).  */

#include "repl/repl-internal.h"

#include <string.h>
#include <libscm/lists.h>
#include <libscm/pairs.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>

static SCM
sym (const char *name)
{
  return scm_from_utf8_symbol (name);
}

/* (begin FORM (if #f #f)): FORM for its effect, no value printed.  */
static SCM
for_effect (SCM form)
{
  return scm_list_3 (sym ("begin"), form,
                     scm_list_3 (sym ("if"), SCM_BOOL_F, SCM_BOOL_F));
}

/* The data of ARG as a list in *DATA: -1 if read, else a meta_result
   (USAGE reported for none).  */
static int
read_args (struct repl *r, const char *arg, const char *usage, SCM *data)
{
  SCM exp;
  int st = scm_i_repl_meta_expression (r, arg, usage, &exp);
  if (st >= 0)
    return st;
  /* Several data come back as (begin DATUM ...).  */
  if (scm_is_pair (exp) && scm_is_eq (SCM_CAR (exp), sym ("begin"))
      && strchr (arg, '(') != arg + strspn (arg, " \t"))
    *data = SCM_CDR (exp);
  else
    *data = scm_list_1 (exp);
  return -1;
}

/* ,load FILE: (load "FILE"); the name may be written as a string.  */
enum meta_result
scm_i_repl_meta_load (struct repl *r, const char *arg)
{
  size_t start = strspn (arg, " \t"), n = strcspn (arg + start, "\n");
  while (n > 0 && (arg[start + n - 1] == ' ' || arg[start + n - 1] == '\t'))
    n--;
  if (n == 0)
    {
      scm_i_repl_complain (r, "usage: ,load FILE\n");
      return META_DONE;
    }
  SCM file;
  if (arg[start] == '"')
    {
      SCM data;
      int st = read_args (r, arg, "usage: ,load FILE\n", &data);
      if (st >= 0)
        return (enum meta_result) st;
      file = SCM_CAR (data);
    }
  else
    file = scm_from_utf8_stringn (arg + start, n);
  scm_i_repl_eval_and_print (r, scm_list_2 (sym ("load"), file));
  return META_DONE;
}

/* ,import SET ...: (import SET ...).  */
enum meta_result
scm_i_repl_meta_import (struct repl *r, const char *arg)
{
  SCM data;
  int st = read_args (r, arg, "usage: ,import IMPORT-SET ...\n", &data);
  if (st >= 0)
    return (enum meta_result) st;
  scm_i_repl_eval_and_print (r, scm_cons (sym ("import"), data));
  return META_DONE;
}

/* The module name written as ARG: (srfi 1) or srfi 1.  */
static int
module_name_arg (struct repl *r, const char *arg, const char *usage,
                 SCM *name)
{
  SCM data;
  int st = read_args (r, arg, usage, &data);
  if (st >= 0)
    return st;
  *name = scm_is_pair (SCM_CAR (data)) ? SCM_CAR (data) : data;
  return -1;
}

/* ,module [NAME]: make module NAME current (as Guile's ,module), or
   show the current one's name.  */
enum meta_result
scm_i_repl_meta_module (struct repl *r, const char *arg)
{
  if (arg[strspn (arg, " \t\n")] == '\0')
    {
      scm_i_repl_eval_and_print
        (r, scm_list_2 (sym ("module-name"),
                        scm_list_1 (sym ("current-module"))));
      return META_DONE;
    }
  SCM name;
  int st = module_name_arg (r, arg, "usage: ,module NAME\n", &name);
  if (st >= 0)
    return (enum meta_result) st;
  SCM quoted = scm_list_2 (sym ("quote"), name);
  scm_i_repl_eval_and_print
    (r, for_effect (scm_list_2 (sym ("set-current-module"),
                                scm_list_2 (sym ("resolve-module"), quoted))));
  return META_DONE;
}

/* ,reload NAME: load library NAME again from its file and import it
   anew, so that an edited library's new code is what the REPL sees.  */
enum meta_result
scm_i_repl_meta_reload (struct repl *r, const char *arg)
{
  SCM name;
  int st = module_name_arg (r, arg, "usage: ,reload LIBRARY\n", &name);
  if (st >= 0)
    return (enum meta_result) st;
  SCM quoted = scm_list_2 (sym ("quote"), name);
  /* Two evaluations: an import is done when its form is expanded,
     which would be before the reload in one form.  */
  scm_i_repl_eval_and_print
    (r, for_effect (scm_list_2 (sym ("reload-module"), quoted)));
  if (!r->done)
    scm_i_repl_eval_and_print (r, scm_list_2 (sym ("import"), name));
  return META_DONE;
}

/* ,pp EXPR: EXPR's value written by pretty-print.  */
enum meta_result
scm_i_repl_meta_pp (struct repl *r, const char *arg)
{
  SCM exp;
  int st = scm_i_repl_meta_expression (r, arg, "usage: ,pp EXPR\n", &exp);
  if (st >= 0)
    return (enum meta_result) st;
  SCM pp = scm_list_3 (sym ("@"), scm_list_2 (sym ("ice-9"),
                                              sym ("pretty-print")),
                       sym ("pretty-print"));
  scm_i_repl_eval_and_print (r, for_effect (scm_list_2 (pp, exp)));
  return META_DONE;
}

/* (@ (libscm repl) NAME).  */
static SCM
repl_library_ref (const char *name)
{
  return scm_list_3 (sym ("@"), scm_list_2 (sym ("libscm"), sym ("repl")),
                     sym (name));
}

/* ,break NAME and ,unbreak NAME: (PROC (current-module) 'NAME).  */
static enum meta_result
breakpoint_command (struct repl *r, const char *arg, const char *usage,
                    const char *proc)
{
  SCM data;
  int st = read_args (r, arg, usage, &data);
  if (st >= 0)
    return (enum meta_result) st;
  if (!scm_is_symbol (SCM_CAR (data)) || !scm_is_null (SCM_CDR (data)))
    {
      scm_i_repl_complain (r, usage);
      return META_DONE;
    }
  scm_i_repl_eval_and_print
    (r, for_effect (scm_list_3 (repl_library_ref (proc),
                                scm_list_1 (sym ("current-module")),
                                scm_list_2 (sym ("quote"), SCM_CAR (data)))));
  return META_DONE;
}

/* ,break NAME: a breakpoint at each call of NAME's procedure.  */
enum meta_result
scm_i_repl_meta_break (struct repl *r, const char *arg)
{
  return breakpoint_command (r, arg, "usage: ,break NAME\n",
                             "break-procedure!");
}

/* ,unbreak NAME: NAME's breakpoint removed.  */
enum meta_result
scm_i_repl_meta_unbreak (struct repl *r, const char *arg)
{
  return breakpoint_command (r, arg, "usage: ,unbreak NAME\n",
                             "unbreak-procedure!");
}

/* ,breakpoints: their names, as a list.  */
enum meta_result
scm_i_repl_meta_breakpoints (struct repl *r, const char *arg)
{
  (void) arg;
  scm_i_repl_eval_and_print (r, scm_list_1 (repl_library_ref ("breakpoints")));
  return META_DONE;
}
