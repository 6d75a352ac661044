;;; srfi-43.scm -- tests of SRFI 43, the vector library with index-first callbacks
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(import (except (scheme base) vector-map vector-for-each vector-copy) (srfi 43))

(test-begin "srfi-43")

(test-group "index-first iteration"
  (lambda ()
    (test-equal "vector-map passes the index" #(1 3 5 7)
                (vector-map (lambda (i x) (+ i x)) #(1 2 3 4)))
    (test-equal "vector-map over two vectors, to the shorter" #(2 12)
                (vector-map (lambda (i x y) (* x y)) #(1 2 3) #(2 6)))
    (test-equal "vector-map of the empty vector" #() (vector-map (lambda (i x) x) #()))
    (test-equal "vector-map!" #(0 2 6)
                (let ((v (vector 0 1 2))) (vector-map! (lambda (i x) (* i (+ x 1))) v) v))
    (test-equal "vector-for-each, in order" '((2 . c) (1 . b) (0 . a))
                (let ((acc '()))
                  (vector-for-each (lambda (i x) (set! acc (cons (cons i x) acc))) #(a b c))
                  acc))
    (test-equal "vector-fold: (kons i state x)" '(c b a)
                (vector-fold (lambda (i tail x) (cons x tail)) '() #(a b c)))
    (test-equal "vector-fold counting evens" 3
                (vector-fold (lambda (i n x) (if (even? x) (+ n 1) n)) 0 #(2 3 4 6)))
    (test-equal "vector-fold-right" '(a b c)
                (vector-fold-right (lambda (i tail x) (cons x tail)) '() #(a b c)))
    (test-equal "vector-fold-right sees the indexes from the last" '(0 1 2)
                (vector-fold-right (lambda (i acc x) (cons i acc)) '() #(a b c)))
    (test-equal "vector-count with two vectors" 2
                (vector-count (lambda (i x y) (< x y)) #(1 3 6 9) #(2 4 6 8 10 12)))
    (test-error-contains "vector-map of a non-procedure" '("vector-map:" "position 1")
                         (lambda () (vector-map 5 #(1))))
    (test-error-contains "vector-for-each of a non-vector" '("vector-for-each:" "position 3" "vector")
                         (lambda () (vector-for-each (lambda (i x y) x) #(1) '(2))))))

(test-group "vector-copy with a fill"
  (lambda ()
    (test-equal "whole" #(a b c) (vector-copy #(a b c)))
    (test-equal "from start" #(c) (vector-copy #(a b c) 2))
    (test-equal "a range" #(b) (vector-copy #(a b c) 1 2))
    (test-equal "past the end, filled" #(b c x x) (vector-copy #(a b c) 1 5 'x))
    (test-equal "a fresh vector" #t (let ((v (vector 1))) (not (eq? v (vector-copy v)))))
    (test-error-contains "start past the length" '("vector-copy:") (lambda () (vector-copy #(1) 2)))
    (test-error-contains "end before start" '("vector-copy:") (lambda () (vector-copy #(1 2) 2 1)))))

(test-group "the rest, shared with SRFI 133"
  (lambda ()
    (test-equal "vector-unfold passes the index" #(0 1 4 9)
                (vector-unfold (lambda (i) (* i i)) 4))
    (test-equal "vector-unfold with a seed" #(1 2 4 8)
                (vector-unfold (lambda (i x) (values x (* 2 x))) 4 1))
    (test-equal "vector-index and -right, no index passed" '(2 5)
                (list (vector-index even? #(3 1 4 1 5 2)) (vector-index-right even? #(3 1 4 1 5 2))))
    (test-equal "vector-skip" 2 (vector-skip number? #(1 2 a b)))
    (test-equal "vector-binary-search" '(2 #f) (list (vector-binary-search #(1 3 5 7) 5 -)
                                                    (vector-binary-search #(1 3 5 7) 4 -)))
    (test-equal "vector-any and vector-every" '(#t #f)
                (list (vector-any even? #(1 2)) (vector-every even? #(1 2))))
    (test-equal "vector= and vector-empty?" '(#t #f #t)
                (list (vector= eq? #(a b) #(a b)) (vector= = #(1 2) #(1)) (vector-empty? #())))
    (test-equal "reverse copies and conversions" '(#(3 2) (3 2 1) #(c b a))
                (list (vector-reverse-copy #(1 2 3) 1) (reverse-vector->list #(1 2 3))
                      (reverse-list->vector '(a b c))))
    (test-equal "vector-swap! and vector-reverse!" #(3 1 2)
                (let ((v (vector 1 2 3))) (vector-swap! v 0 2) (vector-reverse! v 1) v))
    (test-equal "the R7RS names" '(#(1 2) 2 (1 2))
                (list (vector-append #(1) #(2)) (vector-length #(a b)) (vector->list #(1 2))))))

(test-end "srfi-43")
