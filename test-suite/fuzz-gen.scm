;;; fuzz-gen.scm -- write random Scheme forms, well and badly shaped,
;;; for test-suite/fuzz.sh to evaluate: the evaluator must report every
;;; error and never crash.
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Usage: scm fuzz-gen.scm SEED COUNT > forms.scm

(define seed (string->number (cadr (command-line))))
(define count (string->number (caddr (command-line))))

;; A linear congruential generator (the one of Numerical Recipes), kept
;; within fixnums.
(define state seed)
(define (random n)
  (set! state (modulo (+ (* state 1664525) 1013904223) 4294967296))
  (modulo (quotient state 65536) n))
(define (pick v) (vector-ref v (random (vector-length v))))

(define keywords
  '#(quote quasiquote unquote unquote-splicing lambda define set! if begin
     let let* letrec letrec* cond case and or when unless do guard else =>
     let-values let*-values define-values receive define-record-type
     case-lambda delay delay-force cond-expand parameterize %apply
     %apply-values))
(define procedures
  '#(+ - * < = car cdr cons list vector vector-ref apply map for-each values
     call-with-values not null? pair? eq? force make-promise vector-map
     string-map length append error raise reverse list-tail make-parameter))
(define variables '#(x y z f g loop a b))
(define constants '#(0 1 -3 5 #t #f () "s" #\a 1.5 #(1 2) (1 2) sym))

(define (atom)
  (let ((r (random 10)))
    (cond ((< r 3) (pick variables))
          ((< r 6) (let ((c (pick constants)))
                     (if (or (pair? c) (null? c) (symbol? c))
                         (list 'quote c)
                         c)))
          ((< r 8) (pick procedures))
          (else (pick keywords)))))

(define (form depth)
  (if (or (= depth 0) (< (random 4) 1))
      (atom)
      (let* ((head (let ((r (random 10)))
                     (cond ((< r 4) (pick keywords))
                           ((< r 7) (pick procedures))
                           ((< r 9) (pick variables))
                           (else (form (- depth 1))))))
             (args (let loop ((n (random 5)) (acc '()))
                     (if (= n 0) acc (loop (- n 1) (cons (form (- depth 1)) acc))))))
        (if (< (random 20) 1)
            (append (cons head args) (atom))      ; an improper form
            (cons head args)))))

(do ((i 0 (+ i 1))) ((= i count))
  (write (form 5))
  (newline))
(write '(display "fuzz-end"))
(newline)
