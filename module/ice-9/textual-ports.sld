;;; (ice-9 textual-ports) -- Guile's R6RS-style textual port procedures
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm; (use-modules (ice-9 textual-ports)) or (import
;;; (ice-9 textual-ports)).  The port comes first, as in R6RS.  As in
;;; Guile, get-line ends a line at a linefeed only (a carriage return
;;; before it stays in the line), and get-string-all returns "" at the
;;; end of file where R6RS says the end-of-file object.

(define-library (ice-9 textual-ports)
  (import (libscm))
  (export get-char lookahead-char get-string-n get-string-n! get-string-all
          get-line put-char put-string)
  (begin

    (define (wrong-type who pos expected obj)
      (error (string-append (symbol->string who)
                            ": wrong type argument in position "
                            (number->string pos) " (expected " expected ")")
             obj))

    (define (check-count who pos k)
      (if (not (and (exact-integer? k) (>= k 0)))
          (wrong-type who pos "non-negative exact integer" k)))

    (define (input who port) (%check-textual-port who 1 port 'input))
    (define (output who port) (%check-textual-port who 1 port 'output))

    (define (get-char port)
      (read-char (input 'get-char port)))

    (define (lookahead-char port)
      (peek-char (input 'lookahead-char port)))

    ;; Up to COUNT characters; the end-of-file object if there were none
    ;; to read (and COUNT was not 0).
    (define (get-string-n port count)
      (input 'get-string-n port)
      (check-count 'get-string-n 2 count)
      (read-string count port))

    ;; Read up to COUNT characters into STRING from index START; return
    ;; how many, or the end-of-file object if there were none.
    (define (get-string-n! port string start count)
      (input 'get-string-n! port)
      (if (not (string? string)) (wrong-type 'get-string-n! 2 "string" string))
      (check-count 'get-string-n! 3 start)
      (check-count 'get-string-n! 4 count)
      (if (> (+ start count) (string-length string))
          (error "get-string-n!: argument out of range in position 4" count))
      (let ((text (read-string count port)))
        (if (eof-object? text)
            text
            (begin (string-copy! string start text)
                   (string-length text)))))

    (define (get-string-all port)
      (let ((text (car (%read-delimited "" (input 'get-string-all port)))))
        (if (eof-object? text) "" text)))

    (define (get-line port)
      (car (%read-line (input 'get-line port))))

    (define (put-char port char)
      (if (not (char? char)) (wrong-type 'put-char 2 "character" char))
      (write-char char (output 'put-char port)))

    ;; STRING, or COUNT of its characters from START.
    (define put-string
      (case-lambda
        ((port string) (put-string port string 0))
        ((port string start)
         (if (not (string? string)) (wrong-type 'put-string 2 "string" string))
         (check-count 'put-string 3 start)
         (put-string port string start (- (string-length string) start)))
        ((port string start count)
         (output 'put-string port)
         (if (not (string? string)) (wrong-type 'put-string 2 "string" string))
         (check-count 'put-string 3 start)
         (check-count 'put-string 4 count)
         (if (> (+ start count) (string-length string))
             (error "put-string: argument out of range in position 4" count))
         (write-string string port start (+ start count)))))))
