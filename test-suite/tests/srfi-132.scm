;;; srfi-132.scm -- tests of SRFI 132, sort libraries
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(import (srfi 132))

(test-begin "srfi-132")

;; Pairs ordered by their car only: for stability.
(define (car< a b) (< (car a) (car b)))
(define pairs '((2 . a) (1 . b) (2 . c) (1 . d) (0 . e)))

(define (vector-ec-random n)
  (let ((v (make-vector n)) (s (seed->random-state 132)))
    (do ((i 0 (+ i 1))) ((= i n) v) (vector-set! v i (random 1000 s)))))

(test-group "predicates"
  (lambda ()
    (test-equal "list-sorted?" '(#t #t #t #f)
                (list (list-sorted? < '()) (list-sorted? < '(1)) (list-sorted? < '(1 1 2))
                      (list-sorted? < '(1 3 2))))
    (test-equal "vector-sorted? with a range" '(#t #f #t)
                (list (vector-sorted? < #(1 2 3)) (vector-sorted? < #(3 1 2))
                      (vector-sorted? < #(3 1 2) 1)))
    (test-error-contains "list-sorted? of a non-procedure" '("list-sorted?:" "position 1")
                         (lambda () (list-sorted? 5 '(1))))))

(test-group "sorting"
  (lambda ()
    (test-equal "list-sort" '(1 2 3) (list-sort < '(3 1 2)))
    (test-equal "list-sort of ()" '() (list-sort < '()))
    (test-equal "list-sort is stable" '((0 . e) (1 . b) (1 . d) (2 . a) (2 . c))
                (list-sort car< pairs))
    (test-equal "list-stable-sort" '((0 . e) (1 . b) (1 . d) (2 . a) (2 . c))
                (list-stable-sort car< pairs))
    (test-equal "list-sort leaves its argument alone" '(3 1 2)
                (let ((l (list 3 1 2))) (list-sort < l) l))
    (test-equal "list-sort!" '(1 2 3) (list-sort! < (list 3 2 1)))
    (test-equal "list-stable-sort! is stable" '((0 . e) (1 . b) (1 . d) (2 . a) (2 . c))
                (list-stable-sort! car< (list-copy pairs)))
    (test-equal "vector-sort with a range" #(1 3 9) (vector-sort < #(5 3 9 1 7) 1 4))
    (test-equal "vector-stable-sort is stable" #((0 . e) (1 . b) (1 . d) (2 . a) (2 . c))
                (vector-stable-sort car< (list->vector pairs)))
    (test-equal "vector-sort! of a range, in place" #(3 1 2 0)
                (let ((v (vector 3 2 1 0))) (vector-sort! < v 1 3) v))
    (test-equal "vector-stable-sort! of the whole vector" #("a" "bb" "cc" "ddd")
                (let ((v (vector "ddd" "bb" "a" "cc")))
                  (vector-stable-sort! (lambda (a b) (< (string-length a) (string-length b))) v)
                  v))
    (test-equal "sorting 10^4 random numbers" #t
                (let ((v (vector-ec-random 10000)))
                  (vector-sorted? < (vector-sort < v))))
    (test-error-contains "vector-sort! of a literal" '("sort!")
                         (lambda () (vector-sort! < #(2 1))))
    (test-error-contains "vector-sort with an end past the length" '("vector-sort:" "position 4")
                         (lambda () (vector-sort < #(1 2) 0 3)))
    (test-error-contains "vector-sort with start after end" '("vector-sort:")
                         (lambda () (vector-sort < #(1 2 3) 2 1)))
    (test-error-contains "list-sort of an improper list" '("list-sort:" "proper list")
                         (lambda () (list-sort < '(1 . 2))))))


(test-group "merging"
  (lambda ()
    (test-equal "list-merge, ties from the first list first"
                '((0 . x) (1 . a) (1 . y) (2 . b))
                (list-merge car< '((1 . a) (2 . b)) '((0 . x) (1 . y))))
    (test-equal "list-merge with an empty list" '(1 2) (list-merge < '() '(1 2)))
    (test-equal "list-merge!" '(1 2 3 4) (list-merge! < (list 1 3) (list 2 4)))
    (test-equal "vector-merge" #(1 2 3 4 5) (vector-merge < #(1 4) #(2 3 5)))
    (test-equal "vector-merge of ranges" #(2 3 4) (vector-merge < #(9 4 9) #(2 3 9) 1 2 0 2))
    (test-equal "vector-merge!" #(0 1 2 3 4 0)
                (let ((to (make-vector 6 0))) (vector-merge! < to #(1 3) #(2 4) 1) to))
    (test-error-contains "vector-merge! into a vector too short" '("vector-merge!:")
                         (lambda () (vector-merge! < (make-vector 2 0) #(1 3) #(2 4))))))

(test-group "deleting neighbour duplicates"
  (lambda ()
    (test-equal "list-delete-neighbor-dups" '(1 2 7 0 -2)
                (list-delete-neighbor-dups = '(1 1 2 7 7 7 0 -2 -2)))
    (test-equal "list-delete-neighbor-dups of ()" '() (list-delete-neighbor-dups = '()))
    (test-equal "list-delete-neighbor-dups!" '(#\a #\b #\a)
                (list-delete-neighbor-dups! char=? (list #\a #\a #\b #\b #\a)))
    (test-equal "vector-delete-neighbor-dups" #(1 2 7 0 -2)
                (vector-delete-neighbor-dups = #(1 1 2 7 7 7 0 -2 -2)))
    (test-equal "vector-delete-neighbor-dups of a range" #(7 0 -2)
                (vector-delete-neighbor-dups = #(1 1 2 7 7 7 0 -2 -2) 3 9))
    (test-equal "vector-delete-neighbor-dups! packs the range, returns its new end"
                '(3 #(#\a #\b #\a #\b #\b #\a))
                (let ((v (vector #\a #\a #\a #\b #\b #\a)))
                  (list (vector-delete-neighbor-dups! char=? v) v)))
    (test-equal "vector-delete-neighbor-dups! with a start" '(5 #(0 0 1 2 3 2 3 3))
                (let ((v (vector 0 0 1 1 2 2 3 3)))
                  (list (vector-delete-neighbor-dups! = v 2) v)))))

(test-group "selection and medians"
  (lambda ()
    (test-equal "vector-select! finds each rank" '(1 3 3 5 7 9)
                (map (lambda (k) (vector-select! < (vector 5 3 9 1 7 3) k)) '(0 1 2 3 4 5)))
    (test-equal "vector-select! in a range" 7
                (vector-select! < (vector 100 5 9 7 -1) 1 1 4))
    (test-error-contains "vector-select! of a rank past the range" '("vector-select!:" "position 3")
                         (lambda () (vector-select! < (vector 1 2) 2)))
    (test-assert "vector-separate! puts the k smallest first"
                 (let ((v (vector 9 8 7 6 5 4 3 2 1 0)))
                   (vector-separate! < v 4)
                   (equal? (list-sort < (vector->list (vector-copy v 0 4))) '(0 1 2 3))))
    (test-equal "vector-separate! of a range leaves the rest alone" #(9 13 13)
                (let ((v (vector 8 22 19 19 13 9 21 13 3 23)))
                  (vector-separate! < v 3 2 8)
                  (vector-sort < (vector-copy v 2 5))))
    (test-assert "select on 10^4 elements agrees with sorting"
                 (let* ((v (vector-ec-random 10000)) (s (vector-sort < v)))
                   (= (vector-select! < (vector-copy v) 5000) (vector-ref s 5000))))
    (test-equal "vector-find-median: odd, even, empty" '(3 5/2 none)
                (list (vector-find-median < #(5 1 3) 'none)
                      (vector-find-median < #(4 1 3 2) 'none)
                      (vector-find-median < #() 'none)))
    (test-equal "vector-find-median with a mean of one's own" '(2 3)
                (vector-find-median < #(4 1 3 2) #f list))
    (test-equal "vector-find-median leaves the vector alone" #(4 1 3 2)
                (let ((v (vector 4 1 3 2))) (vector-find-median < v #f) v))
    (test-equal "vector-find-median! sorts it" '(5/2 #(1 2 3 4))
                (let ((v (vector 4 1 3 2))) (list (vector-find-median! < v #f) v)))))

(test-end "srfi-132")
