;;; srfi-27.scm -- tests of SRFI 27, sources of random bits
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(import (srfi 27) (srfi 1))

(test-begin "srfi-27")

(define (draws n thunk)
  (let loop ((i 0) (acc '()))
    (if (= i n) (reverse acc) (loop (+ i 1) (cons (thunk) acc)))))

(test-group "random-integer and random-real"
  (lambda ()
    (test-assert "random-integer: exact, in range"
                 (every (lambda (x) (and (exact-integer? x) (<= 0 x 6)))
                        (draws 500 (lambda () (random-integer 7)))))
    (test-assert "random-integer of a bignum bound"
                 (let ((n (expt 2 200)))
                   (every (lambda (x) (< -1 x n))
                          (draws 50 (lambda () (random-integer n))))))
    (test-assert "random-real: in the open interval (0, 1)"
                 (every (lambda (x) (and (inexact? x) (< 0 x 1)))
                        (draws 1000 random-real)))
    (test-error-contains "random-integer 0" '("random-integer:" "positive")
                         (lambda () (random-integer 0)))
    (test-error-contains "random-integer of a real" '("random-integer:")
                         (lambda () (random-integer 2.5)))))

(test-group "sources"
  (lambda ()
    (test-assert "random-source?" (random-source? default-random-source))
    (test-assert "random-source? of a random state is #f"
                 (not (random-source? *random-state*)))
    (test-assert "random-source? of other things"
                 (not (or (random-source? 1) (random-source? '()))))
    (test-equal "make-random-source: always the same initial state"
                (random-source-state-ref (make-random-source))
                (random-source-state-ref (make-random-source)))
    (test-assert "two new sources give the same numbers"
                 (let ((a (random-source-make-integers (make-random-source)))
                       (b (random-source-make-integers (make-random-source))))
                   (equal? (draws 10 (lambda () (a 1000)))
                           (draws 10 (lambda () (b 1000))))))
    (test-assert "state-ref / state-set! replays a sequence"
                 (let* ((s (make-random-source))
                        (next (random-source-make-integers s))
                        (saved (begin (next 10) (random-source-state-ref s)))
                        (first (draws 8 (lambda () (next 1000000)))))
                   (random-source-state-set! s saved)
                   (equal? first (draws 8 (lambda () (next 1000000))))))
    (test-assert "the state is an external representation"
                 (let* ((s (make-random-source))
                        (text (let ((o (open-output-string)))
                                (write (random-source-state-ref s) o)
                                (get-output-string o)))
                        (t (make-random-source)))
                   (random-source-randomize! t)
                   (random-source-state-set! t (read (open-input-string text)))
                   (equal? (random-source-state-ref s) (random-source-state-ref t))))
    (test-assert "randomize! changes the state, differently each time"
                 (let ((s (make-random-source)) (t (make-random-source)))
                   (random-source-randomize! s)
                   (random-source-randomize! t)
                   (not (or (equal? (random-source-state-ref s)
                                    (random-source-state-ref (make-random-source)))
                            (equal? (random-source-state-ref s)
                                    (random-source-state-ref t))))))
    (test-assert "pseudo-randomize!: the same (i, j), the same state"
                 (let ((s (make-random-source)) (t (make-random-source)))
                   (random-source-pseudo-randomize! s 3 4)
                   (random-source-pseudo-randomize! t 3 4)
                   (equal? (random-source-state-ref s) (random-source-state-ref t))))
    (test-assert "pseudo-randomize!: (i, j) and (j, i) and others differ"
                 (let ((states (map (lambda (ij)
                                      (let ((s (make-random-source)))
                                        (random-source-pseudo-randomize! s (car ij) (cadr ij))
                                        (random-source-state-ref s)))
                                    '((0 0) (0 1) (1 0) (3 4) (4 3) (2 5)))))
                   (= (length (delete-duplicates states)) 6)))
    (test-assert "pseudo-randomize! with bignums"
                 (let ((s (make-random-source)))
                   (random-source-pseudo-randomize! s (expt 10 30) (expt 10 31))
                   (random-source? s)))
    (test-assert "make-integers follows a state-set! made afterwards"
                 (let* ((s (make-random-source))
                        (next (random-source-make-integers s))
                        (start (random-source-state-ref s))
                        (a (next 1000000)))
                   (random-source-state-set! s start)
                   (= a (next 1000000))))
    (test-assert "make-reals with a unit"
                 (let ((next (random-source-make-reals (make-random-source) 0.001)))
                   (every (lambda (x) (< 0 x 1)) (draws 100 next))))
    (test-error-contains "make-reals with a unit of 1" '("random-source-make-reals:")
                         (lambda () (random-source-make-reals (make-random-source) 1)))
    (test-error-contains "state-ref of a non-source"
                         '("random-source-state-ref:" "random source")
                         (lambda () (random-source-state-ref 5)))
    (test-error-contains "state-set! of a bad state"
                         '("datum->random-state:")
                         (lambda () (random-source-state-set! (make-random-source) '(1 2))))
    (test-error-contains "pseudo-randomize! of a negative"
                         '("random-source-pseudo-randomize!:" "position 2")
                         (lambda () (random-source-pseudo-randomize! (make-random-source) -1 0)))
    (test-error-contains "make-integers of a non-source"
                         '("random-source-make-integers:")
                         (lambda () (random-source-make-integers 'x)))))

(test-end "srfi-27")
