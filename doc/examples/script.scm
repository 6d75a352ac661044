;;; script.scm -- the Scheme side of the embedding example (embed.c)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;; sensor-reading and host-log are primitives that embed.c defines in
;;; the module (sensors).

;;; Code:

(import (scheme base) (sensors))

(define (average xs)
  (/ (apply + xs) (length xs)))

;; The readings of sensors 0 to N-1.
(define (readings n)
  (let loop ((i (- n 1)) (acc '()))
    (if (< i 0)
        acc
        (loop (- i 1) (cons (sensor-reading i) acc)))))

(define (report n)
  (string-append "average of " (number->string n) " sensors: "
                 (number->string (average (readings n)))))

(host-log "script loaded")
