;;; (ice-9 rdelim) -- Guile's line-oriented and delimited text input
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm; (use-modules (ice-9 rdelim)) or (import (ice-9
;;; rdelim)).  Delimiters are the characters of a string; HANDLE-DELIM
;;; says what becomes of the one that ended the text: trim (dropped, the
;;; default), concat (appended), peek (left in the port) or split (the
;;; result is a pair of the text and the delimiter or the end-of-file
;;; object).  As in Guile, read-line here ends a line at a linefeed only:
;;; a carriage return before it stays in the line (the core read-line
;;; drops it).  read-string takes Guile's order, (read-string [port
;;; [count]]), returning "" at the end, or R7RS's, (read-string k
;;; [port]).  The engine is the C %read-delimited and %read-line.

(define-library (ice-9 rdelim)
  (import (rename (libscm) (read-line core-read-line)
                  (read-string core-read-string)))
  (export read-line read-line! read-delimited read-delimited! %read-line
          write-line read-string)
  (begin

    (define (wrong-type who pos expected obj)
      (error (string-append (symbol->string who)
                            ": wrong type argument in position "
                            (number->string pos) " (expected " expected ")")
             obj))

    (define (check-handle who pos handle)
      (if (not (memq handle '(trim concat peek split)))
          (wrong-type who pos "trim, concat, peek or split" handle)))

    ;; (TEXT . TERMINATOR) of %read-delimited, as HANDLE-DELIM wants it.
    (define (handled result handle)
      (let ((text (car result)) (end (cdr result)))
        (case handle
          ((split) result)
          ((concat) (if (and (char? end) (string? text))
                        (string-append text (string end))
                        text))
          (else text))))

    (define (read-text who delims port handle)
      (check-handle who 3 handle)
      (%check-textual-port who 2 port 'input)
      (handled (%read-delimited delims port (eq? handle 'peek)) handle))

    (define read-line
      (case-lambda
        (() (read-line (current-input-port) 'trim))
        ((port) (read-line port 'trim))
        ((port handle)
         "Read a line from PORT (default the current input port), up to a
linefeed, and return it as HANDLE says: trim (the default) drops the
linefeed, concat keeps it, peek leaves it in the port, split returns
a pair of the line and the linefeed (or the end-of-file object).  A
carriage return before the linefeed stays in the line, as in Guile.
At the end of the port, the end-of-file object.  An error if PORT is
not a textual input port or HANDLE not one of those."
         (read-text 'read-line "\n" port handle))))

    (define read-delimited
      (case-lambda
        ((delims) (read-delimited delims (current-input-port) 'trim))
        ((delims port) (read-delimited delims port 'trim))
        ((delims port handle)
         "Read from PORT (default the current input port) up to one of the
characters of the string DELIMS and return the text as HANDLE says:
trim (the default) drops the delimiter, concat appends it, peek
leaves it in the port, split returns a pair of the text and the
delimiter or the end-of-file object.  At the end of the port, the
end-of-file object.  An error if DELIMS is not a string, PORT not a
textual input port or HANDLE not one of those."
         (if (not (string? delims)) (wrong-type 'read-delimited 1 "string" delims))
         (read-text 'read-delimited delims port handle))))

    ;; Read into characters START to END of BUF until a delimiter, the
    ;; end of file or a full buffer; return how many characters were
    ;; stored (the end-of-file object if the port was at its end, #f if
    ;; BUF had no room at all), or with split a pair of that and the
    ;; delimiter, the end-of-file object or #f (full).
    (define read-delimited!
      (case-lambda
        ((delims buf) (read-delimited! delims buf (current-input-port)))
        ((delims buf port) (read-delimited! delims buf port 'trim))
        ((delims buf port handle)
         (if (not (string? buf)) (wrong-type 'read-delimited! 2 "string" buf))
         (read-delimited! delims buf port handle 0 (string-length buf)))
        ((delims buf port handle start)
         (if (not (string? buf)) (wrong-type 'read-delimited! 2 "string" buf))
         (read-delimited! delims buf port handle start (string-length buf)))
        ((delims buf port handle start end)
         "Read from PORT (default the current input port) into the string
BUF, from index START (default 0) to END (default its length), until
one of the characters of the string DELIMS, the end of the port or a
full buffer; return the number of characters stored, #f if none
could be (BUF full before a delimiter), or the end-of-file object at
the end of the port.  HANDLE is as for read-delimited (trim by
default); with split the result is a pair of that and the delimiter,
the end-of-file object or #f.  An error for a wrong argument type or
index."
         (let ((who 'read-delimited!))
           (if (not (string? delims)) (wrong-type who 1 "string" delims))
           (if (not (string? buf)) (wrong-type who 2 "string" buf))
           (%check-textual-port who 3 port 'input)
           (check-handle who 4 handle)
           (if (not (and (exact-integer? end) (<= 0 end (string-length buf))))
               (error "read-delimited!: argument out of range in position 6" end))
           (if (not (and (exact-integer? start) (<= 0 start end)))
               (error "read-delimited!: argument out of range in position 5" start))
           (let* ((r (%read-delimited delims port (not (eq? handle 'trim))
                                      (- end start)))
                  (text (car r)) (stop (cdr r)))
             (if (eof-object? text)
                 (if (eq? handle 'split) r text)
                 (let ((n (string-length text)))
                   (string-copy! buf start text)
                   (let ((n (if (and (eq? handle 'concat) (char? stop)
                                     (< (+ start n) end))
                                (begin (string-set! buf (+ start n) (read-char port))
                                       (+ n 1))
                                n)))
                     (if (and (char? stop) (eq? handle 'split))
                         (read-char port))
                     (cond ((eq? handle 'split) (cons n stop))
                           ((and (not stop) (= n 0)) #f)
                           (else n))))))))))

    ;; A line into BUF: how many characters, #f if it did not fit (BUF
    ;; then holds its start), or the end-of-file object.
    (define read-line!
      (case-lambda
        ((buf) (read-line! buf (current-input-port)))
        ((buf port)
         "Read a line from PORT (default the current input port) into the
string BUF, without its linefeed, and return its length; #f if the
line does not fit (BUF then holds its start), or the end-of-file
object at the end of the port.  An error if BUF is not a string or
PORT not a textual input port."
         (if (not (string? buf)) (wrong-type 'read-line! 1 "string" buf))
         (%check-textual-port 'read-line! 2 port 'input)
         (let* ((r (%read-delimited "\n" port #f (string-length buf)))
                (text (car r)))
           (cond ((eof-object? text) text)
                 (else (string-copy! buf 0 text)
                       (if (cdr r) (string-length text) #f)))))))

    (define write-line
      (case-lambda
        ((obj) (write-line obj (current-output-port)))
        ((obj port)
         "Display OBJ on PORT (default the current output port), then a
newline.  An error if PORT is not a textual output port."
         (%check-textual-port 'write-line 2 port 'output)
         (display obj port)
         (newline port))))

    ;; Guile's order (a port or nothing first) or R7RS's (a count first).
    (define read-string
      (case-lambda
        (()
         "Read text from a port.  In Guile's form, (read-string [PORT
[COUNT]]), return all the characters left in PORT (default the current
input port), or at most COUNT of them, as a string, \"\" at the end of the
port.  In R7RS's form, (read-string K [PORT]), return at most K
characters, or the end-of-file object at the end.  An error if PORT is
not a textual input port or the count not a non-negative exact
integer."
         (read-string (current-input-port)))
        ((x)
         (if (port? x)
             (let ((text (car (%read-delimited "" (%check-textual-port 'read-string 1 x 'input)))))
               (if (eof-object? text) "" text))
             (core-read-string x)))
        ((x y)
         (if (port? x)
             (begin
               (%check-textual-port 'read-string 1 x 'input)
               (if (not (and (exact-integer? y) (>= y 0)))
                   (wrong-type 'read-string 2 "non-negative exact integer" y))
               (let ((text (core-read-string y x)))
                 (if (eof-object? text) "" text)))
             (core-read-string x y)))))))
