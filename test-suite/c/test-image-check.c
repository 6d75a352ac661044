/* test-image-check.c -- an image made for another libscm or another
   instruction set is refused with an error naming both
   SPDX-License-Identifier: LGPL-3.0-or-later

   A white-box test, linked with the library's core and no image (as
   test-isa is): it builds image descriptors by hand and asks
   scm_i_image_matches about them.  */

#include "runtime/scm-internal.h"
#include "image/image-internal.h"
#include "vm/vm-internal.h"

#include <stdio.h>
#include <string.h>
#include <libscm/eval.h>
#include <libscm/init.h>
#include <libscm/print.h>
#include <libscm/throw.h>

#include "tap.h"

static SCM
check_body (void *data)
{
  scm_i_image_matches (data, "load-image");
  return SCM_BOOL_T;
}

/* The message of the error that refusing IM raises, or "" if none.  */
static const char *
refusal (const struct scm_i_prelude_image *im)
{
  SCM result;
  if (!scm_c_protect (check_body, (void *) im, &result))
    return "";
  return scm_c_write_to_utf8 (result);
}

int
main (void)
{
  scm_init ();
  unsigned long isa = scm_i_isa_hash ();
  ok (isa != 0 && isa == scm_i_isa_hash (),
      "the instruction-set hash is stable (%#lx)", isa);
  /* The constant comes from the build (snarf/isa-hash.c): a stale one
     would let an image of another instruction set in.  */
  ok (isa == scm_i_isa_hash_of_tables (),
      "and is the hash of this libscm's instruction table (%#lx)",
      scm_i_isa_hash_of_tables ());

  struct scm_i_prelude_image same = { .version = PACKAGE_VERSION,
                                      .isa_hash = isa };
  ok (scm_i_image_matches (&same, NULL), "an image of this libscm matches");
  ok_streq (refusal (&same), "", "and is not refused");

  struct scm_i_prelude_image old = same;
  old.version = "0.0.1-other";
  ok (!scm_i_image_matches (&old, NULL),
      "an image of another version does not match");
  const char *msg = refusal (&old);
  diag ("%s", msg);
  ok (strstr (msg, "0.0.1-other") != NULL && strstr (msg, PACKAGE_VERSION)
      && strstr (msg, "load-image") != NULL,
      "its refusal names both versions and who refused it");

  struct scm_i_prelude_image other_isa = same;
  other_isa.isa_hash = isa ^ 0x10;
  char want[64];
  snprintf (want, sizeof want, "%lu", isa ^ 0x10);
  msg = refusal (&other_isa);
  diag ("%s", msg);
  ok (!scm_i_image_matches (&other_isa, NULL) && strstr (msg, want) != NULL,
      "an image of another instruction set is refused, naming its hash");
  return tap_done ();
}
