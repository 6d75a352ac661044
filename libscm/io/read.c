/* read.c -- the reader: R7RS external syntax to data, with source positions
   SPDX-License-Identifier: LGPL-3.0-or-later

   The reader is a loop over tokens with an explicit stack of frames (open
   lists and vectors, pending quote prefixes, datum comments and datum
   labels) instead of C recursion, so any nesting that fits in memory
   reads.  Every pair it makes is entered, with the position where its
   datum starts, in the weak table of srcpos.c.  The contract and the
   error format are in read.h.  The tokens come from the lexer,
   read-lex.inc, included below.  */

#include "runtime/scm-internal.h"
#include "values/strings-internal.h"
#include "values/hashtab-internal.h"
#include "runtime/init-internal.h"
#include "io/ports-internal.h"
#include "io/srcpos-internal.h"
#include "runtime/poll-internal.h"
#include "values/symbols-internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicase.h>
#include <unictype.h>
#include <libscm/chars.h>
#include <libscm/conditions.h>
#include <libscm/keywords.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/ports.h>
#include <libscm/read.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/throw.h>
#include <libscm/bytevectors.h>
#include <libscm/vectors.h>

SCM_SYMBOL (sym_quote, "quote");
SCM_SYMBOL (sym_quasiquote, "quasiquote");
SCM_SYMBOL (sym_unquote, "unquote");
SCM_SYMBOL (sym_unquote_splicing, "unquote-splicing");
SCM_SYMBOL (sym_syntax, "syntax");
SCM_SYMBOL (sym_quasisyntax, "quasisyntax");
SCM_SYMBOL (sym_unsyntax, "unsyntax");
SCM_SYMBOL (sym_unsyntax_splicing, "unsyntax-splicing");
SCM_SYMBOL (sym_out_of_memory, "out-of-memory");
SCM_SYMBOL (sym_read_error, "read-error");

/* Header flag of a read error raised because the input ended inside a
   datum (scm_is_incomplete_read_error).  */
#define CONDITION_INCOMPLETE 0x01

/* What an error message names when the port has no file name.  */
#define NO_FILE_NAME "<port>"

/* ------------------------------------------------------------------ */
/* The state of one call to read.

   Frames, collected vector elements, datum labels and the token live in
   buffers that start inside this structure (on the C stack, which the GC
   scans) and move to the GC heap when they outgrow it.  */

enum frame_kind
{
  FRAME_LIST,                   /* inside ( ... ) */
  FRAME_VECTOR,                 /* inside #( ... ) */
  FRAME_BYTEVECTOR,             /* inside #u8( ... ) */
  FRAME_PREFIX,                 /* after ' ` , ,@ */
  FRAME_COMMENT,                /* after #; */
  FRAME_LABEL                   /* after #N= */
};

/* Where a list is in its syntax.  */
enum list_state { LIST_ELEMENTS, LIST_AFTER_DOT, LIST_TAIL_READ };

struct frame
{
  SCM head;                     /* list: first pair or '(); prefix: symbol */
  union
  {
    SCM tail;                   /* list: last pair */
    size_t index;               /* vector: first element on the value
                                   stack; label: its entry */
  } u;
  uint32_t line, column;        /* where the frame's datum starts */
  uint8_t kind, state;
  uint8_t bracket;              /* list: opened by `[', so closed by `]' */
};

struct label
{
  long number;
  SCM value;                    /* the datum, or a placeholder */
  SCM fixups;                   /* ((object . word-index) ...) */
  int resolved;
};

#define NO_CHAR (-2)
#define TOKEN_INITIAL 128
#define FRAMES_INITIAL 32
/* Frames past the first FRAMES_INITIAL lie in chunks of this many, so
   that a datum nested millions deep never copies its frames: a copy of
   a 64 MB array, and the clearing of its 128 MB successor, took 80 ms
   in which no time limit could stop the reader.  */
#define FRAME_CHUNK 4096
#define VALUES_INITIAL 32
#define PENDING_MAX 128
#define LABEL_MAX 999999999L

struct read_state
{
  SCM port;
  SCM file;                     /* the port's file name, or #f */
  int fold_case;
  uint32_t line, column;        /* start of the current token */
  uint32_t datum_line, datum_column; /* start of the datum delivered */
  int32_t ahead;                /* a delimiter read past a token, or
                                   NO_CHAR */
  uint32_t ahead_line, ahead_column;
  size_t containers;            /* open lists and vectors */
  SCM value;                    /* the token's datum, or prefix symbol */
  long label;                   /* the token's label number */

  uint32_t *token;              /* the token's characters */
  size_t token_len, token_cap;
  char *utf8;                   /* the token in UTF-8, NUL-terminated */
  size_t utf8_cap;

  struct frame **chunks;        /* frames FRAMES_INITIAL + FRAME_CHUNK * K
                                   onwards, in CHUNKS[K] */
  size_t nchunks, chunks_cap;
  size_t nframes, frames_cap;
  SCM *values;                  /* elements of the open vectors */
  size_t nvalues, values_cap;
  struct label *labels;
  size_t nlabels, labels_cap, unresolved;

  struct scm_i_pending_position pending[PENDING_MAX];
  size_t npending;

  uint32_t token_space[TOKEN_INITIAL];
  char utf8_space[TOKEN_INITIAL * 4 + 1];
  struct frame frame_space[FRAMES_INITIAL];
  SCM value_space[VALUES_INITIAL];
};

static void
init_state (struct read_state *st, SCM port)
{
  st->port = port;
  st->file = scm_port_filename (port);
  st->fold_case = scm_i_port_fold_case (port);
  st->ahead = NO_CHAR;
  st->containers = 0;
  st->token = st->token_space;
  st->token_len = 0;
  st->token_cap = TOKEN_INITIAL;
  st->utf8 = st->utf8_space;
  st->utf8_cap = sizeof st->utf8_space;
  st->chunks = NULL;
  st->nchunks = st->chunks_cap = 0;
  st->nframes = 0;
  st->frames_cap = FRAMES_INITIAL;
  st->values = st->value_space;
  st->nvalues = 0;
  st->values_cap = VALUES_INITIAL;
  st->labels = NULL;
  st->nlabels = st->labels_cap = st->unresolved = 0;
  st->npending = 0;
}

/* A copy of the USED elements of buffer OLD in one twice as large;
   *CAPACITY doubles.  */
static void *
grow_buffer (const void *old, size_t used, size_t *capacity, size_t size,
             int pointer_free)
{
  size_t cap = *capacity * 2;
  if (cap > SIZE_MAX / 2 / size)
    scm_out_of_memory ("read", SIZE_MAX);
  void *fresh = pointer_free ? scm_i_alloc_atomic (cap * size)
    : scm_i_alloc (cap * size);
  if (used > 0)
    memcpy (fresh, old, used * size);
  *capacity = cap;
  return fresh;
}

static void
flush_positions (struct read_state *st)
{
  size_t n = st->npending;
  st->npending = 0;
  if (n > 0)
    scm_i_record_positions (st->pending, n, st->file);
}

static inline void
note_position (struct read_state *st, SCM pair, uint32_t line,
               uint32_t column)
{
  if (SCM_UNLIKELY (st->npending == PENDING_MAX))
    {
      flush_positions (st);
      /* Just after the table of positions grew, each entry may land on
         a page of it not touched yet, which the kernel faults in (2 to
         7 us each here): 4,096 events of the loop's own polls then took
         20 to 40 ms, and a time limit was overshot by as much
         (test-overshoot).  So the reader also looks every 128 pairs.  */
      scm_i_poll_interrupt ();
    }
  st->pending[st->npending].pair = pair;
  st->pending[st->npending].data = scm_i_position_data (line, column);
  st->npending++;
}

/* ------------------------------------------------------------------ */
/* Errors.  */

static inline uint32_t
clamp_u32 (long n)
{
  return n < 0 ? 0 : (unsigned long) n > UINT32_MAX ? UINT32_MAX
    : (uint32_t) n;
}

/* Raise a read-error "FILE:LINE:COLUMN: MESSAGE".  */
static void SCM_NORETURN __attribute__ ((format (printf, 4, 5)))
read_error_at (struct read_state *st, uint32_t line, uint32_t column,
               const char *fmt, ...)
{
  va_list ap;
  char what[400];

  va_start (ap, fmt);
  vsnprintf (what, sizeof what, fmt, ap);
  va_end (ap);
  const char *file = scm_is_string (st->file)
    ? scm_i_to_utf8_stringn (st->file, NULL) : NO_FILE_NAME;
  size_t size = strlen (file) + strlen (what) + 64;
  char *message = scm_i_alloc_atomic (size);
  snprintf (message, size, "%s:%u:%u: %s", file, line, column, what);
  SCM cond = scm_make_condition (sym_read_error, SCM_BOOL_F,
                                 scm_from_utf8_string (message), SCM_EOL);
  /* Every error about input that ends inside a datum says "end of
     file"; mark those, so that a REPL can ask for more lines.  */
  if (strstr (what, "end of file") != NULL)
    SCM_SET_CELL_WORD (cond, 0, SCM_HEADER (cond)
                       | ((scm_t_bits) CONDITION_INCOMPLETE << 8));
  scm_raise (cond);
}

int
scm_is_incomplete_read_error (SCM obj)
{
  return scm_is_condition (obj)
    && scm_is_eq (scm_condition_kind (obj), sym_read_error)
    && (SCM_OBJ_FLAGS (obj) & CONDITION_INCOMPLETE) != 0;
}

/* The error is at the start of the current token.  */
#define read_error(st, ...) \
  read_error_at ((st), (st)->line, (st)->column, __VA_ARGS__)

/* Line and column (from 1) of the next character to read.  */
static uint32_t here_line (struct read_state *st)
{
  return st->ahead != NO_CHAR ? st->ahead_line
    : clamp_u32 (scm_c_port_line (st->port));
}
static uint32_t here_column (struct read_state *st)
{
  return st->ahead != NO_CHAR ? st->ahead_column
    : clamp_u32 (scm_c_port_column (st->port) + 1);
}

/* The error is at the next character of the port, or BACK characters
   before it on the same line.  */
#define read_error_here(st, back, ...) \
  read_error_at ((st), here_line (st), here_column (st) - (back), \
                 __VA_ARGS__)

/* ------------------------------------------------------------------ */
/* The lexer (read-lex.inc): characters and tokens, one event at a time.  */

#include "io/read-lex.inc"

/* ------------------------------------------------------------------ */
/* Datum labels.

   #N= starts a label whose datum is not read yet: references #N# inside
   it get a placeholder, a pair (#<undefined> . entry-index) that no
   datum read can look like.  Each place where a placeholder is stored
   (a pair's car or cdr, a vector slot: a word of an object) is noted in
   the label's fixups, and written over with the datum once it is read.
   While no label is pending, none of this costs anything.  */

static struct label *
find_label (struct read_state *st, long n)
{
  if ((size_t) n < st->nlabels && st->labels[n].number == n)
    return &st->labels[n];
  for (size_t i = 0; i < st->nlabels; i++)
    if (st->labels[i].number == n)
      return &st->labels[i];
  return NULL;
}

/* The label whose placeholder V is, or NULL.  */
static inline struct label *
placeholder_label (struct read_state *st, SCM v)
{
  if (scm_is_pair (v) && scm_is_eq (SCM_CAR (v), SCM_UNDEFINED))
    return &st->labels[SCM_FIXNUM_VALUE (SCM_CDR (v))];
  return NULL;
}

/* V was stored in word WORD of OBJ: note it if it is a placeholder.  */
static inline void
note_fixup (struct read_state *st, SCM v, SCM obj, size_t word)
{
  if (SCM_LIKELY (st->unresolved == 0))
    return;
  struct label *l = placeholder_label (st, v);
  if (l != NULL)
    l->fixups = scm_cons (scm_cons (obj, SCM_MAKE_FIXNUM (word)), l->fixups);
}

static void
define_label (struct read_state *st, struct frame *f)
{
  if (st->nlabels == st->labels_cap)
    {
      size_t cap = st->labels_cap ? st->labels_cap : 8;
      st->labels = grow_buffer (st->labels, st->nlabels, &cap,
                                sizeof (struct label), 0);
      st->labels_cap = cap;
    }
  struct label *l = &st->labels[st->nlabels];
  l->number = st->label;
  l->value = scm_cons (SCM_UNDEFINED, SCM_MAKE_FIXNUM (st->nlabels));
  l->fixups = SCM_EOL;
  l->resolved = 0;
  f->u.index = st->nlabels++;
  st->unresolved++;
}

static SCM
label_ref (struct read_state *st)
{
  struct label *l = find_label (st, st->label);
  if (l == NULL)
    read_error (st, "undefined datum label `#%ld#' (no `#%ld=' before it)",
                st->label, st->label);
  /* A label whose datum was another label's placeholder stands for
     that label.  */
  while (l->resolved)
    {
      struct label *target = placeholder_label (st, l->value);
      if (target == NULL)
        break;
      l = target;
    }
  return l->value;
}

/* The datum V of the label of frame F is read: patch the references.  */
static SCM
resolve_label (struct read_state *st, struct frame *f, SCM v)
{
  struct label *l = &st->labels[f->u.index];
  struct label *target = placeholder_label (st, v);

  if (target == l)
    read_error_at (st, f->line, f->column, "datum label `#%ld=' labels "
                   "only a reference to itself", l->number);
  if (target != NULL)
    for (SCM p = l->fixups; scm_is_pair (p); p = SCM_CDR (p))
      target->fixups = scm_cons (SCM_CAR (p), target->fixups);
  else
    for (SCM p = l->fixups; scm_is_pair (p); p = SCM_CDR (p))
      {
        SCM fix = SCM_CAR (p);
        SCM_SET_CELL_OBJECT (SCM_CAR (fix),
                             SCM_FIXNUM_VALUE (SCM_CDR (fix)), v);
      }
  l->value = v;
  l->fixups = SCM_EOL;
  l->resolved = 1;
  st->unresolved--;
  return v;
}

/* ------------------------------------------------------------------ */
/* The frame stack.  */

static inline struct frame *
frame_at (struct read_state *st, size_t i)
{
  if (SCM_LIKELY (i < FRAMES_INITIAL))
    return &st->frame_space[i];
  i -= FRAMES_INITIAL;
  return &st->chunks[i / FRAME_CHUNK][i % FRAME_CHUNK];
}

/* Room for FRAME_CHUNK more frames.  */
static void
add_frame_chunk (struct read_state *st)
{
  if (st->nchunks == st->chunks_cap)
    {
      if (st->chunks_cap == 0)
        {
          st->chunks_cap = 8;
          st->chunks = scm_i_alloc (st->chunks_cap * sizeof *st->chunks);
        }
      else
        st->chunks = grow_buffer (st->chunks, st->nchunks, &st->chunks_cap,
                                  sizeof *st->chunks, 0);
    }
  st->chunks[st->nchunks++] = scm_i_alloc (FRAME_CHUNK
                                           * sizeof (struct frame));
  st->frames_cap += FRAME_CHUNK;
}

static struct frame *
push_frame (struct read_state *st, enum frame_kind kind)
{
  if (st->nframes == st->frames_cap)
    add_frame_chunk (st);
  struct frame *f = frame_at (st, st->nframes++);
  f->head = SCM_EOL;
  f->u.tail = SCM_EOL;
  f->line = st->line;
  f->column = st->column;
  f->kind = kind;
  f->state = LIST_ELEMENTS;
  f->bracket = 0;
  if (kind == FRAME_LIST || kind == FRAME_VECTOR || kind == FRAME_BYTEVECTOR)
    st->containers++;
  return f;
}

static inline struct frame *
top_frame (struct read_state *st)
{
  return st->nframes > 0 ? frame_at (st, st->nframes - 1) : NULL;
}

static const char *
prefix_text (SCM symbol)
{
  return scm_is_eq (symbol, sym_quote) ? "'"
    : scm_is_eq (symbol, sym_quasiquote) ? "`"
    : scm_is_eq (symbol, sym_unquote) ? ","
    : scm_is_eq (symbol, sym_unquote_splicing) ? ",@"
    : scm_is_eq (symbol, sym_syntax) ? "#'"
    : scm_is_eq (symbol, sym_quasisyntax) ? "#`"
    : scm_is_eq (symbol, sym_unsyntax) ? "#," : "#,@";
}

/* A datum starts here: refuse it after a dotted list's tail.  */
static inline void
expect_datum (struct read_state *st)
{
  struct frame *f = top_frame (st);
  if (f != NULL && f->kind == FRAME_LIST && f->state == LIST_TAIL_READ)
    read_error (st, "expected `%c' after the datum that follows `.' (the "
                "list starts at %u:%u)", f->bracket ? ']' : ')', f->line,
                f->column);
}

static void
read_dot (struct read_state *st)
{
  struct frame *f = top_frame (st);
  if (f == NULL || f->kind != FRAME_LIST)
    read_error (st, "`.' in a bad place (expected it only inside a list, "
                "between its last elements)");
  if (scm_is_null (f->head))
    read_error (st, "`.' in a bad place: no datum before it in the list");
  if (f->state != LIST_ELEMENTS)
    read_error (st, "`.' in a bad place: the list already has a `.'");
  f->state = LIST_AFTER_DOT;
}

static void SCM_NORETURN
bad_close (struct read_state *st, struct frame *f, char closer)
{
  if (f == NULL)
    read_error (st, "unexpected `%c' (no list or vector is open)", closer);
  if (f->kind == FRAME_PREFIX)
    read_error (st, "unexpected `%c' after `%s' at %u:%u (expected a datum)",
                closer, prefix_text (f->head), f->line, f->column);
  if (f->kind == FRAME_COMMENT)
    read_error (st, "unexpected `%c' after `#;' at %u:%u (expected a datum "
                "to comment out)", closer, f->line, f->column);
  read_error (st, "unexpected `%c' after `#%ld=' at %u:%u (expected a "
              "datum)", closer, st->labels[f->u.index].number, f->line,
              f->column);
}

/* CLOSER must match what opened F: `]' only a `[', `)' the others.  */
static void
check_closer (struct read_state *st, struct frame *f, char closer)
{
  char opener = f->kind == FRAME_LIST ? (f->bracket ? '[' : '(')
    : f->kind == FRAME_VECTOR ? '#' : 'u';
  char wanted = opener == '[' ? ']' : ')';
  if (closer != wanted)
    read_error (st, "unexpected `%c': the %s that starts at %u:%u with "
                "`%s' must end with `%c'", closer,
                f->kind == FRAME_LIST ? "list" : f->kind == FRAME_VECTOR
                ? "vector" : "bytevector", f->line, f->column,
                opener == '[' ? "[" : opener == '(' ? "(" : opener == '#'
                ? "#(" : "#u8(", wanted);
}

static SCM
close_vector (struct read_state *st, struct frame *f)
{
  size_t base = f->u.index, n = st->nvalues - base;
  SCM vec = scm_c_make_vector (n, SCM_UNSPECIFIED);
  for (size_t i = 0; i < n; i++)
    {
      SCM v = st->values[base + i];
      SCM_VECTOR_SET (vec, i, v);
      note_fixup (st, v, vec, i + 1);
    }
  st->nvalues = base;
  return vec;
}

/* #u8( ... ): the values must be bytes.  */
static SCM
close_bytevector (struct read_state *st, struct frame *f)
{
  size_t base = f->u.index, n = st->nvalues - base;
  SCM bv = scm_c_make_bytevector (n);
  uint8_t *c = SCM_BYTEVECTOR_CONTENTS (bv);
  for (size_t i = 0; i < n; i++)
    {
      SCM v = st->values[base + i];
      if (!SCM_FIXNUM_P (v) || SCM_FIXNUM_VALUE (v) < 0
          || SCM_FIXNUM_VALUE (v) > 255)
        read_error (st, "bad bytevector element %zu: expected an exact "
                    "integer from 0 to 255 (the bytevector starts at %u:%u)",
                    i + 1, f->line, f->column);
      c[i] = (uint8_t) SCM_FIXNUM_VALUE (v);
    }
  st->nvalues = base;
  return bv;
}

/* The `)' or `]' CLOSER closes the innermost frame: its datum, which
   starts at *LINE:*COLUMN.  */
static SCM
close_frame (struct read_state *st, char closer, uint32_t *line,
             uint32_t *column)
{
  struct frame *f = top_frame (st);
  SCM v;

  if (f == NULL || (f->kind != FRAME_LIST && f->kind != FRAME_VECTOR
                    && f->kind != FRAME_BYTEVECTOR))
    bad_close (st, f, closer);
  check_closer (st, f, closer);
  if (f->kind == FRAME_LIST && f->state == LIST_AFTER_DOT)
    read_error (st, "`.' in a bad place: no datum after it before `%c' "
                "(the list starts at %u:%u)", closer, f->line, f->column);
  v = f->kind == FRAME_LIST ? f->head
    : f->kind == FRAME_VECTOR ? close_vector (st, f)
    : close_bytevector (st, f);
  *line = f->line;
  *column = f->column;
  st->nframes--;
  st->containers--;
  return v;
}

static void SCM_NORETURN
eof_error (struct read_state *st)
{
  struct frame *f = top_frame (st);
  switch (f->kind)
    {
    case FRAME_LIST:
    case FRAME_VECTOR:
    case FRAME_BYTEVECTOR:
      {
        const char *what = f->kind == FRAME_LIST ? "list"
          : f->kind == FRAME_VECTOR ? "vector" : "bytevector";
        read_error (st, "unterminated %s: end of file before its `%c' (the "
                    "%s starts at %u:%u)", what, f->bracket ? ']' : ')',
                    what, f->line, f->column);
      }
    case FRAME_PREFIX:
      read_error (st, "end of file after `%s' at %u:%u (expected a datum)",
                  prefix_text (f->head), f->line, f->column);
    case FRAME_COMMENT:
      read_error (st, "end of file after `#;' at %u:%u (expected a datum "
                  "to comment out)", f->line, f->column);
    default:
      read_error (st, "end of file after `#%ld=' at %u:%u (expected a "
                  "datum)", st->labels[f->u.index].number, f->line,
                  f->column);
    }
}

static int
self_evaluating_atom (SCM v)
{
  if (SCM_FIXNUM_P (v) || SCM_CHARP (v) || scm_is_bool (v)
      || scm_is_flonum (v))
    return 1;
  if (!SCM_HEAP_OBJECT_P (v))
    return 0;
  switch (SCM_HEADER_TC8 (SCM_HEADER (v)))
    {
    case scm_tc8_flonum: case scm_tc8_bignum: case scm_tc8_ratnum:
    case scm_tc8_complex:
    case scm_tc8_string: case scm_tc8_bytevector:
      return 1;
    default:
      return 0;
    }
}

static void
list_add (struct read_state *st, struct frame *f, SCM v, uint32_t line,
          uint32_t column)
{
  if (f->state == LIST_AFTER_DOT)
    {
      SCM_SETCDR (f->u.tail, v);
      note_fixup (st, v, f->u.tail, 1);
      f->state = LIST_TAIL_READ;
      return;
    }
  SCM pair = scm_cons (v, SCM_EOL);
  if (scm_is_null (f->head))
    {
      f->head = pair;
      note_position (st, pair, f->line, f->column);
    }
  else
    {
      SCM_SETCDR (f->u.tail, pair);
      /* Positions are for code: the expander asks where a form or an
         identifier is, never where a literal in a list is.  A pair that
         holds a number, string, character, boolean or bytevector gets
         none, so reading data (a list of 10^7 numbers) costs about the
         data itself, not four times it.  */
      if (!self_evaluating_atom (v))
        note_position (st, pair, line, column);
    }
  f->u.tail = pair;
  note_fixup (st, v, pair, 0);
}

static void
push_value (struct read_state *st, SCM v)
{
  if (st->nvalues == st->values_cap)
    st->values = grow_buffer (st->values, st->nvalues, &st->values_cap,
                              sizeof (SCM), 0);
  st->values[st->nvalues++] = v;
}

/* (SYMBOL V) for the prefix frame F; V starts at LINE:COLUMN.  */
static SCM
make_prefixed (struct read_state *st, struct frame *f, SCM v, uint32_t line,
               uint32_t column)
{
  SCM inner = scm_cons (v, SCM_EOL);
  SCM outer = scm_cons (f->head, inner);
  note_position (st, outer, f->line, f->column);
  note_position (st, inner, line, column);
  note_fixup (st, v, inner, 0);
  return outer;
}

/* Hand datum V, which starts at LINE:COLUMN, to the innermost frames.
   Return nonzero, with V in *RESULT, when it completes the outermost
   datum.  */
static int
deliver (struct read_state *st, SCM v, uint32_t line, uint32_t column,
         SCM *result)
{
  struct frame *f;
  size_t turns = 0;

  while ((f = top_frame (st)) != NULL)
    {
      /* 200,000 quotes close here at once: as interruptible as the
         events (read_datum).  */
      if (SCM_UNLIKELY ((++turns & 0xfff) == 0))
        scm_i_poll_interrupt ();
      switch (f->kind)
        {
        case FRAME_LIST:
          list_add (st, f, v, line, column);
          return 0;
        case FRAME_VECTOR:
        case FRAME_BYTEVECTOR:
          push_value (st, v);
          return 0;
        case FRAME_COMMENT:
          st->nframes--;
          return 0;
        case FRAME_PREFIX:
          v = make_prefixed (st, f, v, line, column);
          break;
        case FRAME_LABEL:
          v = resolve_label (st, f, v);
          break;
        }
      line = f->line;
      column = f->column;
      st->nframes--;
    }
  st->datum_line = line;
  st->datum_column = column;
  *result = v;
  return 1;
}

/* Read one datum, or return the eof object at the end of the input.  */
static SCM
read_datum (struct read_state *st)
{
  SCM v, result;
  uint32_t line, column;
  size_t turns = 0;

  for (;;)
    {
      /* Reading a huge datum stays interruptible: the steps are
         counted every 65,536 events, and a limit or an interrupt is
         looked at every 4,096 (a few hundred microseconds), so that a
         time limit is not overshot by much.  */
      if (SCM_UNLIKELY ((++turns & 0xfff) == 0))
        {
          if ((turns & 0xffff) == 0)
            scm_i_poll_steps ();        /* SCM_I_POLL_EVERY's */
          else
            scm_i_poll_interrupt ();
        }
      enum event ev = next_event (st);
      line = st->line;
      column = st->column;
      switch (ev)
        {
        case EV_EOF:
          if (st->nframes == 0)
            return SCM_EOF_VAL;
          eof_error (st);
        case EV_OPEN_LIST:
          expect_datum (st);
          push_frame (st, FRAME_LIST);
          continue;
        case EV_OPEN_BRACKET:
          expect_datum (st);
          push_frame (st, FRAME_LIST)->bracket = 1;
          continue;
        case EV_OPEN_VECTOR:
          expect_datum (st);
          push_frame (st, FRAME_VECTOR)->u.index = st->nvalues;
          continue;
        case EV_OPEN_BYTEVECTOR:
          expect_datum (st);
          push_frame (st, FRAME_BYTEVECTOR)->u.index = st->nvalues;
          continue;
        case EV_PREFIX:
          expect_datum (st);
          push_frame (st, FRAME_PREFIX)->head = st->value;
          continue;
        case EV_DATUM_COMMENT:
          push_frame (st, FRAME_COMMENT);
          continue;
        case EV_LABEL_DEF:
          expect_datum (st);
          if (find_label (st, st->label) != NULL)
            read_error (st, "datum label `#%ld=' defined twice", st->label);
          define_label (st, push_frame (st, FRAME_LABEL));
          continue;
        case EV_DOT:
          read_dot (st);
          continue;
        case EV_CLOSE:
        case EV_CLOSE_BRACKET:
          v = close_frame (st, ev == EV_CLOSE ? ')' : ']', &line, &column);
          break;
        case EV_LABEL_REF:
          expect_datum (st);
          v = label_ref (st);
          break;
        case EV_DATUM:
          expect_datum (st);
          v = st->value;
          break;
        default:
          continue;
        }
      if (deliver (st, v, line, column, &result))
        return result;
    }
}

/* ------------------------------------------------------------------ */
/* Entry points.  */

SCM_DEFINE (scm_read, "read", 0, 1, 0, (SCM port),
            "Read the next datum from @var{port} (the current input port\n"
            "if omitted) and return it, or the end-of-file object at the\n"
            "end of the input.  Raise a read error for malformed input;\n"
            "its message starts with the file, line and column.")
{
  struct read_state st;

  if (SCM_UNBNDP (port))
    port = scm_current_input_port ();
  SCM_ASSERT_TYPE (scm_is_true (scm_input_port_p (port)), port, 1, "read",
                   "input port");
  /* The port's lock is taken once for the datum, not per character: the
     reader raises and allocates at any point, so it is guarded at once.  */
  scm_i_begin_input (port, 1, "read");
  scm_i_guard_input (port);
  init_state (&st, port);
  SCM datum = read_datum (&st);
  scm_i_set_port_datum_start (port, st.datum_line, st.datum_column);
  scm_i_end_input (port);
  SCM_ASSERT_INTERNAL (st.ahead == NO_CHAR);
  flush_positions (&st);
  return datum;
}

SCM
scm_c_read_string (const char *utf8)
{
  return scm_read (scm_c_open_input_string (utf8));
}

void
scm_init_read (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "io/read.x"
#endif
}
