;;; contify.scm -- loops compiled into their enclosing frame (contify.c)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A named let, a do loop, a letrec or an internal definition whose
;;; procedure is only called -- once from outside, otherwise in tail
;;; position from its own body -- is compiled into the enclosing frame:
;;; no closure, its calls jumps.  These tests check that such loops
;;; mean what they meant as procedures, in every context a loop can
;;; be entered from, with continuations captured inside them and
;;; re-entered, and that the loops that must stay procedures (used as
;;; a value, assigned, called in a non-tail position, called with the
;;; wrong number of arguments) still behave as procedures.  Errors in a
;;; contified loop are placed at the failing call and name the
;;; procedure whose frame holds it.

;;; Code:

(test-begin "contify")

;; ------------------------------------------------------------------
(test-group "entered from every context"
  (lambda ()
    (define (sum-to n)                  ; tail position of the body
      (let loop ((i 0) (s 0))
        (if (> i n) s (loop (+ i 1) (+ s i)))))
    (test-equal "tail position" 5050 (sum-to 100))
    (test-equal "an argument of a call"
                '(15 45)
                (list (let loop ((i 0) (s 0)) (if (= i 5) s (loop (+ i 1) (+ s i 1))))
                      (do ((i 0 (+ i 1)) (s 0 (+ s i))) ((= i 10) s))))
    (test-equal "an operand of an inline primitive"
                101 (+ 1 (let loop ((i 100)) (if (= i 0) 100 (loop (- i 1))))))
    (test-equal "the test of an if"
                'yes (if (let loop ((l '(1 2 3))) (if (null? l) #t (loop (cdr l))))
                         'yes 'no))
    (let ((effects '()))
      (let loop ((i 0))                 ; for effect, then more code
        (when (< i 3)
          (set! effects (cons i effects))
          (loop (+ i 1))))
      (test-equal "for effect, in a sequence" '(2 1 0) effects))
    (define (build n)
      (define (lp i acc)
        (if (= i 0) acc (lp (- i 1) (cons i acc))))
      (lp n '()))
    (test-equal "an internal definition" '(1 2 3 4 5) (build 5))
    (test-equal "letrec"
                120 (letrec ((fact (lambda (n a) (if (= n 0) a (fact (- n 1) (* n a))))))
                      (fact 5 1)))
    (test-equal "a loop of no parameters"
                3 (let ((n 0))
                    (let loop () (if (< n 3) (begin (set! n (+ n 1)) (loop))))
                    n))
    (test-equal "several values from a loop"
                '(3 6)
                (call-with-values
                    (lambda () (let loop ((i 0) (j 0))
                                 (if (= i 3) (values i j) (loop (+ i 1) (+ j 2)))))
                  list))
    (test-equal "10^6 iterations in a loop entered from a non-tail position"
                1000001 (+ 1 (let loop ((i 0)) (if (= i 1000000) i (loop (+ i 1))))))))

;; ------------------------------------------------------------------
(test-group "nested loops"
  (lambda ()
    (define (pairs n)
      ;; The inner loop calls the outer one in tail position: both are
      ;; part of the frame of PAIRS.
      (let outer ((i 0) (acc '()))
        (if (= i n)
            (reverse acc)
            (let inner ((j 0) (acc acc))
              (if (= j i)
                  (outer (+ i 1) acc)
                  (inner (+ j 1) (cons (cons i j) acc)))))))
    (test-equal "the inner loop jumps back to the outer"
                '((1 . 0) (2 . 0) (2 . 1) (3 . 0) (3 . 1) (3 . 2))
                (pairs 4))
    (define (count-inner n)
      ;; The inner loop is entered from a non-tail position of the
      ;; outer one's body.
      (let outer ((i 0) (total 0))
        (if (= i n)
            total
            (outer (+ i 1)
                   (+ total (let inner ((j 0)) (if (= j i) j (inner (+ j 1)))))))))
    (test-equal "an inner loop as an argument of the outer's jump" 45 (count-inner 10))
    (define (matrix n)
      (do ((i 0 (+ i 1)) (rows '() (cons (do ((j 0 (+ j 1)) (row '() (cons (* i j) row)))
                                             ((= j n) (reverse row)))
                                         rows)))
          ((= i n) (reverse rows))))
    (test-equal "nested do loops" '((0 0 0) (0 1 2) (0 2 4)) (matrix 3))))

;; ------------------------------------------------------------------
(test-group "closures and assignments inside a loop"
  (lambda ()
    (test-equal "each iteration's closures see that iteration's variables"
                '(0 1 2 3)
                (map (lambda (t) (t))
                     (let loop ((i 0) (thunks '()))
                       (if (= i 4) (reverse thunks)
                           (loop (+ i 1) (cons (lambda () i) thunks))))))
    (test-equal "an assigned parameter gets a fresh location per iteration"
                '(10 11 12)
                (let loop ((i 0) (getters '()))
                  (if (= i 3)
                      (map (lambda (g) (g)) (reverse getters))
                      (let ((g (lambda () i)))
                        (set! i (+ i 10))
                        (loop (- i 9) (cons g getters))))))
    (test-equal "a variable of the enclosing procedure assigned in the loop"
                55 (let ((total 0))
                     (do ((i 1 (+ i 1))) ((> i 10)) (set! total (+ total i)))
                     total))
    (test-equal "dynamic-wind around each iteration"
                '(in out in out in out)
                (let ((log '()))
                  (let loop ((i 0))
                    (when (< i 3)
                      (dynamic-wind (lambda () (set! log (cons 'in log)))
                                    (lambda () i)
                                    (lambda () (set! log (cons 'out log))))
                      (loop (+ i 1))))
                  (reverse log)))))

;; ------------------------------------------------------------------
(test-group "continuations"
  (lambda ()
    (define (capture-and-reenter)
      ;; A continuation captured in the third iteration is re-entered
      ;; twice after the loop ended: the loop's variables are as they
      ;; were when it was captured, and the loop runs on from there.
      (let ((k #f) (runs 0) (results '()))
        (let ((r (let loop ((i 0) (acc '()))
                   (if (= i 5)
                       (reverse acc)
                       (begin
                         (when (= i 2) (call/cc (lambda (c) (set! k c))))
                         (loop (+ i 1) (cons i acc)))))))
          (set! results (cons r results))
          (set! runs (+ runs 1))
          (when (< runs 3) (k #f))
          results)))
    (test-equal "re-entered continuations"
                '((0 1 2 3 4) (0 1 2 3 4) (0 1 2 3 4))
                (capture-and-reenter))
    (define (reenter-with-assigned)
      ;; The same with an assigned variable of the enclosing frame: its
      ;; assignment is not undone by re-entering.  3 increments, then
      ;; each of the 3 re-entries runs the last iteration again.
      (let ((k #f) (count 0))
        (let loop ((i 0))
          (when (< i 3)
            (set! count (+ count 1))
            (when (= i 1) (call/cc (lambda (c) (set! k c))))
            (loop (+ i 1))))
        (if (< count 6) (k #f))
        count))
    (test-equal "an assigned variable keeps its value across re-entry"
                6 (reenter-with-assigned))
    (test-equal "an escape from inside a loop"
                '(found 7)
                (call/cc (lambda (return)
                           (let loop ((i 0))
                             (if (= (* i i) 49) (return (list 'found i)))
                             (loop (+ i 1))))))
    (test-equal "call/ec from a loop nested in a loop"
                '(2 . 3)
                (call-with-escape-continuation
                 (lambda (return)
                   (do ((i 0 (+ i 1))) ((= i 5) 'none)
                     (do ((j 0 (+ j 1))) ((= j 5))
                       (if (= (* i j) 6) (return (cons i j))))))))
    (define (generator lst)
      ;; A loop that leaves and is re-entered at every element.
      (define return #f)
      (define resume #f)
      (define (next)
        (call/cc
         (lambda (r)
           (set! return r)
           (if resume
               (resume #f)
               (let loop ((l lst))
                 (if (null? l)
                     (return 'done)
                     (begin
                       (call/cc (lambda (c) (set! resume c) (return (car l))))
                       (loop (cdr l)))))))))
      next)
    (let ((g (generator '(a b c))))
      (test-equal "a generator made of a loop" '(a b c done)
                  (let* ((x (g)) (y (g)) (z (g)) (w (g))) (list x y z w))))))

;; ------------------------------------------------------------------
(test-group "loops that stay procedures"
  (lambda ()
    (define (loop-value)
      (let loop ((i 0)) (if (< i 3) (loop (+ i 1)) loop)))
    (test-assert "the loop's name used as a value" (procedure? (loop-value)))
    (test-equal "and called afterwards" 'x
                (let ((p (let loop ((i 0)) (if (eq? i 'x) 'x (if (< i 3) (loop (+ i 1)) loop)))))
                  (p 'x)))
    (test-equal "the loop's name assigned"
                '(changed 3)
                (let loop ((i 0))
                  (cond ((= i 3) (set! loop (lambda (j) (list 'changed j)))
                                 (loop i))
                        (else (loop (+ i 1))))))
    (define (depth n)
      (let loop ((i n)) (if (= i 0) 0 (+ 1 (loop (- i 1))))))
    (test-equal "deep non-tail recursion through the loop" 1000000 (depth 1000000))
    (define (mixed n)
      ;; Tail calls and a non-tail call of the same loop.
      (let loop ((i n))
        (cond ((= i 0) '())
              ((even? i) (loop (- i 1)))
              (else (cons i (loop (- i 1)))))))
    (test-equal "tail and non-tail calls of one loop" '(9 7 5 3 1) (mixed 10))
    (define (two-entries x)
      (define (lp i acc) (if (= i 0) acc (lp (- i 1) (+ acc 1))))
      (if x (lp 3 0) (lp 5 100)))
    (test-equal "two calls from outside" '(3 105)
                (list (two-entries #t) (two-entries #f)))
    (define (from-closure)
      (define (lp i) (if (= i 0) 'end (lp (- i 1))))
      (map (lambda (n) (lp n)) '(1 2)))
    (test-equal "called from a closure" '(end end) (from-closure))
    (test-equal "applied" 6
                (let loop ((l '(1 2 3)) (s 0))
                  (if (null? l) s (apply loop (list (cdr l) (+ s (car l)))))))
    (test-error "called before its definition"
                (let ()
                  (define a (lp 1))
                  (define (lp i) i)
                  a))))

;; ------------------------------------------------------------------
(define (load-raising name text)
  (let ((path (test-write-file name text)))
    (cons (raised-object (lambda () (load path))) path)))

(define (at path line column)
  (string-append path ":" (number->string line) ":" (number->string column)))

(test-group "errors inside a contified loop"
  (lambda ()
    (let* ((r (load-raising "contify-error.scm"
                            "(define (walk l)
  (let loop ((l l) (n 0))
    (if (null? l)
        n
        (loop (cdr l) (+ n (car l))))))
(walk '(1 2 x))
"))
           (e (car r)) (path (cdr r)))
      (test-equal "the message names the primitive and the bad argument"
                  "+: wrong type argument in position 2 (expected number): x"
                  (condition-message e))
      (test-equal "the location is the failing call" (at path 5 23)
                  (condition-location e))
      (test-equal "the backtrace's innermost frame is the enclosing procedure"
                  (vector 'walk path 5 23 #f)
                  (car (condition-backtrace e))))
    (test-equal "a loop called with the wrong number of arguments"
                'wrong-number-of-args
                (condition-kind
                 (raised-object
                  (lambda ()
                    (let loop ((i 0)) (if (= i 2) (loop 1 2) (loop (+ i 1))))))))
    (test-equal "an error raised in a loop is caught by a guard in it"
                '(caught 0 1 2)
                (let loop ((i 0) (acc '(caught)))
                  (if (= i 3)
                      acc
                      (loop (+ i 1)
                            (guard (e (#t (append acc (list i))))
                              (vector-ref (vector) i))))))))

;; ------------------------------------------------------------------
;; ------------------------------------------------------------------
(test-group "the last argument of a jump in acc (SELF_TAILCALL_ACC, _1)"
  (lambda ()
    ;; The arguments but the last are pushed and moved down; the last
    ;; goes from acc to the last parameter.  Rotating the parameters
    ;; sees a value in the wrong one, and the body's own bindings after
    ;; the jump see a stack top left in the wrong place.
    (test-equal "three parameters rotated"
                '((3 1 2) (2 3 1) (1 2 3) (3 1 2))
                (map (lambda (k)
                       (let lp ((a 1) (b 2) (c 3) (n k))
                         (if (= n 0) (list a b c) (lp c a b (- n 1)))))
                     '(1 2 3 4)))
    (test-equal "one parameter, the body binding above it"
                '(1 2 3 4 5 6 7 8 9 10)
                (let lp ((i 10) (acc '()))
                  (let ((j (- 11 i)))
                    (if (= i 0) (reverse acc) (lp (- i 1) (cons j acc))))))
    (test-equal "a single parameter (SELF_TAILCALL1), a binding above it"
                '(3 2 1 0)
                (let ((acc '()))
                  (let lp ((i 3))
                    (let ((j (* i 1)))
                      (set! acc (cons (- 3 j) acc))
                      (if (> i 0) (lp (- i 1)))))
                  acc))
    (test-equal "a vector-ref as the last argument"
                '(0 2 4 6)
                (let ((v (vector 2 4 6 #f)))
                  (let lp ((x 0) (acc '()))
                    (if x (lp (vector-ref v (quotient x 2)) (cons x acc))
                        (reverse acc)))))
    (test-equal "an if, a let and a call as the last argument"
                '(6 12 24)
                (let lp ((n 3) (s 1) (acc '()))
                  (if (= n 0)
                      (reverse acc)
                      (lp (- n 1)
                          (* 2 s)
                          (let ((t (* 3 (if (odd? n) s (* 1 s)))))
                            (cons (* 2 t) (list-tail acc 0)))))))
    (define (count-down n acc)           ; a top-level style self call
      (if (= n 0) acc (count-down (- n 1) (cons n acc))))
    (test-equal "a procedure's own tail call" '(1 2 3) (count-down 3 '()))
    (test-equal "a do loop's steps" 45
                (do ((i 0 (+ i 1)) (s 0 (+ s i))) ((= i 10) s)))))

;; A jump's first arguments that are their own parameters' values are
;; neither pushed nor moved: the others go to their parameters' slots
;; from the first changed one (nqueens' (ok? row (+ dist 1) (cdr
;; placed))).  Each case below fails if a parameter that changes is
;; taken for one that does not, or if the stack top is left wrong.
(define (jump-listing proc)
  (with-output-to-string
    (lambda ()
      ((eval 'disassemble (environment '(libscm disassemble))) proc))))
(define (jump-listing-has? proc name)
  (let ((d (jump-listing proc)) (k (string-length name)))
    (let loop ((i 0))
      (and (<= (+ i k) (string-length d))
           (or (string=? (substring d i (+ i k)) name)
               (loop (+ i 1)))))))
;; ok? is a value, not contified: its jump is a procedure's own.
(define (jump-make-ok)
  (define (ok? row dist placed)
    (cond ((null? placed) #t)
          ((= (car placed) (+ row dist)) #f)
          (else (ok? row (+ dist 1) (cdr placed)))))
  ok?)
(define jump-ok? (jump-make-ok))
;; uploop's shape (quicksort): the one changed argument a local of the
;; body, read by the jump (SELF_TAILCALL1_L), from under more bindings.
(define (jump-up v i stop)
  (let lp ((i i))
    (let ((i (+ i 1)))
      (let ((x (vector-ref v i)))
        (if (and (< i stop) (< x 5)) (lp i) (list i x))))))
;; lattice's check: both changed arguments the cdrs of their own
;; parameters, made in place (SELF_TAILCALL_CDR2), after an unchanged
;; first one; only where cdr cannot change (a library).
(eval '(define-library (test contify cdr2)
         (export jump-same-length?)
         (import (scheme base))
         (begin
           (define (jump-same-length? tag l1 l2)
             (let check ((tag tag) (a l1) (b l2))
               (cond ((null? a) (list tag (null? b)))
                     ((null? b) (list tag #f))
                     (else (check tag (cdr a) (cdr b))))))))
      (interaction-environment))
(define jump-same-length?
  (eval 'jump-same-length? (environment '(test contify cdr2))))
(define (jump-collect k n)
  (let lp ((k k) (i 0) (acc '()))
    (if (= i n) (reverse acc) (lp k (+ i 1) (cons (* k i) acc)))))

(test-group "unchanged first arguments of a jump"
  (lambda ()
    (test-equal "a procedure's own tail call, its first argument unchanged"
                '(#t #f #t)
                (list (jump-ok? 1 1 '(5 7 9)) (jump-ok? 1 1 '(5 3 9))
                      (jump-ok? 4 2 '())))
    (test-assert "... moves only the two that change"
                 (and (jump-listing-has? jump-make-ok "SELF_TAILCALL2  2 fp[1]")
                      (not (jump-listing-has? jump-make-ok
                                              "SELF_TAILCALL_ACC"))))
    (test-equal "a named let, its first parameter unchanged"
                '(0 3 6 9) (jump-collect 3 4))
    (test-assert "... moves only the two that change"
                 (jump-listing-has? jump-collect "SELF_TAILCALL2  2 fp[3]"))
    (test-equal "one changed argument, a local of the body, from under a binding"
                '((3 7) (2 5) (4 4))
                (list (jump-up (vector 0 1 2 7 9) -1 4)
                      (jump-up (vector 0 1 5 7 9) 0 4)
                      (jump-up (vector 0 1 2 3 4 5) 0 4)))
    (test-assert "... read by the jump itself"
                 (jump-listing-has? jump-up "SELF_TAILCALL1_L"))
    (test-equal "... a boxed local passed (assigned, captured)"
                '(3 (0 1 2))
                (let ((seen '()))
                  (let lp ((i 0))
                    (let ((j i))
                      (set! seen (cons (lambda () j) seen))
                      (set! j (+ j 1))
                      (if (< j 3) (lp j) (list j (reverse (map (lambda (f) (- (f) 1)) seen))))))))
    (test-equal "two cdrs of their own parameters, made in place"
                '((t #t) (t #f) (t #f) (t #t))
                (list (jump-same-length? 't '(1 2 3) '(4 5 6))
                      (jump-same-length? 't '(1 2 3) '(4 5))
                      (jump-same-length? 't '(1) '(4 5))
                      (jump-same-length? 't '() '())))
    (test-assert "... by one instruction"
                 (jump-listing-has? jump-same-length? "SELF_TAILCALL_CDR2"))
    (test-equal "... cdr's error naming the first that is no pair"
                '("cdr:" "cdr:")
                (map (lambda (l1 l2)
                       (guard (e (#t (let ((m (condition-message e)))
                                       (and (string=? (substring m (- (string-length m) 1)
                                                                 (string-length m))
                                                      "7")
                                            (substring m 0 4)))))
                         (jump-same-length? 't l1 l2)))
                     '((1 2 . 7) (1 2 3)) '((1 2 3) (1 2 . 7))))
    (test-equal "... of the same list, each parameter its own cdr"
                '(t #t)
                (let ((l '(1 2 3 4))) (jump-same-length? 't l l)))
    (test-equal "parameters swapped are moved"
                '((1 2) (2 1) (1 2))
                (map (lambda (n)
                       (let lp ((a 1) (b 2) (n n))
                         (if (= n 0) (list a b) (lp b a (- n 1)))))
                     '(0 1 2)))
    (test-equal "the first takes the second's value"
                '(2 2 3)
                (let lp ((a 1) (b 2) (c 3) (n 1))
                  (if (= n 0) (list a b c) (lp b b c (- n 1)))))
    (test-equal "an unchanged parameter after a changed one"
                '(10 5 0)
                (let lp ((i 0) (k 5) (s 0))
                  (if (= i 2) (list s k (- i 2)) (lp (+ i 1) k (+ s k)))))
    (test-equal "an assigned (boxed) first parameter passed on"
                '(3 3)
                (let lp ((x 0) (i 0))
                  (set! x (+ x 1))
                  (if (= i 2) (list x (+ i 1)) (lp x (+ i 1)))))
    (test-equal "a first parameter captured by closures made each turn"
                '(7 7 7)
                (let lp ((x 7) (i 0) (fs '()))
                  (if (= i 3)
                      (map (lambda (f) (f)) fs)
                      (lp x (+ i 1) (cons (lambda () x) fs)))))
    (test-equal "a binding of the body above the parameters at the jump"
                '(4 6 8)
                (let lp ((a 4) (i 0) (acc '()))
                  (let ((j (* i 2)))
                    (if (= i 3) (reverse acc) (lp a (+ i 1) (cons (+ a j) acc))))))
    (test-equal "no argument changes: the stack top stays above a binding"
                '(1 2 3)
                (let ((count (vector 0)))
                  (let lp ((a 1) (b 2))
                    (let ((c (+ a b)))
                      (vector-set! count 0 (+ (vector-ref count 0) 1))
                      (if (< (vector-ref count 0) 1000)
                          (lp a b)
                          (list a b c))))))
    (test-equal "a continuation re-entered in a jump that keeps a parameter"
                '((21 3) (11 3))
                (let ((k #f) (results '()))
                  (let ((r (let lp ((a 1) (b 0))
                             (cond ((= b 0)
                                    (lp a (call/cc (lambda (c) (set! k c) 1))))
                                   ((< b 3) (lp (+ a 10) (+ b 1)))
                                   (else (list a b))))))
                    (set! results (cons r results))
                    (if (< (length results) 2) (k 2)))
                  (reverse results)))
    (test-equal "an error in a changed argument names its primitive"
                '(wrong-type-arg "car:")
                (guard (e (#t (list (condition-kind e)
                                    (substring (condition-message e) 0 4))))
                  (let lp ((a 'k) (l '(1 . 2)))
                    (if (null? l) a (lp a (car (cdr l)))))))))

(test-group "what contification saves"
  (lambda ()
    (define (inner n)
      (let loop ((i 0) (s 0)) (if (= i n) s (loop (+ i 1) (+ s i)))))
    (define (outer k)
      (do ((j 0 (+ j 1))) ((= j k)) (inner 3)))
    ;; bytes-allocated moves by whole blocks for what C code conses:
    ;; libgc's own thread-local lists take 4 KiB at a time and count it
    ;; all when they take it, so gc-stats' own result list can add one
    ;; block between two readings.  Hence "at most 4096", where what
    ;; these cases rule out is 10 to 80 times that.
    (define (allocated) (cdr (assq 'bytes-allocated (gc-stats))))
    (outer 10)                          ; compiled and run once
    (let* ((before (allocated))
           (_ (outer 10000))
           (after (allocated)))
      ;; A closure per entry of INNER's loop would be 10000 closures of
      ;; 32 bytes.
      (test-assert "entering a named let 10000 times allocates no closures"
                   (<= (- after before) 4096)))
    (define (nested-defs n)
      ;; INNER calls OUTER, so OUTER's variable is captured by another
      ;; lambda and would live in a box; both are contified, and the
      ;; variable, never read, gets no box.
      (define (outer i acc)
        (define (inner j acc)
          (if (= j 0) (outer (- i 1) acc) (inner (- j 1) (+ acc 1))))
        (if (= i 0) acc (inner 3 acc)))
      (outer n 0))
    (test-equal "internal definitions calling each other" 15 (nested-defs 5))
    (let* ((before (allocated))
           (_ (do ((k 0 (+ k 1))) ((= k 1000)) (nested-defs 5)))
           (after (allocated)))
      ;; A box per call would be 1000 boxes of 16 bytes, or more.
      (test-assert "calling them 1000 times allocates no boxes"
                   (<= (- after before) 4096)))))

;; ------------------------------------------------------------------
(test-group "several calls from outside with one continuation"
  (lambda ()
    ;; A failure thunk called wherever a test fails, each call in tail
    ;; position (what (ice-9 match) generates): its body is compiled at
    ;; the first call the compiler meets, the others jump to it.
    (define (classify x)
      (letrec ((fail (lambda () (list 'other x))))
        (if (pair? x)
            (let ((a (car x)))
              (if (pair? (cdr x))
                  (let ((b (cadr x)))
                    (if (null? (cddr x))
                        (if (number? a) (list 'two a b) (fail))
                        (fail)))
                  (fail)))
            (fail))))
    (test-equal "every failing test reaches the thunk"
                '((two 1 2) (other (a 2)) (other (1 2 3)) (other (1)) (other 5))
                (map classify '((1 2) (a 2) (1 2 3) (1) 5)))
    (test-equal "in an argument position: the value, then the rest"
                '(r (fell 1) (fell 2) ok)
                (let ((f (lambda (x)
                           (list 'r
                                 (letrec ((k (lambda () (list 'fell x))))
                                   (if (number? x) (if (= x 1) (k) (k)) 'ok))))))
                  (append (f 1) (cdr (f 2)) (cdr (f 'z)))))
    (test-equal "with parameters, from inside a let deeper than the first call"
                '(3 30 300)
                (map (lambda (n)
                       (letrec ((done (lambda (v) (* v 3))))
                         (if (< n 5)
                             (done n)
                             (let ((m (* n 2)))
                               (let ((m2 (/ m 2)))
                                 (done m2))))))
                     '(1 10 100)))
    (test-equal "from inside a contified loop"
                '(neg -2)
                (letrec ((found (lambda (x) (list 'neg x))))
                  (let loop ((l '(1 2 -2 3)))
                    (cond ((null? l) (found 'none))
                          ((negative? (car l)) (found (car l)))
                          (else (loop (cdr l)))))))
    (define (placed-in-a-loop l)
      ;; The first call compiled is inside the loop, where the body is
      ;; placed; the call in the other branch, at another stack depth,
      ;; jumps into the loop's code and must come out after the letrec.
      (list 'before
            (letrec ((k (lambda (x) (* x 10))))
              (if (pair? l)
                  (let loop ((l l) (n 0))
                    (cond ((null? l) (k n))
                          ((negative? (car l)) (k (car l)))
                          (else (loop (cdr l) (+ n 1)))))
                  (let ((a 1) (b 2))
                    (k (+ a b 96)))))
            'after))
    (test-equal "the body placed inside a loop, entered from outside it"
                '((before 30 after) (before -20 after) (before 990 after))
                (map placed-in-a-loop '((1 2 3) (1 -2 3) ())))
    (define (allocated) (cdr (assq 'bytes-allocated (gc-stats))))
    (classify '(a 2))
    (let* ((before (allocated))
           (_ (do ((i 0 (+ i 1))) ((= i 10000)) (classify 7)))
           (after (allocated)))
      ;; The result, (other 7), is two pairs (32 bytes); a closure for
      ;; the thunk would be 32 bytes more each time.
      (test-assert "10000 failures allocate their results and no closure"
                   (<= (- after before) (+ 320000 4096))))))

;; ------------------------------------------------------------------
;; letrec evaluates every init before it assigns any variable (R7RS
;; 4.2.2), which shows when an init's continuation is re-entered; a
;; letrec whose inits are lambdas, constants and references keeps the
;; letrec* code, and its loops stay contified.
(test-group "letrec: inits re-entered through continuations"
  (lambda ()
    ;; The body assigns both variables, then re-enters Y's init.
    (define-syntax re-entered-sum
      (syntax-rules ()
        ((_ binder)
         (let ((cont #f))
           (binder ((x (call/cc (lambda (c) (set! cont c) 0)))
                    (y (call/cc (lambda (c) (set! cont c) 0))))
             (if cont
                 (let ((c cont))
                   (set! cont #f)
                   (set! x 1)
                   (set! y 1)
                   (c 0))
                 (+ x y)))))))
    (test-eqv "a re-entered init sees no assignment of the first pass" 0
              (re-entered-sum letrec))
    (test-eq "each init's continuation gets the other's first value" #t
             (letrec ((x (call/cc list)) (y (call/cc list)))
               (cond ((procedure? x) (x (pair? y)))
                     ((procedure? y) (y (pair? x))))
               (let ((x (car x)) (y (car y)))
                 (and (call/cc x) (call/cc y) (call/cc x)))))
    (test-eqv "letrec* keeps its order: a re-entered init sees the body's set!" 1
              (re-entered-sum letrec*))
    (test-equal "inits still see the variables, undefined before assignment"
                '(2 "variable used before its definition: y")
                (list (letrec ((f (lambda () y)) (y (+ 1 1))) (f))
                      (guard (e (#t (condition-message e)))
                        (letrec ((x (+ y 1)) (y 2)) x))))
    (define (allocated) (cdr (assq 'bytes-allocated (gc-stats))))
    (define (parity n)
      (letrec ((ev? (lambda (i) (if (= i 0) 'even (od? (- i 1)))))
               (od? (lambda (i) (if (= i 0) 'odd (ev? (- i 1))))))
        (ev? n)))
    (test-equal "a letrec of lambdas" '(even odd) (list (parity 4) (parity 3)))
    (let* ((before (allocated))
           (_ (do ((k 0 (+ k 1))) ((= k 10000)) (parity 3)))
           (after (allocated)))
      (test-assert "a letrec of lambdas still allocates no closure"
                   (<= (- after before) 4096)))))

(test-end "contify")
