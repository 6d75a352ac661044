/* test-foreign.c -- foreign object types, foreign objects and pointers:
   slots, type checks and their errors, the printer and equal? hooks,
   and finalizers under allocation pressure
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <libscm.h>
#include "tap.h"
#include "calls.h"

#define MANY 10000

static SCM point_type, counted_type, boom_type;

/* ------------------------------------------------------------------ */
/* A point: two slots holding integers, a printer, an equal? hook.  */

static SCM
point_x (SCM p)
{
  scm_c_assert_foreign_object_type (point_type, p, 1, "point-x");
  return scm_from_long (scm_foreign_object_signed_ref (p, 0));
}

static SCM
make_point (SCM x, SCM y)
{
  SCM p = scm_make_foreign_object_0 (point_type);
  scm_foreign_object_signed_set_x (p, 0, scm_to_long (x));
  scm_foreign_object_signed_set_x (p, 1, scm_to_long (y));
  return p;
}

static SCM
print_point (SCM p, int write_p)
{
  char buf[64];
  snprintf (buf, sizeof buf, "#<point %ld %ld%s>",
            (long) scm_foreign_object_signed_ref (p, 0),
            (long) scm_foreign_object_signed_ref (p, 1),
            write_p ? "" : " (displayed)");
  return scm_from_utf8_string (buf);
}

static int
point_equal (SCM a, SCM b)
{
  return scm_foreign_object_signed_ref (a, 0)
         == scm_foreign_object_signed_ref (b, 0)
    && scm_foreign_object_signed_ref (a, 1)
       == scm_foreign_object_signed_ref (b, 1);
}

static unsigned long
point_hash (SCM p)
{
  return (unsigned long) (scm_foreign_object_signed_ref (p, 0) * 31
                          + scm_foreign_object_signed_ref (p, 1));
}

/* ------------------------------------------------------------------ */
/* Counted objects: slot 0 an index into `finalized', whose entry the
   finalizer increments (so a second run of one object shows).  */

/* Index ranges of the counted objects, disjoint: an object that a
   stale reference kept alive through one phase may be finalized during
   a later one.  */
#define KEPT MANY               /* 100 kept, then 2 for the hooks test */
#define P2 (MANY + 200)         /* the Scheme loop's */
#define P3 (2 * MANY + 200)     /* beside a finalizer that raises */
#define P4 (2 * MANY + 1200)    /* guarded */
#define P5 (2 * MANY + 1400)    /* guarded twice */
static unsigned char finalized[2 * MANY + 1600];
/* How many times a guardian handed each object back.  */
static unsigned char returned[2 * MANY + 1600];
static int finalizer_runs;
static int allocating_ok;

static void
finalize_counted (SCM obj)
{
  size_t i = scm_foreign_object_unsigned_ref (obj, 0);
  finalized[i]++;
  finalizer_runs++;
  /* A finalizer may allocate and call Scheme.  */
  if (i % 1000 == 7)
    {
      SCM l = scm_c_eval_string ("(lambda (n) (make-list n 'x))");
      SCM r = scm_call_1 (l, SCM_MAKE_FIXNUM (100));
      if (scm_c_list_length (r) == 100)
        allocating_ok++;
    }
}

static SCM
make_counted (SCM i)
{
  return scm_make_foreign_object_1 (counted_type,
                                    (void *) (uintptr_t) scm_to_size_t (i));
}

static int boom_runs;

static void
finalize_boom (SCM obj)
{
  (void) obj;
  boom_runs++;
  scm_c_raise_error ("error", "finalize-boom", "boom", SCM_EOL);
}

static int pointer_freed;

static void
free_pointer (void *ptr)
{
  if (ptr == &pointer_freed)
    pointer_freed++;
}

/* ------------------------------------------------------------------ */

static SCM
eval_body (void *code)
{
  return scm_c_eval_string (code);
}

static SCM
try_eval (const char *code)
{
  return try_c (eval_body, (void *) code);
}

static SCM
make_n_too_many (void *unused)
{
  (void) unused;
  void *vals[3] = { NULL, NULL, NULL };
  return scm_make_foreign_object_n (point_type, 3, vals);
}

static SCM
ref_past_end (void *unused)
{
  (void) unused;
  return scm_from_size_t ((size_t) scm_foreign_object_ref
                          (scm_make_foreign_object_0 (point_type), 2));
}

static SCM
ref_of_string (void *unused)
{
  (void) unused;
  return scm_from_size_t ((size_t) scm_foreign_object_ref
                          (scm_from_utf8_string ("nope"), 0));
}

static SCM
assert_guile_style (void *unused)
{
  (void) unused;
  scm_assert_foreign_object_type (point_type, SCM_MAKE_FIXNUM (3));
  return SCM_UNSPECIFIED;
}

static SCM
bad_type_name (void *unused)
{
  (void) unused;
  return scm_make_foreign_object_type (scm_from_utf8_string ("x"), SCM_EOL,
                                       NULL);
}

static SCM
bad_slot_names (void *unused)
{
  (void) unused;
  return scm_make_foreign_object_type
    (scm_from_utf8_symbol ("x"), scm_list_1 (SCM_MAKE_FIXNUM (1)), NULL);
}

static SCM
to_pointer_of_fixnum (void *unused)
{
  (void) unused;
  return scm_from_size_t ((size_t) scm_to_pointer (SCM_MAKE_FIXNUM (1)));
}

static void
test_slots (void)
{
  SCM p = scm_make_foreign_object_2 (point_type, (void *) 3, (void *) 4);
  ok (scm_is_foreign_object (p) && scm_is_foreign_object_of_type (point_type, p)
      && !scm_is_foreign_object_of_type (counted_type, p),
      "scm_make_foreign_object_2 makes an object of the type");
  ok (scm_foreign_object_ref (p, 0) == (void *) 3
      && scm_foreign_object_ref (p, 1) == (void *) 4, "... holding the words");
  ok (scm_is_eq (scm_foreign_object_type_of (p), point_type)
      && scm_is_eq (scm_foreign_object_type_name (point_type),
                    scm_from_utf8_symbol ("point")),
      "its type, and the type's name");
  scm_foreign_object_signed_set_x (p, 0, INTPTR_MIN);
  scm_foreign_object_signed_set_x (p, 1, -1);
  ok (scm_foreign_object_signed_ref (p, 0) == INTPTR_MIN
      && scm_foreign_object_signed_ref (p, 1) == -1,
      "signed slots at their edges");
  scm_foreign_object_unsigned_set_x (p, 0, UINTPTR_MAX);
  ok (scm_foreign_object_unsigned_ref (p, 0) == UINTPTR_MAX
      && scm_foreign_object_signed_ref (p, 0) == -1,
      "unsigned slots at their edge, the same word");
  scm_foreign_object_set_x (p, 1, &p);
  ok (scm_foreign_object_ref (p, 1) == &p, "scm_foreign_object_set_x");
  SCM q = scm_make_foreign_object_0 (point_type);
  ok (scm_foreign_object_ref (q, 0) == NULL
      && scm_foreign_object_ref (q, 1) == NULL,
      "scm_make_foreign_object_0: slots are 0");
  void *vals[2] = { (void *) 1, (void *) 2 };
  SCM r = scm_make_foreign_object_n (point_type, 2, vals);
  ok (scm_foreign_object_ref (r, 1) == (void *) 2, "scm_make_foreign_object_n");
  SCM t3 = scm_make_foreign_object_type
    (scm_from_utf8_symbol ("triple"),
     scm_list_3 (scm_from_utf8_symbol ("a"), scm_from_utf8_symbol ("b"),
                 scm_from_utf8_symbol ("c")), NULL);
  SCM t = scm_make_foreign_object_3 (t3, (void *) 7, (void *) 8, (void *) 9);
  SCM u = scm_make_foreign_object_1 (t3, (void *) 5);
  ok (scm_foreign_object_ref (t, 2) == (void *) 9
      && scm_foreign_object_ref (u, 0) == (void *) 5
      && scm_foreign_object_ref (u, 2) == NULL,
      "scm_make_foreign_object_3 and _1");

  SCM e = try_c (make_n_too_many, NULL);
  ok (is_error (e, "out-of-range", "scm_make_foreign_object_n",
                "argument out of range in position 2", SCM_MAKE_FIXNUM (3)),
      "more values than slots: out-of-range");
  e = try_c (ref_past_end, NULL);
  ok (is_error (e, "out-of-range", "scm_foreign_object_ref",
                "argument out of range in position 2", SCM_MAKE_FIXNUM (2)),
      "slot index past the last: out-of-range");
  e = try_c (ref_of_string, NULL);
  ok (is_error (e, "wrong-type-arg", "scm_foreign_object_ref",
                "wrong type argument in position 1 (expected foreign object)",
                SCM_UNDEFINED), "slot of a non-foreign object: wrong-type-arg");
  e = try_c (bad_type_name, NULL);
  ok (is_error (e, "wrong-type-arg", "scm_make_foreign_object_type",
                "wrong type argument in position 1 (expected symbol)",
                SCM_UNDEFINED), "a type's name must be a symbol");
  e = try_c (bad_slot_names, NULL);
  ok (is_error (e, "wrong-type-arg", "scm_make_foreign_object_type",
                "wrong type argument in position 2 (expected list of symbols)",
                SCM_UNDEFINED), "slot names must be symbols");
}

static void
test_checks_and_hooks (void)
{
  scm_c_define_gsubr ("point-x", 1, 0, 0, (scm_t_subr) point_x);
  scm_c_define_gsubr ("make-point", 2, 0, 0, (scm_t_subr) make_point);
  SCM r = try_eval ("(point-x (make-point 5 6))");
  ok (!raised && scm_is_eq (r, SCM_MAKE_FIXNUM (5)), "a primitive on points");
  r = try_eval ("(point-x \"nope\")");
  ok (raised && strcmp (scm_c_condition_text (r),
                        "point-x: wrong type argument in position 1 "
                        "(expected point): \"nope\"") == 0,
      "scm_c_assert_foreign_object_type names the caller and position");
  r = try_eval ("(guard (e ((error-object? e) (error-object-message e))) "
                "(point-x 'p))");
  ok (!raised && is_string (r, "wrong type argument in position 1 "
                            "(expected point)"),
      "... and the error is catchable from Scheme");
  r = try_c (assert_guile_style, NULL);
  ok (is_error (r, "wrong-type-arg", NULL,
                "wrong type argument (expected point)", SCM_MAKE_FIXNUM (3)),
      "scm_assert_foreign_object_type: Guile's signature, no position");

  SCM p = scm_c_eval_string ("(make-point 1 2)");
  ok (is_string (scm_object_to_string (p, SCM_UNDEFINED), "#<point 1 2>"),
      "the printer hook, for write");
  SCM port = scm_open_output_string ();
  scm_display (p, port);
  ok (is_string (scm_get_output_string (port), "#<point 1 2 (displayed)>"),
      "... and for display");
  SCM c = scm_make_foreign_object_1 (counted_type, (void *) (KEPT + 150));
  char *text = scm_to_utf8_stringn (scm_object_to_string (c, SCM_UNDEFINED), NULL);
  ok (strncmp (text, "#<counted 0x", 12) == 0, "no printer: #<NAME 0x...>");
  ok (is_string (scm_object_to_string (point_type, SCM_UNDEFINED), "#<foreign-type point>"),
      "a type prints as #<foreign-type NAME>");

  SCM same = scm_c_eval_string ("(list (equal? (make-point 1 2) "
                                "(make-point 1 2)) (equal? (make-point 1 2) "
                                "(make-point 1 3)) (eqv? (make-point 1 2) "
                                "(make-point 1 2)) (equal? (list (make-point "
                                "0 0)) (list (make-point 0 0))))");
  ok (scm_is_equal (same, scm_list_4 (SCM_BOOL_T, SCM_BOOL_F, SCM_BOOL_F,
                                      SCM_BOOL_T)),
      "the equal? hook: equal? inside lists too, eqv? is not");
  SCM c2 = scm_make_foreign_object_1 (counted_type, (void *) (KEPT + 151));
  ok (!scm_is_equal (c, c2) && scm_is_equal (c, c),
      "no equal? hook: equal? is eq?");
  ok (!scm_is_equal (p, c2), "objects of two types are not equal?");

  /* point has an equal? hook and no hash hook: equal points hash alike
     (by their type), so an equal? table finds one by another.  */
  SCM found = scm_c_eval_string ("(let ((t (make-hash-table))) "
                                 "(hash-set! t (make-point 3 4) 'p) "
                                 "(list (= (hash (make-point 1 2)) "
                                 "(hash (make-point 1 2))) "
                                 "(hash-ref t (make-point 3 4))))");
  ok (scm_is_equal (found, LIST (SCM_BOOL_T, scm_from_utf8_symbol ("p"))),
      "equal? objects without a hash hook hash alike");
  scm_set_foreign_object_hash (point_type, point_hash);
  found = scm_c_eval_string ("(let ((t (make-hash-table))) "
                             "(hash-set! t (make-point 3 4) 'p) "
                             "(list (= (hash (make-point 5 6)) "
                             "(hash (make-point 5 6))) "
                             "(= (hash (make-point 5 6)) "
                             "(hash (make-point 6 5))) "
                             "(hash-ref t (make-point 3 4))))");
  ok (scm_is_equal (found, LIST (SCM_BOOL_T, SCM_BOOL_F,
                                 scm_from_utf8_symbol ("p"))),
      "scm_set_foreign_object_hash: the hook's hash");
}

static void
test_pointers (void)
{
  int x;
  SCM p = scm_from_pointer (&x, NULL);
  ok (scm_is_pointer (p) && scm_to_pointer (p) == &x,
      "scm_from_pointer / scm_to_pointer");
  ok (scm_is_true (scm_pointer_p (p)) && scm_is_false (scm_pointer_p (SCM_EOL))
      && !scm_is_foreign_object (p), "pointer?");
  ok (scm_to_uint64 (scm_pointer_address (p)) == (uint64_t) (uintptr_t) &x,
      "pointer-address");
  SCM r = try_c (to_pointer_of_fixnum, NULL);
  ok (is_error (r, "wrong-type-arg", "scm_to_pointer",
                "wrong type argument in position 1 (expected pointer)",
                SCM_MAKE_FIXNUM (1)), "scm_to_pointer of a non-pointer");
  /* The Scheme procedures are a capability: (system foreign).  */
  r = try_eval ("make-pointer");
  ok (raised, "make-pointer is not bound without (system foreign)");
  scm_c_eval_string ("(import (system foreign))");
  r = scm_c_eval_string ("(list (null-pointer? %null-pointer) (null-pointer? "
                         "(make-pointer 16)) (pointer-address (make-pointer "
                         "4096)) (equal? (make-pointer 8) (make-pointer 8)) "
                         "(eq? (make-pointer 8) (make-pointer 8)) "
                         "(object->string (make-pointer 255)))");
  ok (scm_is_equal (r, LIST (SCM_BOOL_T, SCM_BOOL_F,
                                   SCM_MAKE_FIXNUM (4096), SCM_BOOL_T,
                                   SCM_BOOL_F,
                                   scm_from_utf8_string ("#<pointer 0xff>"))),
      "null-pointer?, make-pointer, equal? by address, printing");
  ok (scm_is_true (scm_c_eval_string ("(= (hash (make-pointer 64)) "
                                      "(hash (make-pointer 64)))")),
      "equal? pointers hash alike");
  r = try_eval ("(make-pointer -1)");
  ok (raised, "make-pointer of a negative address is an error");
  r = try_eval ("(pointer-address 5)");
  ok (raised && strcmp (scm_c_condition_text (r), "pointer-address: wrong "
                        "type argument in position 1 (expected pointer): 5")
      == 0, "pointer-address of a non-pointer");
}

/* Make N counted objects numbered from FIRST, and drop them.  */
static void __attribute__ ((noinline))
make_and_drop (size_t first, size_t n)
{
  for (size_t i = 0; i < n; i++)
    make_counted (scm_from_size_t (first + i));
}

static void __attribute__ ((noinline))
collect (void)
{
  for (int i = 0; i < 4; i++)
    scm_gc ();
}

static void
test_finalizers (void)
{
  /* Kept: 100 objects in a vector bound at top level.  */
  scm_c_define ("kept", scm_c_make_vector (100, SCM_BOOL_F));
  for (size_t i = 0; i < 100; i++)
    scm_c_vector_set_x (scm_c_eval_string ("kept"), i,
                        make_counted (scm_from_size_t (MANY + i)));
  make_and_drop (0, MANY);
  collect ();
  int dropped = 0, twice = 0, kept_gone = 0;
  for (size_t i = 0; i < MANY; i++)
    dropped += finalized[i] > 0, twice += finalized[i] > 1;
  for (size_t i = MANY; i < MANY + 100; i++)
    kept_gone += finalized[i] > 0;
  ok (dropped >= MANY * 9 / 10, "most of %d dropped objects are finalized "
      "after (gc) (%d)", MANY, dropped);
  ok (twice == 0, "none twice");
  ok (kept_gone == 0, "none of the 100 still referenced");
  ok (allocating_ok >= dropped / 1000 - 1 && allocating_ok > 0,
      "finalizers that allocate and call Scheme work (%d)", allocating_ok);

  /* The same from Scheme: a loop that drops its objects, with the
     collections that it causes running the finalizers at its calls.  */
  scm_c_define_gsubr ("make-counted", 1, 0, 0, (scm_t_subr) make_counted);
  finalizer_runs = 0;
  scm_c_eval_string ("(let loop ((i 0)) (when (< i 10000) (make-counted "
                     "(+ i 10200)) (make-vector 20 i) (loop (+ i 1))))");
  int during = finalizer_runs;
  collect ();
  dropped = 0, twice = 0, kept_gone = 0;
  for (size_t i = P2; i < P2 + MANY; i++)
    dropped += finalized[i] > 0, twice += finalized[i] > 1;
  ok (dropped >= MANY * 9 / 10 && twice == 0,
      "from a Scheme loop: most finalized once (%d; %d during the loop)",
      dropped, during);
  kept_gone = 0;
  for (size_t i = MANY; i < MANY + 100; i++)
    kept_gone += finalized[i] > 0;
  ok (kept_gone == 0, "still none of the 100 referenced (%d)", kept_gone);

  /* A finalizer that raises: reported and dropped, the others run.  */
  boom_runs = 0;
  scm_make_foreign_object_0 (boom_type);
  scm_make_foreign_object_0 (boom_type);
  make_and_drop (P3, 1000);
  collect ();
  dropped = 0;
  for (size_t i = P3; i < P3 + 1000; i++)
    dropped += finalized[i] > 0;
  ok (boom_runs >= 1 && dropped >= 900,
      "a finalizer that raises does not stop the others (%d, %d)", boom_runs,
      dropped);
  ok (scm_run_finalizers () == 0, "scm_run_finalizers: nothing left");

  /* A pointer's finalizer receives the address.  */
  for (int i = 0; i < 10; i++)
    scm_from_pointer (&pointer_freed, free_pointer);
  collect ();
  ok (pointer_freed >= 8, "pointer finalizers ran (%d of 10)", pointer_freed);
}

/* A guarded foreign object: handed back by the guardian with its
   finalizer not yet run, and finalized only once dropped again.  */
static void __attribute__ ((noinline))
guard_counted (SCM g, size_t first, size_t n)
{
  for (size_t i = 0; i < n; i++)
    scm_call_1 (g, make_counted (scm_from_size_t (first + i)));
}

/* Overwrite the dead part of the C stack below this frame, so that no
   stale word there keeps an object alive.  */
static void __attribute__ ((noinline))
clobber_stack (void)
{
  volatile char junk[64 * 1024];
  memset ((char *) junk, 0, sizeof junk);
  /* Without a use the compiler drops the dead memset, and then the
     whole call (it found the function without effect).  */
  __asm__ volatile ("" : : "r" (junk) : "memory");
}

/* Take everything G hands back, check that none was finalized yet, and
   drop it: the list lives only in this frame.  Return the count; *EARLY
   gets how many had been finalized already.  */
static int __attribute__ ((noinline))
take_all (SCM g, int *early)
{
  SCM back = SCM_EOL;
  int n = 0;
  *early = 0;
  for (SCM x; scm_is_true (x = scm_call_0 (g)); n++)
    {
      size_t i = scm_foreign_object_unsigned_ref (x, 0);
      *early += finalized[i] > 0;
      returned[i]++;
      back = scm_cons (x, back);
    }
  scm_remember_upto_here_1 (back);
  return n;
}

static void __attribute__ ((noinline))
guard_twice (SCM g, size_t first, size_t n)
{
  for (size_t i = 0; i < n; i++)
    {
      SCM obj = make_counted (scm_from_size_t (first + i));
      scm_call_1 (g, obj);
      scm_call_1 (g, obj);
    }
}

static void
test_guardians (void)
{
  SCM g = scm_make_guardian ();
  guard_counted (g, P4, 100);
  clobber_stack ();
  collect ();
  int early;
  int n = take_all (g, &early);
  ok (n >= 90, "a guardian hands back dropped foreign objects (%d)", n);
  ok (early == 0, "... before their finalizer runs");
  int fin = 0;
  for (size_t i = P4; i < P4 + 100; i++)
    fin += finalized[i] > 0;
  ok (fin <= 100 - n, "only the ones it did not hand back may be finalized");
  clobber_stack ();
  collect ();
  fin = 0;
  int twice = 0;
  for (size_t i = P4; i < P4 + 100; i++)
    fin += finalized[i] > 0, twice += finalized[i] > 1;
  ok (fin >= 90 && twice == 0,
      "dropped again, they are finalized, once (%d)", fin);

  /* Guarded twice: handed back once per guarding.  */
  SCM g2 = scm_make_guardian ();
  guard_twice (g2, P5, 100);
  clobber_stack ();
  collect ();
  int first = take_all (g2, &early);
  /* The conservative collector may keep some alive a collection
     longer through a stale word (seen: 83 of 100, then 46 of 100):
     collect again, a few times, before counting.  */
  int second = 0;
  for (int round = 0; round < 5 && second < 90; round++)
    {
      clobber_stack ();
      collect ();
      second += take_all (g2, &early);
    }
  ok (first >= 90 && second >= 90 && early == 0,
      "guarded twice: handed back twice (%d, %d), not finalized", first,
      second);
  fin = 0, twice = 0;
  for (int round = 0; round < 5 && fin < 90; round++)
    {
      clobber_stack ();
      collect ();
      fin = 0, twice = 0;
      for (size_t i = P5; i < P5 + 100; i++)
        fin += finalized[i] > 0, twice += finalized[i] > 1;
    }
  ok (fin >= 90 && twice == 0, "then finalized once (%d)", fin);
  take_all (g2, &early);
  int more = 0;
  for (size_t i = P5; i < P5 + 100; i++)
    more += returned[i] > 2;
  ok (more == 0, "none handed back a third time");
}

int
main (void)
{
  scm_init ();
  point_type = scm_make_foreign_object_type
    (scm_from_utf8_symbol ("point"),
     scm_list_2 (scm_from_utf8_symbol ("x"), scm_from_utf8_symbol ("y")),
     NULL);
  scm_set_foreign_object_printer (point_type, print_point);
  scm_set_foreign_object_equal (point_type, point_equal);
  counted_type = scm_make_foreign_object_type
    (scm_from_utf8_symbol ("counted"),
     scm_list_1 (scm_from_utf8_symbol ("index")), finalize_counted);
  boom_type = scm_make_foreign_object_type
    (scm_from_utf8_symbol ("boom"), SCM_EOL, finalize_boom);

  test_slots ();
  test_checks_and_hooks ();
  test_pointers ();
  test_finalizers ();
  test_guardians ();
  return tap_done ();
}
