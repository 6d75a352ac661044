;;; roundtrip.scm -- write then read gives back an equal datum
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A property test: random data of every kind the reader produces
;;; (symbols of any characters, strings with every escape, characters,
;;; fixnums, bignums, exact ratios, flonums, booleans, the empty list, pairs, dotted lists,
;;; vectors, bytevectors, quote-like forms) are written with `write' and
;;; read back, and must be `equal?' (flonums `eqv?', bit for bit).  The
;;; generator is seeded, so a failure repeats; the failing datum and its
;;; text are shown.  Shared and circular data are written with labels by
;;; `write' and compared after reading too.

;;; Code:

(test-begin "roundtrip")

;; The "minimal standard" generator (Park and Miller): reproducible
;; everywhere, and its products fit a fixnum.
(define seed 20261201)
(define (random-below n)
  (set! seed (modulo (* seed 48271) 2147483647))
  (modulo seed n))
(define (pick . choices) (list-ref choices (random-below (length choices))))

;; Characters a symbol or string may hold, including those that need
;; bars or escapes, and some beyond ASCII.
(define tricky-chars
  (string->list "abcXYZ019 +-.@#|\\\"'`,;()[]{}\t\nλé€😀\x0;\x7f;"))
(define (random-char)
  (if (= 0 (random-below 4))
      (integer->char (pick 0 7 9 10 13 32 127 160 #x3bb #x20ac #x1f600 #xfeff))
      (list-ref tricky-chars (random-below (length tricky-chars)))))
(define (random-string)
  (let loop ((n (random-below 8)) (acc '()))
    (if (= n 0) (list->string acc) (loop (- n 1) (cons (random-char) acc)))))
(define (random-symbol)
  (string->symbol (random-string)))
(define (random-flonum)
  (pick 0.0 -0.0 1.5 -2.25 1e300 -1e-300 4.9406564584124654e-324 +inf.0 -inf.0
        (/ (random-below 100000) 7.0) 0.1 (/ 1.0 3.0) 123456789.123))
(define (random-fixnum)
  (pick 0 1 -1 (random-below 1000000) (- (random-below 1000000))
        2305843009213693951 -2305843009213693952))

(define (random-atom)
  (case (random-below 9)
    ((0) (random-symbol))
    ((1) (random-string))
    ((2) (random-char))
    ((3) (random-fixnum))
    ((4) (random-flonum))
    ((5) (pick #t #f '()
               ;; bignums and exact ratios
               (* (random-fixnum) 1000000000000000000000)
               (- (expt 2 (+ 62 (random-below 200))))
               (/ (+ 1 (random-below 100000)) (+ 2 (random-below 99999)))
               (/ (- (expt 3 (+ 40 (random-below 40)))) 7)))
    ((6) (let ((n (random-below 5)))
           (apply bytevector (let loop ((i 0) (acc '()))
                               (if (= i n) acc (loop (+ i 1) (cons (random-below 256) acc)))))))
    ((7) (pick 'quote 'quasiquote 'unquote 'unquote-splicing '|@| '|.| '|1+|))
    (else (random-symbol))))

(define (random-datum depth)
  (if (or (= depth 0) (< (random-below 10) 4))
      (random-atom)
      (case (random-below 5)
        ((0) (let loop ((n (random-below 5)) (acc '()))
               (if (= n 0) acc (loop (- n 1) (cons (random-datum (- depth 1)) acc)))))
        ((1) (cons (random-datum (- depth 1)) (random-datum (- depth 1))))
        ((2) (list->vector (let loop ((n (random-below 4)) (acc '()))
                             (if (= n 0) acc
                                 (loop (- n 1) (cons (random-datum (- depth 1)) acc))))))
        ((3) (list (pick 'quote 'quasiquote 'unquote 'unquote-splicing)
                   (random-datum (- depth 1))))
        (else (list (random-atom) (random-datum (- depth 1)))))))

;; equal?, with flonums compared bit for bit (eqv?), so -0.0 and 0.0
;; and NaNs are told apart.
(define (same? a b)
  (cond ((and (pair? a) (pair? b)) (and (same? (car a) (car b)) (same? (cdr a) (cdr b))))
        ((and (vector? a) (vector? b))
         (and (= (vector-length a) (vector-length b))
              (let loop ((i 0))
                (or (= i (vector-length a))
                    (and (same? (vector-ref a i) (vector-ref b i)) (loop (+ i 1)))))))
        ((and (number? a) (number? b)) (eqv? a b))
        (else (equal? a b))))

(define (round-trips? x)
  (let* ((text (call-with-port (open-output-string)
                 (lambda (p) (write x p) (get-output-string p))))
         (back (guard (e (#t (list 'read-error (condition-message e))))
                 (read (open-input-string text)))))
    (or (same? x back) (list 'differs text back))))

(test-group "random data"
  (lambda ()
    (define failures
      (let loop ((i 0) (bad '()))
        (if (= i 3000)
            (reverse bad)
            (let* ((x (random-datum 4)) (r (round-trips? x)))
              (loop (+ i 1) (if (eq? r #t) bad (cons r bad)))))))
    (test-equal "3000 random data: write, then read, gives them back" '()
                (if (pair? failures) (list (car failures)) '()))))

(test-group "edges"
  (lambda ()
    (for-each
     (lambda (x)
       (test-eq (string-append "round trip of " (object->string x))
                #t (round-trips? x)))
     (list '(unquote |@x|) '(unquote-splicing x) '(quote . x) '(quote x y)
           '|| '|.| '|..| '|#foo| '|1/2| '|+inf.0| '|-| '|+| '|...|
           (string->symbol "a b") (string->symbol "\x0;")
           "\x0;\a\b\t\n\r\"\\" #\x0 #\space #\delete #\x3bb
           -0.0 +inf.0 -inf.0 1e-320 #u8() #u8(0 255) '#(1 #(2) ())
           '(1 . 2) '(() . ()) (list 'quote (list 'unquote 'x))))
    (test-equal "a shared list written with labels reads back shared" #t
                (let* ((s (list 1 2))
                       (text (call-with-port (open-output-string)
                               (lambda (p) (write-shared (list s s) p)
                                 (get-output-string p))))
                       (back (read (open-input-string text))))
                  (and (equal? back '((1 2) (1 2))) (eq? (car back) (cadr back)))))
    (test-equal "a circular list written with labels reads back circular" #t
                (let* ((c (list 1 2 3)))
                  (set-cdr! (cddr c) c)
                  (let* ((text (call-with-port (open-output-string)
                                 (lambda (p) (write c p) (get-output-string p))))
                         (back (read (open-input-string text))))
                    (and (eq? (cdddr back) back) (equal? back c)))))))

;; The reader's shortcut for short decimal integers (read.c,
;; small_decimal) and where it hands over to the number parser.
(test-group "integers as the reader reads them"
  (lambda ()
    (define (read-all text)
      (let ((p (open-input-string text)))
        (let loop ((acc '()))
          (let ((x (read p)))
            (if (eof-object? x) (reverse acc) (loop (cons x acc)))))))
    (test-equal "signs, zeros, leading zeros"
                '(0 0 0 5 -5 12 -7)
                (read-all "0 -0 +0 +5 -5 00012 -007"))
    (test-equal "18 digits (the shortcut) and 19 (the parser)"
                (list 999999999999999999 -999999999999999999
                      (* 10 999999999999999999) (- (expt 10 19) 1))
                (read-all "999999999999999999 -999999999999999999 9999999999999999990 9999999999999999999"))
    (test-equal "exact, as the parser's: eqv? to string->number's" #t
                (let ((xs (read-all "7 -123456789012345678 42")))
                  (equal? xs (map string->number '("7" "-123456789012345678" "42")))))
    (test-equal "a sign alone, or with other characters, is not a number"
                '(symbol symbol symbol number number)
                (map (lambda (x) (cond ((symbol? x) 'symbol)
                                       ((number? x) 'number)
                                       (else 'other)))
                     (read-all "+ - 1+ 1. -.5")))
    (test-equal "a decimal with an exponent or a point is inexact"
                '(#f #f #t)
                (map exact? (read-all "1e3 1.0 10")))))

(test-end "roundtrip")
