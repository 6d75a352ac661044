;;; random.scm -- tests of Guile's random numbers: random, the random
;;; states, the distributions
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(import (srfi 1))

(test-begin "random")

;; N draws of THUNK as a list.
(define (draws n thunk)
  (let loop ((i 0) (acc '()))
    (if (= i n) acc (loop (+ i 1) (cons (thunk) acc)))))

(define (mean xs) (/ (apply + xs) (length xs)))

(test-group "random of exact integers"
  (lambda ()
    (let ((s (seed->random-state 1)))
      (test-assert "small bound: exact integers in [0, 10)"
                   (let ((xs (draws 2000 (lambda () (random 10 s)))))
                     (and (every exact-integer? xs)
                          (every (lambda (x) (<= 0 x 9)) xs))))
      (test-assert "every value of [0, 10) comes"
                   (let ((seen (make-vector 10 #f)))
                     (for-each (lambda (x) (vector-set! seen x #t))
                               (draws 500 (lambda () (random 10 s))))
                     (every (lambda (b) b) (vector->list seen))))
      (test-equal "(random 1) is always 0" '(0 0 0 0 0)
                  (draws 5 (lambda () (random 1 s))))
      (test-assert "the largest fixnum as a bound"
                   (let ((n (- (expt 2 61) 1)))
                     (every (lambda (x) (and (exact-integer? x) (< -1 x n)))
                            (draws 100 (lambda () (random n s))))))
      (test-assert "a bignum bound: bignums below it, not all small"
                   (let* ((n (expt 10 40))
                          (xs (draws 200 (lambda () (random n s)))))
                     (and (every (lambda (x) (and (exact-integer? x) (< -1 x n))) xs)
                          (any (lambda (x) (> x (expt 10 38))) xs))))
      (test-assert "2^64 + 1 as a bound, just past a word"
                   (let ((n (+ (expt 2 64) 1)))
                     (every (lambda (x) (< -1 x n))
                            (draws 200 (lambda () (random n s))))))
      (test-assert "a 2^64 bound reaches past 2^63 (all 64 bits used)"
                   (any (lambda (x) (>= x (expt 2 63)))
                        (draws 64 (lambda () (random (expt 2 64) s)))))
      (test-assert "no modulo bias: bound 3*2^62, the top third as often as the bottom"
                   ;; A draw of 64 bits reduced modulo 3*2^62 would make the
                   ;; lowest quarter twice as likely as the rest.
                   (let* ((n (* 3 (expt 2 62)))
                          (xs (draws 6000 (lambda () (random n s))))
                          (low (length (filter (lambda (x) (< x (expt 2 62))) xs))))
                     (< 1700 low 2300)))
      (test-assert "no bias for a bignum bound 3*2^126"
                   (let* ((n (* 3 (expt 2 126)))
                          (xs (draws 6000 (lambda () (random n s))))
                          (low (length (filter (lambda (x) (< x (expt 2 126))) xs))))
                     (< 1700 low 2300))))))

(test-group "random of inexact reals"
  (lambda ()
    (let ((s (seed->random-state 2)))
      (test-assert "(random 1.0): inexact reals in [0, 1)"
                   (every (lambda (x) (and (inexact? x) (real? x) (<= 0 x) (< x 1)))
                          (draws 1000 (lambda () (random 1.0 s)))))
      (test-assert "(random 2.5): in [0, 2.5), some above 2"
                   (let ((xs (draws 1000 (lambda () (random 2.5 s)))))
                     (and (every (lambda (x) (< -1 x 2.5)) xs)
                          (any (lambda (x) (> x 2)) xs))))
      (test-assert "a tiny bound" (< (random 1e-300 s) 1e-300))
      (test-assert "a huge bound" (< (random 1e300 s) 1e300))
      (test-assert "the mean of 10^4 uniforms is near 1/2"
                   (< 0.48 (mean (draws 10000 (lambda () (random:uniform s)))) 0.52)))))

(test-group "errors"
  (lambda ()
    (test-error-message "(random 0)"
                        "random: argument out of range in position 1 (expected a positive number): 0"
                        (lambda () (random 0)))
    (test-error-message "(random -1)"
                        "random: argument out of range in position 1 (expected a positive number): -1"
                        (lambda () (random -1)))
    (test-error-contains "a negative bignum" '("random:" "out of range")
                         (lambda () (random (- (expt 10 30)))))
    (test-error-message "(random 'a)"
                        "random: wrong type argument in position 1 (expected positive exact integer or inexact real): a"
                        (lambda () (random 'a)))
    (test-error-contains "an exact fraction" '("random:" "wrong type")
                         (lambda () (random 1/2)))
    (test-error-contains "a zero real" '("random:" "out of range")
                         (lambda () (random 0.0)))
    (test-error-contains "an infinite real" '("random:" "positive finite")
                         (lambda () (random +inf.0)))
    (test-error-contains "a NaN" '("random:" "out of range")
                         (lambda () (random +nan.0)))
    (test-error-message "a state that is not one"
                        "random: wrong type argument in position 2 (expected random state): 5"
                        (lambda () (random 10 5)))
    (test-error-contains "random:uniform of a non-state"
                         '("random:uniform:" "position 1" "random state")
                         (lambda () (random:uniform 'x)))
    (test-error-contains "seed->random-state of a symbol"
                         '("seed->random-state:" "number or string")
                         (lambda () (seed->random-state 'x)))
    (test-error-contains "datum->random-state of a bad datum"
                         '("datum->random-state:" "wrong type")
                         (lambda () (datum->random-state '(xoshiro256** 1 2 3))))
    (test-error-contains "datum->random-state of an all-zero state"
                         '("datum->random-state:")
                         (lambda () (datum->random-state '(xoshiro256** 0 0 0 0))))
    (test-error-contains "datum->random-state of a word too large"
                         '("datum->random-state:")
                         (lambda () (datum->random-state
                                     (list 'xoshiro256** (expt 2 64) 1 1 1))))
    (test-error-contains "*random-state* holding something else"
                         '("random" "*random-state*")
                         (lambda ()
                           (let ((saved *random-state*))
                             (dynamic-wind
                               (lambda () (set! *random-state* 'oops))
                               (lambda () (random 10))
                               (lambda () (set! *random-state* saved))))))))

(test-group "states"
  (lambda ()
    (test-assert "*random-state* is a random state" (random-state? *random-state*))
    (test-assert "random-state? of other things"
                 (not (or (random-state? 1) (random-state? '(xoshiro256** 1 2 3 4)))))
    (test-equal "the same seed, the same sequence"
                (draws 20 (let ((s (seed->random-state 99))) (lambda () (random 1000000 s))))
                (draws 20 (let ((s (seed->random-state 99))) (lambda () (random 1000000 s)))))
    (test-assert "different seeds, different sequences"
                 (not (equal? (draws 10 (let ((s (seed->random-state 1))) (lambda () (random 1000000 s))))
                              (draws 10 (let ((s (seed->random-state 2))) (lambda () (random 1000000 s)))))))
    (test-equal "a string seed is reproducible"
                (random-state->datum (seed->random-state "hello, λ 𝄞"))
                (random-state->datum (seed->random-state "hello, λ 𝄞")))
    (test-assert "string seeds differ from each other and from a number's text"
                 (let ((a (random-state->datum (seed->random-state "12")))
                       (b (random-state->datum (seed->random-state "13")))
                       (c (random-state->datum (seed->random-state 12.0))))
                   (not (or (equal? a b) (equal? a c)))))
    (test-assert "bignum and negative seeds"
                 (let ((a (random-state->datum (seed->random-state (expt 10 30))))
                       (b (random-state->datum (seed->random-state (+ 1 (expt 10 30)))))
                       (c (random-state->datum (seed->random-state -5))))
                   (and (not (equal? a b)) (not (equal? a c)))))
    (test-equal "seed 0's state is splitmix64's first outputs"
                '(xoshiro256** 16294208416658607535 7960286522194355700
                               487617019471545679 17909611376780542444)
                (random-state->datum (seed->random-state 0)))
    (test-equal "known answer: the high halves of xoshiro256** from {1,2,3,4}"
                ;; The outputs 11520, 0, 1509978240, 1215971899390074240,
                ;; 1216172134540287360 shifted right by 32.
                '(0 0 0 283115520 283162140)
                (let ((s (datum->random-state '(xoshiro256** 1 2 3 4))))
                  (reverse (draws 5 (lambda () (random (expt 2 32) s))))))
    (test-assert "copy-random-state: the copy and the original go on alike"
                 (let* ((s (seed->random-state 5))
                        (ignore (random 100 s))
                        (c (copy-random-state s)))
                   (equal? (draws 10 (lambda () (random 1000 s)))
                           (draws 10 (lambda () (random 1000 c))))))
    (test-assert "copy-random-state without argument copies *random-state*"
                 (let* ((c (copy-random-state))
                        (a (random 1000000000 c)))
                   (= a (random 1000000000))))
    (test-assert "random-state->datum survives write and read"
                 (let* ((s (seed->random-state 8))
                        (d (random-state->datum s))
                        (text (let ((o (open-output-string))) (write d o) (get-output-string o)))
                        (back (datum->random-state (read (open-input-string text)))))
                   (equal? (draws 5 (lambda () (random 1000 s)))
                           (draws 5 (lambda () (random 1000 back))))))
    (test-assert "random-state-from-platform: two states differ"
                 (not (equal? (random-state->datum (random-state-from-platform))
                              (random-state->datum (random-state-from-platform)))))
    (test-assert "set! *random-state* changes what random draws"
                 (let ((saved *random-state*))
                   (set! *random-state* (seed->random-state 3))
                   (let ((a (random 1000000000)))
                     (set! *random-state* (seed->random-state 3))
                     (let ((b (random 1000000000)))
                       (set! *random-state* saved)
                       (= a b)))))))

(test-group "distributions"
  (lambda ()
    (let ((s (seed->random-state 11)))
      (let ((xs (draws 20000 (lambda () (random:normal s)))))
        (test-assert "random:normal: mean near 0" (< (abs (mean xs)) 0.03))
        (test-assert "random:normal: variance near 1"
                     (< 0.96 (mean (map (lambda (x) (* x x)) xs)) 1.04)))
      (let ((xs (draws 20000 (lambda () (random:exp s)))))
        (test-assert "random:exp: nonnegative" (every (lambda (x) (>= x 0)) xs))
        (test-assert "random:exp: mean near 1" (< 0.97 (mean xs) 1.03)))
      (let ((v (make-vector 3 0)))
        (random:normal-vector! v s)
        (test-assert "random:normal-vector! fills with reals"
                     (every (lambda (x) (and (real? x) (inexact? x))) (vector->list v))))
      (test-assert "random:hollow-sphere!: points at distance 1"
                   (every (lambda (i)
                            (let ((v (make-vector 4 0)))
                              (random:hollow-sphere! v s)
                              (< (abs (- 1 (apply + (map (lambda (x) (* x x)) (vector->list v)))))
                                 1e-12)))
                          (iota 100)))
      (test-assert "random:solid-sphere!: inside, and not all near the surface"
                   (let ((r2s (map (lambda (i)
                                     (let ((v (make-vector 3 0)))
                                       (random:solid-sphere! v s)
                                       (apply + (map (lambda (x) (* x x)) (vector->list v)))))
                                   (iota 500))))
                     (and (every (lambda (r2) (<= r2 1)) r2s)
                          ;; In 3 dimensions an eighth of the points lie
                          ;; within radius 1/2.
                          (< 30 (length (filter (lambda (r2) (< r2 1/4)) r2s)) 100))))
      (test-assert "an empty vector stays empty"
                   (let ((v (vector)))
                     (random:solid-sphere! v s)
                     (random:hollow-sphere! v s)
                     (equal? v #())))
      (test-error-contains "a literal vector is refused"
                           '("random:hollow-sphere!")
                           (lambda () (random:hollow-sphere! '#(0 0) s)))
      (test-error-contains "a non-vector"
                           '("random:normal-vector!:" "expected vector")
                           (lambda () (random:normal-vector! '(1 2) s))))))

(test-end "random")
