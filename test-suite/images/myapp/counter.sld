;;; myapp/counter.sld -- a library with state, for user-image.sh: its
;;; image serves one instance
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;; The first instance that imports it from the image owns its variable.

;;; Code:
(define-library (myapp counter)
  (export bump! current)
  (import (scheme base) (myapp rules))
  (begin
    (define n 0)
    (define (bump!) (set! n (+ n 1)) (list n (classify (* n 10))))
    (define (current) n)))
