;;; gen.scm -- random (ice-9 format) and utf8->string cases for guile-diff.sh
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; scm gen.scm SEED COUNT writes COUNT cases, one datum a line:
;;; (format CONTROL ARG ...) or (utf8 (BYTE ...)).  A linear congruential
;;; generator makes a seed repeatable.

(define seed (string->number (cadr (command-line))))
(define n (string->number (caddr (command-line))))
(define (rand k) (set! seed (modulo (+ (* seed 6364136223846793005) 1442695040888963407) (expt 2 64)))
  (modulo (quotient seed 65536) k))
(define (pick l) (list-ref l (rand (length l))))
(define (param) (case (rand 5) ((0) "") ((1) (number->string (rand 12))) ((2) (string #\' (pick '(#\0 #\* #\space #\x)))) ((3) "v") (else "#")))
(define (params) (let loop ((k (rand 4)) (acc '())) (if (zero? k) (apply string-append acc) (loop (- k 1) (cons (if (null? acc) (param) (string-append (param) ",")) acc)))))
(define (directive) (string-append "~" (params) (pick '("" "" ":" "@" ":@")) (pick '("a" "s" "d" "x" "o" "b" "r" "c" "f" "e" "g" "$" "%" "~" "p" "i" "*" "&" "|" "t" "?" "{" "}" "[" "]" ";" "^" "y" "q" "k"))))
(define (control) (let loop ((k (+ 1 (rand 5))) (acc '())) (if (zero? k) (apply string-append acc) (loop (- k 1) (cons (if (zero? (rand 4)) (pick '("ab" " " "-" "λ")) (directive)) acc)))))
(define (arg) (case (rand 10) ((0) (- (rand 200) 100)) ((1) (expt 3 (rand 60))) ((2) (/ (rand 10) (+ 1 (rand 7)))) ((3) (pick '(0.5 -1.25 3.14159 1e10 1e-5 -0.0 123.456))) ((4) (pick '("abc" "" "λx"))) ((5) (pick '(#\a #\space #\newline))) ((6) 'sym) ((7) (list 1 2 3)) ((8) (list "a" 'b)) (else (rand 10))))
(define (args) (let loop ((k (rand 5)) (acc '())) (if (zero? k) acc (loop (- k 1) (cons (arg) acc)))))
(define (bytes) (let loop ((k (rand 8)) (acc '())) (if (zero? k) acc (loop (- k 1) (cons (pick '(65 10 0 127 128 191 192 193 194 206 187 224 237 160 128 239 191 240 159 152 244 143 245 255)) acc)))))
(do ((i 0 (+ i 1))) ((= i n))
  (write (if (zero? (rand 4)) (list 'utf8 (bytes)) (append (list 'format (control)) (args))))
  (newline))
