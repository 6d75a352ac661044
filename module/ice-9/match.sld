;;; (ice-9 match) -- pattern matching on the structure of data
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Guile's pattern matcher, with the semantics of the matcher by
;;; Wright, Cartwright and Shinn that Guile ships: match, match-lambda,
;;; match-lambda*, match-let, match-let*, match-letrec and match-define.
;;; The pattern language is in the manual (doc/ice-9.texi).
;;;
;;; Written for libscm as a pattern compiler: the macros' transformers
;;; call the procedures below at expansion time, which turn each clause
;;; into straight-line tests and bindings (pair?, car, cdr, vector-ref
;;; ...), the code one would write by hand.  Each clause's failure is a
;;; call of a thunk bound by letrec, (fail), in tail position
;;; everywhere it appears: the compiler contifies such a thunk (its
;;; body is compiled once and every call is a jump to it), so a
;;; failing test costs a branch, not a closure.  The body of a clause
;;; appears once in the expansion; a pattern with alternatives (or,
;;; not) puts the code that follows it in one more contified thunk.
;;; A repeated pattern (p ...) is a loop, named let, that collects the
;;; values of p's variables; (x ...) with x a variable just checks
;;; list? and binds x to the list itself.
;;;
;;; The operators of the pattern language (_, ..., quote, ?, =, and,
;;; or, not, $, set!, get!, ***, quasiquote, unquote) are recognised by
;;; binding (free-identifier=?), as syntax-rules literals are; ___ and
;;; ..k by name, since no library binds them.

;;; Code:

(define-library (ice-9 match)
  (import (libscm))
  (export match match-lambda match-lambda* match-let match-let*
          match-letrec match-define)
  (begin

    ;; The first N elements of LS, a fresh list (for ,@p with items
    ;; after it).
    (define (match-list-head ls n)
      (if (= n 0) '() (cons (car ls) (match-list-head (cdr ls) (- n 1)))))

    ;; ------------------------------------------------------------
    ;; Expansion time: recognising the pattern language.

    ;; A syntax error found while expanding is raised as a bad-syntax
    ;; record, which the transformer (reporting) turns into the
    ;; expansion (syntax-error message datum): an error placed at the
    ;; use, not in this library.
    (define-record-type bad-syntax
      (make-bad-syntax message datum)
      bad-syntax?
      (message bad-syntax-message)
      (datum bad-syntax-datum))

    (define (bad-pattern what p)
      (raise (make-bad-syntax (string-append "match: " what) (syntax->datum p))))

    (define (reporting expand)
      (lambda (form)
        (guard (e ((bad-syntax? e)
                   (with-syntax ((message (bad-syntax-message e))
                                 (datum (bad-syntax-datum e)))
                     #'(syntax-error message datum))))
          (expand form))))

    (define (id-is? x lit)
      (and (identifier? x) (free-identifier=? x lit)))

    (define (wildcard? x) (id-is? x #'_))

    ;; The least count of an ellipsis identifier (... and ___ 0, ..k
    ;; k, **1 1), or #f.  =.. and *.. (SRFI 204) take their counts
    ;; from the pattern: list-items reads them.
    (define (ellipsis-count x)
      (and (identifier? x)
           (if (or (free-identifier=? x #'(... ...)) (free-identifier=? x #'___))
               0
               (let ((s (symbol->string (syntax->datum x))))
                 (cond ((string=? s "**1") 1)
                       ((member s '("=.." "*..")) 0)
                       ((and (> (string-length s) 2)
                             (string=? (substring s 0 2) ".."))
                        (let ((n (string->number
                                  (substring s 2 (string-length s)))))
                          (and (exact-integer? n) (>= n 0) n)))
                       (else #f))))))

    ;; The operator a pattern (OP ...) starts with, as a symbol, or #f.
    (define (operator x)
      (and (identifier? x)
           (cond ((free-identifier=? x #'quote) 'quote)
                 ((free-identifier=? x #'quasiquote) 'quasiquote)
                 ((free-identifier=? x #'?) '?)
                 ((free-identifier=? x #'=) '=)
                 ((free-identifier=? x #'and) 'and)
                 ((free-identifier=? x #'or) 'or)
                 ((free-identifier=? x #'not) 'not)
                 ((free-identifier=? x #'$) '$)
                 ((free-identifier=? x #'set!) 'set!)
                 ((free-identifier=? x #'get!) 'get!)
                 (else #f))))

    (define (tree-search? x) (id-is? x #'***))

    ;; A pattern variable: an identifier that is no operator.
    (define (pattern-var? x)
      (and (identifier? x) (not (wildcard? x)) (not (ellipsis-count x))
           (not (operator x)) (not (tree-search? x))))

    (define (proper-length x)
      (let loop ((x x) (n 0))
        (cond ((null? x) n) ((pair? x) (loop (cdr x) (+ n 1))) (else #f))))

    ;; A pattern (OP args ...) with OP an operator, the forms whose
    ;; argument count fits; else #f.  A list pattern's tail may be one
    ;; of these: (a . (? pred)), which reads as (a ? pred).
    (define (operator-form p)
      (and (pair? p)
           (let ((op (operator (car p))) (n (proper-length (cdr p))))
             (and op n
                  (case op
                    ((quote quasiquote set! get!) (and (= n 1) op))
                    ((= ) (and (= n 2) op))
                    ((? $) (and (>= n 1) op))
                    (else op))))))

    (define (member-id x ids)
      (cond ((null? ids) #f)
            ((bound-identifier=? x (car ids)) ids)
            (else (member-id x (cdr ids)))))

    (define (union-ids a b)
      (cond ((null? b) a)
            ((member-id (car b) a) (union-ids a (cdr b)))
            (else (union-ids (append a (list (car b))) (cdr b)))))

    ;; A quasi-pattern as an ordinary pattern: data quoted, (unquote
    ;; p) as p; ,@p becomes a splice item (see list-items).
    (define (unquasi q)
      (cond ((and (pair? q) (id-is? (car q) #'unquote)
                  (eqv? (proper-length q) 2))
             (cadr q))
            ((pair? q)
             (cons (let ((a (car q)))
                     (if (and (pair? a) (id-is? (car a) #'unquote-splicing)
                              (eqv? (proper-length a) 2))
                         (list splice-tag (cadr a))
                         (unquasi a)))
                   (unquasi (cdr q))))
            ((vector? q) (list->vector (map unquasi (vector->list q))))
            ((ellipsis-count q) q)
            ((null? q) q)
            (else (list #'quote q))))

    ;; What marks ,@p in the pattern unquasi makes: no datum a pattern
    ;; can hold.
    (define splice-tag (string-copy "splice"))

    (define (splice-item? a)
      (and (pair? a) (eq? (car a) splice-tag)))

    ;; The items of a list pattern: (one p), (many p k) for p followed
    ;; by an ellipsis of least count k, (splice p) for ,@p; and its
    ;; tail pattern (() for a proper list).
    (define (list-items p)
      (let loop ((p p) (items '()))
        (cond ((and (pair? p) (not (operator-form p)))
               (let ((a (car p)) (d (cdr p)))
                 (cond ((and (pair? d) (ellipsis-count (car d)))
                        => (lambda (k)
                             (case (syntax->datum (car d))
                               ((=..)
                                (let ((n (counts (cdr d) 1 p)))
                                  (loop (cddr d) (cons (list 'many a n n) items))))
                               ((*..)
                                (let ((lo (counts (cdr d) 2 p)))
                                  (loop (cdddr d)
                                        (cons (list 'many a lo (syntax->datum (caddr d)))
                                              items))))
                               (else (loop (cdr d) (cons (list 'many a k #f) items))))))
                       ((ellipsis-count a)
                        (bad-pattern "ellipsis following nothing" p))
                       ((splice-item? a)
                        (loop d (cons (list 'splice (cadr a)) items)))
                       (else (loop d (cons (list 'one a) items))))))
              (else (values (reverse items) p)))))

    ;; The first of the N counts that follow =.. or *.. in L, checked.
    (define (counts l n p)
      (let check ((x l) (i 0))
        (if (< i n)
            (if (and (pair? x) (exact-integer? (syntax->datum (car x)))
                     (>= (syntax->datum (car x)) 0))
                (check (cdr x) (+ i 1))
                (bad-pattern "bad count after =.. or *.." p))))
      (syntax->datum (car l)))

    (define (pattern-vars p)
      (cond ((pattern-var? p) (list p))
            ((vector? p) (pattern-vars (vector->list p)))
            ((not (pair? p)) '())
            ((operator-form p)
             => (lambda (op)
                  (case op
                    ((quote not) '())
                    ((quasiquote) (pattern-vars (unquasi (cadr p))))
                    ((set! get!) (list (cadr p)))
                    ((? $) (pattern-vars (cddr p)))
                    ((=) (pattern-vars (caddr p)))
                    (else (pattern-vars (cdr p))))))
            ((splice-item? p) (pattern-vars (cadr p)))
            (else (union-ids (pattern-vars (car p)) (pattern-vars (cdr p))))))

    (define (temp) (car (generate-temporaries '(t))))

    (define (cons* x . more)
      (if (null? more) x (cons x (apply cons* more))))

    (define (take ls n)
      (if (= n 0) '() (cons (car ls) (take (cdr ls) (- n 1)))))

    ;; ------------------------------------------------------------
    ;; Expansion time: code generation.  (gen P V SK FK BOUND LOC)
    ;; returns code that matches pattern P against the value of
    ;; identifier V: on success the code (SK BOUND'), where BOUND' adds
    ;; P's variables to BOUND (the identifiers bound so far, which a
    ;; second occurrence compares with equal?); on failure FK, an
    ;; expression (a call) that may be copied.  LOC says where V came
    ;; from, for set! and get!: (var x), (car pair), (cdr pair), (vec
    ;; vector index) or (rec record rtd index).

    (define (literal-test d v)
      (let ((x (syntax->datum d)))
        (cond ((null? x) (list #'null? v))
              ((or (boolean? x) (symbol? x) (keyword? x))
               (list #'eq? v (list #'quote x)))
              ((or (char? x) (number? x)) (list #'eqv? v x))
              ((string? x) (list #'equal? v x))
              (else (list #'equal? v (list #'quote x))))))

    (define (literal? p)
      (let ((x (syntax->datum p)))
        (or (null? x) (boolean? x) (char? x) (number? x) (string? x)
            (keyword? x) (bytevector? x))))

    (define (gen-if test then fk)
      (list #'if test then fk))

    (define (gen p v sk fk bound loc)
      (cond
       ((wildcard? p) (sk bound))
       ((pattern-var? p)
        (if (member-id p bound)
            (gen-if (list #'equal? v p) (sk bound) fk)
            (list #'let (list (list p v)) (sk (cons p bound)))))
       ((identifier? p) (bad-pattern "misplaced operator" p))
       ((literal? p) (gen-if (literal-test p v) (sk bound) fk))
       ((vector? p) (gen-vector (vector->list p) v sk fk bound))
       ((operator-form p) => (lambda (op) (gen-operator op p v sk fk bound loc)))
       ((and (pair? p) (eqv? (proper-length p) 3) (tree-search? (cadr p)))
        (gen-tree (car p) (caddr p) v sk fk bound))
       ((pair? p)
        (call-with-values (lambda () (list-items p))
          (lambda (items tail) (gen-items items tail v sk fk bound loc))))
       (else (bad-pattern "bad pattern" p))))

    ;; P matched against EXPR, a cheap expression of the value (car x):
    ;; without a temporary when P is _, a fresh variable or a literal.
    (define (gen-on p expr sk fk bound loc)
      (cond ((wildcard? p) (sk bound))
            ((and (pattern-var? p) (not (member-id p bound)))
             (list #'let (list (list p expr)) (sk (cons p bound))))
            ((and (literal? p) (not (identifier? p)) (not (pair? p))
                  (not (vector? p)))
             (gen-if (literal-test p expr) (sk bound) fk))
            (else
             (let ((t (temp)))
               (list #'let (list (list t expr)) (gen p t sk fk bound loc))))))

    (define (gen-and ps v sk fk bound loc)
      (if (null? ps)
          (sk bound)
          (gen (car ps) v
               (lambda (b) (gen-and (cdr ps) v sk fk b loc))
               fk bound loc)))

    ;; CODE in a thunk bound by letrec, and BUILD's code given a call of
    ;; it: where CODE would otherwise be copied.
    (define (with-thunk code build)
      (let ((k (temp)))
        (list #'letrec (list (list k (list #'lambda '() code)))
              (build (list k)))))

    (define (gen-operator op p v sk fk bound loc)
      (case op
        ((quote) (gen-if (literal-test (cadr p) v) (sk bound) fk))
        ((quasiquote) (gen (unquasi (cadr p)) v sk fk bound loc))
        ((?) (gen-if (list (cadr p) v) (gen-and (cddr p) v sk fk bound loc) fk))
        ((=) (gen-on (caddr p) (list (cadr p) v) sk fk bound (list 'var v)))
        ((and) (gen-and (cdr p) v sk fk bound loc))
        ((or) (gen-or (cdr p) v sk fk bound loc))
        ((not)
         (if (null? (cdr p))
             (sk bound)
             (with-thunk (sk bound)
                         (lambda (ok)
                           (gen-and (cdr p) v (lambda (b) fk) ok bound loc)))))
        (($) (gen-record (cadr p) (cddr p) v sk fk bound))
        ((set! get!) (gen-access op (cadr p) sk bound loc))))

    ;; (or p ...): the code after it in a procedure of the variables the
    ;; alternatives bind (#f for those an alternative leaves out).
    (define (gen-or ps v sk fk bound loc)
      (cond
       ((null? ps) fk)
       ((null? (cdr ps)) (gen (car ps) v sk fk bound loc))
       (else
        (let* ((vars (let loop ((ps ps) (acc '()))
                       (if (null? ps)
                           acc
                           (loop (cdr ps)
                                 (union-ids acc
                                            (let keep ((vs (pattern-vars (car ps))))
                                              (cond ((null? vs) '())
                                                    ((member-id (car vs) bound)
                                                     (keep (cdr vs)))
                                                    (else (cons (car vs)
                                                                (keep (cdr vs)))))))))))
               (k (temp))
               (call (lambda (b)
                       (cons k (map (lambda (x) (if (member-id x b) x #f))
                                    vars)))))
          (list #'letrec
                (list (list k (cons* #'lambda vars
                                     (list (sk (append vars bound))))))
                (let alt ((ps ps))
                  (if (null? (cdr ps))
                      (gen (car ps) v call fk bound loc)
                      (with-thunk (alt (cdr ps))
                                  (lambda (next)
                                    (gen (car ps) v call next bound loc))))))))))

    (define (gen-record rtd ps v sk fk bound)
      (gen-if (list #'%record? v rtd)
              (let fields ((ps ps) (i 0) (bound bound))
                (if (null? ps)
                    (sk bound)
                    (gen-on (car ps) (list #'%record-field v rtd i)
                            (lambda (b) (fields (cdr ps) (+ i 1) b))
                            fk bound (list 'rec v rtd i))))
              fk))

    (define (gen-access op id sk bound loc)
      (let ((x (temp)))
        (list #'let
              (list (list id
                          (if (eq? op 'get!)
                              (list #'lambda '()
                                    (case (car loc)
                                      ((var) (cadr loc))
                                      ((car) (list #'car (cadr loc)))
                                      ((cdr) (list #'cdr (cadr loc)))
                                      ((vec) (list #'vector-ref (cadr loc) (caddr loc)))
                                      (else (list #'%record-ref (cadr loc) (caddr loc)
                                                  (cadddr loc) ''match))))
                              (list #'lambda (list x)
                                    (case (car loc)
                                      ((var) (list #'set! (cadr loc) x))
                                      ((car) (list #'set-car! (cadr loc) x))
                                      ((cdr) (list #'set-cdr! (cadr loc) x))
                                      ((vec) (list #'vector-set! (cadr loc) (caddr loc) x))
                                      (else (list #'%record-set! (cadr loc) (caddr loc)
                                                  (cadddr loc) x ''match)))))))
              (sk (cons id bound)))))

    ;; The items of a list pattern against V, then the tail.
    (define (gen-items items tail v sk fk bound loc)
      (cond
       ((null? items) (gen tail v sk fk bound loc))
       ((eq? (caar items) 'one)
        (gen-if (list #'pair? v)
                (gen-on (cadar items) (list #'car v)
                        (lambda (b)
                          (gen-on-list (cdr items) tail (list #'cdr v)
                                       sk fk b (list 'cdr v)))
                        fk bound (list 'car v))
                fk))
       (else (gen-repeat (car items) (cdr items) tail v sk fk bound))))

    ;; The rest of a list, the value of EXPR (cdr x).
    (define (gen-on-list items tail expr sk fk bound loc)
      (if (and (null? items) (not (pair? tail)) (not (vector? tail)))
          (gen-on tail expr sk fk bound loc)
          (let ((t (temp)))
            (list #'let (list (list t expr))
                  (gen-items items tail t sk fk bound loc)))))

    ;; (p ... rest) with p's least count K, or ,@p: the ITEMS after it
    ;; must each match one element.
    (define (gen-repeat item items tail v sk fk bound)
      (let ((p (cadr item))
            (k (if (eq? (car item) 'many) (caddr item) 0))
            (most (and (eq? (car item) 'many) (cadddr item)))
            (m (length items)))
        (for-each (lambda (it)
                    (if (not (eq? (car it) 'one))
                        (bad-pattern "two ellipses in one list" (cadr it))))
                  items)
        (cond
         ((eq? (car item) 'splice)
          (gen-splice p items m tail v sk fk bound))
         ((and (= m 0) (null? (syntax->datum tail)))
          (if (and (or (wildcard? p) (and (pattern-var? p) (not (member-id p bound))))
                   (= k 0) (not most))
              (gen-if (list #'list? v)
                      (if (wildcard? p)
                          (sk bound)
                          (list #'let (list (list p v)) (sk (cons p bound))))
                      fk)
              (gen-list-loop p k most v sk fk bound)))
         (else (gen-counted-loop p k most items m tail v sk fk bound)))))

    ;; The test that count N (code) lies between K and MOST (or no
    ;; more than that if MOST is #f), both plus OFFSET.
    (define (count-test n k most offset)
      (let ((low (list #'>= n (+ k offset))))
        (if most
            (list #'and low (list #'<= n (+ most offset)))
            low)))

    ;; The end of a repetition: VARS bound to what their accumulators
    ;; ACCS collected (through REVERSE? or not), those already in BOUND
    ;; compared with equal? instead; then (SK BOUND').
    (define (repeat-exit vars accs reverse? bound sk fk)
      (let loop ((vs vars) (as accs) (binds '()) (tests '()))
        (if (null? vs)
            (let ((body (sk (append vars bound))))
              (list #'let (reverse binds)
                    (if (null? tests)
                        body
                        (gen-if (cons #'and tests) body fk))))
            (let ((value (if reverse? (list #'reverse (car as)) (car as))))
              (if (member-id (car vs) bound)
                  (loop (cdr vs) (cdr as) binds
                        (cons (list #'equal? (car vs) value) tests))
                  (loop (cdr vs) (cdr as) (cons (list (car vs) value) binds)
                        tests))))))

    ;; The collecting loop's parts: P's variables, their accumulators.
    (define (loop-parts p)
      (let ((vars (pattern-vars p)))
        (values vars (map (lambda (x) (temp)) vars))))

    ;; (p ...) or (p ..k) ending a proper list: walk it to its end.
    (define (gen-list-loop p k most v sk fk bound)
      (call-with-values (lambda () (loop-parts p))
        (lambda (vars accs)
          (let ((loop (temp)) (l (temp)) (i (temp)))
            (list #'let loop
                  (cons* (list l v) (list i 0)
                         (map (lambda (a) (list a ''())) accs))
                  (list #'cond
                        (list (list #'null? l)
                              (gen-if (count-test i k most 0)
                                      (repeat-exit vars accs #t bound sk fk)
                                      fk))
                        (list (list #'pair? l)
                              (gen-on p (list #'car l)
                                      (lambda (b)
                                        (cons* loop (list #'cdr l)
                                               (list #'+ i 1)
                                               (map (lambda (x a) (list #'cons x a))
                                                    vars accs)))
                                      fk '() (list 'car l)))
                        (list #'else fk)))))))

    ;; The count of pairs in a chain: the code binding N to it.
    (define (count-pairs v n body)
      (let ((loop (temp)) (l (temp)) (c (temp)))
        (list #'let
              (list (list n (list #'let loop (list (list l v) (list c 0))
                                  (list #'if (list #'pair? l)
                                        (list loop (list #'cdr l) (list #'+ c 1))
                                        c))))
              body)))

    ;; (p ... q ...) or a dotted tail: count the pairs, repeat p on all
    ;; but the last M elements.
    (define (gen-counted-loop p k most items m tail v sk fk bound)
      (call-with-values (lambda () (loop-parts p))
        (lambda (vars accs)
          (let ((n (temp)) (loop (temp)) (l (temp)) (i (temp)))
            (count-pairs
             v n
             (gen-if
              (count-test n k most m)
              (list #'let loop
                    (cons* (list l v) (list i (list #'- n m))
                           (map (lambda (a) (list a ''())) accs))
                    (list #'if (list #'eq? i 0)
                          (repeat-exit vars accs #t bound
                                       (lambda (b)
                                         (gen-items items tail l sk fk b (list 'var l)))
                                       fk)
                          (gen-on p (list #'car l)
                                  (lambda (b)
                                    (cons* loop (list #'cdr l) (list #'- i 1)
                                           (map (lambda (x a) (list #'cons x a))
                                                vars accs)))
                                  fk '() (list 'car l))))
              fk))))))

    ;; ,@p then M single items: p matches the list of the elements
    ;; before the last M.
    (define (gen-splice p items m tail v sk fk bound)
      (if (and (= m 0) (null? (syntax->datum tail)))
          (gen-if (list #'list? v) (gen p v sk fk bound (list 'var v)) fk)
          (let ((n (temp)) (t (temp)) (rest (temp)))
            (count-pairs
             v n
             (gen-if (list #'>= n m)
                     (list #'let (list (list t (list #'match-list-head v (list #'- n m)))
                                       (list rest (list #'list-tail v (list #'- n m))))
                           (gen p t
                                (lambda (b) (gen-items items tail rest sk fk b
                                                       (list 'var rest)))
                                fk bound (list 'var t)))
                     fk)))))

    ;; A vector pattern: elements by index, an ellipsis as a loop down
    ;; the indexes between the items before and after it.
    (define (gen-vector ps v sk fk bound)
      (call-with-values (lambda () (list-items ps))
        (lambda (items tail)
          (let* ((len (temp))
                 (before (let count ((its items) (n 0))
                           (if (or (null? its) (not (eq? (caar its) 'one)))
                               n
                               (count (cdr its) (+ n 1)))))
                 (rep (and (< before (length items)) (list-ref items before)))
                 (after (if rep (list-tail items (+ before 1)) '()))
                 (m (length after)))
            (define (elements its start bound k)
              (if (null? its)
                  (k bound)
                  (gen-on (cadar its) (list #'vector-ref v start)
                          (lambda (b)
                            (elements (cdr its) (if (pair? start)
                                                    (list #'+ start 1)
                                                    (+ start 1))
                                      b k))
                          fk bound (list 'vec v start))))
            (if (and rep (not (eq? (car rep) 'many)))
                (bad-pattern "bad vector pattern" (cadr rep)))
            (for-each (lambda (it)
                        (if (not (eq? (car it) 'one))
                            (bad-pattern "two ellipses in one vector" (cadr it))))
                      after)
            (gen-if
             (list #'vector? v)
             (list #'let (list (list len (list #'vector-length v)))
                   (gen-if
                    (if rep
                        (count-test len (caddr rep) (cadddr rep) (+ before m))
                        (list #'eq? len before))
                    (elements
                     (take items before) 0 bound
                     (lambda (bound)
                       (if rep
                           (gen-vector-loop (cadr rep) v len before after m
                                            sk fk bound elements)
                           (sk bound))))
                    fk))
             fk)))))

    (define (gen-vector-loop p v len before after m sk fk bound elements)
      (call-with-values (lambda () (loop-parts p))
        (lambda (vars accs)
          (let ((loop (temp)) (i (temp)))
            (list #'let loop
                  (cons (list i (list #'- len (+ m 1)))
                        (map (lambda (a) (list a ''())) accs))
                  (list #'if (list #'< i before)
                        (repeat-exit vars accs #f bound
                                     (lambda (b) (elements after (list #'- len m) b sk))
                                     fk)
                        (gen-on p (list #'vector-ref v i)
                                (lambda (b)
                                  (cons* loop (list #'- i 1)
                                         (map (lambda (x a) (list #'cons x a))
                                              vars accs)))
                                fk '() (list 'vec v i))))))))

    ;; (p *** q): q somewhere in the tree, p matching the head of each
    ;; list on the way there; p's variables are bound to lists (the
    ;; path), q's to what q matched.  A search that backtracks: a
    ;; recursive procedure that returns the values of the variables in
    ;; a list, or #f.
    (define (gen-tree p q v sk fk bound)
      (call-with-values (lambda () (loop-parts p))
        (lambda (pvars accs)
          (let ((qvars (pattern-vars q))
                (search (temp)) (x (temp)) (kids (temp)) (walk (temp))
                (r (temp)) (hd (temp)))
            (let ((all (append pvars qvars)))
              (list #'letrec
                    (list
                     (list search
                           (list #'lambda (cons x accs)
                                 (with-thunk
                                  (list #'if (list #'pair? x)
                                        (list #'let (list (list hd (list #'car x)))
                                              (gen p hd
                                                   (lambda (b)
                                                     (list #'let walk (list (list kids (list #'cdr x)))
                                                           (list #'if (list #'pair? kids)
                                                                 (list #'or
                                                                       (cons* search (list #'car kids)
                                                                              (map (lambda (y a) (list #'cons y a))
                                                                                   pvars accs))
                                                                       (list walk (list #'cdr kids)))
                                                                 #f)))
                                                   #f '() (list 'car x)))
                                        #f)
                                  (lambda (descend)
                                    (gen q x
                                         (lambda (b)
                                           (cons #'list
                                                 (append (map (lambda (a) (list #'reverse a)) accs)
                                                         qvars)))
                                         descend '() (list 'var x)))))))
                    (list #'let (list (list r (cons* search v (map (lambda (a) ''()) accs))))
                          (gen-if r
                                  (let bind ((vs all) (r r))
                                    (if (null? vs)
                                        (sk (append all bound))
                                        (let ((rest (temp)))
                                          (list #'let (list (list (car vs) (list #'car r))
                                                            (list rest (list #'cdr r)))
                                                (bind (cdr vs) rest)))))
                                  fk))))))))

    ;; ------------------------------------------------------------
    ;; The clauses of a match on the value of V: each clause's failure
    ;; goes to the next; after the last, the error.

    (define (failure-name clause)
      (let ((rest (cdr clause)))
        (and (pair? rest) (pair? (car rest))
             (id-is? (caar rest) #'=>)
             (eqv? (proper-length (car rest)) 2)
             (cadar rest))))

    (define (gen-clauses clauses v loc)
      (if (null? clauses)
          ;; Raised from the expansion, so that the error's location
          ;; is the match, not this library.
          (list #'error "match: no matching pattern" v)
          (let* ((clause (if (and (pair? (car clauses)) (list? (car clauses)))
                             (car clauses)
                             (bad-pattern "bad clause (expected (pattern body ...))"
                                          (car clauses))))
                 (fname (failure-name clause))
                 (body (if fname (cddr clause) (cdr clause)))
                 (rest (gen-clauses (cdr clauses) v loc))
                 (match-code (lambda (fk)
                               (gen (car clause) v
                                    (lambda (b) (cons* #'let '() body))
                                    fk '() loc))))
            (if (null? body)
                (bad-pattern "a clause without a body" clause))
            (cond (fname
                   (list #'let (list (list fname (list #'lambda '() rest)))
                         (match-code (list fname))))
                  ((null? (cdr clauses)) (match-code rest))
                  (else (with-thunk rest match-code))))))

    (define (expand-match form)
      (let ((n (proper-length form)))
        (if (or (not n) (< n 3))
            (bad-pattern "bad syntax (expected (match expression clause ...))" form))
        (let ((e (cadr form)) (v (temp)))
          (list #'let (list (list v e))
                (gen-clauses (cddr form) v
                             (if (identifier? e) (list 'var e) (list 'var v)))))))

    ;; match-define: the variables of a pattern, defined from a match.
    (define (expand-match-define form)
      (if (not (eqv? (proper-length form) 3))
          (bad-pattern "bad syntax (expected (match-define pattern expression))"
                       form))
      (let ((vars (pattern-vars (cadr form))))
        (list #'define-values vars
              (list #'match (caddr form)
                    (list (cadr form) (cons #'values vars))))))

;; match-letrec: the variables first (#f), visible to the
    ;; expressions; then the matches, whose values a procedure of the
    ;; outer scope stores into them; then the body, in that scope.
    (define (expand-match-letrec form)
      (let ((n (proper-length form)))
        (if (or (not n) (< n 3) (not (list? (cadr form)))
                (memv #f (map (lambda (s) (eqv? (proper-length s) 2)) (cadr form))))
            (bad-pattern
             "bad syntax (expected (match-letrec ((pattern expression) ...) body ...))"
             form))
        (let* ((specs (cadr form))
               (vars (let loop ((specs specs) (acc '()))
                       (if (null? specs)
                           acc
                           (loop (cdr specs)
                                 (union-ids acc (pattern-vars (caar specs)))))))
               (temps (map (lambda (x) (temp)) vars))
               (store (temp)))
          (list #'let (map (lambda (x) (list x #f)) vars)
                (list #'let (list (list store
                                        (cons* #'lambda temps
                                               (append (map (lambda (x t) (list #'set! x t))
                                                            vars temps)
                                                       (list #t)))))
                      (list #'match-let specs (cons store vars)))
                (cons* #'let '() (cddr form))))))

    ;; ------------------------------------------------------------
    ;; The macros.

    (define-syntax match
      (reporting expand-match))

    (define-syntax match-lambda
      (syntax-rules ()
        ((_ clause ...) (lambda (x) (match x clause ...)))))

    (define-syntax match-lambda*
      (syntax-rules ()
        ((_ clause ...) (lambda x (match x clause ...)))))

    (define-syntax match-let
      (syntax-rules ()
        ((_ ((pat e) ...) body ...)
         (match-let-values () ((pat e) ...) body ...))
        ((_ name ((pat e) ...) body ...)
         (match-let-named name () ((pat e) ...) body ...))))

    ;; A named match-let: a loop whose parameters (one temporary for
    ;; each pattern) are matched in its body.
    (define-syntax match-let-named
      (syntax-rules ()
        ((_ name ((t p e) ...) () body ...)
         (let name ((t e) ...)
           (match-let ((p t) ...) body ...)))
        ((_ name (tpe ...) ((p e) more ...) body ...)
         (match-let-named name (tpe ... (t p e)) (more ...) body ...))))

    ;; (match-let-values ((temp pat) ...) ((pat e) ...) body ...):
    ;; every expression evaluated first (as let does), then matched.
    (define-syntax match-let-values
      (syntax-rules ()
        ((_ ((t p) ...) () body ...)
         (match-let-nest ((t p) ...) body ...))
        ((_ (tp ...) ((p e) more ...) body ...)
         (let ((t e))
           (match-let-values (tp ... (t p)) (more ...) body ...)))))

    (define-syntax match-let-nest
      (syntax-rules ()
        ((_ () body ...) (let () body ...))
        ((_ ((t p) more ...) body ...)
         (match t (p (match-let-nest (more ...) body ...))))))

    (define-syntax match-let*
      (syntax-rules ()
        ((_ () body ...) (let () body ...))
        ((_ ((p e) more ...) body ...)
         (match e (p (match-let* (more ...) body ...))))))

    (define-syntax match-letrec
      (reporting expand-match-letrec))

    (define-syntax match-define
      (reporting expand-match-define))))

;;; match.sld ends here
