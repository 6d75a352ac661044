/* keywords.c -- keywords: #:name, one per symbol
   SPDX-License-Identifier: LGPL-3.0-or-later

   A keyword is two words: header and its symbol.  The table from symbol
   to keyword is process-wide, under a mutex, like the symbol table.  */

#include "runtime/scm-internal.h"
#include "values/hashtab-internal.h"
#include "runtime/init-internal.h"

#include <pthread.h>
#include <libscm/conditions.h>
#include <libscm/keywords.h>
#include <libscm/symbols.h>

static pthread_mutex_t keywords_lock = PTHREAD_MUTEX_INITIALIZER;
static struct scm_i_eqtab keywords;

static SCM
lookup (SCM sym)
{
  pthread_mutex_lock (&keywords_lock);
  SCM kw = scm_i_eqtab_ref (&keywords, sym, SCM_BOOL_F);
  pthread_mutex_unlock (&keywords_lock);
  return kw;
}

/* The keyword for interned symbol SYM; CANDIDATE (a keyword on SYM, or
   SCM_UNDEFINED for a new one) becomes it if there is none yet.  Nothing
   raises while the lock is held: the candidate is made before, and an
   out-of-memory error is raised after.  */
static SCM
intern_keyword (SCM sym, SCM candidate)
{
  SCM kw = lookup (sym);
  if (scm_is_true (kw))
    return kw;
  if (SCM_UNBNDP (candidate))
    {
      candidate = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_keyword, 0, 0),
                                     2);
      SCM_SET_CELL_OBJECT (candidate, 1, sym);
    }
  pthread_mutex_lock (&keywords_lock);
  kw = scm_i_eqtab_ref (&keywords, sym, SCM_BOOL_F);
  int failed = 0;
  if (scm_is_false (kw))
    {
      kw = candidate;
      failed = scm_i_eqtab_try_set (&keywords, sym, kw) != 0;
    }
  pthread_mutex_unlock (&keywords_lock);
  if (failed)
    scm_out_of_memory ("symbol->keyword", 0);
  return kw;
}

SCM
scm_snarf_intern_keyword (SCM keyword)
{
  SCM sym = SCM_CELL_OBJECT (keyword, 1);
  SCM canonical = scm_snarf_intern_symbol (sym);
  /* A static keyword whose symbol lost to an earlier one cannot be the
     canonical keyword: keyword->symbol must give the interned symbol.  */
  return intern_keyword (canonical, scm_is_eq (canonical, sym)
                         ? keyword : SCM_UNDEFINED);
}

SCM
scm_from_utf8_keyword (const char *str)
{
  return scm_symbol_to_keyword (scm_from_utf8_symbol (str));
}

SCM_DEFINE (scm_keyword_p, "keyword?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a keyword.")
{
  return scm_from_bool (scm_is_keyword (obj));
}

SCM_DEFINE (scm_symbol_to_keyword, "symbol->keyword", 1, 0, 0, (SCM sym),
            "Return the keyword whose name is the symbol @var{sym}.")
{
  SCM_ASSERT_TYPE (scm_is_symbol (sym), sym, 1, "symbol->keyword", "symbol");
  return intern_keyword (sym, SCM_UNDEFINED);
}

SCM_DEFINE (scm_keyword_to_symbol, "keyword->symbol", 1, 0, 0, (SCM kw),
            "Return the symbol that names keyword @var{kw}.")
{
  SCM_ASSERT_TYPE (scm_is_keyword (kw), kw, 1, "keyword->symbol", "keyword");
  return SCM_CELL_OBJECT (kw, 1);
}

void
scm_init_keywords (void)
{
  /* The image's keywords may have been interned already (image.c).  */
  if (keywords.capacity == 0)
    scm_i_eqtab_init (&keywords, 64);
#ifndef SCM_MAGIC_SNARFER
#include "values/keywords.x"
#endif
}
