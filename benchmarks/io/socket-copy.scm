;;; socket-copy.scm -- copy bytes through a loopback TCP connection
;;; usage: socket-copy.scm MEGABYTES
;;;
;;; Commentary:
;;; A writer thread sends MEGABYTES MiB in blocks of 64 KiB through a
;;; TCP connection on 127.0.0.1, this thread reads them back with
;;; read-bytevector! and checks the count; prints the MiB/s.  The same
;;; file runs on libscm and on Guile 3 (guile --r7rs): R7RS ports and
;;; Guile's socket procedures, which libscm has under the same names.
;;;
;;; Code:
(import (scheme base) (scheme write) (scheme process-context)
        (scheme time) (ice-9 threads))

(define mib (string->number (cadr (command-line))))
(define block 65536)
(define blocks (* mib 16))

(define listener (socket AF_INET SOCK_STREAM 0))
(bind listener AF_INET INADDR_LOOPBACK 0)
(listen listener 1)
(define client (socket AF_INET SOCK_STREAM 0))
(connect client (getsockname listener))
(define server (car (accept listener)))

(define start (current-jiffy))
(define writer
  (call-with-new-thread
   (lambda ()
     (let ((bv (make-bytevector block 42)))
       (do ((i 0 (+ i 1))) ((= i blocks))
         (write-bytevector bv client))
       (close-port client)))))
(define got
  (let ((buf (make-bytevector block)))
    (let loop ((total 0))
      (let ((n (read-bytevector! buf server)))
        (if (eof-object? n) total (loop (+ total n)))))))
(join-thread writer)
(define secs (/ (- (current-jiffy) start) (jiffies-per-second)))
(unless (= got (* blocks block))
  (display "wrong count\n")
  (exit 1))
(display (list mib 'MiB (exact->inexact secs) 's
               (round (/ mib secs)) 'MiB/s))
(newline)
