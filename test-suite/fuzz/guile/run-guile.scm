;;; run-guile.scm -- the cases of gen.scm on stdin, the results on stdout (Guile)
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; As run-scm.scm, for Guile 3: what format writes on its own (its
;;; error reports) is kept off the results.

(use-modules (ice-9 format) (rnrs bytevectors))
(define out (current-output-port))
(let loop ()
  (let ((c (read)))
    (unless (eof-object? c)
      (let ((r #f))
        (with-output-to-string
          (lambda ()
            (with-error-to-string
              (lambda ()
                (set! r (catch #t
                          (lambda ()
                            (if (eq? (car c) 'utf8)
                                (utf8->string (u8-list->bytevector (cadr c)))
                                (apply format #f (cadr c) (cddr c))))
                          (lambda args 'error)))))))
        (write (if (string? r) (map char->integer (string->list r)) r) out) (newline out) (force-output out))
      (loop))))
