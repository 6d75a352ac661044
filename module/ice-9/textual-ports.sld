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
      "Read the next character from the textual input PORT and return it, or
the end-of-file object at the end.  An error if PORT is not a textual
input port."
      (read-char (input 'get-char port)))

    (define (lookahead-char port)
      "Return the next character of the textual input PORT without reading
it, or the end-of-file object at the end.  An error if PORT is not a
textual input port."
      (peek-char (input 'lookahead-char port)))

    ;; Up to COUNT characters; the end-of-file object if there were none
    ;; to read (and COUNT was not 0).
    (define (get-string-n port count)
      "Read up to COUNT characters from the textual input PORT and return
them as a string, fewer at the end of the port, or the end-of-file
object if there were none (and COUNT was not 0).  An error if PORT is
not a textual input port or COUNT not a non-negative exact integer."
      (input 'get-string-n port)
      (check-count 'get-string-n 2 count)
      (read-string count port))

    ;; Read up to COUNT characters into STRING from index START; return
    ;; how many, or the end-of-file object if there were none.
    (define (get-string-n! port string start count)
      "Read up to COUNT characters from the textual input PORT into STRING
from index START, and return how many were read, or the end-of-file
object if there were none.  An error if PORT is not a textual input
port, STRING not a string, START or COUNT not a non-negative exact
integer, or START + COUNT past the end of STRING."
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
      "Read all the characters left in the textual input PORT and return them
as a string, \"\" at the end of the port (as Guile does; R6RS returns the
end-of-file object).  An error if PORT is not a textual input port."
      (let ((text (car (%read-delimited "" (input 'get-string-all port)))))
        (if (eof-object? text) "" text)))

    (define (get-line port)
      "Read a line from the textual input PORT and return it without its
linefeed (a carriage return before it stays, as in Guile), or the
end-of-file object at the end.  An error if PORT is not a textual input
port."
      (car (%read-line (input 'get-line port))))

    (define (put-char port char)
      "Write the character CHAR to the textual output PORT.  An error if PORT
is not a textual output port or CHAR not a character."
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
         "Write STRING to the textual output PORT, or its COUNT characters
from index START (default 0; COUNT default the rest of the string).  An
error if PORT is not a textual output port, STRING not a string, START
or COUNT not a non-negative exact integer, or START + COUNT past the end
of STRING."
         (output 'put-string port)
         (if (not (string? string)) (wrong-type 'put-string 2 "string" string))
         (check-count 'put-string 3 start)
         (check-count 'put-string 4 count)
         (if (> (+ start count) (string-length string))
             (error "put-string: argument out of range in position 4" count))
         (write-string string port start (+ start count)))))))
