;;; nbody.scm -- the Sun and the four giant planets, integrated with flonum vectors
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: float

(include "common.scm")

;; Units: astronomical units, years, solar masses scaled so G = 1.
(define nbody-pi 3.141592653589793)
(define solar-mass (* 4. nbody-pi nbody-pi))
(define days-per-year 365.24)

;; A body is a vector #(x y z vx vy vz mass).
(define (make-body x y z vx vy vz mass)
  (vector x y z
          (* vx days-per-year) (* vy days-per-year) (* vz days-per-year)
          (* mass solar-mass)))

(define (initial-system)
  (vector
   (make-body 0. 0. 0. 0. 0. 0. 1.)
   ;; Jupiter
   (make-body 4.84143144246472090e+00 -1.16032004402742839e+00
              -1.03622044471123109e-01 1.66007664274403694e-03
              7.69901118419740425e-03 -6.90460016972063023e-05
              9.54791938424326609e-04)
   ;; Saturn
   (make-body 8.34336671824457987e+00 4.12479856412430479e+00
              -4.03523417114321381e-01 -2.76742510726862411e-03
              4.99852801234917238e-03 2.30417297573763929e-05
              2.85885980666130812e-04)
   ;; Uranus
   (make-body 1.28943695621391310e+01 -1.51111514016986312e+01
              -2.23307578892655734e-01 2.96460137564761618e-03
              2.37847173959480950e-03 -2.96589568540237556e-05
              4.36624404335156298e-05)
   ;; Neptune
   (make-body 1.53796971148509165e+01 -2.59193146099879641e+01
              1.79258772950371181e-01 2.68067772490389322e-03
              1.62824170038242295e-03 -9.51592254519715870e-05
              5.15138902046611451e-05)))

;; Give the Sun the momentum that makes the total zero.
(define (offset-momentum! bodies)
  (let ((sun (vector-ref bodies 0)))
    (do ((axis 3 (+ axis 1))) ((= axis 6))
      (let loop ((i 1) (p 0.))
        (if (< i (vector-length bodies))
            (let ((b (vector-ref bodies i)))
              (loop (+ i 1) (+ p (* (vector-ref b axis) (vector-ref b 6)))))
            (vector-set! sun axis (- (/ p solar-mass))))))))

(define (energy bodies)
  (let ((n (vector-length bodies)))
    (let outer ((i 0) (e 0.))
      (if (= i n)
          e
          (let* ((b (vector-ref bodies i))
                 (vx (vector-ref b 3)) (vy (vector-ref b 4)) (vz (vector-ref b 5))
                 (e (+ e (* 0.5 (vector-ref b 6) (+ (* vx vx) (* vy vy) (* vz vz))))))
            (let inner ((j (+ i 1)) (e e))
              (if (= j n)
                  (outer (+ i 1) e)
                  (let* ((c (vector-ref bodies j))
                         (dx (- (vector-ref b 0) (vector-ref c 0)))
                         (dy (- (vector-ref b 1) (vector-ref c 1)))
                         (dz (- (vector-ref b 2) (vector-ref c 2))))
                    (inner (+ j 1)
                           (- e (/ (* (vector-ref b 6) (vector-ref c 6))
                                   (sqrt (+ (* dx dx) (* dy dy) (* dz dz))))))))))))))

;; Pull B and C toward each other for a time step DT.
(define (interact! b c dt)
  (let* ((dx (- (vector-ref b 0) (vector-ref c 0)))
         (dy (- (vector-ref b 1) (vector-ref c 1)))
         (dz (- (vector-ref b 2) (vector-ref c 2)))
         (d2 (+ (* dx dx) (* dy dy) (* dz dz)))
         (mag (/ dt (* d2 (sqrt d2))))
         (mb (* (vector-ref b 6) mag))
         (mc (* (vector-ref c 6) mag)))
    (vector-set! b 3 (- (vector-ref b 3) (* dx mc)))
    (vector-set! b 4 (- (vector-ref b 4) (* dy mc)))
    (vector-set! b 5 (- (vector-ref b 5) (* dz mc)))
    (vector-set! c 3 (+ (vector-ref c 3) (* dx mb)))
    (vector-set! c 4 (+ (vector-ref c 4) (* dy mb)))
    (vector-set! c 5 (+ (vector-ref c 5) (* dz mb)))))

(define (advance! bodies dt)
  (let ((n (vector-length bodies)))
    (do ((i 0 (+ i 1))) ((= i n))
      (do ((j (+ i 1) (+ j 1))) ((= j n))
        (interact! (vector-ref bodies i) (vector-ref bodies j) dt)))
    (do ((i 0 (+ i 1))) ((= i n))
      (let ((b (vector-ref bodies i)))
        (vector-set! b 0 (+ (vector-ref b 0) (* dt (vector-ref b 3))))
        (vector-set! b 1 (+ (vector-ref b 1) (* dt (vector-ref b 4))))
        (vector-set! b 2 (+ (vector-ref b 2) (* dt (vector-ref b 5))))))))

;; Integrate 1000 steps of 0.01 years; returns the energies before and
;; after.
(define (nbody-run)
  (let ((bodies (initial-system)))
    (offset-momentum! bodies)
    (let ((before (energy bodies)))
      (do ((i 0 (+ i 1))) ((= i 1000))
        (advance! bodies 0.01))
      (list before (energy bodies)))))

;; The published energies of this system: -0.169075164 at the start and
;; -0.169087605 after 1000 steps of 0.01.
(define (close-to? x expected)
  (< (abs (- x expected)) 5e-10))

(run-benchmark "nbody" (if bench-quick? 6 160)
               nbody-run
               (lambda (r)
                 (and (close-to? (car r) -0.169075164)
                      (close-to? (cadr r) -0.169087605))))
