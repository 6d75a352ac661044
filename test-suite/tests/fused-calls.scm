;;; fused-calls.scm -- non-tail calls whose instruction pushes an argument
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Two non-tail calls that push an argument themselves (issue 39):
;;; a self call of two arguments, a plain local and a computed value
;;; (GSELFCALL_LA: ack's (ack m (- n 1))), and the call of a procedure
;;; held in a local whose last argument is a plain local (LCALL_L:
;;; quicksort's (less? (vector-ref v i) mid)), and the call of a
;;; procedure held in a free value (FCALL, FTAILCALL: lattice's (base
;;; (car lhs) (car rhs))).  Each keeps the order of
;;; the arguments, the error of a wrong count, what a continuation
;;; captured in an argument resumes, and calls whatever the variable or
;;; the local holds: a closure of another arity, a primitive, a
;;; continuation, no procedure.
;;; Then a call's first argument the core's car or cdr of a local
;;; (FRAME_CAR_L_PUSH_U: lattice's and the boyers' (f (car l))): the
;;; values, the error of a non-pair and its position.  Last, a return
;;; into the test of its value (CONST_RETURN and LT_LL_RETURN into a
;;; JUMPF): the branch each value takes.

;;; Code:

(test-begin "fused-calls")

(define (fc-has? proc name)
  ;; Whether PROC's listing shows instruction NAME (then its operands).
  (let ((out (open-output-string)))
    (parameterize ((current-output-port out))
      ((eval 'disassemble (environment '(libscm disassemble))) proc))
    (and (string-contains (get-output-string out) (string-append name " "))
         #t)))

(define (fc-in-module name . forms)
  ;; FORMS evaluated in turn in a fresh module (test fused-calls NAME),
  ;; where a program may redefine the primitives; the last one's value.
  (let ((m (resolve-module (list 'test 'fused-calls name))))
    (let loop ((forms forms) (last #f))
      (if (null? forms) last (loop (cdr forms) (eval (car forms) m))))))

;; ------------------------------------------------------------------
;; GSELFCALL_LA: (f local computed).
(define (fc-ack m n)
  (cond ((= m 0) (+ n 1))
        ((= n 0) (fc-ack (- m 1) 1))
        (else (fc-ack (- m 1) (fc-ack m (- n 1))))))
(define (fc-order a n)
  (if (= n 0) (list a) (cons n (fc-order a (- n 1)))))
(define (fc-deep a n) (if (= n 0) a (car (list (fc-deep a (- n 1))))))
(define (fc-nested a n)
  (if (<= n 0) (list n a) (cons n (fc-nested a (car (fc-nested a (- n 2)))))))
(define fc-saved #f)
(define (fc-cc a n)
  (if (= n 0)
      (list a)
      (cons n (fc-cc a (call/cc (lambda (k)
                                  (if (= n 2) (set! fc-saved k))
                                  (- n 1)))))))
(define (fc-rerun thunk vals)
  ;; THUNK's value, then fc-saved re-entered with each of VALS.
  (let* ((out '()) (r (thunk)))
    (set! out (cons r out))
    (cond ((null? vals) (reverse out))
          (else (let ((v (car vals)))
                  (set! vals (cdr vals))
                  (fc-saved v))))))
(define (fc-arity a n)
  (if (= n 1) (set! fc-arity (lambda (a) 'one)))
  (if (= n 0) 'zero (list n (fc-arity a (- n 1)))))
(define (fc-subr a n)
  (if (= n 1) (set! fc-subr list))
  (if (= n 0) 'zero (list n (fc-subr a (- n 1)))))
(define (fc-redefined a n)
  (if (= n 0) 'old (list (fc-redefined a (- n 1)))))
(define fc-old fc-redefined)
(set! fc-redefined (lambda (a n) (list 'new a n)))
(define (fc-endless a n) (+ 1 (fc-endless a (+ n 1))))

(test-group "self calls of a local and a computed value"
  (lambda ()
    (test-equal "ack" '(61 125 4093)
                (list (fc-ack 3 3) (fc-ack 2 61) (fc-ack 3 9)))
    (test-equal "the arguments in order" '(3 2 1 x) (fc-order 'x 3))
    (test-equal "non-tail, 100000 deep" 'a (fc-deep 'a 100000))
    (test-equal "the computed argument itself such a call"
                '(4 2 0 x) (fc-nested 'x 4))
    (test-equal "the old procedure calls what the name holds now, with
the arguments in order" '((new x 2))
                (fc-old 'x 3))
    (test-equal "a primitive in the variable, the arguments in order"
                '(2 (1 (x 0))) (fc-subr 'x 2))
    (test-eq "a procedure of one: the error of the call"
             'wrong-number-of-args
             (condition-kind (raised-object (lambda () (fc-arity 'x 2)))))
    (test-equal "a continuation of the computed argument re-entered twice"
                '((3 2 1 x) (3 2 1 x) (3 2 x))
                (fc-rerun (lambda () (fc-cc 'x 3)) (list 1 0)))
    (test-eq "an endless recursion: the stack overflow, caught"
             'stack-overflow
             (condition-kind (raised-object (lambda () (fc-endless 'a 0)))))
    (test-equal "... after which calls work" 'a (fc-deep 'a 100000))
    (test-assert "compiled as one instruction"
                 (and (fc-has? fc-ack "GSELFCALL_LA_U")
                      (fc-has? fc-order "GSELFCALL_LA_U")
                      (fc-has? fc-cc "GSELFCALL_LA_U")))))

;; ------------------------------------------------------------------
;; LCALL_L: (p computed local) of a procedure p in a local.
(define (fc-test p v x) (if (p (vector-ref v 0) x) 'yes 'no))
(define (fc-pair p a b) (cons 'got (p (car a) b)))
(define (fc-three p a b) (list (p a (+ a 1) b)))
(define (fc-count p x n)
  (if (= n 0) '() (cons (p (- n 1) x) (fc-count p x (- n 1)))))
(define fc-lsaved #f)
(define (fc-lcc p x)
  (list (p (call/cc (lambda (k) (set! fc-lsaved k) 1)) x)))

(test-group "calls of a local procedure whose last argument is a local"
  (lambda ()
    (test-equal "a closure of two parameters" '(yes no)
                (list (fc-test < (vector 1) 2) (fc-test < (vector 3) 2)))
    (test-equal "the arguments in order" '(got a b)
                (fc-pair list '(a) 'b))
    (test-equal "three arguments in order" '((1 2 x))
                (fc-three list 1 'x))
    (test-equal "a closure that reads its free values" '(got . 42)
                (let ((k 40)) (fc-pair (lambda (a b) (+ a b k)) '(1) 1)))
    (test-equal "a rest parameter" '(got 1 z)
                (fc-pair (lambda args args) '(1) 'z))
    (test-equal "a required and a rest parameter" '(got 1 (z))
                (fc-pair (lambda (a . r) (list a r)) '(1) 'z))
    (test-equal "an optional parameter's case-lambda" '(got two 1 z)
                (fc-pair (case-lambda ((a) 'one) ((a b) (list 'two a b)))
                         '(1) 'z))
    (test-eq "a closure of one parameter: the error of the call"
             'wrong-number-of-args
             (condition-kind
              (raised-object (lambda () (fc-pair (lambda (a) a) '(1) 2)))))
    (test-equal "a primitive" '(got . 3) (fc-pair + '(1) 2))
    (test-equal "a continuation" 'out
                (call-with-current-continuation
                 (lambda (k) (fc-pair (lambda (a b) (k b)) '(1) 'out))))
    (test-equal "a continuation as the procedure" '(1 out)
                (call-with-current-continuation
                 (lambda (k)
                   (fc-pair (lambda (a b) (k (list a b))) '(1) 'out))))
    (test-error "a number" #t (fc-pair 5 '(1) 2))
    (test-equal "recursive, in order" '((3 . x) (2 . x) (1 . x) (0 . x))
                (fc-count cons 'x 4))
    (test-equal "a continuation of the first argument re-entered"
                '(((2 y)) ((1 y)))
                (let ((runs '()))
                  (let ((r (fc-lcc list 'y)))
                    (set! runs (cons r runs))
                    (if (= (length runs) 1)
                        (fc-lsaved 2)
                        runs))))
    (test-assert "the calls are LCALL_L"
                 (and (fc-has? fc-test "LCALL_L")
                      (fc-has? fc-pair "LCALL_L")
                      (fc-has? fc-three "LCALL_L")
                      (fc-has? fc-count "LCALL_L")))))

;; ------------------------------------------------------------------
;; FCALL, FTAILCALL: (p ...) of a procedure p in a free value.
(define (fc-over p) (lambda (a b) (list 'got (p a b))))
(define (fc-tail p) (lambda (a b) (p b a)))
(define (fc-loop p)
  ;; A loop whose body calls p, a free value, in and out of a tail.
  (define (walk l acc)
    (if (null? l) (p acc) (walk (cdr l) (cons (p (car l)) acc))))
  (lambda (l) (walk l '())))
(define (fc-among a p b)
  ;; p one of three free values, called in and out of a tail.
  (lambda (x) (if (eq? x 'tail) (p b a) (list a (p x b) b))))
(define (fc-counting p)
  ;; p called in a tail N times: the stack must not grow.
  (lambda (n) (if (= n 0) 'done (p (- n 1)))))

(test-group "calls of a procedure in a free value"
  (lambda ()
    (test-equal "a closure, the arguments in order" '(got (a b))
                ((fc-over list) 'a 'b))
    (test-equal "in a tail, the arguments in order" '(b a)
                ((fc-tail list) 'a 'b))
    (test-equal "a primitive" '(got 3) ((fc-over +) 1 2))
    (test-equal "the free value among others" '(1 (x 3) 3)
                ((fc-among 1 list 3) 'x))
    (test-equal "... in a tail" '(3 . 1) ((fc-among 1 cons 3) 'tail))
    (test-equal "a closure that reads its own free values" '(got 13)
                (let ((k 10)) ((fc-over (lambda (a b) (+ a b k))) 1 2)))
    (test-equal "a rest parameter" '(got (1 2)) ((fc-over (lambda r r)) 1 2))
    (test-equal "case-lambda, in a tail" '(two 2 1)
                ((fc-tail (case-lambda ((a) 'one) ((a b) (list 'two a b))))
                 1 2))
    (test-eq "a procedure of one: the error of the call"
             'wrong-number-of-args
             (condition-kind
              (raised-object (lambda () ((fc-over (lambda (a) a)) 1 2)))))
    (test-eq "... in a tail" 'wrong-number-of-args
             (condition-kind
              (raised-object (lambda () ((fc-tail (lambda (a) a)) 1 2)))))
    (test-error "a number" #t ((fc-over 5) 1 2))
    (test-error "a number, in a tail" #t ((fc-tail 'x) 1 2))
    (test-equal "a continuation, given two values in order" '(out in)
                (call-with-values
                    (lambda ()
                      (call-with-current-continuation
                       (lambda (k) ((fc-tail k) 'in 'out))))
                  list))
    (test-equal "in a loop, in and out of a tail" '(3 2 1)
                ((fc-loop (lambda (x) (if (pair? x) (reverse x) (+ x 1))))
                 '(2 1 0)))
    (letrec ((f (fc-counting (lambda (n) (f n)))))
      (test-eq "a million calls in a tail, through two closures" 'done
               (f 1000000)))
    (test-assert "the calls are FCALL and FTAILCALL"
                 (and (fc-has? (fc-over list) "FCALL")
                      (fc-has? (fc-tail list) "FTAILCALL")))))

;; ------------------------------------------------------------------
;; FRAME_CAR_L_PUSH_U, FRAME_CDR_L_PUSH_U: a call's first argument the
;; core's car or cdr of a local, (f (car l)), one instruction with the
;; call's frame.  In a library, where car and cdr are the core's.
(eval '(define-library (test frame-field)
         (export ff-car ff-cdr ff-walk ff-k ff-apply)
         (import (scheme base))
         (begin
           ;; Recursive: called, not copied inline.
           (define (ff-g a) (if (pair? a) (ff-g (car a)) (list a)))
           (define (ff-car l) (list 'got (ff-g (car l))))
           (define (ff-cdr l) (list 'got (ff-g (cdr l))))
           (define (ff-walk l acc)
             (if (null? l) acc (ff-walk (cdr l) (cons (ff-g (car l)) acc))))
           (define (ff-k l) (list (call-with-current-continuation (car l))))
           (define (ff-apply p l) (list (p (cdr l) 'second)))))
      (interaction-environment))
(define ff-env (environment '(test frame-field)))
(define (ff name) (eval name ff-env))

(test-group "the car or cdr of a local as a call's first argument"
  (lambda ()
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "car" '(got (1)) ((ff 'ff-car) '(1 2)))
    (test-equal "cdr" '(got (2)) ((ff 'ff-cdr) '(1 2)))
    (test-equal "in a loop" '((c) (b) (a)) ((ff 'ff-walk) '(a b c) '()))
    (test-equal "a continuation captured by the call it pushes for"
                '(5) ((ff 'ff-k) (list (lambda (k) (k 5)))))
    (test-equal "the callee a local: any procedure" '(((2) second))
                ((ff 'ff-apply) list '(1 2)))
    (test-equal "no pair: car's error" "car: wrong type argument in position 1 (expected pair): 7"
                (message (lambda () ((ff 'ff-car) 7))))
    (test-equal "no pair: cdr's error" "cdr: wrong type argument in position 1 (expected pair): ()"
                (message (lambda () ((ff 'ff-cdr) '()))))
    (test-equal "after the error, the next call" '(got (3))
                (begin (guard (e (#t #f)) ((ff 'ff-car) 'x))
                       ((ff 'ff-car) '(3))))
    (test-assert "the frame and the argument are one instruction"
                 (and (fc-has? (ff 'ff-car) "FRAME_CAR_L_PUSH_U")
                      (fc-has? (ff 'ff-cdr) "FRAME_CDR_L_PUSH_U")
                      (fc-has? (ff 'ff-apply) "FRAME_CDR_L_PUSH_U")))
    (test-equal "the error's position is car's: line 4, column 33"
                '(4 33 #t)
                (let ((path (test-write-file
                             "frame-field.scm"
                             (string-append
                              "(define-library (test frame-field-pos)\n"
                              "  (export f) (import (scheme base))\n"
                              "  (begin (define (g a) (if (pair? a) (g (car a)) a))\n"
                              "         (define (f l) (list (g (car l))))))\n"))))
                  (load path)
                  (let ((f (eval 'f (environment '(test frame-field-pos)))))
                    (guard (e (#t (let ((fr (car (condition-backtrace e))))
                                    (list (vector-ref fr 2) (vector-ref fr 3)
                                          (fc-has? f "FRAME_CAR_L_PUSH_U")))))
                      (f 7)))))))

;; ------------------------------------------------------------------
;; A return into a JUMPF, the test of the value returned, takes the
;; test at once from CONST_RETURN and LT_LL_RETURN: each value the
;; callee may return, from a call the compiler cannot copy (the
;; procedure a parameter).
(define (rt-const x)
  (cond ((pair? x) #t) ((null? x) #f) ((number? x) 0) (else '())))
(define (rt-less a b) (< a b))
(define (rt-use p . args) (if (apply p args) 'yes 'no))
(define (rt-use1 p x) (if (p x) 'yes 'no))
(define (rt-use2 p a b) (if (p a b) (list 'yes a) (list 'no b)))

(test-group "a return into the test of its value"
  (lambda ()
    (test-equal "constants: #t, #f, 0 and '() (true)" '(yes no yes yes)
                (map (lambda (x) (rt-use1 rt-const x)) '((1) () 5 sym)))
    (test-equal "(< a b): true, false, mixed, bignums"
                '((yes 1) (no 1) (yes 1.5) (no 5))
                (list (rt-use2 rt-less 1 2) (rt-use2 rt-less 2 1)
                      (rt-use2 rt-less 1.5 2) (rt-use2 rt-less (expt 10 30) 5)))
    (test-equal "through apply" '(yes no) (list (rt-use rt-less 1 2)
                                                 (rt-use rt-const '())))
    (test-equal "the value itself, not tested" '(#t #f 0 ())
                (map rt-const '((1) () 5 sym)))))

;; EQ_LG_RETURN: a test (eq? n G) of a global returns in its own
;; instruction, into the caller's test too; conform's none-node? is
;; defined after its callers, which so call it.
(define (rt-fwd x) (if (rt-none? x) (list 'yes x) (list 'no x)))
(define rt-none (list 'none))
(define (rt-none? n) (eq? n rt-none))
(define (rt-unbound? n) (eq? n rt-later))

(test-group "a test of a global returned into the caller's test"
  (lambda ()
    (test-assert "one instruction" (fc-has? rt-none? "EQ_LG_RETURN"))
    (test-equal "through a caller compiled before it" '((yes (none)) (no 5))
                (list (rt-fwd rt-none) (rt-fwd 5)))
    (test-equal "through a parameter" '(yes no)
                (list (rt-use1 rt-none? rt-none) (rt-use1 rt-none? '(none))))
    (test-equal "as a value" '(#t #f) (map rt-none? (list rt-none 'none)))
    (test-error-contains "an unbound global: its error" '("rt-later")
                         (lambda () (rt-unbound? 1)))
    (test-equal "defined after" '(#t #f)
                (begin (eval '(define rt-later 7) (interaction-environment))
                       (list (rt-unbound? 7) (rt-unbound? 8))))
    (test-equal "a new eq? is called, and its value tested"
                '((yes 1) called)
                (fc-in-module 'eq-lg
                              '(define g 1)
                              '(define (t? n) (eq? n g))
                              '(define (use x) (if (t? x) (list 'yes x) 'no))
                              '(define before (use 1))
                              '(set! eq? (lambda (a b) 'called))
                              '(list before (t? 2))))))

;; ------------------------------------------------------------------
;; PUSH_SUBLK, PUSH_ADDLK: a call's value pushed as the first operand of
;; a primitive, then (- n K) or (+ n K) of a local as the second (fib's
;; (+ (fib (- n 1)) (fib (- n 2)))).  In a library their twins
;; (PUSH_SUBLK_U); at top level the guarded form, which calls a new -.
(eval '(define-library (test push-step)
         (export ps-fib ps-diff ps-sum ps-k ps-kdiff)
         (import (scheme base))
         (begin
           (define (ps-fib n)
             (if (< n 2) n (+ (ps-fib (- n 1)) (ps-fib (- n 2)))))
           (define (ps-id x) (if (pair? x) (car x) x))
           ;; The pushed value is the first operand: - is not symmetric.
           (define (ps-diff x n) (- (ps-id x) (- n 2)))
           (define (ps-sum x n) (+ (ps-id x) (+ n 3)))
           (define ps-k #f)
           (define (ps-kdiff n)
             (- (call-with-current-continuation
                 (lambda (k) (set! ps-k k) 100))
                (- n 1)))))
      (interaction-environment))
(define ps-env (environment '(test push-step)))
(define (ps name) (eval name ps-env))

(test-group "a call's value pushed, then a local's step"
  (lambda ()
    (test-assert "one instruction, unguarded in a library"
                 (and (fc-has? (ps 'ps-fib) "PUSH_SUBLK_U")
                      (fc-has? (ps 'ps-diff) "PUSH_SUBLK_U")
                      (fc-has? (ps 'ps-sum) "PUSH_ADDLK_U")))
    (test-equal "fib" 6765 ((ps 'ps-fib) 20))
    (test-equal "the call's value first" '(3 -3) (list ((ps 'ps-diff) 10 9)
                                                      ((ps 'ps-diff) '(4) 9)))
    (test-equal "a sum" 17 ((ps 'ps-sum) '(4) 10))
    (let ((big (- (expt 2 61) 1)) (least (- (expt 2 61))))
      (test-equal "past the fixnums: a bignum step"
                  (list (- 0 (- least 2)) (+ 1 (+ big 3)))
                  (list ((ps 'ps-diff) 0 least) ((ps 'ps-sum) 1 big)))
      (test-equal "a flonum step" '(-1.5 7.5) (list ((ps 'ps-diff) 0 3.5)
                                                    ((ps 'ps-sum) 0 4.5))))
    (test-equal "no number: -'s error"
                "-: wrong type argument in position 1 (expected number): \"x\""
                (condition-message (raised-object (lambda () ((ps 'ps-diff) 1 "x")))))
    (test-equal "after the error, the next call" 5 ((ps 'ps-diff) 2 -1))
    (test-equal "a continuation captured by the call, resumed"
                '(91 41)
                (let ((results '()))
                  (let ((v ((ps 'ps-kdiff) 10)))
                    (set! results (cons v results))
                    (if (null? (cdr results)) ((ps 'ps-k) 50))
                    (reverse results))))
    (let ((f (fc-in-module 'top
                           '(define (f n) (- (car (list (+ n 2))) (- n 2)))
                           'f)))
      (test-equal "at top level, guarded" '(#t 4)
                  (list (fc-has? f "PUSH_SUBLK") (f 5)))
      (test-equal "a new - is called with both operands"
                  '(minus 7 (minus 5 2))
                  (fc-in-module 'top
                                '(set! - (lambda (a b) (list 'minus a b)))
                                '(f 5))))))

;; ------------------------------------------------------------------
;; PUSH_LREF, PUSH_LREF_PUSH: a value pushed, then a local read into acc
;; or pushed too (deriv's and mbrotZ's operands and arguments).
(eval '(define-library (test push-local)
         (export pl-len-minus pl-use pl-args pl-k pl-kargs)
         (import (scheme base))
         (begin
           (define (pl-len-minus v x) (- (vector-length v) x))
           ;; Copies pl-len-minus inline, its PUSH_LREF with it.
           (define (pl-use v n) (list (pl-len-minus v n)))
           (define (pl-args v n) (list (vector-length v) n n))
           (define pl-k #f)
           (define (pl-kargs n)
             (list (call-with-current-continuation
                    (lambda (k) (set! pl-k k) 1))
                   n))))
      (interaction-environment))
(define (pl name) (eval name (environment '(test push-local))))
;; Two locals after a push stay a PUSH and an LREF_PUSH2, which the
;; self call takes back (GSELFCALL_L2), not a PUSH_LREF_PUSH.
(define (pl-f4 n m a b)
  (if (= n 0) (list m a b) (cons n (pl-f4 (- n 1) (car (list m)) a b))))

(test-group "a value pushed, then a local"
  (lambda ()
    (test-assert "one instruction each"
                 (and (fc-has? (pl 'pl-len-minus) "PUSH_LREF")
                      (fc-has? (pl 'pl-args) "PUSH_LREF_PUSH")))
    (test-assert "two locals after a push: the self call reads them"
                 (and (fc-has? pl-f4 "GSELFCALL_L2_U")
                      (not (fc-has? pl-f4 "PUSH_LREF_PUSH"))
                      (equal? (pl-f4 2 1 'x 'y) '(2 1 1 x y))))
    (test-equal "the pushed value first" '(-1 (1 5 5))
                (list ((pl 'pl-len-minus) (vector 1 2) 3)
                      ((pl 'pl-args) (vector 0) 5)))
    (test-assert "copied inline with the local's slot of the caller"
                 (and (fc-has? (pl 'pl-use) "INLINE_GUARD")
                      (fc-has? (pl 'pl-use) "PUSH_LREF")
                      (equal? ((pl 'pl-use) (vector 1 2 3 4) 1) '(3))))
    (test-equal "a continuation's return to it, twice" '((1 7) (50 7))
                (let ((results '()))
                  (let ((v ((pl 'pl-kargs) 7)))
                    (set! results (cons v results))
                    (if (null? (cdr results)) ((pl 'pl-k) 50))
                    (reverse results))))))

;; ------------------------------------------------------------------
;; CONS_RETURN: (cons x (f ...)) in a tail, the pair made and returned
;; in one instruction (divrec, primes, paraffins).
(define (cr-upto n) (if (= n 0) '() (cons n (cr-upto (- n 1)))))
(define (cr-kons a b) (cons a (car b)))
(define (cr-value a b) (list (cr-kons a b) 0))
(define (cr-tail a) (cr-kons a (list 9)))
(define cr-k #f)
(define (cr-catch n)
  (if (= n 0)
      (call-with-current-continuation (lambda (k) (set! cr-k k) '()))
      (cons n (cr-catch (- n 1)))))

(test-group "a pair made and returned"
  (lambda ()
    (test-assert "one instruction" (and (fc-has? cr-upto "CONS_RETURN")
                                        (fc-has? cr-kons "CONS_RETURN")))
    (test-equal "a list made by a recursion" '(3 2 1) (cr-upto 3))
    (test-equal "100,000 deep" 100000 (length (cr-upto 100000)))
    (test-assert "copied as CONS into a value"
                 (and (fc-has? cr-value "INLINE_GUARD")
                      (fc-has? cr-value "CONS")
                      (equal? (cr-value 1 '(2)) '((1 . 2) 0))))
    (test-equal "copied into a tail" '(3 . 9) (cr-tail 3))
    (test-equal "a continuation's return into it, twice"
                '((2 1) (2 1 x))
                (let ((results '()))
                  (let ((v (cr-catch 2)))
                    (set! results (cons v results))
                    (if (null? (cdr results)) (cr-k '(x)))
                    (reverse results))))
    (test-equal "a new cons, called by the recursion and by the copies"
                '((c 2 (c 1 ())) ((c 1 2) 0) (c 3 9))
                (fc-in-module 'cons-return
                              '(define (upto n)
                                 (if (= n 0) '() (cons n (upto (- n 1)))))
                              '(define (kons a b) (cons a (car b)))
                              '(define (value a b) (list (kons a b) 0))
                              '(define (tail a) (kons a (list 9)))
                              '(define before (list (upto 1) (value 1 '(2))))
                              '(set! cons (lambda (a b) (list 'c a b)))
                              '(list (upto 2) (value 1 '(2)) (tail 3))))))

;; ------------------------------------------------------------------
;; ADD_RETURN, ADDLK_RETURN: (+ a b) and (+ local K) in a tail, the sum
;; made and returned in one instruction (fib's last +, ack's (+ n 1)).
;; At top level here + is checked (ADD_RETURN); in a library it is the
;; core's (the twins, ADD_RETURN_U).
(define (ar-fib n) (if (< n 2) n (+ (ar-fib (- n 1)) (ar-fib (- n 2)))))
(define (ar-inc n) (+ n 1))
(define (ar-sum a b) (+ (car a) (car b)))
(define (ar-value x) (list (ar-inc x) 0))
(define ar-k #f)
(define (ar-catch n)
  (if (= n 0)
      (call-with-current-continuation (lambda (k) (set! ar-k k) 0))
      (+ (ar-catch (- n 1)) (* 10 n))))
(eval '(define-library (test fused-calls add-return)
         (export fib inc)
         (import (scheme base))
         (begin
           (define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))
           (define (inc n) (+ n 1))))
      (interaction-environment))
(define (ar-lib name) (eval name (environment '(test fused-calls add-return))))

(test-group "a sum made and returned"
  (lambda ()
    (let ((big (- (expt 2 61) 1)))   ; the greatest fixnum (62 bits)
      (test-assert "one instruction, checked at top level"
                   (and (fc-has? ar-fib "ADD_RETURN")
                        (fc-has? ar-inc "ADDLK_RETURN")))
      (test-assert "the twins in a library"
                   (and (fc-has? (ar-lib 'fib) "ADD_RETURN_U")
                        (fc-has? (ar-lib 'inc) "ADDLK_RETURN_U")))
      (test-equal "fib" '(6765 6765) (list (ar-fib 20) ((ar-lib 'fib) 20)))
      (test-equal "past the greatest fixnum"
                  (list (+ big 1) (+ big 1) (* 2 big))
                  (list (ar-inc big) ((ar-lib 'inc) big)
                        (ar-sum (list big) (list big))))
      (test-equal "below the least fixnum" (* -2 (+ big 1))
                  (ar-sum (list (- -1 big)) (list (- -1 big))))
      (test-equal "flonums and fractions" '(2.5 2.5 5/6 3.25)
                  (list (ar-inc 1.5) ((ar-lib 'inc) 1.5)
                        (ar-sum '(1/2) '(1/3)) (ar-sum '(1.25) '(2))))
      (test-equal "+'s error names the value"
                  "+: wrong type argument in position 1 (expected number): x"
                  (condition-message (raised-object (lambda () (ar-inc 'x)))))
      (test-equal "the twin's error"
                  "+: wrong type argument in position 2 (expected number): y"
                  (condition-message
                   (raised-object (lambda () (ar-sum '(1) '(y))))))
      (test-assert "copied as ADDLK into an argument"
                   (and (fc-has? ar-value "INLINE_ADDLK_PUSH")
                        (equal? (ar-value 4) '(5 0))))
      (test-equal "a continuation's return into it, twice"
                  '(30 130)
                  (let ((results '()))
                    (let ((v (ar-catch 2)))
                      (set! results (cons v results))
                      (if (null? (cdr results)) (ar-k 100))
                      (reverse results))))
      (test-equal "a new +, called by both"
                  '((p (p 1 0) 1) (p 4 1) (5 8))
                  (fc-in-module 'add-return-top
                                '(define (fib n)
                                   (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))
                                '(define (inc n) (+ n 1))
                                '(define before (list (inc 4) (fib 6)))
                                '(set! + (lambda (a b) (list 'p a b)))
                                '(list (fib 3) (inc 4) before))))))

;; ------------------------------------------------------------------
;; CAR_L_RETURN, CDR_L_RETURN, VREF_LK_RETURN: an accessor's (car p),
;; (cdr p), (vector-ref v K) of its parameter returned in one
;; instruction (mazefun, scheme, conform).
(define (fr-kar p) (car p))
(define (fr-kdr p) (cdr p))
(define (fr-third v) (vector-ref v 2))
(define (fr-args p v) (list (fr-kar p) (fr-kdr p) (fr-third v)))
(eval '(define-library (test fused-calls field-return)
         (export kar kdr third)
         (import (scheme base))
         (begin
           (define (kar p) (car p))
           (define (kdr p) (cdr p))
           (define (third v) (vector-ref v 2))))
      (interaction-environment))
(define (fr-lib name) (eval name (environment '(test fused-calls field-return))))

(test-group "a field read and returned"
  (lambda ()
    (test-assert "one instruction each, checked at top level"
                 (and (fc-has? fr-kar "CAR_L_RETURN")
                      (fc-has? fr-kdr "CDR_L_RETURN")
                      (fc-has? fr-third "VREF_LK_RETURN")))
    (test-assert "the twins in a library"
                 (and (fc-has? (fr-lib 'kar) "CAR_L_RETURN_U")
                      (fc-has? (fr-lib 'kdr) "CDR_L_RETURN_U")
                      (fc-has? (fr-lib 'third) "VREF_LK_RETURN_U")))
    (test-equal "the values" '(a (b) c a (b) c)
                (list (fr-kar '(a b)) (fr-kdr '(a b)) (fr-third #(x y c))
                      ((fr-lib 'kar) '(a b)) ((fr-lib 'kdr) '(a b))
                      ((fr-lib 'third) #(x y c))))
    (test-equal "returned into a test" '(no yes)
                (map (lambda (p) (if (fr-kar p) 'yes 'no)) '((#f) (0))))
    (test-assert "copied into the arguments of a call"
                 (and (fc-has? fr-args "CAR_L_PUSH")
                      (fc-has? fr-args "CDR_L_PUSH")
                      (fc-has? fr-args "INLINE_VREF_LK")
                      (equal? (fr-args '(1 . 2) #(3 4 5)) '(1 2 5))))
    (test-equal "car's error names the value"
                "car: wrong type argument in position 1 (expected pair): 5"
                (condition-message (raised-object (lambda () (fr-kar 5)))))
    (test-equal "the twin's cdr error"
                "cdr: wrong type argument in position 1 (expected pair): ()"
                (condition-message
                 (raised-object (lambda () ((fr-lib 'kdr) '())))))
    (test-error-contains "vector-ref's error past the end"
                         '("vector-ref" "2")
                         (lambda () ((fr-lib 'third) #(0 1))))
    (test-error-contains "vector-ref's error of no vector"
                         '("vector-ref" "(0 1 2)")
                         (lambda () (fr-third '(0 1 2))))
    (test-equal "a new car, cdr and vector-ref are called"
                '((a b) (d (a b)) (v #(1 2 3) 2) (a (b) 3))
                (fc-in-module 'field-return-top
                              '(define (kar p) (car p))
                              '(define (kdr p) (cdr p))
                              '(define (third v) (vector-ref v 2))
                              '(define before
                                 (list (kar '(a b)) (kdr '(a b))
                                       (third #(1 2 3))))
                              '(set! car (lambda (p) p))
                              '(set! cdr (lambda (p) (list 'd p)))
                              '(set! vector-ref (lambda (v k) (list 'v v k)))
                              '(list (kar '(a b)) (kdr '(a b)) (third #(1 2 3))
                                     before)))))

;; ------------------------------------------------------------------
;; DROP_PUSH: a let's slots given up and its value pushed as an
;; argument in one instruction (the boyers' copies of scons).
(define (dp-one x) (list (let ((y (car x))) (if (pair? y) (cdr y) y)) 1))
(define (dp-three a)
  (list 0 (let ((b (+ a 1)) (c (+ a 2)) (d (+ a 3))) (list a b c d)) 5))
(define dp-k #f)
(define (dp-cc a)
  (list (let ((b (call-with-current-continuation
                  (lambda (k) (set! dp-k k) a))))
          (+ b 1))
        'end))

(test-group "a let's slots dropped, its value pushed"
  (lambda ()
    (test-assert "one instruction" (and (fc-has? dp-one "DROP_PUSH")
                                        (fc-has? dp-three "DROP_PUSH")))
    (test-equal "both branches" '((2 1) (3 1)) (list (dp-one '((1 . 2)))
                                                      (dp-one '(3))))
    (test-equal "three slots, the arguments around it in place"
                '(0 (1 2 3 4) 5) (dp-three 1))
    (test-equal "a continuation captured in the let, resumed twice"
                '((2 end) (11 end))
                (let ((results '()))
                  (let ((v (dp-cc 1)))
                    (set! results (cons v results))
                    (if (null? (cdr results)) (dp-k 10))
                    (reverse results))))))

;; ------------------------------------------------------------------
;; LIST_RETURN: (list ...) in a tail, made and returned in one
;; instruction (deriv's and chudnovsky's lists).
(define (lr-two a b) (list a b))
(define (lr-four a) (list a (+ a 1) (car (list a)) 'd))
(define (lr-arg a) (cons 0 (lr-two a a)))
(define lr-k #f)
(define (lr-cc a)
  (list a (call-with-current-continuation (lambda (k) (set! lr-k k) 1))))

(test-group "a list made and returned"
  (lambda ()
    (test-assert "one instruction" (and (fc-has? lr-two "LIST_RETURN")
                                        (fc-has? lr-four "LIST_RETURN")))
    (test-equal "the values in order" '((1 2) (5 6 5 d)) (list (lr-two 1 2)
                                                              (lr-four 5)))
    (test-equal "copied into a value" '(0 7 7) (lr-arg 7))
    (test-equal "a continuation's return into it, twice: two lists"
                '((a 1) (a 2) #f)
                (let ((results '()))
                  (let ((v (lr-cc 'a)))
                    (set! results (cons v results))
                    (if (null? (cdr results)) (lr-k 2))
                    (let ((r (reverse results)))
                      (append r (list (eq? (car r) (cadr r))))))))
    (test-equal "a new list is called"
                '((l 1 2) 1 2)
                (fc-in-module 'list-return-top
                              '(define (two a b) (list a b))
                              '(define before (two 1 2))
                              '(set! list (lambda args (cons 'l args)))
                              '(cons (two 1 2) before)))))

(test-end "fused-calls")
