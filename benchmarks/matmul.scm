;;; matmul.scm -- matrix multiplication on vectors of vectors of fixnums
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: vector

(include "common.scm")

;; C = A B with A[i][k] = i + k and B[k][j] = k - j, n x n, by the
;; triple loop over rows held as vectors.  Every entry of C is checked
;; against its closed form: sum over k of (i + k)(k - j) is
;; i S1 - n i j + S2 - j S1, with S1 = n(n-1)/2 and S2 = (n-1)n(2n-1)/6.

(define (make-matrix n f)
  (let ((m (make-vector n)))
    (do ((i 0 (+ i 1))) ((= i n) m)
      (let ((row (make-vector n 0)))
        (do ((j 0 (+ j 1))) ((= j n))
          (vector-set! row j (f i j)))
        (vector-set! m i row)))))

(define (matrix-multiply a b n)
  (let ((c (make-matrix n (lambda (i j) 0))))
    (do ((i 0 (+ i 1))) ((= i n) c)
      (let ((ai (vector-ref a i)) (ci (vector-ref c i)))
        (do ((j 0 (+ j 1))) ((= j n))
          (let loop ((k 0) (sum 0))
            (if (= k n)
                (vector-set! ci j sum)
                (loop (+ k 1)
                      (+ sum (* (vector-ref ai k)
                                (vector-ref (vector-ref b k) j)))))))))))

(define (product-ok? c n)
  (let ((s1 (quotient (* n (- n 1)) 2))
        (s2 (quotient (* (- n 1) n (- (* 2 n) 1)) 6)))
    (let loop ((i 0) (j 0))
      (cond ((= i n) #t)
            ((= j n) (loop (+ i 1) 0))
            ((= (vector-ref (vector-ref c i) j)
                (+ (* i s1) (- (* n i j)) s2 (- (* j s1))))
             (loop i (+ j 1)))
            (else #f)))))

(define matmul-n (if bench-quick? 30 150))

(run-benchmark "matmul" (if bench-quick? 1 10)
               (lambda ()
                 (matrix-multiply (make-matrix matmul-n (lambda (i k) (+ i k)))
                                  (make-matrix matmul-n (lambda (k j) (- k j)))
                                  matmul-n))
               (lambda (c) (product-ok? c matmul-n)))
