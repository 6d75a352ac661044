;;; read-chars.scm -- read a text file character by character with read-char
;;; usage: read-chars.scm FILE CHARS NEWLINES
;;;
;;; Commentary:
;;; The character-reading figure of the harness's io mode
;;; (benchmarks/run --io): count the characters of FILE (decoded from
;;; UTF-8, line ends included) and its linefeeds, and check both against
;;; the expected CHARS and NEWLINES.  Portable R7RS: the same file runs
;;; on libscm and on Guile.
;;;
;;; Code:
(import (scheme base) (scheme file) (scheme write) (scheme process-context))

(define args (command-line))
(define file (list-ref args 1))
(define want-chars (string->number (list-ref args 2)))
(define want-newlines (string->number (list-ref args 3)))

(define (count-chars port)
  (let loop ((chars 0) (newlines 0))
    (let ((c (read-char port)))
      (cond ((eof-object? c) (list chars newlines))
            ((char=? c #\newline) (loop (+ chars 1) (+ newlines 1)))
            (else (loop (+ chars 1) newlines))))))

(let ((got (call-with-input-file file count-chars)))
  (if (equal? got (list want-chars want-newlines))
      (begin (write got) (newline))
      (begin (display "wrong answer: characters and linefeeds ")
             (write got) (display ", expected ")
             (write (list want-chars want-newlines)) (newline)
             (exit 1))))
