;;; ack.scm -- Ackermann's function A(3, n), deep non-tail recursion
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: call

(include "common.scm")

(define (ack m n)
  (cond ((= m 0) (+ n 1))
        ((= n 0) (ack (- m 1) 1))
        (else (ack (- m 1) (ack m (- n 1))))))

;; A(3, n) = 2^(n+3) - 3.
(define ack-n (if bench-quick? 8 10))

(run-benchmark "ack" (if bench-quick? 2 4)
               (lambda () (ack 3 ack-n))
               (lambda (r) (= r (- (expt 2 (+ ack-n 3)) 3))))
