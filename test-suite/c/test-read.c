/* test-read.c -- the reader: every R7RS syntax, errors, depth, positions
   SPDX-License-Identifier: LGPL-3.0-or-later

   Data read are checked through show (), a small printer of this file's
   own that writes the exact structure (so the tests do not depend on the
   library's printer), and by identity where it matters (eq? of labels,
   interned symbols).  */

#define GC_THREADS 1
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <gc/gc.h>
#include <libscm.h>
#include "tap.h"

/* libscm.h brings libgc's redirection of pthread_create and
   pthread_join to its wrappers: the threads of this test are plain
   ones, which scm_init registers.  */
#undef pthread_create
#undef pthread_join

/* ------------------------------------------------------------------ */
/* A growable C string and a structural printer.  */

struct buf { char *s; size_t len, cap; };

static void
put (struct buf *b, const char *s)
{
  size_t n = strlen (s);
  if (b->len + n + 1 > b->cap)
    {
      b->cap = (b->len + n + 1) * 2;
      b->s = GC_REALLOC (b->s, b->cap);
    }
  memcpy (b->s + b->len, s, n + 1);
  b->len += n;
}

static void
put_code (struct buf *b, uint32_t c, int in_string)
{
  char tmp[16];
  if (c >= 0x21 && c < 0x7f && c != '\\' && c != '"' && c != '|')
    snprintf (tmp, sizeof tmp, "%c", (char) c);
  else if (c == ' ' && in_string)
    snprintf (tmp, sizeof tmp, " ");
  else
    snprintf (tmp, sizeof tmp, "\\x%x;", (unsigned) c);
  put (b, tmp);
}

static void show_into (struct buf *b, SCM x);

static void
show_name (struct buf *b, SCM str, int bars)
{
  size_t n = scm_c_string_length (str);
  if (bars)
    put (b, "|");
  for (size_t i = 0; i < n; i++)
    put_code (b, scm_c_string_ref (str, i), 0);
  if (bars)
    put (b, "|");
}

static void
show_seq (struct buf *b, SCM x)
{
  put (b, "(");
  show_into (b, SCM_CAR (x));
  for (x = SCM_CDR (x); scm_is_pair (x); x = SCM_CDR (x))
    {
      put (b, " ");
      show_into (b, SCM_CAR (x));
    }
  if (!scm_is_null (x))
    {
      put (b, " . ");
      show_into (b, x);
    }
  put (b, ")");
}

/* Symbols print bare when they are plain ASCII words, else in bars with
   every other character as \xHEX;.  */
static void
show_into (struct buf *b, SCM x)
{
  char tmp[64];
  if (scm_is_pair (x))
    show_seq (b, x);
  else if (scm_is_null (x))
    put (b, "()");
  else if (scm_is_eq (x, SCM_BOOL_T))
    put (b, "#t");
  else if (scm_is_eq (x, SCM_BOOL_F))
    put (b, "#f");
  else if (scm_is_eq (x, SCM_EOF_VAL))
    put (b, "#<eof>");
  else if (SCM_FIXNUM_P (x))
    {
      snprintf (tmp, sizeof tmp, "%lld", (long long) SCM_FIXNUM_VALUE (x));
      put (b, tmp);
    }
  else if (scm_is_flonum (x))
    {
      snprintf (tmp, sizeof tmp, "%g", SCM_FLONUM_VALUE (x));
      put (b, tmp);
    }
  else if (SCM_CHARP (x))
    {
      put (b, "#\\");
      put_code (b, SCM_CHAR (x), 0);
    }
  else if (scm_is_string (x))
    {
      put (b, "\"");
      size_t n = scm_c_string_length (x);
      for (size_t i = 0; i < n; i++)
        put_code (b, scm_c_string_ref (x, i), 1);
      put (b, "\"");
    }
  else if (scm_is_symbol (x))
    {
      SCM name = scm_symbol_to_string (x);
      size_t n = scm_c_string_length (name);
      int plain = n > 0;
      for (size_t i = 0; i < n; i++)
        {
          uint32_t c = scm_c_string_ref (name, i);
          plain &= c > 0x20 && c < 0x7f && !strchr ("|\\()\"; ", (int) c);
        }
      show_name (b, name, !plain);
    }
  else if (scm_is_keyword (x))
    {
      put (b, "#:");
      show_into (b, scm_keyword_to_symbol (x));
    }
  else if (scm_is_vector (x))
    {
      size_t n = scm_c_vector_length (x);
      put (b, "#(");
      for (size_t i = 0; i < n; i++)
        {
          if (i > 0)
            put (b, " ");
          show_into (b, scm_c_vector_ref (x, i));
        }
      put (b, ")");
    }
  else
    put (b, "#<other>");
}

static const char *
show (SCM x)
{
  struct buf b = { NULL, 0, 0 };
  put (&b, "");
  show_into (&b, x);
  return b.s;
}

/* SRC with line ends and tabs escaped, cut short, for test names.  */
static const char *
printable (const char *src)
{
  struct buf b = { NULL, 0, 0 };
  put (&b, "");
  for (size_t n = 0; *src; src++, n++)
    if (n == 60)
      {
        put (&b, "...");
        break;
      }
    else
      put (&b, *src == '\n' ? "\\n" : *src == '\t' ? "\\t"
         : *src == '\r' ? "\\r" : (char[]) { *src, 0 });
  return b.s;
}

/* ------------------------------------------------------------------ */
/* Reading under a catch.  */

struct attempt
{
  SCM port;
  SCM raised;                   /* what was raised, or #<undefined> */
};

static SCM
read_body (void *data)
{
  return scm_read (((struct attempt *) data)->port);
}

static SCM
read_handler (void *data, SCM obj)
{
  ((struct attempt *) data)->raised = obj;
  return SCM_UNDEFINED;
}

/* Read the next datum of PORT; *RAISED gets what was raised, if
   anything (else #<undefined>).  */
static SCM
try_read (SCM port, SCM *raised)
{
  struct attempt a = { port, SCM_UNDEFINED };
  SCM v = scm_c_catch_raise (read_body, &a, read_handler, &a);
  *raised = a.raised;
  return v;
}

static const char *
message_of (SCM raised)
{
  if (SCM_UNBNDP (raised))
    return "(nothing raised)";
  if (!scm_is_condition (raised))
    return "(a non-condition was raised)";
  return scm_to_utf8_stringn (scm_error_object_message (raised), NULL);
}

/* SRC reads as the datum that show () writes as WANT.  */
static void
check_read (const char *src, const char *want)
{
  SCM raised;
  SCM v = try_read (scm_c_open_input_string (src), &raised);
  const char *got = SCM_UNBNDP (raised) ? show (v) : message_of (raised);
  ok_streq (got, want, "read %s", printable (src));
}

/* Reading SRC raises a read error whose message starts with WHERE and
   contains WHAT.  */
static SCM
check_error_port (SCM port, const char *src, const char *where,
                  const char *what)
{
  SCM raised;
  (void) try_read (port, &raised);
  const char *msg = message_of (raised);
  int good = !SCM_UNBNDP (raised)
    && scm_is_true (scm_read_error_p (raised))
    && strncmp (msg, where, strlen (where)) == 0 && strstr (msg, what);
  ok (good, "read error for %s at %s %s", printable (src), where, what);
  if (!good)
    diag ("got: %s", msg);
  return port;
}

static SCM
check_error (const char *src, const char *where, const char *what)
{
  return check_error_port (scm_c_open_input_string (src), src, where, what);
}

/* ------------------------------------------------------------------ */
/* Syntax.  */

static void
test_lists (void)
{
  check_read ("(a b c)", "(a b c)");
  check_read ("()", "()");
  check_read ("(  )", "()");
  check_read ("(a (b (c)) () d)", "(a (b (c)) () d)");
  check_read ("(a\n\tb\r\n c)", "(a b c)");
  check_read ("(a . b)", "(a . b)");
  check_read ("[a [b] (c)]", "(a (b) (c))");
  check_read ("[a . b]", "(a . b)");
  check_read ("(a b . c)", "(a b . c)");
  check_read ("(a . (b c))", "(a b c)");
  check_read ("(a . ())", "(a)");
  check_read ("((a . b) . (c . d))", "((a . b) c . d)");
  check_read ("(a .b)", "(a .b)");
  check_read ("(a . #;x b)", "(a . b)");
  check_read ("(a . b #;c)", "(a . b)");
  check_read ("(a(b)c)", "(a (b) c)");
  check_read ("#(1 2 3)", "#(1 2 3)");
  check_read ("#()", "#()");
  check_read ("#(a #(b) (c . d) \"s\")", "#(a #(b) (c . d) \"s\")");
  check_read ("#(#(#()))", "#(#(#()))");
}

static void
test_strings (void)
{
  check_read ("\"abc\"", "\"abc\"");
  check_read ("\"\"", "\"\"");
  check_read ("\"\\a\\b\\t\\n\\r\"",
              "\"\\x7;\\x8;\\x9;\\xa;\\xd;\"");
  check_read ("\"q\\\"q\\\\q\\|q\"", "\"q\\x22;q\\x5c;q\\x7c;q\"");
  check_read ("\"\\x41;\\x3bb;\\X1F600;\"", "\"A\\x3bb;\\x1f600;\"");
  check_read ("\"a\\\n   b\"", "\"ab\"");
  check_read ("\"a\\   \n\t  b\"", "\"ab\"");
  check_read ("\"a\\ \t\r\n b\"", "\"ab\"");
  check_read ("\"two\nlines\"", "\"two\\xa;lines\"");
  check_read ("\"λx\"", "\"\\x3bb;x\"");
  SCM s = scm_c_read_string ("\"\\x3bb;\"");
  ok (scm_is_string (s) && scm_c_string_length (s) == 1
      && scm_c_string_ref (s, 0) == 0x3bb, "\\x3bb; is one character λ");
}

static void
test_chars (void)
{
  check_read ("#\\a", "#\\a");
  check_read ("#\\A", "#\\A");
  check_read ("#\\x", "#\\x");
  check_read ("#\\x41", "#\\A");
  check_read ("#\\x3bb", "#\\\\x3bb;");
  check_read ("#\\λ", "#\\\\x3bb;");
  check_read ("#\\(", "#\\(");
  check_read ("#\\)", "#\\)");
  check_read ("#\\;", "#\\;");
  check_read ("#\\ ", "#\\\\x20;");
  check_read ("(#\\a #\\b)", "(#\\a #\\b)");
  check_read ("(#\\))", "(#\\))");
  static const struct { const char *name; unsigned code; } names[] = {
    { "alarm", 7 }, { "backspace", 8 }, { "delete", 0x7f },
    { "escape", 0x1b }, { "newline", 10 }, { "null", 0 },
    { "return", 13 }, { "space", 32 }, { "tab", 9 }
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    {
      char src[32];
      snprintf (src, sizeof src, "#\\%s", names[i].name);
      SCM c = scm_c_read_string (src);
      ok (SCM_CHARP (c) && SCM_CHAR (c) == names[i].code,
          "%s is U+%04X", src, names[i].code);
    }
}

static void
test_booleans_numbers (void)
{
  ok (scm_is_eq (scm_c_read_string ("#t"), SCM_BOOL_T)
      && scm_is_eq (scm_c_read_string ("#true"), SCM_BOOL_T)
      && scm_is_eq (scm_c_read_string ("#f"), SCM_BOOL_F)
      && scm_is_eq (scm_c_read_string ("#false"), SCM_BOOL_F),
      "#t #true #f #false");
  check_error ("(#t#f)", "<port>:1:2: ", "bad `#' syntax `#t#f'");
  check_read ("(#t #f)", "(#t #f)");
  check_read ("42", "42");
  check_read ("-17", "-17");
  check_read ("+5", "5");
  check_read ("(1 2 3)", "(1 2 3)");
  check_read ("0", "0");
  /* Tokens the number parser refuses are symbols.  */
  check_read ("(+ - ... ->x 1+ .foo -a +a .. 1a)",
              "(+ - ... ->x 1+ .foo -a +a .. 1a)");
}

struct parse { uint32_t chars[32]; size_t len; SCM raised; };

static SCM
parse_body (void *data)
{
  struct parse *p = data;
  return scm_c_parse_number (p->chars, p->len, 10);
}

static SCM
parse_handler (void *data, SCM obj)
{
  ((struct parse *) data)->raised = obj;
  return SCM_UNDEFINED;
}

/* A prefixed number token is the parser's business: read agrees with
   scm_c_parse_number on it, reports bad number syntax where it returns
   #f, and a read error at the token where it raises.  */
static void
check_prefixed_number (const char *src)
{
  struct parse p = { { 0 }, strlen (src), SCM_BOOL_F };
  for (size_t i = 0; i < p.len; i++)
    p.chars[i] = (unsigned char) src[i];
  SCM want = scm_c_catch_raise (parse_body, &p, parse_handler, &p);
  if (SCM_UNBNDP (want))
    check_error (src, "<port>:1:1: ", src);
  else if (scm_is_false (want))
    check_error (src, "<port>:1:1: ", "bad number syntax");
  else
    check_read (src, show (want));
}

static void
test_prefixed_numbers (void)
{
  check_prefixed_number ("#x1F");
  check_prefixed_number ("#b101");
  check_prefixed_number ("#o17");
  check_prefixed_number ("#d10");
  check_prefixed_number ("#e1.5");
  check_prefixed_number ("#i3");
  check_prefixed_number ("#X1f");
  check_prefixed_number ("#x#e1F");
  check_error ("#xZZ", "<port>:1:1: ", "bad number syntax `#xZZ'");
}

static void
test_symbols (void)
{
  check_read ("abc", "abc");
  check_read ("ABC", "ABC");
  check_read ("hello-World!?*<>=/+:$%^&_~@.", "hello-World!?*<>=/+:$%^&_~@.");
  check_read ("|hello world|", "|hello\\x20;world|");
  check_read ("|a\\x41;b|", "aAb");
  check_read ("|a\\|b|", "|a\\x7c;b|");
  check_read ("|a\\tb|", "|a\\x9;b|");
  check_read ("||", "||");
  check_read ("(|a b|c)", "(|a\\x20;b| c)");
  check_read ("λ", "|\\x3bb;|");
  ok (scm_is_eq (scm_c_read_string ("|foo|"), scm_from_utf8_symbol ("foo"))
      && scm_is_eq (scm_c_read_string ("foo"), scm_from_utf8_symbol ("foo")),
      "symbols read are interned: |foo| is foo");
  SCM kw = scm_c_read_string ("#:foo");
  ok (scm_is_keyword (kw)
      && scm_is_eq (kw, scm_symbol_to_keyword (scm_from_utf8_symbol ("foo"))),
      "#:foo is the keyword foo");
  check_read ("(#:a #:|b c|)", "(#:a #:|b\\x20;c|)");
}

static void
test_abbreviations (void)
{
  check_read ("'x", "(quote x)");
  check_read ("`x", "(quasiquote x)");
  check_read (",x", "(unquote x)");
  check_read (",@x", "(unquote-splicing x)");
  check_read ("'(a 'b `(c ,d ,@e))",
              "(quote (a (quote b) (quasiquote (c (unquote d) "
              "(unquote-splicing e)))))");
  check_read ("''x", "(quote (quote x))");
  check_read ("' x", "(quote x)");
  check_read ("'#(1)", "(quote #(1))");
  check_read ("'#;a b", "(quote b)");
  check_read ("(a . 'b)", "(a quote b)");
  SCM q = scm_c_read_string ("'x");
  ok (scm_is_eq (SCM_CAR (q), scm_from_utf8_symbol ("quote")),
      "quote is the interned symbol");
}

static void
test_comments (void)
{
  check_read ("; comment\n42", "42");
  check_read ("(a ; comment ) \n b)", "(a b)");
  check_read ("#| block |# 5", "5");
  check_read ("#| a #| nested |# still |# 6", "6");
  check_read ("#|| |# 7", "7");
  check_read ("(a #| x |# b)", "(a b)");
  check_read ("(a;x\nb)", "(a b)");
  check_read ("#;(a b) 7", "7");
  check_read ("#; 1 2", "2");
  check_read ("(a #;b c)", "(a c)");
  check_read ("(a #; #; b c d)", "(a d)");
  check_read ("(a #;(b #;c) d)", "(a d)");
  check_read ("#(1 #;2 3)", "#(1 3)");
  check_read ("(#;a)", "()");
  check_read ("#!/usr/bin/env scm\n(a)", "(a)");
  check_read ("", "#<eof>");
  check_read ("   ; nothing\n  #| more |#  ", "#<eof>");
  check_read ("#;a", "#<eof>");
}

static void
test_successive_reads (void)
{
  SCM port = scm_c_open_input_string ("1 (2) \"3\" #;4 ; 5\n");
  const char *got[4];
  for (int i = 0; i < 4; i++)
    got[i] = show (scm_read (port));
  ok (strcmp (got[0], "1") == 0 && strcmp (got[1], "(2)") == 0
      && strcmp (got[2], "\"3\"") == 0 && strcmp (got[3], "#<eof>") == 0,
      "successive reads on one port, then eof");
  ok (scm_is_eq (scm_read (port), SCM_EOF_VAL), "eof again at eof");
  port = scm_c_open_input_string ("abc(d)");
  ok (strcmp (show (scm_read (port)), "abc") == 0
      && scm_c_peekc (port) == '(', "a symbol ends at `(', left unread");
  port = scm_c_open_input_string ("'abc(d) #;x\"s\" 12 ");
  ok (strcmp (show (scm_read (port)), "(quote abc)") == 0
      && strcmp (show (scm_read (port)), "(d)") == 0
      && strcmp (show (scm_read (port)), "\"s\"") == 0
      && strcmp (show (scm_read (port)), "12") == 0
      && scm_c_peekc (port) == ' ',
      "a datum ends right at its last character, however it ends");
}

static void
test_fold_case (void)
{
  SCM port = scm_c_open_input_string ("#!fold-case ABC (XyZ #\\SPACE #\\A "
                                      "|KEEP| #:KW) #!no-fold-case ABC");
  ok (scm_is_eq (scm_read (port), scm_from_utf8_symbol ("abc")),
      "#!fold-case folds identifiers");
  check_read ("#!fold-case (XyZ #\\SPACE #\\A |KEEP| #:KW)",
              "(xyz #\\\\x20; #\\A KEEP #:kw)");
  ok (strcmp (show (scm_read (port)), "(xyz #\\\\x20; #\\A KEEP #:kw)") == 0,
      "fold-case stays on for the next read of the same port");
  ok (scm_is_eq (scm_read (port), scm_from_utf8_symbol ("ABC")),
      "#!no-fold-case turns it off");
  ok (scm_is_eq (scm_c_read_string ("ABC"), scm_from_utf8_symbol ("ABC")),
      "other ports are not folded");
  check_read ("#!fold-case ΑΒΓ", "|\\x3b1;\\x3b2;\\x3b3;|");
  check_read ("#!fold-case Straße", "strasse");
  check_read ("#!FOLD-CASE X", "x");
  check_read ("#!r7rs (Abc)", "(Abc)");
  check_read ("(a #!r7rs b)", "(a b)");
  check_read ("#!fold-case #!r7rs ABC", "abc");
}

static void
test_labels (void)
{
  SCM x = scm_c_read_string ("#0=(a . #0#)");
  ok (scm_is_pair (x) && scm_is_eq (SCM_CDR (x), x)
      && scm_is_eq (SCM_CAR (x), scm_from_utf8_symbol ("a")),
      "#0=(a . #0#) is a one-pair cycle");
  x = scm_c_read_string ("#0=(a b . #0#)");
  ok (scm_is_pair (x) && scm_is_eq (SCM_CDR (SCM_CDR (x)), x),
      "#0=(a b . #0#) is a two-pair cycle");
  x = scm_c_read_string ("(#0=(x) #0# #0#)");
  ok (scm_is_eq (SCM_CAR (x), SCM_CAR (SCM_CDR (x)))
      && scm_is_eq (SCM_CAR (x), SCM_CAR (SCM_CDR (SCM_CDR (x)))),
      "shared structure: (#0=(x) #0# #0#)");
  x = scm_c_read_string ("#1=#(1 #1# 3)");
  ok (scm_is_vector (x) && scm_is_eq (scm_c_vector_ref (x, 1), x)
      && SCM_FIXNUM_VALUE (scm_c_vector_ref (x, 2)) == 3,
      "a vector that holds itself");
  x = scm_c_read_string ("#2=(#2# . #2#)");
  ok (scm_is_eq (SCM_CAR (x), x) && scm_is_eq (SCM_CDR (x), x),
      "#2=(#2# . #2#)");
  x = scm_c_read_string ("#0=(a #1=#0# #1#)");
  ok (scm_is_eq (SCM_CAR (SCM_CDR (x)), x)
      && scm_is_eq (SCM_CAR (SCM_CDR (SCM_CDR (x))), x),
      "a label whose datum is another label's reference");
  x = scm_c_read_string ("#0=(#1=(b #0#) #1#)");
  SCM inner = SCM_CAR (x);
  ok (scm_is_eq (SCM_CAR (SCM_CDR (inner)), x)
      && scm_is_eq (SCM_CAR (SCM_CDR (x)), inner), "nested labels");
  x = scm_c_read_string ("#0='#0#");
  ok (scm_is_eq (SCM_CAR (SCM_CDR (x)), x), "#0='#0# is (quote <itself>)");
  x = scm_c_read_string ("#0=#(#(#0#))");
  ok (scm_is_eq (scm_c_vector_ref (scm_c_vector_ref (x, 0), 0), x),
      "a label two vectors up");
  check_read ("(#5=hello #5# #123=(1) #123#)", "(hello hello (1) (1))");
}

/* ------------------------------------------------------------------ */
/* Errors.  */

static void
test_errors (void)
{
  check_error ("\"abc", "<port>:1:5: ", "unterminated string");
  check_error ("\"abc", "<port>:1:5: ", "starts at 1:1");
  check_error ("\n  \"ab\ncd", "<port>:3:3: ", "string starts at 2:3");
  check_error ("(a (b c)\n", "<port>:2:1: ", "unterminated list");
  check_error ("(a (b c)\n", "<port>:2:1: ", "list starts at 1:1");
  check_error ("(a\n  (b\n   c", "<port>:3:5: ", "list starts at 2:3");
  check_error ("#(1 2", "<port>:1:6: ", "unterminated vector");
  check_error ("#(1 2", "<port>:1:6: ", "vector starts at 1:1");
  check_error (")", "<port>:1:1: ", "unexpected `)'");
  check_error ("  )", "<port>:1:3: ", "no list or vector is open");
  check_error ("#q", "<port>:1:1: ", "bad `#' syntax `#q'");
  check_error ("#", "<port>:1:1: ", "bad `#' syntax");
  check_error ("(a # b)", "<port>:1:4: ", "bad `#' syntax");
  check_error ("#tru", "<port>:1:1: ", "bad `#' syntax `#tru'");
  check_error ("#\\foo", "<port>:1:1: ", "invalid character name `#\\foo'");
  check_error ("(#\\spaces)", "<port>:1:2: ", "invalid character name");
  check_error ("#\\x110000", "<port>:1:1: ", "not a Unicode scalar value");
  check_error ("#\\xD800", "<port>:1:1: ", "not a Unicode scalar value");
  check_error ("#\\", "<port>:1:1: ", "end of file after `#\\'");
  check_error ("\"a\\qb\"", "<port>:1:3: ", "invalid escape `\\q' in string");
  check_error ("\"a\\x41\"", "<port>:1:7: ", "invalid escape in string");
  check_error ("\"\\x;\"", "<port>:1:4: ", "expected hex digits");
  check_error ("\"\\xD800;\"", "<port>:1:2: ", "not a Unicode scalar value");
  check_error ("\"a\\  b\"", "<port>:1:6: ", "invalid escape in string");
  check_error ("|a\\qb|", "<port>:1:3: ", "invalid escape `\\q' in |symbol|");
  check_error ("|abc", "<port>:1:5: ", "unterminated |symbol|");
  check_error (".", "<port>:1:1: ", "`.' in a bad place");
  check_error ("(. a)", "<port>:1:2: ", "`.' in a bad place");
  check_error ("(a . )", "<port>:1:6: ", "`.' in a bad place");
  check_error ("(a . b c)", "<port>:1:8: ", "expected `)' after the datum");
  check_error ("(a . b . c)", "<port>:1:8: ", "`.' in a bad place");
  check_error ("(a . . b)", "<port>:1:6: ", "`.' in a bad place");
  check_error ("#(a . b)", "<port>:1:5: ", "`.' in a bad place");
  check_error ("'.", "<port>:1:2: ", "`.' in a bad place");
  check_error ("#0#", "<port>:1:1: ", "undefined datum label `#0#'");
  check_error ("(#1=a #2#)", "<port>:1:7: ", "undefined datum label `#2#'");
  check_error ("(#0=a #0=b)", "<port>:1:7: ", "defined twice");
  check_error ("#0=#0#", "<port>:1:1: ", "reference to itself");
  check_error ("#0x", "<port>:1:1: ", "expected `=' or `#'");
  check_error ("'", "<port>:1:2: ", "end of file after `''");
  check_error ("(a `", "<port>:1:5: ", "end of file after ``'");
  check_error ("(a ,@", "<port>:1:6: ", "end of file after `,@'");
  check_error ("#;", "<port>:1:3: ", "end of file after `#;'");
  check_error ("#;   ", "<port>:1:6: ", "end of file after `#;'");
  check_error ("#;#;a", "<port>:1:6: ", "end of file after `#;' at 1:1");
  check_error ("#0=", "<port>:1:4: ", "end of file after `#0='");
  check_error ("(')", "<port>:1:3: ", "unexpected `)' after `''");
  check_error ("(#;)", "<port>:1:4: ", "unexpected `)' after `#;'");
  check_error ("(#3=)", "<port>:1:5: ", "unexpected `)' after `#3='");
  check_error ("#| abc", "<port>:1:7: ", "unterminated block comment");
  check_error ("#| #| |#", "<port>:1:9: ", "comment starts at 1:1");
  check_error ("{a}", "<port>:1:1: ", "reserved");
  check_error ("(a]", "<port>:1:3: ",
               "the list that starts at 1:1 with `(' must end with `)'");
  check_error ("[a)", "<port>:1:3: ",
               "the list that starts at 1:1 with `[' must end with `]'");
  check_error ("[a", "<port>:1:3: ", "end of file before its `]'");
  check_error ("(abc\"x", "<port>:1:7: ", "string starts at 1:5");
  check_error ("#!foo", "<port>:1:1: ", "unknown directive `#!foo'");
  check_error ("#:", "<port>:1:1: ", "keyword");
  check_error ("#u8(1 256)", "<port>:1:10: ", "bad bytevector element 2");
  check_error ("(a\n  #u8(1 x))", "<port>:2:10: ",
               "(the bytevector starts at 2:3)");
  check_error ("#u8(1 2", "<port>:1:8: ", "unterminated bytevector");
}

static void
test_error_recovery (void)
{
  SCM port = scm_c_open_input_string (") 42");
  check_error_port (port, ") 42", "<port>:1:1: ", "unexpected");
  ok (scm_is_eq (scm_read (port), SCM_MAKE_FIXNUM (42)),
      "after an unexpected `)' the next read goes on");
  port = scm_c_open_input_string ("\"abc");
  check_error_port (port, "\"abc", "<port>:1:5: ", "unterminated");
  ok (scm_is_eq (scm_read (port), SCM_EOF_VAL),
      "after an unterminated string the next read is at eof");
  port = scm_c_open_input_string ("#u8(1 -2) x");
  check_error_port (port, "#u8(1 -2) x", "<port>:1:9: ", "bytevector");
  ok (scm_is_eq (scm_read (port), scm_from_utf8_symbol ("x")),
      "a bad bytevector is skipped");
  port = scm_c_open_input_string ("#\\bad 7");
  check_error_port (port, "#\\bad 7", "<port>:1:1: ", "character name");
  ok (scm_is_eq (scm_read (port), SCM_MAKE_FIXNUM (7)),
      "after a bad character name the next read goes on");
}

static void
test_error_object (void)
{
  SCM raised;
  (void) try_read (scm_c_open_input_string ("(a"), &raised);
  ok (scm_is_condition (raised)
      && scm_is_eq (scm_condition_kind (raised),
                    scm_from_utf8_symbol ("read-error"))
      && scm_is_true (scm_error_object_p (raised)),
      "a read error is an error object of kind read-error");
  (void) try_read (scm_open_output_string (), &raised);
  ok (scm_is_condition (raised)
      && scm_is_eq (scm_condition_kind (raised),
                    scm_from_utf8_symbol ("wrong-type-arg")),
      "read from an output port is a wrong-type-arg error");
  /* A number the parser cannot represent: if it raises, read makes that a
     read error at the token.  */
  SCM port = scm_c_open_input_string ("(1\n  9999999999999999999999)");
  SCM v = try_read (port, &raised);
  if (SCM_UNBNDP (raised))
    ok (scm_is_pair (v) && scm_is_number (SCM_CAR (SCM_CDR (v))),
        "a big number reads as a number (the parser represents it)");
  else
    {
      const char *msg = message_of (raised);
      ok (scm_is_true (scm_read_error_p (raised))
          && strncmp (msg, "<port>:2:3: ", 12) == 0,
          "a number too large is a read error at its token");
      if (!scm_is_true (scm_read_error_p (raised)))
        diag ("got: %s", msg);
    }
}

/* ------------------------------------------------------------------ */
/* Depth.  */

static char *
repeat (const char *open, const char *middle, const char *close, size_t n)
{
  size_t lo = strlen (open), lm = strlen (middle), lc = strlen (close);
  char *s = malloc (n * (lo + lc) + lm + 1), *p = s;
  for (size_t i = 0; i < n; i++, p += lo)
    memcpy (p, open, lo);
  memcpy (p, middle, lm);
  p += lm;
  for (size_t i = 0; i < n; i++, p += lc)
    memcpy (p, close, lc);
  *p = '\0';
  return s;
}

static void
check_deep_list (size_t n)
{
  char *src = repeat ("(", "", ")", n);
  SCM x = scm_c_read_string (src);
  size_t depth = 0;
  while (scm_is_pair (x) && scm_is_null (SCM_CDR (x)))
    {
      x = SCM_CAR (x);
      depth++;
    }
  ok (depth == n - 1 && scm_is_null (x), "%zu nested lists", n);
  free (src);
}

static void
test_depth (void)
{
  check_deep_list (100000);
  check_deep_list (1000000);

  size_t n = 100000;
  char *src = repeat ("'", "x", "", n);
  SCM x = scm_c_read_string (src), quote = scm_from_utf8_symbol ("quote");
  size_t depth = 0;
  while (scm_is_pair (x) && scm_is_eq (SCM_CAR (x), quote))
    {
      x = SCM_CAR (SCM_CDR (x));
      depth++;
    }
  ok (depth == n && scm_is_eq (x, scm_from_utf8_symbol ("x")),
      "%zu nested quotes", n);
  free (src);

  src = repeat ("#(", "", ")", n);
  x = scm_c_read_string (src);
  depth = 0;
  while (scm_is_vector (x) && scm_c_vector_length (x) == 1)
    {
      x = scm_c_vector_ref (x, 0);
      depth++;
    }
  ok (depth == n - 1 && scm_is_vector (x) && scm_c_vector_length (x) == 0,
      "%zu nested vectors", n);
  free (src);

  src = repeat ("(a . ", "b", ")", n);
  x = scm_c_read_string (src);
  depth = 0;
  while (scm_is_pair (x))
    {
      x = SCM_CDR (x);
      depth++;
    }
  ok (depth == n && scm_is_eq (x, scm_from_utf8_symbol ("b")),
      "%zu nested dotted tails", n);
  free (src);

  src = repeat ("(", "", "", n);
  check_error (src, "<port>:1:100001: ", "list starts at 1:100000");
  free (src);
  src = repeat ("#;", "", "", n);
  check_error (src, "<port>:1:200001: ", "end of file after `#;'");
  free (src);
}

/* ------------------------------------------------------------------ */
/* Source positions.  */

/* "FILE:LINE:COLUMN" of pair X, or "none".  */
static const char *
where (SCM x)
{
  SCM pos = scm_source_position (x);
  if (scm_is_false (pos))
    return "none";
  SCM file = scm_c_vector_ref (pos, 0);
  char *s = GC_MALLOC_ATOMIC (512);
  snprintf (s, 512, "%s:%ld:%ld",
            scm_is_string (file) ? scm_to_utf8_stringn (file, NULL) : "#f",
            scm_to_long (scm_c_vector_ref (pos, 1)),
            scm_to_long (scm_c_vector_ref (pos, 2)));
  return s;
}

static void
test_positions (void)
{
  SCM x = scm_c_read_string ("  (a\n (b c)\n  'd\te)");
  ok_streq (where (x), "#f:1:3", "a list is at its `('");
  ok_streq (where (SCM_CDR (x)), "#f:2:2", "the second pair at its element");
  SCM b = SCM_CAR (SCM_CDR (x));
  ok_streq (where (b), "#f:2:2", "the nested list at its `('");
  ok_streq (where (SCM_CDR (b)), "#f:2:5", "the nested list's second pair");
  SCM quoted = SCM_CAR (SCM_CDR (SCM_CDR (x)));
  ok_streq (where (SCM_CDR (SCM_CDR (x))), "#f:3:3", "the third pair");
  ok_streq (where (quoted), "#f:3:3", "(quote d) is at the `''");
  ok_streq (where (SCM_CDR (quoted)), "#f:3:4", "and its second pair at d");
  ok_streq (where (SCM_CDR (SCM_CDR (SCM_CDR (x)))), "#f:3:6",
            "a tab counts as one column");
  ok_streq (where (scm_cons (x, x)), "none", "a pair not read has none");
  ok (scm_is_false (scm_source_position (SCM_MAKE_FIXNUM (1)))
      && scm_is_false (scm_source_position (scm_c_read_string ("#(1)"))),
      "non-pairs have no position");

  SCM port = scm_c_open_input_string ("(a)\n\n   ((b))");
  scm_read (port);
  x = scm_read (port);
  ok_streq (where (x), "#f:3:4", "the second datum of a port");
  ok_streq (where (SCM_CAR (x)), "#f:3:5", "and its inner list");

  x = scm_c_read_string ("(ab(cd)ef\"g\"h|i|)");
  ok_streq (where (SCM_CAR (SCM_CDR (x))), "#f:1:4", "a list right after a token");
  ok_streq (where (SCM_CDR (SCM_CDR (x))), "#f:1:8", "a token right after `)'");
  ok_streq (where (SCM_CDR (SCM_CDR (SCM_CDR (x)))), "none",
            "a pair holding a literal (a string) has no position: data");
  SCM lits = scm_c_read_string ("(f 1 2.5 #\\a #t \"s\" #u8(1) g)");
  ok_streq (where (lits), "#f:1:1", "a list of literals: the list is placed");
  ok_streq (where (SCM_CDR (lits)), "none", "... its number pair is not");
  ok_streq (where (scm_list_tail (lits, SCM_MAKE_FIXNUM (7))), "#f:1:28",
            "... a symbol after the literals is, at its column");
  ok_streq (where (SCM_CDR (SCM_CDR (SCM_CDR (SCM_CDR (SCM_CDR (x)))))),
            "#f:1:14", "a |symbol| right after a token");
  ok_streq (where (SCM_CDR (SCM_CDR (SCM_CDR (SCM_CDR (x))))), "#f:1:13",
            "a token right after a string");

  x = scm_c_read_string ("#0=(a #0#)");
  ok_streq (where (x), "#f:1:4", "a labelled list at its `('");

  /* From a file: the position names it.  */
  char path[] = "/tmp/test-read-XXXXXX";
  int fd = mkstemp (path);
  const char *text = ";; a file\n(define (f x)\n  (g x))\n";
  ok (fd >= 0 && write (fd, text, strlen (text)) == (ssize_t) strlen (text),
      "write a temporary file");
  close (fd);
  port = scm_open_input_file (scm_from_utf8_string (path));
  x = scm_read (port);
  char want[128];
  snprintf (want, sizeof want, "%s:2:1", path);
  ok_streq (where (x), want, "a list read from a file names the file");
  snprintf (want, sizeof want, "%s:3:3", path);
  ok_streq (where (SCM_CAR (SCM_CDR (SCM_CDR (x)))), want, "its body");
  scm_close_port (port);
  unlink (path);
  /* Errors name the file too.  */
  SCM p2 = scm_c_open_input_string ("(oops");
  scm_set_port_filename_x (p2, scm_from_utf8_string ("foo.scm"));
  check_error_port (p2, "(oops", "foo.scm:1:6: ", "list starts at 1:1");
}

/* Many pairs: the table grows, rebuilds, and keeps every live entry; a
   collection does not lose positions of live pairs.  */
static void
test_position_table (void)
{
  size_t n = 200000;
  char *src = malloc (n * 4 + 3), *p = src;
  *p++ = '(';
  for (size_t i = 0; i < n; i++)
    {
      memcpy (p, i % 10 == 9 ? "x\n  " : "x ", i % 10 == 9 ? 4 : 2);
      p += i % 10 == 9 ? 4 : 2;
    }
  *p++ = ')';
  *p = '\0';
  SCM x = scm_c_read_string (src);
  free (src);
  for (int round = 0; round < 3; round++)
    {
      /* Garbage that goes through the table too.  */
      for (int i = 0; i < 20; i++)
        scm_c_read_string ("((a b) (c d) (e f) (g h))");
      scm_gc ();
    }
  int good = 1;
  size_t i = 0;
  for (SCM q = x; scm_is_pair (q); q = SCM_CDR (q), i++)
    {
      SCM file;
      long line, column;
      long want_line = 1 + (long) (i / 10);
      long want_col = i == 0 ? 1 : i < 10 ? 2 + 2 * (long) i
        : 3 + 2 * (long) (i % 10);
      if (!scm_c_source_position (q, &file, &line, &column)
          || line != want_line || column != want_col)
        {
          if (good)
            diag ("pair %zu: got %ld:%ld, want %ld:%ld", i, line, column,
                  want_line, want_col);
          good = 0;
        }
    }
  ok (good && i == n, "%zu pairs keep their positions across rebuilds "
      "and collections", n);

  /* Positions of dead pairs go at the next collection, before their
     memory can be reused: new pairs never inherit an old position.  */
  scm_gc ();
  size_t before = scm_c_source_position_count ();
  for (int k = 0; k < 20000; k++)
    scm_c_read_string ("((a b) (c d) (e f) (g h))");
  size_t during = scm_c_source_position_count ();
  scm_gc ();
  size_t after = scm_c_source_position_count ();
  ok (during > before && after <= before + 1000,
      "positions of dead pairs are cleared by a collection "
      "(%zu before, %zu with 240000 garbage pairs, %zu after)",
      before, during, after);
  int inherited = 0;
  for (int k = 0; k < 400000; k++)
    {
      SCM file;
      long line, column;
      if (scm_c_source_position (scm_cons (SCM_BOOL_T, SCM_EOL), &file,
                                 &line, &column))
        inherited++;
    }
  ok (inherited == 0, "400000 new pairs made where dead ones were: "
      "%d with a stale position", inherited);

  /* The file name is recorded as it was: changing the port's name
     string afterwards does not rewrite positions.  */
  SCM port = scm_c_open_input_string ("(x y)");
  SCM name = scm_from_utf8_string ("orig.scm");
  scm_set_port_filename_x (port, name);
  SCM datum = scm_read (port);
  scm_string_set_x (name, SCM_MAKE_FIXNUM (0), SCM_MAKE_CHAR ('X'));
  ok_streq (where (datum), "orig.scm:1:1",
            "a recorded file name does not change with the port's string");

  SCM pair = scm_cons (SCM_BOOL_T, SCM_EOL);
  scm_c_set_source_position (pair, scm_from_utf8_string ("f.scm"), 7, 9);
  ok_streq (where (pair), "f.scm:7:9", "scm_c_set_source_position");
  scm_c_set_source_position (pair, SCM_BOOL_F, 8, 1);
  ok_streq (where (pair), "#f:8:1", "setting again replaces it");
}

/* Once most pairs read have died, a collection packs the few live
   entries into a small table (srcpos.c, pack_entries): the survivors
   keep their positions, even those of an old array that was still
   being drained, and the table grows again from there.  */
static void
test_position_pack (void)
{
  enum { KEPT = 12 };
  SCM kept[KEPT];
  for (int k = 0; k < KEPT; k++)
    {
      SCM port = scm_c_open_input_string ("\n  (kept\n   (pair))");
      scm_set_port_filename_x (port, scm_from_utf8_string ("k.scm"));
      kept[k] = scm_read (port);
      /* Garbage between them: the table rebuilds, and the kept
         entries end up in the old array and the fresh one alike.  */
      for (int i = 0; i < 2000; i++)
        scm_c_read_string ("((a b) (c d) (e f) (g h))");
    }
  scm_gc ();
  scm_gc ();
  size_t count = scm_c_source_position_count ();
  int good = count <= 64;
  for (int k = 0; k < KEPT; k++)
    {
      good = good && strcmp (where (kept[k]), "k.scm:2:3") == 0
        && strcmp (where (SCM_CAR (SCM_CDR (kept[k]))), "k.scm:3:4") == 0;
      if (!good)
        {
          diag ("kept %d: %s", k, where (kept[k]));
          break;
        }
    }
  ok (good, "%d pairs kept while 96000 died keep their positions in the "
      "packed table (%zu entries left)", 2 * KEPT, count);
  /* Reading again: the packed table grows and rebuilds.  */
  SCM more = SCM_EOL;
  for (int i = 0; i < 5000; i++)
    more = scm_cons (scm_c_read_string ("(x (y) z)"), more);
  int fresh = 1;
  for (SCM q = more; scm_is_pair (q); q = SCM_CDR (q))
    fresh = fresh && strcmp (where (SCM_CAR (q)), "#f:1:1") == 0
      && strcmp (where (SCM_CAR (SCM_CDR (SCM_CAR (q)))), "#f:1:4") == 0;
  for (int k = 0; k < KEPT; k++)
    fresh = fresh && strcmp (where (kept[k]), "k.scm:2:3") == 0;
  ok (fresh, "then 10000 pairs read have theirs, and the kept ones still "
      "(%zu entries)", scm_c_source_position_count ());
  scm_remember_upto_here_1 (more);
}

/* Reading much code that dies at once, with a live heap around: the
   links of the dead pairs must not make libgc collect every few thousand
   pairs (it collects before it grows its link table).  */
static void
test_position_gc_rate (void)
{
  SCM live = SCM_EOL;
  for (long i = 0; i < 1000000; i++)
    live = scm_cons (SCM_MAKE_FIXNUM (i), live);
  const char *form = "(define (f x) (let ((y (car x))) (if (null? y) "
    "'() (cons y (f (cdr x))))))";
  GC_word before = GC_get_gc_no ();
  size_t pairs = 0;
  for (int i = 0; i < 40000; i++, pairs += 25)
    scm_c_read_string (form);
  GC_word collections = GC_get_gc_no () - before;
  ok (collections < pairs / 20000, "%zu pairs read: %lu collections",
      pairs, (unsigned long) collections);
  ok (scm_c_list_length (live) == 1000000, "the live list is intact");
}

/* Threads read at once: the position table is shared.  Plain threads,
   as an embedder's are: scm_init registers each with the collector and
   it is unregistered when it exits.  (libgc 8.2's GC_pthread_join
   crashed here about once in 20 runs, on a thread missing from its
   table.)  */
static void *
reading_thread (void *arg)
{
  char name[32];
  long bad = 0;
  scm_init ();
  snprintf (name, sizeof name, "t%ld.scm", *(long *) arg);
  SCM file = scm_from_utf8_string (name);
  for (int i = 0; i < 3000; i++)
    {
      SCM port = scm_c_open_input_string ("(a\n (b c) d)");
      scm_set_port_filename_x (port, file);
      SCM x = scm_read (port), f;
      long line, column;
      if (!scm_c_source_position (SCM_CAR (SCM_CDR (x)), &f, &line, &column)
          || line != 2 || column != 2 || !scm_is_string (f)
          || strcmp (scm_to_utf8_stringn (f, NULL), name) != 0)
        bad++;
      if (i % 1000 == 0)
        scm_gc ();
    }
  *(long *) arg = bad;
  return NULL;
}

static void
test_threads (void)
{
  pthread_t t[3];
  long result[3];
  int good = 1;
  for (long i = 0; i < 3; i++)
    {
      result[i] = i;
      good &= pthread_create (&t[i], NULL, reading_thread, &result[i]) == 0;
    }
  for (int i = 0; i < 3; i++)
    good &= pthread_join (t[i], NULL) == 0 && result[i] == 0;
  ok (good, "three threads read at once, each with right positions");
}

/* Random text from the characters that matter to the reader: every read
   returns a datum or raises a read error, never crashes or hangs.  */
static void
test_random_input (void)
{
  static const char alphabet[] = "()#;|\\\"'`,@.x1 \n#(u8:!=0e+-\\x;ab|#";
  uint64_t seed = 12345;
  long data = 0, errors = 0;
  int good = 1;
  for (int i = 0; i < 20000 && good; i++)
    {
      char text[40];
      size_t n = 1 + i % 39;
      for (size_t j = 0; j < n; j++)
        {
          seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
          text[j] = alphabet[(seed >> 33) % (sizeof alphabet - 1)];
        }
      text[n] = '\0';
      SCM port = scm_c_open_input_string (text);
      for (int reads = 0; reads < 50; reads++)
        {
          SCM raised, v = try_read (port, &raised);
          if (!SCM_UNBNDP (raised))
            {
              errors++;
              if (scm_is_false (scm_read_error_p (raised)))
                {
                  diag ("%s raised %s", printable (text), message_of (raised));
                  good = 0;
                }
              continue;
            }
          if (scm_is_eq (v, SCM_EOF_VAL))
            break;
          data++;
        }
    }
  ok (good && data > 1000 && errors > 1000, "20000 random texts read "
      "without a crash (%ld data, %ld read errors)", data, errors);
}

/* The primitives are bound.  */
static void
test_primitives (void)
{
  SCM read_var = scm_lookup_variable (scm_from_utf8_symbol ("read"));
  SCM pos_var = scm_lookup_variable (scm_from_utf8_symbol ("source-position"));
  ok (scm_is_true (read_var) && scm_is_true (pos_var),
      "read and source-position are defined");
  if (scm_is_true (read_var) && scm_is_true (pos_var))
    {
      SCM port = scm_c_open_input_string ("(x y)");
      SCM x = scm_call_1 (scm_variable_ref (read_var), port);
      SCM pos = scm_call_1 (scm_variable_ref (pos_var), x);
      ok (scm_is_vector (pos) && scm_c_vector_length (pos) == 3
          && scm_is_false (scm_c_vector_ref (pos, 0))
          && scm_is_eq (scm_c_vector_ref (pos, 1), SCM_MAKE_FIXNUM (1))
          && scm_is_eq (scm_c_vector_ref (pos, 2), SCM_MAKE_FIXNUM (1)),
          "(source-position (read port)) is #(#f 1 1)");
    }
}

/* Which read errors mean "more input could complete this datum".  */
static void
test_incomplete (void)
{
  static const char *incomplete[] = {
    "(a b", "#(1 2", "\"abc", "'", "#;", "#| x", "(a . ", "#0=", "#\\",
    "\"a\\", "|sym"
  };
  static const char *malformed[] = {
    ")", "(a . )", "#q", "#\\nosuchname", "(a . b c)", "\"\\q\"", "#1#"
  };
  for (size_t i = 0; i < sizeof incomplete / sizeof *incomplete; i++)
    {
      SCM raised;
      (void) try_read (scm_c_open_input_string (incomplete[i]), &raised);
      ok (scm_is_incomplete_read_error (raised),
          "%s is incomplete: %s", printable (incomplete[i]),
          message_of (raised));
    }
  for (size_t i = 0; i < sizeof malformed / sizeof *malformed; i++)
    {
      SCM raised;
      (void) try_read (scm_c_open_input_string (malformed[i]), &raised);
      ok (scm_is_condition (raised) && !scm_is_incomplete_read_error (raised),
          "%s is malformed, not incomplete: %s", printable (malformed[i]),
          message_of (raised));
    }
  ok (!scm_is_incomplete_read_error (SCM_BOOL_F),
      "#f is not an incomplete read error");
}

int
main (void)
{
  scm_init ();
  test_position_gc_rate ();     /* first: on a fresh heap and link table */
  test_lists ();
  test_strings ();
  test_chars ();
  test_booleans_numbers ();
  test_prefixed_numbers ();
  test_symbols ();
  test_abbreviations ();
  test_comments ();
  test_successive_reads ();
  test_fold_case ();
  test_labels ();
  test_errors ();
  test_error_recovery ();
  test_error_object ();
  test_incomplete ();
  test_depth ();
  test_positions ();
  test_position_table ();
  test_position_pack ();
  test_primitives ();
  test_threads ();
  test_random_input ();
  return tap_done ();
}
