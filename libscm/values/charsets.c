/* charsets.c -- SRFI 14 character sets as inversion lists
   SPDX-License-Identifier: LGPL-3.0-or-later

   A char-set is a foreign object whose slot holds an inversion list:
   a pointer to an ascending array of code points R[0..N), N even, the
   set being the union of the half-open ranges [R[2i], R[2i+1]).  The
   list is canonical (no empty range, no two ranges touching), so two
   sets are equal exactly when their lists are, and every set operation
   is one merge of two lists, linear in their lengths.  Lists of heap
   sets are atomic GC memory.

   The standard sets (char-set:letter ...) are derived from the general
   categories of libunistring's Unicode tables, in one pass over the
   code points, the first time one of them is used (pthread_once: they
   are process-wide and immutable); their objects carry only the
   index of their list.  Procedures that call procedures
   (char-set-fold ...) are in the prelude.  */

#include "values/charsets-internal.h"
#include "runtime/conditions-internal.h"
#include "runtime/init-internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicase.h>
#include <unictype.h>
#include <uniname.h>

#include <libscm/chars.h>
#include <libscm/conditions.h>
#include <libscm/eval.h>
#include <libscm/foreign.h>
#include <libscm/gc.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include "values/strings-internal.h"

/* One past the last code point.  */
#define CODE_LIMIT 0x110000u

/* The scalar values: every code point but the surrogates.  */
static const uint32_t full_ranges[] = { 0, 0xD800, 0xE000, CODE_LIMIT };
#define FULL_COUNT 4

/* ------------------------------------------------------------------ */
/* Inversion lists.  */

/* The index of the first boundary of R[0..N) above C.  */
static size_t
first_above (const uint32_t *r, size_t n, uint32_t c)
{
  size_t lo = 0, hi = n;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (r[mid] <= c)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

int
scm_i_ranges_contain (const uint32_t *r, size_t n, uint32_t c)
{
  return (first_above (r, n, c) & 1) != 0;
}

/* The least member of R[0..N) at or above FROM, or CODE_LIMIT.  */
static uint32_t
next_member (const uint32_t *r, size_t n, uint32_t from)
{
  size_t i = first_above (r, n, from);
  if (i & 1)
    return from;
  return i < n ? r[i] : CODE_LIMIT;
}

enum set_op { OP_UNION, OP_INTERSECTION, OP_DIFFERENCE, OP_XOR };

static int
op_holds (enum set_op op, int in_a, int in_b)
{
  switch (op)
    {
    case OP_UNION: return in_a || in_b;
    case OP_INTERSECTION: return in_a && in_b;
    case OP_DIFFERENCE: return in_a && !in_b;
    case OP_XOR: return in_a != in_b;
    }
  return 0;
}

/* Merge A[0..NA) and B[0..NB) under OP into OUT, which has room for
   NA + NB boundaries; return the number written.  Membership in each
   input flips at each of its boundaries; a boundary goes out wherever
   the result's membership flips, so the output is canonical.  */
static size_t
merge_ranges (const uint32_t *a, size_t na, const uint32_t *b, size_t nb,
              enum set_op op, uint32_t *out)
{
  size_t i = 0, j = 0, k = 0;
  int in_a = 0, in_b = 0, in_r = 0;

  while (i < na || j < nb)
    {
      uint32_t x = i < na ? a[i] : UINT32_MAX;
      uint32_t y = j < nb ? b[j] : UINT32_MAX;
      uint32_t p = x < y ? x : y;
      if (x == p)
        in_a = !in_a, i++;
      if (y == p)
        in_b = !in_b, j++;
      int in = op_holds (op, in_a, in_b);
      if (in != in_r)
        out[k++] = p, in_r = in;
    }
  return k;
}

/* Nonzero if every member of A is one of B.  */
static int
ranges_subset (const uint32_t *a, size_t na, const uint32_t *b, size_t nb)
{
  for (size_t i = 0; i < na; i += 2)
    {
      size_t j = first_above (b, nb, a[i]);
      if (!(j & 1) || b[j] < a[i + 1])
        return 0;
    }
  return 1;
}

static int
compare_u32 (const void *pa, const void *pb)
{
  uint32_t a = *(const uint32_t *) pa, b = *(const uint32_t *) pb;
  return a < b ? -1 : a > b;
}

/* Sort the N code points of CPS in place and write their ranges to OUT
   (room for 2N); return the number of boundaries.  */
static size_t
ranges_from_points (uint32_t *cps, size_t n, uint32_t *out)
{
  size_t k = 0;

  qsort (cps, n, sizeof *cps, compare_u32);
  for (size_t i = 0; i < n; i++)
    {
      if (k > 0 && cps[i] < out[k - 1])
        continue;               /* a duplicate */
      if (k > 0 && cps[i] == out[k - 1])
        out[k - 1] = cps[i] + 1;
      else
        out[k++] = cps[i], out[k++] = cps[i] + 1;
    }
  return k;
}

/* ------------------------------------------------------------------ */
/* The standard sets.  */

enum std_set
{
  STD_LOWER, STD_UPPER, STD_TITLE, STD_LETTER, STD_DIGIT, STD_LETTER_DIGIT,
  STD_GRAPHIC, STD_PRINTING, STD_WHITESPACE, STD_ISO_CONTROL, STD_PUNCT,
  STD_SYMBOL, STD_HEX, STD_BLANK, STD_ASCII, STD_EMPTY, STD_FULL,
  STD_DESIGNATED, STD_COUNT
};

static const char *const std_names[STD_COUNT] = {
  "char-set:lower-case", "char-set:upper-case", "char-set:title-case",
  "char-set:letter", "char-set:digit", "char-set:letter+digit",
  "char-set:graphic", "char-set:printing", "char-set:whitespace",
  "char-set:iso-control", "char-set:punctuation", "char-set:symbol",
  "char-set:hex-digit", "char-set:blank", "char-set:ascii",
  "char-set:empty", "char-set:full", "char-set:designated",
};

/* Whether C, of general category bits MASK, is in standard set S, for
   the sets of one pass over the general categories (lower-case and
   upper-case are apart, case_members).  The definitions are SRFI 14's;
   designated (Guile's) is every assigned character.  */
static int
std_member (enum std_set s, uint32_t c, uint32_t mask)
{
  switch (s)
    {
    case STD_LOWER: case STD_UPPER: return 0;
    case STD_TITLE: return (mask & UC_CATEGORY_MASK_Lt) != 0;
    case STD_LETTER: return (mask & UC_CATEGORY_MASK_L) != 0;
    case STD_DIGIT: return (mask & UC_CATEGORY_MASK_Nd) != 0;
    case STD_LETTER_DIGIT:
      return (mask & (UC_CATEGORY_MASK_L | UC_CATEGORY_MASK_Nd)) != 0;
    case STD_GRAPHIC:
      return (mask & (UC_CATEGORY_MASK_L | UC_CATEGORY_MASK_M
                      | UC_CATEGORY_MASK_N | UC_CATEGORY_MASK_P
                      | UC_CATEGORY_MASK_S)) != 0;
    case STD_PRINTING:
      return std_member (STD_GRAPHIC, c, mask)
        || std_member (STD_WHITESPACE, c, mask);
    case STD_WHITESPACE:
      return (mask & UC_CATEGORY_MASK_Z) != 0 || (c >= 0x09 && c <= 0x0D);
    case STD_ISO_CONTROL: return (mask & UC_CATEGORY_MASK_Cc) != 0;
    case STD_PUNCT: return (mask & UC_CATEGORY_MASK_P) != 0;
    case STD_SYMBOL: return (mask & UC_CATEGORY_MASK_S) != 0;
    case STD_HEX:
      return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')
        || (c >= 'A' && c <= 'F');
    case STD_BLANK: return c == '\t' || (mask & UC_CATEGORY_MASK_Zs) != 0;
    case STD_ASCII: return c < 0x80;
    case STD_EMPTY: return 0;
    case STD_FULL: return 1;
    case STD_DESIGNATED: return (mask & UC_CATEGORY_MASK_Cn) == 0;
    case STD_COUNT: break;
    }
  return 0;
}

/* Whether C is in SRFI 14's lower-case and upper-case sets, which follow
   Java: outside U+2000..U+2FFF, a character without a lowercase
   (uppercase) mapping that has an uppercase (lowercase) one, or whose
   name says SMALL (CAPITAL) LETTER or LIGATURE.  Only letters, marks,
   symbols and format characters have such names, so no other name is
   looked up: the lookups are most of the cost.  */
static void
case_members (uint32_t c, uint32_t mask, int *lower, int *upper)
{
  char buf[UNINAME_MAX];
  const char *name;
  int to_upper = uc_toupper (c) != c, to_lower = uc_tolower (c) != c;

  *lower = *upper = 0;
  if (c >= 0x2000 && c <= 0x2FFF)
    return;
  if (to_upper || to_lower)
    {
      *lower = !to_lower, *upper = !to_upper;
      return;
    }
  if (!(mask & (UC_CATEGORY_MASK_L | UC_CATEGORY_MASK_M | UC_CATEGORY_MASK_S
                | UC_CATEGORY_MASK_Cf))
      || (name = unicode_character_name (c, buf)) == NULL)
    return;
  *lower = strstr (name, "SMALL LETTER") || strstr (name, "SMALL LIGATURE");
  *upper = strstr (name, "CAPITAL LETTER")
    || strstr (name, "CAPITAL LIGATURE");
}

struct std_list
{
  uint32_t *r;
  size_t n, cap;
  int in;                       /* whether the last code point was in */
};

static struct std_list std_lists[STD_COUNT];
static int std_failed;          /* malloc failed while computing them */
static pthread_once_t std_once = PTHREAD_ONCE_INIT;
static pthread_once_t case_once = PTHREAD_ONCE_INIT;

/* Note that C is (MEMBER) or is not in the set of L: a boundary where
   that changes.  */
static void
std_note (struct std_list *l, uint32_t c, int member)
{
  if (member == l->in)
    return;
  l->in = member;
  if (l->n == l->cap)
    {
      size_t cap = l->cap ? 2 * l->cap : 64;
      uint32_t *r = realloc (l->r, cap * sizeof *r);
      if (r == NULL)
        {
          std_failed = 1;
          return;
        }
      l->r = r, l->cap = cap;
    }
  l->r[l->n++] = c;
}

static int
is_scalar (uint32_t c)
{
  return c < 0xD800 || c >= 0xE000;
}

/* One pass over the code points for the sets of std_member.  Past
   ASCII, membership depends only on the general category (the ASCII
   sets end at 0x80, which is tested), so a run of code points of one
   category (most of them) is passed over without the tests.  */
static void
compute_std_lists (void)
{
  uint32_t prev_key = UINT32_MAX;

  for (uint32_t c = 0; c < CODE_LIMIT && !std_failed; c++)
    {
      int scalar = is_scalar (c);
      uint32_t mask = scalar ? uc_general_category (c).bitmask : 0;
      uint32_t key = (mask << 1) | scalar;
      if (c > 0x80 && key == prev_key)
        continue;
      prev_key = key;
      for (int s = 0; s < STD_COUNT; s++)
        if (s != STD_LOWER && s != STD_UPPER)
          std_note (&std_lists[s], c, scalar && std_member (s, c, mask));
    }
  for (int s = 0; s < STD_COUNT; s++)
    std_note (&std_lists[s], CODE_LIMIT, 0);
}

/* The pass for lower-case and upper-case, done only when one of them
   is used: it looks names up (20 to 50 ms).  */
static void
compute_case_lists (void)
{
  int lower, upper;

  for (uint32_t c = 0; c < CODE_LIMIT && !std_failed; c++)
    {
      lower = upper = 0;
      if (is_scalar (c))
        case_members (c, uc_general_category (c).bitmask, &lower, &upper);
      std_note (&std_lists[STD_LOWER], c, lower);
      std_note (&std_lists[STD_UPPER], c, upper);
    }
  std_note (&std_lists[STD_LOWER], CODE_LIMIT, 0);
  std_note (&std_lists[STD_UPPER], CODE_LIMIT, 0);
}

static const struct std_list *
std_list (unsigned index)
{
  if (index == STD_LOWER || index == STD_UPPER)
    pthread_once (&case_once, compute_case_lists);
  else
    pthread_once (&std_once, compute_std_lists);
  if (std_failed)
    scm_out_of_memory ("char-set", STD_COUNT * CODE_LIMIT / 8);
  return &std_lists[index];
}

/* ------------------------------------------------------------------ */
/* Char-set objects.  */

static SCM charset_type;

/* Slot 0: the ranges (see alloc_ranges), unused by a standard set.
   Slot 1: these flags and, from bit 8 up, 1 + the index of a standard
   set.  */
#define CS_IMMUTABLE 1u
#define CS_STD_SHIFT 8

enum { SLOT_RANGES, SLOT_FLAGS };

int
scm_is_char_set (SCM x)
{
  return scm_is_foreign_object_of_type (charset_type, x);
}

static void
charset_arg (SCM x, int pos, const char *who)
{
  if (!scm_is_char_set (x))
    scm_wrong_type_arg_msg (who, pos, x, "char-set");
}

void
scm_i_char_set_ranges (SCM cs, const uint32_t **r, size_t *n)
{
  scm_t_bits flags = scm_foreign_object_unsigned_ref (cs, SLOT_FLAGS);
  if (flags >> CS_STD_SHIFT)
    {
      const struct std_list *l = std_list ((flags >> CS_STD_SHIFT) - 1);
      *r = l->r, *n = l->n;
      return;
    }
  *r = scm_foreign_object_ref (cs, SLOT_RANGES);
  *n = ((const uint64_t *) *r)[-1];
}

/* Room for N boundaries, in memory the collector does not scan, after a
   word that will hold their number: a char-set's one slot then says
   both where its list is and how long, so that a thread reading a set
   that another modifies sees the old list or the new one, never the
   one with the other's length.  The pointer is the block's start + 8,
   which the collector recognises (an 8-byte displacement).  */
static uint32_t *
alloc_ranges (size_t n, const char *who)
{
  if (n > SIZE_MAX / 8)
    scm_out_of_memory (who, SIZE_MAX);
  uint64_t *block = scm_i_alloc_atomic (sizeof (uint64_t)
                                        + (n ? n : 1) * sizeof (uint32_t));
  block[0] = 0;
  return (uint32_t *) (block + 1);
}

/* Record that R, from alloc_ranges, holds N boundaries.  */
static void
set_count (uint32_t *r, size_t n)
{
  ((uint64_t *) r)[-1] = n;
}

static SCM
make_charset (uint32_t *r, size_t n)
{
  set_count (r, n);
  return scm_make_foreign_object_2 (charset_type, r, (void *) (uintptr_t) 0);
}

static SCM
copy_charset (const uint32_t *r, size_t n, const char *who)
{
  uint32_t *copy = alloc_ranges (n, who);
  memcpy (copy, r, n * sizeof *r);
  return make_charset (copy, n);
}

/* Make mutable char-set CS (argument POS of WHO) hold R[0..N).  */
static void
charset_assign (SCM cs, uint32_t *r, size_t n, int pos, const char *who)
{
  if (scm_foreign_object_unsigned_ref (cs, SLOT_FLAGS) & CS_IMMUTABLE)
    scm_c_raise_error ("wrong-type-arg", who,
                       pos == 1 ? "cannot modify a standard char-set "
                       "(argument 1)" : "cannot modify a standard char-set",
                       scm_list_1 (cs));
  set_count (r, n);
  /* The count is written before the pointer is published.  */
  __atomic_thread_fence (__ATOMIC_RELEASE);
  scm_foreign_object_set_x (cs, SLOT_RANGES, r);
}

/* OP of char-sets A and B as a fresh list in *OUT; returns its size.  */
static size_t
combine (SCM a, SCM b, enum set_op op, uint32_t **out, const char *who)
{
  const uint32_t *ra, *rb;
  size_t na, nb;
  scm_i_char_set_ranges (a, &ra, &na);
  scm_i_char_set_ranges (b, &rb, &nb);
  *out = alloc_ranges (na + nb, who);
  return merge_ranges (ra, na, rb, nb, op, *out);
}

/* Ranges a char-set shows when written; the rest is "...".  */
#define PRINTED_RANGES 16

/* #<char-set #\a..#\z #\_ ...>: its first ranges, each character in
   its written form (at most 11 bytes, #\backspace), so the text fits
   in a fixed buffer.  */
static SCM
charset_print (SCM cs, int write_p)
{
  char buf[32 + PRINTED_RANGES * 32];
  size_t len;
  const uint32_t *r;
  size_t n;
  (void) write_p;

  scm_i_char_set_ranges (cs, &r, &n);
  len = (size_t) snprintf (buf, sizeof buf, "#<char-set");
  for (size_t i = 0; i < n && i < 2 * PRINTED_RANGES; i += 2)
    {
      len += (size_t) snprintf (buf + len, sizeof buf - len, " %s",
                                scm_i_write_to_utf8 (SCM_MAKE_CHAR (r[i])));
      if (r[i + 1] - r[i] > 1)
        len += (size_t) snprintf (buf + len, sizeof buf - len, "..%s",
                                  scm_i_write_to_utf8
                                  (SCM_MAKE_CHAR (r[i + 1] - 1)));
    }
  len += (size_t) snprintf (buf + len, sizeof buf - len, "%s>",
                            n > 2 * PRINTED_RANGES ? " ..." : "");
  return scm_from_utf8_stringn (buf, len);
}

/* The FNV-1a hash of the ranges of CS, folded to 32 bits: equal sets,
   having the same canonical ranges, hash alike.  */
static unsigned long
charset_hash (SCM cs)
{
  const uint32_t *r;
  size_t n;
  uint64_t h = 14695981039346656037u;

  scm_i_char_set_ranges (cs, &r, &n);
  for (size_t i = 0; i < n; i++)
    h = (h ^ r[i]) * 1099511628211u;
  return (unsigned long) ((h ^ (h >> 32)) & 0xffffffffu);
}

static int
charset_equal (SCM a, SCM b)
{
  const uint32_t *ra, *rb;
  size_t na, nb;
  scm_i_char_set_ranges (a, &ra, &na);
  scm_i_char_set_ranges (b, &rb, &nb);
  /* An empty set may have no ranges at all (RA NULL), which memcmp
     must not be given even for no bytes.  */
  return na == nb && (na == 0 || memcmp (ra, rb, na * sizeof *ra) == 0);
}

/* ------------------------------------------------------------------ */
/* Construction from characters.  */

/* The code points of the characters of list CHARS (argument POS of
   WHO, whose elements count from FIRST_POS in errors) into a fresh
   array; *N gets their number.  */
static uint32_t *
list_points (SCM chars, int pos, int first_pos, const char *who, size_t *n)
{
  long len = scm_c_list_length (chars);
  SCM_ASSERT_TYPE (len >= 0, chars, pos, who, "list of characters");
  uint32_t *cps = alloc_ranges ((size_t) len, who);
  size_t i = 0;
  for (SCM l = chars; scm_is_pair (l); l = SCM_CDR (l), i++)
    {
      SCM c = SCM_CAR (l);
      if (!scm_is_char (c))
        scm_wrong_type_arg_msg (who, first_pos ? first_pos + (int) i : pos,
                                first_pos ? c : chars,
                                first_pos ? "character"
                                : "list of characters");
      cps[i] = SCM_CHAR (c);
    }
  *n = i;
  return cps;
}

static uint32_t *
string_points (SCM str, int pos, const char *who, size_t *n)
{
  SCM_ASSERT_TYPE (scm_is_string (str), str, pos, who, "string");
  size_t len = scm_i_string_length (str);
  uint32_t *cps = alloc_ranges (len, who);
  for (size_t i = 0; i < len; i++)
    cps[i] = scm_i_string_ref (str, i);
  *n = len;
  return cps;
}

/* The set of the ranges R[0..K), joined to char-set BASE (argument
   BASE_POS) unless BASE is unbound; into BASE itself if IN_PLACE.  */
static SCM
ranges_to_charset (uint32_t *r, size_t k, SCM base, int base_pos,
                   int in_place, const char *who)
{
  if (SCM_UNBNDP (base))
    return make_charset (r, k);
  charset_arg (base, base_pos, who);
  const uint32_t *rb;
  size_t nb;
  scm_i_char_set_ranges (base, &rb, &nb);
  uint32_t *u = alloc_ranges (k + nb, who);
  size_t m = merge_ranges (r, k, rb, nb, OP_UNION, u);
  if (!in_place)
    return make_charset (u, m);
  charset_assign (base, u, m, base_pos, who);
  return base;
}

/* The set of the N code points CPS, joined to BASE likewise.  */
static SCM
points_to_charset (uint32_t *cps, size_t n, SCM base, int base_pos,
                   int in_place, const char *who)
{
  uint32_t *r = alloc_ranges (2 * n, who);
  size_t k = ranges_from_points (cps, n, r);
  return ranges_to_charset (r, k, base, base_pos, in_place, who);
}

SCM_DEFINE (scm_char_set_p, "char-set?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a char-set, else @code{#f}.")
{
  return scm_from_bool (scm_is_char_set (obj));
}

SCM_DEFINE (scm_char_set, "char-set", 0, 0, 1, (SCM chars),
            "Return the char-set of the characters @var{chars}.")
{
  size_t n;
  uint32_t *cps = list_points (chars, 1, 1, "char-set", &n);
  return points_to_charset (cps, n, SCM_UNDEFINED, 0, 0, "char-set");
}

/* The char-set of the characters of SRC, a list or (IS_STRING) a
   string, joined to BASE as points_to_charset does.  */
static SCM
chars_to_charset (SCM src, int is_string, SCM base, int in_place,
                  const char *who)
{
  size_t n;
  uint32_t *cps = is_string ? string_points (src, 1, who, &n)
    : list_points (src, 1, 0, who, &n);
  return points_to_charset (cps, n, base, 2, in_place, who);
}

SCM_DEFINE (scm_list_to_char_set, "list->char-set", 1, 1, 0,
            (SCM chars, SCM base),
            "Return the char-set of the characters of the list "
            "@var{chars}, joined to the char-set @var{base} if given.")
{
  return chars_to_charset (chars, 0, base, 0, "list->char-set");
}

SCM_DEFINE (scm_list_to_char_set_x, "list->char-set!", 2, 0, 0,
            (SCM chars, SCM base),
            "Add the characters of the list @var{chars} to the char-set "
            "@var{base}, and return it.")
{
  return chars_to_charset (chars, 0, base, 1, "list->char-set!");
}

SCM_DEFINE (scm_string_to_char_set, "string->char-set", 1, 1, 0,
            (SCM str, SCM base),
            "Return the char-set of the characters of @var{str}, joined "
            "to the char-set @var{base} if given.")
{
  return chars_to_charset (str, 1, base, 0, "string->char-set");
}

SCM_DEFINE (scm_string_to_char_set_x, "string->char-set!", 2, 0, 0,
            (SCM str, SCM base),
            "Add the characters of @var{str} to the char-set @var{base}, "
            "and return it.")
{
  return chars_to_charset (str, 1, base, 1, "string->char-set!");
}

/* LOWER..UPPER as scalar-value ranges for WHO: the code points outside
   the scalar values are an error if ERROR is true, else left out.  */
static SCM
ucs_range (SCM lower, SCM upper, SCM error, SCM base, int in_place,
           const char *who)
{
  size_t lo = scm_i_index_arg (lower, 1, who);
  SCM_ASSERT_TYPE (scm_is_exact_integer (upper), upper, 2, who,
                   "exact integer");
  size_t hi = SCM_FIXNUM_P (upper) && SCM_FIXNUM_VALUE (upper) >= 0
    ? (size_t) SCM_FIXNUM_VALUE (upper) : SIZE_MAX;
  if (scm_is_true (scm_negative_p (upper)) || hi < lo)
    scm_i_out_of_range (who, 2, upper);
  int err = !SCM_UNBNDP (error) && scm_is_true (error);
  if (hi > CODE_LIMIT)
    {
      if (err)
        scm_c_raise_error ("out-of-range", who,
                           "range includes code points past #x10FFFF",
                           scm_list_2 (lower, upper));
      hi = CODE_LIMIT;
    }
  if (lo > CODE_LIMIT)
    lo = CODE_LIMIT;
  if (err && lo < 0xE000 && hi > 0xD800)
    scm_c_raise_error ("out-of-range", who,
                       "range includes surrogate code points",
                       scm_list_2 (lower, upper));
  uint32_t span[2] = { (uint32_t) lo, (uint32_t) hi };
  uint32_t *r = alloc_ranges (6, who);
  size_t k = lo < hi ? merge_ranges (span, 2, full_ranges, FULL_COUNT,
                                     OP_INTERSECTION, r) : 0;
  return ranges_to_charset (r, k, base, 4, in_place, who);
}

SCM_DEFINE (scm_ucs_range_to_char_set, "ucs-range->char-set", 2, 2, 0,
            (SCM lower, SCM upper, SCM error, SCM base),
            "Return the char-set of the characters whose scalar values "
            "are at least @var{lower} and below @var{upper}, joined to "
            "the char-set @var{base} if given.  Code points that are not "
            "characters (surrogates, past #x10FFFF) are left out, or are "
            "an error if @var{error} is true.")
{
  return ucs_range (lower, upper, error, base, 0, "ucs-range->char-set");
}

SCM_DEFINE (scm_ucs_range_to_char_set_x, "ucs-range->char-set!", 4, 0, 0,
            (SCM lower, SCM upper, SCM error, SCM base),
            "Add the characters from @var{lower} (included) to "
            "@var{upper} (excluded) to the char-set @var{base}, and "
            "return it; as @code{ucs-range->char-set} otherwise.")
{
  return ucs_range (lower, upper, error, base, 1, "ucs-range->char-set!");
}

SCM_DEFINE (scm_to_char_set, "->char-set", 1, 0, 0, (SCM x),
            "Return @var{x} as a char-set: a char-set itself, a string "
            "the set of its characters, a character the set of it.")
{
  size_t n;
  uint32_t c;

  if (scm_is_char_set (x))
    return x;
  if (scm_is_string (x))
    {
      uint32_t *cps = string_points (x, 1, "->char-set", &n);
      return points_to_charset (cps, n, SCM_UNDEFINED, 0, 0, "->char-set");
    }
  SCM_ASSERT_TYPE (scm_is_char (x), x, 1, "->char-set",
                   "char-set, string or character");
  c = SCM_CHAR (x);
  return points_to_charset (&c, 1, SCM_UNDEFINED, 0, 0, "->char-set");
}

SCM_DEFINE (scm_char_set_copy, "char-set-copy", 1, 0, 0, (SCM cs),
            "Return a new, mutable char-set with the members of "
            "@var{cs}.")
{
  const uint32_t *r;
  size_t n;
  charset_arg (cs, 1, "char-set-copy");
  scm_i_char_set_ranges (cs, &r, &n);
  return copy_charset (r, n, "char-set-copy");
}

/* ------------------------------------------------------------------ */
/* Queries.  */

int
scm_c_char_set_contains (SCM cs, uint32_t c)
{
  const uint32_t *r;
  size_t n;
  charset_arg (cs, 1, "char-set-contains?");
  scm_i_char_set_ranges (cs, &r, &n);
  return scm_i_ranges_contain (r, n, c);
}

SCM_DEFINE (scm_char_set_contains_p, "char-set-contains?", 2, 0, 0,
            (SCM cs, SCM chr),
            "Return @code{#t} if the character @var{chr} is a member of "
            "the char-set @var{cs}.")
{
  charset_arg (cs, 1, "char-set-contains?");
  SCM_ASSERT_TYPE (scm_is_char (chr), chr, 2, "char-set-contains?",
                   "character");
  return scm_from_bool (scm_c_char_set_contains (cs, SCM_CHAR (chr)));
}

static size_t
ranges_size (const uint32_t *r, size_t n)
{
  size_t size = 0;
  for (size_t i = 0; i < n; i += 2)
    size += r[i + 1] - r[i];
  return size;
}

SCM_DEFINE (scm_char_set_size, "char-set-size", 1, 0, 0, (SCM cs),
            "Return the number of members of the char-set @var{cs}.")
{
  const uint32_t *r;
  size_t n;
  charset_arg (cs, 1, "char-set-size");
  scm_i_char_set_ranges (cs, &r, &n);
  return scm_from_size_t (ranges_size (r, n));
}

/* Check that the list SETS holds char-sets only, the first being
   argument FIRST_POS of WHO; return their number.  */
static size_t
charset_list_arg (SCM sets, int first_pos, const char *who)
{
  size_t count = 0;
  for (SCM l = sets; scm_is_pair (l); l = SCM_CDR (l), count++)
    charset_arg (SCM_CAR (l), first_pos + (int) count, who);
  return count;
}

SCM_DEFINE (scm_char_set_eq, "char-set=", 0, 0, 1, (SCM sets),
            "Return @code{#t} if the char-sets @var{sets} all have the "
            "same members (also with none or one).")
{
  charset_list_arg (sets, 1, "char-set=");
  for (SCM l = sets; scm_is_pair (l) && scm_is_pair (SCM_CDR (l));
       l = SCM_CDR (l))
    if (!charset_equal (SCM_CAR (l), SCM_CAR (SCM_CDR (l))))
      return SCM_BOOL_F;
  return SCM_BOOL_T;
}

SCM_DEFINE (scm_char_set_leq, "char-set<=", 0, 0, 1, (SCM sets),
            "Return @code{#t} if each of the char-sets @var{sets} is a "
            "subset of the next.")
{
  charset_list_arg (sets, 1, "char-set<=");
  for (SCM l = sets; scm_is_pair (l) && scm_is_pair (SCM_CDR (l));
       l = SCM_CDR (l))
    {
      const uint32_t *ra, *rb;
      size_t na, nb;
      scm_i_char_set_ranges (SCM_CAR (l), &ra, &na);
      scm_i_char_set_ranges (SCM_CAR (SCM_CDR (l)), &rb, &nb);
      if (!ranges_subset (ra, na, rb, nb))
        return SCM_BOOL_F;
    }
  return SCM_BOOL_T;
}

SCM_DEFINE (scm_char_set_hash, "char-set-hash", 1, 1, 0, (SCM cs, SCM bound),
            "Return a hash of the char-set @var{cs} in [0, @var{bound}) "
            "(a positive exact integer; without it, or 0, [0, 2^32)).  "
            "Equal char-sets hash alike.")
{
  charset_arg (cs, 1, "char-set-hash");
  uint64_t h = charset_hash (cs);
  if (SCM_UNBNDP (bound))
    return scm_from_uint64 (h);
  SCM_ASSERT_TYPE (scm_is_exact_integer (bound), bound, 2, "char-set-hash",
                   "exact integer");
  if (scm_is_true (scm_negative_p (bound)))
    scm_i_out_of_range ("char-set-hash", 2, bound);
  if (!SCM_FIXNUM_P (bound) || SCM_FIXNUM_VALUE (bound) == 0)
    return scm_from_uint64 (h);
  return scm_from_uint64 (h % (uint64_t) SCM_FIXNUM_VALUE (bound));
}

/* ------------------------------------------------------------------ */
/* Cursors: a cursor is the code point of a member, as a fixnum, or
   #x110000 past the last member.  */

static uint32_t
cursor_arg (SCM cursor, int pos, const char *who)
{
  SCM_ASSERT_TYPE (SCM_FIXNUM_P (cursor) && SCM_FIXNUM_VALUE (cursor) >= 0
                   && SCM_FIXNUM_VALUE (cursor) <= CODE_LIMIT,
                   cursor, pos, who, "char-set cursor");
  return (uint32_t) SCM_FIXNUM_VALUE (cursor);
}

SCM_DEFINE (scm_char_set_cursor, "char-set-cursor", 1, 0, 0, (SCM cs),
            "Return a cursor at the first member of the char-set "
            "@var{cs} (at its end if it is empty).")
{
  const uint32_t *r;
  size_t n;
  charset_arg (cs, 1, "char-set-cursor");
  scm_i_char_set_ranges (cs, &r, &n);
  return SCM_MAKE_FIXNUM (n ? r[0] : CODE_LIMIT);
}

/* Check that CURSOR (argument 2 of WHO) is at a member of CS.  */
static uint32_t
member_cursor (SCM cs, SCM cursor, const char *who)
{
  const uint32_t *r;
  size_t n;
  charset_arg (cs, 1, who);
  uint32_t c = cursor_arg (cursor, 2, who);
  scm_i_char_set_ranges (cs, &r, &n);
  if (c == CODE_LIMIT)
    scm_c_raise_error ("out-of-range", who, "cursor is at the end of the "
                       "char-set", scm_list_1 (cursor));
  if (!scm_i_ranges_contain (r, n, c))
    scm_c_raise_error ("out-of-range", who, "not a cursor of this char-set",
                       scm_list_2 (cursor, cs));
  return c;
}

SCM_DEFINE (scm_char_set_ref, "char-set-ref", 2, 0, 0, (SCM cs, SCM cursor),
            "Return the member of the char-set @var{cs} at @var{cursor}.")
{
  return SCM_MAKE_CHAR (member_cursor (cs, cursor, "char-set-ref"));
}

SCM_DEFINE (scm_char_set_cursor_next, "char-set-cursor-next", 2, 0, 0,
            (SCM cs, SCM cursor),
            "Return the cursor of the member of the char-set @var{cs} "
            "that follows the one at @var{cursor}.")
{
  const uint32_t *r;
  size_t n;
  uint32_t c = member_cursor (cs, cursor, "char-set-cursor-next");
  scm_i_char_set_ranges (cs, &r, &n);
  return SCM_MAKE_FIXNUM (next_member (r, n, c + 1));
}

SCM_DEFINE (scm_end_of_char_set_p, "end-of-char-set?", 1, 0, 0,
            (SCM cursor),
            "Return @code{#t} if @var{cursor} is past the last member of "
            "its char-set.")
{
  return scm_from_bool (cursor_arg (cursor, 1, "end-of-char-set?")
                        == CODE_LIMIT);
}

/* ------------------------------------------------------------------ */
/* Conversions.  */

SCM_DEFINE (scm_char_set_to_list, "char-set->list", 1, 0, 0, (SCM cs),
            "Return the list of the members of the char-set @var{cs}, "
            "in ascending order.")
{
  const uint32_t *r;
  size_t n;
  SCM list = SCM_EOL;

  charset_arg (cs, 1, "char-set->list");
  scm_i_char_set_ranges (cs, &r, &n);
  for (size_t i = n; i > 0; i -= 2)
    for (uint32_t c = r[i - 1]; c > r[i - 2]; c--)
      list = scm_cons (SCM_MAKE_CHAR (c - 1), list);
  return list;
}

SCM_DEFINE (scm_char_set_to_string, "char-set->string", 1, 0, 0, (SCM cs),
            "Return a string of the members of the char-set @var{cs}, "
            "in ascending order.")
{
  const uint32_t *r;
  size_t n, k = 0;

  charset_arg (cs, 1, "char-set->string");
  scm_i_char_set_ranges (cs, &r, &n);
  size_t size = ranges_size (r, n);
  int wide = n > 0 && r[n - 1] > 0x100;
  SCM buf = scm_i_make_stringbuf (size, wide);
  for (size_t i = 0; i < n; i += 2)
    for (uint32_t c = r[i]; c < r[i + 1]; c++, k++)
      {
        if (wide)
          scm_i_stringbuf_wide (buf)[k] = c;
        else
          scm_i_stringbuf_narrow (buf)[k] = (unsigned char) c;
      }
  return scm_i_make_string_from_buf (buf, 0);
}

SCM_DEFINE (scm_i_char_set_ranges_vector, "%char-set-ranges", 1, 0, 0,
            (SCM cs),
            "Return a vector of the boundaries of the ranges of the "
            "char-set @var{cs}: the members are the code points from "
            "each element at an even index (included) to the next one "
            "(excluded).  For the prelude.")
{
  const uint32_t *r;
  size_t n;
  charset_arg (cs, 1, "%char-set-ranges");
  scm_i_char_set_ranges (cs, &r, &n);
  SCM v = scm_c_make_vector (n, SCM_BOOL_F);
  for (size_t i = 0; i < n; i++)
    scm_c_vector_set_x (v, i, SCM_MAKE_FIXNUM (r[i]));
  return v;
}

SCM_DEFINE (scm_i_char_set_assign_x, "%char-set-assign!", 3, 0, 0,
            (SCM cs, SCM from, SCM who),
            "Make the char-set @var{cs} hold the members of the char-set "
            "@var{from}, and return it; an error naming @var{who} (a "
            "symbol) if @var{cs} is a standard set.  For the prelude.")
{
  const uint32_t *r;
  size_t n;
  const char *name = scm_is_symbol (who)
    ? scm_i_to_utf8_stringn (scm_symbol_to_string (who), NULL)
    : "%char-set-assign!";
  charset_arg (cs, 1, name);
  charset_arg (from, 2, name);
  scm_i_char_set_ranges (from, &r, &n);
  uint32_t *copy = alloc_ranges (n, name);
  memcpy (copy, r, n * sizeof *r);
  charset_assign (cs, copy, n, 1, name);
  return cs;
}

/* ------------------------------------------------------------------ */
/* Algebra.  */

static SCM
adjoin_or_delete (SCM cs, SCM chars, enum set_op op, int in_place,
                  const char *who)
{
  size_t n;
  charset_arg (cs, 1, who);
  uint32_t *cps = list_points (chars, 2, 2, who, &n);
  uint32_t *r = alloc_ranges (2 * n, who);
  size_t k = ranges_from_points (cps, n, r);
  const uint32_t *rc;
  size_t nc;
  scm_i_char_set_ranges (cs, &rc, &nc);
  uint32_t *out = alloc_ranges (nc + k, who);
  size_t m = merge_ranges (rc, nc, r, k, op, out);
  if (!in_place)
    return make_charset (out, m);
  charset_assign (cs, out, m, 1, who);
  return cs;
}

SCM_DEFINE (scm_char_set_adjoin, "char-set-adjoin", 1, 0, 1,
            (SCM cs, SCM chars),
            "Return a char-set of the members of @var{cs} and the "
            "characters @var{chars}.")
{
  return adjoin_or_delete (cs, chars, OP_UNION, 0, "char-set-adjoin");
}

SCM_DEFINE (scm_char_set_delete, "char-set-delete", 1, 0, 1,
            (SCM cs, SCM chars),
            "Return a char-set of the members of @var{cs} but the "
            "characters @var{chars}.")
{
  return adjoin_or_delete (cs, chars, OP_DIFFERENCE, 0, "char-set-delete");
}

SCM_DEFINE (scm_char_set_adjoin_x, "char-set-adjoin!", 1, 0, 1,
            (SCM cs, SCM chars),
            "Add the characters @var{chars} to the char-set @var{cs}, "
            "and return it.")
{
  return adjoin_or_delete (cs, chars, OP_UNION, 1, "char-set-adjoin!");
}

SCM_DEFINE (scm_char_set_delete_x, "char-set-delete!", 1, 0, 1,
            (SCM cs, SCM chars),
            "Remove the characters @var{chars} from the char-set "
            "@var{cs}, and return it.")
{
  return adjoin_or_delete (cs, chars, OP_DIFFERENCE, 1, "char-set-delete!");
}

static SCM
complement (SCM cs, int in_place, const char *who)
{
  const uint32_t *r;
  size_t n;
  charset_arg (cs, 1, who);
  scm_i_char_set_ranges (cs, &r, &n);
  uint32_t *out = alloc_ranges (n + FULL_COUNT, who);
  size_t m = merge_ranges (full_ranges, FULL_COUNT, r, n, OP_DIFFERENCE,
                           out);
  if (!in_place)
    return make_charset (out, m);
  charset_assign (cs, out, m, 1, who);
  return cs;
}

SCM_DEFINE (scm_char_set_complement, "char-set-complement", 1, 0, 0,
            (SCM cs),
            "Return the char-set of the characters that are not members "
            "of @var{cs}.")
{
  return complement (cs, 0, "char-set-complement");
}

SCM_DEFINE (scm_char_set_complement_x, "char-set-complement!", 1, 0, 0,
            (SCM cs),
            "Make the char-set @var{cs} its complement, and return it.")
{
  return complement (cs, 1, "char-set-complement!");
}

/* Fold OP over FIRST (if bound) and the char-sets of the list SETS,
   into FIRST if IN_PLACE; with no set at all, the intersection is
   every character and the rest are empty.  */
static SCM
fold_sets (SCM first, SCM sets, enum set_op op, int in_place,
           const char *who)
{
  const uint32_t *r;
  size_t n;
  int bound = !SCM_UNBNDP (first);

  if (bound)
    charset_arg (first, 1, who);
  charset_list_arg (sets, bound ? 2 : 1, who);
  if (!bound)
    {
      if (scm_is_null (sets))
        return op == OP_INTERSECTION
          ? copy_charset (full_ranges, FULL_COUNT, who)
          : make_charset (alloc_ranges (0, who), 0);
      first = SCM_CAR (sets), sets = SCM_CDR (sets);
    }
  scm_i_char_set_ranges (first, &r, &n);
  uint32_t *acc = (uint32_t *) r;
  size_t k = n;
  int fresh = 0;
  for (SCM l = sets; scm_is_pair (l); l = SCM_CDR (l))
    {
      const uint32_t *rb;
      size_t nb;
      scm_i_char_set_ranges (SCM_CAR (l), &rb, &nb);
      uint32_t *out = alloc_ranges (k + nb, who);
      k = merge_ranges (acc, k, rb, nb, op, out);
      acc = out, fresh = 1;
    }
  if (in_place)
    {
      if (fresh)
        charset_assign (first, acc, k, 1, who);
      return first;
    }
  return fresh ? make_charset (acc, k) : copy_charset (acc, k, who);
}

SCM_DEFINE (scm_char_set_union, "char-set-union", 0, 0, 1, (SCM sets),
            "Return the union of the char-sets @var{sets}.")
{
  return fold_sets (SCM_UNDEFINED, sets, OP_UNION, 0, "char-set-union");
}

SCM_DEFINE (scm_char_set_intersection, "char-set-intersection", 0, 0, 1,
            (SCM sets),
            "Return the intersection of the char-sets @var{sets} (every "
            "character if there are none).")
{
  return fold_sets (SCM_UNDEFINED, sets, OP_INTERSECTION, 0,
                    "char-set-intersection");
}

SCM_DEFINE (scm_char_set_difference, "char-set-difference", 1, 0, 1,
            (SCM cs1, SCM sets),
            "Return the members of the char-set @var{cs1} that are in "
            "none of the char-sets @var{sets}.")
{
  return fold_sets (cs1, sets, OP_DIFFERENCE, 0, "char-set-difference");
}

SCM_DEFINE (scm_char_set_xor, "char-set-xor", 0, 0, 1, (SCM sets),
            "Return the characters that are members of an odd number of "
            "the char-sets @var{sets}.")
{
  return fold_sets (SCM_UNDEFINED, sets, OP_XOR, 0, "char-set-xor");
}

SCM_DEFINE (scm_char_set_union_x, "char-set-union!", 1, 0, 1,
            (SCM cs1, SCM sets),
            "Make the char-set @var{cs1} the union of itself and the "
            "char-sets @var{sets}, and return it.")
{
  return fold_sets (cs1, sets, OP_UNION, 1, "char-set-union!");
}

SCM_DEFINE (scm_char_set_intersection_x, "char-set-intersection!", 1, 0, 1,
            (SCM cs1, SCM sets),
            "Make the char-set @var{cs1} the intersection of itself and "
            "the char-sets @var{sets}, and return it.")
{
  return fold_sets (cs1, sets, OP_INTERSECTION, 1, "char-set-intersection!");
}

SCM_DEFINE (scm_char_set_difference_x, "char-set-difference!", 1, 0, 1,
            (SCM cs1, SCM sets),
            "Remove from the char-set @var{cs1} the members of the "
            "char-sets @var{sets}, and return it.")
{
  return fold_sets (cs1, sets, OP_DIFFERENCE, 1, "char-set-difference!");
}

SCM_DEFINE (scm_char_set_xor_x, "char-set-xor!", 1, 0, 1,
            (SCM cs1, SCM sets),
            "Make the char-set @var{cs1} the exclusive or of itself and "
            "the char-sets @var{sets}, and return it.")
{
  return fold_sets (cs1, sets, OP_XOR, 1, "char-set-xor!");
}

static SCM
diff_intersection (SCM cs1, SCM cs2, SCM sets, int in_place,
                   const char *who)
{
  charset_arg (cs1, 1, who);
  SCM all = SCM_UNBNDP (cs2) ? sets : scm_cons (cs2, sets);
  SCM others = fold_sets (SCM_UNDEFINED, all, OP_UNION, 0, who);
  if (scm_is_null (all))
    others = make_charset (alloc_ranges (0, who), 0);
  uint32_t *d, *i;
  size_t nd = combine (cs1, others, OP_DIFFERENCE, &d, who);
  size_t ni = combine (cs1, others, OP_INTERSECTION, &i, who);
  SCM vals[2];
  if (in_place)
    {
      charset_assign (cs1, d, nd, 1, who);
      charset_assign (cs2, i, ni, 2, who);
      vals[0] = cs1, vals[1] = cs2;
    }
  else
    vals[0] = make_charset (d, nd), vals[1] = make_charset (i, ni);
  return scm_c_values (vals, 2);
}

SCM_DEFINE (scm_char_set_diff_plus_intersection,
            "char-set-diff+intersection", 1, 0, 1, (SCM cs1, SCM sets),
            "Return two values: the members of the char-set @var{cs1} "
            "that are in none of the char-sets @var{sets}, and those "
            "that are in some.")
{
  return diff_intersection (cs1, SCM_UNDEFINED, sets, 0,
                            "char-set-diff+intersection");
}

SCM_DEFINE (scm_char_set_diff_plus_intersection_x,
            "char-set-diff+intersection!", 2, 0, 1,
            (SCM cs1, SCM cs2, SCM sets),
            "Like @code{char-set-diff+intersection}, but store the "
            "difference in @var{cs1} and the intersection in @var{cs2}, "
            "and return them.")
{
  charset_arg (cs2, 2, "char-set-diff+intersection!");
  return diff_intersection (cs1, cs2, sets, 1,
                            "char-set-diff+intersection!");
}

/* ------------------------------------------------------------------ */

void
scm_init_charsets (void)
{
  charset_type = scm_permanent_object
    (scm_make_foreign_object_type (scm_from_utf8_symbol ("char-set"),
                                   scm_list_2 (scm_from_utf8_symbol ("ranges"),
                                               scm_from_utf8_symbol ("flags")),
                                   NULL));
  scm_set_foreign_object_printer (charset_type, charset_print);
  scm_set_foreign_object_equal (charset_type, charset_equal);
  scm_set_foreign_object_hash (charset_type, charset_hash);
  for (unsigned s = 0; s < STD_COUNT; s++)
    {
      scm_t_bits flags = CS_IMMUTABLE | ((scm_t_bits) (s + 1) << CS_STD_SHIFT);
      SCM cs = scm_make_foreign_object_2 (charset_type, NULL,
                                          (void *) (uintptr_t) flags);
      scm_c_define (std_names[s], scm_permanent_object (cs));
    }
#ifndef SCM_MAGIC_SNARFER
# include "values/charsets.x"
#endif
}
