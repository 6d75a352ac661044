;;; flo-trees.scm -- nested flonum arithmetic computed in one instruction
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A tree of + - * / over locals and numeric constants, or a comparison
;;; of such trees as a test, compiles to a FLO_TREE that computes it in
;;; doubles when its leaves are flonums (and fixnums next to flonums),
;;; then the tree's ordinary code for everything else
;;; (compile/flo-trees.c).  Each tree here is checked against the
;;; generic procedures called through apply, over leaves of every kind:
;;; exact results stay exact, bignums, rationals, NaNs, infinities,
;;; -0.0, values too large or too small for an immediate flonum.  Then
;;; the errors name the procedure whose argument was wrong, and a
;;; rebound + or * is what the compiled trees call.

;;; Code:

(test-begin "flo-trees")

(define (disassembly proc)
  (let ((disassemble (eval 'disassemble (environment '(libscm disassemble)))))
    (with-output-to-string (lambda () (disassemble proc)))))

;; What THUNK returns, or the text of the error it raises.
(define (outcome thunk)
  (guard (e (#t (list 'error (call-with-output-string
                              (lambda (p) (display-error e p 0))))))
    (thunk)))

;; BODY with each V bound to itself in a local that the compiler takes
;; for a likely flonum (the 0.0 of a branch that never runs): the
;; arithmetic of such locals is a tree.
(define-syntax with-flonum-hints
  (syntax-rules ()
    ((_ (v ...) body)
     (let ((v (if (eq? v 'never) 0.0 v)) ...) body))))

;; The generic procedures, called through apply (not inline).
(define (g+ a b) (apply + (list a b)))
(define (g- a b) (apply - (list a b)))
(define (g* a b) (apply * (list a b)))
(define (g/ a b) (apply / (list a b)))

(define leaves
  (list 1.5 -2.25 0.0 -0.0 +nan.0 +inf.0 -inf.0 1e300 1e-300 2.5e-320
        3 -7 0 (expt 2 53) (+ (expt 2 53) 1) (- (expt 2 53) 1)
        (expt 2 70) 1/3))

;; The triples of LEAVES on which (F a b c) and (REF a b c) differ:
;; eqv? values (so -0.0 is not 0.0, 1.0 is not 1, every NaN is every
;; other), or one raises and the other not.
(define (mismatches f ref)
  (let ((bad '()))
    (for-each
     (lambda (a)
       (for-each
        (lambda (b)
          (for-each
           (lambda (c)
             (let ((x (outcome (lambda () (f a b c))))
                   (y (outcome (lambda () (ref a b c)))))
               (unless (if (and (pair? x) (pair? y)) #t (eqv? x y))
                 (set! bad (cons (list a b c x y) bad)))))
           leaves))
        leaves))
     leaves)
    bad))

(define (mul-add a b c) (with-flonum-hints (a b c) (+ (* a b) c)))
(define (ref-mul-add a b c) (g+ (g* a b) c))
(define (sub-div a b c) (with-flonum-hints (a b c) (/ (- a b) c)))
(define (ref-sub-div a b c) (g/ (g- a b) c))
(define (right-nested a b c) (- a (* b (+ c 0.5))))
(define (ref-right-nested a b c) (g- a (g* b (g+ c 0.5))))
;; Exact constants beside a flonum one (mbrot's (* 2.0 (* zr zi))).
(define (with-constants a b c) (+ (* 2.0 (* a b)) (- c 1)))
(define (ref-with-constants a b c) (g+ (g* 2.0 (g* a b)) (g- c 1)))
;; A tree of locals only, which exact leaves make exact.
(define (locals-only a b c)
  (with-flonum-hints (a b c) (* (+ a b) (- b c))))
(define (ref-locals-only a b c) (g* (g+ a b) (g- b c)))

;; Locals read more than once, kept in the program's registers from
;; their first read (one read fused into its operation first).
(define (squares a b c)
  (with-flonum-hints (a b c) (- (* a a) (* b (+ a (- c b))))))
(define (ref-squares a b c) (g- (g* a a) (g* b (g+ a (g- c b)))))
(define (fused-first a b c)
  (with-flonum-hints (a b c) (- (* c a) (+ a (* b c)))))
(define (ref-fused-first a b c) (g- (g* c a) (g+ a (g* b c))))
;; Nine locals read twice: more than the program's 8 registers.
(define (nine-squares a b c d e f g h i)
  (+ (+ (+ (+ (+ (+ (+ (+ (* a a) (* b b)) (* c c)) (* d d)) (* e e))
              (* f f)) (* g g)) (* h h)) (* (* i 0.5) i)))
(define (ref-nine-squares . xs)
  (let loop ((xs xs) (sum 0))
    (if (null? (cdr xs))
        (g+ sum (g* (g* (car xs) 0.5) (car xs)))
        (loop (cdr xs) (g+ sum (g* (car xs) (car xs)))))))

(test-assert "the trees are compiled as FLO_TREE"
             (and (string-contains (disassembly mul-add) "FLO_TREE")
                  (string-contains (disassembly with-constants) "FLO_TREE")))
(test-assert "one operation, or no sign of flonums, is no tree"
             (not (or (string-contains (disassembly (lambda (a b) (* a b)))
                                 "FLO_TREE")
                      (string-contains (disassembly (lambda (i n) (+ (* i n) 1)))
                                 "FLO_TREE")
                      ;; quicksort's test of fixnums
                      (string-contains (disassembly
                                  (lambda (m l r)
                                    (if (< (- m l) (- r m)) 'left 'right)))
                                 "FLO_TREE"))))
(test-assert "locals bound to inexact, sqrt or a flonum make a tree"
             (string-contains (disassembly
                         (lambda (x y z)
                           (let ((a (inexact x)) (b (sqrt y)) (c 16.0))
                             (if (> (+ (* a b) z) c) 'out 'in))))
                        "FLO_TREE"))

(test-equal "(+ (* a b) c) of flonums" 4.0 (mul-add 1.5 2.0 1.0))
(test-equal "(+ (* a b) c) of fixnums stays exact" 7 (mul-add 2 3 1))
(test-equal "an exact product next to a flonum" 7.5 (mul-add 2 3 1.5))
(test-equal "a bignum leaf" (g+ (g* (expt 2 70) 3) 0.5)
            (mul-add (expt 2 70) 3 0.5))
(test-equal "a rational leaf" 1.5 (mul-add 1/2 2 0.5))
(test-equal "a result too large for an immediate flonum" +inf.0
            (mul-add 1e200 1e200 1.0))
(test-equal "a boxed flonum leaf" 2e300 (mul-add 1e300 2.0 0.0))
(test-equal "a result too small for an immediate flonum"
            (g+ (g* 1e-155 1e-155) 0.0) (mul-add 1e-155 1e-155 0.0))
(test-equal "(/ (- a b) c) of exact integers is a rational" 3/4
            (sub-div 5 2 4))
(test-equal "an exact zero divisor of a flonum"
            (outcome (lambda () (g/ (g- 5.0 2) 0)))
            (outcome (lambda () (sub-div 5.0 2 0))))
(test-equal "-0.0 kept" "-0.0" (number->string (mul-add -0.0 1.0 -0.0)))

(test-equal "(+ (* a b) c) over every kind of leaf" '()
            (mismatches mul-add ref-mul-add))
(test-equal "(/ (- a b) c) over every kind of leaf" '()
            (mismatches sub-div ref-sub-div))
(test-equal "(- a (* b (+ c 0.5))) over every kind of leaf" '()
            (mismatches right-nested ref-right-nested))
(test-equal "(+ (* 2.0 (* a b)) (- c 1)) over every kind of leaf" '()
            (mismatches with-constants ref-with-constants))
(test-equal "(* (+ a b) (- b c)) over every kind of leaf" '()
            (mismatches locals-only ref-locals-only))
(test-equal "locals read twice over every kind of leaf" '()
            (mismatches squares ref-squares))
(test-equal "a local fused, then read again, over every kind of leaf" '()
            (mismatches fused-first ref-fused-first))
(test-equal "nine locals read twice"
            (map (lambda (k)
                   (apply ref-nine-squares
                          (map (lambda (j) (+ k (* j 0.25))) '(1 2 3 4 5 6 7 8 9))))
                 '(0.5 -3.0 1e100 1e200))
            (map (lambda (k)
                   (apply nine-squares
                          (map (lambda (j) (+ k (* j 0.25))) '(1 2 3 4 5 6 7 8 9))))
                 '(0.5 -3.0 1e100 1e200)))
(test-equal "nine locals read twice, exact" (ref-nine-squares 1 2 3 4 5 6 7 8 9)
            (nine-squares 1 2 3 4 5 6 7 8 9))

;;; Comparisons as tests.

(define-syntax define-compare
  (syntax-rules ()
    ((_ name ref cmp)
     (begin
       (define (name a b c)
         (with-flonum-hints (a b c) (if (cmp (+ a b) c) 'yes 'no)))
       (define (ref a b c)
         (if (apply cmp (list (g+ a b) c)) 'yes 'no))))))
(define-compare tree= ref-tree= =)
(define-compare tree< ref-tree< <)
(define-compare tree> ref-tree> >)
(define-compare tree<= ref-tree<= <=)
(define-compare tree>= ref-tree>= >=)

(test-assert "a comparison as a test is a FLO_TREE"
             (string-contains (disassembly tree>) "FLO_TREE"))
(test-equal "NaN compares false" '(no no no no no)
            (map (lambda (f) (f +nan.0 0.0 1.0))
                 (list tree= tree< tree> tree<= tree>=)))
(test-equal "-0.0 is = to 0.0" '(yes no no yes yes)
            (map (lambda (f) (f -0.0 0.0 0.0))
                 (list tree= tree< tree> tree<= tree>=)))
(test-equal "a fixnum from 2^53 compared exactly"
            '(no yes)
            (let ((big (+ (expt 2 53) 1)))
              (list (tree= big 0 (exact->inexact big))
                    (tree> big 0 (exact->inexact (expt 2 53))))))
(test-equal "exact sums compared with a flonum" '(yes no yes)
            (list (tree= 1 2 3.0) (tree< 1 2 3.0) (tree>= 1/2 1/2 1.0)))
(for-each
 (lambda (name f ref)
   (test-equal (string-append name " over every kind of leaf") '()
               (mismatches f ref)))
 '("=" "<" ">" "<=" ">=")
 (list tree= tree< tree> tree<= tree>=)
 (list ref-tree= ref-tree< ref-tree> ref-tree<= ref-tree>=))

;;; Lets of flonum arithmetic: a FLO_TREE stores the bindings as it
;;; computes them, and the test of the let's body when it has one.

;; The numbers XS as one symbol, which eqv? compares (mismatches):
;; -0.0 is not 0.0, 1.0 is not 1.
(define (numbers . xs)
  (string->symbol
   (apply string-append
          (map (lambda (x) (if (symbol? x) (symbol->string x)
                               (string-append " " (number->string x))))
               xs))))

(define (let-test a b c)
  (with-flonum-hints (a b c)
    (let ((x (* a a)) (y (* b b)))
      (if (> (+ x y) c) (numbers 'out x y) (numbers 'in (- x y) c)))))
(define (ref-let-test a b c)
  (let ((x (g* a a)) (y (g* b b)))
    (if (apply > (list (g+ x y) c))
        (numbers 'out x y)
        (numbers 'in (g- x y) c))))
(define (let-value a b c)
  (with-flonum-hints (a b c)
    (let ((p (+ (* a b) c)) (q (- a 0.5)) (r 2.5))
      (numbers 'v q p r))))
(define (ref-let-value a b c)
  (let ((p (g+ (g* a b) c)) (q (g- a 0.5)) (r 2.5))
    (numbers 'v q p r)))
(define (let-not a b c)
  (with-flonum-hints (a b c)
    (let ((x (* (+ a b) c)))
      (if (not (<= x (- b c))) x (- b x)))))
(define (ref-let-not a b c)
  (let ((x (g* (g+ a b) c)))
    (if (not (apply <= (list x (g- b c)))) x (g- b x))))

;; A let tested, whose false branch is a let: one program stores both
;; when the test is false.  The true branch has a let and test of its
;; own.
(define (go-on a b c)
  (with-flonum-hints (a b c)
    (let ((x (* a b)) (y (- a c)))
      (if (> x y)
          (let ((u (* x 2.0)) (v (+ y 1.0)))
            (if (< u v) (numbers 'then-lt u v) (numbers 'then-ge u v)))
          (let ((p (* x y)) (q (+ y 0.5)))
            (numbers 'else x y p q))))))
(define (ref-go-on a b c)
  (let ((x (g* a b)) (y (g- a c)))
    (if (apply > (list x y))
        (let ((u (g* x 2.0)) (v (g+ y 1.0)))
          (if (apply < (list u v)) (numbers 'then-lt u v) (numbers 'then-ge u v)))
        (let ((p (g* x y)) (q (g+ y 0.5)))
          (numbers 'else x y p q)))))
;; The same through not: the let is the if's first branch.
(define (go-on-not a b c)
  (with-flonum-hints (a b c)
    (let ((x (- a b)))
      (if (not (>= x c))
          (let ((p (* x x)) (q (/ x 4.0)) (r (+ (* c 0.5) x)))
            (numbers 'first p q r))
          (numbers 'second x)))))
(define (ref-go-on-not a b c)
  (let ((x (g- a b)))
    (if (not (apply >= (list x c)))
        (let ((p (g* x x)) (q (g/ x 4.0)) (r (g+ (g* c 0.5) x)))
          (numbers 'first p q r))
        (numbers 'second x))))

;; mbrot's count: its loop is one FLO_TREE, for both lets.
(define (count r i step x y)
  (let ((max-count 64) (radius^2 16.0))
    (let ((cr (+ r (* (inexact x) step)))
          (ci (+ i (* (inexact y) step))))
      (let loop ((zr cr) (zi ci) (c 0))
        (if (= c max-count)
            c
            (let ((zr^2 (* zr zr)) (zi^2 (* zi zi)))
              (if (> (+ zr^2 zi^2) radius^2)
                  c
                  (let ((new-zr (+ (- zr^2 zi^2) cr))
                        (new-zi (+ (* 2.0 (* zr zi)) ci)))
                    (loop new-zr new-zi (+ c 1))))))))))
(define (ref-count r i step x y)
  (let ((cr (g+ r (g* (inexact x) step)))
        (ci (g+ i (g* (inexact y) step))))
    (let loop ((zr cr) (zi ci) (c 0))
      (if (= c 64)
          c
          (let ((zr^2 (g* zr zr)) (zi^2 (g* zi zi)))
            (if (apply > (list (g+ zr^2 zi^2) 16.0))
                c
                (loop (g+ (g- zr^2 zi^2) cr) (g+ (g* 2.0 (g* zr zi)) ci)
                      (+ c 1))))))))

;; Whether a FLO_TREE of PROC stores a let's binding: its program (as
;; the disassembler writes it, perhaps cut short) read as
;; vm/flo-tree-internal.h lays it out, up to a STORE (14) or its end, or
;; a LOAD (33), with which only a let's program that makes its loop's
;; jump starts.
(define (stores-a-binding? proc)
  (let loop ((lines (string-split (disassembly proc) #\newline)))
    (and (pair? lines)
         (or (let ((at (string-contains (car lines) "FLO_TREE        #u8(")))
               (and at (program-stores? (program-bytes (car lines) at))))
             (loop (cdr lines))))))
(define (program-bytes line at)
  ;; The decimal numbers after "#u8(", up to its ")" or "...".
  (let loop ((i (+ at 20)) (n #f) (bytes '()))
    (let ((c (and (< i (string-length line)) (string-ref line i))))
      (cond ((and c (char-numeric? c))
             (loop (+ i 1) (+ (* 10 (or n 0)) (digit-value c)) bytes))
            ((eqv? c #\space)
             (loop (+ i 1) #f (if n (cons n bytes) bytes)))
            (else (reverse (if (and n (eqv? c #\))) (cons n bytes) bytes)))))))
(define (program-stores? bytes)
  (let loop ((ops (if (pair? bytes) (cdr bytes) '())))
    (and (pair? ops)
         (let* ((op (modulo (car ops) 16))
                (on (quotient (modulo (car ops) 64) 16))
                ;; SLOT, a register's byte when saved or read
                (operand (cond ((= op 0) 3)
                               ;; two registers' operation: SLOT, REG
                               ;; of each
                               ((and (<= 4 op 7) (<= 64 (car ops) 127)) 6)
                               ((or (= op 1) (= op 14))
                                (if (>= (car ops) 128) 3 2))
                               ((<= 2 op 3) 8)
                               (else (vector-ref #(0 2 8 3) on)))))
           (or (= op 14) (= (car ops) 33)
               (and (< (length ops) (+ operand 1))
                    #f)
               (and (not (memv op '(8 15)))
                    (>= (length ops) (+ operand 1))
                    (loop (list-tail ops (+ operand 1)))))))))

(test-equal "a let of trees stores its bindings in a FLO_TREE"
            '(#t #t #t #t #t #t)
            (map stores-a-binding?
                 (list count let-test let-value let-not go-on go-on-not)))
(test-equal "a let of one operation, or with no sign of flonums, is none"
            '(#f #f)
            (list (stores-a-binding? (lambda (a b) (let ((x (* a b))) (list x))))
                  (stores-a-binding? (lambda (m l r)
                                       (let ((x (- m l)) (y (- r m)))
                                         (if (< x y) 'left 'right))))))
(test-equal "mbrot's count over a grid" '()
            (let loop ((x 0) (bad '()))
              (if (= x 40)
                  bad
                  (loop (+ x 1)
                        (let ((a (count -1.0 -0.5 0.05 x (- 40 x)))
                              (b (ref-count -1.0 -0.5 0.05 x (- 40 x))))
                          (if (eqv? a b) bad (cons (list x a b) bad)))))))
(test-equal "mbrot's count with exact and rational inputs"
            (list (ref-count -1 0 1/20 3 7) (ref-count -1.0 0 1/20 3 7))
            (list (count -1 0 1/20 3 7) (count -1.0 0 1/20 3 7)))
(for-each
 (lambda (name f ref)
   (test-equal (string-append name " over every kind of leaf") '()
               (mismatches f ref)))
 '("a let and its test" "a let with no test" "a let tested through not"
   "a let going on into the next" "a let going on through not")
 (list let-test let-value let-not go-on go-on-not)
 (list ref-let-test ref-let-value ref-let-not ref-go-on ref-go-on-not))
(test-equal "the bindings' values in the body" '|out 2.25 4.0|
            (let-test 1.5 2.0 1.0))
(test-equal "-0.0 bound" '|v -0.5 -0.0 2.5| (let-value -0.0 1.0 -0.0))
(test-equal "a binding that needs a box" '|out +inf.0 1.0e+200|
            (let-test 1e300 1e100 0.0))
(test-equal "a NaN binding" '|v 1.5 +nan.0 2.5| (let-value 2.0 +nan.0 1.0))
(test-assert "a string leaf of a binding's *"
             (string-contains (cadr (outcome (lambda () (let-test 1.0 "b" 2.0))))
                        "*: wrong type argument in position 1"))
(test-equal "a binding closed over and a binding assigned"
            '(6.0 5.0)
            (let ((f (lambda (a b)
                       (let ((x (* a b)) (y (+ a b 0.0)))
                         (set! y (+ y 0.0))
                         (let ((k (lambda () x)))
                           (list (k) y))))))
              (f 2.0 3.0)))

;; Operations of two registers (SCM_I_FT_LEFT_REG): a and b read again
;; from the registers their first reads filled, in both orders, which
;; - and / tell apart.
(define (two-registers a b c)
  (with-flonum-hints (a b c)
    (let ((p (* (- a b) c)) (q (* (- b a) c))
          (r (+ (/ a b) c)) (s (+ (/ b a) c)))
      (numbers 'n p q r s))))
(define (ref-two-registers a b c)
  (numbers 'n (g* (g- a b) c) (g* (g- b a) c)
           (g+ (g/ a b) c) (g+ (g/ b a) c)))
(test-equal "operations of two registers over every kind of leaf" '()
            (mismatches two-registers ref-two-registers))
(test-equal "operations of two registers, values"
            '(|n -3.0 3.0 1.25 5.0| |n -3/2 3/2 3/4 9/2|)
            (list (two-registers 1.0 4.0 1.0) (two-registers 1 4 1/2)))
(test-assert "operations of two registers, a string's error"
             (string-contains (cadr (outcome (lambda () (two-registers 1.0 "b" 2.0))))
                              "wrong type argument"))

;;; The errors are the procedure's whose argument was wrong.

(define (error-text thunk)
  (let ((o (outcome thunk)))
    (and (pair? o) (cadr o))))
(test-assert "a string leaf of *"
             (string-contains (error-text (lambda () (mul-add "a" 1.0 2.0)))
                        "*: wrong type argument in position 1"))
(test-assert "a symbol leaf of +"
             (string-contains (error-text (lambda () (mul-add 1.0 2.0 'x)))
                        "+: wrong type argument in position 2"))
(test-assert "a symbol leaf of a comparison"
             (string-contains (error-text (lambda () (tree> 1.0 2.0 'x)))
                        ">: wrong type argument in position 2"))
(test-assert "a character leaf of /"
             (string-contains (error-text (lambda () (sub-div 1.0 2.0 #\c)))
                        "/: wrong type argument in position 2"))

;;; Vectors' elements as leaves: (vector-ref v i) of a local vector by
;;; a local, a local plus or minus a small constant, or a constant.

(define (g-vector-ref v i) (apply vector-ref (list v i)))
(define (elements-at v i)
  (- (* (vector-ref v 0) (vector-ref v i)) (* 2.0 (vector-ref v (+ i 1)))))
(define (ref-elements-at v i)
  (g- (g* (g-vector-ref v 0) (g-vector-ref v i))
      (g* 2.0 (g-vector-ref v (g+ i 1)))))
(define (elements a b c) (elements-at (vector a b c) 1))
(define (ref-elements a b c) (ref-elements-at (vector a b c) 1))
;; fft's butterfly: a let of products of elements, with no flonum
;; constant and loop parameters WR and WI.
(define (butterfly v j wr wi)
  (let ((tempr (- (* wr (vector-ref v j)) (* wi (vector-ref v (- j -1))))))
    (+ tempr (vector-ref v (- j 1)))))
(define (ref-butterfly v j wr wi)
  (let ((tempr (g- (g* wr (g-vector-ref v j))
                   (g* wi (g-vector-ref v (g- j -1))))))
    (g+ tempr (g-vector-ref v (g- j 1)))))

(test-assert "elements of a vector are leaves of a tree"
             (and (string-contains (disassembly elements-at) "FLO_TREE")
                  (string-contains (disassembly butterfly) "FLO_TREE")))
(test-equal "a tree of elements over every kind of leaf" '()
            (mismatches elements ref-elements))
(test-equal "a let of elements over every kind of leaf" '()
            (mismatches (lambda (a b c) (butterfly (vector a b c 0.5) 1 a c))
                        (lambda (a b c)
                          (ref-butterfly (vector a b c 0.5) 1 a c))))
(test-equal "elements: flonums" -3.5 (elements-at (vector 1.5 1.0 2.5) 1))
(test-equal "elements: a fixnum element next to a flonum" 0.0
            (elements-at (vector 2 1.0 1) 1))
(test-equal "elements: fixnums next to a flonum constant" 1.0
            (elements-at (vector 3 1 1) 1))
(test-equal "elements: fixnums stay exact" -4 (butterfly (vector 1 2 3 4) 1 2 3))
(test-equal "an element beyond 2^53" (ref-elements-at (vector (expt 2 60) 3 1.5) 1)
            (elements-at (vector (expt 2 60) 3 1.5) 1))
(test-equal "an element of the last index" 4.0
            (butterfly (vector 1.0 2.0 0.5 -1.0) 2 2.0 1.0))
;; What THUNK returns, or the text of its error after the location.
(define (located-outcome thunk)
  (let ((o (outcome thunk)))
    (if (and (pair? o) (eq? (car o) 'error))
        (let ((text (cadr o)))
          (list 'error (string-copy text (+ 2 (string-contains text ": ")))))
        o)))
(for-each
 (lambda (what v i)
   (test-equal (string-append "elements: " what)
               (located-outcome (lambda () (ref-elements-at v i)))
               (located-outcome (lambda () (elements-at v i)))))
 '("not a vector" "an index out of range" "an index one past the end"
   "a negative index" "a flonum index" "a bignum index" "a string element"
   "a bytevector")
 (list '(1.0 2.0 3.0) (vector 1.0 2.0 3.0) (vector 1.0 2.0) (vector 1.0 2.0)
       (vector 1.0 2.0 3.0) (vector 1.0 2.0 3.0) (vector 1.0 "x" 3.0)
       (bytevector 1 2 3))
 (list 1 7 1 -1 1.0 (expt 2 70) 1 1))
(test-assert "elements: the error names vector-ref"
             (string-contains (cadr (outcome (lambda () (elements-at (vector 1.0) 0))))
                              "vector-ref"))
;;; Rebound primitives.

(define (in-module name . forms)
  (let ((m (resolve-module (list 'test 'flo-trees name))))
    (let loop ((forms forms) (last #f))
      (if (null? forms) last (loop (cdr forms) (eval (car forms) m))))))

(test-equal "set! of a module's vector-ref after its tree was compiled"
            '(-3.5 (0.0 . 3))
            (in-module 'vref
                       '(define calls 0)
                       '(define (f v i)
                          (- (* (vector-ref v 0) (vector-ref v i))
                             (* 2.0 (vector-ref v (+ i 1)))))
                       '(define before (f (vector 1.5 1.0 2.5) 1))
                       '(set! vector-ref (lambda (v i) (set! calls (+ calls 1)) 2.0))
                       '(list before (cons (f (vector 1.5 1.0 2.5) 1) calls))))
(test-equal "set! of a module's * after its tree was compiled"
            '(4.0 (0.5 . 1.0) 1.5)
            (in-module 'set
                       '(define (f a b c) (+ (* a b) (- c 0.0)))
                       '(define (g a b c) (if (> (* a b) (+ c 0.0)) 'gt 'le))
                       '(define before (f 1.5 2.0 1.0))
                       '(set! * (lambda (a b) (- a b)))
                       '(list before
                              (cons (f 1.5 2.0 1.0) (f 2.0 1.5 0.5))
                              (+ 1.0 0.5))))
(test-equal "set! of a module's * after its let's FLO_TREE was compiled"
            '((3.0 2.5) (2.5 -0.5 -3.0 2.0) 2 (2.5 1 1 2.0))
            (in-module 'set-let
                       '(define (h a b)
                          (let ((x (* (- a 0.0) b)) (y (+ a 1.0)))
                            (if (> x y)
                                (list x y)
                                (let ((z (* x y)) (w (- y 0.5)))
                                  (list y x z w)))))
                       '(define before (h 1.5 2.0))
                       '(set! * (lambda (a b) (- a b)))
                       '(define after (h 1.5 2.0))
                       '(define calls 0)
                       '(set! * (lambda (a b) (set! calls (+ calls 1)) 1))
                       ;; Each binding computed once, by the new *.
                       '(list before after
                              (begin (h 1.5 2.0) calls)
                              (h 1.5 2.0))))
(test-equal "a module's own * and + before its lets"
            '((else 10.0 3.5 10.0 -2.5) #f)
            (in-module 'own-let
                       '(define (* a b) 10.0)
                       '(define (+ a b) (- a b))
                       '(define (h a b)
                          (let ((x (* a b)) (y (- a 0.5)))
                            (if (> x (+ y -7.0))
                                (list 'then x y)
                                (let ((z (* x y)) (w (+ 1.0 y)))
                                  (list 'else x y z w)))))
                       '(list (h 4.0 2.0)
                              (let ((d (with-output-to-string
                                         (lambda ()
                                           ((eval 'disassemble
                                                  (environment
                                                   '(libscm disassemble)))
                                            h)))))
                                (let loop ((i 0))
                                  (and (<= (- i -8) (string-length d))
                                       (or (string=? (substring d i (- i -8))
                                                     "FLO_TREE")
                                           (loop (- i -1)))))))))
(test-equal "module-define! of a module's + after its tree was compiled"
            '(4.0 (plus 3.0 1.0) le)
            (in-module 'define
                       '(define (f a b c) (+ (* a b) (- c 0.0)))
                       '(define (g a b c) (if (> (+ a b) (* c 1.0)) 'gt 'le))
                       '(define before (f 1.5 2.0 1.0))
                       '(module-define! (resolve-module
                                         '(test flo-trees define)) '+
                                        (lambda (a b) (list 'plus a b)))
                       '(list before (f 1.5 2.0 1.0)
                              (guard (e (#t 'le)) (g 1.0 2.0 0.5)))))
(test-equal "a module's own * before the tree"
            '(11.0 #f)
            (in-module 'own
                       '(define (* a b) 10.0)
                       '(define (f a b c) (+ (* a b) (- c 0.0)))
                       '(list (f 1.5 2.0 1.0)
                              (let ((d (with-output-to-string
                                         (lambda ()
                                           ((eval 'disassemble
                                                  (environment
                                                   '(libscm disassemble)))
                                            f)))))
                                (let loop ((i 0))
                                  (and (<= (+ i 8) (string-length d))
                                       (or (string=? (substring d i (+ i 8))
                                                     "FLO_TREE")
                                           (loop (+ i 1)))))))))

;;; Loops whose let's program makes the loop's jump itself
;;; (SCM_I_FT_LOOP): the new parameters moved, a fixnum step, the head
;;; test of fixnums made, and the program run again while the VM has no
;;; poll pending; anything else is the ordinary code's.

;; In a library, whose primitives cannot change: its programs run
;; whatever another module's set! of + did to the guarded ones'.
(eval '(define-library (test flo-trees loops)
         (export decay switch halve-until spin orbit decay-exact)
         (import (scheme base))
         (begin
           ;; The head test =, a let of one binding with no test whose
           ;; body is the jump.
           (define (decay x c0 limit)
             (let loop ((x x) (c c0))
               (if (= c limit)
                   (list x c)
                   (let ((y (+ (* x 0.5) 0.125)))
                     (loop y (+ c 1))))))
           ;; A step down, the let in the head test's true branch, the
           ;; step on the test's right, a parameter copied from a local
           ;; of the procedure.
           (define (switch x e n)
             (let loop ((x x) (k 0.0) (c n))
               (if (< 0 c)
                   (let ((y (+ (* x 0.5) k)))
                     (loop y e (- c 1)))
                   (list x k c))))
           ;; No head test: the let is the loop's body, its own test leaves.
           (define (halve-until x eps n0)
             (let loop ((x x) (n n0))
               (let ((y (* x 0.5)) (z (- x eps)))
                 (if (< z 0.0)
                     (list x n)
                     (let ((x2 (+ y 0.0)))
                       (loop x2 (+ n 1)))))))
;; mbrot's loop: bindings kept in registers (SCM_I_FT_TO_REG)
           ;; and written to their slots only as the program leaves,
           ;; where its own let's test and its jump's code read them.
           (define (orbit zr zi cr ci limit)
             (let loop ((zr zr) (zi zi) (c 0))
               (if (= c limit)
                   (list 'limit zr zi c)
                   (let ((zr2 (* zr zr)) (zi2 (* zi zi)))
                     (if (> (+ zr2 zi2) 16.0)
                         (list 'out zr2 zi2 zr zi c)
                         (let ((nzr (+ (- zr2 zi2) cr))
                               (nzi (+ (* 2.0 (* zr zi)) ci)))
                           (loop nzr nzi (+ c 1))))))))
           ;; The same with an exact constant: the exact evaluator's.
           (define (decay-exact x c0 limit)
             (let loop ((x x) (c c0))
               (if (= c limit)
                   (list x c)
                   (let ((y (+ (* x 0.5) 1)))
                     (loop y (+ c 1))))))
           ;; A loop that never ends by itself.
           (define (spin x)
             (let loop ((x x) (c 0))
               (if (= c -1)
                   c
                   (let ((y (- (* x 1.0) 0.0)))
                     (loop y (+ c 1))))))))
      (interaction-environment))
(define loops-env (environment '(test flo-trees loops)))
(define decay (eval 'decay loops-env))
(define switch (eval 'switch loops-env))
(define halve-until (eval 'halve-until loops-env))
(define spin (eval 'spin loops-env))
(define orbit (eval 'orbit loops-env))
(define decay-exact (eval 'decay-exact loops-env))
(define (ref-orbit zr zi cr ci limit)
  (let loop ((zr zr) (zi zi) (c 0))
    (if (= c limit)
        (list 'limit zr zi c)
        (let ((zr2 (g* zr zr)) (zi2 (g* zi zi)))
          (if (> (g+ zr2 zi2) 16.0)
              (list 'out zr2 zi2 zr zi c)
              (loop (g+ (g- zr2 zi2) cr) (g+ (g* 2.0 (g* zr zi)) ci)
                    (+ c 1)))))))
(define (ref-decay-exact x c0 limit)
  (let loop ((x x) (c c0))
    (if (= c limit)
        (list x c)
        (loop (g+ (g* x 0.5) 1) (+ c 1)))))
(define (ref-decay x c0 limit)
  (let loop ((x x) (c c0))
    (if (= c limit)
        (list x c)
        (loop (g+ (g* x 0.5) 0.125) (+ c 1)))))
(define (ref-switch x e n)
  (let loop ((x x) (k 0.0) (c n))
    (if (< 0 c)
        (loop (g+ (g* x 0.5) k) e (- c 1))
        (list x k c))))
(define (ref-halve-until x eps n0)
  (let loop ((x x) (n n0))
    (let ((y (g* x 0.5)) (z (g- x eps)))
      (if (< z 0.0)
          (list x n)
          (loop (g+ y 0.0) (+ n 1))))))
(define fx-greatest (eval 'fx-greatest (environment '(srfi 143))))

(define (loop-mismatches f ref cases)
  (let loop ((cases cases) (bad '()))
    (if (null? cases)
        (reverse bad)
        (let ((a (outcome (lambda () (apply f (car cases)))))
              (b (outcome (lambda () (apply ref (car cases))))))
          (loop (cdr cases)
                (if (equal? a b) bad (cons (list (car cases) a b) bad)))))))
(define loop-leaves
  (list 1.5 -2.25 0.0 -0.0 +nan.0 +inf.0 -inf.0 1e300 1e-300 2.5e-320
        3 -7 0 (expt 2 70) 1/3))
(test-equal "a loop's jump in its let's program, over every kind of leaf"
            '()
            (loop-mismatches decay ref-decay
                             (map (lambda (x) (list x 0 40)) loop-leaves)))
(test-equal "... each turn's value, and the turns counted"
            '((1.0 0) (0.625 1) (0.4375 2) (0.34375 3) (0.25 2000))
            (list (decay 1.0 0 0) (decay 1.0 0 1) (decay 1.0 0 2)
                  (decay 1.0 0 3) (decay 0.25 0 2000)))
(test-equal "... a step past the greatest fixnum goes on in bignums"
            (list (ref-decay 1.0 (- fx-greatest 3) (+ fx-greatest 4))
                  (+ fx-greatest 4))
            (let ((r (decay 1.0 (- fx-greatest 3) (+ fx-greatest 4))))
              (list r (cadr r))))
(test-equal "... a step of a flonum counter"
            (ref-decay 1.0 0.5 40.5)
            (decay 1.0 0.5 40.5))
(test-equal "... a limit that is no fixnum"
            (list (ref-decay 2.0 0 10.0) (ref-decay 2.0 1/2 (+ 1/2 7)))
            (list (decay 2.0 0 10.0) (decay 2.0 1/2 (+ 1/2 7))))
(test-equal "... a step down, a copied parameter, over every kind of leaf"
            '()
            (loop-mismatches switch ref-switch
                             (apply append
                                    (map (lambda (e)
                                           (map (lambda (x) (list x e 12))
                                                loop-leaves))
                                         (list 0.25 -0.0 1 1/3 +nan.0
                                               (expt 2 70))))))
(test-equal "... a let that is the loop's body"
            '()
            (loop-mismatches halve-until ref-halve-until
                             (map (lambda (x) (list x 1e-3 0))
                                  (list 1.5 0.0 -0.0 1e300 2.5e-320 -inf.0
                                        3 (expt 2 70) 1/3 -7))))
(test-equal "... its counter past the greatest fixnum, with no head test"
            (list (ref-halve-until 1.0 0.01 (- fx-greatest 3))
                  (+ fx-greatest 4))
            (let ((r (halve-until 1.0 0.01 (- fx-greatest 3))))
              (list r (cadr r))))
(test-equal "bindings kept in registers, read where the loop leaves"
            '()
            (loop-mismatches
             orbit ref-orbit
             (apply append
                    (map (lambda (limit)
                           (list (list 0.0 0.0 -0.5 0.5 limit)
                                 (list 0.0 0.0 -1.0 0.3 limit)
                                 (list 0.1 -0.2 0.3 0.6 limit)
                                 (list 0.5 0.5 0.25 -0.75 limit)
                                 ;; past the immediate range: no
                                 ;; immediate zr2, then none for nzr
                                 (list 1e10 0.0 0.0 0.0 limit)
                                 (list 0.0 0.0 1e25 0.0 limit)
                                 (list 0.0 0.0 1e-40 -1e-40 limit)
                                 (list 1e-300 0.0 0.5 0.0 limit)
                                 (list 0 0 -1 1/2 limit)
                                 (list 0.0 0.0 +nan.0 0.0 limit)))
                         (list 0 1 2 3 7 64)))))
(test-equal "... their values where the loop stops and where it leaves"
            '((limit 0.0 0.0 0) (limit -0.5 0.5 1) (limit -0.5 0.0 2)
              (out 151.69386291503906 1.0 12.31640625 1.0 4))
            (list (orbit 0.0 0.0 -0.5 0.5 0) (orbit 0.0 0.0 -0.5 0.5 1)
                  (orbit 0.0 0.0 -0.5 0.5 2) (orbit 0.0 0.0 0.5 1.0 9)))
(test-equal "... a loop's let with an exact constant"
            '()
            (loop-mismatches decay-exact ref-decay-exact
                             (map (lambda (x) (list x 0 40)) loop-leaves)))
(test-assert "... a string leaf raises *'s error"
             (string-contains (error-text (lambda () (decay "x" 0 3)))
                              "*: wrong type argument in position 1"))
(test-equal "... a loop that never ends stops at a step limit"
            '(limit-exceeded steps)
            (guard (e (#t (list (condition-kind e)
                                (car (error-object-irritants e)))))
              (call-with-limits (lambda () (spin 0.5)) #f #f #f 100000)))
(test-equal "... and at a time limit"
            '(limit-exceeded time)
            (guard (e (#t (list (condition-kind e)
                                (car (error-object-irritants e)))))
              (call-with-limits (lambda () (spin 0.5)) 0.05 #f)))
(test-equal "... a step limit that the loop stays under"
            '(0.25 1000)
            (call-with-limits (lambda () (decay 0.25 0 1000))
                              #f #f #f 100000))
(test-equal "set! of a module's + and = after its loop was compiled"
            '((0.25 10) (0.25 10) 20 (0.25 3))
            (in-module 'loop-set
                       '(define calls 0)
                       '(define (decay x c0 limit)
                          (let loop ((x x) (c c0))
                            (if (= c limit)
                                (list x c)
                                (let ((y (+ (* x 0.5) 0.125)))
                                  (loop y (+ c 1))))))
                       '(define before (decay 0.25 0 10))
                       '(define plus +)
                       '(set! + (lambda (a b)
                                  (set! calls (plus calls 1))
                                  (plus a b)))
                       '(define after (decay 0.25 0 10))
                       '(define plus-calls calls)
                       '(set! = (lambda (a b) (>= a 3)))
                       '(list before after plus-calls (decay 0.25 0 10))))

;;; A library's trees, whose primitives cannot change: no guard.

(eval '(define-library (test flo-trees fixed)
         (export lib-mul-add lib-cmp lib-let-not)
         (import (scheme base))
         (begin
           ;; not is the core's here: the let's FLO_TREE tests through it.
           (define (lib-let-not a b c)
             (let ((x (* a b)))
               (if (not (<= x (- c 0.5))) x (- b x))))
           (define (lib-mul-add a b c)
             (let ((c (if (eq? c 'never) 0.0 c))) (+ (* a b) c)))
           (define (lib-cmp a b c) (if (< (- a b) (* c 2.0)) 'lt 'ge))))
      (interaction-environment))
(define fixed-env (environment '(scheme base) '(test flo-trees fixed)))
(test-equal "a library's tree of flonums, exact integers and a rational"
            '(4.0 7 7/2 lt ge ge)
            (eval '(list (lib-mul-add 1.5 2.0 1.0) (lib-mul-add 2 3 1)
                         (lib-mul-add 1/2 3 2) (lib-cmp 1.0 2.0 0.0)
                         (lib-cmp 3 1 1/2) (lib-cmp +nan.0 1.0 5.0))
                  fixed-env))
;; What THUNK returns, or its error's message with no place.
(define (message-outcome thunk)
  (guard (e ((error-object? e) (list 'error (error-object-message e))))
    (thunk)))
(define lib-let-not-args
  '((1.0 2.0 0.0) (5.0 1.0 0.5) (+nan.0 1.0 0.0) (-0.0 0.0 0.0) (1 3 1)
    (1/2 0.25 0) (4.0 "x" 1.0)))
(test-equal "a library's let tested through not"
            (map (lambda (args)
                   (message-outcome
                    (lambda ()
                      (apply (lambda (a b c)
                               (let ((x (g* a b)))
                                 (if (not (apply <= (list x (g- c 0.5))))
                                     x
                                     (g- b x))))
                             args))))
                 lib-let-not-args)
            (map (lambda (args)
                   (message-outcome (lambda () (apply (eval 'lib-let-not fixed-env)
                                              args))))
                 lib-let-not-args))
(test-assert "... one FLO_TREE for the let and its test"
             (let ((d (disassembly (eval 'lib-let-not fixed-env))))
               (and (stores-a-binding? (eval 'lib-let-not fixed-env))
                    ;; the let's FLO_TREE only: none for the test
                    (not (string-contains
                          d "FLO_TREE" (+ 1 (string-contains d "FLO_TREE")))))))
(test-assert "... compiled with no guard in its program"
             (string-contains (disassembly (eval 'lib-cmp fixed-env))
                        "FLO_TREE        #u8(0 "))

(test-end "flo-trees")
