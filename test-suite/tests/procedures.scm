;;; procedures.scm -- control procedures (R7RS 6.10), eval and load
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; procedure?, apply, map, for-each, vector-map, vector-for-each,
;;; string-map, string-for-each, values and call-with-values, eval in
;;; the interaction environment, and load of a file written here.

;;; Code:

(test-begin "procedures")

;; ------------------------------------------------------------------
(test-group "procedure?"
  (lambda ()
    (test-eq "a primitive" #t (procedure? car))
    (test-eq "a lambda" #t (procedure? (lambda (x) (* x x))))
    (test-eq "a quoted lambda is a list" #f (procedure? '(lambda (x) (* x x))))
    (test-eq "a symbol" #f (procedure? 'car))
    (test-eq "a number" #f (procedure? 5))
    (test-eq "a defined procedure" #t (procedure? procedure?))
    (test-eq "apply" #t (procedure? apply))))

;; ------------------------------------------------------------------
(define (list-of . args) args)

(test-group "apply"
  (lambda ()
    (test-equal "a primitive" 7 (apply + (list 3 4)))
    (test-equal "no arguments" 0 (apply + '()))
    (test-equal "leading arguments" 10 (apply + 1 2 '(3 4)))
    (test-equal "only leading arguments" 6 (apply + 1 2 3 '()))
    (test-equal "a closure with fixed parameters" '(b a)
                (apply (lambda (x y) (list y x)) '(a b)))
    (test-equal "a closure with a rest parameter" '(1 2 3 4)
                (apply list-of 1 '(2 3 4)))
    (test-equal "a closure with required and rest" '(1 (2 3))
                (apply (lambda (a . r) (list a r)) 1 2 '(3)))
    (test-equal "R7RS compose example" 30
                (let ((compose (lambda (f g) (lambda args (f (apply g args))))))
                  ((compose sqrt *) 12 75)))
    (test-equal "apply of apply" 6 (apply apply + '((1 2 3))))
    (test-equal "apply with many arguments" 5050
                (apply + (let lp ((i 100) (l '()))
                           (if (= i 0) l (lp (- i 1) (cons i l))))))
    (test-equal "the last argument's list is not changed" '(1 2 3)
                (let ((l (list 1 2 3)))
                  (apply (lambda args (set-car! args 'x) args) l)
                  l))
    (test-error "the last argument not a list" (lambda () (apply + 1 2)))
    (test-error "an improper last argument" (lambda () (apply + '(1 . 2))))
    (test-error "not a procedure" (lambda () (apply 5 '(1))))))

;; ------------------------------------------------------------------
(define (circular . elts)
  (let ((l (list-copy elts)))
    (set-cdr! (list-tail l (- (length l) 1)) l)
    l))

;; (0 1 ... n-1)
(define (count-up n)
  (let loop ((i (- n 1)) (l '()))
    (if (< i 0) l (loop (- i 1) (cons i l)))))

(test-group "map"
  (lambda ()
    (test-equal "one list" '(b e h) (map cadr '((a b) (d e) (g h))))
    (test-equal "a closure" '(1 4 27 256 3125)
                (map (lambda (n) (expt n n)) '(1 2 3 4 5)))
    (test-equal "two lists" '(5 7 9) (map + '(1 2 3) '(4 5 6)))
    (test-equal "three lists" '((1 a x) (2 b y))
                (map list '(1 2) '(a b) '(x y)))
    (test-equal "unequal lengths: stops at the shortest" '(11 22)
                (map + '(1 2 3) '(10 20)))
    (test-equal "unequal lengths, three lists" '(3)
                (map + '(1 2) '(1) '(1 2 3)))
    (test-equal "an empty list" '() (map car '()))
    (test-equal "one empty among several" '() (map + '(1 2) '()))
    (test-equal "a closure capturing a variable" '(11 12 13)
                (let ((k 10)) (map (lambda (x) (+ x k)) '(1 2 3))))
    (test-equal "R7RS example: the count is 1 or 2 per element" #t
                (let ((r (let ((count 0))
                           (map (lambda (ignored)
                                  (set! count (+ count 1))
                                  count)
                                '(a b)))))
                  (or (equal? r '(1 2)) (equal? r '(2 1)))))
    (test-equal "a fresh list" #f
                (let ((l (list 1 2))) (eq? l (map (lambda (x) x) l))))
    (test-equal "a long list" 100000
                (length (map (lambda (x) x)
                             (let lp ((i 0) (l '()))
                               (if (= i 100000) l (lp (+ i 1) (cons i l)))))))
    ;; Deeper than the default stack limit allows a recursion to go
    ;; (it raised stack-overflow before the iterative way past 10,000).
    (test-equal "ten million elements" '(10000000 1 10000000)
                (let ((r (map (lambda (x) (+ x 1)) (count-up 10000000))))
                  (list (length r) (car r) (list-ref r 9999999))))
    (test-equal "ten million elements, two lists" '(10000000 0 19999998)
                (let* ((l (count-up 10000000))
                       (r (map + l l)))
                  (list (length r) (car r) (list-ref r 9999999))))
    (test-error "not a procedure" (lambda () (map 5 '(1 2))))
    (test-error-message "a circular list: an error, not consing forever"
                        "map: wrong type argument in position 2 (expected proper list): #0=(1 2 . #0#)"
                        (lambda () (map - (circular 1 2))))
    (test-error-message "a dotted list"
                        "map: wrong type argument in position 2 (expected proper list): (1 . 2)"
                        (lambda () (map - (cons 1 2))))
    (test-equal "an improper or circular list: the error before any call"
                '(("map: wrong type argument in position 2 (expected proper list): (1 2 3 . 4)"
                   "map: wrong type argument in position 2 (expected proper list): 5"
                   "map: wrong type argument in position 2 (expected proper list): #0=(1 2 3 . #0#)")
                  0)
                (let* ((n 0)
                       (f (lambda (x) (set! n (+ n 1)) x)))
                  (list (map (lambda (l)
                               (condition-message
                                (raised-object (lambda () (map f l)))))
                             (list (cons 1 (cons 2 (cons 3 4))) 5 (circular 1 2 3)))
                        n)))
    ;; %check-list chooses between the recursive loop and the long one
    ;; at 10,000 elements; the VM's CHECK_LIST answers for proper lists
    ;; of fewer than 1,024 pairs and calls %check-list for the others:
    ;; the same results and errors on either side of both.
    (test-equal "either side of 1,024 and of 10,000 elements"
                '((1023 1 1023) (1024 1 1024) (1025 1 1025)
                  (9999 1 9999) (10000 1 10000) (10001 1 10001))
                (map (lambda (n)
                       (let ((r (map (lambda (x) (+ x 1)) (count-up n))))
                         (list (length r) (car r) (list-ref r (- n 1)))))
                     '(1023 1024 1025 9999 10000 10001)))
    (test-equal "improper and circular past the 1,024 pairs: the errors"
                '("map: wrong type argument in position 2 (expected proper list): (0 1 2"
                  "map: wrong type argument in position 2 (expected proper list): #0=(0 1 2")
                (map (lambda (l k)
                       (let ((m (condition-message
                                 (raised-object (lambda () (map - l))))))
                         (substring m 0 (min (string-length m) k))))
                     (list (append (count-up 2000) 'end)
                           (apply circular (count-up 3000)))
                     '(69 72)))
    (test-equal "an improper end right after the pairs the VM walks"
                "map: wrong type argument in position 2 (expected proper list)"
                (let ((m (condition-message
                          (raised-object
                           (lambda () (map - (append (count-up 1024) 5)))))))
                  (substring m 0 61)))
    (test-equal "a circular list beside a finite one: stops at the finite"
                '(2 4 4) (map + '(1 2 3) (circular 1 2)))
    (test-error-contains "several lists, all circular"
                         '("map" "a finite list among the lists")
                         (lambda () (map + (circular 1) (circular 2))))
    ;; Two lists have a loop of their own (boot.scm, map2).
    (test-equal "two lists, an improper one stops at its last pair"
                '((2 4) (11 22) ())
                (list (map + '(1 2 . 3) '(1 2 3)) (map + '(1 2 3) '(10 20 . x))
                      (map + '(1) 5)))
    (test-equal "two lists, 100,000 elements: no deep recursion"
                '(100000 0 199998)
                (let ((r (map + (count-up 100000) (count-up 100000))))
                  (list (length r) (car r) (list-ref r 99999))))
    (test-error "two lists, not a procedure" (lambda () (map 5 '(1) '(2))))
    (test-equal "two lists, a continuation re-entered keeps the first result"
                '((1 2) (1 20))
                (let ((k #f) (n 0) (results '()))
                  (let ((r (map (lambda (x y)
                                  (if (= x 2) (call/cc (lambda (c) (set! k c) y)) y))
                                '(1 2) '(1 2))))
                    (set! results (cons r results))
                    (set! n (+ n 1))
                    (if (= n 1) (k 20))
                    (reverse results))))))

;; ------------------------------------------------------------------
(test-group "for-each"
  (lambda ()
    (test-equal "in order, one list" '(3 2 1)
                (let ((acc '()))
                  (for-each (lambda (x) (set! acc (cons x acc))) '(1 2 3))
                  acc))
    (test-equal "R7RS vector example" #(0 1 4 9 16)
                (let ((v (make-vector 5)))
                  (for-each (lambda (i) (vector-set! v i (* i i)))
                            '(0 1 2 3 4))
                  v))
    (test-equal "two lists" '((3 c) (2 b) (1 a))
                (let ((acc '()))
                  (for-each (lambda (x y) (set! acc (cons (list x y) acc)))
                            '(1 2 3) '(a b c))
                  acc))
    (test-equal "three lists, unequal lengths: stops at the shortest"
                '(111 222)
                (let ((acc '()))
                  (for-each (lambda (x y z) (set! acc (cons (+ x y z) acc)))
                            '(1 2 3) '(10 20) '(100 200 300))
                  (reverse acc)))
    (test-equal "an empty list: never called" 0
                (let ((n 0))
                  (for-each (lambda (x) (set! n (+ n 1))) '())
                  n))
    (test-equal "a circular list: an error before any call, not a loop"
                        '("for-each: wrong type argument in position 2 (expected proper list): #0=(1 . #0#)" 0)
                        (let ((n 0))
                          (list (condition-message
                                 (raised-object
                                  (lambda ()
                                    (for-each (lambda (x) (set! n (+ n 1)))
                                              (circular 1)))))
                                n)))
    (test-equal "an improper list: the error before any call"
                '(("for-each: wrong type argument in position 2 (expected proper list): (1 2 . 3)"
                   "for-each: wrong type argument in position 2 (expected proper list): #\\a")
                  0)
                (let ((n 0))
                  (list (map (lambda (l)
                               (condition-message
                                (raised-object
                                 (lambda ()
                                   (for-each (lambda (x) (set! n (+ n 1)))
                                             l)))))
                             (list (cons 1 (cons 2 3)) #\a))
                        n)))
    (test-equal "either side of the 1,024 pairs the VM checks"
                '(1023 1024 1025 100000)
                (map (lambda (n)
                       (let ((k 0))
                         (for-each (lambda (x) (set! k (+ k 1))) (count-up n))
                         k))
                     '(1023 1024 1025 100000)))
    (test-equal "improper and circular past the 1,024 pairs: the errors, no call"
                '(("for-each: wrong type argument in position 2 (expected proper list): (0 1"
                   "for-each: wrong type argument in position 2 (expected proper list): #0=(0 1")
                  0)
                (let ((n 0))
                  (list (map (lambda (l k)
                               (let ((m (condition-message
                                         (raised-object
                                          (lambda ()
                                            (for-each (lambda (x) (set! n (+ n 1)))
                                                      l))))))
                                 (substring m 0 (min (string-length m) k))))
                             (list (append (count-up 1500) 'end)
                                   (apply circular (count-up 1500)))
                             '(72 75))
                        n)))
    (test-equal "a circular list beside a finite one" '(11 22 11)
                (let ((acc '()))
                  (for-each (lambda (x y) (set! acc (cons (+ x y) acc)))
                            '(10 20 10) (circular 1 2))
                  (reverse acc)))
    (test-equal "two lists, an improper one stops at its last pair"
                '((1 . a) (2 . b))
                (let ((acc '()))
                  (for-each (lambda (x y) (set! acc (cons (cons x y) acc)))
                            '(1 2 3) '(a b . c))
                  (reverse acc)))
    (test-error-contains "two lists, both circular"
                         '("for-each" "a finite list among the lists")
                         (lambda () (for-each + (circular 1) (circular 2))))
    (test-error "two lists, not a procedure"
                (lambda () (for-each 5 '(1) '(2))))))

;; ------------------------------------------------------------------
(test-group "vector-map, vector-for-each"
  (lambda ()
    (test-equal "vector-map, one vector" #(b e h)
                (vector-map cadr '#((a b) (d e) (g h))))
    (test-equal "vector-map, a primitive" #(1 4 27 256 3125)
                (vector-map (lambda (n) (expt n n)) '#(1 2 3 4 5)))
    (test-equal "vector-map, three vectors: stops at the shortest" #(5 7)
                (vector-map + '#(1 2) '#(4 5 6 7) '#(0 0 0)))
    (test-equal "vector-map, two vectors of equal length" #(11 22 33)
                (vector-map + #(1 2 3) #(10 20 30)))
    (test-equal "vector-map, empty" #() (vector-map car #()))
    (test-equal "vector-map, ten million elements" '(10000000 1 10000000)
                (let ((r (vector-map (lambda (x) (+ x 1))
                                     (list->vector (count-up 10000000)))))
                  (list (vector-length r) (vector-ref r 0)
                        (vector-ref r 9999999))))
    (test-equal "vector-map, a fresh vector" #f
                (let ((v (vector 1 2))) (eq? v (vector-map (lambda (x) x) v))))
    (test-equal "vector-for-each, in order" '(3 2 1)
                (let ((acc '()))
                  (vector-for-each (lambda (x) (set! acc (cons x acc))) #(1 2 3))
                  acc))
    (test-equal "vector-for-each, R7RS example" #(0 1 4 9 16)
                (let ((v (make-vector 5)))
                  (vector-for-each (lambda (i) (vector-set! v i (* i i)))
                                   '#(0 1 2 3 4))
                  v))
    (test-equal "vector-for-each, two vectors: stops at the shortest"
                '((2 b) (1 a))
                (let ((acc '()))
                  (vector-for-each (lambda (x y) (set! acc (cons (list x y) acc)))
                                   #(1 2 3) #(a b))
                  acc))
    (test-error "vector-map of a list" (lambda () (vector-map car '((1)))))))

;; ------------------------------------------------------------------
(test-group "string-map, string-for-each"
  (lambda ()
    (test-equal "string-map, char-foldcase" "abdegh"
                (string-map char-foldcase "AbdEgH"))
    (test-equal "string-map, a closure" "IBM"
                (string-map (lambda (c) (integer->char (+ 1 (char->integer c))))
                            "HAL"))
    (test-equal "string-map, two strings: stops at the shortest" "StUdLyCaPs"
                (string-map (lambda (c k)
                              ((if (eqv? k #\u) char-upcase char-downcase) c))
                            "studlycaps xxx"
                            "ululululul"))
    (test-equal "string-map, empty" "" (string-map char-upcase ""))
    (test-equal "string-map, ten million characters, beyond the BMP"
                '(10000000 #\x1F600 #\x1F600)
                (let ((r (string-map (lambda (c) #\x1F600)
                                     (make-string 10000000 #\a))))
                  (list (string-length r) (string-ref r 0)
                        (string-ref r 9999999))))
    (test-error "string-map, a result that is not a character"
                (lambda () (string-map (lambda (c) 1) "ab")))
    (test-equal "string-map, non-ASCII" "ÉΛΣ" (string-map char-upcase "éλσ"))
    (test-equal "string-for-each, in order" '(#\c #\b #\a)
                (let ((acc '()))
                  (string-for-each (lambda (c) (set! acc (cons c acc))) "abc")
                  acc))
    (test-equal "string-for-each, R7RS example" '(101 100 99 98 97)
                (let ((v '()))
                  (string-for-each (lambda (c) (set! v (cons (char->integer c) v)))
                                   "abcde")
                  v))
    (test-equal "string-for-each, two strings: stops at the shortest"
                '((#\b #\y) (#\a #\x))
                (let ((acc '()))
                  (string-for-each (lambda (a b) (set! acc (cons (list a b) acc)))
                                   "abc" "xy")
                  acc))))

;; ------------------------------------------------------------------
(test-group "values, call-with-values"
  (lambda ()
    (test-equal "two values to a procedure" 5
                (call-with-values (lambda () (values 4 5)) (lambda (a b) b)))
    (test-equal "a primitive consumer" -1 (call-with-values * -))
    (test-equal "one value" 7 (call-with-values (lambda () (values 7)) (lambda (x) x)))
    (test-equal "(values x) is x" 8 (+ 1 (values 7)))
    (test-equal "no values" '()
                (call-with-values (lambda () (values)) list))
    (test-equal "three values to a rest parameter" '(1 2 3)
                (call-with-values (lambda () (values 1 2 3)) list))
    (test-equal "a producer returning one plain value" '(9)
                (call-with-values (lambda () 9) list))
    (test-equal "values from a tail call in the producer" '(a b)
                (let ((f (lambda () (values 'a 'b))))
                  (call-with-values (lambda () (f)) list)))
    (test-equal "values through a let body" '(1 2)
                (call-with-values (lambda () (let ((x 1)) (values x 2))) list))
    (test-equal "values through if and begin" '(x y)
                (call-with-values (lambda () (if #t (begin 'z (values 'x 'y)) 0))
                  list))
    (test-equal "apply values" '(1 2 3)
                (call-with-values (lambda () (apply values '(1 2 3))) list))
    (test-error "too many values for the consumer"
                (lambda () (call-with-values (lambda () (values 1 2))
                             (lambda (a) a))))))

;; ------------------------------------------------------------------
(define eval-defined-later 'unset)

(test-group "eval"
  (lambda ()
    (test-equal "an expression" 21
                (eval '(* 7 3) (interaction-environment)))
    (test-equal "a procedure call built as a list" 20
                (let ((f (eval '(lambda (f x) (f x x)) (interaction-environment))))
                  (f + 10)))
    (test-equal "a constant" "str" (eval "str" (interaction-environment)))
    (test-equal "(environment '(scheme base) '(scheme write))"
                42 (eval '(* 6 7) (environment '(scheme base) '(scheme write))))
    (test-error-contains "environment: an import set must be a library name or set"
                         '("import" "bad library name" "5")
                         (lambda () (environment 5)))
    (test-equal "a quoted datum" '(a b) (eval ''(a b) (interaction-environment)))
    (test-equal "a global variable" 'unset
                (eval 'eval-defined-later (interaction-environment)))
    (test-equal "a define at top level is visible afterwards" 42
                (begin
                  (eval '(define eval-made-global 42) (interaction-environment))
                  (eval 'eval-made-global (interaction-environment))))
    (test-equal "set! of a global through eval" 'set
                (begin
                  (eval '(set! eval-defined-later 'set) (interaction-environment))
                  eval-defined-later))
    (test-equal "special forms inside eval" 6
                (eval '(let loop ((i 0) (acc 0))
                         (if (> i 3) acc (loop (+ i 1) (+ acc i))))
                      (interaction-environment)))
    (test-equal "nested eval" 3
                (eval '(eval '(+ 1 2) (interaction-environment))
                      (interaction-environment)))
    (test-equal "eval does not see the caller's locals" 'global
                (let ((eval-defined-later 'local))
                  (eval '(begin (set! eval-defined-later 'global)
                                eval-defined-later)
                        (interaction-environment))))
    (test-error "an error inside eval is catchable"
                (lambda () (eval '(car 1) (interaction-environment))))))

;; ------------------------------------------------------------------
(define loaded-value 'unset)

(test-group "load"
  (lambda ()
    (let ((path (test-write-file "load-defs.scm"
                            "(define loaded-square (lambda (x) (* x x)))
(define loaded-list (list 1 2 3))
(set! loaded-value (loaded-square 9))
")))
      (load path)
      (test-equal "a definition made by load" 16
                  (eval '(loaded-square 4) (interaction-environment)))
      (test-equal "a set! made by load" 81 loaded-value)
      (test-equal "expressions run in order" '(1 2 3)
                  (eval 'loaded-list (interaction-environment))))
    (let ((path (test-write-file "load-twice.scm"
                            "(set! loaded-value (+ loaded-value 1))\n")))
      (set! loaded-value 0)
      (load path)
      (load path)
      (test-equal "loading twice runs twice" 2 loaded-value))
    (let ((path (test-write-file "load-empty.scm" "")))
      (test-assert "an empty file" (begin (load path) #t)))
    (let ((path (test-write-file "load-nested.scm"
                            (string-append
                             "(load \"" test-temp-directory "load-twice.scm\")\n"
                             "(set! loaded-value (* loaded-value 10))\n"))))
      (set! loaded-value 4)
      (load path)
      (test-equal "a file that loads another" 50 loaded-value))
    (let ((path (test-write-file "load-error.scm"
                            "(set! loaded-value 'before)\n(car '())\n(set! loaded-value 'after)\n")))
      (test-error "an error in a loaded file is catchable" (lambda () (load path)))
      (test-equal "what ran before the error stays done" 'before loaded-value))
    (test-assert "a missing file: a file error"
                 (file-error? (raised-object
                               (lambda ()
                                 (load (string-append test-temp-directory
                                                      "no-such-file.scm"))))))))

;; ------------------------------------------------------------------
(define plus
  (case-lambda
    (() 0)
    ((x) x)
    ((x y) (+ x y))
    ((x y . more) (apply plus (+ x y) more))))
(define (count-down n) (if (= n 0) 'done (step n)))
(define step (case-lambda ((n) (count-down (- n 1))) ((n m) 'two)))

(test-group "case-lambda"
  (lambda ()
    (test-equal "the clause that takes the count, first match wins"
                '(0 1 3 10) (list (plus) (plus 1) (plus 1 2) (plus 1 2 3 4)))
    (test-equal "through apply and map" '(6 (1 2))
                (list (apply plus '(1 2 3)) (map plus '(1 2))))
    (test-eq "a procedure" #t (procedure? plus))
    (test-equal "named by its definition" "#<procedure plus>"
                (let ((out (open-output-string)))
                  (write plus out)
                  (get-output-string out)))
    (test-eq "tail calls through it run in constant space" 'done
             (count-down 1000000))
    (test-error-message "no clause takes the count"
                        "step: wrong number of arguments (no clause of the case-lambda takes 3)"
                        (lambda () (step 1 2 3)))))

(define promise-count 0)
(define counted (delay (begin (set! promise-count (+ promise-count 1)) 'value)))
(define (stream-from n limit)
  (delay-force (if (= n limit) (delay n) (stream-from (+ n 1) limit))))
(define reentrant-x 5)
(define reentrant
  (delay (begin (set! reentrant-x (+ reentrant-x 1))
                (if (> reentrant-x 5) reentrant-x (force reentrant)))))

(test-group "promises: delay, delay-force, make-promise, force"
  (lambda ()
    (test-equal "force runs a delayed expression once" '(value value 1)
                (let* ((a (force counted)) (b (force counted)))
                  (list a b promise-count)))
    (test-eq "promise?" #t (and (promise? counted) (not (promise? 'x)) #t))
    (test-equal "make-promise of a value, and of a promise" '(3 #t)
                (list (force (make-promise 3))
                      (eq? counted (make-promise counted))))
    (test-eqv "force of a non-promise gives it back" 7 (force 7))
    (test-eqv "a chain of 10^6 delay-force runs in constant space" 1000000
              (force (stream-from 0 1000000)))
    (test-eqv "a promise forced while it is being forced (R7RS 4.2.5)" 6
              (force reentrant))))

(define radix (make-parameter 10))
(define doubled (make-parameter 10 (lambda (x) (* x 2))))
(define (radix-now) (radix))

(test-group "parameters: make-parameter, parameterize"
  (lambda ()
    (test-equal "the initial value, through the converter" '(10 20)
                (list (radix) (doubled)))
    (test-equal "parameterize binds, for the body and what it calls" '(2 2)
                (parameterize ((radix 2)) (list (radix) (radix-now))))
    (test-equal "and restores afterwards" 10 (radix))
    (test-equal "the converter applies to parameterized values" 6
                (parameterize ((doubled 3)) (doubled)))
    (test-equal "several at once, nested" '(16 8 10)
                (parameterize ((radix 16) (doubled 4))
                  (list (radix) (doubled)
                        (parameterize ((radix 10)) (radix)))))
    (test-equal "restored when the body raises" '(caught 10)
                (guard (e (#t (list 'caught (radix))))
                  (parameterize ((radix 8)) (raise 'boom))))
    (test-equal "the body's values" '(1 2)
                (call-with-values
                    (lambda () (parameterize ((radix 3)) (values 1 2)))
                  list))
    (test-error-message "parameterize of a non-parameter"
                        "parameterize: not a parameter: #<procedure car>"
                        (lambda () (parameterize ((car 1)) 1)))))

(test-group "dynamic-wind"
  (lambda ()
    (test-equal "before, thunk, after, in order" '(before during after)
                (let ((l '()))
                  (dynamic-wind (lambda () (set! l (cons 'before l)))
                                (lambda () (set! l (cons 'during l)))
                                (lambda () (set! l (cons 'after l))))
                  (reverse l)))
    (test-equal "the thunk's values" '(1 2)
                (call-with-values
                    (lambda () (dynamic-wind (lambda () #f)
                                             (lambda () (values 1 2))
                                             (lambda () #f)))
                  list))
    (test-equal "after runs when the thunk raises, nested winds inside out"
                '(in1 in2 out2 out1 handler)
                (let ((l '()))
                  (guard (e (#t (set! l (cons 'handler l))))
                    (dynamic-wind
                      (lambda () (set! l (cons 'in1 l)))
                      (lambda ()
                        (dynamic-wind
                          (lambda () (set! l (cons 'in2 l)))
                          (lambda () (car '()))
                          (lambda () (set! l (cons 'out2 l)))))
                      (lambda () (set! l (cons 'out1 l)))))
                  (reverse l)))))

(test-group "continuations as procedures"
  (lambda ()
    (test-eq "procedure? of a continuation" #t
             (call-with-current-continuation procedure?))
    (test-equal "apply of a continuation" 'escaped
                (call-with-current-continuation
                 (lambda (k) (apply k '(escaped)) 'not-escaped)))))

(test-group "set-car! and set-cdr! compiled inline"
  (lambda ()
    (define (swap-fields! p)
      (let ((a (car p)))
        (set-car! p (cdr p))
        (set-cdr! p a)
        p))
    (test-equal "both fields of a fresh pair" '(2 . 1) (swap-fields! (cons 1 2)))
    (test-eq "set-car! returns what set-car! returns (unspecified)"
             (if #f #f) (set-car! (list 1) 2))
    (let ((l (list 1 2 3)))
      (set-cdr! (cdr l) '())
      (test-equal "set-cdr! truncates a list" '(1 2) l))
    (test-equal "a literal pair cannot be changed"
                "set-car!: cannot modify a literal constant: (1 2)"
                (condition-message
                 (raised-object (lambda () (swap-fields! '(1 2))))))
    (test-equal "nor its cdr"
                "set-cdr!: cannot modify a literal constant: (a . b)"
                (condition-message
                 (raised-object (lambda () (set-cdr! '(a . b) 'c)))))
    (test-equal "a literal made after collections that freed the pairs changed before"
                "set-car!: cannot modify a literal constant: (x y)"
                (let loop ((i 0))
                  (if (< i 20000)
                      (begin (set-car! (cons i i) 0) (loop (+ i 1)))
                      (begin
                        (gc)
                        (gc)
                        (let ((lit (eval '(quote (x y)) (interaction-environment))))
                          (condition-message
                           (raised-object (lambda () (set-car! lit 0)))))))))
    ;; The VM remembers up to 64 blocks of mutable pairs besides the
    ;; last (engine.c, pair_mutable_slow): pairs of many blocks changed
    ;; in turn, then freed; the literals made in their place after the
    ;; collections must still be constants.
    (test-equal "literals made where pairs of many blocks were changed"
                '(200 0)
                (let ((v (make-vector 4000 #f)))
                  (do ((i 0 (+ i 1))) ((= i 4000))
                    (vector-set! v i (cons i i))
                    (make-vector 40 i))
                  (do ((round 0 (+ round 1))) ((= round 3))
                    (do ((i 0 (+ i 1))) ((= i 4000))
                      (set-car! (vector-ref v (modulo (* i 97) 4000)) round)))
                  (vector-fill! v #f)
                  (gc)
                  (gc)
                  (let loop ((i 0) (refused 0) (changed 0))
                    (if (= i 200)
                        (list refused changed)
                        (let ((lit (eval (list 'quote (list i 'a 'b))
                                         (interaction-environment))))
                          (if (guard (e (#t #t)) (set-car! lit 0) #f)
                              (loop (+ i 1) (+ refused 1) changed)
                              (loop (+ i 1) refused (+ changed 1))))))))
    (test-equal "not a pair: the argument named"
                "set-cdr!: wrong type argument in position 1 (expected pair): #(1)"
                (condition-message
                 (raised-object (lambda () (set-cdr! (vector 1) 'c)))))
    (test-equal "redefining set-car! in a module changes that module's code only"
                '(called (9 2))
                (let ((m (resolve-module '(test redefine-set-car))))
                  (eval '(define (put! p) (set-car! p 9)) m)
                  (eval '(define (set-car! p v) 'called) m)
                  (let ((q (list 1 2)))
                    (list (eval '(put! (list 1 2)) m)
                          (begin (set-car! q 9) q)))))))

;; A named let or internal procedure that only its own body uses,
;; lambdas inside it included, refers to itself through its running
;; closure (no box); the lambdas inside copy that closure.
(test-group "procedures used by lambdas inside themselves"
  (lambda ()
    (define (depth tree)
      ;; WALK is called from the do loop and from a closure passed to
      ;; map, both inside WALK.
      (let walk ((t tree))
        (if (pair? t)
            (+ 1 (apply max (map (lambda (x) (walk x)) t)))
            (do ((i 0 (+ i 1)) (s 0 (+ s (if (vector? t) (walk (vector->list t)) 0))))
                ((= i 1) s)))))
    (test-equal "called from a closure and a loop inside it" 5
                (depth '(1 (2 #((3 (4)))) 5)))
    (define (maker)
      (define (self) (lambda () self))
      self)
    (let ((s (maker)))
      (test-assert "the closure inside holds the procedure itself"
                   (eq? ((s)) s)))
    (define (later-captured n)
      ;; COUNT is used by a lambda inside it and, afterwards, by GET, a
      ;; lambda outside it: the variable gets its box back, and the
      ;; inside still sees the procedure.
      (define (count k) (if (= k 0) 'done ((lambda () (count (- k 1))))))
      (define (get) count)
      (list (count n) (eq? (get) count) ((get) 2)))
    (test-equal "a later lambda outside captures it too" '(done #t done)
                (later-captured 5))
    (letrec ((f (lambda (n) (if (= n 0) '() (cons n ((lambda () (f (- n 1)))))))))
      (test-equal "letrec" '(3 2 1) (f 3)))))

;; An if, and, or, when or cond in the test of an if branches to the
;; outcome directly (compile.c, compile_if_test): every combination of
;; values, with the side effects in order and () and 0 true.
(test-group "conditions made of conditions"
  (lambda ()
    (define values-tried (list #f #t '() 0))
    (define (each f)
      (for-each (lambda (a) (for-each (lambda (b) (for-each (lambda (c) (f a b c))
                                                            values-tried))
                                      values-tried))
                values-tried))
    (define (truth x) (if (memq x '(#f)) 'no 'yes))
    (define wrong '())
    (define (check name got expected)
      (unless (equal? got expected)
        (set! wrong (cons (list name got expected) wrong))))
    (each (lambda (a b c)
            (check (list 'if a b c)
                   (if (if a b c) 'yes 'no) (truth (if a b c)))
            (check (list 'and a b c)
                   (if (and a b c) 'yes 'no) (truth (and a b c)))
            (check (list 'or a b c)
                   (if (or a b c) 'yes 'no) (truth (or a b c)))
            (check (list 'and-or a b c)
                   (if (and (or a b) (not c)) 'yes 'no)
                   (truth (and (or a b) (not c))))
            (check (list 'if-and a b c)
                   (if (if a (and b c) (or b c)) 'yes 'no)
                   (truth (if a (and b c) (or b c))))
            (check (list 'cond a b c)
                   (if (cond (a b) (b c) (else #f)) 'yes 'no)
                   (truth (cond (a b) (b c) (else #f))))))
    (test-equal "every combination of four values" '() wrong)
    (let ((log '()))
      (define (note x v) (set! log (cons x log)) v)
      (when (and (note 'a #t) (or (note 'b #f) (note 'c 0)) (note 'd '()))
        (note 'then #t))
      (unless (and (note 'e #t) (note 'f #f) (note 'g #t))
        (note 'else #t))
      (test-equal "what runs, in order" '(a b c d then e f else) (reverse log)))
    (test-equal "constant tests" '(1 2 3 4)
                (list (if (and) 1 0) (if (or) 0 2) (if (if #f #f 3) 3 0)
                      (if (and 1 (if #f #f #f)) 0 4)))
    (test-equal "a let and a call inside the test" '(yes no)
                (map (lambda (l) (if (and (let ((n (length l))) (> n 1)) (pair? (cdr l)))
                                     'yes 'no))
                     '((1 2) (1))))
    (test-equal "or's value is the first true one" '(0 () (b c) #f x)
                (list (or #f 0) (or '() 1) (or (memq 'b '(a b c)) 'none)
                      (or #f #f) (let ((f (lambda () (or #f 'x)))) (f))))
    (test-equal "or for effect runs up to the first true one" '(a b)
                (let ((log '()))
                  (define (note x v) (set! log (cons x log)) v)
                  (or (note 'a #f) (note 'b 0) (note 'c 1))
                  (reverse log)))
    (test-equal "or in tail position, deep" 100000
                (let loop ((i 0)) (or (and (= i 100000) i) (loop (+ i 1)))))
    (test-equal "a let written like or's, its variable used after" '(1 (#f))
                (list (let ((x 1)) (if x x (list x)))
                      (let ((x #f)) (if x x (list x)))))
    (test-equal "or around a loop" 10
                (or (let loop ((i 0)) (if (= i 10) i (loop (+ i 1)))) 'none))
    (test-equal "in a loop's test, for effect" 6
                (let ((v (vector 1 2 3)) (s 0))
                  (do ((i 0 (+ i 1))) ((or (= i 3) (not (vector-ref v i))) s)
                    (if (and (> (vector-ref v i) 0) (< i 3))
                        (set! s (+ s (vector-ref v i)))))))))

;; As the test of an if, (vector-ref v i) with i a local branches in
;; the same instruction (BR_VREF_L; BR_VREF_FL when v is a free value
;; of the procedure): only #f is false.
(test-group "vector-ref with a local index as a test"
  (lambda ()
    (define (truth v i) (if (vector-ref v i) 'true 'false))
    (define (prober v) (lambda (i) (if (vector-ref v i) 'true 'false)))
    (define (both v i j) (and (vector-ref v i) (vector-ref v j) #t))
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "#f, #t, '(), 0 and a pair" '(false true true true true)
                (let ((v (vector #f #t '() 0 '(x))))
                  (map (lambda (i) (truth v i)) '(0 1 2 3 4))))
    (test-equal "the vector a free value" '(false true true true true)
                (map (prober (vector #f #t '() 0 '(x))) '(0 1 2 3 4)))
    (test-equal "a free vector out of range, not a vector"
                '("vector-ref: argument out of range in position 2: 1"
                  "vector-ref: wrong type argument in position 1 (expected vector): 7")
                (list (message (lambda () ((prober (vector 1)) 1)))
                      (message (lambda () ((prober 7) 0)))))
    (test-equal "in an and" '(#t #f #f)
                (let ((v (vector 1 #f 2)))
                  (list (both v 0 2) (both v 0 1) (both v 1 2))))
    (test-equal "out of range"
                "vector-ref: argument out of range in position 2: 2"
                (message (lambda () (truth (vector 1 2) 2))))
    (test-equal "not a vector"
                "vector-ref: wrong type argument in position 1 (expected vector): (1 2)"
                (message (lambda () (truth (list 1 2) 0))))
    (test-equal "redefining vector-ref in a module: the test calls it"
                '((yes no) false)
                (let ((m (resolve-module '(test redefine-vector-ref-test))))
                  (eval '(define (t v i) (if (vector-ref v i) 'yes 'no)) m)
                  (eval '(define (p v) (lambda (i) (if (vector-ref v i) 'yes 'no))) m)
                  (eval '(define (vector-ref v i) (= i 0)) m)
                  (list (list (eval '(t (vector #f) 0) m) (eval '((p (vector #t #t)) 1) m))
                        (truth (vector #f) 0))))))

;; (vector-ref v i) with i a local or a constant is one instruction
;; (VREF_L, VREF_K); its errors are vector-ref's.
(test-group "vector-ref with a local or constant index"
  (lambda ()
    (define (at v i) (vector-ref v i))
    (define (second v) (vector-ref v 1))
    (define (last-of v) (let ((i (- (vector-length v) 1))) (vector-ref v i)))
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "the elements" '(a b c)
                (let ((v (vector 'a 'b 'c))) (list (at v 0) (second v) (last-of v))))
    (test-equal "the vector an expression" 5
                (let ((m (vector (vector 1 2) (vector 4 5))) (i 1))
                  (vector-ref (vector-ref m i) i)))
    (test-equal "a local index out of range"
                "vector-ref: argument out of range in position 2: 2"
                (message (lambda () (at (vector 1 2) 2))))
    (test-equal "a constant index out of range"
                "vector-ref: argument out of range in position 2: 1"
                (message (lambda () (second (vector 1)))))
    (test-equal "a negative constant index"
                "vector-ref: argument out of range in position 2: -1"
                (message (lambda () (vector-ref (vector 1) -1))))
    (test-equal "not a vector"
                "vector-ref: wrong type argument in position 1 (expected vector): (1 2)"
                (message (lambda () (second (list 1 2)))))
    (test-equal "an index that is not an integer"
                "vector-ref: wrong type argument in position 2 (expected exact integer): x"
                (message (lambda () (at (vector 1) 'x))))
    (test-equal "a negative local index, a bignum, a flonum, a character"
                '("vector-ref: argument out of range in position 2: -1"
                  "vector-ref: argument out of range in position 2: 1267650600228229401496703205376"
                  "vector-ref: wrong type argument in position 2 (expected exact integer): 0.0"
                  "vector-ref: wrong type argument in position 2 (expected exact integer): #\\a")
                (map (lambda (i) (message (lambda () (at (vector 1 2) i))))
                     (list -1 (expt 2 100) 0.0 #\a)))
    (test-equal "the last element of a long vector" 'z
                (let ((v (make-vector 100000 'z))) (at v 99999)))
    (test-equal "redefining vector-ref in a module changes that module's code only"
                '((called #(1 2) 1) (called #(1 2) 0) 2)
                (let ((m (resolve-module '(test redefine-vector-ref))))
                  (eval '(define (at v i) (vector-ref v i)) m)
                  (eval '(define (first v) (vector-ref v 0)) m)
                  (eval '(define (vector-ref v i) (list 'called v i)) m)
                  (list (eval '(at (vector 1 2) 1) m)
                        (eval '(first (vector 1 2)) m)
                        (at (vector 1 2) 1))))))

;; (vector-ref local K) is one instruction (VREF_LK): the vector read
;; from its slot, the index an operand word.
(test-group "vector-ref of a local with a constant index"
  (lambda ()
    (define (fields mv) (list (vector-ref mv 0) (vector-ref mv 1) (vector-ref mv 2)))
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "the fields" '(3 x #f) (fields (vector 3 'x #f)))
    (test-equal "in a loop, beside a local index" 12
                (let ((moves (vector (vector 1 2) (vector 3 4) (vector 0 2))))
                  (do ((m 0 (+ m 1)) (s 0 (+ s (vector-ref (vector-ref moves m) 0)
                                            (vector-ref (vector-ref moves m) 1))))
                      ((= m 3) s))))
    (test-equal "out of range"
                "vector-ref: argument out of range in position 2: 2"
                (message (lambda () (fields (vector 1 2)))))
    (test-equal "a negative index"
                "vector-ref: argument out of range in position 2: -1"
                (message (lambda () (let ((v (vector 1))) (vector-ref v -1)))))
    (test-equal "not a vector"
                "vector-ref: wrong type argument in position 1 (expected vector): \"abc\""
                (message (lambda () (fields "abc"))))
    (test-equal "redefining vector-ref in a module changes that module's code only"
                '((called #(1 2) 1) 2)
                (let ((m (resolve-module '(test redefine-vector-ref-lk))))
                  (eval '(define (second v) (vector-ref v 1)) m)
                  (eval '(define (vector-ref v i) (list 'called v i)) m)
                  (list (eval '(second (vector 1 2)) m)
                        (let ((v (vector 1 2))) (vector-ref v 1)))))
    (test-equal "a vector-ref defined later at top level is called"
                '(lk #(5 6) 0)
                (let ((m (resolve-module '(test redefine-vector-ref-lk-later))))
                  (eval '(define (first v) (vector-ref v 0)) m)
                  (eval '(define r1 (first (vector 5 6))) m)
                  (eval '(set! vector-ref (lambda (v i) (list 'lk v i))) m)
                  (and (equal? (eval 'r1 m) 5)
                       (eval '(first (vector 5 6)) m))))))

;; A let binding is pushed as an argument is: a constant, a local,
;; (- local K) and (vector-ref v i) with i a local or a constant by one
;; instruction (CONST_PUSH, LREF_PUSH, SUBLK_PUSH, VREF_*_PUSH).
(test-group "let bindings and arguments pushed by one instruction"
  (lambda ()
    (define (message thunk) (condition-message (raised-object thunk)))
    (define (parts mv)
      (let* ((from (vector-ref mv 0)) (over (vector-ref mv 1)) (to (vector-ref mv 2)))
        (list from over to)))
    (define (rows m i)
      (let ((a (vector-ref (vector-ref m i) 0)) (b (vector-ref (vector-ref m 1) i)))
        (list a b (vector-ref m i))))
    (define (bindings x n)
      (let ((c 'k) (y x) (p (- n 1)) (q (+ n 1))) (list c y p q)))
    (test-equal "the elements, bound" '(1 x #t) (parts (vector 1 'x #t)))
    (test-equal "a vector from an expression, a local or a constant index"
                '(3 4 #(3 4))
                (rows (vector (vector 1 2) (vector 3 4)) 1))
    (test-equal "constant, local and sums bound" '(k a 4 6) (bindings 'a 5))
    (test-equal "as arguments" '(2 3)
                (let ((v (vector 1 2 3)) (i 2)) (list (vector-ref v 1) (vector-ref v i))))
    (test-equal "a bound element out of range"
                "vector-ref: argument out of range in position 2: 2"
                (message (lambda () (parts (vector 1 2)))))
    (test-equal "a bound element of a non-vector"
                "vector-ref: wrong type argument in position 1 (expected vector): (1 2 3)"
                (message (lambda () (parts (list 1 2 3)))))
    (test-equal "a local index out of range, bound"
                "vector-ref: argument out of range in position 2: 5"
                (message (lambda () (rows (vector (vector 1 2) (vector 3 4)) 5))))
    (test-equal "redefining vector-ref in a module: the bindings call it"
                '((v #(1 2 3) 0) (v #(1 2 3) 2) (v #(1 2 3) 1) 3)
                (let ((m (resolve-module '(test redefine-vector-ref-push))))
                  (eval '(define (vector-ref v i) (list 'v v i)) m)
                  (eval '(define (f v i) (let ((a (vector-ref v 0)) (b (vector-ref v i)))
                                           (list a b (vector-ref v 1))))
                        m)
                  (append (eval '(f (vector 1 2 3) 2) m)
                          (list (let ((v (vector 1 2 3))) (let ((x (vector-ref v 2))) x))))))
    (test-equal "redefining - in a module: a binding of (- local K) calls it"
                '(minus 5 1)
                (let ((m (resolve-module '(test redefine-minus-push))))
                  (eval '(define (- a b) (list 'minus a b)) m)
                  (eval '(define (g n) (let ((p (- n 1))) p)) m)
                  (eval '(g 5) m)))))

;; The DROPs that end nested lets (a let*) merge into one, unless a
;; jump lands between them (an if without else in the inner body).
(test-group "nested lets in a non-tail position"
  (lambda ()
    (define (sum3 x) (list (let* ((a x) (b (+ a 1)) (c (+ b 1))) (+ a b c)) 'after))
    (define (maybe x n)
      ;; The inner let only on one branch: its DROP is a jump target's
      ;; neighbour and must stay apart from the outer one.
      (let ((acc '()))
        (do ((i 0 (+ i 1))) ((= i n) (reverse acc))
          (let ((a i))
            (if (odd? a) (let ((b (* a 10))) (set! acc (cons b acc))))
            (set! acc (cons a acc))))))
    (define (deep n)
      ;; A wrong count would move the stack a little at each turn.
      (let loop ((i 0) (s 0))
        (if (= i n)
            s
            (loop (+ i 1) (+ s (let* ((a i) (b (* a 2))) (let ((c (+ a b))) c)))))))
    (test-equal "the value, and what follows" '(18 after) (sum3 5))
    (test-equal "an inner let on one branch only" '(0 10 1 2 30 3) (maybe 'x 4))
    (test-equal "in a loop of 100000" 14999850000 (deep 100000))))

;; vector-length is an inline VM operation (VLEN).
(test-group "vector-length inline"
  (lambda ()
    (define (len v) (vector-length v))
    (test-equal "lengths" '(0 1 3 1000) (map len (list (vector) (vector 1) (vector 1 2 3)
                                                        (make-vector 1000))))
    (test-equal "not a vector"
                "vector-length: wrong type argument in position 1 (expected vector): (1)"
                (condition-message (raised-object (lambda () (len (list 1))))))
    (test-equal "redefining vector-length in a module changes that module's code only"
                '((called #(1 2)) 2)
                (let ((m (resolve-module '(test redefine-vector-length))))
                  (eval '(define (len v) (vector-length v)) m)
                  (eval '(define (vector-length v) (list 'called v)) m)
                  (list (eval '(len (vector 1 2)) m) (len (vector 1 2)))))))

;; (/ a b) is an inline VM operation (DIV): flonums and fixnums that
;; divide evenly in the instruction, everything else the generic
;; division, with its errors.
(test-group "/ inline"
  (lambda ()
    (define (div a b) (/ a b))
    (test-equal "exact and inexact quotients"
                (list 2 -3 3/2 -1/4 0.25 0.25 2.5 +inf.0 15 (expt 2 61) 1/3)
                (list (div 6 3) (div 9 -3) (div 6 4) (div 1 -4) (div 1. 4)
                      (div 1 4.) (div 5. 2.) (div 1. 0) (div 10 2/3)
                      (div (- (expt 2 61)) -1) (div (expt 10 30) (* 3 (expt 10 30)))))
    (test-equal "a fresh flonum each time" '(#f 0.5 0.25)
                (let* ((a (div 1. 2)) (b (div 1. 4))) (list (eq? a b) a b)))
    (test-equal "exact division by zero"
                "/: division by zero: 1 0"
                (condition-message (raised-object (lambda () (div 1 0)))))
    (test-equal "not a number"
                "/: wrong type argument in position 2 (expected number): x"
                (condition-message (raised-object (lambda () (div 1. 'x)))))
    (test-equal "redefining / in a module changes that module's code only"
                '((called 1 2) 1/2)
                (let ((m (resolve-module '(test redefine-divide))))
                  (eval '(define (d a b) (/ a b)) m)
                  (eval '(define (/ a b) (list 'called a b)) m)
                  (list (eval '(d 1 2) m) (div 1 2))))))

;; (+ a b), (- a b) and (* a b) are inline VM operations: two fixnums
;; in the instruction, two immediate flonums in a function of each
;; operation, anything else as the generic procedures compute it.
(test-group "flonum + - * inline"
  (lambda ()
    (define (add a b) (+ a b))
    (define (sub a b) (- a b))
    (define (mul a b) (* a b))
    (define operands
      (list 0 1 -7 (expt 2 61) (expt 2 70) 1/3 -2/7 0.0 -0.0 1.5 -2.25 1e-300
            1e300 4.5e18 +inf.0 -inf.0 +nan.0))
    ;; eqv? to the primitive's own result, applied: any difference of
    ;; exactness, sign of a zero, NaN or rounding shows.
    (define (differences inline prim)
      (let loop ((l operands) (wrong '()))
        (if (null? l)
            wrong
            (loop (cdr l)
                  (let inner ((m operands) (wrong wrong))
                    (if (null? m)
                        wrong
                        (inner (cdr m)
                               (if (eqv? (inline (car l) (car m))
                                         (apply prim (list (car l) (car m))))
                                   wrong
                                   (cons (list (car l) (car m)) wrong)))))))))
    (test-equal "+ of every pair of numbers is the primitive's" '()
                (differences add +))
    (test-equal "- of every pair of numbers is the primitive's" '()
                (differences sub -))
    (test-equal "* of every pair of numbers is the primitive's" '()
                (differences mul *))
    ;; ADD, SUB and MUL of a pushed operand; ADD_L of a local.
    (define (nested a b)
      (let ((l (list a)))
        (* (+ (car l) a) (- (* a b) (car l)))))
    (define (nested-by-apply a b)
      (apply * (list (apply + (list a a))
                     (apply - (list (apply * (list a b)) a)))))
    (define (add-local a b) (let ((l (list b))) (+ a (car l))))
    (test-equal "nested + - * of every pair are the primitives'" '()
                (differences nested nested-by-apply))
    (test-equal "+ of a local and a computed value is the primitive's" '()
                (differences add-local +))
    (test-equal "signs of zeros" '(-0.0 0.0 -0.0 -0.0 0.0)
                (list (add -0.0 -0.0) (add -0.0 0.0) (sub -0.0 0.0)
                      (mul -1.5 0.0) (mul -1.5 -0.0)))
    (test-equal "results outside the immediate range" '(1e20 5.421010862427522e-20 +inf.0 -inf.0)
                ;; 2^-32 squared is 2^-64, just below the immediates.
                (list (mul 1e10 1e10) (mul 2.3283064365386963e-10 2.3283064365386963e-10) (mul 1e300 1e10)
                      (sub -1e308 1e308)))
    (test-assert "NaN from infinities" (nan? (sub +inf.0 +inf.0)))
    (test-equal "mixed fixnums, bignums, rationals" (list 2.5 1.1805916207174113e21 1.0 -0.5)
                (list (add 1 1.5) (add (expt 2 70) 1.0) (mul 1/3 3.0) (sub 0.5 1)))
    (test-equal "not a number"
                "*: wrong type argument in position 2 (expected number): x"
                (condition-message (raised-object (lambda () (mul 1.5 'x)))))
    (test-equal "redefining * in a module: called with flonums too"
                '((called 1.5 2.5) 3.75)
                (let ((m (resolve-module '(test redefine-times-flonum))))
                  (eval '(define (t a b) (* a b)) m)
                  (eval '(define (* a b) (list 'called a b)) m)
                  (list (eval '(t 1.5 2.5) m) (mul 1.5 2.5))))))

;; The 28 compositions of car and cdr, each written out in C from its
;; name (pairs.c, cxr): every one against the composition it names.
(test-group "the compositions of car and cdr"
  (lambda ()
    (define tree '((((1 . 2) 3 . 4) (5 . 6) 7 . 8) ((9 . 10) 11 . 12) (13 . 14) 15 . 16))
    (define (by-name name x)
      ;; "cadr": apply the letters between c and r from the right.
      (let loop ((letters (cdr (reverse (cdr (string->list name))))) (x x))
        (if (null? letters)
            x
            (loop (cdr letters) (if (char=? (car letters) #\a) (car x) (cdr x))))))
    (define names
      '("caar" "cadr" "cdar" "cddr" "caaar" "caadr" "cadar" "caddr" "cdaar"
        "cdadr" "cddar" "cdddr" "caaaar" "caaadr" "caadar" "caaddr" "cadaar"
        "cadadr" "caddar" "cadddr" "cdaaar" "cdaadr" "cdadar" "cdaddr" "cddaar"
        "cddadr" "cdddar" "cddddr"))
    (test-equal "each is the composition it names" '()
                (let loop ((l names) (wrong '()))
                  (if (null? l)
                      wrong
                      (let ((f (eval (string->symbol (car l))
                                     (environment '(scheme base) '(scheme cxr)))))
                        (loop (cdr l)
                              (if (equal? (f tree) (by-name (car l) tree))
                                  wrong
                                  (cons (car l) wrong)))))))
    (test-equal "a list too short"
                "caddr: wrong type argument in position 1 (expected pair with the right structure): (1 2)"
                (condition-message (raised-object (lambda () (caddr (list 1 2))))))
    (test-equal "not a pair at all"
                "cdar: wrong type argument in position 1 (expected pair with the right structure): 5"
                (condition-message (raised-object (lambda () (cdar 5)))))))

;; (+ a b c ...) of 3 to 8 arguments is one instruction (ADDN) whose
;; fixnum sums are inline; everything else is the primitive's.
(test-group "sums of three or more"
  (lambda ()
    (define (sum3 a b c) (+ a b c))
    (define (sum8 a b c d e f g h) (+ a b c d e f g h))
    (define (sum9 a) (+ a a a a a a a a a))
    (define big (expt 2 61))
    (test-equal "fixnums" '(6 36 -6 81) (list (sum3 1 2 3) (sum8 1 2 3 4 5 6 7 8)
                                              (sum3 -1 -2 -3) (sum9 9)))
    (test-equal "past the fixnums" (* 3 big) (sum3 big big big))
    (test-equal "a partial sum past the fixnums, the total back within"
                1 (sum3 (- big 1) (- big 1) (- 3 (* 2 big))))
    (test-equal "flonums and exact rationals" '(6.5 11/6)
                (list (sum3 1 2.5 3) (sum3 1 1/2 1/3)))
    (test-equal "not a number: its position"
                "+: wrong type argument in position 3 (expected number): x"
                (condition-message (raised-object (lambda () (sum3 1 2 'x)))))
    (test-equal "redefining + in a module changes that module's code only"
                '((called 1 2 3) 6)
                (let ((m (resolve-module '(test redefine-plus))))
                  (eval '(define (s a b c) (+ a b c)) m)
                  (eval '(define (+ . args) (cons 'called args)) m)
                  (list (eval '(s 1 2 3) m) (sum3 1 2 3))))))

;; (list a ...) of 1 to 8 arguments is one instruction (LIST) that
;; takes its pairs from the VM's free list; a redefined list is called.
(test-group "list of one to eight"
  (lambda ()
    (define (l1 a) (list a))
    (define (l3 a b c) (list a b c))
    (define (l8 a) (list a (+ a 1) (+ a 2) (+ a 3) (+ a 4) (+ a 5) (+ a 6) a))
    (define (l9 a) (list a a a a a a a a a))
    (test-equal "results" '((x) (1 2 3) (1 2 3 4 5 6 7 1) (0 0 0 0 0 0 0 0 0))
                (list (l1 'x) (l3 1 2 3) (l8 1) (l9 0)))
    (test-equal "fresh pairs each time" #f
                (let ((a (l3 1 2 3)) (b (l3 1 2 3)))
                  (set-car! (cdr a) 'x)
                  (or (eq? a b) (eq? (cadr b) 'x))))
    (test-equal "the lists survive collections" (make-list 300 '(7 8 9))
                (let lp ((i 0) (acc '()))
                  (if (= i 300)
                      acc
                      (let ((l (l3 7 8 9)))
                        (if (= 0 (remainder i 100)) (gc))
                        (lp (+ i 1) (cons l acc))))))
    (test-equal "each argument evaluated once, before the list is made"
                '((1 2 3) 3)
                (let* ((n 0) (next (lambda () (set! n (+ n 1)) n)))
                  (let ((l (list (next) (next) (next))))
                    (list (sort l <) n))))
    (test-equal "redefining list in a module changes that module's code only"
                '((called 1 2) (1 2 3))
                (let ((m (resolve-module '(test redefine-list))))
                  (eval '(define (mk a b) (list a b)) m)
                  (eval '(define (list . args) (cons 'called args)) m)
                  (list (eval '(mk 1 2) m) (l3 1 2 3))))))

;; (vector a ...) of 1 to 8 arguments is one instruction (VECTOR), as
;; list's; a redefined vector is called.
(test-group "vector of one to eight"
  (lambda ()
    (define (v3 a b c) (vector a b c))
    (define (vectors a)
      (list (vector a) (vector a (+ a 1) (+ a 2) (+ a 3) (+ a 4) (+ a 5) (+ a 6) a)
            (vector a a a a a a a a a) (vector)))
    (test-equal "results"
                '(#(1 2 3) #(1) #(1 2 3 4 5 6 7 1) #(1 1 1 1 1 1 1 1 1) #())
                (cons (v3 1 2 3) (vectors 1)))
    (test-equal "fresh and mutable each time" '(#(1 x 3) #(1 2 3) #f)
                (let ((a (v3 1 2 3)) (b (v3 1 2 3)))
                  (vector-set! a 1 'x)
                  (list a b (eq? a b))))
    (test-equal "the vectors survive collections" (make-list 300 #(7 8 9 10))
                (let lp ((i 0) (acc '()))
                  (if (= i 300)
                      acc
                      (let ((v (vector 7 8 (+ i 9 (- i)) 10)))
                        (if (= 0 (remainder i 100)) (gc))
                        (lp (+ i 1) (cons v acc))))))
    (test-equal "each argument evaluated once, in a vector of its length"
                '(3 3)
                (let* ((n 0) (next (lambda () (set! n (+ n 1)) n)))
                  (let ((v (vector (next) (next) (next))))
                    (list (vector-length v) n))))
    (test-equal "redefining vector in a module changes that module's code only"
                '((called 1 2) #(1 2 3))
                (let ((m (resolve-module '(test redefine-vector))))
                  (eval '(define (mk a b) (vector a b)) m)
                  (eval '(define (vector . args) (cons 'called args)) m)
                  (list (eval '(mk 1 2) m) (v3 1 2 3))))))

;; (+ local x) and (- local x) read the local in the instruction
;; (ADD_L, SUB_L); results and errors are those of + and -.
(test-group "sums and differences with a local first"
  (lambda ()
    (define (add a l) (+ a (car l)))
    (define (sub a l) (- a (car l)))
    (define big (expt 2 61))
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "fixnums" '(3 -1) (list (add 1 '(2)) (sub 1 '(2))))
    (test-equal "past the fixnums and back" (list (+ big 5) (- (- big 1) big))
                (list (add big '(5)) (sub (- big 1) (list big))))
    (test-equal "flonums and rationals" '(3.5 -1/2) (list (add 1 '(2.5)) (sub 1/2 '(1))))
    (test-equal "the local not a number: position 1"
                "+: wrong type argument in position 1 (expected number): x"
                (message (lambda () (add 'x '(1)))))
    (test-equal "the other not a number: position 2"
                "-: wrong type argument in position 2 (expected number): y"
                (message (lambda () (sub 1 '(y)))))
    (test-equal "redefining + and - in a module changes that module's code only"
                '((plus 1 2) (minus 1 2) 3 -1)
                (let ((m (resolve-module '(test redefine-plus-minus))))
                  (eval '(define (a x l) (+ x (car l))) m)
                  (eval '(define (s x l) (- x (car l))) m)
                  (eval '(define (+ x y) (list 'plus x y)) m)
                  (eval '(define (- x y) (list 'minus x y)) m)
                  (list (eval '(a 1 '(2)) m) (eval '(s 1 '(2)) m)
                        (add 1 '(2)) (sub 1 '(2)))))))

;; Passed or bound, (+ local x) and (- local x) push the result too
;; (ADD_L_PUSH, SUB_L_PUSH); the slow path's result is pushed as well.
(test-group "sums and differences with a local first, pushed"
  (lambda ()
    (define (both a l) (list (+ a (car l)) (- a (car l))))
    (define (bound a l) (let ((s (+ a (car l))) (d (- a (car l)))) (vector d s)))
    (define big (expt 2 61))
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "fixnums, as arguments and bindings" '((3 -1) #(-1 3))
                (list (both 1 '(2)) (bound 1 '(2))))
    (test-equal "past the fixnums" (list (+ big big) 0) (both big (list big)))
    (test-equal "flonums and rationals" '(#(-1.5 3.5) (3/2 -1/2))
                (list (bound 1 '(2.5)) (both 1/2 '(1))))
    (test-equal "the local not a number: position 1"
                "+: wrong type argument in position 1 (expected number): x"
                (message (lambda () (both 'x '(1)))))
    (test-equal "the other not a number: position 2"
                "+: wrong type argument in position 2 (expected number): y"
                (message (lambda () (bound 1 '(y)))))
    (test-equal "redefining + and - in a module: the arguments call them"
                '(((plus 1 2) (minus 1 2)) #(-1 3))
                (let ((m (resolve-module '(test redefine-plus-minus-push))))
                  (eval '(define (b x l) (list (+ x (car l)) (- x (car l)))) m)
                  (eval '(define (+ x y) (list 'plus x y)) m)
                  (eval '(define (- x y) (list 'minus x y)) m)
                  (list (eval '(b 1 '(2)) m) (bound 1 '(2)))))))

;; A test (< local x) and the like reads the local in its branch
;; instruction (BRL_*); results and errors are those of the primitive.
(test-group "comparisons of a local in a test"
  (lambda ()
    (define (cmp a l)
      (map (lambda (r) (if r 'y 'n))
           (list (if (= a (car l)) #t #f) (if (< a (car l)) #t #f)
                 (if (> a (car l)) #t #f) (if (<= a (car l)) #t #f)
                 (if (>= a (car l)) #t #f))))
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "fixnums" '((y n n y y) (n y n y n) (n n y n y))
                (list (cmp 1 '(1)) (cmp 1 '(2)) (cmp 2 '(1))))
    (test-equal "flonums, bignums, rationals" '((n y n y n) (n n y n y) (y n n y y))
                (list (cmp 1 '(2.5)) (cmp (expt 2 70) '(1)) (cmp 1/2 '(0.5))))
    (test-equal "the local not a number: position 1"
                "<: wrong type argument in position 1 (expected real number): x"
                (message (lambda () (let ((a 'x)) (if (< a (car '(1))) 1 2)))))
    (test-equal "the other not a number: position 2"
                ">=: wrong type argument in position 2 (expected real number): y"
                (message (lambda () (let ((a 1)) (if (>= a (car '(y))) 1 2)))))
    (test-equal "redefining < in a module changes that module's code only"
                '(called n)
                (let ((m (resolve-module '(test redefine-less))))
                  (eval '(define (t a l) (if (< a (car l)) 'called 'not)) m)
                  (eval '(define (< a b) 'anything-true) m)
                  (list (eval '(t 2 '(1)) m) (cadr (cmp 2 '(1))))))))

;; A test (< local local) and the like reads both locals in its branch
;; instruction (BRLL_*): two fixnums inline, anything else the
;; primitive's result or error.
(test-group "comparisons of two locals in a test"
  (lambda ()
    (define (cmp a b)
      (map (lambda (r) (if r 'y 'n))
           (list (if (= a b) #t #f) (if (< a b) #t #f) (if (> a b) #t #f)
                 (if (<= a b) #t #f) (if (>= a b) #t #f))))
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "fixnums" '((y n n y y) (n y n y n) (n n y n y))
                (list (cmp 1 1) (cmp 1 2) (cmp 2 1)))
    (test-equal "flonums, bignums, rationals" '((n y n y n) (n n y n y) (y n n y y))
                (list (cmp 1 2.5) (cmp (expt 2 70) 1) (cmp 1/2 0.5)))
    (test-equal "the first not a number: position 1"
                "<: wrong type argument in position 1 (expected real number): x"
                (message (lambda () (let ((a 'x) (b 1)) (if (< a b) 1 2)))))
    (test-equal "the second not a number: position 2"
                ">=: wrong type argument in position 2 (expected real number): y"
                (message (lambda () (let ((a 1) (b 'y)) (if (>= a b) 1 2)))))
    (test-equal "redefining < in a module changes that module's code only"
                '((called 2 1) n)
                (let ((m (resolve-module '(test redefine-less-two))))
                  (eval '(define (t a b) (if (< a b) (list 'called a b) 'not)) m)
                  (eval '(define (< a b) 'anything-true) m)
                  (list (eval '(t 2 1) m) (cadr (cmp 2 1)))))))

;; A test (< x local) and the like, x not a plain local, computes x
;; into acc and reads the local in its branch instruction (BRR_*): two
;; fixnums inline, other numbers compared out of line as the primitive
;; compares them, a redefined primitive called.
(test-group "comparisons with a local second in a test"
  (lambda ()
    (define (cmp l b)
      (map (lambda (r) (if r 'y 'n))
           (list (if (= (car l) b) #t #f) (if (< (car l) b) #t #f)
                 (if (> (car l) b) #t #f) (if (<= (car l) b) #t #f)
                 (if (>= (car l) b) #t #f))))
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "fixnums" '((y n n y y) (n y n y n) (n n y n y))
                (list (cmp '(1) 1) (cmp '(1) 2) (cmp '(2) 1)))
    (test-equal "flonums, bignums, rationals" '((n y n y n) (n n y n y) (y n n y y))
                (list (cmp '(1) 2.5) (cmp (list (expt 2 70)) 1) (cmp '(1/2) 0.5)))
    (test-equal "the computed operand not a number: position 1"
                "<: wrong type argument in position 1 (expected real number): x"
                (message (lambda () (let ((b 1)) (if (< (car '(x)) b) 1 2)))))
    (test-equal "the local not a number: position 2"
                ">=: wrong type argument in position 2 (expected real number): y"
                (message (lambda () (let ((b 'y)) (if (>= (car '(1)) b) 1 2)))))
    (test-equal "redefining < in a module changes that module's code only"
                '((called (2 1)) n)
                (let ((m (resolve-module '(test redefine-less-right))))
                  (eval '(define (t l b) (if (< (car l) b) (list 'called (list (car l) b)) 'not)) m)
                  (eval '(define (< a b) 'anything-true) m)
                  (list (eval '(t '(2) 1) m) (cadr (cmp '(2) 1)))))
    (test-equal "NaN is neither =, <, >, <= nor >= anything"
                '((n n n n n) (n n n n n) (n n n n n))
                (list (cmp '(+nan.0) 1.0) (cmp '(1.0) +nan.0) (cmp '(+nan.0) +nan.0)))
    (test-equal "-0.0 and 0.0 and 0 are equal"
                '((y n n y y) (y n n y y) (y n n y y))
                (list (cmp '(-0.0) 0.0) (cmp '(0.0) -0.0) (cmp '(0) -0.0)))
    (test-equal "infinities, against flonums and bignums"
                '((n n y n y) (n y n y n) (y n n y y) (n y n y n))
                (list (cmp '(+inf.0) 1e308) (cmp '(-inf.0) -1e308)
                      (cmp '(+inf.0) +inf.0) (cmp (list (expt 10 400)) +inf.0)))
    ;; 2^53 + 1 is a fixnum no double holds: compared exactly.
    (test-equal "a fixnum past 2^53 next to a flonum compares exactly"
                '((n n y n y) (n y n y n))
                (list (cmp (list (+ (expt 2 53) 1)) 9007199254740992.0)
                      (cmp '(9007199254740992.0) (+ (expt 2 53) 1))))
    (test-equal "flonums against rationals and bignums"
                '((n y n y n) (n n y n y) (y n n y y))
                (list (cmp '(0.25) 1/3) (cmp '(1e30) (expt 2 70)) (cmp '(0.5) 1/2)))
    (test-equal "the local a flonum, the other not a number: position 1"
                ">: wrong type argument in position 1 (expected real number): x"
                (message (lambda () (let ((b 1.5)) (if (> (car '(x)) b) 1 2)))))
    (test-equal "a complex operand: position 2, not a real number"
                "<: wrong type argument in position 2 (expected real number): +i"
                (message (lambda () (let ((b (sqrt -1))) (if (< (car '(1.5)) b) 1 2)))))
    (test-equal "redefining > in a module: called with flonums too"
                '((called (2.5 1.5)) (called (1.0 +nan.0)) y)
                (let ((m (resolve-module '(test redefine-greater-right))))
                  (eval '(define (t l b) (if (> (car l) b) (list 'called (list (car l) b)) 'not)) m)
                  (eval '(define (> a b) 'anything-true) m)
                  (list (eval '(t '(2.5) 1.5) m) (eval '(t '(1.0) +nan.0) m)
                        (caddr (cmp '(2.5) 1.5)))))))

;; A test (null? local) or (pair? local) reads the local in its branch
;; instruction (BRL_NULLP, BRL_PAIRP).
(test-group "type tests of a local in a test"
  (lambda ()
    (define (kinds x)
      (list (if (null? x) 'null 'not-null) (if (pair? x) 'pair 'not-pair)
            (cond ((null? x) 0) ((pair? x) 1) (else 2))))
    (test-equal "the empty list, a pair, other values"
                '((null not-pair 0) (not-null pair 1) (not-null not-pair 2)
                  (not-null not-pair 2) (not-null not-pair 2))
                (map kinds (list '() '(1) 5 #f (vector))))
    (test-equal "a list walked to its end" 3
                (let lp ((l '(a b c)) (n 0)) (if (null? l) n (lp (cdr l) (+ n 1)))))
    (test-equal "an improper list's tail" '(3 x)
                (let lp ((l '(1 2 3 . x)) (n 0))
                  (if (pair? l) (lp (cdr l) (+ n 1)) (list n l))))
    (test-equal "redefining null? and pair? in a module changes that module's code only"
                '((called-null called-pair 0) (not-null not-pair 2))
                (let ((m (resolve-module '(test redefine-null-pair))))
                  (eval '(define (t x)
                           (list (if (null? x) 'called-null 'no)
                                 (if (pair? x) 'called-pair 'no)
                                 (let lp ((l x) (n 0))
                                   (if (null? l) n (lp (cdr l) (+ n 1))))))
                        m)
                  (eval '(define (null? x) (list 'called x)) m)
                  (eval '(define (pair? x) (not x)) m)
                  (list (eval '(t #f) m) (kinds #f))))))

;; A test (zero? local) reads the local in its branch instruction
;; (BRL_ZEROP; in a library, where zero? is the core's, BRL_ZEROP_U): a
;; fixnum compared at once, any other number asked of zero?.
(eval '(define-library (test zero-local)
         (export count-down)
         (import (scheme base))
         (begin
           (define (count-down n)
             (let lp ((n n) (k 0))
               (if (zero? n) k (lp (- n 1) (+ k 1)))))))
      (interaction-environment))
(test-group "zero? of a local in a test"
  (lambda ()
    (define (z x) (if (zero? x) 'zero 'not-zero))
    (define (listing proc)
      (let ((out (open-output-string)))
        (parameterize ((current-output-port out))
          ((eval 'disassemble (environment '(libscm disassemble))) proc))
        (get-output-string out)))
    (define count-down (eval 'count-down (environment '(test zero-local))))
    (test-assert "one instruction, checked at top level"
                 (and (string-contains (listing z) "BRL_ZEROP ")
                      (not (string-contains (listing z) "LREF "))))
    (test-assert "the twin in a library"
                 (string-contains (listing count-down) "BRL_ZEROP_U "))
    (test-equal "fixnums, flonums, exact numbers of other kinds"
                '(zero not-zero not-zero zero zero not-zero not-zero not-zero
                  not-zero)
                (map z (list 0 1 -1 0.0 -0.0 0.5 +nan.0 1/2 (expt 2 70))))
    (test-equal "a loop counted down" '(0 1000 1000)
                (list (count-down 0) (count-down 1000) (count-down 1000.0)))
    (test-equal "not a number: zero?'s error"
                "zero?: wrong type argument in position 1 (expected number): a"
                (condition-message (raised-object (lambda () (z 'a)))))
    (test-equal "the twin's error"
                "zero?: wrong type argument in position 1 (expected number): \"s\""
                (condition-message (raised-object (lambda () (count-down "s")))))
    (test-equal "redefining zero? in a module changes that module's code only"
                '((called 5) zero)
                (let ((m (resolve-module '(test redefine-zero))))
                  (eval '(define (t x) (if (zero? x) (list 'called x) 'no)) m)
                  (eval '(define (zero? x) #t) m)
                  (list (eval '(t 5) m) (z 0))))))

;; quotient, remainder and modulo of two fixnums are the C division in
;; the VM (QUOTIENT, REMAINDER, MODULO); anything else, and a divisor of
;; 0 or -1, calls the primitive.
(test-group "quotient, remainder, modulo inline"
  (lambda ()
    (define (qrm a b) (list (quotient a b) (remainder a b) (modulo a b)))
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "the four sign cases"
                '((3 2 2) (-3 -2 3) (-3 2 -3) (3 -2 -2))
                (list (qrm 17 5) (qrm -17 5) (qrm 17 -5) (qrm -17 -5)))
    (test-equal "exact multiples, and a dividend smaller than the divisor"
                '((-3 0 0) (0 3 3) (0 -3 2))
                (list (qrm -15 5) (qrm 3 5) (qrm -3 5)))
    (test-equal "a divisor of -1, the least fixnum's quotient a bignum"
                (list (expt 2 61) 0 0)
                (qrm (- (expt 2 61)) -1))
    (test-equal "bignums and flonums go to the primitive"
                '((131176846746379033713 7 7) (3.0 1.0 1.0))
                (list (qrm (expt 2 70) 9) (qrm 7. 2)))
    (test-equal "division by zero"
                "modulo: division by zero: 5 0"
                (message (lambda () (modulo 5 (car '(0))))))
    (test-equal "not a number"
                "quotient: wrong type argument in position 1 (expected integer): a"
                (message (lambda () (qrm 'a 2))))
    (test-equal "redefining modulo in a module changes that module's code only"
                '((mine 7 2) 1)
                (let ((m (resolve-module '(test redefine-modulo))))
                  (eval '(define (t a b) (modulo a b)) m)
                  (eval '(define (modulo a b) (list 'mine a b)) m)
                  (list (eval '(t 7 2) m) (caddr (qrm 7 2)))))))

;; A test (eq? local K) or (eq? K local) with K a constant is one
;; instruction (BRLK_EQ): the words compared; case's tests too.
(test-group "eq? of a local and a constant in a test"
  (lambda ()
    (define (kind x)
      (list (if (eq? x 'a) 'a 'not-a) (if (eq? 3 x) 'three 'not-three)
            (if (eq? x '()) 'empty 'not-empty)
            (if (eq? #\c x) 'c 'not-c)))
    (test-equal "symbols, fixnums, the empty list, characters"
                '((a not-three not-empty not-c) (not-a three not-empty not-c)
                  (not-a not-three empty not-c) (not-a not-three not-empty c)
                  (not-a not-three not-empty not-c))
                (map kind (list 'a 3 '() #\c "a")))
    (test-equal "redefining eq? in a module changes that module's code only"
                '((called a) (not-a not-three not-empty not-c))
                (let ((m (resolve-module '(test redefine-eq-local))))
                  (eval '(define (t x) (if (eq? x 'a) (list 'called x) 'not)) m)
                  (eval '(define (eq? a b) #t) m)
                  (list (eval '(t 'a) m) (kind 'b))))))

;; A test (eq? (car local) K) or (eq? K (car local)), car and eq? the
;; core's, is one instruction (BRLC_EQ): the pair's car compared with
;; the constant's word; car's error for anything but a pair.
(test-group "eq? of a local's car and a constant in a test"
  (lambda ()
    ;; Compiled where car and eq? cannot change (an environment of
    ;; eval): this file's module may redefine them, and is compiled
    ;; without the instruction.
    (define head
      (eval '(lambda (x)
               (cond ((eq? (car x) 'quote) 'quote)
                     ((eq? 'if (car x)) 'if)
                     ((or (eq? (car x) 'let) (eq? (car x) 'letrec)) 'let)
                     ((eq? (car x) 3) 'three)
                     ((eq? (car x) #\c) 'c)
                     ((eq? (car x) '()) 'empty)
                     (else 'other)))
            (environment '(scheme base))))
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "symbols either side, or, fixnums, characters, the empty list"
                '(quote if let let three c empty other other other)
                (map head '((quote x) (if a b) (let ()) (letrec ()) (3) (#\c)
                            (()) (lambda) ("quote") (3.5))))
    (test-equal "a dotted pair's car" 'quote (head '(quote . x)))
    (test-equal "a number and the empty list: car's error"
                '("car: wrong type argument in position 1 (expected pair): 5"
                  "car: wrong type argument in position 1 (expected pair): ()")
                (map (lambda (x) (message (lambda () (head x)))) '(5 ())))
    (test-equal "redefining car in a module changes that module's code only"
                '(yes quote)
                (let ((m (resolve-module '(test redefine-car-eq))))
                  (eval '(define (t x) (if (eq? (car x) 'k) 'yes 'no)) m)
                  (eval '(define (car x) 'k) m)
                  (list (eval '(t 5) m) (head '(quote 1)))))
    (test-equal "redefining eq? in a module changes that module's code only"
                '(yes other)
                (let ((m (resolve-module '(test redefine-eq-car))))
                  (eval '(define (t x) (if (eq? (car x) 'k) 'yes 'no)) m)
                  (eval '(define (eq? a b) #t) m)
                  (list (eval '(t '(z)) m) (head '(z)))))))

;; A test (eq? (car local1) local2) or (eq? (cdr local1) local2),
;; either order, car, cdr and eq? the core's, is one instruction
;; (BRLCL_EQ, BRLDL_EQ): sboyer's scons.  car's or cdr's error for
;; anything but a pair.
(test-group "eq? of a local's car or cdr and another local in a test"
  (lambda ()
    (define env (environment '(scheme base)))
    (define scons
      (eval '(lambda (x y original)
               (if (and (eq? x (car original)) (eq? (cdr original) y))
                   original
                   (cons x y)))
            env))
    (define (names proc)
      (let ((out (open-output-string)))
        (parameterize ((current-output-port out))
          ((eval 'disassemble (environment '(libscm disassemble))) proc))
        (get-output-string out)))
    (define (message thunk) (condition-message (raised-object thunk)))
    (define p (list 'a 'b))
    (test-eq "both fields the same: the pair itself" p (scons 'a (cdr p) p))
    (test-equal "the car differs" '(z b) (scons 'z (cdr p) p))
    (test-equal "the cdr differs" '(a . c) (scons 'a 'c p))
    (test-equal "a dotted pair" '(1 . 2)
                (let ((q (cons 1 2))) (scons 1 2 q)))
    (test-equal "no pair: car's error, then cdr's"
                '("car: wrong type argument in position 1 (expected pair): 5"
                  "cdr: wrong type argument in position 1 (expected pair): #t")
                (list (message (lambda () (scons 'a 'b 5)))
                      (message
                       (lambda ()
                         ((eval '(lambda (o y) (if (eq? y (cdr o)) 1 2)) env)
                          #t 'y)))))
    (test-assert "one instruction each"
                 (let ((text (names scons)))
                   (and (string-contains text "BRLCL_EQ ")
                        (string-contains text "BRLDL_EQ ")
                        (not (string-contains text "CAR_L")))))
    (test-equal "redefining car in a module changes that module's code only"
                '(yes (z b))
                (let ((m (resolve-module '(test redefine-car-local))))
                  (eval '(define (t x p) (if (eq? x (car p)) 'yes 'no)) m)
                  (eval '(define (car x) 'k) m)
                  (list (eval '(t 'k 5) m) (scons 'z (cdr p) p))))))

;; PROC's listing, and the message of the condition THUNK raises (the
;; groups of single test instructions below).
(define (proc-listing proc)
  (let ((out (open-output-string)))
    (parameterize ((current-output-port out))
      ((eval 'disassemble (environment '(libscm disassemble))) proc))
    (get-output-string out)))
(define (raised-message thunk) (condition-message (raised-object thunk)))

;; A test (= (car local) x), = and car the core's, x a local, a
;; constant or a sum or difference of those, is x into acc and one
;; instruction (BRLC_NUM_EQ_U): nqueens' ok?.  car's error for anything
;; but a pair, ='s for anything but numbers (which argument it names),
;; the comparison of other numbers, and the other order not fused.
(test-group "= of a local's car and a sum in a test"
  (lambda ()
    (define env (environment '(scheme base)))
    (define ok?
      (eval '(lambda (row dist placed)
               (let loop ((dist dist) (placed placed))
                 (if (null? placed)
                     #t
                     (and (not (= (car placed) (+ row dist)))
                          (not (= (car placed) (- row dist)))
                          (loop (+ dist 1) (cdr placed))))))
            env))
    (define same? (eval '(lambda (l x) (if (= (car l) x) 'same 'other)) env))
    (define other-order (eval '(lambda (l x) (if (= x (car l)) 1 2)) env))
    (test-equal "queens: safe, on a diagonal, the other diagonal"
                '(#t #f #f #t)
                (list (ok? 1 1 '(5 7)) (ok? 1 1 '(2 7)) (ok? 3 1 '(2 7))
                      (ok? 4 1 '())))
    (test-equal "fixnums, flonums, mixed, bignums, a constant"
                '(same other same same other)
                (list (same? '(3) 3) (same? '(3) 4) (same? '(3.0) 3)
                      (same? (list (expt 2 70)) (expt 2 70))
                      ((eval '(lambda (l) (if (= (car l) 9) 'same 'other)) env)
                       '(8))))
    (test-equal "no pair: car's error; no number: ='s, naming the argument"
                '("car: wrong type argument in position 1 (expected pair): ()"
                  "=: wrong type argument in position 1 (expected number): a"
                  "=: wrong type argument in position 2 (expected number): b")
                (list (raised-message (lambda () (same? '() 1)))
                      (raised-message (lambda () (same? '(a) 1)))
                      (raised-message (lambda () (same? '(1) 'b)))))
    (test-assert "one instruction; the other order keeps CAR_L"
                 (and (string-contains (proc-listing ok?) "BRLC_NUM_EQ_U ")
                      (string-contains (proc-listing same?) "BRLC_NUM_EQ_U ")
                      (not (string-contains (proc-listing other-order)
                                            "BRLC_NUM_EQ_U "))))
    (test-equal "a module's own = is called, the core's elsewhere"
                '(mine other)
                (let ((m (resolve-module '(test redefine-num-eq-car))))
                  (eval '(define (= a b) #t) m)
                  (eval '(define (t l x) (if (= (car l) x) 'mine 'other)) m)
                  (list (eval '(t '(1) 2) m) (same? '(1) 2))))))

;; A test (char=? local #\k) of a character constant is one
;; instruction (BRLK_CHAR_EQ): slatex's and a lexer's (char=? c
;; #\space).  char=?'s error for anything but a character; a module's
;; own char=? is called.
(define (char-eq-space? c) (if (char=? c #\space) 'space 'other))
(define (char-eq-class c)
  (cond ((char=? c #\a) 'a) ((char=? c #\x3bb) 'lambda)
        ((char=? c #\newline) 'newline) (else 'other)))
(test-group "char=? of a local and a character in a test"
  (lambda ()
    (test-equal "equal and not" '(space other) (list (char-eq-space? #\space)
                                                   (char-eq-space? #\x)))
    (test-equal "a cond of several, a character past Latin-1"
                '(a lambda newline other)
                (map char-eq-class '(#\a #\x3bb #\newline #\b)))
    (test-equal "no character: char=?'s error"
                "char=?: wrong type argument in position 1 (expected character): 5"
                (raised-message (lambda () (char-eq-space? 5))))
    (test-assert "one instruction each"
                 (and (string-contains (proc-listing char-eq-space?) "BRLK_CHAR_EQ ")
                      (not (string-contains (proc-listing char-eq-space?) "  CHAR_EQ "))))
    (test-equal "a module's own char=? is called, the core's elsewhere"
                '(mine other)
                (let ((m (resolve-module '(test redefine-char-eq))))
                  (eval '(define (t c) (if (char=? c #\a) 'mine 'other)) m)
                  (eval '(define (char=? a b) #t) m)
                  (list (eval '(t #\b) m) (char-eq-space? #\b))))))

;; (cons x local) reads the cdr in the instruction (CONS_L): the car
;; computed into acc first, the pair from the VM's free list; a module
;; that redefines cons calls its own.
(define (cons-l-kons a b) (cons a b))
(test-group "cons of a value and a local"
  (lambda ()
    (define (rev l)
      (let loop ((l l) (acc '()))
        (if (null? l) acc (loop (cdr l) (cons (car l) acc)))))
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "a loop's accumulation" '(3 2 1) (rev '(1 2 3)))
    (test-equal "a constant car, a computed one" '((() . x) (6 . x))
                (let ((x 'x)) (list (cons '() x) (cons (* 2 3) x))))
    (test-equal "the car computed before the cdr is read, once"
                '((1 . b) 1)
                (let* ((n 0) (b 'b)
                       (p (cons (begin (set! n (+ n 1)) n) b)))
                  (list p n)))
    (test-equal "a small global's copy" '((a . b) (1 2 . 3))
                (list (cons-l-kons 'a 'b) (cons-l-kons 1 (cons-l-kons 2 3))))
    (test-assert "fresh pairs" (not (eq? (cons-l-kons 1 2) (cons-l-kons 1 2))))
    (test-assert "one instruction"
                 (let ((out (open-output-string)))
                   (parameterize ((current-output-port out))
                     ((eval 'disassemble (environment '(libscm disassemble)))
                      rev))
                   (string-contains (get-output-string out) "CONS_L ")))
    (test-equal "redefining cons in a module changes that module's code only"
                '((mine a b) (a . b))
                (let ((m (resolve-module '(test redefine-cons-local))))
                  (eval '(define (t x y) (cons x y)) m)
                  (eval '(define (cons a b) (list 'mine a b)) m)
                  (list (eval '(t 'a 'b) m) (cons-l-kons 'a 'b))))))

;; (eq? local global) reads both in one instruction (EQ_LG), the
;; global's value when it runs; an unbound global raises its error; a
;; module that redefines eq? calls its own, the arguments in order.
(define eq-lg-marker (list 'marker))
(define (eq-lg-marker? x) (eq? x eq-lg-marker))
(define (eq-lg-test x) (if (eq-lg-marker? x) 'yes 'no))
(define (eq-lg-value x) (list (eq-lg-marker? x)))
(define (eq-lg-unbound x) (eq? x eq-lg-nowhere))
(test-group "eq? of a local and a global"
  (lambda ()
    (test-equal "the same object, a symbol, an equal list"
                '(#t #f #f)
                (list (eq-lg-marker? eq-lg-marker) (eq-lg-marker? 'marker)
                      (eq-lg-marker? (list 'marker))))
    (test-equal "copied into a test and into a value"
                '(yes no (#t) (#f))
                (list (eq-lg-test eq-lg-marker) (eq-lg-test 1)
                      (eq-lg-value eq-lg-marker) (eq-lg-value 2)))
    (test-equal "the global's value when the instruction runs"
                '(#t #f)
                (let ((saved eq-lg-marker))
                  (set! eq-lg-marker 'other)
                  (let ((r (list (eq-lg-marker? 'other) (eq-lg-marker? saved))))
                    (set! eq-lg-marker saved)
                    r)))
    (test-assert "one instruction, with the return (EQ_LG_RETURN)"
                 (let ((out (open-output-string)))
                   (parameterize ((current-output-port out))
                     ((eval 'disassemble (environment '(libscm disassemble)))
                      eq-lg-marker?))
                   (string-contains (get-output-string out) "EQ_LG_RETURN ")))
    (test-equal "an unbound global: its error, naming it"
                '("unbound variable" (eq-lg-nowhere))
                (guard (e (#t (list (error-object-message e)
                                    (error-object-irritants e))))
                  (eq-lg-unbound 1)))
    (test-equal "redefining eq? in a module: its own, the local first"
                '(#t (mine x gval))
                (let ((m (resolve-module '(test redefine-eq-local-global))))
                  (eval '(define g 'gval) m)
                  (eval '(define (t x) (eq? x g)) m)
                  (let ((before (eval '(t 'gval) m)))
                    (eval '(define (eq? a b) (list 'mine a b)) m)
                    (list before (eval '(t 'x) m)))))))

;; A procedure whose value is (< a b) of two locals returns it in one
;; instruction (LT_LL_RETURN); an inline copy out of a tail compares
;; (LT_LL) and goes on, in a tail it returns; a module that redefines
;; < calls its own through the instruction's slow path.
(define (lt-ret-less? a b) (< a b))
(define (lt-ret-test x y) (if (lt-ret-less? x y) 'lt 'ge))
(define (lt-ret-tail x y) (lt-ret-less? x y))
(test-group "(< a b) returned"
  (lambda ()
    (define (message thunk) (condition-message (raised-object thunk)))
    (define (listing proc)
      (let ((out (open-output-string)))
        (parameterize ((current-output-port out))
          ((eval 'disassemble (environment '(libscm disassemble))) proc))
        (get-output-string out)))
    (test-equal "fixnums, flonums, mixed, bignums"
                '(#t #f #f #t #f #t #f)
                (list (lt-ret-less? 1 2) (lt-ret-less? 2 1) (lt-ret-less? 2 2)
                      (lt-ret-less? 1.5 2) (lt-ret-less? 2 1.5)
                      (lt-ret-less? (expt 10 30) (expt 10 31))
                      (lt-ret-less? (expt 10 31) 5)))
    (test-equal "copied into a test and into a tail"
                '(lt ge ge #t #f)
                (list (lt-ret-test 1 2) (lt-ret-test 2 1) (lt-ret-test 2.5 1)
                      (lt-ret-tail 1 2) (lt-ret-tail 3 2)))
    (test-equal "a sort's predicate" '(1 2 3 5 8)
                (let loop ((l '(5 3 8 1 2)) (out '()))
                  ;; insertion sort through the predicate
                  (define (insert x s)
                    (cond ((null? s) (list x))
                          ((lt-ret-less? x (car s)) (cons x s))
                          (else (cons (car s) (insert x (cdr s))))))
                  (if (null? l) out (loop (cdr l) (insert (car l) out)))))
    (test-equal "no number: <'s error"
                "<: wrong type argument in position 1 (expected real number): a"
                (message (lambda () (lt-ret-less? 'a 1))))
    (test-assert "one instruction"
                 (string-contains (listing lt-ret-less?) "LT_LL_RETURN "))
    (test-equal "redefining < in a module changes that module's code only"
                '((mine 1 2) #t)
                (let ((m (resolve-module '(test redefine-lt-return))))
                  (eval '(define (t a b) (< a b)) m)
                  (eval '(define (< a b) (list 'mine a b)) m)
                  (list (eval '(t 1 2) m) (lt-ret-less? 1 2))))))

;; A call of a procedure with a rest parameter and no argument for it
;; (map's and for-each's usual call) gets '() without the general
;; adaptation; the other counts, case-lambda and the errors as before.
(test-group "rest parameters"
  (lambda ()
    (define (r1 a . rest) (list a rest))
    (define (r2 a b . rest) (list a b rest))
    (define cl (case-lambda ((a) (list 'one a)) ((a . rest) (list 'many a rest))))
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "none for the rest parameter"
                '((1 ()) (1 2 ()) (5 ()))
                (list (r1 1) (r2 1 2) (apply r1 '(5))))
    (test-equal "one and more"
                '((1 (2)) (1 2 (3 4 5)))
                (list (r1 1 2) (r2 1 2 3 4 5)))
    (test-equal "a tail call, its arguments moved down"
                '(7 ())
                (let loop ((n 0)) (if (< n 3) (loop (+ n 1)) (r1 7))))
    (test-equal "case-lambda chooses its clause"
                '((one 1) (many 1 (2)) (many 1 (2 3)))
                (list (cl 1) (cl 1 2) (cl 1 2 3)))
    (test-equal "too few arguments"
                "r2: wrong number of arguments (expected at least 2, given 1)"
                (message (lambda () (r2 1))))
    (test-equal "map and for-each of one list"
                '((2 3 4) 9)
                (let ((sum 0))
                  (for-each (lambda (x) (set! sum (+ sum x))) '(2 3 4))
                  (list (map (lambda (x) (+ x 1)) '(1 2 3)) sum)))))

;; (vector-set! v i x) with i a local is one instruction after v and x
;; (VSET_L), with v a local too one after x (VSET_LL); their errors are
;; vector-set!'s.
(test-group "vector-set! with a local index"
  (lambda ()
    (define (put! v i x) (vector-set! v i x))
    (define (put-car! p i x) (vector-set! (car p) i x))
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "a vector and an index in locals, the value computed"
                '(#(0 1 4 9) #(9 4 1 0))
                (let ((v (make-vector 4)) (w (make-vector 4)))
                  (do ((i 0 (+ i 1))) ((= i 4))
                    (vector-set! v i (* i i)))
                  (do ((i 3 (- i 1))) ((< i 0))
                    (vector-set! w i (vector-ref v (- 3 i))))
                  (list v w)))
    (test-equal "the same errors with the vector not a local"
                (map message
                     (list (lambda () (put! (vector 1) 1 0))
                           (lambda () (put! '#(1 2) 0 0))
                           (lambda () (put! (list 1) 0 0))))
                (map message
                     (list (lambda () (put-car! (list (vector 1)) 1 0))
                           (lambda () (put-car! '(#(1 2)) 0 0))
                           (lambda () (put-car! (list (list 1)) 0 0)))))
    (test-equal "an index past the fixnums or negative"
                '("vector-set!: argument out of range in position 2: 1180591620717411303424"
                  "vector-set!: argument out of range in position 2: -1")
                (list (message (lambda () (put! (vector 1) (expt 2 70) 0)))
                      (message (lambda () (put! (vector 1) -1 0)))))
    (test-equal "the element changes, the value is vector-set!'s" '(#(1 b) #t)
                (let* ((v (vector 1 2)) (r (put! v 1 'b)))
                  (list v (eq? r (vector-set! (vector 0) 0 0)))))
    (test-equal "out of range"
                "vector-set!: argument out of range in position 2: 1"
                (message (lambda () (put! (vector 1) 1 0))))
    (test-equal "a literal vector"
                "vector-set!: cannot modify a literal constant: #(1 2)"
                (message (lambda () (put! '#(1 2) 0 0))))
    (test-equal "not a vector"
                "vector-set!: wrong type argument in position 1 (expected vector): (1)"
                (message (lambda () (put! (list 1) 0 0))))
    (test-equal "an index that is not an integer"
                "vector-set!: wrong type argument in position 2 (expected exact integer): x"
                (message (lambda () (put! (vector 1) 'x 0))))
    (test-equal "redefining vector-set! in a module changes that module's code only"
                '((called #(1) 0 x) #(x))
                (let ((m (resolve-module '(test redefine-vector-set))))
                  (eval '(define (put! v i x) (vector-set! v i x)) m)
                  (eval '(define (vector-set! v i x) (list 'called v i x)) m)
                  (let ((v (vector 1)))
                    (list (eval '(put! (vector 1) 0 'x) m)
                          (begin (put! v 0 'x) v)))))))

;; (set-car! p x) with p a local is one instruction after x (SET_CAR_L),
;; (set-cdr! p x) pushes p (SET_CDR); their errors are the primitives'.
(test-group "set-car! and set-cdr! of a local pair"
  (lambda ()
    (define (setc! p x) (set-car! p x))
    (define (setd! p x) (set-cdr! p x))
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "the pair changes, the value is set-car!'s" '((a . b) #t #t)
                (let* ((p (cons 1 2)) (r (setc! p 'a)))
                  (list (begin (setd! p 'b) p)
                        (eq? r (set-car! (list 0) 0))
                        (eq? (setd! p 'b) (set-cdr! (list 0) 0)))))
    (test-equal "pairs of many blocks, then a literal one refused"
                '(20000 "set-car!: cannot modify a literal constant: (1 2)"
                  "set-cdr!: cannot modify a literal constant: (1 2)")
                (let ((l (let loop ((i 0) (l '()))
                           (if (= i 20000) l (loop (+ i 1) (cons i l))))))
                  (let loop ((p l))
                    (when (pair? p)
                      (set-car! p 1)
                      (loop (cdr p))))
                  (list (apply + l)
                        (message (lambda () (setc! '(1 2) 0)))
                        (message (lambda () (setd! '(1 2) 0))))))
    (test-equal "the same after a collection"
                '((x . y) "set-car!: cannot modify a literal constant: (1 2)")
                (let ((p (cons 1 2)))
                  (setc! p 0)
                  (gc)
                  (setc! p 'x)
                  (setd! p 'y)
                  (list p (message (lambda () (setc! '(1 2) 0))))))
    (test-equal "not a pair"
                '("set-car!: wrong type argument in position 1 (expected pair): 5"
                  "set-cdr!: wrong type argument in position 1 (expected pair): ()")
                (list (message (lambda () (setc! 5 0)))
                      (message (lambda () (setd! '() 0)))))
    (test-equal "reverse! of fresh pairs, then of a list with a literal tail"
                '((19998 19999) (9)
                  "reverse!: cannot modify a literal constant: (0 1 2 a b)"
                  (0 1 2 a b))
                ;; the fresh pairs share blocks, which reverse! checks
                ;; once each; the literal ones are of another block
                (let ((big (let loop ((i 0) (a '()))
                             (if (= i 20000) a (loop (+ i 1) (cons i a)))))
                      (l (append (list 0 1 2) '(a b))))
                  (list (list-tail (reverse! big) 19998)
                        (reverse! (cons 9 '()))
                        (message (lambda () (reverse! l)))
                        l)))
    (test-equal "redefining set-car! and set-cdr! in a module changes that module's code only"
                '((car (1) x) (cdr (1) y) (x . y))
                (let ((m (resolve-module '(test redefine-set-car))))
                  (eval '(define (setc! p x) (set-car! p x)) m)
                  (eval '(define (setd! p x) (set-cdr! p x)) m)
                  (eval '(define (set-car! p x) (list 'car p x)) m)
                  (eval '(define (set-cdr! p x) (list 'cdr p x)) m)
                  (let ((p (list 1)))
                    (list (eval '(setc! (list 1) 'x) m)
                          (eval '(setd! (list 1) 'y) m)
                          (begin (setc! p 'x) (setd! p 'y) p)))))))

;; (set-car! p x) with both locals is one instruction (SET_CAR_LL), with
;; x computed it is SET_CAR_L after x: the group above tests the first
;; (setc!), this one the second, as destruc's loops use them: the value
;; stored, a literal pair and no pair refused by set-car!'s errors, and
;; set-car! assigned in a module: both call the new value with the pair
;; and the value in order.
(test-group "set-car! of a local pair and a computed value"
  (lambda ()
    (define (setk! p x) (set-car! p (car x)))
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "the values stored, a literal and no pair refused"
                '((0 9 9 9) "set-car!: cannot modify a literal constant: (1 2)"
                  "set-car!: wrong type argument in position 1 (expected pair): 5")
                (let ((l (list 0 1 2 3)) (nine (list 9)))
                  (let loop ((p (cdr l)))
                    (when (pair? p)
                      (setk! p nine)
                      (loop (cdr p))))
                  (list l
                        (message (lambda () (setk! '(1 2) nine)))
                        (message (lambda () (setk! 5 nine))))))
    (test-equal "set-car! assigned after the code was compiled"
                '((car (1) x) (car (2) z) (y . w))
                (let ((m (resolve-module '(test redefine-set-car-k))))
                  (eval '(define (setc! p x) (set-car! p x)) m)
                  (eval '(define (setk! p x) (set-car! p (car x))) m)
                  (eval '(define q (cons 1 'w)) m)
                  (eval '(setc! q 'y) m)
                  (eval '(set! set-car! (lambda (p x) (list 'car p x))) m)
                  (eval '(list (setc! (list 1) 'x) (setk! (list 2) '(z)) q)
                        m)))))

;; A call's first argument, a plain local, is pushed by the instruction
;; that pushes the frame header (FRAME_LREF_PUSH): the callee gets it
;; and the other arguments in order, and returns where it should.
(test-group "a frame header and a local first argument"
  (lambda ()
    (define (three a b c) (list a b c))
    (define (f x y) (list (three x y (+ x y)) (three y x 0) x))
    (test-equal "in order, the frame returning into a list" '((1 2 3) (2 1 0) 1)
                (f 1 2))
    (test-equal "in both arms of an if" '((5 1 0) (1 5 6))
                (let ((x 5) (y 1))
                  (map (lambda (c) (if c (three x y 0) (three y x (+ x y))))
                       '(#t #f))))
    (test-equal "nested, a local pushed under each frame" '(1 (2 (3 4 5) 6) 7)
                (let ((a 1) (b 2) (c 3))
                  (three a (three b (three c 4 5) 6) 7)))))

;; A value pushed just before a call's frame header is one instruction
;; with it (PUSH_FRAME), except where a jump lands between the two: the
;; head of a loop whose body starts with a call.
(test-group "a pushed value and a frame header"
  (lambda ()
    (define (id x) x)
    (define (tak x y z)
      (if (not (< y x)) z
          (tak (tak (- x 1) y z) (tak (- y 1) z x) (tak (- z 1) x y))))
    (test-equal "arguments that are calls" 7 (tak 18 12 6))
    (test-equal "a loop whose body starts with a call, entered after a push"
                '(3 (2 1 0))
                (let ((log '()))
                  (define (note x) (set! log (cons x log)))
                  (list (let loop ((i (id 0)))
                          (note i)
                          (if (< i 2) (loop (+ i 1)) (+ i 1)))
                        log)))
    (test-equal "the same, the loop's argument a call too"
                '(a b c)
                (let loop ((l (id '(a b c))) (acc (id '())))
                  (id l)
                  (if (null? l) (reverse acc) (loop (cdr l) (cons (car l) acc)))))))

;; (car local) and (cdr local) are one instruction each (CAR_L,
;; CDR_L); their errors are car's and cdr's.
(test-group "car and cdr of a local"
  (lambda ()
    (define (first l) (car l))
    (define (rest l) (cdr l))
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "fields" '(1 (2)) (let ((l (list 1 2))) (list (first l) (rest l))))
    (test-equal "car of a non-pair"
                "car: wrong type argument in position 1 (expected pair): 5"
                (message (lambda () (first 5))))
    (test-equal "cdr of the empty list"
                "cdr: wrong type argument in position 1 (expected pair): ()"
                (message (lambda () (rest '()))))
    (test-equal "redefining car and cdr in a module changes that module's code only"
                '((car-of (1 2)) (cdr-of (1 2)) 1)
                (let ((m (resolve-module '(test redefine-car-cdr))))
                  (eval '(define (a l) (car l)) m)
                  (eval '(define (d l) (cdr l)) m)
                  (eval '(define (car x) (list 'car-of x)) m)
                  (eval '(define (cdr x) (list 'cdr-of x)) m)
                  (list (eval '(a (list 1 2)) m) (eval '(d (list 1 2)) m)
                        (first (list 1 2)))))))

;; Passed or bound, (car local) and (cdr local) push their field too
;; (CAR_L_PUSH, CDR_L_PUSH); the slow path's result is pushed as well.
(test-group "car and cdr of a local, pushed"
  (lambda ()
    (define (swap l) (list (cdr l) (car l)))
    (define (fields l) (let ((a (car l)) (d (cdr l))) (vector d a)))
    (define (message thunk) (condition-message (raised-object thunk)))
    (test-equal "as arguments, in order" '((2 3) 1) (swap (list 1 2 3)))
    (test-equal "as let bindings" '#((b) a) (fields '(a b)))
    (test-equal "car of a non-pair"
                "car: wrong type argument in position 1 (expected pair): 5"
                (message (lambda () (fields 5))))
    (test-equal "cdr of the empty list"
                "cdr: wrong type argument in position 1 (expected pair): ()"
                (message (lambda () (swap '()))))
    (test-equal "redefining car and cdr in a module: the arguments call them"
                '(((cdr-of (1 2)) (car-of (1 2))) #((2) 1))
                (let ((m (resolve-module '(test redefine-car-cdr-push))))
                  (eval '(define (s l) (list (cdr l) (car l))) m)
                  (eval '(define (car x) (list 'car-of x)) m)
                  (eval '(define (cdr x) (list 'cdr-of x)) m)
                  (list (eval '(s (list 1 2)) m) (fields (list 1 2)))))))

;; A top-level procedure calling its own name skips the checks of the
;; call when the variable holds the running closure (GSELFCALL,
;; GSELFTAILCALL); whatever else the variable holds is called as usual.
(define (self-count n) (if (= n 0) 0 (+ 1 (self-count (- n 1)))))
(define (self-loop n) (if (= n 0) 'done (self-loop (- n 1))))
(define (self-redefined n) (if (= n 0) 'old (cons n (self-redefined (- n 1)))))
(define self-redefined-old self-redefined)
(define (self-redefined n) 'new)
(define self-cases
  (case-lambda ((n) (self-cases n 0))
               ((n acc) (if (= n 0) acc (self-cases (- n 1) (+ acc 1))))))
(define (self-wrong a) (self-wrong a a))
(define (self-assigned n)
  (if (= n 1) (set! self-assigned (lambda (n) 'stopped)))
  (cons n (self-assigned (- n 1))))
(test-group "procedures calling their own name"
  (lambda ()
    (test-equal "non-tail, deep" 100000 (self-count 100000))
    (test-equal "tail, a million times" 'done (self-loop 1000000))
    (test-equal "the old procedure calls what the name holds now" '(3 . new)
                (self-redefined-old 3))
    (test-equal "a case-lambda calling itself" 5 (self-cases 5))
    (test-equal "assigned while it runs"
                '(2 1 . stopped)
                (self-assigned 2))
    (test-equal "with the wrong number of arguments, the error of a call"
                'wrong-number-of-args
                (condition-kind (raised-object (lambda () (self-wrong 1)))))))

;; A top-level define or set! whose value is the lambda itself stores
;; its closure at once: its calls of its own name are unchecked
;; (GSELFCALL_U, GSELFCALL_L2_U, GSELFTAILCALL1_U to 3_U), and any
;; store of another value in the variable makes them checked again, so
;; that the next call, even from the running procedure, calls the new
;; value.  Redefined from inside itself (define again, through eval),
;; assigned by another procedure, in this module and in an R7RS
;; program.
(define (self-u-listing proc)
  (with-output-to-string
    (lambda ()
      ((eval 'disassemble (environment '(libscm disassemble))) proc))))
(define (self-u-has? proc name)
  (let ((d (self-u-listing proc)) (k (string-length name)))
    (let loop ((i 0))
      (and (<= (+ i k) (string-length d))
           (or (and (string=? (substring d i (+ i k)) name)
                    (or (= (+ i k) (string-length d))
                        (char=? (string-ref d (+ i k)) #\space)))
               (loop (+ i 1)))))))
(define (self-u-define! form) (eval form (interaction-environment)))

(define (self-u-tail1 n)
  (if (= n 2)
      (self-u-define! '(define (self-u-tail1 n) (list 'new n))))
  (if (= n 0) 'old (self-u-tail1 (- n 1))))
(define self-u-tail1-old self-u-tail1)
(define (self-u-tail2-setter!)
  (set! self-u-tail2 (lambda (a b) (list 'new a b))))
(define (self-u-tail2 a b)
  (if (= a 2) (self-u-tail2-setter!))
  (if (= a 0) b (self-u-tail2 (- a 1) (cons a b))))
(define self-u-tail2-old self-u-tail2)
(define (self-u-tail3 a b c)
  (if (= a 1)
      (self-u-define! '(define (self-u-tail3 a b c) (list 'new a b c))))
  (if (= a 0) (list b c) (self-u-tail3 (- a 1) c b)))
(define (self-u-count n)
  (if (= n 2) (self-u-define! '(define (self-u-count n) 100)))
  (if (= n 0) 0 (+ 1 (self-u-count (- n 1)))))
(define (self-u-l2 n a b)
  (if (= n 1) (set! self-u-l2 (lambda (n a b) (list 'new n a b))))
  (if (= n 0) (list a b) (car (list (self-u-l2 (- n 1) b a)))))
(define (self-u-shadow n) 'global)
(define self-u-shadowed
  (let ((self-u-shadow
         (lambda (n) (if (= n 0) 'local (self-u-shadow (- n 1))))))
    (self-u-shadow 3)))
(define (self-u-loop n acc)
  (if (= n 0) acc (self-u-loop (- n 1) (+ acc 1))))
(define self-u-loop-old self-u-loop)

(test-group "unchecked self calls, checked again once the name changes"
  (lambda ()
    (test-assert "compiled unchecked"
                 (and (self-u-has? self-u-tail1 "GSELFTAILCALL1_U")
                      (self-u-has? self-u-tail2 "GSELFTAILCALL2_U")
                      (self-u-has? self-u-tail3 "GSELFTAILCALL3_U")
                      (self-u-has? self-u-count "GSELFCALL1_U")
                      (self-u-has? self-u-l2 "GSELFCALL1_L2_U")))
    (test-equal "a tail call after its own define again: the new one"
                '(new 1) (self-u-tail1 4))
    (test-equal "... and the old procedure calls the new one too"
                '(new 2) (self-u-tail1-old 3))
    (test-assert "... through the checked instruction"
                 (and (self-u-has? self-u-tail1-old "GSELFTAILCALL1")
                      (not (self-u-has? self-u-tail1-old "GSELFTAILCALL1_U"))))
    (test-equal "assigned by another procedure it calls: the new one"
                '(new 1 (2 3 4)) (self-u-tail2 4 '()))
    (test-equal "three arguments, defined again inside" '(new 0 y x)
                (self-u-tail3 3 'x 'y))
    (test-equal "a non-tail call: the new value from the next call on"
                104 (self-u-count 5))
    (test-equal "the pushed pair of locals, assigned inside"
                '(new 0 y x) (self-u-l2 3 'x 'y))
    (test-equal "a let's lambda calls the global of its name, not itself"
                'global self-u-shadowed)
    (test-equal "a million unchecked tail calls" 1000000
                (self-u-loop 1000000 0))
    (test-equal "assigned another value, then its own again" '(other 7)
                (begin
                  (set! self-u-loop (lambda (n acc) 'other))
                  (let ((r (self-u-loop-old 3 4)))
                    (set! self-u-loop self-u-loop-old)
                    (list r (self-u-loop 3 4)))))
    (test-assert "... which runs checked from then on"
                 (self-u-has? self-u-loop "GSELFTAILCALL2"))
    (test-equal "variable-set! of the name: the new value" '(set 0)
                (let ((old self-u-loop))
                  (variable-set! (module-variable (current-module)
                                                  'self-u-loop)
                                 (lambda (n acc) (list 'set acc)))
                  (old 2 -1)))))

;; A non-tail self call of one argument computes it into acc first,
;; then pushes the frame and the argument and calls in one instruction
;; (GSELFCALL1, unchecked GSELFCALL1_U).  What the variable holds when
;; the call runs is called, whatever it is; a continuation captured
;; while the argument is computed, or inside the call, comes back
;; through it as often as it is called.
(define (s1-count n) (if (= n 0) 0 (+ 1 (s1-count (- n 1)))))
(define (s1-fib n) (if (< n 2) n (+ (s1-fib (- n 1)) (s1-fib (- n 2)))))
(define (s1-args n) (if (= n 0) '() (cons n (s1-args (- n 1)))))
(define (s1-redef n)
  (if (= n 2) (set! s1-redef (lambda (n) (list 'new n))))
  (if (= n 0) '() (cons n (s1-redef (- n 1)))))
(define s1-redef-old s1-redef)
(define (s1-to-subr n)
  (if (= n 1) (set! s1-to-subr -))
  (if (= n 0) 'zero (list n (s1-to-subr (- n 1)))))
(define (s1-to-two n)
  (if (= n 1) (set! s1-to-two (lambda (a b) 'two)))
  (if (= n 0) 'zero (list n (s1-to-two (- n 1)))))
(define (s1-to-number n)
  (if (= n 1) (set! s1-to-number 5))
  (if (= n 0) 'zero (list n (s1-to-number (- n 1)))))
(define (s1-to-rest n)
  (if (= n 1) (set! s1-to-rest (lambda r (cons 'rest r))))
  (if (= n 0) 'zero (list n (s1-to-rest (- n 1)))))
(define (s1-escape n) (if (= n 0) 'base (list n (s1-escape (- n 1)))))
(define s1-escape-old s1-escape)
(define s1-saved #f)
(define (s1-cc n)
  (if (= n 0)
      0
      (+ 1 (s1-cc (call/cc (lambda (k)
                             (if (= n 3) (set! s1-saved k))
                             (- n 1)))))))
(define (s1-inner n)
  (if (= n 0)
      (call/cc (lambda (k) (set! s1-saved k) 0))
      (+ 10 (s1-inner (- n 1)))))
;; THUNK's value, then the two it returns again when s1-saved, which
;; it sets, is called with (NEXT 1) and (NEXT 2).
(define (s1-three-runs thunk next)
  (let ((results '()))
    (let ((r (thunk)))
      (set! results (cons r results))
      (if (< (length results) 3)
          (s1-saved (next (length results)))
          (reverse results)))))
(define (s1-dive n) (if (> n 0) (s1-dive (- n 1))) (* n 2))

(test-group "non-tail self calls of one argument"
  (lambda ()
    (test-assert "one instruction with the frame, unchecked"
                 (and (self-u-has? s1-fib "GSELFCALL1_U")
                      (not (self-u-has? s1-fib "FRAME"))
                      (not (self-u-has? s1-fib "PUSH_FRAME"))))
    (test-equal "fib" '(0 1 1 2 3 5 8 55 6765)
                (map s1-fib '(0 1 2 3 4 5 6 10 20)))
    (test-equal "the argument at each depth" '(5 4 3 2 1) (s1-args 5))
    (test-equal "a million deep" 1000000 (s1-count 1000000))
    (test-equal "its value dropped (a call for effect)" '(20 0)
                (list (s1-dive 10) (s1-dive 0)))
    (test-equal "assigned from inside: the new value from the next call on"
                '(4 3 2 new 1) (s1-redef 4))
    (test-assert "... through the checked instruction"
                 (and (self-u-has? s1-redef-old "GSELFCALL1")
                      (not (self-u-has? s1-redef-old "GSELFCALL1_U"))))
    (test-equal "a primitive in the variable" '(3 (2 (1 0))) (s1-to-subr 3))
    (test-equal "a procedure with a rest list" '(2 (1 (rest 0)))
                (s1-to-rest 2))
    (test-eq "a procedure of two: the error of the call"
             'wrong-number-of-args
             (condition-kind (raised-object (lambda () (s1-to-two 2)))))
    (test-assert "a number: an error, caught"
                 (error-object? (raised-object (lambda () (s1-to-number 2)))))
    (test-equal "a continuation in the variable: it is called" 1
                (call/cc (lambda (k)
                           (set! s1-escape k)
                           (s1-escape-old 2))))
    (test-equal "a continuation of the argument re-entered twice"
                '(5 3 3) (s1-three-runs (lambda () (s1-cc 5)) (lambda (i) 0)))
    (test-equal "a continuation from inside the calls re-entered twice"
                '(30 31 32) (s1-three-runs (lambda () (s1-inner 3)) values))
    (test-equal "the error inside reports the call's frames"
                "car: wrong type argument in position 1 (expected pair): 0"
                (condition-message
                 (raised-object (lambda () (s1-fib (car 0))))))))

;; A self call whose last two arguments are locals pushes them itself:
;; of three arguments, GSELFCALL1_L2, the first computed into acc
;; before the frame, and the frame, the three pushes and the call in
;; one instruction; of more, GSELFCALL_L2 after FRAME and the other
;; pushes.  Their slow paths call what the variable holds with the
;; values pushed.
(define (self-l2 n a b) (if (= n 0) (list a b) (car (list (self-l2 (- n 1) b a)))))
(define (self-l2-4 n k a b)
  (if (= n 0) (list k a b) (car (list (self-l2-4 (- n 1) (+ k 1) b a)))))
(define (self-l2-nested n a b)
  (if (<= n 0)
      (list n a b)
      (cons n (self-l2-nested (car (self-l2-nested (- n 2) b a)) b a))))
(define (self-l2-cc n a b)
  (if (= n 0)
      (list a b)
      (list n (self-l2-cc (call/cc (lambda (k)
                                     (if (= n 2) (set! s1-saved k))
                                     (- n 1)))
                          b a))))
(define (self-l2-arity n a b)
  (if (= n 1) (set! self-l2-arity (lambda (n a) 'two)))
  (if (= n 0) 'zero (list n (self-l2-arity (- n 1) b a))))
(define (self-l2-endless n a b) (+ 1 (self-l2-endless (+ n 1) b a)))
(define (self-l2-subr n a b)
  (if (= n 1) (set! self-l2-subr list))
  (if (= n 0) 'zero (list n (self-l2-subr (- n 1) b a))))
(define (self-l2-redefined n a b)
  (if (= n 0) 'old (list (self-l2-redefined (- n 1) b a))))
(define self-l2-old self-l2-redefined)
(set! self-l2-redefined (lambda (n a b) (list 'new n a b)))
(test-group "self calls that push their last two arguments"
  (lambda ()
    (test-equal "in order, at each depth" '((y x) (x y) (x y))
                (list (self-l2 3 'x 'y) (self-l2 0 'x 'y) (self-l2 2 'x 'y)))
    (test-equal "non-tail, 100000 deep" '(a b) (self-l2 100000 'a 'b))
    (test-equal "the old procedure calls what the name holds now, with the
arguments in order" '((new 2 y x))
                (self-l2-old 3 'x 'y))
    (test-equal "four arguments, in order" '((3 y x) (2 x y))
                (list (self-l2-4 3 0 'x 'y) (self-l2-4 2 0 'x 'y)))
    (test-equal "the first argument itself such a call"
                '(4 2 0 x y) (self-l2-nested 4 'x 'y))
    (test-equal "a primitive in the variable, the arguments in order"
                '(2 (1 (0 x y))) (self-l2-subr 2 'x 'y))
    (test-eq "a procedure of two: the error of the call"
             'wrong-number-of-args
             (condition-kind (raised-object (lambda () (self-l2-arity 2 'x 'y)))))
    (test-equal "a continuation of the first argument re-entered twice"
                '((3 (2 (1 (y x)))) (3 (2 (x y))) (3 (2 (1 (y x)))))
                (s1-three-runs (lambda () (self-l2-cc 3 'x 'y))
                               (lambda (i) (- i 1))))
    (test-eq "an endless recursion of three: the stack overflow, caught"
             'stack-overflow
             (condition-kind (raised-object (lambda () (self-l2-endless 0 'a 'b)))))
    (test-equal "... after which calls work" '(a b) (self-l2 100000 'a 'b))
    (test-assert "compiled as one instruction"
                 (let ((d (self-u-listing self-l2)))
                   (let loop ((i 0))
                     (and (<= (+ i 13) (string-length d))
                          (or (string=? (substring d i (+ i 13))
                                        "GSELFCALL1_L2")
                              (loop (+ i 1)))))))
    (test-assert "four arguments: GSELFCALL_L2"
                 (let ((d (self-u-listing self-l2-4)))
                   (let loop ((i 0))
                     (and (<= (+ i 12) (string-length d))
                          (or (string=? (substring d i (+ i 12))
                                        "GSELFCALL_L2")
                              (loop (+ i 1)))))))))

;; A self tail call of two cdrs of locals, where cdr is the core's (a
;; library, an R7RS program), is one instruction (GSELFTAILCALL_CDR2,
;; unchecked as GSELFTAILCALL_CDR2_U): cdr's error for a value that is
;; no pair, the new value after an assignment from inside, and the
;; module's own cdr where one defines it.
(eval '(define-library (test self-cdr2)
         (export cdr2-shorter? cdr2-walk cdr2-redef cdr2-redef-old)
         (import (scheme base))
         (begin
           (define (cdr2-shorter? x y)
             (and (not (null? y))
                  (or (null? x) (cdr2-shorter? (cdr x) (cdr y)))))
           (define (cdr2-walk x y)
             (if (null? x) (list 'end y) (cdr2-walk (cdr x) (cdr y))))
           (define (cdr2-redef x y)
             (if (= (length x) 2)
                 (set! cdr2-redef (lambda (x y) (list 'new x y))))
             (if (null? x) 'old (cdr2-redef (cdr x) (cdr y))))
           (define cdr2-redef-old cdr2-redef)))
      (interaction-environment))
(define cdr2-env (environment '(scheme base) '(test self-cdr2)))
(define (cdr2 name) (eval name cdr2-env))

(test-group "a self tail call of two cdrs"
  (lambda ()
    ;; A head that only tests the two: the walk (list-walk.scm).
    (test-assert "one instruction, unchecked"
                 (and (self-u-has? (cdr2 'cdr2-shorter?) "GSELFTAILCALL_WALK2_U")
                      (self-u-has? (cdr2 'cdr2-redef) "GSELFTAILCALL_CDR2_U")
                      (not (self-u-has? (cdr2 'cdr2-shorter?) "CDR_L_PUSH_U"))))
    (test-equal "shorter? of lists of each length"
                '(#f #t #f #t #f)
                (let ((shorter? (cdr2 'cdr2-shorter?)))
                  (list (shorter? '() '()) (shorter? '() '(1))
                        (shorter? '(1 2) '(1 2)) (shorter? '(1 2) '(1 2 3))
                        (shorter? '(1 2 3 4) '(1 2)))))
    (test-equal "the two cdrs of the old values, not one after the other"
                '(end (c))
                ((cdr2 'cdr2-walk) '(1 2) '(a b c)))
    (test-equal "a long walk" '(end ())
                (let ((l (make-list 100000 0))) ((cdr2 'cdr2-walk) l l)))
    (test-equal "the second list ends first: cdr's error"
                'wrong-type-arg
                (condition-kind (raised-object
                                 (lambda () ((cdr2 'cdr2-walk) '(1 2 3) '(a))))))
    (test-equal "... naming the value that is no pair" '(5)
                (error-object-irritants
                 (raised-object (lambda () ((cdr2 'cdr2-walk) '(1 2) 5)))))
    (test-equal "an improper first list: its last cdr" '(wrong-type-arg (x))
                (let ((c (raised-object
                          (lambda () ((cdr2 'cdr2-walk) '(1 . x) '(a b c))))))
                  (list (condition-kind c) (error-object-irritants c))))
    (test-equal "assigned inside: the new one gets the cdrs"
                '(new (3) (c))
                ((cdr2 'cdr2-redef) '(1 2 3) '(a b c)))
    (test-equal "... the old one too, through the checked instruction"
                '(new (2) (b))
                ((cdr2 'cdr2-redef-old) '(1 2) '(a b)))
    (test-assert "... which it holds now"
                 (and (self-u-has? (cdr2 'cdr2-redef-old) "GSELFTAILCALL_CDR2")
                      (not (self-u-has? (cdr2 'cdr2-redef-old)
                                        "GSELFTAILCALL_CDR2_U"))))
    (test-equal "a module's own cdr"
                '((own (1 2 3)) (own (a b)))
                (let ((m (resolve-module '(test self-cdr2-own-cdr))))
                  (eval '(define (cdr x) (list 'own x)) m)
                  (eval '(define (w x y)
                           (if (eq? (car x) 'own) (list x y) (w (cdr x) (cdr y))))
                        m)
                  (eval '(w '(1 2 3) '(a b)) m)))))

(test-group "unchecked self calls in an R7RS program"
  (lambda ()
    (let ((path (test-write-file "self-u-program.scm"
                  "(import (scheme base) (scheme write))
(define (tail n) (if (= n 2) (set! tail (lambda (n) (list 'new n))))
  (if (= n 0) 'old (tail (- n 1))))
(define (set-count!) (set! count (lambda (n) 100)))
(define (count n) (if (= n 2) (set-count!))
  (if (= n 0) 0 (+ 1 (count (- n 1)))))
(define (loop n acc) (if (= n 0) acc (loop (- n 1) (+ acc 1))))
(write (list (tail 4) (count 5) (loop 100000 0)))"))
          (out (string-append test-temp-directory "self-u-program.out")))
      (test-equal "assigned inside and by another procedure: the new values"
                  '(0 ((new 1) 104 100000))
                  (let ((status (system (string-append
                                         (readlink "/proc/self/exe") " "
                                         path " > " out))))
                    (list status
                          (call-with-input-file out read)))))))

;; A non-tail call of another global (GCALL) runs unchecked (GCALL_U)
;; while the variable holds a closure of the call's
;; argument count, whether it held one when the caller was compiled or
;; got one later (a forward reference); any store of a value that does
;; not fit (another count, a rest list, a case-lambda, a primitive, no
;; procedure) makes the call checked again, before the next call, even
;; from inside the running callee, and one that fits makes it unchecked
;; again.
(define (kc-listing-has? proc name) (self-u-has? proc name))
(define (kc-pair a b) (list a b))
(define (kc-first x) (car (kc-pair x 'b)))
(define (kc-tail x) (kc-pair x 'b))
(define (kc-early x) (car (kc-later x)))
(define (kc-later x) (list 'later x))
(define (kc-unbound-caller x) (kc-not-yet x))
(define (kc-self-changer n)
  (set! kc-self-changer (lambda (n m) (list 'two n m)))
  (list 'one n))
(define (kc-calls-changer n) (list (kc-self-changer n) (kc-self-changer n)))
(define (kc-victim x) (list 'victim x))
(define (kc-victim-caller x) (car (kc-victim x)))
(define (kc-replace-victim!) (set! kc-victim (lambda args (cons 'rest args))))
(define (kc-deep n) (if (= n 0) 0 (+ 1 (kc-deep-helper (- n 1)))))
(define (kc-deep-helper n) (kc-deep n))
(define (kc-many x) (list 'many x))
(define (kc-toggle a b) (list a b))
(define (kc-toggle-caller x) (car (list (kc-toggle x x))))
(define (count-if pred l)
  (let loop ((l l) (n 0))
    (if (null? l) n (loop (cdr l) (if (pred (car l)) (+ n 1) n)))))
(test-group "unchecked calls of other globals"
  (lambda ()
    (test-assert "a global defined before its caller: unchecked"
                 (and (kc-listing-has? kc-first "GCALL_U")
                      (not (kc-listing-has? kc-first "GCALL"))))
    (test-assert "a forward reference: unchecked once defined"
                 (kc-listing-has? kc-early "GCALL_U"))
    (test-equal "... and called with its arguments" '(later (later 5))
                (list (kc-early 5) (kc-later 5)))
    (test-equal "not yet defined: the unbound error, then the call"
                '(unbound-variable (later 6))
                (let ((c (raised-object (lambda () (kc-unbound-caller 1)))))
                  (self-u-define! '(define (kc-not-yet x) (kc-later x)))
                  (list (condition-kind c) (kc-unbound-caller 6))))
    (test-equal "a procedure of the same count defined again: the new one"
                '(x new b)
                (begin
                  (self-u-define! '(define (kc-pair a b) (list a 'new b)))
                  (kc-tail 'x)))
    (test-equal "... still unchecked" '(x #t)
                (list (kc-first 'x) (kc-listing-has? kc-first "GCALL_U")))
    (test-equal "another count: the error of a call, checked"
                '(wrong-number-of-args wrong-number-of-args #t #t)
                (begin
                  (self-u-define! '(define (kc-pair a) (list a)))
                  (list (condition-kind (raised-object (lambda () (kc-first 1))))
                        (condition-kind (raised-object (lambda () (kc-tail 1))))
                        (kc-listing-has? kc-first "GCALL")
                        (not (kc-listing-has? kc-first "GCALL_U")))))
    (test-equal "a rest list, a case-lambda, a primitive"
                '((x b) (two x b) (x . b))
                (list (begin (set! kc-pair (lambda args args)) (kc-tail 'x))
                      (begin (set! kc-pair (case-lambda ((a) (list 'one a))
                                                        ((a b) (list 'two a b))))
                             (kc-tail 'x))
                      (begin (set! kc-pair cons) (kc-tail 'x))))
    (test-equal "no procedure: the error naming the value"
                '(wrong-type-arg wrong-type-arg)
                (begin
                  (set! kc-pair 42)
                  (list (condition-kind (raised-object (lambda () (kc-first 1))))
                        (condition-kind (raised-object (lambda () (kc-tail 1)))))))
    (test-equal "a variable changed that often: checked from then on"
                '((1 b) 1 #f)
                (begin
                  (set! kc-pair (lambda (a b) (list a b)))
                  (list (kc-tail 1) (kc-first 1)
                        (kc-listing-has? kc-first "GCALL_U"))))
    (test-equal "no procedure, then two parameters again: unchecked again"
                '(wrong-type-arg (1 toggled) #t)
                (let ((c (begin (set! kc-toggle #f)
                                (raised-object (lambda () (kc-toggle-caller 1))))))
                  (set! kc-toggle (lambda (a b) (list a 'toggled)))
                  (list (condition-kind c) (kc-toggle-caller 1)
                        (kc-listing-has? kc-toggle-caller "GCALL_U"))))
    (test-equal "the callee assigns itself another count while it runs"
                '(wrong-number-of-args (one 1))
                (let ((c (raised-object (lambda () (kc-calls-changer 1)))))
                  (list (condition-kind c)
                        (begin (set! kc-self-changer (lambda (n) (list 'one n)))
                               (kc-self-changer 1)))))
    (test-equal "another procedure assigns the callee a rest list"
                '(victim rest)
                (list (kc-victim-caller 1)
                      (begin (kc-replace-victim!) (kc-victim-caller 2))))
    (test-equal "variable-set! of a callee" '(set 3)
                (begin
                  (variable-set! (module-variable (current-module) 'kc-victim)
                                 (lambda (x y) (list 'wrong x y)))
                  (variable-set! (module-variable (current-module) 'kc-victim)
                                 (lambda (x) (list 'set x)))
                  (list (car (kc-victim 3)) (cadr (kc-victim 3)))))
    (test-equal "mutual recursion, 100000 deep" 100000 (kc-deep 100000))
    (test-equal "callers compiled by eval, the dead ones collected: each
live one checked again"
                '(200 200)
                (let ((callers (let loop ((i 0) (acc '()))
                                 (if (= i 200)
                                     acc
                                     (begin
                                       (eval '(lambda () (kc-many 1))
                                             (interaction-environment))
                                       (loop (+ i 1)
                                             (cons (eval '(lambda () (kc-many 2))
                                                         (interaction-environment))
                                                   acc)))))))
                  (gc)
                  (let ((before (count-if (lambda (f) (equal? (f) '(many 2)))
                                          callers)))
                    (set! kc-many (lambda (x y) 'two))
                    (list before
                          (count-if (lambda (f)
                                      (eq? (condition-kind (raised-object f))
                                           'wrong-number-of-args))
                                    callers)))))))

(test-group "unchecked calls of other globals in an R7RS program"
  (lambda ()
    (let ((path (test-write-file "known-calls-program.scm"
                  "(import (scheme base) (scheme write))
(define (caller x) (car (callee x)))
(define (tail-caller x) (callee x))
(define (callee x) (if (= x 2) (set! callee (lambda (x . r) (list 'new x r))))
  (list x))
(define (other-setter!) (set! callee (lambda (a b) (list 'two a b))))
(define r1 (list (caller 1) (caller 2) (caller 3) (tail-caller 4)))
(other-setter!)
(define r2 (guard (e (#t 'wrong-count)) (caller 5)))
(set! callee (lambda (x) (list (* 10 x))))
(write (list r1 r2 (caller 6) (tail-caller 7)))"))
          (out (string-append test-temp-directory "known-calls-program.out")))
      (test-equal "assigned inside the callee and by another procedure"
                  '(0 ((1 2 new (new 4 ())) wrong-count 60 (70)))
                  (let ((status (system (string-append
                                         (readlink "/proc/self/exe") " "
                                         path " > " out))))
                    (list status (call-with-input-file out read)))))))

(test-group "unchecked calls of other globals at the REPL"
  (lambda ()
    (let ((path (test-write-file "known-calls-repl.scm"
                  "(define (f x) (list x))
(define (g y) (car (f y)))
(g 1)
(define (f) (list (quote unchecked)))
(g 2)
(define (f x) (list (* 10 x)))
(g 3)
"))
          (out (string-append test-temp-directory "known-calls-repl.out")))
      (test-equal "redefined with another count, then with the first again"
                  '(1 30)
                  (begin
                    (system (string-append (readlink "/proc/self/exe")
                                           " < " path " > " out " 2>/dev/null"))
                    (call-with-input-file out
                      (lambda (p) (let* ((a (read p)) (b (read p))) (list a b)))))))))

(test-group "closures made once"
  (lambda ()
    (define (no-free) (lambda (x) x))
    (define (one-free y) (lambda (x) y))
    (test-assert "a lambda with no free variable: the same procedure each time"
                 (eq? (no-free) (no-free)))
    (test-assert "one with a free variable: a new procedure each time"
                 (not (eq? (one-free 1) (one-free 1))))
    (test-equal "each keeps its own value" '(1 2)
                (list ((one-free 1) 0) ((one-free 2) 0)))))

;; A call of a procedure held by a plain local that the compiler does
;; not know (an argument) is one LCALL or LTAILCALL: any procedure,
;; a primitive, a case-lambda clause or a rest list, a continuation;
;; and the errors of a value that is no procedure or of a wrong count.
(test-group "calls of a procedure in a local"
  (lambda ()
    (define (call1 f x) (list (f x)))
    (define (tail1 f x) (f x))
    (define (count-down f n) (if (= n 0) 'done (f f (- n 1))))
    (test-equal "a closure, a primitive, rest, case-lambda"
                '((2) (1 . 1) (1) (one) (two))
                (list (call1 (lambda (x) (+ x 1)) 1)
                      (tail1 (lambda (x) (cons x x)) 1)
                      (call1 (lambda l (car l)) 1)
                      (call1 (case-lambda ((a) 'one) ((a b) 'two)) 1)
                      (tail1 (lambda (x) (list (if (= x 2) 'two 'one))) 2)))
    (test-equal "primitives" '((1) 1)
                (list (call1 car '(1)) (tail1 cadr '(0 1))))
    (test-equal "a continuation" '(a 5)
                (list (call/cc (lambda (k) (tail1 k 'a) 'no))
                      (+ 1 (call/cc (lambda (k) (car (call1 k 4)))))))
    (test-equal "tail calls through a local run in constant space" 'done
                (count-down count-down 1000000))
    (test-error-contains "no procedure" '("not a procedure" "5")
                         (lambda () (call1 5 1)))
    (test-error-contains "no procedure, in tail position" '("not a procedure")
                         (lambda () (tail1 "s" 1)))
    (test-equal "a wrong count of arguments" 'wrong-number-of-args
                (condition-kind
                 (raised-object (lambda () (tail1 (lambda () 1) 1)))))
    (test-error-contains "a primitive's wrong count" '("cons" "given 1")
                         (lambda () (call1 cons 1)))
    (test-error-contains "a closure's wrong count"
                         '("wrong number of arguments" "expected 2, given 1")
                         (lambda () (call1 (lambda (a b) a) 1)))
    (test-error-contains "too few for a rest parameter"
                         '("expected at least 2, given 1")
                         (lambda () (tail1 (lambda (a b . c) a) 1)))))

;; A call of a global (GCALL, GTAILCALL) makes a closure's call itself
;; and leaves anything else to the generic call: each kind of value the
;; variable may hold when the call runs, in and out of tail position.
(define pr-callee (lambda (x) (list 'one x)))
(define (pr-gcall x) (let ((r (pr-callee x))) (list r)))
(define (pr-gtail x) (pr-callee x))
(define (pr-gcall-value v x) (set! pr-callee v) (pr-gcall x))
(define (pr-gtail-value v x) (set! pr-callee v) (pr-gtail x))
(define (pr-gcall-none) (pr-never-bound-callee 1))
(define (pr-gtail-none) (pr-never-bound-callee 1))
(define (pr-spread a b c d) (list a b c d))
(define (pr-narrow x) (pr-spread x x x x))
(test-group "calls of globals"
  (lambda ()
    (test-equal "a closure" '(((one 1)) (one 2))
                (list (pr-gcall 1) (pr-gtail 2)))
    (test-equal "a rest parameter" '((((3 4))) (5))
                (list (pr-gcall-value (lambda l l) '(3 4))
                      (pr-gtail-value (lambda (a . l) (cons a l)) 5)))
    (test-equal "a case-lambda's clause" '((two) two)
                (let ((f (case-lambda ((a b) 'one) ((a) 'two))))
                  (list (pr-gcall-value f 1) (pr-gtail-value f 1))))
    (test-equal "a primitive" '((#(6)) (7))
                (list (pr-gcall-value vector 6)
                      (pr-gtail-value list 7)))
    (test-equal "a primitive after a closure" '((8) 9)
                (list (pr-gcall-value car '(8)) (pr-gtail-value cadr '(0 9))))
    (test-equal "a continuation" '(((k 1)) k2)
                (list (pr-gcall-value (lambda (x) (list 'k x)) 1)
                      (call/cc (lambda (k) (pr-gtail-value k 'k2) 'no))))
    (test-error-contains "a wrong count" '("wrong number of arguments")
                         (lambda () (pr-gcall-value (lambda (a b) a) 1)))
    (test-error-contains "a wrong count, in tail position"
                         '("wrong number of arguments" "given 1")
                         (lambda () (pr-gtail-value (lambda () 0) 1)))
    (test-error-contains "no clause of a case-lambda" '("case-lambda")
                         (lambda ()
                           (pr-gcall-value (case-lambda ((a b) a)) 1)))
    (test-error-contains "no procedure" '("not a procedure" "5")
                         (lambda () (pr-gcall-value 5 1)))
    (test-error-contains "no procedure, in tail position"
                         '("not a procedure")
                         (lambda () (pr-gtail-value "s" 1)))
    (test-error-contains "unbound" '("unbound" "pr-never-bound-callee")
                         (lambda () (pr-gcall-none)))
    (test-error-contains "unbound, in tail position"
                         '("unbound" "pr-never-bound-callee")
                         (lambda () (pr-gtail-none)))
    (test-equal "a tail call to more parameters than the frame has"
                '(5 5 5 5) (pr-narrow 5))))

;; A global as an argument is read and pushed by one GREF_PUSH: its
;; value at the call, and the error of an unbound one naming it.
(define pr-global 'first)
(define (pr-pass) (list pr-global pr-global))
(define (pr-pass-unbound) (list 1 pr-never-defined))
(test-group "globals as arguments"
  (lambda ()
    (test-equal "the value at each call" '((first first) (second second))
                (let ((before (pr-pass)))
                  (set! pr-global 'second)
                  (list before (pr-pass))))
    (test-error-contains "an unbound global" '("unbound" "pr-never-defined")
                         (lambda () (pr-pass-unbound)))))

;; A constant returned is one CONST_RETURN; the body of a thunk that
;; returns a constant is still copied at its calls (as a CONST), and
;; the copy gives way when the thunk's variable changes.
(define (pr-const-thunk) '(a b))
(define (pr-use-thunk) (list (pr-const-thunk)))
(define (pr-classify x)
  (cond ((pair? x) 'pair) ((null? x) '()) ((string? x) "string") (else #f)))
(test-group "constants returned"
  (lambda ()
    (test-equal "each branch's constant" '(pair () "string" #f)
                (map pr-classify (list '(1) '() "s" 5)))
    (test-assert "a literal returned is the same object each time"
                 (eq? (pr-const-thunk) (pr-const-thunk)))
    (test-equal "a constant thunk copied at its call" '((a b))
                (pr-use-thunk))
    (test-equal "and the copy gives way to a new value" '(changed)
                (begin (set! pr-const-thunk (lambda () 'changed))
                       (pr-use-thunk)))))

;; A binding read right after its value was pushed takes the value
;; still in acc (no LREF): only when it is that binding's slot.
(define (pr-found k l) (let ((p (assq k l))) (if p (cdr p) 'none)))
(define (pr-outer x)
  (let ((a (car x)))
    (let ((b (pr-found 'q (cdr x))))
      a)))
(define (pr-box-of x)
  (let ((v (vector x)))
    v))
(test-group "a binding read at once"
  (lambda ()
    (test-equal "found and not found" '(2 none)
                (list (pr-found 'b '((a . 1) (b . 2))) (pr-found 'z '())))
    (test-equal "the outer binding, not the value just pushed" 1
                (pr-outer '(1 (q . 2))))
    (test-equal "the binding's value returned" #(7) (pr-box-of 7))))

;; Closures of every count of free values: CLOSURE12 makes those of
;; one and two (the value of index 1 stored after that of index 0: the
;; same one again when there is one), CLOSURE the others (three and
;; four with no loop, the fourth after the third).  Each value lands in
;; its own place, a set! variable stays shared through its box, and
;; closures made in a loop (many refills of the free lists, collections
;; among them) keep their own.
(define (clo-make a b c d e f)
  (list (lambda () 'none)
        (lambda () a)
        (lambda () (list a b))
        (lambda () (list a b c))
        (lambda () (list a b c d))
        (lambda () (list a b c d e))
        (lambda () (list a b c d e f))))
(define (clo-counter start)
  (let ((n start))
    (cons (lambda () (set! n (+ n 1)) n) (lambda () n))))
(define (clo-pair-shared)
  (let ((a 1) (b 2))
    (let ((get (lambda () (list a b))))
      (set! b 'y)
      (get))))
(define (clo-four-shared)
  (let ((a 1) (b 2) (c 3) (d 4))
    (let ((get (lambda () (list a b c d))))
      (set! a 'x) (set! d 'y)
      (get))))
(define (clo-many n)
  (let loop ((i 0) (acc '()))
    (if (= i n)
        acc
        (let ((j (* i 2)) (k (- i)) (s (number->string i)))
          (loop (+ i 1)
                (cons (list (lambda () i)
                            (lambda () (list i j))
                            (lambda () (list i j k))
                            (lambda () (list i j k s)))
                      acc))))))
(test-group "closures of 0 to 6 free values"
  (lambda ()
    (test-equal "each value in its place"
                '(none 1 (1 2) (1 2 3) (1 2 3 4) (1 2 3 4 5) (1 2 3 4 5 6))
                (map (lambda (p) (p)) (clo-make 1 2 3 4 5 6)))
    (test-equal "values of every type, a bignum and a flonum among them"
                (list "s" #\x 1.5 (expt 2 100))
                ((list-ref (clo-make "s" #\x 1.5 (expt 2 100) 0 0) 4)))
    (test-equal "two values of every type" (list 2.5 (expt 3 80))
                ((list-ref (clo-make 2.5 (expt 3 80) 0 0 0 0) 2)))
    (test-equal "one free value, set! through its box" '(11 12 12)
                (let ((c (clo-counter 10)))
                  (list ((car c)) ((car c)) ((cdr c)))))
    (test-equal "two free values, one set! after the closure is made"
                '(1 y) (clo-pair-shared))
    (test-equal "four free values, two set! after the closure is made"
                '(x 2 3 y) (clo-four-shared))
    (test-assert "100000 times closures of one to four, each its own values"
                 (let loop ((l (clo-many 100000)) (i 99999))
                   (or (null? l)
                       (let ((ps (car l)) (j (* i 2)) (k (- i))
                             (s (number->string i)))
                         (and (equal? (map (lambda (p) (p)) ps)
                                      (list i (list i j) (list i j k)
                                            (list i j k s)))
                              (loop (cdr l) (- i 1)))))))
    (test-assert "one and two free values: CLOSURE12"
                 (and (self-u-has? clo-counter "CLOSURE12")
                      (self-u-has? clo-pair-shared "CLOSURE12")
                      (not (self-u-has? clo-counter "CLOSURE"))))
    (test-assert "three to six: CLOSURE"
                 (self-u-has? clo-four-shared "CLOSURE"))))

;; ------------------------------------------------------------------
;; Tail calls of three to five arguments: the moves of the arguments
;; down to the frame are unrolled for up to four (slide_arguments,
;; SELF_TAILCALL_ACC), with a loop beyond.  Each argument must land in
;; its own parameter: the loops rotate them, so that any two swapped
;; or one copied twice gives another list.
(define (tc4-rotate3 a b c n)
  (let loop ((a a) (b b) (c c) (n n))
    (if (= n 0) (list a b c) (loop b c a (- n 1)))))
(define (tc4-rotate4 a b c d n)
  (let loop ((a a) (b b) (c c) (d d) (n n))
    (if (= n 0) (list a b c d) (loop b c d a (- n 1)))))
(define (tc4-rotate5 a b c d e n)
  (let loop ((a a) (b b) (c c) (d d) (e e) (n n))
    (if (= n 0) (list a b c d e) (loop b c d e a (- n 1)))))
(define (tc4-reverse f a b c d) (f d c b a))
(define (tc4-spread x k) (k x (+ x 1) (* x 2) (list x)))
(define (tc4-target a b c d) (list 'target a b c d))
(define (tc4-global x) (tc4-target x 'b 'c 'd))
(define (tc4-cps x y z)
  (define (tak x y z k)
    (if (not (< y x))
        (k z)
        (tak (- x 1) y z
             (lambda (v1)
               (tak (- y 1) z x
                    (lambda (v2)
                      (tak (- z 1) x y
                           (lambda (v3) (tak v1 v2 v3 k)))))))))
  (tak x y z (lambda (a) a)))

(test-group "tail calls of three to five arguments"
  (lambda ()
    (test-equal "a loop of four parameters, three rotated 7 times" '(b c a)
                (tc4-rotate3 'a 'b 'c 7))
    (test-equal "a loop of five parameters, four rotated 6 times"
                '(c d a b) (tc4-rotate4 'a 'b 'c 'd 6))
    (test-equal "a loop of five parameters, rotated 1,000,001 times" '(b c d a)
                (tc4-rotate4 'a 'b 'c 'd 1000001))
    (test-equal "a loop of six parameters, five rotated 8 times" '(d e a b c)
                (tc4-rotate5 'a 'b 'c 'd 'e 8))
    (test-equal "a local procedure called with four, reversed"
                '(4 3 2 1) (tc4-reverse list 1 2 3 4))
    (test-equal "four arguments from a frame of two" '(5 6 10 (5))
                (tc4-spread 5 list))
    (test-equal "a global procedure of four from a frame of one"
                '(target x b c d) (tc4-global 'x))
    (test-error "four arguments to a procedure of three" #t
                (tc4-reverse (lambda (a b c) a) 1 2 3 4))
    (test-equal "four arguments to a procedure with a rest list"
                '(4 (3 2 1)) (tc4-reverse (lambda (a . r) (list a r)) 1 2 3 4))
    (test-equal "continuation-passing tak of four arguments" 7
                (tc4-cps 18 12 6))
    (test-assert "the loops are SELF_TAILCALL_ACC"
                 (and (self-u-has? tc4-rotate3 "SELF_TAILCALL_ACC")
                      (self-u-has? tc4-rotate4 "SELF_TAILCALL_ACC")))
    (test-assert "the local call is LTAILCALL"
                 (self-u-has? tc4-reverse "LTAILCALL"))))

;; ------------------------------------------------------------------
;; A tail call of a procedure in a local on one plain local, (k x), is
;; one instruction (LTAILCALL1_L): a closure of exactly one parameter
;; takes the argument straight into its frame; any other callee (a
;; rest or optional parameter, a case-lambda, another count, a
;; primitive, a continuation, a parameter object, no procedure at all)
;; goes the general way.
(define (lt1-call k x) (k x))
(define (lt1-second a b k) (k b))
(define (lt1-count-down n k)
  (if (= n 0) (k n) (lt1-count-down (- n 1) (lambda (v) (k (+ v 1))))))
(define (lt1-forever)
  (define (bounce x k) (k x))
  (define (again v) (bounce (+ v 1) again))
  (again 0))
(define lt1-param (make-parameter 5))

(test-group "tail calls of a local procedure on one local"
  (lambda ()
    (test-equal "a closure of one parameter" '(7)
                (lt1-call (lambda (v) (list v)) 7))
    (test-equal "the argument from a slot above the first" '(b a)
                (lt1-second 'a 'b (lambda (v) (list v 'a))))
    (test-equal "a closure that reads its free values" 42
                (let ((k 40)) (lt1-call (lambda (v) (+ v k)) 2)))
    (test-equal "a rest parameter" '(x)
                (lt1-call (lambda args args) 'x))
    (test-equal "a required and a rest parameter" '(x ())
                (lt1-call (lambda (a . r) (list a r)) 'x))
    (test-equal "a case-lambda whose second clause fits" '(one x)
                (lt1-call (case-lambda ((a b) 'two) ((a) (list 'one a))) 'x))
    (test-error "a closure of two parameters" #t
                (lt1-call (lambda (a b) a) 1))
    (test-error "a closure of none" #t
                (lt1-call (lambda () 0) 1))
    (test-equal "a primitive" 'a (lt1-call car '(a b)))
    (test-equal "a continuation" 'out
                (call-with-current-continuation
                 (lambda (k) (lt1-call k 'out) 'not-reached)))
    (test-equal "a parameter object, as called directly" (lt1-param 9)
                (lt1-call lt1-param 9))
    (test-error "a number" #t (lt1-call 5 1))
    (test-equal "100,000 nested continuations" 100000
                (lt1-count-down 100000 (lambda (v) v)))
    (test-eq "an endless loop of such calls stopped, its stack bounded"
             'time
             (guard (e ((and (error-object? e)
                             (eq? (condition-kind e) 'limit-exceeded))
                        (car (error-object-irritants e))))
               (call-with-limits lt1-forever 0.05 #f 65536)))
    (test-assert "the calls are LTAILCALL1_L"
                 (and (self-u-has? lt1-call "LTAILCALL1_L")
                      (self-u-has? lt1-second "LTAILCALL1_L")))))

;; ------------------------------------------------------------------
;; Two free values pushed one after the other are one instruction
;; (FREF_PUSH2), which leaves the second in acc as FREF_PUSH does; a
;; jump that lands between them keeps them apart.
(define (fp2-make a b c d)
  (lambda (f) (f a b c d d c b a)))
(define (fp2-closures a b c)
  (lambda () (lambda (x) (list x c b a))))
(define (fp2-branch a b c t)
  (lambda () (list a (if t b c) a)))
(define (fp2-test-at-once a b)
  (lambda () (let* ((x a) (y b)) (if y (list y x) 'no))))

(test-group "free values pushed two at a time"
  (lambda ()
    (test-equal "eight free values in order" '(1 2 3 4 4 3 2 1)
                ((fp2-make 1 2 3 4) list))
    (test-equal "free values copied into a closure" '(x 3 2 1)
                (((fp2-closures 1 2 3)) 'x))
    (test-equal "a jump between two pushes, true" '(a b a)
                ((fp2-branch 'a 'b 'c #t)))
    (test-equal "a jump between two pushes, false" '(a c a)
                ((fp2-branch 'a 'b 'c #f)))
    (test-equal "the second bound and tested at once" '(2 1)
                ((fp2-test-at-once 1 2)))
    (test-equal "the second #f, tested at once" 'no
                ((fp2-test-at-once 1 #f)))
    (test-assert "the pushes are FREF_PUSH2"
                 (self-u-has? (fp2-make 1 2 3 4) "FREF_PUSH2"))))

;; ------------------------------------------------------------------
;; A tail call, from a lambda inside it, of a local procedure that the
;; compiler knows (cpstak's continuations calling tak) reads the
;; procedure as a free value in the call itself (FKTAILCALL).
(define (fk-maker)
  (define (walk i k)
    (if (= i 0) (lambda (v) (walk v k)) (k i 'walked)))
  walk)
(define (fk-cps n)
  (define (down i acc k)
    (if (= i 0)
        (k acc)
        (down (- i 1) (cons i acc)
              (lambda (v) (down 0 (cons (length v) v) k)))))
  (down n '() (lambda (v) v)))

(test-group "known local procedures called from inner lambdas"
  (lambda ()
    (test-equal "the inner lambda's call" '(5 walked)
                (((fk-maker) 0 list) 5))
    (test-equal "the inner lambda again, the other way" '(7 walked)
                (((fk-maker) 0 (lambda (a b) (list a b))) 7))
    (test-equal "continuations calling their outer procedure"
                '(5 4 3 1 2 3) (fk-cps 3))
    (test-assert "the call is FKTAILCALL"
                 (self-u-has? ((fk-maker) 0 list) "FKTAILCALL"))))

(test-end "procedures")
