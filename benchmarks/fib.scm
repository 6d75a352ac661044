;;; fib.scm -- doubly recursive Fibonacci on fixnums
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: call

(include "common.scm")

(define (fib n)
  (if (< n 2)
      n
      (+ (fib (- n 1)) (fib (- n 2)))))

;; The expected answer, by a linear loop.
(define (fib-by-loop n)
  (let loop ((i 0) (a 0) (b 1))
    (if (= i n) a (loop (+ i 1) b (+ a b)))))

(define fib-input (if bench-quick? 31 36))

(run-benchmark "fib" (if bench-quick? 1 3)
               (lambda () (fib fib-input))
               (lambda (r) (= r (fib-by-loop fib-input))))
