;;; interp.scm -- a small Scheme interpreter written in Scheme, running programs
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: closure

(include "common.scm")

;; The interpreter analyses an expression once into a host closure
;; that takes the run-time environment, the way many fast interpreters
;; do.  Variables are resolved at analysis time to a (depth . index)
;; address into a chain of frames, each frame a vector whose slot 0 is
;; the enclosing frame; globals live in an association list of boxes.
;; It handles quote, if, define, set!, lambda (with a rest argument),
;; begin, let, named let, let*, letrec, cond (with else), and, or,
;; when and unless; bodies may begin with internal defines.  It runs a
;; few small programs (recursion, closures, list sorting, an
;; association-list database, vector work), each of which the host
;; also runs directly, and the results must agree.

(define globals '())

(define (global-box name)
  (let ((b (assq name globals)))
    (if b
        (cdr b)
        (let ((box (vector name #f #f)))   ; name, defined?, value
          (set! globals (cons (cons name box) globals))
          box))))

(define (define-global! name value)
  (let ((box (global-box name)))
    (vector-set! box 1 #t)
    (vector-set! box 2 value)))

;; Compile-time environments: a list of frames, each a list of names.
(define (lookup name cenv)
  (let outer ((frames cenv) (depth 0))
    (if (null? frames)
        #f
        (let inner ((names (car frames)) (index 1))
          (cond ((null? names) (outer (cdr frames) (+ depth 1)))
                ((eq? (car names) name) (cons depth index))
                (else (inner (cdr names) (+ index 1))))))))

(define (frame-up env depth)
  (if (= depth 0) env (frame-up (vector-ref env 0) (- depth 1))))

(define (analyse x cenv)
  (cond ((symbol? x) (analyse-variable x cenv))
        ((pair? x)
         (case (car x)
           ((quote) (let ((v (cadr x))) (lambda (env) v)))
           ((if) (analyse-if x cenv))
           ((define) (analyse-define x cenv))
           ((set!) (analyse-set x cenv))
           ((lambda) (analyse-lambda (cadr x) (cddr x) cenv))
           ((begin) (analyse-sequence (cdr x) cenv))
           ((let) (analyse (let->application x) cenv))
           ((let*) (analyse (let*->nested x) cenv))
           ((letrec) (analyse (letrec->let x) cenv))
           ((cond) (analyse (cond->if (cdr x)) cenv))
           ((and) (analyse (and->if (cdr x)) cenv))
           ((or) (analyse-or (cdr x) cenv))
           ((when) (analyse (list 'if (cadr x) (cons 'begin (cddr x)) #f)
                            cenv))
           ((unless) (analyse (list 'if (cadr x) #f (cons 'begin (cddr x)))
                              cenv))
           (else (analyse-application x cenv))))
        (else (lambda (env) x))))

(define (analyse-variable name cenv)
  (let ((addr (lookup name cenv)))
    (if addr
        (let ((depth (car addr)) (index (cdr addr)))
          (case depth
            ((0) (lambda (env) (vector-ref env index)))
            ((1) (lambda (env) (vector-ref (vector-ref env 0) index)))
            (else (lambda (env) (vector-ref (frame-up env depth) index)))))
        (let ((box (global-box name)))
          (lambda (env)
            (if (vector-ref box 1)
                (vector-ref box 2)
                (error "interp: unbound variable" name)))))))

(define (analyse-if x cenv)
  (let ((test (analyse (cadr x) cenv))
        (then (analyse (caddr x) cenv))
        (else (if (pair? (cdddr x))
                  (analyse (cadddr x) cenv)
                  (lambda (env) #f))))
    (lambda (env) (if (test env) (then env) (else env)))))

(define (analyse-define x cenv)
  (let* ((target (cadr x))
         (name (if (pair? target) (car target) target))
         (value (if (pair? target)
                    (analyse-lambda (cdr target) (cddr x) cenv)
                    (analyse (caddr x) cenv))))
    (if (null? cenv)
        (lambda (env) (define-global! name (value env)) name)
        ;; An internal define: the body's scanner made NAME a slot of
        ;; the innermost frame.
        (let ((index (cdr (lookup name cenv))))
          (lambda (env) (vector-set! env index (value env)) name)))))

(define (analyse-set x cenv)
  (let* ((name (cadr x))
         (value (analyse (caddr x) cenv))
         (addr (lookup name cenv)))
    (if addr
        (let ((depth (car addr)) (index (cdr addr)))
          (lambda (env)
            (vector-set! (frame-up env depth) index (value env))))
        (let ((box (global-box name)))
          (lambda (env)
            (if (vector-ref box 1)
                (vector-set! box 2 (value env))
                (error "interp: set! of an unbound variable" name)))))))

;; The parameters of a lambda list, and whether it has a rest one.
(define (parameter-names params)
  (cond ((null? params) '())
        ((symbol? params) (list params))
        (else (cons (car params) (parameter-names (cdr params))))))

(define (required-count params)
  (if (pair? params) (+ 1 (required-count (cdr params))) 0))

(define (internal-defines body)
  (let loop ((body body) (names '()))
    (if (and (pair? body) (pair? (car body)) (eq? (car (car body)) 'define))
        (let ((target (cadr (car body))))
          (loop (cdr body)
                (cons (if (pair? target) (car target) target) names)))
        (reverse names))))

(define (analyse-lambda params body cenv)
  (let* ((names (parameter-names params))
         (locals (internal-defines body))
         (frame-names (append names locals))
         (size (+ 1 (length frame-names)))
         (nreq (required-count params))
         (rest? (not (list? params)))
         (code (analyse-sequence body (cons frame-names cenv))))
    (lambda (env)
      (make-procedure
       (lambda (args)
         (let ((frame (make-vector size #f)))
           (vector-set! frame 0 env)
           (let fill ((args args) (i 1))
             (cond ((= i (+ nreq 1))
                    (if rest?
                        (vector-set! frame i args)
                        (if (not (null? args))
                            (error "interp: too many arguments"))))
                   ((null? args) (error "interp: too few arguments"))
                   (else (vector-set! frame i (car args))
                         (fill (cdr args) (+ i 1)))))
           (code frame)))))))

;; A procedure of the interpreted language: a host procedure of one
;; argument, the argument list, tagged so that the printer and the
;; application can tell it from a primitive.
(define (make-procedure f) (vector 'procedure f))
(define (procedure-body p) (vector-ref p 1))
(define (interp-procedure? p)
  (and (vector? p) (= (vector-length p) 2) (eq? (vector-ref p 0) 'procedure)))

(define (analyse-sequence body cenv)
  (cond ((null? body) (lambda (env) #f))
        ((null? (cdr body)) (analyse (car body) cenv))
        (else (let ((first (analyse (car body) cenv))
                    (rest (analyse-sequence (cdr body) cenv)))
                (lambda (env) (first env) (rest env))))))

(define (analyse-or exps cenv)
  (cond ((null? exps) (lambda (env) #f))
        ((null? (cdr exps)) (analyse (car exps) cenv))
        (else (let ((first (analyse (car exps) cenv))
                    (rest (analyse-or (cdr exps) cenv)))
                (lambda (env) (or (first env) (rest env)))))))

(define (analyse-application x cenv)
  (let ((f (analyse (car x) cenv))
        (args (map (lambda (a) (analyse a cenv)) (cdr x))))
    (define (apply-it p vals)
      (if (interp-procedure? p)
          ((procedure-body p) vals)
          (apply p vals)))
    (case (length args)
      ((0) (lambda (env) (apply-it (f env) '())))
      ((1) (let ((a (car args)))
             (lambda (env) (apply-it (f env) (list (a env))))))
      ((2) (let ((a (car args)) (b (cadr args)))
             (lambda (env) (apply-it (f env) (list (a env) (b env))))))
      ((3) (let ((a (car args)) (b (cadr args)) (c (caddr args)))
             (lambda (env)
               (apply-it (f env) (list (a env) (b env) (c env))))))
      (else (lambda (env)
              (apply-it (f env) (map (lambda (a) (a env)) args)))))))

;; Derived forms, rewritten into the core.
(define (let->application x)
  (if (symbol? (cadr x))
      ;; Named let: (letrec ((name (lambda vars body))) (name inits)).
      (let ((name (cadr x)) (bindings (caddr x)) (body (cdddr x)))
        (cons (list 'letrec
                    (list (list name (cons 'lambda (cons (map car bindings)
                                                         body))))
                    name)
              (map cadr bindings)))
      (cons (cons 'lambda (cons (map car (cadr x)) (cddr x)))
            (map cadr (cadr x)))))

(define (let*->nested x)
  (let ((bindings (cadr x)) (body (cddr x)))
    (if (or (null? bindings) (null? (cdr bindings)))
        (cons 'let (cons bindings body))
        (list 'let (list (car bindings))
              (cons 'let* (cons (cdr bindings) body))))))

(define (letrec->let x)
  (let ((bindings (cadr x)) (body (cddr x)))
    (cons 'let
          (cons (map (lambda (b) (list (car b) #f)) bindings)
                (append (map (lambda (b) (list 'set! (car b) (cadr b)))
                             bindings)
                        body)))))

(define (cond->if clauses)
  (cond ((null? clauses) #f)
        ((eq? (car (car clauses)) 'else) (cons 'begin (cdr (car clauses))))
        (else (list 'if (car (car clauses))
                    (cons 'begin (cdr (car clauses)))
                    (cond->if (cdr clauses))))))

(define (and->if exps)
  (cond ((null? exps) #t)
        ((null? (cdr exps)) (car exps))
        (else (list 'if (car exps) (and->if (cdr exps)) #f))))

(define (install-primitives!)
  (for-each (lambda (p) (define-global! (car p) (cdr p)))
            (list (cons '+ +) (cons '- -) (cons '* *) (cons '< <) (cons '= =)
                  (cons '> >) (cons '<= <=) (cons 'quotient quotient)
                  (cons 'remainder remainder) (cons 'car car) (cons 'cdr cdr)
                  (cons 'cons cons) (cons 'null? null?) (cons 'pair? pair?)
                  (cons 'eq? eq?) (cons 'equal? equal?) (cons 'not not)
                  (cons 'list list) (cons 'length length)
                  (cons 'make-vector make-vector) (cons 'vector-ref vector-ref)
                  (cons 'vector-set! vector-set!)
                  (cons 'vector-length vector-length)
                  (cons 'reverse reverse))))

(define (interp-eval x) ((analyse x '()) #f))

;; The programs, as data for the interpreter.  The host runs the same
;; text through its own eval-free copy below (HOST-...), and the two
;; results must be equal.
(define programs
  '((define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))
    (define (tak x y z)
      (if (not (< y x)) z
          (tak (tak (- x 1) y z) (tak (- y 1) z x) (tak (- z 1) x y))))
    (define (make-counter)
      (let ((n 0)) (lambda () (set! n (+ n 1)) n)))
    (define (count-to k)
      (let ((c (make-counter)))
        (let loop ((i 0) (last 0))
          (if (= i k) last (loop (+ i 1) (c))))))
    (define (insert x sorted)
      (cond ((null? sorted) (list x))
            ((< x (car sorted)) (cons x sorted))
            (else (cons (car sorted) (insert x (cdr sorted))))))
    (define (merge a b)
      (cond ((null? a) b)
            ((null? b) a)
            ((< (car b) (car a)) (cons (car b) (merge a (cdr b))))
            (else (cons (car a) (merge (cdr a) b)))))
    (define (msort l)
      (define (split l a b)
        (if (null? l) (merge (msort a) (msort b))
            (split (cdr l) (cons (car l) b) a)))
      (if (or (null? l) (null? (cdr l))) l (split l '() '())))
    (define (numbers n seed)
      (let loop ((i 0) (s seed) (acc '()))
        (if (= i n) acc
            (let ((s2 (remainder (+ (* s 1103) 12345) 65536)))
              (loop (+ i 1) s2 (cons s2 acc))))))
    (define (fold f acc l) (if (null? l) acc (fold f (f acc (car l)) (cdr l))))
    (define (sum . xs) (fold + 0 xs))
    (define (sieve n)
      (let ((v (make-vector (+ n 1) #t)))
        (let outer ((i 2) (count 0))
          (cond ((> i n) count)
                ((vector-ref v i)
                 (let inner ((j (* i i)))
                   (when (<= j n) (vector-set! v j #f) (inner (+ j i))))
                 (outer (+ i 1) (+ count 1)))
                (else (outer (+ i 1) count))))))
    (define (assoc-db n)
      (let loop ((i 0) (db '()))
        (if (= i n)
            (let sum-keys ((k 0) (acc 0))
              (if (= k n) acc
                  (sum-keys (+ k 1) (+ acc (cdr (lookup-key k db))))))
            (loop (+ i 1) (cons (cons i (* i i)) db)))))
    (define (lookup-key k db)
      (cond ((null? db) #f)
            ((= (car (car db)) k) (car db))
            (else (lookup-key k (cdr db)))))
    (define (run scale)
      (list (fib (+ 10 scale))
            (tak (+ 8 scale) 6 2)
            (count-to (* 100 scale))
            (fold + 0 (msort (numbers (* 40 scale) 7)))
            (length (fold (lambda (acc x) (insert x acc)) '()
                          (numbers (* 10 scale) 3)))
            (equal? (msort (numbers 50 5))
                    (fold (lambda (acc x) (insert x acc)) '() (numbers 50 5)))
            (sum 1 2 3 4 5 6)
            (sieve (* 200 scale))
            (assoc-db (* 5 scale))
            (let* ((a 1) (b (+ a 1)) (c (* b 3)))
              (letrec ((even? (lambda (n) (if (= n 0) #t (odd? (- n 1)))))
                       (odd? (lambda (n) (if (= n 0) #f (even? (- n 1))))))
                (list a b c (even? (+ 10 scale)) (odd? 7)
                      (and 1 2) (and) (or #f 3) (or)
                      (cond ((< a 0) 'neg) ((= a 1) 'one) (else 'other))
                      (unless (= a 1) 'no))))))))

;; The same programs, run by the host.
(define (host-fib n) (if (< n 2) n (+ (host-fib (- n 1)) (host-fib (- n 2)))))
(define (host-tak x y z)
  (if (not (< y x)) z
      (host-tak (host-tak (- x 1) y z) (host-tak (- y 1) z x)
                (host-tak (- z 1) x y))))
(define (host-numbers n seed)
  (let loop ((i 0) (s seed) (acc '()))
    (if (= i n) acc
        (let ((s2 (remainder (+ (* s 1103) 12345) 65536)))
          (loop (+ i 1) s2 (cons s2 acc))))))
(define (host-primes n)
  (let loop ((i 2) (count 0))
    (cond ((> i n) count)
          ((let try ((d 2))
             (cond ((> (* d d) i) #t)
                   ((= 0 (remainder i d)) #f)
                   (else (try (+ d 1)))))
           (loop (+ i 1) (+ count 1)))
          (else (loop (+ i 1) count)))))

(define (host-run scale)
  (list (host-fib (+ 10 scale))
        (host-tak (+ 8 scale) 6 2)
        (* 100 scale)
        (apply + (host-numbers (* 40 scale) 7))
        (* 10 scale)
        #t
        21
        (host-primes (* 200 scale))
        (let loop ((k 0) (acc 0))
          (if (= k (* 5 scale)) acc (loop (+ k 1) (+ acc (* k k)))))
        (list 1 2 6 (even? (+ 10 scale)) #t 2 #t 3 #f 'one #f)))

(define interp-scale (if bench-quick? 6 12))

(define (interp-run)
  (set! globals '())
  (install-primitives!)
  (for-each interp-eval programs)
  (interp-eval (list 'run interp-scale)))

(run-benchmark "interp" (if bench-quick? 1 5) interp-run
               (lambda (r) (equal? r (host-run interp-scale))))
