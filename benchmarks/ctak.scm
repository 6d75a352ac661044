;;; ctak.scm -- Takeuchi's function returning through escape continuations
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: control
;;; requires: call/cc

(include "common.scm")

;; Each call captures its continuation and delivers its result by
;; invoking it instead of returning normally.
(define (ctak x y z)
  (call-with-current-continuation
   (lambda (k) (ctak-with k x y z))))

(define (ctak-with k x y z)
  (if (not (< y x))
      (k z)
      (ctak-with k
                 (call-with-current-continuation
                  (lambda (k1) (ctak-with k1 (- x 1) y z)))
                 (call-with-current-continuation
                  (lambda (k2) (ctak-with k2 (- y 1) z x)))
                 (call-with-current-continuation
                  (lambda (k3) (ctak-with k3 (- z 1) x y))))))

;; The expected answer, from the ordinary recursion.
(define (tak x y z)
  (if (< y x)
      (tak (tak (- x 1) y z) (tak (- y 1) z x) (tak (- z 1) x y))
      z))

(define ctak-input (if bench-quick? '(15 10 5) '(18 12 6)))

(run-benchmark "ctak" (if bench-quick? 1 8)
               (lambda () (apply ctak ctak-input))
               (lambda (r) (= r (apply tak ctak-input))))
