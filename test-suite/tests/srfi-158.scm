;;; srfi-158.scm -- SRFI 158, Generators and Accumulators
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The examples of the SRFI document, every constructor, operation,
;;; consumer and accumulator, exhaustion (a finite generator keeps
;;; returning an end-of-file object), infinite generators with a count,
;;; coroutines that are resumed many times, and the errors, which name
;;; the procedure.

;;; Code:

(import (srfi 158))

(test-begin "srfi-158")

(define (exhausted? g) (and (eof-object? (g)) (eof-object? (g))))

;; ------------------------------------------------------------------
(test-group "constructors"
  (lambda ()
    (test-equal "generator" '(1 2 3) (generator->list (generator 1 2 3)))
    (test-assert "an empty generator" (exhausted? (generator)))
    (test-assert "a finite generator stays exhausted"
                 (let ((g (generator 1))) (g) (exhausted? g)))
    (test-equal "circular-generator" '(1 2 3 1 2 3 1)
                (generator->list (circular-generator 1 2 3) 7))
    (test-error "circular-generator needs an argument" (lambda () (circular-generator)))
    (test-equal "make-iota-generator" '((8 9 10) (8 10 12) (0 1 2))
                (list (generator->list (make-iota-generator 3 8))
                      (generator->list (make-iota-generator 3 8 2))
                      (generator->list (make-iota-generator 3))))
    (test-equal "make-iota-generator, inexact" '(0.0 0.5 1.0)
                (generator->list (make-iota-generator 3 0 0.5)))
    (test-equal "the exactness of count does not matter" '(1 2)
                (generator->list (make-iota-generator 2.0 1)))
    (test-equal "make-range-generator" '((3 4 5 6) (3 4 5 6 7) (3 5 7))
                (list (generator->list (make-range-generator 3) 4)
                      (generator->list (make-range-generator 3 8))
                      (generator->list (make-range-generator 3 8 2))))
    (test-equal "make-range-generator, inexact step" '(0.0 0.25 0.5 0.75)
                (generator->list (make-range-generator 0 1 0.25)))
    (test-equal "the exactness of end does not matter" '(1 2)
                (generator->list (make-range-generator 1 2.5)))
    (test-equal "make-coroutine-generator" '(0 1 2)
                (generator->list
                 (make-coroutine-generator
                  (lambda (yield)
                    (let loop ((i 0))
                      (when (< i 3) (yield i) (loop (+ i 1))))))))
    (test-equal "a coroutine resumed a thousand times" 499500
                (generator-fold + 0
                                (make-coroutine-generator
                                 (lambda (yield)
                                   (do ((i 0 (+ i 1))) ((= i 1000)) (yield i))))))
    (test-assert "a coroutine that returned stays exhausted"
                 (let ((g (make-coroutine-generator (lambda (yield) (yield 1) 'ignored))))
                   (g) (exhausted? g)))
    (test-equal "two coroutines interleaved" '((a . 1) (b . 2) (c . 3))
                (generator-map->list cons
                                     (make-coroutine-generator
                                      (lambda (y) (for-each y '(a b c))))
                                     (make-coroutine-generator
                                      (lambda (y) (for-each y '(1 2 3 4))))))
    (test-equal "list->generator" '(1 2 3 4 5)
                (generator->list (list->generator '(1 2 3 4 5))))
    (test-equal "vector->generator" '((1 2 3 4 5) (c d e) (c d))
                (list (generator->list (vector->generator '#(1 2 3 4 5)))
                      (generator->list (vector->generator '#(a b c d e) 2))
                      (generator->list (vector->generator '#(a b c d e) 2 4))))
    (test-equal "reverse-vector->generator" '((5 4 3 2 1) (e d c) (d c) (b a))
                (list (generator->list (reverse-vector->generator '#(1 2 3 4 5)))
                      (generator->list (reverse-vector->generator '#(a b c d e) 2))
                      (generator->list (reverse-vector->generator '#(a b c d e) 2 4))
                      (generator->list (reverse-vector->generator '#(a b c d e) 0 2))))
    (test-equal "string->generator" '((#\a #\b #\c #\d #\e) (#\c #\d))
                (list (generator->list (string->generator "abcde"))
                      (generator->list (string->generator "abcde" 2 4))))
    (test-equal "bytevector->generator" '((1 2 3) (2))
                (list (generator->list (bytevector->generator (bytevector 1 2 3)))
                      (generator->list (bytevector->generator (bytevector 1 2 3) 1 2))))
    (test-equal "mutating the vector shows in the generator" '(1 x 3)
                (let* ((v (vector 1 2 3)) (g (vector->generator v)))
                  (let ((a (g)))
                    (vector-set! v 1 'x)
                    (cons a (generator->list g)))))
    (test-equal "make-for-each-generator" '((1 2 3) (#\a #\b) (x y))
                (list (generator->list (make-for-each-generator for-each '(1 2 3)))
                      (generator->list (make-for-each-generator string-for-each "ab"))
                      (generator->list (make-for-each-generator vector-for-each '#(x y)))))
    (test-equal "make-for-each-generator of the document's digits" '(3 2 1)
                (let ()
                  (define (for-each-digit proc n)
                    (when (> n 0)
                      (let-values (((div rem) (truncate/ n 10)))
                        (proc rem)
                        (for-each-digit proc div))))
                  (generator->list (make-for-each-generator for-each-digit 123))))
    (test-equal "make-unfold-generator" '(0 2 4 6 8 10)
                (generator->list (make-unfold-generator (lambda (s) (> s 5))
                                                        (lambda (s) (* s 2))
                                                        (lambda (s) (+ s 1))
                                                        0)))
    (test-error-message "vector->generator past the end"
      "vector->generator: argument out of range in position 3: 9"
      (lambda () (vector->generator '#(1 2) 0 9)))
    (test-error-message "vector->generator with start after end"
      "vector->generator: argument out of range in position 2: 2"
      (lambda () (vector->generator '#(1 2 3) 2 1)))
    (test-error-message "string->generator of a symbol"
      "string->generator: wrong type argument in position 1 (expected string): abc"
      (lambda () (string->generator 'abc)))
    (test-error-message "list->generator of an improper list"
      "list->generator: wrong type argument in position 1 (expected list): (1 . 2)"
      (lambda () (list->generator '(1 . 2))))
    (test-error-message "make-iota-generator of a negative count"
      "make-iota-generator: wrong type argument in position 1 (expected non-negative integer): -1"
      (lambda () (make-iota-generator -1)))
    (test-error-message "make-coroutine-generator of a non-procedure"
      "make-coroutine-generator: wrong type argument in position 1 (expected procedure): 5"
      (lambda () (make-coroutine-generator 5)))))

;; ------------------------------------------------------------------
(test-group "operations"
  (lambda ()
    (test-equal "gcons*" '(a b 0 1)
                (generator->list (gcons* 'a 'b (make-range-generator 0 2))))
    (test-equal "gcons* of a generator alone" '(1)
                (generator->list (gcons* (generator 1))))
    (test-equal "gappend" '(0 1 2 0 1)
                (generator->list (gappend (make-range-generator 0 3)
                                          (make-range-generator 0 2))))
    (test-equal "gappend of nothing" '() (generator->list (gappend)))
    (test-equal "gflatten" '(1 2 3 4)
                (generator->list (gflatten (generator '(1 2) '() '(3) '(4)))))
    (test-equal "ggroup" '((1 2 3) (4 5 6) (7))
                (generator->list (ggroup (make-range-generator 1 8) 3)))
    (test-equal "ggroup with padding" '((1 2 3) (4 5 6) (7 z z))
                (generator->list (ggroup (make-range-generator 1 8) 3 'z)))
    (test-equal "ggroup of an exact multiple" '((1 2) (3 4))
                (generator->list (ggroup (generator 1 2 3 4) 2 'z)))
    (test-equal "gmerge" '(1 2 3 4 5 6 7)
                (generator->list (gmerge < (generator 1 4 7) (generator 2 5)
                                         (generator 3 6))))
    (test-equal "gmerge takes the leftmost of equal items first" '((1 . a) (1 . b) (2 . a))
                (generator->list (gmerge (lambda (x y) (< (car x) (car y)))
                                         (generator '(1 . a) '(2 . a))
                                         (generator '(1 . b)))))
    (test-assert "gmerge of one generator returns it"
                 (let ((g (generator 1))) (eq? g (gmerge < g))))
    (test-equal "gmap" '(0 -1 -2)
                (generator->list (gmap - (make-range-generator 0 3))))
    (test-equal "gmap of two generators stops at the shorter" '((1 . 4) (2 . 5))
                (generator->list (gmap cons (generator 1 2 3) (generator 4 5))))
    (test-equal "gcombine" '(1 3 6 10)
                (generator->list
                 (gcombine (lambda (v seed) (let ((s (+ v seed))) (values s s)))
                           0 (generator 1 2 3 4))))
    (test-equal "gcombine of two generators" '(11 22)
                (generator->list
                 (gcombine (lambda (a b seed) (values (+ a b seed) seed))
                           0 (generator 1 2) (generator 10 20 30))))
    (test-equal "gfilter gremove" '((0 2 4) (1 3))
                (list (generator->list (gfilter even? (make-range-generator 0 5)))
                      (generator->list (gremove even? (make-range-generator 0 5)))))
    (test-equal "gstate-filter: every other item" '(a c e)
                (generator->list
                 (gstate-filter (lambda (item keep) (values keep (not keep)))
                                #t (generator 'a 'b 'c 'd 'e))))
    (test-equal "gtake" '(1 2) (generator->list (gtake (generator 1 2 3) 2)))
    (test-equal "gtake past the end" '(1 2 3) (generator->list (gtake (generator 1 2 3) 5)))
    (test-equal "gtake with padding" '(1 2 3 0 0)
                (generator->list (gtake (generator 1 2 3) 5 0)))
    (test-equal "gtake of an infinite generator" '(1 2 1 2 1)
                (generator->list (gtake (circular-generator 1 2) 5)))
    (test-equal "gdrop" '((3) ())
                (list (generator->list (gdrop (generator 1 2 3) 2))
                      (generator->list (gdrop (generator 1 2 3) 5))))
    (test-equal "gtake-while gdrop-while" '((1 2) (3 1))
                (list (generator->list (gtake-while (lambda (x) (< x 3)) (generator 1 2 3 1)))
                      (generator->list (gdrop-while (lambda (x) (< x 3)) (generator 1 2 3 1)))))
    (test-equal "gdelete" '(1 2 4 5 6 7)
                (generator->list (gdelete 3 (generator 1 2 3 4 5 3 6 7))))
    (test-equal "gdelete with a predicate, item first" '(1 2)
                (generator->list (gdelete 2 (generator 1 2 3 4) (lambda (x y) (< x y)))))
    (test-equal "gdelete-neighbor-dups" '(a b c a d c)
                (generator->list (gdelete-neighbor-dups (list->generator '(a a b c a a a d c)))))
    (test-equal "gdelete-neighbor-dups keeps a leading #f" '(#f 1)
                (generator->list (gdelete-neighbor-dups (generator #f #f 1))))
    (test-equal "gdelete-neighbor-dups with eqv? on numbers" '(1 2 1)
                (generator->list (gdelete-neighbor-dups (generator 1 1 2 1) =)))
    (test-equal "gindex" '(a c e)
                (generator->list (gindex (list->generator '(a b c d e f))
                                         (list->generator '(0 2 4)))))
    (test-equal "gindex past the end" '(b)
                (generator->list (gindex (generator 'a 'b) (generator 1 5))))
    (test-error-message "gindex refuses decreasing indices"
      "gindex: indices must be exact, non-negative and strictly increasing: 1"
      (lambda () (generator->list (gindex (generator 'a 'b 'c 'd) (generator 2 1)))))
    (test-equal "gselect" '(a d e)
                (generator->list (gselect (list->generator '(a b c d e f))
                                          (list->generator '(#t #f #f #t #t #f)))))
    (test-error-message "gtake's count"
      "gtake: wrong type argument in position 2 (expected non-negative exact integer): -1"
      (lambda () (gtake (generator) -1)))
    (test-error-message "gmap's generators are checked"
      "gmap: wrong type argument in position 3 (expected procedure): (1)"
      (lambda () (gmap + (generator 1) '(1))))
    (test-error-message "gflatten of a non-list"
      "gflatten: the generator gave a non-list: 5"
      (lambda () (generator->list (gflatten (generator 5)))))))

;; ------------------------------------------------------------------
(test-group "consumers"
  (lambda ()
    (test-equal "generator->list with a count" '(1 2)
                (generator->list (generator 1 2 3) 2))
    (test-equal "generator->reverse-list" '((3 2 1) (2 1))
                (list (generator->reverse-list (generator 1 2 3))
                      (generator->reverse-list (generator 1 2 3) 2)))
    (test-equal "generator->vector" '(#(1 2 3) #(1))
                (list (generator->vector (generator 1 2 3))
                      (generator->vector (generator 1 2 3) 1)))
    (test-equal "generator->vector!" '(2 #(0 a b 0))
                (let* ((v (make-vector 4 0))
                       (n (generator->vector! v 1 (generator 'a 'b))))
                  (list n v)))
    (test-equal "generator->vector! stops when the vector is full" '(2 #(0 a b))
                (let* ((v (make-vector 3 0))
                       (n (generator->vector! v 1 (circular-generator 'a 'b))))
                  (list n v)))
    (test-equal "generator->string" '("abc" "ab")
                (list (generator->string (string->generator "abc"))
                      (generator->string (string->generator "abc") 2)))
    (test-error-message "generator->string of a non-character"
      "generator->string: the generator gave a non-character: 1"
      (lambda () (generator->string (generator #\a 1))))
    (test-equal "generator-fold" '(e d c b a . z)
                (generator-fold cons 'z (list->generator '(a b c d e))))
    (test-equal "generator-fold over two generators" 6
                (generator-fold + 0 (generator 1 2 3) (generator 1 2)))
    (test-equal "generator-fold over read" '(e d c b a . z)
                (let ((p (open-input-string "a b c d e")))
                  (generator-fold cons 'z (lambda () (read p)))))
    (test-equal "generator-for-each" '(3 2 1)
                (let ((acc '()))
                  (generator-for-each (lambda (x) (set! acc (cons x acc)))
                                      (generator 1 2 3))
                  acc))
    (test-equal "generator-for-each of two" '(33 22 11)
                (let ((acc '()))
                  (generator-for-each (lambda (x y) (set! acc (cons (+ x y) acc)))
                                      (generator 1 2 3) (generator 10 20 30 40))
                  acc))
    (test-equal "generator-map->list" '((2 3 4) (11 22))
                (list (generator-map->list (lambda (x) (+ x 1)) (generator 1 2 3))
                      (generator-map->list + (generator 1 2) (generator 10 20 30))))
    (test-equal "generator-find" '(4 #f)
                (list (generator-find even? (generator 1 3 4 5))
                      (generator-find even? (generator 1 3))))
    (test-equal "generator-find leaves the rest" '(5)
                (let ((g (generator 1 4 5)))
                  (generator-find even? g)
                  (generator->list g)))
    (test-equal "generator-count" 2 (generator-count even? (generator 1 2 3 4)))
    (test-equal "generator-any" '(#t #f 4)
                (list (generator-any even? (generator 1 2))
                      (generator-any even? (generator 1 3))
                      (generator-any (lambda (x) (and (> x 3) x)) (generator 1 4 5))))
    (test-equal "generator-every" '(#t #f 5 #t)
                (list (generator-every odd? (generator 1 3))
                      (generator-every odd? (generator 1 2 3))
                      (generator-every (lambda (x) (and (> x 0) x)) (generator 1 5))
                      (generator-every odd? (generator))))
    (test-equal "generator-unfold" '(#\a #\b #\c)
                (generator-unfold (make-for-each-generator string-for-each "abc")
                                  (lambda (stop? mapper successor seed)
                                    (let loop ((s seed) (acc '()))
                                      (if (stop? s)
                                          (reverse acc)
                                          (loop (successor s) (cons (mapper s) acc)))))))
    (test-error-message "generator->list's count"
      "generator->list: wrong type argument in position 2 (expected non-negative exact integer): 1.5"
      (lambda () (generator->list (generator) 1.5)))
    (test-error-message "generator-fold of a non-generator"
      "generator-fold: wrong type argument in position 3 (expected procedure): (1 2)"
      (lambda () (generator-fold + 0 '(1 2))))))

;; ------------------------------------------------------------------
(define (accumulate acc . items)
  (for-each acc items)
  (acc (eof-object)))

(test-group "accumulators"
  (lambda ()
    (test-equal "make-accumulator" '(3 2 1)
                (accumulate (make-accumulator cons '() (lambda (l) l)) 1 2 3))
    (test-equal "make-accumulator calls its finalizer at each eof" '(6 6)
                (let ((a (make-accumulator + 0 (lambda (s) s))))
                  (a 1) (a 2) (a 3)
                  (list (a (eof-object)) (a (eof-object)))))
    (test-equal "count-accumulator" 3 (accumulate (count-accumulator) 'a 'b 'c))
    (test-equal "list-accumulator" '(1 2 3) (accumulate (list-accumulator) 1 2 3))
    (test-equal "reverse-list-accumulator" '(3 2 1)
                (accumulate (reverse-list-accumulator) 1 2 3))
    (test-equal "vector-accumulator" '#(1 2 3) (accumulate (vector-accumulator) 1 2 3))
    (test-equal "reverse-vector-accumulator" '#(3 2 1)
                (accumulate (reverse-vector-accumulator) 1 2 3))
    (test-equal "vector-accumulator!" '#(0 a b)
                (accumulate (vector-accumulator! (make-vector 3 0) 1) 'a 'b))
    (test-error-message "vector-accumulator! when full"
      "vector-accumulator!: the vector is full: c"
      (lambda () (accumulate (vector-accumulator! (make-vector 3 0) 1) 'a 'b 'c)))
    (test-equal "string-accumulator" "abc"
                (accumulate (string-accumulator) #\a #\b #\c))
    (test-error-message "string-accumulator of a non-character"
      "string-accumulator: cannot accumulate a non-character: 1"
      (lambda () (accumulate (string-accumulator) #\a 1)))
    (test-equal "bytevector-accumulator" (bytevector 1 2 255)
                (accumulate (bytevector-accumulator) 1 2 255))
    (test-error-message "bytevector-accumulator of a non-byte"
      "bytevector-accumulator: cannot accumulate a non-byte: 256"
      (lambda () (accumulate (bytevector-accumulator) 256)))
    (test-equal "bytevector-accumulator!" (bytevector 9 1 2)
                (accumulate (bytevector-accumulator! (bytevector 9 9 9) 1) 1 2))
    (test-error-message "bytevector-accumulator! when full"
      "bytevector-accumulator!: the bytevector is full: 3"
      (lambda () (accumulate (bytevector-accumulator! (bytevector 0) 0) 2 3)))
    (test-equal "sum-accumulator product-accumulator" '(10 24 0 1)
                (list (accumulate (sum-accumulator) 1 2 3 4)
                      (accumulate (product-accumulator) 1 2 3 4)
                      (accumulate (sum-accumulator))
                      (accumulate (product-accumulator))))
    (test-error-message "sum-accumulator of a non-number"
      "sum-accumulator: cannot accumulate a non-number: x"
      (lambda () (accumulate (sum-accumulator) 'x)))
    (test-equal "an accumulator gives its result again at each eof" '((1) (1))
                (let ((a (list-accumulator)))
                  (a 1)
                  (list (a (eof-object)) (a (eof-object)))))
    (test-equal "generator to accumulator" "cba"
                (let ((a (string-accumulator)))
                  (generator-for-each a (reverse-vector->generator '#(#\a #\b #\c)))
                  (a (eof-object))))))

(test-end "srfi-158")
