/* subrs-internal.h -- calling primitives from the VM: argument checks,
   rest lists and the direct entries (subrs.c, lists.c)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_SUBRS_INTERNAL_H
#define SCM_SUBRS_INTERNAL_H

#include "runtime/scm-internal.h"

/* Call subr PROC with the N arguments at ARGS, checking the count
   (subrs.c).  */
SCM_INTERNAL SCM scm_i_subr_call (SCM proc, const SCM *args, size_t n);
/* A new list of the N values at ARGS, its pairs from the calling
   thread's VM's free list (no call of libgc per pair): rest lists.  */
SCM_INTERNAL SCM scm_i_rest_list (const SCM *args, size_t n);
/* An object of WORDS words (2 to 2 * SCM_I_FL_NORMAL), zero past its
   first word, which the caller sets: from the calling thread's VM's
   free lists, as the VM allocates, where scm_i_alloc costs a call of
   libgc's GC_malloc_kind and its thread-local look-up (about 50
   instructions); from the GC if the thread has no VM (vm-stack.c).
   For primitives whose results are small and many (append's pairs,
   symbol->string's strings).  May collect.  */
SCM_INTERNAL scm_t_bits *scm_i_vm_alloc (size_t words);
/* (cons CAR CDR) from scm_i_vm_alloc: the pairs of primitives that
   build many (append).  */
static inline SCM
scm_i_vm_cons (SCM car, SCM cdr)
{
  scm_t_bits *p = scm_i_vm_alloc (2);
  p[0] = SCM_UNPACK (car);
  p[1] = SCM_UNPACK (cdr);
  return SCM_PACK_POINTER (p);
}
/* The subr whose C function a call of SUBR with N arguments may call
   directly (SUBR_CALL), or #f (subrs.c); *REST says whether that
   function takes a rest list after the N, to be passed '().  */
SCM_INTERNAL SCM scm_i_subr_direct (SCM subr, size_t n, int *rest);
/* A fixed-arity entry for a call of SUBR (which takes optional
   arguments or a rest list) with N arguments, or #f.  */
SCM_INTERNAL SCM scm_i_subr_fixed_entry (SCM subr, size_t n);
/* At init: the subr ENTRY is the fixed-arity entry for N arguments of
   the subrs whose C function is FN (lists.c: append with two;
   strings.c, numbers.c, number-syntax.c).  */
SCM_INTERNAL void scm_i_add_subr_fixed_entry (scm_t_subr fn, size_t n,
                                              SCM entry);
/* (memq X LIST) and (assq X ALIST) going on from FROM, a tail of the
   list whose earlier elements the VM's short walk found to be pairs
   (of pairs) without X: the primitives' search and errors, which name
   the whole list, from there (lists.c).  May raise and poll.  */
SCM_INTERNAL SCM scm_i_memq_from (SCM x, SCM list, SCM from);
SCM_INTERNAL SCM scm_i_assq_from (SCM x, SCM alist, SCM from);
/* The length of LIST if it is a proper list of fewer than 1024 pairs,
   -1 if it ends otherwise before; -2 at them (a longer list or a
   circular one), *REST the pairs left: the walk of scm_c_list_length
   with no cycle check, a leaf that neither polls nor raises (the VM's
   LENGTH calls it with its registers live).  Then
   scm_i_list_length_from (LIST, *REST) goes on as scm_c_list_length
   does, with the check and the polls: the length, or -1.  */
SCM_INTERNAL long scm_i_list_length_short (SCM list, SCM *rest);
SCM_INTERNAL long scm_i_list_length_from (SCM list, SCM rest);
/* The subr that SCM_DEFINE (FNAME, PRIMNAME, ...) made, for the init
   function of FNAME's file: its static object when subrs are static
   (no look-up by name at each start), else the one PRIMNAME is bound
   to in the current module.  */
#if SCM_STATIC_ALLOC
# define SCM_I_SNARFED_SUBR(fname, primname)                    \
  SCM_PACK_POINTER (&SCM_SNARF_PASTE (fname, _scm_subr))
#else
# define SCM_I_SNARFED_SUBR(fname, primname)                    \
  SCM_CELL_OBJECT (scm_c_lookup (primname), 1)
#endif
#endif /* SCM_SUBRS_INTERNAL_H */
