;;; string.scm -- building, interning, slicing and parsing many small strings
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: string

(include "common.scm")

;; Position of the first CH in S at or after START.
(define (char-position s ch start)
  (let loop ((i start))
    (cond ((= i (string-length s)) #f)
          ((char=? (string-ref s i) ch) i)
          (else (loop (+ i 1))))))

;; "key-<i in decimal>-<7i in hex>", interned and taken apart again.
(define (make-key i)
  (string->symbol
   (string-append "key-" (number->string i) "-" (number->string (* 7 i) 16))))

(define (key-fields sym)
  (let* ((s (symbol->string sym))
         (dash (char-position s #\- 4)))
    (list (string->number (substring s 4 dash))
          (string->number (substring s (+ dash 1) (string-length s)) 16)
          (string-length s))))

;; Write a few keys to a string port and read the text back as a string.
(define (keys-text from to)
  (let ((port (open-output-string)))
    (do ((i from (+ i 1))) ((= i to))
      (write (make-key i) port)
      (write-char #\space port))
    (get-output-string port)))

;; Returns (sum of i, sum of 7i, total key length, total length of the
;; text written for the 10 keys from every multiple of 100).
(define (string-once n)
  (let loop ((i 0) (sum 0) (sum7 0) (len 0) (text 0))
    (if (= i n)
        (list sum sum7 len text)
        (let ((fields (key-fields (make-key i))))
          (loop (+ i 1)
                (+ sum (car fields))
                (+ sum7 (cadr fields))
                (+ len (caddr fields))
                (if (= 0 (remainder i 100))
                    (+ text (string-length (keys-text i (+ i 10))))
                    text))))))

(define (digit-count x base)
  (if (< x base) 1 (+ 1 (digit-count (quotient x base) base))))

(define (key-length i)
  (+ 5 (digit-count i 10) (digit-count (* 7 i) 16)))

;; The expected answer by arithmetic alone.
(define (string-expected n)
  (let loop ((i 0) (len 0) (text 0))
    (if (= i n)
        (list (quotient (* n (- n 1)) 2) (* 7 (quotient (* n (- n 1)) 2)) len text)
        (loop (+ i 1)
              (+ len (key-length i))
              (if (= 0 (remainder i 100))
                  (let group ((j i) (t text))
                    (if (= j (+ i 10)) t (group (+ j 1) (+ t 1 (key-length j)))))
                  text)))))

(define string-size (if bench-quick? '(4 10000) '(125 10000)))

(run-benchmark "string" (car string-size)
               (lambda () (string-once (cadr string-size)))
               (lambda (r) (equal? r (string-expected (cadr string-size)))))
