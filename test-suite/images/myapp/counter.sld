;;; myapp/counter.sld -- a library with state, for user-image.sh: its
;;; image's variables serve one instance, another compiles its text
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;; The first instance that imports it from the image owns its variable;
;;; the others compile the text the image carries.

;;; Code:
(define-library (myapp counter)
  (export bump! current tally)
  (import (scheme base) (myapp rules))
  (begin
    (define n 0)
    (define (bump!) (set! n (+ n 1)) (list n (classify (* n 10))))
    (define (current) n)
    ;; A self tail call: checked in the image, which is read-only.
    (define (tally k acc) (if (= k 0) acc (tally (- k 1) (+ acc 1))))))
