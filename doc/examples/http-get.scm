;;; http-get.scm -- an HTTP/1.0 client: fetch a URL into a file, on
;;; getaddrinfo and sockets
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Usage: scm http-get.scm http://HOST:PORT/PATH FILE
;;;
;;; Looks HOST up with getaddrinfo, connects to the first address that
;;; answers, sends a GET request and writes the body to FILE.  Prints
;;; the status line; checks that the body is as long as Content-Length
;;; says.  Exit status 0 for a 200 answer, 1 for another status, 2 for
;;; a usage, lookup or connection error or a short body.

;;; Code:

(import (scheme base) (scheme write) (scheme file)
        (scheme process-context))

(define (fail . parts)
  (for-each (lambda (p) (display p (current-error-port))) parts)
  (newline (current-error-port))
  (exit 2))

(define (index-of s c start)
  (let loop ((i start))
    (cond ((= i (string-length s)) #f)
          ((char=? (string-ref s i) c) i)
          (else (loop (+ i 1))))))

;; (HOST PORT PATH) of an http:// URL, or #f.
(define (parse-url url)
  (let ((prefix "http://"))
    (and (> (string-length url) (string-length prefix))
         (string=? (substring url 0 (string-length prefix)) prefix)
         (let* ((rest (substring url (string-length prefix)
                                 (string-length url)))
                (slash (or (index-of rest #\/ 0) (string-length rest)))
                (authority (substring rest 0 slash))
                (colon (index-of authority #\: 0)))
           (list (if colon (substring authority 0 colon) authority)
                 (if colon
                     (substring authority (+ colon 1)
                                (string-length authority))
                     "80")
                 (if (= slash (string-length rest))
                     "/"
                     (substring rest slash (string-length rest))))))))

;; A socket connected to HOST and SERVICE: the first address that
;; getaddrinfo gives and that accepts.
(define (connect-to host service)
  (let ((addresses
         (catch 'getaddrinfo-error
           (lambda () (getaddrinfo host service AI_NUMERICSERV AF_UNSPEC
                                   SOCK_STREAM))
           (lambda (key code)
             (fail "http-get.scm: " host ": " (gai-strerror code))))))
    (let loop ((as addresses) (last-error #f))
      (if (null? as)
          (fail "http-get.scm: cannot connect: "
                (condition-message last-error))
          (let* ((ai (car as))
                 (s (socket (addrinfo:fam ai) SOCK_STREAM 0)))
            (guard (e ((system-error? e) (close-port s)
                                         (loop (cdr as) e)))
              (connect s (addrinfo:addr ai))
              s))))))

(define (condition-message e)
  (if (error-object? e)
      (error-object-message e)
      "no address"))

;; The header lines up to the blank one, as (NAME . VALUE), names in
;; lower case.
(define (read-headers port)
  (let loop ((out '()))
    (let ((line (read-line port)))
      (if (or (eof-object? line) (string=? line "") (string=? line "\r"))
          (reverse out)
          (let ((colon (index-of line #\: 0)))
            (loop (if colon
                      (cons (cons (string-downcase (substring line 0 colon))
                                  (string-trim (substring line (+ colon 1)
                                                          (string-length line))))
                            out)
                      out)))))))

(define (string-trim s)
  (let loop ((a 0) (b (string-length s)))
    (cond ((and (< a b) (char-whitespace? (string-ref s a))) (loop (+ a 1) b))
          ((and (< a b) (char-whitespace? (string-ref s (- b 1))))
           (loop a (- b 1)))
          (else (substring s a b)))))

(define (main args)
  (unless (= (length args) 2)
    (fail "usage: scm http-get.scm http://HOST:PORT/PATH FILE"))
  (let ((url (parse-url (car args))))
    (unless url (fail "http-get.scm: not an http:// URL: " (car args)))
    (let ((s (connect-to (car url) (cadr url))))
      (write-string (string-append "GET " (caddr url) " HTTP/1.0\r\n"
                                   "Host: " (car url) "\r\n\r\n")
                    s)
      (let* ((status-line (read-line s))
             (headers (if (eof-object? status-line) '() (read-headers s)))
             (length (let ((h (assoc "content-length" headers)))
                       (and h (string->number (cdr h))))))
        (when (eof-object? status-line)
          (fail "http-get.scm: no answer"))
        (display (string-trim status-line))
        (newline)
        (let ((written
               (call-with-port (open-binary-output-file (cadr args))
                 (lambda (out)
                   (let loop ((n 0))
                     (let ((bv (read-bytevector 65536 s)))
                       (if (eof-object? bv)
                           n
                           (begin (write-bytevector bv out)
                                  (loop (+ n (bytevector-length bv)))))))))))
          (close-port s)
          (when (and length (not (= length written)))
            (fail "http-get.scm: short body: " written " of " length
                  " bytes"))
          (exit (if (string=? (cadr (split-status status-line)) "200")
                    0 1)))))))

(define (split-status line)
  (let ((sp (index-of line #\space 0)))
    (if sp
        (list (substring line 0 sp)
              (substring line (+ sp 1) (min (string-length line) (+ sp 4))))
        (list line ""))))

(main (cdr (command-line)))
