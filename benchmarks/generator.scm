;;; generator.scm -- generators over the leaves of trees, built on call/cc
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: control
;;; requires: call/cc

(include "common.scm")

;; A tree is a leaf, a fixnum, or a node, a pair of trees.  A generator
;; walks its tree and hands each leaf to its caller by jumping out
;; through the caller's continuation; the next call jumps back into the
;; walk through the continuation saved at that leaf.  Every leaf costs
;; two captures and two re-entries, with the walk's frames on the stack.
;; Once the leaves are used up each call returns the symbol done.
(define (make-leaf-generator tree)
  (let ((return #f)            ; the continuation of the current call
        (resume #f))           ; where the walk goes on; #f before it starts
    (define (walk t)
      (if (pair? t)
          (begin (walk (car t))
                 (walk (cdr t)))
          (call-with-current-continuation
           (lambda (k)
             (set! resume k)
             (return t)))))
    (lambda ()
      (call-with-current-continuation
       (lambda (k)
         (set! return k)
         (if resume
             (resume #f)
             (begin
               (walk tree)
               (set! resume (lambda (ignored) (return 'done)))
               (return 'done))))))))

;; The consumer: the sum of position times leaf, so that a leaf lost,
;; repeated or out of order changes it.
(define (weighted-leaf-sum tree)
  (let ((next (make-leaf-generator tree)))
    (let loop ((position 1) (sum 0))
      (let ((leaf (next)))
        (if (eq? leaf 'done)
            sum
            (loop (+ position 1) (+ sum (* position leaf))))))))

;; Two generators in step, the classic same-fringe problem: the number of
;; leaves on which the two trees agree before they first differ, and #t
;; if their fringes are the same to the end.
(define (same-fringe tree1 tree2)
  (let ((next1 (make-leaf-generator tree1))
        (next2 (make-leaf-generator tree2)))
    (let loop ((agreed 0))
      (let* ((a (next1))
             (b (next2)))
        (cond ((and (eq? a 'done) (eq? b 'done)) (cons agreed #t))
              ((eqv? a b) (loop (+ agreed 1)))
              (else (cons agreed #f)))))))

;; Trees whose leaves, left to right, are (leaf LO) ... (leaf HI-1):
;; one split evenly at every node, one split at a pseudo-random point
;; (about twice as deep, and of another shape).
(define (balanced-tree lo hi leaf)
  (if (= (- hi lo) 1)
      (leaf lo)
      (let ((mid (quotient (+ lo hi) 2)))
        (cons (balanced-tree lo mid leaf)
              (balanced-tree mid hi leaf)))))

(define (random-tree lo hi next-random)
  (if (= (- hi lo) 1)
      lo
      (let ((mid (+ lo 1 (modulo (next-random) (- hi lo 1)))))
        (cons (random-tree lo mid next-random)
              (random-tree mid hi next-random)))))

(define (generator-leaf i) i)

(define generator-leaves (if bench-quick? 1024 8192))
(define generator-hole (- generator-leaves (quotient generator-leaves 3)))

(define generator-balanced
  (balanced-tree 1 (+ generator-leaves 1) generator-leaf))
(define generator-random
  (random-tree 1 (+ generator-leaves 1) (make-lcg 4242)))
;; The balanced tree with a 0 in place of leaf number generator-hole.
(define generator-holed
  (balanced-tree 1 (+ generator-leaves 1)
                 (lambda (i) (if (= i generator-hole) 0 i))))

;; The expected answers: the leaves are 1 ... n in order, so the weighted
;; sum is the sum of the squares; the trees agree on every leaf but the
;; hole.
(define (generator-expected n)
  (list (quotient (* n (+ n 1) (+ (* 2 n) 1)) 6)
        (cons n #t)
        (cons (- generator-hole 1) #f)))

(run-benchmark "generator" (if bench-quick? 1 5)
               (lambda ()
                 (list (weighted-leaf-sum generator-balanced)
                       (same-fringe generator-balanced generator-random)
                       (same-fringe generator-random generator-holed)))
               (lambda (r) (equal? r (generator-expected generator-leaves))))
