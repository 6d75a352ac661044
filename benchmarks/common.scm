;;; common.scm -- helpers shared by every benchmark program
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; The harness runs one file made of a line defining bench-quick?,
;;; this text, then the text of one benchmark.  Everything here is
;;; plain R7RS that works both under libscm and under Guile's default
;;; environment.

;; Guile's default environment lacks a few R7RS names the benchmarks
;; use; supply them there only.
(cond-expand
 (guile
  (use-modules (srfi srfi-9) (scheme time))
  (define (exact x) (inexact->exact x))
  (define (inexact x) (exact->inexact x))
  (define (square x) (* x x)))
 (else))

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
