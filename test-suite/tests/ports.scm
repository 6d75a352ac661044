;;; ports.scm -- binary ports and the port procedures of R7RS 6.13
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Bytevector ports and binary file ports with read-u8, peek-u8,
;;; u8-ready?, read-bytevector(!), write-u8 and write-bytevector: EOF at
;;; every position, ranges, large data, the textual/binary distinction;
;;; call-with-port, call-with-input-file, call-with-output-file,
;;; with-input-from-file and with-output-to-file; Guile's port-line,
;;; port-column and their setters.

;;; Code:

(test-begin "ports")

(define (message-of thunk)
  (let ((e (raised-object thunk)))
    (if (eq? e test-nothing-raised) 'nothing-raised (condition-message e))))

(define (temp name) (string-append test-temp-directory name))

;; ------------------------------------------------------------------
(test-group "bytevector input ports"
  (lambda ()
    (define (in) (open-input-bytevector #u8(1 2 3)))
    (test-assert "binary, not textual"
                 (let ((p (in))) (and (binary-port? p) (not (textual-port? p))
                                      (input-port? p) (not (output-port? p)))))
    (test-equal "read-u8 to the end, then eof" (list 1 2 3 (eof-object) (eof-object))
                (let ((p (in)))
                  (let* ((a (read-u8 p)) (b (read-u8 p)) (c (read-u8 p))
                         (d (read-u8 p)) (e (read-u8 p)))
                    (list a b c d e))))
    (test-equal "peek-u8 does not consume" '(1 1 2)
                (let ((p (in)))
                  (let* ((a (peek-u8 p)) (b (read-u8 p)) (c (peek-u8 p)))
                    (list a b c))))
    (test-assert "peek-u8 at the end" (eof-object? (peek-u8 (open-input-bytevector #u8()))))
    (test-assert "u8-ready? on a bytevector port" (u8-ready? (in)))
    (test-equal "read-bytevector: all, part, past the end" (list #u8(1 2) #u8(3) (eof-object))
                (let ((p (in)))
                  (let* ((a (read-bytevector 2 p)) (b (read-bytevector 5 p))
                         (c (read-bytevector 1 p)))
                    (list a b c))))
    (test-equal "read-bytevector of 0 bytes" #u8() (read-bytevector 0 (in)))
    (test-equal "read-bytevector with a huge count on a short input" #u8(1 2 3)
                (read-bytevector (* 1000 1000 1000 1000) (in)))
    (test-equal "read-bytevector! into a range" '(2 #u8(0 1 2 0))
                (let ((b (make-bytevector 4 0)))
                  (list (read-bytevector! b (open-input-bytevector #u8(1 2)) 1 3) b)))
    (test-equal "read-bytevector! at the end" (eof-object)
                (read-bytevector! (make-bytevector 2) (open-input-bytevector #u8())))
    (test-equal "read-bytevector! of an empty range reads nothing" '(0 1)
                (let ((p (in)))
                  (list (read-bytevector! (make-bytevector 2) p 1 1) (read-u8 p))))
    (test-equal "read-bytevector! into a literal is refused"
                "read-bytevector!: cannot modify a literal constant: #u8(0 0)"
                (message-of (lambda () (read-bytevector! #u8(0 0) (in)))))
    (test-error-contains "read-char on a binary port is an error"
                         '("read-char" "expected textual input port")
                         (lambda () (read-char (in))))
    (test-error "a closed port" (lambda () (let ((p (in))) (close-port p) (read-u8 p))))
    (test-error-contains "open-input-bytevector of a string"
                         '("open-input-bytevector" "expected bytevector")
                         (lambda () (open-input-bytevector "abc")))))

;; ------------------------------------------------------------------
(test-group "bytevector output ports"
  (lambda ()
    (test-equal "write-u8 and write-bytevector" #u8(65 1 2 3 4 2 3)
                (let ((p (open-output-bytevector)))
                  (write-u8 65 p)
                  (write-bytevector #u8(1 2 3 4) p)
                  (write-bytevector #u8(1 2 3 4) p 1 3)
                  (get-output-bytevector p)))
    (test-equal "nothing written" #u8() (get-output-bytevector (open-output-bytevector)))
    (test-assert "get-output-bytevector returns a fresh copy each time"
                 (let ((p (open-output-bytevector)))
                   (write-u8 1 p)
                   (let ((a (get-output-bytevector p)))
                     (write-u8 2 p)
                     (and (equal? a #u8(1)) (equal? (get-output-bytevector p) #u8(1 2))))))
    (test-equal "a megabyte, in pieces" 1048576
                (let ((p (open-output-bytevector)) (piece (make-bytevector 1024 7)))
                  (do ((i 0 (+ i 1))) ((= i 1024)) (write-bytevector piece p))
                  (bytevector-length (get-output-bytevector p))))
    (test-error-contains "write-u8 of a non-byte" '("write-u8" "position 1")
                         (lambda () (write-u8 256 (open-output-bytevector))))
    (test-error-contains "write-char on a binary port" '("write-char" "textual output port")
                         (lambda () (write-char #\a (open-output-bytevector))))
    (test-error-contains "write-u8 on a string port" '("write-u8" "binary output port")
                         (lambda () (write-u8 1 (open-output-string))))
    (test-error-contains "read-u8 on a string port" '("read-u8" "binary input port")
                         (lambda () (read-u8 (open-input-string "a"))))
    (test-error-contains "get-output-bytevector of a string port"
                         '("get-output-bytevector" "output bytevector port")
                         (lambda () (get-output-bytevector (open-output-string))))))

;; ------------------------------------------------------------------
(test-group "binary files"
  (lambda ()
    (define all (let ((b (make-bytevector 256)))
                  (do ((i 0 (+ i 1))) ((= i 256) b) (bytevector-u8-set! b i i))))
    (let ((p (open-binary-output-file (temp "all.bin"))))
      (write-bytevector all p)
      (close-port p))
    (test-assert "open-binary-output-file gives a binary port"
                 (let ((p (open-binary-output-file (temp "x.bin"))))
                   (let ((b (binary-port? p))) (close-port p) b)))
    (test-equal "every byte value survives a round trip through a file" all
                (let* ((p (open-binary-input-file (temp "all.bin")))
                       (b (read-bytevector 1000 p)))
                  (close-port p)
                  b))
    (test-equal "read-u8 and peek-u8 on a file, then eof" (list 0 1 1 (eof-object))
                (let ((p (open-binary-input-file (temp "all.bin"))))
                  (let* ((a (read-u8 p)) (b (peek-u8 p)) (c (read-u8 p)))
                    (read-bytevector 254 p)
                    (let ((d (read-u8 p)))
                      (close-port p)
                      (list a b c d)))))
    (test-assert "u8-ready? on a file" (let ((p (open-binary-input-file (temp "all.bin"))))
                                         (let ((r (u8-ready? p))) (close-port p) r)))
    (test-equal "a file larger than the buffer, through read-bytevector!" 300000
                (begin
                  (let ((p (open-binary-output-file (temp "big.bin"))))
                    (write-bytevector (make-bytevector 300000 42) p)
                    (close-port p))
                  (let ((p (open-binary-input-file (temp "big.bin")))
                        (b (make-bytevector 100000)))
                    (let loop ((total 0))
                      (let ((n (read-bytevector! b p)))
                        (if (eof-object? n)
                            (begin (close-port p) total)
                            (loop (+ total n))))))))
    (test-assert "opening a missing file is a file error"
                 (guard (e ((file-error? e) #t) (#t #f))
                   (open-binary-input-file (temp "no/such/file"))
                   #f))))

;; ------------------------------------------------------------------
(test-group "nothing written to a fresh port"
  ;; A zero-byte write to a port with no buffer yet added 0 to a null
  ;; pointer: undefined behaviour, which the sanitizer build
  ;; (make check-asan) stops at.
  (lambda ()
    (test-equal "write-string of \"\" to a string port" ""
                (let ((p (open-output-string)))
                  (write-string "" p)
                  (get-output-string p)))
    (test-equal "an empty range of write-string" ""
                (let ((p (open-output-string)))
                  (write-string "abc" p 1 1)
                  (get-output-string p)))
    (test-equal "display of \"\" and of an empty symbol" ""
                (let ((p (open-output-string)))
                  (display "" p)
                  (display (string->symbol "") p)
                  (get-output-string p)))
    (test-equal "write-bytevector of #u8() to a bytevector port" #u8()
                (let ((p (open-output-bytevector)))
                  (write-bytevector #u8() p)
                  (get-output-bytevector p)))
    (test-equal "an empty range of write-bytevector" #u8()
                (let ((p (open-output-bytevector)))
                  (write-bytevector #u8(1 2 3) p 2 2)
                  (get-output-bytevector p)))
    (test-equal "then real output" "xy"
                (let ((p (open-output-string)))
                  (write-string "" p)
                  (write-string "xy" p)
                  (get-output-string p)))))

(test-group "call-with-port and the file procedures"
  (lambda ()
    (test-equal "call-with-output-file, then call-with-input-file" '(1 "two" #\3)
                (begin
                  (call-with-output-file (temp "data.scm")
                    (lambda (p) (write '(1 "two" #\3) p)))
                  (call-with-input-file (temp "data.scm") read)))
    (test-equal "with-output-to-file, then with-input-from-file" "hello"
                (begin
                  (with-output-to-file (temp "hello.txt")
                    (lambda () (display "hello") (newline)))
                  (with-input-from-file (temp "hello.txt") read-line)))
    (test-assert "the current output port is restored after with-output-to-file"
                 (let ((before (current-output-port)))
                   (with-output-to-file (temp "x.txt") (lambda () #t))
                   (eq? before (current-output-port))))
    (test-assert "and after an escape from it"
                 (let ((before (current-output-port)))
                   (call/cc (lambda (k)
                              (with-output-to-file (temp "y.txt") (lambda () (k #f)))))
                   (eq? before (current-output-port))))
    (test-equal "a raise out of with-output-to-file: what was written is in the file"
                "written before the raise"
                (begin
                  (guard (e (#t #f))
                    (with-output-to-file (temp "raised.txt")
                      (lambda () (display "written before the raise") (raise 'boom))))
                  (call-with-input-file (temp "raised.txt") read-line)))
    (test-equal "... and out of call-with-output-file, which leaves the port open"
                '("partial" #t)
                (let ((port #f))
                  (guard (e (#t #f))
                    (call-with-output-file (temp "raised2.txt")
                      (lambda (p) (set! port p) (display "partial" p) (car '()))))
                  (list (call-with-input-file (temp "raised2.txt") read-line)
                        (output-port-open? port))))
    (test-equal "an escape by a continuation flushes too" "escaped"
                (begin
                  (call/cc (lambda (k)
                             (call-with-output-file (temp "escaped.txt")
                               (lambda (p) (display "escaped" p) (k #f)))))
                  (call-with-input-file (temp "escaped.txt") read-line)))
    (test-equal "call-with-output-file returns the procedure's values" '(1 2)
                (call-with-values
                    (lambda () (call-with-output-file (temp "values.txt")
                                 (lambda (p) (values 1 2))))
                  list))
    (test-equal "flush-all-ports writes out an unclosed port, and one no longer referred to"
                '("kept" "dropped")
                (let ((p (open-output-file (temp "kept.txt"))))
                  (write-string "kept" p)
                  (let ((q (open-output-file (temp "dropped.txt"))))
                    (write-string "dropped" q))
                  (flush-all-ports)
                  (list (call-with-input-file (temp "kept.txt") read-line)
                        (call-with-input-file (temp "dropped.txt") read-line))))
    (test-assert "flush-all-ports raises what a failed write raises"
                 (let ((p (open-output-file "/dev/full")))
                   (write-string "x" p)
                   (guard (e ((file-error? e) #t) (#t #f))
                     (flush-all-ports)
                     #f)))
    (test-equal "call-with-port returns the procedure's values" '(1 2)
                (call-with-values
                    (lambda () (call-with-port (open-input-string "x") (lambda (p) (values 1 2))))
                  list))
    (test-equal "call-with-port closes the port when the procedure returns" #f
                (let ((port #f))
                  (call-with-port (open-input-string "abc") (lambda (p) (set! port p)))
                  (input-port-open? port)))
    (test-equal "call-with-port of a non-port"
                "call-with-port: wrong type argument in position 1 (expected port): 5"
                (message-of (lambda () (call-with-port 5 (lambda (p) p)))))
    (test-assert "call-with-input-file of a missing file is a file error"
                 (guard (e ((file-error? e) #t) (#t #f))
                   (call-with-input-file (temp "missing") read)
                   #f))
    (test-equal "binary data through call-with-port" #u8(3 4)
                (call-with-port (open-input-bytevector #u8(3 4))
                  (lambda (p) (read-bytevector 10 p))))))

(test-group "a failed flush is reported (/dev/full)"
  (lambda ()
    (define full? (file-exists? "/dev/full"))
    (define (full-port) (open-output-file "/dev/full"))
    (if (not full?) (test-skip 5))
    (test-assert "close-port raises a file error with the OS's reason"
                 (let ((p (full-port)))
                   (write-string "lost?" p)
                   (let ((e (raised-object (lambda () (close-port p)))))
                     (and (file-error? e)
                          (string-contains? (condition-message e) "close-port")
                          (string-contains? (condition-message e) "/dev/full")
                          (string-contains? (condition-message e) "No space left on device")))))
    (test-equal "the port is closed all the same, and closing again is quiet" '(#f nothing-raised)
                (let ((p (full-port)))
                  (write-char #\x p)
                  (raised-object (lambda () (close-port p)))
                  (list (output-port-open? p)
                        (let ((e (raised-object (lambda () (close-port p)))))
                          (if (eq? e test-nothing-raised) 'nothing-raised e)))))
    (test-equal "no descriptor leaks: 25000 failed closes (past the usual limit), then a file opens" #t
                (let loop ((i 0))
                  (if (< i 25000)
                      (let ((p (full-port)))
                        (write-char #\x p)
                        (raised-object (lambda () (close-port p)))
                        (loop (+ i 1)))
                      (let ((p (full-port))) (close-port p) #t))))
    (test-assert "flush-output-port raises too"
                 (let ((p (full-port)))
                   (write-string "x" p)
                   (let ((e (raised-object (lambda () (flush-output-port p)))))
                     (close-port p)
                     (file-error? e))))
    (test-assert "a large write raises at once"
                 (let ((p (full-port)))
                   (let ((e (raised-object (lambda () (write-string (make-string 10000 #\a) p)))))
                     (raised-object (lambda () (close-port p)))
                     (file-error? e))))))

;; ------------------------------------------------------------------
(test-group "positions: seek, ftell, port-position, set-port-position!"
  (lambda ()
    ;; 21 bytes, 20 characters: the λ is two bytes.
    (define f (test-write-file "pos.txt" "hello λ world\nline2\n"))
    (test-equal "an output file port: bytes written, buffered or not" '(0 7 8)
                (call-with-output-file (temp "pos-out.txt")
                  (lambda (p)
                    (let ((a (ftell p)))
                      (write-string "abcdeλ" p)
                      (let ((b (port-position p)))
                        (flush-output-port p)
                        (write-char #\z p)
                        (list a b (seek p 0 SEEK_CUR)))))))
    (test-assert "a file has positions, and they can be set"
                 (call-with-input-file f
                   (lambda (p) (and (port-has-port-position? p)
                                    (port-has-set-port-position!? p)))))
    (test-equal "an input file port: bytes consumed, not read ahead"
                '(0 15 15)
                (call-with-input-file f
                  (lambda (p) (let* ((a (ftell p)) (l (read-line p)))
                                (list a (port-position p) (seek p 0 SEEK_CUR))))))
    (test-equal "SEEK_SET, SEEK_END and SEEK_CUR, with what is read after"
                '(6 #\λ 8 15 "line2" 18 "e2" "hello λ world")
                (call-with-input-file f
                  (lambda (p)
                    (let* ((a (seek p 6 SEEK_SET)) (b (read-char p)) (c (ftell p))
                           (d (seek p -6 SEEK_END)) (e (read-line p))
                           (g (seek p -3 SEEK_CUR)) (h (read-line p)))
                      (set-port-position! p 0)
                      (list a b c d e g h (read-line p))))))
    (test-equal "a binary file: read-u8 after seek" '(2 108 3)
                (let ((p (open-binary-input-file f)))
                  (let* ((a (seek p 2 SEEK_SET)) (b (read-u8 p)) (c (ftell p)))
                    (close-port p)
                    (list a b c))))
    (test-equal "rewriting the middle of an output file" "heLLo λ world\nline2\n"
                (let ((g (test-write-file "pos2.txt" "hello λ world\nline2\n")))
                  (let ((p (open-output-file g)))
                    ;; open-output-file truncates: write again, then patch.
                    (write-string "hello λ world\nline2\n" p)
                    (seek p 2 SEEK_SET)
                    (write-string "LL" p)
                    (close-port p)
                    (call-with-input-file g (lambda (i) (read-string 100 i))))))
    (test-error-contains "before the start of a file"
                         '("seek" "out of range in position 2")
                         (lambda () (call-with-input-file f
                                      (lambda (p) (seek p -100 SEEK_CUR)))))
    (test-equal "a string port counts characters" '(2 #\c 5 #\f 6 0 #\a)
                (let ((s (open-input-string "abcdef")))
                  (let* ((a (seek s 2 SEEK_SET)) (b (read-char s))
                         (c (seek s -1 SEEK_END)) (d (read-char s))
                         (e (ftell s)) (g (seek s -6 SEEK_CUR)))
                    (list a b c d e g (read-char s)))))
    (test-error-contains "past the end of a string"
                         '("seek" "out of range in position 2")
                         (lambda () (seek (open-input-string "abc") 4 SEEK_SET)))
    (test-equal "a bytevector port counts bytes" '(3 4 4 1)
                (let ((b (open-input-bytevector #u8(1 2 3 4))))
                  (let* ((a (seek b 3 SEEK_SET)) (c (read-u8 b)) (d (port-position b)))
                    (set-port-position! b 0)
                    (list a c d (read-u8 b)))))
    (test-equal "output string and bytevector ports tell what was written"
                '(2 #t #f 3 #f)
                (let ((o (open-output-string)) (b (open-output-bytevector)))
                  (write-string "λx" o)
                  (write-bytevector #u8(1 2 3) b)
                  (list (port-position o) (port-has-port-position? o)
                        (port-has-set-port-position!? o)
                        (ftell b) (port-has-set-port-position!? b))))
    (test-error-contains "... but cannot be moved"
                         '("set-port-position!" "cannot be set")
                         (lambda () (set-port-position! (open-output-string) 0)))
    (test-equal "a custom port has no position" '(#f #f)
                (let ((p (make-custom-binary-input-port
                          "c" (lambda (bv start count) 0) #f #f #f)))
                  (list (port-has-port-position? p)
                        (port-has-set-port-position!? p))))
    (test-error-contains "... and ftell of it is an error"
                         '("ftell" "no position")
                         (lambda () (ftell (make-custom-binary-input-port
                                            "c" (lambda (bv start count) 0)
                                            #f #f #f))))
    (test-error-contains "a bad whence"
                         '("seek" "out of range in position 3")
                         (lambda () (seek (open-input-string "abc") 0 7)))
    (test-error-contains "an offset that is not an integer"
                         '("seek" "position 2" "expected exact integer")
                         (lambda () (seek (open-input-string "abc") 1.5 SEEK_SET)))
    (test-error-contains "a negative position"
                         '("set-port-position!" "out of range in position 2")
                         (lambda () (set-port-position! (open-input-string "abc") -1)))
    (test-error-contains "a closed port"
                         '("port-position" "port is closed")
                         (lambda () (let ((p (open-input-string "abc")))
                                      (close-port p) (port-position p))))
    (test-error-contains "not a port"
                         '("ftell" "expected port")
                         (lambda () (ftell 5)))
    (test-assert "a closed port has no position"
                 (let ((p (open-input-file f)))
                   (close-port p)
                   (not (port-has-port-position? p))))))

;; ------------------------------------------------------------------
(test-group "lines and columns: port-line, port-column and their setters"
  (lambda ()
    (test-equal "a new output port is at line 0, column 0" '(0 0)
                (let ((p (open-output-string))) (list (port-line p) (port-column p))))
    (test-equal "writing counts characters, not bytes" '(1 3)
                (let ((p (open-output-string)))
                  (write-string "ab\n\x1F600;\xE9;x" p)
                  (list (port-line p) (port-column p))))
    (test-equal "display and write count too" '(0 7)
                (let ((p (open-output-string)))
                  (write '(1 "a") p)
                  (list (port-line p) (port-column p))))
    (test-equal "reading counts" '(1 1)
                (let ((p (open-input-string "ab\ncd")))
                  (read-line p)
                  (read-char p)
                  (list (port-line p) (port-column p))))
    (test-equal "set-port-column! and set-port-line!" '(5 10 11)
                (let ((p (open-output-string)))
                  (set-port-line! p 5)
                  (set-port-column! p 10)
                  (let ((before (list (port-line p) (port-column p))))
                    (write-char #\a p)
                    (append before (list (port-column p))))))
    (test-equal "a newline goes back to column 0" 0
                (let ((p (open-output-string)))
                  (set-port-column! p 10)
                  (newline p)
                  (port-column p)))
    (test-error-contains "not a port" '("port-column" "expected port")
                         (lambda () (port-column 5)))
    (test-error-contains "a negative column" '("set-port-column!" "out of range")
                         (lambda () (set-port-column! (open-output-string) -1)))
    (test-error-contains "a line that is no integer" '("set-port-line!" "expected exact integer")
                         (lambda () (set-port-line! (open-output-string) 1.5)))))

;; ------------------------------------------------------------------
(test-group "invalid UTF-8 in a file is a read error"
  (lambda ()
    ;; "a", a byte that starts no character, "b", a sequence cut short.
    (define f (let ((p (open-binary-output-file (temp "bad-utf8.txt"))))
                (write-bytevector #u8(97 255 98 10 206) p)
                (close-port p)
                (temp "bad-utf8.txt")))
    (define (raised-by proc)
      (call-with-input-file f
        (lambda (p)
          (read-char p)
          (guard (e (#t e)) (proc p) 'nothing-raised))))
    (test-assert "read-char: read-error?, with the file and position"
                 (let ((e (raised-by read-char)))
                   (and (read-error? e) (not (file-error? e))
                        (string-contains? (condition-message e) "bad-utf8.txt:1:2"))))
    (test-assert "read-line: read-error?" (read-error? (raised-by read-line)))
    (test-assert "read-string: read-error?"
                 (read-error? (raised-by (lambda (p) (read-string 10 p)))))
    (test-assert "read: read-error?" (read-error? (raised-by read)))
    (test-equal "reading goes on after the bad byte, then the cut sequence"
                '("b" #t)
                (call-with-input-file f
                  (lambda (p)
                    (read-char p)
                    (guard (e (#t #f)) (read-char p))
                    (let ((l (read-line p)))
                      (list l (read-error? (guard (e (#t e)) (read-char p))))))))
    (test-assert "utf8->string of invalid UTF-8: read-error? too"
                 (read-error? (guard (e (#t e)) (utf8->string #u8(255)))))
    (test-assert "other errors are not" (not (read-error? (guard (e (#t e)) (car 1)))))))

;; ------------------------------------------------------------------
(test-group "big reads of a binary file (past the port's buffer)"
  (lambda ()
    ;; 300000 bytes, byte i being i mod 251: a misplaced block shows.
    (define n 300000)
    (define (expected from count)
      (let ((bv (make-bytevector count)))
        (do ((i 0 (+ i 1))) ((= i count) bv)
          (bytevector-u8-set! bv i (modulo (+ from i) 251)))))
    (define f (let ((p (open-binary-output-file (temp "big.bin"))))
                (write-bytevector (expected 0 n) p)
                (close-port p)
                (temp "big.bin")))
    (test-assert "read-u8, then a read of 100000, then one of 65536"
                 (let ((p (open-binary-input-file f)))
                   (let* ((a (read-u8 p)) (b (read-bytevector 100000 p))
                          (c (read-bytevector 65536 p)))
                     (close-port p)
                     (and (= a 0) (equal? b (expected 1 100000))
                          (equal? c (expected 100001 65536))))))
    (test-assert "read-bytevector! of 200000 into the middle of a bytevector"
                 (let ((p (open-binary-input-file f)) (bv (make-bytevector 200010 7)))
                   (let ((k (read-bytevector! bv p 5 200005)))
                     (close-port p)
                     (and (= k 200000)
                          (equal? (bytevector-copy bv 5 200005) (expected 0 200000))
                          (= 7 (bytevector-u8-ref bv 4) (bytevector-u8-ref bv 200005))))))
    (test-equal "the last block is short, then the end of file" (list (- n 262144) #t)
                (let ((p (open-binary-input-file f)))
                  (read-bytevector 262144 p)
                  (let* ((last (read-bytevector 65536 p)) (end (read-bytevector 65536 p)))
                    (close-port p)
                    (list (bytevector-length last) (eof-object? end)))))
    (test-assert "a huge count reads the whole file, no more"
                 (let ((p (open-binary-input-file f)))
                   (let ((all (read-bytevector (expt 10 12) p)))
                     (close-port p)
                     (equal? all (expected 0 n)))))
    (test-equal "ftell after a big read counts what was read" 100001
                (let ((p (open-binary-input-file f)))
                  (read-u8 p)
                  (read-bytevector 100000 p)
                  (let ((at (ftell p))) (close-port p) at)))
    (test-assert "a custom binary port gives big reads whole"
                 (let* ((src (expected 0 n)) (pos 0)
                        (p (make-custom-binary-input-port
                            "big" (lambda (bv start count)
                                    (let ((k (min count 10000 (- n pos))))
                                      (bytevector-copy! bv start src pos (+ pos k))
                                      (set! pos (+ pos k))
                                      k))
                            #f #f #f)))
                   (equal? (read-bytevector n p) src)))))

(test-end "ports")

;;; ports.scm ends here
