/* fuzz.h -- what the fuzz targets share with their two drivers
   SPDX-License-Identifier: LGPL-3.0-or-later

   Each target (fuzz-read.c, fuzz-number.c, fuzz-eval.c, fuzz-scheme.c) defines the
   two libFuzzer entry points.  It is linked either with libFuzzer
   (make fuzz: clang, -fsanitize=fuzzer,address,undefined) or with
   replay.c, a plain main that feeds it the committed corpus and past
   crash inputs under make check.  A Scheme error is never a finding:
   the targets catch every one.  What is a finding: a crash, a sanitizer
   report, or a broken oracle, which fuzz_fail reports before aborting
   (so that libFuzzer saves the input and the replay driver dies).  */

#ifndef SCM_FUZZ_H
#define SCM_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <libscm.h>

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Print WHAT and the objects A and B (written) to stderr, then abort:
   an oracle does not hold.  */
void fuzz_fail (const char *what, SCM a, SCM b) __attribute__ ((noreturn));

/* The input bytes as a Scheme string: UTF-8 if they are valid, else
   Latin-1 (so that every byte sequence gives some text).  */
SCM fuzz_string (const uint8_t *data, size_t size);

/* Call BODY (DATA) and return its value, or SCM_UNDEFINED if it raised
   (any Scheme error: a target's inputs are meant to raise often).  */
SCM fuzz_protect (SCM (*body) (void *), void *data);

/* A handler for scm_c_catch_raise: keep what was raised in *(SCM *)
   DATA.  */
SCM fuzz_keep_error (void *data, SCM obj);

/* The libscm set-up every target makes once: scm_init, a heap limit
   (so that a runaway allocation raises out-of-memory instead of
   exhausting the fuzzer's RSS limit), a small VM stack limit and a
   limit on the size of exact integers.  */
void fuzz_init (void);

/* The time budget of an input.  A watchdog thread (started by the
   first fuzz_budget_start) asks for an interrupt, the request Ctrl-C
   makes, once the input has run MS milliseconds, and again every few
   milliseconds after, since a handler may catch the first one.  */
void fuzz_budget_start (long ms);
/* Whether the running input's budget is spent.  */
int fuzz_budget_over (void);
/* The input is done: no more requests.  Then check that the thread is
   back outside any evaluation (a run or an expansion still counted
   would keep the requests for the next input); fuzz_fail if not.  */
void fuzz_budget_stop (void);

#endif /* SCM_FUZZ_H */
