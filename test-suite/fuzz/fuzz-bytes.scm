;;; fuzz-bytes.scm -- what the Scheme fuzz targets share: the input as choices
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Loaded by each fuzz-TARGET.scm that fuzz-scheme.c runs.  An input
;;; is a bytevector read from the front as a stream of choices: (choose
;;; in n) is the next byte modulo N, 0 once the input is used up, so
;;; that every input, even the empty one, decodes to a program of
;;; operations, and libFuzzer's mutations of a byte change one choice.

;;; Code:

(define-record-type <fuzz-input>
  (make-fuzz-input bytes pos)
  fuzz-input?
  (bytes fuzz-input-bytes)
  (pos fuzz-input-pos set-fuzz-input-pos!))

(define (fuzz-input bv) (make-fuzz-input bv 0))

(define (input-left in)
  (- (bytevector-length (fuzz-input-bytes in)) (fuzz-input-pos in)))

(define (input-done? in) (<= (input-left in) 0))

;; The next byte, 0 at the end.
(define (next-byte! in)
  (let ((pos (fuzz-input-pos in)) (bv (fuzz-input-bytes in)))
    (if (< pos (bytevector-length bv))
        (begin (set-fuzz-input-pos! in (+ pos 1))
               (bytevector-u8-ref bv pos))
        0)))

;; A choice among N (N >= 1): one byte, two when N is past 256.
(define (choose in n)
  (if (<= n 256)
      (modulo (next-byte! in) n)
      (modulo (+ (* 256 (next-byte! in)) (next-byte! in)) n)))

(define (choose-from in items)
  (list-ref items (choose in (length items))))

;; Characters meant to find the edges: ASCII that means something to
;; the reader and to format, the end of a line in its three forms, NUL,
;; two- three- and four-byte UTF-8, the BMP's last characters.
(define fuzz-chars
  (list #\a #\b #\z #\0 #\9 #\space #\newline #\return #\tab #\x0 #\~ #\"
        #\\ #\( #\) #\; #\# #\' #\. #\, #\@ #\: #\x7f #\xe9 #\x3bb #\x2028
        #\xfffd #\xffff #\x1f600 #\x10ffff))

(define (choose-char in) (choose-from in fuzz-chars))

(define (choose-string in len)
  (let ((s (make-string len)))
    (do ((i 0 (+ i 1))) ((= i len) s)
      (string-set! s i (choose-char in)))))

(define (choose-bytes in len)
  (let ((bv (make-bytevector len 0)))
    (do ((i 0 (+ i 1))) ((= i len) bv)
      (bytevector-u8-set! bv i (next-byte! in)))))

;; The value of (THUNK), or the unique object fuzz-raised if it raised.
(define fuzz-raised (list 'raised))
(define (fuzz-try thunk)
  (guard (e (#t (if %fuzz-verbose
                    (begin (display "raised: " (current-error-port))
                           (write (if (error-object? e) (error-object-message e) e)
                                  (current-error-port))
                           (newline (current-error-port))))
                fuzz-raised))
    (thunk)))
(define (raised? x) (eq? x fuzz-raised))

;; An oracle: unless OK, fail with WHAT, A and B -- but not once the
;; budget is spent, when an operation may have raised because the
;; budget's interrupt stopped it.
(define (fuzz-check what ok a b)
  (if (and (not ok) (not (%fuzz-over?)))
      (%fuzz-fail what a b)))

;;; fuzz-bytes.scm ends here
