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

(test-end "inline-guard")
