/* regexp-parse.c -- POSIX regular-expression syntax to the engine's tree
   SPDX-License-Identifier: LGPL-3.0-or-later

   Extended syntax (ERE) and basic syntax (BRE) as POSIX defines them,
   with the GNU escapes Guile's patterns meet (\w \W \s \S \b \B \< \>
   \` \' and, in BRE, \+ \? \|).  Brackets take ranges, [:class:] over
   full Unicode (the SRFI 14 sets), [=c=] and [.c.] for one character.
   Back-references are refused: nothing can match them in linear time.
   The tree is described in regexp-internal.h.  */

#include "values/regexp-internal.h"
#include "values/charsets-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libscm/bytevectors.h>
#include <libscm/chars.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/strings.h>
#include "values/strings-internal.h"

#define MAX_DEPTH 1000
#define MAX_COUNT 65535

struct parser
{
  SCM pattern;
  size_t n, i;
  int ext, newline, nsub, depth;
  const char *who;
};

void
scm_i_regex_syntax_error (const char *who, SCM pattern, long pos,
                          const char *why)
{
  char msg[160];
  if (pos >= 0)
    snprintf (msg, sizeof msg, "invalid regular expression at position %ld: %s",
              pos, why);
  else
    snprintf (msg, sizeof msg, "invalid regular expression: %s", why);
  scm_c_raise_error ("regular-expression-syntax", who, msg,
                     scm_list_1 (pattern));
}

static SCM_NORETURN void
fail (struct parser *p, size_t pos, const char *why)
{
  scm_i_regex_syntax_error (p->who, p->pattern, (long) pos, why);
}

static int at_end (struct parser *p) { return p->i >= p->n; }
static uint32_t peek (struct parser *p) { return scm_i_string_ref (p->pattern, p->i); }
static uint32_t peek2 (struct parser *p)
{
  return p->i + 1 < p->n ? scm_i_string_ref (p->pattern, p->i + 1) : 0;
}

/* ---- character sets: inversion lists being built ---- */

struct ranges { uint32_t *r; size_t n, cap; };

static void
add_range (struct ranges *rs, uint32_t lo, uint32_t hi_incl)
{
  if (rs->n + 2 > rs->cap)
    {
      size_t cap = rs->cap ? 2 * rs->cap : 16;
      uint32_t *r = scm_i_alloc_atomic (cap * sizeof *r);
      if (rs->n)
        memcpy (r, rs->r, rs->n * sizeof *r);
      rs->r = r, rs->cap = cap;
    }
  rs->r[rs->n++] = lo;
  rs->r[rs->n++] = hi_incl + 1;
}

static int
cmp_range (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  return x < y ? -1 : x > y;
}

/* Sort and merge RS into an inversion list: a bytevector of uint32_t.  */
static SCM
ranges_to_bytevector (struct ranges *rs)
{
  size_t k = 0;
  if (rs->n)
    {
      qsort (rs->r, rs->n / 2, 2 * sizeof (uint32_t), cmp_range);
      for (size_t j = 0; j < rs->n; j += 2)
        if (k > 0 && rs->r[j] <= rs->r[k - 1])
          {
            if (rs->r[j + 1] > rs->r[k - 1])
              rs->r[k - 1] = rs->r[j + 1];
          }
        else
          {
            rs->r[k++] = rs->r[j];
            rs->r[k++] = rs->r[j + 1];
          }
    }
  return scm_c_bytevector_from_bytes (rs->r, k * sizeof (uint32_t));
}

static void
add_char_set (struct ranges *rs, const char *name)
{
  const uint32_t *r;
  size_t n;
  scm_i_char_set_ranges (scm_variable_ref (scm_c_lookup (name)), &r, &n);
  for (size_t j = 0; j < n; j += 2)
    add_range (rs, r[j], r[j + 1] - 1);
}

/* The POSIX class NAME, in full Unicode: nonzero if known.  */
static int
add_class (struct ranges *rs, const char *name)
{
  static const char *const map[][3] = {
    { "alpha", "char-set:letter", NULL },
    { "digit", "char-set:digit", NULL },
    { "alnum", "char-set:letter+digit", NULL },
    { "upper", "char-set:upper-case", NULL },
    { "lower", "char-set:lower-case", NULL },
    { "space", "char-set:whitespace", NULL },
    { "blank", "char-set:blank", NULL },
    { "punct", "char-set:punctuation", "char-set:symbol" },
    { "cntrl", "char-set:iso-control", NULL },
    { "print", "char-set:printing", NULL },
    { "graph", "char-set:graphic", NULL },
    { "xdigit", "char-set:hex-digit", NULL },
  };
  for (size_t k = 0; k < sizeof map / sizeof map[0]; k++)
    if (strcmp (name, map[k][0]) == 0)
      {
        add_char_set (rs, map[k][1]);
        if (map[k][2])
          add_char_set (rs, map[k][2]);
        return 1;
      }
  return 0;
}

/* After "[x", the character or [.c.] / [=c=] element starting at the
   current position, or -1 for a [:class:] (added to RS).  */
static long
bracket_element (struct parser *p, struct ranges *rs)
{
  size_t start = p->i;
  uint32_t c = peek (p);
  uint32_t d = peek2 (p);
  if (c == '[' && (d == '.' || d == '=' || d == ':'))
    {
      p->i += 2;
      size_t from = p->i;
      while (p->i + 1 < p->n
             && !(peek (p) == d && peek2 (p) == ']'))
        p->i++;
      if (p->i + 1 >= p->n)
        fail (p, start, d == ':' ? "unterminated [: :] class"
              : "unterminated [. .] or [= =] element");
      size_t len = p->i - from;
      p->i += 2;
      if (d != ':')
        {
          if (len != 1)
            fail (p, start, "a collating element must be one character");
          return scm_i_string_ref (p->pattern, from);
        }
      char name[16];
      if (len >= sizeof name)
        fail (p, start, "unknown character class");
      for (size_t k = 0; k < len; k++)
        {
          uint32_t ch = scm_i_string_ref (p->pattern, from + k);
          name[k] = ch < 128 ? (char) ch : '?';
        }
      name[len] = 0;
      if (!add_class (rs, name))
        fail (p, start, "unknown character class");
      return -1;
    }
  p->i++;
  return c;
}

/* A bracket expression; the current character is the one after '['.  */
static SCM
parse_bracket (struct parser *p)
{
  size_t start = p->i - 1;
  struct ranges rs = { NULL, 0, 0 };
  int neg = 0;
  if (!at_end (p) && peek (p) == '^')
    neg = 1, p->i++;
  int first = 1;
  for (;;)
    {
      if (at_end (p))
        fail (p, start, "unmatched [");
      if (peek (p) == ']' && !first)
        {
          p->i++;
          break;
        }
      first = 0;
      size_t here = p->i;
      long lo = bracket_element (p, &rs);
      if (lo < 0)
        continue;
      if (!at_end (p) && peek (p) == '-' && p->i + 1 < p->n
          && peek2 (p) != ']')
        {
          p->i++;
          long hi = bracket_element (p, &rs);
          if (hi < 0)
            fail (p, here, "a range cannot end in a character class");
          if (hi < lo)
            fail (p, here, "range out of order");
          add_range (&rs, (uint32_t) lo, (uint32_t) hi);
        }
      else
        add_range (&rs, (uint32_t) lo, (uint32_t) lo);
    }
  if (neg && p->newline)
    add_range (&rs, '\n', '\n');
  SCM set = ranges_to_bytevector (&rs);
  return neg ? scm_list_2 (scm_i_rx.not_set, set) : set;
}

/* ---- the grammar ---- */

static SCM parse_alt (struct parser *p);

static SCM
named_set (const char *name, int neg)
{
  struct ranges rs = { NULL, 0, 0 };
  add_class (&rs, name);
  if (strcmp (name, "alnum") == 0)
    add_range (&rs, '_', '_');
  SCM set = ranges_to_bytevector (&rs);
  return neg ? scm_list_2 (scm_i_rx.not_set, set) : set;
}

/* After a backslash: the escape's node.  */
static SCM
parse_escape (struct parser *p, size_t start)
{
  if (at_end (p))
    fail (p, start, "trailing backslash");
  uint32_t c = peek (p);
  p->i++;
  switch (c)
    {
    case 'w': return named_set ("alnum", 0);
    case 'W': return named_set ("alnum", 1);
    case 's': return named_set ("space", 0);
    case 'S': return named_set ("space", 1);
    case 'b': return scm_i_rx.wordb;
    case 'B': return scm_i_rx.nwb;
    case '<': return scm_i_rx.bow;
    case '>': return scm_i_rx.eow;
    case '`': return scm_i_rx.bos;
    case '\'': return scm_i_rx.eos;
    default:
      if (c >= '1' && c <= '9')
        fail (p, start, "back-references are not supported "
              "(they cannot be matched in linear time)");
      return SCM_MAKE_CHAR (c);
    }
}

static int
is_digit (uint32_t c)
{
  return c >= '0' && c <= '9';
}

static long
parse_count (struct parser *p, size_t start)
{
  if (at_end (p) || !is_digit (peek (p)))
    return -1;
  long v = 0;
  while (!at_end (p) && is_digit (peek (p)))
    {
      v = v * 10 + (peek (p) - '0');
      if (v > MAX_COUNT)
        fail (p, start, "repetition count too large (at most 65535)");
      p->i++;
    }
  return v;
}

/* After '{' (ERE) or '\{' (BRE): the bounds.  Returns 0 if an ERE's
   brace is no interval (then it is literal, as in glibc).  */
static int
parse_interval (struct parser *p, size_t start, long *min, long *max)
{
  size_t save = p->i;
  *min = parse_count (p, start);
  if (*min < 0)
    {
      if (p->ext)
        {
          p->i = save;
          return 0;
        }
      fail (p, start, "invalid repetition count");
    }
  *max = *min;
  if (!at_end (p) && peek (p) == ',')
    {
      p->i++;
      *max = parse_count (p, start);
    }
  int close = p->ext ? (!at_end (p) && peek (p) == '}')
    : (!at_end (p) && peek (p) == '\\' && peek2 (p) == '}');
  if (!close)
    {
      if (p->ext)
        {
          p->i = save;
          return 0;
        }
      fail (p, start, "unmatched \\{");
    }
  p->i += p->ext ? 1 : 2;
  if (*max >= 0 && *max < *min)
    fail (p, start, "repetition bounds out of order");
  return 1;
}

static SCM
rep (long min, long max, SCM node)
{
  return scm_list_5 (scm_i_rx.rep, scm_from_long (min),
                     max < 0 ? SCM_BOOL_F : scm_from_long (max),
                     SCM_BOOL_T, node);
}

/* A group; the current character is the one after its opening.  */
static SCM
parse_group (struct parser *p, size_t start)
{
  if (p->nsub >= SCM_I_REGEXP_MAX_GROUPS)
    fail (p, start, "too many groups (at most 10000)");
  int k = ++p->nsub;
  if (++p->depth > MAX_DEPTH)
    fail (p, start, "groups nested too deeply");
  SCM body = parse_alt (p);
  p->depth--;
  if (p->ext ? (at_end (p) || peek (p) != ')')
      : (at_end (p) || peek (p) != '\\' || peek2 (p) != ')'))
    fail (p, start, "unmatched (");
  p->i += p->ext ? 1 : 2;
  return scm_list_3 (scm_i_rx.sub, scm_from_int (k), body);
}

/* An atom, or #f at the end of a branch.  FIRST: at the start of the
   branch (where BRE's '*' is literal).  */
static SCM
parse_atom (struct parser *p, int first)
{
  size_t start = p->i;
  uint32_t c = peek (p);
  if (p->ext)
    switch (c)
      {
      case '|': case ')': return SCM_BOOL_F;
      case '(': p->i++; return parse_group (p, start);
      case '*': case '+': case '?':
        fail (p, start, "nothing to repeat");
      case '{':
        if (is_digit (peek2 (p)))
          fail (p, start, "nothing to repeat");
        break;
      case '^':
        p->i++;
        return p->newline ? scm_i_rx.bol : scm_i_rx.bos;
      case '$':
        p->i++;
        return p->newline ? scm_i_rx.eol : scm_i_rx.eos;
      default:
        break;
      }
  else
    {
      if (c == '\\' && (peek2 (p) == '|' || peek2 (p) == ')'))
        return SCM_BOOL_F;
      if (c == '\\' && peek2 (p) == '(')
        {
          p->i += 2;
          return parse_group (p, start);
        }
      if (c == '\\' && (peek2 (p) == '{'))
        fail (p, start, "nothing to repeat");
      if (c == '*' && !first)
        fail (p, start, "nothing to repeat");
      if (c == '^' && first)
        {
          p->i++;
          return p->newline ? scm_i_rx.bol : scm_i_rx.bos;
        }
      if (c == '$')
        {
          /* An anchor only at the end of a branch.  */
          size_t j = p->i + 1;
          if (j == p->n
              || (j + 1 < p->n && scm_i_string_ref (p->pattern, j) == '\\'
                  && (scm_i_string_ref (p->pattern, j + 1) == ')'
                      || scm_i_string_ref (p->pattern, j + 1) == '|')))
            {
              p->i++;
              return p->newline ? scm_i_rx.eol : scm_i_rx.eos;
            }
        }
    }
  p->i++;
  switch (c)
    {
    case '.':
      return p->newline ? scm_i_rx.nonl : scm_i_rx.any;
    case '[':
      return parse_bracket (p);
    case '\\':
      return parse_escape (p, start);
    default:
      return SCM_MAKE_CHAR (c);
    }
}

/* Quantifiers after ATOM.  */
static SCM
parse_quantifiers (struct parser *p, SCM atom)
{
  for (;;)
    {
      if (at_end (p))
        return atom;
      size_t start = p->i;
      uint32_t c = peek (p);
      long min, max;
      if (c == '*')
        p->i++, atom = rep (0, -1, atom);
      else if (p->ext && c == '+')
        p->i++, atom = rep (1, -1, atom);
      else if (p->ext && c == '?')
        p->i++, atom = rep (0, 1, atom);
      else if (!p->ext && c == '\\' && (peek2 (p) == '+' || peek2 (p) == '?'))
        {
          atom = peek2 (p) == '+' ? rep (1, -1, atom) : rep (0, 1, atom);
          p->i += 2;
        }
      else if (p->ext && c == '{')
        {
          p->i++;
          if (!parse_interval (p, start, &min, &max))
            {
              p->i = start;
              return atom;
            }
          atom = rep (min, max, atom);
        }
      else if (!p->ext && c == '\\' && peek2 (p) == '{')
        {
          p->i += 2;
          parse_interval (p, start, &min, &max);
          atom = rep (min, max, atom);
        }
      else
        return atom;
    }
}

static SCM
parse_branch (struct parser *p)
{
  SCM acc = SCM_EOL;
  int first = 1;
  while (!at_end (p))
    {
      SCM atom = parse_atom (p, first);
      if (scm_is_false (atom))
        break;
      first = 0;
      acc = scm_cons (parse_quantifiers (p, atom), acc);
    }
  return scm_cons (scm_i_rx.seq, scm_reverse_x (acc, SCM_EOL));
}

static SCM
parse_alt (struct parser *p)
{
  SCM acc = scm_list_1 (parse_branch (p));
  for (;;)
    {
      if (p->ext && !at_end (p) && peek (p) == '|')
        p->i++;
      else if (!p->ext && !at_end (p) && peek (p) == '\\' && peek2 (p) == '|')
        p->i += 2;
      else
        break;
      acc = scm_cons (parse_branch (p), acc);
    }
  if (scm_is_null (SCM_CDR (acc)))
    return SCM_CAR (acc);
  return scm_cons (scm_i_rx.alt, scm_reverse_x (acc, SCM_EOL));
}

SCM
scm_i_regex_parse_posix (SCM pattern, int cflags, int *nsub, const char *who)
{
  struct parser p = { pattern, scm_i_string_length (pattern), 0,
                      (cflags & SCM_I_REGEXP_EXTENDED) != 0,
                      (cflags & SCM_I_REGEXP_NEWLINE) != 0, 0, 0, who };
  SCM tree = parse_alt (&p);
  if (!at_end (&p))
    fail (&p, p.i, p.ext ? "unmatched )" : "unmatched \\)");
  *nsub = p.nsub;
  if (cflags & SCM_I_REGEXP_ICASE)
    tree = scm_list_2 (scm_i_rx.nocase, tree);
  return tree;
}
