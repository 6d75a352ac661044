;;; tak.scm -- Takeuchi's function, a call-intensive triple recursion
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: call

(include "common.scm")

(define (tak x y z)
  (if (< y x)
      (tak (tak (- x 1) y z)
           (tak (- y 1) z x)
           (tak (- z 1) x y))
      z))

;; (tak 24 16 8) makes 2,493,349 calls and is 9.
(run-benchmark "tak" (if bench-quick? 2 50)
               (lambda () (tak 24 16 8))
               (lambda (r) (= r 9)))
