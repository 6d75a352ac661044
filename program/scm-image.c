/* scm-image.c -- the installed scm-image: compile a program's
   libraries into a C file of static data (scm_c_write_image)
   SPDX-License-Identifier: LGPL-3.0-or-later

   A program of its own, linked with the shared libscm, rather than a
   command of scm: an image refers into the libscm binary that writes
   it, and the scm program contains a copy of libscm of its own (it is
   linked statically), whose addresses are not the shared library's
   that an embedding program links.  */

#include <libscm.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
usage (FILE *f)
{
  fprintf (f, "usage: scm-image [-L DIR]... --name NAME -o OUTPUT.c "
           "LIBRARY.sld...\n"
           "Compile the libraries the .sld files define, with those they "
           "import that\nare not built into libscm (found in the -L or -I "
           "directories), into\nOUTPUT.c, which defines the image NAME "
           "(const scm_t_image) for\nscm_c_register_image.\n");
}

int
main (int argc, char **argv)
{
  const char **files = calloc ((size_t) argc, sizeof *files);
  const char **dirs = calloc ((size_t) argc, sizeof *dirs);
  const char *name = NULL, *out = NULL;
  size_t nfiles = 0, ndirs = 0;
  if (files == NULL || dirs == NULL)
    return 1;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (strcmp (a, "--help") == 0)
        {
          usage (stdout);
          return 0;
        }
      if (strcmp (a, "--version") == 0)
        {
          scm_init ();
          char *v = scm_to_utf8_string (scm_version ());
          printf ("scm-image (libscm) %s\n", v);
          free (v);
          return 0;
        }
      const char **slot = NULL;
      if (strcmp (a, "-L") == 0 || strcmp (a, "-I") == 0)
        slot = &dirs[ndirs++];
      else if (strcmp (a, "--name") == 0)
        slot = &name;
      else if (strcmp (a, "-o") == 0)
        slot = &out;
      else if ((a[0] == '-' && a[1] == 'L') || (a[0] == '-' && a[1] == 'I'))
        {
          dirs[ndirs++] = a + 2;
          continue;
        }
      else if (strncmp (a, "--name=", 7) == 0)
        {
          name = a + 7;
          continue;
        }
      else if (a[0] == '-')
        {
          fprintf (stderr, "scm-image: unknown option %s\n", a);
          usage (stderr);
          return 2;
        }
      else
        {
          files[nfiles++] = a;
          continue;
        }
      if (i + 1 == argc)
        {
          fprintf (stderr, "scm-image: %s needs an argument\n", a);
          return 2;
        }
      *slot = argv[++i];
    }
  if (name == NULL || out == NULL || nfiles == 0)
    {
      usage (stderr);
      return 2;
    }
  scm_init ();
  return scm_c_write_image (out, name, files, nfiles, dirs, ndirs) == 0 ? 0 : 1;
}
