/* startup-host.c -- an embedder's start-up: a C program that links the
   shared libscm (not its static archive, as the scm program does),
   starts it and evaluates the program it is given, or (display 1).
   What the dynamic linker does for libscm.so (relocating the static
   data of the image) shows here and not in scm's start-up.  By hand:
   cc -O2 benchmarks/startup-host.c $(pkg-config --cflags --libs libscm)
   -o startup-host && valgrind --tool=callgrind ./startup-host
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <libscm.h>

int
main (int argc, char **argv)
{
  scm_init ();
  if (argc > 1)
    scm_c_primitive_load (argv[1]);
  else
    scm_c_eval_string ("(display 1)");
  return 0;
}
