;;; char.sls -- (scheme char) of R7RS for Chez Scheme 9.5: Chez's own,
;;; and digit-value
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(library (scheme char)
  (export
    char-alphabetic? char-ci<=? char-ci<? char-ci=? char-ci>=?
    char-ci>? char-downcase char-foldcase char-lower-case?
    char-numeric? char-upcase char-upper-case? char-whitespace?
    digit-value string-ci<=? string-ci<? string-ci=? string-ci>=?
    string-ci>? string-downcase string-foldcase string-upcase)
  (import (chezscheme))

  ;; The value of a decimal digit: Unicode's decimal digits (Nd) come in
  ;; runs of ten from zero, so it is the distance to the run's start.
  (define (digit-value c)
    (and (char-numeric? c)
         (let loop ((k 0) (n (char->integer c)))
           (cond ((= k 10) #f)
                 ((or (zero? n) (not (char-numeric? (integer->char (- n 1)))))
                  k)
                 (else (loop (+ k 1) (- n 1))))))))
