/* test-repl.c -- scm_repl driven through its callbacks and through the
   standard ports; docstrings; (command-line); scm_toplevel_names
   SPDX-License-Identifier: LGPL-3.0-or-later

   The REPL writes on the current output and error ports, which are
   file descriptors 1 and 2: each run points them at temporary files for
   its duration (dup2) and the test reads the files back.  */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libscm.h>
#include "tap.h"

static char out_path[64], err_path[64], in_path[64];

static char *
slurp (const char *path)
{
  static char buf[3][8192];
  static int which;
  char *b = buf[which++ % 3];
  FILE *f = fopen (path, "rb");
  size_t n = f ? fread (b, 1, sizeof buf[0] - 1, f) : 0;
  b[n] = '\0';
  if (f)
    fclose (f);
  return b;
}

/* ------------------------------------------------------------------ */
/* A scripted line reader.  NULL in the script ends the input; CANCEL
   is Ctrl-C at the prompt; CANCEL_REQUESTING is a Ctrl-C at the prompt
   whose handler also asked for an interrupt.  A line with the comment
   ";read^C" asks for one once it is read (a Ctrl-C just after Enter);
   one with ";history^C" asks when it goes to the history (after it is
   read, before it is evaluated).  */

#define CANCEL ((const char *) 1)
#define CANCEL_REQUESTING ((const char *) 2)

struct script
{
  const char *const *lines;
  size_t next;
  char prompts[512];            /* every prompt shown, joined by | */
  char history[512];            /* every history entry, joined by | */
};

static char *
scripted_line (const char *prompt, void *data)
{
  struct script *s = data;
  const char *line = s->lines[s->next];
  strncat (s->prompts, prompt, sizeof s->prompts - strlen (s->prompts) - 2);
  strcat (s->prompts, "|");
  if (line == NULL)
    {
      errno = 0;
      return NULL;
    }
  s->next++;
  if (line == CANCEL || line == CANCEL_REQUESTING)
    {
      if (line == CANCEL_REQUESTING)
        scm_request_interrupt ();
      errno = EINTR;
      return NULL;
    }
  if (strstr (line, ";read^C") != NULL)
    scm_request_interrupt ();
  return strdup (line);
}

static void
scripted_history (const char *entry, void *data)
{
  struct script *s = data;
  if (strstr (entry, ";history^C") != NULL)
    scm_request_interrupt ();
  strncat (s->history, entry, sizeof s->history - strlen (s->history) - 2);
  strcat (s->history, "|");
}

/* Run scm_repl with OPTIONS; stdout and stderr go to OUT and ERR.  */
static int
run_repl (struct scm_repl_options *options, char **out, char **err)
{
  int fd_out = open (out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  int fd_err = open (err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  int saved_out = dup (1), saved_err = dup (2);
  fflush (stdout);
  dup2 (fd_out, 1);
  dup2 (fd_err, 2);
  int status = scm_repl (options);
  scm_force_output (scm_current_output_port ());
  scm_force_output (scm_current_error_port ());
  dup2 (saved_out, 1);
  dup2 (saved_err, 2);
  close (fd_out);
  close (fd_err);
  close (saved_out);
  close (saved_err);
  *out = slurp (out_path);
  *err = slurp (err_path);
  return status;
}

/* Run a loop over LINES, not interactive.  */
static int
run_lines (const char *const *lines, struct script *s, char **out, char **err)
{
  struct scm_repl_options o;
  memset (&o, 0, sizeof o);
  memset (s, 0, sizeof *s);
  s->lines = lines;
  o.read_line = scripted_line;
  o.add_history = scripted_history;
  o.data = s;
  return run_repl (&o, out, err);
}

static void
test_lines (void)
{
  struct script s;
  char *out, *err;

  static const char *const basic[] =
    { "(+ 1 2)", "(values 1 \"two\")  (values)", "(if #f #f)", NULL };
  int st = run_lines (basic, &s, &out, &err);
  ok_streq (out, "3\n1\n\"two\"\n", "values written one a line; unspecified and none print nothing");
  ok (st == 0 && *err == '\0', "status 0, nothing on the error port");
  ok_streq (s.prompts, "||||", "not interactive: every prompt is \"\"");
  ok_streq (s.history, "(+ 1 2)|(values 1 \"two\")  (values)|(if #f #f)|",
            "each input goes to add_history");

  static const char *const multi[] =
    { "(define (f x)", "", "  (* x 10))  (f", "2)", "(f 3)", NULL };
  st = run_lines (multi, &s, &out, &err);
  ok_streq (out, "20\n30\n", "a datum over lines; a line ending inside the next one");
  ok_streq (s.history, "(define (f x)\n\n  (* x 10))  (f\n2)|(f 3)|",
            "a datum over several lines is one history entry");

  static const char *const errors[] =
    { "(define a 1)", "(car a)", "(define b (+ a 1)) (car b) b", "(list a b)",
      NULL };
  st = run_lines (errors, &s, &out, &err);
  ok_streq (out, "2\n(1 2)\n", "after an error the loop goes on with the "
            "next datum, definitions kept");
  ok (strstr (err, "(expected pair): 1") != NULL
      && strstr (err, "(expected pair): 2") != NULL,
      "the errors are reported on the error port");
  ok (st == 1, "not interactive: status 1 after an error");

  static const char *const reading[] =
    { "1 (oops . ) 2", "3", "(4", NULL };
  st = run_lines (reading, &s, &out, &err);
  ok_streq (out, "1\n3\n", "a malformed datum: what precedes it is evaluated, "
            "the rest of its input dropped");
  ok (strstr (err, "<repl>:1:11: `.' in a bad place") != NULL,
      "the read error names the loop's line and column");
  ok (strstr (err, "<repl>:3:3: unterminated list") != NULL,
      "input ending inside a datum is reported, at its line: %s", err);
  ok (st == 1, "status 1");

  static const char *const cancel[] =
    { "(list 1", CANCEL, "(list 2)", NULL };
  st = run_lines (cancel, &s, &out, &err);
  ok_streq (out, "(2)\n", "NULL with errno EINTR drops the datum being typed");
  ok (st == 0 && *err == '\0', "... and is no error");

  static const char *const leave[] =
    { "(display \"x\") (exit 7) (display \"y\")", "(display \"z\")", NULL };
  st = run_lines (leave, &s, &out, &err);
  ok (st == 7, "(exit 7) ends the loop with status 7 (got %d)", st);
  ok_streq (out, "x", "... at once: nothing after it is evaluated or read");
  ok (s.next == 1, "... no further line is read");

  static const char *const quit[] = { "1", ",q", "2", NULL };
  st = run_lines (quit, &s, &out, &err);
  ok (st == 0 && strcmp (out, "1\n") == 0, ",q ends the loop, status 0");
}

/* Ctrl-C between the reading of a line and its evaluation: the
   request is for that evaluation.  The callbacks ask for the interrupt
   at the points a signal handler could, so the order is fixed.  */
static void
test_interrupt_after_read (void)
{
  struct script s;
  char *out, *err;

  static const char *const after_read[] =
    { "(define r 'none)", "(begin (set! r 'ran) 'finished) ;read^C",
      "(list r 1)", NULL };
  int st = run_lines (after_read, &s, &out, &err);
  ok (strstr (err, "interrupted") != NULL && strstr (out, "finished") == NULL,
      "a request made once the line is read interrupts its evaluation: "
      "out %s err %s", out, err);
  ok (strstr (out, "(none 1)\n") != NULL && st == 1,
      "... before it ran; the next line is not interrupted: %s", out);

  static const char *const in_history[] =
    { "(car (list 'finished)) ;history^C", "(list 2)", NULL };
  run_lines (in_history, &s, &out, &err);
  ok (strstr (err, "interrupted") != NULL && strcmp (out, "(2)\n") == 0,
      "a request made after the line went to the history (before its "
      "evaluation) interrupts it: out %s err %s", out, err);

  static const char *const two[] =
    { "(define k 0)", "(set! k 1) (set! k 2) ;history^C", "k", NULL };
  run_lines (two, &s, &out, &err);
  ok (strstr (err, "interrupted") != NULL && strcmp (out, "2\n") == 0,
      "one request interrupts the first datum of the line only: %s", out);

  static const char *const cancelled[] =
    { "(list 1", CANCEL_REQUESTING, "(list 3)", NULL };
  st = run_lines (cancelled, &s, &out, &err);
  ok_streq (out, "(3)\n", "a request with the input cancelled at the prompt "
            "interrupts nothing after");
  ok (st == 0 && *err == '\0', "... no error: %s", err);

  static const char *const incomplete[] =
    { "(list 4 ;read^C", "(list 5)", NULL };
  run_lines (incomplete, &s, &out, &err);
  ok (strcmp (out, "(5)\n") == 0 && strstr (err, "interrupted") != NULL,
      "a request after a line that leaves a datum unfinished stops its "
      "reading: the datum is dropped: %s %s", out, err);

  /* The embedder's case: nothing runs when the request is made.  */
  static const char *const plain[] = { "(list 6)", NULL };
  scm_request_interrupt ();
  st = run_lines (plain, &s, &out, &err);
  ok (strcmp (out, "(6)\n") == 0 && st == 0,
      "a request made before the loop started interrupts nothing in it");
  scm_request_interrupt ();
  SCM v;
  int raised = scm_c_eval_string_with_name_protected ("(+ 1 2)", "after", &v);
  ok (raised == 0 && scm_is_eq (v, scm_from_int (3)),
      "after the loop, a request made while nothing runs is dropped when "
      "an evaluation starts");
}

static void
test_meta (void)
{
  struct script s;
  char *out, *err;

  static const char *const help[] = { "  ,help", NULL };
  run_lines (help, &s, &out, &err);
  ok (strncmp (out, "Meta-commands, at the start of an input (a name, then "
               "its aliases):\n", 67) == 0,
      ",help (after blanks)");

  static const char *const unknown[] = { ",nope", NULL };
  int st = run_lines (unknown, &s, &out, &err);
  ok_streq (err, "unknown meta-command `,nope'; ,help lists them\n",
            "an unknown meta-command");
  ok (st == 1 && *out == '\0', "... is an error");

  static const char *const time[] = { ",time (list 1", "2)", "1", NULL };
  st = run_lines (time, &s, &out, &err);
  ok (strncmp (out, "(1 2)\n;; ", 9) == 0 && strstr (out, " bytes allocated\n1\n"),
      ",time over two lines: the value, the times, then the loop goes on");
  ok_streq (s.history, ",time (list 1\n2)|1|", ",time is one history entry");

  static const char *const time_err[] = { ",time (car 1)", NULL };
  st = run_lines (time_err, &s, &out, &err);
  ok (strstr (err, "car: wrong type") != NULL && strstr (out, "real time"),
      ",time of an error: the error, then the times");

  static const char *const describe[] = { ",describe cons", NULL };
  run_lines (describe, &s, &out, &err);
  ok_streq (out, " -- Scheme Procedure: cons car cdr\n"
            "     Return a new pair whose car is CAR and cdr CDR.\n"
            "     Exported by (scheme base), (scheme r5rs) and (srfi 1).\n",
            ",describe cons");

  static const char *const expand[] =
    { "(define-syntax swap! (syntax-rules () ((_ a b) (let ((tmp a))"
      " (set! a b) (set! b tmp)))))",
      ",expand (let ((tmp 1) (y 2)) (swap! tmp y))",
      ",exp (when", "(f) 1)", "swap!", NULL };
  st = run_lines (expand, &s, &out, &err);
  ok_streq (out, "(let ((tmp 1) (y 2)) (let ((tmp-1 tmp)) (begin (set! tmp y)"
            " (set! y tmp-1))))\n(if (f) 1 #<unspecified>)\n",
            ",expand: the macro's tmp renamed apart from the user's; "
            ",exp over two lines");
  ok (strstr (err, "swap!") != NULL && st == 1,
      "... and defines nothing: a macro keyword alone is still an error");

  static const char *const disassemble[] =
    { "(define (f x) (if (pair? x) 'p x))", ",disassemble f",
      ",x (lambda (y)", "y)", ",x car", ",x", NULL };
  st = run_lines (disassemble, &s, &out, &err);
  ok (strstr (out, "Disassembly of #<procedure f>") != NULL
      && strstr (out, "BRL_PAIRP") != NULL && strstr (out, "CONST_RETURN    p")
      && strstr (out, "L1:") != NULL,
      ",disassemble: the instructions, a constant, a label");
  const char *second = strstr (out, "Disassembly of");
  second = second != NULL ? strstr (second + 1, "Disassembly of") : NULL;
  ok (second != NULL && strstr (second, "LREF_RETURN     fp[0]") != NULL,
      ",x over two lines disassembles too");
  ok (strstr (err, "wrong type argument") != NULL
      && strstr (err, "usage: ,disassemble EXPR") != NULL,
      ",x of a primitive, and of nothing: errors");

  static const char *const expand_bad[] = { ",expand (swap! 1)", ",expand",
                                            NULL };
  st = run_lines (expand_bad, &s, &out, &err);
  ok (strstr (err, "swap!") != NULL && strstr (err, "usage: ,expand EXPR"),
      ",expand of a use that matches no rule, and of nothing: errors");

  static const char *const gc[] = { ",gc", NULL };
  run_lines (gc, &s, &out, &err);
  ok (strncmp (out, ";; heap-size ", 13) == 0 && strstr (out, ";; gc-count "),
      ",gc prints the statistics");
}

static void
test_interactive (void)
{
  struct script s;
  struct scm_repl_options o;
  char *out, *err;
  static const char *const lines[] =
    { "(display \"a\")", "(list 1", "2)", NULL };

  memset (&o, 0, sizeof o);
  memset (&s, 0, sizeof s);
  s.lines = lines;
  o.read_line = scripted_line;
  o.data = &s;
  o.interactive = 1;
  o.banner = "hello\n";
  o.prompt = "> ";
  int st = run_repl (&o, &out, &err);
  ok_streq (s.prompts, "> |> |...> |> |", "the prompts given to the callback");
  ok_streq (out, "hello\na\n$1 = (1 2)\n\n",
            "banner; a fresh line after output; value history; a newline at "
            "the end");
  ok (st == 0, "interactive: status 0");

  static const char *const failing[] = { "(car 1)", NULL };
  s.lines = failing;
  s.next = 0;
  o.banner = "";
  st = run_repl (&o, &out, &err);
  ok (st == 0 && strcmp (out, "\n\n") == 0,
      "interactive: status 0 even after an error; \"\" for no banner; "
      "the end of input leaves the debug level, then the loop: %s", out);
  ok (strstr (err, "Entering a new prompt.") != NULL,
      "interactive: an error enters a debug level");
  ok (strstr (s.prompts, "> |scm [1]> |> |") != NULL,
      "... whose prompt shows the level, then the loop's again: %s",
      s.prompts);
}

/* The loop reading the standard input port itself.  */
static void
test_ports (void)
{
  struct scm_repl_options o;
  char *out, *err;
  FILE *f = fopen (in_path, "w");
  fputs ("(define v 5) ; a comment\n"
         ",time (list v\n"
         "  v)\n"
         "(+ v 1) (car\n"
         " v)\n"
         "v\n", f);
  fclose (f);

  int fd = open (in_path, O_RDONLY), saved = dup (0);
  dup2 (fd, 0);
  memset (&o, 0, sizeof o);
  int st = run_repl (&o, &out, &err);
  dup2 (saved, 0);
  close (fd);
  close (saved);
  ok (strncmp (out, "(5 5)\n;; ", 9) == 0 && strstr (out, "allocated\n6\n5\n"),
      "from the input port: data, a meta-command over two lines");
  ok (strstr (err, "car: wrong type argument") != NULL && st == 1,
      "an error, status 1");
  ok (strstr (err, "<stdin>:4:9") != NULL,
      "positions count from the start of the input: %s", err);
}

/* ------------------------------------------------------------------ */

static SCM
describe_to_string (const char *name, int *found)
{
  SCM port = scm_open_output_string ();
  *found = scm_c_describe (name, port);
  return scm_get_output_string (port);
}

static void
test_docstrings (void)
{
  int found;
  SCM doc = scm_c_documentation ("vector-fill!");
  ok (scm_is_string (doc)
      && !strcmp (scm_to_utf8_stringn (doc, NULL),
                  "Store @var{fill} in elements @var{start} to @var{end} of\n"
                  "@var{vec}."),
      "scm_c_documentation: the docstring in Texinfo");
  ok (scm_is_false (scm_c_documentation ("no-such-primitive")),
      "... #f for a name with none");
  ok (scm_is_true (scm_equal_p (scm_procedure_documentation
                                (scm_c_eval_string ("car")),
                                scm_c_documentation ("car"))),
      "procedure-documentation of a subr");
  ok (scm_is_true (scm_equal_p (scm_procedure_documentation
                                (scm_from_utf8_symbol ("cons")),
                                scm_c_documentation ("cons"))),
      "procedure-documentation of a symbol");

  SCM text = describe_to_string ("list-tail", &found);
  ok_streq (scm_to_utf8_stringn (text, NULL),
            " -- Scheme Procedure: list-tail list k\n"
            "     Return LIST without its first K elements.\n",
            "scm_c_describe: the call form and the text");
  ok (found == 1, "... returns 1");
  text = describe_to_string ("no-such-primitive", &found);
  ok (found == 0 && strstr (scm_to_utf8_stringn (text, NULL),
                            "no-such-primitive has no docstring"),
      "scm_c_describe of a name with none");

  setenv ("SCM_DOC_FILE", "/nonexistent/libscm.doc", 1);
  ok (scm_c_documentation_file () == NULL, "SCM_DOC_FILE names no file: none");
  text = describe_to_string ("car", &found);
  ok_streq (scm_to_utf8_stringn (text, NULL),
            "describe: cannot read the documentation file "
            "/nonexistent/libscm.doc (named by SCM_DOC_FILE)\n",
            "... and scm_c_describe says so");
  unsetenv ("SCM_DOC_FILE");
  ok (scm_c_documentation_file () != NULL, "the build tree's libscm.doc");
}

static void
test_command_line (void)
{
  char *args[] = { "prog.scm", "-x", "\xce\xbb" };
  ok (scm_is_null (scm_command_line ()), "(command-line) before it is set: ()");
  scm_set_program_arguments (3, args, NULL);
  args[0] = "changed";
  ok_streq (scm_c_write_to_utf8 (scm_c_eval_string ("(command-line)")),
            "(\"prog.scm\" \"-x\" \"\xce\xbb\")",
            "(command-line): a copy of the arguments");
  scm_set_program_arguments (0, args, NULL);
  ok (scm_is_null (scm_command_line ()), "set again, to none");
}

static void
test_toplevel_names (void)
{
  scm_c_define ("repl-test-name", SCM_BOOL_T);
  scm_define (scm_from_utf8_symbol ("repl-test-unbound"), SCM_UNDEFINED);
  SCM names = scm_toplevel_names ();
  ok (scm_is_true (scm_memq (scm_from_utf8_symbol ("car"), names))
      && scm_is_true (scm_memq (scm_from_utf8_symbol ("repl-test-name"), names)),
      "scm_toplevel_names: primitives and definitions");
  ok (scm_is_false (scm_memq (scm_from_utf8_symbol ("repl-test-unbound"), names)),
      "... not a variable without a value");
}

int
main (void)
{
  snprintf (out_path, sizeof out_path, "/tmp/test-repl-out.%d", (int) getpid ());
  snprintf (err_path, sizeof err_path, "/tmp/test-repl-err.%d", (int) getpid ());
  snprintf (in_path, sizeof in_path, "/tmp/test-repl-in.%d", (int) getpid ());
  unsetenv ("SCM_DOC_FILE");
  scm_init ();
  test_command_line ();
  test_lines ();
  test_interrupt_after_read ();
  test_meta ();
  test_interactive ();
  test_ports ();
  test_docstrings ();
  test_toplevel_names ();
  unlink (out_path);
  unlink (err_path);
  unlink (in_path);
  return tap_done ();
}
