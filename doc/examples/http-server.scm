;;; http-server.scm -- a static-file HTTP server on the loopback, on
;;; sockets, threads and the file procedures
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Usage: scm http-server.scm ROOT [PORT-FILE]
;;;
;;; Serves the regular files under the directory ROOT over HTTP/1.0 on
;;; 127.0.0.1, at a port that the system chooses, whose number it
;;; writes to PORT-FILE (or prints), then serves until it is killed.
;;; One thread per connection; GET and HEAD; %XX escapes in the path;
;;; 404 for what is not a regular file under ROOT (a path with a ".."
;;; segment never is), 405 for other methods, 400 for a request it
;;; cannot read.  A client that goes away mid-answer costs its thread
;;; an EPIPE, caught, and nothing else.  test-suite/http-example.sh
;;; runs it with http-get.scm as the client and compares the bytes.

;;; Code:

(import (scheme base) (scheme write) (scheme file)
        (scheme process-context) (ice-9 threads))

(define (usage)
  (display "usage: scm http-server.scm ROOT [PORT-FILE]\n"
           (current-error-port))
  (exit 2))

;; The string S split at each character C.
(define (split s c)
  (let loop ((i 0) (start 0) (out '()))
    (cond ((= i (string-length s))
           (reverse (cons (substring s start i) out)))
          ((char=? (string-ref s i) c)
           (loop (+ i 1) (+ i 1) (cons (substring s start i) out)))
          (else (loop (+ i 1) start out)))))

;; The path of a request target with its %XX escapes decoded as UTF-8
;; bytes, or #f if an escape is malformed.
(define (decode-path target)
  (let ((in (string->utf8 target))
        (out (open-output-bytevector)))
    (let loop ((i 0))
      (cond ((= i (bytevector-length in))
             (utf8->string (get-output-bytevector out)))
            ((= (bytevector-u8-ref in i) 37)        ; %
             (let ((n (and (<= (+ i 3) (bytevector-length in))
                           (string->number
                            (utf8->string (bytevector-copy in (+ i 1) (+ i 3)))
                            16))))
               (and n (begin (write-u8 n out) (loop (+ i 3))))))
            (else (write-u8 (bytevector-u8-ref in i) out)
                  (loop (+ i 1)))))))

;; The file under ROOT that PATH names, or #f.
(define (file-for root path)
  (let ((segments (split path #\/)))
    (and (> (string-length path) 0)
         (char=? (string-ref path 0) #\/)
         (not (member ".." segments))
         (let ((file (string-append root path)))
           (and (file-exists? file)
                (eq? (stat:type (stat file)) 'regular)
                file)))))

(define (send-head port status reason length)
  (write-string (string-append "HTTP/1.0 " (number->string status) " "
                               reason "\r\n"
                               "Content-Length: " (number->string length)
                               "\r\n"
                               "Connection: close\r\n\r\n")
                port))

(define (send-error port status reason)
  (let ((body (string-append (number->string status) " " reason "\n")))
    (send-head port status reason (bytevector-length (string->utf8 body)))
    (write-string body port)))

;; Copy FILE to PORT in 64 KiB pieces.
(define (send-file port file)
  (call-with-port (open-binary-input-file file)
    (lambda (in)
      (let loop ()
        (let ((bv (read-bytevector 65536 in)))
          (unless (eof-object? bv)
            (write-bytevector bv port)
            (loop)))))))

;; The request line's words, after reading the headers to the blank
;; line; #f if there is none.
(define (read-request port)
  (let ((line (read-line port)))
    (and (string? line)
         (let loop ()
           (let ((h (read-line port)))
             (if (or (eof-object? h) (string=? h "") (string=? h "\r"))
                 (split (string-trim-right line) #\space)
                 (loop)))))))

(define (string-trim-right s)
  (let loop ((n (string-length s)))
    (if (and (> n 0) (char-whitespace? (string-ref s (- n 1))))
        (loop (- n 1))
        (substring s 0 n))))

(define (serve root port)
  (let ((request (read-request port)))
    (cond ((or (not request) (not (= (length request) 3)))
           (send-error port 400 "Bad Request"))
          ((not (member (car request) '("GET" "HEAD")))
           (send-error port 405 "Method Not Allowed"))
          (else
           (let* ((path (decode-path (cadr request)))
                  (file (and path (file-for root path))))
             (if (not file)
                 (send-error port 404 "Not Found")
                 (begin
                   (send-head port 200 "OK" (stat:size (stat file)))
                   (when (string=? (car request) "GET")
                     (send-file port file)))))))))

(define (main args)
  (unless (<= 1 (length args) 2) (usage))
  (let ((root (car args))
        (listener (socket AF_INET SOCK_STREAM 0)))
    (unless (file-is-directory? root)
      (display (string-append "http-server.scm: not a directory: " root "\n")
               (current-error-port))
      (exit 2))
    (setsockopt listener SOL_SOCKET SO_REUSEADDR 1)
    (bind listener AF_INET INADDR_LOOPBACK 0)
    (listen listener 64)
    (let ((port (number->string (sockaddr:port (getsockname listener)))))
      (if (null? (cdr args))
          (begin (display port) (newline) (flush-output-port))
          ;; Written whole, then renamed: a reader never sees half.
          (let ((tmp (string-append (cadr args) ".tmp")))
            (call-with-output-file tmp
              (lambda (out) (display port out) (newline out)))
            (rename-file tmp (cadr args)))))
    (let loop ()
      (let ((client (car (accept listener))))
        (call-with-new-thread
         (lambda ()
           (guard (e ((system-error? e) #f))   ; the client went away
             (serve root client))
           (close-port client))))
      (loop))))

(main (cdr (command-line)))
