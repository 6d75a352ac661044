;;; exceptions.scm -- guard, raise and exception handlers in a loop
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: control
;;; requires: exceptions

(include "common.scm")

;; Guile's default environment has with-exception-handler but neither
;; guard, R7RS raise (its raise sends a signal), raise-continuable nor
;; error-object?.  Only this program loads the modules that have them,
;; so that the other programs' Guile times do not pay for them.
(cond-expand
 (guile
  (use-modules (srfi srfi-34)
               ((ice-9 exceptions) #:select (raise-continuable)))
  (define error-object? exception?))
 (else))

(define exceptions-vector (make-vector 8 1))

;; Return (THUNK) from under DEPTH non-tail calls, so that a raise in
;; THUNK has frames to unwind.
(define (exceptions-dive depth thunk)
  (if (= depth 0)
      (thunk)
      (+ 1 (exceptions-dive (- depth 1) thunk))))

;; One step of the loop, of one of eight kinds; all but the first raise.
(define (exceptions-step i)
  (case (modulo i 8)
    ;; guard entered and left normally
    ((0) (guard (e (#t -1))
           (+ i 1)))
    ;; an error from a primitive: an index out of range
    ((1) (guard (e ((error-object? e) (* 2 i)))
           (vector-ref exceptions-vector (+ 8 (modulo i 5)))))
    ;; a non-condition object raised from a few frames down; the first
    ;; clause does not match
    ((2) (guard (e ((symbol? e) -1)
                   ((pair? e) (car e)))
           (exceptions-dive (modulo i 7)
                            (lambda () (raise (cons i 'up))))))
    ;; raise-continuable: the handler's value is raise-continuable's
    ((3) (with-exception-handler
          (lambda (c) (* 3 c))
          (lambda () (+ 1 (raise-continuable i)))))
    ;; error, caught as an error object after a clause that fails
    ((4) (guard (e ((string? e) -1)
                   ((error-object? e) (- i)))
           (error "exceptions: step" i)))
    ;; no clause of the inner guard matches: raised again, to the outer
    ((5) (guard (e ((number? e) (+ e 5)))
           (guard (e ((symbol? e) -1))
             (raise i))))
    ;; a clause with =>, and an error from division by zero
    ((6) (guard (e ((and (pair? e) (assq 'value e)) => cdr)
                   ((error-object? e) -1))
           (if (= (modulo i 16) 6)
               (raise (list (cons 'key 0) (cons 'value i)))
               (+ i (quotient i (- i i))))))
    ;; a handler that raises to the handler outside it
    (else (with-exception-handler
           (lambda (c) (* 2 c))
           (lambda ()
             (with-exception-handler
              (lambda (c) (+ 1 (raise-continuable c)))
              (lambda () (raise-continuable i))))))))

(define (exceptions-loop n)
  (let loop ((i 0) (sum 0))
    (if (= i n)
        sum
        (loop (+ i 1) (+ sum (exceptions-step i))))))

;; The expected sum, each step's value worked out without exceptions.
(define (exceptions-expected n)
  (let loop ((i 0) (sum 0))
    (if (= i n)
        sum
        (loop (+ i 1)
              (+ sum
                 (case (modulo i 8)
                   ((0) (+ i 1))
                   ((1) (* 2 i))
                   ((2) i)
                   ((3) (+ (* 3 i) 1))
                   ((4) (- i))
                   ((5) (+ i 5))
                   ((6) (if (= (modulo i 16) 6) i -1))
                   (else (+ (* 2 i) 1))))))))

(define exceptions-count (if bench-quick? 4000 100000))

(run-benchmark "exceptions" (if bench-quick? 1 7)
               (lambda () (exceptions-loop exceptions-count))
               (lambda (r) (= r (exceptions-expected exceptions-count))))
