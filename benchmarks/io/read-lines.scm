;;; read-lines.scm -- read a text file line by line with read-line
;;; usage: read-lines.scm FILE LINES CHARS
;;;
;;; Commentary:
;;; The line-reading figure of the harness's io mode (benchmarks/run
;;; --io): count the lines of FILE and their characters (UTF-8, line
;;; ends not counted) and check both against the expected LINES and
;;; CHARS.  Portable R7RS: the same file runs on libscm and on Guile.
;;;
;;; Code:
(import (scheme base) (scheme file) (scheme write) (scheme process-context))

(define args (command-line))
(define file (list-ref args 1))
(define want-lines (string->number (list-ref args 2)))
(define want-chars (string->number (list-ref args 3)))

(define (count-lines port)
  (let loop ((lines 0) (chars 0))
    (let ((line (read-line port)))
      (if (eof-object? line)
          (list lines chars)
          (loop (+ lines 1) (+ chars (string-length line)))))))

(let ((got (call-with-input-file file count-lines)))
  (if (equal? got (list want-lines want-chars))
      (begin (write got) (newline))
      (begin (display "wrong answer: lines and characters ")
             (write got) (display ", expected ")
             (write (list want-lines want-chars)) (newline)
             (exit 1))))
