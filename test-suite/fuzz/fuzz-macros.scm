;;; fuzz-macros.scm -- fuzz target: syntax-rules on random, cyclic and wide forms
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Run by fuzz-scheme.c.  Each step of an input is one of:
;;;
;;; - A random syntax-rules pattern (variables, constants, lists and
;;;   vectors with an ellipsis anywhere in them, nested ellipses,
;;;   dotted tails) with a use built to match it; the template is the
;;;   pattern quoted, so the use must give back exactly the datum
;;;   written in the use.
;;; - A random macro (pattern and template drawn separately, so often
;;;   ill-formed) applied to a random form, a cyclic form, a very wide
;;;   or a very deep one; a template holding a cyclic literal;
;;;   datum->syntax of a cyclic list; a macro whose expansion grows for
;;;   ever.  Each must finish or raise -- within the budget, as the
;;;   budget's interrupt must be heard everywhere the expander loops.
;;; - A core form (cond, case, and, or, let, let*, letrec, let-values,
;;;   define-values, guard, begin, vector and quasiquote) with thousands
;;;   of clauses or bindings: its value is checked when it finishes.

;;; Code:

(load (string-append %fuzz-dir "/fuzz-bytes.scm"))

(define env (interaction-environment))

(define pattern-names '#(a b c d e f g h i j k l m n o p))

;; A random pattern of at most DEPTH levels; every variable a fresh
;; symbol taken from COUNTER (a one-element list).
(define (choose-pattern in depth counter)
  (define (fresh-var)
    (let ((k (car counter)))
      (set-car! counter (+ k 1))
      (string->symbol (string-append
                       (symbol->string (vector-ref pattern-names (modulo k 16)))
                       (number->string k)))))
  (define (sub d) (choose-pattern in d counter))
  (if (<= depth 0)
      (fresh-var)
      (case (choose in 8)
        ((0 1) (fresh-var))
        ((2) (choose-from in '(1 "s" #\c #t 2.5)))
        ((3 4) (let* ((before (list-tabulate (choose in 3) (lambda (i) (sub (- depth 1)))))
                      (rep (with-var (sub (- depth 1)) fresh-var))
                      (after (list-tabulate (choose in 3) (lambda (i) (sub (- depth 1))))))
                 (append before (list rep '...) after)))
        ((5) (list-tabulate (choose in 4) (lambda (i) (sub (- depth 1)))))
        ((6) (let ((l (list-tabulate (+ 1 (choose in 3)) (lambda (i) (sub (- depth 1))))))
               (append l (fresh-var))))
        (else (let* ((before (list-tabulate (choose in 2) (lambda (i) (sub (- depth 1)))))
                     (rep (with-var (sub (- depth 1)) fresh-var)))
                (list->vector (append before (list rep '...))))))))

(define (list-tabulate n f)
  (let loop ((i (- n 1)) (acc '()))
    (if (< i 0) acc (loop (- i 1) (cons (f i) acc)))))

;; The pattern under an ellipsis must hold a variable (else the
;; template's ellipsis has nothing to repeat): add one if it has none.
(define (with-var p fresh-var)
  (if (has-var? p) p (list p (fresh-var))))

(define (has-var? p)
  (cond ((symbol? p) (not (eq? p '...)))
        ((pair? p) (or (has-var? (car p)) (has-var? (cdr p))))
        ((vector? p) (has-var? (vector->list p)))
        (else #f)))

(define (choose-datum in depth)
  (case (choose in (if (> depth 0) 6 4))
    ((0) (choose in 100))
    ((1) (choose-string in (choose in 3)))
    ((2) (string->symbol (string-append "s" (number->string (choose in 10)))))
    ((3) (choose-char in))
    ((4) (list-tabulate (choose in 3) (lambda (i) (choose-datum in (- depth 1)))))
    (else (vector (choose-datum in (- depth 1))))))

;; A use's datum that matches pattern P.
(define (matching in p)
  (cond ((symbol? p) (choose-datum in 2))
        ((vector? p) (list->vector (matching in (vector->list p))))
        ((and (pair? p) (pair? (cdr p)) (eq? (cadr p) '...))
         (append (list-tabulate (choose in 4) (lambda (i) (matching in (car p))))
                 (matching in (cddr p))))
        ((pair? p) (cons (matching in (car p)) (matching in (cdr p))))
        (else p)))

(define (check-identity in)
  (let* ((p (choose-pattern in (+ 1 (choose in 4)) (list 0)))
         (use (matching in p))
         (defined (fuzz-try
                   (lambda ()
                     (eval `(define-syntax fuzz-m
                              (syntax-rules () ((_ ,p) ',p)))
                           env))))
         (got (fuzz-try (lambda () (eval `(fuzz-m ,use) env)))))
    (fuzz-check "defining a macro with a well-formed pattern raised"
                (not (raised? defined)) p defined)
    (fuzz-check "a macro whose template is its pattern gave another datum"
                (equal? got use) (list p use got) use)))

;;; Hostile forms.

;; A size: up to UNIT * STEPS one time in eight, else up to a
;; twentieth of that.  The big sizes take most of the budget under
;; the sanitizers: always big, the target ran one input a second.
(define (size in unit steps)
  (if (zero? (choose in 8))
      (* unit (+ 1 (choose in steps)))
      (* (quotient unit 20) (+ 1 (choose in steps)))))

(define (cyclic-list in)
  (let* ((l (list-tabulate (+ 1 (choose in 5)) (lambda (i) (choose-datum in 1))))
         (last-pair (let loop ((l l)) (if (pair? (cdr l)) (loop (cdr l)) l))))
    (set-cdr! last-pair (list-tail l (choose in (length l))))
    l))

(define (wide n x) (make-list n x))

(define (deep n)
  (let loop ((i 0) (acc 1))
    (if (= i n) acc (loop (+ i 1) (list acc)))))

(define (hostile-form in)
  (case (choose in 6)
    ((0) (cyclic-list in))
    ((1) (let ((l (list 1 2))) (set-car! l l) l))
    ((2) (wide (size in 1000 200) (choose-datum in 1)))
    ((3) (deep (size in 1000 100)))
    ((4) (list (cyclic-list in) (wide 10 1)))
    (else (matching in (choose-pattern in 3 (list 0))))))

(define (choose-template in)
  (case (choose in 4)
    ((0) (choose-pattern in 3 (list 0)))
    ((1) `(quote ,(choose-pattern in 3 (list 0))))
    ((2) `(quote ,(cyclic-list in)))
    (else `(list ,@(list-tabulate (choose in 3) (lambda (i) (choose-pattern in 2 (list 0))))))))

(define (check-hostile in)
  (case (choose in 6)
    ((0 1)
     (let ((p (choose-pattern in 3 (list 0)))
           (t (choose-template in)))
       (fuzz-try (lambda ()
                   (eval `(define-syntax fuzz-h (syntax-rules () ((_ . ,p) ,t))) env)
                   (eval (cons 'fuzz-h (hostile-form in)) env)))))
    ((2) (fuzz-try (lambda () (datum->syntax #'here (cyclic-list in)))))
    ((3) (fuzz-try
          (lambda ()
            (eval '(define-syntax fuzz-grow
                     (syntax-rules () ((_ x) (fuzz-grow (x x)))))
                  env)
            (eval '(fuzz-grow 1) env))))
    ((4) (fuzz-try (lambda () (eval (hostile-form in) env))))
    (else (fuzz-try (lambda () (eval (list 'quote (hostile-form in)) env))))))

;;; Wide core forms: the value when the evaluation finishes.

(define (check-wide in)
  (let* ((n (size in 500 60))
         (names (list-tabulate n (lambda (i) (string->symbol (string-append "v" (number->string i))))))
         (case-form (choose in 13))
         (form
          (case case-form
            ((0) `(cond ,@(wide n '(#f 1)) (else 2)))
            ((1) `(case 7 ,@(list-tabulate n (lambda (i) `((,(+ i 100)) 1))) (else 2)))
            ((2) `(and ,@(wide n 1) 2))
            ((3) `(or ,@(wide n #f) 2))
            ((4) `(let ,(map (lambda (v) `(,v 1)) names) 2))
            ((5) `(let* ,(map (lambda (v) `(,v 1)) names) 2))
            ((6) `(letrec ,(map (lambda (v) `(,v 1)) names) 2))
            ((7) `(let-values ,(map (lambda (v) `((,v) (values 1))) names) 2))
            ((8) `(let () (define-values ,names (apply values (make-list ,n 1))) 2))
            ((9) `(guard (e ,@(wide n '(#f 1)) (#t 2)) (raise 'x)))
            ((10) `(begin ,@(wide n 1) 2))
            ((11) `(vector-ref (vector ,@(wide n 1) 2) ,n))
            (else `(car (reverse (quasiquote (,@(wide n 1) 2)))))))
         (got (fuzz-try (lambda () (eval form env)))))
    (unless (raised? got)
      (fuzz-check "a wide form's value" (eqv? got 2) case-form got))))

(define (fuzz-one bv)
  (let ((in (fuzz-input bv)))
    (let loop ((n 0))
      (unless (or (input-done? in) (> n 8) (%fuzz-over?))
        (case (choose in 5)
          ((0 1) (check-identity in))
          ((2 3) (check-hostile in))
          (else (check-wide in)))
        (loop (+ n 1))))))

;;; fuzz-macros.scm ends here
