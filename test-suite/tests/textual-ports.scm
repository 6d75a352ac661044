;;; textual-ports.scm -- (ice-9 textual-ports), (ice-9 rdelim), string ports
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Guile's textual port procedures and delimited reading as built-in
;;; libraries, found by use-modules and import; each procedure at the
;;; end of file, on empty input, with every handle-delim, with bad
;;; arguments; with-output-to-string and its kin at top level.

;;; Code:

(import (rename (only (scheme base) read-line) (read-line core-read-line)))
(use-modules (ice-9 rdelim) (ice-9 textual-ports))

(test-begin "textual-ports")

(define (in s) (open-input-string s))

;; The results of THUNKS called in order.
(define (in-order . thunks)
  (let loop ((ts thunks) (acc '()))
    (if (null? ts) (reverse acc) (loop (cdr ts) (cons ((car ts)) acc)))))

;; ------------------------------------------------------------------
(test-group "(ice-9 textual-ports)"
  (lambda ()
    (test-equal "get-char and lookahead-char to the end" (list #\a #\λ #\λ (eof-object) (eof-object))
                (let ((p (in "aλ")))
                  (in-order (lambda () (get-char p)) (lambda () (lookahead-char p))
                            (lambda () (get-char p)) (lambda () (get-char p))
                            (lambda () (lookahead-char p)))))
    (test-equal "get-string-n: some, fewer at the end, then eof" (list "abc" "de" (eof-object))
                (let ((p (in "abcde")))
                  (in-order (lambda () (get-string-n p 3)) (lambda () (get-string-n p 3))
                            (lambda () (get-string-n p 3)))))
    (test-equal "get-string-n of 0" "" (get-string-n (in "abc") 0))
    (test-equal "get-string-n! into a range" '(2 "-xy-")
                (let ((s (make-string 4 #\-)))
                  (list (get-string-n! (in "xyz") s 1 2) s)))
    (test-equal "get-string-n! at the end" (eof-object)
                (get-string-n! (in "") (make-string 2) 0 2))
    (test-error-contains "get-string-n! past the string" '("get-string-n!" "out of range")
                         (lambda () (get-string-n! (in "abc") (make-string 2) 1 2)))
    (test-equal "get-string-all: everything, then \"\" as in Guile" '("line 1\nline 2" "")
                (let ((p (in "line 1\nline 2")))
                  (in-order (lambda () (get-string-all p)) (lambda () (get-string-all p)))))
    (test-equal "get-string-all of a large input" 300000
                (string-length (get-string-all (in (make-string 300000 #\z)))))
    (test-equal "get-line: linefeeds only, the last line, then eof"
                (list "one\r" "" "two" (eof-object))
                (let ((p (in "one\r\n\ntwo")))
                  (in-order (lambda () (get-line p)) (lambda () (get-line p))
                            (lambda () (get-line p)) (lambda () (get-line p)))))
    (test-equal "put-char and put-string with start and count" "λ!cde|xyz|yz"
                (call-with-output-string
                 (lambda (p)
                   (put-char p #\λ) (put-char p #\!)
                   (put-string p "abcdef" 2 3) (put-char p #\|)
                   (put-string p "xyz") (put-char p #\|)
                   (put-string p "xyz" 1))))
    (test-error-contains "get-char of a non-port" '("get-char" "position 1" "input port")
                         (lambda () (get-char 5)))
    (test-error-contains "get-line of an output port" '("get-line" "input port")
                         (lambda () (get-line (open-output-string))))
    (test-error-contains "get-char of a binary port" '("get-char" "textual input port")
                         (lambda () (get-char (open-input-bytevector #u8(1)))))
    (test-error-contains "put-char of a non-character" '("put-char" "position 2" "character")
                         (lambda () (put-char (open-output-string) "a")))
    (test-error-contains "put-string to an input port" '("put-string" "position 1" "output port")
                         (lambda () (put-string (in "") "a")))
    (test-error-contains "put-string past the string" '("put-string" "out of range")
                         (lambda () (put-string (open-output-string) "abc" 2 2)))
    (test-error-contains "get-string-n with a negative count" '("get-string-n" "position 2")
                         (lambda () (get-string-n (in "abc") -1)))
    (test-error-contains "a closed port" '("get-char" "port is closed")
                         (lambda () (let ((p (in "a"))) (close-port p) (get-char p))))))

;; ------------------------------------------------------------------
(test-group "(ice-9 rdelim) read-line and %read-line"
  (lambda ()
    (test-equal "trim (the default): the delimiter dropped, CR kept" (list "a\r" "b" (eof-object))
                (let ((p (in "a\r\nb")))
                  (in-order (lambda () (read-line p)) (lambda () (read-line p 'trim))
                            (lambda () (read-line p)))))
    (test-equal "concat: the delimiter appended, if any" (list "a\n" "b" (eof-object))
                (let ((p (in "a\nb")))
                  (in-order (lambda () (read-line p 'concat)) (lambda () (read-line p 'concat))
                            (lambda () (read-line p 'concat)))))
    (test-equal "peek: the delimiter left in the port" (list "a" #\newline "b")
                (let ((p (in "a\nb")))
                  (in-order (lambda () (read-line p 'peek)) (lambda () (read-char p))
                            (lambda () (read-line p 'peek)))))
    (test-equal "split: text and terminator" (list '("a" . #\newline) (cons "b" (eof-object))
                                                   (cons (eof-object) (eof-object)))
                (let ((p (in "a\nb")))
                  (in-order (lambda () (read-line p 'split)) (lambda () (read-line p 'split))
                            (lambda () (read-line p 'split)))))
    (test-equal "empty lines" '("" "" "x")
                (let ((p (in "\n\nx")))
                  (in-order (lambda () (read-line p)) (lambda () (read-line p))
                            (lambda () (read-line p)))))
    (test-equal "read-line from the current input port" "from stdin"
                (with-input-from-string "from stdin\nmore" read-line))
    (test-equal "%read-line" (list '("a" . #\newline) (cons "b" (eof-object))
                                   (cons (eof-object) (eof-object)))
                (let ((p (in "a\nb")))
                  (in-order (lambda () (%read-line p)) (lambda () (%read-line p))
                            (lambda () (%read-line p)))))
    (test-equal "a long line" 100000
                (string-length (read-line (in (string-append (make-string 100000 #\q) "\nx")))))
    (test-error-contains "a bad handle-delim" '("read-line" "position 3" "trim, concat, peek or split")
                         (lambda () (read-line (in "a") 'chop)))
    (test-error-contains "read-line of a non-port" '("read-line" "position 2")
                         (lambda () (read-line "a")))
    (test-equal "the core read-line still drops a CR" "a"
                (core-read-line (in "a\r\nb")))))

;; ------------------------------------------------------------------
(test-group "(ice-9 rdelim) read-delimited"
  (lambda ()
    (test-equal "any of the delimiters, then the rest" (list "ab" "cd" "ef" (eof-object))
                (let ((p (in "ab,cd;ef")))
                  (in-order (lambda () (read-delimited ",;" p)) (lambda () (read-delimited ",;" p))
                            (lambda () (read-delimited ",;" p)) (lambda () (read-delimited ",;" p)))))
    (test-equal "each handle-delim" (list "a," '("b" . #\;) "c" #\, (cons "d" (eof-object)))
                (let ((p (in "a,b;c,d")))
                  (in-order (lambda () (read-delimited ",;" p 'concat))
                            (lambda () (read-delimited ",;" p 'split))
                            (lambda () (read-delimited ",;" p 'peek))
                            (lambda () (read-char p))
                            (lambda () (read-delimited ",;" p 'split)))))
    (test-equal "a delimiter first: the empty string" '("" "x")
                (let ((p (in ",x")))
                  (in-order (lambda () (read-delimited "," p)) (lambda () (read-delimited "," p)))))
    (test-equal "no delimiters: everything" "all of it\n" (read-delimited "" (in "all of it\n")))
    (test-equal "non-ASCII delimiters" '("a" "b") 
                (let ((p (in "aλb")))
                  (in-order (lambda () (read-delimited "λ" p)) (lambda () (read-delimited "λ" p)))))
    (test-error-contains "delimiters not a string" '("read-delimited" "position 1" "string")
                         (lambda () (read-delimited #\, (in "a"))))))

;; ------------------------------------------------------------------
(test-group "(ice-9 rdelim) read-delimited! and read-line!"
  (lambda ()
    (define (fill delims text handle start end)
      ;; The result, the buffer and what is left in the port.
      (let ((buf (make-string 6 #\-)) (p (in text)))
        (let ((r (read-delimited! delims buf p handle start end)))
          (list r buf (read-delimited "" p)))))
    (test-equal "trim" (list 2 "ab----" "cd") (fill "," "ab,cd" 'trim 0 6))
    (test-equal "concat stores the delimiter" (list 3 "ab,---" "cd") (fill "," "ab,cd" 'concat 0 6))
    (test-equal "concat without room leaves it in the port" (list 2 "-ab---" ",cd")
                (fill "," "ab,cd" 'concat 1 3))
    (test-equal "peek" (list 2 "ab----" ",cd") (fill "," "ab,cd" 'peek 0 6))
    (test-equal "split" (list '(2 . #\,) "ab----" "cd") (fill "," "ab,cd" 'split 0 6))
    (test-equal "a full buffer stops the reading" (list 3 "--abc-" "def") (fill "," "abcdef" 'trim 2 5))
    (test-equal "the end of file" (list 2 "ab----" (eof-object)) (fill "," "ab" 'trim 0 6))
    (test-equal "at the end already: eof" (list (eof-object) "------" (eof-object)) (fill "," "" 'trim 0 6))
    (test-equal "no room at all: #f" (list #f "------" "ab") (fill "," "ab" 'trim 3 3))
    (test-equal "default range and handle" '(3 "xyz---")
                (let ((buf (make-string 6 #\-)))
                  (list (read-delimited! " " buf (in "xyz w")) buf)))
    (test-error-contains "end past the buffer" '("read-delimited!" "position 6")
                         (lambda () (read-delimited! "," (make-string 2) (in "a") 'trim 0 3)))
    (test-error-contains "start past end" '("read-delimited!" "position 5")
                         (lambda () (read-delimited! "," (make-string 2) (in "a") 'trim 2 1)))
    (test-equal "read-line!: fits, does not fit, the end"
                (list 2 "ab--" #f "cdef" "gh" (eof-object))
                (let ((buf (make-string 4 #\-)) (p (in "ab\ncdefgh\n")))
                  (in-order (lambda () (read-line! buf p)) (lambda () (string-copy buf))
                            (lambda () (read-line! buf p)) (lambda () (string-copy buf))
                            (lambda () (read-line p)) (lambda () (read-line! buf p)))))
    (test-equal "read-line! of a line exactly the buffer's length" '(4 "abcd")
                (let ((buf (make-string 4)))
                  (list (read-line! buf (in "abcd\n")) buf)))))

;; ------------------------------------------------------------------
(test-group "write-line, read-string"
  (lambda ()
    (test-equal "write-line displays and ends the line" "(1 x)\nabc\n"
                (call-with-output-string
                 (lambda (p) (write-line '(1 "x") p) (write-line "abc" p))))
    (test-equal "write-line to the current output port" "42\n"
                (with-output-to-string (lambda () (write-line 42))))
    (test-equal "read-string, Guile's order: all, a count, \"\" at the end" '("xyz" "ab" "")
                (list (read-string (in "xyz")) (read-string (in "abc") 2) (read-string (in ""))))
    (test-equal "read-string, R7RS's order" (list "ab" (eof-object))
                (list (read-string 2 (in "abc")) (read-string 2 (in ""))))))

;; ------------------------------------------------------------------
(test-group "string port shorthands"
  (lambda ()
    (test-equal "with-output-to-string" "hi 42"
                (with-output-to-string (lambda () (display "hi ") (write 42))))
    (test-equal "with-output-to-string restores the port" "outer inner after"
                (with-output-to-string
                 (lambda ()
                   (display "outer ")
                   (display (with-output-to-string (lambda () (display "inner"))))
                   (display " after"))))
    (test-equal "call-with-output-string" "\"q\""
                (call-with-output-string (lambda (p) (write "q" p))))
    (test-equal "with-input-from-string" '((a b) c)
                (with-input-from-string "(a b) c" (lambda () (let* ((x (read)) (y (read))) (list x y)))))
    (test-equal "call-with-input-string" 42 (call-with-input-string "42 x" read))
    (test-error-contains "with-input-from-string of a non-string" '("open-input-string")
                         (lambda () (with-input-from-string 5 read)))))

;; ------------------------------------------------------------------
(test-group "import"
  (lambda ()
    (test-equal "(import (ice-9 rdelim)) in a library, except (scheme base)'s read-line"
                "ok\r"
                (eval '(begin (define-library (t rdelim-user)
                                (import (except (scheme base) read-line read-string)
                                        (ice-9 rdelim) (ice-9 textual-ports))
                                (export f)
                                (begin (define (f) (read-line (open-input-string "ok\r\nno")))))
                              (import (t rdelim-user))
                              (f))
                      (interaction-environment)))
    (test-error-contains "both read-lines at once is a conflict" '("imported from two libraries")
                         (lambda ()
                           (eval '(define-library (t rdelim-conflict)
                                    (import (scheme base) (ice-9 rdelim)))
                                 (interaction-environment))))))

(test-end "textual-ports")

;;; textual-ports.scm ends here
