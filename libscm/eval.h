/* eval.h -- evaluating Scheme: eval, load, calling procedures, errors
   SPDX-License-Identifier: LGPL-3.0-or-later

   Code is expanded (expand.c), compiled to threaded bytecode
   (compile.c) and run by the VM (vm.c), which keeps its own stack: a
   Scheme call never recurses in C.  Everything here runs in the calling
   thread's instance (the one scm_init attached it to).

   Every function that evaluates may raise (a condition, or whatever the
   Scheme code raises) through scm_raise; wrap it in scm_c_catch_raise, or use
   the _protected variants, which return the error instead.  */

#ifndef SCM_EVAL_H
#define SCM_EVAL_H

#include <libscm/scm.h>
#include <libscm/throw.h>

/* ------------------------------------------------------------------ */
/* Evaluating.  */

/* The value of EXP, a datum, in environment ENV (SCM_UNDEFINED or #f:
   the interaction environment, the instance's top level).  */
SCM_API SCM scm_eval (SCM exp, SCM env);
/* Evaluate every datum of the UTF-8 string, in order, at top level;
   the value(s) of the last one (unspecified if none).  */
SCM_API SCM scm_c_eval_string (const char *utf8);
/* The same, reading the string as the source NAME (UTF-8; NULL: no
   name): what it raises is located "NAME:LINE:COLUMN", lines and
   columns counted from 1 in the string, as for a file.  */
SCM_API SCM scm_c_eval_string_with_name (const char *utf8, const char *name);
SCM_API SCM scm_eval_string (SCM string);
/* Evaluate every datum of FILE at top level, with source positions;
   raises a file-error if it cannot be opened.  */
SCM_API SCM scm_c_primitive_load (const char *file);
/* The interaction environment (eval's default): the module
   (libscm user).  */
SCM_API SCM scm_interaction_environment (void);
/* (environment IMPORT-SET ...): a new environment holding exactly the
   bindings of the import sets (a list), loading libraries as needed.  */
SCM_API SCM scm_environment (SCM import_sets);

/* ------------------------------------------------------------------ */
/* Calling.  PROC is any procedure (closure, subr, continuation...).  */

SCM_API SCM scm_call_n (SCM proc, const SCM *args, size_t nargs);
/* Apply PROC to the list ARGS.  */
SCM_API SCM scm_apply_0 (SCM proc, SCM args);
/* (scm_call_0 ... scm_call_3 are declared in subrs.h.)  */

/* ------------------------------------------------------------------ */
/* Evaluating with errors caught.  Each returns 0 and stores the value
   in *RESULT, or, if the evaluation raised an object (a condition, or
   any object given to `raise'), returns 1 and stores that object in
   *RESULT.  The instance is left as it was before the call, except for
   what the code changed before it raised (definitions stay).  */

SCM_API int scm_c_protect (scm_t_catch_body body, void *data, SCM *result);
SCM_API int scm_c_eval_string_protected (const char *utf8, SCM *result);
SCM_API int scm_c_eval_string_with_name_protected (const char *utf8,
                                                   const char *name,
                                                   SCM *result);
SCM_API int scm_c_primitive_load_protected (const char *file, SCM *result);
/* scm_c_primitive_load_protected of FILE as a program: when its first
   datum is an import declaration, an R7RS program, whose imported
   bindings are immutable as in a library (R7RS 5.2): set! of one is
   an error, a definition of its name shadows it from there on, and
   calls of imported primitives compile without a guard.  */
SCM_API int scm_c_run_program_protected (const char *file, SCM *result);
SCM_API int scm_call_n_protected (SCM proc, const SCM *args, size_t nargs,
                                  SCM *result);

/* ------------------------------------------------------------------ */
/* Multiple values.  (values) returns a values object unless it has
   exactly one value, which is returned as is.  */

SCM_API SCM scm_values (SCM list);
SCM_API SCM scm_c_values (const SCM *vals, size_t n);
SCM_API int scm_is_values (SCM obj);
/* The number of values OBJ stands for (1 unless it is a values
   object) and the Ith of them.  */
SCM_API size_t scm_c_nvalues (SCM obj);
SCM_API SCM scm_c_value_ref (SCM obj, size_t i);

/* ------------------------------------------------------------------ */
/* Errors from evaluation.  A condition raised while Scheme code runs
   records where: the source position of the innermost call that has
   one ("FILE:LINE:COLUMN") and a backtrace.  */

/* The position of the call that raised COND, a string
   "FILE:LINE:COLUMN", or #f.  */
SCM_API SCM scm_condition_location (SCM cond);
/* The backtrace captured when COND was raised: a list, innermost call
   first, of vectors #(PROCEDURE-NAME FILE LINE COLUMN) (name #f for an
   anonymous procedure, FILE LINE COLUMN #f when unknown).  */
SCM_API SCM scm_condition_backtrace (SCM cond);
/* While ON, the backtraces of conditions raised also keep, for each
   frame, its locals, its procedure and that procedure's module: the
   vectors are then #(NAME FILE LINE COLUMN MACRO LOCALS PROCEDURE
   MODULE), LOCALS an alist ((NAME . VALUE) ...).  Off by default (it
   costs allocation at each raise); the interactive REPL turns it on.
   Returns the previous setting.  */
SCM_API int scm_c_set_frame_locals_recording (int on);
/* What the compiler recorded of PROC (an alist: name, formals,
   documentation, module, file, line, column), or #f.  */
SCM_API SCM scm_procedure_source_info (SCM proc);
/* A statistical profile of the calling thread (SIGPROF every 10 ms of
   processor time; one profile at a time in the process): start it,
   then stop it and get (SAMPLES #(NAME FILE LINE COLUMN SELF
   CUMULATIVE) ...).  Both raise an error when misused.  */
SCM_API void scm_profile_start (void);
SCM_API SCM scm_profile_stop (void);
/* Stepping, for a debugger (the REPL's ,step and ,next).  The step
   handler, one for the process, is called in the thread that steps
   when it stops: EVENT is SCM_STEP_ENTRY (PROC was entered with the
   list of arguments VALUES) or SCM_STEP_RETURN (PROC returned the list
   of values VALUES to its caller); FRAME names the frame the thread
   stopped in (the one entered, or the one returned to).  Stepping is
   off while the handler runs; it resumes the stepping with scm_c_step.
   scm_c_step arms the calling thread's stepping from FRAME (a step
   handler's, or scm_c_step_frame's): MODE SCM_STEP_INTO stops at the
   next entry of a Scheme procedure or return of a frame stepped in,
   SCM_STEP_OVER only at those in FRAME or outside it, SCM_STEP_OFF
   stops stepping.  scm_c_step_frame, called from a primitive, names
   the frame of its Scheme caller (#f if none).  Code runs at full
   speed unless stepping is armed: the stops ride on the slow path that
   procedure entry takes for interrupts and step limits.  */
#define SCM_STEP_OFF 0
#define SCM_STEP_INTO 1
#define SCM_STEP_OVER 2
#define SCM_STEP_ENTRY 0
#define SCM_STEP_RETURN 1
typedef void (*scm_t_step_handler) (int event, SCM proc, SCM values,
                                    SCM frame);
/* Set the step handler; return the previous one (NULL: none).  */
SCM_API scm_t_step_handler scm_c_set_step_handler (scm_t_step_handler h);
SCM_API SCM scm_c_step_frame (void);
SCM_API void scm_c_step (int mode, SCM frame);
/* While ON, the compiler warns on the current error port of calls of
   known procedures with a wrong number of arguments, of possibly
   unbound variables and of bindings that shadow core syntax (scm -W).
   Returns the previous setting.  */
SCM_API int scm_c_set_compile_warnings (int on);
/* The docstring of PROC, a procedure written in Scheme, or #f.  */
SCM_API SCM scm_procedure_docstring (SCM proc);
/* Print the error message of OBJ (a raised object) on PORT:
   "LOCATION: WHO: MESSAGE: IRRITANTS", then, if MAX_FRAMES > 0, up to
   that many lines of backtrace.  */
SCM_API void scm_c_display_error (SCM obj, SCM port, int max_frames);

/* (exit [STATUS]) does not end the process from inside the library: it
   raises an exit request that the program's top level (the scm
   program, or an embedder) handles.  Nonzero if OBJ is one, with its
   status (0 for #t or no argument, 1 for #f, else the integer) in
   *STATUS.  */
SCM_API int scm_is_exit_request (SCM obj, int *status);

/* ------------------------------------------------------------------ */
/* Interrupts.  Ask every running evaluation to stop at its next call or
   backward jump with a catchable error of kind `interrupted'.
   Async-signal-safe: meant for a SIGINT handler.  */
SCM_API void scm_request_interrupt (void);

/* The VM stack of the calling thread, and of threads that start
   evaluating later, may grow to BYTES (default 256 MiB, at least
   8 KiB); past it, a call raises a catchable `stack-overflow' error.
   Returns the old limit.  */
SCM_API size_t scm_set_stack_limit (size_t bytes);

#endif /* SCM_EVAL_H */
