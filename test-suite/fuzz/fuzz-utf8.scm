;;; fuzz-utf8.scm -- fuzz target: UTF-8 decoding and encoding against a model
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Run by fuzz-scheme.c.  A decoder written here (strict UTF-8 as
;;; Unicode and RFC 3629 define it: no overlong forms, no surrogates,
;;; nothing past U+10FFFF) is the model.  The input gives byte
;;; sequences, whole and in slices; for each:
;;;   - utf8->string decodes exactly what the model decodes, and raises
;;;     (naming the first bad byte) where the model finds one;
;;;   - string->utf8 gives the same bytes back;
;;;   - a textual file port holding the bytes reads the same characters
;;;     with read-char, read-string and read-line, and raises at an
;;;     invalid sequence, after giving the characters before it;
;;; and strings of characters from all four lengths of UTF-8 encode
;;; and decode back, whole and between random indices.

;;; Code:

(load (string-append %fuzz-dir "/fuzz-bytes.scm"))

(define file-name (string-append %fuzz-tmpdir "/utf8"))

;; The model: decode BV from START to END.  Returns the string, or the
;; index of the first byte that does not start a valid sequence.
(define (model-decode bv start end)
  (define (byte i) (bytevector-u8-ref bv i))
  (define (cont? i) (and (< i end) (= (quotient (byte i) 64) 2)))
  (define (cont i) (- (byte i) 128))
  (let loop ((i start) (chars '()))
    (if (= i end)
        (list->string (reverse chars))
        (let ((b (byte i)))
          (define (take n lo cp)
            ;; N continuation bytes after I; the code point must be at
            ;; least LO (not overlong), not a surrogate, at most 10FFFF.
            (let more ((k 1) (cp cp))
              (cond ((> k n)
                     (if (and (>= cp lo) (not (<= #xd800 cp #xdfff))
                              (<= cp #x10ffff))
                         (loop (+ i n 1) (cons (integer->char cp) chars))
                         i))
                    ((cont? (+ i k)) (more (+ k 1) (+ (* cp 64) (cont (+ i k)))))
                    (else i))))
          (cond ((< b #x80) (loop (+ i 1) (cons (integer->char b) chars)))
                ((< b #xc0) i)
                ((< b #xe0) (take 1 #x80 (- b #xc0)))
                ((< b #xf0) (take 2 #x800 (- b #xe0)))
                ((< b #xf8) (take 3 #x10000 (- b #xf0)))
                (else i))))))

;; Bytes that are often UTF-8: lead bytes of each length, continuation
;; bytes, the edges (C0 C1 overlong leads, ED for surrogates, F4 and
;; F5 around U+10FFFF), ASCII -- or any byte.
(define interesting-bytes
  '(#x41 #x0a #x00 #x7f #x80 #x8f #x90 #x9f #xa0 #xbf #xc0 #xc1 #xc2 #xdf #xe0
    #xed #xef #xf0 #xf4 #xf5 #xff))

(define (choose-utf8ish in len)
  (let ((bv (make-bytevector len 0)))
    (do ((i 0 (+ i 1))) ((= i len) bv)
      (bytevector-u8-set!
       bv i (if (zero? (choose in 2))
                (choose-from in interesting-bytes)
                (next-byte! in))))))

;; The byte index that an "invalid UTF-8 at byte N" message names.
(define (message-index e)
  (and (error-object? e)
       (let* ((m (error-object-message e))
              (prefix "invalid UTF-8 at byte "))
         (and (string? m)
              (> (string-length m) (string-length prefix))
              (string=? (substring m 0 (string-length prefix)) prefix)
              (string->number (substring m (string-length prefix)
                                         (string-length m)))))))

(define (check-decode bv start end)
  (let ((model (model-decode bv start end))
        (got (guard (e (#t (list 'raised (message-index e))))
               (utf8->string bv start end))))
    (cond ((string? model)
           (fuzz-check "utf8->string of valid UTF-8" (equal? got model)
                       (list bv start end got) model)
           (when (string? got)
             (let ((back (string->utf8 got)))
               (fuzz-check "string->utf8 after utf8->string"
                           (equal? back (bytevector-copy bv start end)) back bv))))
          (else
           (fuzz-check "utf8->string of invalid UTF-8 did not raise"
                       (pair? got) (list bv start end got) model)
           (when (and (pair? got) (cadr got))
             (fuzz-check "the bad byte utf8->string names"
                         (= (cadr got) (- model start))
                         (list bv start end (cadr got)) (- model start)))))))

;; Read all of the file with READER, which returns a string or a
;; character or the end of file; the characters read, and whether it
;; raised.
(define (read-all reader)
  (let ((port (open-input-file file-name)))
    (let loop ((acc '()))
      (let ((x (guard (e (#t fuzz-raised)) (reader port))))
        (cond ((raised? x) (close-port port) (values (reverse acc) #t))
              ((eof-object? x) (close-port port) (values (reverse acc) #f))
              ((char? x) (loop (cons (string x) acc)))
              (else (loop (cons x acc))))))))

;; The texts a reader gives before an invalid byte are a prefix of
;; what the model decodes before it (a port may read ahead and raise a
;; little early).  PIECES splits the text as the reader does: into
;; characters (one string each) or lines.
(define (check-port bv reader name pieces model-pieces)
  (let ((p (open-binary-output-file file-name)))
    (write-bytevector bv p)
    (close-port p))
  (call-with-values (lambda () (read-all reader))
    (lambda (parts raised)
      (let* ((model (model-decode bv 0 (bytevector-length bv)))
             (valid (if (string? model) model (utf8->string bv 0 model))))
        (cond ((string? model)
               (fuzz-check (string-append name " of valid UTF-8 raised")
                           (not raised) bv name)
               (fuzz-check (string-append name " of valid UTF-8")
                           (equal? (pieces parts) (model-pieces valid))
                           parts valid))
              (else
               (fuzz-check (string-append name " of invalid UTF-8 did not raise")
                           raised bv parts)
               (fuzz-check (string-append name " before the invalid byte")
                           (prefix? (pieces parts) (model-pieces valid))
                           parts valid)))))))

(define (prefix? a b)
  (or (null? a)
      (and (pair? b) (equal? (car a) (car b)) (prefix? (cdr a) (cdr b)))))

;; The characters of the strings PARTS, each a string of one.
(define (chars parts)
  (map string (string->list (apply string-append parts))))

;; The lines read-line gives of the text S: a line ends at #\newline
;; or "\r\n", and a last line without either counts if not empty.
(define (lines s)
  (let loop ((start 0) (i 0) (acc '()))
    (cond ((= i (string-length s))
           (reverse (if (< start i) (cons (substring s start i) acc) acc)))
          ((char=? (string-ref s i) #\newline)
           (loop (+ i 1) (+ i 1) (cons (substring s start i) acc)))
          ((and (char=? (string-ref s i) #\return)
                (< (+ i 1) (string-length s))
                (char=? (string-ref s (+ i 1)) #\newline))
           (loop (+ i 2) (+ i 2) (cons (substring s start i) acc)))
          (else (loop start (+ i 1) acc)))))

(define (check-encode s in)
  (let* ((len (string-length s))
         (start (choose in (+ len 1)))
         (end (+ start (choose in (+ (- len start) 1))))
         (bv (string->utf8 s))
         (part (string->utf8 s start end)))
    (fuzz-check "utf8->string of string->utf8" (equal? (utf8->string bv) s) s bv)
    (fuzz-check "string->utf8 with start and end"
                (equal? part (string->utf8 (substring s start end))) s part)
    (fuzz-check "string->utf8 of a string is UTF-8"
                (equal? (model-decode bv 0 (bytevector-length bv)) s) s bv)))

(define (fuzz-one bytes)
  (let ((in (fuzz-input bytes)))
    (let loop ((n 0))
      (unless (or (input-done? in) (> n 40) (%fuzz-over?))
        (case (choose in 6)
          ((0 1) (let* ((bv (choose-utf8ish in (choose in 24)))
                        (len (bytevector-length bv))
                        (start (choose in (+ len 1)))
                        (end (+ start (choose in (+ (- len start) 1)))))
                   (check-decode bv 0 len)
                   (check-decode bv start end)))
          ((2) (check-port (choose-utf8ish in (choose in 24)) read-char "read-char" chars
                           (lambda (s) (chars (list s)))))
          ((3) (let ((k (+ 1 (choose in 5))))
                 (check-port (choose-utf8ish in (choose in 24))
                             (lambda (p) (read-string k p)) "read-string" chars
                             (lambda (s) (chars (list s))))))
          ((4) (check-port (choose-utf8ish in (choose in 24)) read-line "read-line"
                           (lambda (parts) parts) lines))
          ((5) (check-encode (choose-string in (choose in 24)) in)))
        (loop (+ n 1))))))

;;; fuzz-utf8.scm ends here
