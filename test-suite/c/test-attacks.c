/* test-attacks.c -- hostile scripts in instances: the host and the
   other instances stay untouched
   SPDX-License-Identifier: LGPL-3.0-or-later

   Issue 37's attacks that need more than one instance or a host: one
   instance (the attacker) runs the script, another (the victim) and
   the default instance then run their own code, whose results must be
   what they were.  The process surviving each step is itself part of
   the assertion: before the fix, the first group segfaulted.  */

#include <libscm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"

/* The value of SRC in INST in `write' form, or "raised: TEXT".  */
static const char *
in (scm_t_instance *inst, const char *src)
{
  static char buf[512];
  SCM r;
  if (scm_c_instance_eval_string (inst, src, "attack", &r))
    {
      char *t = scm_c_condition_text (r);
      snprintf (buf, sizeof buf, "raised: %s", t ? t : "?");
      free (t);
      return buf;
    }
  SCM port = scm_open_output_string ();
  scm_write (r, port);
  char *s = scm_to_utf8_stringn (scm_get_output_string (port), NULL);
  snprintf (buf, sizeof buf, "%s", s);
  free (s);
  return buf;
}

static int
raised (const char *result)
{
  return strncmp (result, "raised: ", 8) == 0;
}

/* What the victims compute, before and after each attack.  */
static const char *const victim_code
  = "(import (scheme base) (scheme write))"
    "(list (string-append \"secret-\" \"token\") (car '(1 2)) (+ 1 2))";
static const char *const victim_value = "(\"secret-token\" 1 3)";

static void
victims_untouched (scm_t_instance *victim, const char *what)
{
  ok_streq (in (victim, victim_code), victim_value,
            "after %s: another instance computes as before", what);
  ok_streq (in (NULL, victim_code), victim_value,
            "after %s: the default instance computes as before", what);
  scm_t_instance *later = scm_instance_create ();
  ok_streq (in (later, victim_code), victim_value,
            "after %s: an instance made later computes as before", what);
  scm_instance_destroy (later);
}

/* ------------------------------------------------------------------ */

static void
test_crashes (scm_t_instance *attacker, scm_t_instance *victim)
{
  static const char *const lines[] = {
    "(%wind-to 5)",
    "(%common-winders 1 2)",
    "(%set-parameterization! (list 5)) (current-output-port)",
    "(%set-winders! 5) (display 1)",
    "((module-ref (resolve-module '(libscm)) '%set-winders!) 5)",
    "((@@ (libscm) %wind-to) 5)",
  };
  for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
    ok (raised (in (attacker, lines[i])), "%s raises in the instance",
        lines[i]);
  victims_untouched (victim, "the VM's internals");
}

static void
test_shared_libraries (scm_t_instance *attacker, scm_t_instance *victim)
{
  in (victim, "(import (scheme base))");
  const char *r = in (attacker,
                      "(module-define! (resolve-module '(scheme base)) "
                      "'string-append (lambda args \"pwned\"))");
  ok (raised (r) && strstr (r, "(scheme base)") != NULL,
      "module-define! into the shared (scheme base) raises, naming it");
  r = in (attacker, "(variable-set! (module-variable (resolve-module "
          "'(scheme write)) 'display) (lambda args 'pwned))");
  ok (raised (r) && strstr (r, "(libscm)") != NULL,
      "variable-set! of a (scheme write) variable raises");
  r = in (attacker, "(variable-set! (module-variable (resolve-module "
          "'(libscm)) 'car) cdr)");
  ok (raised (r), "variable-set! of a core variable raises");
  ok_streq (in (attacker, "(define (car x) 'own) (car '(1 2))"), "own",
            "the attacker may redefine car in its own top level");
  victims_untouched (victim, "the shared libraries' attacks");
}

static void
test_capabilities (scm_t_instance *attacker)
{
  ok (raised (in (attacker, "(make-pointer 0)")),
      "make-pointer is not bound in an instance");
  ok (raised (in (attacker, "(pointer-address %null-pointer)")),
      "nor are the other pointer procedures");
  ok_streq (in (attacker, "(import (system foreign)) "
                "(pointer-address (make-pointer 4096))"), "4096",
            "(system foreign) gives them");
}

int
main (void)
{
  scm_init ();
  scm_t_instance *attacker = scm_instance_create ();
  scm_t_instance *victim = scm_instance_create ();
  ok_streq (in (victim, victim_code), victim_value, "the victim's code");
  test_crashes (attacker, victim);
  test_shared_libraries (attacker, victim);
  test_capabilities (attacker);
  scm_instance_destroy (attacker);
  scm_instance_destroy (victim);
  return tap_done ();
}
