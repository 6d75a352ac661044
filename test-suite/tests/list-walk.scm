;;; list-walk.scm -- loops that walk two lists (GSELFTAILCALL_WALK2)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A top-level procedure of two parameters whose head only tests them
;;; by null? and pair? and whose tail call is (f (cdr x) (cdr y)) runs
;;; its turns in C (vm/engine.c, walk_lists).  Each walker here is
;;; compared with the same loop written so that the compiler cannot
;;; use that instruction (an internal definition, a contified loop),
;;; for lists of every length 0-5 in both arguments, improper lists
;;; and other values, errors included.  The walks run while no inline
;;; binding has changed (this file changes one only at its end, where
;;; the guarded instruction must take the ordinary path).

;;; Code:

(import (ice-9 sandbox) (fixture probes) (only (srfi 1) iota))

(test-begin "list-walk")

(eval '(define-library (test list-walk)
         (export takl-shorter? ntakl-shorter? pair-walk mixed-walk
                 walk-end set-walk-end! walk-redef endless-walk
                 plain-takl plain-ntakl plain-pair plain-mixed plain-end)
         (import (scheme base))
         (begin
           (define (takl-shorter? x y)
             (and (not (null? y))
                  (or (null? x) (takl-shorter? (cdr x) (cdr y)))))
           (define (ntakl-shorter? x y)
             (cond ((null? y) #f)
                   ((null? x) #t)
                   (else (ntakl-shorter? (cdr x) (cdr y)))))
           (define (pair-walk x y)
             (if (pair? x) (if (pair? y) (pair-walk (cdr x) (cdr y)) y) x))
           (define (mixed-walk x y)
             (cond ((not (pair? x)) (list 'x x))
                   ((null? y) (list 'y y))
                   (else (mixed-walk (cdr x) (cdr y)))))
           (define (walk-end x y)
             (if (null? x) (list 'end y) (walk-end (cdr x) (cdr y))))
           (define (walk-redef x y)
             (if (null? x)
                 'old
                 (begin
                   (if (null? (cdr x))
                       (set! walk-redef (lambda (x y) (list 'new x y))))
                   (walk-redef (cdr x) (cdr y)))))
           (define (set-walk-end! f) (set! walk-end f))
           (define (endless-walk x y)
             (if (null? y) 'never (endless-walk (cdr x) (cdr y))))
           ;; The same loops as internal definitions: contified, no
           ;; walk instruction.
           (define (plain-takl x y)
             (define (s x y)
               (and (not (null? y)) (or (null? x) (s (cdr x) (cdr y)))))
             (s x y))
           (define (plain-ntakl x y)
             (define (s x y)
               (cond ((null? y) #f) ((null? x) #t) (else (s (cdr x) (cdr y)))))
             (s x y))
           (define (plain-pair x y)
             (define (s x y) (if (pair? x) (if (pair? y) (s (cdr x) (cdr y)) y) x))
             (s x y))
           (define (plain-mixed x y)
             (define (s x y)
               (cond ((not (pair? x)) (list 'x x))
                     ((null? y) (list 'y y))
                     (else (s (cdr x) (cdr y)))))
             (s x y))
           (define (plain-end x y)
             (define (s x y) (if (null? x) (list 'end y) (s (cdr x) (cdr y))))
             (s x y))))
      (interaction-environment))
(define walk-env (environment '(scheme base) '(test list-walk)))
(define (walk name) (eval name walk-env))

(define proper (map (lambda (n) (iota n)) '(0 1 2 3 4 5)))
(define others (list '(1 . 2) '(1 2 . 3) '(a b c . d) 5 "s" #f (vector 1)))
(define arguments (append proper others))

;; The pairs of arguments on which WALKER and PLAIN answer differently.
(define (differences walker plain)
  (let ((w (walk walker)) (p (walk plain)))
    (let loop ((xs arguments) (bad '()))
      (if (null? xs)
          (reverse bad)
          (loop (cdr xs)
                (let inner ((ys arguments) (bad bad))
                  (if (null? ys)
                      bad
                      (inner (cdr ys)
                             (let ((a (outcome w (car xs) (car ys)))
                                   (b (outcome p (car xs) (car ys))))
                               (if (equal? a b)
                                   bad
                                   (cons (list (car xs) (car ys) a b)
                                         bad)))))))))))

(test-group "the walk instruction is emitted"
  (lambda ()
    (test-assert "takl's shorterp"
                 (listing-has? (walk 'takl-shorter?) "GSELFTAILCALL_WALK2_U"))
    (test-assert "ntakl's shorterp"
                 (listing-has? (walk 'ntakl-shorter?) "GSELFTAILCALL_WALK2_U"))
    (test-assert "tests by pair?"
                 (listing-has? (walk 'pair-walk) "GSELFTAILCALL_WALK2_U"))
    (test-assert "pair? and null?"
                 (listing-has? (walk 'mixed-walk) "GSELFTAILCALL_WALK2_U"))
    (test-assert "a head that does more: not a walk"
                 (and (listing-has? (walk 'walk-redef) "GSELFTAILCALL_CDR2_U")
                      (not (listing-has? (walk 'walk-redef)
                                         "GSELFTAILCALL_WALK2_U"))))
    (test-assert "the plain loops: no walk"
                 (not (listing-has? (walk 'plain-takl)
                                    "GSELFTAILCALL_WALK2")))))

(test-group "the same answers as the plain loop"
  (lambda ()
    (test-equal "takl's shorterp" '()
                (differences 'takl-shorter? 'plain-takl))
    (test-equal "ntakl's shorterp" '()
                (differences 'ntakl-shorter? 'plain-ntakl))
    (test-equal "pair? tests, a parameter as the value" '()
                (differences 'pair-walk 'plain-pair))
    (test-equal "pair? of one, null? of the other" '()
                (differences 'mixed-walk 'plain-mixed))
    (test-equal "one test, a value built after the loop" '()
                (differences 'walk-end 'plain-end))
    (test-equal "a sample of the answers"
                '(#t #f #f #t (end (4)) (x 3) (y ()) c)
                (list ((walk 'takl-shorter?) '(1) '(1 2))
                      ((walk 'takl-shorter?) '(1 2) '(1 2))
                      ((walk 'ntakl-shorter?) '() '())
                      ((walk 'ntakl-shorter?) '() '(a))
                      ((walk 'walk-end) '(1 2 3) '(1 2 3 4))
                      ((walk 'mixed-walk) '(1 2 . 3) '(a b c))
                      ((walk 'mixed-walk) '(1 2 3) '(a b))
                      ((walk 'pair-walk) '(1 2 3 4) '(a b . c))))
    (test-equal "the second list ends first: cdr's error naming it"
                '(error wrong-type-arg (()))
                (let ((o (outcome (walk 'walk-end) '(1 2 3) '(a))))
                  (list (car o) (cadr o) (cadddr o))))
    (test-equal "an improper first list: its last cdr"
                '(error wrong-type-arg (x))
                (let ((o (outcome (walk 'walk-end) '(1 2 . x) '(a b c))))
                  (list (car o) (cadr o) (cadddr o))))
    (test-equal "long lists" '(#t #f (end ()))
                (let ((l (make-list 100000 0)) (k (make-list 100001 0)))
                  (list ((walk 'takl-shorter?) l k)
                        ((walk 'ntakl-shorter?) k l)
                        ((walk 'walk-end) l l))))))

(define (circle)
  (let ((l (list 1 2 3))) (set-cdr! (cddr l) l) l))

(test-group "a walk still polls"
  (lambda ()
    (test-eq "circular lists loop until a time limit" 'time
             (limit-of (lambda ()
                         (call-with-limits
                          (lambda () ((walk 'endless-walk) (circle) (circle)))
                          0.01 #f))))
    (test-eq "... or a step limit" 'steps
             (limit-of (lambda ()
                         (call-with-limits
                          (lambda () ((walk 'endless-walk) (circle) (circle)))
                          #f #f #f 100000))))
    (test-equal "a walk within a step limit ends as the plain loop does"
                '((#t #t) (steps steps))
                (let ((l (make-list 2000 0)) (k (make-list 2001 0)))
                  (map (lambda (limit)
                         (map (lambda (f)
                                (limit-of
                                 (lambda ()
                                   (call-with-limits (lambda () (f l k))
                                                     #f #f #f limit))))
                              (list (walk 'takl-shorter?) (walk 'plain-takl))))
                       '(100000 500))))))

(test-group "assignments the walk must see"
  (lambda ()
    (test-equal "the procedure assigned inside: the new one gets the cdrs"
                '(new () ())
                ((walk 'walk-redef) '(1 2 3) '(a b c)))
    (let ((old (walk 'walk-end)))
      (test-equal "a walker's variable assigned: the old closure calls the new"
                  '(new (2 3) (b c))
                  (begin
                    ((walk 'set-walk-end!) (lambda (x y) (list 'new x y)))
                    (old '(1 2 3) '(a b c))))
      (test-assert "... through the checked instruction"
                   (and (listing-has? old "GSELFTAILCALL_WALK2")
                        (not (listing-has? old "GSELFTAILCALL_WALK2_U")))))
    ;; From here on an inline binding has changed: the guarded walk
    ;; takes the ordinary path, which calls the module's own null?.
    (test-equal "a module's own null?, defined after the walker ran"
                '(x y)
                (let ((m (resolve-module '(test list-walk own-null))))
                  (eval '(import (scheme base)) m)
                  (eval '(define (w x y)
                           (cond ((null? y) 'y) ((null? x) 'x)
                                 (else (w (cdr x) (cdr y)))))
                        m)
                  (let ((before (eval '(w '(1 2 3) '(a b c d)) m)))
                    (eval '(define (null? v) (or (eq? v '()) (eqv? v 2))) m)
                    (list before (eval '(w '(5 5 5 5) '(a 2 c d)) m)))))
    (test-equal "the library walkers after the change"
                '(() ())
                (list (differences 'takl-shorter? 'plain-takl)
                      (differences 'mixed-walk 'plain-mixed)))))

(test-end "list-walk")
