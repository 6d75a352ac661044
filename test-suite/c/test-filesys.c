/* test-filesys.c -- file-exists? and delete-file, file name checks
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <libscm.h>
#include "tap.h"
#include "calls.h"

static char path[240], link_path[256];

static SCM
str (const char *utf8)
{
  return scm_from_utf8_string (utf8);
}

static int
make_file (const char *name)
{
  FILE *f = fopen (name, "w");
  if (f == NULL)
    return 0;
  fputs ("x", f);
  return fclose (f) == 0;
}

static void
test_exists_delete (void)
{
  SCM name = str (path);
  ok (make_file (path)
      && scm_is_eq (call ("file-exists?", LIST (name)), SCM_BOOL_T),
      "file-exists? of a file just made");
  ok (scm_is_unspecified (call ("delete-file", LIST (name)))
      && access (path, F_OK) != 0 && errno == ENOENT,
      "delete-file deletes it");
  ok (scm_is_eq (call ("file-exists?", LIST (name)), SCM_BOOL_F),
      "then file-exists? says #f");
  SCM r = try_call ("delete-file", LIST (name));
  ok (is_error (r, "file-error", "delete-file", strerror (ENOENT), name),
      "deleting it again is a file error naming it: %s",
      raised ? scm_c_condition_text (r) : "no error");
  ok (raised && scm_is_true (scm_file_error_p (r)), "which file-error? sees");
  ok (scm_is_eq (call ("file-exists?", LIST (str ("/"))), SCM_BOOL_T),
      "a directory exists");
  ok (scm_is_eq (call ("file-exists?", LIST (str ("/nonexistent/dir/x"))),
                 SCM_BOOL_F)
      && scm_is_eq (call ("file-exists?", LIST (str (""))), SCM_BOOL_F),
      "a path through a missing directory, and the empty name, do not");
  r = try_call ("delete-file", LIST (str ("/")));
  const char *why = raised && scm_is_condition (r)
    ? scm_to_utf8_stringn (scm_error_object_message (r), NULL) : "";
  ok ((!strcmp (why, strerror (EISDIR)) || !strcmp (why, strerror (EPERM))
       || !strcmp (why, strerror (EBUSY)))
      && is_error (r, "file-error", "delete-file", why, str ("/")),
      "deleting a directory is a file error: %s",
      raised ? scm_c_condition_text (r) : "no error");
}

static void
test_links (void)
{
  if (symlink (path, link_path) != 0)
    {
      ok (0, "symlink: %s", strerror (errno));
      return;
    }
  ok (scm_is_eq (call ("file-exists?", LIST (str (link_path))), SCM_BOOL_F),
      "a link to nothing does not count");
  ok (make_file (path)
      && scm_is_eq (call ("file-exists?", LIST (str (link_path))),
                    SCM_BOOL_T), "a link to a file does");
  call ("delete-file", LIST (str (link_path)));
  ok (access (path, F_OK) == 0
      && scm_is_eq (call ("file-exists?", LIST (str (link_path))),
                    SCM_BOOL_F), "delete-file removes the link, not the file");
  remove (path);
}

static void
test_bad_names (void)
{
  SCM nul = scm_from_utf8_stringn ("/tmp\0/x", 7);
  SCM r = try_call ("delete-file", LIST (nul));
  ok (is_error (r, "wrong-type-arg", "delete-file",
                "wrong type argument in position 1 (expected file name "
                "without NUL)", nul), "delete-file refuses a name with NUL");
  r = try_call ("file-exists?", LIST (nul));
  ok (is_error (r, "wrong-type-arg", "file-exists?",
                "wrong type argument in position 1 (expected file name "
                "without NUL)", nul), "so does file-exists?");
  r = try_call ("open-input-file", LIST (nul));
  ok (is_error (r, "wrong-type-arg", "open-input-file",
                "wrong type argument in position 1 (expected file name "
                "without NUL)", nul), "and open-input-file");
  r = try_call ("file-exists?", LIST (scm_from_utf8_symbol ("x")));
  ok (is_error (r, "wrong-type-arg", "file-exists?",
                "wrong type argument in position 1 (expected string)",
                scm_from_utf8_symbol ("x")), "a symbol is not a file name");
}

int
main (void)
{
  snprintf (path, sizeof path, "/tmp/scm-test-filesys.%ld", (long) getpid ());
  snprintf (link_path, sizeof link_path, "%s.link", path);
  scm_init ();
  test_exists_delete ();
  test_links ();
  test_bad_names ();
  remove (path);
  remove (link_path);
  return tap_done ();
}
