/* image-test-host.c -- the host of user-image.sh: links two images of
   the program's libraries (test_image: (myapp rules) and (myapp
   counter); other_image: another (myapp rules)), registers them as its
   options say, then evaluates each argument, printing its value or its
   error on standard output.
   SPDX-License-Identifier: LGPL-3.0-or-later

   Options, in order: --register NAME (test or other), --intern SYMBOL
   (string->symbol before registering), --cache FILE (print the name
   of FILE's compiled file in the cache).  Then EXPR, @EXPR to evaluate
   it in a fresh instance, or %EXPR to evaluate it in a second instance
   that lives until the end.  Built with -DNO_IMAGES, it links
   no image.  */

#include <libscm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef NO_IMAGES
/* The same host without the images, for the size of the static roots.  */
# define test_image (*(const scm_t_image *) NULL)
# define other_image (*(const scm_t_image *) NULL)
#else
extern const scm_t_image test_image, other_image;
#endif

static void
report (int failed, SCM obj)
{
  SCM port = scm_current_output_port ();
  if (failed)
    {
      scm_c_display_error (obj, port, 5);
      scm_force_output (port);
      fputs ("=> error\n", stdout);
    }
  else
    {
      char *text = scm_c_write_to_utf8 (obj);
      printf ("=> %s\n", text);
    }
  fflush (stdout);
}

int
main (int argc, char **argv)
{
  scm_init ();
  scm_t_instance *second = NULL;
  for (int i = 1; i < argc; i++)
    {
      SCM result;
      int failed;
      if (strcmp (argv[i], "--register") == 0 && i + 1 < argc)
        {
          i++;
          failed = scm_c_register_image_protected
            (strcmp (argv[i], "test") == 0 ? &test_image : &other_image,
             &result);
          report (failed, failed ? result : SCM_BOOL_T);
        }
      else if (strcmp (argv[i], "--cache") == 0 && i + 1 < argc)
        {
          char *so = scm_c_compiled_file_name (argv[++i]);
          printf ("%s\n", so != NULL ? so : "(none)");
          free (so);
        }
      else if (strcmp (argv[i], "--intern") == 0 && i + 1 < argc)
        scm_from_utf8_symbol (argv[++i]);
      else if (argv[i][0] == '@')
        {
          scm_t_instance *inst = scm_instance_create ();
          failed = scm_c_instance_eval_string (inst, argv[i] + 1, "expr",
                                               &result);
          report (failed, result);
          scm_instance_destroy (inst);
        }
      else if (argv[i][0] == '%')
        {
          if (second == NULL)
            second = scm_instance_create ();
          failed = scm_c_instance_eval_string (second, argv[i] + 1, "expr",
                                               &result);
          report (failed, result);
        }
      else
        {
          failed = scm_c_eval_string_protected (argv[i], &result);
          report (failed, result);
        }
    }
  if (second != NULL)
    scm_instance_destroy (second);
  return 0;
}
