;;; simplex.scm -- the simplex method on flonum tableaux, each optimum proved by duality
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: float

(include "common.scm")

;; Each problem is: maximise c.x subject to A x <= b and x >= 0, with
;; A, b and c pseudo-random and b > 0, so the origin is a vertex to
;; start from.  The tableau is a vector of row vectors of flonums: M
;; constraint rows [A | I | b] and the objective row [-c | 0 | 0].
;; Dantzig's rule picks the entering column, the ratio test the
;; leaving row, and Bland's smallest-index rule takes over after many
;; pivots without gain, so that the method cannot cycle.  A problem is
;; unbounded when a column may enter and no row limits it.
;;
;; The check does not trust the pivoting: from the final tableau it
;; reads the primal x and the dual y (the objective row under the
;; slack columns), and wants x >= 0, A x <= b, y >= 0, A^T y >= c and
;; c.x = b.y, to a tolerance; weak duality then says x is optimal.
;; For an unbounded problem it reads the ray and checks that it keeps
;; A x <= b while c.x grows.

(define epsilon 1e-9)

(define (make-problem random m n unbounded?)
  (let ((a (make-vector m #f))
        (b (make-vector m 0.))
        (c (make-vector n 0.)))
    (define (uniform lo hi)
      (+ lo (* (- hi lo) (/ (exact->inexact (modulo (random) 100000))
                            100000.))))
    (do ((i 0 (+ i 1))) ((= i m))
      (let ((row (make-vector n 0.)))
        (do ((j 0 (+ j 1))) ((= j n))
          ;; Mostly positive entries, some negative, a few zeros.
          (let ((k (modulo (random) 10)))
            (vector-set! row j (cond ((< k 2) 0.)
                                     ((< k 3) (uniform -3. 0.))
                                     (else (uniform 0.5 9.))))))
        ;; An unbounded problem: nothing limits the first variable.
        (if unbounded? (vector-set! row 0 (- (abs (vector-ref row 0)))))
        (vector-set! a i row)
        (vector-set! b i (uniform 10. 100.))))
    (do ((j 0 (+ j 1))) ((= j n))
      (vector-set! c j (uniform 1. 20.)))
    (vector a b c)))

(define (problem-a p) (vector-ref p 0))
(define (problem-b p) (vector-ref p 1))
(define (problem-c p) (vector-ref p 2))

(define (make-tableau p)
  (let* ((a (problem-a p)) (b (problem-b p)) (c (problem-c p))
         (m (vector-length a)) (n (vector-length c))
         (width (+ n m 1))
         (t (make-vector (+ m 1) #f)))
    (do ((i 0 (+ i 1))) ((= i m))
      (let ((row (make-vector width 0.)))
        (do ((j 0 (+ j 1))) ((= j n))
          (vector-set! row j (vector-ref (vector-ref a i) j)))
        (vector-set! row (+ n i) 1.)
        (vector-set! row (- width 1) (vector-ref b i))
        (vector-set! t i row)))
    (let ((obj (make-vector width 0.)))
      (do ((j 0 (+ j 1))) ((= j n))
        (vector-set! obj j (- (vector-ref c j))))
      (vector-set! t m obj))
    t))

(define (pivot! t prow pcol)
  (let* ((rows (vector-length t))
         (row (vector-ref t prow))
         (width (vector-length row))
         (inv (/ 1. (vector-ref row pcol))))
    (do ((j 0 (+ j 1))) ((= j width))
      (vector-set! row j (* inv (vector-ref row j))))
    (do ((i 0 (+ i 1))) ((= i rows))
      (if (not (= i prow))
          (let* ((other (vector-ref t i))
                 (factor (vector-ref other pcol)))
            (if (not (= factor 0.))
                (do ((j 0 (+ j 1))) ((= j width))
                  (vector-set! other j (- (vector-ref other j)
                                          (* factor (vector-ref row j)))))))))))

;; The entering column: the most negative objective entry (Dantzig),
;; or the first negative one (Bland); #f when none is negative.
(define (entering t bland?)
  (let* ((obj (vector-ref t (- (vector-length t) 1)))
         (last (- (vector-length obj) 1)))
    (let loop ((j 0) (best #f) (best-value (- epsilon)))
      (cond ((= j last) best)
            ((< (vector-ref obj j) best-value)
             (if bland? j (loop (+ j 1) j (vector-ref obj j))))
            (else (loop (+ j 1) best best-value))))))

;; The leaving row by the ratio test, ties to the smallest basic index
;; (BASIS names each row's basic column); #f when the column is a ray.
(define (leaving t col basis)
  (let ((m (- (vector-length t) 1)))
    (let loop ((i 0) (best #f) (best-ratio 0.))
      (if (= i m)
          best
          (let* ((row (vector-ref t i))
                 (e (vector-ref row col)))
            (if (> e epsilon)
                (let ((ratio (/ (vector-ref row (- (vector-length row) 1)) e)))
                  (if (or (not best)
                          (< ratio (- best-ratio epsilon))
                          (and (< ratio (+ best-ratio epsilon))
                               (< (vector-ref basis i)
                                  (vector-ref basis best))))
                      (loop (+ i 1) i ratio)
                      (loop (+ i 1) best best-ratio)))
                (loop (+ i 1) best best-ratio)))))))

;; Solve: (optimal t basis pivots) or (unbounded t basis col).
(define (simplex p)
  (let* ((t (make-tableau p))
         (m (vector-length (problem-a p)))
         (n (vector-length (problem-c p)))
         (basis (make-vector m 0)))
    (do ((i 0 (+ i 1))) ((= i m)) (vector-set! basis i (+ n i)))
    (let loop ((pivots 0) (stalled 0)
               (value (vector-ref (vector-ref t m) (+ n m))))
      (let ((col (entering t (> stalled 50))))
        (if (not col)
            (list 'optimal t basis pivots)
            (let ((row (leaving t col basis)))
              (if (not row)
                  (list 'unbounded t basis col)
                  (begin
                    (pivot! t row col)
                    (vector-set! basis row col)
                    (let ((v (vector-ref (vector-ref t m) (+ n m))))
                      (loop (+ pivots 1)
                            (if (> v (+ value epsilon)) 0 (+ stalled 1))
                            v))))))))))

(define (primal-solution t basis n)
  (let ((x (make-vector n 0.))
        (last (- (vector-length (vector-ref t 0)) 1)))
    (do ((i 0 (+ i 1))) ((= i (vector-length basis)) x)
      (if (< (vector-ref basis i) n)
          (vector-set! x (vector-ref basis i)
                       (vector-ref (vector-ref t i) last))))))

(define (dual-solution t m n)
  (let ((y (make-vector m 0.)) (obj (vector-ref t m)))
    (do ((i 0 (+ i 1))) ((= i m) y)
      (vector-set! y i (vector-ref obj (+ n i))))))

(define (dot u v)
  (let loop ((i 0) (s 0.))
    (if (= i (vector-length u)) s
        (loop (+ i 1) (+ s (* (vector-ref u i) (vector-ref v i)))))))

(define (tolerance scale) (* 1e-7 (+ 1. (abs scale))))

(define (optimal-certified? p t basis)
  (let* ((a (problem-a p)) (b (problem-b p)) (c (problem-c p))
         (m (vector-length a)) (n (vector-length c))
         (x (primal-solution t basis n))
         (y (dual-solution t m n))
         (cx (dot c x)) (by (dot b y)))
    (and (let check ((j 0))
           (or (= j n)
               (and (>= (vector-ref x j) (- (tolerance 0.)))
                    (check (+ j 1)))))
         (let check ((i 0))
           (or (= i m)
               (and (<= (dot (vector-ref a i) x)
                        (+ (vector-ref b i) (tolerance (vector-ref b i))))
                    (>= (vector-ref y i) (- (tolerance 0.)))
                    (check (+ i 1)))))
         (let check ((j 0))
           (or (= j n)
               (let column ((i 0) (s 0.))
                 (if (= i m)
                     (and (>= s (- (vector-ref c j) (tolerance (vector-ref c j))))
                          (check (+ j 1)))
                     (column (+ i 1)
                             (+ s (* (vector-ref (vector-ref a i) j)
                                     (vector-ref y i))))))))
         (< (abs (- cx by)) (tolerance cx))
         (> cx 0.))))

;; The ray of an unbounded problem: the entering variable grows by 1,
;; the basic ones change by minus their column entries.
(define (ray-certified? p t basis col)
  (let* ((a (problem-a p)) (c (problem-c p))
         (m (vector-length a)) (n (vector-length c))
         (d (make-vector n 0.)))
    (if (< col n) (vector-set! d col 1.))
    (do ((i 0 (+ i 1))) ((= i m))
      (if (< (vector-ref basis i) n)
          (vector-set! d (vector-ref basis i)
                       (- (vector-ref (vector-ref t i) col)))))
    (and (> (dot c d) epsilon)
         (let check ((j 0))
           (or (= j n) (and (>= (vector-ref d j) (- epsilon)) (check (+ j 1)))))
         (let check ((i 0))
           (or (= i m)
               (and (<= (dot (vector-ref a i) d) epsilon)
                    (check (+ i 1))))))))

(define simplex-count (if bench-quick? 8 120))
(define simplex-shapes '((12 . 10) (40 . 36) (60 . 30) (24 . 60)))

(define (simplex-run)
  (let ((random (make-lcg 2024)))
    (let loop ((k 0) (acc '()))
      (if (= k simplex-count)
          (reverse acc)
          (let* ((shape (list-ref simplex-shapes
                                  (modulo k (length simplex-shapes))))
                 (p (make-problem random (car shape) (cdr shape)
                                  (= (modulo k 7) 3))))
            (loop (+ k 1) (cons (cons p (simplex p)) acc)))))))

(run-benchmark "simplex" 1 simplex-run
               (lambda (results)
                 (let check ((rs results) (optimal 0) (pivots 0))
                   (if (null? rs)
                       ;; Most problems have an optimum, and reaching it
                       ;; takes real work.
                       (and (> (* 2 optimal) (length results))
                            (< optimal (length results))
                            (> pivots (* 3 optimal)))
                       (let* ((p (car (car rs))) (r (cdr (car rs))))
                         (if (eq? (car r) 'optimal)
                             (and (optimal-certified? p (cadr r) (caddr r))
                                  (check (cdr rs) (+ optimal 1)
                                         (+ pivots (cadddr r))))
                             (and (ray-certified? p (cadr r) (caddr r)
                                                  (cadddr r))
                                  (check (cdr rs) optimal pivots))))))))
