;;; srfi-117.scm -- tests of SRFI 117, list queues
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(import (srfi 117))

(test-begin "srfi-117")

(define (two thunk) (call-with-values thunk list))

(test-group "constructors"
  (lambda ()
    (test-equal "make-list-queue shares the list" #t
                (let* ((l (list 1 2 3)) (q (make-list-queue l))) (eq? l (list-queue-list q))))
    (test-equal "make-list-queue with its last pair" 3
                (let ((l (list 1 2 3))) (list-queue-back (make-list-queue l (cddr l)))))
    (test-equal "make-list-queue of ()" #t (list-queue-empty? (make-list-queue '())))
    (test-error-contains "make-list-queue of a non-list" '("make-list-queue:")
                         (lambda () (make-list-queue 5)))
    (test-error-contains "a pair with () as last" '("make-list-queue:")
                         (lambda () (make-list-queue (list 1) '())))
    (test-equal "list-queue" '(a b) (list-queue-list (list-queue 'a 'b)))
    (test-assert "list-queue-copy is a new queue"
                 (let* ((q (list-queue 1 2)) (c (list-queue-copy q)))
                   (list-queue-add-back! c 3)
                   (and (equal? (list-queue-list q) '(1 2)) (equal? (list-queue-list c) '(1 2 3)))))
    (test-equal "list-queue-unfold" '(0 2 4 6 8)
                (list-queue-list (list-queue-unfold (lambda (x) (> x 3)) (lambda (x) (* 2 x))
                                                    (lambda (x) (+ x 1)) 0 (list-queue 8))))
    (test-equal "list-queue-unfold-right" '(8 6 4 2 0)
                (list-queue-list (list-queue-unfold-right (lambda (x) (> x 3)) (lambda (x) (* 2 x))
                                                          (lambda (x) (+ x 1)) 0 (list-queue 8))))))

(test-group "accessors and mutators"
  (lambda ()
    (let ((q (list-queue 2)))
      (list-queue-add-front! q 1)
      (list-queue-add-back! q 3)
      (test-equal "add at both ends" '(1 2 3) (list-queue-list q))
      (test-equal "front and back" '(1 3) (list (list-queue-front q) (list-queue-back q)))
      (test-equal "first-last pairs" '((1 2 3) (3)) (two (lambda () (list-queue-first-last q))))
      (test-equal "remove-front!" 1 (list-queue-remove-front! q))
      (test-equal "remove-back!" 3 (list-queue-remove-back! q))
      (test-equal "what is left" '(2) (list-queue-list q))
      (test-equal "remove-back! of the last element" 2 (list-queue-remove-back! q))
      (test-assert "empty now" (list-queue-empty? q))
      (test-equal "first-last of an empty queue" '(() ()) (two (lambda () (list-queue-first-last q))))
      (list-queue-add-back! q 'x)
      (test-equal "add-back! to an empty queue" '(x x) (list (list-queue-front q) (list-queue-back q)))
      (test-equal "remove-all!" '(x) (list-queue-remove-all! q))
      (test-error-contains "front of an empty queue" '("list-queue-front:" "empty")
                           (lambda () (list-queue-front q)))
      (test-error-contains "remove-front! of an empty queue" '("list-queue-remove-front!:" "empty")
                           (lambda () (list-queue-remove-front! q)))
      (test-error-contains "remove-back! of an empty queue" '("list-queue-remove-back!:")
                           (lambda () (list-queue-remove-back! q)))
      (list-queue-set-list! q (list 7 8 9))
      (test-equal "set-list!" '(7 9) (list (list-queue-front q) (list-queue-back q))))
    (test-error-contains "a non-queue" '("list-queue-front:" "list queue")
                         (lambda () (list-queue-front '(1))))
    (test-assert "list-queue?" (and (list-queue? (list-queue)) (not (list-queue? '()))))
    (test-equal "10^5 elements through the queue, O(1) each" 100000
                (let ((q (list-queue)))
                  (do ((i 0 (+ i 1))) ((= i 100000)) (list-queue-add-back! q i))
                  (let loop ((n 0))
                    (if (list-queue-empty? q) n
                        (begin (list-queue-remove-front! q) (loop (+ n 1)))))))))

(test-group "whole queues"
  (lambda ()
    (let ((a (list-queue 1 2)) (b (list-queue 3)))
      (test-equal "append" '(1 2 3) (list-queue-list (list-queue-append a b)))
      (test-equal "append leaves its arguments" '((1 2) (3)) (list (list-queue-list a) (list-queue-list b)))
      (test-equal "append of nothing" '() (list-queue-list (list-queue-append)))
      (test-equal "concatenate" '(1 2 3 1 2) (list-queue-list (list-queue-concatenate (list a b a))))
      (let ((c (list-queue-append! (list-queue-copy a) (list-queue) (list-queue-copy b))))
        (test-equal "append!" '(1 2 3) (list-queue-list c))
        (list-queue-add-back! c 4)
        (test-equal "append!'s result keeps its last pair" 4 (list-queue-back c))))
    (test-equal "map" '(2 4) (list-queue-list (list-queue-map (lambda (x) (* 2 x)) (list-queue 1 2))))
    (test-equal "map!" '(1 4 9)
                (let ((q (list-queue 1 2 3))) (list-queue-map! (lambda (x) (* x x)) q) (list-queue-list q)))
    (test-equal "for-each, front to back" '(3 2 1)
                (let ((acc '())) (list-queue-for-each (lambda (x) (set! acc (cons x acc))) (list-queue 1 2 3)) acc))))

(test-end "srfi-117")
