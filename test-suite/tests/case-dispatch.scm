;;; case-dispatch.scm -- case on a local as one instruction (CASE_EQ)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A case whose clauses test data that eq? compares (symbols,
;;; characters, fixnums, booleans, the empty list) finds its clause
;;; with one instruction (issue 39: lattice's case on a comparison's
;;; result).  What it must keep of the chain of tests it replaces: the
;;; first clause of a datum named twice, the else branch and a case
;;; with none, => clauses, clauses of many data, data eq? cannot
;;; compare (a flonum) among the others, the key computed once, and
;;; each context: a value, an effect, a tail (a loop of a million
;;; turns in constant space).  A case of two data is CASE_EQ2, which
;;; compares both in the instruction: the same, and the first clause
;;; of a datum named twice.

;;; Code:

(test-begin "case-dispatch")

(define (cd-has? proc name)
  ;; Whether PROC's listing shows instruction NAME.
  (let ((out (open-output-string)))
    (parameterize ((current-output-port out))
      ((eval 'disassemble (environment '(libscm disassemble))) proc))
    (and (string-contains (get-output-string out) (string-append name " "))
         #t)))

(define (cd-kind x)
  (case x
    ((a b) 'ab)
    ((c) 'c)
    ((#\x #\λ) 'char)
    ((1 2 3) 'small)
    ((#t) 'true)
    ((#f) 'false)
    ((()) 'empty)
    (else 'other)))

(define (cd-first x)
  ;; b in two clauses: the first wins, as the tests in order do.
  (case x ((a b) 1) ((b c) 2) ((c d e) 3) (else 4)))

(define (cd-no-else x)
  (case x ((a) 1) ((b) 2) ((c) 3)))

(define (cd-arrow x)
  (case x
    ((a b c) => (lambda (y) (list 'got y)))
    (else => (lambda (y) (list 'else y)))))

(define (cd-many x)
  ;; More data in one clause than the expander chains (the memv form).
  (case x
    ((a b c d e f g h i j k l) 'first)
    ((m n o) 'second)
    (else 'none)))

(define (cd-mixed x)
  ;; A flonum datum ends the clauses found at once; the rest are tests.
  (case x ((a b) 'ab) ((c d) 'cd) ((1.5) 'flo) ((e) 'e) (else 'other)))

(define (cd-count l)
  ;; In a tail: the loop's turns through every clause.
  (let loop ((l l) (as 0) (bs 0) (cs 0) (others 0))
    (if (null? l)
        (list as bs cs others)
        (case (car l)
          ((a) (loop (cdr l) (+ as 1) bs cs others))
          ((b) (loop (cdr l) as (+ bs 1) cs others))
          ((c) (loop (cdr l) as bs (+ cs 1) others))
          (else (loop (cdr l) as bs cs (+ others 1)))))))

(define (cd-spin n)
  ;; A million turns through a case in a tail.
  (let loop ((n n) (state 'a))
    (if (= n 0)
        state
        (case state
          ((a) (loop (- n 1) 'b))
          ((b) (loop (- n 1) 'c))
          ((c) (loop (- n 1) 'a))
          (else 'lost)))))

(define cd-log '())
(define (cd-effect x)
  ;; For effect, then a value after it.
  (case x
    ((a b) (set! cd-log (cons 'ab cd-log)))
    ((c d) (set! cd-log (cons 'cd cd-log)))
    (else (set! cd-log (cons 'else cd-log))))
  (length cd-log))

(define (cd-assigned x)
  ;; The key a variable the procedure assigns: read after the set!.
  (let ((y x))
    (set! y (if (eq? y 'a) 'c y))
    (case y ((a) 1) ((b) 2) ((c) 3) (else 4))))

(define (cd-body-sets x)
  ;; The key a parameter that a clause's body assigns.
  (case x ((a) (set! x 'changed) x) ((b) 2) ((c) 3) (else x)))

(define (cd-loop-key n)
  ;; The key a loop's variable, which the loop's jump steps.
  (let loop ((i 0) (acc '()))
    (if (= i n)
        (reverse acc)
        (loop (+ i 1)
              (cons (case i ((0) 'zero) ((1 2) 'small) ((3) 'three) (else 'big))
                    acc)))))

(define (cd-arrow-key x)
  ;; A => clause gets the key's value, with a variable as the key.
  (case x ((a b c) => (lambda (v) (list v x))) ((d) 'd) (else 'none)))

(define cd-calls 0)
(define (cd-key x) (set! cd-calls (+ cd-calls 1)) x)
(define (cd-once x) (case (cd-key x) ((a) 1) ((b) 2) ((c) 3) (else 4)))

(define cd-names
  '(s0 s1 s2 s3 s4 s5 s6 s7 s8 s9 s10 s11 s12 s13 s14 s15 s16 s17 s18 s19))
(define cd-wide
  ;; A case of twenty clauses, one datum each, made by eval.
  (eval `(lambda (x)
           (case x
             ,@(let loop ((l cd-names) (i 0))
                 (if (null? l)
                     '()
                     (cons `((,(car l)) ,i) (loop (cdr l) (+ i 1)))))
             (else -1)))
        (environment '(scheme base))))

(define cd-many-tables
  ;; 300 clauses of two data each: more than one table holds (64 data
  ;; a table), each the else branch of the one before.
  (eval `(lambda (x)
           (case x
             ,@(let loop ((i 0))
                 (if (= i 300)
                     '()
                     (cons `((,(* 2 i) ,(+ (* 2 i) 1)) ,i) (loop (+ i 1)))))
             (else 'none)))
        (environment '(scheme base))))

(test-group "the clause of each datum"
  (lambda ()
    (test-equal "symbols, characters, fixnums, booleans, the empty list"
                '(ab ab c char char small small small true false empty other
                     other other)
                (map cd-kind (list 'a 'b 'c #\x #\λ 1 2 3 #t #f '() 'z 4
                                   "a")))
    (test-equal "a datum named twice goes to the first clause"
                '(1 1 2 3 3 4) (map cd-first '(a b c d e f)))
    (test-equal "no else: the clauses, and no clause taken"
                '(1 2 3 #t)
                (list (cd-no-else 'a) (cd-no-else 'b) (cd-no-else 'c)
                      (not (memv (cd-no-else 'z) '(1 2 3)))))
    (test-equal "=> clauses get the key"
                '((got b) (else z)) (list (cd-arrow 'b) (cd-arrow 'z)))
    (test-equal "a clause of many data"
                '(first first second none)
                (map cd-many '(a l n z)))
    (test-equal "a flonum datum among the others"
                '(ab cd flo e other other)
                (map cd-mixed (list 'b 'c 1.5 'e 'f 2.5)))
    (test-equal "twenty clauses" '(0 7 19 -1)
                (map cd-wide '(s0 s7 s19 s20)))
    (test-assert "600 data over several tables, each to its clause"
                 (let loop ((k 0))
                   (or (= k 600)
                       (and (eqv? (cd-many-tables k) (quotient k 2))
                            (loop (+ k 1))))))
    (test-equal "and past them" '(none none)
                (list (cd-many-tables 600) (cd-many-tables 'a)))))

(test-group "each context"
  (lambda ()
    (test-equal "in a loop's tail" '(3 2 1 2)
                (cd-count '(a b c a z b a y)))
    (test-eq "a million turns in constant space" 'b (cd-spin 1000000))
    (test-equal "for effect" '(3 (else cd ab))
                (begin (set! cd-log '())
                       (cd-effect 'a) (cd-effect 'd)
                       (list (cd-effect 'q) cd-log)))
    (test-equal "the key computed once" '((1 2 3 4) 4)
                (begin (set! cd-calls 0)
                       (let ((r (map cd-once '(a b c d))))
                         (list r cd-calls))))
    (test-equal "the key a variable that is assigned" '(3 2 3 4)
                (map cd-assigned '(a b c d)))
    (test-equal "the key a parameter that a body assigns" '(changed 2 3 z)
                (map cd-body-sets '(a b c z)))
    (test-equal "the key a loop's variable" '(zero small small three big big)
                (cd-loop-key 6))
    (test-equal "=> with a variable as the key" '((b b) d none)
                (map cd-arrow-key '(b d z)))
    (test-equal "in an argument" '(x ab y)
                (list 'x (cd-kind 'a) 'y))))

;; Two data: CASE_EQ2, the compares in the instruction (lattice's
;; (case lhs ((low) ...) ((high) ...))).
(define (cd-two x) (case x ((low) 'l) ((high) 'h) (else 'other)))
(define (cd-two-in-one x) (case x ((#\a 7) 'a-or-7) (else 'other)))
(define (cd-two-first x) (case x ((a) 1) ((a) 2) (else 3)))
(define (cd-two-no-else x) (case x ((a) 'a) ((b) 'b)))
(define (cd-two-effect x n)
  (case x ((up) (set! n (+ n 1))) ((down) (set! n (- n 1))))
  n)
(define (cd-two-loop n acc)
  (case (if (even? n) 'even 'odd)
    ((even) (if (= n 0) acc (cd-two-loop (- n 1) (+ acc 2))))
    ((odd) (cd-two-loop (- n 1) (+ acc 1)))))

(test-group "a case of two data"
  (lambda ()
    (test-equal "each clause and the else branch" '(l h other other)
                (map cd-two '(low high mid 1)))
    (test-equal "one clause of both data: a character and a fixnum"
                '(a-or-7 a-or-7 other other)
                (map cd-two-in-one (list #\a 7 #\b 7.0)))
    (test-equal "a datum named twice: the first clause" '(1 3)
                (map cd-two-first '(a b)))
    (test-equal "no else branch" '(a b #t)
                (list (cd-two-no-else 'a) (cd-two-no-else 'b)
                      (not (memq (cd-two-no-else 'c) '(a b)))))
    (test-equal "as an effect" '(6 4 5)
                (list (cd-two-effect 'up 5) (cd-two-effect 'down 5)
                      (cd-two-effect 'level 5)))
    (test-equal "in an argument" '(x h y) (list 'x (cd-two 'high) 'y))
    (test-equal "a loop of a million turns in a tail" 1500000
                (cd-two-loop 1000000 0))))

(test-group "the instruction"
  (lambda ()
    (test-assert "a case of three data or more is CASE_EQ"
                 (and (cd-has? cd-kind "CASE_EQ")
                      (cd-has? cd-count "CASE_EQ")
                      (cd-has? cd-many "CASE_EQ")
                      (cd-has? cd-mixed "CASE_EQ")
                      (cd-has? cd-wide "CASE_EQ")))
    (test-assert "a case of two data is CASE_EQ2"
                 (and (cd-has? cd-two "CASE_EQ2")
                      (cd-has? cd-two-in-one "CASE_EQ2")
                      (not (cd-has? cd-two "CASE_EQ"))))
    (test-assert "one datum stays a test"
                 (not (cd-has? (lambda (x) (case x ((a) 1) (else 3)))
                               "CASE_EQ2")))
    (test-assert "the listing names each clause's label"
                 (let ((out (open-output-string)))
                   (parameterize ((current-output-port out))
                     ((eval 'disassemble (environment '(libscm disassemble)))
                      cd-first))
                   (string-contains (get-output-string out)
                                    "(a b) L1 (c) L2 (d e) L3")))))

(test-end "case-dispatch")
