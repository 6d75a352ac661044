/* strings.c -- stringbufs and strings: conversions and the R7RS procedures
   SPDX-License-Identifier: LGPL-3.0-or-later

   Layout in strings-internal.h.  A stringbuf is narrow (Latin-1) while
   every character is below 256, wide (UCS-4) otherwise; mutable strings
   own their stringbuf, so string-set! writes in place or swaps in a
   wide copy.  A wide string is never narrowed again.  Case mapping and
   case-insensitive comparison use libunistring's full Unicode mappings,
   so lengths may change: (string-upcase "ß") is "SS".

   Not here yet: string-map and string-for-each, which call procedures
   and wait for the evaluator.  */

#include "values/strings-internal.h"
#include "runtime/init-internal.h"
#include "runtime/conditions-internal.h"
#include "runtime/poll-internal.h"
#include "runtime/subrs-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicase.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>
#include <libscm/chars.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/vectors.h>

/* ------------------------------------------------------------------ */
/* Stringbufs.  */

/* A fresh stringbuf of LEN characters for WHO (a C string or NULL).  */
static SCM
make_stringbuf (size_t len, int wide, const char *who)
{
  size_t unit = wide ? 4 : 1;
  size_t bytes;

  if (len > SCM_HEADER_MAX_PAYLOAD
      || __builtin_mul_overflow (len + 1, unit, &bytes)
      || bytes > SIZE_MAX - sizeof (scm_t_bits))
    scm_c_raise_errorf ("out-of-memory", who,
                        "impossible string length %zu", len);
  scm_i_check_total_size (len, unit, who);
  scm_t_bits *p = scm_i_alloc_atomic (sizeof (scm_t_bits) + bytes);
  p[0] = SCM_MAKE_HEADER (scm_tc8_stringbuf,
                          wide ? SCM_I_STRINGBUF_WIDE : 0, len);
  if (!wide)
    ((char *) (p + 1))[len] = '\0';
  else
    ((uint32_t *) (p + 1))[len] = 0;
  return SCM_PACK_POINTER (p);
}

SCM
scm_i_make_stringbuf (size_t len, int wide)
{
  return make_stringbuf (len, wide, NULL);
}

/* Nonzero if some character of CHARS[0..LEN) does not fit in a byte.  */
static int
ucs4_needs_wide (const uint32_t *chars, size_t len)
{
  for (size_t i = 0; i < len; i++)
    if (chars[i] > 0xff)
      return 1;
  return 0;
}

SCM
scm_i_stringbuf_from_ucs4 (const uint32_t *chars, size_t len)
{
  int wide = ucs4_needs_wide (chars, len);
  SCM buf = scm_i_make_stringbuf (len, wide);
  if (wide)
    memcpy (scm_i_stringbuf_wide (buf), chars, len * 4);
  else
    for (size_t i = 0; i < len; i++)
      scm_i_stringbuf_narrow (buf)[i] = (unsigned char) chars[i];
  return buf;
}

/* Copy N characters from SRC at SRC_START to DST at DST_START, any
   widths; they may overlap only if SRC and DST are the same stringbuf.
   Characters copied into a narrow DST must fit in a byte.  */
static void
copy_chars (SCM dst, size_t dst_start, SCM src, size_t src_start, size_t n)
{
  int dst_wide = scm_i_stringbuf_is_wide (dst);
  int src_wide = scm_i_stringbuf_is_wide (src);

  if (dst_wide && src_wide)
    memmove (scm_i_stringbuf_wide (dst) + dst_start,
             scm_i_stringbuf_wide (src) + src_start, n * 4);
  else if (!dst_wide && !src_wide)
    memmove (scm_i_stringbuf_narrow (dst) + dst_start,
             scm_i_stringbuf_narrow (src) + src_start, n);
  else if (dst_wide)
    for (size_t i = 0; i < n; i++)
      scm_i_stringbuf_wide (dst)[dst_start + i]
        = scm_i_stringbuf_narrow (src)[src_start + i];
  else
    for (size_t i = 0; i < n; i++)
      scm_i_stringbuf_narrow (dst)[dst_start + i]
        = (unsigned char) scm_i_stringbuf_wide (src)[src_start + i];
}

/* Characters a string primitive moves between two polls for Ctrl-C:
   a quarter of a millisecond's work, while a copy or fill of a string
   of 10^8 characters takes a tenth of a second or more.  */
#define CHARS_PER_POLL ((size_t) 1 << 18)

/* Poll for Ctrl-C if character I of a loop starts a piece but the
   first.  */
static inline void
poll_between_pieces (size_t i)
{
  if ((i & (CHARS_PER_POLL - 1)) == 0 && i > 0)
    scm_i_poll_interrupt ();
}

/* copy_chars into a fresh DST (no overlap), polling between pieces.  */
static void
copy_chars_polled (SCM dst, size_t dst_start, SCM src, size_t src_start,
                   size_t n)
{
  for (size_t done = 0; done < n; done += CHARS_PER_POLL)
    {
      if (done > 0)
        scm_i_poll_interrupt ();
      size_t piece = n - done < CHARS_PER_POLL ? n - done : CHARS_PER_POLL;
      copy_chars (dst, dst_start + done, src, src_start + done, piece);
    }
}

/* Nonzero if characters START..END of BUF include one past 255.  */
static int
stringbuf_range_needs_wide (SCM buf, size_t start, size_t end)
{
  return scm_i_stringbuf_is_wide (buf)
    && ucs4_needs_wide (scm_i_stringbuf_wide (buf) + start, end - start);
}

/* ------------------------------------------------------------------ */
/* Strings.  */

SCM
scm_i_make_string_from_buf (SCM buf, int immutable)
{
  return scm_i_init_string (scm_i_alloc (2 * sizeof (scm_t_bits)), buf,
                            immutable);
}

int
scm_is_immutable_string (SCM str)
{
  return scm_is_string (str)
    && (SCM_OBJ_FLAGS (str) & SCM_STRING_FLAG_IMMUTABLE) != 0;
}

/* Make the stringbuf of mutable STR wide, so it can hold any
   character.  */
static void
widen_string (SCM str)
{
  SCM buf = scm_i_string_buf (str);
  size_t len = scm_i_stringbuf_length (buf);

  if (scm_i_stringbuf_is_wide (buf))
    return;
  SCM wide = scm_i_make_stringbuf (len, 1);
  copy_chars (wide, 0, buf, 0, len);
  SCM_SET_CELL_OBJECT (str, 1, wide);
}

/* ------------------------------------------------------------------ */
/* Conversions from and to C.  */

SCM
scm_from_latin1_stringn (const char *str, size_t len)
{
  if (len == (size_t) -1)
    len = strlen (str);
  SCM buf = scm_i_make_stringbuf (len, 0);
  memcpy (scm_i_stringbuf_narrow (buf), str, len);
  return scm_i_make_string_from_buf (buf, 0);
}

SCM
scm_from_latin1_string (const char *str)
{
  return scm_from_latin1_stringn (str, (size_t) -1);
}

SCM
scm_from_utf32_stringn (const uint32_t *str, size_t len)
{
  for (size_t i = 0; i < len; i++)
    if (!scm_c_is_scalar_value (str[i]))
      scm_c_raise_errorf ("decoding-error", "scm_from_utf32_stringn",
                          "invalid UTF-32 at index %zu: #x%lx", i,
                          (unsigned long) str[i]);
  return scm_i_make_string_from_buf (scm_i_stringbuf_from_ucs4 (str, len), 0);
}

/* The end of the piece of UTF-8 S (LEN bytes) that starts at FROM: at
   most CHARS_PER_POLL bytes on, moved back to the start of a
   character so that no sequence straddles two pieces.  Where four
   continuation bytes end there, the input is invalid anyway and any
   end finds the same first bad byte.  */
static size_t
utf8_piece_end (const uint8_t *s, size_t len, size_t from)
{
  if (len - from <= CHARS_PER_POLL)
    return len;
  size_t to = from + CHARS_PER_POLL, back = to;
  for (int k = 0; k < 3 && (s[back] & 0xc0) == 0x80; k++)
    back--;
  return (s[back] & 0xc0) == 0x80 ? to : back;
}

/* STR's LEN bytes of UTF-8 as a stringbuf, or a decoding error from WHO
   for invalid input (overlong forms, surrogates, code points past
   #x10FFFF, truncated sequences).  ASCII is copied directly.  If POLL,
   the work goes in pieces with a poll for Ctrl-C between them (for a
   primitive: C callers may hold locks).  */
static SCM
stringbuf_from_utf8 (const char *str, size_t len, const char *who, int poll)
{
  const uint8_t *s = (const uint8_t *) str;
  size_t i = 0, nchars = 0;

  while (i < len && s[i] < 0x80)
    i++;
  if (i == len)
    {
      SCM buf = scm_i_make_stringbuf (len, 0);
      if (!poll)
        memcpy (scm_i_stringbuf_narrow (buf), str, len);
      else
        for (size_t from = 0; from < len; from += CHARS_PER_POLL)
          {
            scm_i_poll_interrupt ();
            size_t n = len - from < CHARS_PER_POLL ? len - from : CHARS_PER_POLL;
            memcpy (scm_i_stringbuf_narrow (buf) + from, str + from, n);
          }
      return buf;
    }
  for (size_t from = 0, to; from < len; from = to)
    {
      to = poll ? utf8_piece_end (s, len, from) : len;
      if (poll)
        scm_i_poll_interrupt ();
      const uint8_t *bad = u8_check (s + from, to - from);
      if (bad != NULL)
        scm_c_raise_errorf ("decoding-error", who, "invalid UTF-8 at byte %zu",
                            (size_t) (bad - s));
      nchars += u8_mbsnlen (s + from, to - from);
    }
  uint32_t *chars = scm_i_alloc_atomic ((nchars + 1) * 4);
  size_t n = 0, turns = 0;
  for (i = 0; i < len;)
    {
      if (poll)
        SCM_I_POLL_EVERY (turns);
      ucs4_t uc;
      i += u8_mbtouc_unsafe (&uc, s + i, len - i);
      chars[n++] = uc;
    }
  return scm_i_stringbuf_from_ucs4 (chars, n);
}

SCM
scm_from_utf8_stringn (const char *str, size_t len)
{
  if (len == (size_t) -1)
    len = strlen (str);
  return scm_i_make_string_from_buf
    (stringbuf_from_utf8 (str, len, "scm_from_utf8_stringn", 0), 0);
}

SCM
scm_i_string_from_utf8 (const char *str, size_t len, const char *who)
{
  return scm_i_make_string_from_buf (stringbuf_from_utf8 (str, len, who, 0),
                                     0);
}

SCM
scm_i_string_from_utf8_polled (const char *str, size_t len, const char *who)
{
  return scm_i_make_string_from_buf (stringbuf_from_utf8 (str, len, who, 1),
                                     0);
}

SCM
scm_from_utf8_string (const char *str)
{
  return scm_from_utf8_stringn (str, (size_t) -1);
}

SCM
scm_snarf_immutable_string (const char *str, size_t len)
{
  return scm_i_make_string_from_buf
    (stringbuf_from_utf8 (str, len, "scm_snarf_immutable_string", 0), 1);
}

char *
scm_i_to_utf8_stringn (SCM str, size_t *lenp)
{
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "scm_i_to_utf8_stringn",
                   "string");
  SCM buf = scm_i_string_buf (str);
  size_t len = scm_i_stringbuf_length (buf), bytes = 0;
  for (size_t i = 0; i < len; i++)
    {
      uint32_t c = scm_i_stringbuf_ref (buf, i);
      bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    }
  char *out = scm_i_alloc_atomic (bytes + 1);
  size_t o = 0;
  for (size_t i = 0; i < len; i++)
    o += u8_uctomb ((uint8_t *) out + o, scm_i_stringbuf_ref (buf, i), 4);
  out[o] = '\0';
  if (lenp)
    *lenp = o;
  return out;
}

char *
scm_to_utf8_stringn (SCM str, size_t *lenp)
{
  size_t len;
  char *utf8 = scm_i_to_utf8_stringn (str, &len);
  char *out = malloc (len + 1);
  if (out == NULL)
    scm_out_of_memory ("scm_to_utf8_stringn", len + 1);
  if (lenp != NULL)
    *lenp = len;
  return memcpy (out, utf8, len + 1);
}

char *
scm_to_utf8_string (SCM str)
{
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "scm_to_utf8_string",
                   "string");
  size_t len;
  char *utf8 = scm_i_to_utf8_stringn (str, &len);
  if (memchr (utf8, '\0', len) != NULL)
    scm_c_raise_error ("encoding-error", "scm_to_utf8_string",
                       "the string contains U+0000, which a C string "
                       "cannot hold", scm_list_1 (str));
  char *out = malloc (len + 1);
  if (out == NULL)
    scm_out_of_memory ("scm_to_utf8_string", len + 1);
  return memcpy (out, utf8, len + 1);
}

size_t
scm_c_string_length (SCM str)
{
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "string-length", "string");
  return scm_i_string_length (str);
}

uint32_t
scm_c_string_ref (SCM str, size_t k)
{
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "string-ref", "string");
  if (k >= scm_i_string_length (str))
    scm_i_out_of_range ("string-ref", 2, scm_from_size_t (k));
  return scm_i_string_ref (str, k);
}

/* ------------------------------------------------------------------ */
/* Argument checking.  */

static uint32_t
char_arg (SCM c, int pos, const char *who)
{
  SCM_ASSERT_TYPE (SCM_CHARP (c), c, pos, who, "character");
  return SCM_CHAR (c);
}

static void
string_arg (SCM str, int pos, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_string (str), str, pos, who, "string");
}

/* STR must be a string that may be modified.  */
static void
mutable_string_arg (SCM str, int pos, const char *who)
{
  string_arg (str, pos, who);
  if (scm_is_immutable_string (str))
    scm_c_raise_error ("wrong-type-arg", who,
                       "cannot modify an immutable string", scm_list_1 (str));
}

/* Element K of the list or vector in argument POS is not a character.  */
static void SCM_NORETURN
element_not_char (const char *who, int pos, const char *container, size_t k,
                  SCM elt)
{
  char message[160];
  snprintf (message, sizeof message,
            "wrong type argument in position %d (expected a %s of "
            "characters; element %zu is not one)", pos, container, k);
  scm_c_raise_error ("wrong-type-arg", who, message, scm_list_1 (elt));
}

/* ------------------------------------------------------------------ */
/* Construction and access.  */

SCM_DEFINE (scm_string_p, "string?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a string.")
{
  return scm_from_bool (scm_is_string (obj));
}

/* Store C in characters START..END of BUF, which is wide if C > 255,
   polling between pieces.  */
static void
fill_chars (SCM buf, size_t start, size_t end, uint32_t c)
{
  for (size_t from = start; from < end; from += CHARS_PER_POLL)
    {
      if (from > start)
        scm_i_poll_interrupt ();
      size_t to = end - from < CHARS_PER_POLL ? end : from + CHARS_PER_POLL;
      if (scm_i_stringbuf_is_wide (buf))
        for (size_t i = from; i < to; i++)
          scm_i_stringbuf_wide (buf)[i] = c;
      else
        memset (scm_i_stringbuf_narrow (buf) + from, (int) c, to - from);
    }
}

SCM_DEFINE (scm_make_string, "make-string", 1, 1, 0, (SCM k, SCM chr),
            "Return a new string of @var{k} characters, each @var{chr}\n"
            "(a space if not given).")
{
  size_t len = scm_i_index_arg (k, 1, "make-string");
  uint32_t c = SCM_UNBNDP (chr) ? ' ' : char_arg (chr, 2, "make-string");
  SCM buf = make_stringbuf (len, c > 0xff, "make-string");
  fill_chars (buf, 0, len, c);
  return scm_i_make_string_from_buf (buf, 0);
}

/* A new string of the characters in list CHARS, of LEN elements.  A
   non-character is reported as argument FIRST_POS + its index if
   SPREAD (the arguments of `string'), else as an element of a list in
   argument FIRST_POS.  */
static SCM
chars_to_string (SCM chars, size_t len, const char *who, int first_pos,
                 int spread)
{
  uint32_t *buf = scm_i_alloc_atomic ((len + 1) * 4);
  size_t turns = 0;

  for (size_t i = 0; i < len; i++, chars = SCM_CDR (chars))
    {
      /* Long lists take long: Ctrl-C must not wait (issue 14).  */
      SCM_I_POLL_EVERY (turns);
      SCM c = SCM_CAR (chars);
      if (!SCM_CHARP (c) && spread)
        scm_wrong_type_arg_msg (who, first_pos + (int) i, c, "character");
      if (!SCM_CHARP (c))
        element_not_char (who, first_pos, "list", i, c);
      buf[i] = SCM_CHAR (c);
    }
  return scm_i_make_string_from_buf (scm_i_stringbuf_from_ucs4 (buf, len),
                                     0);
}

SCM_DEFINE (scm_string, "string", 0, 0, 1, (SCM chars),
            "Return a new string made of the characters @var{chars}.")
{
  long len = scm_c_list_length (chars);
  SCM_ASSERT_TYPE (len >= 0, chars, 1, "string", "proper list");
  return chars_to_string (chars, (size_t) len, "string", 1, 1);
}

SCM_DEFINE (scm_list_to_string, "list->string", 1, 0, 0, (SCM chars),
            "Return a new string made of the characters in list @var{chars}.")
{
  long len = scm_c_list_length (chars);
  SCM_ASSERT_TYPE (len >= 0, chars, 1, "list->string", "proper list");
  return chars_to_string (chars, (size_t) len, "list->string", 1, 0);
}

SCM_DEFINE (scm_string_length, "string-length", 1, 0, 0, (SCM str),
            "Return the number of characters in @var{str}.")
{
  return scm_from_size_t (scm_c_string_length (str));
}

SCM_DEFINE (scm_string_ref, "string-ref", 2, 0, 0, (SCM str, SCM k),
            "Return character @var{k} (from 0) of @var{str}.")
{
  string_arg (str, 1, "string-ref");
  size_t i = scm_i_index_arg (k, 2, "string-ref");
  if (i >= scm_i_string_length (str))
    scm_i_out_of_range ("string-ref", 2, k);
  return SCM_MAKE_CHAR (scm_i_string_ref (str, i));
}

SCM_DEFINE (scm_string_set_x, "string-set!", 3, 0, 0,
            (SCM str, SCM k, SCM chr),
            "Store @var{chr} as character @var{k} of mutable string\n"
            "@var{str}.")
{
  mutable_string_arg (str, 1, "string-set!");
  size_t i = scm_i_index_arg (k, 2, "string-set!");
  uint32_t c = char_arg (chr, 3, "string-set!");
  if (i >= scm_i_string_length (str))
    scm_i_out_of_range ("string-set!", 2, k);
  if (c > 0xff)
    widen_string (str);
  /* One store: fill_chars' loop, poll and memset of one byte took
     about 55 instructions (the r7rs suite's parsing).  */
  scm_i_stringbuf_set (scm_i_string_buf (str), i, c);
  return SCM_UNSPECIFIED;
}

/* A new mutable string of characters START..END of STR.  */
static SCM
copy_range (SCM str, size_t start, size_t end)
{
  SCM buf = scm_i_string_buf (str);
  SCM copy = scm_i_make_stringbuf (end - start,
                                   scm_i_stringbuf_is_wide (buf));
  copy_chars_polled (copy, 0, buf, start, end - start);
  return scm_i_make_string_from_buf (copy, 0);
}

SCM_DEFINE (scm_string_copy, "string-copy", 1, 2, 0,
            (SCM str, SCM start, SCM end),
            "Return a new mutable string holding characters @var{start}\n"
            "(default 0) to @var{end} (default the length) of @var{str}.")
{
  size_t s, e;
  string_arg (str, 1, "string-copy");
  scm_i_range_args (start, end, scm_i_string_length (str), 2, "string-copy", &s, &e);
  return copy_range (str, s, e);
}

SCM_DEFINE (scm_substring, "substring", 3, 0, 0,
            (SCM str, SCM start, SCM end),
            "Return a new string holding characters @var{start} to\n"
            "@var{end} of @var{str}.")
{
  size_t s, e;
  string_arg (str, 1, "substring");
  scm_i_range_args (start, end, scm_i_string_length (str), 2, "substring", &s, &e);
  return copy_range (str, s, e);
}

/* A new string, the concatenation of the N strings at STRS (string-append's
   arguments, checked here).  */
static SCM
append_strings (const SCM *strs, size_t n)
{
  size_t total = 0;
  int wide = 0;
  for (size_t i = 0; i < n; i++)
    {
      string_arg (strs[i], i + 1, "string-append");
      total += scm_i_string_length (strs[i]);
      wide |= scm_i_stringbuf_is_wide (scm_i_string_buf (strs[i]));
    }
  SCM buf = make_stringbuf (total, wide, "string-append");
  size_t o = 0;
  for (size_t i = 0; i < n; i++)
    {
      size_t len = scm_i_string_length (strs[i]);
      copy_chars_polled (buf, o, scm_i_string_buf (strs[i]), 0, len);
      o += len;
    }
  return scm_i_make_string_from_buf (buf, 0);
}

/* The most strings string-append copies to an array on the C stack;
   more go to an array on the heap.  */
#define APPEND_ON_STACK 16

SCM_DEFINE (scm_string_append, "string-append", 0, 0, 1, (SCM strings),
            "Return a new string, the concatenation of @var{strings}.")
{
  SCM on_stack[APPEND_ON_STACK], *strs = on_stack;
  size_t n = 0;
  for (SCM l = strings; scm_is_pair (l); l = SCM_CDR (l))
    n++;
  if (n > APPEND_ON_STACK)
    strs = scm_i_alloc (n * sizeof *strs);
  n = 0;
  for (SCM l = strings; scm_is_pair (l); l = SCM_CDR (l))
    strs[n++] = SCM_CAR (l);
  return append_strings (strs, n);
}

SCM_DEFINE_STATIC (string_append_2, "%string-append2", 2, 0, 0,
                   (SCM a, SCM b),
                   "Return @code{(string-append @var{a} @var{b})}: what "
                   "the VM calls for @code{string-append} with two "
                   "arguments, with no rest list to build (subrs.c, "
                   "scm_i_subr_fixed_entry).")
{
  SCM strs[2] = { a, b };
  return append_strings (strs, 2);
}

SCM_DEFINE_STATIC (string_append_3, "%string-append3", 3, 0, 0,
                   (SCM a, SCM b, SCM c),
                   "Return @code{(string-append @var{a} @var{b} @var{c})}: "
                   "the same with three.")
{
  SCM strs[3] = { a, b, c };
  return append_strings (strs, 3);
}

SCM_DEFINE (scm_string_to_list, "string->list", 1, 2, 0,
            (SCM str, SCM start, SCM end),
            "Return a list of the characters @var{start} to @var{end} of\n"
            "@var{str}.")
{
  size_t s, e;
  string_arg (str, 1, "string->list");
  scm_i_range_args (start, end, scm_i_string_length (str), 2, "string->list", &s, &e);
  SCM result = SCM_EOL;
  size_t turns = 0;
  while (e > s)
    {
      SCM_I_POLL_EVERY (turns);
      result = scm_cons (SCM_MAKE_CHAR (scm_i_string_ref (str, --e)), result);
    }
  return result;
}

/* ------------------------------------------------------------------ */
/* Mutation.  */

SCM_DEFINE (scm_string_fill_x, "string-fill!", 2, 2, 0,
            (SCM str, SCM chr, SCM start, SCM end),
            "Store @var{chr} in characters @var{start} (default 0) to\n"
            "@var{end} (default the length) of mutable string @var{str}.")
{
  size_t s, e;
  mutable_string_arg (str, 1, "string-fill!");
  uint32_t c = char_arg (chr, 2, "string-fill!");
  scm_i_range_args (start, end, scm_i_string_length (str), 3, "string-fill!",
              &s, &e);
  if (c > 0xff && s < e)
    widen_string (str);
  fill_chars (scm_i_string_buf (str), s, e, c);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_string_copy_x, "string-copy!", 3, 2, 0,
            (SCM to, SCM at, SCM from, SCM start, SCM end),
            "Copy characters @var{start} (default 0) to @var{end} (default\n"
            "the length) of @var{from} into mutable string @var{to},\n"
            "starting at index @var{at}.  The two may be the same string\n"
            "and the ranges may overlap.")
{
  static const char who[] = "string-copy!";
  size_t s, e, a;

  mutable_string_arg (to, 1, who);
  a = scm_i_index_arg (at, 2, who);
  string_arg (from, 3, who);
  scm_i_range_args (start, end, scm_i_string_length (from), 4, who, &s, &e);
  if (a > scm_i_string_length (to) || scm_i_string_length (to) - a < e - s)
    scm_i_out_of_range (who, 2, at);
  if (stringbuf_range_needs_wide (scm_i_string_buf (from), s, e))
    widen_string (to);
  /* Fetch FROM's buffer after widening TO: they may be the same string.
     In pieces, polling between them; backwards when the ranges of one
     string overlap with the destination higher, so that no piece
     overwrites characters a later one still has to read.  */
  SCM dst = scm_i_string_buf (to), src = scm_i_string_buf (from);
  size_t n = e - s;
  int backwards = scm_is_eq (dst, src) && a > s;
  for (size_t done = 0; done < n; done += CHARS_PER_POLL)
    {
      if (done > 0)
        scm_i_poll_interrupt ();
      size_t piece = n - done < CHARS_PER_POLL ? n - done : CHARS_PER_POLL;
      size_t off = backwards ? n - done - piece : done;
      copy_chars (dst, a + off, src, s + off, piece);
    }
  return SCM_UNSPECIFIED;
}

/* ------------------------------------------------------------------ */
/* Vectors.  */

SCM_DEFINE (scm_string_to_vector, "string->vector", 1, 2, 0,
            (SCM str, SCM start, SCM end),
            "Return a new vector of the characters @var{start} (default 0)\n"
            "to @var{end} (default the length) of @var{str}.")
{
  size_t s, e;
  string_arg (str, 1, "string->vector");
  scm_i_range_args (start, end, scm_i_string_length (str), 2, "string->vector",
              &s, &e);
  SCM vec = scm_c_make_vector (e - s, SCM_BOOL_F);
  for (size_t i = s; i < e; i++)
    SCM_VECTOR_SET (vec, i - s, SCM_MAKE_CHAR (scm_i_string_ref (str, i)));
  return vec;
}

SCM_DEFINE (scm_vector_to_string, "vector->string", 1, 2, 0,
            (SCM vec, SCM start, SCM end),
            "Return a new string of the characters in elements @var{start}\n"
            "(default 0) to @var{end} (default the length) of @var{vec}.")
{
  size_t s, e;
  SCM_ASSERT_TYPE (scm_is_vector (vec), vec, 1, "vector->string", "vector");
  scm_i_range_args (start, end, SCM_VECTOR_LENGTH (vec), 2, "vector->string",
              &s, &e);
  uint32_t *chars = scm_i_alloc_atomic ((e - s + 1) * 4);
  for (size_t i = s; i < e; i++)
    {
      SCM c = SCM_VECTOR_REF (vec, i);
      if (!SCM_CHARP (c))
        element_not_char ("vector->string", 1, "vector", i, c);
      chars[i - s] = SCM_CHAR (c);
    }
  return scm_i_make_string_from_buf (scm_i_stringbuf_from_ucs4 (chars, e - s),
                                     0);
}

/* ------------------------------------------------------------------ */
/* Case mapping, with the full Unicode mappings of libunistring.  */

/* u32_ct_toupper, u32_ct_tolower and u32_ct_casefold.  */
typedef uint32_t *(*case_mapping) (const uint32_t *s, size_t n,
                                   casing_prefix_context_t prefix,
                                   casing_suffix_context_t suffix,
                                   const char *iso639_language,
                                   uninorm_t nf, uint32_t *resultbuf,
                                   size_t *lengthp);

/* The characters of a piece that a case mapping maps in one call of
   libunistring's (tens of microseconds); it polls for Ctrl-C between
   pieces.  In one call, string-downcase of 10^7 Greek letters took a
   quarter of a second.  */
#define CASE_PIECE ((size_t) 4096)

/* The characters of STR as UCS-4 in fresh atomic memory, converted in
   pieces with a poll between them.  */
static uint32_t *
string_ucs4_polled (SCM str)
{
  SCM buf = scm_i_string_buf (str);
  size_t len = scm_i_string_length (str);
  uint32_t *chars = scm_i_alloc_atomic ((len + 1) * 4);
  for (size_t done = 0; done < len; done += CHARS_PER_POLL)
    {
      if (done > 0)
        scm_i_poll_interrupt ();
      size_t n = len - done < CHARS_PER_POLL ? len - done : CHARS_PER_POLL;
      if (scm_i_stringbuf_is_wide (buf))
        memcpy (chars + done, scm_i_stringbuf_wide (buf) + done, n * 4);
      else
        for (size_t i = done; i < done + n; i++)
          chars[i] = scm_i_stringbuf_narrow (buf)[i];
    }
  return chars;
}

/* The casing contexts of what follows each piece of the LEN characters
   CHARS (pieces of CASE_PIECE), computed from the end back: what
   follows piece I is piece I + 1 and what follows it.  Each step looks
   at one piece at most, however long a run of case-ignorable
   characters is.  */
static const casing_suffix_context_t *
suffix_contexts (const uint32_t *chars, size_t len, size_t pieces)
{
  if (pieces == 1)
    return &unicase_empty_suffix_context;
  casing_suffix_context_t *after
    = scm_i_alloc_atomic (pieces * sizeof *after);
  after[pieces - 1] = unicase_empty_suffix_context;
  for (size_t i = pieces - 1; i > 0; i--)
    {
      size_t start = i * CASE_PIECE;
      size_t n = len - start < CASE_PIECE ? len - start : CASE_PIECE;
      after[i - 1] = u32_casing_suffixes_context (chars + start, n, after[i]);
      if (i % 64 == 0)
        scm_i_poll_interrupt ();
    }
  return after;
}

/* A new string, STR mapped by MAPPING in no particular language (so
   final sigma is handled, Turkish dotted i is not).  Piece by piece,
   each mapped with the casing contexts of all the text before and
   after it, which is what makes the pieces' results together the
   result of one call on the whole; a poll for Ctrl-C between pieces.  */
static SCM
map_case (SCM str, case_mapping mapping, const char *who)
{
  size_t len = scm_i_string_length (str);
  const uint32_t *chars = string_ucs4_polled (str);
  size_t pieces = len == 0 ? 1 : (len + CASE_PIECE - 1) / CASE_PIECE;
  const casing_suffix_context_t *after = suffix_contexts (chars, len, pieces);
  casing_prefix_context_t before = unicase_empty_prefix_context;
  /* Room for the usual result, which is no longer than STR; it grows
     when a piece's result does not fit.  */
  size_t room = len + 16, out_len = 0;
  uint32_t *out = scm_i_alloc_atomic (room * 4);
  for (size_t i = 0; i < pieces; i++)
    {
      if (i > 0)
        scm_i_poll_interrupt ();
      size_t start = i * CASE_PIECE;
      size_t n = len - start < CASE_PIECE ? len - start : CASE_PIECE;
      size_t got = room - out_len;
      uint32_t *r = mapping (chars + start, n, before, after[i], NULL, NULL,
                             out + out_len, &got);
      if (r == NULL)
        scm_out_of_memory (who, n * 4);
      if (r != out + out_len)
        {
          /* libunistring malloc'ed it: grow OUT and copy it in.  */
          room = 2 * room + got;
          uint32_t *bigger = scm_i_alloc_atomic (room * 4);
          memcpy (bigger, out, out_len * 4);
          memcpy (bigger + out_len, r, got * 4);
          free (r);
          out = bigger;
        }
      out_len += got;
      if (i + 1 < pieces)
        before = u32_casing_prefixes_context (chars + start, n, before);
    }
  return scm_i_make_string_from_buf (scm_i_stringbuf_from_ucs4 (out, out_len),
                                     0);
}

/* Nonzero if STR is narrow and all ASCII.  Polls between pieces.  */
static int
string_is_ascii (SCM str)
{
  const char *s = scm_i_string_narrow_chars (str);
  size_t len = scm_i_string_length (str);

  if (s == NULL)
    return 0;
  for (size_t i = 0; i < len; i++)
    {
      poll_between_pieces (i);
      if ((unsigned char) s[i] >= 0x80)
        return 0;
    }
  return 1;
}

/* A new string, ASCII STR with its letters upcased if UP, else
   downcased: the fast path of the case procedures.  */
static SCM
map_ascii_case (SCM str, int up)
{
  size_t len = scm_i_string_length (str);
  SCM copy = copy_range (str, 0, len);
  unsigned char *s = scm_i_stringbuf_narrow (scm_i_string_buf (copy));

  size_t turns = 0;
  for (size_t i = 0; i < len; i++)
    {
      SCM_I_POLL_EVERY (turns);
      if (up && s[i] >= 'a' && s[i] <= 'z')
        s[i] -= 'a' - 'A';
      else if (!up && s[i] >= 'A' && s[i] <= 'Z')
        s[i] += 'a' - 'A';
    }
  return copy;
}

SCM
scm_string_upcase (SCM str)
{
  string_arg (str, 1, "string-upcase");
  if (string_is_ascii (str))
    return map_ascii_case (str, 1);
  return map_case (str, u32_ct_toupper, "string-upcase");
}

SCM
scm_string_downcase (SCM str)
{
  string_arg (str, 1, "string-downcase");
  if (string_is_ascii (str))
    return map_ascii_case (str, 0);
  return map_case (str, u32_ct_tolower, "string-downcase");
}

/* STR, or its characters START..END (SRFI 13's optional range) as a new
   string, for WHO.  */
static SCM
string_part (SCM str, SCM start, SCM end, const char *who)
{
  size_t from, to;
  string_arg (str, 1, who);
  if (SCM_UNBNDP (start) && SCM_UNBNDP (end))
    return str;
  scm_i_range_args (start, end, scm_i_string_length (str), 2, who, &from,
                    &to);
  return copy_range (str, from, to);
}

SCM_DEFINE (scm_substring_upcase, "string-upcase", 1, 2, 0,
            (SCM str, SCM start, SCM end),
            "Return a new string, @var{str} (from @var{start} to "
            "@var{end} if given) in uppercase by the full\n"
            "Unicode mapping: the result may be longer, as when\n"
            "@code{\"stra\\xDF;e\"} becomes @code{\"STRASSE\"}.")
{
  return scm_string_upcase (string_part (str, start, end, "string-upcase"));
}

SCM_DEFINE (scm_substring_downcase, "string-downcase", 1, 2, 0,
            (SCM str, SCM start, SCM end),
            "Return a new string, @var{str} (from @var{start} to "
            "@var{end} if given) in lowercase by the full\n"
            "Unicode mapping (a capital sigma that ends a word becomes a\n"
            "final sigma).")
{
  return scm_string_downcase (string_part (str, start, end,
                                           "string-downcase"));
}

/* STR case-folded: a new string, or STR itself if folding is the
   identity on it (ASCII without capitals).  */
static SCM
fold_string (SCM str)
{
  const char *s = scm_i_string_narrow_chars (str);
  size_t len = scm_i_string_length (str);

  if (!string_is_ascii (str))
    return map_case (str, u32_ct_casefold, "string-foldcase");
  for (size_t i = 0; i < len; i++)
    {
      poll_between_pieces (i);
      if (s[i] >= 'A' && s[i] <= 'Z')
        return map_ascii_case (str, 0);
    }
  return str;
}

SCM_DEFINE (scm_string_foldcase, "string-foldcase", 1, 0, 0, (SCM str),
            "Return a new string, @var{str} case-folded by the full\n"
            "Unicode folding, as the @code{-ci} comparisons see it\n"
            "(@code{\"\\xDF;\"} folds to @code{\"ss\"}).")
{
  string_arg (str, 1, "string-foldcase");
  SCM folded = fold_string (str);
  return scm_is_eq (folded, str) ? copy_range (str, 0, scm_i_string_length (str))
    : folded;
}

/* ------------------------------------------------------------------ */
/* Unicode normalization (libunistring's uninorm), as in Guile.  */

/* The characters normalized in one call of libunistring's (about a
   millisecond), with a poll for Ctrl-C between calls: in one call,
   string-normalize-nfd of 10^7 characters could not be interrupted.  */
#define NORMALIZE_PIECE ((size_t) 16384)

/* Whether the normalization of a string cut just before C is the
   normalizations of the two parts joined, in every form.  It is when C
   is a starter (combining class 0) whose decomposition, if any, begins
   with a starter, and which never composes with what precedes it:
   reordering and composition then stop at C from both sides.  The
   ranges below are all such characters apart from a few combining
   marks, which the class check excludes (Latin, IPA and spacing
   modifiers; Greek and Cyrillic; kana without their voicing marks;
   CJK ideographs; Hangul syllables, which compose with a following
   jamo but not with anything before).  Combining marks, jamo and
   scripts with vowel signs that compose (Indic, Tibetan, Balinese...)
   are never cut before.  */
static int
normalization_boundary (uint32_t c)
{
  int in_range = c < 0x300
    || (c >= 0x370 && c < 0x530)
    || (c >= 0x3041 && c < 0x3097) || (c >= 0x30A1 && c < 0x30FB)
    || (c >= 0x4E00 && c < 0xA000)
    || (c >= 0xAC00 && c < 0xD7A4);
  return in_range && uc_combining_class (c) == UC_CCC_NR;
}

/* Room for N characters at *OUT, which holds USED of *CAP.  */
static void
reserve_ucs4 (uint32_t **out, size_t *cap, size_t used, size_t n)
{
  if (used + n <= *cap)
    return;
  size_t cap2 = *cap * 2 > used + n ? *cap * 2 : used + n;
  uint32_t *grown = scm_i_alloc_atomic ((cap2 + 1) * 4);
  memcpy (grown, *out, used * 4);
  *out = grown;
  *cap = cap2;
}

/* A new string, STR in normalization form NF.  ASCII is the same in
   every form.  Long strings go in pieces of about NORMALIZE_PIECE,
   each cut before a character where normalization_boundary says a
   cut changes nothing (a string with no such character for longer
   than a piece, all combining marks or all Devanagari, say, goes in
   longer pieces).  */
static SCM
normalize (SCM str, uninorm_t nf, const char *who)
{
  string_arg (str, 1, who);
  size_t len = scm_i_string_length (str);
  if (string_is_ascii (str))
    return copy_range (str, 0, len);
  uint32_t *chars = string_ucs4_polled (str);
  /* Composition rarely lengthens a string; decomposition may (three
     times at most for a canonical one, 18 for a compatibility one).  */
  size_t cap = len + len / 4 + 16, used = 0;
  uint32_t *out = scm_i_alloc_atomic ((cap + 1) * 4);
  for (size_t start = 0; start < len;)
    {
      size_t end = len - start <= NORMALIZE_PIECE ? len
        : start + NORMALIZE_PIECE;
      while (end < len && !normalization_boundary (chars[end]))
        end++;
      /* libunistring mallocs a result that does not fit: freed before
         the poll, which may leave.  */
      size_t n = cap - used;
      uint32_t *piece = u32_normalize (nf, chars + start, end - start,
                                       out + used, &n);
      if (piece == NULL)
        scm_out_of_memory (who, (end - start) * 4);
      if (piece != out + used)
        {
          reserve_ucs4 (&out, &cap, used, n);
          memcpy (out + used, piece, n * 4);
          free (piece);
        }
      used += n;
      start = end;
      if (start < len)
        scm_i_poll_interrupt ();
    }
  return scm_i_make_string_from_buf (scm_i_stringbuf_from_ucs4 (out, used), 0);
}

SCM_DEFINE (scm_string_normalize_nfc, "string-normalize-nfc", 1, 0, 0,
            (SCM str),
            "Return a new string, @var{str} in Unicode normalization form\n"
            "C: canonical decomposition, then canonical composition\n"
            "(@code{\"e\\x301;\"} becomes @code{\"\\xE9;\"}).")
{
  return normalize (str, UNINORM_NFC, "string-normalize-nfc");
}

SCM_DEFINE (scm_string_normalize_nfd, "string-normalize-nfd", 1, 0, 0,
            (SCM str),
            "Return a new string, @var{str} in Unicode normalization form\n"
            "D: canonical decomposition, combining marks in canonical\n"
            "order (@code{\"\\xE9;\"} becomes @code{\"e\\x301;\"}).")
{
  return normalize (str, UNINORM_NFD, "string-normalize-nfd");
}

SCM_DEFINE (scm_string_normalize_nfkc, "string-normalize-nfkc", 1, 0, 0,
            (SCM str),
            "Return a new string, @var{str} in Unicode normalization form\n"
            "KC: compatibility decomposition, then canonical composition\n"
            "(the ligature @code{\"\\xFB01;\"} becomes @code{\"fi\"}).")
{
  return normalize (str, UNINORM_NFKC, "string-normalize-nfkc");
}

SCM_DEFINE (scm_string_normalize_nfkd, "string-normalize-nfkd", 1, 0, 0,
            (SCM str),
            "Return a new string, @var{str} in Unicode normalization form\n"
            "KD: compatibility decomposition, combining marks in\n"
            "canonical order.")
{
  return normalize (str, UNINORM_NFKD, "string-normalize-nfkd");
}

/* ------------------------------------------------------------------ */
/* Comparison: lexicographic by scalar value.  */

int
scm_i_string_equal (SCM a, SCM b)
{
  SCM ba = scm_i_string_buf (a), bb = scm_i_string_buf (b);
  size_t len = scm_i_stringbuf_length (ba);
  if (len != scm_i_stringbuf_length (bb))
    return 0;
  if (!scm_i_stringbuf_is_wide (ba) && !scm_i_stringbuf_is_wide (bb))
    return memcmp (scm_i_stringbuf_narrow (ba), scm_i_stringbuf_narrow (bb),
                   len) == 0;
  for (size_t i = 0; i < len; i++)
    if (scm_i_stringbuf_ref (ba, i) != scm_i_stringbuf_ref (bb, i))
      return 0;
  return 1;
}

enum string_order { ORDER_EQ, ORDER_LT, ORDER_GT, ORDER_LE, ORDER_GE };

/* Characters FROM..TO of stringbufs BA and BB compared: negative, zero
   or positive.  */
static int
compare_chars_range (SCM ba, SCM bb, size_t from, size_t to)
{
  if (!scm_i_stringbuf_is_wide (ba) && !scm_i_stringbuf_is_wide (bb))
    return memcmp (scm_i_stringbuf_narrow (ba) + from,
                   scm_i_stringbuf_narrow (bb) + from, to - from);
  for (size_t i = from; i < to; i++)
    {
      uint32_t ca = scm_i_stringbuf_ref (ba, i);
      uint32_t cb = scm_i_stringbuf_ref (bb, i);
      if (ca != cb)
        return ca < cb ? -1 : 1;
    }
  return 0;
}

/* string_compare_polled for strings of more than CHARS_PER_POLL
   characters in common (stringbufs BA and BB of lengths LA and LB): in
   pieces, with a poll for Ctrl-C between them.  Out of line, so that
   the common short compare needs no frame for the loop.  */
static int __attribute__ ((noinline))
string_compare_long (SCM ba, SCM bb, size_t la, size_t lb)
{
  size_t n = la < lb ? la : lb;
  for (size_t from = 0; from < n; from += CHARS_PER_POLL)
    {
      if (from > 0)
        scm_i_poll_interrupt ();
      size_t to = n - from < CHARS_PER_POLL ? n : from + CHARS_PER_POLL;
      int c = compare_chars_range (ba, bb, from, to);
      if (c != 0)
        return c;
    }
  return la < lb ? -1 : la > lb;
}

/* Negative, zero or positive as string A sorts before, with or after
   string B; for the primitives, which may raise: a long compare polls
   for Ctrl-C (string_compare_long).  (scm_i_string_equal does not
   poll: C code calls it under locks.)  */
static inline int
string_compare_polled (SCM a, SCM b)
{
  SCM ba = scm_i_string_buf (a), bb = scm_i_string_buf (b);
  size_t la = scm_i_stringbuf_length (ba), lb = scm_i_stringbuf_length (bb);
  size_t n = la < lb ? la : lb;
  if (SCM_UNLIKELY (n > CHARS_PER_POLL))
    return string_compare_long (ba, bb, la, lb);
  int c = compare_chars_range (ba, bb, 0, n);
  if (c != 0)
    return c;
  return la < lb ? -1 : la > lb;
}

static inline int
order_holds (enum string_order order, SCM a, SCM b)
{
  switch (order)
    {
    case ORDER_EQ:
      return scm_i_string_length (a) == scm_i_string_length (b)
        && string_compare_polled (a, b) == 0;
    case ORDER_LT: return string_compare_polled (a, b) < 0;
    case ORDER_GT: return string_compare_polled (a, b) > 0;
    case ORDER_LE: return string_compare_polled (a, b) <= 0;
    case ORDER_GE: return string_compare_polled (a, b) >= 0;
    }
  return 0;
}

/* Whether S1, S2 and the strings of list REST are in ORDER, compared as
   they are or, if FOLD, case-folded.  Every argument is type-checked
   even once the answer is known.  */
static SCM __attribute__ ((noinline))
compare_strings_general (const char *who, enum string_order order, int fold,
                         SCM s1, SCM s2, SCM rest)
{
  int holds, pos = 3;

  string_arg (s1, 1, who);
  string_arg (s2, 2, who);
  if (fold)
    s1 = fold_string (s1), s2 = fold_string (s2);
  holds = order_holds (order, s1, s2);
  for (; scm_is_pair (rest); rest = SCM_CDR (rest), pos++)
    {
      SCM next = SCM_CAR (rest);
      string_arg (next, pos, who);
      if (!holds)
        continue;
      if (fold)
        next = fold_string (next);
      holds = order_holds (order, s2, next);
      s2 = next;
    }
  SCM_ASSERT_TYPE (scm_is_null (rest), rest, pos, who, "proper list");
  return scm_from_bool (holds);
}

/* The same; two strings compared as they are (string<? of two, as a
   sort's predicate) with ORDER a constant in each primitive, and no
   frame for the walk of REST.  */
static inline SCM
compare_strings (const char *who, enum string_order order, int fold,
                 SCM s1, SCM s2, SCM rest)
{
  if (SCM_LIKELY (!fold && scm_is_null (rest) && scm_is_string (s1)
                  && scm_is_string (s2)))
    return scm_from_bool (order_holds (order, s1, s2));
  return compare_strings_general (who, order, fold, s1, s2, rest);
}

SCM_DEFINE (scm_string_equal_p, "string=?", 2, 0, 1,
            (SCM s1, SCM s2, SCM rest),
            "Return @code{#t} if all the strings @var{s1}, @var{s2}\n"
            "@dots{} hold the same characters.")
{
  return compare_strings ("string=?", ORDER_EQ, 0, s1, s2, rest);
}

SCM_DEFINE (scm_string_less_p, "string<?", 2, 0, 1,
            (SCM s1, SCM s2, SCM rest),
            "Return @code{#t} if the strings @var{s1}, @var{s2} @dots{}\n"
            "are strictly increasing in the lexicographic order of their\n"
            "characters' scalar values.")
{
  return compare_strings ("string<?", ORDER_LT, 0, s1, s2, rest);
}

SCM_DEFINE (scm_string_gr_p, "string>?", 2, 0, 1,
            (SCM s1, SCM s2, SCM rest),
            "Return @code{#t} if the strings @var{s1}, @var{s2} @dots{}\n"
            "are strictly decreasing lexicographically.")
{
  return compare_strings ("string>?", ORDER_GT, 0, s1, s2, rest);
}

SCM_DEFINE (scm_string_leq_p, "string<=?", 2, 0, 1,
            (SCM s1, SCM s2, SCM rest),
            "Return @code{#t} if the strings @var{s1}, @var{s2} @dots{}\n"
            "are increasing lexicographically.")
{
  return compare_strings ("string<=?", ORDER_LE, 0, s1, s2, rest);
}

SCM_DEFINE (scm_string_geq_p, "string>=?", 2, 0, 1,
            (SCM s1, SCM s2, SCM rest),
            "Return @code{#t} if the strings @var{s1}, @var{s2} @dots{}\n"
            "are decreasing lexicographically.")
{
  return compare_strings ("string>=?", ORDER_GE, 0, s1, s2, rest);
}

SCM_DEFINE (scm_string_ci_equal_p, "string-ci=?", 2, 0, 1,
            (SCM s1, SCM s2, SCM rest),
            "Return @code{#t} if the strings @var{s1}, @var{s2} @dots{}\n"
            "are the same once case-folded with @code{string-foldcase}.")
{
  return compare_strings ("string-ci=?", ORDER_EQ, 1, s1, s2, rest);
}

SCM_DEFINE (scm_string_ci_less_p, "string-ci<?", 2, 0, 1,
            (SCM s1, SCM s2, SCM rest),
            "Return @code{#t} if the case-folded strings @var{s1},\n"
            "@var{s2} @dots{} are strictly increasing lexicographically.")
{
  return compare_strings ("string-ci<?", ORDER_LT, 1, s1, s2, rest);
}

SCM_DEFINE (scm_string_ci_gr_p, "string-ci>?", 2, 0, 1,
            (SCM s1, SCM s2, SCM rest),
            "Return @code{#t} if the case-folded strings @var{s1},\n"
            "@var{s2} @dots{} are strictly decreasing lexicographically.")
{
  return compare_strings ("string-ci>?", ORDER_GT, 1, s1, s2, rest);
}

SCM_DEFINE (scm_string_ci_leq_p, "string-ci<=?", 2, 0, 1,
            (SCM s1, SCM s2, SCM rest),
            "Return @code{#t} if the case-folded strings @var{s1},\n"
            "@var{s2} @dots{} are increasing lexicographically.")
{
  return compare_strings ("string-ci<=?", ORDER_LE, 1, s1, s2, rest);
}

SCM_DEFINE (scm_string_ci_geq_p, "string-ci>=?", 2, 0, 1,
            (SCM s1, SCM s2, SCM rest),
            "Return @code{#t} if the case-folded strings @var{s1},\n"
            "@var{s2} @dots{} are decreasing lexicographically.")
{
  return compare_strings ("string-ci>=?", ORDER_GE, 1, s1, s2, rest);
}

void
scm_init_strings (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "values/strings.x"
#endif
  scm_i_add_subr_fixed_entry ((scm_t_subr) scm_string_append, 2,
                              SCM_I_SNARFED_SUBR (string_append_2,
                                                  "%string-append2"));
  scm_i_add_subr_fixed_entry ((scm_t_subr) scm_string_append, 3,
                              SCM_I_SNARFED_SUBR (string_append_3,
                                                  "%string-append3"));
}
