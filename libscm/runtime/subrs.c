/* subrs.c -- primitives implemented in C: making, binding, calling
   SPDX-License-Identifier: LGPL-3.0-or-later

   A subr is three words: header (arity in the payload: required in bits
   0-7, optional in 8-15, rest flag in 16), the C function, and the name
   (a symbol).  Snarfed subrs are static (snarf.h); scm_c_define_gsubr
   makes the same object on the heap.  */

#include "runtime/scm-internal.h"
#include "modules/modules-internal.h"
#include "image/image-internal.h"
#include "values/strings-internal.h"
#include "runtime/init-internal.h"
#include "vm/vm-internal.h"

#include <stdio.h>
#include <string.h>
#include <libscm/eval.h>
#include <libscm/strings.h>

#include <libscm/conditions.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/subrs.h>
#include <libscm/symbols.h>

static inline unsigned subr_req (SCM s) { return SCM_OBJ_PAYLOAD (s) & 0xff; }
static inline unsigned subr_opt (SCM s) { return (SCM_OBJ_PAYLOAD (s) >> 8) & 0xff; }
static inline unsigned subr_rest (SCM s) { return (SCM_OBJ_PAYLOAD (s) >> 16) & 1; }
/* A C closure (scm_c_make_closure) has bit 17 of the arity set and a
   fourth word, its data, which its function takes first.  */
#define SUBR_CLOSURE_BIT (1u << 17)
static inline unsigned subr_closure (SCM s)
{
  return (SCM_OBJ_PAYLOAD (s) & SUBR_CLOSURE_BIT) != 0;
}
/* Nonzero if S takes exactly its required arguments, as they are: no
   optional ones, no rest list, no data (one test of the arity).  */
static inline int subr_plain (SCM s) { return (SCM_OBJ_PAYLOAD (s) >> 8) == 0; }
/* Required arguments and a rest list, no optional ones.  */
static inline int
subr_rest_only (SCM s)
{
  return (SCM_OBJ_PAYLOAD (s) >> 8) == (1u << 8);
}

static SCM
make_subr (SCM name, int req, int opt, int rest, scm_t_subr fn)
{
  if (req < 0 || opt < 0 || req + opt + !!rest > SCM_SUBR_MAX_ARGS)
    scm_c_raise_errorf ("out-of-range", "scm_c_define_gsubr",
                        "a subr takes at most %d arguments",
                        SCM_SUBR_MAX_ARGS);
  SCM subr = scm_i_make_object (SCM_SUBR_HEADER (req, opt, rest), 3);
  SCM_SET_CELL_WORD (subr, 1, (scm_t_bits) fn);
  SCM_SET_CELL_OBJECT (subr, 2, name);
  return subr;
}

SCM
scm_c_make_gsubr (const char *name, int req, int opt, int rest, scm_t_subr fn)
{
  return make_subr (scm_from_utf8_symbol (name), req, opt, rest, fn);
}

SCM
scm_c_make_closure (const char *name, int req, int opt, int rest,
                    scm_t_subr_closure fn, void *data)
{
  /* The data takes one of the C arguments.  */
  if (req < 0 || opt < 0 || req + opt + !!rest > SCM_SUBR_MAX_ARGS - 1)
    scm_c_raise_errorf ("out-of-range", "scm_c_make_closure",
                        "a C closure takes at most %d arguments",
                        SCM_SUBR_MAX_ARGS - 1);
  SCM sym = scm_from_utf8_symbol (name);
  SCM subr = scm_i_make_object (SCM_SUBR_HEADER (req, opt, rest)
                                | ((scm_t_bits) SUBR_CLOSURE_BIT << 16), 4);
  SCM_SET_CELL_WORD (subr, 1, (scm_t_bits) fn);
  SCM_SET_CELL_OBJECT (subr, 2, sym);
  SCM_SET_CELL_WORD (subr, 3, (scm_t_bits) data);
  return subr;
}

void *
scm_c_closure_data (SCM proc)
{
  SCM_ASSERT_TYPE (scm_is_subr (proc) && subr_closure (proc), proc, 1,
                   "scm_c_closure_data", "C closure");
  return (void *) SCM_CELL_WORD (proc, 3);
}

SCM
scm_c_define_gsubr (const char *name, int req, int opt, int rest,
                    scm_t_subr fn)
{
  SCM sym = scm_from_utf8_symbol (name);
  SCM subr = make_subr (sym, req, opt, rest, fn);
  scm_define (sym, subr);
  return subr;
}

void
scm_snarf_define_subr (SCM subr)
{
  /* The library's own subrs, at init, with the precompiled prelude:
     the core module's table (the image's) binds them all already.  */
  SCM m = scm_i_current_module ();
  if (scm_is_eq (m, scm_i_core_module ()) && scm_i_prelude_image_in_use ()
      && !(scm_i_module_flags (m) & SCM_I_MODULE_IMMUTABLE))
    return;
  scm_define (scm_snarf_intern_symbol (SCM_CELL_OBJECT (subr, 2)), subr);
}

SCM
scm_subr_name (SCM subr)
{
  SCM_ASSERT_TYPE (scm_is_subr (subr), subr, 1, "subr-name", "primitive");
  /* A static subr's own name symbol may have lost to an equal one
     interned earlier; give the interned one.  */
  return scm_snarf_intern_symbol (SCM_CELL_OBJECT (subr, 2));
}

SCM_DEFINE (scm_procedure_p, "procedure?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a procedure.")
{
  return scm_from_bool (scm_is_subr (obj) || scm_i_is_closure (obj)
                        || scm_i_is_continuation (obj));
}

SCM_DEFINE (scm_procedure_name, "procedure-name", 1, 0, 0, (SCM proc),
            "Return the name of procedure @var{proc}, a symbol, or @code{#f} "
            "if it has none (an anonymous @code{lambda}).")
{
  SCM_ASSERT_TYPE (scm_is_true (scm_procedure_p (proc)), proc, 1,
                   "procedure-name", "procedure");
  if (scm_is_subr (proc))
    return scm_subr_name (proc);
  if (scm_i_is_closure (proc))
    {
      SCM name = scm_i_closure_name (proc);
      return scm_is_symbol (name) ? name : SCM_BOOL_F;
    }
  return SCM_BOOL_F;
}

SCM_DEFINE (scm_procedure_minimum_arity, "procedure-minimum-arity", 1, 0, 0,
            (SCM proc),
            "Return the arity of procedure @var{proc} as Guile does: a list "
            "@code{(@var{required} @var{optional} @var{rest?})}, or "
            "@code{#f} when it has several (a @code{case-lambda}) or is "
            "not known (a continuation).")
{
  SCM_ASSERT_TYPE (scm_is_true (scm_procedure_p (proc)), proc, 1,
                   "procedure-minimum-arity", "procedure");
  if (scm_is_subr (proc))
    return scm_list_3 (scm_from_uint (subr_req (proc)),
                       scm_from_uint (subr_opt (proc)),
                       scm_from_bool (subr_rest (proc)));
  if (!scm_i_is_closure (proc))
    return SCM_BOOL_F;
  scm_t_bits a = SCM_CELL_WORD (SCM_I_CLOSURE_CODE (proc), SCM_I_CODE_ARITY);
  if (a & SCM_I_ARITY_DISPATCH)
    return SCM_BOOL_F;
  return scm_list_3 (scm_from_size_t (SCM_I_ARITY_REQ (a)), scm_from_int (0),
                     scm_from_bool (a & SCM_I_ARITY_REST));
}

/* ------------------------------------------------------------------ */
/* Calling.  The VM calls a subr with the arguments on its stack
   (scm_i_subr_call); C code calls any procedure through scm_call_n
   (vm.c), which comes here for subrs.  */

typedef SCM (*subr0) (void);
typedef SCM (*subr1) (SCM);
typedef SCM (*subr2) (SCM, SCM);
typedef SCM (*subr3) (SCM, SCM, SCM);
typedef SCM (*subr4) (SCM, SCM, SCM, SCM);
typedef SCM (*subr5) (SCM, SCM, SCM, SCM, SCM);
typedef SCM (*subr6) (SCM, SCM, SCM, SCM, SCM, SCM);
typedef SCM (*subr7) (SCM, SCM, SCM, SCM, SCM, SCM, SCM);
typedef SCM (*subr8) (SCM, SCM, SCM, SCM, SCM, SCM, SCM, SCM);
typedef SCM (*subr9) (SCM, SCM, SCM, SCM, SCM, SCM, SCM, SCM, SCM);
typedef SCM (*subr10) (SCM, SCM, SCM, SCM, SCM, SCM, SCM, SCM, SCM, SCM);

/* FN called with the N arguments in A.  Always inlined: it is also
   scm_i_subr_call's fast path, a subr called as a value with exactly
   its required arguments.  */
static inline __attribute__ ((always_inline)) SCM
call_with_array (scm_t_subr fn, unsigned n, const SCM *a)
{
  switch (n)
    {
    case 0: return ((subr0) fn) ();
    case 1: return ((subr1) fn) (a[0]);
    case 2: return ((subr2) fn) (a[0], a[1]);
    case 3: return ((subr3) fn) (a[0], a[1], a[2]);
    case 4: return ((subr4) fn) (a[0], a[1], a[2], a[3]);
    case 5: return ((subr5) fn) (a[0], a[1], a[2], a[3], a[4]);
    case 6: return ((subr6) fn) (a[0], a[1], a[2], a[3], a[4], a[5]);
    case 7: return ((subr7) fn) (a[0], a[1], a[2], a[3], a[4], a[5], a[6]);
    case 8: return ((subr8) fn) (a[0], a[1], a[2], a[3], a[4], a[5], a[6],
                                 a[7]);
    case 9: return ((subr9) fn) (a[0], a[1], a[2], a[3], a[4], a[5], a[6],
                                 a[7], a[8]);
    default: return ((subr10) fn) (a[0], a[1], a[2], a[3], a[4], a[5], a[6],
                                   a[7], a[8], a[9]);
    }
}

/* Call PROC with the N arguments in A, which has room for one more:
   a C closure's data goes first.  */
static SCM
call_filled (SCM proc, unsigned n, SCM *a)
{
  scm_t_subr fn = (scm_t_subr) SCM_CELL_WORD (proc, 1);
  if (!subr_closure (proc))
    return call_with_array (fn, n, a);
  memmove (a + 1, a, n * sizeof (SCM));
  a[0] = SCM_PACK (SCM_CELL_WORD (proc, 3));
  return call_with_array (fn, n + 1, a);
}

/* Call FN, a subr's C function that takes TOTAL arguments (1 to 4):
   the first of the N at ARGS up to WIDTH (its required and optional
   ones), SCM_UNDEFINED for each optional one not given, then REST for
   its rest list when TOTAL is WIDTH + 1.  No array filled and copied.
   Not inlined: scm_i_subr_call's other paths keep their short
   prologue, and this one is a tail call.  */
static SCM __attribute__ ((noinline))
call_padded (scm_t_subr fn, const SCM *args, size_t n, unsigned width,
             unsigned total, SCM rest)
{
#define PADDED(k) \
  ((k) >= width ? rest : (k) < n ? args[k] : SCM_UNDEFINED)
  switch (total)
    {
    case 1: return ((subr1) fn) (PADDED (0));
    case 2: return ((subr2) fn) (PADDED (0), PADDED (1));
    case 3: return ((subr3) fn) (PADDED (0), PADDED (1), PADDED (2));
    default:
      return ((subr4) fn) (PADDED (0), PADDED (1), PADDED (2), PADDED (3));
    }
#undef PADDED
}

static void SCM_NORETURN
subr_arity_error (SCM proc, size_t given)
{
  unsigned req = subr_req (proc), opt = subr_opt (proc);
  char expected[64];
  if (subr_rest (proc))
    snprintf (expected, sizeof expected, "at least %u", req);
  else if (opt > 0)
    snprintf (expected, sizeof expected, "%u to %u", req, req + opt);
  else
    snprintf (expected, sizeof expected, "%u", req);
  SCM name = scm_symbol_to_string (scm_subr_name (proc));
  scm_c_raise_errorf ("wrong-number-of-args", scm_i_to_utf8_stringn (name, NULL),
                      "wrong number of arguments (expected %s, given %zu)",
                      expected, given);
}

/* The fixed-arity entries of subrs that take optional arguments or a
   rest list (append, string-append, max and min of two; number->string
   of one): each a subr of its own whose C function does what the
   subr does for that argument count, with no rest list and no padding
   of the optional ones.  Registered at init by the files that define
   them, before any program runs (the table is read with no lock):
   the subr by its C function, the entry by its object (see
   SCM_I_SNARFED_SUBR; the entries' names start with %: private).  */
#define FIXED_ENTRIES_MAX 16
struct fixed_entry
{
  scm_t_subr fn;
  size_t n;
  SCM entry;
};
/* On the heap, so that libgc scans one pointer of static data for it
   (test-gc's bound on the static data): NULL until the first entry.  */
static struct fixed_entries
{
  size_t count;
  size_t n_max;                 /* the largest N of the table */
  /* Bit fn_bit (FN) set for each FN of the table: most subrs with a
     rest list called as values have no entry (string=? passed as a
     procedure, the r7rs suite's slatex), and a clear bit answers that
     without the search of the table (70 instructions).  */
  uint64_t fn_bits;
  struct fixed_entry e[FIXED_ENTRIES_MAX];
} *fixed;

/* FN's bit in fn_bits (C functions are 16-byte aligned, as a rule:
   their low bits say little).  */
static inline uint64_t
fn_bit (scm_t_subr fn)
{
  return (uint64_t) 1 << (((uintptr_t) fn >> 4) & 63);
}

void
scm_i_add_subr_fixed_entry (scm_t_subr fn, size_t n, SCM entry)
{
  if (fixed == NULL)
    fixed = scm_i_alloc (sizeof *fixed);
  if (fixed->count == FIXED_ENTRIES_MAX)
    scm_c_raise_errorf ("out-of-range", "scm_i_add_subr_fixed_entry",
                        "more than %d fixed-arity entries",
                        FIXED_ENTRIES_MAX);
  struct fixed_entry *e = &fixed->e[fixed->count++];
  e->fn = fn;
  e->n = n;
  e->entry = entry;
  fixed->fn_bits |= fn_bit (fn);
  if (n > fixed->n_max)
    fixed->n_max = n;
}

SCM
scm_i_subr_fixed_entry (SCM subr, size_t n)
{
  if (fixed == NULL || subr_closure (subr))
    return SCM_BOOL_F;
  scm_t_subr fn = (scm_t_subr) SCM_CELL_WORD (subr, 1);
  if (!(fixed->fn_bits & fn_bit (fn)))
    return SCM_BOOL_F;
  for (size_t i = 0; i < fixed->count; i++)
    {
      struct fixed_entry *e = &fixed->e[i];
      if (e->fn == fn && e->n == n)
        return e->entry;
    }
  return SCM_BOOL_F;
}

/* The rest of scm_i_subr_call: fixed-arity entries, rest lists made,
   C closures, wrong counts.  Out of line, so that the common calls
   above need no frame for its array.  */
static SCM __attribute__ ((noinline))
subr_call_general (SCM proc, const SCM *args, size_t n)
{
  unsigned req = subr_req (proc), opt = subr_opt (proc);
  /* A subr with a rest list and a fixed-arity entry for N, called as
     a value ((foldr append '() lists), the r7rs suite's mazefun): the
     entry, with no rest list.  The count is compared first, so that
     other calls do not search the table.  */
  if (fixed != NULL && n <= fixed->n_max && subr_rest (proc))
    {
      SCM entry = scm_i_subr_fixed_entry (proc, n);
      if (scm_is_true (entry))
        return scm_i_subr_call (entry, args, n);
    }
  if (n < req || (!subr_rest (proc) && n > req + opt))
    subr_arity_error (proc, n);
  /* More arguments than the required and optional ones of a subr of
     at most four parameters ((append a b c d), the r7rs suite's
     mazefun): the rest list made, then the C function called.  */
  if (req + opt < 4 && subr_rest (proc) && !subr_closure (proc))
    return call_padded ((scm_t_subr) SCM_CELL_WORD (proc, 1), args, n,
                        req + opt, req + opt + 1,
                        scm_i_rest_list (args + req + opt, n - req - opt));
  SCM a[SCM_SUBR_MAX_ARGS];
  size_t i = 0;
  for (; i < req + opt && i < n; i++)
    a[i] = args[i];
  for (; i < req + opt; i++)
    a[i] = SCM_UNDEFINED;
  if (subr_rest (proc))
    a[i++] = n > req + opt ? scm_i_rest_list (args + req + opt,
                                              n - req - opt)
                           : SCM_EOL;
  return call_filled (proc, i, a);
}

SCM
scm_i_subr_call (SCM proc, const SCM *args, size_t n)
{
  unsigned req = subr_req (proc), opt = subr_opt (proc);
  scm_t_subr fn = (scm_t_subr) SCM_CELL_WORD (proc, 1);
  if (SCM_LIKELY (n == req && subr_plain (proc)))
    return call_with_array (fn, (unsigned) n, args);
  /* values of one value passed as a procedure ((vector-map values v),
     the r7rs suite's quicksort): the value itself, with no rest list
     made only for values to take its car.  */
  if (n == 1 && fn == (scm_t_subr) scm_values)
    return args[0];
  /* No more arguments than the required and optional ones, and a
     subr of at most four parameters (reverse! of one list, tail-called
     by map; string<? of two called as a value by an interpreter: the
     r7rs suite's dynamic and scheme): the C function called with the
     missing ones padded, rest list '() included, before the look-up
     of fixed-arity entries (those are for more arguments than these)
     and with no array copied.  */
  unsigned width = req + opt;
  if (n <= width && n >= req && !subr_closure (proc)
      && width + subr_rest (proc) <= 4)
    return call_padded (fn, args, n, width, width + subr_rest (proc),
                        SCM_EOL);
  return subr_call_general (proc, args, n);
}

/* The subr whose C function the VM may call directly for a call of
   SUBR with N arguments (SUBR_CALL, compiled by
   compile/calls.c): a
   fixed-arity entry of its own for a common count (append,
   string-append, max and min of two); else SUBR itself when its
   required and optional arguments are N in all, with a rest list,
   which the VM then passes as '() (char<? and max of one), or without
   ((number->string x radix), (read-char port)); else #f.  A C closure
   takes its data first: never called directly.  */
SCM
scm_i_subr_direct (SCM subr, size_t n, int *rest)
{
  *rest = 0;
  if (!scm_is_subr (subr) || n < 1 || n > 3)
    return SCM_BOOL_F;
  SCM entry = scm_i_subr_fixed_entry (subr, n);
  if (scm_is_true (entry))
    return entry;
  if (subr_closure (subr) || subr_req (subr) + subr_opt (subr) != n)
    return SCM_BOOL_F;
  *rest = subr_rest (subr);
  return subr;
}

SCM
scm_subr_apply (SCM proc, SCM args)
{
  SCM a[SCM_SUBR_MAX_ARGS];
  SCM_ASSERT_TYPE (scm_is_subr (proc), proc, 1, "apply", "procedure");
  unsigned req = subr_req (proc), opt = subr_opt (proc);
  unsigned n = 0;

  for (; n < req + opt && scm_is_pair (args); n++, args = SCM_CDR (args))
    a[n] = SCM_CAR (args);
  if (n < req || (!subr_rest (proc) && !scm_is_null (args)))
    {
      long more = scm_c_list_length (args);
      subr_arity_error (proc, n + (more > 0 ? (size_t) more : 0));
    }
  for (; n < req + opt; n++)
    a[n] = SCM_UNDEFINED;
  if (subr_rest (proc))
    a[n++] = args;
  return call_filled (proc, n, a);
}

SCM scm_call_0 (SCM proc) { return scm_call_n (proc, NULL, 0); }
SCM scm_call_1 (SCM proc, SCM a1) { return scm_call_n (proc, &a1, 1); }
SCM scm_call_2 (SCM proc, SCM a1, SCM a2)
{
  SCM a[2] = { a1, a2 };
  return scm_call_n (proc, a, 2);
}
SCM scm_call_3 (SCM proc, SCM a1, SCM a2, SCM a3)
{
  SCM a[3] = { a1, a2, a3 };
  return scm_call_n (proc, a, 3);
}
SCM scm_call_4 (SCM proc, SCM a1, SCM a2, SCM a3, SCM a4)
{
  SCM a[4] = { a1, a2, a3, a4 };
  return scm_call_n (proc, a, 4);
}
SCM scm_call_5 (SCM proc, SCM a1, SCM a2, SCM a3, SCM a4, SCM a5)
{
  SCM a[5] = { a1, a2, a3, a4, a5 };
  return scm_call_n (proc, a, 5);
}
SCM scm_call_6 (SCM proc, SCM a1, SCM a2, SCM a3, SCM a4, SCM a5, SCM a6)
{
  SCM a[6] = { a1, a2, a3, a4, a5, a6 };
  return scm_call_n (proc, a, 6);
}
SCM scm_call_7 (SCM proc, SCM a1, SCM a2, SCM a3, SCM a4, SCM a5, SCM a6,
                SCM a7)
{
  SCM a[7] = { a1, a2, a3, a4, a5, a6, a7 };
  return scm_call_n (proc, a, 7);
}
SCM scm_call_8 (SCM proc, SCM a1, SCM a2, SCM a3, SCM a4, SCM a5, SCM a6,
                SCM a7, SCM a8)
{
  SCM a[8] = { a1, a2, a3, a4, a5, a6, a7, a8 };
  return scm_call_n (proc, a, 8);
}
SCM scm_call_9 (SCM proc, SCM a1, SCM a2, SCM a3, SCM a4, SCM a5, SCM a6,
                SCM a7, SCM a8, SCM a9)
{
  SCM a[9] = { a1, a2, a3, a4, a5, a6, a7, a8, a9 };
  return scm_call_n (proc, a, 9);
}

/* FIRST's N arguments, then the elements of ARGS: one array.  */
static SCM
apply_with (SCM proc, const SCM *first, size_t n, SCM args)
{
  long more = scm_c_list_length (args);
  if (more < 0)
    scm_wrong_type_arg_msg ("apply", (int) n + 2, args, "proper list");
  SCM *argv = scm_i_alloc ((n + (size_t) more) * sizeof (SCM));
  for (size_t i = 0; i < n; i++)
    argv[i] = first[i];
  for (size_t i = n; scm_is_pair (args); i++, args = SCM_CDR (args))
    argv[i] = SCM_CAR (args);
  return scm_call_n (proc, argv, n + (size_t) more);
}

SCM scm_apply_1 (SCM proc, SCM a1, SCM args)
{
  return apply_with (proc, &a1, 1, args);
}
SCM scm_apply_2 (SCM proc, SCM a1, SCM a2, SCM args)
{
  SCM a[2] = { a1, a2 };
  return apply_with (proc, a, 2, args);
}
SCM scm_apply_3 (SCM proc, SCM a1, SCM a2, SCM a3, SCM args)
{
  SCM a[3] = { a1, a2, a3 };
  return apply_with (proc, a, 3, args);
}

void
scm_init_subrs (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "runtime/subrs.x"
#endif
}
