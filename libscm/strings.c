/* strings.c -- stringbufs and strings
   SPDX-License-Identifier: LGPL-3.0-or-later

   Layout in strings-internal.h.  A stringbuf is narrow (Latin-1) while
   every character is below 256, wide (UCS-4) otherwise; mutable strings
   own their stringbuf, so string-set! writes in place or swaps in a
   wide copy.  */

#include "strings-internal.h"
#include "init-internal.h"

#include <string.h>
#include <unistr.h>
#include <libscm/chars.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>

/* ------------------------------------------------------------------ */
/* Stringbufs.  */

SCM
scm_i_make_stringbuf (size_t len, int wide)
{
  size_t unit = wide ? 4 : 1;
  size_t bytes;

  if (len > SCM_HEADER_MAX_PAYLOAD
      || __builtin_mul_overflow (len + 1, unit, &bytes)
      || bytes > SIZE_MAX - sizeof (scm_t_bits))
    scm_c_raise_errorf ("out-of-memory", NULL,
                        "impossible string length %zu", len);
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
scm_i_stringbuf_from_ucs4 (const uint32_t *chars, size_t len)
{
  int wide = 0;
  for (size_t i = 0; i < len; i++)
    if (chars[i] > 0xff)
      {
        wide = 1;
        break;
      }
  SCM buf = scm_i_make_stringbuf (len, wide);
  if (wide)
    memcpy (scm_i_stringbuf_wide (buf), chars, len * 4);
  else
    for (size_t i = 0; i < len; i++)
      scm_i_stringbuf_narrow (buf)[i] = (unsigned char) chars[i];
  return buf;
}

/* A wide copy of narrow stringbuf BUF.  */
static SCM
widen_stringbuf (SCM buf)
{
  size_t len = scm_i_stringbuf_length (buf);
  SCM wide = scm_i_make_stringbuf (len, 1);
  for (size_t i = 0; i < len; i++)
    scm_i_stringbuf_wide (wide)[i] = scm_i_stringbuf_narrow (buf)[i];
  return wide;
}

/* ------------------------------------------------------------------ */
/* Strings.  */

SCM
scm_i_make_string_from_buf (SCM buf, int immutable)
{
  SCM s = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_string,
                                              immutable
                                              ? SCM_STRING_FLAG_IMMUTABLE : 0,
                                              0), 2);
  SCM_SET_CELL_OBJECT (s, 1, buf);
  return s;
}

int
scm_is_immutable_string (SCM str)
{
  return scm_is_string (str)
    && (SCM_OBJ_FLAGS (str) & SCM_STRING_FLAG_IMMUTABLE) != 0;
}

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
  return scm_i_make_string_from_buf (scm_i_stringbuf_from_ucs4 (str, len), 0);
}

/* Decode UTF-8 STR[0..LEN) into a stringbuf, raising a decoding error
   for invalid input.  ASCII, the common case, is copied directly.  */
static SCM
stringbuf_from_utf8 (const char *str, size_t len)
{
  const uint8_t *s = (const uint8_t *) str;
  size_t i = 0;

  while (i < len && s[i] < 0x80)
    i++;
  if (i == len)
    {
      SCM buf = scm_i_make_stringbuf (len, 0);
      memcpy (scm_i_stringbuf_narrow (buf), str, len);
      return buf;
    }
  if (u8_check (s, len) != NULL)
    scm_c_raise_errorf ("decoding-error", NULL,
                        "invalid UTF-8 at byte %zu",
                        (size_t) (u8_check (s, len) - s));
  size_t nchars = u8_mbsnlen (s, len);
  uint32_t *chars = scm_i_alloc_atomic ((nchars + 1) * 4);
  size_t n = 0;
  for (i = 0; i < len;)
    {
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
  return scm_i_make_string_from_buf (stringbuf_from_utf8 (str, len), 0);
}

SCM
scm_from_utf8_string (const char *str)
{
  return scm_from_utf8_stringn (str, (size_t) -1);
}

SCM
scm_snarf_immutable_string (const char *str, size_t len)
{
  return scm_i_make_string_from_buf (stringbuf_from_utf8 (str, len), 1);
}

char *
scm_to_utf8_stringn (SCM str, size_t *lenp)
{
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "scm_to_utf8_stringn",
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
    scm_out_of_range ("string-ref", 2, scm_from_size_t (k));
  return scm_i_string_ref (str, k);
}

/* ------------------------------------------------------------------ */
/* Argument checking.  */

static size_t
index_arg (SCM k, int pos, const char *who)
{
  SCM_ASSERT_TYPE (SCM_FIXNUM_P (k) && SCM_FIXNUM_VALUE (k) >= 0, k, pos,
                   who, "exact nonnegative integer");
  return (size_t) SCM_FIXNUM_VALUE (k);
}

static uint32_t
char_arg (SCM c, int pos, const char *who)
{
  SCM_ASSERT_TYPE (SCM_CHARP (c), c, pos, who, "character");
  return SCM_CHAR (c);
}

/* Check optional START and END against LEN (END may equal LEN).  */
static void
range_args (SCM start, SCM end, size_t len, int pos, const char *who,
            size_t *startp, size_t *endp)
{
  *startp = SCM_UNBNDP (start) ? 0 : index_arg (start, pos, who);
  *endp = SCM_UNBNDP (end) ? len : index_arg (end, pos + 1, who);
  if (*endp > len)
    scm_out_of_range (who, pos + 1, end);
  if (*startp > *endp)
    scm_out_of_range (who, pos, start);
}

/* ------------------------------------------------------------------ */
/* Primitives.  */

SCM_DEFINE (scm_string_p, "string?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a string.")
{
  return scm_from_bool (scm_is_string (obj));
}

SCM_DEFINE (scm_make_string, "make-string", 1, 1, 0, (SCM k, SCM chr),
            "Return a new string of @var{k} characters, each @var{chr}\n"
            "(a space if not given).")
{
  size_t len = index_arg (k, 1, "make-string");
  uint32_t c = SCM_UNBNDP (chr) ? ' ' : char_arg (chr, 2, "make-string");
  SCM buf = scm_i_make_stringbuf (len, c > 0xff);
  for (size_t i = 0; i < len; i++)
    if (c > 0xff)
      scm_i_stringbuf_wide (buf)[i] = c;
    else
      scm_i_stringbuf_narrow (buf)[i] = (unsigned char) c;
  return scm_i_make_string_from_buf (buf, 0);
}

SCM_DEFINE (scm_string, "string", 0, 0, 1, (SCM chars),
            "Return a new string made of the characters @var{chars}.")
{
  return scm_list_to_string (chars);
}

SCM_DEFINE (scm_list_to_string, "list->string", 1, 0, 0, (SCM chars),
            "Return a new string made of the characters in list @var{chars}.")
{
  long len = scm_c_list_length (chars);
  SCM_ASSERT_TYPE (len >= 0, chars, 1, "list->string", "proper list");
  uint32_t *buf = scm_i_alloc_atomic ((size_t) (len + 1) * 4);
  for (long i = 0; i < len; i++, chars = SCM_CDR (chars))
    buf[i] = char_arg (SCM_CAR (chars), 1, "list->string");
  return scm_from_utf32_stringn (buf, (size_t) len);
}

SCM_DEFINE (scm_string_length, "string-length", 1, 0, 0, (SCM str),
            "Return the number of characters in @var{str}.")
{
  return scm_from_size_t (scm_c_string_length (str));
}

SCM_DEFINE (scm_string_ref, "string-ref", 2, 0, 0, (SCM str, SCM k),
            "Return character @var{k} (from 0) of @var{str}.")
{
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "string-ref", "string");
  size_t i = index_arg (k, 2, "string-ref");
  if (i >= scm_i_string_length (str))
    scm_out_of_range ("string-ref", 2, k);
  return SCM_MAKE_CHAR (scm_i_string_ref (str, i));
}

SCM_DEFINE (scm_string_set_x, "string-set!", 3, 0, 0,
            (SCM str, SCM k, SCM chr),
            "Store @var{chr} as character @var{k} of mutable string\n"
            "@var{str}.")
{
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "string-set!", "string");
  if (scm_is_immutable_string (str))
    scm_c_raise_error ("wrong-type-arg", "string-set!",
                       "cannot modify an immutable string", scm_list_1 (str));
  size_t i = index_arg (k, 2, "string-set!");
  uint32_t c = char_arg (chr, 3, "string-set!");
  SCM buf = scm_i_string_buf (str);
  if (i >= scm_i_stringbuf_length (buf))
    scm_out_of_range ("string-set!", 2, k);
  if (c > 0xff && !scm_i_stringbuf_is_wide (buf))
    {
      buf = widen_stringbuf (buf);
      SCM_SET_CELL_OBJECT (str, 1, buf);
    }
  if (scm_i_stringbuf_is_wide (buf))
    scm_i_stringbuf_wide (buf)[i] = c;
  else
    scm_i_stringbuf_narrow (buf)[i] = (unsigned char) c;
  return SCM_UNSPECIFIED;
}

/* A new mutable string of characters START..END of STR.  */
static SCM
copy_range (SCM str, size_t start, size_t end)
{
  SCM buf = scm_i_string_buf (str);
  int wide = scm_i_stringbuf_is_wide (buf);
  SCM copy = scm_i_make_stringbuf (end - start, wide);
  if (wide)
    memcpy (scm_i_stringbuf_wide (copy), scm_i_stringbuf_wide (buf) + start,
            (end - start) * 4);
  else
    memcpy (scm_i_stringbuf_narrow (copy),
            scm_i_stringbuf_narrow (buf) + start, end - start);
  return scm_i_make_string_from_buf (copy, 0);
}

SCM_DEFINE (scm_string_copy, "string-copy", 1, 2, 0,
            (SCM str, SCM start, SCM end),
            "Return a new mutable string holding characters @var{start}\n"
            "(default 0) to @var{end} (default the length) of @var{str}.")
{
  size_t s, e;
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "string-copy", "string");
  range_args (start, end, scm_i_string_length (str), 2, "string-copy", &s, &e);
  return copy_range (str, s, e);
}

SCM_DEFINE (scm_substring, "substring", 3, 0, 0,
            (SCM str, SCM start, SCM end),
            "Return a new string holding characters @var{start} to\n"
            "@var{end} of @var{str}.")
{
  size_t s, e;
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "substring", "string");
  range_args (start, end, scm_i_string_length (str), 2, "substring", &s, &e);
  return copy_range (str, s, e);
}

SCM_DEFINE (scm_string_append, "string-append", 0, 0, 1, (SCM strings),
            "Return a new string, the concatenation of @var{strings}.")
{
  size_t total = 0;
  int wide = 0, pos = 1;
  for (SCM l = strings; scm_is_pair (l); l = SCM_CDR (l), pos++)
    {
      SCM s = SCM_CAR (l);
      SCM_ASSERT_TYPE (scm_is_string (s), s, pos, "string-append", "string");
      total += scm_i_string_length (s);
      wide |= scm_i_stringbuf_is_wide (scm_i_string_buf (s));
    }
  SCM buf = scm_i_make_stringbuf (total, wide);
  size_t o = 0;
  for (SCM l = strings; scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM s = SCM_CAR (l);
      for (size_t i = 0, n = scm_i_string_length (s); i < n; i++, o++)
        if (wide)
          scm_i_stringbuf_wide (buf)[o] = scm_i_string_ref (s, i);
        else
          scm_i_stringbuf_narrow (buf)[o] = (unsigned char) scm_i_string_ref (s, i);
    }
  return scm_i_make_string_from_buf (buf, 0);
}

SCM_DEFINE (scm_string_to_list, "string->list", 1, 2, 0,
            (SCM str, SCM start, SCM end),
            "Return a list of the characters @var{start} to @var{end} of\n"
            "@var{str}.")
{
  size_t s, e;
  SCM_ASSERT_TYPE (scm_is_string (str), str, 1, "string->list", "string");
  range_args (start, end, scm_i_string_length (str), 2, "string->list", &s, &e);
  SCM result = SCM_EOL;
  while (e > s)
    result = scm_cons (SCM_MAKE_CHAR (scm_i_string_ref (str, --e)), result);
  return result;
}

/* Nonzero if strings A and B hold the same characters.  */
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

SCM_DEFINE (scm_string_equal_p, "string=?", 1, 0, 1, (SCM s1, SCM rest),
            "Return @code{#t} if all the strings given hold the same\n"
            "characters.")
{
  SCM_ASSERT_TYPE (scm_is_string (s1), s1, 1, "string=?", "string");
  int pos = 2, same = 1;
  for (SCM l = rest; scm_is_pair (l); l = SCM_CDR (l), pos++)
    {
      SCM s = SCM_CAR (l);
      SCM_ASSERT_TYPE (scm_is_string (s), s, pos, "string=?", "string");
      same = same && scm_i_string_equal (s1, s);
    }
  return scm_from_bool (same);
}

void
scm_init_strings (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "strings.x"
#endif
}
