;;; control.scm -- continuations, dynamic-wind, exception handlers,
;;; guard, parameters, catch/throw and escape continuations
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; call/cc and call-with-current-continuation (escapes, re-entry,
;;; multiple values), generators, coroutines and backtracking built on
;;; them, re-entry into map and for-each, dynamic-wind (the order of the
;;; before and after thunks on escape, re-entry and errors),
;;; with-exception-handler, raise and raise-continuable, guard (R7RS
;;; semantics: a raise no clause matches is raised again, continuably,
;;; in the dynamic environment of the original raise), parameters, a
;;; memory check of a million continuations, deep nesting of guard,
;;; dynamic-wind, parameterize and with-exception-handler, Guile's
;;; catch, throw and with-throw-handler, and
;;; call-with-escape-continuation (call/ec).
;;;
;;; Every test that re-enters a continuation counts its passes in a
;;; vector or a variable a closure shares, and stops after a bound, so
;;; that an implementation that gets re-entry wrong fails the case
;;; instead of looping for ever.

;;; Code:

(test-begin "control")

;; A list of the integers from LO to HI.
(define (integers-from-to lo hi)
  (if (> lo hi) '() (cons lo (integers-from-to (+ lo 1) hi))))

;; A log: (make-log) gives a procedure that adds its argument to the
;; log when called with one argument, and returns the entries in order
;; when called with none.
(define (make-log)
  (let ((entries '()))
    (lambda args
      (if (null? args)
          (reverse entries)
          (set! entries (cons (car args) entries))))))

;; A counter in a vector: (bump! c) adds one and returns the new count.
(define (make-counter) (vector 0))
(define (bump! c) (vector-set! c 0 (+ 1 (vector-ref c 0))) (vector-ref c 0))
(define (count-of c) (vector-ref c 0))

;; ------------------------------------------------------------------
;; 1. call/cc and call-with-current-continuation.

;; Returns 1 + whatever its continuation receives; stores the
;; continuation of the call/cc in (car BOX).  Re-entering it after this
;; procedure has returned makes it return again.
(define (plus-one-with-saved-continuation box)
  (+ 1 (call/cc (lambda (k) (set-car! box k) 1))))

(test-group "call/cc: escaping"
  (lambda ()
    (test-equal "escape from for-each at the first negative number (R7RS)" -3
                (call-with-current-continuation
                 (lambda (exit)
                   (for-each (lambda (x) (if (negative? x) (exit x)))
                             '(54 0 37 -3 245 19))
                   #t)))
    (test-equal "for-each runs to the end when nothing escapes" #t
                (call/cc
                 (lambda (exit)
                   (for-each (lambda (x) (if (negative? x) (exit x)))
                             '(54 0 37 245 19))
                   #t)))
    (test-equal "the elements after the escape are not visited" '(1 2 3)
                (let ((seen (make-log)))
                  (call/cc
                   (lambda (exit)
                     (for-each (lambda (x)
                                 (seen x)
                                 (if (= x 3) (exit 'stop)))
                               '(1 2 3 4 5 6))))
                  (seen)))
    (test-equal "the rest of the receiver is skipped" '(escaped (before))
                (let* ((log (make-log))
                       (v (call/cc
                           (lambda (k)
                             (log 'before)
                             (k 'escaped)
                             (log 'after)
                             'fell-through))))
                  (list v (log))))
    (test-equal "the receiver's normal return is the value" 'normal
                (call/cc (lambda (k) 'normal)))
    (test-equal "escape from 1000 nested non-tail calls" 'bottom
                (call/cc
                 (lambda (k)
                   (let f ((n 1000))
                     (if (= n 0) (k 'bottom) (+ 1 (f (- n 1))))))))
    (test-equal "the continuation of an argument: the call goes on" 11
                (+ 1 (call/cc (lambda (k) (* 100 (k 10))))))
    (test-eq "call/cc nested in call-with-current-continuation: the outer escape" 'same
             (call-with-current-continuation
              (lambda (k1) (call/cc (lambda (k2) (k1 'same))))))))

(test-group "call/cc: continuations as procedures"
  (lambda ()
    (test-eq "procedure? of a continuation" #t
             (call-with-current-continuation procedure?))
    (test-eq "procedure? of a call/cc continuation" #t
             (call/cc (lambda (k) (procedure? k))))
    (test-equal "apply of a continuation" 'applied
                (call/cc (lambda (k) (apply k '(applied)) 'not-applied)))
    (test-equal "apply with leading arguments spreads them as values" '(1 2 3)
                (call-with-values
                    (lambda () (call/cc (lambda (k) (apply k 1 '(2 3)))))
                  list))
    (test-equal "a continuation passed to map as the procedure" 'only
                (call/cc (lambda (k) (map k '(only)))))
    (test-equal "a continuation stored in a data structure and called" 'stored
                (call/cc
                 (lambda (k)
                   (let ((v (vector 'x k)))
                     ((vector-ref v 1) 'stored)
                     'not-stored))))))

(test-group "call/cc: multiple values"
  (lambda ()
    (test-equal "two values through a continuation" '(1 2)
                (call-with-values (lambda () (call/cc (lambda (k) (k 1 2))))
                  list))
    (test-equal "zero values through a continuation" '()
                (call-with-values (lambda () (call/cc (lambda (k) (k))))
                  list))
    (test-equal "three values, one of them a list" '(a (b c) 3)
                (call-with-values
                    (lambda () (call/cc (lambda (k) (k 'a '(b c) 3))))
                  list))
    (test-equal "the receiver returning two values normally" '(1 2)
                (call-with-values
                    (lambda () (call/cc (lambda (k) (values 1 2))))
                  list))
    (test-equal "two values escaping from a nested call" '(x y)
                (call-with-values
                    (lambda ()
                      (call/cc
                       (lambda (k)
                         (+ 1 (let f ((n 10))
                                (if (= n 0) (k 'x 'y) (+ 1 (f (- n 1)))))))))
                  list))
    (test-equal "let-values receives the values of a continuation" 3
                (let-values (((a b) (call/cc (lambda (k) (k 1 2)))))
                  (+ a b)))
    (test-equal "one value through a continuation is the value itself" 5
                (call-with-values (lambda () (call/cc (lambda (k) (k 5))))
                  (lambda (x) x)))))

(test-group "call/cc: re-entry"
  (lambda ()
    (test-equal "re-entering after the capturing procedure returned"
                '(2 11 21 31)
                (let ((box (list #f))
                      (results (make-log))
                      (passes (make-counter)))
                  (let ((v (plus-one-with-saved-continuation box)))
                    (results v)
                    (let ((n (bump! passes)))
                      (if (< n 4) ((car box) (* n 10)))))
                  (results)))
    (test-equal "re-entry inside the same body: the values 0 to 3" '(0 1 2 3)
                (let ((k #f) (log (make-log)) (passes (make-counter)))
                  (let ((v (call/cc (lambda (c) (set! k c) 0))))
                    (log v)
                    (if (and (< v 3) (< (bump! passes) 100)) (k (+ v 1))))
                  (log)))
    (test-equal "a continuation that returns itself, re-entered with a number"
                5
                (let ((passes (make-counter)))
                  (let ((x (call/cc (lambda (k) k))))
                    (if (and (procedure? x) (< (bump! passes) 100))
                        (x 5)
                        x))))
    (test-eqv "re-entry 10000 times in a loop" 10000
              (let ((k #f) (passes (make-counter)))
                (call/cc (lambda (c) (set! k c)))
                (if (< (bump! passes) 10000) (k #f))
                (count-of passes)))
    (test-eqv "re-entry 10000 times, passing the state as the value" 10000
              (let* ((p (call/cc (lambda (k) (cons k 0))))
                     (k (car p))
                     (i (cdr p)))
                (if (< i 10000) (k (cons k (+ i 1))) i)))
    (test-equal "a set! local variable keeps its value across re-entry" 5
                (let ((k #f) (n 0) (passes (make-counter)))
                  (call/cc (lambda (c) (set! k c)))
                  (set! n (+ n 1))
                  (if (and (< n 5) (< (bump! passes) 100)) (k #f))
                  n))
    (test-equal "re-entry into 1000 nested calls, 100 times" '(1001 1100)
                (let* ((box (list #f))
                       (passes (make-counter))
                       (first #f)
                       (v (let f ((n 1000))
                            (if (= n 0)
                                (call/cc (lambda (k) (set-car! box k) 1))
                                (+ 1 (f (- n 1)))))))
                  (if (not first) (set! first v))
                  (if (< (bump! passes) 100)
                      ((car box) (+ 1 (count-of passes)))
                      (list first v))))))

(test-group "call/cc: one continuation inside another's extent"
  (lambda ()
    (test-equal "the outer continuation called inside the inner one's receiver"
                'from-inner
                (call/cc
                 (lambda (outer)
                   (+ 1 (call/cc (lambda (inner) (outer 'from-inner)))))))
    (test-equal "the inner continuation called: only the inner call returns" 101
                (call/cc
                 (lambda (outer)
                   (+ 1 (call/cc (lambda (inner) (+ 5 (inner 100))))))))
    (test-equal "an inner continuation re-entered, then the outer one called"
                300
                (let ((passes (make-counter)))
                  (call/cc
                   (lambda (outer)
                     (let* ((saved #f)
                            (x (call/cc (lambda (inner) (set! saved inner) 1))))
                       (if (and (< x 3) (< (bump! passes) 100))
                           (saved (+ x 1))
                           (outer (* x 100))))))))
    (test-equal "an outer continuation called from a procedure it returned"
                'late
                (let* ((passes (make-counter))
                       (r (call/cc
                           (lambda (outer)
                             (lambda () (outer 'late))))))
                  (if (and (procedure? r) (< (bump! passes) 100)) (r) r)))))

;; ------------------------------------------------------------------
;; 2. Generators and coroutines.

(define fringe-end (list 'fringe-end))

;; A generator of the leaves of TREE (the non-pair, non-null parts, left
;; to right): each call returns the next leaf, then fringe-end.
(define (make-leaf-generator tree)
  (define return #f)
  (define resume #f)
  (define (walk t)
    (cond ((null? t) 'empty)
          ((pair? t) (walk (car t)) (walk (cdr t)))
          (else (call/cc
                 (lambda (k)
                   (set! resume k)
                   (return t))))))
  (lambda ()
    (call/cc
     (lambda (r)
       (set! return r)
       (if resume
           (resume 'next)
           (begin
             (walk tree)
             (set! resume (lambda (ignored) (return fringe-end)))
             (return fringe-end)))))))

(define (same-fringe? a b)
  (let ((next-a (make-leaf-generator a))
        (next-b (make-leaf-generator b)))
    (let loop ()
      (let* ((x (next-a)) (y (next-b)))
        (cond ((and (eq? x fringe-end) (eq? y fringe-end)) #t)
              ((or (eq? x fringe-end) (eq? y fringe-end)) #f)
              ((equal? x y) (loop))
              (else #f))))))

(define (generator->list next)
  (let loop ((acc '()))
    (let ((x (next)))
      (if (eq? x fringe-end) (reverse acc) (loop (cons x acc))))))

;; A generator of the integers 1 to N, then the symbol done, written as
;; a plain loop that yields each integer through call/cc.
(define (make-count-generator n)
  (define return #f)
  (define resume #f)
  (lambda ()
    (call/cc
     (lambda (r)
       (set! return r)
       (if resume
           (resume 'next)
           (begin
             (let loop ((i 1))
               (if (<= i n)
                   (begin
                     (call/cc (lambda (k) (set! resume k) (return i)))
                     (loop (+ i 1)))))
             (set! resume (lambda (ignored) (return 'done)))
             (return 'done)))))))

(define (sum-generator next)
  (let loop ((sum 0))
    (let ((v (next)))
      (if (eq? v 'done) sum (loop (+ sum v))))))

;; Two coroutines, A counting to 3 and B without end, that pass control
;; to each other through call/cc; the log shows the interleaving.
(define (ping-pong)
  (let ((log (make-log)) (a-k #f) (b-k #f) (finish #f))
    (define (a)
      (let loop ((i 1))
        (if (<= i 3)
            (begin
              (log (list 'a i))
              (call/cc (lambda (k) (set! a-k k) (b-k 'go)))
              (loop (+ i 1)))
            (finish 'done))))
    (define (b)
      (let loop ((i 1))
        (log (list 'b i))
        (call/cc (lambda (k) (set! b-k k) (a-k 'go)))
        (loop (+ i 1))))
    (set! b-k (lambda (ignored) (b)))
    (let ((r (call/cc (lambda (f) (set! finish f) (a)))))
      (list r (log)))))

;; A producer that hands the values 1 to 5 to a consumer one at a time;
;; the consumer keeps the squares.
(define (producer-consumer)
  (let ((to-producer #f) (to-consumer #f) (squares '()))
    (define (producer)
      (for-each (lambda (x)
                  (call/cc (lambda (k) (set! to-producer k) (to-consumer x))))
                '(1 2 3 4 5))
      (to-consumer 'end))
    (let loop ()
      (let ((x (call/cc (lambda (k)
                          (set! to-consumer k)
                          (if to-producer (to-producer 'more) (producer))))))
        (if (eq? x 'end)
            (reverse squares)
            (begin
              (set! squares (cons (* x x) squares))
              (loop)))))))

(test-group "generators and coroutines"
  (lambda ()
    (test-equal "a tree walker yields the leaves in order" '(a b c d e)
                (generator->list (make-leaf-generator '((a b) (c (d)) e))))
    (test-equal "a tree walker keeps answering the end" (list fringe-end fringe-end)
                (let ((next (make-leaf-generator '(x))))
                  (next)
                  (let* ((e1 (next)) (e2 (next)))
                    (list e1 e2))))
    (test-eq "same-fringe?: the same leaves, different shapes" #t
             (same-fringe? '(1 (2 3) ((4) 5)) '((1 2) (3 (4 5)))))
    (test-eq "same-fringe?: deeply left- and right-nested" #t
             (same-fringe? '((((1) 2) 3) 4) '(1 (2 (3 (4))))))
    (test-eq "same-fringe?: a different leaf" #f
             (same-fringe? '(1 (2 3) 4) '(1 2 (3 5))))
    (test-eq "same-fringe?: one fringe a prefix of the other" #f
             (same-fringe? '(1 (2 3)) '((1 2) 3 4)))
    (test-eq "same-fringe?: the leaves in another order" #f
             (same-fringe? '(1 2 3) '(1 3 2)))
    (test-eq "same-fringe?: two empty trees" #t
             (same-fringe? '() '(() (()))))
    (test-eqv "a generator of 1000000 values: their exact sum" 500000500000
              (sum-generator (make-count-generator 1000000)))
    (test-equal "a finished generator keeps answering done" '(1 2 done done)
                (let ((next (make-count-generator 2)))
                  (let* ((a (next)) (b (next)) (c (next)) (d (next)))
                    (list a b c d))))
    (test-equal "two coroutines interleave"
                '(done ((a 1) (b 1) (a 2) (b 2) (a 3) (b 3)))
                (ping-pong))
    (test-equal "a producer and a consumer" '(1 4 9 16 25)
                (producer-consumer))))

;; ------------------------------------------------------------------
;; 3. amb: backtracking with call/cc.

;; Call (PROC choose fail) with its own stack of choice points.
;; (choose LIST) returns an element of LIST; (fail) resumes the most
;; recent choice that has elements left with the next of them.  The
;; value is PROC's, or no-solution when every choice has failed.
(define (amb-run proc)
  (let ((choice-points '()))
    (call/cc
     (lambda (leave)
       (define (fail)
         (if (null? choice-points)
             (leave 'no-solution)
             (let ((resume (car choice-points)))
               (set! choice-points (cdr choice-points))
               (resume 'retry))))
       (define (choose options)
         (call/cc
          (lambda (return)
            (let try ((rest options))
              (if (null? rest)
                  (fail)
                  (begin
                    (call/cc
                     (lambda (next)
                       (set! choice-points (cons next choice-points))
                       (return (car rest))))
                    (try (cdr rest))))))))
       (proc choose fail)))))

;; Every value PROC can give, in the order of the search.
(define (amb-all proc)
  (let ((found '()))
    (amb-run (lambda (choose fail)
               (set! found (cons (proc choose fail) found))
               (fail)))
    (reverse found)))

(define (pythagorean-triple choose fail)
  (let* ((a (choose (integers-from-to 1 20)))
         (b (choose (integers-from-to a 20)))
         (c (choose (integers-from-to b 20))))
    (if (= (+ (* a a) (* b b)) (* c c))
        (list a b c)
        (fail))))

(define (all-distinct? l)
  (cond ((null? l) #t)
        ((memv (car l) (cdr l)) #f)
        (else (all-distinct? (cdr l)))))

;; Baker, Cooper, Fletcher, Miller and Smith live on different floors
;; of a five-floor house: Baker not on the top floor, Cooper not on the
;; bottom one, Fletcher on neither, Miller above Cooper, Smith not next
;; to Fletcher, Fletcher not next to Cooper.
(define (multiple-dwelling choose fail)
  (define (require ok) (if (not ok) (fail)))
  (let* ((floors '(1 2 3 4 5))
         (baker (choose floors))
         (cooper (choose floors))
         (fletcher (choose floors))
         (miller (choose floors))
         (smith (choose floors)))
    (require (all-distinct? (list baker cooper fletcher miller smith)))
    (require (not (= baker 5)))
    (require (not (= cooper 1)))
    (require (not (= fletcher 5)))
    (require (not (= fletcher 1)))
    (require (> miller cooper))
    (require (not (= (abs (- smith fletcher)) 1)))
    (require (not (= (abs (- fletcher cooper)) 1)))
    (list (list 'baker baker) (list 'cooper cooper)
          (list 'fletcher fletcher) (list 'miller miller)
          (list 'smith smith))))

(test-group "amb backtracking"
  (lambda ()
    (test-equal "the first choice that passes" 3
                (amb-run (lambda (choose fail)
                           (let ((x (choose '(1 2 3 4 5))))
                             (if (> x 2) x (fail))))))
    (test-equal "backtracking into an earlier choice" '(2 3)
                (amb-run (lambda (choose fail)
                           (let* ((x (choose '(1 2 3)))
                                  (y (choose '(1 2 3))))
                             (if (= (* x y) 6) (list x y) (fail))))))
    (test-equal "no solution" 'no-solution
                (amb-run (lambda (choose fail)
                           (let ((x (choose '(1 2 3))))
                             (if (> x 5) x (fail))))))
    (test-equal "choosing from the empty list fails" 'no-solution
                (amb-run (lambda (choose fail) (choose '()))))
    (test-equal "every solution, in search order" '((1 3) (2 2) (3 1))
                (amb-all (lambda (choose fail)
                           (let* ((x (choose '(1 2 3)))
                                  (y (choose '(1 2 3))))
                             (if (= (+ x y) 4) (list x y) (fail))))))
    (test-equal "the first Pythagorean triple with sides up to 20" '(3 4 5)
                (amb-run pythagorean-triple))
    (test-equal "every Pythagorean triple with sides up to 20"
                '((3 4 5) (5 12 13) (6 8 10) (8 15 17) (9 12 15) (12 16 20))
                (amb-all pythagorean-triple))
    (test-equal "the Pythagorean triple with sides up to 20 and perimeter 40"
                '(8 15 17)
                (amb-run (lambda (choose fail)
                           (let ((t (pythagorean-triple choose fail)))
                             (if (= (apply + t) 40) t (fail))))))
    (test-equal "the multiple dwelling puzzle"
                '((baker 3) (cooper 2) (fletcher 4) (miller 5) (smith 1))
                (amb-run multiple-dwelling))
    (test-eqv "the multiple dwelling puzzle has one solution" 1
              (length (amb-all multiple-dwelling)))))

;; ------------------------------------------------------------------
;; 4. Re-entering map and for-each.

(test-group "re-entering map and for-each"
  (lambda ()
    (test-equal "map: a re-entry leaves the earlier result unchanged"
                '((1 2 3) (1 20 3))
                (let ((k #f) (first-result #f) (passes (make-counter)))
                  (let ((r (map (lambda (x)
                                  (call/cc (lambda (c)
                                             (if (= x 2) (set! k c))
                                             x)))
                                '(1 2 3))))
                    (if (= (bump! passes) 1)
                        (begin (set! first-result r) (k 20))
                        (list first-result r)))))
    (test-equal "map: three re-entries, every result kept"
                '((a b c d) (a x1 c d) (a x2 c d) (a x3 c d))
                (let ((k #f) (results (make-log)) (passes (make-counter)))
                  (let ((r (map (lambda (x)
                                  (call/cc (lambda (c)
                                             (if (eq? x 'b) (set! k c))
                                             x)))
                                '(a b c d))))
                    (results r)
                    (let ((n (bump! passes)))
                      (if (<= n 3)
                          (k (string->symbol
                              (string-append "x" (number->string n)))))))
                  (results)))
    (test-equal "map with two lists: a re-entry leaves the earlier result"
                '((11 22 33) (11 0 33))
                (let ((k #f) (first-result #f) (passes (make-counter)))
                  (let ((r (map (lambda (x y)
                                  (call/cc (lambda (c)
                                             (if (= x 2) (set! k c))
                                             (+ x y))))
                                '(1 2 3) '(10 20 30))))
                    (if (= (bump! passes) 1)
                        (begin (set! first-result r) (k 0))
                        (list first-result r)))))
    (test-equal "vector-map: a re-entry leaves the earlier result unchanged"
                '(#(1 2 3) #(1 20 3))
                (let ((k #f) (first-result #f) (passes (make-counter)))
                  (let ((r (vector-map (lambda (x)
                                         (call/cc (lambda (c)
                                                    (if (= x 2) (set! k c))
                                                    x)))
                                       '#(1 2 3))))
                    (if (= (bump! passes) 1)
                        (begin (set! first-result r) (k 20))
                        (list first-result r)))))
    (test-equal "string-map: a re-entry leaves the earlier result unchanged"
                '("abc" "aXc")
                (let ((k #f) (first-result #f) (passes (make-counter)))
                  (let ((r (string-map (lambda (ch)
                                         (call/cc (lambda (c)
                                                    (if (char=? ch #\b) (set! k c))
                                                    ch)))
                                       "abc")))
                    (if (= (bump! passes) 1)
                        (begin (set! first-result r) (k #\X))
                        (list first-result r)))))
    (test-equal "for-each: a re-entry goes on with the rest of the list"
                '(1 2 3 2 3)
                (let ((k #f) (log (make-log)) (passes (make-counter)))
                  (for-each (lambda (x)
                              (call/cc (lambda (c) (if (= x 2) (set! k c))))
                              (log x))
                            '(1 2 3))
                  (if (= (bump! passes) 1) (k 'again))
                  (log)))
    (test-equal "map's earlier result is a list of its own: not shared" '(1 2 3)
                (let ((k #f) (first-result #f) (passes (make-counter)))
                  (let ((r (map (lambda (x)
                                  (call/cc (lambda (c)
                                             (if (= x 3) (set! k c))
                                             x)))
                                '(1 2 3))))
                    (if (= (bump! passes) 1)
                        (begin (set! first-result r) (k 99))
                        (begin (set-car! r 'changed) first-result)))))))

;; ------------------------------------------------------------------
;; 5. dynamic-wind.

(test-group "dynamic-wind"
  (lambda ()
    (test-equal "R7RS: connect, talk, disconnect, re-entered once"
                '(connect talk1 disconnect connect talk2 disconnect)
                (let ((path '())
                      (c #f))
                  (let ((add (lambda (s) (set! path (cons s path)))))
                    (dynamic-wind
                      (lambda () (add 'connect))
                      (lambda ()
                        (add (call-with-current-continuation
                              (lambda (c0)
                                (set! c c0)
                                'talk1))))
                      (lambda () (add 'disconnect)))
                    (if (< (length path) 4)
                        (c 'talk2)
                        (reverse path)))))
    (test-equal "a normal return: before, thunk, after" '(before thunk after)
                (let ((log (make-log)))
                  (dynamic-wind (lambda () (log 'before))
                                (lambda () (log 'thunk))
                                (lambda () (log 'after)))
                  (log)))
    (test-equal "an escape runs the after thunks, inner first"
                '(outer-before inner-before inner-after outer-after)
                (let ((log (make-log)))
                  (call/cc
                   (lambda (k)
                     (dynamic-wind
                       (lambda () (log 'outer-before))
                       (lambda ()
                         (dynamic-wind
                           (lambda () (log 'inner-before))
                           (lambda () (k 'out))
                           (lambda () (log 'inner-after))))
                       (lambda () (log 'outer-after)))))
                  (log)))
    (test-equal "re-entry runs the before thunks, outer first"
                '(ob ib body ia oa ob ib body ia oa)
                (let ((log (make-log)) (k #f) (passes (make-counter)))
                  (dynamic-wind
                    (lambda () (log 'ob))
                    (lambda ()
                      (dynamic-wind
                        (lambda () (log 'ib))
                        (lambda ()
                          (call/cc (lambda (c) (set! k c)))
                          (log 'body))
                        (lambda () (log 'ia))))
                    (lambda () (log 'oa)))
                  (if (= (bump! passes) 1) (k 'again))
                  (log)))
    (test-equal "from one extent into a sibling: the common one is not left"
                '(o-in b-in b-body b-out a-in a-out b-in b-body b-out o-out)
                (let ((log (make-log)) (kb #f) (passes (make-counter)))
                  (dynamic-wind
                    (lambda () (log 'o-in))
                    (lambda ()
                      (dynamic-wind
                        (lambda () (log 'b-in))
                        (lambda ()
                          (call/cc (lambda (c) (set! kb c)))
                          (log 'b-body))
                        (lambda () (log 'b-out)))
                      (if (= (bump! passes) 1)
                          (dynamic-wind
                            (lambda () (log 'a-in))
                            (lambda () (kb 'jump))
                            (lambda () (log 'a-out)))))
                    (lambda () (log 'o-out)))
                  (log)))
    (test-equal "an escape from three levels, then a re-entry into them"
                '(l1-in l2-in l3-in l3-out l2-out l1-out
                  l1-in l2-in l3-in done l3-out l2-out l1-out)
                (let ((log (make-log)) (k #f) (passes (make-counter)))
                  (define (level name-in name-out thunk)
                    (dynamic-wind (lambda () (log name-in)) thunk
                                  (lambda () (log name-out))))
                  (call/cc
                   (lambda (escape)
                     (level 'l1-in 'l1-out
                            (lambda ()
                              (level 'l2-in 'l2-out
                                     (lambda ()
                                       (level 'l3-in 'l3-out
                                              (lambda ()
                                                (if (eq? (call/cc (lambda (c) (set! k c) 'first))
                                                         'first)
                                                    (escape 'out)
                                                    (log 'done))))))))))
                  (if (= (bump! passes) 1) (k 'second))
                  (log)))
    (test-equal "an error caught by a guard outside: after thunks, then the clause"
                '(in1 in2 out2 out1 (caught boom))
                (let ((log (make-log)))
                  (guard (e (#t (log (list 'caught e))))
                    (dynamic-wind
                      (lambda () (log 'in1))
                      (lambda ()
                        (dynamic-wind
                          (lambda () (log 'in2))
                          (lambda () (raise 'boom))
                          (lambda () (log 'out2))))
                      (lambda () (log 'out1))))
                  (log)))
    (test-equal "a primitive's error caught outside: the after thunk ran"
                '(in out wrong-type-arg)
                (let ((log (make-log)))
                  (guard (e ((error-object? e) (log (condition-kind e))))
                    (dynamic-wind
                      (lambda () (log 'in))
                      (lambda () (car 5))
                      (lambda () (log 'out))))
                  (log)))
    (test-eq "the value of the thunk" 'v
             (dynamic-wind (lambda () 'b) (lambda () 'v) (lambda () 'a)))
    (test-equal "the thunk's multiple values" '(1 2 3)
                (call-with-values
                    (lambda ()
                      (dynamic-wind (lambda () 'b)
                                    (lambda () (values 1 2 3))
                                    (lambda () 'a)))
                  list))
    (test-equal "the thunk's zero values" '()
                (call-with-values
                    (lambda ()
                      (dynamic-wind (lambda () 'b)
                                    (lambda () (values))
                                    (lambda () 'a)))
                  list))
    (test-equal "values passed through an escape from inside" '(x y)
                (call-with-values
                    (lambda ()
                      (call/cc
                       (lambda (k)
                         (dynamic-wind (lambda () #f)
                                       (lambda () (k 'x 'y))
                                       (lambda () #f)))))
                  list))
    (test-equal "before and after see the parameters of the dynamic-wind call"
                '((before dw) (thunk inner) (after dw) (before dw) (thunk inner) (after dw))
                (let ((p (make-parameter 'top))
                      (log (make-log))
                      (k #f)
                      (passes (make-counter)))
                  (call/cc
                   (lambda (escape)
                     (parameterize ((p 'dw))
                       (dynamic-wind
                         (lambda () (log (list 'before (p))))
                         (lambda ()
                           (parameterize ((p 'inner))
                             (call/cc (lambda (c) (set! k c)))
                             (log (list 'thunk (p)))
                             (if (= (count-of passes) 0) (escape 'out))))
                         (lambda () (log (list 'after (p))))))))
                  (if (= (bump! passes) 1) (k 'again))
                  (log)))
    (test-equal "before and after see the handler of the dynamic-wind call"
                '((outer before) (inner thunk) (outer after))
                (let ((log (make-log)))
                  (with-exception-handler
                    (lambda (e) (list 'outer e))
                    (lambda ()
                      (call/cc
                       (lambda (k)
                         (dynamic-wind
                           (lambda () (log (raise-continuable 'before)))
                           (lambda ()
                             (with-exception-handler
                               (lambda (e) (list 'inner e))
                               (lambda ()
                                 (log (raise-continuable 'thunk))
                                 (k 'escaped))))
                           (lambda () (log (raise-continuable 'after))))))))
                  (log)))
