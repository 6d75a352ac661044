/* repl-internal.h -- the state of the read-eval-print loop, shared by
   the loop (repl.c), its debugger (repl-debug.c) and its other
   meta-commands (repl-commands.c)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_REPL_INTERNAL_H
#define SCM_REPL_INTERNAL_H

#include <libscm/scm.h>
#include <libscm/repl.h>
#include <libscm/eval.h>

/* The REPL's primitives and its docstrings' (init.c calls them).  */
SCM_INTERNAL void scm_init_repl (void);
SCM_INTERNAL void scm_init_docstrings (void);

/* One level of the loop: the top level, or a debug level entered on an
   error, which keeps the failed evaluation's condition and frames.  */
struct repl
{
  const struct scm_repl_options *opt;
  char *text;                   /* the input collected (malloc), or NULL */
  size_t len;
  long text_line;               /* the line the collected input starts on */
  long lines;                   /* lines read so far */
  int done;                     /* the loop of this level ends */
  int exiting;                  /* ... because the program is to exit */
  int status;                   /* ... with this status */
  int failed;                   /* an error was reported */
  int level;                    /* 0 at the top, N in the Nth debug level */
  SCM condition;                /* a debug level's: what was raised */
  SCM frames;                   /* its backtrace, innermost first */
  long selected;                /* the frame ,up/,down/,frame chose */
  long *history;                /* the number of the last $N, shared */
  SCM base_frames;              /* the frames under the loop (its
                                   caller's, innermost first) */
  SCM step_frame;               /* a level entered at a breakpoint or a
                                   step: the frame stopped in, which
                                   ,step and ,next go on from; else #f */
  char prompt[200];
  long prompt_end[2];           /* the output's line and column after
                                   the prompt the loop wrote, or -1 */
};

enum meta_result { META_DONE, META_MORE };

/* A meta-command: NAMES are its name then its aliases, separated by
   spaces; ARGS says what follows it (for ,help); RUN does it with ARG,
   the text after the name.  */
struct meta_command
{
  const char *names;
  const char *args;
  const char *help;
  enum meta_result (*run) (struct repl *r, const char *arg);
};

/* Run BODY (DATA) with errors caught; return 0, or 1 if it raised (the
   error is reported).  */
SCM_INTERNAL int scm_i_repl_guarded (struct repl *r, scm_t_catch_body body,
                                     void *data);
/* Report TEXT as an error of the loop.  */
SCM_INTERNAL void scm_i_repl_complain (struct repl *r, const char *text);
/* Deal with OBJ, raised by a step: an exit request ends the loop; an
   error is printed.  */
SCM_INTERNAL void scm_i_repl_handle_raised (struct repl *r, SCM obj);
/* The expression of a meta-command's text ARG in *EXP: -1 if read,
   META_MORE if incomplete, META_DONE if reported (USAGE if empty).  */
SCM_INTERNAL int scm_i_repl_meta_expression (struct repl *r, const char *arg,
                                             const char *usage, SCM *exp);
/* Evaluate DATUM as the loop does (in the selected frame's scope at a
   debug level) and print its values; errors enter a debug level.  */
SCM_INTERNAL void scm_i_repl_eval_and_print (struct repl *r, SCM datum);
/* Run the loop of R until its input ends or it is left.  */
SCM_INTERNAL void scm_i_repl_run_level (struct repl *r);
/* The level of the loop the calling thread runs (the innermost), or
   NULL.  */
SCM_INTERNAL struct repl *scm_i_repl_innermost_level (void);

/* repl-debug.c */
/* The datum to evaluate for DATUM at R's level: DATUM, or at a debug
   level a call binding the selected frame's locals around it; its
   environment in *ENV (SCM_UNDEFINED for the interaction one).  */
SCM_INTERNAL SCM scm_i_repl_frame_datum (struct repl *r, SCM datum, SCM *env);
/* The frames of the Scheme code that runs the loop (when Scheme calls
   it: the REPL server), innermost first; () when C does.  */
SCM_INTERNAL SCM scm_i_repl_frames_under_loop (void);
/* Enter a debug level below R for OBJ, an error raised by an
   evaluation; back when it is left.  */
SCM_INTERNAL void scm_i_repl_debug (struct repl *r, SCM obj);
SCM_INTERNAL enum meta_result scm_i_repl_meta_bt (struct repl *r, const char *arg);
SCM_INTERNAL enum meta_result scm_i_repl_meta_up (struct repl *r, const char *arg);
SCM_INTERNAL enum meta_result scm_i_repl_meta_down (struct repl *r, const char *arg);
SCM_INTERNAL enum meta_result scm_i_repl_meta_frame (struct repl *r, const char *arg);
SCM_INTERNAL enum meta_result scm_i_repl_meta_locals (struct repl *r, const char *arg);
SCM_INTERNAL enum meta_result scm_i_repl_meta_error (struct repl *r, const char *arg);
/* Enter a debug level of the interactive loop this thread runs,
   showing MESSAGE (a string) and the caller's frames; 1 once it is
   left, 0 at once if no interactive loop runs.  */
SCM_INTERNAL int scm_i_repl_enter_break (SCM message);
/* ,step ,next ,continue: go on from a level's stopped frame.  */
SCM_INTERNAL enum meta_result scm_i_repl_meta_step (struct repl *r, const char *arg);
SCM_INTERNAL enum meta_result scm_i_repl_meta_next (struct repl *r, const char *arg);
SCM_INTERNAL enum meta_result scm_i_repl_meta_continue (struct repl *r, const char *arg);
/* Make the loop's levels stop at steps (scm_c_set_step_handler).  */
SCM_INTERNAL void scm_i_repl_init_stepping (void);
/* repl-commands.c: ,break ,unbreak ,breakpoints.  */
SCM_INTERNAL enum meta_result scm_i_repl_meta_break (struct repl *r, const char *arg);
SCM_INTERNAL enum meta_result scm_i_repl_meta_unbreak (struct repl *r, const char *arg);
SCM_INTERNAL enum meta_result scm_i_repl_meta_breakpoints (struct repl *r, const char *arg);

/* repl-commands.c */
SCM_INTERNAL enum meta_result scm_i_repl_meta_load (struct repl *r, const char *arg);
SCM_INTERNAL enum meta_result scm_i_repl_meta_import (struct repl *r, const char *arg);
SCM_INTERNAL enum meta_result scm_i_repl_meta_module (struct repl *r, const char *arg);
SCM_INTERNAL enum meta_result scm_i_repl_meta_reload (struct repl *r, const char *arg);
SCM_INTERNAL enum meta_result scm_i_repl_meta_pp (struct repl *r, const char *arg);

#endif /* SCM_REPL_INTERNAL_H */
