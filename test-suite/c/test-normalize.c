/* test-normalize.c -- the Unicode normalizations, done in pieces that
   poll for interrupts, give what one libunistring call gives
   SPDX-License-Identifier: LGPL-3.0-or-later

   string-normalize-nfc and the others cut a long string before
   characters where a cut is known to change nothing (strings.c,
   normalization_boundary), normalize the pieces and join them.  The
   oracle here is u32_normalize on the whole string.  The strings are
   long (several pieces of 16,384 characters) and mix what can go
   wrong at a cut: combining marks to reorder, letters they compose
   with, Hangul jamo and syllables that compose with what follows,
   kana and voicing marks, singletons, characters whose decomposition
   begins with a combining mark (U+0344, U+0F73), compatibility
   decompositions up to 18 characters long (U+FDFA), Indic vowel signs
   that compose with a vowel before them, and runs with no place to cut
   longer than a piece.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uninorm.h>
#include <libscm.h>
#include "tap.h"

static const uint32_t palette[] = {
  'a', 'e', 'o', 'A', 'x', ' ', 0xE9, 0xC5, 0xA8, 0xB4, 0x1E9B,
  0x300, 0x301, 0x308, 0x323, 0x327, 0x31B, 0x345, 0x344, 0x340, 0x306,
  0x3B1, 0x3C9, 0x386, 0x390, 0x374, 0x418, 0x439, 0x483, 0x488,
  0x1100, 0x1112, 0x1161, 0x1175, 0x11A8, 0x11C2, 0xAC00, 0xAC01, 0xD7A3,
  0x304B, 0x3099, 0x309A, 0x30AB, 0x30F4, 0x4E00, 0xF900, 0x2126, 0x212B,
  0xFB01, 0xFDFA, 0xF73, 0xF71, 0xF72, 0xB47, 0xB3E, 0xB57, 0x915, 0x93C,
  0xCC6, 0xCC2, 0xCD5, 0x1D15E, 0x1D165, 0x1D16E, 0x2FA1D,
};
#define PALETTE (sizeof palette / sizeof palette[0])

static unsigned long seed = 12345;

static unsigned long
below (unsigned long n)
{
  seed = seed * 6364136223846793005UL + 1442695040888963407UL;
  return (seed >> 33) % n;
}

/* LEN characters: random from the palette, with stretches of one
   kind (all combining marks, all jamo, all ASCII) now and then.  */
static uint32_t *
random_text (size_t len)
{
  uint32_t *t = malloc (len * sizeof *t);
  for (size_t i = 0; i < len;)
    {
      size_t run = 1 + below (below (10) == 0 ? 3000 : 8);
      int kind = (int) below (4);
      for (size_t k = 0; k < run && i < len; k++, i++)
        switch (kind)
          {
          case 0: t[i] = 0x300 + (uint32_t) below (0x70); break;
          case 1: t[i] = 0x1100 + (uint32_t) below (0x100); break;
          case 2: t[i] = 'a' + (uint32_t) below (26); break;
          default: t[i] = palette[below (PALETTE)]; break;
          }
    }
  return t;
}

/* Nonzero if the library's form of T agrees with u32_normalize's.  */
static int
same_as_libunistring (const uint32_t *t, size_t len, uninorm_t nf,
                      SCM (*form) (SCM), const char *name)
{
  size_t want_len;
  uint32_t *want = u32_normalize (nf, t, len, NULL, &want_len);
  SCM got = form (scm_from_utf32_stringn (t, len));
  size_t got_len = scm_c_string_length (got);
  int same = got_len == want_len;
  for (size_t i = 0; same && i < want_len; i++)
    if (scm_c_string_ref (got, i) != want[i])
      {
        printf ("# %s: character %zu is U+%04X, not U+%04X\n", name, i,
                (unsigned) scm_c_string_ref (got, i), (unsigned) want[i]);
        same = 0;
      }
  if (got_len != want_len)
    printf ("# %s: %zu characters, not %zu\n", name, got_len, want_len);
  free (want);
  return same;
}

struct form
{
  uninorm_t nf;
  SCM (*fn) (SCM);
  const char *name;
};

int
main (void)
{
  scm_init ();
  const struct form forms[] = {
    { UNINORM_NFC, scm_string_normalize_nfc, "NFC" },
    { UNINORM_NFD, scm_string_normalize_nfd, "NFD" },
    { UNINORM_NFKC, scm_string_normalize_nfkc, "NFKC" },
    { UNINORM_NFKD, scm_string_normalize_nfkd, "NFKD" },
  };
  for (size_t f = 0; f < 4; f++)
    {
      int bad = 0;
      for (int k = 0; k < 6; k++)
        {
          size_t len = 20000 + below (60000);
          uint32_t *t = random_text (len);
          bad += !same_as_libunistring (t, len, forms[f].nf, forms[f].fn,
                                        forms[f].name);
          free (t);
        }
      ok (bad == 0, "%s of long mixed text is libunistring's, in pieces",
          forms[f].name);
    }

  /* A run with no place to cut, longer than a piece: a letter and
     40,000 marks in an order to sort, between plain text.  */
  size_t len = 50000;
  uint32_t *t = malloc (len * sizeof *t);
  for (size_t i = 0; i < len; i++)
    t[i] = i < 5000 || i >= 45000 ? 0xE9 : i == 5000 ? 'o'
      : (i % 3 == 0 ? 0x301 : i % 3 == 1 ? 0x323 : 0x31B);
  int bad = 0;
  for (size_t f = 0; f < 4; f++)
    bad += !same_as_libunistring (t, len, forms[f].nf, forms[f].fn,
                                  forms[f].name);
  ok (bad == 0, "a run of 40,000 combining marks with no place to cut");
  free (t);

  /* Every character of the palette after every other, repeated past
     a piece: each pair meets a cut somewhere.  */
  len = 0;
  t = malloc (PALETTE * PALETTE * 2 * 8 * sizeof *t);
  for (int r = 0; r < 8; r++)
    for (size_t i = 0; i < PALETTE; i++)
      for (size_t j = 0; j < PALETTE; j++)
        {
          t[len++] = palette[i];
          t[len++] = palette[j];
        }
  bad = 0;
  for (size_t f = 0; f < 4; f++)
    bad += !same_as_libunistring (t, len, forms[f].nf, forms[f].fn,
                                  forms[f].name);
  ok (bad == 0, "every pair of the palette's characters, %zu characters",
      len);
  free (t);
  return tap_done ();
}
