/* init-internal.h -- the per-file init functions that init.c calls
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_INIT_INTERNAL_H
#define SCM_INIT_INTERNAL_H

#include "runtime/scm-internal.h"

SCM_INTERNAL void scm_init_gc (void);
/* The collector's settings for the program, once start-up is done.  */
SCM_INTERNAL void scm_init_gc_procedures (void);
SCM_INTERNAL void scm_init_symbols (void);
SCM_INTERNAL void scm_init_keywords (void);
SCM_INTERNAL void scm_init_modules (void);
SCM_INTERNAL void scm_init_conditions (void);
SCM_INTERNAL void scm_init_pairs (void);
SCM_INTERNAL void scm_init_lists (void);
SCM_INTERNAL void scm_init_sort (void);
SCM_INTERNAL void scm_init_booleans (void);
SCM_INTERNAL void scm_init_chars (void);
SCM_INTERNAL void scm_init_charsets (void);
SCM_INTERNAL void scm_init_regex_engine (void);
SCM_INTERNAL void scm_init_string_search (void);
SCM_INTERNAL void scm_init_strings (void);
SCM_INTERNAL void scm_init_vectors (void);
SCM_INTERNAL void scm_init_bytevectors (void);
SCM_INTERNAL void scm_init_custom_ports (void);
SCM_INTERNAL void scm_init_numbers (void);
SCM_INTERNAL void scm_init_bitwise (void);
SCM_INTERNAL void scm_init_transcendental (void);
SCM_INTERNAL void scm_init_complex (void);
SCM_INTERNAL void scm_init_number_syntax (void);
SCM_INTERNAL void scm_init_eq (void);
SCM_INTERNAL void scm_init_hashtables (void);
SCM_INTERNAL void scm_init_ports (void);
SCM_INTERNAL void scm_init_binary_ports (void);
SCM_INTERNAL void scm_init_port_positions (void);
SCM_INTERNAL void scm_init_port_lines (void);
SCM_INTERNAL void scm_init_read (void);
SCM_INTERNAL void scm_init_records (void);
SCM_INTERNAL void scm_init_foreign (void);
SCM_INTERNAL void scm_init_finalizers (void);
SCM_INTERNAL void scm_init_weak (void);
SCM_INTERNAL void scm_init_hooks (void);
SCM_INTERNAL void scm_init_limits (void);
SCM_INTERNAL void scm_init_threads (void);
SCM_INTERNAL void scm_init_random (void);
SCM_INTERNAL void scm_init_alist (void);
SCM_INTERNAL void scm_init_flonum (void);
SCM_INTERNAL void scm_init_srcpos (void);
SCM_INTERNAL void scm_init_print (void);
SCM_INTERNAL void scm_init_subrs (void);
SCM_INTERNAL void scm_init_version (void);
SCM_INTERNAL void scm_init_vm (void);
SCM_INTERNAL void scm_init_disassemble (void);
SCM_INTERNAL void scm_init_frames (void);
SCM_INTERNAL void scm_init_profile (void);
SCM_INTERNAL void scm_init_control (void);
SCM_INTERNAL void scm_init_scope (void);
SCM_INTERNAL void scm_init_derived (void);
SCM_INTERNAL void scm_init_expand (void);
SCM_INTERNAL void scm_init_syntax (void);
SCM_INTERNAL void scm_init_macros (void);
SCM_INTERNAL void scm_init_unexpand (void);
SCM_INTERNAL void scm_init_compile (void);
SCM_INTERNAL void scm_init_warnings (void);
SCM_INTERNAL void scm_init_keyword_calls (void);
SCM_INTERNAL void scm_init_eval (void);
SCM_INTERNAL void scm_init_libraries (void);
SCM_INTERNAL void scm_i_init_load_path (void);
/* (srfi-N ...) for the SRFI libraries built into libscm, in order.  */
SCM_INTERNAL SCM scm_i_srfi_features (void);
/* Before a thread libscm did not create registers with libgc (gc.c).  */
SCM_INTERNAL void scm_i_gc_allow_foreign_threads (void);

#endif /* SCM_INIT_INTERNAL_H */
