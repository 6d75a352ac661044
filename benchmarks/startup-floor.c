/* startup-floor.c -- the floor for libscm's start-up time: a C program
   that links the libraries the scm program links (libgc, GMP,
   libunistring, readline, libm), starts libgc, reads the program file it
   is given and, for the harness's (display 1), prints 1.  The harness
   (benchmarks/run) builds it and puts it in the start-up table.
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <stdio.h>
#include <string.h>
#include <gc/gc.h>
#include <gmp.h>
#include <unistr.h>
#include <readline/readline.h>

int
main (int argc, char **argv)
{
  char text[256] = "";
  GC_INIT ();
  if (argc > 1)
    {
      FILE *f = fopen (argv[1], "r");
      if (f == NULL)
        return 1;
      size_t n = fread (text, 1, sizeof text - 1, f);
      text[n] = '\0';
      fclose (f);
    }
  if (strstr (text, "(display 1)") != NULL)
    fputs ("1", stdout);
  /* Keep the libraries linked (the linker drops unused ones).  */
  return gmp_version[0] == '\0' || u8_strlen ((const uint8_t *) "") != 0
         || rl_library_version == NULL;
}
