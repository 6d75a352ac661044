/* test-isa.c -- every instruction the compiler emits has operands of
   the kinds that the instruction table declares (vm/isa-internal.h)
   SPDX-License-Identifier: LGPL-3.0-or-later

   A white-box test: the program links the library's core without the
   precompiled prelude, so that scm_init compiles the prelude from
   source, and wraps scm_i_make_code (ld --wrap) to keep every code
   object the compiler makes.  The corpus: the prelude, every built-in
   library (module/), the definitions of the benchmarks, and a few
   forms for the rarer instructions.  Then every instruction of every
   code object is checked against its declared kinds: a LABEL lies in
   the same code on an instruction, a SLOT within the frame that ENTER
   sizes, a FREE within the closures that CLOSURE makes of the code, a
   VAR is a variable, a FIXNUM a fixnum, an object operand a valid
   object, a raw one no pointer...  A table that declares a kind the
   compiler does not emit fails here; so does a table whose kinds are
   shifted by one (the test checks that it would).  */

#include "runtime/scm-internal.h"
#include "values/strings-internal.h"
#include "vm/vm-internal.h"
#include "expand/ast-internal.h"
#include "modules/modules-internal.h"
#include "values/hashtab-internal.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gc/gc.h>
#include <libscm/eval.h>
#include <libscm/init.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/records.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>

#include "tap.h"

/* ------------------------------------------------------------------ */
/* The code objects the compiler makes.  */

SCM __real_scm_i_make_code (const scm_t_bits *words, size_t n, SCM name,
                            SCM file, const struct scm_i_srcmap_entry *map,
                            size_t nmap, unsigned req, int rest);
SCM __wrap_scm_i_make_code (const scm_t_bits *words, size_t n, SCM name,
                            SCM file, const struct scm_i_srcmap_entry *map,
                            size_t nmap, unsigned req, int rest);

/* In memory the collector scans: the codes stay alive.  */
static SCM *codes;
static size_t ncodes, codes_cap;

SCM __real_scm_i_make_code_with_debug
  (const scm_t_bits *words, size_t n, SCM name, SCM file,
   const struct scm_i_srcmap_entry *map, size_t nmap, unsigned req,
   int rest, const struct scm_i_code_debug *debug);
SCM __wrap_scm_i_make_code_with_debug
  (const scm_t_bits *words, size_t n, SCM name, SCM file,
   const struct scm_i_srcmap_entry *map, size_t nmap, unsigned req,
   int rest, const struct scm_i_code_debug *debug);

static SCM keep (SCM code);

/* The compiler makes code with its locals' debug data; other callers
   without: both are kept.  */
SCM
__wrap_scm_i_make_code_with_debug (const scm_t_bits *words, size_t n,
                                   SCM name, SCM file,
                                   const struct scm_i_srcmap_entry *map,
                                   size_t nmap, unsigned req, int rest,
                                   const struct scm_i_code_debug *debug)
{
  return keep (__real_scm_i_make_code_with_debug (words, n, name, file, map,
                                                  nmap, req, rest, debug));
}

SCM
__wrap_scm_i_make_code (const scm_t_bits *words, size_t n, SCM name,
                        SCM file, const struct scm_i_srcmap_entry *map,
                        size_t nmap, unsigned req, int rest)
{
  return keep (__real_scm_i_make_code (words, n, name, file, map, nmap,
                                       req, rest));
}

static SCM
keep (SCM code)
{
  if (ncodes == codes_cap)
    {
      codes_cap = codes_cap ? 2 * codes_cap : 4096;
      SCM *c = GC_MALLOC_UNCOLLECTABLE (codes_cap * sizeof *c);
      if (c == NULL)
        abort ();
      if (codes != NULL)
        {
          memcpy (c, codes, ncodes * sizeof *c);
          GC_FREE (codes);
        }
      codes = c;
    }
  codes[ncodes++] = code;
  return code;
}

/* The number of free values of the closures made of each code: what
   the CLOSURE instructions say (0 if none makes one).  */
static size_t *nfree_of;

static size_t
code_index (SCM code)
{
  for (size_t i = 0; i < ncodes; i++)
    if (scm_is_eq (codes[i], code))
      return i;
  return (size_t) -1;
}

/* ------------------------------------------------------------------ */
/* The check.  */

/* A valid object word: a fixnum, an immediate, or the address of an
   object: the start of a block of the collector's heap, or static
   (outside it); an address within a heap object (a jump target) is
   none.  */
static int
object_word_p (scm_t_bits w)
{
  if ((w & 3) == 2 || (w & 7) == 4)
    return 1;
  if (w == 0 || (w & 7) != 0 || w < 4096)
    return 0;
  void *base = GC_base ((void *) w);
  return base == NULL || base == (void *) w;
}

static unsigned long problems;

static void __attribute__ ((format (printf, 4, 5)))
problem (SCM code, size_t at, const char *op, const char *fmt, ...)
{
  if (problems++ >= 20)
    return;                     /* enough to see what is wrong */
  va_list ap;
  char text[200];
  va_start (ap, fmt);
  vsnprintf (text, sizeof text, fmt, ap);
  va_end (ap);
  SCM name = SCM_CELL_OBJECT (code, SCM_I_CODE_NAME);
  printf ("#   %s, word %zu, %s: %s\n",
          scm_is_symbol (name)
          ? scm_i_to_utf8_stringn (scm_symbol_to_string (name), NULL)
          : "(anonymous)", at, op, text);
}

/* Whether word W is right for an operand of kind K in code CODE of N
   words, whose frame needs SIZE slots and whose closures have NFREE
   free values; BOUNDARY[i] says whether word i begins an instruction.  */
static int
operand_fits (enum scm_i_operand_kind k, scm_t_bits w, SCM code, size_t n,
              size_t size, size_t nfree, const char *boundary)
{
  SCM x = SCM_PACK (w);
  const scm_t_bits *entry = scm_i_code_entry (code);
  if (scm_i_operand_kind_is_object (k) && !object_word_p (w))
    return 0;
  switch (k)
    {
    case SCM_I_OPK_CONST: return 1;
    case SCM_I_OPK_FIXNUM: return SCM_FIXNUM_P (x);
    case SCM_I_OPK_VAR: return scm_is_true (scm_variable_p (x));
    case SCM_I_OPK_SYM: return scm_is_symbol (x);
    case SCM_I_OPK_PROC: return scm_is_true (scm_procedure_p (x));
    case SCM_I_OPK_CODE: return scm_i_is_code (x);
    case SCM_I_OPK_RTD: return scm_is_record_type (x);
    case SCM_I_OPK_EQLIST:
      if (scm_c_list_length (x) < 0)
        return 0;
      for (; scm_is_pair (x); x = SCM_CDR (x))
        if (SCM_HEAP_OBJECT_P (SCM_CAR (x)) && scm_is_number (SCM_CAR (x)))
          return 0;
      return 1;
    case SCM_I_OPK_SLOT: return w < size;
    case SCM_I_OPK_FREE: return w < nfree;
    case SCM_I_OPK_COUNT: return w <= 0xffff;
    case SCM_I_OPK_SIZE: return w <= 0xfffff;
    case SCM_I_OPK_LABEL:
      {
        const scm_t_bits *t = (const scm_t_bits *) w;
        return t >= entry && t < entry + n && boundary[t - entry];
      }
    case SCM_I_OPK_TC8:
      /* A header's code (odd, a byte) or a pseudo code (above a byte,
         so that no header's low byte matches it).  */
      return (w < 256 && (w & 1)) || w == SCM_I_TC8_EXACT_INTEGER
        || w == SCM_I_TC8_INTEGER;
    case SCM_I_OPK_KIND: return w <= SCM_I_KREC_SET;
    default: return 0;
    }
}

/* Whether TABLE, the table of the CASE_EQ at word AT of code of N
   words, is an immutable vector of data and offsets: data that eq?
   compares as eqv? does, none twice, each offset landing on an
   instruction after the CASE_EQ's own.  */
static int
case_table_fits (SCM table, size_t at, size_t n, const char *boundary)
{
  if (!scm_is_vector (table) || !scm_i_is_immutable_vector (table))
    return 0;
  size_t len = SCM_VECTOR_LENGTH (table);
  if (len == 0 || len % 2 != 0)
    return 0;
  for (size_t i = 0; i < len; i += 2)
    {
      SCM d = SCM_VECTOR_REF (table, i), off = SCM_VECTOR_REF (table, i + 1);
      if ((SCM_HEAP_OBJECT_P (d) && scm_is_number (d)) || !SCM_FIXNUM_P (off)
          || SCM_FIXNUM_VALUE (off) <= 2
          || at + (size_t) SCM_FIXNUM_VALUE (off) >= n
          || !boundary[at + (size_t) SCM_FIXNUM_VALUE (off)])
        return 0;
      for (size_t j = 0; j < i; j += 2)
        if (scm_is_eq (SCM_VECTOR_REF (table, j), d))
          return 0;
    }
  return 1;
}

/* Check code object I against KINDS (a table of the shape of
   scm_i_op_kinds); count the opcodes seen in SEEN.  */
static void
check_code (size_t i, const uint32_t *kinds, unsigned long *seen)
{
  SCM code = codes[i];
  const scm_t_bits *entry = scm_i_code_entry (code);
  size_t n = SCM_OBJ_PAYLOAD (code);
  char *boundary = calloc (n + 1, 1);
  if (boundary == NULL)
    abort ();
  for (size_t k = 0; k < n;)
    {
      int op = scm_i_opcode_of_label ((const void *) entry[k]);
      if (op < 0 || k + 1 + scm_i_op_operands[op] > n)
        {
          problem (code, k, "?", "no instruction, or one past the end");
          free (boundary);
          return;
        }
      boundary[k] = 1;
      k += 1 + scm_i_op_operands[op];
    }
  size_t size = 0;
  if (n >= 2 && scm_i_opcode_of_label ((const void *) entry[0]) == SCM_OP_ENTER)
    size = entry[1];
  size_t nfree = nfree_of[i];
  for (size_t k = 0; k < n;)
    {
      int op = scm_i_opcode_of_label ((const void *) entry[k]);
      unsigned nops = scm_i_op_operands[op];
      seen[op]++;
      for (unsigned j = 1; j <= nops; j++)
        {
          enum scm_i_operand_kind kind
            = (enum scm_i_operand_kind) ((kinds[op] >> (4 * (j - 1))) & 15);
          if (!operand_fits (kind, entry[k + j], code, n, size, nfree,
                             boundary))
            problem (code, k, scm_i_op_names[op],
                     "operand %u (%#lx) is no %s", j,
                     (unsigned long) entry[k + j],
                     scm_i_operand_kind_names[kind]);
        }
      if (op == SCM_OP_CASE_EQ && !case_table_fits (SCM_PACK (entry[k + 2]),
                                                    k, n, boundary))
        problem (code, k, "CASE_EQ", "a table of no data, or one that "
                 "repeats a datum, holds a number on the heap, or jumps "
                 "past the code or into an instruction");
      k += 1 + nops;
    }
  free (boundary);
}

/* What the CLOSURE instructions of every code say of the free values
   of the codes they close.  */
static void
note_closures (void)
{
  nfree_of = calloc (ncodes, sizeof *nfree_of);
  if (nfree_of == NULL)
    abort ();
  for (size_t i = 0; i < ncodes; i++)
    {
      const scm_t_bits *entry = scm_i_code_entry (codes[i]);
      size_t n = SCM_OBJ_PAYLOAD (codes[i]);
      for (size_t k = 0; k < n;)
        {
          int op = scm_i_opcode_of_label ((const void *) entry[k]);
          if (op < 0)
            break;
          if (op == SCM_OP_CLOSURE || op == SCM_OP_CLOSURE12)
            {
              size_t c = code_index (SCM_PACK (entry[k + 1]));
              if (c != (size_t) -1 && entry[k + 2] > nfree_of[c])
                nfree_of[c] = entry[k + 2];
            }
          k += 1 + scm_i_op_operands[op];
        }
    }
}

/* Check every code against KINDS: the number of problems found.  */
static unsigned long
check_all (const uint32_t *kinds, unsigned long *seen)
{
  problems = 0;
  for (size_t i = 0; i < ncodes; i++)
    check_code (i, kinds, seen);
  return problems;
}

/* ------------------------------------------------------------------ */
/* The corpus.  */

/* Import every library in top_srcdir/module: (dir name) for
   module/dir/name.sld, numbers read as numbers.  */
static int
import_builtin_libraries (const char *srcdir)
{
  char path[1024];
  int count = 0;
  snprintf (path, sizeof path, "%s/module", srcdir);
  DIR *top = opendir (path);
  if (top == NULL)
    return 0;
  struct dirent *d;
  while ((d = readdir (top)) != NULL)
    {
      if (d->d_name[0] == '.')
        continue;
      char sub[2048];
      snprintf (sub, sizeof sub, "%s/%s", path, d->d_name);
      DIR *dir = opendir (sub);
      if (dir == NULL)
        continue;
      struct dirent *e;
      while ((e = readdir (dir)) != NULL)
        {
          size_t len = strlen (e->d_name);
          if (len < 5 || strcmp (e->d_name + len - 4, ".sld") != 0)
            continue;
          char expr[4096];
          snprintf (expr, sizeof expr,
                    "(eval '(import (%s %.*s)) (interaction-environment))",
                    d->d_name, (int) (len - 4), e->d_name);
          scm_c_eval_string (expr);
          count++;
        }
      closedir (dir);
    }
  closedir (top);
  return count;
}

/* Evaluate the forms of FILE but the benchmark's run: its definitions,
   compiled; an include is followed.  */
static const char load_definitions[] =
  "(define (isa-load-definitions file)\n"
  "  (with-input-from-file file\n"
  "    (lambda ()\n"
  "      (let loop ()\n"
  "        (let ((form (read)))\n"
  "          (unless (eof-object? form)\n"
  "            (cond ((and (pair? form) (eq? (car form) 'include))\n"
  "                   (isa-load-definitions\n"
  "                    (string-append isa-dir \"/\" (cadr form))))\n"
  "                  ((and (pair? form) (eq? (car form) 'run-benchmark)))\n"
  "                  (else (eval form (interaction-environment))))\n"
  "            (loop)))))))\n";

/* The rarer instructions: continuations, apply, case-lambda, records,
   boxes, closures over boxes, vectors, quotient and the like (the
   prelude's intrinsics %apply & co for the non-tail APPLY forms).  */
static const char rare_forms[] =
  "(define-record-type point (make-point x y) point? (x point-x set-point-x!)"
  "  (y point-y))\n"
  "(define (isa-rare a b . rest)\n"
  "  (let ((v (make-vector 3 a)) (n 0) (p (make-point 1 2)))\n"
  "    (set! n (+ n 1))\n"
  "    (set-point-x! p (point-y p))\n"
  "    (vector-set! v 1 (vector-ref v 0))\n"
  "    (list (call/cc (lambda (k) (k n)))\n"
  "          (call-with-escape-continuation (lambda (k) (k b)))\n"
  "          (apply + 1 rest) (call-with-values (lambda () (values 1 2)) +)\n"
  "          (quotient a 3) (remainder a 3) (modulo a 3) (/ a 2)\n"
  "          (lambda () (set! n (* n 2)) n) (point? p) (make-point a b)\n"
  "          (symbol? a) (if (string? b) 1 2) (zero? a) (eqv? a b)\n"
  "          (vector-length v) (+ a b n 1) (- a 1) (car rest) (cdr rest))))\n"
  "(define isa-k #f)\n"
  "(define (isa-rare2 a b v . rest)\n"
  "  (list (+ 1 (apply max a rest))\n"
  "        (+ 1 (call-with-values (lambda () (values a b)) max))\n"
  "        (+ 1 (call/cc (lambda (k) (set! isa-k k) a)))\n"
  "        (if (not (> a b)) 1 2) (if (not (<= a b)) 1 2)\n"
  "        (if (not (>= a b)) 1 2) (if (>= (vector-ref v 0) a) 1 2)\n"
  "        (if (zero? b) 1 2)\n"
  "        (+ 1 (%apply max rest)) (+ 1 (%apply-values max (values a b)))\n"
  "        (+ 1 (%call/cc (lambda (k) (set! isa-k k) a)))))\n"
  "(define isa-cl (case-lambda ((a) a) ((a b) (+ a b)) ((a . r) r)))\n"
  "(define (isa-case c)\n"
  "  (case c ((#\\a #\\b #\\c #\\d #\\e #\\f #\\g #\\h #\\i) 'letter) (else 'other)))\n"
  ";; (< a b) of two locals as a value out of a tail (LT_LL), in one\n"
  ";; (LT_LL_RETURN).\n"
  "(define (isa-lt a b) (list (< a b)))\n"
  "(define (isa-lt-ret a b) (< a b))\n"
  ";; (eq? local global) as a value (EQ_LG).\n"
  "(define isa-glob 'g)\n"
  "(define (isa-eq-lg a) (list (eq? a isa-glob)))\n"
  ";; A case of a few data, one repeated (CASE_EQ, the first clause's).\n"
  "(define (isa-case-eq s)\n"
  "  (case s ((a b) 1) ((b c) 2) ((d #\\e 7 ()) 3) (else 4)))\n"
  ";; A body's procedure called before its definition: read with a\n"
  ";; check (a definition that nothing before it mentions has none).\n"
  "(define (isa-early) (define a (b)) (define (b) 1) a)\n"
  "(define (isa-body-record a)\n"
  "  (define-record-type cell (make-cell v w) cell? (v cell-v set-cell-v!)\n"
  "    (w cell-w))\n"
  "  (let ((c (make-cell a 0)) (e (make-cell 0 0)))\n"
  "    (set-cell-v! c (cell-w e))\n"
  "    c))\n"
  ";; Guarded forms that the prelude and the libraries, whose core\n"
  ";; bindings cannot change, have as their unguarded twins.\n"
  "(define (isa-guarded a b l)\n"
  "  (list (<= a b) (pair? l) (let loop ((i a)) (if (>= i 10) i (loop (+ i 1))))\n"
  "        (let loop ((i a) (j b)) (if (>= i j) i (loop (+ i 1) j)))\n"
  "        (if (not (pair? l)) 1 2) (vector-ref isa-vec (+ a 1))\n"
  "        (let ((v (vector a b)) (i 0)) (vector-set! v i b) v)\n"
  "        (let ((p (list a))) (set-car! p b) p)))\n"
  "(define isa-vec (vector 1 2 3))\n"
  ";; Loops whose steps are made in place (STEP_ADDK_ADD & co): only\n"
  ";; where + and - cannot change.\n"
  "(define-library (isa steps) (export isa-sums) (import (scheme base))\n"
  "  (begin\n"
  "    (define (isa-sums n)\n"
  "      (list (let loop ((i n) (s 0)) (if (< i 0) s (loop (- i 1) (+ i s))))\n"
  "            (let loop ((i 0) (s 0)) (if (> i n) s (loop (+ i 1) (+ i s))))))))\n"
  ";; A self call compiled unchecked (GSELFTAILCALL2_U), checked again\n"
  ";; when the name is given another value.\n"
  "(define (isa-self2 a b) (if (= a 0) b (isa-self2 (- a 1) b)))\n"
  "(define isa-self2-old isa-self2)\n"
  "(set! isa-self2 car)\n"
  ";; Non-tail ones of one argument (GSELFCALL1_U, then GSELFCALL1), of\n"
  ";; a value and two locals (GSELFCALL1_L2) and of four, the last two\n"
  ";; locals (GSELFCALL_L2), and of two values (GSELFCALL, where map's\n"
  ";; (%map1 f (cdr l)) is GSELFCALL_LA).\n"
  "(define (isa-self1 n) (if (= n 0) 0 (+ 1 (isa-self1 (- n 1)))))\n"
  "(define (isa-two a b) (if (= a 0) b (+ 1 (isa-two (- a 1) (+ b 1)))))\n"
  "(define (isa-self3 a b c)\n"
  "  (if (= a 0) (list b c) (cons a (isa-self3 (- a 1) c b))))\n"
  "(define (isa-swap a b c d)\n"
  "  (if (= a 0) b (+ 1 (isa-swap (- a 1) (- b 1) d c))))\n"
  "(define isa-self-olds (list isa-self1 isa-self3 isa-swap isa-two))\n"
  "(set! isa-two car)\n"
  "(set! isa-self1 car)\n"
  "(set! isa-self3 car)\n"
  "(set! isa-swap car)\n"
  ";; Where car, cdr and = are the core's: (= (car l) x) as a test\n"
  ";; (BRLC_NUM_EQ_U), a call's first argument (car l) or (cdr l)\n"
  ";; (FRAME_CAR_L_PUSH_U, FRAME_CDR_L_PUSH_U); and (char=? c #\\a) as a\n"
  ";; test (BRLK_CHAR_EQ).\n"
  "(define-library (isa fields) (export isa-fields) (import (scheme base))\n"
  "  (begin\n"
  "    (define (isa-fields l a b c)\n"
  "      (list (if (= (car l) (+ a b)) 1 2) (vector (list (car l)))\n"
  "            (vector (list (cdr l))) (if (char=? c #\\a) 1 2)))))\n"
  ";; The same of two cdrs, fused where cdr is the core's (a library);\n"
  ";; a walk when the head only tests the two (GSELFTAILCALL_WALK2_U,\n"
  ";; then GSELFTAILCALL_WALK2).\n"
  "(define-library (isa cdr2) (export isa-cdr2) (import (scheme base))\n"
  "  (begin\n"
  "    (define (isa-cdr2 x y) (if (eq? x y) y (isa-cdr2 (cdr x) (cdr y))))\n"
  "    (define isa-cdr2-old isa-cdr2)\n"
  "    (set! isa-cdr2 car)\n"
  "    (define (isa-walk x y) (if (null? x) y (isa-walk (cdr x) (cdr y))))\n"
  "    (define (isa-walk2 x y) (if (pair? y) (isa-walk2 (cdr x) (cdr y)) x))\n"
  "    (define isa-walk2-old isa-walk2)\n"
  "    (set! isa-walk2 car)))\n"
  "(import (isa cdr2))\n"
  ";; vector-ref of acc and a constant, pushed, guarded (VREF_K_PUSH;\n"
  ";; the libraries have its twin).\n"
  "(define (isa-vref-k p) (list (vector-ref (car p) 2) p))\n"
  ";; A step of a cdr and a count (GSELFTAILCALL_CDR_K), a walk when the\n"
  ";; head only tests the count (GSELFTAILCALL_CDR_K_LOOP), unchecked and\n"
  ";; checked again.\n"
  "(define-library (isa cdrk) (export) (import (scheme base))\n"
  "  (begin\n"
  "    (define (isa-read l i) (if (= i 0) (car l) (isa-read (cdr l) (- i 1))))\n"
  "    (define (isa-read2 l i) (if (= i 0) l (isa-read2 (cdr l) (+ i 1))))\n"
  "    (define isa-read2-old isa-read2)\n"
  "    (set! isa-read2 car)\n"
  "    (define (isa-far l i)\n"
  "      (cond ((= i 0) l) ((= i 9) i) (else (isa-far (cdr l) (- i 1)))))\n"
  "    (define (isa-far2 l i)\n"
  "      (cond ((= i 0) l) ((= i 9) i) (else (isa-far2 (cdr l) (+ i 1)))))\n"
  "    (define isa-far2-old isa-far2)\n"
  "    (set! isa-far2 car)))\n"
  "(isa-rare 7 8 9 10)\n"
  ";; A call of a test of one parameter against a global (INLINE_EQ_LG).\n"
  "(define isa-none 'none)\n"
  "(define (isa-none? n) (eq? n isa-none))\n"
  "(define (isa-test-none x) (if (isa-none? x) 1 2))\n"
  ";; Calls of a step of one parameter (INLINE_ADDLK, INLINE_SUBLK, each\n"
  ";; pushed too), guarded here, their twins in a library.\n"
  "(define (isa-succ n) (+ n 1))\n"
  "(define (isa-pred n) (- n 1))\n"
  "(define (isa-steps a) (list (isa-succ a) (isa-pred a) (vector (isa-succ a))\n"
  "                           (vector (isa-pred a))))\n"
  "(define-library (isa one-op) (export isa-lib-steps) (import (scheme base))\n"
  "  (begin\n"
  "    (define (succ n) (+ n 1))\n"
  "    (define (pred n) (- n 1))\n"
  "    (define (isa-lib-steps a) (list (succ a) (pred a) (vector (succ a))\n"
  "                                    (vector (pred a))))))\n";

/* ------------------------------------------------------------------ */
/* The tables by opcode of the inline primitives and their private
   variables (engine.c, eval.c) end at the last opcode that stands for
   a primitive: each listed opcode has its primitive, bound in the core
   under its name, and its variable; the last listed opcode is the
   last below the bound; past the bound every opcode has neither.  */

/* What the core module binds NAME to, private names (%check-list)
   included, which scm_c_lookup does not find once the core is
   finished; SCM_UNDEFINED if nothing.  */
static SCM
core_binding (const char *name)
{
  SCM var = scm_i_eqtab_ref (&SCM_I_MODULE (scm_i_core_module ())->table,
                             scm_from_utf8_symbol (name), SCM_BOOL_F);
  return scm_is_variable (var) ? scm_variable_ref (var) : SCM_UNDEFINED;
}

static void
test_inline_primitive_tables (void)
{
  static const struct { const char *name; int op; } listed[] = {
#define LISTED(name, op) { name, SCM_OP_##op },
    SCM_I_FOR_EACH_INLINE_PRIMITIVE (LISTED)
#undef LISTED
  };
  size_t nlisted = sizeof listed / sizeof listed[0];
  int highest = -1, wrong = 0, misplaced = 0;
  for (size_t i = 0; i < nlisted; i++)
    {
      SCM prim = scm_i_inline_primitive (listed[i].op);
      SCM var = scm_i_private_variable (listed[i].op);
      if (listed[i].op > highest)
        highest = listed[i].op;
      if (scm_i_inline_primitive_row (listed[i].op) != (int) i
          || scm_i_inline_primitive_ops[i] != listed[i].op)
        misplaced++;
      if (!scm_is_eq (prim, core_binding (listed[i].name))
          || scm_is_false (scm_procedure_p (prim))
          || !scm_is_variable (var) || !scm_is_eq (scm_variable_ref (var), prim))
        {
          printf ("#   %s (%s): no primitive or variable\n",
                  scm_i_op_names[listed[i].op], listed[i].name);
          wrong++;
        }
    }
  ok (wrong == 0 && misplaced == 0
      && nlisted == SCM_I_INLINE_PRIMITIVE_COUNT
      && highest < (int) SCM_I_TWINLESS_OP_COUNT,
      "the %zu inline primitives have their primitive and variable, each "
      "in its own row of the tables (%d misplaced); the last, %s, is "
      "twinless", nlisted, misplaced,
      highest >= 0 ? scm_i_op_names[highest] : "none");
  int others = 0, unlisted = 0;
  for (int op = 0; op < SCM_OP_COUNT; op++)
    if (scm_i_inline_primitive_row (op) < 0)
      {
        unlisted++;
        others += scm_is_true (scm_i_inline_primitive (op))
          || scm_is_true (scm_i_private_variable (op));
      }
  ok (others == 0 && unlisted == SCM_OP_COUNT - (int) nlisted,
      "the %d opcodes not listed have no row, no primitive and no "
      "variable (%d have)", unlisted, others);
}

/* scm_i_opcode_of_label, which the compiler, the disassembler and
   this test read code with, answers each instruction's label with its
   opcode (the first of those that share a label) and anything else
   with -1, from its table by hash.  */
static void
test_opcode_of_label (void)
{
  const char *base = (const char *) (uintptr_t) &scm_i_vm_run;
  int wrong = 0, shared = 0;
  for (int op = 0; op < SCM_OP_COUNT; op++)
    {
      const void *label = base + scm_i_op_label_offset (op);
      int first = op;
      for (int o = 0; o < op; o++)
        if (base + scm_i_op_label_offset (o) == (const char *) label)
          {
            first = o;
            break;
          }
      shared += first != op;
      if (scm_i_opcode_of_label (label) != first)
        {
          printf ("#   %s: %d\n", scm_i_op_names[op],
                  scm_i_opcode_of_label (label));
          wrong++;
        }
    }
  ok (wrong == 0, "each of the %d labels gives back its opcode (%d "
      "share another's label), %d wrong", SCM_OP_COUNT, shared, wrong);
  int strays = 0;
  for (int op = 0; op < SCM_OP_COUNT; op++)
    strays += scm_i_opcode_of_label (base + scm_i_op_label_offset (op) + 1)
      >= 0;
  strays += scm_i_opcode_of_label (NULL) >= 0;
  strays += scm_i_opcode_of_label (&strays) >= 0;
  ok (strays == 0, "a word that is no label is no instruction (%d "
      "taken for one)", strays);
}

int
main (void)
{
  const char *srcdir = getenv ("top_srcdir");
  if (srcdir == NULL)
    srcdir = ".";
  scm_init ();
  size_t prelude = ncodes;
  ok (prelude > 100, "the prelude, compiled at init, made %zu code objects",
      prelude);

  int nlibs = import_builtin_libraries (srcdir);
  ok (nlibs > 20, "%d built-in libraries imported (%zu code objects)",
      nlibs, ncodes - prelude);

  size_t before = ncodes;
  char expr[4096];
  snprintf (expr, sizeof expr, "(define isa-dir \"%s/benchmarks\")", srcdir);
  scm_c_eval_string (expr);
  scm_c_eval_string (load_definitions);
  int nbench = 0;
  char path[1024];
  snprintf (path, sizeof path, "%s/benchmarks", srcdir);
  DIR *dir = opendir (path);
  struct dirent *e;
  while (dir != NULL && (e = readdir (dir)) != NULL)
    {
      size_t len = strlen (e->d_name);
      if (len < 5 || strcmp (e->d_name + len - 4, ".scm") != 0
          || strcmp (e->d_name, "common.scm") == 0)
        continue;
      snprintf (expr, sizeof expr, "(isa-load-definitions \"%s/%s\")", path,
                e->d_name);
      scm_c_eval_string (expr);
      nbench++;
    }
  if (dir != NULL)
    closedir (dir);
  scm_c_eval_string (rare_forms);
  ok (nbench > 20, "the definitions of %d benchmarks compiled (%zu code "
      "objects with the rarer forms)", nbench, ncodes - before);

  note_closures ();
  unsigned long seen[SCM_OP_COUNT] = { 0 };
  unsigned long found = check_all (scm_i_op_kinds, seen);
  ok (found == 0, "every operand of the %zu code objects is of its "
      "declared kind (%lu problems)", ncodes, found);

  /* The corpus has every instruction the compiler emits: all but the
     three that only the engine's one-word codes hold (what a boundary
     frame and the slow paths return to), and STEP_RETURN, which only
     the blocks of stepping (vm/step.c) hold.  */
  int kinds_seen = 0, unmet = 0;
  for (int op = 0; op < SCM_OP_COUNT; op++)
    {
      kinds_seen += seen[op] > 0;
      if (seen[op] == 0 && op != SCM_OP_HALT && op != SCM_OP_POPBRANCH
          && op != SCM_OP_PUSHRET && op != SCM_OP_STEP_RETURN)
        {
          printf ("#   not met: %s\n", scm_i_op_names[op]);
          unmet++;
        }
    }
  ok (unmet == 0, "%d of the %d instructions met, all that the compiler "
      "emits", kinds_seen, SCM_OP_COUNT);

  /* The check can fail: the table with each instruction's kinds moved
     one operand along (the first kind repeated) disagrees with what
     the compiler emits.  */
  uint32_t *shifted = malloc (sizeof scm_i_op_kinds);
  if (shifted == NULL)
    abort ();
  for (int op = 0; op < SCM_OP_COUNT; op++)
    {
      uint32_t mask = scm_i_op_operands[op] == 0
        ? 0 : (uint32_t) -1 >> (32 - 4 * scm_i_op_operands[op]);
      shifted[op] = ((scm_i_op_kinds[op] << 4) | (scm_i_op_kinds[op] & 15))
        & mask;
    }
  unsigned long dummy[SCM_OP_COUNT] = { 0 };
  printf ("# the table with its kinds shifted (problems expected):\n");
  found = check_all (shifted, dummy);
  ok (found > 0, "a table whose kinds are shifted is caught (%lu problems)",
      found);
  free (shifted);

  /* And the jump targets that code threading derives from the kinds
     are the LABELs: an offset operand became an address in the code.  */
  int labels_ok = 1;
  for (int op = 0; op < SCM_OP_COUNT; op++)
    for (unsigned j = 1; j <= scm_i_op_operands[op]; j++)
      labels_ok &= scm_i_op_is_jump_target (op, j)
        == (scm_i_op_operand_kind (op, j) == SCM_I_OPK_LABEL);
  ok (labels_ok, "the jump-target test is the LABEL kind");
  test_inline_primitive_tables ();
  test_opcode_of_label ();
  return tap_done ();
}
