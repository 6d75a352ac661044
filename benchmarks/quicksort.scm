;;; quicksort.scm -- in-place quicksort of a vector of pseudo-random fixnums
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: vector

(include "common.scm")

(define (random-vector n seed)
  (let ((next (make-lcg seed)) (v (make-vector n 0)))
    (do ((i 0 (+ i 1))) ((= i n) v)
      (vector-set! v i (remainder (next) 1000000)))))

(define (swap! v i j)
  (let ((t (vector-ref v i)))
    (vector-set! v i (vector-ref v j))
    (vector-set! v j t)))

;; Hoare-style partition of V[lo..hi] around the middle element;
;; returns the split point.
(define (partition! v lo hi)
  (let ((pivot (vector-ref v (quotient (+ lo hi) 2))))
    (let loop ((i lo) (j hi))
      (let* ((i (let up ((i i)) (if (< (vector-ref v i) pivot) (up (+ i 1)) i)))
             (j (let down ((j j)) (if (> (vector-ref v j) pivot) (down (- j 1)) j))))
        (if (< i j)
            (begin (swap! v i j) (loop (+ i 1) (- j 1)))
            j)))))

(define (quicksort! v lo hi)
  (if (< lo hi)
      (let ((split (partition! v lo hi)))
        (quicksort! v lo split)
        (quicksort! v (+ split 1) hi))))

(define (sorted? v)
  (let loop ((i 1))
    (or (>= i (vector-length v))
        (and (<= (vector-ref v (- i 1)) (vector-ref v i))
             (loop (+ i 1))))))

;; Order-independent checksums: the sum, and the sum of squares modulo
;; a prime.
(define (checksums v)
  (let loop ((i 0) (sum 0) (squares 0))
    (if (= i (vector-length v))
        (list sum squares)
        (let ((x (vector-ref v i)))
          (loop (+ i 1) (+ sum x) (modulo (+ squares (* x x)) 1000003))))))

(define (sort-once n seed)
  (let ((v (random-vector n seed)))
    (quicksort! v 0 (- n 1))
    (list (sorted? v) (checksums v))))

(define quicksort-size (if bench-quick? '(1 50000) '(25 50000)))

(define (sort-many rounds n)
  (let loop ((r 0) (result #f))
    (if (= r rounds) result (loop (+ r 1) (sort-once n r)))))

(run-benchmark "quicksort" 1
               (lambda () (apply sort-many quicksort-size))
               (lambda (r)
                 (let ((n (cadr quicksort-size))
                       (last-seed (- (car quicksort-size) 1)))
                   (and (car r)
                        (equal? (cadr r)
                                (checksums (random-vector n last-seed)))))))
