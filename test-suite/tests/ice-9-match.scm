;;; ice-9-match.scm -- tests of (ice-9 match), the pattern matcher
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Every kind of pattern, the binding forms, failure (the error names
;;; the value), nesting, non-linear patterns, records, the macros used
;;; from a library and from eval in the REPL's environment, and that a
;;; match allocates nothing of its own.  not and = are recognised by
;;; binding from a program as from a library (fixture match-user).

;;; Code:

(import (ice-9 match) (fixture match-user))

(test-begin "ice-9-match")

(define (message-of thunk)
  (let ((e (raised-object thunk)))
    (if (eq? e test-nothing-raised) "nothing raised" (condition-message e))))

;; ------------------------------------------------------------------
(test-group "literals, variables, _ and quote"
  (lambda ()
    (test-equal "a number" 'one (match 1 (0 'zero) (1 'one)))
    (test-equal "an inexact number" 'half (match 0.5 (1 'one) (0.5 'half)))
    (test-equal "a string, by equal?" 'yes (match (string #\a #\b) ("ab" 'yes) (_ 'no)))
    (test-equal "a character" 'c (match #\c (#\b 'b) (#\c 'c)))
    (test-equal "a character beyond the BMP" 'smile (match #\x1F600 (#\x1F600 'smile) (_ 'no)))
    (test-equal "booleans" '(t f) (list (match #t (#f 'f) (#t 't)) (match #f (#t 't) (#f 'f))))
    (test-equal "the empty list" 'empty (match '() ((a) 'one) (() 'empty)))
    (test-equal "() does not match #f" 'no (match #f (() 'empty) (_ 'no)))
    (test-equal "a keyword" 'kw (match #:foo (#:bar 'bar) (#:foo 'kw)))
    (test-equal "a variable binds anything" '(1 2) (match '(1 2) (x x)))
    (test-equal "_ binds nothing and matches anything" 'any (match 'whatever (_ 'any)))
    (test-equal "_ more than once" 3 (match '(1 2 3) ((_ _ c) c)))
    (test-equal "a quoted symbol" 2 (match 'a ('b 1) ('a 2)))
    (test-equal "a quoted list" 'yes (match (list 'x 1 "s") ('(x 1 "s") 'yes) (_ 'no)))
    (test-equal "a quoted vector" 'yes (match (vector 1 'a) ('#(1 a) 'yes) (_ 'no)))
    (test-equal "the first matching clause wins" 'first (match 5 (x 'first) (5 'second)))
    (test-equal "a body of several expressions, with a definition" 6
                (match '(1 2) ((a b) (define c 3) (+ a b c))))))

;; ------------------------------------------------------------------
(test-group "lists, dotted tails and ellipses"
  (lambda ()
    (test-equal "a list of three" '(2 3) (match '(1 2 3) ((1 b c) (list b c))))
    (test-equal "a longer list does not match" 'no (match '(1 2 3 4) ((a b c) 'yes) (_ 'no)))
    (test-equal "a shorter list does not match" 'no (match '(1 2) ((a b c) 'yes) (_ 'no)))
    (test-equal "a dotted tail" '(1 (2 3)) (match '(1 2 3) ((a . b) (list a b))))
    (test-equal "a dotted tail of an improper list" '(1 2 3) (match '(1 2 . 3) ((a b . c) (list a b c))))
    (test-equal "a pattern in the tail: (a . (? pred))" '(1 (2))
                (match '(1 2) ((a . (? pair? r)) (list a r))))
    (test-equal "p ... at the end" '(3 3 3) (match (list 1 2 3 3 3) ((1 2 c ...) c)))
    (test-equal "p ... matching nothing" '() (match (list 1 2) ((1 2 c ...) c)))
    (test-equal "p ... with a literal" #t (match (list 1 2 3 3) ((1 2 3 ...) #t)))
    (test-equal "a literal ... rejects another element" 'no (match (list 1 2 3 4) ((1 2 3 ...) #t) (_ 'no)))
    (test-equal "an ellipsis does not match an improper list" 'no
                (match '(1 2 . 3) ((a ...) a) (_ 'no)))
    (test-equal "an ellipsis does not match a circular list" 'no
                (let ((c (list 1 2))) (set-cdr! (cdr c) c) (match c ((a ...) a) (_ 'no))))
    (test-equal "___ is ..." '(1 2) (match '(1 2) ((a ___) a)))
    (test-equal "in the middle: (a b c ... d e)" '(1 2 (3 4 5) 6 7)
                (match (list 1 2 3 4 5 6 7) ((a b c ... d e) (list a b c d e))))
    (test-equal "in the middle, matching nothing" '(1 2 () 3 4)
                (match (list 1 2 3 4) ((a b c ... d e) (list a b c d e))))
    (test-equal "in the middle, too short" 'short
                (match (list 1 2 3) ((a b c ... d e) 'long) (_ 'short)))
    (test-equal "at the start: (a ... z)" '((1 2) 3) (match '(1 2 3) ((a ... z) (list a z))))
    (test-equal "with a dotted tail: (a ... . r)" '((1 2) 3) (match '(1 2 . 3) ((a ... . r) (list a r))))
    (test-equal "with items and a dotted tail: (a ... b . r)" '((1) 2 3)
                (match '(1 2 . 3) ((a ... b . r) (list a b r))))
    (test-equal "..1 with one" '(3) (match (list 1 2 3) ((a b c ..1) c)))
    (test-equal "..1 with none" 'none (match (list 1 2) ((a b c ..1) c) (_ 'none)))
    (test-equal "..2 with three" '(1 2 3) (match '(1 2 3) ((a ..2) a)))
    (test-equal "..2 with one" 'no (match '(1) ((a ..2) a) (_ 'no)))
    (test-equal "..3 in the middle" '(0 (1 2 3) 4) (match '(0 1 2 3 4) ((x y ..3 z) (list x y z))))
    (test-equal "**1 is ..1" '(a b) (match '(a b) ((x **1) x)))
    (test-equal "**1 with none" 'none (match '() ((x **1) x) (_ 'none)))
    (test-equal "=.. 2: exactly two" '((2 3) none none)
                (map (lambda (l) (match l ((a b =.. 2) b) (_ 'none)))
                     '((1 2 3) (1 2) (1 2 3 4))))
    (test-equal "=.. 2 then an item" 4 (match '(1 2 3 4) ((a b =.. 2 c) c) (_ 'none)))
    (test-equal "*.. 2 4: two to four" '(none (2 3) (2 3 4 5) none)
                (map (lambda (l) (match l ((a b *.. 2 4) b) (_ 'none)))
                     '((1 2) (1 2 3) (1 2 3 4 5) (1 2 3 4 5 6))))
    (test-equal "*.. in a vector" '(2 3) (match #(1 2 3) (#(a b *.. 1 2) b) (_ 'none)))
    (test-error-contains "=.. without a count" '("match" "count")
                         (lambda () (eval '(match '(1) ((a =.. x) a)) (interaction-environment))))
    (test-equal "a structured pattern repeated" '((a b c) (1 2 3))
                (match '((a . 1) (b . 2) (c . 3)) (((k . v) ...) (list k v))))
    (test-equal "a repeated pattern that fails on one element" 'no
                (match '((a . 1) b) (((k . v) ...) k) (_ 'no)))
    (test-equal "nested ellipses" '((a b) ((1 2) (3)))
                (match '((a 1 2) (b 3)) (((x y ...) ...) (list x y))))
    (test-equal "a predicate repeated" '(1 3 5) (match '(1 3 5) (((? odd? x) ...) x)))
    (test-equal "a repeated predicate that fails" 'even
                (match '(1 2 5) (((? odd? x) ...) x) (_ 'even)))
    (test-equal "a long list" 100000 (length (match (make-list 100000 'x) ((x ...) x))))
    (test-equal "a long list through a loop" 100000
                (match (make-list 100000 '(1)) (((x) ...) (apply + x))))))

;; ------------------------------------------------------------------
(test-group "vectors"
  (lambda ()
    (test-equal "fixed length" '(1 2 3) (match #(1 2 3) (#(a b c) (list a b c))))
    (test-equal "the wrong length" 'no (match #(1 2) (#(a b c) 'yes) (_ 'no)))
    (test-equal "not a vector" 'no (match '(1 2 3) (#(a b c) 'yes) (_ 'no)))
    (test-equal "the empty vector" 'empty (match #() (#(a) 'one) (#() 'empty)))
    (test-equal "literals in a vector" 'yes (match #(1 x) (#(1 'x) 'yes) (_ 'no)))
    (test-equal "an ellipsis at the end" '(1 (2 3 4)) (match #(1 2 3 4) (#(a b ...) (list a b))))
    (test-equal "an ellipsis in the middle" '(1 (2 3 4) 5)
                (match #(1 2 3 4 5) (#(a b ... c) (list a b c))))
    (test-equal "an ellipsis matching nothing" '(1 () 2) (match #(1 2) (#(a b ... c) (list a b c))))
    (test-equal "too short for the items around the ellipsis" 'no
                (match #(1) (#(a b ... c) 'yes) (_ 'no)))
    (test-equal "..1 in a vector" 'no (match #(1) (#(a b ..1) b) (_ 'no)))
    (test-equal "nested in a list" '(1 (2 3)) (match '(#(1) #(2 3)) ((#(a) #(b ...)) (list a b))))
    (test-equal "a structured pattern repeated in a vector" '((1 2) (a b))
                (match #((1 . a) (2 . b)) (#((n . s) ...) (list n s))))))

;; ------------------------------------------------------------------
(test-group "quasi-patterns"
  (lambda ()
    (test-equal "unquote" '(2 3) (match (list 1 2 3) (`(1 ,b ,c) (list b c))))
    (test-equal "symbols are literal" 'add (match '(+ 1 2) (`(+ ,a ,b) 'add) (_ 'other)))
    (test-equal "a literal that differs" 'other (match '(- 1 2) (`(+ ,a ,b) 'add) (_ 'other)))
    (test-equal "nested" '(1 2) (match '(f (g 1) 2) (`(f (g ,x) ,y) (list x y))))
    (test-equal "a dotted tail" '(1 (2 3)) (match '(1 2 3) (`(,a . ,r) (list a r))))
    (test-equal "unquote-splicing at the end" '(1 (2 3)) (match '(1 2 3) (`(,a ,@b) (list a b))))
    (test-equal "unquote-splicing before items" '((1 2) 3) (match '(1 2 3) (`(,@a ,b) (list a b))))
    (test-equal "an ellipsis" '(1 2 3) (match '(x 1 2 3) (`(x ,y ...) y)))
    (test-equal "a list pattern whose head is a variable named %splice" 1
                (match '(s 1) ((%splice x) x)))
    (test-equal "a vector" '(1 2) (match #(v 1 2) (`#(v ,a ,b) (list a b))))
    (test-equal "a pattern under unquote" 'odd (match '(k 3) (`(k ,(? odd?)) 'odd) (_ 'no)))))

;; ------------------------------------------------------------------
(test-group "?, and, or"
  (lambda ()
    (test-equal "? with a predicate" 1 (match 1 ((? odd? x) x)))
    (test-equal "? that fails" 'no (match 2 ((? odd? x) x) (_ 'no)))
    (test-equal "? with no pattern" 'str (match "s" ((? string?) 'str)))
    (test-equal "? with several patterns" '(1 2) (match '(1 2) ((? pair? (a . _) (_ b)) (list a b))))
    (test-equal "? with a lambda" 'big (match 100 ((? (lambda (n) (> n 10))) 'big) (_ 'small)))
    (test-equal "and binds the whole: as-patterns" '((1 2) 1)
                (match '(1 2) ((and whole (a . _)) (list whole a))))
    (test-equal "(and) matches anything" #t (match 1 ((and) #t)))
    (test-equal "or, the first alternative" 1 (match 1 ((or x 2) x)))
    (test-equal "or, the second alternative" 'b (match 'b ((or 'a 'b) 'b) (_ 'no)))
    (test-equal "or, variables in every alternative" '(x 1)
                (match '(1 x) ((or (a 'x) ('y a)) (list 'x a)) (_ 'no)))
    (test-equal "or, a variable in one alternative only is #f in the other" '(2 #f)
                (match '(b 2) ((or ('a x y) ('b y)) (list y x))))
    (test-equal "(or) never matches" 'no (match 1 ((or) 'yes) (_ 'no)))
    (test-equal "or with structure" '(1 2)
                (match '(pt 1 2) ((or ('pt x y) #(x y)) (list x y))))
    (test-equal "or with structure, the vector" '(3 4)
                (match #(3 4) ((or ('pt x y) #(x y)) (list x y))))))


;; not and = in a program: the program's not and = are copies of the
;; core bindings that free-identifier=? takes as the core's (issue 33),
;; so (not p) and (= f p) are the matcher's operators, not list patterns
;; of a variable named not or =.
(test-group "not and = from a program"
  (lambda ()
    (test-equal "= applies a procedure" 1 (match '(1 . 2) ((= car x) x)))
    (test-equal "= then a pattern" 'long
                (match '(1 2 3 4) ((= length (? (lambda (n) (> n 3)))) 'long) (_ 'short)))
    (test-equal "not" #t (match 1 ((not 2) #t)))
    (test-equal "not of a value that is a list" 'yes
                (match '(x 3) ((not (_ 2)) 'yes) (_ 'no)))
    (test-equal "not of a structure" 'not-two
                (match '(1 2 3) ((not (a b)) 'not-two) (_ 'two)))
    (test-equal "and of nots" 'between
                (match 5 ((and (not 1) (not 9)) 'between) (_ 'edge)))))

;; The same operators from a library, whose not and = are the core's.
(test-group "not, = and ? from a library"
  (lambda ()
    (test-equal "each clause of (fixture match-user)'s classify"
                '(not-number five five (negative -3) other)
                (map classify '(a 5 -5 -3 2)))
    (test-equal "a library's macro that expands into match, used here"
                '(2 . 1) (swap-pair (cons 1 2)))))

;; ------------------------------------------------------------------
(test-group "non-linear patterns"
  (lambda ()
    (test-equal "a variable twice compares with equal?" 2
                (match (list 1 2 1) ((a a b) 1) ((a b a) 2)))
    (test-equal "equal? on structures" 'same
                (match (list (list 1 "x") (list 1 "x")) ((a a) 'same) (_ 'different)))
    (test-equal "different values" 'different
                (match (list 1 2) ((a a) 'same) (_ 'different)))
    (test-equal "across nested patterns" 'yes
                (match '((k 1) (k 2)) (((a _) (a _)) 'yes) (_ 'no)))
    (test-equal "a repeated variable twice: equal lists" '(1 2)
                (match '((1 2) (1 2)) (((x ...) (x ...)) x) (_ #f)))
    (test-equal "a repeated variable twice: different lists" #f
                (match '((1 2) (1 2 3)) (((x ...) (x ...)) x) (_ #f)))
    (test-equal "a repeated variable before items, twice" #f
                (match '((1 2 3) (1 1 3)) (((x ... 3) (x ... 3)) x) (_ #f)))
    (test-equal "a variable, then the same variable repeated" #f
                (match '(1 2) ((a a ...) a) (_ #f)))
    (test-equal "a repeated variable, then the same variable" #f
                (match '(1 2) ((foo ... foo) foo) (_ #f)))
    (test-equal "a repeated variable in a vector, twice" '(1 2)
                (match '(#(1 2) #(1 2)) ((#(x ...) #(x ...)) x) (_ #f)))
    (test-equal "against a variable bound by and" 'yes
                (match '(3 3) ((and (x _) (_ x)) 'yes) (_ 'no)))))

;; ------------------------------------------------------------------
(define-record-type employee
  (make-employee name title salary)
  employee?
  (name employee-name)
  (title employee-title set-employee-title!)
  (salary employee-salary))
(define-record-type other-type (make-other a) other? (a other-a))

(test-group "records, set! and get!"
  (lambda ()
    (test-equal "$ with every field" '("Doctor" "Bob" 10)
                (match (make-employee "Bob" "Doctor" 10) (($ employee n t s) (list t n s))))
    (test-equal "$ with the first fields only" "Bob"
                (match (make-employee "Bob" "Doctor" 10) (($ employee n) n)))
    (test-equal "$ of another type does not match" 'no
                (match (make-other 1) (($ employee n) n) (_ 'no)))
    (test-equal "$ of a non-record" 'no (match '(1) (($ employee n) n) (_ 'no)))
    (test-equal "$ with patterns in fields" 'doctor
                (match (make-employee "Bob" "Doctor" 10)
                  (($ employee _ "Nurse") 'nurse)
                  (($ employee _ "Doctor" (? number?)) 'doctor)))
    (test-equal "$ with more patterns than the type has fields: an error naming the type"
                "match: a $ pattern has more fields than its record type: other-type 1"
                (message-of (lambda () (match (make-other 1) (($ other-type a b) a)))))
    (test-equal "set! in a pair" '(1 . 3)
                (let ((x (cons 1 2))) (match x ((1 . (set! s)) (s 3) x))))
    (test-equal "set! of a car" '(9 2)
                (let ((x (list 1 2))) (match x (((set! s) _) (s 9) x))))
    (test-equal "get!" 2 (match '(1 . 2) ((1 . (get! g)) (g))))
    (test-equal "get! sees a later change" 5
                (let ((x (list 1 2))) (match x ((_ (get! g)) (set-car! (cdr x) 5) (g)))))
    (test-equal "set! in a vector" #(1 x)
                (let ((v (vector 1 2))) (match v (#(_ (set! s)) (s 'x) v))))
    (test-equal "set! of a record field" "Boss"
                (let ((e (make-employee "Bob" "Doctor" 10)))
                  (match e (($ employee _ (set! s)) (s "Boss") (employee-title e)))))))

;; ------------------------------------------------------------------
(test-group "tree search: ***"
  (lambda ()
    (test-equal "the path to a leaf" '(a a a) (match '(a (a (a b))) ((x *** 'b) x)))
    (test-equal "searched depth first, left to right" '(a c f)
                (match '(a (b) (c (d e) (f g))) ((x *** 'g) x)))
    (test-equal "the current object itself: an empty path" '()
                (match 'b ((x *** 'b) x)))
    (test-equal "the pattern found binds its variables" '((a) (2 . x))
                (match '(a (2 . x)) ((p *** (? pair? (and q (2 . _)))) (list p q))))
    (test-equal "_ *** anywhere" 'found (match '(1 (2 (3 (4 key)))) ((_ *** 'key) 'found)))
    (test-equal "not found" 'no (match '(a (b c)) ((_ *** 'z) 'yes) (_ 'no)))))

;; ------------------------------------------------------------------
(test-group "=> and failure"
  (lambda ()
    (test-equal "(=> next) goes on to the next clause" 'second
                (match '(1 2) ((a b) (=> next) (if (= a 1) (next) 'first)) (_ 'second)))
    (test-equal "(=> next) not called" 'first
                (match '(0 2) ((a b) (=> next) (if (= a 1) (next) 'first)) (_ 'second)))
    (test-equal "no pattern matches: the value named"
                "match: no matching pattern: (1 2 3)"
                (message-of (lambda () (match '(1 2 3) ((a b) a) (#(x) x)))))
    (test-assert "the error is placed in the program, not in (ice-9 match)"
                 (let ((where (condition-location
                               (raised-object (lambda () (match 5 ((a) a))))))
                       (p (open-output-string)))
                   (write where p)
                   (not (string-contains? (get-output-string p) "match.sld"))))
    (test-equal "the error is catchable as an error object" '(5)
                (guard (e ((error-object? e) (error-object-irritants e)))
                  (match 5 ((a) a))))
    (test-equal "the failure of the last clause with => " "match: no matching pattern: 1"
                (message-of (lambda () (match 1 (x (=> f) (f))))))
    (test-error-contains "a misplaced ellipsis is a syntax error"
                         '("match" "ellipsis")
                         (lambda () (eval '(match 1 ((... a) a)) (interaction-environment))))
    (test-equal "a bad pattern is a syntax error, raised at the use" 'syntax-error
                (condition-kind (raised-object
                                 (lambda () (eval '(match 1 ((a ... b ...) a))
                                                  (interaction-environment))))))
    (test-error-contains "two ellipses in one list"
                         '("match" "two ellipses")
                         (lambda () (eval '(match 1 ((a ... b ...) a)) (interaction-environment))))
    (test-error-contains "a clause without a body"
                         '("match" "without a body")
                         (lambda () (eval '(match 1 (x)) (interaction-environment))))
    (test-error-contains "match without clauses"
                         '("match" "bad syntax")
                         (lambda () (eval '(match 1) (interaction-environment))))))

;; ------------------------------------------------------------------
(test-group "the binding forms"
  (lambda ()
    (test-equal "match-lambda" '(3 x)
                (map (match-lambda ((a b) (+ a b)) (_ 'x)) '((1 2) 7)))
    (test-equal "match-lambda*" 3 ((match-lambda* ((a b) (+ a b))) 1 2))
    (test-equal "match-lambda* with a rest" '(1 (2 3)) ((match-lambda* ((a . r) (list a r))) 1 2 3))
    (test-equal "match-let" 6 (match-let (((a b) '(1 2)) (#(c) #(3))) (+ a b c)))
    (test-equal "match-let evaluates its expressions before binding" '(2 1)
                (let ((a 1) (b 2)) (match-let ((a b) (b a)) (list a b))))
    (test-equal "named match-let" 10
                (match-let loop (((a . b) '(1 2 3 4)) (acc 0))
                  (if (null? b) (+ a acc) (loop b (+ a acc)))))
    (test-equal "match-let*" 3 (match-let* (((a b) '(1 2)) (c (+ a b))) c))
    (test-equal "match-letrec: the expressions see the variables" #t
                (match-letrec (((ev? od?)
                                (list (lambda (n) (if (= n 0) #t (od? (- n 1))))
                                      (lambda (n) (if (= n 0) #f (ev? (- n 1)))))))
                  (ev? 10)))
    (test-equal "match-let with no match raises" "match: no matching pattern: 1"
                (message-of (lambda () (match-let (((a) 1)) a))))
    (match-define (p q . r) '(7 8 9))
    (test-equal "match-define" '(7 8 (9)) (list p q r))))

(match-define (top-a #(top-b)) (list 'a (vector 'b)))

(test-group "match at top level, in eval and in tail position"
  (lambda ()
    (test-equal "match-define at top level" '(a b) (list top-a top-b))
    (test-equal "match in the REPL's environment" '(2 1)
                (eval '(begin (import (ice-9 match)) (match '(1 2) ((a b) (list b a))))
                      (interaction-environment)))
    (test-equal "a clause body is in tail position: a loop of 10^6" 'done
                (let loop ((l (make-list 1000000 'x)))
                  (match l
                    (() 'done)
                    ((_ . r) (loop r)))))
    (test-equal "a clause after a failed one, in tail position" 'done
                (let loop ((n 1000000))
                  (match n
                    ((? string?) 'string)
                    (0 'done)
                    (_ (loop (- n 1))))))))

;; ------------------------------------------------------------------
(test-group "the operators are recognised by binding"
  (lambda ()
    (test-equal "a local binding named _ is a variable like any other"
                '(1 2)
                (let ((_ 'shadowed)) (match '(1 2) ((_ b) (list _ b)))))
    (test-equal "a local binding named ? makes (? a b) a list pattern" '(x y)
                (let ((? 1)) (match '(p x y) ((? a b) (list a b)))))))

;; ------------------------------------------------------------------
(test-group "no allocation of its own"
  (lambda ()
    (define (allocated) (cdr (assq 'bytes-allocated (gc-stats))))
    (define (shape x)
      (match x
        (('point (? number? px) (? number? py)) (+ px py))
        (('circle _ r) r)
        (#(a b) b)
        ((a . (b . ())) a)
        (_ 0)))
    (define (run n)
      (do ((i 0 (+ i 1)) (s 0 (+ s (shape '(point 1 2)) (shape '(circle c 3))
                                  (shape #(1 2)) (shape '(5 6)) (shape 'z))))
          ((= i n) s)))
    (run 10)
    (let* ((before (allocated))
           (s (run 10000))
           (after (allocated)))
      (test-equal "the results" 130000 s)
      ;; Failing clauses (four before the last) would cost a closure of
      ;; 32 bytes or more each: 40000 of them, 1.3 MB.
      (test-assert "50000 matches allocate less than 4 KiB"
                   (<= (- after before) 4096)))))

(test-end "ice-9-match")

;;; ice-9-match.scm ends here
