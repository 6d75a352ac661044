;;; triangle.scm -- every solution of the 15-hole triangle peg puzzle, by search
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: search

(include "common.scm")

;; The board is a triangle of 15 holes in five rows, numbered row by
;; row from the apex (0) to the bottom corners (10 and 14).  A move
;; jumps a peg over a neighbour in a straight line into an empty hole
;; and removes the jumped peg.  Starting with every hole full but one,
;; the search counts the sequences of 13 moves that leave a single
;; peg, walking a vector board and undoing each move after trying it,
;; and records the hole the last peg ends in.  The counts are checked
;; against a second count that works on the board as a 15-bit integer
;; and remembers the count from every position it meets, and against
;; the board's symmetries: the three corners give the same count.

;; The holes as (row . column), 0 <= column <= row < 5.
(define (hole row col) (+ (quotient (* row (+ row 1)) 2) col))

;; Every move as a vector #(from over to): along a row, down-left and
;; down-right diagonals, in both directions.
(define moves
  (let loop ((row 0) (col 0) (acc '()))
    (cond ((= row 5) (list->vector (reverse acc)))
          ((> col row) (loop (+ row 1) 0 acc))
          (else
           (let* ((add (lambda (acc dr dc)
                         (let ((r2 (+ row (* 2 dr))) (c2 (+ col (* 2 dc))))
                           (if (and (<= 0 r2 4) (<= 0 c2 r2))
                               (cons (vector (hole row col)
                                             (hole (+ row dr) (+ col dc))
                                             (hole r2 c2))
                                     acc)
                               acc))))
                  (acc (add acc 0 1))
                  (acc (add acc 0 -1))
                  (acc (add acc 1 0))
                  (acc (add acc 1 1))
                  (acc (add acc -1 0))
                  (acc (add acc -1 -1)))
             (loop row (+ col 1) acc))))))

(define move-count (vector-length moves))

;; Depth-first search on a vector board whose holes in EMPTY are
;; empty.  ENDS counts, per hole, the solutions whose last peg is
;; there; it is returned.
(define (search-solutions empty)
  (let ((board (make-vector 15 #t))
        (ends (make-vector 15 0)))
    (for-each (lambda (h) (vector-set! board h #f)) empty)
    (let search ((pegs (- 15 (length empty))))
      (if (= pegs 1)
          (let find ((h 0))
            (if (vector-ref board h)
                (vector-set! ends h (+ 1 (vector-ref ends h)))
                (find (+ h 1))))
          (do ((m 0 (+ m 1))) ((= m move-count))
            (let* ((mv (vector-ref moves m))
                   (from (vector-ref mv 0))
                   (over (vector-ref mv 1))
                   (to (vector-ref mv 2)))
              (if (and (vector-ref board from)
                       (vector-ref board over)
                       (not (vector-ref board to)))
                  (begin
                    (vector-set! board from #f)
                    (vector-set! board over #f)
                    (vector-set! board to #t)
                    (search (- pegs 1))
                    (vector-set! board from #t)
                    (vector-set! board over #t)
                    (vector-set! board to #f)))))))
    ends))

(define (vector-sum v)
  (let loop ((i 0) (s 0))
    (if (= i (vector-length v)) s (loop (+ i 1) (+ s (vector-ref v i))))))

;; The same count by dynamic programming over positions as integers.
(define (bit h) (expt 2 h))
(define (has? board h) (odd? (quotient board (bit h))))

(define (count-by-positions empty)
  (let ((memo (make-vector 32768 #f)))
    (define (count board pegs)
      (if (= pegs 1)
          1
          (or (vector-ref memo board)
              (let loop ((m 0) (total 0))
                (if (= m move-count)
                    (begin (vector-set! memo board total) total)
                    (let* ((mv (vector-ref moves m))
                           (from (vector-ref mv 0))
                           (over (vector-ref mv 1))
                           (to (vector-ref mv 2)))
                      (loop (+ m 1)
                            (if (and (has? board from) (has? board over)
                                     (not (has? board to)))
                                (+ total
                                   (count (+ (- board (bit from) (bit over))
                                             (bit to))
                                          (- pegs 1)))
                                total))))))))
    (count (- 32767 (apply + (map bit empty))) (- 15 (length empty)))))

;; The full run starts with the inner hole 4 empty (1,550 solutions);
;; the quick one from the position two moves later, 13 over 8 into 4
;; and 11 over 12 into 13.
(define triangle-empty (if bench-quick? '(8 11 12) '(4)))

;; Hole 4 lies on the board's left-right mirror line, so the last
;; pegs of its solutions are spread symmetrically; 4, 7 and 8 are one
;; orbit of the rotations, with one count.
(define (mirror h)
  (let loop ((row 0))
    (if (< h (hole (+ row 1) 0))
        (hole row (- row (- h (hole row 0))))
        (loop (+ row 1)))))

(run-benchmark "triangle" 1
               (lambda () (search-solutions triangle-empty))
               (lambda (ends)
                 (let ((total (vector-sum ends)))
                   (and (> total 0)
                        (= total (count-by-positions triangle-empty))
                        (or bench-quick?
                            (and (= total (count-by-positions '(7)))
                                 (= total (count-by-positions '(8)))
                                 (let check ((h 0))
                                   (or (= h 15)
                                       (and (= (vector-ref ends h)
                                               (vector-ref ends (mirror h)))
                                            (check (+ h 1)))))))))))
