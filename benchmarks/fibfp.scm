;;; fibfp.scm -- doubly recursive Fibonacci on flonums
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: float

(include "common.scm")

(define (fibfp n)
  (if (< n 2.)
      n
      (+ (fibfp (- n 1.)) (fibfp (- n 2.)))))

;; The expected answer, by an exact linear loop.
(define (fib-by-loop n)
  (let loop ((i 0) (a 0) (b 1))
    (if (= i n) a (loop (+ i 1) b (+ a b)))))

(define fibfp-input (if bench-quick? 28 32))

(run-benchmark "fibfp" (if bench-quick? 1 4)
               (lambda () (fibfp (exact->inexact fibfp-input)))
               (lambda (r)
                 (and (inexact? r)
                      (= r (exact->inexact (fib-by-loop fibfp-input))))))
