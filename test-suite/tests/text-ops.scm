;;; text-ops.scm -- string, character and port primitives compiled as TEXT_OP
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A call of a global holding string-ref, string-set!, string-length,
;;; char-whitespace?, char-alphabetic?, char-numeric?, eof-object?, or
;;; read-char or peek-char of one port, is compiled into the TEXT_OP
;;; instruction (compile/calls.c, vm/ops-record.inc): the usual case
;;; (a string and an index within it, an ASCII character, a character
;;; already in a port's buffer) answered in the VM, anything else by the
;;; primitive's C function.  These tests check both sides of each
;;; boundary of that usual case (ASCII and beyond, narrow and wide
;;; strings, a port's buffer and what must be read or decoded), that
;;; errors are the primitives', that a port's line and column stay
;;; exact, and that the calls follow the variable when a program sets
;;; or defines it after they were compiled.

;;; Code:

(test-begin "text-ops")

(define (message thunk)
  (guard (e (#t (condition-message e))) (thunk) 'no-error))

(define (temp name) (string-append test-temp-directory name))

;; ------------------------------------------------------------------
;; First in the file, while no variable that held an inline primitive
;; has changed in this process: TEXT_OP then tests
;; scm_i_inline_bindings_intact, not its variable, and a new value of a
;; variable that held one of its primitives must clear it (engine.c,
;; scm_i_note_subr_rebound).
(test-group "a set! in a fresh process reaches compiled calls"
  (lambda ()
    (define m (resolve-module '(test text-ops fresh)))
    (eval '(define (ref s i) (string-ref s i)) m)
    (eval '(define (next p) (read-char p)) m)
    (eval '(define (space? c) (if (char-whitespace? c) 'space 'other)) m)
    (test-equal "before" '(#\b #\x space)
                (eval '(list (ref "abc" 1) (next (open-input-string "x"))
                             (space? #\space))
                      m))
    (eval '(set! string-ref (lambda (s i) (list 'ref i))) m)
    (eval '(set! read-char (lambda (p) 'read)) m)
    (eval '(set! char-whitespace? (lambda (c) #f)) m)
    (test-equal "after, each call" '((ref 1) read other)
                (eval '(list (ref "abc" 1) (next (open-input-string "x"))
                             (space? #\space))
                      m))
    (test-equal "the primitives elsewhere are unchanged" '(#\b #\x #t)
                (list (string-ref "abc" 1) (read-char (open-input-string "x"))
                      (char-whitespace? #\space)))))

;; ------------------------------------------------------------------
(test-group "string-ref, string-length"
  (lambda ()
    (define (ref s i) (string-ref s i))
    (define (len s) (string-length s))
    (define wide (string #\a #\x1F600 #\λ))
    (test-equal "narrow: first, last, a Latin-1 character" '(#\a #\c #\xE9)
                (list (ref "abc" 0) (ref "abc" 2) (ref "\xE9;" 0)))
    (test-equal "wide: beyond the BMP, in the BMP" '(#\a #\x1F600 #\λ)
                (list (ref wide 0) (ref wide 1) (ref wide 2)))
    (test-equal "lengths" '(0 3 3) (list (len "") (len "abc") (len wide)))
    (test-equal "an index out of range, negative, a bignum, a flonum"
                '("string-ref: argument out of range in position 2: 3"
                  "string-ref: argument out of range in position 2: 0"
                  "string-ref: argument out of range in position 2: -1"
                  "string-ref: argument out of range in position 2: 100000000000000000000"
                  "string-ref: wrong type argument in position 2 (expected exact integer): 1.0")
                (list (message (lambda () (ref "abc" 3)))
                      (message (lambda () (ref "" 0)))
                      (message (lambda () (ref "abc" -1)))
                      (message (lambda () (ref "abc" (expt 10 20))))
                      (message (lambda () (ref "abc" 1.0)))))
    (test-equal "not a string"
                '("string-ref: wrong type argument in position 1 (expected string): (a)"
                  "string-ref: wrong type argument in position 1 (expected string): abc"
                  "string-length: wrong type argument in position 1 (expected string): #\\a")
                (list (message (lambda () (ref '(a) 0)))
                      (message (lambda () (ref 'abc 0)))
                      (message (lambda () (len #\a)))))
    (test-equal "a literal string is read like any other" #\b
                (ref "abc" 1))))

;; ------------------------------------------------------------------
(test-group "string-set!"
  (lambda ()
    (define (set s i c) (string-set! s i c))
    (test-equal "narrow stores, the value unspecified" '("xbz" #t)
                (let ((s (make-string 3 #\b)))
                  (let ((v (set s 0 #\x)))
                    (set s 2 #\z)
                    (list s (eq? v (if #f #f))))))
    (test-equal "a Latin-1 character stays narrow, one above widens"
                '("\xFF;b" "\xFF;\x1F600;" "λ\x1F600;")
                (let* ((s (make-string 2 #\b))
                       (a (begin (set s 0 #\xFF) (string-copy s)))
                       (b (begin (set s 1 #\x1F600) (string-copy s))))
                  ;; now wide: a store into the wide string
                  (set s 0 #\λ)
                  (list a b s)))
    (test-equal "the other characters of a widened string are kept"
                '(#\a #\λ #\c 3)
                (let ((s (string-copy "abc")))
                  (set s 1 #\λ)
                  (list (string-ref s 0) (string-ref s 1) (string-ref s 2)
                        (string-length s))))
    (test-equal "errors"
                '("string-set!: cannot modify an immutable string: \"abc\""
                  "string-set!: argument out of range in position 2: 3"
                  "string-set!: argument out of range in position 2: -1"
                  "string-set!: wrong type argument in position 3 (expected character): \"a\""
                  "string-set!: wrong type argument in position 1 (expected string): #(1)")
                (list (message (lambda () (set "abc" 0 #\x)))
                      (message (lambda () (set (make-string 3) 3 #\a)))
                      (message (lambda () (set (make-string 3) -1 #\a)))
                      (message (lambda () (set (make-string 3) 0 "a")))
                      (message (lambda () (set (vector 1) 0 #\a)))))
    (test-equal "a symbol's name stays as it was" "abc"
                (let ((s (symbol->string 'abc)))
                  (guard (e (#t #f)) (set s 0 #\z))
                  (symbol->string 'abc)))))

;; ------------------------------------------------------------------
(test-group "character predicates, ASCII and beyond"
  (lambda ()
    (define (ws? c) (char-whitespace? c))
    (define (alpha? c) (char-alphabetic? c))
    (define (num? c) (char-numeric? c))
    (define (all-of pred lo hi)
      (let loop ((i hi) (acc '()))
        (if (< i lo) acc
            (loop (- i 1) (if (pred (integer->char i)) (cons i acc) acc)))))
    (test-equal "the whitespace of ASCII" '(9 10 11 12 13 32)
                (all-of ws? 0 127))
    (test-equal "the letters of ASCII" 52 (length (all-of alpha? 0 127)))
    (test-equal "no letter among the signs next to them" '(#f #f #f #f)
                (map alpha? (string->list "@[`{")))
    (test-equal "the digits of ASCII" '(48 49 50 51 52 53 54 55 56 57)
                (all-of num? 0 127))
    (test-equal "beyond ASCII: NEL and no-break space, é, Arabic-Indic 0, emoji"
                '(#t #t #t #f #t #f #f)
                (list (ws? #\x85) (ws? #\xA0) (alpha? #\xE9) (num? #\xE9)
                      (num? #\x660) (alpha? #\x1F600) (ws? #\x1F600)))
    (test-equal "the same as the primitives called as values" #t
                (let loop ((i 0))
                  (cond ((= i 400) #t)
                        ((and (eq? (ws? (integer->char i))
                                   ((car (list char-whitespace?)) (integer->char i)))
                              (eq? (alpha? (integer->char i))
                                   ((car (list char-alphabetic?)) (integer->char i)))
                              (eq? (num? (integer->char i))
                                   ((car (list char-numeric?)) (integer->char i))))
                         (loop (+ i 1)))
                        (else i))))
    (test-equal "not a character"
                '("char-whitespace?: wrong type argument in position 1 (expected character): 32"
                  "char-alphabetic?: wrong type argument in position 1 (expected character): \"a\""
                  "char-numeric?: wrong type argument in position 1 (expected character): #f")
                (list (message (lambda () (ws? 32)))
                      (message (lambda () (alpha? "a")))
                      (message (lambda () (num? #f)))))
    (test-equal "eof-object?" '(#t #f #f #f)
                (map (lambda (x) (eof-object? x))
                     (list (eof-object) #f '() (string->symbol "eof"))))))

;; ------------------------------------------------------------------
;; read-char and peek-char take an ASCII byte from a file port's
;; buffer, or a character of a string port, in the VM; the primitive
;; fills the buffer, decodes UTF-8 and raises.
(define (write-file name text)
  (call-with-output-file (temp name)
    (lambda (p) (write-string text p))))

;; The characters of port P, each with the line and column after it.
(define (chars-and-positions p)
  (let loop ((acc '()))
    (let ((c (read-char p)))
      (if (eof-object? c)
          (reverse acc)
          (loop (cons (list c (port-line p) (port-column p)) acc))))))

(test-group "read-char and peek-char"
  (lambda ()
    (define text "ab\ncλ\n\x1F600;d\n\nz")
    (define expected
      '((#\a 0 1) (#\b 0 2) (#\newline 1 0) (#\c 1 1) (#\λ 1 2)
        (#\newline 2 0) (#\x1F600 2 1) (#\d 2 2) (#\newline 3 0)
        (#\newline 4 0) (#\z 4 1)))
    (write-file "text.txt" text)
    (test-equal "a string port: characters, lines and columns" expected
                (chars-and-positions (open-input-string text)))
    (test-equal "a file port: the same, UTF-8 decoded" expected
                (call-with-input-file (temp "text.txt") chars-and-positions))
    (test-equal "peek-char does not consume nor count"
                '(#\a #\a 0 0 #\a 0 1 #\λ #\λ 0 1 #\λ 0 2 #t #t)
                (let ((p (open-input-string "aλ")))
                  (let* ((a (peek-char p)) (b (peek-char p))
                         (l0 (port-line p)) (c0 (port-column p))
                         (c (read-char p)) (l1 (port-line p)) (c1 (port-column p))
                         (d (peek-char p)) (e (peek-char p))
                         (l2 (port-line p)) (c2 (port-column p))
                         (f (read-char p)) (l3 (port-line p)) (c3 (port-column p)))
                    (list a b l0 c0 c l1 c1 d e l2 c2 f l3 c3
                          (eof-object? (peek-char p)) (eof-object? (read-char p))))))
    (test-equal "at the end, again and again" '(#t #t #t)
                (let ((p (open-input-string "")))
                  (list (eof-object? (read-char p)) (eof-object? (peek-char p))
                        (eof-object? (read-char p)))))
    ;; 5000 lines of "x" and a two-byte character: a buffer of 4096
    ;; bytes ends inside one of them, and refills happen in the middle.
    (let ((big (let loop ((i 0) (acc '()))
                 (if (= i 3000) (apply string-append acc)
                     (loop (+ i 1) (cons (if (odd? i) "λx\n" "yz\n") acc))))))
      (write-file "big.txt" big)
      (test-equal "a file longer than the buffer, read to the end"
                  (list (string-length big) 3000 0 big)
                  (call-with-input-file (temp "big.txt")
                    (lambda (p)
                      (let loop ((acc '()) (n 0))
                        (let ((c (read-char p)))
                          (if (eof-object? c)
                              (list n (port-line p) (port-column p)
                                    (list->string (reverse acc)))
                              (loop (cons c acc) (+ n 1)))))))))
    (test-equal "read-char and read-line mixed on a file port"
                '(#\a "b" #\c #\λ "" #\x1F600 "d")
                (call-with-input-file (temp "text.txt")
                  (lambda (p)
                    (let* ((a (read-char p)) (b (read-line p))
                           (c (read-char p)) (d (read-char p)) (e (read-line p))
                           (f (read-char p)) (g (read-line p)))
                      (list a b c d e f g)))))
    (test-equal "a custom textual port" '(#\h #\i #\h #\i #t)
                (let* ((s "hi") (pos 0)
                       (p (make-custom-textual-input-port
                           "two"
                           (lambda (buf start count)
                             (if (< pos (string-length s))
                                 (begin (string-set! buf start (string-ref s pos))
                                        (set! pos (+ pos 1))
                                        1)
                                 0))
                           #f #f #f)))
                  (list (peek-char p) (begin (read-char p) (read-char p))
                        (begin (set! pos 0) (read-char p)) (read-char p)
                        (eof-object? (read-char p)))))))

(test-group "read-char and peek-char: errors"
  (lambda ()
    (define (next p) (read-char p))
    (define (look p) (peek-char p))
    (define closed (open-input-string "abc"))
    (close-port closed)
    ;; The message up to the port, which is printed with its address.
    (define (head thunk)
      (let* ((m (message thunk)) (k (string-index m #\#)))
        (if k (substring m 0 k) m)))
    (let ((p (open-binary-output-file (temp "bad.txt"))))
      (write-bytevector (bytevector 97 255 98) p)
      (close-port p))
    (test-equal "not ports, closed, output, binary"
                '("read-char: wrong type argument in position 1 (expected input port): \"abc\""
                  "peek-char: wrong type argument in position 1 (expected input port): 1"
                  "read-char: port is closed: "
                  "peek-char: port is closed: "
                  "read-char: wrong type argument in position 1 (expected input port): "
                  "read-char: wrong type argument in position 1 (expected textual input port): ")
                (list (head (lambda () (next "abc")))
                      (head (lambda () (look 1)))
                      (head (lambda () (next closed)))
                      (head (lambda () (look closed)))
                      (head (lambda () (next (open-output-string))))
                      (head (lambda () (next (open-input-bytevector #u8(1)))))))
    (test-equal "an invalid UTF-8 byte: a decoding error at its place, then on"
                (list #\a (string-append "read-char: " (temp "bad.txt")
                                         ":1:2: invalid UTF-8 byte")
                      #\b #t)
                (call-with-input-file (temp "bad.txt")
                  (lambda (p)
                    (let* ((a (next p)) (e (message (lambda () (next p))))
                           (b (next p)))
                      (list a e b (eof-object? (look p)))))))
    (test-equal "redefining read-char in a module changes its calls"
                '(mine #\a)
                (let ((m (resolve-module '(test text-ops redefine-read-char))))
                  (eval '(define (first p) (read-char p)) m)
                  (eval '(define (read-char p) 'mine) m)
                  (list (eval '(first (open-input-string "a")) m)
                        (next (open-input-string "a")))))))

;; ------------------------------------------------------------------
(test-group "read-char of no port, or as a value, is the primitive's"
  (lambda ()
    (test-equal "the current input port" '(#\q #\r)
                (with-input-from-string "qr"
                  (lambda () (let* ((a (read-char)) (b (read-char))) (list a b)))))
    (test-equal "applied" '(#\s #\s)
                (let ((p (open-input-string "s")))
                  (list (apply peek-char (list p)) ((car (list read-char)) p))))))

(test-end "text-ops")
