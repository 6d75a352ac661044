/* image-host.c -- a host that links its Scheme library as an image:
   myapp/rules.sld, compiled by scm-image into myapp-image.c, is
   imported in two instances with no file on disk.
   SPDX-License-Identifier: LGPL-3.0-or-later

     scm-image --name myapp_image -o myapp-image.c myapp/rules.sld
     cc -fPIE -o image-host image-host.c myapp-image.c \
        $(pkg-config --cflags --libs libscm)  */

#include <libscm.h>
#include <stdio.h>

extern const scm_t_image myapp_image;

static const char program[] =
  "(import (scheme base) (scheme write) (myapp rules))\n"
  "(for-each (lambda (t)\n"
  "            (with-reading (c t)\n"
  "              (display (list t c (advice c)))\n"
  "              (newline)))\n"
  "          '(-3 14 31))\n";

int
main (void)
{
  SCM error;
  scm_init ();
  /* Once per process, before code uses the image's names.  */
  if (scm_c_register_image_protected (&myapp_image, &error) != 0)
    {
      scm_c_display_error (error, scm_current_error_port (), 0);
      return 1;
    }
  /* Each instance imports the library from the image.  */
  for (int i = 0; i < 2; i++)
    {
      scm_t_instance *inst = scm_instance_create ();
      SCM result;
      printf ("instance %d:\n", i + 1);
      fflush (stdout);
      if (scm_c_instance_eval_string (inst, program, "program", &result) != 0)
        {
          scm_c_display_error (result, scm_current_error_port (), 10);
          return 1;
        }
      scm_instance_destroy (inst);
    }
  /* An error inside the image's code says where, in the library's
     source.  */
  SCM result;
  if (scm_c_eval_string_protected
      ("(import (myapp rules)) (readings->classes '(12 \"hot\"))", &result))
    scm_c_display_error (result, scm_current_error_port (), 10);
  return 0;
}
