/* repl.h -- the read-eval-print loop; the program's command line
   SPDX-License-Identifier: LGPL-3.0-or-later

   The loop lives in the library and reads lines through a callback, so
   that the library never links a line editor: the scm program passes
   one built on GNU readline; an embedder passes its own, or none.  */

#ifndef SCM_REPL_H
#define SCM_REPL_H

#include <libscm/scm.h>

/* ------------------------------------------------------------------ */
/* The loop.  */

struct scm_repl_options
{
  /* Read one line, showing PROMPT first (PROMPT is "" when the loop is
     not interactive), and return it without its newline in memory from
     malloc, which the loop frees.  At end of input return NULL.  To
     cancel the input typed so far (Ctrl-C at the prompt), return NULL
     with errno set to EINTR: the loop discards the lines of the datum it
     was collecting and prompts again.  A request to interrupt
     (scm_request_interrupt) made before the loop calls this is
     dropped; one made after is kept for the evaluation of the line
     returned (a Ctrl-C just after Enter).  NULL here: lines are read
     from the current input port (see scm_repl).  */
  char *(*read_line) (const char *prompt, void *data);
  /* Called with each complete input (a datum over several lines is one
     entry, lines joined by newlines, no final newline); may be NULL.  */
  void (*add_history) (const char *entry, void *data);
  /* Passed to both callbacks.  */
  void *data;
  /* The prompt and the prompt of a continuation line; NULL for the
     defaults "scm> " and "...> ".  */
  const char *prompt;
  const char *continuation_prompt;
  /* The first line when interactive; NULL for a default one naming the
     version and ,help; "" for none.  */
  const char *banner;
  /* Nonzero: prompts, a banner, a newline at the end of input.  Zero:
     none of those (standard input is a pipe or a file).  Either way
     Ctrl-C is the program's to catch: a SIGINT handler that calls
     scm_request_interrupt stops the running evaluation.  */
  int interactive;
};

/* Read, evaluate and print until the end of input or an exit request
   ((exit), or the ,quit meta-command).  Every error raised while
   reading or evaluating a datum is printed, with a short backtrace, on
   the current error port, and the loop goes on with every definition
   kept.

   Input goes to the reader in whole lines; when a line ends inside a
   datum, the next line is read with the continuation prompt.  Each
   datum of a complete input is evaluated in turn at top level with
   scm_eval; its values are written with `write' on the current output
   port, one a line (an unspecified value or no value prints nothing).
   A malformed datum is reported and the rest of its input discarded.
   Positions in messages are "<repl>:LINE:COLUMN", lines counted over
   the whole session.
   A line that starts with `,' is a meta-command (,help lists them).

   With OPTIONS->read_line NULL: an interactive loop prints its prompts
   on the current output port and reads lines from the current input
   port; a loop that is not interactive reads data straight from the
   current input port, so that positions in messages are those of the
   whole input.

   Returns the exit status: the status of an exit request; else, at the
   end of input, 0 if the loop is interactive or nothing went wrong, 1
   if a datum was malformed or an evaluation raised an error.  Raises no
   error.  */
SCM_API int scm_repl (const struct scm_repl_options *options);

/* ------------------------------------------------------------------ */
/* The command line, as (command-line) returns it.  */

/* Set the list that (command-line) returns to the ARGC strings of ARGV
   (copied; the first is the command or script name), after FIRST if it
   is not NULL; with ARGC negative, a NULL ends ARGV (Guile's
   signature).  Call it before other threads run Scheme code.  Raises
   no error (an allocation failure leaves the previous list).  */
SCM_API void scm_set_program_arguments (int argc, char **argv, char *first);
/* A fresh list of strings: the arguments set by
   scm_set_program_arguments, () if none were.  */
SCM_API SCM scm_command_line (void);

#endif /* SCM_REPL_H */
