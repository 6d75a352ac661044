;;; saw.scm -- count self-avoiding walks on the square lattice
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: search

(include "common.scm")

;; Walks of L steps from the origin that never revisit a site, by
;; depth-first enumeration on a grid of visited flags large enough
;; that no walk reaches its edge.  The counts are checked against the
;; known enumeration of the square lattice (OEIS A001411).

(define saw-known
  '#(1 4 12 36 100 284 780 2172 5916 16268 44100 120292 324932 881500
     2374444 6416596))

(define (count-walks steps)
  (let* ((side (+ 3 (* 2 steps)))
         (visited (make-vector (* side side) #f))
         (moves (list 1 -1 side (- side))))
    (let walk ((site (+ (* side (+ steps 1)) steps 1)) (left steps))
      (if (= left 0)
          1
          (begin
            (vector-set! visited site #t)
            (let try ((ms moves) (total 0))
              (if (null? ms)
                  (begin (vector-set! visited site #f) total)
                  (let ((next (+ site (car ms))))
                    (try (cdr ms)
                         (if (vector-ref visited next)
                             total
                             (+ total (walk next (- left 1)))))))))))))

(define saw-steps (if bench-quick? 8 15))

(run-benchmark "saw" 1
               (lambda () (count-walks saw-steps))
               (lambda (r) (= r (vector-ref saw-known saw-steps))))
