;;; srfi-125.scm -- SRFI 125, intermediate hash tables
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Every SRFI 125 procedure with comparators (SRFI 128) and with the
;;; deprecated equality-and-hash arguments, immutable tables, the set
;;; operations, both argument orders of the procedures that changed,
;;; weak keys, the deprecated names, and the errors.

;;; Code:

;; SRFI 125 tables are made from SRFI 128 comparators; the standard
;; comparators are SRFI 162's.  The three export string-hash and
;; string-ci-hash as one binding.
(import (srfi 125) (srfi 128) (srfi 162))

(test-begin "srfi-125")

(define (sort l less?)
  (define (insert x sorted)
    (if (or (null? sorted) (less? x (car sorted)))
        (cons x sorted)
        (cons (car sorted) (insert x (cdr sorted)))))
  (let loop ((l l) (acc '()))
    (if (null? l) acc (loop (cdr l) (insert (car l) acc)))))

(define (alist-of t)
  (sort (hash-table->alist t) (lambda (a b) (< (car a) (car b)))))

(define (numbers . kvs) (apply hash-table number-comparator kvs))

(test-group "constructors"
  (lambda ()
    (define t (make-hash-table equal-comparator))
    (test-assert "make-hash-table with a comparator" (hash-table? t))
    (test-assert "empty" (hash-table-empty? t))
    (test-assert "mutable" (hash-table-mutable? t))
    (test-eq "equivalence from the comparator" equal?
             (hash-table-equivalence-function t))
    (test-assert "deprecated: equality and hash"
                 (hash-table? (make-hash-table string=? string-hash)))
    (test-assert "deprecated: eq? alone" (hash-table? (make-hash-table eq?)))
    (test-assert "size and weak-keys arguments"
                 (hash-table? (make-hash-table eq-comparator 100 'weak-keys)))
    (test-error-contains "an unknown equality without hash"
                         '("make-hash-table" "no hash function")
                         (lambda () (make-hash-table (lambda (a b) #t))))
    (test-error-contains "weak keys with a custom equality"
                         '("make-hash-table" "weak keys")
                         (lambda () (make-hash-table string-comparator 'weak-keys)))
    (define h (hash-table string-comparator "a" 1 "b" 2))
    (test-equal "hash-table" '(1 2) (list (hash-table-ref h "a") (hash-table-ref h "b")))
    (test-assert "hash-table is immutable" (not (hash-table-mutable? h)))
    (test-error-contains "set! on an immutable table" '("hash-table-set!" "immutable")
                         (lambda () (hash-table-set! h "c" 3)))
    (test-error-contains "hash-table with an odd count" '("hash-table" "without a value")
                         (lambda () (hash-table string-comparator "a")))
    (test-error-contains "hash-table with a key twice" '("hash-table" "a key given twice" "0.25")
                         (lambda () (hash-table number-comparator 0.25 0.5 0.25 -0.5)))
    (test-error-contains "... the same by the equality, not eq?"
                         '("a key given twice" "A")
                         (lambda () (hash-table string-ci-comparator "a" 1 "A" 2)))
    (define u (hash-table-unfold (lambda (i) (= i 5))
                                 (lambda (i) (values i (* i i)))
                                 (lambda (i) (+ i 1))
                                 0 number-comparator))
    (test-equal "hash-table-unfold" '((0 . 0) (1 . 1) (2 . 4) (3 . 9) (4 . 16))
                (alist-of u))
    (define a (alist->hash-table '((1 . a) (2 . b) (1 . c)) number-comparator))
    (test-equal "alist->hash-table: earlier wins" '((1 . a) (2 . b)) (alist-of a))
    (test-equal "alist->hash-table, deprecated form" '((1 . a) (2 . b))
                (alist-of (alist->hash-table '((1 . a) (2 . b)) eqv?)))))

(test-group "accessors and mutators"
  (lambda ()
    (define t (make-hash-table string-ci-comparator))
    (hash-table-set! t "One" 1 "Two" 2)
    (test-eqv "set! of several pairs" 2 (hash-table-size t))
    (test-eqv "ref, other case" 1 (hash-table-ref t "ONE"))
    (test-eq "ref with failure" 'no (hash-table-ref t "three" (lambda () 'no)))
    (test-equal "ref with success" '(2) (hash-table-ref t "two" (lambda () 'no) list))
    (test-error-contains "ref of a missing key" '("hash-table-ref" "three")
                         (lambda () (hash-table-ref t "three")))
    (test-eq "ref/default" 'd (hash-table-ref/default t "x" 'd))
    (test-assert "contains?" (hash-table-contains? t "two"))
    (test-assert "exists? (deprecated)" (hash-table-exists? t "two"))
    (test-eqv "delete! counts" 1 (hash-table-delete! t "one" "none"))
    (test-eqv "delete! of nothing" 0 (hash-table-delete! t))
    (test-eqv "intern! new" 9 (hash-table-intern! t "nine" (lambda () 9)))
    (test-eqv "intern! existing" 9 (hash-table-intern! t "NINE" (lambda () 0)))
    (hash-table-update! t "two" (lambda (v) (* 10 v)))
    (test-eqv "update!" 20 (hash-table-ref t "two"))
    (hash-table-update! t "ten" (lambda (v) (+ v 1)) (lambda () 9))
    (test-eqv "update! with failure" 10 (hash-table-ref t "ten"))
    (hash-table-update! t "ten" (lambda (v) v) (lambda () 0) (lambda (v) (* v 2)))
    (test-eqv "update! with success" 20 (hash-table-ref t "ten"))
    (hash-table-update!/default t "list" (lambda (l) (cons 1 l)) '())
    (test-equal "update!/default" '(1) (hash-table-ref t "list"))
    (define p (numbers 7 'seven))
    (define pc (hash-table-copy p #t))
    (test-equal "pop!" '(7 seven 0)
                (call-with-values (lambda () (hash-table-pop! pc))
                  (lambda (k v) (list k v (hash-table-size pc)))))
    (test-error-contains "pop! of an empty table" '("hash-table-pop!" "empty")
                         (lambda () (hash-table-pop! pc)))
    (hash-table-clear! t)
    (test-assert "clear!" (hash-table-empty? t))))

(test-group "the whole table"
  (lambda ()
    (define t (hash-table-copy (numbers 1 'a 2 'b 3 'c) #t))
    (test-equal "keys" '(1 2 3) (sort (hash-table-keys t) <))
    (test-equal "entries" '((1 2 3) 3)
                (call-with-values (lambda () (hash-table-entries t))
                  (lambda (ks vs) (list (sort ks <) (length vs)))))
    (test-equal "entries correspond" #t
                (call-with-values (lambda () (hash-table-entries t))
                  (lambda (ks vs)
                    (let loop ((ks ks) (vs vs))
                      (or (null? ks)
                          (and (eq? (hash-table-ref t (car ks)) (car vs))
                               (loop (cdr ks) (cdr vs))))))))
    (test-eq "find" 'b (hash-table-find (lambda (k v) (and (= k 2) v)) t (lambda () 'none)))
    (test-eq "find fails" 'none (hash-table-find (lambda (k v) #f) t (lambda () 'none)))
    (test-eq "find, table first" 'c
             (hash-table-find t (lambda (k v) (and (= k 3) v)) (lambda () 'none)))
    (test-eqv "count" 2 (hash-table-count (lambda (k v) (odd? k)) t))
    (test-eqv "count, table first" 1 (hash-table-count t (lambda (k v) (eq? v 'a))))
    (test-eqv "fold" 6 (hash-table-fold (lambda (k v acc) (+ k acc)) 0 t))
    (test-eqv "fold, deprecated order" 6 (hash-table-fold t (lambda (k v acc) (+ k acc)) 0))
    (test-equal "map" '((1 . "a") (2 . "b") (3 . "c"))
                (alist-of (hash-table-map symbol->string number-comparator t)))
    (test-eqv "for-each" 6 (let ((n 0)) (hash-table-for-each (lambda (k v) (set! n (+ n k))) t) n))
    (test-eqv "walk (deprecated)" 6 (let ((n 0)) (hash-table-walk t (lambda (k v) (set! n (+ n k)))) n))
    (test-equal "map->list" '(2 3 4) (sort (hash-table-map->list (lambda (k v) (+ k 1)) t) <))
    (hash-table-map! (lambda (k v) (* k 100)) t)
    (test-equal "map!" '((1 . 100) (2 . 200) (3 . 300)) (alist-of t))
    (hash-table-prune! (lambda (k v) (even? k)) t)
    (test-equal "prune!" '((1 . 100) (3 . 300)) (alist-of t))
    (test-error-contains "for-each of a non-procedure" '("hash-table-for-each" "procedure")
                         (lambda () (hash-table-for-each 5 t)))
    (test-error-contains "size of a non-table" '("hash-table-size" "hash table")
                         (lambda () (hash-table-size 'x)))))

(test-group "copying and equality"
  (lambda ()
    (define t (numbers 1 'a 2 'b))
    (define c (hash-table-copy t))
    (test-assert "copy is immutable by default" (not (hash-table-mutable? c)))
    (test-assert "copy #t is mutable" (hash-table-mutable? (hash-table-copy t #t)))
    (test-equal "copy has the associations" (alist-of t) (alist-of c))
    (define e (hash-table-empty-copy t))
    (test-assert "empty-copy is empty and mutable"
                 (and (hash-table-empty? e) (hash-table-mutable? e)))
    (hash-table-set! e 2.0 'x)
    (test-eq "empty-copy keeps the equality (=)" 'x (hash-table-ref e 2))
    (test-assert "hash-table=?" (hash-table=? default-comparator t (numbers 2 'b 1 'a)))
    (test-assert "not =?: a value differs"
                 (not (hash-table=? default-comparator t (numbers 1 'a 2 'c))))
    (test-assert "not =?: a key more"
                 (not (hash-table=? default-comparator t (numbers 1 'a 2 'b 3 'c))))))

(test-group "tables as sets"
  (lambda ()
    (define (mk . kvs) (hash-table-copy (apply numbers kvs) #t))
    (test-equal "union!: table1's values win" '((1 . a) (2 . b) (3 . z))
                (alist-of (hash-table-union! (mk 1 'a 2 'b) (mk 2 'y 3 'z))))
    (test-equal "merge! (deprecated) is union!" '((1 . a) (2 . b))
                (alist-of (hash-table-merge! (mk 1 'a) (mk 2 'b 1 'x))))
    (test-equal "intersection!" '((2 . b))
                (alist-of (hash-table-intersection! (mk 1 'a 2 'b) (mk 2 'y 3 'z))))
    (test-equal "difference!" '((1 . a))
                (alist-of (hash-table-difference! (mk 1 'a 2 'b) (mk 2 'y 3 'z))))
    (test-equal "xor!" '((1 . a) (3 . z))
                (alist-of (hash-table-xor! (mk 1 'a 2 'b) (mk 2 'y 3 'z))))
    (test-error-contains "union! into an immutable table" '("hash-table-union!" "immutable")
                         (lambda () (hash-table-union! (numbers 1 'a) (mk 2 'b))))))

(test-group "comparators and equalities"
  (lambda ()
    (define d (make-hash-table default-comparator))
    (hash-table-set! d '(1 "x") 'found)
    (test-eq "default comparator: = inside lists" 'found
             (hash-table-ref/default d (list 1.0 "x") #f))
    (define q (make-hash-table eq-comparator))
    (define k (string #\k))
    (hash-table-set! q k 1)
    (test-equal "eq-comparator: identity" '(1 #f)
                (list (hash-table-ref/default q k #f)
                      (hash-table-ref/default q (string #\k) #f)))
    (define m (make-hash-table (make-comparator integer?
                                                (lambda (a b) (= (modulo a 7) (modulo b 7)))
                                                #f
                                                (lambda (x) (modulo x 7)))))
    (hash-table-set! m 1 'one)
    (hash-table-set! m 8 'eight)
    (test-equal "user comparator" '(1 eight) (list (hash-table-size m) (hash-table-ref m 15)))
    (test-assert "a SRFI 125 table is a Guile table"
                 (let ((g (make-hash-table eqv-comparator)))
                   (hash-table-set! g 1 'x)
                   (eq? (hashv-ref g 1) 'x)))))

;; SRFI 125: an implementation should supply the hash function for the
;; standard equalities when make-hash-table gets one alone.
(test-group "an equality without a hash function"
  (lambda ()
    (define (round-trip equiv key same-key other-key)
      (let ((t (make-hash-table equiv)))
        (hash-table-set! t key 'v)
        (list (hash-table-ref/default t same-key #f)
              (hash-table-ref/default t other-key #f)
              (eq? (hash-table-equivalence-function t) equiv))))
    (define k (list 1 2))
    (test-equal "eq?" '(v #f #t) (round-trip eq? k k (list 1 2)))
    (test-equal "eqv?" '(v #f #t) (round-trip eqv? 100000000000000000000
                                              100000000000000000000 1.0))
    (test-equal "equal?" '(v #f #t) (round-trip equal? k (list 1 2) '(2 1)))
    (test-equal "string=?" '(v #f #t)
                (round-trip string=? "ab" (string #\a #\b) "AB"))
    (test-equal "string-ci=?" '(v #f #t) (round-trip string-ci=? "ab" "AB" "abc"))
    (test-equal "symbol=?" '(v #f #t)
                (round-trip symbol=? 'sym (string->symbol "sym") 'other))
    (test-equal "symbol=? beyond the BMP" '(v #f #t)
                (round-trip symbol=? (string->symbol "\x1F600;") '|\x1F600;| 'x))
    (test-equal "symbol=? with a size and weak keys" '(1 2)
                (let ((t (make-hash-table symbol=? 10 'weak-keys)))
                  (hash-table-set! t 'a 1)
                  (hash-table-set! t 'b 2)
                  (list (hash-table-ref t 'a) (hash-table-ref t 'b))))
    (test-equal "symbol=? through alist->hash-table" '(1 2)
                (let ((t (alist->hash-table '((a . 1) (b . 2)) symbol=?)))
                  (list (hash-table-ref t 'a) (hash-table-ref t 'b))))
    (test-assert "an equality it does not know still needs one"
                 (error-object? (raised-object
                                 (lambda () (make-hash-table (lambda (a b) #t))))))))

(test-group "deprecated hash functions"
  (lambda ()
    (test-eqv "hash ignores a second argument" (hash '(1 2)) (hash '(1 2) 10))
    (test-eqv "hash is default-hash" (default-hash "abc") (hash "abc"))
    (test-assert "string-hash with a bound, as in SRFI 69"
                 (let ((h (string-hash "x" 5))) (and (exact-integer? h) (<= 0 h 4))))
    (test-eqv "string-ci-hash ignores case" (string-ci-hash "AB") (string-ci-hash "ab"))
    (test-assert "string-ci-hash with a bound"
                 (let ((h (string-ci-hash "AB" 5))) (and (exact-integer? h) (<= 0 h 4))))
    (test-assert "(srfi 125)'s string-hash is (srfi 128)'s and (libscm)'s"
                 (and (eq? string-hash (eval 'string-hash (environment '(libscm))))
                      (eq? string-ci-hash
                           (eval 'string-ci-hash (environment '(srfi 128))))))
    (test-assert "hash-by-identity" (exact-integer? (hash-by-identity 'x 5)))
    (test-assert "hash-table-hash-function"
                 (procedure? (hash-table-hash-function (make-hash-table string-comparator))))))

(test-end "srfi-125")
