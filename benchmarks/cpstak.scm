;;; cpstak.scm -- Takeuchi's function in continuation-passing style
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: closure

(include "common.scm")

;; Every intermediate result goes to an explicit continuation closure.
(define (cps-tak x y z k)
  (if (< y x)
      (cps-tak (- x 1) y z
               (lambda (a)
                 (cps-tak (- y 1) z x
                          (lambda (b)
                            (cps-tak (- z 1) x y
                                     (lambda (c)
                                       (cps-tak a b c k)))))))
      (k z)))

(define (cpstak x y z)
  (cps-tak x y z (lambda (v) v)))

(run-benchmark "cpstak" (if bench-quick? 1 12)
               (lambda () (if bench-quick? (cpstak 22 16 8) (cpstak 24 16 8)))
               (lambda (r) (= r 9)))
