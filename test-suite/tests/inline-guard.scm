;;; inline-guard.scm -- inline primitives see every change of their binding
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The inline operations (car, +, vector-ref...) skip the test of their
;;; variable while no binding of an inline primitive has changed in the
;;; process (vm.c, PRIM_INTACT).  Each writer of a variable must note
;;; the change: this file's first test changes a binding by
;;; variable-set!, before anything else here has changed one, so that
;;; it is that writer that turns the test on; the later ones change
;;; bindings by the other writers.

;;; Code:

(test-begin "inline-guard")

(test-group "compiled code calls a primitive's new value"
  (lambda ()
    (test-equal "variable-set! of a module's car, first of all"
                '(1 (2))
                (let ((m (resolve-module '(test inline-guard variable-set))))
                  (eval '(define (first p) (car p)) m)
                  (let ((before (eval '(first '(1 2)) m)))
                    (variable-set! (module-variable m 'car) cdr)
                    (list before (eval '(first '(1 2)) m)))))
    (test-equal "module-define! of a module's +"
                '(3 (plus 1 2))
                (let ((m (resolve-module '(test inline-guard module-define))))
                  (eval '(define (add a b) (+ a b)) m)
                  (let ((before (eval '(add 1 2) m)))
                    (module-define! m '+ (lambda (a b) (list 'plus a b)))
                    (list before (eval '(add 1 2) m)))))
    (test-equal "set! of a module's vector-ref, the other modules unchanged"
                '(6 (ref #(5 6) 1) 6)
                (let ((m (resolve-module '(test inline-guard set))))
                  (eval '(define (second v) (vector-ref v 1)) m)
                  (let ((before (eval '(second (vector 5 6)) m)))
                    (eval '(set! vector-ref (lambda (v i) (list 'ref v i))) m)
                    (list before (eval '(second (vector 5 6)) m)
                          (vector-ref (vector 5 6) 1)))))
    (test-equal "storing the same primitive again changes nothing"
                1
                (let ((m (resolve-module '(test inline-guard same))))
                  (eval '(define (first p) (car p)) m)
                  (variable-set! (module-variable m 'car) car)
                  (eval '(first '(1 2)) m)))))

;; A call with no arguments of a small top-level procedure runs a copy
;; of its body (compile.c, compile_inline_call); the copy must give way
;; to whatever the variable holds when it runs.  Each definition is
;; compiled after the ones before it ran, as at the top level.
(define (in-fresh-module name . forms)
  (let ((m (resolve-module (list 'test 'inline-guard name))))
    (let loop ((forms forms) (last #f))
      (if (null? forms) last (loop (cdr forms) (eval (car forms) m))))))

;; (if (not (TYPE l)) #t #f) answers BEFORE for '(1) and '(); with TYPE
;; set to OTHER, or not set to the identity, each answer is reversed.
;; (or (TYPE l) 'rest) answers OR-ANSWERS: for '(1) and '() before, then
;; for '(1), '() and 5 with TYPE answering yes or #f as OTHER does.
(define (test-not-type-guards type other before or-answers)
  (let ((def `(define (f l) (if (not (,type l)) #t #f)))
        (run '(define before (list (f '(1)) (f '()))))
        (result '(list before (list (f '(1)) (f '()))))
        (name (lambda (s) (string->symbol
                           (string-append s (symbol->string type)))))
        (expected (list before (map not before))))
    (test-equal (string-append "a new " (symbol->string type)) expected
                (in-fresh-module (name "not-") def run
                                 `(set! ,type (lambda (x) (,other x)))
                                 result))
    (test-equal "a new not" expected
                (in-fresh-module (name "not-not-") def run
                                 '(set! not (lambda (x) x)) result))
    (test-equal (string-append "(or (" (symbol->string type)
                               " l) ...): a new one's value is or's")
                or-answers
                (in-fresh-module (name "or-")
                 `(define (f l) (or (,type l) 'rest))
                 run
                 `(set! ,type (lambda (x) (if (,other x) 'yes #f)))
                 '(list before (list (f '(1)) (f '()) (f 5)))))
    (test-equal (string-append "a new " (symbol->string type)
                               " that raises: the error is catchable")
                'caught
                (in-fresh-module (name "raise-") def
                 `(set! ,type (lambda (x) (raise 'boom)))
                 '(guard (e ((eq? e 'boom) 'caught)) (f '(1)))))))

;; (not (null? local)) as a test is one instruction guarded by both
;; variables (BRLN_NULLP): a new null? or a new not is called instead.
(test-group "(not (null? local)) after null? or not is redefined"
  (lambda ()
    (test-not-type-guards 'null? 'pair? '(#t #f)
                          '((rest #t) (yes rest rest)))))

;; The same for pair? (BRLN_PAIRP, BRLT_PAIRP).
(test-group "(not (pair? local)) after pair? or not is redefined"
  (lambda ()
    (test-not-type-guards 'pair? 'null? '(#f #t)
                          '((#t rest) (rest yes rest)))))

(define leaf-forms
  '((define-record-type leaf (make-leaf a b) leaf? (a leaf-a) (b leaf-b))
    (define (new-leaf) (make-leaf #f 0))
    (define (value) (leaf-b (new-leaf)))
    (define (tail) (new-leaf))
    (define (effect) (new-leaf) 'done)))

(test-group "inline copies of small procedures"
  (lambda ()
    (test-equal "the copy makes what the call made, in every position"
                '(0 #t done #f)
                (apply in-fresh-module 'same
                       (append leaf-forms
                               '((list (value) (leaf? (tail)) (effect)
                                       (eq? (tail) (tail)))))))
    (test-equal "a redefinition after the callers were compiled"
                '(1 (other) done)
                (apply in-fresh-module 'redefine
                       (append leaf-forms
                               '((value)
                                 (define (new-leaf) (list 'other))
                                 (list (length (new-leaf)) (tail) (effect))))))
    (test-equal "set! to a non-procedure: each position raises"
                '(raised raised raised)
                (apply in-fresh-module 'not-procedure
                       (append leaf-forms
                               '((tail)
                                 (set! new-leaf 7)
                                 (map (lambda (f)
                                        (guard (e (#t 'raised)) (f)))
                                      (list value tail effect))))))
    (test-equal "the constructor the copy calls, redefined"
                '(made #f 0)
                (apply in-fresh-module 'constructor
                       (append leaf-forms
                               '((tail)
                                 (set! make-leaf (lambda (a b) (list 'made a b)))
                                 (tail)))))
    (test-equal "a global the copy reads, assigned and then defined"
                '(1 2 raised 3)
                (in-fresh-module 'global
                                 '(define x 1)
                                 '(define (get-x) x)
                                 '(define (get-y) y)
                                 '(define (use-x) (get-x))
                                 '(define (use-y) (get-y))
                                 '(define r1 (use-x))
                                 '(set! x 2)
                                 '(define r2 (use-x))
                                 '(define r3 (guard (e (#t 'raised)) (use-y)))
                                 '(define y 3)
                                 '(list r1 r2 r3 (use-y))))
    (test-equal "constant fields (KREC_MAKE_K), before and after a set!"
                '((1 2 0 #f) (made 1 2 0 #f) (made 3 #t x 7) (4 (made 1 2 3 4)))
                (in-fresh-module 'constant-fields
                                 '(define-record-type quad (make-quad a b c d)
                                    quad? (a quad-a) (b quad-b) (c quad-c)
                                    (d quad-d))
                                 '(define (two a b) (make-quad a b 0 #f))
                                 '(define (three) (make-quad 3 #t 'x 7))
                                 '(define (four a) (list a (make-quad 1 2 3 4)))
                                 '(define (use) (three))
                                 '(define q (two 1 2))
                                 '(define before
                                    (list (quad-a q) (quad-b q) (quad-c q)
                                          (quad-d q)))
                                 '(define ok
                                    (and (quad? (use)) (quad? (cadr (four 4)))))
                                 '(set! make-quad
                                    (lambda args (cons 'made args)))
                                 '(and ok (list before (two 1 2) (use) (four 4)))))
    (test-equal "a fresh list each time, as from the call"
                '(#f (1 2))
                (in-fresh-module 'fresh
                                 '(define (two) (list 1 2))
                                 '(define (use) (two))
                                 '(list (eq? (use) (use)) (use))))))

;; A test of memq, memv or member of a local and a constant list that
;; the procedure's comparison tells apart by identity searches the list
;; in the VM (compile.c, compile_global_memq_test); the others call the
;; procedure.  Every branch, then the call the guard falls back to.
(define (memq-kind t) (if (memq t '(boolean character id)) 'in 'out))
(define (memv-kind c)
  (cond ((memv c '(#\a #\x10000 7 () #t)) 'in) (else 'out)))
(define (member-kind c) (if (member c '(x #\b 3 #f ())) 'in 'out))
(define (memv-heap c) (if (memv c '(1e300 2 1.0)) 'in 'out))
(define (member-string s) (if (member s '("ab" x)) 'in 'out))

(test-group "memq, memv, member of a constant list as a test"
  (lambda ()
    (test-equal "memq of symbols: each, and others"
                '(in in in out out out)
                (map memq-kind (list 'boolean 'character 'id 'ID "id" 1)))
    (test-equal "memv: a character, one past the BMP, a fixnum, (), #t"
                '(in in in in in out out out out out out)
                (map memv-kind
                     (list #\a #\x10000 7 '() #t #\A #f 8 7.0
                           (expt 10 30) "a")))
    (test-equal "member: a symbol, a character, a fixnum, #f, ()"
                '(in in in in in out out out)
                (map member-kind (list 'x #\b 3 #f '() 'y #t (list 'x))))
    (test-equal "memv of a list with a flonum on the heap: eqv?, by value"
                '(in in in out out in)
                (map memv-heap (list (string->number "1e300") 2 (/ 2.0 2) 1
                                     2.0 (* 10 (string->number "1e299")))))
    (test-equal "memv of a bignum and a flonum key against fixnums"
                '(out out)
                (list (memv-kind (* 7 (expt 10 30))) (memv-kind 7.0)))
    (test-equal "member of a list with a string compares by equal?"
                '(in in out)
                (map member-string (list (string #\a #\b) 'x "b")))
    (test-equal "when, and, or and not around the test"
                '(yes #f (id) no)
                (let ((c #\a) (d #\z))
                  (list (if (and (memv c '(#\a #\b)) (not (memv d '(#\a))))
                            'yes 'no)
                        (and (memv d '(#\a #\b)) #t)
                        (or (memv d '(#\a)) (memq 'id '(id)) #f)
                        (if (or (memv d '(#\a #\b)) (memv c '(#\c))) 'yes 'no))))
    (test-equal "memq and memv assigned after the tests were compiled"
                '((in in) (out in) (out out))
                (in-fresh-module 'memq
                                 '(define (kinds t c)
                                    (list (if (memq t '(boolean id)) 'in 'out)
                                          (if (memv c '(#\a #\b)) 'in 'out)))
                                 '(define before (kinds 'id #\a))
                                 '(set! memq (lambda (x l) #f))
                                 '(define after-memq (kinds 'id #\a))
                                 '(set! memv (lambda (x l) #f))
                                 '(list before after-memq (kinds 'id #\a))))))

(test-end "inline-guard")
