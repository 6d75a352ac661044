;;; boyer.scm -- a Boyer-style prover: rewriting to if-normal form, then a tautology check
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: symbolic

(include "common.scm")

;; Terms are symbols (variables) or lists (function arguments...);
;; constants are nullary applications: (t), (f), (zero).  A lemma
;; rewrites an instance of its left side into the same instance of
;; its right side; lemmas are kept on the property list (here an
;; association list) of the left side's function symbol.  A term is
;; rewritten inside out, its arguments first, and what a lemma gives
;; is rewritten again.  Every function is total over the values
;; t, f and the naturals (a non-number counts as 0, anything but f is
;; true), and every lemma holds in that model: the check evaluates the
;; theorem before and after rewriting under many assignments and
;; wants the same value, and wants the tautology checker to prove the
;; theorems and refuse the non-theorems.

(define lemma-source
  '(((and p q) (if p (if q (t) (f)) (f)))
    ((or p q) (if p (t) (if q (t) (f))))
    ((not p) (if p (f) (t)))
    ((implies p q) (if p (if q (t) (f)) (t)))
    ((iff p q) (and (implies p q) (implies q p)))
    ((xor p q) (not (iff p q)))
    ((if (if a b c) d e) (if a (if b d e) (if c d e)))
    ((if (t) x y) x)
    ((if (f) x y) y)
    ((equal x x) (t))
    ((equal (plus a b) (plus a c)) (equal (fix b) (fix c)))
    ((equal (plus a b) (zero)) (and (zerop a) (zerop b)))
    ((equal (times x y) (zero)) (or (zerop x) (zerop y)))
    ((equal (difference x y) (zero)) (not (lessp y x)))
    ((equal (add1 x) (add1 y)) (equal (fix x) (fix y)))
    ((equal (add1 x) (zero)) (f))
    ((zerop (plus x y)) (and (zerop x) (zerop y)))
    ((zerop (add1 x)) (f))
    ((zerop (zero)) (t))
    ((fix (plus x y)) (plus x y))
    ((fix (times x y)) (times x y))
    ((fix (add1 x)) (add1 x))
    ((fix (fix x)) (fix x))
    ((plus (plus x y) z) (plus x (plus y z)))
    ((plus (zero) x) (fix x))
    ((plus (add1 x) y) (add1 (plus x y)))
    ((times x (plus y z)) (plus (times x y) (times x z)))
    ((times (times x y) z) (times x (times y z)))
    ((times x (add1 y)) (plus x (times x y)))
    ((times x (zero)) (zero))
    ((difference (plus x y) x) (fix y))
    ((difference x x) (zero))
    ((lessp (plus x y) (plus x z)) (lessp y z))
    ((lessp (remainder x y) y) (not (zerop y)))
    ((lessp x (add1 y)) (not (lessp y x)))
    ((lessp x (zero)) (f))
    ((remainder (times y x) y) (zero))
    ((remainder x (add1 (zero))) (zero))
    ((max x y) (if (lessp x y) (fix y) (fix x)))
    ((min x y) (if (lessp x y) (fix x) (fix y)))))

;; The lemma table: (symbol (lhs . rhs) ...) per function symbol, in
;; the order given.
(define (make-lemma-table source)
  (let loop ((src source) (table '()))
    (if (null? src)
        (map (lambda (entry) (cons (car entry) (reverse (cdr entry)))) table)
        (let* ((lhs (car (car src)))
               (rhs (cadr (car src)))
               (entry (assq (car lhs) table)))
          (if entry
              (begin (set-cdr! entry (cons (cons lhs rhs) (cdr entry)))
                     (loop (cdr src) table))
              (loop (cdr src)
                    (cons (list (car lhs) (cons lhs rhs)) table)))))))

(define lemma-table (make-lemma-table lemma-source))

(define rewrite-count 0)

;; One-way unification: extend BINDINGS so that PATTERN instantiated
;; is TERM, or #f.  A variable met twice must stand for equal terms.
(define (match pattern term bindings)
  (cond ((not bindings) #f)
        ((symbol? pattern)
         (let ((b (assq pattern bindings)))
           (cond ((not b) (cons (cons pattern term) bindings))
                 ((equal? (cdr b) term) bindings)
                 (else #f))))
        ((pair? term)
         (and (eq? (car pattern) (car term))
              (match-args (cdr pattern) (cdr term) bindings)))
        (else #f)))

(define (match-args patterns terms bindings)
  (cond ((not bindings) #f)
        ((null? patterns) (and (null? terms) bindings))
        ((null? terms) #f)
        (else (match-args (cdr patterns) (cdr terms)
                          (match (car patterns) (car terms) bindings)))))

(define (instantiate term bindings)
  (if (symbol? term)
      (let ((b (assq term bindings)))
        (if b (cdr b) term))
      (cons (car term)
            (map (lambda (arg) (instantiate arg bindings)) (cdr term)))))

(define (rewrite term)
  (if (symbol? term)
      term
      (rewrite-with-lemmas (cons (car term) (map rewrite (cdr term))))))

(define (rewrite-with-lemmas term)
  (let ((entry (assq (car term) lemma-table)))
    (if (not entry)
        term
        (let try ((lemmas (cdr entry)))
          (if (null? lemmas)
              term
              (let ((b (match (car (car lemmas)) term '())))
                (if b
                    (begin (set! rewrite-count (+ rewrite-count 1))
                           (rewrite (instantiate (cdr (car lemmas)) b)))
                    (try (cdr lemmas)))))))))

;; Boyer's tautology checker on if-normal form: a test already assumed
;; true or false selects its branch; any other test is assumed each way.
(define (tautology? term true-list false-list)
  (cond ((or (equal? term '(t)) (member term true-list)) #t)
        ((or (equal? term '(f)) (member term false-list)) #f)
        ((and (pair? term) (eq? (car term) 'if))
         (let ((test (cadr term)))
           (cond ((or (equal? test '(t)) (member test true-list))
                  (tautology? (caddr term) true-list false-list))
                 ((or (equal? test '(f)) (member test false-list))
                  (tautology? (cadddr term) true-list false-list))
                 (else
                  (and (tautology? (caddr term) (cons test true-list)
                                   false-list)
                       (tautology? (cadddr term) true-list
                                   (cons test false-list)))))))
        (else #f)))

(define (prove term)
  (tautology? (rewrite term) '() '()))

;; The model every lemma holds in.
(define (num v) (if (and (integer? v) (exact? v)) v 0))
(define (truth b) (if b 't 'f))
(define (true? v) (not (eq? v 'f)))

(define (evaluate term env)
  (if (symbol? term)
      (cdr (assq term env))
      (let ((op (car term))
            (args (map (lambda (a) (evaluate a env)) (cdr term))))
        (case op
          ((t) 't)
          ((f) 'f)
          ((zero) 0)
          ((if) (if (true? (car args)) (cadr args) (caddr args)))
          ((and) (truth (and (true? (car args)) (true? (cadr args)))))
          ((or) (truth (or (true? (car args)) (true? (cadr args)))))
          ((not) (truth (not (true? (car args)))))
          ((implies) (truth (or (not (true? (car args))) (true? (cadr args)))))
          ((iff) (truth (eq? (true? (car args)) (true? (cadr args)))))
          ((xor) (truth (not (eq? (true? (car args)) (true? (cadr args))))))
          ((equal) (truth (equal? (car args) (cadr args))))
          ((zerop) (truth (= (num (car args)) 0)))
          ((fix) (num (car args)))
          ((add1) (+ (num (car args)) 1))
          ((plus) (+ (num (car args)) (num (cadr args))))
          ((times) (* (num (car args)) (num (cadr args))))
          ((difference) (max 0 (- (num (car args)) (num (cadr args)))))
          ((lessp) (truth (< (num (car args)) (num (cadr args)))))
          ((remainder) (let ((x (num (car args))) (y (num (cadr args))))
                         (if (= y 0) x (remainder x y))))
          ((max) (max (num (car args)) (num (cadr args))))
          ((min) (min (num (car args)) (num (cadr args))))
          (else (error "evaluate: unknown function" op))))))

(define (variables term acc)
  (cond ((symbol? term) (if (memq term acc) acc (cons term acc)))
        (else (let loop ((args (cdr term)) (acc acc))
                (if (null? args) acc
                    (loop (cdr args) (variables (car args) acc)))))))

;; Substitute compound terms for the variables of a formula, so that
;; the rewriter has large instances to work through, as Boyer's does.
(define (substitute term subst)
  (instantiate term subst))

(define subst-1
  '((x . (lessp a (add1 (plus b c))))
    (y . (lessp (plus a (times b (add1 c))) (plus a (plus b (times b c)))))
    (z . (equal (difference a (plus b (zero))) (zero)))
    (w . (or (equal (times a (plus b (zero))) (zero))
             (zerop (max (difference a b) (min b c)))))
    (u . (lessp (remainder (plus a b) (add1 c)) (add1 c)))))

(define theorems
  '((implies (and (implies x y) (implies y z)) (implies x z))
    (iff (and x (or y z)) (or (and x y) (and x z)))
    (implies (and w (and u (implies w z))) (or z (not u)))
    (iff (xor x (not y)) (iff y x))
    (implies (and (iff x y) (iff y z)) (and (iff x z) u))))

(define non-theorems
  '((implies (and (implies x y) (implies z y)) (implies x z))
    (iff (and x (or y z)) (or (and x y) z))
    (iff (xor x (not y)) (iff y z))
    (implies (and w (implies w z)) (not u))))

(define boyer-rounds (if bench-quick? 1 10))

(define (boyer-run)
  (set! rewrite-count 0)
  (let loop ((i 0) (proved '()) (refused '()))
    (if (= i boyer-rounds)
        (list (reverse proved) (reverse refused) rewrite-count)
        (loop (+ i 1)
              (map (lambda (t) (prove (substitute t subst-1))) theorems)
              (map (lambda (t) (prove (substitute t subst-1))) non-theorems)))))

;; Rewriting keeps the value of a term in the model: compare the two
;; under pseudo-random assignments of t, f and small naturals.
(define (rewriting-sound? formulas)
  (let ((random (make-lcg 7))
        (values-pool (vector 't 'f 0 1 2 3 4 5)))
    (let each ((fs formulas))
      (or (null? fs)
          (let* ((term (substitute (car fs) subst-1))
                 (normal (rewrite term))
                 (vars (variables term '())))
            (and (let try ((k 0))
                   (or (= k 12)
                       (let ((env (map (lambda (v)
                                         (cons v (vector-ref values-pool
                                                             (modulo (random) 8))))
                                       vars)))
                         (and (equal? (evaluate term env) (evaluate normal env))
                              (try (+ k 1))))))
                 (each (cdr fs))))))))

(run-benchmark "boyer" 1 boyer-run
               (lambda (r)
                 (and (equal? (car r) (map (lambda (t) #t) theorems))
                      (equal? (cadr r) (map (lambda (t) #f) non-theorems))
                      (> (caddr r) 0)
                      (= (modulo (caddr r) boyer-rounds) 0)
                      (rewriting-sound? (append theorems non-theorems)))))
