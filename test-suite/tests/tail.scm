;;; tail.scm -- proper tail calls (R7RS 3.5), deep recursion, stack overflow
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Every tail position that R7RS lists gets a loop of 10^6 iterations
;;; through it.  A call there that is not a proper tail call would push
;;; a frame per iteration, so each case checks the result and that the
;;; VM stack did not grow during the loop (%vm-stack-size, in slots: a
;;; non-tail loop would need millions).  These run first, while the
;;; stack is small.  Then non-tail recursion: bounded by the VM stack
;;; limit, not by the C stack, depth 10^6 works, and past the limit
;;; comes a catchable "stack overflow" error.

;;; Code:

(test-begin "tail")

;; ------------------------------------------------------------------
;; One loop per tail position; each counts down from N to 0.

(define (loop-if n) (if (= n 0) 'done (loop-if (- n 1))))
(define (loop-if-then n) (if (> n 0) (loop-if-then (- n 1)) 'done))
(define (loop-if-one-armed n)
  (if (> n 0) (loop-if-one-armed (- n 1))))
(define (loop-cond n)
  (cond ((= n 0) 'done)
        ((> n 0) (loop-cond (- n 1)))
        (else 'negative)))
(define (loop-cond-else n)
  (cond ((= n 0) 'done)
        (else 'not-yet (loop-cond-else (- n 1)))))
(define (loop-cond-arrow n)
  (cond ((= n 0) 'done)
        ((- n 1) => loop-cond-arrow)))
(define (loop-case n)
  (case (if (= n 0) 'stop 'go)
    ((stop) 'done)
    ((go) (loop-case (- n 1)))))
(define (loop-case-else n)
  (case n
    ((0) 'done)
    (else (loop-case-else (- n 1)))))
(define (loop-case-arrow n)
  (case n
    ((0) 'done)
    (else => (lambda (m) (loop-case-arrow (- m 1))))))
(define (loop-and n) (if (= n 0) 'done (and #t (loop-and (- n 1)))))
(define (loop-or n) (if (= n 0) 'done (or #f (loop-or (- n 1)))))
(define (loop-when n) (if (= n 0) 'done (when #t 'x (loop-when (- n 1)))))
(define (loop-unless n)
  (if (= n 0) 'done (unless #f 'x (loop-unless (- n 1)))))
(define (loop-let n) (if (= n 0) 'done (let ((m (- n 1))) (loop-let m))))
(define (loop-let* n)
  (if (= n 0) 'done (let* ((m (- n 1)) (k m)) (loop-let* k))))
(define (loop-letrec n)
  (if (= n 0) 'done (letrec ((m (- n 1))) (loop-letrec m))))
(define (loop-letrec* n)
  (if (= n 0) 'done (letrec* ((m (- n 1)) (k m)) (loop-letrec* k))))
(define (loop-named-let n)
  (let lp ((i n)) (if (= i 0) 'done (lp (- i 1)))))
(define (loop-begin n) (if (= n 0) 'done (begin 'x (loop-begin (- n 1)))))
(define (loop-body n)
  'first
  (if (= n 0) 'done (loop-body (- n 1))))
(define (loop-internal-define n)
  (define m (- n 1))
  (if (< m 0) 'done (loop-internal-define m)))
(define (loop-do n)
  (if (= n 0)
      'done
      (do ((i 0 (+ i 1))) ((= i 1) (loop-do (- n 1))))))
(define (loop-apply n) (if (= n 0) 'done (apply loop-apply (list (- n 1)))))
(define (loop-apply-leading n)
  (if (= n 0) 'done (apply loop-apply-leading (- n 1) '())))
(define (loop-call-with-values n)
  (if (= n 0)
      'done
      (call-with-values (lambda () (- n 1)) loop-call-with-values)))
(define (loop-call/cc n)
  (if (= n 0)
      'done
      (call-with-current-continuation
       (lambda (k) (loop-call/cc (- n 1))))))
(define (loop-argument f n) (if (= n 0) 'done (f f (- n 1))))
(define (loop-grow n) (if (= n 0) 'done (loop-grow-4 n 'b 'c 'd)))
(define (loop-grow-4 n b c d) (loop-grow (- n 1)))
(define (loop-rest n . more)
  (if (= n 0) (length more) (loop-rest (- n 1) 'x 'y)))
(define (my-even? n) (if (= n 0) #t (my-odd? (- n 1))))
(define (my-odd? n) (if (= n 0) #f (my-even? (- n 1))))

(define iterations 1000000)

;; The growth of the VM stack, in slots, while THUNK runs, and its value.
(define (stack-growth thunk)
  (let* ((before (%vm-stack-size))
         (value (thunk)))
    (list value (- (%vm-stack-size) before))))

;; A loop is a proper tail loop if it gives DONE and the stack grew by
;; less than 10^5 slots (a non-tail loop: more than 3 * 10^6).
(define (test-tail name expected thunk)
  (let ((r (stack-growth thunk)))
    (test-equal name (list expected 'stack-did-not-grow)
                (list (car r)
                      (if (< (cadr r) 100000)
                          'stack-did-not-grow
                          (list 'stack-grew-by (cadr r) 'slots))))))

(define (test-loop name loop)
  (test-tail name 'done (lambda () (loop iterations))))

(test-group "tail positions"
  (lambda ()
    (test-loop "if alternative" loop-if)
    (test-loop "if consequent" loop-if-then)
    (test-tail "one-armed if" #t
               (lambda () (loop-if-one-armed iterations) #t))
    (test-loop "cond clause" loop-cond)
    (test-loop "cond else, last of several" loop-cond-else)
    (test-loop "cond =>" loop-cond-arrow)
    (test-loop "case clause" loop-case)
    (test-loop "case else" loop-case-else)
    (test-loop "case else =>" loop-case-arrow)
    (test-loop "and, last expression" loop-and)
    (test-loop "or, last expression" loop-or)
    (test-loop "when, last body expression" loop-when)
    (test-loop "unless, last body expression" loop-unless)
    (test-loop "let body" loop-let)
    (test-loop "let* body" loop-let*)
    (test-loop "letrec body" loop-letrec)
    (test-loop "letrec* body" loop-letrec*)
    (test-loop "named let" loop-named-let)
    (test-loop "begin, last expression" loop-begin)
    (test-loop "lambda body, last expression" loop-body)
    (test-loop "a body with an internal define" loop-internal-define)
    (test-loop "do result expression" loop-do)
    (test-loop "apply" loop-apply)
    (test-loop "apply with a leading argument" loop-apply-leading)
    (test-loop "call-with-values consumer" loop-call-with-values)
    (test-tail "a procedure passed as an argument" 'done
               (lambda () (loop-argument loop-argument iterations)))
    (test-loop "a tail call with more arguments than the caller's"
               loop-grow)
    (test-tail "a tail call to a procedure with a rest parameter" 2
               (lambda () (loop-rest iterations)))
    (test-tail "mutual recursion: even? of 10^6" #t
               (lambda () (my-even? 1000000)))
    (test-tail "mutual recursion: odd? of 10^6" #f
               (lambda () (my-odd? 1000000)))
    (test-tail "mutual recursion: odd? of 10^6 + 1" #t
               (lambda () (my-odd? 1000001)))
    (test-tail "a do loop of 10^6 iterations" 1000000
               (lambda () (do ((i 0 (+ i 1))) ((= i 1000000) i))))
    (test-tail "a named let accumulating 10^6 times" 500000500000
               (lambda ()
                 (let lp ((i 1) (acc 0))
                   (if (> i 1000000) acc (lp (+ i 1) (+ acc i))))))))

(test-group "tail positions: continuations"
  (lambda ()
    (test-loop "call-with-current-continuation receiver" loop-call/cc)))

;; ------------------------------------------------------------------
(define (deep n) (if (= n 0) 0 (+ 1 (deep (- n 1)))))
(define (build n) (if (= n 0) '() (cons n (build (- n 1)))))

(test-group "deep non-tail recursion"
  (lambda ()
    (test-assert "the stack-growth check sees non-tail recursion"
                 (> (cadr (stack-growth (lambda () (deep 100000)))) 100000))
    (test-equal "(deep 1000000)" 1000000 (deep 1000000))
    (test-equal "a list of 10^6 built by non-tail recursion" 1000000
                (length (build 1000000)))
    (test-equal "non-tail recursion through a lambda argument" 100000
                (let f ((n 100000))
                  (if (= n 0) 0 ((lambda (x) (+ x 1)) (f (- n 1))))))))

;; ------------------------------------------------------------------
;; A minimal non-tail call: the recursive call's value is dropped, so
;; the frame holds no pending operand.
(define overflow-depth 0)
(define (dive n)
  (set! overflow-depth n)
  (dive (+ n 1))
  n)
(define (endless n) (+ 1 (endless n)))

(test-group "stack overflow"
  (lambda ()
    (test-error-contains "infinite non-tail recursion: a catchable error"
                         '("stack overflow")
                         (lambda () (dive 0)))
    (test-assert "the overflow comes after more than 10^6 frames"
                 (> overflow-depth 1000000))
    (test-eq "its condition-kind is stack-overflow" 'stack-overflow
             (let ((e (raised-object (lambda () (endless 0)))))
               (and (error-object? e) (condition-kind e))))
    (test-equal "the evaluator works after an overflow" 1000000
                (deep 1000000))
    (test-equal "a second overflow is caught as well" #t
                (error-object? (raised-object (lambda () (endless 1)))))))

;; A loop or internal procedure that only its own body uses refers to
;; its running closure (SELF_REF), with no box: every way the name can
;; still be used must see the procedure.
(test-group "loops that refer to themselves"
  (lambda ()
    (test-equal "a named let called in a non-tail position" 10
                (let loop ((n 10)) (if (= n 0) 0 (+ 1 (loop (- n 1))))))
    (test-eq "the loop's name is the same procedure at every iteration" #t
             (let loop ((n 0) (prev #f))
               (if (= n 3) (eq? prev loop) (loop (+ n 1) loop))))
    (test-equal "a named let returned as a value, then called" 5
                ((let loop ((n 0)) (if (= n 0) loop n)) 5))
    (test-equal "an internal define used by a later one" 'done
                (let ()
                  (define (a n) (if (= n 0) 'done (a (- n 1))))
                  (define (b) (a 3))
                  (b)))
    (test-eq "an internal define returning itself" #t
             (let ()
               (define (h n) (if (< n 1) h (h (- n 1))))
               (eq? (h 3) h)))
    (test-equal "closures made in the loop capture its name" '(#t #t #t)
                (let loop ((n 3) (acc '()))
                  (if (= n 0)
                      (map (lambda (f) (f)) acc)
                      (loop (- n 1) (cons (lambda () (procedure? loop)) acc)))))
    (test-equal "set! of the loop's name is seen" 'replaced
                (let loop ((n 0))
                  (if (= n 0)
                      (begin (set! loop (lambda (m) 'replaced)) (loop 1))
                      n)))
    (test-equal "letrec: self and mutual recursion" '(#t #f 6)
                (letrec ((ev? (lambda (n) (if (= n 0) #t (od? (- n 1)))))
                         (od? (lambda (n) (if (= n 0) #f (ev? (- n 1)))))
                         (fact (lambda (n) (if (= n 0) 1 (* n (fact (- n 1)))))))
                  (list (ev? 10) (od? 10) (fact 3))))
    (test-equal "each entry of the enclosing procedure has its own loop" '(3 3)
                (let ()
                  (define (count-to k)
                    (let loop ((i 0)) (if (= i k) loop (loop (+ i 1)))))
                  (let ((a (count-to 1)) (b (count-to 2)))
                    (list (if (eq? a b) 'same 3) (if (procedure? a) 3 'no)))))
    (test-equal "a do loop" 45
                (do ((i 0 (+ i 1)) (s 0 (+ s i))) ((= i 10) s)))))

;; Such a procedure's non-tail call of its own name with its arity is
;; SELF_CALL: its code entered from the top with the same closure, no
;; check.  The arguments must arrive in order, the callee must see the
;; closure's free values, and the frame must return where it should.
(test-group "non-tail calls of the procedure's own name (SELF_CALL)"
  (lambda ()
    (test-equal "three arguments in order" '(1 2 3 1 2 3)
                (let walk ((a 1) (b 2) (c 3) (n 2))
                  (if (= n 0) '() (append (list a b c) (walk a b c (- n 1))))))
    (test-equal "no arguments" 3
                (let ((k 0))
                  (let f () (if (< k 3) (begin (set! k (+ k 1)) (+ 0 (f))) k))))
    (test-equal "free values seen by the callee" '(10 11 12)
                (let ((base 10))
                  (let count ((i 0))
                    (if (= i 3) '() (cons (+ base i) (count (+ i 1)))))))
    (test-equal "called from a loop inside it (saw's shape)" 7
                (let walk ((left 2))
                  (if (= left 0)
                      1
                      (let try ((ms '(a b c)) (total 0))
                        (if (null? ms)
                            total
                            (try (cdr ms)
                                 (+ total (if (eq? (car ms) 'c)
                                              (walk 0)
                                              (walk (- left 1))))))))))
    (test-equal "an internal define" 120
                (let ()
                  (define (fact n) (if (= n 0) 1 (* n (fact (- n 1)))))
                  (fact 5)))
    (test-equal "10^6 frames deep" 1000000
                (let deep ((n 1000000)) (if (= n 0) 0 (+ 1 (deep (- n 1))))))
    (test-eq "an endless one overflows the stack, catchably" 'stack-overflow
             (let ((e (raised-object
                       (lambda () (let f ((n 0)) (+ 1 (f (+ n 1))))))))
               (and (error-object? e) (condition-kind e))))
    (test-equal "the wrong argument count is an ordinary call" 'arity
                (guard (e (#t 'arity))
                  (let f ((n 1)) (if (= n 0) 0 (+ 1 (f n n))))))))

;; A top-level procedure's tail call of its own name with one to three
;; arguments keeps the last one in acc (GSELFTAILCALL1, 2 and 3): the
;; arguments must arrive in order and in constant space, and when the
;; global no longer holds the running procedure, whatever it holds gets
;; the call with all of them, or raises the error that call raises.
(define (gtail1 n) (if (= n 0) 'done (gtail1 (- n 1))))
(define (gtail2 n acc) (if (= n 0) acc (gtail2 (- n 1) (+ acc 2))))
(define (gtail3 n a b) (if (= n 0) (list a b) (gtail3 (- n 1) b (+ a 1))))
(define (gtail4 n a b c) (if (= n 0) (list a b c) (gtail4 (- n 1) b c a)))
(define (rotate3 n a b) (if (= n 0) (list a b) (rotate3 (- n 1) b a)))
(define (spin2 a b) (spin2 b a))

;; Each calls itself from N down; at 5 it sets its own global to the
;; value of REPLACEMENT, which gets the call of 4.
(define replacement #f)
(define (gself1 n)
  (if (= n 5) (set! gself1 replacement))
  (if (= n 0) 'done (gself1 (- n 1))))
(define (gself2 n acc)
  (if (= n 5) (set! gself2 replacement))
  (if (= n 0) acc (gself2 (- n 1) (cons n acc))))
(define (gself3 n a b)
  (if (= n 5) (set! gself3 replacement))
  (if (= n 0) 'done (gself3 (- n 1) a (+ b 1))))
(define (defined-as-self1 n)
  (if (= n 5) (set! defined-as-self1 list))
  (if (= n 0) 'done (defined-as-self1 (- n 1))))
(define (defined-as-self2 n acc)
  (if (= n 5) (set! defined-as-self2 list))
  (if (= n 0) acc (defined-as-self2 (- n 1) (cons n acc))))
(define (defined-as-self3 n a b)
  (if (= n 5) (set! defined-as-self3 (lambda (x) x)))
  (if (= n 0) 'done (defined-as-self3 (- n 1) a (+ b 1))))
(define (one-arg x) x)
(define (becomes-one-arg n a b)
  (if (= n 5) (set! becomes-one-arg one-arg))
  (if (= n 0) 'done (becomes-one-arg (- n 1) a b)))
(define (becomes-number n acc)
  (if (= n 5) (set! becomes-number 42))
  (becomes-number (- n 1) acc))
(define (wrong-count a b) (if a (wrong-count b) b))

(define cc-saved #f)
(define cc-count 0)
;; The last argument, in acc, is call/cc's value: re-entered, the loop
;; goes on from that iteration with the new value.
(define (cc-loop n acc)
  (if (= n 0)
      acc
      (cc-loop (- n 1)
               (call/cc (lambda (k) (if (= n 2) (set! cc-saved k)) (cons n acc))))))

(define (message-of thunk)
  (guard (e ((error-object? e) (condition-message e))) (thunk)))

(test-group "tail calls of a global's own name, the last argument in acc"
  (lambda ()
    (test-tail "one argument, 10^6 times" 'done (lambda () (gtail1 iterations)))
    (test-tail "two arguments, 10^6 times" (* 2 iterations)
               (lambda () (gtail2 iterations 0)))
    (test-tail "three arguments, 10^6 times" (list 500000 500000)
               (lambda () (gtail3 iterations 0 0)))
    (test-equal "three arguments in order" '((b a) (a b) (b a))
                (list (rotate3 1 'a 'b) (rotate3 2 'a 'b) (rotate3 3 'a 'b)))
    (test-equal "four arguments (GSELFTAILCALL) in order" '(b c a)
                (gtail4 4 'a 'b 'c))
    (test-equal "fixnums overflowing into bignums" (+ (* 2 iterations)
                                                      (expt 2 62))
                (gtail2 iterations (expt 2 62)))
    (test-equal "redefined while running, one argument" 4
                (begin (set! replacement (lambda (n) n)) (gself1 10)))
    (test-equal "redefined while running, two arguments" '(4 (5 6 7 8 9 10))
                (begin (set! replacement (lambda (n acc) (list n acc)))
                       (gself2 10 '())))
    (test-equal "redefined while running, three arguments" '(4 a 6)
                (begin (set! replacement (lambda (n a b) (list n a b)))
                       (gself3 10 'a 0)))
    (test-equal "its own global set to a primitive, one argument" '(4)
                (defined-as-self1 10))
    (test-equal "its own global set to a primitive, two arguments"
                '(4 (5 6 7 8 9 10)) (defined-as-self2 10 '()))
    (test-equal "the new procedure's arity error"
                "one-arg: wrong number of arguments (expected 1, given 3)"
                (message-of (lambda () (becomes-one-arg 10 'a 'b))))
    (test-equal "a lambda's arity error"
                "#<procedure>: wrong number of arguments (expected 1, given 3)"
                (message-of (lambda () (defined-as-self3 10 'a 0))))
    (test-equal "a global that holds no procedure"
                "wrong type to apply (not a procedure): 42"
                (message-of (lambda () (becomes-number 10 '()))))
    (test-equal "the wrong count is an ordinary call"
                "wrong-count: wrong number of arguments (expected 2, given 1)"
                (message-of (lambda () (wrong-count 1 2))))
    (test-equal "a continuation captured for the last argument, re-entered"
                '((1 2 3) (1 again 1) (1 again 2))
                (let ((results '()))
                  (let ((r (cc-loop 3 '())))
                    (set! cc-count (+ cc-count 1))
                    (set! results (cons r results))
                    (if (< cc-count 3)
                        (cc-saved (list 'again cc-count))
                        (reverse results)))))
    (test-eq "a time limit interrupts the loop" 'time
             (guard (e ((and (error-object? e)
                             (eq? (condition-kind e) 'limit-exceeded))
                        (car (error-object-irritants e))))
               (call-with-limits (lambda () (spin2 1 2)) 0.01 #f)))))

;; A procedure whose value is one of its locals returns it in one
;; instruction (LREF_RETURN): through deep recursion, and into frames
;; that a continuation captured and re-enters.
(define (count-up n z) (if (= n 0) z (+ 1 (count-up (- n 1) z))))
(define saved-k #f)
(define (capture-local x)
  (let ((y (call/cc (lambda (k) (set! saved-k k) x))))
    y))
(define (pick-local flag a b) (if flag a b))

(test-group "a local as the value (LREF_RETURN)"
  (lambda ()
    (test-equal "10^6 frames deep" 1000000 (count-up 1000000 0))
    (test-equal "each branch" '(1 2) (list (pick-local #t 1 2)
                                          (pick-local #f 1 2)))
    (test-equal "a continuation captured inside, re-entered" '(1 2 3)
                (let ((seen '()))
                  (let ((v (capture-local 1)))
                    (set! seen (cons v seen))
                    (if (< v 3) (saved-k (+ v 1)) (reverse seen)))))))

;; A guard's clauses for a stack overflow run once the stack is unwound
;; to the guard: they have the whole stack again, not what was left on
;; top of the frames that filled it.  (A recursion with a guard, a
;; parameterize and a handler at every level is in test-oom.c, with a
;; smaller stack limit: at 256 MiB it takes seconds.)
(define (build-list n) (if (= n 0) '() (cons n (build-list (- n 1)))))

(test-group "guard after a stack overflow"
  (lambda ()
    (test-eqv "a clause can recurse 10^5 deep after the overflow" 100000
              (guard (e ((eq? (condition-kind e) 'stack-overflow)
                         (length (build-list 100000))))
                (endless 0)))
    (test-eq "no clause applies: the next guard out gets the condition"
             'outer
             (guard (e ((eq? (condition-kind e) 'stack-overflow) 'outer))
               (guard (e ((string? e) 'inner))
                 (endless 0))))
    (test-equal "the dynamic state is the guard's in its clauses" '(1 #t)
                (let ((p (make-parameter 1)))
                  (guard (e (#t (list (p) (eq? (condition-kind e)
                                               'stack-overflow))))
                    (parameterize ((p 2)) (endless 0)))))
    (test-equal "dynamic-wind after thunks run once, innermost first"
                '(a b)
                (let ((log '()))
                  (guard (e (#t (reverse log)))
                    (dynamic-wind
                     (lambda () #f)
                     (lambda ()
                       (dynamic-wind
                        (lambda () #f)
                        (lambda () (endless 0))
                        (lambda () (set! log (cons 'a log)))))
                     (lambda () (set! log (cons 'b log)))))))
    (test-eqv "and the evaluator works afterwards" 100000
              (length (build-list 100000)))
    (test-eq "other conditions still see the raise's dynamic state"
             'inner-param
             (let ((p (make-parameter 'outer-param)))
               (with-exception-handler
                (lambda (e) (p))
                (lambda ()
                  (guard (e ((string? e) 'no))
                    (parameterize ((p 'inner-param))
                      (raise-continuable 'x)))))))))

(test-end "tail")
