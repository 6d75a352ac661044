;;; srfi-121.scm -- SRFI 121, Generators
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; (srfi 121) is (srfi 158) cut to SRFI 121's names: the SRFI's
;;; examples, exactly its exports (none of 158's additions), and the
;;; two libraries importing together as one set of bindings.

;;; Code:

(import (srfi 121) (scheme eval))

(test-begin "srfi-121")

(define env (environment '(srfi 121)))

(test-group "the SRFI's examples"
  (lambda ()
    (test-equal '() (generator->list (generator)))
    (test-equal '(1 2 3) (generator->list (generator 1 2 3)))
    (test-equal '(8 10 12) (generator->list (make-iota-generator 3 8 2)))
    (test-equal '(3 4 5 6) (generator->list (make-range-generator 3) 4))
    (test-equal '(0 1 2)
                (generator->list
                 (make-coroutine-generator
                  (lambda (yield) (let loop ((i 0))
                                    (when (< i 3) (yield i) (loop (+ i 1))))))))
    (test-equal '(5 4 3 2 1)
                (generator->list (reverse-vector->generator '#(1 2 3 4 5))))
    (test-equal '(#\a #\b) (generator->list (string->generator "ab")))
    (test-equal '(10 20) (generator->list (bytevector->generator (bytevector 10 20))))
    (test-equal '(a b 0 1) (generator->list (gcons* 'a 'b (make-range-generator 0 2))))
    (test-equal '(0 1 2 0 1) (generator->list (gappend (make-range-generator 0 3)
                                                       (make-range-generator 0 2))))
    (test-equal '(15 21 28) (generator->list (gcombine (lambda (x y z) (values (+ x y z) (+ y z)))
                                                       10
                                                       (generator 1 2 3)
                                                       (generator 4 5 6))))
    (test-equal '(1 3 5) (generator->list (gfilter odd? (make-range-generator 1 7))))
    (test-equal '(2 4 6) (generator->list (gremove odd? (make-range-generator 1 7))))
    (test-equal '(1 2 3 0 0) (generator->list (gtake (generator 1 2 3) 5 0)))
    (test-equal '(3 4) (generator->list (gdrop (generator 1 2 3 4) 2)))
    (test-equal '(1 2) (generator->list (gtake-while (lambda (x) (< x 3)) (generator 1 2 3 1))))
    (test-equal '(3 1) (generator->list (gdrop-while (lambda (x) (< x 3)) (generator 1 2 3 1))))
    (test-equal '(1 2 2) (generator->list (gdelete 3 (generator 1 3 2 2))))
    (test-equal '(a b a) (generator->list (gdelete-neighbor-dups (generator 'a 'a 'b 'a))))
    (test-equal '(b d) (generator->list (gindex (generator 'a 'b 'c 'd) (generator 1 3))))
    (test-equal '(a c) (generator->list (gselect (generator 'a 'b 'c) (generator #t #f #t))))
    (test-equal '(3 2 1) (generator->reverse-list (generator 1 2 3)))
    (test-equal #(1 2) (generator->vector (generator 1 2)))
    (test-equal 2 (let ((v (make-vector 3 0))) (generator->vector! v 1 (generator 7 8 9))))
    (test-equal "ab" (generator->string (generator #\a #\b)))
    (test-equal 6 (generator-fold + 0 (generator 1 2 3)))
    (test-equal 2 (generator-find even? (generator 1 2 3)))
    (test-equal 2 (generator-count odd? (generator 1 2 3)))
    (test-assert (generator-any odd? (generator 2 3)))
    (test-assert (not (generator-every odd? (generator 1 2))))
    (test-equal "abc" (generator-unfold (generator #\a #\b #\c)
                                        (lambda (stop? mapper successor seed)
                                          (let loop ((s seed) (acc '()))
                                            (if (stop? s)
                                                (list->string (reverse acc))
                                                (loop (successor s) (cons (mapper s) acc)))))))
    (test-equal '(1 2)
                (let ((acc '()))
                  (generator-for-each (lambda (x) (set! acc (cons x acc))) (generator 2 1))
                  acc))
    (test-equal '(4 5 6)
                (generator->list (make-unfold-generator (lambda (s) (> s 6)) values
                                                        (lambda (s) (+ s 1)) 4)))
    (test-equal '(3 2 1)
                (generator->list
                 (make-for-each-generator (lambda (p l) (for-each p l)) '(3 2 1))))))

(test-group "exactly SRFI 121's names"
  (lambda ()
    (test-assert (procedure? (eval 'gselect env)))
    (test-error (eval 'gmap env))
    (test-error (eval 'circular-generator env))
    (test-error (eval 'make-accumulator env))
    (test-error (eval 'generator-map->list env))))

(test-group "with (srfi 158)"
  (lambda ()
    (let ((both (environment '(scheme base) '(srfi 121) '(srfi 158))))
      (test-eq (eval 'generator->list both) generator->list)
      (test-equal '(2 4) (eval '(generator->list (gmap (lambda (x) (* 2 x)) (generator 1 2)))
                               both)))
    (test-error (gtake 'not-a-generator 2))))

(test-end "srfi-121")
