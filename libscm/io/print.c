/* print.c -- write, display, write-shared and write-simple
   SPDX-License-Identifier: LGPL-3.0-or-later

   The printer walks its datum with an explicit stack, never with C
   recursion, so any nesting depth prints (memory permitting).  Datum
   labels come from a first pass, also non-recursive, that records pairs,
   vectors and conditions in a pointer hash table:

   - write and display label the objects that close a cycle (the targets
     of the back edges of a depth-first walk), and only those;
   - write-shared labels every container met more than once;
   - write-simple has no labels and no first pass.

   Output collects into a buffer that is flushed to the port, or that
   grows on the GC heap for object->string and for error messages.  */

#include "runtime/scm-internal.h"
#include "modules/modules-internal.h"
#include "runtime/poll-internal.h"
#include "io/ports-internal.h"
#include "vm/code-internal.h"
#include "runtime/init-internal.h"
#include "values/strings-internal.h"
#include "values/foreign-internal.h"
#include "values/records-internal.h"

#include <stdio.h>
#include <string.h>
#include <unictype.h>
#include <unistr.h>
#include <libscm/chars.h>
#include <libscm/conditions.h>
#include <libscm/keywords.h>
#include <libscm/numbers.h>
#include <libscm/ports.h>
#include <libscm/print.h>
#include <libscm/pairs.h>
#include <libscm/lists.h>
#include <libscm/records.h>
#include <libscm/foreign.h>
#include <libscm/strings.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>
#include <libscm/throw.h>
#include <libscm/bytevectors.h>
#include <libscm/vectors.h>

SCM_SYMBOL (sym_quote, "quote");
SCM_SYMBOL (sym_quasiquote, "quasiquote");
SCM_SYMBOL (sym_unquote, "unquote");
SCM_SYMBOL (sym_unquote_splicing, "unquote-splicing");

/* ------------------------------------------------------------------ */
/* Output: a byte buffer, flushed to a port or grown on the heap.  */

#define SINK_INLINE_BYTES 512

struct sink
{
  SCM port;                     /* #f: collect everything in memory */
  char *buf;
  size_t len, cap;              /* cap leaves room for a final NUL */
  char inline_buf[SINK_INLINE_BYTES];
};

static void
sink_init (struct sink *s, SCM port)
{
  s->port = port;
  s->buf = s->inline_buf;
  s->len = 0;
  s->cap = SINK_INLINE_BYTES - 1;
}

static void
sink_flush (struct sink *s)
{
  if (scm_is_false (s->port) || s->len == 0)
    return;
  s->buf[s->len] = '\0';
  s->len = 0;
  scm_c_puts (s->port, s->buf);
}

/* Make room for N more bytes.  */
static void
sink_reserve (struct sink *s, size_t n)
{
  if (s->len + n <= s->cap)
    return;
  if (scm_is_true (s->port) && n <= s->cap)
    {
      sink_flush (s);
      return;
    }
  size_t cap = 2 * (s->cap + 1);
  while (cap - 1 < s->len + n)
    cap *= 2;
  char *buf = scm_i_alloc_atomic (cap);
  memcpy (buf, s->buf, s->len);
  s->buf = buf;
  s->cap = cap - 1;
}

static void
put_bytes (struct sink *s, const char *bytes, size_t n)
{
  sink_reserve (s, n);
  memcpy (s->buf + s->len, bytes, n);
  s->len += n;
}

static void
put_cstr (struct sink *s, const char *str)
{
  put_bytes (s, str, strlen (str));
}

static inline void
put_byte (struct sink *s, char c)
{
  if (SCM_UNLIKELY (s->len >= s->cap))
    sink_reserve (s, 1);
  s->buf[s->len++] = c;
}

/* Character C in UTF-8.  A NUL goes to a port on its own (scm_c_puts
   stops at NUL); what is not a scalar value becomes U+FFFD.  */
static void
put_uc (struct sink *s, uint32_t c)
{
  if (c < 0x80 && (c != 0 || scm_is_false (s->port)))
    {
      put_byte (s, (char) c);
      return;
    }
  if (c == 0)
    {
      sink_flush (s);
      scm_c_putc (s->port, 0);
      return;
    }
  if (c > SCM_CODEPOINT_MAX || (c >= 0xd800 && c < 0xe000))
    c = 0xfffd;
  sink_reserve (s, 4);
  s->len += u8_uctomb ((uint8_t *) s->buf + s->len, c, 4);
}

static void
put_printf_long (struct sink *s, const char *fmt, long n)
{
  char tmp[32];
  int k = snprintf (tmp, sizeof tmp, fmt, n);
  put_bytes (s, tmp, (size_t) k);
}

/* "0x" and the address or word of OBJ.  */
static void
put_address (struct sink *s, SCM obj)
{
  char tmp[32];
  int k = snprintf (tmp, sizeof tmp, "0x%lx", (unsigned long) SCM_UNPACK (obj));
  put_bytes (s, tmp, (size_t) k);
}

/* ------------------------------------------------------------------ */
/* A pointer hash table: open addressing, linear probing, never shrinks.
   Its memory is scanned by the GC; the keys are kept alive anyway by
   the datum being printed.  */

#define ENTRY_OPEN 0x1          /* on the depth-first path */
#define ENTRY_LABEL 0x2         /* printed with a datum label */
#define ENTRY_FLAGS 0x3

/* 16 bytes: a million pairs to check cost 32 MB at most.  */
struct entry
{
  scm_t_bits key;               /* 0: empty slot */
  scm_t_bits state;             /* flags, and above them label + 1 */
};

/* The label number of E, or -1 until its #N= has been printed.  */
static long
entry_label (const struct entry *e)
{
  return (long) (e->state >> 2) - 1;
}

static void
entry_set_label (struct entry *e, long label)
{
  e->state = (e->state & ENTRY_FLAGS) | ((scm_t_bits) (label + 1) << 2);
}

struct table
{
  struct entry *slots;
  size_t count;
  unsigned bits;                /* 2^bits slots, or none while 0 */
};

static size_t
table_hash (const struct table *t, scm_t_bits key)
{
  return (size_t) (((key >> 3) * 0x9e3779b97f4a7c15u) >> (64 - t->bits));
}

static struct entry *
table_lookup (const struct table *t, SCM obj)
{
  if (t->bits == 0)
    return NULL;
  size_t mask = ((size_t) 1 << t->bits) - 1;
  for (size_t i = table_hash (t, SCM_UNPACK (obj));; i = (i + 1) & mask)
    {
      if (t->slots[i].key == SCM_UNPACK (obj))
        return &t->slots[i];
      if (t->slots[i].key == 0)
        return NULL;
    }
}

/* The empty slot where KEY goes.  */
static struct entry *
table_free_slot (const struct table *t, scm_t_bits key)
{
  size_t mask = ((size_t) 1 << t->bits) - 1;
  size_t i = table_hash (t, key);
  while (t->slots[i].key != 0)
    i = (i + 1) & mask;
  return &t->slots[i];
}

/* The table holds every container of a datum that is walked for
   cycles (each pair of a long list): it grows to tens of MB, and
   rehashing it is a long loop, which polls for Ctrl-C (display of a
   3*10^6-element list came back up to 0.2 s after Ctrl-C, in here).
   Its keys need not keep anything alive (the datum does) nor be
   scanned by the collector: pointer-free memory, cleared by hand.  */
static void
table_grow (struct table *t)
{
  struct table bigger = { NULL, t->count, t->bits ? t->bits + 1 : 6 };
  size_t bytes = sizeof (struct entry) << bigger.bits;
  bigger.slots = scm_i_alloc_atomic (bytes);
  memset (bigger.slots, 0, bytes);
  size_t turns = 0;
  for (size_t i = 0; t->bits && i < ((size_t) 1 << t->bits); i++)
    {
      SCM_I_POLL_EVERY (turns);
      if (t->slots[i].key != 0)
        *table_free_slot (&bigger, t->slots[i].key) = t->slots[i];
    }
  *t = bigger;
}

/* The entry of OBJ, made (flags 0, no label) if it was missing; *ADDED
   says which.  */
static struct entry *
table_intern (struct table *t, SCM obj, int *added)
{
  struct entry *e = table_lookup (t, obj);
  *added = e == NULL;
  if (e != NULL)
    return e;
  if (2 * (t->count + 1) > ((size_t) 1 << t->bits))
    table_grow (t);
  e = table_free_slot (t, SCM_UNPACK (obj));
  e->key = SCM_UNPACK (obj);
  e->state = 0;
  t->count++;
  return e;
}

/* ------------------------------------------------------------------ */
/* A stack of (object, index) frames, first on the C stack, then on the
   heap.  Both passes and the printer use it.  */

#define STACK_INLINE_FRAMES 32

struct frame
{
  SCM obj;
  size_t index;
  size_t count;                 /* a list's elements printed so far */
};

struct stack
{
  struct frame *frames;
  size_t n, cap;
  struct frame inline_frames[STACK_INLINE_FRAMES];
};

static void
stack_init (struct stack *s)
{
  s->frames = s->inline_frames;
  s->n = 0;
  s->cap = STACK_INLINE_FRAMES;
}

static void
stack_push (struct stack *s, SCM obj, size_t index)
{
  if (SCM_UNLIKELY (s->n == s->cap))
    {
      if (s->cap > ((size_t) -1 / 2) / sizeof (struct frame))
        scm_out_of_memory ("write", (size_t) -1);
      struct frame *frames = scm_i_alloc (2 * s->cap * sizeof (struct frame));
      memcpy (frames, s->frames, s->n * sizeof (struct frame));
      s->frames = frames;
      s->cap *= 2;
    }
  s->frames[s->n].obj = obj;
  s->frames[s->n].index = index;
  s->frames[s->n].count = 1;
  s->n++;
}

/* ------------------------------------------------------------------ */
/* Containers: the objects that may carry a datum label.  */

static int
is_container (SCM x)
{
  if (!SCM_HEAP_OBJECT_P (x))
    return 0;
  if (scm_is_pair (x))
    return 1;
  if (scm_is_vector (x))
    return SCM_VECTOR_LENGTH (x) > 0;
  if (scm_is_record (x))
    return SCM_OBJ_PAYLOAD (x) > 0;
  return scm_is_condition (x);
}

/* Number of children of container X: car and cdr, the elements, or a
   condition's message and irritants.  */
static size_t
child_count (SCM x)
{
  if (scm_is_pair (x))
    return 2;
  if (scm_is_vector (x))
    return SCM_VECTOR_LENGTH (x);
  if (scm_is_record (x))
    return SCM_OBJ_PAYLOAD (x);
  return 2;
}

static SCM
child_ref (SCM x, size_t k)
{
  if (scm_is_pair (x))
    return k == 0 ? SCM_CAR (x) : SCM_CDR (x);
  if (scm_is_vector (x))
    return SCM_VECTOR_REF (x, k);
  if (scm_is_record (x))
    return SCM_CELL_OBJECT (x, 2 + k);
  return SCM_CELL_OBJECT (x, 3 + k);
}

/* ------------------------------------------------------------------ */
/* The first pass.  */

/* Nonzero if ROOT is a tree of at most a few hundred containers: then it
   has no cycle and write needs no table at all.  */
static int
is_small_tree (SCM root)
{
  SCM stack[64];
  size_t n = 0, budget = 512;

  stack[n++] = root;
  while (n > 0)
    {
      SCM x = stack[--n];
      if (!is_container (x))
        continue;
      size_t k = child_count (x);
      if (budget-- == 0 || n + k > sizeof stack / sizeof stack[0])
        return 0;
      while (k-- > 0)
        stack[n++] = child_ref (x, k);
    }
  return 1;
}

/* Label the targets of the back edges of a depth-first walk from ROOT:
   every cycle contains one, so printing then stops on every cycle.
   Return nonzero if anything was labelled.  */
static int
mark_cycles (struct table *t, SCM root)
{
  struct stack s;
  int added, any = 0;

  if (!is_container (root) || is_small_tree (root))
    return 0;
  stack_init (&s);
  table_intern (t, root, &added)->state = ENTRY_OPEN;
  stack_push (&s, root, 0);
  size_t turns = 0;
  while (s.n > 0)
    {
      SCM_I_POLL_EVERY (turns);
      struct frame *f = &s.frames[s.n - 1];
      if (f->index == child_count (f->obj))
        {
          table_lookup (t, f->obj)->state &= ~(scm_t_bits) ENTRY_OPEN;
          s.n--;
          continue;
        }
      SCM child = child_ref (f->obj, f->index++);
      if (!is_container (child))
        continue;
      struct entry *e = table_intern (t, child, &added);
      if (added)
        {
          e->state = ENTRY_OPEN;
          stack_push (&s, child, 0);
        }
      else if (e->state & ENTRY_OPEN)
        {
          e->state |= ENTRY_LABEL;
          any = 1;
        }
    }
  return any;
}

/* Label every container reachable from ROOT more than once.  Return
   nonzero if anything was labelled.  */
static int
mark_shared (struct table *t, SCM root)
{
  struct stack s;
  int added, any = 0;

  stack_init (&s);
  stack_push (&s, root, 0);
  size_t turns = 0;
  while (s.n > 0)
    {
      SCM_I_POLL_EVERY (turns);
      SCM x = s.frames[--s.n].obj;
      if (!is_container (x))
        continue;
      struct entry *e = table_intern (t, x, &added);
      if (!added)
        {
          e->state |= ENTRY_LABEL;
          any = 1;
          continue;
        }
      for (size_t k = child_count (x); k-- > 0;)
        if (is_container (child_ref (x, k)))
          stack_push (&s, child_ref (x, k), 0);
    }
  return any;
}

/* ------------------------------------------------------------------ */
/* The printer's state.  */

struct printer
{
  struct sink *out;
  int write;                    /* 0 for display */
  struct table labels;          /* from the first pass */
  int any_labels;               /* nonzero if some entry has ENTRY_LABEL */
  long next_label;
  struct stack stack;           /* the containers being printed */
  /* Limits (0: none): elements of a list or vector, nesting.  */
  size_t max_length, max_depth;
};

/* ------------------------------------------------------------------ */
/* Characters and strings.  */

/* Nonzero if non-ASCII character C shows as a visible mark: not a
   space of any width, line or paragraph separator (Z*), not a control,
   format, surrogate, private-use or unassigned code point (C*).  */
static int
is_graphic (uint32_t c)
{
  return !uc_is_general_category_withtable (c, UC_CATEGORY_MASK_C
                                            | UC_CATEGORY_MASK_Z);
}

/* "\xHH;" for character C.  */
static void
put_hex_escape (struct sink *s, uint32_t c)
{
  put_printf_long (s, "\\x%lx;", (long) c);
}

/* Character C inside a string (DELIM '"') or a |symbol| (DELIM '|'),
   escaped as `write' needs it.  */
static void
put_escaped (struct sink *s, uint32_t c, char delim)
{
  switch (c)
    {
    case '\\': put_bytes (s, "\\\\", 2); return;
    case '\n': put_bytes (s, "\\n", 2); return;
    case '\t': put_bytes (s, "\\t", 2); return;
    case '\r': put_bytes (s, "\\r", 2); return;
    case '\a': put_bytes (s, "\\a", 2); return;
    case '\b': put_bytes (s, "\\b", 2); return;
    default: break;
    }
  if (c == (uint32_t) delim)
    {
      put_byte (s, '\\');
      put_byte (s, delim);
    }
  else if (c >= 0x20 && c < 0x7f)
    put_byte (s, (char) c);
  else if (c < 0x80 || !is_graphic (c))
    put_hex_escape (s, c);
  else
    put_uc (s, c);
}

/* The characters of stringbuf BUF, raw or escaped for DELIM.  */
static void
put_stringbuf (struct sink *s, SCM buf, int escape, char delim)
{
  size_t len = scm_i_stringbuf_length (buf), turns = 0;

  /* A huge string is a long loop too: poll as the datum loop does.  */
  if (!escape && !scm_i_stringbuf_is_wide (buf))
    {
      const unsigned char *p = scm_i_stringbuf_narrow (buf);
      for (size_t k = 0; k < len; k++)
        {
          put_uc (s, p[k]);
          SCM_I_POLL_EVERY (turns);
        }
      scm_i_keep_alive (buf);
      return;
    }
  for (size_t k = 0; k < len; k++)
    {
      SCM_I_POLL_EVERY (turns);
      uint32_t c = scm_i_stringbuf_ref (buf, k);
      if (escape)
        put_escaped (s, c, delim);
      else
        put_uc (s, c);
    }
  scm_i_keep_alive (buf);
}

static void
print_string (struct printer *p, SCM str)
{
  SCM buf = scm_i_string_buf (str);
  if (!p->write)
    {
      put_stringbuf (p->out, buf, 0, 0);
      return;
    }
  put_byte (p->out, '"');
  put_stringbuf (p->out, buf, 1, '"');
  put_byte (p->out, '"');
}

static void
print_char (struct printer *p, uint32_t c)
{
  if (!p->write)
    {
      put_uc (p->out, c);
      return;
    }
  put_bytes (p->out, "#\\", 2);
  const char *name = scm_c_char_name (c);
  if (name != NULL)
    put_cstr (p->out, name);
  else if (c < 0x80 ? c > 0x20 && c < 0x7f : is_graphic (c))
    put_uc (p->out, c);
  else
    put_printf_long (p->out, "x%lx", (long) c);
}

/* ------------------------------------------------------------------ */
/* Symbols: |bars| when the bare name would not read back as the
   symbol.  */

/* Nonzero if C cannot appear in a bare symbol name.  */
static int
is_symbol_special (uint32_t c)
{
  if (c < 0x80)
    return c <= 0x20 || c == 0x7f || strchr ("()[]{}\"';`,|\\", (int) c);
  return !is_graphic (c);
}

static int
is_ascii_digit (uint32_t c)
{
  return c >= '0' && c <= '9';
}

/* Nonzero if the name in BUF, of LEN > 0 characters, starts the way a
   number does: a digit, a sign or point before a digit, or a sign
   before an infinity or NaN ("1+", ".5a", "-.5x", "+NaN.0abc").  This
   reader takes such names as symbols when no number matches, but R7RS
   allows none of them as an identifier (its <peculiar identifier>
   excludes a digit after the sign or point, and +inf.0 and +nan.0 are
   numbers), and other readers scan a number's prefix greedily: written
   with bars, they read back everywhere.  */
static int
starts_like_number (SCM buf, size_t len)
{
  uint32_t c[8] = { 0 };
  for (size_t k = 0; k < len && k < 7; k++)
    c[k] = scm_i_stringbuf_ref (buf, k);
  if (is_ascii_digit (c[0]) || (c[0] == '.' && is_ascii_digit (c[1])))
    return 1;
  if (c[0] != '+' && c[0] != '-')
    return 0;
  if (is_ascii_digit (c[1]) || (c[1] == '.' && is_ascii_digit (c[2])))
    return 1;
  char word[6];
  for (size_t k = 0; k < 5; k++)
    word[k] = (char) (c[k + 1] >= 'A' && c[k + 1] <= 'Z'
                      ? c[k + 1] + ('a' - 'A') : c[k + 1]);
  word[5] = '\0';
  return strcmp (word, "inf.0") == 0 || strcmp (word, "nan.0") == 0;
}

/* Nonzero if the name in BUF has the syntax of a number, or starts
   like one.  */
static int
is_number_syntax (SCM buf)
{
  size_t len = scm_i_stringbuf_length (buf);
  uint32_t first = scm_i_stringbuf_ref (buf, 0);
  uint32_t small[64];

  if (!is_ascii_digit (first) && first != '+' && first != '-'
      && first != '.')
    return 0;
  if (starts_like_number (buf, len))
    return 1;
  uint32_t *chars = len <= 64 ? small
    : scm_i_alloc_atomic (len * sizeof (uint32_t));
  for (size_t k = 0; k < len; k++)
    chars[k] = scm_i_stringbuf_ref (buf, k);
  /* Number syntax counts even where this build cannot represent the
     number: such a symbol must be written with bars (+i, -i).  */
  return scm_c_number_syntax_p (chars, len, 10);
}

static int
symbol_needs_bars (SCM buf)
{
  size_t len = scm_i_stringbuf_length (buf);

  /* @ cannot start an identifier (R7RS 7.1.1), and unbarred after a
     comma it would read back as unquote-splicing.  */
  if (len == 0 || scm_i_stringbuf_ref (buf, 0) == '#'
      || scm_i_stringbuf_ref (buf, 0) == '@')
    return 1;
  if (len == 1 && scm_i_stringbuf_ref (buf, 0) == '.')
    return 1;
  for (size_t k = 0; k < len; k++)
    if (is_symbol_special (scm_i_stringbuf_ref (buf, k)))
      return 1;
  return is_number_syntax (buf);
}

static void
print_symbol_name (struct printer *p, SCM sym)
{
  SCM buf = SCM_CELL_OBJECT (sym, 1);
  if (!p->write || !symbol_needs_bars (buf))
    {
      put_stringbuf (p->out, buf, 0, 0);
      return;
    }
  put_byte (p->out, '|');
  put_stringbuf (p->out, buf, 1, '|');
  put_byte (p->out, '|');
}

/* ------------------------------------------------------------------ */
/* Other atoms.  */

static void print_number (struct printer *p, SCM x);

static void
print_immediate (struct printer *p, SCM x)
{
  struct sink *s = p->out;

  if (SCM_CHARP (x))
    print_char (p, SCM_CHAR (x));
  else if (scm_is_flonum (x))
    print_number (p, x);
  else if (scm_is_eq (x, SCM_BOOL_F))
    put_bytes (s, "#f", 2);
  else if (scm_is_eq (x, SCM_BOOL_T))
    put_bytes (s, "#t", 2);
  else if (scm_is_null (x))
    put_bytes (s, "()", 2);
  else if (scm_is_eq (x, SCM_UNSPECIFIED))
    put_cstr (s, "#<unspecified>");
  else if (scm_is_eq (x, SCM_EOF_VAL))
    put_cstr (s, "#<eof>");
  else if (scm_is_eq (x, SCM_UNDEFINED))
    put_cstr (s, "#<undefined>");
  else
    {
      put_cstr (s, "#<unknown-type ");
      put_address (s, x);
      put_byte (s, '>');
    }
}

static void
print_number (struct printer *p, SCM x)
{
  if (SCM_FIXNUM_P (x))
    put_printf_long (p->out, "%ld", (long) SCM_FIXNUM_VALUE (x));
  else
    put_stringbuf (p->out,
                   scm_i_string_buf (scm_number_to_string
                                     (x, SCM_MAKE_FIXNUM (10))), 0, 0);
}

static void
print_port (struct printer *p, SCM port)
{
  struct sink *s = p->out;
  int in = scm_is_true (scm_input_port_p (port));
  int out = scm_is_true (scm_output_port_p (port));
  SCM name = scm_port_filename (port);

  put_cstr (s, in && out ? "#<input-output-port " : in ? "#<input-port "
            : out ? "#<output-port " : "#<port ");
  if (scm_is_string (name))
    {
      put_byte (s, '"');
      put_stringbuf (s, scm_i_string_buf (name), 1, '"');
      put_byte (s, '"');
    }
  else
    put_address (s, port);
  put_byte (s, '>');
}

/* #<WHAT 0x...> for objects with nothing more to show.  */
static void
print_opaque (struct printer *p, const char *what, SCM x)
{
  put_cstr (p->out, "#<");
  put_cstr (p->out, what);
  put_byte (p->out, ' ');
  put_address (p->out, x);
  put_byte (p->out, '>');
}

static const char *
opaque_type_name (scm_t_bits tc8)
{
  switch (tc8)
    {
    case scm_tc8_variable: return "variable";
    case scm_tc8_closure: return "procedure";
    case scm_tc8_hashtable: return "hash-table";
    case scm_tc8_record: return "record";
    case scm_tc8_bytevector: return "bytevector";
    case scm_tc8_stringbuf: return "stringbuf";
    case scm_tc8_code: return "code";
    case scm_tc8_values: return "values";
    case scm_tc8_environment: return "environment";
    case scm_tc8_continuation: return "continuation";
    case scm_tc8_syntax: return "syntax";
    case scm_tc8_macro: return "macro";
    case scm_tc8_weak_box: return "weak-box";
    case scm_tc8_hook: return "hook";
    default: return "unknown-type";
    }
}

/* Print atom X: anything but a pair, a non-empty vector or a
   condition.  */
/* #u8(1 2 3): an atom for the printer (its elements are numbers).  */
static void
print_bytevector (struct printer *p, SCM bv)
{
  const uint8_t *c = SCM_BYTEVECTOR_CONTENTS (bv);
  size_t n = SCM_BYTEVECTOR_LENGTH (bv);
  put_bytes (p->out, "#u8(", 4);
  for (size_t i = 0; i < n; i++)
    {
      char num[8];
      int len = snprintf (num, sizeof num, i == 0 ? "%u" : " %u",
                          (unsigned) c[i]);
      put_bytes (p->out, num, (size_t) len);
    }
  put_byte (p->out, ')');
}

/* A foreign object as its type's printer says, else #<NAME 0x...>;
   a type as #<foreign-type NAME>; a pointer as #<pointer 0x...>.  */
static void
print_foreign (struct printer *p, SCM x)
{
  if (scm_is_pointer (x))
    {
      print_opaque (p, "pointer", SCM_PACK (SCM_CELL_WORD (x, 1)));
      return;
    }
  SCM name = scm_i_foreign_print_name (x);
  if (scm_is_foreign_object_type (x))
    {
      put_cstr (p->out, "#<foreign-type ");
      print_symbol_name (p, name);
      put_byte (p->out, '>');
      return;
    }
  SCM text = scm_i_foreign_print (x, p->write);
  if (scm_is_string (text))
    {
      put_stringbuf (p->out, scm_i_string_buf (text), 0, 0);
      return;
    }
  put_cstr (p->out, "#<");
  print_symbol_name (p, name);
  put_byte (p->out, ' ');
  put_address (p->out, x);
  put_byte (p->out, '>');
}

static void
print_atom (struct printer *p, SCM x)
{
  if (SCM_FIXNUM_P (x))
    {
      print_number (p, x);
      return;
    }
  if (!SCM_HEAP_OBJECT_P (x))
    {
      print_immediate (p, x);
      return;
    }
  scm_t_bits tc8 = SCM_HEADER_TC8 (SCM_HEADER (x));
  switch (tc8)
    {
    case scm_tc8_string: print_string (p, x); return;
    case scm_tc8_symbol: print_symbol_name (p, x); return;
    case scm_tc8_keyword:
      put_bytes (p->out, "#:", 2);
      print_symbol_name (p, scm_keyword_to_symbol (x));
      return;
    case scm_tc8_vector: put_bytes (p->out, "#()", 3); return;
    case scm_tc8_bytevector: print_bytevector (p, x); return;
    case scm_tc8_flonum: case scm_tc8_bignum: case scm_tc8_ratnum:
    case scm_tc8_complex:
      print_number (p, x);
      return;
    case scm_tc8_subr:
      put_cstr (p->out, "#<procedure ");
      put_stringbuf (p->out, SCM_CELL_OBJECT (scm_subr_name (x), 1), 0, 0);
      put_byte (p->out, '>');
      return;
    case scm_tc8_port: print_port (p, x); return;
    case scm_tc8_record:
      if (scm_is_record_type (x))
        {
          put_cstr (p->out, "#<record-type ");
          print_symbol_name (p, scm_record_type_name (x));
          put_byte (p->out, '>');
          return;
        }
      put_cstr (p->out, "#<");
      print_symbol_name (p, scm_record_type_name (scm_record_type_of (x)));
      put_byte (p->out, ' ');
      put_address (p->out, x);
      put_byte (p->out, '>');
      return;
    case scm_tc8_closure:
      if (scm_is_symbol (scm_i_closure_name (x)))
        {
          put_cstr (p->out, "#<procedure ");
          print_symbol_name (p, scm_i_closure_name (x));
          put_byte (p->out, '>');
          return;
        }
      print_opaque (p, "procedure", x);
      return;
    case scm_tc8_foreign: print_foreign (p, x); return;
    case scm_tc8_syntax:          /* an alias: the symbol it renames */
      {
        SCM name = x;
        while (scm_has_tc8 (name, scm_tc8_syntax))
          name = SCM_CELL_OBJECT (name, 1);
        put_cstr (p->out, "#<syntax ");
        print_symbol_name (p, name);
        put_byte (p->out, '>');
        return;
      }
    default: print_opaque (p, opaque_type_name (tc8), x); return;
    }
}

/* ------------------------------------------------------------------ */
/* The printer proper.

   The stack holds what is left to print of the containers being
   printed: a vector and the index of its next element, or a list's tail
   and one of these kinds.  */

#define FRAME_LIST ((size_t) -1)            /* rest of a list, then ")" */
#define FRAME_IRRITANTS ((size_t) -2)       /* irritants, then ">" */
#define FRAME_AFTER_MESSAGE ((size_t) -3)   /* ":", then FRAME_IRRITANTS */
#define FRAME_CLOSE_PAREN ((size_t) -4)     /* ")" */
#define FRAME_CLOSE_ANGLE ((size_t) -5)     /* ">" */

static int
is_labelled (struct printer *p, SCM x)
{
  struct entry *e = table_lookup (&p->labels, x);
  return e != NULL && (e->state & ENTRY_LABEL);
}

/* Print the datum label of X, if it has one.  Return nonzero if that
   was a reference #N#, which stands for all of X.  */
static int
print_label (struct printer *p, SCM x)
{
  struct entry *e = table_lookup (&p->labels, x);
  if (e == NULL || !(e->state & ENTRY_LABEL))
    return 0;
  if (entry_label (e) >= 0)
    {
      put_printf_long (p->out, "#%ld#", entry_label (e));
      return 1;
    }
  entry_set_label (e, p->next_label++);
  put_printf_long (p->out, "#%ld=", entry_label (e));
  return 0;
}

/* The prefix that abbreviates X, (quote D) and the like, or NULL.  */
static const char *
abbreviation (struct printer *p, SCM x)
{
  SCM head = SCM_CAR (x), rest = SCM_CDR (x);
  if (!scm_is_symbol (head) || !scm_is_pair (rest)
      || !scm_is_null (SCM_CDR (rest)) || is_labelled (p, rest))
    return NULL;
  if (scm_is_eq (head, sym_quote))
    return "'";
  if (scm_is_eq (head, sym_quasiquote))
    return "`";
  if (scm_is_eq (head, sym_unquote))
    return ",";
  if (scm_is_eq (head, sym_unquote_splicing))
    return ",@";
  return NULL;
}

/* Each step below prints a little and returns nonzero if *NEXT then
   holds a datum to print next, zero if there is none.  */

/* Print the opening of condition C and push what follows.  */
static int
open_condition (struct printer *p, SCM c, SCM *next)
{
  SCM who = scm_condition_who (c), message = SCM_CELL_OBJECT (c, 3);

  put_cstr (p->out, "#<condition ");
  if (scm_is_symbol (scm_condition_kind (c)))
    put_stringbuf (p->out, SCM_CELL_OBJECT (scm_condition_kind (c), 1), 0, 0);
  put_bytes (p->out, ": ", 2);
  if (scm_is_symbol (who))
    {
      put_stringbuf (p->out, SCM_CELL_OBJECT (who, 1), 0, 0);
      put_bytes (p->out, ": ", 2);
    }
  stack_push (&p->stack, SCM_CELL_OBJECT (c, 4), FRAME_AFTER_MESSAGE);
  if (!scm_is_string (message))
    {
      *next = message;
      return 1;
    }
  put_stringbuf (p->out, scm_i_string_buf (message), 0, 0);
  return 0;
}

/* Record OBJ: its type's printer's text, or "#<TYPE FIELD: VALUE ...>"
   with the values pushed to print as irritants are.  */
static int
open_record (struct printer *p, SCM obj)
{
  SCM rtd = scm_record_type_of (obj);
  SCM printer = scm_i_record_type_printer (rtd);
  if (scm_is_true (printer))
    {
      if (scm_is_true (p->out->port))
        {
          sink_flush (p->out);
          scm_call_2 (printer, obj, p->out->port);
        }
      else
        {
          SCM port = scm_open_output_string ();
          scm_call_2 (printer, obj, port);
          put_stringbuf (p->out, scm_i_string_buf (scm_get_output_string (port)),
                         0, 0);
        }
      return 0;
    }
  SCM fields = scm_i_record_type_fields (rtd), items = SCM_EOL;
  size_t n = SCM_OBJ_PAYLOAD (obj);
  for (size_t i = n; i-- > 0;)
    {
      SCM name = i < SCM_VECTOR_LENGTH (fields) ? SCM_VECTOR_REF (fields, i)
        : SCM_BOOL_F;
      items = scm_cons (SCM_CELL_OBJECT (obj, 2 + i), items);
      if (scm_is_symbol (name))
        items = scm_cons (scm_string_to_symbol
                          (scm_string_append
                           (scm_list_2 (scm_symbol_to_string (name),
                                        scm_from_utf8_string (":")))),
                          items);
    }
  put_cstr (p->out, "#<");
  print_symbol_name (p, scm_record_type_name (rtd));
  stack_push (&p->stack, items, FRAME_IRRITANTS);
  return 0;
}

/* Print the start of *X and push the rest; *X becomes its first child.  */
static int
print_one (struct printer *p, SCM *x)
{
  SCM obj = *x;
  if (p->any_labels && print_label (p, obj))
    return 0;
  if (p->max_depth != 0 && p->stack.n >= p->max_depth
      && (scm_is_pair (obj) || is_container (obj)))
    {
      put_bytes (p->out, "...", 3);
      return 0;
    }
  if (scm_is_pair (obj))
    {
      const char *prefix = abbreviation (p, obj);
      if (prefix != NULL)
        {
          put_cstr (p->out, prefix);
          *x = SCM_CAR (SCM_CDR (obj));
          return 1;
        }
      put_byte (p->out, '(');
      stack_push (&p->stack, SCM_CDR (obj), FRAME_LIST);
      *x = SCM_CAR (obj);
      return 1;
    }
  if (scm_is_vector (obj) && SCM_VECTOR_LENGTH (obj) > 0)
    {
      put_bytes (p->out, "#(", 2);
      stack_push (&p->stack, obj, 1);
      *x = SCM_VECTOR_REF (obj, 0);
      return 1;
    }
  if (scm_is_condition (obj))
    return open_condition (p, obj, x);
  if (scm_is_record (obj))
    return open_record (p, obj);
  if (scm_has_tc8 (obj, scm_tc8_values))
    {
      /* Several values where one was expected: #<values 1 2>.  */
      SCM vals = SCM_EOL;
      for (size_t i = SCM_HEADER_PAYLOAD (SCM_HEADER (obj)); i > 0; i--)
        vals = scm_cons (SCM_CELL_OBJECT (obj, i), vals);
      put_cstr (p->out, "#<values");
      stack_push (&p->stack, vals, FRAME_IRRITANTS);
      return 0;
    }
  if (scm_has_tc8 (obj, scm_tc8_environment)
      && scm_is_pair (SCM_I_MODULE (obj)->name))
    {
      put_cstr (p->out, "#<module");
      stack_push (&p->stack, scm_list_1 (SCM_I_MODULE (obj)->name),
                  FRAME_IRRITANTS);
      return 0;
    }
  print_atom (p, obj);
  return 0;
}

/* Continue the list (or irritants) frame F, closed by CLOSE.  */
static int
continue_list (struct printer *p, struct frame *f, char close, SCM *next)
{
  SCM tail = f->obj;
  if (scm_is_null (tail))
    {
      put_byte (p->out, close);
      p->stack.n--;
      return 0;
    }
  if (scm_is_pair (tail) && p->max_length != 0 && f->count >= p->max_length)
    {
      put_bytes (p->out, " ...", 4);
      put_byte (p->out, close);
      p->stack.n--;
      return 0;
    }
  if (scm_is_pair (tail) && !(p->any_labels && is_labelled (p, tail)))
    {
      f->count++;
      put_byte (p->out, ' ');
      f->obj = SCM_CDR (tail);
      *next = SCM_CAR (tail);
      return 1;
    }
  put_bytes (p->out, " . ", 3);
  f->index = close == ')' ? FRAME_CLOSE_PAREN : FRAME_CLOSE_ANGLE;
  *next = tail;
  return 1;
}

/* Continue the innermost container.  */
static int
print_next (struct printer *p, SCM *next)
{
  struct frame *f = &p->stack.frames[p->stack.n - 1];
  switch (f->index)
    {
    case FRAME_LIST: return continue_list (p, f, ')', next);
    case FRAME_IRRITANTS: return continue_list (p, f, '>', next);
    case FRAME_AFTER_MESSAGE:
      if (!scm_is_null (f->obj))
        put_byte (p->out, ':');
      f->index = FRAME_IRRITANTS;
      return 0;
    case FRAME_CLOSE_PAREN: case FRAME_CLOSE_ANGLE:
      put_byte (p->out, f->index == FRAME_CLOSE_PAREN ? ')' : '>');
      p->stack.n--;
      return 0;
    default:
      if (f->index < SCM_VECTOR_LENGTH (f->obj) && p->max_length != 0
          && f->index >= p->max_length)
        {
          put_bytes (p->out, " ...", 4);
          f->index = SCM_VECTOR_LENGTH (f->obj);
        }
      if (f->index < SCM_VECTOR_LENGTH (f->obj))
        {
          put_byte (p->out, ' ');
          *next = SCM_VECTOR_REF (f->obj, f->index++);
          return 1;
        }
      put_byte (p->out, ')');
      p->stack.n--;
      return 0;
    }
}

static void
print_datum (struct printer *p, SCM obj)
{
  int more = 1;
  size_t turns = 0;
  for (;;)
    {
      /* Printing a huge datum stays interruptible.  */
      SCM_I_POLL_EVERY (turns);
      while (more)
        more = print_one (p, &obj);
      if (p->stack.n == 0)
        return;
      more = print_next (p, &obj);
    }
}

enum label_mode { LABEL_NONE, LABEL_CYCLES, LABEL_SHARED };

/* Print OBJ to OUT, for write (WRITE nonzero) or display.  */
static void
print_limited (struct sink *out, SCM obj, int write, enum label_mode mode,
               size_t max_length, size_t max_depth)
{
  struct printer p;

  p.out = out;
  p.write = write;
  p.max_length = max_length;
  p.max_depth = max_depth;
  p.labels.slots = NULL;
  p.labels.count = 0;
  p.labels.bits = 0;
  p.any_labels = 0;
  p.next_label = 0;
  stack_init (&p.stack);
  if (mode == LABEL_CYCLES)
    p.any_labels = mark_cycles (&p.labels, obj);
  else if (mode == LABEL_SHARED)
    p.any_labels = mark_shared (&p.labels, obj);
  print_datum (&p, obj);
}

static void
print_to_sink (struct sink *out, SCM obj, int write, enum label_mode mode)
{
  print_limited (out, obj, write, mode, 0, 0);
}

void
scm_i_write_limited (SCM obj, SCM port, size_t max_length, size_t max_depth)
{
  struct sink out;
  sink_init (&out, port);
  print_limited (&out, obj, 1, LABEL_CYCLES, max_length, max_depth);
  sink_flush (&out);
}

static void
print_to_port (SCM obj, SCM port, int write, enum label_mode mode,
               const char *who)
{
  struct sink out;

  if (SCM_UNBNDP (port))
    port = scm_current_output_port ();
  SCM_ASSERT_TYPE (scm_is_port (port)
                   && scm_is_true (scm_output_port_p (port)),
                   port, 2, who, "output port");
  sink_init (&out, port);
  print_to_sink (&out, obj, write, mode);
  sink_flush (&out);
}

/* The `write' form of OBJ in memory (with datum labels as MODE says):
   NUL-terminated, *LENP its length.  */
static char *
write_to_memory (SCM obj, size_t *lenp, enum label_mode mode)
{
  struct sink out;

  sink_init (&out, SCM_BOOL_F);
  print_to_sink (&out, obj, 1, mode);
  if (out.buf == out.inline_buf)
    {
      char *copy = scm_i_alloc_atomic (out.len + 1);
      memcpy (copy, out.buf, out.len);
      out.buf = copy;
    }
  out.buf[out.len] = '\0';
  *lenp = out.len;
  return out.buf;
}

/* ------------------------------------------------------------------ */
/* Entry points.  */

char *
scm_i_write_to_utf8 (SCM obj)
{
  size_t len;
  return write_to_memory (obj, &len, LABEL_CYCLES);
}

char *
scm_c_write_to_utf8 (SCM obj)
{
  /* What the host prints is often what a script returned: shared
     structure gets labels, so that the text is linear in the object's
     size (a chain of 40 pairs, each holding the next twice, is 2^40
     pairs written in full).  */
  size_t len;
  return scm_i_malloc_copy (write_to_memory (obj, &len, LABEL_SHARED));
}

SCM_DEFINE (scm_write, "write", 1, 1, 0, (SCM obj, SCM port),
            "Write the external representation of @var{obj} to @var{port}\n"
            "(the current output port if omitted), so that @code{read}\n"
            "reads it back @code{equal?}.  Cycles are written with datum\n"
            "labels (@code{#0=} and @code{#0#}); other shared structure\n"
            "is written in full.")
{
  print_to_port (obj, port, 1, LABEL_CYCLES, "write");
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_display, "display", 1, 1, 0, (SCM obj, SCM port),
            "Write @var{obj} to @var{port} (the current output port if\n"
            "omitted) for people to read: strings and characters as their\n"
            "contents, symbols without bars.  Cycles get datum labels.")
{
  print_to_port (obj, port, 0, LABEL_CYCLES, "display");
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_write_shared, "write-shared", 1, 1, 0, (SCM obj, SCM port),
            "Write @var{obj} to @var{port} (the current output port if\n"
            "omitted) like @code{write}, with a datum label on every pair\n"
            "and vector that occurs more than once.")
{
  print_to_port (obj, port, 1, LABEL_SHARED, "write-shared");
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_write_simple, "write-simple", 1, 1, 0, (SCM obj, SCM port),
            "Write @var{obj} to @var{port} (the current output port if\n"
            "omitted) like @code{write}, without any datum labels: on a\n"
            "circular structure it does not terminate.")
{
  print_to_port (obj, port, 1, LABEL_NONE, "write-simple");
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_object_to_string, "object->string", 1, 1, 0,
            (SCM obj, SCM printer),
            "Return the external representation of @var{obj}, as\n"
            "@code{write} writes it, as a fresh string; or what\n"
            "@code{(@var{printer} @var{obj} @var{port})} writes to a string\n"
            "port, if @var{printer} is given (Guile's).")
{
  if (!SCM_UNBNDP (printer) && !scm_is_false (printer))
    {
      SCM_ASSERT_TYPE (scm_is_true (scm_procedure_p (printer)), printer, 2,
                       "object->string", "procedure");
      SCM port = scm_open_output_string ();
      scm_call_2 (printer, obj, port);
      return scm_get_output_string (port);
    }
  size_t len;
  char *utf8 = write_to_memory (obj, &len, LABEL_CYCLES);
  return scm_from_utf8_stringn (utf8, len);
}

void
scm_init_print (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "io/print.x"
#endif
}
