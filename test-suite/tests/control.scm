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
    (test-equal "re-entering apply, call-with-values and values after they returned"
                '((apply 1 2) (apply 10 2) (cwv 1 2) (cwv 10 20) (values 1) (values 10))
                (let ((log (make-log)) (passes (make-counter)) (k #f))
                  (let ((r (apply (lambda (a b) (list 'apply a b))
                                  (list (call/cc (lambda (c) (set! k c) 1)) 2))))
                    (log r)
                    (if (< (bump! passes) 2) (k 10)))
                  (set! passes (make-counter))
                  (let ((r (call-with-values
                               (lambda () (call/cc (lambda (c) (set! k c) (values 1 2))))
                             (lambda (a b) (list 'cwv a b)))))
                    (log r)
                    (if (< (bump! passes) 2) (k 10 20)))
                  (set! passes (make-counter))
                  (let ((r (call-with-values
                               (lambda () (values (call/cc (lambda (c) (set! k c) 1))))
                             (lambda (a) (list 'values a)))))
                    (log r)
                    (if (< (bump! passes) 2) (k 10)))
                  (log)))
    (test-equal "a set! local variable keeps its value across re-entry" 5
                (let ((k #f) (n 0) (passes (make-counter)))
                  (call/cc (lambda (c) (set! k c)))
                  (set! n (+ n 1))
                  (if (and (< n 5) (< (bump! passes) 100)) (k #f))
                  n))
    (test-equal "re-entry into 1000 nested calls, 100 times" '(1001 1100)
                (let* ((box (list #f))
                       (passes (make-counter))
                       (first (vector #f))
                       (v (let f ((n 1000))
                            (if (= n 0)
                                (call/cc (lambda (k) (set-car! box k) 1))
                                (+ 1 (f (- n 1)))))))
                  (if (not (vector-ref first 0)) (vector-set! first 0 v))
                  (if (< (bump! passes) 100)
                      ((car box) (+ 1 (count-of passes)))
                      (list (vector-ref first 0) v))))))

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
                (let ((k #f) (results (make-log)) (passes (make-counter)))
                  (let ((r (map (lambda (x)
                                  (call/cc (lambda (c)
                                             (if (= x 2) (set! k c))
                                             x)))
                                '(1 2 3))))
                    (if (= (bump! passes) 1)
                        (begin (results r) (k 20))
                        (list (car (results)) r)))))
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
                (let ((k #f) (results (make-log)) (passes (make-counter)))
                  (let ((r (map (lambda (x y)
                                  (call/cc (lambda (c)
                                             (if (= x 2) (set! k c))
                                             (+ x y))))
                                '(1 2 3) '(10 20 30))))
                    (if (= (bump! passes) 1)
                        (begin (results r) (k 0))
                        (list (car (results)) r)))))
    (test-equal "vector-map: a re-entry leaves the earlier result unchanged"
                '(#(1 2 3) #(1 20 3))
                (let ((k #f) (results (make-log)) (passes (make-counter)))
                  (let ((r (vector-map (lambda (x)
                                         (call/cc (lambda (c)
                                                    (if (= x 2) (set! k c))
                                                    x)))
                                       '#(1 2 3))))
                    (if (= (bump! passes) 1)
                        (begin (results r) (k 20))
                        (list (car (results)) r)))))
    (test-equal "string-map: a re-entry leaves the earlier result unchanged"
                '("abc" "aXc")
                (let ((k #f) (results (make-log)) (passes (make-counter)))
                  (let ((r (string-map (lambda (ch)
                                         (call/cc (lambda (c)
                                                    (if (char=? ch #\b) (set! k c))
                                                    ch)))
                                       "abc")))
                    (if (= (bump! passes) 1)
                        (begin (results r) (k #\X))
                        (list (car (results)) r)))))
    (test-equal "for-each: a re-entry goes on with the rest of the list"
                '(1 2 3 2 3)
                (let ((k #f) (log (make-log)) (passes (make-counter)))
                  (for-each (lambda (x)
                              (call/cc (lambda (c) (if (= x 2) (set! k c))))
                              (log x))
                            '(1 2 3))
                  (if (= (bump! passes) 1) (k 'again))
                  (log)))
    ;; Past 10,000 elements map, and vector-map and string-map at any
    ;; length, build their result in reverse and reverse it afresh
    ;; (boot.scm): the same rule holds there.
    (let* ((n 30000)
           (long (let loop ((i (- n 1)) (l '()))
                   (if (< i 0) l (loop (- i 1) (cons i l)))))
           (mid 20000))
      (test-equal "map of a long list: a re-entry leaves the earlier result"
                  (list (list 0 mid (- n 1)) (list 0 -1 (- n 1)) n)
                  (let ((k #f) (results (make-log)) (passes (make-counter)))
                    (let ((r (map (lambda (x)
                                    (call/cc (lambda (c)
                                               (if (= x mid) (set! k c))
                                               x)))
                                  long)))
                      (if (= (bump! passes) 1)
                          (begin (results r) (k -1))
                          (let ((first (car (results))))
                            (list (list (car first) (list-ref first mid)
                                        (list-ref first (- n 1)))
                                  (list (car r) (list-ref r mid)
                                        (list-ref r (- n 1)))
                                  (length r)))))))
      (test-equal "vector-map of a long vector: a re-entry leaves the earlier result"
                  (list mid -1)
                  (let ((k #f) (results (make-log)) (passes (make-counter)))
                    (let ((r (vector-map (lambda (x)
                                           (call/cc (lambda (c)
                                                      (if (= x mid) (set! k c))
                                                      x)))
                                         (list->vector long))))
                      (if (= (bump! passes) 1)
                          (begin (results r) (k -1))
                          (list (vector-ref (car (results)) mid)
                                (vector-ref r mid)))))))
    (test-equal "map's earlier result is a list of its own: not shared" '(1 2 3)
                (let ((k #f) (results (make-log)) (passes (make-counter)))
                  (let ((r (map (lambda (x)
                                  (call/cc (lambda (c)
                                             (if (= x 3) (set! k c))
                                             x)))
                                '(1 2 3))))
                    (if (= (bump! passes) 1)
                        (begin (results r) (k 99))
                        (begin (set-car! r 'changed) (car (results)))))))))

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
                                                (let ((v (call/cc
                                                          (lambda (c)
                                                            (set! k c)
                                                            'first))))
                                                  (if (eq? v 'first)
                                                      (escape 'out)
                                                      (log 'done)))))))))))
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
                '((before dw) (thunk inner) (after dw)
                  (before dw) (thunk inner) (after dw))
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
                  (log)))))

;; ------------------------------------------------------------------
;; 6. with-exception-handler, raise and raise-continuable.

(test-group "with-exception-handler"
  (lambda ()
    (test-equal "raise-continuable: the handler's value returns (R7RS)" 65
                (with-exception-handler
                  (lambda (con) 42)
                  (lambda () (+ (raise-continuable 'oops) 23))))
    (test-equal "the thunk's value when nothing is raised" 'fine
                (with-exception-handler (lambda (e) 'handler)
                                        (lambda () 'fine)))
    (test-equal "the thunk's multiple values" '(1 2)
                (call-with-values
                    (lambda ()
                      (with-exception-handler (lambda (e) 0)
                                              (lambda () (values 1 2))))
                  list))
    (test-equal "raise-continuable twice: the handler answers both" '(1 . 2)
                (let ((n (make-counter)))
                  (with-exception-handler
                    (lambda (e) (bump! n))
                    (lambda ()
                      (let* ((a (raise-continuable 'x))
                             (b (raise-continuable 'y)))
                        (cons a b))))))
    (test-eq "the handler gets the very symbol" 'sym
             (with-exception-handler (lambda (e) e)
                                     (lambda () (raise-continuable 'sym))))
    (test-eqv "the handler gets the very number" 42
              (with-exception-handler (lambda (e) e)
                                      (lambda () (raise-continuable 42))))
    (test-eq "the handler gets the very list (eq?)" #t
             (let ((obj (list 1 2 3)))
               (eq? obj (with-exception-handler
                          (lambda (e) e)
                          (lambda () (raise-continuable obj))))))
    (test-eq "the handler gets the very object from raise (eq?)" #t
             (let ((obj (list 'payload)))
               (eq? obj (call/cc
                         (lambda (k)
                           (with-exception-handler
                             (lambda (e) (k e))
                             (lambda () (raise obj))))))))
    (test-eq "#f can be raised and handled" #f
             (with-exception-handler (lambda (e) e)
                                     (lambda () (raise-continuable #f))))
    (test-equal "nested handlers: the innermost is called" 'inner
                (with-exception-handler
                  (lambda (e) 'outer)
                  (lambda ()
                    (with-exception-handler
                      (lambda (e) 'inner)
                      (lambda () (raise-continuable 'x))))))
    (test-equal "a handler is uninstalled when its thunk returns" 'outer
                (with-exception-handler
                  (lambda (e) 'outer)
                  (lambda ()
                    (with-exception-handler (lambda (e) 'inner) (lambda () 1))
                    (raise-continuable 'x))))
    (test-equal "a raise inside a handler goes to the outer handler"
                '(outer (inner x))
                (with-exception-handler
                  (lambda (e) (list 'outer e))
                  (lambda ()
                    (with-exception-handler
                      (lambda (e) (raise-continuable (list 'inner e)))
                      (lambda () (raise-continuable 'x))))))
    (test-equal "three handlers: each passes on to the next outer one"
                '(h1 (h2 (h3 x)))
                (with-exception-handler
                  (lambda (e) (list 'h1 e))
                  (lambda ()
                    (with-exception-handler
                      (lambda (e) (raise-continuable (list 'h2 e)))
                      (lambda ()
                        (with-exception-handler
                          (lambda (e) (raise-continuable (list 'h3 e)))
                          (lambda () (raise-continuable 'x))))))))
    (test-equal "a non-continuable raise inside a handler goes outside" 'outer
                (guard (e (#t e))
                  (with-exception-handler
                    (lambda (c) (raise 'outer))
                    (lambda () (raise 'inner)))))
    (test-equal "the handler runs in the dynamic environment of the raise"
                'inner
                (let ((p (make-parameter 'outer)))
                  (with-exception-handler
                    (lambda (e) (p))
                    (lambda ()
                      (parameterize ((p 'inner))
                        (raise-continuable 'x))))))
    (test-equal "the handler runs before the after thunks (no unwinding)"
                '(before handler after)
                (let ((log (make-log)))
                  (call/cc
                   (lambda (k)
                     (with-exception-handler
                       (lambda (e) (log 'handler) (k e))
                       (lambda ()
                         (dynamic-wind
                           (lambda () (log 'before))
                           (lambda () (raise 'x))
                           (lambda () (log 'after)))))))
                  (log)))
    (test-equal "R7RS: an escape from the handler through call/cc"
                '(exception "condition: an-error\n")
                (let* ((out (open-output-string))
                       (v (call-with-current-continuation
                           (lambda (k)
                             (with-exception-handler
                               (lambda (e)
                                 (display "condition: " out)
                                 (write e out)
                                 (newline out)
                                 (k 'exception))
                               (lambda ()
                                 (+ 1 (raise 'an-error))))))))
                  (list v (get-output-string out))))))

(test-group "with-exception-handler: returning from a non-continuable raise"
  (lambda ()
    (test-assert "a secondary exception, caught by a guard outside"
                 (let ((e (guard (e (#t e))
                            (with-exception-handler
                              (lambda (c) 'ignored)
                              (lambda () (raise 'first))))))
                   (not (eq? e 'first))))
    (test-assert "the secondary exception is an error object"
                 (error-object?
                  (guard (e (#t e))
                    (with-exception-handler
                      (lambda (c) 'ignored)
                      (lambda () (raise 'first))))))
    (test-equal "the raise does not return to its continuation" 'secondary
                (let ((log (make-log)))
                  (guard (e (#t (if (null? (log)) 'secondary (log))))
                    (with-exception-handler
                      (lambda (c) 'ignored)
                      (lambda () (raise 'first) (log 'returned))))))
    (test-equal "the secondary exception goes to the outer handler; the inner ran once"
                '((outer #f) 1)
                (let* ((calls (make-counter))
                       (r (call/cc
                           (lambda (k)
                             (with-exception-handler
                               (lambda (e) (k (list 'outer (eq? e 'first))))
                               (lambda ()
                                 (with-exception-handler
                                   (lambda (e) (bump! calls) 'returned)
                                   (lambda () (raise 'first)))))))))
                  (list r (count-of calls))))
    (test-equal "a handler returning from error's raise: a secondary exception"
                'secondary
                (guard (e (#t 'secondary))
                  (with-exception-handler
                    (lambda (e) 0)
                    (lambda () (+ 1 (error "not continuable"))))))
    (test-equal "a handler returning from a primitive's error: a secondary exception"
                'secondary
                (guard (e (#t 'secondary))
                  (with-exception-handler
                    (lambda (e) 0)
                    (lambda () (+ 1 (car 5))))))))

;; Call THUNK with a handler that escapes with what was raised.
(define (handled-object thunk)
  (call/cc
   (lambda (k)
     (with-exception-handler (lambda (e) (k e)) thunk))))

(test-group "errors seen by with-exception-handler and guard"
  (lambda ()
    (let ((e (handled-object (lambda () (car 5)))))
      (test-assert "(car 5), handler: an error object" (error-object? e))
      (test-eq "(car 5), handler: wrong-type-arg" 'wrong-type-arg
               (condition-kind e))
      (test-equal "(car 5), handler: the irritants" '(5)
                  (error-object-irritants e)))
    (let ((e (guard (e (#t e)) (car 5))))
      (test-assert "(car 5), guard: an error object" (error-object? e))
      (test-eq "(car 5), guard: wrong-type-arg" 'wrong-type-arg
               (condition-kind e)))
    (let ((e (handled-object (lambda () (vector-ref (vector) 1)))))
      (test-assert "(vector-ref (vector) 1), handler: an error object"
                   (error-object? e))
      (test-eq "(vector-ref (vector) 1), handler: out-of-range" 'out-of-range
               (condition-kind e)))
    (let ((e (guard (e (#t e)) (vector-ref (vector) 1))))
      (test-assert "(vector-ref (vector) 1), guard: an error object"
                   (error-object? e))
      (test-eq "(vector-ref (vector) 1), guard: out-of-range" 'out-of-range
               (condition-kind e)))
    (let ((e (handled-object (lambda () (error "msg" 1 2)))))
      (test-assert "error, handler: an error object" (error-object? e))
      (test-equal "error, handler: the message" "msg" (error-object-message e))
      (test-equal "error, handler: the irritants" '(1 2)
                  (error-object-irritants e)))
    (let ((e (guard (e (#t e)) (error "msg" 1 2))))
      (test-assert "error, guard: an error object" (error-object? e))
      (test-equal "error, guard: the message" "msg" (error-object-message e))
      (test-equal "error, guard: the irritants" '(1 2)
                  (error-object-irritants e)))
    (test-equal "error with no irritants" '("alone" ())
                (let ((e (handled-object (lambda () (error "alone")))))
                  (list (error-object-message e) (error-object-irritants e))))
    (test-eq "a raised symbol is not an error object" #f
             (error-object? (handled-object (lambda () (raise 'sym)))))
    (let ((e (handled-object (lambda () (read (open-input-string "(1 2"))))))
      (test-eq "an unterminated list: read-error?" #t (read-error? e))
      (test-eq "an unterminated list: not file-error?" #f (file-error? e)))
    (test-eq "an unterminated list, guard: read-error?" #t
             (guard (e ((read-error? e) #t) (else 'other))
               (read (open-input-string "(1 2"))))
    (let ((e (handled-object (lambda () (open-input-file "/nonexistent/x")))))
      (test-eq "a missing file: file-error?" #t (file-error? e))
      (test-eq "a missing file: not read-error?" #f (read-error? e)))
    (test-eq "a missing file, guard: file-error?" #t
             (guard (e ((file-error? e) #t) (else 'other))
               (open-input-file "/nonexistent/x")))
    (test-eq "read-error? of a symbol" #f (read-error? 'x))
    (test-eq "file-error? of a symbol" #f (file-error? 'x))))

;; ------------------------------------------------------------------
;; 7. guard.

(test-group "guard"
  (lambda ()
    (test-equal "=> passes the test's value" 2
                (guard (e ((memq e '(a b c)) => length))
                  (raise 'b)))
    (test-equal "=> with assq (R7RS)" 42
                (guard (condition
                        ((assq 'a condition) => cdr)
                        ((assq 'b condition)))
                  (raise (list (cons 'a 42)))))
    (test-equal "a test-only clause returns the test's value (R7RS)" '(b . 23)
                (guard (condition
                        ((assq 'a condition) => cdr)
                        ((assq 'b condition)))
                  (raise (list (cons 'b 23)))))
    (test-equal "else after clauses that do not match" 'other
                (guard (e ((assq 'a e) => cdr) ((string? e) 'string) (else 'other))
                  (raise '((b . 1)))))
    (test-equal "the body's value when nothing is raised" 3
                (guard (e (#t 'caught)) 1 2 3))
    (test-equal "the body's multiple values" '(1 2)
                (call-with-values (lambda () (guard (e (#t 0)) (values 1 2)))
                  list))
    (test-equal "a clause's multiple values" '(a b)
                (call-with-values (lambda () (guard (e (#t (values 'a 'b))) (raise 'x)))
                  list))
    (test-equal "no clause matches: an outer guard gets the object" '(outer sym)
                (guard (outer (#t (list 'outer outer)))
                  (guard (e ((string? e) 'inner))
                    (raise 'sym))))
    (test-equal "no clause matches: an outer handler gets the object" 'sym
                (call/cc
                 (lambda (k)
                   (with-exception-handler
                     (lambda (e) (k e))
                     (lambda ()
                       (guard (e ((string? e) 'inner))
                         (raise 'sym)))))))
    (test-equal "no clause matches: unwound, rewound, then raised on (in out in out)"
                '(in out in out (outer sym))
                (let ((log (make-log)))
                  (guard (e (#t (log (list 'outer e))))
                    (guard (e ((string? e) (log 'inner-clause)))
                      (dynamic-wind
                        (lambda () (log 'in))
                        (lambda () (raise 'sym))
                        (lambda () (log 'out)))))
                  (log)))
    (test-equal "a matching clause: unwound once (in out)"
                '(in out (inner "str"))
                (let ((log (make-log)))
                  (guard (e (#t (log (list 'outer e))))
                    (guard (e ((string? e) (log (list 'inner e))))
                      (dynamic-wind
                        (lambda () (log 'in))
                        (lambda () (raise "str"))
                        (lambda () (log 'out)))))
                  (log)))
    (test-eqv "raise-continuable through a guard with no match returns to the raise"
              43
              (with-exception-handler
                (lambda (e) 42)
                (lambda ()
                  (+ 1 (guard (e (#f 0)) (raise-continuable 'c))))))
    (test-equal "the raise goes on in the dynamic environment of the raise"
                'inner
                (let ((p (make-parameter 'outer)))
                  (with-exception-handler
                    (lambda (e) (p))
                    (lambda ()
                      (guard (e (#f 'no))
                        (parameterize ((p 'inner))
                          (raise-continuable 'x)))))))
    (test-equal "a clause runs in the dynamic environment of the guard"
                '(x outer)
                (let ((p (make-parameter 'outer)))
                  (guard (e (#t (list e (p))))
                    (parameterize ((p 'inner))
                      (raise 'x)))))
    (test-equal "a clause runs with the guard's outer handler installed" '(h x)
                (with-exception-handler
                  (lambda (e) (list 'h e))
                  (lambda ()
                    (guard (e (#t (raise-continuable e)))
                      (raise 'x)))))
    (test-eqv "a guard in a loop: 100000 catches" 100000
              (let loop ((i 0) (n 0))
                (if (= i 100000)
                    n
                    (loop (+ i 1) (+ n (guard (e (#t e)) (raise 1)))))))
    (test-eqv "a guard in a loop: 100000 normal returns" 100000
              (let loop ((i 0) (n 0))
                (if (= i 100000)
                    n
                    (loop (+ i 1) (guard (e (#t 'caught)) (+ n 1))))))
    (test-equal "a guard inside a handler's extent" 'inner-guard
                (with-exception-handler
                  (lambda (e) 'handler)
                  (lambda ()
                    (guard (e (#t 'inner-guard))
                      (raise 'x)))))))

(test-group "guard: where a primitive's error was raised"
  (lambda ()
    (let ((path (test-write-file "control-location.scm"
                                 "(define (control-inner-car x)
  (car x))
(define (control-guarded)
  (guard (e ((error-object? e) e))
    (+ 1 (control-inner-car 5))))
(define (control-unmatched)
  (guard (e ((string? e) 'not-this))
    (dynamic-wind
      (lambda () #f)
      (lambda () (+ 1 (control-inner-car 6)))
      (lambda () #f))))
")))
      (load path)
      (let ((place (string-append path ":2:3")))
        (let ((e (control-guarded)))
          (test-eq "caught by guard: wrong-type-arg" 'wrong-type-arg
                   (condition-kind e))
          (test-equal "caught by guard: the location of (car x)" place
                      (condition-location e)))
        (let ((e (raised-object control-unmatched)))
          (test-equal "no clause matched: the irritants" '(6)
                      (error-object-irritants e))
          (test-equal "no clause matched, caught outside: the location of (car x)"
                      place (condition-location e)))
        (let ((e (handled-object (lambda () (control-inner-car 7)))))
          (test-equal "seen by with-exception-handler: the location of (car x)"
                      place (condition-location e)))))))

;; ------------------------------------------------------------------
;; 8. Parameters.

(define radix
  (make-parameter 10 (lambda (x)
                       (if (and (exact-integer? x) (<= 2 x 16))
                           x
                           (error "invalid radix")))))

(define (radix-string n) (number->string n (radix)))

(test-group "parameters"
  (lambda ()
    (test-equal "the initial value" 5 ((make-parameter 5)))
    (test-eq "a parameter is a procedure" #t (procedure? (make-parameter 1)))
    (let* ((calls (make-counter))
           (p (make-parameter 10 (lambda (x) (bump! calls) (* x 2)))))
      (test-eqv "the converter is applied to the initial value" 20 (p))
      (test-eqv "the converter ran once at creation" 1 (count-of calls))
      (p)
      (p)
      (test-eqv "reading does not apply the converter" 1 (count-of calls))
      (test-eqv "the converter is applied to a parameterize value" 6
                (parameterize ((p 3)) (p)))
      (test-eqv "once per parameterize, not when restoring" 2 (count-of calls))
      (test-eqv "restored to the converted initial value" 20 (p)))
    (test-equal "R7RS radix: the default" "12" (radix-string 12))
    (test-equal "R7RS radix: parameterized" "1100"
                (parameterize ((radix 2)) (radix-string 12)))
    (test-equal "R7RS radix: restored" "12" (radix-string 12))
    (test-error "R7RS radix: the converter rejects 0"
                (lambda () (parameterize ((radix 0)) (radix-string 12))))
    (test-eqv "after the converter's error the value is unchanged" 10 (radix))
    (let ((p (make-parameter 1)) (q (make-parameter 2)))
      (test-equal "two parameters at once" '(10 20)
                  (parameterize ((p 10) (q 20)) (list (p) (q))))
      (test-equal "the converters run left to right, once each" '((p . 1) (q . 2))
                  (let* ((log (make-log))
                         (p2 (make-parameter 0 (lambda (x) (log (cons 'p x)) x)))
                         (q2 (make-parameter 0 (lambda (x) (log (cons 'q x)) x))))
                    (set! log (make-log))
                    (parameterize ((p2 1) (q2 2)) (log))))
      (test-equal "three parameters at once, then all restored" '((a b c) (1 2 3))
                  (let ((r (make-parameter 3)))
                    (list (parameterize ((p 'a) (q 'b) (r 'c)) (list (p) (q) (r)))
                          (list (p) (q) (r)))))
      (test-equal "one parameter bound twice in one parameterize: the first binding"
                  'first
                  (parameterize ((p 'first) (p 'second)) (p)))
      (test-equal "a non-parameter is an error naming it, nothing is bound" '(#t 1)
                  (list (guard (e ((error-object? e)
                                   (and (equal? (error-object-irritants e) (list car))
                                        #t)))
                          (parameterize ((p 'temp) (car 1)) 'no-error))
                        (p)))
      (test-assert "a recursion through parameterize takes under 128 bytes of heap a level"
                   (let* ((bytes (lambda () (cdr (assq 'bytes-allocated (gc-stats)))))
                          (before (bytes))
                          (depth (let dive ((n 0))
                                   (if (= n 100000)
                                       n
                                       (parameterize ((p n)) (dive (+ n 1))))))
                          (used (- (bytes) before)))
                     (and (= depth 100000) (< used (* 128 100000)))))
      (test-equal "nested: the inner value, then the outer, then the initial"
                  '(b a 1)
                  (let ((log (make-log)))
                    (parameterize ((p 'a))
                      (parameterize ((p 'b))
                        (log (p)))
                      (log (p)))
                    (log (p))
                    (log)))
      (test-equal "visible in procedures called from the body (dynamic)" 'dyn
                  (let ((read-p (lambda () (p))))
                    (parameterize ((p 'dyn)) (read-p))))
      (test-equal "the body's multiple values" '(1 2)
                  (call-with-values (lambda () (parameterize ((p 0)) (values 1 2)))
                    list))
      (test-eqv "restored after a normal exit" 1
                (begin (parameterize ((p 'temp)) 'ignored) (p)))
      (test-equal "restored after an escape by a continuation" '(temp 1)
                  (let ((seen (call/cc
                               (lambda (k)
                                 (parameterize ((p 'temp))
                                   (k (p)))))))
                    (list seen (p))))
      (test-equal "restored after an error caught outside" '(caught 1)
                  (let ((r (guard (e (#t 'caught))
                             (parameterize ((p 'temp))
                               (error "inside")))))
                    (list r (p))))
      (test-equal "restored after a primitive's error caught outside" '(caught 2)
                  (let ((r (guard (e (#t 'caught))
                             (parameterize ((q 'temp))
                               (car 5)))))
                    (list r (q))))
      (test-equal "re-entered from outside: the parameterized value again"
                  '(inner outer inner outer)
                  (let ((p (make-parameter 'outer))
                        (k #f)
                        (log (make-log))
                        (passes (make-counter)))
                    (parameterize ((p 'inner))
                      (call/cc (lambda (c) (set! k c)))
                      (log (p)))
                    (log (p))
                    (if (= (bump! passes) 1) (k 'again))
                    (log)))
      (test-equal "an escape out of nested parameterizes restores each"
                  '(c b a 1)
                  (let ((log (make-log)))
                    (parameterize ((p 'a))
                      (call/cc
                       (lambda (k)
                         (parameterize ((p 'b))
                           (call/cc
                            (lambda (k2)
                              (parameterize ((p 'c))
                                (log (p))
                                (k2 'out))))
                           (log (p))
                           (k 'out))))
                      (log (p)))
                    (log (p))
                    (log))))
    (test-equal "current-output-port parameterized with a string port"
                "hello x\n"
                (let ((sp (open-output-string)))
                  (parameterize ((current-output-port sp))
                    (display "hello ")
                    (write 'x)
                    (newline))
                  (get-output-string sp)))
    (test-eq "current-output-port is restored" #t
             (let ((before (current-output-port))
                   (sp (open-output-string)))
               (parameterize ((current-output-port sp))
                 (display "discarded"))
               (eq? before (current-output-port))))
    (test-equal "current-output-port: nested string ports" '("in-a" "in-b")
                (let ((a (open-output-string)) (b (open-output-string)))
                  (parameterize ((current-output-port a))
                    (display "in-")
                    (parameterize ((current-output-port b))
                      (display "in-b"))
                    (display "a"))
                  (list (get-output-string a) (get-output-string b))))
    (test-equal "current-output-port restored after an error" "before"
                (let ((sp (open-output-string)))
                  (guard (e (#t #f))
                    (parameterize ((current-output-port sp))
                      (display "before")
                      (raise 'x)))
                  (get-output-string sp)))))

;; A parameter called with a value sets it in the current dynamic
;; extent, after its converter, as Guile, Chez and CHICKEN do.
(test-group "parameters called with a value"
  (lambda ()
    (let ((p (make-parameter 1 (lambda (x) (* x 10)))))
      (test-eqv "outside parameterize: the converted value" 50
                (begin (p 5) (p)))
      (test-equal "inside: that binding only, restored on exit" '(30 50)
                  (let ((inner (parameterize ((p 2)) (p 3) (p))))
                    (list inner (p))))
      (test-equal "the innermost binding, not the outer one" '(70 20 50)
                  (parameterize ((p 2))
                    (let ((in (parameterize ((p 4)) (p 7) (p))))
                      (list in (p) (begin (p 5) (p))))))
      (test-equal "a converter's error leaves the value" '(caught 50)
                  (let ((r (guard (e (#t 'caught)) (p 'not-a-number))))
                    (list r (p))))
      (test-eqv "seen by procedures called later" 90
                (let ((get (lambda () (p))))
                  (p 9)
                  (get))))
    (let ((q (make-parameter 'a)))
      (test-eq "no converter: the value itself" 'b (begin (q 'b) (q)))
      (test-equal "re-entering the parameterize sees the value set in it"
                  '(bound set b)
                  (let ((k #f) (seen '()))
                    (parameterize ((q 'bound))
                      (call/cc (lambda (c) (set! k c)))
                      (set! seen (cons (q) seen))
                      (q 'set))
                    (if (= (length seen) 1) (k #f))
                    (reverse (cons (q) seen)))))
    (let ((out (open-output-string))
          (saved (current-output-port)))
      (test-equal "current-output-port with a port makes it current"
                  "hidden"
                  (begin (current-output-port out)
                         (display "hidden")
                         (current-output-port saved)
                         (get-output-string out)))
      (test-eq "and back" saved (current-output-port))
      (test-eq "inside parameterize: only that binding"
               saved
               (begin (parameterize ((current-output-port (open-output-string)))
                        (current-output-port out))
                      (current-output-port)))
      (test-error "an input port is refused by current-output-port"
                  (lambda () (current-output-port (open-input-string ""))))
      (test-error "so is a non-port by current-input-port"
                  (lambda () (current-input-port 5))))))

;; ------------------------------------------------------------------
;; 9. Stress: a million continuations, memory stays flat.

;; N times: capture a continuation, return from call/cc, then re-enter
;; it once with a second value.  The loop is a tail call, so each
;; continuation is garbage after its iteration.
(define (capture-and-reenter n)
  (let loop ((i 0) (sum 0))
    (if (= i n)
        sum
        (let* ((saved (vector #f))
               (v (call/cc (lambda (k) (vector-set! saved 0 k) 'first))))
          (if (eq? v 'first)
              ((vector-ref saved 0) 1)
              (loop (+ i 1) (+ sum v)))))))

(define (heap-size)
  (cdr (assq 'heap-size (gc-stats))))

(test-group "stress: a million continuations"
  (lambda ()
    (test-eqv "100000 captures and re-entries" 100000
              (capture-and-reenter 100000))
    (gc)
    (let ((before (heap-size)))
      (test-eqv "1000000 captures and re-entries" 1000000
                (capture-and-reenter 1000000))
      (gc)
      (let ((after (heap-size)))
        (test-assert "the heap has not grown more than twofold"
                     (<= after (* 2 before)))))))

;; ------------------------------------------------------------------
;; 10. Depth: a million nested frames of each kind, and half a million
;; guards.  The heap records of a guard (its handler, the closures and
;; escape of %guard, 224 bytes) count against the stack limit with its
;; 144 bytes of stack: a million nested guards take 368 MB, past the
;; 256 MiB default limit, which then raises stack-overflow (caught).

(define (nested-guards n)
  (if (= n 0) 0 (guard (e (#t #f)) (+ 1 (nested-guards (- n 1))))))

(define (nested-guards-raising n)
  (if (= n 0) 0 (guard (e ((string? e) #f)) (+ 1 (nested-guards-raising (- n 1))))))

(define (nested-winds n counter)
  (if (= n 0)
      0
      (dynamic-wind
        (lambda () (bump! counter))
        (lambda () (+ 1 (nested-winds (- n 1) counter)))
        (lambda () (bump! counter)))))

(define depth-parameter (make-parameter 'top))

(define (nested-parameterizes n)
  (if (= n 0)
      (depth-parameter)
      (parameterize ((depth-parameter n))
        (+ 1 (nested-parameterizes (- n 1))))))

(define (nested-handlers n)
  (if (= n 0)
      0
      (with-exception-handler
        (lambda (e) #f)
        (lambda () (+ 1 (nested-handlers (- n 1)))))))

;; N guards around a raise at the bottom; the innermost catches it and
;; returns its depth (1).  CLAUSES counts the clauses that ran.
(define (raise-in-nested-guards n clauses)
  (if (= n 0)
      (raise 'bottom)
      (guard (e ((eq? e 'bottom) (bump! clauses) n))
        (raise-in-nested-guards (- n 1) clauses))))

;; N guards that match nothing around a raise; the outermost catches.
(define (raise-through-guards n)
  (if (= n 0)
      (raise 'deep)
      (guard (e ((string? e) 'wrong))
        (+ 1 (raise-through-guards (- n 1))))))

;; The charges of the records to the stack end with their frames, by
;; every way out: after 300,000 escapes from guard, parameterize,
;; with-exception-handler and dynamic-wind, and 300,000 re-entries of a
;; continuation under a parameterize and a guard, a plain recursion
;; reaches the same depth as before (charges that piled up, one set an
;; iteration, would take 72 MB from it).
(define reached 0)
(define (dive-to-limit n) (set! reached n) (+ 1 (dive-to-limit (+ n 1))))
(define (depth-reached)
  (guard (e ((error-object? e) reached)) (dive-to-limit 0)))
(define (escape-loop n)
  (do ((i 0 (+ i 1))) ((= i n))
    (guard (e (#t #f)) (raise 'x))
    (call/cc
     (lambda (k)
       (parameterize ((depth-parameter i))
         (with-exception-handler
          (lambda (c) 0)
          (lambda ()
            (dynamic-wind (lambda () #f) (lambda () (k 1))
                          (lambda () #f)))))))))
(define (reentry-loop n)
  (let ((saved #f) (count 0))
    (parameterize ((depth-parameter 1))
      (guard (e (#t #f))
        (call/cc (lambda (k) (set! saved k)))
        (set! count (+ count 1))))
    (if (< count n) (saved #f))))

(test-group "depth"
  (lambda ()
    (let ((before (depth-reached)))
      (escape-loop 300000)
      (reentry-loop 300000)
      (test-assert "escapes and re-entries leave no charge on the stack"
                   (>= (depth-reached) (- before 100))))
    (test-eqv "500000 nested guards" 500000 (nested-guards 500000))
    (test-eqv "1000000 nested guards: the stack and records limit, caught"
              'stack-overflow
              (guard (e ((error-object? e) (condition-kind e)))
                (nested-guards-raising 1000000)))
    (let* ((counter (make-counter))
           (r (nested-winds 1000000 counter)))
      (test-equal "1000000 nested dynamic-winds: the value and thunk count"
                  '(1000000 2000000)
                  (list r (count-of counter))))
    (test-eqv "1000000 nested parameterizes: the innermost value plus the depth"
              1000001 (nested-parameterizes 1000000))
    (test-eq "the parameter is restored after them" 'top (depth-parameter))
    (test-eqv "1000000 nested with-exception-handlers" 1000000
              (nested-handlers 1000000))
    (let* ((clauses (make-counter))
           (r (raise-in-nested-guards 100000 clauses)))
      (test-equal "a raise under 100000 guards: the innermost catches, once"
                  '(1 1) (list r (count-of clauses))))
    (test-equal "a raise through 1000 guards that do not match"
                '(outer deep)
                (guard (e (#t (list 'outer e)))
                  (raise-through-guards 1000)))
    (let ((counter (make-counter)))
      (test-equal "an escape from under 100000 dynamic-winds runs every after"
                  '(escaped 200000)
                  (let ((r (call/cc
                            (lambda (k)
                              (let f ((n 100000))
                                (if (= n 0)
                                    (k 'escaped)
                                    (dynamic-wind
                                      (lambda () (bump! counter))
                                      (lambda () (+ 1 (f (- n 1))))
                                      (lambda () (bump! counter)))))))))
                    (list r (count-of counter)))))
    (test-eqv "a raise-continuable under 100000 handlers: the innermost answers"
              100000
              (let f ((n 100000))
                (if (= n 0)
                    (raise-continuable 'x)
                    (with-exception-handler
                      (lambda (e) (if (= n 1) 0 'wrong))
                      (lambda () (+ 1 (f (- n 1))))))))))

;; ------------------------------------------------------------------
;; 11. Guile's catch, throw and with-throw-handler.

(test-group "catch and throw"
  (lambda ()
    (test-equal "the key and the arguments" '(my-key (1 2))
                (catch 'my-key
                  (lambda () (throw 'my-key 1 2))
                  (lambda (key . args) (list key args))))
    (test-equal "a throw without arguments" '(k ())
                (catch 'k
                  (lambda () (throw 'k))
                  (lambda (key . args) (list key args))))
    (test-equal "the thunk's value when nothing is thrown" 'normal
                (catch 'k (lambda () 'normal) (lambda (key . args) 'handler)))
    (test-equal "catch #t takes any key" '(other-key (x))
                (catch #t
                  (lambda () (throw 'other-key 'x))
                  (lambda (key . args) (list key args))))
    (test-equal "a catch of another key lets it through to an outer one"
                '(outer b)
                (catch 'b
                  (lambda ()
                    (catch 'a
                      (lambda () (throw 'b))
                      (lambda (key . args) (list 'inner key))))
                  (lambda (key . args) (list 'outer key))))
    (test-equal "the innermost matching catch takes it" 'inner
                (catch 'k
                  (lambda ()
                    (catch 'k
                      (lambda () (throw 'k))
                      (lambda (key . args) 'inner)))
                  (lambda (key . args) 'outer)))
    (test-equal "thrown from deep inside calls" '(deep 10)
                (catch 'deep
                  (lambda ()
                    (let f ((n 10))
                      (if (= n 0) (throw 'deep 10) (+ 1 (f (- n 1))))))
                  (lambda (key . args) (cons key args))))
    (test-equal "the catch handler runs after the after thunks"
                '(before after (handler k))
                (let ((log (make-log)))
                  (catch 'k
                    (lambda ()
                      (dynamic-wind
                        (lambda () (log 'before))
                        (lambda () (throw 'k))
                        (lambda () (log 'after))))
                    (lambda (key . args) (log (list 'handler key))))
                  (log)))
    (test-error "a throw that no catch takes is an error"
                (lambda () (throw 'nobody-catches-this 1)))
    (test-eq "a primitive's error: the key is its kind (wrong-type-arg)"
             'wrong-type-arg
             (catch 'wrong-type-arg
               (lambda () (car 5))
               (lambda (k . args) k)))
    (test-eq "a primitive's error under catch #t: out-of-range" 'out-of-range
             (catch #t
               (lambda () (vector-ref (vector) 1))
               (lambda (k . args) k)))
    (test-eq "a primitive's error passes a catch of another key" 'wrong-type-arg
             (catch #t
               (lambda ()
                 (catch 'out-of-range
                   (lambda () (car 5))
                   (lambda (k . args) 'wrong-catch)))
               (lambda (k . args) k)))
    (test-eq "error under catch #t: the key is error" 'error
             (catch #t
               (lambda () (error "msg" 1 2))
               (lambda (k . args) k)))))

(test-group "with-throw-handler"
  (lambda ()
    (test-equal "the handler runs before unwinding, then the catch"
                '(caught (before (throw-handler k (7)) after (catch k (7))))
                (let* ((log (make-log))
                       (r (catch 'k
                            (lambda ()
                              (with-throw-handler 'k
                                (lambda ()
                                  (dynamic-wind
                                    (lambda () (log 'before))
                                    (lambda () (throw 'k 7))
                                    (lambda () (log 'after))))
                                (lambda (key . args)
                                  (log (list 'throw-handler key args)))))
                            (lambda (key . args)
                              (log (list 'catch key args))
                              'caught))))
                  (list r (log))))
    (test-equal "the handler sees the dynamic environment of the throw"
                '(inner outer)
                (let* ((p (make-parameter 'outer))
                       (seen #f)
                       (r (catch 'k
                            (lambda ()
                              (with-throw-handler 'k
                                (lambda ()
                                  (parameterize ((p 'inner))
                                    (throw 'k)))
                                (lambda (key . args) (set! seen (p)))))
                            (lambda (key . args) (p)))))
                  (list seen r)))
    (test-equal "the thunk's value when nothing is thrown" 'normal
                (with-throw-handler 'k
                  (lambda () 'normal)
                  (lambda (key . args) 'handler)))
    (test-equal "a handler for another key is not called" '(() outer)
                (let* ((log (make-log))
                       (r (catch 'k
                            (lambda ()
                              (with-throw-handler 'other
                                (lambda () (throw 'k))
                                (lambda (key . args) (log 'wrong))))
                            (lambda (key . args) 'outer))))
                  (list (log) r)))
    (test-equal "a #t handler sees every key" '(((seen k (1))) outer)
                (let* ((log (make-log))
                       (r (catch #t
                            (lambda ()
                              (with-throw-handler #t
                                (lambda () (throw 'k 1))
                                (lambda (key . args) (log (list 'seen key args)))))
                            (lambda (key . args) 'outer))))
                  (list (log) r)))
    (test-equal "the handler may escape itself: the catch is not reached"
                '(escaped 1)
                (call/ec
                 (lambda (k)
                   (catch 'k
                     (lambda ()
                       (with-throw-handler 'k
                         (lambda () (throw 'k 1))
                         (lambda (key . args) (k (cons 'escaped args)))))
                     (lambda (key . args) 'outer-catch)))))
    (test-equal "a primitive's error seen by a throw handler, then caught"
                '(((handler wrong-type-arg)) wrong-type-arg)
                (let* ((log (make-log))
                       (r (catch #t
                            (lambda ()
                              (with-throw-handler #t
                                (lambda () (car 5))
                                (lambda (key . args) (log (list 'handler key)))))
                            (lambda (key . args) key))))
                  (list (log) r)))))

;; ------------------------------------------------------------------
;; 12. call-with-escape-continuation (call/ec).

(test-group "call-with-escape-continuation"
  (lambda ()
    (test-eqv "an escape from an argument" 6
              (+ 1 (call-with-escape-continuation
                    (lambda (k) (+ 10 (k 5))))))
    (test-eqv "call/ec: an escape from an argument" 6
              (+ 1 (call/ec (lambda (k) (+ 10 (k 5))))))
    (test-equal "the receiver's normal return" 'normal
                (call/ec (lambda (k) 'normal)))
    (test-eq "an escape continuation is a procedure" #t
             (call/ec (lambda (k) (procedure? k))))
    (test-equal "an escape from for-each" 3
                (call/ec
                 (lambda (return)
                   (for-each (lambda (x) (if (> x 2) (return x))) '(1 2 3 4))
                   'none)))
    (test-equal "an escape from 1000 nested calls" 'bottom
                (call-with-escape-continuation
                 (lambda (k)
                   (let f ((n 1000))
                     (if (= n 0) (k 'bottom) (+ 1 (f (- n 1))))))))
    (test-equal "multiple values" '(1 2)
                (call-with-values (lambda () (call/ec (lambda (k) (k 1 2))))
                  list))
    (test-equal "an inner escape to an outer escape continuation" 'outer
                (call/ec
                 (lambda (outer)
                   (+ 1 (call/ec (lambda (inner) (outer 'outer)))))))
    (test-equal "the after thunks run" '(in out)
                (let ((log (make-log)))
                  (call/ec
                   (lambda (k)
                     (dynamic-wind
                       (lambda () (log 'in))
                       (lambda () (k 'x))
                       (lambda () (log 'out)))))
                  (log)))
    (test-equal "parameters are restored" '(temp 1)
                (let* ((p (make-parameter 1))
                       (seen (call/ec
                              (lambda (k)
                                (parameterize ((p 'temp)) (k (p)))))))
                  (list seen (p))))
    (test-eqv "100000 escapes in a loop" 100000
              (let loop ((i 0) (n 0))
                (if (= i 100000)
                    n
                    (loop (+ i 1) (+ n (call/ec (lambda (k) (k 1) 2)))))))
    (test-error "called after its extent has ended: an error"
                (lambda ()
                  (let ((saved #f) (passes (make-counter)))
                    (call/ec (lambda (k) (set! saved k)))
                    (if (= (bump! passes) 1)
                        (saved 'late)
                        'returned-again))))
    (test-error "returned, then called: an error"
                (lambda ()
                  (let ((k (call/ec (lambda (k) k))))
                    (if (procedure? k) (k 'late) 'returned-again))))
    (test-equal "evaluation goes on after that error" 'fine
                (begin
                  (guard (e (#t #f))
                    (let ((k (call/ec (lambda (k) k))))
                      (if (procedure? k) (k 'late))))
                  'fine))))

;; What a recursion through guard, parameterize and a handler keeps per
;; level is what every collection on the way down marks again, so its
;; size is asserted (bytes, not time): 336 at the last count (a guard
;; 224, a one-binding parameterize 64, a handler 48), with some slack.
;; Top-level definitions, so that no closure captures the parameter.
(define level-param (make-parameter 0))
(define (bytes-allocated) (cdr (assq 'bytes-allocated (gc-stats))))
(define (heap-per-level f)
  (f 10)
  (let ((b0 (bytes-allocated)))
    (f 20000)
    (/ (- (bytes-allocated) b0) 20000.)))
(define (guarded-levels n)
  (if (= n 0) 0 (guard (e (#f #f)) (+ 1 (guarded-levels (- n 1))))))
(define (bound-levels n)
  (if (= n 0)
      0
      (parameterize ((level-param n)) (+ 1 (bound-levels (- n 1))))))
(define (handled-levels n)
  (if (= n 0)
      0
      (with-exception-handler (lambda (e) (raise e))
                              (lambda () (+ 1 (handled-levels (- n 1)))))))
(define (all-levels n)
  (if (= n 0)
      (level-param)
      (guard (e (#f #f))
        (parameterize ((level-param n))
          (with-exception-handler (lambda (e) (raise e))
                                  (lambda () (all-levels (- n 1))))))))

(test-group "heap per level of guard, parameterize and a handler"
  (lambda ()
    (test-assert "guard: at most 232 bytes a level"
                 (<= (heap-per-level guarded-levels) 232))
    (test-assert "parameterize: at most 72"
                 (<= (heap-per-level bound-levels) 72))
    (test-assert "with-exception-handler: at most 56"
                 (<= (heap-per-level handled-levels) 56))
    (test-assert "all three: at most 344" (<= (heap-per-level all-levels) 344))
    (test-equal "the innermost parameterize is seen" 1 (all-levels 5))))

(test-end "control")
