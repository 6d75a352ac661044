;;; gcbench.scm -- Boehm's GCBench: binary trees built top-down and bottom-up
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: gc

(include "common.scm")

;; Trees are built while a long-lived tree and a long-lived vector of
;; flonums stay reachable; the program reports times like the classic
;; and returns what it needs to check that nothing was damaged.

(define-record-type node
  (make-node left right i j)
  node?
  (left node-left set-node-left!)
  (right node-right set-node-right!)
  (i node-i)
  (j node-j))

(define (new-leaf) (make-node #f #f 0 0))

(define gc-stretch-depth (if bench-quick? 12 18))
(define gc-long-lived-depth (if bench-quick? 10 16))
(define gc-array-size (if bench-quick? 5000 500000))
(define gc-min-depth 4)
(define gc-max-depth (if bench-quick? 8 16))

;; Nodes in a complete binary tree of depth D.
(define (tree-size d)
  (- (expt 2 (+ d 1)) 1))

(define (iterations-for d)
  (quotient (* 2 (tree-size gc-stretch-depth)) (tree-size d)))

;; Top-down: give NODE two fresh children, then fill those in.
(define (populate! depth node)
  (if (> depth 0)
      (let ((l (new-leaf)) (r (new-leaf)))
        (set-node-left! node l)
        (set-node-right! node r)
        (populate! (- depth 1) l)
        (populate! (- depth 1) r))))

;; Bottom-up: the children exist before their parent.
(define (make-tree depth)
  (if (<= depth 0)
      (new-leaf)
      (make-node (make-tree (- depth 1)) (make-tree (- depth 1)) 0 0)))

(define (count-nodes t)
  (if (node? t)
      (+ 1 (count-nodes (node-left t)) (count-nodes (node-right t)))
      0))

(define (say . things)
  (for-each display things)
  (newline))

(define (msecs-since start)
  (jiffies->msecs start (current-jiffy)))

;; Build the trees of one depth both ways; returns the node counts of
;; the first tree built each way (they must both be tree-size).
(define (time-construction depth)
  (let ((iterations (iterations-for depth)) (samples '()))
    (say "Creating " iterations " trees of depth " depth)
    (let ((start (current-jiffy)))
      (do ((i 0 (+ i 1))) ((= i iterations))
        (let ((t (new-leaf)))
          (populate! depth t)
          (if (= i 0) (set! samples (cons (count-nodes t) samples)))))
      (say "\tTop down construction took " (msecs-since start) " msecs"))
    (let ((start (current-jiffy)))
      (do ((i 0 (+ i 1))) ((= i iterations))
        (let ((t (make-tree depth)))
          (if (= i 0) (set! samples (cons (count-nodes t) samples)))))
      (say "\tBottom up construction took " (msecs-since start) " msecs"))
    samples))

(define (make-long-lived-array n)
  (let ((v (make-vector n 0.)))
    (do ((i 1 (+ i 1))) ((= i n) v)
      (vector-set! v i (/ 1. (exact->inexact i))))))

;; Returns (long-lived tree size, array element 1000 intact?, samples)
;; where samples lists (depth . node counts) for every depth.
(define (gcbench)
  (let ((start (current-jiffy)))
    (say "Garbage Collector Test")
    (say " Stretching memory with a binary tree of depth " gc-stretch-depth)
    (make-tree gc-stretch-depth)
    (say " Creating a long-lived binary tree of depth " gc-long-lived-depth)
    (let ((long-lived (new-leaf)))
      (populate! gc-long-lived-depth long-lived)
      (say " Creating a long-lived array of " gc-array-size " doubles")
      (let ((array (make-long-lived-array gc-array-size)))
        (let loop ((d gc-min-depth) (samples '()))
          (if (<= d gc-max-depth)
              (loop (+ d 2) (cons (cons d (time-construction d)) samples))
              (let ((result (list (count-nodes long-lived)
                                  (= (vector-ref array 1000) (/ 1. 1000.))
                                  (reverse samples))))
                (say "Completed in " (msecs-since start) " ms.")
                result)))))))

(define (gcbench-ok? r)
  (and (= (car r) (tree-size gc-long-lived-depth))
       (cadr r)
       (= (length (caddr r)) (+ 1 (quotient (- gc-max-depth gc-min-depth) 2)))
       (let check ((samples (caddr r)))
         (or (null? samples)
             (let ((size (tree-size (car (car samples)))))
               (and (equal? (cdr (car samples)) (list size size))
                    (check (cdr samples))))))))

(run-benchmark "gcbench" 1 gcbench gcbench-ok?)
