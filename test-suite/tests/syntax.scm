;;; syntax.scm -- the core syntactic forms of R7RS (4.1, 4.2, 5.3)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; quote, quasiquote, lambda, define, set!, if, begin, the let family,
;;; named let, cond, case, and, or, when, unless, do, and closures.

;;; Code:

(test-begin "syntax")

;; ------------------------------------------------------------------
(test-group "quote"
  (lambda ()
    (test-equal "a symbol" 'a (quote a))
    (test-assert "a quoted symbol is a symbol" (symbol? (quote a)))
    (test-equal "a list" '(1 2 3) (quote (1 2 3)))
    (test-equal "nested quote" '(quote a) ''a)
    (test-equal "nested quote is a list" 2 (length ''a))
    (test-equal "a vector" #(a b c) '#(a b c))
    (test-equal "a vector is self-evaluating" #(1 2) #(1 2))
    (test-equal "a string" "abc" '"abc")
    (test-equal "a number" 145932 '145932)
    (test-equal "a boolean" #t '#t)
    (test-equal "a character" #\a '#\a)
    (test-equal "the empty list" '() (quote ()))
    (test-assert "the empty list is null" (null? '()))
    (test-equal "a dotted pair" '(1 . 2) (cons 1 2))
    (test-equal "an improper list" '(a b . c) (cons 'a (cons 'b 'c)))
    (test-equal "quote keeps keywords as data" '(if lambda define)
                (list 'if 'lambda 'define))
    (test-eq "the same quoted constant twice is eq?"
             #t (let ((f (lambda () '(x y)))) (eq? (f) (f))))))

;; ------------------------------------------------------------------
(test-group "literal constants are immutable"
  (lambda ()
    (define (refused thunk)
      (guard (e ((error-object? e) (error-object-message e)))
        (thunk)
        'changed))
    (test-equal "set-car! of a quoted list" "cannot modify a literal constant"
                (refused (lambda () (set-car! '(1 2) 9))))
    (test-equal "set-cdr! of a quoted pair" "cannot modify a literal constant"
                (refused (lambda () (set-cdr! '(1 . 2) 9))))
    (test-equal "list-set! of a quoted list" "cannot modify a literal constant"
                (refused (lambda () (list-set! '(1 2 3) 1 9))))
    (test-equal "a nested list inside a quoted vector"
                "cannot modify a literal constant"
                (refused (lambda () (set-car! (vector-ref '#((1) 2) 0) 9))))
    (test-equal "string-set! of a string literal"
                "cannot modify an immutable string"
                (refused (lambda () (string-set! "abc" 0 #\x))))
    (test-equal "string-fill! of a quoted string"
                "cannot modify an immutable string"
                (refused (lambda () (string-fill! '"abc" #\x))))
    (test-equal "vector-set! of a vector literal (the inline path)"
                "cannot modify a literal constant"
                (refused (lambda () (vector-set! #(1 2 3) 0 9))))
    (test-equal "vector-set! through apply (the primitive)"
                "cannot modify a literal constant"
                (refused (lambda () (apply vector-set! (list '#(1 2) 0 9)))))
    (test-equal "reverse! of a quoted list" "cannot modify a literal constant"
                (refused (lambda () (reverse! '(1 2 3)))))
    (test-equal "reverse! of a fresh list with a literal tail: refused, the list as it was"
                '("cannot modify a literal constant" (0 1 2 3))
                (let ((l (cons 0 (cons 1 '(2 3)))))
                  (list (refused (lambda () (reverse! l))) l)))
    (test-equal "reverse! of a fresh list still works" '(3 2 1)
                (reverse! (list 1 2 3)))
    (test-equal "vector-fill! and vector-copy! into a literal"
                '("cannot modify a literal constant"
                  "cannot modify a literal constant")
                (list (refused (lambda () (vector-fill! #(1 2) 0)))
                      (refused (lambda () (vector-copy! #(1 2) 0 #(3))))))
    (test-equal "a constant quasiquote is a literal too"
                "cannot modify a literal constant"
                (refused (lambda () (set-car! `(1 2) 9))))
    (test-equal "the constant is unchanged after the refusal" '(1 2)
                (let ((f (lambda () '(1 2))))
                  (refused (lambda () (set-car! (f) 9)))
                  (f)))
    (test-equal "fresh data stays mutable" '((9 2) #(9) "x" (9 b))
                (let ((l (list 1 2)) (v (vector 1)) (s (string #\a))
                      (q (list-copy '(a b))))
                  (set-car! l 9) (vector-set! v 0 9) (string-set! s 0 #\x)
                  (set-car! q 9)
                  (list l v s q)))
    (test-equal "unquoted parts of a quasiquote are fresh" '(9 2)
                (let ((l `(,(+ 0 1) 2)))
                  (set-car! l 9)
                  l))
    (test-assert "a circular literal keeps its cycle"
                 (let ((x '#0=(a b . #0#)))
                   (eq? x (cddr x))))
    (test-assert "shared structure stays shared"
                 (let ((x '(#1=(p) #1#)))
                   (eq? (car x) (cadr x))))
    (test-equal "literals are still equal? to fresh data" #t
                (equal? '(1 #(2 "x") 3) (list 1 (vector 2 "x") 3)))
    (test-equal "a quoted constant in eval'd code is immutable"
                "cannot modify a literal constant"
                (refused (lambda ()
                           (eval '(set-car! '(1 2) 3)
                                 (interaction-environment)))))))

;; ------------------------------------------------------------------
(test-group "quasiquote"
  (lambda ()
    (test-equal "no unquote" '(list 3 4) `(list 3 4))
    (test-equal "unquote" '(list 3 4) `(list ,(+ 1 2) 4))
    (test-equal "unquote of a local"
                '(list a (quote a))
                (let ((name 'a)) `(list ,name ',name)))
    (test-equal "unquote-splicing in the middle"
                '(a 3 4 5 6 b)
                `(a ,(+ 1 2) ,@(map abs '(4 -5 6)) b))
    (test-equal "unquote-splicing at the end"
                '(1 2 3)
                `(1 ,@(list 2 3)))
    (test-equal "unquote-splicing at the start"
                '(1 2 3)
                `(,@(list 1 2) 3))
    (test-equal "unquote-splicing of the empty list"
                '(1 2)
                `(1 ,@'() 2))
    (test-equal "unquote in the tail of a dotted list"
                '((foo 7) . cons)
                `((foo ,(- 10 3)) ,@(cdr '(c)) . ,(car '(cons))))
    (test-equal "dotted tail unquote"
                '(1 . 2)
                `(1 . ,(+ 1 1)))
    (test-equal "a vector"
                #(10 5 2 4 3 8)
                `#(10 5 ,(+ 1 1) ,@(list 4 3) 8))
    (test-equal "a vector without unquote" #(1 a) `#(1 a))
    (test-equal "a vector inside a list"
                '(1 #(2 3) 4)
                `(1 #(2 ,(+ 1 2)) 4))
    (test-equal "unquote with a computed list"
                '(x (1 2) y)
                `(x ,(list 1 2) y))
    (test-equal "nested: inner level kept"
                '(a `(b ,(c)))
                `(a `(b ,(c))))
    (test-equal "nested: R7RS example 1"
                '(a `(b ,(+ 1 2) ,(foo 4 d) e) f)
                `(a `(b ,(+ 1 2) ,(foo ,(+ 1 3) d) e) f))
    (test-equal "nested: R7RS example 2"
                '(a `(b ,x ,'y d) e)
                (let ((name1 'x)
                      (name2 'y))
                  `(a `(b ,,name1 ,',name2 d) e)))
    (test-equal "nested: splicing at the inner level is kept"
                '(1 `(2 ,@(3)))
                `(1 `(2 ,@(3))))
    (test-equal "nested: unquote-splicing at level one inside level two"
                '(1 `(2 ,(3 4 5)))
                `(1 `(2 ,(3 ,@(list 4 5)))))
    (test-equal "quasiquote as a list form"
                '(list 3 4)
                (quasiquote (list (unquote (+ 1 2)) 4)))
    (test-equal "a quasiquoted symbol" 'a `a)
    (test-equal "a quasiquoted number" 5 `5)
    (test-equal "unquote alone" 7 `,(+ 3 4))
    (test-assert "fresh pairs each time"
                 (let ((f (lambda (x) `(a ,x))))
                   (not (eq? (f 1) (f 1)))))
    (test-equal "splicing a variable's list at the end"
                '(0 1 2 3)
                (let ((tail (list 2 3))) `(0 1 ,@tail)))))

;; ------------------------------------------------------------------
(test-group "lambda"
  (lambda ()
    (test-assert "a lambda is a procedure" (procedure? (lambda (x) x)))
    (test-equal "fixed arguments" 8 ((lambda (x y) (+ x y)) 3 5))
    (test-equal "no arguments" 'none ((lambda () 'none)))
    (test-equal "a rest list: all arguments"
                '(3 4 5 6) ((lambda x x) 3 4 5 6))
    (test-equal "a rest list: none" '() ((lambda args args)))
    (test-equal "required and rest"
                '(5 6) ((lambda (x y . z) z) 3 4 5 6))
    (test-equal "required and empty rest"
                '(3 4 ()) ((lambda (x y . z) (list x y z)) 3 4))
    (test-equal "apply gives the rest parameter a fresh list"
                '((99 2) (1 2))
                (let ((f (lambda args (set-car! args 99) args))
                      (l (list 1 2)))
                  (let ((r (apply f l)))
                    (list r l))))
    (test-equal "a body of several expressions: the last is the value"
                3 ((lambda () 1 2 3)))
    (test-equal "a parameter shadows a global" 10
                ((lambda (car) (+ car 5)) 5))
    (test-equal "a parameter shadows an outer parameter" 2
                ((lambda (x) ((lambda (x) x) 2)) 1))
    (test-equal "an argument is evaluated before the call"
                '(2 1)
                ((lambda (a b) (list b a)) 1 2))
    (test-equal "a lambda in operator position of its own call"
                120
                ((lambda (f n) (f f n))
                 (lambda (self n) (if (= n 0) 1 (* n (self self (- n 1)))))
                 5))
    (test-equal "a closure of the R7RS example" 10
                (let ((reverse-subtract (lambda (x y) (- y x))))
                  (reverse-subtract 7 17)))
    (test-equal "the R7RS add4" 10
                (let ((add4 (let ((x 4)) (lambda (y) (+ x y)))))
                  (add4 6)))))

;; ------------------------------------------------------------------
;; Top-level definitions, outside any group (a group's thunk makes
;; internal definitions).

(define top-x 28)
(define (top-square x) (* x x))
(define (top-list . args) args)
(define (top-head-rest a . rest) (cons a rest))
(define top-x-later 1)
(define top-x-later 2)
(define (top-uses-later) (top-defined-later 5))
(define (top-defined-later n) (* n 3))
(define top-counter 0)
(set! top-counter (+ top-counter 1))
(set! top-counter (+ top-counter 1))

(test-group "define at top level"
  (lambda ()
    (test-equal "a variable" 28 top-x)
    (test-equal "a procedure" 49 (top-square 7))
    (test-equal "(define (f . args))" '(1 2 3) (top-list 1 2 3))
    (test-equal "(define (f . args)) with no arguments" '() (top-list))
    (test-equal "(define (f a . rest))" '(1 2 3) (top-head-rest 1 2 3))
    (test-equal "(define (f a . rest)) with only a" '(1) (top-head-rest 1))
    (test-equal "redefinition replaces the value" 2 top-x-later)
    (test-equal "a forward reference to a later definition" 15
                (top-uses-later))
    (test-equal "set! of a global" 2 top-counter)
    (test-equal "a global procedure's name" #t (procedure? top-square))))

;; ------------------------------------------------------------------
(test-group "internal define"
  (lambda ()
    (test-equal "the R7RS example" 45
                (let ((x 5))
                  (define foo (lambda (y) (bar x y)))
                  (define bar (lambda (a b) (+ (* a b) a)))
                  (foo (+ x 3))))
    (test-equal "internal procedures calling each other"
                '(#t #f)
                (let ()
                  (define (ev? n) (if (= n 0) #t (od? (- n 1))))
                  (define (od? n) (if (= n 0) #f (ev? (- n 1))))
                  (list (ev? 10) (od? 10))))
    (test-equal "letrec* semantics: a later init sees an earlier one"
                6
                (let ()
                  (define a 2)
                  (define b (* a 3))
                  b))
    (test-equal "an internal define shadows a global"
                'inner
                (let ()
                  (define top-x 'inner)
                  top-x))
    (test-equal "the global is untouched by the shadowing" 28 top-x)
    (test-equal "internal (define (f . args))"
                '(a b)
                (let ()
                  (define (f . args) args)
                  (f 'a 'b)))
    (test-equal "internal define in a lambda body"
                12
                ((lambda (n)
                   (define m (* n 2))
                   (define (times k) (* k m))
                   (times 2))
                 3))
    (test-equal "internal define after an inner closure captures it"
                '(1 2)
                (let ()
                  (define (get) v)
                  (define v 1)
                  (let ((a (get)))
                    (set! v 2)
                    (list a (get)))))
    (test-equal "internal define inside a named-let body"
                10
                (let loop ((i 0) (acc 0))
                  (define next (+ i 1))
                  (if (= i 5) acc (loop next (+ acc i)))))))

;; ------------------------------------------------------------------
(define (make-counter)
  (let ((n 0))
    (lambda () (set! n (+ n 1)) n)))

(test-group "set!"
  (lambda ()
    (test-equal "set! of a local" 5
                (let ((x 2)) (set! x (+ x 3)) x))
    (test-equal "set! of a parameter" 11
                ((lambda (x) (set! x (+ x 10)) x) 1))
    (test-equal "a counter closure counts" '(1 2 3)
                (let ((c (make-counter)))
                  (let* ((a (c)) (b (c)) (d (c)))
                    (list a b d))))
    (test-equal "two counters keep separate state" '(1 2 1 3 2)
                (let ((c1 (make-counter)) (c2 (make-counter)))
                  (let* ((a (c1)) (b (c1)) (d (c2)) (e (c1)) (f (c2)))
                    (list a b d e f))))
    (test-equal "closures sharing one variable see each other's set!"
                '(10 11 11)
                (let ((x 10))
                  (let ((get (lambda () x))
                        (inc! (lambda () (set! x (+ x 1)))))
                    (let ((before (get)))
                      (inc!)
                      (list before (get) x)))))
    (test-equal "set! of a captured variable from an inner lambda"
                'changed
                (let ((v 'orig))
                  ((lambda () (set! v 'changed)))
                  v))
    (test-equal "a captured variable set! after the closure is made"
                'late
                (let* ((v 'early)
                       (f (lambda () v)))
                  (set! v 'late)
                  (f)))
    (test-equal "a bank account (SICP-style)" '(90 70 #f)
                (let ((make-account
                       (lambda (balance)
                         (lambda (amount)
                           (if (> amount balance)
                               #f
                               (begin (set! balance (- balance amount))
                                      balance))))))
                  (let ((acc (make-account 100)))
                    (let* ((a (acc 10)) (b (acc 20)) (c (acc 100)))
                      (list a b c)))))))

;; ------------------------------------------------------------------
(test-group "if"
  (lambda ()
    (test-equal "true branch" 'yes (if (> 3 2) 'yes 'no))
    (test-equal "false branch" 'no (if (> 2 3) 'yes 'no))
    (test-equal "only #f is false: 0" 'yes (if 0 'yes 'no))
    (test-equal "only #f is false: ()" 'yes (if '() 'yes 'no))
    (test-equal "only #f is false: \"\"" 'yes (if "" 'yes 'no))
    (test-equal "the value of the chosen branch" 1 (if (> 3 2) (- 3 2) (+ 3 2)))
    (test-equal "one-armed, true" 'done (if #t 'done))
    (test-equal "one-armed, false: the branch is not evaluated"
                0
                (let ((n 0)) (if #f (set! n 1)) n))
    (test-equal "the untaken branch is not evaluated"
                'ok
                (if #t 'ok (car '())))
    (test-equal "nested ifs" 'b
                (if #f 'a (if #t 'b 'c)))))

;; ------------------------------------------------------------------
(define begin-defined-a 1)
(begin (define begin-defined-b 2) (define begin-defined-c 3))

(test-group "begin"
  (lambda ()
    (test-equal "the value of the last expression" 3 (begin 1 2 3))
    (test-equal "expressions in order" '(c b a)
                (let ((l '()))
                  (begin (set! l (cons 'a l))
                         (set! l (cons 'b l))
                         (set! l (cons 'c l)))
                  l))
    (test-equal "top-level begin splices definitions" 5
                (+ begin-defined-b begin-defined-c))
    (test-equal "begin with one expression" 'x (begin 'x))))

;; ------------------------------------------------------------------
(test-group "let, let*, letrec, letrec*"
  (lambda ()
    (test-equal "let" 6 (let ((x 2) (y 3)) (* x y)))
    (test-equal "let: inits see the outer scope" 35
                (let ((x 2) (y 3))
                  (let ((x 7) (z (+ x y)))
                    (* z x))))
    (test-equal "let with no bindings" 'body (let () 'body))
    (test-equal "let body of several expressions" 3 (let ((a 1)) a 2 3))
    (test-equal "let*: inits see earlier bindings" 70
                (let ((x 2) (y 3))
                  (let* ((x 7) (z (+ x y)))
                    (* z x))))
    (test-equal "let* rebinding the same name" 3
                (let* ((x 1) (x (+ x 1)) (x (+ x 1))) x))
    (test-equal "let* with no bindings" 'ok (let* () 'ok))
    (test-equal "letrec: mutual recursion" #t
                (letrec ((even? (lambda (n) (if (zero? n) #t (odd? (- n 1)))))
                         (odd? (lambda (n) (if (zero? n) #f (even? (- n 1))))))
                  (even? 88)))
    (test-equal "letrec: a recursive procedure" 3628800
                (letrec ((fact (lambda (n) (if (= n 0) 1 (* n (fact (- n 1)))))))
                  (fact 10)))
    (test-equal "letrec*: a later init uses an earlier value" 5
                (letrec* ((p (lambda (x) (+ 1 (q (- x 1)))))
                          (q (lambda (y) (if (zero? y) 0 (+ 1 (p (- y 1))))))
                          (x (p 5))
                          (y x))
                  y))
    (test-equal "letrec*: inits in order" '(1 2)
                (letrec* ((a 1) (b (+ a 1))) (list a b)))
    (test-equal "let binds fresh variables per call"
                '(1 1)
                (let ((f (lambda () (let ((v 0)) (set! v (+ v 1)) v))))
                  (list (f) (f))))))

;; ------------------------------------------------------------------
(test-group "named let"
  (lambda ()
    (test-equal "the R7RS example" '((6 1 3) (-5 -2))
                (let loop ((numbers '(3 -2 1 6 -5))
                           (nonneg '())
                           (neg '()))
                  (cond ((null? numbers) (list nonneg neg))
                        ((>= (car numbers) 0)
                         (loop (cdr numbers)
                               (cons (car numbers) nonneg)
                               neg))
                        ((< (car numbers) 0)
                         (loop (cdr numbers)
                               nonneg
                               (cons (car numbers) neg))))))
    (test-equal "a sum" 5050
                (let sum ((i 1) (acc 0))
                  (if (> i 100) acc (sum (+ i 1) (+ acc i)))))
    (test-equal "no bindings" 'done (let loop () 'done))
    (test-equal "the name is bound only in the body" 'outer
                (let ((loop 'outer))
                  (let loop ((i 0)) i)
                  loop))
    (test-equal "the loop procedure escapes as a value" 3
                (let ((f (let loop ((n 0)) (if (= n 0) loop n))))
                  (f 3)))
    (test-equal "inits are evaluated outside the name's scope" 1
                (let ((n 1))
                  (let n ((m n)) m)))))

;; ------------------------------------------------------------------
(test-group "cond"
  (lambda ()
    (test-equal "first true clause" 'greater
                (cond ((> 3 2) 'greater) ((< 3 2) 'less)))
    (test-equal "second clause" 'equal
                (cond ((> 3 3) 'greater) ((< 3 3) 'less) (else 'equal)))
    (test-equal "=> passes the test's value" 2
                (cond ((assv 'b '((a 1) (b 2))) => cadr) (else #f)))
    (test-equal "else" 'other (cond (#f 1) (else 'other)))
    (test-equal "a clause with only a test gives the test's value" 42
                (cond ((assv 'x '()) 1) (42)))
    (test-equal "several body expressions: the last" 3
                (cond (#t 1 2 3)))
    (test-equal "else with several expressions" 'b (cond (#f 'x) (else 'a 'b)))
    (test-equal "clauses after the true one are not evaluated" 'first
                (cond (#t 'first) ((car '()) 'never)))
    (test-equal "=> with a lambda" '(3 . 4)
                (cond ((memv 3 '(1 2 3 4)) => (lambda (l) (cons (car l) (cadr l))))))
    (test-assert "no clause true: unspecified, no error"
                 (begin (cond (#f 1)) #t))))

;; ------------------------------------------------------------------
(test-group "case"
  (lambda ()
    (test-equal "a list of data" 'composite
                (case (* 2 3)
                  ((2 3 5 7) 'prime)
                  ((1 4 6 8 9) 'composite)))
    (test-equal "symbols" 'consonant
                (case (car '(c d))
                  ((a e i o u) 'vowel)
                  ((w y) 'semivowel)
                  (else 'consonant)))
    (test-equal "else =>" 'c
                (case (car '(c d))
                  ((a e i o u) 'vowel)
                  ((w y) 'semivowel)
                  (else => (lambda (x) x))))
    (test-equal "a clause =>" 10
                (case 5
                  ((5) => (lambda (x) (* x 2)))
                  (else 0)))
    (test-equal "characters are compared with eqv?" 'letter
                (case #\b ((#\a #\b) 'letter) (else 'other)))
    (test-equal "the key is evaluated once" '(b 1)
                (let ((n 0))
                  (let ((r (case (begin (set! n (+ n 1)) n)
                             ((0) 'a) ((1) 'b) ((2) 'c) (else 'd))))
                    (list r n))))
    (test-equal "the empty list as a datum" 'empty
                (case '() ((()) 'empty) (else 'other)))
    (test-equal "several body expressions" 'last
                (case 1 ((1) 'first 'last)))
    (test-assert "no clause matches: no error"
                 (begin (case 9 ((1) 'one)) #t))
    (test-equal "numbers on the heap compare by value" '(flo big rat flo mixed)
                (map (lambda (k)
                       (case k
                         ((1.5) 'flo)
                         ((100000000000000000000000) 'big)
                         ((1/3 2/3) 'rat)
                         ((a 2.5 b) 'mixed)
                         ((2.0 3.0) 'flo)
                         (else 'other)))
                     (list (/ 3. 2) (* 10000000000 10000000000000) (/ 2 6)
                           (+ 1. 1.) (/ 5. 2))))
    (test-equal "a long list of symbols, and the last of a short one" '(ten three none)
                (map (lambda (k)
                       (case k
                         ((a b c d e f g h i j) 'ten)
                         ((x y z) 'three)
                         (else 'none)))
                     '(j z q)))
    ;; A clause of more than 8 data that eqv? compares by identity is
    ;; one VM instruction searching them (BRL_MEMQ); with a number on
    ;; the heap among them, memv.
    (test-equal "long clauses of characters, fixnums, immediates, mixed data"
                '(lower lower digit digit odd odd imm imm imm 1e300 other other
                  other)
                (map (lambda (k)
                       (case k
                         ((#\a #\b #\c #\d #\e #\f #\g #\h #\i #\j #\k #\l #\m
                           #\n #\o #\p #\q #\r #\s #\t #\u #\v #\w #\x #\y #\z)
                          'lower)
                         ((#\0 #\1 #\2 #\3 #\4 #\5 #\6 #\7 #\8 #\9) 'digit)
                         ((1 3 5 7 9 11 13 15 17 19) 'odd)
                         ((#t #f () 2.5 #\x10000 a b c d) 'imm)
                         ((1 2 3 4 5 6 7 8 9 1e300) '1e300)
                         (else 'other)))
                     (list #\a #\z #\0 #\9 1 19 '() 2.5 #\x10000
                           (string->number "1e300") #\A 'e "a")))
    ;; A clause of more than 8 characters all below 256 is one test of
    ;; a bitmap (BRL_CHARSET); one of #\x100 or above, BRL_MEMQ.
    (test-equal "long clauses of characters: the bitmap's edges, other keys"
                '(low low low latin latin wide wide other other other other
                  other other)
                (map (lambda (k)
                       (case k
                         ((#\x0 #\x1 #\x7 #\x8 #\a #\b #\c #\d #\e) 'low)
                         ((#\xf8 #\xf9 #\xfa #\xfb #\xfc #\xfd #\xfe #\xff #\xe9)
                          'latin)
                         ((#\x100 #\x101 #\x102 #\x103 #\x104 #\x105 #\x106
                           #\x107 #\x10FFFF)
                          'wide)
                         (else 'other)))
                     (list #\x0 #\x7 #\e #\xff #\xe9 #\x100 #\x10FFFF #\x2 #\xf7
                           97 'a "a" #f)))
    (test-equal "a long clause, the key bound by a body and in a loop" 6
                (let loop ((l (string->list "a1b2c3d4e5f6")) (n 0))
                  (if (null? l)
                      n
                      (let ((c (car l)))
                        (loop (cdr l)
                              (case c
                                ((#\0 #\1 #\2 #\3 #\4 #\5 #\6 #\7 #\8 #\9)
                                 (+ n 1))
                                (else n)))))))
    (test-equal "a long clause in value context and with =>" '((#\c) #t)
                (let ((k #\c))
                  (list (case k
                          ((#\a #\b #\c #\d #\e #\f #\g #\h #\i #\j) => list)
                          (else 'no))
                        (case k
                          ((#\a #\b #\c #\d #\e #\f #\g #\h #\i #\j) #t)
                          (else #f)))))
    (test-equal "an exact integer against a flonum datum" 'other
                (case 2 ((2.0) 'flo) (else 'other)))
    (test-equal "redefining eq? and eqv? leaves case alone" '(sym chr)
                (let ((eq? (lambda (a b) #f)) (eqv? (lambda (a b) #f)))
                  (list (case 'q ((p q) 'sym) (else 'no))
                        (case #\q ((#\q) 'chr) (else 'no)))))))

;; ------------------------------------------------------------------
(test-group "and, or"
  (lambda ()
    (test-equal "(and) is #t" #t (and))
    (test-equal "and: all true, the last value" '(f g) (and 1 2 'c '(f g)))
    (test-equal "and: a false one" #f (and 1 2 #f 3))
    (test-equal "and: stops at the first #f" 0
                (let ((n 0)) (and #f (set! n 1)) n))
    (test-equal "and with one expression" 5 (and 5))
    (test-equal "(or) is #f" #f (or))
    (test-equal "or: the first true value" '(b c) (or (memq 'b '(a b c)) (/ 3 0)))
    (test-equal "or: all false" #f (or #f #f))
    (test-equal "or: stops at the first true" 0
                (let ((n 0)) (or 1 (set! n 1)) n))
    (test-equal "or with one expression" 7 (or 7))))

;; ------------------------------------------------------------------
(test-group "when, unless"
  (lambda ()
    (test-equal "when true: the last body value" 'b (when (> 1 0) 'a 'b))
    (test-equal "when false: the body is not run" 0
                (let ((n 0)) (when #f (set! n 1)) n))
    (test-equal "unless false: the last body value" 'b (unless (< 1 0) 'a 'b))
    (test-equal "unless true: the body is not run" 0
                (let ((n 0)) (unless #t (set! n 1)) n))
    (test-equal "when runs every body expression in order" '(2 1)
                (let ((l '())) (when #t (set! l (cons 1 l)) (set! l (cons 2 l))) l))))

;; ------------------------------------------------------------------
(test-group "do"
  (lambda ()
    (test-equal "the R7RS vector example" #(0 1 2 3 4)
                (do ((vec (make-vector 5))
                     (i 0 (+ i 1)))
                    ((= i 5) vec)
                  (vector-set! vec i i)))
    (test-equal "the R7RS sum example" 25
                (let ((x '(1 3 5 7 9)))
                  (do ((x x (cdr x))
                       (sum 0 (+ sum (car x))))
                      ((null? x) sum))))
    (test-equal "a variable without a step keeps its value" '(5 k)
                (do ((i 0 (+ i 1))
                     (k 'k))
                    ((= i 5) (list i k))))
    (test-equal "a variable without step changed by the body" 10
                (do ((i 0 (+ i 1))
                     (acc 0))
                    ((= i 5) acc)
                  (set! acc (+ acc i))))
    (test-equal "steps are simultaneous" '(8 13)
                (do ((a 1 b) (b 1 (+ a b)) (i 0 (+ i 1)))
                    ((= i 5) (list a b))))
    (test-equal "no result expressions: no error" #t
                (begin (do ((i 0 (+ i 1))) ((= i 3))) #t))
    (test-equal "several result expressions: the last" 'last
                (do ((i 0 (+ i 1))) ((= i 2) 'first 'last)))
    (test-equal "the body runs once per iteration" 4
                (let ((n 0))
                  (do ((i 0 (+ i 1))) ((= i 4) n) (set! n (+ n 1)))))
    (test-equal "the test is checked before the first body" 0
                (let ((n 0))
                  (do ((i 0 (+ i 1))) (#t n) (set! n (+ n 1)))))
    (test-equal "no variables" 'out
                (let ((n 3))
                  (do () ((= n 0) 'out) (set! n (- n 1)))))))

;; ------------------------------------------------------------------
(test-group "closures capturing loop variables"
  (lambda ()
    (test-equal "do: each iteration has a fresh binding" '(0 1 2)
                (let ((procs (do ((i 0 (+ i 1))
                                  (ps '() (cons (lambda () i) ps)))
                                 ((= i 3) (reverse ps)))))
                  (list ((car procs)) ((cadr procs)) ((caddr procs)))))
    (test-equal "named let: each iteration has a fresh binding" '(0 1 2)
                (let loop ((i 0) (ps '()))
                  (if (= i 3)
                      (map (lambda (p) (p)) (reverse ps))
                      (loop (+ i 1) (cons (lambda () i) ps)))))
    (test-equal "a closure over a do variable set! in the body"
                '(10 11 12)
                (let ((procs (do ((i 0 (+ i 1))
                                  (ps '()))
                                 ((= i 3) (reverse ps))
                               (let ((j i))
                                 (set! ps (cons (lambda () (+ j 10)) ps))))))
                  (map (lambda (p) (p)) procs)))
    (test-equal "closures over a let inside a loop keep separate state"
                '(2 1)
                (let* ((make (lambda ()
                               (let ((n 0))
                                 (lambda () (set! n (+ n 1)) n))))
                       (a (make))
                       (b (make)))
                  (a)
                  (list (a) (b))))
    (test-equal "a closure sees its defining environment, not the caller's"
                'lexical
                (let ((v 'lexical))
                  (let ((f (lambda () v)))
                    (let ((v 'dynamic))
                      (f)))))
    (test-equal "deep capture" 6
                ((((lambda (a) (lambda (b) (lambda (c) (+ a b c)))) 1) 2) 3))))

;; ------------------------------------------------------------------
(define-values (dv-a dv-b . dv-rest) (values 1 2 3 4))
(define-values dv-all (values 'x 'y))

(test-group "multiple values: let-values, let*-values, receive, define-values"
  (lambda ()
    (test-equal "let-values: fixed, dotted and single formals"
                '(1 2 3 (4 5) (6 7))
                (let-values (((a b) (values 1 2))
                             ((c . d) (values 3 4 5))
                             (e (values 6 7)))
                  (list a b c d e)))
    (test-equal "let-values: the expressions see the outer bindings"
                '(1 10)
                (let ((a 10))
                  (let-values (((a b) (values 1 a))) (list a b))))
    (test-equal "let-values with no bindings" 9 (let-values () 9))
    (test-equal "let-values with internal definitions in its body" 12
                (let-values (((a) (values 5)))
                  (define b (+ a 2))
                  (+ a b)))
    (test-equal "let*-values: each in the scope of the ones before" '(1 2 3)
                (let*-values (((a b) (values 1 2)) ((c) (values (+ a b))))
                  (list a b c)))
    (test-equal "receive (SRFI 8)" '(1 (2 3))
                (receive (x . rest) (values 1 2 3) (list x rest)))
    (test-equal "define-values at top level" '(1 2 (3 4) (x y))
                (list dv-a dv-b dv-rest dv-all))
    (test-equal "define-values in a body, beside define" '(5 6 7)
                (let ()
                  (define-values (u v) (values 5 6))
                  (define w (+ v 1))
                  (list u v w)))
    (test-error-message "let-values: a count that does not match"
                        "let-values: wrong number of arguments (expected 2, given 1)"
                        (lambda () (let-values (((a b) (values 1))) a)))
    ;; Past 8 bindings the temporaries are one vector (expand-values.c):
    ;; both ways, a continuation re-entered in an expression finds
    ;; fresh formals, not ones the body assigned.
    (let ((k #f) (seen '()))
      (let-values (((a) (values 1))
                   ((b) (call/cc (lambda (c) (set! k c) 2))))
        (set! seen (cons (list a b) seen))
        (set! a 100))
      (if (= (length seen) 1) (k 20))
      (test-equal "let-values: fresh formals when an expression is re-entered"
                  '((1 20) (1 2)) seen))
    (let ((k #f) (seen '()))
      (let-values (((a) (values 1))
                   ((b) (call/cc (lambda (c) (set! k c) 2)))
                   ((c) (values 3)) ((d e) (values 4 5)) ((f) (values 6))
                   ((g) (values 7)) ((h) (values 8)) ((i . j) (values 9 10))
                   ((l) 11))
        (set! seen (cons (list a b c d e f g h i j l) seen))
        (set! a 100))
      (if (= (length seen) 1) (k 20))
      (test-equal "let-values, 9 bindings: fresh formals when re-entered"
                  '((1 20 3 4 5 6 7 8 9 (10) 11) (1 2 3 4 5 6 7 8 9 (10) 11))
                  seen))
    (test-equal "let-values with many bindings, in order" '(0 1 8 9 2 3 4 5 6 7)
                (let-values (((a0) 0) ((a1) 1) ((a2 a3) (values 2 3)) ((a4) 4)
                             ((a5) 5) ((a6) 6) ((a7) 7) ((a8) 8) ((a9) 9))
                  (list a0 a1 a8 a9 a2 a3 a4 a5 a6 a7)))
    (test-error-message "let-values with many bindings: a count that does not match"
                        "let-values: wrong number of arguments (expected 1, given 2)"
                        (lambda ()
                          (let-values (((a0) 0) ((a1) 1) ((a2) 2) ((a3) 3)
                                       ((a4) 4) ((a5) 5) ((a6) 6) ((a7) 7)
                                       ((a8) 8) ((a9) (values 9 10)))
                            a0)))
    (test-equal "let-values in a loop runs in constant space" 100000
                (let loop ((i 0))
                  (if (= i 100000)
                      i
                      (let-values (((a b) (values i 1))) (loop (+ a b))))))))

;; ------------------------------------------------------------------
(test-group "cond-expand"
  (lambda ()
    (test-eq "a feature of (features)" 'yes
             (cond-expand (r7rs 'yes) (else 'no)))
    (test-eq "and, or, not" 'yes
             (cond-expand ((and libscm (or no-such-feature r7rs)
                                (not no-such-feature))
                           'yes)
                          (else 'no)))
    (test-eq "else when nothing holds" 'other
             (cond-expand (no-such-feature 'x) (else 'other)))
    (test-equal "(library NAME): true for a library that exists" '(lib no-lib)
                (list (cond-expand ((library (scheme base)) 'lib) (else 'no-lib))
                      (cond-expand ((library (no such library)) 'lib)
                                   (else 'no-lib))))
    (test-equal "definitions in a body" 2
                (let () (cond-expand (libscm (define q 1))) (+ q 1)))
    (test-error-contains "a malformed requirement"
                         '("cond-expand" "bad feature requirement")
                         (lambda () (eval '(cond-expand ((frob x) 1)))))))

(test-group "include"
  (lambda ()
    (test-write-file "included-a.scm" "(define included-x 10)\n(define (included-f y) (* y included-x))\n")
    (test-write-file "included-b.scm" "(DEFINE INCLUDED-CI 7)\n")
    (let ((main (test-write-file "includer.scm"
                                 (string-append
                                  "(include \"included-a.scm\")\n"
                                  "(include-ci \"included-b.scm\")\n"
                                  "(define included-sum (+ (included-f 2) included-ci))\n"
                                  "(define (included-local) (include \"included-a.scm\") (included-f 3))\n"))))
      (load main)
      (test-equal "definitions from a file named relative to the includer"
                  '(10 20 27 30)
                  (list included-x (included-f 2) included-sum (included-local))))
    (test-error "a file that cannot be opened: an error"
                (lambda () (eval '(include "/nonexistent/no-such-file.scm"))))
    ;; An include cycle is an error naming the files, at once; it
    ;; recursed until the C stack ran out (seconds and hundreds of MB).
    (define (cycle-message thunk)
      (guard (e ((error-object? e) (condition-message e)))
        (thunk)
        'no-error))
    (define (temp name) (string-append test-temp-directory name))
    (test-write-file "self-include.scm"
                     "(define self-x 1)\n(include \"self-include.scm\")\n")
    (test-equal "a file that includes itself"
                (string-append "include: include cycle: "
                               (temp "self-include.scm") " -> "
                               (temp "self-include.scm")
                               ": (include \"self-include.scm\")")
                (cycle-message (lambda () (load (temp "self-include.scm")))))
    (test-write-file "cycle-a.scm" "(define (cycle-fa) (include \"cycle-b.scm\"))\n")
    (test-write-file "cycle-b.scm" "(define (cycle-fb) (include \"cycle-a.scm\"))\n")
    (test-equal "two files that include each other, inside procedure bodies"
                (string-append "include: include cycle: "
                               (temp "cycle-a.scm") " -> " (temp "cycle-b.scm")
                               " -> " (temp "cycle-a.scm")
                               ": (include \"cycle-a.scm\")")
                (cycle-message
                 (lambda ()
                   (eval (list 'include (temp "cycle-a.scm"))
                         (interaction-environment)))))
    (test-write-file "decls.sld"
                     "(export decl-y)\n(include-library-declarations \"decls.sld\")\n")
    (test-write-file "decl-lib.sld"
                     (string-append
                      "(define-library (decl lib) (import (scheme base))\n"
                      "  (include-library-declarations \"decls.sld\")\n"
                      "  (begin (define decl-y 2)))\n"))
    (test-equal "a library's declarations that include themselves"
                (string-append "include-library-declarations: include cycle: "
                               (temp "decl-lib.sld") " -> " (temp "decls.sld")
                               " -> " (temp "decls.sld")
                               ": (include-library-declarations \"decls.sld\")")
                (cycle-message (lambda () (load (temp "decl-lib.sld")))))
    (test-write-file "diamond-d.scm" "(define diamond-d 4)\n")
    (test-write-file "diamond-b.scm" "(include \"diamond-d.scm\")\n")
    (test-write-file "diamond-c.scm" "(include \"diamond-d.scm\")\n")
    (test-write-file "diamond-a.scm"
                     "(include \"diamond-b.scm\")\n(include \"diamond-c.scm\")\n")
    (test-equal "one file included twice, by two others, is no cycle" 4
                (begin (load (temp "diamond-a.scm"))
                       (load (temp "diamond-a.scm"))
                       diamond-d))))

(test-end "syntax")
