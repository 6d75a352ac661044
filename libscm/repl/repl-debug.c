/* repl-debug.c -- the REPL's debugger: debug levels entered on an
   error, with the failed evaluation's frames to walk and evaluate in
   SPDX-License-Identifier: LGPL-3.0-or-later

   The interactive loop records each frame's locals in the backtraces
   of the conditions raised (scm_c_set_frame_locals_recording), so that
   after an error, with the stack gone, a debug level can still show
   the frames, their locals, and evaluate an expression with the
   selected frame's locals bound to their values (in a fresh
   environment over the frame procedure's module: an assignment there
   does not reach the frame).  */

#include "runtime/conditions-internal.h" /* scm_i_display_frame */
#include "repl/repl-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/gc.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/print.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>
#include <libscm/eq.h>
#include <libscm/eval.h>
#include <libscm/subrs.h>

/* ------------------------------------------------------------------ */
/* Frames of a debug level.  */

static SCM
selected_frame (struct repl *r)
{
  SCM f = scm_list_tail (r->frames, scm_from_long (r->selected));
  return scm_is_pair (f) ? SCM_CAR (f) : SCM_BOOL_F;
}

/* The locals alist of FRAME, or #f when none were recorded.  */
static SCM
frame_locals (SCM frame)
{
  return scm_is_vector (frame) && SCM_VECTOR_LENGTH (frame) >= 8
    ? SCM_VECTOR_REF (frame, 5) : SCM_BOOL_F;
}

static SCM
frame_module (SCM frame)
{
  return scm_is_vector (frame) && SCM_VECTOR_LENGTH (frame) >= 8
    ? SCM_VECTOR_REF (frame, 7) : SCM_BOOL_F;
}

/* Whether DATUM defines or imports: evaluated at the top level of the
   frame's module, not inside a procedure that binds the locals.  */
static int
definition_p (SCM datum)
{
  static const char *const heads[] = {
    "define", "define-syntax", "define-record-type", "define-values",
    "define-library", "import", "define-module", "begin",
  };
  if (!scm_is_pair (datum) || !scm_is_symbol (SCM_CAR (datum)))
    return 0;
  for (size_t i = 0; i < sizeof heads / sizeof *heads; i++)
    if (scm_is_eq (SCM_CAR (datum), scm_from_utf8_symbol (heads[i])))
      return 1;
  return 0;
}

SCM
scm_i_repl_frame_datum (struct repl *r, SCM datum, SCM *env)
{
  *env = SCM_UNDEFINED;
  if (r->level == 0)
    return datum;
  SCM frame = selected_frame (r);
  SCM module = frame_module (frame), locals = frame_locals (frame);
  if (scm_is_true (scm_module_p (module)))
    *env = module;
  if (!scm_is_pair (locals) || definition_p (datum))
    return datum;
  /* ((lambda (NAME ...) DATUM) 'VALUE ...)  */
  SCM names = SCM_EOL, args = SCM_EOL, quote = scm_from_utf8_symbol ("quote");
  for (SCM l = locals; scm_is_pair (l); l = SCM_CDR (l))
    {
      names = scm_cons (SCM_CAR (SCM_CAR (l)), names);
      args = scm_cons (scm_list_2 (quote, SCM_CDR (SCM_CAR (l))), args);
    }
  SCM lambda = scm_list_3 (scm_from_utf8_symbol ("lambda"),
                           scm_reverse (names), datum);
  return scm_cons (lambda, scm_reverse (args));
}

/* ------------------------------------------------------------------ */
/* Entering and leaving a level.  */

static SCM
enter_body (void *data)
{
  SCM obj = *(SCM *) data;
  SCM err = scm_current_error_port ();
  scm_force_output (scm_current_output_port ());
  scm_c_display_error (obj, err, 0);
  scm_c_puts (err, "Entering a new prompt.  Type `,bt' for a backtrace "
              "or `,q' to continue.\n");
  scm_force_output (err);
  return SCM_UNSPECIFIED;
}

static SCM
probe_body (void *data)
{
  (void) data;
  scm_c_raise_error ("error", "repl", "the frames under the loop", SCM_EOL);
  return SCM_UNSPECIFIED;
}

SCM
scm_i_repl_frames_under_loop (void)
{
  SCM obj;
  if (scm_c_protect (probe_body, NULL, &obj) == 0 || !scm_is_condition (obj))
    return SCM_EOL;
  return scm_condition_backtrace (obj);
}

/* Whether backtrace entries A and B are of the same call: the same
   procedure name and position (their locals may differ).  */
static int
same_call (SCM a, SCM b)
{
  for (size_t i = 0; i < 4; i++)
    if (scm_is_false (scm_equal_p (scm_c_vector_ref (a, i),
                                   scm_c_vector_ref (b, i))))
      return 0;
  return 1;
}

/* FRAMES without the frames under the loop, BASE, at their end: those
   are the loop's caller's, not the failed evaluation's.  */
static SCM
without_base (SCM frames, SCM base)
{
  long n = scm_c_list_length (frames), k = scm_c_list_length (base);
  if (k <= 0 || n < k)
    return frames;
  SCM tail = scm_list_tail (frames, scm_from_long (n - k));
  for (SCM t = tail, b = base; scm_is_pair (t); t = SCM_CDR (t), b = SCM_CDR (b))
    if (!same_call (SCM_CAR (t), SCM_CAR (b)))
      return frames;
  SCM head = SCM_EOL;
  for (long i = 0; i < n - k; i++, frames = SCM_CDR (frames))
    head = scm_cons (SCM_CAR (frames), head);
  return scm_reverse (head);
}

/* Enter a level below R for OBJ, announced by BANNER (DATA), stopped
   in STEP_FRAME (or #f).  */
static void
debug_level (struct repl *r, SCM obj, scm_t_catch_body banner, void *data,
             SCM step_frame)
{
  struct repl d;
  memset (&d, 0, sizeof d);
  d.opt = r->opt;
  d.lines = r->lines;
  d.prompt_end[0] = d.prompt_end[1] = -1;
  d.level = r->level + 1;
  d.condition = obj;
  d.base_frames = r->base_frames;
  d.frames = without_base (scm_condition_backtrace (obj), r->base_frames);
  d.history = r->history;
  d.step_frame = step_frame;
  r->failed = 1;
  if (scm_i_repl_guarded (r, banner, data))
    return;
  scm_i_repl_run_level (&d);
  free (d.text);
  r->lines = d.lines;
  r->prompt_end[0] = d.prompt_end[0];
  r->prompt_end[1] = d.prompt_end[1];
  if (d.exiting)
    {
      r->done = r->exiting = 1;
      r->status = d.status;
    }
}

void
scm_i_repl_debug (struct repl *r, SCM obj)
{
  debug_level (r, obj, enter_body, &obj, SCM_BOOL_F);
}

/* ------------------------------------------------------------------ */
/* Breakpoints: (libscm repl)'s break-procedure! wraps a procedure in
   one that calls %repl-break before it.  Nothing in the VM: a
   procedure without a breakpoint runs as before.  */

static SCM
raise_break_body (void *data)
{
  SCM message = *(SCM *) data;
  /* The text goes to collected memory, so that the raise leaks no
     malloc'd copy.  */
  char *m = scm_to_utf8_stringn (message, NULL);
  size_t n = strlen (m) + 1;
  char *text = scm_gc_malloc_pointerless (n, "break message");
  memcpy (text, m, n);
  free (m);
  scm_c_raise_error ("break", NULL, text, SCM_EOL);
  return SCM_UNSPECIFIED;
}

int
scm_i_repl_enter_break (SCM message)
{
  struct repl *r = scm_i_repl_innermost_level ();
  SCM obj, frame = scm_c_step_frame ();
  if (r == NULL || !r->opt->interactive
      || scm_c_protect (raise_break_body, &message, &obj) == 0)
    return 0;
  int failed = r->failed;
  debug_level (r, obj, enter_body, &obj, frame);
  r->failed = failed;           /* a breakpoint is no error */
  return 1;
}

/* ------------------------------------------------------------------ */
/* Stepping: the VM calls step_stop at each stop (vm/step.c), which
   enters a level as a breakpoint does, showing the entry or return and
   the frame stopped in; ,step and ,next leave the level and arm the
   next stop.  */

struct step_job
{
  int event;
  SCM proc, values;
  SCM message;                  /* out: a string */
  SCM obj;                      /* the condition raised with it */
};

/* "entering (NAME ARG ...)" or "NAME returned VALUE ...".  */
static SCM
step_message_body (void *data)
{
  struct step_job *j = data;
  SCM s = scm_open_output_string ();
  SCM name = scm_procedure_name (j->proc);
  if (scm_is_false (name))
    name = scm_from_utf8_symbol ("<anonymous>");
  if (j->event == SCM_STEP_ENTRY)
    {
      scm_c_puts (s, "step: entering ");
      scm_write (scm_cons (name, j->values), s);
    }
  else
    {
      scm_c_puts (s, "step: ");
      scm_display (name, s);
      scm_c_puts (s, scm_is_null (j->values) ? " returned no values"
                  : " returned");
      for (SCM v = j->values; scm_is_pair (v); v = SCM_CDR (v))
        {
          scm_c_puts (s, " ");
          scm_write (SCM_CAR (v), s);
        }
    }
  j->message = scm_get_output_string (s);
  return SCM_UNSPECIFIED;
}

/* The announcement of a step's level: its message, then the frame
   stopped in, as ,bt shows it.  */
static SCM
step_banner_body (void *data)
{
  struct step_job *j = data;
  SCM out = scm_current_output_port ();
  scm_display (j->message, out);
  scm_newline (out);
  SCM frames = scm_condition_backtrace (j->obj);
  if (scm_is_pair (frames))
    scm_i_display_frame (SCM_CAR (frames), out, 0);
  scm_force_output (out);
  return SCM_UNSPECIFIED;
}

static void
step_stop (int event, SCM proc, SCM values, SCM frame)
{
  struct repl *r = scm_i_repl_innermost_level ();
  struct step_job j = { event, proc, values, SCM_BOOL_F, SCM_BOOL_F };
  SCM ignored;
  if (r == NULL || !r->opt->interactive
      || scm_c_protect (step_message_body, &j, &ignored) != 0
      || scm_c_protect (raise_break_body, &j.message, &j.obj) == 0)
    return;
  int failed = r->failed;
  debug_level (r, j.obj, step_banner_body, &j, frame);
  r->failed = failed;           /* a step is no error */
}

void
scm_i_repl_init_stepping (void)
{
  scm_c_set_step_handler (step_stop);
}

static SCM
step_body (void *data)
{
  struct repl *r = ((void **) data)[0];
  int mode = *(int *) ((void **) data)[1];
  scm_c_step (mode, r->step_frame);
  return SCM_UNSPECIFIED;
}

/* Leave level R, stepping on in MODE from its stopped frame.  */
static enum meta_result
go_on (struct repl *r, int mode)
{
  if (r->level == 0 || scm_is_false (r->step_frame))
    {
      scm_i_repl_complain (r, "not stopped in a running evaluation: "
                           "stepping starts at a breakpoint (,break NAME)\n");
      return META_DONE;
    }
  void *data[2] = { r, &mode };
  if (scm_i_repl_guarded (r, step_body, data) == 0)
    r->done = 1;
  return META_DONE;
}

enum meta_result
scm_i_repl_meta_step (struct repl *r, const char *arg)
{
  (void) arg;
  return go_on (r, SCM_STEP_INTO);
}

enum meta_result
scm_i_repl_meta_next (struct repl *r, const char *arg)
{
  (void) arg;
  return go_on (r, SCM_STEP_OVER);
}

enum meta_result
scm_i_repl_meta_continue (struct repl *r, const char *arg)
{
  (void) arg;
  return go_on (r, SCM_STEP_OFF);
}

/* ------------------------------------------------------------------ */
/* The commands.  */

/* Complain unless R is a debug level with frames; 0 if it is not.  */
static int
need_frames (struct repl *r)
{
  if (r->level == 0)
    {
      scm_i_repl_complain (r, "not in a debug level: an error at the "
                           "prompt enters one\n");
      return 0;
    }
  if (!scm_is_pair (r->frames))
    {
      scm_i_repl_complain (r, "no frames were recorded: the object raised "
                           "is not a condition, or came from outside "
                           "Scheme code\n");
      return 0;
    }
  return 1;
}

struct show_job
{
  struct repl *r;
  SCM frame;
  long index;
  int locals;                   /* print the locals too */
  const char *indent;
};

/* Print the locals of J->frame, one "NAME = VALUE" a line.  */
static void
put_locals (SCM out, SCM frame, const char *indent)
{
  SCM locals = frame_locals (frame);
  if (scm_is_false (locals))
    {
      scm_c_printf (out, "%sno locals recorded (the error came before "
                  "the debugger was on)\n", indent);
      return;
    }
  if (scm_is_null (locals))
    scm_c_printf (out, "%sno locals\n", indent);
  for (; scm_is_pair (locals); locals = SCM_CDR (locals))
    {
      scm_c_puts (out, indent);
      scm_display (SCM_CAR (SCM_CAR (locals)), out);
      scm_c_puts (out, " = ");
      scm_write (SCM_CDR (SCM_CAR (locals)), out);
      scm_c_puts (out, "\n");
    }
}

static SCM
show_frame_body (void *data)
{
  struct show_job *j = data;
  SCM out = scm_current_output_port ();
  scm_i_display_frame (j->frame, out, (int) j->index);
  if (j->locals)
    put_locals (out, j->frame, j->indent);
  scm_force_output (out);
  return SCM_UNSPECIFIED;
}

static void
show_frame (struct repl *r, long index, int locals)
{
  struct show_job j = { r, SCM_BOOL_F, index, locals, "      " };
  SCM f = scm_list_tail (r->frames, scm_from_long (index));
  j.frame = SCM_CAR (f);
  scm_i_repl_guarded (r, show_frame_body, &j);
}

/* An optional count or index in ARG: DFLT if none; -1 if malformed.  */
static long
number_arg (struct repl *r, const char *arg, long dflt)
{
  while (*arg == ' ' || *arg == '\t')
    arg++;
  if (*arg == '\0' || *arg == '\n')
    return dflt;
  char *end;
  long n = strtol (arg, &end, 10);
  if (end == arg || n < 0 || (*end != '\0' && *end != '\n' && *end != ' '))
    {
      scm_i_repl_complain (r, "expected a number of frames\n");
      return -1;
    }
  return n;
}

static long
frame_count (struct repl *r)
{
  return scm_to_long (scm_length (r->frames));
}

enum meta_result
scm_i_repl_meta_bt (struct repl *r, const char *arg)
{
  if (!need_frames (r))
    return META_DONE;
  int full = strncmp (arg, "full", 4) == 0;
  long n = frame_count (r);
  for (long i = 0; i < n; i++)
    show_frame (r, i, full);
  return META_DONE;
}

/* Select frame I, if there is one, and show it.  */
static void
select_frame (struct repl *r, long i)
{
  long n = frame_count (r);
  if (i < 0 || i >= n)
    {
      char msg[120];
      snprintf (msg, sizeof msg, "no such frame: the frames are 0 (the "
                "innermost) to %ld\n", n - 1);
      scm_i_repl_complain (r, msg);
      return;
    }
  r->selected = i;
  show_frame (r, i, 0);
}

enum meta_result
scm_i_repl_meta_up (struct repl *r, const char *arg)
{
  long k;
  if (need_frames (r) && (k = number_arg (r, arg, 1)) >= 0)
    select_frame (r, r->selected + k);
  return META_DONE;
}

enum meta_result
scm_i_repl_meta_down (struct repl *r, const char *arg)
{
  long k;
  if (need_frames (r) && (k = number_arg (r, arg, 1)) >= 0)
    select_frame (r, r->selected - k);
  return META_DONE;
}

enum meta_result
scm_i_repl_meta_frame (struct repl *r, const char *arg)
{
  long k;
  if (need_frames (r) && (k = number_arg (r, arg, r->selected)) >= 0)
    select_frame (r, k);
  return META_DONE;
}

static SCM
locals_body (void *data)
{
  struct show_job *j = data;
  SCM out = scm_current_output_port ();
  put_locals (out, j->frame, "  ");
  scm_force_output (out);
  return SCM_UNSPECIFIED;
}

enum meta_result
scm_i_repl_meta_locals (struct repl *r, const char *arg)
{
  (void) arg;
  if (!need_frames (r))
    return META_DONE;
  struct show_job j = { r, selected_frame (r), r->selected, 1, "  " };
  scm_i_repl_guarded (r, locals_body, &j);
  return META_DONE;
}

static SCM
error_body (void *data)
{
  struct repl *r = data;
  SCM out = scm_current_output_port ();
  scm_c_display_error (r->condition, out, 0);
  scm_force_output (out);
  return SCM_UNSPECIFIED;
}

enum meta_result
scm_i_repl_meta_error (struct repl *r, const char *arg)
{
  (void) arg;
  if (r->level == 0)
    scm_i_repl_complain (r, "not in a debug level: an error at the "
                         "prompt enters one\n");
  else
    scm_i_repl_guarded (r, error_body, r);
  return META_DONE;
}
