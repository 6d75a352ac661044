;;; 64.sld -- SRFI 64, a Scheme API for test suites
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; The implementation is module/srfi/64-impl.scm, which test-suite/run
;;; also loads for the project's own test harness (module/scm/test.scm).

(define-library (srfi 64)
  (export
   ;; Groups and test cases.
   test-begin test-end test-group test-group-with-cleanup
   test-assert test-eqv test-eq test-equal test-approximate test-error
   test-read-eval-string test-apply test-with-runner
   ;; Specifiers.
   test-skip test-expect-fail
   test-match-name test-match-nth test-match-any test-match-all
   ;; Runners.
   test-runner? test-runner-current test-runner-get test-runner-simple
   test-runner-null test-runner-create test-runner-factory test-runner-reset
   test-runner-pass-count test-runner-fail-count test-runner-xpass-count
   test-runner-xfail-count test-runner-skip-count
   test-runner-group-path test-runner-group-stack test-runner-test-name
   test-runner-aux-value test-runner-aux-value!
   ;; Results.
   test-result-alist test-result-ref test-result-set! test-result-remove
   test-result-clear test-result-kind test-passed?
   ;; Callbacks.
   test-runner-on-test-begin test-runner-on-test-begin!
   test-runner-on-test-end test-runner-on-test-end!
   test-runner-on-group-begin test-runner-on-group-begin!
   test-runner-on-group-end test-runner-on-group-end!
   test-runner-on-final test-runner-on-final!
   test-runner-on-bad-count test-runner-on-bad-count!
   test-runner-on-bad-end-name test-runner-on-bad-end-name!
   test-on-test-begin-simple test-on-test-end-simple
   test-on-group-begin-simple test-on-group-end-simple
   test-on-final-simple test-on-bad-count-simple
   test-on-bad-end-name-simple)
  (import (libscm))
  (include "64-impl.scm"))
