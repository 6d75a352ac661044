;;; run-scm.scm -- the cases of gen.scm on stdin, the results on stdout (libscm)
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; A result is the code points of the text, or the symbol error.

(import (ice-9 format))
(let loop ()
  (let ((c (read)))
    (unless (eof-object? c)
      (write (let ((r (guard (e (#t 'error))
               (if (eq? (car c) 'utf8)
                   (utf8->string (apply bytevector (cadr c)))
                   (apply format #f (cadr c) (cddr c))))))
               (if (string? r) (map char->integer (string->list r)) r)))
      (newline) (flush-output-port)
      (loop))))
