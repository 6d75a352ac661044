/* test-bignums.c -- the C API of exact integers past the fixnum range:
   scm_from_* / scm_to_* at every C type's limits, mpz_t conversions,
   GMP's memory functions left alone, the integer size limit, and an
   interrupt stopping a long computation on large numbers
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <gmp.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <libscm.h>
#include <libscm/numbers-gmp.h>
#include "tap.h"
#include "evals.h"

/* ------------------------------------------------------------------ */
/* Helpers.  */

struct conv { SCM x; };

/* The kind of what BODY (DATA) raises, or "(none)".  */
static const char *
raised_kind (scm_t_catch_body body, void *data)
{
  SCM result;
  if (!scm_c_protect (body, data, &result))
    return "(none)";
  return kind_of (result);
}

static SCM to_int64_body (void *d) { scm_to_int64 (((struct conv *) d)->x); return SCM_BOOL_T; }
static SCM to_uint64_body (void *d) { scm_to_uint64 (((struct conv *) d)->x); return SCM_BOOL_T; }
static SCM to_int32_body (void *d) { scm_to_int32 (((struct conv *) d)->x); return SCM_BOOL_T; }
static SCM to_uint32_body (void *d) { scm_to_uint32 (((struct conv *) d)->x); return SCM_BOOL_T; }
static SCM to_ulong_body (void *d) { scm_to_ulong (((struct conv *) d)->x); return SCM_BOOL_T; }
static SCM to_size_body (void *d) { scm_to_size_t (((struct conv *) d)->x); return SCM_BOOL_T; }
static SCM to_mpz_body (void *d)
{
  mpz_t z;
  mpz_init (z);
  scm_to_mpz (((struct conv *) d)->x, z);
  mpz_clear (z);
  return SCM_BOOL_T;
}

static SCM
from_mpz_body (void *d)
{
  return scm_from_mpz ((mpz_ptr) d);
}

static const char *
kind_for (scm_t_catch_body body, SCM x)
{
  struct conv c = { x };
  return raised_kind (body, &c);
}

static SCM
num (const char *expr)
{
  int raised;
  SCM v = eval (expr, &raised);
  return raised ? SCM_BOOL_F : v;
}

static int
same (SCM a, SCM b)
{
  return scm_is_true (scm_num_eq_p (a, b));
}

/* ------------------------------------------------------------------ */
/* Conversions.  */

static void
test_conversions (void)
{
  ok (same (scm_from_int64 (INT64_MAX), num ("(- (expt 2 63) 1)"))
      && same (scm_from_int64 (INT64_MIN), num ("(- (expt 2 63))"))
      && same (scm_from_uint64 (UINT64_MAX), num ("(- (expt 2 64) 1)")),
      "scm_from_int64 and scm_from_uint64 at their limits give bignums");
  ok (scm_to_int64 (num ("(- (expt 2 63) 1)")) == INT64_MAX
      && scm_to_int64 (num ("(- (expt 2 63))")) == INT64_MIN
      && scm_to_uint64 (num ("(- (expt 2 64) 1)")) == UINT64_MAX
      && scm_to_uint64 (num ("(expt 2 61)")) == (uint64_t) 1 << 61,
      "scm_to_int64 and scm_to_uint64 of bignums at their limits");
  ok_streq (kind_for (to_int64_body, num ("(expt 2 63)")), "out-of-range",
            "scm_to_int64 of 2^63: out-of-range");
  ok_streq (kind_for (to_int64_body, num ("(- -1 (expt 2 63))")),
            "out-of-range", "scm_to_int64 of -2^63 - 1: out-of-range");
  ok_streq (kind_for (to_int64_body, num ("(expt 10 40)")), "out-of-range",
            "scm_to_int64 of 10^40: out-of-range");
  ok_streq (kind_for (to_uint64_body, num ("(expt 2 64)")), "out-of-range",
            "scm_to_uint64 of 2^64: out-of-range");
  ok_streq (kind_for (to_uint64_body, num ("(- (expt 2 62))")),
            "out-of-range", "scm_to_uint64 of a negative bignum: out-of-range");
  ok_streq (kind_for (to_uint64_body, scm_from_double (1e30)),
            "wrong-type-arg", "scm_to_uint64 of 1e30: wrong-type-arg");
  ok_streq (kind_for (to_size_body, num ("(expt 2 64)")), "out-of-range",
            "scm_to_size_t of 2^64: out-of-range");
  ok (scm_to_size_t (scm_from_size_t (SIZE_MAX)) == SIZE_MAX,
      "scm_to_size_t round-trips SIZE_MAX");
  ok (scm_to_int32 (scm_from_int32 (INT32_MIN)) == INT32_MIN
      && scm_to_uint32 (scm_from_uint32 (UINT32_MAX)) == UINT32_MAX
      && scm_to_uint (scm_from_uint (UINT_MAX)) == UINT_MAX
      && scm_to_ulong (scm_from_ulong (ULONG_MAX)) == ULONG_MAX
      && scm_to_ssize_t (scm_from_ssize_t (-5)) == -5
      && scm_to_intmax (scm_from_intmax (INTMAX_MIN)) == INTMAX_MIN
      && scm_to_uintmax (scm_from_uintmax (UINTMAX_MAX)) == UINTMAX_MAX,
      "the 32-bit, unsigned, long, ssize_t and intmax conversions "
      "round-trip their limits");
  ok_streq (kind_for (to_int32_body, scm_from_int64 ((int64_t) INT32_MAX + 1)),
            "out-of-range", "scm_to_int32 of 2^31: out-of-range");
  ok_streq (kind_for (to_uint32_body, scm_from_int (-1)), "out-of-range",
            "scm_to_uint32 of -1: out-of-range");
  ok_streq (kind_for (to_ulong_body, num ("(expt 2 64)")), "out-of-range",
            "scm_to_ulong of 2^64: out-of-range");
  ok (scm_is_exact_integer (num ("(expt 2 100)"))
      && !scm_is_exact_integer (scm_from_double (1e30))
      && scm_is_integer (num ("(expt 2 100)"))
      && scm_is_exact (num ("(expt 2 100)"))
      && scm_is_number (num ("(expt 2 100)"))
      && scm_is_real (num ("(expt 2 100)")),
      "the C predicates hold for bignums");
  ok (scm_is_signed_integer (num ("(- (expt 2 63))"), INT64_MIN, INT64_MAX)
      && !scm_is_signed_integer (num ("(expt 2 63)"), INT64_MIN, INT64_MAX)
      && scm_is_unsigned_integer (num ("(expt 2 63)"), 0, UINT64_MAX)
      && !scm_is_unsigned_integer (num ("(- (expt 2 63))"), 0, UINT64_MAX)
      && !scm_is_unsigned_integer (scm_from_int (-1), 0, 10)
      && scm_is_signed_integer (scm_from_int (-1), -1, 0)
      && !scm_is_signed_integer (num ("(expt 2 100)"), INT64_MIN, INT64_MAX),
      "scm_is_signed_integer and scm_is_unsigned_integer");
  ok (scm_to_double (num ("(expt 2 100)")) == 0x1p100,
      "scm_to_double of a bignum");
}

/* ------------------------------------------------------------------ */
/* mpz_t.  */

static size_t foreign_allocs;

static void *
counting_alloc (size_t n)
{
  foreign_allocs++;
  return malloc (n);
}

static void *
counting_realloc (void *p, size_t old, size_t n)
{
  (void) old;
  foreign_allocs++;
  return realloc (p, n);
}

static void
counting_free (void *p, size_t n)
{
  (void) n;
  free (p);
}

static void
test_mpz (void)
{
  mpz_t z, back;
  mpz_init (z);
  mpz_init (back);
  mpz_ui_pow_ui (z, 3, 200);
  mpz_neg (z, z);
  SCM x = scm_from_mpz (z);
  ok (same (x, num ("(- (expt 3 200))")), "scm_from_mpz of -3^200");
  scm_to_mpz (x, back);
  ok (mpz_cmp (z, back) == 0, "scm_to_mpz gives it back");
  mpz_set_si (z, -42);
  x = scm_from_mpz (z);
  ok (scm_is_eq (x, scm_from_int (-42)), "scm_from_mpz of -42 is a fixnum");
  mpz_set_ui (z, 0);
  ok (scm_is_eq (scm_from_mpz (z), scm_from_int (0)),
      "scm_from_mpz of 0 is the fixnum 0");
  scm_to_mpz (num ("(- (expt 2 61))"), back);
  ok (mpz_cmp_si (back, -((long) 1 << 61)) == 0,
      "scm_to_mpz of the most negative fixnum");
  scm_to_mpz (num ("(* 12345678901234567890 98765432109876543210)"), back);
  char *text = mpz_get_str (NULL, 10, back);
  ok_streq (text, "1219326311370217952237463801111263526900",
            "scm_to_mpz of a product");
  free (text);
  mpz_clear (z);
  mpz_clear (back);
  ok_streq (kind_for (to_mpz_body, scm_from_double (1.0)), "wrong-type-arg",
            "scm_to_mpz of 1.0: wrong-type-arg");

  /* libscm must leave the embedder's allocator in place and never
     allocate a Scheme integer through it.  */
  void *(*a) (size_t), *(*r) (void *, size_t, size_t);
  void (*f) (void *, size_t);
  mp_get_memory_functions (&a, &r, &f);
  int raised;
  foreign_allocs = 0;
  eval ("(let loop ((i 0) (x 1)) (if (< i 2000) (loop (+ i 1) (* x 3)) "
        "(number->string (quotient x (expt 7 100)) 16)))", &raised);
  mp_get_memory_functions (&a, &r, &f);
  ok (a == counting_alloc && r == counting_realloc && f == counting_free
      && !raised, "GMP's memory functions stay the embedder's");
  ok (foreign_allocs == 0,
      "small bignum arithmetic allocates nothing through them (%zu calls)",
      foreign_allocs);
}

/* ------------------------------------------------------------------ */
/* The size limit.  */

static void
test_limit (void)
{
  size_t old = scm_c_set_max_integer_bits (1000);
  ok (scm_c_max_integer_bits () == 1000, "scm_c_set_max_integer_bits");
  ok_streq (eval_written ("(string-length (number->string (expt 2 990)))"),
            "299", "a 991-bit result is allowed");
  ok_streq (eval_written ("(expt 2 1001)"),
            "raised: expt: implementation restriction: exact integer too "
            "large (see scm_c_set_max_integer_bits): 2 1001",
            "a 1002-bit result is refused");
  const char *product = eval_written ("(* (expt 2 600) (expt 2 600))");
  const char *want = "raised: *: implementation restriction: exact integer "
    "too large (see scm_c_set_max_integer_bits): 4149515568880992958512";
  ok (strncmp (product, want, strlen (want)) == 0, "so is a product: %s",
      product);
  ok_streq (eval_written ("(string->number (make-string 400 #\\9))"),
            "raised: string->number: implementation restriction: exact "
            "integer too large (see scm_c_set_max_integer_bits): "
            "\"" "99999999999999999999999999999999999999999999999999"
            "99999999999999999999999999999999999999999999999999"
            "99999999999999999999999999999999999999999999999999"
            "99999999999999999999999999999999999999999999999999"
            "99999999999999999999999999999999999999999999999999"
            "99999999999999999999999999999999999999999999999999"
            "99999999999999999999999999999999999999999999999999"
            "99999999999999999999999999999999999999999999999999" "\"",
            "and a 400-digit string");
  /* 10^301 has 1000 bits: allowed, and so its digits read back (the
     digit check once used 3.33 bits a digit and refused the 302 digits,
     while #e1e301 passed).  */
  ok_streq (eval_written ("(let ((x (string->number \"#e1e301\"))) "
                          "(list (integer-length x) "
                          "(= x (string->number (number->string x))) "
                          "(= (/ x) (string->number "
                          "(number->string (/ x))))))"),
            "(1000 #t #t)",
            "a number of exactly the limit's size prints and reads back, "
            "as an integer and as a ratio");
  /* The limit is for results: comparing numbers that exist never
     raises it, though a/b < c/d compares the cross products, here of
     about 1500 bits (the fuzzer's #e-1228...e-39390 under a 2^17-bit
     limit); nor does round of a ratio whose denominator is at the limit
     (it compared 2r, one bit more, with d).  */
  ok_streq (eval_written ("(let* ((d (expt 10 300)) "
                          "(x (/ (+ (expt 10 150) 1) d)) "
                          "(y (/ (+ (expt 10 150) 3) d)) "
                          "(z (let ((d (* 3 (expt 2 998)))) (/ (- d 1) d)))) "
                          "(list (< x y) (= x y) (= x x) (<= y x) "
                          "(= (max x y) y) (round z) (round (- z))))"),
            "(#t #f #t #f #t 1 -1)",
            "ratios whose cross products pass the limit compare, and a ratio "
            "whose denominator is at it rounds");
  mpz_t z;
  mpz_init (z);
  mpz_ui_pow_ui (z, 2, 5000);
  ok_streq (raised_kind (from_mpz_body, z), "implementation-restriction",
            "scm_from_mpz of a 5001-bit number is refused too");
  mpz_clear (z);
  scm_c_set_max_integer_bits (old);
  ok_streq (eval_written ("(integer-length (expt 2 1001))"), "1002",
            "the old limit back, the power is allowed again");
}

/* ------------------------------------------------------------------ */
/* Interrupts.  */

static volatile sig_atomic_t alarm_fired;

static void
on_alarm (int sig)
{
  (void) sig;
  alarm_fired = 1;
  scm_request_interrupt ();
}

static volatile time_t deadline;

static void *
watchdog (void *unused)
{
  (void) unused;
  for (;;)
    {
      sleep (1);
      if (deadline != 0 && time (NULL) > deadline)
        {
          printf ("not ok %d - an interrupt stops a long expt "
                  "(still running after 20 s)\n", tap_count + 1);
          printf ("Bail out! an interrupt did not stop the evaluation\n");
          fflush (stdout);
          _exit (1);
        }
    }
  return NULL;
}

static void
test_interrupt (void)
{
  pthread_t w;
  pthread_create (&w, NULL, watchdog, NULL);
  pthread_detach (w);
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGALRM, &sa, NULL);
  /* 3^40000000 has 63 million bits: seconds of squaring, in steps.
     The alarm comes after 20 ms, inside the primitive: expt itself
     must notice.  */
  struct itimerval it = { { 0, 0 }, { 0, 20 * 1000 } };
  deadline = time (NULL) + 20;
  setitimer (ITIMER_REAL, &it, NULL);
  int raised;
  SCM r = eval ("(integer-length (expt 3 40000000))", &raised);
  deadline = 0;
  ok (raised && alarm_fired && strcmp (kind_of (r), "interrupted") == 0,
      "an interrupt stops a long expt (%s)", raised ? kind_of (r) : written (r));
  ok_streq (eval_written ("(integer-length (expt 3 1000))"), "1585",
            "and arithmetic goes on afterwards");
}

/* An interrupt 20 ms into CALL (a long conversion whose result is
   assigned to done) must stop the conversion itself: had it run to
   its end, done would be set before the next poll of the VM.  */
static void
interrupt_inside (const char *call, const char *what)
{
  char expr[200];
  snprintf (expr, sizeof expr, "(begin (set! done %s) 0)", call);
  eval ("(set! done #f)", NULL);
  alarm_fired = 0;
  struct itimerval it = { { 0, 0 }, { 0, 20 * 1000 } };
  deadline = time (NULL) + 20;
  setitimer (ITIMER_REAL, &it, NULL);
  int raised;
  SCM r = eval (expr, &raised);
  deadline = 0;
  ok (raised && alarm_fired && strcmp (kind_of (r), "interrupted") == 0
      && strcmp (eval_written ("done"), "#f") == 0,
      "an interrupt stops %s inside the primitive (%s)", what,
      raised ? kind_of (r) : written (r));
}

static void
test_interrupt_text (void)
{
  /* 3^10000000: 4.8 million digits, a second or so either way.  */
  eval ("(define big (expt 3 10000000))", NULL);
  eval ("(define done #f)", NULL);
  eval ("(define text (number->string big))", NULL);
  ok_streq (eval_written ("(list (string-length text) (substring text 0 10) "
                          "(string=? (substring text 4771203 4771213) "
                          "(number->string (modulo big (expt 10 10)))))"),
            "(4771213 \"3525304410\" #t)",
            "number->string of a huge number, in pieces: its digits");
  ok_streq (eval_written ("(= big (string->number text))"), "#t",
            "and string->number reads it back, in pieces too");
  interrupt_inside ("(exact-integer-sqrt (* big big 3))",
                    "exact-integer-sqrt");
  interrupt_inside ("(number->string big)", "number->string");
  interrupt_inside ("(string->number text)", "string->number");
}

int
main (void)
{
  mp_set_memory_functions (counting_alloc, counting_realloc, counting_free);
  scm_init ();
  test_conversions ();
  test_mpz ();
  test_limit ();
  test_interrupt ();
  test_interrupt_text ();
  return tap_done ();
}
