;;; wordfreq.scm -- the most frequent words of a text, on (ice-9 regex)
;;; and (ice-9 format)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Usage: scm wordfreq.scm [-n COUNT] [FILE]
;;;
;;; Reads FILE (or standard input), counts its words (letters of any
;;; script, with inner apostrophes and hyphens), case-folded, and
;;; prints the COUNT (default 10) most frequent as a table: rank,
;;; word, count and share of all words.  Ties go alphabetically.
;;; test-suite/day-one-examples.sh runs it on wordfreq-sample.txt.

;;; Code:

(import (scheme base) (scheme char) (scheme file) (scheme write)
        (scheme process-context)
        (ice-9 regex) (ice-9 format) (ice-9 match)
        (srfi 1) (srfi 13) (srfi 132))

(define (usage)
  (format (current-error-port) "usage: scm wordfreq.scm [-n COUNT] [FILE]~%")
  (exit 2))

(define (read-all port)
  (let loop ((chunks '()))
    (let ((s (read-string 65536 port)))
      (if (eof-object? s)
          (string-concatenate-reverse chunks)
          (loop (cons s chunks))))))

(define word-rx (make-regexp "[[:alpha:]]+(['’-][[:alpha:]]+)*"))

;; word -> count, over every match of WORD-RX in TEXT.
(define (count-words text)
  (let ((table (make-hash-table)))
    (fold-matches word-rx text #f
                  (lambda (m _)
                    (let ((w (string-downcase (match:substring m))))
                      (hash-set! table w (+ 1 (hash-ref table w 0))))))
    table))

(define (report table n)
  (let* ((pairs (hash-map->list cons table))
         (total (fold (lambda (p sum) (+ sum (cdr p))) 0 pairs))
         (sorted (list-sort (lambda (a b)
                              (or (> (cdr a) (cdr b))
                                  (and (= (cdr a) (cdr b))
                                       (string<? (car a) (car b)))))
                            pairs)))
    (format #t "~a words, ~a distinct~%" total (length pairs))
    (format #t "~4@a  ~15a ~6@a ~7@a~%" "rank" "word" "count" "share")
    (let loop ((k 1) (rows sorted))
      (match rows
        (((word . count) . rest)
         (when (<= k n)
           (format #t "~4d  ~15a ~6d ~6,2f%~%" k word count
                   (* 100.0 (/ count total)))
           (loop (+ k 1) rest)))
        (() #t)))))

(define (main args)
  (match args
    (("-n" count . rest)
     (let ((n (string->number count)))
       (unless (and n (exact-integer? n) (> n 0)) (usage))
       (run n rest)))
    (rest (run 10 rest))))

(define (run n files)
  (match files
    (() (report (count-words (read-all (current-input-port))) n))
    ((file) (report (count-words (call-with-input-file file read-all)) n))
    (_ (usage))))

(main (cdr (command-line)))
