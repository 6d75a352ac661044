;;; paraffins.scm -- every paraffin isomer C(n)H(2n+2), built as a tree of radicals
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: allocation

(include "common.scm")

;; A radical of size k (k carbons) is a hydrogen when k = 0, else a
;; carbon with three radicals below it whose sizes add up to k - 1;
;; the three are kept in a canonical order (by size, then by their
;; place in the list of radicals of that size) so that each radical
;; is built once.  A paraffin is then either bicentred, two radicals
;; of size n/2 joined by a bond, or centred, a carbon holding four
;; radicals each smaller than n/2.  Every molecule is built as a
;; list structure; the counts of radicals are checked against Polya's
;; formula for trees of out-degree at most three, and the counts of
;; paraffins against the known numbers of alkane isomers (OEIS
;; A000602).

;; A radical: (size index . children), children a list of 0 or 3.
(define (radical-size r) (car r))
(define (radical-index r) (cadr r))

;; RADICALS is a vector: entry k holds the radicals of size k, as a
;; vector.
(define (make-radicals limit)
  (let ((table (make-vector (+ limit 1) #f)))
    (vector-set! table 0 (vector (list 0 0)))
    (do ((k 1 (+ k 1))) ((> k limit) table)
      (vector-set! table k (list->vector (radicals-of-size table k))))))

;; Triples (a b c) of radicals in canonical order with sizes adding up
;; to K - 1: sizes i <= j <= l, and within equal sizes, index order.
(define (radicals-of-size table k)
  (let ((acc '()) (count 0))
    (do ((i 0 (+ i 1))) ((> (* 3 i) (- k 1)))
      (do ((j i (+ j 1))) ((> (+ i (* 2 j)) (- k 1)))
        (let ((l (- k 1 i j)))
          (for-each-ordered-triple
           (vector-ref table i) (vector-ref table j) (vector-ref table l)
           (= i j) (= j l)
           (lambda (a b c)
             (set! acc (cons (list k count a b c) acc))
             (set! count (+ count 1)))))))
    (reverse acc)))

;; Call F on a from VA, b from VB, c from VC, with a <= b when the
;; sizes are equal (SAME-AB) and b <= c likewise (SAME-BC).
(define (for-each-ordered-triple va vb vc same-ab same-bc f)
  (do ((x 0 (+ x 1))) ((= x (vector-length va)))
    (do ((y (if same-ab x 0) (+ y 1))) ((= y (vector-length vb)))
      (do ((z (if same-bc y 0) (+ z 1))) ((= z (vector-length vc)))
        (f (vector-ref va x) (vector-ref vb y) (vector-ref vc z))))))

;; The paraffins of size N, as a list of molecules.
(define (bicentred table n)
  (if (odd? n)
      '()
      (let ((rs (vector-ref table (quotient n 2))) (acc '()))
        (do ((x 0 (+ x 1))) ((= x (vector-length rs)) acc)
          (do ((y x (+ y 1))) ((= y (vector-length rs)))
            (set! acc (cons (list 'bond (vector-ref rs x) (vector-ref rs y))
                            acc)))))))

(define (centred table n)
  ;; Four radicals of sizes i <= j <= l <= m, each below n/2, adding
  ;; up to n - 1; within equal sizes, index order.
  (let ((acc '()) (limit (quotient (- n 1) 2)))
    (do ((i 0 (+ i 1))) ((> (* 4 i) (- n 1)) acc)
      (do ((j i (+ j 1))) ((> (+ i (* 3 j)) (- n 1)))
        (do ((l j (+ l 1))) ((> (+ i j (* 2 l)) (- n 1)))
          (let ((m (- n 1 i j l)))
            (if (<= m limit)
                (let ((vi (vector-ref table i)) (vj (vector-ref table j))
                      (vl (vector-ref table l)) (vm (vector-ref table m)))
                  (do ((a 0 (+ a 1))) ((= a (vector-length vi)))
                    (for-each-ordered-triple
                     vj vl vm (= j l) (= l m)
                     (lambda (rb rc rd)
                       (if (or (not (= i j))
                               (<= a (radical-index rb)))
                           (set! acc (cons (list 'carbon (vector-ref vi a)
                                                 rb rc rd)
                                           acc))))))))))))))

(define (paraffins table n)
  (append (bicentred table n) (centred table n)))

;; Carbons in a molecule, walking the whole structure: each must have
;; N, which checks that what was built is what was meant.
(define (radical-carbons r)
  (if (= (radical-size r) 0)
      0
      (+ 1 (radical-carbons (caddr r)) (radical-carbons (cadddr r))
         (radical-carbons (car (cddddr r))))))

(define (molecule-carbons m)
  (if (eq? (car m) 'bond)
      (+ (radical-carbons (cadr m)) (radical-carbons (caddr m)))
      (+ 1 (radical-carbons (cadr m)) (radical-carbons (caddr m))
         (radical-carbons (cadddr m)) (radical-carbons (car (cddddr m))))))

;; Polya: with r(0) = 1, r(k+1) is the number of multisets of three
;; radicals with sizes adding to k: (S3 + 3 S1 S2 + 2 S(3)) / 6.
(define (polya-radicals limit)
  (let ((r (make-vector (+ limit 1) 0)))
    (vector-set! r 0 1)
    (do ((k 0 (+ k 1))) ((= k limit) r)
      (let ((cubes 0) (pairs 0) (thirds 0))
        (do ((a 0 (+ a 1))) ((> a k))
          (do ((b 0 (+ b 1))) ((> (+ a b) k))
            (set! cubes (+ cubes (* (vector-ref r a) (vector-ref r b)
                                    (vector-ref r (- k a b)))))))
        (do ((a 0 (+ a 1))) ((> (* 2 a) k))
          (set! pairs (+ pairs (* (vector-ref r a)
                                  (vector-ref r (- k (* 2 a)))))))
        (if (= 0 (remainder k 3))
            (set! thirds (vector-ref r (quotient k 3))))
        (vector-set! r (+ k 1)
                     (quotient (+ cubes (* 3 pairs) (* 2 thirds)) 6))))))

;; Alkane isomers with 1 to 20 carbons.
(define alkanes
  '#(1 1 1 2 3 5 9 18 35 75 159 355 802 1858 4347 10359 24894 60523
     148284 366319))

(define paraffins-size (if bench-quick? 14 18))

(define (paraffins-run)
  (let ((table (make-radicals (quotient paraffins-size 2))))
    (let loop ((n 1) (acc '()))
      (if (> n paraffins-size)
          (cons table (reverse acc))
          (loop (+ n 1) (cons (paraffins table n) acc))))))

(run-benchmark "paraffins" (if bench-quick? 1 4) paraffins-run
               (lambda (r)
                 (let* ((table (car r))
                        (polya (polya-radicals (- (vector-length table) 1))))
                   (and (let check ((k 0))
                          (or (= k (vector-length table))
                              (and (= (vector-length (vector-ref table k))
                                      (vector-ref polya k))
                                   (check (+ k 1)))))
                        (let check ((ms (cdr r)) (n 1))
                          (or (null? ms)
                              (and (= (length (car ms))
                                      (vector-ref alkanes (- n 1)))
                                   (let all ((l (car ms)))
                                     (or (null? l)
                                         (and (= (molecule-carbons (car l)) n)
                                              (all (cdr l)))))
                                   (check (cdr ms) (+ n 1)))))))))
