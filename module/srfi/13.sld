;;; 13.sld -- SRFI 13, the string library
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Every name of SRFI 13.  All but the low-level procedures at the end
;;; are libscm's core procedures (the prelude and string-search.c),
;;; which Guile also has in its core, so this library re-exports the
;;; very bindings the default environment has, and (import (scheme
;;; base) (srfi 13)) or (srfi 13) with (srfi 69) bind each shared name
;;; once: R7RS's string-copy, string-copy!, string-fill! and
;;; string->list already take SRFI 13's optional start and end;
;;; string-map and string-for-each take either R7RS's several strings
;;; or SRFI 13's (proc s [start end]); string-upcase and
;;; string-downcase an optional range (the result is the mapped part);
;;; string-hash is (srfi 69)'s.
;;;
;;; Wherever the SRFI takes a character, char-set or predicate
;;; ("char/char-set/pred") all three work.  string-filter and
;;; string-delete take Guile's order (pred s [start end]) and SRFI 13's
;;; (s pred [start end]).  "Shared" results are fresh strings but for
;;; substring/shared of the whole string, which is the string itself.

;;; Code:

(define-library (srfi 13)
  (export
   ;; Predicates
   string? string-null? string-every string-any
   ;; Constructors
   make-string string string-tabulate
   ;; List and string conversion
   string->list list->string reverse-list->string string-join
   ;; Selection
   string-length string-ref string-copy substring/shared string-copy!
   string-take string-take-right string-drop string-drop-right
   string-pad string-pad-right
   string-trim string-trim-right string-trim-both
   ;; Modification
   string-set! string-fill!
   ;; Comparison
   string-compare string-compare-ci
   string<> string= string< string> string<= string>=
   string-ci<> string-ci= string-ci< string-ci> string-ci<= string-ci>=
   string-hash string-hash-ci
   ;; Prefixes and suffixes
   string-prefix-length string-suffix-length
   string-prefix-length-ci string-suffix-length-ci
   string-prefix? string-suffix? string-prefix-ci? string-suffix-ci?
   ;; Searching
   string-index string-index-right string-skip string-skip-right
   string-count string-contains string-contains-ci
   ;; Alphabetic case mapping
   string-titlecase string-upcase string-downcase
   string-titlecase! string-upcase! string-downcase!
   ;; Reverse and append
   string-reverse string-reverse! string-append string-append/shared
   string-concatenate string-concatenate/shared
   string-concatenate-reverse string-concatenate-reverse/shared
   ;; Fold, unfold and map
   string-map string-map! string-fold string-fold-right
   string-unfold string-unfold-right string-for-each string-for-each-index
   ;; Replicate and rotate
   xsubstring string-xcopy!
   ;; Miscellaneous
   string-replace string-tokenize
   ;; Filtering and deleting
   string-filter string-delete
   ;; Low-level procedures
   string-parse-start+end string-parse-final-start+end
   let-string-start+end check-substring-spec substring-spec-ok?
   make-kmp-restart-vector kmp-step string-kmp-partial-search)
  (import (libscm))
  (begin
    (define (substring-spec-ok? s start end)
      "Return #t if S is a string and START and END exact integers with
0 <= START <= END <= (string-length S), else #f."
      (and (string? s) (exact-integer? start) (exact-integer? end)
           (<= 0 start end (string-length s))))

    (define (check-substring-spec proc s start end)
      "Return an unspecified value if S, START and END make a valid substring
as substring-spec-ok? says; otherwise raise an error naming PROC and
the three values."
      (if (not (substring-spec-ok? s start end))
          (error "invalid substring specification" proc s start end)))

    ;; (string-parse-start+end proc s args): the start and end at the
    ;; head of ARGS (defaulting to the whole of S), checked; values
    ;; REST START END.
    (define (string-parse-start+end proc s args)
      "Return three values: the arguments of ARGS after the optional start
and end indices at its head, and those indices (default 0 and the
length of S), for the procedure PROC.  An error naming PROC if S is not
a string or an index is not an exact integer within the string, END
below START."
      (if (not (string? s)) (error "not a string" proc s))
      (let ((len (string-length s)))
        (cond ((null? args) (values '() 0 len))
              ((not (pair? args)) (error "bad argument list" proc args))
              (else
               (let ((start (car args)) (rest (cdr args)))
                 (if (not (and (exact-integer? start) (<= 0 start len)))
                     (error "bad start index" proc start s))
                 (if (pair? rest)
                     (let ((end (car rest)))
                       (if (not (and (exact-integer? end) (<= start end len)))
                           (error "bad end index" proc end s))
                       (values (cdr rest) start end))
                     (values rest start len)))))))

    (define (string-parse-final-start+end proc s args)
      "Return two values, the optional start and end indices that ARGS holds
for a substring of S (default 0 and the length of S), for the procedure
PROC.  An error naming PROC if S is not a string, an index is wrong,
or ARGS holds more than the two indices."
      (call-with-values (lambda () (string-parse-start+end proc s args))
        (lambda (rest start end)
          (if (pair? rest)
              (error "too many arguments" proc rest)
              (values start end)))))

    (define-syntax let-string-start+end
      (syntax-rules ()
        ((_ (start end) proc s args body ...)
         (call-with-values
             (lambda () (string-parse-final-start+end proc s args))
           (lambda (start end) body ...)))
        ((_ (start end rest) proc s args body ...)
         (call-with-values
             (lambda () (string-parse-start+end proc s args))
           (lambda (rest start end) body ...)))))

    ;; (make-kmp-restart-vector pattern [c= start end]): element I is
    ;; where matching resumes in the pattern after a mismatch at I, -1
    ;; to move on in the text: the longest proper border of the first
    ;; I characters, or -1 if that is empty and character I is the
    ;; first character (which just failed too).
    (define (make-kmp-restart-vector pattern . opts)
      "Return the Knuth-Morris-Pratt restart vector of PATTERN (or of its
substring from START to END), characters compared with C= (default
char=?): element I is the pattern index where matching resumes after a
mismatch at index I, or -1 to move on in the text.  An error if an
index is wrong."
      (let* ((c= (if (pair? opts) (car opts) char=?))
             (range (if (pair? opts) (cdr opts) '())))
        (let-string-start+end (start end) 'make-kmp-restart-vector pattern range
          (let* ((n (- end start))
                 (rv (make-vector n -1))
                 (border (make-vector (+ n 1) 0)))
            (define (pat i) (string-ref pattern (+ start i)))
            (let loop ((i 1) (k 0))
              (if (< i n)
                  (let back ((k k))
                    (cond ((c= (pat i) (pat k))
                           (vector-set! border (+ i 1) (+ k 1))
                           (loop (+ i 1) (+ k 1)))
                          ((> k 0) (back (vector-ref border k)))
                          (else (vector-set! border (+ i 1) 0)
                                (loop (+ i 1) 0))))))
            (do ((i 1 (+ i 1)))
                ((>= i n) rv)
              (let ((b (vector-ref border i)))
                (vector-set! rv i (if (and (= b 0) (c= (pat i) (pat 0)))
                                      -1
                                      b))))))))

    ;; One step: the number of pattern characters matched once C is
    ;; read, I having been matched before.
    (define (kmp-step pat rv c i c= p-start)
      "Return the number of characters of PAT matched after reading C, when I
had been matched before, using the restart vector RV of PAT (the
pattern starting at index P-START of PAT) and C= to compare characters."
      (let loop ((i i))
        (if (c= c (string-ref pat (+ i p-start)))
            (+ i 1)
            (let ((j (vector-ref rv i)))
              (if (= j -1) 0 (loop j))))))

    ;; (string-kmp-partial-search pat rv s i [c= p-start s-start s-end]):
    ;; the negated index just past the match in S if one ends in the
    ;; range, else the number of pattern characters matched at its end.
    (define (string-kmp-partial-search pat rv s i . opts)
      "Search S (or its substring S-START to S-END) for PAT, with restart
vector RV, from the state I (pattern characters already matched):
return the negated index just past the end of the match in S if one is
completed, else the number of pattern characters matched at the end of
the range, to continue with the next piece of text.  C= (default char=?)
compares characters and P-START is where the pattern starts in PAT."
      (let* ((c= (if (pair? opts) (car opts) char=?))
             (opts (if (pair? opts) (cdr opts) '()))
             (p-start (if (pair? opts) (car opts) 0))
             (range (if (pair? opts) (cdr opts) '()))
             (patlen (vector-length rv)))
        (let-string-start+end (s-start s-end) 'string-kmp-partial-search s range
          (let loop ((si s-start) (i i))
            (cond ((= i patlen) (- si))
                  ((= si s-end) i)
                  (else (loop (+ si 1)
                              (kmp-step pat rv (string-ref s si) i c=
                                        p-start))))))))))
