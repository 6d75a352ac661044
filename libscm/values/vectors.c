/* vectors.c -- vectors: a header holding the length, then the elements
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"
#include "runtime/conditions-internal.h"
#include "runtime/poll-internal.h"
#include "runtime/subrs-internal.h"

#include <string.h>
#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/vectors.h>

/* From this many elements (512 KiB) a new vector's block is not
   cleared by libgc: the fill is the only pass over it.  */
#define UNCLEARED_MIN ((size_t) 1 << 16)

/* The elements stored between two interrupt polls: the steps that
   SCM_I_POLL_EVERY counts for a step limit.  */
#define FILL_RUN ((size_t) 1 << 16)

/* Store FILL in elements [S, E) of V, polling after each full run of
   FILL_RUN stores as SCM_I_POLL_EVERY would.  A run is stores alone,
   eight to a turn: with the poll's counter in the loop, array1's
   vectors of 10^6 elements cost 7 instructions an element to fill.  */
static inline void
fill_elements (SCM v, size_t s, size_t e, SCM fill)
{
  scm_t_bits *p = SCM_UNPACK_POINTER (v) + 1 + s;
  scm_t_bits w = SCM_UNPACK (fill);
  size_t left = e - s;
  while (left > 0)
    {
      size_t n = left < FILL_RUN ? left : FILL_RUN;
      scm_t_bits *end = p + n;
      for (; end - p >= 8; p += 8)
        p[0] = p[1] = p[2] = p[3] = p[4] = p[5] = p[6] = p[7] = w;
      while (p < end)
        *p++ = w;
      left -= n;
      if (n == FILL_RUN)
        scm_i_poll_steps ();
    }
}

/* The most elements of a vector that one object of the VM's free
   lists holds with its header (15).  */
#define SMALL_VECTOR_MAX (2 * SCM_I_FL_NORMAL - 1)

/* A vector of K <= SMALL_VECTOR_MAX elements, each FILL: from the
   VM's free lists (scm_i_vm_alloc), as VECTOR makes its vectors.
   matrix's (make-vector 5) cost 240 instructions through libgc's
   GC_malloc_kind and the size check, which no such size can fail.  */
static SCM
make_small_vector (size_t k, SCM fill)
{
  scm_t_bits *p = scm_i_vm_alloc (k + 1);
  scm_t_bits w = SCM_UNPACK (fill);
  p[0] = SCM_MAKE_HEADER (scm_tc8_vector, 0, k);
  for (size_t i = 1; i <= k; i++)
    p[i] = w;
  return SCM_PACK_POINTER (p);
}

/* A vector of K > SMALL_VECTOR_MAX elements, each FILL, after the
   checks of its size; out of line, so that a small vector's path
   saves no registers.  */
static SCM __attribute__ ((noinline))
make_large_vector (size_t k, SCM fill)
{
  if (k > SCM_HEADER_MAX_PAYLOAD
      || k > (SIZE_MAX / sizeof (scm_t_bits)) - 1)
    scm_c_raise_errorf ("out-of-memory", "make-vector",
                        "impossible vector length %zu", k);
  scm_i_check_total_size (k, sizeof (scm_t_bits), "make-vector");
  scm_i_note_alloc ((k + 1) * sizeof (SCM));
  SCM v;
  if (k < UNCLEARED_MIN)
    v = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_vector, 0, k), k + 1);
  else
    {
      /* Filled below with polls: an interrupt during a vector of 10^8
         elements waited 0.4 s for libgc's memset.  */
      scm_t_bits *p = scm_i_alloc_uncleared ((k + 1) * sizeof (scm_t_bits));
      p[0] = SCM_MAKE_HEADER (scm_tc8_vector, 0, k);
      v = SCM_PACK_POINTER (p);
    }
  fill_elements (v, 0, k, fill);
  return v;
}

SCM
scm_c_make_vector (size_t k, SCM fill)
{
  if (k <= SMALL_VECTOR_MAX)
    return make_small_vector (k, fill);
  return make_large_vector (k, fill);
}

static void
check_vector (SCM v, int pos, const char *who)
{
  SCM_ASSERT_TYPE (scm_is_vector (v), v, pos, who, "vector");
}

static void
check_mutable_vector (SCM v, int pos, const char *who)
{
  check_vector (v, pos, who);
  if (scm_i_is_immutable_vector (v))
    scm_i_refuse_literal (v, who);
}

size_t
scm_c_vector_length (SCM vec)
{
  check_vector (vec, 1, "vector-length");
  return SCM_VECTOR_LENGTH (vec);
}

SCM
scm_c_vector_ref (SCM vec, size_t k)
{
  check_vector (vec, 1, "vector-ref");
  if (k >= SCM_VECTOR_LENGTH (vec))
    scm_i_out_of_range ("vector-ref", 2, scm_from_size_t (k));
  return SCM_VECTOR_REF (vec, k);
}

void
scm_c_vector_set_x (SCM vec, size_t k, SCM obj)
{
  check_mutable_vector (vec, 1, "vector-set!");
  if (k >= SCM_VECTOR_LENGTH (vec))
    scm_i_out_of_range ("vector-set!", 2, scm_from_size_t (k));
  SCM_VECTOR_SET (vec, k, obj);
}

SCM_DEFINE (scm_vector_p, "vector?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a vector.")
{
  return scm_from_bool (scm_is_vector (obj));
}

SCM_DEFINE (scm_make_vector, "make-vector", 1, 1, 0, (SCM k, SCM fill),
            "Return a new vector of @var{k} elements, each @var{fill}.")
{
  return scm_c_make_vector (scm_i_index_arg (k, 1, "make-vector"),
                            SCM_UNBNDP (fill) ? SCM_UNSPECIFIED : fill);
}

SCM_DEFINE_STATIC (make_vector_1, "%make-vector1", 1, 0, 0, (SCM k),
                   "Return @code{(make-vector @var{k})}: what the VM calls "
                   "for @code{make-vector} with no fill, with no optional "
                   "argument to pad (subrs.c, scm_i_subr_fixed_entry).")
{
  return scm_c_make_vector (scm_i_index_arg (k, 1, "make-vector"),
                            SCM_UNSPECIFIED);
}

SCM_DEFINE (scm_vector, "vector", 0, 0, 1, (SCM objs),
            "Return a new vector of the arguments @var{objs}.")
{
  return scm_list_to_vector (objs);
}

SCM_DEFINE (scm_list_to_vector, "list->vector", 1, 0, 0, (SCM list),
            "Return a new vector of the elements of @var{list}.")
{
  long n = scm_c_list_length (list);
  SCM_ASSERT_TYPE (n >= 0, list, 1, "list->vector", "proper list");
  SCM v = scm_c_make_vector ((size_t) n, SCM_UNSPECIFIED);
  size_t turns = 0;
  for (long i = 0; i < n; i++, list = SCM_CDR (list))
    {
      /* Long lists take long: Ctrl-C must not wait (issue 14).  */
      SCM_I_POLL_EVERY (turns);
      SCM_VECTOR_SET (v, i, SCM_CAR (list));
    }
  return v;
}

SCM_DEFINE (scm_vector_length, "vector-length", 1, 0, 0, (SCM vec),
            "Return the number of elements of @var{vec}.")
{
  return scm_from_size_t (scm_c_vector_length (vec));
}

SCM_DEFINE (scm_vector_ref, "vector-ref", 2, 0, 0, (SCM vec, SCM k),
            "Return element @var{k} (from 0) of @var{vec}.")
{
  return scm_c_vector_ref (vec, scm_i_index_arg (k, 2, "vector-ref"));
}

SCM_DEFINE (scm_vector_set_x, "vector-set!", 3, 0, 0,
            (SCM vec, SCM k, SCM obj),
            "Store @var{obj} as element @var{k} of @var{vec}.")
{
  scm_c_vector_set_x (vec, scm_i_index_arg (k, 2, "vector-set!"), obj);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_vector_to_list, "vector->list", 1, 2, 0,
            (SCM vec, SCM start, SCM end),
            "Return a list of elements @var{start} to @var{end} of\n"
            "@var{vec}.")
{
  size_t s, e;
  check_vector (vec, 1, "vector->list");
  scm_i_range_args (start, end, SCM_VECTOR_LENGTH (vec), 2, "vector->list", &s, &e);
  SCM result = SCM_EOL;
  size_t turns = 0;
  while (e > s)
    {
      SCM_I_POLL_EVERY (turns);
      result = scm_cons (SCM_VECTOR_REF (vec, --e), result);
    }
  return result;
}

SCM_DEFINE (scm_vector_fill_x, "vector-fill!", 2, 2, 0,
            (SCM vec, SCM fill, SCM start, SCM end),
            "Store @var{fill} in elements @var{start} to @var{end} of\n"
            "@var{vec}.")
{
  size_t s, e;
  check_mutable_vector (vec, 1, "vector-fill!");
  scm_i_range_args (start, end, SCM_VECTOR_LENGTH (vec), 3, "vector-fill!", &s, &e);
  fill_elements (vec, s, e, fill);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_vector_copy, "vector-copy", 1, 2, 0,
            (SCM vec, SCM start, SCM end),
            "Return a new vector of elements @var{start} to @var{end} of\n"
            "@var{vec}.")
{
  size_t s, e;
  check_vector (vec, 1, "vector-copy");
  scm_i_range_args (start, end, SCM_VECTOR_LENGTH (vec), 2, "vector-copy", &s, &e);
  SCM copy = scm_c_make_vector (e - s, SCM_UNSPECIFIED);
  size_t turns = 0;
  for (size_t i = s; i < e; i++)
    {
      SCM_VECTOR_SET (copy, i - s, SCM_VECTOR_REF (vec, i));
      SCM_I_POLL_EVERY (turns);
    }
  return copy;
}

SCM_DEFINE (scm_vector_copy_x, "vector-copy!", 3, 2, 0,
            (SCM to, SCM at, SCM from, SCM start, SCM end),
            "Copy elements @var{start} (default 0) to @var{end} (default\n"
            "the length) of @var{from} into vector @var{to}, starting at\n"
            "index @var{at}.  The two may be the same vector and the\n"
            "ranges may overlap.")
{
  static const char who[] = "vector-copy!";
  size_t s, e, a;

  check_mutable_vector (to, 1, who);
  a = scm_i_index_arg (at, 2, who);
  check_vector (from, 3, who);
  scm_i_range_args (start, end, SCM_VECTOR_LENGTH (from), 4, who, &s, &e);
  if (a > SCM_VECTOR_LENGTH (to) || SCM_VECTOR_LENGTH (to) - a < e - s)
    scm_i_out_of_range (who, 2, at);
  memmove (SCM_UNPACK_POINTER (to) + 1 + a, SCM_UNPACK_POINTER (from) + 1 + s,
           (e - s) * sizeof (scm_t_bits));
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_vector_append, "vector-append", 0, 0, 1, (SCM vecs),
            "Return a new vector of the elements of all the vectors\n"
            "@var{vecs}, in order.")
{
  size_t total = 0, o = 0;
  int pos = 1;
  for (SCM l = vecs; scm_is_pair (l); l = SCM_CDR (l), pos++)
    {
      check_vector (SCM_CAR (l), pos, "vector-append");
      total += SCM_VECTOR_LENGTH (SCM_CAR (l));
    }
  SCM result = scm_c_make_vector (total, SCM_UNSPECIFIED);
  size_t turns = 0;
  for (SCM l = vecs; scm_is_pair (l); l = SCM_CDR (l))
    {
      SCM v = SCM_CAR (l);
      for (size_t i = 0; i < SCM_VECTOR_LENGTH (v); i++)
        {
          SCM_VECTOR_SET (result, o++, SCM_VECTOR_REF (v, i));
          SCM_I_POLL_EVERY (turns);
        }
    }
  return result;
}

void
scm_init_vectors (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "values/vectors.x"
#endif
  /* matrix's (make-vector 5): the generic call padding the fill cost
     more than the vector.  */
  scm_i_add_subr_fixed_entry ((scm_t_subr) scm_make_vector, 1,
                              SCM_I_SNARFED_SUBR (make_vector_1,
                                                  "%make-vector1"));
}
