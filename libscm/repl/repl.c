/* repl.c -- the read-eval-print loop and its meta-commands;
   (command-line)
   SPDX-License-Identifier: LGPL-3.0-or-later

   The loop reads whole lines through the embedder's callback (the scm
   program's is GNU readline; the library never links it), collects them
   until they hold complete data, then evaluates each datum and writes
   its values.  Everything that can raise runs under scm_c_protect, so
   that an error, whatever raised it, is reported and the loop goes on.  */

#include "repl/repl-internal.h"
/* The internals the loop still uses (HACKING.md, "Include edges").  */
#include "runtime/scm-internal.h"       /* scm_i_end_toplevel_eval */
#include "runtime/conditions-internal.h" /* scm_i_set_error_hint */
#include "io/ports-internal.h"          /* scm_i_write_limited */

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <unistr.h>
#include <libscm/conditions.h>
#include <libscm/docstrings.h>
#include <libscm/eval.h>
#include <libscm/gc.h>
#include <libscm/init.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/print.h>
#include <libscm/read.h>
#include <libscm/repl.h>
#include <libscm/strings.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>
#include <libscm/syntax.h>

/* ------------------------------------------------------------------ */
/* The command line.  Process state rather than interpreter state: set
   once by the program before any thread runs Scheme, read after.  */

static char **program_args;
static int program_argc;

void
scm_set_program_arguments (int argc, char **argv, char *first)
{
  /* Guile's conventions: a negative ARGC means that a NULL ends ARGV,
     and FIRST, unless NULL, goes before the others.  */
  if (argc < 0)
    for (argc = 0; argv[argc] != NULL; argc++)
      ;
  int extra = first != NULL;
  char **copy = calloc ((size_t) argc + extra + 1, sizeof *copy);
  if (copy == NULL)
    return;
  for (int i = 0; i < argc + extra; i++)
    if ((copy[i] = strdup (extra && i == 0 ? first : argv[i - extra]))
        == NULL)
      {
        while (i-- > 0)
          free (copy[i]);
        free (copy);
        return;
      }
  argc += extra;
  char **old = program_args;
  int old_argc = program_argc;
  program_args = copy;
  program_argc = argc;
  for (int i = 0; i < old_argc; i++)
    free (old[i]);
  free (old);
}

SCM_DEFINE (scm_command_line, "command-line", 0, 0, 0, (void),
            "Return the command line of the program as a fresh list of\n"
            "strings: the script (or the program) first, then its\n"
            "arguments.")
{
  SCM list = SCM_EOL;
  for (int i = program_argc; i-- > 0;)
    list = scm_cons (scm_from_utf8_string (program_args[i]), list);
  return list;
}

/* ------------------------------------------------------------------ */
/* The loop's state, and running a step with errors caught.  */

struct report_job { SCM obj; };

/* The column of output port OUT.  Not scm_c_port_column: of a port
   that is both input and output (the REPL server's socket) that is the
   input side's.  */
static long
output_column (SCM out)
{
  return scm_to_long (scm_port_column (out));
}

static SCM
report_body (void *data)
{
  SCM err = scm_current_error_port (), out = scm_current_output_port ();
  /* An error in the middle of a line of output (printing interrupted)
     starts on a line of its own.  */
  if (output_column (out) > 0)
    scm_newline (out);
  scm_force_output (out);
  scm_c_display_error (((struct report_job *) data)->obj, err, 10);
  scm_force_output (err);
  return SCM_UNSPECIFIED;
}

/* Deal with OBJ, raised by a step: an exit request ends the loop; an
   error is printed, and the loop goes on.  */
static void
handle_raised (struct repl *r, SCM obj)
{
  int status;
  struct report_job job = { obj };
  SCM ignored;

  if (scm_is_exit_request (obj, &status))
    {
      r->done = r->exiting = 1;
      r->status = status;
      return;
    }
  r->failed = 1;
  if (scm_c_protect (report_body, &job, &ignored) != 0)
    {
      /* The error port fails too: nobody would see what happens next.  */
      r->done = r->exiting = 1;
      r->status = 1;
    }
}

/* Run BODY (DATA) with errors caught; return 0, or 1 if it raised (and
   the raised object was dealt with).  */
static int
guarded (struct repl *r, scm_t_catch_body body, void *data)
{
  SCM raised;
  if (scm_c_protect (body, data, &raised) == 0)
    return 0;
  handle_raised (r, raised);
  return 1;
}

/* Print MESSAGE on the error port as an error of the loop itself.  */
struct message_job { const char *text; };

static SCM
message_body (void *data)
{
  SCM err = scm_current_error_port ();
  scm_force_output (scm_current_output_port ());
  scm_c_puts (err, ((struct message_job *) data)->text);
  scm_force_output (err);
  return SCM_UNSPECIFIED;
}

static void
complain (struct repl *r, const char *text)
{
  struct message_job job = { text };
  r->failed = 1;
  guarded (r, message_body, &job);
}

/* ------------------------------------------------------------------ */
/* Evaluating and printing.  */

struct eval_job
{
  SCM datum;
  SCM values;
  SCM env;                      /* SCM_UNDEFINED: the interaction one */
};

static SCM
eval_body (void *data)
{
  struct eval_job *j = data;
  j->values = scm_eval (j->datum, j->env);
  return SCM_UNSPECIFIED;
}

/* The limits of the REPL's printing, 0 for none: process state, as
   the terminal is.  */
static volatile size_t print_length, print_depth;

static size_t
limit_arg (SCM x, int pos)
{
  if (scm_is_false (x))
    return 0;
  SCM_ASSERT_TYPE (scm_is_exact_integer (x) && scm_is_true (scm_positive_p (x)),
                   x, pos, "set-repl-print-limits!", "positive integer or #f");
  return scm_to_size_t (x);
}

static SCM
limit_value (size_t n)
{
  return n == 0 ? SCM_BOOL_F : scm_from_size_t (n);
}

SCM_DEFINE (scm_set_repl_print_limits_x, "set-repl-print-limits!", 2, 0, 0,
            (SCM length, SCM depth),
            "Make the REPL write at most @var{length} elements of each list "
            "or vector of a value, and @var{depth} levels of nesting, "
            "showing the rest as @samp{...}; @code{#f} for no limit (the "
            "default).  @code{write} and @code{display} are not limited.  "
            "Return the previous limits as a list.")
{
  SCM old = scm_list_2 (limit_value (print_length), limit_value (print_depth));
  size_t n = limit_arg (length, 1), d = limit_arg (depth, 2);
  print_length = n;
  print_depth = d;
  return old;
}

/* Printing a value runs as an evaluation, so that Ctrl-C stops it (an
   interrupt is for the evaluation running): a call of this subr,
   compiled, whose arguments are quoted constants.  */
static SCM
repl_write (SCM v, SCM port)
{
  if (print_length != 0 || print_depth != 0)
    scm_i_write_limited (v, port, print_length, print_depth);
  else
    scm_write (v, port);
  return SCM_UNSPECIFIED;
}

static SCM repl_write_subr;

static void
write_value (SCM v, SCM port)
{
  SCM quote = scm_from_utf8_symbol ("quote");
  scm_eval (scm_list_3 (scm_list_2 (quote, repl_write_subr),
                        scm_list_2 (quote, v), scm_list_2 (quote, port)),
            SCM_UNDEFINED);
}

/* Write each of J's values on its own line; nothing for an unspecified
   value.  With a value history (HISTORY not NULL: the interactive
   loop), each value is bound to the next $N and shown as "$N = ...",
   as Guile does.  */
struct print_job
{
  SCM values;
  long *history;
};

static SCM
print_body (void *data)
{
  struct print_job *j = data;
  SCM out = scm_current_output_port ();
  size_t n = scm_c_nvalues (j->values);
  for (size_t i = 0; i < n; i++)
    {
      SCM v = scm_c_value_ref (j->values, i);
      if (scm_is_unspecified (v))
        continue;
      if (j->history != NULL)
        {
          char name[32];
          snprintf (name, sizeof name, "$%ld", ++*j->history);
          scm_c_define (name, v);
          scm_c_puts (out, name);
          scm_c_puts (out, " = ");
          /* Shown at once: a large value takes a while to write, and
             the prefix says that its evaluation is over, that what
             runs now (and what Ctrl-C stops) is the printing.  */
          scm_force_output (out);
        }
      write_value (v, out);
      scm_newline (out);
    }
  scm_force_output (out);
  return SCM_UNSPECIFIED;
}

/* Print the values of J, with the value history if R has one.  */
static void
print_values (struct repl *r, struct eval_job *j)
{
  struct print_job pj = { j->values, r->history };
  guarded (r, print_body, &pj);
}

/* The interactive loop enters a debug level on an error; other loops
   report it and go on.  */
static void
eval_failed (struct repl *r, SCM raised)
{
  if (r->opt->interactive && !scm_is_exit_request (raised, NULL))
    scm_i_repl_debug (r, raised);
  else
    handle_raised (r, raised);
}

void
scm_i_repl_eval_and_print (struct repl *r, SCM datum)
{
  struct eval_job job = { datum, SCM_UNSPECIFIED, SCM_UNDEFINED };
  SCM raised;
  job.datum = scm_i_repl_frame_datum (r, datum, &job.env);
  int failed = scm_c_protect (eval_body, &job, &raised);
  /* Stepping ends with the evaluation stepped in (its last ,step may
     have armed it), before the printing runs Scheme.  */
  scm_c_step (SCM_STEP_OFF, SCM_BOOL_F);
  if (failed == 0)
    {
      /* Printing allocates: what the evaluation left in dead C frames
         (the data that filled the heap) must be gone first.  */
      scm_i_clear_dead_stack ();
      print_values (r, &job);
    }
  else
    {
      /* The compiler's deferred warnings (a possibly unbound variable)
         often explain the error: they come before its report.  */
      if (scm_i_toplevel_end_hook != NULL)
        scm_i_toplevel_end_hook ();
      eval_failed (r, raised);
    }
  /* What the evaluation left in dead C frames must not stay alive.  */
  job.values = SCM_UNSPECIFIED;
  scm_i_end_toplevel_eval ();
}

static void
eval_and_print (struct repl *r, SCM datum)
{
  scm_i_repl_eval_and_print (r, datum);
}

/* ------------------------------------------------------------------ */
/* Reading the data of a text.  */

struct read_job
{
  const char *text;
  long line;                    /* the line TEXT starts on */
  const char *name;             /* the file name positions show */
  SCM data;                     /* the data read, in order */
};

static SCM
read_all_body (void *data)
{
  struct read_job *j = data;
  SCM port = scm_c_open_input_string (j->text), rev = SCM_EOL;
  scm_set_port_filename_x (port, scm_from_utf8_string (j->name));
  scm_set_port_line_x (port, scm_from_long (j->line > 0 ? j->line - 1 : 0));
  j->data = SCM_EOL;
  for (;;)
    {
      SCM datum = scm_read (port);
      if (scm_is_true (scm_eof_object_p (datum)))
        break;
      rev = scm_cons (datum, rev);
      j->data = rev;
    }
  j->data = scm_reverse (rev);
  return SCM_UNSPECIFIED;
}

/* Read the data of J->text into J->data (reversed if reading stopped
   at an error).  Return 0, or 1 with the error in *ERROR.  */
static int
read_all (struct read_job *j, SCM *error)
{
  return scm_c_protect (read_all_body, j, error);
}

/* The text of a meta-command's argument: after `,' and the name.  */
static const char *
meta_argument (const char *text)
{
  text += strcspn (text, " \t\n");
  return text + strspn (text, " \t");
}

/* Report the read error of TEXT, cut short by the end of the input.  */
static void
report_incomplete (struct repl *r, const char *text)
{
  struct read_job rj = { text, r->text_line, "<repl>", SCM_EOL };
  SCM error;
  if (read_all (&rj, &error) != 0)
    handle_raised (r, error);
}

/* ------------------------------------------------------------------ */
/* Meta-commands: a line that starts with `,'.  */

SCM_SYMBOL (sym_bytes_allocated, "bytes-allocated");
SCM_SYMBOL (sym_gc_time_ms, "gc-time-ms");
SCM_SYMBOL (sym_gc_count, "gc-count");

struct meta_job
{
  struct repl *r;
  const char *arg;              /* the text after the command's name */
};

static SCM
gc_body (void *data)
{
  SCM out = scm_current_output_port ();
  scm_gc ();
  for (SCM s = scm_gc_stats (); scm_is_pair (s); s = SCM_CDR (s))
    {
      char *key = scm_c_write_to_utf8 (SCM_CAR (SCM_CAR (s)));
      char *value = scm_c_write_to_utf8 (SCM_CDR (SCM_CAR (s)));
      scm_c_printf (out, ";; %-20s %s\n", key, value);
      free (key);
      free (value);
    }
  return SCM_UNSPECIFIED;
}

static SCM
describe_body (void *data)
{
  struct meta_job *j = data;
  SCM out = scm_current_output_port ();
  size_t n = strcspn (j->arg, " \t\n");
  if (n == 0)
    {
      scm_c_puts (out, "usage: ,describe NAME\n");
      return SCM_UNSPECIFIED;
    }
  SCM name = scm_from_utf8_symboln (j->arg, n);
  scm_call_1 (scm_c_public_ref ("libscm repl", "describe"), name);
  return SCM_UNSPECIFIED;
}

/* ,apropos REGEX: the rest of the line is the pattern.  */
static SCM
apropos_body (void *data)
{
  struct meta_job *j = data;
  size_t n = strcspn (j->arg, "\n");
  while (n > 0 && (j->arg[n - 1] == ' ' || j->arg[n - 1] == '\t'))
    n--;
  if (n == 0)
    {
      scm_c_puts (scm_current_output_port (), "usage: ,apropos REGEX\n");
      return SCM_UNSPECIFIED;
    }
  scm_call_1 (scm_c_public_ref ("libscm repl", "apropos"),
              scm_from_utf8_stringn (j->arg, n));
  return SCM_UNSPECIFIED;
}

static enum meta_result
meta_apropos (struct repl *r, const char *arg)
{
  struct meta_job job = { r, arg };
  guarded (r, apropos_body, &job);
  return META_DONE;
}

static int meta_expression (struct repl *r, const char *arg,
                            const char *usage, SCM *exp);

/* A call of procedure NAME of (libscm repl) on a thunk of EXP.  */
static SCM
repl_library_call (const char *name, SCM exp)
{
  SCM thunk = scm_list_3 (scm_from_utf8_symbol ("lambda"), SCM_EOL, exp);
  SCM proc = scm_list_3 (scm_from_utf8_symbol ("@"),
                         scm_list_2 (scm_from_utf8_symbol ("libscm"),
                                     scm_from_utf8_symbol ("repl")),
                         scm_from_utf8_symbol (name));
  return scm_list_2 (proc, thunk);
}

/* ,profile EXPR: EXPR evaluated under the statistical profiler.  */
static enum meta_result
meta_profile (struct repl *r, const char *arg)
{
  SCM exp;
  int st = meta_expression (r, arg, "usage: ,profile EXPR\n", &exp);
  if (st >= 0)
    return (enum meta_result) st;
  scm_i_repl_eval_and_print (r, repl_library_call ("profile-call", exp));
  return META_DONE;
}

/* ,trace EXPR: EXPR evaluated with the current module's procedures
   traced.  */
static enum meta_result
meta_trace (struct repl *r, const char *arg)
{
  SCM exp;
  int st = meta_expression (r, arg, "usage: ,trace EXPR\n", &exp);
  if (st >= 0)
    return (enum meta_result) st;
  scm_i_repl_eval_and_print (r, repl_library_call ("trace-calls", exp));
  return META_DONE;
}

/* Heap statistics at one moment.  */
struct gc_point
{
  int64_t bytes, gc_ms, gc_count;
};

static int64_t
stat_ref (SCM stats, SCM key)
{
  SCM entry = scm_assq (key, stats);
  return scm_is_pair (entry) ? scm_to_int64 (SCM_CDR (entry)) : 0;
}

static SCM
gc_point_body (void *data)
{
  struct gc_point *p = data;
  SCM stats = scm_gc_stats ();
  p->bytes = stat_ref (stats, sym_bytes_allocated);
  p->gc_ms = stat_ref (stats, sym_gc_time_ms);
  p->gc_count = stat_ref (stats, sym_gc_count);
  return SCM_UNSPECIFIED;
}

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

struct time_report
{
  double seconds;
  struct gc_point used;
};

static SCM
time_report_body (void *data)
{
  struct time_report *t = data;
  scm_c_printf (scm_current_output_port (),
        ";; %.6f s real time, %.3f s in GC (%lld collections), "
        "%lld bytes allocated\n", t->seconds, (double) t->used.gc_ms / 1000,
        (long long) t->used.gc_count, (long long) t->used.bytes);
  scm_force_output (scm_current_output_port ());
  return SCM_UNSPECIFIED;
}

/* The expression of a meta-command's text ARG (,time, ,expand): its
   datum, or (begin DATUM...) for several, in *EXP.  META_MORE if it is
   not complete yet; META_DONE, reported, if it is malformed or empty
   (USAGE is the message then); -1 if *EXP is read.  */
static int
meta_expression (struct repl *r, const char *arg, const char *usage, SCM *exp)
{
  struct read_job rj = { arg, r->text_line, "<repl>", SCM_EOL };
  SCM error;

  if (read_all (&rj, &error) != 0)
    {
      if (scm_is_incomplete_read_error (error))
        return META_MORE;
      handle_raised (r, error);
      return META_DONE;
    }
  if (scm_is_null (rj.data))
    {
      complain (r, usage);
      return META_DONE;
    }
  if (scm_is_null (SCM_CDR (rj.data)))
    *exp = SCM_CAR (rj.data);
  else
    *exp = scm_cons (scm_from_utf8_symbol ("begin"), rj.data);
  return -1;
}

/* ,time EXPR: the statistics are read twice before, so that what the
   first reading allocates (its list) is not counted.  */
static enum meta_result
meta_time (struct repl *r, const char *arg)
{
  struct gc_point p0, p1, p2;
  struct eval_job job = { SCM_UNSPECIFIED, SCM_UNSPECIFIED, SCM_UNDEFINED };

  int st = meta_expression (r, arg, "usage: ,time EXPR\n", &job.datum);
  if (st >= 0)
    return (enum meta_result) st;
  if (guarded (r, gc_point_body, &p0) || guarded (r, gc_point_body, &p1))
    return META_DONE;
  double start = now ();
  int failed = guarded (r, eval_body, &job);
  struct time_report t = { now () - start, { 0, 0, 0 } };
  if (guarded (r, gc_point_body, &p2) || r->done)
    return META_DONE;
  if (!failed)
    print_values (r, &job);
  t.used.bytes = (p2.bytes - p1.bytes) - (p1.bytes - p0.bytes);
  t.used.gc_ms = p2.gc_ms - p1.gc_ms;
  t.used.gc_count = p2.gc_count - p1.gc_count;
  if (t.used.bytes < 0)
    t.used.bytes = 0;
  guarded (r, time_report_body, &t);
  return META_DONE;
}

static SCM
expand_body (void *data)
{
  struct eval_job *j = data;
  j->values = scm_macroexpand (j->datum);
  return SCM_UNSPECIFIED;
}

/* ,expand EXPR: the full expansion of EXPR, written.  */
static enum meta_result
meta_expand (struct repl *r, const char *arg)
{
  struct eval_job job = { SCM_UNSPECIFIED, SCM_UNSPECIFIED, SCM_UNDEFINED };
  int st = meta_expression (r, arg, "usage: ,expand EXPR\n", &job.datum);
  if (st >= 0)
    return (enum meta_result) st;
  struct print_job pj = { SCM_UNSPECIFIED, NULL };
  if (guarded (r, expand_body, &job) == 0)
    {
      pj.values = job.values;
      guarded (r, print_body, &pj);
    }
  return META_DONE;
}

static enum meta_result
meta_gc (struct repl *r, const char *arg)
{
  struct meta_job job = { r, arg };
  guarded (r, gc_body, &job);
  return META_DONE;
}

static enum meta_result
meta_describe (struct repl *r, const char *arg)
{
  struct meta_job job = { r, arg };
  guarded (r, describe_body, &job);
  return META_DONE;
}

/* ,quit leaves the loop, or at a debug level that level.  */
static enum meta_result
meta_quit (struct repl *r, const char *arg)
{
  (void) arg;
  r->done = 1;
  if (r->level == 0)
    {
      r->exiting = 1;
      r->status = 0;
    }
  return META_DONE;
}

static enum meta_result meta_help (struct repl *r, const char *arg);

/* The meta-commands, one entry each; ,help lists them in this order.  */
static enum meta_result meta_disassemble (struct repl *r, const char *arg);

static const struct meta_command meta_commands[] = {
  { "help h ?", "", "this list", meta_help },
  { "quit q", "", "leave the loop (as Ctrl-D does), or leave a debug "
    "level", meta_quit },
  { "time t", "EXPR", "evaluate EXPR, print its values, then the wall "
    "time, the time in GC and the bytes allocated", meta_time },
  { "gc", "", "collect garbage, then print (gc-stats)", meta_gc },
  { "describe d", "NAME", "what NAME is: a procedure's parameters, "
    "docstring, where it was defined, the libraries that export it",
    meta_describe },
  { "apropos a", "REGEX", "the names that POSIX extended regular "
    "expression REGEX matches, with the libraries that export them",
    meta_apropos },
  { "expand exp", "EXPR", "the full expansion of EXPR into core forms",
    meta_expand },
  { "disassemble x", "EXPR", "the VM instructions of the procedure EXPR "
    "evaluates to ((libscm disassemble))", meta_disassemble },
  { "load l", "FILE", "load the Scheme file FILE", scm_i_repl_meta_load },
  { "import use", "SET ...", "import the libraries of the import sets",
    scm_i_repl_meta_import },
  { "module m", "[NAME]", "make module NAME, (srfi 1) or srfi 1, "
    "current; or show the current one", scm_i_repl_meta_module },
  { "reload re", "LIBRARY", "load LIBRARY's file again and import it "
    "anew", scm_i_repl_meta_reload },
  { "pp", "EXPR", "write EXPR's value with pretty-print",
    scm_i_repl_meta_pp },
  { "trace tr", "EXPR", "evaluate EXPR printing the calls of the current "
    "module's procedures, with arguments and values, by depth",
    meta_trace },
  { "profile pr", "EXPR", "evaluate EXPR under the statistical profiler, "
    "then print each procedure's share of the time", meta_profile },
  { "backtrace bt", "[full]", "debug level: the frames of the error, "
    "innermost first (with their locals if `full')", scm_i_repl_meta_bt },
  { "up", "[N]", "debug level: select the frame N (1) outward",
    scm_i_repl_meta_up },
  { "down", "[N]", "debug level: select the frame N (1) inward",
    scm_i_repl_meta_down },
  { "frame fr", "[N]", "debug level: select frame N, or show the "
    "selected one", scm_i_repl_meta_frame },
  { "locals", "", "debug level: the names and values of the selected "
    "frame's locals", scm_i_repl_meta_locals },
  { "error", "", "debug level: the error again", scm_i_repl_meta_error },
  { "break br", "NAME", "enter a debug level at each call of the "
    "procedure NAME, before it runs; ,q there lets the call go on",
    scm_i_repl_meta_break },
  { "step s", "", "debug level of a breakpoint or a step: go on to the "
    "next entry of a procedure or return from the frame, and stop there",
    scm_i_repl_meta_step },
  { "next n", "", "the same, skipping the calls deeper than the frame "
    "stopped in", scm_i_repl_meta_next },
  { "continue c", "", "stop stepping; the evaluation goes on to its end "
    "or the next breakpoint", scm_i_repl_meta_continue },
  { "unbreak", "NAME", "remove NAME's breakpoint", scm_i_repl_meta_unbreak },
  { "breakpoints", "", "the names that have a breakpoint",
    scm_i_repl_meta_breakpoints },
};

#define N_META_COMMANDS (sizeof meta_commands / sizeof *meta_commands)

/* Whether the word of N bytes at TEXT is one of NAMES (see struct
   meta_command).  */
static int
names_match (const char *names, const char *text, size_t n)
{
  for (const char *p = names; *p != '\0';)
    {
      size_t k = strcspn (p, " ");
      if (k == n && strncmp (p, text, n) == 0)
        return 1;
      p += k;
      p += strspn (p, " ");
    }
  return 0;
}

/* Print TEXT from column COL on, wrapped at 78 columns with lines
   after the first indented to COL.  */
static void
put_wrapped (SCM out, const char *text, int col)
{
  int at = col;
  while (*text != '\0')
    {
      size_t w = strcspn (text, " ");
      if (at > col && at + 1 + (int) w > 78)
        {
          scm_c_printf (out, "\n%*s", col, "");
          at = col;
        }
      else if (at > col)
        {
          scm_c_puts (out, " ");
          at++;
        }
      scm_c_printf (out, "%.*s", (int) w, text);
      at += (int) w;
      text += w;
      text += strspn (text, " ");
    }
  scm_c_puts (out, "\n");
}

static SCM
help_body (void *data)
{
  (void) data;
  SCM out = scm_current_output_port ();
  scm_c_puts (out, "Meta-commands, at the start of an input (a name, "
              "then its aliases):\n");
  for (size_t i = 0; i < N_META_COMMANDS; i++)
    {
      const struct meta_command *c = &meta_commands[i];
      char head[80];
      size_t at = 0;
      for (const char *p = c->names; *p != '\0' && at < 40;)
        {
          size_t k = strcspn (p, " ");
          at += (size_t) snprintf (head + at, sizeof head - at, ",%.*s ",
                                   (int) k, p);
          p += k;
          p += strspn (p, " ");
        }
      snprintf (head + at, sizeof head - at, "%s", c->args);
      scm_c_printf (out, "  %-24s", head);
      if (strlen (head) > 24)
        scm_c_printf (out, "\n%26s", "");
      put_wrapped (out, c->help, 26);
    }
  scm_c_puts (out, "Anything else is Scheme: each datum is evaluated and "
              "its values written,\none a line.  Ctrl-C interrupts an "
              "evaluation.  At the terminal, values are\nnumbered ($1 = ...) "
              "and an error enters a debug level (prompt `scm [N]>')\n"
              "whose expressions see the selected frame's locals.\n");
  return SCM_UNSPECIFIED;
}

static enum meta_result
meta_help (struct repl *r, const char *arg)
{
  (void) arg;
  guarded (r, help_body, NULL);
  return META_DONE;
}

static SCM
disassemble_body (void *data)
{
  struct eval_job *j = data;
  scm_call_1 (scm_c_public_ref ("libscm disassemble", "disassemble"),
              j->values);
  return SCM_UNSPECIFIED;
}

/* ,disassemble EXPR: the instructions of the procedure EXPR evaluates
   to.  */
static enum meta_result
meta_disassemble (struct repl *r, const char *arg)
{
  struct eval_job job = { SCM_UNSPECIFIED, SCM_UNSPECIFIED, SCM_UNDEFINED };
  int st = meta_expression (r, arg, "usage: ,disassemble EXPR\n",
                            &job.datum);
  if (st >= 0)
    return (enum meta_result) st;
  if (guarded (r, eval_body, &job) == 0)
    guarded (r, disassemble_body, &job);
  return META_DONE;
}

/* Run the meta-command in TEXT (after its `,').  META_MORE if its
   expression is not complete yet.  */
static enum meta_result
run_meta (struct repl *r, const char *text)
{
  size_t n = strcspn (text, " \t\n");
  for (size_t i = 0; i < N_META_COMMANDS; i++)
    if (names_match (meta_commands[i].names, text, n))
      return meta_commands[i].run (r, meta_argument (text));
  char msg[160];
  snprintf (msg, sizeof msg, "unknown meta-command `,%.*s'; ,help "
            "lists them\n", (int) (n < 60 ? n : 60), text);
  complain (r, msg);
  return META_DONE;
}

/* ------------------------------------------------------------------ */
/* Collecting lines.  */

/* Append LINE and a newline to the collected input.  */
static void
append_line (struct repl *r, const char *line)
{
  size_t n = strlen (line);
  char *grown = realloc (r->text, r->len + n + 2);
  if (grown == NULL)
    {
      complain (r, "scm_repl: out of memory: input discarded\n");
      return;
    }
  if (r->text == NULL)
    r->text_line = r->lines;
  memcpy (grown + r->len, line, n);
  r->len += n;
  grown[r->len++] = '\n';
  grown[r->len] = '\0';
  r->text = grown;
}

static void
discard_input (struct repl *r)
{
  free (r->text);
  r->text = NULL;
  r->len = 0;
}

static const char *
skip_blanks (const char *s)
{
  while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
    s++;
  return s;
}

/* Give the collected input to the add_history callback.  */
static void
remember (struct repl *r)
{
  if (r->opt->add_history == NULL || r->text == NULL)
    return;
  r->text[r->len - 1] = '\0';    /* the final newline */
  r->opt->add_history (skip_blanks (r->text), r->opt->data);
  r->text[r->len - 1] = '\n';
}

/* Evaluate each datum of DATA; if READ_FAILED, DATA is reversed (what
   was read before the read error ERROR), and ERROR is reported after.  */
static void
eval_data (struct repl *r, SCM data, int read_failed, SCM error)
{
  if (read_failed)
    data = scm_reverse (data);
  for (; scm_is_pair (data) && !r->done; data = SCM_CDR (data))
    eval_and_print (r, SCM_CAR (data));
  if (read_failed && !r->done)
    handle_raised (r, error);
}

/* Act on the collected input if it is complete; keep it if not.  */
static void
process_input (struct repl *r)
{
  const char *t = skip_blanks (r->text);
  if (*t == ',')
    {
      if (run_meta (r, t + 1) == META_MORE)
        return;
      remember (r);
    }
  else if (*t != '\0')
    {
      struct read_job rj = { r->text, r->text_line, "<repl>", SCM_EOL };
      SCM error = SCM_BOOL_F;
      int read_failed = read_all (&rj, &error);
      if (read_failed && scm_is_incomplete_read_error (error))
        return;
      remember (r);
      eval_data (r, rj.data, read_failed, error);
    }
  discard_input (r);
}

/* At the end of input, collected lines that do not make a whole datum
   are an error (the reader says what is missing).  */
static void
finish_input (struct repl *r)
{
  if (r->text == NULL)
    return;
  r->text[r->len - 1] = '\0';    /* the newline that was not typed */
  const char *t = skip_blanks (r->text);
  report_incomplete (r, *t == ',' ? meta_argument (t + 1) : r->text);
  discard_input (r);
}

/* ------------------------------------------------------------------ */
/* Lines from a port, when the embedder gives no callback.  */

struct line_job
{
  SCM port;
  char *line;                   /* GC memory, or NULL at end of input */
};

static SCM
port_line_body (void *data)
{
  struct line_job *j = data;
  size_t len = 0, cap = 128;
  char *buf = scm_gc_malloc_pointerless (cap, "REPL line");
  int32_t c;
  while ((c = scm_c_getc (j->port)) >= 0 && c != '\n')
    {
      if (len + 5 > cap)
        {
          char *bigger = scm_gc_malloc_pointerless (cap *= 2, "REPL line");
          memcpy (bigger, buf, len);
          buf = bigger;
        }
      int k = u8_uctomb ((uint8_t *) buf + len, (ucs4_t) c, 4);
      len += k > 0 ? (size_t) k : 0;
    }
  /* A client of the REPL server (telnet, nc -C) may end lines with
     CR LF.  */
  if (len > 0 && buf[len - 1] == '\r')
    len--;
  buf[len] = '\0';
  j->line = c < 0 && len == 0 ? NULL : buf;
  return SCM_UNSPECIFIED;
}

/* The name of the current module, written, in memory from malloc,
   unless it is the REPL's own (libscm user): NULL then.  */
static char *
module_label (void)
{
  SCM name = scm_module_name (scm_current_module ());
  char *text = scm_c_write_to_utf8 (name);
  if (strcmp (text, "(libscm user)") != 0)
    return text;
  free (text);
  return NULL;
}

/* The prompt for the next line: "" if not interactive.  The first line
   of an input shows the current module unless it is the user module,
   and the debug level: "scm@(srfi 1) [1]> ", as Guile's prompt does.  */
static const char *
current_prompt (struct repl *r)
{
  const struct scm_repl_options *o = r->opt;
  if (!o->interactive)
    return "";
  if (r->text != NULL)
    return o->continuation_prompt != NULL ? o->continuation_prompt : "...> ";
  char *module = module_label ();
  if (module == NULL && r->level == 0)
    return o->prompt != NULL ? o->prompt : "scm> ";
  char level[32] = "";
  if (r->level > 0)
    snprintf (level, sizeof level, " [%d]", r->level);
  snprintf (r->prompt, sizeof r->prompt, "scm%s%.120s%s> ",
            module != NULL ? "@" : "", module != NULL ? module : "", level);
  free (module);
  return r->prompt;
}

/* The next line, from the callback or the current input port, in
   memory from malloc; NULL at the end of input, or with errno EINTR
   when the input collected so far is to be dropped.  */
static char *
next_line (struct repl *r, const char *prompt)
{
  const struct scm_repl_options *o = r->opt;
  struct line_job j = { SCM_BOOL_F, NULL };
  char *line;

  if (o->read_line != NULL)
    {
      errno = 0;
      line = o->read_line (prompt, o->data);
    }
  else
    {
      j.port = scm_current_input_port ();
      int failed = guarded (r, port_line_body, &j);
      line = j.line != NULL ? strdup (j.line) : NULL;
      errno = failed || (j.line != NULL && line == NULL) ? EINTR : 0;
    }
  if (line != NULL)
    r->lines++;
  return line;
}

/* Before a prompt: the output so far shown, on a line of its own.
   When the loop writes its prompts on the output port, the input typed
   after one is not on that port: where the output is still where the
   prompt left it, nothing was written and no newline is needed.  */
static SCM
fresh_line_body (void *data)
{
  struct repl *r = data;
  SCM out = scm_current_output_port ();
  const char *prompt = r->opt->read_line != NULL ? NULL : current_prompt (r);
  long line = scm_to_long (scm_port_line (out));
  long column = output_column (out);
  if (column > 0 && !(line == r->prompt_end[0] && column == r->prompt_end[1]))
    scm_newline (out);
  r->prompt_end[0] = r->prompt_end[1] = -1;
  if (prompt != NULL)
    {
      scm_c_puts (out, prompt);
      r->prompt_end[0] = scm_to_long (scm_port_line (out));
      r->prompt_end[1] = output_column (out);
    }
  scm_force_output (out);
  return SCM_UNSPECIFIED;
}

static SCM
newline_body (void *data)
{
  SCM out = scm_current_output_port ();
  scm_newline (out);
  scm_force_output (out);
  return SCM_UNSPECIFIED;
}

static void
line_loop (struct repl *r)
{
  scm_i_repl_run_level (r);
}

/* The level of the loop this thread is running, innermost: where a
   breakpoint enters its debug level.  */
static __thread struct repl *innermost_level;

struct repl *
scm_i_repl_innermost_level (void)
{
  return innermost_level;
}

static void run_level (struct repl *r);

void
scm_i_repl_run_level (struct repl *r)
{
  struct repl *outer = innermost_level;
  int outer_awaiting = scm_i_await_input (0);
  innermost_level = r;
  run_level (r);
  innermost_level = outer;
  scm_i_await_input (outer_awaiting);
}

static void
run_level (struct repl *r)
{
  const struct scm_repl_options *o = r->opt;
  while (!r->done)
    {
      const char *prompt = current_prompt (r);
      /* The callback shows the prompt; else it goes on the port.  */
      if (o->interactive)
        guarded (r, fresh_line_body, r);
      /* The callback's line is taken before its evaluation starts: a
         request (Ctrl-C) made between the two is for that evaluation.
         Not so for lines from a port (the REPL server), whose threads
         a request for the program's own evaluation reaches too.  */
      scm_i_await_input (o->read_line != NULL);
      char *line = next_line (r, prompt);
      if (line == NULL && errno == EINTR)
        {
          discard_input (r);
          continue;
        }
      if (line == NULL)
        {
          if (o->interactive)
            guarded (r, newline_body, NULL);
          finish_input (r);
          return;
        }
      append_line (r, line);
      free (line);
      if (r->text != NULL)
        process_input (r);
    }
}

/* ------------------------------------------------------------------ */
/* Data straight from the current input port (a pipe or a file): one
   port, so positions count from the start of the input.  */

struct item_job
{
  SCM port;
  SCM datum;                    /* the datum read, or the eof object */
  char *meta;                   /* or the line after a `,' (GC memory) */
  long line;                    /* the line the item starts on */
};

/* Skip blanks and `;' comments up to the next datum.  */
static void
skip_space (SCM port)
{
  for (;;)
    {
      int32_t c = scm_c_peekc (port);
      if (c == ';')
        while ((c = scm_c_getc (port)) >= 0 && c != '\n')
          ;
      else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f')
        scm_c_getc (port);
      else
        return;
    }
}

static SCM
item_body (void *data)
{
  struct item_job *j = data;
  skip_space (j->port);
  j->line = scm_c_port_line (j->port);
  if (scm_c_peekc (j->port) == ',')
    {
      struct line_job lj = { j->port, NULL };
      scm_c_getc (j->port);
      port_line_body (&lj);
      j->meta = lj.line != NULL ? lj.line : (char *) "";
      return SCM_UNSPECIFIED;
    }
  j->datum = scm_read (j->port);
  return SCM_UNSPECIFIED;
}

/* After a read error: drop the rest of its line, unless the reader
   stopped at the start of a line.  */
static SCM
skip_line_body (void *data)
{
  SCM port = *(SCM *) data;
  int32_t c;
  if (scm_c_port_column (port) > 0)
    while ((c = scm_c_getc (port)) >= 0 && c != '\n')
      ;
  return SCM_UNSPECIFIED;
}

/* A meta-command in the port loop; ,time may go on over more lines.  */
static void
port_meta (struct repl *r, struct item_job *j)
{
  r->lines = j->line;
  append_line (r, j->meta);
  while (r->text != NULL && !r->done && run_meta (r, r->text) == META_MORE)
    {
      struct line_job lj = { j->port, NULL };
      if (guarded (r, port_line_body, &lj))
        break;
      if (lj.line == NULL)
        {
          report_incomplete (r, meta_argument (r->text));
          break;
        }
      append_line (r, lj.line);
    }
  discard_input (r);
}

static void
port_loop (struct repl *r)
{
  SCM port = scm_current_input_port ();
  while (!r->done)
    {
      struct item_job j = { port, SCM_EOF_VAL, NULL, 0 };
      if (guarded (r, item_body, &j))
        guarded (r, skip_line_body, &port);
      else if (j.meta != NULL)
        port_meta (r, &j);
      else if (scm_is_true (scm_eof_object_p (j.datum)))
        return;
      else
        eval_and_print (r, j.datum);
    }
}

/* ------------------------------------------------------------------ */
/* What the other files of the loop share.  */

int
scm_i_repl_guarded (struct repl *r, scm_t_catch_body body, void *data)
{
  return guarded (r, body, data);
}

void
scm_i_repl_complain (struct repl *r, const char *text)
{
  complain (r, text);
}

void
scm_i_repl_handle_raised (struct repl *r, SCM obj)
{
  handle_raised (r, obj);
}

int
scm_i_repl_meta_expression (struct repl *r, const char *arg,
                            const char *usage, SCM *exp)
{
  return meta_expression (r, arg, usage, exp);
}

/* ------------------------------------------------------------------ */

static SCM
banner_body (void *data)
{
  const char *banner = data;
  SCM out = scm_current_output_port ();
  if (banner != NULL)
    scm_c_puts (out, banner);
  else
    scm_c_printf (out, "libscm %s.  Type ,help for help, Ctrl-D to leave.\n",
          PACKAGE_VERSION);
  scm_force_output (out);
  return SCM_UNSPECIFIED;
}

/* The debugger shows the locals of the frames of an error: recording
   is on while an interactive loop runs.  Loops of several threads (the
   REPL server's clients) overlap, so the first to start turns it on
   and the last to end puts back what was there before.  */
static pthread_mutex_t recording_lock = PTHREAD_MUTEX_INITIALIZER;
static int interactive_loops, recording_before;

static void
interactive_loop_begins (void)
{
  pthread_mutex_lock (&recording_lock);
  if (interactive_loops++ == 0)
    recording_before = scm_c_set_frame_locals_recording (1);
  pthread_mutex_unlock (&recording_lock);
}

static void
interactive_loop_ends (void)
{
  pthread_mutex_lock (&recording_lock);
  if (--interactive_loops == 0)
    scm_c_set_frame_locals_recording (recording_before);
  pthread_mutex_unlock (&recording_lock);
}

int
scm_repl (const struct scm_repl_options *options)
{
  struct repl r;
  long history = 0;
  memset (&r, 0, sizeof r);
  r.opt = options;
  r.text_line = 1;
  r.condition = r.frames = r.step_frame = SCM_BOOL_F;
  r.base_frames = SCM_EOL;
  r.prompt_end[0] = r.prompt_end[1] = -1;
  if (options->interactive)
    {
      interactive_loop_begins ();
      r.base_frames = scm_i_repl_frames_under_loop ();
      r.history = &history;
      guarded (&r, banner_body, (void *) options->banner);
    }
  struct repl *outer = innermost_level;
  innermost_level = &r;
  if (options->read_line == NULL && !options->interactive)
    port_loop (&r);
  else
    line_loop (&r);
  innermost_level = outer;
  discard_input (&r);
  if (options->interactive)
    interactive_loop_ends ();
  if (r.exiting)
    return r.status;
  return options->interactive ? 0 : r.failed;
}

SCM_DEFINE (scm_i_start_repl, "%start-repl", 0, 0, 0, (void),
            "Run an interactive REPL on the current input, output and "
            "error ports (prompts, a banner, value history, debug levels; "
            "lines read from the input port) until its input ends or it "
            "is left with @code{,quit} or @code{(exit)}, which ends this "
            "loop only.  Return its exit status.  The REPL server runs "
            "one for each connection.")
{
  struct scm_repl_options ro;
  memset (&ro, 0, sizeof ro);
  ro.interactive = 1;
  return scm_from_int (scm_repl (&ro));
}

SCM_DEFINE (scm_i_repl_running_p, "%repl-running?", 0, 0, 0, (void),
            "Return @code{#t} if this thread runs a REPL (evaluating an "
            "input of it now), else @code{#f}: a script, @code{-c}, or a "
            "host's own call.")
{
  return scm_from_bool (innermost_level != NULL);
}

SCM_DEFINE (scm_i_repl_break, "%repl-break", 1, 0, 0, (SCM message),
            "Enter a debug level of the interactive REPL this thread runs, "
            "showing the string @var{message} and the frames of the caller; "
            "return @code{#t} when it is left, or @code{#f} at once if no "
            "interactive REPL runs.")
{
  SCM_ASSERT_TYPE (scm_is_string (message), message, 1, "%repl-break",
                   "string");
  return scm_from_bool (scm_i_repl_enter_break (message));
}

/* ------------------------------------------------------------------ */
/* Hints for unbound variables, from (libscm repl), loaded at the first
   such error.  */

static SCM
hint_body (void *data)
{
  SCM hint = scm_c_public_ref ("libscm repl", "unbound-variable-hint");
  return scm_call_1 (hint, *(SCM *) data);
}

static SCM
unbound_variable_hint (SCM obj)
{
  SCM result;
  if (!scm_is_condition (obj)
      || !scm_is_eq (scm_condition_kind (obj),
                     scm_from_utf8_symbol ("unbound-variable"))
      || scm_c_protect (hint_body, &obj, &result) != 0)
    return SCM_BOOL_F;
  return result;
}

void
scm_init_repl (void)
{
  scm_i_set_error_hint (unbound_variable_hint);
  scm_i_repl_init_stepping ();
  repl_write_subr = scm_permanent_object
    (scm_c_make_gsubr ("%repl-write", 2, 0, 0, (scm_t_subr) repl_write));
#ifndef SCM_MAGIC_SNARFER
#include "repl/repl.x"
#endif
}
