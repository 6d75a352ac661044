/* regexp-internal.h -- the regular-expression engine's two halves
   SPDX-License-Identifier: LGPL-3.0-or-later

   One engine serves (ice-9 regex) and SRFI 115.  A pattern is first a
   tree (the AST below, ordinary Scheme data), then a program for a
   Pike VM (regexp.c).  POSIX syntax is parsed to the tree in C
   (regexp-parse.c); SRE syntax in Scheme (module/srfi/115.sld).

   The tree:
     CHAR                      that character
     STRING                    its characters in order
     CHAR-SET                  a character of that SRFI 14 set
     BYTEVECTOR                a character of the inversion list of
                               native uint32_t code points it holds
     (not-set SET)             a character not in SET (one of the two
                               above); under nocase the set is folded
                               before it is negated
     any nonl epsilon          any character; any but #\newline; nothing
     bos eos bol eol bow eow wordb nwb bog eog nbog
                               assertions (bol/eol: also after/before a
                               newline; nbog: not a grapheme boundary)
     (seq NODE ...) (alt NODE ...)
     (rep MIN MAX GREEDY? NODE)  MAX #f for no bound
     (sub K NODE)              submatch K (from 1)
     (nocase NODE) (case NODE) matching folds case in NODE, or not  */

#ifndef SCM_REGEXP_INTERNAL_H
#define SCM_REGEXP_INTERNAL_H

#include "runtime/scm-internal.h"

/* The symbols of the tree, interned by scm_init_regex_engine.  */
struct scm_i_regex_syms
{
  SCM not_set, any, nonl, epsilon, bos, eos, bol, eol, bow, eow, wordb,
    nwb, bog, eog, nbog, seq, alt, rep, sub, nocase, kase;
};
SCM_INTERNAL extern struct scm_i_regex_syms scm_i_rx;

/* At most this many submatches (the thread lists hold each one's
   positions).  */
#define SCM_I_REGEXP_MAX_GROUPS 10000

/* make-regexp's flags, with Guile's values (those of glibc).  */
#define SCM_I_REGEXP_EXTENDED 1
#define SCM_I_REGEXP_ICASE 2
#define SCM_I_REGEXP_NEWLINE 4
#define SCM_I_REGEXP_NOTBOL 1
#define SCM_I_REGEXP_NOTEOL 2

/* Parse POSIX pattern PATTERN (a string) under CFLAGS (the bits above)
   to a tree; set *NSUB to its number of groups.  A malformed pattern
   raises regular-expression-syntax from WHO naming the pattern, the
   position and the reason.  */
SCM_INTERNAL SCM scm_i_regex_parse_posix (SCM pattern, int cflags,
                                          int *nsub, const char *who);

/* Raise regular-expression-syntax from WHO: PATTERN is malformed at
   character POS (or POS < 0: as a whole) because of WHY.  */
SCM_INTERNAL void scm_i_regex_syntax_error (const char *who, SCM pattern,
                                            long pos, const char *why)
  SCM_NORETURN;

#endif /* SCM_REGEXP_INTERNAL_H */
