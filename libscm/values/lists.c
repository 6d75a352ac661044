/* lists.c -- the basic list procedures
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "runtime/scm-internal.h"

#include <stdarg.h>
#include "runtime/poll-internal.h"
#include "runtime/subrs-internal.h"
#include "runtime/init-internal.h"
#include "runtime/conditions-internal.h"
#include "values/strings-internal.h"

#include <libscm/conditions.h>
#include <libscm/eq.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/symbols.h>

SCM scm_list_1 (SCM e1) { return scm_cons (e1, SCM_EOL); }
SCM scm_list_2 (SCM e1, SCM e2) { return scm_cons (e1, scm_list_1 (e2)); }
SCM scm_list_3 (SCM e1, SCM e2, SCM e3)
{
  return scm_cons (e1, scm_list_2 (e2, e3));
}
SCM scm_list_4 (SCM e1, SCM e2, SCM e3, SCM e4)
{
  return scm_cons (e1, scm_list_3 (e2, e3, e4));
}
SCM scm_list_5 (SCM e1, SCM e2, SCM e3, SCM e4, SCM e5)
{
  return scm_cons (e1, scm_list_4 (e2, e3, e4, e5));
}

SCM
scm_list_n (SCM elt, ...)
{
  va_list ap;
  SCM head = SCM_EOL, *tail = &head;
  va_start (ap, elt);
  for (; !SCM_UNBNDP (elt); elt = va_arg (ap, SCM))
    {
      *tail = scm_cons (elt, SCM_EOL);
      tail = (SCM *) &SCM_UNPACK_POINTER (*tail)[1];
    }
  va_end (ap);
  return head;
}

/* The pairs a list may have before scm_c_list_length looks for a
   cycle: below it, the walk follows cdrs only (most lists are short),
   and it is below the poll's period, so the walk needs no poll.  A
   multiple of 8, the unrolled turn.  */
#define LIST_WALK_NO_CYCLE_CHECK 1024

/* The rest of scm_c_list_length's walk, once N (even) pairs of the
   list starting at HEAD are behind: LIST is the pair after them.
   Floyd: the tortoise moves one step for the hare's two, so a cycle
   is found; placed at N / 2, where N / 2 turns would have left it.
   Two steps a turn: the tortoise's step, its compare and the poll are
   once a turn, not a test of the count's parity at every pair.  */
static long __attribute__ ((noinline))
list_length_floyd (SCM head, SCM list, long n)
{
  SCM slow = head;
  for (long i = 0; i < n / 2; i++)
    slow = SCM_CDR (slow);
  for (;;)
    {
      if (!scm_is_pair (list))
        break;
      list = SCM_CDR (list);
      if (!scm_is_pair (list))
        {
          n++;
          break;
        }
      list = SCM_CDR (list);
      n += 2;
      slow = SCM_CDR (slow);
      if (scm_is_eq (slow, list))
        return -1;
      /* Every primitive that takes a list checks it first: here is
         where length, list? and reverse! (which must not stop while it
         relinks) notice Ctrl-C.  */
      if (SCM_UNLIKELY ((n & 0x1ffff) == 0))
        scm_i_poll_steps ();
    }
  return scm_is_null (list) ? n : -1;
}

/* The length of a list without a cycle check costs the pair test and
   the cdr, 5 instructions a pair against 8.5 with the tortoise
   (destruc: 13% of its time in here); a list still going after
   LIST_WALK_NO_CYCLE_CHECK pairs, long or circular, goes on with the
   check.  Always inlined: a call in scm_c_list_length, which apply and
   the rest lists use at every call, cost dynamic 1.6 million calls.  */
static inline __attribute__ ((always_inline)) long
list_length_unchecked (SCM list, SCM *rest)
{
  SCM x = list;
  long n = 0;
#define LIST_STEP(k)                                    \
  if (SCM_UNLIKELY (!scm_is_pair (x)))                  \
    return scm_is_null (x) ? n + (k) : -1;              \
  x = SCM_CDR (x)
  for (; n < LIST_WALK_NO_CYCLE_CHECK; n += 8)
    {
      LIST_STEP (0);
      LIST_STEP (1);
      LIST_STEP (2);
      LIST_STEP (3);
      LIST_STEP (4);
      LIST_STEP (5);
      LIST_STEP (6);
      LIST_STEP (7);
    }
#undef LIST_STEP
  *rest = x;
  return -2;
}

long
scm_c_list_length (SCM list)
{
  SCM rest;
  long n = list_length_unchecked (list, &rest);
  return n == -2 ? list_length_floyd (list, rest, LIST_WALK_NO_CYCLE_CHECK)
         : n;
}

long
scm_i_list_length_short (SCM list, SCM *rest)
{
  return list_length_unchecked (list, rest);
}

long
scm_i_list_length_from (SCM list, SCM rest)
{
  return list_length_floyd (list, rest, LIST_WALK_NO_CYCLE_CHECK);
}

static long
list_arg (SCM list, int pos, const char *who)
{
  long n = scm_c_list_length (list);
  SCM_ASSERT_TYPE (n >= 0, list, pos, who, "proper list");
  return n;
}

SCM_DEFINE (scm_null_p, "null?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is the empty list.")
{
  return scm_from_bool (scm_is_null (obj));
}

SCM_DEFINE (scm_list_p, "list?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a proper list (finite and\n"
            "ending in the empty list).")
{
  return scm_from_bool (scm_c_list_length (obj) >= 0);
}

/* Whether X is a circular list (its cdrs come back to a pair).  */
static int
circular_p (SCM x)
{
  SCM slow = x;
  while (scm_is_pair (x) && scm_is_pair (SCM_CDR (x)))
    {
      x = SCM_CDR (SCM_CDR (x));
      slow = SCM_CDR (slow);
      if (scm_is_eq (x, slow))
        return 1;
    }
  return 0;
}

/* Raise a wrong-type error naming WHO (a symbol) about argument POS,
   OBJ, which should have been WHAT.  */
static void
list_argument_error (SCM who, int pos, SCM obj, const char *what)
{
  /* WHO's name is made only for the error: map calls its check every
     time.  */
  scm_wrong_type_arg_msg (scm_i_to_utf8_stringn (scm_symbol_to_string (who),
                                                 NULL),
                          pos, obj, what);
}

/* The longest list whose map builds its result by recursion (boot.scm,
   %map1): past it, the iterative %map1-long.  */
#define MAP_DEEP 10000
/* The VM's CHECK_LIST answers #t for the lists scm_i_list_length_short
   walks whole without calling %check-list.  */
_Static_assert (LIST_WALK_NO_CYCLE_CHECK <= MAP_DEEP,
                "CHECK_LIST's short lists are map's short lists");

SCM_DEFINE_STATIC (check_list, "%check-list", 2, 0, 0,
                   (SCM who, SCM list),
                   "For the prelude's @code{map} and @code{for-each} of one "
                   "list: raise a wrong-type error naming @var{who} about "
                   "its argument 2 unless @var{list} is a proper list; "
                   "return whether it has fewer than 10,000 elements.")
{
  /* map's choice between its two loops made here: a compare of the
     length in Scheme took three more instructions at every call.  */
  long n = scm_c_list_length (list);
  if (n < 0)
    list_argument_error (who, 2, list, "proper list");
  return scm_from_bool (n < MAP_DEEP);
}

SCM_DEFINE_STATIC (check_lists, "%check-lists", 3, 0, 0,
                   (SCM who, SCM pos, SCM lists),
                   "For the prelude's @code{map} and @code{for-each}: raise "
                   "a wrong-type error naming @var{who} unless the lists "
                   "@var{lists} (arguments from position @var{pos}) end: one "
                   "list must be proper, several must not all be circular.")
{
  int first = scm_to_int (pos);
  if (scm_is_pair (lists) && scm_is_null (SCM_CDR (lists)))
    {
      if (scm_c_list_length (SCM_CAR (lists)) < 0)
        list_argument_error (who, first, SCM_CAR (lists), "proper list");
      return SCM_UNSPECIFIED;
    }
  /* Several: map and for-each stop at the shortest, so a dotted or a
     proper list ends them; only all circular ones would not.  */
  for (SCM l = lists; scm_is_pair (l); l = SCM_CDR (l))
    if (!circular_p (SCM_CAR (l)))
      return SCM_UNSPECIFIED;
  list_argument_error (who, first, SCM_CAR (lists),
                       "a finite list among the lists");
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_list, "list", 0, 0, 1, (SCM objs),
            "Return a new list of the arguments @var{objs}.")
{
  return objs;
}

SCM_DEFINE (scm_make_list, "make-list", 1, 1, 0, (SCM k, SCM fill),
            "Return a new list of @var{k} elements, each @var{fill}.")
{
  size_t n = scm_i_index_arg (k, 1, "make-list");
  scm_i_check_total_size (n, 2 * sizeof (scm_t_bits), "make-list");
  SCM x = SCM_UNBNDP (fill) ? SCM_UNSPECIFIED : fill, result = SCM_EOL;
  size_t turns = 0;
  while (n-- > 0)
    {
      SCM_I_POLL_EVERY (turns);
      result = scm_cons (x, result);
    }
  return result;
}

SCM_DEFINE (scm_length, "length", 1, 0, 0, (SCM list),
            "Return the number of elements of proper list @var{list}.")
{
  return SCM_MAKE_FIXNUM (list_arg (list, 1, "length"));
}

SCM_DEFINE (scm_append, "append", 0, 0, 1, (SCM lists),
            "Return a list of the elements of all @var{lists}; the last\n"
            "argument is shared, not copied, and may be any object.")
{
  SCM result = SCM_EOL, *tail = &result;
  int pos = 1;
  for (; scm_is_pair (lists); lists = SCM_CDR (lists), pos++)
    {
      SCM l = SCM_CAR (lists);
      if (scm_is_null (SCM_CDR (lists)))
        {
          *tail = l;
          break;
        }
      list_arg (l, pos, "append");
      for (size_t turns = 0; scm_is_pair (l); l = SCM_CDR (l))
        {
          SCM_I_POLL_EVERY (turns);
          *tail = scm_cons (SCM_CAR (l), SCM_EOL);
          tail = (SCM *) (SCM_UNPACK_POINTER (*tail) + 1);
        }
    }
  return result;
}

SCM_DEFINE_STATIC (append_2, "%append2", 2, 0, 0, (SCM list, SCM tail),
                   "Return @code{(append @var{list} @var{tail})}: what the "
                   "VM calls for @code{append} with two arguments, with no "
                   "rest list to build (vm.c, SUBR_CALL).")
{
  if (scm_is_null (list))
    return tail;
  list_arg (list, 1, "append");
  SCM result, *dst = &result;
  for (size_t turns = 0; scm_is_pair (list); list = SCM_CDR (list))
    {
      SCM_I_POLL_EVERY (turns);
      /* The VM's free list: a third of append_2's instructions were
         GC_malloc_kind's (nqueens, browse).  */
      SCM cell = scm_i_vm_cons (SCM_CAR (list), SCM_EOL);
      *dst = cell;
      dst = (SCM *) (SCM_UNPACK_POINTER (cell) + 1);
    }
  *dst = tail;
  return result;
}

SCM_DEFINE (scm_reverse, "reverse", 1, 0, 0, (SCM list),
            "Return a new list of the elements of @var{list} in reverse\n"
            "order.")
{
  SCM result = SCM_EOL;
  list_arg (list, 1, "reverse");
  for (size_t turns = 0; scm_is_pair (list); list = SCM_CDR (list))
    {
      SCM_I_POLL_EVERY (turns);
      result = scm_cons (SCM_CAR (list), result);
    }
  return result;
}

SCM_DEFINE (scm_reverse_x, "reverse!", 1, 1, 0, (SCM list, SCM newtail),
            "Reverse @var{list} in place, reusing its pairs, and return it; "
            "its last pair's cdr becomes @var{newtail} (the empty list by "
            "default), as in Guile.")
{
  SCM tail = SCM_UNBNDP (newtail) ? SCM_EOL : newtail;
  SCM result = tail;
  /* The pairs of one 4 KiB region are of one libgc kind, as the VM's
     set-car! assumes (engine.c, PAIR_BLOCK): once a pair is known
     mutable, the others of its region need no look-up (map's lists
     are mostly consecutive pairs).  The pair keeps its block alive.  */
  uintptr_t mutable_block = 0;
  list_arg (list, 1, "reverse!");
  while (scm_is_pair (list))
    {
      uintptr_t block = (uintptr_t) SCM_UNPACK (list) & ~(uintptr_t) 4095;
      /* A pair of a literal constant: the pairs already relinked are
         put back as they were, then the error (one pass, not a check
         of every pair before the first is changed).  */
      if (block != mutable_block
          && SCM_UNLIKELY (scm_i_is_immutable_pair (list)))
        {
          while (!scm_is_eq (result, tail))
            {
              SCM next = SCM_CDR (result);
              SCM_SETCDR (result, list);
              list = result;
              result = next;
            }
          scm_i_refuse_literal (list, "reverse!");
        }
      mutable_block = block;
      SCM next = SCM_CDR (list);
      SCM_SETCDR (list, result);
      result = list;
      list = next;
    }
  return result;
}

/* Raise the error of WHO for a LIST (argument 1) that ends, in END,
   before index K (argument 2): out of range if LIST is a proper list
   too short, else wrong type.  */
static void SCM_NORETURN
list_too_short (SCM list, SCM end, SCM k, const char *who)
{
  if (scm_is_null (end))
    scm_i_out_of_range (who, 2, k);
  scm_wrong_type_arg_msg (who, 1, list, "list");
}

/* LIST without its first K elements, K argument 2 of WHO.  */
static SCM
drop (SCM list, SCM k, const char *who)
{
  size_t n = scm_i_index_arg (k, 2, who);
  SCM tail = list;
  for (; n > 0; n--)
    {
      if (!scm_is_pair (tail))
        list_too_short (list, tail, k, who);
      tail = SCM_CDR (tail);
      /* A circular list and a huge K would go on for ages: let Ctrl-C
         stop it.  */
      if (SCM_UNLIKELY ((n & 0xfffff) == 0))
        scm_i_poll_interrupt ();
    }
  return tail;
}

/* The pair of LIST that holds element K, for WHO.  */
static SCM
nth_pair (SCM list, SCM k, const char *who)
{
  SCM tail = drop (list, k, who);
  if (!scm_is_pair (tail))
    list_too_short (list, tail, k, who);
  return tail;
}

SCM_DEFINE (scm_list_tail, "list-tail", 2, 0, 0, (SCM list, SCM k),
            "Return @var{list} without its first @var{k} elements.")
{
  return drop (list, k, "list-tail");
}

SCM_DEFINE (scm_list_ref, "list-ref", 2, 0, 0, (SCM list, SCM k),
            "Return element @var{k} (from 0) of @var{list}.")
{
  return SCM_CAR (nth_pair (list, k, "list-ref"));
}

SCM_DEFINE (scm_list_set_x, "list-set!", 3, 0, 0,
            (SCM list, SCM k, SCM obj),
            "Store @var{obj} as element @var{k} (from 0) of @var{list}.")
{
  SCM pair = nth_pair (list, k, "list-set!");
  scm_i_mutable_pair_arg (pair, 1, "list-set!");
  SCM_SETCAR (pair, obj);
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_list_copy, "list-copy", 1, 0, 0, (SCM list),
            "Return a copy of the pairs of @var{list}; an improper tail is\n"
            "kept.")
{
  SCM result = SCM_EOL, *tail = &result;
  SCM slow = list;
  size_t turns = 0;
  for (int step = 0; scm_is_pair (list); list = SCM_CDR (list), step++)
    {
      SCM_I_POLL_EVERY (turns);
      *tail = scm_cons (SCM_CAR (list), SCM_EOL);
      tail = (SCM *) (SCM_UNPACK_POINTER (*tail) + 1);
      if (step & 1)
        {
          slow = SCM_CDR (slow);
          SCM_ASSERT_TYPE (!scm_is_eq (slow, SCM_CDR (list)), list, 1,
                           "list-copy", "finite list");
        }
    }
  *tail = list;
  return result;
}

/* One step of a search along a list that must be proper: *LIST to its
   cdr, the N-th step; every other step *SLOW follows (Floyd, as in
   scm_c_list_length).  Nonzero if the two meet: the list is circular.
   The search and the check are one walk, not a length first: a search
   that finds its element early no longer walks the whole list.  */
static inline int
search_step (SCM *list, SCM *slow, size_t n)
{
  *list = SCM_CDR (*list);
  if ((n & 1) == 0)
    {
      *slow = SCM_CDR (*slow);
      if (scm_is_eq (*slow, *list))
        return 1;
      if (SCM_UNLIKELY ((n & 0x1ffff) == 0))
        scm_i_poll_steps ();
    }
  return 0;
}

/* The elements a search looks at before it checks for a cycle: a
   cycle among them is walked round until the count runs out, and the
   check that follows, started inside the cycle, finds it.  Few enough
   that the walk needs no poll for interrupts.  */
#define SEARCH_UNCHECKED 256

/* The unchecked walk of member_by and assoc_by: STEP four times a
   turn, so that the count is tested once a turn.  */
#define UNCHECKED_TURNS(STEP)						\
  for (int k = 0; k < SEARCH_UNCHECKED / 4; k++)			\
    {									\
      STEP;								\
      STEP;								\
      STEP;								\
      STEP;								\
    }

/* The first tail of LIST whose car is X by EQUAL, or #f; a wrong-type
   error naming WHOLE if the search reaches an end that is not the
   empty list, or goes round a cycle.  LIST is WHOLE, or a tail of it
   whose earlier elements are known to be pairs without X (the VM's
   short walk stopped there).  Inlined into each caller, so that
   memq's and assq's compare is one instruction, not a call through a
   pointer per element.  */
static inline __attribute__ ((always_inline)) SCM
member_by (SCM x, SCM whole, SCM list, int (*equal) (SCM, SCM),
           const char *who)
{
  /* Four pairs a turn: the count once a turn.  */
#define MEMBER_STEP							\
  if (!scm_is_pair (list))						\
    goto end;								\
  if (equal (x, SCM_CAR (list)))					\
    return list;							\
  list = SCM_CDR (list)
  UNCHECKED_TURNS (MEMBER_STEP);
#undef MEMBER_STEP
  SCM slow = list;
  for (size_t n = 1; scm_is_pair (list); n++)
    {
      if (equal (x, SCM_CAR (list)))
        return list;
      if (search_step (&list, &slow, n))
        break;
    }
 end:
  SCM_ASSERT_TYPE (scm_is_null (list), whole, 2, who, "proper list");
  return SCM_BOOL_F;
}

/* The first pair of ALIST whose car is X by EQUAL, or #f (inlined
   like member_by, the same errors, naming WHOLE, of which ALIST is a
   tail).  */
static inline __attribute__ ((always_inline)) SCM
assoc_by (SCM x, SCM whole, SCM alist, int (*equal) (SCM, SCM),
          const char *who)
{
  /* Four pairs a turn, as member_by.  */
#define ASSOC_STEP							\
  if (!scm_is_pair (alist))						\
    goto end;								\
  {									\
    SCM entry = SCM_CAR (alist);					\
    SCM_ASSERT_TYPE (scm_is_pair (entry), alist, 2, who,		\
                     "association list");				\
    if (equal (x, SCM_CAR (entry)))					\
      return entry;							\
  }									\
  alist = SCM_CDR (alist)
  UNCHECKED_TURNS (ASSOC_STEP);
#undef ASSOC_STEP
  SCM slow = alist;
  for (size_t n = 1; scm_is_pair (alist); n++)
    {
      SCM entry = SCM_CAR (alist);
      SCM_ASSERT_TYPE (scm_is_pair (entry), alist, 2, who,
                       "association list");
      if (equal (x, SCM_CAR (entry)))
        return entry;
      if (search_step (&alist, &slow, n))
        break;
    }
 end:
  SCM_ASSERT_TYPE (scm_is_null (alist), whole, 2, who, "proper list");
  return SCM_BOOL_F;
}

SCM_DEFINE (scm_memq, "memq", 2, 0, 0, (SCM x, SCM list),
            "Return the first tail of @var{list} whose car is @code{eq?} to\n"
            "@var{x}, or @code{#f}.")
{
  return member_by (x, list, list, scm_is_eq, "memq");
}

/* Whether eqv? with X is eq?: X is no number kept on the heap (a
   flonum outside the immediate range, a bignum, ratnum or complex).
   Such an X is eqv? to nothing but itself (scm_is_eqv), so memv and
   assv of a character, a symbol or a fixnum search as memq does.  */
static inline int
eqv_is_eq (SCM x)
{
  return !SCM_HEAP_OBJECT_P (x) || !scm_is_number (x);
}

/* Whether equal? with X is eq?: X is an immediate (a character, a
   fixnum, a boolean, '(), an immediate flonum) or a symbol, which
   equal? compares by identity.  */
static inline int
equal_is_eq (SCM x)
{
  return !SCM_HEAP_OBJECT_P (x) || scm_is_symbol (x);
}

SCM
scm_i_memq_from (SCM x, SCM list, SCM from)
{
  return member_by (x, list, from, scm_is_eq, "memq");
}

SCM
scm_i_assq_from (SCM x, SCM alist, SCM from)
{
  return assoc_by (x, alist, from, scm_is_eq, "assq");
}

SCM_DEFINE (scm_memv, "memv", 2, 0, 0, (SCM x, SCM list),
            "Return the first tail of @var{list} whose car is @code{eqv?}\n"
            "to @var{x}, or @code{#f}.")
{
  if (eqv_is_eq (x))
    return member_by (x, list, list, scm_is_eq, "memv");
  return member_by (x, list, list, scm_is_eqv, "memv");
}

SCM_DEFINE (scm_member, "member", 2, 0, 0, (SCM x, SCM list),
            "Return the first tail of @var{list} whose car is\n"
            "@code{equal?} to @var{x}, or @code{#f}.")
{
  if (equal_is_eq (x))
    return member_by (x, list, list, scm_is_eq, "member");
  return member_by (x, list, list, scm_is_equal, "member");
}

SCM_DEFINE (scm_assq, "assq", 2, 0, 0, (SCM x, SCM alist),
            "Return the first pair of @var{alist} whose car is @code{eq?}\n"
            "to @var{x}, or @code{#f}.")
{
  return assoc_by (x, alist, alist, scm_is_eq, "assq");
}

SCM_DEFINE (scm_assv, "assv", 2, 0, 0, (SCM x, SCM alist),
            "Return the first pair of @var{alist} whose car is @code{eqv?}\n"
            "to @var{x}, or @code{#f}.")
{
  if (eqv_is_eq (x))
    return assoc_by (x, alist, alist, scm_is_eq, "assv");
  return assoc_by (x, alist, alist, scm_is_eqv, "assv");
}

SCM_DEFINE (scm_assoc, "assoc", 2, 0, 0, (SCM x, SCM alist),
            "Return the first pair of @var{alist} whose car is\n"
            "@code{equal?} to @var{x}, or @code{#f}.")
{
  if (equal_is_eq (x))
    return assoc_by (x, alist, alist, scm_is_eq, "assoc");
  return assoc_by (x, alist, alist, scm_is_equal, "assoc");
}

void
scm_init_lists (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "values/lists.x"
#endif
  scm_i_add_subr_fixed_entry ((scm_t_subr) scm_append, 2,
                              SCM_I_SNARFED_SUBR (append_2, "%append2"));
}
