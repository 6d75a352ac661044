;;; counters.scm -- (set! v (+ v K)) of a boxed free variable
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A counter kept in a variable that a closure assigns, (set! n (+ n
;;; 1)) with the core's + or -, is one instruction, FBOX_ADDK_U or
;;; FBOX_SUBK_U, instead of the box's read, the step and the box's
;;; write (issue 39: the boyers' rewrite-count, parsing's
;;; input-index).  Each test here holds whatever the instruction is:
;;; the values across the fixnum range and in other numbers, the box
;;; shared with the other closures over the variable, the error of a
;;; value that is no number (the box left as it was) and of a variable
;;; used before its definition, and a + of the program's own, which
;;; keeps the ordinary instructions.

;;; Code:

(test-begin "counters")

(define (ctr-listing proc)
  (let ((out (open-output-string)))
    (parameterize ((current-output-port out))
      ((eval 'disassemble (environment '(libscm disassemble))) proc))
    (get-output-string out)))

(define (ctr-has? proc name)
  ;; Whether PROC's listing shows instruction NAME (then its operands).
  (string-contains? (ctr-listing proc) (string-append name " ")))

;; In a library, where + and - are the core's (at top level a program
;; may redefine them, and the ordinary instructions check them).
(eval '(define-library (test counters)
         (export make bump-twice early)
         (import (scheme base))
         (begin
           ;; Three closures over one variable: a step by K, a step up
           ;; by 1, a step down by 2, and a reader.
           (define (make init k)
             (let ((n init))
               (list (lambda () (set! n (+ n k)) n)
                     (lambda () (set! n (+ n 1)) n)
                     (lambda () (set! n (- n 2)) n)
                     (lambda () n))))
           ;; The set! as a value, and the count after it.
           (define (bump-twice)
             (let ((n 0))
               (define (bump!) (set! n (+ n 1)))
               (list (eq? (bump!) (let ((z 0)) (set! z 1)))
                     (begin (bump!) n))))
           ;; A counter read before its definition has set it.
           (define (call p) (p))
           (define (early)
             (define (bump) (set! k (+ k 1)) k)
             (define k (call bump))
             k)))
      (interaction-environment))
(define (ctr-make init k)
  ((eval 'make (environment '(test counters))) init k))

(define ctr-up (cadr (ctr-make 0 0)))
(define ctr-down (caddr (ctr-make 0 0)))

;; ------------------------------------------------------------------
(test-group "the instruction"
  (lambda ()
    (test-assert "a step up is FBOX_ADDK_U" (ctr-has? ctr-up "FBOX_ADDK_U"))
    (test-assert "a step down is FBOX_SUBK_U"
                 (ctr-has? ctr-down "FBOX_SUBK_U"))
    (test-assert "no FSET_BOX left" (not (ctr-has? ctr-up "FSET_BOX")))
    (test-assert "a step by a variable keeps FSET_BOX"
                 (ctr-has? (car (ctr-make 0 0)) "FSET_BOX"))))

;; ------------------------------------------------------------------
(test-group "values"
  (lambda ()
    (let* ((c (ctr-make 0 0)) (up (cadr c)) (down (caddr c)) (get (cadddr c)))
      (test-equal "steps" '(1 2 0 -2 -1) (list (up) (up) (down) (down) (up)))
      (test-equal "the other closures see the box" -1 (get)))
    (let* ((big (- (expt 2 61) 1))   ; the greatest fixnum (62 bits)
           (c (ctr-make (- big 2) 0)) (up (cadr c)) (down (caddr c)))
      (test-equal "up past the greatest fixnum"
                  (list (- big 1) big (+ big 1)) (list (up) (up) (up)))
      (test-equal "and back down" (list (- big 1) (- big 3))
                  (list (down) (down))))
    (let* ((least (- (expt 2 61)))   ; the least
           (c (ctr-make (+ least 3) 0)) (down (caddr c)))
      (test-equal "down past the least fixnum" (list (+ least 1) (- least 1))
                  (list (down) (down))))
    (let* ((c (ctr-make 1.5 0)) (up (cadr c)) (down (caddr c)))
      (test-equal "a flonum" '(2.5 0.5) (list (up) (down))))
    (let* ((c (ctr-make 1/3 0)) (up (cadr c)))
      (test-equal "a fraction" 4/3 (up)))
    (test-equal "as a value, what any set! gives; then the count"
                '(#t 2) ((eval 'bump-twice (environment '(test counters)))))))

;; ------------------------------------------------------------------
(test-group "errors"
  (lambda ()
    (let* ((c (ctr-make "x" 0)) (up (cadr c)) (down (caddr c)) (get (cadddr c)))
      (test-equal "+'s error names the value"
                  "+: wrong type argument in position 1 (expected number): \"x\""
                  (condition-message (raised-object up)))
      (test-equal "-'s error" "-"
                  (substring (condition-message (raised-object down)) 0 1))
      (test-equal "the box keeps its value" "x" (get)))
    (test-equal "the error's position is the +'s: line 3, column 43"
                '(3 43)
                (let ((path (test-write-file
                             "counters-pos.scm"
                             (string-append
                              "(define-library (test counters-pos)\n"
                              "  (export f) (import (scheme base))\n"
                              "  (begin (define (f n) (lambda () (set! n (+ n 1)) n))))\n"))))
                  (load path)
                  (let ((f (eval 'f (environment '(test counters-pos)))))
                    (guard (e (#t (let ((fr (car (condition-backtrace e))))
                                    (list (vector-ref fr 2) (vector-ref fr 3)))))
                      ((f 'sym))))))
    (test-error-contains "a variable used before its definition"
                         '("variable used before its definition" "k")
                         (eval 'early (environment '(test counters))))))

;; ------------------------------------------------------------------
(test-group "a + of the program's own"
  (lambda ()
    (eval '(define-library (test counters-own)
             (export make)
             (import (except (scheme base) +))
             (begin
               (define (+ a b) (list 'plus a b))
               (define (make)
                 (let ((n 0)) (lambda () (set! n (+ n 1)) n)))))
          (interaction-environment))
    (let ((c ((eval 'make (environment '(test counters-own))))))
      (test-equal "is called" '(plus 0 1) (c))
      (test-assert "with the ordinary instructions"
                   (and (not (ctr-has? c "FBOX_ADDK_U"))
                        (ctr-has? c "FSET_BOX"))))))

(test-end "counters")
