/* string-search.c -- the string library's loops: search, split, join
   SPDX-License-Identifier: LGPL-3.0-or-later

   SRFI 13 and Guile's core string procedures are in the prelude
   (module/scm/boot.scm), since many take a predicate, which only
   Scheme code may call.  What they do over every character with a
   character or a char-set is here: finding a character (string-index,
   string-skip, string-trim ...), counting, searching for a substring
   (string-contains, in linear time by Knuth-Morris-Pratt), splitting
   and joining.  Each loop reads narrow (Latin-1) and wide (UCS-4)
   strings directly and polls for Ctrl-C between pieces of 2^18
   characters.

   The internal primitives take the name of the procedure that calls
   them (WHO, a symbol) and its optional START and END as a list
   (RANGE), so that their errors name the user's procedure and
   argument positions.  */

#define _GNU_SOURCE 1           /* memmem */

#include "values/charsets-internal.h"
#include "runtime/conditions-internal.h"
#include "runtime/init-internal.h"
#include "values/strings-internal.h"
#include "runtime/poll-internal.h"

#include <string.h>

#include <libscm/chars.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/symbols.h>

#define CHARS_PER_POLL ((size_t) 1 << 18)

static inline void
poll_now_and_then (size_t i)
{
  if ((i & (CHARS_PER_POLL - 1)) == 0 && i > 0)
    scm_i_poll_interrupt ();
}

/* The name of WHO, a symbol (or anything else: the primitive's own
   name), for an error message.  */
static const char *
who_name (SCM who, const char *fallback)
{
  if (scm_is_symbol (who))
    return scm_i_to_utf8_stringn (scm_symbol_to_string (who), NULL);
  return fallback;
}

/* The characters of a string, read without a test of width per
   character.  */
struct chars
{
  const unsigned char *narrow;
  const uint32_t *wide;
};

static inline void
chars_of (SCM str, struct chars *c)
{
  SCM buf = scm_i_string_buf (str);
  c->narrow = scm_i_stringbuf_is_wide (buf) ? NULL
    : scm_i_stringbuf_narrow (buf);
  c->wide = c->narrow ? NULL : scm_i_stringbuf_wide (buf);
}

static inline uint32_t
char_at (const struct chars *c, size_t i)
{
  return c->narrow ? c->narrow[i] : c->wide[i];
}

/* Characters FROM..TO of STR as a new mutable string.  */
static SCM
substring (SCM str, size_t from, size_t to)
{
  struct chars c;
  chars_of (str, &c);
  if (c.narrow)
    return scm_from_latin1_stringn ((const char *) c.narrow + from,
                                    to - from);
  return scm_i_make_string_from_buf
    (scm_i_stringbuf_from_ucs4 (c.wide + from, to - from), 0);
}

/* STR (argument SPOS of WHO) checked, and the optional start and end
   of the list RANGE (arguments RPOS and RPOS + 1) into *FROM, *TO.  */
static void
string_range (SCM str, SCM range, SCM who, int spos, int rpos,
              size_t *from, size_t *to)
{
  SCM start = SCM_UNDEFINED, end = SCM_UNDEFINED;

  if (!scm_is_string (str))
    scm_wrong_type_arg_msg (who_name (who, NULL), spos, str, "string");
  size_t len = scm_i_string_length (str);
  if (scm_is_null (range))
    {
      *from = 0, *to = len;
      return;
    }
  if (scm_is_pair (range))
    {
      start = SCM_CAR (range);
      range = SCM_CDR (range);
      if (scm_is_pair (range))
        end = SCM_CAR (range), range = SCM_CDR (range);
    }
  if (!scm_is_null (range))
    scm_c_raise_error ("wrong-number-of-args", who_name (who, NULL),
                       "too many arguments after the start and end",
                       range);
  /* The common case without a conversion of WHO to a C string.  */
  if (SCM_FIXNUM_P (start) && SCM_FIXNUM_VALUE (start) >= 0
      && (SCM_UNBNDP (end)
          || (SCM_FIXNUM_P (end) && SCM_FIXNUM_VALUE (end) >= 0
              && (size_t) SCM_FIXNUM_VALUE (end) <= len
              && SCM_FIXNUM_VALUE (start) <= SCM_FIXNUM_VALUE (end)))
      && (size_t) SCM_FIXNUM_VALUE (start) <= len)
    {
      *from = SCM_FIXNUM_VALUE (start);
      *to = SCM_UNBNDP (end) ? len : (size_t) SCM_FIXNUM_VALUE (end);
      return;
    }
  scm_i_range_args (start, end, len, rpos, who_name (who, NULL), from, to);
}

SCM_DEFINE (scm_i_substring_start, "%substring-start", 5, 0, 0,
            (SCM str, SCM range, SCM who, SCM spos, SCM rpos),
            "Check that @var{str} is a string and that the list "
            "@var{range} holds at most a start and an end within it, "
            "and return the start (0 if not given).  Errors name "
            "@var{who} and the positions @var{spos} (the string) and "
            "@var{rpos} (the start).  For the prelude.")
{
  size_t from, to;
  string_range (str, range, who, scm_to_int (spos), scm_to_int (rpos),
                &from, &to);
  return scm_from_size_t (from);
}

SCM_DEFINE (scm_i_substring_end, "%substring-end", 2, 0, 0,
            (SCM str, SCM range),
            "Return the end in the list @var{range} (of a start and an "
            "end), or the length of @var{str} if it has none; once "
            "@code{%substring-start} has checked them.  For the "
            "prelude.")
{
  if (scm_is_pair (range) && scm_is_pair (SCM_CDR (range)))
    return SCM_CAR (SCM_CDR (range));
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "%substring-end", "string");
  return scm_from_size_t (scm_i_string_length (str));
}

/* ------------------------------------------------------------------ */
/* Matching a character against a character or a char-set.  */

struct matcher
{
  int is_char;
  uint32_t ch;
  const uint32_t *r;            /* the char-set's ranges */
  size_t n;
  uint8_t low[32];              /* its members below 256, as bits */
};

static void
matcher_init (struct matcher *m, SCM x, SCM who, int pos)
{
  if (scm_is_char (x))
    {
      m->is_char = 1;
      m->ch = SCM_CHAR (x);
      return;
    }
  if (!scm_is_char_set (x))
    scm_wrong_type_arg_msg (who_name (who, NULL), pos, x,
                            "character, char-set or predicate");
  m->is_char = 0;
  scm_i_char_set_ranges (x, &m->r, &m->n);
  memset (m->low, 0, sizeof m->low);
  for (size_t i = 0; i < m->n && m->r[i] < 256; i += 2)
    for (uint32_t c = m->r[i]; c < m->r[i + 1] && c < 256; c++)
      m->low[c >> 3] |= 1u << (c & 7);
}

static inline int
matches (const struct matcher *m, uint32_t c)
{
  if (m->is_char)
    return c == m->ch;
  if (c < 256)
    return (m->low[c >> 3] >> (c & 7)) & 1;
  return scm_i_ranges_contain (m->r, m->n, c);
}

/* What a scan of a string for a character or char-set needs: the
   characters, the range FROM..TO, the matcher (WHAT, argument 2 of
   WHO; the string is argument 1 and the range 3 and 4).  */
struct scan
{
  struct matcher m;
  struct chars c;
  size_t from, to;
};

static void
scan_init (struct scan *s, SCM str, SCM what, SCM range, SCM who)
{
  string_range (str, range, who, 1, 3, &s->from, &s->to);
  matcher_init (&s->m, what, who, 2);
  chars_of (str, &s->c);
}

enum find_mode
{
  FIND_FIRST, FIND_LAST, SKIP_FIRST, SKIP_LAST, COUNT
};

/* The index of the first or last character of C[FROM..TO) that
   matches M (or, when SKIP, does not), or -1.  */
static long
find_in (const struct chars *c, const struct matcher *m, size_t from,
         size_t to, int last, int skip)
{
  if (!last && !skip && m->is_char && c->narrow)
    {
      if (m->ch > 0xff)
        return -1;
      const unsigned char *p = memchr (c->narrow + from, (int) m->ch,
                                       to - from);
      return p ? (long) (p - c->narrow) : -1;
    }
  if (!last)
    {
      for (size_t i = from; i < to; i++)
        {
          poll_now_and_then (i - from);
          if (matches (m, char_at (c, i)) != skip)
            return (long) i;
        }
      return -1;
    }
  for (size_t i = to; i > from; i--)
    {
      poll_now_and_then (to - i);
      if (matches (m, char_at (c, i - 1)) != skip)
        return (long) (i - 1);
    }
  return -1;
}

SCM_DEFINE (scm_i_string_find, "%string-find", 5, 0, 0,
            (SCM str, SCM what, SCM range, SCM mode, SCM who),
            "Look in @var{str} (from the start to the end in the list "
            "@var{range}) for the character or char-set @var{what}: "
            "@var{mode} 0 returns the index of the first match, 1 of the "
            "last, 2 of the first character that does not match, 3 of "
            "the last (each @code{#f} if there is none), 4 the number "
            "of matches.  Errors name @var{who}.  For the prelude.")
{
  struct scan s;

  scan_init (&s, str, what, range, who);
  int md = scm_to_int (mode);
  if (md == COUNT)
    {
      size_t count = 0;
      for (size_t i = s.from; i < s.to; i++)
        {
          poll_now_and_then (i - s.from);
          count += matches (&s.m, char_at (&s.c, i));
        }
      return scm_from_size_t (count);
    }
  long i = find_in (&s.c, &s.m, s.from, s.to,
                    md == FIND_LAST || md == SKIP_LAST,
                    md == SKIP_FIRST || md == SKIP_LAST);
  return i < 0 ? SCM_BOOL_F : scm_from_long (i);
}

SCM_DEFINE (scm_i_string_trim, "%string-trim", 5, 0, 0,
            (SCM str, SCM what, SCM range, SCM sides, SCM who),
            "Return the part of @var{str} (from the start to the end in "
            "@var{range}) without the characters that match the "
            "character or char-set @var{what} at its left (@var{sides} "
            "1), right (2) or both ends (3).  For the prelude.")
{
  struct scan s;

  scan_init (&s, str, what, range, who);
  int which = scm_to_int (sides);
  if (which & 1)
    {
      long i = find_in (&s.c, &s.m, s.from, s.to, 0, 1);
      s.from = i < 0 ? s.to : (size_t) i;
    }
  if (which & 2)
    {
      long i = find_in (&s.c, &s.m, s.from, s.to, 1, 1);
      s.to = i < 0 ? s.from : (size_t) i + 1;
    }
  return substring (str, s.from, s.to);
}

/* ------------------------------------------------------------------ */
/* Substrings.  */

/* Knuth-Morris-Pratt: the first I in [FROM, TO - M] where the M
   characters of pattern P (from PFROM) occur in text T, or -1; FOLD
   compares case-folded characters.  Linear in TO - FROM + M.  */
static long
kmp_search (const struct chars *t, size_t from, size_t to,
            const struct chars *p, size_t pfrom, size_t m, int fold)
{
#define PAT(i) (fold ? scm_c_foldcase (char_at (p, pfrom + (i))) \
                : char_at (p, pfrom + (i)))
#define TXT(i) (fold ? scm_c_foldcase (char_at (t, (i))) : char_at (t, (i)))
  if (m == 0)
    return (long) from;
  if (to - from < m)
    return -1;
  size_t *fail = scm_i_alloc_atomic (m * sizeof *fail);
  fail[0] = 0;
  for (size_t i = 1, k = 0; i < m; i++)
    {
      uint32_t pc = PAT (i);
      while (k > 0 && PAT (k) != pc)
        k = fail[k - 1];
      if (PAT (k) == pc)
        k++;
      fail[i] = k;
    }
  for (size_t i = from, k = 0; i < to; i++)
    {
      poll_now_and_then (i - from);
      uint32_t tc = TXT (i);
      while (k > 0 && PAT (k) != tc)
        k = fail[k - 1];
      if (PAT (k) == tc)
        k++;
      if (k == m)
        return (long) (i + 1 - m);
    }
  return -1;
#undef PAT
#undef TXT
}

SCM_DEFINE (scm_i_string_contains, "%string-contains", 5, 0, 0,
            (SCM s1, SCM s2, SCM range, SCM fold, SCM who),
            "Return the index in @var{s1} where @var{s2} first occurs, "
            "or @code{#f}; @var{range} is the list of the optional "
            "start1, end1, start2 and end2; @var{fold} true compares "
            "case-folded characters.  For the prelude.")
{
  size_t from1, to1, from2, to2;
  SCM r1 = SCM_EOL, r2 = SCM_EOL;
  struct chars t, p;

  /* Split (start1 end1 start2 end2) into two ranges.  */
  if (scm_is_pair (range))
    {
      r1 = scm_list_1 (SCM_CAR (range));
      range = SCM_CDR (range);
      if (scm_is_pair (range))
        {
          r1 = scm_list_2 (SCM_CAR (r1), SCM_CAR (range));
          r2 = SCM_CDR (range);
        }
    }
  string_range (s1, r1, who, 1, 3, &from1, &to1);
  string_range (s2, r2, who, 2, 5, &from2, &to2);
  chars_of (s1, &t);
  chars_of (s2, &p);
  if (scm_is_false (fold) && t.narrow && p.narrow)
    {
      /* glibc's memmem is the two-way algorithm: linear too.  */
      if (to2 == from2)
        return scm_from_size_t (from1);
      const unsigned char *hit = memmem (t.narrow + from1, to1 - from1,
                                         p.narrow + from2, to2 - from2);
      return hit ? scm_from_size_t ((size_t) (hit - t.narrow)) : SCM_BOOL_F;
    }
  long i = kmp_search (&t, from1, to1, &p, from2, to2 - from2,
                       scm_is_true (fold));
  return i < 0 ? SCM_BOOL_F : scm_from_long (i);
}

/* ------------------------------------------------------------------ */
/* Splitting and joining.  */

SCM_DEFINE (scm_i_string_split, "%string-split", 3, 0, 0,
            (SCM str, SCM what, SCM who),
            "Return the list of the substrings of @var{str} between the "
            "characters that match the character or char-set "
            "@var{what}, empty ones included.  For the prelude.")
{
  struct scan s;
  SCM head = scm_cons (SCM_BOOL_F, SCM_EOL), tail = head;

  scan_init (&s, str, what, SCM_EOL, who);
  for (;;)
    {
      long i = find_in (&s.c, &s.m, s.from, s.to, 0, 0);
      size_t stop = i < 0 ? s.to : (size_t) i;
      SCM cell = scm_cons (substring (str, s.from, stop), SCM_EOL);
      SCM_SETCDR (tail, cell);
      tail = cell;
      if (i < 0)
        break;
      s.from = stop + 1;
    }
  return SCM_CDR (head);
}

enum grammar { INFIX, STRICT_INFIX, SUFFIX, PREFIX };

SCM_SYMBOL (sym_infix, "infix");
SCM_SYMBOL (sym_strict_infix, "strict-infix");
SCM_SYMBOL (sym_suffix, "suffix");
SCM_SYMBOL (sym_prefix, "prefix");

static enum grammar
grammar_arg (SCM g, int pos, const char *who)
{
  if (SCM_UNBNDP (g) || scm_is_eq (g, sym_infix))
    return INFIX;
  if (scm_is_eq (g, sym_strict_infix))
    return STRICT_INFIX;
  if (scm_is_eq (g, sym_suffix))
    return SUFFIX;
  if (scm_is_eq (g, sym_prefix))
    return PREFIX;
  scm_wrong_type_arg_msg (who, pos, g,
                          "grammar infix, strict-infix, suffix or prefix");
}

/* Copy the characters of STR to BUF at *AT.  */
static void
append_string (SCM buf, size_t *at, SCM str)
{
  struct chars c;
  size_t n = scm_i_string_length (str);
  chars_of (str, &c);
  if (!scm_i_stringbuf_is_wide (buf) && c.narrow)
    memcpy (scm_i_stringbuf_narrow (buf) + *at, c.narrow, n);
  else if (!scm_i_stringbuf_is_wide (buf))
    /* A wide string whose characters all fit in a byte.  */
    for (size_t i = 0; i < n; i++)
      scm_i_stringbuf_narrow (buf)[*at + i] = (unsigned char) c.wide[i];
  else if (c.wide)
    memcpy (scm_i_stringbuf_wide (buf) + *at, c.wide, n * 4);
  else
    for (size_t i = 0; i < n; i++)
      scm_i_stringbuf_wide (buf)[*at + i] = c.narrow[i];
  *at += n;
}

/* Nonzero if STR holds a character past 255.  */
static int
string_needs_wide (SCM str)
{
  struct chars c;
  chars_of (str, &c);
  if (c.narrow)
    return 0;
  for (size_t i = 0, n = scm_i_string_length (str); i < n; i++)
    if (c.wide[i] > 0xff)
      return 1;
  return 0;
}

/* The strings of the list STRINGS joined by DELIM under grammar G, for
   WHO (whose argument 1 is STRINGS).  */
static SCM
join_strings (SCM strings, SCM delim, enum grammar g, const char *who)
{
  long count = scm_c_list_length (strings);
  size_t total = 0, at = 0, polled = 0;

  SCM_ASSERT_TYPE (count >= 0, strings, 1, who, "list of strings");
  if (g == STRICT_INFIX && count == 0)
    scm_c_raise_error ("wrong-type-arg", who,
                       "strict-infix grammar needs at least one string",
                       scm_list_1 (strings));
  int wide = string_needs_wide (delim);
  for (SCM l = strings; scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM s = SCM_CAR (l);
      if (!scm_is_string (s))
        scm_wrong_type_arg_msg (who, 1, s, "list of strings");
      total += scm_i_string_length (s);
      wide = wide || string_needs_wide (s);
    }
  size_t dlen = scm_i_string_length (delim);
  size_t ndelims = count == 0 ? 0 : g == INFIX || g == STRICT_INFIX
    ? (size_t) count - 1 : (size_t) count;
  if (dlen != 0 && ndelims > (SIZE_MAX - total) / dlen)
    scm_out_of_memory (who, SIZE_MAX);
  total += ndelims * dlen;
  SCM buf = scm_i_make_stringbuf (total, wide);
  for (SCM l = strings; scm_is_pair (l); l = SCM_CDR (l))
    {
      if (g == PREFIX || (!scm_is_eq (l, strings) && g != SUFFIX))
        append_string (buf, &at, delim);
      append_string (buf, &at, SCM_CAR (l));
      if (g == SUFFIX)
        append_string (buf, &at, delim);
      if (at - polled >= CHARS_PER_POLL)
        {
          scm_i_poll_interrupt ();
          polled = at;
        }
    }
  return scm_i_make_string_from_buf (buf, 0);
}

SCM_DEFINE (scm_string_join, "string-join", 1, 2, 0,
            (SCM strings, SCM delimiter, SCM grammar),
            "Return the strings of the list @var{strings} joined with "
            "@var{delimiter} (a string, a space if not given) between "
            "them (@var{grammar} @code{infix}, the default, and "
            "@code{strict-infix}, which refuses an empty list), after "
            "each (@code{suffix}) or before each (@code{prefix}).")
{
  SCM delim = SCM_UNBNDP (delimiter) ? scm_from_latin1_string (" ")
    : delimiter;
  SCM_ASSERT_TYPE (scm_is_string (delim), delimiter, 2, "string-join",
                   "string");
  return join_strings (strings, delim, grammar_arg (grammar, 3,
                                                    "string-join"),
                       "string-join");
}

SCM_DEFINE (scm_string_concatenate, "string-concatenate", 1, 0, 0,
            (SCM strings),
            "Return a new string of the characters of the strings of the "
            "list @var{strings}, one after the other.")
{
  return join_strings (strings, scm_from_latin1_string (""), INFIX,
                       "string-concatenate");
}

void
scm_init_string_search (void)
{
#ifndef SCM_MAGIC_SNARFER
# include "values/string-search.x"
#endif
}
