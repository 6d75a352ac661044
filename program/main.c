/* main.c -- the scm program: the REPL at a terminal (GNU readline),
   scripts, -c EXPR
   SPDX-License-Identifier: GPL-3.0-or-later

   Only this program links readline; it uses nothing but <libscm.h>.
   The loop itself is the library's (scm_repl); this file gives it a
   line reader with editing, history and completion, and turns Ctrl-C
   into an interrupt of the running evaluation.  */

#include <config.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/select.h>
#include <readline/readline.h>
#include <readline/history.h>
#include <libscm.h>

static void
usage (FILE *out)
{
  fprintf (out,
           "Usage: scm [OPTION]... [FILE [ARG]...]\n"
           "  or:  scm compile [-L DIR]... FILE.sld...\n"
           "Evaluate Scheme: run the script FILE, or with no FILE (and no -c)\n"
           "start a read-eval-print loop (REPL) on standard input.\n"
           "\n"
           "  -c EXPR              evaluate EXPR (each datum in turn), then exit\n"
           "  -s FILE              run the script FILE (even if its name starts\n"
           "                       with -)\n"
           "  -l FILE              load FILE first, then go on (repeatable)\n"
           "  -e PROC              after the script, call (PROC (command-line))\n"
           "  -q                   do not load ~/.scmrc before the REPL\n"
           "  --listen[=P]         serve a REPL to each connection to port P of\n"
           "                       the loopback interface (default 37146), or to\n"
           "                       the Unix socket P if P starts with /\n"
           "  -W                   warn of calls of known procedures with a\n"
           "                       wrong number of arguments, of possibly\n"
           "                       unbound variables and of bindings that\n"
           "                       shadow core syntax, as code is compiled\n"
           "  -L DIR               put DIR in front of %%load-path, where libraries\n"
           "                       are looked for (repeatable)\n"
           "  --gc-divisor=N       collect after allocating 1/N of the heap (default\n"
           "                       3; larger: smaller heap, more collections)\n"
           "  --gc-incremental     incremental collection\n"
           "  --gc-generational    generational collection (incremental, no\n"
           "                       pause-time target)\n"
           "  --gc-small-pages     keep the heap in 4 KiB pages (default: a heap\n"
           "                       past 8 MiB is advised as 2 MiB huge pages)\n"
           "  --stack-limit=SIZE   let the Scheme stack grow to SIZE bytes (K, M\n"
           "                       or G for KiB, MiB, GiB; default 256M); deeper\n"
           "                       recursion raises a stack-overflow error\n"
           "  --max-heap=SIZE      let the heap grow to SIZE bytes at most (K, M\n"
           "                       or G); past it, allocating raises a catchable\n"
           "                       out-of-memory error (default: no limit)\n"
           "  -h, --help           display this help and exit\n"
           "  -v, --version        output version information and exit\n"
           "\n"
           "Options end at FILE, after -c EXPR or -s FILE, or at --; the arguments\n"
           "that follow are the script's: (command-line) returns FILE and them.\n"
           "FILE - reads the script from standard input.  A script may start with\n"
           "Guile's header, shell lines between #! and a line !#.  Before the REPL,\n"
           "~/.scmrc is loaded if it exists (not with -q).\n"
           "\n"
           "At a terminal the REPL edits lines with GNU readline, keeps a history\n"
           "in ~/.scm_history and completes top-level names with TAB; Ctrl-C\n"
           "interrupts an evaluation, Ctrl-D leaves; ,help lists its commands.\n"
           "From a pipe it prints only the values, one a line.\n"
           "\n"
           "Libraries ((import (foo bar)), (use-modules (foo bar))) are the files\n"
           "foo/bar.sld or foo/bar.scm in the directories of -L, of SCM_LOAD_PATH\n"
           "(separated by colons), the site directory and the script's directory,\n"
           "then libscm's own ((scheme ...), (srfi ...)).\n"
           "\n"
           "scm compile [-L DIR]... FILE.sld... compiles each library, with the C\n"
           "compiler, into a shared object in ~/.cache/libscm, which import then\n"
           "loads instead of compiling the text while it is newer than FILE.\n"
           "\n"
           "Exit status: 0 on success, 1 after an uncaught error (or, from a\n"
           "pipe, any error), the status given to (exit), 2 for a bad option.\n");
}

static void
version (void)
{
  printf ("scm (libscm) %s\n"
          "Copyright (C) 2025 the libscm authors.\n"
          "License GPLv3+: GNU GPL version 3 or later "
          "<https://gnu.org/licenses/gpl.html>.\n"
          "This is free software: you are free to change and redistribute it.\n"
          "There is NO WARRANTY, to the extent permitted by law.\n",
          PACKAGE_VERSION);
}

/* ------------------------------------------------------------------ */
/* The command line.  */

struct options
{
  struct scm_gc_options gc;
  const char *expr;             /* -c EXPR */
  const char *script;           /* FILE or -s FILE; "-": standard input */
  const char *entry;            /* -e PROC: called after the script */
  int no_init;                  /* -q: no ~/.scmrc */
  int warnings;                 /* -W: compile-time warnings */
  const char **loads;           /* -l FILE, in order */
  size_t nloads;
  const char **dirs;            /* -L DIR, in order */
  size_t ndirs;
  int rest;                     /* index of the script's first argument */
  size_t stack_limit;           /* --stack-limit, bytes; 0: the default */
  size_t max_heap;              /* --max-heap, bytes; 0: no limit */
  const char *listen;           /* --listen[=P]: "" for the default */
};

static int
bad_option (const char *fmt, const char *what)
{
  fprintf (stderr, "scm: ");
  fprintf (stderr, fmt, what);
  fprintf (stderr, "\nTry 'scm --help' for more information.\n");
  return -1;
}

/* The argument of the short option at ARGV[*I]: attached (-LDIR) or
   the next argument; NULL if there is none.  */
static const char *
option_argument (int argc, char **argv, int *i)
{
  if (argv[*i][2] != '\0')
    return argv[*i] + 2;
  if (*i + 1 < argc)
    return argv[++*i];
  bad_option ("option '%s' needs an argument", argv[*i]);
  return NULL;
}

static int
gc_divisor (const char *text, struct scm_gc_options *gc)
{
  char *end;
  long n = strtol (text, &end, 10);
  if (*end != '\0' || end == text || n < 1 || n > 1000)
    {
      fprintf (stderr, "scm: --gc-divisor wants a whole number "
               "from 1 to 1000, not '%s'\n", text);
      return -1;
    }
  gc->free_space_divisor = (int) n;
  return 1;
}

/* --stack-limit=SIZE or --max-heap=SIZE (OPTION): bytes, or with a
   suffix K, M or G.  */
static int
size_option (const char *option, const char *text, size_t *bytes)
{
  char *end;
  unsigned long long n = strtoull (text, &end, 10);
  unsigned shift = 0;
  switch (*end)
    {
    case 'k': case 'K': shift = 10; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    default: break;
    }
  if (*end != '\0' || end == text || n == 0 || n > (1ULL << 40) >> shift)
    {
      fprintf (stderr, "scm: %s wants a size such as 65536, "
               "512K, 64M or 1G, not '%s'\n", option, text);
      return -1;
    }
  *bytes = (size_t) (n << shift);
  return 1;
}

/* --listen=P: a port number, or the file name of a Unix socket.  */
static int
listen_option (const char *text, struct options *o)
{
  char *end;
  long port = strtol (text, &end, 10);
  if (text[0] != '/'
      && (*end != '\0' || end == text || port < 1 || port > 65535))
    {
      fprintf (stderr, "scm: --listen wants a port number from 1 to "
               "65535 or the absolute file name of a socket, not '%s'\n",
               text);
      return -1;
    }
  o->listen = text;
  return 1;
}

/* A long option A (or -h, -v): as parse_option; 3 if A is none.  */
static int
parse_long_option (const char *a, struct options *o)
{
  if (!strcmp (a, "--help") || !strcmp (a, "-h"))
    {
      usage (stdout);
      return 0;
    }
  if (!strcmp (a, "--version") || !strcmp (a, "-v"))
    {
      version ();
      return 0;
    }
  if (!strncmp (a, "--gc-divisor=", 13))
    return gc_divisor (a + 13, &o->gc);
  if (!strncmp (a, "--stack-limit=", 14))
    return size_option ("--stack-limit", a + 14, &o->stack_limit);
  if (!strncmp (a, "--max-heap=", 11))
    return size_option ("--max-heap", a + 11, &o->max_heap);
  if (!strcmp (a, "--listen"))
    o->listen = "";
  else if (!strncmp (a, "--listen=", 9))
    return listen_option (a + 9, o);
  else if (!strcmp (a, "--gc-incremental"))
    o->gc.incremental = 1;
  else if (!strcmp (a, "--gc-generational"))
    o->gc.generational = 1;
  else if (!strcmp (a, "--gc-small-pages"))
    o->gc.small_pages = 1;
  else
    return 3;
  return 1;
}

/* One option, ARGV[*I]: 1 to go on, 2 if it ends the options (O->rest
   is set), 0 after --help or --version, -1 after a complaint.  */
static int
parse_option (int argc, char **argv, int *i, struct options *o)
{
  const char *a = argv[*i], *arg;
  int r = parse_long_option (a, o);
  if (r != 3)
    return r;
  if (!strcmp (a, "-q"))
    {
      o->no_init = 1;
      return 1;
    }
  if (!strcmp (a, "-W"))
    {
      o->warnings = 1;
      return 1;
    }
  if (a[1] != 'c' && a[1] != 's' && a[1] != 'l' && a[1] != 'L'
      && a[1] != 'e')
    return bad_option ("unknown option '%s'", a);
  if ((arg = option_argument (argc, argv, i)) == NULL)
    return -1;
  switch (a[1])
    {
    case 'e':
      o->entry = arg;
      return 1;
    case 'l':
      o->loads[o->nloads++] = arg;
      return 1;
    case 'L':
      o->dirs[o->ndirs++] = arg;
      return 1;
    case 'c':
      o->expr = arg;
      break;
    default:
      o->script = arg;
    }
  o->rest = *i + 1;
  return 2;
}

/* Parse ARGV into *O: 1 to run, 0 when done (--help), -1 on an error. */
static int
parse_options (int argc, char **argv, struct options *o)
{
  o->rest = argc;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (a[0] != '-' || a[1] == '\0' || !strcmp (a, "--"))
        {
          i += !strcmp (a, "--");
          if (i < argc)
            o->script = argv[i];
          o->rest = i < argc ? i + 1 : argc;
          return 1;
        }
      int r = parse_option (argc, argv, &i, o);
      if (r <= 0)
        return r;
      if (r == 2)
        return 1;
    }
  return 1;
}

/* (command-line): the script (or this program) and the arguments after
   the options.  */
static void
set_command_line (int argc, char **argv, const struct options *o)
{
  int n = 1 + (argc - o->rest);
  char **args = malloc ((size_t) n * sizeof *args);
  if (args == NULL)
    return;
  args[0] = (char *) (o->script != NULL ? o->script : argv[0]);
  for (int i = 1; i < n; i++)
    args[i] = argv[o->rest + i - 1];
  scm_set_program_arguments (n, args, NULL);
  free (args);
}

/* ------------------------------------------------------------------ */
/* Running code and reporting what escapes.  */

static SCM
flush_body (void *data)
{
  scm_force_output (scm_current_output_port ());
  scm_force_output (scm_current_error_port ());
  return SCM_UNSPECIFIED;
}

/* Before exiting: every open file output port, closed or not, so that
   nothing written is lost.  */
static SCM
flush_all_body (void *data)
{
  scm_flush_all_ports ();
  return flush_body (data);
}

static SCM
report_body (void *data)
{
  SCM err = scm_current_error_port ();
  scm_force_output (scm_current_output_port ());
  scm_c_display_error (*(SCM *) data, err, 20);
  scm_force_output (err);
  return SCM_UNSPECIFIED;
}

/* After running code that RAISED (nonzero) OBJ: -1 to go on, else the
   exit status (an exit request's, or 1 after printing the error).  */
static int
outcome (int raised, SCM obj)
{
  int status;
  SCM ignored;
  if (!raised)
    return -1;
  if (scm_is_exit_request (obj, &status))
    return status;
  if (scm_c_protect (report_body, &obj, &ignored) != 0)
    fprintf (stderr, "scm: an error could not be printed\n");
  return 1;
}

/* Run the script on standard input (scm -): its whole text, datum by
   datum, as a script file's.  */
static int
load_stdin (void)
{
  size_t len = 0, cap = 65536;
  char *text = malloc (cap);
  size_t n;
  while (text != NULL && (n = fread (text + len, 1, cap - len - 1, stdin)) > 0)
    {
      len += n;
      if (cap - len - 1 == 0)
        {
          char *bigger = realloc (text, cap *= 2);
          if (bigger == NULL)
            free (text);
          text = bigger;
        }
    }
  if (text == NULL)
    {
      fprintf (stderr, "scm: standard input: out of memory\n");
      return 1;
    }
  text[len] = '\0';
  SCM obj;
  int raised = scm_c_eval_string_with_name_protected (text, "<stdin>", &obj);
  free (text);
  return outcome (raised, obj);
}

/* -e PROC: call (PROC (command-line)), as Guile's -e does.  PROC is an
   expression, most often a name.  */
static SCM
entry_body (void *data)
{
  SCM proc = scm_c_eval_string ((const char *) data);
  SCM args = scm_c_eval_string ("(command-line)");
  return scm_call_n (proc, &args, 1);
}

/* The REPL's init file, ~/.scmrc, if there is one: -1 to go on, else
   the exit status of an error in it.  */
static int
load_init_file (void)
{
  const char *home = getenv ("HOME");
  if (home == NULL || *home == '\0')
    return -1;
  size_t n = strlen (home) + sizeof "/.scmrc";
  char *file = malloc (n);
  if (file == NULL)
    return -1;
  snprintf (file, n, "%s/.scmrc", home);
  int status = -1;
  if (access (file, F_OK) == 0)
    {
      SCM obj;
      int raised = scm_c_primitive_load_protected (file, &obj);
      status = outcome (raised, obj);
      /* An error in the init file is reported; the REPL still starts.  */
      if (status == 1)
        status = -1;
    }
  free (file);
  return status;
}

/* Load FILE, as the program if PROGRAM (an R7RS program when it starts
   with an import declaration): -1 to go on, else the exit status.  A
   file that cannot be read is reported plainly here (the error that
   loading it would raise is located inside `load').  */
static int
load_file (const char *file, int program)
{
  SCM obj, ignored;
  if (access (file, R_OK) != 0)
    {
      int err = errno;
      scm_c_protect (flush_body, NULL, &ignored);
      fprintf (stderr, "scm: cannot open %s: %s\n", file, strerror (err));
      return 1;
    }
  int raised = program ? scm_c_run_program_protected (file, &obj)
    : scm_c_primitive_load_protected (file, &obj);
  return outcome (raised, obj);
}

static SCM
load_path_body (void *data)
{
  const struct options *o = data;
  SCM name = scm_from_utf8_symbol ("%load-path");
  SCM var = scm_lookup_variable (name), path = SCM_EOL;
  if (scm_is_true (var) && scm_is_true (scm_variable_bound_p (var)))
    path = scm_variable_ref (var);
  for (size_t i = o->ndirs; i-- > 0;)
    path = scm_cons (scm_from_utf8_string (o->dirs[i]), path);
  if (o->script != NULL)
    {
      /* The program's own directory, where its libraries usually are.  */
      const char *slash = strrchr (o->script, '/');
      SCM dir = slash != NULL
        ? scm_from_utf8_stringn (o->script, (size_t) (slash - o->script))
        : scm_from_utf8_string (".");
      path = scm_append (scm_list_2 (path, scm_list_1 (dir)));
    }
  scm_define (name, path);
  return SCM_UNSPECIFIED;
}

/* --listen: start (system repl server)'s spawn-server on the loopback
   port or the Unix socket o->listen names.  -1 to go on, else the exit
   status (the socket could not be made).  */
static int
start_server (const struct options *o)
{
  const char *p = o->listen;
  size_t n = strlen (p);
  /* The file name, in a string literal: each character may need a
     backslash.  */
  char *expr = malloc (2 * n + 200);
  if (expr == NULL)
    return 1;
  /* (@ ...): nothing is imported into the user's module.  */
  size_t at = (size_t) sprintf (expr, "(begin ((@ (system repl server) "
                                "spawn-server) ((@ (system repl server) ");
  if (p[0] == '/')
    {
      at += (size_t) sprintf (expr + at, "make-unix-domain-server-socket) "
                              "#:path \"");
      for (; *p != '\0'; p++)
        {
          if (*p == '"' || *p == '\\')
            expr[at++] = '\\';
          expr[at++] = *p;
        }
      at += (size_t) sprintf (expr + at, "\"");
    }
  else
    at += (size_t) sprintf (expr + at, "make-tcp-server-socket) #:port %s",
                            *p != '\0' ? p : "37146");
  sprintf (expr + at, ")) (if #f #f))");
  SCM obj;
  int raised = scm_c_eval_string_with_name_protected (expr, "--listen", &obj);
  free (expr);
  return outcome (raised, obj);
}

/* ------------------------------------------------------------------ */
/* Ctrl-C: at the prompt it drops the line; during an evaluation it
   interrupts it.  */

static volatile sig_atomic_t at_prompt, prompt_interrupted;

static void
on_sigint (int sig)
{
  if (at_prompt)
    prompt_interrupted = 1;
  else
    {
      /* The terminal has echoed ^C: the error message goes below.  */
      ssize_t ignored = write (STDOUT_FILENO, "\n", 1);
      (void) ignored;
      scm_request_interrupt ();
    }
}

static void
catch_sigint (void)
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset (&sa.sa_mask);
  /* No SA_RESTART: the prompt's pselect must return.  */
  sigaction (SIGINT, &sa, NULL);
}

/* ------------------------------------------------------------------ */
/* Reading a line with readline's callback interface, so that a signal
   can end the wait.  */

static char *line_read;
static int line_done;

static void
on_line (char *line)
{
  line_read = line;
  line_done = 1;
  rl_callback_handler_remove ();
}

/* Ctrl-C at the prompt: forget the line, leave readline's state clean,
   and go to a new line.  */
static void
cancel_line (void)
{
  rl_point = rl_end;
  rl_redisplay ();
  fputs ("^C\n", rl_outstream);
  fflush (rl_outstream);
  rl_free_line_state ();
  rl_callback_sigcleanup ();
  rl_cleanup_after_signal ();
  rl_callback_handler_remove ();
}

/* Wait for input on readline's stream or for SIGINT, which only
   pselect lets in.  */
static int
wait_for_input (const sigset_t *mask)
{
  int fd = fileno (rl_instream);
  fd_set fds;
  FD_ZERO (&fds);
  FD_SET (fd, &fds);
  return pselect (fd + 1, &fds, NULL, NULL, NULL, mask);
}

/* The scm_repl line reader: see struct scm_repl_options.  */
static char *
read_line (const char *prompt, void *data)
{
  sigset_t block, orig;
  int cancelled = 0;

  sigemptyset (&block);
  sigaddset (&block, SIGINT);
  sigprocmask (SIG_BLOCK, &block, &orig);
  at_prompt = 1;
  prompt_interrupted = 0;
  line_done = 0;
  line_read = NULL;
  rl_callback_handler_install (prompt, on_line);
  while (!line_done)
    {
      int n = wait_for_input (&orig);
      if (prompt_interrupted)
        {
          cancel_line ();
          cancelled = 1;
          break;
        }
      if (n < 0 && errno != EINTR)
        {
          rl_callback_handler_remove ();
          break;
        }
      if (n > 0)
        rl_callback_read_char ();
    }
  at_prompt = 0;
  sigprocmask (SIG_SETMASK, &orig, NULL);
  errno = cancelled ? EINTR : 0;
  return cancelled ? NULL : line_read;
}

/* ------------------------------------------------------------------ */
/* History and completion.  */

static char *history_file;

static void
load_history (void)
{
  const char *home = getenv ("HOME");
  if (home == NULL)
    return;
  history_file = malloc (strlen (home) + sizeof "/.scm_history");
  if (history_file == NULL)
    return;
  strcpy (history_file, home);
  strcat (history_file, "/.scm_history");
  using_history ();
  /* With a timestamp line before each entry, readline reads the lines
     of an entry that spans several back as one entry.  */
  history_write_timestamps = 1;
  history_comment_char = '#';   /* what starts a timestamp line */
  read_history (history_file);
}

/* The scm_repl add_history callback.  */
static void
remember (const char *entry, void *data)
{
  if (*entry == '\0')
    return;
  add_history (entry);
  /* Append as we go, so that a crash loses nothing; the first entry
     creates the file.  */
  if (history_file != NULL && append_history (1, history_file) != 0)
    write_history (history_file);
}

/* Cut the history file to its last N entries.  Not
   history_truncate_file, which counts lines and could cut an entry of
   several lines in two; the file is read again, for the entries other
   sessions have appended meanwhile.  */
static void
keep_last_entries (int n)
{
  clear_history ();
  if (read_history (history_file) != 0)
    return;
  if (history_length > n)
    {
      stifle_history (n);
      write_history (history_file);
    }
}

/* The names that complete the word being typed: the top-level names,
   as C strings from malloc, made when a completion starts.  */
static char **names;
static size_t names_count;

static void
free_names (void)
{
  for (size_t i = 0; i < names_count; i++)
    free (names[i]);
  free (names);
  names = NULL;
  names_count = 0;
}

static SCM
names_body (void *data)
{
  SCM list = scm_toplevel_names ();
  long n = scm_c_list_length (list);
  free_names ();
  names = calloc (n > 0 ? (size_t) n : 1, sizeof *names);
  for (; names != NULL && scm_is_pair (list); list = SCM_CDR (list))
    {
      SCM name = scm_symbol_to_string (SCM_CAR (list));
      char *copy = strdup (scm_to_utf8_stringn (name, NULL));
      if (copy != NULL)
        names[names_count++] = copy;
    }
  return SCM_UNSPECIFIED;
}

/* readline's generator: the STATE-th match of TEXT (a fresh copy).  */
static char *
complete_name (const char *text, int state)
{
  static size_t next;
  SCM ignored;
  size_t len = strlen (text);
  if (state == 0)
    {
      next = 0;
      if (scm_c_protect (names_body, NULL, &ignored) != 0)
        free_names ();
    }
  while (next < names_count)
    {
      const char *name = names[next++];
      if (strncmp (name, text, len) == 0)
        return strdup (name);
    }
  return NULL;
}

static char **
complete (const char *text, int start, int end)
{
  rl_attempted_completion_over = 1;   /* never file names */
  return rl_completion_matches (text, complete_name);
}

static void
setup_readline (void)
{
  static char word_breaks[] = " \t\n\"'`;()";
  rl_readline_name = "scm";
  rl_catch_signals = 0;
  rl_attempted_completion_function = complete;
  rl_completer_word_break_characters = word_breaks;
  load_history ();
}

/* ------------------------------------------------------------------ */

static int
run_repl (void)
{
  struct scm_repl_options ro;
  memset (&ro, 0, sizeof ro);
  if (!isatty (0) || !isatty (1))
    return scm_repl (&ro);
  ro.interactive = 1;
  ro.read_line = read_line;
  ro.add_history = remember;
  setup_readline ();
  catch_sigint ();
  int status = scm_repl (&ro);
  signal (SIGINT, SIG_DFL);
  if (history_file != NULL)
    keep_last_entries (1000);
  return status;
}

/* Load the -l files, then run -c EXPR, the script or the REPL.  */
static int
run (const struct options *o)
{
  SCM obj;
  int status;
  if (o->ndirs > 0 || o->script != NULL)
    {
      int raised = scm_c_protect (load_path_body, (void *) o, &obj);
      if ((status = outcome (raised, obj)) >= 0)
        return status;
    }
  if (o->listen != NULL && (status = start_server (o)) >= 0)
    return status;
  for (size_t i = 0; i < o->nloads; i++)
    if ((status = load_file (o->loads[i], 0)) >= 0)
      return status;
  if (o->expr != NULL)
    {
      int raised = scm_c_eval_string_with_name_protected (o->expr,
                                                          "<command line>",
                                                          &obj);
      status = outcome (raised, obj);
    }
  else if (o->script != NULL)
    status = strcmp (o->script, "-") == 0 ? load_stdin ()
             : load_file (o->script, 1);
  else if (o->entry == NULL)
    {
      if (!o->no_init && (status = load_init_file ()) >= 0)
        return status;
      status = run_repl ();
    }
  else
    status = -1;
  if (status < 0 && o->entry != NULL)
    {
      int raised = scm_c_protect (entry_body, (void *) o->entry, &obj);
      status = outcome (raised, obj);
    }
  return status < 0 ? 0 : status;
}

/* scm compile: compile.c.  */
int scm_compile_command (int argc, char **argv);

int
main (int argc, char **argv)
{
  struct options o;
  SCM ignored;
  if (argc > 1 && strcmp (argv[1], "compile") == 0)
    return scm_compile_command (argc - 1, argv + 1);
  memset (&o, 0, sizeof o);
  o.loads = calloc ((size_t) argc, sizeof *o.loads);
  o.dirs = calloc ((size_t) argc, sizeof *o.dirs);
  if (o.loads == NULL || o.dirs == NULL)
    return 1;
  int r = parse_options (argc, argv, &o);
  if (r <= 0)
    return r == 0 ? 0 : 2;
  /* This program registers no thread of its own: a short run never
     starts libgc's marker threads.  */
  o.gc.defer_markers = 1;
  scm_set_gc_options (&o.gc);
  scm_init ();
  if (o.stack_limit != 0)
    scm_set_stack_limit (o.stack_limit);
  /* After scm_init: the limit is for the program, not for the set-up.  */
  if (o.max_heap != 0)
    scm_c_set_max_heap_size (o.max_heap);
  if (o.warnings)
    scm_c_set_compile_warnings (1);
  set_command_line (argc, argv, &o);
  int status = run (&o);
  /* A port that cannot be written out (a full disk) is an error: said,
     and the status says so too.  */
  SCM failure;
  if (scm_c_protect (flush_all_body, NULL, &failure) != 0)
    {
      if (scm_c_protect (report_body, &failure, &ignored) != 0)
        fprintf (stderr, "scm: output could not be written out\n");
      if (status == 0)
        status = 1;
    }
  return status;
}
