/* literals.c -- literal constants: the immutable copies of quoted data
   that expanded code holds
   SPDX-License-Identifier: LGPL-3.0-or-later

   R7RS makes literal constants immutable (and so lets compiled
   constants live in read-only memory).  The expander copies each
   quoted or self-evaluating datum once, when it expands it: the copy
   keeps the datum's sharing and cycles, strips the aliases a macro's
   template left in it (syntax.c), and is immutable all through, so the
   constant stays eq? to itself each time the code runs.

   Strings, vectors and bytevectors carry an immutable flag in their
   header.  Pairs
   have no header: an immutable pair is one that libgc allocated in an
   object kind of its own, marked like ordinary objects; set-car! asks
   libgc for the kind of the pair's block (a table lookup, no lock).
   Everything reachable from an immutable pair or vector is itself
   immutable or atomic, so a datum that is already a literal is not
   copied again.  */

#include "runtime/scm-internal.h"
#include "expand/expand-internal.h"
#include "values/hashtab-internal.h"
#include "values/strings-internal.h"
#include "runtime/poll-internal.h"

#include <gc/gc_mark.h>
#include <libscm/bytevectors.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/strings.h>
#include <libscm/vectors.h>

static unsigned immutable_pair_kind;

/* Called once, by scm_init_gc, after GC_INIT.  */
void
scm_i_init_literals (void)
{
  immutable_pair_kind = GC_new_kind (GC_new_free_list (), 0 | GC_DS_LENGTH,
                                     1, 1);
}

int
scm_i_is_immutable_pair (SCM pair)
{
  /* A pair outside the heap is a constant of the precompiled image,
     in read-only memory, unless a library keeps it as its state.  */
  if (!GC_is_heap_ptr (SCM_UNPACK_POINTER (pair)))
    return !(SCM_UNPACK (pair) >= scm_i_image_writable_lo
             && SCM_UNPACK (pair) < scm_i_image_writable_hi);
  return GC_get_kind_and_size (SCM_UNPACK_POINTER (pair), NULL)
    == (int) immutable_pair_kind;
}

static SCM
immutable_pair (void)
{
  scm_t_bits *p = GC_generic_malloc (2 * sizeof (scm_t_bits),
                                     (int) immutable_pair_kind);
  if (SCM_UNLIKELY (p == NULL))
    p = scm_i_alloc_retry (2 * sizeof (scm_t_bits), (int) immutable_pair_kind);
  return SCM_PACK_POINTER (p);
}

static int
is_literal (SCM x)
{
  if (scm_is_pair (x))
    return scm_i_is_immutable_pair (x);
  if (scm_is_vector (x))
    return scm_i_is_immutable_vector (x);
  if (scm_is_string (x))
    return scm_is_immutable_string (x);
  if (scm_is_bytevector (x))
    return (SCM_HEADER_FLAGS (SCM_HEADER (x))
            & SCM_BYTEVECTOR_FLAG_IMMUTABLE) != 0;
  return !scm_i_is_alias (x);
}

static SCM copy (SCM x, struct scm_i_eqtab *memo);

static SCM
copy_vector (SCM x, struct scm_i_eqtab *memo)
{
  size_t n = SCM_VECTOR_LENGTH (x);
  SCM v = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_vector,
                                              SCM_VECTOR_FLAG_IMMUTABLE, n),
                             n + 1);
  for (size_t i = 0; i < n; i++)
    SCM_VECTOR_SET (v, i, SCM_BOOL_F);
  scm_i_eqtab_set (memo, x, v);
  for (size_t i = 0; i < n; i++)
    SCM_VECTOR_SET (v, i, copy (SCM_VECTOR_REF (x, i), memo));
  return v;
}

/* The spine iteratively, each pair entered before its car is copied,
   so that a cycle through it finds the copy.  */
static SCM
copy_list (SCM x, struct scm_i_eqtab *memo)
{
  SCM head = immutable_pair (), p = head;
  for (;;)
    {
      scm_i_walk_tick ();
      scm_i_eqtab_set (memo, x, p);
      SCM_SETCAR (p, copy (SCM_CAR (x), memo));
      x = SCM_CDR (x);
      SCM done = scm_is_pair (x)
        ? scm_i_eqtab_ref (memo, x, SCM_UNDEFINED) : SCM_UNDEFINED;
      if (!scm_is_pair (x) || !SCM_UNBNDP (done) || is_literal (x))
        {
          SCM_SETCDR (p, SCM_UNBNDP (done) ? copy (x, memo) : done);
          return head;
        }
      SCM next = immutable_pair ();
      SCM_SETCDR (p, next);
      p = next;
    }
}

/* Deep data: the rest of the copy on more C stack.  */
SCM_I_DEFINE_DEEPER (copy_deeper, SCM, copy,
                     (SCM, x), (struct scm_i_eqtab *, memo))

static SCM
copy (SCM x, struct scm_i_eqtab *memo)
{
  if (scm_i_is_alias (x))
    return scm_i_identifier_symbol (x);
  if (is_literal (x))
    return x;
  SCM done = scm_i_eqtab_ref (memo, x, SCM_UNDEFINED);
  if (!SCM_UNBNDP (done))
    return done;
  if (SCM_UNLIKELY (scm_i_check_c_stack ("literal constant")))
    return copy_deeper (x, memo);
  /* A datum of millions of pairs takes a second to copy: a time limit
     or an interrupt must not wait for the end.  */
  scm_i_walk_tick ();
  if (scm_is_string (x))
    {
      /* The copy's stringbuf is its own: string-set! of the original
         cannot reach it.  */
      SCM mutable_copy = scm_string_copy (x, SCM_UNDEFINED, SCM_UNDEFINED);
      SCM s = scm_i_make_string_from_buf (scm_i_string_buf (mutable_copy), 1);
      scm_i_eqtab_set (memo, x, s);
      return s;
    }
  if (scm_is_vector (x))
    return copy_vector (x, memo);
  if (scm_is_bytevector (x))
    {
      SCM bv = scm_c_bytevector_from_bytes (SCM_BYTEVECTOR_CONTENTS (x),
                                            SCM_BYTEVECTOR_LENGTH (x));
      SCM_SET_CELL_WORD (bv, 0, SCM_HEADER (bv)
                         | (scm_t_bits) SCM_BYTEVECTOR_FLAG_IMMUTABLE << 8);
      scm_i_eqtab_set (memo, x, bv);
      return bv;
    }
  return copy_list (x, memo);
}

void
scm_i_refuse_literal (SCM obj, const char *who)
{
  scm_c_raise_error ("wrong-type-arg", who,
                     "cannot modify a literal constant", scm_list_1 (obj));
}

SCM
scm_i_literal (SCM x)
{
  if (is_literal (x))
    return x;
  struct scm_i_eqtab memo;
  scm_i_eqtab_init (&memo, 16);
  return copy (x, &memo);
}
