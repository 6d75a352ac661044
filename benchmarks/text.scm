;;; text.scm -- text processing on strings: tokenise, count words, fill paragraphs, encode
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: string

(include "common.scm")

;; A pseudo-random text is written to a string port from a small
;; vocabulary, with capitals, punctuation, and runs of spaces and
;; newlines, while the generator tallies how often it wrote each word.
;; The text is then processed the way a word counter and a formatter
;; do: split into words by scanning characters, folded to lower case,
;; counted in a binary search tree keyed by strings; filled into lines
;; of at most 60 characters; run through ROT13 twice; and searched for
;; a phrase.  The check compares the word counts with the generator's
;; tally, wants every filled line within the width and their words to
;; be the text's words in order, ROT13 twice to give the text back and
;; once to change every letter, and the phrase count to equal the one
;; the generator kept.

(define vocabulary
  '#("the" "quick" "brown" "fox" "jumps" "over" "lazy" "dog" "scheme"
     "lambda" "closure" "continuation" "garbage" "collector" "heap"
     "string" "vector" "symbol" "pair" "list" "macro" "hygiene" "tail"
     "call" "interpreter" "compiler" "a" "of" "and" "in" "to" "is"))

(define (capitalise word)
  (string-append (string (char-upcase (string-ref word 0)))
                 (substring word 1 (string-length word))))

;; Returns (text tally phrase-count): TALLY a vector of counts by
;; vocabulary index; the phrase is "lazy dog", counted when the two
;; words are written one after the other.
(define (generate-text random words)
  (let ((out (open-output-string))
        (tally (make-vector (vector-length vocabulary) 0)))
    (let loop ((i 0) (previous #f) (phrases 0))
      (if (= i words)
          (list (get-output-string out) tally phrases)
          (let* ((k (modulo (random) (vector-length vocabulary)))
                 (word (vector-ref vocabulary k))
                 (style (modulo (random) 20)))
            (vector-set! tally k (+ 1 (vector-ref tally k)))
            (display (if (= style 0) (capitalise word) word) out)
            (cond ((= style 1) (display ", " out))
                  ((= style 2) (display ".\n" out))
                  ((= style 3) (display "  " out))
                  ((= style 4) (display "\n\n" out))
                  (else (write-char #\space out)))
            ;; The splitter drops punctuation, so the phrase counts
            ;; across a comma or a full stop too.
            (loop (+ i 1) k
                  (if (and (eqv? previous 6) (= k 7)) (+ phrases 1) phrases)))))))

;; The words of TEXT, lower-cased, in order: maximal runs of letters.
(define (split-words text)
  (let* ((n (string-length text))
         (lower (string-downcase text)))
    (let loop ((i 0) (start #f) (acc '()))
      (cond ((= i n)
             (reverse (if start (cons (substring lower start n) acc) acc)))
            ((char-alphabetic? (string-ref lower i))
             (loop (+ i 1) (or start i) acc))
            (start
             (loop (+ i 1) #f (cons (substring lower start i) acc)))
            (else (loop (+ i 1) #f acc))))))

;; A binary search tree of #(key count left right), keys strings.
(define (tree-insert! tree key)
  (if (not tree)
      (vector key 1 #f #f)
      (let loop ((node tree))
        (let ((k (vector-ref node 0)))
          (cond ((string=? key k)
                 (vector-set! node 1 (+ 1 (vector-ref node 1))))
                ((string<? key k)
                 (if (vector-ref node 2)
                     (loop (vector-ref node 2))
                     (vector-set! node 2 (vector key 1 #f #f))))
                (else
                 (if (vector-ref node 3)
                     (loop (vector-ref node 3))
                     (vector-set! node 3 (vector key 1 #f #f))))))
        tree)))

(define (tree-count tree key)
  (cond ((not tree) 0)
        ((string=? key (vector-ref tree 0)) (vector-ref tree 1))
        ((string<? key (vector-ref tree 0)) (tree-count (vector-ref tree 2) key))
        (else (tree-count (vector-ref tree 3) key))))

(define (count-words words)
  (let loop ((ws words) (tree #f))
    (if (null? ws) tree (loop (cdr ws) (tree-insert! tree (car ws))))))

;; Greedy filling: as many words per line as fit in WIDTH, one space
;; between them.
(define (fill words width)
  (let loop ((ws words) (line "") (lines '()))
    (cond ((null? ws)
           (reverse (if (string=? line "") lines (cons line lines))))
          ((string=? line "") (loop (cdr ws) (car ws) lines))
          ((<= (+ (string-length line) 1 (string-length (car ws))) width)
           (loop (cdr ws) (string-append line " " (car ws)) lines))
          (else (loop ws "" (cons line lines))))))

(define (rot13-char c)
  (let ((shift (lambda (base)
                 (integer->char (+ base (modulo (+ (- (char->integer c) base) 13)
                                                26))))))
    (cond ((and (char>=? c #\a) (char<=? c #\z)) (shift (char->integer #\a)))
          ((and (char>=? c #\A) (char<=? c #\Z)) (shift (char->integer #\A)))
          (else c))))

(define (rot13 s)
  (let* ((n (string-length s)) (out (make-string n)))
    (do ((i 0 (+ i 1))) ((= i n) out)
      (string-set! out i (rot13-char (string-ref s i))))))

;; Occurrences of PHRASE in the word list.
(define (count-phrase words first second)
  (let loop ((ws words) (k 0))
    (if (or (null? ws) (null? (cdr ws)))
        k
        (loop (cdr ws)
              (if (and (string=? (car ws) first) (string=? (cadr ws) second))
                  (+ k 1)
                  k)))))

(define text-words (if bench-quick? 3000 30000))
(define text-width 60)

(define (text-run)
  (let* ((generated (generate-text (make-lcg 42) text-words))
         (text (car generated))
         (words (split-words text))
         (tree (count-words words))
         (lines (fill words text-width))
         (coded (rot13 text)))
    (list generated words tree lines coded (rot13 coded)
          (count-phrase words "lazy" "dog"))))

(define (changes-every-letter? a b)
  (let loop ((i 0))
    (or (= i (string-length a))
        (let ((x (string-ref a i)) (y (string-ref b i)))
          (and (if (char-alphabetic? x) (not (char=? x y)) (char=? x y))
               (loop (+ i 1)))))))

(run-benchmark "text" (if bench-quick? 1 6) text-run
               (lambda (r)
                 (let* ((generated (list-ref r 0))
                        (text (car generated))
                        (tally (cadr generated))
                        (words (list-ref r 1))
                        (tree (list-ref r 2))
                        (lines (list-ref r 3)))
                   (and (= (length words) text-words)
                        (let check ((k 0))
                          (or (= k (vector-length vocabulary))
                              (and (= (tree-count tree (vector-ref vocabulary k))
                                      (vector-ref tally k))
                                   (check (+ k 1)))))
                        (= (tree-count tree "absent") 0)
                        (let check ((ls lines))
                          (or (null? ls)
                              (and (<= (string-length (car ls)) text-width)
                                   (check (cdr ls)))))
                        (equal? (split-words
                                 (apply string-append
                                        (map (lambda (l) (string-append l "\n"))
                                             lines)))
                                words)
                        (string=? (list-ref r 5) text)
                        (changes-every-letter? text (list-ref r 4))
                        (= (list-ref r 6) (caddr generated))))))
