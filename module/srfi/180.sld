;;; 180.sld -- SRFI 180, JSON
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A JSON reader and writer after RFC 8259, written from the SRFI.
;;; JSON maps to Scheme as the SRFI says: null is the symbol null, true
;;; and false are #t and #f, numbers are numbers (exact integers when
;;; the text has neither fraction nor exponent, of any size; inexact
;;; otherwise), strings are strings, arrays vectors, objects
;;; association lists with symbol keys in the order of the text.
;;;
;;; The input is a textual port or a generator of characters.  A port
;;; is read no further than the end of the value: after a number or a
;;; literal the next character is peeked at (it must end the value:
;;; white space, a comma, a closing bracket or brace, RS, or the end),
;;; and a structure ends at its closing bracket, so json-read can be
;;; called again on the rest.
;;;
;;; Every error, whether malformed input, a limit reached or a value
;;; json-write cannot write, is a condition of kind json-error
;;; (json-error?) whose message names the procedure, the reason and,
;;; for input, the line and column of the offending character:
;;; "json-read: unexpected character at line 3, column 7: #\}".
;;; json-error-reason returns that message.
;;;
;;; Limits: json-nesting-depth-limit bounds the depth of arrays and
;;; objects (a limit of N reads N levels), json-number-of-character-
;;; limit the characters one reader consumes (N characters may be
;;; read); both default to +inf.0.  Unicode escapes combine surrogate
;;; pairs; a lone surrogate is an error, as is an unescaped control
;;; character in a string or a number out of the flonum range.
;;;
;;; json-accumulator writes one JSON text from the events of the
;;; generator protocol and refuses a second one; json-lines-read
;;; reads values separated by white space (one a line in JSON Lines);
;;; json-sequence-read reads RFC 7464 sequences, skipping a text that
;;; fails to parse up to the next record separator.

;;; Code:

(define-library (srfi 180)
  (export json-error? json-error-reason json-null?
          json-nesting-depth-limit json-number-of-character-limit
          json-generator json-fold json-read json-lines-read
          json-sequence-read json-accumulator json-write)
  (import (libscm))
  (begin

    (define %depth-limit (make-parameter +inf.0))
    (define %character-limit (make-parameter +inf.0))

    ;; Documented procedures over the parameters: parameterize binds
    ;; them (they pass the parameters' protocol on), and the reader
    ;; reads the parameters themselves.
    (define (json-nesting-depth-limit . value)
      "Return the most levels of nested arrays and objects a JSON reader
accepts in the current dynamic environment, a parameter that
parameterize binds (default +inf.0); deeper input is a json-error.
Called with a number, set it in the current dynamic extent."
      (if (null? value) (%depth-limit) (apply %depth-limit value)))

    (define (json-number-of-character-limit . value)
      "Return the most characters one JSON reader consumes in the
current dynamic environment, a parameter that parameterize binds
(default +inf.0); reading more is a json-error.  Called with a number,
set it in the current dynamic extent."
      (if (null? value) (%character-limit) (apply %character-limit value)))

    (define (json-null? obj)
      "#t if OBJ is the symbol null, JSON's null."
      (eq? obj 'null))

    (define (json-error? obj)
      "#t if OBJ is an error raised by this library."
      (and (error-object? obj) (eq? (condition-kind obj) 'json-error)))

    (define (json-error-reason obj)
      "The text of json-error OBJ: what went wrong and where."
      (if (not (json-error? obj))
          (error "json-error-reason: wrong type argument in position 1 (expected json-error)"
                 obj))
      (condition-message obj))

    (define (json-raise who message . irritants)
      (raise (%make-condition 'json-error who message irritants)))

    ;; ----------------------------------------------------------------
    ;; Input: a port or a generator of characters, with the position of
    ;; the next character and the count against the character limit.

    (define-record-type input
      (make-input port gen ahead line line-start count limit who)
      input?
      (port input-port)
      (gen input-gen)
      (ahead input-ahead set-input-ahead!)   ; a peeked character, or #f
      (line input-line set-input-line!)
      ;; The count of characters before the current line: the column is
      ;; computed from it only for an error.
      (line-start input-line-start set-input-line-start!)
      (count input-count set-input-count!)
      (limit input-limit)                    ; #f for none
      (who input-who))

    (define (input-column in)
      (+ 1 (- (input-count in) (input-line-start in))))

    (define (open-json-input who src)
      (let ((src (if (null? src) (current-input-port) (car src)))
            (limit (let ((l (%character-limit)))
                     (and (real? l) (finite? l) l))))
        (cond
         ((and (port? src) (input-port? src) (textual-port? src))
          (make-input src #f #f 1 0 0 limit who))
         ((procedure? src)
          (make-input #f src #f 1 0 0 limit who))
         (else
          (error (string-append (symbol->string who)
                                ": wrong type argument in position 1 (expected textual input port or generator of characters)")
                 src)))))

    (define (peek in)
      (let ((port (input-port in)))
        (if port
            (peek-char port)
            (or (input-ahead in)
                (let ((c ((input-gen in))))
                  (if (not (or (char? c) (eof-object? c)))
                      (error (string-append (symbol->string (input-who in))
                                            ": the generator gave a non-character")
                             c))
                  (set-input-ahead! in c)
                  c)))))

    ;; Consume the next character and return it (or the end of file).
    (define (next! in)
      (let ((limit (input-limit in)))
        (if (and limit (>= (input-count in) limit) (not (eof-object? (peek in))))
            (fail in "more characters than json-number-of-character-limit allows")))
      (let* ((port (input-port in))
             (c (if port
                    (read-char port)
                    (let ((c (peek in))) (set-input-ahead! in #f) c))))
        (if (char? c)
            (let ((n (+ 1 (input-count in))))
              (set-input-count! in n)
              (if (char=? c #\newline)
                  (begin (set-input-line! in (+ 1 (input-line in)))
                         (set-input-line-start! in n)))))
        c))

    ;; Raise a json-error at the position of the next character of IN.
    (define (fail in message . irritants)
      (apply json-raise (input-who in)
             (string-append message " at line "
                            (number->string (input-line in)) ", column "
                            (number->string (input-column in)))
             irritants))

    (define (unexpected in)
      (let ((c (peek in)))
        (if (eof-object? c)
            (fail in "unexpected end of input")
            (fail in "unexpected character" c))))

    ;; A byte-order mark at the very start is ignored, as RFC 8259
    ;; allows.
    (define (skip-bom! in)
      (if (and (= (input-count in) 0) (eqv? (peek in) #\xFEFF))
          (begin (next! in)
                 (set-input-line-start! in 1))))

    ;; THUNK's value; a port's decoding error (bytes that are not UTF-8)
    ;; raised as a json-error.
    (define (decoding-errors in thunk)
      (guard (e ((and (error-object? e) (eq? (condition-kind e) 'decoding-error))
                 (fail in (string-append "invalid text: " (condition-message e)))))
        (thunk)))

    (define (json-space? c)
      (and (char? c) (memv c '(#\space #\tab #\newline #\return))))

    (define (skip-space! in)
      (let loop ()
        (if (json-space? (peek in))
            (begin (next! in) (loop)))))

    ;; Consume character C, or fail.
    (define (expect! in c)
      (if (eqv? (peek in) c) (next! in) (unexpected in)))

    ;; ----------------------------------------------------------------
    ;; Scalars.

    ;; What may follow a number or a literal.
    (define (check-end! in)
      (let ((c (peek in)))
        (if (not (or (eof-object? c) (json-space? c)
                     (memv c '(#\, #\] #\} #\x1E))))
            (unexpected in))))

    (define (read-literal! in text value)
      (string-for-each (lambda (c) (expect! in c)) text)
      (check-end! in)
      value)

    (define (digit? c) (and (char? c) (char<=? #\0 c #\9)))

    (define (read-digits! in out)
      (if (not (digit? (peek in)))
          (unexpected in))
      (let loop ()
        (if (digit? (peek in))
            (begin (write-char (next! in) out) (loop)))))

    (define (read-number! in)
      (let ((out (open-output-string))
            (line (input-line in))
            (column (input-column in)))
        (if (eqv? (peek in) #\-) (write-char (next! in) out))
        (cond ((eqv? (peek in) #\0) (write-char (next! in) out))
              (else (read-digits! in out)))
        (if (eqv? (peek in) #\.)
            (begin (write-char (next! in) out) (read-digits! in out)))
        (if (memv (peek in) '(#\e #\E))
            (begin (write-char (next! in) out)
                   (if (memv (peek in) '(#\+ #\-)) (write-char (next! in) out))
                   (read-digits! in out)))
        (check-end! in)
        (let* ((text (get-output-string out))
               (n (string->number text)))
          (if (not (and n (or (exact? n) (finite? n))))
              (json-raise (input-who in)
                          (string-append "number out of range at line "
                                         (number->string line) ", column "
                                         (number->string column))
                          text))
          n)))

    (define (hex-value c)
      (cond ((not (char? c)) #f)
            ((char<=? #\0 c #\9) (- (char->integer c) 48))
            ((char<=? #\a (char-downcase c) #\f)
             (- (char->integer (char-downcase c)) 87))
            (else #f)))

    ;; The 4 hex digits after \u.
    (define (read-hex4! in)
      (let loop ((i 0) (v 0))
        (if (= i 4)
            v
            (let ((d (hex-value (peek in))))
              (if (not d) (unexpected in))
              (next! in)
              (loop (+ i 1) (+ (* v 16) d))))))

    ;; After \u: a character, with a surrogate pair combined.
    (define (read-unicode-escape! in)
      (let ((u (read-hex4! in)))
        (cond
         ((<= #xD800 u #xDBFF)
          (if (not (and (eqv? (peek in) #\\) (begin (next! in) (eqv? (peek in) #\u))))
              (fail in "a high surrogate escape without its low surrogate"))
          (next! in)
          (let ((low (read-hex4! in)))
            (if (not (<= #xDC00 low #xDFFF))
                (fail in "a high surrogate escape without its low surrogate"))
            (integer->char (+ #x10000 (* (- u #xD800) 1024) (- low #xDC00)))))
         ((<= #xDC00 u #xDFFF)
          (fail in "a lone low surrogate escape"))
         (else (integer->char u)))))

    ;; A string, its opening quote consumed.
    (define (read-string! in)
      (let ((out (open-output-string)))
        (let loop ()
          (let ((c (peek in)))
            (cond
             ((eof-object? c) (fail in "unterminated string"))
             ((char=? c #\") (next! in) (get-output-string out))
             ((char<? c #\space)
              (fail in "unescaped control character in a string" c))
             ((char=? c #\\)
              (next! in)
              (let ((e (peek in)))
                (case e
                  ((#\" #\\ #\/) (write-char e out))
                  ((#\b) (write-char #\backspace out))
                  ((#\f) (write-char #\page out))
                  ((#\n) (write-char #\newline out))
                  ((#\r) (write-char #\return out))
                  ((#\t) (write-char #\tab out))
                  ((#\u) (next! in) (write-char (read-unicode-escape! in) out))
                  (else (fail in "invalid escape in a string" e)))
                (if (not (eqv? e #\u)) (next! in))
                (loop)))
             (else (write-char (next! in) out) (loop)))))))

    ;; The scalar that starts at C (peeked), or the symbol array-start
    ;; or object-start, consumed.
    (define (read-token! in c)
      (case c
        ((#\[) (next! in) 'array-start)
        ((#\{) (next! in) 'object-start)
        ((#\") (next! in) (read-string! in))
        ((#\t) (read-literal! in "true" #t))
        ((#\f) (read-literal! in "false" #f))
        ((#\n) (read-literal! in "null" 'null))
        (else
         (if (or (digit? c) (eqv? c #\-))
             (read-number! in)
             (unexpected in)))))

    (define (check-depth! in depth)
      (if (> depth (%depth-limit))
          (fail in "nesting deeper than json-nesting-depth-limit")))

    ;; ----------------------------------------------------------------
    ;; The generator of events.

    ;; The states of an open structure: a0 an array with no element yet,
    ;; a1 an array after an element, o0 an object with no member yet,
    ;; ov an object expecting a member's value, o1 an object after a
    ;; member.
    (define (event-generator in)
      (let ((stack '()) (depth 0) (started #f) (done #f))
        (define (value!)
          (skip-space! in)
          (let ((t (read-token! in (peek in))))
            (if (memq t '(array-start object-start))
                (begin
                  (set! depth (+ depth 1))
                  (check-depth! in depth)
                  (set! stack (cons (if (eq? t 'array-start) 'a0 'o0) stack))))
            (if (null? stack) (set! done #t))
            t))
        (define (close! t)
          (next! in)
          (set! stack (cdr stack))
          (set! depth (- depth 1))
          (if (null? stack) (set! done #t))
          t)
        (define (key!)
          (skip-space! in)
          (if (not (eqv? (peek in) #\")) (unexpected in))
          (next! in)
          (let ((k (read-string! in)))
            (skip-space! in)
            (expect! in #\:)
            (set-car! stack 'ov)
            k))
        (define (step!)
          (cond
           (done (eof-object))
           ((not started)
            (set! started #t)
            (skip-bom! in)
            (skip-space! in)
            (if (eof-object? (peek in))
                (begin (set! done #t) (eof-object))
                (value!)))
           (else
            (skip-space! in)
            (let ((c (peek in)))
              (case (car stack)
                ((a0) (if (eqv? c #\])
                          (close! 'array-end)
                          (begin (set-car! stack 'a1) (value!))))
                ((a1) (cond ((eqv? c #\]) (close! 'array-end))
                            ((eqv? c #\,) (next! in) (value!))
                            (else (unexpected in))))
                ((o0) (if (eqv? c #\})
                          (close! 'object-end)
                          (key!)))
                ((ov) (set-car! stack 'o1) (value!))
                ((o1) (cond ((eqv? c #\}) (close! 'object-end))
                            ((eqv? c #\,) (next! in) (key!))
                            (else (unexpected in)))))))))
        (lambda () (decoding-errors in step!))))

    (define (json-generator . src)
      "(json-generator [PORT-OR-GENERATOR]): a generator of the events of
the next JSON value: array-start, array-end, object-start, object-end
(an object's keys and values alternate between them), and scalars; then
an end-of-file object."
      (event-generator (open-json-input 'json-generator src)))

    (define (json-fold proc array-start array-end object-start object-end
                       seed . src)
      "Fold over the next JSON value, as the SRFI says: (PROC VALUE SEED)
for each value or finished structure, ARRAY-START / OBJECT-START of the
seed to start a structure's seed, ARRAY-END / OBJECT-END of its seed to
make the structure's value."
      (let ((gen (event-generator (open-json-input 'json-fold src))))
        (let loop ((seed seed) (stack '()))
          (let ((t (gen)))
            (case t
              ((array-start) (loop (array-start seed) (cons seed stack)))
              ((object-start) (loop (object-start seed) (cons seed stack)))
              ((array-end object-end)
               (let* ((obj ((if (eq? t 'array-end) array-end object-end) seed))
                      (new (proc obj (car stack))))
                 (if (null? (cdr stack)) new (loop new (cdr stack)))))
              (else
               (cond ((eof-object? t) seed)
                     ((null? stack) (proc t seed))
                     (else (loop (proc t seed) stack)))))))))

    ;; ----------------------------------------------------------------
    ;; json-read: recursive descent over the same tokens.

    (define (read-value! in depth)
      (skip-space! in)
      (let ((t (read-token! in (peek in))))
        (case t
          ((array-start)
           (check-depth! in (+ depth 1))
           (read-array! in (+ depth 1)))
          ((object-start)
           (check-depth! in (+ depth 1))
           (read-object! in (+ depth 1)))
          (else t))))

    (define (read-array! in depth)
      (skip-space! in)
      (if (eqv? (peek in) #\])
          (begin (next! in) (vector))
          (let loop ((acc (list (read-value! in depth))))
            (skip-space! in)
            (case (peek in)
              ((#\,) (next! in) (loop (cons (read-value! in depth) acc)))
              ((#\]) (next! in) (list->vector (reverse acc)))
              (else (unexpected in))))))

    (define (read-member! in depth)
      (skip-space! in)
      (if (not (eqv? (peek in) #\")) (unexpected in))
      (next! in)
      (let ((k (string->symbol (read-string! in))))
        (skip-space! in)
        (expect! in #\:)
        (cons k (read-value! in depth))))

    (define (read-object! in depth)
      (skip-space! in)
      (if (eqv? (peek in) #\})
          (begin (next! in) '())
          (let loop ((acc (list (read-member! in depth))))
            (skip-space! in)
            (case (peek in)
              ((#\,) (next! in) (loop (cons (read-member! in depth) acc)))
              ((#\}) (next! in) (reverse acc))
              (else (unexpected in))))))

    ;; The next value of IN, or an end-of-file object if only white
    ;; space is left.
    (define (read-top! in)
      (decoding-errors in
        (lambda ()
          (skip-bom! in)
          (skip-space! in)
          (if (eof-object? (peek in))
              (eof-object)
              (read-value! in 0)))))

    (define (json-read . src)
      "(json-read [PORT-OR-GENERATOR]): the next JSON value as a Scheme
object (null -> null, arrays -> vectors, objects -> alists with symbol
keys), or an end-of-file object at the end of the input."
      (read-top! (open-json-input 'json-read src)))

    (define (json-lines-read . src)
      "(json-lines-read [PORT-OR-GENERATOR]): a generator of the values of
JSON Lines text, then an end-of-file object."
      (let ((in (open-json-input 'json-lines-read src)))
        (lambda () (read-top! in))))

    (define (json-sequence-read . src)
      "(json-sequence-read [PORT-OR-GENERATOR]): a generator of the values
of an RFC 7464 JSON text sequence (each text after an RS character); a
text that does not parse is skipped."
      (let ((in (open-json-input 'json-sequence-read src)))
        (define (skip-to-rs!)
          (let loop ()
            (let ((c (peek in)))
              (cond ((eof-object? c) c)
                    ((char=? c #\x1E) c)
                    (else (next! in) (loop))))))
        (lambda ()
          (let loop ()
            (let ((c (skip-to-rs!)))
              (if (eof-object? c)
                  c
                  (begin
                    (next! in)
                    (let ((v (guard (e ((json-error? e) e))
                               (read-top! in))))
                      (cond ((json-error? v) (loop))
                            ((eof-object? v) v)
                            (else
                             (skip-space! in)
                             (if (or (eof-object? (peek in))
                                     (eqv? (peek in) #\x1E))
                                 v
                                 (loop))))))))))))

    ;; ----------------------------------------------------------------
    ;; Writing.

    ;; The writer's output: a procedure of a string.
    (define (json-output who dest)
      (cond
       ((and (port? dest) (output-port? dest) (textual-port? dest))
        (lambda (s) (write-string s dest)))
       ((procedure? dest) dest)
       (else
        (error (string-append (symbol->string who)
                              ": wrong type argument (expected textual output port or accumulator)")
               dest))))

    (define (json-string-text s)
      (let ((out (open-output-string)))
        (write-char #\" out)
        (string-for-each
         (lambda (c)
           (case c
             ((#\") (write-string "\\\"" out))
             ((#\\) (write-string "\\\\" out))
             ((#\newline) (write-string "\\n" out))
             ((#\return) (write-string "\\r" out))
             ((#\tab) (write-string "\\t" out))
             ((#\backspace) (write-string "\\b" out))
             ((#\page) (write-string "\\f" out))
             (else
              (if (char<? c #\space)
                  (let ((h (number->string (char->integer c) 16)))
                    (write-string "\\u" out)
                    (write-string (make-string (- 4 (string-length h)) #\0) out)
                    (write-string h out))
                  (write-char c out)))))
         s)
        (write-char #\" out)
        (get-output-string out)))

    (define (json-number? x)
      (and (number? x) (real? x)
           (if (exact? x) (integer? x) (finite? x))))

    (define (scalar-text who x)
      (cond ((eq? x 'null) "null")
            ((eq? x #t) "true")
            ((eq? x #f) "false")
            ((string? x) (json-string-text x))
            ((json-number? x) (number->string x))
            (else (json-raise who "not a JSON value" x))))

    (define (json-accumulator dest)
      "(json-accumulator PORT-OR-ACCUMULATOR): an accumulator of the events
of json-generator's protocol that writes the JSON text they describe;
a deviation from the protocol is a json-error."
      (let ((out (json-output 'json-accumulator dest))
            (stack '())              ; a0 a1 o0 o1 ov, as the reader's
            (done #f))
        (define (bad message obj)
          (json-raise 'json-accumulator message obj))
        ;; Write what goes before a value, and move the state on.
        (define (before-value! obj)
          (cond
           (done (bad "a complete JSON text was written already" obj))
           ((null? stack) #t)
           (else
            (case (car stack)
              ((a0) (set-car! stack 'a1))
              ((a1) (out ","))
              ((ov) (set-car! stack 'o1))
              (else (bad "an object member needs a string key first" obj))))))
        (define (after-value!)
          (if (null? stack) (set! done #t)))
        (define (close! state-ok close obj)
          (if (or (null? stack) (not (memq (car stack) state-ok)))
              (bad "an end that closes no structure of its kind" obj))
          (out close)
          (set! stack (cdr stack))
          (after-value!))
        (lambda (obj)
          (cond
           ((eq? obj 'array-start)
            (before-value! obj) (out "[") (set! stack (cons 'a0 stack)))
           ((eq? obj 'object-start)
            (before-value! obj) (out "{") (set! stack (cons 'o0 stack)))
           ((eq? obj 'array-end) (close! '(a0 a1) "]" obj))
           ((eq? obj 'object-end) (close! '(o0 o1) "}" obj))
           ((and (pair? stack) (memq (car stack) '(o0 o1)))
            (if (not (string? obj))
                (bad "an object key must be a string" obj))
            (if (eq? (car stack) 'o1) (out ","))
            (out (json-string-text obj))
            (out ":")
            (set-car! stack 'ov))
           (else
            (let ((text (scalar-text 'json-accumulator obj)))
              (before-value! obj)
              (out text)
              (after-value!)))))))

    ;; Raise a json-error unless OBJ can be written.
    (define (validate obj)
      (cond
       ((vector? obj) (vector-for-each validate obj))
       ((or (pair? obj) (null? obj))
        (if (not (list? obj))
            (json-raise 'json-write "not an association list" obj))
        (for-each (lambda (m)
                    (if (not (and (pair? m) (symbol? (car m))))
                        (json-raise 'json-write
                                    "an object member must be a pair with a symbol key"
                                    m))
                    (validate (cdr m)))
                  obj))
       (else (scalar-text 'json-write obj))))

    (define (write-value obj out)
      (cond
       ((vector? obj)
        (out "[")
        (let ((n (vector-length obj)))
          (do ((i 0 (+ i 1))) ((= i n))
            (if (> i 0) (out ","))
            (write-value (vector-ref obj i) out)))
        (out "]"))
       ((or (pair? obj) (null? obj))
        (out "{")
        (let loop ((l obj) (first #t))
          (if (pair? l)
              (begin
                (if (not first) (out ","))
                (out (json-string-text (symbol->string (caar l))))
                (out ":")
                (write-value (cdar l) out)
                (loop (cdr l) #f))))
        (out "}"))
       (else (out (scalar-text 'json-write obj)))))

    (define (json-write obj . dest)
      "(json-write OBJ [PORT-OR-ACCUMULATOR]): write OBJ as JSON (after
checking the whole of it: nothing is written if a part cannot be)."
      (let ((out (json-output 'json-write
                              (if (pair? dest) (car dest) (current-output-port)))))
        (validate obj)
        (write-value obj out)))))
