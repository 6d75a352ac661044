/* test-polling.c -- every primitive whose work grows with its input
   checks for interrupts by itself
   SPDX-License-Identifier: LGPL-3.0-or-later

   Each case calls one primitive on a large input with an interrupt
   already requested: request-interrupt! (a subr defined here) asks for
   it, and the call comes next, with no check of the VM in between.  A
   primitive that polls raises `interrupted' at its first poll, before
   it has a result; one that does not runs to its end, its result is
   assigned to `done', and only a later check raises.  So the
   test needs no timer and no timing, and cannot pass for a primitive
   that ignores the request: the first case shows that with car, which
   has no loop to poll in.  Each case prints, as a comment, how long
   the call took from the request (the poll comes every 65,536 turns, so
   this is about what Ctrl-C would wait for).  */

#include <libscm.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <string.h>
#include "tap.h"
#include "evals.h"
#include "measure.h"

static SCM
request_interrupt_subr (void)
{
  scm_request_interrupt ();
  return SCM_UNSPECIFIED;
}

/* The inputs, made once.  Sizes: a few polls' worth of turns (a poll
   comes every 65,536) and well under a second of work each.  */
static const char inputs[] =
  "(define done #f)"
  "(define n 1000000)"
  "(define big (make-list n 'abc))"
  "(define big2 (list-copy big))"
  "(define nums (let l ((i 0) (r '()))"
  "  (if (= i 300000) r (l (+ i 1) (cons (modulo (* i 7919) 1000003) r)))))"
  "(define cyc (list 1 2 3)) (set-cdr! (cddr cyc) cyc)"
  "(define alist (map (lambda (x) (cons x x)) big))"
  "(define vec (make-vector n 0))"
  "(define str (make-string n #\\a))"
  "(define str2 (string-copy str))"
  "(define str3 (string-copy str))"
  "(define lambdas (string->utf8 (make-string n #\\x3bb)))"
  "(define wide (string-append (make-string n #\\x3bb) \"\\x3a3;\"))"
  /* Under the 2^18 characters of a poll while converting to UCS-4:
     the normalizations poll between their own pieces.  */
  "(define greek (string-append (make-string 200000 #\\x3bb) \"e\\x301;\"))"
  "(define chars (string->list str))"
  "(define bv (make-bytevector (* 8 n) 65))"
  "(define text (let ((p (open-output-string))) (write big p)"
  "  (get-output-string p)))"
  "(define huge (expt 3 2000000))"
  "(define huge-text (number->string huge))"
  /* Past 2^17 limbs, where products go in pieces: 136,209 limbs.  */
  "(define huger (+ (expt 3 5500000) 12345))"
  "(define huger2 (- (+ huger 1) 1))"
  "(define long-divisor (+ (expt 3 5400000) 1))"
  /* Past 8,192 limbs, where a gcd stops being one mpn_gcd: 8,913.  */
  "(define medium (+ (expt 3 360000) 2))";

struct polling_case
{
  const char *expr;             /* the call, with its input */
  const char *what;
};

/* Every primitive whose work grows with its input, on one input each.  */
static const struct polling_case cases[] = {
  /* The printer.  */
  { "(display big (open-output-string))", "display of a list" },
  { "(write big (open-output-string))", "write of a list" },
  { "(write vec (open-output-string))", "write of a vector" },
  { "(write-shared big (open-output-string))", "write-shared of a list" },
  { "(write str (open-output-string))", "write of a string" },
  { "(display str (open-output-string))", "display of a string" },
  /* The reader.  */
  { "(read (open-input-string text))", "read of a long list" },
  /* Comparison and lists.  */
  { "(equal? big big2)", "equal? of two lists" },
  { "(length big)", "length" },
  { "(list? big)", "list?" },
  { "(reverse big)", "reverse" },
  { "(reverse! big2)", "reverse!" },
  { "(append big '(1))", "append" },
  { "(list-copy big)", "list-copy" },
  { "(make-list n 0)", "make-list" },
  { "(list-tail cyc 1000000000000000)", "list-tail of a circular list" },
  { "(list-ref cyc 1000000000000000)", "list-ref of a circular list" },
  { "(memq 'zzz big)", "memq" },
  { "(member \"zzz\" big)", "member" },
  { "(assq 'zzz alist)", "assq" },
  { "(assoc \"zzz\" alist)", "assoc" },
  { "(sort nums <)", "sort" },
  { "(list-sort < nums)", "list-sort" },
  { "(apply max nums)", "apply of a long list" },
  /* Vectors.  */
  { "(list->vector big)", "list->vector" },
  { "(vector->list vec)", "vector->list" },
  { "(make-vector (* 8 n) 0)", "make-vector" },
  { "(vector-fill! vec 1)", "vector-fill!" },
  { "(vector-copy vec)", "vector-copy" },
  { "(vector-append vec vec)", "vector-append" },
  { "(string->list str)", "string->list" },
  { "(list->string chars)", "list->string" },
  { "(apply string chars)", "string" },
  { "(make-string (* 8 n) #\\b)", "make-string" },
  { "(string-copy str)", "string-copy" },
  { "(string-append str str)", "string-append" },
  { "(substring str 1 n)", "substring" },
  { "(string-fill! str2 #\\c)", "string-fill!" },
  { "(string-copy! str2 0 str)", "string-copy!" },
  { "(string-upcase str)", "string-upcase" },
  { "(string-downcase str)", "string-downcase" },
  { "(string-upcase wide)", "string-upcase of Greek" },
  { "(string-downcase wide)", "string-downcase of Greek" },
  { "(string-foldcase wide)", "string-foldcase of Greek" },
  { "(string-normalize-nfc greek)", "string-normalize-nfc" },
  { "(string-normalize-nfd greek)", "string-normalize-nfd" },
  { "(string-normalize-nfkc greek)", "string-normalize-nfkc" },
  { "(string-normalize-nfkd greek)", "string-normalize-nfkd" },
  { "(string->symbol str)", "string->symbol" },
  { "(string->uninterned-symbol str)", "string->uninterned-symbol" },
  { "(string=? str str3)", "string=?" },
  { "(string<? str str3)", "string<?" },
  { "(string-ci=? str str3)", "string-ci=?" },
  { "(string->utf8 str)", "string->utf8" },
  { "(utf8->string bv)", "utf8->string of ASCII" },
  { "(utf8->string lambdas)", "utf8->string of two-byte characters" },
  /* Bytevectors.  */
  { "(bytevector-copy bv)", "bytevector-copy" },
  { "(make-bytevector (* 8 n) 0)", "make-bytevector" },
  /* Bignums.  */
  { "(expt 3 3000000)", "expt" },
  { "(number->string huge)", "number->string of a bignum" },
  { "(string->number huge-text)", "string->number of a bignum" },
  { "(exact-integer-sqrt huge)", "exact-integer-sqrt" },
  { "(* huger huger2)", "* of two long bignums" },
  { "(* huger huger)", "* of a long bignum by itself" },
  { "(* huger huge)", "* of a long bignum by a shorter one" },
  { "(quotient huger huge)", "quotient with a long quotient" },
  { "(remainder huger huge)", "remainder" },
  { "(modulo (- huger) huge)", "modulo" },
  { "(floor/ huger huge)", "floor/" },
  { "(truncate/ huger 3)", "truncate/ by a fixnum" },
  { "(quotient huger long-divisor)", "quotient by a long divisor" },
  /* lcm and the reduction of a ratio use the same gcd.  */
  { "(gcd huger long-divisor)", "gcd of two long bignums" },
  { "(gcd medium (+ medium 2))", "gcd just past one mpn_gcd's size" },
  { "(gcd huger medium)", "gcd of lengths far apart" },
};

/* Call EXPR with an interrupt requested just before: "polled" if it
   raised `interrupted' before it had a result, else what happened.  */
static const char *
call_interrupted (const char *expr, double *seconds)
{
  static char buf[300];
  char text[400];
  snprintf (text, sizeof text,
            "(begin (set! done #f) (request-interrupt!) (set! done %s) 0)",
            expr);
  eval ("(set! done #f)", NULL);
  int raised;
  double t0 = now ();
  SCM r = eval (text, &raised);
  *seconds = now () - t0;
  /* Done is set only when the call finished: then whether the VM
     raised afterwards or the request waits for the next evaluation's
     start (which drops it), the primitive did not poll.  */
  if (strcmp (eval_written ("done"), "#f") != 0)
    return "not polled: it finished";
  if (raised && strcmp (kind_of (r), "interrupted") == 0)
    return "polled";
  snprintf (buf, sizeof buf, "%s: %s", raised ? "raised" : "returned",
            raised ? kind_of (r) : written (r));
  return buf;
}

/* The immutable copy of a quoted datum that the expander makes
   (literals.c) has no poll before it when eval is handed a datum the
   program built: eval's own poll has passed by the time the copy
   starts.  So the request comes from another thread, 30 ms into a copy
   of a million pairs that takes 300 ms and more.  Without a poll in
   the copy, the compiler's next poll raises, once the copy is done:
   so the case also times uninterrupted copies, and the interrupted
   one must come back in less than half the time of one.  */
static void *
request_later (void *data)
{
  (void) data;
  struct timespec pause = { 0, 30 * 1000 * 1000 };
  nanosleep (&pause, NULL);
  scm_request_interrupt ();
  return NULL;
}

static const char *
copy_interrupted (double *seconds)
{
  pthread_t th;
  eval ("(set! done #f)", NULL);
  if (pthread_create (&th, NULL, request_later, NULL) != 0)
    return "no thread";
  int raised;
  double t0 = now ();
  SCM r = eval ("(begin (set! done (eval (list 'quote big)"
                "                         (interaction-environment)))"
                "       0)", &raised);
  *seconds = now () - t0;
  pthread_join (th, NULL);
  if (strcmp (eval_written ("done"), "#f") != 0)
    return "not polled: it finished";
  if (raised && strcmp (kind_of (r), "interrupted") == 0)
    return "polled";
  return raised ? kind_of (r) : written (r);
}

int
main (void)
{
  scm_init ();
  scm_c_define_gsubr ("request-interrupt!", 0, 0, 0,
                      (scm_t_subr) request_interrupt_subr);
  int raised;
  SCM r = eval (inputs, &raised);
  if (raised)
    {
      printf ("Bail out! the inputs: %s\n", written (r));
      return 1;
    }
  double t;
  /* No loop, no poll: the request waits for the VM's next check,
     after the call has finished.  */
  ok_streq (call_interrupted ("(car big)", &t), "not polled: it finished",
            "car (no loop) finishes before the VM sees the request");
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      ok_streq (call_interrupted (cases[i].expr, &t), "polled",
                "%s polls for interrupts", cases[i].what);
      printf ("# %s: back %.1f ms after the request\n", cases[i].what,
              t * 1e3);
    }
  /* The quicker of two whole copies: the first also grows the heap.  */
  double whole = 1e9;
  for (int i = 0; i < 2; i++)
    {
      double t0 = now ();
      eval ("(eval (list 'quote big) (interaction-environment))", NULL);
      if (now () - t0 < whole)
        whole = now () - t0;
    }
  const char *copy = copy_interrupted (&t);
  ok (strcmp (copy, "polled") == 0 && t < whole / 2,
      "the copy of a quoted list that eval makes polls for interrupts: "
      "%s, back %.1f ms after eval began (a whole copy: %.1f ms)",
      copy, t * 1e3, whole * 1e3);
  ok_streq (eval_written ("(list (length big) (vector-length vec) "
                          "(string-length str))"),
            "(1000000 1000000 1000000)",
            "the inputs are intact and the evaluator works afterwards");
  return tap_done ();
}
