;;; maze.scm -- random mazes by Kruskal's method over lists, solved with closures
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: allocation

(include "common.scm")

;; A maze on a W x H grid of cells is a spanning tree of the grid
;; graph: the walls between neighbours are shuffled (a merge sort on
;; random keys, all lists), and a wall is knocked down when the cells
;; either side are not yet joined (union-find with path halving).
;; The maze is then walked twice: a depth-first search written with
;; success and failure continuations (closures) finds the path from
;; the top-left cell to the bottom-right one, and a breadth-first
;; search over lists measures every cell's distance.  The answer is
;; checked by what must hold of any maze: W*H - 1 walls down, every
;; cell reachable, and the path found by one walk as long as the
;; distance the other measures, each step between neighbours.

(define (cell w x y) (+ x (* y w)))

(define (grid-walls w h)
  (let loop ((x 0) (y 0) (acc '()))
    (cond ((= y h) acc)
          ((= x w) (loop 0 (+ y 1) acc))
          (else
           (let* ((c (cell w x y))
                  (acc (if (< (+ x 1) w) (cons (cons c (+ c 1)) acc) acc))
                  (acc (if (< (+ y 1) h) (cons (cons c (+ c w)) acc) acc)))
             (loop (+ x 1) y acc))))))

(define (merge-by-key a b)
  (cond ((null? a) b)
        ((null? b) a)
        ((<= (caar a) (caar b)) (cons (car a) (merge-by-key (cdr a) b)))
        (else (cons (car b) (merge-by-key a (cdr b))))))

(define (sort-by-key l)
  (if (or (null? l) (null? (cdr l)))
      l
      (let split ((l l) (a '()) (b '()))
        (if (null? l)
            (merge-by-key (sort-by-key a) (sort-by-key b))
            (split (cdr l) (cons (car l) b) a)))))

(define (shuffle l random)
  (map cdr (sort-by-key (map (lambda (x) (cons (random) x)) l))))

(define (find parent i)
  (let ((p (vector-ref parent i)))
    (if (= p i)
        i
        (let ((g (vector-ref parent p)))
          (vector-set! parent i g)
          (find parent g)))))

;; The walls knocked down, as a list of cell pairs.
(define (kruskal n walls)
  (let ((parent (make-vector n 0)))
    (do ((i 0 (+ i 1))) ((= i n)) (vector-set! parent i i))
    (let loop ((walls walls) (open '()))
      (if (null? walls)
          open
          (let ((a (find parent (caar walls)))
                (b (find parent (cdar walls))))
            (if (= a b)
                (loop (cdr walls) open)
                (begin (vector-set! parent a b)
                       (loop (cdr walls) (cons (car walls) open)))))))))

(define (neighbours n open)
  (let ((adj (make-vector n '())))
    (for-each (lambda (p)
                (vector-set! adj (car p) (cons (cdr p) (vector-ref adj (car p))))
                (vector-set! adj (cdr p) (cons (car p) (vector-ref adj (cdr p)))))
              open)
    adj))

;; Depth-first, in continuation-passing style: SUCCEED gets the path
;; (target first), FAIL is tried when a branch is exhausted.
(define (dfs-path adj from to)
  (let walk ((c from) (came -1) (path (list from))
             (succeed (lambda (p) p)) (fail (lambda () #f)))
    (if (= c to)
        (succeed path)
        (let try ((ns (vector-ref adj c)))
          (cond ((null? ns) (fail))
                ((= (car ns) came) (try (cdr ns)))
                (else (walk (car ns) c (cons (car ns) path) succeed
                            (lambda () (try (cdr ns))))))))))

;; Breadth-first distances from FROM, -1 for a cell not reached.
(define (bfs adj n from)
  (let ((dist (make-vector n -1)))
    (vector-set! dist from 0)
    (let loop ((frontier (list from)) (next '()))
      (cond ((and (null? frontier) (null? next)) dist)
            ((null? frontier) (loop next '()))
            (else
             (let ((c (car frontier)))
               (loop (cdr frontier)
                     (let add ((ns (vector-ref adj c)) (next next))
                       (cond ((null? ns) next)
                             ((>= (vector-ref dist (car ns)) 0)
                              (add (cdr ns) next))
                             (else
                              (vector-set! dist (car ns)
                                           (+ 1 (vector-ref dist c)))
                              (add (cdr ns) (cons (car ns) next))))))))))))

(define (adjacent? w a b)
  (let ((d (abs (- a b))))
    (or (= d w) (and (= d 1) (= (quotient a w) (quotient b w))))))

(define (path-ok? w path)
  (or (null? (cdr path))
      (and (adjacent? w (car path) (cadr path))
           (path-ok? w (cdr path)))))

(define (maze-run w h seed)
  (let* ((n (* w h))
         (open (kruskal n (shuffle (grid-walls w h) (make-lcg seed))))
         (adj (neighbours n open))
         (path (dfs-path adj 0 (- n 1)))
         (dist (bfs adj n 0))
         (unreached (let loop ((i 0) (k 0))
                      (if (= i n) k
                          (loop (+ i 1)
                                (if (< (vector-ref dist i) 0) (+ k 1) k))))))
    (list (length open) unreached (length path)
          (vector-ref dist (- n 1)) (path-ok? w path))))

(define maze-size (if bench-quick? 20 90))
(define maze-count (if bench-quick? 2 24))

(run-benchmark "maze" 1
               (lambda ()
                 (let loop ((i 0) (acc '()))
                   (if (= i maze-count)
                       acc
                       (loop (+ i 1)
                             (cons (maze-run maze-size (+ maze-size i) (+ 17 i))
                                   acc)))))
               (lambda (results)
                 (let check ((rs results) (i (- maze-count 1)))
                   (or (null? rs)
                       (let* ((r (car rs)) (n (* maze-size (+ maze-size i))))
                         (and (= (car r) (- n 1))
                              (= (cadr r) 0)
                              (= (caddr r) (+ 1 (cadddr r)))
                              (car (cddddr r))
                              (check (cdr rs) (- i 1))))))))
