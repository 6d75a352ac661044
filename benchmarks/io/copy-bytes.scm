;;; copy-bytes.scm -- copy a binary file with read-bytevector and write-bytevector
;;; usage: copy-bytes.scm FROM TO BYTES
;;;
;;; Commentary:
;;; The binary figure of the harness's io mode (benchmarks/run --io):
;;; copy FROM to TO in blocks of 64 KiB through a binary input and a
;;; binary output port, and check the number of bytes copied against
;;; BYTES (the harness compares the two files after).  Portable R7RS:
;;; the same file runs on libscm and on Guile.
;;;
;;; Code:
(import (scheme base) (scheme file) (scheme write) (scheme process-context))

(define args (command-line))
(define from (list-ref args 1))
(define to (list-ref args 2))
(define want (string->number (list-ref args 3)))
(define block 65536)

(define (copy in out)
  (let loop ((total 0))
    (let ((bv (read-bytevector block in)))
      (if (eof-object? bv)
          total
          (begin (write-bytevector bv out)
                 (loop (+ total (bytevector-length bv))))))))

(define in (open-binary-input-file from))
(define out (open-binary-output-file to))
(define got (copy in out))
(close-port in)
(close-port out)
(if (= got want)
    (begin (write got) (newline))
    (begin (display "wrong answer: copied ") (write got)
           (display " bytes, expected ") (write want) (newline)
           (exit 1)))
