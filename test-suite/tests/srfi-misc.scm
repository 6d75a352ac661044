;;; srfi-misc.scm -- SRFI 145 (assume) and SRFI 111 (boxes)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; assume: its value, a failed assumption's message (the expression
;;; and the messages) and location (the assume form's position in its
;;; file), the syntax error for a form without an expression.  Boxes:
;;; the four procedures, disjointness from other types, eq?/eqv?/equal?
;;; as for records, how a box prints, errors naming the procedure.

;;; Code:

(import (srfi 145))
(import (srfi 111))

(test-begin "srfi-misc")

(define (write-string-of obj)
  (let ((p (open-output-string)))
    (write obj p)
    (get-output-string p)))

;; ------------------------------------------------------------------
(test-group "SRFI 145 assume"
  (lambda ()
    (test-equal "the value of a true assumption" 5 (assume (+ 2 3)))
    (test-equal "with messages" '(1 2) (assume (list 1 2) "a list" 'really))
    (test-equal "the expression is evaluated once" 1
                (let ((n 0)) (assume (begin (set! n (+ n 1)) n)) n))
    (test-error-message "a false assumption names the expression and the messages"
      "assume: invalid assumption: (> x 0) \"x must be positive\" -4"
      (lambda () (let ((x -4)) (assume (> x 0) "x must be positive" x))))
    (test-error-message "without messages"
      "assume: invalid assumption: (pair? '())"
      (lambda () (assume (pair? '()))))
    (test-error-message "assume #f"
      "assume: invalid assumption: #f \"unreachable\""
      (lambda () (assume #f "unreachable")))
    (test-assert "a false assumption is an error object"
                 (error-object? (raised-object (lambda () (assume #f)))))
    (test-assert "and can be caught by guard"
                 (guard (e ((error-object? e) #t)) (assume (eq? 'a 'b)) #f))
    (let* ((path (test-write-file "assume.scm"
                                  "(import (srfi 145))
(define (f x)
  (assume (integer? x) \"f takes integers\")
  (* x x))
(f 2.5)
"))
           (e (raised-object (lambda () (load path)))))
      (test-equal "the error's location is the assume form"
                  (string-append path ":3:3")
                  (and (error-object? e) (condition-location e)))
      (test-equal "its message" "assume: invalid assumption: (integer? x) \"f takes integers\""
                  (and (error-object? e) (condition-message e))))
    (test-error-contains "(assume) is a syntax error"
                         '("assume: an expression is required")
                         (lambda () (eval '(assume) (interaction-environment))))))

;; ------------------------------------------------------------------
(test-group "SRFI 111 boxes"
  (lambda ()
    (test-equal "box and unbox" 1 (unbox (box 1)))
    (test-equal "set-box!" 'new (let ((b (box 'old))) (set-box! b 'new) (unbox b)))
    (test-equal "a box holding a box" 7 (unbox (unbox (box (box 7)))))
    (test-assert "box?" (box? (box #f)))
    (test-equal "box? of other things" '(#f #f #f #f #f)
                (map box? (list 1 '(1) (vector 1) "box" (lambda () 1))))
    (test-assert "a box is not a pair, vector or procedure"
                 (let ((b (box 1)))
                   (not (or (pair? b) (vector? b) (procedure? b) (symbol? b)
                            (string? b) (number? b)))))
    (test-assert "a box is eq? to itself" (let ((b (box 1))) (eq? b b)))
    (test-assert "two boxes are not eqv?" (not (eqv? (box 1) (box 1))))
    (test-assert "nor equal? (as records)" (not (equal? (box 1) (box 1))))
    (test-assert "set-box! is seen through every reference"
                 (let* ((b (box 0)) (l (list b b)))
                   (set-box! (car l) 5)
                   (= 5 (unbox (cadr l)))))
    (test-assert "a box writes as #<box ...>"
                 (let ((s (write-string-of (box 1))))
                   (and (>= (string-length s) 6)
                        (string=? "#<box " (substring s 0 6)))))
    (test-error-message "unbox of a non-box"
      "unbox: wrong type argument in position 1 (expected box): 5"
      (lambda () (unbox 5)))
    (test-error-message "set-box! of a non-box"
      "set-box!: wrong type argument in position 1 (expected box): (1)"
      (lambda () (set-box! '(1) 2)))
    (test-error "box takes one argument" (lambda () (box 1 2)))))

(test-end "srfi-misc")
