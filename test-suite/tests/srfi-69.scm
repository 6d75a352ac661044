;;; srfi-69.scm -- SRFI 69, basic hash tables
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Every SRFI 69 procedure, with eq?, eqv?, equal?, string=?,
;;; string-ci=? and a user equality with its hash function; the errors;
;;; and that a SRFI 69 table is a Guile table.

;;; Code:

(import (srfi 69))

(test-begin "srfi-69")

(define (message-of thunk)
  (let ((e (raised-object thunk)))
    (if (eq? e test-nothing-raised) 'nothing-raised (condition-message e))))

;; An insertion sort: libscm has no sort procedure yet.
(define (sort l less?)
  (define (insert x sorted)
    (if (or (null? sorted) (less? x (car sorted)))
        (cons x sorted)
        (cons (car sorted) (insert x (cdr sorted)))))
  (let loop ((l l) (acc '()))
    (if (null? l) acc (loop (cdr l) (insert (car l) acc)))))

(define (sorted-keys t) (sort (hash-table-keys t) <))

(test-group "constructors and reflection"
  (lambda ()
    (test-assert "make-hash-table" (hash-table? (make-hash-table)))
    (test-assert "not a table" (not (hash-table? '((a . 1)))))
    (test-eq "default equivalence" equal?
             (hash-table-equivalence-function (make-hash-table)))
    (test-eq "eq? equivalence" eq?
             (hash-table-equivalence-function (make-hash-table eq?)))
    (test-eq "default hash of equal?" hash
             (hash-table-hash-function (make-hash-table)))
    (test-eq "given hash function is reported" string-hash
             (hash-table-hash-function (make-hash-table string=? string-hash)))
    (test-eqv "a size argument is accepted" 0
              (hash-table-size (make-hash-table equal? hash 1000)))
    (test-equal "alist->hash-table: first association wins" '(1 2)
                (let ((t (alist->hash-table '((a . 1) (b . 2) (a . 3)) eq?)))
                  (list (hash-table-ref t 'a) (hash-table-ref t 'b))))
    (test-eqv "alist->hash-table size" 2
              (hash-table-size (alist->hash-table '((a . 1) (b . 2) (a . 3)))))
    (test-error-contains "alist->hash-table of a non-alist"
                         '("alist->hash-table" "association list")
                         (lambda () (alist->hash-table '(1 2))))
    (test-error-contains "make-hash-table with a non-procedure"
                         '("make-hash-table" "procedure")
                         (lambda () (make-hash-table 5)))))

(test-group "single entries"
  (lambda ()
    (define t (make-hash-table))
    (hash-table-set! t "one" 1)
    (hash-table-set! t '(a b) 2)
    (test-eqv "string key, found by an equal string" 1
              (hash-table-ref t (string #\o #\n #\e)))
    (test-eqv "list key" 2 (hash-table-ref t (list 'a 'b)))
    (test-eq "ref with thunk when missing" 'none
             (hash-table-ref t "two" (lambda () 'none)))
    (test-eqv "ref with thunk when present ignores it" 1
              (hash-table-ref t "one" (lambda () 'none)))
    (test-equal "ref with success procedure" '(1)
                (hash-table-ref t "one" (lambda () 'none) list))
    (test-error-contains "ref of a missing key without thunk"
                         '("hash-table-ref" "no value for key" "two")
                         (lambda () (hash-table-ref t "two")))
    (test-eq "ref/default" 'd (hash-table-ref/default t "two" 'd))
    (test-assert "exists?" (hash-table-exists? t "one"))
    (test-assert "not exists?" (not (hash-table-exists? t "two")))
    (hash-table-set! t "one" 'uno)
    (test-eq "set! replaces" 'uno (hash-table-ref t "one"))
    (test-eqv "size" 2 (hash-table-size t))
    (hash-table-delete! t "one")
    (test-assert "delete!" (not (hash-table-exists? t "one")))
    (hash-table-delete! t "absent")
    (test-eqv "delete! of an absent key" 1 (hash-table-size t))
    (hash-table-update! t '(a b) (lambda (v) (* v 10)))
    (test-eqv "update!" 20 (hash-table-ref t '(a b)))
    (hash-table-update! t 'n (lambda (v) (+ v 1)) (lambda () 0))
    (test-eqv "update! with thunk" 1 (hash-table-ref t 'n))
    (test-error-contains "update! of a missing key without thunk"
                         '("hash-table-update!" "no value for key")
                         (lambda () (hash-table-update! t 'm (lambda (v) v))))
    (hash-table-update!/default t 'c (lambda (v) (cons 'x v)) '())
    (hash-table-update!/default t 'c (lambda (v) (cons 'y v)) '())
    (test-equal "update!/default" '(y x) (hash-table-ref t 'c))))

(test-group "equivalences"
  (lambda ()
    (define q (make-hash-table eq?))
    (define s (string #\a))
    (hash-table-set! q s 1)
    (test-eqv "eq?: same string" 1 (hash-table-ref/default q s #f))
    (test-eqv "eq?: another equal string is another key" #f
              (hash-table-ref/default q (string #\a) #f))
    (define v (make-hash-table eqv?))
    (hash-table-set! v 1.5 'x)
    (test-eq "eqv?: flonum" 'x (hash-table-ref/default v (/ 3. 2) #f))
    (test-eq "eqv?: exact 2 is not 2.0" #f
             (begin (hash-table-set! v 2 'two) (hash-table-ref/default v 2. #f)))
    (define ci (make-hash-table string-ci=?))
    (hash-table-set! ci "Hello" 1)
    (test-eqv "string-ci=? finds any case" 1 (hash-table-ref/default ci "hELLO" #f))
    (hash-table-set! ci "HELLO" 2)
    (test-eqv "string-ci=?: one key" 1 (hash-table-size ci))
    (define n (make-hash-table =))
    (hash-table-set! n 2 'two)
    (test-eq "=: 2.0 finds 2" 'two (hash-table-ref/default n 2. #f))
    (define mod10 (make-hash-table (lambda (a b) (= (modulo a 10) (modulo b 10)))
                                   (lambda (x . bound) (modulo x 10))))
    (hash-table-set! mod10 3 'three)
    (hash-table-set! mod10 13 'thirteen)
    (test-equal "user equality and hash" '(1 thirteen)
                (list (hash-table-size mod10) (hash-table-ref mod10 23)))
    (hash-table-delete! mod10 33)
    (test-eqv "user equality: delete!" 0 (hash-table-size mod10))
    (test-error-contains "a hash function returning a negative number"
                         '("hash-table-set!" "hash function")
                         (lambda ()
                           (hash-table-set! (make-hash-table (lambda (a b) #t)
                                                             (lambda (x) -1))
                                            1 1)))))

(test-group "whole table"
  (lambda ()
    (define t (alist->hash-table '((1 . one) (2 . two) (3 . three))))
    (test-equal "keys" '(1 2 3) (sorted-keys t))
    (test-equal "values" '(one three two)
                (sort (hash-table-values t)
                      (lambda (a b) (string<? (symbol->string a) (symbol->string b)))))
    (test-equal "->alist" '((1 . one) (2 . two) (3 . three))
                (sort (hash-table->alist t) (lambda (a b) (< (car a) (car b)))))
    (test-eqv "fold" 6 (hash-table-fold t (lambda (k v acc) (+ k acc)) 0))
    (test-eqv "walk" 6 (let ((n 0)) (hash-table-walk t (lambda (k v) (set! n (+ n k)))) n))
    (define c (hash-table-copy t))
    (hash-table-set! c 4 'four)
    (test-equal "copy is separate" '(3 4) (list (hash-table-size t) (hash-table-size c)))
    (test-eq "copy keeps the equivalence" equal? (hash-table-equivalence-function c))
    (define m (alist->hash-table '((1 . uno) (9 . nueve))))
    (test-eq "merge! returns table1" m (hash-table-merge! m t))
    (test-equal "merge!: table2's values win" '(one nueve 4)
                (list (hash-table-ref m 1) (hash-table-ref m 9) (hash-table-size m)))
    (test-equal "->alist of an empty table" '() (hash-table->alist (make-hash-table)))
    (test-error-contains "walk of a non-table" '("hash-table-walk" "hash table")
                         (lambda () (hash-table-walk 5 (lambda (k v) k))))
    (test-error-contains "fold with a non-procedure" '("hash-table-fold" "procedure")
                         (lambda () (hash-table-fold t 5 0)))
    (test-error-contains "size of a non-table" '("hash-table-size" "hash table")
                         (lambda () (hash-table-size '())))))

(test-group "hash functions"
  (lambda ()
    (test-assert "hash within bound" (< (hash '(1 "a" #(2)) 17) 17))
    (test-eqv "hash: equal objects" (hash (list 1 "two" (vector 3)) 1000)
              (hash (list 1 (string #\t #\w #\o) (vector 3)) 1000))
    (test-eqv "string-hash: equal strings" (string-hash "abc" 100)
              (string-hash (string #\a #\b #\c) 100))
    (test-eqv "string-ci-hash ignores case" (string-ci-hash "ABC" 100)
              (string-ci-hash "abc" 100))
    (test-assert "hash-by-identity within bound" (< (hash-by-identity 'x 10) 10))
    (test-assert "hash without bound" (exact-integer? (hash "x")))
    (test-error-contains "string-hash of a non-string" '("string-hash" "string")
                         (lambda () (string-hash 5)))))

(test-group "a SRFI 69 table is a Guile table"
  (lambda ()
    (define t (make-hash-table eq?))
    (hash-table-set! t 'k 1)
    (test-eqv "hashq-ref sees it" 1 (hashq-ref t 'k))
    (hashq-set! t 'j 2)
    (test-eqv "hash-table-ref sees hashq-set!" 2 (hash-table-ref t 'j))))

(test-end "srfi-69")
