/* conditions.c -- error objects, and the procedures that raise them
   SPDX-License-Identifier: LGPL-3.0-or-later

   A condition is eight words: header, kind (symbol), who (symbol or #f),
   message (string), irritants (list), where it was raised: the
   location (a string "FILE:LINE:COLUMN" or #f) and the backtrace (a
   list), which the VM fills in when it raises (vm.c), and Guile's REST
   (#f, or a list: (ERRNO) for a system-error).  A condition
   with the SHARED flag (the preallocated out-of-memory one) is never
   annotated.  */

#include "values/strings-internal.h"
#include "runtime/init-internal.h"
#include "runtime/conditions-internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libscm/conditions.h>
#include <libscm/eval.h>
#include <libscm/vectors.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/print.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/subrs.h>
#include <libscm/throw.h>

SCM_SYMBOL (sym_error, "error");
SCM_SYMBOL (sym_read_error, "read-error");
SCM_SYMBOL (sym_file_error, "file-error");
SCM_SYMBOL (sym_decoding_error, "decoding-error");

int
scm_is_condition (SCM obj)
{
  return scm_has_tc8 (obj, scm_tc8_condition);
}

SCM
scm_make_condition (SCM kind, SCM who, SCM message, SCM irritants)
{
  SCM c = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_condition, 0, 0), 8);
  SCM_SET_CELL_OBJECT (c, 1, kind);
  SCM_SET_CELL_OBJECT (c, 2, who);
  SCM_SET_CELL_OBJECT (c, 3, message);
  SCM_SET_CELL_OBJECT (c, 4, irritants);
  SCM_SET_CELL_OBJECT (c, 5, SCM_BOOL_F);
  SCM_SET_CELL_OBJECT (c, 6, SCM_EOL);
  SCM_SET_CELL_OBJECT (c, 7, SCM_BOOL_F);
  return c;
}

SCM
scm_condition_rest (SCM cond)
{
  return scm_is_condition (cond) ? SCM_CELL_OBJECT (cond, 7) : SCM_BOOL_F;
}

#define CONDITION_FLAG_SHARED 0x01
/* Where it was raised is recorded: a re-raise keeps it.  */
#define CONDITION_FLAG_ANNOTATED 0x02

void
scm_i_condition_set_position (SCM c, SCM file, long line, long column)
{
  if (SCM_OBJ_FLAGS (c) & CONDITION_FLAG_SHARED)
    return;
  char buf[64];
  snprintf (buf, sizeof buf, ":%ld:%ld", line, column);
  SCM where = scm_from_utf8_string (buf);
  SCM name = scm_is_string (file) ? file : scm_from_utf8_string ("<unknown>");
  SCM_SET_CELL_OBJECT (c, 5, scm_string_append (scm_list_2 (name, where)));
}

void
scm_i_condition_set_backtrace (SCM c, SCM frames)
{
  if (!(SCM_OBJ_FLAGS (c) & CONDITION_FLAG_SHARED))
    SCM_SET_CELL_OBJECT (c, 6, frames);
}

int
scm_i_condition_annotated_p (SCM c)
{
  return (SCM_OBJ_FLAGS (c) & (CONDITION_FLAG_SHARED
                               | CONDITION_FLAG_ANNOTATED)) != 0;
}

void
scm_i_condition_mark_annotated (SCM c)
{
  scm_t_bits h = SCM_HEADER (c);
  SCM_SET_CELL_WORD (c, 0, h | ((scm_t_bits) CONDITION_FLAG_ANNOTATED << 8));
}

SCM_DEFINE (scm_condition_location, "condition-location", 1, 0, 0, (SCM obj),
            "Return where raised object @var{obj} was raised, a string "
            "@code{\"FILE:LINE:COLUMN\"} naming the innermost call with a "
            "known source position, or @code{#f}.")
{
  return scm_is_condition (obj) ? SCM_CELL_OBJECT (obj, 5) : SCM_BOOL_F;
}

SCM_DEFINE (scm_condition_backtrace, "condition-backtrace", 1, 0, 0,
            (SCM obj),
            "Return the backtrace recorded when @var{obj} was raised: a "
            "list, innermost call first, of vectors "
            "@code{#(@var{name} @var{file} @var{line} @var{column} "
            "@var{macro})}: @var{macro} is the name of the macro whose "
            "expansion made the code at that position (the position is "
            "the macro's use), or @code{#f}.")
{
  return scm_is_condition (obj) ? SCM_CELL_OBJECT (obj, 6) : SCM_EOL;
}

SCM scm_condition_kind (SCM cond) { return SCM_CELL_OBJECT (cond, 1); }
SCM scm_condition_who (SCM cond) { return SCM_CELL_OBJECT (cond, 2); }

/* ------------------------------------------------------------------ */
/* Raising.  */

static SCM
who_symbol (const char *who)
{
  return who != NULL ? scm_from_utf8_symbol (who) : SCM_BOOL_F;
}

void
scm_c_raise_error (const char *kind, const char *who, const char *message,
                   SCM irritants)
{
  scm_raise (scm_make_condition (scm_from_utf8_symbol (kind),
                                 who_symbol (who),
                                 scm_from_utf8_string (message), irritants));
}

void
scm_c_raise_errorf (const char *kind, const char *who, const char *fmt, ...)
{
  char message[512];
  va_list ap;

  va_start (ap, fmt);
  vsnprintf (message, sizeof message, fmt, ap);
  va_end (ap);
  scm_c_raise_error (kind, who, message, SCM_EOL);
}

void
scm_wrong_type_arg_msg (const char *who, int pos, SCM value,
                        const char *expected)
{
  char message[256];
  /* Position 0: the caller does not know it (Guile's convention).  */
  if (pos > 0)
    snprintf (message, sizeof message,
              "wrong type argument in position %d (expected %s)",
              pos, expected);
  else
    snprintf (message, sizeof message, "wrong type argument (expected %s)",
              expected);
  scm_c_raise_error ("wrong-type-arg", who, message, scm_list_1 (value));
}

void
scm_wrong_type_arg (const char *who, int pos, SCM value)
{
  char message[64];
  if (pos > 0)
    snprintf (message, sizeof message, "wrong type argument in position %d",
              pos);
  else
    snprintf (message, sizeof message, "wrong type argument");
  scm_c_raise_error ("wrong-type-arg", who, message, scm_list_1 (value));
}

void
scm_i_out_of_range (const char *who, int pos, SCM value)
{
  char message[128];
  if (pos > 0)
    snprintf (message, sizeof message,
              "argument out of range in position %d", pos);
  else
    snprintf (message, sizeof message, "argument out of range");
  scm_c_raise_error ("out-of-range", who, message, scm_list_1 (value));
}

void
scm_out_of_range (const char *who, SCM value)
{
  scm_i_out_of_range (who, 0, value);
}

void
scm_out_of_range_pos (const char *who, SCM value, SCM pos)
{
  /* A position that is not a small positive integer is no position.  */
  int p = 0;
  if (SCM_FIXNUM_P (pos) && SCM_FIXNUM_VALUE (pos) > 0
      && SCM_FIXNUM_VALUE (pos) < 1000)
    p = (int) SCM_FIXNUM_VALUE (pos);
  scm_i_out_of_range (who, p, value);
}

/* Guile's error procedures.  KEY is checked, since the condition
   takes it as its kind; REST, what Guile keeps for its own printers
   (the list (ERRNO) for system-error), is kept if it is a list.  */
SCM
scm_error_scm (SCM key, SCM subr, SCM message, SCM args, SCM rest)
{
  SCM_ASSERT_TYPE (scm_is_symbol (key), key, 1, "scm-error", "symbol");
  if (scm_is_string (subr))
    subr = scm_string_to_symbol (subr);
  else if (!scm_is_symbol (subr) && !scm_is_false (subr))
    scm_wrong_type_arg_msg ("scm-error", 2, subr, "symbol, string or #f");
  SCM_ASSERT_TYPE (scm_is_string (message), message, 3, "scm-error",
                   "string");
  if (scm_is_false (args))
    args = SCM_EOL;
  SCM_ASSERT_TYPE (scm_c_list_length (args) >= 0, args, 4, "scm-error",
                   "list");
  SCM c = scm_make_condition (key, subr, message, args);
  if (scm_c_list_length (rest) >= 0)
    SCM_SET_CELL_OBJECT (c, 7, rest);
  scm_raise (c);
}

void
scm_error (SCM key, const char *subr, const char *message, SCM args,
           SCM rest)
{
  scm_error_scm (key, who_symbol (subr),
                 scm_from_utf8_string (message != NULL ? message : ""),
                 args, rest);
}

void
scm_misc_error (const char *subr, const char *message, SCM args)
{
  scm_error (scm_from_utf8_symbol ("misc-error"), subr, message, args,
             SCM_BOOL_F);
}

void
scm_wrong_num_args (SCM proc)
{
  scm_c_raise_error ("wrong-number-of-args", NULL,
                     "wrong number of arguments to", scm_list_1 (proc));
}

/* No allocation may succeed here, so the condition is preallocated:
   GC'd memory made at init, one per process (it is immutable).  */
static SCM out_of_memory_condition;

void
scm_out_of_memory (const char *who, size_t bytes)
{
  /* Before scm_init_conditions made it, there is nothing to raise
     (and no catch to take it): the message, and the end.  */
  if (SCM_UNPACK (out_of_memory_condition) != 0
      && scm_is_condition (out_of_memory_condition))
    scm_raise (out_of_memory_condition);
  scm_fatal ("out of memory allocating %zu bytes%s%s", bytes,
             who ? " in " : "", who ? who : "");
}

void
scm_file_error (const char *who, const char *filename, int err)
{
  SCM c = scm_make_condition (sym_file_error, who_symbol (who),
                              scm_from_utf8_string (strerror (err)),
                              scm_list_1 (scm_from_utf8_string (filename)));
  SCM_SET_CELL_OBJECT (c, 7, scm_list_1 (scm_from_int (err)));
  scm_raise (c);
}

SCM_SYMBOL (sym_system_error, "system-error");

void
scm_syserror_msg (const char *subr, const char *message, SCM args, int eno)
{
  scm_error (sym_system_error, subr,
             message != NULL ? message : strerror (eno), args,
             scm_list_1 (scm_from_int (eno)));
}

void
scm_syserror (const char *subr)
{
  scm_syserror_msg (subr, NULL, SCM_EOL, errno);
}

/* ------------------------------------------------------------------ */
/* Argument checks.  */

void
scm_i_bad_index_arg (SCM k, int pos, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_exact_integer (k), k, pos, who, "exact integer");
  scm_i_out_of_range (who, pos, k);
}

void
scm_i_range_args (SCM start, SCM end, size_t len, int pos, const char *who,
                  size_t *startp, size_t *endp)
{
  *startp = SCM_UNBNDP (start) ? 0 : scm_i_index_arg (start, pos, who);
  *endp = SCM_UNBNDP (end) ? len : scm_i_index_arg (end, pos + 1, who);
  if (*endp > len)
    scm_i_out_of_range (who, pos + 1, end);
  if (*startp > *endp)
    scm_i_out_of_range (who, pos, start);
}

char *
scm_i_filename_arg (SCM filename, int pos, const char *who)
{
  size_t len;
  SCM_ASSERT_TYPE (scm_is_string (filename), filename, pos, who, "string");
  char *name = scm_i_to_utf8_stringn (filename, &len);
  if (strlen (name) != len)
    scm_wrong_type_arg_msg (who, pos, filename, "file name without NUL");
  return name;
}

void
scm_i_check_total_size (size_t count, size_t unit, const char *who)
{
  static size_t physical;       /* bytes of RAM; 0 until known */
  size_t bytes;

  if (physical == 0)
    {
      long pages = sysconf (_SC_PHYS_PAGES), size = sysconf (_SC_PAGESIZE);
      physical = pages > 0 && size > 0 ? (size_t) pages * (size_t) size
        : SIZE_MAX;
    }
  if (__builtin_mul_overflow (count, unit, &bytes) || bytes > physical)
    scm_c_raise_errorf ("out-of-memory", who,
                        "impossible size: %zu elements of %zu byte%s exceed "
                        "the machine's memory (%zu MiB)", count, unit,
                        unit == 1 ? "" : "s", physical >> 20);
  /* Past the heap limit libgc would refuse it too, but only after its
     warnings, with the shared condition that names no procedure.  */
  size_t limit = scm_i_max_heap_size ();
  if (limit != 0 && bytes > limit)
    scm_c_raise_errorf ("out-of-memory", who,
                        "impossible size: %zu elements of %zu byte%s exceed "
                        "the heap limit (%zu MiB)", count, unit,
                        unit == 1 ? "" : "s", limit >> 20);
}

/* ------------------------------------------------------------------ */
/* The text of a condition.  */

SCM_DEFINE (scm_condition_message, "condition-message", 1, 0, 0, (SCM obj),
            "Return the text of raised object @var{obj}: for an error "
            "object @code{\"WHO: MESSAGE: IRRITANT...\"}, for anything "
            "else its written form after @code{non-condition object "
            "raised:}.")
{
  return scm_condition_text (obj);
}

SCM
scm_condition_text (SCM obj)
{
  SCM port = scm_open_output_string ();

  if (!scm_is_condition (obj))
    {
      scm_c_puts (port, "non-condition object raised: ");
      scm_write (obj, port);
      return scm_get_output_string (port);
    }
  if (scm_is_symbol (scm_condition_who (obj)))
    {
      scm_display (scm_condition_who (obj), port);
      scm_c_puts (port, ": ");
    }
  scm_display (scm_error_object_message (obj), port);
  SCM irritants = scm_error_object_irritants (obj);
  if (!scm_is_null (irritants))
    scm_c_puts (port, ":");
  for (; scm_is_pair (irritants); irritants = SCM_CDR (irritants))
    {
      scm_c_puts (port, " ");
      scm_write (SCM_CAR (irritants), port);
    }
  return scm_get_output_string (port);
}

struct text_data { SCM obj; };

static SCM
text_body (void *data)
{
  return scm_condition_text (((struct text_data *) data)->obj);
}

static SCM
text_handler (void *data, SCM raised)
{
  return SCM_BOOL_F;
}

char *
scm_i_condition_text (SCM obj)
{
  struct text_data d = { obj };
  /* Formatting runs Scheme printing code; if even that fails (memory
     exhausted), say something rather than nothing.  */
  SCM text = scm_c_catch_raise (text_body, &d, text_handler, NULL);
  if (!scm_is_string (text))
    {
      /* Without memory to format, an ASCII message can still be given
         as it is: a narrow stringbuf is NUL-terminated.  */
      const char *message = NULL;
      if (scm_is_condition (obj) && scm_is_string (SCM_CELL_OBJECT (obj, 3)))
        message = scm_i_string_narrow_chars (SCM_CELL_OBJECT (obj, 3));
      return (char *) (message ? message
                       : "(condition that could not be printed)");
    }
  return scm_i_to_utf8_stringn (text, NULL);
}

/* The API's rule for returned C strings: a `char *' is the caller's,
   from malloc, to free (as in Guile); a `const char *' is the
   library's.  */
char *
scm_i_malloc_copy (const char *str)
{
  size_t n = strlen (str) + 1;
  char *copy = malloc (n);
  if (copy == NULL)
    scm_out_of_memory (NULL, n);
  return memcpy (copy, str, n);
}

char *
scm_c_condition_text (SCM obj)
{
  return scm_i_malloc_copy (scm_i_condition_text (obj));
}

/* ------------------------------------------------------------------ */
/* Primitives.  */

SCM_DEFINE (scm_r7rs_error, "error", 1, 0, 1, (SCM message, SCM irritants),
            "Raise an error object whose message is @var{message} (a\n"
            "string) and whose irritants are @var{irritants}.")
{
  scm_raise (scm_make_condition (sym_error, SCM_BOOL_F, message, irritants));
}

SCM_DEFINE (scm_error_object_p, "error-object?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is an error object (a condition).")
{
  return scm_from_bool (scm_is_condition (obj));
}

SCM_DEFINE (scm_error_object_message, "error-object-message", 1, 0, 0,
            (SCM cond),
            "Return the message of error object @var{cond}.")
{
  SCM_ASSERT_TYPE (scm_is_condition (cond), cond, 1,
                   "error-object-message", "error object");
  return SCM_CELL_OBJECT (cond, 3);
}

SCM_DEFINE (scm_error_object_irritants, "error-object-irritants", 1, 0, 0,
            (SCM cond),
            "Return the list of irritants of error object @var{cond}.")
{
  SCM_ASSERT_TYPE (scm_is_condition (cond), cond, 1,
                   "error-object-irritants", "error object");
  return SCM_CELL_OBJECT (cond, 4);
}

SCM_DEFINE (scm_condition_kind_scm, "condition-kind", 1, 0, 0, (SCM cond),
            "Return the kind of error object @var{cond}, a symbol such as\n"
            "@code{read-error} or @code{wrong-type-arg}.")
{
  SCM_ASSERT_TYPE (scm_is_condition (cond), cond, 1, "condition-kind",
                   "error object");
  return scm_condition_kind (cond);
}

SCM_DEFINE_STATIC (make_condition_scm, "%make-condition", 4, 0, 0,
                   (SCM kind, SCM who, SCM message, SCM irritants),
                   "Return a new error object of kind @var{kind} (a symbol) "
                   "raised by @var{who} (a symbol or @code{#f}) with string "
                   "@var{message} and the list @var{irritants}: for "
                   "libraries whose errors have a kind of their own "
                   "(@code{json-error} of SRFI 180).")
{
  SCM_ASSERT_TYPE (scm_is_symbol (kind), kind, 1, "%make-condition", "symbol");
  SCM_ASSERT_TYPE (scm_is_symbol (who) || scm_is_false (who), who, 2,
                   "%make-condition", "symbol or #f");
  SCM_ASSERT_TYPE (scm_is_string (message), message, 3, "%make-condition",
                   "string");
  SCM_ASSERT_TYPE (scm_c_list_length (irritants) >= 0, irritants, 4,
                   "%make-condition", "list");
  return scm_make_condition (kind, who, message, irritants);
}

SCM_DEFINE (scm_read_error_p, "read-error?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is an error raised by the reader,\n"
            "or a @code{decoding-error}: text that is not valid UTF-8, met\n"
            "by @code{read-char} and the other reading procedures on a\n"
            "port (or by @code{utf8->string}).")
{
  /* R7RS wants an error of reading to satisfy read-error? (or
     file-error?); invalid UTF-8 keeps Guile's kind, decoding-error.  */
  return scm_from_bool (scm_is_condition (obj)
                        && (scm_is_eq (scm_condition_kind (obj),
                                       sym_read_error)
                            || scm_is_eq (scm_condition_kind (obj),
                                          sym_decoding_error)));
}

SCM_DEFINE (scm_file_error_p, "file-error?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is an error raised because a file\n"
            "could not be opened, read or written.")
{
  return scm_from_bool (scm_is_condition (obj)
                        && scm_is_eq (scm_condition_kind (obj),
                                      sym_file_error));
}

/* ------------------------------------------------------------------ */
/* Reporting errors, and the exit request.  */

SCM_SYMBOL (sym_exit, "exit");
SCM_SYMBOL (sym_emergency_exit, "emergency-exit");

void
scm_i_display_frame (SCM frame, SCM port, int i)
{
  char num[32];
  snprintf (num, sizeof num, "  %d ", i);
  scm_c_puts (port, num);
  SCM name = SCM_VECTOR_REF (frame, 0);
  if (scm_is_symbol (name))
    scm_display (name, port);
  else
    scm_c_puts (port, "<anonymous>");
  if (scm_is_true (SCM_VECTOR_REF (frame, 1)))
    {
      scm_c_puts (port, " at ");
      scm_display (SCM_VECTOR_REF (frame, 1), port);
      scm_c_puts (port, ":");
      scm_display (SCM_VECTOR_REF (frame, 2), port);
      scm_c_puts (port, ":");
      scm_display (SCM_VECTOR_REF (frame, 3), port);
    }
  /* Code that a macro made is at the macro's use: say which macro.  */
  if (SCM_VECTOR_LENGTH (frame) > 4 && scm_is_symbol (SCM_VECTOR_REF (frame, 4)))
    {
      scm_c_puts (port, ", in the expansion of ");
      scm_display (SCM_VECTOR_REF (frame, 4), port);
    }
  scm_c_puts (port, "\n");
}

static SCM (*error_hint) (SCM obj);

void
scm_i_set_error_hint (SCM (*hint) (SCM obj))
{
  error_hint = hint;
}

/* The most characters of a condition's text that an error report
   prints: one irritant can be a list of a million elements.  */
#define MAX_REPORTED_TEXT 1000

/* TEXT on PORT, cut to MAX_REPORTED_TEXT characters with a note that
   says so if it is longer.  */
static void
display_cut (SCM text, SCM port)
{
  size_t n = scm_c_string_length (text);
  if (n <= MAX_REPORTED_TEXT)
    {
      scm_display (text, port);
      return;
    }
  scm_display (scm_substring (text, SCM_MAKE_FIXNUM (0),
                              scm_from_size_t (MAX_REPORTED_TEXT)), port);
  char note[96];
  snprintf (note, sizeof note, "... [%zu more characters; the condition "
            "holds the whole irritants]", n - MAX_REPORTED_TEXT);
  scm_c_puts (port, note);
}

void
scm_c_display_error (SCM obj, SCM port, int max_frames)
{
  SCM where = scm_condition_location (obj);
  if (scm_is_string (where))
    {
      scm_display (where, port);
      scm_c_puts (port, ": ");
    }
  display_cut (scm_condition_text (obj), port);
  scm_c_puts (port, "\n");
  SCM hint = error_hint != NULL ? error_hint (obj) : SCM_BOOL_F;
  if (scm_is_string (hint))
    {
      scm_display (hint, port);
      scm_c_puts (port, "\n");
    }
  SCM frames = scm_condition_backtrace (obj);
  if (max_frames > 0 && scm_is_pair (frames))
    {
      scm_c_puts (port, "Backtrace (innermost first):\n");
      int i = 0;
      for (; scm_is_pair (frames) && i < max_frames; frames = SCM_CDR (frames))
        scm_i_display_frame (SCM_CAR (frames), port, i++);
      if (scm_is_pair (frames))
        scm_c_puts (port, "  ...\n");
    }
}

SCM_DEFINE (scm_display_error_scm, "display-error", 1, 2, 0,
            (SCM obj, SCM port, SCM frames),
            "Write the message of raised object @var{obj} to @var{port} "
            "(the current error port by default), with its location, then "
            "up to @var{frames} (default 10) lines of its backtrace.")
{
  if (SCM_UNBNDP (port))
    port = scm_current_error_port ();
  int n = SCM_UNBNDP (frames) ? 10 : scm_to_int (frames);
  scm_c_display_error (obj, port, n);
  return SCM_UNSPECIFIED;
}

/* The status that exit and emergency-exit take: 0 for #t or none, 1
   for #f, else the exact integer's low byte.  */
static int
exit_status (SCM status, const char *who)
{
  if (SCM_UNBNDP (status) || scm_is_eq (status, SCM_BOOL_T))
    return 0;
  if (scm_is_false (status))
    return 1;
  SCM_ASSERT_TYPE (scm_is_exact_integer (status), status, 1, who,
                   "exact integer or boolean");
  return (int) (scm_to_int64 (status) & 0xff);
}

/* Raise the exit request of KIND (exit or emergency-exit) for CODE.  */
static void SCM_NORETURN
raise_exit_request (SCM kind, int code)
{
  scm_raise (scm_make_condition (kind, SCM_BOOL_F,
                                 scm_from_utf8_string ("exit requested"),
                                 scm_list_1 (scm_from_int (code))));
}

SCM_DEFINE (scm_exit, "exit", 0, 1, 0, (SCM status),
            "End the program with @var{status}: 0 for @code{#t} or no "
            "argument, 1 for @code{#f}, else the exact integer given, "
            "after running the @code{after} thunks of the "
            "@code{dynamic-wind}s it leaves.  Inside the library this "
            "raises an exit request that the top level (the "
            "@command{scm} program, or the embedding program) acts on; "
            "@code{guard} does not catch it.")
{
  raise_exit_request (sym_exit, exit_status (status, "exit"));
}

SCM_DEFINE (scm_emergency_exit, "emergency-exit", 0, 1, 0, (SCM status),
            "End the program with @var{status} as @code{exit} does, "
            "without running outstanding @code{dynamic-wind} afters.")
{
  raise_exit_request (sym_emergency_exit,
                      exit_status (status, "emergency-exit"));
}

SCM_DEFINE (scm_quit, "quit", 0, 1, 0, (SCM status),
            "End the program with @var{status}, as @code{exit} does: "
            "Guile's name for it.")
{
  raise_exit_request (sym_exit, exit_status (status, "quit"));
}

SCM_SYMBOL (sym_interrupted, "interrupted");

int
scm_i_uncatchable_p (SCM obj)
{
  return scm_is_condition (obj)
    && (scm_is_eq (scm_condition_kind (obj), sym_interrupted)
        || scm_is_exit_request (obj, NULL)
        || scm_i_limit_uncatchable_p (obj));
}

int
scm_is_emergency_exit_request (SCM obj)
{
  return scm_is_condition (obj)
    && scm_is_eq (scm_condition_kind (obj), sym_emergency_exit);
}

int
scm_is_exit_request (SCM obj, int *status)
{
  if (!scm_is_condition (obj)
      || !(scm_is_eq (scm_condition_kind (obj), sym_exit)
           || scm_is_eq (scm_condition_kind (obj), sym_emergency_exit)))
    return 0;
  if (status != NULL)
    *status = scm_to_int (SCM_CAR (scm_error_object_irritants (obj)));
  return 1;
}

void
scm_init_conditions (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "runtime/conditions.x"
#endif
  out_of_memory_condition
    = scm_make_condition (scm_from_utf8_symbol ("out-of-memory"), SCM_BOOL_F,
                          scm_from_utf8_string ("out of memory"), SCM_EOL);
  SCM_SET_CELL_WORD (out_of_memory_condition, 0,
                     SCM_MAKE_HEADER (scm_tc8_condition,
                                      CONDITION_FLAG_SHARED, 0));
}
