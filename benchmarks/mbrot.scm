;;; mbrot.scm -- escape-time counts over a grid of the Mandelbrot set
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: float

(include "common.scm")

(define mbrot-max-iterations 64)

;; Iterations of z <- z^2 + c from z = 0 until |z| > 2, at most the
;; maximum.
(define (escape-count cr ci)
  (let loop ((zr 0.) (zi 0.) (n 0))
    (if (= n mbrot-max-iterations)
        n
        (let ((zr2 (* zr zr)) (zi2 (* zi zi)))
          (if (> (+ zr2 zi2) 4.)
              n
              (loop (+ (- zr2 zi2) cr)
                    (+ (* 2. zr zi) ci)
                    (+ n 1)))))))

;; Sum of the counts over a SIZE x SIZE grid spanning [-2, 0.5] x
;; [-1.25, 1.25].
(define (mbrot-grid size)
  (let ((step (/ 2.5 (exact->inexact size))))
    (let rows ((y 0) (total 0))
      (if (= y size)
          total
          (let ((ci (- (* step (exact->inexact y)) 1.25)))
            (let cols ((x 0) (total total))
              (if (= x size)
                  (rows (+ y 1) total)
                  (cols (+ x 1)
                        (+ total (escape-count (- (* step (exact->inexact x)) 2.)
                                               ci))))))))))

;; Spot checks that any correct float arithmetic satisfies: the origin
;; and -1 never escape, 1+i escapes after two steps, 0.5 after five.
(define (spot-checks-ok?)
  (and (= (escape-count 0. 0.) mbrot-max-iterations)
       (= (escape-count -1. 0.) mbrot-max-iterations)
       (= (escape-count 1. 1.) 2)
       (= (escape-count 0.5 0.) 5)))

(define mbrot-size (if bench-quick? 100 560))

;; Grid totals, as computed by Guile 3.0.8 and by libscm.
(define mbrot-expected (if bench-quick? 203443 6355933))

(run-benchmark "mbrot" 1
               (lambda () (mbrot-grid mbrot-size))
               (lambda (r) (and (spot-checks-ok?) (= r mbrot-expected))))
