;;; vector-ref-forms.scm -- the fused vector-ref instructions, guarded or not
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; (vector-ref v i) has one instruction per place of its operands: the
;;; vector in acc or a local, the index a local or a constant, the
;;; element left in acc or pushed as an argument (VREF_L, VREF_K,
;;; VREF_LK, VREF_LL and their _PUSH forms, and VREF_LK_RETURN, which
;;; returns the element).  Where vector-ref's binding
;;; cannot change (a library's import of the core) the compiler emits
;;; each one's twin without the guard (NAME_U); elsewhere the guarded
;;; form calls whatever vector-ref holds.  Both give vector-ref's
;;; answers and its errors.

;;; Code:

(test-begin "vector-ref-forms")

(import (only (fixture probes) error-of disassembly))

;; Each form once, by the name of its instruction; the _PUSH forms
;; pass the element as a first argument.  The set! keeps VREF_LK's
;; element out of a tail, where it is VREF_LK_RETURN.
(define form-definitions
  '((define (vref-l p i) (vector-ref (car p) i))
    (define (vref-k p) (vector-ref (car p) 2))
    (define (vref-lk v) (let ((e #f)) (set! e (vector-ref v 2)) e))
    (define (vref-lk-return v) (vector-ref v 2))
    (define (vref-ll v i) (vector-ref v i))
    (define (vref-l-push p i) (list (vector-ref (car p) i) 'next))
    (define (vref-k-push p) (list (vector-ref (car p) 2) 'next))
    (define (vref-lk-push v) (list (vector-ref v 2) 'next))
    (define (vref-ll-push v i) (list (vector-ref v i) 'next))))

(define form-names
  '(("VREF_L" . vref-l) ("VREF_K" . vref-k) ("VREF_LK" . vref-lk)
    ("VREF_LK_RETURN" . vref-lk-return)
    ("VREF_LL" . vref-ll) ("VREF_L_PUSH" . vref-l-push)
    ("VREF_K_PUSH" . vref-k-push) ("VREF_LK_PUSH" . vref-lk-push)
    ("VREF_LL_PUSH" . vref-ll-push)))

(eval `(define-library (test vector-ref-forms fixed)
         (export ,@(map cdr form-names))
         (import (scheme base))
         (begin ,@form-definitions))
      (interaction-environment))
(define fixed-env (environment '(test vector-ref-forms fixed)))

;; A module of the same definitions whose vector-ref may change.
(define guarded-module (resolve-module '(test vector-ref-forms guarded)))
(for-each (lambda (form) (eval form guarded-module)) form-definitions)

;; The procedure of form ENTRY in ENV applied to vector V (in a list
;; for the forms whose vector is in acc) and index I; the constant
;; forms' index is 2.
(define (apply-form env entry v i)
  (let ((proc (eval (cdr entry) env))
        (name (car entry)))
    (cond ((member name '("VREF_L" "VREF_L_PUSH")) (proc (list v) i))
          ((member name '("VREF_K" "VREF_K_PUSH")) (proc (list v)))
          ((member name '("VREF_LK" "VREF_LK_RETURN" "VREF_LK_PUSH"))
           (proc v))
          (else (proc v i)))))

(define (constant-form? entry)
  (member (car entry) '("VREF_K" "VREF_K_PUSH" "VREF_LK" "VREF_LK_RETURN"
                        "VREF_LK_PUSH")))

;; Each form's answer for V and I, and its errors against vector-ref's.
(define (forms-test env where)
  (test-equal (string-append "the elements " where)
              '(b c c c b (b next) (c next) (c next) (b next))
              (map (lambda (entry) (apply-form env entry (vector 'a 'b 'c) 1))
                   form-names))
  (for-each
   (lambda (case)
     (let ((v (cadr case)) (i (caddr case)))
       (test-equal (string-append (car case) " " where)
                   (map (lambda (entry)
                          (error-of (lambda ()
                                      (vector-ref v (if (constant-form? entry)
                                                        2
                                                        i)))))
                        form-names)
                   (map (lambda (entry)
                          (error-of (lambda () (apply-form env entry v i))))
                        form-names))))
   (list (list "past the end" (vector 1 2) 3)
         (list "a negative index" (vector 1 2 3) -1)
         (list "a flonum index" (vector 1 2 3) 1.0)
         (list "a bignum index" (vector 1 2 3) (expt 2 70))
         (list "no vector" '(1 2 3) 0)
         (list "a string" "abc" 0))))

(test-group "each form without its guard"
  (lambda ()
    (for-each
     (lambda (entry)
       (test-assert (string-append "as " (car entry) "_U")
                    (string-contains?
                     (disassembly (eval (cdr entry) fixed-env))
                     (string-append (car entry) "_U "))))
     form-names)
    (forms-test fixed-env "unguarded")))

(test-group "each form with its guard"
  (lambda ()
    (for-each
     (lambda (entry)
       (test-assert (string-append "as " (car entry))
                    (string-contains?
                     (disassembly (eval (cdr entry) guarded-module))
                     (string-append (car entry) " "))))
     form-names)
    (forms-test guarded-module "guarded")
    (test-equal "vector-ref assigned after the code was compiled"
                '((ref #(a b c) 1) (ref #(a b c) 2) (ref #(a b c) 2)
                  (ref #(a b c) 2) (ref #(a b c) 1) ((ref #(a b c) 1) next)
                  ((ref #(a b c) 2) next) ((ref #(a b c) 2) next)
                  ((ref #(a b c) 1) next))
                (begin
                  (eval '(set! vector-ref (lambda (v i) (list 'ref v i)))
                        guarded-module)
                  (map (lambda (entry)
                         (apply-form guarded-module entry (vector 'a 'b 'c) 1))
                       form-names)))))

(test-end "vector-ref-forms")
