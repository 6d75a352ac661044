;;; letrec-procedures.scm -- procedures of a body or a letrec made together
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The leading definitions of lambdas in a body, a letrec or a named
;;; let, which the program never assigns, are made together by the
;;; compiler (compile.c, "fixes"): their closures refer to each other
;;; directly, with no box.  These tests check that they mean what
;;; letrec* means: each procedure sees the others and itself, whatever
;;; the order of the definitions, with constants defined between them;
;;; a read before a definition still raises; a procedure the program
;;; assigns is still seen assigned; definitions after an expression,
;;; continuations re-entered after the definitions, and thousands of
;;; procedures that call each other.

;;; Code:

(import (libscm disassemble))

(test-begin "letrec-procedures")

(define (listing proc)
  (let ((out (open-output-string)))
    (disassemble proc out)
    (get-output-string out)))

;; ------------------------------------------------------------------
(test-group "procedures that call each other"
  (lambda ()
    (define (parity n)
      (define (ev? n) (if (= n 0) #t (od? (- n 1))))
      (define (od? n) (if (= n 0) #f (ev? (- n 1))))
      (list ev? od?))
    (let ((p (parity 0)))
      (test-equal "the first calls the second, made after it"
                  '(#t #f #f #t)
                  (list ((car p) 10) ((car p) 7) ((cadr p) 10) ((cadr p) 7))))
    (define (selves)
      (define (s) s)
      (define (t) (list s t u))
      (define (u) t)
      (list s t u))
    (let ((l (selves)))
      (test-assert "a procedure that returns itself"
                   (eq? ((car l)) (car l)))
      (test-assert "each sees the others, made before and after it"
                   (equal? ((cadr l)) l))
      (test-assert "a later one sees an earlier one"
                   (eq? ((caddr l)) (cadr l))))
    (test-equal "letrec"
                '(p q p q)
                (letrec ((p (lambda (x) (if (null? x) 'p (q (cdr x)))))
                         (q (lambda (x) (if (null? x) 'q (p (cdr x))))))
                  (map (lambda (n) (p (make-list n 0))) '(0 1 2 3))))
    (test-equal "a named let whose procedure is kept"
                '(#t #t #t)
                (let loop ((i 0) (acc '()))
                  (if (< i 3)
                      (loop (+ i 1) (cons (lambda () loop) acc))
                      (map (lambda (f) (procedure? (f))) acc))))
    (define (each-call-its-own n)
      (define (get) n)
      (define (get2) (get))
      get2)
    (test-equal "each call of the body makes its own procedures"
                '(1 2)
                (list ((each-call-its-own 1)) ((each-call-its-own 2))))))

;; ------------------------------------------------------------------
(test-group "with constants between them"
  (lambda ()
    (define (f)
      (define (a) (list k (b) (c)))
      (define k 5)
      (define (b) 'b)
      (define m '(1 2))
      (define (c) m)
      a)
    (test-equal "the constants are set when the procedures run"
                '(5 b (1 2)) ((f)))
    (define (g)
      (define count 0)
      (define (bump!) (set! count (+ count 1)) count)
      (define (twice) (bump!) (bump!))
      twice)
    (let ((t (g)))
      (test-equal "a constant the procedures assign" '(2 4) (list (t) (t))))))

;; ------------------------------------------------------------------
(test-group "letrec* order is kept"
  (lambda ()
    (define (early)
      (define (a) (b))
      (define x (a))
      (define (b) 1)
      x)
    (test-error-contains "a procedure called before the one it calls is defined"
                         '("variable used before its definition") early)
    (define (earlier)
      (define x (f))
      (define (f) 1)
      x)
    (test-error-contains "a procedure called before its definition"
                         '("variable used before its definition") earlier)
    (define (after-expression)
      (define v (vector 1 2))
      (define (a) (if (= 0 (vector-ref v 0)) 'done (begin (vector-set! v 0 0) (b))))
      (define (b) (a))
      (a))
    (test-eq "definitions after one that runs code" 'done (after-expression))))

;; ------------------------------------------------------------------
(test-group "assigned procedures"
  (lambda ()
    (define (h)
      (define (f) 1)
      (define (g) (f))
      (set! f (lambda () 2))
      (g))
    (test-eqv "a set! of a defined procedure is seen by the others" 2 (h))
    (define (h2)
      (define (f) (g))
      (define (g) 'g)
      (let ((before (f)))
        (set! g (lambda () 'new))
        (list before (f))))
    (test-equal "a set! of a procedure called by an earlier one"
                '(g new) (h2))))

;; ------------------------------------------------------------------
(test-group "continuations"
  (lambda ()
    (define k #f)
    (define runs 0)
    (define (outer)
      (define (p) q)
      (define (q) p)
      (call/cc (lambda (c) (set! k c)))
      (set! runs (+ runs 1))
      (list (eq? (p) q) (eq? (q) p)))
    (let ((first (outer)))
      (when (< runs 3) (k #f))
      (test-equal "re-entered after the definitions" '(#t #t) first)
      (test-eqv "the continuation was re-entered" 3 runs))))

;; ------------------------------------------------------------------
(test-group "many procedures"
  (lambda ()
    ;; f0 ... f1999, each calling the next, the last the first.
    (define n 2000)
    (define (name i) (string->symbol (string-append "f" (number->string i))))
    (define body
      (let loop ((i (- n 1)) (acc '()))
        (if (< i 0)
            acc
            (loop (- i 1)
                  (cons `(define (,(name i) k)
                           (if (= k 0) ',(name i) (,(name (modulo (+ i 1) n)) (- k 1))))
                        acc)))))
    (define proc
      (eval `(lambda () ,@body (list f0 f1999))
            (environment '(scheme base))))
    (let ((fs (proc)))
      (test-eq "a call through every one" 'f0 ((car fs) n))
      (test-eq "the last calls the first" 'f5 ((cadr fs) 6)))))

;; ------------------------------------------------------------------
(test-group "known calls"
  (lambda ()
    (define (depth n)
      (define (down n) (if (= n 0) 0 (+ 1 (down2 n))))
      (define (down2 n) (down (- n 1)))
      (down n))
    (test-eqv "a deep recursion through known calls grows the stack"
              200000 (depth 200000))
    (define (wrong-count)
      (define (g x) x)
      (define (h) (g 1 2))
      (h))
    (test-error-contains "a call with the wrong count still raises"
                         '("wrong number of arguments") wrong-count)
    (define (with-rest)
      (define (g . xs) xs)
      (define (h) (g 1 2))
      (h))
    (test-equal "a procedure with a rest list" '(1 2) (with-rest))
    (define (let-bound)
      (let ((one (lambda () 1))
            (pair (lambda (a b) (cons a b))))
        (define (use) (pair (one) (one)))
        (use)))
    (test-equal "a procedure that let binds" '(1 . 1) (let-bound))
    (define (let-bound-assigned)
      (let ((f (lambda (x) x)))
        (define (use) (f 1))
        (let ((before (use)))
          (set! f (lambda (x) (list x x)))
          (list before (use)))))
    (test-equal "a let-bound procedure the program assigns"
                '(1 (1 1)) (let-bound-assigned))
    (define (let-bound-wrong)
      (let ((f (lambda (x) x)))
        (f 1 2)))
    (test-error-contains "a let-bound procedure called with the wrong count"
                         '("wrong number of arguments") let-bound-wrong)
    (define (mutual)
      (define (ev? n) (if (= n 0) #t (od? (- n 1))))
      (define (od? n) (if (= n 0) #f (ev? (- n 1))))
      (list (ev? 5) (od? 5)))
    (let ((text (listing mutual)))
      (test-assert "the fix's procedures are called with KTAILCALL"
                   (string-contains? text "KTAILCALL"))
      (test-assert "and KCALL" (string-contains? text "KCALL")))
    ;; ONE and PAIR are leaves, copied at their calls (leaf-calls.c):
    ;; a procedure that reads a variable of the body is called.
    (define (let-bound-free)
      (let* ((k (length '(1 2)))
             (add (lambda (a) (+ a k))))
        (list (add 1))))
    (test-equal "a let-bound procedure of a free variable" '(3)
                (let-bound-free))
    (test-assert "a let-bound procedure is called with KCALL"
                 (string-contains? (listing let-bound-free) "KCALL"))))

;; ------------------------------------------------------------------
;; A small procedure of a body that reads only its parameters, makes no
;; closure and calls only globals is copied at each call with its count
;; of arguments (leaf-calls.c): these check that the copy means what
;; the call meant.
(define leaf-bump #f)
(define (leaf-run-bump) (leaf-bump))

(test-group "leaf procedures copied at their calls"
  (lambda ()
    ;; Each leaf is called twice, with different continuations, so that
    ;; it is not contified (compiled once into its caller's frame).
    (define (second-of v)
      (define (get r) (vector-ref r 1))
      (car (list (get v) (get v))))
    (let ((text (listing second-of)))
      (test-assert "no call of the leaf" (not (string-contains? text "CALL")))
      (test-assert "its body in place" (string-contains? text "VREF")))
    (test-equal "the copy's value" 'b (second-of (vector 'a 'b)))
    (test-error-contains "the copy's primitive raises as the call did"
                         '("vector-ref") (lambda () (second-of 5)))
    (define (share-test x y)
      (define (same? a b) (eq? a b))
      (if (same? x y) (and (same? y x) 'same) 'different))
    (test-assert "a test of plain variables is the body's branch"
                 (let ((text (listing share-test)))
                   (and (string-contains? text "BRL_EQ")
                        (not (string-contains? text "CALL")))))
    (test-equal "the branch taken" '(same different)
                (list (share-test 'a 'a) (share-test 'a 'b)))
    (define (count-evaluations)
      (define n 0)
      (define (twice x) (cons x x))
      (define (ignore x) 'ignored)
      (let* ((p (twice (begin (set! n (+ n 1)) n)))
             (q (ignore (begin (set! n (+ n 10)) n)))
             (r (list (twice 0) (ignore 0))))
        (list p q n)))
    (test-assert "the leaves are copied"
                 (not (string-contains? (listing count-evaluations) "CALL")))
    (test-equal "an argument is evaluated once, used or not"
                '((1 . 1) ignored 11) (count-evaluations))
    (define (assigned-argument)
      (define (both a) (list a a))
      (let ((x 1))
        (let ((before (both x)))
          (set! x 2)
          (list before (car (list (both x)))))))
    (test-equal "an assigned variable as the argument"
                '((1 1) (2 2)) (assigned-argument))
    (define (assigned-during-the-body)
      (define (after-bump a) (begin (leaf-run-bump) a))
      (let ((x 1))
        (set! leaf-bump (lambda () (set! x (+ x 1))))
        (list (after-bump x) (after-bump x) x)))
    (test-equal "an argument assigned by the body's call is the old value"
                '(1 2 3) (assigned-during-the-body))
    (define (wrong-count)
      (define (get r) (vector-ref r 1))
      (get (vector 1 2) 3))
    (test-error-contains "a call with another count raises"
                         '("wrong number of arguments") wrong-count)
    (define (assigned-leaf)
      (define (f x) (+ x 1))
      (let ((before (f 1)))
        (set! f (lambda (x) (* x 10)))
        (list before (f 1))))
    (test-equal "a leaf the program assigns is called"
                '(2 10) (assigned-leaf))
    (define (in-tail-and-effect v)
      (define (put! r x) (vector-set! r 0 x))
      (define (first r) (vector-ref r 0))
      (put! v 'newer)
      (put! v (list (first v)))
      (first v))
    (test-assert "the leaves in effect and tail positions are copied"
                 (not (string-contains? (listing in-tail-and-effect) "CALL")))
    (test-equal "in effect and tail positions" '(newer)
                (in-tail-and-effect (vector 'old)))
    (define (operator-parameter)
      (define (app f x) (f x))
      (list (app (lambda (n) (+ n 1)) 1) (app - 1)))
    (test-equal "a parameter called" '(2 -1) (operator-parameter))
    (define (self-application)
      (define (g f) (if (procedure? f) 'called 'not))
      (list (g g) (g 1)))
    (test-equal "a leaf given itself" '(called not) (self-application))))

(test-group "leaf copies see a changed global"
  (lambda ()
    (define m (resolve-module '(test letrec-procedures leaf-global)))
    (eval '(define (helper x) (list 'old x)) m)
    (eval '(define (use v)
             (define (leaf a) (helper (car a)))
             (let* ((a (leaf v)) (b (leaf v))) b))
          m)
    (let ((before (eval '(use '(1)) m)))
      (eval '(define (helper x) (list 'new x)) m)
      (test-equal "a global the leaf calls, redefined"
                  '((old 1) (new 1)) (list before (eval '(use '(1)) m))))
    (let ((before (eval '(use '(1 2)) m)))
      (eval '(set! car cdr) m)
      (test-equal "a primitive the leaf uses, assigned"
                  '((new 1) (new (2))) (list before (eval '(use '(1 2)) m))))))

;; ------------------------------------------------------------------
(test-group "no box"
  (lambda ()
    (define (parity)
      (define (ev? n) (if (= n 0) #t (od? (- n 1))))
      (define (od? n) (if (= n 0) #f (ev? (- n 1))))
      (list ev? od?))
    (let ((text (listing parity)))
      (test-assert "the procedures call each other from their free values"
                   (string-contains? text "FKTAILCALL"))
      (test-assert "no FREF_BOX" (not (string-contains? text "FREF_BOX")))
      (test-assert "no BOX" (not (string-contains? text " BOX "))))
    (define (assigned)
      (define (f) (g))
      (define (g) 1)
      (set! g (lambda () 2))
      f)
    (test-assert "an assigned procedure keeps its box"
                 (string-contains? (listing assigned) "FREF_BOX"))))

;; ------------------------------------------------------------------
(test-group "definitions bound once"
  (lambda ()
    ;; A definition that nothing before it mentions (its init included)
    ;; is bound as let* would bind it: a plain slot, no box, no check.
    (define (create-x n)
      (define result (make-vector n))
      (do ((i 0 (+ i 1)))
          ((>= i n) result)
        (vector-set! result i i)))
    (test-equal "a vector defined, then filled by a loop" #(0 1 2 3)
                (create-x 4))
    (let ((text (listing create-x)))
      (test-assert "no BOX" (not (string-contains? text " BOX ")))
      (test-assert "no LREF_BOX" (not (string-contains? text "LREF_BOX")))
      (test-assert "no LREF_CHECK" (not (string-contains? text "LREF_CHECK"))))
    (define (chain)
      (define a (list 1))
      (define b (cons 0 a))
      (define (get) (list a b))
      (define c (map (lambda (x) (+ x 10)) b))
      (list (get) c (lambda () (append a c))))
    (let ((r (chain)))
      (test-equal "later inits and closures see the earlier definitions"
                  '(((1) (0 1)) (10 11)) (list (car r) (cadr r)))
      (test-equal "a closure made after both" '(1 10 11) ((caddr r))))
    (define (forward)
      (define a (+ b 1))
      (define b 2)
      a)
    (test-error-contains "an init that reads a later variable still raises"
                         '("variable used before its definition") forward)
    (define (through-procedure)
      (define (g) x)
      (define x (g))
      x)
    (test-error-contains "an earlier procedure that reads it still raises"
                         '("variable used before its definition")
                         through-procedure)
    (define (later-closure)
      (define x (list (lambda () y)))
      (define y 5)
      ((car x)))
    (test-equal "an init's closure over a later variable, called after it"
                5 (later-closure))
    (define (assigned-later)
      (define x (list 1))
      (define (get) x)
      (set! x 2)
      (get))
    (test-equal "a set! after the definition is seen by the closure" 2
                (assigned-later))
    (test-assert "an assigned definition keeps its box"
                 (string-contains? (listing assigned-later) " BOX "))
    (define (constant-then-closure)
      (define n 7)
      (define (f) n)
      (define (g) (f))
      (list (f) (g)))
    (test-equal "a constant defined among the procedures made together"
                '(7 7) (constant-then-closure))
    (define (after-vector n)
      (define v (make-vector n 0))
      (define (fill i) (when (< i n) (vector-set! v i i) (fill (+ i 1))))
      (define (g k) (fill k) v)
      (define (h) (g 1))
      (define (again) (lambda () (list fill (again))))
      (list g h fill again))
    (let ((r (after-vector 4)))
      (test-equal "procedures defined after a vector, called from others"
                  #(0 1 2 3) ((cadr r)))
      (test-assert "a procedure's closure over itself, in an inner lambda"
                   (let ((l (((list-ref r 3)))))
                     (and (eq? (car l) (list-ref r 2)) (procedure? (cadr l))
                          (eq? (car ((cadr l))) (list-ref r 2))))))
    (let ((text (listing after-vector)))
      (test-assert "known calls of them" (string-contains? text "FKCALL"))
      (test-assert "no FREF_BOX" (not (string-contains? text "FREF_BOX")))
      (test-assert "no BOX for them" (not (string-contains? text " BOX "))))
    (define (self-before)
      (define x (vector 1))
      (define (use) (f))
      (define y (use))
      (define (f) 'f)
      y)
    (test-error-contains "a procedure called before its definition"
                         '("variable used before its definition") self-before)
    ;; Re-entering the continuation of an init: the second pass binds
    ;; the variable again, as let* (and Guile 3) do; a closure of the
    ;; first pass keeps the value of its pass.
    (define (reenter)
      (define saved #f)
      (define k #f)
      (define (run)
        (define x (call/cc (lambda (c) (set! k c) 1)))
        (define get-x (lambda () x))
        (if (not saved) (set! saved get-x))
        (if (= x 1) (k 2))
        (list x (get-x) (saved)))
      (run))
    (test-equal "an init's continuation re-entered" '(2 2 1) (reenter))
    (define (reenter-assigned)
      (let ((k #f) (first #f))
        (define x (call/cc (lambda (c) (set! k c) 1)))
        (define (get) x)
        (set! x (+ x 100))
        (unless first
          (set! first get)
          (k 2))
        (list x (get) (first))))
    (test-equal "an assigned variable stays one location"
                '(102 102 102) (reenter-assigned))))

;; ------------------------------------------------------------------
(test-group "free values pushed from their slots"
  (lambda ()
    ;; A closure's free values that are the frame's locals are pushed
    ;; straight from their slots (LREF_PUSH, two by LREF_PUSH2, the
    ;; first with the call's FRAME): a boxed one as its box.
    (define (makers a b c)
      (let ((n 0))
        (set! n (+ n 1))
        (list (lambda () (list a b c))
              (lambda () (set! n (+ n a)) n)
              (apply-to (lambda () (list c a)) b))))
    (define (apply-to f x) (cons x (f)))
    (let ((r (makers 1 2 3)))
      (test-equal "each closure sees its values" '((1 2 3) (2 3 1))
                  (list ((car r)) (caddr r)))
      (test-equal "a boxed one is shared" '(2 3) (list ((cadr r)) ((cadr r)))))
    (define (sizes a b c d e f)
      (list (lambda () a) (lambda () (list a b)) (lambda () (list a b c))
            (lambda () (list a b c d)) (lambda () (list a b c d e))
            (lambda () (list a b c d e f))))
    (test-equal "closures of one to six free values, each in its place"
                '(1 (1 2) (1 2 3) (1 2 3 4) (1 2 3 4 5) (1 2 3 4 5 6))
                (map (lambda (p) (p)) (sizes 1 2 3 4 5 6)))
    (define (first-of a c) (car (apply-to (lambda () (list c a)) 5)))
    (test-equal "a closure made as a call's first argument" 5 (first-of 1 2))
    (test-assert "two pushed by one instruction"
                 (string-contains? (listing makers) "LREF_PUSH2"))
    (test-assert "the first with the call's FRAME"
                 (string-contains? (listing first-of) "FRAME_LREF_PUSH"))))

(test-end "letrec-procedures")
