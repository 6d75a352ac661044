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

;; %make-record takes the first eight field values as optional arguments
;; and the others as a rest list: every size around that boundary.
(define-record-type r8 (make-r8 a b c d e f g h) r8?
  (a r8-a) (b r8-b) (c r8-c) (d r8-d) (e r8-e) (f r8-f) (g r8-g) (h r8-h))
(define-record-type r10 (make-r10 a b c d e f g h i j) r10?
  (a r10-a) (b r10-b) (c r10-c) (d r10-d) (e r10-e) (f r10-f) (g r10-g)
  (h r10-h) (i r10-i) (j r10-j set-r10-j!))
(define-record-type r0 (make-r0) r0?)

(test-group "sizes"
  (lambda ()
    (test-equal "no fields" #t (r0? (make-r0)))
    (test-equal "eight fields, all kept" '(1 2 3 4 5 6 7 8)
                (let ((r (make-r8 1 2 3 4 5 6 7 8)))
                  (map (lambda (get) (get r))
                       (list r8-a r8-b r8-c r8-d r8-e r8-f r8-g r8-h))))
    (test-equal "ten fields, all kept" '(1 2 3 4 5 6 7 8 9 10)
                (let ((r (make-r10 1 2 3 4 5 6 7 8 9 10)))
                  (map (lambda (get) (get r))
                       (list r10-a r10-b r10-c r10-d r10-e r10-f r10-g
                             r10-h r10-i r10-j))))
    (test-equal "the tenth field set" 'x
                (let ((r (make-r10 1 2 3 4 5 6 7 8 9 10)))
                  (set-r10-j! r 'x)
                  (r10-j r)))))

(test-group "errors"
  (lambda ()
    (test-error-message "%make-record with too few values"
                        "%make-record: a record of this type has 8 fields, not 7"
                        (lambda () (%make-record r8 1 2 3 4 5 6 7)))
    (test-error-message "%make-record with too many values"
                        "%make-record: a record of this type has 8 fields, not 9"
                        (lambda () (%make-record r8 1 2 3 4 5 6 7 8 9)))
    (test-error-message "%make-record of a non-type"
                        "%make-record: wrong type argument in position 1 (expected record type): 5"
                        (lambda () (%make-record 5 1)))
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

;; The accessors, modifiers and predicates are inline VM operations
;; (RECORD_REF & co): the type check must hold for every kind of
;; argument, whatever its shape.
(define-record-type twin (make-twin x y) twin? (x twin-x set-twin-x!) (y twin-y))

(test-group "the inline record operations check the type"
  (lambda ()
    (test-equal "the predicate of the type object itself" '(#f #f)
                (list (point? point) (twin? twin)))
    (test-error-contains "an accessor of the type object"
                         '("point-x: wrong type argument in position 1 (expected point)")
                         (lambda () (point-x point)))
    (test-equal "a record of a type of the same shape is not one of this type"
                '(#f #t)
                (list (point? (make-twin 1 2)) (twin? (make-twin 1 2))))
    (test-error-contains "an accessor of a record of the same shape"
                         '("twin-y: wrong type argument in position 1 (expected twin): #<point ")
                         (lambda () (twin-y (make-point 1 2))))
    (test-error-contains "a modifier of a record of another type"
                         '("set-twin-x!: wrong type argument in position 1 (expected twin): #<point ")
                         (lambda () (set-twin-x! (make-point 1 2) 0)))
    (test-equal "the modifier's value is unspecified and the field is set" 9
                (let ((t (make-twin 1 2)))
                  (set-twin-x! t 9)
                  (twin-x t)))
    (test-equal "procedures used as values" '(1 3)
                (map twin-x (list (make-twin 1 2) (make-twin 3 4))))
    (test-equal "a type defined in a procedure body, once per call, each its own"
                '(#t #f 5)
                (let ()
                  (define (make-type)
                    (define-record-type cell (make-cell v) cell?
                      (v cell-v set-cell-v!))
                    (list make-cell cell? cell-v set-cell-v!))
                  (let* ((a (make-type)) (b (make-type))
                         (ra ((car a) 4)))
                    ((cadddr a) ra 5)
                    (list ((cadr a) ra) ((cadr b) ra) ((caddr a) ra)))))
    (test-error-contains "an accessor of a body type on a record of the other"
                         '("cell-v: wrong type argument in position 1 (expected cell)")
                         (lambda ()
                           (let ()
                             (define (make-type)
                               (define-record-type cell (make-cell v) cell?
                                 (v cell-v))
                               (cons make-cell cell-v))
                             (let ((a (make-type)) (b (make-type)))
                               ((cdr b) ((car a) 1))))))
    (test-error-contains "a redefined type rejects the old type's records"
                         '("wrong type argument in position 1 (expected redo)")
                         (lambda ()
                           (eval '(define-record-type redo (make-redo a) redo? (a redo-a)))
                           (let ((old (eval '(make-redo 1))))
                             (eval '(define-record-type redo (make-redo a) redo? (a redo-a)))
                             (eval (list 'redo-a (list 'quote old))))))))

(test-group "the inline constructor"
  (lambda ()
    (test-equal "in a body: every field in its place, in the constructor's order"
                '(c b a #t)
                (let ()
                  (define-record-type t3 (make-t3 z y x) t3? (x t3-x) (y t3-y) (z t3-z))
                  (let ((r (make-t3 'a 'b 'c)))
                    (list (t3-x r) (t3-y r) (t3-z r) (t3? r)))))
    (test-equal "records made in a loop are distinct and keep their fields"
                '(0 1 2 3 4)
                (let loop ((i 4) (acc '()))
                  (if (< i 0)
                      (map twin-x acc)
                      (loop (- i 1) (cons (make-twin i (* i i)) acc)))))
    (test-equal "a constructor passed as a value" '(1 2)
                (let ((r (apply make-twin '(1 2)))) (list (twin-x r) (twin-y r))))
    ;; MAKE_RECORD (a body's constructor) takes make_known_record's
    ;; path: no field, one, and more than the VM's free lists hold.
    (test-equal "in a body: no field, one field, ten fields"
                '(#t 1 (1 2 3 4 5 6 7 8 9 10) #f)
                (let ()
                  (define-record-type t0 (make-t0) t0?)
                  (define-record-type t1 (make-t1 a) t1? (a t1-a))
                  (define-record-type t10 (make-t10 a b c d e f g h i j) t10?
                    (a t10-a) (b t10-b) (c t10-c) (d t10-d) (e t10-e)
                    (f t10-f) (g t10-g) (h t10-h) (i t10-i) (j t10-j))
                  (let ((r (make-t10 1 2 3 4 5 6 7 8 9 10)))
                    (list (t0? (make-t0)) (t1-a (make-t1 1))
                          (list (t10-a r) (t10-b r) (t10-c r) (t10-d r) (t10-e r)
                                (t10-f r) (t10-g r) (t10-h r) (t10-i r) (t10-j r))
                          (t0? (make-t1 2))))))))

;; Calls of record procedures held by globals are compiled inline
;; (compile.c; inline.c, scm_i_record_proc: KREC_REF, KREC_SET,
;; KREC_ACCESS, KREC_MAKE) when the caller is compiled after the
;; definition ran, as these top-level procedures are.
(define-record-type kpt (make-kpt x y) kpt? (x kpt-x set-kpt-x!) (y kpt-y))
(define-record-type kother (make-kother x) kother? (x kother-x))
(define (kpt-sum p) (+ (kpt-x p) (kpt-y p)))
(define (kpt-new a b) (make-kpt a b))
(define (kpt-bump! p) (set-kpt-x! p (+ 1 (kpt-x p))))
(define (kpt-is x) (kpt? x))
(define (kpt-put! p v) (set-kpt-x! p v))
(define (kpt-cc)
  ;; A constructor call whose argument re-enters: each return makes a
  ;; record of its own.
  (let ((k #f) (made '()))
    (let ((r (make-kpt (call/cc (lambda (c) (set! k c) 0)) 'y)))
      (set! made (cons r made))
      (if (< (kpt-x r) 3)
          (k (+ 1 (kpt-x r)))
          (map kpt-x made)))))
(define-record-type k9 (make-k9 a b c d e f g h i) k9?
  (a k9-a) (b k9-b) (c k9-c) (d k9-d) (e k9-e) (f k9-f) (g k9-g) (h k9-h)
  (i k9-i))
(define (k9-new) (make-k9 1 2 3 4 5 6 7 8 9))

(test-group "calls of record procedures held by globals"
  (lambda ()
    (test-equal "constructor and accessors" 3 (kpt-sum (kpt-new 1 2)))
    (test-equal "the modifier" 11
                (let ((p (kpt-new 10 0))) (kpt-bump! p) (kpt-x p)))
    (test-equal "the predicate" '(#t #f #f #f #f)
                (map kpt-is (list (kpt-new 1 2) (make-kother 1) (vector 1 2)
                                  5 '(1 2))))
    (test-equal "each call makes a new record" #f
                (eq? (kpt-new 1 2) (kpt-new 1 2)))
    (test-equal "a constructor of nine fields (called, not inline)" '(1 9 #t)
                (let ((r (k9-new))) (list (k9-a r) (k9-i r) (k9? r))))
    (test-equal "re-entering an argument of the constructor" '(3 2 1 0)
                (kpt-cc))
    (test-error-message "an accessor given a non-record"
                        "kpt-x: wrong type argument in position 1 (expected kpt): 5"
                        (lambda () (kpt-sum 5)))
    (test-error-contains "an accessor given another type's record"
                         '("kpt-x: wrong type argument in position 1 (expected kpt)")
                         (lambda () (kpt-sum (make-kother 1))))
    (test-error-contains "the modifier given another type's record"
                         '("kpt-x" "expected kpt")
                         (lambda () (kpt-bump! (make-kother 1))))
    (test-equal "the modifier by itself (KREC_SET): its field, its value"
                '(7 2 #t)
                (let* ((p (kpt-new 1 2)) (v (kpt-put! p 7)))
                  (list (kpt-x p) (kpt-y p) (eq? v (if #f #f)))))
    (test-error-message "the modifier by itself given a non-record"
                        "set-kpt-x!: wrong type argument in position 1 (expected kpt): 5"
                        (lambda () (kpt-put! 5 0)))
    (test-error-contains "the modifier by itself given another type's record"
                         '("set-kpt-x!: wrong type argument in position 1 (expected kpt)")
                         (lambda () (kpt-put! (make-kother 1) 0)))
    (define m (resolve-module '(test records redefine)))
    (eval '(define-record-type rr (make-rr a b) rr? (a rr-a set-rr-a!) (b rr-b)) m)
    (eval '(define (rr-new a b) (make-rr a b)) m)
    (eval '(define (rr-get r) (rr-a r)) m)
    (eval '(define (rr-put! r v) (set-rr-a! r v)) m)
    (eval '(define (rr-is x) (rr? x)) m)
    (test-equal "before any redefinition" '(1 #t 5)
                (eval '(let ((r (rr-new 1 2)))
                         (list (rr-get r) (rr-is r)
                               (begin (rr-put! r 5) (rr-get r))))
                      m))
    (test-equal "an accessor redefined at the top level" 'new
                (begin (eval '(define (rr-a r) 'new) m)
                       (eval '(rr-get (rr-new 1 2)) m)))
    (test-equal "a constructor assigned another procedure" '(1 2)
                (begin (eval '(set! make-rr list) m)
                       (eval '(rr-new 1 2) m)))
    (test-equal "a predicate assigned a primitive" '(#t #f)
                (begin (eval '(set! rr? pair?) m)
                       (eval '(list (rr-is '(1)) (rr-is 1)) m)))
    (test-equal "a modifier assigned a procedure of the same arity" '(called 7)
                (begin (eval '(set! set-rr-a! (lambda (r v) (list 'called v))) m)
                       (eval '(rr-put! 'anything 7) m)))
    (test-error-contains "a modifier assigned a non-procedure"
                         '("not a procedure")
                         (lambda ()
                           (eval '(set! set-rr-a! 0) m)
                           (eval '(rr-put! 'anything 7) m)))
    (test-error-contains "the type defined again: old records are rejected"
                         '("expected rr")
                         (lambda ()
                           (eval '(define-record-type rr (make-rr a b) rr?
                                    (a rr-a set-rr-a!) (b rr-b))
                                 m)
                           (let ((r (eval '(rr-new 1 2) m)))
                             (eval '(define-record-type rr (make-rr a b) rr?
                                      (a rr-a set-rr-a!) (b rr-b))
                                   m)
                             (eval (list 'rr-get (list 'quote r)) m))))))

(test-group "calls of record procedures defined in a body"
  (lambda ()
    ;; A body's record procedures are local variables: calls expanded
    ;; after the definition run the record operation on the type's
    ;; variable (expand.c, note_record_proc), unless the program assigns
    ;; the procedure's or the type's variable.
    (define (tree depth)
      (define-record-type node (make-node left right) node?
        (left node-left set-node-left!) (right node-right))
      (define (build d)
        (if (= d 0) #f (make-node (build (- d 1)) (build (- d 1)))))
      (define (count t)
        (if (node? t) (+ 1 (count (node-left t)) (count (node-right t))) 0))
      (let ((t (build depth)))
        (set-node-left! t #f)
        (list (count t) (node? t) (node? (vector t)))))
    (test-equal "construct, test, access, modify" '(8 #t #f) (tree 4))
    (test-equal "errors name the procedure"
                '("cell-v: wrong type argument in position 1 (expected cell): 5"
                  "set-cell-v!: wrong type argument in position 1 (expected cell): x")
                (let ()
                  (define-record-type cell (make-cell v) cell? (v cell-v set-cell-v!))
                  (list (condition-message (raised-object (lambda () (cell-v 5))))
                        (condition-message
                         (raised-object (lambda () (set-cell-v! 'x 1)))))))
    (test-error-contains "another type's record is rejected"
                         '("cell-v: wrong type argument in position 1 (expected cell)")
                         (lambda ()
                           (define-record-type cell (make-cell v) cell? (v cell-v))
                           (define-record-type other (make-other v) other? (v other-v))
                           (cell-v (make-other 1))))
    (test-equal "an accessor assigned later in the body: every call follows it"
                '(assigned assigned)
                (let ()
                  (define-record-type cell (make-cell v) cell? (v cell-v))
                  (define (get c) (cell-v c))
                  (set! cell-v (lambda (c) 'assigned))
                  (list (get (make-cell 1)) (cell-v (make-cell 2)))))
    (test-equal "the type's variable assigned later in the body" '(1 #f)
                (let ()
                  (define-record-type cell (make-cell v) cell? (v cell-v))
                  (define c (make-cell 1))
                  (define (is x) (cell? x))
                  (set! cell 'not-a-type)
                  (list (cell-v c) (is 5))))
    (test-equal "the type's name shadowed at the call" '(1 shadow)
                (let ()
                  (define-record-type cell (make-cell v) cell? (v cell-v))
                  (let ((cell 'shadow))
                    (list (cell-v (make-cell 1)) cell))))
    (test-equal "a procedure defined before the type calls it as a procedure" 5
                (let ()
                  (define (early c) (cell-v c))
                  (define-record-type cell (make-cell v) cell? (v cell-v))
                  (early (make-cell 5))))
    (test-equal "the procedures are still values" '(1 2)
                (let ()
                  (define-record-type cell (make-cell v) cell? (v cell-v))
                  (map cell-v (map make-cell '(1 2)))))
    (test-equal "re-entering a constructor's argument makes distinct records"
                '(2 1 0)
                (let ()
                  (define-record-type cell (make-cell v) cell? (v cell-v))
                  (let ((k #f) (made '()))
                    (let ((c (make-cell (call/cc (lambda (c) (set! k c) 0)))))
                      (set! made (cons c made))
                      (if (< (cell-v c) 2)
                          (k (+ 1 (cell-v c)))
                          (map cell-v made))))))
    (test-equal "a constructor of some fields, in another order" '(b a #f)
                (let ()
                  (define-record-type t (make-t y x) t? (x t-x) (y t-y) (z t-z))
                  (let ((r (make-t 'a 'b))) (list (t-x r) (t-y r) (t-z r)))))
    ;; A body's accessors and modifiers are REC_REF and REC_SET, the
    ;; type read last into acc; a constructor of constants is
    ;; REC_MAKE_K (compile.c, compile_body_record).
    (test-equal "a constructor of constants makes a new record each call"
                '(#f (1 0) (0 0))
                (let ()
                  (define-record-type node (make-node l r) node?
                    (l node-l set-node-l!) (r node-r))
                  (let* ((make-empty (lambda () (make-node 0 0)))
                         (a (make-empty)) (b (make-empty)))
                    (set-node-l! a 1)
                    (list (eq? a b) (list (node-l a) (node-r a))
                          (list (node-l (make-empty)) (node-r b))))))
    (test-equal "the predicate of a non-record and of another type's record"
                '(#t #f #f #f #f)
                (let ()
                  (define-record-type cell (make-cell v) cell? (v cell-v))
                  (define-record-type other (make-other v) other? (v other-v))
                  (map (lambda (x) (cell? x))
                       (list (make-cell 1) (make-other 1) 5 (vector 1) cell))))
    (test-equal "the modifier of another type's record names itself"
                "set-cell-v!: wrong type argument in position 1 (expected cell): #<other v: 1>"
                (let ()
                  (define-record-type cell (make-cell v) cell? (v cell-v set-cell-v!))
                  (define-record-type other (make-other v) other? (v other-v))
                  (condition-message
                   (raised-object (lambda () (set-cell-v! (make-other 1) 2))))))
    (test-equal "a record of the same shape is left as it was" 1
                (let ()
                  (define-record-type cell (make-cell v) cell? (v cell-v set-cell-v!))
                  (define-record-type other (make-other v) other? (v other-v))
                  (let ((o (make-other 1)))
                    (raised-object (lambda () (set-cell-v! o 2)))
                    (other-v o))))
    (test-equal "the record, then the value, then the type: in that order"
                '((rec val) 2)
                (let ()
                  (define-record-type cell (make-cell v) cell? (v cell-v set-cell-v!))
                  (let* ((seen '()) (c (make-cell 1)))
                    (set-cell-v! (begin (set! seen (cons 'rec seen)) c)
                                 (begin (set! seen (cons 'val seen)) 2))
                    (list (reverse seen) (cell-v c)))))
    (test-equal "records made inline through collections keep their fields"
                '(200000 20000100000 #t)
                (let ()
                  (define-record-type cell (make-cell v next) cell?
                    (v cell-v) (next cell-next))
                  (let loop ((i 1) (l #f))
                    (if (<= i 200000)
                        (loop (+ i 1) (make-cell (list i (* 2 i)) l))
                        (let walk ((c l) (n 0) (sum 0) (ok #t))
                          (if (cell? c)
                              (let ((v (cell-v c)))
                                (walk (cell-next c) (+ n 1) (+ sum (car v))
                                      (and ok (= (cadr v) (* 2 (car v))))))
                              (list n sum ok)))))))
    (test-equal "a tree built and walked through a body's procedures" '(127 63)
                (let ()
                  (define-record-type node (make-node l r) node?
                    (l node-l set-node-l!) (r node-r set-node-r!))
                  (define (make-empty) (make-node #f #f))
                  (define (populate d n)
                    (if (> d 0)
                        (begin (set-node-l! n (make-empty))
                               (set-node-r! n (make-empty))
                               (populate (- d 1) (node-l n))
                               (populate (- d 1) (node-r n)))))
                  (define (build d)
                    (if (= d 0) #f (make-node (build (- d 1)) (build (- d 1)))))
                  (define (count n)
                    (if (node? n) (+ 1 (count (node-l n)) (count (node-r n))) 0))
                  (let ((root (make-empty)))
                    (populate 6 root)
                    (list (count root) (count (build 6))))))))

(test-group "printing"
  (lambda ()
    (define-record-type point (make-point x y) point? (x point-x) (y point-y))
    (define-record-type node (make-node value next) node?
      (value node-value) (next node-next set-node-next!))
    (define-record-type empty (make-empty) empty?)
    (define (written x) (call-with-output-string (lambda (p) (write x p))))
    (define (displayed x) (call-with-output-string (lambda (p) (display x p))))
    (test-equal "write: the fields with their names"
                "#<point x: 1 y: \"two\">" (written (make-point 1 "two")))
    (test-equal "display displays the values" "#<point x: 1 y: two>"
                (displayed (make-point 1 "two")))
    (test-equal "a record of no field" "#<empty>" (written (make-empty)))
    (test-equal "records inside data" "(#<point x: #<point x: 1 y: 2> y: #(3)>)"
                (written (list (make-point (make-point 1 2) (vector 3)))))
    (test-equal "a cycle through a record gets a label" "#0=#<node value: 1 next: #0#>"
                (let ((n (make-node 1 #f))) (set-node-next! n n) (written n)))
    (set-record-type-printer! point
                              (lambda (r port)
                                (display "<" port) (write (point-x r) port)
                                (display "," port) (write (point-y r) port)
                                (display ">" port)))
    (test-equal "set-record-type-printer!: to a port" "(<1,\"b\">)"
                (written (list (make-point 1 "b"))))
    (test-equal "... and to a string" "<3,4>" (object->string (make-point 3 4)))
    (set-record-type-printer! point #f)
    (test-equal "#f restores the default" "#<point x: 1 y: 2>"
                (written (make-point 1 2)))
    (test-error-contains "set-record-type-printer! of a non-type"
                         '("set-record-type-printer!" "record type")
                         (lambda () (set-record-type-printer! 5 write)))
    (test-error-contains "... with a non-procedure"
                         '("set-record-type-printer!" "procedure or #f")
                         (lambda () (set-record-type-printer! point 5)))))

(test-end "records")
