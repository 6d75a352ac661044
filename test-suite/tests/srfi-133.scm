;;; srfi-133.scm -- SRFI 133, the vector library: (srfi 133)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Every name (srfi 133) exports, with the SRFI's examples, the order
;;; of iteration where the SRFI fixes it, several vectors of different
;;; lengths, start/end ranges, and the errors raised for a non-vector,
;;; a non-procedure or an index out of range, which name the procedure.

;;; Code:

(import (srfi 133))

(test-begin "srfi-133")

(define (all-values thunk) (call-with-values thunk list))

;; ------------------------------------------------------------------
(test-group "every name is bound to a procedure"
  (lambda ()
    (test-assert "all of them"
                 (let loop ((ps (list make-vector vector vector-unfold
                                      vector-unfold-right vector-copy
                                      vector-reverse-copy vector-append
                                      vector-concatenate vector-append-subvectors
                                      vector? vector-empty? vector= vector-ref
                                      vector-length vector-fold vector-fold-right
                                      vector-map vector-map! vector-for-each
                                      vector-count vector-cumulate vector-index
                                      vector-index-right vector-skip
                                      vector-skip-right vector-binary-search
                                      vector-any vector-every vector-partition
                                      vector-set! vector-swap! vector-fill!
                                      vector-reverse! vector-copy!
                                      vector-reverse-copy! vector-unfold!
                                      vector-unfold-right! vector->list
                                      reverse-vector->list list->vector
                                      reverse-list->vector vector->string
                                      string->vector)))
                   (or (null? ps) (and (procedure? (car ps)) (loop (cdr ps))))))))

;; ------------------------------------------------------------------
(test-group "constructors"
  (lambda ()
    (test-equal "make-vector" #(3 3 3 3 3) (make-vector 5 3))
    (test-equal "vector" #(0 1 2 3 4) (vector 0 1 2 3 4))
    (test-equal "vector-unfold with a seed" #(0 -1 -2 -3 -4 -5 -6 -7 -8 -9)
                (vector-unfold (lambda (i x) (values x (- x 1))) 10 0))
    (test-equal "vector-unfold without seeds" #(0 1 2 3) (vector-unfold values 4))
    (test-equal "vector-unfold with two seeds" #(1 1 2 3 5 8)
                (vector-unfold (lambda (i a b) (values a b (+ a b))) 6 1 1))
    (test-equal "vector-unfold of length 0" #() (vector-unfold (lambda (i) (error "called")) 0))
    (test-equal "vector-unfold copies a vector" #(a b c)
                (let ((v #(a b c))) (vector-unfold (lambda (i) (vector-ref v i)) 3)))
    (test-equal "vector-unfold goes left to right" '(0 1 2)
                (let ((seen '()))
                  (vector-unfold (lambda (i) (set! seen (cons i seen)) i) 3)
                  (reverse seen)))
    (test-error-message "vector-unfold: a negative length"
                        "vector-unfold: wrong type argument in position 2 (expected non-negative exact integer): -1"
                        (lambda () (vector-unfold values -1)))
    (test-error-message "vector-unfold: not a procedure"
                        "vector-unfold: wrong type argument in position 1 (expected procedure): 3"
                        (lambda () (vector-unfold 3 3)))
    (test-equal "vector-unfold-right" #((0 . 4) (1 . 3) (2 . 2) (3 . 1) (4 . 0))
                (vector-unfold-right (lambda (i x) (values (cons i x) (+ x 1))) 5 0))
    (test-equal "vector-unfold-right reverses a vector" #(d c b a)
                (let ((v #(a b c d)))
                  (vector-unfold-right (lambda (i x) (values (vector-ref v x) (+ x 1)))
                                       (vector-length v) 0)))
    (test-equal "vector-unfold-right goes right to left" '(2 1 0)
                (let ((seen '()))
                  (vector-unfold-right (lambda (i) (set! seen (cons i seen)) i) 3)
                  (reverse seen)))
    (test-error-contains "vector-unfold-right: a bad length" '("vector-unfold-right:" "position 2")
                         (lambda () (vector-unfold-right values 'a)))
    (test-equal "vector-copy" #(a b c d e f g h i) (vector-copy #(a b c d e f g h i)))
    (test-equal "vector-copy from" #(g h i) (vector-copy #(a b c d e f g h i) 6))
    (test-equal "vector-copy from to" #(d e f) (vector-copy #(a b c d e f g h i) 3 6))
    (let* ((v (vector 1 2)) (c (vector-copy v)))
      (test-assert "vector-copy makes a new vector" (not (eq? v c))))
    (test-equal "vector-reverse-copy" #(1 2 3 4) (vector-reverse-copy #(5 4 3 2 1 0) 1 5))
    (test-equal "vector-reverse-copy, whole" #(3 2 1) (vector-reverse-copy #(1 2 3)))
    (test-equal "vector-reverse-copy, from" #(3 2) (vector-reverse-copy #(1 2 3) 1))
    (test-equal "vector-reverse-copy, empty range" #() (vector-reverse-copy #(1 2 3) 2 2))
    (test-error-message "vector-reverse-copy: end past the length"
                        "vector-reverse-copy: argument out of range in position 3: 4"
                        (lambda () (vector-reverse-copy #(1 2 3) 0 4)))
    (test-error-message "vector-reverse-copy: start after end"
                        "vector-reverse-copy: argument out of range in position 3: 1"
                        (lambda () (vector-reverse-copy #(1 2 3) 2 1)))
    (test-error-message "vector-reverse-copy: not a vector"
                        "vector-reverse-copy: wrong type argument in position 1 (expected vector): (1)"
                        (lambda () (vector-reverse-copy '(1))))
    (test-equal "vector-append" #(x y) (vector-append #(x) #(y)))
    (test-equal "vector-append of three" #(a b c d) (vector-append #(a) #(b c) #(d)))
    (test-equal "vector-append keeps nested vectors" #(a #(b) #(c)) (vector-append #(a #(b)) #(#(c))))
    (test-equal "vector-append of none" #() (vector-append))
    (test-equal "vector-concatenate" #(a b c d) (vector-concatenate '(#(a b) #(c d))))
    (test-equal "vector-concatenate of ()" #() (vector-concatenate '()))
    (test-error-message "vector-concatenate of a non-vector"
                        "vector-concatenate: wrong type argument in position 1 (expected list of vectors): (#(a) b)"
                        (lambda () (vector-concatenate '(#(a) b))))
    (test-error-contains "vector-concatenate of a dotted list" '("vector-concatenate:" "proper list")
                         (lambda () (vector-concatenate '(#(a) . #(b)))))
    (test-equal "vector-append-subvectors" #(a b h i)
                (vector-append-subvectors #(a b c d e) 0 2 #(f g h i j) 2 4))
    (test-equal "vector-append-subvectors of none" #() (vector-append-subvectors))
    (test-equal "vector-append-subvectors with empty ranges" #(c)
                (vector-append-subvectors #(a b) 1 1 #(c) 0 1))
    (test-error-contains "vector-append-subvectors: not in threes"
                         '("vector-append-subvectors:" "threes")
                         (lambda () (vector-append-subvectors #(a b) 0)))
    (test-error-message "vector-append-subvectors: a range past the end"
                        "vector-append-subvectors: argument out of range in position 6: 3"
                        (lambda () (vector-append-subvectors #(a b) 0 1 #(c d) 1 3)))
    (test-error-message "vector-append-subvectors: not a vector"
                        "vector-append-subvectors: wrong type argument in position 4 (expected vector): \"cd\""
                        (lambda () (vector-append-subvectors #(a b) 0 1 "cd" 0 1)))))

;; ------------------------------------------------------------------
(test-group "predicates and selectors"
  (lambda ()
    (test-equal "vector?" '(#t #f #f #t #f)
                (map vector? (list #(a b c) '(a b c) #t #() '())))
    (test-equal "vector-empty?" '(#f #f #f #t)
                (map vector-empty? (list #(a) #(()) #(#()) #())))
    (test-error-message "vector-empty? of a non-vector"
                        "vector-empty?: wrong type argument in position 1 (expected vector): ()"
                        (lambda () (vector-empty? '())))
    (test-assert "vector= of equal vectors" (vector= eq? #(a b c d) #(a b c d)))
    (test-assert "vector= of different elements" (not (vector= eq? #(a b c d) #(a b d c))))
    (test-assert "vector= of different lengths" (not (vector= = #(1 2 3 4 5) #(1 2 3 4))))
    (test-assert "vector= with =" (vector= = #(1 2 3 4) #(1 2 3 4)))
    (test-assert "vector= of no vector" (vector= eq?))
    (test-assert "vector= of one vector" (vector= eq? #(a)))
    (test-assert "vector= of three" (vector= = #(1 2) #(1 2) #(1 2)))
    (test-assert "vector= of three, the last differs" (not (vector= = #(1 2) #(1 2) #(1 3))))
    (test-assert "vector= with eq? of fresh vectors"
                 (not (vector= eq? (vector (vector 'a)) (vector (vector 'a)))))
    (test-assert "vector= with equal?" (vector= equal? (vector (vector 'a)) (vector (vector 'a))))
    (test-assert "vector= of empty vectors" (vector= eq? #() #()))
    (test-assert "vector= with = and NaN" (not (vector= = (vector +nan.0) (vector +nan.0))))
    (test-equal "vector= calls (elt=? a b), a from the earlier vector" '((1 x) (2 y))
                (let ((calls '()))
                  (vector= (lambda (a b) (set! calls (cons (list a b) calls)) #t)
                           #(1 2) #(x y))
                  (reverse calls)))
    (test-error-message "vector= of a non-vector"
                        "vector=: wrong type argument in position 3 (expected vector): (1)"
                        (lambda () (vector= eq? #(1) '(1))))
    (test-error-message "vector=: not a procedure"
                        "vector=: wrong type argument in position 1 (expected procedure): #(1)"
                        (lambda () (vector= #(1) #(1))))
    (test-equal "vector-ref" 'c (vector-ref #(a b c d) 2))
    (test-equal "vector-length" 3 (vector-length #(a b c)))))

;; ------------------------------------------------------------------
(test-group "iteration"
  (lambda ()
    (test-equal "vector-fold: the longest string's length" 5
                (vector-fold (lambda (len str) (max (string-length str) len))
                             0 #("a" "abcde" "abc")))
    (test-equal "vector-fold reverses into a list" '(c b a)
                (vector-fold (lambda (tail elt) (cons elt tail)) '() #(a b c)))
    (test-equal "vector-fold counts" 3
                (vector-fold (lambda (counter n) (if (even? n) (+ counter 1) counter))
                             0 #(3 1 4 1 5 9 2 5 6)))
    (test-equal "vector-fold of two vectors stops at the shortest" '((2 b) (1 a))
                (vector-fold (lambda (acc x y) (cons (list x y) acc)) '() #(1 2 3) #(a b)))
    (test-equal "vector-fold of an empty vector" 'knil (vector-fold + 'knil #()))
    (test-error-message "vector-fold: not a vector"
                        "vector-fold: wrong type argument in position 4 (expected vector): (1)"
                        (lambda () (vector-fold + 0 #(1) '(1))))
    (test-error-contains "vector-fold: not a procedure" '("vector-fold:" "position 1")
                         (lambda () (vector-fold 0 0 #(1))))
    (test-equal "vector-fold-right makes a list" '(a b c d)
                (vector-fold-right (lambda (tail elt) (cons elt tail)) '() #(a b c d)))
    (test-equal "vector-fold-right of two vectors" '((1 a) (2 b))
                (vector-fold-right (lambda (acc x y) (cons (list x y) acc)) '() #(1 2 3) #(a b)))
    (test-error-contains "vector-fold-right: not a vector" '("vector-fold-right:" "position 3")
                         (lambda () (vector-fold-right + 0 "abc")))
    (test-equal "vector-map" #(1 4 9 16)
                (vector-map (lambda (x) (* x x))
                            (vector-unfold (lambda (i x) (values x (+ x 1))) 4 1)))
    (test-equal "vector-map of two vectors" #(5 8 9 8 5)
                (vector-map * (vector-unfold (lambda (i x) (values x (+ x 1))) 5 1)
                              (vector-unfold (lambda (i x) (values x (- x 1))) 5 5)))
    (test-equal "vector-map stops at the shortest" #(11 22) (vector-map + #(1 2 3) #(10 20)))
    (let ((v (vector 1 2 3)))
      (vector-map! (lambda (x) (* x 10)) v)
      (test-equal "vector-map!" #(10 20 30) v))
    (let ((v (vector 1 2 3)))
      (vector-map! + v #(10 20 30))
      (test-equal "vector-map! of two vectors" #(11 22 33) v))
    (let ((v (vector 1 2 3)))
      (vector-map! + v #(10 20))
      (test-equal "vector-map!: the shortest vector decides" #(11 22 3) v))
    (test-error-contains "vector-map!: not a vector" '("vector-map!:" "position 2")
                         (lambda () (vector-map! values '(1))))
    (test-equal "vector-for-each goes left to right" '("foo" "bar" "baz")
                (let ((seen '()))
                  (vector-for-each (lambda (x) (set! seen (cons x seen))) #("foo" "bar" "baz"))
                  (reverse seen)))
    (test-equal "vector-for-each of two vectors" '((1 . a) (2 . b))
                (let ((seen '()))
                  (vector-for-each (lambda (x y) (set! seen (cons (cons x y) seen)))
                                   #(1 2 3) #(a b))
                  (reverse seen)))
    (test-equal "vector-count" 3 (vector-count even? #(3 1 4 1 5 9 2 5 6)))
    (test-equal "vector-count of two vectors" 2 (vector-count < #(1 3 6 9) #(2 4 6 8 10 12)))
    (test-equal "vector-count of an empty vector" 0 (vector-count even? #()))
    (test-error-contains "vector-count: not a vector" '("vector-count:" "position 3")
                         (lambda () (vector-count < #(1) 1)))
    (test-equal "vector-cumulate" #(3 4 8 9 14 23 25 30 36)
                (vector-cumulate + 0 #(3 1 4 1 5 9 2 5 6)))
    (test-equal "vector-cumulate: (f previous element)" #((() . a) ((() . a) . b))
                (vector-cumulate cons '() #(a b)))
    (test-equal "vector-cumulate of an empty vector" #() (vector-cumulate + 0 #()))
    (test-error-message "vector-cumulate: not a vector"
                        "vector-cumulate: wrong type argument in position 3 (expected vector): (1)"
                        (lambda () (vector-cumulate + 0 '(1))))))

;; ------------------------------------------------------------------
(test-group "searching"
  (lambda ()
    (test-equal "vector-index" 2 (vector-index even? #(3 1 4 1 5 9)))
    (test-equal "vector-index of two vectors" 1 (vector-index < #(3 1 4 1 5 9 2 5 6) #(2 7 1 8 2)))
    (test-equal "vector-index: none before the shortest ends" #f
                (vector-index = #(3 1 4 1 5 9 2 5 6) #(2 7 1 8 2)))
    (test-equal "vector-index of an empty vector" #f (vector-index even? #()))
    (test-error-message "vector-index: not a vector"
                        "vector-index: wrong type argument in position 2 (expected vector): (2)"
                        (lambda () (vector-index even? '(2))))
    (test-equal "vector-index-right" 4 (vector-index-right even? #(3 1 4 1 6 9)))
    (test-equal "vector-index-right of two vectors" 3
                (vector-index-right < #(3 1 4 1 5) #(2 7 1 8 2)))
    (test-equal "vector-index-right: none" #f (vector-index-right even? #(1 3)))
    (test-error-contains "vector-index-right: different lengths"
                         '("vector-index-right:" "different lengths")
                         (lambda () (vector-index-right < #(1 2 3) #(1 2))))
    (test-equal "vector-skip" 2 (vector-skip number? #(1 2 a b 3 4 c d)))
    (test-equal "vector-skip of two vectors" 2 (vector-skip < #(1 2 5) #(2 3 4)))
    (test-equal "vector-skip: all satisfy" #f (vector-skip number? #(1 2)))
    (test-equal "vector-skip-right" 6 (vector-skip-right number? #(1 2 a b 3 4 c 5)))
    (test-equal "vector-skip-right: all satisfy" #f (vector-skip-right number? #(1 2)))
    (test-error-contains "vector-skip-right: different lengths"
                         '("vector-skip-right:" "different lengths")
                         (lambda () (vector-skip-right < #(1 2 3) #(1 2))))
    (let ((v #(1 3 5 7 9 11)))
      (test-equal "vector-binary-search finds" 3 (vector-binary-search v 7 -))
      (test-equal "vector-binary-search: the first" 0 (vector-binary-search v 1 -))
      (test-equal "vector-binary-search: the last" 5 (vector-binary-search v 11 -))
      (test-equal "vector-binary-search: absent" #f (vector-binary-search v 4 -))
      (test-equal "vector-binary-search: below all" #f (vector-binary-search v 0 -))
      (test-equal "vector-binary-search: above all" #f (vector-binary-search v 12 -))
      (test-equal "vector-binary-search within start and end" #f (vector-binary-search v 1 - 1))
      (test-equal "vector-binary-search within start and end, found" 2
                  (vector-binary-search v 5 - 1 4)))
    (test-equal "vector-binary-search of an empty vector" #f (vector-binary-search #() 1 -))
    (test-equal "vector-binary-search with characters" 2
                (vector-binary-search #(#\a #\c #\e #\g) #\e
                                      (lambda (c1 c2)
                                        (cond ((char<? c1 c2) -1) ((char=? c1 c2) 0) (else 1)))))
    (test-assert "vector-binary-search calls (cmp element value)"
                 (let ((ok #t))
                   (vector-binary-search #(1 2 3) 'key
                                         (lambda (elt value)
                                           (if (not (and (number? elt) (eq? value 'key)))
                                               (set! ok #f))
                                           1))
                   ok))
    (test-error-message "vector-binary-search: not a vector"
                        "vector-binary-search: wrong type argument in position 1 (expected vector): (1)"
                        (lambda () (vector-binary-search '(1) 1 -)))
    (test-error-contains "vector-binary-search: not a procedure" '("vector-binary-search:" "position 3")
                         (lambda () (vector-binary-search #(1) 1 2)))
    (test-error-contains "vector-binary-search: the comparison gives a non-number"
                         '("vector-binary-search:" "non-number")
                         (lambda () (vector-binary-search #(1 2) 1 (lambda (a b) 'less))))
    (test-equal "vector-any" #t (vector-any even? #(1 3 4)))
    (test-equal "vector-any: none" #f (vector-any even? #(1 3 5)))
    (test-equal "vector-any returns pred's value" 4 (vector-any (lambda (x) (and (even? x) x)) #(1 4 6)))
    (test-equal "vector-any of an empty vector" #f (vector-any (lambda (x) (error "called")) #()))
    (test-equal "vector-any of two vectors" 'yes
                (vector-any (lambda (x y) (and (> x y) 'yes)) #(1 2 5) #(3 4 1 0)))
    (test-equal "vector-any stops at the first true" '(1 2)
                (let ((seen '()))
                  (vector-any (lambda (x) (set! seen (cons x seen)) (even? x)) #(1 2 3 4))
                  (reverse seen)))
    (test-equal "vector-every" #t (vector-every odd? #(1 3 5)))
    (test-equal "vector-every: one fails" #f (vector-every odd? #(1 2 5)))
    (test-equal "vector-every returns the last value" 5 (vector-every (lambda (x) (and (odd? x) x)) #(1 3 5)))
    (test-equal "vector-every of an empty vector" #t (vector-every (lambda (x) (error "called")) #()))
    (test-equal "vector-every of two vectors stops at the shortest" #t
                (vector-every < #(1 2) #(2 3 0)))
    (test-error-contains "vector-every: not a vector" '("vector-every:" "position 2")
                         (lambda () (vector-every odd? 5)))
    (test-equal "vector-partition" '(#(2 4 6 1 3 5) 3)
                (all-values (lambda () (vector-partition even? #(1 2 3 4 5 6)))))
    (test-equal "vector-partition: all satisfy" '(#(2 4) 2)
                (all-values (lambda () (vector-partition even? #(2 4)))))
    (test-equal "vector-partition: none satisfy" '(#(1 3) 0)
                (all-values (lambda () (vector-partition even? #(1 3)))))
    (test-equal "vector-partition of an empty vector" '(#() 0)
                (all-values (lambda () (vector-partition even? #()))))
    (test-error-contains "vector-partition: not a vector" '("vector-partition:" "position 2")
                         (lambda () (vector-partition even? '(1))))))

;; ------------------------------------------------------------------
(test-group "mutators"
  (lambda ()
    (let ((v (vector 1 2 3)))
      (vector-set! v 0 'x)
      (test-equal "vector-set!" #(x 2 3) v))
    (let ((v (vector 'a 'b 'c)))
      (vector-swap! v 0 2)
      (test-equal "vector-swap!" #(c b a) v)
      (vector-swap! v 1 1)
      (test-equal "vector-swap! of one index" #(c b a) v))
    (test-error-message "vector-swap! past the end"
                        "vector-swap!: argument out of range in position 3: 3"
                        (lambda () (vector-swap! (vector 1 2 3) 0 3)))
    (test-error-message "vector-swap!: a non-integer index"
                        "vector-swap!: wrong type argument in position 2 (expected exact integer): a"
                        (lambda () (vector-swap! (vector 1 2 3) 'a 0)))
    (test-error-contains "vector-swap! of a literal vector" '("cannot modify")
                         (lambda () (vector-swap! #(1 2) 0 1)))
    (let ((v (vector 1 2 3 4)))
      (vector-fill! v 'z 1 3)
      (test-equal "vector-fill! with a range" #(1 z z 4) v)
      (vector-fill! v 0)
      (test-equal "vector-fill!" #(0 0 0 0) v))
    (let ((v (vector 1 2 3 4 5)))
      (vector-reverse! v)
      (test-equal "vector-reverse!" #(5 4 3 2 1) v)
      (vector-reverse! v 1 4)
      (test-equal "vector-reverse! with a range" #(5 2 3 4 1) v)
      (vector-reverse! v 3)
      (test-equal "vector-reverse! from" #(5 2 3 1 4) v))
    (let ((v (vector 1 2)))
      (vector-reverse! v 1 1)
      (test-equal "vector-reverse! of an empty range" #(1 2) v))
    (test-error-message "vector-reverse!: end past the length"
                        "vector-reverse!: argument out of range in position 3: 9"
                        (lambda () (vector-reverse! (vector 1 2) 0 9)))
    (let ((v (vector 0 1 2 3 4 5)))
      (vector-copy! v 1 v 0 3)
      (test-equal "vector-copy! with overlap" #(0 0 1 2 4 5) v))
    (let ((to (vector 'a 'b 'c 'd)))
      (vector-reverse-copy! to 1 #(1 2 3))
      (test-equal "vector-reverse-copy!" #(a 3 2 1) to))
    (let ((to (vector 'a 'b 'c 'd)))
      (vector-reverse-copy! to 0 #(1 2 3 4) 1 3)
      (test-equal "vector-reverse-copy! with a range" #(3 2 c d) to))
    (let ((v (vector 0 1 2 3 4 5)))
      (vector-reverse-copy! v 1 v 0 3)
      (test-equal "vector-reverse-copy! with overlap" #(0 2 1 0 4 5) v))
    (test-error-message "vector-reverse-copy!: no room at AT"
                        "vector-reverse-copy!: argument out of range in position 2: 2"
                        (lambda () (vector-reverse-copy! (vector 1 2 3) 2 #(1 2))))
    (test-error-contains "vector-reverse-copy!: a bad source range" '("vector-reverse-copy!:" "position 5")
                         (lambda () (vector-reverse-copy! (vector 1 2 3) 0 #(1 2) 0 3)))
    (let ((v (make-vector 5 '-)))
      (vector-unfold! (lambda (i s) (values (cons i s) (* s 2))) v 1 4 1)
      (test-equal "vector-unfold!" #(- (1 . 1) (2 . 2) (3 . 4) -) v))
    (let ((v (make-vector 3 '-)))
      (vector-unfold! (lambda (i) i) v 0 3)
      (test-equal "vector-unfold! without seeds" #(0 1 2) v))
    (let ((v (make-vector 5 '-)))
      (vector-unfold-right! (lambda (i s) (values (cons i s) (+ s 1))) v 1 4 0)
      (test-equal "vector-unfold-right!" #(- (1 . 2) (2 . 1) (3 . 0) -) v))
    (test-error-message "vector-unfold!: end past the length"
                        "vector-unfold!: argument out of range in position 4: 4"
                        (lambda () (vector-unfold! values (vector 1 2) 0 4)))
    (test-error-contains "vector-unfold-right!: not a vector" '("vector-unfold-right!:" "position 2")
                         (lambda () (vector-unfold-right! values '(1) 0 1)))))

;; ------------------------------------------------------------------
(test-group "conversion"
  (lambda ()
    (test-equal "vector->list" '(1 2 3) (vector->list #(1 2 3)))
    (test-equal "vector->list with a range" '(2) (vector->list #(1 2 3) 1 2))
    (test-equal "reverse-vector->list" '(3 2 1) (reverse-vector->list #(1 2 3)))
    (test-equal "reverse-vector->list from" '(3 2) (reverse-vector->list #(1 2 3) 1))
    (test-equal "reverse-vector->list with a range" '(2 1) (reverse-vector->list #(0 1 2 3) 1 3))
    (test-equal "reverse-vector->list of an empty vector" '() (reverse-vector->list #()))
    (test-error-message "reverse-vector->list: start past the length"
                        "reverse-vector->list: argument out of range in position 2: 4"
                        (lambda () (reverse-vector->list #(1 2 3) 4)))
    (test-error-contains "reverse-vector->list: too many arguments" '("reverse-vector->list:" "too many")
                         (lambda () (reverse-vector->list #(1 2 3) 0 1 2)))
    (test-equal "list->vector" #(1 2 3) (list->vector '(1 2 3)))
    (test-equal "reverse-list->vector" #(3 2 1) (reverse-list->vector '(1 2 3)))
    (test-equal "reverse-list->vector of ()" #() (reverse-list->vector '()))
    (test-error-message "reverse-list->vector of a dotted list"
                        "reverse-list->vector: wrong type argument in position 1 (expected proper list): (1 . 2)"
                        (lambda () (reverse-list->vector '(1 . 2))))
    (test-equal "vector->string" "abc" (vector->string #(#\a #\b #\c)))
    (test-equal "vector->string with a range" "b" (vector->string #(#\a #\b #\c) 1 2))
    (test-equal "string->vector" #(#\a #\b) (string->vector "ab"))
    (test-equal "string->vector with a range" #(#\b) (string->vector "abc" 1 2))))

(test-end "srfi-133")

;;; srfi-133.scm ends here
