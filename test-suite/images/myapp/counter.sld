;;; myapp/counter.sld -- a library with state, for user-image.sh: its
;;; image's variables serve one instance, another compiles its text
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;; The first instance that imports it from the image owns its variable;
;;; the others compile the text the image carries.

;;; Code:
(define-library (myapp counter)
  (export bump! current tally closures)
  (import (scheme base) (myapp rules))
  (begin
    (define n 0)
    (define (bump!) (set! n (+ n 1)) (list n (classify (* n 10))))
    (define (current) n)
    ;; A self tail call: checked in the image, which is read-only.
    (define (tally k acc) (if (= k 0) acc (tally (- k 1) (+ acc 1))))
    ;; Closures of 0 to 6 free values (CLOSURE12, CLOSURE), made by
    ;; imaged code: each value in its place.
    (define (closures a b c d e f)
      (map (lambda (p) (p))
           (list (lambda () 'none) (lambda () a) (lambda () (list a b))
                 (lambda () (list a b c)) (lambda () (list a b c d))
                 (lambda () (list a b c d e))
                 (lambda () (list a b c d e f)))))))
