;;; json-pp.scm -- a JSON reader and pretty-printer, on SRFI 115,
;;; (ice-9 match) and (ice-9 format)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Usage: scm json-pp.scm [-w WIDTH] [FILE]
;;;
;;; Reads one JSON value from FILE (or standard input) and prints it
;;; again, indented by two spaces a level, an array or object on one
;;; line when it fits in WIDTH columns (default 60), the keys of
;;; objects in their order.  Malformed input is reported with its line
;;; and column, and the exit status is 1.
;;;
;;; The reader scans tokens with SRE regexps anchored at the current
;;; position and builds: objects as (object (KEY . VALUE) ...), arrays
;;; as vectors, strings, numbers, #t, #f and null as the symbol null.
;;; test-suite/day-one-examples.sh runs it on json-sample.json.

;;; Code:

(import (scheme base) (scheme char) (scheme file) (scheme write)
        (scheme process-context)
        (srfi 115) (ice-9 match) (ice-9 format) (srfi 13))

;; ------------------------------------------------------------------
;; Reading.

(define-record-type json-error
  (make-json-error message position)
  json-error?
  (message json-error-message)
  (position json-error-position))


;; Token patterns, each anchored (bos) at the index the search starts.
(define ws (regexp '(: bos (* (or " " "\t" "\n" "\r")))))
(define number-rx
  (regexp '(: bos (? "-") (or "0" (: (/ "19") (* digit)))
              (? "." (+ digit))
              (? (or "e" "E") (? (or "+" "-")) (+ digit)))))
(define plain-chars (regexp '(: bos (+ (~ ("\"\\") (/ #\x0 #\x1f))))))
(define escape-rx (regexp '(: bos "\\" (or ($ ("\"\\/bfnrt"))
                                           (: "u" ($ (= 4 xdigit)))))))

(define (read-json text)
  (define len (string-length text))

  (define (fail what i) (raise (make-json-error what i)))

  ;; The match of RX at I, or #f.
  (define (scan rx i) (regexp-search rx text i))

  (define (skip i) (regexp-match-submatch-end (scan ws i) 0))

  (define (expect s i)
    (if (string-prefix? s text 0 (string-length s) i)
        (+ i (string-length s))
        (fail (format #f "expected ~s" s) i)))

  ;; Each reader returns the value and the index after it.
  (define (value i)
    (let ((i (skip i)))
      (if (>= i len)
          (fail "unexpected end of input" i)
          (match (string-ref text i)
            (#\{ (object (+ i 1)))
            (#\[ (array (+ i 1)))
            (#\" (string-literal (+ i 1)))
            (#\t (values #t (expect "true" i)))
            (#\f (values #f (expect "false" i)))
            (#\n (values 'null (expect "null" i)))
            (c (let ((m (scan number-rx i)))
                 (if m
                     (values (string->number (regexp-match-submatch m 0))
                             (regexp-match-submatch-end m 0))
                     (fail (format #f "unexpected character ~s" c) i))))))))

  ;; A sequence of items up to CLOSE, separated by commas.
  (define (items i close item)
    (let ((i (skip i)))
      (if (and (< i len) (char=? (string-ref text i) close))
          (values '() (+ i 1))
          (let loop ((i i) (acc '()))
            (let-values (((x i) (item i)))
              (let ((i (skip i)))
                (cond ((>= i len) (fail "unexpected end of input" i))
                      ((char=? (string-ref text i) #\,) (loop (+ i 1) (cons x acc)))
                      ((char=? (string-ref text i) close)
                       (values (reverse (cons x acc)) (+ i 1)))
                      (else (fail (format #f "expected , or ~a" close) i)))))))))

  (define (array i)
    (let-values (((xs i) (items i #\] value)))
      (values (list->vector xs) i)))

  (define (member i)
    (let ((i (skip i)))
      (unless (and (< i len) (char=? (string-ref text i) #\"))
        (fail "expected a string key" i))
      (let*-values (((key i) (string-literal (+ i 1)))
                    ((x i) (value (expect ":" (skip i)))))
        (values (cons key x) i))))

  (define (object i)
    (let-values (((members i) (items i #\} member)))
      (values (cons 'object members) i)))

  (define (string-literal i)
    (let loop ((i i) (pieces '()))
      (cond
       ((>= i len) (fail "unterminated string" i))
       ((char=? (string-ref text i) #\")
        (values (string-concatenate-reverse pieces) (+ i 1)))
       ((scan plain-chars i)
        => (lambda (m)
             (loop (regexp-match-submatch-end m 0)
                   (cons (regexp-match-submatch m 0) pieces))))
       ((scan escape-rx i)
        => (lambda (m)
             (loop (regexp-match-submatch-end m 0)
                   (cons (unescape m) pieces))))
       (else (fail "bad character in a string" i)))))

  (define (unescape m)
    (match (regexp-match->list m)
      ((_ #f hex) (string (integer->char (string->number hex 16))))
      ((_ c #f) (match c
                  ("b" "\x8;") ("f" "\xc;") ("n" "\n") ("r" "\r") ("t" "\t")
                  (_ c)))))

  (let-values (((x i) (value 0)))
    (if (< (skip i) len)
        (fail "text after the value" (skip i))
        x)))

;; ------------------------------------------------------------------
;; Printing.

(define (string->json s)
  (call-with-output-string
    (lambda (out)
      (write-char #\" out)
      (string-for-each
       (lambda (c)
         (match c
           (#\" (display "\\\"" out))
           (#\\ (display "\\\\" out))
           (#\newline (display "\\n" out))
           (#\tab (display "\\t" out))
           (#\return (display "\\r" out))
           ((? (lambda (c) (char<? c #\space)))
            (format out "\\u~4,'0x" (char->integer c)))
           (_ (write-char c out))))
       s)
      (write-char #\" out))))

;; The value on one line.
(define (flat x)
  (match x
    (('object (keys . vals) ...)
     (if (null? keys)
         "{}"
         (format #f "{~{~a~^, ~}}"
                 (map (lambda (k v) (format #f "~a: ~a" (string->json k) (flat v)))
                      keys vals))))
    (#() "[]")
    ((? vector? v) (format #f "[~{~a~^, ~}]" (map flat (vector->list v))))
    ((? string? s) (string->json s))
    (#t "true")
    (#f "false")
    ('null "null")
    ((? number? n) (number->string n))))

(define (pretty x indent width)
  (let ((one-line (flat x)))
    (if (<= (+ indent (string-length one-line)) width)
        (display one-line)
        (match x
          (('object (keys . vals) ...)
           (format #t "{~%")
           (for-each (lambda (k v rest)
                       (format #t "~va~a: " (+ indent 2) "" (string->json k))
                       (pretty v (+ indent 2) width)
                       (format #t "~a~%" (if (null? rest) "" ",")))
                     keys vals (pair-tails (cdr keys)))
           (format #t "~va}" indent ""))
          ((? vector? v)
           (format #t "[~%")
           (let ((xs (vector->list v)))
             (for-each (lambda (item rest)
                         (format #t "~va" (+ indent 2) "")
                         (pretty item (+ indent 2) width)
                         (format #t "~a~%" (if (null? rest) "" ",")))
                       xs (pair-tails (cdr xs))))
           (format #t "~va]" indent ""))
          (_ (display one-line))))))

;; Each tail of LS, and '() for the last element: (a b) -> ((b) ()).
(define (pair-tails ls)
  (if (null? ls) '(()) (cons ls (pair-tails (cdr ls)))))

;; ------------------------------------------------------------------

(define (line-and-column text i)
  (let loop ((k 0) (line 1) (col 1))
    (cond ((= k i) (values line col))
          ((char=? (string-ref text k) #\newline) (loop (+ k 1) (+ line 1) 1))
          (else (loop (+ k 1) line (+ col 1))))))

(define (run text width)
  (guard (e ((json-error? e)
             (let-values (((line col) (line-and-column text (json-error-position e))))
               (format (current-error-port) "json-pp: line ~a, column ~a: ~a~%"
                       line col (json-error-message e))
               (exit 1))))
    (pretty (read-json text) 0 width)
    (newline)))

(define (slurp port)
  (let loop ((acc '()))
    (let ((s (read-string 65536 port)))
      (if (eof-object? s) (string-concatenate-reverse acc) (loop (cons s acc))))))

(match (cdr (command-line))
  (("-w" w . rest)
   (let ((width (string->number w)))
     (match rest
       (() (run (slurp (current-input-port)) width))
       ((file) (run (call-with-input-file file slurp) width)))))
  (() (run (slurp (current-input-port)) 60))
  ((file) (run (call-with-input-file file slurp) 60))
  (_ (format (current-error-port) "usage: scm json-pp.scm [-w WIDTH] [FILE]~%")
     (exit 2)))
