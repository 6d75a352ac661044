;;; macros.scm -- hygienic macros: syntax-rules, syntax-case and their errors
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; define-syntax, let-syntax, letrec-syntax, syntax-rules and
;;; syntax-error (R7RS 4.3); syntax-case and its companions (R6RS 12,
;;; as in Guile), define-syntax-rule; hygiene in both directions, for
;;; the core forms and for user macros; the errors of a bad use and of
;;; a malformed macro, with their positions; runaway expansion; the
;;; hygiene of the built-in derived forms; immutable literal constants;
;;; and a stress set of the classic derived forms rewritten as
;;; syntax-rules macros, plus programs that compute at expansion time.
;;;
;;; A form whose expansion raises ends the file if it is at its top
;;; level (the error is outside any group), so every case whose
;;; expansion is expected to raise is run through eval inside a thunk.
;;; Cases that check what a top-level change does to later forms
;;; (`define' of a keyword, a failed expansion) eval the later forms
;;; too, since the forms of a group are expanded before any of it runs.
;;; The cases that rebind `begin' at the top level come last but one;
;;; the last group holds deep input and runaway expansion, which must
;;; end with a value or a clear error.

;;; Code:

(test-begin "macros")

;; ------------------------------------------------------------------
;; Helpers.

(define (macros-eval form)
  ;; FORM evaluated at the top level.
  (eval form (interaction-environment)))

(define (macros-load-raising name text)
  ;; Write TEXT to the file NAME, load it; return what it raised
  ;; (test-nothing-raised if nothing) and the path, as a pair.
  (let ((path (test-write-file name text)))
    (cons (raised-object (lambda () (load path))) path)))

(define (macros-at path line column)
  (string-append path ":" (number->string line) ":" (number->string column)))

(define (macros-message thunk)
  ;; The condition-message of what THUNK raises, or #f if it returns.
  (let ((e (raised-object thunk)))
    (if (eq? e test-nothing-raised) #f (condition-message e))))

(define (macros-prefix? prefix s)
  (and (string? s)
       (<= (string-length prefix) (string-length s))
       (string=? prefix (substring s 0 (string-length prefix)))))

;; ------------------------------------------------------------------
;; The stress set: R7RS derived forms as user macros (7.3), each
;; under a my- name.  They are top-level macros, so their templates'
;; free identifiers (let, if, memv, begin ...) are the global ones.

(define-syntax my-and
  (syntax-rules ()
    ((_) #t)
    ((_ e) e)
    ((_ e1 e2 ...) (if e1 (my-and e2 ...) #f))))

(define-syntax my-or
  (syntax-rules ()
    ((_) #f)
    ((_ e) e)
    ((_ e1 e2 ...) (let ((t e1)) (if t t (my-or e2 ...))))))

(define-syntax my-let
  (syntax-rules ()
    ((_ ((name val) ...) body1 body2 ...)
     ((lambda (name ...) body1 body2 ...) val ...))
    ((_ tag ((name val) ...) body1 body2 ...)
     ((letrec ((tag (lambda (name ...) body1 body2 ...))) tag) val ...))))

(define-syntax my-let*
  (syntax-rules ()
    ((_ () body1 body2 ...) (let () body1 body2 ...))
    ((_ ((name val) more ...) body1 body2 ...)
     (let ((name val)) (my-let* (more ...) body1 body2 ...)))))

(define-syntax my-cond
  (syntax-rules (else =>)
    ((_ (else e1 e2 ...)) (begin e1 e2 ...))
    ((_ (test => receiver) clause ...)
     (let ((temp test))
       (if temp (receiver temp) (my-cond clause ...))))
    ((_ (test) clause ...)
     (let ((temp test))
       (if temp temp (my-cond clause ...))))
    ((_ (test e1 e2 ...) clause ...)
     (if test (begin e1 e2 ...) (my-cond clause ...)))
    ((_) (if #f #f))))

(define-syntax my-case
  (syntax-rules ()
    ((_ key clause ...)
     (let ((k key)) (my-case-clauses k clause ...)))))

(define-syntax my-case-clauses
  (syntax-rules (else =>)
    ((_ k) (if #f #f))
    ((_ k (else => receiver)) (receiver k))
    ((_ k (else e1 e2 ...)) (begin e1 e2 ...))
    ((_ k ((datum ...) => receiver) clause ...)
     (if (memv k '(datum ...))
         (receiver k)
         (my-case-clauses k clause ...)))
    ((_ k ((datum ...) e1 e2 ...) clause ...)
     (if (memv k '(datum ...))
         (begin e1 e2 ...)
         (my-case-clauses k clause ...)))))

(define-syntax my-do
  (syntax-rules ()
    ((_ ((var init step ...) ...) (test result ...) command ...)
     (let loop ((var init) ...)
       (if test
           (begin (if #f #f) result ...)
           (begin command ...
                  (loop (my-do-step var step ...) ...)))))))

(define-syntax my-do-step
  (syntax-rules ()
    ((_ var) var)
    ((_ var step) step)))

;; ------------------------------------------------------------------
(test-group "define-syntax and syntax-rules: basics"
  (lambda ()
    (define-syntax five (syntax-rules () ((_) 5)))
    (define-syntax first-of (syntax-rules () ((_ a b) a)))
    (define-syntax rest-args (syntax-rules () ((_ . args) 'args)))
    (define-syntax ignore-all (syntax-rules () ((_ _ x _) 'x)))
    (define-syntax rule-order
      (syntax-rules ()
        ((_ a) 'one)
        ((_ a b) 'two)
        ((_ a ...) 'many)))
    (test-eqv "a macro with no arguments" 5 (five))
    (test-eqv "a pattern variable" 1 (first-of 1 (car '())))
    (test-equal "a dotted pattern after the keyword: all the arguments"
                '((1 2) ()) (list (rest-args 1 2) (rest-args)))
    (test-equal "_ matches anything and binds nothing" 'b (ignore-all a b c))
    (test-equal "the first rule that matches wins"
                '(one two many many)
                (list (rule-order 1) (rule-order 1 2) (rule-order 1 2 3)
                      (rule-order)))
    (test-equal "the keyword position is ignored: any name there"
                'ok
                (let-syntax ((m (syntax-rules () ((anything x) x))))
                  (m 'ok)))
    (test-equal "a macro used as an operator that expands to a lambda" 10
                ((let-syntax ((my-lambda (syntax-rules ()
                                           ((_ args body) (lambda args body)))))
                   (my-lambda (x) (* x 2)))
                 5))
    (test-equal "a local variable shadows a macro" 'proc
                (let ((five (lambda () 'proc))) (five)))
    (test-equal "a local macro shadows a core form" 'my-if
                (let-syntax ((if (syntax-rules () ((_ a b c) 'my-if))))
                  (if 1 2 3)))
    (test-error "a macro keyword used as a variable is an error"
                (lambda () (macros-eval '(let () (define-syntax m (syntax-rules () ((_) 1)))
                                           (list m)))))
    (test-error "syntax-rules outside a macro definition is an error"
                (lambda () (macros-eval '(syntax-rules () ((_) 1)))))))

;; ------------------------------------------------------------------
(test-group "syntax-rules: literals"
  (lambda ()
    (define-syntax arrow-or-plain
      (syntax-rules (=>)
        ((_ a => b) '(arrow a b))
        ((_ a b c) '(plain a b c))))
    (define-syntax my-if
      (syntax-rules (then else)
        ((_ c then t else e) (if c t e))
        ((_ . other) 'no-match)))
    (test-equal "a literal matches the same identifier" '(arrow 1 2)
                (arrow-or-plain 1 => 2))
    (test-equal "a non-literal in that position: the other rule"
                '(plain 1 x 2) (arrow-or-plain 1 x 2))
    (test-equal "two literals" '(1 2)
                (list (my-if #t then 1 else 2) (my-if #f then 1 else 2)))
    (test-equal "a literal shadowed by a local variable at the use does not match"
                '(plain 1 => 2)
                (let ((=> 0)) (arrow-or-plain 1 => 2)))
    (test-equal "else shadowed at the use: the literal does not match"
                'no-match
                (let ((else 1)) (my-if #f then 1 else 2)))
    (test-equal "a literal bound where the macro is defined: matched by binding"
                '(lit var var)
                (let ((mark 1))
                  (let-syntax ((m (syntax-rules (mark)
                                    ((_ mark) 'lit)
                                    ((_ x) 'var))))
                    (list (m mark) (let ((mark 2)) (m mark)) (m other)))))))

;; ------------------------------------------------------------------
(test-group "syntax-rules: ellipsis"
  (lambda ()
    (define-syntax all (syntax-rules () ((_ a ...) '(a ...))))
    (define-syntax nested
      (syntax-rules () ((_ (a b ...) ...) '((b ... a) ...))))
    (define-syntax middle
      (syntax-rules () ((_ a ... b c) '(c b (a ...)))))
    (define-syntax after-first
      (syntax-rules () ((_ x y ... z) '(x (y ...) z))))
    (define-syntax dotted-rest
      (syntax-rules () ((_ a ... . r) '((a ...) r))))
    (define-syntax flatten
      (syntax-rules () ((_ (a ...) ...) '(a ... ...))))
    (define-syntax pairs-up
      (syntax-rules () ((_ (a ...) (b ...)) '((a b) ...))))
    (define-syntax apply-each
      (syntax-rules () ((_ f a ...) (list (f a) ...))))
    (define-syntax spread-head
      (syntax-rules () ((_ (k v ...) ...) '((k v) ... ...))))
    (test-equal "zero or more" '(() (1) (1 2 3))
                (list (all) (all 1) (all 1 2 3)))
    (test-equal "nested ellipses ((a b ...) ...)" '((2 3 1) (4) (6 5))
                (nested (1 2 3) (4) (5 6)))
    (test-equal "nested ellipses, no outer items" '() (nested))
    (test-equal "ellipsis in the middle: (a ... b c)"
                '((4 3 (1 2)) (2 1 ()))
                (list (middle 1 2 3 4) (middle 1 2)))
    (test-equal "ellipsis between two items" '((1 (2 3) 4) (1 () 2))
                (list (after-first 1 2 3 4) (after-first 1 2)))
    (test-equal "ellipsis then a dotted tail" '(((1 2) 3) (() 4) ((1) ()))
                (list (dotted-rest 1 2 . 3) (dotted-rest . 4) (dotted-rest 1)))
    (test-equal "a template with two ellipses flattens one level"
                '(1 2 3) (flatten (1 2) () (3)))
    (test-equal "two variables under one ellipsis go in step"
                '((1 3) (2 4)) (pairs-up (1 2) (3 4)))
    (test-error "two variables under one ellipsis with different lengths"
                (lambda ()
                  (macros-eval '(let-syntax ((m (syntax-rules ()
                                                  ((_ (a ...) (b ...)) '((a b) ...)))))
                                  (m (1 2) (3))))))
    (test-equal "a depth-0 variable repeated beside a depth-1 one"
                '(-1 -2 -3) (apply-each - 1 2 3))
    (test-equal "a depth-1 variable repeated under two ellipses"
                '((x 1) (x 2) (y 3)) (spread-head (x 1 2) (y 3) (z)))
    (test-equal "an ellipsis in the middle at depth 2"
                '((3 1 2) (5 4) (6))
                (let-syntax ((m (syntax-rules ()
                                  ((_ (a ... . r) ...) '((r a ...) ...)))))
                  (m (1 2 . 3) (4 . 5) 6)))
    (test-equal "a dotted template tail after an ellipsis" '(1 2 . 3)
                (let-syntax ((m (syntax-rules () ((_ a ... . r) '(a ... . r)))))
                  (m 1 2 . 3)))))

;; ------------------------------------------------------------------
(test-group "syntax-rules: dotted and vector patterns"
  (lambda ()
    (define-syntax head-tail (syntax-rules () ((_ a . r) '(a r))))
    (define-syntax vec (syntax-rules () ((_ #(a b ...)) '(a (b ...)))))
    (define-syntax vec-last (syntax-rules () ((_ #(a ... z)) '(z a ...))))
    (define-syntax vec-pairs (syntax-rules () ((_ #((a b) ...)) '(a ... b ...))))
    (define-syntax vecs (syntax-rules () ((_ #(a ...) ...) '((a ...) ...))))
    (define-syntax to-vector (syntax-rules () ((_ a ...) '#(a ... end))))
    (define-syntax not-a-vector
      (syntax-rules () ((_ #(a)) 'vector) ((_ x) 'other)))
    (test-equal "a dotted tail matches the rest of the list"
                '((1 (2 3)) (1 ()) (1 2))
                (list (head-tail 1 2 3) (head-tail 1) (head-tail 1 . 2)))
    (test-equal "a vector pattern with an ellipsis" '(1 (2 3)) (vec #(1 2 3)))
    (test-equal "a vector pattern with an ellipsis then an item" '(3 1 2)
                (vec-last #(1 2 3)))
    (test-equal "a vector of lists" '(1 3 2 4) (vec-pairs #((1 2) (3 4))))
    (test-equal "vector patterns under an ellipsis" '((1 2) () (3))
                (vecs #(1 2) #() #(3)))
    (test-equal "a vector template with an ellipsis" #(1 2 end) (to-vector 1 2))
    (test-equal "a vector pattern does not match a list" '(vector other)
                (list (not-a-vector #(1)) (not-a-vector (1))))))

;; ------------------------------------------------------------------
;; A let-syntax in a body whose own body is only definitions gives
;; them to the enclosing body (as Guile and R6RS do); one with an
;; expression is an expression, its definitions its own (R5RS, and
;; the pitfall 8.3 of Petrofsky's collection).
(test-group "let-syntax of definitions in a body"
  (lambda ()
    (test-eq "the definition is the body's" 'ok
             (let () (let-syntax () (define internal-def 'ok)) internal-def))
    (test-eq "letrec-syntax too" 'ok
             (let () (letrec-syntax () (define internal-def 'ok)) internal-def))
    (test-eqv "with an expression it is an expression (pitfall 8.3)" 1
              (let ((x 1))
                (let-syntax ((foo (syntax-rules () ((_) 2))))
                  (define x (foo))
                  3)
                x))
    (test-eqv "the values see the syntax bindings, and each other" 4
              (let ()
                (let-syntax ((two (syntax-rules () ((_) 2))))
                  (define a (two))
                  (define (f) (+ a (two))))
                (f)))
    (test-eqv "a macro use that expands into a definition" 7
              (let ()
                (let-syntax ((def (syntax-rules () ((_ n v) (define n v)))))
                  (def q 7))
                q))
    (test-eqv "letrec-syntax's recursive macros in the values" 3
              (let ()
                (letrec-syntax ((count (syntax-rules ()
                                         ((_) 0)
                                         ((_ x . more) (+ 1 (count . more))))))
                  (define n (count a b c)))
                n))
    (test-equal "a name the macro introduces stays hidden" '(5 outer)
                (let ((tmp 'outer))
                  (let ()
                    (let-syntax ((def-with-tmp
                                  (syntax-rules ()
                                    ((_ n) (define n (let ((tmp 5)) tmp))))))
                      (def-with-tmp five))
                    (list five tmp))))
    (test-error-contains "an empty let-syntax in a body is still an error"
                         '("let-syntax" "bad syntax")
                         (lambda ()
                           (eval '(let () (let-syntax ()) 1)
                                 (interaction-environment))))))

;; ------------------------------------------------------------------
;; R7RS matches the ellipsis by binding, as literals: a `...' that a
;; local variable shadows where syntax-rules is written is an ordinary
;; identifier (the R5RS pitfall of Petrofsky's collection).
(test-group "syntax-rules: a shadowed ... is no ellipsis"
  (lambda ()
    (test-eq "the pitfall: (_ x ...) is a pattern of two elements" 'ok
             (let ((... 2))
               (let-syntax ((s (syntax-rules ()
                                 ((_ x ...) 'bad)
                                 ((_ . r) 'ok))))
                 (s a b c))))
    (test-equal "the shadowed ... is a pattern variable" '(a b)
                (let ((... 2))
                  (let-syntax ((s (syntax-rules ()
                                    ((_ x ...) (list 'x '...)))))
                    (s a b))))
    (test-equal "in a template it refers to the local variable" '(1 2)
                (let ((... 2))
                  (let-syntax ((s (syntax-rules () ((_ x) (list x ...)))))
                    (s 1))))
    (test-equal "shadowed by an internal definition" 'ok
                (let ()
                  (define ... 'dots)
                  (define-syntax s (syntax-rules () ((_ x ...) 'bad) ((_ . r) 'ok)))
                  (s a b c)))
    (test-equal "not shadowed: the ellipsis" '(a b c)
                (let-syntax ((s (syntax-rules () ((_ x ...) '(x ...)))))
                  (s a b c)))
    (test-equal "a binding elsewhere does not shadow it" '(a b c)
                (let ((f (lambda (...) ...)))
                  (let-syntax ((s (syntax-rules () ((_ x ...) '(x ...)))))
                    (s a b c))))
    (test-equal "a custom ellipsis still works where ... is shadowed" '(1 2)
                (let ((... 0))
                  (let-syntax ((s (syntax-rules ::: () ((_ x :::) (list x :::)))))
                    (s 1 2))))
    (define-syntax listing (syntax-rules () ((_ x ...) (list x ...))))
    (test-equal "a macro written where ... is the ellipsis, used where it is not"
                '(1 2 3)
                (let ((... 'user)) (listing 1 2 3)))))

;; ------------------------------------------------------------------
(test-group "syntax-rules: (... ...) and a custom ellipsis"
  (lambda ()
    (test-equal "an ellipsis that is also a literal is a literal (R7RS 4.3.2)"
                '((100 ...) matched)
                (let ()
                  (define-syntax lit-ellipsis
                    (syntax-rules ... (...)
                      ((_ x) '(x ...))))
                  (define-syntax match-dots
                    (syntax-rules ::: (:::)
                      ((_ a :::) 'matched)
                      ((_ a b ...) 'ellipsis)))
                  (list (lit-ellipsis 100) (match-dots 1 :::))))
    (define-syntax escaped
      (syntax-rules () ((_ a ...) '((a (... ...)) ...))))
    (define-syntax colons
      (syntax-rules ::: () ((_ a :::) '(a ::: ...))))
    (define-syntax colons-nested
      (syntax-rules ::: () ((_ (a b :::) :::) '((b ::: a) :::))))
    (define-syntax colons-literal
      (syntax-rules ::: (=>) ((_ a => b :::) '(a b :::))))
    (test-equal "(... ...) makes a literal ellipsis" '((1 ...) (2 ...))
                (escaped 1 2))
    (test-equal "(... ...) in a vector template" #(... 1)
                (let-syntax ((m (syntax-rules () ((_ a) '#((... ...) a)))))
                  (m 1)))
    (test-equal "(... TEMPLATE) escapes every ellipsis in TEMPLATE" '(1 (x ...))
                (let-syntax ((m (syntax-rules () ((_ a) '(a (... (x ...)))))))
                  (m 1)))
    (test-equal "a custom ellipsis; ... is then an ordinary identifier"
                '(1 2 ...) (colons 1 2))
    (test-equal "a custom ellipsis, nested" '((2 3 1) (5 4))
                (colons-nested (1 2 3) (4 5)))
    (test-equal "a custom ellipsis with literals" '(0 1 2)
                (colons-literal 0 => 1 2))
    (test-equal "a macro that defines a macro with a custom ellipsis" '(a b)
                (let ()
                  (define-syntax def-lister
                    (syntax-rules ()
                      ((_ name)
                       (define-syntax name
                         (syntax-rules ::: () ((_ x :::) '(x :::)))))))
                  (def-lister lst)
                  (lst a b)))
    (test-equal "a macro that defines a macro with (... ...)" '(1 2 3)
                (let ()
                  (define-syntax def-lister
                    (syntax-rules ()
                      ((_ name)
                       (define-syntax name
                         (syntax-rules () ((_ x (... ...)) (list x (... ...))))))))
                  (def-lister lst)
                  (lst 1 2 3)))))

;; ------------------------------------------------------------------
(test-group "let-syntax and letrec-syntax"
  (lambda ()
    (test-equal "let-syntax: the body sees the macro" 2
                (let-syntax ((inc (syntax-rules () ((_ x) (+ x 1))))) (inc 1)))
    (test-equal "let-syntax with no bindings" 5 (let-syntax () 5))
    (test-equal "let-syntax: its body may have definitions" 2
                (let-syntax ((one (syntax-rules () ((_) 1))))
                  (define x (one))
                  (+ x 1)))
    (test-equal "let-syntax: the templates see the outer binding, not a sibling"
                'outer
                (let ((f (lambda () 'outer)))
                  (let-syntax ((f (syntax-rules () ((_) 'macro)))
                               (g (syntax-rules () ((_) (f)))))
                    (g))))
    (test-equal "letrec-syntax: the templates see the siblings" 'macro
                (let ((f (lambda () 'outer)))
                  (letrec-syntax ((f (syntax-rules () ((_) 'macro)))
                                  (g (syntax-rules () ((_) (f)))))
                    (g))))
    (test-equal "letrec-syntax: mutual recursion at expansion time" '(#t #f #t)
                (letrec-syntax ((ev? (syntax-rules ()
                                       ((_ ()) #t)
                                       ((_ (x . r)) (od? r))))
                                (od? (syntax-rules ()
                                       ((_ ()) #f)
                                       ((_ (x . r)) (ev? r)))))
                  (list (ev? (1 2 3 4)) (ev? (1 2 3)) (od? (1)))))
    (test-equal "a template's macro means the one in scope at the definition"
                'outer
                (let-syntax ((m (syntax-rules () ((_) 'outer))))
                  (let-syntax ((n (syntax-rules () ((_) (m)))))
                    (let-syntax ((m (syntax-rules () ((_) 'inner))))
                      (n)))))
    (test-equal "a macro that expands into a let-syntax of the same name" 'inner
                (let-syntax ((m (syntax-rules ()
                                  ((_) (let-syntax ((m (syntax-rules () ((_) 'inner))))
                                         (m))))))
                  (m)))
    (test-equal "a pattern variable inside a nested let-syntax template" 3
                (let-syntax ((m (syntax-rules ()
                                  ((_ x) (let-syntax ((n (syntax-rules () ((_) x))))
                                           (n))))))
                  (let ((y 3)) (m y))))))

;; ------------------------------------------------------------------
(define-syntax macros-def-both
  (syntax-rules ()
    ((_ a b v) (begin (define a v) (define b (list v v))))))
(macros-def-both macros-top-a macros-top-b 4)

(define-syntax macros-def-macro
  (syntax-rules ()
    ((_ name val) (define-syntax name (syntax-rules () ((_) val))))))
(macros-def-macro macros-seven 7)

(define-syntax macros-uses-later (syntax-rules () ((_) (macros-defined-later))))
(define-syntax macros-defined-later (syntax-rules () ((_) 'later)))

(define macros-was-variable 1)
(define-syntax macros-was-variable (syntax-rules () ((_) 'now-a-macro)))
(define-syntax macros-was-macro (syntax-rules () ((_) 'macro)))
(define macros-was-macro 'now-a-variable)

(begin
  (define-syntax macros-in-begin (syntax-rules () ((_) 'in-begin)))
  (define macros-in-begin-value (macros-in-begin)))

(define-syntax macros-redefined (syntax-rules () ((_) 'first)))
(define (macros-uses-redefined) (macros-redefined))
(define-syntax macros-redefined (syntax-rules () ((_) 'second)))

(test-group "macros that expand into definitions"
  (lambda ()
    (test-equal "at the top level: two defines through begin" '(4 (4 4))
                (list macros-top-a macros-top-b))
    (test-equal "at the top level: a macro that defines a macro" 7
                (macros-seven))
    (test-equal "at the top level: a template may use a macro defined later" 'later
                (macros-uses-later))
    (test-equal "define-syntax of a name that was a variable" 'now-a-macro
                (macros-was-variable))
    (test-equal "define of a name that was a macro" 'now-a-variable
                macros-was-macro)
    (test-equal "define-syntax then a use in the same top-level begin" 'in-begin
                macros-in-begin-value)
    (test-equal "a redefined macro: old uses keep their expansion, new ones change"
                '(first second)
                (list (macros-uses-redefined) (macros-redefined)))
    (test-equal "in a body, mixed with internal definitions" '(1 5 5 2)
                (let ()
                  (define-syntax def2
                    (syntax-rules ()
                      ((_ a b v) (begin (define a v) (define b v)))))
                  (define x 1)
                  (def2 y z 5)
                  (define w 2)
                  (list x y z w)))
    (test-equal "in a body: the defined procedures see each other (letrec*)" #t
                (let ()
                  (define-syntax def-proc
                    (syntax-rules () ((_ (name arg) body) (define (name arg) body))))
                  (def-proc (my-even? n) (if (= n 0) #t (my-odd? (- n 1))))
                  (def-proc (my-odd? n) (if (= n 0) #f (my-even? (- n 1))))
                  (my-even? 10)))
    (test-equal "in a body: a macro that defines a macro" 5
                (let ()
                  (define-syntax mk
                    (syntax-rules ()
                      ((_ name val) (define-syntax name (syntax-rules () ((_) val))))))
                  (mk five 5)
                  (five)))
    (test-equal "in a body: a macro that expands into define-record-type" 8
                (let ()
                  (define-syntax def-rec
                    (syntax-rules ()
                      ((_ t mk get) (define-record-type t (mk f) pred (f get)))))
                  (def-rec point make-point point-f)
                  (point-f (make-point 8))))
    (test-equal "in a body: a macro that expands into define-values" 3
                (let ()
                  (define-syntax def-two
                    (syntax-rules () ((_ a b) (define-values (a b) (values 1 2)))))
                  (def-two p q)
                  (+ p q)))
    (test-equal "in a body: a macro that expands into an empty begin" 1
                (let ()
                  (define-syntax nothing (syntax-rules () ((_) (begin))))
                  (define a 1)
                  (nothing)
                  a))
    (test-equal "in a lambda body: a macro defined and used" 9
                ((lambda (x)
                   (define-syntax sq (syntax-rules () ((_ e) (* e e))))
                   (define y (sq x))
                   y)
                 3))
    (test-equal "a local macro that refers to a local variable, used in a closure"
                '(2 100)
                (let ()
                  (define (make-counter)
                    (let ((n 0))
                      (define-syntax inc!
                        (syntax-rules () ((_) (begin (set! n (+ n 1)) n))))
                      (lambda () (inc!))))
                  (let ((c (make-counter)) (n 100))
                    (c)
                    (list (c) n))))))

;; ------------------------------------------------------------------
(test-group "recursive macros"
  (lambda ()
    (define-syntax my-list-of
      (syntax-rules ()
        ((_) '())
        ((_ x rest ...) (cons x (my-list-of rest ...)))))
    (define-syntax rev
      (syntax-rules ()
        ((_ () acc) 'acc)
        ((_ (x . xs) acc) (rev xs (x . acc)))))
    (define-syntax count-up
      (syntax-rules ()
        ((_ ()) 0)
        ((_ (x . r)) (+ 1 (count-up r)))))
    (test-equal "a recursive macro building a list" '(1 2 3) (my-list-of 1 2 3))
    (test-equal "an accumulator recursion" '(3 2 1) (rev (1 2 3) ()))
    (test-equal "recursion in argument position" 4 (count-up (a b c d)))
    (test-equal "a recursive macro, 200 levels deep" 200
                (count-up (0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9
                           0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9
                           0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9
                           0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9
                           0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9
                           0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9
                           0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9
                           0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9
                           0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9
                           0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9)))))

;; ------------------------------------------------------------------
;; Hygiene: a macro's bindings do not capture the user's identifiers.

(define macros-counter 0)
(define-syntax macros-bump!
  (syntax-rules () ((_) (set! macros-counter (+ macros-counter 1)))))

(define-syntax macros-def-getter
  (syntax-rules ()
    ((_ name val) (begin (define hidden-value val) (define (name) hidden-value)))))
(macros-def-getter macros-get-a 'a)
(macros-def-getter macros-get-b 'b)

(test-group "hygiene: introduced bindings do not capture"
  (lambda ()
    (define-syntax swap!
      (syntax-rules ()
        ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))
    (define-syntax while
      (syntax-rules ()
        ((_ c body ...) (let lp () (when c body ... (lp))))))
    (test-equal "my-or's temporary t and the user's t" '(5 5)
                (let ((t 5)) (list (my-or #f t) (my-or t #f))))
    (test-equal "a local my-or, the user's t" 7
                (let ()
                  (define-syntax or2
                    (syntax-rules () ((_ a b) (let ((t a)) (if t t b)))))
                  (let ((t 7)) (or2 #f t))))
    (test-equal "swap! of a variable named tmp (first)" '(2 1)
                (let ((tmp 1) (other 2)) (swap! tmp other) (list tmp other)))
    (test-equal "swap! of a variable named tmp (second)" '(2 1)
                (let ((x 1) (tmp 2)) (swap! x tmp) (list x tmp)))
    (test-equal "an introduced named-let name does not capture the user's" '(3 user)
                (let ((i 0) (lp 'user))
                  (while (< i 3) (set! i (+ i 1)))
                  (list i lp)))
    (test-equal "a macro's let around a user expression" 3
                (let ((x 1))
                  (let-syntax ((m (syntax-rules () ((_ e) (let ((x 2)) (+ x e))))))
                    (m x))))
    (test-equal "an introduced internal definition does not capture the user's name"
                '(42 1)
                (let ()
                  (define-syntax def-hidden
                    (syntax-rules ()
                      ((_ get) (begin (define hidden 42) (define (get) hidden)))))
                  (def-hidden g)
                  (define hidden 1)
                  (list (g) hidden)))
    (test-equal "an introduced top-level definition: each use has its own" '(a b)
                (list (macros-get-a) (macros-get-b)))
    (test-equal "introduced top-level helpers may refer to each other, forwards"
                '(100 user)
                (macros-eval '(begin
                                (define-syntax def-square
                                  (syntax-rules ()
                                    ((_ f) (begin (define (f x) (helper x))
                                                  (define (helper x) (* x x))))))
                                (define helper 'user)
                                (def-square macros-square)
                                (list (macros-square 10) helper))))
    (test-equal "a macro defined by a macro: its temporary and the user's t" 7
                (let ()
                  (define-syntax def-or
                    (syntax-rules ()
                      ((_ name)
                       (define-syntax name
                         (syntax-rules () ((_ a b) (let ((t a)) (if t t b))))))))
                  (def-or or3)
                  (let ((t 7)) (or3 #f t))))))

;; ------------------------------------------------------------------
;; Hygiene: the template's free identifiers mean what they meant where
;; the macro was defined.

(define-syntax macros-uses-if (syntax-rules () ((_ a) (if a 'yes 'no))))
(define-syntax macros-uses-let (syntax-rules () ((_ a) (let ((v a)) (list v v)))))
(define-syntax macros-uses-list (syntax-rules () ((_ a) (list a))))
(define-syntax macros-helper (syntax-rules () ((_ x) (* x 10))))
(define-syntax macros-uses-helper (syntax-rules () ((_ x) (macros-helper x))))

(test-group "hygiene: free identifiers keep their definition-time meaning"
  (lambda ()
    (test-equal "if rebound at the use" 'no
                (let ((if list)) (macros-uses-if #f)))
    (test-equal "let and list rebound at the use" '(1 1)
                (let ((let 5) (list vector)) (macros-uses-let 1)))
    (test-equal "list rebound at the use" '(1)
                (let ((list vector)) (macros-uses-list 1)))
    (test-equal "another macro, rebound as a variable at the use" 40
                (let ((macros-helper (lambda (x) 'variable))) (macros-uses-helper 4)))
    (test-equal "another macro, rebound as a macro at the use" 40
                (let-syntax ((macros-helper (syntax-rules () ((_ x) 'shadowed))))
                  (macros-uses-helper 4)))
    (test-equal "a local macro's helper macro, shadowed at the use" 40
                (let ()
                  (define-syntax helper (syntax-rules () ((_ x) (* x 10))))
                  (define-syntax m (syntax-rules () ((_ x) (helper x))))
                  (let-syntax ((helper (syntax-rules () ((_ x) 'shadowed))))
                    (m 4))))
    (test-equal "a local variable of the definition, shadowed at the use" 'outer
                (let ((x 'outer))
                  (let-syntax ((m (syntax-rules () ((_) x))))
                    (let ((x 'inner)) (m)))))
    (test-equal "through a recursive letrec-syntax use" 'outer
                (let ((x 'outer))
                  (letrec-syntax ((m (syntax-rules () ((_) x) ((_ a) (m)))))
                    (let ((x 'inner)) (m 1)))))
    (test-equal "a body variable, shadowed by a parameter at the use" 10
                (let ()
                  (define x 10)
                  (define-syntax getx (syntax-rules () ((_) x)))
                  (define (f x) (getx))
                  (f 20)))
    (test-equal "set! of a global through a macro, a local of that name at the use"
                '(100 2)
                (begin
                  (set! macros-counter 0)
                  (let ((r (let ((macros-counter 100))
                             (macros-bump!)
                             (macros-bump!)
                             macros-counter)))
                    (list r macros-counter))))
    (test-equal "my-or with if rebound at the use" 7
                (let ((if list)) (my-or #f 7)))
    (test-equal "my-case with memv and if rebound at the use" 'yes
                (let ((memv (lambda (k l) #f)) (if list))
                  (my-case 2 ((1 2) 'yes) (else 'no))))
    (test-equal "a cond with => and else in a template, both shadowed at the use"
                '((got 3) none)
                (let ()
                  (define-syntax m
                    (syntax-rules ()
                      ((_ a) (cond (a => (lambda (x) (list 'got x))) (else 'none)))))
                  (let ((else #f) (=> #f)) (list (m 3) (m #f)))))))

;; ------------------------------------------------------------------
(test-group "hygiene: literals of the core forms match by binding"
  (lambda ()
    (test-equal "cond: a local else is a variable, not the keyword" 3
                (let ((else #f)) (cond (else 2) (#t 3))))
    (test-equal "cond: a local => is a variable, not the keyword" list
                (let ((=> #f)) (cond (1 => list) (else 'e))))
    (test-error "case: a local else is not the keyword (the clause is bad)"
                (lambda () (macros-eval '(let ((else #f)) (case 5 ((1) 'one) (else 'other))))))
    (test-equal "case: a local => is a variable, not the keyword" list
                (let ((=> #f)) (case 1 ((1) => list) (else 'e))))
    (test-equal "my-cond: a local else does not match its literal" 3
                (let ((else #f)) (my-cond (else 2) (#t 3))))
    (test-equal "my-cond: a local => does not match its literal" list
                (let ((=> #f)) (my-cond (1 => list) (else 'e))))))

;; ------------------------------------------------------------------
(test-group "renamed identifiers never leak into data"
  (lambda ()
    (define-syntax quoted-x (syntax-rules () ((_) 'x)))
    (define-syntax quoted-tree (syntax-rules () ((_) '(a #(b c) . d))))
    (define-syntax quasi (syntax-rules () ((_) `(x ,(+ 1 2) y))))
    (define-syntax nested-quasi (syntax-rules () ((_) `(a `(b ,(c ,(+ 1 2)))))))
    (define-syntax named-proc
      (syntax-rules () ((_) (let () (define (hidden-proc) 1) hidden-proc))))
    (define-syntax raise-introduced
      (syntax-rules () ((_) (error "boom" 'introduced))))
    (test-assert "quote in a template gives a symbol" (symbol? (quoted-x)))
    (test-assert "... eq? to the same symbol read" (eq? 'x (quoted-x)))
    (test-equal "... that writes as itself" "x" (object->string (quoted-x)))
    (test-equal "a quoted list, vector and dotted tail" '(a #(b c) . d)
                (quoted-tree))
    (test-equal "every symbol in it is a symbol" '(#t #t #t)
                (let ((v (quoted-tree)))
                  (list (symbol? (car v)) (symbol? (vector-ref (cadr v) 0))
                        (symbol? (cddr v)))))
    (test-equal "quasiquote in a template" '(x 3 y) (quasi))
    (test-assert "... its symbols are eq? to the symbols read"
                 (eq? 'x (car (quasi))))
    (test-equal "nested quasiquote in a template" '(a `(b ,(c 3)))
                (nested-quasi))
    (test-assert "... the inner quasiquote is the symbol"
                 (eq? 'quasiquote (car (cadr (nested-quasi)))))
    (test-equal "case data in a template" '(is-a not-a)
                (let-syntax ((m (syntax-rules ()
                                  ((_ v) (case v ((a) 'is-a) (else 'not-a))))))
                  (list (m 'a) (m 'z))))
    (test-equal "a procedure defined in a template is named by a symbol"
                "#<procedure hidden-proc>" (object->string (named-proc)))
    (test-equal "error irritants from a template are symbols" '((introduced) #t)
                (guard (e (#t (list (error-object-irritants e)
                                    (symbol? (car (error-object-irritants e))))))
                  (raise-introduced)))
    (test-equal "an unbound variable introduced by a template: its plain name"
                "unbound variable: macros-undefined-global"
                (macros-message
                 (lambda ()
                   (macros-eval '(let-syntax ((m (syntax-rules ()
                                                   ((_) macros-undefined-global))))
                                   (m))))))
    (test-equal "syntax->datum of an introduced identifier: a symbol" '(#t intro)
                (let-syntax ((m (lambda (x)
                                  (syntax-case x ()
                                    ((_) #`'#,(syntax->datum #'intro))))))
                  (list (symbol? (m)) (m))))))

;; ------------------------------------------------------------------
(test-group "syntax-case: basics"
  (lambda ()
    (define-syntax sc-swap!
      (lambda (x)
        (syntax-case x ()
          ((_ a b) #'(let ((tmp a)) (set! a b) (set! b tmp))))))
    (define-syntax sc-pairs
      (lambda (x)
        (syntax-case x ()
          ((_ (a b) ...) (syntax '((b a) ...))))))
    (define-syntax sc-or
      (lambda (x)
        (syntax-case x ()
          ((_) #'#f)
          ((_ e) #'e)
          ((_ e r ...) #'(let ((t e)) (if t t (sc-or r ...)))))))
    (define-syntax sc-shapes
      (lambda (x)
        (syntax-case x ()
          ((_ #(a ...)) #''(vector a ...))
          ((_ (a ... z)) #''(last z))
          ((_ a . b) #''(dotted a b)))))
    (define-syntax sc-as
      (lambda (x)
        (syntax-case x (as)
          ((_ a as b) #''(as a b))
          ((_ . r) #''no-match))))
    (test-equal "the reader: #' is syntax" '(syntax x) '#'x)
    (test-equal "the reader: #` #, #,@"
                '(quasisyntax (a (unsyntax b) (unsyntax-splicing c)))
                '#`(a #,b #,@c))
    (test-equal "a syntax-case swap! on a variable named tmp" '(2 1)
                (let ((tmp 1) (y 2)) (sc-swap! tmp y) (list tmp y)))
    (test-equal "syntax (long-hand) with an ellipsis" '((2 1) (4 3))
                (sc-pairs (1 2) (3 4)))
    (test-equal "a recursive syntax-case macro, the user's t" 3
                (let ((t 3)) (sc-or #f t)))
    (test-equal "vector, middle-ellipsis and dotted patterns"
                '((vector 1 2) (last 3) (dotted 1 (2 3)))
                (list (sc-shapes #(1 2)) (sc-shapes (1 2 3)) (sc-shapes 1 2 3)))
    (test-equal "nested ellipses" '((2 3 1) (4))
                (let-syntax ((m (lambda (x)
                                  (syntax-case x ()
                                    ((_ (a b ...) ...) #''((b ... a) ...))))))
                  (m (1 2 3) (4))))
    (test-equal "a literal, and the same literal shadowed at the use"
                '((as 1 2) no-match)
                (list (sc-as 1 as 2) (let ((as 0)) (sc-as 1 as 2))))
    (test-equal "syntax-case on plain data at run time" '(3 2 1)
                (syntax->datum (syntax-case '(1 2 3) () ((a b c) #'(c b a)))))
    (test-error "syntax-case with no matching clause raises"
                (lambda () (syntax-case '(1 2) () ((a) #'a))))
    (test-equal "a transformer may call a top-level procedure" 4
                (let ()
                  (define-syntax count-args
                    (lambda (x)
                      (syntax-case x ()
                        ((_ a ...) #`'#,(length (syntax->datum #'(a ...)))))))
                  (count-args 1 2 3 4)))
    (test-equal "a transformer that returns a plain datum" 3
                (let-syntax ((m (lambda (x)
                                  (syntax-case x () ((_ a) (syntax->datum #'a))))))
                  (m (+ 1 2))))))

;; ------------------------------------------------------------------
(test-group "syntax-case: fenders"
  (lambda ()
    (define-syntax classify
      (lambda (x)
        (syntax-case x ()
          ((_ n) (and (integer? (syntax->datum #'n)) (> (syntax->datum #'n) 0))
           #''positive)
          ((_ n) (identifier? #'n) #''identifier)
          ((_ n) #''other))))
    (define-syntax ordered
      (lambda (x)
        (syntax-case x ()
          ((_ a b) (< (syntax->datum #'a) (syntax->datum #'b)) #''ascending)
          ((_ a b) #''not-ascending))))
    (test-equal "a fender chooses the clause" '(positive other identifier other)
                (list (classify 5) (classify -1) (classify x) (classify (a b))))
    (test-equal "a fender with two pattern variables" '(ascending not-ascending)
                (list (ordered 1 2) (ordered 2 1)))
    (test-error "every fender false: no clause matches"
                (lambda ()
                  (macros-eval '(let-syntax ((m (lambda (x)
                                                  (syntax-case x ()
                                                    ((_ a) #f #'a)))))
                                  (m 1)))))))

;; ------------------------------------------------------------------
(test-group "quasisyntax, unsyntax, unsyntax-splicing"
  (lambda ()
    (define-syntax qs
      (lambda (x)
        (syntax-case x ()
          ((_ e) #`(list e #,(+ 1 2) #,@(list 4 5))))))
    (define-syntax qs-long
      (lambda (x)
        (syntax-case x ()
          ((_ e) (quasisyntax (list e (unsyntax (* 2 3))
                                    (unsyntax-splicing (list 7 8))))))))
    (define-syntax qs-map
      (lambda (x)
        (syntax-case x ()
          ((_ (a ...)) #`(list #,@(map (lambda (s) #`(* 10 #,s)) #'(a ...)))))))
    (define-syntax qs-iota
      (lambda (x)
        (syntax-case x ()
          ((_ n) #`'#,(let loop ((i (syntax->datum #'n)) (acc '()))
                        (if (= i 0) acc (loop (- i 1) (cons i acc))))))))
    (test-equal "#, and #,@" '(0 3 4 5) (qs 0))
    (test-equal "quasisyntax, unsyntax, unsyntax-splicing long-hand" '(0 6 7 8)
                (qs-long 0))
    (test-equal "#,@ of the empty list" '(1)
                (let-syntax ((m (lambda (x)
                                  (syntax-case x () ((_ e) #`(list #,@'() e))))))
                  (m 1)))
    (test-equal "#, in a vector template" #(1 2)
                (let-syntax ((m (lambda (x)
                                  (syntax-case x () ((_ e) #`#(e #,(+ 1 1)))))))
                  (m 1)))
    (test-equal "#` nested inside #,@" '(10 20 30) (qs-map (1 2 3)))
    (test-equal "a datum computed at expansion time" '(1 2 3 4) (qs-iota 4))
    (test-equal "#, as the dotted tail of a template" '(1 . 2)
                (let-syntax ((m (lambda (x)
                                  (syntax-case x () ((_) #`'(1 . #,(+ 1 1)))))))
                  (m)))))

;; ------------------------------------------------------------------
(test-group "with-syntax"
  (lambda ()
    (define-syntax sum-and-product
      (lambda (x)
        (syntax-case x ()
          ((_ a b) (with-syntax ((s #'(+ a b)) (p #'(* a b)))
                     #'(list s p))))))
    (define-syntax reversed
      (lambda (x)
        (syntax-case x ()
          ((_ a ...) (with-syntax (((r ...) (reverse #'(a ...))))
                       #''(r ...))))))
    (test-equal "two bindings" '(7 12) (sum-and-product 3 4))
    (test-equal "a pattern with an ellipsis" '(3 2 1) (reversed 1 2 3))
    (test-equal "one binding" 9
                (let-syntax ((m (lambda (x)
                                  (syntax-case x ()
                                    ((_ a) (with-syntax ((b #'a)) #''b))))))
                  (m 9)))
    (test-equal "no bindings" 1
                (let-syntax ((m (lambda (x)
                                  (syntax-case x () ((_) (with-syntax () #'1))))))
                  (m)))
    (test-equal "the template's list is the global one, let and list rebound at the use"
                '(7 12)
                (let ((let 1) (list vector)) (sum-and-product 3 4)))))

;; ------------------------------------------------------------------
(test-group "identifier predicates"
  (lambda ()
    (define-syntax is-car?
      (lambda (x)
        (syntax-case x ()
          ((_ a) (if (free-identifier=? #'a #'car) #''is-car #''not-car)))))
    (define-syntax same-binder?
      (lambda (x)
        (syntax-case x ()
          ((_ a b) (if (bound-identifier=? #'a #'b) #''same #''different)))))
    (define-syntax binds-own-t?
      (lambda (x)
        (syntax-case x ()
          ((_ a) (if (bound-identifier=? #'a #'t) #''same #''different)))))
    (define-syntax is-else?
      (lambda (x)
        (syntax-case x ()
          ((_ a) (if (free-identifier=? #'a #'else) #''else #''not-else)))))
    (test-assert "identifier? of #'x" (identifier? #'x))
    (test-equal "identifier? of syntax that is not an identifier" '(#f #f)
                (list (identifier? #'(a b)) (identifier? #'5)))
    (test-equal "identifier? in a fender" '(id other other)
                (let-syntax ((m (lambda (x)
                                  (syntax-case x ()
                                    ((_ a) (identifier? #'a) #''id)
                                    ((_ a) #''other)))))
                  (list (m foo) (m 1) (m (a b)))))
    (test-equal "free-identifier=?: the same global, another, a shadowed one"
                '(is-car not-car not-car)
                (list (is-car? car) (is-car? cdr) (let ((car 1)) (is-car? car))))
    (test-equal "free-identifier=?: else, and else shadowed at the use"
                '(else not-else)
                (list (is-else? else) (let ((else 1)) (is-else? else))))
    (test-equal "free-identifier=? of two unbound identifiers" '(#t #f)
                (list (free-identifier=? #'macros-unbound-a #'macros-unbound-a)
                      (free-identifier=? #'macros-unbound-a #'macros-unbound-b)))
    (test-equal "bound-identifier=?: the same and different user identifiers"
                '(same different)
                (list (same-binder? x x) (same-binder? x y)))
    (test-equal "bound-identifier=?: the user's t and the macro's t" 'different
                (binds-own-t? t))))

;; ------------------------------------------------------------------
(test-group "datum->syntax, syntax->datum, generate-temporaries"
  (lambda ()
    (define-syntax aif
      (lambda (x)
        (syntax-case x ()
          ((k c then else)
           (with-syntax ((it (datum->syntax #'k 'it)))
             #'(let ((it c)) (if it then else)))))))
    (define-syntax forever-loop
      (lambda (x)
        (syntax-case x ()
          ((k body ...)
           (with-syntax ((break (datum->syntax #'k 'break)))
             #'(call-with-current-continuation
                (lambda (break)
                  (let lp () body ... (lp)))))))))
    (define-syntax it-hygienic
      (lambda (x)
        (syntax-case x ()
          ((_ e body)
           (with-syntax ((it (datum->syntax #'here 'it)))
             #'(let ((it e)) body))))))
    (define-syntax user-list
      (lambda (x)
        (syntax-case x ()
          ((k) (datum->syntax #'k '(list 1 2))))))
    (define-syntax pset!
      (lambda (x)
        (syntax-case x ()
          ((_ (v e) ...)
           (with-syntax (((t ...) (generate-temporaries #'(v ...))))
             #'(let ((t e) ...) (set! v t) ...))))))
    (test-equal "aif binds it for the user" '(2 none)
                (list (aif (memv 2 '(1 2 3)) (car it) 'none)
                      (aif #f it 'none)))
    (test-equal "a loop with a break the user calls" 5
                (let ((i 0))
                  (forever-loop (set! i (+ i 1)) (if (= i 5) (break i)))))
    (test-equal "datum->syntax with the macro's own identifier does not capture"
                'outer
                (let ((it 'outer)) (it-hygienic 5 it)))
    (test-equal "datum->syntax with the use's keyword: list means the user's list"
                #(1 2)
                (let ((list vector)) (user-list)))
    (test-equal "datum->syntax with the whole form as context, as in Guile"
                '(10 none)
                (let-syntax ((with-it
                              (lambda (x)
                                (syntax-case x ()
                                  ((_ e body)
                                   (with-syntax ((it (datum->syntax x 'it)))
                                     #'(let ((it e)) (if it body 'none))))))))
                  (list (with-it 5 (* it 2)) (with-it #f it))))
    (test-equal "the whole form as context defines a name the user sees"
                'made
                (let ()
                  (define-syntax def-getter
                    (lambda (x)
                      (syntax-case x ()
                        ((_ name)
                         (with-syntax ((g (datum->syntax
                                           x (string->symbol
                                              (string-append
                                               "get-" (symbol->string
                                                       (syntax->datum #'name)))))))
                           #'(define (g) 'made))))))
                  (def-getter thing)
                  (get-thing)))
    (test-equal "a part of the form as context: a list whose first identifier is the user's"
                #(1 2)
                (let-syntax ((m (lambda (x)
                                  (syntax-case x ()
                                    ((_ part) (datum->syntax #'part '(list 1 2)))))))
                  (let ((list vector)) (m (a b)))))
    (test-equal "a constant as context: the use's place"
                'local
                (let-syntax ((m (lambda (x)
                                  (syntax-case x ()
                                    ((_ v) (datum->syntax #'v 'it))))))
                  (let ((it 'local)) (m #(1 2)))))
    (test-equal "a context with the macro's identifiers only does not capture"
                'outer
                (let-syntax ((m (lambda (x)
                                  (syntax-case x ()
                                    ((_ e body)
                                     (with-syntax ((it (datum->syntax #'(here) 'it)))
                                       #'(let ((it e)) body)))))))
                  (let ((it 'outer)) (m 5 it))))
    (test-equal "syntax->datum of a list, vector and dotted tail" '(a #(b) . c)
                (syntax->datum #'(a #(b) . c)))
    (test-equal "syntax->datum inside a transformer" '(q (b . c) #(d))
                (let-syntax ((m (lambda (x)
                                  (syntax-case x ()
                                    ((_ a) #`'#,(syntax->datum #'(a (b . c) #(d))))))))
                  (m q)))
    ;; A temporary made outside any expansion has no scope: eval of it
    ;; as an expression segfaulted (the fuzz target of the primitives).
    (test-equal "eval of a temporary made outside an expansion is unbound"
                'unbound
                (guard (e ((error-object? e) 'unbound))
                  (eval (car (generate-temporaries '(a)))
                        (interaction-environment))))
    (test-equal "... and of a list of them, an error too" 'raised
                (guard (e ((error-object? e) 'raised))
                  (eval (generate-temporaries '(0 0 0 0))
                        (interaction-environment))))
    (test-equal "generate-temporaries: parallel assignment" '(2 1)
                (let ((a 1) (b 2)) (pset! (a b) (b a)) (list a b)))
    (test-equal "generate-temporaries: user variables named t" '(2 1)
                (let ((t 1) (u 2)) (pset! (t u) (u t)) (list t u)))
    (test-equal "generate-temporaries: as many, distinct identifiers" '(3 #t #f)
                (let-syntax ((m (lambda (x)
                                  (syntax-case x ()
                                    ((_ a ...)
                                     (let ((ts (generate-temporaries #'(a ...))))
                                       #`'(#,(length ts)
                                           #,(identifier? (car ts))
                                           #,(bound-identifier=? (car ts)
                                                                 (cadr ts)))))))))
                  (m 1 2 3)))))

;; ------------------------------------------------------------------
(define-syntax-rule (macros-square x) (* x x))
(define-syntax-rule (macros-swap! a b) (let ((tmp a)) (set! a b) (set! b tmp)))
(define-syntax-rule (macros-unless c body ...)
  "Evaluate BODY when C is false."
  (if c #f (begin body ...)))

(test-group "define-syntax-rule"
  (lambda ()
    (test-eqv "a one-rule macro" 49 (macros-square 7))
    (test-equal "hygienic: swap! of tmp" '(2 1)
                (let ((tmp 1) (y 2)) (macros-swap! tmp y) (list tmp y)))
    (test-equal "with a docstring and an ellipsis" '(2 #f)
                (list (macros-unless #f 1 2) (macros-unless #t 1)))
    (test-equal "in a body" 16
                (let ()
                  (define-syntax-rule (quad x) (* 4 x))
                  (quad 4)))))

;; ------------------------------------------------------------------
(test-group "errors: a use that matches no rule"
  (lambda ()
    (let* ((r (macros-load-raising "no-rule.scm"
                                   "(define-syntax two-args
  (syntax-rules ()
    ((_ a b) (list a b))))
(define two-args-ok (two-args 1 2))
(define (two-args-user)
    (two-args 1 2 3))
"))
           (e (car r)) (path (cdr r)))
      (test-assert "an error object" (error-object? e))
      (test-assert "the message names the macro"
                   (macros-prefix? "two-args: " (condition-message e)))
      (test-error-contains "the message shows the use" '("(two-args 1 2 3)")
                           (lambda () (raise e)))
      (test-equal "the location is the use's FILE:LINE:COLUMN" (macros-at path 6 5)
                  (condition-location e))
      (test-assert "display-error starts with the position, then the macro"
                   (let ((out (open-output-string)))
                     (display-error e out)
                     (macros-prefix? (string-append (macros-at path 6 5) ": two-args: ")
                                     (get-output-string out))))
      (test-equal "the forms before it were loaded" '(1 2) two-args-ok))
    (let* ((r (macros-load-raising "no-rule-inner.scm"
                                   "(define-syntax outer-mac
  (syntax-rules ()
    ((_ x) (inner-mac x x))))
(define-syntax inner-mac
  (syntax-rules ()
    ((_ a) a)))
  (outer-mac 5)
"))
           (e (car r)) (path (cdr r)))
      (test-assert "inside another macro's expansion: names the inner macro"
                   (macros-prefix? "inner-mac: " (condition-message e)))
      (test-equal "inside another macro's expansion: at the outer use"
                  (macros-at path 7 3) (condition-location e)))
    (let* ((r (macros-load-raising "no-clause.scm"
                                   "(define-syntax sc-one
  (lambda (x) (syntax-case x () ((_ a) #'a))))
 (sc-one 1 2)
"))
           (e (car r)) (path (cdr r)))
      (test-error-contains "syntax-case: the message shows the use" '("(sc-one 1 2)")
                           (lambda () (raise e)))
      (test-equal "syntax-case: the location is the use" (macros-at path 3 2)
                  (condition-location e)))
    (test-error-contains "an improper use" '("my-or" "(my-or . 1)")
                         (lambda () (macros-eval '(my-or . 1))))))

;; ------------------------------------------------------------------
(test-group "errors: syntax-error"
  (lambda ()
    (let* ((r (macros-load-raising "syntax-error.scm"
                                   "(define-syntax need-two
  (syntax-rules ()
    ((_ a b) (list a b))
    ((_ . other) (syntax-error \"need-two wants two arguments, given\" other introduced))))
(define need-two-ok (need-two 1 2))
(define need-two-bad
  (list
     (need-two 1 2 3)))
"))
           (e (car r)) (path (cdr r)))
      (test-assert "an error object" (error-object? e))
      (test-equal "the message and the irritants"
                  "need-two wants two arguments, given: (1 2 3) introduced"
                  (condition-message e))
      (test-equal "error-object-message" "need-two wants two arguments, given"
                  (error-object-message e))
      (test-equal "error-object-irritants: plain data" '((1 2 3) introduced)
                  (error-object-irritants e))
      (test-assert "an introduced irritant is a symbol"
                   (symbol? (cadr (error-object-irritants e))))
      (test-equal "at the use site" (macros-at path 8 6) (condition-location e)))
    (test-equal "syntax-error used directly" "my message: 1 (a b)"
                (macros-message (lambda () (macros-eval '(syntax-error "my message" 1 (a b))))))
    (test-equal "syntax-error is raised at expansion, not when run" 'at-expansion
                (guard (e (#t 'at-expansion))
                  (macros-eval '(lambda () (syntax-error "never called")))
                  'no-error))
    (test-error "syntax-error without a message string"
                (lambda () (macros-eval '(syntax-error 1 2))))))

;; ------------------------------------------------------------------
(test-group "errors: malformed syntax-rules, reported at the definition"
  (lambda ()
    (define (defined-only spec)
      ;; The message of the error that defining (never using) a local
      ;; macro with SPEC raises, or #f.
      (macros-message
       (lambda ()
         (macros-eval `(let () (define-syntax bad-macro ,spec) 'never-used)))))
    (test-error-contains "an ellipsis following nothing" '("bad-macro" "ellipsis")
                         (lambda ()
                           (macros-eval '(let ()
                                           (define-syntax bad-macro
                                             (syntax-rules () ((_ (... x)) 1)))
                                           'never-used))))
    (test-assert "a pattern variable used without its ellipsis"
                 (let ((m (defined-only '(syntax-rules () ((_ x ...) x)))))
                   (and m (macros-prefix? "bad-macro: " m))))
    (test-assert "a pattern variable used with too many ellipses"
                 (let ((m (defined-only '(syntax-rules () ((_ x) (x ...))))))
                   (and m (macros-prefix? "bad-macro: " m))))
    (test-assert "a depth-1 variable under two ellipses alone"
                 (let ((m (defined-only '(syntax-rules () ((_ x ...) '(x ... ...))))))
                   (and m (macros-prefix? "bad-macro: " m))))
    (test-error-contains "a pattern variable used twice" '("bad-macro" "duplicate" "x")
                         (lambda ()
                           (macros-eval '(let ()
                                           (define-syntax bad-macro
                                             (syntax-rules () ((_ x (y x)) 1)))
                                           'never-used))))
    (test-assert "two ellipses in one list of a pattern"
                 (string? (defined-only '(syntax-rules () ((_ a ... b ...) 1)))))
    (test-assert "a rule that is not (pattern template)"
                 (string? (defined-only '(syntax-rules () ((_ a) 1 2)))))
    (test-assert "a literal that is not an identifier"
                 (string? (defined-only '(syntax-rules (1) ((_ a) 1)))))
    (test-assert "a misplaced ellipsis in a template"
                 (string? (defined-only '(syntax-rules () ((_ a) (... ))))))
    (test-error-contains "at the top level, never used" '("bad-top-macro")
                         (lambda ()
                           (macros-eval '(define-syntax bad-top-macro
                                           (syntax-rules () ((_ x x) 1))))))
    (test-error-contains "syntax-case: a pattern variable used twice, at the definition"
                         '("duplicate")
                         (lambda ()
                           (macros-eval '(let ()
                                           (define-syntax bad-macro
                                             (lambda (x)
                                               (syntax-case x () ((_ a a) #'1))))
                                           'never-used))))
    (let* ((r (macros-load-raising "bad-definition.scm"
                                   "(define-syntax bad-in-file
  (syntax-rules ()
    ((_ x ...) x)))
(define after-bad-definition 'loaded)
"))
           (e (car r)) (path (cdr r)))
      (test-assert "in a file that only defines it: raised on load"
                   (and (error-object? e)
                        (macros-prefix? "bad-in-file: " (condition-message e))))
      (test-assert "in a file: the location is in the definition"
                   (member (condition-location e)
                           (list (macros-at path 1 1) (macros-at path 2 3)
                                 (macros-at path 3 5)))))))

;; ------------------------------------------------------------------
(define-syntax macros-forever (syntax-rules () ((_) (macros-forever))))
(define-syntax macros-forever-nested
  (syntax-rules () ((_ x) (list (macros-forever-nested x)))))
(define-syntax macros-grow-nested
  (syntax-rules () ((_ x) (macros-grow-nested (x x)))))

(test-group "errors: runaway expansion"
  (lambda ()
    (test-error-contains "a macro that expands to itself, at the top level"
                         '("macros-forever")
                         (lambda () (macros-eval '(macros-forever))))
    (test-error-contains "a macro that expands to itself, in a body"
                         '("macros-forever")
                         (lambda () (macros-eval '(let () (macros-forever)))))
    (test-error-contains "a macro that expands to itself, in a lambda body"
                         '("macros-forever")
                         (lambda () (macros-eval '(lambda () (macros-forever) 1))))
    (test-error-contains "a macro that expands to itself inside its own argument"
                         '("macros-forever-nested")
                         (lambda () (macros-eval '(macros-forever-nested 1))))
    (test-error-contains "a macro whose use grows (nested) at each step"
                         '("macros-grow-nested")
                         (lambda () (macros-eval '(macros-grow-nested 1))))
    (let* ((r (macros-load-raising "runaway.scm"
                                   "(define-syntax spin (syntax-rules () ((_ x) (spin (x)))))
(define (f)
  (list 1 (spin 2)))
"))
           (e (car r)) (path (cdr r)))
      (test-equal "a runaway use: reported at the use, naming the macro"
                  (list (macros-at path 3 11) #t)
                  (list (condition-location e)
                        (macros-prefix? "spin: " (condition-message e)))))
    (test-equal "after a runaway, expansion still works" 3
                (macros-eval '(my-or #f 3)))))

;; ------------------------------------------------------------------
(test-group "built-in forms are hygienic"
  (lambda ()
    (test-equal "define-record-type with lambda rebound" 3
                (let ((lambda 1))
                  (define-record-type p (mk x) p? (x px))
                  (px (mk 3))))
    (test-equal "define-record-type with begin, define rebound" '(3 3)
                (list (let ((begin 1))
                        (define-record-type p (mk x) p? (x px))
                        (px (mk 3)))
                      (let ((define 1))
                        (define-record-type p (mk x) p? (x px))
                        (px (mk 3)))))
    (test-equal "define-record-type with vector, list, quote, set! rebound" 4
                (let ((vector 1) (list 2) (quote 3) (set! 4))
                  (define-record-type p (mk x) p? (x px set-px!))
                  (let ((r (mk 3))) (set-px! r 4) (px r))))
    (test-equal "cond-expand with begin rebound" 2
                (let ((begin 1)) (cond-expand (else 2))))
    (test-equal "cond-expand with begin rebound, in a body with definitions" 5
                (let ((begin 1))
                  (cond-expand (else (define cx 5)))
                  cx))
    (test-equal "do's loop variable does not capture do-loop" 5
                (let ((do-loop 5)) (do ((i 0 (+ i 1))) ((= i 3) do-loop))))
    (test-equal "case's temporary does not capture tmp" 5
                (let ((tmp 5)) (case 1 ((1) tmp) (else 'no))))
    (test-equal "case => and a variable named tmp" '(1 5)
                (let ((tmp 5)) (case 1 ((1) => (lambda (x) (list x tmp))) (else 'no))))
    (test-equal "cond, case, and, or, when with if and let rebound"
                '(2 three 2 2 2)
                (let ((if 1) (let 2))
                  (list (cond (#f 1) (else 2)) (case 3 ((3) 'three)) (and 1 2)
                        (or #f 2) (when #t 2))))
    (test-equal "do and let* with let and lambda rebound" '(3 1)
                (let ((let 1) (lambda 2))
                  (list (do ((i 0 (+ i 1))) ((= i 3) i)) (let* ((a 1) (b a)) b))))
    (test-equal "define-values with list, cons, lambda, if rebound" 3
                (let ((list vector) (cons 1) (lambda 2) (if 3))
                  (define-values (a b) (values 1 2))
                  (+ a b)))
    (test-equal "delay and force with lambda and make-promise rebound" 5
                (let ((lambda 1) (make-promise 2)) (force (delay 5))))
    (test-equal "parameterize with lambda and list rebound" 5
                (let ((lambda 1) (list 2)) (parameterize () 5)))
    (test-equal "guard with its variable and the user's" '(oops outer)
                (let ((x 'outer)) (guard (e (#t (list e x))) (raise 'oops))))))

;; ------------------------------------------------------------------
(test-group "top-level syntax and failed expansions"
  (lambda ()
    (test-error "a failed expansion of (begin (define when 1) (if))"
                (lambda () (macros-eval '(begin (define when 1) (if)))))
    (test-equal "... leaves when usable as syntax" 'still-syntax
                (macros-eval '(when #t 'still-syntax)))
    (test-error "a failed expansion after a define-syntax"
                (lambda ()
                  (macros-eval '(begin (define-syntax macros-half-defined
                                         (syntax-rules () ((_) 1)))
                                       (if)))))
    (test-error "... did not define the macro"
                (lambda () (macros-eval '(macros-half-defined))))
    ;; Non-local exits out of a transformer: the expander's record of
    ;; the form's pending definitions goes with them (a leftover made
    ;; later expansions see them, then crashed).
    (macros-eval '(define-syntax macros-fail-twice
                    (lambda (x)
                      (dynamic-wind (lambda () #f)
                                    (lambda () (error "in the body"))
                                    (lambda () (error "in the after thunk"))))))
    (test-equal "an error in an after thunk as a transformer fails"
                "in the after thunk"
                (guard (e ((error-object? e) (error-object-message e)))
                  (macros-eval '(begin (define-syntax macros-ghost-1
                                         (syntax-rules () ((_) 'leaked)))
                                       (macros-fail-twice)))))
    (test-error "... did not define the form's macro"
                (lambda () (macros-eval '(macros-ghost-1))))
    (macros-eval '(define macros-escape-k #f))
    (macros-eval '(define (macros-set-escape! k) (set! macros-escape-k k)))
    (macros-eval '(define-syntax macros-escape
                    (lambda (x) (macros-escape-k 'escaped))))
    (test-equal "a continuation called from a transformer escapes" 'escaped
                (call/cc
                 (lambda (k)
                   ((macros-eval 'macros-set-escape!) k)
                   (macros-eval '(begin (define-syntax macros-ghost-2
                                          (syntax-rules () ((_) 'leaked)))
                                        (macros-escape))))))
    (test-error "... and the form's macro is not defined"
                (lambda () (macros-eval '(macros-ghost-2))))
    (gc)
    (test-equal "expansions go on after a collection" '(3 3)
                (macros-eval '(let ((y 3)) (list y y))))))

;; ------------------------------------------------------------------
(test-group "duplicate definitions in a body"
  (lambda ()
    (test-error "(define (f) (define a 1) (define a 2) a) is an error"
                (lambda ()
                  (macros-eval '(define (macros-dup-f) (define a 1) (define a 2) a))))
    (test-error-contains "... naming the variable" '("duplicate" "a")
                         (lambda ()
                           (macros-eval '(let () (define a 1) (define a 2) a))))
    (test-error "a define and a define-syntax of one name"
                (lambda ()
                  (macros-eval '(let ()
                                  (define a 1)
                                  (define-syntax a (syntax-rules () ((_) 2)))
                                  3))))
    (test-error "a duplicate that a macro produces from the user's name"
                (lambda ()
                  (macros-eval '(let ()
                                  (define-syntax def-x
                                    (syntax-rules () ((_ n v) (define n v))))
                                  (define a 1)
                                  (def-x a 2)
                                  a))))
    (test-equal "an introduced name and the user's name are not duplicates" '(2 1)
                (let ()
                  (define-syntax def-a
                    (syntax-rules () ((_ get v) (begin (define a v) (define (get) a)))))
                  (define a 1)
                  (def-a get 2)
                  (list (get) a)))))

;; ------------------------------------------------------------------
(test-group "literal constants are immutable"
  (lambda ()
    (test-error "set-car! of a quoted list"
                (lambda () (set-car! '(1 2) 9)))
    (test-error "string-set! of a string literal"
                (lambda () (string-set! "abc" 0 #\x)))
    (test-error "vector-set! of a quoted vector"
                (lambda () (vector-set! '#(1 2) 0 9)))
    (test-error "set-car! of a quoted list from a macro template"
                (lambda ()
                  (let-syntax ((m (syntax-rules () ((_) '(1 2)))))
                    (set-car! (m) 9))))))

;; ------------------------------------------------------------------
;; The stress set against the built-in forms.

(define (macros-cond-both x)
  (list (cond ((assv x '((1 . one) (2 . two))) => cdr)
              ((> x 10) 'big)
              ((memv x '(5 6)))
              ((= x 7) 'seven 'really-seven)
              (else 'other))
        (my-cond ((assv x '((1 . one) (2 . two))) => cdr)
                 ((> x 10) 'big)
                 ((memv x '(5 6)))
                 ((= x 7) 'seven 'really-seven)
                 (else 'other))))

(define (macros-case-both x)
  (list (case x
          ((1 2 3) 'small)
          ((a b) 'symbol)
          ((#\x) 'char)
          ((10) => (lambda (v) (* v 2)))
          (else => (lambda (v) (list 'else v))))
        (my-case x
          ((1 2 3) 'small)
          ((a b) 'symbol)
          ((#\x) 'char)
          ((10) => (lambda (v) (* v 2)))
          (else => (lambda (v) (list 'else v))))))

(test-group "stress: my-cond and my-case"
  (lambda ()
    (test-equal "cond: => clause" '(one one) (macros-cond-both 1))
    (test-equal "cond: a test with a body" '(big big) (macros-cond-both 20))
    (test-equal "cond: a test alone gives its value" '((5 6) (5 6))
                (macros-cond-both 5))
    (test-equal "cond: a body of two expressions" '(really-seven really-seven)
                (macros-cond-both 7))
    (test-equal "cond: else" '(other other) (macros-cond-both 3))
    (test-equal "cond: the test is evaluated once" '(1 1)
                (list (let ((n 0)) (cond ((begin (set! n (+ n 1)) n) => (lambda (v) v))))
                      (let ((n 0)) (my-cond ((begin (set! n (+ n 1)) n) => (lambda (v) v))))))
    (test-equal "cond: the user's temp" '(user user)
                (let ((temp 'user))
                  (list (cond (#f 1) ((assv 1 '((1 . a))) => (lambda (p) temp)))
                        (my-cond (#f 1) ((assv 1 '((1 . a))) => (lambda (p) temp))))))
    (test-equal "case: numbers" '(small small) (macros-case-both 2))
    (test-equal "case: symbols" '(symbol symbol) (macros-case-both 'b))
    (test-equal "case: characters" '(char char) (macros-case-both #\x))
    (test-equal "case: =>" '(20 20) (macros-case-both 10))
    (test-equal "case: else =>" '((else 99) (else 99)) (macros-case-both 99))
    (test-equal "case: the key is evaluated once" '(1 1)
                (list (let ((n 0)) (case (begin (set! n (+ n 1)) 5) ((1) 'a) ((5) 'b)) n)
                      (let ((n 0)) (my-case (begin (set! n (+ n 1)) 5) ((1) 'a) ((5) 'b)) n)))
    (test-equal "case: the user's k" '(user user)
                (let ((k 'user))
                  (list (case 1 ((1) k) (else 'no))
                        (my-case 1 ((1) k) (else 'no)))))))

(test-group "stress: my-do, my-let, my-let*"
  (lambda ()
    (test-equal "do: two variables with steps" '((3 2 1 0) (3 2 1 0))
                (list (do ((i 0 (+ i 1)) (acc '() (cons i acc))) ((= i 4) acc))
                      (my-do ((i 0 (+ i 1)) (acc '() (cons i acc))) ((= i 4) acc))))
    (test-equal "do: a variable without a step and a body"
                '(#(0 1 2 3 4) #(0 1 2 3 4))
                (list (do ((vec (make-vector 5)) (i 0 (+ i 1))) ((= i 5) vec)
                        (vector-set! vec i i))
                      (my-do ((vec (make-vector 5)) (i 0 (+ i 1))) ((= i 5) vec)
                        (vector-set! vec i i))))
    (test-equal "do: a shadowing variable" '(25 25)
                (let ((x '(1 3 5 7 9)))
                  (list (do ((x x (cdr x)) (sum 0 (+ sum (car x)))) ((null? x) sum))
                        (my-do ((x x (cdr x)) (sum 0 (+ sum (car x)))) ((null? x) sum)))))
    (test-equal "do: the user's loop" '(5 5)
                (let ((loop 5))
                  (list (do ((i 0 (+ i 1))) ((= i 2) loop))
                        (my-do ((i 0 (+ i 1))) ((= i 2) loop)))))
    (test-equal "let" '(6 6)
                (list (let ((x 2) (y 3)) (* x y)) (my-let ((x 2) (y 3)) (* x y))))
    (test-equal "let: the inits are outside the scope" '(35 35)
                (let ((x 2) (y 3))
                  (list (let ((x 7) (z (+ x y))) (* z x))
                        (my-let ((x 7) (z (+ x y))) (* z x)))))
    (test-equal "named let" '((2 1 0) (2 1 0))
                (list (let loop ((i 0) (acc '()))
                        (if (= i 3) acc (loop (+ i 1) (cons i acc))))
                      (my-let loop ((i 0) (acc '()))
                        (if (= i 3) acc (loop (+ i 1) (cons i acc))))))
    (test-equal "named let: R7RS's example"
                '(((6 1 3) (-5 -2)) ((6 1 3) (-5 -2)))
                (list (let loop ((numbers '(3 -2 1 6 -5)) (nonneg '()) (neg '()))
                        (cond ((null? numbers) (list nonneg neg))
                              ((>= (car numbers) 0)
                               (loop (cdr numbers) (cons (car numbers) nonneg) neg))
                              ((< (car numbers) 0)
                               (loop (cdr numbers) nonneg (cons (car numbers) neg)))))
                      (my-let loop ((numbers '(3 -2 1 6 -5)) (nonneg '()) (neg '()))
                        (cond ((null? numbers) (list nonneg neg))
                              ((>= (car numbers) 0)
                               (loop (cdr numbers) (cons (car numbers) nonneg) neg))
                              ((< (car numbers) 0)
                               (loop (cdr numbers) nonneg (cons (car numbers) neg)))))))
    (test-equal "let*" '(70 70)
                (let ((x 2) (y 3))
                  (list (let* ((x 7) (z (+ x y))) (* z x))
                        (my-let* ((x 7) (z (+ x y))) (* z x)))))
    (test-equal "let*: no bindings, an internal definition" '(5 5)
                (list (let* () (define a 5) a) (my-let* () (define a 5) a)))))

(test-group "stress: my-and, my-or"
  (lambda ()
    (test-equal "and" '((f g) (f g)) (list (and 1 2 'c '(f g)) (my-and 1 2 'c '(f g))))
    (test-equal "and: empty" '(#t #t) (list (and) (my-and)))
    (test-equal "and: a false one" '(#f #f) (list (and 1 #f 3) (my-and 1 #f 3)))
    (test-equal "and: stops at the first false" '(#f #f)
                (list (and #f (car '())) (my-and #f (car '()))))
    (test-equal "or" '(#t #t) (list (or (= 2 2) (> 2 1)) (my-or (= 2 2) (> 2 1))))
    (test-equal "or: all false" '(#f #f) (list (or #f #f #f) (my-or #f #f #f)))
    (test-equal "or: empty" '(#f #f) (list (or) (my-or)))
    (test-equal "or: stops at the first true" '((b c) (b c))
                (list (or (memq 'b '(a b c)) (car '()))
                      (my-or (memq 'b '(a b c)) (car '()))))
    (test-equal "or: each operand evaluated at most once" '(1 1)
                (list (let ((n 0)) (or (begin (set! n (+ n 1)) n) 'no) n)
                      (let ((n 0)) (my-or (begin (set! n (+ n 1)) n) 'no) n)))))

;; ------------------------------------------------------------------
;; Computing at expansion time: continuation-passing syntax-rules
;; macros.  A continuation is (keyword argument ...); a macro returns
;; its result R by expanding into (keyword argument ... R).

(define-syntax ck-quote (syntax-rules () ((_ x) 'x)))

(define-syntax cps-reverse
  (syntax-rules ()
    ((_ () acc (k arg ...)) (k arg ... acc))
    ((_ (x . rest) acc k) (cps-reverse rest (x . acc) k))))

;; (cps-append K (b ...) (a ...)) returns (a ... b ...): its first list
;; comes last, so that a continuation can supply it.
(define-syntax cps-append
  (syntax-rules ()
    ((_ (k arg ...) (b ...) (a ...)) (k arg ... (a ... b ...)))))

;; Peano numerals: zero, (succ N).
(define-syntax peano-add
  (syntax-rules (zero succ)
    ((_ (k arg ...) zero n) (k arg ... n))
    ((_ k (succ m) n) (peano-add k m (succ n)))))

(define-syntax peano-mul
  (syntax-rules (zero succ)
    ((_ (k arg ...) zero n) (k arg ... zero))
    ((_ k (succ m) n) (peano-mul (peano-add k n) m n))))

(define-syntax peano-fact
  (syntax-rules (zero succ)
    ((_ (k arg ...) zero) (k arg ... (succ zero)))
    ((_ k (succ m)) (peano-fact (peano-mul k (succ m)) m))))

(define-syntax peano->number
  (syntax-rules (zero succ)
    ((_ zero) 0)
    ((_ (succ n)) (+ 1 (peano->number n)))))

(define (macros-peano n)
  ;; The numeral for N, built at run time.
  (if (= n 0) 'zero (list 'succ (macros-peano (- n 1)))))

(test-group "stress: computing at expansion time"
  (lambda ()
    (test-equal "reversing a list" '(4 3 2 1) (cps-reverse (1 2 3 4) () (ck-quote)))
    (test-equal "reversing the empty list" '() (cps-reverse () () (ck-quote)))
    (test-equal "reverse, then append through a continuation" '(3 2 1 x y)
                (cps-reverse (1 2 3) () (cps-append (ck-quote) (x y))))
    (test-equal "Peano: 2 + 3" (macros-peano 5)
                (peano-add (ck-quote) (succ (succ zero)) (succ (succ (succ zero)))))
    (test-equal "Peano: 2 * 3" '(succ (succ (succ (succ (succ (succ zero))))))
                (peano-mul (ck-quote) (succ (succ zero)) (succ (succ (succ zero)))))
    (test-equal "Peano: 0 * 3" 'zero
                (peano-mul (ck-quote) zero (succ (succ (succ zero)))))
    (test-equal "Peano: 4!" (macros-peano 24)
                (peano-fact (ck-quote) (succ (succ (succ (succ zero))))))
    (test-eqv "Peano: 3! as a number, the conversion also at expansion" 6
              (peano-fact (peano->number) (succ (succ (succ zero)))))
    (test-equal "a literal shadowed at the use does not match" '(zero no-match)
                (let-syntax ((is-zero? (syntax-rules (zero)
                                         ((_ zero) 'zero)
                                         ((_ x) 'no-match))))
                  (list (is-zero? zero) (let ((zero 0)) (is-zero? zero)))))))

;; ------------------------------------------------------------------
;; A top-level define of begin changes the rest of the file, so it is
;; next to last.

(test-group "built-in forms after (define begin 1) at the top level"
  (lambda ()
    (macros-eval '(define begin 1))
    (test-equal "begin is now a variable" 1 (macros-eval 'begin))
    (test-equal "cond-expand still works" 2 (macros-eval '(cond-expand (else 2))))
    (test-equal "cond-expand with definitions at the top level" 3
                (begin
                  (macros-eval '(cond-expand (else (define macros-cx-a 1)
                                                   (define macros-cx-b 2))))
                  (macros-eval '(+ macros-cx-a macros-cx-b))))
    (test-equal "define-record-type still works" 4
                (macros-eval '(let ()
                                (define-record-type q (mk-q x) q? (x q-x))
                                (q-x (mk-q 4)))))
    (test-equal "case, do, when, guard, a body with definitions"
                '(b done 2 caught 1)
                (macros-eval '(list (case 1 ((1) 'a 'b))
                                    (do ((i 0 (+ i 1))) ((= i 2) 'done))
                                    (when #t 1 2)
                                    (guard (e (#t 'caught)) (raise 1))
                                    (let () (define x 1) x))))
    (test-equal "define-syntax-rule and with-syntax" '((1 1) 3)
                (macros-eval '(let ()
                                (define-syntax-rule (twice x) (list x x))
                                (define-syntax sum
                                  (lambda (x)
                                    (syntax-case x ()
                                      ((_ a b) (with-syntax ((s #'(+ a b))) #'s)))))
                                (list (twice 1) (sum 1 2)))))))

;; ------------------------------------------------------------------
;; Deep input and runaway expansion: each case ends with a value or a
;; clear error, never a crash or a hang (these crashed or looped once).

(define (macros-nested-ellipses k)
  ;; The pattern ((... (x ...) ...) ...), K ellipses deep.
  (if (= k 0) 'x (list (macros-nested-ellipses (- k 1)) '...)))

(define (macros-nested-data k)
  ;; ((... (1) ...)), K lists deep.
  (if (= k 0) 1 (list (macros-nested-data (- k 1)))))

(define (macros-nested-begins k)
  ;; (begin (begin ... (define nested-x 1))), K begins deep.
  (if (= k 0) '(define nested-x 1) (list 'begin (macros-nested-begins (- k 1)))))

(test-group "deep input, literal data in patterns, runaway expansion"
  (lambda ()
    (test-assert "a pattern 50000 and 80000 ellipses deep: a value or an error"
                 (let loop ((depths '(50000 80000)))
                   (or (null? depths)
                       (let ((r (guard (e (#t 'error))
                                  (macros-eval
                                   (list 'let-syntax
                                         (list (list 'm (list 'syntax-rules '()
                                                              (list (list '_ (macros-nested-ellipses
                                                                              (car depths)))
                                                                    ''ok))))
                                         (list 'm (macros-nested-data (car depths))))))))
                         (and (memq r '(ok error)) (loop (cdr depths)))))))
    (test-eqv "a syntax-case pattern of a million variables: no C-stack array"
              1000000
              (let ((many (lambda (n x)
                            (let loop ((i 0) (acc '()))
                              (if (= i n) acc (loop (+ i 1) (cons x acc)))))))
                (vector-length (%syntax-match (many 1000000 1) (many 1000000 'a)
                                              '() '...))))
    (test-assert "a body with 300000 nested begins: a value or an error"
                 (memv (guard (e (#t 'error))
                         (macros-eval (list 'let '() (macros-nested-begins 300000) 'nested-x)))
                       '(1 error)))
    (test-equal "patterns with literal numbers, strings, booleans, characters"
                '(zero string true char other)
                (macros-eval '(let ()
                                (define-syntax lit
                                  (syntax-rules ()
                                    ((_ 0) 'zero)
                                    ((_ "s") 'string)
                                    ((_ #t) 'true)
                                    ((_ #\c) 'char)
                                    ((_ x) 'other)))
                                (list (lit 0) (lit "s") (lit #t) (lit #\c) (lit 1)))))
    (test-equal "R7RS's do with its \"step\" rules" '(3 2 1 0)
                (macros-eval '(let ()
                                (define-syntax r7rs-do
                                  (syntax-rules ()
                                    ((_ ((var init step ...) ...) (test expr ...) command ...)
                                     (letrec ((loop (lambda (var ...)
                                                      (if test
                                                          (let () (if #f #f) expr ...)
                                                          (let ()
                                                            command ...
                                                            (loop (r7rs-do "step" var step ...)
                                                                  ...))))))
                                       (loop init ...)))
                                    ((_ "step" x) x)
                                    ((_ "step" x y) y)))
                                (r7rs-do ((i 0 (+ i 1)) (acc '() (cons i acc)))
                                         ((= i 4) acc)))))
    (test-equal "syntax-case with a literal number in a pattern" '(zero other)
                (macros-eval '(let ()
                                (define-syntax sc-lit
                                  (lambda (x)
                                    (syntax-case x ()
                                      ((_ 0) #''zero)
                                      ((_ n) #''other))))
                                (list (sc-lit 0) (sc-lit 1)))))
    (test-error-contains "a macro that expands to itself, as an argument"
                         '("macros-forever")
                         (lambda () (macros-eval '(+ 1 (macros-forever)))))
    (test-error-contains "a macro whose use grows by one element at each step"
                         '("macros-grow")
                         (lambda ()
                           (macros-eval '(let ()
                                           (define-syntax macros-grow
                                             (syntax-rules ()
                                               ((_ x ...) (macros-grow 1 x ...))))
                                           (macros-grow 1)))))))

;; ------------------------------------------------------------------
;; Cyclic forms (datum labels make them): a walk over syntax that would
;; go round for ever raises "cyclic form" instead; quoted, cyclic data
;; stays as it is.

(define (macros-eval-text text)
  (macros-eval (read (open-input-string text))))

(define (macros-cyclic-message text)
  (macros-message (lambda () (macros-eval-text text))))

(test-group "cyclic forms"
  (lambda ()
    (test-equal "an ellipsis matched against a cyclic use"
                "m: cyclic form: #0=(1 2 . #0#)"
                (macros-cyclic-message
                 "(let () (define-syntax m (syntax-rules () ((_ x ...) '(x ...))))
                    (m . #0=(1 2 . #0#)))"))
    (test-equal "... against a cyclic argument, under two ellipses"
                "m: cyclic form: #0=(1 . #0#)"
                (macros-cyclic-message
                 "(let () (define-syntax m (syntax-rules () ((_ (a ...) ...) '((a ...) ...))))
                    (m #0=(1 . #0#)))"))
    (test-equal "... and by syntax-case"
                "m: cyclic form: #0=(1 . #0#)"
                (macros-cyclic-message
                 "(let () (define-syntax m (lambda (x) (syntax-case x () ((_ a ...) #'(quote (a ...))))))
                    (m . #0=(1 . #0#)))"))
    (test-equal "a template holding a cyclic quoted literal"
                "m: cyclic form: '#0=(1 2 . #0#)"
                (macros-cyclic-message
                 "(let () (define-syntax m (syntax-rules () ((_) '#0=(1 2 . #0#)))) (m))"))
    (test-equal "... a cycle through a car"
                "m: cyclic form: '(a . #0=(b #0#))"
                (macros-cyclic-message
                 "(let () (define-syntax m (syntax-rules () ((_) '(a . #0=(b #0#))))) (m))"))
    (test-equal "... through a vector"
                "m: cyclic form: '#0=#(1 #0#)"
                (macros-cyclic-message
                 "(let () (define-syntax m (syntax-rules () ((_) '#0=#(1 #0#)))) (m))"))
    (test-equal "... holding a pattern variable"
                "m: cyclic form: '#0=(x . #0#)"
                (macros-cyclic-message
                 "(let () (define-syntax m (syntax-rules () ((_ x) '#0=(x . #0#)))) (m 1))"))
    (test-equal "a cyclic pattern" "m: cyclic form: #0=(_ . #0#)"
                (macros-cyclic-message
                 "(let () (define-syntax m (syntax-rules () ((_ . #0=(_ . #0#)) 1))) (m 1))"))
    (test-equal "a syntax template" "syntax: cyclic form: '#0=(1 . #0#)"
                (macros-cyclic-message
                 "(let () (define-syntax m (lambda (x) (syntax-case x () ((_) #'(quote #0=(1 . #0#)))))) (m))"))
    (test-equal "a quasiquote template: an error, not a hang"
                "quasiquote template nested too deeply (the C stack is nearly exhausted)"
                (macros-cyclic-message "(quasiquote #0=(1 . #0#))"))
    (test-equal "a quasisyntax template"
                "quasisyntax: cyclic form: #0=(1 . #0#)"
                (macros-cyclic-message
                 "(let () (define-syntax m (lambda (x) (syntax-case x () ((_) (quasisyntax #0=(1 . #0#)))))) (m))"))
    (test-equal "datum->syntax of a cyclic list"
                "datum->syntax: cyclic form: #0=(1 2 . #0#)"
                (macros-message
                 (lambda ()
                   (datum->syntax #'x (read (open-input-string "#0=(1 2 . #0#)"))))))
    (test-equal "datum->syntax of a cyclic vector"
                "datum->syntax: cyclic form: #0=#(1 #0#)"
                (macros-message
                 (lambda ()
                   (datum->syntax #'x (read (open-input-string "#0=#(1 #0#)"))))))
    (test-equal "shared structure is no cycle" '((1 2) (1 2))
                (syntax->datum
                 (datum->syntax #'x (read (open-input-string "(#0=(1 2) #0#)")))))
    (test-equal "a long list is no cycle" 100000
                (length (syntax->datum (datum->syntax #'x (make-list 100000 'a)))))
    (test-equal "a cyclic argument that the template only inserts"
                "#0=(1 2 . #0#)"
                (let ((p (open-output-string)))
                  (write (macros-eval-text
                          "(let () (define-syntax m (syntax-rules () ((_ x) 'x)))
                             (m #0=(1 2 . #0#)))")
                         p)
                  (get-output-string p)))
    (test-equal "a quoted cyclic list" "#0=(1 2 . #0#)"
                (let ((p (open-output-string)))
                  (write (macros-eval-text "(quote #0=(1 2 . #0#))") p)
                  (get-output-string p)))))

(test-end "macros")

;;; macros.scm ends here
