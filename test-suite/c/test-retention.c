/* test-retention.c -- what a raised condition leaves behind is garbage
   by the time the host has control again
   SPDX-License-Identifier: LGPL-3.0-or-later

   Each case builds a structure of tens of megabytes, raises (an error,
   from deep recursion, out of memory), and then the host collects and
   reads the heap in use: it must be back near what it was, not held by
   stale words on the C stack or the VM stack, by the condition or by
   its backtrace (issue 40 saw 114 MB kept after a collection, and 916 MB
   after a caught out-of-memory; a855bac, scm_gc clearing the caller's
   dead stack and libscm binding its imports at load, removed the
   cause).  The measure is bytes, not time.  */

#include <stdio.h>
#include <gc/gc.h>
#include <libscm.h>
#include "tap.h"

/* The heap in use after a collection, in KiB, by (gc-stats).  */
static long
in_use_kib (void)
{
  scm_gc ();
  long size = 0, free_bytes = 0;
  for (SCM s = scm_gc_stats (); scm_is_pair (s); s = scm_cdr (s))
    {
      SCM key = scm_car (scm_car (s)), value = scm_cdr (scm_car (s));
      if (scm_is_eq (key, scm_from_utf8_symbol ("heap-size")))
        size = scm_to_long (value);
      else if (scm_is_eq (key, scm_from_utf8_symbol ("heap-free")))
        free_bytes = scm_to_long (value);
    }
  return (size - free_bytes) / 1024;
}

/* What may stay in use above the start: a few MB of tables, code and
   conditions, far below the 64 MB the cases build.  */
#define SLACK_KIB (8 * 1024)

/* Evaluate EXPR, which must raise; then the host's collection must
   find the heap near BASE.  The raised object is held by the host.  */
static void
after_raise (const char *what, const char *expr, long base)
{
  SCM held;
  int raised = scm_c_eval_string_protected (expr, &held);
  long used = in_use_kib ();
  ok (raised && used < base + SLACK_KIB,
      "%s: %ld KiB in use after, %ld before", what, used, base);
  scm_remember_upto_here_1 (held);
}

static SCM
fill_heap (void *data)
{
  SCM keep = SCM_EOL;
  (void) data;
  for (;;)
    keep = scm_cons (scm_c_make_vector (1000, SCM_BOOL_F), keep);
  return keep;
}

static SCM
return_raised (void *data, SCM obj)
{
  (void) data;
  return obj;
}

int
main (void)
{
  scm_init ();
  long base = in_use_kib ();

  /* 4 million pairs: 64 MB.  */
  after_raise ("an error with a big structure in a local",
               "(let ((big (make-list 4000000 'x)))"
               "  (error \"boom\" (length big)))", base);
  after_raise ("an error whose backtrace has frames over the structure",
               "(define (use big) (car '()))"
               "(let ((big (make-list 4000000 'x))) (use big) big)", base);
  after_raise ("a raise from 200,000 frames deep, each holding a vector",
               "(let f ((n 200000))"
               "  (let ((v (make-vector 40 n)))"
               "    (if (= n 0) (raise 'deep) (+ (vector-ref v 0) (f (- n 1))))))",
               base);
  after_raise ("a stack overflow of a consing recursion",
               "(let f ((n 0)) (cons (make-vector 30 n) (f (+ n 1))))", base);

  /* Within one evaluation, after a guard caught the raise.  */
  SCM v;
  int raised = scm_c_eval_string_protected ("(begin"
                "  (guard (e (#t #f)) (let ((big (make-list 4000000 'x)))"
                "                       (raise 'boom)))"
                "  (gc)"
                "  (let ((s (gc-stats)))"
                "    (quotient (- (cdr (assq 'heap-size s))"
                "                 (cdr (assq 'heap-free s))) 1024)))", &v);
  ok (!raised && scm_is_integer (v) && scm_to_long (v) < base + SLACK_KIB,
      "after a guard in the same evaluation: %ld KiB in use",
      raised ? -1L : scm_to_long (v));

  /* Out of memory under a 256 MB limit, caught by the host, which then
     collects with libgc's own call.  */
  GC_set_max_heap_size (256 * 1024 * 1024);
  SCM oom = scm_c_catch_raise (fill_heap, NULL, return_raised, NULL);
  ok (scm_is_condition (oom)
      && scm_is_eq (scm_condition_kind (oom),
                    scm_from_utf8_symbol ("out-of-memory")),
      "filling a 256 MB heap raises out-of-memory");
  long used = in_use_kib ();
  ok (used < base + SLACK_KIB,
      "after out-of-memory: %ld KiB in use, %ld before", used, base);
  return tap_done ();
}
