/* test-heap-limit.c -- running into the VM stack limit and the heap limit:
   the error is caught, the memory comes back, the program goes on
   SPDX-License-Identifier: LGPL-3.0-or-later

   The stack cases run first, at the default limit and at a small one;
   the heap limit, once set, holds for the rest of the process.  Sizes
   are checked with generous bounds; times are not checked.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libscm.h>
#include "tap.h"
#include "evals.h"

/* Resident set size in MiB, from /proc/self/statm; -1 if unknown.  */
static long
rss_mib (void)
{
  long pages_total, pages_resident;
  FILE *f = fopen ("/proc/self/statm", "r");
  if (f == NULL)
    return -1;
  int n = fscanf (f, "%ld %ld", &pages_total, &pages_resident);
  fclose (f);
  if (n != 2)
    return -1;
  return pages_resident * sysconf (_SC_PAGESIZE) / (1024 * 1024);
}

static const char definitions[] =
  "(define (endless n) (+ 1 (endless n)))"
  "(define (build-list n) (if (= n 0) '() (cons n (build-list (- n 1)))))"
  "(define level-param (make-parameter 0))"
  /* A guard, a parameterize and a handler at every level.  */
  "(define (guarded-dive n)"
  "  (guard (e ((string? e) 'not-this-one))"
  "    (parameterize ((level-param n))"
  "      (with-exception-handler"
  "       (lambda (c) (raise c))"
  "       (lambda () (+ 1 (guarded-dive (+ n 1))))))))"
  /* Each kind of frame alone, and the heap a dive allocates.  */
  "(define (guard-dive n) (guard (e ((string? e) 'no)) (+ 1 (guard-dive n))))"
  "(define (parameterize-dive n)"
  "  (parameterize ((level-param n)) (+ 1 (parameterize-dive n))))"
  "(define (handler-dive n)"
  "  (with-exception-handler (lambda (c) (raise c))"
  "    (lambda () (+ 1 (handler-dive n)))))"
  "(define (wind-dive n)"
  "  (dynamic-wind (lambda () #f) (lambda () (+ 1 (wind-dive n)))"
  "                (lambda () #f)))"
  "(define (allocated) (cdr (assq 'bytes-allocated (gc-stats))))"
  "(define (dive-allocation dive)"
  "  (let ((a (allocated)))"
  "    (guard (e ((eq? (condition-kind e) 'stack-overflow) (- (allocated) a)))"
  "      (dive 0))))"
  "(define (runaway)"
  "  (guard (e ((eq? (condition-kind e) 'out-of-memory) 'caught))"
  "    (let loop ((l '())) (loop (cons (make-vector 100 0) l)))))"
  /* Runaways of what the VM allocates from its own free lists: pairs
     and flonums (boxed ones: 1e30 is past the immediates), closures,
     boxes, records.  */
  "(define-record-type link (make-link next) link? (next link-next))"
  "(define-record-type pt (make-pt a b) pt? (a pt-a) (b pt-b))"
  "(define (runaway-vm-objects)"
  "  (map (lambda (grow)"
  "         (guard (e ((eq? (condition-kind e) 'out-of-memory) 'caught))"
  "           (let loop ((l '()) (x 1e30)) (loop (grow l x) (+ x 1.5)))))"
  "       (list (lambda (l x) (cons x l))"
  "             (lambda (l x) (lambda () (cons x l)))"
  "             (lambda (l x) (let ((b l)) (lambda (y) (set! b y) b)))"
  "             (lambda (l x) (make-link l))"
  /* A constructor of constants, made inline (KREC_MAKE_K).  */
  "             (lambda (l x) (cons (make-pt 1 2) l)))))"
  "(define after-log '())"
  "(define (runaway-with-after-thunk)"
  "  (dynamic-wind"
  "   (lambda () #f)"
  "   (lambda () (let loop ((l '())) (loop (cons 1 l))))"
  "   (lambda () (set! after-log (cons (make-vector 10 0) after-log)))))";

static void
stack_cases (void)
{
  long before = rss_mib ();
  const char *got = NULL;
  int all = 1;
  for (int i = 0; i < 3; i++)
    {
      got = eval_written ("(guard (e (#t (condition-kind e))) (endless 0))");
      all = all && strcmp (got, "stack-overflow") == 0;
    }
  long after = rss_mib ();
  ok (all, "a runaway recursion at the default limit raises stack-overflow, "
      "3 times in a row (last: %s)", got);
  ok (before > 0 && after - before < 64,
      "the stack's memory goes back afterwards: RSS %ld MiB before, "
      "%ld MiB after (the limit is 256 MiB)", before, after);
  ok_streq (eval_written ("(length (build-list 100000))"), "100000",
            "the evaluator works after the overflows");

  /* Through guard, parameterize and a handler at every level, the
     records fill the heap (145 MB at this limit; 155 MB of RSS stayed
     without the give-back); once the overflow is over (one more
     evaluation), the heap goes back too.  12 MB more is what remains
     here; under ASan, 71 MB (the shadow of the touched stack, and the
     freed charge arrays in quarantine), hence the bound.  */
  before = rss_mib ();
  got = eval_written ("(guard (e (#t (condition-kind e))) (guarded-dive 0))");
  eval_written ("(+ 1 2)");
  after = rss_mib ();
  ok (strcmp (got, "stack-overflow") == 0 && before > 0
      && after - before < 96,
      "a guarded dive at the default limit: %s, then the heap's memory "
      "goes back: RSS %ld MiB before, %ld MiB after", got, before, after);

  scm_set_stack_limit ((size_t) 16 << 20);
  all = 1;
  for (int i = 0; i < 10; i++)
    {
      got = eval_written ("(guard (e (#t (condition-kind e))) "
                          "(guarded-dive 0))");
      all = all && strcmp (got, "stack-overflow") == 0;
    }
  ok (all, "a guard, a parameterize and a handler at every level: the "
      "overflow reaches the outer guard, 10 times in a row (last: %s)", got);
  /* Each kind alone, caught by the C catch: a handler that raises again
     at every level uses up the overflow reserve before any outer guard
     could see the condition, which then goes to the C catch.  */
  all = 1;
  static const char *const dives[] = {
    "(guard-dive 0)", "(parameterize-dive 0)", "(handler-dive 0)",
    "(wind-dive 0)",
  };
  for (size_t i = 0; i < sizeof dives / sizeof dives[0]; i++)
    {
      int raised;
      SCM c = eval (dives[i], &raised);
      got = raised ? kind_of (c) : written (c);
      all = all && raised && strcmp (got, "stack-overflow") == 0;
    }
  ok (all, "a recursion through guard, parameterize, "
      "with-exception-handler or dynamic-wind alone: stack-overflow, "
      "caught (last: %s)", got);
  /* The records of each level live on the heap until the level
     returns; they are charged to the stack, so that the limit bounds
     them too.  Uncharged, this dive allocated 22 MB under the 16 MiB
     limit (336 bytes a level, 65,000 levels).  */
  long bytes = atol (eval_written ("(dive-allocation guarded-dive)"));
  ok (bytes > 0 && bytes < (16L << 20),
      "the heap a dive through guard, parameterize and a handler "
      "allocates stays below the 16 MiB stack limit (%ld bytes)", bytes);
  ok_streq (eval_written ("(guard (e ((eq? (condition-kind e) "
                          "'stack-overflow) (length (build-list 100000)))) "
                          "(endless 0))"),
            "100000",
            "a guard's clause has the whole stack again (recurses 10^5 deep "
            "in a 16 MiB stack)");
  scm_set_stack_limit ((size_t) 256 << 20);
}

/* Under the heap limit nothing is allocated outside the evaluations:
   an error there would have no catch.  The results are compared with
   symbols made beforehand.  */
static void
heap_cases (void)
{
  SCM caught = scm_from_utf8_symbol ("caught");
  SCM oom = scm_from_utf8_symbol ("out-of-memory");
  scm_c_set_max_heap_size ((size_t) 64 << 20);
  int all = 1, raised;
  for (int i = 0; i < 10; i++)
    {
      SCM v = eval ("(runaway)", &raised);
      all = all && !raised && scm_is_eq (v, caught);
    }
  /* A request larger than the limit is refused before libgc is asked,
     naming the procedure; the caught error leaves the heap as it was.  */
  const char *big = eval_written ("(guard (e ((error-object? e) "
                                  "(list (condition-kind e) "
                                  "(error-object-message e)))) "
                                  "(make-vector 100000000 0))");
  ok (strstr (big, "out-of-memory") != NULL
      && strstr (big, "exceed the heap limit (64 MiB)") != NULL,
      "make-vector of 100,000,000 elements under a 64 MiB limit: "
      "out-of-memory, the limit named (got %s)", big);
  big = eval_written ("(make-bytevector 100000000)");
  ok (strncmp (big, "raised: make-bytevector: impossible size", 40) == 0,
      "make-bytevector past the limit: an error naming make-bytevector "
      "(got %s)", big);

  /* Each runaway needs the memory the one before it dropped: libgc
     does not collect again by itself once an allocation has failed
     under its limit (gc.c, scm_i_alloc_retry).  */
  ok (all, "under a 64 MiB heap limit, a guard catches the out-of-memory "
      "error of a runaway allocation, 10 times in a row");
  ok_streq (eval_written ("(runaway-vm-objects)"), "(caught caught caught caught caught)",
            "runaways of pairs and flonums, closures, boxes and records, "
            "which the VM allocates inline: each out-of-memory is caught");

  SCM c = eval ("(runaway-with-after-thunk)", &raised);
  int after_ok = raised && scm_is_condition (c)
    && scm_is_eq (scm_condition_kind (c), oom);

  /* An embedder's way back: lift the limit, and everything works.  */
  scm_c_set_max_heap_size (0);
  ok (after_ok, "running out of memory under a dynamic-wind whose after "
      "thunk allocates: the C catch gets out-of-memory, no crash (got %s)",
      raised ? kind_of (c) : "no error");
  ok_streq (eval_written ("(list (length (build-list 100000)) "
                          "(vector-length (make-vector 1000000 0)))"),
            "(100000 1000000)",
            "with the limit lifted, allocation works again");
}

int
main (void)
{
  alarm (300);
  scm_init ();
  int raised;
  eval (definitions, &raised);
  ok (!raised, "the definitions evaluate");
  stack_cases ();
  heap_cases ();
  return tap_done ();
}
