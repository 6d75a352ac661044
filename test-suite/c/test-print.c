/* test-print.c -- write, display, write-shared, write-simple
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <gc/gc.h>
#include <string.h>
#include <libscm.h>
#include "tap.h"

/* ------------------------------------------------------------------ */
/* Helpers.  */

typedef SCM (*printer_fn) (SCM obj, SCM port);

static SCM
print_to_string (printer_fn fn, SCM obj)
{
  SCM port = scm_open_output_string ();
  fn (obj, port);
  return scm_get_output_string (port);
}

static const char *
w (SCM obj)
{
  return scm_to_utf8_stringn (print_to_string (scm_write, obj), NULL);
}

static const char *
d (SCM obj)
{
  return scm_to_utf8_stringn (print_to_string (scm_display, obj), NULL);
}

static const char *
ws (SCM obj)
{
  return scm_to_utf8_stringn (print_to_string (scm_write_shared, obj), NULL);
}

static const char *
wsimple (SCM obj)
{
  return scm_to_utf8_stringn (print_to_string (scm_write_simple, obj), NULL);
}

static SCM sym (const char *name) { return scm_from_utf8_symbol (name); }
static SCM str (const char *utf8) { return scm_from_utf8_string (utf8); }
static SCM fix (long n) { return SCM_MAKE_FIXNUM (n); }
static SCM chr (uint32_t c) { return SCM_MAKE_CHAR (c); }

static SCM
last_pair (SCM l)
{
  while (scm_is_pair (SCM_CDR (l)))
    l = SCM_CDR (l);
  return l;
}

static int
starts_with (const char *s, const char *prefix)
{
  return strncmp (s, prefix, strlen (prefix)) == 0;
}

static int
ends_with (const char *s, const char *suffix)
{
  size_t n = strlen (s), k = strlen (suffix);
  return n >= k && strcmp (s + n - k, suffix) == 0;
}

struct call { printer_fn fn; SCM obj; SCM port; };

static SCM
call_body (void *data)
{
  struct call *c = data;
  return c->fn (c->obj, c->port);
}

static SCM
return_raised (void *data, SCM obj)
{
  return obj;
}

/* ------------------------------------------------------------------ */
/* Atoms.  */

static void
test_constants (void)
{
  ok_streq (w (fix (0)), "0", "write 0");
  ok_streq (w (fix (-17)), "-17", "write -17");
  ok_streq (w (fix (SCM_MOST_POSITIVE_FIXNUM)), "2305843009213693951",
            "write the largest fixnum");
  ok_streq (w (fix (SCM_MOST_NEGATIVE_FIXNUM)), "-2305843009213693952",
            "write the smallest fixnum");
  ok_streq (w (scm_from_double (1.5)), "1.5", "write a flonum");
  ok_streq (w (SCM_BOOL_T), "#t", "write #t");
  ok_streq (w (SCM_BOOL_F), "#f", "write #f");
  ok_streq (w (SCM_EOL), "()", "write ()");
  ok_streq (w (SCM_EOF_VAL), "#<eof>", "write the eof object");
  ok_streq (w (SCM_UNSPECIFIED), "#<unspecified>", "write unspecified");
  ok_streq (w (SCM_UNDEFINED), "#<undefined>", "write undefined");
  ok_streq (d (SCM_BOOL_T), "#t", "display #t");
}

static void
test_chars (void)
{
  static const struct { uint32_t c; const char *want; } cases[] = {
    { 'a', "#\\a" }, { 'x', "#\\x" }, { 'A', "#\\A" }, { '(', "#\\(" },
    { '\\', "#\\\\" }, { ' ', "#\\space" }, { '\n', "#\\newline" },
    { '\t', "#\\tab" }, { 0, "#\\null" }, { 7, "#\\alarm" },
    { 8, "#\\backspace" }, { 0x7f, "#\\delete" }, { 0x1b, "#\\escape" },
    { '\r', "#\\return" }, { 1, "#\\x1" }, { 0x1f, "#\\x1f" },
    { 0x3bb, "#\\\xce\xbb" }, { 0xe9, "#\\\xc3\xa9" }, { 0xa0, "#\\xa0" },
    { 0x85, "#\\x85" }, { 0x200b, "#\\x200b" }, { 0xad, "#\\xad" },
    { 0x3000, "#\\x3000" }, { 0xe000, "#\\xe000" }, { 0x2028, "#\\x2028" }, { 0x10ffff, "#\\x10ffff" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    ok_streq (w (chr (cases[i].c)), cases[i].want, "write char U+%04X",
              (unsigned) cases[i].c);
  ok_streq (d (chr ('a')), "a", "display #\\a");
  ok_streq (d (chr (' ')), " ", "display #\\space");
  ok_streq (d (chr (0x3bb)), "\xce\xbb", "display #\\x3bb raw");
}

static void
test_strings (void)
{
  ok_streq (w (str ("abc")), "\"abc\"", "write a string");
  ok_streq (w (str ("")), "\"\"", "write the empty string");
  ok_streq (w (str ("a\"b\\c")), "\"a\\\"b\\\\c\"", "write escapes \" and \\");
  ok_streq (w (str ("\n\t\r\a\b")), "\"\\n\\t\\r\\a\\b\"",
            "write escapes \\n \\t \\r \\a \\b");
  ok_streq (w (str ("x\x01y\x1f\x7f")), "\"x\\x1;y\\x1f;\\x7f;\"",
            "write escapes other control characters as \\xHH;");
  ok_streq (w (str ("\xc2\x85|\xe2\x80\xa8")), "\"\\x85;|\\x2028;\"",
            "write escapes non-printing Unicode (NEL, LINE SEPARATOR)");
  ok_streq (w (str ("\xc2\xa0\xe2\x80\x8b\xef\xbb\xbf")),
            "\"\\xa0;\\x200b;\\xfeff;\"",
            "write escapes odd spaces and format characters");
  ok_streq (w (str ("\xce\xbb\xc3\xa9 \xe4\xb8\xad")),
            "\"\xce\xbb\xc3\xa9 \xe4\xb8\xad\"",
            "write keeps printing Unicode and spaces raw");
  ok_streq (w (scm_from_utf8_stringn ("a\0b", 3)), "\"a\\x0;b\"",
            "write escapes NUL");
  ok_streq (d (str ("a\"b\\c\n\xce\xbb")), "a\"b\\c\n\xce\xbb",
            "display writes a string raw");
  SCM out = print_to_string (scm_display,
                             scm_from_utf8_stringn ("a\0b", 3));
  ok (scm_c_string_length (out) == 3 && scm_c_string_ref (out, 1) == 0
      && scm_c_string_ref (out, 2) == 'b',
      "display passes NUL through to the port");
  SCM wide = str ("abc");
  scm_string_set_x (wide, fix (1), chr (0x3bb));
  ok_streq (w (wide), "\"a\xce\xbb" "c\"", "write a wide string");
}

static void
test_symbols (void)
{
  static const struct { const char *name, *want; } cases[] = {
    { "foo", "foo" }, { "FOO", "FOO" }, { "a.b", "a.b" },
    { "\xce\xbbx", "\xce\xbbx" }, { "+", "+" }, { "-", "-" },
    { "...", "..." }, { "->x", "->x" }, { "a#b", "a#b" }, { "1+", "|1+|" },
    { "", "||" }, { "hello world", "|hello world|" }, { "a|b", "|a\\|b|" },
    { "a\\b", "|a\\\\b|" }, { "(", "|(|" }, { "a)", "|a)|" },
    { "a;b", "|a;b|" }, { "'a", "|'a|" }, { "a\"b", "|a\"b|" },
    { "#foo", "|#foo|" }, { ".", "|.|" }, { "1", "|1|" },
    { "123", "|123|" }, { "-5", "|-5|" }, { "+5", "|+5|" },
    { "tab\there", "|tab\\there|" }, { "x\x01", "|x\\x1;|" },
    { "[a]", "|[a]|" }, { "a,b", "|a,b|" }, { "`", "|`|" },
    { ".5", "|.5|" }, { "1e3", "|1e3|" }, { "+inf.0", "|+inf.0|" },
    { "-nan.0", "|-nan.0|" }, { "1/2", "|1/2|" }, { "+i", "|+i|" },
    { "123456789012345678901234567890", "|123456789012345678901234567890|" },
    { "..", ".." }, { "a\xc2\xa0" "b", "|a\\xa0;b|" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    ok_streq (w (sym (cases[i].name)), cases[i].want, "write symbol %s",
              cases[i].want);
  ok_streq (d (sym ("hello world")), "hello world",
            "display writes a symbol without bars");
  ok_streq (d (sym ("")), "", "display the empty symbol");
  ok_streq (w (scm_from_utf8_keyword ("foo")), "#:foo", "write #:foo");
  ok_streq (w (scm_from_utf8_keyword ("a b")), "#:|a b|",
            "write a keyword that needs bars");
  ok_streq (d (scm_from_utf8_keyword ("a b")), "#:a b",
            "display a keyword");
}

static void
test_objects (void)
{
  SCM car = scm_variable_ref (scm_c_lookup ("car"));
  ok_streq (w (car), "#<procedure car>", "write a subr");
  ok_streq (d (scm_variable_ref (scm_c_lookup ("write-shared"))),
            "#<procedure write-shared>", "display a subr");
  ok_streq (w (scm_c_fdopen (0, "r", "st\"din", 0)),
            "#<input-port \"st\\\"din\">", "write a named input port");
  ok (starts_with (w (scm_open_output_string ()), "#<output-port 0x")
      && ends_with (w (scm_open_output_string ()), ">"),
      "write an unnamed output port: %s", w (scm_open_output_string ()));
  SCM cond = scm_make_condition (sym ("read-error"), SCM_BOOL_F,
                                 str ("bad \"thing\""),
                                 scm_list_2 (fix (5), str ("x")));
  ok_streq (w (cond), "#<condition read-error: bad \"thing\": 5 \"x\">",
            "write a condition");
  cond = scm_make_condition (sym ("wrong-type-arg"), sym ("car"),
                             str ("wrong type"), SCM_EOL);
  ok_streq (w (cond), "#<condition wrong-type-arg: car: wrong type>",
            "write a condition with who and no irritants");
  cond = scm_make_condition (sym ("error"), SCM_BOOL_F, sym ("not-a-string"),
                             scm_list_1 (chr ('c')));
  ok_streq (d (cond), "#<condition error: not-a-string: c>",
            "display a condition whose message is a symbol");
  SCM var = scm_make_variable (fix (1));
  ok (starts_with (w (var), "#<variable 0x") && ends_with (w (var), ">"),
      "write a variable: %s", w (var));
  scm_t_bits *odd = GC_MALLOC (2 * sizeof (scm_t_bits));
  odd[0] = SCM_MAKE_HEADER (0x7f, 0, 0);
  ok (starts_with (w (SCM_PACK_POINTER (odd)), "#<unknown-type 0x"),
      "write an object of unknown type: %s", w (SCM_PACK_POINTER (odd)));
  SCM imm = SCM_MAKE_IMMEDIATE (99, SCM_ITAG_CONSTANT);
  ok_streq (w (imm), "#<unknown-type 0x6304>",
            "write an immediate of unknown kind");
}

/* ------------------------------------------------------------------ */
/* Lists, vectors, abbreviations.  */

static void
test_compound (void)
{
  ok_streq (w (scm_list_3 (fix (1), fix (2), fix (3))), "(1 2 3)",
            "write a list");
  ok_streq (w (scm_cons (fix (1), fix (2))), "(1 . 2)", "write a pair");
  ok_streq (w (scm_cons (fix (1), scm_cons (fix (2), fix (3)))),
            "(1 2 . 3)", "write an improper list");
  ok_streq (w (scm_list_1 (SCM_EOL)), "(())", "write (())");
  ok_streq (w (scm_list_2 (scm_list_1 (sym ("a")),
                           scm_list_2 (str ("b"), chr ('c')))),
            "((a) (\"b\" #\\c))", "write a nested list");
  ok_streq (d (scm_list_2 (scm_list_1 (sym ("a")),
                           scm_list_2 (str ("b"), chr ('c')))),
            "((a) (b c))", "display a nested list");
  SCM v = scm_c_make_vector (3, fix (0));
  scm_c_vector_set_x (v, 1, str ("a"));
  scm_c_vector_set_x (v, 2, chr ('b'));
  ok_streq (w (v), "#(0 \"a\" #\\b)", "write a vector");
  ok_streq (w (scm_c_make_vector (0, SCM_BOOL_F)), "#()",
            "write an empty vector");
  ok_streq (w (scm_list_2 (scm_c_make_vector (0, SCM_BOOL_F), v)),
            "(#() #(0 \"a\" #\\b))", "write vectors in a list");
  ok_streq (w (scm_cons (fix (1), v)), "(1 . #(0 \"a\" #\\b))",
            "write a vector in the cdr");
}

static void
test_abbreviations (void)
{
  SCM x = sym ("x");
  ok_streq (w (scm_list_2 (sym ("quote"), x)), "'x", "(quote x) is 'x");
  ok_streq (w (scm_list_2 (sym ("quasiquote"), x)), "`x",
            "(quasiquote x) is `x");
  ok_streq (w (scm_list_2 (sym ("unquote"), x)), ",x", "(unquote x) is ,x");
  ok_streq (w (scm_list_2 (sym ("unquote-splicing"), x)), ",@x",
            "(unquote-splicing x) is ,@x");
  SCM qq = scm_list_2 (sym ("quasiquote"),
                       scm_list_3 (sym ("a"),
                                   scm_list_2 (sym ("unquote"), sym ("b")),
                                   scm_list_2 (sym ("unquote-splicing"),
                                               sym ("c"))));
  ok_streq (w (qq), "`(a ,b ,@c)", "nested abbreviations");
  ok_streq (w (scm_list_2 (sym ("quote"), scm_list_2 (sym ("quote"), x))),
            "''x", "''x");
  ok_streq (w (scm_list_1 (sym ("quote"))), "(quote)",
            "(quote) is not abbreviated");
  ok_streq (w (scm_list_3 (sym ("quote"), x, x)), "(quote x x)",
            "(quote x x) is not abbreviated");
  ok_streq (w (scm_cons (sym ("quote"), x)), "(quote . x)",
            "(quote . x) is not abbreviated");
  ok_streq (w (scm_list_2 (fix (1), scm_list_2 (sym ("quote"), SCM_EOL))),
            "(1 '())", "'() inside a list");
  ok_streq (w (scm_cons (fix (1), scm_list_2 (sym ("quote"), x))),
            "(1 quote x)", "a quote form in the cdr is not abbreviated");
  ok_streq (d (scm_list_2 (sym ("quote"), str ("s"))), "'s",
            "display abbreviates too");
}

/* ------------------------------------------------------------------ */
/* Cycles and sharing.  */

static void
test_cycles (void)
{
  SCM l = scm_list_3 (fix (1), fix (2), fix (3));
  scm_set_cdr_x (last_pair (l), l);
  ok_streq (w (l), "#0=(1 2 3 . #0#)", "write a circular list");
  ok_streq (d (l), "#0=(1 2 3 . #0#)", "display a circular list");
  ok_streq (ws (l), "#0=(1 2 3 . #0#)", "write-shared a circular list");

  SCM p = scm_list_1 (sym ("a"));
  scm_set_car_x (p, p);
  ok_streq (w (p), "#0=(#0#)", "write a pair whose car is itself");

  SCM v = scm_c_make_vector (2, fix (1));
  scm_c_vector_set_x (v, 1, v);
  ok_streq (w (v), "#0=#(1 #0#)", "write a vector that holds itself");

  SCM tail = scm_list_2 (sym ("b"), sym ("c"));
  scm_set_cdr_x (last_pair (tail), tail);
  SCM lasso = scm_cons (sym ("a"), tail);
  ok_streq (w (lasso), "(a . #0=(b c . #0#))",
            "write a list whose tail is circular");

  SCM two = scm_list_2 (scm_list_1 (fix (1)), scm_list_1 (fix (2)));
  scm_set_cdr_x (SCM_CAR (two), two);
  scm_set_cdr_x (SCM_CAR (SCM_CDR (two)), two);
  ok_streq (w (two), "#0=((1 . #0#) (2 . #0#))",
            "write two cycles through the same pair");

  SCM q = scm_list_2 (sym ("quote"), SCM_BOOL_F);
  scm_set_car_x (SCM_CDR (q), q);
  ok_streq (w (q), "#0='#0#", "write (quote <itself>)");

  SCM cond = scm_make_condition (sym ("error"), SCM_BOOL_F, str ("oops"),
                                 SCM_EOL);
  SCM_SET_CELL_OBJECT (cond, 4, scm_list_1 (cond));
  ok_streq (w (cond), "#0=#<condition error: oops: #0#>",
            "write a condition among its own irritants");
}

static void
test_shared (void)
{
  SCM s = scm_list_1 (sym ("x"));
  SCM l = scm_list_2 (s, s);
  ok_streq (w (l), "((x) (x))", "write does not label shared structure");
  ok_streq (ws (l), "(#0=(x) #0#)", "write-shared labels shared pairs");
  ok_streq (wsimple (l), "((x) (x))", "write-simple has no labels");
  ok_streq (d (l), "((x) (x))", "display does not label sharing");

  SCM v = scm_c_make_vector (1, sym ("y"));
  SCM lv = scm_list_3 (v, fix (0), v);
  ok_streq (ws (lv), "(#0=#(y) 0 #0#)", "write-shared labels shared vectors");
  ok_streq (w (lv), "(#(y) 0 #(y))", "write repeats a shared vector");

  SCM shared_tail = scm_list_2 (fix (2), fix (3));
  SCM st = scm_list_2 (scm_cons (fix (1), shared_tail),
                       scm_cons (fix (9), shared_tail));
  ok_streq (ws (st), "((1 . #0=(2 3)) (9 . #0#))",
            "write-shared labels a shared tail");

  SCM both = scm_cons (s, scm_cons (s, SCM_EOL));
  scm_set_cdr_x (SCM_CDR (both), both);
  ok_streq (w (both), "#0=((x) (x) . #0#)",
            "write labels the cycle only");
  ok_streq (ws (both), "#0=(#1=(x) #1# . #0#)",
            "write-shared labels the cycle and the sharing");

  SCM e = scm_c_make_vector (0, SCM_BOOL_F);
  ok_streq (ws (scm_list_2 (e, e)), "(#() #())",
            "empty vectors get no labels");
  SCM str_shared = str ("s");
  ok_streq (ws (scm_list_2 (str_shared, str_shared)), "(\"s\" \"s\")",
            "strings get no labels");
}

/* Big enough that write does its full depth-first pass.  */
static void
test_big_cycles (void)
{
  SCM l = SCM_EOL;
  for (long i = 999; i >= 0; i--)
    l = scm_cons (fix (i), l);
  const char *flat = w (l);
  ok (starts_with (flat, "(0 1 2 ") && ends_with (flat, " 998 999)")
      && !strchr (flat, '#'),
      "write a list of 1000 without labels");
  scm_set_cdr_x (last_pair (l), l);
  const char *text = w (l);
  ok (starts_with (text, "#0=(0 1 2 ") && ends_with (text, " 999 . #0#)"),
      "write a circular list of 1000");

  SCM v = scm_c_make_vector (1000, SCM_BOOL_F);
  for (size_t i = 0; i < 1000; i++)
    scm_c_vector_set_x (v, i, scm_list_1 (v));
  text = w (v);
  ok (starts_with (text, "#0=#((#0#) (#0#) ")
      && ends_with (text, " (#0#))"),
      "write a vector of 1000 lists that hold it");
}

/* ------------------------------------------------------------------ */
/* Depth.  */

#define DEEP 1000000

static int
is_deep_nest (SCM text, size_t depth)
{
  size_t n = scm_c_string_length (text);
  if (n != 2 * depth + 2)
    return 0;
  for (size_t i = 0; i < n; i++)
    if (scm_c_string_ref (text, i) != (i <= depth ? '(' : ')'))
      return 0;
  return 1;
}

static void
test_depth (void)
{
  SCM x = SCM_EOL;
  for (long i = 0; i < DEEP; i++)
    x = scm_list_1 (x);
  ok (is_deep_nest (print_to_string (scm_write, x), DEEP),
      "write a list nested 1000000 deep in the car");
  ok (is_deep_nest (print_to_string (scm_display, x), DEEP),
      "display it");
  ok (is_deep_nest (print_to_string (scm_write_shared, x), DEEP),
      "write-shared it");
  ok (is_deep_nest (print_to_string (scm_write_simple, x), DEEP),
      "write-simple it");
  ok (is_deep_nest (scm_object_to_string (x, SCM_UNDEFINED), DEEP),
      "object->string it");

  SCM inner = scm_list_1 (SCM_EOL);
  SCM deep = inner;
  for (long i = 1; i < DEEP; i++)
    deep = scm_list_1 (deep);
  scm_set_car_x (inner, deep);
  const char *text = w (deep);
  ok (strlen (text) == 3 + DEEP + 3 + DEEP
      && starts_with (text, "#0=((((") && starts_with (text + 2 + DEEP, "(#0#))")
      && ends_with (text, "))))"),
      "write a cycle 1000000 deep");

  SCM v = scm_c_make_vector (0, SCM_BOOL_F);
  for (long i = 0; i < DEEP; i++)
    v = scm_c_make_vector (1, v);
  SCM vt = print_to_string (scm_write, v);
  ok (scm_c_string_length (vt) == 2 * (size_t) DEEP + 3 + DEEP
      && scm_c_string_ref (vt, 0) == '#' && scm_c_string_ref (vt, 1) == '(',
      "write vectors nested 1000000 deep");

  SCM l = SCM_EOL;
  for (long i = 0; i < DEEP; i++)
    l = scm_cons (fix (7), l);
  ok (scm_c_string_length (print_to_string (scm_write, l)) == 2 * DEEP + 1,
      "write a list of 1000000 elements");
}

/* ------------------------------------------------------------------ */
/* Ports, primitives, C entry points.  */

static void
test_entry_points (void)
{
  SCM l = scm_list_2 (str ("a"), chr ('b'));
  ok_streq (scm_to_utf8_stringn (scm_object_to_string (l, SCM_UNDEFINED), NULL),
            "(\"a\" #\\b)", "scm_object_to_string");
  ok_streq (scm_c_write_to_utf8 (l), "(\"a\" #\\b)", "scm_c_write_to_utf8");
  SCM c = scm_list_1 (fix (1));
  scm_set_cdr_x (c, c);
  ok_streq (scm_c_write_to_utf8 (c), "#0=(1 . #0#)",
            "scm_c_write_to_utf8 labels cycles");
  ok_streq (scm_c_write_to_utf8 (scm_from_utf8_stringn ("\0", 1)),
            "\"\\x0;\"", "scm_c_write_to_utf8 escapes NUL");

  static const char *names[] = { "write", "display", "write-shared",
                                 "write-simple", "object->string" };
  int all = 1;
  for (size_t i = 0; i < 5; i++)
    all &= scm_is_subr (scm_variable_ref (scm_c_lookup (names[i])));
  ok (all, "write display write-shared write-simple object->string are "
      "primitives");
  SCM port = scm_open_output_string ();
  scm_call_2 (scm_variable_ref (scm_c_lookup ("write-shared")), l, port);
  ok_streq (scm_to_utf8_stringn (scm_get_output_string (port), NULL),
            "(\"a\" #\\b)", "(write-shared obj port) through the subr");

  struct call bad = { scm_write, l, fix (3) };
  SCM err = scm_c_catch_raise (call_body, &bad, return_raised, NULL);
  ok (scm_is_condition (err), "write to a non-port raises: %s",
      scm_c_condition_text (err));
  struct call in = { scm_display, l, scm_c_open_input_string ("x") };
  err = scm_c_catch_raise (call_body, &in, return_raised, NULL);
  ok (scm_is_condition (err), "display to an input port raises: %s",
      scm_c_condition_text (err));
  SCM closed = scm_open_output_string ();
  scm_close_port (closed);
  struct call cl = { scm_write, l, closed };
  err = scm_c_catch_raise (call_body, &cl, return_raised, NULL);
  ok (scm_is_condition (err), "write to a closed port raises: %s",
      scm_c_condition_text (err));
  SCM msg = scm_make_condition (sym ("error"), sym ("car"), str ("bad"),
                                scm_list_1 (scm_list_2 (str ("q"),
                                                        chr (' '))));
  ok_streq (scm_c_condition_text (msg), "car: bad: (\"q\" #\\space)",
            "condition text writes the irritants");
}

int
main (void)
{
  scm_init ();
  test_constants ();
  test_chars ();
  test_strings ();
  test_symbols ();
  test_objects ();
  test_compound ();
  test_abbreviations ();
  test_cycles ();
  test_shared ();
  test_big_cycles ();
  test_depth ();
  test_entry_points ();
  return tap_done ();
}
