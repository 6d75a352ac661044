/* test-strings.c -- strings: construction, access, mutation and
   widening, immutability, comparison, Unicode case, vectors, UTF-8
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <stdio.h>
#include <string.h>
#include <libscm.h>
#include "tap.h"
#include "calls.h"

SCM_IMMUTABLE_STRING (literal, "immutable");

static void
init_test_strings (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "test-strings.x"
#endif
}

#define C(c) SCM_MAKE_CHAR (c)
#define N(n) SCM_MAKE_FIXNUM (n)
#define S(utf8) scm_from_utf8_string (utf8)
#define T SCM_BOOL_T
#define F SCM_BOOL_F

/* UTF-8 of a few non-ASCII characters.  */
#define LAMBDA "\xce\xbb"       /* U+03BB */
#define SHARP_S "\xc3\x9f"      /* U+00DF */
#define ZHONG "\xe4\xb8\xad"    /* U+4E2D */
#define WEN "\xe6\x96\x87"      /* U+6587 */
#define GRIN "\xf0\x9f\x98\x80" /* U+1F600, past the BMP */
#define E_ACUTE "\xc3\xa9"      /* U+00E9 */

static void
test_construction (void)
{
  ok (scm_is_eq (call ("string?", LIST (S ("a"))), T)
      && scm_is_eq (call ("string?", LIST (C ('a'))), F)
      && scm_is_eq (call ("string?", LIST (literal)), T),
      "string? of a string, a character, a literal");
  ok (is_string (call ("make-string", LIST (N (3), C (0x3bb))),
                 LAMBDA LAMBDA LAMBDA), "(make-string 3 #\\x3bb)");
  ok (is_string (call ("make-string", LIST (N (2))), "  ")
      && is_string (call ("make-string", LIST (N (0), C ('x'))), ""),
      "make-string defaults to spaces; length 0");
  ok (is_string (call ("make-string", LIST (N (2), C (0x1f600))), GRIN GRIN),
      "make-string of an emoji");
  ok (is_string (call ("string", LIST (C ('a'), C (0x3bb), C (0x4e2d),
                                       C (0x1f600))),
                 "a" LAMBDA ZHONG GRIN)
      && is_string (call ("string", SCM_EOL), ""),
      "string of mixed characters; of none");
  ok (is_error (try_call ("string", LIST (C ('a'), N (1))), "wrong-type-arg",
                "string", "wrong type argument in position 2 (expected "
                "character)", N (1)), "string of a non-character");
  ok (is_string (call ("list->string", LIST (LIST (C (0xdf), C ('x')))),
                 SHARP_S "x"), "list->string");
  ok (is_error (try_call ("list->string", LIST (LIST (C ('a'), C ('b'),
                                                      S ("c")))),
                "wrong-type-arg", "list->string",
                "wrong type argument in position 1 (expected a list of "
                "characters; element 2 is not one)", S ("c")),
      "list->string names the bad element");
  ok (is_error (try_call ("list->string", LIST (scm_cons (C ('a'), C ('b')))),
                "wrong-type-arg", "list->string",
                "wrong type argument in position 1 (expected proper list)",
                scm_cons (C ('a'), C ('b'))),
      "list->string of an improper list");
}

static void
test_huge_sizes (void)
{
  SCM r = try_call ("make-string", LIST (N (SCM_MOST_POSITIVE_FIXNUM)));
  ok (is_error (r, "out-of-memory", "make-string",
                "impossible string length 2305843009213693951",
                SCM_UNDEFINED), "make-string of the largest fixnum");
  r = try_call ("make-string", LIST (N ((int64_t) 1 << 48), C (0x3bb)));
  ok (is_error (r, "out-of-memory", "make-string",
                "impossible string length 281474976710656", SCM_UNDEFINED),
      "make-string of 2^48 (past the header's length field)");
  r = try_call ("make-string", LIST (N (((int64_t) 1 << 48) - 1), C ('a')));
  ok (raised && scm_is_condition (r)
      && strcmp (symbol_chars (scm_condition_kind (r)), "out-of-memory") == 0,
      "make-string of 2^48 - 1 bytes: out-of-memory from the GC, caught");
  r = try_call ("make-string", LIST (N (-1)));
  ok (is_error (r, "out-of-range", "make-string",
                "argument out of range in position 1", N (-1)),
      "make-string of -1");
  r = try_call ("make-string", LIST (scm_from_double (2.0)));
  ok (is_error (r, "wrong-type-arg", "make-string",
                "wrong type argument in position 1 (expected exact integer)",
                SCM_UNDEFINED), "make-string of 2.0");
  r = try_call ("make-string", LIST (N (2), S ("a")));
  ok (is_error (r, "wrong-type-arg", "make-string",
                "wrong type argument in position 2 (expected character)",
                S ("a")), "make-string with a string fill");
}

static void
test_access (void)
{
  SCM s = S ("a" LAMBDA ZHONG GRIN);

  ok (scm_is_eq (call ("string-length", LIST (s)), N (4))
      && scm_c_string_length (s) == 4,
      "string-length counts characters, an emoji as one");
  ok (scm_is_eq (call ("string-ref", LIST (s, N (0))), C ('a'))
      && scm_is_eq (call ("string-ref", LIST (s, N (1))), C (0x3bb))
      && scm_is_eq (call ("string-ref", LIST (s, N (2))), C (0x4e2d))
      && scm_is_eq (call ("string-ref", LIST (s, N (3))), C (0x1f600)),
      "string-ref of each character");
  ok (scm_c_string_ref (s, 3) == 0x1f600, "scm_c_string_ref");
  ok (is_error (try_call ("string-ref", LIST (s, N (4))), "out-of-range",
                "string-ref", "argument out of range in position 2", N (4)),
      "string-ref at the length");
  ok (is_error (try_call ("string-ref", LIST (s, N (-1))), "out-of-range",
                "string-ref", "argument out of range in position 2", N (-1)),
      "string-ref at -1");
  ok (is_error (try_call ("string-ref", LIST (S (""), N (0))), "out-of-range",
                "string-ref", "argument out of range in position 2", N (0)),
      "string-ref of the empty string");
  ok (is_error (try_call ("string-ref", LIST (s, C ('a'))), "wrong-type-arg",
                "string-ref", "wrong type argument in position 2 "
                "(expected exact integer)", C ('a')),
      "string-ref with a character index");
  ok (is_error (try_call ("string-length", LIST (N (3))), "wrong-type-arg",
                "string-length", "wrong type argument in position 1 "
                "(expected string)", N (3)), "string-length of 3");
}

static void
test_set_and_widen (void)
{
  SCM s = call ("make-string", LIST (N (3), C ('x')));
  SCM l = S (SHARP_S "ok");

  call ("string-set!", LIST (s, N (1), C (0xe9)));
  ok (is_string (s, "x" E_ACUTE "x"), "string-set! of a Latin-1 character");
  call ("string-set!", LIST (s, N (0), C (0x3bb)));
  ok (is_string (s, LAMBDA E_ACUTE "x"),
      "string-set! of lambda widens, keeping the other characters");
  call ("string-set!", LIST (s, N (2), C (0x1f600)));
  ok (is_string (s, LAMBDA E_ACUTE GRIN)
      && scm_is_eq (call ("string-length", LIST (s)), N (3)),
      "string-set! of an emoji into the wide string");
  call ("string-set!", LIST (s, N (0), C ('y')));
  ok (is_string (s, "y" E_ACUTE GRIN), "a narrow character into it");
  call ("string-set!", LIST (l, N (0), C (0x1e9e)));
  ok (is_string (l, "\xe1\xba\x9e" "ok"),
      "string-set! on a string from scm_from_utf8_string");
  ok (is_error (try_call ("string-set!", LIST (s, N (3), C ('z'))),
                "out-of-range", "string-set!",
                "argument out of range in position 2", N (3)),
      "string-set! past the end");
  ok (is_error (try_call ("string-set!", LIST (s, N (0), N (0))),
                "wrong-type-arg", "string-set!",
                "wrong type argument in position 3 (expected character)",
                N (0)), "string-set! of a non-character");
}

static void
test_immutable (void)
{
  ok (scm_is_immutable_string (literal) && !scm_is_immutable_string (S ("x"))
      && !scm_is_immutable_string (N (1)),
      "SCM_IMMUTABLE_STRING is immutable, scm_from_utf8_string is not");
  ok (is_error (try_call ("string-set!", LIST (literal, N (0), C ('I'))),
                "wrong-type-arg", "string-set!",
                "cannot modify an immutable string", literal),
      "string-set! on a literal");
  ok (is_error (try_call ("string-fill!", LIST (literal, C ('x'))),
                "wrong-type-arg", "string-fill!",
                "cannot modify an immutable string", literal),
      "string-fill! on a literal");
  ok (is_error (try_call ("string-copy!", LIST (literal, N (0), S ("ab"))),
                "wrong-type-arg", "string-copy!",
                "cannot modify an immutable string", literal),
      "string-copy! into a literal");
  ok (is_string (literal, "immutable"), "the literal is unchanged");
  SCM copy = call ("string-copy", LIST (literal));
  call ("string-set!", LIST (copy, N (0), C ('I')));
  ok (is_string (copy, "Immutable") && !scm_is_immutable_string (copy),
      "string-copy of a literal is mutable");
  SCM r = call ("string-copy!", LIST (S ("xxxxxxxxx"), N (0), literal));
  ok (scm_is_unspecified (r), "a literal may be the source of string-copy!");
}

static void
test_substrings (void)
{
  SCM s = S ("a" LAMBDA "b" GRIN "c");

  ok (is_string (call ("substring", LIST (s, N (1), N (4))),
                 LAMBDA "b" GRIN)
      && is_string (call ("substring", LIST (s, N (2), N (2))), ""),
      "substring of a wide string; empty");
  ok (is_string (call ("string-copy", LIST (s)), "a" LAMBDA "b" GRIN "c")
      && is_string (call ("string-copy", LIST (s, N (3))), GRIN "c")
      && is_string (call ("string-copy", LIST (s, N (0), N (1))), "a"),
      "string-copy with no, one and two bounds");
  ok (!scm_is_eq (call ("string-copy", LIST (s)), s),
      "string-copy makes a new string");
  ok (is_error (try_call ("substring", LIST (s, N (3), N (2))),
                "out-of-range", "substring",
                "argument out of range in position 2", N (3)),
      "substring with start > end: start out of range");
  ok (is_error (try_call ("substring", LIST (s, N (0), N (6))),
                "out-of-range", "substring",
                "argument out of range in position 3", N (6)),
      "substring with end past the length: end out of range");
  ok (is_error (try_call ("string-copy", LIST (s, N (6))),
                "out-of-range", "string-copy",
                "argument out of range in position 2", N (6)),
      "string-copy with start past the length");
  ok (is_error (try_call ("string-copy", LIST (s, N (0), N (-2))),
                "out-of-range", "string-copy",
                "argument out of range in position 3", N (-2)),
      "string-copy with a negative end");
  ok (is_string (call ("string-append", LIST (S ("ab"), S (LAMBDA),
                                              S (""), S (GRIN "z"))),
                 "ab" LAMBDA GRIN "z")
      && is_string (call ("string-append", SCM_EOL), "")
      && is_string (call ("string-append", LIST (S ("x"), S ("y"))), "xy"),
      "string-append: narrow and wide; none; narrow only");
  ok (is_error (try_call ("string-append", LIST (S ("a"), S ("b"), C ('c'))),
                "wrong-type-arg", "string-append",
                "wrong type argument in position 3 (expected string)",
                C ('c')), "string-append of a character");
  ok (scm_is_equal (call ("string->list", LIST (s)),
                    LIST (C ('a'), C (0x3bb), C ('b'), C (0x1f600), C ('c')))
      && scm_is_equal (call ("string->list", LIST (s, N (3))),
                       LIST (C (0x1f600), C ('c')))
      && scm_is_null (call ("string->list", LIST (s, N (2), N (2)))),
      "string->list with bounds");
  ok (is_error (try_call ("string->list", LIST (s, N (1), N (9))),
                "out-of-range", "string->list",
                "argument out of range in position 3", N (9)),
      "string->list with end out of range");
}

static void
test_fill_and_copy (void)
{
  SCM s = S ("abcde");
  SCM a, b;

  call ("string-fill!", LIST (s, C ('z'), N (1), N (3)));
  ok (is_string (s, "azzde"), "string-fill! of a range");
  call ("string-fill!", LIST (s, C (0x3bb), N (4)));
  ok (is_string (s, "azzd" LAMBDA), "string-fill! with start only, widening");
  call ("string-fill!", LIST (s, C ('q')));
  ok (is_string (s, "qqqqq"), "string-fill! of the whole (wide) string");
  ok (is_error (try_call ("string-fill!", LIST (s, C ('q'), N (2), N (6))),
                "out-of-range", "string-fill!",
                "argument out of range in position 4", N (6)),
      "string-fill! with end out of range");
  ok (is_error (try_call ("string-fill!", LIST (s, S ("q"))),
                "wrong-type-arg", "string-fill!",
                "wrong type argument in position 2 (expected character)",
                S ("q")), "string-fill! with a string");

  /* The R7RS example.  */
  a = S ("12345");
  b = call ("string-copy", LIST (S ("abcde")));
  call ("string-copy!", LIST (b, N (1), a, N (0), N (2)));
  ok (is_string (b, "a12de"), "(string-copy! b 1 a 0 2) gives \"a12de\"");
  call ("string-copy!", LIST (b, N (0), b, N (1)));
  ok (is_string (b, "12dee"), "string-copy! within a string, leftwards");
  call ("string-copy!", LIST (b, N (1), b, N (0), N (4)));
  ok (is_string (b, "112de"), "string-copy! within a string, rightwards");
  b = S ("abcdef");
  call ("string-copy!", LIST (b, N (2), S ("x" LAMBDA GRIN), N (1)));
  ok (is_string (b, "ab" LAMBDA GRIN "ef"),
      "string-copy! of wide characters widens the target");
  call ("string-copy!", LIST (b, N (1), b, N (2), N (4)));
  ok (is_string (b, "a" LAMBDA GRIN GRIN "ef"),
      "string-copy! overlapping within a wide string");
  b = S ("abc");
  call ("string-copy!", LIST (b, N (0), S (LAMBDA "xy"), N (1)));
  ok (is_string (b, "xyc"), "narrow characters of a wide source");
  call ("string-copy!", LIST (b, N (3), S ("")));
  ok (is_string (b, "xyc"), "string-copy! of nothing at the end");
  ok (is_error (try_call ("string-copy!", LIST (b, N (2), S ("12"))),
                "out-of-range", "string-copy!",
                "argument out of range in position 2", N (2)),
      "string-copy! that would run past the end: at out of range");
  ok (is_error (try_call ("string-copy!", LIST (b, N (4), S (""))),
                "out-of-range", "string-copy!",
                "argument out of range in position 2", N (4)),
      "string-copy! at past the length");
  ok (is_error (try_call ("string-copy!", LIST (b, N (0), S ("12"), N (3))),
                "out-of-range", "string-copy!",
                "argument out of range in position 4", N (3)),
      "string-copy! with start past the source");
  ok (is_error (try_call ("string-copy!", LIST (b, N (0), S ("12"), N (1),
                                                N (0))),
                "out-of-range", "string-copy!",
                "argument out of range in position 4", N (1)),
      "string-copy! with start > end");
  ok (is_error (try_call ("string-copy!", LIST (b, N (0), C ('x'))),
                "wrong-type-arg", "string-copy!",
                "wrong type argument in position 3 (expected string)",
                C ('x')), "string-copy! from a character");
  ok (is_string (b, "xyc"), "failed string-copy! calls changed nothing");
}

static void
test_vectors (void)
{
  SCM s = S ("a" LAMBDA GRIN);
  SCM v = call ("string->vector", LIST (s));

  ok (scm_is_vector (v) && scm_c_vector_length (v) == 3
      && scm_is_eq (scm_c_vector_ref (v, 0), C ('a'))
      && scm_is_eq (scm_c_vector_ref (v, 1), C (0x3bb))
      && scm_is_eq (scm_c_vector_ref (v, 2), C (0x1f600)),
      "string->vector");
  v = call ("string->vector", LIST (s, N (1), N (2)));
  ok (scm_is_vector (v) && scm_c_vector_length (v) == 1
      && scm_is_eq (scm_c_vector_ref (v, 0), C (0x3bb)),
      "string->vector with bounds");
  ok (is_error (try_call ("string->vector", LIST (s, N (4))),
                "out-of-range", "string->vector",
                "argument out of range in position 2", N (4)),
      "string->vector with start out of range");
  v = scm_vector (LIST (C ('x'), C (0x4e2d), C (0x6587), C ('y')));
  ok (is_string (call ("vector->string", LIST (v)), "x" ZHONG WEN "y")
      && is_string (call ("vector->string", LIST (v, N (1), N (3))),
                    ZHONG WEN)
      && is_string (call ("vector->string", LIST (v, N (3))), "y"),
      "vector->string with no, two and one bounds");
  ok (is_error (try_call ("vector->string", LIST (v, N (0), N (5))),
                "out-of-range", "vector->string",
                "argument out of range in position 3", N (5)),
      "vector->string with end out of range");
  v = scm_vector (LIST (C ('x'), N (7)));
  ok (is_error (try_call ("vector->string", LIST (v)),
                "wrong-type-arg", "vector->string",
                "wrong type argument in position 1 (expected a vector of "
                "characters; element 1 is not one)", N (7)),
      "vector->string names the bad element");
  ok (is_string (call ("vector->string", LIST (v, N (0), N (1))), "x"),
      "vector->string looks only at its range");
  ok (is_error (try_call ("vector->string", LIST (S ("x"))),
                "wrong-type-arg", "vector->string",
                "wrong type argument in position 1 (expected vector)",
                S ("x")), "vector->string of a string");
}

/* (NAME ARGS...) is #t if WANT, else #f.  */
static int
compares (const char *name, SCM args, int want)
{
  SCM r = call (name, args);
  if (scm_is_eq (r, want ? T : F))
    return 1;
  diag ("%s: got %s", name, scm_is_eq (r, T) ? "#t" : "not #t");
  return 0;
}

static void
test_comparisons (void)
{
  ok (compares ("string=?", LIST (S ("abc"), S ("abc")), 1)
      && compares ("string=?", LIST (S (LAMBDA), S (LAMBDA), S (LAMBDA)), 1)
      && compares ("string=?", LIST (S ("abc"), S ("abc"), S ("abd")), 0)
      && compares ("string=?", LIST (S ("abc"), S ("ab")), 0)
      && compares ("string=?", LIST (S (""), S ("")), 1),
      "string=? with two and three arguments");
  ok (compares ("string=?", LIST (literal, S ("immutable")), 1),
      "string=? of a literal and an equal heap string");
  SCM w = S (LAMBDA "b");
  call ("string-set!", LIST (w, N (0), C ('a')));
  ok (compares ("string=?", LIST (w, S ("ab")), 1),
      "string=? of a wide and a narrow string, same characters");
  ok (compares ("string<?", LIST (S ("abc"), S ("abd"), S ("b")), 1)
      && compares ("string<?", LIST (S ("ab"), S ("abc")), 1)
      && compares ("string<?", LIST (S ("abc"), S ("ab")), 0)
      && compares ("string<?", LIST (S ("a"), S ("a")), 0)
      && compares ("string<?", LIST (S ("a"), S ("c"), S ("b")), 0),
      "string<?: prefixes sort first; strict");
  ok (compares ("string<?", LIST (S ("z"), S (E_ACUTE), S (LAMBDA),
                                  S (ZHONG), S (GRIN)), 1)
      && compares ("string<?", LIST (S ("a" GRIN), S ("a" ZHONG)), 0),
      "string<? by scalar value across narrow and wide, past the BMP");
  ok (compares ("string>?", LIST (S ("b"), S ("abc"), S ("ab")), 1)
      && compares ("string>?", LIST (S ("b"), S ("b")), 0)
      && compares ("string<=?", LIST (S ("a"), S ("a"), S ("b")), 1)
      && compares ("string<=?", LIST (S ("b"), S ("a")), 0)
      && compares ("string>=?", LIST (S ("b"), S ("b"), S ("a")), 1)
      && compares ("string>=?", LIST (S ("a"), S ("b")), 0),
      "string>? string<=? string>=?");
  ok (is_error (try_call ("string<?", LIST (S ("b"), S ("a"), C ('c'))),
                "wrong-type-arg", "string<?",
                "wrong type argument in position 3 (expected string)",
                C ('c')),
      "string<? checks every argument even once the answer is known");
  ok (is_error (try_call ("string=?", LIST (N (1), S ("a"))),
                "wrong-type-arg", "string=?",
                "wrong type argument in position 1 (expected string)",
                N (1)), "string=? of a number");

  ok (compares ("string-ci=?", LIST (S ("Hello"), S ("hELLO"), S ("hello")),
                1)
      && compares ("string-ci=?", LIST (S ("Hello"), S ("Help")), 0),
      "string-ci=? of ASCII");
  ok (compares ("string-ci=?", LIST (S ("Stra" SHARP_S "e"), S ("STRASSE"),
                                     S ("strasse")), 1),
      "string-ci=?: Strasse with sharp s equals STRASSE (full folding)");
  ok (compares ("string-ci=?", LIST (S ("\xce\xa7\xce\x91\xce\x9f\xce\xa3"),
                                     S ("\xcf\x87\xce\xb1\xce\xbf\xcf\x82")),
                1),
      "string-ci=?: Greek capitals and final sigma");
  ok (compares ("string-ci<?", LIST (S ("apple"), S ("BANANA"), S ("cherry")),
                1)
      && compares ("string-ci<?", LIST (S ("B"), S ("a")), 0)
      && compares ("string-ci>?", LIST (S ("b"), S ("A")), 1)
      && compares ("string-ci<=?", LIST (S ("A"), S ("a"), S ("B")), 1)
      && compares ("string-ci>=?", LIST (S ("b"), S ("B"), S ("a")), 1)
      && compares ("string-ci>=?", LIST (S ("a"), S ("B")), 0),
      "string-ci<? string-ci>? string-ci<=? string-ci>=?");
  ok (is_error (try_call ("string-ci=?", LIST (S ("a"), S ("b"), N (3))),
                "wrong-type-arg", "string-ci=?",
                "wrong type argument in position 3 (expected string)",
                N (3)), "string-ci=? type error in position 3");
}

static void
test_case (void)
{
  SCM r;

  ok (is_string (call ("string-upcase", LIST (S ("Hello, World 1"))),
                 "HELLO, WORLD 1")
      && is_string (call ("string-downcase", LIST (S ("Hello, World 1"))),
                    "hello, world 1")
      && is_string (call ("string-foldcase", LIST (S ("Hello"))), "hello"),
      "ASCII case");
  ok (is_string (call ("string-upcase", LIST (S ("stra" SHARP_S "e"))),
                 "STRASSE"),
      "string-upcase of strasse with sharp s is STRASSE (longer)");
  ok (is_string (call ("string-upcase", LIST (S (LAMBDA "x" ZHONG GRIN))),
                 "\xce\x9b" "X" ZHONG GRIN),
      "string-upcase: lambda, x, CJK and emoji");
  ok (is_string (call ("string-upcase", LIST (S ("\xef\xac\x81"))), "FI"),
      "string-upcase of the fi ligature is FI");
  ok (is_string (call ("string-upcase", LIST (S ("\xc3\xbf"))), "\xc5\xb8"),
      "string-upcase of y-diaeresis leaves Latin-1");
  ok (is_string (call ("string-downcase",
                       LIST (S ("\xce\xa7\xce\x91\xce\x9f\xce\xa3"))),
                 "\xcf\x87\xce\xb1\xce\xbf\xcf\x82"),
      "string-downcase of CHAOS in Greek ends in final sigma");
  ok (is_string (call ("string-downcase",
                       LIST (S ("\xce\xa3\xce\x91 \xce\xa3\xce\x91\xce\xa3"))),
                 "\xcf\x83\xce\xb1 \xcf\x83\xce\xb1\xcf\x82"),
      "string-downcase: sigma is final only at a word's end");
  ok (is_string (call ("string-downcase", LIST (S ("\xc4\xb0"))),
                 "i\xcc\x87"),
      "string-downcase of dotted capital I is i + combining dot (longer)");
  ok (is_string (call ("string-foldcase",
                       LIST (S ("\xce\xa7\xce\x91\xce\x9f\xce\xa3"))),
                 "\xcf\x87\xce\xb1\xce\xbf\xcf\x83"),
      "string-foldcase of CHAOS in Greek: no final sigma");
  ok (is_string (call ("string-foldcase", LIST (S ("Stra" SHARP_S "e"))),
                 "strasse"),
      "string-foldcase of sharp s is ss");
  ok (is_string (call ("string-upcase", LIST (S (""))), "")
      && is_string (call ("string-foldcase", LIST (S (""))), ""),
      "case of the empty string");
  SCM lower = S ("already");
  r = call ("string-foldcase", LIST (lower));
  ok (is_string (r, "already") && !scm_is_eq (r, lower),
      "string-foldcase returns a new string even when nothing changes");
  r = call ("string-upcase", LIST (literal));
  call ("string-set!", LIST (r, N (0), C ('i')));
  ok (is_string (r, "iMMUTABLE"), "string-upcase of a literal is mutable");
  ok (is_error (try_call ("string-upcase", LIST (C ('a'))),
                "wrong-type-arg", "string-upcase",
                "wrong type argument in position 1 (expected string)",
                C ('a')), "string-upcase of a character");
}

struct bytes { const char *bytes; size_t len; };

static SCM
utf8_body (void *data)
{
  struct bytes *b = data;
  return scm_from_utf8_stringn (b->bytes, b->len);
}

/* Nonzero if decoding BYTES[0..LEN) (LEN -1: NUL-terminated) raises a
   decoding error at byte AT.  */
static int
bad_utf8n (const char *bytes, size_t len, size_t at)
{
  char message[64];
  struct bytes b = { bytes, len };
  SCM r = try_c (utf8_body, &b);
  snprintf (message, sizeof message, "invalid UTF-8 at byte %zu", at);
  return is_error (r, "decoding-error", "scm_from_utf8_stringn", message,
                   SCM_UNDEFINED);
}

static int
bad_utf8 (const char *bytes, size_t at)
{
  return bad_utf8n (bytes, (size_t) -1, at);
}

static SCM
utf32_body (void *data)
{
  return scm_from_utf32_stringn (data, 3);
}

static void
test_utf8 (void)
{
  const char *text = "a" LAMBDA SHARP_S " " ZHONG WEN " " GRIN;
  SCM s = scm_from_utf8_string (text);
  size_t len = 0;
  char *back = scm_to_utf8_stringn (s, &len);

  ok (scm_c_string_length (s) == 8 && scm_c_string_ref (s, 1) == 0x3bb
      && scm_c_string_ref (s, 2) == 0xdf && scm_c_string_ref (s, 4) == 0x4e2d
      && scm_c_string_ref (s, 7) == 0x1f600,
      "UTF-8 decodes: 1-, 2-, 3- and 4-byte sequences");
  ok (len == strlen (text) && strcmp (back, text) == 0,
      "UTF-8 round trip, length %zu bytes", len);
  s = scm_from_utf8_stringn ("a\0b", 3);
  back = scm_to_utf8_stringn (s, &len);
  ok (scm_c_string_length (s) == 3 && scm_c_string_ref (s, 1) == 0
      && len == 3 && memcmp (back, "a\0b", 4) == 0,
      "an embedded NUL with an explicit length survives the round trip");
  ok (bad_utf8n ("abc" LAMBDA, 4, 3), "a sequence cut by LEN is invalid");
  ok (bad_utf8 ("\xc0\x80", 0), "overlong NUL (C0 80) is invalid");
  ok (bad_utf8 ("ab\xe0\x80\xaf", 2), "overlong slash (E0 80 AF) is invalid");
  ok (bad_utf8 ("x\xed\xa0\x80", 1), "a UTF-8 surrogate (ED A0 80) is invalid");
  ok (bad_utf8 ("\xf4\x90\x80\x80", 0), "past U+10FFFF (F4 90 80 80)");
  ok (bad_utf8 (LAMBDA "\xe4\xb8", 2), "truncated at the end");
  ok (bad_utf8 ("\xff", 0) && bad_utf8 ("a\x80", 1),
      "FF and a lone continuation byte are invalid");

  s = scm_from_latin1_string ("caf\xe9");
  back = scm_to_utf8_stringn (s, NULL);
  ok (scm_c_string_length (s) == 4 && scm_c_string_ref (s, 3) == 0xe9
      && strcmp (back, "caf" E_ACUTE) == 0, "Latin-1 in, UTF-8 out");
  static const uint32_t ucs4[] = { 0x3bb, 'x', 0x10ffff };
  s = scm_from_utf32_stringn (ucs4, 3);
  ok (scm_c_string_length (s) == 3 && scm_c_string_ref (s, 2) == 0x10ffff
      && strcmp (scm_to_utf8_stringn (s, NULL),
                 LAMBDA "x\xf4\x8f\xbf\xbf") == 0, "UTF-32 in, UTF-8 out");
  static const uint32_t bad32[] = { 'a', 0xd800, 'b' };
  ok (is_error (try_c (utf32_body, (void *) bad32), "decoding-error",
                "scm_from_utf32_stringn",
                "invalid UTF-32 at index 1: #xd800", SCM_UNDEFINED),
      "UTF-32 with a surrogate is a decoding error");
}

int
main (void)
{
  scm_init ();
  init_test_strings ();
  test_construction ();
  test_huge_sizes ();
  test_access ();
  test_set_and_widen ();
  test_immutable ();
  test_substrings ();
  test_fill_and_copy ();
  test_vectors ();
  test_comparisons ();
  test_case ();
  test_utf8 ();
  return tap_done ();
}
