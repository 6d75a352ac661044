;;; count-walk.scm -- steps down a list by a count (GSELFTAILCALL_CDR_K)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A top-level procedure's tail call of itself whose arguments are
;;; (cdr l) and (- i K) or (+ i K) of locals, with the core's cdr, -
;;; and +, is one instruction; when the head only tests (= i K0) of the
;;; count, the whole walk runs in C (vm/engine.c, walk_count).  Each
;;; walker here is compared with the same loop written so that the
;;; compiler cannot use those instructions (an internal definition, a
;;; contified loop), over proper and improper lists and counts of
;;; every kind, errors included; then the polls, and an assignment of
;;; the walker's variable.

;;; Code:

(import (ice-9 sandbox) (fixture probes) (only (srfi 1) iota))

(test-begin "count-walk")

(eval '(define-library (test count-walk)
         (export list-read count-up read-far set-list-read!
                 endless-read plain-read plain-up plain-far)
         (import (scheme base))
         (begin
           (define (list-read l i)
             (if (= i 0) (car l) (list-read (cdr l) (- i 1))))
           (define (count-up l i)
             (if (= i 5) (list i l) (count-up (cdr l) (+ i 1))))
           ;; Two tests in the head: the step alone, no walk.
           (define (read-far l i)
             (cond ((= i 0) (car l))
                   ((= i 100) 'far)
                   (else (read-far (cdr l) (- i 1)))))
           (define (set-list-read! f) (set! list-read f))
           (define (endless-read l i)
             (if (= i -1) 'never (endless-read (cdr l) (+ i 1))))
           ;; The same loops as internal definitions: contified, no
           ;; such instruction.
           (define (plain-read l i)
             (define (r l i) (if (= i 0) (car l) (r (cdr l) (- i 1))))
             (r l i))
           (define (plain-up l i)
             (define (r l i) (if (= i 5) (list i l) (r (cdr l) (+ i 1))))
             (r l i))
           (define (plain-far l i)
             (define (r l i)
               (cond ((= i 0) (car l))
                     ((= i 100) 'far)
                     (else (r (cdr l) (- i 1)))))
             (r l i))))
      (interaction-environment))
(define walk-env (environment '(scheme base) '(test count-walk)))
(define (walk name) (eval name walk-env))

(define top (exact (- (expt 2 61) 1)))   ; the greatest fixnum
(define lists (append (map (lambda (n) (iota n)) '(0 1 2 3 6))
                      (list '(a b . c) 5 "s")))
(define counts (list 0 1 2 4 5 -1 -3 99 100 101 2.0 4.0 1/2 'x
                     (- top 1) top (+ top 1) (- -1 top)))

;; The arguments on which WALKER and PLAIN answer differently.
(define (differences walker plain)
  (let ((w (walk walker)) (p (walk plain)))
    (let loop ((ls lists) (bad '()))
      (if (null? ls)
          (reverse bad)
          (loop (cdr ls)
                (let inner ((is counts) (bad bad))
                  (if (null? is)
                      bad
                      (inner (cdr is)
                             (let ((a (outcome w (car ls) (car is)))
                                   (b (outcome p (car ls) (car is))))
                               (if (equal? a b)
                                   bad
                                   (cons (list (car ls) (car is) a b)
                                         bad)))))))))))

(test-group "the instructions are emitted"
  (lambda ()
    (test-assert "a head that only tests the count: the walk"
                 (and (listing-has? (walk 'list-read)
                                    "GSELFTAILCALL_CDR_K_LOOP_U")
                      (listing-has? (walk 'count-up)
                                    "GSELFTAILCALL_CDR_K_LOOP_U")
                      (not (listing-has? (walk 'list-read) "CDR_L_PUSH_U"))))
    (test-assert "another head: the step"
                 (and (listing-has? (walk 'read-far) "GSELFTAILCALL_CDR_K_U")
                      (not (listing-has? (walk 'read-far)
                                         "GSELFTAILCALL_CDR_K_LOOP_U"))))
    (test-assert "the plain loops: neither"
                 (not (or (listing-has? (walk 'plain-read)
                                        "GSELFTAILCALL_CDR_K_LOOP_U")
                          (listing-has? (walk 'plain-far)
                                        "GSELFTAILCALL_CDR_K_U"))))))

(test-group "the same answers as the plain loops"
  (lambda ()
    (test-equal "list-read, counting down to 0" '()
                (differences 'list-read 'plain-read))
    (test-equal "count-up, counting up to 5" '()
                (differences 'count-up 'plain-up))
    (test-equal "read-far, the step alone" '()
                (differences 'read-far 'plain-far))
    (test-equal "every index of a list"
                '(a b c d e)
                (map (lambda (i) ((walk 'list-read) '(a b c d e) i))
                     (iota 5)))
    (test-equal "a long walk" 99999
                ((walk 'list-read) (iota 100000) 99999))
    (test-equal "a flonum count: generic arithmetic" 'c
                ((walk 'list-read) '(a b c d) 2.0))
    (test-equal "the list ends first: cdr's error, naming the value"
                '(error wrong-type-arg
                        "wrong type argument in position 1 (expected pair)"
                        (()))
                (let ((o (outcome (walk 'list-read) '(1 2) 5)))
                  (list (car o) (cadr o) (caddr o) (cadddr o))))
    (test-equal "a count past the greatest fixnum: a bignum, then cdr's error"
                '(error wrong-type-arg (()))
                (let ((o (outcome (walk 'count-up) '(1 2 3) (- top 1))))
                  (list (car o) (cadr o) (cadddr o))))))

(test-group "polls and assignments"
  (lambda ()
    (define (circle) (let ((l (list 1 2 3))) (set-cdr! (cddr l) l) l))
    (test-eq "a time limit stops an endless walk" 'time
             (limit-of (lambda ()
                         (call-with-limits
                          (lambda () ((walk 'endless-read) (circle) 0))
                          0.01 #f))))
    (test-eq "a step limit too" 'steps
             (limit-of (lambda ()
                         (call-with-limits
                          (lambda () ((walk 'endless-read) (circle) 0))
                          #f #f #f 100000))))
    (let ((old (walk 'list-read)))
      (test-equal "the variable assigned: the old closure calls the new"
                  '(new (b c) 1)
                  (begin
                    ((walk 'set-list-read!) (lambda (l i) (list 'new l i)))
                    (old '(a b c) 2)))
      (test-assert "... through the checked instruction"
                   (and (listing-has? old "GSELFTAILCALL_CDR_K_LOOP")
                        (not (listing-has? old
                                           "GSELFTAILCALL_CDR_K_LOOP_U")))))))

(test-end "count-walk")
