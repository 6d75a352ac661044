;;; fuzz-format.scm -- fuzz target: (ice-9 format) against expected texts
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Run by fuzz-scheme.c.  Two kinds of input, chosen by the first byte:
;;;
;;; - A control string made of pieces whose text is known from other
;;;   procedures: literal text, ~~, ~%, ~a and ~s (display and write,
;;;   padded to a width on either side), ~d ~x ~o ~b ~r in a radix
;;;   (number->string, padded with a character, with a sign, with digit
;;;   groups), ~c.  format must give the pieces' texts joined, to a
;;;   string, to a port and to the current output port alike.
;;; - A control string of random characters around ~ and directive
;;;   letters, parameters and modifiers, with random arguments:
;;;   format returns a string or raises; it must not crash.

;;; Code:

(load (string-append %fuzz-dir "/fuzz-bytes.scm"))
(import (ice-9 format))

(define (to-string proc x)
  (let ((p (open-output-string)))
    (proc x p)
    (get-output-string p)))

(define (pad s width left char)
  (let ((n (- width (string-length s))))
    (if (<= n 0)
        s
        (if left
            (string-append (make-string n char) s)
            (string-append s (make-string n char))))))

;; N in RADIX (2 to 36), digits past 9 in lower case: number->string
;; takes only 2, 8, 10 and 16.
(define (radix-digits n radix)
  (let loop ((m (abs n)) (acc '()))
    (let* ((d (remainder m radix))
           (acc (cons (string-ref "0123456789abcdefghijklmnopqrstuvwxyz" d) acc)))
      (if (< m radix)
          (list->string (if (negative? n) (cons #\- acc) acc))
          (loop (quotient m radix) acc)))))

;; Digits of the integer N (no sign) in groups of WIDTH from the right,
;; joined by SEP.
(define (group digits width sep)
  (let loop ((s digits) (acc '()))
    (if (<= (string-length s) width)
        (apply string-append (cons s acc))
        (let ((cut (- (string-length s) width)))
          (loop (substring s 0 cut)
                (cons (string sep) (cons (substring s cut (string-length s)) acc)))))))

(define (choose-integer in)
  (case (choose in 4)
    ((0) (- (choose in 41) 20))
    ((1) (- (choose in 65536) 32768))
    ((2) (* (if (zero? (choose in 2)) 1 -1) (expt (+ 2 (choose in 30)) (choose in 40))))
    (else (choose in 1000))))

(define (choose-object in)
  (case (choose in 8)
    ((0) (choose-integer in))
    ((1) (choose-string in (choose in 6)))
    ((2) (choose-char in))
    ((3) (string->symbol (choose-string in (+ 1 (choose in 4)))))
    ((4) (list (choose-integer in) (choose-string in 2)))
    ((5) (/ (choose-integer in) (+ 1 (choose in 9))))
    ((6) (vector (choose-char in) #t '()))
    (else (exact->inexact (/ (choose-integer in) (+ 1 (choose in 7)))))))

;; A piece: its control text, its arguments and the text it must give.
(define (choose-piece in)
  (case (choose in 9)
    ((0) (let ((s (string-map (lambda (c) (if (char=? c #\~) #\- c))
                              (choose-string in (choose in 6)))))
           (values s '() s)))
    ((1) (values "~~" '() "~"))
    ((2) (values "~%" '() "\n"))
    ((3 4) (let* ((x (choose-object in))
                  (write? (zero? (choose in 2)))
                  (width (choose in 12))
                  (left (zero? (choose in 2)))
                  (text (to-string (if write? write display) x)))
             (values (string-append "~" (if (zero? width) "" (number->string width))
                                    (if left "@" "") (if write? "s" "a"))
                     (list x)
                     (pad text width left #\space))))
    ((5 6) (let* ((n (choose-integer in))
                  (radix (choose-from in '(10 16 8 2)))
                  (letter (cdr (assv radix '((10 . "d") (16 . "x") (8 . "o") (2 . "b")))))
                  (width (choose in 14))
                  (padchar (choose-from in '(#\space #\0 #\* #\x3bb)))
                  (sign (zero? (choose in 3)))
                  (commas (zero? (choose in 3)))
                  (digits (number->string (abs n) radix))
                  (body (string-append (cond ((negative? n) "-") (sign "+") (else ""))
                                       (if commas (group digits 3 #\,) digits))))
             (values (string-append "~" (number->string width) ",'" (string padchar)
                                    (if sign "@" "") (if commas ":" "") letter)
                     (list n)
                     (pad body width #t padchar))))
    ((7) (let ((n (choose-integer in)) (radix (+ 2 (choose in 35))))
           (values (string-append "~" (number->string radix) "r")
                   (list n)
                   (radix-digits n radix))))
    (else (let ((c (choose-char in)))
            (values "~c" (list c) (string c))))))

(define (check-pieces in)
  (let loop ((k (+ 1 (choose in 8))) (control '()) (args '()) (text '()))
    (if (zero? k)
        (let ((control (apply string-append (reverse control)))
              (args (apply append (reverse args)))
              (expected (apply string-append (reverse text))))
          (let ((got (fuzz-try (lambda () (apply format #f control args))))
                (to-port (fuzz-try
                          (lambda ()
                            (let ((p (open-output-string)))
                              (apply format p control args)
                              (get-output-string p)))))
                (to-current (fuzz-try
                             (lambda ()
                               (let ((p (open-output-string)))
                                 (parameterize ((current-output-port p))
                                   (apply format #t control args))
                                 (get-output-string p))))))
            (fuzz-check "format's text" (equal? got expected)
                        (list control args got) expected)
            (fuzz-check "format to a port" (equal? to-port expected) to-port expected)
            (fuzz-check "format to #t" (equal? to-current expected) to-current expected)))
        (call-with-values (lambda () (choose-piece in))
          (lambda (c a t)
            (loop (- k 1) (cons c control) (cons a args) (cons t text)))))))

;; Random control strings: mostly directives.
(define directive-chars
  (string->list "asdxobrpcfegy$i%&|~t*?{}[];^()<>:@,'v#0123456789"))

(define (random-control in)
  (let loop ((k (choose in 24)) (acc '()))
    (if (zero? k)
        (list->string (reverse acc))
        (loop (- k 1)
              (cons (case (choose in 4)
                      ((0) #\~)
                      ((1) (choose-char in))
                      (else (choose-from in directive-chars)))
                    acc)))))

(define (check-random in)
  (let* ((control (random-control in))
         (args (let loop ((k (choose in 6)) (acc '()))
                 (if (zero? k)
                     acc
                     (loop (- k 1)
                           (cons (if (zero? (choose in 4))
                                     (list (choose-object in) (choose-object in))
                                     (choose-object in))
                                 acc)))))
         (got (fuzz-try (lambda () (apply format #f control args)))))
    (fuzz-check "format gave neither a string nor an error"
                (or (string? got) (raised? got)) (list control args) got)))

(define (fuzz-one bv)
  (let ((in (fuzz-input bv)))
    (let loop ((n 0))
      (unless (or (input-done? in) (> n 30) (%fuzz-over?))
        (if (zero? (choose in 2))
            (check-pieces in)
            (check-random in))
        (loop (+ n 1))))))

;;; fuzz-format.scm ends here
