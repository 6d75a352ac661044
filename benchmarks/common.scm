;;; common.scm -- helpers shared by every benchmark program
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Every benchmark begins with (include "common.scm"), so that it runs
;;; by itself: "./scm benchmarks/fib.scm" or "guile benchmarks/fib.scm".
;;; Everything here is plain R7RS that works both under libscm and under
;;; Guile's default environment.

;; Guile's default environment lacks a few R7RS names the benchmarks
;; use; supply them there only.
(cond-expand
 (guile
  (use-modules (srfi srfi-9) (scheme time))
  (define (exact x) (inexact->exact x))
  (define (inexact x) (exact->inexact x))
  (define (square x) (* x x))
  (define (get-environment-variable name) (getenv name)))
 (else))

;; The scale: the small inputs the test suite runs when the environment
;; variable BENCH_QUICK is set to anything but "" or "0" (the harness
;; sets it), or when the program is given the argument --quick; the
;; full inputs otherwise.
(define bench-quick?
  (let ((v (get-environment-variable "BENCH_QUICK")))
    (or (and v (not (string=? v "")) (not (string=? v "0")))
        (and (member "--quick" (command-line)) #t))))

;; Call THUNK COUNT times (at least once), check the last result with
;; OK? and report.  A wrong answer prints it and exits with status 1.
(define (run-benchmark name count thunk ok?)
  (let loop ((i 1) (result (thunk)))
    (if (< i count)
        (loop (+ i 1) (thunk))
        (report-benchmark name result (ok? result)))))

(define (report-benchmark name result ok)
  (display name)
  (cond (ok
         (display ": ok")
         (newline))
        (else
         (display ": wrong answer: ")
         (write result)
         (newline)
         (exit 1))))

;; A portable Park-Miller "minimal standard" generator: the state is a
;; fixnum in [1, 2^31 - 2]; products stay below 2^46.
(define (make-lcg seed)
  (let ((state (+ 1 (modulo seed 2147483646))))
    (lambda ()
      (set! state (modulo (* state 48271) 2147483647))
      state)))

;; Elapsed milliseconds between two jiffy counts, as an exact integer.
(define (jiffies->msecs start end)
  (quotient (* (- end start) 1000) (jiffies-per-second)))
