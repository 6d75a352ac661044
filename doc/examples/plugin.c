/* plugin.c -- an example of a plugin host: a C type (a growable byte
   buffer) wrapped as a foreign object with a printer, an equal? hook
   and a finalizer that frees its memory, used by a Scheme plugin
   SPDX-License-Identifier: LGPL-3.0-or-later

   Build it against an installed libscm (no snarfing needed):

     cc -o plugin plugin.c $(pkg-config --cflags --libs libscm)
     ./plugin plugin.scm  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libscm.h>

/* ------------------------------------------------------------------ */
/* The host's C type, which knows nothing of Scheme.  */

struct buffer
{
  char *bytes;                  /* malloc'd */
  size_t len, cap;
};

static long buffers_made, buffers_freed;

static struct buffer *
buffer_new (void)
{
  struct buffer *b = calloc (1, sizeof *b);
  if (b != NULL)
    buffers_made++;
  return b;
}

static int
buffer_append (struct buffer *b, const char *s, size_t n)
{
  if (b->len + n > b->cap)
    {
      size_t cap = b->cap ? 2 * b->cap : 16;
      while (cap < b->len + n)
        cap *= 2;
      char *bytes = realloc (b->bytes, cap);
      if (bytes == NULL)
        return -1;
      b->bytes = bytes;
      b->cap = cap;
    }
  memcpy (b->bytes + b->len, s, n);
  b->len += n;
  return 0;
}

static void
buffer_free (struct buffer *b)
{
  free (b->bytes);
  free (b);
  buffers_freed++;
}

/* ------------------------------------------------------------------ */
/* The foreign type: one slot, the struct buffer.  */

static SCM buffer_type;

/* Runs once the collector has found a buffer object unreachable, at a
   safe point (never inside the collector): free the C memory.  */
static void
finalize_buffer (SCM obj)
{
  buffer_free (scm_foreign_object_ref (obj, 0));
}

/* The struct of argument POS of primitive WHO, checked.  */
static struct buffer *
buffer_arg (SCM obj, int pos, const char *who)
{
  scm_c_assert_foreign_object_type (buffer_type, obj, pos, who);
  return scm_foreign_object_ref (obj, 0);
}

/* #<buffer 5 "hello">, for write and display alike.  */
static SCM
print_buffer (SCM obj, int write_p)
{
  (void) write_p;
  struct buffer *b = scm_foreign_object_ref (obj, 0);
  SCM contents = scm_from_utf8_stringn (b->bytes ? b->bytes : "", b->len);
  size_t len = b->len;
  scm_remember_upto_here_1 (obj);      /* b is used up to here */
  SCM port = scm_open_output_string ();
  scm_c_puts (port, "#<buffer ");
  scm_write (scm_from_size_t (len), port);
  scm_c_puts (port, " ");
  scm_write (contents, port);
  scm_c_puts (port, ">");
  return scm_get_output_string (port);
}

/* Two buffers are equal? when they hold the same bytes.  */
static int
buffer_equal (SCM a, SCM b)
{
  struct buffer *x = scm_foreign_object_ref (a, 0);
  struct buffer *y = scm_foreign_object_ref (b, 0);
  return x->len == y->len && (x->len == 0
                              || memcmp (x->bytes, y->bytes, x->len) == 0);
}

/* ------------------------------------------------------------------ */
/* Primitives, checking their arguments with validate.h.  */

#define FUNC_NAME "make-buffer"
static SCM
make_buffer (void)
{
  struct buffer *b = buffer_new ();
  if (b == NULL)
    scm_out_of_memory (FUNC_NAME, sizeof *b);
  return scm_make_foreign_object_1 (buffer_type, b);
}
#undef FUNC_NAME

#define FUNC_NAME "buffer-append!"
static SCM
buffer_append_x (SCM buf, SCM str)
{
  struct buffer *b = buffer_arg (buf, SCM_ARG1, FUNC_NAME);
  SCM_VALIDATE_STRING (SCM_ARG2, str);
  size_t n;
  char *text = scm_to_utf8_stringn (str, &n);  /* malloc'd: free it */
  int failed = buffer_append (b, text, n);
  free (text);
  if (failed)
    scm_out_of_memory (FUNC_NAME, n);
  return buf;
}
#undef FUNC_NAME

static SCM
buffer_length (SCM buf)
{
  return scm_from_size_t (buffer_arg (buf, SCM_ARG1, "buffer-length")->len);
}

static SCM
buffer_p (SCM obj)
{
  return scm_from_bool (scm_is_foreign_object_of_type (buffer_type, obj));
}

static void
define_primitives (void)
{
  buffer_type = scm_make_foreign_object_type
    (scm_from_utf8_symbol ("buffer"),
     scm_list_1 (scm_from_utf8_symbol ("data")), finalize_buffer);
  scm_set_foreign_object_printer (buffer_type, print_buffer);
  scm_set_foreign_object_equal (buffer_type, buffer_equal);
  /* After scm_init the current module is the REPL's, where the plugin
     is loaded: the primitives are defined there.  */
  scm_c_define_gsubr ("make-buffer", 0, 0, 0, (scm_t_subr) make_buffer);
  scm_c_define_gsubr ("buffer-append!", 2, 0, 0,
                      (scm_t_subr) buffer_append_x);
  scm_c_define_gsubr ("buffer-length", 1, 0, 0, (scm_t_subr) buffer_length);
  scm_c_define_gsubr ("buffer?", 1, 0, 0, (scm_t_subr) buffer_p);
}

/* ------------------------------------------------------------------ */

int
main (int argc, char **argv)
{
  const char *plugin = argc > 1 ? argv[1] : "plugin.scm";
  SCM result;

  scm_init ();
  define_primitives ();
  if (scm_c_primitive_load_protected (plugin, &result))
    {
      char *text = scm_c_condition_text (result);   /* malloc'd */
      fprintf (stderr, "loading the plugin: %s\n", text);
      free (text);
      return 1;
    }
  /* The plugin dropped its buffers: collect them, which runs their
     finalizers.  The collector is conservative, so a few may survive a
     while through a stale word on the stack.  */
  scm_gc ();
  scm_gc ();
  printf ("buffers made: %ld\n", buffers_made);
  printf ("all but at most 10 freed: %s\n",
          buffers_made - buffers_freed <= 10 ? "yes" : "no");
  return 0;
}
