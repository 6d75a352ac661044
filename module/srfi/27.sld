;;; 27.sld -- SRFI 27, sources of random bits
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A random source is a record holding one of the core's random states
;;; (random.c, xoshiro256**); the state is replaced, not mutated, by
;;; random-source-state-set! and the randomize procedures, so the
;;; procedures of random-source-make-integers and -make-reals read the
;;; source's state at every call.
;;;
;;; make-random-source returns a source in one fixed state, the same at
;;; every call and in every run, as the SRFI's reference implementation
;;; does; default-random-source starts in that state too, so a program
;;; that uses random-integer without randomizing draws the same numbers
;;; at every run.  (random-source-randomize! default-random-source)
;;; seeds it from the operating system.  Guile's *random-state* is a
;;; separate state.
;;;
;;; random-source-pseudo-randomize! maps each pair of nonnegative exact
;;; integers (i, j) to a distinct seed (Cantor's pairing), so different
;;; pairs give unrelated states.  The reals of random-source-make-reals
;;; lie in the open interval (0, 1) and are multiples of 2^-53, which is
;;; finer than any UNIT argument a flonum can express above 2^-53.

;;; Code:

(define-library (srfi 27)
  (export random-integer random-real default-random-source
          make-random-source random-source? random-source-state-ref
          random-source-state-set! random-source-randomize!
          random-source-pseudo-randomize! random-source-make-integers
          random-source-make-reals)
  (import (libscm))
  (begin

    (define-record-type random-source
      (make-source state)
      %random-source?
      (state source-state set-source-state!))

    (define (random-source? obj)
      "Return #t if OBJ is a random source, else #f."
      (%random-source? obj))

    ;; The state every new source starts in.
    (define initial-seed 20020314)

    (define (make-random-source)
      "Return a new random source, in the same fixed state as every
source that make-random-source returns."
      (make-source (seed->random-state initial-seed)))

    (define (check-source who s)
      (if (not (random-source? s))
          (error (string-append who ": wrong type argument in position 1 (expected random source)")
                 s)))

    (define (random-source-state-ref s)
      "Return the state of random source S as a datum that write and
read preserve and random-source-state-set! accepts."
      (check-source "random-source-state-ref" s)
      (random-state->datum (source-state s)))

    (define (random-source-state-set! s state)
      "Put random source S back into STATE, a datum from
random-source-state-ref."
      (check-source "random-source-state-set!" s)
      (set-source-state! s (datum->random-state state)))

    (define (random-source-randomize! s)
      "Put random source S into a state seeded from the operating
system."
      (check-source "random-source-randomize!" s)
      (set-source-state! s (random-state-from-platform)))

    (define (check-natural who pos k)
      (if (not (and (exact-integer? k) (>= k 0)))
          (error (string-append who ": wrong type argument in position "
                                (number->string pos)
                                " (expected nonnegative exact integer)")
                 k)))

    (define (random-source-pseudo-randomize! s i j)
      "Put random source S into the state that the nonnegative exact
integers I and J name: the same pair always gives the same state,
different pairs unrelated ones."
      (check-source "random-source-pseudo-randomize!" s)
      (check-natural "random-source-pseudo-randomize!" 2 i)
      (check-natural "random-source-pseudo-randomize!" 3 j)
      ;; Cantor's pairing, as text so that the seed is hashed whatever
      ;; its size (a small one would start splitmix64 directly).
      (let ((n (+ (quotient (* (+ i j) (+ i j 1)) 2) j)))
        (set-source-state! s (seed->random-state
                              (string-append "srfi-27 "
                                             (number->string n))))))

    (define (random-source-make-integers s)
      "Return a procedure of one positive exact integer N that returns
an exact integer uniformly distributed in [0, N), drawn from S."
      (check-source "random-source-make-integers" s)
      (lambda (n)
        (if (not (and (exact-integer? n) (> n 0)))
            (error "random-integer: wrong type argument in position 1 (expected positive exact integer)"
                   n))
        (random n (source-state s))))

    (define (random-source-make-reals s . unit)
      "Return a procedure of no argument that returns an inexact real
uniformly distributed in the open interval (0, 1), drawn from S.  The
optional UNIT, a real in (0, 1), is the coarsest spacing allowed."
      (check-source "random-source-make-reals" s)
      (if (pair? unit)
          (let ((u (car unit)))
            (if (not (and (real? u) (< 0 u 1)))
                (error "random-source-make-reals: argument out of range in position 2 (expected a real in (0, 1))"
                       u))))
      (lambda ()
        (let loop ()
          (let ((x (random:uniform (source-state s))))
            (if (zero? x) (loop) x)))))

    (define default-random-source (make-random-source))

    (define draw-integer (random-source-make-integers default-random-source))

    (define draw-real (random-source-make-reals default-random-source))

    (define (random-integer n)
      "Return an exact integer uniformly distributed in [0, N), drawn
from default-random-source.  An error if N is not a positive exact
integer."
      (draw-integer n))

    (define (random-real)
      "Return an inexact real uniformly distributed in the open interval
(0, 1), drawn from default-random-source."
      (draw-real))))
