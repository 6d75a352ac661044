;;; custom-ports.scm -- ports whose operations are Scheme procedures
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; make-custom-binary-input-port, make-custom-binary-output-port, their
;;; textual counterparts and make-soft-port: what each procedure is
;;; called with and when, every kind of read and write through them,
;;; end of file, errors raised by the procedures or by what they
;;; return, the close procedure called once, argument checking.

;;; Code:

(test-begin "custom-ports")

(define (message-of thunk)
  (let ((e (raised-object thunk)))
    (if (eq? e test-nothing-raised) 'nothing-raised (condition-message e))))

;; A binary input port on the bytes of BV, giving at most CHUNK bytes per
;; call of read!; (calls) lists the counts it was asked for.
(define (bytes-port bv chunk)
  (let ((pos 0) (asked '()))
    (values
     (make-custom-binary-input-port
      "bytes"
      (lambda (buf start count)
        (set! asked (cons count asked))
        (let ((n (min chunk count (- (bytevector-length bv) pos))))
          (bytevector-copy! buf start bv pos (+ pos n))
          (set! pos (+ pos n))
          n))
      #f #f #f)
     (lambda () (reverse asked)))))

(define (bytes-in bv chunk)
  (let-values (((p calls) (bytes-port bv chunk))) p))

;; A textual input port on the characters of STR, CHUNK at a time.
(define (chars-in str chunk)
  (let ((pos 0))
    (make-custom-textual-input-port
     "chars"
     (lambda (buf start count)
       (let ((n (min chunk count (- (string-length str) pos))))
         (string-copy! buf start str pos (+ pos n))
         (set! pos (+ pos n))
         n))
     #f #f #f)))

;; A custom output port that collects what it is given; (got) returns it.
(define (collector binary?)
  (let ((chunks '()))
    (values
     (if binary?
         (make-custom-binary-output-port
          "collect"
          (lambda (bv start count)
            (set! chunks (cons (bytevector-copy bv start (+ start count)) chunks))
            count)
          #f #f #f)
         (make-custom-textual-output-port
          "collect"
          (lambda (str start count)
            (set! chunks (cons (substring str start (+ start count)) chunks))
            count)
          #f #f #f))
     (lambda () (reverse chunks)))))

;; ------------------------------------------------------------------
(test-group "custom binary input ports"
  (lambda ()
    (test-assert "a binary input port"
                 (let ((p (bytes-in #u8(1) 1)))
                   (and (port? p) (input-port? p) (not (output-port? p))
                        (binary-port? p) (input-port-open? p))))
    (test-equal "read-u8 to the end, then eof twice" (list 1 2 3 (eof-object) (eof-object))
                (let ((p (bytes-in #u8(1 2 3) 1)))
                  (let* ((a (read-u8 p)) (b (read-u8 p)) (c (read-u8 p))
                         (d (read-u8 p)) (e (read-u8 p)))
                    (list a b c d e))))
    (test-equal "peek-u8 does not consume" '(7 7 8 #t)
                (let ((p (bytes-in #u8(7 8) 1)))
                  (let* ((a (peek-u8 p)) (b (read-u8 p)) (c (read-u8 p)))
                    (list a b c (eof-object? (peek-u8 p))))))
    (test-assert "u8-ready? without a ready procedure" (u8-ready? (bytes-in #u8(1) 1)))
    (test-equal "read-bytevector across many calls of read!" (list (make-bytevector 1000 9) (eof-object))
                (let ((p (bytes-in (make-bytevector 1000 9) 7)))
                  (let* ((a (read-bytevector 1000 p)) (b (read-bytevector 1 p)))
                    (list a b))))
    (test-equal "read-bytevector! into a range" '(2 #u8(0 5 6 0))
                (let ((b (make-bytevector 4 0)))
                  (list (read-bytevector! b (bytes-in #u8(5 6) 1) 1 3) b)))
    (test-equal "read! is asked for a buffer's worth and read ahead" '(1 2 (4096))
                (let-values (((p calls) (bytes-port #u8(1 2) 100)))
                  (let* ((a (read-u8 p)) (b (read-u8 p)))
                    (list a b (calls)))))
    (test-equal "an empty input is at its end at once" (eof-object)
                (read-u8 (bytes-in #u8() 1)))
    (test-equal "characters decode from its UTF-8 bytes, split anywhere"
                '(#\h #\λ "ello" "wörld" #t)
                (let ((p (bytes-in (string->utf8 "hλello\nwörld") 1)))
                  (let* ((a (read-char p)) (b (peek-char p)) (c (read-char p))
                         (d (read-line p)) (e (read-line p)))
                    (list a b d e (eof-object? (read-line p))))))
    (test-equal "read parses data from it" '((a "b" #(1 2)) 42)
                (let ((p (bytes-in (string->utf8 "(a \"b\" #(1 2)) 42") 3)))
                  (let* ((x (read p)) (y (read p))) (list x y))))
    (test-error-contains "invalid UTF-8 is a decoding error naming the port"
                         '("bytes:1:1" "invalid UTF-8")
                         (lambda () (read-char (bytes-in #u8(#xff) 1))))
    (test-equal "an error raised by read! propagates as it was raised" '("boom" (4096))
                (guard (e ((error-object? e) (list (error-object-message e)
                                                   (error-object-irritants e))))
                  (read-u8 (make-custom-binary-input-port
                            "err" (lambda (bv s c) (error "boom" c)) #f #f #f))))
    (test-equal "a non-condition raised by read! too" 'oops
                (guard (e (#t e))
                  (read-u8 (make-custom-binary-input-port
                            "err" (lambda (bv s c) (raise 'oops)) #f #f #f))))
    (test-error-contains "read! returning a non-count"
                         '("make-custom-binary-input-port" "read!" "not a count from 0 to 4096")
                         (lambda ()
                           (read-u8 (make-custom-binary-input-port
                                     "bad" (lambda (bv s c) 'x) #f #f #f))))
    (test-error-contains "read! returning more than asked"
                         '("read!" "not a count")
                         (lambda ()
                           (read-u8 (make-custom-binary-input-port
                                     "bad" (lambda (bv s c) (+ c 1)) #f #f #f))))
    (test-error-contains "read! returning a negative count"
                         '("read!" "not a count")
                         (lambda ()
                           (read-u8 (make-custom-binary-input-port
                                     "bad" (lambda (bv s c) -1) #f #f #f))))
    (test-equal "the port still works after an error in read!" '(oops 1)
                (let* ((fail? #t)
                       (p (make-custom-binary-input-port
                           "flaky"
                           (lambda (bv s c)
                             (if fail?
                                 (begin (set! fail? #f) (raise 'oops))
                                 (begin (bytevector-u8-set! bv s 1) 1)))
                           #f #f #f)))
                  (let* ((a (guard (e (#t e)) (read-u8 p))) (b (read-u8 p)))
                    (list a b))))
    (test-error-contains "write-u8 to an input port" '("write-u8" "output port")
                         (lambda () (write-u8 1 (bytes-in #u8() 1))))))

;; ------------------------------------------------------------------
(test-group "custom binary output ports"
  (lambda ()
    (test-assert "a binary output port"
                 (let-values (((p got) (collector #t)))
                   (and (output-port? p) (not (input-port? p)) (binary-port? p)
                        (output-port-open? p))))
    (test-equal "each write reaches write! when it happens"
                '((#u8(65)) (#u8(65) #u8(1 2 3)))
                (let-values (((p got) (collector #t)))
                  (write-u8 65 p)
                  (let ((first (got)))
                    (write-bytevector #u8(0 1 2 3 4) p 1 4)
                    (list first (got)))))
    (test-equal "a write of nothing calls nothing" '()
                (let-values (((p got) (collector #t)))
                  (write-bytevector #u8(1 2) p 1 1)
                  (got)))
    (test-equal "characters arrive as UTF-8" (list (string->utf8 "λ") (string->utf8 "a\n"))
                (let-values (((p got) (collector #t)))
                  (write-char #\λ p)
                  (display "a\n" p)
                  (got)))
    (test-equal "write! may take part of the bytes: it is called for the rest"
                '((0 3) (1 2) (2 1))
                (let* ((calls '())
                       (p (make-custom-binary-output-port
                           "slow" (lambda (bv s c) (set! calls (cons (list s c) calls)) 1)
                           #f #f #f)))
                  (write-bytevector #u8(1 2 3) p)
                  (reverse calls)))
    (test-error-contains "write! returning 0 for some bytes"
                         '("make-custom-binary-output-port" "write!" "not a count from 1 to 2")
                         (lambda ()
                           (write-bytevector
                            #u8(1 2)
                            (make-custom-binary-output-port
                             "bad" (lambda (bv s c) 0) #f #f #f))))
    (test-equal "an error raised by write! propagates" "disk on fire"
                (guard (e ((error-object? e) (error-object-message e)))
                  (write-u8 1 (make-custom-binary-output-port
                               "err" (lambda (bv s c) (error "disk on fire")) #f #f #f))))
    (test-error-contains "read-u8 from an output port" '("read-u8" "input port")
                         (lambda () (let-values (((p got) (collector #t))) (read-u8 p))))))

;; ------------------------------------------------------------------
(test-group "custom textual ports"
  (lambda ()
    (test-assert "a textual input port"
                 (let ((p (chars-in "x" 1)))
                   (and (input-port? p) (textual-port? p) (not (binary-port? p)))))
    (test-equal "read-char, peek-char to the end" (list #\a #\λ #\λ #\b (eof-object) (eof-object))
                (let ((p (chars-in "aλb" 1)))
                  (let* ((a (read-char p)) (b (peek-char p)) (c (read-char p))
                         (d (read-char p)) (e (read-char p)) (f (peek-char p)))
                    (list a b c d e f))))
    (test-equal "read-line and read-string" '("first" "sec" "ond" #t)
                (let ((p (chars-in "first\r\nsecond" 2)))
                  (let* ((a (read-line p)) (b (read-string 3 p)) (c (read-string 10 p)))
                    (list a b c (eof-object? (read-string 1 p))))))
    (test-equal "read of a datum split over many calls" '(define (f x) "λ" #\space)
                (read (chars-in "(define (f x) \"λ\" #\\space)" 1)))
    (test-equal "a long text with characters of every size" 20000
                (let* ((s (make-string 5000 #\a)) (p #f))
                  (string-set! s 1 #\λ) (string-set! s 2 #\x10000) (string-set! s 3 #\€)
                  (set! p (chars-in (string-append s s s s) 999))
                  (let loop ((n 0))
                    (if (eof-object? (read-char p)) n (loop (+ n 1))))))
    (test-assert "char-ready? without a ready procedure" (char-ready? (chars-in "" 1)))
    (test-error-contains "read-u8 on a textual custom port" '("read-u8" "binary input port")
                         (lambda () (read-u8 (chars-in "a" 1))))
    (test-error-contains "read! returning more characters than asked"
                         '("make-custom-textual-input-port" "read!" "not a count")
                         (lambda ()
                           (read-char (make-custom-textual-input-port
                                       "bad" (lambda (s st c) (+ c 1)) #f #f #f))))
    (test-equal "textual output: write, display, write-string, newline"
                '("(a \"b\" #\\c)" "λx" "yz" "\n")
                (let-values (((p got) (collector #f)))
                  (write '(a "b" #\c) p)
                  (display "λx" p)
                  (write-string "xyz" p 1)
                  (newline p)
                  (got)))
    (test-equal "a textual output port as the current output port" '("hello" " " "42")
                (let-values (((p got) (collector #f)))
                  (parameterize ((current-output-port p))
                    (display "hello") (display " ") (write 42))
                  (got)))
    (test-equal "write! taking one character at a time" '("λ" "b" "c")
                (let* ((got '())
                       (p (make-custom-textual-output-port
                           "slow"
                           (lambda (s st c)
                             (set! got (cons (string (string-ref s st)) got))
                             1)
                           #f #f #f)))
                  (display "λbc" p)
                  (reverse got)))
    (test-error-contains "write-u8 on a textual custom port" '("write-u8" "binary output port")
                         (lambda () (let-values (((p got) (collector #f))) (write-u8 1 p))))))

;; ------------------------------------------------------------------
(test-group "closing"
  (lambda ()
    (test-equal "close-port calls close once, however often the port is closed" 1
                (let* ((n 0)
                       (p (make-custom-binary-input-port
                           "c" (lambda (bv s c) 0) #f #f (lambda () (set! n (+ n 1))))))
                  (close-port p) (close-port p) (close-input-port p)
                  n))
    (test-assert "a closed port is not open"
                 (let ((p (chars-in "" 1)))
                   (close-port p)
                   (not (input-port-open? p))))
    (test-error-contains "reading a closed custom port" '("read-char" "port is closed")
                         (lambda () (let ((p (chars-in "abc" 1))) (close-port p) (read-char p))))
    (test-error-contains "writing a closed custom port" '("write-u8" "port is closed")
                         (lambda ()
                           (let-values (((p got) (collector #t)))
                             (close-port p) (write-u8 1 p))))
    (test-equal "an error in close propagates from close-port; the port is closed"
                '(closing #f)
                (let ((p (make-custom-textual-output-port
                          "c" (lambda (s st c) c) #f #f (lambda () (raise 'closing)))))
                  (let ((e (guard (e (#t e)) (close-port p))))
                    (list e (output-port-open? p)))))
    (test-equal "call-with-port closes it" '(x 1)
                (let* ((n 0)
                       (p (make-custom-textual-input-port
                           "c" (lambda (s st c) 0) #f #f (lambda () (set! n (+ n 1))))))
                  (list (call-with-port p (lambda (p) 'x)) n)))))

;; ------------------------------------------------------------------
(test-group "argument checks"
  (lambda ()
    (test-error-contains "the id must be a string"
                         '("make-custom-binary-input-port" "position 1" "expected string")
                         (lambda () (make-custom-binary-input-port 'id (lambda (b s c) 0) #f #f #f)))
    (test-error-contains "read! must be a procedure"
                         '("make-custom-textual-input-port" "position 2" "expected procedure")
                         (lambda () (make-custom-textual-input-port "i" #f #f #f #f)))
    (test-error-contains "get-position must be a procedure or #f"
                         '("make-custom-binary-output-port" "position 3" "procedure or #f")
                         (lambda () (make-custom-binary-output-port "i" (lambda (b s c) c) 1 #f #f)))
    (test-error-contains "close must be a procedure or #f"
                         '("make-custom-textual-output-port" "position 5")
                         (lambda () (make-custom-textual-output-port "i" (lambda (b s c) c) #f #f "no")))
    (test-assert "position procedures are accepted"
                 (port? (make-custom-binary-input-port
                         "i" (lambda (b s c) 0) (lambda () 0) (lambda (p) #t) #f)))
    (test-equal "the id is the port's name" "my-id"
                (port-filename (make-custom-binary-input-port "my-id" (lambda (b s c) 0) #f #f #f)))))

;; ------------------------------------------------------------------
(test-group "soft ports"
  (lambda ()
    (define (soft-out)
      (let ((log '()))
        (values
         (make-soft-port
          (vector (lambda (c) (set! log (cons (list 'char c) log)))
                  (lambda (s) (set! log (cons (list 'string s) log)))
                  (lambda () (set! log (cons 'flush log)))
                  #f
                  (lambda () (set! log (cons 'close log))))
          "w")
         (lambda () (reverse log)))))
    (define (soft-in str . ready)
      (let ((i 0))
        (make-soft-port
         (list->vector
          (append
           (list #f #f #f
                 (lambda ()
                   (if (< i (string-length str))
                       (let ((c (string-ref str i))) (set! i (+ i 1)) c)
                       (eof-object)))
                 #f)
           ready))
         "r")))
    (test-equal "write-char calls put-char, others put-string, flush the flush thunk"
                '((char #\a) (string "hello") (string "(1 \"λ\")") flush)
                (let-values (((p log) (soft-out)))
                  (write-char #\a p)
                  (display "hello" p)
                  (write '(1 "λ") p)
                  (flush-output-port p)
                  (log)))
    (test-equal "close calls the close thunk once" '((string "ab") close)
                (let-values (((p log) (soft-out)))
                  (display "ab" p)
                  (close-port p)
                  (close-port p)
                  (log)))
    (test-assert "a soft output port is a textual output port"
                 (let-values (((p log) (soft-out)))
                   (and (output-port? p) (textual-port? p) (not (input-port? p)))))
    (test-equal "input: read, read-char, peek-char, read-line" '((1 2 3) #\space #\f "oo" #t)
                (let ((p (soft-in "(1 2 . (3)) foo")))
                  (let* ((a (read p)) (b (read-char p)) (c (peek-char p))
                         (d (begin (read-char p) (read-line p))))
                    (list a b c d (eof-object? (read-char p))))))
    (test-equal "get-char returning #f is the end too" (eof-object)
                (read-char (make-soft-port (vector #f #f #f (lambda () #f) #f) "r")))
    (test-equal "char-ready? calls the sixth procedure" '(#f #t)
                (let* ((ready #f)
                       (p (soft-in "x" (lambda () ready))))
                  (let ((a (char-ready? p)))
                    (set! ready #t)
                    (list a (char-ready? p)))))
    (test-error-contains "get-char returning something else"
                         '("make-soft-port" "get-char" "neither a character")
                         (lambda ()
                           (read-char (make-soft-port (vector #f #f #f (lambda () 5) #f) "r"))))
    (test-equal "an error raised by put-string propagates" "no room"
                (guard (e ((error-object? e) (error-object-message e)))
                  (display "abc" (make-soft-port
                                  (vector (lambda (c) #t) (lambda (s) (error "no room"))
                                          #f #f #f)
                                  "w"))))
    (test-error-contains "a vector of the wrong length" '("make-soft-port" "vector of 5 or 6")
                         (lambda () (make-soft-port (vector 1 2 3) "w")))
    (test-error-contains "an output port needs put-char and put-string"
                         '("make-soft-port" "expected a procedure")
                         (lambda () (make-soft-port (vector #f #f #f #f #f) "w")))
    (test-equal "\"rw\": one port of both directions, each its own buffer"
                '(#t #t "hello" ("answer: " "42" "!") "world" #t 1 #f #f)
                (let* ((out '()) (closes 0) (src (string->list "hello\nworld"))
                       (p (make-soft-port
                           (vector (lambda (c) (set! out (cons (string c) out)))
                                   (lambda (s) (set! out (cons s out)))
                                   #f
                                   (lambda ()
                                     (and (pair? src)
                                          (let ((c (car src)))
                                            (set! src (cdr src))
                                            c)))
                                   (lambda () (set! closes (+ closes 1))))
                           "rw")))
                  (let* ((a (input-port? p)) (b (output-port? p))
                         (l1 (read-line p)))
                    (display "answer: " p)
                    (write 42 p)
                    (write-char #\! p)
                    (let* ((written (reverse out)) (l2 (read-line p))
                           (e (eof-object? (read-char p))))
                      (close-port p)
                      (close-port p)
                      (list a b l1 written l2 e closes
                            (input-port-open? p) (output-port-open? p))))))
    (test-error-contains "\"rw\" closed: output is refused"
                         '("port is closed")
                         (lambda ()
                           (let ((p (make-soft-port
                                     (vector (lambda (c) #t) (lambda (s) #t) #f
                                             (lambda () #f) #f)
                                     "rw")))
                             (close-port p)
                             (display "x" p))))
    (test-error-contains "\"rw\" needs get-char" '("make-soft-port" "expected a procedure")
                         (lambda () (make-soft-port (vector (lambda (c) #t) (lambda (s) #t)
                                                            #f #f #f) "rw")))
    (test-error-contains "modes with neither" '("make-soft-port" "modes")
                         (lambda () (make-soft-port (vector #f #f #f #f #f) "x")))))

(test-group "forgotten custom ports are closed by a finalizer"
  (lambda ()
    ;; Each port counts into CLOSED when its close procedure runs; none
    ;; is kept, so the collections find them all unreachable (most: the
    ;; collector is conservative, so a stray word may keep a few).
    (define closed 0)
    (define (note-close) (set! closed (+ closed 1)))
    (define (forget make n)
      (let loop ((i 0))
        (when (< i n)
          (make)
          (loop (+ i 1)))))
    (forget (lambda ()
              (make-custom-binary-input-port
               "in" (lambda (bv start count) 0) #f #f note-close))
            500)
    (forget (lambda ()
              (let ((p (make-custom-textual-output-port
                        "out" (lambda (s start count) count) #f #f note-close)))
                (write-string "text" p)))
            500)
    (gc) (gc) (gc)
    (test-assert "their close procedures ran, at most once each"
                 (and (>= closed 900) (<= closed 1000)))
    (let ((mine 0))
      (forget (lambda ()
                (close-port (make-soft-port
                             (vector #f #f #f (lambda () #\a)
                                     (lambda () (set! mine (+ mine 1))))
                             "r")))
              100)
      (gc) (gc) (gc)
      (test-equal "ports closed by the program are not closed again"
                  100 mine))))

(test-end "custom-ports")

;;; custom-ports.scm ends here
