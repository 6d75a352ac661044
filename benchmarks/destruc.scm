;;; destruc.scm -- destructive list surgery with set-car! and set-cdr!
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: allocation

(include "common.scm")

;; Reverse a list in place by turning its cdr pointers around.
(define (reverse-in-place! l)
  (let loop ((l l) (done '()))
    (if (null? l)
        done
        (let ((next (cdr l)))
          (set-cdr! l done)
          (loop next l)))))

;; Replace every element x by (f x) in place.
(define (update-in-place! f l)
  (let loop ((p l))
    (if (pair? p)
        (begin (set-car! p (f (car p))) (loop (cdr p)))))
  l)

;; Cut L into runs of K pairs and splice the runs back together in
;; reverse order, all by rewriting cdr pointers.
(define (reverse-runs! l k)
  (let loop ((l l) (runs '()))
    (if (null? l)
        (join-runs! runs)
        (let ((last (list-tail l (- (min k (length-up-to l k)) 1))))
          (let ((next (cdr last)))
            (set-cdr! last '())
            (loop next (cons l runs)))))))

(define (length-up-to l k)
  (let loop ((l l) (n 0))
    (if (or (null? l) (= n k)) n (loop (cdr l) (+ n 1)))))

(define (join-runs! runs)
  (if (null? runs)
      '()
      (let ((rest (join-runs! (cdr runs))))
        (set-cdr! (last-pair (car runs)) rest)
        (car runs))))

(define (last-pair l)
  (if (pair? (cdr l)) (last-pair (cdr l)) l))

(define (iota-list n)
  (let loop ((i (- n 1)) (l '()))
    (if (< i 0) l (loop (- i 1) (cons i l)))))

(define (scramble x) (modulo (+ (* x 37) 11) 1009))

(define (destruc-once n k)
  (let* ((l (iota-list n))
         (l (reverse-in-place! l))
         (l (update-in-place! scramble l))
         (l (reverse-runs! l k)))
    (update-in-place! scramble l)))

;; The same transformation on a vector, position by position.
(define (destruc-expected n k)
  (let ((v (make-vector n 0)) (out (make-vector n 0)))
    (do ((i 0 (+ i 1))) ((= i n))
      (vector-set! v i (scramble (- n 1 i))))
    (let loop ((start 0))
      (if (< start n)
          (let* ((len (min k (- n start)))
                 (pos (- n start len)))
            (do ((j 0 (+ j 1))) ((= j len))
              (vector-set! out (+ pos j) (scramble (vector-ref v (+ start j)))))
            (loop (+ start len)))))
    (vector->list out)))

(define (destruc-many rounds n k)
  (let loop ((i 0) (result #f))
    (if (= i rounds) result (loop (+ i 1) (destruc-once n k)))))

(define destruc-size (if bench-quick? '(300 1000 7) '(8000 1000 7)))

(run-benchmark "destruc" 1
               (lambda () (apply destruc-many destruc-size))
               (lambda (r)
                 (equal? r (destruc-expected (cadr destruc-size)
                                             (caddr destruc-size)))))
