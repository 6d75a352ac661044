;;; nqueens.scm -- count the solutions of the n-queens problem with lists
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: allocation

(include "common.scm")

;; Queens are placed one row at a time; PLACED holds the columns used
;; by the rows above, nearest row first.  CANDIDATES are the columns
;; still free, tried in turn by splitting them into TRIED and the rest.
(define (queens n)
  (count-placements (columns n) '() '()))

(define (columns n)
  (let loop ((i n) (l '()))
    (if (= i 0) l (loop (- i 1) (cons i l)))))

(define (count-placements candidates tried placed)
  (if (null? candidates)
      (if (null? tried) 1 0)
      (+ (let ((col (car candidates)))
           (if (attacks? col placed 1)
               0
               (count-placements (append tried (cdr candidates))
                                 '()
                                 (cons col placed))))
         (count-placements (cdr candidates)
                           (cons (car candidates) tried)
                           placed))))

;; Does a queen in column COL attack one of PLACED diagonally?
;; DISTANCE is how many rows up the first of PLACED is.
(define (attacks? col placed distance)
  (and (pair? placed)
       (or (= (car placed) (+ col distance))
           (= (car placed) (- col distance))
           (attacks? col (cdr placed) (+ distance 1)))))

;; Known solution counts for 1..12 queens.
(define queens-solutions
  '#(0 1 0 0 2 10 4 40 92 352 724 2680 14200))

(define queens-n 10)

(run-benchmark "nqueens" (if bench-quick? 2 50)
               (lambda () (queens queens-n))
               (lambda (r) (= r (vector-ref queens-solutions queens-n))))
