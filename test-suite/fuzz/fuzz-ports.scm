;;; fuzz-ports.scm -- fuzz target: ports of every kind against a model
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Run by fuzz-scheme.c.  The input chooses a port -- string,
;;; bytevector, custom binary or textual, soft, binary or textual file;
;;; for input or for output -- its contents, and then a sequence of
;;; operations on it: every read, peek, ready and write procedure,
;;; seek, flush, close in the middle, and operations of the wrong kind.
;;; A model (the contents and a position) says what each read must
;;; return and what the port must hold at the end; custom ports take
;;; or give their data in chunks of sizes the input chooses.  After a
;;; close every operation must raise.  Nothing may crash.

;;; Code:

(load (string-append %fuzz-dir "/fuzz-bytes.scm"))

(define file-name (string-append %fuzz-tmpdir "/port"))

;; Chunk sizes for custom ports, chosen by the input and used in turn.
(define (chunker in)
  (let ((sizes (list->vector (map (lambda (i) (+ 1 (choose in 9))) '(1 2 3 4)))) (i 0))
    (lambda (limit)
      (set! i (+ i 1))
      (min limit (vector-ref sizes (modulo i 4))))))

(define (write-file-bytes bv)
  (let ((p (open-binary-output-file file-name)))
    (write-bytevector bv p)
    (close-port p)))

(define (read-file-bytes)
  (let* ((p (open-binary-input-file file-name))
         (bv (read-bytevector 100000 p)))
    (close-port p)
    (if (eof-object? bv) (bytevector) bv)))

;; The read procedure of a custom input port that gives CONTENTS (of
;; LENGTH, copied with COPY!) in chunks.
(define (chunked-reader contents length copy! in)
  (let ((pos 0) (chunk (chunker in)))
    (lambda (buf start count)
      (let ((n (chunk (min count (- length pos)))))
        (copy! buf start contents pos (+ pos n))
        (set! pos (+ pos n))
        n))))

;;; Input ports.  A model is the contents (a string or a bytevector),
;;; the position in it and whether the port is closed.

(define (open-textual-input kind s in)
  (case kind
    ((string) (open-input-string s))
    ((custom)
     (make-custom-textual-input-port
      "fuzz" (chunked-reader s (string-length s) string-copy! in) #f #f #f))
    ((soft)
     (let ((pos 0))
       (make-soft-port
        (vector #f #f #f
                (lambda ()
                  (and (< pos (string-length s))
                       (let ((c (string-ref s pos))) (set! pos (+ pos 1)) c)))
                #f)
        "r")))
    ((file)
     (write-file-bytes (string->utf8 s))
     (open-input-file file-name))))

(define (open-binary-input kind bv in)
  (case kind
    ((bytevector) (open-input-bytevector bv))
    ((custom)
     (make-custom-binary-input-port
      "fuzz" (chunked-reader bv (bytevector-length bv) bytevector-copy! in)
      #f #f #f))
    ((file)
     (write-file-bytes bv)
     (open-binary-input-file file-name))))

;; What the model says a read of up to K items from POS gives:
;; the end-of-file object at the end, else the items.
(define (model-take contents pos k len sub)
  (if (and (>= pos len) (> k 0))
      (eof-object)
      (sub contents pos (min len (+ pos k)))))

;; The text of the line at POS and the position after it: a line ends
;; at #\newline or at "\r\n" (libscm's read-line), not at a lone #\return.
(define (model-line s pos)
  (let ((len (string-length s)))
    (let loop ((i pos))
      (cond ((= i len) (values (substring s pos i) i))
            ((char=? (string-ref s i) #\newline)
             (values (substring s pos i) (+ i 1)))
            ((and (char=? (string-ref s i) #\return) (< (+ i 1) len)
                  (char=? (string-ref s (+ i 1)) #\newline))
             (values (substring s pos i) (+ i 2)))
            (else (loop (+ i 1)))))))

(define (check-closed-raises what v port)
  (fuzz-check (string-append what " on a closed port did not raise")
              (raised? v) port v))

;; Byte offset of character K of S (file ports seek in bytes).
(define (byte-offset s k)
  (bytevector-length (string->utf8 (substring s 0 k))))

;; The index of the character of S that starts at byte OFFSET; #f
;; (which stops the run: the model no longer knows) if none does.
(define (char-index s offset)
  (let loop ((k 0))
    (cond ((> k (string-length s)) #f)
          ((and (integer? offset) (= (byte-offset s k) offset)) k)
          (else (loop (+ k 1))))))

(define (run-textual-input kind s in)
  (let ((port (open-textual-input kind s in))
        (len (string-length s))
        (pos 0)
        (closed #f))
    (define (check what got expected)
      (fuzz-check what (if closed (raised? got) (equal? got expected))
                  got (if closed 'raise expected)))
    (let loop ((n 0))
      (unless (or (input-done? in) (> n 300) (%fuzz-over?) (not pos))
        (case (choose in 11)
          ((0) (check "read-char" (fuzz-try (lambda () (read-char port)))
                      (if (< pos len) (string-ref s pos) (eof-object)))
           (if (< pos len) (set! pos (+ pos 1))))
          ((1) (check "peek-char" (fuzz-try (lambda () (peek-char port)))
                      (if (< pos len) (string-ref s pos) (eof-object))))
          ((2) (let ((got (fuzz-try (lambda () (read-line port)))))
                 (if (>= pos len)
                     (check "read-line at the end" got (eof-object))
                     (call-with-values (lambda () (model-line s pos))
                       (lambda (line after)
                         (check "read-line" got line)
                         (set! pos after))))))
          ((3) (let* ((k (choose in 12))
                      (got (fuzz-try (lambda () (read-string k port)))))
                 (check "read-string" got (model-take s pos k len substring))
                 (set! pos (min len (+ pos k)))))
          ((4) (let ((got (fuzz-try (lambda () (char-ready? port)))))
                 (if closed
                     (check-closed-raises "char-ready?" got port)
                     (fuzz-check "char-ready? gave no boolean" (boolean? got) got port))))
          ((5) (when (memq kind '(string file))
                 (let* ((k (choose in (+ len 1)))
                        (offset (if (eq? kind 'file) (byte-offset s k) k))
                        (got (fuzz-try (lambda () (seek port offset SEEK_SET)))))
                   (check "seek" got offset)
                   (set! pos k))))
          ((6) (let ((got (fuzz-try (lambda () (seek port 0 SEEK_CUR)))))
                 (when (memq kind '(string file))
                   (check "seek to tell" got
                          (if (eq? kind 'file) (byte-offset s pos) pos)))))
          ((7) (when (zero? (choose in 8)) (close-port port) (set! closed #t)))
          ;; The wrong kind of operation: raises (or, on a file port,
          ;; which may be both, returns); must not crash.
          ((8) (fuzz-try (lambda () (read-u8 port)))
               ;; A file port is both: the model moves to where the
               ;; port says it is, if that is between two characters.
               (when (and (eq? kind 'file) (not closed))
                 (let ((at (fuzz-try (lambda () (seek port 0 SEEK_CUR)))))
                   (set! pos (char-index s at)))))
          ((9) (fuzz-try (lambda () (write-char #\a port))))
          ((10) (let ((got (fuzz-try (lambda () (read-string len port)))))
                  (check "read-string of the rest" got
                         (model-take s pos len len substring))
                  (set! pos len))))
        (loop (+ n 1))))
    (close-port port)))

(define (run-binary-input kind bv in)
  (let ((port (open-binary-input kind bv in))
        (len (bytevector-length bv))
        (pos 0)
        (closed #f))
    (define (check what got expected)
      (fuzz-check what (if closed (raised? got) (equal? got expected))
                  got (if closed 'raise expected)))
    (let loop ((n 0))
      (unless (or (input-done? in) (> n 300) (%fuzz-over?) (not pos))
        (case (choose in 10)
          ((0) (check "read-u8" (fuzz-try (lambda () (read-u8 port)))
                      (if (< pos len) (bytevector-u8-ref bv pos) (eof-object)))
           (if (< pos len) (set! pos (+ pos 1))))
          ((1) (check "peek-u8" (fuzz-try (lambda () (peek-u8 port)))
                      (if (< pos len) (bytevector-u8-ref bv pos) (eof-object))))
          ((2) (let* ((k (choose in 12))
                      (got (fuzz-try (lambda () (read-bytevector k port)))))
                 (check "read-bytevector" got
                        (model-take bv pos k len bytevector-copy))
                 (set! pos (min len (+ pos k)))))
          ((3) (let* ((size (choose in 10))
                      (start (choose in (+ size 1)))
                      (end (+ start (choose in (+ (- size start) 1))))
                      (buf (make-bytevector size 0))
                      (got (fuzz-try (lambda () (read-bytevector! buf port start end))))
                      (k (- end start))
                      (expected (model-take bv pos k len bytevector-copy)))
                 (check "read-bytevector! count" got
                        (if (bytevector? expected) (bytevector-length expected) expected))
                 (when (and (not closed) (bytevector? expected))
                   (fuzz-check "read-bytevector! bytes"
                               (equal? (bytevector-copy buf start
                                                        (+ start (bytevector-length expected)))
                                       expected)
                               buf expected))
                 (set! pos (min len (+ pos k)))))
          ((4) (let ((got (fuzz-try (lambda () (u8-ready? port)))))
                 (if closed
                     (check-closed-raises "u8-ready?" got port)
                     (fuzz-check "u8-ready? gave no boolean" (boolean? got) got port))))
          ((5) (when (memq kind '(bytevector file))
                 (let* ((k (choose in (+ len 1)))
                        (got (fuzz-try (lambda () (seek port k SEEK_SET)))))
                   (check "seek" got k)
                   (set! pos k))))
          ((6) (let* ((k (choose in (+ len 1)))
                      (got (fuzz-try (lambda () (seek port (- k len) SEEK_END)))))
                 (when (memq kind '(bytevector file))
                   (check "seek from the end" got k)
                   (set! pos k))))
          ((7) (when (zero? (choose in 8)) (close-port port) (set! closed #t)))
          ;; Binary file and custom ports are textual too (as fd
          ;; ports are, ports.c): read-char decodes UTF-8 there.  The
          ;; model follows a character read; after an error it is lost.
          ((8) (let ((c (fuzz-try (lambda () (read-char port)))))
                 (unless (or closed (eq? kind 'bytevector))
                   (set! pos (cond ((char? c)
                                    (+ pos (bytevector-length (string->utf8 (string c)))))
                                   ((eof-object? c) len)
                                   (else #f))))))
          ((9) (fuzz-try (lambda () (write-u8 1 port)))))
        (loop (+ n 1))))
    (close-port port)))

;;; Output ports: the model is what was written before the close.

(define (open-textual-output kind in sink)
  (case kind
    ((string) (open-output-string))
    ((custom)
     (let ((chunk (chunker in)))
       (make-custom-textual-output-port
        "fuzz"
        (lambda (s start count)
          (let ((n (chunk count)))
            (sink (substring s start (+ start n)))
            n))
        #f #f #f)))
    ((soft)
     (make-soft-port
      (vector (lambda (c) (sink (string c))) sink (lambda () #t) #f #f)
      "w"))
    ((file) (open-output-file file-name))))

(define (open-binary-output kind in sink)
  (case kind
    ((bytevector) (open-output-bytevector))
    ((custom)
     (let ((chunk (chunker in)))
       (make-custom-binary-output-port
        "fuzz"
        (lambda (bv start count)
          (let ((n (chunk count)))
            (sink (bytevector-copy bv start (+ start n)))
            n))
        #f #f #f)))
    ((file) (open-binary-output-file file-name))))

;; Run the output operations OPS (a procedure of the port and a
;; procedure to note what must appear) on PORT; then compare what the
;; port holds (RESULT, a thunk called after the port is flushed and
;; closed) with what was noted, joined by JOIN.
(define (run-output kind textual in)
  (let* ((delivered '())
         (sink (lambda (x) (set! delivered (cons x delivered))))
         (port (if textual
                   (open-textual-output kind in sink)
                   (open-binary-output kind in sink)))
         (written '())
         (closed #f)
         (join (if textual
                   (lambda (l) (apply string-append (reverse l)))
                   (lambda (l) (apply bytevector-append (reverse l)))))
         (result #f))
    (define (note x)
      (if closed
          (fuzz-check "a write on a closed port did not raise" (raised? x) port x)
          (fuzz-check "a write raised on an open port" (not (raised? x)) port x)))
    (let loop ((n 0))
      (unless (or (input-done? in) (> n 300) (%fuzz-over?))
        (case (choose in 7)
          ((0) (if textual
                   (let ((c (choose-char in)))
                     (note (fuzz-try (lambda () (write-char c port))))
                     (unless closed (set! written (cons (string c) written))))
                   (let ((b (next-byte! in)))
                     (note (fuzz-try (lambda () (write-u8 b port))))
                     (unless closed (set! written (cons (bytevector b) written))))))
          ((1) (let* ((len (choose in 16))
                      (start (choose in (+ len 1)))
                      (end (+ start (choose in (+ (- len start) 1)))))
                 (if textual
                     (let ((s (choose-string in len)))
                       (note (fuzz-try (lambda () (write-string s port start end))))
                       (unless closed
                         (set! written (cons (substring s start end) written))))
                     (let ((bv (choose-bytes in len)))
                       (note (fuzz-try (lambda () (write-bytevector bv port start end))))
                       (unless closed
                         (set! written (cons (bytevector-copy bv start end) written)))))))
          ((2) (note (fuzz-try (lambda () (flush-output-port port)))))
          ((3) (when textual
                 (note (fuzz-try (lambda () (newline port))))
                 (unless closed (set! written (cons "\n" written)))))
          ((4) (unless (or (memq kind '(string bytevector)) (positive? (choose in 8)))
                 ;; Output string and bytevector ports hold their text
                 ;; until closed: get-output-* is read first.
                 (close-port port) (set! closed #t)))
          ;; Writing nothing: a zero-byte write (the probe's NULL + 0).
          ((5) (note (fuzz-try (lambda ()
                                 (if textual
                                     (write-string "" port)
                                     (write-bytevector (bytevector) port))))))
          ((6) (fuzz-try (lambda () (read-char port)))))
        (loop (+ n 1))))
    (case kind
      ((string) (set! result (get-output-string port)))
      ((bytevector) (set! result (get-output-bytevector port))))
    (close-port port)
    (let ((expected (join written))
          (got (case kind
                 ((string bytevector) result)
                 ((file) (if textual
                             (utf8->string (read-file-bytes))
                             (read-file-bytes)))
                 (else (join delivered)))))
      (fuzz-check "what the output port holds" (equal? got expected) got expected))))

(define (fuzz-one bv)
  (let ((in (fuzz-input bv)))
    (case (choose in 13)
      ((0) (run-textual-input 'string (choose-string in (choose in 40)) in))
      ((1) (run-textual-input 'custom (choose-string in (choose in 40)) in))
      ((2) (run-textual-input 'soft (choose-string in (choose in 40)) in))
      ((3) (run-textual-input 'file (choose-string in (choose in 40)) in))
      ((4) (run-binary-input 'bytevector (choose-bytes in (choose in 40)) in))
      ((5) (run-binary-input 'custom (choose-bytes in (choose in 40)) in))
      ((6) (run-binary-input 'file (choose-bytes in (choose in 40)) in))
      ((7) (run-output 'string #t in))
      ((8) (run-output 'custom #t in))
      ((9) (run-output 'soft #t in))
      ((10) (run-output 'file #t in))
      ((11) (run-output 'bytevector #f in))
      ((12) (run-output (choose-from in '(custom file)) #f in)))))

;;; fuzz-ports.scm ends here
