;;; allocation.scm -- what the VM allocates from its own free lists
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The VM takes its pairs, closures, boxes, records and flonums from
;;; free lists of the thread's own (scm-internal.h, gc.c), refilled a
;;; block at a time.  These cases make many of each, of every size the
;;; lists hold and past it, with collections in between, and check that
;;; every object keeps its own contents: an object the collector freed
;;; while it was still listed would be handed out twice, and two live
;;; objects would share their fields.  The flonum list is the delicate
;;; one, since its links lie in objects the collector does not scan.
;;; The flonum results of + - * must be those of the generic procedures
;;; (called here through apply, which does not inline them).  Nothing
;;; here depends on when collections happen: (gc) is called at fixed
;;; points, and every check holds whatever the collector does.

;;; Code:

(import (ice-9 threads))

(test-begin "allocation")

;; Collect every STEP iterations of a loop, at iteration I.
(define (maybe-gc i step)
  (if (= 0 (remainder i step)) (gc)))

(test-group "pairs"
  (lambda ()
    (define (build n)
      (let loop ((i 0) (l '()))
        (maybe-gc i 5000)
        (if (= i n) l (loop (+ i 1) (cons i (cons (- i) l))))))
    (let ((l (build 100000)))
      (test-equal "200000 pairs made by cons keep their cars"
                  0 (apply + l))
      (test-equal "and their order"
                  '(99999 -99999 99998 -99998)
                  (list (car l) (cadr l) (caddr l) (cadddr l)))
      (test-equal "the length" 200000 (length l)))
    (test-assert "a cons is a fresh pair each time"
                 (let ((a (cons 1 2)) (b (cons 1 2)))
                   (and (not (eq? a b)) (equal? a b))))
    ;; libgc counts a refill's bytes when it hands the block over;
    ;; in incremental mode its count lags by a few KiB (as it did before
    ;; the VM had lists of its own), hence 1.5 MB for 1.6.
    (let* ((bytes (lambda () (cdr (assq 'bytes-allocated (gc-stats)))))
           (before (bytes))
           (l (let loop ((i 0) (l '()))
                (if (= i 100000) l (loop (+ i 1) (cons i l)))))
           (after (bytes)))
      (test-assert "100000 pairs made by cons count as allocated"
                   (and (= (length l) 100000)
                        (>= (- after before) 1500000))))))

;; (list a b ...) takes its pairs off the free list in the VM's LIST,
;; and when the list runs out part way, the rest from a refill: lists
;; of every length up to 8, kept alive together, across many refills
;; and collections.
(test-group "lists made by list"
  (lambda ()
    (define (make i)
      (case (remainder i 8)
        ((0) (list i))
        ((1) (list i (- i)))
        ((2) (list i (- i) 'c))
        ((3) (list i (- i) 'c 'd))
        ((4) (list i (- i) 'c 'd 'e))
        ((5) (list i (- i) 'c 'd 'e 'f))
        ((6) (list i (- i) 'c 'd 'e 'f 'g))
        (else (list i (- i) 'c 'd 'e 'f 'g 'h))))
    (define (expected i)
      (let ((k (remainder i 8)))
        (if (= k 0)
            (list i)
            (cons i (cons (- i) (reverse (list-tail (reverse '(c d e f g h))
                                                    (- 7 k))))))))
    (let ((all (let loop ((i 0) (acc '()))
                 (maybe-gc i 20000)
                 (if (= i 100000) acc (loop (+ i 1) (cons (make i) acc))))))
      (test-equal "100000 lists of 1 to 8 keep their elements and lengths"
                  100000
                  (let loop ((l all) (i 99999) (ok 0))
                    (if (null? l)
                        ok
                        (loop (cdr l) (- i 1)
                              (if (equal? (car l) (expected i)) (+ ok 1) ok))))))))

;; The VM's two-word objects have a mark procedure of their own that
;; marks the car before the cdr (gc.c, mark_two_words), so that a long
;; list whose elements are fresh objects does not leave them all on
;; libgc's mark stack.  Each field must still keep what it holds.
;; What the group below allocates after its collections.
(define garbage #f)

;; The innermost pair of a chain made by (cons acc i).
(define (chain-depth-car c)
  (if (pair? (car c)) (chain-depth-car (car c)) c))
(test-group "two-word objects keep both fields"
  (lambda ()
    (define n 300000)
    ;; A list of fresh strings and vectors, a car-nested chain, and
    ;; pairs of pairs, with collections while they are built.
    (define (build i acc)
      (maybe-gc i 50000)
      (if (= i n)
          acc
          (build (+ i 1)
                 (cons (if (even? i) (number->string i) (vector i (- i)))
                       acc))))
    (define (chain i acc)
      (if (= i 100000) acc (chain (+ i 1) (cons acc i))))
    (define (chain-depth c d)
      (if (pair? c) (chain-depth (car c) (+ d 1)) d))
    (let ((l (build 0 '()))
          (c (chain 0 '()))
          (boxes (let loop ((i 0) (acc '()))
                   (if (= i 100000)
                       acc
                       (loop (+ i 1) (cons (cons (list i) (list (- i)))
                                           acc))))))
      (gc) (gc)
      ;; Objects of the same sizes made now would take the place of any
      ;; that the collections freed while still held.
      (let loop ((i 0) (acc '()))
        (if (< i n)
            (loop (+ i 1) (cons (if (even? i) (make-string 6 #\x) (vector 0 0))
                                (cons (list 7) acc)))
            (set! garbage acc)))
      (test-assert "300000 fresh strings and vectors as cars survive"
                   (let loop ((l l) (i (- n 1)))
                     (cond ((null? l) (= i -1))
                           ((even? i)
                            (and (equal? (car l) (number->string i))
                                 (loop (cdr l) (- i 1))))
                           (else
                            (and (equal? (car l) (vector i (- i)))
                                 (loop (cdr l) (- i 1)))))))
      (test-equal "a chain of 100000 pairs through their cars survives"
                  '(100000 99999 0)
                  (list (chain-depth c 0) (cdr c) (cdr (chain-depth-car c))))
      (test-assert "pairs of fresh pairs keep both"
                   (let loop ((b boxes) (i 99999))
                     (cond ((null? b) (= i -1))
                           ((and (equal? (caar b) (list i))
                                 (equal? (cdar b) (list (- i))))
                            (loop (cdr b) (- i 1)))
                           (else #f)))))))

;; mark_two_words marks a pair that it has just pushed on top of the
;; mark stack at once, up to 64 in a call, and leaves the rest to
;; libgc's loop (gc.c, mark_pair_run).  Structures whose runs cross
;; that bound, along cdrs, along cars and both ways, with cycles and
;; shared tails, must keep every field through collections.
;; The list of N numbers from START up.
(define (numbers-from start n)
  (let loop ((k (+ start n -1)) (acc '()))
    (if (< k start) acc (loop (- k 1) (cons k acc)))))

(define (fresh-tree d i)
  (if (= d 0)
      (list i (number->string i))
      (cons (fresh-tree (- d 1) (* 2 i)) (fresh-tree (- d 1) (+ (* 2 i) 1)))))

(define (tree-ok? t d i)
  (if (= d 0)
      (equal? t (list i (number->string i)))
      (and (pair? t)
           (tree-ok? (car t) (- d 1) (* 2 i))
           (tree-ok? (cdr t) (- d 1) (+ (* 2 i) 1)))))

(test-group "pairs marked in runs"
  (lambda ()
    (define lists                       ; lists of lists, 1 to 200 long
      (let loop ((i 0) (acc '()))
        (maybe-gc i 300)
        (if (= i 1000)
            acc
            (loop (+ i 1) (cons (numbers-from i (+ 1 (modulo i 200))) acc)))))
    (define ring (let ((l (numbers-from 0 1000))) (set-cdr! (list-tail l 999) l) l))
    (define tail (numbers-from 0 500))
    (define shared
      (let loop ((i 0) (acc '()))
        (if (= i 300) acc (loop (+ i 1) (cons (cons i tail) acc)))))
    (define tree (fresh-tree 14 1))
    (gc) (gc)
    (let loop ((i 0) (acc '()))         ; reuse whatever was freed
      (if (< i 200000)
          (loop (+ i 1) (cons (list i i) acc))
          (set! garbage acc)))
    (gc)
    (test-assert "1000 lists of fresh numbers lists keep them"
                 (let loop ((l lists) (i 999))
                   (or (and (null? l) (= i -1))
                       (and (equal? (car l) (numbers-from i (+ 1 (modulo i 200))))
                            (loop (cdr l) (- i 1))))))
    (test-equal "a circular list of 1000 keeps its elements"
                (* 500 999)
                (let loop ((l ring) (k 0) (sum 0))
                  (if (= k 1000) sum (loop (cdr l) (+ k 1) (+ sum (car l))))))
    (test-assert "the ring is still a ring"
                 (eq? ring (list-tail ring 1000)))
    (test-assert "300 pairs sharing one tail of 500"
                 (let loop ((l shared) (i 299))
                   (or (and (null? l) (= i -1))
                       (and (= (caar l) i) (eq? (cdar l) tail)
                            (loop (cdr l) (- i 1))))))
    (test-equal "the shared tail" (numbers-from 0 500) tail)
    (test-assert "a tree of 2^14 leaves of fresh lists and strings"
                 (tree-ok? tree 14 1))))

;; A closure over K values, from a lambda with K free variables: the
;; sum of what it captured, times M.
(define (closure-of-size k base)
  (case k
    ((0) (lambda (m) 0))
    ((1) (let ((a base)) (lambda (m) (* m a))))
    ((2) (let ((a base) (b (+ base 1))) (lambda (m) (* m (+ a b)))))
    ((3) (let ((a base) (b (+ base 1)) (c (+ base 2)))
           (lambda (m) (* m (+ a b c)))))
    ((14) (let ((a base) (b (+ base 1)) (c (+ base 2)) (d (+ base 3))
                (e (+ base 4)) (f (+ base 5)) (g (+ base 6)) (h (+ base 7))
                (i (+ base 8)) (j (+ base 9)) (k (+ base 10)) (l (+ base 11))
                (n (+ base 12)) (o (+ base 13)))
            (lambda (m) (* m (+ a b c d e f g h i j k l n o)))))
    ((15) (let ((a base) (b (+ base 1)) (c (+ base 2)) (d (+ base 3))
                (e (+ base 4)) (f (+ base 5)) (g (+ base 6)) (h (+ base 7))
                (i (+ base 8)) (j (+ base 9)) (k (+ base 10)) (l (+ base 11))
                (n (+ base 12)) (o (+ base 13)) (p (+ base 14)))
            (lambda (m) (* m (+ a b c d e f g h i j k l n o p)))))
    ((20) (let ((a base) (b (+ base 1)) (c (+ base 2)) (d (+ base 3))
                (e (+ base 4)) (f (+ base 5)) (g (+ base 6)) (h (+ base 7))
                (i (+ base 8)) (j (+ base 9)) (k (+ base 10)) (l (+ base 11))
                (n (+ base 12)) (o (+ base 13)) (p (+ base 14))
                (q (+ base 15)) (r (+ base 16)) (s (+ base 17))
                (t (+ base 18)) (u (+ base 19)))
            (lambda (m) (* m (+ a b c d e f g h i j k l n o p q r s t u)))))))

;; What that closure returns for M = 1: K values from BASE up.
(define (expected-sum k base)
  (if (= k 0) 0 (+ (* k base) (quotient (* k (- k 1)) 2))))

(test-group "closures"
  (lambda ()
    (for-each
     (lambda (k)
       (let loop ((i 0) (cs '()))
         (maybe-gc i 1000)
         (if (< i 5000)
             (loop (+ i 1) (cons (closure-of-size k i) cs))
             (test-assert (string-append "5000 closures over "
                                         (number->string k)
                                         " values keep what they captured")
                          (let check ((i 4999) (cs cs))
                            (or (null? cs)
                                (and (= ((car cs) 1) (expected-sum k i))
                                     (check (- i 1) (cdr cs)))))))))
     '(0 1 2 3 14 15 20))))

(test-group "boxes"
  (lambda ()
    ;; A variable both captured and assigned lives in a box.
    (define (counter start)
      (let ((n start))
        (lambda () (set! n (+ n 1)) n)))
    (let loop ((i 0) (cs '()))
      (maybe-gc i 2000)
      (if (< i 20000)
          (loop (+ i 1) (cons (counter (* 10 i)) cs))
          (begin
            (for-each (lambda (c) (c) (c)) cs)
            (test-assert "20000 counters each count in a box of their own"
                         (let check ((i 19999) (cs cs))
                           (or (null? cs)
                               (and (= ((car cs)) (+ (* 10 i) 3))
                                    (check (- i 1) (cdr cs)))))))))))

(define-record-type r0 (make-r0) r0?)
(define-record-type r2 (make-r2 a b) r2? (a r2-a) (b r2-b))
(define-record-type r14
  (make-r14 a b c d e f g h i j k l m n) r14?
  (a r14-a) (b r14-b) (c r14-c) (d r14-d) (e r14-e) (f r14-f) (g r14-g)
  (h r14-h) (i r14-i) (j r14-j) (k r14-k) (l r14-l) (m r14-m) (n r14-n))
(define-record-type r15
  (make-r15 a b c d e f g h i j k l m n o) r15?
  (a r15-a) (b r15-b) (c r15-c) (d r15-d) (e r15-e) (f r15-f) (g r15-g)
  (h r15-h) (i r15-i) (j r15-j) (k r15-k) (l r15-l) (m r15-m) (n r15-n)
  (o r15-o))

(test-group "records"
  (lambda ()
    (let loop ((i 0) (rs '()))
      (maybe-gc i 2000)
      (if (< i 10000)
          (loop (+ i 1)
                (cons (list (make-r0) (make-r2 i (- i))
                            (make-r14 i 1 2 3 4 5 6 7 8 9 10 11 12 (- i))
                            (make-r15 i 1 2 3 4 5 6 7 8 9 10 11 12 13 (- i)))
                      rs))
          (test-assert "10000 records of 0, 2, 14 and 15 fields keep theirs"
                       (let check ((i 9999) (rs rs))
                         (or (null? rs)
                             (let ((x (car rs)))
                               (and (r0? (car x))
                                    (= (r2-a (cadr x)) i)
                                    (= (r2-b (cadr x)) (- i))
                                    (= (r14-a (caddr x)) i)
                                    (= (r14-m (caddr x)) 12)
                                    (= (r14-n (caddr x)) (- i))
                                    (= (r15-a (cadddr x)) i)
                                    (= (r15-n (cadddr x)) 13)
                                    (= (r15-o (cadddr x)) (- i))
                                    (check (- i 1) (cdr rs)))))))))))

(test-group "rest lists"
  (lambda ()
    (define (gather . xs) xs)
    (define (gather-after a b . xs) (cons (+ a b) xs))
    (let loop ((i 0) (ls '()))
      (maybe-gc i 2000)
      (if (< i 10000)
          (loop (+ i 1) (cons (list (gather i (+ i 1) (+ i 2))
                                    (gather-after i i (- i)))
                              ls))
          (test-assert "10000 rest lists keep their arguments"
                       (let check ((i 9999) (ls ls))
                         (or (null? ls)
                             (and (equal? (car ls)
                                          (list (list i (+ i 1) (+ i 2))
                                                (list (* 2 i) (- i))))
                                  (check (- i 1) (cdr ls))))))))))

;;; Flonums.

(define (vm-add a b) (+ a b))
(define (vm-sub a b) (- a b))
(define (vm-mul a b) (* a b))
(define (vm-add1 a) (+ a 1))
(define (vm-sub2 a) (- a 2))

(define operands
  (list 0 1 -1 7 (- (expt 2 61) 1) (- (expt 2 61)) (expt 2 70) 1/3
        0. -0. 0.5 -2.25 1e308 -1e308 5e-324 +inf.0 -inf.0 +nan.0))

(test-group "flonum arithmetic in the VM"
  (lambda ()
    (for-each
     (lambda (name vm generic)
       (test-assert (string-append name " of every pair of operands is "
                                   "eqv? to the generic procedure's")
                    (let outer ((as operands))
                      (or (null? as)
                          (and (let inner ((bs operands))
                                 (or (null? bs)
                                     (and (eqv? (vm (car as) (car bs))
                                                (apply generic
                                                       (list (car as) (car bs))))
                                          (inner (cdr bs)))))
                               (outer (cdr as)))))))
     '("+" "-" "*")
     (list vm-add vm-sub vm-mul)
     (list + - *))
    (test-equal "a flonum plus a fixnum constant"
                '(1.5 -1.0 +inf.0) (map vm-add1 '(0.5 -2. +inf.0)))
    (test-equal "a flonum minus a fixnum constant"
                '(-1.5 -4.0) (map vm-sub2 '(0.5 -2.)))
    (test-eqv "-0.0 + -0.0 is -0.0" -0. (vm-add -0. -0.))
    (test-eqv "-0.0 + 0 is 0.0" 0. (vm-add -0. 0))
    (test-eqv "0 * -1.5 is -0.0" -0. (vm-mul 0 -1.5))
    (test-assert "exact operands give exact results"
                 (and (exact? (vm-add 1/3 2/3)) (= 1 (vm-add 1/3 2/3))))
    (test-error-message "a string operand: the error names +"
                        "+: wrong type argument in position 2 (expected number): \"a\""
                        (lambda () (vm-add 1.5 "a")))
    (test-error-message "a symbol operand: the error names *"
                        "*: wrong type argument in position 1 (expected number): x"
                        (lambda () (vm-mul 'x 2.)))))

(test-group "flonums under collections"
  (lambda ()
    ;; Each flonum is made by the VM from the free list; a value that
    ;; changes after the fact means two flonums shared an object.
    (define (build n)
      (let loop ((i 0) (l '()))
        (maybe-gc i 3000)
        (if (= i n) l (loop (+ i 1) (cons (* i 0.5) l)))))
    (let ((l (build 200000)))
      (gc)
      (test-assert "200000 flonums keep their values across collections"
                   (let check ((i 199999) (l l))
                     (or (null? l)
                         (and (= (car l) (* i 0.5))
                              (check (- i 1) (cdr l)))))))
    (test-equal "fresh flonums after a collection are not the old ones"
                '(2.5 3.5)
                (let* ((a (vm-add 1.25 1.25)) (_ (gc)) (b (vm-add 1.75 1.75)))
                  (list a b)))))

;; ------------------------------------------------------------------
;; make-vector and vector-fill! store their fill in runs of 65,536
;; elements, eight stores to a turn, with an interrupt poll between
;; runs; a large vector's block is not cleared first.  Lengths on each
;; side of those boundaries, and fills of part of a vector, must store
;; every element asked for and no other.

(define (count-of x v start end)
  (let loop ((i start) (n 0))
    (if (= i end)
        n
        (loop (+ i 1) (if (eq? (vector-ref v i) x) (+ n 1) n)))))

(test-group "make-vector and vector-fill! store every element"
  (lambda ()
    (test-equal "each length holds its fill everywhere"
                '(0 1 7 8 9 15 16 17 65535 65536 65537 131079)
                (map (lambda (k)
                       (count-of 'f (make-vector k 'f) 0 k))
                     '(0 1 7 8 9 15 16 17 65535 65536 65537 131079)))
    (test-equal "the last element of 65,537, a run and one past it" "s"
                (vector-ref (make-vector 65537 "s") 65536))
    (test-equal "vector-fill! of a middle range leaves the ends alone"
                '(3 131070 3)
                (let ((v (make-vector 131076 'a)))
                  (vector-fill! v 'b 3 131073)
                  (list (count-of 'a v 0 3)
                        (count-of 'b v 3 131073)
                        (count-of 'a v 131073 131076))))
    (test-equal "vector-fill! of an empty range stores nothing"
                '#(1 2 3)
                (let ((v (vector 1 2 3)))
                  (vector-fill! v 0 2 2)
                  v))
    (test-equal "vector-fill! of the last nine elements"
                '#(x x x y y y y y y y y y)
                (let ((v (make-vector 12 'x)))
                  (vector-fill! v 'y 3)
                  v))
    (test-equal "a large vector filled with heap objects keeps them"
                '(100000 (k))
                (let ((v (make-vector 100000 (list 'k))))
                  (gc)
                  (list (count-of (vector-ref v 0) v 0 100000)
                        (vector-ref v 99999))))
    (test-error "a negative length is an error" #t (make-vector -1))
    (test-error "vector-fill! past the end is an error" #t
                (vector-fill! (make-vector 4 0) 1 0 5))))

;; make-vector of at most 15 elements takes its vector from the VM's
;; free lists, as vector does, with no size check; (make-vector k)
;; with no fill is called by the VM through an entry of one argument
;; (%make-vector1).  Every small size and the first large one, kept
;; alive together across collections, must hold their own fills; the
;; errors are those of make-vector whichever way it is called.
(define (message-of thunk)
  (guard (e (#t (condition-message e)))
    (thunk)
    'nothing-raised))

(test-group "small make-vector"
  (lambda ()
    (define sizes '(0 1 2 5 14 15 16 17))
    (test-equal "each size, no fill: its length, every element unspecified"
                (map (lambda (k) (list k k)) sizes)
                (map (lambda (k)
                       (let ((v (make-vector k)))
                         (list (vector-length v)
                               (count-of (if #f #f) v 0 k))))
                     sizes))
    (test-equal "(make-vector 0) is the empty vector" '#() (make-vector 0))
    (test-equal "a fill of each kind" '(#(#\x) #(1.5 1.5) #("s" "s" "s"))
                (list (make-vector 1 #\x) (make-vector 2 1.5)
                      (make-vector 3 "s")))
    (test-equal "a small vector is mutable and its own"
                '(#(a 0 0) #(0 0 0))
                (let ((a (make-vector 3 0)) (b (make-vector 3 0)))
                  (vector-set! a 0 'a)
                  (list a b)))
    (test-equal "10000 vectors of 0 to 16 fresh lists keep them across gc"
                '(10000 #t)
                (let* ((vs (let loop ((i 0) (acc '()))
                             (maybe-gc i 997)
                             (if (= i 10000)
                                 acc
                                 (loop (+ i 1)
                                       (cons (make-vector (remainder i 17)
                                                          (list i))
                                             acc)))))
                       (_ (gc))
                       (ok (let loop ((vs vs) (i 9999))
                             (or (null? vs)
                                 (let* ((v (car vs)) (k (remainder i 17)))
                                   (and (= (vector-length v) k)
                                        (or (= k 0)
                                            (and (equal? (vector-ref v 0)
                                                         (list i))
                                                 (= (count-of (vector-ref v 0)
                                                              v 0 k)
                                                    k)))
                                        (loop (cdr vs) (- i 1))))))))
                  (list (length vs) ok)))
    (test-equal "called directly, as a value and by apply"
                '(#(u u) #(u u) #(u u))
                (let ((via (lambda (f k)
                             (let ((v (f k))) (vector-fill! v 'u) v))))
                  (list (let ((v (make-vector 2))) (vector-fill! v 'u) v)
                        (via make-vector 2)
                        (let ((v (apply make-vector '(2))))
                          (vector-fill! v 'u) v))))
    (test-equal "its errors name make-vector, with one argument or two"
                '("make-vector: argument out of range in position 1: -1"
                  "make-vector: argument out of range in position 1: -1"
                  "make-vector: argument out of range in position 1: 1180591620717411303424"
                  "make-vector: wrong type argument in position 1 (expected exact integer): 2.5"
                  "make-vector: wrong type argument in position 1 (expected exact integer): 2.0"
                  "make-vector: wrong type argument in position 1 (expected exact integer): a")
                (map message-of
                     (list (lambda () (make-vector -1))
                           (lambda () (make-vector -1 'x))
                           (lambda () (make-vector (expt 2 70)))
                           (lambda () (make-vector 2.5))
                           (lambda () (make-vector 2.0))
                           (lambda () (make-vector 'a)))))
    (test-equal "a redefined make-vector is called, not the entry"
                '(3 (mine 3))
                (let ((m (resolve-module '(test allocation make-vector))))
                  (eval '(define (mk k) (make-vector k)) m)
                  (let ((before (vector-length (eval '(mk 3) m))))
                    (eval '(set! make-vector (lambda (k) (list 'mine k))) m)
                    (list before (eval '(mk 3) m)))))))

(test-group "pairs made by C code"
  (lambda ()
    ;; cons called from C (reverse, list-copy, apply's argument lists,
    ;; read) takes its pairs from the thread's VM's list, as the VM
    ;; does, once that list takes blocks: before, both at once, and
    ;; interleaved with the VM's own pairs and with collections.
    (define (iota-list n)
      (let loop ((i (- n 1)) (l '()))
        (if (< i 0) l (loop (- i 1) (cons i l)))))
    (define (sum l) (apply + l))
    (let* ((a (iota-list 50000))
           (r (let loop ((k 0) (acc '()))
                (maybe-gc k 7)
                (if (= k 20)
                    acc
                    (loop (+ k 1) (cons (reverse a) (cons (list k) acc))))))
           (copies (map list-copy (list a a a))))
      (gc)
      (let loop ((i 0) (junk '()))
        (if (< i 200000) (loop (+ i 1) (cons (vector i) junk))))
      (test-assert "20 reversed lists of 50000, among the VM's pairs"
                   (let check ((r r) (k 19))
                     (or (null? r)
                         (and (equal? (cadr r) (list k))
                              (= (car (car r)) 49999)
                              (= (length (car r)) 50000)
                              (= (sum (car r)) 1249975000)
                              (check (cddr r) (- k 1))))))
      (test-assert "list-copy's pairs are fresh and keep their elements"
                   (and (not (eq? (car copies) a))
                        (not (eq? (cdr (car copies)) (cdr a)))
                        (equal? (car copies) a)
                        (equal? (caddr copies) a)))
      (test-equal "a reversed list's pairs are mutable"
                  '(x 49998 y)
                  (let ((l (reverse a)))
                    (set-car! l 'x)
                    (set-car! (cddr l) 'y)
                    (list (car l) (cadr l) (caddr l))))
      (test-equal "read's pairs"
                  '(1 (2 3) #(4) "five" 6)
                  (read (open-input-string "(1 (2 3) #(4) \"five\" 6)"))))
    (let* ((bytes (lambda () (cdr (assq 'bytes-allocated (gc-stats)))))
           (l (iota-list 100000))
           (before (bytes))
           (r (reverse l))
           (after (bytes)))
      (test-assert "100000 pairs made by reverse count as allocated"
                   (and (= (car r) 99999)
                        (>= (- after before) 1500000))))))

(test-group "threads allocating at once"
  (lambda ()
    ;; Each thread has its own free lists; collections stop all of them.
    (define (work seed)
      (let loop ((i 0) (l '()))
        (maybe-gc i 4000)
        (if (< i 20000)
            (loop (+ i 1)
                  (cons (list (* (+ seed i) 0.25)
                              (let ((k (+ seed i))) (lambda () k))
                              (make-r2 seed i))
                        l))
            (let check ((i 19999) (l l))
              (or (null? l)
                  (let ((x (car l)))
                    (and (= (car x) (* (+ seed i) 0.25))
                         (= ((cadr x)) (+ seed i))
                         (= (r2-a (caddr x)) seed)
                         (= (r2-b (caddr x)) i)
                         (equal? (reverse (list i seed)) (list seed i))
                         (check (- i 1) (cdr l)))))))))
    (let ((threads (map (lambda (seed)
                          (call-with-new-thread (lambda () (work seed))))
                        '(0 100000 200000 300000))))
      (test-equal "four threads each find their own objects intact"
                  '(#t #t #t #t)
                  (map join-thread threads)))))

(test-end "allocation")
