;;; srfi-128.scm -- SRFI 128, comparators
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; make-comparator and its #f ordering or hash, the pair, list and
;;; vector comparators, the default comparator's order across types and
;;; its registered types, the hash functions' agreement with default-hash
;;; and with =, bounds and salt, the comparison predicates and
;;; comparator-if<=>, the standard comparators, and the errors.

;;; Code:

(import (srfi 128) (srfi 162))

(test-begin "srfi-128")

(test-group "make-comparator and accessors"
  (lambda ()
    (define c (make-comparator string? string=? string<? string-hash))
    (test-assert "comparator?" (comparator? c))
    (test-assert "not a comparator" (not (comparator? string=?)))
    (test-assert "ordered?" (comparator-ordered? c))
    (test-assert "hashable?" (comparator-hashable? c))
    (test-eq "type test" string? (comparator-type-test-predicate c))
    (test-eq "equality" string=? (comparator-equality-predicate c))
    (test-eq "ordering" string<? (comparator-ordering-predicate c))
    (test-eq "hash" string-hash (comparator-hash-function c))
    (test-assert "test-type yes" (comparator-test-type c "x"))
    (test-assert "test-type no" (not (comparator-test-type c 'x)))
    (test-assert "check-type yes" (comparator-check-type c "x"))
    (test-error "check-type no raises" (lambda () (comparator-check-type c 'x)))
    (test-eqv "comparator-hash" (string-hash "abc") (comparator-hash c "abc"))
    (define u (make-comparator number? = #f #f))
    (test-assert "no ordering" (not (comparator-ordered? u)))
    (test-assert "no hash" (not (comparator-hashable? u)))
    (test-error-contains "calling the missing ordering"
                         '("no ordering predicate")
                         (lambda () (<? u 1 2)))
    (test-error-contains "calling the missing hash" '("no hash function")
                         (lambda () (comparator-hash u 1)))
    (test-assert "type test #t accepts anything"
                 (comparator-test-type (make-comparator #t eqv? #f #f) 'x))
    (test-error-contains "make-comparator with a non-procedure"
                         '("make-comparator" "procedure")
                         (lambda () (make-comparator 1 eq? #f #f)))))

(test-group "comparison predicates"
  (lambda ()
    (test-assert "=? two" (=? number-comparator 1 1.0))
    (test-assert "=? three" (=? number-comparator 1 1 1))
    (test-assert "not =?" (not (=? number-comparator 1 1 2)))
    (test-assert "<? chain" (<? number-comparator 1 2 3))
    (test-assert "not <? chain" (not (<? number-comparator 1 3 2)))
    (test-assert ">?" (>? number-comparator 3 2 1))
    (test-assert "<=? with equal" (<=? number-comparator 1 1 2))
    (test-assert ">=? with equal" (>=? number-comparator 2 2 1))
    (test-assert "not >=?" (not (>=? number-comparator 1 2)))
    (test-error-contains "=? with a non-comparator" '("=?" "comparator")
                         (lambda () (=? 1 2 3)))
    (test-error-contains "<? with one object" '("<?" "at least two")
                         (lambda () (<? number-comparator 1)))
    (test-eq "if<=> less" 'less (comparator-if<=> number-comparator 1 2 'less 'equal 'greater))
    (test-eq "if<=> equal" 'equal (comparator-if<=> number-comparator 2 2 'less 'equal 'greater))
    (test-eq "if<=> greater" 'greater (comparator-if<=> number-comparator 3 2 'less 'equal 'greater))
    (test-eq "if<=> with the default comparator" 'less
             (comparator-if<=> "a" "b" 'less 'equal 'greater))
    (test-equal "if<=> evaluates its operands once" '(equal 2)
                (let ((n 0))
                  (let ((r (comparator-if<=> (begin (set! n (+ n 1)) 5)
                                             (begin (set! n (+ n 1)) 5)
                                             'less 'equal 'greater)))
                    (list r n))))))

(test-group "pair, list and vector comparators"
  (lambda ()
    (define pc (make-pair-comparator number-comparator string-comparator))
    (test-assert "pair type test" (comparator-test-type pc '(1 . "a")))
    (test-assert "pair type test, wrong cdr" (not (comparator-test-type pc '(1 . a))))
    (test-assert "pair equality" (=? pc '(1 . "a") '(1.0 . "a")))
    (test-assert "pair order by car" (<? pc '(1 . "z") '(2 . "a")))
    (test-assert "pair order by cdr" (<? pc '(1 . "a") '(1 . "b")))
    (test-eqv "pair hash agrees with equality" (comparator-hash pc '(1 . "a"))
              (comparator-hash pc '(1.0 . "a")))
    (define lc (make-list-comparator number-comparator list? null? car cdr))
    (test-assert "list type test" (comparator-test-type lc '(1 2)))
    (test-assert "list type test, wrong element" (not (comparator-test-type lc '(1 a))))
    (test-assert "empty list first" (<? lc '() '(1)))
    (test-assert "lexicographic" (<? lc '(1 2) '(1 3)))
    (test-assert "prefix first" (<? lc '(1 2) '(1 2 0)))
    (test-assert "list equality" (=? lc '(1 2) '(1 2.0)))
    (test-assert "unequal lists" (not (=? lc '(1 2) '(1 2 3))))
    (test-eqv "list hash agrees" (comparator-hash lc '(1 2)) (comparator-hash lc '(1.0 2)))
    (define vc (make-vector-comparator number-comparator vector? vector-length vector-ref))
    (test-assert "shorter vector first" (<? vc #(9 9) #(1 1 1)))
    (test-assert "same length, by elements" (<? vc #(1 2) #(1 3)))
    (test-assert "vector equality" (=? vc #(1 2) #(1.0 2)))
    (test-assert "vector type test" (not (comparator-test-type vc #(1 x))))
    (test-assert "bytevector comparator" (<? bytevector-comparator #u8(1 2) #u8(1 3)))
    (test-error-contains "make-pair-comparator with a non-comparator"
                         '("make-pair-comparator" "comparator")
                         (lambda () (make-pair-comparator 1 number-comparator)))))

(test-group "default comparator"
  (lambda ()
    (define d (make-default-comparator))
    (test-assert "order across types"
                 (<? d '() '(1) #f #t #\a "a" 'a 1 #(1) #u8(1)))
    (test-assert "numbers with = and <" (and (=? d 2 2.0) (<? d 1 1.5)))
    (test-assert "strings" (<? d "abc" "abd"))
    (test-assert "symbols by name" (<? d 'apple 'banana))
    (test-assert "chars" (<? d #\a #\b))
    (test-assert "pairs like a pair comparator" (<? d '(1 . 2) '(1 . 3)))
    (test-assert "nested equality" (=? d '(1 #("x" 2)) (list 1.0 (vector "x" 2.0))))
    (test-assert "vectors by length first" (<? d #(5) #(1 1)))
    (test-assert "eqv? objects of other types are equal"
                 (let ((p (lambda () 1))) (=? d p p)))
    (test-error-contains "distinct unordered objects" '("cannot order")
                         (lambda () (<? d (lambda () 1) (lambda () 2))))
    (test-eqv "default-hash agrees with =" (default-hash 2) (default-hash 2.0))
    (test-eqv "default-hash of a string is string-hash" (string-hash "hi")
              (default-hash "hi"))
    (test-eqv "of a symbol, symbol-hash" (symbol-hash 'hi) (default-hash 'hi))
    (test-eqv "of a char, char-hash" (char-hash #\x) (default-hash #\x))
    (test-eqv "of a boolean, boolean-hash" (boolean-hash #t) (default-hash #t))
    (test-eqv "of a number, number-hash" (number-hash 42) (default-hash 42))
    (test-eqv "equal lists hash alike" (default-hash (list 1 "a" #(b)))
              (default-hash (list 1.0 (string #\a) (vector 'b))))
    (test-assert "make-default-comparator is a comparator" (comparator? d))))

(define-record-type point (make-point x y) point? (x point-x) (y point-y))

(test-group "registered types"
  (lambda ()
    (comparator-register-default!
     (make-comparator point?
                      (lambda (a b) (and (= (point-x a) (point-x b))
                                         (= (point-y a) (point-y b))))
                      (lambda (a b) (< (point-x a) (point-x b)))
                      (lambda (p . _) (number-hash (point-x p)))))
    (define d (make-default-comparator))
    (test-assert "registered equality" (=? d (make-point 1 2) (make-point 1 2)))
    (test-assert "registered order" (<? d (make-point 1 2) (make-point 3 0)))
    (test-assert "after the standard types" (<? d #u8(1) (make-point 0 0)))
    (test-assert "inside a list" (=? d (list (make-point 1 2)) (list (make-point 1 2))))
    (test-eqv "default-hash uses the registered hash"
              (default-hash (list 'a (make-point 7 1)))
              (default-hash (list 'a (make-point 7 1))))
    (test-error-contains "registering a non-comparator"
                         '("comparator-register-default!" "comparator")
                         (lambda () (comparator-register-default! 5)))))

(test-group "hash functions"
  (lambda ()
    (test-assert "hash-bound is a positive exact integer"
                 (and (exact-integer? (hash-bound)) (> (hash-bound) 0)))
    (test-assert "hash-salt is below hash-bound"
                 (and (exact-integer? (hash-salt)) (<= 0 (hash-salt))
                      (< (hash-salt) (hash-bound))))
    (test-assert "values below hash-bound"
                 (let ((b (hash-bound)))
                   (and (< (string-hash "a") b) (< (number-hash 1.5) b)
                        (< (symbol-hash 'a) b) (< (default-hash '(1 2)) b))))
    (test-eqv "string-ci-hash ignores case" (string-ci-hash "Straße")
              (string-ci-hash "STRASSE"))
    (test-eqv "char-ci-hash ignores case" (char-ci-hash #\a) (char-ci-hash #\A))
    (test-assert "a second argument is a bound (libscm's, SRFI 69's)"
                 (let ((h (string-hash "x" 10))) (and (exact-integer? h) (<= 0 h 9))))
    (test-error-contains "string-hash of a symbol" '("string-hash" "string")
                         (lambda () (string-hash 'x)))
    (test-error-contains "number-hash of a string" '("number-hash" "number")
                         (lambda () (number-hash "1")))
    (test-error-contains "boolean-hash of 0" '("boolean-hash" "boolean")
                         (lambda () (boolean-hash 0)))
    (test-error-contains "char-hash of a string" '("char-hash" "character")
                         (lambda () (char-hash "a")))))

(test-group "standard comparators"
  (lambda ()
    (test-assert "boolean: #f before #t" (<? boolean-comparator #f #t))
    (test-assert "char-ci" (=? char-ci-comparator #\a #\A))
    (test-assert "string-ci" (=? string-ci-comparator "AbC" "aBc"))
    (test-assert "symbol" (<? symbol-comparator 'a 'b))
    (test-assert "real" (<? real-comparator -1 0.5))
    (test-assert "eq-comparator" (not (=? eq-comparator (string #\a) (string #\a))))
    (test-assert "eqv-comparator" (=? eqv-comparator 1.5 1.5))
    (test-assert "equal-comparator" (=? equal-comparator (list 1 "a") (list 1 "a")))
    (test-assert "equal-comparator hashes" (comparator-hashable? equal-comparator))
    (test-assert "make-eq-comparator accepts anything"
                 (comparator-test-type (make-eq-comparator) car))
    (test-assert "list-comparator" (<? list-comparator '(1) '(1 0)))
    (test-assert "vector-comparator" (<? vector-comparator #(1) #(0 0)))
    (test-assert "pair-comparator" (=? pair-comparator '(1 . 2) '(1 . 2.0)))
    (test-assert "default-comparator" (<? default-comparator 'a 1))))

(test-group "(srfi 128) exports SRFI 128's names only; (srfi 162) the rest"
  (lambda ()
    (define srfi-128-names
      '(comparator? comparator-ordered? comparator-hashable?
        make-comparator make-pair-comparator make-list-comparator
        make-vector-comparator make-eq-comparator make-eqv-comparator
        make-equal-comparator boolean-hash char-hash char-ci-hash
        string-hash string-ci-hash symbol-hash number-hash
        make-default-comparator default-hash comparator-register-default!
        comparator-type-test-predicate comparator-equality-predicate
        comparator-ordering-predicate comparator-hash-function
        comparator-test-type comparator-check-type comparator-hash
        hash-bound hash-salt =? <? >? <=? >=? comparator-if<=>))
    (define (sorted names)
      (sort names (lambda (a b) (string<? (symbol->string a) (symbol->string b)))))
    (test-equal "exactly the names of SRFI 128" (sorted srfi-128-names)
                (sorted (module-exports (resolve-module '(srfi 128)))))
    (test-assert "a program importing (srfi 128) alone may define
symbol-comparator and default-comparator"
                 (eval '(begin
                          (define symbol-comparator 1)
                          (define default-comparator 2)
                          (= 3 (+ symbol-comparator default-comparator)))
                       (%mutable-environment '(scheme base) '(srfi 128))))
    (test-equal "comparator-max and -min" '(3 1 "b" "a")
                (list (comparator-max real-comparator 1 3 2)
                      (comparator-min real-comparator 3 1 2)
                      (comparator-max string-comparator "a" "b")
                      (comparator-min string-comparator "b" "a")))
    (test-equal "of one object, that object" '(x x)
                (list (comparator-max default-comparator 'x)
                      (comparator-min default-comparator 'x)))
    (test-equal "of equal objects, the first" '(1 1.0)
                (list (comparator-max real-comparator 1 1.0)
                      (comparator-min real-comparator 1.0 1)))
    (test-equal "the -in-list forms" '(9 -2)
                (list (comparator-max-in-list real-comparator '(4 9 -2))
                      (comparator-min-in-list real-comparator '(4 9 -2))))
    (test-error-contains "comparator-max-in-list of the empty list"
                         '("comparator-max-in-list" "no objects")
                         (lambda () (comparator-max-in-list real-comparator '())))
    (test-error-contains "comparator-min of a non-comparator"
                         '("comparator-min" "comparator")
                         (lambda () (comparator-min 5 1 2)))))

(test-end "srfi-128")
