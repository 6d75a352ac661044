;;; everyday.scm -- the everyday library's figures, for libscm and Guile 3
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; One program both Schemes run unchanged (benchmarks/everyday/run runs
;;; it under each): regexp search over 10 MB of text, format of 10^6
;;; numbers, SRFI 19 date->string, string-split/string-join round
;;; trips and an (ice-9 match) destructuring loop.  Each case prints
;;; its name, its seconds and a check value that must agree between
;;; the two.

;;; Code:

(import (scheme base) (scheme write) (scheme time)
        (ice-9 regex) (ice-9 format) (ice-9 match)
        (srfi srfi-13) (srfi srfi-19) (only (guile) string-split make-list))

(define (seconds thunk)
  (let* ((t0 (current-jiffy))
         (v (thunk))
         (t1 (current-jiffy)))
    (values (/ (- t1 t0) (inexact (jiffies-per-second))) v)))

(define (report name thunk)
  (call-with-values (lambda () (seconds thunk))
    (lambda (s v)
      (display name) (display "\t")
      (display (/ (round (* s 1000)) 1000.0)) (display "\t")
      (write v) (newline))))

(define line "the quick brown fox jumps over the lazy dog while singing 12345\n")
(define text
  (let loop ((k 0) (acc '()))
    (if (= (* k (string-length line)) 10000000)
        (apply string-append acc)
        (loop (+ k 1) (cons line acc)))))

(define lines
  (let loop ((k 0) (acc '()))
    (if (= (* k (string-length line)) 10000000)
        acc
        (loop (+ k 1) (cons (string-copy line) acc)))))

;; Guile converts the whole string for each regexp-exec, so a match
;; loop over one 10 MB string is quadratic there: the count is made
;; line by line (10 MB in all), as a grep would.
(report "regexp: lines matching [a-z]+ing, 10 MB"
        (lambda ()
          (let ((rx (make-regexp "[a-z]+ing")))
            (let loop ((ls lines) (n 0))
              (if (null? ls)
                  n
                  (loop (cdr ls) (if (regexp-exec rx (car ls)) (+ n 1) n)))))))
(report "regexp: search absent zebra[0-9]+ in 10 MB"
        (lambda () (regexp-exec (make-regexp "zebra[0-9]+") text)))
(report "regexp: search absent (x|y)+z, icase, in 10 MB"
        (lambda () (regexp-exec (make-regexp "(x|y)+z" regexp/icase) text)))
(report "regexp: (a?){30}a{30} on a^30"
        (lambda ()
          (let ((pat (string-append (string-join (make-list 30 "a?") "")
                                    (make-string 30 #\a))))
            (match:end (string-match pat (make-string 30 #\a))))))
(report "format: 10^6 (format #f \"~8,'0d\" n)"
        (lambda ()
          (let loop ((n 0) (len 0))
            (if (= n 1000000)
                len
                (loop (+ n 1) (+ len (string-length (format #f "~8,'0d" n))))))))
(report "date->string: 10^5 dates"
        (lambda ()
          (let loop ((k 0) (len 0))
            (if (= k 100000)
                len
                (loop (+ k 1)
                      (+ len (string-length
                              (date->string
                               (make-date 0 (modulo k 60) (modulo k 60) (modulo k 24)
                                          (+ 1 (modulo k 28)) (+ 1 (modulo k 12))
                                          2026 0)
                               "~Y-~m-~d ~H:~M:~S ~a ~b"))))))))
(report "string-split/string-join: 10^5 round trips"
        (lambda ()
          (let ((s "alpha,beta,gamma,delta,epsilon,zeta,eta,theta"))
            (let loop ((k 0) (ok 0))
              (if (= k 100000)
                  ok
                  (loop (+ k 1)
                        (if (string=? s (string-join (string-split s #\,) ","))
                            (+ ok 1)
                            ok)))))))
(report "match: 10^6 destructurings"
        (lambda ()
          (let loop ((k 0) (acc 0))
            (if (= k 1000000)
                acc
                (loop (+ k 1)
                      (+ acc (match (list k (cons 'pt (vector k 2)))
                               ((a ('pt . #(x y))) (+ a x y))
                               (_ 0))))))))
