/* eq.c -- eq?, eqv? and equal?
   SPDX-License-Identifier: LGPL-3.0-or-later

   equal? walks both structures side by side with an explicit stack, so
   any nesting depth works without C recursion.  It first runs a bounded
   number of steps as a plain tree walk; past that bound it records every
   pair of containers (A, B) it starts to compare, and takes a pair met
   again as equal.  The pairs so compared form a bisimulation when no
   mismatch turns up, which is what equal? means on circular structures
   (R7RS), and the walk ends because each pair is expanded once.  */

#include "runtime/scm-internal.h"
#include "numbers/numbers-internal.h"
#include "runtime/init-internal.h"
#include "values/strings-internal.h"
#include "runtime/poll-internal.h"
#include "values/foreign-internal.h"

#include <math.h>
#include <string.h>
#include <libscm/conditions.h>
#include <libscm/bytevectors.h>
#include <libscm/eq.h>
#include <libscm/symbols.h>
#include <libscm/numbers.h>
#include <libscm/strings.h>
#include <libscm/vectors.h>

/* ------------------------------------------------------------------ */
/* eqv?  */

/* Nonzero if doubles A and B are the same flonum: the same bits, or
   both NaNs.  Every NaN is one flonum to Scheme, whatever its sign and
   payload: the printer writes them all +nan.0, so (eqv? x (read (write
   x))) holds, and (eqv? (/ 0. 0.) +nan.0) too.  (eqv? 0.0 -0.0) does
   not.  */
int
scm_i_double_eqv (double a, double b)
{
  if (isnan (a))
    return isnan (b);
  return memcmp (&a, &b, sizeof a) == 0;
}

static int
flonum_bits_equal (SCM x, SCM y)
{
  return scm_i_double_eqv (SCM_FLONUM_VALUE (x), SCM_FLONUM_VALUE (y));
}

int
scm_is_eqv (SCM x, SCM y)
{
  if (scm_is_eq (x, y))
    return 1;
  if (!SCM_HEAP_OBJECT_P (x) || !SCM_HEAP_OBJECT_P (y)
      || scm_is_pair (x) || scm_is_pair (y))
    return 0;
  scm_t_bits tc8 = SCM_HEADER_TC8 (SCM_HEADER (x));
  if (tc8 != SCM_HEADER_TC8 (SCM_HEADER (y)))
    return 0;
  switch (tc8)
    {
    case scm_tc8_flonum:
      return flonum_bits_equal (x, y);
    case scm_tc8_bignum:
      return scm_i_bignum_equal (x, y);
    case scm_tc8_complex:
      return scm_i_complex_eqv (x, y);
    case scm_tc8_ratnum:
      /* Same type, so same exactness.  */
      return scm_is_true (scm_num_eq_p (x, y));
    default:
      return 0;
    }
}

/* ------------------------------------------------------------------ */
/* The set of (A, B) pairs already compared: open addressing, linear
   probing, on the GC heap (scanned; the objects are alive anyway).  */

struct visit
{
  scm_t_bits a, b;              /* a == 0: empty slot */
};

struct visit_set
{
  struct visit *slots;
  size_t count;
  unsigned bits;                /* 2^bits slots, none while 0 */
};

static size_t
visit_hash (const struct visit_set *v, scm_t_bits a, scm_t_bits b)
{
  scm_t_bits h = (a >> 3) * 0x9e3779b97f4a7c15u ^ (b >> 3) * 0xc2b2ae3d27d4eb4fu;
  return (size_t) ((h * 0x9e3779b97f4a7c15u) >> (64 - v->bits));
}

/* The slot of (A, B), or the empty slot where it would go.  */
static struct visit *
visit_slot (const struct visit_set *v, scm_t_bits a, scm_t_bits b)
{
  size_t mask = ((size_t) 1 << v->bits) - 1;
  size_t i = visit_hash (v, a, b);
  while (v->slots[i].a != 0 && (v->slots[i].a != a || v->slots[i].b != b))
    i = (i + 1) & mask;
  return &v->slots[i];
}

static void
visit_grow (struct visit_set *v)
{
  struct visit_set bigger = { NULL, v->count, v->bits ? v->bits + 1 : 6 };
  bigger.slots = scm_i_alloc (sizeof (struct visit) << bigger.bits);
  for (size_t i = 0; v->bits && i < ((size_t) 1 << v->bits); i++)
    if (v->slots[i].a != 0)
      *visit_slot (&bigger, v->slots[i].a, v->slots[i].b) = v->slots[i];
  *v = bigger;
}

/* Record (A, B); return nonzero if it was there already.  */
static int
visit_add (struct visit_set *v, SCM a, SCM b)
{
  if (2 * (v->count + 1) > ((size_t) 1 << v->bits))
    visit_grow (v);
  struct visit *slot = visit_slot (v, SCM_UNPACK (a), SCM_UNPACK (b));
  if (slot->a != 0)
    return 1;
  slot->a = SCM_UNPACK (a);
  slot->b = SCM_UNPACK (b);
  v->count++;
  return 0;
}

/* ------------------------------------------------------------------ */
/* equal?  */

/* Steps of plain tree walk before equal? starts recording what it has
   compared.  Small enough that a cycle costs little, big enough that
   ordinary data never needs the set.  */
#define EQUAL_FAST_STEPS 2000

#define EQUAL_INLINE_FRAMES 32
#define FRAME_PAIR ((size_t) -1)

/* What is left to compare: the objects A and B (index FRAME_PAIR), or
   the elements of vectors A and B from INDEX on.  */
struct eq_frame
{
  SCM a, b;
  size_t index;
};

struct equal_state
{
  struct eq_frame *frames;
  size_t n, cap;
  size_t steps;
  struct visit_set visited;
  /* Brent's cycle detection along cdr chains: a checkpoint pair of
     pairs, moved to the current one after POWER steps, POWER doubling;
     coming back to it means a cycle (or shared structure already being
     compared), without recording every pair of a long list.  */
  SCM mark_a, mark_b;
  size_t power, since_mark;
  struct eq_frame inline_frames[EQUAL_INLINE_FRAMES];
};

/* Poll for Ctrl-C this often (steps): long comparisons stay
   interruptible.  */
#define EQUAL_POLL_MASK 0xffff

static inline void
equal_push (struct equal_state *st, SCM a, SCM b, size_t index)
{
  if (SCM_UNLIKELY (st->n == st->cap))
    {
      if (st->cap > ((size_t) -1 / 2) / sizeof (struct eq_frame))
        scm_out_of_memory ("equal?", (size_t) -1);
      struct eq_frame *frames
        = scm_i_alloc (2 * st->cap * sizeof (struct eq_frame));
      memcpy (frames, st->frames, st->n * sizeof (struct eq_frame));
      st->frames = frames;
      st->cap *= 2;
    }
  st->frames[st->n].a = a;
  st->frames[st->n].b = b;
  st->frames[st->n].index = index;
  st->n++;
}

/* Nonzero if the containers A and B need not be compared (again): the
   fast steps are over and (A, B) has been met before.  */
static int
already_compared (struct equal_state *st, SCM a, SCM b)
{
  if (st->steps < EQUAL_FAST_STEPS)
    return 0;
  return visit_add (&st->visited, a, b);
}

/* Compare A and B as far as that can be done now; push what remains.
   Return zero on a mismatch.  */
static int
equal_step (struct equal_state *st, SCM a, SCM b)
{
  for (;;)
    {
      if (scm_is_eq (a, b))
        return 1;
      if (scm_is_pair (a) && scm_is_pair (b))
        {
          SCM ca = SCM_CAR (a), cb = SCM_CAR (b);
          /* Only a pair whose car is a container can start a cycle
             through cars: record those; a cycle of cdrs alone is found
             by the checkpoint, in constant memory.  */
          if ((scm_is_pair (ca) && scm_is_pair (cb))
              || (scm_is_vector (ca) && scm_is_vector (cb)))
            {
              if (already_compared (st, a, b))
                return 1;
            }
          else if (scm_is_eq (a, st->mark_a) && scm_is_eq (b, st->mark_b))
            return 1;
          else if (++st->since_mark == st->power)
            {
              st->mark_a = a;
              st->mark_b = b;
              st->power *= 2;
              st->since_mark = 0;
            }
          if (SCM_UNLIKELY ((++st->steps & EQUAL_POLL_MASK) == 0))
            scm_i_poll_interrupt ();
          /* Cars that are the same object, or two immediates (which
             only the same immediate is equal? to), are decided here:
             the walk goes on with the cdrs, nothing pushed (a list of
             symbols or fixnums is one loop).  */
          if (scm_is_eq (ca, cb))
            {
              a = SCM_CDR (a);
              b = SCM_CDR (b);
              continue;
            }
          if (!SCM_HEAP_OBJECT_P (ca) && !SCM_HEAP_OBJECT_P (cb))
            return 0;
          if (!scm_is_eq (SCM_CDR (a), SCM_CDR (b)))
            equal_push (st, SCM_CDR (a), SCM_CDR (b), FRAME_PAIR);
          a = ca;
          b = cb;
          continue;
        }
      if (scm_is_vector (a) && scm_is_vector (b))
        {
          size_t len = SCM_VECTOR_LENGTH (a);
          if (len != SCM_VECTOR_LENGTH (b))
            return 0;
          if (len == 0 || already_compared (st, a, b))
            return 1;
          if (SCM_UNLIKELY ((++st->steps & EQUAL_POLL_MASK) == 0))
            scm_i_poll_interrupt ();
          if (len > 1)
            equal_push (st, a, b, 1);
          a = SCM_VECTOR_REF (a, 0);
          b = SCM_VECTOR_REF (b, 0);
          continue;
        }
      if (scm_is_string (a) && scm_is_string (b))
        return scm_i_string_equal (a, b);
      if (scm_is_bytevector (a) && scm_is_bytevector (b))
        return scm_i_bytevector_equal (a, b);
      if (scm_has_tc8 (a, scm_tc8_foreign) && scm_has_tc8 (b, scm_tc8_foreign))
        return scm_i_foreign_equal (a, b);
      return scm_is_eqv (a, b);
    }
}

/* Take the next two objects to compare off the stack into *A, *B.  */
static void
equal_pop (struct equal_state *st, SCM *a, SCM *b)
{
  struct eq_frame *f = &st->frames[st->n - 1];
  if (f->index == FRAME_PAIR)
    {
      *a = f->a;
      *b = f->b;
      st->n--;
      return;
    }
  *a = SCM_VECTOR_REF (f->a, f->index);
  *b = SCM_VECTOR_REF (f->b, f->index);
  if (++f->index == SCM_VECTOR_LENGTH (f->a))
    st->n--;
}

int
scm_is_equal (SCM x, SCM y)
{
  struct equal_state st;

  /* The common answers before the walk's state is set up (70
     instructions a call of a symbol and a fixnum before): the same
     object, or an immediate (a fixnum, a character, a boolean, '()...)
     or a symbol, which only itself is equal? to (eqv? is eq? on
     immediates: scm_is_eqv).  */
  if (scm_is_eq (x, y))
    return 1;
  if (!SCM_HEAP_OBJECT_P (x) || !SCM_HEAP_OBJECT_P (y)
      || scm_is_symbol (x) || scm_is_symbol (y))
    return 0;
  st.frames = st.inline_frames;
  st.n = 0;
  st.cap = EQUAL_INLINE_FRAMES;
  st.steps = 0;
  st.visited.slots = NULL;
  st.visited.count = 0;
  st.visited.bits = 0;
  st.mark_a = st.mark_b = SCM_BOOL_F;
  st.power = 2;
  st.since_mark = 0;
  for (;;)
    {
      if (!equal_step (&st, x, y))
        return 0;
      if (st.n == 0)
        return 1;
      equal_pop (&st, &x, &y);
    }
}

/* ------------------------------------------------------------------ */
/* Primitives.  */

SCM_DEFINE (scm_eq_p, "eq?", 2, 0, 0, (SCM x, SCM y),
            "Return @code{#t} if @var{x} and @var{y} are the same object:\n"
            "the same pair, string, vector or procedure, the same symbol,\n"
            "character, boolean, fixnum or empty list.")
{
  return scm_from_bool (scm_is_eq (x, y));
}

SCM_DEFINE (scm_eqv_p, "eqv?", 2, 0, 0, (SCM x, SCM y),
            "Return @code{#t} if @var{x} and @var{y} are @code{eq?}, or\n"
            "are numbers of the same exactness and value.  Inexact numbers\n"
            "are compared bit for bit, except that all NaNs are one:\n"
            "@code{(eqv? +nan.0 (/ 0. 0.))} is @code{#t}, @code{(eqv? 0.0\n"
            "-0.0)} is @code{#f}.")
{
  return scm_from_bool (scm_is_eqv (x, y));
}

SCM_DEFINE (scm_equal_p, "equal?", 2, 0, 0, (SCM x, SCM y),
            "Return @code{#t} if @var{x} and @var{y} print the same:\n"
            "pairs and vectors with @code{equal?} elements, strings with\n"
            "the same characters, and otherwise @code{eqv?} objects.\n"
            "Terminates on circular structures.")
{
  return scm_from_bool (scm_is_equal (x, y));
}

void
scm_init_eq (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "values/eq.x"
#endif
}
