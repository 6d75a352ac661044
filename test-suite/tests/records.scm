;;; records.scm -- define-record-type
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(test-begin "records")

(define-record-type point
  (make-point x y)
  point?
  (x point-x set-point-x!)
  (y point-y))

(define-record-type <node>
  (make-node value)
  node?
  (value node-value)
  (next node-next set-node-next!))

(test-group "constructors, predicates, accessors, modifiers"
  (lambda ()
    (let ((p (make-point 1 2)))
      (test-equal "accessors" '(1 2) (list (point-x p) (point-y p)))
      (test-eq "the predicate of a record of the type" #t (point? p))
      (test-equal "the predicate of anything else" '(#f #f #f)
                  (list (point? 5) (point? (make-node 1)) (point? (vector 1 2))))
      (set-point-x! p 10)
      (test-equal "a modifier" 10 (point-x p))
      (test-assert "a record is not a vector, a pair or a procedure"
                   (not (or (vector? p) (pair? p) (procedure? p)))))
    (let ((n (make-node 7)))
      (test-equal "a field the constructor leaves out is #f" '(7 #f)
                  (list (node-value n) (node-next n)))
      (set-node-next! n 'tail)
      (test-eq "and can be set" 'tail (node-next n)))
    (test-equal "each record has its own fields" '(1 3)
                (let ((a (make-point 1 2)) (b (make-point 3 4)))
                  (list (point-x a) (point-x b))))
    (test-assert "records are eqv? to themselves only"
                 (let ((a (make-point 1 2)))
                   (and (eqv? a a) (not (eqv? a (make-point 1 2))))))))

(test-group "forms of the definition"
  (lambda ()
    (test-equal "inside a body, beside other definitions" 43
                (let ()
                  (define-record-type thing (make-thing a) thing? (a thing-a))
                  (define t (make-thing 42))
                  (+ 1 (thing-a t))))
    (test-equal "constructor arguments in another order than the fields"
                '(1 2)
                (let ()
                  (define-record-type pr (make-pr b a) pr? (a pr-a) (b pr-b))
                  (let ((r (make-pr 2 1))) (list (pr-a r) (pr-b r)))))
    (test-equal "fields named like the expansion's own variables" '(1 2)
                (let ()
                  (define-record-type q (make-q obj rtd) q? (obj q-obj) (rtd q-rtd))
                  (let ((r (make-q 1 2))) (list (q-obj r) (q-rtd r)))))
    (test-equal "the procedures' names" "#<procedure make-point>"
                (let ((out (open-output-string)))
                  (write make-point out)
                  (get-output-string out)))))

(test-group "errors"
  (lambda ()
    (test-error-message "an accessor of a non-record"
                        "point-x: wrong type argument in position 1 (expected point): 5"
                        (lambda () (point-x 5)))
    (test-error-contains "an accessor of a record of another type"
                         '("node-value: wrong type argument in position 1 (expected <node>): #<point ")
                         (lambda () (node-value (make-point 1 2))))
    (test-error-message "a modifier of a non-record"
                        "set-point-x!: wrong type argument in position 1 (expected point): ()"
                        (lambda () (set-point-x! '() 1)))
    (test-error-message "a constructor with the wrong count"
                        "make-point: wrong number of arguments (expected 2, given 1)"
                        (lambda () (make-point 1)))
    (test-error-contains "a constructor naming a field the type lacks"
                         '("define-record-type" "not a field of the type" "z")
                         (lambda ()
                           (eval '(define-record-type r (make-r z) r? (a r-a)))))))

(test-end "records")
