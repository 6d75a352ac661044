;;; libraries-together.scm -- every pair of built-in libraries imports together
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A program may import any two built-in libraries at once: a name
;;; that both export with the same meaning is one binding, shared.  The
;;; only names two libraries export with different bindings are those
;;; whose meanings differ, listed below with why; importing such a pair
;;; whole is an error naming the first of them, as R7RS wants, and the
;;; rest of the pair imports together.  (libscm) imported whole is a
;;; fallback that yields to the other imports (as Guile's default
;;; environment does), so it imports with every library.

;;; Code:

(test-begin "libraries-together")

;; The libraries built into libscm (SCM_MODULE_FILES in Makefile.am,
;; and (libscm) itself); a check below catches a SRFI missing here.
(define built-in-libraries
  '((libscm) (libscm hash-tables) (libscm comparators) (libscm maps)
    (scheme base) (scheme case-lambda) (scheme char) (scheme complex)
    (scheme cxr) (scheme eval) (scheme file) (scheme inexact) (scheme lazy)
    (scheme load) (scheme process-context) (scheme read) (scheme repl)
    (scheme time) (scheme write) (scheme r5rs)
    (ice-9 rdelim) (ice-9 textual-ports) (ice-9 sandbox) (ice-9 threads)
    (ice-9 format) (ice-9 pretty-print) (ice-9 match) (ice-9 receive)
    (ice-9 optargs) (rnrs bytevectors)
    (srfi 1) (srfi 2) (srfi 6) (srfi 8) (srfi 9) (srfi 11) (srfi 16)
    (srfi 23) (srfi 26) (srfi 28) (srfi 31) (srfi 34) (srfi 39) (srfi 60)
    (srfi 64) (srfi 69) (srfi 87) (srfi 98) (srfi 111) (srfi 125)
    (srfi 128) (srfi 133) (srfi 141) (srfi 145) (srfi 151) (srfi 158)
    (srfi 162) (srfi 27) (srfi 41) (srfi 42) (srfi 43) (srfi 113)
    (srfi 117) (srfi 132) (srfi 143) (srfi 144) (srfi 146) (srfi 146 hash)
    (srfi 180) (srfi 13) (srfi 14) (srfi 130) (srfi 152) (srfi 19)
    (ice-9 popen) (ice-9 ftw) (srfi 170) (ice-9 regex) (srfi 115)
    (srfi 121)))

;; The names two libraries bind differently, because they mean
;; different things:
;; - (ice-9 rdelim)'s read-line keeps a carriage return before the
;;   linefeed, as Guile's does, and its read-string takes Guile's
;;   argument order too;
;; - make-hash-table is Guile's in (libscm) (a size), SRFI 69's (an
;;   equality, defaulting to equal?, any equality falling back to hash)
;;   and SRFI 125's (a comparator, or a standard equality);
;; - SRFI 125's hash is SRFI 128's default-hash (= numbers alike), SRFI
;;   69's and (libscm)'s is equal?'s;
;; - SRFI 125's alist->hash-table needs a comparator or equality, its
;;   hash-table-copy is immutable unless asked, and its
;;   hash-table-merge! keeps the first table's values; SRFI 69's
;;   default to equal?, copy mutably and overwrite;
;; - (rnrs bytevectors)'s bytevector-copy! takes R6RS's argument order
;;   (source first), R7RS's the destination first;
;; - SRFI 43's vector-map, vector-for-each, vector-fold... pass the
;;   index first to their procedure, R7RS's and SRFI 133's do not, and
;;   its vector-copy takes a fill;
;; - (ice-9 format)'s format has Common Lisp's directives and
;;   destinations, (srfi 28)'s only the SRFI's and Guile's simple ones;
;; - SRFI 130's string-index, -index-right, -skip and -skip-right
;;   return a cursor (the end when nothing is found), SRFI 13's and
;;   152's an index or #f;
;; - string-split is Guile's in (libscm) (a character, char-set or
;;   predicate), SRFI 130's and 152's take a delimiter string;
;; - SRFI 152's read-string is R7RS's (k [port]), (ice-9 rdelim)'s
;;   Guile's;
;; - SRFI 19's current-time returns a time object, Guile's core one
;;   the seconds since the epoch (Guile has the same two);
;; - SRFI 170's nice takes an optional delta and returns the new
;;   priority, Guile's needs the increment and returns nothing;
;; - (ice-9 regex)'s regexp-match? recognises Guile's match structures
;;   (vectors), SRFI 115's its match records.
(define expected-conflicts
  '((((libscm) (ice-9 rdelim)) read-line read-string)
    (((scheme base) (ice-9 rdelim)) read-line read-string)
    (((libscm) (srfi 69)) make-hash-table)
    (((libscm) (srfi 125)) make-hash-table hash)
    (((srfi 69) (srfi 125))
     make-hash-table alist->hash-table hash-table-copy hash-table-merge! hash)
    (((libscm) (rnrs bytevectors)) bytevector-copy!)
    (((scheme base) (rnrs bytevectors)) bytevector-copy!)
    (((libscm) (srfi 43)) vector-copy vector-map vector-for-each)
    (((scheme base) (srfi 43)) vector-copy vector-for-each vector-map)
    (((srfi 133) (srfi 43))
     vector-copy vector-fold vector-fold-right vector-map vector-map!
     vector-for-each vector-count)
    (((ice-9 format) (srfi 28)) format)
    (((libscm) (srfi 130))
     string-index string-index-right string-skip string-skip-right
     string-split)
    (((libscm) (srfi 152)) string-split)
    (((ice-9 rdelim) (srfi 152)) read-string)
    (((srfi 13) (srfi 130))
     string-index string-index-right string-skip string-skip-right)
    (((srfi 130) (srfi 152))
     string-index string-index-right string-skip string-skip-right)
    (((libscm) (srfi 19)) current-time)
    (((libscm) (srfi 170)) nice)
    (((ice-9 regex) (srfi 115)) regexp-match?)))

(define (exports lib)
  (if (equal? lib '(libscm))
      #f                                ; every core binding
      (module-exports (resolve-module lib))))

(define (exports? lib name)
  (guard (e (#t #f)) (environment `(only ,lib ,name)) #t))

;; The names A and B export with different bindings, in A's order (or
;; B's when A is (libscm), which exports every core binding).
(define (conflicts a b)
  (let ((names (or (exports a) (exports b))))
    (let loop ((ns names) (acc '()))
      (if (null? ns)
          (reverse acc)
          (let ((n (car ns)))
            (loop (cdr ns)
                  (if (and (exports? a n) (exports? b n)
                           (guard (e (#t #t))
                             (environment `(only ,a ,n) `(only ,b ,n))
                             #f))
                      (cons n acc)
                      acc)))))))

(define (expected a b)
  (let ((e (assoc (list a b) expected-conflicts)))
    (if e (cdr e) '())))

(test-group "every pair"
  (lambda ()
    (let outer ((libs built-in-libraries) (wrong '()) (pairs 0))
      (if (null? libs)
          (begin
            (test-equal "no pair conflicts but the listed ones" '() (reverse wrong))
            (test-eqv "pairs checked"
                      (let ((n (length built-in-libraries))) (/ (* n (- n 1)) 2))
                      pairs))
          (let inner ((others (cdr libs)) (wrong wrong) (pairs pairs))
            (if (null? others)
                (outer (cdr libs) wrong pairs)
                (let* ((a (car libs)) (b (car others))
                       (got (conflicts a b))
                       (imports? (guard (e (#t #f)) (environment a b) #t))
                       (ok (and (equal? got (expected a b))
                                (eq? imports? (or (equal? a '(libscm))
                                                  (null? got))))))
                  (inner (cdr others)
                         (if ok wrong (cons (list a b got) wrong))
                         (+ pairs 1)))))))))

(test-group "the listed conflicts, and the list itself"
  (lambda ()
    (test-equal "every SRFI that (features) names is in the list" '()
                (let loop ((fs (features)) (missing '()))
                  (cond ((null? fs) missing)
                        ((let ((s (symbol->string (car fs))))
                           (and (> (string-length s) 5)
                                (string=? (substring s 0 5) "srfi-")
                                (let ((n (string->number (substring s 5 (string-length s)))))
                                  (and n (not (member (list 'srfi n) built-in-libraries))))))
                         (loop (cdr fs) (cons (car fs) missing)))
                        (else (loop (cdr fs) missing)))))
    (test-equal "with (libscm), the other library's binding wins" "a\r"
                (eval '(read-line (open-input-string "a\r\nb"))
                      (environment '(libscm) '(ice-9 rdelim))))
    (test-error-contains "a conflicting pair names the first name"
                         '("imported from two libraries with different bindings"
                           "make-hash-table")
                         (lambda () (environment '(srfi 69) '(srfi 125))))
    (test-equal "the pair imports together without those names" '(#t #t)
                (let ((e (environment '(scheme base) '(srfi 69)
                                      '(except (srfi 125) make-hash-table
                                               alist->hash-table hash-table-copy
                                               hash-table-merge! hash))))
                  (eval '(let ((t (make-hash-table)))
                           (hash-table-set! t 'k 1)
                           (list (hash-table-contains? t 'k)
                                 (= 1 (hash-table-ref t 'k))))
                        e)))))

(test-group "shared bindings"
  (lambda ()
    (define (same? name . libs)
      (let ((values (map (lambda (l) (eval name (environment l))) libs)))
        (let loop ((vs (cdr values)))
          (or (null? vs) (and (eq? (car values) (car vs)) (loop (cdr vs)))))))
    (test-assert "string-hash: one procedure in five libraries"
                 (same? 'string-hash '(libscm) '(srfi 69) '(srfi 125) '(srfi 128)
                        '(libscm comparators)))
    (test-assert "string-ci-hash too"
                 (same? 'string-ci-hash '(libscm) '(srfi 69) '(srfi 125) '(srfi 128)))
    (test-assert "symbol-hash: (libscm)'s and (srfi 128)'s"
                 (same? 'symbol-hash '(libscm) '(srfi 128)))
    (test-assert "hash-table-ref: SRFI 69's and 125's"
                 (same? 'hash-table-ref '(srfi 69) '(srfi 125)))
    (test-assert "hash-table-fold takes both argument orders from either"
                 (same? 'hash-table-fold '(srfi 69) '(srfi 125)))
    (test-assert "default-comparator: (srfi 162)'s and (libscm comparators)'"
                 (same? 'default-comparator '(srfi 162) '(libscm comparators)))
    (test-assert "(srfi 125) and (srfi 128) import together"
                 (eval '(= (string-hash "abc") (comparator-hash string-comparator "abc"))
                       (environment '(scheme base) '(srfi 125) '(srfi 128)
                                    '(srfi 162))))))

(test-end "libraries-together")
