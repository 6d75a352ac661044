;;; socket-lines.scm -- lines through a loopback TCP connection
;;; usage: socket-lines.scm LINES
;;;
;;; Commentary:
;;; A writer thread sends LINES lines of 60 characters with
;;; write-string and newline through a TCP connection on 127.0.0.1,
;;; this thread reads them with read-line and counts them; prints the
;;; lines per second.  The same file runs on libscm and on Guile 3
;;; (guile --r7rs).  Both write a socket port unbuffered; Guile also
;;; reads it unbuffered (a system call per byte), libscm by blocks.
;;;
;;; Code:
(import (scheme base) (scheme write) (scheme process-context)
        (scheme time) (ice-9 threads))
(define n (string->number (cadr (command-line))))
(define listener (socket AF_INET SOCK_STREAM 0))
(bind listener AF_INET INADDR_LOOPBACK 0)
(listen listener 1)
(define client (socket AF_INET SOCK_STREAM 0))
(connect client (getsockname listener))
(define server (car (accept listener)))
(define start (current-jiffy))
(define line (make-string 60 #\x))
(define writer (call-with-new-thread (lambda ()
  (do ((i 0 (+ i 1))) ((= i n)) (write-string line client) (newline client))
  (close-port client))))
(define got (let loop ((k 0)) (let ((l (read-line server))) (if (eof-object? l) k (loop (+ k 1))))))
(join-thread writer)
(define secs (/ (- (current-jiffy) start) (jiffies-per-second)))
(display (list got 'lines (exact->inexact secs) 's (round (/ got secs)) 'lines/s)) (newline)
(unless (= got n) (display "wrong count\n") (exit 1))
