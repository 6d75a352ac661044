;;; sort.scm -- Guile's sort, sort!, stable-sort, sorted?, merge, merge!
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(test-begin "sort")

;; A deterministic pseudo-random list of N integers below M.
(define (numbers n m)
  (let loop ((i 0) (x 12345) (acc '()))
    (if (= i n)
        acc
        (let ((next (modulo (+ (* x 1103515245) 12345) 2147483648)))
          (loop (+ i 1) next (cons (modulo next m) acc))))))

(define (sum l) (apply + l))

(test-group "sort"
  (lambda ()
    (test-equal "a list" '(1 2 3 4 5) (sort (list 4 2 5 1 3) <))
    (test-equal "a vector" #(1 2 3 4 5) (sort (vector 4 2 5 1 3) <))
    (test-equal "the empty list" '() (sort '() <))
    (test-equal "the empty vector" #() (sort (vector) <))
    (test-equal "one element" '(7) (sort (list 7) <))
    (test-equal "descending, by >" '(5 4 3 2 1) (sort (list 4 2 5 1 3) >))
    (test-equal "strings" '("a" "b" "c") (sort (list "c" "a" "b") string<?))
    (let* ((l (list 3 1 2)) (s (sort l <)))
      (test-equal "the argument list is left as it was" '(3 1 2) l)
      (test-assert "the result is new pairs" (not (eq? s l))))
    (let* ((v (vector 3 1 2)) (s (sort v <)))
      (test-equal "the argument vector is left as it was" #(3 1 2) v)
      (test-assert "the result is a new vector" (not (eq? s v))))
    (let ((s (sort (list '(2 . a) '(1 . b) '(2 . c) '(1 . d) '(2 . e))
                   (lambda (x y) (< (car x) (car y))))))
      (test-equal "stable: equal keys keep their order"
                  '((1 . b) (1 . d) (2 . a) (2 . c) (2 . e)) s))
    (test-equal "stable-sort is stable too"
                '((1 . b) (1 . d) (2 . a) (2 . c))
                (stable-sort (vector->list (vector '(2 . a) '(1 . b) '(2 . c) '(1 . d)))
                             (lambda (x y) (< (car x) (car y)))))
    (let* ((l (numbers 100000 1000)) (s (sort l <)))
      (test-assert "10^5 numbers: sorted" (sorted? s <))
      (test-equal "10^5 numbers: the same length" 100000 (length s))
      (test-equal "10^5 numbers: the same elements (sum)" (sum l) (sum s))
      (test-equal "10^5 numbers: the same as sorting the vector"
                  (list->vector s) (sort (list->vector l) <)))))

(test-group "sort! and stable-sort!"
  (lambda ()
    (let* ((l (list 5 3 4 1 2)) (pairs (let loop ((p l) (acc '()))
                                         (if (null? p) (reverse acc)
                                             (loop (cdr p) (cons p acc)))))
           (s (sort! l <)))
      (test-equal "a list, sorted" '(1 2 3 4 5) s)
      (test-assert "made of the list's own pairs, in their order"
                   (let loop ((p s) (ps pairs))
                     (or (null? ps) (and (eq? p (car ps)) (loop (cdr p) (cdr ps)))))))
    (let ((v (vector 5 3 4 1 2)))
      (test-eq "a vector: sorted in place, and returned" v (sort! v <))
      (test-equal "the vector's slots" #(1 2 3 4 5) v))
    (let ((v (vector '(1 . a) '(0 . b) '(1 . c))))
      (stable-sort! v (lambda (x y) (< (car x) (car y))))
      (test-equal "stable-sort! keeps equal keys in order"
                  #((0 . b) (1 . a) (1 . c)) v))
    (let* ((v (vector 3 2 1))
           (k #f)
           (escaped (call-with-current-continuation
                     (lambda (out)
                       (sort! v (lambda (a b) (out 'left)))))))
      (test-eq "a predicate that escapes" 'left escaped)
      (test-equal "leaves the vector as it was" #(3 2 1) v))))

(test-group "sorted?"
  (lambda ()
    (test-assert "a sorted list" (sorted? '(1 2 2 3) <))
    (test-assert "an unsorted list" (not (sorted? '(1 3 2) <)))
    (test-assert "a sorted vector" (sorted? #(1 2 3) <))
    (test-assert "an unsorted vector" (not (sorted? #(2 1) <)))
    (test-assert "empty and single" (and (sorted? '() <) (sorted? #(1) <)))))

(test-group "merge and merge!"
  (lambda ()
    (test-equal "two sorted lists" '(1 2 3 4 5 6) (merge '(1 3 5) '(2 4 6) <))
    (test-equal "one empty" '(1 2) (merge '() '(1 2) <))
    (test-equal "ties: the first list's elements first"
                '((1 . a) (1 . b) (2 . a) (2 . b))
                (merge '((1 . a) (2 . a)) '((1 . b) (2 . b))
                       (lambda (x y) (< (car x) (car y)))))
    (let* ((a (list 1 3)) (b (list 2 4)) (m (merge a b <)))
      (test-equal "merge leaves its arguments as they were" '((1 3) (2 4))
                  (list a b))
      (test-equal "and makes new pairs" '(1 2 3 4) m))
    (let* ((a (list 1 3 5)) (b (list 2 4)) (m (merge! a b <)))
      (test-equal "merge!" '(1 2 3 4 5) m)
      (test-eq "merge! reuses the pairs" a m))))

(test-group "errors"
  (lambda ()
    (test-error-message "sort checks its sequence"
      "sort: wrong type argument in position 1 (expected list or vector): 5"
      (lambda () (sort 5 <)))
    (test-error-message "sort checks its predicate"
      "sort: wrong type argument in position 2 (expected procedure): 5"
      (lambda () (sort '(1 2) 5)))
    (test-error-message "an improper list is refused"
      "sort: wrong type argument in position 1 (expected list or vector): (2 1 . 3)"
      (lambda () (sort '(2 1 . 3) <)))
    (let ((c (list 1 2)))
      (set-cdr! (cdr c) c)
      (test-error-contains "a circular list is refused, not sorted forever"
        '("sort!: wrong type argument in position 1 (expected list or vector)")
        (lambda () (sort! c <))))
    (test-error-message "merge checks its lists"
      "merge: wrong type argument in position 2 (expected proper list): (1 . 2)"
      (lambda () (merge '(1) '(1 . 2) <)))
    (test-error-contains "an error in the predicate comes through"
      '("<" "wrong type")
      (lambda () (sort (list 1 'x 2) <)))
    (test-error-contains "sort! of a literal vector is refused, unchanged"
      '("sort!" "literal constant")
      (lambda () (sort! '#(2 1) <)))
    (test-error-contains "stable-sort! of a literal list is refused"
      '("stable-sort!" "literal constant")
      (lambda () (stable-sort! '(2 1) <)))
    (test-error-contains "sort! of a list whose tail is a literal"
      '("sort!" "literal constant")
      (lambda () (sort! (cons 3 '(2 1)) <)))
    (test-error-contains "merge! of a literal list"
      '("merge!" "literal constant")
      (lambda () (merge! (list 1 3) '(2) <)))
    (test-equal "merge of literal lists makes a new list" '(1 2 3)
      (merge '(1 3) '(2) <))))

(test-end "sort")
