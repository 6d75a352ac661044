;;; srfi-macros.scm -- SRFIs 2 (and-let*), 8 (receive), 26 (cut, cute),
;;; 31 (rec) and 87 (=> in case clauses)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The five syntax libraries: what each form evaluates and when, how
;;; often and in which order, scoping, hygiene (a form means the same
;;; whatever the user has bound), the SRFIs' examples, and the syntax
;;; errors for malformed uses.

;;; Code:

(import (srfi 2))
(import (srfi 8))
(import (srfi 26))
(import (srfi 31))
(import (srfi 87))

(test-begin "srfi-macros")

(define (eval-form form)
  ;; Evaluate FORM, so that a syntax error in it is raised here, when
  ;; the test runs, rather than when the file is read.
  (eval form (interaction-environment)))

;; The value of THUNK, and whether the VM stack grew by 10^5 slots or
;; more while it ran (%vm-stack-size, in slots): a loop of 10^6 steps
;; that is not a proper tail loop needs millions.
(define (stack-growth thunk)
  (let* ((before (%vm-stack-size))
         (value (thunk)))
    (list value (if (< (- (%vm-stack-size) before) 100000)
                    'stack-did-not-grow
                    'stack-grew))))

;; ------------------------------------------------------------------
(test-group "SRFI 2: and-let*"
  (lambda ()
    (test-equal "no clause, no body" #t (and-let* ()))
    (test-equal "no clause, a body" 3 (and-let* () 1 2 3))
    (test-equal "a binding clause, no body: its value" 1 (and-let* ((x 1))))
    (test-equal "a false binding clause" #f (and-let* ((x #f)) 'body))
    (test-equal "an expression clause, no body: its value" 5 (and-let* (((+ 2 3)))))
    (test-equal "a false expression clause" #f (and-let* (((odd? 2))) 'body))
    (test-equal "(variable expression) binds even when the variable is bound" 2
                (and-let* ((odd? 2)) odd?))
    (let ((y 7) (n #f))
      (test-equal "a bare variable clause" 'yes (and-let* (y) 'yes))
      (test-equal "a bare variable clause, no body: its value" 7 (and-let* (y)))
      (test-equal "a false bare variable" #f (and-let* (n) 'yes))
      (test-equal "(variable) is an expression clause" 7 (and-let* ((y)))))
    (test-equal "later clauses see earlier bindings" 20
                (let ((x 1)) (and-let* ((x (+ x 1)) (y (* x 10))) y)))
    (test-equal "the body sees all bindings" '(1 2)
                (and-let* ((a 1) (b (+ a 1))) (list a b)))
    (test-equal "the value of the body is the last expression" 'last
                (and-let* ((a 1)) 'first 'last))
    (test-equal "the body may define" 6
                (and-let* ((a 2)) (define b 3) (* a b)))
    (test-equal "evaluation stops at the first false clause" '(#f (2 1))
                (let ((seen '()))
                  (define (note x v) (set! seen (cons x seen)) v)
                  (list (and-let* ((a (note 1 #t)) ((note 2 #f)) (c (note 3 #t))) 'body)
                        seen)))
    (test-equal "the body does not run after a false clause" 0
                (let ((n 0)) (and-let* ((x #f)) (set! n 1)) n))
    (test-equal "the SRFI's assq example" 'b
                (let ((alist '((a . 1) (b . 2))))
                  (and-let* ((p (assq 'b alist)) ((= (cdr p) 2))) (car p))))
    (test-equal "a mix of all three kinds" 12
                (let ((z 3))
                  (and-let* ((x 4) z ((positive? x))) (* x z))))
    (test-equal "hygiene: a local if and let do not change it" 2
                (let ((if list) (let 'not-let))
                  (and-let* ((x 1) ((odd? x))) (+ x 1))))
    (test-error-contains "a clause ((f) 1) is a syntax error"
                         '("and-let*: bad clause" "((f) 1)")
                         (lambda () (eval-form '(and-let* (((f) 1)) 2))))
    (test-error-contains "a clause of three elements is a syntax error"
                         '("and-let*: bad clause" "(+ 2 3)")
                         (lambda () (eval-form '(and-let* ((+ 2 3))))))
    (test-error-contains "a number as a clause is a syntax error"
                         '("and-let*: bad clause" "5")
                         (lambda () (eval-form '(and-let* (5) 1))))
    (test-error-contains "clauses that are not a list" '("and-let*: bad syntax")
                         (lambda () (eval-form '(and-let* x 1))))
    (test-error-contains "nothing at all" '("and-let*: bad syntax")
                         (lambda () (eval-form '(and-let*))))))

;; ------------------------------------------------------------------
(test-group "SRFI 8: receive"
  (lambda ()
    (test-equal "fixed formals" '(1 2 3) (receive (a b c) (values 1 2 3) (list a b c)))
    (test-equal "a rest formal" '(1 (2 3)) (receive (a . rest) (values 1 2 3) (list a rest)))
    (test-equal "a rest formal that gets nothing" '(1 ()) (receive (a . rest) (values 1) (list a rest)))
    (test-equal "one variable takes all the values" '(1 2) (receive all (values 1 2) all))
    (test-equal "one variable, no values" '() (receive all (values) all))
    (test-equal "no formals, no values" 'none (receive () (values) 'none))
    (test-equal "a single value" 5 (receive (x) 5 x))
    (test-equal "the SRFI's example" '(1 2 (3 4 5))
                (receive (a b . rest) (values 1 2 3 4 5) (list a b rest)))
    (test-equal "a body of several expressions and a definition" 12
                (receive (a b) (values 3 4) (define p (* a b)) 'ignored p))
    (test-equal "the expression is evaluated once" 1
                (let ((n 0)) (receive (a) (begin (set! n (+ n 1)) (values n)) a) n))
    (test-equal "the bindings are local" 'outer
                (let ((a 'outer)) (receive (a) (values 'inner) a) a))
    (test-equal "hygiene: local lambda and call-with-values do not change it" 3
                (let ((lambda 'not-lambda) (call-with-values 'not-cwv))
                  (receive (a b) (values 1 2) (+ a b))))
    (test-equal "the body is in tail position" '(done stack-did-not-grow)
                (stack-growth
                 (lambda ()
                   (let loop ((n 1000000))
                     (if (= n 0) 'done (receive (m) (values (- n 1)) (loop m)))))))
    (test-error-contains "too few values" '("receive:" "wrong number")
                         (lambda () (receive (a b) (values 1) a)))
    (test-error-contains "too many values" '("receive:" "wrong number")
                         (lambda () (receive (a) (values 1 2) a)))
    (test-error-contains "no body is a syntax error" '("receive:")
                (lambda () (eval-form '(receive (a) (values 1)))))
    (test-error "bad formals are a syntax error"
                (lambda () (eval-form '(receive (a 1) (values 1 2) a))))))

;; ------------------------------------------------------------------
(test-group "SRFI 26: cut"
  (lambda ()
    (test-equal "one slot" '(1 . x) ((cut cons <> 'x) 1))
    (test-equal "two slots, in order" '(a . b) ((cut cons <> <>) 'a 'b))
    (test-equal "no slot: a thunk" '(1 2) ((cut list 1 2)))
    (test-equal "the operator as a slot" 7 ((cut <> 3 4) +))
    (test-equal "a rest slot" '(1 2 3 4) ((cut list 1 <...>) 2 3 4))
    (test-equal "a rest slot that gets nothing" '(1) ((cut list 1 <...>)))
    (test-equal "slots and a rest slot" '(a 1 b 2 3) ((cut list <> 1 <> <...>) 'a 'b 2 3))
    (test-equal "the SRFI's examples"
                '((2 . x) (1 a 3 b 5) () (1 a 3 b c) (a b))
                (let ((a 1))
                  (list ((cut cons (+ a 1) <>) 'x)
                        ((cut list 1 <> 3 <> 5) 'a 'b)
                        ((cut list))
                        ((cut list 1 <> 3 <...>) 'a 'b 'c)
                        ((cut <> 'a 'b) list))))
    (test-equal "the arity: one parameter per slot" 'ok
                (let ((p (cut list <> <>)))
                  (if (eq? (raised-object (lambda () (p 1))) test-nothing-raised)
                      'wrong 'ok)))
    (test-equal "the expressions are evaluated at each call" '((1) (2))
                (let* ((n 0) (f (cut list (begin (set! n (+ n 1)) n))))
                  (let* ((first (f)) (second (f)))
                    (list first second))))
    (test-equal "the operator is evaluated at each call" '(first second)
                (let* ((op (lambda (x) 'first)) (f (cut op <>)))
                  (let ((a (f 1)))
                    (set! op (lambda (x) 'second))
                    (list a (f 1)))))
    (test-equal "with map" '(11 12 13) (map (cut + 10 <>) '(1 2 3)))
    (test-equal "hygiene: the generated parameters do not capture" '(5 1)
                (let ((x 5) (rest 1)) ((cut list x <> <...>) rest)))
    (test-equal "hygiene: a local apply and lambda do not change it" '(1 2 3)
                (let ((apply #f) (lambda #f)) ((cut list <> <...>) 1 2 3)))
    (test-equal "a locally bound <> is an expression, not a slot" '(1 1)
                (let ((<> 1)) ((cut list <> <>))))))

;; ------------------------------------------------------------------
(test-group "SRFI 26: cute"
  (lambda ()
    (test-equal "one slot" '(1 . x) ((cute cons <> 'x) 1))
    (test-equal "a rest slot" '(0 1 2) ((cute list 0 <...>) 1 2))
    (test-equal "the operator as a slot" 12 ((cute <> 3 4) *))
    (test-equal "no slot" 3 ((cute + 1 2)))
    (test-equal "the expressions are evaluated once, when made" '((1) (1) 1)
                (let* ((n 0) (f (cute list (begin (set! n (+ n 1)) n))))
                  (list (f) (f) n)))
    (test-equal "the operator is evaluated once" '(first first)
                (let* ((op (lambda (x) 'first)) (f (cute op <>)))
                  (let ((a (f 1)))
                    (set! op (lambda (x) 'second))
                    (list a (f 1)))))
    (test-equal "all expressions evaluated before the call" 1
                (let* ((n 0) (f (cute list (begin (set! n (+ n 1)) n) <>)))
                  n))
    (test-equal "hygiene: the temporaries do not capture" '(t 2 3)
                (let ((t 't) (x 2)) ((cute list t x <>) 3)))))

;; ------------------------------------------------------------------
;; <> and <...> are literals, bound nowhere: an environment that imports
;; only cut or cute gets its slots (they match by name where unbound).
(define (in-cut-only expr)
  (eval expr (environment '(scheme base) '(only (srfi 26) cut cute))))

(test-group "SRFI 26: slots without importing them"
  (lambda ()
    (test-equal "cut imported alone" '(1 2 3)
                (in-cut-only '((cut list 1 <> <...>) 2 3)))
    (test-equal "cute imported alone" '(a b)
                (in-cut-only '((cute list <> <...>) 'a 'b)))
    (test-equal "cut renamed" '(x . y)
                (eval '((my-cut cons <> 'y) 'x)
                      (environment '(scheme base)
                                   '(rename (only (srfi 26) cut) (cut my-cut)))))
    (test-equal "a local <> still is an expression" '(9 9)
                (in-cut-only '(let ((<> 9)) ((cut list <> <>)))))
    (test-equal "a local <...> too" '(1 (2))
                (in-cut-only '(let ((<...> '(2))) ((cut list <> <...>) 1))))
    (test-error-contains "(srfi 26) exports no <>"
                         '("does not provide this name")
                         (lambda () (environment '(only (srfi 26) <>))))
    (test-error-contains "nor <...>"
                         '("does not provide this name")
                         (lambda () (environment '(only (srfi 26) <...>))))))

;; ------------------------------------------------------------------
(test-group "SRFI 26: errors"
  (lambda ()
    (test-error-contains "<...> not last in cut" '("cut: <...> must be the last argument")
                         (lambda () (eval-form '(cut list <...> 1))))
    (test-error-contains "<...> not last in cute" '("cute: <...> must be the last argument")
                         (lambda () (eval-form '(cute list <...> 1))))
    (test-error-contains "<> is no variable outside cut" '("unbound variable: <>")
                         (lambda () (eval-form '(<> 1 2))))
    (test-error-contains "<...> neither" '("unbound variable: <...>")
                         (lambda () (eval-form '(<...>))))
    (test-error-contains "cut with nothing" '("cut:") (lambda () (eval-form '(cut))))
    (test-error-contains "cute with nothing" '("cute:") (lambda () (eval-form '(cute))))))

;; ------------------------------------------------------------------
(test-group "SRFI 31: rec"
  (lambda ()
    (test-equal "a recursive procedure" 3628800
                ((rec (fact n) (if (= n 0) 1 (* n (fact (- n 1))))) 10))
    (test-equal "rec NAME EXPRESSION" 120
                ((rec fact (lambda (n) (if (= n 0) 1 (* n (fact (- n 1)))))) 5))
    (test-equal "a rest parameter" '(1 (2 3))
                ((rec (f a . more) (list a more)) 1 2 3))
    (test-equal "a body of several expressions" 2
                ((rec (f) 1 2)))
    (test-equal "a recursive stream: the SRFI's example" '(1 1 1)
                (let ((s (rec s (cons 1 (delay s)))))
                  (list (car s) (car (force (cdr s))) (car (force (cdr (force (cdr s))))))))
    (test-equal "the name is local" 'outer
                (let ((f 'outer)) (rec (f) 1) f))
    (test-equal "the recursion is a proper tail loop" '(done stack-did-not-grow)
                (stack-growth
                 (lambda ()
                   ((rec (loop n) (if (= n 0) 'done (loop (- n 1)))) 1000000))))
    (test-equal "hygiene: local letrec and lambda do not change it" 6
                (let ((letrec #f) (lambda #f))
                  ((rec (sum n) (if (= n 0) 0 (+ n (sum (- n 1))))) 3)))
    (test-error-contains "rec with no body is a syntax error" '("rec:")
                         (lambda () (eval-form '(rec (f)))))
    (test-error-contains "rec with two expressions is a syntax error" '("rec:")
                (lambda () (eval-form '(rec f 1 2))))))

;; ------------------------------------------------------------------
(test-group "SRFI 87: => in case"
  (lambda ()
    (test-equal "=> calls the receiver on the key" 10
                (case 5 ((5) => (lambda (x) (* x 2))) (else 0)))
    (test-equal "=> in the else clause" '(6)
                (case 6 ((5) 1) (else => list)))
    (test-equal "the receiver gets the key, not the datum list" "b"
                (case 'b ((a b c) => symbol->string) (else #f)))
    (test-equal "clauses with and without =>" '(one two-2 other-9)
                (map (lambda (k)
                       (case k
                         ((1) 'one)
                         ((2) => (lambda (x) (string->symbol (string-append "two-" (number->string x)))))
                         (else => (lambda (x) (string->symbol (string-append "other-" (number->string x)))))))
                     '(1 2 9)))
    (test-equal "the key is evaluated once" '(3 1)
                (let ((n 0))
                  (let ((v (case (begin (set! n (+ n 1)) 3) ((3) => values) (else #f))))
                    (list v n))))
    (test-equal "the receiver of a clause not taken is not evaluated" 0
                (let ((n 0))
                  (case 1 ((2) => (begin (set! n 1) values)) (else 'no))
                  n))
    (test-equal "the receiver expression is evaluated after the key" '(key receiver)
                (let ((order '()))
                  (case (begin (set! order (cons 'key order)) 1)
                    ((1) => (begin (set! order (cons 'receiver order)) values)))
                  (reverse order)))
    (test-equal "case compares with eqv?" 'found
                (case 2.5 ((2.5) => (lambda (x) 'found)) (else 'no)))
    (test-equal "a locally bound => is not the keyword" 'x
                (let ((=> #f)) (case 1 ((1) => 'x))))
    (test-equal "the receiver call is in tail position" '(done stack-did-not-grow)
                (stack-growth
                 (lambda ()
                   (let loop ((n 1000000))
                     (case n ((0) 'done) (else => (lambda (k) (loop (- k 1)))))))))
    (test-error "a receiver that is not a procedure" (lambda () (case 1 ((1) => 5))))
    (test-error-contains "=> with no receiver is a syntax error" '("case: bad => clause")
                (lambda () (eval-form '(case 1 ((1) =>)))))
    (test-error-contains "=> with two receivers is a syntax error" '("case: bad => clause")
                (lambda () (eval-form '(case 1 ((1) => car cdr)))))
    (test-error-contains "else => with no receiver is a syntax error" '("case: bad => clause")
                (lambda () (eval-form '(case 1 (else =>)))))))

(test-end "srfi-macros")

;;; srfi-macros.scm ends here
