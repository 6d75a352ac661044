;;; plugin.scm -- the Scheme side of the plugin example (plugin.c)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;; make-buffer, buffer-append!, buffer-length and buffer? are
;;; primitives that plugin.c defines over its C buffers.

;;; Code:

(define greeting (buffer-append! (make-buffer) "hello, world"))
(write greeting)
(newline)
(display (list (buffer? greeting) (buffer? "hello") (buffer-length greeting)))
(newline)

;; equal? asks the type's hook: same bytes, different buffers.
(define (buffer-of s) (buffer-append! (make-buffer) s))
(display (list (equal? (buffer-of "ab") (buffer-of "ab"))
               (eq? (buffer-of "ab") (buffer-of "ab"))
               (equal? (buffer-of "ab") (buffer-of "abc"))))
(newline)

;; A wrong argument is an ordinary, catchable error naming the primitive.
(display (guard (e ((error-object? e) (condition-message e)))
           (buffer-length "nope")))
(newline)

;; A thousand buffers made and dropped: their finalizers free them.
(let loop ((i 0))
  (when (< i 1000)
    (buffer-append! (make-buffer) (number->string i))
    (loop (+ i 1))))
