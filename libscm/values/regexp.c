/* regexp.c -- the regular-expression engine: a Pike VM over the tree
   SPDX-License-Identifier: LGPL-3.0-or-later

   A tree (regexp-internal.h) compiles to a program of a few
   instructions; matching simulates the program's NFA one character at
   a time, every live thread at once, as Thompson and Pike did: each
   program position is visited at most once per character, so a match
   costs O(length of text x length of program), whatever the pattern
   (no backtracking, no exponential case).  Threads are kept in
   priority order and carry their submatch positions.

   Two policies choose among the matches: leftmost-longest for POSIX
   patterns (Guile's make-regexp; submatches then follow the priority
   of alternatives and greedy quantifiers within that longest match),
   and leftmost-first for SREs, where non-greedy quantifiers matter.

   Case-insensitive matching compares simple case folds: a pattern
   character or set is folded when compiled, a text character when
   read.  A compiled regexp is a foreign object whose program lives on
   the collected heap.  */

#include "values/regexp-internal.h"
#include "values/charsets-internal.h"
#include "values/strings-internal.h"
#include "runtime/poll-internal.h"
#include "runtime/init-internal.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unicase.h>
#include <unictype.h>
#include <unigbrk.h>
#include <libscm/bytevectors.h>
#include <libscm/chars.h>
#include <libscm/conditions.h>
#include <libscm/foreign.h>
#include <libscm/gc.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/regexp.h>
#include <libscm/snarf.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>

struct scm_i_regex_syms scm_i_rx;

/* ---- case folding ---- */

/* The simple case fold of C: equal for characters that differ only by
   case.  The dotted and dotless i of Turkish fold to themselves, as in
   Unicode's CaseFolding.txt (their folds are not simple).  */
static inline uint32_t
fold (uint32_t c)
{
  if (c < 128)
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
  if (c == 0x130 || c == 0x131)
    return c;
  return uc_tolower (uc_toupper (c));
}

/* Code points above this have no case.  */
#define LAST_CASED 0x1E943

/* ---- the program ---- */

enum op
{
  OP_CHAR, OP_SET, OP_ANY, OP_ANYNL, OP_MATCH,     /* consume or end */
  OP_SPLIT, OP_JMP, OP_SAVE, OP_ASSERT, OP_FAIL    /* move on */
};

enum assertion
{
  A_BOS, A_EOS, A_BOL, A_EOL, A_BOW, A_EOW, A_WORDB, A_NWB, A_BOG,
  A_EOG, A_NBOG
};

struct insn
{
  uint8_t op, icase, neg;
  uint32_t c;                   /* CHAR's character (folded if icase),
                                   SAVE's slot, ASSERT's kind */
  uint32_t x, y;                /* SPLIT's and JMP's targets */
  const uint32_t *r;            /* SET's inversion list */
  size_t nr;
};

struct prog
{
  struct insn *code;
  size_t n, cap;
  int ncap;                     /* slots: 2 x (groups + 1) */
  int longest;
  /* The characters a match can start with, when it cannot be empty
     and starts with no ANY: Latin-1 in a table, others maybe.  */
  int prefilter, wide_start;
  uint8_t first[256];
};

#define MAX_PROGRAM (1u << 20)
#define MAX_DEPTH 1000

struct compiler
{
  struct prog *p;
  SCM tree;                     /* for errors */
  const char *who;
  int depth;
};

static SCM_NORETURN void
cfail (struct compiler *cc, const char *why)
{
  scm_i_regex_syntax_error (cc->who, cc->tree, -1, why);
}

static size_t
emit (struct compiler *cc, enum op op)
{
  struct prog *p = cc->p;
  if (p->n == p->cap)
    {
      if (p->cap >= MAX_PROGRAM)
        cfail (cc, "pattern too large (its repetitions expand to "
               "more than 2^20 instructions)");
      size_t cap = p->cap ? 2 * p->cap : 32;
      struct insn *code = scm_i_alloc (cap * sizeof *code);
      if (p->n)
        memcpy (code, p->code, p->n * sizeof *code);
      p->code = code, p->cap = cap;
    }
  struct insn *i = &p->code[p->n];
  memset (i, 0, sizeof *i);
  i->op = op;
  return p->n++;
}

/* Under ICASE: the inversion list whose members are the folds of R's
   members and R's own, so that a character C matches when fold (C)
   is in it.  */
static void
fold_ranges (const uint32_t *r, size_t n, const uint32_t **out, size_t *nout)
{
  size_t extra = 0;
  for (size_t j = 0; j < n; j += 2)
    for (uint32_t c = r[j]; c < r[j + 1] && c <= LAST_CASED; c++)
      if (fold (c) != c)
        extra++;
  if (extra == 0)
    {
      *out = r, *nout = n;
      return;
    }
  uint32_t *folded = scm_i_alloc_atomic ((n + 2 * extra) * sizeof *folded);
  memcpy (folded, r, n * sizeof *folded);
  size_t k = n;
  for (size_t j = 0; j < n; j += 2)
    for (uint32_t c = r[j]; c < r[j + 1] && c <= LAST_CASED; c++)
      if (fold (c) != c)
        {
          folded[k++] = fold (c);
          folded[k++] = fold (c) + 1;
        }
  /* Sort the pairs and merge them.  */
  for (size_t a = 2; a < k; a += 2)
    {
      uint32_t lo = folded[a], hi = folded[a + 1];
      size_t b = a;
      while (b > 0 && folded[b - 2] > lo)
        {
          folded[b] = folded[b - 2], folded[b + 1] = folded[b - 1];
          b -= 2;
        }
      folded[b] = lo, folded[b + 1] = hi;
    }
  size_t m = 0;
  for (size_t j = 0; j < k; j += 2)
    if (m > 0 && folded[j] <= folded[m - 1])
      {
        if (folded[j + 1] > folded[m - 1])
          folded[m - 1] = folded[j + 1];
      }
    else
      folded[m++] = folded[j], folded[m++] = folded[j + 1];
  *out = folded, *nout = m;
}

static void
emit_set (struct compiler *cc, SCM set, int neg, int icase)
{
  const uint32_t *r;
  size_t n;
  if (scm_is_char_set (set))
    scm_i_char_set_ranges (set, &r, &n);
  else if (scm_is_true (scm_bytevector_p (set)))
    {
      r = (const uint32_t *) SCM_BYTEVECTOR_CONTENTS (set);
      n = scm_c_bytevector_length (set) / sizeof (uint32_t);
    }
  else
    cfail (cc, "not-set of something other than a set");
  size_t at = emit (cc, OP_SET);
  if (icase)
    fold_ranges (r, n, &r, &n);
  struct insn *i = &cc->p->code[at];
  i->r = r, i->nr = n, i->neg = neg, i->icase = icase;
}

static void compile (struct compiler *cc, SCM node, int icase);

static void
compile_alt (struct compiler *cc, SCM alts, int icase)
{
  if (scm_is_null (alts))
    {
      emit (cc, OP_FAIL);
      return;
    }
  size_t jumps[64];
  size_t nj = 0;
  SCM jl = SCM_EOL;             /* jumps beyond the 64 */
  for (; scm_is_pair (alts); alts = SCM_CDR (alts))
    {
      if (scm_is_null (SCM_CDR (alts)))
        {
          compile (cc, SCM_CAR (alts), icase);
          break;
        }
      size_t split = emit (cc, OP_SPLIT);
      cc->p->code[split].x = split + 1;
      compile (cc, SCM_CAR (alts), icase);
      size_t j = emit (cc, OP_JMP);
      if (nj < 64)
        jumps[nj++] = j;
      else
        jl = scm_cons (scm_from_size_t (j), jl);
      cc->p->code[split].y = cc->p->n;
    }
  for (size_t k = 0; k < nj; k++)
    cc->p->code[jumps[k]].x = cc->p->n;
  for (; scm_is_pair (jl); jl = SCM_CDR (jl))
    cc->p->code[scm_to_size_t (SCM_CAR (jl))].x = cc->p->n;
}

/* NODE between MIN and MAX (-1: no bound) times.  */
static void
compile_rep (struct compiler *cc, long min, long max, int greedy, SCM node,
             int icase)
{
  for (long k = 0; k < min; k++)
    compile (cc, node, icase);
  if (max < 0)
    {
      size_t split = emit (cc, OP_SPLIT);
      compile (cc, node, icase);
      size_t j = emit (cc, OP_JMP);
      cc->p->code[j].x = split;
      size_t out = cc->p->n;
      cc->p->code[split].x = greedy ? split + 1 : out;
      cc->p->code[split].y = greedy ? out : split + 1;
      return;
    }
  size_t splits[max - min > 0 ? max - min : 1];
  for (long k = 0; k < max - min; k++)
    {
      splits[k] = emit (cc, OP_SPLIT);
      compile (cc, node, icase);
    }
  size_t out = cc->p->n;
  for (long k = 0; k < max - min; k++)
    {
      cc->p->code[splits[k]].x = greedy ? splits[k] + 1 : out;
      cc->p->code[splits[k]].y = greedy ? out : splits[k] + 1;
    }
}

static long
count_arg (struct compiler *cc, SCM x, int allow_false)
{
  if (allow_false && scm_is_false (x))
    return -1;
  if (!scm_is_exact_integer (x) || scm_is_true (scm_negative_p (x))
      || scm_is_true (scm_gr_p (x, scm_from_int (65535))))
    cfail (cc, "repetition count not an integer in [0, 65535]");
  return scm_to_long (x);
}

static void
compile_assertion (struct compiler *cc, enum assertion a)
{
  size_t at = emit (cc, OP_ASSERT);
  cc->p->code[at].c = a;
}

static int
compile_symbol (struct compiler *cc, SCM s)
{
  static const struct { SCM *sym; enum assertion a; } as[] = {
    { &scm_i_rx.bos, A_BOS }, { &scm_i_rx.eos, A_EOS },
    { &scm_i_rx.bol, A_BOL }, { &scm_i_rx.eol, A_EOL },
    { &scm_i_rx.bow, A_BOW }, { &scm_i_rx.eow, A_EOW },
    { &scm_i_rx.wordb, A_WORDB }, { &scm_i_rx.nwb, A_NWB },
    { &scm_i_rx.bog, A_BOG }, { &scm_i_rx.eog, A_EOG },
    { &scm_i_rx.nbog, A_NBOG },
  };
  if (scm_is_eq (s, scm_i_rx.any))
    emit (cc, OP_ANY);
  else if (scm_is_eq (s, scm_i_rx.nonl))
    emit (cc, OP_ANYNL);
  else if (scm_is_eq (s, scm_i_rx.epsilon))
    ;
  else
    {
      for (size_t k = 0; k < sizeof as / sizeof as[0]; k++)
        if (scm_is_eq (s, *as[k].sym))
          {
            compile_assertion (cc, as[k].a);
            return 1;
          }
      return 0;
    }
  return 1;
}

static void
compile_char (struct compiler *cc, uint32_t c, int icase)
{
  size_t at = emit (cc, OP_CHAR);
  cc->p->code[at].c = icase ? fold (c) : c;
  cc->p->code[at].icase = icase;
}

static void
compile_form (struct compiler *cc, SCM node, int icase)
{
  SCM head = SCM_CAR (node), args = SCM_CDR (node);
  SCM a[4] = { SCM_BOOL_F, SCM_BOOL_F, SCM_BOOL_F, SCM_BOOL_F };
  long len = 0;
  for (SCM l = args; scm_is_pair (l); l = SCM_CDR (l), len++)
    if (len < 4)
      a[len] = SCM_CAR (l);
  if (scm_is_eq (head, scm_i_rx.seq))
    for (; scm_is_pair (args); args = SCM_CDR (args))
      compile (cc, SCM_CAR (args), icase);
  else if (scm_is_eq (head, scm_i_rx.alt))
    compile_alt (cc, args, icase);
  else if (scm_is_eq (head, scm_i_rx.rep) && len == 4)
    {
      long min = count_arg (cc, a[0], 0);
      long max = count_arg (cc, a[1], 1);
      if (max >= 0 && max < min)
        cfail (cc, "repetition bounds out of order");
      compile_rep (cc, min, max, scm_is_true (a[2]), a[3], icase);
    }
  else if (scm_is_eq (head, scm_i_rx.sub) && len == 2)
    {
      if (!scm_is_exact_integer (a[0])
          || scm_is_false (scm_less_p (a[0], scm_from_int (cc->p->ncap / 2))))
        cfail (cc, "submatch number out of range");
      long k = scm_to_long (a[0]);
      if (k < 1)
        cfail (cc, "submatch number out of range");
      size_t at = emit (cc, OP_SAVE);
      cc->p->code[at].c = 2 * k;
      compile (cc, a[1], icase);
      at = emit (cc, OP_SAVE);
      cc->p->code[at].c = 2 * k + 1;
    }
  else if (scm_is_eq (head, scm_i_rx.nocase) && len == 1)
    compile (cc, a[0], 1);
  else if (scm_is_eq (head, scm_i_rx.kase) && len == 1)
    compile (cc, a[0], 0);
  else if (scm_is_eq (head, scm_i_rx.not_set) && len == 1)
    emit_set (cc, a[0], 1, icase);
  else
    cfail (cc, "unknown form in the tree");
}

static void
compile (struct compiler *cc, SCM node, int icase)
{
  if (++cc->depth > MAX_DEPTH)
    cfail (cc, "pattern nested too deeply");
  if (SCM_CHARP (node))
    compile_char (cc, SCM_CHAR (node), icase);
  else if (scm_is_string (node))
    for (size_t k = 0; k < scm_i_string_length (node); k++)
      compile_char (cc, scm_i_string_ref (node, k), icase);
  else if (scm_is_char_set (node) || scm_is_true (scm_bytevector_p (node)))
    emit_set (cc, node, 0, icase);
  else if (scm_is_symbol (node) && compile_symbol (cc, node))
    ;
  else if (scm_is_pair (node))
    compile_form (cc, node, icase);
  else
    cfail (cc, "unknown node in the tree");
  cc->depth--;
}

/* ---- matching one character ---- */

static inline int
in_ranges (const uint32_t *r, size_t n, uint32_t c)
{
  if (n <= 8)
    {
      for (size_t j = 0; j < n; j += 2)
        if (c < r[j + 1])
          return c >= r[j];
      return 0;
    }
  return scm_i_ranges_contain (r, n, c);
}

static inline int
insn_accepts (const struct insn *i, uint32_t c)
{
  switch (i->op)
    {
    case OP_CHAR:
      return (i->icase ? fold (c) : c) == i->c;
    case OP_SET:
      return in_ranges (i->r, i->nr, i->icase ? fold (c) : c) != i->neg;
    case OP_ANY:
      return 1;
    case OP_ANYNL:
      return c != '\n';
    default:
      return 0;
    }
}

/* The prefilter: which characters can start a match.  */
static void
compute_prefilter (struct prog *p)
{
  uint8_t *seen = scm_i_alloc_atomic (p->n);
  size_t *stack = scm_i_alloc_atomic ((2 * p->n + 2) * sizeof *stack);
  size_t *firsts = scm_i_alloc_atomic ((p->n + 1) * sizeof *firsts);
  memset (seen, 0, p->n);
  size_t sp = 0, nf = 0;
  stack[sp++] = 0;
  p->prefilter = 0;
  while (sp)
    {
      size_t pc = stack[--sp];
      if (seen[pc])
        continue;
      seen[pc] = 1;
      const struct insn *i = &p->code[pc];
      switch (i->op)
        {
        case OP_SPLIT:
          stack[sp++] = i->y;
          stack[sp++] = i->x;
          break;
        case OP_JMP:
          stack[sp++] = i->x;
          break;
        case OP_SAVE: case OP_ASSERT:
          stack[sp++] = pc + 1;
          break;
        case OP_FAIL:
          break;
        case OP_CHAR: case OP_SET:
          firsts[nf++] = pc;
          break;
        default:                /* ANY, ANYNL, MATCH */
          return;
        }
    }
  p->wide_start = 0;
  for (unsigned c = 0; c < 256; c++)
    {
      p->first[c] = 0;
      for (size_t k = 0; k < nf; k++)
        if (insn_accepts (&p->code[firsts[k]], c))
          p->first[c] = 1;
    }
  for (size_t k = 0; k < nf; k++)
    {
      const struct insn *i = &p->code[firsts[k]];
      if (i->icase || i->neg || (i->op == OP_CHAR && i->c >= 256)
          || (i->op == OP_SET && i->nr > 0 && i->r[i->nr - 1] > 256))
        p->wide_start = 1;
    }
  p->prefilter = 1;
}

/* ---- the Pike VM ---- */

struct text
{
  const unsigned char *narrow;
  const uint32_t *wide;
  size_t start, end;
  int notbol, noteol;
};

static inline uint32_t
text_at (const struct text *t, size_t i)
{
  return t->wide ? t->wide[i] : t->narrow[i];
}

static inline int
word_char (uint32_t c)
{
  return c == '_' || (c < 128 ? ((c | 32) >= 'a' && (c | 32) <= 'z')
                      || (c >= '0' && c <= '9')
                      : uc_is_alnum (c));
}

static int
assertion_holds (const struct text *t, enum assertion a, size_t i)
{
  int at_start = i == t->start, at_end = i == t->end;
  uint32_t prev = at_start ? 0 : text_at (t, i - 1);
  uint32_t next = at_end ? 0 : text_at (t, i);
  int wprev = !at_start && word_char (prev);
  int wnext = !at_end && word_char (next);
  switch (a)
    {
    case A_BOS: return at_start && !t->notbol;
    case A_EOS: return at_end && !t->noteol;
    case A_BOL: return at_start ? !t->notbol : prev == '\n';
    case A_EOL: return at_end ? !t->noteol : next == '\n';
    case A_BOW: return !wprev && wnext;
    case A_EOW: return wprev && !wnext;
    case A_WORDB: return wprev != wnext;
    case A_NWB: return wprev == wnext;
    case A_BOG: case A_EOG:
      return at_start || at_end || uc_is_grapheme_break (prev, next);
    case A_NBOG:
      return !(at_start || at_end || uc_is_grapheme_break (prev, next));
    }
  return 0;
}

#define UNSET ((size_t) -1)

struct threads
{
  size_t n;
  uint32_t *pc;
  size_t *caps;                 /* ncap per thread */
};

struct stack_entry { size_t pc; size_t slot; size_t old; };  /* slot
                                                 UNSET: a pc to visit */

struct vm
{
  const struct prog *p;
  const struct text *t;
  uint32_t *mark;
  uint32_t gen;
  struct stack_entry *stack;
  size_t *work;
};

/* Submatch arrays are short (two slots a group): a loop beats a call
   of memcpy.  */
static inline void
copy_caps (size_t *to, const size_t *from, size_t n)
{
  for (size_t k = 0; k < n; k++)
    to[k] = from[k];
}

/* Add the thread at PC with submatches CAPS to L, following every
   jump, split, save and assertion at position I, in priority order.  */
static void
add_thread (struct vm *vm, struct threads *l, size_t pc0, size_t i,
            const size_t *caps)
{
  const struct prog *p = vm->p;
  size_t ncap = p->ncap, sp = 0;
  if (vm->mark[pc0] == vm->gen)
    return;                     /* a thread of higher priority is there */
  /* The first instruction consumes: no exploration needed.  */
  if (p->code[pc0].op < OP_SPLIT)
    {
      vm->mark[pc0] = vm->gen;
      l->pc[l->n] = pc0;
      copy_caps (l->caps + l->n * ncap, caps, ncap);
      l->n++;
      return;
    }
  copy_caps (vm->work, caps, ncap);
  vm->stack[sp++] = (struct stack_entry) { pc0, UNSET, 0 };
  while (sp)
    {
      struct stack_entry e = vm->stack[--sp];
      if (e.slot != UNSET)
        {
          vm->work[e.slot] = e.old;
          continue;
        }
      size_t pc = e.pc;
      if (vm->mark[pc] == vm->gen)
        continue;
      vm->mark[pc] = vm->gen;
      const struct insn *in = &p->code[pc];
      switch (in->op)
        {
        case OP_JMP:
          vm->stack[sp++] = (struct stack_entry) { in->x, UNSET, 0 };
          break;
        case OP_SPLIT:
          vm->stack[sp++] = (struct stack_entry) { in->y, UNSET, 0 };
          vm->stack[sp++] = (struct stack_entry) { in->x, UNSET, 0 };
          break;
        case OP_SAVE:
          vm->stack[sp++] = (struct stack_entry) { 0, in->c, vm->work[in->c] };
          vm->work[in->c] = i;
          vm->stack[sp++] = (struct stack_entry) { pc + 1, UNSET, 0 };
          break;
        case OP_ASSERT:
          if (assertion_holds (vm->t, in->c, i))
            vm->stack[sp++] = (struct stack_entry) { pc + 1, UNSET, 0 };
          break;
        case OP_FAIL:
          break;
        default:
          l->pc[l->n] = pc;
          copy_caps (l->caps + l->n * ncap, vm->work, ncap);
          l->n++;
        }
    }
}

#define MODE_ANCHORED 1         /* the match starts at the start */
#define MODE_FULL 2             /* ... and ends at the end */

/* Skip from I to the first position where a match may start.  */
static size_t
skip (const struct prog *p, const struct text *t, size_t i)
{
  if (t->wide)
    {
      while (i < t->end && (t->wide[i] < 256 ? !p->first[t->wide[i]]
                            : !p->wide_start))
        i++;
    }
  else
    while (i < t->end && !p->first[t->narrow[i]])
      i++;
  return i;
}

/* Match P against T under MODE; fill BEST (ncap slots) and return 1 if
   it matches.  */
static int
run (const struct prog *p, const struct text *t, int mode, size_t *best)
{
  size_t n = p->n, ncap = p->ncap;
  size_t bytes = 2 * n * (sizeof (uint32_t) + ncap * sizeof (size_t))
    + n * sizeof (uint32_t) + (3 * n + 4) * sizeof (struct stack_entry)
    + 2 * ncap * sizeof (size_t) + 64;
  char local[16384];
  char *mem = bytes <= sizeof local ? local : scm_i_alloc_atomic (bytes);
  struct threads lists[2];
  for (int k = 0; k < 2; k++)
    {
      lists[k].n = 0;
      lists[k].caps = (size_t *) mem, mem += n * ncap * sizeof (size_t);
    }
  struct vm vm = { p, t, NULL, 1, NULL, NULL };
  vm.stack = (struct stack_entry *) mem, mem += (3 * n + 4) * sizeof *vm.stack;
  vm.work = (size_t *) mem, mem += ncap * sizeof (size_t);
  size_t *fresh = (size_t *) mem; mem += ncap * sizeof (size_t);
  for (int k = 0; k < 2; k++)
    lists[k].pc = (uint32_t *) mem, mem += n * sizeof (uint32_t);
  vm.mark = (uint32_t *) mem;
  memset (vm.mark, 0, n * sizeof (uint32_t));
  for (size_t k = 0; k < ncap; k++)
    fresh[k] = UNSET;

  struct threads *cl = &lists[0], *nl = &lists[1];
  int matched = 0;
  size_t polls = 0;
  for (size_t i = t->start;; i++)
    {
      if (!matched && (i == t->start || !(mode & MODE_ANCHORED)))
        {
          if (cl->n == 0 && p->prefilter)
            {
              i = skip (p, t, i);
              if (i == t->end)
                break;
            }
          if (!p->prefilter || (i < t->end && skip (p, t, i) == i))
            add_thread (&vm, cl, 0, i, fresh);
        }
      if (cl->n == 0)
        {
          if (matched || (mode & MODE_ANCHORED) || i >= t->end)
            break;
          vm.gen++;             /* a fresh start at the next position */
          SCM_I_POLL_EVERY (polls);
          continue;
        }
      uint32_t c = i < t->end ? text_at (t, i) : 0;
      vm.gen++;
      nl->n = 0;
      for (size_t k = 0; k < cl->n; k++)
        {
          const struct insn *in = &p->code[cl->pc[k]];
          size_t *caps = cl->caps + k * ncap;
          if (matched && p->longest && caps[0] > best[0])
            continue;
          if (in->op == OP_MATCH)
            {
              if ((mode & MODE_FULL) && i != t->end)
                continue;
              if (!p->longest)
                {
                  copy_caps (best, caps, ncap);
                  matched = 1;
                  break;        /* lower priorities lose */
                }
              if (!matched || caps[0] < best[0]
                  || (caps[0] == best[0] && caps[1] > best[1]))
                copy_caps (best, caps, ncap);
              matched = 1;
            }
          else if (i < t->end && insn_accepts (in, c))
            add_thread (&vm, nl, cl->pc[k] + 1, i + 1, caps);
        }
      struct threads *tmp = cl;
      cl = nl, nl = tmp;
      if (i >= t->end)
        break;
      SCM_I_POLL_EVERY (polls);
    }
  return matched;
}

/* ---- the foreign type ---- */

static SCM regexp_type;

struct regexp
{
  struct prog *prog;
};

static SCM
regexp_print (SCM rx, int write_p)
{
  (void) write_p;
  SCM source = SCM_PACK_POINTER (scm_foreign_object_ref (rx, 1));
  char *text = scm_i_write_to_utf8 (source);
  size_t len = strlen (text);
  char buf[80];
  snprintf (buf, sizeof buf, "#<regexp %.*s%s>", len > 60 ? 57 : (int) len,
            text, len > 60 ? "..." : "");
  return scm_from_utf8_string (buf);
}

static int engine_ready;         /* set once the type exists */
static void ensure_engine (void);

/* Nonzero if X is a compiled regexp (there is none before the first
   compilation makes the type).  */
static int
is_regexp (SCM x)
{
  return __atomic_load_n (&engine_ready, __ATOMIC_ACQUIRE)
    && scm_is_foreign_object_of_type (regexp_type, x);
}

static struct prog *
regexp_prog (SCM rx, int pos, const char *who)
{
  if (!is_regexp (rx))
    scm_wrong_type_arg_msg (who, pos, rx, "regexp");
  return scm_foreign_object_ref (rx, 0);
}

/* Compile TREE, with NGROUPS submatches, to a regexp printed as
   SOURCE; LONGEST: the POSIX policy; INFO kept for its owner.  */
static SCM
make_regexp (SCM tree, int ngroups, SCM source, int longest, SCM info,
             const char *who)
{
  struct prog *p = scm_i_alloc (sizeof *p);
  memset (p, 0, sizeof *p);
  struct compiler cc = { p, source, who, 0 };
  if (ngroups < 0 || ngroups > SCM_I_REGEXP_MAX_GROUPS)
    cfail (&cc, "too many submatches (at most 10000)");
  p->ncap = 2 * (ngroups + 1);
  p->longest = longest;
  size_t at = emit (&cc, OP_SAVE);
  p->code[at].c = 0;
  compile (&cc, tree, 0);
  at = emit (&cc, OP_SAVE);
  p->code[at].c = 1;
  emit (&cc, OP_MATCH);
  /* Each thread list holds a thread's positions per instruction.  */
  if ((uint64_t) p->n * (uint64_t) p->ncap > ((uint64_t) 1 << 24))
    cfail (&cc, "pattern too large for its number of submatches");
  compute_prefilter (p);
  void *slots[3] = { p, SCM_UNPACK_POINTER (source), SCM_UNPACK_POINTER (info) };
  return scm_make_foreign_object_n (regexp_type, 3, slots);
}

static void
text_of (struct text *t, SCM str, size_t start, size_t end)
{
  SCM buf = scm_i_string_buf (str);
  t->wide = scm_i_stringbuf_is_wide (buf) ? scm_i_stringbuf_wide (buf) : NULL;
  t->narrow = t->wide ? NULL : scm_i_stringbuf_narrow (buf);
  t->start = start, t->end = end;
  t->notbol = t->noteol = 0;
}

static size_t
index_arg (SCM x, size_t lo, size_t hi, int pos, const char *who)
{
  if (!scm_is_exact_integer (x))
    scm_wrong_type_arg_msg (who, pos, x, "exact integer");
  if (scm_is_true (scm_negative_p (x))
      || scm_to_uintmax (x) < lo || scm_to_uintmax (x) > hi)
    scm_out_of_range_pos (who, x, scm_from_int (pos));
  return scm_to_size_t (x);
}

/* ---- Guile's core procedures ---- */

SCM_DEFINE (scm_make_regexp, "make-regexp", 1, 0, 1, (SCM pat, SCM flags),
            "Compile the regular expression @var{pat} (a string) and return "
            "the compiled regexp.  @var{flags} are any of "
            "@code{regexp/icase} (ignore case, by Unicode simple case "
            "folding), @code{regexp/newline} (@samp{.} and @samp{[^...]} "
            "do not match a newline, @samp{^} and @samp{$} also match "
            "after and before one), @code{regexp/basic} (POSIX basic "
            "syntax) and @code{regexp/extended} (POSIX extended syntax, "
            "the default).  Matching takes time linear in the text; "
            "among the leftmost matches the longest wins, as POSIX says.  "
            "A malformed pattern raises @code{regular-expression-syntax} "
            "naming the position and the reason.")
{
  static const char who[] = "make-regexp";
  SCM_ASSERT_TYPE (scm_is_string (pat), pat, 1, who, "string");
  ensure_engine ();
  int cflags = SCM_I_REGEXP_EXTENDED;
  int pos = 2;
  for (SCM l = flags; scm_is_pair (l); l = SCM_CDR (l), pos++)
    {
      SCM f = SCM_CAR (l);
      if (!scm_is_exact_integer (f))
        scm_wrong_type_arg_msg (who, pos, f, "regexp flag");
      int v = scm_to_int (f);
      if (v == 0)
        cflags &= ~SCM_I_REGEXP_EXTENDED;
      else
        cflags |= v;
    }
  int nsub;
  SCM tree = scm_i_regex_parse_posix (pat, cflags, &nsub, who);
  return make_regexp (tree, nsub, scm_string_copy (pat, SCM_UNDEFINED, SCM_UNDEFINED), 1, SCM_BOOL_F,
                      who);
}

SCM_DEFINE (scm_regexp_p, "regexp?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a compiled regular "
            "expression (from @code{make-regexp} or SRFI 115's "
            "@code{regexp}), else @code{#f}.")
{
  return scm_from_bool (is_regexp (obj));
}

SCM_DEFINE (scm_regexp_exec, "regexp-exec", 2, 2, 0,
            (SCM rx, SCM str, SCM start, SCM flags),
            "Match the compiled regexp @var{rx} against @var{str}, from "
            "index @var{start} (default 0), and return a match structure "
            "or @code{#f}.  @var{flags} may include @code{regexp/notbol} "
            "(the start is not the beginning of a line) and "
            "@code{regexp/noteol} (the end is not its end).")
{
  static const char who[] = "regexp-exec";
  const struct prog *p = regexp_prog (rx, 1, who);
  SCM_ASSERT_TYPE (scm_is_string (str), str, 2, who, "string");
  size_t len = scm_i_string_length (str);
  size_t s = SCM_UNBNDP (start) ? 0 : index_arg (start, 0, len, 3, who);
  int ef = 0;
  if (!SCM_UNBNDP (flags))
    {
      if (!scm_is_exact_integer (flags))
        scm_wrong_type_arg_msg (who, 4, flags, "exact integer");
      ef = scm_to_int (flags);
    }
  struct text t;
  text_of (&t, str, s, len);
  t.notbol = (ef & SCM_I_REGEXP_NOTBOL) != 0;
  t.noteol = (ef & SCM_I_REGEXP_NOTEOL) != 0;
  size_t *best = scm_i_alloc_atomic (p->ncap * sizeof *best);
  if (!run (p, &t, 0, best))
    return SCM_BOOL_F;
  int groups = p->ncap / 2;
  SCM v = scm_c_make_vector (groups + 1, SCM_BOOL_F);
  scm_c_vector_set_x (v, 0, str);
  for (int g = 0; g < groups; g++)
    {
      SCM pair = best[2 * g] == UNSET || best[2 * g + 1] == UNSET
        ? scm_cons (scm_from_int (-1), scm_from_int (-1))
        : scm_cons (scm_from_size_t (best[2 * g]),
                    scm_from_size_t (best[2 * g + 1]));
      scm_c_vector_set_x (v, g + 1, pair);
    }
  return v;
}

/* ---- for SRFI 115 ---- */

SCM_DEFINE (scm_i_tree_to_regexp, "%tree->regexp", 4, 0, 0,
            (SCM tree, SCM ngroups, SCM source, SCM info),
            "Compile the engine's @var{tree} (see regexp-internal.h) with "
            "@var{ngroups} submatches, leftmost-first, to a regexp that "
            "prints as @var{source} and keeps @var{info}.")
{
  static const char who[] = "regexp";
  int ng = scm_to_int (ngroups);
  ensure_engine ();
  return make_regexp (tree, ng, source, 0, info, who);
}

SCM_DEFINE (scm_i_regexp_info, "%regexp-info", 1, 0, 0, (SCM rx),
            "Return the information @var{rx} keeps for its owner "
            "(SRFI 115's submatch names), or @code{#f}.")
{
  regexp_prog (rx, 1, "%regexp-info");
  return SCM_PACK_POINTER (scm_foreign_object_ref (rx, 2));
}

SCM_DEFINE (scm_i_regexp_positions, "%regexp-positions", 5, 0, 0,
            (SCM rx, SCM str, SCM start, SCM end, SCM mode),
            "Match @var{rx} against @var{str} between @var{start} and "
            "@var{end}; @var{mode} is @code{search}, @code{prefix} or "
            "@code{full}.  Return @code{#f}, or a vector of start and end "
            "positions for the match and each submatch, @code{#f} for a "
            "submatch that did not take part.")
{
  static const char who[] = "%regexp-positions";
  const struct prog *p = regexp_prog (rx, 1, who);
  SCM_ASSERT_TYPE (scm_is_string (str), str, 2, who, "string");
  size_t len = scm_i_string_length (str);
  size_t e = index_arg (end, 0, len, 4, who);
  size_t s = index_arg (start, 0, e, 3, who);
  int m = scm_is_eq (mode, scm_from_utf8_symbol ("full"))
    ? MODE_ANCHORED | MODE_FULL
    : scm_is_eq (mode, scm_from_utf8_symbol ("prefix")) ? MODE_ANCHORED : 0;
  struct text t;
  text_of (&t, str, s, e);
  size_t *best = scm_i_alloc_atomic (p->ncap * sizeof *best);
  if (!run (p, &t, m, best))
    return SCM_BOOL_F;
  SCM v = scm_c_make_vector (p->ncap, SCM_BOOL_F);
  for (int k = 0; k + 1 < p->ncap; k += 2)
    if (best[k] != UNSET && best[k + 1] != UNSET)
      {
        scm_c_vector_set_x (v, k, scm_from_size_t (best[k]));
        scm_c_vector_set_x (v, k + 1, scm_from_size_t (best[k + 1]));
      }
  return v;
}

/* The tree's symbols and the foreign type, made at the first
   compilation rather than at init: start-up allocates nothing for a
   program that never uses a regexp.  */
static pthread_once_t engine_once = PTHREAD_ONCE_INIT;

static void
make_engine (void)
{
#define SYM(field, name) scm_i_rx.field = scm_permanent_object (scm_from_utf8_symbol (name))
  SYM (not_set, "not-set"); SYM (any, "any"); SYM (nonl, "nonl");
  SYM (epsilon, "epsilon"); SYM (bos, "bos"); SYM (eos, "eos");
  SYM (bol, "bol"); SYM (eol, "eol"); SYM (bow, "bow"); SYM (eow, "eow");
  SYM (wordb, "wordb"); SYM (nwb, "nwb"); SYM (bog, "bog");
  SYM (eog, "eog"); SYM (nbog, "nbog"); SYM (seq, "seq"); SYM (alt, "alt");
  SYM (rep, "rep"); SYM (sub, "sub"); SYM (nocase, "nocase");
  SYM (kase, "case");
#undef SYM
  regexp_type = scm_permanent_object
    (scm_make_foreign_object_type (scm_from_utf8_symbol ("regexp"),
                                   scm_list_3 (scm_from_utf8_symbol ("program"),
                                               scm_from_utf8_symbol ("source"),
                                               scm_from_utf8_symbol ("info")),
                                   NULL));
  scm_set_foreign_object_printer (regexp_type, regexp_print);
  __atomic_store_n (&engine_ready, 1, __ATOMIC_RELEASE);
}

static void
ensure_engine (void)
{
  if (!__atomic_load_n (&engine_ready, __ATOMIC_ACQUIRE))
    pthread_once (&engine_once, make_engine);
}

void
scm_init_regex_engine (void)
{
  scm_c_define ("regexp/basic", scm_from_int (0));
  scm_c_define ("regexp/extended", scm_from_int (SCM_I_REGEXP_EXTENDED));
  scm_c_define ("regexp/icase", scm_from_int (SCM_I_REGEXP_ICASE));
  scm_c_define ("regexp/newline", scm_from_int (SCM_I_REGEXP_NEWLINE));
  scm_c_define ("regexp/notbol", scm_from_int (SCM_I_REGEXP_NOTBOL));
  scm_c_define ("regexp/noteol", scm_from_int (SCM_I_REGEXP_NOTEOL));
#ifndef SCM_MAGIC_SNARFER
#include "values/regexp.x"
#endif
}
