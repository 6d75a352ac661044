;;; primes.scm -- sieve of Eratosthenes on freshly built lists
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: allocation

(include "common.scm")

(define (interval from to)
  (if (> from to) '() (cons from (interval (+ from 1) to))))

;; A new list without the multiples of P.
(define (remove-multiples p l)
  (cond ((null? l) '())
        ((= (remainder (car l) p) 0) (remove-multiples p (cdr l)))
        (else (cons (car l) (remove-multiples p (cdr l))))))

;; The first element of the list is prime; strike out its multiples
;; and go on while its square is still within the list.
(define (sieve l limit)
  (if (or (null? l) (> (* (car l) (car l)) limit))
      l
      (cons (car l) (sieve (remove-multiples (car l) (cdr l)) limit))))

(define (primes-up-to n)
  (sieve (interval 2 n) n))

;; The expected list, from a vector of flags.
(define (primes-by-vector n)
  (let ((composite (make-vector (+ n 1) #f)))
    (do ((i 2 (+ i 1))) ((> (* i i) n))
      (mark-multiples! composite i n))
    (let collect ((i n) (result '()))
      (cond ((< i 2) result)
            ((vector-ref composite i) (collect (- i 1) result))
            (else (collect (- i 1) (cons i result)))))))

(define (mark-multiples! composite i n)
  (do ((m (* 2 i) (+ m i))) ((> m n))
    (vector-set! composite m #t)))

(define primes-limit 20000)

(run-benchmark "primes" (if bench-quick? 8 240)
               (lambda () (primes-up-to primes-limit))
               (lambda (r)
                 (and (equal? r (primes-by-vector primes-limit))
                      (= (length r) 2262))))
