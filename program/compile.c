/* compile.c -- scm compile: a library's image as a shared object in
   the cache, which import loads with dlopen
   SPDX-License-Identifier: GPL-3.0-or-later

   scm compile [-L DIR]... FILE.sld... writes the image of each file's
   library (scm_c_write_image: the library and those it imports that
   are not built in) as C, and compiles it with the C compiler into the
   file scm_c_compiled_file_name names.  The image refers into this
   program's copy of libscm, and the cache is keyed by it, so the
   files serve this scm program (and no embedding program, whose libscm
   is another binary).  */

#include <libscm.h>

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#ifndef SCM_INCLUDEDIR
# define SCM_INCLUDEDIR "/usr/local/include"
#endif

int scm_compile_command (int argc, char **argv);

/* mkdir -p of the directory part of PATH.  */
static int
make_parents (const char *path)
{
  char *p = strdup (path);
  if (p == NULL)
    return -1;
  for (char *s = strchr (p + 1, '/'); s != NULL; s = strchr (s + 1, '/'))
    {
      *s = '\0';
      if (mkdir (p, 0755) != 0 && errno != EEXIST)
        {
          fprintf (stderr, "scm compile: %s: %s\n", p, strerror (errno));
          free (p);
          return -1;
        }
      *s = '/';
    }
  free (p);
  return 0;
}

/* Run $CC -shared -fPIC -o OUT IN and the flags: $SCM_COMPILE_CFLAGS
   (by default -I and libscm's installed include directory), split at
   blanks.  0 if it succeeded.  */
static int
run_cc (const char *in, const char *out)
{
  const char *cc = getenv ("CC");
  const char *flags = getenv ("SCM_COMPILE_CFLAGS");
  char *f = strdup (flags != NULL ? flags : "-I" SCM_INCLUDEDIR);
  const char *argv[64];
  int n = 0;
  if (f == NULL)
    return -1;
  argv[n++] = cc != NULL && cc[0] != '\0' ? cc : "cc";
  argv[n++] = "-shared";
  argv[n++] = "-fPIC";
  argv[n++] = "-O0";
  argv[n++] = "-o";
  argv[n++] = out;
  argv[n++] = in;
  for (char *t = strtok (f, " \t"); t != NULL && n < 63; t = strtok (NULL, " \t"))
    argv[n++] = t;
  argv[n] = NULL;
  pid_t pid;
  int status = -1;
  int e = posix_spawnp (&pid, argv[0], NULL, NULL, (char **) argv, environ);
  if (e != 0)
    fprintf (stderr, "scm compile: %s: %s\n", argv[0], strerror (e));
  else if (waitpid (pid, &status, 0) < 0)
    status = -1;
  free (f);
  return e == 0 && WIFEXITED (status) && WEXITSTATUS (status) == 0 ? 0 : -1;
}

struct job
{
  const char *file;
  const char **dirs;
  size_t ndirs;
  const char *c_file;
};

static SCM
write_body (void *data)
{
  struct job *j = data;
  int r = scm_c_write_image (j->c_file, "scm_compiled_image", &j->file, 1,
                             j->dirs, j->ndirs);
  return scm_from_int (r);
}

/* Compile FILE with the directories DIRS; 0 if done.  */
static int
compile_file (const char *file, const char **dirs, size_t ndirs)
{
  char *so = scm_c_compiled_file_name (file);
  if (so == NULL)
    {
      fprintf (stderr, "scm compile: %s: %s\n", file,
               access (file, R_OK) != 0 ? strerror (errno)
               : "no cache directory (set HOME or XDG_CACHE_HOME)");
      return -1;
    }
  size_t n = strlen (so);
  char *c_file = malloc (n + 3), *tmp = malloc (n + 3);
  int status = -1;
  if (c_file == NULL || tmp == NULL || make_parents (so) != 0)
    goto done;
  snprintf (c_file, n + 3, "%.*s.c", (int) (n - 3), so);
  snprintf (tmp, n + 3, "%s-t", so);
  /* Each file in an instance of its own: its image holds its library
     and those it loads, not another file's.  */
  scm_t_instance *inst = scm_instance_create ();
  struct job j = { file, dirs, ndirs, c_file };
  SCM r;
  if (scm_c_with_instance (inst, write_body, &j, &r) == 0
      && scm_to_int (r) == 0 && run_cc (c_file, tmp) == 0
      && rename (tmp, so) == 0)
    {
      status = 0;
      printf ("wrote %s\n", so);
    }
  else
    fprintf (stderr, "scm compile: %s: not compiled\n", file);
  scm_instance_destroy (inst);
  remove (c_file);
  remove (tmp);
done:
  free (so);
  free (c_file);
  free (tmp);
  return status;
}

int
scm_compile_command (int argc, char **argv)
{
  const char **dirs = calloc ((size_t) argc + 1, sizeof *dirs);
  const char **files = calloc ((size_t) argc + 1, sizeof *files);
  size_t ndirs = 0, nfiles = 0;
  if (dirs == NULL || files == NULL)
    return 1;
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "-L") == 0 && i + 1 < argc)
        dirs[ndirs++] = argv[++i];
      else if (strncmp (argv[i], "-L", 2) == 0 && argv[i][2] != '\0')
        dirs[ndirs++] = argv[i] + 2;
      else if (argv[i][0] == '-')
        {
          fprintf (stderr, "usage: scm compile [-L DIR]... FILE.sld...\n");
          return 2;
        }
      else
        files[nfiles++] = argv[i];
    }
  if (nfiles == 0)
    {
      fprintf (stderr, "usage: scm compile [-L DIR]... FILE.sld...\n");
      return 2;
    }
  scm_init ();
  int status = 0;
  for (size_t i = 0; i < nfiles; i++)
    if (compile_file (files[i], dirs, ndirs) != 0)
      status = 1;
  free (dirs);
  free (files);
  return status;
}
