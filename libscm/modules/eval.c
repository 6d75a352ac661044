/* eval.c -- eval, load and the C API of evaluation (eval.h); multiple
   values; the procedures that expansions call; the Scheme prelude
   SPDX-License-Identifier: LGPL-3.0-or-later

   Higher-order procedures that call back into Scheme (apply, map,
   call-with-values, eval, load...) are written in Scheme, in the prelude
   module/scm/boot.scm, compiled into the instance at init: a C subr
   between two Scheme frames would make the VM recurse in C (and, later,
   block re-entrant continuations).  The prelude reaches the VM through
   the intrinsics %apply, %apply-values, %call/cc and %call/ec, which the
   expander turns into instructions.  */

#include "runtime/scm-internal.h"
#include "image/image-internal.h"
#include "values/strings-internal.h"
#include "expand/ast-internal.h"
#include "expand/expand-internal.h"
#include "runtime/conditions-internal.h"
#include "runtime/init-internal.h"
#include "modules/modules-internal.h"
#include "runtime/instance-internal.h"
#include "io/ports-internal.h"
#include "vm/vm-internal.h"
#include "compile/compile-internal.h"
#include <libscm/control.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libscm/conditions.h>
#include <libscm/eval.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/read.h>
#include <libscm/strings.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>
#include <libscm/throw.h>
#include <libscm/vectors.h>

/* ------------------------------------------------------------------ */
/* Multiple values: header (scm_tc8_values, payload = count), values.  */

int scm_is_values (SCM obj) { return scm_i_is_values (obj); }

SCM
scm_c_values (const SCM *vals, size_t n)
{
  if (n == 1)
    return vals[0];
  SCM v = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_values, 0, n), 1 + n);
  for (size_t i = 0; i < n; i++)
    SCM_SET_CELL_OBJECT (v, 1 + i, vals[i]);
  return v;
}

SCM_DEFINE (scm_values, "values", 0, 0, 1, (SCM list),
            "Return the elements of @var{list} as multiple values: the "
            "continuation receives each as a separate value.")
{
  long n = scm_c_list_length (list);
  if (n == 1)
    return SCM_CAR (list);
  SCM v = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_values, 0, n), 1 + n);
  for (long i = 0; i < n; i++, list = SCM_CDR (list))
    SCM_SET_CELL_OBJECT (v, 1 + i, SCM_CAR (list));
  return v;
}

size_t
scm_c_nvalues (SCM obj)
{
  return scm_i_is_values (obj) ? (size_t) SCM_OBJ_PAYLOAD (obj) : 1;
}

SCM
scm_c_value_ref (SCM obj, size_t i)
{
  if (!scm_i_is_values (obj))
    {
      if (i != 0)
        scm_i_out_of_range ("value-ref", 2, scm_from_size_t (i));
      return obj;
    }
  if (i >= (size_t) SCM_OBJ_PAYLOAD (obj))
    scm_i_out_of_range ("value-ref", 2, scm_from_size_t (i));
  return SCM_CELL_OBJECT (obj, 1 + i);
}

/* ------------------------------------------------------------------ */
/* Procedures for expansions, and their private variables.  */

static SCM private_procedures[SCM_I_PRIVATE_COUNT];
/* By the row of the opcode that stands for the primitive
   (vm-internal.h): only those have one.  */
static SCM private_variables[SCM_I_INLINE_PRIMITIVE_COUNT];

SCM
scm_i_private_procedure (enum scm_i_private_proc which)
{
  return private_procedures[which];
}

SCM
scm_i_private_variable (enum scm_i_opcode op)
{
  int row = scm_i_inline_primitive_row (op);
  return row >= 0 ? private_variables[row] : SCM_BOOL_F;
}

SCM_DEFINE_STATIC (apply_list, "%apply-list", 2, 0, 0, (SCM first, SCM rest),
                   "Return the argument list of @code{(apply f first "
                   "rest...)}: @var{first} and the elements of @var{rest} but "
                   "the last, followed by the elements of the last.")
{
  long nrest = scm_c_list_length (rest);
  SCM last = nrest > 0 ? scm_list_ref (rest, scm_from_long (nrest - 1)) : first;
  if (scm_c_list_length (last) < 0)
    scm_wrong_type_arg_msg ("apply", (int) (2 + nrest), last, "proper list");
  if (scm_is_null (rest))
    return first;
  SCM head = scm_cons (first, SCM_EOL), tail = head;
  for (; scm_is_pair (SCM_CDR (rest)); rest = SCM_CDR (rest))
    {
      SCM cell = scm_cons (SCM_CAR (rest), SCM_EOL);
      SCM_SETCDR (tail, cell);
      tail = cell;
    }
  SCM_SETCDR (tail, SCM_CAR (rest));
  return head;
}

/* ------------------------------------------------------------------ */
/* Environments and compiling.  */

SCM_DEFINE (scm_interaction_environment, "interaction-environment", 0, 0, 0,
            (void),
            "Return the environment in which the REPL and @code{eval} "
            "without an environment evaluate: the module @code{(libscm "
            "user)}, which has every binding of libscm and the program's "
            "definitions.")
{
  return scm_i_user_module ();
}

SCM_DEFINE_STATIC (compile_subr, "%compile", 1, 1, 0, (SCM exp, SCM env),
                   "Compile @var{exp} for environment @var{env} (the "
                   "interaction environment by default) into a procedure of "
                   "no arguments.")
{
  if (!SCM_UNBNDP (env) && !scm_is_false (env) && !scm_i_is_module (env))
    scm_wrong_type_arg_msg ("eval", 2, env, "environment");
  if (SCM_UNBNDP (env) || scm_is_false (env))
    return scm_i_compile_toplevel (exp);
  scm_dynwind_begin (0);
  scm_i_dynwind_current_module (env);
  SCM proc = scm_i_compile_toplevel (exp);
  scm_dynwind_end ();
  return proc;
}

/* Expanding, compiling and running EXP, or every form of a text, is
   one evaluation for interrupts (scm_i_enter_expansion): a request that
   comes after it started, even between two forms or between the
   expansion and the run, is for it, and is not dropped as stale when
   the run enters the VM.  */
SCM
scm_eval (SCM exp, SCM env)
{
  scm_dynwind_begin (0);
  scm_i_enter_expansion ();
  SCM proc = compile_subr (exp, env);
  SCM result = scm_i_vm_call_toplevel (proc);
  scm_dynwind_end ();
  return result;
}

/* X, a top-level datum just read from PORT.  A symbol has no source
   position of its own (positions are kept for pairs), so an error it
   raises (unbound variable) would name no place: it becomes (if #t X)
   with the core if, whose pair holding X is placed where the reader
   found X.  Anything else comes back as it is.  */
static SCM
locate_toplevel_symbol (SCM x, SCM port)
{
  long line, column;
  if (!scm_is_symbol (x) || !scm_is_port (port))
    return x;
  scm_i_port_datum_start (port, &line, &column);
  if (line < 1 || column < 1)
    return x;
  SCM cell = scm_list_1 (x);
  SCM form = scm_cons (scm_i_core_identifier (scm_i_sym_if),
                       scm_cons (SCM_BOOL_T, cell));
  SCM file = scm_port_filename (port);
  if (!scm_is_string (file))
    file = SCM_BOOL_F;
  scm_c_set_source_position (form, file, line, column);
  scm_c_set_source_position (cell, file, line, column);
  return form;
}

SCM_DEFINE_STATIC (locate_toplevel_datum, "%locate-toplevel-datum", 2, 0, 0,
                   (SCM datum, SCM port),
                   "Return @var{datum}, just read from @var{port}, as a form "
                   "that raises its errors at the place it was read: a "
                   "symbol, which has no source position, in a form that "
                   "has its position.")
{
  return locate_toplevel_symbol (datum, port);
}

static SCM
eval_port (SCM port)
{
  SCM result = SCM_UNSPECIFIED;
  scm_dynwind_begin (0);
  scm_i_enter_expansion ();
  for (;;)
    {
      SCM x = scm_read (port);
      if (scm_is_eq (x, SCM_EOF_VAL))
        break;
      result = scm_eval (locate_toplevel_symbol (x, port), SCM_UNDEFINED);
    }
  scm_dynwind_end ();
  return result;
}

SCM
scm_eval_string (SCM string)
{
  return eval_port (scm_open_input_string (string));
}

SCM
scm_c_eval_string (const char *utf8)
{
  return eval_port (scm_c_open_input_string (utf8));
}

SCM
scm_c_eval_string_with_name (const char *utf8, const char *name)
{
  SCM port = scm_c_open_input_string (utf8);
  if (name != NULL)
    scm_set_port_filename_x (port, scm_from_utf8_string (name));
  return eval_port (port);
}

/* ------------------------------------------------------------------ */
/* Loading.  */

static int
readable (SCM name)
{
  char *path = scm_i_to_utf8_stringn (name, NULL);
  return access (path, R_OK) == 0;
}

SCM_DEFINE_STATIC (open_load_file, "%open-load-file", 1, 0, 0,
                   (SCM filename),
                   "Open @var{filename} for @code{load}: as given if it "
                   "exists or is absolute, else the first match in the "
                   "directories of @code{%load-path}.")
{
  SCM_ASSERT_TYPE (scm_is_string (filename), filename, 1, "load", "string");
  if (scm_c_string_length (filename) > 0
      && scm_c_string_ref (filename, 0) != '/' && !readable (filename))
    {
      SCM var = scm_lookup_variable (scm_from_utf8_symbol ("%load-path"));
      SCM dirs = scm_is_variable (var) ? SCM_CELL_OBJECT (var, 1) : SCM_EOL;
      for (; scm_is_pair (dirs); dirs = SCM_CDR (dirs))
        {
          if (!scm_is_string (SCM_CAR (dirs)))
            continue;
          SCM path = scm_string_append
            (scm_list_3 (SCM_CAR (dirs), scm_from_utf8_string ("/"), filename));
          if (readable (path))
            {
              filename = path;
              break;
            }
        }
    }
  SCM port = scm_open_input_file (filename);
  scm_i_skip_byte_order_mark (port);
  /* Loaded, not included: its includes start a chain of their own.  */
  scm_i_forget_include_chain (scm_i_to_utf8_stringn (filename, NULL));
  return port;
}

SCM
scm_c_primitive_load (const char *file)
{
  SCM load = SCM_CELL_OBJECT (scm_c_lookup ("load"), 1);
  return scm_call_1 (load, scm_from_utf8_string (file));
}

/* ------------------------------------------------------------------ */
/* Calling.  */

SCM
scm_apply_0 (SCM proc, SCM args)
{
  long n = scm_c_list_length (args);
  if (n < 0)
    scm_wrong_type_arg_msg ("apply", 2, args, "proper list");
  SCM *argv = scm_i_alloc ((n ? n : 1) * sizeof (SCM));
  for (long i = 0; i < n; i++, args = SCM_CDR (args))
    argv[i] = SCM_CAR (args);
  return scm_call_n (proc, argv, n);
}

/* ------------------------------------------------------------------ */
/* Evaluating with errors caught.  */

static SCM
protect_handler (void *data, SCM obj)
{
  *(int *) data = 1;
  return obj;
}

int
scm_c_protect (scm_t_catch_body body, void *data, SCM *result)
{
  int raised = 0;
  SCM r = scm_c_catch_raise (body, data, protect_handler, &raised);
  if (result != NULL)
    *result = r;
  return raised;
}

static SCM eval_string_body (void *s) { return scm_c_eval_string (s); }
static SCM load_body (void *f) { return scm_c_primitive_load (f); }

struct named_source { const char *utf8; const char *name; };

static SCM
named_body (void *data)
{
  struct named_source *s = data;
  return scm_c_eval_string_with_name (s->utf8, s->name);
}

int
scm_c_eval_string_with_name_protected (const char *utf8, const char *name,
                                       SCM *result)
{
  struct named_source s = { utf8, name };
  int raised = scm_c_protect (named_body, &s, result);
  scm_i_end_toplevel_eval ();
  return raised;
}

int
scm_c_eval_string_protected (const char *utf8, SCM *result)
{
  int raised = scm_c_protect (eval_string_body, (void *) utf8, result);
  /* An evaluation's stale pointers in dead C frames must not keep its
     garbage alive in the host (REPL-like hosts run many).  */
  scm_i_end_toplevel_eval ();
  return raised;
}

int
scm_c_primitive_load_protected (const char *file, SCM *result)
{
  int raised = scm_c_protect (load_body, (void *) file, result);
  scm_i_end_toplevel_eval ();
  return raised;
}

/* Whether FILE's first datum is an import declaration: an R7RS
   program.  A file that cannot be read is none (load reports it).  */
static SCM
first_form_body (void *file)
{
  SCM port = scm_open_input_file (scm_from_utf8_string (file));
  scm_i_skip_byte_order_mark (port);
  SCM form = scm_read (port);
  scm_close_port (port);
  return scm_from_bool (scm_is_pair (form)
                        && scm_is_eq (SCM_CAR (form),
                                      scm_from_utf8_symbol ("import")));
}

int
scm_c_run_program_protected (const char *file, SCM *result)
{
  SCM is_program = SCM_BOOL_F;
  SCM m = scm_i_current_module ();
  int flags = scm_i_module_flags (m);
  if (scm_c_protect (first_form_body, (void *) file, &is_program) != 0
      || scm_is_false (is_program) || !(flags & SCM_I_MODULE_COPIES))
    return scm_c_primitive_load_protected (file, result);
  scm_i_module_set_flags (m, flags | SCM_I_MODULE_PROGRAM);
  int raised = scm_c_primitive_load_protected (file, result);
  scm_i_module_set_flags (m, scm_i_module_flags (m) & ~SCM_I_MODULE_PROGRAM);
  return raised;
}

struct call_data { SCM proc; const SCM *args; size_t n; };

static SCM
call_body (void *data)
{
  struct call_data *d = data;
  return scm_call_n (d->proc, d->args, d->n);
}

int
scm_call_n_protected (SCM proc, const SCM *args, size_t nargs, SCM *result)
{
  struct call_data d = { proc, args, nargs };
  return scm_c_protect (call_body, &d, result);
}

/* ------------------------------------------------------------------ */
/* The prelude.  */

static const char boot_source[] =
#include "modules/boot-scm.inc"
  ;

/* The file name of the prelude's code: backtraces leave its frames
   out, and errors are located in the caller of a prelude procedure.  */
static SCM prelude_file;

SCM
scm_i_prelude_file (void)
{
  return prelude_file;
}

int
scm_i_is_prelude_file (SCM file)
{
  return scm_is_string (file) && scm_is_string (prelude_file)
    && scm_is_true (scm_string_equal_p (file, prelude_file, SCM_EOL));
}

static SCM
boot_body (void *unused)
{
  SCM port = scm_c_open_input_string (boot_source);
  prelude_file = scm_from_utf8_string ("scm/boot.scm");
  scm_set_port_filename_x (port, prelude_file);
  return eval_port (port);
}

static SCM
boot_handler (void *unused, SCM obj)
{
  scm_fatal ("the Scheme prelude failed: %s", scm_i_condition_text (obj));
}

static void
init_private_procedures (void)
{
  static const struct { enum scm_i_private_proc which; const char *name; }
  procs[] = {
    { SCM_I_PRIVATE_MEMV, "memv" }, { SCM_I_PRIVATE_LIST, "list" },
    { SCM_I_PRIVATE_CONS, "cons" }, { SCM_I_PRIVATE_APPEND, "append" },
    { SCM_I_PRIVATE_LIST_TO_VECTOR, "list->vector" },
    { SCM_I_PRIVATE_MAKE_RECORD_TYPE, "%make-record-type" },
    { SCM_I_PRIVATE_MAKE_RECORD, "%make-record" },
    { SCM_I_PRIVATE_RECORD_P, "%record?" },
    { SCM_I_PRIVATE_RECORD_REF, "%record-ref" },
    { SCM_I_PRIVATE_RECORD_SET, "%record-set!" },
    { SCM_I_PRIVATE_CASE_LAMBDA, "%case-lambda" },
    { SCM_I_PRIVATE_SYNTAX_MATCH, "%syntax-match" },
    { SCM_I_PRIVATE_SYNTAX_BUILD, "%syntax-build" },
    { SCM_I_PRIVATE_SYNTAX_FAIL, "%syntax-fail" },
    { SCM_I_PRIVATE_CLOSURE_FIX, "%closure-fix!" },
  };
  for (int i = 0; i < SCM_I_PRIVATE_COUNT; i++)
    private_procedures[i] = SCM_BOOL_F;
  for (size_t i = 0; i < sizeof procs / sizeof procs[0]; i++)
    private_procedures[procs[i].which]
      = SCM_CELL_OBJECT (scm_c_lookup (procs[i].name), 1);
  /* With the prelude's image, its static variables replace these
     (scm_i_install_prelude_image): none is made on the heap.  */
  if (scm_i_prelude_image_in_use ())
    return;
  for (int row = 0; row < SCM_I_INLINE_PRIMITIVE_COUNT; row++)
    private_variables[row]
      = scm_make_variable (scm_i_inline_primitive
                           (scm_i_inline_primitive_ops[row]));
}

void
scm_init_eval (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "modules/eval.x"
#endif
  init_private_procedures ();
  if (scm_i_prelude_image_in_use ())
    /* The prelude compiled at build time (image.c).  */
    scm_i_install_prelude_image (scm_i_core_module (), private_variables,
                                 &prelude_file);
  else
    {
      if (scm_i_writing_image)
        scm_i_image_snapshot_core ();
      scm_i_set_prelude_mode (1);
      scm_c_catch_raise (boot_body, NULL, boot_handler, NULL);
      scm_i_set_prelude_mode (0);
    }
  private_procedures[SCM_I_PRIVATE_MAKE_PROMISE]
    = SCM_CELL_OBJECT (scm_c_lookup ("%make-promise"), 1);
  private_procedures[SCM_I_PRIVATE_PARAMETERIZE]
    = SCM_CELL_OBJECT (scm_c_lookup ("%parameterize"), 1);
  private_procedures[SCM_I_PRIVATE_PARAMETERIZE1]
    = SCM_CELL_OBJECT (scm_c_lookup ("%parameterize1"), 1);
  private_procedures[SCM_I_PRIVATE_GUARD]
    = SCM_CELL_OBJECT (scm_c_lookup ("%guard"), 1);
  scm_i_init_control_procedures ();
}
